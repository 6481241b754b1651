// SPDX-License-Identifier: Apache-2.0
// The Data Preparation analysis (MindData) on the real MindInsight fixtures.
// Expected figures are those of the reference (data-prep-flops-strategy.md
// §1.10 and §4.4), which MindInsight's own tests assert, or worked out by
// hand from the files (noted at each test).
#include "analysis/datapipeline.h"
#include "load/profileloader.h"
#include "parse/legacyparsers.h"
#include "parse/minddataparsers.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace profscope;

namespace {

const QString kRun2 = QStringLiteral("run_2/normal_run/profiler");

std::shared_ptr<const RankData> loadRank(const QString& folder, int rankId, ProfilePtr& keep)
{
    LoadOptions options;
    options.readTraces = false;
    keep = ProfileLoader::load({ folder }, options);
    for (const auto& r : keep->ranks)
        if (r->info.rankId == rankId)
            return r;
    return nullptr;
}

std::vector<qint64> sorted(std::vector<qint64> v)
{
    std::sort(v.begin(), v.end());
    return v;
}

} // namespace

class TestDataPipeline : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void run2Pipeline();
    void run2StepInterval();
    void run2Cpu();
    void run2CpuWithoutFullCoverage();
    void oldNamesWithCpu();
    void summaryRulesSynthetic();
    void jsonDerivationMatchesRawCsv_data();
    void jsonDerivationMatchesRawCsv();
    void queueUsageFilter_data();
    void queueUsageFilter();
    void importReportListsTheFiles();
    void oldIteratorFile();
    void gpuGetNextFile();
    void mismatchedPipelineFiles();
    void summaryOnly();
    void newLayout();
    void malformed_data();
    void malformed();
};

void TestDataPipeline::initTestCase()
{
    if (!QFileInfo::exists(test::mindinsight(kRun2)))
        QSKIP("mindinsight fixtures not found next to the repository");
}

void TestDataPipeline::run2Pipeline()
{
    ProfilePtr p;
    const auto rank = loadRank(test::mindinsight(kRun2), 1, p);
    QVERIFY(rank);
    const DataPipelineAnalysis a = analyzeDataPipeline(*rank);
    // Drawn ops: BatchOp 0, MapOp 1, MapOp 2, ImageFolderOp 3; EpochCtrlOp 4
    // (above the root, no queue) is known from the JSON but not drawn.
    QStringList drawn;
    for (const auto& op : a.ops)
        if (op.inGraph)
            drawn << op.label();
    QCOMPARE(drawn, QStringList({ "BatchOp_0", "MapOp_1", "MapOp_2", "ImageFolderOp_3" }));
    QVERIFY(a.op(4) && !a.op(4)->inGraph && a.op(4)->opType == QLatin1String("EpochCtrlOp"));
    QCOMPARE(a.meanQueueUsage, 0.00390625);
    QCOMPARE(a.op(0)->queueUsage, 0.015625);
    QCOMPARE(a.op(0)->numWorkers, qint64(4));
    QCOMPARE(a.op(3)->numWorkers, qint64(8));
    QCOMPARE(a.op(2)->parentId, qint64(1));
    // BatchOp sizes [0, 2]: one of two samples empty; the others [0, 0].
    QCOMPARE(a.op(0)->emptyFrequency, 0.5);
    QCOMPARE(a.op(3)->emptyFrequency, 1.0);
    // throughput [0.0, 2.5845222880636986e-08] from pipeline_profiling_1.json.
    QVERIFY(qAbs(a.op(3)->throughputMean - 1.2922611440318493e-08) < 1e-20);
    QCOMPARE(a.flaggedOps, std::vector<qint64>({ 3 }));
    QVERIFY(a.op(3)->queueFlagged);
    QCOMPARE(a.proposalGeneral, QStringList({ "ImageFolderOp_3" }));
    QCOMPARE(a.proposalDatasetOp, QStringList({ "ImageFolderOp_3" }));
    QVERIFY(a.proposalMapOp.isEmpty());
    QCOMPARE(a.samplingIntervalMs, qint64(10));
}

