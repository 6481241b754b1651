// SPDX-License-Identifier: Apache-2.0
// The MindInsight-era parsers (parse/legacyparsers.*) on damaged input made
// here: a minimal valid file of each kind with a required column removed,
// truncated, binary, empty; folders and missing paths; bad numbers. Each
// gets a message naming the file and what is wrong, and nothing crashes.
// (The parsers on the real fixtures: tst_legacyparsers.)

#include "parse/legacyparsers.h"
#include "testsupport.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace profscope;
using profscope::test::writeFile;

namespace {

// Runs the parser of one file kind; the row count is what landed in `out`.
struct AnyResult
{
    bool ok = false;
    qint64 rows = 0;
    FileReport report;
};

AnyResult parseAny(const QString& kind, const QString& path)
{
    AnyResult r;
    if (kind == QLatin1String("stepTrace")) {
        LegacyStepTrace out;
        r.ok = parseLegacyStepTrace(path, out, r.report);
        r.rows = qint64(out.rows.size());
    } else if (kind == QLatin1String("framework")) {
        std::vector<FrameworkOpRow> out;
        r.ok = parseFrameworkRaw(path, out, r.report);
        r.rows = qint64(out.size());
    } else if (kind == QLatin1String("aicoreDetail")) {
        std::vector<AicoreOpDetailRow> out;
        r.ok = parseAicoreDetail(path, out, r.report);
        r.rows = qint64(out.size());
    } else if (kind == QLatin1String("aicoreType")) {
        std::vector<AicoreOpTypeRow> out;
        r.ok = parseAicoreType(path, out, r.report);
        r.rows = qint64(out.size());
    } else if (kind == QLatin1String("aicpu")) {
        std::vector<AicpuOpRow> out;
        r.ok = parseAicpuIntermediate(path, out, r.report);
        r.rows = qint64(out.size());
    } else if (kind == QLatin1String("hccl")) {
        std::vector<HcclRawRow> out;
        r.ok = parseHcclRaw(path, out, r.report);
        r.rows = qint64(out.size());
    } else if (kind == QLatin1String("minddata")) {
        std::vector<MinddataPipelineRow> out;
        r.ok = parseMinddataPipeline(path, out, r.report);
        r.rows = qint64(out.size());
    } else {
        qFatal("unknown kind");
    }
    return r;
}

// A minimal valid file of each kind: header, one good row, and the name of a
// required column (to remove) for the corruption matrix.
struct Sample
{
    const char* kind;
    QByteArray header;
    QByteArray row;
    QByteArray requiredColumn;
};

const std::vector<Sample>& samples()
{
    static const std::vector<Sample> all = {
        { "stepTrace",
          "step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,fp_and_bp,tail,"
          "stream_1_0_AllReduce-op1,stream_1_0_AllReduce-op1_start_point,stream_1_0_AllReduce-op1_end_point",
          "1,100,200,100,110,190,10,80,10,50,120,170", "total" },
        { "framework", "task_id,stream_id,block_dim,full_op_name,op_name,op_type,subgraph,op_info",
          "2,5,1,Default/Add-op1,Add-op1,Add,Default,\"{\"\"input_0\"\": {\"\"shape\"\": \"\"1\"\"}}\"", "task_id" },
        { "aicoreDetail", "full_op_name,execution_time", "Default/Add-op1,0.5", "execution_time" },
        { "aicoreType", "op_type,execution_time,execution_frequency,percent", "Add,0.5,1,100.0", "op_type" },
        { "aicpu", "serial_number,kernel_type,total_time,dispatch_time,execution_time,run_start,run_end",
          "1,GetNext,0.8,0.1,0.2,100,200", "total_time" },
        { "hccl", "step_num,communication_cost,wait_cost,link_info,communication_operator_cost",
          "1,0.5,0.1,\"{\"\"1-0\"\": {\"\"SDMA\"\": [0.5, 4.096, 8192.0]}}\","
          "\"{\"\"stream_1_0_AllReduce-op1\"\": [\"\"1\"\", 0.5, 0.1, {\"\"1-0\"\": {\"\"SDMA\"\": [0.5, 4.096, 8192.0]}}]}\"",
          "wait_cost" },
        { "minddata",
          "op_id,op_type,num_workers,output_queue_size,output_queue_average_size,output_queue_length,"
          "output_queue_usage_rate,sample_interval,parent_id,children_id",
          "1,Shuffle,1,\"[10, 20]\",15.0,64,0.2,10,0,\"[2, 3]\"", "op_id" },
    };
    return all;
}

} // namespace

