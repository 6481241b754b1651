// SPDX-License-Identifier: Apache-2.0
#include "profileloader.h"


#include "../analysis/overview.h"

#include "../model/timebounds.h"
#include "../parse/dbimport.h"
#include "../parse/sqlitedb.h"
#include "../parse/tableparsers.h" // seekEnabled
#include "../parse/traceparser.h"
#include "clustermerge.h"
#include "datasources.h"
#include "legacytimeline.h"
#include "partialtables.h"
#include "stepscan.h"
#include "tracecache.h"
#include "rankformats.h"
#include "sanitized.h"
#include "tracecopies.h"
#include "../model/workpool.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QRegularExpression>
#include <QThreadPool>
#include <QtConcurrent>

#include <algorithm>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <atomic>
#include <optional>
#include <map>
#include <numeric>


namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::ProfileLoader)
};

// "rank 3" in a message; a rank without a rank id (a lone CANN database)
// by its folder's name, never "rank -1".
QString rankWho(const RankInfo& info)
{
    return info.rankId >= 0 ? Tr::tr("rank %1").arg(info.rankId) : info.displayName;
}

qint64 fileSize(const QString& path)
{
    const QFileInfo info(path);
    return info.isFile() ? info.size() : 0;
}

// The size discovery listed, without another stat per file and pass.
qint64 fileSize(const DiscoveredFile& f)
{
    return f.sizeBytes >= 0 ? f.sizeBytes : fileSize(f.path);
}

// Runs one table parser into the report with timing; `parse` returns bool.
template<typename Fn>
void runParser(FileReport& report, Fn&& parse)
{
    QElapsedTimer timer;
    timer.start();
    parse();
    if (report.parseMs == 0)
        report.parseMs = double(timer.nsecsElapsed()) / 1e6;
}

// Partial import, after reading: ranks whose id turned out to be outside
// --ranks go; what each rank's step window kept goes into the report.
template<typename SkipRank>
void applyPartialToProfile(const LoadFilter& filter, std::vector<std::shared_ptr<RankData>>& loaded,
                           std::vector<std::vector<FileReport>>& rankFiles, Profile& profile, const SkipRank& skipRank)
{
    std::vector<qint64> found, kept;
    const QString asked = filter.firstStep == filter.lastStep
        ? Tr::tr("step %1").arg(filter.firstStep)
        : Tr::tr("steps %1\u2013%2").arg(filter.firstStep).arg(filter.lastStep);
    bool anyKept = false;
    for (std::size_t i = 0; i < loaded.size(); ++i) {
        if (!loaded[i])
            continue;
        RankData& rank = *loaded[i];
        if (filter.hasRanks() && rank.info.rankId >= 0 && !filter.keepsRank(rank.info.rankId)) {
            skipRank(rank.info);
            loaded[i].reset();
            rankFiles[i].clear();
            continue;
        }
        const RankStepWindow& w = rank.stepWindow;
        if (!w.asked)
            continue;
        found.insert(found.end(), w.stepsFound.begin(), w.stepsFound.end());
        profile.partial.stepsSought = profile.partial.stepsSought || w.markersSought;
        kept.insert(kept.end(), w.stepsKept.begin(), w.stepsKept.end());
        const QString who = rankWho(rank.info);
        if (!w.applied && !w.stepsFound.empty()) {
            // Only step-numbered rows (MindInsight's step trace): cut by number.
            anyKept = anyKept || !w.stepsKept.empty();
            if (w.stepsKept.empty())
                profile.report.warning(Tr::tr("%1: %2 not found (its step trace has steps %3): none of its step trace rows is kept")
                                           .arg(who, asked, formatIdList(w.stepsFound)),
                                       rank.info.rootPath);
            else
                profile.report.info(Tr::tr("%1: no step markers on a timeline (a timeline, if any, is loaded whole); "
                                           "the step trace rows of steps %2 of %3 are kept")
                                        .arg(who, formatIdList(w.stepsKept), formatIdList(w.stepsFound)),
                                    rank.info.rootPath);
        } else if (!w.applied) {
            profile.report.warning(Tr::tr("%1: no step markers found (ProfilerStep#N or Iteration N events, STEP_TIME "
                                          "rows), so the step window could not be applied: the whole rank is loaded")
                                       .arg(who),
                                   rank.info.rootPath);
        } else if (w.stepsKept.empty()) {
            profile.report.warning(Tr::tr("%1: %2 not found (this rank has steps %3): nothing of its timeline "
                                          "or its timed tables is kept")
                                       .arg(who, asked, formatIdList(w.stepsFound)),
                                   rank.info.rootPath);
        } else {
            anyKept = true;
            profile.report.info(Tr::tr("%1: partial import of steps %2 of %3 (%4 ms of the run); %n event(s) "
                                       "outside the window skipped",
                                    nullptr, int(std::min<qint64>(rank.trace.stats.outsideWindow, INT_MAX)))
                                    .arg(who, formatIdList(w.stepsKept), formatIdList(w.stepsFound))
                                    .arg(double(w.windowNs.durationNs()) / 1e6, 0, 'f', 1),
                                rank.info.rootPath);
        }
        for (const QString& note : w.notes)
            profile.report.info(Tr::tr("%1: %2").arg(who, note), rank.info.rootPath);
    }
    const auto sortUnique = [](std::vector<qint64>& v) {
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
    };
    sortUnique(found);
    sortUnique(kept);
    if (filter.hasSteps() && !anyKept && !found.empty())
        profile.report.error(Tr::tr("%1 not found in any rank: the profile has steps %2. Nothing of the timelines was "
                                    "kept; choose steps in that range.")
                                 .arg(asked, formatIdList(found)));
    profile.partial.stepsFound = std::move(found);
    profile.partial.stepsKept = std::move(kept);
}

} // namespace

