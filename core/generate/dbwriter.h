// SPDX-License-Identifier: Apache-2.0
// The SQLite export of a generated rank, as torch_npu / MindSpore write it
// with export_type db (see shared/reference/db-format.md): the unified
// per-rank profiler DB in the msprof schema (1.0.0) and the torch_npu form of
// analysis.db. Both hold the same simulated workload as the text files, so
// that a reader can rebuild the same timeline, kernel table, step trace and
// communication statistics. Internal to core/generate.
#pragma once

#include "clustersim.h"

#include <QString>

#include <vector>

namespace profscope::gen {

// ascend_mindspore_profiler_{rank}.db. A stale file at `path` is replaced.
bool writeProfilerDb(const QString& path, const Cluster& c, const RankSim& rs, QString* error);

// analysis.db: StepTraceTime (µs, = step_trace_time.csv) and CommAnalyzerTime /
// Bandwidth / Matrix (ms, MB, GB/s, = communication.json and
// communication_matrix.json), with the step / type columns.
bool writeAnalysisDb(
    const QString& path, const Cluster& c, const RankSim& rs, const std::vector<StepValues>& values, QString* error);

} // namespace profscope::gen
