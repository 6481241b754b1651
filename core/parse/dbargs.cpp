// SPDX-License-Identifier: Apache-2.0
#include "dbargs.h"

#include "../model/jsontext.h"
#include "sqlitedb.h"

#include <string>

namespace profscope {

namespace {

constexpr qint64 kNone32 = 4294967295LL;

class Json
{
public:
    void number(const char* key, qint64 v)
    {
        name(key);
        m_text += QByteArray::number(v);
    }
    void text(const char* key, std::string_view v)
    {
        name(key);
        appendJsonString(m_text, v);
    }
    QByteArray finish()
    {
        return m_text + '}';
    }

private:
    void name(const char* key)
    {
        m_text += m_text.size() > 1 ? ", \"" : "\"";
        m_text += key;
        m_text += "\": ";
    }
    QByteArray m_text = "{";
};

// Lookups by primary key or rowid: one row each, fast on any size.
class Reader
{
public:
    explicit Reader(SqliteDb& db)
        : m_db(db)
    {
    }
    std::string str(qint64 id)
    {
        return one("SELECT value FROM STRING_IDS WHERE id = " + QByteArray::number(id));
    }
    std::string enumName(const char* table, qint64 id)
    {
        if (!m_db.hasTable(QLatin1String(table)))
            return {};
        return one(QByteArray("SELECT name FROM ") + table + " WHERE id = " + QByteArray::number(id));
    }
    std::string one(const QByteArray& sql)
    {
        SqlQuery q(m_db, sql);
        return q.next() ? std::string(q.text(0)) : std::string();
    }

private:
    SqliteDb& m_db;
};

QByteArray columns(SqliteDb& db, const char* table, std::initializer_list<const char*> names)
{
    return db.selectList(QLatin1String(table), names);
}

QByteArray taskArgs(SqliteDb& db, Reader& r, qint64 rowId)
{
    SqlQuery q(db, "SELECT " + columns(db, "TASK", { "modelId", "taskType", "streamId", "taskId", "contextId", "connectionId", "globalTaskId" })
            + " FROM TASK WHERE rowid = " + QByteArray::number(rowId));
    if (!q.next())
        return {};
    std::string taskType = r.str(q.int64(1, kNone32));
    if (db.hasTable(QStringLiteral("COMPUTE_TASK_INFO"))) {
        const std::string core = r.one("SELECT s.value FROM COMPUTE_TASK_INFO c JOIN STRING_IDS s ON s.id = c.taskType WHERE c.globalTaskId = "
            + QByteArray::number(q.int64(6)));
        if (!core.empty() && core != "N/A")
            taskType = core;
    }
    Json j;
    j.number("Model Id", q.int64(0, kNone32));
    j.text("Task Type", taskType);
    j.number("Physic Stream Id", q.int64(2));
    j.number("Task Id", q.int64(3));
    j.number("Subtask Id", q.int64(4, kNone32));
    j.number("connection_id", q.int64(5, kNone32));
    return j.finish();
}

QByteArray commOpArgs(SqliteDb& db, Reader& r, qint64 rowId)
{
    SqlQuery q(db, "SELECT " + columns(db, "COMMUNICATION_OP", { "connectionId", "groupName", "dataType", "algType", "count", "opType" })
            + " FROM COMMUNICATION_OP WHERE rowid = " + QByteArray::number(rowId));
    if (!q.next())
        return {};
    Json j;
    j.number("connection_id", q.int64(0, kNone32));
    j.text("group_name", r.str(q.int64(1, kNone32)));
    j.text("data_type", r.enumName("ENUM_HCCL_DATA_TYPE", q.int64(2, kNone32)));
    j.text("alg_type", r.str(q.int64(3, kNone32)));
    j.number("count", q.int64(4, 0));
    j.text("op_type", r.str(q.int64(5, kNone32)));
    return j.finish();
}

QByteArray planeTaskArgs(SqliteDb& db, Reader& r, qint64 taskRowId)
{
    SqlQuery t(db, "SELECT " + columns(db, "TASK", { "globalTaskId", "streamId", "taskId", "contextId" }) + " FROM TASK WHERE rowid = "
            + QByteArray::number(taskRowId));
    if (!t.next())
        return {};
    SqlQuery q(db, "SELECT " + columns(db, "COMMUNICATION_TASK_INFO", { "notifyId", "taskType", "srcRank", "dstRank", "transportType", "size", "dataType", "linkType" })
            + " FROM COMMUNICATION_TASK_INFO WHERE globalTaskId = " + QByteArray::number(t.int64(0)));
    if (!q.next())
        return {};
    Json j;
    j.text("notify_id", std::to_string(q.int64(0)));
    j.number("stream id", t.int64(1));
    j.number("task id", t.int64(2));
    j.number("context id", t.int64(3, kNone32));
    j.text("task type", r.str(q.int64(1, kNone32)));
    j.number("src rank", q.int64(2, kNone32));
    j.number("dst rank", q.int64(3, kNone32));
    j.text("transport type", r.enumName("ENUM_HCCL_TRANSPORT_TYPE", q.int64(4, kNone32)));
    j.number("size(Byte)", q.int64(5, -1));
    j.text("data type", r.enumName("ENUM_HCCL_DATA_TYPE", q.int64(6, kNone32)));
    j.text("link type", r.enumName("ENUM_HCCL_LINK_TYPE", q.int64(7, kNone32)));
    return j.finish();
}

QByteArray cannArgs(SqliteDb& db, Reader& r, qint64 rowId)
{
    SqlQuery q(db, "SELECT " + columns(db, "CANN_API", { "type", "globalTid", "connectionId", "name" }) + " FROM CANN_API WHERE rowid = "
            + QByteArray::number(rowId));
    if (!q.next())
        return {};
    Json j;
    j.number("Thread Id", q.int64(1) & 0xffffffffLL);
    j.text("level", r.enumName("ENUM_API_TYPE", q.int64(0)));
    j.text("id", r.str(q.int64(3, kNone32)));
    j.number("connection_id", q.int64(2, kNone32));
    return j.finish();
}

QByteArray frameworkArgs(SqliteDb& db, Reader& r, qint64 rowId)
{
    SqlQuery q(db, "SELECT " + columns(db, "PYTORCH_API", { "sequenceNumber", "fwdThreadId", "inputShapes", "inputDtypes", "callchainId" })
            + " FROM PYTORCH_API WHERE rowid = " + QByteArray::number(rowId));
    if (!q.next())
        return {};
    Json j;
    j.number("Sequence number", q.int64(0, -1));
    j.number("Fwd thread id", q.int64(1, 0));
    j.text("Input Dims", r.str(q.int64(2, kNone32)));
    j.text("Input type", r.str(q.int64(3, kNone32)));
    if (!q.isNull(4) && db.hasTable(QStringLiteral("PYTORCH_CALLCHAINS"))) {
        // Frames by depth, innermost first, joined like trace_view.json.
        std::string stack;
        SqlQuery c(db, "SELECT s.value FROM PYTORCH_CALLCHAINS c JOIN STRING_IDS s ON s.id = c.stack WHERE c.id = "
                + QByteArray::number(q.int64(4)) + " ORDER BY c."
                + quoteIdentifier(db.column(QStringLiteral("PYTORCH_CALLCHAINS"), QStringLiteral("stackDepth"))));
        while (c.next()) {
            if (!stack.empty())
                stack += ";\r\n";
            stack += c.text(0);
        }
        if (!stack.empty())
            j.text("Call stack", stack);
    }
    return j.finish();
}

} // namespace

DbArgsSource::DbArgsSource(const QString& path)
    : m_path(path)
{
}

DbArgsSource::~DbArgsSource() = default;

QByteArray DbArgsSource::argsText(std::uint64_t key) const
{
    QMutexLocker lock(&m_mutex);
    if (!m_db) {
        auto db = std::make_unique<SqliteDb>();
        if (!db->open(m_path, nullptr))
            return {}; // the file went away since loading: nothing to show
        m_db = std::move(db);
    }
    SqliteDb& db = *m_db;
    Reader reader(db);
    const auto kind = DbArgsKind(key >> 50);
    const qint64 rowId = qint64(key & ((std::uint64_t(1) << 50) - 1));
    switch (kind) {
    case DbArgsKind::Task:
        return taskArgs(db, reader, rowId);
    case DbArgsKind::CommOp:
        return commOpArgs(db, reader, rowId);
    case DbArgsKind::PlaneTask:
        return planeTaskArgs(db, reader, rowId);
    case DbArgsKind::CannApi:
        return cannArgs(db, reader, rowId);
    case DbArgsKind::Framework:
        return frameworkArgs(db, reader, rowId);
    }
    return {};
}

} // namespace profscope
