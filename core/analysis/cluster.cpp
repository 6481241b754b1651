// SPDX-License-Identifier: Apache-2.0
#include "cluster.h"

#include "communication.h"
#include "../model/workpool.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>
#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <numeric>
#include <span>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::Cluster)
};

TimeNs medianOf(std::vector<TimeNs> values)
{
    if (values.empty())
        return 0;
    const std::size_t mid = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(mid), values.end());
    TimeNs m = values[mid];
    if (values.size() % 2 == 0) {
        const TimeNs lower = *std::max_element(values.begin(), values.begin() + std::ptrdiff_t(mid));
        m = lower + (m - lower) / 2;
    }
    return m;
}

// Union-find over small integer ids.
class DisjointSets
{
public:
    int find(int x)
    {
        auto it = m_parent.find(x);
        if (it == m_parent.end()) {
            m_parent.insert(x, x);
            return x;
        }
        if (it.value() == x)
            return x;
        const int root = find(it.value());
        m_parent[x] = root;
        return root;
    }
    void unite(int a, int b)
    {
        const int ra = find(a);
        const int rb = find(b);
        if (ra != rb)
            m_parent[std::max(ra, rb)] = std::min(ra, rb); // the smallest id is the root
    }

private:
    QHash<int, int> m_parent;
};

bool isPipelineGroupName(const QString& name)
{
    return name.startsWith(QLatin1String("pp"));
}

// The communication ops of a rank's timeline keyed for matching across ranks:
// "group id/op name#k" when communication.json names the op's group, else
// "op name#k" (HCCL op names carry the communicator's id and a sequence
// number, so they are equal on every rank of a collective).
std::vector<std::pair<QString, TimeNs>> collectiveEnds(const RankData& rank)
{
    QHash<QString, QString> groupOfOp;
    for (const CommOpRecord& op : rank.communication)
        if (!op.groupId.isEmpty())
            groupOfOp.insert(op.opName, op.groupId);
    const DeviceTasks device = collectDeviceTasks(rank.trace);
    std::vector<std::pair<QString, TimeNs>> ends;
    QHash<QString, int> seen;
    for (const DeviceTask& task : device.tasks) {
        if (task.compute || task.receive)
            continue; // point-to-point receives end when the data arrives, not together with the sender
        const ThreadTrack& lane = rank.trace.processes[std::size_t(task.process)].threads[std::size_t(task.thread)];
        const std::string_view nameView = rank.trace.strings.view(lane.slices.name[task.slice]);
        if (nameView.starts_with("hcom_send"))
            continue;
        const QString name = QString::fromUtf8(nameView.data(), qsizetype(nameView.size()));
        const QString group = groupOfOp.value(name);
        QString key = group.isEmpty() ? name : group + QLatin1Char('/') + name;
        const int k = seen[key]++;
        key += QLatin1Char('#') + QString::number(k);
        ends.emplace_back(key, task.rangeNs.endNs);
    }
    return ends;
}

} // namespace

