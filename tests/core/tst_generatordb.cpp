// SPDX-License-Identifier: Apache-2.0
// The demo cluster generator's SQLite export (--format db / both), read back
// with the sqlite3 C API and compared with the text files of the same run,
// parsed here on their own (QJsonDocument, plain CSV splitting), not with the
// loader. (The text cluster and its injected problems: tst_generator.)
#include "analysis/intervals.h"
#include "generate/clustergenerator.h"
#include "load/profileloader.h"
#include "model/rank.h"
#include "parse/dbimport.h"
#include "parse/sqlitedb.h"

#include "generatedexport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace profscope;
using namespace generatedexport;

class TestGeneratorDb : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void dbSchema();
    void dbMatchesText_data();
    void dbMatchesText();
    void dbOnlyAndDeterministic();
    void frameworkOpArgs();
    void kernelStepsMatchText();
};

namespace {

// Compares one rank's unified DB and analysis.db with its text files.
// Returns the number of container rows seen.
int compareRank(const QString& folder)
{
    const int rank = rankOf(folder);
    const QDir out(QDir(folder).filePath(QStringLiteral("ASCEND_PROFILER_OUTPUT")));
    const ReadDb db(out.filePath(QStringLiteral("ascend_mindspore_profiler_%1.db").arg(rank)));
    const ReadDb analysis(out.filePath(QStringLiteral("analysis.db")));
    [&] { QVERIFY(rank >= 0 && db.isOpen() && analysis.isOpen()); }();
    if (QTest::currentTestFailed())
        return 0;
    const TextTrace trace = readTrace(out.filePath(QStringLiteral("trace_view.json")));
    int containers = 0;
    [&] {
        QCOMPARE(exportType(folder, rank), (QStringList { QStringLiteral("text"), QStringLiteral("db") }));
        QCOMPARE(db.count("SELECT rankId FROM RANK_DEVICE_MAP"), qint64(rank));
        QCOMPARE(db.count("SELECT deviceId FROM RANK_DEVICE_MAP"), qint64(rank % 8));

        // Ascend Hardware: TASK minus containers, per stream. The plane tasks
        // (COMMUNICATION_TASK_INFO) are TASK rows on the comm stream too, as
        // in real DBs, but the generated text shows them on the HCCL Plane
        // lanes only: compared there.
        const QByteArray taskName = "COALESCE((SELECT s.value FROM COMPUTE_TASK_INFO c JOIN STRING_IDS s ON s.id = "
                                    "c.name WHERE c.globalTaskId = t.globalTaskId), (SELECT value FROM STRING_IDS "
                                    "WHERE id = t.taskType))";
        const std::vector<DbRow> streams = db.rows("SELECT DISTINCT streamId FROM TASK ORDER BY 1");
        QVERIFY(!streams.empty());
        for (const DbRow& stream : streams) {
            const QByteArray id = QByteArray::number(stream[0].toInt());
            const Slices fromDb = dbSlices(db,
                "SELECT t.startNs, t.endNs, " + taskName + " FROM TASK t WHERE t.streamId = " + id + " AND NOT ("
                    + kIsContainer + ") AND t.globalTaskId NOT IN (SELECT globalTaskId FROM COMMUNICATION_TASK_INFO)");
            const Slices fromText =
                trace.lane(QStringLiteral("Ascend Hardware"), QStringLiteral("Stream ") + QString::fromLatin1(id));
            QVERIFY2(!fromText.empty(), id.constData());
            QCOMPARE(fromDb.size(), fromText.size());
            QVERIFY2(fromDb == fromText, id.constData());
        }
        // Containers: the FFTS+ parents of MIX kernels, a little longer than their child.
        for (const DbRow& c : db.rows("SELECT t.startNs, t.endNs, t.contextId, u.startNs, u.endNs, s.value FROM TASK t "
                                      "JOIN TASK u ON u.streamId = t.streamId AND u.taskId = t.taskId AND "
                                      "u.globalTaskId != t.globalTaskId JOIN COMPUTE_TASK_INFO ci ON ci.globalTaskId "
                                      "= u.globalTaskId JOIN STRING_IDS s ON s.id = ci.taskType WHERE "
                 + kIsContainer)) {
            ++containers;
            QCOMPARE(c[2].toInt(), qint64(4294967295LL));
            QVERIFY(c[0].toInt() < c[3].toInt() && c[1].toInt() > c[4].toInt());
            QVERIFY2(c[5].toString().startsWith(QLatin1String("MIX")), qPrintable(c[5].toString()));
        }
        QCOMPARE(db.count("SELECT COUNT(*) FROM TASK t WHERE " + kIsContainer), qint64(containers));

        // HCCL planes: COMMUNICATION_TASK_INFO joined with TASK, per plane.
        const std::vector<DbRow> planes = db.rows("SELECT DISTINCT planeId FROM COMMUNICATION_TASK_INFO ORDER BY 1");
        qint64 planeSlices = 0;
        for (const DbRow& plane : planes) {
            const QByteArray id = QByteArray::number(plane[0].toInt());
            const Slices fromDb = dbSlices(db,
                "SELECT t.startNs, t.endNs, s.value FROM COMMUNICATION_TASK_INFO i JOIN TASK t USING (globalTaskId) "
                "JOIN STRING_IDS s ON s.id = i.taskType WHERE i.planeId = "
                    + id);
            QVERIFY2(fromDb == trace.lane(QStringLiteral("HCCL"), QStringLiteral("Plane ") + QString::fromLatin1(id)),
                id.constData());
            planeSlices += qint64(fromDb.size());
        }
        QCOMPARE(qint64(trace.lanesStartingWith(QStringLiteral("HCCL"), QStringLiteral("Plane ")).size()), planeSlices);
        QCOMPARE(db.count("SELECT COUNT(DISTINCT streamId) FROM TASK t JOIN COMMUNICATION_TASK_INFO USING "
                          "(globalTaskId)"),
            qint64(planes.empty() ? 0 : 1));

        // HCCL group lanes: COMMUNICATION_OP.
        const Slices ops = dbSlices(
            db, "SELECT o.startNs, o.endNs, s.value FROM COMMUNICATION_OP o JOIN STRING_IDS s ON s.id = o.opName");
        QVERIFY(!ops.empty());
        QVERIFY(ops == trace.lanesStartingWith(QStringLiteral("HCCL"), QStringLiteral("Group ")));

        // kernel_details.csv: one COMPUTE_TASK_INFO row per kernel (the
        // generated file has no HCCL rows; COMMUNICATION_OP holds those).
        std::vector<std::tuple<QString, qint64, qint64>> kernels, computeRows;
        for (const QList<QByteArray>& row : readCsv(out.filePath(QStringLiteral("kernel_details.csv"))))
            kernels.push_back({ QString::fromUtf8(row[4]), row[2].toLongLong(), row[3].toLongLong() });
        for (const DbRow& r : db.rows("SELECT s.value, t.taskId, t.streamId FROM COMPUTE_TASK_INFO c JOIN TASK t "
                                      "USING (globalTaskId) JOIN STRING_IDS s ON s.id = c.name"))
            computeRows.push_back({ r[0].toString(), r[1].toInt(), r[2].toInt() });
        std::sort(kernels.begin(), kernels.end());
        std::sort(computeRows.begin(), computeRows.end());
        QVERIFY(!kernels.empty());
        QCOMPARE(computeRows.size(), kernels.size());
        QVERIFY(computeRows == kernels);
        QCOMPARE(db.count("SELECT COUNT(*) FROM COMPUTE_TASK_INFO") + db.count("SELECT COUNT(*) FROM COMMUNICATION_OP"),
            qint64(kernels.size() + ops.size()));

        // CANN: the API slices under their text name; the node launches
        // (type 10000 'launch') carry the connection id of what they launch
        // and start where the text's HostToDevice arrow starts.
        Slices apis = dbSlices(db,
            "SELECT a.startNs, a.endNs, s.value FROM CANN_API a JOIN STRING_IDS s ON s.id = a.name WHERE a.type != "
            "10000");
        Slices textApis;
        for (const Slice& s : trace.lanesStartingWith(QStringLiteral("CANN"), QStringLiteral("Thread ")))
            textApis.push_back({ std::get<0>(s), std::get<1>(s), std::get<2>(s).section(QLatin1Char('@'), 1) });
        QCOMPARE(apis.size(), textApis.size());
        QVERIFY(apis == sorted(textApis));
        const std::vector<DbRow> launches = db.rows(
            "SELECT a.connectionId, a.startNs FROM CANN_API a JOIN STRING_IDS s ON s.id = a.name WHERE a.type = "
            "10000 AND s.value = 'launch'");
        QCOMPARE(qint64(launches.size()), qint64(kernels.size() + ops.size()));
        QCOMPARE(db.count("SELECT COUNT(*) FROM CANN_API a WHERE a.type = 10000 AND a.connectionId IN (SELECT "
                          "t.connectionId FROM TASK t JOIN COMPUTE_TASK_INFO USING (globalTaskId) UNION SELECT "
                          "connectionId FROM COMMUNICATION_OP)"),
            qint64(launches.size()));
        for (const DbRow& l : launches) {
            const auto flow = trace.hostToDeviceStartNs.find(l[0].toString());
            if (flow != trace.hostToDeviceStartNs.end())
                QCOMPARE(l[1].toInt(), flow->second);
        }
        QCOMPARE(db.count("SELECT COUNT(DISTINCT globalTid >> 32) FROM CANN_API"), qint64(1));
        QCOMPARE(db.count("SELECT COUNT(*) FROM CANN_API WHERE globalTid >> 32 != (SELECT MIN(globalPid) FROM TASK) "
                          "OR (globalTid & 4294967295) != (SELECT MIN(globalPid) FROM TASK)"),
            qint64(0));

        // Python: PYTORCH_API, times as 19-digit TEXT.
        QCOMPARE(db.count("SELECT COUNT(*) FROM PYTORCH_API WHERE typeof(startNs) != 'text' OR typeof(endNs) != "
                          "'text' OR length(startNs) != 19"),
            qint64(0));
        const Slices python = dbSlices(db,
            "SELECT CAST(p.startNs AS INTEGER), CAST(p.endNs AS INTEGER), s.value FROM PYTORCH_API p JOIN STRING_IDS "
            "s ON s.id = p.name");
        QVERIFY(python == trace.lanesStartingWith(QStringLiteral("Python"), QStringLiteral("Thread ")));
        // STEP_TIME: the ProfilerStep#N host slices, exactly.
        Slices steps, stepSlices;
        for (const DbRow& r : db.rows("SELECT startNs, endNs, id FROM STEP_TIME"))
            steps.push_back({ r[0].toInt(), r[1].toInt(), QStringLiteral("ProfilerStep#") + r[2].toString() });
        for (const Slice& s : python)
            if (std::get<2>(s).startsWith(QLatin1String("ProfilerStep#")))
                stepSlices.push_back(s);
        QVERIFY(!steps.empty());
        QVERIFY(sorted(steps) == stepSlices);
        QCOMPARE(db.count("SELECT COUNT(*) FROM PYTORCH_API p JOIN STRING_IDS s ON s.id = p.name WHERE s.value LIKE "
                          "'ProfilerStep#%' AND p.type = 50001"),
            qint64(steps.size()));
        // async_npu: every linked op reaches a compute task through CONNECTION_IDS.
        QCOMPARE(db.count("SELECT COUNT(*) FROM PYTORCH_API p JOIN CONNECTION_IDS c ON c.id = p.connectionId JOIN "
                          "TASK t ON t.connectionId = c.connectionId JOIN COMPUTE_TASK_INFO USING (globalTaskId)"),
            qint64(trace.asyncNpuFlows));

        // Memory: the PTA rows of memory_record.csv in bytes, APP in NPU_MEM.
        std::vector<std::pair<TimeNs, QByteArray>> pta, ptaDb;
        qint64 app = 0;
        for (const QList<QByteArray>& row : readCsv(out.filePath(QStringLiteral("memory_record.csv")))) {
            const TimeNs ts = textTsNs(QString::fromLatin1(row[1].trimmed()));
            if (row[0] == "PTA")
                pta.push_back({ ts, row[2] });
            else
                ++app;
        }
        for (const DbRow& r : db.rows("SELECT m.timestamp, m.totalAllocated FROM MEMORY_RECORD m JOIN STRING_IDS s ON "
                                      "s.id = m.component WHERE s.value = 'PTA'"))
            ptaDb.push_back({ r[0].toInt(), QByteArray::number(double(r[1].toInt()) / 1048576.0, 'f', 4) });
        std::sort(pta.begin(), pta.end());
        std::sort(ptaDb.begin(), ptaDb.end());
        QVERIFY(!pta.empty());
        QVERIFY(pta == ptaDb);
        QCOMPARE(db.count("SELECT COUNT(*) FROM NPU_MEM"), app);

        // META_DATA: parallel_group_info is profiler_metadata.json's, as a JSON string.
        const QJsonObject metadata =
            QJsonDocument::fromJson(readAll(QDir(folder).filePath(QStringLiteral("profiler_metadata.json")))).object();
        const std::vector<DbRow> groups = db.rows("SELECT value FROM META_DATA WHERE name = 'parallel_group_info'");
        QCOMPARE(groups.size(), std::size_t(1));
        QCOMPARE(QJsonDocument::fromJson(groups[0][0].text).object(),
            metadata.value(QLatin1String("parallel_group_info")).toObject());
    }();
    if (QTest::currentTestFailed())
        return containers;

    [&] {
        // StepTraceTime = step_trace_time.csv, the same doubles.
        const std::vector<QList<QByteArray>> csv = readCsv(out.filePath(QStringLiteral("step_trace_time.csv")));
        const std::vector<DbRow> steps = analysis.rows(
            "SELECT step, computing, communication_not_overlapped, overlapped, communication, free, stage, bubble, "
            "communication_not_overlapped_and_exclude_receive, preparing FROM StepTraceTime ORDER BY CAST(step AS "
            "INTEGER)");
        QCOMPARE(steps.size(), csv.size());
        for (std::size_t s = 0; s < csv.size(); ++s) {
            QCOMPARE(steps[s][0].type, SQLITE_TEXT);
            QCOMPARE(steps[s][0].text, csv[s][0]);
            for (int c = 1; c < 10; ++c)
                QVERIFY2(steps[s][std::size_t(c)].toDouble() == csv[s][c].toDouble(),
                    qPrintable(QStringLiteral("step %1 column %2: %3 vs %4")
                                   .arg(QString::fromLatin1(csv[s][0]))
                                   .arg(c)
                                   .arg(steps[s][std::size_t(c)].toDouble())
                                   .arg(QString::fromLatin1(csv[s][c]))));
        }

        // ...and what a reader without analysis.db recomputes from the unified
        // DB alone (db-format.md §2.6(d), torch_npu's device range of a step).
        for (const DbRow& step : db.rows("SELECT id, startNs, endNs FROM STEP_TIME ORDER BY id")) {
            const QByteArray hostStart = QByteArray::number(step[1].toInt()),
                             hostEnd = QByteArray::number(step[2].toInt());
            const QByteArray launched =
                " FROM TASK t JOIN CANN_API a ON a.connectionId = t.connectionId WHERE a.type = "
                "10000 AND a.startNs >= "
                + hostStart + " AND a.endNs <= " + hostEnd;
            const qint64 start = db.count("SELECT MIN(t.startNs)" + launched);
            const qint64 end = std::max(db.count("SELECT MAX(t.endNs)" + launched), step[2].toInt());
            const QByteArray inRange = " >= " + QByteArray::number(start) + " AND startNs < " + QByteArray::number(end);
            std::vector<TimeRange> compute, comm, receive;
            for (const DbRow& r :
                db.rows("SELECT startNs, endNs FROM TASK JOIN COMPUTE_TASK_INFO USING (globalTaskId) WHERE startNs"
                    + inRange))
                compute.push_back({ r[0].toInt(), r[1].toInt() });
            for (const DbRow& r :
                db.rows("SELECT o.startNs, o.endNs, s.value FROM COMMUNICATION_OP o JOIN STRING_IDS s "
                        "ON s.id = o.opName WHERE startNs"
                    + inRange)) {
                comm.push_back({ r[0].toInt(), r[1].toInt() });
                if (r[2].toString().startsWith(QLatin1String("hcom_receive")))
                    receive.push_back({ r[0].toInt(), r[1].toInt() });
            }
            const IntervalSet computeSet = IntervalSet::fromUnsorted(std::move(compute));
            const IntervalSet commSet = IntervalSet::fromUnsorted(std::move(comm));
            const IntervalSet notOverlapped = commSet.subtract(computeSet);
            const IntervalSet busy = computeSet.unite(commSet);
            const TimeNs span = busy.bounds().durationNs();
            const TimeNs bubble = IntervalSet::fromUnsorted(std::move(receive)).totalNs();
            const TimeNs expected[] = { computeSet.totalNs(), notOverlapped.totalNs(),
                commSet.totalNs() - notOverlapped.totalNs(), commSet.totalNs(), span - busy.totalNs(), span - bubble,
                bubble, std::max<TimeNs>(notOverlapped.totalNs() - bubble, 0), start - step[1].toInt() };
            const std::vector<DbRow> row = analysis.rows(
                "SELECT computing, communication_not_overlapped, overlapped, communication, free, stage, bubble, "
                "communication_not_overlapped_and_exclude_receive, preparing FROM StepTraceTime WHERE step = '"
                + step[0].toString().toUtf8() + "'");
            QCOMPARE(row.size(), std::size_t(1));
            for (int c = 0; c < 9; ++c)
                QVERIFY2(std::llround(row[0][std::size_t(c)].toDouble() * 1000.0) == expected[c],
                    qPrintable(QStringLiteral("step %1 column %2: StepTraceTime %3 µs, recomputed %4 ns")
                                   .arg(step[0].toString())
                                   .arg(c)
                                   .arg(row[0][std::size_t(c)].toDouble())
                                   .arg(expected[c])));
        }

        // CommAnalyzerTime / Bandwidth = communication.json.
        const QJsonObject comm =
            QJsonDocument::fromJson(readAll(out.filePath(QStringLiteral("communication.json")))).object();
        std::map<std::tuple<QString, QString, QString, QString>, DbRow> times;
        for (DbRow& r : analysis.rows("SELECT step, type, hccl_op_name, group_name, start_timestamp, elapse_time, "
                                      "transit_time, wait_time, synchronization_time, idle_time FROM CommAnalyzerTime"))
            times[{ r[0].toString(), r[1].toString(), r[2].toString(), r[3].toString() }] = r;
        std::size_t jsonOps = 0, jsonBandwidthRows = 0;
        const char* timeKeys[] = { "Start Timestamp(us)", "Elapse Time(ms)", "Transit Time(ms)", "Wait Time(ms)",
            "Synchronization Time(ms)", "Idle Time(ms)" };
        for (auto step = comm.begin(); step != comm.end(); ++step) {
            const QJsonObject types = step->toObject();
            for (auto type = types.begin(); type != types.end(); ++type) {
                const QJsonObject opsOfType = type->toObject();
                for (auto op = opsOfType.begin(); op != opsOfType.end(); ++op) {
                    ++jsonOps;
                    const QString name = op.key().section(QLatin1Char('@'), 0, 0);
                    const QString group = op.key().section(QLatin1Char('@'), 1);
                    const auto found = times.find({ step.key(), type.key(), name, group });
                    QVERIFY2(found != times.end(), qPrintable(op.key()));
                    const QJsonObject t = op->toObject().value(QLatin1String("Communication Time Info")).toObject();
                    for (int k = 0; k < 6; ++k)
                        QVERIFY2(found->second[std::size_t(4 + k)].toDouble()
                                == t.value(QLatin1String(timeKeys[k])).toDouble(),
                            timeKeys[k]);
                    const QJsonObject bw =
                        op->toObject().value(QLatin1String("Communication Bandwidth Info")).toObject();
                    for (auto transport = bw.begin(); transport != bw.end(); ++transport) {
                        const QJsonObject b = transport->toObject();
                        const QJsonObject sizes = b.value(QLatin1String("Size Distribution")).toObject();
                        if (b.value(QLatin1String("Transit Size(MB)")).toDouble() == 0 && sizes.isEmpty())
                            continue;
                        const std::vector<DbRow> rows = analysis.rows(
                            "SELECT transit_size, transit_time, bandwidth, package_size, count FROM "
                            "CommAnalyzerBandwidth WHERE step = '"
                            + step.key().toUtf8() + "' AND hccl_op_name = '" + name.toUtf8() + "' AND group_name = '"
                            + group.toUtf8() + "' AND transport_type = '" + transport.key().toUtf8() + "'");
                        QCOMPARE(rows.size(), std::size_t(std::max<qsizetype>(1, sizes.size())));
                        jsonBandwidthRows += rows.size();
                        QVERIFY(rows[0][0].toDouble() == b.value(QLatin1String("Transit Size(MB)")).toDouble());
                        QVERIFY(rows[0][1].toDouble() == b.value(QLatin1String("Transit Time(ms)")).toDouble());
                        QVERIFY(rows[0][2].toDouble() == b.value(QLatin1String("Bandwidth(GB/s)")).toDouble());
                        if (!sizes.isEmpty()) {
                            QVERIFY(rows[0][3].toDouble() == sizes.begin().key().toDouble());
                            QVERIFY(rows[0][4].toDouble() == sizes.begin()->toArray().at(0).toDouble());
                        }
                    }
                }
            }
        }
        QVERIFY(jsonOps > 0);
        QCOMPARE(times.size(), jsonOps);
        QCOMPARE(analysis.count("SELECT COUNT(*) FROM CommAnalyzerBandwidth"), qint64(jsonBandwidthRows));

        // CommAnalyzerMatrix = communication_matrix.json.
        const QJsonObject matrix =
            QJsonDocument::fromJson(readAll(out.filePath(QStringLiteral("communication_matrix.json")))).object();
        std::size_t jsonLinks = 0;
        for (auto step = matrix.begin(); step != matrix.end(); ++step) {
            const QJsonObject types = step->toObject();
            for (auto type = types.begin(); type != types.end(); ++type) {
                const QJsonObject opsOfType = type->toObject();
                for (auto op = opsOfType.begin(); op != opsOfType.end(); ++op) {
                    const QJsonObject linksOfOp = op->toObject();
                    for (auto link = linksOfOp.begin(); link != linksOfOp.end(); ++link) {
                        ++jsonLinks;
                        const QJsonObject l = link->toObject();
                        const std::vector<DbRow> rows =
                            analysis.rows("SELECT transport_type, transit_size, transit_time, bandwidth, op_name FROM "
                                          "CommAnalyzerMatrix WHERE step = '"
                                + step.key().toUtf8() + "' AND type = '" + type.key().toUtf8()
                                + "' AND hccl_op_name = '" + op.key().section(QLatin1Char('@'), 0, 0).toUtf8()
                                + "' AND group_name = '" + op.key().section(QLatin1Char('@'), 1).toUtf8()
                                + "' AND src_rank = '" + link.key().section(QLatin1Char('-'), 0, 0).toUtf8()
                                + "' AND dst_rank = '" + link.key().section(QLatin1Char('-'), 1).toUtf8() + "'");
                        QCOMPARE(rows.size(), std::size_t(1));
                        QCOMPARE(rows[0][0].toString(), l.value(QLatin1String("Transport Type")).toString());
                        QVERIFY(rows[0][1].toDouble() == l.value(QLatin1String("Transit Size(MB)")).toDouble());
                        QVERIFY(rows[0][2].toDouble() == l.value(QLatin1String("Transit Time(ms)")).toDouble());
                        QVERIFY(rows[0][3].toDouble() == l.value(QLatin1String("Bandwidth(GB/s)")).toDouble());
                        QCOMPARE(rows[0][4].toString(), l.value(QLatin1String("Op Name")).toString());
                    }
                }
            }
        }
        QVERIFY(jsonLinks > 0);
        QCOMPARE(analysis.count("SELECT COUNT(*) FROM CommAnalyzerMatrix"), qint64(jsonLinks));
    }();
    return containers;
}

// Every file under root, relative path -> bytes.
std::map<QString, QByteArray> filesUnder(const QString& root, const QString& suffix)
{
    std::map<QString, QByteArray> files;
    for (const QString& folder : rankFolders(root)) {
        const QDir out(QDir(folder).filePath(QStringLiteral("ASCEND_PROFILER_OUTPUT")));
        for (const QString& name : out.entryList(QDir::Files, QDir::Name))
            if (name.endsWith(suffix))
                files[QDir(root).relativeFilePath(out.filePath(name))] = readAll(out.filePath(name));
    }
    return files;
}

} // namespace

