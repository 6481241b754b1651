// SPDX-License-Identifier: Apache-2.0
// Summary rows of collapsed ranks built off the GUI thread: the first frame
// draws placeholders at once, the rows follow and then look exactly as when
// built on the spot; a profile change while a job runs neither crashes nor
// shows rows of the old profile.
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

QTEST_MAIN(TestSummaryBuilder)
#include "tst_summarybuilder.moc"
