// SPDX-License-Identifier: Apache-2.0
#pragma once

// api_statistic.csv (host API calls: acl, runtime, hccl, node, ...) per rank
// and merged over ranks, and the time per API type (the file's Level column).

#include "../model/profile.h"

#include <QString>

#include <vector>

namespace profscope {

struct ApiStat
{
    QString level; // API type: acl, runtime, hccl, node, ...
    QString apiName;
    qint64 count = 0;
    TimeNs totalNs = 0;
    TimeNs minNs = 0;
    TimeNs maxNs = 0;
    // Pooled over the ranks from each rank's count, mean and variance (the
    // file's variance is of the calls in µs²); NaN when a rank lacks it.
    double varianceUs2 = kNoValue;
    int ranks = 0; // ranks that called the API
    TimeNs avgNs() const
    {
        return count > 0 ? totalNs / count : 0;
    }
};

struct ApiTypeStat
{
    QString level;
    qint64 apis = 0;
    qint64 count = 0;
    TimeNs totalNs = 0;
};

// The statistics a rank's api_statistic.csv would hold, from the CANN API
// lanes of its timeline (slices "AscendCL@aclrtMemcpy", ...): for ranks read
// from a database, which has no such table, or whose file is missing.
// Variance is over the calls, in µs² (the file's unit).
std::vector<ApiStatisticRow> apiStatisticsFromTrace(const TraceData& trace);

// rankIndex -1: merged over every rank of the profile. Sorted by total time,
// largest first. A rank without api_statistic.csv rows contributes its
// timeline's CANN API calls; *ranksFromTimeline counts those ranks.
std::vector<ApiStat> apiStatistics(const Profile& profile, int rankIndex = -1, int* ranksFromTimeline = nullptr);
// Per API type, largest total first.
std::vector<ApiTypeStat> apiTypeStatistics(const std::vector<ApiStat>& stats);
// A rank has API statistics: its file, or CANN API calls on its timeline.
bool hasApiStatistics(const RankData& rank);
bool hasApiStatistics(const Profile& profile);

} // namespace profscope
