// SPDX-License-Identifier: Apache-2.0
// The profiler databases read natively: every fixture DB rank against
// figures computed independently (Python over the same files, written down in
// ../shared/reference/db-format.md section 5; SQL run here by the test itself;
// the text twin of the same workload read by the text parsers).
#include "analysis/cluster.h"
#include "analysis/overview.h"
#include "generate/clustergenerator.h"
#include "load/profileloader.h"
#include "parse/dbimport.h"
#include "parse/sqlitedb.h"
#include "testsupport.h"

#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <map>

using namespace profscope;

namespace {



std::map<QString, qint64> slicesPerLane(const TraceData& t, const QString& process)
{
    std::map<QString, qint64> out;
    for (const ProcessTrack& p : t.processes)
        if (p.name == process)
            for (const ThreadTrack& th : p.threads)
                if (th.slices.size() > 0) // the text names lanes it leaves empty (Level0 "Plane 0")
                    out[th.name] += qint64(th.slices.size());
    return out;
}

std::map<QString, qint64> flowsPerCategory(const TraceData& t)
{
    std::map<QString, qint64> out;
    for (std::size_t i = 0; i < t.flows.size(); ++i)
        ++out[t.strings.string(t.flows.category[i])];
    return out;
}

QString dbPath(int level, int rank)
{
    return test::dbRank(level, rank) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_%1.db").arg(rank);
}

// A writable copy of a fixture rank 0 in `dir` (the tests damage it); its database's path, or
// empty when the copy failed.
QString writableDbRankCopy(const QTemporaryDir& dir, int level)
{
    const QString rankDir = dir.filePath(QStringLiteral("rank0_ascend_pt"));
    if (!test::copyTree(test::dbRank(level, 0), rankDir))
        return {};
    const QString path = rankDir + QStringLiteral("/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db");
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    return path;
}

// Runs SQL statements on a database (a copy: this writes); the error message, empty on success.
QByteArray execSql(const QString& path, const char* statements)
{
    sqlite3* db = nullptr;
    if (sqlite3_open(path.toUtf8().constData(), &db) != SQLITE_OK) {
        sqlite3_close(db);
        return "cannot open " + path.toUtf8();
    }
    char* error = nullptr;
    const int rc = sqlite3_exec(db, statements, nullptr, nullptr, &error);
    const QByteArray message = rc == SQLITE_OK ? QByteArray() : QByteArray(error ? error : "sqlite3_exec failed");
    sqlite3_free(error);
    sqlite3_close(db);
    return message;
}

// Runs one SQL query on a fixture DB with the plain sqlite3 API (immutable,
// like the importer, so that nothing is written next to the fixture).
std::vector<std::vector<qint64>> sql(const QString& path, const char* query)
{
    std::vector<std::vector<qint64>> rows;
    sqlite3* db = nullptr;
    const QByteArray uri = "file:" + path.toUtf8() + "?immutable=1";
    if (sqlite3_open_v2(uri.constData(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return rows;
    }
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, query, -1, &st, nullptr) == SQLITE_OK) {
        while (sqlite3_step(st) == SQLITE_ROW) {
            std::vector<qint64> row;
            for (int c = 0; c < sqlite3_column_count(st); ++c)
                row.push_back(sqlite3_column_int64(st, c));
            rows.push_back(std::move(row));
        }
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return rows;
}

void rankRows()
{
    QTest::addColumn<int>("level");
    QTest::addColumn<int>("rank");
    for (int level = 0; level < 3; ++level)
        for (int rank = 0; rank < 2; ++rank)
            QTest::newRow(qPrintable(QStringLiteral("level%1/rank%2").arg(level).arg(rank))) << level << rank;
}

} // namespace

class TestDbImport : public QObject
{
    Q_OBJECT

private slots:
    void laneCountsEqualTextTwin_data()
    {
        rankRows();
    }
    void laneCountsEqualTextTwin();
    void flowsFollowTheTextRule_data()
    {
        rankRows();
    }
    void flowsFollowTheTextRule();
    void kernelTable_data()
    {
        rankRows();
    }
    void kernelTable();
    void overviewEqualsStepTraceTime_data();
    void overviewEqualsStepTraceTime();
    void summariesAndMemory_data()
    {
        rankRows();
    }
    void summariesAndMemory();
    void nothingWrittenReadOnlyCopy();
    void walWithLogIsReadFromPrivateCopy();
    void textAndDbOneSourcePerKind();
    void insightCacheIgnored();
    void damagedDatabases_data();
    void damagedDatabases();
    void containerRule_data();
    void containerRule();
    void outOfRangeTaskNumbers();
    void handAssembledMsprofDb();
    void loneMsprofDbRankIds();
    void firstSnakeCaseExport();
    void generatedClusterEqualsTextTwin();
};

void TestDbImport::laneCountsEqualTextTwin()
{
    QFETCH(int, level);
    QFETCH(int, rank);
    const ProfilePtr db = ProfileLoader::load({ test::dbRank(level, rank) });
    const ProfilePtr text = ProfileLoader::load({ test::textRank(level, rank) });
    QCOMPARE(db->ranks.size(), std::size_t(1));
    const TraceData& d = db->ranks[0]->trace;
    const TraceData& t = text->ranks[0]->trace;
    // Ascend Hardware after the container rule, per stream (db-format.md 5.4 and the text trace).
    const auto dbStreams = slicesPerLane(d, QStringLiteral("Ascend Hardware"));
    QCOMPARE(dbStreams, slicesPerLane(t, QStringLiteral("Ascend Hardware")));
    QCOMPARE(dbStreams.at(QStringLiteral("Stream 2")), 219);
    QCOMPARE(dbStreams.at(QStringLiteral("Stream 3")), 6);
    QCOMPARE(dbStreams.at(QStringLiteral("Stream 4")), 308);
    QCOMPARE(dbStreams.count(QStringLiteral("Stream 0")), std::size_t(level > 0 ? 1 : 0));
    // HCCL: one group lane of 4 ops; 8 planes of 16 + 7 x 40 tasks except at Level0.
    const auto dbHccl = slicesPerLane(d, QStringLiteral("HCCL"));
    QCOMPARE(dbHccl, slicesPerLane(t, QStringLiteral("HCCL")));
    QCOMPARE(dbHccl.at(QStringLiteral("Group 0 Communication")), 4);
    QCOMPARE(dbHccl.size(), std::size_t(level > 0 ? 9 : 1));
    // Overlap Analysis lanes: Computing / Communication / Not Overlapped / Free = 187 / 4 / 101 / 90.
    const auto overlap = slicesPerLane(d, QStringLiteral("Overlap Analysis"));
    QCOMPARE(overlap.at(QStringLiteral("Computing")), 187);
    QCOMPARE(overlap.at(QStringLiteral("Communication")), 4);
    QCOMPARE(overlap.at(QStringLiteral("Communication(Not Overlapped)")), 101);
    QCOMPARE(overlap.at(QStringLiteral("Free")), 90);
    // Python lanes: the framework rows (2460; level2/rank1's capture has 2492 in 4 threads).
    const auto python = slicesPerLane(d, QStringLiteral("Python"));
    qint64 pythonSlices = 0;
    for (const auto& [lane, n] : python)
        pythonSlices += n;
    QCOMPARE(pythonSlices, level == 2 && rank == 1 ? 2492 : 2460);
    QCOMPARE(python.size(), std::size_t(level == 2 && rank == 1 ? 4 : 3));
    // Roles: the analyses find the same lanes in both.
    for (const TraceData* trace : { &d, &t }) {
        qint64 device = 0, ops = 0;
        for (const ProcessTrack& p : trace->processes)
            for (const ThreadTrack& th : p.threads) {
                device += th.role == LaneRole::DeviceTasks ? qint64(th.slices.size()) : 0;
                ops += th.role == LaneRole::CommunicationOps ? qint64(th.slices.size()) : 0;
            }
        QCOMPARE(device, qint64(219 + 6 + 308 + (level > 0 ? 2 : 0)));
        QCOMPARE(ops, 4);
    }
    // Counters: one point per row of AICORE_FREQ and HBM, two per LLC row (throughput, hit rate).
    std::map<QString, qint64> points;
    for (const ProcessTrack& p : d.processes)
        for (const CounterSeries& c : p.counters)
            points[p.name] += qint64(c.tsNs.size());
    QCOMPARE(points[QStringLiteral("AI Core Freq")], sql(dbPath(level, rank), "SELECT count(*) FROM AICORE_FREQ").at(0).at(0));
    QCOMPARE(points[QStringLiteral("HBM")], sql(dbPath(level, rank), "SELECT count(*) FROM HBM").at(0).at(0));
    QCOMPARE(points[QStringLiteral("LLC")], 2 * sql(dbPath(level, rank), "SELECT count(*) FROM LLC").at(0).at(0));
    QCOMPARE(points[QStringLiteral("Acc PMU")], 4 * sql(dbPath(level, rank), "SELECT count(*) FROM ACC_PMU").at(0).at(0));
    QCOMPARE(points[QStringLiteral("Stars Soc Info")],
        2 * sql(dbPath(level, rank), "SELECT count(*) FROM SOC_BANDWIDTH_LEVEL").at(0).at(0));
    // One step marker, STEP_TIME = the ProfilerStep#50 host slice.
    QCOMPARE(d.steps.size(), std::size_t(1));
    QCOMPARE(d.steps[0].id, QStringLiteral("50"));
    const auto stepRow = sql(dbPath(level, rank), "SELECT startNs, endNs FROM STEP_TIME");
    QCOMPARE(d.steps[0].rangeNs.startNs, stepRow.at(0).at(0));
    QCOMPARE(d.steps[0].rangeNs.endNs, stepRow.at(0).at(1));
    if (level == 2 && rank == 0)
        QCOMPARE(d.steps[0].rangeNs.startNs, 1736414119633143240LL);
}

void TestDbImport::flowsFollowTheTextRule()
{
    QFETCH(int, level);
    QFETCH(int, rank);
    const ProfilePtr db = ProfileLoader::load({ test::dbRank(level, rank) });
    const ProfilePtr text = ProfileLoader::load({ test::textRank(level, rank) });
    const auto d = flowsPerCategory(db->ranks[0]->trace);
    const auto t = flowsPerCategory(text->ranks[0]->trace);
    // 187 compute + 24 memcpy on Ascend Hardware + 4 on HCCL, exactly the text trace.
    QCOMPARE(d.at(QStringLiteral("HostToDevice")), 215);
    QCOMPARE(d.at(QStringLiteral("HostToDevice")), t.at(QStringLiteral("HostToDevice")));
    // torch_npu's DB links ops only to kernels and comm ops (191), the text also to memcpy.
    QCOMPARE(d.at(QStringLiteral("async_npu")), 191);
    QCOMPARE(d.at(QStringLiteral("async_task_queue")), level == 2 && rank == 1 ? 175 : 159);
    QCOMPARE(d.at(QStringLiteral("fwdbwd")), 27);
    QCOMPARE(d.at(QStringLiteral("fwdbwd")), t.at(QStringLiteral("fwdbwd")));
    // Every launch arrow ends on a slice, and is marked a launch.
    const TraceData& trace = db->ranks[0]->trace;
    qint64 launches = 0;
    for (std::size_t i = 0; i < trace.flows.size(); ++i) {
        QVERIFY(trace.flows.toSlice[i] >= 0);
        QVERIFY(trace.flows.fromSlice[i] >= 0);
        launches += trace.flows.role[i] == FlowRole::Launch;
    }
    QCOMPARE(launches, 215 + 191);
    // The slice a HostToDevice arrow starts at is the Node/AscendCL launch of the same connection id.
    for (std::size_t i = 0; i < trace.flows.size(); ++i) {
        if (trace.strings.view(trace.flows.category[i]) != "HostToDevice")
            continue;
        const ThreadTrack& from = trace.processes[trace.flows.fromProcess[i]].threads[trace.flows.fromThread[i]];
        QCOMPARE(trace.processes[trace.flows.fromProcess[i]].name, QStringLiteral("CANN"));
        const QByteArray args = trace.argsText(from.slices.args[std::size_t(trace.flows.fromSlice[i])]);
        QVERIFY2(args.contains(QByteArray(QByteArray("\"connection_id\": ") + QByteArray::number(qulonglong(trace.flows.id[i])))), args.constData());
    }
}

void TestDbImport::kernelTable()
{
    QFETCH(int, level);
    QFETCH(int, rank);
    const ProfilePtr db = ProfileLoader::load({ test::dbRank(level, rank) });
    const ProfilePtr text = ProfileLoader::load({ test::textRank(level, rank) });
    const KernelTable* k = db->ranks[0]->kernels.get();
    QVERIFY(k);
    QCOMPARE(k->size(), std::size_t(191));
    QCOMPARE(k->size(), text->ranks[0]->kernels->size());
    std::map<QString, int> cores, textCores;
    for (std::size_t i = 0; i < k->size(); ++i)
        ++cores[k->strings.string(k->acceleratorCore[i])];
    const KernelTable& tk = *text->ranks[0]->kernels;
    for (std::size_t i = 0; i < tk.size(); ++i)
        ++textCores[tk.strings.string(tk.acceleratorCore[i])];
    QCOMPARE(cores.at(QStringLiteral("HCCL")), 4);
    if (level > 0) {
        const std::map<QString, int> expected { { QStringLiteral("AI_VECTOR_CORE"), 149 }, { QStringLiteral("AI_CORE"), 23 },
            { QStringLiteral("MIX_AIV"), 13 }, { QStringLiteral("DSA_SQE"), 2 }, { QStringLiteral("HCCL"), 4 } };
        QCOMPARE(cores, expected);
        QCOMPARE(cores, textCores);
    }
    if (level == 2 && rank == 0) { // the Type multiset equals kernel_details.csv's
        std::map<QString, int> types, textTypes;
        for (std::size_t i = 0; i < k->size(); ++i)
            ++types[k->strings.string(k->type[i])];
        for (std::size_t i = 0; i < tk.size(); ++i)
            ++textTypes[tk.strings.string(tk.type[i])];
        QCOMPARE(types, textTypes);
    }
    // Wait Time: per device, the gap to the previous kernel row, computed here in SQL.
    const auto rows = sql(dbPath(level, rank),
        "SELECT startNs, endNs FROM (SELECT t.startNs, t.endNs FROM TASK t JOIN COMPUTE_TASK_INFO c "
        "ON c.globalTaskId = t.globalTaskId UNION ALL SELECT startNs, endNs FROM COMMUNICATION_OP) ORDER BY startNs");
    QCOMPARE(rows.size(), std::size_t(191));
    std::map<qint64, qint64> expectedWait; // start -> wait
    for (std::size_t i = 0; i < rows.size(); ++i)
        expectedWait[rows[i][0]] = i == 0 ? 0 : std::max<qint64>(0, rows[i][0] - rows[i - 1][1]);
    for (std::size_t i = 0; i < k->size(); ++i)
        QCOMPARE(k->waitNs[i], expectedWait.at(k->startNs[i]));
    // Every row is in step 50; shapes lose their literal quotes like the CSV parser's.
    for (std::size_t i = 0; i < k->size(); ++i)
        QCOMPARE(k->stepId[i], 50);
    if (level > 0) {
        bool sawShape = false;
        for (std::size_t i = 0; i < k->size(); ++i)
            sawShape = sawShape || k->strings.view(k->inputShapes[i]) == "32,3,224,224";
        QVERIFY(sawShape);
        QVERIFY(k->metricNames().contains(QStringLiteral("aiv_time(us)")));
    }
}

void TestDbImport::overviewEqualsStepTraceTime_data()
{
    QTest::addColumn<int>("level");
    QTest::addColumn<int>("rank");
    QTest::addColumn<QList<double>>("expectedUs"); // db-format.md 5.3, analysis.db StepTraceTime
    auto row = [](int l, int r, QList<double> v) {
        QTest::newRow(qPrintable(QStringLiteral("level%1/rank%2").arg(l).arg(r))) << l << r << v;
    };
    // computing, not overlapped, overlapped, communication, free, stage, bubble, preparing
    row(0, 0, { 8843.91, 85881.122, 3999.454, 89880.576, 25900.158, 120625.19, 0, 16681.808 });
    row(0, 1, { 8831.637, 90000.781, 3993.077, 93993.858, 26748.231, 125580.649, 0, 18002.802 });
    row(1, 0, { 8903.431, 98071.947, 4036.153, 102108.1, 25258.144, 132233.522, 0, 18055.693 });
    row(1, 1, { 8915.634, 94556.05, 4034.14, 98590.19, 25840.499, 129312.183, 0, 17512.827 });
    row(2, 0, { 8900.456, 90080.699, 4026.822, 94107.521, 25238.587, 124219.742, 0, 17894.588 });
    row(2, 1, { 8926.368, 96293.92, 4063.605, 100357.525, 25228.138, 130448.426, 0, 16382.844 });
}

void TestDbImport::overviewEqualsStepTraceTime()
{
    QFETCH(int, level);
    QFETCH(int, rank);
    QFETCH(QList<double>, expectedUs);
    const ProfilePtr db = ProfileLoader::load({ test::dbRank(level, rank) });
    const RankOverview o = computeOverview(*db->ranks[0]);
    QCOMPARE(o.steps.size(), std::size_t(1));
    QCOMPARE(o.steps[0].step, QStringLiteral("50"));
    const StepTraceRow::Column columns[] = { StepTraceRow::Computing, StepTraceRow::CommunicationNotOverlapped,
        StepTraceRow::Overlapped, StepTraceRow::Communication, StepTraceRow::Free, StepTraceRow::Stage,
        StepTraceRow::Bubble, StepTraceRow::Preparing };
    for (int c = 0; c < 8; ++c) {
        const double us = double(o.steps[0].value(columns[c])) / 1000.0;
        QVERIFY2(std::abs(us - expectedUs[c]) < 0.0015,
            qPrintable(QStringLiteral("%1: %2 vs %3").arg(stepTraceColumnName(columns[c])).arg(us).arg(expectedUs[c])));
    }
    // The profiler's own figure (read from analysis.db) is the check.
    QCOMPARE(db->ranks[0]->stepTrace.size(), std::size_t(1));
    QVERIFY(!o.checks.empty());
    for (const OverviewCheck& check : o.checks)
        QVERIFY2(std::abs(check.computedNs - check.fileNs) <= 1, qPrintable(stepTraceColumnName(check.column)));
    // Against the text twin (a separate capture of the same workload), computing is within 1% of the step.
    const ProfilePtr text = ProfileLoader::load({ test::textRank(level, rank) });
    const RankOverview t = computeOverview(*text->ranks[0]);
    QCOMPARE(t.steps.size(), std::size_t(1));
    QVERIFY(std::abs(o.steps[0].value(StepTraceRow::Computing) - t.steps[0].value(StepTraceRow::Computing))
        <= o.steps[0].spanNs.durationNs() / 100);
}

void TestDbImport::summariesAndMemory()
{
    QFETCH(int, level);
    QFETCH(int, rank);
    const ProfilePtr db = ProfileLoader::load({ test::dbRank(level, rank) });
    const ProfilePtr text = ProfileLoader::load({ test::textRank(level, rank) });
    const RankData& d = *db->ranks[0];
    const RankData& t = *text->ranks[0];
    QCOMPARE(d.info.rankId, rank);
    QCOMPARE(d.info.deviceId, t.info.deviceId);
    // analysis.db: Level0 has only StepTraceTime; the others 4 ops, 48 matrix rows (db-format.md 5.3).
    QCOMPARE(d.communication.size(), std::size_t(level == 0 ? 0 : 4));
    QCOMPARE(d.communicationMatrix.size(), std::size_t(level == 0 ? 0 : 48));
    if (level > 0) {
        QCOMPARE(d.communication.size(), t.communication.size());
        QCOMPARE(d.communicationMatrix.size(), t.communicationMatrix.size());
        for (const CommOpRecord& op : d.communication) {
            QCOMPARE(op.step, QStringLiteral("step50"));
            QVERIFY(!op.p2p);
            QVERIFY(op.opName.startsWith(QLatin1String("hcom_allReduce_")));
            QCOMPARE(op.waitRatio, std::round(op.waitMs / (op.waitMs + op.transitMs) * 10000.0) / 10000.0);
            QVERIFY(!op.bandwidth.empty());
        }
        if (level == 2 && rank == 0) // double_hash of the raw group name
            QCOMPARE(d.communication[0].groupId, QStringLiteral("11978775601474615865"));
    }
    // Memory: the same components as memory_record.csv; PTA 381 / GE 114 / PTA+GE 495 / APP from NPU_MEM.
    QVERIFY(d.memoryRecords);
    std::map<QString, int> comps, textComps;
    for (std::size_t i = 0; i < d.memoryRecords->size(); ++i)
        ++comps[d.memoryRecords->strings.string(d.memoryRecords->component[i])];
    for (std::size_t i = 0; i < t.memoryRecords->size(); ++i)
        ++textComps[t.memoryRecords->strings.string(t.memoryRecords->component[i])];
    QCOMPARE(comps.at(QStringLiteral("PTA")), 381);
    QCOMPARE(comps.at(QStringLiteral("GE")), 114);
    QCOMPARE(comps.at(QStringLiteral("PTA+GE")), 495);
    QCOMPARE(comps.at(QStringLiteral("PTA")), textComps.at(QStringLiteral("PTA")));
    const auto app = sql(dbPath(level, rank), "SELECT count(*) FROM NPU_MEM n JOIN STRING_IDS s ON s.id = n.type WHERE s.value = 'app'");
    QCOMPARE(qint64(comps.at(QStringLiteral("APP"))), app.at(0).at(0));
    // The earliest APP value is the earliest app hbm of NPU_MEM, in MB
    // (APP rows come first in the table).
    const auto firstApp = sql(dbPath(level, rank),
        "SELECT n.hbm FROM NPU_MEM n JOIN STRING_IDS s ON s.id = n.type WHERE s.value = 'app' ORDER BY n.timestampNs LIMIT 1");
    for (std::size_t i = 0; i < d.memoryRecords->size(); ++i)
        if (d.memoryRecords->strings.view(d.memoryRecords->component[i]) == "APP") {
            QCOMPARE(d.memoryRecords->reservedMB[i], double(firstApp.at(0).at(0)) / 1048576.0);
            break;
        }
    if (level == 2 && rank == 0) // 2212081664 B / 2^20
        QCOMPARE(d.memoryRecords->reservedMB[0], 2109.60546875);
    // Operator memory: 184 allocations; peaks of the PTA curve in MB from SQL.
    QVERIFY(d.operatorMemory);
    QCOMPARE(d.operatorMemory->size(), std::size_t(184));
    const auto peak = sql(dbPath(level, rank),
        "SELECT max(m.totalReserved) FROM MEMORY_RECORD m JOIN STRING_IDS s ON s.id = m.component WHERE s.value = 'PTA'");
    double ptaPeakMB = 0;
    for (std::size_t i = 0; i < d.memoryRecords->size(); ++i)
        if (d.memoryRecords->strings.view(d.memoryRecords->component[i]) == "PTA")
            ptaPeakMB = std::max(ptaPeakMB, d.memoryRecords->reservedMB[i]);
    QCOMPARE(ptaPeakMB, double(peak.at(0).at(0)) / 1048576.0);
    // Which file fed which data: the report says so.
    const FileReport* f = test::reportEndingWith(*db, QStringLiteral("ascend_pytorch_profiler_%1.db").arg(rank));
    QVERIFY(f);
    QCOMPARE(f->status, FileStatus::Used);
    QVERIFY(f->reason.contains(QLatin1String("timeline")));
    QCOMPARE(f->count(QStringLiteral("TASK")), 552 - (level == 0 ? 2 : 0));
    QCOMPARE(f->count(QStringLiteral("TASK container rows dropped")), 17);
}

void TestDbImport::nothingWrittenReadOnlyCopy()
{
    // level1/rank0's DB is in WAL mode (MindStudio Insight touched it): plain
    // read-only opening would leave -wal / -shm files beside it.
    QTemporaryDir dir;
    const QString copy = dir.filePath(QStringLiteral("rank0_ascend_pt"));
    QVERIFY(test::copyTree(test::dbRank(1, 0), copy));
    QDirIterator it(copy, QDir::AllEntries | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    QStringList all;
    while (it.hasNext())
        all << it.next();
    for (const QString& p : all)
        QFile::setPermissions(p, QFileInfo(p).isDir() ? QFile::ReadOwner | QFile::ExeOwner : QFile::ReadOwner);
    QFile::setPermissions(copy, QFile::ReadOwner | QFile::ExeOwner);
    const QStringList before = test::folderSnapshot(copy);
    const ProfilePtr p = ProfileLoader::load({ copy });
    QCOMPARE(test::folderSnapshot(copy), before);
    QCOMPARE(p->ranks.size(), std::size_t(1));
    QCOMPARE(p->ranks[0]->kernels->size(), std::size_t(191));
    for (const QString& path : all + QStringList { copy })
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    // The fixture folder itself is untouched too.
    const QStringList fixtureBefore = test::folderSnapshot(test::dbRank(1, 0));
    ProfileLoader::load({ test::dbRank(1, 0) });
    QCOMPARE(test::folderSnapshot(test::dbRank(1, 0)), fixtureBefore);
}

void TestDbImport::walWithLogIsReadFromPrivateCopy()
{
    // A writer that crashed leaves committed rows in the -wal only: they must
    // be read, and the folder must stay as it was.
    QTemporaryDir work, data;
    const QString live = work.filePath(QStringLiteral("analysis.db"));
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(live.toUtf8().constData(), &db), SQLITE_OK);
    sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0;"
                     "CREATE TABLE StepTraceTime (step TEXT, computing NUMERIC, communication_not_overlapped NUMERIC,"
                     " overlapped NUMERIC, communication NUMERIC, free NUMERIC, stage NUMERIC, bubble NUMERIC,"
                     " communication_not_overlapped_and_exclude_receive NUMERIC, preparing NUMERIC);"
                     "INSERT INTO StepTraceTime VALUES ('7', 100, 20, 5, 25, 3, 128, 0, 20, 2);",
        nullptr, nullptr, nullptr);
    // Copy while the connection is open: the rows live in the -wal.
    const QString rankDir = data.filePath(QStringLiteral("r_ascend_pt/ASCEND_PROFILER_OUTPUT"));
    QVERIFY(QDir().mkpath(rankDir));
    QVERIFY(QFile::copy(live, rankDir + QStringLiteral("/analysis.db")));
    QVERIFY(QFile::copy(live + QStringLiteral("-wal"), rankDir + QStringLiteral("/analysis.db-wal")));
    sqlite3_close(db);
    const QStringList before = test::folderSnapshot(data.path());
    const ProfilePtr p = ProfileLoader::load({ data.filePath(QStringLiteral("r_ascend_pt")) });
    QCOMPARE(test::folderSnapshot(data.path()), before);
    QCOMPARE(p->ranks.size(), std::size_t(1));
    QCOMPARE(p->ranks[0]->stepTrace.size(), std::size_t(1));
    QCOMPARE(p->ranks[0]->stepTrace[0].step, QStringLiteral("7"));
    QCOMPARE(p->ranks[0]->stepTrace[0].valueNs[StepTraceRow::Stage], 128000);
    const FileReport* f = test::reportEndingWith(*p, QStringLiteral("analysis.db"));
    QVERIFY(f && f->warnings.join(QLatin1Char(' ')).contains(QLatin1String("-wal")));
}