void TestDataPipeline::run2StepInterval()
{
    ProfilePtr p;
    const auto rank = loadRank(test::mindinsight(kRun2), 1, p);
    QVERIFY(rank);
    const QueueStepView s = analyzeDataPipeline(*rank).steps;
    // minddata_device_queue = [1, 1, 0, 1]
    QCOMPARE(
        (std::vector<int> { s.hostEmpty, s.hostTotal, s.hostFull, s.hostTotal }), (std::vector<int> { 1, 1, 0, 1 }));
    // minddata_get_next_queue = [0, 3]
    QCOMPARE((std::vector<int> { s.chipEmpty, s.chipTotal }), (std::vector<int> { 0, 3 }));
    QCOMPARE(s.chipSizes, std::vector<qint64>({ 3, 2, 1 }));
    QCOMPARE(s.getNextMs, std::vector<double>({ 0.001, 0, 0.001 }));
    QVERIFY(qAbs(s.avgGetNextMs - 0.0006666666666666666) < 1e-15);
    QCOMPARE(s.hostSizes, std::vector<qint64>({ 0 }));
    QCOMPARE(s.hostCapacity, qint64(64));
    QCOMPARE(s.avgCostMs, 4.0);
    QCOMPARE(s.pushCostMs, 4.0);
    QCOMPARE(s.getCostMs, 0.0);
    QVERIFY(s.dataProcessWarning);
    QVERIFY(!s.dataTransmissionWarning);
    QVERIFY(!s.deviceQueueWarning);
    QCOMPARE(s.emptyRatePct, 100);
}

void TestDataPipeline::run2Cpu()
{
    ProfilePtr p;
    const auto rank = loadRank(test::mindinsight(kRun2), 1, p);
    QVERIFY(rank);
    const CpuView c = analyzeDataPipeline(*rank).cpu;
    QVERIFY(c.available);
    QCOMPARE(c.stepTotal, 1);
    QCOMPARE(c.firstSample, 0);
    QCOMPARE(c.sampleCount, 2);
    QCOMPARE(c.deviceUser, 15);
    QCOMPARE(c.deviceSys, 15);
    QCOMPARE(c.deviceIo, 10);
    QCOMPARE(c.deviceIdle, 10);
    QCOMPARE(c.runnable, 15);
    QCOMPARE(c.contextSwitches, 15);
    QCOMPARE(c.processUser, 15);
    QCOMPARE(c.processSys, 15);
    QCOMPARE(c.ops.size(), std::size_t(1));
    QCOMPARE(c.ops[0].opId, qint64(1));
    QCOMPARE(c.ops[0].user, 15);
    QCOMPARE(c.ops[0].numWorkers, qint64(8));
    QCOMPARE(c.totalOpUser, 15);
    QCOMPARE(c.totalOpSys, 15);
    // minddata_cpu_utilization = [90]
    QCOMPARE(c.activePct, 90);
    QVERIFY(c.overloaded);
}

// MindSpore's summary code fails with an IndexError on this pipeline + CPU
// pair (one CPU op, five pipeline ops): here the rules judge the one op.
void TestDataPipeline::run2CpuWithoutFullCoverage()
{
    ProfilePtr p;
    const auto rank = loadRank(test::mindinsight(kRun2), 1, p);
    QVERIFY(rank);
    const DataPipelineAnalysis a = analyzeDataPipeline(*rank);
    QCOMPARE(a.ops.size(), std::size_t(5));
    QCOMPARE(a.opsWithCpu, 1);
    QVERIFY(!a.cpuCoverageNote.isEmpty());
    // By hand: MapOp 1 user+sys per sample 20, 40, 60 -> 40 %, 8 workers -> 5 %
    // per worker: low (< 20) with more than one worker; its input MapOp 2 uses
    // 0 % of its queue (< 10): the low-CPU bottleneck rule matches op 1.
    QCOMPARE(a.op(1)->cpuPct, 40.0);
    QCOMPARE(a.op(1)->cpuPerWorkerPct, 5.0);
    QCOMPARE(a.cpuDetails.size(), 1);
    QVERIFY(a.cpuDetails[0].contains(QLatin1String("Map(id=1)")));
    QCOMPARE(a.bottleneckOpId, qint64(1));
    QVERIFY(a.op(1)->bottleneck);
}

