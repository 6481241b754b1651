// SPDX-License-Identifier: Apache-2.0
// The msprof system tables of the profiler databases (dbcounters.cpp,
// dbopmemory.cpp): small databases built here with known rows, whose counter
// tracks and NPU_OP_MEM pairings were worked out by hand (comments give the
// arithmetic); the GE rows torch_npu itself paired into OP_MEMORY on a real
// fixture; the CANN msprof_0.db fixture; and a generated DB profile.
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

#include <algorithm>
#include <cmath>

using namespace profscope;

namespace {

// A fresh database holding `statements`.
bool makeDb(const QString& path, const QString& statements)
{
    sqlite3* db = nullptr;
    if (sqlite3_open(path.toUtf8().constData(), &db) != SQLITE_OK) {
        sqlite3_close(db);
        return false;
    }
    char* error = nullptr;
    const int rc = sqlite3_exec(db, statements.toUtf8().constData(), nullptr, nullptr, &error);
    if (rc != SQLITE_OK)
        qWarning("%s", error);
    sqlite3_free(error);
    sqlite3_close(db);
    return rc == SQLITE_OK;
}

// Runs one query (immutable, nothing written beside the file); every column as text.
QList<QStringList> sql(const QString& path, const char* query)
{
    QList<QStringList> rows;
    sqlite3* db = nullptr;
    const QByteArray uri = "file:" + path.toUtf8() + "?immutable=1";
    if (sqlite3_open_v2(uri.constData(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr) == SQLITE_OK) {
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(db, query, -1, &st, nullptr) == SQLITE_OK) {
            while (sqlite3_step(st) == SQLITE_ROW) {
                QStringList row;
                for (int c = 0; c < sqlite3_column_count(st); ++c)
                    row << QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(st, c)));
                rows << row;
            }
        }
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return rows;
}

struct Imported
{
    RankData rank;
    FileReport report;
};

std::unique_ptr<Imported> import(const QString& path)
{
    auto out = std::make_unique<Imported>();
    SqliteDb db;
    QString error;
    if (!db.open(path, &error))
        return nullptr;
    importProfilerDb(db, out->rank, DbTake {}, out->report);
    return out;
}

QString number(double v)
{
    return QString::number(v, 'g', 10);
}

// "counter|key|t=v t=v ..." per series of the processes called `process`, sorted.
QStringList seriesOf(const TraceData& t, const QString& process)
{
    QStringList out;
    for (const ProcessTrack& p : t.processes) {
        if (p.name != process)
            continue;
        for (const CounterSeries& c : p.counters) {
            QStringList points;
            for (std::size_t i = 0; i < c.tsNs.size(); ++i)
                points << QString::number(c.tsNs[i]) + QLatin1Char('=') + number(c.value[i]);
            out << t.strings.string(c.name) + QLatin1Char('|') + t.strings.string(c.key) + QLatin1Char('|')
                    + points.join(QLatin1Char(' '));
        }
    }
    out.sort();
    return out;
}

bool allSeriesSorted(const TraceData& t)
{
    for (const ProcessTrack& p : t.processes)
        for (const CounterSeries& c : p.counters)
            if (!std::is_sorted(c.tsNs.begin(), c.tsNs.end()))
                return false;
    return true;
}

const QString kStrings = QStringLiteral("CREATE TABLE STRING_IDS (id INTEGER PRIMARY KEY, value TEXT);"
                                        "INSERT INTO STRING_IDS VALUES (1,'QoS OTHERS'),(2,'AIC'),(5,'release'),"
                                        "(6,'allocate'),(7,'GE'),(10,'opA'),(11,'opB'),(12,'opC');");

} // namespace

class TestDbCounters : public QObject
{
    Q_OBJECT

private slots:
    void counterTables_data();
    void counterTables();
    void npuOpMemPairing_data();
    void npuOpMemPairing();
    void npuOpMemEqualsTorchNpuPairing();
    void msprofFixtureTables();
    void generatedDbProfile();
};

