// SPDX-License-Identifier: Apache-2.0
// Every file parser of the old MindInsight profiler/ folder (the loader's
// format table, core/load/rankformats.h), parallel_strategy_{rank}.json among them. timeline_display_*.json goes through
// the trace parser and is fuzzed by fuzz_smalljson and fuzz_trace.
//
// Input: selector byte (selector % kinds picks the kind), then the file.
#include "fuzzsupport.h"

#include "load/legacytimeline.h"
#include "load/rankformats.h"

#include <iterator>

using namespace profscope;

namespace {

struct LegacyKind
{
    FileKind kind;
    const char* fileName;
};

constexpr LegacyKind legacyKinds[] = {
    { FileKind::LegacyStepTrace, "step_trace_raw_0_detail_time.csv" },
    { FileKind::LegacyFrameworkRaw, "framework_raw_0.csv" },
    { FileKind::LegacyAicoreDetail, "aicore_intermediate_0_detail.csv" },
    { FileKind::LegacyAicoreType, "aicore_intermediate_0_type.csv" },
    { FileKind::LegacyAicpu, "aicpu_intermediate_0.csv" },
    { FileKind::LegacyHcclRaw, "hccl_raw_0.csv" },
    { FileKind::LegacyMinddataPipeline, "minddata_pipeline_raw_0.csv" },
    { FileKind::LegacyFlops, "flops_0.txt" },
    { FileKind::LegacyFlopsSummary, "flops_summary_0.json" },
    { FileKind::LegacyMemoryUsageSummary, "memory_usage_summary_0.json" },
    { FileKind::LegacyClusterAnalyse, "ascend_cluster_analyse_pipeline-parallel_2_4_0.csv" },
    { FileKind::LegacyMinCycleCounter, "min_cycle_counter_0.txt" },
    { FileKind::LegacyStepTracePointInfo, "step_trace_point_info.json" },
    { FileKind::LegacyTimelineSummary, "timeline_summary_0.json" },
    { FileKind::LegacyOpComputeTime, "output_op_compute_time_0.txt" },
    { FileKind::LegacyOpComputeTimeDetail, "output_op_compute_time_detail_0.txt" },
    { FileKind::LegacyAicpuPreprocess, "output_data_preprocess_aicpu_0.txt" },
    // Read with the timeline, not through the format table: parsed, placed on
    // a timeline with a step trace, and named (legacytimeline.h).
    { FileKind::LegacyTimelineData, "output_timeline_data_0.txt" },
    { FileKind::ParallelStrategy, "parallel_strategy_0.json" },
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const fuzz::Selected in = fuzz::select(data, size);
    if (!in.data)
        return 0;
    const LegacyKind& kind = legacyKinds[in.selector % std::size(legacyKinds)];
    const QString path = fuzz::writeInput(QString::fromLatin1(kind.fileName), in.data, in.size);
    FileReport report;
    report.path = path;
    RankData rank;
    if (kind.kind == FileKind::LegacyTimelineData) {
        rank.legacy.stepTrace.minCycleCounterTicks = 100;
        LegacyStepTraceRow row;
        row.stepNum = 1;
        row.startPoint = 100;
        row.fpPoint = 150;
        row.bpPoint = 400;
        row.endPoint = 500;
        row.streamOps.push_back({ QStringLiteral("stream_7_parallel_0"), 200, 300, 100 });
        rank.legacy.stepTrace.rows.push_back(row);
        std::vector<FileReport> files;
        LegacyTimeline timeline(rank);
        timeline.readTimelineData(path, report);
        files.push_back(report);
        TraceBuilder builder;
        timeline.addTo(builder, false);
        rank.trace = builder.finish();
        timeline.finish(rank.trace, files);
        return 0;
    }
    rankFormat(kind.kind)->read(path, rank, report);
    return 0;
}
