// SPDX-License-Identifier: Apache-2.0
// msprof-analyze's cluster_analysis_output read as a cluster: the text files,
// cluster_analysis.db in both table generations, next to real rank folders,
// and damaged. Every input is written here by the test (no real fixture of
// this output exists), so every expected value is one the test wrote.
#include "analysis/cluster.h"
#include "analysis/overview.h"
#include "load/discovery.h"
#include "load/profileloader.h"
#include "testsupport.h"

#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace profscope;

namespace {

constexpr int kRanks = 4;
const QString kOut = QStringLiteral("cluster_analysis_output");

// The figures every input below encodes, rank r of step "1" (µs / ms).
qint64 computingNs(int r)
{
    return 1000500 + r * 1000; // "1000.5" + r µs
}
qint64 freeNs(int r)
{
    return 10000 + r * 1000; // 10 + r µs
}
constexpr qint64 kCommNotOverlappedNs = 200250; // "200.25" µs
constexpr qint64 kStartNs = 1736414119518476000; // 1736414119518476 µs



QByteArray stepTraceCsv(bool crlfTabs)
{
    QByteArrayList lines;
    lines << "Step,Type,Index,Computing,Communication(Not Overlapped),Overlapped,Communication,Free,Stage,Bubble,"
             "Communication(Not Overlapped and Exclude Receive),Preparing,DP Index,PP Index,TP Index";
    const char* computing[] = { "1000.5", "1001.5", "1002.5", "1003.5" };
    const char* free[] = { "10", "11", "12", "13" };
    for (int r = 0; r < kRanks; ++r)
        lines << QByteArray("1,rank,") + QByteArray::number(r) + ',' + computing[r] + ",200.25,5,205.25," + free[r]
                + ",0,0,200.25,0," + QByteArray::number(r / 2) + ",0," + QByteArray::number(r % 2);
    // Stage rows: str(tuple) keys, quoted because of their commas; NA parallel indexes.
    lines << "1,stage,\"(0, 1)\",1001.5,200.25,5,205.25,11,0,0,200.25,0,NA,NA,NA";
    lines << "1,stage,\"(2, 3)\",1003.5,200.25,5,205.25,13,0,0,200.25,0,NA,NA,NA";
    if (!crlfTabs)
        return lines.join('\n') + '\n';
    QByteArray out;
    for (const QByteArray& l : lines) {
        // Every cell TAB-terminated, as msprof-analyze's csv writer leaves some.
        QByteArrayList cells = l.split(',');
        QByteArray row;
        for (int i = 0; i < cells.size(); ++i) {
            if (cells[i].startsWith('"')) { // re-join the quoted stage index
                row += cells[i] + ',' + cells[i + 1] + '\t';
                ++i;
            } else {
                row += cells[i] + '\t';
            }
            if (i + 1 < cells.size())
                row += ',';
        }
        out += row + "\r\n";
    }
    return out;
}

QByteArray opJson(int r)
{
    return QByteArray(R"J({"Communication Time Info": {"Start Timestamp(us)": 1736414119518476, "Elapse Time(ms)": )J")
        + QByteArray::number(1.5 + r)
        + R"J(, "Transit Time(ms)": 0.5, "Wait Time(ms)": 1.0, "Synchronization Time(ms)": 0.25, "Idle Time(ms)": 0.0, )J"
          R"J("Wait Time Ratio": 0.6667, "Synchronization Time Ratio": 0.3333}, "Communication Bandwidth Info": )J"
          R"J({"HCCS": {"Transit Size(MB)": 8.0, "Transit Time(ms)": 0.5, "Bandwidth(GB/s)": 16.0, )J"
          R"J("Large Packet Ratio": 1.0, "Size Distribution": {"4.0": [2, 0.5]}}}})J";
}

// BaseAnalysis.split_op_by_group: {str(tuple(ranks)): {step: {"op@group": {rank: op}}}}.
QByteArray communicationJson()
{
    QByteArray ranks;
    for (int r = 0; r < kRanks; ++r)
        ranks += (r ? ", " : "") + QByteArray("\"") + QByteArray::number(r) + "\": " + opJson(r);
    return QByteArray(R"J({"(0, 1, 2, 3)": {"step1": {"hcom_allReduce__1_0_1@123": {)J") + ranks
        + R"J(}, "Total Op Info@123": {"0": )J" + opJson(0)
        + R"J(}}}, "(0, 1)": {"step1": {"hcom_send__2_0_1@456": {"0": )J" + opJson(0) + "}}}}";
}

// CommMatrixAnalysis: {str(tuple(ranks)): {step: {"op@group": {"src-dst": link}}}}, global ranks.
QByteArray matrixJson()
{
    auto link = [](const char* size) -> QByteArray {
        return QByteArray(R"J({"Transport Type": "HCCS", "Transit Size(MB)": )J") + size
            + R"J(, "Transit Time(ms)": 0.5, "Bandwidth(GB/s)": 2.0, "Op Name": ""})J";
    };
    return QByteArray(R"J({"(0, 1, 2, 3)": {"step1": {"allreduce-total@123": {"0-1": )J") + link("1.0")
        + R"J(, "1-2": )J" + link("1.0") + R"J(, "2-3": )J" + link("1.0") + R"J(, "3-0": )J" + link("1.0")
        + R"J(}, "Total Op Info@123": {"0-1": )J" + link("1.0") + "}}}}";
}

QByteArray groupJson()
{
    return R"J({"collective": [[0, 1, 2, 3]], "p2p": [[0, 1]], "comm_group_parallel_info": [)J"
           R"J({"type": "collective", "rank_set": [0, 1, 2, 3], "group_name": "123", )J"
           R"J("group_id": "10.0.0.1%eth0_60000_0_1", "pg_name": "dp"}, )J"
           R"J({"type": "p2p", "rank_set": [0, 1], "group_name": "456", "group_id": "", "pg_name": ""}]})J";
}

void writeTextOutput(const QTemporaryDir& dir, bool crlfTabs = false)
{
    test::writeFile(dir, kOut + QStringLiteral("/cluster_step_trace_time.csv"), stepTraceCsv(crlfTabs));
    test::writeFile(dir, kOut + QStringLiteral("/cluster_communication.json"), communicationJson());
    test::writeFile(dir, kOut + QStringLiteral("/cluster_communication_matrix.json"), matrixJson());
    test::writeFile(dir, kOut + QStringLiteral("/communication_group.json"), groupJson());
}

bool exec(sqlite3* db, const QByteArray& sql)
{
    char* err = nullptr;
    const bool ok = sqlite3_exec(db, sql.constData(), nullptr, nullptr, &err) == SQLITE_OK;
    if (!ok)
        qWarning("%s: %s", sql.constData(), err);
    sqlite3_free(err);
    return ok;
}

// cluster_analysis.db as msprof-analyze writes it: the new table names
// (since 2025-03) with pandas' TEXT/INTEGER/REAL, or the old ones with a
// leading rank_set and NUMERIC columns.
bool writeClusterDb(const QString& path, bool newNames)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    sqlite3* db = nullptr;
    if (sqlite3_open(path.toUtf8().constData(), &db) != SQLITE_OK)
        return false;
    const QByteArray num = newNames ? "REAL" : "NUMERIC";
    bool ok = exec(db,
        "CREATE TABLE ClusterStepTraceTime (step TEXT, type TEXT, \"index\" TEXT, computing " + num
            + ", communication_not_overlapped " + num + ", overlapped " + num + ", communication " + num + ", free "
            + num + ", stage " + num + ", bubble " + num + ", communication_not_overlapped_and_exclude_receive " + num
            + ", preparing " + num + ", dp_index INTEGER, pp_index INTEGER, tp_index INTEGER)");
    for (int r = 0; r < kRanks; ++r)
        ok = ok
            && exec(db,
                QByteArray("INSERT INTO ClusterStepTraceTime VALUES ('1', 'rank', '") + QByteArray::number(r) + "', "
                    + QByteArray::number(1000.5 + r) + ", 200.25, 5, 205.25, " + QByteArray::number(10 + r)
                    + ", 0, 0, 200.25, 0, " + QByteArray::number(r / 2) + ", 0, " + QByteArray::number(r % 2) + ")");
    ok = ok
        && exec(db,
            "INSERT INTO ClusterStepTraceTime VALUES ('1', 'stage', '(0,1)', 1001.5, 200.25, 5, 205.25, 11, 0, 0, "
            "200.25, 0, NULL, NULL, NULL)");
    ok = ok
        && exec(db,
            "INSERT INTO ClusterStepTraceTime VALUES ('1', 'stage', '(2,3)', 1003.5, 200.25, 5, 205.25, 13, 0, 0, "
            "200.25, 0, NULL, NULL, NULL)");
    const QByteArray groupTable = newNames ? "CommunicationGroupMapping" : "CommunicationGroup";
    ok = ok
        && exec(db,
            "CREATE TABLE " + groupTable + " (type TEXT, rank_set TEXT, group_name TEXT, group_id TEXT, pg_name TEXT)");
    ok = ok
        && exec(db,
            "INSERT INTO " + groupTable
                + " VALUES ('collective', '(0,1,2,3)', '123', '10.0.0.1%eth0_60000_0_1', 'dp')");
    ok = ok && exec(db, "INSERT INTO " + groupTable + " VALUES ('p2p', '(0,1)', '456', '', '')");
    const QByteArray lead = newNames ? QByteArray() : QByteArray("rank_set TEXT, ");
    const QByteArray timeTable = newNames ? "ClusterCommunicationTime" : "ClusterCommAnalyzerTime";
    const QByteArray bandTable = newNames ? "ClusterCommunicationBandwidth" : "ClusterCommAnalyzerBandwidth";
    const QByteArray matrixTable = newNames ? "ClusterCommunicationMatrix" : "ClusterCommAnalyzerMatrix";
    ok = ok
        && exec(db,
            "CREATE TABLE " + timeTable + " (" + lead
                + "step TEXT, rank_id INTEGER, hccl_op_name TEXT, group_name TEXT, "
                  "start_timestamp "
                + num + ", elapsed_time " + num + ", transit_time " + num + ", wait_time " + num
                + ", synchronization_time " + num + ", idle_time " + num + ", synchronization_time_ratio " + num
                + ", wait_time_ratio " + num + ")");
    ok = ok
        && exec(db,
            "CREATE TABLE " + bandTable + " (" + lead
                + "step TEXT, rank_id INTEGER, hccl_op_name TEXT, group_name TEXT, "
                  "band_type TEXT, transit_size "
                + num + ", transit_time " + num + ", bandwidth " + num + ", large_packet_ratio " + num
                + ", package_size " + num + ", count " + num + ", total_duration " + num + ")");
    auto opRow = [&](const QByteArray& set, int r, const QByteArray& op, const QByteArray& group, double elapse) {
        const QByteArray setValue = newNames ? QByteArray() : QByteArray("'" + set + "', ");
        return exec(db,
                   "INSERT INTO " + timeTable + " VALUES (" + setValue + "'step1', " + QByteArray::number(r) + ", '"
                       + op + "', '" + group + "', 1736414119518476, " + QByteArray::number(elapse)
                       + ", 0.5, 1.0, 0.25, 0, 0, 0)")
            && exec(db,
                "INSERT INTO " + bandTable + " VALUES (" + setValue + "'step1', " + QByteArray::number(r) + ", '" + op
                    + "', '" + group + "', 'HCCS', 8, 0.5, 16, 1, 4, 2, 0.5)")
            && exec(db,
                "INSERT INTO " + bandTable + " VALUES (" + setValue + "'step1', " + QByteArray::number(r) + ", '" + op
                    + "', '" + group + "', 'HCCS', 8, 0.5, 16, 1, 2, 1, 0.25)")
            && exec(db,
                "INSERT INTO " + bandTable + " VALUES (" + setValue + "'step1', " + QByteArray::number(r) + ", '" + op
                    + "', '" + group + "', 'SDMA', 0, 0, 0, 0, 0, 0, 0)");
    };
    for (int r = 0; r < kRanks; ++r)
        ok = ok && opRow("(0,1,2,3)", r, "hcom_allReduce__1_0_1", "123", 1.5 + r);
    ok = ok && opRow("(0,1)", 0, "hcom_send__2_0_1", "456", 1.5);
    // Per (step, rank, group) sums with start 0: not ops.
    ok = ok && opRow("(0,1,2,3)", 0, "Total Op Info", "123", 9.0);
    ok = ok
        && exec(db,
            "CREATE TABLE " + matrixTable + " (" + lead + "step TEXT, hccl_op_name TEXT, group_name TEXT, src_rank "
                + (newNames ? "REAL" : "TEXT") + ", dst_rank " + (newNames ? "REAL" : "TEXT") + ", transit_size " + num
                + ", transit_time " + num + ", bandwidth " + num + ", transport_type TEXT, op_name TEXT)");
    const QByteArray setValue = newNames ? QByteArray() : QByteArray("'(0,1,2,3)', ");
    const char* links[][2] = { { "0", "1" }, { "1", "2" }, { "2", "3" }, { "3.0", "0.0" } };
    for (const auto& l : links)
        ok = ok
            && exec(db,
                "INSERT INTO " + matrixTable + " VALUES (" + setValue + "'step1', 'allreduce-total', '123', " + l[0]
                    + ", " + l[1] + ", 1.0, 0.5, 2.0, 'HCCS', '')");
    ok = ok
        && exec(db,
            "INSERT INTO " + matrixTable + " VALUES (" + setValue
                + "'step1', 'Total Op Info', '123', 0, 1, 1.0, 0.5, 2.0, 'HCCS', '')");
    if (newNames) {
        ok = ok && exec(db, "CREATE TABLE HostInfo (hostUid TEXT, hostName TEXT)");
        ok = ok && exec(db, "INSERT INTO HostInfo VALUES ('1234567890123', 'node-a')");
        ok = ok
            && exec(
                db, "CREATE TABLE RankDeviceMap (rankId INTEGER, deviceId INTEGER, hostUid TEXT, profilePath TEXT)");
        for (int r = 0; r < kRanks; ++r)
            ok = ok
                && exec(db,
                    "INSERT INTO RankDeviceMap VALUES (" + QByteArray::number(r) + ", " + QByteArray::number(r + 4)
                        + ", '1234567890123', '/nonexistent/elsewhere/rank" + QByteArray::number(r) + "_ascend_pt')");
    }
    // MindStudio Insight adds its own rows here: never read.
    ok = ok && exec(db, "CREATE TABLE ClusterBaseInfo (key TEXT, value TEXT)");
    ok = ok && exec(db, "INSERT INTO ClusterBaseInfo VALUES ('ranks', '[0,1,2,3,4,5,6,7]')");
    sqlite3_close(db);
    return ok;
}

