// SPDX-License-Identifier: Apache-2.0
#include "stepscan.h"

#include "../parse/jsonscan.h"
#include "../parse/legacyparsers.h"
#include "../parse/numbers.h"
#include "../parse/csvseek.h" // taskSeekSlackNs
#include "../parse/sqlitedb.h"
#include "../parse/tableparsers.h" // seekEnabled

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#ifdef Q_OS_UNIX
#include <sys/mman.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <cstring>
#include <map>
#include <string_view>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::StepScan)
};

constexpr std::string_view kMarker = "\"ProfilerStep#";

// The event object around a marker name at `at`: back to its '{' (names
// come before nested args in every writer we know), forward to the
// matching '}'. Empty when the text is not an event object.
std::string_view enclosingObject(const char* data, std::size_t size, std::size_t at)
{
    std::size_t begin = at;
    int depth = 0;
    while (begin > 0) {
        --begin;
        const char c = data[begin];
        if (c == '}')
            ++depth;
        else if (c == '{' && depth-- == 0)
            break;
        if (at - begin > 4096)
            return {};
    }
    if (data[begin] != '{')
        return {};
    // Event objects are small: a runaway object is not one.
    const std::size_t limit = std::min(size, begin + (std::size_t(1) << 20));
    const std::size_t end = skipJsonValue(data, limit, begin);
    if (end != std::string_view::npos && end > begin && data[end - 1] == '}')
        return { data + begin, end - begin };
    return {};
}

// The first "ProfilerStep# that starts in [from, end - its length]. A
// memchr for its last byte, '#', which a trace holds a handful of times
// (10 in a generated 128 MiB one, 4 in a real 2 MB one), then a look at the
// 13 bytes before it: memchr runs at several times memmem's speed, and
// the marker scan is a pass over the whole file before the parse.
const char* findMarker(const char* data, std::size_t from, std::size_t end)
{
    constexpr std::size_t hashAt = kMarker.size() - 1;
    std::size_t pos = from + hashAt;
    while (pos < end) {
        const auto* hash = static_cast<const char*>(std::memchr(data + pos, '#', end - pos));
        if (!hash)
            return nullptr;
        const char* start = hash - hashAt;
        if (std::memcmp(start, kMarker.data(), hashAt) == 0)
            return start;
        pos = std::size_t(hash - data) + 1;
    }
    return nullptr;
}

// CANN msprof timelines (PROF_*/device_N/timeline) mark each iteration
// with an X event "Iteration N" on the step trace lane (and "Iteration
// Refresh N", which is not a step).
constexpr std::string_view kIterationMarker = "\"Iteration ";

