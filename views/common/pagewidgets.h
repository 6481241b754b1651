// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QAbstractItemModel>
#include <QList>
#include <QString>
#include <QVariant>
#include <Qt>

#include <vector>

class QAbstractItemModel;
class QComboBox;
class QLabel;
class QStandardItem;
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
// What resizeColumnsToContents() does, measuring only `cells` (indexes of the table's model;
// a column without any keeps its width): each column as wide as its header and the widest
// of its cells. For models that know which of their rows have the widest cells.
void fitColumnsToCells(QTableView* table, const QModelIndexList& cells);

// One item of fillCombo's list.
struct ComboItem
{
    QString text;
    QVariant data; // Qt::UserRole, what currentData() returns
    QString toolTip;
};
// Replaces the items of a combo box that adjusts to its contents with `items`: one model swap
// instead of an insertion per item (a rank list of 10,000 ranks took tens of ms on the GUI
// thread). Above 64 items the box is as wide as its longest text in characters, instead of
// measuring every item's text.
void fillCombo(QComboBox* combo, const std::vector<ComboItem>& items);

// fillCombo's items made ahead, off the GUI thread (a QStandardItem is no
// QObject and may be made on any thread): a list of thousands of groups then
// costs the GUI thread only the model swap. The items not taken by a combo
// box are deleted with this.
class PreparedComboItems
{
public:
    explicit PreparedComboItems(const std::vector<ComboItem>& items);
    ~PreparedComboItems();
    PreparedComboItems(const PreparedComboItems&) = delete;
    PreparedComboItems& operator=(const PreparedComboItems&) = delete;
    std::size_t size() const
    {
        return std::size_t(m_items.size());
    }

private:
    friend void fillCombo(QComboBox* combo, PreparedComboItems& prepared);
    QList<QStandardItem*> m_items;
    qsizetype m_longest = 0; // characters of the longest text
};
// Takes over `prepared`'s items (it is empty afterwards).
void fillCombo(QComboBox* combo, PreparedComboItems& prepared);

// The cells of the pages' QStandardItemModel tables. A table sorts by
// kSortRole (its proxy's or model's sortRole), so that numbers sort as
// numbers and a cell can sort by something else than its text.
inline constexpr int kSortRole = Qt::UserRole + 1;
inline constexpr Qt::Alignment kNumberAlignment = Qt::AlignRight | Qt::AlignVCenter;

// A read-only cell showing `text` that sorts by `sortKey` (the text when
// none is given); no `alignment` keeps the view's.
QStandardItem* sortableItem(const QString& text, const QVariant& sortKey = {}, Qt::Alignment alignment = {});
// A number with `decimals` and an optional suffix ("12.5 %"), right-aligned;
// NaN (no value) shows empty and sorts below every number.
QStandardItem* numberItem(double value, int decimals, const QString& suffix = {});
// Milliseconds with three decimals (µs resolution), as numberItem.
QStandardItem* msItem(double valueMs);
// A whole number, right-aligned, sorting as a number.
QStandardItem* intItem(qint64 value);
// A count or id the model keeps as -1 when unknown: then empty, sorting
// below every known value.
QStandardItem* countItem(qint64 value);

} // namespace profscope
