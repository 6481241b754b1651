// SPDX-License-Identifier: Apache-2.0
// The selection state every page shares: steps from the profile, rank
// choices checked against it, signals only on change.
#include "testsupport.h"

#include "common/viewstate.h"
#include "load/profileloader.h"

#include <QSignalSpy>
#include <QTest>

using namespace profscope;

class TestViewState : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stepsComeFromTheProfile();
    void rankChoicesAreChecked();
    void compareModeNeedsTwoDifferentRanks();
    void newProfileResetsTheChoices();
    void comparisonRunFollowsTheMapping();
    void comparisonTimelineRequests();
};

void TestViewState::stepsComeFromTheProfile()
{
    ViewState state;
    QSignalSpy profileSpy(&state, &ViewState::profileChanged);
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) }));
    QCOMPARE(profileSpy.count(), 1);
    // Both real ranks hold ProfilerStep#50 only (their step_trace_time.csv has one row "50").
    QCOMPARE(state.steps(), QStringList { QStringLiteral("50") });
    QSignalSpy stepSpy(&state, &ViewState::stepChanged);
    state.setStep(QStringLiteral("50"));
    state.setStep(QStringLiteral("50"));
    QCOMPARE(stepSpy.count(), 1);
    QCOMPARE(state.currentRank(), 0);
}

void TestViewState::rankChoicesAreChecked()
{
    ViewState state;
    state.setCurrentRank(0); // no profile yet: ignored
    QCOMPARE(state.currentRank(), -1);
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) }));
    QSignalSpy spy(&state, &ViewState::currentRankChanged);
    state.setCurrentRank(99);
    state.setCurrentRank(-3);
    QCOMPARE(state.currentRank(), 0);
    QCOMPARE(spy.count(), 0);
    state.setCurrentRank(1);
    QCOMPARE(state.currentRank(), 1);
    QCOMPARE(spy.count(), 1);
    state.setBaselineRank(7);
    QCOMPARE(state.baselineRank(), -1);
    state.setRankFilter({ 1 });
    QVERIFY(state.rankVisible(1));
    QVERIFY(!state.rankVisible(0));
}

void TestViewState::compareModeNeedsTwoDifferentRanks()
{
    ViewState state;
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) }));
    QSignalSpy spy(&state, &ViewState::compareChanged);
    state.setBaselineRank(0);
    QVERIFY(!state.compareMode());
    state.setComparisonRank(0);
    QVERIFY(!state.compareMode()); // the same rank twice is no comparison
    state.setComparisonRank(1);
    QVERIFY(state.compareMode());
    state.setBaselineRank(-1);
    QVERIFY(!state.compareMode());
    QCOMPARE(spy.count(), 4);
}

void TestViewState::newProfileResetsTheChoices()
{
    ViewState state;
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) }));
    state.setStep(QStringLiteral("50"));
    state.setRankFilter({ 1 });
    state.setBaselineRank(0);
    state.setComparisonRank(1);
    state.setProfile(ProfileLoader::load({ test::textRank(2, 0) }));
    QVERIFY(state.step().isEmpty());
    QVERIFY(state.rankFilter().isEmpty());
    QVERIFY(!state.compareMode());
    QCOMPARE(state.currentRank(), 0);
    state.setProfile(nullptr);
    QCOMPARE(state.currentRank(), -1);
    QVERIFY(state.steps().isEmpty());
}

void TestViewState::comparisonRunFollowsTheMapping()
{
    ViewState state;
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) }));
    QVERIFY(!state.compareMode());
    // A one-rank comparison run (level2 rank 1): both base ranks map onto it.
    const ProfilePtr other = ProfileLoader::load({ test::textRank(2, 1) });
    QSignalSpy compareSpy(&state, &ViewState::compareChanged);
    QSignalSpy runSpy(&state, &ViewState::comparisonProfileChanged);
    state.setComparisonProfile(other);
    QCOMPARE(runSpy.count(), 1);
    QVERIFY(compareSpy.count() >= 1);
    QVERIFY(state.runCompare());
    QVERIFY(state.compareMode());
    QCOMPARE(state.comparisonSource(), other);
    QCOMPARE(state.baselineRank(), 0);
    QCOMPARE(state.comparisonRank(), 0);
    state.setCurrentRank(1);
    QCOMPARE(state.baselineRank(), 1);
    QCOMPARE(state.comparisonRank(), 0);
    // Comparison ranks are checked against the comparison run (one rank).
    state.setComparisonRank(1);
    QCOMPARE(state.comparisonRank(), 0);
    // The step: same name in both runs.
    state.setStep(QStringLiteral("50"));
    QCOMPARE(state.comparisonStep(), QStringLiteral("50"));
    // A mapping that does not fit the runs is refused.
    QSignalSpy mapSpy(&state, &ViewState::rankMappingChanged);
    state.setRankMapping(RankMapping({ 0, 3 }));
    QCOMPARE(mapSpy.count(), 0);
    state.setRankMapping(RankMapping({ 0, -1 }));
    QCOMPARE(mapSpy.count(), 1);
    QCOMPARE(state.comparisonRank(), -1);
    QVERIFY(!state.compareMode());
    // A new base profile drops the comparison run.
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0) }));
    QVERIFY(!state.runCompare());
    QCOMPARE(runSpy.count(), 2);
    QCOMPARE(state.comparisonRank(), -1);
}

void TestViewState::comparisonTimelineRequests()
{
    ViewState state;
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) }));
    QSignalSpy requested(&state, &ViewState::comparisonTimelineRequested);
    QSignalSpy available(&state, &ViewState::comparisonTimelineAvailableChanged);
    // Without a comparison run there is nothing to show.
    state.requestComparisonTimeline(0, 10, 20);
    QCOMPARE(requested.count(), 0);
    state.setComparisonProfile(ProfileLoader::load({ test::textRank(2, 1) }));
    // Rank indexes of the comparison run (one rank): 1 does not exist there.
    state.requestComparisonTimeline(1, 10, 20);
    QCOMPARE(requested.count(), 0);
    state.requestComparisonTimeline(0, 10, 20, QStringLiteral("MatMul"));
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.at(0).at(0).toInt(), 0);
    QCOMPARE(requested.at(0).at(1).toLongLong(), 10);
    QCOMPARE(requested.at(0).at(2).toLongLong(), 20);
    QCOMPARE(requested.at(0).at(3).toString(), QStringLiteral("MatMul"));
    QVERIFY(!state.comparisonTimelineAvailable());
    state.setComparisonTimelineAvailable(true);
    state.setComparisonTimelineAvailable(true);
    QCOMPARE(available.count(), 1);
    QVERIFY(state.comparisonTimelineAvailable());
}

QTEST_MAIN(TestViewState)
#include "tst_viewstate.moc"
