// SPDX-License-Identifier: Apache-2.0
#include "discovery.h"

#include "discoverymsprof.h"
#include "folderlisting.h"
#include "profilerinforank.h"

#include "../parse/inputfile.h"
#include "../model/summary.h"
#include "../parse/strategyparser.h"
#include "../model/workpool.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QtConcurrent/QtConcurrentMap>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <memory>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::Discovery)
};

class Walker
{
public:
    Walker(DiscoveryResult& result, const DiscoveryOptions& options)
        : m_result(result)
        , m_options(options)
    {
    }

    void walk(const QString& root)
    {
        const QFileInfo info(root);
        if (!info.exists()) {
            m_result.report.error(Tr::tr("%1 does not exist").arg(root), root);
            return;
        }
        if (info.isFile()) {
            addSingleFile(info);
            return;
        }
        if (isSpecialFile(info)) {
            m_result.report.error(specialFileReason(root), root);
            return;
        }
        if (!info.isReadable() || !QDir(root).isReadable()) {
            m_result.report.error(Tr::tr("cannot read folder %1 (permissions)").arg(root), root);
            return;
        }
        checkLegacyCluster(info.absoluteFilePath());
        visit(info.absoluteFilePath(), 0);
    }

private:
    void addSingleFile(const QFileInfo& info)
    {
        const FileKind kind = classifyFile(info.fileName());
        if (kind == FileKind::Unknown) {
            // Not a profiler file: its folder (Downloads, home) is not scanned
            // on the strength of a file that says nothing about it.
            m_result.report.error(
                Tr::tr("%1 is not a profiler file Profscope knows: open a rank folder, its trace_view.json, a CSV or "
                       "database of it, or the folder holding the ranks")
                    .arg(info.filePath()),
                info.filePath());
            return;
        }
        if (kind != FileKind::TraceView && kind != FileKind::LegacyTimeline && kind != FileKind::CannTimeline) {
            // A file inside a rank folder: open the folder it belongs to.
            QDir dir = info.absoluteDir();
            if (dir.dirName() == QLatin1String("ASCEND_PROFILER_OUTPUT"))
                dir.cdUp();
            visit(dir.absolutePath(), 0);
            return;
        }
        DiscoveredRank rank;
        rank.info.rootPath = info.absolutePath();
        rank.info.displayName = info.fileName();
        rank.info.layout = kind == FileKind::LegacyTimeline ? RankLayout::MindInsightProfiler : RankLayout::AscendPt;
        rank.info.rankId = rankFromLegacyFileName(info.fileName());
        rank.files.push_back({ info.absoluteFilePath(), kind });
        m_result.ranks.push_back(std::move(rank));
    }

    // Lists a folder's entries once; symlinked folders are followed only
    // when their target has not been seen (no loops).
    // Returns the folder's canonical path, or an empty string when it is not
    // to be entered. `known`: its canonical path when the caller could tell
    // (childCanonical), else it is resolved here.
    QString enter(const QString& path, const QString& known = {})
    {
        const QString canonical = known.isEmpty() ? QFileInfo(path).canonicalFilePath() : known;
        if (canonical.isEmpty() || m_seen.contains(canonical) || (m_parentSeen && m_parentSeen->contains(canonical))) {
            if (!canonical.isEmpty())
                m_result.report.info(Tr::tr("skipped %1: already visited (symbolic link loop or duplicate)").arg(path),
                                     path);
            return {};
        }
        m_seen.insert(canonical);
        return canonical;
    }

    // The canonical path of an entry listed in a folder whose canonical path
    // is `parent`, without resolving every component again (one readlink per
    // component, a dozen system calls per rank of a cluster): only a symbolic
    // link needs resolving (empty: enter() does it). The listing tells links
    // apart from the directory entry's type, without a stat.
    static QString childCanonical(const QString& parent, const ListedEntry& entry)
    {
        if (parent.isEmpty() || entry.isSymLink())
            return {};
        return childPath(parent, entry.fileName());
    }

