// SPDX-License-Identifier: Apache-2.0
// The Timeline page in run comparison (issue 16): level1 as the base run,
// level2 as the comparison run (separate captures of one 2-rank workload).
// The shift of the comparison lanes is checked against the ProfilerStep
// slices read here from both trace_view.json files with QJsonDocument.

#include "common/viewstate.h"
#include "load/profileloader.h"
#include "testsupport.h"
#include "timeline/rangestatsmodel.h"
#include "timeline/timelinepage.h"
#include "timeline/timelinetables.h"
#include "timeline/timelinewidget.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QTest>
#include <QToolBar>

using namespace profscope;

namespace {

QString traceViewOf(int level, int rank)
{
    QDirIterator it(test::textRank(level, rank), { QStringLiteral("trace_view.json") }, QDir::Files,
        QDirIterator::Subdirectories);
    return it.hasNext() ? it.next() : QString();
}

// ts of the ProfilerStep#<step> X event, in ns, exactly from the decimal µs string.
qint64 stepStartNs(const QString& traceView, const QString& step)
{
    return test::referenceSliceStartNs(traceView, QStringLiteral("ProfilerStep#") + step);
}

QCheckBox* comparisonToggle(TimelinePage& page)
{
    return page.findChild<QCheckBox*>(QStringLiteral("comparisonLanesToggle"));
}

} // namespace

class TestTimelineCompare : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void comparisonLanesAlignedOnStep();
    void stackedRanksEachGetTheirPair();
    void searchAndRangeLabelTheComparisonRun();
    void toggleHidesComparisonLanes();
    void comparisonTimelineRequest();

private:
    ProfilePtr m_base;
    ProfilePtr m_other;
};

void TestTimelineCompare::initTestCase()
{
    m_base = ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) });
    m_other = ProfileLoader::load({ test::textRank(2, 0), test::textRank(2, 1) });
    QVERIFY(m_base && m_base->ranks.size() == 2);
    QVERIFY(m_other && m_other->ranks.size() == 2);
}

void TestTimelineCompare::comparisonLanesAlignedOnStep()
{
    ViewState state;
    state.setProfile(m_base);
    state.setComparisonProfile(m_other);
    TimelinePage page(&state);
    page.resize(1300, 800);
    const TimelineModel& m = page.timeline()->model();
    QCOMPARE(m.ranks(), QList<int>({ 0 }));
    // Rank 0 of level2, as one more stacked rank numbered after the base's.
    QCOMPARE(m.comparisonRanks(), QList<int>({ 2 }));
    QCOMPARE(m.rankData(2), m_other->ranks[0].get());

    const qint64 baseStart = stepStartNs(traceViewOf(1, 0), QStringLiteral("50"));
    const qint64 otherStart = stepStartNs(traceViewOf(2, 0), QStringLiteral("50"));
    QVERIFY(baseStart > 0 && otherStart > 0);
    // The two captures are about an hour apart (1736408883.69 s vs 1736412474.71 s).
    QCOMPARE(m.offsetNs(2), baseStart - otherStart);
    QCOMPARE(m.toView(2, otherStart), m.toView(0, baseStart));
    QVERIFY(m.offsetNs(2) < -3'500'000'000'000LL);

    // The comparison rank's lanes are labelled and tinted as run B; the shift is in the header.
    const int rankLane = m.rankLane(2);
    QVERIFY(rankLane >= 0);
    QVERIFY(m.lane(rankLane).comparison);
    QVERIFY2(m.lane(rankLane).title.startsWith(QStringLiteral("B \u00b7 Rank 0")), qPrintable(m.lane(rankLane).title));
    QVERIFY2(m.lane(rankLane).note.contains(QStringLiteral("step 50")), qPrintable(m.lane(rankLane).note));
    QVERIFY2(m.lane(rankLane).subtitle.startsWith(QStringLiteral("\u2212")), qPrintable(m.lane(rankLane).subtitle));
    QVERIFY(m.lane(rankLane).note.contains(m_other->rootPath));
    QVERIFY(!m.lane(m.rankLane(0)).comparison);
    int comparisonThreads = 0;
    for (std::size_t i = 0; i < m.lanes().size(); ++i)
        if (m.lane(int(i)).rank == 2 && m.lane(int(i)).kind == LaneKind::Thread) {
            QVERIFY(m.lane(int(i)).comparison);
            QVERIFY(m.lanePath(int(i)).startsWith(QStringLiteral("B \u00b7 ")));
            ++comparisonThreads;
        }
    QVERIFY(comparisonThreads > 0);
    // One shared axis: the base's rows first, B's under them.
    QCOMPARE(m.roots().front(), m.rankLane(0));
    QCOMPARE(m.roots().back(), rankLane);

    // The toggle is there only in run comparison.
    QToolBar* bar = page.findChild<QToolBar*>(QStringLiteral("timelineToolBar"));
    QVERIFY(bar);
    QCheckBox* toggle = comparisonToggle(page);
    QVERIFY(toggle);
    bool actionVisible = false;
    for (QAction* a : bar->actions())
        if (bar->widgetForAction(a) == toggle)
            actionVisible = a->isVisible();
    QVERIFY(actionVisible);

    // Screenshot for the issue (looked at by hand), only when asked for.
    const QString dir = qEnvironmentVariable("PROFSCOPE_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        page.timeline()->setSummaryBuild(TimelineWidget::SummaryBuild::Immediate);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        // B's rank header in the middle of the screen, the base's streams above it.
        page.timeline()->setScrollY(m.rowOf(rankLane)->y - 420);
        page.grab().save(dir + QStringLiteral("/timeline-compare.png"));
    }

    // Without a comparison run the toggle goes away and the lanes with it.
    state.setComparisonProfile(nullptr);
    QVERIFY(m.comparisonRanks().isEmpty());
    for (QAction* a : bar->actions())
        if (bar->widgetForAction(a) == toggle)
            QVERIFY(!a->isVisible());
}

