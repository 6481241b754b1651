// SPDX-License-Identifier: Apache-2.0
#include "colorrulesdialog.h"

#include "common/statuscolors.h"
#include "parse/inputfile.h"
#include "timelinecolors.h"

#include <QCheckBox>
#include <QColorDialog>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QSaveFile>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace profscope {

namespace {

// Well separated tones for new rules, so that two new rules never look alike.
const QRgb kNewRuleColors[] = { 0xd62728, 0x2ca02c, 0x9467bd, 0xe377c2, 0x17becf, 0xbcbd22, 0x8c564b, 0xff7f0e };

QIcon swatch(const QColor& color)
{
    QPixmap pm(28, 14);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.fillRect(pm.rect(), color);
    p.setPen(color.darker(150));
    p.drawRect(pm.rect().adjusted(0, 0, -1, -1));
    return QIcon(pm);
}

} // namespace

ColorRulesDialog::ColorRulesDialog(ColorRules& rules, QWidget* parent)
    : QDialog(parent)
    , m_rules(rules)
    , m_original(rules.rules())
    , m_edited(rules.rules())
{
    setObjectName(QStringLiteral("colorRulesDialog"));
    setWindowTitle(tr("Timeline Colour Rules"));
    auto* intro = new QLabel(tr("Slices whose name matches a pattern (a regular expression, case-insensitive, found "
                                "anywhere in the name) or whose family is a category are drawn in the rule's colour. "
                                "The first enabled rule that matches wins; other slices keep their family colour."),
        this);
    intro->setWordWrap(true);

    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setObjectName(QStringLiteral("colorRulesTable"));
    m_table->setHorizontalHeaderLabels({ tr("On"), tr("Kind"), tr("Pattern or category"), tr("Colour") });
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 14);
    m_table->horizontalHeader()->setSectionResizeMode(EnabledColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(KindColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(PatternColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(ColorColumn, QHeaderView::ResizeToContents);
    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (!m_filling && item->column() == EnabledColumn)
            setRuleEnabled(item->row(), item->checkState() == Qt::Checked);
    });

    auto* add = new QPushButton(tr("Add"), this);
    m_remove = new QPushButton(tr("Remove"), this);
    m_up = new QPushButton(tr("Move Up"), this);
    m_down = new QPushButton(tr("Move Down"), this);
    auto* import = new QPushButton(tr("Import..."), this);
    m_export = new QPushButton(tr("Export..."), this);
    import->setToolTip(tr("Replace these rules by those of a JSON file"));
    m_export->setToolTip(tr("Save these rules as a JSON file, to share them or use them on another machine"));
    connect(add, &QPushButton::clicked, this, &ColorRulesDialog::addRule);
    connect(m_remove, &QPushButton::clicked, this, [this] { removeRule(currentRow()); });
    connect(m_up, &QPushButton::clicked, this, [this] { moveRule(currentRow(), -1); });
    connect(m_down, &QPushButton::clicked, this, [this] { moveRule(currentRow(), +1); });
    connect(import, &QPushButton::clicked, this, &ColorRulesDialog::importInteractive);
    connect(m_export, &QPushButton::clicked, this, &ColorRulesDialog::exportInteractive);
    connect(m_table, &QTableWidget::currentCellChanged, this, &ColorRulesDialog::updateProblems);
    auto* side = new QVBoxLayout;
    for (QPushButton* b : { add, m_remove, m_up, m_down })
        side->addWidget(b);
    side->addStretch(1);
    side->addWidget(import);
    side->addWidget(m_export);

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("colorRulesMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Try a name: which rule wins, before looking for the slice on the timeline.
    m_tryName = new QLineEdit(this);
    m_tryName->setObjectName(QStringLiteral("colorRulesTryName"));
    m_tryName->setPlaceholderText(tr("a slice name, e.g. aclnnMatmul_MatMulCommon_MatMulV2"));
    m_tryName->setClearButtonEnabled(true);
    m_tryFamily = new QComboBox(this);
    for (SliceClass c : ColorRules::categories())
        m_tryFamily->addItem(TimelineColors::className(c), int(c));
    m_tryFamily->setToolTip(
        tr("The family of the slice: set from its name, change it for host lanes or device task types"));
    m_tryResult = new QLabel(this);
    m_tryResult->setMinimumWidth(180);
    connect(m_tryName, &QLineEdit::textEdited, this, [this](const QString& text) {
        // The family the timeline would most likely give a slice of this name.
        m_tryFamily->setCurrentIndex(
            std::max(0, m_tryFamily->findData(int(TimelineColors::classifyName(text.toStdString())))));
        updateTry();
    });
    connect(m_tryFamily, &QComboBox::activated, this, &ColorRulesDialog::updateTry);
    auto* tryRow = new QHBoxLayout;
    tryRow->addWidget(new QLabel(tr("Try:"), this));
    tryRow->addWidget(m_tryName, 1);
    tryRow->addWidget(new QLabel(tr("as"), this));
    tryRow->addWidget(m_tryFamily);
    tryRow->addWidget(m_tryResult);

    m_preview = new QCheckBox(tr("Live preview"), this);
    m_preview->setToolTip(tr("Show the edited rules on the timeline at once"));
    m_preview->setChecked(true);
    connect(m_preview, &QCheckBox::toggled, this, &ColorRulesDialog::applyPreview);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_preview);
    bottom->addStretch(1);
    bottom->addWidget(buttons);

    auto* middle = new QHBoxLayout;
    middle->addWidget(m_table, 1);
    middle->addLayout(side);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(middle, 1);
    layout->addWidget(m_message);
    layout->addLayout(tryRow);
    layout->addLayout(bottom);
    resize(720, 420);
    rebuildTable();
    updateProblems();
}