std::optional<qint64> stepNumber(std::string_view id)
{
    if (id.starts_with("ProfilerStep#"))
        id.remove_prefix(13);
    else if (id.starts_with("Iteration "))
        id.remove_prefix(10);
    if (id.empty() || id.size() > 18 || !std::all_of(id.begin(), id.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    return parseInt(id);
}

// The marker event whose name starts at `at` (its opening quote), if it is
// an X event named as a step: appended to `marks`. Anything else (the text
// in an args value, a B/E pair, a broken event) is not a marker.
void addMarker(const char* data, std::size_t size, std::size_t at, std::vector<StepMark>& marks)
{
    const std::string_view object = enclosingObject(data, size, at);
    RawEventMembers ev;
    if (object.empty() || !readRawEventMembers(object, ev) || ev.ph != "X")
        return;
    const auto step = stepNumber(ev.name);
    const auto ts = parseUsToNs(ev.ts);
    const auto dur = parseUsToNs(ev.dur);
    if (!step || !ts || !dur)
        return;
    marks.push_back({ *step, { *ts, *ts + std::max<TimeNs>(*dur, 0) } });
}

} // namespace

std::vector<StepMark> scanTraceStepMarkers(const QString& path, QString* error,
                                           const std::function<bool(double)>& progress)
{
    return scanTraceStepMarkers(path, TraceMarkers::ProfilerSteps, error, progress);
}

std::vector<StepMark> scanTraceStepMarkers(const QString& path, TraceMarkers kinds, QString* error,
                                           const std::function<bool(double)>& progress)
{
    std::vector<StepMark> marks;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = Tr::tr("cannot open: %1").arg(file.errorString());
        return marks;
    }
    const auto size = std::size_t(file.size());
    if (size == 0)
        return marks;
    QByteArray fallback;
    const char* data = reinterpret_cast<const char*>(file.map(0, qint64(size)));
    if (!data) {
        fallback = file.readAll();
        data = fallback.constData();
    }
    // findMarker runs at memory speed: the scan costs a read of the file
    // from the page cache, a fraction of a parse.
    constexpr std::size_t kProgressBytes = 64u << 20;
    std::size_t pos = 0, nextProgress = kProgressBytes;
    [[maybe_unused]] std::size_t releasedTo = 0;
    bool stopped = false;
    while (pos < size && !stopped) {
        if (pos >= nextProgress) {
            nextProgress = pos + kProgressBytes;
#ifdef Q_OS_UNIX
            // The pages searched are done with: drop them from the process
            // (a read-only file mapping: re-read if ever touched again), or
            // the peak RSS of a partial import counts the whole file.
            static const std::size_t pageBytes = std::size_t(sysconf(_SC_PAGESIZE));
            const std::size_t doneTo = pos > (1u << 20) ? (pos - (1u << 20)) / pageBytes * pageBytes : 0;
            if (fallback.isNull() && doneTo > releasedTo) {
                madvise(const_cast<char*>(data) + releasedTo, doneTo - releasedTo, MADV_DONTNEED);
                releasedTo = doneTo;
            }
#endif
            if (progress && !progress(double(pos) / double(size)))
                stopped = true;
        }
        // Search up to the next progress point (plus a marker's length, so
        // that a marker across the point is found once).
        const std::size_t end = std::min(size, nextProgress + kMarker.size());
        const char* hit = findMarker(data, pos, end);
        if (!hit) {
            pos = std::min(size, nextProgress);
            continue;
        }
        const auto at = std::size_t(static_cast<const char*>(hit) - data);
        pos = at + kMarker.size();
        addMarker(data, size, at, marks);
    }
    if (kinds == TraceMarkers::ProfilerStepsAndIterations && !stopped) {
        // A second pass for the CANN markers: msprof timelines are a few MB
        // per iteration, and "Iteration has no rare byte for memchr.
        const std::string_view text(data, size);
        for (std::size_t at = text.find(kIterationMarker); at != std::string_view::npos;
             at = text.find(kIterationMarker, at + kIterationMarker.size()))
            addMarker(data, size, at, marks);
    }
    if (progress && !stopped)
        progress(1.0);
    return marks;
}

