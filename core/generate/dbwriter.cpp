// SPDX-License-Identifier: Apache-2.0
// The unified profiler DB of one generated rank. Every slice of the rank's
// trace_view.json that the profiler takes from CANN or the framework is a row
// here (the Overlap Analysis lanes are derived, readers compute them):
//   Python thread     -> PYTORCH_API (+ STEP_TIME, CONNECTION_IDS for async_npu)
//   CANN thread       -> CANN_API: the acl / hccl API under its text name and,
//                        for kernels and HCCL ops, a node-level `launch` whose
//                        connectionId is the one of the launched work
//   Ascend Hardware   -> TASK (+ COMPUTE_TASK_INFO for kernels); MIX kernels
//                        also get the FFTS+ container row real DBs have
//   HCCL group lanes  -> COMMUNICATION_OP; Plane lanes -> COMMUNICATION_TASK_INFO
//   (no text twin)    -> QOS, DDR, PCIE, HCCS, NIC, NPU_OP_MEM (dbwritersystem.cpp)
// Column lists and types are the ones of the torch_npu fixtures (schema 1.0.0).
#include "dbwriter.h"

#include "dbwritersystem.h"
#include "sqlitefile.h"
#include "textexport.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace profscope::gen {

namespace {

constexpr qint64 kNone = 4294967295LL; // UINT32_MAX: no context / model / plane / rank
// Who created a string, by id range (torch_npu's Str2IdManager ranges).
constexpr qint64 kFrameworkStringBase = qint64(1) << 28;
constexpr qint64 kMemoryStringBase = qint64(2) << 28;

// ENUM_API_TYPE ids of the fixtures.
constexpr int kApiHccl = 5500;
constexpr int kApiNode = 10000;
constexpr int kApiAcl = 20000;
constexpr int kApiOp = 50001;
// ENUM_HCCL_* ids of the fixtures.
constexpr int kDataFp16 = 3;
constexpr int kDataFp32 = 4;
constexpr int kTransportSdma = 0;
constexpr int kTransportRdma = 1;
constexpr int kLinkHccs = 1;
constexpr int kLinkRoce = 3;
constexpr int kRdmaSendPayload = 1;
constexpr int kInvalidType = 65535;
constexpr qint64 kStreamPtr = 187650000000000LL; // the memory_record.csv Stream Ptr

// The CREATE statements of the fixtures, verbatim: readers probe columns by
// name, but identical declarations keep the type affinities identical too.
constexpr const char* kSchema[] = {
    "CREATE TABLE STRING_IDS (id INTEGER PRIMARY KEY,value TEXT)",
    "CREATE TABLE META_DATA (name TEXT,value TEXT)",
    "CREATE TABLE SESSION_TIME_INFO (startTimeNs INTEGER,endTimeNs INTEGER)",
    "CREATE TABLE NPU_INFO (id INTEGER,name TEXT)",
    "CREATE TABLE HOST_INFO (hostUid TEXT,hostName TEXT)",
    "CREATE TABLE RANK_DEVICE_MAP (rankId INTEGER, deviceId INTEGER)",
    "CREATE TABLE ENUM_API_TYPE (id INTEGER PRIMARY KEY,name TEXT)",
    "CREATE TABLE ENUM_HCCL_TRANSPORT_TYPE (id INTEGER PRIMARY KEY,name TEXT)",
    "CREATE TABLE ENUM_HCCL_DATA_TYPE (id INTEGER PRIMARY KEY,name TEXT)",
    "CREATE TABLE ENUM_HCCL_LINK_TYPE (id INTEGER PRIMARY KEY,name TEXT)",
    "CREATE TABLE ENUM_HCCL_RDMA_TYPE (id INTEGER PRIMARY KEY,name TEXT)",
    "CREATE TABLE ENUM_MSTX_EVENT_TYPE (id INTEGER PRIMARY KEY,name TEXT)",
    "CREATE TABLE TASK (startNs INTEGER,endNs INTEGER,deviceId INTEGER,connectionId INTEGER,globalTaskId "
    "INTEGER,globalPid INTEGER,taskType INTEGER,contextId INTEGER,streamId INTEGER,taskId INTEGER,modelId INTEGER)",
    "CREATE TABLE COMPUTE_TASK_INFO (name INTEGER,globalTaskId INTEGER PRIMARY KEY,blockDim INTEGER,mixBlockDim "
    "INTEGER,taskType INTEGER,opType INTEGER,inputFormats INTEGER,inputDataTypes INTEGER,inputShapes "
    "INTEGER,outputFormats INTEGER,outputDataTypes INTEGER,outputShapes INTEGER,attrInfo INTEGER)",
    "CREATE TABLE TASK_PMU_INFO (globalTaskId INTEGER,name INTEGER,value NUMERIC)",
    "CREATE TABLE COMMUNICATION_OP (opName INTEGER,startNs INTEGER,endNs INTEGER,connectionId INTEGER,groupName "
    "INTEGER,opId INTEGER PRIMARY KEY,relay INTEGER,retry INTEGER,dataType INTEGER,algType INTEGER,count "
    "NUMERIC,opType INTEGER)",
    "CREATE TABLE COMMUNICATION_TASK_INFO (name INTEGER,globalTaskId INTEGER,taskType INTEGER,planeId "
    "INTEGER,groupName INTEGER,notifyId INTEGER,rdmaType INTEGER,srcRank INTEGER,dstRank INTEGER,transportType "
    "INTEGER,size INTEGER,dataType INTEGER,linkType INTEGER,opId INTEGER)",
    "CREATE TABLE CANN_API (startNs INTEGER,endNs INTEGER,type INTEGER,globalTid INTEGER,connectionId INTEGER "
    "PRIMARY KEY,name INTEGER)",
    "CREATE TABLE PYTORCH_API (startNs TEXT, endNs TEXT, globalTid INTEGER, connectionId INTEGER, name INTEGER, "
    "sequenceNumber INTEGER, fwdThreadId INTEGER, inputDtypes INTEGER, inputShapes INTEGER, callchainId INTEGER, "
    "type INTEGER)",
    "CREATE TABLE PYTORCH_CALLCHAINS (id INTEGER, stack INTEGER, stackDepth INTEGER)",
    "CREATE TABLE CONNECTION_IDS (id INTEGER, connectionId INTEGER)",
    "CREATE TABLE STEP_TIME (id INTEGER, startNs INTEGER, endNs INTEGER)",
    "CREATE TABLE MEMORY_RECORD (component INTEGER, timestamp INTEGER, totalAllocated INTEGER, totalReserved "
    "INTEGER, totalActive INTEGER, streamPtr INTEGER, deviceId INTEGER)",
    "CREATE TABLE NPU_MEM (type INTEGER,ddr NUMERIC,hbm NUMERIC,timestampNs INTEGER,deviceId INTEGER)",
};

struct EnumRow
{
    int id;
    const char* name;
};
constexpr EnumRow kApiTypes[] = { { 5000, "runtime" }, { 5500, "hccl" }, { 10000, "node" }, { 15000, "model" },
    { 20000, "acl" }, { 50001, "op" }, { 50002, "queue" }, { 50003, "trace" }, { 50004, "mstx" } };
constexpr EnumRow kTransportTypes[] = { { 0, "SDMA" }, { 1, "RDMA" }, { 2, "LOCAL" }, { 65534, "N/A" },
    { 65535, "INVALID_TYPE" } };
constexpr EnumRow kDataTypes[] = { { 0, "INT8" }, { 1, "INT16" }, { 2, "INT32" }, { 3, "FP16" }, { 4, "FP32" },
    { 5, "INT64" }, { 6, "UINT64" }, { 7, "UINT8" }, { 8, "UINT16" }, { 9, "UINT32" }, { 10, "FP64" }, { 11, "BFP16" },
    { 12, "INT128" }, { 65534, "N/A" }, { 65535, "INVALID_TYPE" } };
constexpr EnumRow kLinkTypes[] = { { 0, "ON_CHIP" }, { 1, "HCCS" }, { 2, "PCIE" }, { 3, "ROCE" }, { 4, "SIO" },
    { 5, "HCCS_SW" }, { 6, "STANDARD_ROCE" }, { 7, "RESERVED" }, { 65534, "N/A" }, { 65535, "INVALID_TYPE" } };
constexpr EnumRow kRdmaTypes[] = { { 0, "RDMA_SEND_NOTIFY" }, { 1, "RDMA_SEND_PAYLOAD" }, { 2, "RDMA_PAYLOAD_PREPARE" },
    { 3, "RDMA_PAYLOAD_CHECK" }, { 4, "RDMA_PAYLOAD_ACK" }, { 5, "RDMA_SEND_OP" }, { 65534, "N/A" },
    { 65535, "INVALID_TYPE" } };
constexpr EnumRow kMstxEventTypes[] = { { 0, "marker" }, { 1, "push/pop" }, { 2, "start/end" }, { 3, "marker_ex" } };

// STRING_IDS, interned in first-use order per id range.
class StringIds
{
public:
    enum Range
    {
        Cann,
        Framework,
        Memory,
    };
    qint64 id(const QByteArray& value, Range range = Cann)
    {
        QHash<QByteArray, qint64>& ids = m_ids[std::size_t(range)];
        const auto found = ids.constFind(value);
        if (found != ids.cend())
            return *found;
        const qint64 base = range == Framework ? kFrameworkStringBase : range == Memory ? kMemoryStringBase : 0;
        const qint64 id = base + ids.size();
        ids.insert(value, id);
        m_rows.push_back({ id, value });
        return id;
    }
    // By id: appends to the rowid B-tree.
    std::vector<std::pair<qint64, QByteArray>> rows() const
    {
        std::vector<std::pair<qint64, QByteArray>> rows = m_rows;
        std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        return rows;
    }

private:
    std::array<QHash<QByteArray, qint64>, 3> m_ids;
    std::vector<std::pair<qint64, QByteArray>> m_rows;
};

struct TaskRow
{
    TimeNs startNs = 0;
    TimeNs endNs = 0;
    qint64 connectionId = kNone;
    qint64 taskType = 0; // STRING_IDS
    qint64 contextId = kNone;
    int streamId = 0;
    qint64 taskId = 0;
    const Kernel* compute = nullptr; // -> COMPUTE_TASK_INFO
    int commTask = -1; // -> COMMUNICATION_TASK_INFO (index into RankDb::m_commTasks)
};

struct CommTaskRow
{
    qint64 name = 0;
    qint64 taskType = 0;
    int planeId = 0;
    qint64 groupName = 0;
    qint64 notifyId = 0;
    int rdmaType = kInvalidType;
    qint64 srcRank = kNone;
    qint64 dstRank = kNone;
    int transportType = kTransportSdma;
    qint64 size = 0;
    int dataType = kDataFp32;
    int linkType = kLinkHccs;
    qint64 opId = 0;
};

struct CommOpRow
{
    QByteArray name;
    TimeNs startNs = 0;
    TimeNs endNs = 0;
    TimeNs arriveNs = 0;
    qint64 connectionId = 0;
    QString group;
    int dataType = kDataFp32;
    QByteArray algType;
    qint64 count = 0;
    QByteArray opType;
    bool waits = false; // a Notify Wait on the comm stream until arriveNs (all but sends)
    const StepRec* dataParallel = nullptr; // the step's AllReduce: one Memcpy per link, on the planes
};

struct ApiRow
{
    TimeNs startNs = 0;
    TimeNs endNs = 0;
    int type = 0;
    qint64 connectionId = 0;
    qint64 name = 0;
};

struct FrameworkRow
{
    TimeNs startNs = 0;
    TimeNs endNs = 0;
    qint64 name = 0;
    qint64 connectionIndex = -1; // CONNECTION_IDS.id; -1: NULL
    // The op's args (hostOpArgs), as STRING_IDS ids; -1: NULL.
    qint64 sequenceNumber = -1;
    qint64 inputDtypes = -1;
    qint64 inputShapes = -1;
    qint64 callchainId = -1;
};

qint64 bytesFromMB(double mb)
{
    return qint64(std::llround(mb * 1048576.0));
}

// Same on every machine and run (qHash is seeded): FNV-1a.
quint64 stableHash(const QByteArray& text)
{
    quint64 h = 1469598103934665603ULL;
    for (const char ch : text)
        h = (h ^ quint64(quint8(ch))) * 1099511628211ULL;
    return h;
}

// The hardware task type of a kernel on its accelerator core.
QByteArray hardwareTaskType(const QByteArray& core)
{
    if (core == "AI_VECTOR_CORE")
        return "KERNEL_AIVEC";
    if (core.startsWith("MIX"))
        return core;
    return "KERNEL_AICORE";
}

class RankDb
{
public:
    RankDb(const Cluster& c, const RankSim& rs)
        : m_c(c)
        , m_rs(rs)
        , m_globalTid((qint64(rs.pid) << 32) | rs.pid)
        , m_deviceId(deviceId(rs.rank))
    {
    }

