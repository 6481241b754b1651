// SPDX-License-Identifier: Apache-2.0
#include "textexport.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace profscope::gen {

namespace {

// Exact µs text with three decimals: times stay integral ns through a round trip.
QByteArray us(TimeNs ns)
{
    return QByteArray::number(ns / 1000) + '.' + QByteArray::number(ns % 1000).rightJustified(3, '0');
}

double ms(TimeNs ns)
{
    return double(ns) / 1e6;
}

double round4(double v)
{
    return std::round(v * 1e4) / 1e4;
}

class TraceWriter
{
public:
    void event(const QByteArray& json)
    {
        if (!m_first)
            m_out += ",\n";
        m_first = false;
        m_out += json;
    }
    void meta(const char* what, qint64 pid, qint64 tid, const QByteArray& args)
    {
        event("{\"ph\": \"M\", \"name\": \"" + QByteArray(what) + "\", \"pid\": " + QByteArray::number(pid)
            + ", \"tid\": " + QByteArray::number(tid) + ", \"args\": " + args + "}");
    }
    void slice(const QByteArray& name, qint64 pid, qint64 tid, TimeNs ts, TimeNs dur, const QByteArray& cat = {},
        const QByteArray& args = {})
    {
        QByteArray e = "{\"ph\": \"X\", \"name\": \"" + name + "\", \"pid\": " + QByteArray::number(pid)
            + ", \"tid\": " + QByteArray::number(tid) + ", \"ts\": \"" + us(ts) + "\", \"dur\": " + us(dur);
        if (!cat.isEmpty())
            e += ", \"cat\": \"" + cat + "\"";
        if (!args.isEmpty())
            e += ", \"args\": " + args;
        event(e + "}");
    }
    void flow(char ph, const QByteArray& name, const QByteArray& cat, const QByteArray& id, qint64 pid, qint64 tid,
        TimeNs ts, bool bindEnclosing)
    {
        event("{\"ph\": \"" + QByteArray(1, ph) + "\"" + (bindEnclosing ? ", \"bp\": \"e\"" : "") + ", \"name\": \""
            + name + "\", \"id\": " + id + ", \"pid\": " + QByteArray::number(pid)
            + ", \"tid\": " + QByteArray::number(tid) + ", \"ts\": \"" + us(ts) + "\", \"cat\": \"" + cat + "\"}");
    }
    QByteArray finish()
    {
        return "[\n" + m_out + "\n]\n";
    }

private:
    QByteArray m_out;
    bool m_first = true;
};

QByteArray nameArg(const QByteArray& name)
{
    return "{\"name\": \"" + name + "\"}";
}

QByteArray deviceArgs(const QByteArray& taskType, int stream, const Kernel& k)
{
    return "{\"Model Id\": 4294967295, \"Task Type\": \"" + taskType
        + "\", \"Physic Stream Id\": " + QByteArray::number(stream) + ", \"Task Id\": " + QByteArray::number(k.taskId)
        + ", \"Batch Id\": 0, \"Subtask Id\": 4294967295, \"connection_id\": " + QByteArray::number(k.connId) + "}";
}

QByteArray launchArgs(qint64 tid, const QByteArray& api, qint64 connId)
{
    return "{\"Thread Id\": " + QByteArray::number(tid) + ", \"Mode\": \"ACL_OP\", \"level\": \"acl\", \"id\": \"" + api
        + "\", \"item_id\": \"0\", \"connection_id\": " + QByteArray::number(connId) + "}";
}

QJsonObject transportInfo(double sizeMB, TimeNs timeNs, double packetMB, double largeThresholdMB)
{
    QJsonObject t;
    t.insert(QStringLiteral("Transit Size(MB)"), sizeMB);
    t.insert(QStringLiteral("Transit Time(ms)"), ms(timeNs));
    t.insert(QStringLiteral("Bandwidth(GB/s)"), timeNs > 0 ? round4(sizeMB / ms(timeNs)) : 0.0);
    QJsonObject dist;
    if (sizeMB > 0) {
        const qint64 packets = qint64(std::ceil(sizeMB / packetMB));
        dist.insert(QString::number(packetMB, 'f', 6), QJsonArray { packets, ms(timeNs) });
    }
    t.insert(QStringLiteral("Large Packet Ratio"), sizeMB > 0 && packetMB >= largeThresholdMB ? 1.0 : 0.0);
    t.insert(QStringLiteral("Size Distribution"), dist);
    return t;
}

} // namespace

