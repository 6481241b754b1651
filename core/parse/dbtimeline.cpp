// SPDX-License-Identifier: Apache-2.0
// The timeline of a profiler database, lane by lane as torch_npu writes the
// same run's trace_view.json (db-format.md 2.6a/b), with roles set from the
// tables rather than from names.
#include "../analysis/intervals.h"
#include "../model/rank.h"
#include "dbargs.h"
#include "dbdevice.h"
#include "dbsystem.h"
#include "tracebuilder.h"

#include <QCoreApplication>

#include <algorithm>
#include <map>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::DbImport)
};

// Synthetic pids for the device-side processes: far above real host pids
// (< 2^32), one block per device.
constexpr qint64 kDevicePidBase = qint64(1) << 40;
enum DeviceProcess : qint64 { Hardware = 0, Hccl = 1, Overlap = 2, Freq = 3, NpuMem = 4, Hbm = 5, Llc = 6, Acc = 7, Soc = 8,
    SystemCounters = 9 }; // 9..15: the DbCounterProcess kinds (dbcounters.cpp)
static_assert(SystemCounters + qint64(DbCounterProcess::NetDev) < 16, "a device's pid block holds 16 processes");
qint64 devicePid(qint64 deviceId, DeviceProcess kind)
{
    return kDevicePidBase + (deviceId & 0xffff) * 16 + kind;
}
// The lane order of a device's processes, from the device id masked as in
// devicePid: a damaged id (2^63 - 1) must not overflow.
qint64 deviceSortIndex(qint64 deviceId, int lane)
{
    return lane + (deviceId & 0xffff) * 10;
}
qint64 cannPid(qint64 hostPid)
{
    return (qint64(1) << 41) + (hostPid & 0xffffffffLL);
}
qint64 mstxPid(qint64 hostPid)
{
    return (qint64(1) << 42) + (hostPid & 0xffffffffLL);
}

QByteArray apiLevelLabel(std::string_view typeName)
{
    // The labels trace_view.json uses for CANN_API levels.
    if (typeName == "acl")
        return "AscendCL";
    if (typeName == "runtime")
        return "Runtime";
    if (typeName == "node")
        return "Node";
    if (typeName == "hccl" || typeName == "communication")
        return "Hccl";
    if (typeName == "model")
        return "Model";
    QByteArray label(typeName.data(), qsizetype(typeName.size()));
    if (!label.isEmpty())
        label[0] = char(std::toupper(static_cast<unsigned char>(label[0])));
    return label;
}

class TimelineImport
{
public:
    TimelineImport(DbContext& ctx, const DbDeviceData& device, std::optional<TimeRange> windowNs,
        DbStepLaunches* stepLaunches)
        : m_ctx(ctx)
        , m_device(device)
        , m_stepLaunches(stepLaunches)
        , m_fileIndex(m_builder.addSourceFile(ctx.db.path()))
    {
        if (windowNs)
            m_builder.setWindow(*windowNs);
    }

    TraceData run()
    {
        deviceLanes();
        communicationLanes();
        cannLanes();
        frameworkLanes();
        mstxLanes();
        flows();
        counters();
        bandwidthCounters();
        levelCounters();
        importDbCounterTables(m_ctx, m_builder, [this](qint64 device, DbCounterProcess kind, const char* name) {
            // After the other counter processes of the device, in table order.
            return process(devicePid(device, DeviceProcess(SystemCounters + qint64(kind))), name, "NPU", deviceSortIndex(device, 19));
        });
        overlapLanes();
        for (const auto& [id, range] : m_device.steps)
            m_builder.addStepMarker(id, range);
        m_builder.setArgsSource(m_fileIndex, std::make_shared<DbArgsSource>(m_ctx.db.path()));
        const qint64 timesOutOfRange = m_builder.timesOutOfRange();
        TraceData data = m_builder.finish();
        if (timesOutOfRange > 0)
            m_ctx.report.warnings << Tr::tr("%1 timeline rows had times outside the representable range (beyond ±%2 "
                                            "years) and were skipped")
                                         .arg(timesOutOfRange)
                                         .arg(kMaxAbsTimeNs / (365LL * 24 * 3600 * 1000000000LL));
        return data;
    }

private:
    ArgsRef args(DbArgsKind kind, qint64 rowId) const
    {
        return ArgsRef::makeKey(m_fileIndex, dbArgsKey(kind, rowId));
    }
    StringId intern(std::string_view s)
    {
        return m_builder.strings().intern(s);
    }
    // A STRING_IDS id as a pool id, cached.
    StringId internId(qint64 id)
    {
        return m_interned.get(m_ctx, id, [this](std::string_view v) { return intern(v); });
    }
    // The builder's process for a pid, named on first use only: counters
    // call this once per row, and naming converts text every time.
    std::uint32_t process(qint64 pid, const char* name, const char* labels, qint64 sortIndex)
    {
        const auto [it, inserted] = m_processes.try_emplace(pid, 0);
        if (inserted) {
            it->second = m_builder.process(pid);
            m_builder.setProcessName(it->second, name);
            m_builder.setProcessLabels(it->second, labels);
            m_builder.setProcessSortIndex(it->second, sortIndex);
        }
        return it->second;
    }
    std::uint32_t thread(std::uint32_t p, qint64 tid, const QByteArray& name, LaneRole role)
    {
        const std::uint32_t t = m_builder.thread(p, tid);
        m_builder.setThreadName(p, t, std::string_view(name.constData(), std::size_t(name.size())));
        m_builder.setThreadSortIndex(p, t, tid);
        m_builder.setThreadRole(p, t, role);
        return t;
    }
    struct Lane
    {
        std::uint32_t process = 0;
        std::uint32_t thread = 0;
    };

