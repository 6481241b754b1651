// SPDX-License-Identifier: Apache-2.0
// `profscope-cli inspect` as a user runs it: exit codes, text and JSON.
#include "testsupport.h"

#include <QJsonArray>
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

} // namespace

class TestInspect : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void jsonOnRealRanks();
    void textOnRealRanks();
    void oldMindInsightFilesAreUsed();
    void nothingLoadable_data();
    void nothingLoadable();
    void helpAndVersion();
};

void TestInspect::jsonOnRealRanks()
{
    const Run r = cli({ QStringLiteral("inspect"), test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text/level2")),
                        QStringLiteral("--json") });
    QCOMPARE(r.exitCode, 0);
    QJsonParseError error;
    const QJsonObject root = QJsonDocument::fromJson(r.out, &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    const QJsonArray ranks = root[QStringLiteral("ranks")].toArray();
    QCOMPARE(ranks.size(), 2);
    const QJsonObject r1 = ranks[1].toObject();
    QCOMPARE(r1[QStringLiteral("rankId")].toInt(), 1);
    // python (level2/rank1 trace_view.json): X 4816, C 4584, M 80, s 606, f 611
    const QJsonObject phases = r1[QStringLiteral("eventsByPhase")].toObject();
    QCOMPARE(phases[QStringLiteral("X")].toInt(), 4816);
    QCOMPARE(phases[QStringLiteral("C")].toInt(), 4584);
    QCOMPARE(phases[QStringLiteral("f")].toInt(), 611);
    QCOMPARE(r1[QStringLiteral("slicesPerProcess")].toObject()[QStringLiteral("CANN")].toInt(), 1139);
    QCOMPARE(r1[QStringLiteral("flowsPerCategory")].toObject()[QStringLiteral("HostToDevice")].toInt(), 215);
    QCOMPARE(r1[QStringLiteral("kernels")].toInt(), 191);
    QCOMPARE(r1[QStringLiteral("steps")].toInt(), 1);
    QCOMPARE(root[QStringLiteral("fileTotals")].toObject()[QStringLiteral("broken")].toInt(), 0);
    QCOMPARE(root[QStringLiteral("files")].toArray().size(), 28);
}

void TestInspect::textOnRealRanks()
{
    const Run r = cli({ QStringLiteral("inspect"), test::dbRank(0, 1) });
    QCOMPARE(r.exitCode, 0); // a DB-only rank reads like its text twin
    QVERIFY(r.out.contains("database export only"));
    QVERIFY(r.out.contains("ascend_pytorch_profiler_1.db"));
    QVERIFY(r.out.contains("kernels 191"));
    QVERIFY(r.out.contains("feeds: timeline, kernel table, memory data")); // which file fed which data
    QVERIFY(r.out.contains("TASK=550"));
    const Run ok = cli({ QStringLiteral("inspect"), test::mindinsight(QStringLiteral("cluster_propose")) });
    QCOMPARE(ok.exitCode, 0);
    QVERIFY(ok.out.contains("Ranks: 4"));
    QVERIFY(ok.out.contains("legacy steps 5"));
}

void TestInspect::oldMindInsightFilesAreUsed()
{
    // Every file of run_1 is read (14 files: ls | wc -l); the step trace's
    // companions and the timeline summary are shown as the files state them
    // (cat step_trace_point_info.json min_cycle_counter_1.txt timeline_summary_1.json).
    const QString run1 = test::mindinsight(QStringLiteral("run_1/normal_run/profiler"));
    const Run r = cli({ QStringLiteral("inspect"), run1 });
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("Files: 14 used, 0 skipped, 0 broken"), r.out.constData());
    QVERIFY(!r.out.contains("not read by this version"));
    QVERIFY(r.out.contains("step trace points: FP starts at Default/Cast-op6, BP ends at Default/TransData-op7"));
    QVERIFY(r.out.contains("device counter at trace time 0: 43806841592 ticks"));
    QVERIFY(r.out.contains("timeline summary: 2817 op executions, 11 streams, 199 ops, 1771.383 ms of op time"));
    QVERIFY(r.out.contains("same 2817 ops as timeline_display_1.json"));
    QVERIFY(r.out.contains("slices in Step Trace: 1287")); // 322 steps + 322 FP+BP + 322 tails + 321 intervals
    const Run json = cli({ QStringLiteral("inspect"), QStringLiteral("--json"), run1 });
    QCOMPARE(json.exitCode, 0);
    const QJsonObject root = QJsonDocument::fromJson(json.out).object();
    const QJsonObject legacy = root.value(QStringLiteral("ranks")).toArray().at(0).toObject().value(QStringLiteral("legacy")).toObject();
    QCOMPARE(legacy.value(QStringLiteral("minCycleCounterTicks")).toDouble(), 43806841592.0);
    QCOMPARE(legacy.value(QStringLiteral("stepTracePoints")).toObject().value(QStringLiteral("bpEnd")).toString(),
             QStringLiteral("Default/TransData-op7"));
    QCOMPARE(legacy.value(QStringLiteral("timelineSummary")).toObject().value(QStringLiteral("opExeTimes")).toDouble(), 2817.0);
}

void TestInspect::nothingLoadable_data()
{
    QTest::addColumn<QString>("what");
    QTest::newRow("missing path") << "missing";
    QTest::newRow("empty folder") << "empty";
    QTest::newRow("only garbage") << "garbage";
}

void TestInspect::nothingLoadable()
{
    QFETCH(QString, what);
    QTemporaryDir dir;
    QString path = dir.path();
    if (what == QLatin1String("missing"))
        path = dir.filePath(QStringLiteral("does-not-exist"));
    if (what == QLatin1String("garbage"))
        test::writeFile(dir, QStringLiteral("x_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json"), "\x01\x02 not json");
    const Run r = cli({ QStringLiteral("inspect"), path });
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains("nothing could be loaded"), r.err.constData());
    if (what == QLatin1String("garbage")) {
        QVERIFY(r.out.contains("[broken ]"));
        QVERIFY(r.out.contains("trace_view.json"));
    }
}

void TestInspect::helpAndVersion()
{
    Run r = cli({ QStringLiteral("--version") });
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.startsWith("profscope-cli "));
    r = cli({ QStringLiteral("inspect"), QStringLiteral("--help") });
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("--json"));
    r = cli({ QStringLiteral("frobnicate") });
    QCOMPARE(r.exitCode, 2);
}

QTEST_GUILESS_MAIN(TestInspect)
#include "tst_inspect.moc"
