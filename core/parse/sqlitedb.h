// SPDX-License-Identifier: Apache-2.0
#pragma once

// A read-only view of one SQLite file written by a profiler. The user's data
// folder is never written: the file is opened immutable (no locks, no -wal,
// -shm or journal files), and a file that has a non-empty -wal beside it
// (left by a crashed writer, whose committed pages live in the -wal) is copied
// with its -wal into a private temporary folder and read from there.

#include <QByteArray>
#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>

#include <limits>
#include <memory>
#include <string>
#include <vector>
#include <type_traits>
#include <string_view>

#include <sqlite3.h>
class QTemporaryDir;

namespace profscope {

// One column as PRAGMA table_xinfo gives it.
struct SqlColumnInfo
{
    QString name;
    QString type;            // as declared
    bool hasDefault = false; // a DEFAULT clause (NULL or not)
    int pk = 0;              // position in the primary key, 0 if none
    int hidden = 0;          // 0 an ordinary column; else hidden or generated
};

class SqliteDb
{
public:
    SqliteDb();
    ~SqliteDb();
    SqliteDb(const SqliteDb&) = delete;
    SqliteDb& operator=(const SqliteDb&) = delete;

    // False with a translated message naming the file when it cannot be read
    // as a database (missing, empty, not SQLite, encrypted, damaged header).
    bool open(const QString& path, QString* error);
    bool isOpen() const
    {
        return m_db != nullptr;
    }
    const QString& path() const
    {
        return m_path;
    }
    // True when the file had a -wal beside it and a private copy is read.
    bool readsCopy() const
    {
        return m_copy != nullptr;
    }

    // Table names (user tables, as written), and the columns of one table in
    // their declared order; empty when the table is absent. Cached.
    const QSet<QString>& tables() const
    {
        return m_tables;
    }
    bool hasTable(const QString& table) const
    {
        return m_tables.contains(table);
    }
    const QStringList& columns(const QString& table);
    bool hasColumn(const QString& table, const QString& column)
    {
        return columns(table).contains(column);
    }
    // Every column with its declaration, hidden and generated ones included
    // (read with columns(), once).
    const std::vector<SqlColumnInfo>& columnInfo(const QString& table);
    // The table's root page in the file (0 when unknown), and whether any
    // index is on it: from sqlite_master, read at open().
    qint64 rootPage(const QString& table) const
    {
        return m_rootPages.value(table, 0);
    }
    bool hasIndex(const QString& table) const
    {
        return m_indexed.contains(table);
    }
    // The table's name for a column given in camelCase: as written, else its
    // snake_case form (torch_npu's first DB export, 2024-03, wrote start_ns,
    // device_id, ...), else empty.
    QString column(const QString& table, const QString& camelName);
    // "SELECT" list of the columns (camelCase names resolved as column()),
    // NULL for each the table lacks: absent optional columns read as NULL.
    QByteArray selectList(const QString& table, std::initializer_list<const char*> camelNames);
    // The first of `candidates` that the table has (renamed columns), or empty.
    QString firstColumn(const QString& table, std::initializer_list<const char*> candidates);
    qint64 rowCount(const QString& table);
    // PRAGMA user_version (non-zero: the file was touched by MindStudio Insight).
    qint64 userVersion();

    sqlite3* handle() const
    {
        return m_db;
    }
    QString lastError() const;

private:
    sqlite3* m_db = nullptr;
    QString m_path;
    std::unique_ptr<QTemporaryDir> m_copy;
    QSet<QString> m_tables;
    QHash<QString, qint64> m_rootPages;
    QSet<QString> m_indexed; // tables with at least one index
    QHash<QString, QStringList> m_columns;
    QHash<QString, std::vector<SqlColumnInfo>> m_columnInfo;
};

// One prepared statement, stepped row by row. Columns are read by index in
// the SELECT list; every integer stays 64-bit (times are ~1.7e18 ns).
class SqlQuery
{
public:
    SqlQuery(SqliteDb& db, const QByteArray& sql);
    ~SqlQuery();
    SqlQuery(const SqlQuery&) = delete;
    SqlQuery& operator=(const SqlQuery&) = delete;

