// SPDX-License-Identifier: Apache-2.0
// The overview recomputed from the device tasks, checked against what the
// profiler itself wrote: step_trace_time.csv and the Overlap Analysis lanes
// (both produced by torch_npu, independently of this code).
#include "analysis/intervals.h"
#include "analysis/overview.h"
#include "generate/clustergenerator.h"
#include "load/profileloader.h"
#include "testsupport.h"

#include <QTemporaryDir>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QTest>

#include <cmath>
#include <limits>

using namespace profscope;

class TestOverview : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void intervalAlgebra();
    void realRanksAgreeWithStepTraceTime_data();
    void realRanksAgreeWithStepTraceTime();
    void noStepMarkersAndReceiveOps();
    void noTimeline();
    void taskTypesOfEveryVersion_data();
    void taskTypesOfEveryVersion();
    void disagreementWithTheProfilerIsReported();
    void cannMsprofIterationsAgreeWithOverlapLanes();
};

void TestOverview::intervalAlgebra()
{
    const IntervalSet a = IntervalSet::fromUnsorted({ { 10, 20 }, { 0, 5 }, { 15, 30 }, { 40, 40 }, { 4, 6 } });
    QCOMPARE(a.ranges().size(), std::size_t(2)); // [0,6) [10,30)
    QCOMPARE(a.totalNs(), 26LL);
    const IntervalSet b = IntervalSet::fromUnsorted({ { 2, 3 }, { 12, 14 }, { 25, 50 } });
    QCOMPARE(a.subtract(b).totalNs(), 26LL - 1 - 2 - 5);
    QCOMPARE(a.intersect(b).totalNs(), 8LL);
    QCOMPARE(a.unite(b).totalNs(), 6LL + 40);
    QCOMPARE(a.clip({ 5, 11 }).totalNs(), 2LL);
    QCOMPARE(a.bounds(), (TimeRange { 0, 30 }));
    QVERIFY(IntervalSet().subtract(a).isEmpty());
}

void TestOverview::realRanksAgreeWithStepTraceTime_data()
{
    QTest::addColumn<int>("level");
    QTest::addColumn<int>("rank");
    for (int level = 0; level < 3; ++level)
        for (int rank = 0; rank < 2; ++rank)
            QTest::newRow(qPrintable(QStringLiteral("level%1/rank%2").arg(level).arg(rank))) << level << rank;
}

void TestOverview::realRanksAgreeWithStepTraceTime()
{
    QFETCH(int, level);
    QFETCH(int, rank);
    const ProfilePtr profile = ProfileLoader::load({ test::textRank(level, rank) });
    QCOMPARE(profile->ranks.size(), std::size_t(1));
    const RankData& data = *profile->ranks[0];
    const RankOverview overview = computeOverview(data);
    QCOMPARE(overview.steps.size(), std::size_t(1));
    const StepOverview& step = overview.steps[0];
    QCOMPARE(step.step, QStringLiteral("50"));
    QVERIFY(step.computeTasks > 150);
    QCOMPARE(step.communicationOps, 4LL);

    // Every column of the file, within 1% of the step (the issue's bar) ...
    QVERIFY(!overview.checks.empty());
    for (const OverviewCheck& c : overview.checks)
        QVERIFY2(c.withinTolerance(), qPrintable(QStringLiteral("%1: computed %2 ns, file %3 ns")
                                                     .arg(stepTraceColumnName(c.column))
                                                     .arg(c.computedNs)
                                                     .arg(c.fileNs)));
    // ... and in fact within a few microseconds: the file rounds to 0.001-1 µs
    // and floating point noise (e.g. Stage "136581.0").
    const StepTraceRow& file = data.stepTrace.at(0);
    for (auto column : { StepTraceRow::Computing, StepTraceRow::Communication, StepTraceRow::CommunicationNotOverlapped,
                         StepTraceRow::Overlapped, StepTraceRow::Free, StepTraceRow::Stage, StepTraceRow::Preparing }) {
        const TimeNs diff = std::abs(step.value(column) - file.valueNs[std::size_t(column)]);
        QVERIFY2(diff <= 1000, qPrintable(QStringLiteral("%1 differs by %2 ns").arg(stepTraceColumnName(column)).arg(diff)));
    }
    QCOMPARE(step.value(StepTraceRow::Bubble), 0LL);

    // The Overlap Analysis lanes that the profiler drew: same totals.
    const OverlapLaneTotals lanes = overlapLaneTotals(data.trace, step.spanNs);
    QVERIFY(lanes.present);
    QVERIFY(std::abs(lanes.computingNs - step.value(StepTraceRow::Computing)) <= 1000);
    QVERIFY(std::abs(lanes.communicationNs - step.value(StepTraceRow::Communication)) <= 1000);
    QVERIFY(std::abs(lanes.communicationNotOverlappedNs - step.value(StepTraceRow::CommunicationNotOverlapped)) <= 1000);
    QVERIFY(std::abs(lanes.freeNs - step.value(StepTraceRow::Free)) <= 1000);
    // Identities that must hold whatever the data.
    QCOMPARE(step.value(StepTraceRow::Overlapped) + step.value(StepTraceRow::CommunicationNotOverlapped),
             step.value(StepTraceRow::Communication));
    QCOMPARE(step.value(StepTraceRow::Computing) + step.value(StepTraceRow::CommunicationNotOverlapped)
                 + step.value(StepTraceRow::Free),
             step.spanNs.durationNs());
}

