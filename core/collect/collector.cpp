// SPDX-License-Identifier: Apache-2.0
#include "collector.h"

#include "../load/discovery.h"
#include "../load/profileloader.h"
#include "remotecommand.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMutex>
#include <QProcess>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSet>
#include <QStandardPaths>
#include <QThreadPool>
#include <QtConcurrent>

#include <algorithm>
#include <map>

namespace profscope {

namespace {

    struct Tr
    {
        Q_DECLARE_TR_FUNCTIONS(profscope::Collector)
    };

    // Markers in the NUL-separated output of remote listings. Every listed path
    // starts with '/' or '.', so neither can be a path. The first one skips
    // whatever the remote shell's startup files print before our command runs.
    const char kListingBegin[] = "--profscope-begin--";
    const char kListingSentinel[] = "--profscope-files--";
    const char kManifestFormat[] = "profscope-collect-manifest";
    constexpr int kManifestVersion = 1;
    // Throttle for rewriting the manifest while ranks complete: a lost record
    // only means the rank is checked and re-synced again on resume.
    constexpr qint64 kManifestIntervalMs = 3000;

    QString isoNow()
    {
        return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    }

    QString humanBytes(qint64 bytes)
    {
        if (bytes >= (qint64(1) << 30))
            return QString::number(double(bytes) / double(qint64(1) << 30), 'f', 2) + QStringLiteral(" GiB");
        if (bytes >= (1 << 20))
            return QString::number(double(bytes) / double(1 << 20), 'f', 1) + QStringLiteral(" MiB");
        if (bytes >= 1024)
            return QString::number(double(bytes) / 1024.0, 'f', 1) + QStringLiteral(" KiB");
        return QString::number(bytes) + QStringLiteral(" B");
    }

    struct ProcessResult
    {
        bool started = false;
        int exitCode = -1; // -1 when it crashed or did not start
        QByteArray out;
        QByteArray err;
        QString startError;
    };

    // Runs one program with an argument list (never a shell), stdin from
    // /dev/null so nothing can wait for input.
    ProcessResult runProcess(const QString& program, const QStringList& args)
    {
        ProcessResult r;
        QProcess p;
        p.setProgram(program);
        p.setArguments(args);
        p.setStandardInputFile(QProcess::nullDevice());
        p.start();
        if (!p.waitForStarted(60000)) {
            r.startError = p.errorString();
            return r;
        }
        r.started = true;
        // No overall timeout: transfers can take hours. ssh's ConnectTimeout and
        // ServerAlive options end dead connections.
        p.waitForFinished(-1);
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        return r;
    }

    // A remote command line that first prints the begin marker.
    QString withBeginMarker(const QString& commandLine)
    {
        return shellCommand({ QStringLiteral("printf"), QStringLiteral("%s\\0"), QString::fromLatin1(kListingBegin) })
            + QStringLiteral("; ") + commandLine;
    }

    // The NUL-separated records a remote command printed after the begin marker.
    QList<QByteArray> remoteRecords(const QByteArray& out)
    {
        const QByteArray marker = QByteArray(kListingBegin) + '\0';
        QByteArray data = out;
        if (const qsizetype at = out.indexOf(marker); at >= 0)
            data = out.mid(at + marker.size());
        QList<QByteArray> records;
        for (const QByteArray& r : data.split('\0'))
            if (!r.isEmpty())
                records << r;
        return records;
    }

    // The last few lines a program wrote to stderr, for one-line error reports.
    QString errorTail(const QByteArray& err, int maxLines = 3)
    {
        QStringList lines;
        for (const QByteArray& line : err.split('\n')) {
            const QString t = QString::fromUtf8(line).trimmed();
            if (!t.isEmpty())
                lines << t;
        }
        while (lines.size() > maxLines)
            lines.removeFirst();
        return lines.join(QStringLiteral(" / "));
    }

