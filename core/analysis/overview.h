// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/rank.h"

#include <QString>

#include <array>
#include <vector>

namespace profscope {

// Where one rank's time goes in one step, recomputed from the device tasks
// of its timeline (not copied from step_trace_time.csv). Definitions, as
// checked against torch_npu's own output on the real fixtures:
//
// - Compute tasks: device tasks (LaneRole::DeviceTasks) whose Task Type is a
//   kernel (AI_CORE, AI_VECTOR_CORE, AI_CPU, MIX_*, DSA, and any type not known
//   to be something else); copies, event record/wait, write value, notify,
//   place holders and profiling switches are not.
// - Communication: the communication ops (LaneRole::CommunicationOps, the
//   "Group N Communication" lanes), not their per-plane tasks.
// - A task belongs to step N when its launch (the host end of its launch
//   flow, FlowRole::Launch) lies in the host step marker N;
//   a task without a flow goes by its own start time.
// - Step span: first to last compute/communication task of the step (not
//   the host slice, which also contains the host's own preparation).
// - Computing = |∪ compute|, Communication = |∪ communication|,
//   Communication(Not Overlapped) = |communication \ compute|,
//   Overlapped = Communication − Not Overlapped,
//   Free = span − |compute ∪ communication|,
//   Preparing = span start − host step start,
//   Bubble = |∪ receive ops| (hcom_receive*, Receive-op*: pipeline waits),
//   Stage = span − Bubble (torch_npu's definition; MindSpore 2.5 uses the
//   span of the step's HCCL ops instead),
//   Communication(Not Overlapped and Exclude Receive) = Not Overlapped − Bubble.
struct StepOverview
{
    QString step; // "50"; empty when the profile has no step markers (one step = everything)
    TimeRange hostRangeNs {}; // the ProfilerStep#N slice; empty without markers
    TimeRange spanNs {}; // first to last device compute / communication task
    std::array<TimeNs, StepTraceRow::ColumnCount> valueNs {}; // indexed like step_trace_time.csv
    qint64 computeTasks = 0;
    qint64 communicationOps = 0;
    // Σ compute task durations (not their union): how much work the device
    // did, whatever ran concurrently. A rank that loses multi-stream overlap
    // (a host-bound one) has a larger Computing but not a larger kernel time.
    TimeNs kernelTimeNs = 0;
    // True when the values are the profiler's own summary (step_trace_time.csv,
    // StepTraceTime, the cluster step table) because the rank has no timeline:
    // shown as such, not recomputed. spanNs then starts at 0 and lasts Stage + Bubble.
    bool fromSummary = false;
    // A Profscope summary's step (profscope-cli summarize, see summary.h):
    // recomputed with these definitions next to the data, read back from the
    // summary file. fromSummary is set too (no timeline is loaded).
    bool fromProfscopeSummary = false;

    TimeNs value(StepTraceRow::Column c) const
    {
        return valueNs[std::size_t(c)];
    }
};

// One column of one step: our value against the profiler's own figure, from
// step_trace_time.csv / StepTraceTime or from its Overlap Analysis lanes.
struct OverviewCheck
{
    enum class Source
    {
        StepTraceFile,
        OverlapLanes,
    };
    Source source = Source::StepTraceFile;
    QString step;
    StepTraceRow::Column column = StepTraceRow::Computing;
    TimeNs computedNs = 0;
    TimeNs fileNs = 0;
    TimeNs toleranceNs = 0; // 1% of the step's span
    bool withinTolerance() const
    {
        const TimeNs diff = computedNs > fileNs ? computedNs - fileNs : fileNs - computedNs;
        return diff <= toleranceNs;
    }
};

struct RankOverview
{
    std::vector<StepOverview> steps;
    std::vector<OverviewCheck> checks; // empty when the rank has neither step_trace_time.csv nor Overlap lanes
    QString note; // why nothing could be computed, when steps is empty; where the figures come from otherwise
    bool fromSummary = false; // the steps are the profiler's summary (see StepOverview::fromSummary)
    // … or a Profscope summary (profscope-cli summarize): recomputed from the
    // timeline, next to the data, with the same definitions; fromSummary is set too.
    bool fromProfscopeSummary = false;
};

// Column names exactly as step_trace_time.csv writes them.
QString stepTraceColumnName(StepTraceRow::Column column);
// "step_trace_time.csv / StepTraceTime" or "Overlap Analysis lanes", translated.
QString overviewCheckSourceName(OverviewCheck::Source source);
// The checks outside their tolerance, largest difference first: where our
// recomputation and the profiler's own figures disagree by more than 1% of the step.
std::vector<OverviewCheck> overviewMismatches(const RankOverview& overview);
// "step 50 Computing: 327.1 µs recomputed, 1788.0 µs in the Overlap Analysis lanes", translated.
QString describeMismatch(const OverviewCheck& check);

// Recomputed from the timeline's device tasks; for a rank without a timeline,
// the profiler's own step summary when it has one (fromSummary).
RankOverview computeOverview(const RankData& rank);
// The same, computed once per loaded rank and shared (AnalysisMemo): what
// pages, the CLI and the other analyses use. Only for a rank that no longer
// changes (not during loading).
std::shared_ptr<const RankOverview> rankOverview(const RankData& rank);

// The device tasks the overview is computed from, for other analyses (clock
// alignment, Marey, host-bound detection) to use the same definitions.
struct HostStep
{
    QString id; // "50" from ProfilerStep#50
    TimeRange rangeNs; // the host slice
};
struct DeviceTask
{
    TimeRange rangeNs;
    TimeNs launchNs = kInvalidTime; // host end of its HostToDevice / async_npu flow; kInvalidTime without
    bool compute = false; // Ascend Hardware kernel; false: HCCL op of a "Group N Communication" lane
    bool receive = false; // pipeline receive op (bubble)
    int process = -1; // into TraceData::processes
    int thread = -1; // into ProcessTrack::threads
    std::size_t slice = 0; // into ThreadTrack::slices
    int step = -1; // into DeviceTasks::steps; -1 outside every step (0 when there are no markers)
};
struct DeviceTasks
{
    std::vector<HostStep> steps; // in time order; empty without ProfilerStep markers
    std::vector<DeviceTask> tasks; // per lane in slice order, lanes in process/thread order
};
DeviceTasks collectDeviceTasks(const TraceData& trace);
// The same, collected once per loaded rank and shared (AnalysisMemo): for a
// rank that no longer changes (not during loading).
std::shared_ptr<const DeviceTasks> rankDeviceTasks(const RankData& rank);
bool isComputeTaskType(std::string_view taskType);
bool isReceiveOpName(std::string_view name);

// Σ durations of the profiler's own Overlap Analysis lane slices ("Computing",
// "Communication", "Communication(Not Overlapped)", "Free") that start inside
// `window`: the other ground truth the recomputed values are checked against.
struct OverlapLaneTotals
{
    TimeNs computingNs = 0;
    TimeNs communicationNs = 0;
    TimeNs communicationNotOverlappedNs = 0;
    TimeNs freeNs = 0;
    bool present = false;
};
// StartsInside: whole slices that start inside `window` (the step check);
// Clipped: only the part of each slice inside `window` (range statistics).
enum class OverlapLaneWindow
{
    StartsInside,
    Clipped,
};
OverlapLaneTotals overlapLaneTotals(
    const TraceData& trace, TimeRange window, OverlapLaneWindow mode = OverlapLaneWindow::StartsInside);

} // namespace profscope