void TestTimelineCompare::stackedRanksEachGetTheirPair()
{
    ViewState state;
    state.setProfile(m_base);
    state.setComparisonProfile(m_other);
    state.setTimelineRanks({ 0, 1 });
    TimelinePage page(&state);
    const TimelineModel& m = page.timeline()->model();
    QCOMPARE(m.comparisonRanks(), QList<int>({ 2, 3 }));
    // Each base rank with its pair right under it.
    QCOMPARE(m.roots().size(), std::size_t(4));
    QCOMPARE(m.lane(m.roots()[0]).rank, 0);
    QCOMPARE(m.lane(m.roots()[1]).rank, 2);
    QCOMPARE(m.lane(m.roots()[2]).rank, 1);
    QCOMPARE(m.lane(m.roots()[3]).rank, 3);
    for (int r : { 0, 1 }) {
        const qint64 baseStart = stepStartNs(traceViewOf(1, r), QStringLiteral("50"));
        const qint64 otherStart = stepStartNs(traceViewOf(2, r), QStringLiteral("50"));
        QVERIFY(baseStart > 0 && otherStart > 0);
        QCOMPARE(m.toView(2 + r, otherStart), m.toView(r, baseStart));
    }

    // Rank 1 of the base against rank 0 of the comparison: the mapping decides.
    RankMapping mapping = state.rankMapping();
    mapping.set(1, 0);
    state.setRankMapping(mapping);
    QCOMPARE(m.comparisonRanks(), QList<int>({ 2 }));

    // The step chosen moves the shift (no rebuild): step 50 is the only one, so
    // the shift stays, and "" (all steps) aligns the first steps: the same.
    const TimeNs before = m.offsetNs(2);
    state.setStep(QStringLiteral("50"));
    QCOMPARE(m.offsetNs(2), before);
}

