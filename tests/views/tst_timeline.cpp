// SPDX-License-Identifier: Apache-2.0
// The Timeline page offscreen on the real level1 ranks, what it draws against
// the trace: lanes against the trace's processes and threads, flow arrows per
// category against the s/f events, hit testing, level of detail, range
// statistics against sums over the JSON, several ranks' clock alignment.
// Every expected value is computed here from trace_view.json with
// QJsonDocument (timelinetracejson.h). Navigation and export: tst_timelinenavigation.

#include "analysis/cluster.h"
#include "common/export.h"
#include "common/viewstate.h"
#include "generate/clustergenerator.h"
#include "load/profileloader.h"
#include "testsupport.h"
#include "timelinetracejson.h"
#include "timeline/rangepanel.h"
#include "timeline/rangestatsmodel.h"
#include "timeline/timelinepage.h"
#include "timeline/timelinetables.h"
#include "timeline/timelinewidget.h"
#include "viewtestsupport.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QMenu>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <QTableView>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QPainter>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QWheelEvent>

#include <map>
#include <set>

using namespace profscope;
using namespace timelinetest;

class TestTimeline : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void lanesMatchTrace_data();
    void lanesMatchTrace();
    void flowArrowsPerCategory_data();
    void flowArrowsPerCategory();
    void hitTestFindsSlice_data();
    void hitTestFindsSlice();
    void levelOfDetail_data();
    void levelOfDetail();
    void deepStacksAreCappedUntilExpanded();
    void rangeStatistics_data();
    void rangeStatistics();
    void severalRanksAndClockAlignment();

private:
    ProfilePtr m_profile;
    JsonTrace m_json[2];
};

void TestTimeline::initTestCase()
{
    loadLevel1(QStringLiteral("tst_timeline"), m_profile, m_json);
}

void TestTimeline::lanesMatchTrace_data()
{
    QTest::addColumn<int>("rank");
    QTest::newRow("level1 rank0") << 0;
    QTest::newRow("level1 rank1") << 1;
}

void TestTimeline::lanesMatchTrace()
{
    QFETCH(int, rank);
    ViewState state;
    state.setProfile(m_profile);
    state.setCurrentRank(rank);
    TimelinePage page(&state);
    const TimelineModel& m = page.timeline()->model();
    const JsonTrace& json = m_json[rank];

    std::set<qint64> pids;
    for (const auto& [pid, tid] : json.threads)
        pids.insert(pid);
    for (const auto& [pid, name, key] : json.counters)
        pids.insert(pid);
    int processLanes = 0, threadLanes = 0, counterLanes = 0, rankLanes = 0;
    for (const TimelineLane& l : m.lanes()) {
        processLanes += l.kind == LaneKind::Process;
        threadLanes += l.kind == LaneKind::Thread;
        counterLanes += l.kind == LaneKind::Counter;
        rankLanes += l.kind == LaneKind::Rank;
    }
    QCOMPARE(rankLanes, 1);
    QCOMPARE(processLanes, int(pids.size()));
    QCOMPARE(threadLanes, int(json.threads.size()));
    QCOMPARE(counterLanes, int(json.counters.size()));
    // Every JSON thread and counter has its lane, titled after the metadata.
    for (const auto& [pid, tid] : json.threads)
        QVERIFY2(laneOf(m, LaneKind::Thread, pid, tid) >= 0, qPrintable(QStringLiteral("%1/%2").arg(pid).arg(tid)));
    for (qint64 pid : pids) {
        const int l = laneOf(m, LaneKind::Process, pid);
        QVERIFY(l >= 0);
        if (json.processNames.contains(pid))
            QCOMPARE(m.lane(l).title, json.processNames[pid]);
    }
    // Sort indexes honoured: processes, then threads within each process.
    const TimelineLane& root = m.lane(m.roots().front());
    qint64 lastSort = std::numeric_limits<qint64>::min();
    for (int p : root.children) {
        const qint64 pid = m.processTrack(p).pid;
        const qint64 sort = json.processSort.value(pid, pid);
        QVERIFY2(sort >= lastSort, qPrintable(m.lane(p).title));
        lastSort = sort;
        qint64 lastThread = std::numeric_limits<qint64>::min();
        for (int c : m.lane(p).children) {
            if (m.lane(c).kind != LaneKind::Thread)
                continue;
            const qint64 tid = m.threadTrack(c).tid;
            const auto it = json.threadSort.find({ pid, tid });
            const qint64 ts = it == json.threadSort.end() ? tid : it->second;
            QVERIFY2(ts >= lastThread, qPrintable(m.lanePath(c)));
            lastThread = ts;
        }
    }
    // All lanes are rows when nothing is collapsed or hidden.
    QCOMPARE(m.scrollRows().size(), m.lanes().size());
}

