// SPDX-License-Identifier: Apache-2.0
// Parsers of the MindInsight-era profiler/ files, against the real fixtures
// (mindinsight/tests/...); damaged files are in tst_legacybadinput.
//
// Every expected number below was computed independently with python3's csv
// and json modules (never with this code); the snippet sits beside the data.
// The snippets share this prologue:
//   import csv, json; csv.field_size_limit(10**9)
//   R = '.../mindinsight/tests/utils/resource/'
//   rows = lambda f: list(csv.DictReader(open(R + f, newline='')))

#include "parse/legacyparsers.h"
#include "testsupport.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <set>

using namespace profscope;
using profscope::test::mindinsight;
using profscope::test::writeFile;

namespace {

bool nearlyEqual(double actual, double expected)
{
    return std::fabs(actual - expected) <= 1e-9 * std::max(1.0, std::fabs(expected));
}

#define COMPARE_DOUBLE(actual, expected)                                                                              \
    QVERIFY2(nearlyEqual((actual), (expected)),                                                                        \
             qPrintable(QStringLiteral("%1 = %2, expected %3").arg(QStringLiteral(#actual)).arg((actual), 0, 'g', 17).arg((expected), 0, 'g', 17)))

QString resourceRoot()
{
    return mindinsight(QString());
}

} // namespace

class TstLegacyParsers : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void stepTrace_data();
    void stepTrace();
    void stepTraceLineEndingsAgree();
    void stepTraceColumnOrderAndAverageRows();

    void frameworkRaw_data();
    void frameworkRaw();

    void aicoreDetail_data();
    void aicoreDetail();
    void aicoreType_data();
    void aicoreType();
    void aicpuIntermediate();

    void hcclRaw_data();
    void hcclRaw();
    void hcclBadJsonCellKeepsRow();

    void minddataPipeline_data();
    void minddataPipeline();

};

void TstLegacyParsers::initTestCase()
{
    if (!QFileInfo(resourceRoot()).isDir())
        QSKIP("mindinsight fixtures not found next to the repository");
}

// ---- step trace ---------------------------------------------------------------------------

void TstLegacyParsers::stepTrace_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("steps");
    QTest::addColumn<qint64>("lastStep");
    QTest::addColumn<qint64>("sumTotal");
    QTest::addColumn<qint64>("sumFpAndBp");
    QTest::addColumn<qint64>("sumTail");
    QTest::addColumn<int>("opsPerRow");
    QTest::addColumn<QString>("firstOp");
    QTest::addColumn<qint64>("firstOpStart");
    QTest::addColumn<qint64>("firstOpEnd");
    QTest::addColumn<qint64>("firstOpDuration");

    // python3 (MindInsight drops the last row, the average; step 1 is first):
    //   rs = rows(f)[:-1]; hdr = next(csv.reader(open(R + f, newline='')))
    //   bases = []
    //   for h in hdr:
    //       if h.startswith('stream_'):
    //           b = h[:-12] if h.endswith('_start_point') else h[:-10] if h.endswith('_end_point') else h
    //           if b not in bases: bases.append(b)
    //   s = lambda k: sum(int(r[k]) for r in rs)
    //   print(len(hdr), len(rs), rs[-1]['step_num'], s('total'), s('fp_and_bp'), s('tail'), len(bases), bases[:1],
    //         [(int(rs[0][b + '_start_point']), int(rs[0][b + '_end_point']), int(rs[0][b])) for b in bases[:1]])
    QTest::newRow("run_1 (42 columns, _parallel_ style)")
        << "run_1/normal_run/profiler/step_trace_raw_1_detail_time.csv" << qint64(322) << qint64(322)
        << qint64(6621155014) << qint64(3808909814) << qint64(2805701886) << 11 << "stream_520_parallel_0"
        << qint64(43806979896) << qint64(43814842766) << qint64(7862870);
    // run_2..4: one step; the average row is "0,0,0,0,0,0,..." (step_num 0).
    QTest::newRow("run_2 (step 0 average row)")
        << "run_2/normal_run/profiler/step_trace_raw_1_detail_time.csv" << qint64(1) << qint64(1) << qint64(2370905)
        << qint64(2366808) << qint64(4097) << 0 << QString() << qint64(0) << qint64(0) << qint64(0);
    QTest::newRow("run_3") << "run_3/normal_run/profiler/step_trace_raw_1_detail_time.csv" << qint64(1) << qint64(1)
                           << qint64(2370905) << qint64(2366808) << qint64(4097) << 0 << QString() << qint64(0)
                           << qint64(0) << qint64(0);
    QTest::newRow("run_4") << "run_4/normal_run/profiler/step_trace_raw_1_detail_time.csv" << qint64(1) << qint64(1)
                           << qint64(2370905) << qint64(2366808) << qint64(4097) << 0 << QString() << qint64(0)
                           << qint64(0) << qint64(0);
    QTest::newRow("profiler rank 0 (LF)")
        << "profiler/step_trace_raw_0_detail_time.csv" << qint64(20) << qint64(20) << qint64(251869657)
        << qint64(34182472) << qint64(46015339) << 4 << "stream_10_parallel_0" << qint64(45000042679)
        << qint64(45000060275) << qint64(17596);
    QTest::newRow("profiler rank 10") << "profiler/step_trace_raw_10_detail_time.csv" << qint64(40) << qint64(40)
                                      << qint64(512948589) << qint64(68454052) << qint64(92037997) << 4
                                      << "stream_10_parallel_0" << qint64(45000044023) << qint64(45000060886)
                                      << qint64(16863);
    QTest::newRow("cluster rank 0 (300 columns)")
        << "cluster_propose/step_trace_raw_0_detail_time.csv" << qint64(5) << qint64(5) << qint64(89584203)
        << qint64(88765939) << qint64(482637) << 97 << "stream_48_0_Receive-op663" << qint64(1162411816566)
        << qint64(1162416827333) << qint64(5010767);
    QTest::newRow("cluster rank 1 (300 columns)")
        << "cluster_propose/step_trace_raw_1_detail_time.csv" << qint64(5) << qint64(5) << qint64(92785938)
        << qint64(91980280) << qint64(468971) << 97 << "stream_37_0_Receive-op663" << qint64(1162408625398)
        << qint64(1162416827293) << qint64(8201895);
    QTest::newRow("cluster rank 2 (1056 columns)")
        << "cluster_propose/step_trace_raw_2_detail_time.csv" << qint64(5) << qint64(5) << qint64(288130553)
        << qint64(283450480) << qint64(3852163) << 349 << "stream_11_0_Receive-op2068" << qint64(1162213571574)
        << qint64(1162412692640) << qint64(199121066);
    QTest::newRow("cluster rank 3 (1056 columns)")
        << "cluster_propose/step_trace_raw_3_detail_time.csv" << qint64(5) << qint64(5) << qint64(309365433)
        << qint64(304654145) << qint64(3880234) << 349 << "stream_11_0_Receive-op2068" << qint64(1162192343191)
        << qint64(1162412689628) << qint64(220346437);
}

void TstLegacyParsers::stepTrace()
{
    QFETCH(QString, file);
    QFETCH(qint64, steps);
    QFETCH(qint64, lastStep);
    QFETCH(qint64, sumTotal);
    QFETCH(qint64, sumFpAndBp);
    QFETCH(qint64, sumTail);
    QFETCH(int, opsPerRow);
    QFETCH(QString, firstOp);
    QFETCH(qint64, firstOpStart);
    QFETCH(qint64, firstOpEnd);
    QFETCH(qint64, firstOpDuration);

    const QString path = mindinsight(file);
    LegacyStepTrace trace;
    FileReport report;
    QVERIFY(parseLegacyStepTrace(path, trace, report));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY2(report.warnings.isEmpty(), qPrintable(report.warnings.join(QLatin1Char('\n'))));
    QCOMPARE(report.path, path);
    QCOMPARE(report.sizeBytes, QFileInfo(path).size());
    QCOMPARE(report.count(QStringLiteral("steps")), steps);
    QCOMPARE(report.count(QStringLiteral("rows")), steps);
    QCOMPARE(report.count(QStringLiteral("streamOps")), qint64(opsPerRow));

    QCOMPARE(qint64(trace.rows.size()), steps);
    QCOMPARE(trace.rows.front().stepNum, qint64(1));
    QCOMPARE(trace.rows.back().stepNum, lastStep);
    qint64 total = 0, fpAndBp = 0, tail = 0;
    for (const auto& row : trace.rows) {
        total += row.total;
        fpAndBp += row.fpAndBp;
        tail += row.tail;
        QCOMPARE(int(row.streamOps.size()), opsPerRow);
    }
    QCOMPARE(total, sumTotal);
    QCOMPARE(fpAndBp, sumFpAndBp);
    QCOMPARE(tail, sumTail);
    if (opsPerRow > 0) {
        const auto& op = trace.rows.front().streamOps.front();
        QCOMPARE(op.name, firstOp);
        QCOMPARE(op.startPoint, firstOpStart);
        QCOMPARE(op.endPoint, firstOpEnd);
        QCOMPARE(op.duration, firstOpDuration);
        // Every op of every row is a complete triple in these files.
        std::set<QString> names;
        for (const auto& row : trace.rows)
            for (const auto& o : row.streamOps) {
                QVERIFY(o.startPoint >= 0 && o.endPoint >= 0 && o.duration >= 0);
                names.insert(o.name);
            }
        QCOMPARE(int(names.size()), opsPerRow);
    }
}

void TstLegacyParsers::stepTraceLineEndingsAgree()
{
    // run_1 is CRLF; the same bytes with LF must parse to the same values.
    QFile crlfFile(mindinsight(QStringLiteral("run_1/normal_run/profiler/step_trace_raw_1_detail_time.csv")));
    QVERIFY(crlfFile.open(QIODevice::ReadOnly));
    QByteArray bytes = crlfFile.readAll();
    QVERIFY(bytes.contains("\r\n"));
    bytes.replace("\r\n", "\n");
    QTemporaryDir dir;
    const QString lfPath = writeFile(dir, QStringLiteral("step_trace_raw_1_detail_time.csv"), bytes);

    LegacyStepTrace crlf, lf;
    FileReport crlfReport, lfReport;
    QVERIFY(parseLegacyStepTrace(crlfFile.fileName(), crlf, crlfReport));
    QVERIFY(parseLegacyStepTrace(lfPath, lf, lfReport));
    QCOMPARE(lf.rows.size(), crlf.rows.size());
    for (std::size_t i = 0; i < lf.rows.size(); ++i) {
        QCOMPARE(lf.rows[i].stepNum, crlf.rows[i].stepNum);
        QCOMPARE(lf.rows[i].tail, crlf.rows[i].tail);
        QCOMPARE(lf.rows[i].streamOps.back().duration, crlf.rows[i].streamOps.back().duration);
        QCOMPARE(lf.rows[i].streamOps.back().name, crlf.rows[i].streamOps.back().name);
    }
}

void TstLegacyParsers::stepTraceColumnOrderAndAverageRows()
{
    // Triples in scrambled order, an op missing its end column, an unknown
    // extra column, a "-" average row in the middle and an empty one at the end.
    QTemporaryDir dir;
    const QString path = writeFile(
        dir, QStringLiteral("step_trace_raw_0_detail_time.csv"),
        "tail,stream_7_x_end_point,step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,"
        "fp_and_bp,stream_7_x_start_point,model_id,stream_9_y_start_point,stream_7_x,stream_9_y\r\n"
        "3,170,1,100,200,100,110,190,10,80,120,42,130,50,\r\n"
        "1,1,-,1,1,1,1,1,1,1,1,1,1,1,1\r\n"
        "4,270,2,200,300,100,210,290,10,80,220,42,230,50,40\r\n"
        "0,0,,0,0,0,0,0,0,0,0,0,0,0,0\r\n");
    LegacyStepTrace trace;
    FileReport report;
    QVERIFY(parseLegacyStepTrace(path, trace, report));
    QCOMPARE(report.status, FileStatus::Used);
    QCOMPARE(trace.rows.size(), std::size_t(2));
    // One header-level warning: stream_9_y has no end column.
    QCOMPARE(report.warnings.size(), 1);
    QVERIFY(report.warnings.front().contains(QLatin1String("stream_9_y")));
    const auto& row = trace.rows[0];
    QCOMPARE(row.stepNum, qint64(1));
    QCOMPARE(row.tail, qint64(3));
    QCOMPARE(row.streamOps.size(), std::size_t(2));
    QCOMPARE(row.streamOps[0].name, QStringLiteral("stream_7_x"));
    QCOMPARE(row.streamOps[0].startPoint, qint64(120));
    QCOMPARE(row.streamOps[0].endPoint, qint64(170));
    QCOMPARE(row.streamOps[0].duration, qint64(50));
    QCOMPARE(row.streamOps[1].name, QStringLiteral("stream_9_y"));
    QCOMPARE(row.streamOps[1].startPoint, qint64(130));
    QCOMPARE(row.streamOps[1].endPoint, qint64(-1)); // no column
    QCOMPARE(row.streamOps[1].duration, qint64(-1)); // empty cell
    QCOMPARE(trace.rows[1].stepNum, qint64(2));
    QCOMPARE(trace.rows[1].streamOps[1].duration, qint64(40));

    // A step 0 row that is not the last row is data, not the average.
    const QString path2 = writeFile(dir, QStringLiteral("step_trace_raw_1_detail_time.csv"),
                                    "step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,"
                                    "fp_and_bp,tail\n0,1,2,1,1,2,0,1,0\n1,2,3,1,2,3,0,1,0\n");
    LegacyStepTrace trace2;
    FileReport report2;
    QVERIFY(parseLegacyStepTrace(path2, trace2, report2));
    QCOMPARE(trace2.rows.size(), std::size_t(2));
}

// ---- framework_raw ------------------------------------------------------------------------

void TstLegacyParsers::frameworkRaw_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<qint64>("sumTaskId");
    QTest::addColumn<int>("types");
    QTest::addColumn<QString>("firstFullName");
    QTest::addColumn<QString>("firstOpName");
    QTest::addColumn<QString>("firstType");
    QTest::addColumn<qint64>("firstGraphId");
    QTest::addColumn<int>("firstOpInfoChars");

    // python3:
    //   rs = rows(f); h = rs[0]
    //   name = 'kernel_name' if 'kernel_name' in h else 'op_name'
    //   typ = 'kernel_type' if 'kernel_type' in h else 'op_type'
    //   full = 'full_kernel_name' if 'full_kernel_name' in h else 'full_op_name'
    //   print(len(rs), sum(int(r['task_id']) for r in rs), len({r[typ] for r in rs}), h[full], h[name], h[typ],
    //         h.get('graph_id'), len(h['op_info']), all(json.loads(r['op_info']) for r in rs))
    QTest::newRow("run_1 (full_kernel_name, graph_id)")
        << "run_1/normal_run/profiler/framework_raw_1.csv" << qint64(81) << qint64(2659) << 29
        << "Default/InitDataSetQueue-op0" << "InitDataSetQueue-op0" << "InitDataSetQueue" << qint64(11) << 140;
    QTest::newRow("run_2 (full_op_name)") << "run_2/normal_run/profiler/framework_raw_1.csv" << qint64(105)
                                          << qint64(6293) << 21 << "Default/AssignAdd-op142" << "AssignAdd-op142"
                                          << "AssignAdd" << qint64(-1) << 265;
    QTest::newRow("profiler rank 0 (no graph_id)")
        << "profiler/framework_raw_0.csv" << qint64(4) << qint64(206076) << 2 << "Default/Cast-op6" << "Cast-op6"
        << "Cast" << qint64(-1) << 203;
    QTest::newRow("profiler rank 1") << "profiler/framework_raw_1.csv" << qint64(10) << qint64(302879) << 5
                                     << "Default/AtomicAddrClean-op104" << "AtomicAddrClean-op104"
                                     << "AtomicAddrClean" << qint64(-1) << 89;
}

void TstLegacyParsers::frameworkRaw()
{
    QFETCH(QString, file);
    QFETCH(qint64, rows);
    QFETCH(qint64, sumTaskId);
    QFETCH(int, types);
    QFETCH(QString, firstFullName);
    QFETCH(QString, firstOpName);
    QFETCH(QString, firstType);
    QFETCH(qint64, firstGraphId);
    QFETCH(int, firstOpInfoChars);

    std::vector<FrameworkOpRow> out;
    FileReport report;
    QVERIFY(parseFrameworkRaw(mindinsight(file), out, report));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY2(report.warnings.isEmpty(), qPrintable(report.warnings.join(QLatin1Char('\n'))));
    QCOMPARE(report.count(QStringLiteral("rows")), rows);
    QCOMPARE(qint64(out.size()), rows);
    qint64 taskIds = 0;
    std::set<QString> typeSet;
    for (const auto& row : out) {
        taskIds += row.taskId;
        typeSet.insert(row.opType);
        QVERIFY(row.streamId >= 0);
        QVERIFY(row.blockDim >= 1);
        QVERIFY(row.fullName.endsWith(row.opName)); // short name is the last scope part
        QVERIFY(row.opInfoJson.startsWith(QLatin1Char('{')));
    }
    QCOMPARE(taskIds, sumTaskId);
    QCOMPARE(int(typeSet.size()), types);
    QCOMPARE(out.front().fullName, firstFullName);
    QCOMPARE(out.front().opName, firstOpName);
    QCOMPARE(out.front().opType, firstType);
    QCOMPARE(out.front().subgraph, QStringLiteral("Default"));
    QCOMPARE(out.front().graphId, firstGraphId);
    // The doubled quotes of the CSV cell are undone: the length is the JSON's.
    QCOMPARE(int(out.front().opInfoJson.size()), firstOpInfoChars);
}

// ---- aicore / aicpu intermediates ---------------------------------------------------------

void TstLegacyParsers::aicoreDetail_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<double>("sumExecutionMs");
    QTest::addColumn<qint64>("sumFrequency"); // -1: no execution_frequency column
    QTest::addColumn<QString>("firstName");