void ColorRulesDialog::setEditedRules(const std::vector<ColorRule>& rules)
{
    m_edited = rules;
    rebuildTable();
    edited();
}

void ColorRulesDialog::rebuildTable()
{
    const int current = currentRow();
    m_filling = true;
    m_table->setRowCount(int(m_edited.size()));
    for (int row = 0; row < int(m_edited.size()); ++row)
        fillRow(row);
    m_filling = false;
    if (!m_edited.empty())
        m_table->setCurrentCell(std::clamp(current, 0, int(m_edited.size()) - 1), PatternColumn);
}

void ColorRulesDialog::fillRow(int row)
{
    const ColorRule& r = m_edited[std::size_t(row)];
    const bool wasFilling = m_filling;
    m_filling = true;
    auto* on = new QTableWidgetItem;
    on->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
    on->setCheckState(r.enabled ? Qt::Checked : Qt::Unchecked);
    on->setToolTip(tr("Use this rule"));
    m_table->setItem(row, EnabledColumn, on);

    auto* kind = new QComboBox(m_table);
    kind->addItem(tr("Name matches"), int(ColorRule::Kind::Regex));
    kind->addItem(tr("Category is"), int(ColorRule::Kind::Category));
    kind->setCurrentIndex(r.kind == ColorRule::Kind::Regex ? 0 : 1);
    connect(kind, &QComboBox::activated, this,
        [this, row, kind](int) { setRuleKind(row, ColorRule::Kind(kind->currentData().toInt())); });
    m_table->setCellWidget(row, KindColumn, kind);

    fillPatternCell(row);
    auto* color = new QToolButton(m_table);
    color->setAutoRaise(true);
    color->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    color->setToolTip(tr("Choose the colour of this rule"));
    connect(color, &QToolButton::clicked, this, [this, row] { chooseColor(row); });
    m_table->setCellWidget(row, ColorColumn, color);
    updateColorCell(row);
    m_filling = wasFilling;
}

void ColorRulesDialog::fillPatternCell(int row)
{
    const ColorRule& r = m_edited[std::size_t(row)];
    if (r.kind == ColorRule::Kind::Regex) {
        auto* edit = new QLineEdit(r.pattern, m_table);
        edit->setPlaceholderText(tr("e.g. ^MatMul|Conv2D"));
        edit->setFrame(false);
        connect(edit, &QLineEdit::textEdited, this, [this, row](const QString& text) { setRulePattern(row, text); });
        m_table->setCellWidget(row, PatternColumn, edit);
    } else {
        auto* category = new QComboBox(m_table);
        for (SliceClass c : ColorRules::categories())
            category->addItem(TimelineColors::className(c), ColorRules::categoryKey(c));
        category->setCurrentIndex(std::max(0, category->findData(r.pattern)));
        connect(category, &QComboBox::activated, this,
            [this, row, category](int) { setRulePattern(row, category->currentData().toString()); });
        m_table->setCellWidget(row, PatternColumn, category);
    }
}

