// SPDX-License-Identifier: Apache-2.0
// CsvReader: the RFC 4180 details the profiler's files need (BOM, CRLF /
// LF / lone CR, doubled quotes, multi-line quoted cells with correct line
// numbers afterwards, triple-quoted shapes, TAB-terminated cells) and its
// errors (unterminated quote, NUL bytes, empty input).

#include "parse/csvreader.h"
#include "testsupport.h"

#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <string>

using namespace profscope;

namespace {
QString str(std::string_view v)
{
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}
QString output(const QString& rank, const char* file)
{
    return rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT/") + QLatin1String(file);
}
} // namespace

class TestCsvReader : public QObject
{
    Q_OBJECT

private slots:
    void lineEndings_data();
    void lineEndings();
    void bom();
    void doubledQuotes();
    void multiLineCellKeepsLineNumbers_data();
    void multiLineCellKeepsLineNumbers();
    void tripleQuotedShapes();
    void tabTerminatedCells();
    void textAfterClosingQuote();
    void columnLookup();
    void blankLinesAndShortRows();
    void headerOnly();
    void unterminatedQuote();
    void errors_data();
    void errors();
    void directoryAndMissingFile();
    void realFileLineNumbers_data();
    void realFileLineNumbers();
    void partialReads_data();
    void partialReads();
    void partialReadUnterminatedQuote();
    void lineBreaks();
    void randomRecords();
};

void TestCsvReader::lineEndings_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::newRow("LF") << QByteArray("a,b\n1,2\n3,4\n");
    QTest::newRow("CRLF") << QByteArray("a,b\r\n1,2\r\n3,4\r\n");
    QTest::newRow("lone CR") << QByteArray("a,b\r1,2\r3,4\r");
    QTest::newRow("no final newline") << QByteArray("a,b\n1,2\n3,4");
}

void TestCsvReader::lineEndings()
{
    QFETCH(QByteArray, data);
    CsvReader r;
    QVERIFY(r.openData(data.toStdString()));
    QCOMPARE(r.header().size(), std::size_t(2));
    QVERIFY(r.next());
    QCOMPARE(r.line(), qint64(2));
    QCOMPARE(str(r.cell(0)), QStringLiteral("1"));
    QCOMPARE(str(r.rawCell(1)), QStringLiteral("2")); // no CR left in the last cell
    QVERIFY(r.next());
    QCOMPARE(r.line(), qint64(3));
    QCOMPARE(r.integer(1).value_or(0), qint64(4));
    QVERIFY(!r.next());
    QVERIFY(r.error().isEmpty());
    QCOMPARE(r.rowCount(), qint64(2));
}

void TestCsvReader::bom()
{
    CsvReader r;
    QVERIFY(r.openData("\xEF\xBB\xBFName,Value\nx,1\n"));
    QCOMPARE(r.column("Name"), 0); // the BOM is not part of the first header
    QVERIFY(r.next());
    QCOMPARE(str(r.cell(r.column("Value"))), QStringLiteral("1"));
}

void TestCsvReader::doubledQuotes()
{
    CsvReader r;
    QVERIFY(r.openData("a,b\n\"say \"\"hi\"\"\",\"x,y\"\n"));
    QVERIFY(r.next());
    QCOMPARE(str(r.cell(0)), QStringLiteral("say \"hi\""));
    QCOMPARE(str(r.cell(1)), QStringLiteral("x,y"));
}

void TestCsvReader::multiLineCellKeepsLineNumbers_data()
{
    QTest::addColumn<QByteArray>("newline");
    QTest::newRow("LF") << QByteArray("\n");
    QTest::newRow("CRLF") << QByteArray("\r\n");
    QTest::newRow("lone CR") << QByteArray("\r");
}

