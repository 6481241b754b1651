// SPDX-License-Identifier: Apache-2.0
// The old MindInsight files that come with the timeline (min_cycle_counter,
// step_trace_point_info, timeline_summary, output_timeline_data,
// output_op_compute_time(_detail)): their parsers, and what they add to a
// loaded rank (the Step Trace lane, lanes built from output_timeline_data,
// MindInsight's lane names, the cross-checks in the import report).
//
// Expected values were computed independently with python3 over the fixture
// files (the snippet sits beside the data), never with this code:
//   from decimal import Decimal; import csv, json
//   R = '.../mindinsight/tests/utils/resource/'
//   ns = lambda ms: int(Decimal(ms) * 1000000)
//   otd = lambda f: [l.rstrip('\r\n').split(',') for l in open(R + f) if not l.startswith('op_name')]

#include "load/legacytimeline.h"
#include "load/profileloader.h"
#include "parse/legacytimelineparsers.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <set>

using namespace profscope;
using profscope::test::mindinsight;
using profscope::test::writeFile;

namespace {

const QString kRun1 = QStringLiteral("run_1/normal_run/profiler/");
const QString kRun2 = QStringLiteral("run_2/normal_run/profiler/");

const ProcessTrack* process(const TraceData& trace, const QString& name)
{
    for (const ProcessTrack& p : trace.processes)
        if (p.name == name)
            return &p;
    return nullptr;
}

qint64 sliceCount(const ProcessTrack& p)
{
    qint64 n = 0;
    for (const ThreadTrack& t : p.threads)
        n += qint64(t.slices.size());
    return n;
}

// Slices of one name on a thread, in time order.
std::vector<std::pair<TimeNs, TimeNs>> slicesNamed(const TraceData& trace, const ThreadTrack& t, const char* name)
{
    std::vector<std::pair<TimeNs, TimeNs>> out;
    for (std::size_t i = 0; i < t.slices.size(); ++i)
        if (trace.strings.view(t.slices.name[i]) == name)
            out.emplace_back(t.slices.startNs[i], t.slices.durNs[i]);
    return out;
}

// The data lines of a file, counted here without the parser: the header
// and empty lines are not ops.
qint64 dataLines(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    qint64 n = 0;
    while (!f.atEnd()) {
        const QByteArray line = f.readLine().trimmed();
        if (!line.isEmpty() && !line.startsWith("op_name"))
            ++n;
    }
    return n;
}

std::shared_ptr<const RankData> onlyRank(const ProfilePtr& profile)
{
    return profile && profile->ranks.size() == 1 ? profile->ranks.front() : nullptr;
}

} // namespace

class TstLegacyTimeline : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void minCycleCounter_data();
    void minCycleCounter();
    void stepTracePointInfo_data();
    void stepTracePointInfo();
    void timelineSummary_data();
    void timelineSummary();
    void outputTimelineData_data();
    void outputTimelineData();
    void opComputeTime_data();
    void opComputeTime();
    void opComputeTimeDetail_data();
    void opComputeTimeDetail();
    void aicpuPreprocess();
    void corruptInput_data();
    void corruptInput();

    void run1StepTraceLane();
    void run1LaneNamesAndCounts();
    void run1Reports();
    void timelineFromOutputTimelineData();
    void run2OriginFromOutputTimelineData();
    void summaryDisagreementIsWarned();
    void opComputeTimesAgreeWithIntermediates();
    void opComputeTimesFillMissingIntermediates();
    void run2WithoutDisplay();
    void pointInfoGoesToEveryRankOfTheFolder();
};

void TstLegacyTimeline::initTestCase()
{
    if (!QFileInfo(mindinsight(kRun1)).isDir())
        QSKIP("mindinsight fixtures not found next to the repository");
}

// ---- parsers -------------------------------------------------------------------------------

void TstLegacyTimeline::minCycleCounter_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("ticks");
    // cat min_cycle_counter_1.txt -> 43806841592.0
    QTest::newRow("run_1") << kRun1 + "min_cycle_counter_1.txt" << qint64(43806841592);
}

void TstLegacyTimeline::minCycleCounter()
{
    QFETCH(QString, file);
    QFETCH(qint64, ticks);
    qint64 out = -1;
    FileReport report;
    QVERIFY(parseMinCycleCounter(mindinsight(file), out, report));
    QCOMPARE(report.status, FileStatus::Used);
    QCOMPARE(out, ticks);
}

void TstLegacyTimeline::stepTracePointInfo_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("fp");
    QTest::addColumn<QString>("bp");
    // cat step_trace_point_info.json
    QTest::newRow("run_1") << kRun1 + "step_trace_point_info.json" << "Default/Cast-op6" << "Default/TransData-op7";
    QTest::newRow("run_2") << kRun2 + "step_trace_point_info.json" << "Default/EndOfSequence-op131"
                           << "Default/AssignAdd-op138";
}

void TstLegacyTimeline::stepTracePointInfo()
{
    QFETCH(QString, file);
    QFETCH(QString, fp);
    QFETCH(QString, bp);
    LegacyStepTracePoints out;
    FileReport report;
    QVERIFY(parseStepTracePointInfo(mindinsight(file), out, report));
    QCOMPARE(out.fpStart, fp);
    QCOMPARE(out.bpEnd, bp);
    QVERIFY(report.warnings.isEmpty());
}

