// SPDX-License-Identifier: Apache-2.0
// CellTableModel: the prepared rows (built in a page's job) show, sort and
// carry their rank index as the QStandardItem tables they replace did.
#include "common/celltablemodel.h"
#include "common/pagewidgets.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QSortFilterProxyModel>
#include <QStandardItem>
#include <QTest>

#include <cmath>
#include <memory>

using namespace profscope;

class TestCellTableModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cellsMatchTheItemHelpers_data();
    void cellsMatchTheItemHelpers();
    void tableShowsRows();
    void sortsNumbersAsNumbers();
};

void TestCellTableModel::cellsMatchTheItemHelpers_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<int>("decimals");
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("sortKey");
    QTest::newRow("two decimals") << 2113.7345 << 2 << QStringLiteral("2113.73") << 2113.7345;
    QTest::newRow("six decimals") << 1.0 << 6 << QStringLiteral("1.000000") << 1.0;
    QTest::newRow("negative") << -0.5 << 1 << QStringLiteral("-0.5") << -0.5;
    // No value: empty, sorting below every number.
    QTest::newRow("nan") << std::nan("") << 3 << QString() << -1e300;
}

void TestCellTableModel::cellsMatchTheItemHelpers()
{
    QFETCH(double, value);
    QFETCH(int, decimals);
    QFETCH(QString, text);
    QFETCH(double, sortKey);
    const TableCell cell = numberCell(value, decimals);
    QCOMPARE(cell.text, text);
    QCOMPARE(cell.sortKey.toDouble(), sortKey);
    QCOMPARE(cell.alignment, kNumberAlignment);
    // The same as the QStandardItem the pages made before.
    const std::unique_ptr<QStandardItem> item(numberItem(value, decimals));
    QCOMPARE(item->text(), cell.text);
    QCOMPARE(item->data(kSortRole).toDouble(), cell.sortKey.toDouble());
    QCOMPARE(msCell(12.3456).text, QStringLiteral("12.346"));
    // A text cell sorts by its text unless given a key.
    QCOMPARE(textCell(QStringLiteral("Rank 3")).sortKey.toString(), QStringLiteral("Rank 3"));
    QCOMPARE(textCell(QStringLiteral("Rank 3"), 3).sortKey.toInt(), 3);
}

void TestCellTableModel::tableShowsRows()
{
    CellTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), 0);

    TableCell rank = textCell(QStringLiteral("Rank 7"), 7);
    rank.user = 2; // the rank's index in the profile
    rank.toolTip = QStringLiteral("slow");
    rank.foreground = QColor(Qt::red);
    std::vector<TableRow> rows;
    rows.push_back({ rank, numberCell(1.25, 2) });
    rows.push_back({ textCell(QStringLiteral("Rank 1"), 1), numberCell(std::nan(""), 2) });
    model.setTable({ QStringLiteral("Rank"), QStringLiteral("Peak (MB)") }, std::move(rows));

    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), 2);
    QCOMPARE(model.headerData(1, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("Peak (MB)"));
    QCOMPARE(model.index(0, 1).data().toString(), QStringLiteral("1.25"));
    QCOMPARE(model.text(1, 1), QString());
    QCOMPARE(model.text(5, 0), QString()); // out of range: empty, no crash
    QCOMPARE(model.index(0, 0).data(model.userRole()).toInt(), 2);
    QCOMPARE(model.index(0, 0).data(Qt::ToolTipRole).toString(), QStringLiteral("slow"));
    QCOMPARE(model.index(0, 0).data(Qt::ForegroundRole).value<QBrush>().color(), QColor(Qt::red));
    QVERIFY(!model.index(1, 0).data(Qt::ForegroundRole).isValid());
    QCOMPARE(model.index(0, 1).data(Qt::TextAlignmentRole).value<Qt::Alignment>(), kNumberAlignment);
    QVERIFY(!model.index(0, 0).data(Qt::TextAlignmentRole).isValid());
    // Read-only.
    QVERIFY(!(model.flags(model.index(0, 0)) & Qt::ItemIsEditable));
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestCellTableModel::sortsNumbersAsNumbers()
{
    CellTableModel model;
    std::vector<TableRow> rows;
    for (const double v : { 10.0, 9.0, 100.0 })
        rows.push_back({ numberCell(v, 0) });
    rows.push_back({ numberCell(std::nan(""), 0) });
    model.setTable({ QStringLiteral("Value") }, std::move(rows));
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(kSortRole);
    proxy.sort(0, Qt::AscendingOrder);
    // As numbers (text order would put "10" and "100" before "9"); no value first.
    QCOMPARE(proxy.index(0, 0).data().toString(), QString());
    QCOMPARE(proxy.index(1, 0).data().toString(), QStringLiteral("9"));
    QCOMPARE(proxy.index(2, 0).data().toString(), QStringLiteral("10"));
    QCOMPARE(proxy.index(3, 0).data().toString(), QStringLiteral("100"));
}

QTEST_MAIN(TestCellTableModel)
#include "tst_celltablemodel.moc"