void ColorRulesDialog::updateColorCell(int row)
{
    const QColor color = m_edited[std::size_t(row)].color;
    if (auto* button = qobject_cast<QToolButton*>(m_table->cellWidget(row, ColorColumn))) {
        button->setIcon(swatch(color));
        button->setText(color.name());
    }
}

int ColorRulesDialog::currentRow() const
{
    return m_table->currentRow();
}

void ColorRulesDialog::addRule()
{
    ColorRule r;
    r.kind = ColorRule::Kind::Regex;
    r.color = QColor::fromRgb(kNewRuleColors[m_edited.size() % std::size(kNewRuleColors)]);
    m_edited.push_back(r);
    rebuildTable();
    const int row = int(m_edited.size()) - 1;
    m_table->setCurrentCell(row, PatternColumn);
    if (QWidget* edit = m_table->cellWidget(row, PatternColumn))
        edit->setFocus();
    edited();
}

void ColorRulesDialog::removeRule(int row)
{
    if (row < 0 || row >= int(m_edited.size()))
        return;
    m_edited.erase(m_edited.begin() + row);
    rebuildTable();
    edited();
}

void ColorRulesDialog::moveRule(int row, int delta)
{
    const int to = row + delta;
    if (row < 0 || row >= int(m_edited.size()) || to < 0 || to >= int(m_edited.size()))
        return;
    std::swap(m_edited[std::size_t(row)], m_edited[std::size_t(to)]);
    rebuildTable();
    m_table->setCurrentCell(to, PatternColumn);
    edited();
}

void ColorRulesDialog::setRuleKind(int row, ColorRule::Kind kind)
{
    ColorRule& r = m_edited[std::size_t(row)];
    if (r.kind == kind)
        return;
    r.kind = kind;
    // A category rule starts on the family most users recolour; a regex rule empty.
    r.pattern = kind == ColorRule::Kind::Category ? ColorRules::categoryKey(SliceClass::Communication) : QString();
    // Only the pattern cell: this runs from the kind combo box's own signal.
    fillPatternCell(row);
    edited();
}

void ColorRulesDialog::setRulePattern(int row, const QString& pattern)
{
    m_edited[std::size_t(row)].pattern = pattern;
    // The line edit keeps its text (and the cursor): no refill.
    if (auto* edit = qobject_cast<QLineEdit*>(m_table->cellWidget(row, PatternColumn)); edit && edit->text() != pattern)
        edit->setText(pattern);
    edited();
}

void ColorRulesDialog::setRuleColor(int row, const QColor& color)
{
    if (!color.isValid())
        return;
    m_edited[std::size_t(row)].color = QColor(color.rgb()); // "#rrggbb": no alpha
    updateColorCell(row);
    edited();
}

void ColorRulesDialog::setRuleEnabled(int row, bool on)
{
    m_edited[std::size_t(row)].enabled = on;
    if (QTableWidgetItem* item = m_table->item(row, EnabledColumn); item && (item->checkState() == Qt::Checked) != on) {
        m_filling = true;
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
        m_filling = false;
    }
    edited();
}

void ColorRulesDialog::chooseColor(int row)
{
    const QColor c =
        QColorDialog::getColor(m_edited[std::size_t(row)].color, this, tr("Colour of Rule %1").arg(row + 1));
    if (c.isValid())
        setRuleColor(row, c);
}

QString ColorRulesDialog::problems() const
{
    QStringList lines;
    for (std::size_t i = 0; i < m_edited.size(); ++i) {
        const QString p = ColorRules::problem(m_edited[i]);
        if (!p.isEmpty())
            lines << tr("Rule %1: %2").arg(i + 1).arg(p);
    }
    return lines.join(QLatin1Char('\n'));
}

void ColorRulesDialog::edited()
{
    updateProblems();
    updateTry();
    applyPreview();
}

