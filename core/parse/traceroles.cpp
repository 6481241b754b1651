// SPDX-License-Identifier: Apache-2.0
#include "traceroles.h"

#include <algorithm>

namespace profscope {

LaneRole laneRoleFromNames(const QString& processName, const QString& threadName)
{
    if (processName == QLatin1String("Ascend Hardware"))
        return LaneRole::DeviceTasks;
    if (processName == QLatin1String("HCCL") || processName == QLatin1String("Communication")) {
        if (threadName.startsWith(QLatin1String("Group ")) && threadName.endsWith(QLatin1String("Communication")))
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
    std::stable_sort(trace.steps.begin(), trace.steps.end(),
        [](const StepMarker& a, const StepMarker& b) { return a.rangeNs.startNs < b.rangeNs.startNs; });
}

} // namespace profscope
