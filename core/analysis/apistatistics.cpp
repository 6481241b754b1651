// SPDX-License-Identifier: Apache-2.0
#include "apistatistics.h"

#include "../model/timebounds.h"

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
    s.count = saturatingAdd(s.count, row.count);
    s.totalNs = saturatingAdd(s.totalNs, row.totalNs);
    ++s.ranks;
    if (std::isnan(row.variance) || row.count <= 0) {
        p.varianceKnown = p.varianceKnown && row.count <= 0;
        return;
    }
    const double meanUs = double(row.totalNs) / 1000.0 / double(row.count);
    p.sumSquaresUs2 += double(row.count) * (row.variance + meanUs * meanUs);
}

// The level names of api_statistic.csv for the timeline's labels.
QString levelOfLabel(const QString& label)
{
    if (label == QLatin1String("AscendCL"))
        return QStringLiteral("acl");
    return label.toLower(); // Runtime, Node, Hccl, Model
}

bool hasHostApiSlices(const TraceData& trace)
{
    for (const ProcessTrack& p : trace.processes)
        for (const ThreadTrack& t : p.threads)
            if (t.role == LaneRole::HostApi && !t.slices.startNs.empty())
                return true;
    return false;
}

} // namespace

std::vector<ApiStatisticRow> apiStatisticsFromTrace(const TraceData& trace)
{
    struct Sum
    {
        ApiStatisticRow row;
        double sumSquaresUs2 = 0;
    };
    std::map<StringId, Sum> byName;
    for (const ProcessTrack& p : trace.processes)
        for (const ThreadTrack& t : p.threads) {
            if (t.role != LaneRole::HostApi)
                continue;
            for (std::size_t i = 0; i < t.slices.startNs.size(); ++i) {
                Sum& s = byName[t.slices.name[i]];
                const TimeNs d = t.slices.durNs[i];
                if (s.row.count == 0 || d < s.row.minNs)
                    s.row.minNs = d;
                s.row.maxNs = std::max(s.row.maxNs, d);
                ++s.row.count;
                s.row.totalNs = saturatingAdd(s.row.totalNs, d);
                s.sumSquaresUs2 += (double(d) / 1000.0) * (double(d) / 1000.0);
            }
        }
    std::map<std::pair<QString, QString>, ApiStatisticRow> rows;
    for (auto& [name, s] : byName) {
        const QString full = trace.strings.string(name);
        const qsizetype at = full.indexOf(QLatin1Char('@'));
        const QString level = at > 0 ? levelOfLabel(full.left(at)) : QString();
        const QString api = at > 0 ? full.mid(at + 1) : full;
        ApiStatisticRow& r = rows[{ level, api }];
        // Two labels of one level (none seen) would merge here.
        const double oldSquares = r.count > 0 && hasValue(r.variance)
            ? double(r.count) * (r.variance + std::pow(double(r.totalNs) / 1000.0 / double(r.count), 2))
            : 0.0;
        r.level = level;
        r.apiName = api;
        r.minNs = r.count > 0 ? std::min(r.minNs, s.row.minNs) : s.row.minNs;
        r.maxNs = std::max(r.maxNs, s.row.maxNs);
        r.count = saturatingAdd(r.count, s.row.count);
        r.totalNs = saturatingAdd(r.totalNs, s.row.totalNs);
        const double meanUs = double(r.totalNs) / 1000.0 / double(r.count);
        r.variance = std::max(0.0, (oldSquares + s.sumSquaresUs2) / double(r.count) - meanUs * meanUs);
        r.avgNs = r.totalNs / r.count;
    }
    std::vector<ApiStatisticRow> out;
    for (auto& [key, r] : rows)
        out.push_back(std::move(r));
    return out;
}

bool hasApiStatistics(const RankData& rank)
{
    return !rank.apiStatistics.empty() || hasHostApiSlices(rank.trace);
}

std::vector<ApiStat> apiStatistics(const Profile& profile, int rankIndex, int* ranksFromTimeline)
{
    std::map<std::pair<QString, QString>, Pool> pools;
    if (ranksFromTimeline)
        *ranksFromTimeline = 0;
    for (std::size_t i = 0; i < profile.ranks.size(); ++i) {
        if (rankIndex >= 0 && int(i) != rankIndex)
            continue;
        const RankData& rank = *profile.ranks[i];
        std::vector<ApiStatisticRow> fromTrace;
        if (rank.apiStatistics.empty()) {
            fromTrace = apiStatisticsFromTrace(rank.trace);
            if (ranksFromTimeline && !fromTrace.empty())
                ++*ranksFromTimeline;
        }
        for (const ApiStatisticRow& row : rank.apiStatistics.empty() ? fromTrace : rank.apiStatistics) {
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
        t.count = saturatingAdd(t.count, s.count);
        t.totalNs = saturatingAdd(t.totalNs, s.totalNs);
    }
    std::vector<ApiTypeStat> out;
    for (auto& [level, t] : byLevel)
        out.push_back(t);
    std::stable_sort(out.begin(), out.end(), [](const ApiTypeStat& a, const ApiTypeStat& b) { return a.totalNs > b.totalNs; });
    return out;
}

bool hasApiStatistics(const Profile& profile)
{
    return std::any_of(profile.ranks.begin(), profile.ranks.end(), [](const auto& r) { return hasApiStatistics(*r); });
}

} // namespace profscope
