// SPDX-License-Identifier: Apache-2.0
#include "collectorinternal.h"

#include "../load/profileloader.h"
#include "../model/bytesize.h"
#include "remotecommand.h"

#include <QDir>
#include <QFileInfo>
#include <QMutex>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSet>
#include <QStandardPaths>
#include <QThreadPool>
#include <QtConcurrent>

#include <algorithm>

// The collector's run: hosts in parallel, each rank folder copied (local
// copy in localcopy.cpp, ssh in remotecopy.cpp), verified with the loader and
// recorded in the manifest (manifest.cpp).

namespace profscope {

using namespace collectdetail;

qint64 HostResult::totalBytes() const
{
    qint64 n = 0;
    for (const auto& r : ranks)
        n += r.bytes;
    return n;
}

int CollectResult::exitCode() const
{
    if (!fatalError.isEmpty())
        return 1;
    for (const auto& h : hosts)
        if (!h.ok())
            return 3;
    return 0;
}

Collector::Collector(CollectOptions options, LogFunction log)
    : m_options(std::move(options))
    , m_log(std::move(log))
    , m_state(std::make_shared<State>())
{
}

QString Collector::hostMappingFileName()
{
    return QStringLiteral("host_ips_mapping.txt");
}

QString Collector::program(const QString& configured, const QString& name) const
{
    if (!configured.isEmpty())
        return configured;
    return QStandardPaths::findExecutable(name);
}

void Collector::log(const QString& line)
{
    if (!m_log)
        return;
    QMutexLocker lock(&m_state->logMutex);
    m_log(line);
}

bool Collector::verifyRank(RankFolderResult& rank)
{
    const QString dest = QDir(m_state->outDir).filePath(rank.relativePath);
    LoadOptions options;
    options.discovery.maxDepth = std::max(m_options.maxDepth, 8);
    // Parallel hosts already keep the cores busy.
    options.maxThreads = m_options.jobs > 1 ? std::max(1, QThread::idealThreadCount() / m_options.jobs) : 0;
    const ProfilePtr profile = ProfileLoader::load({ dest }, options);
    rank.rankIds.clear();
    for (const auto& r : profile->ranks)
        rank.rankIds.push_back(r->info.rankId);
    int used = 0;
    QStringList broken;
    bool dbOnly = false;
    for (const auto& r : profile->ranks)
        dbOnly = dbOnly || r->info.dbOnly;
    for (const auto& f : profile->report.files) {
        if (f.status == FileStatus::Broken)
            broken << QDir(dest).relativeFilePath(f.path)
                    + (f.reason.isEmpty() ? QString() : QStringLiteral(": ") + f.reason);
        // As in `inspect`: profile data, not just the small info files.
        if (f.status == FileStatus::Used && f.kind != QLatin1String("profiler_info.json")
            && f.kind != QLatin1String("profiler_metadata.json"))
            ++used;
    }
    QString hashError;
    rank.files = hashTree(dest, &hashError);
    rank.bytes = 0;
    for (const auto& f : rank.files)
        rank.bytes += f.size;
    rank.verifiedAt = QDateTime::currentDateTimeUtc();
    if (profile->ranks.empty())
        rank.error = Tr::tr("verification failed: Profscope finds no rank in the copy");
    else if (!broken.isEmpty())
        rank.error = Tr::tr("verification failed: %n broken file(s): %1", nullptr, int(broken.size()))
                         .arg(broken.join(QStringLiteral("; ")));
    else if (used == 0)
        rank.error = dbOnly ? Tr::tr("verification failed: no profile data could be read from the database exports")
                            : Tr::tr("verification failed: no profile data file could be loaded");
    else if (!hashError.isEmpty())
        rank.error = hashError;
    else
        rank.error.clear();
    rank.complete = rank.error.isEmpty();
    rank.status = rank.complete ? QStringLiteral("ok") : QStringLiteral("failed");
    return rank.complete;
}

void Collector::handleRank(
    Job& job, RankFolderResult& rank, const std::function<bool(RankFolderResult&, QString&)>& copy)
{
    const QString alias = job.result.alias;
    const QString dest = QDir(m_state->outDir).filePath(rank.relativePath);
    const QString label = QStringLiteral("[%1] %2").arg(alias, rank.relativePath.mid(alias.size() + 1));
    if (m_options.resume && stillComplete(rank, m_state->outDir, copyMode(m_options))) {
        rank.skippedNow = true;
        log(Tr::tr("%1: already complete, skipped").arg(label));
        return;
    }
    if (m_options.dryRun) {
        rank.status = QStringLiteral("pending");
        log(Tr::tr("%1: would copy %2 -> %3").arg(label, rank.source, dest));
        return;
    }
    const bool wasComplete = rank.complete;
    rank.complete = false;
    rank.status = QStringLiteral("pending");
    rank.error.clear();
    // A rank re-copied after a complete run must not look complete if this
    // copy is interrupted.
    record(job, wasComplete);
    log(Tr::tr("%1: copying (%2)").arg(label, job.result.transfer));
    QDir().mkpath(QFileInfo(dest).absolutePath());
    QString error;
    const bool copied = copy(rank, error);
    rank.copies += 1;
    rank.copiedNow = true;
    rank.copiedAt = QDateTime::currentDateTimeUtc();
    rank.mode = copyMode(m_options);
    if (!copied) {
        rank.status = QStringLiteral("failed");
        rank.error = error;
        QString ignored;
        rank.files = QFileInfo(dest).isDir() ? hashTree(dest, &ignored) : std::vector<CollectedFile> {};
        rank.bytes = 0;
        for (const auto& f : rank.files)
            rank.bytes += f.size;
        log(Tr::tr("%1: failed: %2").arg(label, error));
        record(job, false);
        return;
    }
    if (!error.isEmpty())
        log(Tr::tr("%1: warning: %2").arg(label, error));
    verifyRank(rank);
    QStringList ids;
    for (int id : rank.rankIds)
        ids << (id >= 0 ? QString::number(id) : QStringLiteral("?"));
    if (rank.complete)
        log(Tr::tr("%1: ok, rank %2, %n file(s), %3", nullptr, int(rank.files.size()))
                .arg(label, ids.join(QLatin1Char(',')), byteSizeText(rank.bytes)));
    else
        log(Tr::tr("%1: failed: %2").arg(label, rank.error));
    record(job, false);
}

void Collector::runJob(Job& job)
{
    job.result.startedAt = QDateTime::currentDateTimeUtc();
    job.result.status = QStringLiteral("pending");
    record(job, false);
    if (job.remote)
        collectRemote(job);
    else
        collectLocal(job);
    HostResult& host = job.result;
    if (host.status != QLatin1String("failed")) {
        int failed = 0, seen = 0;
        for (const auto& r : host.ranks) {
            seen += r.seenNow ? 1 : 0;
            failed += (r.seenNow && r.status == QLatin1String("failed")) ? 1 : 0;
        }
        if (failed > 0) {
            host.status = QStringLiteral("failed");
            host.error = Tr::tr("%1 of %n rank folder(s) failed", nullptr, seen).arg(failed);
        } else {
            host.status = QStringLiteral("ok");
            host.error.clear();
        }
    }
    if (host.status == QLatin1String("failed"))
        log(Tr::tr("[%1] failed: %2").arg(host.alias, host.error));
    // A host that failed before listing keeps what an earlier run copied.
    if (job.previous && host.ranks.empty())
        host.ranks = job.previous->ranks;
    host.finishedAt = QDateTime::currentDateTimeUtc();
    record(job, true);
}

CollectResult Collector::run()
{
    CollectResult result;
    result.dryRun = m_options.dryRun;
    if (const QStringList problems = validate(); !problems.isEmpty()) {
        result.fatalError = problems.join(QLatin1Char('\n'));
        return result;
    }
    m_state->outDir = QDir::cleanPath(QFileInfo(m_options.outDir).absoluteFilePath());
    m_state->startedAt = isoNow();
    const QString manifestPath = QDir(m_state->outDir).filePath(manifestFileName());
    result.manifestPath = manifestPath;

    // The manifest of an earlier run: what is already complete.
    readPreviousManifest(manifestPath);

    // Jobs and their aliases, in hosts-file order then --from order.
    std::vector<Job> jobs;
    for (const auto& h : m_options.hosts) {
        Job job;
        job.remote = true;
        job.host = h;
        job.result.alias = h.alias.isEmpty() ? h.host : h.alias;
        jobs.push_back(std::move(job));
    }
    for (const auto& dir : m_options.localSources) {
        Job job;
        job.localDir = dir;
        const QString name = QFileInfo(QDir::cleanPath(QFileInfo(dir).absoluteFilePath())).fileName();
        job.result.alias = name.isEmpty() ? QStringLiteral("local") : name;
        jobs.push_back(std::move(job));
    }
    QSet<QString> explicitAliases;
    for (const auto& h : m_options.hosts)
        if (!h.alias.isEmpty())
            explicitAliases.insert(h.alias);
    QSet<QString> taken;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        Job& job = jobs[i];
        job.index = i;
        QString alias = m_options.anonymizeHosts ? QStringLiteral("host%1").arg(i + 1) : job.result.alias;
        const bool isExplicit = !m_options.anonymizeHosts && job.remote && !job.host.alias.isEmpty();
        if (!isExplicit) {
            // Derived names: the same host twice (two ports) or two folders
            // with the same name get -2, -3, ...
            const QString base = alias;
            for (int n = 2; taken.contains(alias) || explicitAliases.contains(alias) || !aliasProblem(alias).isEmpty();
                 ++n)
                alias = (aliasProblem(base).isEmpty() ? base : QStringLiteral("host")) + QStringLiteral("-%1").arg(n);
        }
        taken.insert(alias);
        job.result.alias = alias;
        job.result.status = QStringLiteral("pending");
        if (const auto it = m_state->previous.find(alias); it != m_state->previous.end())
            job.previous = &it->second;
    }
    m_state->hosts.resize(jobs.size());
    for (auto& job : jobs) {
        job.result.realHost =
            job.remote ? job.host.display() : QDir::cleanPath(QFileInfo(job.localDir).absoluteFilePath());
        job.result.kind = job.remote ? QStringLiteral("ssh") : QStringLiteral("local");
        job.result.source = job.remote ? m_options.remotePath : job.result.realHost;
        m_state->hosts[job.index] = job.result;
    }

