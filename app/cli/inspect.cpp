// SPDX-License-Identifier: Apache-2.0
#include "inspect.h"

#include "output.h"

#include "load/profileloader.h"
#include "load/tracecache.h"
#include "parse/tracekernel.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>
#include <map>

namespace profscope::cli {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::cli::Inspect)
};

struct RankSummary
{
    qint64 slices = 0;
    qint64 counters = 0;
    qint64 flows = 0;
    std::vector<std::pair<QString, qint64>> slicesPerProcess;
    std::vector<std::pair<QString, qint64>> flowsPerCategory;
    std::array<qint64, 128> phases {};
    qint64 kernels = 0;
    qint64 steps = 0;
    qint64 memoryRecords = 0;
    qint64 operatorMemory = 0;
    qint64 commOps = 0;
    qint64 commLinks = 0;
    qint64 legacySteps = 0;
};

// The old MindInsight rank's step trace companions and timeline summary, as
// the files state them.
QStringList legacyLines(const LegacyData& legacy)
{
    QStringList lines;
    const LegacyStepTrace& st = legacy.stepTrace;
    if (!st.points.fpStart.isEmpty() || !st.points.bpEnd.isEmpty())
        lines << Tr::tr("step trace points: FP starts at %1, BP ends at %2")
                     .arg(st.points.fpStart.isEmpty() ? QStringLiteral("-") : st.points.fpStart,
                          st.points.bpEnd.isEmpty() ? QStringLiteral("-") : st.points.bpEnd);
    if (st.minCycleCounterTicks >= 0)
        lines << Tr::tr("device counter at trace time 0: %1 ticks").arg(st.minCycleCounterTicks);
    const LegacyTimelineSummary& s = legacy.timelineSummary;
    if (s.present)
        lines << Tr::tr("timeline summary: %1 op executions, %2 streams, %3 ops, %4 ms of op time")
                     .arg(s.opExeTimes)
                     .arg(s.numOfStreams)
                     .arg(s.numOfOps)
                     .arg(s.totalTimeUs / 1000.0, 0, 'f', 3);
    if (!legacy.opComputeTimes.ops.empty() || !legacy.opComputeTimes.types.empty())
        lines << Tr::tr("op compute time: %1 ops, %2 op types, %3 ms in total per step")
                     .arg(legacy.opComputeTimes.ops.size())
                     .arg(legacy.opComputeTimes.types.size())
                     .arg(legacy.opComputeTimes.totalTimeMs, 0, 'f', 3);
    return lines;
}

QJsonObject legacyJson(const LegacyData& legacy)
{
    QJsonObject o;
    const LegacyStepTrace& st = legacy.stepTrace;
    if (!st.points.fpStart.isEmpty() || !st.points.bpEnd.isEmpty()) {
        QJsonObject points;
        points[QStringLiteral("fpStart")] = st.points.fpStart;
        points[QStringLiteral("bpEnd")] = st.points.bpEnd;
        o[QStringLiteral("stepTracePoints")] = points;
    }
    if (st.minCycleCounterTicks >= 0)
        o[QStringLiteral("minCycleCounterTicks")] = double(st.minCycleCounterTicks);
    const LegacyTimelineSummary& s = legacy.timelineSummary;
    if (s.present) {
        QJsonObject summary;
        summary[QStringLiteral("opExeTimes")] = double(s.opExeTimes);
        summary[QStringLiteral("numOfStreams")] = double(s.numOfStreams);
        summary[QStringLiteral("numOfOps")] = double(s.numOfOps);
        summary[QStringLiteral("totalTimeUs")] = s.totalTimeUs;
        o[QStringLiteral("timelineSummary")] = summary;
    }
    if (!legacy.opComputeTimes.isEmpty()) {
        QJsonObject times;
        times[QStringLiteral("ops")] = double(legacy.opComputeTimes.ops.size());
        times[QStringLiteral("types")] = double(legacy.opComputeTimes.types.size());
        times[QStringLiteral("details")] = double(legacy.opComputeTimes.details.size());
        if (!std::isnan(legacy.opComputeTimes.totalTimeMs))
            times[QStringLiteral("totalTimeMs")] = legacy.opComputeTimes.totalTimeMs;
        o[QStringLiteral("opComputeTime")] = times;
    }
    return o;
}

