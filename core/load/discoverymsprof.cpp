// SPDX-License-Identifier: Apache-2.0
#include "discoverymsprof.h"

#include "../parse/inputfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::Discovery)
};

// The folder whose data a lone msprof DB describes: its PROF_* folder when it
// lies in PROF_*/mindstudio_profiler_output, else the folder holding it.
QString scopeOf(const QString& dbPath)
{
    const QFileInfo folder(QFileInfo(dbPath).absolutePath());
    if (folder.fileName() == QLatin1String("mindstudio_profiler_output")
        && QFileInfo(folder.absolutePath()).fileName().startsWith(QLatin1String("PROF_")))
        return folder.absolutePath();
    return folder.absoluteFilePath();
}

} // namespace

bool isMsprofDbName(const QString& fileName)
{
    static const QRegularExpression re(QStringLiteral("^msprof_\\d+\\.db$"), QRegularExpression::CaseInsensitiveOption);
    return re.match(fileName).hasMatch();
}

QStringList profMsprofDbs(const std::vector<DiscoveredFile>& files)
{
    QStringList out;
    for (const auto& f : files) {
        const QFileInfo dirInfo(f.path);
        if (f.kind != FileKind::KnownUnused || !dirInfo.isDir() || !dirInfo.fileName().startsWith(QLatin1String("PROF_")))
            continue;
        // At the PROF_* root (CANN 8.0.RC1 and later) or, for older CANN, in
        // mindstudio_profiler_output/: torch_npu looks in both, the root first.
        for (const QString& sub : { QString(), QStringLiteral("/mindstudio_profiler_output") }) {
            QStringList found;
            const QFileInfoList inner = QDir(f.path + sub).entryInfoList(QDir::Files, QDir::Name);
            for (const auto& e : inner)
                if (isMsprofDbName(e.fileName()) && !isSpecialFile(e))
                    found << e.absoluteFilePath();
            if (!found.isEmpty()) {
                out << found;
                break;
            }
        }
    }
    return out;
}

DiscoveredRank msprofDbRank(const QString& folder, const QString& dbPath)
{
    DiscoveredRank rank;
    RankInfo& info = rank.info;
    info.rootPath = folder;
    info.layout = RankLayout::CannMsprof;
    info.framework = QStringLiteral("CANN");
    info.displayName = QFileInfo(folder).fileName() + QLatin1Char('/') + QFileInfo(dbPath).fileName();
    // Rank and device ids come from the database (RANK_DEVICE_MAP) or its
    // file name when the rank is loaded (readDatabase): discovery opens no DB.
    info.dbFiles << dbPath;
    info.dbOnly = true;
    rank.files.push_back({ dbPath, FileKind::Database });
    return rank;
}

void dropDuplicateMsprofDbRanks(DiscoveryResult& result, const QStringList& dbRanks)
{
    if (dbRanks.isEmpty())
        return;
    const auto isDbRank = [&dbRanks](const DiscoveredRank& r) {
        return r.files.size() == 1 && dbRanks.contains(r.files.front().path);
    };
    // One PROF_* folder's data once: its DB makes no rank when the folder's
    // device_N/timeline files already made ranks (same devices, same tasks),
    // and the one in mindstudio_profiler_output none when the root has one too.
    std::vector<QString> reasons(result.ranks.size());
    for (std::size_t i = 0; i < result.ranks.size(); ++i) {
        if (!isDbRank(result.ranks[i]))
            continue;
        const QString db = result.ranks[i].files.front().path;
        const QString scope = scopeOf(db);
        for (const auto& other : result.ranks)
            if (!isDbRank(other) && other.info.layout == RankLayout::CannMsprof && !other.info.traceFiles.isEmpty()
                && other.info.rootPath.startsWith(scope + QLatin1Char('/'))) {
                reasons[i] = Tr::tr("not read: the timelines of %1 already give this PROF folder's devices "
                                    "(one source per kind of data)")
                                 .arg(other.info.displayName);
                break;
            }
        if (reasons[i].isEmpty() && QFileInfo(db).absolutePath() != scope)
            for (const QString& other : dbRanks)
                if (QFileInfo(other).absolutePath() == scope) {
                    reasons[i] = Tr::tr("not read: %1 at the root of %2 holds the same data")
                                     .arg(QFileInfo(other).fileName(), QFileInfo(scope).fileName());
                    break;
                }
    }
    std::vector<DiscoveredRank> kept;
    for (std::size_t i = 0; i < result.ranks.size(); ++i) {
        if (reasons[i].isEmpty()) {
            kept.push_back(std::move(result.ranks[i]));
            continue;
        }
        FileReport r;
        r.path = result.ranks[i].files.front().path;
        r.kind = fileKindName(FileKind::Database);
        r.status = FileStatus::Skipped;
        r.sizeBytes = QFileInfo(r.path).size();
        r.reason = reasons[i];
        result.report.files.push_back(std::move(r));
    }
    result.ranks = std::move(kept);
}

} // namespace profscope