bool execOn(const QString& path, const QByteArray& sql)
{
    sqlite3* db = nullptr;
    if (sqlite3_open(path.toUtf8().constData(), &db) != SQLITE_OK)
        return false;
    const bool ok = exec(db, sql);
    sqlite3_close(db);
    return ok;
}

} // namespace

class TestClusterOutput : public QObject
{
    Q_OBJECT

private slots:
    void classify_data();
    void classify();
    void clusterOnly_data();
    void clusterOnly();
    void besideRankFolders();
    void stepTraceFromClusterOutput();
    void databaseBeatsText();
    void damaged_data();
    void damaged();
    void realMsinsightOutput();
};

void TestClusterOutput::classify_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("kind");
    QTest::newRow("step csv") << "cluster_step_trace_time.csv" << int(FileKind::ClusterStepTraceTime);
    QTest::newRow("comm json") << "cluster_communication.json" << int(FileKind::ClusterCommunication);
    QTest::newRow("matrix json") << "cluster_communication_matrix.json" << int(FileKind::ClusterCommunicationMatrix);
    QTest::newRow("group json") << "communication_group.json" << int(FileKind::ClusterCommunicationGroup);
    QTest::newRow("db") << "cluster_analysis.db" << int(FileKind::ClusterAnalysisDb);
    QTest::newRow("other cluster_ file") << "cluster_something.csv" << int(FileKind::KnownUnused);
    QTest::newRow("per-rank analysis.db") << "analysis.db" << int(FileKind::Database);
}

