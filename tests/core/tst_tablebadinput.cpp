// SPDX-License-Identifier: Apache-2.0
// CSV parsers of tableparsers.h on odd and damaged files written into a
// QTemporaryDir: synthetic kernel rows with the real files' quirks (TAB-ended
// cells, CRLF, quoted shapes), truncated, binary and empty files, a missing
// required column, bad numbers, an unterminated quote, capped warnings. Each
// gets a message naming the file and what is wrong; the rest still loads.
// (The parsers on the real ranks: tst_tableparsers.)

#include "parse/tableparsers.h"
#include "testsupport.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <functional>

using namespace profscope;
using namespace profscope::test;

namespace {

// A 46-column level1 header line and one row of it, for the synthetic files.
const QByteArray kKernelHeader = "Step Id,Model ID,Task ID,Stream ID,Name,Type,Accelerator Core,Start Time(us),"
                                 "Duration(us),Wait Time(us),Block Dim,Input Shapes,aic_mac_ratio\r\n";
QByteArray kernelRow(const QByteArray& start, const QByteArray& dur = "1.5", const QByteArray& wait = "0")
{
    return "50,4294967295,1,2,op,T,AI_CORE," + start + "\t," + dur + "," + wait + ",8,\"\"\"1,2\"\"\",0.5\r\n";
}

} // namespace

class TestTableBadInput : public QObject
{
    Q_OBJECT
private slots:
    void kernelSyntheticQuirks();
    void corruptFiles_data();
    void corruptFiles();
    void headerOnlyIsUsedWithZeroRows();
    void missingRequiredColumn();
    void badRequiredNumberSkipsRow();
    void badOptionalNumberWarns();
    void unterminatedQuoteKeepsEarlierRows();
    void warningsAreCapped();
};

void TestTableBadInput::kernelSyntheticQuirks()
{
    // Device_id in front, LF, a trailing unnamed header cell, extra empty cells.
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("kernel_details.csv"),
                                   "Device_id,Name,Start Time(us),Duration(us),Model ID,Context ID,\n"
                                   "3,a,1.0005\t,0.0005,4294967295,7\n"
                                   "host,b,2,1e-3,12,N/A,,\n");
    KernelTable t;
    FileReport report;
    QVERIFY2(parseKernelDetails(path, t, report), qPrintable(describeReport(report)));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY2(report.warnings.isEmpty(), qPrintable(describeReport(report)));
    QCOMPARE(qint64(t.size()), qint64(2));
    QCOMPARE(t.deviceId[0], qint64(3));
    QCOMPARE(t.deviceId[1], qint64(-1)); // "host"
    QCOMPARE(t.startNs[0], qint64(1001)); // 1000.5 ns -> 1001
    QCOMPARE(t.durNs[0], qint64(1));      // 0.5 ns -> 1
    QCOMPARE(t.durNs[1], qint64(1));      // 1e-3 us
    QCOMPARE(t.modelId[0], qint64(-1));
    QCOMPARE(t.modelId[1], qint64(12));
    QCOMPARE(t.contextId[0], qint64(7));
    QCOMPARE(t.contextId[1], qint64(-1));
    QCOMPARE(t.waitNs[0], kInvalidTime); // no wait column
    QCOMPARE(t.stepId[0], -1);
    QVERIFY(t.metricNames().isEmpty());
}

// ---------------------------------------------------------------- corrupt inputs

using AnyParser = std::function<bool(const QString&, FileReport&, qint64& rows)>;

static std::vector<std::pair<const char*, AnyParser>> allParsers()
{
    return {
        { "kernel_details.csv",
          [](const QString& p, FileReport& r, qint64& n) { KernelTable t; const bool ok = parseKernelDetails(p, t, r); n = qint64(t.size()); return ok; } },
        { "op_statistic.csv",
          [](const QString& p, FileReport& r, qint64& n) { std::vector<OpStatisticRow> t; const bool ok = parseOpStatistic(p, t, r); n = qint64(t.size()); return ok; } },
        { "api_statistic.csv",
          [](const QString& p, FileReport& r, qint64& n) { std::vector<ApiStatisticRow> t; const bool ok = parseApiStatistic(p, t, r); n = qint64(t.size()); return ok; } },
        { "step_trace_time.csv",
          [](const QString& p, FileReport& r, qint64& n) { std::vector<StepTraceRow> t; const bool ok = parseStepTraceTime(p, t, r); n = qint64(t.size()); return ok; } },
        { "memory_record.csv",
          [](const QString& p, FileReport& r, qint64& n) { MemoryRecordTable t; const bool ok = parseMemoryRecord(p, t, r); n = qint64(t.size()); return ok; } },
        { "npu_module_mem.csv",
          [](const QString& p, FileReport& r, qint64& n) { NpuModuleMemTable t; const bool ok = parseNpuModuleMem(p, t, r); n = qint64(t.size()); return ok; } },
        { "operator_memory.csv",
          [](const QString& p, FileReport& r, qint64& n) { OperatorMemoryTable t; const bool ok = parseOperatorMemory(p, t, r); n = qint64(t.size()); return ok; } },
        { "operator_details.csv",
          [](const QString& p, FileReport& r, qint64& n) { OperatorDetailsTable t; const bool ok = parseOperatorDetails(p, t, r); n = qint64(t.size()); return ok; } },
        { "l2_cache.csv",
          [](const QString& p, FileReport& r, qint64& n) { std::vector<L2CacheRow> t; const bool ok = parseL2Cache(p, t, r); n = qint64(t.size()); return ok; } },
    };
}

