// SPDX-License-Identifier: Apache-2.0
// Discovery of rank folders in every layout, on the real fixtures and on
// folders made in the test (nested dynamic-profiler runs, the legacy cluster
// layout, symlink loops, empty and odd folders).
#include "load/discovery.h"
#include "load/profileloader.h"
#include "model/profile.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace profscope;

namespace {

QString stepTraceFixture()
{
    return test::mindinsight(QStringLiteral("run_2/normal_run/profiler/step_trace_raw_1_detail_time.csv"));
}

bool copyFile(const QString& from, const QString& to)
{
    QDir().mkpath(QFileInfo(to).absolutePath());
    return QFile::copy(from, to);
}

QList<int> rankIds(const DiscoveryResult& r)
{
    QList<int> ids;
    for (const auto& rank : r.ranks)
        ids << rank.info.rankId;
    return ids;
}

} // namespace

class TestDiscovery : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void classify_data();
    void classify();
    void textExportRoot();
    void singleRankFolderAndFile();
    void dbOnlyRanks();
    void renamedRankFolders();
    void mindInsightFolders();
    void cannDeviceFolders();
    void nestedDynamicProfilerRuns();
    void legacyClusterLayout();
    void legacyClusterHostilehccl_data();
    void legacyClusterHostilehccl();
    void symlinkLoop();
    void manyRankFolders();
    void missingAndEmpty();
    void fifoGiven();
    void unknownFileGiven();
    void legacyNonFilesAreReported();
    void msprofDbFolder();
    void profMsprofDbInRankFolder();
    void profMsprofDbNeverSecondSource();
    void lonePROFFolders();
};

void TestDiscovery::classify_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("kind");
    QTest::newRow("trace") << "trace_view.json" << int(FileKind::TraceView);
    QTest::newRow("kernels") << "kernel_details.csv" << int(FileKind::KernelDetails);
    QTest::newRow("op_summary") << "op_summary_1.csv" << int(FileKind::KernelDetails);
    QTest::newRow("info") << "profiler_info_12.json" << int(FileKind::ProfilerInfo);
    QTest::newRow("info plain") << "profiler_info.json" << int(FileKind::ProfilerInfo);
    QTest::newRow("metadata") << "profiler_metadata.json" << int(FileKind::ProfilerMetadata);
    QTest::newRow("ms db") << "ascend_mindspore_profiler_3.db" << int(FileKind::Database);
    QTest::newRow("analysis db") << "analysis.db" << int(FileKind::Database);
    QTest::newRow("step raw") << "step_trace_raw_10_detail_time.csv" << int(FileKind::LegacyStepTrace);
    QTest::newRow("timeline") << "ascend_timeline_display_0.json" << int(FileKind::LegacyTimeline);
    QTest::newRow("old timeline") << "timeline_display_1.json" << int(FileKind::LegacyTimeline);
    QTest::newRow("cann msprof") << "msprof_0_2_10.json" << int(FileKind::CannTimeline);
    QTest::newRow("hccl raw") << "hccl_raw_3.csv" << int(FileKind::LegacyHcclRaw);
    QTest::newRow("aicore type") << "aicore_intermediate_1_type.csv" << int(FileKind::LegacyAicoreType);
    QTest::newRow("static op mem") << "static_op_mem.csv" << int(FileKind::KnownUnused);
    QTest::newRow("pipeline json") << "pipeline_profiling_1.json" << int(FileKind::MinddataPipelineJson);
    QTest::newRow("pipeline summary json") << "minddata_pipeline_summary_0.json" << int(FileKind::MinddataSummary);
    QTest::newRow("pipeline summary csv") << "minddata_pipeline_summary_3.csv" << int(FileKind::MinddataSummary);
    QTest::newRow("dataset") << "dataset.csv" << int(FileKind::DatasetStages);
    QTest::newRow("legacy dataset") << "dataset_2.csv" << int(FileKind::DatasetStages);
    QTest::newRow("device queue") << "device_queue_profiling_1.txt" << int(FileKind::MinddataQueueTrace);
    QTest::newRow("iterator queue") << "dataset_iterator_profiling_1.txt" << int(FileKind::MinddataQueueTrace);
    QTest::newRow("minddata aicpu") << "minddata_aicpu_1.txt" << int(FileKind::MinddataAicpu);
    QTest::newRow("minddata cpu") << "minddata_cpu_utilization_0.json" << int(FileKind::MinddataCpu);
    QTest::newRow("data preprocess") << "data_preprocess.csv" << int(FileKind::KnownUnused);
    QTest::newRow("min cycle counter") << "min_cycle_counter_1.txt" << int(FileKind::LegacyMinCycleCounter);
    QTest::newRow("point info") << "step_trace_point_info.json" << int(FileKind::LegacyStepTracePointInfo);
    QTest::newRow("timeline summary") << "timeline_summary_1.json" << int(FileKind::LegacyTimelineSummary);
    QTest::newRow("ascend timeline summary") << "ascend_timeline_summary_0.json" << int(FileKind::LegacyTimelineSummary);
    QTest::newRow("gpu timeline summary") << "gpu_timeline_summary_0.json" << int(FileKind::LegacyTimelineSummary);
    QTest::newRow("output timeline data") << "output_timeline_data_1.txt" << int(FileKind::LegacyTimelineData);
    QTest::newRow("op compute time") << "output_op_compute_time_1.txt" << int(FileKind::LegacyOpComputeTime);
    QTest::newRow("op compute time detail") << "output_op_compute_time_detail_1.txt"
                                            << int(FileKind::LegacyOpComputeTimeDetail);
    QTest::newRow("aicpu preprocess") << "output_data_preprocess_aicpu_1.txt" << int(FileKind::LegacyAicpuPreprocess);
    QTest::newRow("hwts log") << "output_format_data_hwts_1.txt" << int(FileKind::LegacyHwtsLog);
    QTest::newRow("other output_ (not read)") << "output_something_1.txt" << int(FileKind::KnownUnused);
    QTest::newRow("random") << "notes.txt" << int(FileKind::Unknown);
    // Names are matched without case, also past the literal start each
    // pattern is first checked against.
    QTest::newRow("upper-case info") << "PROFILER_INFO_7.JSON" << int(FileKind::ProfilerInfo);
    QTest::newRow("mixed-case trace") << "Trace_View_3.Json" << int(FileKind::TraceView);
    QTest::newRow("upper-case summary") << "RANK3_X.PROFSCOPE-SUMMARY.JSON" << int(FileKind::ProfscopeSummary);
    QTest::newRow("cann msprof by date") << "msprof_20240101093000.json" << int(FileKind::CannTimeline);
    QTest::newRow("op_summary, several numbers") << "op_summary_0_1_2.csv" << int(FileKind::KernelDetails);
    QTest::newRow("op_summary, a word (not read)") << "op_summary_extra.csv" << int(FileKind::KnownUnused);
    QTest::newRow("gpu timeline") << "gpu_timeline_display_2.json" << int(FileKind::LegacyTimeline);
    QTest::newRow("info, one letter short") << "profiler_inf_1.json" << int(FileKind::Unknown);
    QTest::newRow("prefix only") << "profiler_info" << int(FileKind::Unknown);
    QTest::newRow("non-ASCII name") << "profiler_info_\u00e9.json" << int(FileKind::Unknown);
    QTest::newRow("Kelvin sign in a known name") << QString::fromUtf8("\u212Aernel_details.csv") << int(FileKind::KernelDetails);
}