// RES/profiler: the old names (Batch, Shuffle, TFReader) with the CPU file of
// rank 0, the other combination MindSpore fails on.
void TestDataPipeline::oldNamesWithCpu()
{
    RankData rank;
    FileReport r1, r2;
    QVERIFY(
        parsePipelineProfiling(test::mindinsight("profiler/pipeline_profiling_1.json"), rank.minddata.pipeline, r1));
    QVERIFY(parseCpuUtilization(test::mindinsight("profiler/minddata_cpu_utilization_0.json"), rank.minddata.cpu, r2));
    const DataPipelineAnalysis a = analyzeDataPipeline(rank);
    QCOMPARE(a.ops.size(), std::size_t(5));
    // The only CPU op is Shuffle 1, which the bottleneck rule never judges.
    QCOMPARE(a.opsWithCpu, 1);
    QCOMPARE(a.bottleneckOpId, qint64(-1));
    // Shuffle 1 has children [2, 4]; TFReader 4 has no queue and is replaced by its child 3.
    QCOMPARE(a.op(1)->childIds, std::vector<qint64>({ 2, 3 }));
    QVERIFY(!a.op(4)->inGraph);
    // Old names never match the ...Op-keyed proposal labels.
    QVERIFY(a.proposalMapOp.isEmpty() && a.proposalBatchOp.isEmpty());
}

// The reference's synthetic check: run_2's pipeline with avg_cpu_pct
// [50, 640, 80, 100, 5].
void TestDataPipeline::summaryRulesSynthetic()
{
    PipelineJson json;
    FileReport r;
    QVERIFY(parsePipelineProfiling(test::mindinsight(kRun2 + "/pipeline_profiling_1.json"), json, r));
    DataPipelineAnalysis a;
    a.ops = pipelineOpsFromJson(json);
    QCOMPARE(a.ops.size(), std::size_t(5));
    const double cpu[] = { 50, 640, 80, 100, 5 };
    for (auto& op : a.ops)
        op.cpuPct = cpu[op.opId];
    applySummaryRules(a);
    std::vector<double> perWorker;
    for (const auto& op : a.ops)
        perWorker.push_back(op.cpuPerWorkerPct);
    QCOMPARE(perWorker, std::vector<double>({ 12.5, 80.0, 10.0, 12.5, 5.0 }));
    QCOMPARE(a.cpuDetails.size(), 4);
    QVERIFY(a.cpuDetails[0].contains(QLatin1String("Batch(id=0)")));
    QVERIFY(a.cpuDetails[1].contains(QLatin1String("Map(id=1)")) && a.cpuDetails[1].contains(QLatin1String("> 8")));
    QVERIFY(a.cpuDetails[2].contains(QLatin1String("Map(id=2)")));
    QVERIFY(a.cpuDetails[3].contains(QLatin1String("ImageFolder(id=3)")));
    QCOMPARE(a.queueDetails.size(), 1);
    QVERIFY(a.queueDetails[0].contains(QLatin1String("ImageFolder(id=3)")));
    QVERIFY(a.queueDetails[0].contains(QLatin1String("0.0%")));
    QCOMPARE(a.bottleneckOpId, qint64(0));
    QVERIFY(a.bottleneckWarning.contains(QLatin1String("Batch(id=0)")));
}