HostOpArgs hostOpArgs(const Cluster& c, const Kernel& k)
{
    HostOpArgs a;
    const OpSpec& spec = c.ops[std::size_t(k.op)];
    // A fixed choice per op (the same op keeps its args in every step).
    const int op = k.op;
    if (op % 9 == 0)
        a.sequenceNumber = qint64(k.connId); // the ops autograd records
    if (op % 3 != 2) {
        a.inputDims = spec.inShape + ";\r\n" + spec.outShape + ";\r\n;\r\n";
        a.inputType = "c10::Half;\r\nc10::Half;\r\nScalar;\r\nNone";
    }
    if (op % 8 < 3) {
        // A training script's stack down to the op, as torch_npu records it.
        const QByteArray site = "/usr/local/lib/python3.9/site-packages/";
        const QByteArray line = QByteArray::number(100 + op % 400);
        a.callStack = { site + "torch/nn/functional.py(" + line + "): " + spec.type.toLower(),
            site + "torch/nn/modules/linear.py(114): forward",
            site + "torch/nn/modules/module.py(1527): _call_impl",
            site + "torch/nn/modules/module.py(1518): _wrapped_call_impl",
            site + "megatron/core/transformer/mlp.py(" + QByteArray::number(80 + op % 50) + "): forward",
            site + "torch/nn/modules/module.py(1527): _call_impl",
            site + "torch/nn/modules/module.py(1518): _wrapped_call_impl",
            site + "megatron/core/transformer/transformer_layer.py(" + QByteArray::number(180 + op % 30) + "): forward",
            site + "torch/nn/modules/module.py(1527): _call_impl",
            site + "torch/nn/modules/module.py(1518): _wrapped_call_impl",
            site + "megatron/core/transformer/transformer_block.py(411): forward",
            site + "megatron/core/models/gpt/gpt_model.py(178): forward",
            "/home/user/Megatron-LM/pretrain_gpt.py(154): forward_step",
            site + "megatron/core/pipeline_parallel/schedules.py(193): forward_step",
            "/home/user/Megatron-LM/pretrain_gpt.py(238): <module>" };
    }
    return a;
}

namespace {

QByteArray hostOpArgsJson(const HostOpArgs& a)
{
    // The JSON escapes of the real file: \r\n inside strings.
    auto text = [](const QByteArray& v) -> QByteArray {
        QByteArray e = v;
        e.replace("\r", "\\r").replace("\n", "\\n");
        return '"' + e + '"';
    };
    QByteArray json = "{\"Sequence number\": " + QByteArray::number(a.sequenceNumber) + ", \"Fwd thread id\": 0";
    if (!a.inputDims.isEmpty())
        json += ", \"Input Dims\": " + text(a.inputDims) + ", \"Input type\": " + text(a.inputType);
    if (!a.callStack.isEmpty())
        json += ", \"Call stack\": " + text(a.callStack.join(";\r\n"));
    return json + '}';
}

} // namespace