void TestGeneratorDb::dbSchema()
{
    QTemporaryDir dir;
    GeneratorOptions o;
    o.ranks = 2;
    o.steps = 1;
    o.ops = 4;
    o.format = GeneratorOptions::Format::Db;
    QString error;
    QVERIFY2(generateCluster(dir.path(), o, &error), qPrintable(error));
    const QStringList folders = rankFolders(dir.path());
    QCOMPARE(folders.size(), 2);
    const QDir out { QDir(folders[0]).filePath(QStringLiteral("ASCEND_PROFILER_OUTPUT")) };
    const int rank = rankOf(folders[0]);
    const ReadDb db(out.filePath(QStringLiteral("ascend_mindspore_profiler_%1.db").arg(rank)));
    const ReadDb analysis(out.filePath(QStringLiteral("analysis.db")));
    QVERIFY(db.isOpen() && analysis.isOpen());

    // The column lists and types of the torch_npu fixtures (db-format.md §2, §3.1).
    const std::pair<const char*, const char*> tables[] = {
        { "STRING_IDS", "id INTEGER,value TEXT" },
        { "META_DATA", "name TEXT,value TEXT" },
        { "SESSION_TIME_INFO", "startTimeNs INTEGER,endTimeNs INTEGER" },
        { "NPU_INFO", "id INTEGER,name TEXT" },
        { "HOST_INFO", "hostUid TEXT,hostName TEXT" },
        { "RANK_DEVICE_MAP", "rankId INTEGER,deviceId INTEGER" },
        { "ENUM_API_TYPE", "id INTEGER,name TEXT" },
        { "ENUM_HCCL_TRANSPORT_TYPE", "id INTEGER,name TEXT" },
        { "ENUM_HCCL_DATA_TYPE", "id INTEGER,name TEXT" },
        { "ENUM_HCCL_LINK_TYPE", "id INTEGER,name TEXT" },
        { "ENUM_HCCL_RDMA_TYPE", "id INTEGER,name TEXT" },
        { "TASK",
            "startNs INTEGER,endNs INTEGER,deviceId INTEGER,connectionId INTEGER,globalTaskId INTEGER,globalPid "
            "INTEGER,taskType INTEGER,contextId INTEGER,streamId INTEGER,taskId INTEGER,modelId INTEGER" },
        { "COMPUTE_TASK_INFO",
            "name INTEGER,globalTaskId INTEGER,blockDim INTEGER,mixBlockDim INTEGER,taskType INTEGER,opType "
            "INTEGER,inputFormats INTEGER,inputDataTypes INTEGER,inputShapes INTEGER,outputFormats "
            "INTEGER,outputDataTypes INTEGER,outputShapes INTEGER,attrInfo INTEGER" },
        { "COMMUNICATION_OP",
            "opName INTEGER,startNs INTEGER,endNs INTEGER,connectionId INTEGER,groupName INTEGER,opId "
            "INTEGER,relay INTEGER,retry INTEGER,dataType INTEGER,algType INTEGER,count NUMERIC,opType INTEGER" },
        { "COMMUNICATION_TASK_INFO",
            "name INTEGER,globalTaskId INTEGER,taskType INTEGER,planeId INTEGER,groupName INTEGER,notifyId "
            "INTEGER,rdmaType INTEGER,srcRank INTEGER,dstRank INTEGER,transportType INTEGER,size INTEGER,dataType "
            "INTEGER,linkType INTEGER,opId INTEGER" },
        { "CANN_API",
            "startNs INTEGER,endNs INTEGER,type INTEGER,globalTid INTEGER,connectionId INTEGER,name INTEGER" },
        { "PYTORCH_API",
            "startNs TEXT,endNs TEXT,globalTid INTEGER,connectionId INTEGER,name INTEGER,sequenceNumber "
            "INTEGER,fwdThreadId INTEGER,inputDtypes INTEGER,inputShapes INTEGER,callchainId INTEGER,type INTEGER" },
        { "CONNECTION_IDS", "id INTEGER,connectionId INTEGER" },
        { "STEP_TIME", "id INTEGER,startNs INTEGER,endNs INTEGER" },
        { "MEMORY_RECORD",
            "component INTEGER,timestamp INTEGER,totalAllocated INTEGER,totalReserved INTEGER,totalActive "
            "INTEGER,streamPtr INTEGER,deviceId INTEGER" },
    };
    auto columns = [](const ReadDb& from, const char* table) {
        QStringList list;
        for (const DbRow& r : from.rows("PRAGMA table_info(" + QByteArray(table) + ")"))
            list << r[1].toString() + QLatin1Char(' ') + r[2].toString();
        return list.join(QLatin1Char(','));
    };
    for (const auto& [table, expected] : tables)
        QCOMPARE(columns(db, table), QString::fromLatin1(expected));
    // Primary keys where msprof has them.
    for (const auto& [table, column] : { std::pair { "STRING_IDS", "id" }, std::pair { "CANN_API", "connectionId" },
             std::pair { "COMPUTE_TASK_INFO", "globalTaskId" }, std::pair { "COMMUNICATION_OP", "opId" },
             std::pair { "ENUM_API_TYPE", "id" } })
        QCOMPARE(db.count("SELECT pk FROM pragma_table_info('" + QByteArray(table) + "') WHERE name = '"
                     + QByteArray(column) + "'"),
            qint64(1));
    QCOMPARE(db.rows("SELECT tbl_name, sql FROM sqlite_master WHERE name = 'TaskIndex'").at(0).at(1).toString(),
        QStringLiteral("CREATE INDEX TaskIndex ON TASK (startNs,globalTaskId)"));
    QCOMPARE(db.rows("SELECT sql FROM sqlite_master WHERE name = 'CommunicationTaskIndex'").at(0).at(0).toString(),
        QStringLiteral("CREATE INDEX CommunicationTaskIndex ON COMMUNICATION_TASK_INFO (globalTaskId)"));
    QCOMPARE(db.rows("SELECT value FROM META_DATA WHERE name = 'SCHEMA_VERSION'").at(0).at(0).toString(),
        QStringLiteral("1.0.0"));
    QStringList apiTypes;
    for (const DbRow& r : db.rows("SELECT id, name FROM ENUM_API_TYPE ORDER BY id"))
        apiTypes << r[0].toString() + QLatin1Char(' ') + r[1].toString();
    QCOMPARE(apiTypes.join(QLatin1String(", ")),
        QStringLiteral("5000 runtime, 5500 hccl, 10000 node, 15000 model, 20000 acl, 50001 op, 50002 queue, 50003 "
                       "trace, 50004 mstx"));
    QCOMPARE(db.count("SELECT id FROM ENUM_HCCL_TRANSPORT_TYPE WHERE name = 'RDMA'"), qint64(1));
    QCOMPARE(db.count("SELECT id FROM ENUM_HCCL_DATA_TYPE WHERE name = 'FP32'"), qint64(4));
    QCOMPARE(db.count("SELECT id FROM ENUM_HCCL_LINK_TYPE WHERE name = 'ROCE'"), qint64(3));
    QCOMPARE(db.count("SELECT COUNT(*) FROM ENUM_HCCL_RDMA_TYPE"), qint64(8));
    // Time-like columns are int64 ns epoch (above 2^53), never REAL.
    QCOMPARE(db.count("SELECT COUNT(*) FROM TASK WHERE typeof(startNs) != 'integer' OR startNs < 1700000000000000000"),
        qint64(0));
    QCOMPARE(db.count("SELECT COUNT(*) FROM SESSION_TIME_INFO WHERE startTimeNs < (SELECT MIN(startNs) FROM TASK) "
                      "AND endTimeNs > (SELECT MAX(endNs) FROM TASK)"),
        qint64(1));
    // Fresh files: no journal or WAL left behind, rollback journal mode in the header.
    QVERIFY(!QFile::exists(out.filePath(QStringLiteral("analysis.db-journal"))));
    QCOMPARE(db.count("PRAGMA user_version"), qint64(0));

    const std::pair<const char*, const char*> analysisTables[] = {
        { "StepTraceTime",
            "step TEXT,computing NUMERIC,communication_not_overlapped NUMERIC,overlapped NUMERIC,communication "
            "NUMERIC,free NUMERIC,stage NUMERIC,bubble NUMERIC,communication_not_overlapped_and_exclude_receive "
            "NUMERIC,preparing NUMERIC" },
        { "CommAnalyzerTime",
            "hccl_op_name TEXT,group_name TEXT,start_timestamp NUMERIC,elapse_time NUMERIC,transit_time "
            "NUMERIC,wait_time NUMERIC,synchronization_time NUMERIC,idle_time NUMERIC,step TEXT,type TEXT" },
        { "CommAnalyzerBandwidth",
            "hccl_op_name TEXT,group_name TEXT,transport_type TEXT,transit_size NUMERIC,transit_time "
            "NUMERIC,bandwidth NUMERIC,large_packet_ratio NUMERIC,package_size NUMERIC,count NUMERIC,total_duration "
            "NUMERIC,step TEXT,type TEXT" },
        { "CommAnalyzerMatrix",
            "hccl_op_name TEXT,group_name TEXT,src_rank TEXT,dst_rank TEXT,transport_type TEXT,transit_size "
            "NUMERIC,transit_time NUMERIC,bandwidth NUMERIC,step TEXT,type TEXT,op_name TEXT" },
    };
    for (const auto& [table, expected] : analysisTables)
        QCOMPARE(columns(analysis, table), QString::fromLatin1(expected));
}

