// SPDX-License-Identifier: Apache-2.0
#pragma once

// Shared by the database importers: the string and enum tables of one file,
// and the report bookkeeping (one message per table, naming it).

#include "../model/importreport.h"
#include "../model/runsort.h"
#include "../model/stringpool.h"
#include "../model/timebounds.h"
#include "sqlitedb.h"

#include <QString>

#include <algorithm>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace profscope {

inline constexpr qint64 kDbNone32 = 4294967295LL; // UINT32_MAX: "none" in ids and enum columns

class DbContext
{
public:
    DbContext(SqliteDb& db, FileReport& report);
    DbContext(const DbContext&) = delete; // the string views point into m_text
    DbContext& operator=(const DbContext&) = delete;

    SqliteDb& db;
    FileReport& report;

    // STRING_IDS value of an id; empty for unknown ids, NULL and the 4294967295 sentinel.
    std::string_view str(qint64 id) const
    {
        // Every name of every row comes through here: the ids are dense from
        // 0 in practice, so a vector indexed by id (the hash map holds the rest).
        if (id >= 0 && id < qint64(m_dense.size()))
            return m_dense[std::size_t(id)];
        if (m_strings.empty())
            return {};
        const auto it = m_strings.find(id);
        return it == m_strings.end() ? std::string_view() : std::string_view(it->second);
    }
    // Ids below this are indexed directly (str() of an id past it is a hash lookup).
    qint64 denseStringIds() const
    {
        return qint64(m_dense.size());
    }
    // ENUM_<table> name of an id, per file (ids differ between versions).
    std::string_view enumName(const char* table, qint64 id);

    // Runs `sql` and reports a failure as "TABLE: what went wrong" (the file
    // is Broken; rows read before stay). Returns the number of rows visited.
    template<typename Fn>
    qint64 forEachRow(const QString& table, const QByteArray& sql, Fn&& row)
    {
        const qint64 outOfRangeBefore = m_timesOutOfRange;
        SqlQuery q(db, sql);
        while (q.next())
            row(q);
        if (!q.error().isEmpty())
            fail(table, q.error());
        if (m_timesOutOfRange > outOfRangeBefore)
            reportTimesOutOfRange(table, m_timesOutOfRange - outOfRangeBefore);
        return q.rowsRead();
    }
    // forEachRow for the big tables: "SELECT <columns> <from>" (no ORDER BY)
    // with every row handed over inside one sqlite3_step (scanRows).
    template<typename Fn>
    qint64 scanEachRow(const QString& table, const QByteArray& columns, const QByteArray& from, Fn&& row)
    {
        const qint64 outOfRangeBefore = m_timesOutOfRange;
        QString error;
        const qint64 rows = scanRows(db, columns, from, row, &error);
        if (!error.isEmpty())
            fail(table, error);
        if (m_timesOutOfRange > outOfRangeBefore)
            reportTimesOutOfRange(table, m_timesOutOfRange - outOfRangeBefore);
        return rows;
    }
    // False when one of the row's times lies beyond ±kMaxAbsTimeNs
    // (timebounds.h): the caller skips the row, and forEachRow (or
    // reportTimesOutOfRange for a query of its own) names the table and the
    // count once.
    bool timesRepresentable(std::initializer_list<TimeNs> times)
    {
        for (const TimeNs t : times)
            if (!isRepresentableTime(t)) {
                ++m_timesOutOfRange;
                return false;
            }
        return true;
    }
    // Counts a time the caller found beyond the bound itself (a double).
    void countTimeOutOfRange()
    {
        ++m_timesOutOfRange;
    }
    qint64 timesOutOfRange() const
    {
        return m_timesOutOfRange;
    }
    void reportTimesOutOfRange(const QString& table, qint64 rows);
    void fail(const QString& table, const QString& what);
    void warn(const QString& text);
    // "TABLE rows" counts for the report, once per table.
    void count(const QString& table, qint64 rows)
    {
        report.addCount(table, rows);
    }
    // A column list for SELECT: each wanted column if the table has it, else
    // NULL, so that absent optional columns read as NULL.
    QByteArray select(const QString& table, std::initializer_list<const char*> columns);
    // " ORDER BY <column>" with the table's own spelling of the column, or
    // nothing when it lacks the column (the rows then come as stored).
    QByteArray orderBy(const QString& table, const char* column);

private:
    std::string m_text;                   // the dense ids' values, back to back
    std::vector<std::string_view> m_dense; // id -> view into m_text (empty: unknown id)
    std::unordered_map<qint64, std::string> m_strings; // ids outside the dense range
    std::unordered_map<std::string, std::unordered_map<qint64, std::string>> m_enums;
    int m_warnings = 0;
    qint64 m_timesOutOfRange = 0;
};

// STRING_IDS id -> a pool id made from its string on first use (names,
// shapes: most ids of a file name no row of a given table). A vector for
// the dense ids, a hash map for the rest.
class DbStringCache
{
public:
    template<typename Make>
    StringId get(const DbContext& ctx, qint64 id, Make&& make)
    {
        if (id >= 0 && id < ctx.denseStringIds()) {
            if (m_dense.empty())
                m_dense.assign(std::size_t(ctx.denseStringIds()), kUnset);
            std::uint32_t& v = m_dense[std::size_t(id)];
            if (v == kUnset)
                v = make(ctx.str(id)).value;
            return StringId { v };
        }
        auto [it, inserted] = m_other.try_emplace(id);
        if (inserted)
            it->second = make(ctx.str(id));
        return it->second;
    }

private:
    static constexpr std::uint32_t kUnset = UINT32_MAX;
    std::vector<std::uint32_t> m_dense;
    std::unordered_map<qint64, StringId> m_other;
};

} // namespace profscope