void TstLegacyTimeline::timelineSummary_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<double>("totalUs");
    QTest::addColumn<qint64>("streams");
    QTest::addColumn<qint64>("ops");
    QTest::addColumn<qint64>("executions");
    // cat timeline_summary_1.json / ascend_timeline_summary_1.json
    QTest::newRow("run_1") << kRun1 + "timeline_summary_1.json" << 1771382.849999995 << qint64(11) << qint64(199)
                           << qint64(2817);
    QTest::newRow("run_2 ascend_") << kRun2 + "ascend_timeline_summary_1.json" << 23147.013999999992 << qint64(2)
                                   << qint64(213) << qint64(112);
    QTest::newRow("gpu_") << "profiler/gpu_timeline_summary_0.json" << 3875.638703999999 << qint64(1) << qint64(66)
                          << qint64(66);
}

void TstLegacyTimeline::timelineSummary()
{
    QFETCH(QString, file);
    QFETCH(double, totalUs);
    QFETCH(qint64, streams);
    QFETCH(qint64, ops);
    QFETCH(qint64, executions);
    LegacyTimelineSummary out;
    FileReport report;
    QVERIFY(parseTimelineSummary(mindinsight(file), out, report));
    QVERIFY(out.present);
    QCOMPARE(out.totalTimeUs, totalUs);
    QCOMPARE(out.numOfStreams, streams);
    QCOMPARE(out.numOfOps, ops);
    QCOMPARE(out.opExeTimes, executions);
}

void TstLegacyTimeline::outputTimelineData_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<QString>("firstName");
    QTest::addColumn<qint64>("firstStream");
    QTest::addColumn<qint64>("firstStartNs");
    QTest::addColumn<qint64>("firstDurNs");
    QTest::addColumn<qint64>("sumDurNs");
    QTest::addColumn<int>("streams");
    // r = otd(f); print(len(r), r[0], ns(r[0][2]), ns(r[0][3]), sum(ns(x[3]) for x in r), len({x[1] for x in r}))
    QTest::newRow("run_1") << kRun1 + "output_timeline_data_1.txt" << qint64(2817) << "Default/AssignAdd-op414"
                           << qint64(519) << qint64(438068415920) << qint64(2660) << qint64(1771382850) << 11;
    QTest::newRow("run_2") << kRun2 + "output_timeline_data_1.txt" << qint64(107) << "Default/AssignAdd-op142"
                           << qint64(519) << qint64(154907895959560) << qint64(3100) << qint64(23137320) << 1;
}

void TstLegacyTimeline::outputTimelineData()
{
    QFETCH(QString, file);
    QFETCH(qint64, rows);
    QFETCH(QString, firstName);
    QFETCH(qint64, firstStream);
    QFETCH(qint64, firstStartNs);
    QFETCH(qint64, firstDurNs);
    QFETCH(qint64, sumDurNs);
    QFETCH(int, streams);
    std::vector<LegacyTimelineOp> out;
    FileReport report;
    QVERIFY(parseOutputTimelineData(mindinsight(file), out, report));
    QCOMPARE(qint64(out.size()), rows);
    QCOMPARE(qint64(out.size()), dataLines(mindinsight(file)));
    QCOMPARE(out.front().fullName, firstName);
    QCOMPARE(out.front().streamId, firstStream);
    QCOMPARE(out.front().startNs, firstStartNs);
    QCOMPARE(out.front().durNs, firstDurNs);
    qint64 sum = 0;
    std::set<qint64> ids;
    for (const auto& op : out) {
        sum += op.durNs;
        ids.insert(op.streamId);
    }
    QCOMPARE(sum, sumDurNs);
    QCOMPARE(int(ids.size()), streams);
}

void TstLegacyTimeline::opComputeTime_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("ops");
    QTest::addColumn<QString>("lastName");
    QTest::addColumn<double>("lastMs");
    QTest::addColumn<qint64>("lastStream");
    QTest::addColumn<double>("totalMs");
    // lines = open(R + f).read().split('\n'); ops = [l.split() for l in lines[3:] if l.strip() and not l.startswith('total')]
    QTest::newRow("run_1") << kRun1 + "output_op_compute_time_1.txt" << 199
                           << "Default/network-TrainStepWrap/optimizer_d-Adam/Adam-op202" << 0.08427071428571428
                           << qint64(541) << 126.43631757142849;
    QTest::newRow("run_2") << kRun2 + "output_op_compute_time_1.txt" << 105 << QString() << 0.0 << qint64(-1)
                           << 23.088094999999996;
}

void TstLegacyTimeline::opComputeTime()
{
    QFETCH(QString, file);
    QFETCH(int, ops);
    QFETCH(QString, lastName);
    QFETCH(double, lastMs);
    QFETCH(qint64, lastStream);
    QFETCH(double, totalMs);
    LegacyOpComputeTimes out;
    FileReport report;
    QVERIFY(parseOpComputeTime(mindinsight(file), out, report));
    QCOMPARE(int(out.ops.size()), ops);
    QCOMPARE(out.totalTimeMs, totalMs);
    if (!lastName.isEmpty()) {
        QCOMPARE(out.ops.back().fullName, lastName);
        QCOMPARE(out.ops.back().avgTimeMs, lastMs);
        QCOMPARE(out.ops.back().streamId, lastStream);
        QCOMPARE(out.ops.back().executionFrequency, qint64(-1));
    }
}