    // python3:
    //   rs = rows(f)
    //   print(len(rs), round(sum(float(r['execution_time']) for r in rs), 9),
    //         sum(int(r['execution_frequency']) for r in rs) if 'execution_frequency' in rs[0] else None,
    //         list(rs[0].values())[0])
    QTest::newRow("run_1 (full_kernel_name)") << "run_1/normal_run/profiler/aicore_intermediate_1_detail.csv"
                                              << qint64(69) << 1.408963333 << qint64(205) << "Default/GetNext-op6";
    QTest::newRow("run_2 (full_op_name, no frequency)")
        << "run_2/normal_run/profiler/aicore_intermediate_1_detail.csv" << qint64(105) << 23.088095 << qint64(-1)
        << "Default/AssignAdd-op142";
    QTest::newRow("profiler (full_kernel_time typo)") << "profiler/aicore_intermediate_1_detail.csv" << qint64(10)
                                                      << 0.455873 << qint64(10) << "Default/AtomicAddrClean-op104";
}

void TstLegacyParsers::aicoreDetail()
{
    QFETCH(QString, file);
    QFETCH(qint64, rows);
    QFETCH(double, sumExecutionMs);
    QFETCH(qint64, sumFrequency);
    QFETCH(QString, firstName);

    std::vector<AicoreOpDetailRow> out;
    FileReport report;
    QVERIFY(parseAicoreDetail(mindinsight(file), out, report));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY(report.warnings.isEmpty());
    QCOMPARE(report.count(QStringLiteral("rows")), rows);
    QCOMPARE(qint64(out.size()), rows);
    double time = 0;
    qint64 frequency = 0;
    for (const auto& row : out) {
        time += row.executionTimeMs;
        frequency += row.executionFrequency;
    }
    // 1.408963333 was rounded to 9 places by the snippet.
    QVERIFY2(std::fabs(time - sumExecutionMs) < 1e-8, qPrintable(QString::number(time, 'g', 17)));
    QCOMPARE(frequency, sumFrequency < 0 ? -rows : sumFrequency);
    QCOMPARE(out.front().fullName, firstName);
}

