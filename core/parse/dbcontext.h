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
        const qint64 slot = stringSlot(id);
        return slot < 0 ? std::string_view() : m_views[std::size_t(slot)];
    }
    // The id's place among the STRING_IDS values (0 .. stringSlots() - 1),
    // or -1 when the table does not have it (an id in a small gap between
    // two ids it has gets a slot, with an empty value).
    qint64 stringSlot(qint64 id) const
    {
        // Every name of every row comes through here. The ids come in a few
        // dense runs (torch_npu and msprof: one from 0, one from 2^28, one
        // from 2^29, per source of names), each a range of the slots.
        const auto in = [id](const IdRun& r) {
            return std::uint64_t(id) - std::uint64_t(r.firstId) < std::uint64_t(r.count); // no signed overflow
        };
        if (m_runs.size() <= 8) {
            for (const IdRun& r : m_runs)
                if (in(r))
                    return r.firstSlot + (id - r.firstId);
            return -1;
        }
        auto it = std::upper_bound(m_runs.begin(), m_runs.end(), id, [](qint64 v, const IdRun& r) { return v < r.firstId; });
        if (it == m_runs.begin() || !in(*--it))
            return -1;
        return it->firstSlot + (id - it->firstId);
    }
    qint64 stringSlots() const
    {
        return qint64(m_views.size());
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
        return reportScan(table, [&](QString* error) { return scanRows(db, columns, from, row, error); });
    }
    // scanEachRow for rows of integers (scanIntegerRows): column k of each
    // row is values[k], read as SqlValues::int64(k, fallbacks[k]).
    template<typename Fn>
    qint64 scanEachIntegerRow(const QString& table, const QByteArray& columns, const QByteArray& from,
        const std::vector<qint64>& fallbacks, Fn&& row)
    {
        return reportScan(table, [&](QString* error) { return scanIntegerRows(db, columns, from, fallbacks, row, error); });
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
    // Runs scan(&error) and reports a failure and the times out of range
    // under `table`, as forEachRow does. Returns the rows visited.
    template<typename Scan>
    qint64 reportScan(const QString& table, Scan&& scan)
    {
        const qint64 outOfRangeBefore = m_timesOutOfRange;
        QString error;
        const qint64 rows = scan(&error);
        if (!error.isEmpty())
            fail(table, error);
        if (m_timesOutOfRange > outOfRangeBefore)
            reportTimesOutOfRange(table, m_timesOutOfRange - outOfRangeBefore);
        return rows;
    }
    struct IdRun // ids firstId .. firstId + count - 1: slots firstSlot ..
    {
        qint64 firstId;
        qint64 count;
        qint64 firstSlot;
    };
    std::string m_text;                    // the values, back to back
    std::vector<std::string_view> m_views; // slot -> view into m_text (empty: a gap)
    std::vector<IdRun> m_runs;             // by id
    std::unordered_map<std::string, std::unordered_map<qint64, std::string>> m_enums;
    int m_warnings = 0;
    qint64 m_timesOutOfRange = 0;
};

// STRING_IDS id -> a pool id made from its string on first use (names,
// shapes: most ids of a file name no row of a given table), by the id's
// slot (DbContext::stringSlot). An id the table does not have reads as the
// empty string: one entry for all of them.
class DbStringCache
{
public:
    template<typename Make>
    StringId get(const DbContext& ctx, qint64 id, Make&& make)
    {
        const qint64 slot = ctx.stringSlot(id);
        if (slot < 0) {
            if (m_unknown == kUnset)
                m_unknown = make(std::string_view()).value;
            return StringId { m_unknown };
        }
        if (m_bySlot.empty())
            m_bySlot.assign(std::size_t(ctx.stringSlots()), kUnset);
        std::uint32_t& v = m_bySlot[std::size_t(slot)];
        if (v == kUnset)
            v = make(ctx.str(id)).value;
        return StringId { v };
    }

private:
    static constexpr std::uint32_t kUnset = UINT32_MAX;
    std::vector<std::uint32_t> m_bySlot;
    std::uint32_t m_unknown = kUnset;
};

} // namespace profscope