    void collect();
    bool write(const QString& path, QString* error);

private:
    void collectCommOps();
    void collectTasks();
    void collectApis();
    void collectFramework();
    void writeSession(SqliteFile& db);
    void writeDevice(SqliteFile& db);
    void writeHost(SqliteFile& db);
    void writeSystem(SqliteFile& db);
    qint64 groupLocalRank(int rank) const;

    const Cluster& m_c;
    const RankSim& m_rs;
    const qint64 m_globalTid;
    const int m_deviceId;
    StringIds m_strings;
    std::vector<CommOpRow> m_commOps; // by start; opId = index + 1
    std::vector<TaskRow> m_tasks; // by start; globalTaskId = index
    std::vector<CommTaskRow> m_commTasks;
    std::vector<ApiRow> m_apis;
    std::vector<FrameworkRow> m_framework;
    struct CallchainRow
    {
        qint64 id;
        qint64 stack; // STRING_IDS: one frame
        qint64 depth;
    };
    std::vector<CallchainRow> m_callchains;
    std::vector<qint64> m_connectionIds; // CONNECTION_IDS: index -> CANN connection id
};

void RankDb::collect()
{
    collectCommOps();
    collectTasks();
    collectApis();
    collectFramework();
}

void RankDb::collectCommOps()
{
    for (const StepRec& st : m_rs.steps) {
        CommOpRow dp;
        dp.name = opName(m_c, kFirstStep + int(&st - m_rs.steps.data()));
        dp.startNs = st.commStartNs;
        dp.endNs = st.commEndNs;
        dp.arriveNs = st.arriveNs;
        dp.connectionId = st.hcomConnId;
        dp.group = dpGroupId(m_c, m_rs);
        dp.dataType = kDataFp32;
        dp.algType = "MESH-RING";
        dp.count = qint64(m_c.gradMB * 262144);
        dp.opType = "hcom_allReduce_";
        dp.waits = true;
        dp.dataParallel = &st;
        m_commOps.push_back(dp);
        for (const ExtraOp& x : st.extra) {
            const bool p2p = x.kind == ExtraOp::Send || x.kind == ExtraOp::Receive;
            CommOpRow op;
            op.name = x.name;
            op.startNs = x.startNs;
            op.endNs = x.endNs;
            op.arriveNs = x.arriveNs;
            op.connectionId = x.connId;
            op.group = p2p ? m_rs.ppHash : x.kind == ExtraOp::TpAllReduce ? m_rs.tpHash : m_rs.mpHash;
            op.dataType = kDataFp16;
            op.algType = p2p ? "P2P" : "MESH";
            op.count = qint64(x.sizeMB * 524288);
            op.opType = x.kind == ExtraOp::Send ? "hcom_send_"
                : x.kind == ExtraOp::Receive    ? "hcom_receive_"
                                                : "hcom_allReduce_";
            op.waits = x.kind != ExtraOp::Send;
            m_commOps.push_back(op);
        }
    }
    std::stable_sort(m_commOps.begin(), m_commOps.end(),
        [](const CommOpRow& a, const CommOpRow& b) { return a.startNs < b.startNs; });
}

// Ranks in COMMUNICATION_TASK_INFO are local to the op's group.
qint64 RankDb::groupLocalRank(int rank) const
{
    if (!m_c.parallel)
        return rank; // one group of all ranks
    const auto found = std::find(m_rs.dpGroup.begin(), m_rs.dpGroup.end(), rank);
    // A slow link the user named outside the group: the global rank, as the
    // text trace shows it (there is no local one).
    return found == m_rs.dpGroup.end() ? rank : qint64(found - m_rs.dpGroup.begin());
}

void RankDb::collectTasks()
{
    const qint64 memcpy = m_strings.id("MEMCPY_ASYNC");
    for (const StepRec& st : m_rs.steps) {
        const Kernel& cp = st.copy;
        m_tasks.push_back({ cp.startNs, cp.startNs + cp.durNs, cp.connId, memcpy, kNone, kComputeStream, cp.taskId });
    }
    // The step's first launched device work (a kernel or an HCCL op), where
    // torch_npu's rule starts the step's device range (db-format.md §2.6(d)).
    std::vector<TimeNs> firstLaunchedNs(m_rs.steps.size(), std::numeric_limits<TimeNs>::max());
    for (std::size_t s = 0; s < m_rs.steps.size(); ++s) {
        firstLaunchedNs[s] = m_rs.steps[s].commStartNs;
        for (const ExtraOp& x : m_rs.steps[s].extra)
            firstLaunchedNs[s] = std::min(firstLaunchedNs[s], x.startNs);
    }
    for (const Kernel& k : m_rs.kernels)
        firstLaunchedNs[std::size_t(k.step - kFirstStep)] =
            std::min(firstLaunchedNs[std::size_t(k.step - kFirstStep)], k.startNs);
    const qint64 container = m_strings.id("AI_CORE");
    for (const Kernel& k : m_rs.kernels) {
        const OpSpec& spec = m_c.ops[std::size_t(k.op)];
        const bool mix = spec.core.startsWith("MIX");
        TaskRow task { k.startNs, k.startNs + k.durNs, k.connId, m_strings.id(hardwareTaskType(spec.core)),
            mix ? 0 : kNone, k.stream, k.taskId };
        task.compute = &k;
        m_tasks.push_back(task);
        // The FFTS+ parent of a MIX kernel: same stream and task id, no
        // context, a little longer than its sub-task, in no *_TASK_INFO table.
        // Readers drop it (db-format.md, container rule). Left out when it
        // would start before everything else launched in its step: a reader
        // taking the step's device start from every launched TASK row would
        // start the step early, and its Preparing would not be StepTraceTime's.
        const TimeNs containerStartNs = k.startNs - 800;
        if (mix && containerStartNs >= firstLaunchedNs[std::size_t(k.step - kFirstStep)])
            m_tasks.push_back(
                { containerStartNs, k.startNs + k.durNs + 500, k.connId, container, kNone, k.stream, k.taskId });
    }
    // HCCL: the Notify Wait on the comm stream (task id 0, as the text trace
    // has it) and, for the data-parallel AllReduce, one Memcpy per link and
    // plane. Plane tasks count their own task ids on the comm stream, which
    // keeps (stream, task id) unique: no container lookalikes.
    const qint64 notifyWait = m_strings.id("Notify Wait");
    const qint64 memcpyPlane = m_strings.id("Memcpy");
    qint64 planeTaskId = 1;
    for (std::size_t i = 0; i < m_commOps.size(); ++i) {
        const CommOpRow& op = m_commOps[i];
        if (op.waits)
            m_tasks.push_back({ op.startNs, op.arriveNs + kUs, op.connectionId, notifyWait, kNone, kCommStream, 0 });
        if (!op.dataParallel)
            continue;
        const qint64 name = m_strings.id(op.name);
        const qint64 group = m_strings.id(op.group.toLatin1());
        for (std::size_t p = 0; p < m_rs.links.size(); ++p) {
            const Link& l = m_rs.links[p];
            const bool rdma = l.transport == "RDMA";
            CommTaskRow ct;
            ct.name = name;
            ct.taskType = memcpyPlane;
            ct.planeId = int(p);
            ct.groupName = group;
            ct.notifyId = qint64(p) << 32;
            ct.rdmaType = rdma ? kRdmaSendPayload : kInvalidType;
            ct.srcRank = groupLocalRank(m_rs.rank);
            ct.dstRank = groupLocalRank(l.dst);
            ct.transportType = rdma ? kTransportRdma : kTransportSdma;
            ct.size = qint64(l.sizeMB * 1e6);
            ct.dataType = kDataFp32;
            ct.linkType = rdma ? kLinkRoce : kLinkHccs;
            ct.opId = qint64(i) + 1;
            TaskRow task { op.arriveNs + kUs, op.arriveNs + kUs + l.timeNs, op.connectionId,
                m_strings.id(rdma ? "RDMA_SEND" : "SDMA"), kNone, kCommStream, planeTaskId++ };
            task.commTask = int(m_commTasks.size());
            m_commTasks.push_back(ct);
            m_tasks.push_back(task);
        }
    }
    std::stable_sort(
        m_tasks.begin(), m_tasks.end(), [](const TaskRow& a, const TaskRow& b) { return a.startNs < b.startNs; });
}

void RankDb::collectApis()
{
    // Connection ids of APIs that launch nothing (the acl call around a node
    // launch, the stream synchronize) come after every launch id, so that
    // CANN_API.connectionId stays a primary key.
    qint64 maxLaunch = 0;
    for (const Kernel& k : m_rs.kernels)
        maxLaunch = std::max(maxLaunch, k.connId);
    for (const StepRec& st : m_rs.steps) {
        maxLaunch = std::max({ maxLaunch, st.copy.connId, st.hcomConnId });
        for (const ExtraOp& x : st.extra)
            maxLaunch = std::max(maxLaunch, x.connId);
    }
    qint64 nextApiId = 10;
    while (nextApiId <= maxLaunch)
        nextApiId *= 10;
    // The node launch starts with its API (the text's HostToDevice flows start
    // there) and ends just before it, so that the two nest.
    auto launched = [&](TimeNs startNs, TimeNs durNs, int type, const QByteArray& api, qint64 connectionId) {
        m_apis.push_back({ startNs, startNs + durNs, type, nextApiId++, m_strings.id(api) });
        m_apis.push_back({ startNs, startNs + (durNs > kUs ? durNs - kUs : durNs / 2), kApiNode, connectionId,
            m_strings.id("launch") });
    };
    std::size_t k = 0;
    for (std::size_t s = 0; s < m_rs.steps.size(); ++s) {
        const StepRec& st = m_rs.steps[s];
        m_apis.push_back({ st.copy.launchNs, st.copy.launchNs + st.copy.launchDurNs, kApiAcl, st.copy.connId,
            m_strings.id("aclrtMemcpyAsync") });
        for (; k < m_rs.kernels.size() && m_rs.kernels[k].step == kFirstStep + int(s); ++k) {
            const Kernel& kr = m_rs.kernels[k];
            launched(kr.launchNs, kr.launchDurNs, kApiAcl, "aclnn" + m_c.ops[std::size_t(kr.op)].type, kr.connId);
        }
        launched(st.hcomLaunchNs, 4 * kUs, kApiHccl, "hcom_allReduce_", st.hcomConnId);
        m_apis.push_back({ st.hcomLaunchNs + 5 * kUs, st.commEndNs + 3 * kUs, kApiAcl, nextApiId++,
            m_strings.id("aclrtSynchronizeStreamWithTimeout") });
        for (const ExtraOp& x : st.extra) {
            const QByteArray api = x.kind == ExtraOp::Send ? "hcom_send_"
                : x.kind == ExtraOp::Receive               ? "hcom_receive_"
                                                           : "hcom_allReduce_";
            launched(x.launchNs, 4 * kUs, kApiHccl, api, x.connId);
        }
    }
    std::stable_sort(
        m_apis.begin(), m_apis.end(), [](const ApiRow& a, const ApiRow& b) { return a.startNs < b.startNs; });
}

void RankDb::collectFramework()
{
    std::size_t k = 0;
    for (std::size_t s = 0; s < m_rs.steps.size(); ++s) {
        const StepRec& st = m_rs.steps[s];
        const int stepNo = kFirstStep + int(s);
        m_framework.push_back({ st.hostStartNs, st.hostEndNs,
            m_strings.id("ProfilerStep#" + QByteArray::number(stepNo), StringIds::Framework) });
        m_framework.push_back({ st.hostStartNs + 5 * kUs, st.hostStartNs + st.prepDurNs - 5 * kUs,
            m_strings.id("DataLoader.__next__", StringIds::Framework) });
        for (; k < m_rs.kernels.size() && m_rs.kernels[k].step == stepNo; ++k) {
            const Kernel& kr = m_rs.kernels[k];
            FrameworkRow op { kr.hostNs, kr.hostNs + kr.hostDurNs,
                m_strings.id(m_c.ops[std::size_t(kr.op)].type, StringIds::Framework) };
            const HostOpArgs args = hostOpArgs(m_c, kr);
            op.sequenceNumber = args.sequenceNumber;
            if (!args.inputDims.isEmpty()) {
                op.inputShapes = m_strings.id(args.inputDims, StringIds::Framework);
                op.inputDtypes = m_strings.id(args.inputType, StringIds::Framework);
            }
            if (!args.callStack.isEmpty()) {
                // One chain per op row, its frames shared through STRING_IDS (as torch_npu writes it).
                op.callchainId = m_callchains.empty() ? 0 : m_callchains.back().id + 1;
                for (qsizetype depth = 0; depth < args.callStack.size(); ++depth)
                    m_callchains.push_back(
                        { op.callchainId, m_strings.id(args.callStack[depth], StringIds::Framework), qint64(depth) });
            }
            // async_npu: the text trace links the compute stream's kernels to
            // their op; the DB does it through CONNECTION_IDS.
            if (kr.stream == kComputeStream) {
                op.connectionIndex = qint64(m_connectionIds.size());
                m_connectionIds.push_back(kr.connId);
            }
            m_framework.push_back(op);
        }
    }
    std::stable_sort(m_framework.begin(), m_framework.end(),
        [](const FrameworkRow& a, const FrameworkRow& b) { return a.startNs < b.startNs; });
}

void RankDb::writeSession(SqliteFile& db)
{
    {
        SqliteInsert meta(db, "INSERT INTO META_DATA VALUES (?1,?2)");
        meta.row(QByteArray("SCHEMA_VERSION_MICRO"), QByteArray("0"));
        meta.row(QByteArray("SCHEMA_VERSION_MINOR"), QByteArray("0"));
        meta.row(QByteArray("SCHEMA_VERSION_MAJOR"), QByteArray("1"));
        meta.row(QByteArray("SCHEMA_VERSION"), QByteArray("1.0.0"));
        // Every top-level key of profiler_metadata.json as a JSON string
        // (parallel_group_info, distributed_args), as newer torch_npu does.
        const QJsonObject metadata = profilerMetadataObject(m_c, m_rs);
        for (auto it = metadata.begin(); it != metadata.end(); ++it) {
            const QJsonValue v = it.value();
            const QByteArray json = v.isObject() ? QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact)
                : v.isArray()                    ? QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact)
                                                 : v.toVariant().toString().toUtf8();
            meta.row(it.key().toUtf8(), json);
        }
    }
    // The collection covers the steps with a margin; its end is profiler_info's collectionTimeEnd.
    SqliteInsert session(db, "INSERT INTO SESSION_TIME_INFO VALUES (?1,?2)");
    session.row(m_rs.steps.front().hostStartNs - 1000 * kUs, m_rs.steps.back().hostEndNs + 1000 * kUs);
    SqliteInsert npu(db, "INSERT INTO NPU_INFO VALUES (?1,?2)");
    npu.row(m_deviceId, QByteArray("Ascend910B"));
    const QByteArray host = hostName(m_rs.rank);
    SqliteInsert hostInfo(db, "INSERT INTO HOST_INFO VALUES (?1,?2)");
    hostInfo.row(QByteArray::number(stableHash(host)), host);
    SqliteInsert rankDevice(db, "INSERT INTO RANK_DEVICE_MAP VALUES (?1,?2)");
    rankDevice.row(m_rs.rank, m_deviceId);
    auto enumTable = [&](const char* sql, const auto& rows) {
        SqliteInsert insert(db, sql);
        for (const EnumRow& r : rows)
            insert.row(r.id, QByteArray(r.name));
    };
    enumTable("INSERT INTO ENUM_API_TYPE VALUES (?1,?2)", kApiTypes);
    enumTable("INSERT INTO ENUM_HCCL_TRANSPORT_TYPE VALUES (?1,?2)", kTransportTypes);
    enumTable("INSERT INTO ENUM_HCCL_DATA_TYPE VALUES (?1,?2)", kDataTypes);
    enumTable("INSERT INTO ENUM_HCCL_LINK_TYPE VALUES (?1,?2)", kLinkTypes);
    enumTable("INSERT INTO ENUM_HCCL_RDMA_TYPE VALUES (?1,?2)", kRdmaTypes);
    enumTable("INSERT INTO ENUM_MSTX_EVENT_TYPE VALUES (?1,?2)", kMstxEventTypes);
}

