// SPDX-License-Identifier: Apache-2.0
// Reading a generated export back on its own, for tst_generatordb: the
// databases with the sqlite3 C API (read-only, immutable), the text files with
// QJsonDocument and plain CSV splitting, never with the loader.
#pragma once

#include "model/types.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <sqlite3.h>

#include <algorithm>
#include <map>
#include <tuple>
#include <vector>

namespace generatedexport {

using profscope::TimeNs;


// One column value of a query, as SQLite stored it.
struct DbValue
{
    int type = SQLITE_NULL;
    qint64 i = 0;
    double d = 0;
    QByteArray text;

    qint64 toInt() const
    {
        return type == SQLITE_TEXT ? text.toLongLong() : i;
    }
    double toDouble() const
    {
        return type == SQLITE_INTEGER ? double(i) : d;
    }
    QString toString() const
    {
        return type == SQLITE_INTEGER ? QString::number(i) : QString::fromUtf8(text);
    }
};
using DbRow = std::vector<DbValue>;

// A generated database, opened read-only (immutable: no locks, no side files).
class ReadDb
{
public:
    explicit ReadDb(const QString& path)
    {
        const QByteArray uri = "file:" + QFile::encodeName(path) + "?immutable=1";
        if (sqlite3_open_v2(uri.constData(), &m_db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr) != SQLITE_OK) {
            sqlite3_close(m_db);
            m_db = nullptr;
        }
    }
    ~ReadDb()
    {
        sqlite3_close(m_db);
    }
    bool isOpen() const
    {
        return m_db != nullptr;
    }
    std::vector<DbRow> rows(const QByteArray& sql) const
    {
        std::vector<DbRow> rows;
        sqlite3_stmt* stmt = nullptr;
        if (!m_db || sqlite3_prepare_v2(m_db, sql.constData(), -1, &stmt, nullptr) != SQLITE_OK) {
            QTest::qFail(qPrintable(QStringLiteral("cannot run %1: %2")
                                        .arg(QString::fromUtf8(sql), QString::fromUtf8(sqlite3_errmsg(m_db)))),
                __FILE__, __LINE__);
            return rows;
        }
        while (sqlite3_step(stmt) == SQLITE_ROW) {
            DbRow row(std::size_t(sqlite3_column_count(stmt)));
            for (int c = 0; c < int(row.size()); ++c) {
                DbValue& v = row[std::size_t(c)];
                v.type = sqlite3_column_type(stmt, c);
                if (v.type == SQLITE_INTEGER)
                    v.i = sqlite3_column_int64(stmt, c);
                else if (v.type == SQLITE_FLOAT)
                    v.d = sqlite3_column_double(stmt, c);
                else if (v.type == SQLITE_TEXT)
                    v.text = QByteArray(
                        reinterpret_cast<const char*>(sqlite3_column_text(stmt, c)), sqlite3_column_bytes(stmt, c));
            }
            rows.push_back(std::move(row));
        }
        sqlite3_finalize(stmt);
        return rows;
    }
    qint64 count(const QByteArray& sql) const
    {
        const std::vector<DbRow> r = rows(sql);
        return r.empty() || r[0].empty() ? -1 : r[0][0].toInt();
    }

private:
    sqlite3* m_db = nullptr;
};

// (start ns, end ns, name): one timeline slice, comparable between the two forms.
using Slice = std::tuple<TimeNs, TimeNs, QString>;
using Slices = std::vector<Slice>;

inline Slices sorted(Slices s)
{
    std::sort(s.begin(), s.end());
    return s;
}

// trace_view.json, parsed on its own: slices per (process name, thread name).
struct TextTrace
{
    std::map<std::pair<QString, QString>, Slices> lanes;
    std::map<QString, TimeNs> hostToDeviceStartNs; // flow id -> start of the "s"
    int asyncNpuFlows = 0;

