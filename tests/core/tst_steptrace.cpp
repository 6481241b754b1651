// SPDX-License-Identifier: Apache-2.0
// Step trace (one device) and cluster iteration trajectory (all devices).
//
// Expected values are read from the fixture CSV files by the small reader
// below (split on commas, columns by header name), not by the parsers under
// test, and combined with the definitions of the reference
// (anchors-features.md §b.3): gap = fp − start, FP+BP = bp − fp, tail = end − bp,
// in 10 ns ticks.

#include "analysis/steptrace.h"
#include "load/profileloader.h"
#include "testsupport.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace profscope;
using profscope::test::mindinsight;
using profscope::test::writeFile;

namespace {

// One CSV file as header name -> column of cells; the average row ("-") dropped.
struct Csv
{
    QStringList header;
    std::vector<QStringList> rows;
    int column(const QString& name) const
    {
        return int(header.indexOf(name));
    }
    double number(std::size_t row, const QString& name) const
    {
        return rows[row][column(name)].toDouble();
    }
};

Csv readCsv(const QString& path)
{
    Csv csv;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return csv;
    const QList<QByteArray> lines = f.readAll().split('\n');
    for (const QByteArray& raw : lines) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.isEmpty())
            continue;
        if (csv.header.isEmpty()) {
            csv.header = line.split(QLatin1Char(','));
            continue;
        }
        const QStringList cells = line.split(QLatin1Char(','));
        if (cells.value(0) == QLatin1String("-"))
            continue;
        csv.rows.push_back(cells);
    }
    return csv;
}

const StepStage* findStage(const StepTraceStep& step, const QString& name)
{
    for (const StepStage& s : step.stages)
        if (s.name == name)
            return &s;
    return nullptr;
}

const QString kRun1 = QStringLiteral("run_1/normal_run/profiler");

} // namespace

class TestStepTrace : public QObject
{
    Q_OBJECT

private slots:
    void run1EveryStep();
    void run1Average();
    void run1StreamOpAverage();
    void selectedStep();
    void newFormatFromStepTable();
    void cannIterationsFromTheStepTraceLane();
    void clusterProposeTrajectory();
    void clusterProposePerStep();
    void plantedSlowDevice();
    void plantedSlowHost();
    void noStepData();
    void stepTraceIsMemoised();
    void trajectoryCachePerStep();
};

void TestStepTrace::run1EveryStep()
{
    const ProfilePtr profile = ProfileLoader::load({ mindinsight(kRun1) });
    QVERIFY(profile && profile->ranks.size() == 1);
    const Csv csv = readCsv(mindinsight(kRun1 + QStringLiteral("/step_trace_raw_1_detail_time.csv")));
    QCOMPARE(csv.rows.size(), std::size_t(322));
    const RankStepTrace trace = *rankStepTrace(*profile, 0);
    QCOMPARE(trace.source, RankStepTrace::Source::StepTraceRaw);
    QCOMPARE(trace.steps.size(), csv.rows.size());
    QCOMPARE(trace.components.size(), std::size_t(3));
    for (std::size_t i = 0; i < csv.rows.size(); ++i) {
        const StepTraceStep& step = trace.steps[i];
        const auto tick = [&](const char* name) { return qint64(csv.number(i, QLatin1String(name))); };
        QCOMPARE(step.step, csv.rows[i][csv.column(QStringLiteral("step_num"))]);
        const qint64 start = tick("start_point");
        QCOMPARE(step.startNs, start * 10);
        QCOMPARE(step.durationNs, (tick("end_point") - start) * 10);
        // Each stage's position from the points, its length from the definition.
        QCOMPARE(step.value(StepStageKind::Gap), (tick("fp_point") - start) * 10);
        QCOMPARE(step.value(StepStageKind::FpBp), (tick("bp_point") - tick("fp_point")) * 10);
        QCOMPARE(step.value(StepStageKind::Tail), (tick("end_point") - tick("bp_point")) * 10);
        QCOMPARE(step.stages[1].startNs, (tick("fp_point") - start) * 10);
        QCOMPARE(step.stages[2].startNs, (tick("bp_point") - start) * 10);
        QCOMPARE(step.stages[2].endNs(), step.durationNs);
    }
    // Step 2 by hand: gap 21081 ticks.
    QCOMPARE(trace.steps[1].value(StepStageKind::Gap), qint64(210810));
}

