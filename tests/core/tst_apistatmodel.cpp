// SPDX-License-Identifier: Apache-2.0
// api_statistic.csv per rank and merged over ranks, as the API Statistics
// table and the CLI show it, on the torch_npu level1 text ranks.
//
// Expected values from python3 over the files:
//   import csv; L = '.../ascend-msinsight/test/data/pytorch/text/level1/'
//   rows = {r: list(csv.DictReader(open(L + f'rank{r}_ascend_pt/ASCEND_PROFILER_OUTPUT/api_statistic.csv'))) for r in (0, 1)}

#include "analysis/apistatistics.h"
#include "itemmodels/apistatmodel.h"
#include "load/profileloader.h"
#include "testsupport.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdlib>

using namespace profscope;

class TestApiStatModel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void perRank();
    void merged();
    void byType();
    void model();
    void emptyProfile();
    void fromTimelineMatchesTheFile();
    void databaseRanks();

private:
    ProfilePtr m_profile;
};

void TestApiStatModel::initTestCase()
{
    m_profile = ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) });
    QVERIFY(m_profile);
    QCOMPARE(int(m_profile->ranks.size()), 2);
}

void TestApiStatModel::perRank()
{
    // len(rows[0]) == 57; sum(float(x['Time(us)']) for x in rows[0]) == 123965.13
    const auto stats = apiStatistics(*m_profile, 0);
    QCOMPARE(int(stats.size()), 57);
    TimeNs total = 0;
    for (const auto& s : stats) {
        total += s.totalNs;
        QCOMPARE(s.ranks, 1);
    }
    QCOMPARE(total, TimeNs(123965130));
    // Largest first: rank 0's aclrtSynchronizeStreamWithTimeout, 97887.24 us over 7 calls.
    QCOMPARE(stats.front().apiName, QStringLiteral("aclrtSynchronizeStreamWithTimeout"));
    QCOMPARE(stats.front().totalNs, TimeNs(97887240));
    QCOMPARE(stats.front().count, qint64(7));
    // As written: Variance 1010551679.025
    QCOMPARE(stats.front().varianceUs2, 1010551679.025);
}

void TestApiStatModel::merged()
{
    // 57 distinct (Level, API Name) over both ranks. aclrtSynchronizeStreamWithTimeout:
    // count 7 + 7 = 14, time 97887.24 + 93091.05 = 190978.29 us, min 6.27, max 91682.16,
    // pooled variance sum(n*(var+mean^2))/N - (T/N)^2 = 946722119.342225
    const auto stats = apiStatistics(*m_profile);
    QCOMPARE(int(stats.size()), 57);
    const ApiStat& top = stats.front();
    QCOMPARE(top.apiName, QStringLiteral("aclrtSynchronizeStreamWithTimeout"));
    QCOMPARE(top.level, QStringLiteral("acl"));
    QCOMPARE(top.count, qint64(14));
    QCOMPARE(top.totalNs, TimeNs(190978290));
    QCOMPARE(top.minNs, TimeNs(6270));
    QCOMPARE(top.maxNs, TimeNs(91682160));
    QCOMPARE(top.ranks, 2);
    QVERIFY2(std::fabs(top.varianceUs2 - 946722119.342225) < 1e-3, qPrintable(QString::number(top.varianceUs2, 'f', 6)));
    // Next: aclopCompileAndExecute 28692.6 us (38 calls), then node launch 8271.59 us (382 calls).
    QCOMPARE(stats[1].apiName, QStringLiteral("aclopCompileAndExecute"));
    QCOMPARE(stats[1].totalNs, TimeNs(28692600));
    QCOMPARE(stats[1].count, qint64(38));
    QCOMPARE(stats[2].level, QStringLiteral("node"));
    QCOMPARE(stats[2].count, qint64(382));
}

void TestApiStatModel::byType()
{
    // acl: 55 APIs, 1025 calls, 235603.62 us; node: 1, 382, 8271.59; hccl: 1, 8, 932.8
    const auto types = apiTypeStatistics(apiStatistics(*m_profile));
    QCOMPARE(int(types.size()), 3);
    QCOMPARE(types[0].level, QStringLiteral("acl"));
    QCOMPARE(types[0].apis, qint64(55));
    QCOMPARE(types[0].count, qint64(1025));
    QCOMPARE(types[0].totalNs, TimeNs(235603620));
    QCOMPARE(types[1].level, QStringLiteral("node"));
    QCOMPARE(types[1].totalNs, TimeNs(8271590));
    QCOMPARE(types[2].level, QStringLiteral("hccl"));
    QCOMPARE(types[2].count, qint64(8));
    QCOMPARE(types[2].totalNs, TimeNs(932800));
}

