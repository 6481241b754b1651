// SPDX-License-Identifier: Apache-2.0
#include "steptrace.h"

#include "../model/timebounds.h"

#include "cluster.h"
#include "overview.h"
#include "resources.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <map>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::StepTrace)
};

constexpr TimeNs kTick = LegacyStepTrace::kTickNs;

StepStage stage(StepStageKind kind, TimeNs startNs, TimeNs durationNs)
{
    StepStage s;
    s.kind = kind;
    s.name = stepStageName(kind);
    s.startNs = startNs;
    s.durationNs = durationNs;
    return s;
}

void fromStepTraceRaw(const LegacyStepTrace& raw, RankStepTrace& out)
{
    out.source = RankStepTrace::Source::StepTraceRaw;
    out.components = { StepStageKind::Gap, StepStageKind::FpBp, StepStageKind::Tail };
    out.points = raw.points;
    for (const LegacyStepTraceRow& r : raw.rows) {
        StepTraceStep step;
        step.step = QString::number(r.stepNum);
        step.startNs = r.startPoint * kTick;
        step.durationNs = (r.endPoint - r.startPoint) * kTick;
        // The positions come from the points; the durations are the file's
        // own columns (they equal the point differences on every fixture).
        step.stages.push_back(stage(StepStageKind::Gap, 0, r.iterationInterval * kTick));
        step.stages.push_back(stage(StepStageKind::FpBp, (r.fpPoint - r.startPoint) * kTick, r.fpAndBp * kTick));
        step.stages.push_back(stage(StepStageKind::Tail, (r.bpPoint - r.startPoint) * kTick, r.tail * kTick));
        for (const LegacyStepTraceRow::StreamOp& op : r.streamOps) {
            // MindSpore writes 0,0,0 for an op that did not run in the step.
            if (op.startPoint <= 0 || op.endPoint <= 0 || op.endPoint < op.startPoint)
                continue;
            StepStage s;
            s.kind = StepStageKind::StreamOp;
            s.name = op.name;
            s.startNs = (op.startPoint - r.startPoint) * kTick;
            s.durationNs = op.duration >= 0 ? op.duration * kTick : (op.endPoint - op.startPoint) * kTick;
            step.stages.push_back(std::move(s));
        }
        out.steps.push_back(std::move(step));
    }
}

// The timeline's step markers when they carry FP/BP points (a CANN msprof step
// trace): the same partition as step_trace_raw, a step running from the previous
// step's end (its own start for the first) to its own end.
bool fromStepMarkers(const TraceData& trace, RankStepTrace& out)
{
    if (trace.steps.empty()
        || !std::all_of(trace.steps.begin(), trace.steps.end(), [](const StepMarker& m) {
               return m.fpStartNs != kInvalidTime && m.bpEndNs != kInvalidTime && m.rangeNs.startNs <= m.fpStartNs
                   && m.fpStartNs <= m.bpEndNs && m.bpEndNs <= m.rangeNs.endNs;
           }))
        return false;
    out.source = RankStepTrace::Source::StepMarkers;
    out.components = { StepStageKind::Gap, StepStageKind::FpBp, StepStageKind::Tail };
    TimeNs previousEndNs = kInvalidTime;
    for (const StepMarker& m : trace.steps) {
        StepTraceStep step;
        step.step = m.id;
        step.startNs = previousEndNs != kInvalidTime && previousEndNs <= m.fpStartNs ? previousEndNs : m.rangeNs.startNs;
        step.durationNs = m.rangeNs.endNs - step.startNs;
        step.stages.push_back(stage(StepStageKind::Gap, 0, m.fpStartNs - step.startNs));
        step.stages.push_back(stage(StepStageKind::FpBp, m.fpStartNs - step.startNs, m.bpEndNs - m.fpStartNs));
        step.stages.push_back(stage(StepStageKind::Tail, m.bpEndNs - step.startNs, m.rangeNs.endNs - m.bpEndNs));
        out.steps.push_back(std::move(step));
        previousEndNs = m.rangeNs.endNs;
    }
    return true;
}

