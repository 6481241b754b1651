// SPDX-License-Identifier: Apache-2.0
// OUT_DIR/profscope_manifest.json: what each run copied and verified, so an
// interrupted run resumes where it stopped.
#include "collectorinternal.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QSet>

namespace profscope {

namespace {

    const char kManifestFormat[] = "profscope-collect-manifest";
    constexpr int kManifestVersion = 1;
    // Throttle for rewriting the manifest while ranks complete: a lost record
    // only means the rank is checked and re-synced again on resume.
    constexpr qint64 kManifestIntervalMs = 3000;

    QJsonObject rankToJson(const RankFolderResult& r)
    {
        QJsonObject o;
        o[QStringLiteral("source")] = r.source;
        o[QStringLiteral("path")] = r.relativePath;
        o[QStringLiteral("mode")] = r.mode;
        o[QStringLiteral("status")] = r.status;
        if (!r.error.isEmpty())
            o[QStringLiteral("error")] = r.error;
        o[QStringLiteral("complete")] = r.complete;
        o[QStringLiteral("copies")] = r.copies;
        QJsonArray ids;
        for (int id : r.rankIds)
            ids.append(id);
        o[QStringLiteral("rankIds")] = ids;
        o[QStringLiteral("bytes")] = double(r.bytes);
        if (r.copiedAt.isValid())
            o[QStringLiteral("copiedAt")] = r.copiedAt.toString(Qt::ISODateWithMs);
        if (r.verifiedAt.isValid())
            o[QStringLiteral("verifiedAt")] = r.verifiedAt.toString(Qt::ISODateWithMs);
        QJsonArray files;
        for (const auto& f : r.files) {
            QJsonObject fo;
            fo[QStringLiteral("path")] = f.path;
            fo[QStringLiteral("size")] = double(f.size);
            fo[QStringLiteral("sha256")] = f.sha256;
            files.append(fo);
        }
        o[QStringLiteral("files")] = files;
        return o;
    }

    RankFolderResult rankFromJson(const QJsonObject& o)
    {
        RankFolderResult r;
        r.source = o.value(QStringLiteral("source")).toString();
        r.relativePath = o.value(QStringLiteral("path")).toString();
        r.mode = o.value(QStringLiteral("mode")).toString();
        r.status = o.value(QStringLiteral("status")).toString();
        r.error = o.value(QStringLiteral("error")).toString();
        r.complete = o.value(QStringLiteral("complete")).toBool();
        r.copies = o.value(QStringLiteral("copies")).toInt();
        for (const auto& v : o.value(QStringLiteral("rankIds")).toArray())
            r.rankIds.push_back(v.toInt(-1));
        r.bytes = qint64(o.value(QStringLiteral("bytes")).toDouble());
        r.copiedAt = QDateTime::fromString(o.value(QStringLiteral("copiedAt")).toString(), Qt::ISODateWithMs);
        r.verifiedAt = QDateTime::fromString(o.value(QStringLiteral("verifiedAt")).toString(), Qt::ISODateWithMs);
        for (const auto& v : o.value(QStringLiteral("files")).toArray()) {
            const QJsonObject fo = v.toObject();
            r.files.push_back({ fo.value(QStringLiteral("path")).toString(),
                qint64(fo.value(QStringLiteral("size")).toDouble()), fo.value(QStringLiteral("sha256")).toString() });
        }
        return r;
    }

} // namespace

using namespace collectdetail;

// A rank folder the manifest says is complete and whose files are all still
// there with their recorded sizes. (Contents are not re-hashed: that would
// read every byte again on each resume.)
bool collectdetail::stillComplete(const RankFolderResult& r, const QString& outDir, const QString& wantedMode)
{
    if (!r.complete || r.files.empty())
        return false;
    // A full copy serves a --summary-only run; any other change of mode copies again.
    if (r.mode != wantedMode && !(r.mode == QLatin1String("full") && wantedMode == QLatin1String("summary")))
        return false;
    const QDir root(QDir(outDir).filePath(r.relativePath));
    for (const auto& f : r.files) {
        const QFileInfo info(root.filePath(f.path));
        if (!info.isFile() || info.size() != f.size)
            return false;
    }
    return true;
}

QString Collector::manifestFileName()
{
    return QStringLiteral("profscope_manifest.json");
}

QJsonObject Collector::hostToJson(const HostResult& host, bool anonymized)
{
    QJsonObject o;
    o[QStringLiteral("alias")] = host.alias;
    if (!anonymized) {
        o[QStringLiteral("host")] = host.realHost;
        o[QStringLiteral("source")] = host.source;
    } else if (host.kind == QLatin1String("ssh")) {
        o[QStringLiteral("source")] = host.source; // the remote PATTERN is the same for every host
    }
    o[QStringLiteral("kind")] = host.kind;
    o[QStringLiteral("transfer")] = host.transfer;
    o[QStringLiteral("status")] = host.status;
    if (!host.error.isEmpty())
        o[QStringLiteral("error")] = host.error;
    if (host.startedAt.isValid())
        o[QStringLiteral("startedAt")] = host.startedAt.toString(Qt::ISODateWithMs);
    if (host.finishedAt.isValid())
        o[QStringLiteral("finishedAt")] = host.finishedAt.toString(Qt::ISODateWithMs);
    o[QStringLiteral("totalBytes")] = double(host.totalBytes());
    QJsonArray ranks;
    for (const auto& r : host.ranks)
        ranks.append(rankToJson(r));
    o[QStringLiteral("rankFolders")] = ranks;
    return o;
}

HostResult Collector::hostFromJson(const QJsonObject& o)
{
    HostResult h;
    h.alias = o.value(QStringLiteral("alias")).toString();
    h.realHost = o.value(QStringLiteral("host")).toString();
    h.kind = o.value(QStringLiteral("kind")).toString();
    h.source = o.value(QStringLiteral("source")).toString();
    h.transfer = o.value(QStringLiteral("transfer")).toString();
    h.status = o.value(QStringLiteral("status")).toString();
    h.error = o.value(QStringLiteral("error")).toString();
    h.startedAt = QDateTime::fromString(o.value(QStringLiteral("startedAt")).toString(), Qt::ISODateWithMs);
    h.finishedAt = QDateTime::fromString(o.value(QStringLiteral("finishedAt")).toString(), Qt::ISODateWithMs);
    for (const auto& v : o.value(QStringLiteral("rankFolders")).toArray())
        h.ranks.push_back(rankFromJson(v.toObject()));
    return h;
}

void Collector::readPreviousManifest(const QString& manifestPath)
{
    if (!QFileInfo::exists(manifestPath))
        return;
    QFile f(manifestPath);
    QJsonParseError error {};
    const QJsonDocument doc =
        f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll(), &error) : QJsonDocument();
    if (doc.isObject() && doc.object().value(QStringLiteral("format")).toString() == QLatin1String(kManifestFormat)) {
        m_state->startedAt = doc.object().value(QStringLiteral("startedAt")).toString(m_state->startedAt);
        for (const auto& v : doc.object().value(QStringLiteral("hosts")).toArray()) {
            HostResult h = hostFromJson(v.toObject());
            if (!h.alias.isEmpty())
                m_state->previous[h.alias] = std::move(h);
        }
    } else {
        log(Tr::tr("warning: %1 is not a collector manifest; every rank is copied again").arg(manifestPath));
    }
}