void TestGeneratorDb::dbMatchesText_data()
{
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("steps");
    QTest::addColumn<int>("ops");
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("slowRank");
    QTest::addColumn<int>("seed"); // each has MIX kernels, hence container rows
    QTest::newRow("data parallel, 2 hosts") << 10 << 2 << 14 << 1 << 1 << 3 << 2;
    QTest::newRow("pipeline and tensor parallel") << 8 << 2 << 8 << 2 << 2 << -1 << 2;
    // The step's first kernel is a MIX one: no container may start the step early.
    QTest::newRow("MIX kernel first") << 2 << 3 << 20 << 1 << 1 << -1 << 10;
}

void TestGeneratorDb::dbMatchesText()
{
    QFETCH(int, ranks);
    QFETCH(int, steps);
    QFETCH(int, ops);
    QFETCH(int, pp);
    QFETCH(int, tp);
    QFETCH(int, slowRank);
    QFETCH(int, seed);
    QTemporaryDir dir;
    GeneratorOptions o;
    o.ranks = ranks;
    o.steps = steps;
    o.ops = ops;
    o.pipelineStages = pp;
    o.tensorParallel = tp;
    o.slowRank = slowRank;
    o.seed = std::uint64_t(seed);
    o.format = GeneratorOptions::Format::Both;
    QString error;
    QVERIFY2(generateCluster(dir.path(), o, &error), qPrintable(error));
    const QStringList folders = rankFolders(dir.path());
    QCOMPARE(folders.size(), ranks);
    int containers = 0;
    for (const QString& folder : folders) {
        containers += compareRank(folder);
        if (QTest::currentTestFailed())
            QFAIL(qPrintable(QStringLiteral("in %1").arg(QDir(folder).dirName())));
    }
    QVERIFY2(containers > 0, "no MIX kernel: pick a seed that has one");
}

