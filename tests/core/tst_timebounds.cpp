// SPDX-License-Identifier: Apache-2.0
// Issue 17: times a damaged file holds at the ends of TimeNs (1e308,
// 2^63 - 1, -1e48) never reach an analysis (core/model/timebounds.h). Small
// files written here hold such times next to normal ones; the expected
// counts are those of the rows written (by hand, in the comments), and each
// file gets one message that names it and says how many were skipped.
#include "load/profileloader.h"
#include "model/timebounds.h"
#include "parse/dbimport.h"
#include "parse/numbers.h"
#include "parse/sqlitedb.h"
#include "testsupport.h"

#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace profscope;

namespace {

// The messages of a file report that speak of the representable range.
QStringList rangeMessages(const FileReport& r)
{
    QStringList out;
    for (const QString& w : r.warnings)
        if (w.contains(QLatin1String("representable range")))
            out << w;
    return out;
}

qint64 sliceCount(const TraceData& t)
{
    qint64 n = 0;
    for (const ProcessTrack& p : t.processes)
        for (const ThreadTrack& th : p.threads)
            n += qint64(th.slices.startNs.size());
    return n;
}

qint64 instantCount(const TraceData& t)
{
    qint64 n = 0;
    for (const ProcessTrack& p : t.processes)
        for (const ThreadTrack& th : p.threads)
            n += qint64(th.instants.tsNs.size());
    return n;
}

qint64 counterSamples(const TraceData& t)
{
    qint64 n = 0;
    for (const ProcessTrack& p : t.processes)
        for (const CounterSeries& c : p.counters)
            n += qint64(c.tsNs.size());
    return n;
}

} // namespace

class TestTimeBounds : public QObject
{
    Q_OBJECT

private slots:
    void bound();
    void parseUs_data();
    void parseUs();
    void textProfile();
    void database();
};

// 2^61 ns = 2305843009213693952 ns: 73 years, and twice it still fits TimeNs.
void TestTimeBounds::bound()
{
    QCOMPARE(kMaxAbsTimeNs, TimeNs(2305843009213693952LL));
    QVERIFY(isRepresentableTime(kMaxAbsTimeNs));
    QVERIFY(!isRepresentableTime(kMaxAbsTimeNs + 1));
    QVERIFY(isRepresentableTime(-kMaxAbsTimeNs));
    QVERIFY(!isRepresentableTime(-kMaxAbsTimeNs - 1));
    QVERIFY(!isRepresentableTime(kInvalidTime));
    QCOMPARE(saturatingAdd(std::numeric_limits<TimeNs>::max(), 1), std::numeric_limits<TimeNs>::max());
    QCOMPARE(saturatingAdd(-std::numeric_limits<TimeNs>::max(), -5), std::numeric_limits<TimeNs>::min() + 1);
    QCOMPARE(saturatingAdd(40, 2), TimeNs(42));
}

void TestTimeBounds::parseUs_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("kept");
    QTest::addColumn<qint64>("ns");   // when kept
    QTest::addColumn<bool>("outOfRange"); // a number beyond the bound (not garbage)
    QTest::newRow("epoch") << QByteArray("1736408883694795.840") << true << qint64(1736408883694795840LL) << false;
    QTest::newRow("at the bound") << QByteArray("2305843009213693.952") << true << qint64(2305843009213693952LL) << false;
    QTest::newRow("just beyond") << QByteArray("2305843009213693.953") << false << qint64(0) << true;
    QTest::newRow("minus at the bound") << QByteArray("-2305843009213693.952") << true << qint64(-2305843009213693952LL) << false;
    QTest::newRow("minus just beyond") << QByteArray("-2305843009213693.953") << false << qint64(0) << true;
    QTest::newRow("1e308") << QByteArray("1e308") << false << qint64(0) << true;
    QTest::newRow("-1e48") << QByteArray("-1e48") << false << qint64(0) << true;
    QTest::newRow("2^63-1") << QByteArray("9223372036854775807") << false << qint64(0) << true;
    QTest::newRow("garbage") << QByteArray("12ab") << false << qint64(0) << false;
    QTest::newRow("empty") << QByteArray("") << false << qint64(0) << false;
}

