// SPDX-License-Identifier: Apache-2.0
#include "clustermerge.h"

#include "../parse/clusteroutput.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <climits>
#include <map>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::ClusterOutput)
};

QString rankList(const std::vector<int>& ids)
{
    QStringList parts;
    for (int id : ids)
        parts << QString::number(id);
    return parts.join(QStringLiteral(", "));
}

// Which kind of data a cluster file carries, and whether another file
// already supplied it (the DB is read first, then the text files).
QString suppliedBy(const ClusterOutput& out, FileKind kind)
{
    switch (kind) {
    case FileKind::ClusterStepTraceTime:
        return out.stepTraceFrom;
    case FileKind::ClusterCommunication:
        return out.communicationFrom;
    case FileKind::ClusterCommunicationMatrix:
        return out.matrixFrom;
    case FileKind::ClusterCommunicationGroup:
        return out.groupsFrom;
    default:
        return {};
    }
}

int readOrder(FileKind kind)
{
    switch (kind) {
    case FileKind::ClusterAnalysisDb:
        return 0;
    case FileKind::ClusterCommunicationGroup:
        return 1; // says which groups are p2p before the ops are read
    default:
        return isClusterKind(kind) ? 2 : 3;
    }
}

void readClusterFiles(const std::vector<DiscoveredFile>& files, ClusterOutput& out, std::vector<FileReport>& reports)
{
    std::vector<const DiscoveredFile*> ordered;
    for (const auto& f : files)
        ordered.push_back(&f);
    std::stable_sort(ordered.begin(), ordered.end(),
        [](const DiscoveredFile* a, const DiscoveredFile* b) { return readOrder(a->kind) < readOrder(b->kind); });
    for (const DiscoveredFile* f : ordered) {
        FileReport report;
        report.path = f->path;
        report.kind = fileKindName(f->kind);
        report.sizeBytes = QFileInfo(f->path).size();
        if (const QString from = suppliedBy(out, f->kind); !from.isEmpty()) {
            report.status = FileStatus::Skipped;
            report.reason = Tr::tr("not read: the same data was read from %1 (one source per kind of data)")
                                .arg(QFileInfo(from).fileName());
            reports.push_back(std::move(report));
            continue;
        }
        switch (f->kind) {
        case FileKind::ClusterAnalysisDb:
            parseClusterAnalysisDb(f->path, out, report);
            break;
        case FileKind::ClusterCommunicationGroup:
            parseClusterCommunicationGroup(f->path, out, report);
            break;
        case FileKind::ClusterStepTraceTime:
            parseClusterStepTraceTime(f->path, out, report);
            break;
        case FileKind::ClusterCommunication:
            parseClusterCommunication(f->path, out, report);
            break;
        case FileKind::ClusterCommunicationMatrix:
            parseClusterCommunicationMatrix(f->path, out, report);
            break;
        case FileKind::Database:
            report.status = FileStatus::Skipped;
            report.reason = Tr::tr("not msprof-analyze's cluster_analysis.db (MindStudio Insight writes its cluster.db "
                                   "cache here): not read");
            break;
        case FileKind::Unknown:
            report.status = FileStatus::Skipped;
            report.reason = Tr::tr("not a file Profscope knows");
            break;
        default:
            report.status = FileStatus::Skipped;
            report.reason = Tr::tr("recognised profiler output, not read by this version of Profscope");
            break;
        }
        reports.push_back(std::move(report));
    }
}

} // namespace

