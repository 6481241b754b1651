// SPDX-License-Identifier: Apache-2.0
#pragma once

// Import of the profilers' SQLite exports into the same in-memory profile as
// the text parsers fill (../shared/reference/db-format.md has every table):
// - the unified per-rank DB (ascend_pytorch_profiler_{rank}.db,
//   ascend_mindspore_profiler_{rank}.db) and the CANN msprof_*.db: timeline
//   (device tasks, communication ops and tasks, host APIs, framework ops,
//   flows, counters, step markers), the kernel table, memory tables;
// - analysis.db / communication_analyzer.db: the step trace summary and the
//   communication statistics and matrix.
// Tables and columns are probed, never assumed; every problem names the
// file and the table in the report, and what could be read stays.

#include "../model/importreport.h"
#include "../model/rank.h"

#include <QString>

#include <optional>

namespace profscope {

class SqliteDb;

// What a database file is, from its tables (its name only where they agree).
enum class DbKind {
    Unknown,
    Unified,         // msprof schema + framework tables (torch_npu / MindSpore export)
    Msprof,          // CANN msprof_*.db: the msprof schema alone
    Analysis,        // torch_npu analysis.db: StepTraceTime, CommAnalyzer* with step/type
    CommAnalyzer,    // CANN / MindSpore communication_analyzer.db: CommAnalyzer* without step
    ClusterAnalysis, // msprof-analyze cluster_analysis.db
    InsightCache,    // MindStudio Insight's own cache (mindstudio_*data.db, cluster.db)
    Intermediate,    // msprof's PROF_*/sqlite intermediates
};

QString dbKindName(DbKind kind); // untranslated token for the report's kind column
// By name and folder only, so that they are never opened: MindStudio Insight's
// caches (InsightCache) and msprof's intermediates (Intermediate); Unknown
// for every other file.
DbKind ignoredDatabaseKind(const QString& path);
DbKind classifyDatabase(const QString& path, SqliteDb& db);

// Which kinds of data to take from a database: the loader reads one source
// per kind for a rank, never two (no double counting).
struct DbTake
{
    bool timeline = true;
    bool kernels = true;
    bool memory = true;
    bool stepTrace = true;
    bool communication = true;
    bool communicationMatrix = true;
    // Threads the import may use (the loader gives the cores other ranks leave free).
    int threads = 1;
    // Partial import: the timeline keeps only events overlapping this step
    // window (TraceBuilder::setWindow); the loader filters the tables.
    std::optional<TimeRange> windowNs;
};

// Unified / msprof DB. Fills rank.trace (when take.timeline), rank.kernels,
// the memory tables, and device / rank ids the folder did not give. Counts per
// table go into the report ("TASK rows", ...). False when nothing was read.
bool importProfilerDb(SqliteDb& db, RankData& rank, const DbTake& take, FileReport& report);
// analysis.db / communication_analyzer.db.
bool importAnalysisDb(SqliteDb& db, RankData& rank, const DbTake& take, FileReport& report);

} // namespace profscope
