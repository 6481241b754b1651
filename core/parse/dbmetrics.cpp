// SPDX-License-Identifier: Apache-2.0
#include "dbmetrics.h"

#include "../model/tables.h"
#include "dbcontext.h"
#include "sqlitedb.h"

#include <QFileInfo>

#include <sqlite3.h>

#include <algorithm>
#include <unordered_map>

namespace profscope {

QString pmuColumnName(std::string_view metric, bool* isTime)
{
    *isTime = metric.ends_with("_time");
    if (metric == "aic_total_time")
        return QStringLiteral("aicore_time(us)");
    if (metric == "aiv_total_time")
        return QStringLiteral("aiv_time(us)");
    const QString name = QString::fromUtf8(metric.data(), qsizetype(metric.size()));
    return *isTime ? name + QStringLiteral("(us)") : name;
}

DbKernelMetricsSource::DbKernelMetricsSource(const QString& path)
    : m_path(path)
{
    const QFileInfo info(path);
    m_sizeBytes = info.size();
    m_modified = info.lastModified();
}

KernelMetrics DbKernelMetricsSource::read(const std::vector<qint64>& keys) const
{
    KernelMetrics out;
    const QFileInfo info(m_path);
    if (!info.exists() || info.size() != m_sizeBytes || info.lastModified() != m_modified)
        return out;
    SqliteDb db;
    const QString table = QStringLiteral("TASK_PMU_INFO");
    if (!db.open(m_path, nullptr) || !db.hasTable(table))
        return out;

    // globalTaskId -> kernel row: ids are dense from 0 in practice, so a
    // vector (the hash map is the fallback for odd files).
    const std::size_t rows = keys.size();
    qint64 maxKey = -1;
    for (const qint64 k : keys)
        maxKey = std::max(maxKey, k);
    const bool dense = maxKey < qint64(rows) * 4 + 1024;
    std::vector<std::int32_t> rowByKey(dense && maxKey >= 0 ? std::size_t(maxKey + 1) : 0, -1);
    std::unordered_map<qint64, std::size_t> rowOfKey;
    for (std::size_t i = 0; i < rows; ++i) {
        if (keys[i] < 0)
            continue;
        if (dense)
            rowByKey[std::size_t(keys[i])] = std::int32_t(i);
        else
            rowOfKey.emplace(keys[i], i);
    }
    auto rowOf = [&](qint64 key) -> qint64 {
        if (dense)
            return key >= 0 && key < qint64(rowByKey.size()) ? rowByKey[std::size_t(key)] : -1;
        const auto it = rowOfKey.find(key);
        return it == rowOfKey.end() ? -1 : qint64(it->second);
    };
    auto metricName = [&db](qint64 id) {
        SqlQuery q(db, "SELECT value FROM STRING_IDS WHERE id = " + QByteArray::number(id));
        return q.next() ? std::string(q.text(0)) : std::string();
    };

    // (task, metric name, value) rows, one column per metric name as
    // kernel_details.csv pivots them. Rows come task by task, metric by
    // metric in the same order: remember the metrics seen, in order, to
    // skip the hash lookup.
    std::unordered_map<qint64, std::pair<std::size_t, bool>> columnOf; // name id -> (metric, is a time)
    std::vector<std::pair<qint64, std::pair<std::size_t, bool>>> recent;
    std::size_t next = 0;
    SqlQuery q(db, "SELECT " + db.selectList(table, { "globalTaskId", "name", "value" }) + " FROM TASK_PMU_INFO");
    sqlite3_stmt* st = q.statement();
    while (q.next()) {
        const qint64 row = rowOf(sqlite3_column_int64(st, 0));
        if (row < 0)
            continue; // a task whose row was cut (step window) or that is no kernel row
        qint64 nameId = sqlite3_column_int64(st, 1);
        if (nameId == 0 && sqlite3_column_type(st, 1) != SQLITE_INTEGER)
            nameId = q.int64(1, kDbNone32);
        std::pair<std::size_t, bool> column;
        if (next < recent.size() && recent[next].first == nameId) {
            column = recent[next++].second;
        } else {
            auto it = columnOf.find(nameId);
            if (it == columnOf.end()) {
                bool isTime = false;
                out.names << pmuColumnName(metricName(nameId), &isTime);
                out.columns.emplace_back(rows);
                it = columnOf.emplace(nameId, std::pair { out.columns.size() - 1, isTime }).first;
                recent.emplace_back(nameId, it->second);
            }
            column = it->second;
            next = 0; // a new task (or an unusual order): start over
            while (next < recent.size() && recent[next].first != nameId)
                ++next;
            ++next;
        }
        double v;
        switch (sqlite3_column_type(st, 2)) {
        case SQLITE_INTEGER:
            v = double(sqlite3_column_int64(st, 2));
            break;
        case SQLITE_FLOAT:
            v = sqlite3_column_double(st, 2);
            break;
        default: // NULL, or a number written as text
            v = q.real(2, kNoValue);
            break;
        }
        out.columns[column.first].set(std::size_t(row), column.second ? v / 1000.0 : v);
    }
    return out;
}

} // namespace profscope