void TestGeneratorDb::dbOnlyAndDeterministic()
{
    QTemporaryDir db1, db2, both, text, other;
    GeneratorOptions o;
    o.ranks = 3;
    o.steps = 2;
    o.ops = 9;
    o.seed = 21;
    QString error;
    QVERIFY2(generateCluster(text.path(), o, &error), qPrintable(error));
    o.format = GeneratorOptions::Format::Db;
    QVERIFY2(generateCluster(db1.path(), o, &error), qPrintable(error));
    QVERIFY2(generateCluster(db2.path(), o, &error), qPrintable(error));
    o.format = GeneratorOptions::Format::Both;
    QVERIFY2(generateCluster(both.path(), o, &error), qPrintable(error));
    o.format = GeneratorOptions::Format::Db;
    o.seed = 22;
    QVERIFY2(generateCluster(other.path(), o, &error), qPrintable(error));

    // --format db: the two databases instead of the text deliverables; the
    // rank folder files stay.
    const QStringList folders = rankFolders(db1.path());
    QCOMPARE(folders.size(), 3);
    for (const QString& folder : folders) {
        const int rank = rankOf(folder);
        QVERIFY(rank >= 0);
        QCOMPARE(exportType(folder, rank), QStringList { QStringLiteral("db") });
        QVERIFY(QFile::exists(QDir(folder).filePath(QStringLiteral("profiler_metadata.json"))));
        QCOMPARE(QDir(QDir(folder).filePath(QStringLiteral("ASCEND_PROFILER_OUTPUT"))).entryList(QDir::Files),
            (QStringList {
                QStringLiteral("analysis.db"), QStringLiteral("ascend_mindspore_profiler_%1.db").arg(rank) }));
    }
    // Default text: no databases, export_type text, the same text as --format both.
    QVERIFY(filesUnder(text.path(), QStringLiteral(".db")).empty());
    QCOMPARE(exportType(rankFolders(text.path())[0], rankOf(rankFolders(text.path())[0])),
        QStringList { QStringLiteral("text") });
    const std::map<QString, QByteArray> textFiles = filesUnder(text.path(), QString());
    QCOMPARE(textFiles.size(), std::size_t(3 * 7));
    for (const auto& [path, bytes] : textFiles)
        QVERIFY2(readAll(QDir(both.path()).filePath(path)) == bytes, qPrintable(path));

    // Same seed: byte-identical databases, whatever else is written; another seed differs.
    const std::map<QString, QByteArray> first = filesUnder(db1.path(), QStringLiteral(".db"));
    QCOMPARE(first.size(), std::size_t(6));
    QVERIFY(first == filesUnder(db2.path(), QStringLiteral(".db")));
    QVERIFY(first == filesUnder(both.path(), QStringLiteral(".db")));
    const std::map<QString, QByteArray> different = filesUnder(other.path(), QStringLiteral(".db"));
    QCOMPARE(different.size(), std::size_t(6));
    for (const auto& [path, bytes] : different)
        QVERIFY(first.find(path) == first.end() || first.at(path) != bytes);

    // A stale database in the way is replaced, not updated in place.
    o.seed = 21;
    o.force = true;
    for (const auto& [path, bytes] : first) {
        const QString stalePath = QDir(other.path()).filePath(path);
        QVERIFY(QDir().mkpath(QFileInfo(stalePath).path()));
        QFile stale(stalePath);
        QVERIFY(stale.open(QIODevice::WriteOnly) && stale.write(QByteArray(100000, 'x')) == 100000);
    }
    QVERIFY2(generateCluster(other.path(), o, &error), qPrintable(error));
    for (const auto& [path, bytes] : first)
        QVERIFY2(readAll(QDir(other.path()).filePath(path)) == bytes, qPrintable(path));
}

