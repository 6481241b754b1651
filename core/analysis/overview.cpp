// SPDX-License-Identifier: Apache-2.0
#include "overview.h"

#include "../model/timebounds.h"
#include "intervals.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>
#include <cmath>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::Overview)
};

} // namespace

bool isComputeTaskType(std::string_view t)
{
    // Kernels are named in many ways across versions (AI_CORE, KERNEL_AIVEC,
    // MIX_AIV, DSA_SQE, STARS_COMMON, and "Other" for AI Core kernels in
    // torch_npu builds of 2023-24), so a device task is compute unless it is
    // a known non-compute task: copies, events, notifies, write value,
    // placeholders, profiling switches and HCCL's inline reduce. Without a Task Type nothing is known.
    if (t.empty() || t == "N/A")
        return false;
    static constexpr std::string_view nonCompute[] = { "MEMCPY", "SDMA", "PCIE_DMA", "DMA_SQE", "EVENT", "NOTIFY",
        "WRITE VALUE", "WRITE_VALUE", "WRITEVALUE", "PLACE_HOLDER", "PLACEHOLDER", "PROFILING", "BARRIER",
        "STREAM_", "MODEL_", "CAPTURE", "CMO", "FUSION_ISSUE", "MAINTENANCE", "RECORD", "WAIT",
        // HCCL's inline reduce on the copy engine (HcclReduceAsync; CANN msprof
        // timelines): communication, as the profiler's Overlap Analysis counts it.
        "REDUCE_ASYNC" };
    std::string upper(t);
    for (char& c : upper)
        if (c >= 'a' && c <= 'z')
            c = char(c - 'a' + 'A');
    for (std::string_view bad : nonCompute)
        if (upper.find(bad) != std::string::npos)
            return false;
    return true;
}

bool isReceiveOpName(std::string_view name)
{
    return name.starts_with("hcom_receive") || name.find("Receive-op") != std::string_view::npos;
}

QString stepTraceColumnName(StepTraceRow::Column column)
{
    switch (column) {
    case StepTraceRow::Computing:
        return QStringLiteral("Computing");
    case StepTraceRow::CommunicationNotOverlapped:
        return QStringLiteral("Communication(Not Overlapped)");
    case StepTraceRow::Overlapped:
        return QStringLiteral("Overlapped");
    case StepTraceRow::Communication:
        return QStringLiteral("Communication");
    case StepTraceRow::Free:
        return QStringLiteral("Free");
    case StepTraceRow::Stage:
        return QStringLiteral("Stage");
    case StepTraceRow::Bubble:
        return QStringLiteral("Bubble");
    case StepTraceRow::CommunicationNotOverlappedExcludeReceive:
        return QStringLiteral("Communication(Not Overlapped and Exclude Receive)");
    case StepTraceRow::Preparing:
        return QStringLiteral("Preparing");
    case StepTraceRow::ColumnCount:
        break;
    }
    return {};
}

