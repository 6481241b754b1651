// SPDX-License-Identifier: Apache-2.0
// AllocationModel on the real operator_memory.csv: every row, relative
// times, lifetimes of unreleased allocations, and "live at peak" against
// liveAllocations().
#include "itemmodels/allocationmodel.h"
#include "load/profileloader.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QTest>

using namespace profscope;

class TestAllocationModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rowsAndTimes();
    void liveAtPeak();
};

void TestAllocationModel::rowsAndTimes()
{
    const QString rankDir = test::textRank(1, 0);
    const ProfilePtr profile = ProfileLoader::load({ rankDir });
    const OperatorMemoryTable& om = *profile->ranks.at(0)->operatorMemory;
    QFile f(rankDir + QStringLiteral("/ASCEND_PROFILER_OUTPUT/operator_memory.csv"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    QCOMPARE(om.size(), std::size_t(lines.size() - 1));

    AllocationModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const TimeNs origin = om.allocationNs.front();
    const TimeNs endNs = origin + 10'000'000'000LL;
    model.setAllocations(allAllocations(om), origin, endNs, kInvalidTime);
    QCOMPARE(model.rowCount(), int(lines.size() - 1));
    int unreleased = 0;
    for (int r = 0; r < model.rowCount(); ++r) {
        const QList<QByteArray> fields = lines[r + 1].split(',');
        QCOMPARE(model.index(r, AllocationModel::NameColumn).data().toString(), QString::fromUtf8(fields[0]));
        QCOMPARE(model.index(r, AllocationModel::SizeColumn).data(AllocationModel::SortRole).toDouble(),
            fields[1].toDouble());
        QCOMPARE(model.index(r, AllocationModel::LiveAtPeakColumn).data().toString(), QString());
        if (fields[3].trimmed().isEmpty()) {
            ++unreleased;
            QCOMPARE(model.effectiveReleaseNs(r), endNs);
            QCOMPARE(model.index(r, AllocationModel::ReleaseColumn).data().toString(), QStringLiteral("not released"));
            QVERIFY(model.index(r, AllocationModel::LifetimeColumn).data().toString().endsWith(QLatin1Char('+')));
        }
    }
    QVERIFY(unreleased > 0);
    QCOMPARE(model.index(0, AllocationModel::AllocationColumn).data().toString(), QStringLiteral("0.000"));
    model.setAllocations({}, 0, 0, kInvalidTime);
    QCOMPARE(model.rowCount(), 0);
}

void TestAllocationModel::liveAtPeak()
{
    const ProfilePtr profile = ProfileLoader::load({ test::textRank(1, 0) });
    const OperatorMemoryTable& om = *profile->ranks.at(0)->operatorMemory;
    // The PTA peak time of tst_memory (python over memory_record.csv).
    const TimeNs peakNs = 1736408883743242970LL;
    AllocationModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setAllocations(allAllocations(om), om.allocationNs.front(), peakNs + 1'000'000'000, peakNs);
    const auto live = liveAllocations(om, peakNs);
    int marked = 0;
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.liveAtPeak(r)) {
            ++marked;
            QCOMPARE(model.index(r, AllocationModel::LiveAtPeakColumn).data().toString(), QStringLiteral("yes"));
            QVERIFY(
                std::any_of(live.begin(), live.end(), [&](const Allocation& a) { return a.row == std::size_t(r); }));
        }
    QCOMPARE(marked, int(live.size()));
}

QTEST_GUILESS_MAIN(TestAllocationModel)
#include "tst_allocationmodel.moc"