void RankDb::writeDevice(SqliteFile& db)
{
    SqliteInsert task(db, "INSERT INTO TASK VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11)");
    SqliteInsert compute(db, "INSERT INTO COMPUTE_TASK_INFO VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13)");
    SqliteInsert pmu(db, "INSERT INTO TASK_PMU_INFO VALUES (?1,?2,?3)");
    SqliteInsert commTask(
        db, "INSERT INTO COMMUNICATION_TASK_INFO VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14)");
    const qint64 nd = m_strings.id("ND"), fp16 = m_strings.id("FLOAT16"), na = m_strings.id("N/A");
    for (std::size_t i = 0; i < m_tasks.size(); ++i) {
        const TaskRow& t = m_tasks[i];
        const qint64 globalTaskId = qint64(i);
        task.row(t.startNs, t.endNs, m_deviceId, t.connectionId, globalTaskId, m_rs.pid, t.taskType, t.contextId,
            t.streamId, t.taskId, kNone);
        if (t.compute) {
            const OpSpec& spec = m_c.ops[std::size_t(t.compute->op)];
            const bool mix = spec.core.startsWith("MIX");
            compute.row(m_strings.id(spec.name), globalTaskId, spec.blockDim, mix ? spec.blockDim * 2 : 0,
                m_strings.id(spec.core), m_strings.id(spec.type), nd, fp16, m_strings.id('"' + spec.inShape + '"'), nd,
                fp16, m_strings.id('"' + spec.outShape + '"'), na);
            // The PMU columns of kernel_details.csv: *_time in ns, ratios and
            // cycles as they are.
            const bool cube = spec.core != "AI_VECTOR_CORE";
            const double busyUs = double(t.compute->durNs) / 1000.0 * 0.95;
            const qint64 cycles = qint64(busyUs * 1800.0 * spec.blockDim);
            auto timeNs = [busyUs](double share) { return qint64(std::llround(busyUs * share * 1000.0)); };
            auto metric = [&](const char* name, auto value) { pmu.row(globalTaskId, m_strings.id(name), value); };
            if (cube) {
                metric("aic_total_time", timeNs(1.0));
                metric("aic_total_cycles", cycles);
                metric("aic_mac_time", timeNs(0.7));
                metric("aic_mac_ratio", 0.7);
                metric("aic_scalar_time", timeNs(0.05));
                metric("aic_scalar_ratio", 0.05);
                metric("aic_mte1_time", timeNs(0.2));
                metric("aic_mte1_ratio", 0.2);
                metric("aic_mte2_time", timeNs(0.3));
                metric("aic_mte2_ratio", 0.3);
                metric("aic_fixpipe_time", timeNs(0.1));
                metric("aic_fixpipe_ratio", 0.1);
                metric("aic_icache_miss_rate", 0.01);
            }
            if (!cube || mix) {
                metric("aiv_total_time", timeNs(1.0));
                metric("aiv_total_cycles", cycles);
                metric("aiv_vec_time", timeNs(0.4));
                metric("aiv_vec_ratio", 0.4);
                metric("aiv_scalar_time", timeNs(0.1));
                metric("aiv_scalar_ratio", 0.1);
                metric("aiv_mte2_time", timeNs(0.5));
                metric("aiv_mte2_ratio", 0.5);
                metric("aiv_mte3_time", timeNs(0.3));
                metric("aiv_mte3_ratio", 0.3);
                metric("aiv_icache_miss_rate", 0.02);
            }
        }
        if (t.commTask >= 0) {
            const CommTaskRow& ct = m_commTasks[std::size_t(t.commTask)];
            commTask.row(ct.name, globalTaskId, ct.taskType, ct.planeId, ct.groupName, ct.notifyId, ct.rdmaType,
                ct.srcRank, ct.dstRank, ct.transportType, ct.size, ct.dataType, ct.linkType, ct.opId);
        }
    }
    SqliteInsert op(db, "INSERT INTO COMMUNICATION_OP VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12)");
    for (std::size_t i = 0; i < m_commOps.size(); ++i) {
        const CommOpRow& o = m_commOps[i];
        // groupName: the group id string communication.json and
        // parallel_group_info use (the generator has no raw HCCL group name
        // to hash).
        op.row(m_strings.id(o.name), o.startNs, o.endNs, o.connectionId, m_strings.id(o.group.toLatin1()),
            qint64(i) + 1, 0, 0, o.dataType, m_strings.id(o.algType), o.count, m_strings.id(o.opType));
    }
}