    void visit(const QString& path, int depth, const QString& knownCanonical = {})
    {
        if (++m_entries > m_options.maxEntries) {
            if (m_entries == m_options.maxEntries + 1)
                m_result.report.warning(
                    Tr::tr("stopped scanning after %1 folders; open a smaller folder").arg(m_options.maxEntries), path);
            return;
        }
        const QString canonical = enter(path, knownCanonical);
        if (canonical.isEmpty())
            return;
        EntryList entries;
        if (!listFolder(path, entries)) {
            m_result.report.warning(Tr::tr("cannot read folder %1 (permissions)").arg(path), path);
            return;
        }
        const QString name = QFileInfo(path).fileName();

        bool hasOutput = false, hasInfo = false, hasTimelineDir = false;
        for (const auto& e : entries) {
            if (e.isDir() && e.fileName() == QLatin1String("ASCEND_PROFILER_OUTPUT"))
                hasOutput = true;
            if (e.isFile() && classifyFile(e.fileName()) == FileKind::ProfilerInfo)
                hasInfo = true;
            if (e.isDir() && e.fileName() == QLatin1String("timeline"))
                hasTimelineDir = true;
        }
        // A renamed rank folder still has ASCEND_PROFILER_OUTPUT, or
        // profiler_info next to the deliverables themselves.
        const bool infoWithData = hasInfo && !hasLegacyFiles(entries)
            && std::any_of(entries.begin(), entries.end(), [](const ListedEntry& e) {
                   const FileKind k = classifyFile(e.fileName());
                   return e.isFile() && (k == FileKind::TraceView || k == FileKind::KernelDetails || k == FileKind::Database);
               });
        if (isRankFolderName(name) || hasOutput || infoWithData) {
            addNewStyleRank(path, name, canonical, &entries);
            return;
        }
        // msprof-analyze's output folder (cluster_analysis_output, or where -o put it).
        if (std::any_of(entries.begin(), entries.end(),
                        [](const ListedEntry& e) { return e.isFile() && isClusterKind(classifyFile(e.fileName())); }))
            addClusterOutput(path, entries);
        static const QRegularExpression deviceDir(QStringLiteral("^device_(\\d+)$"));
        if (const auto m = deviceDir.match(name); m.hasMatch() && hasTimelineDir) {
            addCannRank(path, canonical, m.captured(1).toInt());
            return;
        }
        if (hasLegacyFiles(entries))
            addLegacyFolder(path, entries);
        // A CANN msprof_*.db outside any rank folder (a PROF_* root, its
        // mindstudio_profiler_output, or a folder it was copied into).
        for (const auto& e : entries)
            if (e.isFile() && isMsprofDbName(e.fileName())) {
                m_msprofDbRanks << e.absoluteFilePath();
                m_result.ranks.push_back(msprofDbRank(path, e.absoluteFilePath()));
            }
        // Profscope summaries (profscope-cli summarize): one rank per file.
        for (const auto& e : entries)
            if (e.isFile() && classifyFile(e.fileName()) == FileKind::ProfscopeSummary)
                m_result.ranks.push_back(summaryRank(e));
        if (depth >= m_options.maxDepth) {
            for (const auto& e : entries)
                if (e.isDir())
                    m_result.report.info(
                        Tr::tr("not scanned: %1 is deeper than %2 levels").arg(e.absoluteFilePath()).arg(m_options.maxDepth),
                        e.absoluteFilePath());
            return;
        }
        // Rank folders by name (*_ascend_ms / *_ascend_pt) are listed and
        // their files collected in parallel when there are many (a cluster's
        // root): listing a rank's folders is a few dozen system calls, and a
        // 1024-rank cluster spent a quarter of its load in this walk on one
        // thread. Each is merged in folder order as a serial visit would have
        // added it, so the result is the same.
        std::vector<const ListedEntry*> rankDirs;
        for (const auto& e : entries)
            if (e.isDir() && isRankFolderName(e.fileName()))
                rankDirs.push_back(&e);
        std::vector<std::unique_ptr<Walker>> prefetched;
        if (rankDirs.size() >= kParallelRankFolders && depth < m_options.maxDepth) {
            for (const ListedEntry* e : rankDirs)
                prefetched.push_back(std::unique_ptr<Walker>(
                    new Walker(m_options, e->absoluteFilePath(), childCanonical(canonical, *e), depth + 1, m_seen)));
            QtConcurrent::blockingMap(workPool(), prefetched, [](std::unique_ptr<Walker>& sub) { sub->addRankFolder(); });
        }
        std::size_t next = 0;
        for (const auto& e : entries) {
            if (!e.isDir())
                continue;
            if (next < prefetched.size() && e.fileName() == rankDirs[next]->fileName())
                merge(*prefetched[next++]);
            else
                visit(e.absoluteFilePath(), depth + 1, childCanonical(canonical, e));
        }
    }

