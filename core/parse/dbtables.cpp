// SPDX-License-Identifier: Apache-2.0
// Tables of the profiler databases: the kernel table, memory, and the
// analysis.db / communication_analyzer.db summaries (db-format.md 2.6c-f, 3.1-3.2).
#include "../model/rank.h"
#include "dbdevice.h"
#include "dbimport.h"
#include "dbmetrics.h"
#include "dbsystem.h"
#include "numbers.h"
#include "tableparsers.h"

#include <QCoreApplication>

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <numeric>
#include <thread>
#include <unordered_map>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::DbImport)
};

constexpr double kBytesPerMB = 1024.0 * 1024.0;

qint64 noneToMinusOne(qint64 v)
{
    return v == kDbNone32 ? -1 : v;
}

StringId internNA(StringPool& pool, std::string_view s)
{
    return pool.intern(s.empty() ? std::string_view("N/A") : s);
}

} // namespace

qint64 dbNodeApiType(DbContext& ctx)
{
    qint64 nodeType = 10000;
    for (qint64 candidate : { 10000LL, 15000LL })
        if (ctx.enumName("ENUM_API_TYPE", candidate) == "node")
            nodeType = candidate;
    return nodeType;
}

std::optional<int> dbStepOfLaunch(const DbDeviceData& device, TimeNs startNs, TimeNs endNs)
{
    for (std::size_t s = 0; s < device.steps.size(); ++s)
        if (startNs >= device.steps[s].second.startNs && endNs <= device.steps[s].second.endNs)
            return int(s);
    return std::nullopt;
}

DbStepLaunches readDbStepLaunches(DbContext& ctx, const DbDeviceData& device)
{
    DbStepLaunches launches;
    if (device.steps.empty() || !ctx.db.hasTable(QStringLiteral("CANN_API")))
        return launches;
    // Only the node-level rows (a tenth of the table): SQLite filters them
    // without handing every row over.
    const qint64 nodeType = dbNodeApiType(ctx);
    const QString typeColumn = ctx.db.column(QStringLiteral("CANN_API"), QStringLiteral("type"));
    SqlQuery q(ctx.db, typeColumn.isEmpty() ? QByteArray("SELECT 1 WHERE 0")
        : "SELECT " + ctx.select(QStringLiteral("CANN_API"), { "startNs", "endNs", "connectionId" }) + " FROM CANN_API WHERE CAST("
            + quoteIdentifier(typeColumn) + " AS INTEGER) = " + QByteArray::number(nodeType));
    while (q.next())
        if (const std::optional<int> s = dbStepOfLaunch(device, q.int64(0), q.int64(1)))
            launches.emplace(q.int64(2), *s);
    return launches;
}

void assignDbKernelSteps(const DbDeviceData& device, const DbStepLaunches& launches, KernelTable& k)
{
    // Step of a row: torch_npu's device range of step N (db-format.md 2.6d):
    // from the first task launched by a node-level API inside the host step
    // to the later of that step's last task end and the host step's end.
    struct StepRange
    {
        qint32 id;
        TimeRange host;
        TimeNs firstNs = std::numeric_limits<TimeNs>::max();
        TimeNs lastNs = std::numeric_limits<TimeNs>::min();
    };
    std::vector<StepRange> steps;
    for (const auto& [id, range] : device.steps) {
        bool ok = false;
        const int n = id.toInt(&ok);
        steps.push_back({ ok ? n : -1, range });
    }
    if (!launches.empty()) {
        for (const DbTaskRow& r : device.tasks) {
            const auto it = launches.find(r.connectionId);
            if (it == launches.end())
                continue;
            StepRange& s = steps[std::size_t(it->second)];
            s.firstNs = std::min(s.firstNs, r.startNs);
            s.lastNs = std::max(s.lastNs, r.endNs);
        }
    }
    auto stepOf = [&steps](TimeNs t) -> qint32 {
        for (const StepRange& s : steps) {
            if (s.firstNs == std::numeric_limits<TimeNs>::max())
                continue;
            if (t >= s.firstNs && t < std::max(s.lastNs, s.host.endNs))
                return s.id;
        }
        return -1;
    };
    k.stepId.resize(k.startNs.size());
    for (std::size_t i = 0; i < k.startNs.size(); ++i)
        k.stepId[i] = stepOf(k.startNs[i]);
}