void TestStepTrace::run1Average()
{
    const ProfilePtr profile = ProfileLoader::load({ mindinsight(kRun1) });
    const Csv csv = readCsv(mindinsight(kRun1 + QStringLiteral("/step_trace_raw_1_detail_time.csv")));
    double gap = 0, fpBp = 0, tail = 0, total = 0;
    for (std::size_t i = 0; i < csv.rows.size(); ++i) {
        gap += csv.number(i, QStringLiteral("iteration_interval"));
        fpBp += csv.number(i, QStringLiteral("fp_and_bp"));
        tail += csv.number(i, QStringLiteral("tail"));
        total += csv.number(i, QStringLiteral("total"));
    }
    const double n = double(csv.rows.size());
    const StepTraceStep avg = averageStep(*rankStepTrace(*profile, 0));
    QVERIFY(avg.step.isEmpty());
    QVERIFY(std::fabs(double(avg.value(StepStageKind::Gap)) - gap * 10 / n) <= 1);
    QVERIFY(std::fabs(double(avg.value(StepStageKind::FpBp)) - fpBp * 10 / n) <= 1);
    QVERIFY(std::fabs(double(avg.value(StepStageKind::Tail)) - tail * 10 / n) <= 1);
    QVERIFY(std::fabs(double(avg.durationNs) - total * 10 / n) <= 1);
    QCOMPARE(stepOrAverage(*rankStepTrace(*profile, 0), QString()).value(StepStageKind::FpBp),
        avg.value(StepStageKind::FpBp));
}

void TestStepTrace::run1StreamOpAverage()
{
    const ProfilePtr profile = ProfileLoader::load({ mindinsight(kRun1) });
    const Csv csv = readCsv(mindinsight(kRun1 + QStringLiteral("/step_trace_raw_1_detail_time.csv")));
    const RankStepTrace trace = *rankStepTrace(*profile, 0);
    // The 2020 header: stream_520_parallel_0_start_point, _end_point, then the duration column.
    for (const QString& op : { QStringLiteral("stream_520_parallel_0"), QStringLiteral("stream_540_parallel_0") }) {
        double offset = 0, duration = 0;
        int ran = 0;
        for (std::size_t i = 0; i < csv.rows.size(); ++i) {
            const double s = csv.number(i, op + QStringLiteral("_start_point"));
            const double e = csv.number(i, op + QStringLiteral("_end_point"));
            if (s <= 0 || e <= 0)
                continue;
            ++ran;
            offset += (s - csv.number(i, QStringLiteral("start_point"))) * 10;
            duration += csv.number(i, op) * 10;
        }
        QVERIFY(ran > 0);
        const StepTraceStep average = averageStep(trace);
        const StepStage* stage = findStage(average, op);
        QVERIFY2(stage, qPrintable(op));
        QCOMPARE(stage->kind, StepStageKind::StreamOp);
        QCOMPARE(stage->steps, ran);
        QVERIFY(std::fabs(double(stage->startNs) - offset / ran) <= 1);
        QVERIFY(std::fabs(double(stage->durationNs) - duration / ran) <= 1);
        // Step 1 by hand (first data row of the file).
        const StepStage* first = findStage(trace.steps[0], op);
        QVERIFY(first);
        QCOMPARE(first->durationNs, qint64(csv.number(0, op)) * 10);
    }
}

void TestStepTrace::selectedStep()
{
    const ProfilePtr profile = ProfileLoader::load({ mindinsight(kRun1) });
    const RankStepTrace trace = *rankStepTrace(*profile, 0);
    const StepTraceStep s = stepOrAverage(trace, QStringLiteral("2"));
    QCOMPARE(s.step, QStringLiteral("2"));
    // Step 2: start 43835277665, end 43855846023 ticks.
    QCOMPARE(s.durationNs, (qint64(43855846023) - qint64(43835277665)) * 10);
    QVERIFY(stepOrAverage(trace, QStringLiteral("100000")).stages.empty());
}

