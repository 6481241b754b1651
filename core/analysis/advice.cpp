// SPDX-License-Identifier: Apache-2.0
#include "advice.h"

#include "cluster.h"
#include "communication.h"
#include "overview.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>
#include <map>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::Advice)
};

QString us(double ns)
{
    return Tr::tr("%1 µs").arg(ns / 1000.0, 0, 'f', 1);
}

QString percent(double ratio)
{
    return Tr::tr("%1%").arg(ratio * 100.0, 0, 'f', 1);
}

QString rankList(const QList<int>& ids, int max = 8)
{
    QStringList parts;
    for (int i = 0; i < ids.size() && i < max; ++i)
        parts << QString::number(ids[i]);
    if (ids.size() > max)
        parts << Tr::tr("… (%n more)", "", int(ids.size() - max));
    return parts.join(QStringLiteral(", "));
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

void spreadRules(const std::vector<ClusterStepRow>& perRank, const AdviceThresholds& t, std::vector<Finding>& out)
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
        f.severity = ratio > 4 * t.spreadRatio ? Finding::Severity::Critical : Finding::Severity::Warning;
        f.ruleId = QString::fromLatin1(d.id);
        const QString label = Tr::tr(d.label);
        f.title = Tr::tr("%1 differs across ranks: rank %2 has %3 more than rank %4")
                      .arg(label)
                      .arg((*maxIt)->rankId)
                      .arg(us(spread))
                      .arg((*minIt)->rankId);
        f.rule = Tr::tr("(max − min of %1 across ranks) / mean step time > %2").arg(label, percent(t.spreadRatio));
        f.measured = Tr::tr("%1 (max %2 on rank %3, min %4 on rank %5, mean step %6)")
                         .arg(percent(ratio), us(double((*maxIt)->overview.value(d.column))))
                         .arg((*maxIt)->rankId)
                         .arg(us(double((*minIt)->overview.value(d.column))))
                         .arg((*minIt)->rankId)
                         .arg(us(meanE2e));
        f.value = ratio;
        f.threshold = t.spreadRatio;
        f.rankIds = { (*maxIt)->rankId, (*minIt)->rankId };
        f.target = Finding::Target::Rank;
        f.rankIndex = (*maxIt)->rankIndex;
        f.startNs = (*maxIt)->overview.spanNs.startNs;
        f.endNs = (*maxIt)->overview.spanNs.endNs;
        out.push_back(f);
    }
}

void freeRule(const ClusterSteps& steps, const AdviceThresholds& t, std::vector<Finding>& out)
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
    f.severity = ratioOf(top) > 3 * t.freeRatio ? Finding::Severity::Critical : Finding::Severity::Warning;
    f.ruleId = QStringLiteral("free-time");
    QList<int> ids;
    for (const auto* r : rows)
        ids << r->rankId;
    // Without step markers the whole profile is one unnamed step.
    f.title = top.overview.step.isEmpty()
        ? Tr::tr("The device is idle for %1 of the profiled time on rank %2 (%n rank(s) above the limit)", "",
            int(rows.size()))
              .arg(percent(ratioOf(top)))
              .arg(top.rankId)
        : Tr::tr("The device is idle for %1 of step %2 on rank %3 (%n rank(s) above the limit)", "", int(rows.size()))
              .arg(percent(ratioOf(top)), top.overview.step)
              .arg(top.rankId);
    f.rule = Tr::tr("Free time / step time > %1").arg(percent(t.freeRatio));
    f.measured = Tr::tr("%1 free of %2 (ranks: %3)")
                     .arg(us(double(top.overview.value(StepTraceRow::Free))),
                         us(double(top.overview.spanNs.durationNs())), rankList(ids));
    f.value = ratioOf(top);
    f.threshold = t.freeRatio;
    f.rankIds = ids;
    f.target = Finding::Target::Step;
    f.rankIndex = top.rankIndex;
    f.startNs = top.overview.spanNs.startNs;
    f.endNs = top.overview.spanNs.endNs;
    out.push_back(f);
}

