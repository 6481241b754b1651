// SPDX-License-Identifier: Apache-2.0
#include "tracebuilder.h"

#include "../model/runsort.h"

#include "traceroles.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <thread>

namespace profscope {

TraceBuilder::TraceBuilder(bool partial)
    : m_partial(partial)
{
}

std::uint32_t TraceBuilder::addSourceFile(const QString& path)
{
    m_data.sourceFiles.append(path);
    return std::uint32_t(m_data.sourceFiles.size() - 1);
}

std::uint32_t TraceBuilder::process(qint64 pid)
{
    // Consecutive events mostly share a pid: skip the hash lookup then.
    if (m_lastProcess != UINT32_MAX && m_lastPid == pid)
        return m_lastProcess;
    auto [it, inserted] = m_processIndex.try_emplace(pid, std::uint32_t(m_processes.size()));
    if (inserted) {
        ProcessBuild p;
        p.track.pid = pid;
        m_processes.push_back(std::move(p));
    }
    m_lastPid = pid;
    m_lastProcess = it->second;
    return it->second;
}

std::uint32_t TraceBuilder::thread(std::uint32_t process, qint64 tid)
{
    ProcessBuild& p = m_processes[process];
    auto [it, inserted] = p.threadIndex.try_emplace(tid, std::uint32_t(p.threads.size()));
    if (inserted) {
        ThreadBuild t;
        t.track.tid = tid;
        t.track.sortIndex = tid;
        p.threads.push_back(std::move(t));
    }
    return it->second;
}

TimeNs TraceBuilder::firstSliceStart(qint64 pid) const
{
    const auto it = m_processIndex.find(pid);
    if (it == m_processIndex.end())
        return kInvalidTime;
    TimeNs first = kInvalidTime;
    for (const ThreadBuild& t : m_processes[it->second].threads)
        for (const TimeNs start : t.track.slices.startNs)
            if (first == kInvalidTime || start < first)
                first = start;
    return first;
}

qint64 TraceBuilder::syntheticId(std::string_view text)
{
    // Negative ids never collide with the numeric pids/tids of real traces.
    auto [it, inserted] = m_syntheticIds.try_emplace(std::string(text), -qint64(m_syntheticIds.size()) - 1);
    return it->second;
}

void TraceBuilder::addSlice(std::uint32_t process, std::uint32_t thread, TimeNs startNs, TimeNs durNs, StringId name,
    StringId category, ArgsRef args, StringId taskType)
{
    if (!isRepresentableTime(startNs) || !isRepresentableDuration(durNs)) {
        ++m_timesOutOfRange;
        return;
    }
    if (!keepsSlice(startNs, durNs)) {
        ++m_data.stats.outsideWindow;
        return;
    }
    ThreadBuild& t = m_processes[process].threads[thread];
    SliceColumns& s = t.track.slices;
    s.startNs.push_back(startNs);
    s.durNs.push_back(std::max<TimeNs>(durNs, 0));
    s.name.push_back(name);
    s.category.push_back(category);
    s.args.push_back(args);
    s.taskType.push_back(taskType);
    touch(t, startNs + std::max<TimeNs>(durNs, 0));
}

void TraceBuilder::beginSlice(
    std::uint32_t process, std::uint32_t thread, TimeNs tsNs, StringId name, StringId category, ArgsRef args)
{
    if (!isRepresentableTime(tsNs)) {
        ++m_timesOutOfRange;
        return;
    }
    ThreadBuild& t = m_processes[process].threads[thread];
    t.open.push_back({ tsNs, name, category, args });
    touch(t, tsNs);
}

void TraceBuilder::endSlice(std::uint32_t process, std::uint32_t thread, TimeNs tsNs)
{
    if (!isRepresentableTime(tsNs)) {
        ++m_timesOutOfRange;
        return;
    }
    ThreadBuild& t = m_processes[process].threads[thread];
    if (t.open.empty()) {
        if (m_partial)
            t.pendingEnds.push_back(tsNs);
        else
            ++m_data.stats.unmatchedEnds;
        return;
    }
    const OpenSlice o = t.open.back();
    t.open.pop_back();
    addSlice(process, thread, o.startNs, tsNs - o.startNs, o.name, o.category, o.args);
}

void TraceBuilder::addInstant(
    std::uint32_t process, std::uint32_t thread, TimeNs tsNs, StringId name, StringId category, ArgsRef args)
{
    if (!isRepresentableTime(tsNs)) {
        ++m_timesOutOfRange;
        return;
    }
    if (!keepsTime(tsNs)) {
        ++m_data.stats.outsideWindow;
        return;
    }
    ThreadBuild& t = m_processes[process].threads[thread];
    InstantColumns& i = t.track.instants;
    i.tsNs.push_back(tsNs);
    i.name.push_back(name);
    i.category.push_back(category);
    i.args.push_back(args);
    touch(t, tsNs);
}

CounterSeries& TraceBuilder::counterSeries(ProcessBuild& p, StringId name, StringId key)
{
    const std::uint64_t k = (std::uint64_t(name.value) << 32) | key.value;
    auto [it, inserted] = p.counterIndex.try_emplace(k, std::uint32_t(p.track.counters.size()));
    if (inserted) {
        CounterSeries series;
        series.name = name;
        series.key = key;
        p.track.counters.push_back(std::move(series));
    }
    return p.track.counters[it->second];
}

void TraceBuilder::addCounter(std::uint32_t process, StringId name, StringId key, TimeNs tsNs, double value)
{
    if (!isRepresentableTime(tsNs)) {
        ++m_timesOutOfRange;
        return;
    }
    if (!keepsTime(tsNs)) {
        ++m_data.stats.outsideWindow;
        return;
    }
    CounterSeries& c = counterSeries(m_processes[process], name, key);
    c.tsNs.push_back(tsNs);
    c.value.push_back(value);
}

void TraceBuilder::addFlowPoint(FlowPhase phase, std::uint32_t process, std::uint32_t thread, TimeNs tsNs,
    StringId category, StringId name, std::uint64_t idKey, StringId idText, bool bindEnclosing)
{
    if (!isRepresentableTime(tsNs)) {
        ++m_timesOutOfRange;
        return;
    }
    m_flowPoints.push_back({ tsNs, idText.isValid() ? idText.value : idKey, category, name, process, thread,
        std::uint32_t(m_flowPointsInSegments + m_flowPoints.size()),
        phase, bindEnclosing, idText.isValid() });
}

void TraceBuilder::setThreadRole(std::uint32_t process, std::uint32_t thread, LaneRole role)
{
    m_processes[process].threads[thread].track.role = role;
}

void TraceBuilder::setFlowCategoryRole(StringId category, FlowRole role)
{
    m_flowRoles[category.value] = role;
}

void TraceBuilder::addStepMarker(const QString& id, TimeRange rangeNs)
{
    if (!isRepresentableTime(rangeNs.startNs) || !isRepresentableTime(rangeNs.endNs)) {
        ++m_timesOutOfRange;
        return;
    }
    if (!keepsSlice(rangeNs.startNs, rangeNs.durationNs()))
        return;
    m_data.steps.push_back({ id, rangeNs });
}

void TraceBuilder::setArgsSource(std::uint32_t fileIndex, std::shared_ptr<const ArgsSource> source)
{
    if (m_data.argsSources.size() <= fileIndex)
        m_data.argsSources.resize(fileIndex + 1);
    m_data.argsSources[fileIndex] = std::move(source);
}

static QString fromUtf8(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

void TraceBuilder::setProcessName(std::uint32_t process, std::string_view name)
{
    auto& t = m_processes[process].track;
    t.name = fromUtf8(name);
    t.hasMetadata = true;
}

void TraceBuilder::setProcessLabels(std::uint32_t process, std::string_view labels)
{
    auto& t = m_processes[process].track;
    t.labels = fromUtf8(labels);
    t.hasMetadata = true;
}

void TraceBuilder::setProcessSortIndex(std::uint32_t process, qint64 sortIndex)
{
    auto& t = m_processes[process].track;
    t.sortIndex = sortIndex;
    t.hasSortIndex = true;
    t.hasMetadata = true;
}

void TraceBuilder::setThreadName(std::uint32_t process, std::uint32_t thread, std::string_view name)
{
    m_processes[process].threads[thread].track.name = fromUtf8(name);
}

void TraceBuilder::setThreadSortIndex(std::uint32_t process, std::uint32_t thread, qint64 sortIndex)
{
    auto& t = m_processes[process].threads[thread].track;
    t.sortIndex = sortIndex;
    t.hasSortIndex = true;
}

template <typename T> static void applyPermutation(std::vector<T>& column, const std::vector<std::uint32_t>& order)
{
    std::vector<T> sorted;
    sorted.reserve(column.size());
    for (auto i : order)
        sorted.push_back(column[i]);
    column = std::move(sorted);
}

void TraceBuilder::sortAndNest(ThreadTrack& thread)
{
    SliceColumns& s = thread.slices;
    const std::size_t n = s.size();
    // Most traces are written in time order: check before paying for a sort.
    bool sorted = true;
    for (std::size_t i = 1; i < n && sorted; ++i)
        sorted = s.startNs[i - 1] < s.startNs[i] || (s.startNs[i - 1] == s.startNs[i] && s.durNs[i - 1] >= s.durNs[i]);
    if (!sorted) {
        std::vector<std::uint32_t> order(n);
        std::iota(order.begin(), order.end(), 0u);
        // Usually a few sorted runs (nested rows written parent and
        // children by turns): merged, not sorted.
        stableSortRuns(order.begin(), order.end(), [&s](std::uint32_t a, std::uint32_t b) {
            if (s.startNs[a] != s.startNs[b])
                return s.startNs[a] < s.startNs[b];
            return s.durNs[a] > s.durNs[b]; // parent (longer) first
        });
        applyPermutation(s.startNs, order);
        applyPermutation(s.durNs, order);
        applyPermutation(s.name, order);
        applyPermutation(s.category, order);
        applyPermutation(s.args, order);
        applyPermutation(s.taskType, order);
    }
    // Depth by a stack of open ends: a slice that starts before the top ends
    // is nested in it. Partial overlaps go one level deeper, so that within a
    // depth slices never overlap.
    s.depth.assign(n, 0);
    std::vector<TimeNs> ends;
    std::uint16_t maxDepth = 0;
    for (std::size_t i = 0; i < n; ++i) {
        while (!ends.empty() && ends.back() <= s.startNs[i])
            ends.pop_back();
        const auto depth = std::uint16_t(std::min<std::size_t>(ends.size(), std::numeric_limits<std::uint16_t>::max()));
        s.depth[i] = depth;
        maxDepth = std::max(maxDepth, depth);
        ends.push_back(s.startNs[i] + s.durNs[i]);
    }
    thread.maxDepth = maxDepth;

    InstantColumns& in = thread.instants;
    if (!std::is_sorted(in.tsNs.begin(), in.tsNs.end())) {
        std::vector<std::uint32_t> order(in.size());
        std::iota(order.begin(), order.end(), 0u);
        stableSortRuns(order.begin(), order.end(), [&in](auto a, auto b) { return in.tsNs[a] < in.tsNs[b]; });
        applyPermutation(in.tsNs, order);
        applyPermutation(in.name, order);
        applyPermutation(in.category, order);
        applyPermutation(in.args, order);
    }
}

std::vector<std::int32_t> TraceBuilder::parentIndexes(const SliceColumns& s)
{
    // The same stack of open slices as the depth pass in sortAndNest: a
    // slice's parent is the innermost slice still open when it starts.
    std::vector<std::int32_t> parent(s.size(), -1);
    std::vector<std::int32_t> open;
    for (std::size_t i = 0; i < s.size(); ++i) {
        while (!open.empty() && s.endNs(std::size_t(open.back())) <= s.startNs[i])
            open.pop_back();
        parent[i] = open.empty() ? -1 : open.back();
        open.push_back(std::int32_t(i));
    }
    return parent;
}

std::int32_t TraceBuilder::bindSlice(
    const ThreadTrack& thread, TimeNs ts, bool enclosing, const std::vector<std::int32_t>& parent, std::size_t& hint)
{
    const SliceColumns& s = thread.slices;
    if (s.size() == 0)
        return -1;
    if (!enclosing) {
        // The next slice that starts at or after ts.
        const std::size_t i = gallopBound(s.startNs.data(), s.size(), ts, false, hint);
        return i == s.size() ? -1 : std::int32_t(i);
    }
    // The deepest slice with start <= ts <= end. Every such slice starts at
    // or before the last slice that starts at or before ts and contains that
    // start, so it is that slice or one of its ancestors: walk up from it
    // (a walk back over all earlier slices is quadratic under a long parent
    // such as a step with thousands of children).
    std::int32_t i = std::int32_t(gallopBound(s.startNs.data(), s.size(), ts, true, hint)) - 1;
    while (i >= 0 && ts > s.endNs(std::size_t(i)))
        i = parent[std::size_t(i)];
    return i;
}

TraceData TraceBuilder::finish(int threads)
{
    TimeRange range { std::numeric_limits<TimeNs>::max(), std::numeric_limits<TimeNs>::min() };
    auto extend = [&range](TimeNs a, TimeNs b) {
        range.startNs = std::min(range.startNs, a);
        range.endNs = std::max(range.endNs, b);
    };
    // Close B slices that never got their E at the thread's last timestamp.
    for (std::uint32_t p = 0; p < m_processes.size(); ++p) {
        for (std::uint32_t t = 0; t < m_processes[p].threads.size(); ++t) {
            auto& th = m_processes[p].threads[t];
            while (!th.open.empty()) {
                ++m_data.stats.unterminatedBegins;
                endSlice(p, t, th.lastTsNs);
            }
        }
    }
    // Order processes by (sort index, pid) and threads by (sort index, tid),
    // as trace viewers do; unsorted ones after the sorted ones.
    std::vector<std::uint32_t> processOrder(m_processes.size());
    std::iota(processOrder.begin(), processOrder.end(), 0u);
    std::stable_sort(processOrder.begin(), processOrder.end(), [this](auto a, auto b) {
        const auto& x = m_processes[a].track;
        const auto& y = m_processes[b].track;
        if (x.hasSortIndex != y.hasSortIndex)
            return x.hasSortIndex;
        if (x.sortIndex != y.sortIndex)
            return x.sortIndex < y.sortIndex;
        return x.pid < y.pid;
    });
    // The flow points sort on another thread while the slices sort and nest
    // here: they do not depend on each other, and on big traces both are
    // the longest serial steps of the load.
    std::thread flowSorter;
    if (threads > 1 && m_flowPointsInSegments + m_flowPoints.size() > 50000)
        flowSorter = std::thread([this, threads] { sortFlowPoints(threads); });
    else
        sortFlowPoints(1);
    std::vector<std::uint32_t> processRemap(m_processes.size());
    std::vector<std::vector<std::uint32_t>> threadRemap(m_processes.size());
    m_data.processes.clear();
    m_data.processes.reserve(m_processes.size());
    for (std::uint32_t newIndex = 0; newIndex < processOrder.size(); ++newIndex) {
        const auto old = processOrder[newIndex];
        processRemap[old] = newIndex;
        ProcessBuild& pb = m_processes[old];
        std::vector<std::uint32_t> threadOrder(pb.threads.size());
        std::iota(threadOrder.begin(), threadOrder.end(), 0u);
        std::stable_sort(threadOrder.begin(), threadOrder.end(), [&pb](auto a, auto b) {
            const auto& x = pb.threads[a].track;
            const auto& y = pb.threads[b].track;
            if (x.sortIndex != y.sortIndex)
                return x.sortIndex < y.sortIndex;
            return x.tid < y.tid;
        });
        threadRemap[old].resize(pb.threads.size());
        ProcessTrack track = std::move(pb.track);
        track.threads.reserve(track.threads.size() + threadOrder.size()); // kept: no growth slack
        for (std::uint32_t nt = 0; nt < threadOrder.size(); ++nt) {
            threadRemap[old][threadOrder[nt]] = nt;
            ThreadTrack thread = std::move(pb.threads[threadOrder[nt]].track);
            sortAndNest(thread);
            for (std::size_t i = 0; i < thread.slices.size(); ++i)
                extend(thread.slices.startNs[i], thread.slices.endNs(i));
            for (auto ts : thread.instants.tsNs)
                extend(ts, ts);
            track.threads.push_back(std::move(thread));
        }
        for (auto& c : track.counters) {
            if (!std::is_sorted(c.tsNs.begin(), c.tsNs.end())) {
                std::vector<std::uint32_t> order(c.tsNs.size());
                std::iota(order.begin(), order.end(), 0u);
                std::stable_sort(order.begin(), order.end(), [&c](auto a, auto b) { return c.tsNs[a] < c.tsNs[b]; });
                applyPermutation(c.tsNs, order);
                applyPermutation(c.value, order);
            }
            if (!c.tsNs.empty())
                extend(c.tsNs.front(), c.tsNs.back());
        }
        m_data.processes.push_back(std::move(track));
    }
    if (flowSorter.joinable())
        flowSorter.join();
    pairFlows(threads, threadRemap, processRemap);
    m_data.rangeNs = range.startNs <= range.endNs ? range : TimeRange {};
    std::stable_sort(m_data.steps.begin(), m_data.steps.end(),
        [](const StepMarker& a, const StepMarker& b) { return a.rangeNs.startNs < b.rangeNs.startNs; });
    inferRolesFromNames(m_data);
    m_processes.clear();
    m_processIndex.clear();
    m_lastProcess = UINT32_MAX;
    return std::move(m_data);
}

} // namespace profscope