class TstLegacyBadInput : public QObject
{
    Q_OBJECT

private slots:
    void corruptInput_data();
    void corruptInput();
    void directoryAndMissingFile_data();
    void directoryAndMissingFile();
    void badNumbersWarnAndCap();
};

// ---- corrupt inputs ------------------------------------------------------------------------

void TstLegacyBadInput::corruptInput_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<bool>("broken");
    QTest::addColumn<qint64>("rowsKept");
    QTest::addColumn<qint64>("problemLine"); // -1: not checked
    QTest::addColumn<QString>("reasonHas");   // for Broken; a warning's text otherwise
    QTest::addColumn<int>("warnings");

    for (const auto& s : samples()) {
        const QString kind = QLatin1String(s.kind);
        const QByteArray header = s.header + "\r\n";
        const QByteArray row = s.row + "\r\n";
        QByteArray missing = s.header;
        missing.replace(s.requiredColumn, "renamed");
        const QByteArray truncatedRow = s.row.left(s.row.indexOf(',')); // one cell, no newline

        auto add = [&](const char* what, const QByteArray& bytes, bool broken, qint64 rows, qint64 line,
                       const QString& reasonHas, int warnings) {
            QTest::addRow("%s: %s", s.kind, what) << kind << bytes << broken << rows << line << reasonHas << warnings;
        };
        add("good (CRLF)", header + row + row, false, 2, -1, QString(), 0);
        add("good (LF, no final newline)", s.header + "\n" + s.row + "\n" + s.row, false, 2, -1, QString(), 0);
        add("empty file", QByteArray(), true, 0, -1, QStringLiteral("empty"), 0);
        add("blank lines only", "\r\n\n  \n", true, 0, -1, QStringLiteral("empty"), 0);
        add("header only", header, false, 0, -1, QStringLiteral("no data rows"), 1);
        add("missing required column", missing + "\n" + s.row + "\n", true, 0, 1, QString::fromLatin1(s.requiredColumn), 0);
        add("NUL garbage", header + row + QByteArray("\x00\x01\x02garbage", 10), true, 0, 3,
            QStringLiteral("NUL"), 0);
        add("binary without NUL", QByteArray("\xff\xfe\x81\x9c\xd0\x07,\x1b\x7f\n\xee\xdd\n", 13), true, 0, 1,
            QStringLiteral("not a CSV text file"), 0);
        add("unterminated quote", header + row + "7,\"never closed,\r\n1,2\r\n", true, 1, 3,
            QStringLiteral("unterminated"), 0);
        add("truncated last row", header + row + truncatedRow, true, 1, 3, QStringLiteral("truncated"), 0);
        add("short row in the middle", header + s.row.left(s.row.indexOf(',')) + "\r\n" + row, false, 1, -1,
            QStringLiteral("line 2"), 1);
        add("extra cells", header + s.row + ",surplus\r\n", false, 1, -1, QStringLiteral("extra"), 1);
    }
    // Tick counts that cannot be times (a hostile-input finding: x 10 ns
    // overflowed in the cluster step table): the row is skipped, named.
    const QByteArray stepHeader = "step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,"
                                  "fp_and_bp,tail,stream_1_0_AllReduce-op1,stream_1_0_AllReduce-op1_start_point,"
                                  "stream_1_0_AllReduce-op1_end_point\n";
    QTest::addRow("stepTrace: INT64_MAX start tick")
        << QStringLiteral("stepTrace")
        << QByteArray(stepHeader + "1,9223372036854775807,200,100,110,190,10,80,10,50,120,170\n"
                      + "2,300,400,100,310,390,10,80,10,50,320,370\n")
        << false << qint64(1) << qint64(-1) << QStringLiteral("not a time") << 1;
    QTest::addRow("stepTrace: huge negative tail")
        << QStringLiteral("stepTrace")
        << QByteArray(stepHeader + "1,100,200,100,110,190,10,80,-1000000000000000000,50,120,170\n")
        << false << qint64(0) << qint64(-1) << QStringLiteral("not a time") << 1;
}