    bool isValid() const
    {
        return m_stmt != nullptr;
    }
    // The next row; false at the end or on an error (see error()).
    bool next();
    // Empty unless preparing or stepping failed.
    const QString& error() const
    {
        return m_error;
    }
    qint64 rowsRead() const
    {
        return m_rows;
    }

    // For the few loops over millions of rows (TASK_PMU_INFO) that read
    // columns with the sqlite3_column_* calls themselves.
    sqlite3_stmt* statement() const
    {
        return m_stmt;
    }

    bool isNull(int column) const;
    // Integers as stored; TEXT holding a decimal integer (PYTORCH_API.startNs)
    // converts exactly; NULL gives `fallback`.
    qint64 int64(int column, qint64 fallback = 0) const;
    double real(int column, double fallback = 0) const;
    std::string_view text(int column) const;
    QString string(int column) const;

private:
    SqliteDb& m_db;
    sqlite3_stmt* m_stmt = nullptr;
    QString m_error;
    qint64 m_rows = 0;
};

// One value of a scanned row, decoded once (from SQLite's values or, by
// sqlitepages, straight from the file's pages): the accessors of SqlValues
// read these fields without a call into SQLite.
struct SqlCell
{
    int type = SQLITE_NULL; // SQLITE_INTEGER, SQLITE_FLOAT, SQLITE_TEXT, SQLITE_BLOB or SQLITE_NULL
    int bytes = 0;          // TEXT / BLOB: the length
    qint64 i = 0;           // INTEGER
    double d = 0;           // FLOAT
    const char* p = nullptr; // TEXT / BLOB bytes, valid during the row callback
};

// The conversions a cell rarely needs (the text of a REAL, the integer of a
// TEXT that is no plain number, ...), done by SQLite itself on a bound copy
// of the value ("SELECT ?1" on the scan's connection), so that they give
// exactly what the sqlite3_value_* calls gave.
class SqlCellConverter
{
public:
    explicit SqlCellConverter(sqlite3* db)
        : m_db(db)
    {
    }
    ~SqlCellConverter();
    SqlCellConverter(const SqlCellConverter&) = delete;
    SqlCellConverter& operator=(const SqlCellConverter&) = delete;

    qint64 int64(const SqlCell& cell);
    double real(const SqlCell& cell);
    std::string_view text(const SqlCell& cell);
    // A new row: the texts made for the last one may go.
    void newRow()
    {
        if (m_usedTexts)
            releaseTexts();
    }

private:
    sqlite3_stmt* bound(const SqlCell& cell);
    void releaseTexts();
    sqlite3* m_db;
    sqlite3_stmt* m_stmt = nullptr;
    std::vector<std::string> m_texts; // text() results of this row (stable while the row lasts)
    std::size_t m_usedTexts = 0;
};

// The values of one row handed to a scan() callback, read like SqlQuery's
// columns (the same sqlite3 conversions, so the same numbers).
class SqlValues
{
public:
    SqlValues(const SqlCell* cells, int count, SqlCellConverter* converter)
        : m_cells(cells)
        , m_count(count)
        , m_converter(converter)
    {
    }
    int count() const
    {
        return m_count;
    }
    // SQLITE_INTEGER, SQLITE_FLOAT, SQLITE_TEXT, SQLITE_BLOB or SQLITE_NULL.
    int type(int column) const
    {
        return m_cells[column].type;
    }
    bool isNull(int column) const
    {
        return m_cells[column].type == SQLITE_NULL;
    }
    // Integers as stored; a REAL truncates (clamped) like sqlite3_value_int64;
    // TEXT holding a decimal integer converts exactly; NULL gives `fallback`.
    qint64 int64(int column, qint64 fallback = 0) const
    {
        // Inline: called for every column of every row of the big tables.
        const SqlCell& c = m_cells[column];
        if (c.type == SQLITE_INTEGER)
            return c.i;
        if (c.type == SQLITE_NULL)
            return fallback;
        return int64Other(c, fallback);
    }
    double real(int column, double fallback = 0) const
    {
        const SqlCell& c = m_cells[column];
        switch (c.type) {
        case SQLITE_FLOAT:
            return c.d;
        case SQLITE_INTEGER:
            return double(c.i);
        case SQLITE_NULL:
            return fallback;
        default:
            return realOther(c, fallback);
        }
    }
    std::string_view text(int column) const
    {
        const SqlCell& c = m_cells[column];
        if (c.type == SQLITE_TEXT || c.type == SQLITE_BLOB)
            return std::string_view(c.p ? c.p : "", std::size_t(c.bytes));
        if (c.type == SQLITE_NULL)
            return {};
        return m_converter->text(c);
    }
    QString string(int column) const;
    // What int64() reads from "CAST(column AS INTEGER)" (NULL: 0), without
    // SQLite's generic text conversion for the common case: torch_npu's
    // PYTORCH_API times are TEXT, 19 decimal digits.
    qint64 castInteger(int column) const;