std::shared_ptr<RankData> ProfileLoader::loadRank(const DiscoveredRank& discovered, std::vector<FileReport>& files,
                                                  const LoadControl& control,
                                                  const std::function<void(double)>& fraction, int traceThreads,
                                                  SourcePreference preference, const LoadFilter& filter,
                                                  const TraceCache* cache)
{
    auto rank = std::make_shared<RankData>();
    rank->info = discovered.info;
    RankInfo& info = rank->info;
    const auto canceled = [&control] { return control.isCanceled && control.isCanceled(); };

    qint64 totalBytes = 0;
    for (const auto& f : discovered.files)
        totalBytes += fileSize(f);
    totalBytes = std::max<qint64>(totalBytes, 1);
    qint64 doneBytes = 0;
    auto advance = [&](qint64 bytes) {
        doneBytes += bytes;
        if (fraction)
            fraction(double(doneBytes) / double(totalBytes));
    };

    // Databases first: which of them carries what decides, per kind of data,
    // whether the rank reads it from the database or from the text files
    // (one source per kind, never both).
    std::map<const DiscoveredFile*, OpenedDatabase> databases;
    for (const auto& f : discovered.files)
        if (f.kind == FileKind::Database)
            databases.emplace(&f, openDatabase(f.path));
    const DataSources sources = chooseSources(discovered, databases, preference);

    // Partial import: the step window from a quick scan of the markers.
    RankStepWindow& window = rank->stepWindow;
    RankMarkerSeek markerSeek; // its probes serve the trace parse too
    if (filter.hasSteps()) {
        window.asked = true;
        const std::vector<StepMark> marks
            = scanRankStepMarkers(discovered, [&](double) { return !canceled(); }, &filter, &markerSeek);
        window.markersSought = markerSeek.sought;
        if (markerSeek.sought)
            window.notes << Tr::tr("the step markers were sought in the trace, not read whole: the steps listed are "
                                   "those met on the way");
        for (const StepMark& m : marks)
            window.stepsFound.push_back(m.step);
        if (!marks.empty()) {
            window.applied = true;
            window.windowNs = stepWindowRange(marks, filter, &window.stepsKept);
        }
    }
    const bool nothingInWindow = window.applied && window.stepsKept.empty();

    // profiler_info / metadata first: later files may need the rank id.
    std::vector<const DiscoveredFile*> ordered;
    for (const auto& f : discovered.files)
        if (f.kind == FileKind::ProfilerInfo || f.kind == FileKind::ProfilerMetadata)
            ordered.push_back(&f);
    for (const auto& f : discovered.files)
        if (f.kind != FileKind::ProfilerInfo && f.kind != FileKind::ProfilerMetadata
            && f.kind != FileKind::LegacyTimelineData
            && ((f.kind != FileKind::TraceView && f.kind != FileKind::LegacyTimeline && f.kind != FileKind::CannTimeline)
                || !sources.supersededBy(f.kind).isEmpty()))
            ordered.push_back(&f); // superseded traces too: the loop reports them as not read
    std::vector<const DiscoveredFile*> traces;
    for (const auto& f : discovered.files)
        if ((f.kind == FileKind::TraceView || f.kind == FileKind::LegacyTimeline || f.kind == FileKind::CannTimeline)
            && sources.supersededBy(f.kind).isEmpty())
            traces.push_back(&f);
    // output_timeline_data goes with the traces: it is the old rank's
    // timeline when timeline_display is missing (legacytimeline.h).
    std::vector<const DiscoveredFile*> legacyTimelineData;
    for (const auto& f : discovered.files)
        if (f.kind == FileKind::LegacyTimelineData)
            legacyTimelineData.push_back(&f);
    const bool legacyRank = info.layout == RankLayout::MindInsightProfiler || info.layout == RankLayout::LegacyClusterRank;

    const auto reportFor = [](const DiscoveredFile& f) {
        FileReport report;
        report.path = f.path;
        report.kind = fileKindName(f.kind);
        report.sizeBytes = fileSize(f);
        return report;
    };
    // The two big tables come from the trace cache too, on whole loads only
    // (a step window cuts their rows while they are parsed: never cached,
    // never read).
    const auto tableCacheable = [&](const DiscoveredFile& f) {
        return cache && cache->isEnabled() && !legacyRank && !filter.hasSteps() && !window.applied
            && ((f.kind == FileKind::KernelDetails && !rank->kernels) || f.kind == FileKind::MemoryRecord);
    };
    // The table of `f` from the cache into the rank and its report; false
    // (and `key` set for the write after parsing) when it is not there.
    const auto readCachedTable = [&](const DiscoveredFile& f, TraceCache::Key& key, FileReport& report) {
        key = TraceCache::keyFor({ f.path });
        auto entry = cache->readTable(key);
        if (!entry || (f.kind == FileKind::KernelDetails) != bool(entry->kernels))
            return false;
        if (entry->kernels)
            rank->kernels = std::move(entry->kernels);
        else
            rank->memoryRecords = std::move(entry->memoryRecords);
        report = std::move(entry->report);
        report.parseMs = 0; // runParser times the read
        TraceCache::markFromCache(report, entry->parsedAt);
        return true;
    };
    for (const DiscoveredFile* f : ordered) {
        FileReport report = reportFor(*f);
        if (canceled()) {
            report.status = FileStatus::Skipped;
            report.reason = Tr::tr("canceled");
            files.push_back(std::move(report));
            continue;
        }
        if (const QString from = sources.supersededBy(f->kind); !from.isEmpty()) {
            report.status = FileStatus::Skipped;
            report.reason = Tr::tr("not read: %2 supplies this rank's %1 (one source per kind of data)")
                                .arg(sources.dataName(f->kind), from);
            advance(report.sizeBytes);
            files.push_back(std::move(report));
            continue;
        }
        TraceCache::Key tableKey;
        bool tableFromCache = false;
        runParser(report, [&] {
            if (f->kind == FileKind::Database) {
                DbTake take = sources.takeFrom(f);
                if (window.applied)
                    take.windowNs = window.windowNs;
                take.threads = traceThreads > 0 ? traceThreads : QThread::idealThreadCount();
                readDatabase(databases.at(f), *rank, take, report);
            } else if (const RankFormat* format = rankFormat(f->kind)) {
                const bool cached = tableCacheable(*f) && (tableFromCache = readCachedTable(*f, tableKey, report));
                if (!cached && format->readText && !f->text.isEmpty())
                    format->readText(f->path, f->text, *rank, report);
                else if (!cached)
                    format->read(f->path, *rank, report);
            } else if (f->kind == FileKind::KnownUnused) {
                report.status = FileStatus::Skipped;
                report.reason = QFileInfo(f->path).isDir()
                    ? Tr::tr("raw profiler data folder: not read, the exported deliverables are used")
                    : Tr::tr("recognised profiler output, not read by this version of Profscope");
            } else {
                report.status = FileStatus::Skipped;
                report.reason = Tr::tr("not a file Profscope knows");
            }
        });
        // Written here, in the loader's worker thread, once the report is final.
        if (tableKey.isValid() && !tableFromCache && !canceled() && report.status == FileStatus::Used)
            cache->writeTable(tableKey, f->kind == FileKind::KernelDetails ? rank->kernels.get() : nullptr,
                f->kind == FileKind::MemoryRecord ? rank->memoryRecords.get() : nullptr, report);
        advance(report.sizeBytes);
        files.push_back(std::move(report));
    }

    if (legacyRank && !canceled())
        checkLegacyTables(*rank, files);

    // Traces: every trace file of the rank goes into one timeline.
    if (!traces.empty() || !legacyTimelineData.empty()) {
        // Instant re-open: whole loads of text traces only (a step window,
        // a legacy rank's merged timeline data are parsed every time).
        const bool cacheable = cache && cache->isEnabled() && !legacyRank && legacyTimelineData.empty()
            && !filter.hasSteps() && !window.applied && !canceled();
        TraceCache::Key cacheKey;
        bool fromCache = false;
        if (cacheable) {
            QStringList paths;
            for (const DiscoveredFile* f : traces)
                paths << f->path;
            QElapsedTimer cacheTimer;
            cacheTimer.start();
            cacheKey = TraceCache::keyFor(paths);
            if (auto entry = cache->read(cacheKey)) {
                rank->trace = std::move(entry->trace);
                const double ms = double(cacheTimer.nsecsElapsed()) / 1e6 / double(entry->reports.size());
                for (FileReport& r : entry->reports) {
                    r.parseMs = ms;
                    TraceCache::markFromCache(r, entry->parsedAt);
                    advance(r.sizeBytes);
                    files.push_back(std::move(r));
                }
                fromCache = true;
            }
        }
        if (!fromCache) {
            const std::size_t firstTraceReport = files.size();
            TraceBuilder builder;
            if (window.applied)
                builder.setWindow(window.windowNs);
            bool legacyDisplay = false;
            TraceCopies tracesRead;
            const MergedTimelines merged = mergedTimelines(traces);
            for (const DiscoveredFile* f : traces) {
                FileReport report;
                report.path = f->path;
                report.kind = fileKindName(f->kind);
                const qint64 size = fileSize(*f);
                const DiscoveredFile* mergedIn = mergedTimelineOf(*f, merged);
                const DiscoveredFile* copyOf
                    = canceled() || mergedIn ? nullptr : tracesRead.copyOf(*f, size);
                if (mergedIn || copyOf) {
                    report.status = FileStatus::Skipped;
                    report.reason = mergedIn
                        ? Tr::tr("not read: its events are in %1, msprof's merged timeline of the iteration")
                              .arg(QFileInfo(mergedIn->path).fileName())
                        : Tr::tr("not read: the same bytes as %1, already read (its events would be "
                                 "on the timeline twice)")
                              .arg(QFileInfo(copyOf->path).fileName());
                    report.sizeBytes = size;
                    advance(size);
                    files.push_back(std::move(report));
                    continue;
                }
                tracesRead.add(*f, size);
                if (canceled() || nothingInWindow) {
                    report.status = FileStatus::Skipped;
                    report.reason = canceled() ? Tr::tr("canceled")
                                               : Tr::tr("not read: none of the steps asked for is in this rank");
                    report.sizeBytes = size;
                    advance(size);
                    files.push_back(std::move(report));
                    continue;
                }
                const auto before = builder.stats().eventsByPhase;
                TraceParseOptions options;
                options.threads = traceThreads;
                options.seekOutsideWindow = seekEnabled();
                if (const auto probes = markerSeek.probesByPath.find(f->path); probes != markerSeek.probesByPath.end())
                    options.seekKnownProbes = &probes->second;
                const qint64 base = doneBytes;
                options.progress = [&](double done) {
                    if (fraction)
                        fraction(double(base + qint64(done * double(size))) / double(totalBytes));
                    return !canceled();
                };
                parseTraceFile(f->path, builder, report, options);
                if (f->kind == FileKind::LegacyTimeline && builder.stats().totalEvents > 0)
                    legacyDisplay = true;
                const auto& after = builder.stats().eventsByPhase;
                for (const char* p = kReportedPhases; *p; ++p) {
                    const auto i = std::uint8_t(*p);
                    if (after[i] - before[i] > 0)
                        report.addCount(QString(QLatin1Char(*p)), after[i] - before[i]);
                }
                doneBytes = base;
                advance(size);
                files.push_back(std::move(report));
            }
            LegacyTimeline legacy(*rank);
            for (const DiscoveredFile* f : legacyTimelineData) {
                FileReport report = reportFor(*f);
                if (canceled()) {
                    report.status = FileStatus::Skipped;
                    report.reason = Tr::tr("canceled");
                } else {
                    runParser(report, [&] { legacy.readTimelineData(f->path, report); });
                }
                advance(report.sizeBytes);
                files.push_back(std::move(report));
            }
            if (legacyRank)
                legacy.addTo(builder, legacyDisplay);
            const qint64 timesOutOfRange = builder.timesOutOfRange();
            rank->trace = builder.finish(traceThreads > 0 ? traceThreads : QThread::idealThreadCount());
            rank->trace.stats.timesOutOfRange = timesOutOfRange;
            if (legacyRank)
                legacy.finish(rank->trace, files);
            if (cacheable && !canceled())
                cache->write(cacheKey, rank->trace,
                    std::vector<FileReport>(files.begin() + std::ptrdiff_t(firstTraceReport), files.end()));
        }
        const TraceStats& stats = rank->trace.stats;
        QStringList notes;
        if (stats.flowStartsWithoutEnd)
            notes << Tr::tr("%1 flow starts without a finish").arg(stats.flowStartsWithoutEnd);
        if (stats.flowEndsWithoutStart)
            notes << Tr::tr("%1 flow finishes without a start").arg(stats.flowEndsWithoutStart);
        if (stats.unmatchedEnds)
            notes << Tr::tr("%1 E events without a B").arg(stats.unmatchedEnds);
        if (stats.unterminatedBegins)
            notes
                << Tr::tr("%1 B events without an E, closed at the thread's last event").arg(stats.unterminatedBegins);
        if (stats.skippedEvents)
            notes << Tr::tr("%1 events without a usable ph or ts were skipped").arg(stats.skippedEvents);
        if (stats.timesOutOfRange)
            notes << Tr::tr("%1 events had times outside the representable range (beyond ±%2 years) and were skipped")
                         .arg(stats.timesOutOfRange)
                         .arg(kMaxAbsTimeNs / (365LL * 24 * 3600 * 1000000000LL));
        if (stats.outsideWindow)
            notes << Tr::tr("%1 events outside the step window were skipped (partial import)").arg(stats.outsideWindow);
        // Attach the merged-trace notes to the last trace file used.
        for (auto it = files.rbegin(); it != files.rend() && !notes.isEmpty() && !traces.empty(); ++it) {
            if (it->kind == fileKindName(traces.back()->kind)) {
                it->warnings << notes;
                break;
            }
        }
    }

    // Device id from the data when the folder did not say.
    if (info.deviceId < 0 && rank->kernels && rank->kernels->size() > 0 && rank->kernels->deviceId.front() >= 0)
        info.deviceId = int(rank->kernels->deviceId.front());
    if (info.deviceId < 0 && rank->memoryRecords && rank->memoryRecords->size() > 0) {
        static const QRegularExpression npu(QStringLiteral("NPU:(\\d+)"));
        const auto m = npu.match(rank->memoryRecords->strings.string(rank->memoryRecords->deviceType.front()));
        if (m.hasMatch())
            info.deviceId = m.captured(1).toInt();
    }
    // A summary-only rank: the Device_id column of step_trace_time.csv (or StepTraceTime.deviceId).
    if (info.deviceId < 0 && !rank->stepTrace.empty() && rank->stepTrace.front().deviceId >= 0)
        info.deviceId = int(rank->stepTrace.front().deviceId);
    if (info.rankId < 0 && !rank->stepTrace.empty() && rank->stepTrace.front().rankId >= 0)
        info.rankId = int(rank->stepTrace.front().rankId);
    if (info.displayName.isEmpty())
        info.displayName = QFileInfo(info.rootPath).fileName();
    if (filter.hasSteps())
        window.notes << applyStepWindowToTables(*rank, filter);
    if (discovered.files.empty()) {
        FileReport empty;
        empty.path = info.rootPath;
        empty.kind = QStringLiteral("folder");
        empty.status = FileStatus::Skipped;
        empty.reason = Tr::tr("the rank folder is empty: the profiler wrote nothing here (still running, or it failed?)");
        files.push_back(std::move(empty));
    }
    if (fraction)
        fraction(1.0);
    return rank;
}

