// SPDX-License-Identifier: Apache-2.0
// What to collect: the options' problems, the summary-only filter and the
// rank folders of one host with their destinations under OUT_DIR.
#include "collectorinternal.h"

#include "remotecommand.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace profscope {

namespace collectdetail {

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
QString copyMode(const CollectOptions& options)
{
    if (options.summarize)
        return QStringLiteral("profscope-summary");
    return options.summaryOnly ? QStringLiteral("summary") : QStringLiteral("full");
}

void renameForSummaries(std::vector<RankFolderResult>& ranks)
{
    for (RankFolderResult& r : ranks)
        if (!r.relativePath.endsWith(QLatin1String(".summary")))
            r.relativePath += QLatin1String(".summary");
}

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

} // namespace collectdetail

using namespace collectdetail;

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
    if (m_options.summarize && m_options.summaryOnly)
        problems << Tr::tr("--summarize and --summary-only exclude each other: --summarize copies only the summaries "
                           "computed on the host, --summary-only the profiler's own small files");
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

} // namespace profscope
