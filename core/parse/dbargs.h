// SPDX-License-Identifier: Apache-2.0
#pragma once

// The args of database rows, made when a user inspects one slice: the
// timeline keeps only (table, rowid) per slice, like a JSON trace keeps a
// byte range, instead of text for every row.

#include "../model/trace.h"

#include <QMutex>
#include <QString>

#include <memory>

namespace profscope {

class SqliteDb;

enum class DbArgsKind : std::uint64_t { Task = 1, CommOp = 2, PlaneTask = 3, CannApi = 4, Framework = 5 };

inline std::uint64_t dbArgsKey(DbArgsKind kind, qint64 rowId)
{
    return (std::uint64_t(kind) << 50) | (std::uint64_t(rowId) & ((std::uint64_t(1) << 50) - 1));
}

class DbArgsSource : public ArgsSource
{
public:
    explicit DbArgsSource(const QString& path);
    ~DbArgsSource() override;
    QByteArray argsText(std::uint64_t key) const override;

private:
    QString m_path;
    mutable QMutex m_mutex;
    mutable std::unique_ptr<SqliteDb> m_db; // opened on the first request
};

} // namespace profscope
