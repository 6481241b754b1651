// SPDX-License-Identifier: Apache-2.0
#include "strategy.h"

#include "../model/timebounds.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>

#include <algorithm>
#include <map>
#include <tuple>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::Strategy)
};

// MindInsight names Load ops and summary ops by scope, type and node name
// (their fullName is not unique / carries the summary tag).
QString displayName(const StrategyOpNode& op)
{
    const bool summary = op.fullName.endsWith(QLatin1Char(']')) && op.fullName.contains(QLatin1String("[:"));
    if (op.opType == QLatin1String("Load") || summary)
        return op.scope + QLatin1Char('/') + op.opType + QStringLiteral("-op") + op.nodeName;
    return op.fullName;
}

QString instanceType(const QString& instanceName)
{
    if (instanceName.contains(QLatin1String("grad_mirror")))
        return QStringLiteral("GradientAggregation");
    if (instanceName.contains(QLatin1String("redistribution")))
        return QStringLiteral("Redistribution");
    return {};
}

QString leafName(const QString& fullName)
{
    return fullName.section(QLatin1Char('/'), -1);
}

// Kernels of one rank by name: the kernel table, else the legacy AI Core
// detail table (aggregated: counts and time, no start).
struct RankKernels
{
    struct Entry
    {
        QString name;
        qint64 count = 0;
        TimeNs totalNs = 0;
        TimeNs firstStartNs = kInvalidTime;
        TimeNs firstDurNs = 0;
    };
    std::vector<Entry> entries;
    QHash<QString, int> byName; // full name -> entry
    QHash<QString, int> byLeaf; // last path segment, when it names one op ("Conv2D-op2")

    explicit RankKernels(const RankData& rank)
    {
        auto add = [this](const QString& name, qint64 count, TimeNs totalNs, TimeNs startNs, TimeNs durNs) {
            auto it = byName.find(name);
            if (it == byName.end()) {
                it = byName.insert(name, int(entries.size()));
                entries.push_back({ name, 0, 0, kInvalidTime, 0 });
            }
            Entry& e = entries[std::size_t(*it)];
            e.count = saturatingAdd(e.count, count);
            e.totalNs = saturatingAdd(e.totalNs, totalNs);
            if (startNs != kInvalidTime && (e.firstStartNs == kInvalidTime || startNs < e.firstStartNs)) {
                e.firstStartNs = startNs;
                e.firstDurNs = durNs;
            }
        };
        if (rank.kernels && rank.kernels->size() > 0) {
            const KernelTable& k = *rank.kernels;
            for (std::size_t i = 0; i < k.size(); ++i)
                add(k.strings.string(k.name[i]), 1, k.durNs[i], k.startNs[i], k.durNs[i]);
        } else if (addDeviceSlices(rank, add)) {
            // the timeline's device tasks (no kernel table): timed, so the jump works
        } else {
            for (const auto& row : rank.legacy.aicoreDetails) {
                const qint64 count = std::max<qint64>(row.executionFrequency, 1);
                const TimeNs total =
                    hasValue(row.executionTimeMs) ? TimeNs(row.executionTimeMs * 1e6 * double(count)) : 0;
                add(row.fullName, count, total, kInvalidTime, 0);
            }
        }
        for (int i = 0; i < int(entries.size()); ++i) {
            const QString leaf = leafName(entries[std::size_t(i)].name);
            if (leaf.contains(QLatin1String("-op")) && !byLeaf.contains(leaf))
                byLeaf.insert(leaf, i);
        }
    }

    // The device-task lanes of the rank's timeline, by slice name; false when there are none.
    template <typename Add> static bool addDeviceSlices(const RankData& rank, Add&& add)
    {
        struct Agg
        {
            qint64 count = 0;
            TimeNs totalNs = 0;
            TimeNs firstStartNs = kInvalidTime;
            TimeNs firstDurNs = 0;
        };
        std::map<std::uint32_t, Agg> byName; // interned name -> runs (names converted once)
        for (const auto& process : rank.trace.processes)
            for (const auto& thread : process.threads) {
                if (thread.role != LaneRole::DeviceTasks)
                    continue;
                const SliceColumns& sl = thread.slices;
                for (std::size_t i = 0; i < sl.startNs.size(); ++i) {
                    Agg& a = byName[sl.name[i].value];
                    ++a.count;
                    a.totalNs = saturatingAdd(a.totalNs, sl.durNs[i]);
                    if (a.firstStartNs == kInvalidTime || sl.startNs[i] < a.firstStartNs) {
                        a.firstStartNs = sl.startNs[i];
                        a.firstDurNs = sl.durNs[i];
                    }
                }
            }
        for (const auto& [id, a] : byName)
            add(rank.trace.strings.string(StringId { id }), a.count, a.totalNs, a.firstStartNs, a.firstDurNs);
        return !byName.empty();
    }

