// SPDX-License-Identifier: Apache-2.0
#pragma once

// Profscope summaries: what `profscope-cli summarize` computes next to the
// data, one compact file per rank (`*.profscope-summary.json`), so that a
// cluster too large to copy opens from its summaries. The format is
// described in the README ("Summaries computed next to the data"); the
// writer is core/report/summarywriter.*, the reader core/parse/summaryparser.*.

#include "types.h"

#include <QString>

namespace profscope {

// The format's name and version, written in every file. A reader accepts
// its own major version only: a newer file says which version it needs.
inline constexpr char kSummaryFormatName[] = "profscope-summary";
inline constexpr int kSummaryFormatVersion = 1;
inline constexpr char kSummaryFileSuffix[] = ".profscope-summary.json";

// Where a rank read from a summary came from, and the inputs of the advice
// rules that need its timeline (which the summary does not carry).
struct SummaryOrigin
{
    int version = 0; // 0: the rank was not read from a summary
    QString generator; // "profscope-cli 0.9.0"
    QString createdUtc; // ISO 8601
    QString computedOn; // host name of the machine that ran summarize
    QString sourcePath; // the rank folder there: shown, never opened
    QString sourceLayout; // rankLayoutName() of the source folder
    // False when the source rank had no timeline either, so that its steps
    // are the profiler's own figures (passed on, not recomputed).
    bool stepsRecomputed = true;
    // Host-bound evidence (rootcause.h LaunchMeasure), measured with a launch
    // gap limit of launchGapUs: compute tasks with a launch flow, those that
    // started within the limit, and those of which on an idle device.
    double launchGapUs = 0;
    qint64 launchTasks = -1; // -1: not measured (no timeline)
    qint64 launchPrompt = 0;
    qint64 launchStarved = 0;

    bool isSummary() const
    {
        return version > 0;
    }
};

} // namespace profscope