void TestDbImport::textAndDbOneSourcePerKind()
{
    // torch_npu with export_type [text, db] writes both into one folder.
    QTemporaryDir dir;
    const QString rankDir = dir.filePath(QStringLiteral("rank0_ascend_pt"));
    QVERIFY(test::copyTree(test::textRank(2, 0), rankDir));
    QVERIFY(QFile::copy(dbPath(2, 0), rankDir + QStringLiteral("/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db")));
    QVERIFY(QFile::copy(test::dbRank(2, 0) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/analysis.db"),
        rankDir + QStringLiteral("/ASCEND_PROFILER_OUTPUT/analysis.db")));
    const ProfilePtr textOnly = ProfileLoader::load({ test::textRank(2, 0) });
    const ProfilePtr dbOnly = ProfileLoader::load({ test::dbRank(2, 0) });
    for (const SourcePreference pref : { SourcePreference::Auto, SourcePreference::Text }) {
        LoadOptions options;
        options.sources = pref;
        const ProfilePtr p = ProfileLoader::load({ rankDir }, options);
        const RankData& r = *p->ranks[0];
        const bool fromDb = pref == SourcePreference::Auto;
        const ProfilePtr& twin = fromDb ? dbOnly : textOnly;
        // Never both: the counts are one source's, not a sum.
        QCOMPARE(r.trace.sliceCount(), twin->ranks[0]->trace.sliceCount());
        QCOMPARE(r.kernels->size(), std::size_t(191));
        QCOMPARE(r.memoryRecords->size(), twin->ranks[0]->memoryRecords->size());
        QCOMPARE(r.communication.size(), twin->ranks[0]->communication.size());
        QCOMPARE(r.stepTrace.size(), std::size_t(1));
        const FileReport* trace = test::reportEndingWith(*p, QStringLiteral("trace_view.json"));
        const FileReport* unified = test::reportEndingWith(*p, QStringLiteral("ascend_pytorch_profiler_0.db"));
        const FileReport* kernels = test::reportEndingWith(*p, QStringLiteral("kernel_details.csv"));
        QVERIFY(trace && unified && kernels);
        QCOMPARE(trace->status, fromDb ? FileStatus::Skipped : FileStatus::Used);
        QCOMPARE(kernels->status, fromDb ? FileStatus::Skipped : FileStatus::Used);
        QCOMPARE(unified->status, fromDb ? FileStatus::Used : FileStatus::Skipped);
        if (fromDb)
            QVERIFY(trace->reason.contains(QLatin1String("ascend_pytorch_profiler_0.db")));
        // Text-only kinds are read from text either way.
        QCOMPARE(test::reportEndingWith(*p, QStringLiteral("op_statistic.csv"))->status, FileStatus::Used);
    }
}

