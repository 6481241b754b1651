// SPDX-License-Identifier: Apache-2.0
#pragma once

// Tables of the old MindInsight-era MindSpore profiler (`profiler/` folders).

#include "resources.h"
#include "tables.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace profscope {

// step_trace_raw_{rank}_detail_time.csv. Values are device system-counter
// ticks as written; tickNs converts them (MindSpore's counter runs at
// 100 MHz, i.e. 10 ns per tick, which is what MindInsight assumes too).
// MindSpore always appends one average row: step_num "-" (or, when fewer than
// two steps were traced, step_num 0 with zeros). MindInsight treats the last
// row as that average; the parser drops it, so `rows` holds real steps only.
struct LegacyStepTraceRow
{
    qint64 stepNum = 0; // 1-based
    qint64 startPoint = 0;
    qint64 endPoint = 0;
    qint64 total = 0;
    qint64 fpPoint = 0;
    qint64 bpPoint = 0;
    qint64 iterationInterval = 0;
    qint64 fpAndBp = 0;
    qint64 tail = 0;
    // The dynamic stream_* columns (reduce / send / receive ops), one entry per
    // op in header order of first appearance. Two header styles exist:
    // `stream_520_parallel_0_start_point, ..._end_point, stream_520_parallel_0`
    // (2020) and `stream_48_0_Receive-op663, ..._start_point, ..._end_point`
    // (2021); the triple is grouped by the base name (the duration column's
    // name). -1 means the cell was empty or its column is missing; 0 is kept as
    // written (MindSpore writes 0,0,0 for an op that did not run in that step).
    struct StreamOp
    {
        QString name;
        qint64 startPoint = -1;
        qint64 endPoint = -1;
        qint64 duration = -1;
    };
    std::vector<StreamOp> streamOps;
};

// step_trace_point_info.json: the ops MindSpore cut the steps at. FP+BP runs
// from the start of fpStart to the end of bpEnd; empty when the file is absent.
struct LegacyStepTracePoints
{
    QString fpStart; // e.g. Default/Cast-op6
    QString bpEnd;   // e.g. Default/TransData-op7

    bool operator==(const LegacyStepTracePoints&) const = default;
};

struct LegacyStepTrace
{
    static constexpr TimeNs kTickNs = 10;
    std::vector<LegacyStepTraceRow> rows;
    LegacyStepTracePoints points;
    // min_cycle_counter_{rank}.txt: the device counter (ticks) at the trace's
    // time 0, i.e. timeline_display ts 0; -1 when absent.
    qint64 minCycleCounterTicks = -1;
    // Where the loader put the step trace on the rank's timeline: timeline
    // time = tick × kTickNs + timelineOffsetNs. From min_cycle_counter, else
    // inferred (output_timeline_data against timeline_display); kInvalidTime
    // when the steps are not on the timeline.
    TimeNs timelineOffsetNs = kInvalidTime;
};

