// SPDX-License-Identifier: Apache-2.0
// The compact numeric column of the kernel table: every value reads back as
// exactly the double its decimal text parses to (strtod, computed here by
// the C library, not by the column), in 32 bits while that is possible.
#include "model/numericcolumn.h"

#include <QTest>

#include <cmath>
#include <cstdlib>
#include <limits>

using namespace profscope;

class TestNumericColumn : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void exactDecimals_data();
    void exactDecimals();
    void missingValuesAndGrowth();
    void halfTheMemory();
};

void TestNumericColumn::exactDecimals_data()
{
    QTest::addColumn<QStringList>("texts");
    QTest::addColumn<bool>("compact");
    QTest::addColumn<int>("scale");
    // Real kernel_details.csv cells (level2 rank 0 and the generator).
    QTest::newRow("ratios") << QStringList { "0.519", "0.7", "0.05", "0" } << true << 3;
    QTest::newRow("times") << QStringList { "306.548", "15.327", "50.522", "982.72" } << true << 3;
    QTest::newRow("cycles") << QStringList { "17657159", "2884518", "0" } << true << 0;
    // More decimals later: the earlier values are scaled up.
    QTest::newRow("rescaled") << QStringList { "12", "0.5", "0.000123" } << true << 6;
    QTest::newRow("negative") << QStringList { "-1.25", "3" } << true << 2;
    // Does not fit 32 bits at its scale: plain doubles from then on.
    QTest::newRow("big cycles") << QStringList { "1", "4294967296" } << false << 0;
    QTest::newRow("too many decimals") << QStringList { "0.5", "0.1234567" } << false << 1;
    QTest::newRow("scale overflow") << QStringList { "3000", "0.000001" } << false << 0; // 3000 x 10^6 > 2^31
    QTest::newRow("binary fraction") << QStringList { "0.1", "1e-300" } << false << 1;
}

void TestNumericColumn::exactDecimals()
{
    QFETCH(QStringList, texts);
    QFETCH(bool, compact);
    QFETCH(int, scale);
    NumericColumn c;
    for (const QString& t : texts)
        c.push_back(std::strtod(t.toLatin1().constData(), nullptr));
    QCOMPARE(c.size(), std::size_t(texts.size()));
    for (int i = 0; i < texts.size(); ++i) {
        const double expected = std::strtod(texts[i].toLatin1().constData(), nullptr);
        // Bit-exact, not approximately equal.
        QVERIFY2(c[std::size_t(i)] == expected, qPrintable(texts[i]));
    }
    QCOMPARE(c.compact(), compact);
    QCOMPARE(c.scale(), scale);
}

void TestNumericColumn::missingValuesAndGrowth()
{
    NumericColumn c(3);
    QCOMPARE(c.size(), std::size_t(3));
    QVERIFY(std::isnan(c[0]));
    c.set(5, 2.5);
    QCOMPARE(c.size(), std::size_t(6));
    QVERIFY(std::isnan(c[4]));
    QCOMPARE(c[5], 2.5);
    c.set(1, std::numeric_limits<double>::quiet_NaN());
    QVERIFY(std::isnan(c[1]));
    c.set(2, std::numeric_limits<double>::infinity()); // not a decimal: doubles
    QVERIFY(!c.compact());
    QCOMPARE(c[2], std::numeric_limits<double>::infinity());
    QCOMPARE(c[5], 2.5);
    QVERIFY(std::isnan(c[4]));
    c.resize(8);
    QVERIFY(std::isnan(c[7]));
    c.keepRows({ 0, 0, 1, 0, 0, 1, 0, 1 });
    QCOMPARE(c.size(), std::size_t(3));
    QCOMPARE(c[0], std::numeric_limits<double>::infinity());
    QCOMPARE(c[1], 2.5);
    QVERIFY(std::isnan(c[2]));
    NumericColumn ints;
    for (double v : { 1.5, 2.25, 3.0 })
        ints.push_back(v);
    ints.keepRows({ 1, 0, 1 });
    QVERIFY(ints.compact());
    QCOMPARE(ints.size(), std::size_t(2));
    QCOMPARE(ints[0], 1.5);
    QCOMPARE(ints[1], 3.0);
    ints.keepRows({ 1 }); // wrong size: unchanged
    QCOMPARE(ints.size(), std::size_t(2));
}

void TestNumericColumn::halfTheMemory()
{
    NumericColumn c;
    c.reserve(1000);
    for (int i = 0; i < 1000; ++i)
        c.push_back(double(i) / 8.0); // multiples of 0.125: scale 3
    QVERIFY(c.compact());
    QCOMPARE(c.memoryBytes(), std::size_t(1000 * 4));
}

QTEST_GUILESS_MAIN(TestNumericColumn)
#include "tst_numericcolumn.moc"