void fromStepTable(const RankOverview& overview, RankStepTrace& out)
{
    out.source = RankStepTrace::Source::StepTable;
    out.components = { StepStageKind::Preparing, StepStageKind::Computing, StepStageKind::CommunicationNotOverlapped,
        StepStageKind::Free };
    for (const StepOverview& o : overview.steps) {
        StepTraceStep step;
        step.step = o.step;
        const bool host = o.hostRangeNs.endNs > o.hostRangeNs.startNs;
        step.startNs = host ? o.hostRangeNs.startNs : o.spanNs.startNs;
        const auto value = [&o](StepTraceRow::Column c) {
            const TimeNs v = o.value(c);
            return v == kInvalidTime ? TimeNs(0) : v;
        };
        const TimeNs preparing = value(StepTraceRow::Preparing);
        // Preparing is the time before the first device task: its position is known.
        step.stages.push_back(stage(StepStageKind::Preparing, 0, preparing));
        step.stages.push_back(stage(StepStageKind::Computing, kInvalidTime, value(StepTraceRow::Computing)));
        step.stages.push_back(stage(StepStageKind::CommunicationNotOverlapped, kInvalidTime,
            value(StepTraceRow::CommunicationNotOverlapped)));
        step.stages.push_back(stage(StepStageKind::Free, kInvalidTime, value(StepTraceRow::Free)));
        TimeNs sum = 0;
        for (const StepStage& s : step.stages)
            sum += s.durationNs;
        step.durationNs = host ? std::max(o.hostRangeNs.endNs - o.hostRangeNs.startNs, sum) : sum;
        out.steps.push_back(std::move(step));
    }
}

TimeNs median(std::vector<TimeNs> values)
{
    if (values.empty())
        return kInvalidTime;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

} // namespace

QString stepStageName(StepStageKind kind)
{
    switch (kind) {
    case StepStageKind::Gap:
        return Tr::tr("Step Gap");
    case StepStageKind::FpBp:
        return Tr::tr("FP+BP");
    case StepStageKind::Tail:
        return Tr::tr("Tail");
    case StepStageKind::StreamOp:
        return Tr::tr("Stream op");
    case StepStageKind::Preparing:
        return Tr::tr("Preparing");
    case StepStageKind::Computing:
        return Tr::tr("Computing");
    case StepStageKind::CommunicationNotOverlapped:
        return Tr::tr("Communication (not overlapped)");
    case StepStageKind::Free:
        return Tr::tr("Free");
    }
    return {};
}

TimeNs StepTraceStep::value(StepStageKind kind) const
{
    for (const StepStage& s : stages)
        if (s.kind == kind)
            return s.durationNs;
    return kInvalidTime;
}

RankStepTrace computeStepTrace(const Profile& profile, int rankIndex)
{
    RankStepTrace out;
    out.rankIndex = rankIndex;
    if (rankIndex < 0 || std::size_t(rankIndex) >= profile.ranks.size()) {
        out.note = Tr::tr("no such rank");
        return out;
    }
    const RankData& rank = *profile.ranks[std::size_t(rankIndex)];
    out.rankId = rank.info.rankId;
    if (!rank.legacy.stepTrace.rows.empty()) {
        fromStepTraceRaw(rank.legacy.stepTrace, out);
        return out;
    }
    if (fromStepMarkers(rank.trace, out))
        return out;
    if (!rank.trace.isEmpty() || !rank.stepTrace.empty()) {
        const std::shared_ptr<const RankOverview> overview = rankOverview(rank);
        fromStepTable(*overview, out);
        if (out.steps.empty())
            out.note = overview->note;
        return out;
    }
    out.note = Tr::tr("no step trace (step_trace_raw_*_detail_time.csv), no step table (step_trace_time.csv) "
                      "and no timeline were loaded for this rank");
    return out;
}

std::shared_ptr<const RankStepTrace> rankStepTrace(const Profile& profile, int rankIndex)
{
    if (rankIndex < 0 || std::size_t(rankIndex) >= profile.ranks.size())
        return std::make_shared<const RankStepTrace>(computeStepTrace(profile, rankIndex));
    return profile.ranks[std::size_t(rankIndex)]->memo.get<RankStepTrace>(
        AnalysisMemo::StepTrace, [&profile, rankIndex] { return computeStepTrace(profile, rankIndex); });
}

