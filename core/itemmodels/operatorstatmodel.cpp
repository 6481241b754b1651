// SPDX-License-Identifier: Apache-2.0
#include "operatorstatmodel.h"

#include <algorithm>

namespace profscope {

QString formatMicroseconds(TimeNs ns)
{
    return QString::number(double(ns) / 1000.0, 'f', 3);
}

OperatorStatModel::OperatorStatModel(QObject* parent)
    : QAbstractTableModel(parent)
{
    setStatistics({}, OperatorGrouping::TypeAndCore, false);
}

void OperatorStatModel::setStatistics(std::vector<OperatorStat> stats, OperatorGrouping grouping, bool hasWait)
{
    beginResetModel();
    m_stats = std::move(stats);
    m_grouping = grouping;
    m_columns.clear();
    if (grouping != OperatorGrouping::TypeAndCore)
        m_columns.push_back(NameColumn);
    m_columns.push_back(TypeColumn);
    if (grouping == OperatorGrouping::NameAndShape)
        m_columns.push_back(ShapesColumn);
    for (const Column c : { CoreColumn, CountColumn, TotalColumn, AvgColumn, MinColumn, MaxColumn, RatioColumn })
        m_columns.push_back(c);
    if (hasWait)
        m_columns.push_back(WaitColumn);
    endResetModel();
}

void OperatorStatModel::clear()
{
    setStatistics({}, m_grouping, false);
}

int OperatorStatModel::section(Column column) const
{
    const auto it = std::find(m_columns.begin(), m_columns.end(), column);
    return it == m_columns.end() ? -1 : int(it - m_columns.begin());
}

int OperatorStatModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_stats.size());
}

int OperatorStatModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QVariant OperatorStatModel::rawValue(const OperatorStat& s, Column column) const
{
    switch (column) {
    case NameColumn:
        return s.key;
    case TypeColumn:
        return s.type;
    case ShapesColumn:
        return s.inputShapes;
    case CoreColumn:
        return s.core;
    case CountColumn:
        return s.count;
    case TotalColumn:
        return double(s.totalNs) / 1000.0;
    case AvgColumn:
        return double(s.avgNs()) / 1000.0;
    case MinColumn:
        return double(s.minNs) / 1000.0;
    case MaxColumn:
        return double(s.maxNs) / 1000.0;
    case RatioColumn:
        return s.ratioPercent;
    case WaitColumn:
        return double(s.waitNs) / 1000.0;
    }
    return {};
}

QVariant OperatorStatModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const OperatorStat& s = m_stats[std::size_t(index.row())];
    const Column column = m_columns[std::size_t(index.column())];
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case TotalColumn:
            return formatMicroseconds(s.totalNs);
        case AvgColumn:
            return formatMicroseconds(s.avgNs());
        case MinColumn:
            return formatMicroseconds(s.minNs);
        case MaxColumn:
            return formatMicroseconds(s.maxNs);
        case WaitColumn:
            return formatMicroseconds(s.waitNs);
        case RatioColumn:
            return QString::number(s.ratioPercent, 'f', 2);
        case CountColumn:
            return QString::number(s.count);
        default:
            return rawValue(s, column);
        }
    case Qt::ToolTipRole:
        if (column == NameColumn || column == ShapesColumn)
            return s.inputShapes.isEmpty() ? s.key : QString(s.key + QStringLiteral("\n") + s.inputShapes);
        if (column == RatioColumn && s.communication)
            return tr("Communication op: share of all kernel time (compute ops: share of compute time)");
        return {};
    case Qt::TextAlignmentRole:
        return column >= CountColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                     : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case SortRole:
        return rawValue(s, column);
    case FilterRole:
        return QString(
            s.key + QLatin1Char(' ') + s.type + QLatin1Char(' ') + s.core + QLatin1Char(' ') + s.inputShapes);
    case CommunicationRole:
        return s.communication;
    default:
        return {};
    }
}

QVariant OperatorStatModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    const Column column = m_columns[std::size_t(section)];
    if (role == Qt::ToolTipRole) {
        switch (column) {
        case RatioColumn:
            return tr("Share of the compute time (communication ops: of all kernel time)");
        case WaitColumn:
            return tr("Sum of the kernels' Wait Time: the device idled before them on their stream");
        case CoreColumn:
            return tr("Accelerator core (task type) the kernels ran on");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (column) {
    case NameColumn:
        return tr("Name");
    case TypeColumn:
        return tr("Type");
    case ShapesColumn:
        return tr("Input Shapes");
    case CoreColumn:
        return tr("Core");
    case CountColumn:
        return tr("Count");
    case TotalColumn:
        return tr("Total (us)");
    case AvgColumn:
        return tr("Avg (us)");
    case MinColumn:
        return tr("Min (us)");
    case MaxColumn:
        return tr("Max (us)");
    case RatioColumn:
        return tr("Ratio (%)");
    case WaitColumn:
        return tr("Wait (us)");
    }
    return {};
}

} // namespace profscope
