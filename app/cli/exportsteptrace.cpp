// SPDX-License-Identifier: Apache-2.0
#include "exportsteptrace.h"

#include "analysis/steptrace.h"

namespace profscope::cli {

namespace {

QString kindName(StepStageKind kind)
{
    switch (kind) {
    case StepStageKind::Gap:
        return QStringLiteral("gap");
    case StepStageKind::FpBp:
        return QStringLiteral("fp_bp");
    case StepStageKind::Tail:
        return QStringLiteral("tail");
    case StepStageKind::StreamOp:
        return QStringLiteral("stream_op");
    case StepStageKind::Preparing:
        return QStringLiteral("preparing");
    case StepStageKind::Computing:
        return QStringLiteral("computing");
    case StepStageKind::CommunicationNotOverlapped:
        return QStringLiteral("communication_not_overlapped");
    case StepStageKind::Free:
        return QStringLiteral("free");
    }
    return {};
}

QString sourceName(RankStepTrace::Source source)
{
    switch (source) {
    case RankStepTrace::Source::StepTraceRaw:
        return QStringLiteral("step_trace_raw");
    case RankStepTrace::Source::StepTable:
        return QStringLiteral("step table");
    case RankStepTrace::Source::StepMarkers:
        return QStringLiteral("step trace lane");
    case RankStepTrace::Source::None:
        break;
    }
    return {};
}

void addStep(CellTable& t, const RankData& rank, const RankStepTrace& trace, const StepTraceStep& s,
    const QString& stepName)
{
    for (const StepStage& stage : s.stages) {
        // Stage names are the column names of the file (stream ops) or
        // fixed English names: the CSV does not depend on the UI language.
        const QString name = stage.kind == StepStageKind::StreamOp ? stage.name : kindName(stage.kind);
        t.rows << QList<Cell> { cellIndex(rank.info.rankId), cell(stepName), cell(name), cell(kindName(stage.kind)),
            cellUs(stage.startNs), cellUs(stage.endNs()), cellUs(stage.durationNs), cellUs(s.durationNs),
            cell(stage.steps), cell(sourceName(trace.source)), cell(trace.points.fpStart), cell(trace.points.bpEnd) };
    }
}

QString columnKey(TrajectoryColumn c)
{
    switch (c) {
    case TrajectoryColumn::Step:
        return QStringLiteral("Step(us)");
    case TrajectoryColumn::Gap:
        return QStringLiteral("Step Gap(us)");
    case TrajectoryColumn::FpBp:
        return QStringLiteral("FP+BP(us)");
    case TrajectoryColumn::Tail:
        return QStringLiteral("Tail(us)");
    case TrajectoryColumn::ReceiveAlone:
        return QStringLiteral("Receive Alone(us)");
    case TrajectoryColumn::StageTime:
        return QStringLiteral("Stage(us)");
    case TrajectoryColumn::CommunicationAlone:
        return QStringLiteral("Communication Alone(us)");
    case TrajectoryColumn::Computation:
        return QStringLiteral("Computation(us)");
    case TrajectoryColumn::CollectiveAlone:
        return QStringLiteral("Collective Communication Alone(us)");
    case TrajectoryColumn::HcclCost:
        return QStringLiteral("HCCL Communication(us)");
    case TrajectoryColumn::HcclWait:
        return QStringLiteral("HCCL Wait(us)");
    case TrajectoryColumn::Preparing:
        return QStringLiteral("Preparing(us)");
    case TrajectoryColumn::Computing:
        return QStringLiteral("Computing(us)");
    case TrajectoryColumn::CommunicationNotOverlapped:
        return QStringLiteral("Communication(Not Overlapped)(us)");
    case TrajectoryColumn::Free:
        return QStringLiteral("Free(us)");
    case TrajectoryColumn::ColumnCount:
        break;
    }
    return {};
}

} // namespace

CellTable stepTraceTable(const Profile& profile, const QString& step, int onlyRank)
{
    CellTable t;
    t.header << QStringLiteral("Rank") << QStringLiteral("Step") << QStringLiteral("Stage") << QStringLiteral("Kind")
             << QStringLiteral("Start(us)") << QStringLiteral("Finish(us)") << QStringLiteral("Duration(us)")
             << QStringLiteral("Step Duration(us)") << QStringLiteral("Steps") << QStringLiteral("Source")
             << QStringLiteral("FP Start Point") << QStringLiteral("BP End Point");
    for (std::size_t r = 0; r < profile.ranks.size(); ++r) {
        const RankData& rank = *profile.ranks[r];
        if (onlyRank >= 0 && rank.info.rankId != onlyRank)
            continue;
        const std::shared_ptr<const RankStepTrace> shared = rankStepTrace(profile, int(r));
        const RankStepTrace& trace = *shared;
        if (trace.isEmpty())
            continue;
        if (!step.isEmpty()) {
            const StepTraceStep s = stepOrAverage(trace, step);
            addStep(t, rank, trace, s, step);
            continue;
        }
        for (const StepTraceStep& s : trace.steps)
            addStep(t, rank, trace, s, s.step);
        addStep(t, rank, trace, averageStep(trace), QStringLiteral("average"));
    }
    return t;
}

CellTable trajectoryTable(const Profile& profile, const QString& step, int onlyRank)
{
    const ClusterTrajectory trajectory = clusterTrajectory(profile, step);
    CellTable t;
    t.header << QStringLiteral("Rank") << QStringLiteral("Host") << QStringLiteral("Stage") << QStringLiteral("Steps");
    for (TrajectoryColumn c : trajectory.columns)
        t.header << columnKey(c);
    t.header << QStringLiteral("Slow Device") << QStringLiteral("Slow Host") << QStringLiteral("Parallel Mode")
             << QStringLiteral("Path");
    for (const TrajectoryRow& row : trajectory.rows) {
        if (onlyRank >= 0 && row.rankId != onlyRank)
            continue;
        QList<Cell> cells { cellIndex(row.rankId), cell(row.host), cellIndex(row.stage), cell(row.steps) };
        for (TrajectoryColumn c : trajectory.columns)
            cells << cellUs(row.value(c));
        cells << Cell { row.slowDevice ? QStringLiteral("yes") : QStringLiteral("no"), row.slowDevice }
              << Cell { row.slowHost ? QStringLiteral("yes") : QStringLiteral("no"), row.slowHost }
              << cell(trajectory.parallelMode) << cell(profile.ranks[std::size_t(row.rankIndex)]->info.rootPath);
        t.rows << cells;
    }
    return t;
}

} // namespace profscope::cli
