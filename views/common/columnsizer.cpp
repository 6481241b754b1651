// SPDX-License-Identifier: Apache-2.0
#include "columnsizer.h"

#include "settingswriter.h"

#include <QEvent>
#include <QHeaderView>
#include <QTableView>

#include <algorithm>

namespace profscope {

namespace {

constexpr int kMinNameWidth = 160;
constexpr int kMaxNumberWidth = 170;

QString settingsKey(const QString& key)
{
    return QStringLiteral("columns/") + key;
}

} // namespace

ColumnSizer* ColumnSizer::install(QTableView* table, int nameColumn, const QString& key)
{
    return new ColumnSizer(table, nameColumn, key);
}

ColumnSizer::ColumnSizer(QTableView* table, int nameColumn, const QString& key)
    : QObject(table)
    , m_table(table)
    , m_nameColumn(nameColumn)
    , m_key(key)
{
    QHeaderView* header = table->horizontalHeader();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setMinimumSectionSize(36);
    table->setTextElideMode(Qt::ElideMiddle);
    m_viewport = table->viewport();
    m_viewport->installEventFilter(this);
    connect(header, &QHeaderView::sectionResized, this, [this](int, int oldSize, int newSize) {
        // Hiding or showing a column resizes it from or to 0: not a choice of width.
        if (m_adjusting || oldSize == 0 || newSize == 0)
            return;
        m_userSized = true;
        save();
    });
    // Double-click on a divider: back to automatic widths, forgotten.
    connect(header, &QHeaderView::sectionHandleDoubleClicked, this, [this](int) {
        m_userSized = false;
        removeSetting(settingsKey(m_key));
        fitToContents();
    });
    // New rows: numbers to their contents, the name gets the rest (or the user's widths).
    if (QAbstractItemModel* model = table->model())
        connect(model, &QAbstractItemModel::modelReset, this, &ColumnSizer::fitToContents);
    m_userSized = restore();
}

void ColumnSizer::setKey(const QString& key)
{
    if (key == m_key)
        return;
    m_key = key;
    m_userSized = !settingValue(settingsKey(m_key)).toStringList().isEmpty();
}

void ColumnSizer::fitToContents()
{
    QAbstractItemModel* model = m_table->model();
    if (!model)
        return;
    m_adjusting = true;
    for (int c = 0; c < model->columnCount(); ++c) {
        if (c == m_nameColumn || m_table->isColumnHidden(c))
            continue;
        m_table->resizeColumnToContents(c);
        m_table->setColumnWidth(c, std::min(m_table->columnWidth(c) + 12, kMaxNumberWidth));
    }
    m_adjusting = false;
    if (m_userSized && restore())
        return;
    giveNameTheRest();
}

void ColumnSizer::giveNameTheRest()
{
    QAbstractItemModel* model = m_table->model();
    if (m_userSized || !model || m_nameColumn < 0 || m_nameColumn >= model->columnCount())
        return;
    int others = 0;
    for (int c = 0; c < model->columnCount(); ++c)
        if (c != m_nameColumn && !m_table->isColumnHidden(c))
            others += m_table->columnWidth(c);
    const int width = std::max(kMinNameWidth, m_table->viewport()->width() - others);
    m_adjusting = true;
    m_table->setColumnWidth(m_nameColumn, width);
    m_adjusting = false;
}

bool ColumnSizer::eventFilter(QObject* watched, QEvent* event)
{
    // The viewport pointer kept at install: while the table is being
    // destroyed its viewport still sends events, and the table may no longer
    // be asked for anything.
    if (event->type() == QEvent::Resize && watched == m_viewport)
        giveNameTheRest();
    return QObject::eventFilter(watched, event);
}

void ColumnSizer::save() const
{
    QStringList widths;
    const QAbstractItemModel* model = m_table->model();
    for (int c = 0; model && c < model->columnCount(); ++c)
        widths << QString::number(m_table->isColumnHidden(c) ? 0 : m_table->columnWidth(c));
    setSettingValue(settingsKey(m_key), widths); // off the GUI thread: every step of a drag
}

bool ColumnSizer::restore()
{
    const QStringList widths = settingValue(settingsKey(m_key)).toStringList();
    const QAbstractItemModel* model = m_table->model();
    // Another version's columns: the saved widths mean nothing.
    if (widths.isEmpty() || !model || widths.size() != model->columnCount())
        return false;
    m_adjusting = true;
    for (int c = 0; c < widths.size(); ++c) {
        const int w = widths[c].toInt();
        if (w > 0 && !m_table->isColumnHidden(c))
            m_table->setColumnWidth(c, w);
    }
    m_adjusting = false;
    return true;
}

} // namespace profscope
