// SPDX-License-Identifier: Apache-2.0
#include "rangestatsmodel.h"

#include "analysis/overview.h"
#include "timeformat.h"
#include "timelinemodel.h"

#include <algorithm>
#include <cmath>

namespace profscope {

namespace {

// Microseconds with 3 decimals: numeric (sortable, CSV-friendly) and exact to the ns.
QString micros(TimeNs ns)
{
    return QString::number(double(ns) / 1000.0, 'f', 3);
}

QString percent(TimeNs part, TimeNs whole)
{
    return whole > 0 ? QString::number(100.0 * double(part) / double(whole), 'f', 1) + QLatin1Char('%') : QString();
}

} // namespace

RangeStatsModel::RangeStatsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void RangeStatsModel::clear()
{
    beginResetModel();
    m_byName.clear();
    m_byLane.clear();
    m_overlap = {};
    m_rankCount = 0;
    m_startNs = m_endNs = 0;
    endResetModel();
}

void RangeStatsModel::setGrouping(Grouping grouping)
{
    if (grouping == m_grouping)
        return;
    beginResetModel();
    m_grouping = grouping;
    endResetModel();
    sort(m_sortColumn, m_sortOrder);
}

void RangeStatsModel::compute(const TimelineModel& model, double startNs, double endNs)
{
    beginResetModel();
    m_startNs = startNs;
    m_endNs = endNs;
    m_overlap = {};
    std::vector<std::vector<RangeStatRow>> byName;
    std::vector<std::vector<RangeStatRow>> byLane;
    // The comparison run's ranks too, each row labelled with its "B ·" rank:
    // its slices are never summed into the base run's.
    const QList<int> ranks = model.allRanks();
    m_rankCount = 0;
    for (int rank : ranks) {
        const TraceData* trace = model.trace(rank);
        if (!trace || model.rankLane(rank) < 0)
            continue;
        // The range is in view time (clocks aligned); each rank is asked in its own clock.
        const TimeRange range { model.fromView(rank, TimeNs(std::floor(startNs))),
            model.fromView(rank, TimeNs(std::ceil(endNs))) };
        // The rank's device tasks are collected once and kept (every range change reuses them).
        const RankData* data = model.rankData(rank);
        const auto device = data ? rankDeviceTasks(*data) : nullptr;
        RangeStats stats = computeRangeStats(
            *trace, range,
            [&](int process, int thread) {
                const int lane = model.threadLane(rank, process, thread);
                return lane >= 0 && !model.isEffectivelyHidden(lane);
            },
            device.get());
        const bool comparison = model.isComparisonRank(rank);
        if (ranks.size() > 1) {
            const QString prefix = model.lane(model.rankLane(rank)).title + QStringLiteral(" \u00b7 ");
            for (RangeStatRow& r : stats.byLane)
                r.lane.prepend(prefix);
        }
        if (comparison) {
            const QString prefix = tr("B \u00b7 ");
            for (RangeStatRow& r : stats.byName)
                r.name.prepend(prefix);
        }
        byName.push_back(std::move(stats.byName));
        byLane.push_back(std::move(stats.byLane));
        // The overlap summary is the base run's: two runs' device time does not add up.
        if (!comparison)
            m_overlap.add(stats.overlap);
        ++m_rankCount;
    }
    m_byName = mergeRangeRows(byName);
    m_byLane = mergeRangeRows(byLane);
    sortRows(m_byName);
    sortRows(m_byLane);
    endResetModel();
}

qint64 RangeStatsModel::sliceCount() const
{
    qint64 n = 0;
    for (const Row& r : m_byName)
        n += r.count;
    return n;
}

qint64 RangeStatsModel::partialCount() const
{
    qint64 n = 0;
    for (const Row& r : m_byName)
        n += r.partialCount;
    return n;
}

int RangeStatsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(rows().size());
}

int RangeStatsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RangeStatsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(rows().size()))
        return {};
    const Row& r = rows()[std::size_t(index.row())];
    const TimeNs avg = r.count ? TimeNs(std::llround(double(r.totalNs) / double(r.count))) : 0;
    const TimeNs rangeNs = TimeNs(std::llround(m_endNs - m_startNs)) * std::max(m_rankCount, 1);
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Name:
            return r.name;
        case Lane:
            return r.lane;
        case Count:
            return QString::number(r.count);
        case Partial:
            return QString::number(r.partialCount);
        case Total:
            return micros(r.totalNs);
        case Average:
            return micros(avg);
        case Min:
            return micros(r.minNs);
        case Max:
            return micros(r.maxNs);
        case Share:
            return percent(r.totalNs, rangeNs);
        }
    } else if (role == SortRole) {
        switch (index.column()) {
        case Name:
            return r.name;
        case Lane:
            return r.lane;
        case Count:
            return r.count;
        case Partial:
            return r.partialCount;
        case Total:
        case Share:
            return r.totalNs;
        case Average:
            return avg;
        case Min:
            return r.minNs;
        case Max:
            return r.maxNs;
        }
    } else if (role == Qt::TextAlignmentRole) {
        return index.column() == Name || index.column() == Lane ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                                : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    } else if (role == Qt::ToolTipRole) {
        switch (index.column()) {
        case Name:
            return r.name;
        case Lane:
            return r.lane;
        case Count:
            return tr("%n slice(s) overlap the range", nullptr, int(std::min<qint64>(r.count, INT_MAX)));
        case Partial:
            return tr("%n of them stick out of the range and count only their part inside",
                nullptr, int(std::min<qint64>(r.partialCount, INT_MAX)));
        default:
            return formatDurationNs(double(data(index, SortRole).toLongLong()));
        }
    }
    return {};
}