void TestClusterOutput::classify()
{
    QFETCH(QString, name);
    QFETCH(int, kind);
    QCOMPARE(int(classifyFile(name)), kind);
}

void TestClusterOutput::clusterOnly_data()
{
    QTest::addColumn<QString>("form"); // text, text-crlf, db-new, db-old
    QTest::newRow("text") << "text";
    QTest::newRow("text, CRLF and TAB-terminated cells") << "text-crlf";
    QTest::newRow("cluster_analysis.db, current tables") << "db-new";
    QTest::newRow("cluster_analysis.db, tables before 2025-03") << "db-old";
}

void TestClusterOutput::clusterOnly()
{
    QFETCH(QString, form);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const bool db = form.startsWith(QLatin1String("db"));
    if (db)
        QVERIFY(writeClusterDb(
            dir.filePath(kOut + QStringLiteral("/cluster_analysis.db")), form == QLatin1String("db-new")));
    else
        writeTextOutput(dir, form == QLatin1String("text-crlf"));
    const QStringList before = test::folderSnapshot(dir.path());

    ProfilePtr p = ProfileLoader::load({ dir.path() });
    QVERIFY(p);
    QCOMPARE(test::folderSnapshot(dir.path()), before); // nothing written beside the data
    for (const auto& m : p->report.messages)
        QVERIFY2(m.severity != ImportMessage::Error, qPrintable(m.text));
    for (const auto& f : p->report.files)
        QVERIFY2(f.status == FileStatus::Used,
            qPrintable(f.path + QStringLiteral(": ") + f.reason + f.warnings.join(QLatin1Char(';'))));
    QCOMPARE(p->report.files.size(), db ? std::size_t(1) : std::size_t(4));

    QCOMPARE(p->ranks.size(), std::size_t(kRanks));
    for (int r = 0; r < kRanks; ++r) {
        const RankData& rank = *p->ranks[std::size_t(r)];
        QCOMPARE(rank.info.rankId, r);
        QCOMPARE(rank.info.layout, RankLayout::ClusterSummary);
        QVERIFY(rank.trace.isEmpty());
        QCOMPARE(rank.stepTrace.size(), std::size_t(1));
        const StepTraceRow& s = rank.stepTrace.front();
        QCOMPARE(s.step, QStringLiteral("1"));
        QCOMPARE(s.rankId, r);
        QCOMPARE(s.valueNs[StepTraceRow::Computing], computingNs(r));
        QCOMPARE(s.valueNs[StepTraceRow::CommunicationNotOverlapped], kCommNotOverlappedNs);
        QCOMPARE(s.valueNs[StepTraceRow::Free], freeNs(r));
        QCOMPARE(s.valueNs[StepTraceRow::Overlapped], qint64(5000));
        // The allreduce on every rank, the send on rank 0; Total Op Info is no op.
        QCOMPARE(rank.communication.size(), std::size_t(r == 0 ? 2 : 1));
        const CommOpRecord& op = rank.communication.front();
        QCOMPARE(op.step, QStringLiteral("step1"));
        QCOMPARE(op.opName, QStringLiteral("hcom_allReduce__1_0_1"));
        QCOMPARE(op.groupId, QStringLiteral("123"));
        QVERIFY(!op.p2p);
        QCOMPARE(op.startNs, kStartNs);
        QCOMPARE(op.elapseMs, 1.5 + r);
        QCOMPARE(op.waitMs, 1.0);
        QCOMPARE(op.transitMs, 0.5);
        QVERIFY(!op.bandwidth.empty());
        QCOMPARE(op.bandwidth.front().transport, QStringLiteral("HCCS"));
        QCOMPARE(op.bandwidth.front().transitSizeMB, 8.0);
        QCOMPARE(op.bandwidth.front().sizeDistribution.count(4.0), std::size_t(1));
        QCOMPARE(op.bandwidth.front().sizeDistribution.at(4.0).first, qint64(2));
        if (r == 0) {
            QCOMPARE(rank.communication[1].opName, QStringLiteral("hcom_send__2_0_1"));
            QVERIFY(rank.communication[1].p2p); // group 456 is a p2p group
        }
        // Each link on its src rank: r -> r+1, plus rank 0's Total Op Info link.
        QCOMPARE(rank.communicationMatrix.size(), std::size_t(r == 0 ? 2 : 1));
        const CommMatrixLink& l = rank.communicationMatrix.front();
        QCOMPARE(l.srcRank, r);
        QCOMPARE(l.dstRank, (r + 1) % kRanks);
        QCOMPARE(l.opKey, QStringLiteral("allreduce-total@123"));
        QCOMPARE(l.transitSizeMB, 1.0);
        QCOMPARE(l.transport, QStringLiteral("HCCS"));
    }
    QCOMPARE(p->clusterStages.size(), std::size_t(2));
    QCOMPARE(p->clusterStages[0].ranks, (std::vector<int> { 0, 1 }));
    QCOMPARE(p->clusterStages[1].ranks, (std::vector<int> { 2, 3 }));
    QCOMPARE(p->clusterStages[1].valueNs[StepTraceRow::Computing], computingNs(3));
    QCOMPARE(p->clusterGroups.size(), std::size_t(2));
    QCOMPARE(p->clusterGroups[0].groupHash, QStringLiteral("123"));
    QCOMPARE(p->clusterGroups[0].globalRanks.vector(), (std::vector<int> { 0, 1, 2, 3 }));
    QVERIFY(p->clusterGroups[1].p2p);
    QCOMPARE(p->clusterOutputPath, QDir(dir.path()).filePath(kOut));
    QCOMPARE(p->clusterRanks.size(), std::size_t(kRanks));
    if (form != QLatin1String("db-old")) {
        QCOMPARE(p->clusterRanks[3].dpIndex, 1);
        QCOMPARE(p->clusterRanks[3].tpIndex, 1);
        // ... and the cluster views use them for the rank (DP / TP columns of the step table).
        const ParallelIndex index = parallelIndex(p->ranks[3]->info);
        QCOMPARE(index.dp, 1);
        QCOMPARE(index.tp, 1);
    }
    // Named groups reach the ranks in them (the stage grouping reads them).
    if (p->clusterGroups[0].pgName == QLatin1String("dp"))
        for (const auto& rank : p->ranks)
            QVERIFY(std::any_of(rank->info.parallelGroups.begin(), rank->info.parallelGroups.end(),
                [](const ParallelGroup& g) { return g.groupName == QLatin1String("dp") && g.globalRanks.size() == 4; }));
    if (form == QLatin1String("db-new")) {
        QCOMPARE(p->ranks[2]->info.deviceId, 6);
        QCOMPARE(p->ranks[2]->info.host, QStringLiteral("node-a"));
        QCOMPARE(p->clusterRanks[1].profilePath, QStringLiteral("/nonexistent/elsewhere/rank1_ascend_pt"));
        const FileReport* f = test::reportEndingWith(*p, QStringLiteral("/cluster_analysis.db"));
        QVERIFY(f);
        QCOMPARE(f->count(QStringLiteral("ClusterStepTraceTime")), qint64(6));
        QCOMPARE(f->count(QStringLiteral("communication ops")), qint64(5));
    }
    if (!db) {
        const FileReport* f = test::reportEndingWith(*p, QStringLiteral("/cluster_step_trace_time.csv"));
        QVERIFY(f);
        QCOMPARE(f->count(QStringLiteral("rank rows")), qint64(4));
        QCOMPARE(f->count(QStringLiteral("stage rows")), qint64(2));
        const FileReport* c = test::reportEndingWith(*p, QStringLiteral("/cluster_communication.json"));
        QVERIFY(c);
        QCOMPARE(c->count(QStringLiteral("ops")), qint64(5));
        QCOMPARE(c->count(QStringLiteral("totalOpInfo")), qint64(1));
    }
}