    const Entry* match(const QString& fullName) const
    {
        if (auto it = byName.constFind(fullName); it != byName.cend())
            return &entries[std::size_t(*it)];
        // Kernel names may carry another scope prefix than the graph
        // (kernel_details' "Default/network-..."); the -opN leaf is unique.
        const QString leaf = leafName(fullName);
        if (leaf.contains(QLatin1String("-op")))
            if (auto it = byLeaf.constFind(leaf); it != byLeaf.cend())
                return &entries[std::size_t(*it)];
        return nullptr;
    }
};

// An integer attribute of a stage graph node (proto3 omits 0: absent is 0).
qint64 intAttribute(const Profile& profile, const StrategyStage& stage, int node, const char* name)
{
    const auto& ops = profile.ranks[std::size_t(stage.graphRankIndex)]->parallelStrategy.ops;
    if (node < 0 || node >= int(ops.size()))
        return -1;
    const StrategyAttribute* a = ops[std::size_t(node)].attribute(QLatin1String(name));
    if (!a)
        return 0;
    bool ok = false;
    const qint64 v = a->text.toLongLong(&ok);
    return ok ? v : -1;
}

void pairSendReceive(const Profile& profile, StrategyAnalysis& result)
{
    // (send stage, receive stage, sr_tag) -> Receive node
    std::map<std::tuple<int, int, qint64>, std::pair<int, int>> receives;
    for (int s = 0; s < int(result.stages.size()); ++s) {
        const StrategyStage& stage = result.stages[std::size_t(s)];
        for (int n = 0; n < int(stage.nodes.size()); ++n)
            if (stage.nodes[std::size_t(n)].opType == QLatin1String("Receive")) {
                const qint64 src = intAttribute(profile, stage, n, "src_rank");
                const qint64 tag = intAttribute(profile, stage, n, "sr_tag");
                if (src >= 0 && tag >= 0)
                    receives.emplace(std::make_tuple(int(src), stage.stageId, tag), std::make_pair(s, n));
            }
    }
    for (int s = 0; s < int(result.stages.size()); ++s) {
        StrategyStage& stage = result.stages[std::size_t(s)];
        for (int n = 0; n < int(stage.nodes.size()); ++n) {
            if (stage.nodes[std::size_t(n)].opType != QLatin1String("Send"))
                continue;
            const qint64 dest = intAttribute(profile, stage, n, "dest_rank");
            const qint64 tag = intAttribute(profile, stage, n, "sr_tag");
            const auto it = receives.find(std::make_tuple(stage.stageId, int(dest), tag));
            if (dest < 0 || tag < 0 || it == receives.end())
                continue;
            const auto [rs, rn] = it->second;
            stage.nodes[std::size_t(n)].peerStage = rs;
            stage.nodes[std::size_t(n)].peerNode = rn;
            StrategyGraphNode& receive = result.stages[std::size_t(rs)].nodes[std::size_t(rn)];
            receive.peerStage = s;
            receive.peerNode = n;
        }
    }
}

} // namespace

bool isStrategyCommunicationType(const QString& opType)
{
    static const QSet<QString> types { QStringLiteral("AllReduce"), QStringLiteral("AllGather"),
        QStringLiteral("AllToAll"), QStringLiteral("ReduceScatter"), QStringLiteral("AlltoAll"),
        QStringLiteral("Broadcast"), QStringLiteral("Send"), QStringLiteral("Receive"), QStringLiteral("AllToAllv"),
        QStringLiteral("NeighborExchange"), QStringLiteral("NeighborExchangeV2"), QStringLiteral("Reduce") };
    return types.contains(opType);
}

bool StrategyGraphNode::communication() const
{
    return isStrategyCommunicationType(opType);
}

QString StrategyGraphNode::strategyText() const
{
    if (strategy.empty())
        return {};
    QStringList rows;
    for (const auto& row : strategy) {
        QStringList cells;
        for (qint64 v : row)
            cells << QString::number(v);
        rows << QLatin1Char('[') + cells.join(QStringLiteral(", ")) + QLatin1Char(']');
    }
    return QLatin1Char('[') + rows.join(QStringLiteral(", ")) + QLatin1Char(']');
}