void TstLegacyParsers::aicoreType_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<double>("sumTotalMs");
    QTest::addColumn<qint64>("sumFrequency");
    QTest::addColumn<double>("sumPercent");

    // python3:
    //   rs = rows(f); t = 'total_time' if 'total_time' in rs[0] else 'execution_time'
    //   print(len(rs), round(sum(float(r[t]) for r in rs), 9), sum(int(r['execution_frequency']) for r in rs),
    //         round(sum(float(r['percent']) for r in rs), 6))
    QTest::newRow("run_1 (kernel_type,total_time)")
        << "run_1/normal_run/profiler/aicore_intermediate_1_type.csv" << qint64(24) << 3.46535 << qint64(205) << 71.1;
    QTest::newRow("run_2 (op_type,execution_time)") << "run_2/normal_run/profiler/aicore_intermediate_1_type.csv"
                                                    << qint64(21) << 23.088095 << qint64(105) << 100.0;
    QTest::newRow("profiler") << "profiler/aicore_intermediate_1_type.csv" << qint64(5) << 1.331134 << qint64(35)
                              << 90.48;
}

void TstLegacyParsers::aicoreType()
{
    QFETCH(QString, file);
    QFETCH(qint64, rows);
    QFETCH(double, sumTotalMs);
    QFETCH(qint64, sumFrequency);
    QFETCH(double, sumPercent);

    std::vector<AicoreOpTypeRow> out;
    FileReport report;
    QVERIFY(parseAicoreType(mindinsight(file), out, report));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY(report.warnings.isEmpty());
    QCOMPARE(qint64(out.size()), rows);
    double total = 0, percent = 0;
    qint64 frequency = 0;
    for (const auto& row : out) {
        QVERIFY(!row.opType.isEmpty());
        total += row.totalTimeMs;
        percent += row.percent;
        frequency += row.executionFrequency;
    }
    QVERIFY2(std::fabs(total - sumTotalMs) < 1e-8, qPrintable(QString::number(total, 'g', 17)));
    QVERIFY2(std::fabs(percent - sumPercent) < 1e-6, qPrintable(QString::number(percent, 'g', 17)));
    QCOMPARE(frequency, sumFrequency);
}