void slowRankRule(const Profile& profile, const AdviceThresholds& t, const QString& step, std::vector<Finding>& out)
{
    const std::vector<SlowRank> slow = detectSlowRanks(profile, t.slowRankRatio, step);
    std::map<QString, std::vector<const SlowRank*>> byGroup;
    for (const SlowRank& s : slow)
        byGroup[s.groupId].push_back(&s);
    for (const auto& [group, ranks] : byGroup) {
        const SlowRank& top = *ranks.front(); // sorted by how far behind
        QList<int> ids;
        for (std::size_t i = 0; i < ranks.size() && i < 3; ++i)
            ids << ranks[i]->rankId;
        Finding f;
        f.severity = top.behindRatio > 2 * t.slowRankRatio ? Finding::Severity::Critical : Finding::Severity::Warning;
        f.ruleId = QStringLiteral("slow-rank");
        f.title = Tr::tr("Rank %1 is slow in communication group %2: the other ranks wait for it")
                      .arg(top.rankId)
                      .arg(group.right(12));
        f.rule = Tr::tr("(communication time of the rank that waits most − this rank's) / that time ≥ %1; top 3 shown")
                     .arg(percent(t.slowRankRatio));
        f.measured = Tr::tr("rank %1: %2 ms vs %3 ms on rank %4 (%5 behind); slow ranks: %6")
                         .arg(top.rankId)
                         .arg(top.elapseMs, 0, 'f', 3)
                         .arg(top.fastestElapseMs, 0, 'f', 3)
                         .arg(top.fastestRankId)
                         .arg(percent(top.behindRatio), rankList(ids));
        f.value = top.behindRatio;
        f.threshold = t.slowRankRatio;
        f.rankIds = ids;
        f.target = Finding::Target::Rank;
        f.rankIndex = top.rankIndex;
        out.push_back(f);
    }
}

void ratioRules(const Profile& profile, const std::vector<RankCommunication>& comm, const AdviceThresholds& t,
    std::vector<Finding>& out)
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
        QList<int> waiting;
        for (const RankCommunication* rc : ranks)
            if (rc->waitRatio() > t.waitRatio)
                waiting << rc->rankId;
        const RankCommunication* leastWait = *std::min_element(
            ranks.begin(), ranks.end(), [](const auto* a, const auto* b) { return a->waitRatio() < b->waitRatio(); });
        Finding f;
        f.ruleId = QStringLiteral("wait-ratio");
        f.title = Tr::tr("Communication in group %1 spends much of its time waiting").arg(group.right(12));
        f.rule = Tr::tr("wait / (wait + transit) > %1").arg(t.waitRatio, 0, 'f', 2);
        f.measured = Tr::tr("%1 on rank %2; %n rank(s) above: %3", "", int(waiting.size()))
                         .arg(worstWait->waitRatio(), 0, 'f', 3)
                         .arg(worstWait->rankId)
                         .arg(rankList(waiting));
        f.value = worstWait->waitRatio();
        f.threshold = t.waitRatio;
        f.rankIds = waiting;
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
            g.title = Tr::tr("Ranks of group %1 are not synchronized: rank %2 computes longer before the collectives")
                          .arg(group.right(12))
                          .arg(leastWait->rankId);
            g.rankIds = { worstWait->rankId, leastWait->rankId };
        } else {
            g.ruleId = QStringLiteral("bandwidth-inconsistent");
            g.severity = Finding::Severity::Info;
            g.title = Tr::tr("Waiting in group %1 is not explained by synchronization: check link bandwidths")
                          .arg(group.right(12));
            g.rankIds = { worstWait->rankId };
        }
        g.rule = Tr::tr("synchronization / (synchronization + transit) > %1 on the rank that waits most")
                     .arg(t.synchronizationRatio, 0, 'f', 2);
        g.measured = Tr::tr("%1 on rank %2").arg(worstWait->synchronizationRatio(), 0, 'f', 3).arg(worstWait->rankId);
        out.push_back(g);
    }
}