void TestDbImport::insightCacheIgnored()
{
    QTemporaryDir dir;
    const QString rankDir = dir.filePath(QStringLiteral("rank0_ascend_pt"));
    QVERIFY(test::copyTree(test::dbRank(0, 0), rankDir));
    // MindStudio Insight's cache is a real SQLite file with tables that look like data.
    QVERIFY(QFile::copy(dbPath(0, 0), rankDir + QStringLiteral("/mindstudio_insight_data.db")));
    const ProfilePtr p = ProfileLoader::load({ rankDir });
    const FileReport* cache = test::reportEndingWith(*p, QStringLiteral("mindstudio_insight_data.db"));
    QVERIFY(cache);
    QCOMPARE(cache->status, FileStatus::Skipped);
    QCOMPARE(p->ranks[0]->kernels->size(), std::size_t(191)); // not twice
}

void TestDbImport::damagedDatabases_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("expectInReason");
    QTest::newRow("zero length") << "empty" << "empty";
    QTest::newRow("not sqlite") << "text" << "not an SQLite";
    QTest::newRow("encrypted-looking") << "random" << "not an SQLite";
    QTest::newRow("truncated") << "truncate" << "";
    QTest::newRow("task without startNs") << "dropcolumn" << "TASK";
    QTest::newRow("no STRING_IDS") << "dropstrings" << "STRING_IDS";
    QTest::newRow("text in times, dangling ids") << "garbage" << "";
}

