// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/trace.h"

#include <QString>

#include <functional>
#include <vector>

namespace profscope {

struct DeviceTasks;

// What the slices of one rank do inside a time range, as Perfetto's and
// Nsight's range summaries give it: every slice contributes only the part of
// it that lies inside the range, so a 13 ms step that sticks out of a 6 ms
// selection counts 6 ms. The profiler's Overlap Analysis lanes summarise the
// tasks rather than being ops: they are left out of the op rows and reported
// on their own, next to the same categories recomputed from the tasks.
struct RangeStatRow
{
    QString name;
    QString lane; // "Ascend Hardware / Stream 2"; empty in RangeStats::byName
    qint64 count = 0; // slices overlapping the range
    qint64 partialCount = 0; // of which stick out of it on either side
    TimeNs totalNs = 0; // Σ of the parts inside the range
    TimeNs minNs = 0; // of the parts inside
    TimeNs maxNs = 0;
};

// Where the device's time inside the range goes, after the overview's
// definitions (see overview.h): Computing + Communication(Not Overlapped) +
// Free = the range exactly; Overlapped is the part of Communication hidden
// under Computing. The profiler's own Overlap Analysis lanes, clipped to the
// same range, are given beside them when the trace has them.
struct RangeOverlapBlock
{
    bool hasDeviceTasks = false;
    TimeNs rangeNs = 0;
    TimeNs computingNs = 0;
    TimeNs communicationNs = 0;
    TimeNs communicationNotOverlappedNs = 0;
    TimeNs overlappedNs = 0;
    TimeNs freeNs = 0;

    bool hasProfilerLanes = false;
    TimeNs lanesComputingNs = 0;
    TimeNs lanesCommunicationNs = 0;
    TimeNs lanesCommunicationNotOverlappedNs = 0;
    TimeNs lanesFreeNs = 0;

    void add(const RangeOverlapBlock& other);
};

struct RangeStats
{
    TimeRange rangeNs {};
    std::vector<RangeStatRow> byName; // merged over lanes, largest total first
    std::vector<RangeStatRow> byLane; // per lane and name, largest total first
    RangeOverlapBlock overlap;

    qint64 sliceCount() const;
    qint64 partialCount() const;
};

// "Process / Thread" as the timeline titles a lane ("Thread 123" without a name).
QString traceLaneName(const ProcessTrack& process, const ThreadTrack& thread);

// Which thread lanes count (the timeline passes the ones the user shows);
// every lane when empty.
using RangeLaneFilter = std::function<bool(int process, int thread)>;

// [rangeNs.startNs, rangeNs.endNs) in the trace's own clock. A slice counts
// when it overlaps the range (start < end of range and end > start of range;
// an instantaneous slice strictly inside counts with 0 ns).
// `device`: the trace's device tasks when the caller has them (rankDeviceTasks);
// otherwise they are collected here.
RangeStats computeRangeStats(const TraceData& trace, TimeRange rangeNs, const RangeLaneFilter& include = {},
    const DeviceTasks* device = nullptr);

// Rows of several ranks' statistics merged by name (and lane when `byLane`),
// largest total first: the multi-rank timeline's one table.
std::vector<RangeStatRow> mergeRangeRows(const std::vector<std::vector<RangeStatRow>>& perRank);

} // namespace profscope
