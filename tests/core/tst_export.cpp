// SPDX-License-Identifier: Apache-2.0
// `profscope-cli export` as a user runs it.
#include "testsupport.h"

#include <QJsonArray>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace profscope;

namespace {

using Run = test::CliRun;

Run cli(const QStringList& args)
{
    return test::runProgram(QStringLiteral(PROFSCOPE_CLI), args);
}

QString level1()
{
    return test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text/level1"));
}

} // namespace

class TestExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void overviewCsv();
    void overviewJsonToFile();
    void overviewCheckAgainstTheProfiler();
    void ranklessRank();
    void ranklessRanksInAdvice();
    void usageErrors();
    void traceKind();
    void everyKind_data();
    void everyKind();
    void adviceThresholdsFile();
    void rangeKind();
    void dataPipelineAndCpu();
    void flopsKind();
    void strategyKind();
    void stepTraceKind();
    void trajectoryKind();
};

void TestExport::overviewCsv()
{
    const Run r = cli({ QStringLiteral("export"), level1(), QStringLiteral("--what"), QStringLiteral("overview") });
    QCOMPARE(r.exitCode, 0);
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 3); // header + 2 ranks
    const QList<QByteArray> header = lines[0].split(',');
    QCOMPARE(header[0], QByteArray("Rank"));
    QVERIFY(header.contains("Computing(us)"));
    QVERIFY(header.contains("Preparing(us)"));
    const int computing = int(header.indexOf("Computing(us)"));
    // step_trace_time.csv of level1/rank0 says Computing 8873.756 µs.
    const double value = lines[1].split(',')[computing].toDouble();
    QVERIFY(std::abs(value - 8873.756) < 0.1);
    const Run one = cli({ QStringLiteral("export"), level1(), QStringLiteral("--rank"), QStringLiteral("1") });
    QCOMPARE(one.out.trimmed().split('\n').size(), 2);
    QVERIFY(one.out.split('\n')[1].startsWith("1,1,"));
}

void TestExport::overviewJsonToFile()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("overview.json"));
    const Run r = cli({ QStringLiteral("export"), level1(), QStringLiteral("--format"), QStringLiteral("json"),
                        QStringLiteral("-o"), file, QStringLiteral("--step"), QStringLiteral("50") });
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.isEmpty());
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(root[QStringLiteral("what")].toString(), QStringLiteral("overview"));
    const QJsonArray rows = root[QStringLiteral("rows")].toArray();
    QCOMPARE(rows.size(), 2);
    const QJsonObject values = rows[0].toObject()[QStringLiteral("valuesNs")].toObject();
    // step_trace_time.csv level1/rank0: Communication 105991.87800000001 µs
    QVERIFY(std::abs(values[QStringLiteral("Communication")].toDouble() - 105991878.0) < 1000.0);
}

void TestExport::overviewCheckAgainstTheProfiler()
{
    const Run r = cli({ QStringLiteral("export"), test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text")),
                        QStringLiteral("--what"), QStringLiteral("overview-check") });
    QCOMPARE(r.exitCode, 0); // every value within 1% of the step
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    // 6 ranks x (9 columns of step_trace_time.csv + 4 totals of the Overlap Analysis lanes)
    QCOMPARE(lines.size(), 1 + 6 * (9 + 4));
    QVERIFY(lines[0].endsWith(",Source"));
    int fromLanes = 0;
    for (int i = 1; i < lines.size(); ++i) {
        QVERIFY(lines[i].contains(",yes,"));
        fromLanes += lines[i].endsWith(",Overlap Analysis lanes") ? 1 : 0;
    }
    QCOMPARE(fromLanes, 6 * 4);
}

