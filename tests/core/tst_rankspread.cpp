// SPDX-License-Identifier: Apache-2.0
// The spread of step time over ranks: nearest-rank percentiles, the median
// absolute deviation and the outliers, against values worked out by hand in
// the comments (sorted lists, ceil(p/100 × n)-th value).
#include "analysis/rankspread.h"

#include <QTest>

#include <limits>

using namespace profscope;

using Values = std::vector<TimeNs>;
Q_DECLARE_METATYPE(Values)

class TestRankSpread : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void percentiles_data();
    void percentiles();
    void outliers_data();
    void outliers();
    void orderAndLimit();
    void extremeValues();
};

void TestRankSpread::percentiles_data()
{
    QTest::addColumn<Values>("values");
    QTest::addColumn<qint64>("minNs");
    QTest::addColumn<qint64>("p10Ns");
    QTest::addColumn<qint64>("p50Ns");
    QTest::addColumn<qint64>("p90Ns");
    QTest::addColumn<qint64>("maxNs");
    QTest::addColumn<qint64>("madNs");
    // n = 10: p10 = 1st, p50 = 5th, p90 = 9th value; deviations from 50 are
    // 40 30 20 10 0 10 20 30 40 50 -> sorted 0 10 10 20 20 30 30 40 40 50, 5th = 20.
    QTest::newRow("ten, shuffled") << Values { 70, 10, 100, 40, 20, 90, 60, 30, 80, 50 } << 10ll << 10ll << 50ll
                                   << 90ll << 100ll << 20ll;
    // n = 1: every percentile is the value, no deviation.
    QTest::newRow("one rank") << Values { 42 } << 42ll << 42ll << 42ll << 42ll << 42ll << 0ll;
    // n = 4: p10 = ceil(0.4) = 1st, p50 = 2nd, p90 = ceil(3.6) = 4th; deviations
    // from 2: 1 0 1 2 -> sorted 0 1 1 2, 2nd = 1.
    QTest::newRow("four") << Values { 4, 3, 2, 1 } << 1ll << 1ll << 2ll << 4ll << 4ll << 1ll;
    // n = 3 equal values.
    QTest::newRow("identical") << Values { 7, 7, 7 } << 7ll << 7ll << 7ll << 7ll << 7ll << 0ll;
    QTest::newRow("empty") << Values {} << 0ll << 0ll << 0ll << 0ll << 0ll << 0ll;
}

void TestRankSpread::percentiles()
{
    QFETCH(Values, values);
    const RankSpread s = rankSpread(values);
    QTEST(qint64(s.minNs), "minNs");
    QTEST(qint64(s.p10Ns), "p10Ns");
    QTEST(qint64(s.p50Ns), "p50Ns");
    QTEST(qint64(s.p90Ns), "p90Ns");
    QTEST(qint64(s.maxNs), "maxNs");
    QTEST(qint64(s.madNs), "madNs");
    QCOMPARE(s.order.size(), values.size());
}

void TestRankSpread::outliers_data()
{
    QTest::addColumn<Values>("values");
    QTest::addColumn<QList<int>>("expected");
    QTest::addColumn<int>("count");
    // Sorted 98 99 100 100 100 101 102 150: median (4th) 100; deviations
    // 0 0 0 1 1 2 2 50, 4th = 1: threshold 3.5 × 1.4826 = 5.19 -> only 150 (index 7).
    QTest::newRow("one slow") << Values { 100, 101, 99, 100, 102, 98, 100, 150 } << QList<int> { 7 } << 1;
    // Same with one fast rank too: 40 is 60 away, 150 is 50 away -> 40 first.
    QTest::newRow("slow and fast") << Values { 100, 101, 99, 100, 102, 98, 40, 150 } << QList<int> { 6, 7 } << 2;
    // Identical but one 4% off: MAD 0, yet below the 5% floor -> none.
    QTest::newRow("noise below 5%") << Values { 1000, 1000, 1000, 1040, 1000 } << QList<int> {} << 0;
    // 6% off with MAD 0 -> flagged.
    QTest::newRow("6% with no spread") << Values { 1000, 1000, 1060, 1000, 1000 } << QList<int> { 2 } << 1;
    // 101..108 and 120: median 105 (5th of 9), deviations 0 1 1 2 2 3 3 4 15,
    // MAD 2 (5th): threshold 10.4, 15 > 10.4 and 15 >= 5.25 -> 120 (index 8).
    QTest::newRow("mild spread, one far") << Values { 101, 102, 103, 104, 105, 106, 107, 108, 120 } << QList<int> { 8 } << 1;
    // An even spread: 10..100, MAD 20, threshold 103.8 -> none.
    QTest::newRow("uniform") << Values { 10, 20, 30, 40, 50, 60, 70, 80, 90, 100 } << QList<int> {} << 0;
}

void TestRankSpread::outliers()
{
    QFETCH(Values, values);
    QFETCH(QList<int>, expected);
    const RankSpread s = rankSpread(values);
    QCOMPARE(QList<int>(s.outliers.begin(), s.outliers.end()), expected);
    QTEST(s.outlierCount, "count");
}

void TestRankSpread::orderAndLimit()
{
    // Ranks 0..19 at 1000 ns, then 20 slow ranks at 2000 + 10 × i: all 20 slow
    // ones deviate, the median is 1000 (20th of 40) and MAD 0.
    Values values(20, 1000);
    for (int i = 0; i < 20; ++i)
        values.push_back(2000 + 10 * i);
    const RankSpread s = rankSpread(values, 3);
    QCOMPARE(s.p50Ns, TimeNs(1000));
    QCOMPARE(s.outlierCount, 20);
    // The farthest first, at most three named.
    QCOMPARE(QList<int>(s.outliers.begin(), s.outliers.end()), (QList<int> { 39, 38, 37 }));
    // Ties keep rank order; the largest value is last.
    QCOMPARE(s.order.front(), 0);
    QCOMPARE(s.order.back(), 39);
}

void TestRankSpread::extremeValues()
{
    // Damaged files can carry times at the ends of TimeNs: no overflow
    // (the sanitizer build checks), the extreme value is the outlier.
    constexpr TimeNs kMax = std::numeric_limits<TimeNs>::max();
    constexpr TimeNs kMin = std::numeric_limits<TimeNs>::min();
    const RankSpread s = rankSpread(Values { 10, 11, 12, kMax, kMin + 1, 10 });
    QCOMPARE(s.maxNs, kMax);
    QCOMPARE(s.minNs, kMin + 1);
    QCOMPARE(s.outlierCount, 2);
}

QTEST_GUILESS_MAIN(TestRankSpread)
#include "tst_rankspread.moc"