DeviceTasks collectDeviceTasks(const TraceData& trace)
{
    DeviceTasks result;
    std::vector<HostStep>& hostSteps = result.steps;
    // Host step markers (in time order), as the importer found them.
    for (const StepMarker& m : trace.steps)
        hostSteps.push_back({ m.id, m.rangeNs });

    // Launch time of each device task, from its launch flow.
    std::vector<std::vector<std::vector<TimeNs>>> launch(trace.processes.size());
    for (std::size_t p = 0; p < trace.processes.size(); ++p) {
        launch[p].resize(trace.processes[p].threads.size());
        for (std::size_t t = 0; t < trace.processes[p].threads.size(); ++t)
            launch[p][t].assign(trace.processes[p].threads[t].slices.size(), kInvalidTime);
    }
    const FlowColumns& f = trace.flows;
    for (std::size_t i = 0; i < f.size(); ++i) {
        if (f.role[i] != FlowRole::Launch || f.toSlice[i] < 0)
            continue;
        TimeNs& l = launch[f.toProcess[i]][f.toThread[i]][std::size_t(f.toSlice[i])];
        if (l == kInvalidTime || f.fromNs[i] < l)
            l = f.fromNs[i];
    }

    // Device tasks. A lane names a few task types over and over: each
    // string id is classified once (the test upper-cases and searches 21
    // names: 9% of a database rank's load when done per task).
    std::vector<std::int8_t> computeType(trace.strings.size() + 1, -1); // string id -> 0 / 1, -1 not yet
    const auto isCompute = [&](StringId id) {
        if (id.value >= computeType.size())
            return isComputeTaskType(trace.strings.view(id));
        std::int8_t& known = computeType[id.value];
        if (known < 0)
            known = isComputeTaskType(trace.strings.view(id)) ? 1 : 0;
        return known == 1;
    };
    std::vector<DeviceTask>& tasks = result.tasks;
    for (std::size_t p = 0; p < trace.processes.size(); ++p) {
        const ProcessTrack& proc = trace.processes[p];
        for (std::size_t t = 0; t < proc.threads.size(); ++t) {
            const ThreadTrack& thread = proc.threads[t];
            const bool hardware = thread.role == LaneRole::DeviceTasks;
            const bool hccl = thread.role == LaneRole::CommunicationOps;
            if (!hardware && !hccl)
                continue;
            const SliceColumns& s = thread.slices;
            for (std::size_t i = 0; i < s.size(); ++i) {
                if (hardware && !isCompute(s.taskType[i]))
                    continue;
                tasks.push_back({ { s.startNs[i], s.endNs(i) }, launch[p][t][i], hardware,
                    hccl && isReceiveOpName(trace.strings.view(s.name[i])), int(p), int(t), i, -1 });
            }
        }
    }
    // Assign tasks to steps.
    auto stepOf = [&hostSteps](TimeNs t, bool byLaunch) -> std::ptrdiff_t {
        if (hostSteps.empty())
            return 0;
        // Last step that starts at or before t.
        auto it = std::upper_bound(
            hostSteps.begin(), hostSteps.end(), t, [](TimeNs v, const HostStep& s) { return v < s.rangeNs.startNs; });
        if (it == hostSteps.begin())
            return -1;
        --it;
        // A launch must lie inside the host slice; a device start only after its beginning.
        if (byLaunch && t > it->rangeNs.endNs)
            return -1;
        return it - hostSteps.begin();
    };
    for (DeviceTask& task : tasks) {
        const bool byLaunch = task.launchNs != kInvalidTime;
        task.step = int(stepOf(byLaunch ? task.launchNs : task.rangeNs.startNs, byLaunch));
    }
    return result;
}

namespace {

// A rank without device tasks (a summary-only copy, a trace that was not
// kept): the profiler's own figures, one row per step, marked as such.
RankOverview overviewFromSummary(const RankData& rank, const QString& why)
{
    RankOverview result;
    for (const StepTraceRow& row : rank.stepTrace) {
        if (row.deviceId >= 0 && rank.info.deviceId >= 0 && row.deviceId != rank.info.deviceId)
            continue; // newer StepTraceTime: one row per (device, step)
        StepOverview step;
        step.step = row.step;
        step.fromSummary = true;
        step.fromProfscopeSummary = rank.summary.isSummary() && rank.summary.stepsRecomputed;
        for (int c = 0; c < StepTraceRow::ColumnCount; ++c)
            step.valueNs[std::size_t(c)] = row.valueNs[std::size_t(c)] == kInvalidTime ? 0 : row.valueNs[std::size_t(c)];
        TimeNs span = step.value(StepTraceRow::Stage) + step.value(StepTraceRow::Bubble);
        if (span <= 0) // no Stage column: the parts that tile the step
            span = step.value(StepTraceRow::Computing) + step.value(StepTraceRow::CommunicationNotOverlapped)
                + step.value(StepTraceRow::Free);
        step.spanNs = { 0, span };
        step.kernelTimeNs = step.value(StepTraceRow::Computing);
        // A Profscope summary keeps what was recomputed from the timeline.
        if (row.spanNs.durationNs() > 0)
            step.spanNs = row.spanNs;
        step.hostRangeNs = row.hostRangeNs;
        if (row.kernelTimeNs != kInvalidTime)
            step.kernelTimeNs = row.kernelTimeNs;
        step.computeTasks = std::max<qint64>(row.computeTasks, 0);
        step.communicationOps = std::max<qint64>(row.communicationOps, 0);
        result.steps.push_back(std::move(step));
    }
    if (result.steps.empty()) {
        result.note = why;
        return result;
    }
    result.fromSummary = true;
    if (rank.summary.isSummary() && rank.summary.stepsRecomputed) {
        result.fromProfscopeSummary = true;
        result.note = Tr::tr("recomputed from the timeline next to the data by %1 on %2 (%3); the timeline itself was "
                             "not copied")
                          .arg(rank.summary.generator, rank.summary.computedOn, rank.summary.createdUtc);
        return result;
    }
    result.note = Tr::tr("from the profiler's summary (step_trace_time.csv / StepTraceTime), not recomputed: %1").arg(why);
    return result;
}

} // namespace