void TestDataPipeline::jsonDerivationMatchesRawCsv_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("csv");
    QTest::newRow("run_2") << kRun2 + "/pipeline_profiling_1.json" << kRun2 + "/minddata_pipeline_raw_1.csv";
    QTest::newRow("run_1") << "run_1/normal_run/profiler/pipeline_profiling_1.json"
                           << "run_1/normal_run/profiler/minddata_pipeline_raw_1.csv";
}

// The stored raw CSV is the JSON's derivation (reference §1.2).
void TestDataPipeline::jsonDerivationMatchesRawCsv()
{
    QFETCH(QString, json);
    QFETCH(QString, csv);
    PipelineJson j;
    std::vector<MinddataPipelineRow> rows;
    FileReport r1, r2;
    QVERIFY(parsePipelineProfiling(test::mindinsight(json), j, r1));
    QVERIFY(parseMinddataPipeline(test::mindinsight(csv), rows, r2));
    std::vector<DataPipelineOp> derived;
    for (auto& op : pipelineOpsFromJson(j))
        if (op.inGraph)
            derived.push_back(op);
    const auto fromCsv = pipelineOpsFromRawCsv(rows);
    QCOMPARE(derived.size(), fromCsv.size());
    for (std::size_t i = 0; i < derived.size(); ++i) {
        QCOMPARE(derived[i].opId, fromCsv[i].opId);
        QCOMPARE(derived[i].opType, fromCsv[i].opType);
        QCOMPARE(derived[i].parentId, fromCsv[i].parentId);
        QCOMPARE(derived[i].childIds, fromCsv[i].childIds);
        QCOMPARE(derived[i].queueSizes, fromCsv[i].queueSizes);
        QCOMPARE(derived[i].queueUsage, fromCsv[i].queueUsage);
    }
}

void TestDataPipeline::queueUsageFilter_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<double>("meanUsage");
    QTest::addColumn<std::vector<qint64>>("at06");
    QTest::addColumn<std::vector<qint64>>("at02");
    QTest::addColumn<bool>("root");
    const QString ut = test::fixture("mindinsight/tests/ut/profiler/analyser/resource/");
    // Reference §1.10 table.
    QTest::newRow("ut 0") << ut + "minddata_pipeline_raw_0.csv" << 0.4296875 << std::vector<qint64> { 2, 3, 4 }
                          << std::vector<qint64> { 4 } << false;
    QTest::newRow("ut 1") << ut + "minddata_pipeline_raw_1.csv" << 0.5859375 << std::vector<qint64> { 1 }
                          << std::vector<qint64> { 1 } << false;
    QTest::newRow("ut 2") << ut + "minddata_pipeline_raw_2.csv" << 0.9375 << std::vector<qint64> { 0 }
                          << std::vector<qint64> { 0 } << true;
    QTest::newRow("ut 3") << ut + "minddata_pipeline_raw_3.csv" << 0.15625 << std::vector<qint64> { 2, 3 }
                          << std::vector<qint64> { 2, 3 } << false;
    QTest::newRow("profiler 0") << test::mindinsight("profiler/minddata_pipeline_raw_0.csv") << 0.3125
                                << std::vector<qint64> { 2, 3 } << std::vector<qint64> {} << false;
    QTest::newRow("run_1") << test::mindinsight("run_1/normal_run/profiler/minddata_pipeline_raw_1.csv") << 0.3125
                           << std::vector<qint64> { 2, 3 } << std::vector<qint64> {} << false;
    QTest::newRow("run_2") << test::mindinsight(kRun2 + "/minddata_pipeline_raw_1.csv") << 0.00390625
                           << std::vector<qint64> { 3 } << std::vector<qint64> { 3 } << false;
}