ClockAlignment estimateClockAlignment(const Profile& profile)
{
    ClockAlignment result;
    const std::size_t n = profile.ranks.size();
    result.offsetNs.assign(n, 0);
    result.matchedOps.assign(n, 0);
    if (n < 2)
        return result;

    std::vector<std::vector<std::pair<QString, TimeNs>>> ends(n);
    QtConcurrent::blockingMap(workPool(), ends, [&](std::vector<std::pair<QString, TimeNs>>& e) {
        const std::size_t r = std::size_t(&e - ends.data());
        e = collectiveEnds(*profile.ranks[r]);
    });
    // key -> (rank, end) of every rank that ran it
    QHash<QString, std::vector<std::pair<int, TimeNs>>> byKey;
    for (std::size_t r = 0; r < n; ++r)
        for (const auto& [key, endNs] : ends[r])
            byKey[key].emplace_back(int(r), endNs);
    std::vector<std::vector<QString>> keysOfRank(n);
    for (auto it = byKey.cbegin(); it != byKey.cend(); ++it)
        if (it.value().size() > 1)
            for (const auto& [r, endNs] : it.value())
                keysOfRank[std::size_t(r)].push_back(it.key());

    // Ranks on one host read one clock, so offsets are estimated per clock
    // domain: the host when it is known, else the rank alone. Breadth first
    // from the reference: each newly reached domain takes the median end
    // difference against the domain it was reached from.
    std::vector<int> domainOf(n);
    QHash<QString, int> domainIds;
    for (std::size_t r = 0; r < n; ++r) {
        const QString& host = profile.ranks[r]->info.host;
        const QString key = host.isEmpty() ? QStringLiteral("\x01rank%1").arg(r) : host;
        domainOf[r] = domainIds.insert(key, domainIds.value(key, int(domainIds.size()))).value();
    }
    const std::size_t domains = std::size_t(domainIds.size());
    std::vector<std::vector<int>> ranksOf(domains);
    for (std::size_t r = 0; r < n; ++r)
        ranksOf[std::size_t(domainOf[r])].push_back(int(r));
    std::vector<TimeNs> domainOffset(domains, 0);
    std::vector<bool> done(domains, false);
    std::deque<int> queue;
    done[std::size_t(domainOf[0])] = true;
    queue.push_back(domainOf[0]);
    std::size_t aligned = 1;
    while (!queue.empty()) {
        const int from = queue.front();
        queue.pop_front();
        std::map<int, std::vector<TimeNs>> diffs; // other domain -> from's end − other's end
        QSet<QString> keys;
        for (const int r : ranksOf[std::size_t(from)])
            for (const QString& key : keysOfRank[std::size_t(r)])
                keys.insert(key);
        for (const QString& key : keys) {
            const auto& entries = byKey[key];
            TimeNs mine = kInvalidTime;
            for (const auto& [r, endNs] : entries)
                if (domainOf[std::size_t(r)] == from && mine == kInvalidTime)
                    mine = endNs;
            for (const auto& [r, endNs] : entries)
                if (!done[std::size_t(domainOf[std::size_t(r)])]) {
                    diffs[domainOf[std::size_t(r)]].push_back(mine - endNs);
                    ++result.matchedOps[std::size_t(r)];
                }
        }
        for (auto& [d, values] : diffs) {
            done[std::size_t(d)] = true;
            ++aligned;
            domainOffset[std::size_t(d)] = domainOffset[std::size_t(from)] + medianOf(std::move(values));
            queue.push_back(d);
        }
    }
    for (std::size_t r = 0; r < n; ++r)
        result.offsetNs[r] = domainOffset[std::size_t(domainOf[r])];
    result.matchedOps[0] = int(keysOfRank[0].size());
    result.estimated = aligned > 1;
    if (aligned < domains) {
        // The first ids only: on 10,000 ranks the whole list was a 60,000-character label that
        // took the GUI a quarter of a second to lay out, and no one reads it.
        constexpr int kListedRanks = 20;
        QStringList missing;
        int missingCount = 0;
        for (std::size_t r = 0; r < n; ++r)
            if (!done[std::size_t(domainOf[r])] && ++missingCount <= kListedRanks)
                missing << QString::number(profile.ranks[r]->info.rankId);
        if (missingCount > kListedRanks)
            missing << Tr::tr("… (%n more)", "", missingCount - kListedRanks);
        result.note = Tr::tr(
            "%n rank(s) share no collective with the others and keep their own clock: %1", "", missingCount)
                          .arg(missing.join(QStringLiteral(", ")));
    }
    return result;
}

