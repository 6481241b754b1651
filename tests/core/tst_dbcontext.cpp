// SPDX-License-Identifier: Apache-2.0
// DbContext's STRING_IDS table (core/parse/dbcontext.h): str() of every id
// must give what a map built here from the rows gives (the first row of an
// id wins; an id the table does not have reads empty), whatever the ids: a
// run from 0 and runs from 2^28 and 2^29 as real exports write them, gaps
// inside a run, runs far apart, many runs (the binary search), unsorted
// rows, duplicates, negative and extreme ids. DbStringCache must make each
// slot's value once and give every unknown id one entry.
#include "parse/dbcontext.h"
#include "parse/sqlitedb.h"

#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <limits>
#include <map>
#include <random>
#include <string>
#include <vector>

using namespace profscope;

namespace {

struct Row
{
    qint64 id;
    std::string value;
};

// A database with STRING_IDS(id, value) holding `rows` in this order; `primaryKey`: id is the
// rowid (the profilers' schema; no duplicates then), else a plain column.
bool writeStrings(const QString& path, const std::vector<Row>& rows, bool primaryKey)
{
    sqlite3* db = nullptr;
    if (sqlite3_open(path.toUtf8().constData(), &db) != SQLITE_OK)
        return false;
    const char* create = primaryKey ? "CREATE TABLE STRING_IDS(id INTEGER PRIMARY KEY, value TEXT)"
                                    : "CREATE TABLE STRING_IDS(id INTEGER, value TEXT)";
    bool ok = sqlite3_exec(db, create, nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_stmt* insert = nullptr;
    ok = ok && sqlite3_prepare_v2(db, "INSERT INTO STRING_IDS VALUES(?1, ?2)", -1, &insert, nullptr) == SQLITE_OK;
    sqlite3_exec(db, "BEGIN", nullptr, nullptr, nullptr);
    for (const Row& r : rows) {
        if (!ok)
            break;
        sqlite3_bind_int64(insert, 1, r.id);
        sqlite3_bind_text(insert, 2, r.value.data(), int(r.value.size()), SQLITE_TRANSIENT);
        ok = sqlite3_step(insert) == SQLITE_DONE;
        sqlite3_reset(insert);
    }
    sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
    sqlite3_finalize(insert);
    sqlite3_close(db);
    return ok;
}

std::string valueOf(qint64 id)
{
    return "v" + std::to_string(id);
}

} // namespace

class TestDbContext : public QObject
{
    Q_OBJECT

private slots:
    void stringIds_data();
    void stringIds();
    void stringCache();
};

void TestDbContext::stringIds_data()
{
    QTest::addColumn<std::vector<Row>>("rows");
    QTest::addColumn<bool>("primaryKey");
    constexpr qint64 k28 = qint64(1) << 28, k29 = qint64(1) << 29;
    std::vector<Row> real; // as torch_npu writes them: three dense runs
    for (qint64 base : { qint64(0), k28, k29 })
        for (qint64 i = 0; i < 40; ++i)
            real.push_back({ base + i, valueOf(base + i) });
    QTest::newRow("three runs") << real << true;

    std::vector<Row> gaps; // gaps of 1, 3, 64 (one run) and 65, 1000 (new runs)
    qint64 id = 5;
    for (qint64 step : { 1, 2, 4, 65, 66, 1001, 1 }) {
        gaps.push_back({ id, valueOf(id) });
        id += step;
    }
    QTest::newRow("gaps") << gaps << true;

    std::vector<Row> many; // 40 runs: the binary search
    for (qint64 r = 0; r < 40; ++r)
        for (qint64 i = 0; i < 3; ++i)
            many.push_back({ r * 100000 + i, valueOf(r * 100000 + i) });
    QTest::newRow("many runs") << many << true;

    std::vector<Row> shuffled = many; // out of id order, duplicates (the first row wins), odd ids
    std::mt19937 rng(11);
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    shuffled.insert(shuffled.begin() + 10, Row { 200001, "first" });
    shuffled.push_back({ 200001, "second" });
    shuffled.push_back({ 7, "" });
    shuffled.push_back({ -3, "negative" });
    shuffled.push_back({ std::numeric_limits<qint64>::max(), "max" });
    shuffled.push_back({ std::numeric_limits<qint64>::min(), "min" });
    QTest::newRow("unsorted, duplicates, extremes") << shuffled << false;
    QTest::newRow("empty") << std::vector<Row>() << true;
}

void TestDbContext::stringIds()
{
    QFETCH(std::vector<Row>, rows);
    QFETCH(bool, primaryKey);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("strings.db"));
    QVERIFY(writeStrings(path, rows, primaryKey));