void TestTableBadInput::corruptFiles_data()
{
    QTest::addColumn<int>("parser");
    QTest::addColumn<QString>("what");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<qint64>("byteOffset");
    const auto parsers = allParsers();
    for (int i = 0; i < int(parsers.size()); ++i) {
        const QByteArray kind = parsers[std::size_t(i)].first;
        QTest::newRow(QByteArray(kind + " empty").constData()) << i << QStringLiteral("empty") << QByteArray() << qint64(-1) << qint64(0);
        QTest::newRow(QByteArray(kind + " blank lines").constData()) << i << QStringLiteral("empty") << QByteArray("\r\n\r\n") << qint64(-1) << qint64(0);
        QTest::newRow(QByteArray(kind + " NUL garbage").constData()) << i << QStringLiteral("NUL") << QByteArray("PK\x03\x04\n\x01\x00\xff\xfe", 9) << qint64(2) << qint64(-1);
        QTest::newRow(QByteArray(kind + " text garbage").constData()) << i << QStringLiteral("missing") << QByteArray("\xff\xfe garbage \x01\x02\nmore") << qint64(1) << qint64(-1);
        QTest::newRow(QByteArray(kind + " directory").constData()) << i << QStringLiteral("directory") << QByteArray() << qint64(-1) << qint64(-1);
        QTest::newRow(QByteArray(kind + " missing file").constData()) << i << QStringLiteral("missing file") << QByteArray() << qint64(-1) << qint64(-1);
    }
}

void TestTableBadInput::corruptFiles()
{
    QFETCH(int, parser);
    QFETCH(QString, what);
    QFETCH(QByteArray, bytes);
    QFETCH(qint64, line);
    QFETCH(qint64, byteOffset);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const auto [kind, parse] = allParsers()[std::size_t(parser)];
    QString path;
    if (what == QLatin1String("directory")) {
        path = dir.filePath(QLatin1String(kind));
        QVERIFY(QDir().mkpath(path));
    } else if (what == QLatin1String("missing file")) {
        path = dir.filePath(QLatin1String(kind));
    } else {
        path = writeFile(dir, QLatin1String(kind), bytes);
    }
    FileReport report;
    qint64 rows = -1;
    QVERIFY(!parse(path, report, rows));
    QCOMPARE(report.status, FileStatus::Broken);
    QVERIFY(!report.reason.isEmpty());
    QCOMPARE(rows, qint64(0));
    QCOMPARE(report.line, line);
    QCOMPARE(report.byteOffset, byteOffset);
    QCOMPARE(report.path, path);
    QCOMPARE(report.kind, QString::fromLatin1(kind));
    if (what == QLatin1String("directory"))
        QVERIFY2(report.reason.contains(QLatin1String("directory")), qPrintable(report.reason));
    if (what == QLatin1String("NUL"))
        QVERIFY2(report.reason.contains(QLatin1String("NUL")), qPrintable(report.reason));
    if (what == QLatin1String("missing")) // garbage header: the required column is named
        QVERIFY2(report.reason.contains(QLatin1String(kind)) && report.reason.contains(QLatin1String("missing")),
                 qPrintable(report.reason));
    if (what == QLatin1String("empty") || what == QLatin1String("NUL") || what == QLatin1String("missing"))
        QCOMPARE(report.sizeBytes, qint64(bytes.size()));
}

void TestTableBadInput::headerOnlyIsUsedWithZeroRows()
{
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("kernel_details.csv"), kKernelHeader);
    KernelTable t;
    FileReport report;
    QVERIFY(parseKernelDetails(path, t, report)); // a valid file that happens to be empty
    QCOMPARE(report.status, FileStatus::Used);
    QCOMPARE(report.count(QStringLiteral("rows")), qint64(0));
    QVERIFY(report.warnings.isEmpty());
    QCOMPARE(t.size(), std::size_t(0));
    QCOMPARE(t.metricNames(), QStringList { QStringLiteral("aic_mac_ratio") });
    QCOMPARE(t.metrics().size(), std::size_t(1));
}