void TestCsvReader::multiLineCellKeepsLineNumbers()
{
    QFETCH(QByteArray, newline);
    // Like operator_details.csv: a Call Stack cell spanning three lines.
    QByteArray data = "Name,Call Stack,Host(us)" + newline;
    data += "op1,\"a.py(1): f;" + newline + "b.py(2): g;" + newline + "c.py(3): h\",1.5" + newline;
    data += "op2,,2.5" + newline;
    data += "op3,\"x" + newline + "y\",3" + newline;
    data += "op4,,4" + newline;
    CsvReader r;
    QVERIFY(r.openData(data.toStdString()));
    QVERIFY(r.next());
    QCOMPARE(r.line(), qint64(2));
    QCOMPARE(str(r.cell(1)), QString::fromLatin1("a.py(1): f;" + newline + "b.py(2): g;" + newline + "c.py(3): h"));
    QCOMPARE(r.number(2).value_or(0), 1.5);
    QVERIFY(r.next());
    QCOMPARE(r.line(), qint64(5)); // 2 + three physical lines
    QCOMPARE(str(r.cell(0)), QStringLiteral("op2"));
    QVERIFY(r.next());
    QCOMPARE(r.line(), qint64(6));
    QVERIFY(r.next());
    QCOMPARE(r.line(), qint64(8));
    QCOMPARE(str(r.cell(0)), QStringLiteral("op4"));
    QVERIFY(!r.next());
    QVERIFY(r.error().isEmpty());
}

void TestCsvReader::tripleQuotedShapes()
{
    // The kernel_details shape cells, byte for byte.
    CsvReader r;
    QVERIFY(r.openData("Input Shapes,Input Data Types,Output Shapes\n\"\"\"32,1,224,224,8;121,4,16,8;64\"\"\",FLOAT;FLOAT;FLOAT,\"\"\"\"\"\"\n"));
    QVERIFY(r.next());
    QCOMPARE(str(r.cell(0)), QStringLiteral("\"32,1,224,224,8;121,4,16,8;64\""));
    QCOMPARE(str(stripLiteralQuotes(r.cell(0))), QStringLiteral("32,1,224,224,8;121,4,16,8;64"));
    QCOMPARE(str(r.cell(1)), QStringLiteral("FLOAT;FLOAT;FLOAT"));
    QCOMPARE(str(r.cell(2)), QStringLiteral("\"\"")); // """""" : an empty shape
    QCOMPARE(str(stripLiteralQuotes(r.cell(2))), QString());
    QCOMPARE(r.cellCount(), std::size_t(3));
}

void TestCsvReader::tabTerminatedCells()
{
    CsvReader r;
    QVERIFY(r.openData("Start Time(us),Duration(us)\r\n1736408883704643.212\t,53.741\r\n"));
    QVERIFY(r.next());
    QCOMPARE(str(r.rawCell(0)), QStringLiteral("1736408883704643.212\t"));
    QCOMPARE(str(r.cell(0)), QStringLiteral("1736408883704643.212"));
    QCOMPARE(r.microsToNs(0).value_or(0), qint64(1736408883704643212));
    QCOMPARE(r.microsToNs(1).value_or(0), qint64(53741));
}

void TestCsvReader::textAfterClosingQuote()
{
    // A quoted timestamp followed by the Excel TAB: the TAB stays in the raw
    // cell and is trimmed by cell().
    CsvReader r;
    QVERIFY(r.openData("a,b\n\"12.5\"\t,x\n"));
    QVERIFY(r.next());
    QCOMPARE(str(r.rawCell(0)), QStringLiteral("12.5\t"));
    QCOMPARE(r.microsToNs(0).value_or(0), qint64(12500));
    QCOMPARE(str(r.cell(1)), QStringLiteral("x"));
}

void TestCsvReader::columnLookup()
{
    CsvReader r;
    QVERIFY(r.openData("Device_id, Op Name ,OP Type,Task Start Time(us)\n0,a,b,1\n"));
    QCOMPARE(r.column("Op Name"), 1);          // surrounding blanks in the header ignored
    QCOMPARE(r.column("op type"), 2);          // ASCII case-insensitive
    QCOMPARE(r.column({ "Name", "Op Name" }), 1); // first alias that exists
    QCOMPARE(r.column({ "Start Time(us)", "Task Start Time(us)" }), 3);
    QCOMPARE(r.column("Missing"), -1);
    QVERIFY(r.next());
    QCOMPARE(str(r.cell(-1)), QString()); // column -1 is an empty cell, not a crash
    QCOMPARE(str(r.cell(99)), QString());
}

void TestCsvReader::blankLinesAndShortRows()
{
    CsvReader r;
    QVERIFY(r.openData("\n\r\na,b,c\n\n1,2\n\n3,4,5\n\n"));
    QCOMPARE(r.header().size(), std::size_t(3));
    QVERIFY(r.next());
    QCOMPARE(r.line(), qint64(5));
    QCOMPARE(r.cellCount(), std::size_t(2));
    QCOMPARE(str(r.cell(2)), QString());
    QVERIFY(r.next());
    QCOMPARE(r.line(), qint64(7));
    QVERIFY(!r.next());
    QCOMPARE(r.rowCount(), qint64(2));
}

