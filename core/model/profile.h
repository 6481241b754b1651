// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "importreport.h"
#include "loadfilter.h"
#include "profilememo.h"
#include "ranklist.h"
#include "rank.h"

#include <QString>

#include <array>
#include <memory>
#include <vector>

namespace profscope {

// A "stage" row of msprof-analyze's cluster step trace: the per-column
// maximum over the ranks of one pipeline stage, for one step.
struct ClusterStageRow
{
    QString step;
    std::vector<int> ranks; // from the Index "(0,1,2,3)" / "(0, 1, 2, 3)"
    std::array<TimeNs, StepTraceRow::ColumnCount> valueNs = [] {
        std::array<TimeNs, StepTraceRow::ColumnCount> a;
        a.fill(kInvalidTime);
        return a;
    }();
};

// A communication group as msprof-analyze lists it (communication_group.json,
// CommunicationGroupMapping / CommunicationGroup).
struct ClusterCommGroup
{
    bool p2p = false;
    QString groupHash; // group_name: the hash after '@' in op keys
    QString groupId;   // the raw group name (ip%iface_port_...), empty when unknown
    QString pgName;    // tp, dp, pp, ... empty when unknown
    RankList globalRanks; // shared with the equal lists of other ranks (ranklist.h)
};

// What msprof-analyze says about one rank beyond its figures.
struct ClusterRankEntry
{
    int rankId = -1;
    int deviceId = -1;
    QString hostUid;
    QString hostName;
    QString profilePath; // where the rank was on the analysing machine: shown, never opened
    int dpIndex = -1;
    int ppIndex = -1;
    int tpIndex = -1;
};

// The loaded profile: immutable once the loader hands it out, shared
// read-only between the GUI thread and analysis threads.
struct Profile
{
    QString rootPath;
    std::vector<std::shared_ptr<const RankData>> ranks; // sorted by (rankId, host, path)
    ImportReport report;

    // Cluster-level files of the legacy layout / msprof-analyze output.
    QString hcclJsonPath;
    QString hostIpsMappingPath;
    std::vector<std::pair<QString, QString>> hostMapping; // alias -> real host/ip, from host_ips_mapping.txt

    // msprof-analyze's cluster_analysis_output: the folder, the stage rows of
    // its step trace, its communication groups and ranks. The per-rank figures
    // are in the ranks (see clusteroutput.h for which ranks get them).
    QString clusterOutputPath;
    std::vector<ClusterStageRow> clusterStages;
    std::vector<ClusterCommGroup> clusterGroups;
    std::vector<ClusterRankEntry> clusterRanks; // sorted by rank id

    // Partial import: the ranks and steps asked for and found; isPartial()
    // false for a whole profile.
    PartialProfile partial;

    const RankData* findRank(int rankId) const;

    // Whole-profile analysis results, computed once and shared (the profile
    // itself stays immutable; the memo only adds derived values).
    ProfileMemo memo;
};

using ProfilePtr = std::shared_ptr<const Profile>;

} // namespace profscope
