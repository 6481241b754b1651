// SPDX-License-Identifier: Apache-2.0
#include "pagewidgets.h"

#include <QHeaderView>
#include <QLabel>
#include <QStandardItem>
#include <QTableView>

#include <cmath>

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
