// SPDX-License-Identifier: Apache-2.0
// Every CSV kind of ASCEND_PROFILER_OUTPUT (through the loader's own format
// table, core/load/rankformats.h) and msprof-analyze's
// cluster_step_trace_time.csv.
//
// Input: selector byte (selector % kinds picks the kind), then the file.
#include "fuzzsupport.h"

#include "load/rankformats.h"
#include "parse/clusteroutput.h"

#include <iterator>

using namespace profscope;

namespace {

struct CsvKind
{
    FileKind kind;
    const char* fileName;
};

// The file names are those discovery classifies as the kind.
constexpr CsvKind csvKinds[] = {
    { FileKind::KernelDetails, "kernel_details.csv" },
    { FileKind::OpStatistic, "op_statistic.csv" },
    { FileKind::ApiStatistic, "api_statistic.csv" },
    { FileKind::StepTraceTime, "step_trace_time.csv" },
    { FileKind::MemoryRecord, "memory_record.csv" },
    { FileKind::NpuModuleMem, "npu_module_mem.csv" },
    { FileKind::OperatorMemory, "operator_memory.csv" },
    { FileKind::OperatorDetails, "operator_details.csv" },
    { FileKind::L2Cache, "l2_cache.csv" },
    { FileKind::ClusterStepTraceTime, "cluster_step_trace_time.csv" },
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const fuzz::Selected in = fuzz::select(data, size);
    if (!in.data)
        return 0;
    const CsvKind& kind = csvKinds[in.selector % std::size(csvKinds)];
    const QString path = fuzz::writeInput(QString::fromLatin1(kind.fileName), in.data, in.size);
    FileReport report;
    report.path = path;
    if (kind.kind == FileKind::ClusterStepTraceTime) {
        ClusterOutput out;
        parseClusterStepTraceTime(path, out, report);
        return 0;
    }
    RankData rank;
    rankFormat(kind.kind)->read(path, rank, report);
    return 0;
}