RankSummary summarize(const RankData& rank)
{
    RankSummary s;
    const TraceData& t = rank.trace;
    for (const auto& p : t.processes) {
        qint64 n = 0;
        for (const auto& th : p.threads)
            n += qint64(th.slices.size());
        for (const auto& c : p.counters)
            s.counters += qint64(c.tsNs.size());
        s.slices += n;
        if (n > 0)
            s.slicesPerProcess.emplace_back(p.displayName(), n);
    }
    s.flows = qint64(t.flows.size());
    s.flowsPerCategory = t.stats.flowsByCategory;
    s.phases = t.stats.eventsByPhase;
    s.kernels = rank.kernels ? qint64(rank.kernels->size()) : 0;
    s.steps = qint64(rank.stepTrace.size());
    s.memoryRecords = rank.memoryRecords ? qint64(rank.memoryRecords->size()) : 0;
    s.operatorMemory = rank.operatorMemory ? qint64(rank.operatorMemory->size()) : 0;
    s.commOps = qint64(rank.communication.size());
    s.commLinks = qint64(rank.communicationMatrix.size());
    s.legacySteps = qint64(rank.legacy.stepTrace.rows.size());
    return s;
}

QString humanBytes(qint64 bytes)
{
    if (bytes >= (1 << 20))
        return QString::number(double(bytes) / double(1 << 20), 'f', 1) + QStringLiteral(" MiB");
    if (bytes >= 1024)
        return QString::number(double(bytes) / 1024.0, 'f', 1) + QStringLiteral(" KiB");
    return QString::number(bytes) + QStringLiteral(" B");
}

QString rankTitle(const RankInfo& info)
{
    QString title = info.rankId >= 0 ? Tr::tr("rank %1").arg(info.rankId) : Tr::tr("rank ?");
    QStringList extra;
    if (info.deviceId >= 0)
        extra << Tr::tr("device %1").arg(info.deviceId);
    if (!info.host.isEmpty())
        extra << Tr::tr("host %1").arg(info.host);
    extra << rankLayoutName(info.layout);
    if (!info.profilerLevel.isEmpty())
        extra << info.profilerLevel;
    if (info.dbOnly)
        extra << Tr::tr("database export only");
    return title + QStringLiteral(" (") + extra.join(QStringLiteral(", ")) + QLatin1Char(')');
}

} // namespace

