// SPDX-License-Identifier: Apache-2.0
#pragma once

// profscope-cli summarize: one loaded rank as a compact Profscope summary
// (summary.h), computed next to the data so that only kilobytes travel. It
// holds what the cluster pages need and no timeline: the overview per step,
// operator statistics per type, communication per op and its matrix links,
// the memory curves thinned to their per-bucket maxima (peaks exact), and the
// host-bound evidence of the advice rules.

#include "../model/profile.h"

#include <QByteArray>
#include <QString>

namespace profscope {

// Points kept per memory curve: every bucket of rows keeps its maximum of
// each metric, at the time its largest value was reached.
inline constexpr int kSummaryMemoryPoints = 128;

// The summary of `rank` (a rank of `profile`, fully loaded) as JSON.
QByteArray rankSummaryJson(const RankData& rank);

// "rank3_host_folder.profscope-summary.json": unique per rank of a cluster
// (its rank id, then its folder name, which carries host and pid).
QString summaryFileName(const RankData& rank);

// Writes the summary into `outDir` (created when missing), atomically (a
// reader never sees half a file). Returns the path written, or an empty
// string with `error` set.
QString writeRankSummary(const RankData& rank, const QString& outDir, QString* error);

} // namespace profscope
