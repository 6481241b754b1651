// SPDX-License-Identifier: Apache-2.0
#pragma once

// The export kinds of the cluster resources: flops, cluster-memory, api.

#include "exportcells.h"

#include "model/profile.h"

namespace profscope::cli {

// Per rank with a flops_summary: FLOPs, normalised by the largest, stage and
// MindInsight's proposals.
CellTable flopsTable(const Profile& profile, int onlyRank);
// Per rank: memory peak against the device capacity (or the largest peak).
CellTable clusterMemoryTable(const Profile& profile, int onlyRank);
// api_statistic.csv of one rank (onlyRank >= 0) or merged over all ranks.
CellTable apiTable(const Profile& profile, int onlyRank);

} // namespace profscope::cli