void TestDbCounters::counterTables_data()
{
    QTest::addColumn<QString>("statements");
    QTest::addColumn<QString>("process");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<QString>("table");
    QTest::addColumn<qint64>("rows"); // report count; -1: the table was skipped
    QTest::addColumn<QString>("warning"); // in a warning of the file; empty: none

    const QString qos = QStringLiteral("CREATE TABLE QOS (deviceId INTEGER, eventName INTEGER, bandwidth NUMERIC, timestampNs INTEGER");
    // 228 * 2^20 = 239075328, 100 * 2^20 = 104857600, 512 * 2^20 = 536870912: MB/s as the text's "value".
    QTest::newRow("QOS, out of time order, prefix added")
        << qos + QStringLiteral(");INSERT INTO QOS VALUES (0,1,239075328,3000),(0,1,104857600,1000),(0,1,536870912,2000),"
                                "(0,2,1048576,1500);")
        << "QoS" << QStringList { "QoS AIC|value|1500=1", "QoS OTHERS|value|1000=100 2000=512 3000=228" } << "QOS" << 4LL << "";
    QTest::newRow("QOS per die")
        << qos + QStringLiteral(", dieId INTEGER);INSERT INTO QOS VALUES (0,1,2097152,10,1),(0,1,1048576,10,0);")
        << "QoS" << QStringList { "QoS OTHERS|die 0|10=1", "QoS OTHERS|die 1|10=2" } << "QOS" << 2LL << "";
    // 3 * 2^20 = 3145728 -> 3; 2^19 = 524288 -> 0.5; 1.5 * 2^20 = 1572864 -> 1.5.
    QTest::newRow("DDR, out of time order")
        << QStringLiteral("CREATE TABLE DDR (deviceId INTEGER, timestampNs INTEGER, read NUMERIC, write NUMERIC);"
                          "INSERT INTO DDR VALUES (2,900,3145728,524288),(2,100,1572864,0);")
        << "DDR" << QStringList { "DDR/Read|Read(MB/s)|100=1.5 900=3", "DDR/Write|Write(MB/s)|100=0 900=0.5" } << "DDR" << 2LL << "";
    QTest::newRow("DDR without write: skipped")
        << QStringLiteral("CREATE TABLE DDR (deviceId INTEGER, timestampNs INTEGER, read NUMERIC);"
                          "INSERT INTO DDR VALUES (0,1,1);")
        << "DDR" << QStringList {} << "DDR" << -1LL << "table DDR skipped: it has no write column";
    // Averages / 2^20; the latency 1500 ns -> 1.5 µs. Min / max columns are not shown.
    QTest::newRow("PCIE")
        << QStringLiteral("CREATE TABLE PCIE (deviceId INTEGER, timestampNs INTEGER, txPostMin NUMERIC, txPostMax NUMERIC, "
                          "txPostAvg NUMERIC, txNonpostAvg NUMERIC, txCplAvg NUMERIC, txNonpostLatencyAvg NUMERIC, "
                          "rxPostAvg NUMERIC, rxNonpostAvg NUMERIC, rxCplAvg NUMERIC);"
                          "INSERT INTO PCIE VALUES (0,50,1,99999999,2097152,3145728,5242880,1500,1048576,0,4194304);")
        << "PCIe"
        << QStringList { "PCIe_cpl/Rx|Rx(MB/s)|50=4", "PCIe_cpl/Tx|Tx(MB/s)|50=5", "PCIe_nonpost/Rx|Rx(MB/s)|50=0",
               "PCIe_nonpost/Tx|Tx(MB/s)|50=3", "PCIe_nonpost_latency/Tx|Tx(us)|50=1.5", "PCIe_post/Rx|Rx(MB/s)|50=1",
               "PCIe_post/Tx|Tx(MB/s)|50=2" }
        << "PCIE" << 1LL << "";
    // 10 * 2^20 = 10485760, 20 * 2^20 = 20971520.
    QTest::newRow("HCCS")
        << QStringLiteral("CREATE TABLE HCCS (deviceId INTEGER, timestampNs INTEGER, txThroughput NUMERIC, rxThroughput NUMERIC);"
                          "INSERT INTO HCCS VALUES (0,7,10485760,20971520);")
        << "HCCS" << QStringList { "Rx|Rx(MB/s)|7=20", "Tx|Tx(MB/s)|7=10" } << "HCCS" << 1LL << "";
    QTest::newRow("HCCS with 0 rows")
        << QStringLiteral("CREATE TABLE HCCS (deviceId INTEGER, timestampNs INTEGER, txThroughput NUMERIC, rxThroughput NUMERIC);")
        << "HCCS" << QStringList {} << "HCCS" << 0LL << "";
    // Rx: 50 packets/s; errors 2 / 200 packets = 0.01; dropped 4 / 200 = 0.02; 25 B/s of 100 B/s = 0.25.
    // Tx: 40 packets/s; 0 / 100 = 0; 1 / 100 = 0.01; 80 / 100 = 0.8.
    const QString sysIo = QStringLiteral(
        " (deviceId INTEGER, timestampNs INTEGER, bandwidth NUMERIC, rxPacketRate NUMERIC, rxByteRate NUMERIC, rxPackets "
        "NUMERIC, rxBytes NUMERIC, rxErrors NUMERIC, rxDropped NUMERIC, txPacketRate NUMERIC, txByteRate NUMERIC, "
        "txPackets NUMERIC, txBytes NUMERIC, txErrors NUMERIC, txDropped NUMERIC, funcId INTEGER);");
    const QString sysIoRow = QStringLiteral(" VALUES (0,30,100,50,25,200,5000,2,4,40,80,100,8000,0,1,3);");
    const QStringList sysIoSeries { "Port 3/Rx|Rx Bandwidth Efficiency|30=0.25", "Port 3/Rx|Rx Dropped Rate|30=0.02",
        "Port 3/Rx|Rx Error Rate|30=0.01", "Port 3/Rx|Rx Packets|30=50", "Port 3/Tx|Tx Bandwidth Efficiency|30=0.8",
        "Port 3/Tx|Tx Dropped Rate|30=0.01", "Port 3/Tx|Tx Error Rate|30=0", "Port 3/Tx|Tx Packets|30=40" };
    QTest::newRow("NIC") << "CREATE TABLE NIC" + sysIo + "INSERT INTO NIC" + sysIoRow << "NIC" << sysIoSeries << "NIC" << 1LL << "";
    QTest::newRow("ROCE") << "CREATE TABLE ROCE" + sysIo + "INSERT INTO ROCE" + sysIoRow << "RoCE" << sysIoSeries << "ROCE" << 1LL << "";
    QTest::newRow("NIC without funcId: skipped")
        << "CREATE TABLE NIC" + QString(sysIo).replace(QStringLiteral(", funcId INTEGER"), QString()) << "NIC" << QStringList {}
        << "NIC" << -1LL << "table NIC skipped: it has no funcId column";
    // Only the MAC bandwidth pair is present: 4 * 2^20 = 4194304 -> 4; 2^21 -> 2.
    QTest::newRow("NETDEV_STATS, known columns only")
        << QStringLiteral("CREATE TABLE NETDEV_STATS (deviceId INTEGER, timestampNs INTEGER, macTxBandwidth NUMERIC, "
                          "macRxBandwidth NUMERIC, somethingNew NUMERIC);"
                          "INSERT INTO NETDEV_STATS VALUES (0,5,4194304,2097152,7);")
        << "NetDev Stats" << QStringList { "MAC Bandwidth|Rx(MB/s)|5=2", "MAC Bandwidth|Tx(MB/s)|5=4" } << "NETDEV_STATS" << 1LL << "";
    QTest::newRow("NETDEV_STATS, no known column: skipped")
        << QStringLiteral("CREATE TABLE NETDEV_STATS (deviceId INTEGER, timestampNs INTEGER, somethingNew NUMERIC);")
        << "NetDev Stats" << QStringList {} << "NETDEV_STATS" << -1LL << "table NETDEV_STATS skipped";
}

