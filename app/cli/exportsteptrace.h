// SPDX-License-Identifier: Apache-2.0
#pragma once

// The export kinds of the Step Trace page: step-trace (per rank, step and
// stage) and trajectory (the cluster iteration trajectory, per rank).

#include "exportcells.h"

#include "model/profile.h"

namespace profscope::cli {

// Per rank and step (step empty: every step, then the average as step
// "average"), each stage with its start and finish from the step's start.
CellTable stepTraceTable(const Profile& profile, const QString& step, int onlyRank);
// Per rank: the trajectory columns of the parallel mode, averaged over the
// steps (or of one step), with the slow device / slow host marks.
CellTable trajectoryTable(const Profile& profile, const QString& step, int onlyRank);

} // namespace profscope::cli
