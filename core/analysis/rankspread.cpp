// SPDX-License-Identifier: Apache-2.0
#include "rankspread.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace profscope {

namespace {

TimeNs distanceNs(TimeNs a, TimeNs b)
{
    // Saturating |a - b|: damaged inputs can hold times near the ends of TimeNs.
    constexpr TimeNs kMax = std::numeric_limits<TimeNs>::max();
    TimeNs d = 0;
    if (__builtin_sub_overflow(a, b, &d) || d == std::numeric_limits<TimeNs>::min())
        return kMax;
    return d < 0 ? -d : d;
}

} // namespace

TimeNs nearestRankPercentile(const std::vector<TimeNs>& sortedNs, double p)
{
    if (sortedNs.empty())
        return 0;
    const double n = double(sortedNs.size());
    const double rank = std::ceil(std::clamp(p, 0.0, 100.0) / 100.0 * n);
    const auto index = std::size_t(std::clamp(rank - 1.0, 0.0, n - 1.0));
    return sortedNs[index];
}

bool isSpreadOutlier(TimeNs valueNs, TimeNs medianNs, TimeNs madNs)
{
    const double distance = double(distanceNs(valueNs, medianNs));
    const double robustSigmas = 3.5 * 1.4826 * double(madNs);
    const double floorNs = 0.05 * std::abs(double(medianNs));
    return distance > robustSigmas && distance >= floorNs && distance > 0;
}

RankSpread rankSpread(const std::vector<TimeNs>& valuesNs, int maxOutliers)
{
    RankSpread spread;
    if (valuesNs.empty())
        return spread;
    spread.order.resize(valuesNs.size());
    std::iota(spread.order.begin(), spread.order.end(), 0);
    std::stable_sort(spread.order.begin(), spread.order.end(),
        [&](int a, int b) { return valuesNs[std::size_t(a)] < valuesNs[std::size_t(b)]; });
    std::vector<TimeNs> sorted;
    sorted.reserve(valuesNs.size());
    for (const int i : spread.order)
        sorted.push_back(valuesNs[std::size_t(i)]);
    spread.minNs = sorted.front();
    spread.maxNs = sorted.back();
    spread.p10Ns = nearestRankPercentile(sorted, 10);
    spread.p50Ns = nearestRankPercentile(sorted, 50);
    spread.p90Ns = nearestRankPercentile(sorted, 90);

    std::vector<TimeNs> deviations;
    deviations.reserve(sorted.size());
    for (const TimeNs v : sorted)
        deviations.push_back(distanceNs(v, spread.p50Ns));
    std::sort(deviations.begin(), deviations.end());
    spread.madNs = nearestRankPercentile(deviations, 50);

    std::vector<int> outliers;
    for (std::size_t i = 0; i < valuesNs.size(); ++i)
        if (isSpreadOutlier(valuesNs[i], spread.p50Ns, spread.madNs))
            outliers.push_back(int(i));
    std::stable_sort(outliers.begin(), outliers.end(), [&](int a, int b) {
        return distanceNs(valuesNs[std::size_t(a)], spread.p50Ns) > distanceNs(valuesNs[std::size_t(b)], spread.p50Ns);
    });
    spread.outlierCount = int(outliers.size());
    if (int(outliers.size()) > std::max(0, maxOutliers))
        outliers.resize(std::size_t(std::max(0, maxOutliers)));
    spread.outliers = std::move(outliers);
    return spread;
}

} // namespace profscope