void TestDbImport::damagedDatabases()
{
    QFETCH(QString, damage);
    QFETCH(QString, expectInReason);
    QTemporaryDir dir;
    const QString path = writableDbRankCopy(dir, 2);
    QVERIFY(!path.isEmpty());
    const QString rankDir = dir.filePath(QStringLiteral("rank0_ascend_pt"));
    auto exec = [&path](const char* statements) {
        const QByteArray error = execSql(path, statements);
        QVERIFY2(error.isEmpty(), error.constData());
    };
    QFile f(path);
    if (damage == QLatin1String("empty")) {
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.close();
    } else if (damage == QLatin1String("text")) {
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("step,computing\n1,2\n");
        f.close();
    } else if (damage == QLatin1String("random")) {
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QByteArray bytes(64 * 1024, '\0');
        quint32 x = 12345;
        for (char& c : bytes) {
            x = x * 1664525u + 1013904223u;
            c = char(x >> 24);
        }
        f.write(bytes);
        f.close();
    } else if (damage == QLatin1String("truncate")) {
        QVERIFY(f.resize(f.size() / 3));
    } else if (damage == QLatin1String("dropcolumn")) {
        exec("ALTER TABLE TASK RENAME COLUMN startNs TO beginning;");
    } else if (damage == QLatin1String("dropstrings")) {
        exec("DROP TABLE STRING_IDS;");
    } else if (damage == QLatin1String("garbage")) {
        exec("UPDATE TASK SET startNs = 'soon' WHERE rowid % 7 = 0; UPDATE COMPUTE_TASK_INFO SET name = 999999999;"
             "UPDATE CONNECTION_IDS SET id = -5 WHERE rowid % 3 = 0;");
    }
    const ProfilePtr p = ProfileLoader::load({ rankDir });
    QCOMPARE(p->ranks.size(), std::size_t(1));
    const FileReport* r = test::reportEndingWith(*p, QStringLiteral("ascend_pytorch_profiler_0.db"));
    QVERIFY(r);
    if (!expectInReason.isEmpty()) {
        QCOMPARE(r->status, FileStatus::Broken);
        QVERIFY2(r->reason.contains(expectInReason), qPrintable(r->reason));
    }
    if (damage == QLatin1String("truncate"))
        QVERIFY2(r->status == FileStatus::Broken, qPrintable(r->reason));
    // The rest of the rank still loads: analysis.db and profiler_info.
    QCOMPARE(test::reportEndingWith(*p, QStringLiteral("analysis.db"))->status, FileStatus::Used);
    QCOMPARE(p->ranks[0]->stepTrace.size(), std::size_t(1));
    QCOMPARE(p->ranks[0]->info.rankId, 0);
    computeOverview(*p->ranks[0]); // and nothing downstream trips over what was read
}