void TestCsvReader::headerOnly()
{
    CsvReader r;
    QVERIFY(r.openData("Component,Timestamp(us)\r\n"));
    QCOMPARE(r.header().size(), std::size_t(2));
    QVERIFY(!r.next());
    QVERIFY(r.error().isEmpty());
    QCOMPARE(r.rowCount(), qint64(0));
}

void TestCsvReader::unterminatedQuote()
{
    CsvReader r;
    QVERIFY(r.openData("a,b\n1,2\n3,\"open\nstill open\n"));
    QVERIFY(r.next());
    QVERIFY(!r.next());
    QVERIFY(!r.error().isEmpty());
    QCOMPARE(r.errorLine(), qint64(3));
    QVERIFY2(r.error().contains(QLatin1String("3")), qPrintable(r.error()));
}

void TestCsvReader::errors_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<qint64>("errorLine");
    QTest::newRow("empty") << QByteArray() << qint64(-1);
    QTest::newRow("only blank lines") << QByteArray("\n\r\n\n") << qint64(-1);
    QTest::newRow("NUL on line 2") << QByteArray("a,b\n\x01\x02\x00\x03", 8) << qint64(2);
    QTest::newRow("NUL first byte") << QByteArray("\x00PK\x03\x04", 5) << qint64(1);
    QTest::newRow("unterminated quote in header") << QByteArray("\"a,b\n") << qint64(1);
}

void TestCsvReader::errors()
{
    QFETCH(QByteArray, data);
    QFETCH(qint64, errorLine);
    CsvReader r;
    QVERIFY(!r.openData(data.toStdString()));
    QVERIFY(!r.error().isEmpty());
    QCOMPARE(r.errorLine(), errorLine);
    QVERIFY(!r.next());
}

void TestCsvReader::directoryAndMissingFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    CsvReader r;
    QVERIFY(r.openData("a\n1\n"));
    QVERIFY(!r.open(dir.path())); // the previous data is gone too
    QVERIFY(!r.next());
    QVERIFY(r.header().empty());
    QVERIFY2(r.error().contains(QLatin1String("directory")), qPrintable(r.error()));
    QVERIFY(!r.open(dir.filePath(QStringLiteral("missing.csv"))));
    QVERIFY(!r.error().isEmpty());
}

void TestCsvReader::realFileLineNumbers_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<qint64>("records");
    QTest::addColumn<qint64>("startLineSum");
    QTest::addColumn<qint64>("lastStartLine");
    // python3: with open(p, newline='') as f:
    //   r = csv.reader(f); prev = 0; starts = []
    //   for rec in r: starts.append(prev + 1); prev = r.line_num
    // print(len(starts) - 1, sum(starts[1:]), starts[-1])
    QTest::newRow("operator_details level0 rank0 (multi-line)")
        << output(test::textRank(0, 0), "operator_details.csv") << qint64(859) << qint64(3301231) << qint64(6213);
    QTest::newRow("operator_details server rank0 (multi-line)")
        << output(test::serverRank(0), "operator_details.csv") << qint64(2) << qint64(17) << qint64(15);
    QTest::newRow("kernel_details level1 rank0 (CRLF)")
        << output(test::textRank(1, 0), "kernel_details.csv") << qint64(191) << qint64(18527) << qint64(192);
}

void TestCsvReader::realFileLineNumbers()
{
    QFETCH(QString, path);
    QFETCH(qint64, records);
    QFETCH(qint64, startLineSum);
    QFETCH(qint64, lastStartLine);
    CsvReader r;
    QVERIFY2(r.open(path), qPrintable(r.error()));
    qint64 sum = 0, last = 0;
    while (r.next()) {
        sum += r.line();
        last = r.line();
        QCOMPARE(r.cellCount(), r.header().size());
    }
    QVERIFY2(r.error().isEmpty(), qPrintable(r.error()));
    QCOMPARE(r.rowCount(), records);
    QCOMPARE(sum, startLineSum);
    QCOMPARE(last, lastStartLine);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(r.lineBreaks(), qint64(file.readAll().count('\n')));
}