void TestDataPipeline::queueUsageFilter()
{
    QFETCH(QString, file);
    QFETCH(double, meanUsage);
    QFETCH(std::vector<qint64>, at06);
    QFETCH(std::vector<qint64>, at02);
    QFETCH(bool, root);
    RankData rank;
    FileReport r;
    QVERIFY(parseMinddataPipeline(file, rank.legacy.minddataPipeline, r));
    const DataPipelineAnalysis a = analyzeDataPipeline(rank);
    QCOMPARE(a.meanQueueUsage, meanUsage);
    QCOMPARE(sorted(a.flaggedOps), at06);
    QCOMPARE(a.flaggedIsRoot, root);
    // MindInsight drops the proposal when the root is flagged.
    QCOMPARE(a.proposalGeneral.isEmpty(), root || at06.empty());
    bool isRoot = false;
    QCOMPARE(sorted(profscope::queueUsageFilter(a.ops, 0.8, 0.2, isRoot)), at02);
}

void TestDataPipeline::importReportListsTheFiles()
{
    ProfilePtr p;
    QVERIFY(loadRank(test::mindinsight(kRun2), 1, p));
    const struct
    {
        const char* suffix;
        FileStatus status;
    } expected[] = {
        { "/pipeline_profiling_1.json", FileStatus::Used },
        { "/minddata_pipeline_raw_1.csv", FileStatus::Used },
        { "/device_queue_profiling_1.txt", FileStatus::Used },
        { "/minddata_aicpu_1.txt", FileStatus::Used },
        { "/minddata_cpu_utilization_1.json", FileStatus::Used },
        { "/dataset_iterator_profiling_1.txt", FileStatus::Skipped },
    };
    for (const auto& e : expected) {
        const FileReport* r = test::reportEndingWith(*p, QString::fromLatin1(e.suffix));
        QVERIFY2(r, e.suffix);
        QVERIFY2(r->status == e.status, qPrintable(QString::fromLatin1(e.suffix) + QLatin1Char(' ') + r->reason));
    }
    QVERIFY(test::reportEndingWith(*p, "/dataset_iterator_profiling_1.txt")
                ->reason.contains("device_queue_profiling_1.txt"));
}

// The oldest trace format has no timestamp: "1 64 1 3" (queue record,
// capacity 64, step 1, size 3).
void TestDataPipeline::oldIteratorFile()
{
    QueueTrace trace;
    FileReport r;
    QVERIFY(parseQueueTrace(test::mindinsight(kRun2 + "/dataset_iterator_profiling_1.txt"), trace, r));
    QVERIFY(trace.fromIterator);
    QCOMPARE(trace.records.size(), std::size_t(1));
    const QueueTraceRecord& q = trace.records[0];
    QCOMPARE(q.type, 1);
    QCOMPARE(q.extra, qint64(64));
    QCOMPARE(q.batchNum, qint64(1));
    QCOMPARE(q.value, qint64(3));
    QCOMPARE(q.timestampMs, qint64(-1));
    // One step, not empty, not full: MindInsight's status is device_queue_warning.
    const QueueStepView v = analyzeQueues(trace, {});
    QCOMPARE(v.hostEmpty, 0);
    QCOMPARE(v.hostFull, 0);
    QVERIFY(v.deviceQueueWarning && !v.dataProcessWarning && !v.dataTransmissionWarning);
    QCOMPARE(v.emptyRatePct, -1);
}