void TestStepTrace::newFormatFromStepTable()
{
    // A new-format rank: the step table's Preparing / Computing /
    // Communication (not overlapped) / Free, as step_trace_time.csv writes them.
    const ProfilePtr profile = ProfileLoader::load({ test::textRank(1, 0) });
    QVERIFY(profile && !profile->ranks.empty());
    const RankStepTrace trace = *rankStepTrace(*profile, 0);
    QCOMPARE(trace.source, RankStepTrace::Source::StepTable);
    QVERIFY(!trace.steps.empty());
    const QString csvPath = test::textRank(1, 0) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/step_trace_time.csv");
    const Csv csv = readCsv(csvPath);
    QVERIFY(!csv.rows.empty());
    // Each stacked component is never negative and they do not exceed the step.
    for (const StepTraceStep& step : trace.steps) {
        TimeNs sum = 0;
        for (const StepStage& s : step.stages) {
            QVERIFY(s.durationNs >= 0);
            sum += s.durationNs;
        }
        QVERIFY(sum <= step.durationNs);
        QVERIFY(step.stages.front().startNs == 0);
        QVERIFY(step.stages[1].startNs == kInvalidTime);
    }
}

// A CANN msprof rank: the step trace comes from the merged timelines' step trace
// lane. Expected: per iteration N of msprof_1_0_N.json, FP+BP = the FP_BP Time N
// slice, Tail = Iteration Refresh N, the step ends at Iteration N's end, and the
// gap runs from the previous iteration's end to the forward start.
void TestStepTrace::cannIterationsFromTheStepTraceLane()
{
    const QString timeline
        = mindinsight(QStringLiteral("profiler/PROF_000001_20230818142704567_GQFAMHBKGODKJMLA/device_1/timeline"));
    const ProfilePtr p = ProfileLoader::load({ QFileInfo(timeline).absolutePath() });
    QCOMPARE(p->ranks.size(), std::size_t(1));
    const RankStepTrace trace = computeStepTrace(*p, 0);
    QCOMPARE(trace.source, RankStepTrace::Source::StepMarkers);
    QCOMPARE(int(trace.steps.size()), 10);
    qint64 previousEndNs = -1;
    for (int n = 1; n <= 10; ++n) {
        const QString file = timeline + QStringLiteral("/msprof_1_0_%1.json").arg(n);
        qint64 iterationNs = 0, fpBpNs = 0, refreshNs = 0;
        const qint64 iterationStart = test::referenceSliceStartNs(file, QStringLiteral("Iteration %1").arg(n), &iterationNs);
        const qint64 fpStart = test::referenceSliceStartNs(file, QStringLiteral("FP_BP Time %1").arg(n), &fpBpNs);
        test::referenceSliceStartNs(file, QStringLiteral("Iteration Refresh %1").arg(n), &refreshNs);
        QVERIFY(iterationStart > 0 && fpStart >= iterationStart && fpBpNs > 0 && refreshNs > 0);
        const StepTraceStep& s = trace.steps[std::size_t(n - 1)];
        QCOMPARE(s.step, QString::number(n));
        const auto near = [](qint64 a, qint64 b) { return std::llabs(a - b) <= 1; }; // µs text → ns rounding
        QVERIFY2(near(s.value(StepStageKind::FpBp), fpBpNs), qPrintable(QString::number(n)));
        QVERIFY2(near(s.value(StepStageKind::Tail), refreshNs), qPrintable(QString::number(n)));
        const qint64 stepStart = n == 1 ? iterationStart : previousEndNs;
        QVERIFY2(near(s.value(StepStageKind::Gap), fpStart - stepStart), qPrintable(QString::number(n)));
        QVERIFY2(near(s.durationNs, iterationStart + iterationNs - stepStart), qPrintable(QString::number(n)));
        previousEndNs = iterationStart + iterationNs;
    }
}