void TestClusterOutput::besideRankFolders()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (int r = 0; r < 2; ++r)
        QVERIFY(test::copyTree(test::textRank(1, r), dir.filePath(QStringLiteral("rank%1_ascend_pt").arg(r))));
    writeTextOutput(dir);
    const QStringList before = test::folderSnapshot(dir.path());

    ProfilePtr p = ProfileLoader::load({ dir.path() });
    QVERIFY(p);
    QCOMPARE(test::folderSnapshot(dir.path()), before);
    QCOMPARE(p->ranks.size(), std::size_t(kRanks));
    for (int r = 0; r < kRanks; ++r)
        QCOMPARE(p->ranks[std::size_t(r)]->info.rankId, r);
    // Ranks 0 and 1 keep their own step_trace_time.csv (step 50), not the cluster's row.
    for (int r = 0; r < 2; ++r) {
        const RankData& rank = *p->ranks[std::size_t(r)];
        QCOMPARE(rank.info.layout, RankLayout::AscendPt);
        QVERIFY(!rank.trace.isEmpty());
        QCOMPARE(rank.stepTrace.size(), std::size_t(1));
        QCOMPARE(rank.stepTrace.front().step, QStringLiteral("50"));
        QVERIFY(rank.stepTrace.front().valueNs[StepTraceRow::Computing] != computingNs(r));
        for (const CommOpRecord& op : rank.communication)
            QVERIFY(op.groupId != QLatin1String("123")); // none of the cluster's ops added
    }
    // Ranks 2 and 3 exist only in the cluster output.
    for (int r = 2; r < kRanks; ++r) {
        const RankData& rank = *p->ranks[std::size_t(r)];
        QCOMPARE(rank.info.layout, RankLayout::ClusterSummary);
        QVERIFY(rank.trace.isEmpty());
        QCOMPARE(rank.stepTrace.size(), std::size_t(1));
        QCOMPARE(rank.stepTrace.front().valueNs[StepTraceRow::Computing], computingNs(r));
        QCOMPARE(rank.communication.size(), std::size_t(1));
        QCOMPARE(rank.communicationMatrix.size(), std::size_t(1));
    }
    const FileReport* f = test::reportEndingWith(*p, QStringLiteral("/cluster_step_trace_time.csv"));
    QVERIFY(f);
    QCOMPARE(f->status, FileStatus::Used);
    QCOMPARE(f->rankIndex, -1);
    QVERIFY2(f->warnings.join(QLatin1Char(' ')).contains(QStringLiteral("0, 1")),
        qPrintable(f->warnings.join(QLatin1Char(';'))));
    // File reports of the real ranks still point at their rank.
    const FileReport* own = test::reportEndingWith(*p, QStringLiteral("/profiler_info_1.json"));
    QVERIFY(own);
    QCOMPARE(p->ranks[std::size_t(own->rankIndex)]->info.rankId, 1);
}

