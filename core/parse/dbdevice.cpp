// SPDX-License-Identifier: Apache-2.0
#include "dbdevice.h"

#include "dbimport.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <limits>
#include <optional>
#include <unordered_set>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::DbImport)
};

constexpr int kMaxWarnings = 20;

} // namespace

DbContext::DbContext(SqliteDb& database, FileReport& fileReport)
    : db(database)
    , report(fileReport)
{
    const QString table = QStringLiteral("STRING_IDS");
    if (!db.hasTable(table))
        return;
    // One allocation for all values; views into it are made once the text
    // has stopped growing.
    struct Span
    {
        qint64 id;
        std::size_t offset, length;
    };
    std::vector<Span> spans;
    count(table, scanEachRow(table, select(table, { "id", "value" }), "FROM STRING_IDS", [&](const SqlValues& q) {
        const std::string_view v = q.text(1);
        spans.push_back({ q.int64(0, -1), m_text.size(), v.size() });
        m_text.append(v);
    }));
    // By id, the first row of an id first (it wins); written in id order in practice.
    const auto byId = [](const Span& a, const Span& b) { return a.id < b.id; };
    if (!std::is_sorted(spans.begin(), spans.end(), byId))
        std::stable_sort(spans.begin(), spans.end(), byId);
    // Runs of ids with gaps of at most kGap (a gap's slots read empty): a
    // run per source of names in real files, never more slots than
    // kGap + 1 per value in odd ones.
    constexpr qint64 kGap = 64;
    m_views.reserve(spans.size());
    for (std::size_t k = 0; k < spans.size(); ++k) {
        const Span& span = spans[k];
        if (k > 0 && span.id == spans[k - 1].id)
            continue;
        if (m_runs.empty() || std::uint64_t(span.id) - std::uint64_t(spans[k - 1].id) > std::uint64_t(kGap + 1)) {
            m_runs.push_back(IdRun { span.id, 0, qint64(m_views.size()) });
        } else {
            for (qint64 gap = span.id - spans[k - 1].id - 1; gap > 0; --gap)
                m_views.emplace_back();
        }
        m_views.emplace_back(m_text.data() + span.offset, span.length);
        m_runs.back().count = qint64(m_views.size()) - m_runs.back().firstSlot;
    }
}

std::string_view DbContext::enumName(const char* table, qint64 id)
{
    auto it = m_enums.find(table);
    if (it == m_enums.end()) {
        std::unordered_map<qint64, std::string> names;
        const QString name = QLatin1String(table);
        if (db.hasTable(name)) {
            SqlQuery q(db, "SELECT id, name FROM " + quoteIdentifier(name));
            while (q.next())
                names.emplace(q.int64(0), std::string(q.text(1)));
        }
        it = m_enums.emplace(table, std::move(names)).first;
    }
    const auto n = it->second.find(id);
    return n == it->second.end() ? std::string_view() : std::string_view(n->second);
}

void DbContext::fail(const QString& table, const QString& what)
{
    const QString text = Tr::tr("table %1: %2").arg(table, what);
    if (report.status != FileStatus::Broken) {
        report.status = FileStatus::Broken;
        report.reason = text;
    } else {
        warn(text);
    }
}

void DbContext::reportTimesOutOfRange(const QString& table, qint64 rows)
{
    // Past the cap of warnings too: it is the one message about these rows.
    report.warnings << Tr::tr("table %1: %2 rows had times outside the representable range (beyond ±%3 years) and "
                              "were skipped")
                           .arg(table)
                           .arg(rows)
                           .arg(kMaxAbsTimeNs / (365LL * 24 * 3600 * 1000000000LL));
}

void DbContext::warn(const QString& text)
{
    if (++m_warnings <= kMaxWarnings)
        report.warnings << text;
    else if (m_warnings == kMaxWarnings + 1)
        report.warnings << Tr::tr("further warnings of this file are not listed");
}

QByteArray DbContext::select(const QString& table, std::initializer_list<const char*> columns)
{
    return db.selectList(table, columns);
}