void TestTimelineCompare::searchAndRangeLabelTheComparisonRun()
{
    ViewState state;
    state.setProfile(m_base);
    state.setComparisonProfile(m_other);
    TimelinePage page(&state);
    const TimelineModel& m = page.timeline()->model();
    // One ProfilerStep#50 slice in each run: two hits, the comparison's labelled.
    QCOMPARE(page.search(QStringLiteral("ProfilerStep#50")), 2);
    int inB = 0;
    for (int row = 0; row < page.searchHits()->rowCount(); ++row) {
        const QString lane = page.searchHits()->index(row, SearchHitsModel::Lane).data().toString();
        if (lane.startsWith(QStringLiteral("B \u00b7 ")))
            ++inB;
    }
    QCOMPARE(inB, 1);

    // A range over the aligned step: its slices per name, B's prefixed.
    const qint64 baseStart = stepStartNs(traceViewOf(1, 0), QStringLiteral("50"));
    const double a = double(m.toView(0, baseStart));
    page.timeline()->setRange(a, a + 20'000'000.0);
    bool base = false;
    bool other = false;
    for (const RangeStatRow& r : page.rangeStats()->rows()) {
        if (r.name == QLatin1String("ProfilerStep#50"))
            base = true;
        if (r.name == QStringLiteral("B \u00b7 ProfilerStep#50"))
            other = true;
    }
    QVERIFY(base);
    QVERIFY(other);
}

void TestTimelineCompare::toggleHidesComparisonLanes()
{
    ViewState state;
    state.setProfile(m_base);
    state.setComparisonProfile(m_other);
    TimelinePage page(&state);
    page.resize(1300, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    const TimelineModel& m = page.timeline()->model();
    QCOMPARE(m.comparisonRanks().size(), 1);
    const qsizetype withB = m.lanes().size();
    QCheckBox* toggle = comparisonToggle(page);
    QVERIFY(toggle && toggle->isVisible() && toggle->isChecked());
    QTest::mouseClick(toggle, Qt::LeftButton, {}, QPoint(8, toggle->height() / 2));
    QVERIFY(!toggle->isChecked());
    QVERIFY(!page.comparisonLanes());
    QVERIFY(m.comparisonRanks().isEmpty());
    QVERIFY(m.lanes().size() < std::size_t(withB));
    for (const TimelineLane& l : m.lanes())
        QVERIFY(!l.comparison);
    // Another current rank keeps them off; on again they come back.
    state.setCurrentRank(1);
    QVERIFY(m.comparisonRanks().isEmpty());
    QTest::mouseClick(toggle, Qt::LeftButton, {}, QPoint(8, toggle->height() / 2));
    QCOMPARE(m.comparisonRanks(), QList<int>({ 3 }));
}

void TestTimelineCompare::comparisonTimelineRequest()
{
    ViewState state;
    state.setProfile(m_base);
    state.setComparisonProfile(m_other);
    TimelinePage page(&state);
    page.resize(1300, 800);
    // The page says it can take the comparison run's ranges (the Operators page asks).
    QVERIFY(state.comparisonTimelineAvailable());
    const TimelineModel& m = page.timeline()->model();
    // Lanes off, rank 1 of B asked for: the lanes come back with base rank 1 and B's rank 1.
    page.setComparisonLanes(false);
    const qint64 otherStart = stepStartNs(traceViewOf(2, 1), QStringLiteral("50"));
    state.requestComparisonTimeline(1, otherStart, otherStart + 1'000'000, QStringLiteral("ProfilerStep#50"));
    QVERIFY(page.comparisonLanes());
    QCOMPARE(m.ranks(), QList<int>({ 1 }));
    QCOMPARE(m.comparisonRanks(), QList<int>({ 3 }));
    const SliceRef sel = page.timeline()->selectedSlice();
    QVERIFY(sel.isValid());
    QCOMPARE(m.lane(sel.lane).rank, 3);
    QVERIFY(m.lane(sel.lane).comparison);
    QCOMPARE(m.trace(3)->strings.string(m.threadTrack(sel.lane).slices.name[sel.slice]), QStringLiteral("ProfilerStep#50"));
    QCOMPARE(m.threadTrack(sel.lane).slices.startNs[sel.slice], otherStart);
    const double x = double(m.toView(3, otherStart));
    QVERIFY(page.timeline()->visibleStartNs() <= x && x <= page.timeline()->visibleEndNs());
    // The details say which run the slice is from.
    bool labelled = false;
    for (QLabel* label : page.findChildren<QLabel*>())
        labelled = labelled || label->text().contains(QStringLiteral("B (comparison)"));
    QVERIFY(labelled);
    // The base run's step selector is not moved by B's step.
    QCOMPARE(state.step(), QString());
}

QTEST_MAIN(TestTimelineCompare)
#include "tst_timelinecompare.moc"
