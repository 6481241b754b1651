// SPDX-License-Identifier: Apache-2.0
// Exact decimal parsing (numbers.h): the µs -> ns conversions every parser
// relies on, the cell helpers and the null / sentinel conventions.

#include "parse/numbers.h"

#include <QRandomGenerator>
#include <QTest>

#include <bit>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>

using namespace profscope;

namespace {
constexpr qint64 kNone = std::numeric_limits<qint64>::min(); // "expect nullopt" in the tables below

std::string_view view(const QByteArray& bytes)
{
    return { bytes.constData(), std::size_t(bytes.size()) };
}
} // namespace

class TestNumbers : public QObject
{
    Q_OBJECT

private slots:
    void scaledDecimal_data();
    void scaledDecimal();
    void usAndMsWrappers();
    void parseDoubleCases_data();
    void parseDoubleCases();
    void parseDoubleMatchesStrtod();
    void parseIntCases_data();
    void parseIntCases();
    void parseUInt64Cases();
    void trimAndQuotes_data();
    void trimAndQuotes();
    void nullCells_data();
    void nullCells();
    void sentinel();
};

void TestNumbers::scaledDecimal_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("shift");
    QTest::addColumn<qint64>("expected");

    // Expected values: python3 -c "from decimal import *; print(int((Decimal(t.strip())*10**s)
    //   .quantize(Decimal(1), rounding=ROUND_HALF_UP)))"  (ROUND_HALF_UP = half away from zero)
    QTest::newRow("kernel start with TAB") << QByteArray("1736408883704643.212\t") << 3 << qint64(1736408883704643212);
    QTest::newRow("trace ts") << QByteArray("1736408883694795.840") << 3 << qint64(1736408883694795840);
    QTest::newRow("leading/trailing blanks") << QByteArray(" \t42 \r\n") << 3 << qint64(42000);
    QTest::newRow("plain us") << QByteArray("53.741") << 3 << qint64(53741);
    QTest::newRow("integer us") << QByteArray("1695115378713661") << 3 << qint64(1695115378713661000);
    QTest::newRow("4 decimals rounds up") << QByteArray("496.8508") << 3 << qint64(496851);
    QTest::newRow("4 decimals rounds down") << QByteArray("496.8504") << 3 << qint64(496850);
    QTest::newRow("float noise") << QByteArray("8827.472999999998") << 3 << qint64(8827473);
    QTest::newRow("half rounds away from zero") << QByteArray("0.0005") << 3 << qint64(1);
    QTest::newRow("below half") << QByteArray("0.0004999") << 3 << qint64(0);
    QTest::newRow("negative half") << QByteArray("-0.0005") << 3 << qint64(-1);
    QTest::newRow("negative") << QByteArray("-12.5") << 3 << qint64(-12500);
    QTest::newRow("plus sign") << QByteArray("+5") << 3 << qint64(5000);
    QTest::newRow("no integer part") << QByteArray(".5") << 3 << qint64(500);
    QTest::newRow("no fraction digits") << QByteArray("5.") << 3 << qint64(5000);
    QTest::newRow("ms exponent") << QByteArray("5e-05") << 6 << qint64(50); // 5e-05 ms = 50 ns
    QTest::newRow("ms exponent 2e-05") << QByteArray("2e-05") << 6 << qint64(20);
    QTest::newRow("Excel rounded ts") << QByteArray("1.69512E+15") << 3 << qint64(1695120000000000000);
    QTest::newRow("exponent plus, no sign") << QByteArray("1.5e3") << 0 << qint64(1500);
    QTest::newRow("int64 max") << QByteArray("9223372036854775807") << 0 << qint64(9223372036854775807LL);
    QTest::newRow("more digits than fit") << QByteArray("0.1234567890123456789012345") << 3 << qint64(123);
    QTest::newRow("tiny exponent") << QByteArray("1e-2147483648") << 3 << qint64(0);
    QTest::newRow("long zero fraction") << QByteArray("0.0000000000000000000000000000000000000001e40") << 3 << qint64(1000);
    QTest::newRow("rounding carries into the integer part") << QByteArray("99999999999999.9995") << 3 << qint64(100000000000000000);
    QTest::newRow("17 integer digits (slow path)") << QByteArray("12345678901234567.5") << 2 << qint64(1234567890123456750);
    QTest::newRow("negative rounding") << QByteArray("-1.2345") << 3 << qint64(-1235);
    // 19 digits once scaled: every microsecond ts of a profile (fast path since 2026-12).
    QTest::newRow("us ts, 19 digits") << QByteArray("1736408883000942.958") << 3 << qint64(1736408883000942958LL);
    QTest::newRow("us ts, first dropped digit 5") << QByteArray("1736408883000942.9585") << 3
                                                  << qint64(1736408883000942959LL);
    QTest::newRow("us ts, first dropped digit 4") << QByteArray("1736408883000942.95849") << 3
                                                  << qint64(1736408883000942958LL);
    QTest::newRow("int64 max, scaled") << QByteArray("9223372036854775.807") << 3 << qint64(9223372036854775807LL);
    QTest::newRow("int64 max, one place") << QByteArray("922337203685477580.7") << 1 << qint64(9223372036854775807LL);
    QTest::newRow("-(int64 max), scaled") << QByteArray("-9223372036854775.807") << 3
                                          << qint64(-9223372036854775807LL);
    QTest::newRow("zero") << QByteArray("0") << 3 << qint64(0);
    QTest::newRow("zero float") << QByteArray("0.0") << 3 << qint64(0);

    QTest::newRow("N/A") << QByteArray("N/A") << 3 << kNone;
    QTest::newRow("empty") << QByteArray("") << 3 << kNone;
    QTest::newRow("only TAB") << QByteArray("\t") << 3 << kNone;
    QTest::newRow("garbage") << QByteArray("abc") << 3 << kNone;
    QTest::newRow("two points") << QByteArray("1.2.3") << 3 << kNone;
    QTest::newRow("bare exponent") << QByteArray("1e") << 3 << kNone;
    QTest::newRow("trailing text") << QByteArray("12us") << 3 << kNone;
    QTest::newRow("sign only") << QByteArray("+") << 3 << kNone;
    QTest::newRow("overflow after scaling") << QByteArray("9223372036854775807") << 3 << kNone;
    QTest::newRow("one past int64 max, scaled") << QByteArray("9223372036854775.808") << 3 << kNone;
    QTest::newRow("rounds up to 10^19") << QByteArray("9999999999999999.9995") << 3 << kNone;
    QTest::newRow("overflow digits") << QByteArray("12345678901234567890123") << 0 << kNone;
    QTest::newRow("huge exponent, no UB") << QByteArray("1e2147483647") << 3 << kNone;
    QTest::newRow("inf") << QByteArray("inf") << 3 << kNone;
    QTest::newRow("hex") << QByteArray("0x10") << 3 << kNone;
}