void TstLegacyTimeline::opComputeTimeDetail_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("reports");
    QTest::addColumn<int>("types");
    QTest::addColumn<QString>("firstType");
    QTest::addColumn<double>("firstTypeMs");
    QTest::addColumn<qint64>("firstTypeCalls");
    QTest::addColumn<int>("details");
    QTest::addColumn<QString>("firstOp");
    QTest::addColumn<QString>("firstOpFullName");
    // blocks = open(R + f).read().split('=' * 20 + 'op compute time' + '=' * 20); b = blocks[-1].split('Detail:')
    // types = [l.split() for l in b[0].split('\n') if l.strip()][2:]  (header, rule)
    // det = [l.split() for l in b[1].split('\n') if l.strip()][2:]
    // run_1 holds three reports one after the other; the last one is read.
    QTest::newRow("run_1 (3 reports, no full names)")
        << kRun1 + "output_op_compute_time_detail_1.txt" << 3 << 29 << "UnsortedSegmentSum" << 44.6078 << qint64(2)
        << 199 << "UnsortedSegmentSum-op199" << QString();
    // run_2 has no rule lines and a fifth column, full_op_name.
    QTest::newRow("run_2 (full names)") << kRun2 + "output_op_compute_time_detail_1.txt" << 1 << 21 << "AssignAdd"
                                        << 0.00492 << qint64(3) << 105 << "AssignAdd-op142" << "Default/AssignAdd-op142";
}

void TstLegacyTimeline::opComputeTimeDetail()
{
    QFETCH(QString, file);
    QFETCH(int, reports);
    QFETCH(int, types);
    QFETCH(QString, firstType);
    QFETCH(double, firstTypeMs);
    QFETCH(qint64, firstTypeCalls);
    QFETCH(int, details);
    QFETCH(QString, firstOp);
    QFETCH(QString, firstOpFullName);
    LegacyOpComputeTimes out;
    FileReport report;
    QVERIFY(parseOpComputeTimeDetail(mindinsight(file), out, report));
    QCOMPARE(int(out.types.size()), types);
    QCOMPARE(out.types.front().opType, firstType);
    QCOMPARE(out.types.front().timePerStepMs, firstTypeMs);
    QCOMPARE(out.types.front().callsPerStep, firstTypeCalls);
    QCOMPARE(int(out.details.size()), details);
    QCOMPARE(out.details.front().opName, firstOp);
    QCOMPARE(out.details.front().fullName, firstOpFullName);
    QCOMPARE(report.count(QStringLiteral("skippedRows")), qint64(-1));
    // Several reports in one file are said, once.
    const bool warned = report.warnings.join(QLatin1Char('\n')).contains(QStringLiteral("holds %1 reports").arg(reports));
    QCOMPARE(warned, reports > 1);
}

void TstLegacyTimeline::aicpuPreprocess()
{
    // output_data_preprocess_aicpu_1.txt: 5 data lines (serials 1-5), then "AI CPU Total
    // Time(ms): 9.694000". Line 1 after the header: "1 InitData 7.906 0.15 154901853050
    // 154901853210" (no execution_time column).
    std::vector<AicpuOpRow> out;
    FileReport report;
    QVERIFY(parseAicpuPreprocess(mindinsight(kRun2 + "output_data_preprocess_aicpu_1.txt"), out, report));
    QCOMPARE(out.size(), std::size_t(5));
    QCOMPARE(out.front().serialNumber, qint64(1));
    QCOMPARE(out.front().opType, QStringLiteral("InitData"));
    QCOMPARE(out.front().totalTimeMs, 7.906);
    QCOMPARE(out.front().dispatchTimeMs, 0.15);
    QVERIFY(std::isnan(out.front().executionTimeMs));
    QCOMPARE(out.front().runStart, qint64(154901853050));
    QCOMPARE(out.front().runEnd, qint64(154901853210));
    QCOMPARE(out.back().opType, QStringLiteral("EndOfSequence"));
    QCOMPARE(report.count(QStringLiteral("skippedRows")), qint64(-1));
    QVERIFY(report.warnings.isEmpty());
}

