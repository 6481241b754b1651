// SPDX-License-Identifier: Apache-2.0
#pragma once

// The Data Preparation analysis of one rank: the MindData pipeline graph
// with per-op workers, queue usage, empty-queue frequency, throughput and
// CPU; MindInsight's queue-usage bottleneck filter and proposals; MindSpore's
// summary rules (per-worker CPU 75 % / 20 %, queue 50 / 60 / 50 / 10 %); the
// host / chip queue per step; the MindData CPU sampler. The thresholds and
// rules are MindInsight's and MindSpore's (see the reference, section 1 and 4).

#include "../model/minddata.h"
#include "../model/rank.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace profscope {

struct DataPipelineOp
{
    qint64 opId = -1;
    QString opType;
    qint64 numWorkers = -1;
    qint64 parentId = -1; // in the drawn graph (queue-less ops skipped); -1 for the root
    std::vector<qint64> childIds; // in the drawn graph
    std::vector<qint64> rawChildIds; // as written in pipeline_profiling (for the MindSpore rules)
    bool inGraph = true; // drawn (reachable from op 0 through queues), as in the raw CSV
    bool hasQueue = false;
    std::vector<qint64> queueSizes;
    qint64 queueCapacity = -1;
    double queueAverageSize = kNoValue;
    double queueUsage = 0; // average size / capacity, 0..1; 0 without a queue (as MindInsight reads it)
    double emptyFrequency = kNoValue; // share of samples with an empty queue, 0..1
    double throughputMean = kNoValue;
    double cpuPct = kNoValue; // mean user + sys, % of one core
    double cpuPerWorkerPct = kNoValue;
    bool queueFlagged = false; // MindInsight's queue-usage filter
    bool bottleneck = false; // MindSpore's summary rule

    QString label() const
    {
        return opType + QLatin1Char('_') + QString::number(opId);
    }
};

struct QueueStepView
{
    // Host connector queue (device_queue_profiling type-1 records, by step).
    std::vector<qint64> hostSteps;
    std::vector<qint64> hostSizes;
    qint64 hostCapacity = -1;
    int hostEmpty = 0, hostFull = 0, hostTotal = 0;
    // Data transmission (type-0 records) per step, ms.
    std::vector<qint64> costSteps;
    std::vector<double> totalMs, pushMs, getMs;
    double avgCostMs = kNoValue, pushCostMs = kNoValue, getCostMs = kNoValue;
    // Chip GetNext queue (minddata_aicpu).
    std::vector<qint64> chipSizes;
    std::vector<double> getNextMs;
    int chipEmpty = 0, chipTotal = 0;
    double avgGetNextMs = kNoValue;
    // MindInsight's status rule (analyse_queue_summary).
    bool dataProcessWarning = false;
    bool dataTransmissionWarning = false;
    bool deviceQueueWarning = false;
    int emptyRatePct = -1; // ceil(empty / total * 100) with a data-process / transmission warning

    bool hasHost() const
    {
        return hostTotal > 0;
    }
    bool hasChip() const
    {
        return chipTotal > 0;
    }
};

struct CpuView
{
    bool available = false;
    qint64 samplingIntervalMs = -1;
    qint64 cpuCount = -1;
    int firstSample = 0, sampleCount = 0; // the step-filtered slice of every series
    int stepTotal = 0; // host-queue records used for the filter (0: not filtered)
    // round(mean) of the kept slice, half to even (Python's round, as MindInsight).
    int deviceUser = 0, deviceSys = 0, deviceIo = 0, deviceIdle = 0, runnable = 0, contextSwitches = 0;
    int processUser = 0, processSys = 0;
    struct Op
    {
        qint64 opId = -1;
        int user = 0, sys = 0;
        qint64 numWorkers = -1;
    };
    std::vector<Op> ops;
    int totalOpUser = 0, totalOpSys = 0;
    int activePct = 0; // 100 - idle average
    bool overloaded = false; // active > 80: MindInsight's minddata_cpu_utilization proposal
};

struct DataPipelineAnalysis
{
    std::vector<DataPipelineOp> ops; // every op known, by id
    qint64 samplingIntervalMs = -1;
    double meanQueueUsage = kNoValue; // over the drawn ops with a queue
    // MindInsight: flagged op ids in filter order, and the proposals.
    std::vector<qint64> flaggedOps;
    bool flaggedIsRoot = false; // every queue is full: the bottleneck is downstream
    QStringList proposalGeneral, proposalDatasetOp, proposalMapOp, proposalGeneratorOp, proposalBatchOp;
    // MindSpore's summary rules.
    QStringList cpuDetails, queueDetails;
    qint64 bottleneckOpId = -1;
    QString bottleneckWarning, bottleneckSuggestion;
    int opsWithCpu = 0;
    QString cpuCoverageNote; // why the CPU rules saw only part of the ops (MindSpore fails there)
    QString pipelineNote; // the pipeline files disagree (one of them is from another run)
    // From minddata_pipeline_summary when the run has one.
    QStringList summaryWarnings, summarySuggestions;
    QueueStepView steps;
    CpuView cpu;
    std::vector<DatasetStageRow> datasetStages;

    bool hasPipeline() const
    {
        return !ops.empty();
    }
    bool isEmpty() const
    {
        return ops.empty() && !steps.hasHost() && !steps.hasChip() && !cpu.available && datasetStages.empty()
            && summaryWarnings.isEmpty();
    }
    const DataPipelineOp* op(qint64 id) const;
    // The device waits for data: the host queue is empty too often, or the
    // chip queue ran empty.
    bool deviceStarved() const
    {
        return steps.dataProcessWarning || steps.dataTransmissionWarning;
    }
};

// MindInsight's default queue-usage thresholds [high, low].
inline constexpr double kQueueUsageHigh = 0.8;
inline constexpr double kQueueUsageLow = 0.6;
// MindInsight's DEVICE_QUEUE_EMPTY_WARNING_THRESHOLD.
inline constexpr double kDeviceQueueEmptyThreshold = 0.3;
// MindInsight's minddata_cpu_utilization proposal above this active %.
inline constexpr int kCpuActiveThresholdPct = 80;

// The ops of the drawn graph from pipeline_profiling: from op 0, breadth
// first; a queue-less child is replaced by its own children; ops not reached
// are kept with inGraph false. Empty when op 0 is missing.
std::vector<DataPipelineOp> pipelineOpsFromJson(const PipelineJson& json);
// The ops of minddata_pipeline_summary (when the run has neither raw file);
// queue capacity is derived from average size and usage.
std::vector<DataPipelineOp> pipelineOpsFromSummary(const PipelineSummary& summary);
// The ops of minddata_pipeline_raw.csv.
std::vector<DataPipelineOp> pipelineOpsFromRawCsv(const std::vector<MinddataPipelineRow>& rows);
// MindInsight's filter: flagged op ids; `isRoot` set when every non-root op is at or above `high`.
std::vector<qint64> queueUsageFilter(const std::vector<DataPipelineOp>& ops, double high, double low, bool& isRoot);
// MindSpore's summary rules on ops whose cpuPct is set (the others are not judged).
void applySummaryRules(DataPipelineAnalysis& a);
QueueStepView analyzeQueues(const QueueTrace& trace, const std::vector<GetNextRecord>& getNext);
CpuView analyzeCpu(const CpuUtilization& cpu, const QueueTrace& trace, const std::vector<DataPipelineOp>& ops);

DataPipelineAnalysis analyzeDataPipeline(const RankData& rank);

} // namespace profscope