void TestExport::ranklessRank()
{
    // A lone CANN database names no rank (its tasks name device 2): the rank
    // cells are empty (JSON null) and the texts name it by its place, "rank
    // #0" as the Overview's charts label it, never -1.
    QTemporaryDir dir;
    QVERIFY(QFile::copy(test::fixture(QStringLiteral("ascend-msinsight/server/src/test/test_data/full_db/msprof_0.db")),
        dir.filePath(QStringLiteral("msprof_0.db"))));
    for (const char* what : { "overview", "steps", "operators", "clock", "step-trace", "advice" }) {
        const Run r = cli({ QStringLiteral("export"), dir.path(), QStringLiteral("--what"), QLatin1String(what) });
        QCOMPARE(r.exitCode, 0);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QVERIFY2(lines.size() >= 2, what);
        QVERIFY2(!r.out.contains("-1,") && !r.out.contains("rank -1") && !r.out.contains("ranks: -1"), what);
        const int rankColumn = int(lines[0].split(',').indexOf("Rank"));
        if (rankColumn >= 0)
            for (int i = 1; i < lines.size(); ++i)
                QCOMPARE(lines[i].split(',').at(rankColumn), QByteArray());
    }
    const Run advice = cli({ QStringLiteral("export"), dir.path(), QStringLiteral("--what"), QStringLiteral("advice") });
    QVERIFY(advice.out.contains("on rank #0 ("));
    const Run json = cli({ QStringLiteral("export"), dir.path(), QStringLiteral("--format"), QStringLiteral("json") });
    const QJsonArray rows = QJsonDocument::fromJson(json.out).object()[QStringLiteral("rows")].toArray();
    QCOMPARE(rows.size(), 1);
    QVERIFY(rows[0].toObject()[QStringLiteral("rank")].isNull());
    QCOMPARE(rows[0].toObject()[QStringLiteral("device")].toInt(), 2);
}

void TestExport::traceKind()
{
    // One rank, one step of a real capture, as Chrome Trace JSON; bad ranges are usage errors.
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("trace.json"));
    const Run r = cli({ QStringLiteral("export"), level1(), QStringLiteral("--what"), QStringLiteral("trace"),
        QStringLiteral("--rank"), QStringLiteral("1"), QStringLiteral("-o"), file });
    QCOMPARE(r.exitCode, 0);
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    const QJsonArray events = root[QStringLiteral("traceEvents")].toArray();
    QVERIFY(events.size() > 1000);
    QSet<QString> processes;
    for (const QJsonValue& v : events)
        if (v.toObject()[QStringLiteral("name")].toString() == QLatin1String("process_name"))
            processes << v.toObject()[QStringLiteral("args")].toObject()[QStringLiteral("name")].toString();
    for (const QString& p : processes)
        QVERIFY2(p.startsWith(QStringLiteral("Rank 1 · ")), qPrintable(p));
    QCOMPARE(cli({ QStringLiteral("export"), level1(), QStringLiteral("--what"), QStringLiteral("trace"),
                 QStringLiteral("--steps"), QStringLiteral("9999"), QStringLiteral("-o"), file })
                 .exitCode,
        2);
    QCOMPARE(cli({ QStringLiteral("export"), level1(), QStringLiteral("--what"), QStringLiteral("trace"),
                 QStringLiteral("--rank"), QStringLiteral("7"), QStringLiteral("-o"), file })
                 .exitCode,
        2);
}

void TestExport::ranklessRanksInAdvice()
{
    // MindInsight's cluster fixture: two CANN PROF_* ranks without an id. The
    // advice's Ranks cells name them as the finding's text does ("#4"), never "?".
    const Run r = cli({ QStringLiteral("export"),
        test::fixture(QStringLiteral("mindinsight/tests/utils/resource/profiler")), QStringLiteral("--what"),
        QStringLiteral("advice"), QStringLiteral("--format"), QStringLiteral("json") });
    QCOMPARE(r.exitCode, 0);
    const QJsonArray rows = QJsonDocument::fromJson(r.out).object()[QStringLiteral("rows")].toArray();
    bool sawSpread = false;
    for (const auto& v : rows) {
        const QJsonObject row = v.toObject();
        const QString ranks = row[QStringLiteral("Ranks")].toString();
        QVERIFY2(!ranks.contains(QLatin1Char('?')), qPrintable(ranks));
        if (row[QStringLiteral("Rule Id")].toString() != QLatin1String("spread-communication"))
            continue;
        sawSpread = true;
        const QStringList names = ranks.split(QLatin1Char(';'));
        QCOMPARE(names.size(), 2);
        QVERIFY(names[0] != names[1]);
        for (const QString& name : names) {
            QVERIFY2(name.startsWith(QLatin1Char('#')), qPrintable(ranks));
            QVERIFY2(row[QStringLiteral("Finding")].toString().contains(QStringLiteral("rank ") + name),
                qPrintable(row[QStringLiteral("Finding")].toString()));
        }
    }
    QVERIFY(sawSpread);
}

