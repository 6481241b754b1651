// SPDX-License-Identifier: Apache-2.0
// From a path to every analysis ready, on generated clusters: a large one
// (8 ranks, ~1 GiB of trace_view.json in all) and a wide one (1024 small
// ranks). Each measurement runs in a child process so its peak RSS (VmHWM)
// is its own; the baseline in the same run is the same work on one thread.
//
//   profscope-cluster-bench [--size-mb 1024] [--ranks 8] [--wide-ranks 1024] [--keep DIR] [--partial-only]
//                           [--cache-only] [--analyses-only]
//
// Many small ranks (issue 15 item 2): the wide cluster's MiB/s as a share of
// the large one's, on all threads (target: at least half). --analyses-only
// skips the re-open and partial-import sections.
//
// Partial import (issue 15 item 3): the large cluster loaded whole and for
// one step of its ten (--steps), in the same run, next to the time of reading
// its trace files once.
//
// Instant re-open (issue 15 item 4): the large cluster loaded cold (parsed,
// and the trace cache written) and warm (traces and big tables read back from the
// cache), in a fresh cache folder, next to a load without the cache.
#include "analysis/advice.h"
#include "analysis/cluster.h"
#include "analysis/communication.h"
#include "analysis/memory.h"
#include "analysis/operators.h"
#include "benchsupport.h"
#include "generate/clustergenerator.h"
#include "load/hugepages.h"
#include "load/partialtables.h"
#include "load/profileloader.h"
#include "load/stepscan.h"
#include "load/tracecache.h"
#include "parse/boundaryscan.h"
#include "parse/tableparsers.h"
#include "parse/tracebuilder.h"
#include "parse/traceparser.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThreadPool>

#include <algorithm>
#include <cstdio>
#include <cstring>

using namespace profscope;
using bench::peakRssKb;
using bench::runChild;

