// SPDX-License-Identifier: Apache-2.0
#include "mareyopsmodel.h"

#include <limits>

namespace profscope {

MareyOpsModel::MareyOpsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void MareyOpsModel::setData(std::shared_ptr<const MareyData> data, TimeRange window)
{
    beginResetModel();
    m_data = std::move(data);
    m_ops.clear();
    m_summary.clear();
    if (m_data) {
        const bool all = window.isEmpty();
        for (int i = 0; i < int(m_data->ops.size()); ++i) {
            const MareyOp& op = m_data->ops[std::size_t(i)];
            const TimeRange b = op.bounds();
            if (MareyOp::isMissing(b) || (!all && (b.startNs > window.endNs || b.endNs < window.startNs)))
                continue;
            Summary s;
            s.startMin = s.durMin = std::numeric_limits<TimeNs>::max();
            s.startMax = s.durMax = std::numeric_limits<TimeNs>::min();
            double sum = 0;
            const MareyStage& stage = m_data->stages[std::size_t(op.stage)];
            for (int d = 0; d < int(op.ranges.size()); ++d) {
                const TimeRange& r = op.ranges[std::size_t(d)];
                if (MareyOp::isMissing(r))
                    continue;
                ++s.present;
                s.startMin = std::min(s.startMin, r.startNs);
                s.startMax = std::max(s.startMax, r.startNs);
                s.durMin = std::min(s.durMin, r.durationNs());
                if (r.durationNs() > s.durMax) {
                    s.durMax = r.durationNs();
                    s.slowestRank = m_data->devices[std::size_t(stage.firstDevice + d)].rankId;
                }
                sum += double(r.durationNs());
            }
            s.durAvg = s.present ? sum / s.present : 0;
            m_ops.push_back(i);
            m_summary.push_back(s);
        }
    }
    endResetModel();
}

int MareyOpsModel::opIndex(int row) const
{
    return row >= 0 && row < int(m_ops.size()) ? m_ops[std::size_t(row)] : -1;
}

bool MareyOpsModel::perDevice() const
{
    return m_data && !m_data->devices.empty() && int(m_data->devices.size()) <= kPerDeviceColumnsUpTo;
}

int MareyOpsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_ops.size());
}

int MareyOpsModel::columnCount(const QModelIndex& parent) const
{
    if (parent.isValid())
        return 0;
    return FixedColumnCount + (perDevice() ? 2 * int(m_data->devices.size()) : 0);
}

QVariant MareyOpsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_ops.size()) || index.column() >= columnCount())
        return {};
    const MareyOp& op = m_data->ops[std::size_t(m_ops[std::size_t(index.row())])];
    const Summary& s = m_summary[std::size_t(index.row())];
    const TimeNs origin = m_data->rangeNs.startNs;
    auto msValue = [origin](TimeNs t) { return std::round(double(t - origin) / 1e3) / 1e3; };
    auto usValue = [](double ns) { return std::round(ns) / 1e3; };
    if (role == Qt::TextAlignmentRole)
        return index.column() == Name || index.column() == Kind ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                                : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Name)
        return op.name;
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    switch (index.column()) {
    case Name:
        return op.name;
    case Kind:
        return op.kind == MareyOp::Kind::Compute ? tr("Compute") : tr("Communication");
    case Stage:
        return m_data->stages[std::size_t(op.stage)].pipelineStage;
    case Occurrence:
        return op.occurrence + 1;
    case Merged:
        return op.mergedOps;
    case Devices:
        return s.present;
    case StartMinMs:
        return msValue(s.startMin);
    case StartMaxMs:
        return msValue(s.startMax);
    case DurationMinUs:
        return usValue(double(s.durMin));
    case DurationAvgUs:
        return usValue(s.durAvg);
    case DurationMaxUs:
        return usValue(double(s.durMax));
    case SlowestRank:
        return s.slowestRank;
    default:
        break;
    }
    const int device = (index.column() - FixedColumnCount) / 2;
    const bool end = (index.column() - FixedColumnCount) % 2 == 1;
    const TimeRange r = m_data->range(op, device);
    if (MareyOp::isMissing(r))
        return {};
    return msValue(end ? r.endNs : r.startNs);
}

QVariant MareyOpsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Name:
        return tr("Op");
    case Kind:
        return tr("Kind");
    case Stage:
        return tr("Stage");
    case Occurrence:
        return tr("#");
    case Merged:
        return tr("Merged ops");
    case Devices:
        return tr("Devices");
    case StartMinMs:
        return tr("First start (ms)");
    case StartMaxMs:
        return tr("Last start (ms)");
    case DurationMinUs:
        return tr("Min duration (µs)");
    case DurationAvgUs:
        return tr("Avg duration (µs)");
    case DurationMaxUs:
        return tr("Max duration (µs)");
    case SlowestRank:
        return tr("Slowest rank");
    default:
        break;
    }
    if (!perDevice() || section >= columnCount())
        return {};
    const int device = (section - FixedColumnCount) / 2;
    const int rank = m_data->devices[std::size_t(device)].rankId;
    return (section - FixedColumnCount) % 2 == 0 ? tr("Rank %1 start (ms)").arg(rank)
                                                 : tr("Rank %1 end (ms)").arg(rank);
}

} // namespace profscope
