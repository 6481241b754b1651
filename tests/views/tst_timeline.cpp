// SPDX-License-Identifier: Apache-2.0
// The Timeline page offscreen on the real level1 ranks: lanes against the
// trace's processes and threads, flow arrows per category against the s/f
// events, hit testing, range statistics against sums over the JSON, the
// navigation keys, search, navigation requests, lane state, export. Every
// expected value is computed here from trace_view.json with QJsonDocument.

#include "analysis/cluster.h"
#include "common/export.h"
#include "common/viewstate.h"
#include "generate/clustergenerator.h"
#include "load/profileloader.h"
#include "testsupport.h"
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

namespace {

// Microseconds as written ("1736408883688177.930" or a number) to ns, exactly
// for strings.
qint64 usToNs(const QJsonValue& v)
{
    if (v.isString()) {
        const QString s = v.toString().trimmed();
        const qsizetype dot = s.indexOf(QLatin1Char('.'));
        const QString whole = dot < 0 ? s : s.left(dot);
        QString frac = dot < 0 ? QString() : s.mid(dot + 1);
        frac = QString(frac + QStringLiteral("000")).left(3);
        const qint64 w = whole.toLongLong();
        return w * 1000 + (whole.startsWith(QLatin1Char('-')) ? -1 : 1) * frac.toLongLong();
    }
    return qint64(std::llround(v.toDouble() * 1000.0));
}

qint64 toId(const QJsonValue& v)
{
    return v.isString() ? v.toString().toLongLong() : v.toVariant().toLongLong();
}

QString idKey(const QJsonValue& v)
{
    if (v.isString())
        return v.toString();
    return QString::number(v.toInteger(qint64(std::llround(v.toDouble()))));
}

struct Slice
{
    QString name;
    qint64 pid = 0;
    qint64 tid = 0;
    qint64 tsNs = 0;
    qint64 durNs = 0;
};

// What the test knows about one rank, from its trace_view.json alone.
struct JsonTrace
{
    QList<Slice> slices;
    std::set<std::pair<qint64, qint64>> threads;
    std::set<std::tuple<qint64, QString, QString>> counters; // pid, name, key
    QMap<qint64, QString> processNames;
    QMap<qint64, qint64> processSort;
    std::map<std::pair<qint64, qint64>, qint64> threadSort;
    QMap<QString, qint64> flowArrows; // category -> f events that have an s of the same (cat, id)
    QMap<QString, qint64> flowStarts;
    QMap<QString, qint64> flowFinishes;
    QList<std::tuple<QString, qint64, qint64>> finishes; // cat, f pid, s pid (of the matched start)
    qint64 minTsNs = std::numeric_limits<qint64>::max();
};

QString traceFile(int rank)
{
    QDirIterator it(
        test::textRank(1, rank), { QStringLiteral("trace_view.json") }, QDir::Files, QDirIterator::Subdirectories);
    return it.hasNext() ? it.next() : QString();
}

JsonTrace readTrace(int rank)
{
    JsonTrace t;
    QFile f(traceFile(rank));
    if (!f.open(QIODevice::ReadOnly))
        return t;
    const QJsonArray events = QJsonDocument::fromJson(f.readAll()).array();
    QMap<QString, qint64> startPid; // cat + '\n' + id -> pid of the (first) s
    QList<QJsonObject> fs;
    for (const QJsonValue& ev : events) {
        const QJsonObject e = ev.toObject();
        const QString ph = e.value(QLatin1String("ph")).toString();
        const qint64 pid = toId(e.value(QLatin1String("pid")));
        const qint64 tid = toId(e.value(QLatin1String("tid")));
        const QString name = e.value(QLatin1String("name")).toString();
        const QJsonObject args = e.value(QLatin1String("args")).toObject();
        if (ph == QLatin1String("M")) {
            if (name == QLatin1String("process_name"))
                t.processNames[pid] = args.value(QLatin1String("name")).toString();
            else if (name == QLatin1String("process_sort_index"))
                t.processSort[pid] = args.value(QLatin1String("sort_index")).toVariant().toLongLong();
            else if (name == QLatin1String("thread_name") || name == QLatin1String("thread_sort_index")) {
                t.threads.insert({ pid, tid });
                if (name == QLatin1String("thread_sort_index"))
                    t.threadSort[{ pid, tid }] = args.value(QLatin1String("sort_index")).toVariant().toLongLong();
            }
            continue;
        }
        const qint64 ts = usToNs(e.value(QLatin1String("ts")));
        if (ph == QLatin1String("X")) {
            t.slices.append(
                { name, pid, tid, ts, qint64(std::llround(e.value(QLatin1String("dur")).toDouble() * 1000.0)) });
            t.threads.insert({ pid, tid });
            t.minTsNs = std::min(t.minTsNs, ts);
        } else if (ph == QLatin1String("C")) {
            for (auto it = args.begin(); it != args.end(); ++it)
                if (it.value().isDouble())
                    t.counters.insert({ pid, name, it.key() });
            t.minTsNs = std::min(t.minTsNs, ts);
        } else if (ph == QLatin1String("s") || ph == QLatin1String("f")) {
            const QString cat = e.value(QLatin1String("cat")).toString();
            const QString key = cat + QLatin1Char('\n') + idKey(e.value(QLatin1String("id")));
            t.threads.insert({ pid, tid });
            if (ph == QLatin1String("s")) {
                ++t.flowStarts[cat];
                if (!startPid.contains(key))
                    startPid[key] = pid;
            } else {
                ++t.flowFinishes[cat];
                fs << e;
            }
        }
    }
    for (const QJsonObject& e : std::as_const(fs)) {
        const QString cat = e.value(QLatin1String("cat")).toString();
        const QString key = cat + QLatin1Char('\n') + idKey(e.value(QLatin1String("id")));
        if (startPid.contains(key)) {
            ++t.flowArrows[cat];
            t.finishes << std::make_tuple(cat, toId(e.value(QLatin1String("pid"))), startPid[key]);
        }
    }
    return t;
}

int laneOf(const TimelineModel& m, LaneKind kind, qint64 pid, qint64 tid = -1)
{
    for (std::size_t i = 0; i < m.lanes().size(); ++i) {
        const TimelineLane& l = m.lane(int(i));
        if (l.kind != kind)
            continue;
        if (m.processTrack(int(i)).pid != pid)
            continue;
        if (kind == LaneKind::Thread && m.threadTrack(int(i)).tid != tid)
            continue;
        return int(i);
    }
    return -1;
}

QImage renderWidget(QWidget* w)
{
    QImage image(w->size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter p(&image);
    w->render(&p);
    return image;
}

} // namespace

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
    void zoomAndPanKeys();
    void mouseNavigation();
    void searchAndNavigationRequests();
    void laneState();
    void severalRanksAndClockAlignment();
    void exportPngAndSvg();
    void emptyStates();
    void narrowAndWideWindows();
    void coloursPersist();
    void screenshots();

private:
    ProfilePtr m_profile;
    JsonTrace m_json[2];
};