// framework_raw_{rank}.csv. Two header variants:
// 2020: task_id,stream_id,block_dim,full_kernel_name,op_name,kernel_name,kernel_type,subgraph,op_info[,graph_id]
//       (op_name repeats the full scope name, kernel_name is the short name)
// later: task_id,stream_id,block_dim,full_op_name,op_name,op_type,subgraph,op_info
//       (op_name is the short name)
struct FrameworkOpRow
{
    qint64 taskId = -1;
    qint64 streamId = -1;
    qint64 blockDim = -1;
    QString fullName;   // full_kernel_name | full_op_name: Default/.../Conv2D-op13
    QString opName;     // short name, Conv2D-op13 (kernel_name, else op_name)
    QString opType;     // kernel_type | op_type
    QString subgraph;
    QString opInfoJson; // op_info as written: {"input_0": {"format", "data_type", "shape"}, ...}
    qint64 graphId = -1; // only in the 2020 variant
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

// hccl_raw_{rank}.csv (MindSpore hccl_parser.py): one row per step, plus an
// average row with step_num "-" that the parser drops. Times are ms.
// link_info:                   {"1-0": {"SDMA": [time_ms, size_KB, bandwidth_KB_per_s(, wait_ms)]}, ...}
// communication_operator_cost: {"stream_41_0_AllReduce-op4582": ["<step>", cost_ms, wait_ms, {link map}], ...}
// Checked on cluster_propose/hccl_raw_*.csv: the row's communication_cost and
// wait_cost are the sums of the ops' cost_ms and wait_ms, and
// bandwidth == size / (time_ms / 1000) (4.096 KB in 0.00237 ms -> 1728270 KB/s).
struct HcclLinkCost
{
    QString link;      // "1-0": src rank - dst rank
    QString transport; // SDMA or RDMA
    double timeMs = 0;
    double sizeKB = 0;         // bytes / 1000, as MindSpore writes it (4.096 = 4096 bytes)
    double bandwidthKBps = 0;  // size_KB / time_s
    double waitMs = kNoValue;  // RDMA only (4th element): Notify Wait time inside the link time
};

struct HcclOpCost
{
    QString opName; // stream_41_0_AllReduce-op4582: the step trace column name
    double costMs = 0; // main stream only
    double waitMs = 0; // main stream Notify Wait minus the waits inside RDMA links
    std::vector<HcclLinkCost> links; // all streams of the op
};

struct HcclRawRow
{
    qint64 stepNum = 0;
    double communicationCostMs = 0; // sum of ops[].costMs
    double waitCostMs = 0;          // sum of ops[].waitMs
    std::vector<HcclLinkCost> links; // per link, summed over the step's ops
    std::vector<HcclOpCost> ops;     // in file order
};

// minddata_pipeline_raw_{rank}.csv: one row per dataset pipeline op.
// Empty cells (the root op has no parent and no queue) stay -1 / NaN / empty.
struct MinddataPipelineRow
{
    qint64 opId = -1;
    QString opType;
    qint64 numWorkers = -1;
    std::vector<qint64> outputQueueSizes; // "[10, 20, 30]": sampled queue sizes
    double outputQueueAverageSize = kNoValue;
    qint64 outputQueueLength = -1;      // queue capacity
    double outputQueueUsageRate = kNoValue; // average size / capacity, 0..1
    qint64 sampleInterval = -1;         // as written (the sampler period)
    qint64 parentId = -1;               // -1 for the root
    std::vector<qint64> childIds;       // "[2, 3]"
};

// (ascend_|gpu_)timeline_summary_{rank}.json, written with timeline_display:
// op_exe_times counts the device op executions (AI Core, plus AI CPU ops in
// later versions), num_of_streams their streams, num_of_ops the distinct ops
// (its exact definition changed between versions), total_time the sum of the
// op durations in µs.
struct LegacyTimelineSummary
{
    bool present = false;
    double totalTimeUs = kNoValue;
    qint64 numOfStreams = -1;
    qint64 numOfOps = -1;
    qint64 opExeTimes = -1;
};

// output_op_compute_time_{rank}.txt: per op its average execution time and
// stream (later versions add the execution count), from which MindSpore
// writes aicore_intermediate_{rank}_detail.csv.
struct LegacyOpComputeTime
{
    QString fullName; // Default/network-.../Conv2D-op13
    double avgTimeMs = kNoValue;
    qint64 streamId = -1;
    qint64 executionFrequency = -1; // -1 when the file has no such column
};

// output_op_compute_time_detail_{rank}.txt: the per-type table (the same
// figures as aicore_intermediate_{rank}_type.csv) and per op its type and
// subgraph.
struct LegacyOpTypeComputeTime
{
    QString opType;
    double timePerStepMs = kNoValue;
    qint64 callsPerStep = -1;
    double percent = kNoValue;
};

struct LegacyOpDetailComputeTime
{
    QString opName;   // Conv2D-op13
    QString opType;   // Conv2D
    double avgTimeMs = kNoValue;
    QString subgraph; // Default / Gradients
    QString fullName; // only in later versions; empty otherwise
};

struct LegacyOpComputeTimes
{
    std::vector<LegacyOpComputeTime> ops; // output_op_compute_time
    double totalTimeMs = kNoValue;        // its "total op" line
    std::vector<LegacyOpTypeComputeTime> types;     // output_op_compute_time_detail, per type
    std::vector<LegacyOpDetailComputeTime> details; // output_op_compute_time_detail, per op
    bool isEmpty() const
    {
        return ops.empty() && types.empty() && details.empty();
    }
};

// One row of output_timeline_data_{rank}.txt: an op execution on the device,
// at device time (the counter in ms, i.e. ticks × 10 ns).
struct LegacyTimelineOp
{
    QString fullName;
    qint64 streamId = -1;
    TimeNs startNs = 0; // device counter time, not relative to min_cycle_counter
    TimeNs durNs = 0;
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
    LegacyResources resources; // FLOPs, memory usage summary, parallel layout
    LegacyTimelineSummary timelineSummary;
    LegacyOpComputeTimes opComputeTimes;
    // output_data_preprocess_aicpu_{rank}.txt: the AI CPU ops
    // aicpu_intermediate_{rank}.csv was written from (same columns).
    std::vector<AicpuOpRow> aicpuPreprocess;

    bool isEmpty() const
    {
        return stepTrace.rows.empty() && frameworkOps.empty() && aicoreDetails.empty() && aicoreTypes.empty()
            && aicpuOps.empty() && hccl.empty() && minddataPipeline.empty() && resources.isEmpty()
            && !timelineSummary.present && opComputeTimes.isEmpty() && aicpuPreprocess.empty();
    }
};

} // namespace profscope