MarkerSeekResult seekTraceStepMarkers(const QString& path, qint64 firstStep, qint64 lastStep, QString* error,
                                      const std::function<bool(double)>& progress, const TraceSeekOptions& options)
{
    MarkerSeekResult result;
    auto wholeScan = [&] {
        result.marks = scanTraceStepMarkers(path, error, progress);
        result.sought = false;
        result.searchedBytes = QFileInfo(path).size();
        return result;
    };
    QFile file(path);
    if (firstStep < 0 || lastStep < firstStep || !file.open(QIODevice::ReadOnly)
        || std::size_t(file.size()) < std::max<std::size_t>(options.minBytes, kMarker.size()))
        return wholeScan();
    const auto size = std::size_t(file.size());
    const char* data = reinterpret_cast<const char*>(file.map(0, qint64(size)));
    if (!data)
        return wholeScan();

    // The pages searched are dropped from the process as the search moves
    // on (as in the whole scan), or the peak RSS counts them.
    [[maybe_unused]] std::size_t releasedTo = 0;
    auto releaseBefore = [&]([[maybe_unused]] std::size_t at) {
#ifdef Q_OS_UNIX
        static const std::size_t pageBytes = std::size_t(sysconf(_SC_PAGESIZE));
        const std::size_t doneTo = at > (1u << 20) ? (at - (1u << 20)) / pageBytes * pageBytes : 0;
        if (doneTo >= releasedTo + (16u << 20)) {
            madvise(const_cast<char*>(data) + releasedTo, doneTo - releasedTo, MADV_DONTNEED);
            releasedTo = doneTo;
        }
#endif
    };
    // The next marker event at or after `from`, searched to the file's end.
    std::size_t searched = 0;
    auto nextMarker = [&](std::size_t from, StepMark& mark) -> std::size_t {
        for (std::size_t p = from; p < size;) {
            // A bounded stretch at a time, so that the pages behind are dropped.
            const std::size_t end = std::min(size, p + (std::size_t(16) << 20));
            const char* hit = findMarker(data, p, std::min(size, end + kMarker.size()));
            if (!hit) {
                searched += end - p;
                p = end;
                releaseBefore(p);
                continue;
            }
            const auto at = std::size_t(hit - data);
            searched += at + kMarker.size() - p;
            releaseBefore(at);
            std::vector<StepMark> one;
            addMarker(data, size, at, one);
            if (!one.empty()) {
                mark = one.front();
                return at;
            }
            p = at + kMarker.size();
        }
        return std::string::npos;
    };
    StepMark cur;
    std::size_t curAt = nextMarker(0, cur);
    if (curAt == std::string::npos || cur.step > firstStep)
        return wholeScan(); // no marker, or the window starts before the first one
    result.marks.push_back(cur);
    TimeNs shortestNs = cur.rangeNs.durationNs();
    std::vector<TraceProbe>& probes = result.probes; // made at the first jump
    auto advance = [&](std::size_t from) {
        StepMark next;
        const std::size_t at = nextMarker(from, next);
        if (at == std::string::npos)
            return false;
        if (next.step <= cur.step || next.rangeNs.startNs < cur.rangeNs.startNs)
            return false; // out of order: not the layout a jump relies on
        cur = next;
        curAt = at;
        result.marks.push_back(cur);
        if (cur.rangeNs.durationNs() > 0)
            shortestNs = shortestNs > 0 ? std::min(shortestNs, cur.rangeNs.durationNs()) : cur.rangeNs.durationNs();
        return true;
    };
    while (cur.step < firstStep) {
        if (progress && !progress(double(curAt) / double(size)))
            return result; // canceled: the caller drops the rank
        std::size_t from = curAt + kMarker.size();
        if (shortestNs > 0) {
            // Markers of the steps still to go start at the estimate or later.
            const TimeNs slackNs = taskSeekSlackNs({ 0, shortestNs });
            const qint64 toGo = firstStep - cur.step - 1;
            const TimeNs estimateNs = toGo > (kMaxAbsTimeNs / shortestNs)
                ? kMaxAbsTimeNs
                : saturatingAdd(cur.rangeNs.endNs, toGo * (shortestNs / 10 * 9));
            if (probes.empty()) {
                TraceSeekOptions probing = options;
                probing.mapped = true;
                probes = probeTrace(data, 0, size, probing);
            }
            // The first probe after the marker, then the longest chain of
            // agreeing probes whose times (widened by the slack) end before
            // the estimate: no marker still wanted lies between them.
            std::size_t i = std::size_t(std::upper_bound(probes.begin(), probes.end(), curAt,
                                                         [](std::size_t at, const TraceProbe& p) { return at < p.begin; })
                                        - probes.begin());
            std::size_t k = i;
            if (i < probes.size() && probes[i].valid && saturatingAdd(probes[i].highNs, slackNs) <= estimateNs)
                while (k + 1 < probes.size() && probesAgree(probes[k], probes[k + 1], slackNs)
                       && saturatingAdd(probes[k + 1].highNs, slackNs) <= estimateNs)
                    ++k;
            // Up to the first probe the bytes are searched as they come: a
            // marker there is simply the next one.
            if (k > i && !findMarker(data, from, std::min(size, probes[i].begin + kMarker.size()))) {
                searched += probes[i].begin > from ? probes[i].begin - from : 0;
                if (!advance(probes[k].begin))
                    return wholeScan();
                if (cur.step > firstStep)
                    return wholeScan(); // past the first step: it may lie in the stretch jumped over
                continue;
            }
        }
        if (!advance(from))
            return wholeScan();
    }
    if (cur.step != firstStep)
        return wholeScan();
    while (cur.step < lastStep) {
        StepMark next;
        const std::size_t at = nextMarker(curAt + kMarker.size(), next);
        if (at == std::string::npos)
            break;
        if (next.step <= cur.step)
            return wholeScan();
        cur = next;
        curAt = at;
        result.marks.push_back(cur);
    }
    result.sought = true;
    result.searchedBytes = qint64(searched);
    if (progress)
        progress(1.0);
    return result;
}

std::vector<StepMark> scanDbStepMarkers(const QString& path, QString* error)
{
    std::vector<StepMark> marks;
    SqliteDb db;
    if (!db.open(path, error))
        return marks;
    if (!db.hasTable(QStringLiteral("STEP_TIME")))
        return marks;
    SqlQuery q(db, "SELECT id, startNs, endNs FROM STEP_TIME");
    while (q.next()) {
        if (q.isNull(1) || q.isNull(2))
            continue;
        const QByteArray id = q.string(0).toUtf8();
        if (const auto step = stepNumber(std::string_view(id.constData(), std::size_t(id.size()))))
            marks.push_back({ *step, { q.int64(1), q.int64(2) } });
    }
    if (!q.error().isEmpty() && error)
        *error = q.error();
    return marks;
}