    Slices lane(const QString& process, const QString& thread) const
    {
        const auto found = lanes.find({ process, thread });
        return found == lanes.end() ? Slices {} : found->second;
    }
    // Every lane of `process` whose thread name starts with `prefix`, merged.
    Slices lanesStartingWith(const QString& process, const QString& prefix) const
    {
        Slices all;
        for (const auto& [key, slices] : lanes)
            if (key.first == process && key.second.startsWith(prefix))
                all.insert(all.end(), slices.begin(), slices.end());
        return sorted(all);
    }
};

// "1736408883001621.874" (µs with three decimals) -> exact ns.
inline TimeNs textTsNs(const QJsonValue& v)
{
    const QString s = v.toString();
    const qsizetype dot = s.indexOf(QLatin1Char('.'));
    if (dot < 0)
        return s.toLongLong() * 1000;
    return s.left(dot).toLongLong() * 1000 + s.mid(dot + 1).leftJustified(3, QLatin1Char('0')).toLongLong();
}

inline QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline TextTrace readTrace(const QString& path)
{
    TextTrace trace;
    const QJsonArray events = QJsonDocument::fromJson(readAll(path)).array();
    std::map<qint64, QString> processes;
    std::map<std::pair<qint64, qint64>, QString> threads;
    for (const QJsonValue& v : events) {
        const QJsonObject e = v.toObject();
        if (e.value(QLatin1String("ph")).toString() != QLatin1String("M"))
            continue;
        const qint64 pid = e.value(QLatin1String("pid")).toInteger();
        const QString name = e.value(QLatin1String("args")).toObject().value(QLatin1String("name")).toString();
        if (e.value(QLatin1String("name")).toString() == QLatin1String("process_name"))
            processes[pid] = name;
        else if (e.value(QLatin1String("name")).toString() == QLatin1String("thread_name"))
            threads[{ pid, e.value(QLatin1String("tid")).toInteger() }] = name;
    }
    for (const QJsonValue& v : events) {
        const QJsonObject e = v.toObject();
        const QString ph = e.value(QLatin1String("ph")).toString();
        const QString cat = e.value(QLatin1String("cat")).toString();
        if (ph == QLatin1String("X")) {
            const qint64 pid = e.value(QLatin1String("pid")).toInteger();
            const qint64 tid = e.value(QLatin1String("tid")).toInteger();
            const TimeNs start = textTsNs(e.value(QLatin1String("ts")));
            const TimeNs dur = std::llround(e.value(QLatin1String("dur")).toDouble() * 1000.0);
            trace.lanes[{ processes[pid], threads[{ pid, tid }] }].push_back(
                { start, start + dur, e.value(QLatin1String("name")).toString() });
        } else if (ph == QLatin1String("s") && cat == QLatin1String("HostToDevice")) {
            trace.hostToDeviceStartNs[e.value(QLatin1String("id")).toString()] = textTsNs(e.value(QLatin1String("ts")));
        } else if (ph == QLatin1String("s") && cat == QLatin1String("async_npu")) {
            ++trace.asyncNpuFlows;
        }
    }
    for (auto& [key, slices] : trace.lanes)
        slices = sorted(slices);
    return trace;
}

// A CSV without quoted commas before the columns asked for: split and keep rows.
inline std::vector<QList<QByteArray>> readCsv(const QString& path)
{
    std::vector<QList<QByteArray>> rows;
    const QList<QByteArray> lines = readAll(path).split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        if (!line.isEmpty())
            rows.push_back(line.split(','));
    }
    return rows;
}

inline QStringList rankFolders(const QString& root)
{
    QStringList folders;
    for (const QString& name : QDir(root).entryList({ QStringLiteral("*_ascend_ms") }, QDir::Dirs, QDir::Name))
        folders << QDir(root).filePath(name);
    return folders;
}

inline int rankOf(const QString& folder)
{
    const QStringList info = QDir(folder).entryList({ QStringLiteral("profiler_info_*.json") }, QDir::Files);
    if (info.size() != 1)
        return -1;
    return info[0].mid(14, info[0].size() - 14 - 5).toInt();
}

inline QStringList exportType(const QString& folder, int rank)
{
    const QJsonObject info =
        QJsonDocument::fromJson(readAll(QDir(folder).filePath(QStringLiteral("profiler_info_%1.json").arg(rank))))
            .object();
    QStringList types;
    for (const QJsonValue& v :
        info.value(QLatin1String("profiler_parameters")).toObject().value(QLatin1String("export_type")).toArray())
        types << v.toString();
    return types;
}

// The container rule of db-format.md §2.6(a): in no *_TASK_INFO table, and
// another row with the same (device, stream, task id) is.
inline const QByteArray kIsContainer = "t.globalTaskId NOT IN (SELECT globalTaskId FROM COMPUTE_TASK_INFO) "
                                "AND t.globalTaskId NOT IN (SELECT globalTaskId FROM COMMUNICATION_TASK_INFO) "
                                "AND EXISTS (SELECT 1 FROM TASK u WHERE u.deviceId = t.deviceId AND u.streamId = "
                                "t.streamId AND u.taskId = t.taskId AND u.globalTaskId != t.globalTaskId AND "
                                "(u.globalTaskId IN (SELECT globalTaskId FROM COMPUTE_TASK_INFO) OR u.globalTaskId "
                                "IN (SELECT globalTaskId FROM COMMUNICATION_TASK_INFO)))";

inline Slices dbSlices(const ReadDb& db, const QByteArray& sql)
{
    Slices slices;
    for (const DbRow& r : db.rows(sql))
        slices.push_back({ r[0].toInt(), r[1].toInt(), r[2].toString() });
    return sorted(slices);
}

} // namespace generatedexport
