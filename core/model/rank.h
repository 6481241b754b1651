// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "legacy.h"
#include "minddata.h"
#include "ranklist.h"
#include "strategy.h"
#include "summary.h"
#include "tables.h"
#include "analysismemo.h"
#include "trace.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace profscope {

enum class RankLayout {
    AscendMs,            // MindSpore *_ascend_ms folder
    AscendPt,            // Ascend PyTorch (torch_npu) *_ascend_pt folder
    MindInsightProfiler, // old MindInsight profiler/ folder
    LegacyClusterRank,   // cluster_profiler/{host}/profiler/ of the legacy cluster layout
    CannMsprof,          // CANN PROF_*/device_N folder with timeline/*.json
    ClusterSummary,      // known only from msprof-analyze's cluster_analysis_output (no trace)
    ProfscopeSummary,    // a *.profscope-summary.json written by profscope-cli summarize (no trace)
};

QString rankLayoutName(RankLayout layout);
// A rank id as texts print it: the number, or "?" for a rank whose id no file
// states (a lone CANN database) — never "-1".
QString rankIdText(int rankId);
// A rank as texts and charts name it: its id, or "#index" (its place in the
// profile, as the Overview's charts label it) when it has none, so that two
// ranks without ids are never both "?".
QString rankText(int rankId, int rankIndex);

// A communication group from profiler_metadata.json parallel_group_info.
struct ParallelGroup
{
    QString groupId;   // the key, e.g. "10.174.216.241%enp189s0f1_55000_0_1738895506630464"
    QString groupName; // tp, dp, pp, default_group, ...
    int groupRank = -1;
    RankList globalRanks; // shared with the equal lists of other ranks (ranklist.h)
};

// Everything known about one rank (one NPU card) before and after loading.
struct RankInfo
{
    int rankId = -1;   // from profiler_info / file names; -1 when unknown
    int deviceId = -1; // from the data (kernel Device_id, "NPU:0", device_N); -1 when unknown
    QString host;      // host name or alias, empty when unknown
    RankLayout layout = RankLayout::AscendPt;
    QString rootPath;  // the rank folder
    QString displayName;
    bool dbOnly = false; // only .db exports were found (read by the database importers)

    // Discovered files by role. Paths are absolute.
    QStringList traceFiles;     // trace_view.json, timeline_display_*.json, msprof_*.json, ...
    QStringList tableFiles;     // CSV and small JSON files
    QStringList dbFiles;        // *.db
    QString profilerInfoPath;
    QString metadataPath;

    // From profiler_info*.json
    QString framework;     // "MindSpore" / "PyTorch" when known
    QString profilerLevel; // Level0 / Level1 / Level2
    QString aicMetrics;
    QString exportType;
    TimeNs collectionEndNs = kInvalidTime;
    qint64 rankSize = -1;
    // From profiler_metadata.json
    std::vector<ParallelGroup> parallelGroups;
    int tpSize = -1;
    int ppSize = -1;
    int dpSize = -1;
    int worldSize = -1;
    // The rank's DP / PP / TP index when a file states it (msprof-analyze's
    // cluster step table); -1: derived from the groups or sizes.
    int dpIndex = -1;
    int ppIndex = -1;
    int tpIndex = -1;
};

// A rank loaded through a step window (LoadFilter): which steps its quick
// scan found and what time range was kept.
struct RankStepWindow
{
    bool asked = false;   // a step window was asked for
    bool applied = false; // and the rank's step markers resolved it (else the rank is whole)
    TimeRange windowNs;   // the kept range [start of first step, end of last step); empty: no step matched
    std::vector<qint64> stepsFound;
    bool markersSought = false; // stepsFound holds only the markers a seek met (stepscan.h)
    std::vector<qint64> stepsKept;
    QStringList notes; // what the window did to the tables, for the import report
    // Timed tables whose parser was handed the window and left the rows
    // outside it unread (rowwindow.h), and how many rows that was: the
    // after-the-fact cut (partialtables.cpp) skips those tables.
    enum CutTable : unsigned { Kernels = 1, MemoryRecords = 2, NpuModuleMem = 4, OperatorMemory = 8 };
    unsigned cutWhileReading = 0;
    qint64 rowsLeftOutWhileReading = 0;
};

struct RankData
{
    RankInfo info;
    TraceData trace;
    std::unique_ptr<KernelTable> kernels;
    std::vector<OpStatisticRow> opStatistics;
    std::vector<ApiStatisticRow> apiStatistics;
    std::vector<StepTraceRow> stepTrace;
    std::vector<CommOpRecord> communication;
    std::vector<CommMatrixLink> communicationMatrix;
    std::unique_ptr<MemoryRecordTable> memoryRecords;
    std::unique_ptr<NpuModuleMemTable> npuModuleMem;
    std::unique_ptr<OperatorMemoryTable> operatorMemory;
    std::unique_ptr<OperatorDetailsTable> operatorDetails;
    std::vector<L2CacheRow> l2Cache;
    LegacyData legacy;
    // Analyses of this rank computed once the profile is loaded (rankOverview()).
    AnalysisMemo memo;
    MindDataFiles minddata;
    ParallelStrategyFile parallelStrategy; // parallel_strategy_{rank}.json
    RankStepWindow stepWindow;
    SummaryOrigin summary; // set when the rank was read from a Profscope summary
};

} // namespace profscope
