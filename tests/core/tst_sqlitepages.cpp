// SPDX-License-Identifier: Apache-2.0
// The native reader of SQLite's table pages (sqlitepages) against SQLite
// itself: every row and column of every table of every database (the real
// fixtures, a generated cluster, databases made here with plain sqlite3 for
// the format's corners), read by plain sqlite3_step + sqlite3_column_* on a
// connection of the test's own, must come out of scanRows with the same
// type, value and conversions. Damaged copies must give an error, no crash.
#include "generate/clustergenerator.h"
#include "parse/sqlitedb.h"
#include "parse/sqlitepages.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

using namespace profscope;

namespace {

// One value as the test sees it: type, the value of that type, and what each
// accessor of SqlValues must give.
struct Cell
{
    int type = SQLITE_NULL;
    qint64 i = 0;
    QByteArray bits; // FLOAT: the 8 bytes; TEXT / BLOB: the bytes
    qint64 int64 = 0;
    qint64 int64Alt = 0; // int64(c, kFallbackAlt): scanIntegerRows' odd columns
    QByteArray real; // the bytes of real()
    qint64 cast = 0;
    QByteArray text;
    bool operator==(const Cell&) const = default;
};

QByteArray doubleBytes(double d)
{
    return QByteArray(reinterpret_cast<const char*>(&d), sizeof d);
}

constexpr qint64 kFallback = 77;
constexpr qint64 kFallbackAlt = -5;
constexpr double kRealFallback = 7.5;

// The old SqlQuery / SqlValues semantics written on the sqlite3 column API.
Cell oracleCell(sqlite3_stmt* s, int c)
{
    Cell r;
    r.type = sqlite3_column_type(s, c);
    const auto bytesOf = [s, c](const void* p) {
        return QByteArray(static_cast<const char*>(p), sqlite3_column_bytes(s, c));
    };
    switch (r.type) {
    case SQLITE_INTEGER:
        r.i = sqlite3_column_int64(s, c);
        break;
    case SQLITE_FLOAT:
        r.bits = doubleBytes(sqlite3_column_double(s, c));
        break;
    case SQLITE_TEXT:
        r.bits = bytesOf(sqlite3_column_text(s, c));
        break;
    case SQLITE_BLOB:
        r.bits = bytesOf(sqlite3_column_blob(s, c));
        break;
    default:
        break;
    }
    // int64(c, fallback)
    const auto int64 = [&](qint64 fallback) -> qint64 {
        if (const qint64 v = sqlite3_column_int64(s, c); v != 0)
            return v;
        if (r.type == SQLITE_NULL)
            return fallback;
        if (r.type == SQLITE_INTEGER || r.type == SQLITE_FLOAT)
            return 0;
        const QByteArray t = bytesOf(sqlite3_column_text(s, c));
        errno = 0;
        char* end = nullptr;
        const long long v2 = std::strtoll(t.constData(), &end, 10);
        return (end == t.constData() || errno == ERANGE) ? fallback : v2;
    };
    r.int64 = int64(kFallback);
    r.int64Alt = int64(kFallbackAlt);
    // real(c, kRealFallback)
    if (r.type == SQLITE_NULL) {
        r.real = doubleBytes(kRealFallback);
    } else if (r.type == SQLITE_TEXT) {
        bool ok = false;
        const double d = r.bits.toDouble(&ok);
        r.real = doubleBytes(ok ? d : kRealFallback);
    } else {
        r.real = doubleBytes(sqlite3_column_double(s, c));
    }
    // castInteger(c): CAST(x AS INTEGER)
    r.cast = sqlite3_column_int64(s, c);
    // text(c), last: it may add a text form to the value
    if (const auto* t = sqlite3_column_text(s, c))
        r.text = bytesOf(t);
    return r;
}

Cell valuesCell(const SqlValues& v, int c)
{
    Cell r;
    r.type = v.type(c);
    const std::string_view t = v.text(c);
    switch (r.type) {
    case SQLITE_INTEGER:
        r.i = v.int64(c);
        break;
    case SQLITE_FLOAT:
        r.bits = doubleBytes(v.real(c));
        break;
    case SQLITE_TEXT:
    case SQLITE_BLOB:
        r.bits = QByteArray(t.data(), qsizetype(t.size()));
        break;
    default:
        break;
    }
    r.int64 = v.int64(c, kFallback);
    r.int64Alt = v.int64(c, kFallbackAlt);
    r.real = doubleBytes(v.real(c, kRealFallback));
    r.cast = v.castInteger(c);
    if (r.type != SQLITE_NULL)
        r.text = QByteArray(t.data(), qsizetype(t.size()));
    if (v.isNull(c) != (r.type == SQLITE_NULL))
        r.type = -1;
    return r;
}

using Rows = std::vector<std::vector<Cell>>;

Rows oracleRows(const QString& path, const QByteArray& sql, QString* error)
{
    Rows rows;
    sqlite3* db = nullptr;
    const QByteArray p = path.toUtf8();
    if (sqlite3_open_v2(p.constData(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        *error = QStringLiteral("open");
        sqlite3_close_v2(db);
        return rows;
    }
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(db, sql.constData(), -1, &s, nullptr) == SQLITE_OK) {
        int rc;
        while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
            std::vector<Cell>& row = rows.emplace_back();
            for (int c = 0, n = sqlite3_column_count(s); c < n; ++c)
                row.push_back(oracleCell(s, c));
        }
        if (rc != SQLITE_DONE)
            *error = QString::fromUtf8(sqlite3_errmsg(db));
    } else {
        *error = QString::fromUtf8(sqlite3_errmsg(db));
    }
    sqlite3_finalize(s);
    sqlite3_close_v2(db);
    return rows;
}

void collect(void* context, const SqlValues& v)
{
    std::vector<Cell>& row = static_cast<Rows*>(context)->emplace_back();
    for (int c = 0; c < v.count(); ++c)
        row.push_back(valuesCell(v, c));
}

// "a", "b", ..., rowid: every column of the table, and its rowid when it has one.
QByteArray everyColumn(SqliteDb& db, const QString& table)
{
    QByteArray list;
    bool rowidNamed = false;
    for (const QString& c : db.columns(table)) {
        list += (list.isEmpty() ? "" : ", ") + quoteIdentifier(c);
        rowidNamed |= c.compare(QLatin1String("rowid"), Qt::CaseInsensitive) == 0;
    }
    SqlQuery probe(db, "SELECT rowid FROM " + quoteIdentifier(table) + " LIMIT 0");
    if (probe.isValid() && !rowidNamed)
        list += ", rowid";
    return list;
}

// scanIntegerRows (native or forced through SQLite) against the oracle's
// int64(): the even columns with kFallback, the odd ones with kFallbackAlt
// (each column its own fallback). The first difference, or empty.
QString integerDifference(SqliteDb& db, const QByteArray& columns, const QByteArray& from, const Rows& want)
{
    const std::size_t n = want.empty() ? std::size_t(columns.count(',') + 1) : want.front().size();
    std::vector<qint64> fallbacks(n);
    for (std::size_t k = 0; k < n; ++k)
        fallbacks[k] = k % 2 ? kFallbackAlt : kFallback;
    std::vector<std::vector<qint64>> got;
    QString error;
    const qint64 rows = scanIntegerRows(
        db, columns, from, fallbacks, [&](const qint64* v) { got.emplace_back(v, v + n); }, &error);
    if (!error.isEmpty())
        return error;
    if (rows != qint64(want.size()) || got.size() != want.size())
        return QStringLiteral("%1 rows, SQLite %2").arg(got.size()).arg(want.size());
    for (std::size_t r = 0; r < got.size(); ++r)
        for (std::size_t c = 0; c < n; ++c)
            if (const qint64 w = c % 2 ? want[r][c].int64Alt : want[r][c].int64; got[r][c] != w)
                return QStringLiteral("integers: row %1 column %2: %3, SQLite %4").arg(r).arg(c).arg(got[r][c]).arg(w);
    return {};
}

// The first differing row, or empty.
QString firstDifference(const Rows& got, const Rows& want)
{
    if (got.size() != want.size())
        return QStringLiteral("%1 rows, SQLite %2").arg(got.size()).arg(want.size());
    for (std::size_t r = 0; r < got.size(); ++r)
        for (std::size_t c = 0; c < want[r].size(); ++c)
            if (c >= got[r].size() || !(got[r][c] == want[r][c]))
                return QStringLiteral("row %1 column %2: type %3 vs %4").arg(r).arg(c).arg(
                    c < got[r].size() ? got[r][c].type : -2).arg(want[r][c].type);
    return {};
}

struct Forced
{
    Forced()
    {
        qputenv("PROFSCOPE_SQLITE_NATIVE", "0");
    }
    ~Forced()
    {
        qunsetenv("PROFSCOPE_SQLITE_NATIVE");
    }
};

// Every table of `path` both ways against SQLite; the tables read natively.
QStringList compareAllTables(const QString& path)
{
    SqliteDb db;
    QString error;
    if (!db.open(path, &error)) {
        QTest::qFail(qPrintable(error), __FILE__, __LINE__);
        return {};
    }
    QStringList native;
    QStringList tables(db.tables().cbegin(), db.tables().cend());
    tables.sort();
    for (const QString& table : tables) {
        const QByteArray columns = everyColumn(db, table);
        const QByteArray from = "FROM " + quoteIdentifier(table);
        QString oracleError;
        const Rows want = oracleRows(path, "SELECT " + columns + ' ' + from, &oracleError);
        if (!oracleError.isEmpty()) {
            QTest::qFail(qPrintable(table + QStringLiteral(": ") + oracleError), __FILE__, __LINE__);
            return {};
        }
        Rows got;
        qint64 rows = 0;
        QString why, scanError;
        if (scanTablePages(db, columns, from, collect, &got, &rows, &scanError, &why)) {
            native << table;
            const QString diff = firstDifference(got, want);
            if (!scanError.isEmpty() || !diff.isEmpty() || rows != qint64(want.size())) {
                QTest::qFail(qPrintable(QStringLiteral("%1 (native): %2 %3").arg(table, scanError, diff)), __FILE__,
                    __LINE__);
                return {};
            }
        }
        // scanRows as the importers call it, then forced through SQLite.
        for (int forced = 0; forced < 2; ++forced) {
            std::unique_ptr<Forced> force(forced ? new Forced : nullptr);
            Rows again;
            const qint64 n = scanRows(db, columns, from, collect, &again, &scanError);
            QString diff = firstDifference(again, want);
            if (diff.isEmpty())
                diff = integerDifference(db, columns, from, want);
            if (!scanError.isEmpty() || !diff.isEmpty() || n != qint64(want.size())) {
                QTest::qFail(qPrintable(QStringLiteral("%1 (scanRows, forced %2): %3 %4")
                                            .arg(table).arg(forced).arg(scanError, diff)),
                    __FILE__, __LINE__);
                return {};
            }
        }
    }
    return native;
}

// Runs SQL on a fresh database file at `path`, with the page size and
// reserved bytes (which only an empty file takes) set first.
bool makeDb(const QString& path, const QByteArray& sql, int pageSize, int reserved = 0)
{
    sqlite3* db = nullptr;
    if (sqlite3_open(path.toUtf8().constData(), &db) != SQLITE_OK)
        return false;
    const QByteArray pragma = "PRAGMA page_size=" + QByteArray::number(pageSize);
    sqlite3_exec(db, pragma.constData(), nullptr, nullptr, nullptr);
    if (reserved > 0)
        sqlite3_file_control(db, "main", SQLITE_FCNTL_RESERVE_BYTES, &reserved);
    char* message = nullptr;
    const bool ok = sqlite3_exec(db, sql.constData(), nullptr, nullptr, &message) == SQLITE_OK;
    if (!ok)
        qWarning("%s", message);
    sqlite3_free(message);
    sqlite3_close(db);
    return ok;
}

// The rows of the corner-case table: every serial type, overflow records,
// an integral REAL, texts that are numbers and that are not, 3000 rows.
QByteArray cornerSql()
{
    QByteArray sql = "CREATE TABLE t(a INTEGER, b REAL, c TEXT, d BLOB, e, f NUMERIC, g DOUBLE PRECISION);"
                     "BEGIN;";
    const char* values[] = { "NULL", "0", "1", "-1", "127", "-128", "128", "32767", "-32768", "8388607",
        "-8388608", "2147483647", "-2147483648", "140737488355327", "-140737488355328", "9223372036854775807",
        "-9223372036854775807 - 1", "1.5", "-0.0", "3.0", "1e300", "-2.5e-300", "''", "'abc'", "'123'", "'  42x'",
        "'-7'", "'9223372036854775808'", "'12345678901234567890'", "'1.75'", "'x''y'", "x''", "x'00ff10'",
        "'00000000000000000012'", "x'41'", "'0x10'", "2.0e0", "-1e-5",
        // Digits read eight at a time: a bad character in either block of eight.
        "'1234567890123456789'", "'12345678:0123456'", "'/2345678'", "'1234567890123456/89'" };
    const int n = int(std::size(values));
    for (int r = 0; r < 3000; ++r) {
        sql += "INSERT INTO t VALUES(";
        for (int c = 0; c < 7; ++c)
            sql += QByteArray(c ? "," : "") + values[(r * 7 + c * 5 + r / n) % n];
        sql += ");";
    }
    // Records longer than a page (overflow chains), and around the local
    // payload limits of the page sizes tested.
    for (const char* big : { "randomblob(70000)", "replace(hex(zeroblob(60000)), '0', 'q')", "zeroblob(5000)",
             "randomblob(470)", "randomblob(480)", "randomblob(4060)", "randomblob(4070)", "randomblob(65500)",
             "randomblob(65600)", "replace(hex(zeroblob(300)), '0', 'é')" })
        sql += QByteArray("INSERT INTO t VALUES(1, 2.5, ") + big + ", " + big + ", 'tail', 7, 8);";
    sql += "COMMIT;";
    return sql;
}

QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

quint32 be32(const QByteArray& b, qsizetype at)
{
    return quint32(quint8(b[at])) << 24 | quint32(quint8(b[at + 1])) << 16 | quint32(quint8(b[at + 2])) << 8
        | quint8(b[at + 3]);
}

void putBe32(QByteArray& b, qsizetype at, quint32 v)
{
    b[at] = char(v >> 24);
    b[at + 1] = char(v >> 16);
    b[at + 2] = char(v >> 8);
    b[at + 3] = char(v);
}

} // namespace