RankOverview computeOverview(const RankData& rank)
{
    RankOverview result;
    const TraceData& trace = rank.trace;
    if (trace.isEmpty())
        return overviewFromSummary(rank, Tr::tr("no timeline (trace_view.json or profiler database) was loaded for this rank"));
    const DeviceTasks device = collectDeviceTasks(trace);
    const std::vector<HostStep>& hostSteps = device.steps;
    if (device.tasks.empty())
        return overviewFromSummary(rank,
            Tr::tr("the timeline has no device compute or communication tasks (Ascend Hardware / HCCL)"));
    const std::size_t stepCount = std::max<std::size_t>(hostSteps.size(), 1);
    std::vector<std::vector<const DeviceTask*>> perStep(stepCount);
    for (const DeviceTask& task : device.tasks)
        if (task.step >= 0)
            perStep[std::size_t(task.step)].push_back(&task);

    for (std::size_t s = 0; s < stepCount; ++s) {
        if (perStep[s].empty())
            continue;
        std::vector<TimeRange> compute, comm, receive;
        StepOverview step;
        for (const DeviceTask* task : perStep[s]) {
            (task->compute ? compute : comm).push_back(task->rangeNs);
            if (task->receive)
                receive.push_back(task->rangeNs);
            ++(task->compute ? step.computeTasks : step.communicationOps);
            if (task->compute)
                step.kernelTimeNs += task->rangeNs.durationNs();
        }
        const IntervalSet computeSet = IntervalSet::fromUnsorted(std::move(compute));
        const IntervalSet commSet = IntervalSet::fromUnsorted(std::move(comm));
        const IntervalSet busy = computeSet.unite(commSet);
        const IntervalSet commOnly = commSet.subtract(computeSet);
        const TimeNs bubble = IntervalSet::fromUnsorted(std::move(receive)).totalNs();
        step.spanNs = busy.bounds();
        if (!hostSteps.empty()) {
            step.step = hostSteps[s].id;
            step.hostRangeNs = hostSteps[s].rangeNs;
        }
        auto set = [&step](StepTraceRow::Column c, TimeNs v) { step.valueNs[std::size_t(c)] = v; };
        set(StepTraceRow::Computing, computeSet.totalNs());
        set(StepTraceRow::Communication, commSet.totalNs());
        set(StepTraceRow::CommunicationNotOverlapped, commOnly.totalNs());
        set(StepTraceRow::Overlapped, commSet.totalNs() - commOnly.totalNs());
        set(StepTraceRow::Free, step.spanNs.durationNs() - busy.totalNs());
        set(StepTraceRow::Bubble, bubble);
        set(StepTraceRow::Stage, step.spanNs.durationNs() - bubble);
        set(StepTraceRow::CommunicationNotOverlappedExcludeReceive, commOnly.totalNs() - bubble);
        set(StepTraceRow::Preparing, hostSteps.empty() ? 0 : step.spanNs.startNs - hostSteps[s].rangeNs.startNs);
        result.steps.push_back(std::move(step));
    }

    // Cross-check with the profiler's own step_trace_time.csv.
    for (const StepOverview& step : result.steps) {
        for (const StepTraceRow& row : rank.stepTrace) {
            if (row.step != step.step && !(result.steps.size() == 1 && rank.stepTrace.size() == 1))
                continue;
            for (int c = 0; c < StepTraceRow::ColumnCount; ++c) {
                if (row.valueNs[std::size_t(c)] == kInvalidTime)
                    continue;
                OverviewCheck check;
                check.step = step.step;
                check.column = StepTraceRow::Column(c);
                check.computedNs = step.valueNs[std::size_t(c)];
                check.fileNs = row.valueNs[std::size_t(c)];
                check.toleranceNs = step.spanNs.durationNs() / 100;
                result.checks.push_back(check);
            }
        }
        // … and with its Overlap Analysis lanes over the same span.
        const OverlapLaneTotals lanes = overlapLaneTotals(trace, step.spanNs);
        if (!lanes.present)
            continue;
        const std::pair<StepTraceRow::Column, TimeNs> laneValues[] = {
            { StepTraceRow::Computing, lanes.computingNs },
            { StepTraceRow::Communication, lanes.communicationNs },
            { StepTraceRow::CommunicationNotOverlapped, lanes.communicationNotOverlappedNs },
            { StepTraceRow::Free, lanes.freeNs },
        };
        for (const auto& [column, laneNs] : laneValues) {
            OverviewCheck check;
            check.source = OverviewCheck::Source::OverlapLanes;
            check.step = step.step;
            check.column = column;
            check.computedNs = step.value(column);
            check.fileNs = laneNs;
            check.toleranceNs = step.spanNs.durationNs() / 100;
            result.checks.push_back(check);
        }
    }
    return result;
}