// The container rule (db-format.md 5.4): a TASK row without a COMPUTE_TASK_INFO /
// COMMUNICATION_TASK_INFO row is dropped when a row with one has its (device, stream, task
// id). The importer keeps the smaller side's keys in a table: the fixture has a few rows
// without info; with most info rows deleted it is the other way round. The expected count is
// SQL's over the same file.
void TestDbImport::containerRule_data()
{
    QTest::addColumn<QByteArray>("statements");
    QTest::newRow("fixture: few rows without info") << QByteArray();
    QTest::newRow("most info rows deleted") << QByteArray("DELETE FROM COMPUTE_TASK_INFO WHERE rowid % 5 != 0;"
                                                          "DELETE FROM COMMUNICATION_TASK_INFO WHERE rowid % 5 != 0;");
}

void TestDbImport::containerRule()
{
    QFETCH(QByteArray, statements);
    QTemporaryDir dir;
    const QString path = writableDbRankCopy(dir, 1);
    QVERIFY(!path.isEmpty());
    const QString rankDir = dir.filePath(QStringLiteral("rank0_ascend_pt"));
    if (!statements.isEmpty()) {
        const QByteArray error = execSql(path, statements.constData());
        QVERIFY2(error.isEmpty(), error.constData());
    }
    const char* info = "(SELECT globalTaskId FROM COMPUTE_TASK_INFO UNION SELECT globalTaskId FROM COMMUNICATION_TASK_INFO)";
    const QByteArray withInfo = QByteArray("globalTaskId IN ") + info;
    const QByteArray countWith = "SELECT count(*) FROM TASK WHERE " + withInfo;
    const QByteArray countWithout = "SELECT count(*) FROM TASK WHERE NOT " + withInfo;
    const QByteArray countContainers = "SELECT count(*) FROM TASK t WHERE t.globalTaskId NOT IN " + QByteArray(info)
        + " AND EXISTS (SELECT 1 FROM TASK u WHERE u." + withInfo
        + " AND u.deviceId = t.deviceId AND u.streamId = t.streamId AND u.taskId = t.taskId)";
    const qint64 rowsWithInfo = sql(path, countWith.constData()).at(0).at(0);
    const qint64 rowsWithout = sql(path, countWithout.constData()).at(0).at(0);
    const qint64 containers = sql(path, countContainers.constData()).at(0).at(0);
    if (statements.isEmpty()) {
        QVERIFY(rowsWithout < rowsWithInfo);
        QCOMPARE(containers, qint64(17));
    } else {
        QVERIFY(rowsWithout > rowsWithInfo);
        QVERIFY(containers > 0);
    }
    const ProfilePtr p = ProfileLoader::load({ rankDir });
    const FileReport* r = test::reportEndingWith(*p, QStringLiteral("ascend_pytorch_profiler_0.db"));
    QVERIFY(r);
    QCOMPARE(r->count(QStringLiteral("TASK container rows dropped")), containers);
}