ParallelIndex parallelIndex(const RankInfo& info)
{
    ParallelIndex index;
    index.dp = info.dpIndex;
    index.pp = info.ppIndex;
    index.tp = info.tpIndex;
    const int rank = info.rankId;
    if (rank < 0)
        return index;
    for (const ParallelGroup& g : info.parallelGroups) {
        const auto it = std::find(g.globalRanks.begin(), g.globalRanks.end(), rank);
        if (it == g.globalRanks.end())
            continue;
        const int position = int(it - g.globalRanks.begin());
        if (g.groupName == QLatin1String("dp") && index.dp < 0)
            index.dp = position;
        else if (g.groupName == QLatin1String("pp") && index.pp < 0)
            index.pp = position;
        else if (g.groupName == QLatin1String("tp") && index.tp < 0)
            index.tp = position;
    }
    // Megatron's rank order: tensor parallel fastest, then data, then pipeline.
    const int tp = info.tpSize > 0 ? info.tpSize : -1;
    const int dp = info.dpSize > 0 ? info.dpSize : -1;
    if (tp > 0 && index.tp < 0)
        index.tp = rank % tp;
    if (tp > 0 && dp > 0 && index.dp < 0)
        index.dp = (rank / tp) % dp;
    if (tp > 0 && dp > 0 && info.ppSize > 0 && index.pp < 0)
        index.pp = rank / (tp * dp);
    return index;
}

namespace {
std::vector<std::vector<int>> computePipelineStages(const Profile& profile);
ClusterSteps computeClusterSteps(const Profile& profile, const QString& step);
} // namespace

const std::vector<std::vector<int>>& pipelineStages(const Profile& profile)
{
    // The grouping was reached five times when a profile opened (three of them by the advice).
    return *profile.memo.get<std::vector<std::vector<int>>>(
        QStringLiteral("pipelineStages"), [&profile] { return computePipelineStages(profile); });
}

std::shared_ptr<const ClusterSteps> sharedClusterSteps(const Profile& profile, const QString& step)
{
    return profile.memo.get<ClusterSteps>(
        QStringLiteral("clusterSteps/") + step, [&profile, &step] { return computeClusterSteps(profile, step); });
}

static QString averagesKey(const QString& step)
{
    return QStringLiteral("clusterStepAverages/") + step;
}

std::shared_ptr<const std::vector<ClusterStepRow>> sharedClusterStepAverages(const Profile& profile, const QString& step)
{
    return profile.memo.get<std::vector<ClusterStepRow>>(
        averagesKey(step), [&profile, &step] { return clusterStepAverages(*sharedClusterSteps(profile), step); });
}

bool hasClusterStepAverages(const Profile& profile, const QString& step)
{
    return profile.memo.has(averagesKey(step));
}

ClusterSteps clusterSteps(const Profile& profile, const QString& step)
{
    return *sharedClusterSteps(profile, step);
}