    void deviceLanes()
    {
        std::map<std::pair<qint64, qint64>, Lane> streams;
        const StringId empty;
        for (const DbTaskRow& r : m_device.tasks) {
            auto it = streams.find({ r.deviceId, r.streamId });
            if (it == streams.end()) {
                const std::uint32_t p = process(devicePid(r.deviceId, Hardware), "Ascend Hardware", "NPU",
                                                     deviceSortIndex(r.deviceId, 10));
                it = streams.emplace(std::pair { r.deviceId, r.streamId },
                                 Lane { p, thread(p, r.streamId, "Stream " + QByteArray::number(r.streamId), LaneRole::DeviceTasks) })
                         .first;
            }
            const DbComputeInfo* compute = r.compute;
            StringId name, taskType;
            std::string_view hardwareType = m_ctx.str(r.taskType);
            if (compute) {
                name = internId(compute->name);
                // The Accelerator Core (AI_CORE, AI_VECTOR_CORE, ...) is the Task Type
                // the overview classifies by; Level0 writes N/A there, and the
                // hardware type (KERNEL_AIVEC, ...) still says it is a kernel.
                const std::string_view core = m_ctx.str(compute->coreType);
                // (Interned by id: the pool gives the same id for the same text.)
                taskType = internId(core.empty() || core == "N/A" ? r.taskType : compute->coreType);
            } else {
                const auto schedule = m_device.scheduleTaskName.find(r.globalTaskId);
                name = internId(schedule != m_device.scheduleTaskName.end() ? schedule->second : r.taskType);
                taskType = internId(r.taskType);
            }
            m_builder.addSlice(it->second.process, it->second.thread, r.startNs, spanNs(r.startNs, r.endNs), name, empty,
                args(DbArgsKind::Task, r.rowId), taskType);
            m_taskSlices.push_back({ r.connectionId, r.startNs, it->second, compute != nullptr,
                hardwareType == "MEMCPY_ASYNC" });
        }
        m_ctx.count(QStringLiteral("TASK container rows dropped"), m_device.containerRows);
    }