void TestTimeBounds::parseUs()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, kept);
    QFETCH(qint64, ns);
    QFETCH(bool, outOfRange);
    const std::string_view view(text.constData(), std::size_t(text.size()));
    const auto v = parseUsToNs(view);
    QCOMPARE(v.has_value(), kept);
    if (kept)
        QCOMPARE(*v, ns);
    QCOMPARE(isOutOfRangeTime(view, 3), outOfRange);
}

// A rank folder with a trace and a kernel table, each holding times at the
// ends of TimeNs next to normal ones, loaded as a user loads it.
void TestTimeBounds::textProfile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // Kept: slices a and b, instant h (2305843009213693 µs is within 2^61 ns),
    // counter sample at ...795. Skipped (6): slices c (ts 1e308), d (ts 2^63 -
    // 1), e (ts -1e48), f (dur 1e308), instant g (2305843009213694 µs, just
    // beyond 2^61 ns), counter sample at 1e308.
    test::writeFile(dir, QStringLiteral("rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json"),
        R"([
{"ph":"M","name":"process_name","pid":1,"tid":0,"args":{"name":"Python"}},
{"ph":"X","name":"a","pid":1,"tid":1,"ts":"1736408883694795.840","dur":10,"cat":"x","args":{}},
{"ph":"X","name":"b","pid":1,"tid":1,"ts":"1736408883694800.000","dur":5,"cat":"x","args":{}},
{"ph":"X","name":"c","pid":1,"tid":1,"ts":1e308,"dur":5,"cat":"x","args":{}},
{"ph":"X","name":"d","pid":1,"tid":1,"ts":"9223372036854775807","dur":5,"cat":"x","args":{}},
{"ph":"X","name":"e","pid":1,"tid":1,"ts":-1e48,"dur":5,"cat":"x","args":{}},
{"ph":"X","name":"f","pid":1,"tid":1,"ts":"1736408883694810.000","dur":1e308,"cat":"x","args":{}},
{"ph":"i","name":"g","pid":1,"tid":1,"ts":"2305843009213694","s":"t","cat":"x","args":{}},
{"ph":"i","name":"h","pid":1,"tid":1,"ts":"2305843009213693","s":"t","cat":"x","args":{}},
{"ph":"C","name":"cnt","pid":1,"tid":1,"ts":1e308,"args":{"v":1}},
{"ph":"C","name":"cnt","pid":1,"tid":1,"ts":"1736408883694795","args":{"v":2}}
])");
    // Kept: k1 and k4 (its Wait Time 1e48 left out). Skipped rows: k2 (start
    // 2^63 - 1, line 3), k3 (duration 1e308), k5 (start -1e48): 4 times in 4
    // rows, the first at line 3.
    test::writeFile(dir, QStringLiteral("rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv"),
        "Name,Type,Start Time(us),Duration(us),Wait Time(us)\n"
        "k1,MatMul,1736408883694795.840\t,10.5,0\n"
        "k2,MatMul,9223372036854775807,1,0\n"
        "k3,MatMul,1736408883694900.000,1e308,0\n"
        "k4,Add,1736408883695000.000,2.0,1e48\n"
        "k5,Add,-1e48,2,0\n");
    const ProfilePtr p = ProfileLoader::load({ dir.path() });
    QCOMPARE(p->ranks.size(), std::size_t(1));
    const RankData& rank = *p->ranks.front();

    const FileReport* trace = test::reportEndingWith(*p, QStringLiteral("trace_view.json"));
    QVERIFY(trace);
    QCOMPARE(trace->status, FileStatus::Used);
    QCOMPARE(sliceCount(rank.trace), qint64(2));
    QCOMPARE(instantCount(rank.trace), qint64(1));
    QCOMPARE(counterSamples(rank.trace), qint64(1));
    QCOMPARE(rank.trace.stats.skippedEvents, qint64(0));
    const QStringList traceMessages = rangeMessages(*trace);
    QCOMPARE(traceMessages.size(), 1);
    QVERIFY2(traceMessages.front().startsWith(QLatin1String("6 events")), qPrintable(traceMessages.front()));

    const FileReport* kernels = test::reportEndingWith(*p, QStringLiteral("kernel_details.csv"));
    QVERIFY(kernels);
    QCOMPARE(kernels->status, FileStatus::Used);
    QVERIFY(rank.kernels);
    QCOMPARE(rank.kernels->size(), std::size_t(2));
    QCOMPARE(rank.kernels->startNs[0], TimeNs(1736408883694795840LL));
    QCOMPARE(rank.kernels->durNs[1], TimeNs(2000));
    QCOMPARE(rank.kernels->waitNs[1], kInvalidTime);
    const QStringList kernelMessages = rangeMessages(*kernels);
    QCOMPARE(kernelMessages.size(), 1);
    QVERIFY2(kernelMessages.front().startsWith(QLatin1String("kernel_details.csv: 4 rows")),
        qPrintable(kernelMessages.front()));
    QVERIFY2(kernelMessages.front().contains(QLatin1String("line 3")), qPrintable(kernelMessages.front()));
    // Nothing else of the rows was reported one by one.
    for (const QString& w : kernels->warnings)
        QVERIFY2(!w.contains(QLatin1String("row skipped")), qPrintable(w));
}

