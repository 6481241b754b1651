// SPDX-License-Identifier: Apache-2.0
#include "rankmappingdialog.h"

#include "common/statuscolors.h"
#include "common/viewstate.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QShowEvent>
#include <QTableWidget>
#include <QVBoxLayout>

namespace profscope {

namespace {

QString rankName(const RankInfo& info, int index)
{
    if (info.rankId >= 0)
        return RankMappingDialog::tr("rank %1").arg(info.rankId);
    return info.displayName.isEmpty() ? RankMappingDialog::tr("rank #%1").arg(index) : info.displayName;
}

} // namespace

RankMappingDialog::RankMappingDialog(ViewState* state, QWidget* parent)
    : QDialog(parent)
    , m_state(state)
    , m_heading(new QLabel(this))
    , m_table(new QTableWidget(this))
    , m_text(new QLineEdit(this))
    , m_error(new QLabel(this))
    , m_byRankId(new QPushButton(tr("By Rank Id"), this))
{
    setObjectName(QStringLiteral("rankMappingDialog"));
    setWindowTitle(tr("Rank Mapping"));
    setModal(false);
    setSizeGripEnabled(true);

    auto* layout = new QVBoxLayout(this);
    m_heading->setWordWrap(true);
    layout->addWidget(m_heading);

    m_table->setObjectName(QStringLiteral("rankMappingTable"));
    m_table->setColumnCount(3);
    m_table->setHorizontalHeaderLabels({ tr("Base rank"), tr("Host"), tr("Comparison rank") });
    m_table->verticalHeader()->hide();
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    layout->addWidget(m_table, 1);

    auto* textLabel = new QLabel(tr("As text (base rank id:comparison rank id, comma-separated):"), this);
    textLabel->setBuddy(m_text);
    layout->addWidget(textLabel);
    m_text->setObjectName(QStringLiteral("rankMappingText"));
    m_text->setPlaceholderText(tr("e.g. 0:0,1:0"));
    m_text->setClearButtonEnabled(true);
    layout->addWidget(m_text);
    m_error->setObjectName(QStringLiteral("rankMappingError"));
    m_error->setWordWrap(true);
    QPalette errorPalette = m_error->palette();
    errorPalette.setColor(QPalette::WindowText, severityColor(ImportMessage::Error, palette()));
    m_error->setPalette(errorPalette);
    m_error->hide();
    layout->addWidget(m_error);

    auto* buttons =
        new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Apply | QDialogButtonBox::Cancel, this);
    m_byRankId->setObjectName(QStringLiteral("byRankIdButton"));
    m_byRankId->setToolTip(
        tr("Pair equal rank ids; ranks left over in order, round-robin when the comparison run is smaller"));
    buttons->addButton(m_byRankId, QDialogButtonBox::ResetRole);
    layout->addWidget(buttons);

    connect(m_byRankId, &QPushButton::clicked, this, &RankMappingDialog::resetByRankId);
    connect(buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, &RankMappingDialog::apply);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (apply())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_text, &QLineEdit::textEdited, this, &RankMappingDialog::onTextEdited);
    if (m_state)
        connect(m_state, &ViewState::rankMappingChanged, this, [this] {
            if (isVisible())
                reload();
        });
    resize(560, 480);
    reload();
}

void RankMappingDialog::showEvent(QShowEvent* event)
{
    reload();
    QDialog::showEvent(event);
}

void RankMappingDialog::reload()
{
    const ProfilePtr base = m_state ? m_state->profile() : nullptr;
    const ProfilePtr other = m_state ? m_state->comparisonProfile() : nullptr;
    if (base && other)
        m_heading->setText(tr("Base run: %1 (%n rank(s))", nullptr, int(base->ranks.size())).arg(base->rootPath)
            + QLatin1Char('\n')
            + tr("Comparison run: %1 (%n rank(s))", nullptr, int(other->ranks.size())).arg(other->rootPath));
    else
        m_heading->setText(tr("No comparison run is loaded (File → Compare With…)."));
    fillTable();
    setEdited(m_state ? m_state->rankMapping() : RankMapping());
}

void RankMappingDialog::fillTable()
{
    const QScopedValueRollback<bool> guard(m_updating, true);
    const ProfilePtr base = m_state ? m_state->profile() : nullptr;
    const ProfilePtr other = m_state ? m_state->comparisonProfile() : nullptr;
    const int rows = base && other ? int(base->ranks.size()) : 0;
    m_table->setRowCount(rows);
    for (int i = 0; i < rows; ++i) {
        const RankInfo& info = base->ranks[std::size_t(i)]->info;
        m_table->setItem(i, 0, new QTableWidgetItem(rankName(info, i)));
        m_table->setItem(i, 1, new QTableWidgetItem(info.host.isEmpty() ? tr("—") : info.host));
        auto* combo = new QComboBox(m_table);
        combo->addItem(tr("none"), -1);
        for (std::size_t j = 0; j < other->ranks.size(); ++j) {
            const RankInfo& o = other->ranks[j]->info;
            const QString label =
                o.host.isEmpty() ? rankName(o, int(j)) : tr("%1 · %2").arg(rankName(o, int(j)), o.host);
            combo->addItem(label, int(j));
        }
        connect(combo, &QComboBox::currentIndexChanged, this, [this, i, combo] {
            if (m_updating)
                return;
            RankMapping edited = m_mapping;
            edited.set(i, combo->currentData().toInt());
            setEdited(edited);
        });
        m_table->setCellWidget(i, 2, combo);
    }
}

void RankMappingDialog::setEdited(const RankMapping& mapping)
{
    const QScopedValueRollback<bool> guard(m_updating, true);
    m_mapping = mapping;
    const ProfilePtr base = m_state ? m_state->profile() : nullptr;
    const ProfilePtr other = m_state ? m_state->comparisonProfile() : nullptr;
    for (int i = 0; i < m_table->rowCount(); ++i)
        if (auto* combo = qobject_cast<QComboBox*>(m_table->cellWidget(i, 2)))
            combo->setCurrentIndex(std::max(0, combo->findData(m_mapping.otherFor(i))));
    if (base && other)
        m_text->setText(m_mapping.toText(*base, *other));
    m_textValid = true;
    m_error->hide();
}

void RankMappingDialog::onTextEdited()
{
    const ProfilePtr base = m_state ? m_state->profile() : nullptr;
    const ProfilePtr other = m_state ? m_state->comparisonProfile() : nullptr;
    if (!base || !other)
        return;
    QString error;
    const RankMapping parsed = RankMapping::parse(m_text->text(), *base, *other, &error);
    m_textValid = error.isEmpty();
    m_error->setText(error);
    m_error->setVisible(!m_textValid);
    if (!m_textValid)
        return;
    // The table follows the text; the text stays as typed.
    const QScopedValueRollback<bool> guard(m_updating, true);
    m_mapping = parsed;
    for (int i = 0; i < m_table->rowCount(); ++i)
        if (auto* combo = qobject_cast<QComboBox*>(m_table->cellWidget(i, 2)))
            combo->setCurrentIndex(std::max(0, combo->findData(m_mapping.otherFor(i))));
}

void RankMappingDialog::resetByRankId()
{
    const ProfilePtr base = m_state ? m_state->profile() : nullptr;
    const ProfilePtr other = m_state ? m_state->comparisonProfile() : nullptr;
    if (base && other)
        setEdited(RankMapping::byRankId(*base, *other));
}

bool RankMappingDialog::apply()
{
    if (!m_textValid) {
        m_error->show();
        return false;
    }
    if (m_state)
        m_state->setRankMapping(m_mapping);
    return true;
}

} // namespace profscope