qint64 StrategyGraphNode::kernelCount() const
{
    qint64 n = 0;
    for (const auto& k : kernels)
        n += k.count;
    return n;
}

std::pair<int, int> StrategyAnalysis::find(const QString& text, int fromStage) const
{
    const QString needle = text.trimmed();
    if (needle.isEmpty())
        return { -1, -1 };
    const int first = std::clamp(fromStage, 0, std::max(0, int(stages.size()) - 1));
    for (int pass = 0; pass < 2; ++pass)
        for (int k = 0; k < int(stages.size()); ++k) {
            const int s = (first + k) % int(stages.size());
            const auto& nodes = stages[std::size_t(s)].nodes;
            for (int n = 0; n < int(nodes.size()); ++n) {
                const auto& node = nodes[std::size_t(n)];
                const bool hit = pass == 0 ? node.name.compare(needle, Qt::CaseInsensitive) == 0
                                           : node.name.contains(needle, Qt::CaseInsensitive)
                        || node.opType.compare(needle, Qt::CaseInsensitive) == 0;
                if (hit)
                    return { s, n };
            }
        }
    return { -1, -1 };
}

bool hasParallelStrategy(const Profile& profile)
{
    return std::any_of(
        profile.ranks.begin(), profile.ranks.end(), [](const auto& r) { return r && r->parallelStrategy.present(); });
}

