// SPDX-License-Identifier: Apache-2.0
#pragma once

// Partial import of a huge run, the timed CSV tables: which bytes of a table
// can hold rows of the step window, found without reading the table. The
// profilers write kernel_details.csv (and op_summary) in start-time order and
// memory_record.csv in sections (one per component, or components
// interleaved) each in time order, so the rows of one step sit in a few
// byte ranges. The planner reads a few records at a few dozen offsets
// ("probes") and, between two probes that agree on being inside one
// time-ordered section, binary-searches for the window's edges; the bytes
// between two agreeing probes that both lie on the same side of the window
// are not read at all.
//
// What "agree" means (a gap between probes A and B, A first):
// - each probe's records parse (cell count of the header, a time cell) and
//   run in time order, and A's last record is not later than B's first;
// - both see the same set of section keys (memory tables: Component), so a
//   section boundary between them is seen;
// - for the rows before the window: B's first time + slackNs is before the
//   window's start (slackNs: how long a row may last, task tables);
//   after the window: A's first time is at or after its end.
// A section shorter than the distance between two probes, hidden between two
// probes of another section with the same keys and in time order around it,
// would be missed: the caller checks what it can (the durations read stay
// within slackNs) and falls back to reading everything.

#include "../model/types.h"

#include <cstddef>
#include <string_view>
#include <vector>

namespace profscope {

struct CsvByteRange
{
    std::size_t begin = 0;
    std::size_t end = 0;
    friend bool operator==(const CsvByteRange&, const CsvByteRange&) = default;
};

struct CsvTimeSeekRequest
{
    std::size_t firstRecord = 0; // byte offset of the first record after the header
    std::size_t headerCells = 0;
    int timeColumn = -1;         // a time cell in µs
    int keyColumn = -1;          // the section's name (Component), -1: none
    TimeRange windowNs;
    TimeNs slackNs = 0;          // rows may start this long before the window and reach into it
    int coarseProbes = 64;       // evenly spaced probes before the binary search
    std::size_t minGapBytes = 64 * 1024; // the binary search stops at gaps this small
};

struct CsvTimeSeekPlan
{
    // The records to read, in file order; with `seek` false the whole table
    // from firstRecord on (nothing could be skipped).
    std::vector<CsvByteRange> ranges;
    bool seek = false;
    std::size_t skippedBytes = 0;
    int probes = 0;
};

CsvTimeSeekPlan planCsvTimeSeek(std::string_view data, const CsvTimeSeekRequest& request);

// The slack a task table gets: a kernel may start this long before the window
// and still reach into it. A whole step, and at least a second.
constexpr TimeNs taskSeekSlackNs(TimeRange windowNs)
{
    constexpr TimeNs kMinSlackNs = 1'000'000'000;
    const TimeNs length = windowNs.durationNs();
    return length > kMinSlackNs ? length : kMinSlackNs;
}

} // namespace profscope