namespace {

std::vector<std::vector<int>> computePipelineStages(const Profile& profile)
{
    std::vector<std::vector<int>> stages;
    if (profile.ranks.empty())
        return stages;
    QHash<int, int> indexOfRankId;
    for (std::size_t i = 0; i < profile.ranks.size(); ++i)
        indexOfRankId.insert(profile.ranks[i]->info.rankId, int(i));

    // Every distinct group named in any rank's metadata.
    std::map<QString, const ParallelGroup*> groups;
    for (const auto& rank : profile.ranks)
        for (const ParallelGroup& g : rank->info.parallelGroups)
            groups.emplace(g.groupId + QLatin1Char('|') + g.groupName, &g);

    std::map<int, int> stageRootOfIndex; // rank index -> root key
    if (!groups.empty()) {
        DisjointSets chains;
        for (const auto& [key, g] : groups)
            if (isPipelineGroupName(g->groupName))
                for (std::size_t i = 1; i < g->globalRanks.size(); ++i)
                    chains.unite(g->globalRanks[0], g->globalRanks[i]);
        DisjointSets stageSets;
        for (const auto& [key, g] : groups) {
            if (isPipelineGroupName(g->groupName) || g->globalRanks.size() < 2)
                continue;
            // A collective group that reaches into one chain twice spans stages.
            QSet<int> chainsSeen;
            bool crossesStages = false;
            for (const int r : g->globalRanks) {
                const int c = chains.find(r);
                if (chainsSeen.contains(c)) {
                    crossesStages = true;
                    break;
                }
                chainsSeen.insert(c);
            }
            if (crossesStages)
                continue;
            for (std::size_t i = 1; i < g->globalRanks.size(); ++i)
                stageSets.unite(g->globalRanks[0], g->globalRanks[i]);
        }
        for (std::size_t i = 0; i < profile.ranks.size(); ++i)
            stageRootOfIndex[int(i)] = stageSets.find(profile.ranks[i]->info.rankId);
    } else {
        // MindInsight's rule: devices whose first collective has the same name
        // run the same program, so they are one stage.
        QHash<QString, int> keyIds;
        for (std::size_t i = 0; i < profile.ranks.size(); ++i) {
            const RankData& rank = *profile.ranks[i];
            // Only the HCCL communication lanes matter here, and their slices
            // are sorted by start: the first non-receive op of each lane is
            // enough (collectDeviceTasks would also bind every kernel's launch).
            QString first;
            TimeNs firstNs = std::numeric_limits<TimeNs>::max();
            for (const ProcessTrack& process : rank.trace.processes) {
                for (const ThreadTrack& lane : process.threads) {
                    if (lane.role != LaneRole::CommunicationOps)
                        continue;
                    const SliceColumns& s = lane.slices;
                    for (std::size_t k = 0; k < s.size() && s.startNs[k] < firstNs; ++k) {
                        if (isReceiveOpName(rank.trace.strings.view(s.name[k])))
                            continue;
                        first = rank.trace.strings.string(s.name[k]);
                        firstNs = s.startNs[k];
                        break;
                    }
                }
            }
            stageRootOfIndex[int(i)] = keyIds.insert(first, keyIds.value(first, int(keyIds.size()))).value();
        }
    }

    std::map<int, std::vector<int>> byRoot;
    for (const auto& [index, root] : stageRootOfIndex)
        byRoot[root].push_back(index);
    for (auto& [root, members] : byRoot) {
        std::sort(members.begin(), members.end(), [&profile](int a, int b) {
            return profile.ranks[std::size_t(a)]->info.rankId < profile.ranks[std::size_t(b)]->info.rankId;
        });
        stages.push_back(std::move(members));
    }
    std::sort(stages.begin(), stages.end(), [&profile](const auto& a, const auto& b) {
        return profile.ranks[std::size_t(a.front())]->info.rankId < profile.ranks[std::size_t(b.front())]->info.rankId;
    });
    return stages;
}

ClusterSteps computeClusterSteps(const Profile& profile, const QString& step)
{
    ClusterSteps result;
    result.stages = pipelineStages(profile);
    const std::size_t n = profile.ranks.size();
    result.rankNotes.resize(n);
    result.mismatches.resize(n);
    std::vector<int> stageOf(n, -1);
    for (std::size_t s = 0; s < result.stages.size(); ++s)
        for (const int r : result.stages[s])
            stageOf[std::size_t(r)] = int(s);

    std::vector<std::vector<ClusterStepRow>> perRank(n);
    QtConcurrent::blockingMap(workPool(), perRank, [&](std::vector<ClusterStepRow>& rows) {
        const std::size_t r = std::size_t(&rows - perRank.data());
        const RankData& rank = *profile.ranks[r];
        ClusterStepRow base;
        base.rankIndex = int(r);
        base.rankId = rank.info.rankId;
        base.host = rank.info.host;
        base.stage = stageOf[r];
        base.parallel = parallelIndex(rank.info);
        std::vector<StepOverview> overviewSteps;
        if (!rank.trace.isEmpty() || !rank.stepTrace.empty()) {
            // Without a timeline the profiler's own step summary stands in (marked fromSummary).
            const std::shared_ptr<const RankOverview> overview = rankOverview(rank);
            if (overview->steps.empty())
                result.rankNotes[r] = overview->note;
            result.mismatches[r] = overviewMismatches(*overview);
            overviewSteps = overview->steps;
        }
        const auto& legacy = rank.legacy.stepTrace.rows;
        if (!legacy.empty()) {
            // Old MindInsight data: the steps are step_trace_raw's; its
            // timeline has no step markers, so the recomputed overview can be
            // attached only when both sides have exactly one step.
            const bool attach = legacy.size() == 1 && overviewSteps.size() == 1 && overviewSteps[0].step.isEmpty();
            for (const LegacyStepTraceRow& l : legacy) {
                const QString name = QString::number(l.stepNum);
                if (!step.isEmpty() && name != step)
                    continue;
                ClusterStepRow row = base;
                constexpr TimeNs tick = LegacyStepTrace::kTickNs;
                if (attach) {
                    row.overview = overviewSteps[0];
                } else {
                    row.overviewKnown = false;
                    row.overview.spanNs = { l.startPoint * tick, l.endPoint * tick };
                }
                row.overview.step = name;
                row.iterationIntervalNs = l.iterationInterval * tick;
                row.fpBpNs = l.fpAndBp * tick;
                row.tailNs = l.tail * tick;
                rows.push_back(std::move(row));
            }
        } else if (!overviewSteps.empty()) {
            for (StepOverview& s : overviewSteps) {
                if (!step.isEmpty() && s.step != step)
                    continue;
                ClusterStepRow row = base;
                row.overview = std::move(s);
                rows.push_back(std::move(row));
            }
        } else if (rank.trace.isEmpty() && rank.stepTrace.empty()) {
            result.rankNotes[r] = Tr::tr("no timeline and no step trace were loaded for this rank");
        }
    });

    std::map<std::pair<qint64, QString>, bool> stepOrder;
    for (auto& rows : perRank)
        for (ClusterStepRow& row : rows) {
            bool ok = false;
            const qint64 number = row.overview.step.toLongLong(&ok);
            stepOrder[{ ok ? number : 0, row.overview.step }] = true;
            result.rows.push_back(std::move(row));
        }
    for (const auto& [key, unused] : stepOrder)
        result.steps << key.second;
    std::stable_sort(
        result.rows.begin(), result.rows.end(), [&result](const ClusterStepRow& a, const ClusterStepRow& b) {
            const qsizetype sa = result.steps.indexOf(a.overview.step);
            const qsizetype sb = result.steps.indexOf(b.overview.step);
            return sa != sb ? sa < sb : a.rankId < b.rankId;
        });
    return result;
}

} // namespace