bool Collector::writeManifest()
{
    // Called with m_state->mutex held.
    QJsonObject root;
    root[QStringLiteral("format")] = QString::fromLatin1(kManifestFormat);
    root[QStringLiteral("version")] = kManifestVersion;
    root[QStringLiteral("tool")] = QStringLiteral("profscope-cli %1").arg(QStringLiteral(PROFSCOPE_VERSION));
    root[QStringLiteral("startedAt")] = m_state->startedAt;
    root[QStringLiteral("updatedAt")] = isoNow();
    root[QStringLiteral("summaryOnly")] = m_options.summaryOnly;
    root[QStringLiteral("anonymized")] = m_options.anonymizeHosts;
    bool complete = true;
    QJsonArray hosts;
    QSet<QString> written;
    for (const auto& h : m_state->hosts) {
        hosts.append(hostToJson(h, m_options.anonymizeHosts));
        complete = complete && h.ok();
        written.insert(h.alias);
    }
    // Hosts of an earlier run that are not part of this one stay listed:
    // their folders are still in OUT_DIR.
    for (const auto& [alias, h] : m_state->previous)
        if (!written.contains(alias))
            hosts.append(hostToJson(h, m_options.anonymizeHosts));
    root[QStringLiteral("complete")] = complete;
    root[QStringLiteral("hosts")] = hosts;
    QSaveFile f(QDir(m_state->outDir).filePath(manifestFileName()));
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(root).toJson(QJsonDocument::Indented)) < 0
        || !f.commit()) {
        m_state->writeError = Tr::tr("cannot write %1: %2").arg(f.fileName(), f.errorString());
        return false;
    }
    m_state->sinceWrite.restart();
    return true;
}

void Collector::record(const Job& job, bool force)
{
    QMutexLocker lock(&m_state->mutex);
    m_state->hosts[job.index] = job.result;
    if (m_options.dryRun)
        return;
    if (force || m_state->sinceWrite.elapsed() >= kManifestIntervalMs)
        writeManifest();
}

} // namespace profscope