    void communicationLanes()
    {
        // Groups numbered by their name's string id, as MindStudio Insight does.
        std::map<qint64, int> groupIndex;
        for (const DbCommOp& op : m_device.commOps)
            groupIndex.emplace(op.groupName, 0);
        for (const DbCommTaskInfo& info : m_device.commTasks)
            if (info.planeId != kDbNone32)
                groupIndex.emplace(info.groupName, 0);
        int next = 0;
        for (auto& [id, index] : groupIndex)
            index = next++;
        const bool oneGroup = groupIndex.size() <= 1;
        std::map<std::pair<qint64, int>, Lane> opLanes;
        auto opLane = [&](qint64 deviceId, int group) {
            auto it = opLanes.find({ deviceId, group });
            if (it == opLanes.end()) {
                const std::uint32_t p = process(devicePid(deviceId, Hccl), "HCCL", "NPU", deviceSortIndex(deviceId, 11));
                const QByteArray name = "Group " + QByteArray::number(group) + " Communication";
                it = opLanes.emplace(std::pair { deviceId, group }, Lane { p, thread(p, qint64(group) * 1000, name, LaneRole::CommunicationOps) }).first;
            }
            return it->second;
        };
        for (const DbCommOp& op : m_device.commOps) {
            const Lane lane = opLane(op.deviceId, groupIndex[op.groupName]);
            m_builder.addSlice(lane.process, lane.thread, op.startNs, spanNs(op.startNs, op.endNs), internId(op.opName), {},
                args(DbArgsKind::CommOp, op.rowId));
            m_commOpSlices.push_back({ op.connectionId, op.startNs, lane, false, false });
        }
        // Plane lanes: the ops' small tasks; Level0 writes placeholders (plane 4294967295), shown nowhere.
        std::map<std::tuple<qint64, int, qint64>, Lane> planes;
        qint64 planeTasks = 0;
        for (const DbTaskRow& r : m_device.tasks) {
            if (!r.comm || r.comm->planeId == kDbNone32 || r.comm->planeId < 0)
                continue;
            const DbCommTaskInfo& c = *r.comm;
            const int group = groupIndex[c.groupName];
            auto lane = planes.find({ r.deviceId, group, c.planeId });
            if (lane == planes.end()) {
                const std::uint32_t p = process(devicePid(r.deviceId, Hccl), "HCCL", "NPU", deviceSortIndex(r.deviceId, 11));
                const QByteArray name = (oneGroup ? QByteArray() : "Group " + QByteArray::number(group) + ' ')
                    + "Plane " + QByteArray::number(c.planeId);
                lane = planes.emplace(std::tuple { r.deviceId, group, c.planeId },
                                 Lane { p, thread(p, qint64(group) * 1000 + 1 + c.planeId, name, LaneRole::CommunicationTasks) })
                           .first;
            }
            m_builder.addSlice(lane->second.process, lane->second.thread, r.startNs, spanNs(r.startNs, r.endNs), internId(c.taskType),
                {}, args(DbArgsKind::PlaneTask, r.rowId));
            ++planeTasks;
        }
        if (planeTasks == 0 && !m_device.commTasks.empty())
            m_ctx.warn(Tr::tr("COMMUNICATION_TASK_INFO holds only placeholders (Level0 capture): no Plane lanes"));
    }

    void cannLanes()
    {
        const QString table = QStringLiteral("CANN_API");
        if (!m_ctx.db.hasTable(table))
            return;
        std::unordered_map<qint64, Lane> lanes;
        std::unordered_map<qint64, StringId> names; // (type << 32 | name) -> "Level@name"
        // The kernel table's step launches come from this pass (one read of CANN_API).
        const bool launches = m_stepLaunches && !m_device.steps.empty();
        const qint64 nodeType = launches ? dbNodeApiType(m_ctx) : -1;
        const QByteArray columns = m_ctx.select(table, { "startNs", "endNs", "type", "globalTid", "connectionId", "name" }) + ", rowid";
        // connectionId: NULL told apart (a step launch without one is keyed 0).
        constexpr qint64 kNull = std::numeric_limits<qint64>::min();
        const std::vector<qint64> fallbacks { 0, 0, 0, 0, kNull, kDbNone32, 0 };
        m_ctx.count(table, m_ctx.scanEachIntegerRow(table, columns, "FROM CANN_API", fallbacks, [&](const qint64* v) {
            const TimeNs start = v[0], rawEnd = v[1], end = std::max(rawEnd, start);
            const qint64 type = v[2], globalTid = v[3], connectionId = v[4] == kNull ? kDbNone32 : v[4];
            const qint64 nameId = v[5];
            if (launches && type == nodeType)
                if (const std::optional<int> s = dbStepOfLaunch(m_device, start, rawEnd))
                    m_stepLaunches->emplace(v[4] == kNull ? 0 : connectionId, *s);
            auto lane = lanes.find(globalTid);
            if (lane == lanes.end()) {
                const qint64 pid = globalTid >> 32, tid = globalTid & 0xffffffffLL;
                const std::uint32_t p = process(cannPid(pid), "CANN", "CPU", 1);
                lane = lanes.emplace(globalTid, Lane { p, thread(p, tid, "Thread " + QByteArray::number(tid), LaneRole::HostApi) }).first;
            }
            const qint64 nameKey = (type << 32) ^ nameId;
            auto name = names.find(nameKey);
            if (name == names.end()) {
                const std::string_view api = m_ctx.str(nameId);
                const QByteArray label = apiLevelLabel(m_ctx.enumName("ENUM_API_TYPE", type)) + '@'
                    + QByteArray(api.data(), qsizetype(api.size()));
                name = names.emplace(nameKey, intern(std::string_view(label.constData(), std::size_t(label.size())))).first;
            }
            m_builder.addSlice(lane->second.process, lane->second.thread, start, spanNs(start, end), name->second, {},
                args(DbArgsKind::CannApi, v[6]));
            m_cannByConnection.push_back({ connectionId, HostPoint { start, lane->second } });
        }));
    }