void TestDbImport::outOfRangeTaskNumbers()
{
    // Task rows keep 32-bit stream numbers and string ids: a stream number
    // past int32 reads as -1 (its own lane, the row kept), a name id past
    // UINT32_MAX as no name — never wrapped onto another stream or string.
    QTemporaryDir dir;
    const QString path = writableDbRankCopy(dir, 1);
    QVERIFY(!path.isEmpty());
    const QString rankDir = dir.filePath(QStringLiteral("rank0_ascend_pt"));
    const ProfilePtr before = ProfileLoader::load({ rankDir });
    const auto lanesBefore = slicesPerLane(before->ranks.at(0)->trace, QStringLiteral("Ascend Hardware"));
    // A compute row on stream 2; 2^32 + 2 would wrap onto stream 2 again.
    const qint64 task = sql(path,
        "SELECT t.rowid FROM TASK t JOIN COMPUTE_TASK_INFO c ON c.globalTaskId = t.globalTaskId WHERE t.streamId = 2 "
        "ORDER BY t.rowid LIMIT 1").at(0).at(0);
    const QByteArray statements = QByteArray("UPDATE TASK SET streamId = 4294967298 WHERE rowid = ")
        + QByteArray::number(task) + ";"
        + "UPDATE COMPUTE_TASK_INFO SET name = 4294967296 + (SELECT name FROM COMPUTE_TASK_INFO LIMIT 1) "
          "WHERE globalTaskId = (SELECT globalTaskId FROM TASK WHERE rowid = "
        + QByteArray::number(task) + ");";
    const QByteArray error = execSql(path, statements.constData());
    QVERIFY2(error.isEmpty(), error.constData());
    const ProfilePtr after = ProfileLoader::load({ rankDir });
    auto lanes = slicesPerLane(after->ranks.at(0)->trace, QStringLiteral("Ascend Hardware"));
    QCOMPARE(lanes.at(QStringLiteral("Stream -1")), qint64(1));
    QCOMPARE(lanes.at(QStringLiteral("Stream 2")), lanesBefore.at(QStringLiteral("Stream 2")) - 1);
    // The moved slice has no name (an id that resolves to nothing).
    const TraceData& t = after->ranks.at(0)->trace;
    for (const ProcessTrack& p : t.processes)
        for (const ThreadTrack& th : p.threads)
            if (th.name == QLatin1String("Stream -1"))
                QVERIFY(t.strings.string(th.slices.name[0]).isEmpty());
}