StepTraceStep averageStep(const RankStepTrace& trace)
{
    StepTraceStep avg;
    if (trace.steps.empty())
        return avg;
    // Stages by (kind, name) in the order of first appearance.
    struct Sum
    {
        StepStage stage;
        TimeNs startSum = 0;
        TimeNs durationSum = 0;
        int steps = 0;
        bool startKnown = true;
    };
    std::vector<Sum> sums;
    std::map<std::pair<int, QString>, std::size_t> index;
    TimeNs duration = 0;
    for (const StepTraceStep& step : trace.steps) {
        duration += step.durationNs;
        for (const StepStage& s : step.stages) {
            const auto key = std::make_pair(int(s.kind), s.name);
            auto it = index.find(key);
            if (it == index.end()) {
                it = index.emplace(key, sums.size()).first;
                sums.push_back({ s, 0, 0, 0, true });
            }
            Sum& sum = sums[it->second];
            sum.durationSum += s.durationNs;
            if (s.startNs == kInvalidTime)
                sum.startKnown = false;
            else
                sum.startSum += s.startNs;
            ++sum.steps;
        }
    }
    const auto n = TimeNs(trace.steps.size());
    avg.durationNs = duration / n;
    avg.startNs = kInvalidTime;
    for (Sum& sum : sums) {
        StepStage s = sum.stage;
        // The partition's stages are averaged over every step (a zero Step
        // Gap counts); a stream op over the steps in which it ran.
        const bool partition = s.kind != StepStageKind::StreamOp;
        const TimeNs over = partition ? n : TimeNs(sum.steps);
        s.durationNs = sum.durationSum / over;
        s.startNs = sum.startKnown ? sum.startSum / TimeNs(sum.steps) : kInvalidTime;
        s.steps = sum.steps;
        avg.stages.push_back(std::move(s));
    }
    return avg;
}

StepTraceStep stepOrAverage(const RankStepTrace& trace, const QString& step)
{
    if (step.isEmpty())
        return averageStep(trace);
    for (const StepTraceStep& s : trace.steps)
        if (s.step == step)
            return s;
    StepTraceStep none;
    none.step = step;
    return none;
}

QString trajectoryColumnName(TrajectoryColumn column)
{
    switch (column) {
    case TrajectoryColumn::Step:
        return Tr::tr("Step");
    case TrajectoryColumn::Gap:
        return Tr::tr("Step Gap");
    case TrajectoryColumn::FpBp:
        return Tr::tr("FP+BP");
    case TrajectoryColumn::Tail:
        return Tr::tr("Tail");
    case TrajectoryColumn::ReceiveAlone:
        return Tr::tr("Receive Alone");
    case TrajectoryColumn::StageTime:
        return Tr::tr("Stage");
    case TrajectoryColumn::CommunicationAlone:
        return Tr::tr("Communication Alone");
    case TrajectoryColumn::Computation:
        return Tr::tr("Computation");
    case TrajectoryColumn::CollectiveAlone:
        return Tr::tr("Collective Communication Alone");
    case TrajectoryColumn::HcclCost:
        return Tr::tr("HCCL Communication");
    case TrajectoryColumn::HcclWait:
        return Tr::tr("HCCL Wait");
    case TrajectoryColumn::Preparing:
        return Tr::tr("Preparing");
    case TrajectoryColumn::Computing:
        return Tr::tr("Computing");
    case TrajectoryColumn::CommunicationNotOverlapped:
        return Tr::tr("Communication (not overlapped)");
    case TrajectoryColumn::Free:
        return Tr::tr("Free");
    case TrajectoryColumn::ColumnCount:
        break;
    }
    return {};
}