void mergeClusterOutput(const DiscoveryResult& discovery, std::vector<std::shared_ptr<RankData>>& ranks,
    std::vector<std::vector<FileReport>>& rankFiles, Profile& profile)
{
    if (discovery.clusterFiles.empty())
        return;
    ClusterOutput out;
    std::vector<FileReport> reports;
    readClusterFiles(discovery.clusterFiles, out, reports);
    profile.clusterOutputPath = discovery.clusterOutputPath;
    profile.clusterStages = std::move(out.stages);
    profile.clusterGroups = out.groups;
    for (const auto& [id, entry] : out.ranks)
        profile.clusterRanks.push_back(entry);

    std::map<int, RankData*> loaded;
    for (const auto& r : ranks)
        if (r && r->info.rankId >= 0)
            loaded.emplace(r->info.rankId, r.get());

    // Per kind: the ranks that keep their own data (not counted twice).
    std::vector<int> ownSteps, ownComm, ownMatrix, added;
    for (const auto& [id, entry] : out.ranks) {
        RankData* rank = nullptr;
        if (const auto it = loaded.find(id); it != loaded.end()) {
            rank = it->second;
        } else {
            auto fresh = std::make_shared<RankData>();
            RankInfo& info = fresh->info;
            info.rankId = id;
            info.layout = RankLayout::ClusterSummary;
            info.framework.clear();
            info.rootPath = discovery.clusterOutputPath;
            info.displayName =
                QFileInfo(discovery.clusterOutputPath).fileName() + QLatin1Char('#') + QString::number(id);
            ranks.push_back(fresh);
            rankFiles.emplace_back();
            rank = fresh.get();
            added.push_back(id);
        }
        RankInfo& info = rank->info;
        if (info.deviceId < 0)
            info.deviceId = entry.deviceId;
        if (info.dpIndex < 0 && info.ppIndex < 0 && info.tpIndex < 0) {
            info.dpIndex = entry.dpIndex;
            info.ppIndex = entry.ppIndex;
            info.tpIndex = entry.tpIndex;
        }
        // The cluster's named groups (tp, dp, pp, ...) that hold this rank,
        // for the stage grouping and DP / PP / TP when its folder gave none.
        if (info.parallelGroups.empty())
            for (const ClusterCommGroup& g : profile.clusterGroups)
                if (!g.pgName.isEmpty() && std::find(g.globalRanks.begin(), g.globalRanks.end(), id) != g.globalRanks.end())
                    info.parallelGroups.push_back({ g.groupId.isEmpty() ? g.groupHash : g.groupId, g.pgName, -1, g.globalRanks });
        if (info.host.isEmpty())
            info.host = entry.hostName.isEmpty() ? entry.hostUid : entry.hostName;
        if (auto it = out.stepTrace.find(id); it != out.stepTrace.end()) {
            if (!rank->stepTrace.empty()) {
                ownSteps.push_back(id);
            } else {
                for (auto& row : it->second)
                    row.deviceId = info.deviceId;
                rank->stepTrace = std::move(it->second);
                rank->memo.clear(); // the loader's overview checked a step trace the rank did not have
            }
        }
        if (auto it = out.communication.find(id); it != out.communication.end()) {
            if (!rank->communication.empty())
                ownComm.push_back(id);
            else
                rank->communication = std::move(it->second);
        }
        if (auto it = out.communicationMatrix.find(id); it != out.communicationMatrix.end()) {
            if (!rank->communicationMatrix.empty())
                ownMatrix.push_back(id);
            else
                rank->communicationMatrix = std::move(it->second);
        }
    }

    // Say in each file's report which ranks kept their own figures.
    for (auto& r : reports) {
        if (r.status == FileStatus::Skipped)
            continue;
        const std::vector<int>* own = nullptr;
        if (r.kind == fileKindName(FileKind::ClusterStepTraceTime))
            own = &ownSteps;
        else if (r.kind == fileKindName(FileKind::ClusterCommunication))
            own = &ownComm;
        else if (r.kind == fileKindName(FileKind::ClusterCommunicationMatrix))
            own = &ownMatrix;
        if (own && !own->empty())
            r.warnings << Tr::tr("rank(s) %1 have this data from their own folder: used from there, these rows only "
                                 "in the cluster table")
                              .arg(rankList(*own));
        if (r.kind == fileKindName(FileKind::ClusterAnalysisDb)) {
            if (!ownSteps.empty())
                r.warnings << Tr::tr("rank(s) %1 have step data from their own folder: used from there")
                                  .arg(rankList(ownSteps));
            if (!ownComm.empty() || !ownMatrix.empty())
                r.warnings << Tr::tr("rank(s) %1 have communication data from their own folder: used from there")
                                  .arg(rankList(ownComm.empty() ? ownMatrix : ownComm));
        }
    }
    for (auto& r : reports)
        profile.report.files.push_back(std::move(r));

    // Keep the ranks in rank id order (unknown ids last), the loaded order otherwise.
    std::vector<std::size_t> order(ranks.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    auto key = [&ranks](
                   std::size_t i) { return ranks[i] && ranks[i]->info.rankId >= 0 ? ranks[i]->info.rankId : INT_MAX; };
    std::stable_sort(order.begin(), order.end(), [&key](std::size_t a, std::size_t b) { return key(a) < key(b); });
    std::vector<std::shared_ptr<RankData>> sortedRanks;
    std::vector<std::vector<FileReport>> sortedFiles;
    for (std::size_t i : order) {
        sortedRanks.push_back(std::move(ranks[i]));
        sortedFiles.push_back(std::move(rankFiles[i]));
    }
    ranks = std::move(sortedRanks);
    rankFiles = std::move(sortedFiles);

    if (!out.ranks.empty())
        profile.report.info(added.empty()
                ? Tr::tr("msprof-analyze cluster output in %1: %n rank(s)", nullptr, int(out.ranks.size()))
                      .arg(discovery.clusterOutputPath)
                : Tr::tr("msprof-analyze cluster output in %1: %n rank(s), %2 known only from it (no timeline)",
                    nullptr, int(out.ranks.size()))
                      .arg(discovery.clusterOutputPath)
                      .arg(added.size()));
}

} // namespace profscope