void TestDbImport::handAssembledMsprofDb()
{
    // MindStudio Insight's unit-test DB: three time bases, WAL, extra tables and
    // columns, a leftover snake_case table. Schema robustness and row counts only.
    const QString path = test::fixture(QStringLiteral("ascend-msinsight/server/src/test/test_data/full_db/msprof_0.db"));
    QVERIFY(QFileInfo::exists(path));
    const QStringList before = test::folderSnapshot(QFileInfo(path).absolutePath());
    SqliteDb db;
    QString error;
    QVERIFY2(db.open(path, &error), qPrintable(error));
    QCOMPARE(classifyDatabase(path, db), DbKind::Msprof);
    QCOMPARE(db.firstColumn(QStringLiteral("COMPUTE_TASK_INFO"), { "blockNum", "blockDim" }), QStringLiteral("blockDim"));
    RankData rank;
    FileReport report;
    importProfilerDb(db, rank, DbTake {}, report);
    QCOMPARE(report.count(QStringLiteral("TASK")), 24);
    QCOMPARE(report.count(QStringLiteral("COMPUTE_TASK_INFO")), 11);
    QCOMPARE(report.count(QStringLiteral("COMMUNICATION_TASK_INFO")), 9);
    QCOMPARE(report.count(QStringLiteral("COMMUNICATION_OP")), 0);
    QCOMPARE(report.count(QStringLiteral("STRING_IDS")), 1405);
    // Device 2, streams 8 / 16 / 18 = 1 / 14 / 9 rows (none of them a container here).
    const auto streams = slicesPerLane(rank.trace, QStringLiteral("Ascend Hardware"));
    qint64 total = 0;
    for (const auto& [lane, n] : streams)
        total += n;
    QCOMPARE(total + report.count(QStringLiteral("TASK container rows dropped")), 24);
    QCOMPARE(rank.kernels->size(), std::size_t(11));
    QCOMPARE(test::folderSnapshot(QFileInfo(path).absolutePath()), before);
}

void TestDbImport::loneMsprofDbRankIds()
{
    // A folder holding only a msprof DB: the rank id comes from RANK_DEVICE_MAP
    // when it has one, else the N of msprof_N.db is the device id (when the
    // tasks name none); the report says which.
    const QString fixture = test::fixture(QStringLiteral("ascend-msinsight/server/src/test/test_data/full_db/msprof_0.db"));
    QTemporaryDir dir;
    const auto edited = [&](const QString& relative, const char* sql) {
        const QString path = dir.filePath(relative);
        QDir().mkpath(QFileInfo(path).absolutePath());
        if (!QFile::copy(fixture, path))
            return QString();
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        sqlite3* db = nullptr;
        const bool ok = sqlite3_open(path.toUtf8().constData(), &db) == SQLITE_OK
            && sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
        sqlite3_close(db);
        return ok ? QFileInfo(path).absolutePath() : QString();
    };
    const QString mapped = edited(QStringLiteral("mapped/msprof_3.db"),
                                  "PRAGMA journal_mode=DELETE; CREATE TABLE RANK_DEVICE_MAP (rankId INTEGER, deviceId INTEGER);"
                                  "INSERT INTO RANK_DEVICE_MAP VALUES (5, 3);");
    QVERIFY(!mapped.isEmpty());
    const QString taskless = edited(QStringLiteral("taskless/msprof_4.db"), "PRAGMA journal_mode=DELETE; DELETE FROM TASK;");
    QVERIFY(!taskless.isEmpty());

    ProfilePtr p = ProfileLoader::load({ mapped });
    QCOMPARE(p->ranks.size(), std::size_t(1));
    QCOMPARE(p->ranks[0]->info.rankId, 5);
    const FileReport* r = test::reportEndingWith(*p, QStringLiteral("/msprof_3.db"));
    QVERIFY(r);
    QVERIFY2(r->reason.contains(QLatin1String("rank 5 from the database's RANK_DEVICE_MAP")), qPrintable(r->reason));

    p = ProfileLoader::load({ taskless });
    QCOMPARE(p->ranks.size(), std::size_t(1));
    QCOMPARE(p->ranks[0]->info.rankId, -1);
    QCOMPARE(p->ranks[0]->info.deviceId, 4);
    r = test::reportEndingWith(*p, QStringLiteral("/msprof_4.db"));
    QVERIFY(r);
    QCOMPARE(r->count(QStringLiteral("CANN_API")), 4); // sqlite3: select count(*) from CANN_API -> 4
    QVERIFY2(r->reason.contains(QLatin1String("rank unknown, device 4 from the file name")), qPrintable(r->reason));

    // The fixture as it is (no rank id; its Overlap Analysis lanes differ from the
    // recomputed Free by more than 1%): the warning names the file, not "rank -1".
    const QString plain = edited(QStringLiteral("plain/msprof_0.db"), "PRAGMA journal_mode=DELETE;");
    QVERIFY(!plain.isEmpty());
    p = ProfileLoader::load({ plain });
    QCOMPARE(p->ranks.size(), std::size_t(1));
    QCOMPARE(p->ranks[0]->info.rankId, -1);
    bool mismatchNamed = false;
    for (const ImportMessage& m : p->report.messages) {
        QVERIFY2(!m.text.contains(QLatin1String("rank -1")), qPrintable(m.text));
        if (m.text.contains(QLatin1String("recomputed step figures differ")))
            mismatchNamed = m.text.startsWith(QLatin1String("plain/msprof_0.db: ")) || m.text.startsWith(QLatin1String("msprof_0.db: "));
    }
    QVERIFY(mismatchNamed);
}