    QString processError(const QString& what, const ProcessResult& r)
    {
        if (!r.started)
            return Tr::tr("%1 could not be started: %2").arg(what, r.startError);
        const QString tail = errorTail(r.err);
        if (r.exitCode < 0)
            return Tr::tr("%1 crashed%2").arg(what, tail.isEmpty() ? QString() : QStringLiteral(": ") + tail);
        return Tr::tr("%1 failed (exit code %2)%3")
            .arg(what)
            .arg(r.exitCode)
            .arg(tail.isEmpty() ? QString() : QStringLiteral(": ") + tail);
    }

    // ssh exits with 255 for its own errors (unreachable, authentication, host
    // key); anything else is the remote command's exit code.
    QString sshError(const ProcessResult& r)
    {
        const QString tail = errorTail(r.err);
        if (!r.started)
            return Tr::tr("ssh could not be started: %1").arg(r.startError);
        return Tr::tr("ssh failed: %1").arg(tail.isEmpty() ? Tr::tr("exit code %1").arg(r.exitCode) : tail);
    }

    QString lastComponent(const QString& path)
    {
        const int slash = path.lastIndexOf(QLatin1Char('/'));
        return slash < 0 ? path : path.mid(slash + 1);
    }

    QString parentOf(const QString& path)
    {
        const int slash = path.lastIndexOf(QLatin1Char('/'));
        if (slash < 0)
            return QStringLiteral(".");
        if (slash == 0)
            return QStringLiteral("/");
        return path.left(slash);
    }

    // PATTERN as the remote side sees it: "~/x" and relative paths are relative
    // to the login folder, and a leading "./" keeps a name like "-x" from being
    // read as a find option.
    QString normalizeRemoteBase(QString p)
    {
        if (p == QLatin1String("~"))
            return QStringLiteral(".");
        if (p.startsWith(QLatin1String("~/")))
            p = p.mid(2);
        while (p.size() > 1 && p.endsWith(QLatin1Char('/')))
            p.chop(1);
        if (p.isEmpty() || p == QLatin1String("."))
            return QStringLiteral(".");
        if (!p.startsWith(QLatin1Char('/')) && !p.startsWith(QLatin1String("./")))
            p = QStringLiteral("./") + p;
        return p;
    }

    // Outer folders win: a rank folder inside another one is copied with it.
    QStringList dropNested(QStringList folders)
    {
        folders.sort();
        folders.removeDuplicates();
        QStringList out;
        for (const auto& f : folders) {
            bool nested = false;
            for (const auto& o : out) {
                const QString prefix = o.endsWith(QLatin1Char('/')) ? o : o + QLatin1Char('/');
                nested = nested || f.startsWith(prefix);
            }
            if (!nested)
                out << f;
        }
        return out;
    }

    // Every regular file below root (symbolic links are neither copied nor
    // followed), with size and SHA-256, sorted by relative path.
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

    // Local counterpart of `rsync -rt` (with the --summary-only filter).
    bool copyTreeLocal(const QString& from, const QString& to, bool summaryOnly, qint64 maxBytes, int depth,
        int* copied, QString* error)
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

    // A rank folder the manifest says is complete and whose files are all still
    // there with their recorded sizes. (Contents are not re-hashed: that would
    // read every byte again on each resume.)
    bool stillComplete(const RankFolderResult& r, const QString& outDir, bool summaryWanted)
    {
        if (!r.complete || r.files.empty())
            return false;
        if (r.mode == QLatin1String("summary") && !summaryWanted)
            return false; // a full copy is wanted now
        const QDir root(QDir(outDir).filePath(r.relativePath));
        for (const auto& f : r.files) {
            const QFileInfo info(root.filePath(f.path));
            if (!info.isFile() || info.size() != f.size)
                return false;
        }
        return true;
    }

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