QByteArray traceView(const Cluster& c, const RankSim& rs, const std::vector<std::vector<const Kernel*>>& perStep,
    const std::vector<StepValues>& values)
{
    TraceWriter w;
    const qint64 pid = rs.pid;
    w.meta("process_name", pid, 0, nameArg("Python"));
    w.meta("process_labels", pid, 0, "{\"labels\": \"CPU\"}");
    w.meta("process_sort_index", pid, 0, "{\"sort_index\": 0}");
    w.meta("thread_name", pid, pid, nameArg("Thread " + QByteArray::number(pid)));
    w.meta("thread_sort_index", pid, pid, "{\"sort_index\": " + QByteArray::number(pid) + "}");
    w.meta("process_name", kCannPid, 0, nameArg("CANN"));
    w.meta("process_labels", kCannPid, 0, "{\"labels\": \"CPU\"}");
    w.meta("process_sort_index", kCannPid, 0, "{\"sort_index\": 7}");
    w.meta("thread_name", kCannPid, pid, nameArg("Thread " + QByteArray::number(pid)));
    w.meta("process_name", kHardwarePid, 0, nameArg("Ascend Hardware"));
    w.meta("process_labels", kHardwarePid, 0, "{\"labels\": \"NPU\"}");
    w.meta("process_sort_index", kHardwarePid, 0, "{\"sort_index\": 13}");
    for (const int stream : { kComputeStream, kSideStream, kCommStream }) {
        w.meta("thread_name", kHardwarePid, stream, nameArg("Stream " + QByteArray::number(stream)));
        w.meta("thread_sort_index", kHardwarePid, stream, "{\"sort_index\": " + QByteArray::number(stream) + "}");
    }
    w.meta("process_name", kHcclPid, 0, nameArg("HCCL"));
    w.meta("process_labels", kHcclPid, 0, "{\"labels\": \"NPU\"}");
    w.meta("process_sort_index", kHcclPid, 0, "{\"sort_index\": 15}");
    // Data-parallel runs keep the single-group name; pp / tp runs name each
    // lane after its group, so that collectives of different groups never
    // share a lane name.
    auto groupLane = [](const QString& hash) -> QByteArray { return "Group " + hash.toLatin1() + " Communication"; };
    w.meta(
        "thread_name", kHcclPid, 0, nameArg(c.parallel ? groupLane(rs.dpHash) : QByteArray("Group 0 Communication")));
    for (std::size_t i = 0; i < rs.links.size(); ++i)
        w.meta("thread_name", kHcclPid, qint64(i) + 1, nameArg("Plane " + QByteArray::number(qint64(i))));
    if (c.parallel && c.options.pipelineStages > 1)
        w.meta("thread_name", kHcclPid, qint64(rs.links.size()) + 1, nameArg(groupLane(rs.ppHash)));
    if (c.parallel && c.options.tensorParallel > 1)
        w.meta("thread_name", kHcclPid, qint64(rs.links.size()) + 2, nameArg(groupLane(rs.tpHash)));
    if (c.parallel && c.options.pipelineStages > 1)
        w.meta("thread_name", kHcclPid, qint64(rs.links.size()) + 3, nameArg(groupLane(rs.mpHash)));
    w.meta("process_name", kOverlapPid, 0, nameArg("Overlap Analysis"));
    w.meta("process_labels", kOverlapPid, 0, "{\"labels\": \"NPU\"}");
    w.meta("process_sort_index", kOverlapPid, 0, "{\"sort_index\": 23}");
    const char* lanes[] = { "Computing", "Communication", "Communication(Not Overlapped)", "Free" };
    for (int i = 0; i < 4; ++i)
        w.meta("thread_name", kOverlapPid, i, nameArg(lanes[i]));

    auto hostToDevice = [&](const Kernel& k, int stream) {
        const QByteArray id = QByteArray::number(k.connId);
        w.flow('s', "HostToDevice" + id, "HostToDevice", '"' + id + '"', kCannPid, pid, k.launchNs, false);
        w.flow('f', "HostToDevice" + id, "HostToDevice", '"' + id + '"', kHardwarePid, stream, k.startNs, true);
    };

    for (std::size_t s = 0; s < rs.steps.size(); ++s) {
        const StepRec& st = rs.steps[s];
        const int stepNo = kFirstStep + int(s);
        w.slice("ProfilerStep#" + QByteArray::number(stepNo), pid, pid, st.hostStartNs, st.hostEndNs - st.hostStartNs,
            "cpu_op");
        w.slice("DataLoader.__next__", pid, pid, st.hostStartNs + 5 * kUs, st.prepDurNs - 10 * kUs, "cpu_op");
        const Kernel& cp = st.copy;
        w.slice("AscendCL@aclrtMemcpyAsync", kCannPid, pid, cp.launchNs, cp.launchDurNs, {},
            launchArgs(pid, "aclrtMemcpyAsync", cp.connId));
        w.slice("MEMCPY_ASYNC", kHardwarePid, kComputeStream, cp.startNs, cp.durNs, {},
            deviceArgs("PCIE_DMA_SQE", kComputeStream, cp));
        hostToDevice(cp, kComputeStream);

        for (const Kernel* k : perStep[s]) {
            const OpSpec& spec = c.ops[std::size_t(k->op)];
            w.slice(spec.type, pid, pid, k->hostNs, k->hostDurNs, "cpu_op", hostOpArgsJson(hostOpArgs(c, *k)));
            w.slice("AscendCL@aclnn" + spec.type, kCannPid, pid, k->launchNs, k->launchDurNs, {},
                launchArgs(pid, "aclnn" + spec.type, k->connId));
            w.slice(spec.name, kHardwarePid, k->stream, k->startNs, k->durNs, {}, deviceArgs(spec.core, k->stream, *k));
            hostToDevice(*k, k->stream);
            if (k->stream == kComputeStream) {
                // torch_npu style: the id is the device start in ns (unique per stream).
                const QByteArray id = QByteArray::number(k->startNs);
                w.flow('s', "torch_to_npu", "async_npu", id, pid, pid, k->hostNs, true);
                w.flow('f', "torch_to_npu", "async_npu", id, kHardwarePid, k->stream, k->startNs, true);
            }
        }

        // The allreduce: launched by the host, waits on stream 4 until every
        // rank has arrived, then moves data on one plane per link.
        Kernel hc;
        hc.connId = st.hcomConnId;
        hc.taskId = 0;
        hc.launchNs = st.hcomLaunchNs;
        hc.startNs = st.commStartNs;
        w.slice("HCCL@hcom_allReduce_", kCannPid, pid, st.hcomLaunchNs, 4 * kUs, {},
            launchArgs(pid, "hcom_allReduce_", st.hcomConnId));
        w.slice("AscendCL@aclrtSynchronizeStreamWithTimeout", kCannPid, pid, st.hcomLaunchNs + 5 * kUs,
            st.commEndNs + 3 * kUs - (st.hcomLaunchNs + 5 * kUs), {},
            launchArgs(pid, "aclrtSynchronizeStreamWithTimeout", st.hcomConnId + 1000000));
        const QByteArray name = opName(c, stepNo);
        w.slice(name, kHcclPid, 0, st.commStartNs, st.commEndNs - st.commStartNs, {},
            "{\"connection_id\": " + QByteArray::number(st.hcomConnId)
                + ", \"model id\": 4294967295, \"data_type\": \"FP32\", \"alg_type\": \"MESH-RING\", \"count\": "
                + QByteArray::number(qint64(c.gradMB * 262144)) + "}");
        w.slice("Notify Wait", kHardwarePid, kCommStream, st.commStartNs, st.arriveNs - st.commStartNs + kUs, {},
            deviceArgs("Notify Wait", kCommStream, hc));
        hostToDevice(hc, kCommStream);
        for (std::size_t i = 0; i < rs.links.size(); ++i) {
            const Link& l = rs.links[i];
            w.slice("Memcpy", kHcclPid, qint64(i) + 1, st.arriveNs + kUs, l.timeNs, {},
                "{\"notify_id\": \"" + QByteArray::number(qint64(i) << 32)
                    + "\", \"stream id\": " + QByteArray::number(kCommStream)
                    + ", \"task type\": \"Memcpy\", \"src rank\": " + QByteArray::number(rs.rank) + ", \"dst rank\": "
                    + QByteArray::number(l.dst) + ", \"transport type\": \"" + (l.transport == "RDMA" ? "RDMA" : "SDMA")
                    + "\", \"size(Byte)\": " + QByteArray::number(qint64(l.sizeMB * 1e6)) + ", \"link type\": \""
                    + (l.transport == "RDMA" ? "ROCE" : "HCCS") + "\"}");
        }

        // Pipeline sends / receives and tensor-parallel AllReduces.
        for (const ExtraOp& op : st.extra) {
            const bool p2p = op.kind == ExtraOp::Send || op.kind == ExtraOp::Receive;
            const QByteArray api = op.kind == ExtraOp::Send ? "hcom_send_"
                : op.kind == ExtraOp::Receive               ? "hcom_receive_"
                                                            : "hcom_allReduce_";
            w.slice("HCCL@" + api, kCannPid, pid, op.launchNs, 4 * kUs, {}, launchArgs(pid, api, op.connId));
            QByteArray args = "{\"connection_id\": " + QByteArray::number(op.connId)
                + ", \"model id\": 4294967295, \"data_type\": \"FP16\", \"alg_type\": \"" + (p2p ? "P2P" : "MESH")
                + "\", \"count\": " + QByteArray::number(qint64(op.sizeMB * 524288));
            if (p2p)
                args += ", \"src rank\": " + QByteArray::number(op.kind == ExtraOp::Send ? rs.rank : op.peer)
                    + ", \"dst rank\": " + QByteArray::number(op.kind == ExtraOp::Send ? op.peer : rs.rank);
            w.slice(op.name, kHcclPid, op.lane, op.startNs, op.endNs - op.startNs, {}, args + "}");
            if (op.kind != ExtraOp::Send) {
                // The device waits on the comm stream for the peer / the group.
                Kernel wait;
                wait.connId = op.connId;
                wait.launchNs = op.launchNs;
                wait.startNs = op.startNs;
                w.slice("Notify Wait", kHardwarePid, kCommStream, op.startNs, op.arriveNs - op.startNs + kUs, {},
                    deviceArgs("Notify Wait", kCommStream, wait));
                hostToDevice(wait, kCommStream);
            }
        }

        // The profiler's own overlap lanes.
        const StepValues& v = values[s];
        for (const TimeRange& r : v.compute.ranges())
            w.slice("Computing", kOverlapPid, 0, r.startNs, r.durationNs());
        for (const TimeRange& r : v.comm.ranges())
            w.slice("Communication", kOverlapPid, 1, r.startNs, r.durationNs());
        for (const TimeRange& r : v.commOnly.ranges())
            w.slice("Communication(Not Overlapped)", kOverlapPid, 2, r.startNs, r.durationNs());
        // Free: the gaps between busy ranges (the span is the busy set's bounds).
        const std::vector<TimeRange>& busy = v.busy.ranges();
        for (std::size_t i = 1; i < busy.size(); ++i)
            w.slice("Free", kOverlapPid, 3, busy[i - 1].endNs, busy[i].startNs - busy[i - 1].endNs);
    }
    return w.finish();
}