    // A walker of its own for one rank folder (see visit): its own result,
    // folders seen and entry count, merged into the main walk afterwards.
    // `parentSeen`: the main walk's folders so far (the rank folder's
    // ancestors among them), read-only while the rank walkers run, so that a
    // link back up is a loop here as in a serial walk.
    Walker(const DiscoveryOptions& options, const QString& rankPath, const QString& rankCanonical, int rankDepth,
           const QSet<QString>& parentSeen)
        : m_own(std::make_unique<DiscoveryResult>())
        , m_result(*m_own)
        , m_options(options)
        , m_parentSeen(&parentSeen)
        , m_rootPath(rankPath)
        , m_rootCanonical(rankCanonical)
        , m_rootDepth(rankDepth)
    {
    }

    // visit() of the folder this walker was made for: a rank by its name, so
    // the walk ends in addNewStyleRank as the main walk's visit would.
    void addRankFolder()
    {
        visit(m_rootPath, m_rootDepth, m_rootCanonical);
    }

    // Takes over what a rank folder's walker found, unless the main walk has
    // been there already (a symbolic link) or has stopped counting folders.
    void merge(Walker& sub)
    {
        if (++m_entries > m_options.maxEntries) {
            if (m_entries == m_options.maxEntries + 1)
                m_result.report.warning(
                    Tr::tr("stopped scanning after %1 folders; open a smaller folder").arg(m_options.maxEntries),
                    sub.m_rootPath);
            return;
        }
        m_entries += sub.m_entries - 1;
        if (enter(sub.m_rootPath, sub.m_rootCanonical).isEmpty())
            return;
        for (const QString& seen : std::as_const(sub.m_seen))
            m_seen.insert(seen);
        for (auto& rank : sub.m_result.ranks)
            m_result.ranks.push_back(std::move(rank));
        for (auto& message : sub.m_result.report.messages)
            m_result.report.messages.push_back(std::move(message));
    }

    static DiscoveredRank summaryRank(const ListedEntry& file)
    {
        DiscoveredRank rank;
        rank.info.rootPath = file.absoluteFilePath();
        rank.info.displayName = file.fileName().chopped(qsizetype(qstrlen(kSummaryFileSuffix)));
        rank.info.layout = RankLayout::ProfscopeSummary;
        // summarize names its files rank{id}_…; the file's own "rank" object is authoritative.
        static const QRegularExpression idPattern(QStringLiteral("^rank(\\d+)"));
        if (const auto m = idPattern.match(file.fileName()); m.hasMatch())
            rank.info.rankId = m.captured(1).toInt();
        rank.files.push_back({ file.absoluteFilePath(), FileKind::ProfscopeSummary });
        return rank;
    }