// The reserve bound: every LF of the file (CR alone is not one), inside
// quotes too; counted against QByteArray::count on text of every length
// around memchr's 32-byte steps.
void TestCsvReader::lineBreaks()
{
    QTemporaryDir dir;
    for (int rows : { 0, 1, 31, 32, 33, 1000 }) {
        QByteArray text = "a,b\r\n";
        for (int i = 0; i < rows; ++i)
            text += QByteArray::number(i) + (i % 7 == 0 ? ",\"x\ny\"\n" : i % 5 == 0 ? ",z\r" : ",z\n");
        text += "9,end"; // no final line break
        const QString path = dir.filePath(QStringLiteral("t%1.csv").arg(rows));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
        f.close();
        CsvReader r;
        QVERIFY2(r.open(path), qPrintable(r.error()));
        QCOMPARE(r.lineBreaks(), qint64(text.count('\n')));
    }
}

// Partial reads (a table cut to a step window): records split only up to a
// limit, then split to their end or passed over. The expected cells and
// lines are written by hand from the text.
void TestCsvReader::partialReads_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("limit");
    QTest::addColumn<QStringList>("rows"); // every cell, joined by '|'
    QTest::addColumn<QList<int>>("lines");
    QTest::newRow("LF") << QByteArray("a,b,c\n1,2,3\n4,5,6\n") << 1 << QStringList { "1|2|3", "4|5|6" }
                        << QList<int> { 2, 3 };
    QTest::newRow("CRLF, no final newline") << QByteArray("a,b,c\r\n1,2,3\r\n4,5,6\r\n7,8,9") << 2
                                            << QStringList { "1|2|3", "4|5|6", "7|8|9" } << QList<int> { 2, 3, 4 };
    QTest::newRow("lone CR") << QByteArray("a,b,c\r1,2,3\r4,5,6\r") << 1 << QStringList { "1|2|3", "4|5|6" }
                             << QList<int> { 2, 3 };
    QTest::newRow("quoted line break past the limit")
        << QByteArray("a,b,c\n1,\"x\ny\",3\n4,\"p,q\",6\n7,8,9\n") << 1
        << QStringList { "1|x\ny|3", "4|p,q|6", "7|8|9" } << QList<int> { 2, 4, 5 };
    QTest::newRow("quote within the limit") << QByteArray("a,b,c\n\"q\"\"1\",2,3\n4,5,6\n") << 1
                                            << QStringList { "q\"1|2|3", "4|5|6" } << QList<int> { 2, 3 };
    QTest::newRow("trailing comma, extra cells") << QByteArray("a,b\n1,2,\n3,4,5,6\n5,6\n") << 1
                                                 << QStringList { "1|2|", "3|4|5|6", "5|6" } << QList<int> { 2, 3, 4 };
    QTest::newRow("blank lines") << QByteArray("a,b\n\n1,2\n\n3,4\n") << 1 << QStringList { "1|2", "3|4" }
                                 << QList<int> { 3, 5 };
    QTest::newRow("short records") << QByteArray("a,b,c\n1\n2,3\n4,5,6\n") << 2
                                   << QStringList { "1", "2|3", "4|5|6" } << QList<int> { 2, 3, 4 };
}

void TestCsvReader::partialReads()
{
    QFETCH(QByteArray, text);
    QFETCH(int, limit);
    QFETCH(QStringList, rows);
    QFETCH(QList<int>, lines);
    // Pass 1 splits every record to its end, pass 2 passes over every rest,
    // pass 3 alternates.
    for (int pass = 1; pass <= 3; ++pass) {
        CsvReader r;
        QVERIFY(r.openData(text.toStdString()));
        r.setSplitLimit(std::size_t(limit));
        for (qsizetype i = 0; i < rows.size(); ++i) {
            QVERIFY2(r.next(), qPrintable(QStringLiteral("pass %1 row %2").arg(pass).arg(i)));
            QCOMPARE(r.line(), qint64(lines[i]));
            const bool split = pass == 1 || (pass == 3 && i % 2 == 0);
            QVERIFY(split ? r.splitRest() : r.skipRest());
            QVERIFY(!r.recordOpen());
            const QStringList cells = rows[i].split(QLatin1Char('|'));
            QCOMPARE(r.cellCount(), std::size_t(cells.size()));
            if (split) {
                QStringList got;
                for (int c = 0; c < int(r.cellCount()); ++c)
                    got << str(r.rawCell(c));
                QCOMPARE(got, cells);
            }
        }
        QVERIFY(!r.next());
        QVERIFY(r.error().isEmpty());
        QCOMPARE(r.rowCount(), qint64(rows.size()));
    }
}