void TestTableBadInput::missingRequiredColumn()
{
    QTemporaryDir dir;
    // level1 header without Duration(us) (and a Start Time alias that is not ours).
    const QString path = writeFile(dir, QStringLiteral("kernel_details.csv"),
                                   "Step Id,Name,Type,Begin(us),Wait Time(us)\n50,a,b,1,0\n");
    KernelTable t;
    FileReport report;
    QVERIFY(!parseKernelDetails(path, t, report));
    QCOMPARE(report.status, FileStatus::Broken);
    QCOMPARE(report.line, qint64(1));
    QVERIFY2(report.reason.contains(QLatin1String("kernel_details.csv")), qPrintable(report.reason));
    QVERIFY2(report.reason.contains(QLatin1String("\"Start Time(us)\"")), qPrintable(report.reason));
    QVERIFY2(report.reason.contains(QLatin1String("\"Duration(us)\"")), qPrintable(report.reason));
    QCOMPARE(t.size(), std::size_t(0));
}

void TestTableBadInput::badRequiredNumberSkipsRow()
{
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("kernel_details.csv"),
                                   kKernelHeader + kernelRow("1736408883704643.212") + kernelRow("17364088837x")
                                       + kernelRow("N/A") + kernelRow("1736408883704700.5", "abc")
                                       + kernelRow("1736408883704800"));
    KernelTable t;
    FileReport report;
    QVERIFY(parseKernelDetails(path, t, report));
    QCOMPARE(report.status, FileStatus::Used);
    QCOMPARE(qint64(t.size()), qint64(2));
    QCOMPARE(t.startNs[0], qint64(1736408883704643212));
    QCOMPARE(t.startNs[1], qint64(1736408883704800000));
    QCOMPARE(report.count(QStringLiteral("skippedRows")), qint64(3));
    QCOMPARE(report.warnings.size(), 3);
    QVERIFY2(report.warnings[0].contains(QLatin1String("line 3")) && report.warnings[0].contains(QLatin1String("17364088837x")),
             qPrintable(report.warnings[0]));
    QVERIFY2(report.warnings[1].contains(QLatin1String("line 4")) && report.warnings[1].contains(QLatin1String("Start Time(us)")),
             qPrintable(report.warnings[1]));
    QVERIFY2(report.warnings[2].contains(QLatin1String("line 5")) && report.warnings[2].contains(QLatin1String("Duration(us)")),
             qPrintable(report.warnings[2]));
    QCOMPARE(t.metrics()[0].size(), std::size_t(2)); // metrics stay aligned with the kept rows
}

void TestTableBadInput::badOptionalNumberWarns()
{
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("kernel_details.csv"),
                                   kKernelHeader + kernelRow("10", "1", "soon") + kernelRow("20", "1", "N/A"));
    KernelTable t;
    FileReport report;
    QVERIFY(parseKernelDetails(path, t, report));
    QCOMPARE(qint64(t.size()), qint64(2)); // the row is kept
    QCOMPARE(t.waitNs[0], kInvalidTime);
    QCOMPARE(t.waitNs[1], kInvalidTime); // N/A: silently absent
    QCOMPARE(report.warnings.size(), 1);
    QVERIFY2(report.warnings[0].contains(QLatin1String("line 2")) && report.warnings[0].contains(QLatin1String("soon")),
             qPrintable(report.warnings[0]));
}

void TestTableBadInput::unterminatedQuoteKeepsEarlierRows()
{
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("operator_details.csv"),
                                   "Name,Input Shapes,Call Stack,Host Self Duration(us),Host Total Duration(us)\n"
                                   "a,,\"x.py(1): f;\ny.py(2): g\",1,2\n"
                                   "b,,\"never closed\n,3,4\n");
    OperatorDetailsTable t;
    FileReport report;
    QVERIFY(parseOperatorDetails(path, t, report)); // rows were read before the problem
    QCOMPARE(report.status, FileStatus::Broken);
    QCOMPARE(report.line, qint64(4));
    QVERIFY2(report.reason.contains(QLatin1String("operator_details.csv")), qPrintable(report.reason));
    QCOMPARE(qint64(t.size()), qint64(1));
    QCOMPARE(report.count(QStringLiteral("rows")), qint64(1));
    QCOMPARE(t.hostTotalNs[0], qint64(2000));
    QCOMPARE(t.deviceSelfNs[0], kInvalidTime); // optional column absent
}

void TestTableBadInput::warningsAreCapped()
{
    QTemporaryDir dir;
    QByteArray data = kKernelHeader;
    for (int i = 0; i < 30; ++i)
        data += kernelRow("bad");
    data += kernelRow("5");
    const QString path = writeFile(dir, QStringLiteral("kernel_details.csv"), data);
    KernelTable t;
    FileReport report;
    QVERIFY(parseKernelDetails(path, t, report));
    QCOMPARE(qint64(t.size()), qint64(1));
    QCOMPARE(report.count(QStringLiteral("skippedRows")), qint64(30));
    QCOMPARE(report.warnings.size(), 21);
    QVERIFY2(report.warnings.last().contains(QLatin1String("10")), qPrintable(report.warnings.last()));
    QVERIFY(report.warnings[19].contains(QLatin1String("line 21")));
}

QTEST_GUILESS_MAIN(TestTableBadInput)
#include "tst_tablebadinput.moc"