namespace {

qint64 traceBytes(const QString& root)
{
    qint64 total = 0;
    QDirIterator it(root, { QStringLiteral("trace_view.json") }, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        total += QFileInfo(it.next()).size();
    return total;
}

// Child: load PATH and run every analysis the GUI shows on opening.
int childAnalyze(const QString& path, int threads)
{
    if (threads > 0)
        QThreadPool::globalInstance()->setMaxThreadCount(threads);
    bench::RssSampler rss;
    QElapsedTimer timer;
    timer.start();
    LoadOptions options;
    options.maxThreads = threads;
    const double cpuStartMs = bench::cpuMs();
    const ProfilePtr profile = ProfileLoader::load({ path }, options);
    const qint64 loadMs = timer.elapsed();
    const double loadCpuMs = bench::cpuMs() - cpuStartMs;
    // Every input byte the load read (traces, tables, JSON summaries, metadata).
    qint64 usedBytes = 0;
    for (const FileReport& f : profile->report.files)
        usedBytes += f.status == FileStatus::Used ? f.sizeBytes : 0;
    qint64 findings = 0, rows = 0;
    const ClusterSteps steps = clusterSteps(*profile);
    rows += qint64(steps.rows.size());
    findings = qint64(computeAdvice(*profile).size());
    const ClockAlignment clock = estimateClockAlignment(*profile);
    rows += qint64(communicationByRankAndGroup(*profile).size());
    rows += qint64(communicationMatrix(*profile).size());
    for (const auto& rank : profile->ranks) {
        if (rank->kernels)
            rows += qint64(operatorStatistics(*rank->kernels).size());
        rows += qint64(memoryCurves(*rank).size());
    }
    const qint64 totalMs = timer.elapsed();
    rss.stop();
    const QJsonObject result { { QStringLiteral("ranks"), double(profile->ranks.size()) },
        { QStringLiteral("loadMs"), double(loadMs) }, { QStringLiteral("analysisMs"), double(totalMs - loadMs) },
        { QStringLiteral("totalMs"), double(totalMs) }, { QStringLiteral("findings"), double(findings) },
        { QStringLiteral("loadCpuMs"), loadCpuMs }, { QStringLiteral("usedBytes"), double(usedBytes) },
        { QStringLiteral("rows"), double(rows) }, { QStringLiteral("clockEstimated"), clock.estimated },
        { QStringLiteral("peakRssKb"), double(peakRssKb()) },
        { QStringLiteral("peakAnonKb"), double(rss.peakAnonKb()) },
        { QStringLiteral("peakFileKb"), double(rss.peakFileKb()) } };
    std::printf("%s\n", QJsonDocument(result).toJson(QJsonDocument::Compact).constData());
    return profile->ranks.empty() ? 1 : 0;
}

// Child: load PATH (whole, or only `step` when >= 0) and nothing else;
// with the trace cache when `cache`.
int childLoad(const QString& path, int threads, int step, bool cache, bool tableSeek)
{
    setSeekEnabled(tableSeek);
    QElapsedTimer timer;
    timer.start();
    LoadOptions options;
    options.maxThreads = threads;
    options.useCache = cache;
    if (step >= 0)
        options.filter.firstStep = options.filter.lastStep = step;
    const double cpuBeforeMs = bench::cpuMs();
    const ProfilePtr profile = ProfileLoader::load({ path }, options);
    const qint64 loadMs = timer.elapsed();
    const double loadCpuMs = bench::cpuMs() - cpuBeforeMs;
    qint64 slices = 0, kernels = 0, fromCache = 0;
    for (const auto& rank : profile->ranks) {
        slices += qint64(rank->trace.sliceCount());
        kernels += rank->kernels ? qint64(rank->kernels->size()) : 0;
    }
    for (const auto& f : profile->report.files)
        fromCache += TraceCache::isFromCache(f) ? 1 : 0;
    const QJsonObject result { { QStringLiteral("ranks"), double(profile->ranks.size()) },
        { QStringLiteral("loadMs"), double(loadMs) }, { QStringLiteral("slices"), double(slices) },
        { QStringLiteral("kernels"), double(kernels) }, { QStringLiteral("peakRssKb"), double(peakRssKb()) },
        { QStringLiteral("fromCache"), double(fromCache) }, { QStringLiteral("cpuMs"), loadCpuMs } };
    std::printf("%s\n", QJsonDocument(result).toJson(QJsonDocument::Compact).constData());
    return profile->ranks.empty() ? 1 : 0;
}

// Reads every trace_view.json under root once (8 MiB reads); ms.
qint64 readOnceMs(const QString& root)
{
    QElapsedTimer timer;
    timer.start();
    QByteArray buffer(8 << 20, Qt::Uninitialized);
    QDirIterator it(root, { QStringLiteral("trace_view.json") }, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        if (f.open(QIODevice::ReadOnly))
            while (f.read(buffer.data(), buffer.size()) > 0) { }
    }
    return timer.elapsed();
}

// One trace file parsed alone on this thread (page cache warm): whole, or
// windowed with or without skipping the chunks outside; best of `runs`.
struct TraceRun
{
    double ms = 0;
    qint64 slices = 0;
    qint64 skippedBytes = 0;
    qint64 unreadBytes = 0;
};
TraceRun parseTraceOnce(const QString& path, TimeRange window, bool skipOutside, bool seek = false, int runs = 2)
{
    TraceRun best;
    for (int r = 0; r < runs; ++r) {
        QElapsedTimer timer;
        timer.start();
        TraceBuilder builder;
        if (!window.isEmpty())
            builder.setWindow(window);
        FileReport report;
        TraceParseOptions options;
        options.threads = 1;
        options.skipChunksOutsideWindow = skipOutside;
        options.seekOutsideWindow = seek;
        parseTraceFile(path, builder, report, options);
        const TraceData data = builder.finish();
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        if (r == 0 || ms < best.ms)
            best = { ms, qint64(data.sliceCount()), report.count(QStringLiteral("skippedBytes")),
                     std::max<qint64>(0, report.count(QStringLiteral("unreadBytes"))) };
    }
    return best;
}

// The exact boundary scanner alone over a whole file, cut into the parser's
// 2 MiB chunks: the best of three, ms.
double scanOnceMs(const QString& path, BoundaryStop (*scan)(const char*, std::size_t, std::size_t&, std::size_t,
                                                            std::size_t&))
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const auto size = std::size_t(f.size());
    const char* data = reinterpret_cast<const char*>(f.map(0, f.size()));
    if (!data)
        return 0;
    double best = 0;
    for (int r = 0; r < 3; ++r) {
        QElapsedTimer timer;
        timer.start();
        std::size_t pos = std::size_t(QByteArray::fromRawData(data, qsizetype(std::min<std::size_t>(size, 64))).indexOf('[')) + 1;
        std::size_t boundary = pos;
        while (scan(data, size, pos, TraceParseOptions().chunkBytes, boundary) == BoundaryStop::ChunkFull) { }
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        best = r == 0 ? ms : std::min(best, ms);
    }
    return best;
}

void showPartial(QTextStream& out, const QString& label, const QJsonObject& r, double traceMb)
{
    const double ms = r[QStringLiteral("loadMs")].toDouble();
    out << "  " << label.leftJustified(30) << QString::number(ms / 1000.0, 'f', 2).rightJustified(7) << " s  "
        << QString::number(traceMb / (ms / 1000.0), 'f', 0).rightJustified(5) << " MiB/s  CPU "
        << QString::number(r[QStringLiteral("cpuMs")].toDouble() / 1000.0, 'f', 2).rightJustified(6) << " s  peak RSS "
        << QString::number(r[QStringLiteral("peakRssKb")].toDouble() / 1024.0, 'f', 0).rightJustified(5) << " MiB  "
        << qint64(r[QStringLiteral("slices")].toDouble()) << " slices, "
        << qint64(r[QStringLiteral("kernels")].toDouble()) << " kernels" << Qt::endl;
}

bool generate(const QString& dir, int ranks, int steps, int ops, QTextStream& out)
{
    if (QFileInfo::exists(dir + QStringLiteral("/.complete")))
        return true;
    GeneratorOptions options;
    options.ranks = ranks;
    options.steps = steps;
    options.ops = ops;
    options.slowRank = ranks > 2 ? 1 : -1;
    options.force = true;
    QElapsedTimer timer;
    timer.start();
    QString error;
    if (!generateCluster(dir, options, &error)) {
        out << "generate failed: " << error << Qt::endl;
        return false;
    }
    QFile(dir + QStringLiteral("/.complete")).open(QIODevice::WriteOnly);
    out << "  generated " << ranks << " ranks x " << steps << " steps x " << ops << " ops in "
        << QString::number(timer.elapsed() / 1000.0, 'f', 1) << " s" << Qt::endl;
    return true;
}

void show(QTextStream& out, const QString& label, const QJsonObject& r, double traceMb)
{
    const double total = r[QStringLiteral("totalMs")].toDouble();
    out << "  " << label.leftJustified(22) << QString::number(total / 1000.0, 'f', 2).rightJustified(7) << " s  (load "
        << QString::number(r[QStringLiteral("loadMs")].toDouble() / 1000.0, 'f', 2) << " s, analyses "
        << QString::number(r[QStringLiteral("analysisMs")].toDouble() / 1000.0, 'f', 2) << " s)  "
        << QString::number(traceMb / (total / 1000.0), 'f', 0) << " MiB/s  peak RSS "
        << QString::number(r[QStringLiteral("peakRssKb")].toDouble() / 1024.0, 'f', 0) << " MiB ("
        << QString::number(r[QStringLiteral("peakRssKb")].toDouble() / 1024.0 / traceMb, 'f', 2)
        << " x trace; anonymous " << QString::number(r[QStringLiteral("peakAnonKb")].toDouble() / 1024.0, 'f', 0)
        << ", file-backed " << QString::number(r[QStringLiteral("peakFileKb")].toDouble() / 1024.0, 'f', 0) << ")  "
        << qint64(r[QStringLiteral("ranks")].toDouble()) << " ranks, "
        << qint64(r[QStringLiteral("findings")].toDouble()) << " findings" << Qt::endl;
}

} // namespace