std::shared_ptr<const DeviceTasks> rankDeviceTasks(const RankData& rank)
{
    return rank.memo.get<DeviceTasks>(AnalysisMemo::DeviceTasks, [&rank] { return collectDeviceTasks(rank.trace); });
}

std::shared_ptr<const RankOverview> rankOverview(const RankData& rank)
{
    return rank.memo.get<RankOverview>(AnalysisMemo::Overview, [&rank] { return computeOverview(rank); });
}

QString overviewCheckSourceName(OverviewCheck::Source source)
{
    return source == OverviewCheck::Source::OverlapLanes ? Tr::tr("Overlap Analysis lanes")
                                                         : Tr::tr("step_trace_time.csv / StepTraceTime");
}

std::vector<OverviewCheck> overviewMismatches(const RankOverview& overview)
{
    std::vector<OverviewCheck> out;
    for (const OverviewCheck& c : overview.checks)
        if (!c.withinTolerance())
            out.push_back(c);
    std::stable_sort(out.begin(), out.end(), [](const OverviewCheck& a, const OverviewCheck& b) {
        return std::abs(a.computedNs - a.fileNs) > std::abs(b.computedNs - b.fileNs);
    });
    return out;
}

QString describeMismatch(const OverviewCheck& check)
{
    const QString where = check.step.isEmpty() ? stepTraceColumnName(check.column)
                                               : Tr::tr("step %1 %2").arg(check.step, stepTraceColumnName(check.column));
    return Tr::tr("%1: %2 µs recomputed, %3 µs in the profiler's %4")
        .arg(where)
        .arg(double(check.computedNs) / 1000.0, 0, 'f', 1)
        .arg(double(check.fileNs) / 1000.0, 0, 'f', 1)
        .arg(overviewCheckSourceName(check.source));
}

OverlapLaneTotals overlapLaneTotals(const TraceData& trace, TimeRange window, OverlapLaneWindow mode)
{
    OverlapLaneTotals totals;
    for (const ProcessTrack& p : trace.processes)
    for (const ThreadTrack& t : p.threads) {
        if (t.role != LaneRole::OverlapAnalysis)
            continue;
        totals.present = true;
        const SliceColumns& s = t.slices;
        for (std::size_t i = 0; i < s.size(); ++i) {
            TimeNs durNs = s.durNs[i];
            if (mode == OverlapLaneWindow::StartsInside) {
                if (s.startNs[i] < window.startNs || s.startNs[i] > window.endNs)
                    continue;
            } else {
                durNs = std::min(s.endNs(i), window.endNs) - std::max(s.startNs[i], window.startNs);
                if (durNs <= 0)
                    continue;
            }
            const std::string_view name = trace.strings.view(s.name[i]);
            // Saturating: slices of damaged files can each span most of TimeNs.
            const auto add = [durNs](TimeNs& total) { total = saturatingAdd(total, durNs); };
            if (name == "Computing")
                add(totals.computingNs);
            else if (name == "Communication")
                add(totals.communicationNs);
            else if (name == "Communication(Not Overlapped)")
                add(totals.communicationNotOverlappedNs);
            else if (name == "Free")
                add(totals.freeNs);
        }
    }
    return totals;
}

} // namespace profscope