void TestStepTrace::clusterProposeTrajectory()
{
    const QString dir = mindinsight(QStringLiteral("cluster_propose"));
    const ProfilePtr profile = ProfileLoader::load({ dir });
    QVERIFY(profile);
    QCOMPARE(profile->ranks.size(), std::size_t(4));
    const ClusterTrajectory t = clusterTrajectory(*profile);
    QCOMPARE(t.parallelMode, QStringLiteral("pipeline-parallel"));
    QCOMPARE(t.stageNum, 2);
    QCOMPARE(t.rankSize, 4);
    QCOMPARE(t.rows.size(), std::size_t(4));
    // MindInsight's pipeline columns first.
    using C = TrajectoryColumn;
    const std::vector<C> head { C::Step, C::Gap, C::ReceiveAlone, C::StageTime, C::CommunicationAlone,
        C::Computation, C::CollectiveAlone };
    QVERIFY(t.columns.size() >= head.size());
    QVERIFY(std::equal(head.begin(), head.end(), t.columns.begin()));
    QCOMPARE(t.deviceColumn, C::Computation);
    // Steps: 5 in step_trace_raw, 6 rows in ascend_cluster_analyse and hccl_raw_0.
    QCOMPARE(t.steps, QStringList({ "1", "2", "3", "4", "5", "6" }));
    for (int rankId = 0; rankId < 4; ++rankId) {
        const TrajectoryRow& row = t.rows[std::size_t(rankId)];
        QCOMPARE(row.rankId, rankId);
        QCOMPARE(row.stage, rankId / 2 + 1);
        const Csv st = readCsv(dir + QStringLiteral("/step_trace_raw_%1_detail_time.csv").arg(rankId));
        QCOMPARE(st.rows.size(), std::size_t(5));
        double gap = 0, fpBp = 0;
        for (std::size_t i = 0; i < st.rows.size(); ++i) {
            gap += st.number(i, QStringLiteral("iteration_interval")) * 10;
            fpBp += st.number(i, QStringLiteral("fp_and_bp")) * 10;
        }
        QCOMPARE(row.steps, 5);
        QVERIFY(std::fabs(double(row.value(C::Gap)) - gap / 5) <= 1);
        QVERIFY(std::fabs(double(row.value(C::FpBp)) - fpBp / 5) <= 1);
        const Csv an = readCsv(
            dir + QStringLiteral("/ascend_cluster_analyse_pipeline-parallel_2_4_%1.csv").arg(rankId));
        QCOMPARE(an.rows.size(), std::size_t(6));
        for (const char* name : { "computation_time", "stage_time", "receive_alone_time" }) {
            double mean = 0;
            for (std::size_t i = 0; i < an.rows.size(); ++i)
                mean += an.number(i, QLatin1String(name));
            mean = mean / 6 * 1e6;
            const C c = QLatin1String(name) == QLatin1String("computation_time") ? C::Computation
                : QLatin1String(name) == QLatin1String("stage_time")             ? C::StageTime
                                                                                  : C::ReceiveAlone;
            QVERIFY2(std::fabs(double(row.value(c)) - mean) <= 2, name);
        }
        // Nothing planted: the two ranks of a stage compute alike.
        QVERIFY(!row.slowDevice);
        QVERIFY(!row.slowHost);
    }
    QVERIFY(t.slowHosts.isEmpty());
}

void TestStepTrace::clusterProposePerStep()
{
    const QString dir = mindinsight(QStringLiteral("cluster_propose"));
    const ProfilePtr profile = ProfileLoader::load({ dir });
    const ClusterTrajectory t = clusterTrajectory(*profile, QStringLiteral("3"));
    QCOMPARE(t.rows.size(), std::size_t(4));
    for (int rankId = 0; rankId < 4; ++rankId) {
        const Csv st = readCsv(dir + QStringLiteral("/step_trace_raw_%1_detail_time.csv").arg(rankId));
        const Csv an = readCsv(
            dir + QStringLiteral("/ascend_cluster_analyse_pipeline-parallel_2_4_%1.csv").arg(rankId));
        const TrajectoryRow& row = t.rows[std::size_t(rankId)];
        QCOMPARE(row.steps, 1);
        QCOMPARE(row.value(TrajectoryColumn::Tail), qint64(st.number(2, QStringLiteral("tail"))) * 10);
        QCOMPARE(row.value(TrajectoryColumn::Computation),
            qint64(std::llround(an.number(2, QStringLiteral("computation_time")) * 1e6)));
    }
    // Step 6 exists only in ascend_cluster_analyse (and hccl_raw of ranks 0, 1).
    const ClusterTrajectory six = clusterTrajectory(*profile, QStringLiteral("6"));
    QCOMPARE(six.rows.size(), std::size_t(4));
    QCOMPARE(six.rows[0].value(TrajectoryColumn::FpBp), kInvalidTime);
    QVERIFY(six.rows[0].value(TrajectoryColumn::Computation) != kInvalidTime);
}

