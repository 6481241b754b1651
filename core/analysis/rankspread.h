// SPDX-License-Identifier: Apache-2.0
#pragma once

// How step time is spread over the ranks of a cluster: at 1024 ranks a bar
// per rank does not fit on a screen, so the overview shows the ranks sorted
// by step time with a percentile band and names only the ranks that stand
// out. Robust statistics (median and MAD, nearest-rank percentiles) so that
// one slow rank does not move the band it is compared with.

#include "../model/types.h"

#include <vector>

namespace profscope {

struct RankSpread
{
    // Indices into the input, ordered by value (ascending; ties by index).
    std::vector<int> order;
    TimeNs minNs = 0;
    TimeNs p10Ns = 0;
    TimeNs p50Ns = 0; // the median (nearest rank)
    TimeNs p90Ns = 0;
    TimeNs maxNs = 0;
    TimeNs madNs = 0; // median absolute deviation from p50 (nearest rank)
    // Indices into the input whose value is far from the median (see
    // isSpreadOutlier), the farthest first; at most maxOutliers of them.
    std::vector<int> outliers;
    int outlierCount = 0; // all of them, also those beyond maxOutliers
};

// Nearest-rank percentile (p in [0, 100]) of values sorted ascending:
// the smallest value with at least p% of the values at or below it.
TimeNs nearestRankPercentile(const std::vector<TimeNs>& sortedNs, double p);

// A value is an outlier when its modified z-score is above 3.5 (Iglewicz and
// Hoaglin: more than 3.5 robust standard deviations, 1.4826 × MAD, from the
// median) and it is at least 5% of the median away from it, so that a
// cluster of nearly identical ranks does not name per-kernel noise.
bool isSpreadOutlier(TimeNs valueNs, TimeNs medianNs, TimeNs madNs);

RankSpread rankSpread(const std::vector<TimeNs>& valuesNs, int maxOutliers = 8);

} // namespace profscope
