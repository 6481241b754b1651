// SPDX-License-Identifier: Apache-2.0
#pragma once

class QAbstractItemModel;
class QLabel;
class QString;
class QTableView;
class QWidget;

namespace profscope {

// Widgets every analysis page builds the same way, so that pages look alike.

// The page title at the top left: larger and semi-bold.
QLabel* makePageTitle(const QString& text, QWidget* parent);

// A section heading inside a page ("Operator allocations"): semi-bold, the
// normal size.
QLabel* makeHeading(const QString& text, QWidget* parent);

// A read-only table of `model`: sortable by a header click, whole-row single
// selection, alternating rows, no row numbers, compact rows, no word wrap,
// left-aligned headers, the last column takes the spare width.
QTableView* makeDataTable(QAbstractItemModel* model, QWidget* parent);
// resizeColumnsToContents() measures the visible rows and 100 more, not 1,000.
void limitContentsSizing(QTableView* table);

} // namespace profscope
