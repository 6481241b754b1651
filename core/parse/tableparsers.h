// SPDX-License-Identifier: Apache-2.0
#pragma once

// Parsers of the ASCEND_PROFILER_OUTPUT deliverables (CSV and small JSON).
//
// Contract shared by every parser here:
// - columns are looked up by header name, never by position;
// - the report is filled in: status Used (possibly with warnings), or Broken
//   with the line / byte offset and what is wrong; counts ("rows", ...);
// - on a broken file the rows read before the problem stay in `out`;
// - the return value is false only when nothing usable was read.
// Missing optional columns are fine; a missing required column is Broken.
//
// Partial import: the timed tables take the rank's step window when it is
// known before they are read (`windowNs`, null for a whole load). Rows
// outside it (rules in rowwindow.h) are left out as soon as their time cells
// are read, before the rest of the row is parsed, and counted in the report
// under rowsOutsideWindowCount(); "rows" counts the rows kept.

#include "../model/importreport.h"
#include "../model/rank.h"
#include "../model/tables.h"

#include <QString>

#include <vector>

namespace profscope {

// Partial import of a huge run: a timed table handed a window is first read
// in part, only the records that can hold rows of the window (csvseek.h:
// the time-ordered sections probed and binary-searched, the bytes before and
// after the window not read). That read is kept only when it can be trusted
// (the records began where the plan said, no row read lasted longer than
// the plan allowed, no warning); otherwise the table is read whole. The
// report counts the bytes not read under "skippedBytes". The same switch
// turns the trace's seek on and off (traceseek.h, TraceParseOptions). On by
// default; off (--no-seek) only to measure and to test against.
void setSeekEnabled(bool enabled);
bool seekEnabled();

// Also CANN op_summary_*.csv. With a window, a PMU column whose cells
// outside it hold text is judged by the rows kept only.
bool parseKernelDetails(const QString& path, KernelTable& out, FileReport& report,
                        const TimeRange* windowNs = nullptr);
bool parseOpStatistic(const QString& path, std::vector<OpStatisticRow>& out, FileReport& report);
bool parseApiStatistic(const QString& path, std::vector<ApiStatisticRow>& out, FileReport& report);
bool parseStepTraceTime(const QString& path, std::vector<StepTraceRow>& out, FileReport& report);
bool parseMemoryRecord(const QString& path, MemoryRecordTable& out, FileReport& report,
                       const TimeRange* windowNs = nullptr);
bool parseNpuModuleMem(const QString& path, NpuModuleMemTable& out, FileReport& report,
                       const TimeRange* windowNs = nullptr);
bool parseOperatorMemory(const QString& path, OperatorMemoryTable& out, FileReport& report,
                         const TimeRange* windowNs = nullptr);
bool parseOperatorDetails(const QString& path, OperatorDetailsTable& out, FileReport& report);
bool parseL2Cache(const QString& path, std::vector<L2CacheRow>& out, FileReport& report);

// communication.json / communication_matrix.json (nlohmann/json: small files).
bool parseCommunication(const QString& path, std::vector<CommOpRecord>& out, FileReport& report);
bool parseCommunicationMatrix(const QString& path, std::vector<CommMatrixLink>& out, FileReport& report);

// profiler_info*.json (new and old MindSpore schema) and profiler_metadata.json.
// `text`: the file's bytes when read already (padded for the fast JSON
// path, see JsonFile); empty, the file is read.
bool parseProfilerInfo(const QString& path, RankInfo& info, FileReport& report, const QByteArray& text = {});
bool parseProfilerMetadata(const QString& path, RankInfo& info, FileReport& report);
// The same keys (distributed_args, parallel_group_info) from a JSON object in
// memory, e.g. built from a database's META_DATA rows. Returns the groups read.
qint64 readProfilerMetadataObject(const QByteArray& jsonObject, RankInfo& info, QStringList& warnings);

} // namespace profscope
