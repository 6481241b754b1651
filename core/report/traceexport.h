// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/profile.h"

#include <QIODevice>
#include <QString>

#include <vector>

namespace profscope {

// Chrome Trace Event JSON of some ranks' timelines, written so that
// chrome://tracing and the Perfetto UI show it as Profscope does, without
// the problems users report with the profiler's own trace_view.json:
//
// - ts / dur are JSON numbers in µs with the ns kept as three decimals, and
//   relative to the earliest exported event (its absolute time is in
//   "otherData"): absolute µs since 1970 with ns decimals exceed a double's
//   53-bit mantissa, so Perfetto would round them; string ts are not read at all.
// - One process per rank and lane group ("Rank 3 · Ascend Hardware"), small
//   pids and tids (the profiler's pids above 2^31 are not), with
//   process_name / thread_name and sort indexes in the original order.
// - Flows as s / f pairs with "bp": "e" and small sequential ids (the
//   profiler's 64-bit ids above 2^53 collide once read as doubles), so that
//   HostToDevice and the other arrows bind to the slices they join.
// - Counters as C events, instants as thread-scoped i events.
struct TraceExportOptions
{
    std::vector<int> rankIndexes; // into Profile::ranks; empty: every rank
    TimeRange windowNs {}; // only what overlaps it; empty: everything
    bool withArgs = false; // each event's args (read back from the source files: slow on big traces)
};

struct TraceExportStats
{
    qint64 slices = 0;
    qint64 instants = 0;
    qint64 counterPoints = 0;
    qint64 flows = 0;
    qint64 bytes = 0;
};

// The time range of steps first..last (ids as in StepMarker, "50") on a
// rank's host clock; empty when the rank marked none of them.
TimeRange stepWindow(const RankData& rank, const QString& first, const QString& last);

bool writeTraceJson(const Profile& profile, const TraceExportOptions& options, QIODevice& out,
    TraceExportStats* stats = nullptr, QString* error = nullptr);

} // namespace profscope
