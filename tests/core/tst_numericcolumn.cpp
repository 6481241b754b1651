// SPDX-License-Identifier: Apache-2.0
// The compact numeric column of the kernel table: every value reads back as
// exactly the double its decimal text parses to (strtod, computed here by
// the C library, not by the column), in 32 bits while that is possible.
#include "model/numericcolumn.h"
#include "parse/numbers.h"

#include <QRandomGenerator>
#include <QTest>

#include <cmath>
#include <cstring>
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
    void plainDecimalForms_data();
    void plainDecimalForms();
    void decimalPathMatchesDoublePath();
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

    // The same cells through the kernel parser's fast path (the plain
    // decimals as mantissa and scale): the same column.
    NumericColumn d;
    for (const QString& t : texts) {
        qint64 m = 0;
        int k = 0;
        if (parsePlainDecimal(t.toStdString(), m, k))
            d.setDecimal(d.size(), m, k);
        else
            d.push_back(std::strtod(t.toLatin1().constData(), nullptr));
    }
    for (std::size_t i = 0; i < c.size(); ++i)
        QVERIFY2(c[i] == d[i], qPrintable(texts[int(i)]));
    QCOMPARE(d.compact(), compact);
    QCOMPARE(d.scale(), scale);
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

void TestNumericColumn::plainDecimalForms_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("accepted");
    QTest::addColumn<qint64>("mantissa");
    QTest::addColumn<int>("scale");
    QTest::newRow("integer") << "17917735" << true << qint64(17917735) << 0;
    QTest::newRow("fraction") << "311.072" << true << qint64(311072) << 3;
    QTest::newRow("trailing zeros") << "0.700" << true << qint64(7) << 1;
    QTest::newRow("all zeros") << "0.000" << true << qint64(0) << 0;
    QTest::newRow("negative") << "-1.250" << true << qint64(-125) << 2;
    QTest::newRow("six decimals") << "0.000001" << true << qint64(1) << 6;
    QTest::newRow("fifteen digits") << "123456789.012345" << true << qint64(123456789012345) << 6;
    QTest::newRow("sixteen digits") << "1234567890.123456" << false << qint64(0) << 0;
    QTest::newRow("seven decimals") << "0.1234567" << false << qint64(0) << 0;
    // Long cells are refused before the mantissa could overflow (UBSan
    // found the sum overflowing on these in the fuzz run).
    QTest::newRow("twenty integer digits") << "88888888888888888888" << false << qint64(0) << 0;
    QTest::newRow("fifteen then many decimals") << "888888888888888.8888888888888888" << false << qint64(0) << 0;
    QTest::newRow("fifteen digits then one decimal") << "888888888888888.8" << false << qint64(0) << 0;
    QTest::newRow("fourteen and one decimal") << "88888888888888.8" << true << qint64(888888888888888) << 1;
    QTest::newRow("fifteen integer digits") << "123456789012345" << true << qint64(123456789012345) << 0;
    QTest::newRow("sixteen integer digits") << "1234567890123456" << false << qint64(0) << 0;
    QTest::newRow("eight then seven decimals") << "12345678.1234567" << false << qint64(0) << 0;
    // The bytes either side of '0'-'9' and one above ASCII end the digits like any other.
    QTest::newRow("slash") << "1/2" << false << qint64(0) << 0;
    QTest::newRow("colon") << "1:2" << false << qint64(0) << 0;
    QTest::newRow("colon after point") << "1.5:" << false << qint64(0) << 0;
    QTest::newRow("non-ASCII") << QStringLiteral("1\u00e9") << false << qint64(0) << 0;
    QTest::newRow("exponent") << "1e5" << false << qint64(0) << 0;
    QTest::newRow("plus") << "+1" << false << qint64(0) << 0;
    QTest::newRow("blank") << " 1" << false << qint64(0) << 0;
    QTest::newRow("point only after") << "1." << false << qint64(0) << 0;
    QTest::newRow("point only before") << ".5" << false << qint64(0) << 0;
    QTest::newRow("negative zero") << "-0.0" << false << qint64(0) << 0;
    QTest::newRow("N/A") << "N/A" << false << qint64(0) << 0;
    QTest::newRow("empty") << "" << false << qint64(0) << 0;
    QTest::newRow("dash") << "-" << false << qint64(0) << 0;
}

void TestNumericColumn::plainDecimalForms()
{
    QFETCH(QString, text);
    QFETCH(bool, accepted);
    QFETCH(qint64, mantissa);
    QFETCH(int, scale);
    qint64 m = -1;
    int k = -1;
    QCOMPARE(parsePlainDecimal(text.toStdString(), m, k), accepted);
    if (accepted) {
        QCOMPARE(m, mantissa);
        QCOMPARE(k, scale);
    }
}

// Random cells in runs that rescale the column and push it to doubles: the
// fast path stores what set(strtod(text)) stores, bit for bit.
void TestNumericColumn::decimalPathMatchesDoublePath()
{
    QRandomGenerator random(7);
    int accepted = 0;
    for (int run = 0; run < 400; ++run) {
        NumericColumn viaDouble, viaDecimal;
        QStringList texts;
        for (int i = 0; i < 60; ++i) {
            QString t;
            if (random.bounded(4) == 0)
                t += u'-';
            const int intDigits = 1 + int(random.bounded(run % 2 ? 10 : 4));
            for (int d = 0; d < intDigits; ++d)
                t += QChar(u'0' + int(random.bounded(10)));
            if (random.bounded(3) != 0) {
                t += u'.';
                const int fracDigits = 1 + int(random.bounded(run % 3 ? 4 : 7));
                for (int d = 0; d < fracDigits; ++d)
                    t += QChar(u'0' + int(random.bounded(10)));
            }
            texts << t;
            const std::string text = t.toStdString();
            const double value = std::strtod(text.c_str(), nullptr);
            viaDouble.push_back(value);
            qint64 m = 0;
            int k = 0;
            if (parsePlainDecimal(text, m, k)) {
                ++accepted;
                viaDecimal.setDecimal(viaDecimal.size(), m, k);
            } else {
                viaDecimal.push_back(value);
            }
        }
        QCOMPARE(viaDecimal.size(), viaDouble.size());
        QCOMPARE(viaDecimal.compact(), viaDouble.compact());
        QCOMPARE(viaDecimal.scale(), viaDouble.scale());
        QCOMPARE(viaDecimal.scaledValues(), viaDouble.scaledValues());
        for (std::size_t i = 0; i < viaDouble.size(); ++i) {
            const double a = viaDouble[i], b = viaDecimal[i];
            QVERIFY2(std::memcmp(&a, &b, sizeof a) == 0, qPrintable(texts[int(i)]));
        }
    }
    QVERIFY(accepted > 400 * 60 / 2); // most cells took the fast path
}

QTEST_GUILESS_MAIN(TestNumericColumn)
#include "tst_numericcolumn.moc"