QByteArray stepTraceCsv(const std::vector<StepValues>& values)
{
    QByteArray out = "Step,Computing,Communication(Not Overlapped),Overlapped,Communication,Free,Stage,Bubble,"
                     "Communication(Not Overlapped and Exclude Receive),Preparing\r\n";
    for (const StepValues& v : values) {
        out += QByteArray::number(v.values[0]);
        for (int i = 1; i < 10; ++i)
            out += ',' + us(v.values[i]);
        out += "\r\n";
    }
    return out;
}

QByteArray kernelDetailsCsv(const Cluster& c, const RankSim& rs)
{
    QByteArray out =
        "Step Id,Model ID,Task ID,Stream ID,Name,Type,OP State,Accelerator Core,Start Time(us),Duration(us),"
        "Wait Time(us),Block Dim,Mix Block Dim,HF32 Eligible,Input Shapes,Input Data Types,Input Formats,"
        "Output Shapes,Output Data Types,Output Formats,Context ID,aicore_time(us),aic_total_cycles,"
        "aic_mac_time(us),aic_mac_ratio,aic_scalar_time(us),aic_scalar_ratio,aic_mte1_time(us),aic_mte1_ratio,"
        "aic_mte2_time(us),aic_mte2_ratio,aic_fixpipe_time(us),aic_fixpipe_ratio,aic_icache_miss_rate,aiv_time(us),"
        "aiv_total_cycles,aiv_vec_time(us),aiv_vec_ratio,aiv_scalar_time(us),aiv_scalar_ratio,aiv_mte2_time(us),"
        "aiv_mte2_ratio,aiv_mte3_time(us),aiv_mte3_ratio,aiv_icache_miss_rate,cube_utilization(%)\r\n";
    auto num = [](double v) { return QByteArray::number(v, 'f', 3); };
    // In start order, as the profilers write it (every real kernel_details.csv
    // and op_summary is); the simulation does not list them in that order.
    std::vector<std::size_t> order(rs.kernels.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return rs.kernels[a].startNs < rs.kernels[b].startNs; });
    for (const std::size_t index : order) {
        const Kernel& k = rs.kernels[index];
        const OpSpec& spec = c.ops[std::size_t(k.op)];
        const bool cube = spec.core != "AI_VECTOR_CORE";
        const bool mix = spec.core.startsWith("MIX");
        const double busyUs = double(k.durNs) / 1000.0 * 0.95;
        const double cycles = busyUs * 1800.0 * spec.blockDim;
        QByteArray row = QByteArray::number(k.step) + ",4294967295," + QByteArray::number(k.taskId) + ','
            + QByteArray::number(k.stream) + ',' + spec.name + ',' + spec.type + ",dynamic," + spec.core + ','
            + us(k.startNs) + "\t," + us(k.durNs) + ',' + us(k.waitNs) + ',' + QByteArray::number(spec.blockDim) + ','
            + (mix ? QByteArray::number(spec.blockDim * 2) : QByteArray("0")) + ",NO,\"\"\"" + spec.inShape
            + "\"\"\",FLOAT16,ND,\"\"\"" + spec.outShape + "\"\"\",FLOAT16,ND,N/A,";
        if (cube)
            row += num(busyUs) + ',' + QByteArray::number(qint64(cycles)) + ',' + num(busyUs * 0.7) + ",0.700,"
                + num(busyUs * 0.05) + ",0.050," + num(busyUs * 0.2) + ",0.200," + num(busyUs * 0.3) + ",0.300,"
                + num(busyUs * 0.1) + ",0.100,0.010,";
        else
            row += "0.0,0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,";
        if (!cube || mix)
            row += num(busyUs) + ',' + QByteArray::number(qint64(cycles)) + ',' + num(busyUs * 0.4) + ",0.400,"
                + num(busyUs * 0.1) + ",0.100," + num(busyUs * 0.5) + ",0.500," + num(busyUs * 0.3) + ",0.300,0.020,";
        else
            row += "0.0,0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,";
        row += cube ? "70.000" : "0";
        out += row + "\r\n";
    }
    return out;
}