void TestDbCounters::counterTables()
{
    QFETCH(QString, statements);
    QFETCH(QString, process);
    QFETCH(QStringList, expected);
    QFETCH(QString, table);
    QFETCH(qint64, rows);
    QFETCH(QString, warning);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("msprof_0.db"));
    QVERIFY(makeDb(path, kStrings + statements));
    const auto r = import(path);
    QVERIFY(r);
    QCOMPARE(seriesOf(r->rank.trace, process), expected);
    QVERIFY(allSeriesSorted(r->rank.trace));
    QCOMPARE(r->report.count(table), rows);
    const QString warnings = r->report.warnings.join(QLatin1Char('\n'));
    if (warning.isEmpty())
        QVERIFY2(!warnings.contains(QLatin1String("skipped")), qPrintable(warnings));
    else
        QVERIFY2(warnings.contains(warning), qPrintable(warnings));
    QVERIFY(r->report.status != FileStatus::Broken);
}

void TestDbCounters::npuOpMemPairing_data()
{
    QTest::addColumn<QString>("statements");
    QTest::addColumn<QStringList>("expected"); // name size(KB) alloc release duration allocTotal(MB) releaseTotal(MB) device
    QTest::addColumn<qint64>("paired");
    QTest::addColumn<QString>("warning");

    const QString table = QStringLiteral(
        "CREATE TABLE NPU_OP_MEM (operatorName INTEGER, addr INTEGER, type INTEGER, size INTEGER, timestampNs INTEGER, "
        "globalTid INTEGER, totalAllocate NUMERIC, totalReserve NUMERIC, component INTEGER, deviceId INTEGER);");
    // STRING_IDS types (6 allocate, 5 release), rows out of time order:
    //   opA @100 alloc 1024 B (total 1 MiB), opB @150 alloc 2048 B, opA @300 release (size negated, total 2 MiB),
    //   opB @400 release (total 0), opA @500 alloc 512 B again at the same addr (never released),
    //   opC @50 release without allocation (left out).
    // -> opA 1 KB 100..300 (200 ns), opB 2 KB 150..400 (250 ns), opA 0.5 KB from 500, still alive.
    const QString stringTyped = table
        + QStringLiteral("INSERT INTO NPU_OP_MEM VALUES (10,100,5,-1024,300,1,2097152,4194304,7,0),"
                         "(11,200,6,2048,150,1,3145728,4194304,7,0),(10,100,6,1024,100,1,1048576,4194304,7,0),"
                         "(10,100,6,512,500,1,524288,4194304,7,0),(11,200,5,2048,400,1,0,4194304,7,0),"
                         "(12,300,5,64,50,1,0,4194304,7,0);");
    const QStringList expected { "opA 1 100 300 200 1 2 NPU:0", "opB 2 150 400 250 3 0 NPU:0", "opA 0.5 500 - - 0.5 - NPU:0" };
    QTest::newRow("STRING_IDS types") << stringTyped << expected << 2LL << "1 release event(s) without an allocation";
    // The early msprof DB: ENUM_MEMORY (5 allocate, 6 release) decides, not STRING_IDS (where 5 / 6 mean the opposite).
    const QString enumTyped = table
        + QStringLiteral("CREATE TABLE ENUM_MEMORY (id INTEGER PRIMARY KEY, name TEXT);"
                         "INSERT INTO ENUM_MEMORY VALUES (0,'app'),(1,'device'),(3,'read'),(4,'write'),(5,'allocate'),(6,'release');"
                         "INSERT INTO NPU_OP_MEM VALUES (10,100,6,1024,300,1,2097152,4194304,7,1),"
                         "(10,100,5,1024,100,1,1048576,4194304,7,1);");
    QTest::newRow("ENUM_MEMORY types") << enumTyped << QStringList { "opA 1 100 300 200 1 2 NPU:1" } << 1LL << "";
    // msprof_0.db has one release row written before its allocation at the same ns: a block of 0 ns.
    QTest::newRow("release ahead of its allocation, same time")
        << table + QStringLiteral("INSERT INTO NPU_OP_MEM VALUES (11,200,5,2048,700,1,0,4194304,7,0),"
                                  "(11,200,6,2048,700,1,2097152,4194304,7,0);")
        << QStringList { "opB 2 700 700 0 2 0 NPU:0" } << 1LL << "";
    QTest::newRow("0 rows") << table << QStringList {} << 0LL << "";
    QTest::newRow("no addr column: skipped") << QString(table).replace(QStringLiteral("addr INTEGER, "), QString())
                                             << QStringList {} << -1LL << "table NPU_OP_MEM skipped: it has no addr column";
}

