// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/importreport.h"
#include "../model/rank.h"

#include <QString>

namespace profscope {

// A Profscope summary (*.profscope-summary.json, see model/summary.h and the
// README's format description) into `rank`: its info, the steps as
// StepTraceRows carrying the recomputed span and counts, operator statistics,
// communication ops and matrix links, the thinned memory tables and the
// advice inputs. The format name and version are checked first: another
// file, or a newer major version, is Broken with a message that says so.
// Entries of the wrong type are skipped with a warning naming them.
bool parseProfscopeSummary(const QString& path, RankData& rank, FileReport& report);

} // namespace profscope
