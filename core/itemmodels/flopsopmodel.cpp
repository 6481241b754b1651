// SPDX-License-Identifier: Apache-2.0
#include "flopsopmodel.h"

#include <algorithm>
#include <cmath>

namespace profscope {

FlopsOpModel::FlopsOpModel(QObject* parent)
    : QAbstractTableModel(parent)
{
    setTable({});
}

void FlopsOpModel::setTable(const FlopsTable& table)
{
    beginResetModel();
    m_ops = table.ops;
    m_columns = { NameColumn, TotalMflopsColumn };
    switch (table.generation) {
    case FlopsGeneration::Total:
    case FlopsGeneration::Unknown:
        m_columns.insert(m_columns.end(), { GflopsColumn, UtilizationColumn });
        break;
    case FlopsGeneration::CubeVectorUtilization:
        m_columns.insert(m_columns.end(), { CubeMflopsColumn, CubeGflopsColumn, CubeUtilizationColumn, VectorMflopsColumn,
                                            VectorGflopsColumn, VectorUtilizationColumn });
        break;
    case FlopsGeneration::CubeVector:
        m_columns.insert(m_columns.end(), { CubeMflopsColumn, CubeGflopsColumn, VectorMflopsColumn, VectorGflopsColumn });
        break;
    }
    endResetModel();
}

int FlopsOpModel::section(Column column) const
{
    const auto it = std::find(m_columns.begin(), m_columns.end(), column);
    return it == m_columns.end() ? -1 : int(it - m_columns.begin());
}

int FlopsOpModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_ops.size());
}

int FlopsOpModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

double FlopsOpModel::value(const FlopsOpRow& row, Column column) const
{
    switch (column) {
    case NameColumn: return kNoValue;
    case TotalMflopsColumn: return row.totalMflops();
    case GflopsColumn: return row.gflops;
    case UtilizationColumn: return row.utilizationPercent;
    case CubeMflopsColumn: return row.cubeMflops;
    case CubeGflopsColumn: return row.cubeGflops;
    case CubeUtilizationColumn: return row.cubeUtilizationPercent;
    case VectorMflopsColumn: return row.vectorMflops;
    case VectorGflopsColumn: return row.vectorGflops;
    case VectorUtilizationColumn: return row.vectorUtilizationPercent;
    }
    return kNoValue;
}

QVariant FlopsOpModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const FlopsOpRow& row = m_ops[std::size_t(index.row())];
    const Column column = m_columns[std::size_t(index.column())];
    if (column == NameColumn) {
        if (role == Qt::DisplayRole || role == SortRole || role == Qt::ToolTipRole)
            return row.fullName;
        return {};
    }
    const double v = value(row, column);
    switch (role) {
    case Qt::DisplayRole:
        return std::isnan(v) ? QString() : QString::number(v, 'f', 3);
    case SortRole:
        return std::isnan(v) ? QVariant() : QVariant(v);
    case Qt::TextAlignmentRole:
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant FlopsOpModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    const Column column = m_columns[std::size_t(section)];
    if (role == Qt::ToolTipRole && (column == GflopsColumn || column == CubeGflopsColumn || column == VectorGflopsColumn))
        return tr("As the profiler wrote it; in the cube/vector files without utilization it is numerically TFLOP/s");
    if (role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (column) {
    case NameColumn: return tr("Operator");
    case TotalMflopsColumn: return tr("MFLOPs");
    case GflopsColumn: return tr("GFLOPS");
    case UtilizationColumn: return tr("Utilization (%)");
    case CubeMflopsColumn: return tr("Cube MFLOPs");
    case CubeGflopsColumn: return tr("Cube GFLOPS");
    case CubeUtilizationColumn: return tr("Cube Utilization (%)");
    case VectorMflopsColumn: return tr("Vector MFLOPs");
    case VectorGflopsColumn: return tr("Vector GFLOPS");
    case VectorUtilizationColumn: return tr("Vector Utilization (%)");
    }
    return {};
}

} // namespace profscope