void TestExport::usageErrors()
{
    QCOMPARE(cli({ QStringLiteral("export") }).exitCode, 2);
    QCOMPARE(cli({ QStringLiteral("export"), level1(), QStringLiteral("--what"), QStringLiteral("nonsense") }).exitCode, 2);
    QCOMPARE(cli({ QStringLiteral("export"), level1(), QStringLiteral("--format"), QStringLiteral("xml") }).exitCode, 2);
    QTemporaryDir empty;
    const Run r = cli({ QStringLiteral("export"), empty.path() });
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains("nothing could be loaded"));
}

void TestExport::everyKind_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<QString>("firstColumn");
    QTest::addColumn<QString>("mustHaveColumn");
    QTest::addColumn<int>("minRows");
    QTest::newRow("steps") << "steps" << QStringList {} << "Rank" << "Free(us)" << 2;
    QTest::newRow("operators") << "operators" << QStringList {} << "Rank" << "Total(us)" << 10;
    QTest::newRow("operators by name, top 5")
        << "operators" << QStringList { "--group-by", "name", "--top", "5", "--rank", "0" } << "Rank" << "Avg(us)" << 5;
    QTest::newRow("compare") << "compare" << QStringList { "--rank", "0", "--with", "1" } << "Type" << "Delta(us)" << 5;
    QTest::newRow("comm") << "comm" << QStringList {} << "Rank" << "Wait Ratio" << 2;
    QTest::newRow("matrix") << "matrix" << QStringList {} << "Src Rank" << "Bandwidth(GB/s)" << 2;
    QTest::newRow("matrix top1") << "matrix" << QStringList { "--op", "top1" } << "Src Rank" << "Ops" << 1;
    QTest::newRow("advice") << "advice" << QStringList {} << "Severity" << "Threshold" << 1;
    QTest::newRow("clock") << "clock" << QStringList {} << "Rank" << "Offset(ns)" << 2;
    QTest::newRow("memory") << "memory" << QStringList {} << "Rank" << "Peak(MB)" << 0;
    // 57 distinct APIs over the two ranks (tst_apistatmodel).
    QTest::newRow("api") << "api" << QStringList {} << "Rank" << "Total(us)" << 57;
    QTest::newRow("api rank 1") << "api" << QStringList { "--rank", "1" } << "Rank" << "Variance(us^2)" << 57;
    QTest::newRow("cluster-memory") << "cluster-memory" << QStringList {} << "Rank" << "Capacity(MB)" << 2;
    // level1 has no parallel_strategy files: the header alone.
    QTest::newRow("strategy") << "strategy" << QStringList {} << "Stage" << "Matched Kernels" << 0;
}

void TestExport::everyKind()
{
    QFETCH(QString, what);
    QFETCH(QStringList, extra);
    QFETCH(QString, firstColumn);
    QFETCH(QString, mustHaveColumn);
    QFETCH(int, minRows);
    const QStringList base { QStringLiteral("export"), level1(), QStringLiteral("--what"), what };
    const Run csv = cli(base + extra);
    QVERIFY2(csv.exitCode == 0, csv.err.constData());
    const QList<QByteArray> lines = csv.out.trimmed().split('\n');
    const QList<QByteArray> header = lines[0].split(',');
    QCOMPARE(QString::fromUtf8(header[0]), firstColumn);
    QVERIFY2(header.contains(mustHaveColumn.toUtf8()), lines[0].constData());
    QVERIFY2(lines.size() - 1 >= minRows, csv.out.constData());
    // The JSON form has the same rows.
    const Run json = cli(base + extra + QStringList { QStringLiteral("--format"), QStringLiteral("json") });
    QCOMPARE(json.exitCode, 0);
    const QJsonObject root = QJsonDocument::fromJson(json.out).object();
    QCOMPARE(root.value(QStringLiteral("rows")).toArray().size(), qsizetype(lines.size() - 1));
}

