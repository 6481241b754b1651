// SPDX-License-Identifier: Apache-2.0
// Two runs side by side: the default rank mapping, its text form, and which
// comparison step stands for a base step. Expected pairs are written out by
// hand from the rank ids, not derived by the code under test.
#include "testsupport.h"

#include "analysis/runcompare.h"
#include "load/profileloader.h"

#include <QTest>

using namespace profscope;

namespace {

// A profile of ranks with these ids (no data: the mapping reads ids only).
ProfilePtr profileWithIds(const std::vector<int>& ids)
{
    auto p = std::make_shared<Profile>();
    for (int id : ids) {
        auto r = std::make_shared<RankData>();
        r->info.rankId = id;
        p->ranks.push_back(r);
    }
    return p;
}

} // namespace

class TestRunCompare : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaultMapping_data();
    void defaultMapping();
    void editAndText();
    void parseErrors_data();
    void parseErrors();
    void mapStep_data();
    void mapStep();
    void realRunsOfOneWorkload();
};

void TestRunCompare::defaultMapping_data()
{
    QTest::addColumn<QList<int>>("baseIds");
    QTest::addColumn<QList<int>>("otherIds");
    QTest::addColumn<QList<int>>("expected"); // comparison index per base index

    QTest::newRow("same ids") << QList<int> { 0, 1 } << QList<int> { 0, 1 } << QList<int> { 0, 1 };
    // Ids are matched, not positions.
    QTest::newRow("permuted") << QList<int> { 0, 1, 2 } << QList<int> { 2, 0, 1 } << QList<int> { 1, 2, 0 };
    // No common id: by order.
    QTest::newRow("disjoint") << QList<int> { 4, 5 } << QList<int> { 8, 9 } << QList<int> { 0, 1 };
    // 8 against 2: ids 0 and 1 pair, the rest wrap round (k mod 2).
    QTest::newRow("8 vs 2") << QList<int> { 0, 1, 2, 3, 4, 5, 6, 7 } << QList<int> { 0, 1 }
                            << QList<int> { 0, 1, 0, 1, 0, 1, 0, 1 };
    // 2 against 8: the first two.
    QTest::newRow("2 vs 8") << QList<int> { 0, 1 } << QList<int> { 0, 1, 2, 3, 4, 5, 6, 7 } << QList<int> { 0, 1 };
    // Unknown ids (-1) take what is left, in order.
    QTest::newRow("unknown ids") << QList<int> { -1, 3 } << QList<int> { 3, 7 } << QList<int> { 1, 0 };
    QTest::newRow("empty comparison") << QList<int> { 0, 1 } << QList<int> {} << QList<int> { -1, -1 };
}

void TestRunCompare::defaultMapping()
{
    QFETCH(QList<int>, baseIds);
    QFETCH(QList<int>, otherIds);
    QFETCH(QList<int>, expected);
    const auto base = profileWithIds({ baseIds.begin(), baseIds.end() });
    const auto other = profileWithIds({ otherIds.begin(), otherIds.end() });
    const RankMapping m = RankMapping::byRankId(*base, *other);
    QCOMPARE(m.baseRanks(), baseIds.size());
    for (int i = 0; i < baseIds.size(); ++i)
        QCOMPARE(m.otherFor(i), expected[i]);
    QCOMPARE(m.otherFor(-1), -1);
    QCOMPARE(m.otherFor(int(baseIds.size())), -1);
    QCOMPARE(m.validFor(*base, *other), true);
}

