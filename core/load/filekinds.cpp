// SPDX-License-Identifier: Apache-2.0
// What a file is, by its name alone: the patterns of every file kind the
// loader knows, and the rank number legacy (MindInsight) file names carry.
#include "discovery.h"

#include <QHash>
#include <QRegularExpression>

#include <algorithm>
#include <cstring>
#include <vector>

namespace profscope {

namespace {

// The pattern's leading literal characters. A quantifier after the last one
// makes that one optional, so it is left out.
QLatin1String literalPrefix(const char* pattern)
{
    std::size_t n = 0;
    while (pattern[n] != '\0' && !std::strchr("\\()[]{}.*+?|^$", pattern[n]))
        ++n;
    if (n > 0 && (pattern[n] == '?' || pattern[n] == '*' || pattern[n] == '{'))
        --n;
    return QLatin1String(pattern, qsizetype(n));
}

bool isAscii(const QString& text)
{
    return std::all_of(text.begin(), text.end(), [](QChar c) { return c.unicode() < 0x80; });
}

struct Pattern
{
    QRegularExpression re;
    QLatin1String prefix;
};

struct KindPattern
{
    KindPattern(FileKind k, Pattern p)
        : kind(k)
        , re(std::move(p.re))
        , prefix(p.prefix)
    {
    }
    FileKind kind;
    QRegularExpression re;
    // The literal text every match starts with (compared without case; empty when the
    // pattern starts with a group or a wildcard): a name that does not start
    // with it is not matched without running the pattern. A cluster's
    // profiler_info_{N}.json names are all different, and each ran some
    // twenty patterns before it matched.
    QLatin1String prefix;
};

const std::vector<KindPattern>& patterns()
{
    static const std::vector<KindPattern> list = [] {
        auto re = [](const char* p) {
            return Pattern { QRegularExpression(QRegularExpression::anchoredPattern(QLatin1String(p)),
                                                QRegularExpression::CaseInsensitiveOption),
                             literalPrefix(p) };
        };
        return std::vector<KindPattern> {
            { FileKind::ProfscopeSummary, re(".*\\.profscope-summary\\.json") },
            { FileKind::TraceView, re("trace_view(_\\d+)?\\.json") },
            { FileKind::LegacyTimeline, re("(ascend_|gpu_)?timeline_display_\\d+\\.json") },
            { FileKind::CannTimeline, re("(msprof|hccl|task_time|step_trace)_\\d+_\\d+_\\d+\\.json") },
            { FileKind::CannTimeline, re("msprof_\\d{8,}(_\\d+)?\\.json") },
            { FileKind::KernelDetails, re("kernel_details(_\\d+)?\\.csv") },
            { FileKind::KernelDetails, re("op_summary(_\\d+)*\\.csv") },
            { FileKind::OpStatistic, re("op_statistic(_\\d+)*\\.csv") },
            { FileKind::ApiStatistic, re("api_statistic(_\\d+)*\\.csv") },
            { FileKind::StepTraceTime, re("step_trace_time(_\\d+)?\\.csv") },
            { FileKind::Communication, re("communication(_\\d+)?\\.json") },
            { FileKind::CommunicationMatrix, re("communication_matrix(_\\d+)?\\.json") },
            { FileKind::MemoryRecord, re("memory_record(_\\d+)?\\.csv") },
            { FileKind::OperatorMemory, re("operator_memory(_\\d+)?\\.csv") },
            { FileKind::NpuModuleMem, re("npu_module_mem(_\\d+)?\\.csv") },
            { FileKind::OperatorDetails, re("operator_details(_\\d+)?\\.csv") },
            { FileKind::L2Cache, re("l2_cache(_\\d+)*\\.csv") },
            { FileKind::ProfilerInfo, re("profiler_info(_\\d+)?\\.json") },
            { FileKind::ProfilerMetadata, re("profiler_metadata(_\\d+)?\\.json") },
            // msprof-analyze's cluster files, before the generic .db and cluster_* patterns.
            { FileKind::ClusterStepTraceTime, re("cluster_step_trace_time\\.csv") },
            { FileKind::ClusterCommunication, re("cluster_communication\\.json") },
            { FileKind::ClusterCommunicationMatrix, re("cluster_communication_matrix\\.json") },
            { FileKind::ClusterCommunicationGroup, re("communication_group\\.json") },
            { FileKind::ClusterAnalysisDb, re("cluster_analysis\\.db") },
            { FileKind::Database, re(".*\\.db") },
            { FileKind::LegacyStepTrace, re("step_trace_raw_\\d+_detail_time\\.csv") },
            { FileKind::LegacyFrameworkRaw, re("framework_raw_\\d+\\.csv") },
            { FileKind::LegacyAicoreDetail, re("aicore_intermediate_\\d+_detail\\.csv") },
            { FileKind::LegacyAicoreType, re("aicore_intermediate_\\d+_type\\.csv") },
            { FileKind::LegacyAicpu, re("aicpu_intermediate_\\d+\\.csv") },
            { FileKind::LegacyHcclRaw, re("hccl_raw_\\d+\\.csv") },
            { FileKind::LegacyMinddataPipeline, re("minddata_pipeline_raw_\\d+\\.csv") },
            { FileKind::MinddataPipelineJson, re("pipeline_profiling_\\d+\\.json") },
            { FileKind::MinddataSummary, re("minddata_pipeline_summary_\\d+\\.(json|csv)") },
            { FileKind::DatasetStages, re("dataset(_\\d+)?\\.csv") },
            { FileKind::MinddataQueueTrace, re("(device_queue|dataset_iterator)_profiling_\\d+\\.txt") },
            { FileKind::MinddataAicpu, re("minddata_aicpu_\\d+\\.txt") },
            { FileKind::MinddataGetNextGpu, re("minddata_getnext_profiling_\\d+\\.txt") },
            { FileKind::MinddataCpu, re("minddata_cpu_utilization_\\d+\\.json") },
            { FileKind::LegacyFlops, re("flops_\\d+\\.txt") },
            { FileKind::LegacyFlopsSummary, re("flops_summary_\\d+\\.json") },
            { FileKind::LegacyMemoryUsageSummary, re("memory_usage_summary_\\d+\\.json") },
            { FileKind::LegacyClusterAnalyse, re("ascend_cluster_analyse_\\S+_\\d+_\\d+_\\d+\\.csv") },
            { FileKind::LegacyMinCycleCounter, re("min_cycle_counter_\\d+\\.txt") },
            { FileKind::LegacyStepTracePointInfo, re("step_trace_point_info\\.json") },
            { FileKind::LegacyTimelineSummary, re("(ascend_|gpu_)?timeline_summary_\\d+\\.json") },
            { FileKind::LegacyTimelineData, re("output_timeline_data_\\d+\\.txt") },
            { FileKind::LegacyOpComputeTime, re("output_op_compute_time_\\d+\\.txt") },
            { FileKind::LegacyOpComputeTimeDetail, re("output_op_compute_time_detail_\\d+\\.txt") },
            { FileKind::LegacyAicpuPreprocess, re("output_data_preprocess_aicpu_\\d+\\.txt") },
            { FileKind::LegacyHwtsLog, re("output_format_data_hwts_\\d+\\.txt") },
            { FileKind::ParallelStrategy, re("parallel_strategy_\\d+\\.json") },
            // Recognised profiler output that Profscope does not read yet.
            { FileKind::KnownUnused,
              re("(static_op_mem|dataset|data_preprocess|analysis|op_summary_\\w+|task_time|"
                 "cluster_\\w+|.*timeline_summary_\\d+|flops(_summary|_scope)?_\\d+|min_cycle_counter_\\d+|"
                 "output_\\w+|pipeline_profiling_\\d+|step_trace_point_info|minddata_\\w+|device_queue_profiling_\\d+|"
                 "dataset_iterator_profiling_\\d+|ascend_cluster_analyse_\\S+|dynamic_shape_info_\\d+|"
                 "info\\.json\\.\\d+|start_info\\.\\d+|end_info\\.\\d+|"
                 "\\S+\\.done|sample\\.json|hccl\\.json|host_ips_mapping\\.txt)(\\.\\w+)?") },
        };
    }();
    return list;
}

} // namespace

bool isRankFolderName(const QString& name)
{
    return name.endsWith(QLatin1String("_ascend_ms")) || name.endsWith(QLatin1String("_ascend_pt"));
}

bool isLegacyKind(FileKind k)
{
    switch (k) {
    case FileKind::LegacyStepTrace:
    case FileKind::LegacyFrameworkRaw:
    case FileKind::LegacyAicoreDetail:
    case FileKind::LegacyAicoreType:
    case FileKind::LegacyAicpu:
    case FileKind::LegacyHcclRaw:
    case FileKind::LegacyMinddataPipeline:
    case FileKind::LegacyFlops:
    case FileKind::LegacyFlopsSummary:
    case FileKind::LegacyMemoryUsageSummary:
    case FileKind::LegacyClusterAnalyse:
    case FileKind::ParallelStrategy:
    case FileKind::LegacyTimeline:
    case FileKind::LegacyMinCycleCounter:
    case FileKind::LegacyStepTracePointInfo:
    case FileKind::LegacyTimelineSummary:
    case FileKind::LegacyTimelineData:
    case FileKind::LegacyOpComputeTime:
    case FileKind::LegacyOpComputeTimeDetail:
    case FileKind::LegacyAicpuPreprocess:
    case FileKind::LegacyHwtsLog:
        return true;
    default:
        return isMinddataKind(k) && k != FileKind::DatasetStages;
    }
}

bool isMinddataKind(FileKind k)
{
    switch (k) {
    case FileKind::LegacyMinddataPipeline:
    case FileKind::MinddataPipelineJson:
    case FileKind::MinddataSummary:
    case FileKind::DatasetStages:
    case FileKind::MinddataQueueTrace:
    case FileKind::MinddataAicpu:
    case FileKind::MinddataGetNextGpu:
    case FileKind::MinddataCpu:
        return true;
    default:
        return false;
    }
}

bool isClusterKind(FileKind k)
{
    switch (k) {
    case FileKind::ClusterStepTraceTime:
    case FileKind::ClusterCommunication:
    case FileKind::ClusterCommunicationMatrix:
    case FileKind::ClusterCommunicationGroup:
    case FileKind::ClusterAnalysisDb:
        return true;
    default:
        return false;
    }
}

QString fileKindName(FileKind kind)
{
    switch (kind) {
    case FileKind::Unknown: return QStringLiteral("unknown");
    case FileKind::TraceView: return QStringLiteral("trace_view.json");
    case FileKind::LegacyTimeline: return QStringLiteral("timeline_display.json");
    case FileKind::CannTimeline: return QStringLiteral("msprof timeline.json");
    case FileKind::KernelDetails: return QStringLiteral("kernel_details.csv");
    case FileKind::OpStatistic: return QStringLiteral("op_statistic.csv");
    case FileKind::ApiStatistic: return QStringLiteral("api_statistic.csv");
    case FileKind::StepTraceTime: return QStringLiteral("step_trace_time.csv");
    case FileKind::Communication: return QStringLiteral("communication.json");
    case FileKind::CommunicationMatrix: return QStringLiteral("communication_matrix.json");
    case FileKind::MemoryRecord: return QStringLiteral("memory_record.csv");
    case FileKind::OperatorMemory: return QStringLiteral("operator_memory.csv");
    case FileKind::NpuModuleMem: return QStringLiteral("npu_module_mem.csv");
    case FileKind::OperatorDetails: return QStringLiteral("operator_details.csv");
    case FileKind::L2Cache: return QStringLiteral("l2_cache.csv");
    case FileKind::ProfilerInfo: return QStringLiteral("profiler_info.json");
    case FileKind::ProfilerMetadata: return QStringLiteral("profiler_metadata.json");
    case FileKind::Database: return QStringLiteral("database (.db)");
    case FileKind::LegacyStepTrace: return QStringLiteral("step_trace_raw.csv");
    case FileKind::LegacyFrameworkRaw: return QStringLiteral("framework_raw.csv");
    case FileKind::LegacyAicoreDetail: return QStringLiteral("aicore_intermediate_detail.csv");
    case FileKind::LegacyAicoreType: return QStringLiteral("aicore_intermediate_type.csv");
    case FileKind::LegacyAicpu: return QStringLiteral("aicpu_intermediate.csv");
    case FileKind::LegacyHcclRaw: return QStringLiteral("hccl_raw.csv");
    case FileKind::LegacyMinddataPipeline: return QStringLiteral("minddata_pipeline_raw.csv");
    case FileKind::MinddataPipelineJson: return QStringLiteral("pipeline_profiling.json");
    case FileKind::MinddataSummary: return QStringLiteral("minddata_pipeline_summary");
    case FileKind::DatasetStages: return QStringLiteral("dataset.csv");
    case FileKind::MinddataQueueTrace: return QStringLiteral("device_queue_profiling.txt");
    case FileKind::MinddataAicpu: return QStringLiteral("minddata_aicpu.txt");
    case FileKind::MinddataGetNextGpu: return QStringLiteral("minddata_getnext_profiling.txt");
    case FileKind::MinddataCpu: return QStringLiteral("minddata_cpu_utilization.json");
    case FileKind::LegacyFlops: return QStringLiteral("flops.txt");
    case FileKind::LegacyFlopsSummary: return QStringLiteral("flops_summary.json");
    case FileKind::LegacyMemoryUsageSummary: return QStringLiteral("memory_usage_summary.json");
    case FileKind::LegacyClusterAnalyse: return QStringLiteral("ascend_cluster_analyse.csv");
    case FileKind::LegacyMinCycleCounter: return QStringLiteral("min_cycle_counter.txt");
    case FileKind::LegacyStepTracePointInfo: return QStringLiteral("step_trace_point_info.json");
    case FileKind::LegacyTimelineSummary: return QStringLiteral("timeline_summary.json");
    case FileKind::LegacyTimelineData: return QStringLiteral("output_timeline_data.txt");
    case FileKind::LegacyOpComputeTime: return QStringLiteral("output_op_compute_time.txt");
    case FileKind::LegacyOpComputeTimeDetail: return QStringLiteral("output_op_compute_time_detail.txt");
    case FileKind::LegacyAicpuPreprocess: return QStringLiteral("output_data_preprocess_aicpu.txt");
    case FileKind::LegacyHwtsLog: return QStringLiteral("output_format_data_hwts.txt");
    case FileKind::ParallelStrategy: return QStringLiteral("parallel_strategy.json");
    case FileKind::ClusterStepTraceTime: return QStringLiteral("cluster_step_trace_time.csv");
    case FileKind::ClusterCommunication: return QStringLiteral("cluster_communication.json");
    case FileKind::ClusterCommunicationMatrix: return QStringLiteral("cluster_communication_matrix.json");
    case FileKind::ClusterCommunicationGroup: return QStringLiteral("communication_group.json");
    case FileKind::ClusterAnalysisDb: return QStringLiteral("cluster_analysis.db");
    case FileKind::ProfscopeSummary: return QStringLiteral("profscope-summary.json");
    case FileKind::KnownUnused: return QStringLiteral("profiler output (not read)");
    }
    return {};
}

FileKind classifyFile(const QString& fileName)
{
    // Every rank folder holds the same few names, and discovery asks about
    // each entry several times: remember the answers instead of running
    // every pattern again (per thread, bounded).
    thread_local QHash<QString, FileKind> known;
    if (const auto it = known.constFind(fileName); it != known.constEnd())
        return *it;
    FileKind kind = FileKind::Unknown;
    // Outside ASCII, case-insensitive matching is Unicode's: leave it to the patterns.
    const bool ascii = isAscii(fileName);
    for (const auto& p : patterns())
        if ((!ascii || fileName.startsWith(p.prefix, Qt::CaseInsensitive)) && p.re.match(fileName).hasMatch()) {
            kind = p.kind;
            break;
        }
    if (known.size() >= 4096)
        known.clear();
    known.insert(fileName, kind);
    return kind;
}

int rankFromLegacyFileName(const QString& fileName)
{
    static const QRegularExpression re(QStringLiteral("^(?:step_trace_raw|framework_raw|aicore_intermediate|aicpu_intermediate|"
                                                      "hccl_raw|minddata_pipeline_raw|(?:ascend_|gpu_)?timeline_display|"
                                                      "(?:ascend_|gpu_)?timeline_summary|flops|flops_summary|flops_scope|memory_usage_summary|"
                                                      "output_\\w+?|pipeline_profiling|min_cycle_counter|"
                                                      "minddata_\\w+?|device_queue_profiling|dataset_iterator_profiling|"
                                                      "dynamic_shape_info|dataset|parallel_strategy)_(\\d+)(?:_detail_time|_detail|_type)?\\.\\w+$"));
    const auto m = re.match(fileName);
    if (m.hasMatch())
        return m.captured(1).toInt();
    // ascend_cluster_analyse_{mode}_{stages}_{ranks}_{rank}.csv: the rank is the last number.
    static const QRegularExpression cluster(QStringLiteral("^ascend_cluster_analyse_.*_(\\d+)\\.csv$"));
    const auto c = cluster.match(fileName);
    return c.hasMatch() ? c.captured(1).toInt() : -1;
}

} // namespace profscope
