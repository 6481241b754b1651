// SPDX-License-Identifier: Apache-2.0
// Operator statistics from kernel_details.csv, checked against the
// profiler's own op_statistic.csv (written by CANN from its op summary,
// independently of this code) and against sums computed with Python.
#include "analysis/operators.h"
#include "load/profileloader.h"
#include "testsupport.h"

#include <QTest>

using namespace profscope;

class TestOperators : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void matchesOpStatistic_data();
    void matchesOpStatistic();
    void byNameTopNAndStep();
};

void TestOperators::matchesOpStatistic_data()
{
    QTest::addColumn<int>("level");
    QTest::addColumn<int>("rank");
    for (int level = 1; level < 3; ++level) // level0 has no op_statistic.csv
        for (int rank = 0; rank < 2; ++rank)
            QTest::newRow(qPrintable(QStringLiteral("level%1/rank%2").arg(level).arg(rank))) << level << rank;
}

void TestOperators::matchesOpStatistic()
{
    QFETCH(int, level);
    QFETCH(int, rank);
    const ProfilePtr profile = ProfileLoader::load({ test::textRank(level, rank) });
    const RankData& data = *profile->ranks.at(0);
    QVERIFY(data.kernels);
    QVERIFY(!data.opStatistics.empty());
    const std::vector<OperatorStat> stats = operatorStatistics(*data.kernels);
    int matched = 0;
    for (const OpStatisticRow& row : data.opStatistics) {
        auto it = std::find_if(stats.begin(), stats.end(), [&row](const OperatorStat& s) {
            return s.type == row.opType && s.core == row.coreType;
        });
        QVERIFY2(it != stats.end(), qPrintable(row.opType));
        QCOMPARE(it->count, row.count);
        // CANN's op summary and kernel_details round differently: a few ns per op type.
        QVERIFY2(std::abs(it->totalNs - row.totalNs) <= 50, qPrintable(row.opType));
        QVERIFY2(std::abs(it->ratioPercent - row.ratioPercent) < 0.01, qPrintable(row.opType));
        ++matched;
    }
    QCOMPARE(matched, int(data.opStatistics.size()));
    // The only group op_statistic.csv leaves out is communication.
    for (const OperatorStat& s : stats)
        if (s.communication)
            QCOMPARE(s.core, QStringLiteral("HCCL"));
    QCOMPARE(stats.size(), data.opStatistics.size() + 1);
}

void TestOperators::byNameTopNAndStep()
{
    const ProfilePtr profile = ProfileLoader::load({ test::textRank(1, 0) });
    const KernelTable& k = *profile->ranks.at(0)->kernels;
    // python: rows = list(csv.DictReader(open('kernel_details.csv'))); len(set(r['Name'] for r in rows)) == 82
    //         sum(Decimal(r['Duration(us)']) for r in rows) == 114865.613 (all kernels, HCCL included)
    OperatorQuery byName;
    byName.grouping = OperatorGrouping::Name;
    const auto names = operatorStatistics(k, byName);
    QCOMPARE(names.size(), std::size_t(82));
    TimeNs total = 0;
    qint64 count = 0;
    for (const auto& s : names) {
        total += s.totalNs;
        count += s.count;
        QVERIFY(s.minNs <= s.avgNs() && s.avgNs() <= s.maxNs);
    }
    QCOMPARE(count, 191LL);
    QCOMPARE(total, 114865613LL);
    OperatorQuery top;
    top.topN = 3;
    const auto top3 = operatorStatistics(k, top);
    QCOMPARE(top3.size(), std::size_t(3));
    QVERIFY(top3[0].totalNs >= top3[1].totalNs && top3[1].totalNs >= top3[2].totalNs);
    OperatorQuery otherStep;
    otherStep.stepId = 49; // the capture has only step 50
    QVERIFY(operatorStatistics(k, otherStep).empty());
    OperatorQuery step50;
    step50.stepId = 50;
    QCOMPARE(operatorStatistics(k, step50).size(), operatorStatistics(k).size());
}

QTEST_GUILESS_MAIN(TestOperators)
#include "tst_operators.moc"