// The GPU twin of minddata_aicpu: the same lines with ns; read only when
// minddata_aicpu is absent (MindInsight's order).
void TestDataPipeline::gpuGetNextFile()
{
    QTemporaryDir dir;
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("profiler"))));
    QVERIFY(QFile::copy(test::mindinsight(kRun2 + "/device_queue_profiling_1.txt"),
        dir.filePath(QStringLiteral("profiler/device_queue_profiling_1.txt"))));
    test::writeFile(dir, QStringLiteral("profiler/minddata_getnext_profiling_1.txt"),
        "GetNext 1000000 1001400 3\nGetNext 2000000 2000000 0\nGetNext 3000000 3000600 1\n");
    ProfilePtr p;
    auto rank = loadRank(dir.filePath(QStringLiteral("profiler")), 1, p);
    QVERIFY(rank);
    QCOMPARE(rank->minddata.getNext.size(), std::size_t(3));
    QCOMPARE(rank->minddata.getNext[0].startUs, qint64(1000));
    QCOMPARE(rank->minddata.getNext[0].endUs, qint64(1001)); // 1001.4 µs rounded
    QCOMPARE(rank->minddata.getNext[2].endUs, qint64(3001)); // 3000.6 µs rounded
    const QueueStepView v = analyzeDataPipeline(*rank).steps;
    QCOMPARE(v.chipTotal, 3);
    QCOMPARE(v.chipEmpty, 1);
    QCOMPARE(test::reportEndingWith(*p, "/minddata_getnext_profiling_1.txt")->status, FileStatus::Used);

    // With minddata_aicpu beside it, the Ascend file is read and the GPU one skipped.
    test::writeFile(dir, QStringLiteral("profiler/minddata_aicpu_1.txt"), "GetNext_dequeue_wait 10 11 5\n");
    rank = loadRank(dir.filePath(QStringLiteral("profiler")), 1, p);
    QVERIFY(rank);
    QCOMPARE(rank->minddata.getNext.size(), std::size_t(1));
    QCOMPARE(rank->minddata.getNext[0].queueSize, qint64(5));
    const FileReport* gpu = test::reportEndingWith(*p, "/minddata_getnext_profiling_1.txt");
    QCOMPARE(gpu->status, FileStatus::Skipped);
    QVERIFY(gpu->reason.contains(QLatin1String("minddata_aicpu_1.txt")));
}

// RES/profiler rank 0: minddata_pipeline_raw_0.csv has the old names (Batch,
// Shuffle, TFReader), pipeline_profiling_0.json is run_2's pipeline: the JSON
// is not merged into the CSV's ops.
void TestDataPipeline::mismatchedPipelineFiles()
{
    ProfilePtr p;
    const auto rank = loadRank(test::mindinsight("profiler"), 0, p);
    QVERIFY(rank);
    const DataPipelineAnalysis a = analyzeDataPipeline(*rank);
    QVERIFY2(a.pipelineNote.contains(QLatin1String("pipeline_profiling_0.json")), qPrintable(a.pipelineNote));
    QCOMPARE(a.ops.size(), std::size_t(4));
    QCOMPARE(a.op(0)->opType, QStringLiteral("Batch"));
    QVERIFY(std::isnan(a.op(0)->emptyFrequency));
    QVERIFY(std::isnan(a.op(1)->throughputMean));
    QCOMPARE(a.meanQueueUsage, 0.3125);
    QCOMPARE(sorted(a.flaggedOps), std::vector<qint64>({ 2, 3 }));
}

// Only minddata_pipeline_summary: the lists the reference gives for run_2
// (§1.10), in the CSV form MindSpore writes.
void TestDataPipeline::summaryOnly()
{
    QTemporaryDir dir;
    const QString path = test::writeFile(dir, "minddata_pipeline_summary_1.csv",
        "op_ids,0,1,2,3,4\n"
        "op_names,Batch,Map,Map,ImageFolder,EpochCtrl\n"
        "num_workers,4,8,8,8,1\n"
        "queue_average_size,1.0,0.0,0.0,0.0,-1\n"
        "queue_utilization_pct,1.56,0.0,0.0,0.0,-1\n"
        "queue_empty_freq_pct,50.0,100.0,100.0,100.0,-1\n"
        "children_ids,[1],[2],[3],[],[0]\n"
        "parent_id,4,0,1,2,-1\n");
    RankData rank;
    FileReport r;
    QVERIFY(parsePipelineSummary(path, rank.minddata.summary, r));
    const DataPipelineAnalysis a = analyzeDataPipeline(rank);
    QCOMPARE(a.ops.size(), std::size_t(5));
    QStringList drawn;
    for (const auto& op : a.ops)
        if (op.inGraph)
            drawn << op.label();
    QCOMPARE(drawn, QStringList({ "Batch_0", "Map_1", "Map_2", "ImageFolder_3" }));
    QCOMPARE(a.op(0)->queueCapacity, qint64(64)); // 1.0 / 1.56 %
    QCOMPARE(a.op(3)->emptyFrequency, 1.0);
    QCOMPARE(a.op(2)->parentId, qint64(1));
    QCOMPARE(a.flaggedOps, std::vector<qint64>({ 3 }));
    QVERIFY(qAbs(a.meanQueueUsage - 0.0039) < 1e-12);
}

