// SPDX-License-Identifier: Apache-2.0
#pragma once

// Partial import: which rows of a rank's timed tables a step window keeps.
// One rule per kind of row, used both while a table is parsed (the CSV
// parsers in tableparsers.cpp, handed the window before they read) and after
// the fact (partialtables.cpp, for tables read without it, such as those of a
// profiler database), so that the two cuts cannot disagree.

#include "timebounds.h"
#include "types.h"

#include <QString>

namespace profscope {

// The rule shared with the trace (TraceBuilder::setWindow): a row
// [start, start + dur) overlaps the half-open window; a zero-length one
// when it starts inside it.
inline bool overlapsWindow(TimeRange windowNs, TimeNs startNs, TimeNs durNs)
{
    if (durNs <= 0)
        return startNs >= windowNs.startNs && startNs < windowNs.endNs;
    return startNs < windowNs.endNs && saturatingAdd(startNs, durNs) > windowNs.startNs;
}

// kernel_details.csv / op_summary rows (a device task): by start and duration.
inline bool keepsTaskRow(TimeRange windowNs, TimeNs startNs, TimeNs durNs)
{
    return overlapsWindow(windowNs, startNs, durNs);
}

// memory_record.csv / npu_module_mem.csv rows (a sample at one instant).
inline bool keepsSampleRow(TimeRange windowNs, TimeNs tsNs)
{
    return overlapsWindow(windowNs, tsNs, 0);
}

// operator_memory.csv rows: a block is in the window when it was allocated
// before its end and not released before its start (never released: still
// held); a block without an allocation time is kept.
inline bool keepsMemoryBlockRow(TimeRange windowNs, TimeNs allocationNs, TimeNs releaseNs)
{
    return allocationNs == kInvalidTime
        || (allocationNs < windowNs.endNs && (releaseNs == kInvalidTime || releaseNs > windowNs.startNs));
}

// The FileReport count under which a parser handed a window says how many
// rows it left out. A report with it describes a cut table, never cached.
inline QString rowsOutsideWindowCount()
{
    return QStringLiteral("rowsOutsideWindow");
}

} // namespace profscope
