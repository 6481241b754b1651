// SPDX-License-Identifier: Apache-2.0
#pragma once

// MindInsight's Step Trace (one device) and Cluster Iteration Trajectory (all
// devices). Definitions: ../shared/reference/anchors-features.md §b.3 and the
// seed pages "Performance Profiling (Ascend)" and "Cluster Performance
// Profiling": Step Gap = fp_point − start_point (the previous step's end),
// FP+BP = bp_point − fp_point, Tail = end_point − bp_point; the cluster
// columns follow the parallel mode of ascend_cluster_analyse_*.csv.

#include "../model/profile.h"

#include <QString>
#include <QStringList>

#include <array>
#include <map>
#include <memory>
#include <vector>

namespace profscope {

enum class StepStageKind {
    // step_trace_raw (old MindInsight ranks): a partition of the step.
    Gap,
    FpBp,
    Tail,
    StreamOp, // a reduce / send / receive op of the step trace's stream_* columns
    // The step table of newer ranks (step_trace_time.csv / recomputed):
    // Preparing + Computing + Communication(Not Overlapped) + Free.
    Preparing,
    Computing,
    CommunicationNotOverlapped,
    Free,
};
QString stepStageName(StepStageKind kind);

struct StepStage
{
    StepStageKind kind = StepStageKind::Gap;
    QString name; // the translated kind name, or the stream op's column name
    // From the step's start; kInvalidTime when the stage's position in the
    // step is unknown (the step table gives durations only).
    TimeNs startNs = kInvalidTime;
    TimeNs durationNs = 0;
    int steps = 1; // in an average: over how many steps the stage ran

    TimeNs endNs() const
    {
        return startNs == kInvalidTime ? kInvalidTime : startNs + durationNs;
    }
    bool operator==(const StepStage&) const = default;
};

struct StepTraceStep
{
    QString step; // "12"; empty for the average
    TimeNs startNs = kInvalidTime; // on the rank's clock (step_trace_raw: ticks × 10 ns)
    TimeNs durationNs = 0;
    // First the partition (the stacked components, in order), then the stream ops.
    std::vector<StepStage> stages;

    // The duration of the first stage of `kind`; kInvalidTime when absent.
    TimeNs value(StepStageKind kind) const;
    bool operator==(const StepTraceStep&) const = default;
};

struct RankStepTrace
{
    enum class Source {
        None,
        StepTraceRaw, // step_trace_raw_{rank}_detail_time.csv
        StepTable,    // the rank's step overview (step_trace_time.csv or recomputed)
        StepMarkers,  // the timeline's step markers with FP/BP points (CANN msprof step trace)
    };
    Source source = Source::None;
    int rankIndex = -1;
    int rankId = -1;
    std::vector<StepStageKind> components; // the partition, in stacking order
    std::vector<StepTraceStep> steps;      // in step order
    LegacyStepTracePoints points;          // step_trace_point_info.json, when read
    QString note; // why there is nothing, when steps is empty

    bool isEmpty() const
    {
        return steps.empty();
    }
    // For the tests of the memo: a memoised trace equals a fresh one.
    bool operator==(const RankStepTrace&) const = default;
};

// Computed anew; rankStepTrace is the memoised one (one per rank, on the rank's AnalysisMemo).
RankStepTrace computeStepTrace(const Profile& profile, int rankIndex);
std::shared_ptr<const RankStepTrace> rankStepTrace(const Profile& profile, int rankIndex);
// The average step: each stage's start and duration averaged over the steps
// in which it ran (a stream op written as 0,0,0 did not run in that step).
StepTraceStep averageStep(const RankStepTrace& trace);
// `step` empty: the average; otherwise that step (an empty step when absent).
StepTraceStep stepOrAverage(const RankStepTrace& trace, const QString& step);

// ---------------------------------------------------------------------------
// Cluster iteration trajectory.
enum class TrajectoryColumn {
    Step, // the step's duration
    Gap,
    FpBp,
    Tail,
    // ascend_cluster_analyse_{mode}_*.csv (model / pipeline parallel)
    ReceiveAlone,
    StageTime,
    CommunicationAlone,
    Computation,
    CollectiveAlone,
    // hccl_raw_*.csv
    HcclCost,
    HcclWait,
    // The step table of newer ranks.
    Preparing,
    Computing,
    CommunicationNotOverlapped,
    Free,
    ColumnCount
};
QString trajectoryColumnName(TrajectoryColumn column);

struct TrajectoryRow
{
    int rankIndex = -1;
    int rankId = -1;
    QString host;
    int stage = -1; // 1-based pipeline stage; -1 when unknown
    std::array<TimeNs, std::size_t(TrajectoryColumn::ColumnCount)> valueNs = [] {
        std::array<TimeNs, std::size_t(TrajectoryColumn::ColumnCount)> a;
        a.fill(kInvalidTime);
        return a;
    }();
    int steps = 0; // how many steps the values average
    bool slowDevice = false; // its device-speed column is ≥ kSlowRatio over its stage's median
    bool slowHost = false;   // its host's mean Step Gap is ≥ kSlowRatio over the hosts' median

    TimeNs value(TrajectoryColumn c) const
    {
        return valueNs[std::size_t(c)];
    }
    bool operator==(const TrajectoryRow&) const = default;
};

struct ClusterTrajectory
{
    // The threshold of the slow device / slow host marks: 10% over the
    // median, as the slow-rank rule of the communication analysis.
    static constexpr double kSlowRatio = 0.10;

    QString parallelMode; // data-parallel, model-parallel, pipeline-parallel; empty when unknown
    int stageNum = -1;
    int rankSize = -1;
    std::vector<TrajectoryColumn> columns; // shown, in MindInsight's order for the mode
    TrajectoryColumn deviceColumn = TrajectoryColumn::FpBp; // the column that says how fast a device computes
    std::vector<TrajectoryRow> rows; // by rank id
    QStringList steps;
    QStringList slowHosts;
    QString note; // why there are no rows

    bool operator==(const ClusterTrajectory&) const = default;
};
// step empty: the average over the steps of each rank.
ClusterTrajectory clusterTrajectory(const Profile& profile, const QString& step = {});

// The same, computed once per profile and step (Profile::memo): the step
// trace page wants the average (for its step list) and the step shown, again
// on every step change.
std::shared_ptr<const ClusterTrajectory> sharedClusterTrajectory(const Profile& profile, const QString& step = {});

} // namespace profscope
