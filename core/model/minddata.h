// SPDX-License-Identifier: Apache-2.0
#pragma once

// MindData (dataset pipeline) profiling files of one rank, as read. The raw
// pipeline CSV stays in LegacyData::minddataPipeline (it predates this);
// analysis/datapipeline.h combines everything into the Data Preparation view.

#include "tables.h"

#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace profscope {

// One op of pipeline_profiling_{rank}.json.
struct PipelineJsonOp
{
    qint64 opId = -1;
    QString opType;
    qint64 numWorkers = -1;
    std::vector<qint64> childIds;
    bool hasQueue = false; // metrics.output_queue present
    std::vector<qint64> queueSizes; // sampled output-queue depths
    qint64 queueCapacity = -1; // output_queue.length
    std::vector<double> throughput; // newer files only
};

struct PipelineJson
{
    qint64 samplingIntervalMs = -1;
    std::vector<PipelineJsonOp> ops; // file order (usually leaf first)
};

// minddata_pipeline_summary_{rank}.json / .csv: every key is a list; the
// values are kept as text in file order (the two writers order keys
// differently and nest lists in some of them).
struct PipelineSummary
{
    std::vector<std::pair<QString, QStringList>> entries;
    const QStringList* value(const QString& key) const
    {
        for (const auto& [k, v] : entries)
            if (k == key)
                return &v;
        return nullptr;
    }
};

// dataset.csv (legacy dataset_{rank}.csv): one row per dataset event/stage.
struct DatasetStageRow
{
    QString operation;
    QString stage;
    qint64 occurrences = -1;
    double avgTimeUs = kNoValue;
    QString customInfo;
};

// device_queue_profiling_{rank}.txt / dataset_iterator_profiling_{rank}.txt.
struct QueueTraceRecord
{
    int type = -1; // 0 time record, 1 connector-queue record
    qint64 extra = -1; // type 0: 0 get, 1 push, 2 total; type 1: queue capacity
    qint64 batchNum = -1; // step, 1-based
    qint64 value = -1; // type 0: ms; type 1: queue size
    qint64 timestampMs = -1; // -1 in the oldest 4-field files
};

struct QueueTrace
{
    bool fromIterator = false; // dataset_iterator_profiling (non-sink mode)
    std::vector<QueueTraceRecord> records;
};

// minddata_aicpu_{rank}.txt: GetNext on the chip.
struct GetNextRecord
{
    qint64 startUs = 0;
    qint64 endUs = 0;
    qint64 queueSize = -1;
};

// minddata_cpu_utilization_{rank}.json.
struct CpuUtilization
{
    qint64 samplingIntervalMs = -1;
    qint64 cpuCount = -1;
    std::vector<qint64> timestampsMs;
    // Whole machine, % of all CPUs.
    std::vector<double> deviceUser, deviceSys, deviceIo, deviceIdle, runnable, contextSwitches;
    // Training process, % of one core.
    std::vector<double> processUser, processSys;
    struct Op
    {
        qint64 opId = -1;
        std::vector<double> user, sys; // % of one core, summed over the op's threads
    };
    std::vector<Op> ops; // without op_id -1 (unassigned threads)
};

struct MindDataFiles
{
    QString pipelineJsonPath;
    PipelineJson pipeline;
    PipelineSummary summary;
    std::vector<DatasetStageRow> datasetStages;
    QueueTrace deviceQueue; // device_queue_profiling, or the iterator file without it
    std::vector<GetNextRecord> getNext;
    CpuUtilization cpu;

    bool hasPipeline() const
    {
        return !pipeline.ops.empty();
    }
    bool hasCpu() const
    {
        return !cpu.timestampsMs.empty();
    }
    bool isEmpty() const
    {
        return pipeline.ops.empty() && summary.entries.empty() && datasetStages.empty() && deviceQueue.records.empty()
            && getNext.empty() && cpu.timestampsMs.empty();
    }
};

} // namespace profscope