void TestDbCounters::npuOpMemPairing()
{
    QFETCH(QString, statements);
    QFETCH(QStringList, expected);
    QFETCH(qint64, paired);
    QFETCH(QString, warning);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("msprof_0.db"));
    QVERIFY(makeDb(path, kStrings + statements));
    const auto r = import(path);
    QVERIFY(r);
    QStringList got;
    if (const OperatorMemoryTable* m = r->rank.operatorMemory.get()) {
        auto ns = [](TimeNs v) { return v == kInvalidTime ? QStringLiteral("-") : QString::number(v); };
        auto mb = [](double v) { return std::isnan(v) ? QStringLiteral("-") : number(v); };
        for (std::size_t i = 0; i < m->size(); ++i)
            got << QStringList { m->strings.string(m->name[i]), number(m->sizeKB[i]), ns(m->allocationNs[i]),
                       ns(m->releaseNs[i]), ns(m->durationNs[i]), mb(m->allocationTotalAllocatedMB[i]),
                       mb(m->releaseTotalAllocatedMB[i]), m->strings.string(m->deviceType[i]) }
                       .join(QLatin1Char(' '));
    }
    QCOMPARE(got, expected);
    QCOMPARE(r->report.count(QStringLiteral("NPU_OP_MEM blocks paired")), paired);
    const QString warnings = r->report.warnings.join(QLatin1Char('\n'));
    if (!warning.isEmpty())
        QVERIFY2(warnings.contains(warning), qPrintable(warnings));
}