void TestExport::adviceThresholdsFile()
{
    QTemporaryDir dir;
    const QString strict = test::writeFile(dir, QStringLiteral("strict.json"), R"({"freeRatio": 0.9})");
    const Run loose = cli({ QStringLiteral("export"), level1(), QStringLiteral("--what"), QStringLiteral("advice") });
    QVERIFY(loose.out.contains("free-time"));
    const Run r = cli({ QStringLiteral("export"), level1(), QStringLiteral("--what"), QStringLiteral("advice"),
                        QStringLiteral("--thresholds"), strict });
    QCOMPARE(r.exitCode, 0);
    QVERIFY(!r.out.contains("free-time"));
    const QString bad = test::writeFile(dir, QStringLiteral("bad.json"), R"({"freeRatoi": 0.9})");
    const Run b = cli({ QStringLiteral("export"), level1(), QStringLiteral("--what"), QStringLiteral("advice"),
                        QStringLiteral("--thresholds"), bad });
    QCOMPARE(b.exitCode, 2);
    QVERIFY(b.err.contains("freeRatoi"));
}

void TestExport::rangeKind()
{
    // The issue's case, headless: the first 6.3 ms after 20 ms into step 50 of level1 rank 0,
    // against an independent clipped sum over trace_view.json.
    const QString rank0 = test::textRank(1, 0);
    const QString json = rank0 + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json");
    qint64 stepDurNs = 0;
    const qint64 stepNs = test::referenceSliceStartNs(json, QStringLiteral("ProfilerStep#50"), &stepDurNs);
    QVERIFY(stepNs > 0);
    const qint64 a = stepNs + 20'000'000;
    const qint64 b = a + 6'300'000;
    const QHash<QString, test::ReferenceRangeRow> expected = test::referenceRangeByName(json, a, b);
    const Run r = cli({ QStringLiteral("export"), rank0, QStringLiteral("--what"), QStringLiteral("range"),
        QStringLiteral("--start-ns"), QString::number(a), QStringLiteral("--end-ns"), QString::number(b),
        QStringLiteral("--group-by"), QStringLiteral("name"), QStringLiteral("--format"), QStringLiteral("json") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonArray rows = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("rows")).toArray();
    int slices = 0;
    QHash<QString, double> recomputed;
    for (const QJsonValue& v : rows) {
        const QJsonObject o = v.toObject();
        const QString name = o.value(QStringLiteral("Name")).toString();
        if (o.value(QStringLiteral("Kind")).toString() == QLatin1String("recomputed")) {
            recomputed[name] = o.value(QStringLiteral("Total(us)")).toDouble();
            continue;
        }
        if (o.value(QStringLiteral("Kind")).toString() != QLatin1String("slice"))
            continue;
        ++slices;
        QVERIFY2(expected.contains(name), qPrintable(name));
        QCOMPARE(qint64(o.value(QStringLiteral("Count")).toDouble()), expected[name].count);
        QCOMPARE(qint64(o.value(QStringLiteral("Partial")).toDouble()), expected[name].partial);
        QCOMPARE(qRound64(o.value(QStringLiteral("Total(us)")).toDouble() * 1000), expected[name].totalNs);
    }
    QCOMPARE(slices, int(expected.size()));
    QCOMPARE(qRound64((recomputed.value(QStringLiteral("Computing")) + recomputed.value(
                          QStringLiteral("Communication(Not Overlapped)")) + recomputed.value(QStringLiteral("Free")))
                 * 1000),
        b - a);

    // Per lane (the default): the CSV has a Lane column and the step as one partial row of 6.3 ms.
    const Run csv = cli({ QStringLiteral("export"), rank0, QStringLiteral("--what"), QStringLiteral("range"),
        QStringLiteral("--start-ns"), QString::number(a), QStringLiteral("--end-ns"), QString::number(b) });
    QVERIFY2(csv.exitCode == 0, csv.err.constData());
    QVERIFY(csv.out.startsWith("Rank,Kind,Name,Lane,Count,Partial,Total(us)"));
    QVERIFY2(csv.out.contains(",slice,ProfilerStep#50,"), csv.out.left(2000).constData());
    QVERIFY(csv.out.contains(",1,1,6300.000,"));
    // --step S takes the host step as the range; bad ranges are usage errors.
    QCOMPARE(cli({ QStringLiteral("export"), rank0, QStringLiteral("--what"), QStringLiteral("range"),
                     QStringLiteral("--step"), QStringLiteral("50") })
                 .exitCode,
        0);
    QCOMPARE(cli({ QStringLiteral("export"), rank0, QStringLiteral("--what"), QStringLiteral("range"),
                     QStringLiteral("--step"), QStringLiteral("7") })
                 .exitCode,
        2);
    QCOMPARE(cli({ QStringLiteral("export"), rank0, QStringLiteral("--what"), QStringLiteral("range"),
                     QStringLiteral("--start-ns"), QString::number(b), QStringLiteral("--end-ns"), QString::number(a) })
                 .exitCode,
        2);
}

// MindInsight's run_2: five ops (EpochCtrlOp 4 not drawn), ImageFolderOp 3
// flagged; the CPU file has 3 samples of 6 process/machine series + op 1's two.
void TestExport::dataPipelineAndCpu()
{
    const QString root = test::mindinsight(QStringLiteral("run_2/normal_run/profiler"));
    if (!QFileInfo::exists(root))
        QSKIP("mindinsight fixtures not found next to the repository");
    const Run csv = cli({ QStringLiteral("export"), root, QStringLiteral("--what"), QStringLiteral("data-pipeline") });
    QVERIFY2(csv.exitCode == 0, csv.err.constData());
    const QList<QByteArray> lines = csv.out.trimmed().split('\n');
    QCOMPARE(lines.size(), qsizetype(6));
    QVERIFY(lines[0].startsWith("Rank,Op Id,Op Type,Workers"));
    QVERIFY2(lines[4].startsWith("1,3,ImageFolderOp,8,2,,yes,128,"), lines[4].constData());
    QVERIFY(lines[4].trimmed().endsWith(",yes,no"));
    QVERIFY(lines[1].contains(",0.01562500,"));
    const Run json = cli({ QStringLiteral("export"), root, QStringLiteral("--what"), QStringLiteral("cpu"),
                           QStringLiteral("--format"), QStringLiteral("json") });
    QCOMPARE(json.exitCode, 0);
    const QJsonArray rows = QJsonDocument::fromJson(json.out).object().value(QStringLiteral("rows")).toArray();
    QCOMPARE(rows.size(), qsizetype(8 * 3));
    QCOMPARE(rows[0].toObject().value(QStringLiteral("Series")).toString(), QStringLiteral("device.user"));
    QCOMPARE(rows[2].toObject().value(QStringLiteral("Value(%)")).toDouble(), 30.0);
    QCOMPARE(rows[2].toObject().value(QStringLiteral("Time(ms)")).toDouble(), 30.0);
}

void TestExport::flopsKind()
{
    // MindInsight's cluster_propose: reference data-prep-flops-strategy.md §2.4.
    const Run json = cli({ QStringLiteral("export"), test::mindinsight(QStringLiteral("cluster_propose")), QStringLiteral("--what"),
                           QStringLiteral("flops"), QStringLiteral("--format"), QStringLiteral("json") });
    QVERIFY2(json.exitCode == 0, json.err.constData());
    const QJsonArray rows = QJsonDocument::fromJson(json.out).object().value(QStringLiteral("rows")).toArray();
    QCOMPARE(rows.size(), 4);
    const double flops[] = { 107146.763, 107145.034, 329608.369, 329612.4 };
    for (int i = 0; i < 4; ++i) {
        const QJsonObject r = rows[i].toObject();
        QCOMPARE(r.value(QStringLiteral("Rank")).toInt(), i);
        QCOMPARE(r.value(QStringLiteral("Stage")).toInt(), i / 2 + 1);
        QCOMPARE(r.value(QStringLiteral("FLOPs(M)")).toDouble(), flops[i]);
        QCOMPARE(QString::number(r.value(QStringLiteral("FLOPs Normalized")).toDouble(), 'f', 3),
                 QStringList({ "0.325", "0.325", "1.000", "1.000" })[i]);
        // Only stage 2's ranks carry the pipeline proposal.
        QCOMPARE(r.value(QStringLiteral("Proposal")).toString().contains(QLatin1String("50.94%")), i >= 2);
    }
    const Run csv = cli({ QStringLiteral("export"), test::mindinsight(QStringLiteral("cluster_propose")), QStringLiteral("--what"),
                          QStringLiteral("flops") });
    QCOMPARE(csv.exitCode, 0);
    QVERIFY(csv.out.startsWith("Rank,Stage,FLOPs(M),FLOPs Normalized"));
    QVERIFY2(csv.out.contains("2,2,329608.369,0.999988"), csv.out.constData());
}

void TestExport::strategyKind()
{
    // MindInsight's parallel_strategy fixture: reference data-prep-flops-strategy.md §3.3
    // (ranks 0 and 1 in stage 0; GetNext-op767 -> Conv2D-op2; Conv2D's gen_strategy
    // [[2, 1, 1, 1], [1, 1, 1, 1]]; GetNext's shapes [[32, 3, 224, 224], [32]]).
    const QString root = test::mindinsight(QStringLiteral("parallel_strategy"));
    const Run json = cli({ QStringLiteral("export"), root, QStringLiteral("--what"), QStringLiteral("strategy"),
                           QStringLiteral("--format"), QStringLiteral("json") });
    QVERIFY2(json.exitCode == 0, json.err.constData());
    const QJsonArray rows = QJsonDocument::fromJson(json.out).object().value(QStringLiteral("rows")).toArray();
    QCOMPARE(rows.size(), 4); // 2 ranks x 2 ops
    for (int i = 0; i < 4; ++i) {
        const QJsonObject r = rows[i].toObject();
        QCOMPARE(r.value(QStringLiteral("Stage")).toInt(), 0);
        QCOMPARE(r.value(QStringLiteral("Rank")).toInt(), i / 2);
        QCOMPARE(r.value(QStringLiteral("Node Id")).toString(), QString::number(i % 2 + 1));
        QCOMPARE(r.value(QStringLiteral("Matched Kernels")).toInt(), 0);
    }
    const QJsonObject getNext = rows[0].toObject();
    QCOMPARE(getNext.value(QStringLiteral("Name")).toString(), QStringLiteral("Default/GetNext-op767"));
    QCOMPARE(getNext.value(QStringLiteral("Outputs")).toString(), QStringLiteral("2"));
    QCOMPARE(getNext.value(QStringLiteral("Output Shape")).toString(), QStringLiteral("[[32, 3, 224, 224], [32]]"));
    QCOMPARE(getNext.value(QStringLiteral("Strategy")).toString(), QString());
    const QJsonObject conv = rows[1].toObject();
    QCOMPARE(conv.value(QStringLiteral("Type")).toString(), QStringLiteral("Conv2D"));
    QCOMPARE(conv.value(QStringLiteral("Strategy")).toString(), QStringLiteral("[[2, 1, 1, 1], [1, 1, 1, 1]]"));
    QCOMPARE(conv.value(QStringLiteral("Strategy Source")).toString(), QStringLiteral("gen_strategy"));
    QCOMPARE(conv.value(QStringLiteral("Inputs")).toString(), QStringLiteral("1")); // "1000" names nothing
    const Run csv = cli({ QStringLiteral("export"), root, QStringLiteral("--what"), QStringLiteral("strategy"),
                          QStringLiteral("--rank"), QStringLiteral("1") });
    QCOMPARE(csv.exitCode, 0);
    const QList<QByteArray> lines = csv.out.trimmed().split('\n');
    QCOMPARE(lines.size(), qsizetype(3));
    QVERIFY(lines[0].startsWith("Stage,Rank,Node Id,Name,Type,Instance Type,Strategy"));
    QVERIFY2(lines[2].startsWith("0,1,2,Default/conv1-Conv2d/Conv2D-op2,Conv2D,,\"[[2, 1, 1, 1], [1, 1, 1, 1]]\",gen_strategy,1,"),
             lines[2].constData());
}

void TestExport::stepTraceKind()
{
    // run_1 step 2 (second data row of step_trace_raw_1_detail_time.csv):
    // start 43835277665, fp 43835298746, bp 43847098504, end 43855846023 ticks of 10 ns.
    const QString root = test::mindinsight(QStringLiteral("run_1/normal_run/profiler"));
    const Run json = cli({ QStringLiteral("export"), root, QStringLiteral("--what"), QStringLiteral("step-trace"),
        QStringLiteral("--step"), QStringLiteral("2"), QStringLiteral("--format"), QStringLiteral("json") });
    QVERIFY2(json.exitCode == 0, json.err.constData());
    const QJsonArray rows = QJsonDocument::fromJson(json.out).object().value(QStringLiteral("rows")).toArray();
    QCOMPARE(rows.size(), 14); // gap, FP+BP, tail, 11 stream ops
    const QJsonObject fpBp = rows[1].toObject();
    QCOMPARE(fpBp.value(QStringLiteral("Kind")).toString(), QStringLiteral("fp_bp"));
    QCOMPARE(fpBp.value(QStringLiteral("Start(us)")).toDouble(), (43835298746.0 - 43835277665.0) / 100);
    QCOMPARE(fpBp.value(QStringLiteral("Duration(us)")).toDouble(), (43847098504.0 - 43835298746.0) / 100);
    QCOMPARE(fpBp.value(QStringLiteral("Step Duration(us)")).toDouble(), (43855846023.0 - 43835277665.0) / 100);
    // Every step, then the average: 322 × 14 rows at most (an op that did not run is left out) + the average's.
    const Run all = cli({ QStringLiteral("export"), root, QStringLiteral("--what"), QStringLiteral("step-trace") });
    QCOMPARE(all.exitCode, 0);
    QVERIFY(all.out.startsWith("Rank,Step,Stage,Kind,Start(us)"));
    QVERIFY(all.out.contains("\n1,average,fp_bp,fp_bp,"));
    QVERIFY(all.out.contains("\n1,322,tail,tail,"));
}

void TestExport::trajectoryKind()
{
    // cluster_propose: pipeline-parallel, 2 stages of 2 ranks; step 1 of rank 2
    // from its files: iteration_interval 0, computation_time 122.7529 ms.
    const QString root = test::mindinsight(QStringLiteral("cluster_propose"));
    const Run json = cli({ QStringLiteral("export"), root, QStringLiteral("--what"), QStringLiteral("trajectory"),
        QStringLiteral("--step"), QStringLiteral("1"), QStringLiteral("--format"), QStringLiteral("json") });
    QVERIFY2(json.exitCode == 0, json.err.constData());
    const QJsonArray rows = QJsonDocument::fromJson(json.out).object().value(QStringLiteral("rows")).toArray();
    QCOMPARE(rows.size(), 4);
    const QJsonObject r2 = rows[2].toObject();
    QCOMPARE(r2.value(QStringLiteral("Rank")).toInt(), 2);
    QCOMPARE(r2.value(QStringLiteral("Stage")).toInt(), 2);
    QCOMPARE(r2.value(QStringLiteral("Computation(us)")).toDouble(), 122752.9);
    QCOMPARE(r2.value(QStringLiteral("Parallel Mode")).toString(), QStringLiteral("pipeline-parallel"));
    QCOMPARE(r2.value(QStringLiteral("Slow Device")).toBool(), false);
    const Run csv = cli({ QStringLiteral("export"), root, QStringLiteral("--what"), QStringLiteral("trajectory") });
    QCOMPARE(csv.exitCode, 0);
    QVERIFY2(csv.out.startsWith("Rank,Host,Stage,Steps,Step(us),Step Gap(us),Receive Alone(us),Stage(us)"),
        csv.out.constData());
}

QTEST_GUILESS_MAIN(TestExport)
#include "tst_export.moc"
