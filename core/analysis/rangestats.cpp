// SPDX-License-Identifier: Apache-2.0
#include "rangestats.h"

#include "intervals.h"
#include "overview.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <unordered_map>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::RangeStats)
};

void accumulate(RangeStatRow& r, TimeNs insideNs, bool partial)
{
    if (r.count == 0 || insideNs < r.minNs)
        r.minNs = insideNs;
    r.maxNs = std::max(r.maxNs, insideNs);
    r.totalNs += insideNs;
    ++r.count;
    if (partial)
        ++r.partialCount;
}

void mergeInto(RangeStatRow& into, const RangeStatRow& r)
{
    if (r.count == 0)
        return;
    into.minNs = into.count == 0 ? r.minNs : std::min(into.minNs, r.minNs);
    into.maxNs = std::max(into.maxNs, r.maxNs);
    into.totalNs += r.totalNs;
    into.count += r.count;
    into.partialCount += r.partialCount;
}

void sortByTotal(std::vector<RangeStatRow>& rows)
{
    std::sort(rows.begin(), rows.end(), [](const RangeStatRow& a, const RangeStatRow& b) {
        if (a.totalNs != b.totalNs)
            return a.totalNs > b.totalNs;
        if (a.name != b.name)
            return a.name < b.name;
        return a.lane < b.lane;
    });
}

RangeOverlapBlock overlapBlock(const TraceData& trace, TimeRange range, const DeviceTasks* given)
{
    RangeOverlapBlock block;
    block.rangeNs = range.durationNs();
    DeviceTasks collected;
    if (!given)
        collected = collectDeviceTasks(trace);
    const DeviceTasks& device = given ? *given : collected;
    std::vector<TimeRange> compute;
    std::vector<TimeRange> comm;
    for (const DeviceTask& t : device.tasks) {
        if (t.rangeNs.endNs <= range.startNs || t.rangeNs.startNs >= range.endNs)
            continue;
        (t.compute ? compute : comm).push_back(t.rangeNs);
    }
    block.hasDeviceTasks = !device.tasks.empty();
    const IntervalSet computeSet = IntervalSet::fromUnsorted(std::move(compute)).clip(range);
    const IntervalSet commSet = IntervalSet::fromUnsorted(std::move(comm)).clip(range);
    block.computingNs = computeSet.totalNs();
    block.communicationNs = commSet.totalNs();
    block.communicationNotOverlappedNs = commSet.subtract(computeSet).totalNs();
    block.overlappedNs = block.communicationNs - block.communicationNotOverlappedNs;
    block.freeNs = block.rangeNs - computeSet.unite(commSet).totalNs();

    const OverlapLaneTotals lanes = overlapLaneTotals(trace, range, OverlapLaneWindow::Clipped);
    block.hasProfilerLanes = lanes.present;
    block.lanesComputingNs = lanes.computingNs;
    block.lanesCommunicationNs = lanes.communicationNs;
    block.lanesCommunicationNotOverlappedNs = lanes.communicationNotOverlappedNs;
    block.lanesFreeNs = lanes.freeNs;
    return block;
}

} // namespace

void RangeOverlapBlock::add(const RangeOverlapBlock& o)
{
    hasDeviceTasks = hasDeviceTasks || o.hasDeviceTasks;
    rangeNs += o.rangeNs;
    computingNs += o.computingNs;
    communicationNs += o.communicationNs;
    communicationNotOverlappedNs += o.communicationNotOverlappedNs;
    overlappedNs += o.overlappedNs;
    freeNs += o.freeNs;
    hasProfilerLanes = hasProfilerLanes || o.hasProfilerLanes;
    lanesComputingNs += o.lanesComputingNs;
    lanesCommunicationNs += o.lanesCommunicationNs;
    lanesCommunicationNotOverlappedNs += o.lanesCommunicationNotOverlappedNs;
    lanesFreeNs += o.lanesFreeNs;
}

qint64 RangeStats::sliceCount() const
{
    qint64 n = 0;
    for (const RangeStatRow& r : byName)
        n += r.count;
    return n;
}

qint64 RangeStats::partialCount() const
{
    qint64 n = 0;
    for (const RangeStatRow& r : byName)
        n += r.partialCount;
    return n;
}

QString traceLaneName(const ProcessTrack& process, const ThreadTrack& thread)
{
    const QString threadName = thread.name.isEmpty() ? Tr::tr("Thread %1").arg(thread.tid) : thread.name;
    return process.displayName() + QStringLiteral(" / ") + threadName;
}

RangeStats computeRangeStats(
    const TraceData& trace, TimeRange rangeNs, const RangeLaneFilter& include, const DeviceTasks* device)
{
    RangeStats result;
    result.rangeNs = rangeNs;
    if (rangeNs.endNs <= rangeNs.startNs)
        return result;
    const TimeNs a = rangeNs.startNs;
    const TimeNs b = rangeNs.endNs;
    // Per lane by interned name first: a string is built once per name, not per slice.
    std::unordered_map<std::uint32_t, std::size_t> byNameIndex;
    for (std::size_t p = 0; p < trace.processes.size(); ++p) {
        const ProcessTrack& process = trace.processes[p];
        for (std::size_t t = 0; t < process.threads.size(); ++t) {
            const ThreadTrack& thread = process.threads[t];
            if (thread.role == LaneRole::OverlapAnalysis)
                continue;
            if (include && !include(int(p), int(t)))
                continue;
            const SliceColumns& s = thread.slices;
            // Sorted by start: nothing from the first start at or after the end of the range on.
            const std::size_t hi = std::size_t(std::lower_bound(s.startNs.begin(), s.startNs.end(), b) - s.startNs.begin());
            std::unordered_map<std::uint32_t, RangeStatRow> lane;
            for (std::size_t i = 0; i < hi; ++i) {
                const TimeNs endNs = s.endNs(i);
                if (endNs <= a)
                    continue;
                const TimeNs insideNs = std::min(endNs, b) - std::max(s.startNs[i], a);
                accumulate(lane[s.name[i].value], std::max<TimeNs>(insideNs, 0), s.startNs[i] < a || endNs > b);
            }
            if (lane.empty())
                continue;
            const QString laneName = traceLaneName(process, thread);
            for (auto& [nameId, row] : lane) {
                row.name = trace.strings.string(StringId { nameId });
                row.lane = laneName;
                auto [it, inserted] = byNameIndex.try_emplace(nameId, result.byName.size());
                if (inserted) {
                    RangeStatRow merged = row;
                    merged.lane.clear();
                    result.byName.push_back(merged);
                } else {
                    mergeInto(result.byName[it->second], row);
                }
                result.byLane.push_back(std::move(row));
            }
        }
    }
    sortByTotal(result.byName);
    sortByTotal(result.byLane);
    result.overlap = overlapBlock(trace, rangeNs, device);
    return result;
}

std::vector<RangeStatRow> mergeRangeRows(const std::vector<std::vector<RangeStatRow>>& perRank)
{
    std::vector<RangeStatRow> out;
    QHash<QPair<QString, QString>, std::size_t> index;
    for (const auto& rows : perRank)
        for (const RangeStatRow& r : rows) {
            const auto key = qMakePair(r.name, r.lane);
            auto it = index.find(key);
            if (it == index.end()) {
                index.insert(key, out.size());
                out.push_back(r);
            } else {
                mergeInto(out[*it], r);
            }
        }
    sortByTotal(out);
    return out;
}

} // namespace profscope
