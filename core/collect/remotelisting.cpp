// SPDX-License-Identifier: Apache-2.0
// Finding rank folders on a remote host: the find command lines run there
// and the reading of their NUL-separated output.
#include "collectorinternal.h"

#include "../load/discovery.h"
#include "remotecommand.h"

#include <QFile>
#include <QRegularExpression>

#include <algorithm>
#include <map>

namespace profscope {

using namespace collectdetail;

QStringList Collector::rankFoldersFromListing(const QByteArray& listing)
{
    QStringList folders;
    std::map<QString, std::pair<bool, bool>> infoAndData; // folder -> (profiler_info, trace/kernels/db)
    bool files = false;
    static const QRegularExpression deviceDir(QStringLiteral("^device_\\d+$"));
    for (const QByteArray& record : remoteRecords(listing)) {
        if (record == kListingSentinel) {
            files = true;
            continue;
        }
        const QString path = QFile::decodeName(record);
        const QString name = lastComponent(path);
        if (!files) {
            // Folders: rank folders by name, renamed ones by their
            // ASCEND_PROFILER_OUTPUT, CANN output by device_N/timeline.
            if (name == QLatin1String("ASCEND_PROFILER_OUTPUT")) {
                folders << parentOf(path);
            } else if (name == QLatin1String("timeline")) {
                const QString device = parentOf(path);
                if (!deviceDir.match(lastComponent(device)).hasMatch())
                    continue;
                const QString prof = parentOf(device);
                folders << (lastComponent(prof).startsWith(QLatin1String("PROF_")) ? prof : device);
            } else if (isRankFolderName(name)) {
                folders << path;
            }
            continue;
        }
        // Files: a MindInsight profiler/ folder by its legacy files, a renamed
        // new-style rank by profiler_info next to its deliverables.
        const FileKind kind = classifyFile(name);
        if (isLegacyKind(kind)) {
            if (kind != FileKind::LegacyTimeline || rankFromLegacyFileName(name) >= 0)
                folders << parentOf(path);
        } else if (kind == FileKind::ProfilerInfo) {
            infoAndData[parentOf(path)].first = true;
        } else if (kind == FileKind::TraceView || kind == FileKind::KernelDetails || kind == FileKind::Database) {
            infoAndData[parentOf(path)].second = true;
        }
    }
    for (const auto& [folder, flags] : infoAndData)
        if (flags.first && flags.second)
            folders << folder;
    return dropNested(folders);
}

QString Collector::listingCommandLine(const QStringList& bases) const
{
    const QString depth = QString::number(std::max(0, m_options.maxDepth));
    const QStringList rankDirNames = { QStringLiteral("-name"), QStringLiteral("*_ascend_ms"), QStringLiteral("-o"),
        QStringLiteral("-name"), QStringLiteral("*_ascend_pt"), QStringLiteral("-o"), QStringLiteral("-name"),
        QStringLiteral("ASCEND_PROFILER_OUTPUT") };
    // 1) folders that are (or mark) rank folders, pruned: nothing inside is
    //    listed; and timeline folders (CANN device_N/timeline), not pruned.
    QStringList dirs = QStringList { QStringLiteral("find") } + bases;
    dirs << QStringLiteral("-maxdepth") << depth << QStringLiteral("-type") << QStringLiteral("d")
         << QStringLiteral("(") << rankDirNames << QStringLiteral(")") << QStringLiteral("-prune")
         << QStringLiteral("-print0") << QStringLiteral("-o") << QStringLiteral("-type") << QStringLiteral("d")
         << QStringLiteral("-name") << QStringLiteral("timeline") << QStringLiteral("-print0");
    // 2) files that mark MindInsight profiler/ folders and renamed rank
    //    folders, outside the folders found in 1) and raw PROF_* data.
    QStringList filesFind = QStringList { QStringLiteral("find") } + bases;
    filesFind << QStringLiteral("-maxdepth") << depth << QStringLiteral("-type") << QStringLiteral("d")
              << QStringLiteral("(") << rankDirNames << QStringLiteral("-o") << QStringLiteral("-name")
              << QStringLiteral("PROF_*") << QStringLiteral(")") << QStringLiteral("-prune") << QStringLiteral("-o")
              << QStringLiteral("-type") << QStringLiteral("f") << QStringLiteral("(");
    const QStringList filePatterns = { QStringLiteral("step_trace_raw_*"), QStringLiteral("*timeline_display_*"),
        QStringLiteral("framework_raw_*"), QStringLiteral("aicore_intermediate_*"),
        QStringLiteral("aicpu_intermediate_*"), QStringLiteral("hccl_raw_*"), QStringLiteral("minddata_pipeline_raw_*"),
        QStringLiteral("profiler_info*"), QStringLiteral("trace_view*"), QStringLiteral("kernel_details*"),
        QStringLiteral("*.db") };
    for (int i = 0; i < filePatterns.size(); ++i) {
        if (i > 0)
            filesFind << QStringLiteral("-o");
        filesFind << QStringLiteral("-name") << filePatterns[i];
    }
    filesFind << QStringLiteral(")") << QStringLiteral("-print0");
    // Commands joined by ';' for the remote shell; each word quoted.
    return withBeginMarker(shellCommand(dirs)) + QStringLiteral("; ")
        + shellCommand({ QStringLiteral("printf"), QStringLiteral("%s\\0"), QString::fromLatin1(kListingSentinel) })
        + QStringLiteral("; ") + shellCommand(filesFind);
}

} // namespace profscope