// The framework ops carry the args of real trace_view.json files in the
// shares the real level-2 fixture shows (ascend-msinsight pytorch/text/level2
// rank 0: 860 cpu_op, all with "Sequence number" and "Fwd thread id", 551
// (64%) with "Input Dims" / "Input type", 316 (37%) with a "Call stack" of
// ~15 frames), and the DB twin holds the same values: PYTORCH_API's columns
// and PYTORCH_CALLCHAINS, read here with SQL.
void TestGeneratorDb::frameworkOpArgs()
{
    QTemporaryDir textDir, dbDir;
    GeneratorOptions o;
    o.ranks = 1;
    o.steps = 2;
    o.ops = 48;
    o.seed = 5;
    QString error;
    QVERIFY2(generateCluster(textDir.path(), o, &error), qPrintable(error));
    o.format = GeneratorOptions::Format::Db;
    QVERIFY2(generateCluster(dbDir.path(), o, &error), qPrintable(error));
    const QStringList textFolders = rankFolders(textDir.path()), dbFolders = rankFolders(dbDir.path());
    QCOMPARE(textFolders.size(), 1);
    QCOMPARE(dbFolders.size(), 1);

    // (start ns, name) -> args of every cpu_op with args, from the text.
    std::map<std::pair<qint64, QString>, QJsonObject> textArgs;
    const QJsonArray events = QJsonDocument::fromJson(readAll(
        QDir(textFolders[0]).filePath(QStringLiteral("ASCEND_PROFILER_OUTPUT/trace_view.json")))).array();
    int withStack = 0, withDims = 0;
    for (const QJsonValue& v : events) {
        const QJsonObject e = v.toObject();
        if (e[QStringLiteral("cat")].toString() != QLatin1String("cpu_op") || !e.contains(QStringLiteral("args")))
            continue;
        const QJsonObject args = e[QStringLiteral("args")].toObject();
        QVERIFY(args.contains(QStringLiteral("Sequence number")));
        QCOMPARE(args[QStringLiteral("Fwd thread id")].toInt(-1), 0);
        if (args.contains(QStringLiteral("Call stack"))) {
            ++withStack;
            QCOMPARE(args[QStringLiteral("Call stack")].toString().split(QStringLiteral(";\r\n")).size(), 15);
        }
        if (args.contains(QStringLiteral("Input Dims"))) {
            ++withDims;
            QVERIFY(args.contains(QStringLiteral("Input type")));
        }
        // ts is exact µs text with three decimals.
        const qint64 ns = e[QStringLiteral("ts")].toString().remove(QLatin1Char('.')).toLongLong();
        textArgs[{ ns, e[QStringLiteral("name")].toString() }] = args;
    }
    const int ops = int(textArgs.size());
    QCOMPARE(ops, o.steps * o.ops);
    // 3 of every 8 ops have a stack, 2 of every 3 input dims (48 ops per step).
    QCOMPARE(withStack, o.steps * 18);
    QCOMPARE(withDims, o.steps * 32);

    const QDir out { QDir(dbFolders[0]).filePath(QStringLiteral("ASCEND_PROFILER_OUTPUT")) };
    const ReadDb db(out.filePath(QStringLiteral("ascend_mindspore_profiler_%1.db").arg(rankOf(dbFolders[0]))));
    QVERIFY(db.isOpen());
    int compared = 0;
    for (const DbRow& r : db.rows("SELECT CAST(p.startNs AS INTEGER), n.value, p.sequenceNumber, p.fwdThreadId, "
                                  "d.value, s.value, p.callchainId FROM PYTORCH_API p JOIN STRING_IDS n ON n.id = p.name "
                                  "LEFT JOIN STRING_IDS d ON d.id = p.inputDtypes "
                                  "LEFT JOIN STRING_IDS s ON s.id = p.inputShapes")) {
        const auto it = textArgs.find({ r[0].toInt(), r[1].toString() });
        if (it == textArgs.end())
            continue; // ProfilerStep#, DataLoader: no args in either form
        const QJsonObject& args = it->second;
        QCOMPARE(r[2].toInt(), qint64(args[QStringLiteral("Sequence number")].toInteger()));
        QCOMPARE(r[3].toInt(), qint64(0));
        QCOMPARE(r[5].toString(), args[QStringLiteral("Input Dims")].toString());
        QCOMPARE(r[4].toString(), args[QStringLiteral("Input type")].toString());
        QStringList frames;
        if (r[6].type != SQLITE_NULL)
            for (const DbRow& f : db.rows("SELECT s.value FROM PYTORCH_CALLCHAINS c JOIN STRING_IDS s ON s.id = c.stack "
                                          "WHERE c.id = " + QByteArray::number(r[6].toInt()) + " ORDER BY c.stackDepth"))
                frames << f[0].toString();
        QCOMPARE(frames.join(QStringLiteral(";\r\n")), args[QStringLiteral("Call stack")].toString());
        ++compared;
    }
    QCOMPARE(compared, ops);
}