QVariant RangeStatsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Name:
            return tr("Name");
        case Lane:
            return tr("Lane");
        case Count:
            return tr("Count");
        case Partial:
            return tr("Partial");
        case Total:
            return tr("Total (us)");
        case Average:
            return tr("Avg (us)");
        case Min:
            return tr("Min (us)");
        case Max:
            return tr("Max (us)");
        case Share:
            return tr("Share");
        }
    } else if (role == Qt::ToolTipRole) {
        switch (section) {
        case Partial:
            return tr("Slices that start before or end after the range: they count only their part inside it");
        case Share:
            return tr("Total inside the range / length of the range (x ranks shown); nested slices add up beyond 100%");
        default:
            return tr("Slices of the shown lanes that overlap the selected range; each counts only its part inside "
                      "the range. The Overlap Analysis lanes are summarised below, not counted as ops");
        }
    }
    return {};
}

void RangeStatsModel::sortRows(std::vector<Row>& rows) const
{
    const int column = m_sortColumn;
    const Qt::SortOrder order = m_sortOrder;
    auto key = [column](const Row& r) -> double {
        switch (column) {
        case Count:
            return double(r.count);
        case Partial:
            return double(r.partialCount);
        case Total:
        case Share:
            return double(r.totalNs);
        case Average:
            return r.count ? double(r.totalNs) / double(r.count) : 0;
        case Min:
            return double(r.minNs);
        case Max:
            return double(r.maxNs);
        }
        return 0;
    };
    std::stable_sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) {
        if (column == Name || column == Lane) {
            const QString& ta = column == Name ? a.name : a.lane;
            const QString& tb = column == Name ? b.name : b.lane;
            const int c = ta.compare(tb);
            if (c != 0)
                return order == Qt::AscendingOrder ? c < 0 : c > 0;
            return a.totalNs > b.totalNs;
        }
        const double ka = key(a), kb = key(b);
        if (ka != kb)
            return order == Qt::AscendingOrder ? ka < kb : ka > kb;
        return a.name < b.name;
    });
}

void RangeStatsModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount)
        return;
    m_sortColumn = column;
    m_sortOrder = order;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    // Rows are values without identity: persistent indexes keep their row number.
    sortRows(mutableRows());
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

// ---------------------------------------------------------------------------

RangeCategoryModel::RangeCategoryModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void RangeCategoryModel::setBlock(const RangeOverlapBlock& block)
{
    beginResetModel();
    m_block = block;
    m_valid = block.hasDeviceTasks || block.hasProfilerLanes;
    endResetModel();
}

void RangeCategoryModel::clear()
{
    beginResetModel();
    m_block = {};
    m_valid = false;
    endResetModel();
}

namespace {

// Rows in the order they add up: the three parts of the range, then the
// communication split, then the range itself.
constexpr StepTraceRow::Column kCategoryRows[] = { StepTraceRow::Computing, StepTraceRow::CommunicationNotOverlapped,
    StepTraceRow::Free, StepTraceRow::Overlapped, StepTraceRow::Communication };
constexpr int kCategoryRowCount = int(std::size(kCategoryRows)) + 1; // + the range

} // namespace

int RangeCategoryModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_valid ? 0 : kCategoryRowCount;
}

int RangeCategoryModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RangeCategoryModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const RangeOverlapBlock& b = m_block;
    const bool isRange = index.row() == kCategoryRowCount - 1;
    const StepTraceRow::Column c = isRange ? StepTraceRow::Computing : kCategoryRows[index.row()];
    auto recomputed = [&]() -> TimeNs {
        if (isRange)
            return b.rangeNs;
        switch (c) {
        case StepTraceRow::Computing:
            return b.computingNs;
        case StepTraceRow::CommunicationNotOverlapped:
            return b.communicationNotOverlappedNs;
        case StepTraceRow::Free:
            return b.freeNs;
        case StepTraceRow::Overlapped:
            return b.overlappedNs;
        default:
            return b.communicationNs;
        }
    };
    auto lanes = [&]() -> TimeNs {
        if (!b.hasProfilerLanes)
            return kInvalidTime;
        switch (c) {
        case StepTraceRow::Computing:
            return isRange ? kInvalidTime : b.lanesComputingNs;
        case StepTraceRow::CommunicationNotOverlapped:
            return b.lanesCommunicationNotOverlappedNs;
        case StepTraceRow::Free:
            return b.lanesFreeNs;
        case StepTraceRow::Communication:
            return b.lanesCommunicationNs;
        default:
            return kInvalidTime; // the lanes have no Overlapped
        }
    };
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Category:
            return isRange ? tr("Range") : stepTraceColumnName(c);
        case Recomputed:
            return b.hasDeviceTasks || isRange ? micros(recomputed()) : QString();
        case Share:
            return b.hasDeviceTasks ? percent(recomputed(), b.rangeNs) : QString();
        case ProfilerLanes: {
            const TimeNs v = lanes();
            return v == kInvalidTime ? QString() : micros(v);
        }
        }
    } else if (role == Qt::TextAlignmentRole) {
        return index.column() == Category ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                          : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    return {};
}

QVariant RangeCategoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Category:
            return tr("Device time");
        case Recomputed:
            return tr("Recomputed (us)");
        case Share:
            return tr("Share");
        case ProfilerLanes:
            return tr("Profiler lanes (us)");
        }
    } else if (role == Qt::ToolTipRole) {
        switch (section) {
        case Recomputed:
            return tr("From the device tasks, as the Overview defines them: Computing + Communication(Not "
                      "Overlapped) + Free = the range");
        case ProfilerLanes:
            return tr("The profiler's own Overlap Analysis lanes, each slice clipped to the range");
        default:
            return {};
        }
    }
    return {};
}

} // namespace profscope