void importDbKernels(DbContext& ctx, const DbDeviceData& device, RankData& rank, bool stepsLater)
{
    struct Row
    {
        const DbTaskRow* task = nullptr; // compute rows
        const DbCommOp* op = nullptr;    // communication rows
        TimeNs startNs;
        TimeNs endNs;
        qint64 deviceId;
    };
    std::vector<Row> rows;
    rows.reserve(device.tasks.size() + device.commOps.size());
    for (const DbTaskRow& r : device.tasks)
        if (r.compute)
            rows.push_back({ &r, nullptr, r.startNs, r.endNs, r.deviceId });
    for (const DbCommOp& op : device.commOps)
        rows.push_back({ nullptr, &op, op.startNs, op.endNs, op.deviceId });
    if (rows.empty())
        return;
    stableSortRuns(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        return a.deviceId != b.deviceId ? a.deviceId < b.deviceId : a.startNs < b.startNs;
    });

    auto table = std::make_unique<KernelTable>();
    KernelTable& k = *table;
    StringPool& pool = k.strings;
    const StringId hccl = pool.intern("HCCL"), na = pool.intern("N/A");
    // STRING_IDS id -> pool id (plain, N/A for empty, literal quotes stripped).
    DbStringCache plain, orNA, shapes;
    auto cached = [&ctx](DbStringCache& cache, qint64 id, auto&& make) { return cache.get(ctx, id, make); };
    auto str = [&](qint64 id) { return cached(plain, id, [&](std::string_view v) { return pool.intern(v); }); };
    auto strNA = [&](qint64 id) { return cached(orNA, id, [&](std::string_view v) { return internNA(pool, v); }); };
    auto shape = [&](qint64 id) {
        return cached(shapes, id, [&](std::string_view v) { return pool.intern(stripLiteralQuotes(v)); });
    };
    // Each row's globalTaskId (-1: a communication op), the key of its PMU
    // metrics, which are read when first asked for (dbmetrics.h).
    std::vector<qint64> metricKeys;
    metricKeys.reserve(rows.size());
    qint64 previousDevice = std::numeric_limits<qint64>::min();
    TimeNs previousEnd = 0;
    for (const Row& r : rows) {
        // Wait Time: per device, the gap to the previous kernel row (compute
        // and communication together); this reproduces kernel_details.csv.
        const TimeNs wait = r.deviceId == previousDevice ? std::max<TimeNs>(0, r.startNs - previousEnd) : 0;
        previousDevice = r.deviceId;
        previousEnd = r.endNs;
        k.deviceId.push_back(r.deviceId);
        k.startNs.push_back(r.startNs);
        k.durNs.push_back(r.endNs - r.startNs);
        k.waitNs.push_back(wait);
        if (r.task) {
            const DbComputeInfo& c = *r.task->compute;
            k.modelId.push_back(noneToMinusOne(r.task->modelId));
            k.taskId.push_back(r.task->taskId);
            k.streamId.push_back(r.task->streamId);
            k.name.push_back(str(c.name));
            k.type.push_back(strNA(c.opType));
            k.opState.push_back(strNA(c.opState));
            k.acceleratorCore.push_back(strNA(c.coreType));
            k.communication.push_back(
                isCommunicationKernel(k.strings.view(k.type.back()), k.strings.view(k.acceleratorCore.back())) ? 1 : 0);
            k.blockDim.push_back(c.blockDim);
            k.inputShapes.push_back(shape(c.inputShapes));
            k.inputDataTypes.push_back(str(c.inputDataTypes));
            k.outputShapes.push_back(shape(c.outputShapes));
            k.contextId.push_back(noneToMinusOne(r.task->contextId));
        } else {
            k.modelId.push_back(-1);
            k.taskId.push_back(-1);
            k.streamId.push_back(-1);
            k.name.push_back(str(r.op->opName));
            k.type.push_back(strNA(r.op->opType));
            k.opState.push_back(na);
            k.acceleratorCore.push_back(hccl);
            k.communication.push_back(1); // a communication op of the COMMUNICATION_OP table
            k.blockDim.push_back(0);
            k.inputShapes.push_back(na);
            k.inputDataTypes.push_back(na);
            k.outputShapes.push_back(na);
            k.contextId.push_back(-1);
        }
        metricKeys.push_back(r.task ? r.task->globalTaskId : -1);
    }
    // TASK_PMU_INFO (two thirds of a database's rows) is not read here: no
    // page, export or analysis needs it at load. A partial import's cut
    // follows into the keys (partialtables.cpp).
    if (ctx.db.hasTable(QStringLiteral("TASK_PMU_INFO")))
        k.pmu().defer(std::make_shared<DbKernelMetricsSource>(ctx.db.path()), std::move(metricKeys));
    // The step of each row needs the node-level CANN_API rows: read with the
    // timeline's pass over that table when the timeline is imported too.
    if (stepsLater)
        k.stepId.assign(k.startNs.size(), -1);
    else
        assignDbKernelSteps(device, readDbStepLaunches(ctx, device), k);
    ctx.count(QStringLiteral("kernel rows"), qint64(k.size()));
    rank.kernels = std::move(table);
}

