// SPDX-License-Identifier: Apache-2.0
#include "pagewidgets.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QStandardItem>
#include <QStandardItemModel>
#include <QTableView>

#include <algorithm>
#include <cmath>
#include <vector>

namespace profscope {

QLabel* makePageTitle(const QString& text, QWidget* parent)
{
    auto* title = new QLabel(text, parent);
    QFont font = title->font();
    font.setPointSizeF(font.pointSizeF() * 1.2);
    font.setWeight(QFont::DemiBold);
    title->setFont(font);
    return title;
}

QLabel* makeHeading(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    QFont font = label->font();
    font.setWeight(QFont::DemiBold);
    label->setFont(font);
    return label;
}

void limitContentsSizing(QTableView* table)
{
    // Fitting columns to their contents measured up to 1,000 rows of text on
    // the GUI thread (a 1024-rank step table: ~100 ms per refresh); the
    // visible rows and 100 more give the same widths in practice.
    table->horizontalHeader()->setResizeContentsPrecision(100);
}

void fitColumnsToCells(QTableView* table, const QModelIndexList& cells)
{
    QHeaderView* header = table->horizontalHeader();
    std::vector<int> widths(std::size_t(std::max(0, header->count())), -1);
    table->ensurePolished();
    for (const QModelIndex& cell : cells) {
        if (!cell.isValid() || cell.column() >= int(widths.size()))
            continue;
        // As QTableView::sizeHintForColumn measures a cell (the grid takes a pixel).
        const int width = table->sizeHintForIndex(cell).width() + (table->showGrid() ? 1 : 0);
        widths[std::size_t(cell.column())] = std::max(widths[std::size_t(cell.column())], width);
    }
    for (int c = 0; c < int(widths.size()); ++c) {
        if (widths[std::size_t(c)] < 0)
            continue;
        const int headerWidth = header->isHidden() ? 0 : header->sectionSizeHint(c);
        header->resizeSection(c, std::max(widths[std::size_t(c)], headerWidth));
    }
}

PreparedComboItems::PreparedComboItems(const std::vector<ComboItem>& items)
{
    m_items.reserve(qsizetype(items.size()));
    for (const ComboItem& c : items) {
        auto* item = new QStandardItem(c.text);
        item->setData(c.data, Qt::UserRole);
        if (!c.toolTip.isEmpty())
            item->setToolTip(c.toolTip);
        m_items << item;
        m_longest = std::max(m_longest, c.text.size());
    }
}

PreparedComboItems::~PreparedComboItems()
{
    qDeleteAll(m_items);
}

void fillCombo(QComboBox* combo, const std::vector<ComboItem>& items)
{
    PreparedComboItems prepared(items);
    fillCombo(combo, prepared);
}

void fillCombo(QComboBox* combo, PreparedComboItems& prepared)
{
    // The model is filled before the box sees it: no signal per row.
    auto* model = new QStandardItemModel(combo);
    const std::size_t count = prepared.size();
    model->appendColumn(prepared.m_items);
    prepared.m_items.clear(); // the model owns them now
    // The box's own default model goes with the swap (QComboBox deletes a model it parents).
    combo->setModel(model);
    // The width: measured over every item by AdjustToContents; a long list's widest text is
    // about its longest in characters.
    const QVariant minimum = combo->property("profscopeMinimumContents");
    if (!minimum.isValid())
        combo->setProperty("profscopeMinimumContents", combo->minimumContentsLength());
    const int minimumChars = combo->property("profscopeMinimumContents").toInt();
    if (count > 64) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(std::max(minimumChars, int(prepared.m_longest) + 1));
    } else {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        combo->setMinimumContentsLength(minimumChars);
    }
}

QTableView* makeDataTable(QAbstractItemModel* model, QWidget* parent)
{
    auto* table = new QTableView(parent);
    table->setModel(model);
    table->setSortingEnabled(true);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setAlternatingRowColors(true);
    table->setWordWrap(false);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);
    table->horizontalHeader()->setStretchLastSection(true);
    table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    limitContentsSizing(table);
    return table;
}

QStandardItem* sortableItem(const QString& text, const QVariant& sortKey, Qt::Alignment alignment)
{
    auto* item = new QStandardItem(text);
    item->setData(sortKey.isValid() ? sortKey : QVariant(text), kSortRole);
    if (alignment != Qt::Alignment())
        item->setTextAlignment(alignment);
    item->setEditable(false);
    return item;
}

QStandardItem* numberItem(double value, int decimals, const QString& suffix)
{
    const bool known = !std::isnan(value);
    return sortableItem(
        known ? QString::number(value, 'f', decimals) + suffix : QString(), known ? value : -1e300, kNumberAlignment);
}

QStandardItem* msItem(double valueMs)
{
    return numberItem(valueMs, 3);
}

QStandardItem* intItem(qint64 value)
{
    return sortableItem(QString::number(value), double(value), kNumberAlignment);
}

QStandardItem* countItem(qint64 value)
{
    return sortableItem(value < 0 ? QString() : QString::number(value), double(value), kNumberAlignment);
}

} // namespace profscope
