// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QAbstractTableModel>
#include <QColor>
#include <QStringList>
#include <QVariant>

#include <vector>

namespace profscope {

// One cell of a CellTableModel: what a QStandardItem made by sortableItem /
// numberItem (pagewidgets.h) holds, as a plain value. Cells are built off the
// GUI thread (in the page's analysis job): QString, QVariant and QColor are
// values, so a job can fill thousands of rows and the GUI thread only swaps
// them in, where appending QStandardItems cost tens of ms per 10,000 rows.
struct TableCell
{
    QString text;
    QVariant sortKey; // kSortRole; the text when not set
    Qt::Alignment alignment {};
    QString toolTip;
    QColor foreground; // invalid: the view's
    QVariant background; // a QColor, or none
    QVariant user; // CellTableModel::userRole()
};
using TableRow = std::vector<TableCell>;

// The cells of pagewidgets.h's item helpers, same text, sort key and alignment.
TableCell textCell(const QString& text, const QVariant& sortKey = {}, Qt::Alignment alignment = {});
TableCell numberCell(double value, int decimals, const QString& suffix = {});
TableCell msCell(double valueMs);

// A read-only table of prepared rows (headers and cells); sorts through a
// QSortFilterProxyModel on kSortRole like the QStandardItemModel tables.
class CellTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    explicit CellTableModel(QObject* parent = nullptr);

    // The role under which each cell's `user` value is returned.
    void setUserRole(int role) { m_userRole = role; }
    int userRole() const { return m_userRole; }

    // Replaces headers and rows at once (one model reset).
    void setTable(QStringList headers, std::vector<TableRow> rows);
    void clear() { setTable({}, {}); }

    const QStringList& headers() const { return m_headers; }
    const TableCell* cell(int row, int column) const;
    // The displayed text of a cell; empty out of range.
    QString text(int row, int column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

private:
    QStringList m_headers;
    std::vector<TableRow> m_rows;
    int m_userRole = Qt::UserRole + 2;
};

} // namespace profscope