QByteArray DbContext::orderBy(const QString& table, const char* column)
{
    const QString name = db.column(table, QLatin1String(column));
    return name.isEmpty() ? QByteArray() : " ORDER BY " + quoteIdentifier(name);
}

QString dbKindName(DbKind kind)
{
    switch (kind) {
    case DbKind::Unified:
        return QStringLiteral("profiler database (.db)");
    case DbKind::Msprof:
        return QStringLiteral("msprof database (.db)");
    case DbKind::Analysis:
        return QStringLiteral("analysis.db");
    case DbKind::CommAnalyzer:
        return QStringLiteral("communication_analyzer.db");
    case DbKind::ClusterAnalysis:
        return QStringLiteral("cluster_analysis.db");
    case DbKind::InsightCache:
        return QStringLiteral("MindStudio Insight cache (.db)");
    case DbKind::Intermediate:
        return QStringLiteral("msprof intermediate (.db)");
    case DbKind::Unknown:
        break;
    }
    return QStringLiteral("database (.db)");
}

DbKind ignoredDatabaseKind(const QString& path)
{
    const QFileInfo info(path);
    // msprof's intermediates: PROF_*/host/sqlite/*.db, PROF_*/device_N/sqlite/*.db.
    if (info.absolutePath().endsWith(QLatin1String("/sqlite")))
        return DbKind::Intermediate;
    // MindStudio Insight writes its caches into the user's folders.
    const QString name = info.fileName();
    if (name == QLatin1String("mindstudio_data.db") || name.endsWith(QLatin1String("mindstudio_insight_data.db"))
        || name == QLatin1String("cluster.db"))
        return DbKind::InsightCache;
    return DbKind::Unknown;
}

DbKind classifyDatabase(const QString& path, SqliteDb& db)
{
    if (const DbKind ignored = ignoredDatabaseKind(path); ignored != DbKind::Unknown)
        return ignored;
    auto has = [&db](const char* t) { return db.hasTable(QLatin1String(t)); };
    for (const QString& t : db.tables())
        if (t.startsWith(QLatin1String("Cluster")) || t == QLatin1String("CommunicationGroupMapping"))
            return DbKind::ClusterAnalysis;
    // A unified DB that lost STRING_IDS is still one (and reported broken).
    if ((has("STRING_IDS") && (has("TASK") || has("CANN_API"))) || (has("TASK") && has("COMPUTE_TASK_INFO"))
        || has("PYTORCH_API")) {
        const bool framework = has("PYTORCH_API") || has("CONNECTION_IDS") || has("STEP_TIME") || has("MEMORY_RECORD")
            || QFileInfo(path).fileName().startsWith(QLatin1String("ascend_"));
        return framework ? DbKind::Unified : DbKind::Msprof;
    }
    if (has("StepTraceTime") || has("CommAnalyzerTime") || has("CommAnalyzerMatrix") || has("CommAnalyzerBandwidth")) {
        if (has("StepTraceTime") || db.hasColumn(QStringLiteral("CommAnalyzerTime"), QStringLiteral("step")))
            return DbKind::Analysis;
        return DbKind::CommAnalyzer;
    }
    return DbKind::Unknown;
}