// MindSpore 2.5+: the deliverables in ASCEND_PROFILER_OUTPUT, the raw inputs in FRAMEWORK.
void TestDataPipeline::newLayout()
{
    QTemporaryDir dir;
    const QString rank = QStringLiteral("host_1234_20250101000000000_ascend_ms/");
    test::writeFile(dir, rank + "ASCEND_PROFILER_OUTPUT/dataset.csv",
        "Operation,Stage,Occurrences,Avg. time (us),Custom Info\r\n"
        "Pipeline,GetNext,20,1250.5,\r\nRandomDataOp,Compute,40,12.25,shape=[32]\r\n");
    test::writeFile(dir, rank + "ASCEND_PROFILER_OUTPUT/minddata_pipeline_summary_0.json",
        R"({"op_ids":[0,1],"op_names":["Batch","Generator"],"num_workers":[2,4],)"
        R"("avg_cpu_pct":[10.0,400.0],"bottleneck_warning":["Generator(id=1) is the bottleneck"],)"
        R"("bottleneck_suggestion":["increase num_parallel_workers"]})");
    test::writeFile(dir, rank + "ASCEND_PROFILER_OUTPUT/minddata_pipeline_summary_0.csv", "op_ids,0,1\n");
    test::writeFile(dir, rank + "FRAMEWORK/pipeline_profiling_0.json",
        R"({"sampling_interval":10,"op_info":[)"
        R"({"op_id":1,"op_type":"GeneratorOp","num_workers":4,"metrics":{"output_queue":{"size":[1,3],"length":8}}},)"
        R"({"op_id":0,"op_type":"BatchOp","num_workers":2,"children":[1],"metrics":{"output_queue":{"size":[0,0],"length":4}}}]})");
    const QStringList before = test::folderSnapshot(dir.path());
    ProfilePtr p;
    LoadOptions options;
    options.readTraces = false;
    p = ProfileLoader::load({ dir.path() }, options);
    QCOMPARE(test::folderSnapshot(dir.path()), before);
    QCOMPARE(p->ranks.size(), std::size_t(1));
    const RankData& r = *p->ranks[0];
    QCOMPARE(r.minddata.datasetStages.size(), std::size_t(2));
    QCOMPARE(r.minddata.datasetStages[1].operation, QStringLiteral("RandomDataOp"));
    QCOMPARE(r.minddata.datasetStages[1].avgTimeUs, 12.25);
    QCOMPARE(r.minddata.datasetStages[0].occurrences, qint64(20));
    QCOMPARE(test::reportEndingWith(*p, "summary_0.csv")->status, FileStatus::Skipped);
    QCOMPARE(test::reportEndingWith(*p, "FRAMEWORK/pipeline_profiling_0.json")->status, FileStatus::Used);
    const DataPipelineAnalysis a = analyzeDataPipeline(r);
    QCOMPARE(a.ops.size(), std::size_t(2));
    // Generator: sizes [1, 3] of 8 -> 0.25; Batch [0, 0] -> 0.
    QCOMPARE(a.op(1)->queueUsage, 0.25);
    QCOMPARE(a.meanQueueUsage, 0.125);
    // CPU from the summary's avg_cpu_pct: 400 / 4 workers = 100 > 75.
    QCOMPARE(a.op(1)->cpuPerWorkerPct, 100.0);
    QCOMPARE(a.bottleneckOpId, qint64(1));
    QCOMPARE(a.summaryWarnings, QStringList({ "Generator(id=1) is the bottleneck" }));
}