std::vector<ClusterStepRow> clusterStepAverages(const ClusterSteps& steps, const QString& step)
{
    // The rows of each rank, ranks in index order, a rank's rows in table order: one sorted
    // vector of pointers (a map of vectors made two allocations per rank on every step change,
    // on the GUI thread: 10,000 ranks).
    std::vector<const ClusterStepRow*> picked;
    picked.reserve(steps.rows.size());
    for (const ClusterStepRow& row : steps.rows)
        if (step.isEmpty() || row.overview.step == step)
            picked.push_back(&row);
    std::stable_sort(picked.begin(), picked.end(),
        [](const ClusterStepRow* a, const ClusterStepRow* b) { return a->rankIndex < b->rankIndex; });
    std::vector<ClusterStepRow> out;
    out.reserve(picked.size());
    for (auto first = picked.begin(); first != picked.end();) {
        auto last = std::find_if(first, picked.end(),
            [first](const ClusterStepRow* r) { return r->rankIndex != (*first)->rankIndex; });
        const std::span<const ClusterStepRow* const> rows(&*first, std::size_t(last - first));
        first = last;
        ClusterStepRow avg = *rows.front();
        if (rows.size() > 1) {
            const auto n = TimeNs(rows.size());
            avg.overview.step.clear();
            avg.overview.hostRangeNs = {};
            avg.overview.spanNs = { rows.front()->overview.spanNs.startNs, rows.back()->overview.spanNs.endNs };
            avg.overview.computeTasks = 0;
            avg.overview.kernelTimeNs = 0;
            avg.overview.communicationOps = 0;
            avg.overview.valueNs.fill(0);
            TimeNs interval = 0, fpBp = 0, tail = 0;
            for (const ClusterStepRow* r : rows) {
                for (std::size_t c = 0; c < avg.overview.valueNs.size(); ++c)
                    avg.overview.valueNs[c] += r->overview.valueNs[c];
                avg.overview.computeTasks += r->overview.computeTasks;
                avg.overview.kernelTimeNs += r->overview.kernelTimeNs;
                avg.overview.communicationOps += r->overview.communicationOps;
                interval += r->iterationIntervalNs == kInvalidTime ? 0 : r->iterationIntervalNs;
                fpBp += r->fpBpNs == kInvalidTime ? 0 : r->fpBpNs;
                tail += r->tailNs == kInvalidTime ? 0 : r->tailNs;
            }
            for (TimeNs& v : avg.overview.valueNs)
                v /= n;
            avg.overview.kernelTimeNs /= n;
            if (avg.iterationIntervalNs != kInvalidTime) {
                avg.iterationIntervalNs = interval / n;
                avg.fpBpNs = fpBp / n;
                avg.tailNs = tail / n;
            }
        }
        out.push_back(std::move(avg));
    }
    std::sort(
        out.begin(), out.end(), [](const ClusterStepRow& a, const ClusterStepRow& b) { return a.rankId < b.rankId; });
    return out;
}