void TestRunCompare::editAndText()
{
    const auto base = profileWithIds({ 0, 1, 2, 3 });
    const auto other = profileWithIds({ 10, 11 });
    RankMapping m = RankMapping::byRankId(*base, *other);
    QCOMPARE(m.toText(*base, *other), QStringLiteral("0:10,1:11,2:10,3:11"));
    m.set(3, -1);
    m.set(2, 1);
    QCOMPARE(m.toText(*base, *other), QStringLiteral("0:10,1:11,2:11"));
    QCOMPARE(m.baseFor(1), 1);
    QCOMPARE(m.baseFor(0), 0);
    QString error = QStringLiteral("stale");
    const RankMapping parsed = RankMapping::parse(QStringLiteral(" 0:10, 1:11 ,2:11"), *base, *other, &error);
    QVERIFY(error.isEmpty());
    QCOMPARE(parsed, m);
    QVERIFY(!RankMapping({ 0, 5, 0, 0 }).validFor(*base, *other));
    QVERIFY(!RankMapping({ 0, 1 }).validFor(*base, *other));
}

void TestRunCompare::parseErrors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("namesInError");
    QTest::newRow("not a pair") << QStringLiteral("0-10") << QStringLiteral("0-10");
    QTest::newRow("not a number") << QStringLiteral("0:x") << QStringLiteral("0:x");
    QTest::newRow("three parts") << QStringLiteral("0:1:2") << QStringLiteral("0:1:2");
    QTest::newRow("unknown base") << QStringLiteral("9:10") << QStringLiteral("9");
    QTest::newRow("unknown comparison") << QStringLiteral("0:12") << QStringLiteral("12");
}

void TestRunCompare::parseErrors()
{
    QFETCH(QString, text);
    QFETCH(QString, namesInError);
    const auto base = profileWithIds({ 0, 1 });
    const auto other = profileWithIds({ 10, 11 });
    QString error;
    const RankMapping m = RankMapping::parse(text, *base, *other, &error);
    QVERIFY2(error.contains(namesInError), qPrintable(error));
    QCOMPARE(m.otherFor(0), -1);
    QCOMPARE(m.otherFor(1), -1);
}

void TestRunCompare::mapStep_data()
{
    QTest::addColumn<QString>("baseStep");
    QTest::addColumn<QStringList>("baseSteps");
    QTest::addColumn<QStringList>("otherSteps");
    QTest::addColumn<QString>("expected");
    const QStringList oneToFive { "1", "2", "3", "4", "5" };
    QTest::newRow("same name") << "3" << oneToFive << QStringList { "3", "4" } << "3";
    QTest::newRow("by position") << "3" << oneToFive << QStringList { "10", "11", "12" } << "12";
    QTest::newRow("past the end") << "5" << oneToFive << QStringList { "10", "11" } << "";
    QTest::newRow("all steps") << "" << oneToFive << oneToFive << "";
    QTest::newRow("no steps") << "2" << oneToFive << QStringList {} << "";
}

void TestRunCompare::mapStep()
{
    QFETCH(QString, baseStep);
    QFETCH(QStringList, baseSteps);
    QFETCH(QStringList, otherSteps);
    QFETCH(QString, expected);
    QCOMPARE(profscope::mapStep(baseStep, baseSteps, otherSteps), expected);
}

void TestRunCompare::realRunsOfOneWorkload()
{
    // level0 and level2 are two captures of one 2-rank workload.
    const ProfilePtr base = ProfileLoader::load({ test::textRank(0, 0), test::textRank(0, 1) });
    const ProfilePtr other = ProfileLoader::load({ test::textRank(2, 0), test::textRank(2, 1) });
    QCOMPARE(base->ranks.size(), std::size_t(2));
    QCOMPARE(other->ranks.size(), std::size_t(2));
    const RankMapping m = RankMapping::byRankId(*base, *other);
    QCOMPARE(m.toText(*base, *other), QStringLiteral("0:0,1:1"));
    // Both step_trace_time.csv files hold the one row "50".
    QCOMPARE(profileSteps(*base), QStringList { QStringLiteral("50") });
    QCOMPARE(profileSteps(*other), QStringList { QStringLiteral("50") });
}

QTEST_GUILESS_MAIN(TestRunCompare)
#include "tst_runcompare.moc"
