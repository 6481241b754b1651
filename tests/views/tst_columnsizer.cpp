// SPDX-License-Identifier: Apache-2.0
// Name columns users can read and widen: the name takes the width the numbers
// leave, follows the table's width, can be dragged, and the dragged widths
// come back in the next table with the same key.
#include "common/columnsizer.h"
#include "common/settingswriter.h"
#include "viewtestsupport.h"

#include <QHeaderView>
#include <QSettings>
#include <QStandardItemModel>
#include <QTableView>
#include <QTest>

using namespace profscope;

class TestColumnSizer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void nameTakesTheRest();
    void userWidthsAreRemembered();
    void hidingAColumnIsNotAChoice();
};

namespace {

QStandardItemModel* makeModel(QObject* parent)
{
    auto* model = new QStandardItemModel(0, 4, parent);
    model->setHorizontalHeaderLabels({ QStringLiteral("Name"), QStringLiteral("Count"), QStringLiteral("Total (us)"),
        QStringLiteral("Max (us)") });
    model->appendRow({ new QStandardItem(QStringLiteral(
                           "Default/network-WithLossCell/_backbone-ResNet/layer3-SequentialCell/0-ResidualBlock/conv2-Conv2d")),
        new QStandardItem(QStringLiteral("12")), new QStandardItem(QStringLiteral("1234.567")),
        new QStandardItem(QStringLiteral("99.000")) });
    return model;
}

} // namespace

void TestColumnSizer::initTestCase()
{
    QVERIFY(test::isolateUserLocations(QStringLiteral("tst_columnsizer")));
}

void TestColumnSizer::nameTakesTheRest()
{
    QTableView table;
    table.setModel(makeModel(&table));
    table.resize(900, 300);
    ColumnSizer* sizer = ColumnSizer::install(&table, 0, QStringLiteral("test/rest"));
    table.show();
    QVERIFY(QTest::qWaitForWindowExposed(&table));
    sizer->fitToContents();
    const int numbers = table.columnWidth(1) + table.columnWidth(2) + table.columnWidth(3);
    // Not the 30 px a stretched section gets squeezed to: all the width the numbers leave.
    QCOMPARE(table.columnWidth(0), table.viewport()->width() - numbers);
    QVERIFY(table.columnWidth(0) > 400);
    QCOMPARE(table.textElideMode(), Qt::ElideMiddle);
    // Every column can be dragged.
    for (int c = 0; c < 4; ++c)
        QCOMPARE(table.horizontalHeader()->sectionResizeMode(c), QHeaderView::Interactive);
    // A wider window: a wider name.
    const int before = table.columnWidth(0);
    table.resize(1200, 300);
    QTRY_VERIFY(table.columnWidth(0) > before);
    QVERIFY(!sizer->userSized());
}

void TestColumnSizer::userWidthsAreRemembered()
{
    {
        QTableView table;
        table.setModel(makeModel(&table));
        table.resize(900, 300);
        ColumnSizer* sizer = ColumnSizer::install(&table, 0, QStringLiteral("test/remember"));
        table.show();
        QVERIFY(QTest::qWaitForWindowExposed(&table));
        sizer->fitToContents();
        // The user drags the name column's divider to 333 px.
        table.horizontalHeader()->resizeSection(0, 333);
        QVERIFY(sizer->userSized());
        // The window grows: the user's width stays.
        table.resize(1300, 300);
        QTest::qWait(20);
        QCOMPARE(table.columnWidth(0), 333);
    }
    QTableView again;
    again.setModel(makeModel(&again));
    again.resize(900, 300);
    ColumnSizer* sizer = ColumnSizer::install(&again, 0, QStringLiteral("test/remember"));
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    sizer->fitToContents();
    QVERIFY(sizer->userSized());
    QCOMPARE(again.columnWidth(0), 333);
    // Another key: its own widths.
    QTableView other;
    other.setModel(makeModel(&other));
    ColumnSizer* otherSizer = ColumnSizer::install(&other, 0, QStringLiteral("test/other"));
    QVERIFY(!otherSizer->userSized());
}

void TestColumnSizer::hidingAColumnIsNotAChoice()
{
    QTableView table;
    table.setModel(makeModel(&table));
    table.resize(900, 300);
    ColumnSizer* sizer = ColumnSizer::install(&table, 0, QStringLiteral("test/hide"));
    table.show();
    QVERIFY(QTest::qWaitForWindowExposed(&table));
    sizer->fitToContents();
    table.setColumnHidden(3, true);
    table.setColumnHidden(3, false);
    QVERIFY(!sizer->userSized());
    flushSettings(); // a queued write would be in the file now
    QVERIFY(!QSettings().contains(QStringLiteral("columns/test/hide")));
}

QTEST_MAIN(TestColumnSizer)
#include "tst_columnsizer.moc"