QTEST_GUILESS_MAIN(TestGeneratorDb)
// The kernel table's Step Id from the DB (db-format.md 2.6d: the device
// range from the node-level CANN_API launches in each host step) equals the
// generated kernel_details.csv's column, whichever way the importer reads
// CANN_API: in the timeline's pass (one or two threads) or on its own.
void TestGeneratorDb::kernelStepsMatchText()
{
    QTemporaryDir dir;
    GeneratorOptions o;
    o.ranks = 2;
    o.steps = 4;
    o.ops = 30;
    o.seed = 10;
    o.format = GeneratorOptions::Format::Both;
    QString error;
    QVERIFY2(generateCluster(dir.path(), o, &error), qPrintable(error));
    const QStringList folders = rankFolders(dir.path());
    QCOMPARE(folders.size(), 2);
    for (const QString& folder : folders) {
        const int rank = rankOf(folder);
        const QDir out(QDir(folder).filePath(QStringLiteral("ASCEND_PROFILER_OUTPUT")));
        // (Start Time(us) "1736408883000684.556\t" -> ns, Task ID, Stream ID) -> Step Id as written.
        std::map<std::tuple<qint64, qint64, qint64>, int> csvStep;
        std::set<int> steps;
        for (const QList<QByteArray>& row : readCsv(out.filePath(QStringLiteral("kernel_details.csv")))) {
            const QList<QByteArray> us = row[8].trimmed().split('.');
            QCOMPARE(us.size(), 2);
            QCOMPARE(us[1].size(), 3);
            csvStep[{ us[0].toLongLong() * 1000 + us[1].toLongLong(), row[2].toLongLong(), row[3].toLongLong() }] =
                row[0].toInt();
            steps.insert(row[0].toInt());
        }
        QCOMPARE(steps, (std::set<int> { 1, 2, 3, 4 }));
        struct Take
        {
            const char* what;
            bool timeline;
            int threads;
        };
        for (const Take& t : { Take { "timeline, one thread", true, 1 }, Take { "timeline, two threads", true, 2 },
                 Take { "kernels only", false, 1 } }) {
            SqliteDb db;
            QVERIFY(db.open(out.filePath(QStringLiteral("ascend_mindspore_profiler_%1.db").arg(rank)), &error));
            RankData data;
            DbTake take;
            take.timeline = t.timeline;
            take.threads = t.threads;
            FileReport report;
            QVERIFY(importProfilerDb(db, data, take, report));
            QVERIFY(data.kernels);
            const KernelTable& k = *data.kernels;
            std::size_t matched = 0;
            for (std::size_t i = 0; i < k.size(); ++i) {
                if (k.taskId[i] < 0)
                    continue; // a communication op: not in kernel_details.csv
                const auto it = csvStep.find({ k.startNs[i], k.taskId[i], k.streamId[i] });
                QVERIFY2(it != csvStep.end(), qPrintable(QStringLiteral("%1, row %2: not in kernel_details.csv").arg(QLatin1String(t.what)).arg(i)));
                ++matched;
                QVERIFY2(k.stepId[i] == it->second,
                    qPrintable(QStringLiteral("%1, row %2: step %3, kernel_details.csv says %4")
                                   .arg(QLatin1String(t.what)).arg(i).arg(k.stepId[i]).arg(it->second)));
            }
            QCOMPARE(matched, csvStep.size());
        }
    }
}

#include "tst_generatordb.moc"