void TestDiscovery::classify()
{
    QFETCH(QString, name);
    QFETCH(int, kind);
    QCOMPARE(int(classifyFile(name)), kind);
}

void TestDiscovery::textExportRoot()
{
    const auto r = discoverProfiles({ test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text")) });
    QCOMPARE(r.ranks.size(), std::size_t(6));
    QCOMPARE(rankIds(r), QList<int>({ 0, 0, 0, 1, 1, 1 }));
    for (const auto& rank : r.ranks) {
        QCOMPARE(rank.info.layout, RankLayout::AscendPt);
        QVERIFY(rank.info.rootPath.endsWith(QLatin1String("_ascend_pt")));
        QCOMPARE(rank.info.traceFiles.size(), 1);
        QVERIFY(!rank.info.profilerInfoPath.isEmpty());
        QVERIFY(!rank.info.dbOnly);
    }
    // find levelN/rank0_ascend_pt -type f | wc -l: level0 10, level1 14, level2 14
    QCOMPARE(r.ranks[2].files.size() + r.ranks[0].files.size() + r.ranks[1].files.size(), std::size_t(10 + 14 + 14));
}

void TestDiscovery::singleRankFolderAndFile()
{
    const QString rank = test::textRank(1, 1);
    auto r = discoverProfiles({ rank });
    QCOMPARE(r.ranks.size(), std::size_t(1));
    QCOMPARE(r.ranks[0].info.rankId, 1);
    // A file inside ASCEND_PROFILER_OUTPUT opens its rank folder.
    r = discoverProfiles({ rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT/kernel_details.csv") });
    QCOMPARE(r.ranks.size(), std::size_t(1));
    QCOMPARE(r.ranks[0].info.rootPath, rank);
    // A lone trace file is a rank of its own.
    r = discoverProfiles({ test::mindinsight(QStringLiteral("run_1/normal_run/profiler/timeline_display_1.json")) });
    QCOMPARE(r.ranks.size(), std::size_t(1));
    QCOMPARE(r.ranks[0].files.size(), std::size_t(1));
    QCOMPARE(r.ranks[0].info.rankId, 1);
}

void TestDiscovery::dbOnlyRanks()
{
    const auto r = discoverProfiles({ test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/db")) });
    QCOMPARE(r.ranks.size(), std::size_t(6));
    for (const auto& rank : r.ranks) {
        QVERIFY(rank.info.dbOnly);
        QCOMPARE(rank.info.dbFiles.size(), 2);
    }
}

void TestDiscovery::renamedRankFolders()
{
    // test_rank_0 / test_rank_1: ASCEND_PROFILER_OUTPUT without the _ascend_pt suffix;
    // rank ids come from profiler_info_{rank}.json. The third rank is full_db/msprof_0.db
    // (no rank id: sorted last).
    const auto r = discoverProfiles({ test::fixture(QStringLiteral("ascend-msinsight/server/src/test/test_data")) });
    QCOMPARE(r.ranks.size(), std::size_t(3));
    QCOMPARE(rankIds(r), QList<int>({ 0, 1, -1 }));
    QVERIFY(r.ranks[2].info.rootPath.endsWith(QLatin1String("full_db")));
    QVERIFY(r.ranks[0].info.rootPath.endsWith(QLatin1String("test_rank_0")));
}

void TestDiscovery::mindInsightFolders()
{
    // cluster_propose: 4 ranks in one folder, ids from the file names.
    auto r = discoverProfiles({ test::mindinsight(QStringLiteral("cluster_propose")) });
    QCOMPARE(rankIds(r), QList<int>({ 0, 1, 2, 3 }));
    for (const auto& rank : r.ranks) {
        QCOMPARE(rank.info.layout, RankLayout::MindInsightProfiler);
        // step_trace_raw, hccl_raw, ascend_cluster_analyse, flops_summary
        QCOMPARE(rank.files.size(), std::size_t(4));
    }
    r = discoverProfiles({ test::mindinsight(QStringLiteral("run_1")) });
    QCOMPARE(r.ranks.size(), std::size_t(1));
    QCOMPARE(r.ranks[0].info.rankId, 1);
    // timeline_display_1.json and output_timeline_data_1.txt
    QCOMPARE(r.ranks[0].info.traceFiles.size(), 2);
    // ls run_1/normal_run/profiler | wc -l: 14, step_trace_point_info.json (no rank in its name) included
    QCOMPARE(r.ranks[0].files.size(), std::size_t(14));
}

void TestDiscovery::cannDeviceFolders()
{
    const auto r = discoverProfiles({ test::mindinsight(QStringLiteral("profiler")) });
    int cann = 0;
    for (const auto& rank : r.ranks)
        if (rank.info.layout == RankLayout::CannMsprof) {
            ++cann;
            QCOMPARE(rank.info.traceFiles.size(), 40);
            QVERIFY(rank.info.deviceId == 0 || rank.info.deviceId == 1);
        }
    QCOMPARE(cann, 2);
}

void TestDiscovery::nestedDynamicProfilerRuns()
{
    QTemporaryDir dir;
    const QString info = test::textRank(1, 0) + QStringLiteral("/profiler_info_0.json");
    // Dynamic profiler: one subfolder per capture window, each with *_ascend_ms inside.
    QVERIFY(copyFile(info, dir.filePath(QStringLiteral("job/rank0_start2_stop5/node-a_4711_20250101120000123_ascend_ms/profiler_info_0.json"))));
    QVERIFY(copyFile(info, dir.filePath(QStringLiteral("job/rank0_start7_stop9/node-a_4711_20250101120500456_ascend_ms/profiler_info_0.json"))));
    QDir().mkpath(dir.filePath(QStringLiteral("job/rank0_start7_stop9/node-a_4711_20250101120500456_ascend_ms/ASCEND_PROFILER_OUTPUT")));
    auto r = discoverProfiles({ dir.path() });
    QCOMPARE(r.ranks.size(), std::size_t(2));
    for (const auto& rank : r.ranks) {
        QCOMPARE(rank.info.layout, RankLayout::AscendMs);
        QCOMPARE(rank.info.framework, QStringLiteral("MindSpore"));
        QCOMPARE(rank.info.rankId, 0);
        QCOMPARE(rank.info.host, QStringLiteral("node-a")); // {hostname}_{pid}_{timestamp}_ascend_ms
    }
    // Bounded depth: with maxDepth 1 the runs 3 levels down are not reached, and that is reported.
    DiscoveryOptions shallow;
    shallow.maxDepth = 1;
    r = discoverProfiles({ dir.path() }, shallow);
    QCOMPARE(r.ranks.size(), std::size_t(0));
    bool told = false;
    for (const auto& m : r.report.messages)
        told = told || m.text.contains(QLatin1String("deeper"));
    QVERIFY(told);
}

void TestDiscovery::legacyClusterLayout()
{
    QTemporaryDir dir;
    const QString root = dir.filePath(QStringLiteral("run"));
    test::writeFile(dir, QStringLiteral("run/hccl.json"), R"({"version": "1.0", "server_count": "2", "server_list": [
        {"server_id": "10.0.0.1", "device": [{"device_id": "0", "device_ip": "192.1.27.6", "rank_id": "0"},
                                            {"device_id": "1", "device_ip": "192.2.27.6", "rank_id": "1"}]},
        {"server_id": "10.0.0.2", "device": [{"device_id": "0", "device_ip": "192.1.27.7", "rank_id": "8"}]}],
        "status": "completed"})");
    test::writeFile(dir, QStringLiteral("run/host_ips_mapping.txt"), "10.0.0.1 1\n10.0.0.2 2\n");
    QVERIFY(copyFile(stepTraceFixture(), root + QStringLiteral("/cluster_profiler/1/profiler/step_trace_raw_0_detail_time.csv")));
    QVERIFY(copyFile(stepTraceFixture(), root + QStringLiteral("/cluster_profiler/1/profiler/step_trace_raw_1_detail_time.csv")));
    QVERIFY(copyFile(stepTraceFixture(), root + QStringLiteral("/cluster_profiler/2/profiler/step_trace_raw_0_detail_time.csv")));
    const auto r = discoverProfiles({ root });
    QCOMPARE(r.hcclJsonPath, root + QStringLiteral("/hccl.json"));
    QCOMPARE(r.hostMapping.size(), std::size_t(2));
    QCOMPARE(rankIds(r), QList<int>({ 0, 1, 8 }));
    QCOMPARE(r.ranks[0].info.host, QStringLiteral("1"));
    QCOMPARE(r.ranks[0].info.deviceId, 0);
    QCOMPARE(r.ranks[2].info.host, QStringLiteral("2"));
    QCOMPARE(r.ranks[2].info.deviceId, 0);
    for (const auto& rank : r.ranks)
        QCOMPARE(rank.info.layout, RankLayout::LegacyClusterRank);
}

// Found by fuzzing (tests/fuzz/fuzz_discovery): a numeric server_id threw
// nlohmann's type_error out of discovery (terminate); a FIFO named hccl.json
// or host_ips_mapping.txt blocked the open forever. Each input is written here.
void TestDiscovery::legacyClusterHostilehccl_data()
{
    QTest::addColumn<QByteArray>("hccl");      // empty: hccl.json is a FIFO
    QTest::addColumn<QByteArray>("mapping");   // empty: host_ips_mapping.txt is a FIFO
    QTest::addColumn<QList<int>>("rankIds");
    QTest::addColumn<QString>("errorPart");    // empty: no error message expected
    const QByteArray mapping = "10.0.0.1 1\n";
    QTest::newRow("numeric server_id") << QByteArray(R"({"server_list": [{"server_id": 167772161,
        "device": [{"device_id": 0, "rank_id": 4}, {"device_id": 1, "rank_id": 5}]}]})")
                                       << QByteArray("167772161 1\n") << QList<int>({ 4, 5 }) << QString();
    QTest::newRow("numeric ids") << QByteArray(R"({"server_list": [{"server_id": "10.0.0.1",
        "device": [{"device_id": 0, "rank_id": 4}, {"device_id": 1, "rank_id": 5}]}]})")
                                 << mapping << QList<int>({ 4, 5 }) << QString();
    QTest::newRow("server_id object") << QByteArray(R"({"server_list": [{"server_id": {"a": 1}, "device": 7}]})")
                                      << mapping << QList<int>({ -1, -1 }) << QString();
    QTest::newRow("server_list number") << QByteArray(R"({"server_list": 5})") << mapping << QList<int>({ -1, -1 })
                                        << QString();
    // 16 bytes of {"server_list": then 100 000 '[': the data ends before they close.
    QTest::newRow("deep nesting") << QByteArray("{\"server_list\": ") + QByteArray(100000, '[') << mapping
                                  << QList<int>({ -1, -1 }) << QStringLiteral("invalid JSON at byte 100016");
    QTest::newRow("hccl.json fifo") << QByteArray() << mapping << QList<int>({ -1, -1 })
                                    << QStringLiteral("hccl.json is not a regular file");
    QTest::newRow("host_ips_mapping.txt fifo") << QByteArray(R"({"server_list": []})") << QByteArray()
                                               << QList<int>({ -1, -1 })
                                               << QStringLiteral("host_ips_mapping.txt is not a regular file");
}