    static bool hasLegacyFiles(const EntryList& entries)
    {
        // step_trace_point_info.json names no rank: alone it makes no rank.
        return std::any_of(entries.begin(), entries.end(), [](const ListedEntry& e) {
            const FileKind kind = e.isFile() ? classifyFile(e.fileName()) : FileKind::Unknown;
            return isLegacyKind(kind) && kind != FileKind::LegacyStepTracePointInfo;
        });
    }

    // Every file below a rank folder (bounded depth), classified. `listed`:
    // the folder's entries when the caller has just listed it the same way
    // (visit), so that a cluster of many small ranks lists each rank folder once.
    void collectFiles(const QString& path, const QString& canonical, int depth, std::vector<DiscoveredFile>& out,
                      const EntryList* listed = nullptr)
    {
        EntryList own;
        if (!listed)
            listFolder(path, own); // unreadable: nothing in it
        const EntryList& entries = listed ? *listed : own;
        for (const auto& e : entries) {
            if (e.isDir()) {
                const QString name = e.fileName();
                const FileKind kind = classifyFile(name);
                if (kind != FileKind::Unknown && kind != FileKind::KnownUnused) {
                    out.push_back({ e.absoluteFilePath(), kind }); // a folder named like a file: reported as broken
                    continue;
                }
                // Raw CANN data and framework dumps are the profiler's own
                // inputs; the deliverables in ASCEND_PROFILER_OUTPUT are used.
                // MindData writes its raw profiling (pipeline tree, CPU
                // sampler, queue trace) only into FRAMEWORK: those are read.
                if (name == QLatin1String("FRAMEWORK")) {
                    const QFileInfoList inner = QDir(e.absoluteFilePath()).entryInfoList(QDir::Files, QDir::Name);
                    for (const auto& f : inner)
                        if (const FileKind k = classifyFile(f.fileName()); isMinddataKind(k))
                            out.push_back({ f.absoluteFilePath(), k });
                }
                if (name.startsWith(QLatin1String("PROF_")) || name == QLatin1String("FRAMEWORK")
                    || name == QLatin1String("logs")) {
                    out.push_back({ e.absoluteFilePath(), FileKind::KnownUnused });
                    continue;
                }
                if (depth >= m_options.maxDepth)
                    continue;
                if (const QString inner = enter(e.absoluteFilePath(), childCanonical(canonical, e)); !inner.isEmpty())
                    collectFiles(e.absoluteFilePath(), inner, depth + 1, out);
                continue;
            }
            // Named like a profiler file but a FIFO, device or broken symlink:
            // its parser names what is wrong instead of "unknown file".
            FileKind kind = classifyFile(e.fileName());
            // msprof-analyze output belongs to the cluster, not inside a rank:
            // the rank loader reports it as not read there.
            if (isClusterKind(kind))
                kind = kind == FileKind::ClusterAnalysisDb ? FileKind::Database : FileKind::KnownUnused;
            out.push_back({ e.absoluteFilePath(), kind, e.isFile() ? e.size() : 0 });
        }
    }