QByteArray opStatisticCsv(const Cluster& c, const RankSim& rs)
{
    struct Stat
    {
        QByteArray type, core;
        qint64 count = 0;
        TimeNs total = 0, min = 0, max = 0;
    };
    std::map<QByteArray, Stat> stats;
    TimeNs all = 0;
    for (const Kernel& k : rs.kernels) {
        const OpSpec& spec = c.ops[std::size_t(k.op)];
        Stat& st = stats[spec.type + '\x1f' + spec.core];
        st.type = spec.type;
        st.core = spec.core;
        st.min = st.count ? std::min(st.min, k.durNs) : k.durNs;
        st.max = std::max(st.max, k.durNs);
        st.total += k.durNs;
        ++st.count;
        all += k.durNs;
    }
    std::vector<Stat> rows;
    for (const auto& [key, st] : stats)
        rows.push_back(st);
    std::stable_sort(rows.begin(), rows.end(), [](const Stat& a, const Stat& b) { return a.total > b.total; });
    QByteArray out = "OP Type,Core Type,Count,Total Time(us),Min Time(us),Avg Time(us),Max Time(us),Ratio(%)\r\n";
    for (const Stat& st : rows)
        out += st.type + ',' + st.core + ',' + QByteArray::number(st.count) + ',' + us(st.total) + ',' + us(st.min)
            + ',' + us(st.total / st.count) + ',' + us(st.max) + ','
            + QByteArray::number(all ? 100.0 * double(st.total) / double(all) : 0.0, 'f', 3) + "\r\n";
    return out;
}

