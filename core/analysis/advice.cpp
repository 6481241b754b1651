// SPDX-License-Identifier: Apache-2.0
#include "advice.h"

#include "advicetext.h"
#include "datapipeline.h"
#include "cluster.h"
#include "communication.h"
#include "overview.h"
#include "resources.h"
#include "rootcause.h"
#include "../parse/inputfile.h"
#include "../model/workpool.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QThreadPool>
#include <QtConcurrent>

#include <algorithm>
#include <map>

namespace profscope {

namespace {

using advice::percent;
using advice::rankList;
using advice::Tr;
using advice::us;

// The costliest cause naming one of `ranks`, or -1: the symptom it explains
// is listed under it instead of beside it.
// Ranks are matched by place: ranks without an id all have id -1.
int explainingCause(const std::vector<Finding>& causes, const QList<RankRef>& ranks)
{
    int best = -1;
    for (std::size_t i = 0; i < causes.size(); ++i) {
        const bool involved = std::any_of(ranks.begin(), ranks.end(),
            [&](const RankRef& r) { return causes[i].concernsRank(r.index); });
        if (involved && (best < 0 || causes[i].impactNs > causes[std::size_t(best)].impactNs))
            best = int(i);
    }
    return best;
}

// A symptom (waits, spreads, ratios) is never more than Info by itself: only
// a cause has a cost. Explained symptoms point at their cause.
void symptom(Finding& f, const std::vector<Finding>& causes, const QList<RankRef>& ranks)
{
    f.severity = Finding::Severity::Info;
    f.explainedBy = explainingCause(causes, ranks);
}

QList<RankRef> groupRanks(const std::vector<RankCommunication>& comm, const QString& group)
{
    QList<RankRef> ranks;
    for (const RankCommunication& rc : comm)
        if (rc.groupId == group)
            ranks << RankRef { rc.rankIndex, rc.rankId };
    return ranks;
}

bool isRdma(const QString& transport)
{
    return transport.compare(QLatin1String("RDMA"), Qt::CaseInsensitive) == 0;
}

bool isOnNodeTransport(const QString& transport)
{
    static const QStringList names { QStringLiteral("SDMA"), QStringLiteral("HCCS"), QStringLiteral("PCIE"),
        QStringLiteral("SIO") };
    return names.contains(transport.toUpper());
}

// E2E as MindStudio Insight sums it: Computing + Comm(Not Overlapped) + Free + max(0, Preparing).
double e2eNs(const StepOverview& s)
{
    return double(s.value(StepTraceRow::Computing) + s.value(StepTraceRow::CommunicationNotOverlapped)
        + s.value(StepTraceRow::Free) + std::max<TimeNs>(0, s.value(StepTraceRow::Preparing)));
}

void spreadRules(const std::vector<ClusterStepRow>& perRank, const AdviceThresholds& t,
    const std::vector<Finding>& causes, std::vector<Finding>& out)
{
    std::vector<const ClusterStepRow*> known;
    for (const ClusterStepRow& r : perRank)
        if (r.overviewKnown)
            known.push_back(&r);
    if (known.size() < 2)
        return;
    double meanE2e = 0;
    for (const ClusterStepRow* r : known)
        meanE2e += e2eNs(r->overview);
    meanE2e /= double(known.size());
    if (meanE2e <= 0)
        return;
    struct Dim
    {
        StepTraceRow::Column column;
        const char* id;
        const char* label;
    };
    static const Dim dims[] = {
        { StepTraceRow::Computing, "spread-computing", QT_TRANSLATE_NOOP("profscope::Advice", "Computing") },
        { StepTraceRow::CommunicationNotOverlapped, "spread-communication",
            QT_TRANSLATE_NOOP("profscope::Advice", "Communication (not overlapped)") },
        { StepTraceRow::Free, "spread-free", QT_TRANSLATE_NOOP("profscope::Advice", "Free") },
    };
    for (const Dim& d : dims) {
        const auto [minIt, maxIt] = std::minmax_element(known.begin(), known.end(),
            [&d](const auto* a, const auto* b) { return a->overview.value(d.column) < b->overview.value(d.column); });
        const double spread = double((*maxIt)->overview.value(d.column) - (*minIt)->overview.value(d.column));
        const double ratio = spread / meanE2e;
        if (ratio <= t.spreadRatio)
            continue;
        Finding f;
        f.ruleId = QString::fromLatin1(d.id);
        const QString label = Tr::tr(d.label);
        f.title = Tr::tr("%1 differs across ranks: rank %2 has %3 more than rank %4")
                      .arg(label)
                      .arg(rankText((*maxIt)->rankId, (*maxIt)->rankIndex))
                      .arg(us(spread))
                      .arg(rankText((*minIt)->rankId, (*minIt)->rankIndex));
        f.rule = Tr::tr("(max − min of %1 across ranks) / mean step time > %2").arg(label, percent(t.spreadRatio));
        f.measured = Tr::tr("%1 (max %2 on rank %3, min %4 on rank %5, mean step %6)")
                         .arg(percent(ratio), us(double((*maxIt)->overview.value(d.column))))
                         .arg(rankText((*maxIt)->rankId, (*maxIt)->rankIndex))
                         .arg(us(double((*minIt)->overview.value(d.column))))
                         .arg(rankText((*minIt)->rankId, (*minIt)->rankIndex))
                         .arg(us(meanE2e));
        f.value = ratio;
        f.threshold = t.spreadRatio;
        f.ranks = { RankRef { (*maxIt)->rankIndex, (*maxIt)->rankId }, RankRef { (*minIt)->rankIndex, (*minIt)->rankId } };
        symptom(f, causes, f.ranks);
        f.target = Finding::Target::Rank;
        f.rankIndex = (*maxIt)->rankIndex;
        f.startNs = (*maxIt)->overview.spanNs.startNs;
        f.endNs = (*maxIt)->overview.spanNs.endNs;
        out.push_back(f);
    }
}

void freeRule(
    const ClusterSteps& steps, const AdviceThresholds& t, const std::vector<Finding>& causes, std::vector<Finding>& out)
{
    // Per rank, the step with the largest free share.
    std::map<int, const ClusterStepRow*> worst;
    auto ratioOf = [](const ClusterStepRow& r) {
        const TimeNs span = r.overview.spanNs.durationNs();
        return span > 0 ? double(r.overview.value(StepTraceRow::Free)) / double(span) : 0.0;
    };
    for (const ClusterStepRow& r : steps.rows) {
        if (!r.overviewKnown || ratioOf(r) <= t.freeRatio)
            continue;
        auto& w = worst[r.rankIndex];
        if (!w || ratioOf(r) > ratioOf(*w))
            w = &r;
    }
    if (worst.empty())
        return;
    std::vector<const ClusterStepRow*> rows;
    for (const auto& [index, row] : worst)
        rows.push_back(row);
    std::sort(rows.begin(), rows.end(), [&](const auto* a, const auto* b) { return ratioOf(*a) > ratioOf(*b); });
    const ClusterStepRow& top = *rows.front();
    Finding f;
    // An idle device whose idling no cause explains is worth a look when it
    // is a large share; a cost to rank it by needs a cause (host-bound).
    f.severity = ratioOf(top) > 2 * t.freeRatio ? Finding::Severity::Warning : Finding::Severity::Info;
    f.ruleId = QStringLiteral("free-time");
    QList<RankRef> ids;
    for (const auto* r : rows)
        ids << RankRef { r->rankIndex, r->rankId };
    // Without step markers the whole profile is one unnamed step.
    f.title = top.overview.step.isEmpty()
        ? Tr::tr("The device is idle for %1 of the profiled time on rank %2 (%n rank(s) above the limit)", "",
            int(rows.size()))
              .arg(percent(ratioOf(top)))
              .arg(rankText(top.rankId, top.rankIndex))
        : Tr::tr("The device is idle for %1 of step %2 on rank %3 (%n rank(s) above the limit)", "", int(rows.size()))
              .arg(percent(ratioOf(top)), top.overview.step)
              .arg(rankText(top.rankId, top.rankIndex));
    f.rule = Tr::tr("Free time / step time > %1").arg(percent(t.freeRatio));
    f.measured = Tr::tr("%1 free of %2 (ranks: %3)")
                     .arg(us(double(top.overview.value(StepTraceRow::Free))),
                         us(double(top.overview.spanNs.durationNs())), rankList(ids));
    f.value = ratioOf(top);
    f.threshold = t.freeRatio;
    f.ranks = ids;
    f.explainedBy = explainingCause(causes, ids);
    if (f.explainedBy >= 0)
        f.severity = Finding::Severity::Info;
    f.target = Finding::Target::Step;
    f.rankIndex = top.rankIndex;
    f.startNs = top.overview.spanNs.startNs;
    f.endNs = top.overview.spanNs.endNs;
    out.push_back(f);
}

void slowRankRule(const Profile& profile, const AdviceThresholds& t, const QString& step,
    const std::vector<RankCommunication>& comm, const std::vector<Finding>& causes, std::vector<Finding>& out)
{
    const std::vector<SlowRank> slow = detectSlowRanks(profile, t.slowRankRatio, step);
    std::map<QString, std::vector<const SlowRank*>> byGroup;
    for (const SlowRank& s : slow)
        byGroup[s.groupId].push_back(&s);
    for (const auto& [group, ranks] : byGroup) {
        const SlowRank& top = *ranks.front(); // sorted by how far behind
        QList<RankRef> ids;
        for (std::size_t i = 0; i < ranks.size() && i < 3; ++i)
            ids << RankRef { ranks[i]->rankIndex, ranks[i]->rankId };
        Finding f;
        f.ruleId = QStringLiteral("slow-rank");
        f.title = Tr::tr("Rank %1 is slow in communication group %2: the other ranks wait for it")
                      .arg(rankText(top.rankId, top.rankIndex))
                      .arg(group.right(12));
        f.rule = Tr::tr("(communication time of the rank that waits most − this rank's) / that time ≥ %1; top 3 shown")
                     .arg(percent(t.slowRankRatio));
        f.measured = Tr::tr("rank %1: %2 ms vs %3 ms on rank %4 (%5 behind); slow ranks: %6")
                         .arg(rankText(top.rankId, top.rankIndex))
                         .arg(top.elapseMs, 0, 'f', 3)
                         .arg(top.fastestElapseMs, 0, 'f', 3)
                         .arg(rankIdText(top.fastestRankId))
                         .arg(percent(top.behindRatio), rankList(ids));
        f.value = top.behindRatio;
        f.threshold = t.slowRankRatio;
        f.ranks = ids;
        // Arrival skew from jitter alone makes one rank "behind" in every
        // group: only a cause in the group makes it more than a hint.
        symptom(f, causes, groupRanks(comm, group));
        f.target = Finding::Target::Rank;
        f.rankIndex = top.rankIndex;
        out.push_back(f);
    }
}

void ratioRules(const Profile& profile, const std::vector<RankCommunication>& comm, const AdviceThresholds& t,
    const std::vector<Finding>& causes, std::vector<Finding>& out)
{
    // Pipeline sends and receives wait for the other stage by design.
    const QSet<QString> uneven = unevenCommunicationGroups(profile);
    std::map<QString, std::vector<const RankCommunication*>> byGroup;
    for (const RankCommunication& rc : comm)
        if (!uneven.contains(rc.groupId))
            byGroup[rc.groupId].push_back(&rc);
    for (const auto& [group, ranks] : byGroup) {
        const RankCommunication* worstWait = *std::max_element(
            ranks.begin(), ranks.end(), [](const auto* a, const auto* b) { return a->waitRatio() < b->waitRatio(); });
        if (worstWait->waitRatio() <= t.waitRatio)
            continue;
        QList<RankRef> waiting;
        for (const RankCommunication* rc : ranks)
            if (rc->waitRatio() > t.waitRatio)
                waiting << RankRef { rc->rankIndex, rc->rankId };
        const RankCommunication* leastWait = *std::min_element(
            ranks.begin(), ranks.end(), [](const auto* a, const auto* b) { return a->waitRatio() < b->waitRatio(); });
        Finding f;
        f.ruleId = QStringLiteral("wait-ratio");
        f.title = Tr::tr("Communication in group %1 spends much of its time waiting").arg(group.right(12));
        f.rule = Tr::tr("wait / (wait + transit) > %1").arg(t.waitRatio, 0, 'f', 2);
        f.measured = Tr::tr("%1 on rank %2; %n rank(s) above: %3", "", int(waiting.size()))
                         .arg(worstWait->waitRatio(), 0, 'f', 3)
                         .arg(rankText(worstWait->rankId, worstWait->rankIndex))
                         .arg(rankList(waiting));
        f.value = worstWait->waitRatio();
        f.threshold = t.waitRatio;
        f.ranks = waiting;
        QList<RankRef> members;
        for (const RankCommunication* rc : ranks)
            members << RankRef { rc->rankIndex, rc->rankId };
        symptom(f, causes, members);
        f.target = Finding::Target::Rank;
        f.rankIndex = worstWait->rankIndex;
        out.push_back(f);

        // CANN's follow-up: synchronization explains the wait (a slow rank),
        // otherwise the transfers themselves are uneven (a slow link).
        Finding g;
        g.threshold = t.synchronizationRatio;
        g.value = worstWait->synchronizationRatio();
        g.rankIndex = worstWait->rankIndex;
        g.target = Finding::Target::Rank;
        if (worstWait->synchronizationRatio() > t.synchronizationRatio) {
            g.ruleId = QStringLiteral("sync-ratio");
            g.title = Tr::tr("Ranks of group %1 are not synchronized: rank %2 arrives last at the collectives")
                          .arg(group.right(12))
                          .arg(rankText(leastWait->rankId, leastWait->rankIndex));
            g.ranks = { RankRef { worstWait->rankIndex, worstWait->rankId },
                RankRef { leastWait->rankIndex, leastWait->rankId } };
        } else {
            g.ruleId = QStringLiteral("bandwidth-inconsistent");
            g.severity = Finding::Severity::Info;
            g.title = Tr::tr("Waiting in group %1 is not explained by synchronization: check link bandwidths")
                          .arg(group.right(12));
            g.ranks = { RankRef { worstWait->rankIndex, worstWait->rankId } };
        }
        g.rule = Tr::tr("synchronization / (synchronization + transit) > %1 on the rank that waits most")
                     .arg(t.synchronizationRatio, 0, 'f', 2);
        g.measured = Tr::tr("%1 on rank %2")
                         .arg(worstWait->synchronizationRatio(), 0, 'f', 3)
                         .arg(rankText(worstWait->rankId, worstWait->rankIndex));
        symptom(g, causes, members);
        out.push_back(g);
    }
}

void packetRule(const std::vector<RankCommunication>& comm, const AdviceThresholds& t, std::vector<Finding>& out)
{
    struct Count
    {
        qint64 small = 0;
        qint64 all = 0;
        std::map<int, std::pair<qint64, qint64>> perRank; // rank index -> (small, all)
        std::map<int, int> idOf; // rank index -> rank id
        int rankIndex = -1;
    };
    std::map<QString, Count> byTransport;
    for (const RankCommunication& rc : comm)
        for (const auto& [transport, totals] : rc.transports) {
            const bool rdma = isRdma(transport);
            if (!rdma && !isOnNodeTransport(transport))
                continue;
            const double limitMB = rdma ? t.smallPacketRdmaMB : t.smallPacketSdmaMB;
            Count& c = byTransport[transport.toUpper()];
            for (const auto& [sizeMB, entry] : totals.sizeDistribution) {
                c.all += entry.first;
                c.perRank[rc.rankIndex].second += entry.first;
                if (sizeMB < limitMB) {
                    c.small += entry.first;
                    c.perRank[rc.rankIndex].first += entry.first;
                }
            }
            c.idOf[rc.rankIndex] = rc.rankId;
            if (c.rankIndex < 0)
                c.rankIndex = rc.rankIndex;
        }
    for (const auto& [transport, c] : byTransport) {
        if (c.all == 0)
            continue;
        const double share = double(c.small) / double(c.all);
        if (share <= t.smallPacketShare)
            continue;
        const double limitMB = isRdma(transport) ? t.smallPacketRdmaMB : t.smallPacketSdmaMB;
        QList<RankRef> ids;
        for (const auto& [rank, sa] : c.perRank)
            if (sa.second > 0 && double(sa.first) / double(sa.second) > t.smallPacketShare)
                ids << RankRef { rank, c.idOf.at(rank) };
        Finding f;
        f.severity = Finding::Severity::Info;
        f.ruleId = QStringLiteral("small-packets");
        f.transport = transport;
        f.title = Tr::tr("Many small %1 packets: fuse communication or raise the bucket size").arg(transport);
        f.rule =
            Tr::tr("share of %1 packets below %2 MB > %3").arg(transport).arg(limitMB).arg(percent(t.smallPacketShare));
        f.measured =
            Tr::tr("%1 of %2 packets (%3) on ranks %4").arg(c.small).arg(c.all).arg(percent(share), rankList(ids));
        f.value = share;
        f.threshold = t.smallPacketShare;
        f.ranks = ids;
        f.target = Finding::Target::Rank;
        f.rankIndex = c.rankIndex;
        out.push_back(f);
    }
}

void aiCpuRule(const Profile& profile, const AdviceThresholds& t, const QString& step, const advice::StepScale& scale,
    std::vector<Finding>& out)
{
    struct Op
    {
        qint64 count = 0;
        TimeNs maxNs = 0;
        TimeNs totalNs = 0;
        int rankIndex = -1;
        TimeNs startNs = 0;
        QList<RankRef> ranks;
    };
    std::map<QString, Op> ops;
    const TimeNs limitNs = TimeNs(t.aiCpuOpUs * 1000.0);
    bool stepOk = false;
    const qint32 stepId = step.toInt(&stepOk);
    for (std::size_t r = 0; r < profile.ranks.size(); ++r) {
        const KernelTable* k = profile.ranks[r]->kernels.get();
        if (!k)
            continue;
        for (std::size_t i = 0; i < k->size(); ++i) {
            if (k->durNs[i] <= limitNs || (stepOk && k->stepId[i] >= 0 && k->stepId[i] != stepId))
                continue;
            if (k->strings.view(k->acceleratorCore[i]) != "AI_CPU")
                continue;
            Op& op = ops[k->strings.string(k->type[i])];
            ++op.count;
            op.totalNs += k->durNs[i];
            if (k->durNs[i] > op.maxNs) {
                op.maxNs = k->durNs[i];
                op.rankIndex = int(r);
                op.startNs = k->startNs[i];
            }
            const RankRef ref { int(r), profile.ranks[r]->info.rankId };
            if (!op.ranks.contains(ref))
                op.ranks << ref;
        }
    }
    for (const auto& [type, op] : ops) {
        Finding f;
        // What the long calls cost one rank per step, as a share of the step.
        const double perRankStepNs =
            double(op.totalNs) / double(std::max<qsizetype>(1, op.ranks.size()) * std::max(1, scale.steps));
        f.impactNs = perRankStepNs;
        f.impactShare = scale.stepNs > 0 ? perRankStepNs / scale.stepNs : 0;
        f.severity = f.impactShare >= t.warningShare ? Finding::Severity::Warning : Finding::Severity::Info;
        f.ruleId = QStringLiteral("aicpu-op");
        f.title = Tr::tr("AI CPU operator %1 runs long: replace it with an AI Core implementation or change its dtype")
                      .arg(type);
        f.rule = Tr::tr("AI CPU op duration > %1 µs").arg(t.aiCpuOpUs);
        f.measured = Tr::tr("%n call(s) above; longest %1 (ranks %2); %3 per rank and step", "", int(op.count))
                         .arg(us(double(op.maxNs)), rankList(op.ranks), us(perRankStepNs));
        f.value = double(op.maxNs) / 1000.0;
        f.threshold = t.aiCpuOpUs;
        f.ranks = op.ranks;
        f.ops = { type };
        f.target = Finding::Target::Operator;
        f.rankIndex = op.rankIndex;
        f.startNs = op.startNs;
        f.endNs = op.startNs + op.maxNs;
        out.push_back(f);
    }
}

// MindInsight's parallel proposals from the FLOPs files (flops_summary,
// ascend_cluster_analyse names): a rank computing far below the mean FLOPS,
// a pipeline stage holding far more FLOPs than the others.
void flopsRule(const Profile& profile, std::vector<Finding>& out)
{
    const ClusterFlops flops = clusterFlops(profile);
    for (const FlopsProposal& p : flops.proposals) {
        Finding f;
        f.severity = Finding::Severity::Warning;
        f.title = p.text;
        f.value = p.fraction;
        f.threshold = ClusterFlops::kProposalThreshold;
        f.target = Finding::Target::Rank;
        if (p.kind == FlopsProposal::Kind::SlowRank) {
            f.ruleId = QStringLiteral("flops-slow-rank");
            f.rule = Tr::tr("a rank's FLOPS more than %1% below the mean of the ranks (MindInsight)")
                         .arg(100.0 * ClusterFlops::kProposalThreshold, 0, 'g', 3);
            f.measured = Tr::tr("%1 GFLOPS, %2% below the mean").arg(p.value, 0, 'f', 4).arg(p.fraction * 100.0, 0, 'f', 2);
            f.ranks = { RankRef { p.rankIndex, p.rankId } };
        } else {
            f.ruleId = QStringLiteral("flops-stage-imbalance");
            f.rule = Tr::tr("a pipeline stage's FLOPs per device more than %1% above the mean of the stages "
                            "(MindInsight)")
                         .arg(100.0 * ClusterFlops::kProposalThreshold, 0, 'g', 3);
            f.measured = Tr::tr("stage %1: %2 MFLOPs per device, %3% above the mean")
                             .arg(p.stage)
                             .arg(p.value, 0, 'f', 4)
                             .arg(p.fraction * 100.0, 0, 'f', 2);
            for (const ClusterFlopsEntry& e : flops.entries)
                if (e.stage == p.stage)
                    f.ranks << RankRef { e.rankIndex, e.rankId };
        }
        if (!f.ranks.isEmpty())
            f.rankIndex = f.ranks.front().index;
        if (f.rankIndex < 0)
            f.target = Finding::Target::None;
        out.push_back(f);
    }
}

// The device waits on its input: MindInsight's queue status rule on the
// MindData host queue (device_queue_profiling) and chip queue (minddata_aicpu).
void dataLoadingRule(const Profile& profile, const AdviceThresholds& t, std::vector<Finding>& out)
{
    for (std::size_t r = 0; r < profile.ranks.size(); ++r) {
        const RankData& rank = *profile.ranks[r];
        if (rank.minddata.deviceQueue.records.empty())
            continue;
        const DataPipelineAnalysis a = analyzeDataPipeline(rank);
        const QueueStepView& q = a.steps;
        if (!q.hasHost())
            continue;
        const double emptyShare = double(q.hostEmpty) / double(q.hostTotal);
        const bool hostEmpty = emptyShare > t.dataQueueEmptyRatio;
        const bool chipEmpty = !hostEmpty && q.hasChip() && q.chipEmpty > 0;
        if (!hostEmpty && !chipEmpty)
            continue;
        Finding f;
        f.severity = Finding::Severity::Warning;
        f.ranks = { RankRef { int(r), rank.info.rankId } };
        f.target = Finding::Target::Rank;
        f.rankIndex = int(r);
        if (hostEmpty) {
            f.ruleId = QStringLiteral("data-loading");
            QString slow = a.proposalGeneral.join(QStringLiteral(", "));
            if (a.bottleneckOpId >= 0 && a.op(a.bottleneckOpId))
                slow = slow.isEmpty() ? a.op(a.bottleneckOpId)->label()
                                      : slow + QStringLiteral(", ") + a.op(a.bottleneckOpId)->label();
            f.title = slow.isEmpty()
                ? Tr::tr("Rank %1 waits for input data: speed up the dataset pipeline (num_parallel_workers, prefetch)")
                      .arg(rankText(rank.info.rankId, int(r)))
                : Tr::tr("Rank %1 waits for input data: speed up the dataset pipeline, first %2")
                      .arg(rankText(rank.info.rankId, int(r)))
                      .arg(slow);
            f.rule = Tr::tr("host data queue empty in more than %1% of the steps (MindInsight)")
                         .arg(100.0 * t.dataQueueEmptyRatio, 0, 'g', 3);
            f.measured = Tr::tr("empty in %1 of %2 steps").arg(q.hostEmpty).arg(q.hostTotal);
            f.value = emptyShare;
            f.threshold = t.dataQueueEmptyRatio;
            f.ops = a.proposalGeneral;
        } else {
            f.ruleId = QStringLiteral("data-transmission");
            f.title = Tr::tr("Rank %1 waits for input data: the host queue is filled but the device queue runs empty "
                             "(data transmission to the device is slow)")
                          .arg(rankText(rank.info.rankId, int(r)));
            f.rule = Tr::tr("device (GetNext) queue empty at least once while the host queue is not (MindInsight)");
            f.measured = Tr::tr("device queue empty in %1 of %2 GetNext calls").arg(q.chipEmpty).arg(q.chipTotal);
            f.value = double(q.chipEmpty) / double(q.chipTotal);
            f.threshold = 0;
        }
        out.push_back(f);
    }
}

struct ThresholdField
{
    const char* key;
    double AdviceThresholds::*member;
};
constexpr ThresholdField kThresholdFields[] = {
    { "spreadRatio", &AdviceThresholds::spreadRatio },
    { "slowRankRatio", &AdviceThresholds::slowRankRatio },
    { "waitRatio", &AdviceThresholds::waitRatio },
    { "synchronizationRatio", &AdviceThresholds::synchronizationRatio },
    { "slowLinkRatio", &AdviceThresholds::slowLinkRatio },
    { "slowLinkZScore", &AdviceThresholds::slowLinkZScore },
    { "smallPacketShare", &AdviceThresholds::smallPacketShare },
    { "smallPacketSdmaMB", &AdviceThresholds::smallPacketSdmaMB },
    { "smallPacketRdmaMB", &AdviceThresholds::smallPacketRdmaMB },
    { "freeRatio", &AdviceThresholds::freeRatio },
    { "hostBoundLaunchGapUs", &AdviceThresholds::hostBoundLaunchGapUs },
    { "hostBoundShare", &AdviceThresholds::hostBoundShare },
    { "aiCpuOpUs", &AdviceThresholds::aiCpuOpUs },
    { "dataQueueEmptyRatio", &AdviceThresholds::dataQueueEmptyRatio },
    { "causeMinShare", &AdviceThresholds::causeMinShare },
    { "causeNoiseSigmas", &AdviceThresholds::causeNoiseSigmas },
    { "warningShare", &AdviceThresholds::warningShare },
    { "criticalShare", &AdviceThresholds::criticalShare },
    { "stageImbalanceShare", &AdviceThresholds::stageImbalanceShare },
};

} // namespace

QJsonObject adviceThresholdsToJson(const AdviceThresholds& thresholds)
{
    QJsonObject json;
    for (const ThresholdField& f : kThresholdFields)
        json.insert(QLatin1String(f.key), thresholds.*f.member);
    return json;
}

bool adviceThresholdsFromJson(const QJsonObject& json, AdviceThresholds* thresholds, QString* error)
{
    AdviceThresholds result = *thresholds;
    for (auto it = json.begin(); it != json.end(); ++it) {
        const ThresholdField* field = nullptr;
        for (const ThresholdField& f : kThresholdFields)
            if (it.key() == QLatin1String(f.key))
                field = &f;
        if (!field) {
            if (error)
                *error = Tr::tr("unknown threshold \"%1\"").arg(it.key());
            return false;
        }
        if (!it.value().isDouble() || it.value().toDouble() < 0) {
            if (error)
                *error = Tr::tr("threshold \"%1\" must be a non-negative number").arg(it.key());
            return false;
        }
        result.*field->member = it.value().toDouble();
    }
    *thresholds = result;
    return true;
}

bool loadAdviceThresholds(const QString& path, AdviceThresholds* thresholds, QString* error)
{
    // A FIFO would block the open, a device never end: regular files only,
    // and of a size a thresholds file can have.
    constexpr qint64 kMaxBytes = 16 << 20;
    const QFileInfo info(path);
    if (isSpecialFile(info) || info.isDir()) {
        if (error)
            *error = isSpecialFile(info) ? specialFileReason(path) : Tr::tr("%1 is a folder, not a file").arg(path);
        return false;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = Tr::tr("%1: %2").arg(path, file.errorString());
        return false;
    }
    if (file.size() > kMaxBytes) {
        if (error)
            *error = Tr::tr("%1: %2 bytes is too large for a thresholds file").arg(path).arg(file.size());
        return false;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        if (error)
            *error =
                Tr::tr("%1: byte %2: %3")
                    .arg(path)
                    .arg(parseError.offset)
                    .arg(doc.isObject() || parseError.error != QJsonParseError::NoError ? parseError.errorString()
                                                                                        : Tr::tr("not a JSON object"));
        return false;
    }
    QString fieldError;
    if (!adviceThresholdsFromJson(doc.object(), thresholds, &fieldError)) {
        if (error)
            *error = Tr::tr("%1: %2").arg(path, fieldError);
        return false;
    }
    return true;
}

QList<int> Finding::rankIds() const
{
    QList<int> ids;
    for (const RankRef& r : ranks)
        ids << r.id;
    return ids;
}

QList<int> Finding::rankIndexes() const
{
    QList<int> indexes;
    for (const RankRef& r : ranks)
        indexes << r.index;
    return indexes;
}

bool Finding::concernsRank(int index) const
{
    return index >= 0
        && std::any_of(ranks.begin(), ranks.end(), [index](const RankRef& r) { return r.index == index; });
}

QString severityName(Finding::Severity severity)
{
    switch (severity) {
    case Finding::Severity::Info:
        return Tr::tr("Info");
    case Finding::Severity::Warning:
        return Tr::tr("Warning");
    case Finding::Severity::Critical:
        return Tr::tr("Critical");
    }
    return {};
}

std::vector<Finding> computeAdvice(const Profile& profile, const AdviceThresholds& thresholds, const QString& step)
{
    return computeAdvice(profile, *sharedClusterSteps(profile, step), thresholds, step);
}

std::shared_ptr<const std::vector<Finding>> sharedAdvice(const Profile& profile, const QString& step)
{
    return profile.memo.get<std::vector<Finding>>(
        QStringLiteral("advice/") + step, [&profile, &step] { return computeAdvice(profile, {}, step); });
}

std::vector<Finding> computeAdvice(
    const Profile& profile, const ClusterSteps& steps, const AdviceThresholds& thresholds, const QString& step)
{
    const advice::StepScale scale = advice::stepScale(steps);

    // The slow links (the matrix of every rank's links, then its outliers)
    // depend on nothing else here: on a second core, while this thread finds
    // the rank causes and sums each rank's communication. A fifth of a
    // 1024-rank cluster's analyses; with one thread in the pool, in turn.
    std::vector<Finding> linkCauses;
    const auto findLinks = [&] { advice::slowLinkCauses(profile, scale, thresholds, step, linkCauses); };
    QFuture<void> links;
    const bool concurrent = workPool()->maxThreadCount() > 1;
    if (concurrent)
        links = QtConcurrent::run(workPool(), findLinks);
    std::vector<Finding> causes;
    advice::rankCauses(profile, steps, scale, thresholds, causes);
    advice::stageImbalanceCause(steps, scale, thresholds, causes);
    const QString commStep = step.isEmpty() ? QString() : QStringLiteral("step") + step;
    const std::vector<RankCommunication> comm = communicationByRankAndGroup(profile, commStep);
    if (concurrent)
        links.waitForFinished(); // runs it here if no pool thread took it yet
    else
        findLinks();
    causes.insert(causes.end(), linkCauses.begin(), linkCauses.end());
    std::stable_sort(causes.begin(), causes.end(), [](const Finding& a, const Finding& b) {
        return int(a.severity) != int(b.severity) ? int(a.severity) > int(b.severity) : a.impactNs > b.impactNs;
    });

    std::vector<Finding> others;
    spreadRules(clusterStepAverages(steps, step), thresholds, causes, others);
    slowRankRule(profile, thresholds, step, comm, causes, others);
    ratioRules(profile, comm, thresholds, causes, others);
    packetRule(comm, thresholds, others);
    freeRule(steps, thresholds, causes, others);
    aiCpuRule(profile, thresholds, step, scale, others);
    dataLoadingRule(profile, thresholds, others);
    flopsRule(profile, others);
    std::stable_sort(others.begin(), others.end(),
        [](const Finding& a, const Finding& b) { return int(a.severity) > int(b.severity); });

    // Each cause, then what it explains; then the rest.
    std::vector<Finding> out;
    for (std::size_t c = 0; c < causes.size(); ++c) {
        const int at = int(out.size());
        out.push_back(causes[c]);
        for (const Finding& f : others)
            if (f.explainedBy == int(c)) {
                out.push_back(f);
                out.back().explainedBy = at;
            }
    }
    for (const Finding& f : others)
        if (f.explainedBy < 0)
            out.push_back(f);
    return out;
}

} // namespace profscope
