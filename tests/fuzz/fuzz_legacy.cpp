// SPDX-License-Identifier: Apache-2.0
// Every file parser of the old MindInsight profiler/ folder (the loader's
// format table, core/load/rankformats.h), parallel_strategy_{rank}.json among them. timeline_display_*.json goes through
// the trace parser and is fuzzed by fuzz_smalljson and fuzz_trace.
//
// Input: selector byte (selector % kinds picks the kind), then the file.
#include "fuzzsupport.h"

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
    rankFormat(kind.kind)->read(path, rank, report);
    return 0;
}