std::vector<MemoryRow> memoryRows(const Cluster& c, const RankSim& rs)
{
    std::vector<MemoryRow> rows;
    const double weightsMB = c.gradMB * 4; // weights + optimizer state
    const int forward = std::max(1, c.options.ops / 2);
    // Activations grow through the forward half and are freed in the backward half.
    const double perOpMB = 48.0;
    // With a pipeline, the micro-batches in flight keep theirs: count them.
    auto liveAfter = [&](int& live, const Kernel& kr) {
        const OpSpec& spec = c.ops[std::size_t(kr.op)];
        live = spec.backward ? std::max(0, live - 1) : live + 1;
        return live;
    };
    int maxLive = forward;
    if (c.parallel) {
        maxLive = 0;
        int live = 0, step = -1;
        for (const Kernel& kr : rs.kernels) {
            if (kr.step != step)
                live = 0, step = kr.step;
            maxLive = std::max(maxLive, liveAfter(live, kr));
        }
    }
    const double peak = weightsMB + perOpMB * maxLive;
    const double reserved = std::ceil(peak / 512.0) * 512.0;
    std::size_t k = 0;
    for (std::size_t s = 0; s < rs.steps.size(); ++s) {
        rows.push_back({ true, rs.steps[s].hostStartNs, 0, reserved + 2048.0, 0 });
        int running = 0;
        for (; k < rs.kernels.size() && rs.kernels[k].step == kFirstStep + int(s); ++k) {
            const Kernel& kr = rs.kernels[k];
            const int live = c.parallel ? liveAfter(running, kr)
                                        : (kr.op < forward ? kr.op + 1 : std::max(0, 2 * forward - kr.op - 1));
            const double allocated = weightsMB + perOpMB * live;
            rows.push_back({ false, kr.hostNs, allocated, reserved, allocated });
        }
    }
    return rows;
}

QByteArray memoryRecordCsv(const Cluster& c, const RankSim& rs)
{
    QByteArray out = "Component,Timestamp(us),Total Allocated(MB),Total Reserved(MB),Total Active(MB),Stream Ptr,"
                     "Device Type\r\n";
    const QByteArray device = "NPU:" + QByteArray::number(deviceId(rs.rank));
    auto mb = [](double v) { return QByteArray::number(v, 'f', 4); };
    for (const MemoryRow& row : memoryRows(c, rs)) {
        if (row.app)
            out += "APP," + us(row.tsNs) + "\t,," + mb(row.reservedMB) + ",,," + device + "\r\n";
        else
            out += "PTA," + us(row.tsNs) + "\t," + mb(row.allocatedMB) + ',' + mb(row.reservedMB) + ','
                + mb(row.activeMB) + ",187650000000000," + device + "\r\n";
    }
    return out;
}

