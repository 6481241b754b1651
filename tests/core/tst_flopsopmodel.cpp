// SPDX-License-Identifier: Apache-2.0
// The per-op FLOPs table: its columns follow the header generation of
// flops_{rank}.txt. Expected values: reference data-prep-flops-strategy.md
// §2.4 (flops_0.txt rows "333, 333, 33"; flops_1.txt generation B, every
// value column 333 / 333 / 33, 10 rows).

#include "itemmodels/flopsopmodel.h"
#include "parse/resourceparsers.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace profscope;

class TestFlopsOpModel : public QObject
{
    Q_OBJECT

private slots:
    void generationA();
    void generationB();
};

void TestFlopsOpModel::generationA()
{
    FlopsTable table;
    FileReport report;
    QVERIFY(parseFlopsTable(test::mindinsight(QStringLiteral("profiler/flops_0.txt")), table, report));
    FlopsOpModel model;
    QAbstractItemModelTester tester(&model);
    model.setTable(table);
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.columnCount(), 4);
    QCOMPARE(model.section(FlopsOpModel::CubeMflopsColumn), -1);
    QCOMPARE(model.data(model.index(0, 0)).toString(), QStringLiteral("Default/Cast-op6"));
    QCOMPARE(model.data(model.index(0, model.section(FlopsOpModel::TotalMflopsColumn))).toString(), QStringLiteral("333.000"));
    QCOMPARE(model.data(model.index(3, model.section(FlopsOpModel::UtilizationColumn)), FlopsOpModel::SortRole).toDouble(), 33.0);
    QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("MFLOPs"));
}

void TestFlopsOpModel::generationB()
{
    FlopsTable table;
    FileReport report;
    QVERIFY(parseFlopsTable(test::mindinsight(QStringLiteral("profiler/flops_1.txt")), table, report));
    FlopsOpModel model;
    model.setTable(table);
    QCOMPARE(model.rowCount(), 10);
    // Name, total, then cube and vector MFLOPs / GFLOPS / utilization.
    QCOMPARE(model.columnCount(), 8);
    QCOMPARE(model.section(FlopsOpModel::GflopsColumn), -1);
    // Total = cube 333 + vector 333.
    QCOMPARE(model.data(model.index(0, model.section(FlopsOpModel::TotalMflopsColumn)), FlopsOpModel::SortRole).toDouble(), 666.0);
    QCOMPARE(model.data(model.index(9, model.section(FlopsOpModel::VectorUtilizationColumn))).toString(), QStringLiteral("33.000"));
}

QTEST_GUILESS_MAIN(TestFlopsOpModel)
#include "tst_flopsopmodel.moc"