std::vector<StepMark> scanRankStepMarkers(const DiscoveredRank& rank, const std::function<bool(double)>& progress,
                                          const LoadFilter* filter, RankMarkerSeek* seek)
{
    std::map<qint64, TimeRange> byStep;
    auto add = [&byStep](const std::vector<StepMark>& marks) {
        for (const StepMark& m : marks) {
            auto [it, inserted] = byStep.try_emplace(m.step, m.rangeNs);
            if (!inserted) {
                it->second.startNs = std::min(it->second.startNs, m.rangeNs.startNs);
                it->second.endNs = std::max(it->second.endNs, m.rangeNs.endNs);
            }
        }
    };
    // Databases first: their STEP_TIME is a few rows; the JSON scan reads the file.
    for (const auto& f : rank.files)
        if (f.kind == FileKind::Database)
            add(scanDbStepMarkers(f.path));
    if (byStep.empty()) {
        for (const auto& f : rank.files) {
            if ((f.kind == FileKind::TraceView || f.kind == FileKind::LegacyTimeline) && filter && filter->hasSteps()
                && seekEnabled()) {
                MarkerSeekResult r = seekTraceStepMarkers(f.path, filter->firstStep, filter->lastStep, nullptr, progress);
                if (seek) {
                    seek->sought = seek->sought || r.sought;
                    if (!r.probes.empty())
                        seek->probesByPath[f.path] = std::move(r.probes);
                }
                add(r.marks);
            } else if (f.kind == FileKind::TraceView || f.kind == FileKind::LegacyTimeline)
                add(scanTraceStepMarkers(f.path, nullptr, progress));
            else if (f.kind == FileKind::CannTimeline)
                add(scanTraceStepMarkers(f.path, TraceMarkers::ProfilerStepsAndIterations, nullptr, progress));
        }
    }
    std::vector<StepMark> out;
    out.reserve(byStep.size());
    for (const auto& [step, range] : byStep)
        out.push_back({ step, range });
    return out;
}

// The steps of an old MindInsight rank without timeline markers: the step_num
// of its step_trace_raw rows (a few KB). Numbers only: their times are in
// cycles of the device clock, and the loader cuts these rows by number
// (partialtables.cpp), so the open dialog lists them without a time window.
static std::vector<qint64> legacyStepNumbers(const DiscoveredRank& rank)
{
    std::vector<qint64> steps;
    for (const auto& f : rank.files) {
        if (f.kind != FileKind::LegacyStepTrace)
            continue;
        LegacyStepTrace table;
        FileReport report;
        if (!parseLegacyStepTrace(f.path, table, report))
            continue;
        for (const LegacyStepTraceRow& r : table.rows)
            steps.push_back(r.stepNum);
    }
    std::sort(steps.begin(), steps.end());
    steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
    return steps;
}

QuickScan quickScanProfile(const QStringList& paths, const DiscoveryOptions& options,
                           const std::function<bool(double)>& progress)
{
    QuickScan scan;
    const DiscoveryResult discovery = discoverProfiles(paths, options);
    const std::size_t n = discovery.ranks.size();
    for (std::size_t i = 0; i < n && !scan.canceled; ++i) {
        const DiscoveredRank& r = discovery.ranks[i];
        QuickScanRank rank;
        rank.rankId = r.info.rankId;
        rank.displayName = r.info.displayName;
        rank.rootPath = r.info.rootPath;
        const auto marks = scanRankStepMarkers(r, [&](double f) {
            const bool go = !progress || progress((double(i) + f) / double(n));
            scan.canceled = scan.canceled || !go;
            return go;
        });
        for (const StepMark& m : marks)
            rank.steps.push_back(m.step);
        if (marks.empty())
            rank.steps = legacyStepNumbers(r);
        scan.steps.insert(scan.steps.end(), rank.steps.begin(), rank.steps.end());
        scan.ranks.push_back(std::move(rank));
        if (progress && !progress(double(i + 1) / double(n)))
            scan.canceled = true;
    }
    std::sort(scan.steps.begin(), scan.steps.end());
    scan.steps.erase(std::unique(scan.steps.begin(), scan.steps.end()), scan.steps.end());
    return scan;
}

TimeRange stepWindowRange(const std::vector<StepMark>& marks, const LoadFilter& filter, std::vector<qint64>* stepsKept)
{
    TimeRange range { std::numeric_limits<TimeNs>::max(), std::numeric_limits<TimeNs>::min() };
    for (const StepMark& m : marks) {
        if (!filter.keepsStep(m.step))
            continue;
        range.startNs = std::min(range.startNs, m.rangeNs.startNs);
        range.endNs = std::max(range.endNs, m.rangeNs.endNs);
        if (stepsKept)
            stepsKept->push_back(m.step);
    }
    return range.startNs < range.endNs ? range : TimeRange {};
}

} // namespace profscope