    // A path under OUT_DIR that the collector may delete: strictly inside
    // OUT_DIR/<alias>/, never OUT_DIR or the alias folder themselves.
    bool isRemovableCopy(const QString& outDir, const QString& alias, const QString& path)
    {
        const QString aliasDir = QDir::cleanPath(QDir(outDir).filePath(alias)) + QLatin1Char('/');
        const QString clean = QDir::cleanPath(path);
        return clean.startsWith(aliasDir) && clean.size() > aliasDir.size();
    }

} // namespace

// ---------------------------------------------------------------------------

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

QString sshOptionProblem(const QString& keyValue)
{
    static const QRegularExpression form(QStringLiteral("^([A-Za-z][A-Za-z0-9]*)=(.+)$"));
    const auto m = form.match(keyValue);
    if (!m.hasMatch())
        return Tr::tr("--ssh-option expects KEY=VALUE, got \"%1\"").arg(keyValue);
    for (const QChar c : keyValue)
        if (c.unicode() < 0x20)
            return Tr::tr("--ssh-option \"%1\" contains a control character").arg(keyValue);
    const QString key = m.captured(1).toLower();
    const QString value = m.captured(2).trimmed().toLower();
    if (key == QLatin1String("stricthostkeychecking")
        && (value == QLatin1String("no") || value == QLatin1String("off") || value == QLatin1String("false")))
        return Tr::tr(
            "host keys are always checked: StrictHostKeyChecking=%1 is refused. Add the hosts to a known_hosts "
            "file (--known-hosts FILE), or accept keys on first use with StrictHostKeyChecking=accept-new")
            .arg(m.captured(2));
    if (key == QLatin1String("userknownhostsfile") && value == QLatin1String("/dev/null"))
        return Tr::tr("UserKnownHostsFile=/dev/null would turn host key checking into a formality; "
                      "give a real file with --known-hosts FILE");
    if (key == QLatin1String("batchmode") && value != QLatin1String("yes"))
        return Tr::tr("BatchMode stays yes: the collector never prompts (use ssh keys or an agent)");
    return {};
}

// ---------------------------------------------------------------------------

struct Collector::State
{
    QMutex mutex; // hosts, manifest writes
    QMutex logMutex; // log lines
    std::vector<HostResult> hosts;
    std::map<QString, HostResult> previous; // alias -> host from the manifest of an earlier run
    QString outDir;
    QString startedAt;
    QElapsedTimer sinceWrite;
    QString writeError;
};

struct Collector::Job
{
    std::size_t index = 0;
    bool remote = false;
    HostEntry host; // remote
    QString localDir; // local
    HostResult result;
    const HostResult* previous = nullptr;
};

Collector::Collector(CollectOptions options, LogFunction log)
    : m_options(std::move(options))
    , m_log(std::move(log))
    , m_state(std::make_shared<State>())
{
}

QString Collector::manifestFileName()
{
    return QStringLiteral("profscope_manifest.json");
}

QString Collector::hostMappingFileName()
{
    return QStringLiteral("host_ips_mapping.txt");
}

QStringList Collector::summaryFilePatterns()
{
    // What the cluster views need without the traces: step times,
    // communication, statistics and the metadata that names the rank; for a
    // database export, its small summary databases (StepTraceTime,
    // CommAnalyzer*), not the per-rank profiler database.
    return { QStringLiteral("step_trace_time*.csv"), QStringLiteral("communication*.json"),
        QStringLiteral("analysis.db"), QStringLiteral("communication_analyzer.db"),
        QStringLiteral("op_statistic*.csv"), QStringLiteral("api_statistic*.csv"),
        QStringLiteral("profiler_info*.json"), QStringLiteral("profiler_metadata*.json"),
        QStringLiteral("step_trace_raw_*_detail_time.csv"), QStringLiteral("hccl_raw_*.csv") };
}

QStringList Collector::summaryExcludedFolders()
{
    // The profiler's raw inputs inside a rank folder; the deliverables are
    // next to them (ASCEND_PROFILER_OUTPUT).
    return { QStringLiteral("PROF_*"), QStringLiteral("FRAMEWORK"), QStringLiteral("logs") };
}

bool Collector::isSummaryExcludedFolder(const QString& folderName)
{
    static const std::vector<QRegularExpression> res = [] {
        std::vector<QRegularExpression> list;
        for (const auto& p : summaryExcludedFolders())
            list.emplace_back(QRegularExpression::wildcardToRegularExpression(p));
        return list;
    }();
    return std::any_of(
        res.begin(), res.end(), [&](const QRegularExpression& re) { return re.match(folderName).hasMatch(); });
}

bool Collector::isSummaryFile(const QString& fileName, qint64 size, qint64 maxBytes)
{
    if (size > maxBytes)
        return false;
    static const std::vector<QRegularExpression> res = [] {
        std::vector<QRegularExpression> list;
        for (const auto& p : summaryFilePatterns())
            list.emplace_back(QRegularExpression::wildcardToRegularExpression(p));
        return list;
    }();
    return std::any_of(
        res.begin(), res.end(), [&](const QRegularExpression& re) { return re.match(fileName).hasMatch(); });
}

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

QStringList Collector::sshOptionArguments(const HostEntry& host) const
{
    // ssh takes the first value it sees for an option: per-host values, then
    // the user's --ssh-option, then our defaults.
    QStringList args;
    const auto opt = [&args](const QString& kv) { args << QStringLiteral("-o") << kv; };
    if (!host.user.isEmpty())
        opt(QStringLiteral("User=") + host.user);
    if (host.port > 0)
        opt(QStringLiteral("Port=") + QString::number(host.port));
    for (const auto& kv : m_options.sshOptions)
        opt(kv);
    opt(QStringLiteral("BatchMode=yes"));
    opt(QStringLiteral("StrictHostKeyChecking=yes"));
    opt(QStringLiteral("ConnectTimeout=") + QString::number(std::max(1, m_options.connectTimeoutSeconds)));
    opt(QStringLiteral("ServerAliveInterval=15"));
    opt(QStringLiteral("ServerAliveCountMax=4"));
    opt(QStringLiteral("LogLevel=ERROR"));
    if (!m_options.knownHostsFile.isEmpty())
        opt(QStringLiteral("UserKnownHostsFile=")
            + sshConfigQuote(QFileInfo(m_options.knownHostsFile).absoluteFilePath()));
    if (!m_options.identityFile.isEmpty()) {
        args << QStringLiteral("-i") << sshPercentEscape(QFileInfo(m_options.identityFile).absoluteFilePath());
        opt(QStringLiteral("IdentitiesOnly=yes"));
    }
    return args;
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

QStringList Collector::validate() const
{
    QStringList problems;
    if (m_options.outDir.isEmpty())
        problems << Tr::tr("give the output folder OUT_DIR");
    if (m_options.hosts.empty() && m_options.localSources.isEmpty())
        problems << Tr::tr("nothing to collect: give --hosts FILE with --remote-path PATTERN, or --from DIR");
    if (!m_options.hosts.empty()) {
        const QString base = m_options.remotePath;
        if (base.isEmpty())
            problems << Tr::tr("--hosts needs --remote-path PATTERN (the remote folder holding the rank folders)");
        else if (hasGlob(parentOf(normalizeRemoteBase(base))))
            problems << Tr::tr("only the last component of --remote-path may contain wildcards: %1").arg(base);
        if (base.contains(QChar(0)))
            problems << Tr::tr("--remote-path contains a NUL character");
    } else if (!m_options.remotePath.isEmpty()) {
        problems << Tr::tr("--remote-path needs --hosts FILE");
    }
    for (const auto& kv : m_options.sshOptions)
        if (const QString why = sshOptionProblem(kv); !why.isEmpty())
            problems << why;
    for (const auto& [path, what] : { std::pair { m_options.knownHostsFile, QStringLiteral("--known-hosts") },
             std::pair { m_options.identityFile, QStringLiteral("--identity") } }) {
        if (path.isEmpty())
            continue;
        if (!QFileInfo(path).isFile())
            problems << Tr::tr("%1: %2 is not a file").arg(what, path);
        // ssh expands ${VAR} in these paths and offers no escape for it.
        if (path.contains(QLatin1String("${")))
            problems << Tr::tr("%1: ssh would expand \"${\" in %2; use a path without it").arg(what, path);
    }
    if (m_options.jobs < 1)
        problems << Tr::tr("--jobs must be at least 1");
    if (m_options.maxDepth < 0)
        problems << Tr::tr("--max-depth must not be negative");
    if (m_options.connectTimeoutSeconds < 1)
        problems << Tr::tr("--connect-timeout must be at least 1 second");
    if (m_options.summaryMaxBytes < 1)
        problems << Tr::tr("--summary-max-size must be positive");
    QSet<QString> aliases;
    for (const auto& h : m_options.hosts) {
        if (h.alias.isEmpty())
            continue;
        if (aliases.contains(h.alias))
            problems << Tr::tr("host alias \"%1\" is used twice in the hosts file").arg(h.alias);
        aliases.insert(h.alias);
    }
    // Collecting into a source would copy the copies.
    if (!m_options.outDir.isEmpty()) {
        const QString out = QDir::cleanPath(QFileInfo(m_options.outDir).absoluteFilePath()) + QLatin1Char('/');
        for (const auto& dir : m_options.localSources) {
            const QString src = QDir::cleanPath(QFileInfo(dir).absoluteFilePath()) + QLatin1Char('/');
            if (out.startsWith(src) || src.startsWith(out))
                problems << Tr::tr("OUT_DIR %1 and --from %2 overlap").arg(m_options.outDir, dir);
        }
    }
    return problems;
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
    if (m_options.resume && stillComplete(rank, m_state->outDir, m_options.summaryOnly)) {
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
    rank.mode = m_options.summaryOnly ? QStringLiteral("summary") : QStringLiteral("full");
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
                .arg(label, ids.join(QLatin1Char(',')), humanBytes(rank.bytes)));
    else
        log(Tr::tr("%1: failed: %2").arg(label, rank.error));
    record(job, false);
}

namespace {

    // A destination from an earlier manifest is only reused when it stays inside
    // OUT_DIR/<alias>/: the manifest is a file anyone could have edited.
    bool isSafeDestination(const QString& relativePath, const QString& alias)
    {
        if (!relativePath.startsWith(alias + QLatin1Char('/')))
            return false;
        const QStringList parts = relativePath.mid(alias.size() + 1).split(QLatin1Char('/'));
        return std::none_of(parts.begin(), parts.end(),
            [](const QString& p) { return p.isEmpty() || p == QLatin1String(".") || p == QLatin1String(".."); });
    }

    // The rank folders of one host for this run: each source (relative to the
    // host's base) with its full path, and a destination named after the folder
    // ("dup-N/name" when two sources share a name). Names an earlier run gave
    // (the manifest) are kept so a resumed run writes to the same place; ranks
    // of the earlier run not seen now stay listed after the current ones.
    std::vector<RankFolderResult> planRanks(
        const std::vector<std::pair<QString, QString>>& sources, const QString& alias, const HostResult* previous)
    {
        std::vector<RankFolderResult> ranks;
        QSet<QString> used;
        if (previous)
            for (const auto& r : previous->ranks)
                used.insert(r.relativePath);
        QSet<QString> seen;
        for (const auto& [source, fullPath] : sources) {
            RankFolderResult r;
            const auto it = previous ? std::find_if(previous->ranks.begin(), previous->ranks.end(),
                                // init-capture: clang < 16 (the fuzz preset) cannot capture a structured binding
                                [&wanted = source](const RankFolderResult& p) { return p.source == wanted; })
                                     : std::vector<RankFolderResult>::const_iterator {};
            if (previous && it != previous->ranks.end() && isSafeDestination(it->relativePath, alias)) {
                r = *it;
            } else {
                QString name = lastComponent(fullPath);
                if (name.isEmpty() || name == QLatin1String(".") || name == QLatin1String(".."))
                    name = QStringLiteral("rank-folder");
                QString rel = alias + QLatin1Char('/') + name;
                for (int n = 2; used.contains(rel); ++n)
                    rel = alias + QStringLiteral("/dup-%1/").arg(n) + name;
                used.insert(rel);
                r.relativePath = rel;
            }
            r.source = source;
            r.seenNow = true;
            r.copiedNow = r.skippedNow = false;
            seen.insert(r.relativePath);
            ranks.push_back(std::move(r));
        }
        if (previous)
            for (const auto& p : previous->ranks)
                if (!seen.contains(p.relativePath) && isSafeDestination(p.relativePath, alias)) {
                    RankFolderResult r = p;
                    r.seenNow = r.copiedNow = r.skippedNow = false;
                    ranks.push_back(std::move(r));
                }
        return ranks;
    }

} // namespace

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
    log(Tr::tr("[%1] %n rank folder(s) under %2", nullptr, int(sources.size())).arg(host.alias, dir));
    for (std::size_t i = 0; i < sources.size(); ++i) {
        const QString src = sources[i].second;
        handleRank(job, host.ranks[i], [&](RankFolderResult& r, QString& error) {
            int copied = 0;
            const QString dest = QDir(m_state->outDir).filePath(r.relativePath);
            const bool ok =
                copyTreeLocal(src, dest, m_options.summaryOnly, m_options.summaryMaxBytes, 0, &copied, &error);
            if (ok && !QFileInfo(dest).isDir())
                QDir().mkpath(dest); // --summary-only with nothing to copy: verification says so
            return ok;
        });
    }
}

void Collector::collectRemote(Job& job)
{
    HostResult& host = job.result;
    host.kind = QStringLiteral("ssh");
    host.realHost = job.host.display();
    host.source = m_options.remotePath;
    const auto fail = [&host](const QString& why) {
        host.status = QStringLiteral("failed");
        host.error = why;
    };
    const QString ssh = program(m_options.sshProgram, QStringLiteral("ssh"));
    if (ssh.isEmpty())
        return fail(Tr::tr("ssh is not installed (Debian: apt-get install openssh-client)"));
    const QStringList sshOpts = sshOptionArguments(job.host);
    const auto remote = [&](const QString& commandLine) {
        return runProcess(ssh, sshOpts + QStringList { QStringLiteral("--"), job.host.host, commandLine });
    };
    log(Tr::tr("[%1] connecting to %2").arg(host.alias, host.realHost));

    // 1) Reachable, authenticated, host key known? And is rsync there?
    const ProcessResult probe = remote(QStringLiteral("rsync --version"));
    if (!probe.started || probe.exitCode == 255 || probe.exitCode < 0)
        return fail(sshError(probe));
    const bool remoteRsync = probe.exitCode == 0;
    const QString rsync = program(m_options.rsyncProgram, QStringLiteral("rsync"));
    const QString scp = program(m_options.scpProgram, QStringLiteral("scp"));
    bool useRsync = false;
    switch (m_options.transfer) {
    case TransferMethod::Rsync:
        if (rsync.isEmpty())
            return fail(Tr::tr("rsync is not installed here (Debian: apt-get install rsync)"));
        if (!remoteRsync)
            return fail(Tr::tr("rsync is not installed on %1").arg(host.realHost));
        useRsync = true;
        break;
    case TransferMethod::Scp:
        break;
    case TransferMethod::Auto:
        useRsync = !rsync.isEmpty() && remoteRsync;
        if (!useRsync)
            log(Tr::tr("[%1] rsync is missing %2, copying with scp")
                    .arg(host.alias, rsync.isEmpty() ? Tr::tr("here") : Tr::tr("on the host")));
        break;
    }
    if (!useRsync && scp.isEmpty())
        return fail(Tr::tr("scp is not installed (Debian: apt-get install openssh-client)"));
    host.transfer = useRsync ? QStringLiteral("rsync") : QStringLiteral("scp");

    // 2) The base folders: PATTERN, or the folders its last component matches.
    const QString pattern = normalizeRemoteBase(m_options.remotePath);
    QStringList bases;
    QString relativeTo = pattern;
    if (hasGlob(lastComponent(pattern))) {
        relativeTo = parentOf(pattern);
        const ProcessResult glob =
            remote(withBeginMarker(shellCommand({ QStringLiteral("find"), relativeTo, QStringLiteral("-mindepth"),
                QStringLiteral("1"), QStringLiteral("-maxdepth"), QStringLiteral("1"), QStringLiteral("-type"),
                QStringLiteral("d"), QStringLiteral("-name"), lastComponent(pattern), QStringLiteral("-print0") })));
        if (glob.exitCode == 255 || glob.exitCode < 0)
            return fail(sshError(glob));
        for (const QByteArray& rec : remoteRecords(glob.out))
            bases << QFile::decodeName(rec);
        bases.sort();
        if (bases.isEmpty())
            return fail(Tr::tr("no folder matches %1%2")
                            .arg(m_options.remotePath,
                                glob.err.isEmpty() ? QString()
                                                   : QStringLiteral(" (") + errorTail(glob.err) + QLatin1Char(')')));
    } else {
        bases << pattern;
    }

    // 3) The rank folders below them.
    const ProcessResult listing = remote(listingCommandLine(bases));
    if (listing.exitCode == 255 || listing.exitCode < 0)
        return fail(sshError(listing));
    const QStringList folders = rankFoldersFromListing(listing.out);
    if (folders.isEmpty())
        return fail(Tr::tr("no profiler data found under %1%2")
                        .arg(m_options.remotePath,
                            listing.err.isEmpty() ? QString()
                                                  : QStringLiteral(" (") + errorTail(listing.err) + QLatin1Char(')')));
    if (!listing.err.isEmpty())
        log(Tr::tr("[%1] listing warnings: %2").arg(host.alias, errorTail(listing.err)));

    // Sources relative to the base keep the manifest free of host-specific
    // prefixes; the full remote path is used for the copy.
    std::vector<std::pair<QString, QString>> sources;
    for (const auto& f : folders) {
        QString rel = f.startsWith(relativeTo + QLatin1Char('/')) ? f.mid(relativeTo.size() + 1) : f;
        if (f == relativeTo)
            rel = QStringLiteral(".");
        sources.emplace_back(rel, f);
    }
    host.ranks = planRanks(sources, host.alias, job.previous);
    log(Tr::tr("[%1] %n rank folder(s) under %2", nullptr, int(sources.size())).arg(host.alias, m_options.remotePath));

    const QString hostSpec =
        job.host.host.contains(QLatin1Char(':')) ? QLatin1Char('[') + job.host.host + QLatin1Char(']') : job.host.host;
    const QString rsh = rsyncRshCommand(QStringList { ssh } + sshOpts);
    QStringList summaryFind; // scp --summary-only: which files to fetch
    for (const auto& p : summaryFilePatterns())
        summaryFind << (summaryFind.isEmpty() ? QStringList {} : QStringList { QStringLiteral("-o") })
                    << QStringLiteral("-name") << p;

    const auto copyRsync = [&](const QString& src, const QString& dest, QString& error) {
        QStringList args { QStringLiteral("-rt"), QStringLiteral("--protect-args"), QStringLiteral("-e"), rsh };
        if (m_options.summaryOnly) {
            args << QStringLiteral("--prune-empty-dirs")
                 << QStringLiteral("--max-size=") + QString::number(m_options.summaryMaxBytes);
            for (const auto& d : summaryExcludedFolders())
                args << QStringLiteral("--exclude=") + d + QLatin1Char('/');
            args << QStringLiteral("--include=*/");
            for (const auto& p : summaryFilePatterns())
                args << QStringLiteral("--include=") + p;
            args << QStringLiteral("--exclude=*");
        }
        // Trailing slashes: copy the folder's contents into dest, whatever its name.
        args << QStringLiteral("--") << hostSpec + QLatin1Char(':') + escapeRemoteGlob(src) + QLatin1Char('/')
             << dest + QLatin1Char('/');
        QDir().mkpath(dest);
        const ProcessResult r = runProcess(rsync, args);
        if (r.exitCode == 0)
            return true;
        if (r.exitCode == 24) { // some files vanished while copying: the profiler may still be writing
            error = Tr::tr("some files vanished during the copy: %1").arg(errorTail(r.err));
            return true;
        }
        error = processError(QStringLiteral("rsync"), r);
        return false;
    };

    const auto copyScp = [&](const QString& alias, const QString& src, const QString& dest, QString& error) {
        // scp cannot resume: a partial folder is removed and copied again.
        if (QFileInfo::exists(dest)) {
            if (!isRemovableCopy(m_state->outDir, alias, dest) || !QDir(dest).removeRecursively()) {
                error = Tr::tr("cannot remove the partial copy %1").arg(dest);
                return false;
            }
        }
        // -s: SFTP protocol, so remote paths never pass through a remote shell.
        const QStringList scpBase =
            QStringList { QStringLiteral("-s"), QStringLiteral("-p"), QStringLiteral("-B") } + sshOpts;
        if (!m_options.summaryOnly) {
            const ProcessResult r = runProcess(scp,
                scpBase
                    + QStringList { QStringLiteral("-r"), QStringLiteral("--"),
                        hostSpec + QLatin1Char(':') + escapeRemoteGlob(src), dest });
            if (r.exitCode != 0) {
                error = processError(QStringLiteral("scp"), r);
                return false;
            }
            return true;
        }
        QStringList find { QStringLiteral("find"), src, QStringLiteral("-type"), QStringLiteral("d"),
            QStringLiteral("(") };
        const QStringList excluded = summaryExcludedFolders();
        for (int i = 0; i < excluded.size(); ++i)
            find << (i > 0 ? QStringList { QStringLiteral("-o") } : QStringList {}) << QStringLiteral("-name")
                 << excluded[i];
        find << QStringLiteral(")") << QStringLiteral("-prune") << QStringLiteral("-o") << QStringLiteral("-type")
             << QStringLiteral("f") << QStringLiteral("(") << summaryFind << QStringLiteral(")")
             << QStringLiteral("-size") << QStringLiteral("-%1c").arg(m_options.summaryMaxBytes + 1)
             << QStringLiteral("-print0");
        const ProcessResult list = remote(withBeginMarker(shellCommand(find)));
        if (list.exitCode != 0) {
            error = list.exitCode == 255 ? sshError(list) : processError(QStringLiteral("find"), list);
            return false;
        }
        std::map<QString, QStringList> byFolder; // relative folder -> remote files
        for (const QByteArray& rec : remoteRecords(list.out)) {
            const QString path = QFile::decodeName(rec);
            if (!path.startsWith(src + QLatin1Char('/')))
                continue;
            const QString rel = path.mid(src.size() + 1);
            byFolder[rel.contains(QLatin1Char('/')) ? parentOf(rel) : QString()] << path;
        }
        QDir().mkpath(dest);
        for (const auto& [folder, files] : byFolder) {
            const QString target = folder.isEmpty() ? dest : dest + QLatin1Char('/') + folder;
            QDir().mkpath(target);
            QStringList args = scpBase + QStringList { QStringLiteral("--") };
            for (const auto& f : files)
                args << hostSpec + QLatin1Char(':') + escapeRemoteGlob(f);
            args << target + QLatin1Char('/');
            const ProcessResult r = runProcess(scp, args);
            if (r.exitCode != 0) {
                error = processError(QStringLiteral("scp"), r);
                return false;
            }
        }
        return true;
    };

    for (std::size_t i = 0; i < sources.size(); ++i) {
        const QString src = sources[i].second;
        handleRank(job, host.ranks[i], [&](RankFolderResult& r, QString& error) {
            const QString dest = QDir(m_state->outDir).filePath(r.relativePath);
            return useRsync ? copyRsync(src, dest, error) : copyScp(host.alias, src, dest, error);
        });
    }
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
    if (QFileInfo::exists(manifestPath)) {
        QFile f(manifestPath);
        QJsonParseError error {};
        const QJsonDocument doc =
            f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll(), &error) : QJsonDocument();
        if (doc.isObject()
            && doc.object().value(QStringLiteral("format")).toString() == QLatin1String(kManifestFormat)) {
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
