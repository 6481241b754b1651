// SPDX-License-Identifier: Apache-2.0
#include "apistatistics.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace profscope {

namespace {

struct Pool
{
    ApiStat stat;
    // Σ n_i (var_i + mean_i²) in µs², for the pooled variance.
    double sumSquaresUs2 = 0;
    bool varianceKnown = true;
};

void add(Pool& p, const ApiStatisticRow& row)
{
    ApiStat& s = p.stat;
    if (s.ranks == 0) {
        s.minNs = row.minNs;
        s.maxNs = row.maxNs;
    } else {
        s.minNs = std::min(s.minNs, row.minNs);
        s.maxNs = std::max(s.maxNs, row.maxNs);
    }
    s.count += row.count;
    s.totalNs += row.totalNs;
    ++s.ranks;
    if (std::isnan(row.variance) || row.count <= 0) {
        p.varianceKnown = p.varianceKnown && row.count <= 0;
        return;
    }
    const double meanUs = double(row.totalNs) / 1000.0 / double(row.count);
    p.sumSquaresUs2 += double(row.count) * (row.variance + meanUs * meanUs);
}

} // namespace

std::vector<ApiStat> apiStatistics(const Profile& profile, int rankIndex)
{
    std::map<std::pair<QString, QString>, Pool> pools;
    for (std::size_t i = 0; i < profile.ranks.size(); ++i) {
        if (rankIndex >= 0 && int(i) != rankIndex)
            continue;
        for (const ApiStatisticRow& row : profile.ranks[i]->apiStatistics) {
            Pool& p = pools[{ row.level, row.apiName }];
            p.stat.level = row.level;
            p.stat.apiName = row.apiName;
            add(p, row);
        }
    }
    std::vector<ApiStat> out;
    out.reserve(pools.size());
    for (auto& [key, p] : pools) {
        ApiStat s = p.stat;
        if (p.varianceKnown && s.count > 0) {
            const double meanUs = double(s.totalNs) / 1000.0 / double(s.count);
            s.varianceUs2 = std::max(0.0, p.sumSquaresUs2 / double(s.count) - meanUs * meanUs);
        }
        out.push_back(std::move(s));
    }
    std::stable_sort(out.begin(), out.end(), [](const ApiStat& a, const ApiStat& b) { return a.totalNs > b.totalNs; });
    return out;
}

std::vector<ApiTypeStat> apiTypeStatistics(const std::vector<ApiStat>& stats)
{
    std::map<QString, ApiTypeStat> byLevel;
    for (const ApiStat& s : stats) {
        ApiTypeStat& t = byLevel[s.level];
        t.level = s.level;
        ++t.apis;
        t.count += s.count;
        t.totalNs += s.totalNs;
    }
    std::vector<ApiTypeStat> out;
    for (auto& [level, t] : byLevel)
        out.push_back(t);
    std::stable_sort(out.begin(), out.end(), [](const ApiTypeStat& a, const ApiTypeStat& b) { return a.totalNs > b.totalNs; });
    return out;
}

bool hasApiStatistics(const Profile& profile)
{
    return std::any_of(profile.ranks.begin(), profile.ranks.end(), [](const auto& r) { return !r->apiStatistics.empty(); });
}

} // namespace profscope