void TstLegacyParsers::aicpuIntermediate()
{
    // python3:
    //   rs = rows('run_2/normal_run/profiler/aicpu_intermediate_1.csv')
    //   print(len(rs), round(sum(float(r['total_time']) for r in rs), 9),
    //         round(sum(float(r['dispatch_time']) for r in rs), 9), rs[-1]['run_end'])
    //   -> 5 9.694 0.524 154907920348
    std::vector<AicpuOpRow> out;
    FileReport report;
    QVERIFY(parseAicpuIntermediate(mindinsight(QStringLiteral("run_2/normal_run/profiler/aicpu_intermediate_1.csv")),
                                   out, report));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY(report.warnings.isEmpty());
    QCOMPARE(out.size(), std::size_t(5));
    QCOMPARE(report.count(QStringLiteral("rows")), qint64(5));
    double total = 0, dispatch = 0;
    for (const auto& row : out) {
        total += row.totalTimeMs;
        dispatch += row.dispatchTimeMs;
    }
    QVERIFY(std::fabs(total - 9.694) < 1e-9);
    QVERIFY(std::fabs(dispatch - 0.524) < 1e-9);
    QCOMPARE(out.front().serialNumber, qint64(1));
    QCOMPARE(out.front().opType, QStringLiteral("InitData"));
    QCOMPARE(out.back().runEnd, qint64(154907920348));
}