    void addNewStyleRank(const QString& path, const QString& name, const QString& canonical,
                         const EntryList* listed = nullptr)
    {
        DiscoveredRank rank;
        RankInfo& info = rank.info;
        info.rootPath = path;
        info.displayName = name;
        info.layout = name.endsWith(QLatin1String("_ascend_ms")) ? RankLayout::AscendMs : RankLayout::AscendPt;
        info.framework = info.layout == RankLayout::AscendMs ? QStringLiteral("MindSpore") : QStringLiteral("PyTorch");
        collectFiles(path, canonical, 0, rank.files, listed);
        bool anyData = false, anyDb = false;
        for (auto& f : rank.files) {
            // Raw CANN data (PROF_*/device_*/data) and the FRAMEWORK folder are
            // inputs of the profiler's own post-processing, not deliverables.
            if (f.kind == FileKind::ProfilerInfo) {
                info.profilerInfoPath = f.path;
                if (info.rankId < 0)
                    info.rankId = profilerInfoRankIdFromFile(f.path, &f.text);
            } else if (f.kind == FileKind::ProfilerMetadata) {
                info.metadataPath = f.path;
            } else if (f.kind == FileKind::Database) {
                anyDb = true;
                info.dbFiles << f.path;
            } else if (f.kind == FileKind::TraceView) {
                info.traceFiles << f.path;
                anyData = true;
            } else if (f.kind != FileKind::Unknown && f.kind != FileKind::KnownUnused) {
                info.tableFiles << f.path;
                anyData = true;
            }
        }
        if (info.rankId < 0) {
            // rank0_ascend_pt, {worker}_{pid}_{timestamp}_ascend_ms: try "rankN" first.
            static const QRegularExpression rankRe(QStringLiteral("rank[_-]?(\\d+)"));
            if (const auto m = rankRe.match(path.section(QLatin1Char('/'), -3)); m.hasMatch())
                info.rankId = m.captured(1).toInt();
        }
        // The profiler names rank folders {worker}_{pid}_{timestamp}_ascend_{ms|pt},
        // where the default worker name is {hostname}_{pid}.
        static const QRegularExpression workerRe(QStringLiteral("^(.+?)(?:_\\d+)?_\\d+_\\d{14,17}_ascend_(?:ms|pt)$"));
        if (const auto m = workerRe.match(name); m.hasMatch() && info.host.isEmpty())
            info.host = m.captured(1);
        // The rank's own DB or trace comes first: a PROF_*'s msprof DB only
        // fills a rank that has neither (data simplification removed them,
        // or the run wrote only the raw PROF_* data and msprof exported it).
        const bool anyTrace = std::any_of(rank.files.begin(), rank.files.end(), [](const DiscoveredFile& f) {
            return f.kind == FileKind::TraceView || f.kind == FileKind::CannTimeline || f.kind == FileKind::LegacyTimeline;
        });
        if (!anyDb && !anyTrace) {
            for (const QString& db : profMsprofDbs(rank.files)) {
                rank.files.push_back({ db, FileKind::Database });
                info.dbFiles << db;
                anyDb = true;
            }
        }
        info.dbOnly = anyDb && !anyData;
        m_result.ranks.push_back(std::move(rank));
    }

    void addClusterOutput(const QString& path, const EntryList& entries)
    {
        if (m_result.clusterOutputPath.isEmpty())
            m_result.clusterOutputPath = path;
        for (const auto& e : entries)
            if (e.isFile())
                m_result.clusterFiles.push_back({ e.absoluteFilePath(), classifyFile(e.fileName()) });
    }

    void addCannRank(const QString& path, const QString& canonical, int deviceId)
    {
        DiscoveredRank rank;
        rank.info.rootPath = path;
        rank.info.layout = RankLayout::CannMsprof;
        rank.info.deviceId = deviceId;
        rank.info.framework = QStringLiteral("CANN");
        rank.info.displayName = QFileInfo(QFileInfo(path).absolutePath()).fileName() + QLatin1Char('/')
            + QFileInfo(path).fileName();
        collectFiles(path, canonical, 0, rank.files);
        for (const auto& f : rank.files) {
            if (f.kind == FileKind::CannTimeline)
                rank.info.traceFiles << f.path;
            else if (f.kind == FileKind::Database)
                rank.info.dbFiles << f.path;
        }
        rank.info.dbOnly = rank.info.traceFiles.isEmpty() && !rank.info.dbFiles.isEmpty();
        m_result.ranks.push_back(std::move(rank));
    }

