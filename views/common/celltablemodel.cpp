// SPDX-License-Identifier: Apache-2.0
#include "celltablemodel.h"

#include "pagewidgets.h"

#include <QBrush>

#include <cmath>

namespace profscope {

TableCell textCell(const QString& text, const QVariant& sortKey, Qt::Alignment alignment)
{
    TableCell cell;
    cell.text = text;
    cell.sortKey = sortKey.isValid() ? sortKey : QVariant(text);
    cell.alignment = alignment;
    return cell;
}

TableCell numberCell(double value, int decimals, const QString& suffix)
{
    // As numberItem: NaN (no value) shows empty and sorts below every number.
    const bool known = !std::isnan(value);
    return textCell(
        known ? QString::number(value, 'f', decimals) + suffix : QString(), known ? value : -1e300, kNumberAlignment);
}

TableCell msCell(double valueMs)
{
    return numberCell(valueMs, 3);
}

CellTableModel::CellTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void CellTableModel::setTable(QStringList headers, std::vector<TableRow> rows)
{
    beginResetModel();
    m_headers = std::move(headers);
    m_rows = std::move(rows);
    endResetModel();
}

const TableCell* CellTableModel::cell(int row, int column) const
{
    if (row < 0 || row >= int(m_rows.size()) || column < 0 || column >= int(m_rows[std::size_t(row)].size()))
        return nullptr;
    return &m_rows[std::size_t(row)][std::size_t(column)];
}

QString CellTableModel::text(int row, int column) const
{
    const TableCell* c = cell(row, column);
    return c ? c->text : QString();
}

int CellTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CellTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_headers.size());
}

QVariant CellTableModel::data(const QModelIndex& index, int role) const
{
    const TableCell* c = index.isValid() ? cell(index.row(), index.column()) : nullptr;
    if (!c)
        return {};
    if (role == Qt::DisplayRole || role == Qt::EditRole)
        return c->text;
    if (role == kSortRole)
        return c->sortKey;
    if (role == Qt::TextAlignmentRole)
        return c->alignment == Qt::Alignment() ? QVariant() : QVariant::fromValue(c->alignment);
    if (role == Qt::ToolTipRole)
        return c->toolTip.isEmpty() ? QVariant() : QVariant(c->toolTip);
    if (role == Qt::ForegroundRole)
        return c->foreground.isValid() ? QVariant(QBrush(c->foreground)) : QVariant();
    if (role == Qt::BackgroundRole)
        return c->background.isValid() ? QVariant(QBrush(c->background.value<QColor>())) : QVariant();
    if (role == m_userRole)
        return c->user;
    return {};
}

QVariant CellTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole && section >= 0 && section < m_headers.size())
        return m_headers[section];
    return QAbstractTableModel::headerData(section, orientation, role);
}

Qt::ItemFlags CellTableModel::flags(const QModelIndex& index) const
{
    // Read-only, as sortableItem's setEditable(false).
    return index.isValid() ? Qt::ItemIsEnabled | Qt::ItemIsSelectable : Qt::NoItemFlags;
}

} // namespace profscope