QSet<QString> unevenCommunicationGroups(const Profile& profile)
{
    QSet<QString> uneven;
    std::vector<int> stageOf(profile.ranks.size(), 0);
    const auto stages = pipelineStages(profile);
    for (std::size_t s = 0; s < stages.size(); ++s)
        for (const int r : stages[s])
            stageOf[std::size_t(r)] = int(s);
    QHash<QString, int> stageOfGroup;
    for (std::size_t r = 0; r < profile.ranks.size(); ++r) {
        const RankData& rank = *profile.ranks[r];
        for (const ParallelGroup& g : rank.info.parallelGroups)
            if (isPipelineGroupName(g.groupName))
                uneven.insert(g.groupId);
        for (const CommOpRecord& op : rank.communication) {
            const QString lower = op.opName.toLower();
            if (op.p2p || lower.contains(QLatin1String("send")) || lower.contains(QLatin1String("receive"))
                || lower.contains(QLatin1String("recv")) || lower.contains(QLatin1String("all2allv"))
                || lower.contains(QLatin1String("alltoallv")))
                uneven.insert(op.groupId);
            // A group across pipeline stages (Megatron's model-parallel
            // gradient-norm AllReduce) waits for the stages' different schedules.
            const auto it = stageOfGroup.constFind(op.groupId);
            if (it == stageOfGroup.constEnd())
                stageOfGroup.insert(op.groupId, stageOf[r]);
            else if (it.value() != stageOf[r])
                uneven.insert(op.groupId);
        }
    }
    return uneven;
}

static std::vector<SlowRank> computeSlowRanks(const Profile& profile, double thresholdRatio, const QString& step)
{
    const QString commStep = step.isEmpty() ? QString() : QStringLiteral("step") + step;
    const std::vector<RankCommunication> all = communicationByRankAndGroup(profile, commStep);
    const QSet<QString> skipped = unevenCommunicationGroups(profile);
    std::map<QString, std::vector<const RankCommunication*>> byGroup;
    for (const RankCommunication& rc : all)
        if (!skipped.contains(rc.groupId))
            byGroup[rc.groupId].push_back(&rc);
    std::vector<SlowRank> out;
    for (const auto& [group, ranks] : byGroup) {
        if (ranks.size() < 2)
            continue;
        const RankCommunication* fastest = *std::max_element(
            ranks.begin(), ranks.end(), [](const auto* a, const auto* b) { return a->elapseMs < b->elapseMs; });
        if (fastest->elapseMs <= 0)
            continue;
        for (const RankCommunication* rc : ranks) {
            const double behind = (fastest->elapseMs - rc->elapseMs) / fastest->elapseMs;
            if (rc == fastest || behind < thresholdRatio)
                continue;
            SlowRank s;
            s.rankIndex = rc->rankIndex;
            s.rankId = rc->rankId;
            s.groupId = group;
            s.behindRatio = behind;
            s.elapseMs = rc->elapseMs;
            s.fastestElapseMs = fastest->elapseMs;
            s.fastestRankId = fastest->rankId;
            out.push_back(s);
        }
    }
    std::sort(
        out.begin(), out.end(), [](const SlowRank& a, const SlowRank& b) { return a.behindRatio > b.behindRatio; });
    return out;
}