class TestSqlitePages : public QObject
{
    Q_OBJECT

private slots:
    void realFixtures_data();
    void realFixtures();
    void generatedCluster();
    void corners_data();
    void corners();
    void reservedBytes();
    void declines();
    void damaged_data();
    void damaged();
};

void TestSqlitePages::realFixtures_data()
{
    QTest::addColumn<QString>("path");
    QDirIterator it(QStringLiteral(PROFSCOPE_FIXTURES_DIR), { QStringLiteral("*.db") }, QDir::Files,
        QDirIterator::Subdirectories);
    QStringList paths;
    while (it.hasNext())
        paths << it.next();
    paths.sort();
    if (paths.isEmpty())
        QSKIP("no fixture databases under ../shared/fixtures/real");
    for (const QString& path : paths)
        QTest::newRow(qPrintable(QDir(QStringLiteral(PROFSCOPE_FIXTURES_DIR)).relativeFilePath(path))) << path;
}

void TestSqlitePages::realFixtures()
{
    QFETCH(QString, path);
    const QStringList native = compareAllTables(path);
    if (QTest::currentTestFailed())
        return;
    // The profilers' big tables are plain rowid tables: read natively.
    if (path.contains(QLatin1String("_profiler_")))
        QVERIFY2(native.contains(QLatin1String("TASK")), qPrintable(native.join(u' ')));
}