void TestDataPipeline::malformed_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<bool>("broken");
    QTest::addColumn<QString>("message"); // part of the reason (broken) or of a warning
    QTest::newRow("pipeline not JSON") << "pipeline_profiling_0.json" << QByteArray("{\"op_info\": [") << true
                                       << "pipeline_profiling_0.json: invalid JSON";
    QTest::newRow("pipeline no op_info") << "pipeline_profiling_0.json" << QByteArray("{\"x\": 1}") << true
                                         << "pipeline_profiling_0.json: no \"op_info\"";
    QTest::newRow("pipeline bad op") << "pipeline_profiling_0.json"
                                     << QByteArray(R"({"op_info":[{"op_type":"X"},{"op_id":0,"op_type":"BatchOp"}]})")
                                     << false << "pipeline_profiling_0.json: op_info entry 1 has no integer op_id";
    QTest::newRow("cpu no time_stamp") << "minddata_cpu_utilization_0.json" << QByteArray("{\"op_info\": []}") << true
                                       << "minddata_cpu_utilization_0.json: \"time_stamp\"";
    QTest::newRow("cpu bad series") << "minddata_cpu_utilization_0.json"
                                    << QByteArray(R"({"time_stamp":[1,2],"device_info":{"user_utilization":"x"}})")
                                    << false << "minddata_cpu_utilization_0.json: device_info.user_utilization";
    QTest::newRow("queue garbage line") << "device_queue_profiling_0.txt" << QByteArray("0 1 1 4 10\nhello world\n")
                                        << false << "device_queue_profiling_0.txt:2:";
    QTest::newRow("queue nothing usable") << "device_queue_profiling_0.txt" << QByteArray("a b c d\n") << true
                                          << "device_queue_profiling_0.txt: no usable record";
    QTest::newRow("queue binary") << "device_queue_profiling_0.txt" << QByteArray("0 1\0 2", 6) << true
                                  << "device_queue_profiling_0.txt: binary data";
    QTest::newRow("aicpu short line") << "minddata_aicpu_0.txt"
                                      << QByteArray(
                                             "node_name start_time end_time queue_size\nGetNext_dequeue_wait 1 2\n"
                                             "GetNext_dequeue_wait 1 2 3\n")
                                      << false << "minddata_aicpu_0.txt:2:";
    QTest::newRow("summary csv no op_ids") << "minddata_pipeline_summary_0.csv" << QByteArray("num_workers,1,2\n")
                                           << true << "minddata_pipeline_summary_0.csv:1:";
    QTest::newRow("dataset no avg column")
        << "dataset.csv" << QByteArray("Operation,Stage\nPipeline,x\n") << true << "dataset.csv";
}

void TestDataPipeline::malformed()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, bytes);
    QFETCH(bool, broken);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString path = test::writeFile(dir, name, bytes);
    FileReport report;
    MindDataFiles md;
    if (name.startsWith("pipeline_profiling"))
        parsePipelineProfiling(path, md.pipeline, report);
    else if (name.startsWith("minddata_cpu"))
        parseCpuUtilization(path, md.cpu, report);
    else if (name.startsWith("device_queue"))
        parseQueueTrace(path, md.deviceQueue, report);
    else if (name.startsWith("minddata_aicpu"))
        parseMinddataAicpu(path, md.getNext, report);
    else if (name.startsWith("minddata_pipeline_summary"))
        parsePipelineSummary(path, md.summary, report);
    else
        parseDatasetCsv(path, md.datasetStages, report);
    QCOMPARE(report.status == FileStatus::Broken, broken);
    const QString all = report.reason + QLatin1Char('\n') + report.warnings.join(QLatin1Char('\n'));
    QVERIFY2(all.contains(message), qPrintable(all));
    // Whatever was read still analyses without a crash.
    RankData rank;
    rank.minddata = md;
    analyzeDataPipeline(rank);
}

QTEST_GUILESS_MAIN(TestDataPipeline)
#include "tst_datapipeline.moc"
