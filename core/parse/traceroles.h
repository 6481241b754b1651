// SPDX-License-Identifier: Apache-2.0
#pragma once

// The one place where the names of a trace JSON file (process, thread, flow
// category, slice names) are turned into roles. Importers that know what
// their rows are (databases) set the roles directly; analyses only read them.

#include "../model/trace.h"

#include <QString>

#include <string_view>

namespace profscope {

// The role of a lane of trace_view.json / timeline JSON from its names:
// "Ascend Hardware" streams hold device tasks, the HCCL process holds
// "Group N Communication" op lanes and "Plane N" task lanes, and so on.
LaneRole laneRoleFromNames(const QString& processName, const QString& threadName);
// "Step Trace", "Step Trace(Model ID:0)": a CANN msprof lane of iteration markers.
bool isStepTraceLaneName(const QString& name);
// HostToDevice and async_npu arrows run from a launch to its device task.
FlowRole flowRoleFromCategory(std::string_view category);
// "ProfilerStep#50" -> "50"; empty when the slice is not a step marker.
QString stepIdFromSliceName(std::string_view sliceName);
// "Iteration 7" (a CANN msprof timeline's Step Trace process) -> "7"; empty otherwise.
QString stepIdFromIterationName(std::string_view sliceName);
// "FP_BP Time 7" (the forward and backward pass of iteration 7) -> "7"; empty otherwise.
QString stepIdFromFpBpName(std::string_view sliceName);
// Fills roles still unset (LaneRole::Other) from the names, and the step
// markers from ProfilerStep#N slices (or, without them, from the Iteration N
// slices of a "Step Trace" process) when the importer gave none.
void inferRolesFromNames(TraceData& trace);

} // namespace profscope