    void frameworkLanes()
    {
        const QString table = QStringLiteral("PYTORCH_API");
        if (!m_ctx.db.hasTable(table))
            return;
        const StringId cpuOp = intern("cpu_op"), enqueue = intern("enqueue"), dequeue = intern("dequeue"),
                       python = intern("python_function"), mstx = intern("mstx");
        std::unordered_map<qint64, Lane> lanes;
        // The times are TEXT (19-digit strings): read as integers exactly (castInteger).
        const QString start = m_ctx.db.column(table, QStringLiteral("startNs")), end = m_ctx.db.column(table, QStringLiteral("endNs"));
        if (start.isEmpty() || end.isEmpty()) {
            m_ctx.fail(table, Tr::tr("no startNs / endNs column: the framework ops cannot be read"));
            return;
        }
        const QByteArray columns = quoteIdentifier(start) + ", " + quoteIdentifier(end) + ", "
            + m_ctx.select(table, { "globalTid", "connectionId", "name", "type" })
            + ", rowid"; // the op's args are read when shown (DbArgsSource)
        m_ctx.count(table, m_ctx.scanEachRow(table, columns, "FROM PYTORCH_API", [&](const SqlValues& q) {
            const TimeNs start = q.castInteger(0), end = std::max(q.castInteger(1), start);
            const qint64 globalTid = q.int64(2, 0);
            auto lane = lanes.find(globalTid);
            if (lane == lanes.end()) {
                const qint64 pid = globalTid >> 32, tid = globalTid & 0xffffffffLL;
                const std::uint32_t p = process(pid, "Python", "CPU", 0);
                lane = lanes.emplace(globalTid, Lane { p, thread(p, tid, "Thread " + QByteArray::number(tid), LaneRole::HostOps) }).first;
            }
            const qint64 nameId = q.int64(4, kDbNone32);
            const std::string_view name = m_ctx.str(nameId);
            // Before 2024-08 there is no type column: the queue events go by their names.
            const qint64 type = q.isNull(5)
                ? (name.starts_with("Enqueue") || name.starts_with("Dequeue") ? 50002 : 50001)
                : q.int64(5);
            StringId category = cpuOp;
            if (type == 50002)
                category = name.starts_with("Dequeue") ? dequeue : enqueue;
            else if (type == 50003)
                category = python;
            else if (type == 50004)
                category = mstx;
            const ArgsRef opArgs = type == 50001 ? args(DbArgsKind::Framework, q.int64(6)) : ArgsRef {};
            m_builder.addSlice(lane->second.process, lane->second.thread, start, spanNs(start, end), internId(nameId), category, opArgs);
            if (!q.isNull(3))
                m_framework.push_back({ q.int64(3), start, lane->second, type, name.starts_with("Enqueue") });
        }));
    }

    void mstxLanes()
    {
        const QString table = QStringLiteral("MSTX_EVENTS");
        if (!m_ctx.db.hasTable(table))
            return;
        std::unordered_map<qint64, Lane> lanes;
        const StringId category = intern("mstx");
        const QByteArray columns = m_ctx.select(table, { "startNs", "endNs", "globalTid", "message" });
        m_ctx.count(table, m_ctx.scanEachRow(table, columns, "FROM MSTX_EVENTS", [&](const SqlValues& q) {
            const TimeNs start = q.int64(0), end = std::max(q.int64(1, start), start);
            const qint64 globalTid = q.int64(2, 0);
            auto lane = lanes.find(globalTid);
            if (lane == lanes.end()) {
                const qint64 pid = globalTid >> 32, tid = globalTid & 0xffffffffLL;
                const std::uint32_t p = process(mstxPid(pid), "MsTx", "CPU", 2);
                lane = lanes.emplace(globalTid, Lane { p, thread(p, tid, "Thread " + QByteArray::number(tid), LaneRole::HostOps) }).first;
            }
            const StringId name = internId(q.int64(3, kDbNone32));
            if (end == start)
                m_builder.addInstant(lane->second.process, lane->second.thread, start, name, category, {});
            else
                m_builder.addSlice(lane->second.process, lane->second.thread, start, spanNs(start, end), name, category, {});
        }));
    }