QJsonObject profileToJson(const Profile& profile)
{
    QJsonObject root;
    root[QStringLiteral("root")] = profile.rootPath;
    root[QStringLiteral("canceled")] = profile.report.canceled;
    if (profile.partial.isPartial()) {
        // A partial import (--steps / --ranks): what was asked for and found.
        const PartialProfile& p = profile.partial;
        QJsonObject partial;
        partial[QStringLiteral("description")] = p.describe(int(profile.ranks.size()));
        if (p.filter.hasSteps()) {
            partial[QStringLiteral("firstStep")] = p.filter.firstStep;
            partial[QStringLiteral("lastStep")] = p.filter.lastStep;
        }
        QJsonArray ranksAsked, found, kept;
        for (int id : p.filter.rankIds)
            ranksAsked.append(id);
        for (qint64 s : p.stepsFound)
            found.append(s);
        for (qint64 s : p.stepsKept)
            kept.append(s);
        partial[QStringLiteral("ranks")] = ranksAsked;
        partial[QStringLiteral("ranksFound")] = p.ranksFound;
        partial[QStringLiteral("stepsFound")] = found;
        partial[QStringLiteral("stepsSought")] = p.stepsSought;
        partial[QStringLiteral("stepsKept")] = kept;
        root[QStringLiteral("partial")] = partial;
    }
    QJsonArray ranks;
    for (std::size_t i = 0; i < profile.ranks.size(); ++i) {
        const RankData& rank = *profile.ranks[i];
        const RankSummary s = summarize(rank);
        QJsonObject r;
        r[QStringLiteral("index")] = int(i);
        r[QStringLiteral("rankId")] = rank.info.rankId;
        r[QStringLiteral("deviceId")] = rank.info.deviceId;
        r[QStringLiteral("host")] = rank.info.host;
        r[QStringLiteral("layout")] = rankLayoutName(rank.info.layout);
        r[QStringLiteral("path")] = rank.info.rootPath;
        r[QStringLiteral("framework")] = rank.info.framework;
        r[QStringLiteral("profilerLevel")] = rank.info.profilerLevel;
        r[QStringLiteral("dbOnly")] = rank.info.dbOnly;
        QJsonObject phases;
        for (const char* p = kReportedPhases; *p; ++p)
            if (s.phases[std::uint8_t(*p)] > 0)
                phases[QString(QLatin1Char(*p))] = double(s.phases[std::uint8_t(*p)]);
        r[QStringLiteral("eventsByPhase")] = phases;
        QJsonObject perProcess;
        for (const auto& [name, n] : s.slicesPerProcess)
            perProcess[name] = double(n + qint64(perProcess.value(name).toDouble()));
        r[QStringLiteral("slicesPerProcess")] = perProcess;
        QJsonObject perCategory;
        for (const auto& [name, n] : s.flowsPerCategory)
            perCategory[name.isEmpty() ? QStringLiteral("(none)") : name] = double(n);
        r[QStringLiteral("flowsPerCategory")] = perCategory;
        r[QStringLiteral("slices")] = double(s.slices);
        r[QStringLiteral("counterPoints")] = double(s.counters);
        r[QStringLiteral("flows")] = double(s.flows);
        r[QStringLiteral("kernels")] = double(s.kernels);
        r[QStringLiteral("steps")] = double(s.steps);
        r[QStringLiteral("memoryRecords")] = double(s.memoryRecords);
        r[QStringLiteral("operatorMemory")] = double(s.operatorMemory);
        r[QStringLiteral("communicationOps")] = double(s.commOps);
        r[QStringLiteral("communicationLinks")] = double(s.commLinks);
        r[QStringLiteral("legacySteps")] = double(s.legacySteps);
        if (const QJsonObject legacy = legacyJson(rank.legacy); !legacy.isEmpty())
            r[QStringLiteral("legacy")] = legacy;
        ranks.append(r);
    }
    root[QStringLiteral("ranks")] = ranks;
    QJsonArray files;
    for (const auto& f : profile.report.files) {
        QJsonObject o;
        o[QStringLiteral("path")] = f.path;
        o[QStringLiteral("kind")] = f.kind;
        o[QStringLiteral("rank")] = f.rankIndex;
        o[QStringLiteral("status")] = fileStatusName(f.status);
        if (!f.reason.isEmpty())
            o[QStringLiteral("reason")] = f.reason;
        if (f.line > 0)
            o[QStringLiteral("line")] = double(f.line);
        if (f.byteOffset >= 0)
            o[QStringLiteral("byteOffset")] = double(f.byteOffset);
        o[QStringLiteral("sizeBytes")] = double(f.sizeBytes);
        o[QStringLiteral("parseMs")] = f.parseMs;
        if (TraceCache::isFromCache(f))
            o[QStringLiteral("fromCache")] = true;
        QJsonObject counts;
        for (const auto& [k, v] : f.counts)
            counts[k] = double(v);
        o[QStringLiteral("counts")] = counts;
        if (!f.warnings.isEmpty())
            o[QStringLiteral("warnings")] = QJsonArray::fromStringList(f.warnings);
        files.append(o);
    }
    root[QStringLiteral("files")] = files;
    QJsonArray messages;
    for (const auto& m : profile.report.messages) {
        QJsonObject o;
        o[QStringLiteral("severity")] = m.severity == ImportMessage::Error ? QStringLiteral("error")
            : m.severity == ImportMessage::Warning                        ? QStringLiteral("warning")
                                                                          : QStringLiteral("info");
        o[QStringLiteral("text")] = m.text;
        if (!m.path.isEmpty())
            o[QStringLiteral("path")] = m.path;
        messages.append(o);
    }
    root[QStringLiteral("messages")] = messages;
    QJsonObject totals;
    totals[QStringLiteral("used")] = profile.report.countWithStatus(FileStatus::Used);
    totals[QStringLiteral("skipped")] = profile.report.countWithStatus(FileStatus::Skipped);
    totals[QStringLiteral("broken")] = profile.report.countWithStatus(FileStatus::Broken);
    root[QStringLiteral("fileTotals")] = totals;
    return root;
}