void TestOverview::noStepMarkersAndReceiveOps()
{
    // A hand-made device timeline: two compute kernels, an allreduce that
    // overlaps one of them, and a pipeline receive; no ProfilerStep markers.
    QTemporaryDir dir;
    test::writeFile(dir, QStringLiteral("r_ascend_ms/ASCEND_PROFILER_OUTPUT/trace_view.json"), R"([
        {"ph": "M", "name": "process_name", "pid": 10, "tid": 0, "args": {"name": "Ascend Hardware"}},
        {"ph": "M", "name": "process_name", "pid": 20, "tid": 0, "args": {"name": "HCCL"}},
        {"ph": "M", "name": "thread_name", "pid": 20, "tid": 0, "args": {"name": "Group 0 Communication"}},
        {"ph": "M", "name": "thread_name", "pid": 20, "tid": 1, "args": {"name": "Plane 0"}},
        {"ph": "X", "name": "MatMul", "pid": 10, "tid": 2, "ts": "100.000", "dur": 50, "args": {"Task Type": "AI_CORE"}},
        {"ph": "X", "name": "Add", "pid": 10, "tid": 2, "ts": "200.000", "dur": 20, "args": {"Task Type": "AI_VECTOR_CORE"}},
        {"ph": "X", "name": "MEMCPY_ASYNC", "pid": 10, "tid": 3, "ts": "90.000", "dur": 500, "args": {"Task Type": "SDMA"}},
        {"ph": "X", "name": "hcom_allReduce__1", "pid": 20, "tid": 0, "ts": "140.000", "dur": 30},
        {"ph": "X", "name": "Notify Wait", "pid": 20, "tid": 1, "ts": "140.000", "dur": 300},
        {"ph": "X", "name": "hcom_receive__2", "pid": 20, "tid": 0, "ts": "230.000", "dur": 70}
    ])");
    const ProfilePtr profile = ProfileLoader::load({ dir.path() });
    const RankOverview o = computeOverview(*profile->ranks.at(0));
    QCOMPARE(o.steps.size(), std::size_t(1));
    const StepOverview& s = o.steps[0];
    QVERIFY(s.step.isEmpty());
    QCOMPARE(s.spanNs, (TimeRange { 100000, 300000 }));
    QCOMPARE(s.value(StepTraceRow::Computing), 70000LL);          // 50 + 20 µs
    QCOMPARE(s.value(StepTraceRow::Communication), 100000LL);     // 30 + 70 µs
    QCOMPARE(s.value(StepTraceRow::CommunicationNotOverlapped), 90000LL); // 10 µs overlap with MatMul
    QCOMPARE(s.value(StepTraceRow::Overlapped), 10000LL);
    QCOMPARE(s.value(StepTraceRow::Free), 200000LL - 160000LL);
    QCOMPARE(s.value(StepTraceRow::Bubble), 70000LL);
    QCOMPARE(s.value(StepTraceRow::Stage), 130000LL);
    QCOMPARE(s.value(StepTraceRow::CommunicationNotOverlappedExcludeReceive), 20000LL);
    QCOMPARE(s.value(StepTraceRow::Preparing), 0LL);
    QVERIFY(o.checks.empty()); // no step_trace_time.csv
}

void TestOverview::noTimeline()
{
    // No trace_view.json, but the profiler's step_trace_time.csv: its figures,
    // marked as the summary, not recomputed (read independently here).
    const ProfilePtr profile = ProfileLoader::load({ test::serverRank(0) });
    const RankData& rank = *profile->ranks.at(0);
    QVERIFY(rank.trace.isEmpty());
    const RankOverview o = computeOverview(rank);
    QVERIFY(!o.note.isEmpty());
    QFile csv(rank.info.rootPath + QStringLiteral("/ASCEND_PROFILER_OUTPUT/step_trace_time.csv"));
    if (!csv.open(QIODevice::ReadOnly)) {
        QVERIFY(o.steps.empty()); // neither a timeline nor a summary
        return;
    }
    const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
    const QList<QByteArray> header = lines.at(0).trimmed().split(',');
    const int computing = int(header.indexOf("Computing"));
    QVERIFY(computing >= 0);
    QCOMPARE(qsizetype(o.steps.size()), lines.size() - 1);
    QVERIFY(o.fromSummary);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const StepOverview& s = o.steps[std::size_t(i - 1)];
        QVERIFY(s.fromSummary);
        const double us = lines[i].trimmed().split(',').at(computing).trimmed().toDouble();
        QVERIFY(std::abs(double(s.value(StepTraceRow::Computing)) / 1000.0 - us) < 0.001);
    }
    // A rank with neither has no steps and says why.
    RankData empty;
    const RankOverview none = computeOverview(empty);
    QVERIFY(none.steps.empty());
    QVERIFY(!none.note.isEmpty());
}

