// SPDX-License-Identifier: Apache-2.0
// A write-once SQLite file for the generator: a fresh file (a stale one is
// removed first, so that no old pages survive), no journal, one transaction,
// prepared statements, each table's pages together in the file written.
// The first error is kept and reported at commit().
// Nothing time-dependent is written, so the same inserts give the same bytes.
// Internal to core/generate.
#pragma once

#include <optional>

#include <QByteArray>
#include <QString>

#include <concepts>
#include <cstddef>

struct sqlite3;
struct sqlite3_stmt;

namespace profscope::gen {

class SqliteFile;

// One prepared INSERT; row(...) binds its arguments to ?1, ?2, ... and runs it.
class SqliteInsert
{
public:
    SqliteInsert(SqliteFile& file, const char* sql);
    ~SqliteInsert();
    SqliteInsert(const SqliteInsert&) = delete;
    SqliteInsert& operator=(const SqliteInsert&) = delete;

    template <typename... Args> void row(const Args&... args)
    {
        int index = 0;
        (bind(++index, args), ...);
        run();
    }

private:
    template <std::integral T> void bind(int index, T value)
    {
        bindInt64(index, static_cast<long long>(value));
    }
    void bind(int index, double value);
    void bind(int index, const QByteArray& value); // TEXT
    void bind(int index, std::nullptr_t); // NULL
    void bind(int index, const std::optional<qint64>& value)
    {
        if (value)
            bindInt64(index, *value);
        else
            bind(index, nullptr);
    }
    void bindInt64(int index, long long value);
    void run();

    SqliteFile& m_file;
    sqlite3_stmt* m_stmt = nullptr;
};

class SqliteFile
{
public:
    SqliteFile() = default;
    ~SqliteFile();
    SqliteFile(const SqliteFile&) = delete;
    SqliteFile& operator=(const SqliteFile&) = delete;

    // Removes a stale file, creates `path` and begins the transaction.
    bool create(const QString& path, QString* error);
    void exec(const char* sql);
    // Commits and closes; false with a translated message on the first error.
    bool commit(QString* error);

private:
    friend class SqliteInsert;
    void fail(const char* what);

    sqlite3* m_db = nullptr;
    QString m_path;
    QString m_buildPath; // where the rows are inserted before VACUUM INTO m_path
    QString m_error;
};

} // namespace profscope::gen