// ---- hccl_raw ------------------------------------------------------------------------------

void TstLegacyParsers::hcclRaw_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("steps");
    QTest::addColumn<qint64>("ops");
    QTest::addColumn<qint64>("rowLinks");
    QTest::addColumn<double>("rowLinkSizeKB");
    QTest::addColumn<qint64>("opLinks");
    QTest::addColumn<double>("opLinkSizeKB");
    QTest::addColumn<double>("sumCostMs");
    QTest::addColumn<QString>("firstOp");
    QTest::addColumn<double>("firstOpCostMs");
    QTest::addColumn<double>("firstOpWaitMs");

    // python3 (the '-' average row excluded):
    //   rs = [x for x in rows(f) if x['step_num'] != '-']
    //   ops = [json.loads(x['communication_operator_cost']) for x in rs]
    //   links = [json.loads(x['link_info']) for x in rs]
    //   first = next(iter(ops[0].items()))
    //   print(len(rs), sum(len(o) for o in ops),
    //         sum(len(t) for l in links for t in l.values()),
    //         round(sum(v[1] for l in links for t in l.values() for v in t.values()), 6),
    //         sum(len(t) for o in ops for v in o.values() for t in v[3].values()),
    //         round(sum(a[1] for o in ops for v in o.values() for t in v[3].values() for a in t.values()), 6),
    //         round(sum(float(x['communication_cost']) for x in rs), 9), first[0], first[1][1], first[1][2])
    QTest::newRow("rank 0") << "cluster_propose/hccl_raw_0.csv" << qint64(6) << qint64(500) << qint64(12)
                            << 279746.304 << qint64(937) << 279746.304 << 13.61313 << "stream_41_0_AllReduce-op4582"
                            << 0.00322 << 0.01035;
    QTest::newRow("rank 1") << "cluster_propose/hccl_raw_1.csv" << qint64(6) << qint64(500) << qint64(12)
                            << 279746.304 << qint64(937) << 279746.304 << 13.68754 << "stream_43_0_AllReduce-op4582"
                            << 0.00333 << 6e-05;
    QTest::newRow("rank 2") << "cluster_propose/hccl_raw_2.csv" << qint64(2) << qint64(500) << qint64(4)
                            << 222001.152 << qint64(984) << 222001.152 << 9.55793
                            << "stream_27_1_AllReduce-op17643" << 0.00332 << 0.029060000000000006;
    QTest::newRow("rank 3") << "cluster_propose/hccl_raw_3.csv" << qint64(2) << qint64(500) << qint64(4)
                            << 222001.152 << qint64(984) << 222001.152 << 9.57498
                            << "stream_27_1_AllReduce-op17643" << 0.00334 << 4e-05;
}