void TestDiscovery::legacyClusterHostilehccl()
{
    QFETCH(QByteArray, hccl);
    QFETCH(QByteArray, mapping);
    QFETCH(QList<int>, rankIds);
    QFETCH(QString, errorPart);
    QTemporaryDir dir;
    const QString root = dir.filePath(QStringLiteral("run"));
    QDir().mkpath(root);
    auto writeOrFifo = [&](const QString& name, const QByteArray& bytes) {
        if (bytes.isEmpty())
            QCOMPARE(::mkfifo(QFile::encodeName(root + QLatin1Char('/') + name).constData(), 0600), 0);
        else
            test::writeFile(dir, QStringLiteral("run/") + name, bytes);
    };
    writeOrFifo(QStringLiteral("hccl.json"), hccl);
    writeOrFifo(QStringLiteral("host_ips_mapping.txt"), mapping);
    QVERIFY(copyFile(stepTraceFixture(), root + QStringLiteral("/cluster_profiler/1/profiler/step_trace_raw_0_detail_time.csv")));
    QVERIFY(copyFile(stepTraceFixture(), root + QStringLiteral("/cluster_profiler/1/profiler/step_trace_raw_1_detail_time.csv")));
    const auto r = discoverProfiles({ root });
    QCOMPARE(::rankIds(r), rankIds);
    QStringList errors;
    for (const auto& m : r.report.messages)
        if (m.severity == ImportMessage::Error)
            errors << m.text;
    if (errorPart.isEmpty())
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    else
        QVERIFY2(errors.size() == 1 && errors.front().contains(errorPart), qPrintable(errors.join(QLatin1Char('\n'))));
}