    void flows()
    {
        using Phase = TraceBuilder::FlowPhase;
        const StringId hostToDevice = intern("HostToDevice"), asyncNpu = intern("async_npu"),
                       taskQueue = intern("async_task_queue"), fwdBwd = intern("fwdbwd");
        m_builder.setFlowCategoryRole(hostToDevice, FlowRole::Launch);
        m_builder.setFlowCategoryRole(asyncNpu, FlowRole::Launch);
        // Device targets by connection id: compute tasks, MEMCPY_ASYNC tasks and
        // communication ops (the text rule: 210 starts / 215 finishes on the fixtures).
        // Sorted (id, target) pairs instead of a map of vectors: one allocation.
        struct Target
        {
            qint64 connectionId;
            const DeviceSlice* slice;
            bool launched;
        };
        std::vector<Target> targets;
        targets.reserve(m_taskSlices.size() + m_commOpSlices.size());
        for (const DeviceSlice& d : m_taskSlices)
            if ((d.compute || d.memcpy) && d.connectionId != kDbNone32)
                targets.push_back({ d.connectionId, &d, d.compute });
        for (const DeviceSlice& d : m_commOpSlices)
            if (d.connectionId != kDbNone32)
                targets.push_back({ d.connectionId, &d, true });
        const auto byConnectionId = [](const auto& a, const auto& b) { return a.first < b.first; };
        stableSortRuns(targets.begin(), targets.end(),
            [](const Target& a, const Target& b) { return a.connectionId < b.connectionId; });
        // The first CANN_API row of a connection id launches it.
        if (!std::is_sorted(m_cannByConnection.begin(), m_cannByConnection.end(), byConnectionId))
            std::stable_sort(m_cannByConnection.begin(), m_cannByConnection.end(), byConnectionId);
        // compute / comm op: async_npu ends at the earliest launched target of a connection id
        std::vector<std::pair<qint64, const DeviceSlice*>> firstLaunched;
        std::size_t flowPoints = 0;
        for (std::size_t i = 0; i < targets.size();) {
            std::size_t end = i;
            const DeviceSlice* first = nullptr;
            while (end < targets.size() && targets[end].connectionId == targets[i].connectionId) {
                if (targets[end].launched && (!first || targets[end].slice->startNs < first->startNs))
                    first = targets[end].slice;
                ++end;
            }
            if (first)
                firstLaunched.push_back({ targets[i].connectionId, first });
            flowPoints += end - i + 1;
            i = end;
        }
        m_builder.reserveFlowPoints(flowPoints + 2 * m_framework.size());
        for (std::size_t i = 0; i < targets.size();) {
            const qint64 connectionId = targets[i].connectionId;
            std::size_t end = i;
            while (end < targets.size() && targets[end].connectionId == connectionId)
                ++end;
            const auto host = std::lower_bound(m_cannByConnection.begin(), m_cannByConnection.end(),
                std::pair<qint64, HostPoint> { connectionId, {} }, byConnectionId);
            if (host != m_cannByConnection.end() && host->first == connectionId) {
                const auto id = std::uint64_t(connectionId);
                m_builder.addFlowPoint(Phase::Start, host->second.lane.process, host->second.lane.thread,
                    host->second.startNs, hostToDevice, {}, id, {}, true);
                for (std::size_t j = i; j < end; ++j) {
                    const DeviceSlice* d = targets[j].slice;
                    m_builder.addFlowPoint(Phase::Finish, d->lane.process, d->lane.thread, d->startNs, hostToDevice, {}, id, {}, true);
                }
            }
            i = end;
        }
        // Framework links: PYTORCH_API.connectionId indexes CONNECTION_IDS,
        // which expands to one or more connection ids; what an id joins says
        // which kind of arrow it is (torch_npu offsets its own ids only since 2025-08).
        const QString table = QStringLiteral("CONNECTION_IDS");
        if (m_framework.empty() || !m_ctx.db.hasTable(table))
            return;
        // CONNECTION_IDS row -> framework rows of its index; grouped by
        // connection id as (id, row) pairs in the order they were met.
        std::vector<std::pair<qint64, const FrameworkRow*>> byIndex;
        byIndex.reserve(m_framework.size());
        for (const FrameworkRow& f : m_framework)
            byIndex.push_back({ f.connectionIndex, &f });
        stableSortRuns(byIndex.begin(), byIndex.end(), byConnectionId);
        std::vector<std::pair<qint64, const FrameworkRow*>> links;
        links.reserve(m_framework.size());
        const std::vector<qint64> fallbacks { -1, -1 };
        m_ctx.count(table, m_ctx.scanEachIntegerRow(table, m_ctx.select(table, { "id", "connectionId" }), "FROM CONNECTION_IDS", fallbacks, [&](const qint64* v) {
            const qint64 index = v[0];
            auto it = std::lower_bound(byIndex.begin(), byIndex.end(), std::pair<qint64, const FrameworkRow*> { index, nullptr }, byConnectionId);
            const qint64 connectionId = v[1];
            for (; it != byIndex.end() && it->first == index; ++it)
                links.push_back({ connectionId, it->second });
        }));
        stableSortRuns(links.begin(), links.end(), byConnectionId);
        std::vector<const FrameworkRow*> rows;
        for (std::size_t i = 0; i < links.size();) {
            const qint64 connectionId = links[i].first;
            rows.clear();
            for (; i < links.size() && links[i].first == connectionId; ++i)
                rows.push_back(links[i].second);
            const auto id = std::uint64_t(connectionId);
            stableSortRuns(rows.begin(), rows.end(), [](const FrameworkRow* a, const FrameworkRow* b) { return a->startNs < b->startNs; });
            if (const auto device = std::lower_bound(firstLaunched.begin(), firstLaunched.end(),
                    std::pair<qint64, const DeviceSlice*> { connectionId, nullptr }, byConnectionId);
                device != firstLaunched.end() && device->first == connectionId) {
                for (const FrameworkRow* r : rows) {
                    if (r->type != 50001)
                        continue;
                    m_builder.addFlowPoint(Phase::Start, r->lane.process, r->lane.thread, r->startNs, asyncNpu, {}, id, {}, true);
                    m_builder.addFlowPoint(Phase::Finish, device->second->lane.process, device->second->lane.thread,
                        device->second->startNs, asyncNpu, {}, id, {}, true);
                }
                continue;
            }
            const bool queue = std::any_of(rows.begin(), rows.end(), [](const FrameworkRow* r) { return r->type == 50002; });
            if (queue) {
                for (const FrameworkRow* r : rows)
                    if (r->type == 50002)
                        m_builder.addFlowPoint(r->enqueue ? Phase::Start : Phase::Finish, r->lane.process, r->lane.thread,
                            r->startNs, taskQueue, {}, id, {}, true);
                continue;
            }
            if (rows.size() >= 2) { // forward op -> backward op
                for (std::size_t j = 0; j < rows.size(); ++j)
                    m_builder.addFlowPoint(j == 0 ? Phase::Start : Phase::Finish, rows[j]->lane.process, rows[j]->lane.thread,
                        rows[j]->startNs, fwdBwd, {}, id, {}, true);
            }
        }
    }

