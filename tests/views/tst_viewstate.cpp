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

QTEST_MAIN(TestViewState)
#include "tst_viewstate.moc"
