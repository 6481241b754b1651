// SPDX-License-Identifier: Apache-2.0
#include "resources.h"

#include "apistatistics.h"

#include "memory.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <map>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::Resources)
};

void findLayout(const Profile& profile, ClusterFlops& out)
{
    const ClusterAnalyseLayout layout = clusterAnalyseLayout(profile);
    out.parallelMode = layout.parallelMode;
    out.stageNum = layout.stageNum;
    out.rankSize = layout.rankSize;
}

void proposeSlowRank(ClusterFlops& out)
{
    // flops_per_second: (mean - rank) / mean, the largest above the threshold.
    double sum = 0;
    int n = 0;
    for (const auto& e : out.entries)
        if (!std::isnan(e.flopsPerSecondG)) {
            sum += e.flopsPerSecondG;
            ++n;
        }
    if (n == 0)
        return;
    out.meanFlopsPerSecondG = sum / n;
    if (out.meanFlopsPerSecondG <= 0)
        return;
    const ClusterFlopsEntry* worst = nullptr;
    double worstFraction = 0;
    for (const auto& e : out.entries) {
        if (std::isnan(e.flopsPerSecondG))
            continue;
        const double fraction = (out.meanFlopsPerSecondG - e.flopsPerSecondG) / out.meanFlopsPerSecondG;
        if (!worst || fraction > worstFraction) {
            worst = &e;
            worstFraction = fraction;
        }
    }
    if (!worst || worstFraction <= ClusterFlops::kProposalThreshold)
        return;
    FlopsProposal p;
    p.kind = FlopsProposal::Kind::SlowRank;
    p.rankIndex = worst->rankIndex;
    p.rankId = worst->rankId;
    p.value = worst->flopsPerSecondG;
    p.fraction = worstFraction;
    p.text = Tr::tr("Rank %1 computes at %2 GFLOPS, %3% below the cluster mean of %4 GFLOPS (threshold %5%): "
                    "check its operators for slow kernels or a lower clock.")
                 .arg(rankText(p.rankId, worst->rankIndex))
                 .arg(p.value, 0, 'f', 4)
                 .arg(p.fraction * 100.0, 0, 'f', 2)
                 .arg(out.meanFlopsPerSecondG, 0, 'f', 4)
                 .arg(ClusterFlops::kProposalThreshold * 100.0, 0, 'f', 0);
    out.proposals.push_back(std::move(p));
}

void proposePipelineStage(ClusterFlops& out)
{
    // pipeline_parallel_flops: stage = rank // (rankSize / stageNum) + 1; the
    // stage average divides by the stage's nominal size, as MindInsight does.
    if (out.stageNum <= 0 || out.rankSize <= 0 || !out.parallelMode.contains(QLatin1String("pipeline"), Qt::CaseInsensitive))
        return;
    const int perStage = out.rankSize / out.stageNum;
    if (perStage <= 0)
        return;
    out.stageAverageFlopsM.assign(std::size_t(out.stageNum), 0.0);
    for (const auto& e : out.entries)
        if (e.stage >= 1 && e.stage <= out.stageNum)
            out.stageAverageFlopsM[std::size_t(e.stage - 1)] += e.flopsM;
    double mean = 0;
    for (double& s : out.stageAverageFlopsM) {
        s /= perStage;
        mean += s;
    }
    mean /= out.stageNum;
    if (mean <= 0)
        return;
    int worst = -1;
    double worstFraction = 0;
    for (int s = 0; s < out.stageNum; ++s) {
        const double fraction = out.stageAverageFlopsM[std::size_t(s)] / mean - 1.0;
        if (worst < 0 || fraction > worstFraction) {
            worst = s;
            worstFraction = fraction;
        }
    }
    if (worst < 0 || worstFraction <= ClusterFlops::kProposalThreshold)
        return;
    FlopsProposal p;
    p.kind = FlopsProposal::Kind::PipelineStage;
    p.stage = worst + 1;
    p.value = out.stageAverageFlopsM[std::size_t(worst)];
    p.fraction = worstFraction;
    p.text = Tr::tr("Pipeline stage %1 computes %2 MFLOPs per device, %3% above the mean of the stages (threshold %4%): "
                    "the stages are unbalanced; move layers from stage %1 to the others.")
                 .arg(p.stage)
                 .arg(p.value, 0, 'f', 4)
                 .arg(p.fraction * 100.0, 0, 'f', 2)
                 .arg(ClusterFlops::kProposalThreshold * 100.0, 0, 'f', 0);
    out.proposals.push_back(std::move(p));
}

} // namespace

double truncatedRatio(double ratio)
{
    return std::floor(ratio * 1000.0 + 1e-9) / 1000.0;
}

int heatBucket(double ratio, double granularity)
{
    const int buckets = std::max(1, int(std::lround(1.0 / granularity)));
    if (!(ratio >= 0)) // NaN and negatives: the first colour
        return 0;
    if (ratio >= 1.0)
        return buckets - 1;
    return std::clamp(int(std::floor(ratio / granularity + 1e-9)), 0, buckets - 1);
}