void TestDiscovery::symlinkLoop()
{
    QTemporaryDir dir;
    QVERIFY(test::copyTree(test::textRank(0, 0), dir.filePath(QStringLiteral("a/rank0_ascend_pt"))));
    QVERIFY(QFile::link(dir.filePath(QStringLiteral("a")), dir.filePath(QStringLiteral("a/loop"))));
    QVERIFY(QFile::link(dir.path(), dir.filePath(QStringLiteral("a/up"))));
    const auto r = discoverProfiles({ dir.path() });
    QCOMPARE(r.ranks.size(), std::size_t(1));
}

// A cluster root with many rank folders is walked in parallel (one walker
// per rank folder, merged in folder order): the same ranks, files, loop
// checks and folder limit as a serial walk.
void TestDiscovery::manyRankFolders()
{
    QTemporaryDir dir;
    constexpr int kRanks = 40;
    for (int i = 0; i < kRanks; ++i) {
        const QString rank = dir.filePath(QStringLiteral("rank%1_ascend_pt").arg(i));
        QVERIFY(QDir().mkpath(rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT")));
        QFile info(rank + QStringLiteral("/profiler_info_%1.json").arg(i));
        QVERIFY(info.open(QIODevice::WriteOnly));
        info.write(QStringLiteral("{\"rank_id\": %1}").arg(i).toUtf8());
        info.close();
        QFile kernels(rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT/kernel_details.csv"));
        QVERIFY(kernels.open(QIODevice::WriteOnly));
        kernels.write("Name,Type,Start Time(us),Duration(us)\n");
    }
    // A loop inside one rank folder and a second name for another.
    QVERIFY(QFile::link(dir.path(), dir.filePath(QStringLiteral("rank3_ascend_pt/ASCEND_PROFILER_OUTPUT/up"))));
    QVERIFY(QFile::link(dir.filePath(QStringLiteral("rank7_ascend_pt")), dir.filePath(QStringLiteral("zz_copy_ascend_pt"))));

    const auto r = discoverProfiles({ dir.path() });
    QList<int> expected;
    for (int i = 0; i < kRanks; ++i)
        expected << i;
    QCOMPARE(rankIds(r), expected);
    for (const auto& rank : r.ranks) {
        const QString folder = QStringLiteral("rank%1_ascend_pt").arg(rank.info.rankId);
        QCOMPARE(QFileInfo(rank.info.rootPath).fileName(), folder);
        int infos = 0, tables = 0;
        for (const auto& f : rank.files) {
            infos += f.kind == FileKind::ProfilerInfo ? 1 : 0;
            tables += f.kind == FileKind::KernelDetails ? 1 : 0;
        }
        QCOMPARE(infos, 1);
        QCOMPARE(tables, 1);
    }
    int skipped = 0;
    for (const auto& m : r.report.messages)
        skipped += m.text.contains(QLatin1String("already visited")) ? 1 : 0;
    QCOMPARE(skipped, 2); // the loop back to the root, and the second name of rank 7

    // The folder limit counts the root and each rank folder, as before.
    DiscoveryOptions limited;
    limited.maxEntries = 10;
    const auto cut = discoverProfiles({ dir.path() }, limited);
    QCOMPARE(int(cut.ranks.size()), 9);
    QVERIFY(std::any_of(cut.report.messages.begin(), cut.report.messages.end(),
                        [](const ImportMessage& m) { return m.text.contains(QLatin1String("stopped scanning after 10 folders")); }));
}

void TestDiscovery::missingAndEmpty()
{
    auto r = discoverProfiles({ QStringLiteral("/nonexistent/profscope") });
    QVERIFY(r.ranks.empty());
    QVERIFY(!r.report.messages.empty());
    QCOMPARE(r.report.messages.front().severity, ImportMessage::Error);
    QTemporaryDir dir;
    QDir().mkpath(dir.filePath(QStringLiteral("empty_ascend_pt")));
    r = discoverProfiles({ dir.path() });
    QCOMPARE(r.ranks.size(), std::size_t(1)); // reported by the loader as an empty rank folder
    QVERIFY(r.ranks[0].files.empty());
    QTemporaryDir nothing;
    r = discoverProfiles({ nothing.path() });
    QVERIFY(r.ranks.empty());
    QVERIFY(r.report.messages.back().text.contains(QLatin1String("no profiler data")));
}

// A file that is no profiler output names itself; its folder (say ~/Downloads,
// holding other profiles) is not scanned (tst_hostileinputs "path is a
// garbage file" loaded every profile beside it, 30 s per run).
void TestDiscovery::unknownFileGiven()
{
    QTemporaryDir dir;
    QVERIFY(test::copyTree(test::serverRank(0), dir.filePath(QStringLiteral("rank0_ascend_pt"))));
    const QString garbage = test::writeFile(dir, QStringLiteral("notes.bin"), QByteArray("\x01\x02garbage", 9));
    const auto r = discoverProfiles({ garbage });
    QVERIFY(r.ranks.empty());
    QVERIFY(!r.report.messages.empty());
    QCOMPARE(r.report.messages.front().severity, ImportMessage::Error);
    QVERIFY2(r.report.messages.front().text.contains(QLatin1String("notes.bin is not a profiler file")),
             qPrintable(r.report.messages.front().text));
    // A known file still opens the rank folder it belongs to.
    QCOMPARE(discoverProfiles({ dir.filePath(QStringLiteral("rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv")) })
                 .ranks.size(),
             std::size_t(1));
}

// In a MindInsight profiler/ folder, a FIFO, folder or broken symlink named
// like a profiler file reaches its parser, which names it (they were dropped
// without a word: tst_hostileinputs "real-legacy/main file is fifo").
void TestDiscovery::legacyNonFilesAreReported()
{
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("profiler"));
    QVERIFY(copyFile(stepTraceFixture(), folder + QStringLiteral("/step_trace_raw_1_detail_time.csv")));
    QCOMPARE(::mkfifo(QFile::encodeName(folder + QStringLiteral("/framework_raw_1.csv")).constData(), 0600), 0);
    QVERIFY(QDir().mkpath(folder + QStringLiteral("/aicore_intermediate_1_detail.csv")));
    QVERIFY(QFile::link(folder + QStringLiteral("/missing"), folder + QStringLiteral("/hccl_raw_1.csv")));
    const auto r = discoverProfiles({ dir.path() });
    QCOMPARE(r.ranks.size(), std::size_t(1));
    QStringList names;
    for (const auto& f : r.ranks[0].files)
        names << QFileInfo(f.path).fileName();
    for (const char* name : { "framework_raw_1.csv", "aicore_intermediate_1_detail.csv", "hccl_raw_1.csv" })
        QVERIFY2(names.contains(QLatin1String(name)), qPrintable(names.join(QLatin1Char(' '))));
    const ProfilePtr p = ProfileLoader::load({ dir.path() });
    QVERIFY(p);
    for (const char* name : { "framework_raw_1.csv", "aicore_intermediate_1_detail.csv", "hccl_raw_1.csv" }) {
        const FileReport* f = test::reportEndingWith(*p, QLatin1String(name));
        QVERIFY2(f, name);
        QCOMPARE(f->status, FileStatus::Broken);
        QVERIFY2(f->reason.contains(QLatin1String(name)), qPrintable(f->reason));
    }
    QVERIFY(test::reportEndingWith(*p, QStringLiteral("framework_raw_1.csv"))->reason.contains(
        QLatin1String("not a regular file")));
}

// A FIFO given as the profile path is named as such (fuzz_discovery seed),
// not reported as an unreadable folder.
void TestDiscovery::fifoGiven()
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("trace_view.json"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const auto r = discoverProfiles({ fifo });
    QVERIFY(r.ranks.empty());
    QVERIFY(!r.report.messages.empty());
    QCOMPARE(r.report.messages.front().severity, ImportMessage::Error);
    QVERIFY2(r.report.messages.front().text.contains(QLatin1String("trace_view.json is not a regular file")),
             qPrintable(r.report.messages.front().text));
}

namespace {

QString msprofDbFixture()
{
    return test::fixture(QStringLiteral("ascend-msinsight/server/src/test/test_data/full_db/msprof_0.db"));
}

// A text rank without its trace (data simplification, or text export of
// tables only) and a PROF_* folder whose msprof DB has the timeline.
QString makeRankWithProfDb(const QTemporaryDir& dir, bool withTrace)
{
    const QString rank = dir.filePath(QStringLiteral("rank0_ascend_pt"));
    const QString from = test::textRank(0, 0);
    QStringList files { QStringLiteral("profiler_info_0.json"), QStringLiteral("ASCEND_PROFILER_OUTPUT/kernel_details.csv"),
                        QStringLiteral("ASCEND_PROFILER_OUTPUT/step_trace_time.csv") };
    if (withTrace)
        files << QStringLiteral("ASCEND_PROFILER_OUTPUT/trace_view.json");
    for (const QString& f : files)
        if (!copyFile(from + QLatin1Char('/') + f, rank + QLatin1Char('/') + f))
            return {};
    if (!copyFile(msprofDbFixture(), rank + QStringLiteral("/PROF_000001_20250109_ABC/mindstudio_profiler_output/msprof_0.db")))
        return {};
    return rank;
}

} // namespace

void TestDiscovery::msprofDbFolder()
{
    // A folder whose only profiler data is a CANN msprof DB (MindStudio
    // Insight's hand-assembled unit-test file). Expected values read with
    // the sqlite3 CLI: select count(*) from TASK -> 24, COMPUTE_TASK_INFO -> 11,
    // COMMUNICATION_TASK_INFO -> 9, CANN_API -> 4; TASK join
    // COMPUTE_TASK_INFO on globalTaskId -> 11 kernels; no RANK_DEVICE_MAP table.
    const QString folder = QFileInfo(msprofDbFixture()).absolutePath();
    const QStringList before = test::folderSnapshot(folder);
    for (const QString& given : { folder, msprofDbFixture() }) {
        const auto r = discoverProfiles({ given });
        QCOMPARE(r.ranks.size(), std::size_t(1));
        const DiscoveredRank& rank = r.ranks.front();
        QCOMPARE(rank.info.layout, RankLayout::CannMsprof);
        QVERIFY(rank.info.dbOnly);
        QCOMPARE(rank.files.size(), std::size_t(1));
        QCOMPARE(rank.files.front().kind, FileKind::Database);
        QCOMPARE(rank.files.front().path, msprofDbFixture());
        QVERIFY(r.report.messages.empty());
    }
    const ProfilePtr p = ProfileLoader::load({ folder });
    QCOMPARE(p->ranks.size(), std::size_t(1));
    const RankData& rank = *p->ranks.front();
    // No rank id in the DB: rank unknown. Its tasks name the device (select
    // distinct deviceId from TASK -> 2), which beats the 0 of msprof_0.db's name.
    QCOMPARE(rank.info.rankId, -1);
    QCOMPARE(rank.info.deviceId, 2);
    QVERIFY(rank.kernels);
    QCOMPARE(rank.kernels->size(), std::size_t(11));
    const FileReport* db = test::reportEndingWith(*p, QStringLiteral("/msprof_0.db"));
    QVERIFY(db);
    QCOMPARE(db->status, FileStatus::Used);
    QCOMPARE(db->count(QStringLiteral("TASK")), 24);
    QCOMPARE(db->count(QStringLiteral("COMPUTE_TASK_INFO")), 11);
    QCOMPARE(db->count(QStringLiteral("COMMUNICATION_TASK_INFO")), 9);
    QVERIFY2(db->reason.contains(QLatin1String("rank unknown, device 2 from the database (its file name says 0)")),
             qPrintable(db->reason));
    QCOMPARE(test::folderSnapshot(folder), before);
}

void TestDiscovery::profMsprofDbInRankFolder()
{
    // A rank with text tables but no trace or DB of its own: the PROF_*
    // msprof DB feeds it, and each kind of data still comes from one file.
    QTemporaryDir dir;
    const QString rankDir = makeRankWithProfDb(dir, false);
    QVERIFY(!rankDir.isEmpty());
    const QString db = rankDir + QStringLiteral("/PROF_000001_20250109_ABC/mindstudio_profiler_output/msprof_0.db");
    const auto r = discoverProfiles({ dir.path() });
    QCOMPARE(r.ranks.size(), std::size_t(1));
    QCOMPARE(r.ranks.front().info.dbFiles, QStringList { db });
    const QStringList before = test::folderSnapshot(dir.path());
    const ProfilePtr p = ProfileLoader::load({ dir.path() });
    QCOMPARE(p->ranks.size(), std::size_t(1));
    const RankData& rank = *p->ranks.front();
    QCOMPARE(rank.info.rankId, 0); // profiler_info_0.json
    // 11 kernels from the DB (TASK join COMPUTE_TASK_INFO), not 11 + 191
    // (kernel_details.csv has 191 rows: 192 lines with its header).
    QCOMPARE(rank.kernels->size(), std::size_t(11));
    const FileReport* csv = test::reportEndingWith(*p, QStringLiteral("/kernel_details.csv"));
    QVERIFY(csv);
    QCOMPARE(csv->status, FileStatus::Skipped);
    QVERIFY2(csv->reason.contains(QLatin1String("msprof_0.db")), qPrintable(csv->reason));
    QCOMPARE(test::reportEndingWith(*p, QStringLiteral("/msprof_0.db"))->count(QStringLiteral("TASK")), 24);
    // The DB has no step trace: step_trace_time.csv's one row stays.
    QCOMPARE(rank.stepTrace.size(), std::size_t(1));
    // --prefer text: the kernel table from the CSV, the DB gives only what the text lacks.
    LoadOptions text;
    text.sources = SourcePreference::Text;
    const ProfilePtr t = ProfileLoader::load({ dir.path() }, text);
    QCOMPARE(t->ranks.front()->kernels->size(), std::size_t(191));
    QCOMPARE(test::folderSnapshot(dir.path()), before);
}

void TestDiscovery::profMsprofDbNeverSecondSource()
{
    // A rank with its own trace keeps it: the PROF_* DB stays raw data.
    QTemporaryDir dir;
    const QString rankDir = makeRankWithProfDb(dir, true);
    QVERIFY(!rankDir.isEmpty());
    const auto r = discoverProfiles({ dir.path() });
    QCOMPARE(r.ranks.size(), std::size_t(1));
    QVERIFY(r.ranks.front().info.dbFiles.isEmpty());
    for (const auto& f : r.ranks.front().files)
        QVERIFY2(!f.path.endsWith(QLatin1String(".db")), qPrintable(f.path));
    const ProfilePtr p = ProfileLoader::load({ dir.path() });
    QCOMPARE(p->ranks.size(), std::size_t(1));
    QCOMPARE(p->ranks.front()->kernels->size(), std::size_t(191));
    // A rank with its own unified DB: the same (the torch_npu DB wins).
    QTemporaryDir dbDir;
    const QString dbRank = dbDir.filePath(QStringLiteral("rank0_ascend_pt"));
    QVERIFY(test::copyTree(test::dbRank(0, 0), dbRank));
    QVERIFY(copyFile(msprofDbFixture(), dbRank + QStringLiteral("/PROF_000001_20250109_ABC/msprof_0.db")));
    const auto d = discoverProfiles({ dbDir.path() });
    QCOMPARE(d.ranks.size(), std::size_t(1));
    QCOMPARE(d.ranks.front().info.dbFiles.size(), 2); // ascend_pytorch_profiler_0.db, analysis.db
    for (const QString& f : d.ranks.front().info.dbFiles)
        QVERIFY2(!f.endsWith(QLatin1String("msprof_0.db")), qPrintable(f));
}

void TestDiscovery::lonePROFFolders()
{
    QTemporaryDir dir;
    // PROF_* with its DB at the root and an older copy in mindstudio_profiler_output: one rank.
    const QString a = dir.filePath(QStringLiteral("a/PROF_1"));
    QVERIFY(copyFile(msprofDbFixture(), a + QStringLiteral("/msprof_20250109120000.db")));
    QVERIFY(copyFile(msprofDbFixture(), a + QStringLiteral("/mindstudio_profiler_output/msprof_20250109120000.db")));
    auto r = discoverProfiles({ dir.filePath(QStringLiteral("a")) });
    QCOMPARE(r.ranks.size(), std::size_t(1));
    QCOMPARE(r.ranks.front().files.front().path, a + QStringLiteral("/msprof_20250109120000.db"));
    QCOMPARE(r.report.files.size(), std::size_t(1));
    QCOMPARE(r.report.files.front().status, FileStatus::Skipped);
    // PROF_* whose device_0/timeline already made a rank: its DB makes none.
    const QString b = dir.filePath(QStringLiteral("b/PROF_2"));
    QVERIFY(copyFile(msprofDbFixture(), b + QStringLiteral("/msprof_20250109120000.db")));
    test::writeFile(dir, QStringLiteral("b/PROF_2/device_0/timeline/msprof_0_1_1.json"), "[]");
    r = discoverProfiles({ dir.filePath(QStringLiteral("b")) });
    QCOMPARE(r.ranks.size(), std::size_t(1));
    QCOMPARE(r.ranks.front().info.deviceId, 0);
    QVERIFY(!r.ranks.front().info.traceFiles.isEmpty());
    QCOMPARE(r.report.files.size(), std::size_t(1));
    QVERIFY2(r.report.files.front().reason.contains(QLatin1String("device_0")), qPrintable(r.report.files.front().reason));
    // Two devices' DBs in one folder: two ranks.
    QVERIFY(copyFile(msprofDbFixture(), dir.filePath(QStringLiteral("c/msprof_0.db"))));
    QVERIFY(copyFile(msprofDbFixture(), dir.filePath(QStringLiteral("c/msprof_1.db"))));
    QCOMPARE(discoverProfiles({ dir.filePath(QStringLiteral("c")) }).ranks.size(), std::size_t(2));
}

QTEST_GUILESS_MAIN(TestDiscovery)
#include "tst_discovery.moc"
