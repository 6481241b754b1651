// SPDX-License-Identifier: Apache-2.0
#include "sqlitefile.h"

#include "clustersim.h"

#include <QDir>
#include <QFile>
#include <QStringList>

#include <sqlite3.h>

namespace profscope::gen {

SqliteInsert::SqliteInsert(SqliteFile& file, const char* sql)
    : m_file(file)
{
    if (!m_file.m_db || sqlite3_prepare_v2(m_file.m_db, sql, -1, &m_stmt, nullptr) != SQLITE_OK)
        m_file.fail(sql);
}

SqliteInsert::~SqliteInsert()
{
    sqlite3_finalize(m_stmt);
}

void SqliteInsert::bind(int index, double value)
{
    if (m_stmt)
        sqlite3_bind_double(m_stmt, index, value);
}

void SqliteInsert::bind(int index, const QByteArray& value)
{
    if (m_stmt)
        sqlite3_bind_text(m_stmt, index, value.constData(), int(value.size()), SQLITE_TRANSIENT);
}

void SqliteInsert::bind(int index, std::nullptr_t)
{
    if (m_stmt)
        sqlite3_bind_null(m_stmt, index);
}

void SqliteInsert::bindInt64(int index, long long value)
{
    if (m_stmt)
        sqlite3_bind_int64(m_stmt, index, sqlite3_int64(value));
}

void SqliteInsert::run()
{
    if (!m_stmt || !m_file.m_error.isEmpty())
        return;
    if (sqlite3_step(m_stmt) != SQLITE_DONE)
        m_file.fail(sqlite3_sql(m_stmt));
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

SqliteFile::~SqliteFile()
{
    sqlite3_close_v2(m_db); // only after a failure: commit() closes
}

bool SqliteFile::create(const QString& path, QString* error)
{
    m_path = path;
    // A stale database (or its journal) would leave its free pages and
    // metadata in the new file: start from nothing.
    for (const QString& stale : QStringList {
             path, path + QStringLiteral("-journal"), path + QStringLiteral("-wal"), path + QStringLiteral("-shm") })
        if (QFile::exists(stale) && !QFile::remove(stale)) {
            if (error)
                *error = Tr::tr("cannot replace %1").arg(QDir::toNativeSeparators(stale));
            return false;
        }
    // Built in a file of its own and written out table by table at commit
    // (VACUUM INTO): the profilers insert each table in one go, so in their
    // files a table's pages follow each other; inserting row by row into
    // several tables at once would interleave them.
    m_buildPath = path + QStringLiteral(".partial");
    if (QFile::exists(m_buildPath))
        QFile::remove(m_buildPath);
    const QByteArray file = QFile::encodeName(m_buildPath);
    if (sqlite3_open_v2(file.constData(), &m_db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
        fail("open");
        return commit(error);
    }
    // Written once, in one transaction, and thrown away if anything fails:
    // no journal and no syncs.
    exec("PRAGMA journal_mode=OFF");
    exec("PRAGMA synchronous=OFF");
    exec("PRAGMA locking_mode=EXCLUSIVE");
    exec("BEGIN");
    if (!m_error.isEmpty())
        return commit(error);
    return true;
}

void SqliteFile::exec(const char* sql)
{
    if (!m_db || !m_error.isEmpty())
        return;
    if (sqlite3_exec(m_db, sql, nullptr, nullptr, nullptr) != SQLITE_OK)
        fail(sql);
}

bool SqliteFile::commit(QString* error)
{
    exec("COMMIT");
    if (m_db && m_error.isEmpty()) {
        QByteArray target = QFile::encodeName(m_path);
        target.replace('\'', "''");
        exec(QByteArray("VACUUM INTO '" + target + "'").constData());
    }
    // close_v2: statements still alive in the caller's scope finalize later.
    if (m_db && sqlite3_close_v2(m_db) != SQLITE_OK && m_error.isEmpty())
        m_error = Tr::tr("cannot write %1: %2")
                      .arg(QDir::toNativeSeparators(m_path), QString::fromUtf8(sqlite3_errmsg(m_db)));
    m_db = nullptr;
    QFile::remove(m_buildPath);
    if (m_error.isEmpty())
        return true;
    QFile::remove(m_path); // never leave a half-written database behind
    if (error)
        *error = m_error;
    return false;
}

void SqliteFile::fail(const char* what)
{
    if (!m_error.isEmpty())
        return;
    const QString reason = m_db ? QString::fromUtf8(sqlite3_errmsg(m_db)) : Tr::tr("cannot open the file");
    m_error = Tr::tr("cannot write %1: %2 (%3)")
                  .arg(QDir::toNativeSeparators(m_path), reason, QString::fromUtf8(what).left(60));
}

} // namespace profscope::gen
