// SPDX-License-Identifier: Apache-2.0
// What the timeline builds off the GUI thread: the summary rows of collapsed
// ranks, and the thread lanes' indexes of a profile above the model's eager
// limit. The first frame draws placeholders at once, the rows and lanes
// follow and then look exactly as when built on the spot; a profile change
// while a job runs neither crashes nor shows rows of the old profile.
#include "load/profileloader.h"
#include "testsupport.h"
#include "timeline/timelinewidget.h"

#include <QImage>
#include <QPainter>
#include <QTest>

using namespace profscope;

namespace {

// n ranks sharing one rank's data (as the timeline benchmark stacks them).
ProfilePtr stacked(const ProfilePtr& one, int n, QList<int>* ranks)
{
    auto p = std::make_shared<Profile>();
    for (int r = 0; r < n; ++r) {
        p->ranks.push_back(one->ranks[0]);
        *ranks << r;
    }
    return p;
}

QImage frame(TimelineWidget& w)
{
    QImage image(w.size(), QImage::Format_RGB32);
    QPainter p(&image);
    w.render(&p);
    return image;
}

void collapseAll(TimelineWidget& w, const QList<int>& ranks)
{
    for (int r : ranks)
        w.model().setCollapsed(w.model().rankLane(r), true);
    w.relayoutLanes();
}

} // namespace

class TestSummaryBuilder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void offThreadMatchesImmediate();
    void profileChangeDuringJob();
    void laneIndexesOffThreadMatchImmediate();
    void laneIndexesOfAnOldProfileAreDropped();
};

void TestSummaryBuilder::offThreadMatchesImmediate()
{
    const ProfilePtr one = ProfileLoader::load({ test::textRank(1, 0) });
    QVERIFY(one && !one->ranks.empty());
    QList<int> ranks;
    const ProfilePtr profile = stacked(one, 12, &ranks);

    TimelineWidget immediate;
    immediate.resize(1200, 700);
    immediate.setSummaryBuild(TimelineWidget::SummaryBuild::Immediate);
    immediate.setProfile(profile, ranks);
    collapseAll(immediate, ranks);
    const QImage expected = frame(immediate);
    QCOMPARE(immediate.renderer().lastFrameStats().summariesPending, 0);

    TimelineWidget w;
    w.resize(1200, 700);
    w.setSummaryBuild(TimelineWidget::SummaryBuild::OffThread);
    w.setProfile(profile, ranks);
    collapseAll(w, ranks);
    const QImage first = frame(w);
    // Placeholders first: the rows are being built.
    QCOMPARE(w.renderer().lastFrameStats().summariesPending, 12);
    QVERIFY(first != expected);
    QTRY_VERIFY(!w.renderer().summaryBuilder().isBusy());
    QCoreApplication::processEvents();
    const QImage built = frame(w);
    QCOMPARE(w.renderer().lastFrameStats().summariesPending, 0);
    QVERIFY(built == expected);
}

void TestSummaryBuilder::profileChangeDuringJob()
{
    const ProfilePtr one = ProfileLoader::load({ test::textRank(1, 0) });
    QList<int> ranks;
    ProfilePtr profile = stacked(one, 16, &ranks);
    TimelineWidget w;
    w.resize(1200, 700);
    w.setSummaryBuild(TimelineWidget::SummaryBuild::OffThread);
    w.setProfile(profile, ranks);
    collapseAll(w, ranks);
    frame(w); // starts the job
    // A new profile at once: the job's results are dropped, its inputs stay alive until it ends.
    const ProfilePtr other = ProfileLoader::load({ test::textRank(1, 1) });
    profile.reset();
    w.setProfile(other, { 0 });
    QTRY_VERIFY(!w.renderer().summaryBuilder().isBusy());
    QCoreApplication::processEvents();
    frame(w);
    QCOMPARE(w.renderer().lastFrameStats().summariesPending, 0); // one expanded rank: no summary rows
}

void TestSummaryBuilder::laneIndexesOffThreadMatchImmediate()
{
    const ProfilePtr profile = ProfileLoader::load({ test::textRank(1, 0) });
    QVERIFY(profile && !profile->ranks.empty());

    // Small enough for setProfile to build every index: the reference frame.
    TimelineWidget immediate;
    immediate.resize(1200, 700);
    immediate.setProfile(profile, { 0 });
    const QImage expected = frame(immediate);
    QCOMPARE(immediate.renderer().lastFrameStats().lanesPending, 0);

    // The same profile taken as a large one (eager limit 0), rendered for an
    // export (not on screen): the indexes are built on the spot, same frame.
    TimelineWidget exported;
    exported.resize(1200, 700);
    exported.model().setEagerIndexSlices(0);
    exported.setSummaryBuild(TimelineWidget::SummaryBuild::Immediate);
    exported.setProfile(profile, { 0 });
    QCOMPARE(exported.model().hasThreadIndex(exported.model().rankLane(0) + 1), false);
    QVERIFY(frame(exported) == expected);
    QCOMPARE(exported.renderer().lastFrameStats().lanesPending, 0);

    // On screen: placeholders first, then the lanes as in the reference.
    TimelineWidget w;
    w.resize(1200, 700);
    w.model().setEagerIndexSlices(0);
    w.setSummaryBuild(TimelineWidget::SummaryBuild::OffThread);
    w.setProfile(profile, { 0 });
    const QImage first = frame(w);
    QVERIFY(w.renderer().lastFrameStats().lanesPending > 0);
    QVERIFY(first != expected);
    QTRY_VERIFY(!w.renderer().isBuildingIndexes());
    QCoreApplication::processEvents();
    const QImage built = frame(w);
    QCOMPARE(w.renderer().lastFrameStats().lanesPending, 0);
    QVERIFY(built == expected);
}

void TestSummaryBuilder::laneIndexesOfAnOldProfileAreDropped()
{
    ProfilePtr profile = ProfileLoader::load({ test::textRank(1, 0) });
    TimelineWidget w;
    w.resize(1200, 700);
    w.model().setEagerIndexSlices(0);
    w.setSummaryBuild(TimelineWidget::SummaryBuild::OffThread);
    w.setProfile(profile, { 0 });
    frame(w); // starts the job
    // Another profile at once: the job's indexes are for lanes that no
    // longer exist; they must not be adopted by the new lanes.
    const ProfilePtr other = ProfileLoader::load({ test::textRank(1, 1) });
    profile.reset();
    w.setProfile(other, { 0 });
    QTRY_VERIFY(!w.renderer().isBuildingIndexes());
    QCoreApplication::processEvents();
    frame(w); // asks for the new lanes' indexes
    QTRY_VERIFY(!w.renderer().isBuildingIndexes());
    QCoreApplication::processEvents();
    const QImage built = frame(w);
    QCOMPARE(w.renderer().lastFrameStats().lanesPending, 0);
    // Each adopted index covers its own lane's slices.
    for (int lane = 0; lane < int(w.model().lanes().size()); ++lane) {
        if (w.model().lane(lane).kind != LaneKind::Thread || !w.model().hasThreadIndex(lane))
            continue;
        std::size_t indexed = 0;
        for (const auto& depth : w.model().threadIndex(lane).byDepth)
            indexed += depth.size();
        QCOMPARE(indexed, w.model().threadTrack(lane).slices.size());
    }

    TimelineWidget reference;
    reference.resize(1200, 700);
    reference.setProfile(other, { 0 });
    QVERIFY(built == frame(reference));
}

QTEST_MAIN(TestSummaryBuilder)
#include "tst_summarybuilder.moc"