// A rank with a timeline but no step_trace_time.csv of its own takes the
// cluster's row. The loader computed its overview (and kept it in the
// rank's memo) before that row arrived: the memo must not keep that one,
// whose checks against the profiler's figures were made without the row.
void TestClusterOutput::stepTraceFromClusterOutput()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString rankDir = dir.filePath(QStringLiteral("rank0_ascend_pt"));
    QVERIFY(test::copyTree(test::textRank(1, 0), rankDir));
    QVERIFY(QFile::remove(rankDir + QStringLiteral("/ASCEND_PROFILER_OUTPUT/step_trace_time.csv")));
    writeTextOutput(dir);

    ProfilePtr p = ProfileLoader::load({ dir.path() });
    QVERIFY(p);
    const RankData& rank = *p->ranks[0];
    QCOMPARE(rank.info.rankId, 0);
    QVERIFY(!rank.trace.isEmpty());
    QCOMPARE(rank.stepTrace.size(), std::size_t(1));
    QCOMPARE(rank.stepTrace.front().valueNs[StepTraceRow::Computing], computingNs(0));
    const RankOverview fresh = computeOverview(rank);
    QVERIFY(!fresh.checks.empty()); // the cluster's row is checked against the timeline
    const auto shared = rankOverview(rank);
    QCOMPARE(shared->checks.size(), fresh.checks.size());
    for (std::size_t i = 0; i < fresh.checks.size(); ++i) {
        QCOMPARE(shared->checks[i].fileNs, fresh.checks[i].fileNs);
        QCOMPARE(shared->checks[i].computedNs, fresh.checks[i].computedNs);
    }
    // A rank that keeps its own step trace keeps the overview the load computed.
    QTemporaryDir own;
    QVERIFY(test::copyTree(test::textRank(1, 0), own.filePath(QStringLiteral("rank0_ascend_pt"))));
    ProfilePtr q = ProfileLoader::load({ own.path() });
    QVERIFY(q && !q->ranks.empty());
    QVERIFY(q->ranks[0]->memo.isComputed(AnalysisMemo::Overview));
}