void TestSqlitePages::generatedCluster()
{
    QTemporaryDir dir;
    GeneratorOptions o;
    o.ranks = 2;
    o.steps = 2;
    o.ops = 40;
    o.format = GeneratorOptions::Format::Db;
    QString error;
    QVERIFY2(generateCluster(dir.path(), o, &error), qPrintable(error));
    QDirIterator it(dir.path(), { QStringLiteral("*.db") }, QDir::Files, QDirIterator::Subdirectories);
    int files = 0;
    while (it.hasNext()) {
        const QString path = it.next();
        const QStringList native = compareAllTables(path);
        if (QTest::currentTestFailed())
            return;
        if (path.contains(QLatin1String("_profiler_"))) {
            QVERIFY2(native.contains(QLatin1String("TASK")), qPrintable(native.join(u' ')));
            QVERIFY2(native.contains(QLatin1String("CANN_API")), qPrintable(native.join(u' ')));
        }
        ++files;
    }
    QVERIFY(files >= 4);
}

void TestSqlitePages::corners_data()
{
    QTest::addColumn<int>("pageSize");
    QTest::newRow("512") << 512;
    QTest::newRow("4096") << 4096;
    QTest::newRow("65536") << 65536;
}

void TestSqlitePages::corners()
{
    QFETCH(int, pageSize);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("corners.db"));
    QByteArray sql = cornerSql();
    // The rowid alias (sparse, negative), a DESC key (no alias: stored in the
    // record), a column added later with a NULL default (short records).
    sql += "CREATE TABLE alias(id INTEGER PRIMARY KEY, v TEXT);"
           "INSERT INTO alias VALUES(-5, 'minus'), (0, 'zero'), (7, NULL), (1000000000000, 'big'),"
           "(9223372036854775807, 'max');"
           "CREATE TABLE descpk(id INTEGER PRIMARY KEY DESC, v);"
           "INSERT INTO descpk VALUES(3, 'c'), (1, 'a'), (2, 2.0);"
           "CREATE TABLE added(a INTEGER, b TEXT);"
           "INSERT INTO added VALUES(1, 'one'), (2, 'two');"
           "ALTER TABLE added ADD COLUMN c INTEGER;"
           "ALTER TABLE added ADD COLUMN d REAL;"
           "INSERT INTO added VALUES(3, 'three', 33, 4);"
           // Created last: its leaf is the file's last page, and the first
           // row inserted (rowid 2) lies at the very end of the file, so that
           // an 8-byte load of its last integer would run past the file:
           // the decoder must read it byte by byte, also when rowid 1 has
           // taught it that header.
           "CREATE TABLE tail(id INTEGER PRIMARY KEY, s TEXT, n INTEGER);"
           "INSERT INTO tail VALUES(2, 'abcdefghijklmnopqrstuvwxyz0123', -2);"
           "INSERT INTO tail VALUES(1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123', -3);"
           "INSERT INTO tail VALUES(3, 'x', -70000), (4, NULL, 5000000000), (5, 'y', 1);";
    QVERIFY(makeDb(path, sql, pageSize));
    const QStringList native = compareAllTables(path);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(native, QStringList({ QStringLiteral("added"), QStringLiteral("alias"), QStringLiteral("descpk"),
                         QStringLiteral("t"), QStringLiteral("tail") }));
    // The header has the page size asked for (65536 is written as 1).
    const QByteArray bytes = readFile(path);
    QCOMPARE(int(quint8(bytes[16])) << 8 | quint8(bytes[17]), pageSize == 65536 ? 1 : pageSize);
}

