// SPDX-License-Identifier: Apache-2.0
#include "apistatmodel.h"

#include "operatorstatmodel.h"

#include <algorithm>
#include <cmath>

namespace profscope {

ApiStatModel::ApiStatModel(QObject* parent)
    : QAbstractTableModel(parent)
{
    setStatistics({}, false);
}

void ApiStatModel::setStatistics(std::vector<ApiStat> stats, bool merged)
{
    beginResetModel();
    m_stats = std::move(stats);
    m_totalNs = 0;
    for (const ApiStat& s : m_stats)
        m_totalNs += s.totalNs;
    m_columns = { TypeColumn, NameColumn, CountColumn, TotalColumn, AvgColumn, MinColumn, MaxColumn, VarianceColumn, RatioColumn };
    if (merged)
        m_columns.push_back(RanksColumn);
    endResetModel();
}

int ApiStatModel::section(Column column) const
{
    const auto it = std::find(m_columns.begin(), m_columns.end(), column);
    return it == m_columns.end() ? -1 : int(it - m_columns.begin());
}

int ApiStatModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_stats.size());
}

int ApiStatModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QVariant ApiStatModel::rawValue(const ApiStat& s, Column column) const
{
    switch (column) {
    case TypeColumn:
        return s.level;
    case NameColumn:
        return s.apiName;
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
    case VarianceColumn:
        return std::isnan(s.varianceUs2) ? QVariant() : QVariant(s.varianceUs2);
    case RatioColumn:
        return m_totalNs > 0 ? 100.0 * double(s.totalNs) / double(m_totalNs) : 0.0;
    case RanksColumn:
        return s.ranks;
    }
    return {};
}

QVariant ApiStatModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const ApiStat& s = m_stats[std::size_t(index.row())];
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
        case VarianceColumn:
            return std::isnan(s.varianceUs2) ? QString() : QString::number(s.varianceUs2, 'f', 3);
        case RatioColumn:
            return QString::number(rawValue(s, column).toDouble(), 'f', 2);
        case CountColumn:
        case RanksColumn:
            return QString::number(rawValue(s, column).toLongLong());
        default:
            return rawValue(s, column);
        }
    case Qt::TextAlignmentRole:
        return column >= CountColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                     : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case SortRole:
        return rawValue(s, column);
    case FilterRole:
        return QString(s.level + QLatin1Char(' ') + s.apiName);
    default:
        return {};
    }
}

QVariant ApiStatModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    const Column column = m_columns[std::size_t(section)];
    if (role == Qt::ToolTipRole) {
        switch (column) {
        case TypeColumn:
            return tr("API type: the Level column of api_statistic.csv (acl, runtime, hccl, node, ...)");
        case VarianceColumn:
            return tr("Variance of the call times (us²); merged over ranks from each rank's count, mean and variance");
        case RatioColumn:
            return tr("Share of the time of all APIs in the table");
        case RanksColumn:
            return tr("Ranks that called the API");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (column) {
    case TypeColumn:
        return tr("Type");
    case NameColumn:
        return tr("API Name");
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
    case VarianceColumn:
        return tr("Variance (us²)");
    case RatioColumn:
        return tr("Ratio (%)");
    case RanksColumn:
        return tr("Ranks");
    }
    return {};
}

} // namespace profscope