    if (!m_options.dryRun) {
        if (!QDir().mkpath(m_state->outDir) || !QFileInfo(m_state->outDir).isDir()) {
            result.fatalError = Tr::tr("cannot create the output folder %1").arg(m_state->outDir);
            return result;
        }
        if (m_options.anonymizeHosts) {
            // MindInsight's format: "real-host alias" per line. Real names with
            // spaces (local folders) are written with '_' so the line stays two words.
            QSaveFile f(QDir(m_state->outDir).filePath(hostMappingFileName()));
            if (f.open(QIODevice::WriteOnly)) {
                static const QRegularExpression space(QStringLiteral("\\s"));
                for (const auto& job : jobs) {
                    QString real = job.remote
                        ? job.host.host
                        : QFileInfo(QDir::cleanPath(QFileInfo(job.localDir).absoluteFilePath())).fileName();
                    real.replace(space, QStringLiteral("_"));
                    f.write((real + QLatin1Char(' ') + job.result.alias + QLatin1Char('\n')).toUtf8());
                }
                if (!f.commit()) {
                    result.fatalError = Tr::tr("cannot write %1: %2").arg(f.fileName(), f.errorString());
                    return result;
                }
            } else {
                result.fatalError = Tr::tr("cannot write %1: %2").arg(f.fileName(), f.errorString());
                return result;
            }
        }
        QMutexLocker lock(&m_state->mutex);
        if (!writeManifest()) {
            result.fatalError = m_state->writeError;
            return result;
        }
    }

    QThreadPool pool;
    pool.setMaxThreadCount(std::max(1, m_options.jobs));
    QList<QFuture<void>> futures;
    for (auto& job : jobs)
        futures << QtConcurrent::run(&pool, [this, &job] { runJob(job); });
    for (auto& f : futures)
        f.waitForFinished();

    {
        QMutexLocker lock(&m_state->mutex);
        if (!m_options.dryRun && !writeManifest())
            result.fatalError = m_state->writeError;
        result.hosts = m_state->hosts;
    }
    return result;
}

} // namespace profscope
