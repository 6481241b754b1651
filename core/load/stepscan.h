// SPDX-License-Identifier: Apache-2.0
#pragma once

// The quick scan of a partial import: the step markers of a rank, found
// without parsing its trace. In a trace JSON file a byte search for
// "ProfilerStep# finds the marker events, and only those events' ts / dur
// are read; in a profiler database the STEP_TIME rows are read.

#include "../model/loadfilter.h"
#include "discovery.h"
#include "../parse/traceseek.h"

#include <QString>

#include <functional>
#include <map>
#include <vector>

namespace profscope {

struct StepMark
{
    qint64 step = -1; // the N of ProfilerStep#N (or of a CANN timeline's Iteration N)
    TimeRange rangeNs;
};

// Markers of one trace JSON file (X events named ProfilerStep#N), in file
// order. `error` is set when the file cannot be read. `progress` gets the
// fraction of the file searched; returning false stops the scan.
std::vector<StepMark> scanTraceStepMarkers(const QString& path, QString* error = nullptr,
                                           const std::function<bool(double)>& progress = {});
// Which marker events a trace holds: ProfilerStep#N (torch_npu, MindSpore),
// and in CANN msprof timelines also "Iteration N" (the step trace lane).
enum class TraceMarkers
{
    ProfilerSteps,
    ProfilerStepsAndIterations,
};
std::vector<StepMark> scanTraceStepMarkers(const QString& path, TraceMarkers kinds, QString* error = nullptr,
                                           const std::function<bool(double)>& progress = {});
// Partial import of a large trace (traceseek.h): the markers of the steps
// [firstStep, lastStep], found without reading the whole file. From the
// first marker in the file it jumps over the stretches that probes show to
// end before an estimate of the first step's start (the shortest step seen
// so far, shortened by a tenth, times the steps still to go, less the
// seek's slack), then reads on marker by marker up to the last step. The
// markers met on the way are returned too; the steps jumped over are not
// listed. Falls back to the whole scan when the file is small or not
// mapped, or when the markers are not where the estimate put them (the
// first one after the first step, a jump that lands past it, markers out
// of order).
struct MarkerSeekResult
{
    std::vector<StepMark> marks; // in file order
    bool sought = false;         // false: the whole file was scanned
    qint64 searchedBytes = 0;    // bytes the marker search went through
    // The probes taken for the first jump (from the file's first byte;
    // empty when none was tried), for the parse to plan its own seek with
    // (planTraceSeek) instead of probing the file again.
    std::vector<TraceProbe> probes;
};
MarkerSeekResult seekTraceStepMarkers(const QString& path, qint64 firstStep, qint64 lastStep, QString* error = nullptr,
                                      const std::function<bool(double)>& progress = {},
                                      const TraceSeekOptions& options = {});
// STEP_TIME rows of a profiler database; empty without the table.
std::vector<StepMark> scanDbStepMarkers(const QString& path, QString* error = nullptr);

// The markers of a rank from the files that will give its timeline
// (trace JSON files and databases), sorted by step; duplicates (a step in
// two files) are merged into the union of their ranges.
// With `filter` asking for steps (and the seek on, seekEnabled()), large
// trace files are sought (seekTraceStepMarkers); `seek` tells whether one
// was, so that the steps found are not all the rank's, and keeps the
// probes taken, by file path, for the parse.
struct RankMarkerSeek
{
    bool sought = false;
    std::map<QString, std::vector<TraceProbe>> probesByPath;
};
std::vector<StepMark> scanRankStepMarkers(const DiscoveredRank& rank, const std::function<bool(double)>& progress = {},
                                          const LoadFilter* filter = nullptr, RankMarkerSeek* seek = nullptr);

// What the GUI's "Open Part of a Profile…" lists before loading: the ranks
// discovered and the steps each one's markers name.
struct QuickScanRank
{
    int rankId = -1;
    QString displayName;
    QString rootPath;
    std::vector<qint64> steps;
};
struct QuickScan
{
    std::vector<QuickScanRank> ranks;
    std::vector<qint64> steps; // over all ranks, sorted, unique
    bool canceled = false;
};
// Discovery and the step-marker scan of every rank; no trace is parsed.
// `progress` (0..1) returning false cancels.
QuickScan quickScanProfile(const QStringList& paths, const DiscoveryOptions& options = {},
                           const std::function<bool(double)>& progress = {});

// The window a filter asks for: [start of the first kept step, end of the
// last). `stepsKept` gets the steps inside; the range is empty when none is.
TimeRange stepWindowRange(const std::vector<StepMark>& marks, const LoadFilter& filter,
                          std::vector<qint64>* stepsKept = nullptr);

} // namespace profscope