    std::map<qint64, std::string> want;
    for (const Row& r : rows)
        want.emplace(r.id, r.value); // the first row of an id stays
    // Every id of the table, its neighbours, and ids far from all of them.
    std::vector<qint64> probes { -1, 0, 1, 4294967295LL, qint64(1) << 40, std::numeric_limits<qint64>::min(),
        std::numeric_limits<qint64>::max(), std::numeric_limits<qint64>::min() + 1,
        std::numeric_limits<qint64>::max() - 1 };
    for (const auto& [id, value] : want)
        for (qint64 d : { -2, -1, 0, 1, 2, 70 })
            if ((d < 0 && id >= std::numeric_limits<qint64>::min() - d) || (d >= 0 && id <= std::numeric_limits<qint64>::max() - d))
                probes.push_back(id + d);

    SqliteDb db;
    QString error;
    QVERIFY2(db.open(path, &error), qPrintable(error));
    FileReport report;
    DbContext ctx(db, report);
    QCOMPARE(report.count(QStringLiteral("STRING_IDS")), qint64(rows.size()));
    for (const qint64 id : probes) {
        const auto it = want.find(id);
        const std::string expected = it == want.end() ? std::string() : it->second;
        QVERIFY2(std::string(ctx.str(id)) == expected,
            qPrintable(QStringLiteral("id %1: '%2', want '%3'")
                           .arg(id)
                           .arg(QString::fromStdString(std::string(ctx.str(id))), QString::fromStdString(expected))));
        // A slot for every id the table has; never one past the slots.
        const qint64 slot = ctx.stringSlot(id);
        if (it != want.end())
            QVERIFY2(slot >= 0, qPrintable(QString::number(id)));
        QVERIFY(slot < ctx.stringSlots());
    }
    // Gaps cost at most 64 slots per value.
    QVERIFY(ctx.stringSlots() <= qint64(want.size()) * 65);
}

void TestDbContext::stringCache()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("strings.db"));
    QVERIFY(writeStrings(path, { { 0, "a" }, { 1, "b" }, { 3, "a" }, { qint64(1) << 29, "c" } }, true));
    SqliteDb db;
    QString error;
    QVERIFY2(db.open(path, &error), qPrintable(error));
    FileReport report;
    DbContext ctx(db, report);

    DbStringCache cache;
    std::vector<std::string> made; // the values make() was called with, in order
    const auto make = [&](std::string_view v) {
        made.emplace_back(v);
        return StringId { std::uint32_t(made.size() + 100) };
    };
    const qint64 ids[] = { 0, 1, 0, 3, (qint64(1) << 29), 1, 2, 99, -5, 2, (qint64(1) << 29) };
    std::vector<std::uint32_t> got;
    for (const qint64 id : ids)
        got.push_back(cache.get(ctx, id, make).value);
    // 0 -> "a", 1 -> "b", 3 -> "a" (its own slot), 2^29 -> "c", the gap id 2 -> "",
    // 99 and -5 (not in the table) -> "" once for both.
    const std::vector<std::string> wantMade { "a", "b", "a", "c", "", "" };
    QCOMPARE(made, wantMade);
    const std::vector<std::uint32_t> wantGot { 101, 102, 101, 103, 104, 102, 105, 106, 106, 105, 104 };
    QCOMPARE(got, wantGot);
}

QTEST_GUILESS_MAIN(TestDbContext)
#include "tst_dbcontext.moc"