    // A MindInsight profiler/ folder: one rank per rank/device id found in
    // the file names (cluster_propose keeps 4 ranks in one folder).
    void addLegacyFolder(const QString& path, const EntryList& entries)
    {
        std::map<int, DiscoveredRank> byId;
        std::vector<DiscoveredFile> shared;
        QString host;
        // cluster_profiler/{host}/profiler
        const QDir parent = QFileInfo(path).absoluteDir();
        const bool inCluster = QFileInfo(parent.absolutePath()).absoluteDir().dirName() == QLatin1String("cluster_profiler");
        if (inCluster)
            host = parent.dirName();
        // step_trace_point_info.json names no rank: MindSpore writes one per
        // folder, and it holds for every rank of the folder.
        std::vector<DiscoveredFile> perFolder;
        for (const auto& e : entries) {
            // A FIFO, folder or dangling symlink named like a profiler file is
            // reported (by its parser) rather than dropped in silence.
            if (!e.isFile() && classifyFile(e.fileName()) == FileKind::Unknown)
                continue;
            const FileKind kind = classifyFile(e.fileName());
            if (kind == FileKind::LegacyStepTracePointInfo) {
                perFolder.push_back({ e.absoluteFilePath(), kind });
                continue;
            }
            int id = rankFromLegacyFileName(e.fileName());
            if (kind == FileKind::ParallelStrategy)
                id = parallelStrategyFolderId(e.absoluteFilePath(), id, inCluster ? host : QString());
            if (id < 0 || (!isLegacyKind(kind) && !isMinddataKind(kind) && kind != FileKind::KnownUnused)) {
                shared.push_back({ e.absoluteFilePath(), kind });
                continue;
            }
            DiscoveredRank& rank = byId[id];
            rank.files.push_back({ e.absoluteFilePath(), kind });
            if (kind == FileKind::LegacyTimeline || kind == FileKind::LegacyTimelineData)
                rank.info.traceFiles << e.absoluteFilePath();
            else if (isLegacyKind(kind) || isMinddataKind(kind))
                rank.info.tableFiles << e.absoluteFilePath();
        }
        bool placedPerFolder = false;
        for (auto& [id, rank] : byId) {
            if (rank.info.traceFiles.isEmpty() && rank.info.tableFiles.isEmpty())
                continue; // only unused files carry this id
            rank.info.rootPath = path;
            rank.info.layout = inCluster ? RankLayout::LegacyClusterRank : RankLayout::MindInsightProfiler;
            rank.info.framework = QStringLiteral("MindSpore");
            rank.info.host = host;
            // In the legacy cluster layout the number is the device id on its host;
            // hccl.json maps (host, device) to the rank. Elsewhere it is the rank id.
            if (inCluster) {
                rank.info.deviceId = id;
                rank.info.rankId = clusterRankId(host, id);
            } else {
                rank.info.rankId = id;
            }
            rank.info.displayName = QFileInfo(path).fileName() + QLatin1Char('#') + QString::number(id);
            placedPerFolder = true;
            for (const auto& f : perFolder) {
                rank.files.push_back(f);
                rank.info.tableFiles << f.path;
            }
            m_result.ranks.push_back(std::move(rank));
        }
        if (!placedPerFolder)
            shared.insert(shared.end(), perFolder.begin(), perFolder.end());
        for (const auto& f : shared) {
            FileReport r;
            r.path = f.path;
            r.kind = fileKindName(f.kind);
            r.status = FileStatus::Skipped;
            r.sizeBytes = QFileInfo(f.path).size();
            r.reason = f.kind == FileKind::Unknown       ? Tr::tr("not a file Profscope knows")
                : f.kind == FileKind::LegacyStepTracePointInfo ? Tr::tr("no rank's files in this folder to apply it to")
                                                               : Tr::tr("recognised, not read by this version of Profscope");
            m_result.report.files.push_back(std::move(r));
        }
    }