void TestCsvReader::partialReadUnterminatedQuote()
{
    CsvReader r;
    QVERIFY(r.openData("a,b,c\n1,2,3\n4,\"open\nstill open\n"));
    r.setSplitLimit(1);
    QVERIFY(r.next());
    QVERIFY(r.skipRest());
    QVERIFY(r.next());
    QCOMPARE(r.line(), qint64(3));
    QVERIFY(!r.skipRest());
    QCOMPARE(r.errorLine(), qint64(3));
    QVERIFY(!r.next());
    QVERIFY(!r.error().isEmpty());
}

// Random records written from known cells: unquoted cells of up to 40 bytes (the cell scan
// compares sixteen bytes at a time, so delimiters fall at every offset of a block), quoted cells
// with doubled quotes, delimiters and line breaks inside and text after the closing quote, and
// every record terminator. Each record must come back with its cells and first line, whole or
// split a few cells at a time.
void TestCsvReader::randomRecords()
{
    QRandomGenerator random(20261207);
    const auto pick = [&random](const char* alphabet) {
        const std::size_t n = std::strlen(alphabet);
        return alphabet[random.bounded(int(n))];
    };
    for (int round = 0; round < 300; ++round) {
        std::string text = "h1,h2,h3\n";
        qint64 line = 2;
        std::vector<std::vector<std::string>> records;
        std::vector<qint64> lines;
        const int recordCount = 1 + int(random.bounded(12));
        for (int r = 0; r < recordCount; ++r) {
            std::vector<std::string> cells;
            lines.push_back(line);
            const int cellCount = 1 + int(random.bounded(8));
            for (int c = 0; c < cellCount; ++c) {
                if (c > 0)
                    text += ',';
                std::string value;
                if (c == 0 || random.bounded(3) != 0) {
                    // Unquoted; the first cell of a record starts with 'x' (no blank records).
                    const int length = c == 0 ? 1 + int(random.bounded(40)) : int(random.bounded(41));
                    for (int i = 0; i < length; ++i)
                        value += i == 0 ? (c == 0 ? 'x' : pick("ab 7.\t")) : pick("ab 7.\t\";:");
                    text += value;
                } else {
                    text += '"';
                    const int length = int(random.bounded(30));
                    for (int i = 0; i < length; ++i) {
                        const char ch = pick("ab,\"\n\r; 9");
                        if (ch == '"') {
                            text += "\"\"";
                            value += '"';
                        } else if (ch == '\r') {
                            text += "\r\n"; // a CRLF inside the cell: one line
                            value += "\r\n";
                            ++line;
                        } else {
                            text += ch;
                            value += ch;
                            line += ch == '\n' ? 1 : 0;
                        }
                    }
                    text += '"';
                    const int after = random.bounded(4) == 0 ? 1 + int(random.bounded(3)) : 0;
                    for (int i = 0; i < after; ++i) {
                        const char ch = pick("\t b");
                        text += ch;
                        value += ch;
                    }
                }
                cells.push_back(value);
            }
            records.push_back(cells);
            if (r + 1 < recordCount || random.bounded(2) == 0) {
                const std::uint32_t ending = random.bounded(3);
                text += ending == 0 ? "\n" : ending == 1 ? "\r\n" : "\r";
                ++line;
            }
        }
        for (const std::size_t limit : { std::size_t(-1), std::size_t(2) }) {
            CsvReader reader;
            QVERIFY(reader.openData(text));
            reader.setSplitLimit(limit);
            for (std::size_t r = 0; r < records.size(); ++r) {
                const QString where = QStringLiteral("round %1 record %2 limit %3: %4")
                                          .arg(round)
                                          .arg(r)
                                          .arg(qlonglong(limit))
                                          .arg(QString::fromStdString(text).toHtmlEscaped());
                QVERIFY2(reader.next(), qPrintable(where));
                QVERIFY2(reader.splitRest(), qPrintable(where));
                QCOMPARE(reader.line(), lines[r]);
                QCOMPARE(reader.cellCount(), records[r].size());
                for (std::size_t c = 0; c < records[r].size(); ++c)
                    QCOMPARE(str(reader.rawCell(int(c))), QString::fromStdString(records[r][c]));
            }
            QVERIFY(!reader.next());
            QVERIFY2(reader.error().isEmpty(), qPrintable(reader.error()));
        }
    }
}

QTEST_GUILESS_MAIN(TestCsvReader)
#include "tst_csvreader.moc"