void TestSqlitePages::reservedBytes()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("reserved.db"));
    QVERIFY(makeDb(path, cornerSql(), 1024, 32));
    if (quint8(readFile(path)[20]) != 32)
        QSKIP("this sqlite3 does not set reserved bytes");
    const QStringList native = compareAllTables(path);
    QCOMPARE(native, QStringList({ QStringLiteral("t") }));
}

void TestSqlitePages::declines()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("declines.db"));
    QVERIFY(makeDb(path,
        "CREATE TABLE def(a INTEGER, b TEXT);"
        "INSERT INTO def VALUES(1, 'one');"
        "ALTER TABLE def ADD COLUMN c TEXT DEFAULT 'x';"
        "INSERT INTO def VALUES(2, 'two', 'y');"
        "CREATE TABLE wr(k TEXT PRIMARY KEY, v) WITHOUT ROWID;"
        "INSERT INTO wr VALUES('b', 1), ('a', 2);"
        "CREATE TABLE cov(a INTEGER, b TEXT, c BLOB);"
        "CREATE INDEX covA ON cov(a);"
        "INSERT INTO cov VALUES(3, 'x', x'01'), (1, 'y', x'02'), (2, 'z', NULL);"
        "CREATE TABLE gen(a INTEGER, b INTEGER GENERATED ALWAYS AS (a * 2) VIRTUAL);"
        "INSERT INTO gen(a) VALUES(5), (6);",
        4096));
    SqliteDb db;
    QString error;
    QVERIFY2(db.open(path, &error), qPrintable(error));
    struct Case
    {
        const char* columns;
        const char* from;
        bool native;
    };
    const Case cases[] = {
        { "\"a\", \"b\"", "FROM def", true },     // a default only on a column not selected
        { "\"a\", \"c\"", "FROM def", false },    // a non-NULL default
        { "\"k\", \"v\"", "FROM wr", false },     // WITHOUT ROWID
        { "\"a\"", "FROM cov", false },           // SQLite scans the covering index (another order)
        { "\"a\", \"b\", \"c\"", "FROM cov", true },
        { "\"a\"", "FROM gen", false },           // generated columns
        { "\"a\" + 1", "FROM def", false },       // an expression
        { "\"a\"", "FROM def WHERE a > 1", false },
        { "\"a\", NULL, rowid", "FROM \"def\"", true },
        { "\"a\", \"a\", \"b\"", "FROM def", true }, // integers: declined (a's two fallbacks)
    };
    for (const Case& c : cases) {
        Rows got;
        qint64 rows = 0;
        QString why, scanError;
        const bool native = scanTablePages(db, c.columns, c.from, collect, &got, &rows, &scanError, &why);
        QVERIFY2(native == c.native, qPrintable(QStringLiteral("%1 %2: %3").arg(QLatin1String(c.columns),
                                                QLatin1String(c.from), why)));
        // Whichever way, scanRows gives SQLite's rows.
        QString oracleError;
        const Rows want = oracleRows(path, QByteArray("SELECT ") + c.columns + ' ' + c.from, &oracleError);
        QVERIFY2(oracleError.isEmpty(), qPrintable(oracleError));
        Rows again;
        scanRows(db, c.columns, c.from, collect, &again, &scanError);
        QVERIFY2(scanError.isEmpty(), qPrintable(scanError));
        QVERIFY2(firstDifference(again, want).isEmpty(), qPrintable(firstDifference(again, want)));
        const QString integers = integerDifference(db, c.columns, c.from, want);
        QVERIFY2(integers.isEmpty(), qPrintable(integers));
    }
    {
        // Integer rows: a column selected twice takes one fallback natively.
        const qint64 same[] = { 1, 1, 2 }, two[] = { 1, 3, 2 };
        qint64 rows = 0;
        const auto none = [](void*, const qint64*) {};
        QVERIFY(scanTablePagesIntegers(db, "\"a\", \"a\", \"b\"", "FROM def", same, none, nullptr, &rows, nullptr));
        QString why;
        QVERIFY(!scanTablePagesIntegers(db, "\"a\", \"a\", \"b\"", "FROM def", two, none, nullptr, &rows, nullptr, &why));
        QVERIFY2(why.contains(QLatin1String("twice")), qPrintable(why));
    }
    {
        // The switch: PROFSCOPE_SQLITE_NATIVE=0 always declines.
        Forced forced;
        Rows got;
        qint64 rows = 0;
        QVERIFY(!scanTablePages(db, "\"a\", \"b\"", "FROM def", collect, &got, &rows, nullptr));
        QVERIFY(got.empty());
    }
    // Every table both ways (these decline where they must, still equal).
    compareAllTables(path);
}