void TestClusterOutput::databaseBeatsText()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    writeTextOutput(dir);
    QVERIFY(writeClusterDb(dir.filePath(kOut + QStringLiteral("/cluster_analysis.db")), true));
    ProfilePtr p = ProfileLoader::load({ dir.path() });
    QCOMPARE(p->ranks.size(), std::size_t(kRanks));
    QCOMPARE(p->ranks[0]->stepTrace.size(), std::size_t(1)); // not twice
    QCOMPARE(p->ranks[0]->communication.size(), std::size_t(2));
    QCOMPARE(test::reportEndingWith(*p, QStringLiteral("/cluster_analysis.db"))->status, FileStatus::Used);
    for (const char* name : { "cluster_step_trace_time.csv", "cluster_communication.json",
             "cluster_communication_matrix.json", "communication_group.json" }) {
        const FileReport* f = test::reportEndingWith(*p, QLatin1Char('/') + QLatin1String(name));
        QVERIFY(f);
        QCOMPARE(f->status, FileStatus::Skipped);
        QVERIFY(f->reason.contains(QStringLiteral("cluster_analysis.db")));
    }
}

void TestClusterOutput::damaged_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("reasonPart"); // in the reason (Broken) or a warning (Used)
    QTest::addColumn<int>("ranks");
    QTest::newRow("csv without Index") << "csv-no-index"
                                       << "cluster_step_trace_time.csv" << int(FileStatus::Broken) << "Index" << 4;
    QTest::newRow("csv text in Computing") << "csv-text"
                                           << "cluster_step_trace_time.csv" << int(FileStatus::Used) << "line 3" << 4;
    // Found by fuzzing (fuzz_smalljson): a rank id beyond int made the
    // double-to-int conversion undefined behaviour.
    QTest::newRow("csv huge rank index") << "csv-huge-rank"
                                         << "cluster_step_trace_time.csv" << int(FileStatus::Used) << "1e48" << 4;
    QTest::newRow("json huge rank set") << "json-huge-rank"
                                        << "cluster_communication.json" << int(FileStatus::Used) << "" << 4;
    QTest::newRow("truncated json") << "json-cut"
                                    << "cluster_communication.json" << int(FileStatus::Broken) << "invalid JSON" << 4;
    QTest::newRow("not SQLite") << "db-garbage"
                                << "cluster_analysis.db" << int(FileStatus::Broken) << "SQLite" << 0;
    QTest::newRow("db without type") << "db-no-type"
                                     << "cluster_analysis.db" << int(FileStatus::Broken) << "ClusterStepTraceTime" << 4;
    QTest::newRow("db text in computing") << "db-text"
                                          << "cluster_analysis.db" << int(FileStatus::Used) << "abc" << 4;
}

