// SPDX-License-Identifier: Apache-2.0
#include "overview.h"

#include "intervals.h"

#include <QCoreApplication>

#include <algorithm>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::Overview)
};

} // namespace

bool isComputeTaskType(std::string_view t)
{
    return t == "AI_CORE" || t == "AI_VECTOR_CORE" || t == "AI_CPU" || t == "MIX_AIC" || t == "MIX_AIV" || t == "AIC"
        || t == "AIV" || t == "DSA_SQE" || t == "DSA" || t == "KERNEL_AICORE" || t == "KERNEL_AIVEC"
        || t == "KERNEL_AICPU" || t == "KERNEL_MIX_AIC" || t == "KERNEL_MIX_AIV";
}

bool isReceiveOpName(std::string_view name)
{
    return name.starts_with("hcom_receive") || name.find("Receive-op") != std::string_view::npos;
}

bool isCommunicationLaneName(const QString& threadName)
{
    return threadName.startsWith(QLatin1String("Group ")) && threadName.endsWith(QLatin1String("Communication"));
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
    // Host step markers, in time order.
    for (const ProcessTrack& p : trace.processes)
        for (const ThreadTrack& t : p.threads)
            for (std::size_t i = 0; i < t.slices.size(); ++i) {
                const std::string_view name = trace.strings.view(t.slices.name[i]);
                if (name.starts_with("ProfilerStep#"))
                    hostSteps.push_back({ QString::fromUtf8(name.substr(13).data(), qsizetype(name.size() - 13)),
                        { t.slices.startNs[i], t.slices.endNs(i) } });
            }
    std::sort(hostSteps.begin(), hostSteps.end(),
        [](const HostStep& a, const HostStep& b) { return a.rangeNs.startNs < b.rangeNs.startNs; });

    // Launch time of each device task, from its HostToDevice / async_npu flow.
    std::vector<std::vector<std::vector<TimeNs>>> launch(trace.processes.size());
    for (std::size_t p = 0; p < trace.processes.size(); ++p) {
        launch[p].resize(trace.processes[p].threads.size());
        for (std::size_t t = 0; t < trace.processes[p].threads.size(); ++t)
            launch[p][t].assign(trace.processes[p].threads[t].slices.size(), kInvalidTime);
    }
    const FlowColumns& f = trace.flows;
    for (std::size_t i = 0; i < f.size(); ++i) {
        const std::string_view cat = trace.strings.view(f.category[i]);
        if ((cat != "HostToDevice" && cat != "async_npu") || f.toSlice[i] < 0)
            continue;
        TimeNs& l = launch[f.toProcess[i]][f.toThread[i]][std::size_t(f.toSlice[i])];
        if (l == kInvalidTime || f.fromNs[i] < l)
            l = f.fromNs[i];
    }

    // Device tasks.
    std::vector<DeviceTask>& tasks = result.tasks;
    for (std::size_t p = 0; p < trace.processes.size(); ++p) {
        const ProcessTrack& proc = trace.processes[p];
        const bool hardware = proc.name == QLatin1String("Ascend Hardware");
        const bool hccl = proc.name == QLatin1String("HCCL");
        if (!hardware && !hccl)
            continue;
        for (std::size_t t = 0; t < proc.threads.size(); ++t) {
            const ThreadTrack& thread = proc.threads[t];
            if (hccl && !isCommunicationLaneName(thread.name))
                continue;
            const SliceColumns& s = thread.slices;
            for (std::size_t i = 0; i < s.size(); ++i) {
                if (hardware && !isComputeTaskType(trace.strings.view(s.taskType[i])))
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

RankOverview computeOverview(const RankData& rank)
{
    RankOverview result;
    const TraceData& trace = rank.trace;
    if (trace.isEmpty()) {
        result.note = Tr::tr("no timeline (trace_view.json) was loaded for this rank");
        return result;
    }
    const DeviceTasks device = collectDeviceTasks(trace);
    const std::vector<HostStep>& hostSteps = device.steps;
    if (device.tasks.empty()) {
        result.note = Tr::tr("the timeline has no device compute or communication tasks (Ascend Hardware / HCCL)");
        return result;
    }
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
    }
    return result;
}

OverlapLaneTotals overlapLaneTotals(const TraceData& trace, TimeRange window)
{
    OverlapLaneTotals totals;
    const ProcessTrack* lanes = trace.findProcess(QStringLiteral("Overlap Analysis"));
    if (!lanes)
        return totals;
    totals.present = true;
    for (const ThreadTrack& t : lanes->threads) {
        const SliceColumns& s = t.slices;
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (s.startNs[i] < window.startNs || s.startNs[i] > window.endNs)
                continue;
            const std::string_view name = trace.strings.view(s.name[i]);
            if (name == "Computing")
                totals.computingNs += s.durNs[i];
            else if (name == "Communication")
                totals.communicationNs += s.durNs[i];
            else if (name == "Communication(Not Overlapped)")
                totals.communicationNotOverlappedNs += s.durNs[i];
            else if (name == "Free")
                totals.freeNs += s.durNs[i];
        }
    }
    return totals;
}

} // namespace profscope