namespace {

void importMemory(DbContext& ctx, RankData& rank)
{
    SqliteDb& db = ctx.db;
    const QString recordTable = QStringLiteral("MEMORY_RECORD"), npuTable = QStringLiteral("NPU_MEM");
    if (db.hasTable(recordTable) || db.hasTable(npuTable)) {
        auto records = std::make_unique<MemoryRecordTable>();
        MemoryRecordTable& m = *records;
        // Per-row strings repeat (one device, a few streams): intern each once.
        std::unordered_map<qint64, StringId> devices, streams;
        auto device = [&](qint64 id) {
            auto [it, inserted] = devices.try_emplace(id);
            if (inserted)
                it->second = m.strings.intern("NPU:" + std::to_string(id));
            return it->second;
        };
        auto stream = [&](qint64 ptr) {
            auto [it, inserted] = streams.try_emplace(ptr);
            if (inserted)
                it->second = m.strings.intern(std::to_string(ptr));
            return it->second;
        };
        std::unordered_map<qint64, StringId> components;
        if (db.hasTable(npuTable)) {
            // APP rows of memory_record.csv: the process's whole device memory.
            const StringId app = m.strings.intern("APP");
            ctx.forEachRow(npuTable, "SELECT " + ctx.select(npuTable, { "type", "hbm", "timestampNs", "deviceId" }) + " FROM NPU_MEM" + ctx.orderBy(npuTable, "timestampNs"),
                [&](SqlQuery& q) {
                    if (ctx.str(q.int64(0, kDbNone32)) != "app" || !ctx.timesRepresentable({ q.int64(2) }))
                        return;
                    m.component.push_back(app);
                    m.tsNs.push_back(q.int64(2));
                    m.allocatedMB.push_back(kNoValue);
                    m.reservedMB.push_back(q.real(1) / kBytesPerMB);
                    m.activeMB.push_back(kNoValue);
                    m.streamPtr.push_back({});
                    m.deviceType.push_back(device(q.int64(3, 0)));
                });
        }
        if (db.hasTable(recordTable)) {
            // The rows come in time order from the profilers: read them as
            // stored (an ORDER BY makes SQLite sort every row, 3x the scan)
            // and sort here only when they are not.
            const std::size_t first = m.size();
            ctx.count(recordTable, ctx.scanEachRow(recordTable,
                ctx.select(recordTable, { "component", "timestamp", "totalAllocated", "totalReserved", "totalActive", "streamPtr", "deviceId" }),
                "FROM MEMORY_RECORD",
                [&](const SqlValues& q) {
                    if (!ctx.timesRepresentable({ q.int64(1) }))
                        return;
                    auto [component, inserted] = components.try_emplace(q.int64(0, kDbNone32));
                    if (inserted)
                        component->second = m.strings.intern(ctx.str(component->first));
                    m.component.push_back(component->second);
                    m.tsNs.push_back(q.int64(1));
                    m.allocatedMB.push_back(q.isNull(2) ? kNoValue : q.real(2) / kBytesPerMB);
                    m.reservedMB.push_back(q.isNull(3) ? kNoValue : q.real(3) / kBytesPerMB);
                    m.activeMB.push_back(q.isNull(4) ? kNoValue : q.real(4) / kBytesPerMB);
                    m.streamPtr.push_back(q.isNull(5) ? StringId {} : stream(q.int64(5)));
                    m.deviceType.push_back(device(q.int64(6, 0)));
                }));
            if (!std::is_sorted(m.tsNs.begin() + qsizetype(first), m.tsNs.end())) {
                std::vector<std::size_t> order(m.size() - first);
                std::iota(order.begin(), order.end(), first);
                std::stable_sort(order.begin(), order.end(), [&m](std::size_t a, std::size_t b) { return m.tsNs[a] < m.tsNs[b]; });
                auto permute = [&order, first](auto& column) {
                    std::remove_reference_t<decltype(column)> sorted(column.begin(), column.begin() + qsizetype(first));
                    sorted.reserve(column.size());
                    for (const std::size_t i : order)
                        sorted.push_back(column[i]);
                    column = std::move(sorted);
                };
                permute(m.component);
                permute(m.tsNs);
                permute(m.allocatedMB);
                permute(m.reservedMB);
                permute(m.activeMB);
                permute(m.streamPtr);
                permute(m.deviceType);
            }
        }
        if (m.size() > 0)
            rank.memoryRecords = std::move(records);
    }
    const QString moduleTable = QStringLiteral("NPU_MODULE_MEM");
    if (db.hasTable(moduleTable)) {
        auto modules = std::make_unique<NpuModuleMemTable>();
        NpuModuleMemTable& m = *modules;
        ctx.count(moduleTable, ctx.forEachRow(moduleTable,
            "SELECT " + ctx.select(moduleTable, { "moduleId", "timestampNs", "totalReserved", "deviceId" }) + " FROM NPU_MODULE_MEM" + ctx.orderBy(moduleTable, "timestampNs"),
            [&](SqlQuery& q) {
                if (!ctx.timesRepresentable({ q.int64(1) }))
                    return;
                const std::string_view module = ctx.enumName("ENUM_MODULE", q.int64(0, -1));
                m.component.push_back(module.empty() ? m.strings.intern(std::to_string(q.int64(0, -1))) : m.strings.intern(module));
                m.tsNs.push_back(q.int64(1));
                m.reservedMB.push_back(q.real(2) / kBytesPerMB);
                m.device.push_back(m.strings.intern("NPU:" + std::to_string(q.int64(3, 0))));
            }));
        if (m.size() > 0)
            rank.npuModuleMem = std::move(modules);
    }
    const QString opTable = QStringLiteral("OP_MEMORY");
    if (db.hasTable(opTable)) {
        auto ops = std::make_unique<OperatorMemoryTable>();
        OperatorMemoryTable& m = *ops;
        auto ns = [](SqlQuery& q, int c) { return q.isNull(c) ? kInvalidTime : q.int64(c); };
        auto mb = [](SqlQuery& q, int c) { return q.isNull(c) ? kNoValue : q.real(c) / kBytesPerMB; };
        ctx.count(opTable, ctx.forEachRow(opTable,
            "SELECT " + ctx.select(opTable, { "name", "size", "allocationTime", "releaseTime", "activeReleaseTime", "duration",
                                              "activeDuration", "allocationTotalAllocated", "allocationTotalReserved",
                                              "allocationTotalActive", "releaseTotalAllocated", "releaseTotalReserved",
                                              "releaseTotalActive", "streamPtr", "deviceId" })
                + " FROM OP_MEMORY" + ctx.orderBy(opTable, "allocationTime"),
            [&](SqlQuery& q) {
                for (int c = 2; c <= 6; ++c)
                    if (ns(q, c) != kInvalidTime && !ctx.timesRepresentable({ ns(q, c) }))
                        return;
                m.name.push_back(m.strings.intern(ctx.str(q.int64(0, kDbNone32))));
                m.sizeKB.push_back(q.real(1) / 1024.0);
                m.allocationNs.push_back(ns(q, 2));
                m.releaseNs.push_back(ns(q, 3));
                m.activeReleaseNs.push_back(ns(q, 4));
                m.durationNs.push_back(ns(q, 5));
                m.activeDurationNs.push_back(ns(q, 6));
                m.allocationTotalAllocatedMB.push_back(mb(q, 7));
                m.allocationTotalReservedMB.push_back(mb(q, 8));
                m.allocationTotalActiveMB.push_back(mb(q, 9));
                m.releaseTotalAllocatedMB.push_back(mb(q, 10));
                m.releaseTotalReservedMB.push_back(mb(q, 11));
                m.releaseTotalActiveMB.push_back(mb(q, 12));
                m.streamPtr.push_back(q.isNull(13) ? StringId {} : m.strings.intern(std::to_string(q.int64(13))));
                m.deviceType.push_back(m.strings.intern("NPU:" + std::to_string(q.int64(14, 0))));
            }));
        if (m.size() > 0)
            rank.operatorMemory = std::move(ops);
    }
    // torch_npu's OP_MEMORY already holds GE's blocks paired from NPU_OP_MEM:
    // only a file without OP_MEMORY rows (the CANN msprof DB) pairs them here.
    if (!rank.operatorMemory)
        importDbNpuOpMemory(ctx, rank);
}

void importRankInfo(DbContext& ctx, RankData& rank)
{
    RankInfo& info = rank.info;
    SqliteDb& db = ctx.db;
    if (db.hasTable(QStringLiteral("RANK_DEVICE_MAP"))) {
        SqlQuery q(db, "SELECT " + ctx.select(QStringLiteral("RANK_DEVICE_MAP"), { "rankId", "deviceId" }) + " FROM RANK_DEVICE_MAP");
        if (q.next()) {
            const qint64 rankId = q.int64(0, -1), deviceId = q.int64(1, -1);
            if (info.rankId < 0 && rankId >= 0)
                info.rankId = int(rankId);
            else if (rankId >= 0 && rankId != info.rankId)
                ctx.warn(Tr::tr("RANK_DEVICE_MAP says rank %1, the folder says rank %2").arg(rankId).arg(info.rankId));
            if (info.deviceId < 0 && deviceId >= 0)
                info.deviceId = int(deviceId);
        }
    }
    // Newer torch_npu copies profiler_metadata.json's keys into META_DATA, each
    // value JSON text: the parallel groups (DP / PP / TP, stages) when no
    // profiler_metadata.json gave them.
    if (info.parallelGroups.empty() && db.hasTable(QStringLiteral("META_DATA"))) {
        QByteArray object;
        SqlQuery q(db, "SELECT " + ctx.select(QStringLiteral("META_DATA"), { "name", "value" }) + " FROM META_DATA");
        while (q.next()) {
            const std::string_view name = q.text(0);
            if (name != "parallel_group_info" && name != "distributed_args")
                continue;
            object += (object.isEmpty() ? "{\"" : ", \"") + QByteArray(name.data(), qsizetype(name.size())) + "\": "
                + QByteArray(q.text(1).data(), qsizetype(q.text(1).size()));
        }
        if (!object.isEmpty()) {
            QStringList warnings;
            ctx.count(QStringLiteral("META_DATA groups"), readProfilerMetadataObject(object + '}', info, warnings));
            for (const QString& w : warnings)
                ctx.warn(QStringLiteral("META_DATA: ") + w);
        }
    }
    if (info.host.isEmpty() && db.hasTable(QStringLiteral("HOST_INFO"))) {
        SqlQuery q(db, "SELECT " + ctx.select(QStringLiteral("HOST_INFO"), { "hostName" }) + " FROM HOST_INFO");
        if (q.next())
            info.host = q.string(0);
    }
}

} // namespace

