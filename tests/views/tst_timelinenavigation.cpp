// SPDX-License-Identifier: Apache-2.0
// The Timeline page offscreen on the real level1 ranks, how it is used: the
// navigation keys and mouse, search and navigation requests, lane state,
// export, empty states, narrow and wide windows, colours. Expected values
// come from trace_view.json read with QJsonDocument (timelinetracejson.h).
// What it draws against the trace: tst_timeline.

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

class TestTimelineNavigation : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void zoomAndPanKeys();
    void mouseNavigation();
    void searchAndNavigationRequests();
    void laneState();
    void exportPngAndSvg();
    void emptyStates();
    void narrowAndWideWindows();
    void coloursPersist();
    void screenshots();

private:
    ProfilePtr m_profile;
    JsonTrace m_json[2];
};

void TestTimelineNavigation::initTestCase()
{
    loadLevel1(QStringLiteral("tst_timelinenavigation"), m_profile, m_json);
}

void TestTimelineNavigation::zoomAndPanKeys()
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

void TestTimelineNavigation::mouseNavigation()
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

void TestTimelineNavigation::searchAndNavigationRequests()
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

void TestTimelineNavigation::laneState()
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

void TestTimelineNavigation::exportPngAndSvg()
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

void TestTimelineNavigation::emptyStates()
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
void TestTimelineNavigation::coloursPersist()
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
void TestTimelineNavigation::screenshots()
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

void TestTimelineNavigation::narrowAndWideWindows()
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

QTEST_MAIN(TestTimelineNavigation)
#include "tst_timelinenavigation.moc"