void TestTimeline::flowArrowsPerCategory_data()
{
    lanesMatchTrace_data();
}

void TestTimeline::flowArrowsPerCategory()
{
    QFETCH(int, rank);
    const JsonTrace& json = m_json[rank];
    QVERIFY(!json.flowArrows.isEmpty());
    // One start with several finishes occurs in these traces.
    QVERIFY(json.flowFinishes.value(QStringLiteral("HostToDevice"))
        > json.flowStarts.value(QStringLiteral("HostToDevice")));

    ViewState state;
    state.setProfile(m_profile);
    state.setCurrentRank(rank);
    TimelinePage page(&state);
    TimelineWidget* w = page.timeline();
    w->resize(1600, 900);
    // HostToDevice is on by default.
    QCOMPARE(w->enabledFlowCategories(), QSet<QString>({ QStringLiteral("HostToDevice") }));
    QSet<QString> categories;
    for (const auto& [cat, n] : w->flowCategories()) {
        categories.insert(cat);
        page.setFlowCategoryEnabled(cat, true);
    }
    QCOMPARE(categories, QSet<QString>(json.flowArrows.keyBegin(), json.flowArrows.keyEnd()));
    w->fitAll();
    renderWidget(w);
    auto arrows = [&] {
        QMap<QString, qint64> out;
        for (const auto& [cat, n] : w->renderer().lastFrameStats().arrowsByCategory)
            out[cat] = n;
        return out;
    };
    QCOMPARE(arrows(), json.flowArrows);
    // Zoomed out, launches share their end pixels: fewer arrows are drawn than are in
    // view, none lost from the counts above.
    qint64 inView = 0;
    for (qint64 n : json.flowArrows)
        inView += n;
    const int drawn = w->renderer().lastFrameStats().arrowsDrawn;
    QVERIFY2(drawn > 0 && drawn < inView, qPrintable(QStringLiteral("%1 drawn of %2").arg(drawn).arg(inView)));
    // That many over 1600 px: light, so the lanes under them stay readable.
    QVERIFY(w->renderer().lastFrameStats().arrowsLight);

    // Collapsed lanes: the arrows attach to the group header, none is lost.
    TimelineModel& m = w->model();
    const int hardware = m.processLane(m.ranks().front(),
        int(m.trace(rank)->findProcess(QStringLiteral("Ascend Hardware")) - m.trace(rank)->processes.data()));
    QVERIFY(hardware >= 0);
    m.setCollapsed(hardware, true);
    w->relayoutLanes();
    renderWidget(w);
    QCOMPARE(arrows(), json.flowArrows);

    // Hidden lanes: their arrows go.
    m.setCollapsed(hardware, false);
    m.setHidden(hardware, true);
    w->relayoutLanes();
    renderWidget(w);
    const qint64 hwPid = m.processTrack(hardware).pid;
    QMap<QString, qint64> expected;
    for (const auto& [cat, fPid, sPid] : json.finishes)
        if (fPid != hwPid && sPid != hwPid)
            ++expected[cat];
    QCOMPARE(arrows(), expected);
    m.showAllLanes();
    w->relayoutLanes();

    // Off: no arrows at all.
    for (const QString& c : std::as_const(categories))
        page.setFlowCategoryEnabled(c, false);
    renderWidget(w);
    QVERIFY(w->renderer().lastFrameStats().arrowsByCategory.empty());
}

