// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/timebounds.h"
#include "../model/trace.h"

#include <QString>

#include <string_view>
#include <unordered_map>
#include <vector>

namespace profscope {

// Accumulates the events of one rank's trace files (in any order, from one
// thread) and turns them into the sorted, immutable TraceData: slices sorted
// and nested into depths, B/E pairs matched, flows paired and bound to slices.
class TraceBuilder
{
public:
    // A partial builder collects one chunk of a file for a parallel parse:
    // E events without a B are kept for merge() instead of being counted.
    explicit TraceBuilder(bool partial = false);
    TraceBuilder(TraceBuilder&&) = default;
    TraceBuilder& operator=(TraceBuilder&&) = default;

    // Appends a partial builder holding the events that follow this one's in
    // the file (chunks are merged in file order).
    void merge(TraceBuilder&& other);
    // Merged chunks' flow points stay in the arrays their chunks filled
    // (segments; finish() sorts each where it is and merges them as they are
    // paired): appending them to one array cost the merging thread, which
    // paces a parallel parse, a copy of every point and page faults in the
    // arrays it outgrew.
    std::size_t flowPointSegments() const // tests
    {
        return m_flowSegments.size() + (m_flowPoints.empty() ? 0 : 1);
    }

    StringPool& strings()
    {
        return m_data.strings;
    }
    TraceStats& stats()
    {
        return m_data.stats;
    }
    std::uint32_t addSourceFile(const QString& path);

    // pid / tid as written; string ids that are not numbers get stable synthetic ids.
    std::uint32_t process(qint64 pid);
    // Whether an event of this pid was added (without adding the process).
    bool hasProcess(qint64 pid) const
    {
        return m_processIndex.count(pid) != 0;
    }
    // The earliest start of the slices added to a process so far;
    // kInvalidTime when it has none.
    TimeNs firstSliceStart(qint64 pid) const;
    std::uint32_t thread(std::uint32_t process, qint64 tid);
    qint64 syntheticId(std::string_view text); // for non-numeric pid/tid strings

    void addSlice(std::uint32_t process, std::uint32_t thread, TimeNs startNs, TimeNs durNs, StringId name,
                  StringId category, ArgsRef args, StringId taskType = {});
    void beginSlice(std::uint32_t process, std::uint32_t thread, TimeNs tsNs, StringId name, StringId category,
                    ArgsRef args);
    void endSlice(std::uint32_t process, std::uint32_t thread, TimeNs tsNs);
    void addInstant(std::uint32_t process, std::uint32_t thread, TimeNs tsNs, StringId name, StringId category,
                    ArgsRef args);
    void addCounter(std::uint32_t process, StringId name, StringId key, TimeNs tsNs, double value);

    enum class FlowPhase : char { Start = 's', Step = 't', Finish = 'f' };
    // bindEnclosing: the end binds to the slice enclosing ts (bp "e", and
    // always for s / t); otherwise to the next slice that starts at or after ts.
    // idKey: the numeric id, or idText's value for a non-numeric id.
    void addFlowPoint(FlowPhase phase, std::uint32_t process, std::uint32_t thread, TimeNs tsNs, StringId category,
                      StringId name, std::uint64_t idKey, StringId idText, bool bindEnclosing);
    // Room for `more` flow points beyond those added (importers that know their count).
    void reserveFlowPoints(std::size_t more)
    {
        m_flowPoints.reserve(m_flowPoints.size() + more);
    }

    void setProcessName(std::uint32_t process, std::string_view name);
    void setProcessLabels(std::uint32_t process, std::string_view labels);
    void setProcessSortIndex(std::uint32_t process, qint64 sortIndex);
    void setThreadName(std::uint32_t process, std::uint32_t thread, std::string_view name);
    void setThreadSortIndex(std::uint32_t process, std::uint32_t thread, qint64 sortIndex);
    // Roles for importers that know what their rows are; whatever is left
    // unset is inferred from the trace's names in finish().
    void setThreadRole(std::uint32_t process, std::uint32_t thread, LaneRole role);
    void setFlowCategoryRole(StringId category, FlowRole role);
    void addStepMarker(const QString& id, TimeRange rangeNs);
    // Args of source `fileIndex` made on demand (see TraceData::argsSources).
    void setArgsSource(std::uint32_t fileIndex, std::shared_ptr<const ArgsSource> source);

    // Partial import (a step window): only events overlapping windowNs are
    // kept, the rest is dropped as it arrives. Slices are kept when they
    // overlap the half-open window [start, end) (zero-length ones when they
    // start inside it), instants and counter samples when their time is
    // inside it, flows only when both ends are inside it (a flow to an event
    // that was not kept would point nowhere), step markers when they overlap.
    // Metadata (names, sort indexes) is always kept. Set before any event.
    void setWindow(TimeRange windowNs)
    {
        m_windowNs = windowNs;
        m_windowed = true;
    }
    bool isWindowed() const
    {
        return m_windowed;
    }
    TimeRange window() const
    {
        return m_windowNs;
    }
    // Whether an event would be kept (the add functions check it too):
    // decoders skip interning the names and args of events outside.
    bool keepsSlice(TimeNs startNs, TimeNs durNs) const
    {
        if (!m_windowed)
            return true;
        if (durNs <= 0)
            return startNs >= m_windowNs.startNs && startNs < m_windowNs.endNs;
        return startNs < m_windowNs.endNs && saturatingAdd(startNs, durNs) > m_windowNs.startNs;
    }
    bool keepsTime(TimeNs tsNs) const
    {
        return !m_windowed || (tsNs >= m_windowNs.startNs && tsNs < m_windowNs.endNs);
    }
    void countOutsideWindow()
    {
        ++m_data.stats.outsideWindow;
    }