void TstLegacyParsers::hcclRaw()
{
    QFETCH(QString, file);
    QFETCH(qint64, steps);
    QFETCH(qint64, ops);
    QFETCH(qint64, rowLinks);
    QFETCH(double, rowLinkSizeKB);
    QFETCH(qint64, opLinks);
    QFETCH(double, opLinkSizeKB);
    QFETCH(double, sumCostMs);
    QFETCH(QString, firstOp);
    QFETCH(double, firstOpCostMs);
    QFETCH(double, firstOpWaitMs);

    std::vector<HcclRawRow> out;
    FileReport report;
    QVERIFY(parseHcclRaw(mindinsight(file), out, report));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY2(report.warnings.isEmpty(), qPrintable(report.warnings.join(QLatin1Char('\n'))));
    QCOMPARE(qint64(out.size()), steps);
    QCOMPARE(report.count(QStringLiteral("steps")), steps);
    QCOMPARE(report.count(QStringLiteral("ops")), ops);
    QCOMPARE(report.count(QStringLiteral("links")), rowLinks);

    qint64 opCount = 0, rowLinkCount = 0, opLinkCount = 0;
    double rowSize = 0, opSize = 0, cost = 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
        const auto& row = out[i];
        QCOMPARE(row.stepNum, qint64(i + 1));
        cost += row.communicationCostMs;
        opCount += qint64(row.ops.size());
        rowLinkCount += qint64(row.links.size());
        double opCostSum = 0;
        for (const auto& link : row.links) {
            rowSize += link.sizeKB;
            QCOMPARE(link.transport, QStringLiteral("SDMA"));
            QVERIFY(std::isnan(link.waitMs)); // SDMA has no 4th element
        }
        for (const auto& op : row.ops) {
            opCostSum += op.costMs;
            opLinkCount += qint64(op.links.size());
            for (const auto& link : op.links)
                opSize += link.sizeKB;
        }
        // The documented relation (legacy.h): the row total is the ops' sum.
        QVERIFY(std::fabs(opCostSum - row.communicationCostMs) < 1e-9);
    }
    QCOMPARE(opCount, ops);
    QCOMPARE(rowLinkCount, rowLinks);
    QCOMPARE(opLinkCount, opLinks);
    QVERIFY2(std::fabs(rowSize - rowLinkSizeKB) < 1e-6, qPrintable(QString::number(rowSize, 'g', 17)));
    QVERIFY2(std::fabs(opSize - opLinkSizeKB) < 1e-6, qPrintable(QString::number(opSize, 'g', 17)));
    QVERIFY2(std::fabs(cost - sumCostMs) < 1e-9, qPrintable(QString::number(cost, 'g', 17)));
    const auto& op = out.front().ops.front(); // file order is kept
    QCOMPARE(op.opName, firstOp);
    COMPARE_DOUBLE(op.costMs, firstOpCostMs);
    COMPARE_DOUBLE(op.waitMs, firstOpWaitMs);
    // Element meanings: bandwidth == size_KB / (time_ms / 1000).
    const auto& link = op.links.front();
    QVERIFY(std::fabs(link.bandwidthKBps - link.sizeKB / (link.timeMs / 1000)) < 1e-6 * link.bandwidthKBps);
}

