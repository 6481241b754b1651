// SPDX-License-Identifier: Apache-2.0
// Collecting from folders on this machine (or a mounted share): discovery
// with the loader's own rules, then a local `rsync -rt`.
#include "collectorinternal.h"

#include "../load/discovery.h"
#include "../load/profileloader.h"
#include "../report/summarywriter.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace profscope {

namespace collectdetail {

std::vector<CollectedFile> hashTree(const QString& root, QString* error)
{
    std::vector<CollectedFile> files;
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::NoSymLinks, QDirIterator::Subdirectories);
    const QDir base(root);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            if (error && error->isEmpty())
                *error = Tr::tr("cannot read %1: %2").arg(path, f.errorString());
            continue;
        }
        QCryptographicHash hash(QCryptographicHash::Sha256);
        if (!hash.addData(&f) && error && error->isEmpty())
            *error = Tr::tr("cannot read %1: %2").arg(path, f.errorString());
        files.push_back({ base.relativeFilePath(path), f.size(), QString::fromLatin1(hash.result().toHex()) });
    }
    std::sort(
        files.begin(), files.end(), [](const CollectedFile& a, const CollectedFile& b) { return a.path < b.path; });
    return files;
}

namespace {

    bool copyFile(const QString& from, const QString& to, QString* error)
    {
        QFile in(from);
        if (!in.open(QIODevice::ReadOnly)) {
            *error = Tr::tr("cannot read %1: %2").arg(from, in.errorString());
            return false;
        }
        QFile out(to);
        if (out.exists() && !(out.permissions() & QFileDevice::WriteOwner))
            out.setPermissions(out.permissions() | QFileDevice::WriteOwner);
        if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            *error = Tr::tr("cannot write %1: %2").arg(to, out.errorString());
            return false;
        }
        QByteArray buffer;
        while (!in.atEnd()) {
            buffer = in.read(qint64(1) << 20);
            if (buffer.isEmpty() && in.error() != QFileDevice::NoError)
                break;
            if (out.write(buffer) != buffer.size()) {
                *error = Tr::tr("cannot write %1: %2").arg(to, out.errorString());
                out.close();
                out.remove();
                return false;
            }
        }
        if (in.error() != QFileDevice::NoError) {
            *error = Tr::tr("cannot read %1: %2").arg(from, in.errorString());
            out.close();
            out.remove();
            return false;
        }
        // The source's modification time marks the copy as finished: the next
        // run skips files whose size and time match (rsync's quick check), and
        // a half-written file never matches.
        out.flush();
        out.setFileTime(QFileInfo(in).lastModified(), QFileDevice::FileModificationTime);
        out.close();
        return true;
    }

} // namespace

bool copyTreeLocal(const QString& from, const QString& to, bool summaryOnly, qint64 maxBytes, int depth, int* copied,
    QString* error)
{
    if (!summaryOnly && !QDir().mkpath(to)) {
        *error = Tr::tr("cannot create folder %1").arg(to);
        return false;
    }
    const QFileInfoList entries =
        QDir(from).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDir::Name);
    bool ok = true;
    for (const QFileInfo& e : entries) {
        if (e.isSymLink())
            continue; // never followed: a link could point anywhere on the machine
        const QString target = to + QLatin1Char('/') + e.fileName();
        if (e.isDir()) {
            if (summaryOnly && Collector::isSummaryExcludedFolder(e.fileName()))
                continue;
            if (depth >= 64) {
                *error = Tr::tr("%1 is nested too deeply").arg(e.absoluteFilePath());
                return false;
            }
            ok = copyTreeLocal(e.absoluteFilePath(), target, summaryOnly, maxBytes, depth + 1, copied, error) && ok;
            continue;
        }
        if (!e.isFile())
            continue; // sockets, fifos, devices
        if (summaryOnly && !Collector::isSummaryFile(e.fileName(), e.size(), maxBytes))
            continue;
        const QFileInfo existing(target);
        if (existing.isFile() && existing.size() == e.size() && existing.lastModified() == e.lastModified())
            continue;
        if (summaryOnly && !QDir().mkpath(to)) {
            *error = Tr::tr("cannot create folder %1").arg(to);
            return false;
        }
        QString why;
        if (!copyFile(e.absoluteFilePath(), target, &why)) {
            if (error->isEmpty())
                *error = why;
            ok = false;
            continue;
        }
        ++*copied;
    }
    return ok;
}

