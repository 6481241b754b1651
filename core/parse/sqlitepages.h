// SPDX-License-Identifier: Apache-2.0
#pragma once

// A reader of SQLite's table b-tree pages for the full scans of the big
// tables (TASK, COMPUTE_TASK_INFO, CANN_API, ...): "SELECT <list> FROM <T>"
// decoded straight from the file's pages, in the order of SQLite's own full
// scan (rowid order, an in-order walk of the b-tree), with the same values.
// SQLite's VDBE costs more per row than the decoding itself (a plain scan of
// TASK through SQLite: ~4 M rows/s per core).
//
// It only reads: the file that SqliteDb opened (immutable, read-only) is
// mapped for the scan and unmapped after it. Where it cannot promise exactly
// SQLite's rows (a private -wal copy, UTF-16 text, WITHOUT ROWID, generated
// columns, a selected column with a non-NULL default, a covering index that
// SQLite would scan instead, an odd header, a select item it does not know)
// it declines and scanRows asks SQLite. The file format:
// https://www.sqlite.org/fileformat2.html

#include "sqlitedb.h"

#include <QByteArray>
#include <QString>

namespace profscope {

// Scans "SELECT <columns> <from>" natively when it can: returns false when
// it declines (no row visited; the caller asks SQLite), else true with the
// rows visited in `rows` and `error` set when a page is malformed (the rows
// before it were visited, as with SQLite). PROFSCOPE_SQLITE_NATIVE=0 in the
// environment makes it always decline. `why`, when given, says why it declined.
bool scanTablePages(SqliteDb& db, const QByteArray& columns, const QByteArray& from,
    void (*row)(void* context, const SqlValues& values), void* context, qint64* rows, QString* error,
    QString* why = nullptr);

// The same for rows of integers: column k of each row read as
// SqlValues::int64(k, fallbacks[k]) reads it, into values[k] (`fallbacks`:
// one per column). Declines as scanTablePages does, and also for a column
// selected twice with two fallbacks.
bool scanTablePagesIntegers(SqliteDb& db, const QByteArray& columns, const QByteArray& from, const qint64* fallbacks,
    void (*row)(void* context, const qint64* values), void* context, qint64* rows, QString* error,
    QString* why = nullptr);

// False when PROFSCOPE_SQLITE_NATIVE=0 (read once).
bool nativePagesEnabled();

} // namespace profscope