void TestDbImport::firstSnakeCaseExport()
{
    // torch_npu's first DB export (2024-03) wrote snake_case columns and had
    // no PYTORCH_API.type: rename them in a copy and expect the same figures.
    QTemporaryDir dir;
    const QString rankDir = dir.filePath(QStringLiteral("rank0_ascend_pt"));
    QVERIFY(test::copyTree(test::dbRank(2, 0), rankDir));
    const QString path = rankDir + QStringLiteral("/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db");
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
    const char* renames[][3] = { { "TASK", "startNs", "start_ns" }, { "TASK", "endNs", "end_ns" },
        { "TASK", "globalTaskId", "global_task_id" }, { "TASK", "deviceId", "device_id" },
        { "TASK", "streamId", "stream_id" }, { "TASK", "connectionId", "connection_id" },
        { "COMPUTE_TASK_INFO", "globalTaskId", "global_task_id" }, { "COMPUTE_TASK_INFO", "taskType", "task_type" },
        { "CANN_API", "startNs", "start_ns" }, { "CANN_API", "endNs", "end_ns" },
        { "CANN_API", "connectionId", "connection_id" }, { "PYTORCH_API", "startNs", "start_ns" },
        { "PYTORCH_API", "endNs", "end_ns" }, { "PYTORCH_API", "connectionId", "connection_id" },
        { "STEP_TIME", "startNs", "start_ns" }, { "STEP_TIME", "endNs", "end_ns" } };
    for (const auto& r : renames) {
        const QByteArray sql = QByteArray("ALTER TABLE ") + r[0] + " RENAME COLUMN " + r[1] + " TO " + r[2];
        QCOMPARE(sqlite3_exec(db, sql.constData(), nullptr, nullptr, nullptr), SQLITE_OK);
    }
    QCOMPARE(sqlite3_exec(db, "ALTER TABLE PYTORCH_API DROP COLUMN type", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
    const ProfilePtr p = ProfileLoader::load({ rankDir });
    const RankData& r = *p->ranks[0];
    QCOMPARE(r.kernels->size(), std::size_t(191));
    const auto streams = slicesPerLane(r.trace, QStringLiteral("Ascend Hardware"));
    QCOMPARE(streams.at(QStringLiteral("Stream 2")), 219);
    const auto flows = flowsPerCategory(r.trace);
    QCOMPARE(flows.at(QStringLiteral("HostToDevice")), 215);
    QCOMPARE(flows.at(QStringLiteral("async_task_queue")), 159); // queue events found by name
    const RankOverview o = computeOverview(r);
    QCOMPARE(o.steps.size(), std::size_t(1));
    QVERIFY(std::abs(double(o.steps[0].value(StepTraceRow::Computing)) / 1000.0 - 8900.456) < 0.0015);
}

void TestDbImport::generatedClusterEqualsTextTwin()
{
    // One simulated pp=2 x tp=2 run written both ways: the DB-only copy must
    // give what its text twin gives (the generator's own text path is the
    // reference, read by the text parsers).
    QTemporaryDir text, db;
    GeneratorOptions options;
    options.ranks = 8;
    options.steps = 2;
    options.ops = 12;
    options.pipelineStages = 2;
    options.tensorParallel = 2;
    options.slowRank = 3;
    QString error;
    QVERIFY2(generateCluster(text.path(), options, &error), qPrintable(error));
    options.format = GeneratorOptions::Format::Db;
    QVERIFY2(generateCluster(db.path(), options, &error), qPrintable(error));
    // The parallel groups must then come from the DB's META_DATA.
    int removed = 0;
    QDirIterator it(db.path(), { QStringLiteral("profiler_metadata*.json") }, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        removed += QFile::remove(it.next());
    QCOMPARE(removed, options.ranks);
    const ProfilePtr t = ProfileLoader::load({ text.path() });
    const ProfilePtr d = ProfileLoader::load({ db.path() });
    QCOMPARE(d->ranks.size(), t->ranks.size());
    QCOMPARE(pipelineStages(*d), pipelineStages(*t));
    for (std::size_t i = 0; i < t->ranks.size(); ++i) {
        const RankData& tr = *t->ranks[i];
        const RankData& dr = *d->ranks[i];
        QCOMPARE(dr.info.rankId, tr.info.rankId);
        QCOMPARE(dr.info.parallelGroups.size(), tr.info.parallelGroups.size());
        QVERIFY(!dr.info.parallelGroups.empty());
        QCOMPARE(parallelIndex(dr.info).pp, parallelIndex(tr.info).pp);
        QCOMPARE(parallelIndex(dr.info).tp, parallelIndex(tr.info).tp);
        const RankOverview to = computeOverview(tr);
        const RankOverview dov = computeOverview(dr);
        QCOMPARE(dov.steps.size(), to.steps.size());
        for (std::size_t s = 0; s < to.steps.size(); ++s)
            for (int c = 0; c < StepTraceRow::ColumnCount; ++c)
                QCOMPARE(dov.steps[s].valueNs[std::size_t(c)], to.steps[s].valueNs[std::size_t(c)]);
        QCOMPARE(dr.communication.size(), tr.communication.size());
        QCOMPARE(dr.communicationMatrix.size(), tr.communicationMatrix.size());
        QCOMPARE(dr.stepTrace.size(), tr.stepTrace.size());
    }
}

QTEST_GUILESS_MAIN(TestDbImport)
#include "tst_dbimport.moc"