void TestClusterOutput::damaged()
{
    QFETCH(QString, damage);
    QFETCH(QString, file);
    QFETCH(int, status);
    QFETCH(QString, reasonPart);
    QFETCH(int, ranks);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString db = dir.filePath(kOut + QStringLiteral("/cluster_analysis.db"));
    if (damage.startsWith(QLatin1String("csv")) || damage.startsWith(QLatin1String("json")))
        writeTextOutput(dir);
    if (damage == QLatin1String("csv-no-index")) {
        QByteArray csv = stepTraceCsv(false);
        csv.replace("Step,Type,Index,", "Step,Type,Idx,");
        test::writeFile(dir, kOut + QStringLiteral("/cluster_step_trace_time.csv"), csv);
    } else if (damage == QLatin1String("csv-text")) {
        QByteArray csv = stepTraceCsv(false);
        csv.replace("1,rank,1,1001.5,", "1,rank,1,abc,");
        test::writeFile(dir, kOut + QStringLiteral("/cluster_step_trace_time.csv"), csv);
    } else if (damage == QLatin1String("csv-huge-rank")) {
        QByteArray csv = stepTraceCsv(false);
        csv.replace("1,rank,1,1001.5,", "1,rank,1e48,1001.5,");
        test::writeFile(dir, kOut + QStringLiteral("/cluster_step_trace_time.csv"), csv);
    } else if (damage == QLatin1String("json-huge-rank")) {
        QByteArray json = communicationJson();
        const QByteArray hugeKey = QByteArray("\"(0, ") + QByteArray(49, '9') + QByteArray(")\"");
        json.replace(QByteArray("\"(0, 1)\""), hugeKey);
        QVERIFY(json.contains(QByteArray(49, '9')));
        test::writeFile(dir, kOut + QStringLiteral("/cluster_communication.json"), json);
    } else if (damage == QLatin1String("json-cut")) {
        test::writeFile(dir, kOut + QStringLiteral("/cluster_communication.json"), communicationJson().left(300));
    } else if (damage == QLatin1String("db-garbage")) {
        test::writeFile(
            dir, kOut + QStringLiteral("/cluster_analysis.db"), QByteArray("this is not a database\n").repeated(50));
    } else if (damage == QLatin1String("db-no-type")) {
        QVERIFY(writeClusterDb(db, true));
        QVERIFY(execOn(db, "ALTER TABLE ClusterStepTraceTime DROP COLUMN type"));
    } else if (damage == QLatin1String("db-text")) {
        QVERIFY(writeClusterDb(db, true));
        QVERIFY(execOn(db, "UPDATE ClusterStepTraceTime SET computing = 'abc' WHERE \"index\" = '1'"));
    }
    const QStringList before = test::folderSnapshot(dir.path());
    ProfilePtr p = ProfileLoader::load({ dir.path() });
    QVERIFY(p);
    QCOMPARE(test::folderSnapshot(dir.path()), before);
    const FileReport* f = test::reportEndingWith(*p, QLatin1Char('/') + file);
    QVERIFY(f);
    QCOMPARE(int(f->status), status);
    const QString said = f->reason + QLatin1Char(' ') + f->warnings.join(QLatin1Char(' '));
    QVERIFY2(said.contains(reasonPart), qPrintable(said));
    QCOMPARE(int(p->ranks.size()), ranks);
    if (damage == QLatin1String("csv-no-index") || damage == QLatin1String("db-no-type")) {
        for (const auto& r : p->ranks)
            QVERIFY(r->stepTrace.empty()); // the table is unusable; the other files still give the ranks
        QCOMPARE(p->ranks[0]->communication.size(), std::size_t(2));
    }
    if (damage == QLatin1String("csv-text") || damage == QLatin1String("db-text")
        || damage == QLatin1String("csv-huge-rank")) {
        QVERIFY(p->ranks[1]->stepTrace.empty()); // the bad row is skipped, the others stay
        QCOMPARE(p->ranks[2]->stepTrace.front().valueNs[StepTraceRow::Computing], computingNs(2));
    }
    if (damage == QLatin1String("json-cut"))
        QVERIFY(f->byteOffset > 0);
    if (damage == QLatin1String("db-garbage"))
        QCOMPARE(f->byteOffset, qint64(0));
}

