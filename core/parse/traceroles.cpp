// SPDX-License-Identifier: Apache-2.0
#include "traceroles.h"

#include <QHash>

#include <algorithm>
#include <vector>

namespace profscope {

bool isStepTraceLaneName(const QString& name)
{
    return name.startsWith(QLatin1String("Step Trace"));
}

LaneRole laneRoleFromNames(const QString& processName, const QString& threadName)
{
    if (processName == QLatin1String("Ascend Hardware")) {
        // CANN msprof's merged timeline puts its iteration markers there too
        // ("Step Trace(Model ID:0)"): steps, not device tasks.
        if (isStepTraceLaneName(threadName))
            return LaneRole::StepTrace;
        return LaneRole::DeviceTasks;
    }
    if (isStepTraceLaneName(processName)) // step_trace_D_M_N.json's own process
        return LaneRole::StepTrace;
    if (processName == QLatin1String("HCCL") || processName == QLatin1String("Communication")) {
        if (threadName.startsWith(QLatin1String("Group ")) && threadName.endsWith(QLatin1String("Communication")))
            return LaneRole::CommunicationOps;
        // Older CANN msprof timelines: one lane of the HCCL ops themselves.
        if (threadName == QLatin1String("Communication Kernel"))
            return LaneRole::CommunicationOps;
        return LaneRole::CommunicationTasks;
    }
    if (processName == QLatin1String("Overlap Analysis"))
        return LaneRole::OverlapAnalysis;
    if (processName == QLatin1String("CANN"))
        return LaneRole::HostApi;
    if (processName == QLatin1String("Python") || processName == QLatin1String("MindSpore"))
        return LaneRole::HostOps;
    return LaneRole::Other;
}

FlowRole flowRoleFromCategory(std::string_view category)
{
    return category == "HostToDevice" || category == "async_npu" ? FlowRole::Launch : FlowRole::Other;
}

QString stepIdFromSliceName(std::string_view name)
{
    static constexpr std::string_view prefix = "ProfilerStep#";
    if (!name.starts_with(prefix) || name.size() == prefix.size())
        return {};
    name.remove_prefix(prefix.size());
    return QString::fromUtf8(name.data(), qsizetype(name.size()));
}

namespace {

// The digits after `prefix` ("Iteration 7" -> "7"); empty when anything else follows.
QString numberAfter(std::string_view name, std::string_view prefix)
{
    if (!name.starts_with(prefix) || name.size() == prefix.size())
        return {};
    name.remove_prefix(prefix.size());
    if (!std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return {};
    return QString::fromUtf8(name.data(), qsizetype(name.size()));
}

} // namespace

QString stepIdFromIterationName(std::string_view name)
{
    return numberAfter(name, "Iteration "); // "Iteration Refresh 3" is a part of step 3, not a step
}

QString stepIdFromFpBpName(std::string_view name)
{
    return numberAfter(name, "FP_BP Time ");
}

void inferRolesFromNames(TraceData& trace)
{
    for (ProcessTrack& p : trace.processes)
        for (ThreadTrack& t : p.threads)
            if (t.role == LaneRole::Other)
                t.role = laneRoleFromNames(p.name, t.name);
    if (!trace.steps.empty())
        return;
    for (const ProcessTrack& p : trace.processes)
        for (const ThreadTrack& t : p.threads)
            for (std::size_t i = 0; i < t.slices.size(); ++i)
                if (QString id = stepIdFromSliceName(trace.strings.view(t.slices.name[i])); !id.isEmpty())
                    trace.steps.push_back({ std::move(id), { t.slices.startNs[i], t.slices.endNs(i) } });
    // A CANN msprof timeline has no ProfilerStep: its step trace lane ("Step Trace"
    // process of step_trace_*.json, "Step Trace(Model ID:M)" thread of msprof_*.json)
    // has an "Iteration N" slice per training iteration (the profiler's own Overlap
    // Analysis figures are per iteration, so the steps are those).
    // Its "FP_BP Time N" slice runs from FP Start to BP End of iteration N.
    if (trace.steps.empty()) {
        QHash<QString, std::vector<TimeRange>> fpBp; // by step id, in trace order
        for (const ProcessTrack& p : trace.processes)
            for (const ThreadTrack& t : p.threads)
                if (t.role == LaneRole::StepTrace)
                    for (std::size_t i = 0; i < t.slices.size(); ++i) {
                        const std::string_view name = trace.strings.view(t.slices.name[i]);
                        if (QString id = stepIdFromIterationName(name); !id.isEmpty())
                            trace.steps.push_back({ std::move(id), { t.slices.startNs[i], t.slices.endNs(i) } });
                        else if (QString fpId = stepIdFromFpBpName(name); !fpId.isEmpty())
                            fpBp[fpId].push_back({ t.slices.startNs[i], t.slices.endNs(i) });
                    }
        for (StepMarker& m : trace.steps) {
            const auto it = fpBp.constFind(m.id);
            if (it == fpBp.cend())
                continue;
            for (const TimeRange& r : *it)
                if (r.startNs >= m.rangeNs.startNs && r.endNs <= m.rangeNs.endNs) {
                    m.fpStartNs = r.startNs;
                    m.bpEndNs = r.endNs;
                }
        }
    }
    std::stable_sort(trace.steps.begin(), trace.steps.end(),
        [](const StepMarker& a, const StepMarker& b) { return a.rangeNs.startNs < b.rangeNs.startNs; });
    // The same marker read twice (copies of a step trace in several files) is one step.
    trace.steps.erase(std::unique(trace.steps.begin(), trace.steps.end(),
                          [](const StepMarker& a, const StepMarker& b) {
                              return a.id == b.id && a.rangeNs.startNs == b.rangeNs.startNs
                                  && a.rangeNs.endNs == b.rangeNs.endNs;
                          }),
        trace.steps.end());
}

} // namespace profscope