void slowLinkRule(const Profile& profile, const AdviceThresholds& t, const QString& step, std::vector<Finding>& out)
{
    for (const SlowLink& l : detectSlowLinks(profile, t.slowLinkRatio, t.slowLinkZScore, step)) {
        Finding f;
        f.severity =
            l.bandwidthGBps < 0.5 * l.transportAverageGBps ? Finding::Severity::Critical : Finding::Severity::Warning;
        f.ruleId = QStringLiteral("slow-link");
        f.link = QStringLiteral("%1-%2").arg(l.srcRankId).arg(l.dstRankId);
        f.transport = l.transport;
        f.title = Tr::tr("Slow %1 link %2 → %3").arg(l.transport).arg(l.srcRankId).arg(l.dstRankId);
        f.rule = Tr::tr("link bandwidth ≤ %1 × the %2 average, or z-score below the average > %3")
                     .arg(t.slowLinkRatio, 0, 'f', 2)
                     .arg(l.transport)
                     .arg(t.slowLinkZScore, 0, 'f', 1);
        f.measured = Tr::tr("%1 GB/s vs %2 GB/s average (z = %3)")
                         .arg(l.bandwidthGBps, 0, 'f', 2)
                         .arg(l.transportAverageGBps, 0, 'f', 2)
                         .arg(l.zScore, 0, 'f', 2);
        f.value = l.transportAverageGBps > 0 ? l.bandwidthGBps / l.transportAverageGBps : 0;
        f.threshold = t.slowLinkRatio;
        f.rankIds = { l.srcRankId, l.dstRankId };
        f.target = Finding::Target::Link;
        if (const RankData* r = profile.findRank(l.srcRankId))
            for (std::size_t i = 0; i < profile.ranks.size(); ++i)
                if (profile.ranks[i].get() == r)
                    f.rankIndex = int(i);
        out.push_back(f);
    }
}

void packetRule(const std::vector<RankCommunication>& comm, const AdviceThresholds& t, std::vector<Finding>& out)
{
    struct Count
    {
        qint64 small = 0;
        qint64 all = 0;
        std::map<int, std::pair<qint64, qint64>> perRank; // rank id -> (small, all)
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
                c.perRank[rc.rankId].second += entry.first;
                if (sizeMB < limitMB) {
                    c.small += entry.first;
                    c.perRank[rc.rankId].first += entry.first;
                }
            }
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
        QList<int> ids;
        for (const auto& [rank, sa] : c.perRank)
            if (sa.second > 0 && double(sa.first) / double(sa.second) > t.smallPacketShare)
                ids << rank;
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
        f.rankIds = ids;
        f.target = Finding::Target::Rank;
        f.rankIndex = c.rankIndex;
        out.push_back(f);
    }
}

// Host-bound scheduling: the device starts a task as soon as the host has
// launched it and had nothing queued before (its previous task ended before
// the launch): the HostToDevice link is close to vertical and the device waits
// for the host.
struct HostBoundMeasure
{
    qint64 tasks = 0; // compute tasks with a launch flow
    qint64 starved = 0; // … that the device waited for
    TimeNs worstGapNs = 0;
    TimeRange worstStepNs {};
};

HostBoundMeasure measureHostBound(const RankData& rank, const AdviceThresholds& t)
{
    HostBoundMeasure m;
    const DeviceTasks device = collectDeviceTasks(rank.trace);
    std::vector<const DeviceTask*> compute;
    for (const DeviceTask& task : device.tasks)
        if (task.compute)
            compute.push_back(&task);
    std::sort(compute.begin(), compute.end(),
        [](const auto* a, const auto* b) { return a->rangeNs.startNs < b->rangeNs.startNs; });
    const TimeNs limitNs = TimeNs(t.hostBoundLaunchGapUs * 1000.0);
    TimeNs deviceBusyUntilNs = std::numeric_limits<TimeNs>::min();
    std::map<int, qint64> starvedPerStep;
    for (const DeviceTask* task : compute) {
        if (task->launchNs != kInvalidTime) {
            ++m.tasks;
            const TimeNs delay = task->rangeNs.startNs - task->launchNs;
            if (delay >= 0 && delay <= limitNs && deviceBusyUntilNs < task->launchNs) {
                ++m.starved;
                ++starvedPerStep[task->step];
            }
        }
        deviceBusyUntilNs = std::max(deviceBusyUntilNs, task->rangeNs.endNs);
    }
    if (!starvedPerStep.empty()) {
        const auto worst = std::max_element(starvedPerStep.begin(), starvedPerStep.end(),
            [](const auto& a, const auto& b) { return a.second < b.second; });
        if (worst->first >= 0 && std::size_t(worst->first) < device.steps.size())
            m.worstStepNs = device.steps[std::size_t(worst->first)].rangeNs;
    }
    return m;
}