void TstLegacyBadInput::corruptInput()
{
    QFETCH(QString, kind);
    QFETCH(QByteArray, bytes);
    QFETCH(bool, broken);
    QFETCH(qint64, rowsKept);
    QFETCH(qint64, problemLine);
    QFETCH(QString, reasonHas);
    QFETCH(int, warnings);

    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("legacy_%1.csv").arg(kind), bytes);
    QVERIFY(!path.isEmpty());
    const AnyResult r = parseAny(kind, path);
    const QString details = r.report.reason + QLatin1Char('\n') + r.report.warnings.join(QLatin1Char('\n'));
    QCOMPARE(r.report.status, broken ? FileStatus::Broken : FileStatus::Used);
    QCOMPARE(r.rows, rowsKept);
    QCOMPARE(r.ok, !broken || rowsKept > 0); // false only when nothing usable was read
    QCOMPARE(r.report.sizeBytes, qint64(bytes.size()));
    QCOMPARE(r.report.warnings.size(), warnings);
    if (broken) {
        QVERIFY2(r.report.reason.contains(QFileInfo(path).fileName()), qPrintable(details));
        if (!reasonHas.isEmpty())
            QVERIFY2(r.report.reason.contains(reasonHas, Qt::CaseInsensitive), qPrintable(details));
        if (problemLine > 0)
            QCOMPARE(r.report.line, problemLine);
    } else {
        QVERIFY(r.report.reason.isEmpty());
        if (!reasonHas.isEmpty())
            QVERIFY2(r.report.warnings.join(QLatin1Char('\n')).contains(reasonHas), qPrintable(details));
    }
}

void TstLegacyBadInput::directoryAndMissingFile_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<bool>("directory");
    for (const auto& s : samples()) {
        QTest::addRow("%s: directory", s.kind) << QString::fromLatin1(s.kind) << true;
        QTest::addRow("%s: missing file", s.kind) << QString::fromLatin1(s.kind) << false;
    }
}

void TstLegacyBadInput::directoryAndMissingFile()
{
    QFETCH(QString, kind);
    QFETCH(bool, directory);
    QTemporaryDir dir;
    const QString path = directory ? dir.path() : dir.filePath(QStringLiteral("nope.csv"));
    const AnyResult r = parseAny(kind, path);
    QVERIFY(!r.ok);
    QCOMPARE(r.rows, qint64(0));
    QCOMPARE(r.report.status, FileStatus::Broken);
    QVERIFY(r.report.reason.contains(path));
    QCOMPARE(r.report.path, path);
}

void TstLegacyBadInput::badNumbersWarnAndCap()
{
    // 50 rows with a garbage required number, one with a garbage optional
    // number, one good: 52 problems -> 20 lines + one summary line.
    QByteArray bytes = "full_op_name,execution_time,execution_frequency\n";
    for (int i = 0; i < 50; ++i)
        bytes += "Default/Bad-op" + QByteArray::number(i) + ",fast,1\n";
    bytes += "Default/Odd-op1,0.25,often\n";
    bytes += ",0.5,1\n";
    bytes += "Default/Good-op1,0.75,3\n";
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("aicore_intermediate_0_detail.csv"), bytes);
    std::vector<AicoreOpDetailRow> out;
    FileReport report;
    QVERIFY(parseAicoreDetail(path, out, report));
    QCOMPARE(report.status, FileStatus::Used);
    QCOMPARE(out.size(), std::size_t(2)); // the optional garbage keeps its row
    QCOMPARE(out[0].executionTimeMs, 0.25);
    QCOMPARE(out[0].executionFrequency, qint64(-1));
    QCOMPARE(out[1].executionFrequency, qint64(3));
    QCOMPARE(report.count(QStringLiteral("skippedRows")), qint64(51));
    QCOMPARE(report.warnings.size(), 21);
    QVERIFY2(report.warnings.front().contains(QLatin1String("line 2"))
                 && report.warnings.front().contains(QLatin1String("execution_time"))
                 && report.warnings.front().contains(QLatin1String("fast")),
             qPrintable(report.warnings.front()));
    QVERIFY2(report.warnings.back().contains(QLatin1String("32")), qPrintable(report.warnings.back()));
}

QTEST_GUILESS_MAIN(TstLegacyBadInput)
#include "tst_legacybadinput.moc"
