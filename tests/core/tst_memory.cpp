// SPDX-License-Identifier: Apache-2.0
// Memory curves, peaks and live allocations, against Python over the CSVs.
#include "analysis/memory.h"
#include "load/profileloader.h"
#include "testsupport.h"

#include <QTest>

using namespace profscope;

class TestMemory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void curvesAndPeaks();
    void liveAtThePeak();
    void olderFiles();
};

void TestMemory::curvesAndPeaks()
{
    const ProfilePtr profile = ProfileLoader::load({ test::textRank(1, 0) });
    const auto curves = memoryCurves(*profile->ranks.at(0));
    auto find = [&curves](const QString& component, MemoryCurve::Metric metric) -> const MemoryCurve* {
        for (const auto& c : curves)
            if (c.component == component && c.metric == metric)
                return &c;
        return nullptr;
    };
    // python (memory_record.csv, PTA rows with a Total Allocated value): 381 points, peak 1187.9814453125 MB,
    // first reached at 1736408883743.242970 ms
    const MemoryCurve* pta = find(QStringLiteral("PTA"), MemoryCurve::Metric::Allocated);
    QVERIFY(pta);
    QCOMPARE(pta->tsNs.size(), std::size_t(381));
    QCOMPARE(pta->peakMB, 1187.9814453125);
    QCOMPARE(pta->peakTsNs, 1736408883743242970LL);
    QVERIFY(std::is_sorted(pta->tsNs.begin(), pta->tsNs.end()));
    // python: APP reserved peak 2113.73046875; GE allocated peak 73.0625; APP has no allocated values
    QCOMPARE(find(QStringLiteral("APP"), MemoryCurve::Metric::Reserved)->peakMB, 2113.73046875);
    QCOMPARE(find(QStringLiteral("GE"), MemoryCurve::Metric::Allocated)->peakMB, 73.0625);
    QVERIFY(!find(QStringLiteral("APP"), MemoryCurve::Metric::Allocated));
    // npu_module_mem.csv components become module curves (SLOG, HCCL, ...).
    QVERIFY(find(QStringLiteral("SLOG"), MemoryCurve::Metric::ModuleReserved));
}

void TestMemory::liveAtThePeak()
{
    const ProfilePtr profile = ProfileLoader::load({ test::textRank(1, 0) });
    const OperatorMemoryTable& om = *profile->ranks.at(0)->operatorMemory;
    // python: allocations with alloc <= t < release (or never released) at t = 1736408883743242970:
    // 41, Σ 498238.5 KB, the biggest aten::mm with 147456.5 KB
    const auto live = liveAllocations(om, 1736408883743242970LL);
    QCOMPARE(live.size(), std::size_t(41));
    double sum = 0;
    for (const auto& a : live)
        sum += a.sizeKB;
    QCOMPARE(sum, 498238.5);
    QCOMPARE(live[0].name, QStringLiteral("aten::mm"));
    QCOMPARE(live[0].sizeKB, 147456.5);
    const auto top3 = liveAllocations(om, 1736408883743242970LL, 3);
    QCOMPARE(top3.size(), std::size_t(3));
    QVERIFY(top3[0].sizeKB >= top3[1].sizeKB && top3[1].sizeKB >= top3[2].sizeKB);
    QVERIFY(live.back().lifetimeNs(1736408884023552840LL) > 0);
}

void TestMemory::olderFiles()
{
    // 2023 sample: the 5-column memory_record (no Total Active) still gives curves.
    const ProfilePtr profile = ProfileLoader::load({ test::serverRank(0) });
    const auto curves = memoryCurves(*profile->ranks.at(0));
    QVERIFY(!curves.empty());
    for (const auto& c : curves) {
        QVERIFY(c.metric != MemoryCurve::Metric::Active || !c.tsNs.empty());
        QVERIFY(c.peakTsNs != kInvalidTime);
    }
}

QTEST_GUILESS_MAIN(TestMemory)
#include "tst_memory.moc"