    // sqlite3_value_int64 of a REAL: truncated, clamped to the int64 range.
    static qint64 doubleToInt64(double r)
    {
        constexpr qint64 kMax = std::numeric_limits<qint64>::max(), kMin = std::numeric_limits<qint64>::min();
        if (r <= double(kMin))
            return kMin;
        if (r >= double(kMax))
            return kMax;
        return qint64(r);
    }

private:
    qint64 int64Other(const SqlCell& cell, qint64 fallback) const; // REAL, TEXT, BLOB
    double realOther(const SqlCell& cell, double fallback) const;  // TEXT, BLOB
    const SqlCell* m_cells;
    int m_count;
    SqlCellConverter* m_converter;
};

// Visits every row of "SELECT <columns> <from>" (no ORDER BY: rows in table
// order). The native page reader (sqlitepages.h) decodes the table's pages
// itself where it gives exactly SQLite's rows (2-3x faster on TASK); else
// the rows come inside one sqlite3_step: the columns are the arguments of an
// aggregate function whose step callback gets the row, which saves the
// per-row sqlite3_step / sqlite3_column_* round trips of SqlQuery (a third
// of a plain loop's cost on TASK). Returns the rows visited; `error` is set
// when the query fails or a page is malformed (the rows before it visited).
qint64 scanRows(SqliteDb& db, const QByteArray& columns, const QByteArray& from,
    void (*row)(void* context, const SqlValues& values), void* context, QString* error);

template<typename Fn>
qint64 scanRows(SqliteDb& db, const QByteArray& columns, const QByteArray& from, Fn&& row, QString* error)
{
    using F = std::remove_reference_t<Fn>;
    return scanRows(
        db, columns, from, [](void* c, const SqlValues& v) { (*static_cast<F*>(c))(v); },
        const_cast<void*>(static_cast<const void*>(&row)), error);
}

// scanRows for rows of integers: column k of each row as
// SqlValues::int64(k, fallbacks[k]) reads it, handed over as values[k]
// (`fallbacks`: one per column). The page reader writes the integers
// straight there: no cell type stored and checked per value (a tenth of the
// device pass on TASK).
qint64 scanIntegerRows(SqliteDb& db, const QByteArray& columns, const QByteArray& from,
    const std::vector<qint64>& fallbacks, void (*row)(void* context, const qint64* values), void* context,
    QString* error);

template<typename Fn>
qint64 scanIntegerRows(
    SqliteDb& db, const QByteArray& columns, const QByteArray& from, const std::vector<qint64>& fallbacks, Fn&& row,
    QString* error)
{
    using F = std::remove_reference_t<Fn>;
    return scanIntegerRows(
        db, columns, from, fallbacks, [](void* c, const qint64* v) { (*static_cast<F*>(c))(v); },
        const_cast<void*>(static_cast<const void*>(&row)), error);
}

// "name" -> "\"name\"": identifiers are quoted (msprof-analyze tables have a
// column called index).
QByteArray quoteIdentifier(const QString& name);

} // namespace profscope