StrategyAnalysis analyzeStrategy(const Profile& profile)
{
    StrategyAnalysis result;
    // Ranks with a strategy file, by the rank and stage their file states.
    std::map<int, std::vector<int>> stageRanks; // stage -> profile rank indexes
    std::map<int, int> seenRank; // config.rankId -> rank index
    QSet<QString> types;
    std::vector<std::vector<int>> stageDevices;
    for (int i = 0; i < int(profile.ranks.size()); ++i) {
        const auto& r = profile.ranks[std::size_t(i)];
        if (!r || !r->parallelStrategy.present())
            continue;
        const ParallelStrategyFile& f = r->parallelStrategy;
        if (auto it = seenRank.find(f.rankId); it != seenRank.end()) {
            result.notes << Tr::tr("%1 states rank %2 like %3; only the first is used")
                                .arg(f.path)
                                .arg(f.rankId)
                                .arg(profile.ranks[std::size_t(it->second)]->parallelStrategy.path);
            continue;
        }
        seenRank[f.rankId] = i;
        stageRanks[f.stageId].push_back(i);
        if (!f.parallelType.isEmpty())
            types.insert(f.parallelType);
        if (stageDevices.empty())
            stageDevices = f.stageDevices;
    }
    if (stageRanks.empty())
        return result;
    QStringList typeList(types.begin(), types.end());
    typeList.sort();
    result.parallelType = typeList.join(QStringLiteral(", "));
    if (typeList.size() > 1)
        result.notes << Tr::tr("the ranks state different parallel types: %1").arg(result.parallelType);
    for (const QString& t : typeList)
        if (t != QLatin1String("auto_parallel") && t != QLatin1String("semi_auto_parallel")
            && t != QLatin1String("data_parallel"))
            result.notes << Tr::tr("parallel type %1 is not one MindSpore writes strategies for").arg(t);

    for (auto& [stageId, indexes] : stageRanks) {
        StrategyStage stage;
        stage.stageId = stageId;
        std::sort(indexes.begin(), indexes.end(), [&](int a, int b) {
            return profile.ranks[std::size_t(a)]->parallelStrategy.rankId
                < profile.ranks[std::size_t(b)]->parallelStrategy.rankId;
        });
        stage.rankIndexes = indexes;
        if (stageId >= 0 && stageId < int(stageDevices.size()) && !stageDevices[std::size_t(stageId)].empty()) {
            stage.rankIds = stageDevices[std::size_t(stageId)];
            std::sort(stage.rankIds.begin(), stage.rankIds.end());
        } else {
            for (int i : indexes)
                stage.rankIds.push_back(profile.ranks[std::size_t(i)]->parallelStrategy.rankId);
        }
        stage.graphRankIndex = indexes.front();
        const ParallelStrategyFile& graph = profile.ranks[std::size_t(stage.graphRankIndex)]->parallelStrategy;
        stage.consts = graph.consts;

        QHash<QString, int> opIndex;
        for (int n = 0; n < int(graph.ops.size()); ++n)
            opIndex.insert(graph.ops[std::size_t(n)].nodeName, n);
        QSet<QString> constNames;
        for (const auto& c : graph.consts)
            constNames.insert(c.name);

        std::vector<RankKernels> kernels;
        std::vector<QHash<QString, int>> rankOps; // per rank of the stage: node name -> op
        for (int i : indexes) {
            kernels.emplace_back(*profile.ranks[std::size_t(i)]);
            QHash<QString, int>& ops = rankOps.emplace_back();
            const auto& f = profile.ranks[std::size_t(i)]->parallelStrategy;
            for (int n = 0; n < int(f.ops.size()); ++n)
                ops.insert(f.ops[std::size_t(n)].nodeName, n);
        }

        stage.nodes.reserve(graph.ops.size());
        for (int n = 0; n < int(graph.ops.size()); ++n) {
            const StrategyOpNode& op = graph.ops[std::size_t(n)];
            StrategyGraphNode node;
            node.nodeId = QString::number(n + 1);
            node.nodeName = op.nodeName;
            node.name = displayName(op);
            node.opType = op.opType;
            node.scope = op.scope;
            node.instanceType = instanceType(op.instanceName);
            node.strategy = op.strategy;
            node.strategySource = op.strategySource;
            node.outputShape = op.outputShape;
            node.outputType = op.outputType;
            for (const QString& in : op.inputs) {
                const auto producer = opIndex.constFind(in);
                node.inputNames << (producer != opIndex.cend() ? displayName(graph.ops[std::size_t(*producer)]) : in);
                if (auto it = opIndex.constFind(in); it != opIndex.cend()) {
                    if (std::find(node.inputs.begin(), node.inputs.end(), *it) == node.inputs.end())
                        node.inputs.push_back(*it);
                } else if (constNames.contains(in)) {
                    node.constInputs << in;
                }
                // anything else names nothing in this graph: dropped, as MindInsight does
            }
            if (const StrategyAttribute* gr = op.attribute(QStringLiteral("group_ranks")))
                node.groupRanks = gr->text;
            if (node.communication()) {
                QSet<QString> groups;
                for (std::size_t k = 0; k < indexes.size(); ++k) {
                    const ParallelStrategyFile& f = profile.ranks[std::size_t(indexes[k])]->parallelStrategy;
                    const auto it = rankOps[k].constFind(op.nodeName);
                    if (it == rankOps[k].cend() || f.ops[std::size_t(*it)].fullName != op.fullName)
                        continue;
                    if (const StrategyAttribute* g = f.ops[std::size_t(*it)].attribute(QStringLiteral("group")))
                        groups.insert(g->text);
                }
                node.parallelGroup = QStringList(groups.begin(), groups.end());
                node.parallelGroup.sort();
            }
            for (std::size_t k = 0; k < kernels.size(); ++k)
                if (const auto* e = kernels[k].match(op.fullName)) {
                    const int rankIndex = indexes[k];
                    node.kernels.push_back({ rankIndex, profile.ranks[std::size_t(rankIndex)]->parallelStrategy.rankId,
                        e->name, e->count, e->totalNs, e->firstStartNs, e->firstDurNs });
                }
            if (!node.strategy.empty())
                ++stage.withStrategy;
            if (node.communication())
                ++stage.communicationOps;
            if (!node.instanceType.isEmpty())
                ++stage.instanceTypes[node.instanceType];
            stage.nodes.push_back(std::move(node));
        }
        for (int n = 0; n < int(stage.nodes.size()); ++n)
            for (int in : stage.nodes[std::size_t(n)].inputs)
                stage.nodes[std::size_t(in)].outputs.push_back(n);
        // MindInsight refused a cluster with files missing; here the stage
        // shows what there is, and says which ranks have no file.
        if (stageId >= 0 && stageId < int(stageDevices.size())) {
            QStringList missing;
            for (int r : stageDevices[std::size_t(stageId)])
                if (!seenRank.count(r))
                    missing << QString::number(r);
            if (!missing.isEmpty())
                result.notes << Tr::tr("stage %1: no parallel_strategy file for rank(s) %2")
                                    .arg(stageId)
                                    .arg(missing.join(QStringLiteral(", ")));
        }
        result.stages.push_back(std::move(stage));
    }
    pairSendReceive(profile, result);
    return result;
}

} // namespace profscope
