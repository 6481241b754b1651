// SPDX-License-Identifier: Apache-2.0
// Timeline rendering benchmark: >= 10 million synthetic slices built directly
// in the columnar model, rendered offscreen into a QImage at full zoom-out,
// mid zoom and deep zoom. Prints the first frame (geometry and per-depth
// index built), frames while panning (geometry rebuilt every frame) and
// cached frames (same range: hover, selection, vertical scroll), as median
// and max ms, and the peak RSS (VmHWM).
//
//   QT_QPA_PLATFORM=offscreen profscope-timeline-bench [--slices N] [--frames N]

#include "benchsupport.h"
#include "timeline/timelinewidget.h"

#include <QApplication>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <limits>
#include <vector>

using namespace profscope;

namespace {


// 4 processes x 8 threads; per thread groups of 5 nested slices (one parent,
// two children, one grandchild each), 25 us apart: a dense device stream.
ProfilePtr makeProfile(qint64 totalSlices)
{
    auto rank = std::make_shared<RankData>();
    rank->info.rankId = 0;
    rank->info.displayName = QStringLiteral("synthetic rank 0");
    TraceData& t = rank->trace;
    std::vector<StringId> names;
    for (int i = 0; i < 200; ++i)
        names.push_back(t.strings.intern("Kernel_" + std::to_string(i) + "_MatMulV2"));
    const StringId cat = t.strings.intern("kernel");
    const int processes = 4;
    const int threads = 8;
    const qint64 perThread = totalSlices / (processes * threads) + 5;
    const TimeNs base = 1736408883000000000LL;
    std::uint64_t rng = 12345;
    auto next = [&rng] {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        return rng;
    };
    for (int p = 0; p < processes; ++p) {
        ProcessTrack proc;
        proc.pid = 1000 + p;
        proc.name = p == 0 ? QStringLiteral("Python") : QStringLiteral("Ascend Hardware %1").arg(p);
        proc.labels = p == 0 ? QStringLiteral("CPU") : QStringLiteral("NPU");
        proc.sortIndex = p;
        for (int th = 0; th < threads; ++th) {
            ThreadTrack tt;
            tt.tid = th;
            tt.name = QStringLiteral("Stream %1").arg(th);
            tt.sortIndex = th;
            SliceColumns& s = tt.slices;
            s.reserve(std::size_t(perThread));
            TimeNs ts = base + TimeNs(next() % 5000);
            auto add = [&](TimeNs start, TimeNs dur, std::uint16_t depth) {
                s.startNs.push_back(start);
                s.durNs.push_back(dur);
                s.name.push_back(names[next() % names.size()]);
                s.category.push_back(cat);
                s.depth.push_back(depth);
                s.args.push_back({});
                s.taskType.push_back({});
            };
            while (qint64(s.size()) + 5 <= perThread) {
                const TimeNs parent = 18000 + TimeNs(next() % 4000);
                add(ts, parent, 0);
                const TimeNs child = parent / 2 - 1000;
                add(ts + 300, child, 1);
                add(ts + 400, child / 2, 2);
                add(ts + 300 + child + 200, child, 1);
                add(ts + 300 + child + 300, child / 2, 2);
                ts += parent + 2000 + TimeNs(next() % 5000);
            }
            tt.maxDepth = 2;
            proc.threads.push_back(std::move(tt));
        }
        // One counter per process, sampled every 20 us.
        CounterSeries cs;
        cs.name = t.strings.intern("HBM/Read");
        cs.key = t.strings.intern("Read(MB/s)");
        for (TimeNs x = base; x < base + 2'000'000'000LL; x += 20000) {
            cs.tsNs.push_back(x);
            cs.value.push_back(double(next() % 1000));
        }
        proc.counters.push_back(std::move(cs));
        t.processes.push_back(std::move(proc));
    }
    TimeNs lo = std::numeric_limits<TimeNs>::max(), hi = std::numeric_limits<TimeNs>::min();
    for (const auto& p : t.processes)
        for (const auto& th : p.threads) {
            lo = std::min(lo, th.slices.startNs.front());
            hi = std::max(hi, th.slices.endNs(th.slices.size() - 1));
        }
    t.rangeNs = { lo, hi };
    auto profile = std::make_shared<Profile>();
    profile->ranks.push_back(rank);
    return profile;
}

// CPU time of this thread: on a shared, loaded machine wall time also
// counts the time other processes had the core.
double threadCpuMs()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

struct Figures
{
    double firstMs = 0;
    double firstCpuMs = 0;
    double panCpuMedian = 0, cachedCpuMedian = 0;
    double panMedian = 0, panMax = 0;
    double cachedMedian = 0, cachedMax = 0;
    qint64 blocks = 0, slices = 0;
};

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

Figures measure(TimelineWidget& w, QImage& image, double startNs, double endNs, int frames)
{
    Figures f;
    QElapsedTimer timer;
    double cpu = 0;
    auto frame = [&] {
        timer.start();
        const double cpu0 = threadCpuMs();
        QPainter p(&image);
        w.render(&p);
        p.end();
        cpu = threadCpuMs() - cpu0;
        return double(timer.nsecsElapsed()) / 1e6;
    };
    w.setVisibleRange(startNs, endNs, false);
    f.firstMs = frame();
    f.firstCpuMs = cpu;
    f.blocks = w.renderer().lastFrameStats().blocks;
    f.slices = w.renderer().lastFrameStats().slicesInBlocks;
    std::vector<double> pan, cached, panCpu, cachedCpu;
    for (int i = 0; i < frames; ++i) {
        w.panByPx(i % 2 ? -3 : 3); // new range: every lane's geometry is rebuilt
        pan.push_back(frame());
        panCpu.push_back(cpu);
    }
    for (int i = 0; i < frames; ++i) {
        cached.push_back(frame());
        cachedCpu.push_back(cpu);
    }
    f.panCpuMedian = median(panCpu);
    f.cachedCpuMedian = median(cachedCpu);
    f.panMedian = median(pan);
    f.panMax = *std::max_element(pan.begin(), pan.end());
    f.cachedMedian = median(cached);
    f.cachedMax = *std::max_element(cached.begin(), cached.end());
    return f;
}

} // namespace

