// SPDX-License-Identifier: Apache-2.0
#pragma once

// Cluster resources: the FLOPs heatmap with MindInsight's parallel proposals,
// and the cluster memory overview (peak against capacity per device).
// Rules and thresholds: ../shared/reference/data-prep-flops-strategy.md §2.3, §5.

#include "../model/profile.h"

#include <QString>

#include <optional>
#include <vector>

namespace profscope {

// One device of the FLOPs heatmap. Only ranks with a flops_summary file take
// part, as in MindInsight: a rank's flops_{rank}.txt alone does not give the
// same figure (the summary and the per-op file differ on the fixtures).
struct ClusterFlopsEntry
{
    int rankIndex = -1; // into Profile::ranks
    int rankId = -1;
    double flopsM = 0;              // FLOPs, else cube + vector FLOPs (MFLOPs)
    double flopsPerSecondG = kNoValue; // FLOPS, else cube + vector FLOPS
    double utilizationPercent = kNoValue;
    double normalized = 0;          // flopsM / max flopsM over the cluster, 0..1
    int stage = -1;                 // 1-based pipeline stage, -1 when the layout is unknown
};

// A MindInsight parallel proposal (parallel_proposer.py).
struct FlopsProposal
{
    enum class Kind {
        SlowRank,      // flops_per_second: a rank's FLOPS more than 20% under the mean
        PipelineStage, // pipeline_parallel_flops: a stage's FLOPs more than 20% over the mean of the stages
    };
    Kind kind = Kind::SlowRank;
    int rankIndex = -1; // SlowRank: into Profile::ranks
    int rankId = -1; // SlowRank
    int stage = -1;  // PipelineStage, 1-based
    double value = 0;   // the rank's FLOPS / the stage's average FLOPs
    double fraction = 0; // (mean - rank) / mean, or stage / mean - 1
    QString text;        // translated, for the page and the CLI
};

struct ClusterFlops
{
    static constexpr double kProposalThreshold = 0.2;

    std::vector<ClusterFlopsEntry> entries; // by rank id
    double maxFlopsM = 0;
    QString parallelMode; // from ascend_cluster_analyse_* names; empty when unknown
    int stageNum = -1;
    int rankSize = -1;
    double meanFlopsPerSecondG = kNoValue;
    std::vector<double> stageAverageFlopsM; // index stage - 1
    std::vector<FlopsProposal> proposals;
    std::vector<int> ranksWithoutSummary; // ranks with flops_{rank}.txt but no summary

    bool isEmpty() const
    {
        return entries.empty();
    }
};

ClusterFlops clusterFlops(const Profile& profile);

// The parallel layout named by the first ascend_cluster_analyse_{mode}_{stages}_{ranks}_*.csv
// of the profile; stageNum and rankSize -1 when no rank has one.
struct ClusterAnalyseLayout
{
    QString parallelMode;
    int stageNum = -1;
    int rankSize = -1;
};
ClusterAnalyseLayout clusterAnalyseLayout(const Profile& profile);

// MindInsight shows ratios truncated to three decimals: floor(x * 1000) / 1000.
double truncatedRatio(double ratio);
// The heatmap colour bucket of a 0..1 ratio at granularity g (0.1, 0.05,
// 0.02): floor(ratio / g), the last bucket (1 / g - 1) for ratio >= 1.
int heatBucket(double ratio, double granularity);

// One device of the cluster memory overview.
struct ClusterMemoryEntry
{
    enum class Source {
        UsageSummary, // memory_usage_summary_{rank}.json: simulated peak and the device capacity
        Record,       // memory_record (text or DB): the peak of a reserved curve
    };
    int rankIndex = -1;
    int rankId = -1;
    Source source = Source::Record;
    QString curve;          // the memory_record component whose reserved peak is shown (APP, PTA+GE, ...)
    double peakMB = 0;      // MB = 2^20 bytes, as memory_record.csv writes
    TimeNs peakTsNs = kInvalidTime; // when the peak is first reached (record source only)
    double capacityMB = kNoValue;   // device capacity when a file states it
    double ratio = 0;       // peak / capacity when known, else peak / max peak over the cluster
    bool ratioOfCapacity = false;
};

struct ClusterMemory
{
    std::vector<ClusterMemoryEntry> entries; // by rank id
    double maxPeakMB = 0;
    bool anyCapacity = false;
    bool isEmpty() const
    {
        return entries.empty();
    }
};

ClusterMemory clusterMemory(const Profile& profile);

// Whether any rank has what the Resources page shows (FLOPs files, memory
// records or a memory summary, API statistics or host API calls), without
// computing it: cheap enough to decide on the GUI thread whether to offer
// the page (clusterMemory builds every rank's memory curves).
bool hasResourceData(const Profile& profile);

} // namespace profscope