ProfilePtr ProfileLoader::load(const QStringList& paths, const LoadOptions& options, const LoadControl& control)
{
    QElapsedTimer timer;
    timer.start();
    auto profile = std::make_shared<Profile>();
    profile->rootPath = paths.value(0);
    QMutex progressMutex;
    int lastPermille = -1;
    auto report = [&](int permille, const QString& stage) {
        if (!control.progress)
            return;
        QMutexLocker lock(&progressMutex);
        if (permille == lastPermille && !stage.isEmpty() && permille != 0)
            return;
        lastPermille = permille;
        control.progress(std::clamp(permille, 0, 1000), stage);
    };
    auto canceled = [&control] { return control.isCanceled && control.isCanceled(); };

    report(0, Tr::tr("Scanning %1").arg(paths.join(QStringLiteral(", "))));
    DiscoveryResult discovery = discoverProfiles(paths, options.discovery);
    profile->report = std::move(discovery.report);
    profile->hcclJsonPath = discovery.hcclJsonPath;
    profile->hostIpsMappingPath = discovery.hostIpsMappingPath;
    profile->hostMapping = discovery.hostMapping;
    // Partial import: ranks outside --ranks are not read at all. A rank
    // whose id is unknown before reading is read, and dropped afterwards
    // when its id turns out to be outside.
    const LoadFilter& filter = options.filter;
    profile->partial.filter = filter;
    profile->partial.ranksFound = int(discovery.ranks.size());
    const QString rankList = formatIdList(filter.rankIds);
    const auto skipRank = [&](const RankInfo& info) {
        FileReport skipped;
        skipped.path = info.rootPath;
        skipped.kind = QStringLiteral("rank");
        skipped.status = FileStatus::Skipped;
        skipped.reason = Tr::tr("rank %1: not in --ranks %2").arg(info.rankId).arg(rankList);
        profile->report.files.push_back(std::move(skipped));
    };
    if (filter.hasRanks()) {
        std::vector<DiscoveredRank> kept;
        for (auto& r : discovery.ranks) {
            if (r.info.rankId < 0 || filter.keepsRank(r.info.rankId))
                kept.push_back(std::move(r));
            else
                skipRank(r.info);
        }
        discovery.ranks = std::move(kept);
    }
    report(20, Tr::tr("Found %n rank(s)", nullptr, int(discovery.ranks.size())));

    // Weights: bytes per rank, so that progress follows the work.
    const std::size_t n = discovery.ranks.size();
    std::vector<qint64> weight(n, 1);
    qint64 totalWeight = 0;
    for (std::size_t i = 0; i < n; ++i) {
        for (const auto& f : discovery.ranks[i].files)
            weight[i] += fileSize(f);
        totalWeight += weight[i];
    }
    std::vector<std::atomic<qint64>> doneWeight(n);
    std::atomic<qint64> doneTotal { 0 };
    std::atomic<int> ranksDone { 0 };

    std::optional<TraceCache> cache;
    if (options.useCache)
        cache.emplace(options.cacheDirectory);
    QThreadPool pool;
    const int workers = options.maxThreads > 0 ? options.maxThreads : QThread::idealThreadCount();
    pool.setMaxThreadCount(workers);
    // Cores not busy with other ranks decode chunks of a rank's trace.
    const int traceThreads = std::max(1, workers / int(std::max<std::size_t>(n, 1)));
    std::vector<std::shared_ptr<RankData>> loaded(n);
    std::vector<std::vector<FileReport>> rankFiles(n);
    std::vector<std::vector<OverviewCheck>> mismatches(n);
    // Every member of a group lists it: one copy of each list for all ranks.
    RankListPool rankLists;
    // One map over the ranks rather than a task and a future per rank: a
    // 1024-rank cluster paid a wake-up and a wait for every rank.
    std::vector<std::size_t> rankIndexes(n);
    std::iota(rankIndexes.begin(), rankIndexes.end(), std::size_t(0));
    QtConcurrent::blockingMap(&pool, rankIndexes, [&](const std::size_t i) {
        if (canceled())
            return;
        const DiscoveredRank& dr = discovery.ranks[i];
        auto fraction = [&, i](double f) {
            const auto w = qint64(f * double(weight[i]));
            const qint64 delta = w - doneWeight[i].exchange(w);
            const qint64 total = doneTotal += delta;
            if (!control.progress)
                return; // no one to tell: spare the message, formatted per file of every rank
            report(20 + int(960.0 * double(total) / double(std::max<qint64>(totalWeight, 1))),
                   Tr::tr("Loading %1 (%2 of %3 ranks done)")
                       .arg(dr.info.displayName)
                       .arg(ranksDone.load())
                       .arg(n));
        };
        LoadControl rankControl;
        rankControl.isCanceled = control.isCanceled;
        loaded[i] = loadRank(dr, rankFiles[i], rankControl, fraction, traceThreads, options.sources, filter,
                             cache ? &*cache : nullptr);
        if (loaded[i])
            for (ParallelGroup& g : loaded[i]->info.parallelGroups)
                rankLists.share(g.globalRanks);
        // Our recomputed step figures against the profiler's own (step_trace_time.csv /
        // StepTraceTime, Overlap Analysis lanes): a disagreement is said, not hidden.
        // Computed through the rank's memo, on this worker: the pages and the
        // advice read the same overview later instead of computing it again
        // on one thread.
        if (loaded[i] && !canceled() && !loaded[i]->trace.isEmpty())
            mismatches[i] = overviewMismatches(*rankOverview(*loaded[i]));
        ++ranksDone;
    });
    // msprof-analyze's cluster output: ranks known only from it, figures for ranks without their own.
    if (!canceled())
        mergeClusterOutput(discovery, loaded, rankFiles, *profile);

    report(985, Tr::tr("Finishing"));
    profile->report.canceled = canceled();
    if (filter.isActive())
        applyPartialToProfile(filter, loaded, rankFiles, *profile, skipRank);
    // Keep discovery order (rank id, host, path); index the file reports.
    std::map<int, QStringList> byRankId;
    for (std::size_t i = 0; i < loaded.size(); ++i) {
        if (!loaded[i])
            continue;
        const int index = int(profile->ranks.size());
        for (auto& fr : rankFiles[i]) {
            fr.rankIndex = index;
            profile->report.files.push_back(std::move(fr));
        }
        if (loaded[i]->info.rankId >= 0)
            byRankId[loaded[i]->info.rankId] << loaded[i]->info.rootPath;
        if (i < mismatches.size() && !mismatches[i].empty()) // ranks known only from cluster output have none
            profile->report.warning(
                Tr::tr("%1: the recomputed step figures differ from the profiler's own by more than 1% of the "
                       "step in %n place(s), the largest %2. The Overview shows the recomputed values; "
                       "`profscope-cli export --what overview-check` lists both for every step.",
                    nullptr, int(mismatches[i].size()))
                    .arg(rankWho(loaded[i]->info))
                    .arg(describeMismatch(mismatches[i].front())),
                loaded[i]->info.rootPath);
        profile->ranks.push_back(std::move(loaded[i]));
    }
    // Folder names relative to the opened folder read better than absolute paths.
    const QDir base(QFileInfo(profile->rootPath).isDir() ? profile->rootPath : QFileInfo(profile->rootPath).absolutePath());
    for (auto& [id, roots] : byRankId)
        for (auto& root : roots)
            if (const QString rel = base.relativeFilePath(root); !rel.startsWith(QLatin1String("..")))
                root = rel.isEmpty() || rel == QLatin1String(".") ? QFileInfo(root).fileName() : rel;
    for (const auto& [id, roots] : byRankId)
        if (roots.size() > 1)
            profile->report.warning(Tr::tr("%n folders claim rank %1: %2. They are all kept as separate ranks; "
                                           "open one job at a time if this is a mix-up.",
                                           nullptr, int(roots.size()))
                                        .arg(id)
                                        .arg(roots.join(QStringLiteral(", "))));
    if (profile->report.canceled)
        profile->report.warning(Tr::tr("loading was canceled: %n rank(s) loaded", nullptr, int(profile->ranks.size())));
    const qint64 ms = timer.elapsed();
    report(1000, ms < 1000 ? Tr::tr("Loaded %n rank(s) in %1 ms", nullptr, int(profile->ranks.size())).arg(ms)
                           : Tr::tr("Loaded %n rank(s) in %1 s", nullptr, int(profile->ranks.size()))
                                 .arg(double(ms) / 1000.0, 0, 'f', 1));
#if defined(__GLIBC__) && !PROFSCOPE_SANITIZED
    // The parsers' buffers and the builders' growth are freed now, but glibc
    // keeps freed heap (one arena per loader thread) in the process: hand it
    // back, so that resident memory is the model's, not the load's peak.
    // Not under AddressSanitizer: its allocator replaces glibc's, whose
    // arenas malloc_trim would then walk uninitialised (a crash when two
    // loads finish at once, as collect's verification threads do).
    malloc_trim(0);
#endif
    return profile;
}

QFuture<ProfilePtr> ProfileLoader::loadAsync(const QStringList& paths, const LoadOptions& options)
{
    return QtConcurrent::run(workPool(), [paths, options](QPromise<ProfilePtr>& promise) {
        promise.setProgressRange(0, 1000);
        LoadControl control;
        // Reading takes the first 90 %; the analyses every page needs first the rest.
        constexpr int kReadPermille = 900;
        LoadControl reading;
        QString lastStage; // the reader's own summary ("Loaded N ranks in …") is what stays shown
        reading.progress = [&promise, &lastStage](int permille, const QString& stage) {
            lastStage = stage;
            promise.setProgressValueAndText(permille * kReadPermille / 1000, stage);
        };
        reading.isCanceled = [&promise] { return promise.isCanceled(); };
        ProfilePtr profile = load(paths, options, reading);
        control.progress = [&promise](int permille, const QString& stage) {
            promise.setProgressValueAndText(permille, stage);
        };
        control.isCanceled = reading.isCanceled;
        if (options.prepare && profile)
            options.prepare(*profile, control, kReadPermille);
        if (!promise.isCanceled())
            promise.setProgressValueAndText(1000, lastStage);
        promise.addResult(std::move(profile));
    });
}

} // namespace profscope
