// SPDX-License-Identifier: Apache-2.0
#include "commselection.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

namespace profscope {

QString CommGroupInfo::label() const
{
    if (groupId.isEmpty())
        return {};
    // Hashes are long; the tail is enough to tell groups apart in a combo box.
    const QString shortId = groupId.size() > 12 ? QStringLiteral("…") + groupId.right(8) : groupId;
    return name.isEmpty() ? groupId : name + QStringLiteral(" (") + shortId + QLatin1Char(')');
}

static std::vector<CommGroupInfo> computeCommunicationGroups(const Profile& profile)
{
    std::map<QString, CommGroupInfo> groups;
    std::map<QString, std::set<int>> ranks;
    for (const auto& rank : profile.ranks) {
        for (const CommOpRecord& op : rank->communication) {
            CommGroupInfo& g = groups[op.groupId];
            g.groupId = op.groupId;
            g.elapseMs += op.elapseMs;
            if (rank->info.rankId >= 0)
                ranks[op.groupId].insert(rank->info.rankId);
        }
        for (const CommMatrixLink& l : rank->communicationMatrix) {
            if (l.groupId.isEmpty())
                continue;
            groups[l.groupId].groupId = l.groupId;
            if (l.srcRank >= 0)
                ranks[l.groupId].insert(l.srcRank);
            if (l.dstRank >= 0)
                ranks[l.groupId].insert(l.dstRank);
        }
    }
    for (const auto& rank : profile.ranks) {
        for (const ParallelGroup& pg : rank->info.parallelGroups) {
            auto it = groups.find(pg.groupId);
            if (it != groups.end() && it->second.name.isEmpty())
                it->second.name = pg.groupName;
        }
    }
    std::vector<CommGroupInfo> out;
    for (auto& [id, g] : groups) {
        if (id.isEmpty())
            continue;
        for (const int r : ranks[id])
            g.ranks << r;
        out.push_back(std::move(g));
    }
    std::stable_sort(
        out.begin(), out.end(), [](const CommGroupInfo& a, const CommGroupInfo& b) { return a.elapseMs > b.elapseMs; });
    return out;
}

namespace {
    qint64 stepNumber(const QString& key)
    {
        bool ok = false;
        const qint64 n = viewStepFromKey(key).toLongLong(&ok);
        return ok ? n : std::numeric_limits<qint64>::max();
    }
} // namespace

static QStringList computeCommunicationSteps(const Profile& profile)
{
    std::set<std::pair<qint64, QString>> ordered;
    for (const auto& rank : profile.ranks) {
        for (const CommOpRecord& op : rank->communication)
            if (!op.step.isEmpty())
                ordered.insert({ stepNumber(op.step), op.step });
        for (const CommMatrixLink& l : rank->communicationMatrix)
            if (!l.step.isEmpty())
                ordered.insert({ stepNumber(l.step), l.step });
    }
    QStringList out;
    for (const auto& [n, key] : ordered)
        if (!out.contains(key))
            out << key;
    return out;
}

QString communicationStepKey(const QString& viewStep)
{
    if (viewStep.isEmpty() || viewStep.startsWith(QLatin1String("step")))
        return viewStep;
    return QStringLiteral("step") + viewStep;
}

QString viewStepFromKey(const QString& stepKey)
{
    return stepKey.startsWith(QLatin1String("step")) ? stepKey.mid(4) : stepKey;
}

static QStringList computeCommunicationOpNames(const Profile& profile, const QString& stepKey, const QString& groupId)
{
    QStringList out;
    std::set<QString> seen;
    for (const auto& rank : profile.ranks) {
        for (const CommOpRecord& op : rank->communication) {
            if ((!stepKey.isEmpty() && op.step != stepKey) || (!groupId.isEmpty() && op.groupId != groupId))
                continue;
            if (!op.opName.isEmpty() && seen.insert(op.opName).second)
                out << op.opName;
        }
    }
    return out;
}

int rankIndexOfId(const Profile& profile, int rankId)
{
    for (std::size_t i = 0; i < profile.ranks.size(); ++i)
        if (profile.ranks[i]->info.rankId == rankId)
            return int(i);
    return -1;
}

// Computed once per profile (the Communication page and the advice ask often).
std::vector<CommGroupInfo> communicationGroups(const Profile& profile)
{
    return *profile.memo.get<std::vector<CommGroupInfo>>(
        QStringLiteral("communicationGroups"), [&profile] { return computeCommunicationGroups(profile); });
}

// Per step and group, computed once per profile: the Communication page's op
// list on every step change (10,000 ranks: tens of ms of string compares);
// the page's prefetch job asks first, off the GUI thread.
QStringList communicationOpNames(const Profile& profile, const QString& stepKey, const QString& groupId)
{
    return *profile.memo.get<QStringList>(QStringLiteral("communicationOpNames|") + stepKey + QLatin1Char('|') + groupId,
        [&] { return computeCommunicationOpNames(profile, stepKey, groupId); });
}

std::shared_ptr<const QHash<int, QString>> rankHostsById(const Profile& profile)
{
    return profile.memo.get<QHash<int, QString>>(QStringLiteral("rankHostsById"), [&profile] {
        QHash<int, QString> hosts;
        for (const auto& r : profile.ranks)
            if (!hosts.contains(r->info.rankId))
                hosts.insert(r->info.rankId, r->info.host);
        return hosts;
    });
}

QStringList communicationSteps(const Profile& profile)
{
    return *profile.memo.get<QStringList>(
        QStringLiteral("communicationSteps"), [&profile] { return computeCommunicationSteps(profile); });
}

} // namespace profscope