void printProfile(const Profile& profile, QTextStream& out)
{
    out << Tr::tr("Profile: %1").arg(profile.rootPath) << '\n';
    out << Tr::tr("Ranks: %1").arg(profile.ranks.size()) << '\n';
    if (profile.partial.isPartial())
        out << Tr::tr("Partial import: %1").arg(profile.partial.describe(int(profile.ranks.size()))) << '\n';
    for (std::size_t i = 0; i < profile.ranks.size(); ++i) {
        const RankData& rank = *profile.ranks[i];
        const RankSummary s = summarize(rank);
        out << '\n' << QStringLiteral("== ") << rankTitle(rank.info) << '\n';
        out << QStringLiteral("   ") << rank.info.rootPath << '\n';
        if (s.slices + s.counters > 0 || s.phases['M'] > 0) {
            QStringList phases;
            for (const char* p = kReportedPhases; *p; ++p)
                if (s.phases[std::uint8_t(*p)] > 0)
                    phases << QStringLiteral("%1=%2").arg(QLatin1Char(*p)).arg(s.phases[std::uint8_t(*p)]);
            out << QStringLiteral("   ") << Tr::tr("events by phase: %1").arg(phases.join(QLatin1Char(' '))) << '\n';
            out << QStringLiteral("   ") << Tr::tr("slices: %1, counter points: %2, flows: %3").arg(s.slices).arg(s.counters).arg(s.flows) << '\n';
            for (const auto& [name, n] : s.slicesPerProcess)
                out << QStringLiteral("     ") << Tr::tr("slices in %1: %2").arg(name).arg(n) << '\n';
            for (const auto& [name, n] : s.flowsPerCategory)
                out << QStringLiteral("     ") << Tr::tr("flows %1: %2").arg(name.isEmpty() ? QStringLiteral("(none)") : name).arg(n) << '\n';
        }
        QStringList tables;
        if (s.kernels)
            tables << Tr::tr("kernels %1").arg(s.kernels);
        if (s.steps)
            tables << Tr::tr("steps %1").arg(s.steps);
        if (s.legacySteps)
            tables << Tr::tr("legacy steps %1").arg(s.legacySteps);
        if (s.memoryRecords)
            tables << Tr::tr("memory records %1").arg(s.memoryRecords);
        if (s.operatorMemory)
            tables << Tr::tr("operator allocations %1").arg(s.operatorMemory);
        if (s.commOps)
            tables << Tr::tr("communication ops %1").arg(s.commOps);
        if (s.commLinks)
            tables << Tr::tr("matrix links %1").arg(s.commLinks);
        if (!tables.isEmpty())
            out << QStringLiteral("   ") << tables.join(QStringLiteral(", ")) << '\n';
        for (const QString& line : legacyLines(rank.legacy))
            out << QStringLiteral("   ") << line << '\n';
        out << QStringLiteral("   ") << Tr::tr("files:") << '\n';
        for (const auto& f : profile.report.files) {
            if (f.rankIndex != int(i))
                continue;
            QStringList counts;
            for (const auto& [k, v] : f.counts)
                counts << QStringLiteral("%1=%2").arg(k).arg(v);
            out << QStringLiteral("     [%1] ").arg(fileStatusName(f.status), -7)
                << QDir(rank.info.rootPath).relativeFilePath(f.path) << QStringLiteral("  ") << humanBytes(f.sizeBytes);
            if (!counts.isEmpty())
                out << QStringLiteral("  ") << counts.join(QLatin1Char(' '));
            if (f.parseMs > 0.05)
                out << QStringLiteral("  %1 ms").arg(f.parseMs, 0, 'f', 1);
            out << '\n';
            if (!f.reason.isEmpty())
                out << QStringLiteral("             ")
                    << QString(f.reason).replace(QLatin1Char('\n'), QStringLiteral("\n             "))
                    << (f.line > 0 ? Tr::tr(" (line %1)").arg(f.line) : QString()) << '\n';
            for (const auto& w : f.warnings)
                out << QStringLiteral("             ! ") << w << '\n';
        }
    }
    bool header = false;
    for (const auto& f : profile.report.files) {
        if (f.rankIndex >= 0)
            continue;
        if (!header) {
            out << '\n' << Tr::tr("Other files:") << '\n';
            header = true;
        }
        out << QStringLiteral("     [%1] ").arg(fileStatusName(f.status), -7) << f.path << QStringLiteral("  ") << f.reason << '\n';
    }
    if (!profile.report.messages.empty()) {
        out << '\n' << Tr::tr("Import report:") << '\n';
        for (const auto& m : profile.report.messages) {
            const QString tag = m.severity == ImportMessage::Error ? Tr::tr("error")
                : m.severity == ImportMessage::Warning              ? Tr::tr("warning")
                                                                    : Tr::tr("info");
            out << QStringLiteral("  ") << tag << QStringLiteral(": ") << m.text << '\n';
        }
    }
    out << '\n'
        << Tr::tr("Files: %1 used, %2 skipped, %3 broken")
               .arg(profile.report.countWithStatus(FileStatus::Used))
               .arg(profile.report.countWithStatus(FileStatus::Skipped))
               .arg(profile.report.countWithStatus(FileStatus::Broken))
        << '\n';
}