static std::vector<SlowLink> computeSlowLinks(const Profile& profile, double ratio, double zScore, const QString& step)
{
    MatrixQuery query;
    query.step = step.isEmpty() ? QString() : QStringLiteral("step") + step;
    query.op = QStringLiteral("total");
    const std::vector<MatrixCell> cells = communicationMatrix(profile, query);
    std::map<QString, std::vector<const MatrixCell*>> byTransport;
    for (const MatrixCell& c : cells)
        if (c.timeMs > 0 && c.srcRank != c.dstRank)
            byTransport[c.transport].push_back(&c);
    std::vector<SlowLink> out;
    for (const auto& [transport, links] : byTransport) {
        if (links.size() < 2)
            continue;
        double sum = 0;
        for (const MatrixCell* c : links)
            sum += c->bandwidthGBps();
        const double mean = sum / double(links.size());
        double var = 0;
        for (const MatrixCell* c : links)
            var += (c->bandwidthGBps() - mean) * (c->bandwidthGBps() - mean);
        const double sd = std::sqrt(var / double(links.size()));
        std::vector<double> sorted;
        for (const MatrixCell* c : links)
            sorted.push_back(c->bandwidthGBps());
        std::sort(sorted.begin(), sorted.end());
        const std::size_t mid = sorted.size() / 2;
        const double median = sorted.size() % 2 ? sorted[mid] : 0.5 * (sorted[mid - 1] + sorted[mid]);
        for (const MatrixCell* c : links) {
            const double bw = c->bandwidthGBps();
            const double z = sd > 0 ? (mean - bw) / sd : 0;
            // CANN's matrix rule (≤ ratio × transport average), or
            // msprof-analyze's outlier rule (z-score above the limit), which
            // only means something with a few links to compare.
            const bool belowAverage = bw <= ratio * mean;
            const bool outlier = links.size() >= 4 && z > zScore;
            if (!belowAverage && !outlier)
                continue;
            out.push_back({ c->srcRank, c->dstRank, transport, bw, mean, z, median, c->sizeMB, c->timeMs });
        }
    }
    std::sort(out.begin(), out.end(), [](const SlowLink& a, const SlowLink& b) {
        return a.bandwidthGBps / std::max(a.transportAverageGBps, 1e-12)
            < b.bandwidthGBps / std::max(b.transportAverageGBps, 1e-12);
    });
    return out;
}

// Computed once per profile, threshold and step (the Communication page, the advice).
std::vector<SlowRank> detectSlowRanks(const Profile& profile, double thresholdRatio, const QString& step)
{
    const QString key = QStringLiteral("slowRanks/%1/%2").arg(thresholdRatio, 0, 'g', 17).arg(step);
    return *profile.memo.get<std::vector<SlowRank>>(
        key, [&] { return computeSlowRanks(profile, thresholdRatio, step); });
}

std::vector<SlowLink> detectSlowLinks(const Profile& profile, double ratio, double zScore, const QString& step)
{
    const QString key =
        QStringLiteral("slowLinks/%1/%2/%3").arg(ratio, 0, 'g', 17).arg(zScore, 0, 'g', 17).arg(step);
    return *profile.memo.get<std::vector<SlowLink>>(
        key, [&] { return computeSlowLinks(profile, ratio, zScore, step); });
}

} // namespace profscope