void TestClusterOutput::realMsinsightOutput()
{
    // Real msprof-analyze text output (MindStudio Insight's server test data):
    // every "rank" row of cluster_step_trace_time.csv becomes a rank with that
    // step's figures; the CSV is read here line by line, independently.
    const QString dir = test::fixture(QStringLiteral("ascend-msinsight/server/src/test/test_data/cluster_analysis_output"));
    QFile csv(dir + QStringLiteral("/cluster_step_trace_time.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
    const QList<QByteArray> header = lines.at(0).trimmed().split(',');
    const int cType = int(header.indexOf("Type")), cIndex = int(header.indexOf("Index")),
              cComputing = int(header.indexOf("Computing")), cStep = int(header.indexOf("Step"));
    std::map<int, std::pair<QString, double>> expected; // rank -> (step, computing us)
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> cells = lines[i].trimmed().split(',');
        if (cells.value(cType).trimmed() == "rank")
            expected[cells.at(cIndex).trimmed().toInt()] = { QString::fromUtf8(cells.at(cStep).trimmed()),
                cells.at(cComputing).trimmed().toDouble() };
    }
    QVERIFY(expected.size() > 1);
    const ProfilePtr p = ProfileLoader::load({ QFileInfo(dir).absolutePath() + QStringLiteral("/cluster_analysis_output") });
    QCOMPARE(p->ranks.size(), expected.size());
    for (const auto& rank : p->ranks) {
        QVERIFY(expected.count(rank->info.rankId));
        QCOMPARE(rank->info.layout, RankLayout::ClusterSummary);
        QCOMPARE(rank->stepTrace.size(), std::size_t(1));
        QCOMPARE(rank->stepTrace[0].step, expected[rank->info.rankId].first);
        QVERIFY(std::abs(double(rank->stepTrace[0].valueNs[StepTraceRow::Computing]) / 1000.0
                    - expected[rank->info.rankId].second) < 0.001);
    }
}

QTEST_GUILESS_MAIN(TestClusterOutput)
#include "tst_clusteroutput.moc"