    // The name of parallel_strategy_{N}.json carries the RANK_ID environment
    // variable (0 when unset); config.rankId inside is the rank. Only the
    // file's head is read: config comes before the graph. In the legacy
    // cluster layout the folder's ranks are keyed by device id on the host.
    int parallelStrategyFolderId(const QString& path, int nameId, const QString& clusterHost) const
    {
        QFile f(path);
        if (isSpecialFile(QFileInfo(path)) || !f.open(QIODevice::ReadOnly))
            return nameId;
        const int fileRank = parallelStrategyRankFromHead(f.read(64 << 10));
        if (fileRank < 0)
            return nameId;
        if (clusterHost.isEmpty())
            return fileRank;
        for (const auto& [key, rankId] : m_hcclRanks)
            if (rankId == fileRank && clusterRankId(clusterHost, key.second) == fileRank)
                return key.second;
        return nameId;
    }

    int clusterRankId(const QString& hostAlias, int deviceId) const
    {
        QString ip;
        for (const auto& [realHost, alias] : m_result.hostMapping)
            if (alias == hostAlias)
                ip = realHost;
        if (auto it = m_hcclRanks.find({ ip, deviceId }); it != m_hcclRanks.end())
            return it->second;
        return -1;
    }

    // Legacy cluster root: hccl.json + host_ips_mapping.txt + cluster_profiler/.
    void checkLegacyCluster(const QString& root)
    {
        const QDir dir(root);
        if (!dir.exists(QStringLiteral("cluster_profiler")))
            return;
        const QString mapping = dir.filePath(QStringLiteral("host_ips_mapping.txt"));
        if (isSpecialFile(QFileInfo(mapping))) {
            m_result.report.error(specialFileReason(mapping), mapping);
        } else if (QFileInfo::exists(mapping)) {
            m_result.hostIpsMappingPath = mapping;
            QFile f(mapping);
            if (f.open(QIODevice::ReadOnly)) {
                int lineNo = 0;
                while (!f.atEnd()) {
                    ++lineNo;
                    const QString line = QString::fromUtf8(f.readLine()).trimmed();
                    if (line.isEmpty())
                        continue;
                    const QStringList parts = line.split(QRegularExpression(QStringLiteral("[\\s,:]+")), Qt::SkipEmptyParts);
                    if (parts.size() != 2) {
                        m_result.report.warning(Tr::tr("%1:%2: expected \"host alias\", got \"%3\"").arg(mapping).arg(lineNo).arg(line),
                                                mapping);
                        continue;
                    }
                    m_result.hostMapping.emplace_back(parts[0], parts[1]);
                }
            }
        } else {
            m_result.report.warning(Tr::tr("legacy cluster folder without host_ips_mapping.txt: hosts stay anonymous"), root);
        }
        // The networking file: hccl.json, or any JSON with a server_list.
        QString hccl = dir.filePath(QStringLiteral("hccl.json"));
        if (!QFileInfo::exists(hccl)) {
            hccl.clear();
            for (const auto& e : dir.entryInfoList({ QStringLiteral("*.json") }, QDir::Files)) {
                QFile f(e.absoluteFilePath());
                if (f.size() < (4 << 20) && f.open(QIODevice::ReadOnly) && f.readAll().contains("server_list"))
                    hccl = e.absoluteFilePath();
            }
        }
        if (hccl.isEmpty()) {
            m_result.report.warning(Tr::tr("legacy cluster folder without hccl.json: rank ids are taken from device ids"), root);
            return;
        }
        m_result.hcclJsonPath = hccl;
        if (isSpecialFile(QFileInfo(hccl)) || QFileInfo(hccl).isDir()) {
            m_result.report.error(specialFileReason(hccl), hccl);
            return;
        }
        QFile f(hccl);
        if (!f.open(QIODevice::ReadOnly)) {
            m_result.report.error(Tr::tr("cannot open %1: %2").arg(hccl, f.errorString()), hccl);
            return;
        }
        const QByteArray bytes = f.readAll();
        nlohmann::json json;
        try {
            json = nlohmann::json::parse(bytes.constBegin(), bytes.constEnd());
        } catch (const nlohmann::json::exception& e) {
            // parse_error.byte counts the offending character too: report its 0-based offset.
            const auto* parseError = dynamic_cast<const nlohmann::json::parse_error*>(&e);
            const qint64 offset = parseError && parseError->byte > 0 ? qint64(parseError->byte) - 1 : 0;
            m_result.report.error(Tr::tr("%1: invalid JSON at byte %2: not a valid networking file").arg(hccl).arg(offset),
                                  hccl);
            return;
        }
        if (!json.is_object() || !json.contains("server_list")) {
            m_result.report.error(Tr::tr("%1 is not a valid networking file (no server_list)").arg(hccl), hccl);
            return;
        }
        // Ids are strings in every hccl.json seen, but hand-written files
        // have numbers: accept both; anything else is no id (-1, "").
        auto toInt = [](const nlohmann::json& v) {
            if (v.is_number_integer())
                return int(v.get<qint64>());
            if (v.is_string())
                return QString::fromStdString(v.get<std::string>()).toInt();
            return -1;
        };
        auto toText = [](const nlohmann::json& v) {
            if (v.is_string())
                return QString::fromStdString(v.get<std::string>());
            if (v.is_number_integer())
                return QString::number(v.get<qint64>());
            if (v.is_number_unsigned())
                return QString::number(v.get<quint64>());
            return QString();
        };
        for (const auto& server : json["server_list"]) {
            if (!server.is_object() || !server.contains("server_id") || !server.contains("device"))
                continue;
            const QString ip = toText(server["server_id"]);
            for (const auto& device : server["device"])
                if (device.is_object() && device.contains("device_id") && device.contains("rank_id"))
                    m_hcclRanks[{ ip, toInt(device["device_id"]) }] = toInt(device["rank_id"]);
        }
    }