enum class OffThreadWork
{
    SummaryRows,
    LaneIndexes
};

struct OffThreadFrame
{
    double firstMs = 0; // the first frame, with placeholders
    int placeholders = 0;
    double builtMs = 0; // until the work is done and handed over
};

// The first frame on screen draws placeholders and starts the work off the
// GUI thread; waits until it is handed over.
OffThreadFrame firstFrameThenBuilt(TimelineWidget& w, QImage& image, OffThreadWork work)
{
    OffThreadFrame f;
    QElapsedTimer ready;
    ready.start();
    QPainter p(&image);
    w.render(&p);
    p.end();
    f.firstMs = double(ready.nsecsElapsed()) / 1e6;
    const TimelineFrameStats& stats = w.renderer().lastFrameStats();
    f.placeholders = work == OffThreadWork::SummaryRows ? stats.summariesPending : stats.lanesPending;
    const auto busy = [&w, work] {
        return work == OffThreadWork::SummaryRows ? w.renderer().summaryBuilder().isBusy()
                                                  : w.renderer().isBuildingIndexes();
    };
    while (busy())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    QCoreApplication::processEvents();
    f.builtMs = double(ready.nsecsElapsed()) / 1e6;
    return f;
}

int main(int argc, char** argv)
{
    profscope::bench::startLikeTheApplication(argv);
    QApplication app(argc, argv);
    qint64 slices = 10'000'000;
    int frames = 10;
    int only = -1; // --level 0|1|2: one zoom level (for profiling)
    int stack = 64; // --stack N: ranks stacked in one timeline (0: skip)
    const QStringList args = app.arguments();
    for (int i = 1; i + 1 < args.size(); ++i) {
        if (args[i] == QLatin1String("--slices"))
            slices = args[i + 1].toLongLong();
        else if (args[i] == QLatin1String("--frames"))
            frames = std::max(1, args[i + 1].toInt());
        else if (args[i] == QLatin1String("--level"))
            only = args[i + 1].toInt();
        else if (args[i] == QLatin1String("--stack"))
            stack = std::max(0, args[i + 1].toInt());
    }
    QElapsedTimer timer;
    timer.start();
    const ProfilePtr profile = makeProfile(slices);
    const double buildMs = double(timer.nsecsElapsed()) / 1e6;
    const std::size_t n = profile->ranks[0]->trace.sliceCount();
    std::printf("model: %zu slices in %zu lanes, built in %.0f ms, %.0f MB columns\n", n, std::size_t(4 * 8), buildMs,
        double(profile->ranks[0]->trace.memoryBytes()) / 1048576.0);

    TimelineWidget w;
    w.resize(1920, 1080);
    w.setAttribute(Qt::WA_DontShowOnScreen);
    w.show();
    QImage image(w.size(), QImage::Format_ARGB32_Premultiplied);
    // Baseline in the same run: every lane's index built in setProfile, waited for.
    w.model().setEagerIndexSlices(std::numeric_limits<qint64>::max());
    timer.start();
    w.setProfile(profile, { 0 });
    std::printf("setProfile, indexes built in it (baseline): %.1f ms\n", double(timer.nsecsElapsed()) / 1e6);
    w.model().setEagerIndexSlices(TimelineModel::kDefaultEagerIndexSlices);
    timer.start();
    w.setProfile(profile, { 0 });
    const double setMs = double(timer.nsecsElapsed()) / 1e6;
    {
        // As on screen: the first frame draws the lanes as placeholders,
        // their indexes are built off the GUI thread, the lanes follow.
        const OffThreadFrame f = firstFrameThenBuilt(w, image, OffThreadWork::LaneIndexes);
        std::printf("setProfile: %.1f ms; lane indexes off the GUI thread: first frame %.1f ms (%d lanes as "
                    "placeholders), all built after %.1f ms\n",
            setMs, f.firstMs, f.placeholders, f.builtMs);
    }
    const double span = double(w.model().spanNs());
    struct Level
    {
        const char* name;
        double start, end;
    };
    const Level levels[] = {
        { "full zoom-out", -span * 0.01, span * 1.01 },
        { "mid zoom (1/100)", span * 0.40, span * 0.41 },
        { "deep zoom (100 us)", span * 0.5, span * 0.5 + 100000 },
    };
    std::printf("wall ms (cpu ms of the GUI thread in brackets); pan = new range, geometry rebuilt; "
                "cached = same range\n");
    std::printf("%-20s %16s %16s %8s %16s %8s %7s %9s\n", "frame 1920x1080", "first", "pan median", "pan max",
        "cached median", "max", "blocks", "slices");
    for (const Level& l : levels) {
        if (only >= 0 && &l - levels != only)
            continue;
        const auto row = [&](const char* name) {
            const Figures f = measure(w, image, l.start, l.end, frames);
            std::printf("%-20s %7.1f (%6.1f) %7.1f (%6.1f) %8.1f %7.1f (%6.1f) %8.1f %7lld %9lld\n", name, f.firstMs,
                f.firstCpuMs, f.panMedian, f.panCpuMedian, f.panMax, f.cachedMedian, f.cachedCpuMedian, f.cachedMax,
                f.blocks, f.slices);
        };
        row(l.name);
        if (&l == levels) {
            // Baseline in the same run: runs merged while gaps stay under a
            // pixel, however long (no coverage shading along the lane).
            w.renderer().setMaxRunPx(0);
            row("  baseline: unbounded runs");
            w.renderer().setMaxRunPx(6.0);
        }
    }
    if (stack > 1) {
        // The multi-rank timeline: the same slice count spread over N ranks
        // (one rank's data shared N times, so memory stays that of one),
        // stacked with every rank expanded, then with every rank collapsed to
        // its summary row (the page's default beyond 8 ranks).
        const ProfilePtr one = makeProfile(std::max<qint64>(slices / stack, 1000));
        const std::size_t perRank = one->ranks[0]->trace.sliceCount();
        auto stacked = std::make_shared<Profile>();
        QList<int> ranks;
        for (int r = 0; r < stack; ++r) {
            stacked->ranks.push_back(one->ranks[0]);
            ranks << r;
        }
        timer.start();
        w.setProfile(stacked, ranks);
        std::printf("\n%d ranks stacked (%zu slices each, %zu in all): setProfile %.1f ms\n", stack, perRank,
            perRank * std::size_t(stack), double(timer.nsecsElapsed()) / 1e6);
        std::printf("%-20s %16s %16s %8s %16s %8s %7s %9s\n", "frame 1920x1080", "first", "pan median", "pan max",
            "cached median", "max", "blocks", "slices");
        const double stackedSpan = double(w.model().spanNs());
        for (int collapsed = 0; collapsed < 2; ++collapsed) {
            for (int r : std::as_const(ranks))
                w.model().setCollapsed(w.model().rankLane(r), collapsed == 1);
            w.relayoutLanes();
            const Level cases[] = {
                { collapsed ? "summary rows, all" : "expanded, all", -stackedSpan * 0.01, stackedSpan * 1.01 },
                { collapsed ? "summary rows, 1/100" : "expanded, 1/100", stackedSpan * 0.40, stackedSpan * 0.41 },
            };
            if (collapsed) {
                // As on screen: the summary rows are built off the GUI thread;
                // the first frame draws placeholders, the rows follow.
                w.setSummaryBuild(TimelineWidget::SummaryBuild::OffThread);
                w.refresh();
                w.setVisibleRange(cases[0].start, cases[0].end, false);
                const OffThreadFrame f = firstFrameThenBuilt(w, image, OffThreadWork::SummaryRows);
                std::printf("summary rows off the GUI thread: first frame %.1f ms (%d rows as placeholders), "
                            "all rows built after %.1f ms\n",
                    f.firstMs, f.placeholders, f.builtMs);
            }
            for (const Level& l : cases) {
                const Figures f = measure(w, image, l.start, l.end, frames);
                std::printf("%-20s %7.1f (%6.1f) %7.1f (%6.1f) %8.1f %7.1f (%6.1f) %8.1f %7lld %9lld\n", l.name,
                    f.firstMs, f.firstCpuMs, f.panMedian, f.panCpuMedian, f.panMax, f.cachedMedian, f.cachedCpuMedian,
                    f.cachedMax, f.blocks, f.slices);
            }
            if (collapsed) {
                // And built at once (a hidden widget: exports), for comparison.
                w.setSummaryBuild(TimelineWidget::SummaryBuild::Immediate);
                w.refresh();
                const Figures f = measure(w, image, cases[0].start, cases[0].end, frames);
                std::printf("%-20s %7.1f (%6.1f) %7.1f (%6.1f) %8.1f %7.1f (%6.1f) %8.1f %7lld %9lld\n",
                    "summary rows, built at once", f.firstMs, f.firstCpuMs, f.panMedian, f.panCpuMedian, f.panMax,
                    f.cachedMedian, f.cachedCpuMedian, f.cachedMax, f.blocks, f.slices);
            }
        }
    }
    std::printf("peak RSS (VmHWM): %lld kB\n", static_cast<long long>(bench::peakRssKb()));
    return 0;
}