namespace {

// Mean over the selected steps of per-step values (ns); kInvalidTime when none.
struct Mean
{
    TimeNs sum = 0;
    int n = 0;
    void add(TimeNs v)
    {
        if (v == kInvalidTime)
            return;
        sum = saturatingAdd(sum, v);
        ++n;
    }
    TimeNs value() const
    {
        return n ? sum / n : kInvalidTime;
    }
};

TimeNs msToNs(double ms)
{
    return std::isnan(ms) ? kInvalidTime : TimeNs(std::llround(ms * 1e6));
}

constexpr TrajectoryColumn kStepTableColumns[] = { TrajectoryColumn::Preparing, TrajectoryColumn::Computing,
    TrajectoryColumn::CommunicationNotOverlapped, TrajectoryColumn::Free };
constexpr StepStageKind kStepTableKinds[] = { StepStageKind::Preparing, StepStageKind::Computing,
    StepStageKind::CommunicationNotOverlapped, StepStageKind::Free };

void fillRow(const Profile& profile, const RankData& rank, const QString& step, TrajectoryRow& row)
{
    using C = TrajectoryColumn;
    std::array<Mean, std::size_t(C::ColumnCount)> means;
    const auto add = [&means](C c, TimeNs v) { means[std::size_t(c)].add(v); };
    const std::shared_ptr<const RankStepTrace> shared = rankStepTrace(profile, row.rankIndex);
    const RankStepTrace& trace = *shared;
    int steps = 0;
    for (const StepTraceStep& s : trace.steps) {
        if (!step.isEmpty() && s.step != step)
            continue;
        ++steps;
        add(C::Step, s.durationNs);
        if (trace.source != RankStepTrace::Source::StepTable) { // the FP/BP partition
            add(C::Gap, s.value(StepStageKind::Gap));
            add(C::FpBp, s.value(StepStageKind::FpBp));
            add(C::Tail, s.value(StepStageKind::Tail));
        } else {
            for (std::size_t i = 0; i < std::size(kStepTableKinds); ++i)
                add(kStepTableColumns[i], s.value(kStepTableKinds[i]));
        }
    }
    // ascend_cluster_analyse rows are the steps in order: row i is step i + 1.
    const auto& analyse = rank.legacy.resources.clusterAnalyse.rows;
    for (std::size_t i = 0; i < analyse.size(); ++i) {
        if (!step.isEmpty() && QString::number(i + 1) != step)
            continue;
        const ClusterAnalyseRow& a = analyse[i];
        add(C::Computation, msToNs(a.computationMs));
        add(C::CommunicationAlone, msToNs(a.communicationAloneMs));
        add(C::StageTime, msToNs(a.stageMs));
        add(C::ReceiveAlone, msToNs(a.receiveAloneMs));
        add(C::CollectiveAlone, msToNs(a.collectiveAloneMs));
    }
    for (const HcclRawRow& h : rank.legacy.hccl) {
        if (!step.isEmpty() && QString::number(h.stepNum) != step)
            continue;
        add(C::HcclCost, msToNs(h.communicationCostMs));
        add(C::HcclWait, msToNs(h.waitCostMs));
    }
    for (std::size_t c = 0; c < means.size(); ++c)
        row.valueNs[c] = means[c].value();
    row.steps = steps;
}

bool anyValue(const std::vector<TrajectoryRow>& rows, TrajectoryColumn c)
{
    return std::any_of(rows.begin(), rows.end(), [c](const TrajectoryRow& r) { return r.value(c) != kInvalidTime; });
}

void markSlow(ClusterTrajectory& out)
{
    // Slow device: within its stage (stages legitimately differ), the device
    // column at least kSlowRatio over the stage's median.
    std::map<int, std::vector<TimeNs>> byStage;
    for (const TrajectoryRow& r : out.rows)
        if (r.value(out.deviceColumn) != kInvalidTime)
            byStage[r.stage].push_back(r.value(out.deviceColumn));
    std::map<int, TimeNs> stageMedian;
    for (auto& [stage, values] : byStage)
        if (values.size() >= 2)
            stageMedian[stage] = median(values);
    for (TrajectoryRow& r : out.rows) {
        const auto it = stageMedian.find(r.stage);
        const TimeNs v = r.value(out.deviceColumn);
        r.slowDevice = it != stageMedian.end() && v != kInvalidTime && it->second > 0
            && double(v) >= double(it->second) * (1.0 + ClusterTrajectory::kSlowRatio);
    }
    // Slow host: the hosts' mean Step Gap (else Preparing: the host-side
    // time before the device starts), at least kSlowRatio over the hosts'
    // median and by at least 1% of the mean step, so that gaps of a few
    // microseconds do not flag anything.
    const TrajectoryColumn gap = anyValue(out.rows, TrajectoryColumn::Gap) ? TrajectoryColumn::Gap
                                                                          : TrajectoryColumn::Preparing;
    std::map<QString, Mean> hostGap;
    Mean step;
    for (const TrajectoryRow& r : out.rows) {
        if (!r.host.isEmpty())
            hostGap[r.host].add(r.value(gap));
        step.add(r.value(TrajectoryColumn::Step));
    }
    if (hostGap.size() < 2)
        return;
    std::vector<TimeNs> means;
    for (const auto& [host, mean] : hostGap)
        if (mean.value() != kInvalidTime)
            means.push_back(mean.value());
    const TimeNs hostMedian = median(means);
    const TimeNs floorNs = step.value() == kInvalidTime ? 0 : step.value() / 100;
    if (hostMedian == kInvalidTime)
        return;
    for (const auto& [host, mean] : hostGap) {
        const TimeNs v = mean.value();
        if (v != kInvalidTime && double(v) >= double(hostMedian) * (1.0 + ClusterTrajectory::kSlowRatio)
            && v - hostMedian >= floorNs)
            out.slowHosts << host;
    }
    for (TrajectoryRow& r : out.rows)
        r.slowHost = out.slowHosts.contains(r.host);
}

} // namespace

