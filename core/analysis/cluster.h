// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/profile.h"
#include "overview.h"

#include <QSet>
#include <QString>
#include <QStringList>

#include <vector>

namespace profscope {

// ---------------------------------------------------------------------------
// Clock alignment across hosts.
//
// Ranks on different hosts stamp their traces with their own clocks, which
// can be seconds or minutes apart. The collectives of one communication group
// end together on every rank (nobody leaves an AllReduce before the last rank
// has sent its part), so for every collective matched across ranks (same
// group lane name + op name + k-th occurrence) the difference of the end times
// is the clock difference. Ranks of one host share its clock, so offsets are
// per host (per rank when the host is unknown): the median of those
// differences against the reference rank's host (the first rank of
// Profile::ranks); hosts joined only through other hosts get their offsets
// chained along the groups (breadth first).
struct ClockAlignment
{
    // Per Profile::ranks index: add to that rank's timestamps to put them on
    // the reference rank's clock. All 0 when nothing could be matched.
    std::vector<TimeNs> offsetNs;
    std::vector<int> matchedOps; // collectives the offset is based on, per rank
    int referenceRank = 0; // index into Profile::ranks
    bool estimated = false; // at least one rank got an offset from matched ops
    QString note; // why some or all ranks could not be aligned
};
ClockAlignment estimateClockAlignment(const Profile& profile);

// ---------------------------------------------------------------------------
// Parallel layout.
//
// A rank's data / pipeline / tensor parallel index, when profiler_metadata.json
// says enough (its parallel_group_info groups named dp/pp/tp, or tp/pp/dp
// sizes with the Megatron rank order tp fastest, then dp, then pp).
struct ParallelIndex
{
    int dp = -1;
    int pp = -1;
    int tp = -1;
};
ParallelIndex parallelIndex(const RankInfo& info);

// Pipeline stages as msprof-analyze groups them: the pipeline (pp / p2p)
// groups are unioned into chains; every other group whose ranks fall at most
// once into each chain unions its ranks into one stage (union-find). Without
// group information, ranks whose first collective has the same name are one
// stage (MindInsight's rule). Stages are ordered by their smallest rank id;
// each lists indexes into Profile::ranks, sorted by rank id.
// Computed once per profile (Profile::memo).
const std::vector<std::vector<int>>& pipelineStages(const Profile& profile);

// ---------------------------------------------------------------------------
// The cluster step table: one row per rank and step with every overview
// column, the rank's parallel indexes and its stage.
struct ClusterStepRow
{
    int rankIndex = -1; // into Profile::ranks
    int rankId = -1;
    QString host;
    int stage = -1; // index into pipelineStages()
    ParallelIndex parallel;
    StepOverview overview; // overview.step is the step name
    bool overviewKnown = true; // false for old-format ranks (no timeline): only the three values below
    // Old-format (MindInsight) data: from step_trace_raw_*; kInvalidTime when absent.
    TimeNs iterationIntervalNs = kInvalidTime;
    TimeNs fpBpNs = kInvalidTime;
    TimeNs tailNs = kInvalidTime;
};
struct ClusterSteps
{
    std::vector<ClusterStepRow> rows; // sorted by step, then rank id
    std::vector<QString> rankNotes; // per Profile::ranks index: why the rank has no rows (empty otherwise)
    // Per Profile::ranks index: where the recomputed figures and the profiler's own differ (overviewMismatches).
    std::vector<std::vector<OverviewCheck>> mismatches;
    std::vector<std::vector<int>> stages;
    QStringList steps; // in execution order
};
// step: one step name ("50") or empty for every step. Computed once per
// profile and step (Profile::memo) and shared; clusterSteps() copies it.
std::shared_ptr<const ClusterSteps> sharedClusterSteps(const Profile& profile, const QString& step = {});
ClusterSteps clusterSteps(const Profile& profile, const QString& step = {});

// Per rank averaged (or for one step): the row the overview page shows.
std::vector<ClusterStepRow> clusterStepAverages(const ClusterSteps& steps, const QString& step = {});
// clusterStepAverages of the profile's whole step table (sharedClusterSteps),
// computed once per step and shared (Profile::memo): the Overview's bars of
// 10,000 ranks, not recomputed on the GUI thread at every refresh.
std::shared_ptr<const std::vector<ClusterStepRow>> sharedClusterStepAverages(const Profile& profile,
                                                                            const QString& step = {});
bool hasClusterStepAverages(const Profile& profile, const QString& step);

// ---------------------------------------------------------------------------
// Slow ranks and slow links.
struct SlowRank
{
    int rankIndex = -1;
    int rankId = -1;
    QString groupId; // communication group, empty for the compute rule
    double behindRatio = 0; // (fastest elapse − rank elapse) / fastest elapse
    double elapseMs = 0;
    double fastestElapseMs = 0;
    int fastestRankId = -1;
};
// MindStudio Insight's rule per communication group: ranks are sorted by
// total communication time; the one that waits most (largest) is the fastest;
// a rank is slow when it is at least `thresholdRatio` behind it. The
// unevenCommunicationGroups() are skipped.
// Communication groups whose ranks legitimately spend different times in
// their ops, so that comparing ranks says nothing about a slow one: pipeline
// (pp*) groups, groups with send / receive / all-to-all-v ops, and groups
// whose ranks belong to more than one pipeline stage.
QSet<QString> unevenCommunicationGroups(const Profile& profile);

std::vector<SlowRank> detectSlowRanks(const Profile& profile, double thresholdRatio = 0.10, const QString& step = {});

struct SlowLink
{
    int srcRankId = -1;
    int dstRankId = -1;
    QString transport;
    double bandwidthGBps = 0;
    double transportAverageGBps = 0;
    double zScore = 0;
    double transportMedianGBps = 0; // robust reference: the slow link itself barely moves it
    double sizeMB = 0; // what the link carried in the query's steps
    double timeMs = 0; // … and how long it took
};
// A link is slow when its bandwidth is at most `ratio` × the average of its
// transport (CANN's matrix rule) and, with at least 4 links of the
// transport, its z-score is above `zScore`.
std::vector<SlowLink> detectSlowLinks(
    const Profile& profile, double ratio = 0.8, double zScore = 3.0, const QString& step = {});

} // namespace profscope