// --summarize on a local folder: the summaries are computed here, as
// `profscope-cli summarize` would (the folder is only read).
bool summarizeLocal(const QString& src, const QString& dest, QString& error)
{
    LoadOptions options;
    options.maxThreads = 1;
    const ProfilePtr profile = ProfileLoader::load({ src }, options);
    if (profile->ranks.empty()) {
        error = Tr::tr("nothing could be loaded from %1").arg(src);
        return false;
    }
    for (const auto& rank : profile->ranks)
        if (writeRankSummary(*rank, dest, &error).isEmpty())
            return false;
    return true;
}

} // namespace collectdetail

using namespace collectdetail;

void Collector::collectLocal(Job& job)
{
    HostResult& host = job.result;
    host.kind = QStringLiteral("local");
    host.transfer = QStringLiteral("local");
    const QString dir = QDir::cleanPath(QFileInfo(job.localDir).absoluteFilePath());
    host.realHost = dir;
    host.source = dir;
    if (!QFileInfo(dir).isDir()) {
        host.status = QStringLiteral("failed");
        host.error = Tr::tr("%1 is not a folder").arg(dir);
        return;
    }
    DiscoveryOptions discoveryOptions;
    discoveryOptions.maxDepth = m_options.maxDepth;
    const DiscoveryResult found = discoverProfiles({ dir }, discoveryOptions);
    QStringList roots;
    for (const auto& r : found.ranks) {
        QString root = r.info.rootPath;
        if (r.info.layout == RankLayout::CannMsprof) {
            if (m_options.summaryOnly) {
                log(Tr::tr("[%1] %2: CANN msprof output has no summary files, skipped (collect without --summary-only)")
                        .arg(host.alias, root));
                continue;
            }
            // device_N belongs to its PROF_* folder: copy that, as for remote hosts.
            const QString parent = QFileInfo(root).absolutePath();
            if (QFileInfo(parent).fileName().startsWith(QLatin1String("PROF_")))
                root = parent;
        }
        roots << root;
    }
    roots = dropNested(roots);
    if (roots.isEmpty()) {
        host.status = QStringLiteral("failed");
        host.error = Tr::tr("no profiler data found under %1").arg(dir);
        return;
    }
    std::vector<std::pair<QString, QString>> sources;
    for (const auto& root : roots) {
        // Relative to the --from folder: the manifest need not name local paths.
        const QString rel = QDir(dir).relativeFilePath(root);
        sources.emplace_back(rel.isEmpty() ? QStringLiteral(".") : rel, root);
    }
    host.ranks = planRanks(sources, host.alias, job.previous);
    if (m_options.summarize)
        renameForSummaries(host.ranks);
    log(Tr::tr("[%1] %n rank folder(s) under %2", nullptr, int(sources.size())).arg(host.alias, dir));
    for (std::size_t i = 0; i < sources.size(); ++i) {
        const QString src = sources[i].second;
        handleRank(job, host.ranks[i], [&](RankFolderResult& r, QString& error) {
            int copied = 0;
            const QString dest = QDir(m_state->outDir).filePath(r.relativePath);
            if (m_options.summarize)
                return summarizeLocal(src, dest, error);
            const bool ok =
                copyTreeLocal(src, dest, m_options.summaryOnly, m_options.summaryMaxBytes, 0, &copied, &error);
            if (ok && !QFileInfo(dest).isDir())
                QDir().mkpath(dest); // --summary-only with nothing to copy: verification says so
            return ok;
        });
    }
}

} // namespace profscope