void hostBoundRule(const Profile& profile, const AdviceThresholds& t, std::vector<Finding>& out)
{
    std::vector<HostBoundMeasure> measures(profile.ranks.size());
    QtConcurrent::blockingMap(measures,
        [&](HostBoundMeasure& m) { m = measureHostBound(*profile.ranks[std::size_t(&m - measures.data())], t); });
    for (std::size_t i = 0; i < measures.size(); ++i) {
        const HostBoundMeasure& m = measures[i];
        if (m.tasks < 10)
            continue;
        const double share = double(m.starved) / double(m.tasks);
        if (share <= t.hostBoundShare)
            continue;
        const RankData& rank = *profile.ranks[i];
        Finding f;
        f.severity = Finding::Severity::Critical;
        f.ruleId = QStringLiteral("host-bound");
        f.title =
            Tr::tr("Rank %1 is host-bound: the device waits for the host to launch its kernels").arg(rank.info.rankId);
        f.rule = Tr::tr("share of kernels that start within %1 µs of their launch on an idle device > %2")
                     .arg(t.hostBoundLaunchGapUs)
                     .arg(percent(t.hostBoundShare));
        f.measured = Tr::tr("%1 of %2 kernels (%3)").arg(m.starved).arg(m.tasks).arg(percent(share));
        f.value = share;
        f.threshold = t.hostBoundShare;
        f.rankIds = { rank.info.rankId };
        f.target = Finding::Target::Step;
        f.rankIndex = int(i);
        f.startNs = m.worstStepNs.startNs;
        f.endNs = m.worstStepNs.endNs;
        out.push_back(f);
    }
}

void aiCpuRule(const Profile& profile, const AdviceThresholds& t, const QString& step, std::vector<Finding>& out)
{
    struct Op
    {
        qint64 count = 0;
        TimeNs maxNs = 0;
        int rankIndex = -1;
        TimeNs startNs = 0;
        QList<int> ranks;
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
            if (k->durNs[i] > op.maxNs) {
                op.maxNs = k->durNs[i];
                op.rankIndex = int(r);
                op.startNs = k->startNs[i];
            }
            const int id = profile.ranks[r]->info.rankId;
            if (!op.ranks.contains(id))
                op.ranks << id;
        }
    }
    for (const auto& [type, op] : ops) {
        Finding f;
        f.severity = Finding::Severity::Warning;
        f.ruleId = QStringLiteral("aicpu-op");
        f.title = Tr::tr("AI CPU operator %1 runs long: replace it with an AI Core implementation or change its dtype")
                      .arg(type);
        f.rule = Tr::tr("AI CPU op duration > %1 µs").arg(t.aiCpuOpUs);
        f.measured = Tr::tr("%n call(s) above; longest %1 (ranks %2)", "", int(op.count))
                         .arg(us(double(op.maxNs)), rankList(op.ranks));
        f.value = double(op.maxNs) / 1000.0;
        f.threshold = t.aiCpuOpUs;
        f.rankIds = op.ranks;
        f.ops = { type };
        f.target = Finding::Target::Operator;
        f.rankIndex = op.rankIndex;
        f.startNs = op.startNs;
        f.endNs = op.startNs + op.maxNs;
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
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = Tr::tr("%1: %2").arg(path, file.errorString());
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
    std::vector<Finding> out;
    const ClusterSteps steps = clusterSteps(profile, step);
    spreadRules(clusterStepAverages(steps, step), thresholds, out);
    slowRankRule(profile, thresholds, step, out);
    const QString commStep = step.isEmpty() ? QString() : QStringLiteral("step") + step;
    const std::vector<RankCommunication> comm = communicationByRankAndGroup(profile, commStep);
    ratioRules(profile, comm, thresholds, out);
    slowLinkRule(profile, thresholds, step, out);
    packetRule(comm, thresholds, out);
    freeRule(steps, thresholds, out);
    hostBoundRule(profile, thresholds, out);
    aiCpuRule(profile, thresholds, step, out);
    std::stable_sort(
        out.begin(), out.end(), [](const Finding& a, const Finding& b) { return int(a.severity) > int(b.severity); });
    return out;
}

} // namespace profscope
