// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/loadfilter.h"
#include "../model/rank.h"
#include "../model/rowwindow.h"

#include <QStringList>

namespace profscope {

// Partial import: the rank's tables keyed by time (kernel_details, memory
// records, operator memory, communication ops with a start) keep the rows
// that overlap the step window, with the rules of rowwindow.h. The CSV
// tables are cut while they are parsed (RankStepWindow::cutWhileReading);
// this cuts, after the fact, the ones read without the window (a profiler
// database's) and counts what both left out. Rows that name their step (step_trace_time, communication,
// communication matrix) are kept by step number. Summaries without times or
// steps (op / API statistics, operator details, L2 cache, the legacy
// tables) cover the whole run: they are kept, and the returned notes say so.
QStringList applyStepWindowToTables(RankData& rank, const LoadFilter& filter);

// "50", "step50", "ProfilerStep#50" -> 50; -1 when the text names no step.
qint64 stepNumberOf(const QString& step);

} // namespace profscope