void TstLegacyParsers::hcclBadJsonCellKeepsRow()
{
    QTemporaryDir dir;
    const QString path = writeFile(
        dir, QStringLiteral("hccl_raw_0.csv"),
        "step_num,communication_cost,wait_cost,link_info,communication_operator_cost\n"
        // line 2: link_info is cut JSON; the op cell is fine.
        "1,0.5,0.1,\"{\"\"1-0\"\": {\"\"SDMA\"\": [0.5, 4.0\","
        "\"{\"\"op_a\"\": [\"\"1\"\", 0.5, 0.1, {\"\"1-0\"\": {\"\"RDMA\"\": [0.5, 4.0, 8000.0, 0.25]}}]}\"\n"
        // line 3: the op cell has the wrong shape; link_info is fine.
        "2,0.6,0.2,\"{\"\"1-0\"\": {\"\"SDMA\"\": [0.6, 4.0, 6666.6]}}\",\"{\"\"op_a\"\": [\"\"2\"\", \"\"x\"\"]}\"\n"
        // line 4: both cells empty.
        "3,0.7,0.3,,\n"
        "-,0.6,0.2,{},{}\n");
    std::vector<HcclRawRow> out;
    FileReport report;
    QVERIFY(parseHcclRaw(path, out, report));
    QCOMPARE(report.status, FileStatus::Used);
    QCOMPARE(out.size(), std::size_t(3));
    QCOMPARE(report.warnings.size(), 2);
    QVERIFY2(report.warnings[0].contains(QLatin1String("line 2")) && report.warnings[0].contains(QLatin1String("link_info")),
             qPrintable(report.warnings[0]));
    QVERIFY2(report.warnings[1].contains(QLatin1String("line 3"))
                 && report.warnings[1].contains(QLatin1String("communication_operator_cost")),
             qPrintable(report.warnings[1]));

    QVERIFY(out[0].links.empty());
    QCOMPARE(out[0].ops.size(), std::size_t(1));
    QCOMPARE(out[0].ops[0].links.size(), std::size_t(1));
    QCOMPARE(out[0].ops[0].links[0].transport, QStringLiteral("RDMA"));
    QCOMPARE(out[0].ops[0].links[0].waitMs, 0.25);
    QCOMPARE(out[1].stepNum, qint64(2));
    QCOMPARE(out[1].communicationCostMs, 0.6);
    QCOMPARE(out[1].links.size(), std::size_t(1));
    QVERIFY(out[1].ops.empty());
    QVERIFY(out[2].links.empty() && out[2].ops.empty());
}