QJsonObject communicationObject(const Cluster& c, const RankSim& rs)
{
    QJsonObject root;
    double hccsMB = 0, rdmaMB = 0;
    TimeNs hccsNs = 0, rdmaNs = 0;
    for (const Link& l : rs.links) {
        if (l.transport == "RDMA") {
            rdmaMB += l.sizeMB;
            rdmaNs += l.timeNs;
        } else {
            hccsMB += l.sizeMB;
            hccsNs += l.timeNs;
        }
    }
    auto timeInfo = [](TimeNs startNs, TimeNs arriveNs, TimeNs endNs, TimeNs transitNs) {
        const TimeNs elapse = endNs - startNs;
        const TimeNs wait = arriveNs - startNs; // waiting for the slowest rank / the peer's data
        const TimeNs sync = wait * 99 / 100;
        const TimeNs idle = elapse - transitNs - wait;
        QJsonObject time;
        time.insert(QStringLiteral("Start Timestamp(us)"), double(startNs) / 1000.0);
        time.insert(QStringLiteral("Elapse Time(ms)"), ms(elapse));
        time.insert(QStringLiteral("Transit Time(ms)"), ms(transitNs));
        time.insert(QStringLiteral("Wait Time(ms)"), ms(wait));
        time.insert(QStringLiteral("Synchronization Time(ms)"), ms(sync));
        time.insert(QStringLiteral("Idle Time(ms)"), ms(idle));
        time.insert(
            QStringLiteral("Wait Time Ratio"), round4(double(wait) / double(std::max<TimeNs>(1, wait + transitNs))));
        time.insert(QStringLiteral("Synchronization Time Ratio"),
            round4(double(sync) / double(std::max<TimeNs>(1, sync + transitNs))));
        return time;
    };
    for (std::size_t s = 0; s < rs.steps.size(); ++s) {
        const StepRec& st = rs.steps[s];
        const int stepNo = kFirstStep + int(s);
        const QJsonObject time = timeInfo(st.commStartNs, st.arriveNs, st.commEndNs, st.transitNs);
        QJsonObject bandwidth;
        bandwidth.insert(QStringLiteral("HCCS"), transportInfo(hccsMB, hccsNs, 2.097152, 16.0));
        bandwidth.insert(QStringLiteral("SDMA"), transportInfo(hccsMB, hccsNs, 2.097152, 16.0));
        bandwidth.insert(QStringLiteral("RDMA"), transportInfo(rdmaMB, rdmaNs, 1.048576, 1.0));
        bandwidth.insert(QStringLiteral("PCIE"), transportInfo(0, 0, 1, 1));
        bandwidth.insert(QStringLiteral("SIO"), transportInfo(0, 0, 1, 1));
        QJsonObject op;
        op.insert(QStringLiteral("Communication Time Info"), time);
        op.insert(QStringLiteral("Communication Bandwidth Info"), bandwidth);
        QJsonObject collective, p2p;
        collective.insert(
            QString::fromLatin1(opName(c, stepNo)) + QLatin1Char('@') + (c.parallel ? rs.dpHash : c.groupHash), op);
        for (const ExtraOp& x : st.extra) {
            QJsonObject xBandwidth;
            for (const char* t : { "HCCS", "SDMA", "RDMA", "PCIE", "SIO" }) {
                const bool used = x.transport == t || (x.transport == "HCCS" && QByteArray(t) == "SDMA");
                const bool rdma = QByteArray(t) == "RDMA";
                xBandwidth.insert(QLatin1String(t),
                    used ? transportInfo(x.sizeMB, x.transitNs, rdma ? 1.048576 : 2.097152, rdma ? 1.0 : 16.0)
                         : transportInfo(0, 0, 1, 1));
            }
            QJsonObject xOp;
            xOp.insert(
                QStringLiteral("Communication Time Info"), timeInfo(x.startNs, x.arriveNs, x.endNs, x.transitNs));
            xOp.insert(QStringLiteral("Communication Bandwidth Info"), xBandwidth);
            if (x.kind == ExtraOp::TpAllReduce)
                collective.insert(QString::fromLatin1(x.name) + QLatin1Char('@') + rs.tpHash, xOp);
            else if (x.kind == ExtraOp::ModelAllReduce)
                collective.insert(QString::fromLatin1(x.name) + QLatin1Char('@') + rs.mpHash, xOp);
            else
                p2p.insert(QString::fromLatin1(x.name) + QLatin1Char('@') + rs.ppHash, xOp);
        }
        QJsonObject step;
        step.insert(QStringLiteral("collective"), collective);
        step.insert(QStringLiteral("p2p"), p2p);
        root.insert(QStringLiteral("step%1").arg(stepNo), step);
    }
    return root;
}

QJsonObject communicationMatrixObject(const Cluster& c, const RankSim& rs)
{
    QJsonObject root;
    for (std::size_t s = 0; s < rs.steps.size(); ++s) {
        const int stepNo = kFirstStep + int(s);
        const QString name = QString::fromLatin1(opName(c, stepNo));
        QJsonObject links;
        auto add = [&](int dst, const QString& transport, double sizeMB, TimeNs timeNs) {
            QJsonObject l;
            l.insert(QStringLiteral("Transport Type"), transport);
            l.insert(QStringLiteral("Transit Size(MB)"), sizeMB);
            l.insert(QStringLiteral("Transit Time(ms)"), ms(timeNs));
            l.insert(QStringLiteral("Bandwidth(GB/s)"), timeNs > 0 ? round4(sizeMB / ms(timeNs)) : 0.0);
            l.insert(QStringLiteral("Op Name"), name);
            links.insert(QStringLiteral("%1-%2").arg(rs.rank).arg(dst), l);
        };
        // The local reduce copy, as the real files list it.
        const double localMB = c.gradMB / kRanksPerHost;
        add(rs.rank, QStringLiteral("LOCAL"), localMB, TimeNs(std::llround(localMB / 500.0 * 1e6)));
        for (const Link& l : rs.links)
            add(l.dst, QString::fromLatin1(l.transport), l.sizeMB, l.timeNs);
        // One allreduce per step: it is the top, the bottom and the total.
        QJsonObject collective;
        for (const char* cls : { "top1", "bottom1", "total" })
            collective.insert(
                QStringLiteral("allreduce-%1@%2").arg(QLatin1String(cls), c.parallel ? rs.dpHash : c.groupHash), links);
        // Pipeline sends: every send of the step has the same size, so the
        // first is the top and the bottom; the total sums them per peer.
        QJsonObject p2p;
        const StepRec& st = rs.steps[s];
        std::map<int, std::pair<double, TimeNs>> sends;
        const ExtraOp* firstSend = nullptr;
        for (const ExtraOp& x : st.extra)
            if (x.kind == ExtraOp::Send) {
                firstSend = firstSend ? firstSend : &x;
                sends[x.peer].first += x.sizeMB;
                sends[x.peer].second += x.transitNs;
            }
        if (firstSend) {
            auto sendLinks = [&](bool total) {
                QJsonObject ls;
                for (const auto& [peer, sum] : sends) {
                    const ExtraOp* one = nullptr;
                    for (const ExtraOp& x : st.extra)
                        if (x.kind == ExtraOp::Send && x.peer == peer) {
                            one = &x;
                            break;
                        }
                    const double sizeMB = total ? sum.first : one->sizeMB;
                    const TimeNs timeNs = total ? sum.second : one->transitNs;
                    QJsonObject l;
                    l.insert(QStringLiteral("Transport Type"), QString::fromLatin1(one->transport));
                    l.insert(QStringLiteral("Transit Size(MB)"), sizeMB);
                    l.insert(QStringLiteral("Transit Time(ms)"), ms(timeNs));
                    l.insert(QStringLiteral("Bandwidth(GB/s)"), timeNs > 0 ? round4(sizeMB / ms(timeNs)) : 0.0);
                    l.insert(QStringLiteral("Op Name"), QString::fromLatin1(one->name));
                    ls.insert(QStringLiteral("%1-%2").arg(rs.rank).arg(peer), l);
                }
                return ls;
            };
            for (const char* cls : { "top1", "bottom1", "total" })
                p2p.insert(QStringLiteral("send-%1@%2").arg(QLatin1String(cls), rs.ppHash),
                    sendLinks(QByteArray(cls) == "total"));
        }
        QJsonObject step;
        step.insert(QStringLiteral("collective"), collective);
        step.insert(QStringLiteral("p2p"), p2p);
        root.insert(QStringLiteral("step%1").arg(stepNo), step);
    }
    return root;
}