void TestOverview::taskTypesOfEveryVersion_data()
{
    // torch_npu 2023-24 writes "Other" for AI Core kernels; databases give the
    // hardware types (KERNEL_AIVEC, STARS_COMMON); copies, events, notifies,
    // write value, placeholders and profiling switches are never compute.
    QTest::addColumn<QString>("taskType");
    QTest::addColumn<bool>("compute");
    QTest::newRow("Other") << "Other" << true;
    QTest::newRow("AI_CORE") << "AI_CORE" << true;
    QTest::newRow("KERNEL_AIVEC") << "KERNEL_AIVEC" << true;
    QTest::newRow("STARS_COMMON") << "STARS_COMMON" << true;
    QTest::newRow("MIX_AIV") << "MIX_AIV" << true;
    QTest::newRow("MEMCPY_ASYNC") << "MEMCPY_ASYNC" << false;
    QTest::newRow("PCIE_DMA_SQE") << "PCIE_DMA_SQE" << false;
    QTest::newRow("SDMA_SQE") << "SDMA_SQE" << false;
    QTest::newRow("EVENT_RECORD_SQE") << "EVENT_RECORD_SQE" << false;
    QTest::newRow("Notify Wait") << "Notify Wait" << false;
    QTest::newRow("Write Value") << "Write Value" << false;
    QTest::newRow("PLACE_HOLDER_SQE") << "PLACE_HOLDER_SQE" << false;
    QTest::newRow("PROFILING_ENABLE") << "PROFILING_ENABLE" << false;
    QTest::newRow("no task type") << "" << false;
}

void TestOverview::taskTypesOfEveryVersion()
{
    QFETCH(QString, taskType);
    QFETCH(bool, compute);
    QTemporaryDir dir;
    const QByteArray args = taskType.isEmpty() ? QByteArray("{}") : "{\"Task Type\": \"" + taskType.toUtf8() + "\"}";
    test::writeFile(dir, QStringLiteral("r_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json"),
        R"([{"ph": "M", "name": "process_name", "pid": 10, "tid": 0, "args": {"name": "Ascend Hardware"}},
            {"ph": "M", "name": "process_name", "pid": 20, "tid": 0, "args": {"name": "HCCL"}},
            {"ph": "M", "name": "thread_name", "pid": 20, "tid": 0, "args": {"name": "Group 0 Communication"}},
            {"ph": "X", "name": "hcom_allReduce__1", "pid": 20, "tid": 0, "ts": "100.000", "dur": 10},
            {"ph": "X", "name": "Kernel", "pid": 10, "tid": 2, "ts": "200.000", "dur": 40, "args": )"
            + args + "}]");
    const ProfilePtr profile = ProfileLoader::load({ dir.path() });
    const RankOverview o = computeOverview(*profile->ranks.at(0));
    QCOMPARE(o.steps.size(), std::size_t(1));
    QCOMPARE(o.steps[0].value(StepTraceRow::Computing), compute ? 40000LL : 0LL);
}