void ColorRulesDialog::updateProblems()
{
    const QString text = problems();
    const QColor error = severityColor(ImportMessage::Severity::Error, palette());
    for (int row = 0; row < int(m_edited.size()); ++row) {
        const QString p = ColorRules::problem(m_edited[std::size_t(row)]);
        if (auto* edit = qobject_cast<QLineEdit*>(m_table->cellWidget(row, PatternColumn))) {
            // The faulty pattern itself is marked, not only the message below.
            QPalette pal = m_table->palette();
            if (!p.isEmpty())
                pal.setColor(QPalette::Text, error);
            edit->setPalette(pal);
            edit->setToolTip(
                p.isEmpty() ? tr("A regular expression, case-insensitive, found anywhere in the name") : p);
        }
    }
    QPalette messagePalette = palette();
    if (text.isEmpty()) {
        m_message->setText(m_edited.empty() ? tr("No rules: every slice has its family colour. Add one to start.")
                                            : tr("%n rule(s); the first enabled one that matches a slice colours it.",
                                                nullptr, int(m_edited.size())));
    } else {
        m_message->setText(text);
        messagePalette.setColor(QPalette::WindowText, error);
    }
    m_message->setPalette(messagePalette);
    m_ok->setEnabled(text.isEmpty());
    m_export->setEnabled(text.isEmpty() && !m_edited.empty());
    const int row = currentRow();
    m_remove->setEnabled(row >= 0);
    m_up->setEnabled(row > 0);
    m_down->setEnabled(row >= 0 && row + 1 < int(m_edited.size()));
}

int ColorRulesDialog::tryName(const QString& name, SliceClass family)
{
    ColorRules rules;
    if (!rules.setRules(m_edited))
        return -2;
    const QByteArray utf8 = name.toUtf8();
    return rules.match(std::string_view(utf8.constData(), std::size_t(utf8.size())), family);
}

void ColorRulesDialog::updateTry()
{
    if (m_tryName->text().isEmpty()) {
        m_tryResult->clear();
        return;
    }
    const int rule = tryName(m_tryName->text(), SliceClass(m_tryFamily->currentData().toInt()));
    if (rule == -2) {
        m_tryResult->setText(tr("fix the rules first"));
    } else if (rule == -1) {
        m_tryResult->setText(tr("no rule: its family colour"));
    } else {
        const QColor c = m_edited[std::size_t(rule)].color;
        m_tryResult->setText(tr("<span style=\"background-color:%1\">&nbsp;&nbsp;&nbsp;&nbsp;</span> rule %2")
                                 .arg(c.name())
                                 .arg(rule + 1));
    }
}

void ColorRulesDialog::setLivePreview(bool on)
{
    m_preview->setChecked(on);
}

void ColorRulesDialog::applyPreview()
{
    // While a rule is invalid the timeline keeps the last valid preview.
    const std::vector<ColorRule>& wanted = m_preview->isChecked() ? m_edited : m_original;
    if (m_rules.rules() == wanted)
        return;
    if (m_rules.setRules(wanted))
        emit rulesApplied();
}

void ColorRulesDialog::done(int result)
{
    if (result == QDialog::Accepted) {
        if (!problems().isEmpty())
            return; // OK is disabled; Enter in a field must not bypass that
        if (m_rules.rules() != m_edited) {
            m_rules.setRules(m_edited);
            emit rulesApplied();
        }
        m_rules.saveSettings();
    } else if (m_rules.rules() != m_original) {
        m_rules.setRules(m_original);
        emit rulesApplied();
    }
    QDialog::done(result);
}

bool ColorRulesDialog::importFile(const QString& path, QString* error)
{
    if (isSpecialFile(QFileInfo(path))) { // a FIFO would block the open: the window would hang
        *error = specialFileReason(QDir::toNativeSeparators(path));
        return false;
    }
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = tr("%1: cannot be read (%2)").arg(QDir::toNativeSeparators(path), f.errorString());
        return false;
    }
    std::vector<ColorRule> rules;
    QString why;
    if (!ColorRules::fromJson(f.readAll(), &rules, &why)) {
        *error = tr("%1: %2").arg(QDir::toNativeSeparators(path), why);
        return false;
    }
    setEditedRules(rules);
    return true;
}

bool ColorRulesDialog::exportFile(const QString& path, QString* error) const
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(ColorRules::toJson(m_edited)) < 0 || !f.commit()) {
        *error = tr("%1: cannot be written (%2)").arg(QDir::toNativeSeparators(path), f.errorString());
        return false;
    }
    return true;
}

void ColorRulesDialog::importInteractive()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import Colour Rules"), QString(), tr("Colour rules (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!importFile(path, &error))
        QMessageBox::warning(this, tr("Import Colour Rules"), tr("The rules were not imported.\n\n%1").arg(error));
}

void ColorRulesDialog::exportInteractive()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Colour Rules"), QStringLiteral("profscope-color-rules.json"), tr("Colour rules (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportFile(path, &error))
        QMessageBox::warning(this, tr("Export Colour Rules"), error);
}

} // namespace profscope