void TstLegacyTimeline::corruptInput_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("expect"); // in the reason (Broken) or a warning (ok)

    QTest::newRow("counter garbage") << "counter" << "min_cycle_counter_0.txt" << QByteArray("12abc\n") << false
                                     << "min_cycle_counter_0.txt:1: \"12abc\" is not a device counter value";
    QTest::newRow("counter empty") << "counter" << "min_cycle_counter_0.txt" << QByteArray("\n\n") << false
                                   << "no counter value";
    QTest::newRow("counter inf") << "counter" << "min_cycle_counter_0.txt" << QByteArray("inf") << true
                                 << "the profiler saw no device counter";
    QTest::newRow("counter binary") << "counter" << "min_cycle_counter_0.txt" << QByteArray("4\0 2", 4) << false
                                    << "NUL byte";
    QTest::newRow("points none") << "points" << "step_trace_point_info.json" << QByteArray("{\"a\": 1}") << false
                                 << "neither \"fp_start\" nor \"bp_end\"";
    QTest::newRow("points array") << "points" << "step_trace_point_info.json" << QByteArray("[1, 2]") << false
                                  << "step_trace_point_info.json";
    QTest::newRow("points half") << "points" << "step_trace_point_info.json" << QByteArray("{\"fp_start\": \"A\", \"bp_end\": 3}")
                                 << true << "\"bp_end\" is missing or not an op name";
    QTest::newRow("summary none") << "summary" << "timeline_summary_0.json" << QByteArray("{\"x\": 1}") << false
                                  << "none of the keys total_time";
    QTest::newRow("summary bad count") << "summary" << "timeline_summary_0.json"
                                       << QByteArray("{\"num_of_streams\": \"many\", \"op_exe_times\": 3}") << true
                                       << "\"num_of_streams\" is not a count";
    QTest::newRow("summary truncated") << "summary" << "timeline_summary_0.json" << QByteArray("{\"total_time\": 1")
                                       << false << "timeline_summary_0.json";
    QTest::newRow("timeline data no columns") << "timeline" << "output_timeline_data_0.txt" << QByteArray("a,b\n1,2\n")
                                              << false << "op_name";
    QTest::newRow("timeline data bad start")
        << "timeline" << "output_timeline_data_0.txt"
        << QByteArray("op_name, stream_id, start_time(ms), duration(ms)\nA,1,x,0.1\nB,1,2.5,0.1\n") << true
        << "line 2";
    QTest::newRow("compute time bad row") << "compute" << "output_op_compute_time_0.txt"
                                          << QByteArray("op_name compute_time(ms) stream_id\nA 0.5 1\nB x 1\n") << true
                                          << "output_op_compute_time_0.txt:3: \"B x 1\"";
    QTest::newRow("compute time nothing") << "compute" << "output_op_compute_time_0.txt" << QByteArray("hello\n")
                                          << false << "no usable record";
    QTest::newRow("aicpu repeated serial")
        << "aicpu" << "output_data_preprocess_aicpu_0.txt"
        << QByteArray("serial_number node_type_name total_time(ms) dispatch_time(ms) run_start run_end\n"
                      "1 GetNext 0.5 0.1 10 20\n1 GetNext 0.5 0.1 10 20\nAI CPU Total Time(ms): 0.5\n")
        << true << "output_data_preprocess_aicpu_0.txt:3: serial number 1 appears again";
    QTest::newRow("aicpu short row") << "aicpu" << "output_data_preprocess_aicpu_0.txt"
                                     << QByteArray("serial_number node_type_name total_time(ms) run_start run_end\n"
                                                   "1 GetNext 0.5 10 20\n2 GetNext 0.5\n")
                                     << true << "does not match the header's 5 columns";
    QTest::newRow("aicpu no header") << "aicpu" << "output_data_preprocess_aicpu_0.txt"
                                     << QByteArray("1 GetNext 0.5 0.1 10 20\n") << false << "no \"serial_number";
    QTest::newRow("detail stray line") << "detail" << "output_op_compute_time_detail_0.txt"
                                       << QByteArray("stray\noptype_name compute_time(ms, per-step) called_times(per-step) "
                                                     "percent\nMul 0.5 2 10\n")
                                       << true << "outside both tables";
}

void TstLegacyTimeline::corruptInput()
{
    QFETCH(QString, kind);
    QFETCH(QString, name);
    QFETCH(QByteArray, bytes);
    QFETCH(bool, ok);
    QFETCH(QString, expect);
    QTemporaryDir dir;
    const QString path = writeFile(dir, name, bytes);
    FileReport report;
    bool result = false;
    if (kind == QLatin1String("counter")) {
        qint64 ticks = -1;
        result = parseMinCycleCounter(path, ticks, report);
        if (ok)
            QCOMPARE(ticks, qint64(-1)); // inf: no counter
    } else if (kind == QLatin1String("points")) {
        LegacyStepTracePoints points;
        result = parseStepTracePointInfo(path, points, report);
    } else if (kind == QLatin1String("summary")) {
        LegacyTimelineSummary s;
        result = parseTimelineSummary(path, s, report);
    } else if (kind == QLatin1String("timeline")) {
        std::vector<LegacyTimelineOp> ops;
        result = parseOutputTimelineData(path, ops, report);
        if (ok)
            QCOMPARE(ops.size(), std::size_t(1)); // the bad row is skipped, the good one kept
    } else if (kind == QLatin1String("compute")) {
        LegacyOpComputeTimes t;
        result = parseOpComputeTime(path, t, report);
        if (ok)
            QCOMPARE(t.ops.size(), std::size_t(1));
    } else if (kind == QLatin1String("aicpu")) {
        std::vector<AicpuOpRow> rows;
        result = parseAicpuPreprocess(path, rows, report);
        if (ok)
            QCOMPARE(rows.size(), std::size_t(1));
    } else {
        LegacyOpComputeTimes t;
        result = parseOpComputeTimeDetail(path, t, report);
        if (ok)
            QCOMPARE(t.types.size(), std::size_t(1));
    }
    QCOMPARE(result, ok);
    QCOMPARE(report.status, ok ? FileStatus::Used : FileStatus::Broken);
    const QString said = report.reason + QLatin1Char('\n') + report.warnings.join(QLatin1Char('\n'));
    QVERIFY2(said.contains(expect), qPrintable(said));
}

// ---- loaded ranks --------------------------------------------------------------------------

