// SPDX-License-Identifier: Apache-2.0
#include "pagewidgets.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>

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

} // namespace profscope
