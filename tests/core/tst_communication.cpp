// SPDX-License-Identifier: Apache-2.0
// Communication totals and the merged matrix, against the profiler's own
// "Total Op Info" aggregates and independent Python sums of the JSON files.
#include "analysis/communication.h"
#include "load/profileloader.h"
#include "testsupport.h"

#include <QTest>

using namespace profscope;

class TestCommunication : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rankTotalsMatchTotalOpInfo();
    void mergedMatrix();
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