void TstLegacyTimeline::run1StepTraceLane()
{
    const auto rank = onlyRank(ProfileLoader::load({ mindinsight(kRun1) }));
    QVERIFY(rank);
    const TraceData& trace = rank->trace;
    const ProcessTrack* lane = process(trace, QString::fromLatin1(kLegacyStepTraceProcess));
    QVERIFY(lane);
    QCOMPARE(trace.processes.front().name, lane->name); // on top, as MindInsight's Steps lane
    QCOMPARE(lane->threads.size(), std::size_t(1));
    const ThreadTrack& steps = lane->threads.front();
    QCOMPARE(steps.name, QString::fromLatin1(kLegacyStepsThread));
    // rs = list(csv.DictReader(open(R + 'run_1/.../step_trace_raw_1_detail_time.csv')))[:-1]
    // len(rs) = 322; fp_point > start_point in 321 rows (step 1 has no interval); bp > fp and end > bp in all 322
    qint64 stepSlices = 0;
    for (std::size_t i = 0; i < steps.slices.size(); ++i)
        stepSlices += trace.strings.view(steps.slices.name[i]).starts_with("Step ") ? 1 : 0;
    QCOMPARE(stepSlices, qint64(322));
    QCOMPARE(slicesNamed(trace, steps, kLegacyIterationInterval).size(), std::size_t(321));
    const auto fpBp = slicesNamed(trace, steps, kLegacyFpBp);
    QCOMPARE(fpBp.size(), std::size_t(322));
    QCOMPARE(slicesNamed(trace, steps, kLegacyTail).size(), std::size_t(322));
    QCOMPARE(steps.slices.size(), std::size_t(322 + 321 + 322 + 322));
    // Step 1: FP+BP from fp_point 43806850547 to bp_point 43826228662 ticks of 10 ns,
    // min_cycle_counter 43806841592: start (43806850547 - 43806841592) * 10, length (43826228662 - 43806850547) * 10.
    QCOMPARE(fpBp.front().first, TimeNs(89550));
    QCOMPARE(fpBp.front().second, TimeNs(193781150));
    // Step 322 ("Step 322" slice): (int(rs[-1]['start_point']) - 43806841592) * 10 = 66003828590,
    // (int(rs[-1]['end_point']) - int(rs[-1]['start_point'])) * 10 = 207811100.
    bool found = false;
    for (std::size_t i = 0; i < steps.slices.size(); ++i)
        if (trace.strings.view(steps.slices.name[i]) == "Step 322") {
            QCOMPARE(steps.slices.startNs[i], TimeNs(66003828590));
            QCOMPARE(steps.slices.durNs[i], TimeNs(207811100));
            QCOMPARE(steps.slices.depth[i], std::uint16_t(0));
            found = true;
        }
    QVERIFY(found);
    // The phases nest inside their step.
    std::uint16_t maxDepth = 0;
    for (const auto d : steps.slices.depth)
        maxDepth = std::max(maxDepth, d);
    QCOMPARE(maxDepth, std::uint16_t(1));
    // The points and the counter are in the model for the step trace page.
    QCOMPARE(rank->legacy.stepTrace.points.fpStart, QStringLiteral("Default/Cast-op6"));
    QCOMPARE(rank->legacy.stepTrace.minCycleCounterTicks, qint64(43806841592));
    QCOMPARE(rank->legacy.stepTrace.timelineOffsetNs, TimeNs(-438068415920));
}

void TstLegacyTimeline::run1LaneNamesAndCounts()
{
    const auto rank = onlyRank(ProfileLoader::load({ mindinsight(kRun1) }));
    QVERIFY(rank);
    const TraceData& trace = rank->trace;
    // timeline_display_1.json: pid 1 (the device) holds the ops, 10000 the
    // step trace's reduce ops; MindInsight labels them so.
    const ProcessTrack* device = process(trace, QStringLiteral("AI Core Op"));
    const ProcessTrack* comm = process(trace, QStringLiteral("Communication Op"));
    QVERIFY(device);
    QVERIFY(comm);
    QCOMPARE(device->pid, qint64(1));
    QCOMPARE(comm->pid, qint64(10000));
    // The op count is output_timeline_data's line count and timeline_summary's op_exe_times (2817).
    QCOMPARE(sliceCount(*device), dataLines(mindinsight(kRun1 + "output_timeline_data_1.txt")));
    QCOMPARE(sliceCount(*device), qint64(2817));
    // 11 streams (num_of_streams), named by their ids: 519, 523, ..., 541.
    QCOMPARE(device->threads.size(), std::size_t(11));
    QCOMPARE(device->threads.front().name, QStringLiteral("Stream #519"));
    QCOMPARE(device->threads.back().name, QStringLiteral("Stream #541"));
    // The step trace's reduce ops are in the display file already (322 steps x 11 ops), not added twice.
    QCOMPARE(sliceCount(*comm), qint64(322 * 11));
    QCOMPARE(comm->threads.front().name, QStringLiteral("Stream #520"));
}