int runInspect(const QStringList& args, QTextStream& out, QTextStream& err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(Tr::tr("Lists the ranks found under PATH and, per rank, every file with its "
                                            "status and counts, then the import report."));
    parser.addHelpOption();
    const QCommandLineOption json(QStringLiteral("json"), Tr::tr("Print the result as JSON."));
    const QCommandLineOption threads(QStringLiteral("threads"), Tr::tr("Ranks loaded in parallel (default: cores)."),
                                     QStringLiteral("N"));
    const QCommandLineOption depth(QStringLiteral("max-depth"), Tr::tr("Folder levels scanned below PATH (default 8)."),
                                   QStringLiteral("N"));
    const QCommandLineOption prefer = preferOption();
    const QCommandLineOption steps = loadStepsOption();
    const QCommandLineOption ranks = loadRanksOption();
    parser.addOptions({ json, threads, depth, prefer, steps, ranks, noCacheOption(), noSeekOption() });
    parser.addPositionalArgument(QStringLiteral("PATH"), Tr::tr("Rank folder, folder of ranks or cluster root."),
                                 QStringLiteral("PATH..."));
    if (!parser.parse(args)) {
        err << parser.errorText() << '\n';
        return 2;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        out << parser.helpText();
        return 0;
    }
    const QStringList paths = parser.positionalArguments();
    if (paths.isEmpty()) {
        err << Tr::tr("inspect: give a PATH (see --help)") << '\n';
        return 2;
    }
    LoadOptions options;
    if (!applyPreferOption(parser, prefer, options, err) || !applyLoadFilterOptions(parser, steps, ranks, options, err))
        return 2;
    options.maxThreads = parser.value(threads).toInt();
    if (parser.isSet(depth))
        options.discovery.maxDepth = parser.value(depth).toInt();
    QElapsedTimer timer;
    timer.start();
    const ProfilePtr profile = ProfileLoader::load(paths, options);
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    // "Something loaded" means profile data, not just the small info files
    // (a rank whose files are all broken reads profiler_info but has nothing to show).
    int used = 0;
    for (const auto& f : profile->report.files)
        if (f.status == FileStatus::Used && f.kind != QLatin1String("profiler_info.json")
            && f.kind != QLatin1String("profiler_metadata.json"))
            ++used;
    if (parser.isSet(json)) {
        QJsonObject root = profileToJson(*profile);
        root[QStringLiteral("loadSeconds")] = seconds;
        root[QStringLiteral("traceKernel")] = QString::fromLatin1(traceKernelName());
        out << QJsonDocument(root).toJson(QJsonDocument::Indented);
    } else {
        printProfile(*profile, out);
        out << Tr::tr("Loaded in %1 s (trace parser: simdjson %2)").arg(seconds, 0, 'f', 3).arg(QString::fromLatin1(traceKernelName())) << '\n';
    }
    out.flush();
    if (profile->ranks.empty() || used == 0) {
        err << Tr::tr("error: nothing could be loaded from %1").arg(paths.join(QStringLiteral(", "))) << '\n';
        for (const auto& m : profile->report.messages)
            if (m.severity == ImportMessage::Error)
                err << QStringLiteral("  ") << m.text << '\n';
        return 1;
    }
    return 0;
}

} // namespace profscope::cli