void TestStepTrace::plantedSlowDevice()
{
    // cluster_propose with rank 3's computation 1.5× as long: rank 3 is slow
    // within stage 2; rank 2 and stage 1 are not.
    QTemporaryDir tmp;
    const QString src = mindinsight(QStringLiteral("cluster_propose"));
    QVERIFY(test::copyTree(src, tmp.path()));
    const QString path = tmp.filePath(QStringLiteral("ascend_cluster_analyse_pipeline-parallel_2_4_3.csv"));
    const Csv an = readCsv(path);
    QByteArray text = an.header.join(QLatin1Char(',')).toUtf8() + '\n';
    for (std::size_t i = 0; i < an.rows.size(); ++i) {
        QStringList cells = an.rows[i];
        cells[an.column(QStringLiteral("computation_time"))]
            = QString::number(an.number(i, QStringLiteral("computation_time")) * 1.5, 'f', 4);
        text += cells.join(QLatin1Char(',')).toUtf8() + '\n';
    }
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
    f.close();
    const ProfilePtr profile = ProfileLoader::load({ tmp.path() });
    const ClusterTrajectory t = clusterTrajectory(*profile);
    QCOMPARE(t.rows.size(), std::size_t(4));
    QCOMPARE(t.rows[3].slowDevice, true);
    QCOMPARE(t.rows[2].slowDevice, false);
    QCOMPARE(t.rows[0].slowDevice, false);
    QCOMPARE(t.rows[1].slowDevice, false);
}

void TestStepTrace::plantedSlowHost()
{
    // The legacy cluster layout, three hosts of one device each; host 3's
    // step gap is 5 ms against 1 ms (steps of 100 ms): host 3 is slow.
    QTemporaryDir tmp;
    const QString root = tmp.filePath(QStringLiteral("run"));
    writeFile(tmp, QStringLiteral("run/hccl.json"), R"({"server_list": [
        {"server_id": "10.0.0.1", "device": [{"device_id": "0", "rank_id": "0"}]},
        {"server_id": "10.0.0.2", "device": [{"device_id": "0", "rank_id": "1"}]},
        {"server_id": "10.0.0.3", "device": [{"device_id": "0", "rank_id": "2"}]}]})");
    writeFile(tmp, QStringLiteral("run/host_ips_mapping.txt"), "10.0.0.1 1\n10.0.0.2 2\n10.0.0.3 3\n");
    for (int rank = 0; rank < 3; ++rank) {
        const qint64 gapTicks = rank == 2 ? 500000 : 100000; // 5 ms / 1 ms
        QByteArray csv = "step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,fp_and_bp,tail\n";
        qint64 start = 1000000000;
        for (int step = 1; step <= 3; ++step) {
            const qint64 fp = start + gapTicks, bp = start + 9000000, end = start + 10000000;
            csv += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9\n")
                       .arg(step)
                       .arg(start)
                       .arg(end)
                       .arg(end - start)
                       .arg(fp)
                       .arg(bp)
                       .arg(fp - start)
                       .arg(bp - fp)
                       .arg(end - bp)
                       .toUtf8();
            start = end;
        }
        writeFile(tmp,
            // In this layout the file suffix is the device id on its host.
            QStringLiteral("run/cluster_profiler/%1/profiler/step_trace_raw_0_detail_time.csv").arg(rank + 1),
            csv);
    }
    const ProfilePtr profile = ProfileLoader::load({ root });
    QVERIFY(profile);
    QCOMPARE(profile->ranks.size(), std::size_t(3));
    const ClusterTrajectory t = clusterTrajectory(*profile);
    QCOMPARE(t.rows.size(), std::size_t(3));
    QCOMPARE(t.rows[2].rankId, 2);
    QCOMPARE(t.rows[2].host, QStringLiteral("3"));
    QCOMPARE(t.slowHosts, QStringList({ QStringLiteral("3") }));
    QCOMPARE(t.rows[2].slowHost, true);
    QCOMPARE(t.rows[0].slowHost, false);
    QCOMPARE(t.rows[2].value(TrajectoryColumn::Gap), qint64(5000000));
    // FP+BP: host 3's device computes 4 ms less (9 ms − 5 ms against 8 ms): not slow.
    QCOMPARE(t.rows[2].slowDevice, false);
    QCOMPARE(t.deviceColumn, TrajectoryColumn::FpBp);
    QCOMPARE(t.columns.front(), TrajectoryColumn::Step);
}

