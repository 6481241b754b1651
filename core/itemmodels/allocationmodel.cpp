// SPDX-License-Identifier: Apache-2.0
#include "allocationmodel.h"

namespace profscope {

std::vector<Allocation> allAllocations(const OperatorMemoryTable& t)
{
    std::vector<Allocation> out;
    out.reserve(t.size());
    for (std::size_t i = 0; i < t.size(); ++i)
        out.push_back({ i, t.strings.string(t.name[i]), t.sizeKB[i], t.allocationNs[i], t.releaseNs[i] });
    return out;
}

AllocationModel::AllocationModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void AllocationModel::setAllocations(
    std::vector<Allocation> allocations, TimeNs originNs, TimeNs captureEndNs, TimeNs peakNs)
{
    beginResetModel();
    m_allocations = std::move(allocations);
    m_originNs = originNs;
    m_captureEndNs = captureEndNs;
    m_peakNs = peakNs;
    endResetModel();
}

TimeNs AllocationModel::effectiveReleaseNs(int row) const
{
    const Allocation& a = m_allocations[std::size_t(row)];
    return a.releaseNs == kInvalidTime ? std::max(m_captureEndNs, a.allocationNs) : a.releaseNs;
}

bool AllocationModel::liveAtPeak(int row) const
{
    // The same rule as liveAllocations(): allocated at or before, released after.
    const Allocation& a = m_allocations[std::size_t(row)];
    return m_peakNs != kInvalidTime && a.allocationNs != kInvalidTime && a.allocationNs <= m_peakNs
        && (a.releaseNs == kInvalidTime || a.releaseNs > m_peakNs);
}

int AllocationModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_allocations.size());
}

int AllocationModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AllocationModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const int row = index.row();
    const Allocation& a = m_allocations[std::size_t(row)];
    const auto column = Column(index.column());
    const bool allocated = a.allocationNs != kInvalidTime;
    const bool released = a.releaseNs != kInvalidTime;
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return a.name;
        case SizeColumn:
            return QString::number(a.sizeKB, 'f', 1);
        case AllocationColumn:
            return allocated ? QString::number(relativeMs(a.allocationNs), 'f', 3) : QString();
        case ReleaseColumn:
            return released ? QString::number(relativeMs(a.releaseNs), 'f', 3) : tr("not released");
        case LifetimeColumn:
            return allocated ? QString::number(double(effectiveReleaseNs(row) - a.allocationNs) / 1e6, 'f', 3)
                    + (released ? QString() : QStringLiteral("+"))
                             : QString();
        case LiveAtPeakColumn:
            return liveAtPeak(row) ? tr("yes") : QString();
        case ColumnCount:
            break;
        }
        return {};
    case SortRole:
        switch (column) {
        case NameColumn:
            return a.name;
        case SizeColumn:
            return a.sizeKB;
        case AllocationColumn:
            return allocated ? relativeMs(a.allocationNs) : -1e300;
        case ReleaseColumn:
            return relativeMs(effectiveReleaseNs(row));
        case LifetimeColumn:
            return allocated ? double(effectiveReleaseNs(row) - a.allocationNs) / 1e6 : -1e300;
        case LiveAtPeakColumn:
            return liveAtPeak(row) ? 1 : 0;
        case ColumnCount:
            break;
        }
        return {};
    case Qt::TextAlignmentRole:
        return column == NameColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                    : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (column == LifetimeColumn && !released)
            return tr("Not released within the capture: lifetime up to the end of the capture");
        if (column == LiveAtPeakColumn)
            return tr("Allocated when the memory curve reached its peak");
        return {};
    case AllocationNsRole:
        return qint64(a.allocationNs);
    case ReleaseNsRole:
        return qint64(effectiveReleaseNs(row));
    default:
        return {};
    }
}

QVariant AllocationModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case NameColumn:
        return tr("Name");
    case SizeColumn:
        return tr("Size (KB)");
    case AllocationColumn:
        return tr("Allocated at (ms)");
    case ReleaseColumn:
        return tr("Released at (ms)");
    case LifetimeColumn:
        return tr("Lifetime (ms)");
    case LiveAtPeakColumn:
        return tr("Live at peak");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace profscope