void TstLegacyTimeline::run1Reports()
{
    const ProfilePtr profile = ProfileLoader::load({ mindinsight(kRun1) });
    QVERIFY(profile);
    // Nothing of run_1 is "recognised, not read" any more.
    for (const FileReport& f : profile->report.files)
        QVERIFY2(f.status == FileStatus::Used, qPrintable(f.path + QStringLiteral(": ") + f.reason));
    const FileReport* data = test::reportEndingWith(*profile, QStringLiteral("output_timeline_data_1.txt"));
    QVERIFY(data);
    QCOMPARE(data->reason, QStringLiteral("same 2817 ops as timeline_display_1.json"));
    const FileReport* summary = test::reportEndingWith(*profile, QStringLiteral("timeline_summary_1.json"));
    QVERIFY(summary);
    QVERIFY2(summary->reason.contains(QStringLiteral("agrees with the timeline")), qPrintable(summary->reason));
    QVERIFY(summary->warnings.isEmpty());
    const FileReport* steps = test::reportEndingWith(*profile, QStringLiteral("step_trace_raw_1_detail_time.csv"));
    QVERIFY(steps);
    QVERIFY2(steps->reason.contains(QStringLiteral("322 step(s) on the timeline's Step Trace lane")), qPrintable(steps->reason));
    const FileReport* counter = test::reportEndingWith(*profile, QStringLiteral("min_cycle_counter_1.txt"));
    QVERIFY(counter && counter->reason.contains(QStringLiteral("43806841592")));
    const FileReport* points = test::reportEndingWith(*profile, QStringLiteral("step_trace_point_info.json"));
    QVERIFY(points);
    QCOMPARE(points->reason, QStringLiteral("FP starts at Default/Cast-op6, BP ends at Default/TransData-op7"));
    // run_1's aicore_intermediate files are from another run (GetNext-op6, StreamSend-op199, ...
    // 69 ops; none of output_op_compute_time's 199): said, not hidden.
    const FileReport* times = test::reportEndingWith(*profile, QStringLiteral("output_op_compute_time_1.txt"));
    QVERIFY(times);
    QCOMPARE(times->warnings.size(), 1);
    QVERIFY2(times->warnings.front().contains(QStringLiteral("199 ops only here, 69 only there")),
             qPrintable(times->warnings.front()));
}

void TstLegacyTimeline::timelineFromOutputTimelineData()
{
    // run_1 without timeline_display_1.json: output_timeline_data is the timeline.
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("profiler"));
    QVERIFY(test::copyTree(mindinsight(kRun1), folder));
    QVERIFY(QFile::remove(folder + QStringLiteral("/timeline_display_1.json")));
    const ProfilePtr profile = ProfileLoader::load({ folder });
    const auto rank = onlyRank(profile);
    QVERIFY(rank);
    const TraceData& trace = rank->trace;
    const ProcessTrack* device = process(trace, QStringLiteral("AI Core Op"));
    QVERIFY(device);
    QCOMPARE(sliceCount(*device), qint64(2817));
    QCOMPARE(device->threads.size(), std::size_t(11));
    // The first op starts at 438068.41592 ms = 43806841592 ticks x 10 ns: time 0.
    const ThreadTrack& s519 = device->threads.front();
    QCOMPARE(s519.tid, qint64(519));
    QCOMPARE(s519.slices.startNs.front(), TimeNs(0));
    QCOMPARE(s519.slices.durNs.front(), TimeNs(2660));
    QCOMPARE(trace.strings.view(s519.slices.name.front()), std::string_view("AssignAdd-op414"));
    // Its full name and stream are its args, as in the display file.
    const QByteArray args = trace.argsText(s519.slices.args.front());
    QVERIFY2(args.contains("\"fullname\":\"Default/AssignAdd-op414\""), args.constData());
    QVERIFY2(args.contains("\"stream_id\":519"), args.constData());
    // Σ duration: sum(ns(x[3]) for x in otd(...)) = 1771382850
    TimeNs sum = 0;
    for (const ThreadTrack& t : device->threads)
        for (const TimeNs d : t.slices.durNs)
            sum += d;
    QCOMPARE(sum, TimeNs(1771382850));
    // The reduce ops now come from the step trace: ops with start > 0 and duration > 0
    // over the 322 steps and 11 stream_* ops = 3542; the first at (43806979896 - 43806841592) * 10.
    const ProcessTrack* comm = process(trace, QStringLiteral("Communication Op"));
    QVERIFY(comm);
    QCOMPARE(sliceCount(*comm), qint64(3542));
    QCOMPARE(comm->threads.front().tid, qint64(520));
    QCOMPARE(comm->threads.front().slices.startNs.front(), TimeNs(1383040));
    QCOMPARE(comm->threads.front().slices.durNs.front(), TimeNs(78628700));
    QVERIFY(process(trace, QString::fromLatin1(kLegacyStepTraceProcess)));
    const FileReport* data = test::reportEndingWith(*profile, QStringLiteral("output_timeline_data_1.txt"));
    QVERIFY(data);
    QVERIFY2(data->reason.contains(QStringLiteral("the timeline of this rank")), qPrintable(data->reason));
    // timeline_summary still agrees: 2817 executions on 11 streams.
    const FileReport* summary = test::reportEndingWith(*profile, QStringLiteral("timeline_summary_1.json"));
    QVERIFY(summary && summary->warnings.isEmpty());
}