void TestOverview::disagreementWithTheProfilerIsReported()
{
    // A rank whose step_trace_time.csv says Computing is half of what its
    // timeline adds up to: the import report names the rank, the column and
    // both values, instead of silently showing ours.
    QTemporaryDir dir;
    GeneratorOptions options;
    options.ranks = 2;
    options.steps = 2;
    options.force = true;
    QString error;
    QVERIFY2(generateCluster(dir.path(), options, &error), qPrintable(error));
    QString csvPath;
    for (const QFileInfo& rankDir : QDir(dir.path()).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot))
        if (QFile::exists(rankDir.filePath() + QStringLiteral("/profiler_info_1.json")))
            csvPath = rankDir.filePath() + QStringLiteral("/ASCEND_PROFILER_OUTPUT/step_trace_time.csv");
    QFile csv(csvPath);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QList<QByteArray> lines = csv.readAll().split('\n');
    csv.close();
    const QList<QByteArray> header = lines[0].trimmed().split(',');
    const qsizetype computing = header.indexOf("Computing");
    QVERIFY(computing > 0);
    QList<QByteArray> cells = lines[2].trimmed().split(','); // step 2
    const double fileUs = cells[computing].toDouble();
    cells[computing] = QByteArray::number(fileUs / 2, 'f', 3);
    lines[2] = cells.join(',');
    QVERIFY(csv.open(QIODevice::WriteOnly | QIODevice::Truncate));
    csv.write(lines.join('\n'));
    csv.close();

    const ProfilePtr profile = ProfileLoader::load({ dir.path() });
    QCOMPARE(profile->ranks.size(), std::size_t(2));
    QStringList warnings;
    for (const ImportMessage& m : profile->report.messages)
        if (m.severity == ImportMessage::Warning)
            warnings << m.text;
    QCOMPARE(warnings.size(), 1);
    QVERIFY2(warnings.front().contains(QLatin1String("rank 1")), qPrintable(warnings.front()));
    QVERIFY2(warnings.front().contains(QLatin1String("step 2 Computing")), qPrintable(warnings.front()));
    QVERIFY2(warnings.front().contains(QString::number(fileUs / 2, 'f', 1)), qPrintable(warnings.front()));
    QVERIFY2(warnings.front().contains(QString::number(fileUs, 'f', 1)), qPrintable(warnings.front()));

    const RankData& rank = *profile->ranks[1];
    const std::vector<OverviewCheck> mismatches = overviewMismatches(computeOverview(rank));
    QCOMPARE(mismatches.size(), std::size_t(1));
    QCOMPARE(mismatches.front().column, StepTraceRow::Computing);
    QCOMPARE(mismatches.front().source, OverviewCheck::Source::StepTraceFile);
    QVERIFY(std::abs(double(mismatches.front().fileNs) - fileUs * 500.0) < 1000.0);
    QVERIFY(std::abs(double(mismatches.front().computedNs) - fileUs * 1000.0) < 1000.0);
    // The untouched rank agrees.
    QVERIFY(overviewMismatches(computeOverview(*profile->ranks[0])).empty());
}

// A CANN msprof timeline (PROF_*/device_N/timeline, MindInsight's fixture): one
// merged msprof_D_M_N.json per iteration N, beside its parts. The steps are its
// "Iteration N" markers; each recomputed step equals the profiler's own Overlap
// Analysis lanes of that iteration's file, read here straight from the JSON.
void TestOverview::cannMsprofIterationsAgreeWithOverlapLanes()
{
    const QString device = test::mindinsight(
        QStringLiteral("profiler/PROF_000001_20230818142704567_GQFAMHBKGODKJMLA/device_1/timeline"));
    const ProfilePtr p = ProfileLoader::load({ QFileInfo(device).absolutePath() });
    QCOMPARE(p->ranks.size(), std::size_t(1));
    const RankOverview overview = computeOverview(*p->ranks[0]);
    QCOMPARE(int(overview.steps.size()), 10);
    for (int iteration = 1; iteration <= 10; ++iteration) {
        // The whole file's Overlap Analysis lanes, ns per lane name.
        QHash<QString, qint64> laneNs;
        test::referenceRangeByName(device + QStringLiteral("/msprof_1_0_%1.json").arg(iteration),
            std::numeric_limits<qint64>::min() / 2, std::numeric_limits<qint64>::max() / 2, &laneNs);
        QMap<QString, double> laneUs; // Computing, Communication(Not Overlapped), Free
        for (auto it = laneNs.cbegin(); it != laneNs.cend(); ++it)
            laneUs[it.key()] = double(it.value()) / 1000.0;
        QVERIFY(laneUs.value(QStringLiteral("Computing")) > 0);
        const StepOverview* step = nullptr;
        for (const StepOverview& s : overview.steps)
            if (s.step == QString::number(iteration))
                step = &s;
        QVERIFY2(step, qPrintable(QStringLiteral("no step %1").arg(iteration)));
        const auto us = [step](StepTraceRow::Column c) { return double(step->value(c)) / 1000.0; };
        const QString where = QStringLiteral("iteration %1").arg(iteration);
        QVERIFY2(std::abs(us(StepTraceRow::Computing) - laneUs.value(QStringLiteral("Computing"))) < 1.0, qPrintable(where));
        QVERIFY2(std::abs(us(StepTraceRow::CommunicationNotOverlapped)
                     - laneUs.value(QStringLiteral("Communication(Not Overlapped)")))
                < 1.0,
            qPrintable(where));
        QVERIFY2(std::abs(us(StepTraceRow::Free) - laneUs.value(QStringLiteral("Free"))) < 1.0, qPrintable(where));
    }
}

QTEST_GUILESS_MAIN(TestOverview)
#include "tst_overview.moc"