    void counters()
    {
        const QString freqTable = QStringLiteral("AICORE_FREQ");
        if (m_ctx.db.hasTable(freqTable)) {
            const StringId name = intern("AI Core Freq"), key = intern("MHz");
            m_ctx.count(freqTable, m_ctx.forEachRow(freqTable,
                "SELECT " + m_ctx.select(freqTable, { "deviceId", "timestampNs", "freq" }) + " FROM AICORE_FREQ",
                [&](SqlQuery& q) {
                    const std::uint32_t p = process(devicePid(q.int64(0, 0), Freq), "AI Core Freq", "NPU", deviceSortIndex(q.int64(0, 0), 12));
                    m_builder.addCounter(p, name, key, q.int64(1), q.real(2));
                }));
        }
        const QString memTable = QStringLiteral("NPU_MEM");
        if (m_ctx.db.hasTable(memTable)) {
            const StringId key = intern("KB");
            m_ctx.count(memTable, m_ctx.forEachRow(memTable,
                "SELECT " + m_ctx.select(memTable, { "type", "ddr", "hbm", "timestampNs", "deviceId" }) + " FROM NPU_MEM",
                [&](SqlQuery& q) {
                    const std::string_view type = m_ctx.str(q.int64(0, kDbNone32));
                    const QByteArray prefix = type == "app" ? "APP/" : "Device/";
                    const std::uint32_t p = process(devicePid(q.int64(4, 0), NpuMem), "NPU MEM", "NPU", deviceSortIndex(q.int64(4, 0), 13));
                    const double ddrKB = q.real(1) / 1024.0, hbmKB = q.real(2) / 1024.0;
                    const TimeNs ts = q.int64(3);
                    const std::string base = prefix.toStdString();
                    m_builder.addCounter(p, intern(base + "DDR"), key, ts, ddrKB);
                    m_builder.addCounter(p, intern(base + "HBM"), key, ts, hbmKB);
                    m_builder.addCounter(p, intern(base + "Memory"), key, ts, ddrKB + hbmKB);
                }));
        }
    }