// ---- minddata_pipeline_raw ----------------------------------------------------------------

void TstLegacyParsers::minddataPipeline_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<int>("queueSamples");
    QTest::addColumn<qint64>("queueSampleSum");
    QTest::addColumn<int>("children");
    QTest::addColumn<qint64>("workers");

    // python3 (f from `find .../mindinsight -name 'minddata_pipeline_raw*'`):
    //   rs = list(csv.DictReader(open(f, newline='')))
    //   qs = [json.loads(x['output_queue_size']) if x['output_queue_size'] else [] for x in rs]
    //   ch = [json.loads(x['children_id']) if x['children_id'] else [] for x in rs]
    //   print(len(rs), sum(map(len, qs)), sum(map(sum, qs)), sum(map(len, ch)), sum(int(x['num_workers']) for x in rs))
    const QString ut = QStringLiteral("mindinsight/tests/ut/profiler/analyser/resource/");
    const QString utils = QStringLiteral("mindinsight/tests/utils/resource/");
    QTest::newRow("ut 0") << ut + "minddata_pipeline_raw_0.csv" << qint64(5) << 16 << qint64(440) << 4 << qint64(14);
    QTest::newRow("ut 1") << ut + "minddata_pipeline_raw_1.csv" << qint64(5) << 16 << qint64(600) << 4 << qint64(14);
    QTest::newRow("ut 2") << ut + "minddata_pipeline_raw_2.csv" << qint64(5) << 16 << qint64(960) << 4 << qint64(14);
    QTest::newRow("ut 3") << ut + "minddata_pipeline_raw_3.csv" << qint64(5) << 16 << qint64(160) << 4 << qint64(14);
    QTest::newRow("profiler") << utils + "profiler/minddata_pipeline_raw_0.csv" << qint64(4) << 9 << qint64(180) << 3
                              << qint64(13);
    QTest::newRow("run_1") << utils + "run_1/normal_run/profiler/minddata_pipeline_raw_1.csv" << qint64(4) << 9 << qint64(180)
                           << 3 << qint64(13);
    QTest::newRow("run_2") << utils + "run_2/normal_run/profiler/minddata_pipeline_raw_1.csv" << qint64(4) << 8 << qint64(2)
                           << 3 << qint64(28);
}

void TstLegacyParsers::minddataPipeline()
{
    QFETCH(QString, file);
    QFETCH(qint64, rows);
    QFETCH(int, queueSamples);
    QFETCH(qint64, queueSampleSum);
    QFETCH(int, children);
    QFETCH(qint64, workers);

    const QString path = profscope::test::fixture(file);
    QVERIFY2(QFileInfo::exists(path), qPrintable(path));
    std::vector<MinddataPipelineRow> out;
    FileReport report;
    QVERIFY(parseMinddataPipeline(path, out, report));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY(report.warnings.isEmpty());
    QCOMPARE(qint64(out.size()), rows);
    int samples = 0, childCount = 0;
    qint64 sampleSum = 0, workerSum = 0;
    for (const auto& row : out) {
        samples += int(row.outputQueueSizes.size());
        for (auto v : row.outputQueueSizes)
            sampleSum += v;
        childCount += int(row.childIds.size());
        workerSum += row.numWorkers;
    }
    QCOMPARE(samples, queueSamples);
    QCOMPARE(sampleSum, queueSampleSum);
    QCOMPARE(childCount, children);
    QCOMPARE(workerSum, workers);
    // Every file starts with the root op: no parent (empty cell).
    QCOMPARE(out.front().opId, qint64(0));
    QCOMPARE(out.front().parentId, qint64(-1));
    QCOMPARE(out.front().sampleInterval, qint64(10));
}

QTEST_GUILESS_MAIN(TstLegacyParsers)
#include "tst_legacyparsers.moc"