void TestTimeline::hitTestFindsSlice_data()
{
    lanesMatchTrace_data();
}

void TestTimeline::hitTestFindsSlice()
{
    QFETCH(int, rank);
    const JsonTrace& json = m_json[rank];
    TimelineWidget w;
    w.resize(1400, 6000); // every lane on screen
    w.setProfile(m_profile, { rank });
    const TimelineModel& m = w.model();

    // Per thread, its longest slice that overlaps no other slice of the
    // thread: it is on the lane's first row.
    std::map<std::pair<qint64, qint64>, Slice> pick;
    for (const Slice& s : json.slices) {
        bool overlaps = false;
        for (const Slice& o : json.slices)
            if (o.pid == s.pid && o.tid == s.tid && &o != &s && o.tsNs < s.tsNs + s.durNs
                && s.tsNs < o.tsNs + o.durNs) {
                overlaps = true;
                break;
            }
        if (overlaps || s.durNs < 10)
            continue;
        auto& best = pick[{ s.pid, s.tid }];
        if (s.durNs > best.durNs)
            best = s;
    }
    QVERIFY(pick.size() >= 10);
    int checked = 0;
    for (const auto& [key, s] : pick) {
        const int lane = laneOf(m, LaneKind::Thread, key.first, key.second);
        QVERIFY(lane >= 0);
        const double a = double(s.tsNs - m.originNs());
        w.setVisibleRange(a - s.durNs / 2.0, a + s.durNs * 1.5, false);
        const QImage image = renderWidget(&w);
        const TimelineViewport vp = w.viewport();
        const TimelineRow* row = m.rowOf(lane);
        QVERIFY(row);
        const int y = w.renderer().rowTop(*row, vp) + 2;
        if (y >= vp.height)
            continue;
        const int x = int(vp.xOf(a + s.durNs / 2.0));
        const SliceRef hit = w.renderer().hitTest(QPointF(x, y), vp);
        QVERIFY2(hit.isValid(), qPrintable(s.name));
        QCOMPARE(hit.lane, lane);
        const SliceColumns& c = m.threadTrack(lane).slices;
        QCOMPARE(m.trace(rank)->strings.string(c.name[hit.slice]), s.name);
        QCOMPARE(c.startNs[hit.slice], s.tsNs);
        QCOMPARE(c.durNs[hit.slice], s.durNs);
        // And it is drawn there, in its colour.
        QCOMPARE(QColor(image.pixel(x, y)).rgb(), QColor(w.renderer().sliceFill(lane, hit.slice)).rgb());
        ++checked;
    }
    QVERIFY(checked >= 10);
    // Nothing in the header column or the ruler.
    QVERIFY(!w.renderer().hitTest(QPointF(10, 200), w.viewport()).isValid());
    QVERIFY(!w.renderer().hitTest(QPointF(600, 5), w.viewport()).isValid());
}

void TestTimeline::levelOfDetail_data()
{
    lanesMatchTrace_data();
}