void TestNumbers::scaledDecimal()
{
    QFETCH(QByteArray, text);
    QFETCH(int, shift);
    QFETCH(qint64, expected);
    const auto v = parseScaledDecimal(view(text), shift);
    if (expected == kNone) {
        QVERIFY2(!v.has_value(), qPrintable(QString::number(v.value_or(0))));
    } else {
        QVERIFY(v.has_value());
        QCOMPARE(*v, expected);
    }
}

void TestNumbers::usAndMsWrappers()
{
    QCOMPARE(parseUsToNs("1736408883704643.212\t").value_or(0), qint64(1736408883704643212));
    QCOMPARE(parseMsToNs("79.08952021875").value_or(0), qint64(79089520)); // .21875 ns rounds down
    QCOMPARE(parseMsToNs("5e-05").value_or(0), qint64(50));
    QVERIFY(!parseUsToNs("N/A"));
    QVERIFY(!parseMsToNs(""));
}

void TestNumbers::parseDoubleCases_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<double>("expected");
    QTest::newRow("plain") << QByteArray("1.5") << true << 1.5;
    QTest::newRow("plus") << QByteArray("+2") << true << 2.0;
    QTest::newRow("exponent") << QByteArray("1.69512E+15") << true << 1.69512e15;
    QTest::newRow("small exponent") << QByteArray("5e-05") << true << 5e-05;
    QTest::newRow("tab") << QByteArray("0.066608\t") << true << 0.066608;
    QTest::newRow("N/A") << QByteArray("N/A") << false << 0.0;
    QTest::newRow("empty") << QByteArray("") << false << 0.0;
    QTest::newRow("garbage") << QByteArray("abc") << false << 0.0;
    QTest::newRow("trailing text") << QByteArray("1.5x") << false << 0.0;
    QTest::newRow("text YES") << QByteArray("YES") << false << 0.0;
}

void TestNumbers::parseDoubleCases()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, valid);
    QFETCH(double, expected);
    const auto v = parseDouble(view(text));
    QCOMPARE(v.has_value(), valid);
    if (valid)
        QCOMPARE(*v, expected);
}

void TestNumbers::parseIntCases_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<qint64>("expected");
    QTest::newRow("plain") << QByteArray("11051") << qint64(11051);
    QTest::newRow("negative") << QByteArray("-3") << qint64(-3);
    QTest::newRow("integral decimal") << QByteArray("12.0") << qint64(12);
    QTest::newRow("sentinel") << QByteArray("4294967295") << qint64(4294967295LL);
    QTest::newRow("tab") << QByteArray("32\t") << qint64(32);
    QTest::newRow("fraction") << QByteArray("12.5") << kNone;
    QTest::newRow("N/A") << QByteArray("N/A") << kNone;
    QTest::newRow("host") << QByteArray("host") << kNone;
}