ClusterAnalyseLayout clusterAnalyseLayout(const Profile& profile)
{
    // The layout of the first rank whose ascend_cluster_analyse name gave one.
    for (const auto& rank : profile.ranks) {
        const ClusterAnalyse& a = rank->legacy.resources.clusterAnalyse;
        if (a.stageNum > 0 && a.rankSize > 0)
            return { a.parallelMode, a.stageNum, a.rankSize };
    }
    return {};
}

ClusterFlops clusterFlops(const Profile& profile)
{
    ClusterFlops out;
    findLayout(profile, out);
    for (std::size_t i = 0; i < profile.ranks.size(); ++i) {
        const RankData& rank = *profile.ranks[i];
        const LegacyResources& r = rank.legacy.resources;
        if (!r.flopsSummary.present) {
            if (!r.flops.ops.empty())
                out.ranksWithoutSummary.push_back(rank.info.rankId);
            continue;
        }
        const double flops = r.flopsSummary.totalFlopsM();
        if (std::isnan(flops))
            continue;
        ClusterFlopsEntry e;
        e.rankIndex = int(i);
        e.rankId = rank.info.rankId;
        e.flopsM = flops;
        e.flopsPerSecondG = r.flopsSummary.totalFlopsPerSecondG();
        e.utilizationPercent = r.flopsSummary.utilizationPercent;
        if (out.stageNum > 0 && out.rankSize >= out.stageNum && e.rankId >= 0)
            e.stage = e.rankId / (out.rankSize / out.stageNum) + 1;
        out.maxFlopsM = std::max(out.maxFlopsM, flops);
        out.entries.push_back(e);
    }
    std::stable_sort(out.entries.begin(), out.entries.end(),
                     [](const ClusterFlopsEntry& a, const ClusterFlopsEntry& b) { return a.rankId < b.rankId; });
    for (auto& e : out.entries)
        e.normalized = out.maxFlopsM > 0 ? e.flopsM / out.maxFlopsM : 0.0;
    proposeSlowRank(out);
    proposePipelineStage(out);
    return out;
}

ClusterMemory clusterMemory(const Profile& profile)
{
    ClusterMemory out;
    for (std::size_t i = 0; i < profile.ranks.size(); ++i) {
        const RankData& rank = *profile.ranks[i];
        ClusterMemoryEntry e;
        e.rankIndex = int(i);
        e.rankId = rank.info.rankId;
        const MemoryUsageSummary& summary = rank.legacy.resources.memoryUsage;
        if (summary.present && !std::isnan(summary.peakGiB)) {
            e.source = ClusterMemoryEntry::Source::UsageSummary;
            e.curve = QStringLiteral("memory_usage_summary");
            e.peakMB = summary.peakGiB * 1024.0;
            if (!std::isnan(summary.capacityGiB))
                e.capacityMB = summary.capacityGiB * 1024.0;
        } else {
            // The process's whole reservation (APP), else the framework's
            // (PTA+GE), else the largest reserved curve of any component.
            bool found = false;
            int bestRank = 99;
            for (const MemoryCurve& c : memoryCurves(rank)) {
                if (c.metric != MemoryCurve::Metric::Reserved || c.tsNs.empty())
                    continue;
                const int preference = c.component == QLatin1String("APP") ? 0 : c.component == QLatin1String("PTA+GE") ? 1 : 2;
                if (!found || preference < bestRank || (preference == bestRank && c.peakMB > e.peakMB)) {
                    found = true;
                    bestRank = preference;
                    e.peakMB = c.peakMB;
                    e.peakTsNs = c.peakTsNs;
                    e.curve = c.component;
                }
            }
            if (!found)
                continue;
        }
        out.anyCapacity = out.anyCapacity || !std::isnan(e.capacityMB);
        out.maxPeakMB = std::max(out.maxPeakMB, e.peakMB);
        out.entries.push_back(e);
    }
    std::stable_sort(out.entries.begin(), out.entries.end(),
                     [](const ClusterMemoryEntry& a, const ClusterMemoryEntry& b) { return a.rankId < b.rankId; });
    for (auto& e : out.entries) {
        e.ratioOfCapacity = !std::isnan(e.capacityMB) && e.capacityMB > 0;
        e.ratio = e.ratioOfCapacity ? e.peakMB / e.capacityMB : out.maxPeakMB > 0 ? e.peakMB / out.maxPeakMB : 0.0;
    }
    return out;
}

bool hasResourceData(const Profile& profile)
{
    return std::any_of(profile.ranks.begin(), profile.ranks.end(), [](const auto& r) {
        const LegacyResources& res = r->legacy.resources;
        return res.flopsSummary.present || !res.flops.ops.empty() || res.memoryUsage.present
            || (r->memoryRecords && r->memoryRecords->size() > 0) || hasApiStatistics(*r);
    });
}

} // namespace profscope