QByteArray profilerInfo(const Cluster& c, const RankSim& rs, GeneratorOptions::Format format)
{
    QJsonObject params;
    params.insert(QStringLiteral("profiler_level"), QStringLiteral("Level1"));
    params.insert(QStringLiteral("activities"), QJsonArray { QStringLiteral("CPU"), QStringLiteral("NPU") });
    params.insert(QStringLiteral("aic_metrics"), QStringLiteral("PipeUtilization"));
    params.insert(QStringLiteral("profile_memory"), true);
    params.insert(QStringLiteral("with_stack"), false);
    params.insert(QStringLiteral("data_simplification"), true);
    QJsonArray exportType;
    if (format != GeneratorOptions::Format::Db)
        exportType.append(QStringLiteral("text"));
    if (format != GeneratorOptions::Format::Text)
        exportType.append(QStringLiteral("db"));
    params.insert(QStringLiteral("export_type"), exportType);
    QJsonObject root;
    root.insert(QStringLiteral("profiler_parameters"), params);
    root.insert(QStringLiteral("ms_version"), QStringLiteral("2.5.0"));
    root.insert(QStringLiteral("rank_id"), rs.rank);
    root.insert(QStringLiteral("rank_size"), c.options.ranks);
    QJsonObject end;
    end.insert(QStringLiteral("collectionTimeEnd"), qint64(rs.steps.back().hostEndNs + 1000 * kUs));
    root.insert(QStringLiteral("end_info"), end);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QJsonObject profilerMetadataObject(const Cluster& c, const RankSim& rs)
{
    const GeneratorOptions& o = c.options;
    QJsonObject args;
    args.insert(QStringLiteral("tensor_model_parallel_size"), o.tensorParallel);
    args.insert(QStringLiteral("pipeline_model_parallel_size"), o.pipelineStages);
    args.insert(QStringLiteral("data_parallel_size"), o.ranks / (o.pipelineStages * o.tensorParallel));
    args.insert(QStringLiteral("world_size"), o.ranks);
    args.insert(QStringLiteral("rank"), rs.rank);
    QJsonObject groups;
    auto add = [&](const QString& hash, const QString& name, const std::vector<int>& members) {
        QJsonArray ranks;
        for (const int m : members)
            ranks.append(m);
        QJsonObject group;
        group.insert(QStringLiteral("group_name"), name);
        group.insert(
            QStringLiteral("group_rank"), int(std::find(members.begin(), members.end(), rs.rank) - members.begin()));
        group.insert(QStringLiteral("global_ranks"), ranks);
        groups.insert(hash, group); // keyed like the communication domains of communication.json
    };
    if (c.parallel) {
        add(rs.dpHash, QStringLiteral("dp"), rs.dpGroup);
        add(rs.ppHash, QStringLiteral("pp"), rs.ppGroup);
        add(rs.tpHash, QStringLiteral("tp"), rs.tpGroup);
        if (o.pipelineStages > 1)
            add(rs.mpHash, QStringLiteral("mp"), rs.mpGroup); // model parallel: one whole pipeline
    } else {
        std::vector<int> all(std::size_t(o.ranks));
        for (int r = 0; r < o.ranks; ++r)
            all[std::size_t(r)] = r;
        add(c.groupHash, QStringLiteral("dp"), all);
    }
    QJsonObject root;
    root.insert(QStringLiteral("distributed_args"), args);
    root.insert(QStringLiteral("parallel_group_info"), groups);
    return root;
}

QByteArray toJson(const QJsonObject& object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Indented);
}

} // namespace profscope::gen