void TstLegacyTimeline::run2OriginFromOutputTimelineData()
{
    // run_2 has no min_cycle_counter: the first op of output_timeline_data
    // (154907895.95956 ms) against the display's first device op
    // (6042909.559994936 µs, i.e. 6042909560 ns) gives the origin 154901853050000 ns.
    // Step 1 (step_trace_raw_1): fp 15490789606875, bp 15490791973683 ticks.
    const auto rank = onlyRank(ProfileLoader::load({ mindinsight(kRun2) }));
    QVERIFY(rank);
    const ProcessTrack* lane = process(rank->trace, QString::fromLatin1(kLegacyStepTraceProcess));
    QVERIFY(lane);
    const auto fpBp = slicesNamed(rank->trace, lane->threads.front(), kLegacyFpBp);
    QCOMPARE(fpBp.size(), std::size_t(1));
    QCOMPARE(fpBp.front().first, TimeNs(15490789606875LL * 10 - 154901853050000LL)); // 6043018750
    QCOMPARE(fpBp.front().second, TimeNs((15490791973683LL - 15490789606875LL) * 10)); // 23668080
    QVERIFY(process(rank->trace, QStringLiteral("AI CPU Op"))); // pid 9000
    QCOMPARE(rank->legacy.stepTrace.timelineOffsetNs, TimeNs(-154901853050000));
}

void TstLegacyTimeline::summaryDisagreementIsWarned()
{
    // profiler/: ascend_timeline_summary_0.json describes 112 executions, the
    // display file next to it holds 3 device ops (plus the gpu one's 2).
    const ProfilePtr profile = ProfileLoader::load({ mindinsight(QStringLiteral("profiler")) });
    QVERIFY(profile);
    const FileReport* summary = test::reportEndingWith(*profile, QStringLiteral("ascend_timeline_summary_0.json"));
    QVERIFY(summary);
    QCOMPARE(summary->status, FileStatus::Used);
    QCOMPARE(summary->warnings.size(), 1);
    QVERIFY2(summary->warnings.front().startsWith(QStringLiteral("ascend_timeline_summary_0.json disagrees")),
             qPrintable(summary->warnings.front()));
    QVERIFY2(summary->warnings.front().contains(QStringLiteral("112 op executions, the timeline has 5")),
             qPrintable(summary->warnings.front()));
}

void TstLegacyTimeline::opComputeTimesAgreeWithIntermediates()
{
    // run_2: aicore_intermediate_1_detail.csv (105 rows) and _type.csv (21 rows) were written from
    // these two reports: same names, times and calls (diff of the columns by name, python).
    const ProfilePtr profile = ProfileLoader::load({ mindinsight(kRun2) });
    QVERIFY(profile);
    const FileReport* times = test::reportEndingWith(*profile, QStringLiteral("output_op_compute_time_1.txt"));
    QVERIFY(times);
    QVERIFY(times->warnings.isEmpty());
    QVERIFY2(times->reason.contains(QStringLiteral("agrees with aicore_intermediate_1_detail.csv: the same 105 ops and times")),
             qPrintable(times->reason));
    const FileReport* detail = test::reportEndingWith(*profile, QStringLiteral("output_op_compute_time_detail_1.txt"));
    QVERIFY(detail);
    QVERIFY(detail->warnings.isEmpty());
    QVERIFY2(detail->reason.contains(QStringLiteral("agrees with aicore_intermediate_1_type.csv: the same 21 op types")),
             qPrintable(detail->reason));
    // The intermediate files stay the source of the tables.
    const auto& rank = *profile->ranks.front();
    QCOMPARE(rank.legacy.aicoreDetails.size(), std::size_t(105));
    QCOMPARE(rank.legacy.aicoreTypes.size(), std::size_t(21));
}

void TstLegacyTimeline::opComputeTimesFillMissingIntermediates()
{
    // run_2 without its aicore_intermediate files: the reports fill the AI Core tables.
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("profiler"));
    QVERIFY(test::copyTree(mindinsight(kRun2), folder));
    QVERIFY(QFile::remove(folder + QStringLiteral("/aicore_intermediate_1_detail.csv")));
    QVERIFY(QFile::remove(folder + QStringLiteral("/aicore_intermediate_1_type.csv")));
    const ProfilePtr profile = ProfileLoader::load({ folder });
    const auto rank = onlyRank(profile);
    QVERIFY(rank);
    // output_op_compute_time_1.txt: 105 ops, the first "Default/AssignAdd-op142 0.00219  519".
    QCOMPARE(rank->legacy.aicoreDetails.size(), std::size_t(105));
    QCOMPARE(rank->legacy.aicoreDetails.front().fullName, QStringLiteral("Default/AssignAdd-op142"));
    QCOMPARE(rank->legacy.aicoreDetails.front().executionTimeMs, 0.00219);
    // output_op_compute_time_detail_1.txt: 21 types, the first "AssignAdd 0.00492 3 0.02".
    QCOMPARE(rank->legacy.aicoreTypes.size(), std::size_t(21));
    QCOMPARE(rank->legacy.aicoreTypes.front().opType, QStringLiteral("AssignAdd"));
    QCOMPARE(rank->legacy.aicoreTypes.front().totalTimeMs, 0.00492);
    QCOMPARE(rank->legacy.aicoreTypes.front().executionFrequency, qint64(3));
    QCOMPARE(rank->legacy.aicoreTypes.front().percent, 0.02);
    const FileReport* times = test::reportEndingWith(*profile, QStringLiteral("output_op_compute_time_1.txt"));
    QVERIFY(times && times->reason.contains(QStringLiteral("fills the AI Core op table")));
    const FileReport* detail = test::reportEndingWith(*profile, QStringLiteral("output_op_compute_time_detail_1.txt"));
    QVERIFY(detail && detail->reason.contains(QStringLiteral("fills the AI Core op type table")));
}