namespace {

// Step markers: STEP_TIME rows as (id, host range); empty when the table is absent.
std::vector<std::pair<QString, TimeRange>> readDbSteps(DbContext& ctx)
{
    std::vector<std::pair<QString, TimeRange>> steps;
    const QString table = QStringLiteral("STEP_TIME");
    if (!ctx.db.hasTable(table))
        return steps;
    const qint64 rows = ctx.forEachRow(table, "SELECT " + ctx.select(table, { "id", "startNs", "endNs" }) + " FROM STEP_TIME",
        [&](SqlQuery& q) {
            if (q.isNull(1) || q.isNull(2) || !ctx.timesRepresentable({ q.int64(1), q.int64(2) }))
                return;
            steps.emplace_back(q.string(0), TimeRange { q.int64(1), q.int64(2) });
        });
    ctx.count(table, rows);
    std::stable_sort(steps.begin(), steps.end(),
        [](const auto& a, const auto& b) { return a.second.startNs < b.second.startNs; });
    return steps;
}

// globalTaskId -> index of the row read for it; the first row wins when an
// id repeats (as the hash map's emplace did). The ids are added in row order
// (the index is the position); they are dense from 0 in practice: a vector
// indexed by id, else sorted (id, index) pairs.
class IdIndex
{
public:
    void reserve(std::size_t rows)
    {
        m_ids.reserve(rows);
    }
    void add(qint64 id)
    {
        m_ids.push_back(id);
    }
    // `lookups`: about how many ids will be looked up (a table indexed by id
    // pays off up to a few times that many ids, however few were added).
    void finish(std::size_t lookups)
    {
        qint64 maxId = -1;
        bool nonNegative = true;
        for (const qint64 id : m_ids) {
            maxId = std::max(maxId, id);
            nonNegative = nonNegative && id >= 0;
        }
        // (Row indices fit in 32 bits: a table holds fewer rows than that.)
        if (nonNegative && maxId < qint64(std::max(m_ids.size(), lookups)) * 4 + 1024
            && m_ids.size() < std::size_t(std::numeric_limits<std::int32_t>::max())) {
            m_dense.assign(std::size_t(maxId + 1), -1);
            for (std::size_t index = 0; index < m_ids.size(); ++index)
                if (std::int32_t& slot = m_dense[std::size_t(m_ids[index])]; slot < 0)
                    slot = std::int32_t(index);
            m_ids = {};
            m_isDense = true;
            return;
        }
        m_pairs.reserve(m_ids.size());
        for (std::size_t index = 0; index < m_ids.size(); ++index)
            m_pairs.push_back({ m_ids[index], qint64(index) });
        m_ids = {};
        std::stable_sort(m_pairs.begin(), m_pairs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    }
    qint64 find(qint64 id) const
    {
        if (m_isDense)
            return id >= 0 && id < qint64(m_dense.size()) ? m_dense[std::size_t(id)] : -1;
        const auto it = std::lower_bound(
            m_pairs.begin(), m_pairs.end(), id, [](const std::pair<qint64, qint64>& e, qint64 v) { return e.first < v; });
        return it != m_pairs.end() && it->first == id ? it->second : -1;
    }

private:
    std::vector<qint64> m_ids; // as added, until finish()
    std::vector<std::pair<qint64, qint64>> m_pairs;
    std::vector<std::int32_t> m_dense; // by id: the row's index, -1 for none
    bool m_isDense = false;
};

// DbTaskRow and DbComputeInfo keep 32-bit fields (a row is 80 bytes, not
// 120: less memory written and faulted in per task). A string id or enum
// outside 0..UINT32_MAX resolves to nothing in any file: it reads as "none".
std::uint32_t narrowId(qint64 id)
{
    return std::uint64_t(id) <= std::uint64_t(kDbNone32) ? std::uint32_t(id) : std::uint32_t(kDbNone32);
}

// Device, stream and task numbers are 16- or 32-bit in every schema; one
// outside int32 is damage and reads as -1 (unknown).
std::int32_t narrowNumber(qint64 n)
{
    return qint64(std::int32_t(n)) == n ? std::int32_t(n) : -1;
}

// The profilers never delete rows: a table's last rowid (a lookup in the
// b-tree, not a count) sizes a vector once, so that reading does not copy it
// over and over while it grows. Only when it is plausible: at most `bound`
// (sparse or absurd rowids: grow as read).
template <typename T>
void reserveForRows(SqliteDb& db, const char* table, qint64 bound, std::vector<T>& v)
{
    if (SqlQuery last(db, QByteArray("SELECT max(rowid) FROM ") + table); last.next()) {
        const qint64 rows = last.int64(0);
        if (rows > 0 && rows <= bound)
            v.reserve(std::size_t(rows));
    }
}

// The most rows a table of this file can hold: a row of the task tables
// takes more than 8 bytes of a page (cell pointer, lengths, rowid, values).
qint64 rowsBound(const SqliteDb& db)
{
    return QFileInfo(db.path()).size() / 8 + 4096;
}

// The container rule's keys (device, stream, task id) of one side (rows with
// info, or rows without), in a flat open-addressing table; markIfPresent flags
// a key the other side has too. (A sorted vector of every with-info key took a
// tenth of the device pass; a node-based set a node per row.)
class ContainerKeys
{
public:
    explicit ContainerKeys(std::size_t count)
    {
        std::size_t capacity = 16;
        while (capacity < count * 2)
            capacity <<= 1;
        m_keys.assign(capacity, kEmpty);
        m_matched.assign(capacity, 0);
        m_mask = capacity - 1;
    }
    void insert(std::uint64_t key)
    {
        std::size_t i = slot(key);
        while (m_keys[i] != kEmpty && m_keys[i] != key)
            i = (i + 1) & m_mask;
        m_keys[i] = key;
    }
    void markIfPresent(std::uint64_t key)
    {
        if (const std::size_t i = find(key); i != kAbsent)
            m_matched[i] = 1;
    }
    bool contains(std::uint64_t key) const
    {
        return find(key) != kAbsent;
    }
    bool matched(std::uint64_t key) const
    {
        const std::size_t i = find(key);
        return i != kAbsent && m_matched[i] != 0;
    }

private:
    // The empty slot's key; loadDeviceData's key function never returns it.
    static constexpr std::uint64_t kEmpty = ~std::uint64_t(0);
    static constexpr std::size_t kAbsent = ~std::size_t(0);
    std::size_t slot(std::uint64_t key) const
    {
        return std::size_t((key * 0x9E3779B97F4A7C15ull) >> 32) & m_mask;
    }
    // The key's slot, or kAbsent.
    std::size_t find(std::uint64_t key) const
    {
        for (std::size_t i = slot(key); m_keys[i] != kEmpty; i = (i + 1) & m_mask)
            if (m_keys[i] == key)
                return i;
        return kAbsent;
    }
    std::vector<std::uint64_t> m_keys;
    std::vector<char> m_matched;
    std::size_t m_mask = 0;
};

} // namespace

void loadDeviceData(DbContext& ctx, DbDeviceData& out)
{
    out.steps = readDbSteps(ctx);
    SqliteDb& db = ctx.db;
    IdIndex computeIds, commIds;
    const QString computeTable = QStringLiteral("COMPUTE_TASK_INFO");
    if (db.hasTable(computeTable)) {
        reserveForRows(db, "COMPUTE_TASK_INFO", rowsBound(db), out.compute);
        computeIds.reserve(out.compute.capacity());
        // blockNum replaced blockDim in 2026 schemas, where blockDim came back with another meaning.
        const char* block = db.hasColumn(computeTable, QStringLiteral("blockNum")) ? "blockNum" : "blockDim";
        const QByteArray columns = ctx.select(computeTable, { "globalTaskId" }) + ", "
            + ctx.select(computeTable, { "name", "taskType", "opType", "opState", "inputShapes", "inputDataTypes",
                                           "outputShapes", block });
        const std::vector<qint64> fallbacks { 0, kDbNone32, kDbNone32, kDbNone32, kDbNone32, kDbNone32, kDbNone32,
            kDbNone32, 0 };
        ctx.count(computeTable,
            ctx.scanEachIntegerRow(computeTable, columns, "FROM COMPUTE_TASK_INFO", fallbacks, [&](const qint64* v) {
                computeIds.add(v[0]);
                DbComputeInfo& c = out.compute.emplace_back();
                c.name = narrowId(v[1]);
                c.coreType = narrowId(v[2]);
                c.opType = narrowId(v[3]);
                c.opState = narrowId(v[4]);
                c.inputShapes = narrowId(v[5]);
                c.inputDataTypes = narrowId(v[6]);
                c.outputShapes = narrowId(v[7]);
                c.blockDim = v[8];
            }));
    }
    const QString commTable = QStringLiteral("COMMUNICATION_TASK_INFO");
    if (db.hasTable(commTable)) {
        // As many rows as TASK's compute rows in real exports (a plane task
        // per transfer step): read like them, with the page reader.
        reserveForRows(db, "COMMUNICATION_TASK_INFO", rowsBound(db), out.commTasks);
        commIds.reserve(out.commTasks.capacity());
        const QByteArray columns = ctx.select(commTable, { "globalTaskId" }) + ", "
            + ctx.select(commTable, { "taskType", "planeId", "groupName", "opId", "notifyId", "srcRank", "dstRank",
                                        "transportType", "size", "dataType", "linkType" });
        const std::vector<qint64> fallbacks { 0, kDbNone32, kDbNone32, kDbNone32, -1, 0, kDbNone32, kDbNone32,
            kDbNone32, -1, kDbNone32, kDbNone32 };
        ctx.count(commTable,
            ctx.scanEachIntegerRow(commTable, columns, "FROM COMMUNICATION_TASK_INFO", fallbacks, [&](const qint64* v) {
                commIds.add(v[0]);
                DbCommTaskInfo& c = out.commTasks.emplace_back();
                c.taskType = v[1];
                c.planeId = v[2];
                c.groupName = v[3];
                c.opId = v[4];
                c.notifyId = v[5];
                c.srcRank = v[6];
                c.dstRank = v[7];
                c.transportType = v[8];
                c.size = v[9];
                c.dataType = v[10];
                c.linkType = v[11];
            }));
    }
    const QString scheduleTable = QStringLiteral("COMMUNICATION_SCHEDULE_TASK_INFO");
    if (db.hasTable(scheduleTable))
        ctx.count(scheduleTable,
            ctx.forEachRow(scheduleTable, "SELECT " + ctx.select(scheduleTable, { "globalTaskId", "name" })
                    + " FROM COMMUNICATION_SCHEDULE_TASK_INFO",
                [&](SqlQuery& q) { out.scheduleTaskName.emplace(q.int64(0), q.int64(1, kDbNone32)); }));

    const QString taskTable = QStringLiteral("TASK");
    std::vector<DbTaskRow> rows;
    std::size_t withoutInfo = 0; // rows in no info table
    bool sorted = true;          // by start, then globalTaskId
    const auto byStart = [](const DbTaskRow& a, const DbTaskRow& b) {
        return a.startNs != b.startNs ? a.startNs < b.startNs : a.globalTaskId < b.globalTaskId;
    };
    auto hasInfo = [](const DbTaskRow& r) { return r.compute || r.comm; };
    if (db.hasTable(taskTable)) {
        if (db.column(taskTable, QStringLiteral("startNs")).isEmpty() || db.column(taskTable, QStringLiteral("endNs")).isEmpty()
            || db.column(taskTable, QStringLiteral("globalTaskId")).isEmpty()) {
            ctx.fail(taskTable, Tr::tr("no startNs / endNs / globalTaskId column: the device tasks cannot be read"));
        } else {
            const QByteArray columns = ctx.select(taskTable, { "startNs", "endNs", "globalTaskId" }) + ", "
                + ctx.select(taskTable, { "deviceId", "connectionId", "taskType", "contextId", "streamId", "taskId",
                                            "modelId" })
                + ", rowid"; // sorted here: a scan is faster than walking TaskIndex
            // Sized once when the last rowid is about what the info tables suggest.
            const qint64 infoRows = qint64(out.compute.size() + out.commTasks.size());
            reserveForRows(db, "TASK", 4 * infoRows + 4096, rows);
            // The info rows are looked up, the order checked and the rows
            // without info counted while each row is at hand, not in
            // passes over all of them afterwards.
            const std::size_t lookups = std::max(rows.capacity(), std::size_t(infoRows));
            computeIds.finish(lookups);
            commIds.finish(lookups);
            const std::vector<qint64> fallbacks { 0, 0, 0, 0, kDbNone32, kDbNone32, kDbNone32, 0, 0, kDbNone32, 0 };
            const qint64 n = ctx.scanEachIntegerRow(taskTable, columns, "FROM TASK", fallbacks, [&](const qint64* v) {
                const TimeNs startNs = v[0];
                const TimeNs endNs = std::max(v[1], startNs);
                if (!ctx.timesRepresentable({ startNs, endNs }))
                    return;
                DbTaskRow& r = rows.emplace_back();
                r.startNs = startNs;
                r.endNs = endNs;
                r.globalTaskId = v[2];
                r.connectionId = v[4];
                r.deviceId = narrowNumber(v[3]);
                r.taskType = narrowId(v[5]);
                r.contextId = narrowId(v[6]);
                r.streamId = narrowNumber(v[7]);
                r.taskId = narrowNumber(v[8]);
                r.modelId = narrowId(v[9]);
                r.rowId = v[10];
                if (const qint64 i = computeIds.find(r.globalTaskId); i >= 0)
                    r.compute = &out.compute[std::size_t(i)];
                if (const qint64 i = commIds.find(r.globalTaskId); i >= 0)
                    r.comm = &out.commTasks[std::size_t(i)];
                withoutInfo += hasInfo(r) ? 0 : 1;
                if (sorted && rows.size() > 1 && byStart(r, rows[rows.size() - 2]))
                    sorted = false;
            });
            ctx.count(taskTable, n);
        }
    }
    // The profilers write TASK in start order (TaskIndex is on startNs,
    // globalTaskId): sort only when it is not.
    if (!sorted)
        std::stable_sort(rows.begin(), rows.end(), byStart);
    // Container rule: a row without info is dropped when a row with info
    // has its key (device, stream, task id).
    auto key = [](const DbTaskRow& r) {
        const std::uint64_t k = (std::uint64_t(r.deviceId & 0xffff) << 48) ^ (std::uint64_t(r.streamId & 0xffff) << 32)
            ^ std::uint64_t(r.taskId & 0xffffffff);
        return k == ~std::uint64_t(0) ? k - 1 : k; // the table's empty slot
    };
    const std::size_t withInfo = rows.size() - withoutInfo;
    // The table holds the smaller side's keys (a few plane rows in real exports; every row of
    // a damaged file that lost its info tables).
    auto kept = rows.end();
    if (withoutInfo > 0 && withInfo > 0 && withoutInfo <= withInfo) {
        ContainerKeys containers(withoutInfo);
        for (const DbTaskRow& r : rows)
            if (!hasInfo(r))
                containers.insert(key(r));
        for (const DbTaskRow& r : rows)
            if (hasInfo(r))
                containers.markIfPresent(key(r));
        // Dropped in place (the kept rows keep their order), no second vector.
        kept = std::remove_if(rows.begin(), rows.end(),
            [&](const DbTaskRow& r) { return !hasInfo(r) && containers.matched(key(r)); });
    } else if (withoutInfo > 0 && withInfo > 0) {
        ContainerKeys infoKeys(withInfo);
        for (const DbTaskRow& r : rows)
            if (hasInfo(r))
                infoKeys.insert(key(r));
        kept = std::remove_if(rows.begin(), rows.end(),
            [&](const DbTaskRow& r) { return !hasInfo(r) && infoKeys.contains(key(r)); });
    }
    out.containerRows = qint64(rows.end() - kept);
    rows.erase(kept, rows.end());
    out.tasks = std::move(rows);

    const QString opTable = QStringLiteral("COMMUNICATION_OP");
    if (db.hasTable(opTable)) {
        const QByteArray sql = "SELECT "
            + ctx.select(opTable, { "startNs", "endNs", "opName", "connectionId", "groupName", "opId", "dataType",
                                      "algType", "opType", "count", "deviceId" })
            + ", rowid FROM COMMUNICATION_OP" + ctx.orderBy(opTable, "startNs");
        const qint64 fallbackDevice = out.tasks.empty() ? 0 : out.tasks.front().deviceId;
        bool deviceMissing = false;
        ctx.count(opTable, ctx.forEachRow(opTable, sql, [&](SqlQuery& q) {
            DbCommOp op;
            op.startNs = q.int64(0);
            op.endNs = std::max(q.int64(1), op.startNs);
            if (!ctx.timesRepresentable({ op.startNs, op.endNs }))
                return;
            op.opName = q.int64(2, kDbNone32);
            op.connectionId = q.int64(3, kDbNone32);
            op.groupName = q.int64(4, kDbNone32);
            op.opId = q.int64(5, -1);
            op.dataType = q.int64(6, kDbNone32);
            op.algType = q.int64(7, kDbNone32);
            op.opType = q.int64(8, kDbNone32);
            op.count = q.real(9, 0);
            op.deviceId = q.int64(10, -1);
            op.rowId = q.int64(11);
            deviceMissing = deviceMissing || op.deviceId < 0;
            out.commOps.push_back(op);
        }));
        if (deviceMissing) {
            // An op without a deviceId (no such column before 2025) runs
            // on the device of the first task (in start order) launched by
            // its connection id. Only the ops' ids are looked up: a
            // handful, against every task once.
            std::vector<qint64> ids;
            for (const DbCommOp& op : out.commOps)
                if (op.deviceId < 0 && op.connectionId != kDbNone32)
                    ids.push_back(op.connectionId);
            std::sort(ids.begin(), ids.end());
            ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
            std::vector<qint64> deviceOfId(ids.size(), -1);
            const bool needNone = std::any_of(out.commOps.begin(), out.commOps.end(),
                [](const DbCommOp& op) { return op.deviceId < 0 && op.connectionId == kDbNone32; });
            std::optional<qint64> deviceOfNone; // the first task without a connection id
            // Each task's id looked up: in a table indexed by id when the ids
            // span a small range (the usual case: a binary search per task
            // took a twentieth of the pass), else by binary search.
            const qint64 lowId = ids.empty() ? 0 : ids.front();
            const qint64 span = ids.empty() ? 0 : ids.back() - lowId + 1;
            std::vector<int> slotOfId;
            if (span > 0 && span <= qint64(out.tasks.size()) * 4 + 4096) {
                slotOfId.assign(std::size_t(span), -1);
                for (std::size_t k = 0; k < ids.size(); ++k)
                    slotOfId[std::size_t(ids[k] - lowId)] = int(k);
            }
            const auto slotOf = [&](qint64 id) -> int {
                if (!slotOfId.empty()) {
                    const qint64 k = id - lowId;
                    return k >= 0 && k < span ? slotOfId[std::size_t(k)] : -1;
                }
                const auto it = std::lower_bound(ids.begin(), ids.end(), id);
                return it != ids.end() && *it == id ? int(it - ids.begin()) : -1;
            };
            std::size_t found = 0;
            for (const DbTaskRow& r : out.tasks) {
                if (r.connectionId == kDbNone32) {
                    if (!deviceOfNone)
                        deviceOfNone = r.deviceId;
                    continue;
                }
                if (const int k = slotOf(r.connectionId); k >= 0) {
                    qint64& device = deviceOfId[std::size_t(k)];
                    if (device < 0) {
                        device = r.deviceId;
                        if (++found == ids.size() && (deviceOfNone || !needNone))
                            break;
                    }
                }
            }
            for (DbCommOp& op : out.commOps) {
                if (op.deviceId >= 0)
                    continue;
                std::optional<qint64> device;
                if (op.connectionId == kDbNone32) {
                    device = deviceOfNone;
                } else {
                    const auto it = std::lower_bound(ids.begin(), ids.end(), op.connectionId);
                    if (const qint64 d = deviceOfId[std::size_t(it - ids.begin())]; d >= 0)
                        device = d;
                }
                op.deviceId = device.value_or(fallbackDevice);
            }
        }
    }
}

} // namespace profscope