// A real rank's Python lanes are dozens of frames deep: they show their top
// levels, so the device lanes are on the first screen; a click on the header
// or a jump to a deep slice shows every level.
void TestTimeline::deepStacksAreCappedUntilExpanded()
{
    TimelineWidget w;
    w.resize(1200, 700);
    w.setProfile(m_profile, { 0 });
    TimelineModel& m = w.model();
    int deep = -1;
    for (int lane = 0; lane < int(m.lanes().size()); ++lane)
        if (m.lane(lane).kind == LaneKind::Thread && m.depthRows(lane) > TimelineModel::kCappedDepthRows) {
            deep = lane;
            break;
        }
    QVERIFY2(deep >= 0, "the real rank has a host lane deeper than the cap");
    QVERIFY(m.isDepthCapped(deep));
    QCOMPARE(m.rowOf(deep)->height, TimelineModel::kCappedDepthRows * m.metrics().rowHeight + 2);
    // The first Ascend Hardware lane starts within the first screen.
    int device = -1;
    for (int lane = 0; lane < int(m.lanes().size()) && device < 0; ++lane)
        if (m.lane(lane).kind == LaneKind::Thread
            && m.threadTrack(lane).role == LaneRole::DeviceTasks)
            device = lane;
    QVERIFY(device >= 0);
    QVERIFY2(m.rowOf(device)->y < 700, qPrintable(QString::number(m.rowOf(device)->y)));
    // A click on the deep lane's header shows all its levels, a second hides them again.
    renderWidget(&w);
    const int y = w.renderer().rowTop(*m.rowOf(deep), w.viewport()) + 4;
    QTest::mouseClick(&w, Qt::LeftButton, Qt::NoModifier, QPoint(20, y));
    QVERIFY(!m.isDepthCapped(deep));
    QCOMPARE(m.rowOf(deep)->height, m.depthRows(deep) * m.metrics().rowHeight + 2);
    QTest::mouseClick(&w, Qt::LeftButton, Qt::NoModifier, QPoint(20, y));
    QVERIFY(m.isDepthCapped(deep));
    // Selecting a slice below the cap (a search hit, a jump) expands the lane.
    const SliceColumns& s = m.threadTrack(deep).slices;
    std::uint32_t deepSlice = 0;
    while (deepSlice < s.size() && s.depth[deepSlice] < TimelineModel::kCappedDepthRows)
        ++deepSlice;
    QVERIFY(deepSlice < s.size());
    w.selectSlice({ deep, deepSlice }, true);
    QVERIFY(!m.isDepthCapped(deep));
}

// Zoomed out, sub-pixel slices merge into blocks; every slice of the trace
// is in exactly one block, blocks of one depth never overlap, and a repaint
// of the same range reuses the cached geometry.
void TestTimeline::levelOfDetail()
{
    QFETCH(int, rank);
    const JsonTrace& json = m_json[rank];
    TimelineWidget w;
    w.resize(1000, 6000);
    w.setProfile(m_profile, { rank });
    for (int lane = 0; lane < int(w.model().lanes().size()); ++lane) // every level, for the invariant
        w.model().setDepthExpanded(lane, true);
    w.relayoutLanes();
    const TimelineModel& m = w.model();
    std::map<std::pair<qint64, qint64>, qint64> perThread;
    for (const Slice& s : json.slices)
        ++perThread[{ s.pid, s.tid }];
    renderWidget(&w);
    const TimelineFrameStats first = w.renderer().lastFrameStats();
    QVERIFY(first.geometryBuilt > 0);
    QVERIFY(first.slicesInBlocks >= qint64(json.slices.size()));
    bool merged = false;
    for (const auto& [key, count] : perThread) {
        const int lane = laneOf(m, LaneKind::Thread, key.first, key.second);
        QVERIFY(lane >= 0);
        const auto& blocks = w.renderer().blocks(lane, w.viewport());
        qint64 inBlocks = 0;
        std::map<int, float> lastEnd;
        for (const TimelineBlock& b : blocks) {
            inBlocks += b.count;
            merged = merged || b.count > 1;
            QVERIFY(b.x1 >= b.x0);
            auto it = lastEnd.find(b.depth);
            if (it != lastEnd.end())
                QVERIFY2(b.x0 >= it->second - 0.001f, qPrintable(m.lanePath(lane)));
            lastEnd[b.depth] = b.x1;
        }
        QCOMPARE(inBlocks, count);
    }
    QVERIFY(merged);
    // Same range again: nothing rebuilt.
    renderWidget(&w);
    QCOMPARE(w.renderer().lastFrameStats().geometryBuilt, 0);
    QVERIFY(w.renderer().lastFrameStats().geometryCached > 0);
    // Deep zoom: a single ns spans many pixels, nothing merges.
    const Slice& s = json.slices.front();
    const double a = double(s.tsNs - m.originNs());
    w.setVisibleRange(a, a + 20, false);
    renderWidget(&w);
    QVERIFY(w.renderer().lastFrameStats().geometryBuilt > 0);
    QVERIFY(w.renderer().lastFrameStats().blocks >= 1);
    for (std::size_t l = 0; l < m.lanes().size(); ++l)
        if (m.lane(int(l)).kind == LaneKind::Thread)
            for (const TimelineBlock& b : w.renderer().blocks(int(l), w.viewport()))
                QCOMPARE(b.count, 1u);
}