void TestApiStatModel::model()
{
    ApiStatModel model;
    model.setStatistics(apiStatistics(*m_profile, 1), false);
    QCOMPARE(model.rowCount(), 57);
    QCOMPARE(model.section(ApiStatModel::RanksColumn), -1);
    // rank 1 top: aclrtSynchronizeStreamWithTimeout 93091.05 us
    const int total = model.section(ApiStatModel::TotalColumn);
    QCOMPARE(model.data(model.index(0, total)).toString(), QStringLiteral("93091.050"));
    QCOMPARE(model.data(model.index(0, total), ApiStatModel::SortRole).toDouble(), 93091.05);
    // Ratio: 93091.05 / 120842.88 * 100 = 77.03 (sum of rank 1's Time(us) is 120842.88)
    QCOMPARE(model.data(model.index(0, model.section(ApiStatModel::RatioColumn))).toString(), QStringLiteral("77.03"));
    QCOMPARE(model.headerData(model.section(ApiStatModel::NameColumn), Qt::Horizontal).toString(), QStringLiteral("API Name"));

    model.setStatistics(apiStatistics(*m_profile), true);
    const int ranks = model.section(ApiStatModel::RanksColumn);
    QVERIFY(ranks >= 0);
    QCOMPARE(model.data(model.index(0, ranks)).toString(), QStringLiteral("2"));
}

void TestApiStatModel::emptyProfile()
{
    const ProfilePtr profile = ProfileLoader::load({ test::mindinsight(QStringLiteral("cluster_propose")) });
    QVERIFY(!hasApiStatistics(*profile));
    QVERIFY(apiStatistics(*profile).empty());
    QVERIFY(hasApiStatistics(*m_profile));
}

void TestApiStatModel::fromTimelineMatchesTheFile()
{
    // The profiler derives api_statistic.csv from the same CANN API calls the
    // timeline shows: recomputed from the trace, every API of the file is
    // there with its count and (to the file's 0.01 us) its time.
    for (int r = 0; r < 2; ++r) {
        const RankData& rank = *m_profile->ranks[std::size_t(r)];
        const std::vector<ApiStatisticRow> trace = apiStatisticsFromTrace(rank.trace);
        QVERIFY(!trace.empty());
        int matched = 0;
        for (const ApiStatisticRow& file : rank.apiStatistics) {
            const auto it = std::find_if(trace.begin(), trace.end(), [&file](const ApiStatisticRow& t) {
                return t.level == file.level && t.apiName == file.apiName;
            });
            QVERIFY2(it != trace.end(), qPrintable(file.level + QLatin1Char('@') + file.apiName));
            QCOMPARE(it->count, file.count);
            QVERIFY2(std::llabs(it->totalNs - file.totalNs) <= 10 * file.count,
                     qPrintable(QStringLiteral("%1: %2 vs %3 ns").arg(file.apiName).arg(it->totalNs).arg(file.totalNs)));
            QVERIFY(std::llabs(it->maxNs - file.maxNs) <= 10);
            ++matched;
        }
        QCOMPARE(matched, 57);
    }
}

void TestApiStatModel::databaseRanks()
{
    // A database has no api_statistic table: its ranks' statistics come from
    // CANN_API. python3 over both level1 DBs:
    //   SELECT e.name, COUNT(*), SUM(c.endNs - c.startNs) FROM CANN_API c
    //   JOIN ENUM_API_TYPE e ON e.id = c.type GROUP BY e.name
    //   -> acl 1029 calls 233607300 ns, node 382 / 7572490, hccl 8 / 818040
    const ProfilePtr db = ProfileLoader::load({ test::dbRank(1, 0), test::dbRank(1, 1) });
    QVERIFY(db);
    QVERIFY(hasApiStatistics(*db));
    int fromTimeline = 0;
    const auto types = apiTypeStatistics(apiStatistics(*db, -1, &fromTimeline));
    QCOMPARE(fromTimeline, 2);
    QCOMPARE(int(types.size()), 3);
    QCOMPARE(types[0].level, QStringLiteral("acl"));
    QCOMPARE(types[0].count, qint64(1029));
    QCOMPARE(types[0].totalNs, TimeNs(233607300));
    QCOMPARE(types[1].level, QStringLiteral("node"));
    QCOMPARE(types[1].count, qint64(382));
    QCOMPARE(types[1].totalNs, TimeNs(7572490));
    QCOMPARE(types[2].level, QStringLiteral("hccl"));
    QCOMPARE(types[2].count, qint64(8));
    QCOMPARE(types[2].totalNs, TimeNs(818040));
}

QTEST_GUILESS_MAIN(TestApiStatModel)
#include "tst_apistatmodel.moc"
