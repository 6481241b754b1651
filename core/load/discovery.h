// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/importreport.h"
#include "../model/rank.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace profscope {

// What a file is, from its name (and for a few, its folder).
enum class FileKind {
    Unknown,
    TraceView,          // trace_view.json (new style)
    LegacyTimeline,     // timeline_display_*.json, ascend_timeline_display_*.json
    CannTimeline,       // PROF_*/device_N/timeline/{msprof,hccl,task_time,step_trace}_*.json, msprof_*.json
    KernelDetails,      // kernel_details.csv, op_summary_*.csv
    OpStatistic,
    ApiStatistic,
    StepTraceTime,
    Communication,
    CommunicationMatrix,
    MemoryRecord,
    OperatorMemory,
    NpuModuleMem,
    OperatorDetails,
    L2Cache,
    ProfilerInfo,       // profiler_info.json, profiler_info_{rank}.json
    ProfilerMetadata,   // profiler_metadata.json
    Database,           // *.db (ascend_*_profiler_{rank}.db, analysis.db, msprof_*.db)
    LegacyStepTrace,    // step_trace_raw_{rank}_detail_time.csv
    LegacyFrameworkRaw, // framework_raw_{rank}.csv
    LegacyAicoreDetail, // aicore_intermediate_{rank}_detail.csv
    LegacyAicoreType,   // aicore_intermediate_{rank}_type.csv
    LegacyAicpu,        // aicpu_intermediate_{rank}.csv
    LegacyHcclRaw,      // hccl_raw_{rank}.csv
    LegacyMinddataPipeline, // minddata_pipeline_raw_{rank}.csv
    // MindData (dataset pipeline) profiling: legacy profiler/, new
    // ASCEND_PROFILER_OUTPUT (summary, dataset.csv) and FRAMEWORK (raw inputs).
    MinddataPipelineJson,   // pipeline_profiling_{rank}.json
    MinddataSummary,        // minddata_pipeline_summary_{rank}.json / .csv
    DatasetStages,          // dataset.csv, legacy dataset_{rank}.csv
    MinddataQueueTrace,     // device_queue_profiling_{rank}.txt, dataset_iterator_profiling_{rank}.txt
    MinddataAicpu,          // minddata_aicpu_{rank}.txt
    MinddataGetNextGpu,     // minddata_getnext_profiling_{rank}.txt (GPU: the same lines, times in ns)
    MinddataCpu,            // minddata_cpu_utilization_{rank}.json
    LegacyFlops,            // flops_{rank}.txt
    LegacyFlopsSummary,     // flops_summary_{rank}.json
    LegacyMemoryUsageSummary, // memory_usage_summary_{rank}.json
    LegacyClusterAnalyse,   // ascend_cluster_analyse_{mode}_{stages}_{ranks}_{rank}.csv
    LegacyMinCycleCounter,  // min_cycle_counter_{rank}.txt
    LegacyStepTracePointInfo, // step_trace_point_info.json (one per folder, no rank in the name)
    LegacyTimelineSummary,  // (ascend_|gpu_)timeline_summary_{rank}.json
    LegacyTimelineData,     // output_timeline_data_{rank}.txt
    LegacyOpComputeTime,    // output_op_compute_time_{rank}.txt
    LegacyOpComputeTimeDetail, // output_op_compute_time_detail_{rank}.txt
    LegacyAicpuPreprocess,  // output_data_preprocess_aicpu_{rank}.txt
    LegacyHwtsLog,          // output_format_data_hwts_{rank}.txt (recognised; its ops come from output_timeline_data)
    ParallelStrategy,       // parallel_strategy_{RANK_ID}.json (the rank inside the file is authoritative)
    // msprof-analyze's cluster_analysis_output/ (cluster level, not per rank)
    ClusterStepTraceTime,       // cluster_step_trace_time.csv
    ClusterCommunication,       // cluster_communication.json
    ClusterCommunicationMatrix, // cluster_communication_matrix.json
    ClusterCommunicationGroup,  // communication_group.json
    ClusterAnalysisDb,          // cluster_analysis.db
    ProfscopeSummary,   // *.profscope-summary.json (profscope-cli summarize): one rank per file
    KnownUnused,        // recognised profiler output we do not read (yet); the report says so
};

QString fileKindName(FileKind kind);
FileKind classifyFile(const QString& fileName);
// *_ascend_ms / *_ascend_pt: the profiler's rank folder names.
bool isRankFolderName(const QString& name);
// The old MindInsight profiler/ files (several ranks can share one folder).
bool isLegacyKind(FileKind kind);
// The files of msprof-analyze's cluster_analysis_output/.
bool isClusterKind(FileKind kind);
// The MindData files (data preparation page).
bool isMinddataKind(FileKind kind);
// CANN's msprof_{timestamp}.db (msprof_0.db in MindStudio Insight's tests).
bool isMsprofDbName(const QString& fileName);
// Rank id embedded in a legacy file name (step_trace_raw_3_detail_time.csv -> 3), or -1.
int rankFromLegacyFileName(const QString& fileName);

struct DiscoveryOptions
{
    int maxDepth = 8;          // directory levels below each given path
    int maxEntries = 200000;   // files and folders visited, against pathological trees
};

struct DiscoveredFile
{
    DiscoveredFile(QString filePath = {}, FileKind fileKind = FileKind::Unknown, qint64 size = -1)
        : path(std::move(filePath))
        , kind(fileKind)
        , sizeBytes(size)
    {
    }

    QString path;
    FileKind kind = FileKind::Unknown;
    // From the folder listing (0 for a folder or special entry), so that the
    // loader need not stat every file again; -1 when not known.
    qint64 sizeBytes = -1;
    // The file's bytes when discovery has read them already (profiler_info,
    // for the rank id), padded for the fast JSON path: the loader parses
    // these instead of opening the file again. Empty otherwise.
    QByteArray text;
};

struct DiscoveredRank
{
    RankInfo info;
    std::vector<DiscoveredFile> files; // every regular file under the rank folder that the loader considers
};

struct DiscoveryResult
{
    QString rootPath;
    std::vector<DiscoveredRank> ranks;
    ImportReport report; // folder-level findings: nothing found, loops, unreadable folders, cluster files
    QString hcclJsonPath;
    QString hostIpsMappingPath;
    std::vector<std::pair<QString, QString>> hostMapping;
    // msprof-analyze's cluster_analysis_output/ (the first one found) and
    // every file directly in such a folder, classified.
    QString clusterOutputPath;
    std::vector<DiscoveredFile> clusterFiles;
};

// Walks the given paths (a rank folder, a parent of many, a cluster root)
// and finds every rank. Reads only names and the small profiler_info /
// host_ips_mapping files; never writes anything.
DiscoveryResult discoverProfiles(const QStringList& paths, const DiscoveryOptions& options = {});

} // namespace profscope