    static constexpr std::size_t kParallelRankFolders = 16;
    std::unique_ptr<DiscoveryResult> m_own; // a rank folder's walker (see visit) keeps its result here
    DiscoveryResult& m_result;
    const DiscoveryOptions& m_options;
    const QSet<QString>* m_parentSeen = nullptr;
    QSet<QString> m_seen;
    int m_entries = 0;
    QString m_rootPath; // a rank folder's walker: its folder and depth
    QString m_rootCanonical; // its canonical path when known (empty: resolved on entering)
    int m_rootDepth = 0;
    std::map<std::pair<QString, int>, int> m_hcclRanks;
    QStringList m_msprofDbRanks; // the DB of each rank made from a lone msprof_*.db

public:
    const QStringList& msprofDbRanks() const { return m_msprofDbRanks; }
};

} // namespace

// The rank folders under each path: a walk with the file kinds of
// filekinds.cpp.
DiscoveryResult discoverProfiles(const QStringList& paths, const DiscoveryOptions& options)
{
    DiscoveryResult result;
    result.rootPath = paths.value(0);
    Walker walker(result, options);
    for (const auto& p : paths)
        walker.walk(QDir::cleanPath(QFileInfo(p).absoluteFilePath()));
    dropDuplicateMsprofDbRanks(result, walker.msprofDbRanks());
    // Stable order: by rank id (unknown last), then host, then path.
    std::stable_sort(result.ranks.begin(), result.ranks.end(), [](const DiscoveredRank& a, const DiscoveredRank& b) {
        const auto ka = a.info.rankId < 0 ? INT_MAX : a.info.rankId;
        const auto kb = b.info.rankId < 0 ? INT_MAX : b.info.rankId;
        if (ka != kb)
            return ka < kb;
        if (a.info.host != b.info.host)
            return a.info.host < b.info.host;
        return a.info.rootPath < b.info.rootPath;
    });
    if (result.ranks.empty() && result.clusterFiles.empty())
        result.report.error(Tr::tr("no profiler data found under %1: expected *_ascend_ms / *_ascend_pt folders, "
                                   "ASCEND_PROFILER_OUTPUT, a MindInsight profiler/ folder, PROF_*/device_N or a CANN msprof_*.db")
                                .arg(paths.join(QStringLiteral(", "))));
    return result;
}

} // namespace profscope