    // HBM and LLC bandwidth as trace_view.json names them ("HBM 0/Read",
    // "LLC 0 Read/Throughput"), in MB/s (bytes / 2^20); the LLC hit rate as
    // the database stores it (percent, 0-100; the text trace shows a 0-1 fraction).
    void bandwidthCounters()
    {
        const QString hbmTable = QStringLiteral("HBM");
        if (m_ctx.db.hasTable(hbmTable)) {
            std::map<std::pair<qint64, qint64>, std::pair<StringId, StringId>> names; // (hbm, type) -> (name, key)
            m_ctx.count(hbmTable, m_ctx.forEachRow(hbmTable,
                "SELECT " + m_ctx.select(hbmTable, { "deviceId", "timestampNs", "bandwidth", "hbmId", "type" }) + " FROM HBM",
                [&](SqlQuery& q) {
                    const qint64 device = q.int64(0, 0), hbm = q.int64(3, 0), type = q.int64(4, kDbNone32);
                    auto it = names.find({ hbm, type });
                    if (it == names.end()) {
                        const std::string dir = m_ctx.str(type) == "write" ? "Write" : "Read";
                        it = names.emplace(std::pair { hbm, type },
                                      std::pair { intern("HBM " + std::to_string(hbm) + "/" + dir), intern(dir + "(MB/s)") })
                                 .first;
                    }
                    const std::uint32_t p = process(devicePid(device, Hbm), "HBM", "NPU", deviceSortIndex(device, 15));
                    m_builder.addCounter(p, it->second.first, it->second.second, q.int64(1), q.real(2) / 1048576.0);
                }));
        }
        const QString llcTable = QStringLiteral("LLC");
        if (m_ctx.db.hasTable(llcTable)) {
            const StringId throughputKey = intern("Throughput(MB/s)"), hitKey = intern("Hit Rate(%)");
            std::map<std::pair<qint64, qint64>, std::pair<StringId, StringId>> names; // (llc, mode) -> (throughput, hit rate)
            m_ctx.count(llcTable, m_ctx.forEachRow(llcTable,
                "SELECT " + m_ctx.select(llcTable, { "deviceId", "llcId", "timestampNs", "hitRate", "throughput", "mode" }) + " FROM LLC",
                [&](SqlQuery& q) {
                    const qint64 device = q.int64(0, 0), llc = q.int64(1, 0), mode = q.int64(5, kDbNone32);
                    auto it = names.find({ llc, mode });
                    if (it == names.end()) {
                        const std::string base = "LLC " + std::to_string(llc) + (m_ctx.str(mode) == "write" ? " Write" : " Read");
                        it = names.emplace(std::pair { llc, mode },
                                      std::pair { intern(base + "/Throughput"), intern(base + "/Hit Rate") })
                                 .first;
                    }
                    const std::uint32_t p = process(devicePid(device, Llc), "LLC", "NPU", deviceSortIndex(device, 16));
                    m_builder.addCounter(p, it->second.first, throughputKey, q.int64(2), q.real(4) / 1048576.0);
                    m_builder.addCounter(p, it->second.second, hitKey, q.int64(2), q.real(3));
                }));
        }
    }

    // Accelerator PMU and SoC bandwidth levels: unitless levels, one series per
    // column (per accelerator for ACC_PMU), as the text trace's "Acc PMU" and
    // "Stars Soc Info" counters.
    void levelCounters()
    {
        const QString accTable = QStringLiteral("ACC_PMU");
        if (m_ctx.db.hasTable(accTable)) {
            static constexpr const char* kColumns[] = { "read_bandwidth", "write_bandwidth", "read_ost", "write_ost" };
            const StringId key = intern("value");
            std::map<std::pair<qint64, int>, StringId> names;
            m_ctx.count(accTable, m_ctx.forEachRow(accTable,
                "SELECT " + m_ctx.select(accTable, { "deviceId", "timestampNs", "accId", "readBwLevel", "writeBwLevel", "readOstLevel", "writeOstLevel" })
                    + " FROM ACC_PMU",
                [&](SqlQuery& q) {
                    const qint64 device = q.int64(0, 0), acc = q.int64(2, 0);
                    const std::uint32_t p = process(devicePid(device, Acc), "Acc PMU", "NPU", deviceSortIndex(device, 17));
                    for (int c = 0; c < 4; ++c) {
                        auto [it, inserted] = names.try_emplace({ acc, c });
                        if (inserted)
                            it->second = intern("Acc " + std::to_string(acc) + "/" + kColumns[c]);
                        m_builder.addCounter(p, it->second, key, q.int64(1), q.real(3 + c));
                    }
                }));
        }
        const QString socTable = QStringLiteral("SOC_BANDWIDTH_LEVEL");
        if (m_ctx.db.hasTable(socTable)) {
            const StringId l2 = intern("L2 Buffer Bw Level"), mata = intern("Mata Bw Level");
            m_ctx.count(socTable, m_ctx.forEachRow(socTable,
                "SELECT " + m_ctx.select(socTable, { "deviceId", "timestampNs", "l2BufferBwLevel", "mataBwLevel" }) + " FROM SOC_BANDWIDTH_LEVEL",
                [&](SqlQuery& q) {
                    const qint64 device = q.int64(0, 0);
                    const std::uint32_t p = process(devicePid(device, Soc), "Stars Soc Info", "NPU", deviceSortIndex(device, 18));
                    m_builder.addCounter(p, l2, l2, q.int64(1), q.real(2));
                    m_builder.addCounter(p, mata, mata, q.int64(1), q.real(3));
                }));
        }
    }

