// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/loadfilter.h"
#include "../model/rank.h"

#include <QStringList>

namespace profscope {

// Partial import: the rank's tables keyed by time (kernel_details, memory
// records, operator memory, communication ops with a start) keep the rows
// that overlap the step window, with the trace's rule (TraceBuilder::
// setWindow); rows that name their step (step_trace_time, communication,
// communication matrix) are kept by step number. Summaries without times or
// steps (op / API statistics, operator details, L2 cache, the legacy
// tables) cover the whole run: they are kept, and the returned notes say so.
QStringList applyStepWindowToTables(RankData& rank, const LoadFilter& filter);

// The rule shared with the trace: a row [start, start + dur) overlaps the
// half-open window; a zero-length one when it starts inside it.
inline bool overlapsWindow(TimeRange windowNs, TimeNs startNs, TimeNs durNs)
{
    if (durNs <= 0)
        return startNs >= windowNs.startNs && startNs < windowNs.endNs;
    return startNs < windowNs.endNs && startNs + durNs > windowNs.startNs;
}

// "50", "step50", "ProfilerStep#50" -> 50; -1 when the text names no step.
qint64 stepNumberOf(const QString& step);

} // namespace profscope