void TstLegacyTimeline::run2WithoutDisplay()
{
    // run_2 without ascend_timeline_display_1.json (and no min_cycle_counter): the
    // timeline is output_timeline_data (107 ops, absolute device time) and the AI CPU
    // table (aicpu_intermediate_1.csv: 5 ops, run_start / run_end in µs).
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("profiler"));
    QVERIFY(test::copyTree(mindinsight(kRun2), folder));
    QVERIFY(QFile::remove(folder + QStringLiteral("/ascend_timeline_display_1.json")));
    const ProfilePtr profile = ProfileLoader::load({ folder });
    const auto rank = onlyRank(profile);
    QVERIFY(rank);
    const ProcessTrack* device = process(rank->trace, QStringLiteral("AI Core Op"));
    const ProcessTrack* aicpu = process(rank->trace, QStringLiteral("AI CPU Op"));
    QVERIFY(device && aicpu);
    QCOMPARE(sliceCount(*device), qint64(107));
    QCOMPARE(device->threads.front().slices.startNs.front(), TimeNs(154907895959560)); // 154907895.95956 ms
    QCOMPARE(sliceCount(*aicpu), qint64(5));
    const ThreadTrack& lane = aicpu->threads.front();
    QCOMPARE(lane.name, QStringLiteral("AI CPU"));
    QCOMPARE(lane.slices.startNs.front(), TimeNs(154901853050000)); // InitData: run_start 154901853050 µs
    QCOMPARE(lane.slices.durNs.front(), TimeNs(160000));              // run_end - run_start = 160 µs
    // ascend_timeline_summary_1.json: 112 executions (107 + 5) on 2 streams: it agrees.
    const FileReport* summary = test::reportEndingWith(*profile, QStringLiteral("ascend_timeline_summary_1.json"));
    QVERIFY(summary);
    QVERIFY2(summary->warnings.isEmpty(), qPrintable(summary->warnings.join(QLatin1Char('\n'))));
    // The step lane is in the same absolute clock: fp_point 15490789606875 ticks x 10 ns.
    const ProcessTrack* steps = process(rank->trace, QString::fromLatin1(kLegacyStepTraceProcess));
    QVERIFY(steps);
    const auto fpBp = slicesNamed(rank->trace, steps->threads.front(), kLegacyFpBp);
    QCOMPARE(fpBp.size(), std::size_t(1));
    QCOMPARE(fpBp.front().first, TimeNs(154907896068750));
    // output_data_preprocess_aicpu agrees with aicpu_intermediate (serials 1-5, same types and times);
    // the HWTS log is recognised and said not read.
    const FileReport* pre = test::reportEndingWith(*profile, QStringLiteral("output_data_preprocess_aicpu_1.txt"));
    QVERIFY(pre);
    QCOMPARE(pre->status, FileStatus::Used);
    QVERIFY2(pre->reason.contains(QStringLiteral("agrees with aicpu_intermediate_1.csv: the same 5 AI CPU ops")),
             qPrintable(pre->reason));
    const FileReport* hwts = test::reportEndingWith(*profile, QStringLiteral("output_format_data_hwts_1.txt"));
    QVERIFY(hwts);
    QCOMPARE(hwts->status, FileStatus::Skipped);
    QVERIFY(hwts->reason.contains(QStringLiteral("HWTS")));
}

void TstLegacyTimeline::pointInfoGoesToEveryRankOfTheFolder()
{
    // One step_trace_point_info.json, two ranks in the folder: both get the points.
    QTemporaryDir dir;
    const QString st = QStringLiteral("step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,"
                                      "fp_and_bp,tail\n1,100,200,100,110,180,10,70,20\n-,100,200,100,110,180,10,70,20\n");
    writeFile(dir, QStringLiteral("profiler/step_trace_raw_0_detail_time.csv"), st.toUtf8());
    writeFile(dir, QStringLiteral("profiler/step_trace_raw_1_detail_time.csv"), st.toUtf8());
    writeFile(dir, QStringLiteral("profiler/step_trace_point_info.json"),
              QByteArray("{\"fp_start\": \"Default/A-op1\", \"bp_end\": \"Default/B-op2\"}"));
    const ProfilePtr profile = ProfileLoader::load({ dir.filePath(QStringLiteral("profiler")) });
    QVERIFY(profile);
    QCOMPARE(profile->ranks.size(), std::size_t(2));
    for (const auto& rank : profile->ranks) {
        QCOMPARE(rank->legacy.stepTrace.points.fpStart, QStringLiteral("Default/A-op1"));
        QCOMPARE(rank->legacy.stepTrace.points.bpEnd, QStringLiteral("Default/B-op2"));
        QVERIFY(rank->trace.isEmpty()); // no timeline file: no lane made up from the step trace alone
        QCOMPARE(rank->legacy.stepTrace.timelineOffsetNs, kInvalidTime);
    }
}

QTEST_GUILESS_MAIN(TstLegacyTimeline)
#include "tst_legacytimeline.moc"