void TestStepTrace::noStepData()
{
    Profile empty;
    const RankStepTrace trace = *rankStepTrace(empty, 0);
    QVERIFY(trace.isEmpty());
    QVERIFY(!trace.note.isEmpty());
    const ClusterTrajectory t = clusterTrajectory(empty);
    QVERIFY(t.rows.empty());
    QVERIFY(!t.note.isEmpty());
    QVERIFY(averageStep(trace).stages.empty());
}

void TestStepTrace::stepTraceIsMemoised()
{
    const ProfilePtr profile = ProfileLoader::load({ mindinsight(QStringLiteral("cluster_propose")) });
    QVERIFY(profile && profile->ranks.size() == 4);
    for (int r = 0; r < 4; ++r) {
        const std::shared_ptr<const RankStepTrace> first = rankStepTrace(*profile, r);
        QVERIFY(first && !first->isEmpty());
        // The same object on the second call (and from the trajectory, which asks for every rank's)...
        QCOMPARE(rankStepTrace(*profile, r).get(), first.get());
        clusterTrajectory(*profile);
        QCOMPARE(rankStepTrace(*profile, r).get(), first.get());
        // ... equal to a fresh computation.
        const RankStepTrace fresh = computeStepTrace(*profile, r);
        QCOMPARE(fresh.steps.size(), first->steps.size());
        QVERIFY(fresh == *first);
    }
    // Another load of the same files has its own.
    const ProfilePtr again = ProfileLoader::load({ mindinsight(QStringLiteral("cluster_propose")) });
    QVERIFY(again);
    QVERIFY(rankStepTrace(*again, 0).get() != rankStepTrace(*profile, 0).get());
    // A rank that is not there is not memoised anywhere: a note each time.
    QVERIFY(rankStepTrace(*profile, 4)->isEmpty());
    QVERIFY(!rankStepTrace(*profile, -1)->note.isEmpty());
}

void TestStepTrace::trajectoryCachePerStep()
{
    const ProfilePtr profile = ProfileLoader::load({ mindinsight(QStringLiteral("cluster_propose")) });
    QVERIFY(profile);
    const std::shared_ptr<const ClusterTrajectory> average = sharedClusterTrajectory(*profile);
    QCOMPARE(sharedClusterTrajectory(*profile).get(), average.get());
    QVERIFY(*average == clusterTrajectory(*profile));
    QCOMPARE(average->rows.size(), std::size_t(4));
    // A step has its own, kept as well; the average stays.
    QVERIFY(average->steps.contains(QStringLiteral("3")));
    const std::shared_ptr<const ClusterTrajectory> three = sharedClusterTrajectory(*profile, QStringLiteral("3"));
    QVERIFY(three.get() != average.get());
    QVERIFY(*three == clusterTrajectory(*profile, QStringLiteral("3")));
    QVERIFY(!(*three == *average));
    QCOMPARE(sharedClusterTrajectory(*profile, QStringLiteral("3")).get(), three.get());
    QCOMPARE(sharedClusterTrajectory(*profile).get(), average.get());
    // Another profile has its own.
    const ProfilePtr again = ProfileLoader::load({ mindinsight(QStringLiteral("cluster_propose")) });
    QVERIFY(again);
    const std::shared_ptr<const ClusterTrajectory> other = sharedClusterTrajectory(*again);
    QVERIFY(other.get() != average.get());
    QVERIFY(*other == *average);
}

QTEST_GUILESS_MAIN(TestStepTrace)
#include "tst_steptrace.moc"