// A profiler database: NPU_MODULE_MEM with 3 rows, one at 2^63 - 1; STEP_TIME
// with 2 steps, one ending at 1e308 (stored as REAL, read as an integer
// SQLite clamps to 2^63 - 1).
void TestTimeBounds::database()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("ascend_pytorch_profiler_0.db"));
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
    const char* sql = "CREATE TABLE STRING_IDS (id INTEGER PRIMARY KEY, value TEXT);"
                      "CREATE TABLE NPU_MODULE_MEM (moduleId INTEGER, timestampNs INTEGER, totalReserved INTEGER, "
                      "deviceId INTEGER);"
                      "INSERT INTO NPU_MODULE_MEM VALUES (1, 1736408883694795840, 1048576, 0);"
                      "INSERT INTO NPU_MODULE_MEM VALUES (1, 9223372036854775807, 2097152, 0);"
                      "INSERT INTO NPU_MODULE_MEM VALUES (1, 1736408883694805840, 3145728, 0);"
                      "CREATE TABLE STEP_TIME (id INTEGER, startNs INTEGER, endNs INTEGER);"
                      "INSERT INTO STEP_TIME VALUES (1, 1736408883694795840, 1736408883694805840);"
                      "INSERT INTO STEP_TIME VALUES (2, 1736408883694805840, 1e308);";
    char* error = nullptr;
    const int rc = sqlite3_exec(db, sql, nullptr, nullptr, &error);
    const QString errorText = QString::fromUtf8(error ? error : "");
    sqlite3_free(error);
    sqlite3_close(db);
    QVERIFY2(rc == SQLITE_OK, qPrintable(errorText));

    SqliteDb database;
    QString openError;
    QVERIFY2(database.open(path, &openError), qPrintable(openError));
    RankData rank;
    FileReport report;
    importProfilerDb(database, rank, DbTake {}, report);
    QVERIFY(rank.npuModuleMem);
    QCOMPARE(rank.npuModuleMem->tsNs.size(), std::size_t(2));
    QCOMPARE(rank.npuModuleMem->tsNs[1], TimeNs(1736408883694805840LL));
    const QStringList messages = rangeMessages(report);
    QCOMPARE(messages.size(), 2);
    QVERIFY2(messages.filter(QLatin1String("table NPU_MODULE_MEM: 1 rows")).size() == 1, qPrintable(messages.join('\n')));
    QVERIFY2(messages.filter(QLatin1String("table STEP_TIME: 1 rows")).size() == 1, qPrintable(messages.join('\n')));
}

QTEST_GUILESS_MAIN(TestTimeBounds)
#include "tst_timebounds.moc"