bool importProfilerDb(SqliteDb& db, RankData& rank, const DbTake& take, FileReport& report)
{
    DbContext ctx(db, report);
    if (!db.hasTable(QStringLiteral("STRING_IDS")))
        ctx.fail(QStringLiteral("STRING_IDS"), Tr::tr("missing: names of tasks and ops cannot be resolved"));
    importRankInfo(ctx, rank);
    DbDeviceData device;
    if (take.timeline || take.kernels)
        loadDeviceData(ctx, device);
    // The kernel table and memory do not depend on the timeline: with a core
    // to spare they are read on a second connection meanwhile (they write
    // other members of the rank than the timeline does).
    // The kernel table's step ranges come from the timeline's CANN_API pass
    // when there is one (the table is read once).
    const bool stepsFromTimeline = take.timeline && take.kernels;
    DbStepLaunches launches;
    auto tables = [&](DbContext& c) {
        if (take.kernels)
            importDbKernels(c, device, rank, stepsFromTimeline);
        if (take.memory)
            importMemory(c, rank);
    };
    std::thread side;
    SqliteDb sideDb;
    FileReport sideReport;
    std::unique_ptr<DbContext> sideCtx;
    if (take.threads > 1 && take.timeline && (take.kernels || take.memory) && sideDb.open(db.path(), nullptr)) {
        sideCtx = std::make_unique<DbContext>(sideDb, sideReport);
        side = std::thread([&] { tables(*sideCtx); });
    }
    if (take.timeline)
        importDbTimeline(ctx, device, rank, take.windowNs, stepsFromTimeline ? &launches : nullptr);
    if (side.joinable()) {
        side.join();
        for (const auto& [what, n] : sideReport.counts)
            if (what != QLatin1String("STRING_IDS"))
                report.addCount(what, n);
        report.warnings << sideReport.warnings;
        if (sideReport.status == FileStatus::Broken && report.status != FileStatus::Broken) {
            report.status = FileStatus::Broken;
            report.reason = sideReport.reason;
        }
    } else {
        tables(ctx);
    }
    if (stepsFromTimeline && rank.kernels)
        assignDbKernelSteps(device, launches, *rank.kernels);
    if (rank.info.deviceId < 0 && !device.tasks.empty())
        rank.info.deviceId = int(device.tasks.front().deviceId);
    return report.status != FileStatus::Broken || !rank.trace.isEmpty() || rank.kernels;
}