void TestTimeline::rangeStatistics_data()
{
    lanesMatchTrace_data();
}

void TestTimeline::rangeStatistics()
{
    QFETCH(int, rank);
    const JsonTrace& json = m_json[rank];
    ViewState state;
    state.setProfile(m_profile);
    state.setCurrentRank(rank);
    TimelinePage page(&state);
    QAbstractItemModelTester tester(page.rangeStats(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    TimelineWidget* w = page.timeline();
    const TimelineModel& m = w->model();
    // The axis starts at the first event of the trace (slices and counters).
    QCOMPARE(m.originNs(), json.minTsNs);

    qint64 maxEnd = 0;
    for (const Slice& s : json.slices)
        maxEnd = std::max(maxEnd, s.tsNs + s.durNs);
    const qint64 a = json.minTsNs + (maxEnd - json.minTsNs) * 3 / 10;
    const qint64 b = json.minTsNs + (maxEnd - json.minTsNs) * 6 / 10;
    struct Acc
    {
        qint64 count = 0, partial = 0, total = 0, min = std::numeric_limits<qint64>::max(), max = 0;
    };
    QMap<QString, Acc> expected;
    for (const Slice& s : json.slices) {
        // The Overlap Analysis pseudo-slices are not ops; a slice counts with its time inside [a, b).
        if (json.processNames.value(s.pid) == QLatin1String("Overlap Analysis"))
            continue;
        if (s.tsNs < b && s.tsNs + s.durNs > a) {
            const qint64 inside = std::min(s.tsNs + s.durNs, b) - std::max(s.tsNs, a);
            Acc& acc = expected[s.name];
            ++acc.count;
            acc.partial += (s.tsNs < a || s.tsNs + s.durNs > b) ? 1 : 0;
            acc.total += inside;
            acc.min = std::min(acc.min, inside);
            acc.max = std::max(acc.max, inside);
        }
    }
    QVERIFY(expected.size() > 5);
    QSignalSpy spy(w, &TimelineWidget::rangeSelected);
    w->setRange(double(a - m.originNs()), double(b - m.originNs()));
    QCOMPARE(spy.count(), 1);
    const auto& rows = page.rangeStats()->rows();
    QCOMPARE(int(rows.size()), int(expected.size()));
    for (const auto& r : rows) {
        QVERIFY2(expected.contains(r.name), qPrintable(r.name));
        const Acc& e = expected[r.name];
        QCOMPARE(r.count, e.count);
        QCOMPARE(r.partialCount, e.partial);
        QCOMPARE(r.totalNs, e.total);
        QCOMPARE(r.minNs, e.min);
        QCOMPARE(r.maxNs, e.max);
    }
    // Sortable: by count descending, by name ascending.
    page.rangeStats()->sort(RangeStatsModel::Count, Qt::DescendingOrder);
    for (int i = 1; i < page.rangeStats()->rowCount(); ++i)
        QVERIFY(page.rangeStats()->index(i - 1, RangeStatsModel::Count).data(RangeStatsModel::SortRole).toLongLong()
            >= page.rangeStats()->index(i, RangeStatsModel::Count).data(RangeStatsModel::SortRole).toLongLong());
    page.rangeStats()->sort(RangeStatsModel::Name, Qt::AscendingOrder);
    for (int i = 1; i < page.rangeStats()->rowCount(); ++i)
        QVERIFY(
            page.rangeStats()->index(i - 1, 0).data().toString() <= page.rangeStats()->index(i, 0).data().toString());
    // Totals in the table are microseconds.
    const QModelIndex total = page.rangeStats()->index(0, RangeStatsModel::Total);
    QCOMPARE(qRound64(total.data().toString().toDouble() * 1000), total.data(RangeStatsModel::SortRole).toLongLong());
    // CSV of what is shown.
    QTemporaryDir dir;
    QVERIFY(writeModelCsv(*page.rangeStats(), dir.filePath(QStringLiteral("range.csv"))));
    QFile csv(dir.filePath(QStringLiteral("range.csv")));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QCOMPARE(csv.readAll().count('\n'), qsizetype(expected.size() + 1));
    // The device time by category adds up to the range; per lane, rows add up to the per-name totals.
    const RangeOverlapBlock& o = page.rangeStats()->overlap();
    QCOMPARE(o.computingNs + o.communicationNotOverlappedNs + o.freeNs, b - a);
    QCOMPARE(page.rangePanel()->categories()->rowCount(), 6);
    qint64 byNameTotal = 0;
    for (const auto& r : page.rangeStats()->rows())
        byNameTotal += r.totalNs;
    auto* grouping = page.rangePanel()->findChild<QComboBox*>(QStringLiteral("rangeGrouping"));
    QVERIFY(grouping);
    grouping->setCurrentIndex(1);
    QCOMPARE(page.rangeStats()->grouping(), RangeStatsModel::Grouping::ByLane);
    QVERIFY(!page.rangePanel()->statsView()->isColumnHidden(RangeStatsModel::Lane));
    qint64 byLaneTotal = 0;
    for (const auto& r : page.rangeStats()->rows()) {
        QVERIFY(!r.lane.isEmpty());
        byLaneTotal += r.totalNs;
    }
    QCOMPARE(byLaneTotal, byNameTotal);
    QVERIFY(page.rangeStats()->rowCount() >= int(expected.size()));
    grouping->setCurrentIndex(0);

    // Hidden lanes do not count.
    w->model().setHidden(w->model().roots().front(), true);
    w->relayoutLanes();
    QCOMPARE(page.rangeStats()->rowCount(), 0);
    w->clearRange();
    QCOMPARE(page.rangeStats()->rowCount(), 0);
}

void TestTimeline::severalRanksAndClockAlignment()
{
    ViewState state;
    state.setProfile(m_profile);
    state.setRankFilter({ 0, 1 });
    TimelinePage page(&state);
    const TimelineModel& m = page.timeline()->model();
    QCOMPARE(m.ranks(), QList<int>({ 0, 1 }));
    QCOMPARE(int(m.roots().size()), 2);
    const ClockAlignment a = estimateClockAlignment(*m_profile);
    page.setClockAlignment(true);
    for (int r = 0; r < 2; ++r)
        QCOMPARE(m.offsetNs(r), std::size_t(r) < a.offsetNs.size() ? a.offsetNs[std::size_t(r)] : 0);
    page.setClockAlignment(false);
    QCOMPARE(m.offsetNs(1), 0);
    // Origin: the earliest event of both ranks.
    QCOMPARE(m.originNs(), std::min(m_json[0].minTsNs, m_json[1].minTsNs));
    page.resize(1400, 900);
    renderWidget(&page);
    state.setRankFilter({});
    QCOMPARE(m.ranks(), QList<int>({ state.currentRank() }));
}

QTEST_MAIN(TestTimeline)
#include "tst_timeline.moc"
