// SPDX-License-Identifier: Apache-2.0
#pragma once

// Device resource files of the old MindInsight-era MindSpore profiler
// (`profiler/` folders): FLOPs per op and per rank, the memory usage summary,
// and the parallel layout that ascend_cluster_analyse_*.csv names carry.
// Formats: ../shared/reference/data-prep-flops-strategy.md §2 and §5.

#include "tables.h"

#include <QString>

#include <cmath>
#include <vector>

namespace profscope {

// flops_{rank}.txt comes in three header generations; columns are always
// found by header text, the generation only says which ones were there.
enum class FlopsGeneration {
    Unknown,
    Total,                 // A: full_kernel_name, FLOPs, FLOPS, FLOPS utilization
    CubeVectorUtilization, // B: cube / vector MFLOPs, GFLOPS and utilization
    CubeVector,            // C: op_full_name, cube / vector MFLOPs and GFLOPS (no utilization)
};

// One op of flops_{rank}.txt. MFLOPs are the operations of one execution in
// units of 1e6; "GFLOPS" is a rate as the writer computed it (generation C's
// is numerically TFLOP/s, see the reference §2.2); utilization is % of peak.
// Absent columns stay kNoValue.
struct FlopsOpRow
{
    QString fullName;
    double mflops = kNoValue;             // A
    double gflops = kNoValue;             // A
    double utilizationPercent = kNoValue; // A
    double cubeMflops = kNoValue;
    double cubeGflops = kNoValue;
    double cubeUtilizationPercent = kNoValue; // B
    double vectorMflops = kNoValue;
    double vectorGflops = kNoValue;
    double vectorUtilizationPercent = kNoValue; // B

    // Operations of one execution (MFLOPs): the total column, else cube + vector.
    double totalMflops() const
    {
        if (!std::isnan(mflops))
            return mflops;
        return (std::isnan(cubeMflops) ? 0.0 : cubeMflops) + (std::isnan(vectorMflops) ? 0.0 : vectorMflops);
    }
    double totalGflops() const
    {
        if (!std::isnan(gflops))
            return gflops;
        return (std::isnan(cubeGflops) ? 0.0 : cubeGflops) + (std::isnan(vectorGflops) ? 0.0 : vectorGflops);
    }
};

struct FlopsTable
{
    FlopsGeneration generation = FlopsGeneration::Unknown;
    std::vector<FlopsOpRow> ops;
};

// flops_summary_{rank}.json: {FLOPs, FLOPS, FLOPS_Utilization} (generations
// A/B) or {cube_FLOPs, cube_FLOPS, vec_FLOPs, vec_FLOPS} (C). Keys absent
// from the file stay kNoValue.
struct FlopsSummary
{
    bool present = false;
    double flopsM = kNoValue;     // FLOPs: Σ op MFLOPs
    double flopsPerSecondG = kNoValue; // FLOPS
    double utilizationPercent = kNoValue; // FLOPS_Utilization
    double cubeFlopsM = kNoValue;
    double cubeFlopsPerSecondG = kNoValue;
    double vectorFlopsM = kNoValue;
    double vectorFlopsPerSecondG = kNoValue;

    // MindInsight's rule: FLOPs when present and non-zero, else cube + vector.
    double totalFlopsM() const
    {
        if (!std::isnan(flopsM) && flopsM != 0.0)
            return flopsM;
        if (std::isnan(cubeFlopsM) && std::isnan(vectorFlopsM))
            return std::isnan(flopsM) ? kNoValue : flopsM;
        return (std::isnan(cubeFlopsM) ? 0.0 : cubeFlopsM) + (std::isnan(vectorFlopsM) ? 0.0 : vectorFlopsM);
    }
    double totalFlopsPerSecondG() const
    {
        if (!std::isnan(flopsPerSecondG) && flopsPerSecondG != 0.0)
            return flopsPerSecondG;
        if (std::isnan(cubeFlopsPerSecondG) && std::isnan(vectorFlopsPerSecondG))
            return std::isnan(flopsPerSecondG) ? kNoValue : flopsPerSecondG;
        return (std::isnan(cubeFlopsPerSecondG) ? 0.0 : cubeFlopsPerSecondG)
            + (std::isnan(vectorFlopsPerSecondG) ? 0.0 : vectorFlopsPerSecondG);
    }
};

// memory_usage_summary_{rank}.json (MindSpore ≤ 2.2, graph mode,
// profile_memory=True). Sizes are GiB as written.
struct MemoryUsageSummary
{
    bool present = false;
    double capacityGiB = kNoValue;
    double peakGiB = kNoValue;
    double staticGiB = kNoValue;
    qint64 allocations = -1;
    qint64 deallocations = -1;
};

// ascend_cluster_analyse_{mode}_{stageNum}_{rankSize}_{rank}.csv: the
// parallel layout from its name, and its per-step rows (ms).
struct ClusterAnalyseRow
{
    double computationMs = kNoValue;
    double communicationAloneMs = kNoValue;
    double stageMs = kNoValue;
    double receiveAloneMs = kNoValue;
    double collectiveAloneMs = kNoValue;
};

struct ClusterAnalyse
{
    QString parallelMode; // data-parallel, model-parallel, pipeline-parallel, ...
    int stageNum = -1;
    int rankSize = -1;
    std::vector<ClusterAnalyseRow> rows;
};

struct LegacyResources
{
    FlopsTable flops;
    FlopsSummary flopsSummary;
    MemoryUsageSummary memoryUsage;
    ClusterAnalyse clusterAnalyse;

    bool isEmpty() const
    {
        return flops.ops.empty() && !flopsSummary.present && !memoryUsage.present && clusterAnalyse.stageNum < 0;
    }
};

} // namespace profscope
