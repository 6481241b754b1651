// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/profile.h"
#include "discovery.h"

#include <memory>
#include <vector>

namespace profscope {

// Reads msprof-analyze's cluster output that discovery found and merges it
// into the ranks loaded from the rank folders (one source per kind of data,
// never both):
// - a rank found only in the cluster files is added (RankLayout::
//   ClusterSummary, no trace), so a folder holding only the cluster output
//   still opens as a cluster;
// - a loaded rank gets the cluster's step trace, communication ops and
//   matrix links only for the kinds it has none of its own;
// - the stage rows, groups and rank map go into the profile.
// `ranks` and `rankFiles` are parallel and stay sorted by rank id. The
// cluster files' reports go into profile.report (rank index -1).
void mergeClusterOutput(const DiscoveryResult& discovery, std::vector<std::shared_ptr<RankData>>& ranks,
    std::vector<std::vector<FileReport>>& rankFiles, Profile& profile);

} // namespace profscope