namespace {

// The aggregate names of communication_analyzer.db's per-op rows, as
// msprof-analyze shows them: p2p for send / receive, else collective.
bool isP2pOpName(const QString& name)
{
    return name.startsWith(QLatin1String("hcom_send")) || name.startsWith(QLatin1String("hcom_receive"))
        || name.startsWith(QLatin1String("hcom_batchsendrecv"));
}

double round4(double v)
{
    return std::round(v * 10000.0) / 10000.0;
}

} // namespace

bool importAnalysisDb(SqliteDb& db, RankData& rank, const DbTake& take, FileReport& report)
{
    DbContext ctx(db, report);
    const QString stepTable = QStringLiteral("StepTraceTime");
    if (take.stepTrace && db.hasTable(stepTable)) {
        // By name: torch_npu 7.2 added a leading deviceId column.
        const QByteArray sql = "SELECT " + ctx.select(stepTable, { "step", "computing", "communication_not_overlapped", "overlapped",
                                                                   "communication", "free", "stage", "bubble",
                                                                   "communication_not_overlapped_and_exclude_receive",
                                                                   "preparing", "deviceId" })
            + " FROM StepTraceTime";
        ctx.count(stepTable, ctx.forEachRow(stepTable, sql, [&](SqlQuery& q) {
            StepTraceRow row;
            row.step = q.string(0);
            for (int c = 0; c < StepTraceRow::ColumnCount; ++c)
                if (!q.isNull(c + 1)) {
                    const auto ns = unitsToNs(q.real(c + 1), 1000.0);
                    if (!ns) {
                        ctx.countTimeOutOfRange();
                        return;
                    }
                    row.valueNs[std::size_t(c)] = *ns;
                }
            row.deviceId = q.int64(10, -1);
            rank.stepTrace.push_back(std::move(row));
        }));
    }
    const QString timeTable = QStringLiteral("CommAnalyzerTime"), bandTable = QStringLiteral("CommAnalyzerBandwidth");
    const bool withStep = db.hasColumn(timeTable, QStringLiteral("step"));
    auto stepOf = [](SqlQuery& q, int c) { return q.isNull(c) ? QStringLiteral("step") : q.string(c); };
    auto p2pOf = [withStep](SqlQuery& q, int c, const QString& op) {
        return withStep && !q.isNull(c) ? q.text(c) == "p2p" : isP2pOpName(op);
    };
    if (take.communication && db.hasTable(timeTable)) {
        std::map<std::tuple<QString, QString, QString>, std::size_t> index; // (step, op, group) -> record
        const std::size_t first = rank.communication.size();
        ctx.count(timeTable, ctx.forEachRow(timeTable,
            "SELECT " + ctx.select(timeTable, { "hccl_op_name", "group_name", "start_timestamp", "elapse_time", "transit_time",
                                                "wait_time", "synchronization_time", "idle_time", "step", "type" })
                + " FROM CommAnalyzerTime",
            [&](SqlQuery& q) {
                CommOpRecord rec;
                rec.opName = q.string(0);
                rec.groupId = q.string(1);
                if (rec.opName.isEmpty() || rec.opName == QLatin1String("Total Op Info"))
                    return;
                // µs epoch, integer or real: keep the integer exact when it is one.
                const auto startNs = q.isNull(2) ? std::optional<TimeNs>(kInvalidTime) : unitsToNs(q.real(2), 1000.0);
                if (!startNs) {
                    ctx.countTimeOutOfRange();
                    return;
                }
                rec.startNs = *startNs;
                rec.elapseMs = q.real(3);
                rec.transitMs = q.real(4);
                rec.waitMs = q.real(5);
                rec.synchronizationMs = q.real(6);
                rec.idleMs = q.real(7);
                rec.waitRatio = rec.waitMs + rec.transitMs > 0 ? round4(rec.waitMs / (rec.waitMs + rec.transitMs)) : 0;
                rec.synchronizationRatio = rec.synchronizationMs + rec.transitMs > 0
                    ? round4(rec.synchronizationMs / (rec.synchronizationMs + rec.transitMs))
                    : 0;
                rec.step = stepOf(q, 8);
                rec.p2p = p2pOf(q, 9, rec.opName);
                index[{ rec.step, rec.opName, rec.groupId }] = rank.communication.size();
                rank.communication.push_back(std::move(rec));
            }));
        if (db.hasTable(bandTable)) {
            ctx.count(bandTable, ctx.forEachRow(bandTable,
                "SELECT " + ctx.select(bandTable, { "hccl_op_name", "group_name", "transport_type", "transit_size", "transit_time",
                                                    "bandwidth", "large_packet_ratio", "package_size", "count", "total_duration", "step" })
                    + " FROM CommAnalyzerBandwidth",
                [&](SqlQuery& q) {
                    const auto it = index.find({ stepOf(q, 10), q.string(0), q.string(1) });
                    if (it == index.end())
                        return;
                    CommOpRecord& rec = rank.communication[it->second];
                    const QString transport = q.string(2);
                    auto band = std::find_if(rec.bandwidth.begin(), rec.bandwidth.end(),
                        [&transport](const CommBandwidth& b) { return b.transport == transport; });
                    if (band == rec.bandwidth.end()) {
                        // Size, time, bandwidth and ratio repeat on every row of a transport.
                        CommBandwidth b;
                        b.transport = transport;
                        b.transitSizeMB = q.real(3);
                        b.transitTimeMs = q.real(4);
                        b.bandwidthGBps = q.real(5);
                        b.largePacketRatio = q.real(6);
                        rec.bandwidth.push_back(b);
                        band = rec.bandwidth.end() - 1;
                    }
                    if (q.real(8) > 0)
                        band->sizeDistribution[q.real(7)] = { toIntegral<qint64>(q.real(8)).value_or(0), q.real(9) };
                }));
        }
        ctx.count(QStringLiteral("communication ops"), qint64(rank.communication.size() - first));
    }
    const QString matrixTable = QStringLiteral("CommAnalyzerMatrix");
    if (take.communicationMatrix && db.hasTable(matrixTable)) {
        ctx.count(matrixTable, ctx.forEachRow(matrixTable,
            "SELECT " + ctx.select(matrixTable, { "hccl_op_name", "group_name", "src_rank", "dst_rank", "transport_type",
                                                  "transit_size", "transit_time", "bandwidth", "step", "type", "op_name" })
                + " FROM CommAnalyzerMatrix",
            [&](SqlQuery& q) {
                CommMatrixLink l;
                const QString op = q.string(0);
                l.groupId = q.string(1);
                l.opKey = op + QLatin1Char('@') + l.groupId;
                l.srcRank = int(q.int64(2, -1));
                l.dstRank = int(q.int64(3, -1));
                l.transport = q.string(4);
                l.transitSizeMB = q.real(5);
                l.transitTimeMs = q.real(6);
                l.bandwidthGBps = q.real(7);
                l.step = stepOf(q, 8);
                l.p2p = p2pOf(q, 9, op);
                l.opName = q.isNull(10) ? op : q.string(10);
                rank.communicationMatrix.push_back(std::move(l));
            }));
    }
    return report.status != FileStatus::Broken || !rank.stepTrace.empty() || !rank.communication.empty();
}

} // namespace profscope