void RankDb::writeHost(SqliteFile& db)
{
    {
        SqliteInsert api(db, "INSERT INTO CANN_API VALUES (?1,?2,?3,?4,?5,?6)");
        for (const ApiRow& a : m_apis)
            api.row(a.startNs, a.endNs, a.type, m_globalTid, a.connectionId, a.name);
    }
    {
        // startNs / endNs are TEXT in torch_npu's schema: 19-digit decimal strings.
        SqliteInsert fwk(db, "INSERT INTO PYTORCH_API VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11)");
        for (const FrameworkRow& f : m_framework) {
            const QByteArray start = QByteArray::number(f.startNs), end = QByteArray::number(f.endNs);
            const auto orNull = [](qint64 v) { return v >= 0 ? std::optional<qint64>(v) : std::nullopt; };
            fwk.row(start, end, m_globalTid, orNull(f.connectionIndex), f.name, f.sequenceNumber, 0, orNull(f.inputDtypes),
                orNull(f.inputShapes), orNull(f.callchainId), kApiOp);
        }
        SqliteInsert chains(db, "INSERT INTO PYTORCH_CALLCHAINS VALUES (?1,?2,?3)");
        for (const CallchainRow& c : m_callchains)
            chains.row(c.id, c.stack, c.depth);
    }
    {
        SqliteInsert connections(db, "INSERT INTO CONNECTION_IDS VALUES (?1,?2)");
        for (std::size_t i = 0; i < m_connectionIds.size(); ++i)
            connections.row(qint64(i), m_connectionIds[i]);
        SqliteInsert steps(db, "INSERT INTO STEP_TIME VALUES (?1,?2,?3)");
        for (std::size_t s = 0; s < m_rs.steps.size(); ++s)
            steps.row(kFirstStep + int(s), m_rs.steps[s].hostStartNs, m_rs.steps[s].hostEndNs);
    }
    // memory_record.csv: PTA rows -> MEMORY_RECORD, APP rows -> NPU_MEM (hbm), in bytes.
    SqliteInsert memory(db, "INSERT INTO MEMORY_RECORD VALUES (?1,?2,?3,?4,?5,?6,?7)");
    SqliteInsert npuMem(db, "INSERT INTO NPU_MEM VALUES (?1,?2,?3,?4,?5)");
    const qint64 pta = m_strings.id("PTA", StringIds::Memory), app = m_strings.id("app");
    for (const MemoryRow& row : memoryRows(m_c, m_rs)) {
        if (row.app)
            npuMem.row(app, 0, bytesFromMB(row.reservedMB), row.tsNs, m_deviceId);
        else
            memory.row(pta, row.tsNs, bytesFromMB(row.allocatedMB), bytesFromMB(row.reservedMB),
                bytesFromMB(row.activeMB), kStreamPtr, m_deviceId);
    }
}