void TestDbCounters::npuOpMemEqualsTorchNpuPairing()
{
    // torch_npu pairs NPU_OP_MEM into the GE rows of OP_MEMORY (streamPtr NULL):
    // without OP_MEMORY, the pairing here must give those 57 rows.
    const QString fixture = test::dbRank(2, 0) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db");
    const QList<QStringList> ge = sql(fixture,
        "SELECT s.value, o.size, o.allocationTime, o.releaseTime, o.allocationTotalAllocated, o.releaseTotalAllocated "
        "FROM OP_MEMORY o JOIN STRING_IDS s ON s.id = o.name WHERE o.streamPtr IS NULL ORDER BY o.allocationTime, o.rowid");
    QCOMPARE(ge.size(), 57);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("ascend_pytorch_profiler_0.db"));
    QVERIFY(QFile::copy(fixture, path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    QVERIFY(makeDb(path, QStringLiteral("DROP TABLE OP_MEMORY;")));
    const auto r = import(path);
    QVERIFY(r && r->rank.operatorMemory);
    const OperatorMemoryTable& m = *r->rank.operatorMemory;
    QCOMPARE(m.size(), std::size_t(57));
    QCOMPARE(r->report.count(QStringLiteral("NPU_OP_MEM")), 114);
    for (std::size_t i = 0; i < m.size(); ++i) {
        const QStringList& row = ge[qsizetype(i)];
        QCOMPARE(m.strings.string(m.name[i]), row[0]);
        QCOMPARE(m.sizeKB[i] * 1024.0, row[1].toDouble());
        QCOMPARE(m.allocationNs[i], row[2].toLongLong());
        QCOMPARE(m.releaseNs[i], row[3].toLongLong());
        QCOMPARE(m.allocationTotalAllocatedMB[i] * 1048576.0, row[4].toDouble());
        QCOMPARE(m.releaseTotalAllocatedMB[i] * 1048576.0, row[5].toDouble());
    }
    // With OP_MEMORY in place the GE rows come from it, once (184 rows, not 184 + 57).
    const auto original = import(fixture);
    QCOMPARE(original->rank.operatorMemory->size(), std::size_t(184));
    QCOMPARE(original->report.count(QStringLiteral("NPU_OP_MEM")), -1);
}

void TestDbCounters::msprofFixtureTables()
{
    // MindStudio Insight's early msprof DB: DDR (5 rows) and NPU_OP_MEM with
    // ENUM_MEMORY types (247 allocate + 247 release, db-format.md 5.5); no QOS,
    // PCIE, HCCS, NIC, ROCE or NETDEV_STATS table.
    const QString path = test::fixture(QStringLiteral("ascend-msinsight/server/src/test/test_data/full_db/msprof_0.db"));
    const QStringList before = test::folderSnapshot(QFileInfo(path).absolutePath());
    const QList<QStringList> ddr = sql(path, "SELECT timestampNs, read, write FROM DDR ORDER BY timestampNs");
    QCOMPARE(ddr.size(), 5);
    const auto r = import(path);
    QVERIFY(r);
    QCOMPARE(r->report.count(QStringLiteral("DDR")), 5);
    QCOMPARE(r->report.count(QStringLiteral("NPU_OP_MEM")), 494);
    QCOMPARE(r->report.count(QStringLiteral("NPU_OP_MEM blocks paired")), 247);
    for (const char* absent : { "QOS", "PCIE", "HCCS", "NIC", "ROCE", "NETDEV_STATS" })
        QCOMPARE(r->report.count(QLatin1String(absent)), -1);
    QVERIFY2(!r->report.warnings.join(QLatin1Char('\n')).contains(QLatin1String("skipped")),
        qPrintable(r->report.warnings.join(QLatin1Char('\n'))));
    QCOMPARE(r->rank.operatorMemory->size(), std::size_t(247));
    // DDR/Read in MB/s: the rows' B/s / 2^20, in time order.
    QStringList read;
    for (const QStringList& row : ddr)
        read << row[0] + QLatin1Char('=') + number(row[1].toDouble() / 1048576.0);
    const QStringList series = seriesOf(r->rank.trace, QStringLiteral("DDR"));
    QCOMPARE(series.size(), 2);
    QCOMPARE(series[0], QStringLiteral("DDR/Read|Read(MB/s)|") + read.join(QLatin1Char(' ')));
    QCOMPARE(test::folderSnapshot(QFileInfo(path).absolutePath()), before);
}

void TestDbCounters::generatedDbProfile()
{
    QTemporaryDir dir;
    GeneratorOptions options;
    options.ranks = 2;
    options.steps = 2;
    options.ops = 8;
    options.format = GeneratorOptions::Format::Db;
    QString error;
    QVERIFY2(generateCluster(dir.path(), options, &error), qPrintable(error));
    QString dbFile;
    QDirIterator it(dir.path(), { QStringLiteral("ascend_*profiler_0.db") }, QDir::Files, QDirIterator::Subdirectories);
    if (it.hasNext())
        dbFile = it.next();
    QVERIFY(!dbFile.isEmpty());
    // Row counts by SQL: 48 samples, two QoS events, and (3 GE ops per step) x 2 steps minus the last release.
    QCOMPARE(sql(dbFile, "SELECT COUNT(*) FROM QOS").value(0).value(0), QStringLiteral("96"));
    QCOMPARE(sql(dbFile, "SELECT COUNT(*) FROM NPU_OP_MEM").value(0).value(0), QStringLiteral("11"));
    const ProfilePtr p = ProfileLoader::load({ dir.path() });
    QCOMPARE(p->ranks.size(), std::size_t(2));
    const RankData& rank = *p->ranks[0];
    for (const char* process : { "QoS", "DDR", "PCIe", "HCCS", "NIC" }) {
        const QStringList series = seriesOf(rank.trace, QLatin1String(process));
        QVERIFY2(!series.isEmpty(), process);
        for (const QString& s : series)
            QCOMPARE(s.section(QLatin1Char('|'), 2).split(QLatin1Char(' ')).size(), 48);
    }
    QVERIFY(allSeriesSorted(rank.trace));
    QVERIFY(rank.operatorMemory);
    QCOMPARE(rank.operatorMemory->size(), std::size_t(6));
    const FileReport* report = test::reportEndingWith(*p, QStringLiteral("ascend_pytorch_profiler_0.db"));
    if (!report)
        report = test::reportEndingWith(*p, QStringLiteral("ascend_mindspore_profiler_0.db"));
    QVERIFY(report);
    QCOMPARE(report->count(QStringLiteral("DDR")), 48);
    QCOMPARE(report->count(QStringLiteral("NPU_OP_MEM")), 11);
}

QTEST_GUILESS_MAIN(TestDbCounters)
#include "tst_dbcounters.moc"