void TestNumbers::parseIntCases()
{
    QFETCH(QByteArray, text);
    QFETCH(qint64, expected);
    const auto v = parseInt(view(text));
    if (expected == kNone) {
        QVERIFY(!v);
    } else {
        QVERIFY(v);
        QCOMPARE(*v, expected);
    }
}

void TestNumbers::parseUInt64Cases()
{
    QCOMPARE(parseUInt64("18446744073709551615").value_or(0), std::numeric_limits<std::uint64_t>::max());
    QCOMPARE(parseUInt64("17522688603477080586").value_or(0), std::uint64_t(17522688603477080586ULL));
    QVERIFY(!parseUInt64("-1"));
    QVERIFY(!parseUInt64("N/A"));
}

void TestNumbers::trimAndQuotes_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("trimmed");
    QTest::addColumn<QByteArray>("unquoted");
    // After CSV unquoting, """32,3,224,224""" is "32,3,224,224" with literal quotes.
    QTest::newRow("shape") << QByteArray("\"32,3,224,224\"") << QByteArray("\"32,3,224,224\"") << QByteArray("32,3,224,224");
    QTest::newRow("multi shape") << QByteArray("\"32,1,224,224,8;121,4,16,8;64\"") << QByteArray("\"32,1,224,224,8;121,4,16,8;64\"")
                                 << QByteArray("32,1,224,224,8;121,4,16,8;64");
    QTest::newRow("empty shape") << QByteArray("\"\"") << QByteArray("\"\"") << QByteArray("");
    QTest::newRow("no quotes") << QByteArray("FLOAT") << QByteArray("FLOAT") << QByteArray("FLOAT");
    QTest::newRow("blanks") << QByteArray(" \t\"1,2\"\t\r\n") << QByteArray("\"1,2\"") << QByteArray("1,2");
    QTest::newRow("lone quote") << QByteArray("\"") << QByteArray("\"") << QByteArray("\"");
}

void TestNumbers::trimAndQuotes()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, trimmed);
    QFETCH(QByteArray, unquoted);
    QCOMPARE(QByteArray(trimCell(view(text)).data(), qsizetype(trimCell(view(text)).size())), trimmed);
    const auto u = stripLiteralQuotes(view(text));
    QCOMPARE(QByteArray(u.data(), qsizetype(u.size())), unquoted);
}

void TestNumbers::nullCells_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("isNull");
    for (const char* t : { "", "N/A", "NA", "n/a", "null", "None", "-", " N/A\t", "nan" })
        QTest::newRow(t[0] ? t : "empty") << QByteArray(t) << true;
    for (const char* t : { "0", "NO", "N/A/B", "-1", "4294967295" })
        QTest::newRow(t) << QByteArray(t) << false;
}

void TestNumbers::nullCells()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, isNull);
    QCOMPARE(isNullCell(view(text)), isNull);
}

void TestNumbers::sentinel()
{
    QCOMPARE(kUint32Sentinel, qint64(std::numeric_limits<std::uint32_t>::max()));
    QCOMPARE(parseInt("4294967295").value_or(0), kUint32Sentinel);
}

// Plain decimals are read as mantissa / 10^k: bit for bit the double strtod reads, for every length
// the shortcut takes (up to 15 digits, 6 decimals) and just past it, trailing zeros and signs.
void TestNumbers::parseDoubleMatchesStrtod()
{
    QRandomGenerator random(71207);
    int compared = 0;
    for (int i = 0; i < 200000; ++i) {
        std::string text;
        if (random.bounded(4) == 0)
            text += '-';
        const int integerDigits = 1 + int(random.bounded(16));
        for (int d = 0; d < integerDigits; ++d)
            text += char('0' + random.bounded(10));
        if (random.bounded(4) != 0) {
            text += '.';
            const int fractionDigits = 1 + int(random.bounded(8));
            for (int d = 0; d < fractionDigits; ++d)
                text += char(random.bounded(3) == 0 ? '0' : '0' + random.bounded(10));
        }
        const std::optional<double> got = parseDouble(text);
        QVERIFY2(got.has_value(), text.c_str());
        const double expected = std::strtod(text.c_str(), nullptr);
        if (std::bit_cast<std::uint64_t>(*got) != std::bit_cast<std::uint64_t>(expected))
            QFAIL(qPrintable(QStringLiteral("%1: %2 vs strtod %3")
                                 .arg(QString::fromStdString(text))
                                 .arg(*got, 0, 'g', 17)
                                 .arg(expected, 0, 'g', 17)));
        ++compared;
    }
    QCOMPARE(compared, 200000);
}

QTEST_GUILESS_MAIN(TestNumbers)
#include "tst_numbers.moc"