void RankDb::writeSystem(SqliteFile& db)
{
    SystemTablesInput in;
    in.deviceId = m_deviceId;
    in.globalTid = m_globalTid;
    in.sessionNs = { m_rs.steps.front().hostStartNs, m_rs.steps.back().hostEndNs };
    QHash<int, int> gePerStep; // step number -> GE workspaces so far
    for (const Kernel& k : m_rs.kernels) {
        if (k.stream != kComputeStream)
            continue;
        in.computeNs.push_back({ k.startNs, k.startNs + k.durNs });
        // The first three kernels of a step get a GE workspace (NPU_OP_MEM).
        int& n = gePerStep[k.step];
        if (n++ < 3)
            in.geOps.push_back({ m_c.ops[std::size_t(k.op)].name, in.computeNs.back() });
    }
    std::sort(in.computeNs.begin(), in.computeNs.end(), [](const TimeRange& a, const TimeRange& b) { return a.startNs < b.startNs; });
    for (const CommOpRow& o : m_commOps)
        in.commNs.push_back({ o.startNs, o.endNs });
    std::sort(in.commNs.begin(), in.commNs.end(), [](const TimeRange& a, const TimeRange& b) { return a.startNs < b.startNs; });
    writeSystemTables(db, in, [this](const QByteArray& value) { return m_strings.id(value); });
}

bool RankDb::write(const QString& path, QString* error)
{
    SqliteFile db;
    if (!db.create(path, error))
        return false;
    for (const char* sql : kSchema)
        db.exec(sql);
    writeSession(db);
    writeDevice(db);
    writeHost(db);
    writeSystem(db);
    {
        // Last: every string has been interned by now.
        SqliteInsert strings(db, "INSERT INTO STRING_IDS VALUES (?1,?2)");
        for (const auto& [id, value] : m_strings.rows())
            strings.row(id, value);
    }
    // Indexes after the rows: one sort instead of incremental inserts.
    db.exec("CREATE INDEX TaskIndex ON TASK (startNs,globalTaskId)");
    db.exec("CREATE INDEX CommunicationTaskIndex ON COMMUNICATION_TASK_INFO (globalTaskId)");
    return db.commit(error);
}

} // namespace

bool writeProfilerDb(const QString& path, const Cluster& c, const RankSim& rs, QString* error)
{
    RankDb db(c, rs);
    db.collect();
    return db.write(path, error);
}

} // namespace profscope::gen
