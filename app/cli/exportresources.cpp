// SPDX-License-Identifier: Apache-2.0
#include "exportresources.h"

#include "analysis/apistatistics.h"
#include "analysis/resources.h"

namespace profscope::cli {

CellTable flopsTable(const Profile& profile, int onlyRank)
{
    CellTable t;
    t.header << QStringLiteral("Rank") << QStringLiteral("Stage") << QStringLiteral("FLOPs(M)")
             << QStringLiteral("FLOPs Normalized") << QStringLiteral("FLOPS(G/s)")
             << QStringLiteral("FLOPS Utilization(%)") << QStringLiteral("Stage Average FLOPs(M)")
             << QStringLiteral("Proposal") << QStringLiteral("Path");
    const ClusterFlops flops = clusterFlops(profile);
    for (const ClusterFlopsEntry& e : flops.entries) {
        if (onlyRank >= 0 && e.rankId != onlyRank)
            continue;
        QStringList proposals;
        for (const FlopsProposal& p : flops.proposals)
            if ((p.kind == FlopsProposal::Kind::SlowRank && p.rankId == e.rankId)
                || (p.kind == FlopsProposal::Kind::PipelineStage && p.stage == e.stage))
                proposals << p.text;
        const double stageAverage = e.stage >= 1 && std::size_t(e.stage) <= flops.stageAverageFlopsM.size()
            ? flops.stageAverageFlopsM[std::size_t(e.stage - 1)]
            : kNoValue;
        t.rows << QList<Cell> { cellIndex(e.rankId), cellIndex(e.stage), cellNumber(e.flopsM, 3), cellNumber(e.normalized, 6),
            cellNumber(e.flopsPerSecondG, 3), cellNumber(e.utilizationPercent, 3), cellNumber(stageAverage, 4),
            cell(proposals.join(QLatin1Char(' '))), cell(profile.ranks[std::size_t(e.rankIndex)]->info.rootPath) };
    }
    return t;
}

CellTable clusterMemoryTable(const Profile& profile, int onlyRank)
{
    CellTable t;
    t.header << QStringLiteral("Rank") << QStringLiteral("Source") << QStringLiteral("Component")
             << QStringLiteral("Peak(MB)") << QStringLiteral("Peak Time(ns)") << QStringLiteral("Capacity(MB)")
             << QStringLiteral("Ratio") << QStringLiteral("Ratio Of") << QStringLiteral("Path");
    const ClusterMemory memory = clusterMemory(profile);
    for (const ClusterMemoryEntry& e : memory.entries) {
        if (onlyRank >= 0 && e.rankId != onlyRank)
            continue;
        const bool summary = e.source == ClusterMemoryEntry::Source::UsageSummary;
        t.rows << QList<Cell> { cellIndex(e.rankId),
            cell(summary ? QStringLiteral("memory_usage_summary") : QStringLiteral("memory_record")),
            cell(summary ? QString() : e.curve + QStringLiteral(" reserved")), cellNumber(e.peakMB, 4),
            e.peakTsNs == kInvalidTime ? cellNumber(kNoValue, 0) : cell(qint64(e.peakTsNs)), cellNumber(e.capacityMB, 4),
            cellNumber(e.ratio, 6), cell(e.ratioOfCapacity ? QStringLiteral("capacity") : QStringLiteral("largest peak")),
            cell(profile.ranks[std::size_t(e.rankIndex)]->info.rootPath) };
    }
    return t;
}

CellTable apiTable(const Profile& profile, int onlyRank)
{
    CellTable t;
    t.header << QStringLiteral("Rank") << QStringLiteral("Type") << QStringLiteral("API Name") << QStringLiteral("Count")
             << QStringLiteral("Total(us)") << QStringLiteral("Avg(us)") << QStringLiteral("Min(us)")
             << QStringLiteral("Max(us)") << QStringLiteral("Variance(us^2)") << QStringLiteral("Ratio(%)")
             << QStringLiteral("Ranks");
    int rankIndex = -1;
    if (onlyRank >= 0) {
        for (std::size_t i = 0; i < profile.ranks.size(); ++i)
            if (profile.ranks[i]->info.rankId == onlyRank)
                rankIndex = int(i);
        if (rankIndex < 0)
            return t;
    }
    const std::vector<ApiStat> stats = apiStatistics(profile, rankIndex);
    TimeNs allNs = 0;
    for (const ApiStat& s : stats)
        allNs += s.totalNs;
    for (const ApiStat& s : stats)
        t.rows << QList<Cell> { cellIndex(onlyRank), cell(s.level), cell(s.apiName), cell(s.count), cellUs(s.totalNs),
            cellUs(s.avgNs()), cellUs(s.minNs), cellUs(s.maxNs), cellNumber(s.varianceUs2, 3),
            cellNumber(allNs > 0 ? 100.0 * double(s.totalNs) / double(allNs) : kNoValue, 2), cell(s.ranks) };
    return t;
}

} // namespace profscope::cli