int main(int argc, char** argv)
{
    profscope::bench::startLikeTheApplication(argv);
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() >= 4 && args[1] == QLatin1String("analyze"))
        return childAnalyze(args[2], args[3].toInt());
    if (args.size() >= 5 && args[1] == QLatin1String("load"))
        return childLoad(args[2], args[3].toInt(), args[4].toInt(), args.value(5) == QLatin1String("cache"),
                         args.value(5) != QLatin1String("noseek"));
    const bool partialOnly = args.contains(QStringLiteral("--partial-only"));
    const bool cacheOnly = args.contains(QStringLiteral("--cache-only"));
    const bool analysesOnly = args.contains(QStringLiteral("--analyses-only"));

    qint64 sizeMb = 1024;
    int ranks = 8;
    int wideRanks = 1024;
    QString keep;
    for (int i = 1; i + 1 < args.size(); ++i) {
        if (args[i] == QLatin1String("--size-mb"))
            sizeMb = args[++i].toLongLong();
        else if (args[i] == QLatin1String("--ranks"))
            ranks = args[++i].toInt();
        else if (args[i] == QLatin1String("--wide-ranks"))
            wideRanks = args[++i].toInt();
        else if (args[i] == QLatin1String("--keep"))
            keep = args[++i];
    }
    QTextStream out(stdout);
    QTemporaryDir tmp;
    const QString root = keep.isEmpty() ? tmp.path() : keep;
    const int cores = QThread::idealThreadCount();

    // Calibrate: trace bytes per (step x op) of one rank.
    const QString probe = root + QStringLiteral("/probe");
    constexpr int kProbeSteps = 2, kProbeOps = 200, kSteps = 10;
    generate(probe, 1, kProbeSteps, kProbeOps, out);
    const double bytesPerOp = double(traceBytes(probe)) / (kProbeSteps * kProbeOps);
    const int ops = std::max(20, int(double(sizeMb) * 1024 * 1024 / (bytesPerOp * ranks * kSteps)));

    const QString big = root + QStringLiteral("/big");
    out << "large cluster: " << ranks << " ranks, ~" << sizeMb << " MiB of traces" << Qt::endl;
    if (!generate(big, ranks, kSteps, ops, out))
        return 1;
    if (!analysesOnly && !partialOnly) {
        // Instant re-open: a fresh cache folder for the children (they inherit the environment).
        QTemporaryDir cacheHome(root + QStringLiteral("/cache-XXXXXX"));
        qputenv("XDG_CACHE_HOME", cacheHome.path().toUtf8());
        qputenv("PROFSCOPE_CACHE_MAX_MB", "16384");
        const double mb = double(traceBytes(big)) / double(1 << 20);
        const QString threads = QString::number(cores);
        runChild({ QStringLiteral("load"), big, threads, QStringLiteral("-1") }); // warm the page cache
        out << "\ninstant re-open, large (" << QString::number(mb, 'f', 0)
            << " MiB of trace_view.json), path -> loaded, " << cores << " threads:" << Qt::endl;
        const QJsonObject plain = runChild({ QStringLiteral("load"), big, threads, QStringLiteral("-1") });
        showPartial(out, QStringLiteral("no cache"), plain, mb);
        const QJsonObject cold =
            runChild({ QStringLiteral("load"), big, threads, QStringLiteral("-1"), QStringLiteral("cache") });
        showPartial(out, QStringLiteral("cold (parse + write)"), cold, mb);
        qint64 cacheBytes = 0;
        QDirIterator entries(cacheHome.path(), QDir::Files, QDirIterator::Subdirectories);
        while (entries.hasNext())
            cacheBytes += QFileInfo(entries.next()).size();
        const QJsonObject warm =
            runChild({ QStringLiteral("load"), big, threads, QStringLiteral("-1"), QStringLiteral("cache") });
        showPartial(out, QStringLiteral("warm (from the cache)"), warm, mb);
        out << "  files from the cache: " << qint64(warm[QStringLiteral("fromCache")].toDouble()) << ", cache folder "
            << QString::number(double(cacheBytes) / double(1 << 20), 'f', 0) << " MiB; re-open "
            << QString::number(
                   plain[QStringLiteral("loadMs")].toDouble() / warm[QStringLiteral("loadMs")].toDouble(), 'f', 1)
            << "x faster, first load "
            << QString::number(
                   cold[QStringLiteral("loadMs")].toDouble() / plain[QStringLiteral("loadMs")].toDouble(), 'f', 2)
            << "x of the uncached one" << Qt::endl;
        qunsetenv("XDG_CACHE_HOME");
        qunsetenv("PROFSCOPE_CACHE_MAX_MB");
    }
    if (cacheOnly)
        return 0;
    if (!analysesOnly) {
        // Partial import: one step of kSteps against the whole run, same process kind, same run.
        const double mb = double(traceBytes(big)) / double(1 << 20);
        const QString threads = QString::number(cores);
        runChild({ QStringLiteral("load"), big, threads, QStringLiteral("-1") }); // warm the page cache
        const qint64 readMs = readOnceMs(big);
        out << "\npartial import, large (" << QString::number(mb, 'f', 0) << " MiB of trace_view.json, " << kSteps
            << " steps), path -> loaded, " << cores << " threads:" << Qt::endl;
        const QJsonObject whole = runChild({ QStringLiteral("load"), big, threads, QStringLiteral("-1") });
        showPartial(out, QStringLiteral("whole run"), whole, mb);
        const int step = kSteps / 2;
        // The baseline: the trace's chunks judged and the timed tables cut
        // while parsed, but every byte read (--no-seek: the seeks of
        // traceseek.h and csvseek.h off), as before the seeks.
        const QJsonObject oneWhole
            = runChild({ QStringLiteral("load"), big, threads, QString::number(step), QStringLiteral("noseek") });
        showPartial(out, QStringLiteral("--steps %1 --no-seek").arg(step), oneWhole, mb);
        const QJsonObject one = runChild({ QStringLiteral("load"), big, threads, QString::number(step) });
        showPartial(out, QStringLiteral("--steps %1 (1 of %2)").arg(step).arg(kSteps), one, mb);
        out << "  read the traces once   " << QString::number(double(readMs) / 1000.0, 'f', 2).rightJustified(7)
            << " s  " << QString::number(mb / (double(readMs) / 1000.0), 'f', 0).rightJustified(5)
            << " MiB/s  (page cache warm)" << Qt::endl;
        out << "  speed-up of one step vs whole: "
            << QString::number(
                   whole[QStringLiteral("loadMs")].toDouble() / one[QStringLiteral("loadMs")].toDouble(), 'f', 2)
            << "x wall, "
            << QString::number(
                   whole[QStringLiteral("cpuMs")].toDouble() / one[QStringLiteral("cpuMs")].toDouble(), 'f', 2)
            << "x CPU" << Qt::endl;

        // One rank's trace alone, on one thread: the issue's premise (one
        // step of a trace faster than reading it once) without the CSV tables.
        QDirIterator it(big, { QStringLiteral("trace_view.json") }, QDir::Files, QDirIterator::Subdirectories);
        const QString trace = it.hasNext() ? it.next() : QString();
        const double traceMb = double(QFileInfo(trace).size()) / double(1 << 20);
        LoadFilter filter;
        filter.firstStep = filter.lastStep = step;
        const TimeRange window = stepWindowRange(scanTraceStepMarkers(trace), filter);
        auto mibps = [&](double ms) { return QString::number(traceMb / (ms / 1000.0), 'f', 0).rightJustified(6); };
        auto line = [&](const QString& label, double ms, const QString& rest) {
            out << "  " << label.leftJustified(34) << QString::number(ms / 1000.0, 'f', 3).rightJustified(7) << " s "
                << mibps(ms) << " MiB/s  " << rest << Qt::endl;
        };
        out << "\none rank's trace alone (" << QString::number(traceMb, 'f', 0)
            << " MiB), parseTraceFile on 1 thread, page cache warm, best of 2:" << Qt::endl;
        const TraceRun wholeTrace = parseTraceOnce(trace, {}, false);
        line(QStringLiteral("whole trace"), wholeTrace.ms, QStringLiteral("%1 slices").arg(wholeTrace.slices));
        const TraceRun decoded = parseTraceOnce(trace, window, false);
        line(QStringLiteral("step %1, every chunk decoded").arg(step), decoded.ms,
             QStringLiteral("%1 slices").arg(decoded.slices));
        const TraceRun skipped = parseTraceOnce(trace, window, true);
        line(QStringLiteral("step %1, chunks outside skipped").arg(step), skipped.ms,
             QStringLiteral("%1 slices, %2 MiB skipped undecoded")
                 .arg(skipped.slices)
                 .arg(double(skipped.skippedBytes) / double(1 << 20), 0, 'f', 0));
        // The seek (traceseek.h, the default): the stretches outside not read at all.
        const TraceRun sought = parseTraceOnce(trace, window, true, true);
        line(QStringLiteral("step %1, read in part (seek)").arg(step), sought.ms,
             QStringLiteral("%1 slices, %2 MiB not read")
                 .arg(sought.slices)
                 .arg(double(sought.unreadBytes) / double(1 << 20), 0, 'f', 0));
        QElapsedTimer readTimer;
        readTimer.start();
        {
            QByteArray buffer(8 << 20, Qt::Uninitialized);
            QFile f(trace);
            if (f.open(QIODevice::ReadOnly))
                while (f.read(buffer.data(), buffer.size()) > 0) { }
        }
        line(QStringLiteral("read the trace once"), double(readTimer.nsecsElapsed()) / 1e6, QString());
        // The step-marker scan (a pass before the parse), next to the memmem
        // search for the marker it used before: best of three each.
        double markerMs = 0, memmemMs = 0;
        qint64 marks = 0, memmemHits = 0;
        for (int r = 0; r < 3; ++r) {
            QElapsedTimer t;
            t.start();
            marks = qint64(scanTraceStepMarkers(trace).size());
            const double ms = double(t.nsecsElapsed()) / 1e6;
            markerMs = r == 0 ? ms : std::min(markerMs, ms);
        }
        // The search alone over the same mapping (pages faulted in by the
        // first of three runs): memchr for '#' then a look back, as now, and
        // memmem for the whole marker, as before.
        double memchrMs = 0;
        qint64 memchrHits = 0;
        {
            QFile f(trace);
            const char* data = f.open(QIODevice::ReadOnly) ? reinterpret_cast<const char*>(f.map(0, f.size())) : nullptr;
            static constexpr char kMarker[] = "\"ProfilerStep#";
            constexpr std::size_t kLen = sizeof kMarker - 1;
            for (int r = 0; data && r < 3; ++r) {
                QElapsedTimer t;
                t.start();
                qint64 hits = 0;
                for (const char *p = data, *end = data + f.size(); p < end;) {
                    p = static_cast<const char*>(memmem(p, std::size_t(end - p), kMarker, kLen));
                    if (!p)
                        break;
                    ++hits;
                    ++p;
                }
                memmemHits = hits;
                double ms = double(t.nsecsElapsed()) / 1e6;
                memmemMs = r == 0 ? ms : std::min(memmemMs, ms);
                t.start();
                hits = 0;
                for (const char *p = data + kLen - 1, *end = data + f.size(); p < end;) {
                    p = static_cast<const char*>(std::memchr(p, '#', std::size_t(end - p)));
                    if (!p)
                        break;
                    hits += std::memcmp(p - (kLen - 1), kMarker, kLen - 1) == 0 ? 1 : 0;
                    ++p;
                }
                memchrHits = hits;
                ms = double(t.nsecsElapsed()) / 1e6;
                memchrMs = r == 0 ? ms : std::min(memchrMs, ms);
            }
        }
        line(QStringLiteral("step marker scan"), markerMs, QStringLiteral("%1 steps").arg(marks));
        // The markers of the one step sought (the default for a step window).
        double seekMs = 0;
        MarkerSeekResult markerSeek;
        for (int r = 0; r < 3; ++r) {
            QElapsedTimer t;
            t.start();
            markerSeek = seekTraceStepMarkers(trace, step, step);
            const double ms = double(t.nsecsElapsed()) / 1e6;
            seekMs = r == 0 ? ms : std::min(seekMs, ms);
        }
        line(QStringLiteral("step marker seek (step %1)").arg(step), seekMs,
             QStringLiteral("%1 markers met, %2 MiB searched%3")
                 .arg(markerSeek.marks.size())
                 .arg(double(markerSeek.searchedBytes) / double(1 << 20), 0, 'f', 0)
                 .arg(markerSeek.sought ? QString() : QStringLiteral(" (fell back to the whole scan)")));
        line(QStringLiteral("marker search, memchr '#' (now)"), memchrMs, QStringLiteral("%1 hits").arg(memchrHits));
        line(QStringLiteral("marker search, memmem (before)"), memmemMs, QStringLiteral("%1 hits").arg(memmemHits));
        // The rank's timed CSV tables for the same step: parsed whole, then
        // cut by applyStepWindowToTables; cut while parsed, every row read;
        // read in part (the time-ordered seek, csvseek.h, the default). Best
        // of three each, one thread.
        const QString tables = QFileInfo(trace).absolutePath();
        const auto tablesMs = [&](bool whileParsing, bool seek, qint64& kept) {
            double best = 0;
            setSeekEnabled(seek);
            for (int r = 0; r < 3; ++r) {
                QElapsedTimer t;
                t.start();
                RankData rank;
                rank.stepWindow.asked = rank.stepWindow.applied = true;
                rank.stepWindow.windowNs = window;
                const TimeRange* w = whileParsing ? &window : nullptr;
                FileReport a, b;
                rank.kernels = std::make_unique<KernelTable>();
                parseKernelDetails(tables + QStringLiteral("/kernel_details.csv"), *rank.kernels, a, w);
                rank.memoryRecords = std::make_unique<MemoryRecordTable>();
                parseMemoryRecord(tables + QStringLiteral("/memory_record.csv"), *rank.memoryRecords, b, w);
                if (whileParsing)
                    rank.stepWindow.cutWhileReading = RankStepWindow::Kernels | RankStepWindow::MemoryRecords;
                applyStepWindowToTables(rank, filter);
                kept = qint64(rank.kernels->size() + rank.memoryRecords->size());
                const double ms = double(t.nsecsElapsed()) / 1e6;
                best = r == 0 ? ms : std::min(best, ms);
            }
            setSeekEnabled(true);
            return best;
        };
        const qint64 tableMb = (QFileInfo(tables + QStringLiteral("/kernel_details.csv")).size()
                                   + QFileInfo(tables + QStringLiteral("/memory_record.csv")).size())
            >> 20;
        qint64 keptBefore = 0, keptCut = 0, keptNow = 0;
        const double beforeMs = tablesMs(false, false, keptBefore);
        const double cutMs = tablesMs(true, false, keptCut);
        const double nowMs = tablesMs(true, true, keptNow);
        out << "  kernel_details + memory_record (" << tableMb << " MiB), step " << step << ":" << Qt::endl;
        const auto tableLine = [&](const QString& label, double ms, qint64 kept) {
            out << "    " << label.leftJustified(32) << QString::number(ms / 1000.0, 'f', 3).rightJustified(7) << " s "
                << QString::number(double(tableMb) / (ms / 1000.0), 'f', 0).rightJustified(6) << " MiB/s  " << kept
                << " rows kept" << Qt::endl;
        };
        tableLine(QStringLiteral("parsed whole, then cut"), beforeMs, keptBefore);
        tableLine(QStringLiteral("cut while parsing, every row"), cutMs, keptCut);
        tableLine(QStringLiteral("read in part (seek, now)"), nowMs, keptNow);
        line(QStringLiteral("boundary scan, byte loop"), scanOnceMs(trace, &scanEventBoundariesScalar), QString());
        line(QStringLiteral("boundary scan, base (SSE2)"), scanOnceMs(trace, &scanEventBoundariesBase), QString());
        if (boundaryScanHasAvx2())
            line(QStringLiteral("boundary scan, AVX2"), scanOnceMs(trace, &scanEventBoundariesAvx2), QString());
    }
    if (partialOnly)
        return 0;

    const QString wide = root + QStringLiteral("/wide");
    out << "wide cluster: " << wideRanks << " small ranks" << Qt::endl;
    if (!generate(wide, wideRanks, 2, 10, out))
        return 1;

    double allThreadsMibPerS[2] = { 0, 0 }; // large, wide
    double loadMibPerCpuS[2] = { 0, 0 };    // every input byte used / CPU s of the load alone, 1 thread
    double loadInputMibPerS[2] = { 0, 0 };  // every input byte used / wall s of the load alone, all threads
    // Three runs of each child, the two clusters' runs interleaved, and the
    // run with the median whole-path time: one run of a 0.3 s child moves by
    // a fifth on a shared 2-core machine, and this machine's speed drifts
    // over minutes, which moved the ratio when one cluster's runs all came
    // before the other's.
    const std::pair<QString, QString> clusters[2] = { { QStringLiteral("large"), big },
                                                      { QStringLiteral("wide"), wide } };
    for (const auto& [label, path] : clusters)
        runChild({ QStringLiteral("analyze"), path, QString::number(cores) }); // warm the page cache
    // [cluster][0: one thread, 1: all, 2: all on glibc's default malloc settings (the baseline of tuneAllocator)]
    std::vector<QJsonObject> runs[2][3];
    for (int round = 0; round < 3; ++round)
        for (int c = 0; c < 2; ++c) {
            runs[c][0].push_back(runChild({ QStringLiteral("analyze"), clusters[c].second, QStringLiteral("1") }));
            runs[c][1].push_back(runChild({ QStringLiteral("analyze"), clusters[c].second, QString::number(cores) }));
            runs[c][2].push_back(runChild({ QStringLiteral("analyze"), clusters[c].second, QString::number(cores) },
                                          { { QStringLiteral("PROFSCOPE_MALLOC_TUNING"), QStringLiteral("0") } }));
        }
    auto median = [](std::vector<QJsonObject> three) {
        std::sort(three.begin(), three.end(), [](const QJsonObject& a, const QJsonObject& b) {
            return a[QStringLiteral("totalMs")].toDouble() < b[QStringLiteral("totalMs")].toDouble();
        });
        return three[1];
    };
    int index = 0;
    for (const auto& [label, path] : clusters) {
        const double mb = double(traceBytes(path)) / double(1 << 20);
        out << "\n"
            << label << " (" << QString::number(mb, 'f', 0)
            << " MiB of trace_view.json), path -> all analyses ready:" << Qt::endl;
        const QJsonObject one = median(runs[index][0]);
        show(out, QStringLiteral("baseline, 1 thread"), one, mb);
        const QJsonObject all = median(runs[index][1]);
        show(out, QStringLiteral("%1 threads").arg(cores), all, mb);
        out << "  speed-up "
            << QString::number(
                   one[QStringLiteral("totalMs")].toDouble() / all[QStringLiteral("totalMs")].toDouble(), 'f', 2)
            << "x" << Qt::endl;
        const QJsonObject untuned = median(runs[index][2]);
        show(out, QStringLiteral("%1 threads, glibc's default malloc settings").arg(cores), untuned, mb);
        out << "  tuned allocator (mmap threshold " << (kMallocMmapThresholdBytes >> 20) << " MiB, top pad "
            << (kMallocTopPadBytes >> 20) << " MiB) against the defaults: "
            << QString::number(
                   all[QStringLiteral("totalMs")].toDouble() / untuned[QStringLiteral("totalMs")].toDouble(), 'f', 2)
            << " x the time" << Qt::endl;
        allThreadsMibPerS[index] = mb / (all[QStringLiteral("totalMs")].toDouble() / 1000.0);
        const double inputMb = one[QStringLiteral("usedBytes")].toDouble() / double(1 << 20);
        loadMibPerCpuS[index] = inputMb / (one[QStringLiteral("loadCpuMs")].toDouble() / 1000.0);
        out << "  load alone, 1 thread: " << QString::number(inputMb, 'f', 0) << " MiB of input files used in "
            << QString::number(one[QStringLiteral("loadCpuMs")].toDouble() / 1000.0, 'f', 2) << " CPU s = "
            << QString::number(loadMibPerCpuS[index], 'f', 0) << " MiB per CPU s" << Qt::endl;
        loadInputMibPerS[index] = all[QStringLiteral("usedBytes")].toDouble() / double(1 << 20)
            / (all[QStringLiteral("loadMs")].toDouble() / 1000.0);
        out << "  load alone, " << cores << " threads: " << QString::number(inputMb, 'f', 0) << " MiB of input in "
            << QString::number(all[QStringLiteral("loadMs")].toDouble() / 1000.0, 'f', 2) << " s = "
            << QString::number(loadInputMibPerS[index], 'f', 0) << " MiB/s" << Qt::endl;
        ++index;
    }
    out << "\nmany small ranks vs one large cluster (" << cores << " threads): wide "
        << QString::number(allThreadsMibPerS[1], 'f', 0) << " MiB/s = "
        << QString::number(100.0 * allThreadsMibPerS[1] / allThreadsMibPerS[0], 'f', 0) << "% of large "
        << QString::number(allThreadsMibPerS[0], 'f', 0) << " MiB/s (target >= 50%)" << Qt::endl;
    // The same question asked of the load alone, per input byte and CPU
    // second: a small rank's tables, summaries and metadata are half its
    // bytes, and the analyses over 1024 ranks are not part of loading them.
    out << "  the load alone, every input byte, per CPU second (1 thread): wide "
        << QString::number(loadMibPerCpuS[1], 'f', 0) << " MiB = "
        << QString::number(100.0 * loadMibPerCpuS[1] / loadMibPerCpuS[0], 'f', 0) << "% of large "
        << QString::number(loadMibPerCpuS[0], 'f', 0) << " MiB" << Qt::endl;
    // And in the wall-clock time a user waits for the load, on every core.
    out << "  the load alone, every input byte, wall clock (" << cores << " threads): wide "
        << QString::number(loadInputMibPerS[1], 'f', 0) << " MiB/s = "
        << QString::number(100.0 * loadInputMibPerS[1] / loadInputMibPerS[0], 'f', 0) << "% of large "
        << QString::number(loadInputMibPerS[0], 'f', 0) << " MiB/s" << Qt::endl;
    return 0;
}
