// SPDX-License-Identifier: Apache-2.0
// OperatorStatModel on the real kernels: the columns of each grouping, the
// numbers against kernel_details.csv summed here, and the roles views use.
#include "itemmodels/operatorstatmodel.h"
#include "load/profileloader.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QTest>

#include <cmath>
#include <map>

using namespace profscope;

class TestOperatorStatModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void columnsPerGrouping_data();
    void columnsPerGrouping();
    void valuesMatchKernelDetails();
    void formatting();
};

void TestOperatorStatModel::columnsPerGrouping_data()
{
    QTest::addColumn<int>("grouping");
    QTest::addColumn<QStringList>("headers");
    const QStringList numbers { QStringLiteral("Core"), QStringLiteral("Count"), QStringLiteral("Total (us)"),
        QStringLiteral("Avg (us)"), QStringLiteral("Min (us)"), QStringLiteral("Max (us)"), QStringLiteral("Ratio (%)"),
        QStringLiteral("Wait (us)") };
    QTest::newRow("type") << int(OperatorGrouping::TypeAndCore) << (QStringList { QStringLiteral("Type") } + numbers);
    QTest::newRow("name") << int(OperatorGrouping::Name)
                          << (QStringList { QStringLiteral("Name"), QStringLiteral("Type") } + numbers);
    QTest::newRow("name+shape")
        << int(OperatorGrouping::NameAndShape)
        << (QStringList { QStringLiteral("Name"), QStringLiteral("Type"), QStringLiteral("Input Shapes") } + numbers);
}

void TestOperatorStatModel::columnsPerGrouping()
{
    QFETCH(int, grouping);
    QFETCH(QStringList, headers);
    const ProfilePtr profile = ProfileLoader::load({ test::textRank(2, 0) });
    const KernelTable& k = *profile->ranks.at(0)->kernels;
    OperatorStatModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    OperatorQuery query;
    query.grouping = OperatorGrouping(grouping);
    model.setStatistics(operatorStatistics(k, query), query.grouping, true);
    QStringList shown;
    for (int c = 0; c < model.columnCount(); ++c)
        shown << model.headerData(c, Qt::Horizontal).toString();
    QCOMPARE(shown, headers);
    QVERIFY(model.rowCount() > 0);
    // Without wait times the column goes.
    model.setStatistics(operatorStatistics(k, query), query.grouping, false);
    QCOMPARE(model.columnCount(), int(headers.size()) - 1);
    QCOMPARE(model.section(OperatorStatModel::WaitColumn), -1);
}

void TestOperatorStatModel::valuesMatchKernelDetails()
{
    const QString rankDir = test::textRank(1, 1);
    const ProfilePtr profile = ProfileLoader::load({ rankDir });
    OperatorStatModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    OperatorQuery query;
    query.grouping = OperatorGrouping::Name;
    model.setStatistics(operatorStatistics(*profile->ranks.at(0)->kernels, query), query.grouping, true);

    // Name -> (count, Σ duration ns, max ns) from the file. Name, Type and
    // Duration come before any quoted column, so a plain split is enough.
    QFile f(rankDir + QStringLiteral("/ASCEND_PROFILER_OUTPUT/kernel_details.csv"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList header = QString::fromUtf8(f.readLine()).trimmed().split(QLatin1Char(','));
    const int cName = int(header.indexOf(QStringLiteral("Name")));
    const int cDur = int(header.indexOf(QStringLiteral("Duration(us)")));
    QVERIFY(cName >= 0 && cDur > cName);
    std::map<QString, std::tuple<qint64, qint64, qint64>> expected;
    while (!f.atEnd()) {
        const QStringList fields = QString::fromUtf8(f.readLine()).split(QLatin1Char(','));
        if (fields.size() <= cDur)
            continue;
        auto& [count, total, max] = expected[fields[cName]];
        const qint64 ns = std::llround(fields[cDur].toDouble() * 1000.0);
        ++count;
        total += ns;
        max = std::max(max, ns);
    }
    QCOMPARE(model.rowCount(), int(expected.size()));
    const int cCount = model.section(OperatorStatModel::CountColumn);
    const int cTotal = model.section(OperatorStatModel::TotalColumn);
    const int cMax = model.section(OperatorStatModel::MaxColumn);
    for (int r = 0; r < model.rowCount(); ++r) {
        const QString name = model.index(r, 0).data().toString();
        QVERIFY(expected.count(name));
        const auto& [count, total, max] = expected[name];
        QCOMPARE(model.index(r, cCount).data().toString().toLongLong(), count);
        QCOMPARE(std::llround(model.index(r, cTotal).data().toString().toDouble() * 1000.0), total);
        QCOMPARE(std::llround(model.index(r, cMax).data(OperatorStatModel::SortRole).toDouble() * 1000.0), max);
        // Sort role and display agree; the filter role carries name, type and core.
        QVERIFY(std::abs(model.index(r, cTotal).data(OperatorStatModel::SortRole).toDouble()
                    - model.index(r, cTotal).data().toString().toDouble())
            < 0.0006);
        const QString filter = model.index(r, 0).data(OperatorStatModel::FilterRole).toString();
        QVERIFY(filter.contains(name));
        QVERIFY(filter.contains(model.stat(r).type));
        QVERIFY(filter.contains(model.stat(r).core));
    }
}

void TestOperatorStatModel::formatting()
{
    OperatorStatModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    OperatorStat s;
    s.key = s.type = QStringLiteral("MatMul");
    s.core = QStringLiteral("AI_CORE");
    s.count = 3;
    s.totalNs = 1'234'567;
    s.minNs = 1;
    s.maxNs = 1'000'000;
    s.ratioPercent = 12.345;
    model.setStatistics({ s }, OperatorGrouping::TypeAndCore, false);
    QCOMPARE(
        model.index(0, model.section(OperatorStatModel::TotalColumn)).data().toString(), QStringLiteral("1234.567"));
    QCOMPARE(model.index(0, model.section(OperatorStatModel::AvgColumn)).data().toString(), QStringLiteral("411.522"));
    QCOMPARE(model.index(0, model.section(OperatorStatModel::MinColumn)).data().toString(), QStringLiteral("0.001"));
    QCOMPARE(model.index(0, model.section(OperatorStatModel::RatioColumn)).data().toString(), QStringLiteral("12.35"));
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

QTEST_GUILESS_MAIN(TestOperatorStatModel)
#include "tst_operatorstatmodel.moc"