void TestSqlitePages::damaged_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<bool>("native"); // the native reader (not SQLite) reports it
    QTest::newRow("truncated") << QStringLiteral("truncated") << false;
    QTest::newRow("truncated, page count patched") << QStringLiteral("truncatedCount") << true;
    QTest::newRow("zeroed leaf") << QStringLiteral("zeroedLeaf") << true;
    QTest::newRow("child out of range") << QStringLiteral("outOfRange") << true;
    QTest::newRow("cycle") << QStringLiteral("cycle") << true;
    QTest::newRow("cell pointer") << QStringLiteral("cellPointer") << true;
    QTest::newRow("overflow chain") << QStringLiteral("overflow") << true;
}

void TestSqlitePages::damaged()
{
    QFETCH(QString, damage);
    QFETCH(bool, native);
    QTemporaryDir dir;
    const QString good = dir.filePath(QStringLiteral("good.db"));
    QVERIFY(makeDb(good,
        "CREATE TABLE t(a INTEGER, b TEXT);"
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)"
        " INSERT INTO t SELECT i, printf('row %d', i) FROM n;"
        "INSERT INTO t VALUES(-1, replace(hex(zeroblob(20000)), '0', 'z'));",
        4096));
    QByteArray bytes = readFile(good);
    const int pageSize = 4096;
    quint32 root = 0;
    {
        SqliteDb db;
        QVERIFY(db.open(good, nullptr));
        SqlQuery q(db, "SELECT rootpage FROM sqlite_master WHERE name='t'");
        QVERIFY(q.next());
        root = quint32(q.int64(0));
    }
    const qsizetype rootAt = qsizetype(root - 1) * pageSize;
    QCOMPARE(int(quint8(bytes[rootAt])), 0x05); // an interior page: 20000 rows
    const int rootCells = int(quint8(bytes[rootAt + 3])) << 8 | quint8(bytes[rootAt + 4]);
    QVERIFY(rootCells >= 2);
    const auto cellAt = [&](int i) {
        const qsizetype p = rootAt + 12 + 2 * i;
        return rootAt + (qsizetype(quint8(bytes[p])) << 8 | quint8(bytes[p + 1]));
    };
    if (damage == QLatin1String("truncated") || damage == QLatin1String("truncatedCount")) {
        bytes.truncate(bytes.size() / 2 / pageSize * pageSize);
        if (damage == QLatin1String("truncatedCount"))
            putBe32(bytes, 28, quint32(bytes.size() / pageSize));
    } else if (damage == QLatin1String("zeroedLeaf")) {
        const quint32 leaf = be32(bytes, cellAt(1)); // the second child: rows before it stay
        bytes.replace(qsizetype(leaf - 1) * pageSize, pageSize, QByteArray(pageSize, '\0'));
    } else if (damage == QLatin1String("outOfRange")) {
        putBe32(bytes, cellAt(1), 0x00ffffff);
    } else if (damage == QLatin1String("cycle")) {
        putBe32(bytes, cellAt(1), root);
    } else if (damage == QLatin1String("cellPointer")) {
        const quint32 leaf = be32(bytes, cellAt(1));
        const qsizetype at = qsizetype(leaf - 1) * pageSize + 8;
        bytes[at] = char(0xff);
        bytes[at + 1] = char(0xf0);
    } else if (damage == QLatin1String("overflow")) {
        // The last row's overflow chain: its first page number, at the end
        // of the cell in the right-most leaf, points past the file.
        const quint32 last = be32(bytes, rootAt + 8);
        const qsizetype leafAt = qsizetype(last - 1) * pageSize;
        const int cells = int(quint8(bytes[leafAt + 3])) << 8 | quint8(bytes[leafAt + 4]);
        const qsizetype p = leafAt + 8 + 2 * (cells - 1);
        const qsizetype cell = leafAt + (qsizetype(quint8(bytes[p])) << 8 | quint8(bytes[p + 1]));
        // payload 40000+ bytes: a 3-byte varint; rowid 20001: 3 bytes; then
        // the local part (X = 4061 ≥ local), then the page number.
        const int usable = pageSize;
        const int minLocal = (usable - 12) * 32 / 255 - 23, maxLocal = usable - 35;
        const quint64 payload = (quint64(quint8(bytes[cell]) & 0x7f) << 14) | (quint64(quint8(bytes[cell + 1]) & 0x7f) << 7)
            | quint8(bytes[cell + 2]);
        const quint64 surplus = minLocal + (payload - minLocal) % (usable - 4);
        const quint64 local = surplus <= quint64(maxLocal) ? surplus : quint64(minLocal);
        putBe32(bytes, cell + 6 + qsizetype(local), 0x7fffffff);
    }
    const QString bad = dir.filePath(QStringLiteral("bad.db"));
    QVERIFY(writeFile(bad, bytes));
    SqliteDb db;
    QString error;
    if (!db.open(bad, &error))
        return; // refused at the door: fine, no crash
    qint64 rows = 0;
    QString why, scanError;
    Rows got;
    const bool tookNative = scanTablePages(db, "\"a\", \"b\", rowid", "FROM t", collect, &got, &rows, &scanError, &why);
    QCOMPARE(tookNative, native);
    if (native) {
        QVERIFY2(scanError.contains(QLatin1String("database page")), qPrintable(scanError));
        QCOMPARE(qint64(got.size()), rows);
        if (damage == QLatin1String("zeroedLeaf") || damage == QLatin1String("overflow"))
            QVERIFY(rows > 0); // the rows before the damage stay
    }
    // scanRows, as the importers call it: an error, whichever way.
    Rows again;
    scanError.clear();
    scanRows(db, "\"a\", \"b\", rowid", "FROM t", collect, &again, &scanError);
    QVERIFY2(!scanError.isEmpty(), qPrintable(damage));
}

QTEST_GUILESS_MAIN(TestSqlitePages)
#include "tst_sqlitepages.moc"