void TestTimeline::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("ProfscopeTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_timeline"));
    QSettings().clear();
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    m_profile =
        ProfileLoader::load({ test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text/level1")) });
    QVERIFY(m_profile);
    QCOMPARE(int(m_profile->ranks.size()), 2);
    for (int r = 0; r < 2; ++r) {
        QCOMPARE(m_profile->ranks[std::size_t(r)]->info.rankId, r);
        m_json[r] = readTrace(r);
        QVERIFY(!m_json[r].slices.isEmpty());
    }
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

void TestTimeline::zoomAndPanKeys()
{
    TimelineWidget w;
    w.resize(1200, 600);
    w.setProfile(m_profile, { 0 });
    const double span = double(w.model().spanNs());
    QVERIFY(span > 0);
    // Fit: the whole trace with a 1% margin.
    QCOMPARE(qRound64(w.visibleEndNs() - w.visibleStartNs()), qRound64(span * 1.02));
    const double start0 = w.visibleStartNs(), end0 = w.visibleEndNs();

    QTest::keyClick(&w, Qt::Key_W);
    double width = w.visibleEndNs() - w.visibleStartNs();
    QVERIFY(std::abs(width - (end0 - start0) / 1.5) < 1.0);
    QVERIFY(w.visibleStartNs() >= start0 - 1 && w.visibleEndNs() <= end0 + 1);
    QTest::keyClick(&w, Qt::Key_W);
    QTest::keyClick(&w, Qt::Key_W);
    width = w.visibleEndNs() - w.visibleStartNs();
    QVERIFY(std::abs(width - (end0 - start0) / 3.375) < 1.0);

    // A and D pan by 15% of the width; the zoom stays.
    const double s1 = w.visibleStartNs();
    QTest::keyClick(&w, Qt::Key_D);
    QVERIFY(std::abs(w.visibleStartNs() - (s1 + 0.15 * width)) < 1.0);
    QTest::keyClick(&w, Qt::Key_A);
    QTest::keyClick(&w, Qt::Key_A);
    QVERIFY(std::abs(w.visibleStartNs() - (s1 - 0.15 * width)) < 1.0);
    QVERIFY(std::abs((w.visibleEndNs() - w.visibleStartNs()) - width) < 1.0);

    // S zooms out again.
    QTest::keyClick(&w, Qt::Key_S);
    QVERIFY(std::abs((w.visibleEndNs() - w.visibleStartNs()) - width * 1.5) < 1.0);

    // Backspace undoes the zoom gesture; F fits everything.
    QVERIFY(w.undoZoom());
    QTest::keyClick(&w, Qt::Key_F);
    QCOMPARE(qRound64(w.visibleEndNs() - w.visibleStartNs()), qRound64(span * 1.02));
    w.setVisibleRange(1000, 2000);
    QTest::keyClick(&w, Qt::Key_Backspace);
    QCOMPARE(qRound64(w.visibleEndNs() - w.visibleStartNs()), qRound64(span * 1.02));

    // Down to single ns: 200 presses of W end at the zoom limit, 1 ns >= 30 px.
    for (int i = 0; i < 200; ++i)
        QTest::keyClick(&w, Qt::Key_W);
    QVERIFY(w.nsPerPx() <= 1.0 / 30);
    QVERIFY(w.visibleEndNs() - w.visibleStartNs() < 100);
}

void TestTimeline::mouseNavigation()
{
    TimelineWidget w;
    w.resize(1200, 600);
    w.setProfile(m_profile, { 0 });
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const TimelineViewport vp = w.viewport();
    // Ctrl+wheel zooms at the cursor: the time under it stays put.
    const QPointF at(vp.headerWidth + 300, 200);
    const double before = vp.nsAt(at.x());
    QWheelEvent wheel(
        at, w.mapToGlobal(at), QPoint(), QPoint(0, 240), Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&w, &wheel);
    QVERIFY(w.nsPerPx() < vp.nsPerPx);
    QVERIFY(std::abs(w.viewport().nsAt(at.x()) - before) < w.nsPerPx());
    // The plain wheel scrolls the lanes.
    QWheelEvent scroll(
        at, w.mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&w, &scroll);
    QVERIFY(w.scrollY() > 0);
    // Drag pans.
    const double s0 = w.visibleStartNs();
    QTest::mousePress(&w, Qt::LeftButton, Qt::NoModifier, QPoint(vp.headerWidth + 500, 300));
    QTest::mouseMove(&w, QPoint(vp.headerWidth + 450, 300));
    QTest::mouseMove(&w, QPoint(vp.headerWidth + 400, 300));
    QTest::mouseRelease(&w, Qt::LeftButton, Qt::NoModifier, QPoint(vp.headerWidth + 400, 300));
    QVERIFY(std::abs(w.visibleStartNs() - (s0 + 100 * w.nsPerPx())) < 1.0);
    // Shift+drag selects a range.
    QSignalSpy spy(&w, &TimelineWidget::rangeSelected);
    const TimelineViewport vp2 = w.viewport();
    QTest::mousePress(&w, Qt::LeftButton, Qt::ShiftModifier, QPoint(vp.headerWidth + 100, 300));
    QTest::mouseMove(&w, QPoint(vp.headerWidth + 200, 300));
    QTest::mouseMove(&w, QPoint(vp.headerWidth + 300, 300));
    QTest::mouseRelease(&w, Qt::LeftButton, Qt::ShiftModifier, QPoint(vp.headerWidth + 300, 300));
    QCOMPARE(spy.count(), 1);
    QVERIFY(std::abs(w.rangeStartNs() - vp2.nsAt(vp.headerWidth + 100)) < 1.0);
    QVERIFY(std::abs(w.rangeEndNs() - vp2.nsAt(vp.headerWidth + 300)) < 1.0);
    // A click on a group header collapses it.
    w.setScrollY(0);
    const TimelineRow* row = w.renderer().rowAt(vp.rulerHeight + 2, w.viewport());
    QVERIFY(row && w.model().lane(row->lane).kind == LaneKind::Rank);
    QTest::mouseClick(&w, Qt::LeftButton, Qt::NoModifier, QPoint(20, vp.rulerHeight + 5));
    QVERIFY(w.model().isCollapsed(row->lane));
    QCOMPARE(int(w.model().scrollRows().size()), 1);
    QVERIFY(w.model().scrollRows().front().summary);
    renderWidget(&w);
    // On screen the summary is merged off the GUI thread: a placeholder first, then the row.
    QTRY_VERIFY(!w.renderer().summaryBuilder().isBusy());
    QCoreApplication::processEvents();
    renderWidget(&w);
    QCOMPARE(w.renderer().lastFrameStats().summariesPending, 0);
    QVERIFY(w.renderer().lastFrameStats().blocks > 0); // the merged summary is drawn
}

void TestTimeline::searchAndNavigationRequests()
{
    const int rank = 0;
    const JsonTrace& json = m_json[rank];
    ViewState state;
    state.setProfile(m_profile);
    state.setCurrentRank(rank);
    TimelinePage page(&state);
    page.resize(1400, 800);
    QAbstractItemModelTester tester(page.searchHits(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    const TimelineModel& m = page.timeline()->model();

    int expected = 0;
    for (const Slice& s : json.slices)
        expected += s.name.contains(QStringLiteral("ATEN::"), Qt::CaseInsensitive);
    QVERIFY(expected > 0);
    QCOMPARE(page.search(QStringLiteral("ATEN::"), Qt::CaseInsensitive), expected);
    QCOMPARE(page.search(QStringLiteral("ATEN::"), Qt::CaseSensitive), 0);
    QCOMPARE(page.search(QStringLiteral("aten::"), Qt::CaseSensitive), expected);
    page.nextHit(+1);
    QCOMPARE(page.timeline()->selectedSlice(), page.searchHits()->hits().front());
    page.nextHit(-1); // from the first hit back to the last
    QCOMPARE(page.timeline()->selectedSlice(), page.searchHits()->hits().back());
    // Hits are in time order.
    for (std::size_t i = 1; i < page.searchHits()->hits().size(); ++i) {
        const SliceRef& p = page.searchHits()->hits()[i - 1];
        const SliceRef& q = page.searchHits()->hits()[i];
        QVERIFY(m.threadTrack(p.lane).slices.startNs[p.slice] <= m.threadTrack(q.lane).slices.startNs[q.slice]);
    }

    // A navigation request selects the named slice in its range and shows it.
    const Slice* target = nullptr;
    for (const Slice& s : json.slices)
        if (json.processNames.value(s.pid) == QLatin1String("Ascend Hardware") && s.durNs > 1000)
            target = &s;
    QVERIFY(target);
    state.requestTimeline(rank, target->tsNs, target->tsNs + target->durNs, target->name);
    const SliceRef sel = page.timeline()->selectedSlice();
    QVERIFY(sel.isValid());
    QCOMPARE(m.trace(rank)->strings.string(m.threadTrack(sel.lane).slices.name[sel.slice]), target->name);
    QCOMPARE(m.threadTrack(sel.lane).slices.startNs[sel.slice], target->tsNs);
    QCOMPARE(m.processTrack(sel.lane).pid, target->pid);
    QVERIFY(page.timeline()->visibleStartNs() <= double(target->tsNs - m.originNs()));
    QVERIFY(page.timeline()->visibleEndNs() >= double(target->tsNs + target->durNs - m.originNs()));
    // Its row is on screen.
    const TimelineRow* row = m.rowOf(sel.lane);
    QVERIFY(row);
    const int top = page.timeline()->renderer().rowTop(*row, page.timeline()->viewport());
    QVERIFY(top >= 0 && top < page.timeline()->height());
    // The target stays marked: its range shaded ...
    QVERIFY(page.timeline()->hasRange());
    QCOMPARE(qRound64(page.timeline()->rangeStartNs()), target->tsNs - m.originNs());
    QCOMPARE(qRound64(page.timeline()->rangeEndNs()), target->tsNs + target->durNs - m.originNs());
    // ... and the Step selector on the step that contains it.
    QString targetStep;
    for (const Slice& s : json.slices)
        if (s.name.startsWith(QLatin1String("ProfilerStep#")) && s.tsNs <= target->tsNs
            && target->tsNs < s.tsNs + s.durNs)
            targetStep = s.name.mid(13);
    QVERIFY(!targetStep.isEmpty());
    QCOMPARE(state.step(), targetStep);

    // Choosing a step zooms to its ProfilerStep#N slice.
    state.setStep(QString());
    QVERIFY(!state.steps().isEmpty());
    const QString step = state.steps().front();
    qint64 stepStart = -1, stepEnd = -1;
    for (const Slice& s : json.slices)
        if (s.name == QLatin1String("ProfilerStep#") + step) {
            stepStart = s.tsNs;
            stepEnd = s.tsNs + s.durNs;
        }
    QVERIFY(stepStart >= 0);
    state.setStep(step);
    QVERIFY(page.timeline()->visibleStartNs() <= double(stepStart - m.originNs()));
    QVERIFY(page.timeline()->visibleEndNs() >= double(stepEnd - m.originNs()));
    QVERIFY(page.timeline()->visibleEndNs() - page.timeline()->visibleStartNs() <= 1.1 * double(stepEnd - stepStart));
    QVERIFY(!page.showStep(QStringLiteral("no such step")));

    // showRange on the other rank switches to it.
    const Slice& other = m_json[1].slices[m_json[1].slices.size() / 2];
    page.showRange(1, other.tsNs, other.tsNs + other.durNs, other.name);
    QCOMPARE(page.timeline()->model().ranks(), QList<int>({ 1 }));
    const SliceRef sel1 = page.timeline()->selectedSlice();
    QVERIFY(sel1.isValid());
    QCOMPARE(m.threadTrack(sel1.lane).slices.startNs[sel1.slice], other.tsNs);
    // Unknown names select nothing, but the range is shown.
    page.showRange(1, other.tsNs, other.tsNs + other.durNs, QStringLiteral("no such slice"));
    QVERIFY(!page.timeline()->selectedSlice().isValid());
    page.showRange(7, 0, 10); // bad rank: ignored

    // Switching rank: the hits are searched again in the rank now shown (each
    // rank's own count, from its own JSON); another profile clears the search.
    state.setCurrentRank(0);
    QCOMPARE(page.search(QStringLiteral("aten::"), Qt::CaseSensitive), expected);
    state.setCurrentRank(1);
    int expectedOther = 0;
    for (const Slice& s : m_json[1].slices)
        expectedOther += s.name.contains(QStringLiteral("aten::"));
    QCOMPARE(page.searchHits()->rowCount(), expectedOther);
    for (const SliceRef& hit : page.searchHits()->hits())
        QCOMPARE(page.timeline()->model().lane(hit.lane).rank, 1);
    state.setProfile(ProfileLoader::load({ test::textRank(0, 0) }));
    QCOMPARE(page.searchHits()->rowCount(), 0);
}

void TestTimeline::laneState()
{
    TimelineWidget w;
    w.resize(1200, 700);
    w.setProfile(m_profile, { 0 });
    TimelineModel& m = w.model();
    const int all = int(m.scrollRows().size());
    const int root = m.roots().front();
    const int proc = m.lane(root).children.front();
    const int children = int(m.lane(proc).children.size());
    QVERIFY(children > 1);

    // Collapse: the children leave, the header becomes a summary row.
    m.setCollapsed(proc, true);
    w.relayoutLanes();
    QCOMPARE(int(m.scrollRows().size()), all - children);
    QVERIFY(m.rowOf(proc)->summary);
    QCOMPARE(m.visibleLaneFor(m.lane(proc).children.front()), proc);
    m.setCollapsed(proc, false);

    // Pin: the lane moves to the pinned band.
    const int thread = m.lane(proc).children.back();
    m.setPinned(thread, true);
    w.relayoutLanes();
    QCOMPARE(int(m.pinnedRows().size()), 1);
    QCOMPARE(m.pinnedRows().front().lane, thread);
    QCOMPARE(int(m.scrollRows().size()), all - 1);
    QVERIFY(m.rowOf(thread)->pinned);
    QCOMPARE(w.renderer().rowAt(w.viewport().rulerHeight + 2, w.viewport())->lane, thread);
    m.setPinned(thread, false);

    // Reorder: the last thread before the first one (siblings only).
    const int first = m.lane(proc).children.front();
    QVERIFY(m.moveLane(thread, first));
    QCOMPARE(m.lane(proc).children.front(), thread);
    QVERIFY(!m.moveLane(thread, m.lane(root).children.back())); // not a sibling
    w.relayoutLanes();
    QVERIFY(m.rowOf(thread)->y < m.rowOf(first)->y);
    // Dragging a lane header onto a sibling puts it before that sibling.
    const int second = m.lane(proc).children[1];
    const TimelineViewport vp = w.viewport();
    const QPoint from(40, w.renderer().rowTop(*m.rowOf(second), vp) + 4);
    const QPoint to(40, w.renderer().rowTop(*m.rowOf(thread), vp) + 4);
    QTest::mousePress(&w, Qt::LeftButton, Qt::NoModifier, from);
    QTest::mouseMove(&w, from + QPoint(0, 10));
    QTest::mouseMove(&w, to);
    QTest::mouseRelease(&w, Qt::LeftButton, Qt::NoModifier, to);
    QCOMPARE(m.lane(proc).children.front(), second);
    QCOMPARE(m.lane(proc).children[1], thread);
    QVERIFY(m.moveLane(thread, second)); // back to the order checked below
    w.relayoutLanes();
    // The order survives a reload of the same profile (rank filter change).
    w.setProfile(m_profile, { 0 });
    QCOMPARE(m.lane(m.lane(m.roots().front()).children.front()).children.front(), thread);

    // Hide and show again.
    m.setHidden(thread, true);
    w.relayoutLanes();
    QCOMPARE(m.rowOf(thread), nullptr);
    QCOMPARE(m.hiddenCount(), 1);
    m.showAllLanes();
    w.relayoutLanes();
    QVERIFY(m.rowOf(thread));
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

void TestTimeline::exportPngAndSvg()
{
    ViewState state;
    state.setProfile(m_profile);
    TimelinePage page(&state);
    page.resize(1400, 800);
    QTemporaryDir dir;
    QString error;
    const QString png = dir.filePath(QStringLiteral("timeline.png"));
    const QString svg = dir.filePath(QStringLiteral("timeline.svg"));
    QVERIFY2(exportWidgetImage(page.timeline(), png, QSize(1200, 700), &error), qPrintable(error));
    QVERIFY2(exportWidgetImage(page.timeline(), svg, QSize(1200, 700), &error), qPrintable(error));
    const QImage image(png);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), QSize(1200, 700));
    QSvgRenderer renderer(svg);
    QVERIFY(renderer.isValid());
    QCOMPARE(renderer.viewBox(), QRect(0, 0, 1200, 700));
    // Not blank: the lanes put many colours into the picture.
    QSet<QRgb> colors;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colors.insert(image.pixel(x, y));
    QVERIFY(colors.size() > 20);
    // The page's export items.
    QStringList errors;
    const QStringList files = exportPage(page, dir.filePath(QStringLiteral("page")), &errors, QSize(1000, 600));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    QVERIFY(files.size() >= 3);
}

void TestTimeline::emptyStates()
{
    TimelinePage none(nullptr);
    none.resize(900, 500);
    QVERIFY(!renderWidget(&none).isNull());
    QVERIFY(none.timeline()->model().isEmpty());
    ViewState state;
    TimelinePage page(&state);
    page.resize(900, 500);
    renderWidget(&page);
    QVERIFY(page.timeline()->model().isEmpty());
    // Keys and searches on nothing do nothing.
    QTest::keyClick(page.timeline(), Qt::Key_W);
    QTest::keyClick(page.timeline(), Qt::Key_Backspace);
    QCOMPARE(page.search(QStringLiteral("x")), 0);
    // A profile whose ranks have no trace.
    auto empty = std::make_shared<Profile>();
    empty->ranks.push_back(std::make_shared<RankData>());
    state.setProfile(empty);
    renderWidget(&page);
    QVERIFY(page.timeline()->model().isEmpty());
}

// Family colours: stable per name, distinct per family, chosen by the user
// and kept in QSettings for the next session.
void TestTimeline::coloursPersist()
{
    TimelineColors colors;
    colors.loadSettings();
    const QRgb a = colors.sliceColor(SliceClass::Compute, "MatMulV2");
    QCOMPARE(colors.sliceColor(SliceClass::Compute, "MatMulV2"), a); // stable
    QVERIFY(colors.sliceColor(SliceClass::Communication, "MatMulV2") != a);
    // Names vary within the family but stay near its hue.
    const float hue = TimelineColors::defaultColor(SliceClass::Compute).hslHueF();
    for (const char* name : { "Add", "Cast", "TransData", "Gelu" }) {
        const float h = QColor(colors.sliceColor(SliceClass::Compute, name)).hslHueF();
        QVERIFY(std::abs(h - hue) <= 20.0f / 360.0f);
    }
    colors.setBaseColor(SliceClass::Compute, QColor(0xcc, 0x22, 0x22));
    TimelineColors reloaded;
    reloaded.loadSettings();
    QCOMPARE(reloaded.baseColor(SliceClass::Compute), QColor(0xcc, 0x22, 0x22));
    QVERIFY(reloaded.sliceColor(SliceClass::Compute, "MatMulV2") != a);
    reloaded.resetDefaults();
    TimelineColors again;
    again.loadSettings();
    QCOMPARE(again.baseColor(SliceClass::Compute), TimelineColors::defaultColor(SliceClass::Compute));
    // Device task types decide the family before names do.
    QCOMPARE(TimelineColors::classifyTaskType("AI_CORE"), int(SliceClass::Compute));
    QCOMPARE(TimelineColors::classifyTaskType("Notify Wait"), int(SliceClass::Communication));
    QCOMPARE(TimelineColors::classifyTaskType("EVENT_RECORD_SQE"), -1);
    QCOMPARE(TimelineColors::classifyName("hcom_allReduce__862_0_1"), SliceClass::Communication);
    QCOMPARE(TimelineColors::classifyName("aclnnAddmm_MatMulCommon_MatMulV2"), SliceClass::Compute);
}

// Renders the README screenshots when PROFSCOPE_SCREENSHOT_DIR is set.
void TestTimeline::screenshots()
{
    const QString out = qEnvironmentVariable("PROFSCOPE_SCREENSHOT_DIR");
    if (out.isEmpty())
        QSKIP("PROFSCOPE_SCREENSHOT_DIR not set");
    QDir().mkpath(out);
    {
        TimelinePage empty(nullptr); // for a look at the empty state, not committed
        QVERIFY(exportWidgetImage(&empty, QDir(out).filePath(QStringLiteral("timeline-empty.png")), QSize(1000, 500)));
    }
    {
        ViewState state;
        state.setProfile(m_profile);
        state.setCurrentRank(0);
        TimelinePage page(&state);
        page.resize(1600, 900);
        TimelineWidget* w = page.timeline();
        // One training step in the middle of the trace, HostToDevice flows on.
        const TimelineModel& m = w->model();
        const double span = double(m.spanNs());
        // A kernel with its launch: select the longest aclnnAddmm device task.
        SliceRef pick;
        TimeNs longest = 0;
        for (std::size_t l = 0; l < m.lanes().size(); ++l) {
            if (m.lane(int(l)).kind != LaneKind::Thread
                || m.processTrack(int(l)).name != QLatin1String("Ascend Hardware"))
                continue;
            const SliceColumns& s = m.threadTrack(int(l)).slices;
            for (std::size_t i = 0; i < s.size(); ++i)
                if (m.trace(0)->strings.string(s.name[i]).startsWith(QLatin1String("aclnnAddmm"))
                    && s.durNs[i] > longest) {
                    longest = s.durNs[i];
                    pick = { int(l), std::uint32_t(i) };
                }
        }
        QVERIFY(pick.isValid());
        // The Python thread's 30-deep call stacks would fill the picture: show it merged.
        TimelineModel& lanes = w->model();
        for (std::size_t l = 0; l < lanes.lanes().size(); ++l)
            if (lanes.lane(int(l)).kind == LaneKind::Process && lanes.lane(int(l)).title == QLatin1String("Python"))
                lanes.setCollapsed(int(l), true);
        w->relayoutLanes();
        const double at = double(m.toView(0, m.threadTrack(pick.lane).slices.startNs[pick.slice]));
        w->selectSlice(pick);
        w->setScrollY(0);
        w->setVisibleRange(at - span * 0.03, at + span * 0.02);
        Q_UNUSED(span);
        QVERIFY(exportWidgetImage(&page, QDir(out).filePath(QStringLiteral("timeline-level1.png")), QSize(1600, 900)));
    }
    {
        QTemporaryDir dir;
        GeneratorOptions options;
        options.ranks = 2;
        options.steps = 3;
        options.ops = 20;
        options.hostBoundRank = 1;
        QString error;
        QVERIFY2(generateCluster(dir.filePath(QStringLiteral("hb")), options, &error), qPrintable(error));
        const ProfilePtr profile = ProfileLoader::load({ dir.filePath(QStringLiteral("hb")) });
        QVERIFY(profile && profile->ranks.size() == 2);
        ViewState state;
        state.setProfile(profile);
        state.setCurrentRank(1);
        TimelinePage page(&state);
        page.resize(1600, 900);
        TimelineWidget* w = page.timeline();
        const TimelineModel& m = w->model();
        // Zoom to the second step (ProfilerStep#N on the host).
        const TraceData* trace = m.trace(1);
        QList<std::pair<TimeNs, TimeNs>> steps;
        for (const auto& p : trace->processes)
            for (const auto& t : p.threads)
                for (std::size_t i = 0; i < t.slices.size(); ++i)
                    if (trace->strings.string(t.slices.name[i]).startsWith(QLatin1String("ProfilerStep")))
                        steps << std::make_pair(t.slices.startNs[i], t.slices.endNs(i));
        std::sort(steps.begin(), steps.end());
        QVERIFY(!steps.isEmpty());
        const auto step = steps[steps.size() / 2];
        const double a = double(m.toView(1, step.first));
        const double b = double(m.toView(1, step.second));
        w->setVisibleRange(a - (b - a) * 0.03, b + (b - a) * 0.03);
        QVERIFY(
            exportWidgetImage(&page, QDir(out).filePath(QStringLiteral("timeline-hostbound.png")), QSize(1600, 900)));
        // Both ranks, aligned, dark palette, a selected range (for a look, not committed).
        state.setRankFilter({ 0, 1 });
        page.setClockAlignment(true);
        const QPalette dark = test::darkPalette();
        page.setPalette(dark);
        const double a2 = double(m.toView(1, step.first));
        const double b2 = double(m.toView(1, step.second));
        w->setVisibleRange(a2 - (b2 - a2) * 0.6, b2 + (b2 - a2) * 0.6);
        w->setRange(a2, b2);
        QVERIFY(
            exportWidgetImage(&page, QDir(out).filePath(QStringLiteral("timeline-dark-ranks.png")), QSize(1600, 900)));
    }
}

void TestTimeline::narrowAndWideWindows()
{
    ViewState state;
    TimelinePage page(&state);
    state.setProfile(m_profile);
    auto* bar = page.findChild<QToolBar*>(QStringLiteral("timelineToolBar"));
    QVERIFY(bar);
    auto* panelButton = page.findChild<QToolButton*>(QStringLiteral("timelinePanelButton"));
    QVERIFY(panelButton);
    auto* tabs = page.findChild<QTabWidget*>();
    QVERIFY(tabs);
    // A 1024 x 700 screen with the project panel: about 780 px for the page.
    page.resize(780, 600);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QVERIFY(!tabs->isVisible()); // the details panel stepped aside
    QVERIFY(!panelButton->isChecked());
    QVERIFY(page.timeline()->width() > 700);
    // No two visible tool bar widgets overlap (what does not fit is in the » menu).
    QList<QRect> rects;
    for (QWidget* w : bar->findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
        if (w->isVisible() && w->width() > 0 && !qobject_cast<QMenu*>(w))
            rects << w->geometry();
    for (int i = 0; i < rects.size(); ++i)
        for (int j = i + 1; j < rects.size(); ++j)
            QVERIFY2(!rects[i].intersects(rects[j]), qPrintable(QStringLiteral("%1 %2").arg(i).arg(j)));
    // The user shows the panel: it stays although the window is narrow.
    panelButton->click();
    QVERIFY(tabs->isVisible());
    page.resize(760, 600);
    QTest::qWait(10);
    QVERIFY(tabs->isVisible());

    // Wide: the panel keeps its width, the timeline takes the rest.
    TimelinePage wide(&state);
    wide.resize(1600, 800);
    wide.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wide));
    auto* wideTabs = wide.findChild<QTabWidget*>();
    QVERIFY(wideTabs->isVisible());
    QVERIFY(wide.timeline()->width() > 2 * wideTabs->width());
    // The Export menu offers the trace for Perfetto; the window writes it.
    auto* trace = wide.findChild<QAction*>(QStringLiteral("exportTraceAction"));
    QVERIFY(trace);
    QSignalSpy requested(&wide, &TimelinePage::traceExportRequested);
    trace->trigger();
    QCOMPARE(requested.count(), 1);
}

QTEST_MAIN(TestTimeline)
#include "tst_timeline.moc"
