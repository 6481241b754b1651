// SPDX-License-Identifier: Apache-2.0
#include "communication.h"

#include "../model/timebounds.h"

#include <algorithm>

namespace profscope {

double TransportTotals::largePacketRatio(const QString& transport) const
{
    const double thresholdMB = transport == QLatin1String("RDMA") ? 1.0 : 16.0;
    qint64 large = 0, all = 0;
    for (const auto& [sizeMB, countAndTime] : sizeDistribution) {
        all += countAndTime.first;
        if (sizeMB >= thresholdMB)
            large += countAndTime.first;
    }
    return all > 0 ? double(large) / double(all) : 0;
}

qint64 TransportTotals::packets() const
{
    qint64 n = 0;
    for (const auto& [sizeMB, countAndTime] : sizeDistribution)
        n += countAndTime.first;
    return n;
}

std::vector<RankCommunication> communicationByRankAndGroup(const Profile& profile, const QString& step)
{
    std::vector<RankCommunication> out;
    for (std::size_t r = 0; r < profile.ranks.size(); ++r) {
        const RankData& rank = *profile.ranks[r];
        std::map<QString, RankCommunication> groups;
        for (const CommOpRecord& op : rank.communication) {
            if (!step.isEmpty() && op.step != step)
                continue;
            RankCommunication& g = groups[op.groupId];
            g.rankIndex = int(r);
            g.rankId = rank.info.rankId;
            g.groupId = op.groupId;
            ++g.ops;
            g.elapseMs += op.elapseMs;
            g.transitMs += op.transitMs;
            g.waitMs += op.waitMs;
            g.synchronizationMs += op.synchronizationMs;
            g.idleMs += op.idleMs;
            for (const CommBandwidth& b : op.bandwidth) {
                TransportTotals& t = g.transports[b.transport];
                t.sizeMB += b.transitSizeMB;
                t.timeMs += b.transitTimeMs;
                for (const auto& [sizeMB, countAndTime] : b.sizeDistribution) {
                    auto& d = t.sizeDistribution[sizeMB];
                    // Saturated: a count is no time, and a damaged file's 1e308 count is kept.
                    d.first = saturatingAdd(d.first, countAndTime.first);
                    d.second += countAndTime.second;
                }
            }
        }
        for (auto& [id, g] : groups)
            out.push_back(std::move(g));
    }
    return out;
}

static std::vector<MatrixCell> computeCommunicationMatrix(const Profile& profile, const MatrixQuery& query)
{
    const QString op = query.op.isEmpty() ? QStringLiteral("total") : query.op;
    // Size-class keys are "<algorithm>-<class>@group" ("allreduce-top1@…"); a
    // named op matches "<name>@group" or the link's Op Name.
    // Views, not QString::section: this runs for every link of every rank
    // (a 1024-rank cluster has over 50 000), and section() allocates.
    const bool sizeClassQuery = op == QLatin1String("total") || op == QLatin1String("top1")
        || op == QLatin1String("middle") || op.startsWith(QLatin1String("bottom"));
    auto matches = [&op, sizeClassQuery](const CommMatrixLink& l) {
        const QStringView whole(l.opKey);
        const qsizetype at = whole.indexOf(QLatin1Char('@'));
        const QStringView key = at < 0 ? whole : whole.left(at); // before the first '@'
        if (sizeClassQuery) {
            const qsizetype dash = key.lastIndexOf(QLatin1Char('-'));
            return dash >= 0 && key.mid(dash + 1) == op; // after the last '-'
        }
        return key == op || l.opName == op;
    };
    std::map<std::pair<int, int>, MatrixCell> cells;
    for (const auto& rank : profile.ranks) {
        for (const CommMatrixLink& l : rank->communicationMatrix) {
            if (!query.step.isEmpty() && l.step != query.step)
                continue;
            if (!query.groupId.isEmpty() && l.groupId != query.groupId)
                continue;
            if (!matches(l) || l.srcRank < 0 || l.dstRank < 0)
                continue;
            MatrixCell& c = cells[{ l.srcRank, l.dstRank }];
            c.srcRank = l.srcRank;
            c.dstRank = l.dstRank;
            if (c.transport.isEmpty())
                c.transport = l.transport;
            c.sizeMB += l.transitSizeMB;
            c.timeMs += l.transitTimeMs;
            if (!l.opName.isEmpty() && !c.opNames.contains(l.opName))
                c.opNames << l.opName;
        }
    }
    std::vector<MatrixCell> out;
    out.reserve(cells.size());
    for (auto& [key, c] : cells)
        out.push_back(std::move(c));
    return out;
}

// Computed once per profile and query: the matrix page, the slow-link
// detection and the advice ask for the same cells.
std::shared_ptr<const std::vector<MatrixCell>> sharedCommunicationMatrix(const Profile& profile,
                                                                         const MatrixQuery& query)
{
    // An empty op is "total" (computeCommunicationMatrix): one entry for both spellings.
    const QString op = query.op.isEmpty() ? QStringLiteral("total") : query.op;
    const QString key = QStringLiteral("communicationMatrix/%1/%2/%3").arg(query.step, op, query.groupId);
    return profile.memo.get<std::vector<MatrixCell>>(
        key, [&profile, &query] { return computeCommunicationMatrix(profile, query); });
}

std::vector<MatrixCell> communicationMatrix(const Profile& profile, const MatrixQuery& query)
{
    return *sharedCommunicationMatrix(profile, query);
}

} // namespace profscope
