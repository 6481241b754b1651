// SPDX-License-Identifier: Apache-2.0
#pragma once

// Tables of the old MindInsight-era MindSpore profiler (`profiler/` folders).

#include "tables.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace profscope {

// step_trace_raw_{rank}_detail_time.csv. Values are device system-counter
// ticks as written; tickNs converts them (MindSpore's counter runs at
// 100 MHz, i.e. 10 ns per tick, which is what MindInsight assumes too).
struct LegacyStepTraceRow
{
    qint64 stepNum = 0; // MindInsight appends a "-" average row; we drop it
    qint64 startPoint = 0;
    qint64 endPoint = 0;
    qint64 total = 0;
    qint64 fpPoint = 0;
    qint64 bpPoint = 0;
    qint64 iterationInterval = 0;
    qint64 fpAndBp = 0;
    qint64 tail = 0;
    // The dynamic stream_* columns (reduce / receive ops): name -> (start, end, duration).
    struct StreamOp
    {
        QString name;
        qint64 startPoint = -1;
        qint64 endPoint = -1;
        qint64 duration = -1;
    };
    std::vector<StreamOp> streamOps;
};

struct LegacyStepTrace
{
    static constexpr TimeNs kTickNs = 10;
    std::vector<LegacyStepTraceRow> rows;
};

// framework_raw_{rank}.csv (both the full_kernel_name and full_op_name variants).
struct FrameworkOpRow
{
    qint64 taskId = -1;
    qint64 streamId = -1;
    qint64 blockDim = -1;
    QString fullName;
    QString opName;
    QString opType;
    QString subgraph;
    QString opInfoJson;
    qint64 graphId = -1;
};

// aicore_intermediate_{rank}_detail.csv / _type.csv, aicpu_intermediate_{rank}.csv.
struct AicoreOpDetailRow
{
    QString fullName;
    double executionTimeMs = kNoValue; // average per execution, as MindInsight writes it
    qint64 executionFrequency = -1;
};

struct AicoreOpTypeRow
{
    QString opType;
    double totalTimeMs = kNoValue;
    qint64 executionFrequency = -1;
    double percent = kNoValue;
};

struct AicpuOpRow
{
    qint64 serialNumber = -1;
    QString opType;
    double totalTimeMs = kNoValue;
    double dispatchTimeMs = kNoValue;
    double executionTimeMs = kNoValue;
    qint64 runStart = -1;
    qint64 runEnd = -1;
};

// hccl_raw_{rank}.csv: per step, totals plus JSON-in-CSV link and op details.
struct HcclLinkCost
{
    QString link;      // "1-0" (src-dst)
    QString transport; // SDMA, RDMA, ...
    double timeMs = 0;
    double sizeBytes = 0; // as written by MindSpore (the second element)
    double bandwidth = 0; // third element, bytes/s
};

struct HcclOpCost
{
    QString opName; // stream_41_0_AllReduce-op4582
    double costMs = 0;
    double waitMs = 0;
    std::vector<HcclLinkCost> links;
};

struct HcclRawRow
{
    qint64 stepNum = 0;
    double communicationCostMs = 0;
    double waitCostMs = 0;
    std::vector<HcclLinkCost> links;
    std::vector<HcclOpCost> ops;
};

// minddata_pipeline_raw_{rank}.csv
struct MinddataPipelineRow
{
    qint64 opId = -1;
    QString opType;
    qint64 numWorkers = -1;
    QString outputQueueSize;
    double outputQueueAverageSize = kNoValue;
    qint64 outputQueueLength = -1;
    double outputQueueUsageRate = kNoValue;
    qint64 sampleInterval = -1;
    qint64 parentId = -1;
    QString childrenIds;
};

struct LegacyData
{
    LegacyStepTrace stepTrace;
    std::vector<FrameworkOpRow> frameworkOps;
    std::vector<AicoreOpDetailRow> aicoreDetails;
    std::vector<AicoreOpTypeRow> aicoreTypes;
    std::vector<AicpuOpRow> aicpuOps;
    std::vector<HcclRawRow> hccl;
    std::vector<MinddataPipelineRow> minddataPipeline;

    bool isEmpty() const
    {
        return stepTrace.rows.empty() && frameworkOps.empty() && aicoreDetails.empty() && aicoreTypes.empty()
            && aicpuOps.empty() && hccl.empty() && minddataPipeline.empty();
    }
};

} // namespace profscope
