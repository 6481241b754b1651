// SPDX-License-Identifier: Apache-2.0
#pragma once

// The export kind `strategy`: the parallel strategy graph of each pipeline stage.

#include "exportcells.h"

#include "model/profile.h"

namespace profscope::cli {

// One row per op of each stage's graph and rank of the stage that has a
// parallel_strategy file (onlyRank >= 0: that rank only), with the kernels
// matched on that rank.
CellTable strategyTable(const Profile& profile, int onlyRank);

} // namespace profscope::cli