    // The Overlap Analysis lanes, computed as torch_npu computes them
    // (db-format.md 2.6a) unless msprof wrote its own (not MindStudio Insight's copy).
    void overlapLanes()
    {
        std::map<qint64, std::pair<std::vector<TimeRange>, std::vector<TimeRange>>> perDevice;
        for (const DbTaskRow& r : m_device.tasks)
            if (r.compute)
                perDevice[r.deviceId].first.push_back({ r.startNs, r.endNs });
        for (const DbCommOp& op : m_device.commOps)
            perDevice[op.deviceId].second.push_back({ op.startNs, op.endNs });
        for (auto& [deviceId, intervals] : perDevice) {
            const IntervalSet compute = IntervalSet::fromUnsorted(std::move(intervals.first));
            const IntervalSet comm = IntervalSet::fromUnsorted(std::move(intervals.second));
            const IntervalSet busy = compute.unite(comm);
            const IntervalSet free = IntervalSet::fromUnsorted({ busy.bounds() }).subtract(busy);
            const std::uint32_t p = process(devicePid(deviceId, Overlap), "Overlap Analysis", "NPU", deviceSortIndex(deviceId, 14));
            const std::pair<const char*, const IntervalSet*> lanes[] = { { "Computing", &compute },
                { "Communication", &comm }, { "Communication(Not Overlapped)", nullptr }, { "Free", &free } };
            const IntervalSet commOnly = comm.subtract(compute);
            for (int i = 0; i < 4; ++i) {
                const std::uint32_t t = thread(p, i, lanes[i].first, LaneRole::OverlapAnalysis);
                const StringId name = intern(lanes[i].first);
                for (const TimeRange& r : (lanes[i].second ? *lanes[i].second : commOnly).ranges())
                    m_builder.addSlice(p, t, r.startNs, r.durationNs(), name, {}, {});
            }
        }
    }

    struct DeviceSlice
    {
        qint64 connectionId;
        TimeNs startNs;
        Lane lane;
        bool compute;
        bool memcpy;
    };
    struct HostPoint
    {
        TimeNs startNs;
        Lane lane;
    };
    struct FrameworkRow
    {
        qint64 connectionIndex;
        TimeNs startNs;
        Lane lane;
        qint64 type;
        bool enqueue;
    };

    DbContext& m_ctx;
    const DbDeviceData& m_device;
    DbStepLaunches* m_stepLaunches; // gathered in cannLanes() when asked for
    TraceBuilder m_builder;
    std::uint32_t m_fileIndex;
    DbStringCache m_interned; // STRING_IDS id -> pool id
    std::unordered_map<qint64, std::uint32_t> m_processes; // pid -> builder process
    std::vector<DeviceSlice> m_taskSlices;
    std::vector<DeviceSlice> m_commOpSlices;
    // (connection id, launch) in CANN_API order: the table's key is
    // connectionId, so a scan comes sorted (sorted in flows() otherwise).
    std::vector<std::pair<qint64, HostPoint>> m_cannByConnection;
    std::vector<FrameworkRow> m_framework;
};

} // namespace

void importDbTimeline(DbContext& ctx, const DbDeviceData& device, RankData& rank, std::optional<TimeRange> windowNs,
    DbStepLaunches* stepLaunches)
{
    TimelineImport import(ctx, device, windowNs, stepLaunches);
    rank.trace = import.run();
}

} // namespace profscope
