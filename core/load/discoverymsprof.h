// SPDX-License-Identifier: Apache-2.0
#pragma once

// Discovery of CANN msprof_*.db files that are not inside a rank's
// ASCEND_PROFILER_OUTPUT: a PROF_* folder's DB feeds a *_ascend_pt/ms rank
// that has no database or trace of its own, and a lone msprof_*.db makes a
// rank (discovery.cpp's walker calls these).

#include "discovery.h"

namespace profscope {

// The msprof_*.db of each PROF_* folder among a rank's files (the PROF_*
// folders themselves are listed as KnownUnused).
QStringList profMsprofDbs(const std::vector<DiscoveredFile>& files);

// A rank fed by the lone msprof DB `dbPath` found in `folder`.
DiscoveredRank msprofDbRank(const QString& folder, const QString& dbPath);

// Removes the ranks made from the lone msprof DBs `dbRanks` whose data other
// ranks already have, and reports each such DB as not read.
void dropDuplicateMsprofDbRanks(DiscoveryResult& result, const QStringList& dbRanks);

} // namespace profscope
