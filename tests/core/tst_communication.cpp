// SPDX-License-Identifier: Apache-2.0
// Communication totals and the merged matrix, against the profiler's own
// "Total Op Info" aggregates and independent Python sums of the JSON files.
#include "analysis/communication.h"
#include "load/profileloader.h"
#include "model/profile.h"
#include "testsupport.h"

#include <QTest>

using namespace profscope;

class TestCommunication : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rankTotalsMatchTotalOpInfo();
    void mergedMatrix();
    void matrixOpKeys_data();
    void matrixOpKeys();
    void olderTwoRankSample();
};

void TestCommunication::rankTotalsMatchTotalOpInfo()
{
    const ProfilePtr profile = ProfileLoader::load({ test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text/level1")) });
    const auto groups = communicationByRankAndGroup(*profile, QStringLiteral("step50"));
    QCOMPARE(groups.size(), std::size_t(2)); // one group, two ranks
    const RankCommunication& r1 = groups[1];
    QCOMPARE(r1.rankId, 1);
    QCOMPARE(r1.groupId, QStringLiteral("17522688603477080586"));
    QCOMPARE(r1.ops, 4LL);
    // rank1 communication.json, step50/collective/"Total Op Info" (written by the profiler):
    // Elapse 100.37528546875, Transit 3.85967709375, Wait 0.1913838125, Synchronization 0.02090040625,
    // Idle 96.3242245625, Wait Time Ratio 0.0472, Synchronization Time Ratio 0.0054,
    // HCCS 427.59609599999993 MB in 27.58397134375 ms
    QVERIFY(std::abs(r1.elapseMs - 100.37528546875) < 1e-6);
    QVERIFY(std::abs(r1.transitMs - 3.85967709375) < 1e-6);
    QVERIFY(std::abs(r1.waitMs - 0.1913838125) < 1e-6);
    QVERIFY(std::abs(r1.synchronizationMs - 0.02090040625) < 1e-6);
    QVERIFY(std::abs(r1.idleMs - 96.3242245625) < 1e-6);
    QVERIFY(std::abs(r1.waitRatio() - 0.0472) < 0.00005);
    QVERIFY(std::abs(r1.synchronizationRatio() - 0.0054) < 0.00005);
    const TransportTotals& hccs = r1.transports.at(QStringLiteral("HCCS"));
    QVERIFY(std::abs(hccs.sizeMB - 427.59609599999993) < 1e-6);
    QVERIFY(std::abs(hccs.timeMs - 27.58397134375) < 1e-6);
    QVERIFY(std::abs(hccs.bandwidthGBps() - 427.59609599999993 / 27.58397134375) < 1e-9);
    QVERIFY(hccs.packets() > 0);
    QVERIFY(hccs.largePacketRatio(QStringLiteral("HCCS")) < 0.5); // 2–8 MB packets: mostly small for HCCS
    QVERIFY(communicationByRankAndGroup(*profile, QStringLiteral("step7")).empty());
}

void TestCommunication::mergedMatrix()
{
    const ProfilePtr profile = ProfileLoader::load({ test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text/level1")) });
    // python: Σ over both ranks' communication_matrix.json, keys "allreduce-total@…":
    // 16 links, 977.613504 MB, 55.188282875 ms
    const auto total = communicationMatrix(*profile);
    QCOMPARE(total.size(), std::size_t(16));
    double size = 0, time = 0;
    for (const MatrixCell& c : total) {
        size += c.sizeMB;
        time += c.timeMs;
        QVERIFY(c.srcRank == 0 || c.srcRank == 1);
    }
    QVERIFY(std::abs(size - 977.613504) < 1e-6);
    QVERIFY(std::abs(time - 55.188282875) < 1e-6);
    const auto it = std::find_if(total.begin(), total.end(), [](const MatrixCell& c) { return c.srcRank == 0 && c.dstRank == 3; });
    QVERIFY(it != total.end());
    QCOMPARE(it->transport, QStringLiteral("HCCS"));
    QVERIFY(std::abs(it->bandwidthGBps() - 15.724) < 0.001); // the file's own Bandwidth(GB/s)
    MatrixQuery top1;
    top1.op = QStringLiteral("top1");
    QCOMPARE(communicationMatrix(*profile, top1).size(), std::size_t(16));
    MatrixQuery named;
    named.op = QStringLiteral("hcom_allReduce__586_2_1");
    QVERIFY(!communicationMatrix(*profile, named).empty());
    MatrixQuery otherGroup;
    otherGroup.groupId = QStringLiteral("1");
    QVERIFY(communicationMatrix(*profile, otherGroup).empty());
}

void TestCommunication::matrixOpKeys_data()
{
    // Hand-made links, one per source rank (src = its index, dst = 100), so the
    // cells a query keeps name the links it matched.
    QTest::addColumn<QString>("op");
    QTest::addColumn<QList<int>>("sources");
    // 0 "allreduce-top1@g1", 1 "allreduce-total@g1", 2 "alltoall-total" (no group),
    // 3 "send@g1" (no size class), 4 "a-b-middle@x@y", 5 "allreduce-@g1" (empty class),
    // 6 "total@g1" (a name, not a class), 7 "bcast-bottom1@g1", 8 "x@y-total" ('-' after '@')
    QTest::newRow("total") << QString() << QList<int> { 1, 2 };
    QTest::newRow("total named") << QStringLiteral("total") << QList<int> { 1, 2 };
    QTest::newRow("top1") << QStringLiteral("top1") << QList<int> { 0 };
    QTest::newRow("middle") << QStringLiteral("middle") << QList<int> { 4 };
    QTest::newRow("bottom1") << QStringLiteral("bottom1") << QList<int> { 7 };
    QTest::newRow("key") << QStringLiteral("send") << QList<int> { 3 };
    QTest::newRow("op name") << QStringLiteral("hcom_send_1") << QList<int> { 3, 5 };
    QTest::newRow("whole key") << QStringLiteral("allreduce-total") << QList<int> { 1 };
    QTest::newRow("no match") << QStringLiteral("g1") << QList<int> {};
}

void TestCommunication::matrixOpKeys()
{
    QFETCH(QString, op);
    QFETCH(QList<int>, sources);
    auto profile = std::make_shared<Profile>();
    auto rank = std::make_shared<RankData>();
    const QStringList keys { QStringLiteral("allreduce-top1@g1"), QStringLiteral("allreduce-total@g1"),
                             QStringLiteral("alltoall-total"),    QStringLiteral("send@g1"),
                             QStringLiteral("a-b-middle@x@y"),    QStringLiteral("allreduce-@g1"),
                             QStringLiteral("total@g1"),          QStringLiteral("bcast-bottom1@g1"),
                             QStringLiteral("x@y-total") };
    for (int i = 0; i < keys.size(); ++i) {
        CommMatrixLink l;
        l.step = QStringLiteral("step1");
        l.opKey = keys[i];
        l.srcRank = i;
        l.dstRank = 100;
        l.transitSizeMB = 1;
        l.opName = i == 3 || i == 5 ? QStringLiteral("hcom_send_1") : QString();
        rank->communicationMatrix.push_back(l);
    }
    profile->ranks.push_back(rank);
    MatrixQuery query;
    query.op = op;
    QList<int> got;
    for (const MatrixCell& c : communicationMatrix(*profile, query))
        got << c.srcRank;
    QCOMPARE(got, sources);
}

void TestCommunication::olderTwoRankSample()
{
    // 2023 sample: p2p (hcom_send) and collective entries, step key "step2".
    const ProfilePtr profile = ProfileLoader::load({ test::serverRank(0), test::serverRank(1) });
    const auto groups = communicationByRankAndGroup(*profile);
    QVERIFY(groups.size() >= 2);
    for (const auto& g : groups) {
        QVERIFY(g.ops > 0);
        QVERIFY(g.elapseMs >= g.transitMs);
    }
}

QTEST_GUILESS_MAIN(TestCommunication)
#include "tst_communication.moc"