    // Consumes the builder. `threads`: how many threads it may use (the
    // flow points of a large trace sort on others while the lanes sort and
    // nest here; 1 when the caller already loads several ranks at once).
    TraceData finish(int threads = 2);
    // Events dropped for a time or duration beyond ±kMaxAbsTimeNs
    // (timebounds.h); kept here, not in TraceStats, and reported by the caller.
    qint64 timesOutOfRange() const
    {
        return m_timesOutOfRange;
    }
    void countTimeOutOfRange()
    {
        ++m_timesOutOfRange;
    }

private:
    struct OpenSlice
    {
        TimeNs startNs;
        StringId name;
        StringId category;
        ArgsRef args;
    };
    struct ThreadBuild
    {
        ThreadTrack track;
        std::vector<OpenSlice> open;
        std::vector<TimeNs> pendingEnds; // partial builders: E events whose B is in an earlier chunk
        TimeNs lastTsNs = kInvalidTime;
    };
    struct ProcessBuild
    {
        ProcessTrack track;
        std::vector<ThreadBuild> threads;
        std::unordered_map<qint64, std::uint32_t> threadIndex;
        std::unordered_map<std::uint64_t, std::uint32_t> counterIndex; // (name << 32 | key)
    };
    struct FlowPoint
    {
        TimeNs tsNs;
        std::uint64_t idKey;
        StringId category;
        StringId name;
        std::uint32_t process;
        std::uint32_t thread;
        std::uint32_t order;
        FlowPhase phase;
        bool bindEnclosing;
        // A text id is interned; idKey then holds its StringId's value. A
        // flag rather than a StringId field keeps a point at 40 bytes (48
        // with the field): millions of them are written, sorted and read.
        bool idIsText;
        StringId idText() const
        {
            return idIsText ? StringId { std::uint32_t(idKey) } : StringId {};
        }
    };
    static_assert(sizeof(FlowPoint) == 40);

    void touch(ThreadBuild& t, TimeNs ts)
    {
        if (t.lastTsNs == kInvalidTime || ts > t.lastTsNs)
            t.lastTsNs = ts;
    }
    static CounterSeries& counterSeries(ProcessBuild& process, StringId name, StringId key);
    static void sortAndNest(ThreadTrack& thread);
    static std::vector<std::int32_t> parentIndexes(const SliceColumns& slices);
    // `hint`: where the last search of this thread ended (kept by the
    // caller, starting at 0): the points of a thread come roughly in time
    // order, so the search gallops on from there.
    static std::int32_t bindSlice(const ThreadTrack& thread, TimeNs ts, bool enclosing,
        const std::vector<std::int32_t>& parent, std::size_t& hint);
    static bool flowKeyLess(const FlowPoint& a, const FlowPoint& b);
    static bool flowPointLess(const FlowPoint& a, const FlowPoint& b);
    void sortFlowPoints(int threads);
    void sortAllFlowPoints(int threads);
    // Calls visit(const FlowPoint* points, std::size_t n) for each group of
    // one (category, id) whose key lies in [from, to) (null: unbounded), in
    // sorted order.
    template <class Visit>
    void forEachFlowGroup(const FlowPoint* from, const FlowPoint* to, Visit&& visit) const;
    void pairFlows(int threads, const std::vector<std::vector<std::uint32_t>>& threadRemap, const std::vector<std::uint32_t>& processRemap);

    TraceData m_data;
    std::vector<ProcessBuild> m_processes;
    std::unordered_map<qint64, std::uint32_t> m_processIndex;
    std::unordered_map<std::string, qint64> m_syntheticIds;
    bool m_partial = false;
    using FlowPoints = std::vector<FlowPoint>;
    // Points are numbered in the order they were added (FlowPoint::order):
    // those of m_flowSegments (merged chunks, in file order) first, then
    // m_flowPoints (added here since the last merge).
    FlowPoints m_flowPoints;
    std::vector<FlowPoints> m_flowSegments;
    std::size_t m_flowPointsInSegments = 0;
    void sealFlowPoints(); // moves m_flowPoints to the segments
    std::unordered_map<std::uint32_t, FlowRole> m_flowRoles; // by category string id
    std::uint32_t m_lastProcess = UINT32_MAX;
    qint64 m_lastPid = 0;
    TimeRange m_windowNs;
    bool m_windowed = false;
    qint64 m_timesOutOfRange = 0;
};

} // namespace profscope
