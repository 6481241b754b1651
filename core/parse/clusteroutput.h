// SPDX-License-Identifier: Apache-2.0
#pragma once

// msprof-analyze's cluster output: `cluster_analysis.py -d DIR` writes
// DIR/cluster_analysis_output/ with either
// - cluster_analysis.db (DB input), in two table generations: the new names
//   (ClusterStepTraceTime, CommunicationGroupMapping, ClusterCommunication-
//   Time/Bandwidth/Matrix, HostInfo, RankDeviceMap; always since 2025-10) and
//   the old ones (CommunicationGroup, ClusterCommAnalyzerTime/Bandwidth/Matrix
//   with a leading rank_set column);
// - or text files: cluster_step_trace_time.csv, cluster_communication.json,
//   cluster_communication_matrix.json and communication_group.json.
// ../shared/reference/db-format.md §3.3 has the tables. Units are those of the
// per-rank files: step times in µs, op times in ms, sizes in MB, GB/s.
//
// The parsers fill a ClusterOutput keyed by global rank id; the loader
// (core/load/clustermerge.h) decides which ranks get the figures. Every
// problem names the file and the table / line in the report; what was read
// before a problem stays.

#include "../model/importreport.h"
#include "../model/profile.h"

#include <QString>

#include <map>
#include <vector>

namespace profscope {

struct ClusterOutput
{
    std::map<int, std::vector<StepTraceRow>> stepTrace; // "rank" rows, rankId set
    std::map<int, std::vector<CommOpRecord>> communication;
    std::map<int, std::vector<CommMatrixLink>> communicationMatrix; // each link on its src rank
    std::vector<ClusterStageRow> stages;
    std::vector<ClusterCommGroup> groups;
    std::map<int, ClusterRankEntry> ranks; // every rank id any file names

    // The file each kind of data came from: one source per kind (the DB
    // first), empty while none has supplied it.
    QString stepTraceFrom;
    QString communicationFrom;
    QString matrixFrom;
    QString groupsFrom;

    ClusterRankEntry& rank(int rankId)
    {
        ClusterRankEntry& e = ranks[rankId];
        e.rankId = rankId;
        return e;
    }
    const ClusterCommGroup* findGroup(const QString& groupHash) const;
    // From the group's type when a group file or table gave it, else from the
    // op name (hcom_send / hcom_receive / hcom_batchsendrecv are p2p).
    bool isP2p(const QString& groupHash, const QString& opName) const;
    // Adds a group seen only as a rank set (a JSON key, an old-generation
    // rank_set column) unless the group is already known.
    void noteGroup(const QString& groupHash, const std::vector<int>& ranks, const QString& opName);
};

// "(0,1,2,3)", "(0, 1, 2, 3)", "[0, 1]", "(5,)": the rank ids in order; false
// when the text holds anything else.
bool parseRankSet(const QString& text, std::vector<int>& ranks);

bool parseClusterStepTraceTime(const QString& path, ClusterOutput& out, FileReport& report);
bool parseClusterCommunication(const QString& path, ClusterOutput& out, FileReport& report);
bool parseClusterCommunicationMatrix(const QString& path, ClusterOutput& out, FileReport& report);
bool parseClusterCommunicationGroup(const QString& path, ClusterOutput& out, FileReport& report);
// Both table generations; opened read-only (immutable), never written.
bool parseClusterAnalysisDb(const QString& path, ClusterOutput& out, FileReport& report);

} // namespace profscope