ClusterTrajectory clusterTrajectory(const Profile& profile, const QString& step)
{
    ClusterTrajectory out;
    const ClusterAnalyseLayout layout = clusterAnalyseLayout(profile);
    out.parallelMode = layout.parallelMode;
    out.stageNum = layout.stageNum;
    out.rankSize = layout.rankSize;
    // Stages: from the layout of ascend_cluster_analyse (rank // (size / stages) + 1,
    // as MindInsight), else from the communication groups.
    std::vector<int> stageOf(profile.ranks.size(), -1);
    if (out.stageNum > 0 && out.rankSize >= out.stageNum) {
        for (std::size_t r = 0; r < profile.ranks.size(); ++r)
            if (profile.ranks[r]->info.rankId >= 0)
                stageOf[r] = profile.ranks[r]->info.rankId / (out.rankSize / out.stageNum) + 1;
    } else if (profile.ranks.size() > 1) {
        const auto stages = pipelineStages(profile);
        if (stages.size() > 1)
            for (std::size_t s = 0; s < stages.size(); ++s)
                for (int r : stages[s])
                    stageOf[std::size_t(r)] = int(s) + 1;
    }
    QStringList steps;
    for (std::size_t r = 0; r < profile.ranks.size(); ++r) {
        const RankData& rank = *profile.ranks[r];
        TrajectoryRow row;
        row.rankIndex = int(r);
        row.rankId = rank.info.rankId;
        row.host = rank.info.host;
        row.stage = stageOf[r];
        fillRow(profile, rank, step, row);
        const auto addStep = [&steps](qint64 number) {
            if (!steps.contains(QString::number(number)))
                steps << QString::number(number);
        };
        for (const LegacyStepTraceRow& l : rank.legacy.stepTrace.rows)
            addStep(l.stepNum);
        for (std::size_t i = 0; i < rank.legacy.resources.clusterAnalyse.rows.size(); ++i)
            addStep(qint64(i) + 1);
        for (const HcclRawRow& h : rank.legacy.hccl)
            addStep(h.stepNum);
        if (std::any_of(row.valueNs.begin(), row.valueNs.end(), [](TimeNs v) { return v != kInvalidTime; }))
            out.rows.push_back(std::move(row));
    }
    if (steps.isEmpty())
        for (const QString& s : clusterSteps(profile).steps)
            steps << s;
    std::sort(steps.begin(), steps.end(), [](const QString& a, const QString& b) {
        return a.toLongLong() != b.toLongLong() ? a.toLongLong() < b.toLongLong() : a < b;
    });
    out.steps = steps;
    std::sort(out.rows.begin(), out.rows.end(),
        [](const TrajectoryRow& a, const TrajectoryRow& b) { return a.rankId < b.rankId; });
    if (out.rows.empty()) {
        out.note = Tr::tr("No rank has a step trace, a step table or a timeline with steps.");
        return out;
    }

    using C = TrajectoryColumn;
    // MindInsight's columns per parallel mode (cluster_analyser.py), then what else the files hold.
    std::vector<C> order;
    const QString mode = out.parallelMode.toLower();
    if (mode.contains(QLatin1String("pipeline"))) {
        order = { C::Step, C::Gap, C::ReceiveAlone, C::StageTime, C::CommunicationAlone, C::Computation,
            C::CollectiveAlone, C::FpBp, C::Tail };
        out.deviceColumn = C::Computation;
    } else if (mode.contains(QLatin1String("model"))) {
        order = { C::Step, C::Gap, C::CommunicationAlone, C::Computation, C::FpBp, C::Tail };
        out.deviceColumn = C::Computation;
    } else {
        order = { C::Step, C::Gap, C::FpBp, C::Tail, C::ReceiveAlone, C::StageTime, C::CommunicationAlone,
            C::Computation, C::CollectiveAlone };
        out.deviceColumn = C::FpBp;
    }
    order.insert(order.end(), { C::HcclCost, C::HcclWait, C::Preparing, C::Computing, C::CommunicationNotOverlapped,
                                  C::Free });
    for (C c : order)
        if (anyValue(out.rows, c))
            out.columns.push_back(c);
    if (!anyValue(out.rows, out.deviceColumn))
        out.deviceColumn = anyValue(out.rows, C::FpBp) ? C::FpBp : C::Computing;
    markSlow(out);
    return out;
}

std::shared_ptr<const ClusterTrajectory> sharedClusterTrajectory(const Profile& profile, const QString& step)
{
    return profile.memo.get<ClusterTrajectory>(
        QStringLiteral("clusterTrajectory/") + step, [&profile, &step] { return clusterTrajectory(profile, step); });
}

} // namespace profscope
