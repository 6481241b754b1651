// SPDX-License-Identifier: Apache-2.0
#include "clustergenerator.h"

#include "../analysis/intervals.h"
#include "../model/types.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <vector>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::Generator)
};

constexpr TimeNs kUs = 1000;
constexpr TimeNs kStartNs = 1736408883000000000LL; // a plausible wall clock (Jan 2025)
constexpr int kRanksPerHost = 8;
constexpr int kFirstStep = 1;
// Fixed pids of the device-side processes, as torch_npu / MindSpore write them.
constexpr qint64 kCannPid = 3170820320LL;
constexpr qint64 kHardwarePid = 3170820512LL;
constexpr qint64 kHcclPid = 3170820576LL;
constexpr qint64 kOverlapPid = 3170820832LL;
constexpr int kComputeStream = 2;
constexpr int kSideStream = 3;
constexpr int kCommStream = 4;

// Own helpers on the raw engine: std::uniform_*_distribution differ between
// standard libraries, and the output must be the same everywhere for a seed.
class Rng
{
public:
    explicit Rng(std::uint64_t seed)
        : m_engine(seed)
    {
    }
    qint64 range(qint64 lo, qint64 hi)
    {
        return lo + qint64(m_engine() % std::uint64_t(hi - lo + 1));
    }
    double real(double lo, double hi)
    {
        return lo + (hi - lo) * double(m_engine() >> 11) * 0x1.0p-53;
    }
    std::uint64_t raw()
    {
        return m_engine();
    }

private:
    std::mt19937_64 m_engine;
};

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

struct OpSpec
{
    QByteArray name;
    QByteArray type;
    QByteArray core; // Task Type / Accelerator Core
    TimeNs baseNs = 0;
    int blockDim = 0;
    QByteArray inShape;
    QByteArray outShape;
    bool sideStream = false;
};

struct Kernel
{
    int step = 0;
    int op = 0;
    int stream = kComputeStream;
    TimeNs startNs = 0;
    TimeNs durNs = 0;
    TimeNs waitNs = 0; // since the previous task on the stream ended
    TimeNs hostNs = 0; // the framework op slice on the Python thread
    TimeNs hostDurNs = 0;
    TimeNs launchNs = 0; // the CANN launch slice
    TimeNs launchDurNs = 0;
    qint64 connId = 0;
    qint64 taskId = 0;
};

struct Link
{
    int dst = 0;
    QByteArray transport; // HCCS / RDMA / LOCAL
    double sizeMB = 0;
    TimeNs timeNs = 0;
};

struct StepRec
{
    TimeNs hostStartNs = 0;
    TimeNs hostEndNs = 0;
    TimeNs prepDurNs = 0;
    Kernel copy; // the batch's host-to-device copy (not a compute task)
    TimeNs hcomLaunchNs = 0;
    qint64 hcomConnId = 0;
    TimeNs commStartNs = 0;
    TimeNs arriveNs = 0; // the last rank's arrival: the transfer starts here
    TimeNs commEndNs = 0;
    TimeNs transitNs = 0;
};

struct RankSim
{
    int rank = 0;
    qint64 pid = 0;
    std::vector<Kernel> kernels;
    std::vector<StepRec> steps;
    std::vector<Link> links; // what this rank sends on, per step
};

struct Cluster
{
    GeneratorOptions options;
    std::vector<OpSpec> ops;
    std::vector<RankSim> ranks;
    QString groupHash;
    int opBaseId = 0;
    double gradMB = 0;
};

std::vector<OpSpec> makeOps(Rng& rng, int count)
{
    struct Kind
    {
        const char* type;
        const char* core;
        TimeNs minNs, maxNs;
    };
    static const Kind kinds[] = {
        { "MatMul", "AI_CORE", 120 * kUs, 420 * kUs },      { "BatchMatMul", "AI_CORE", 150 * kUs, 380 * kUs },
        { "FlashAttentionScore", "MIX_AIC", 200 * kUs, 500 * kUs },
        { "LayerNorm", "AI_VECTOR_CORE", 20 * kUs, 60 * kUs }, { "Gelu", "AI_VECTOR_CORE", 15 * kUs, 45 * kUs },
        { "Softmax", "AI_VECTOR_CORE", 20 * kUs, 70 * kUs },   { "Add", "AI_VECTOR_CORE", 8 * kUs, 25 * kUs },
        { "Cast", "AI_VECTOR_CORE", 6 * kUs, 20 * kUs },       { "TransData", "AI_VECTOR_CORE", 10 * kUs, 50 * kUs },
    };
    static const char* layers[] = { "embedding", "attention", "mlp", "norm", "output" };
    std::vector<OpSpec> ops;
    const int forward = std::max(1, count / 2);
    for (int k = 0; k < count; ++k) {
        const Kind& kind = kinds[rng.range(0, std::size(kinds) - 1)];
        const bool backward = k >= forward;
        const char* layer = layers[rng.range(0, std::size(layers) - 1)];
        OpSpec op;
        op.type = QByteArray(kind.type) + (backward ? "Grad" : "");
        op.core = kind.core;
        // MindSpore full-scope names: forward under Default/, backward under Gradients/.
        op.name = QByteArray(backward ? "Gradients/Default/network-TrainOneStepCell/" : "Default/network-TrainOneStepCell/")
            + "model-GPT/" + layer + "-Block/" + op.type + "-op" + QByteArray::number(1000 + k);
        // Backward kernels compute two gradients: about twice the forward time.
        op.baseNs = rng.range(kind.minNs, kind.maxNs) * (backward ? 2 : 1);
        op.blockDim = int(rng.range(1, 5)) * 8;
        const qint64 b = rng.range(1, 4) * 8, s = rng.range(4, 16) * 128, h = rng.range(8, 32) * 128;
        op.inShape = QByteArray::number(b) + ',' + QByteArray::number(s) + ',' + QByteArray::number(h);
        op.outShape = op.inShape;
        // Some ops run on a second stream, and the last one (an optimizer-like
        // update) waits for the gradients and overlaps the allreduce.
        op.sideStream = (k % 7 == 3) || (count > 1 && k == count - 1);
        ops.push_back(std::move(op));
    }
    return ops;
}

QByteArray hostName(int rank)
{
    return "node" + QByteArray::number(rank / kRanksPerHost);
}

std::vector<Link> makeLinks(const GeneratorOptions& o, Rng& rng, int r, double gradMB)
{
    const int hosts = (o.ranks + kRanksPerHost - 1) / kRanksPerHost;
    const int host = r / kRanksPerHost;
    const int local = std::min(kRanksPerHost, o.ranks - host * kRanksPerHost);
    std::vector<int> dsts;
    // Full mesh inside a host (HCCS), a ring over hosts (RDMA).
    for (int d = host * kRanksPerHost; d < host * kRanksPerHost + local; ++d)
        if (d != r)
            dsts.push_back(d);
    if (hosts > 1) {
        const int next = (r + kRanksPerHost) % (hosts * kRanksPerHost);
        if (next < o.ranks && next != r)
            dsts.push_back(next);
    }
    // A slow link named by the user is always part of the topology.
    if (r == o.slowLinkSrc && std::find(dsts.begin(), dsts.end(), o.slowLinkDst) == dsts.end())
        dsts.push_back(o.slowLinkDst);
    if (r == o.slowLinkDst && std::find(dsts.begin(), dsts.end(), o.slowLinkSrc) == dsts.end())
        dsts.push_back(o.slowLinkSrc);

    std::vector<Link> links;
    for (const int d : dsts) {
        Link l;
        l.dst = d;
        const bool sameHost = d / kRanksPerHost == host;
        l.transport = sameHost ? "HCCS" : "RDMA";
        // Reduce-scatter + all-gather: twice the shard per peer.
        l.sizeMB = sameHost ? 2.0 * gradMB / std::max(local, 2) : 2.0 * gradMB / (std::max(local, 1) * hosts);
        double bw = sameHost ? rng.real(17.0, 18.0) : rng.real(11.0, 12.0);
        const bool slow = (r == o.slowLinkSrc && d == o.slowLinkDst) || (r == o.slowLinkDst && d == o.slowLinkSrc);
        if (slow)
            bw *= 0.4;
        l.timeNs = TimeNs(std::llround(l.sizeMB / bw * 1e6)); // MB / (GB/s) = ms
        links.push_back(l);
    }
    return links;
}

void simulate(Cluster& c)
{
    const GeneratorOptions& o = c.options;
    Rng rng(o.seed);
    c.groupHash = QString::number(rng.raw() % 9000000000000000000ULL + 10000000000000000000ULL);
    c.opBaseId = int(rng.range(100, 999));
    c.gradMB = rng.real(64.0, 192.0);
    c.ops = makeOps(rng, o.ops);
    c.ranks.resize(std::size_t(o.ranks));
    for (int r = 0; r < o.ranks; ++r) {
        RankSim& rs = c.ranks[std::size_t(r)];
        rs.rank = r;
        rs.pid = 100000 + rng.range(0, 3000000);
        rs.links = makeLinks(o, rng, r, c.gradMB);
    }

    std::vector<qint64> conn(std::size_t(o.ranks), 1000), task(std::size_t(o.ranks), 100);
    std::vector<TimeNs> stream2(std::size_t(o.ranks), 0), stream3(std::size_t(o.ranks), 0);
    TimeNs stepBaseNs = kStartNs + rng.range(0, 1000000) * kUs / 1000;
    for (int s = 0; s < o.steps; ++s) {
        const int stepNo = kFirstStep + s;
        for (int r = 0; r < o.ranks; ++r) {
            RankSim& rs = c.ranks[std::size_t(r)];
            const bool hostBound = r == o.hostBoundRank;
            const bool slow = r == o.slowRank;
            StepRec st;
            st.hostStartNs = stepBaseNs + rng.range(0, 20) * kUs;
            st.prepDurNs = rng.range(300, 600) * kUs;
            TimeNs h = st.hostStartNs + st.prepDurNs + 10 * kUs;
            auto& s2 = stream2[std::size_t(r)];
            auto& s3 = stream3[std::size_t(r)];
            // The batch copy at the start of the step.
            st.copy.step = stepNo;
            st.copy.op = -1;
            st.copy.launchNs = h;
            st.copy.launchDurNs = rng.range(20, 40) * kUs;
            st.copy.startNs = std::max(s2 + 2 * kUs, h + rng.range(5, 9) * kUs);
            st.copy.durNs = rng.range(60, 120) * kUs + rng.range(0, 999);
            st.copy.waitNs = s2 ? st.copy.startNs - s2 : 0;
            st.copy.connId = conn[std::size_t(r)]++;
            st.copy.taskId = task[std::size_t(r)]++;
            s2 = st.copy.startNs + st.copy.durNs;
            h += st.copy.launchDurNs + 5 * kUs;

            TimeNs gradientsNs = s2; // when the last stream-2 kernel ended
            for (int k = 0; k < o.ops; ++k) {
                const OpSpec& spec = c.ops[std::size_t(k)];
                Kernel kr;
                kr.step = stepNo;
                kr.op = k;
                kr.stream = spec.sideStream ? kSideStream : kComputeStream;
                // A host-bound rank spends far longer per op in Python than the
                // kernel runs, so the device drains its queue and idles.
                kr.hostDurNs = hostBound ? spec.baseNs + rng.range(150, 300) * kUs : rng.range(10, 24) * kUs;
                kr.hostNs = h;
                kr.launchNs = h + 3 * kUs;
                kr.launchDurNs = kr.hostDurNs - 5 * kUs;
                const TimeNs ready = kr.launchNs + rng.range(5, 9) * kUs;
                double scale = rng.real(0.98, 1.02);
                if (slow)
                    scale *= 1.3;
                kr.durNs = TimeNs(std::llround(double(spec.baseNs) * scale)) + rng.range(0, 999);
                TimeNs& cursor = spec.sideStream ? s3 : s2;
                TimeNs start = std::max(cursor + rng.range(1, 3) * kUs, ready);
                if (k == o.ops - 1 && spec.sideStream)
                    start = std::max(start, gradientsNs + 2 * kUs); // waits for the gradients (event wait)
                kr.startNs = start;
                kr.waitNs = cursor ? start - cursor : 0;
                cursor = start + kr.durNs;
                if (!spec.sideStream)
                    gradientsNs = cursor;
                kr.connId = conn[std::size_t(r)]++;
                kr.taskId = task[std::size_t(r)]++;
                rs.kernels.push_back(kr);
                h += kr.hostDurNs + rng.range(1, 3) * kUs;
            }
            st.hcomLaunchNs = h;
            st.hcomConnId = conn[std::size_t(r)]++;
            ++task[std::size_t(r)];
            st.commStartNs = std::max(gradientsNs, h + 5 * kUs) + 2 * kUs;
            TimeNs transit = 0;
            for (const Link& l : rs.links)
                transit = std::max(transit, l.timeNs);
            st.transitNs = transit;
            rs.steps.push_back(st);
        }
        // Collectives end together: the transfer starts when the last rank arrives.
        TimeNs arrive = 0, transit = 0;
        for (const RankSim& rs : c.ranks) {
            arrive = std::max(arrive, rs.steps.back().commStartNs);
            transit = std::max(transit, rs.steps.back().transitNs);
        }
        const TimeNs end = arrive + transit + rng.range(10, 20) * kUs;
        TimeNs nextBase = 0;
        for (RankSim& rs : c.ranks) {
            StepRec& st = rs.steps.back();
            st.arriveNs = arrive;
            st.commEndNs = end;
            st.hostEndNs = end + rng.range(10, 40) * kUs;
            nextBase = std::max(nextBase, st.hostEndNs);
            // Both streams are drained by the host's synchronize at the step end.
            stream2[std::size_t(rs.rank)] = std::max(stream2[std::size_t(rs.rank)], end);
            stream3[std::size_t(rs.rank)] = std::max(stream3[std::size_t(rs.rank)], end);
        }
        stepBaseNs = nextBase + rng.range(30, 90) * kUs;
    }
}

// The overview of one step, exactly as core/analysis/overview.h defines it.
struct StepValues
{
    IntervalSet compute, comm, commOnly, busy;
    TimeRange span;
    TimeNs values[10] {};
};

StepValues stepValues(const RankSim& rs, std::size_t s, const std::vector<const Kernel*>& kernels)
{
    StepValues v;
    std::vector<TimeRange> compute;
    for (const Kernel* k : kernels)
        compute.push_back({ k->startNs, k->startNs + k->durNs });
    const StepRec& st = rs.steps[s];
    v.compute = IntervalSet::fromUnsorted(std::move(compute));
    v.comm = IntervalSet::fromUnsorted({ { st.commStartNs, st.commEndNs } });
    v.commOnly = v.comm.subtract(v.compute);
    v.busy = v.compute.unite(v.comm);
    v.span = v.busy.bounds();
    const TimeNs bubble = 0; // data parallel only: no pipeline receives
    v.values[0] = kFirstStep + TimeNs(s);
    v.values[1] = v.compute.totalNs();
    v.values[2] = v.commOnly.totalNs();
    v.values[3] = v.comm.totalNs() - v.commOnly.totalNs();
    v.values[4] = v.comm.totalNs();
    v.values[5] = v.span.durationNs() - v.busy.totalNs();
    v.values[6] = v.span.durationNs() - bubble;
    v.values[7] = bubble;
    v.values[8] = v.commOnly.totalNs() - bubble;
    v.values[9] = v.span.startNs - st.hostStartNs;
    return v;
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
              + name + "\", \"id\": " + id + ", \"pid\": " + QByteArray::number(pid) + ", \"tid\": "
              + QByteArray::number(tid) + ", \"ts\": \"" + us(ts) + "\", \"cat\": \"" + cat + "\"}");
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
    return "{\"Model Id\": 4294967295, \"Task Type\": \"" + taskType + "\", \"Physic Stream Id\": "
        + QByteArray::number(stream) + ", \"Task Id\": " + QByteArray::number(k.taskId)
        + ", \"Batch Id\": 0, \"Subtask Id\": 4294967295, \"connection_id\": " + QByteArray::number(k.connId) + "}";
}

QByteArray launchArgs(qint64 tid, const QByteArray& api, qint64 connId)
{
    return "{\"Thread Id\": " + QByteArray::number(tid) + ", \"Mode\": \"ACL_OP\", \"level\": \"acl\", \"id\": \"" + api
        + "\", \"item_id\": \"0\", \"connection_id\": " + QByteArray::number(connId) + "}";
}

QByteArray opName(const Cluster& c, int step)
{
    return "hcom_allReduce__" + QByteArray::number(c.opBaseId) + '_' + QByteArray::number(step - kFirstStep) + "_1";
}

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
    w.meta("thread_name", kHcclPid, 0, nameArg("Group 0 Communication"));
    for (std::size_t i = 0; i < rs.links.size(); ++i)
        w.meta("thread_name", kHcclPid, qint64(i) + 1, nameArg("Plane " + QByteArray::number(qint64(i))));
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
            w.slice(spec.type, pid, pid, k->hostNs, k->hostDurNs, "cpu_op");
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
                    "{\"notify_id\": \"" + QByteArray::number(qint64(i) << 32) + "\", \"stream id\": "
                        + QByteArray::number(kCommStream) + ", \"task type\": \"Memcpy\", \"src rank\": "
                        + QByteArray::number(rs.rank) + ", \"dst rank\": " + QByteArray::number(l.dst)
                        + ", \"transport type\": \"" + (l.transport == "RDMA" ? "RDMA" : "SDMA")
                        + "\", \"size(Byte)\": " + QByteArray::number(qint64(l.sizeMB * 1e6))
                        + ", \"link type\": \"" + (l.transport == "RDMA" ? "ROCE" : "HCCS") + "\"}");
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
    for (const Kernel& k : rs.kernels) {
        const OpSpec& spec = c.ops[std::size_t(k.op)];
        const bool cube = spec.core != "AI_VECTOR_CORE";
        const bool mix = spec.core.startsWith("MIX");
        const double busyUs = double(k.durNs) / 1000.0 * 0.95;
        const double cycles = busyUs * 1800.0 * spec.blockDim;
        QByteArray row = QByteArray::number(k.step) + ",4294967295," + QByteArray::number(k.taskId) + ','
            + QByteArray::number(k.stream) + ',' + spec.name + ',' + spec.type + ",dynamic," + spec.core + ','
            + us(k.startNs) + "\t," + us(k.durNs) + ',' + us(k.waitNs) + ',' + QByteArray::number(spec.blockDim)
            + ',' + (mix ? QByteArray::number(spec.blockDim * 2) : QByteArray("0")) + ",NO,\"\"\"" + spec.inShape
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

QByteArray memoryRecordCsv(const Cluster& c, const RankSim& rs)
{
    QByteArray out = "Component,Timestamp(us),Total Allocated(MB),Total Reserved(MB),Total Active(MB),Stream Ptr,"
                     "Device Type\r\n";
    const QByteArray device = "NPU:" + QByteArray::number(rs.rank % kRanksPerHost);
    const double weightsMB = c.gradMB * 4; // weights + optimizer state
    const int forward = std::max(1, c.options.ops / 2);
    // Activations grow through the forward half and are freed in the backward half.
    const double perOpMB = 48.0;
    const double peak = weightsMB + perOpMB * forward;
    const double reserved = std::ceil(peak / 512.0) * 512.0;
    auto mb = [](double v) { return QByteArray::number(v, 'f', 4); };
    std::size_t k = 0;
    for (std::size_t s = 0; s < rs.steps.size(); ++s) {
        out += "APP," + us(rs.steps[s].hostStartNs) + "\t,," + mb(reserved + 2048.0) + ",,," + device + "\r\n";
        for (; k < rs.kernels.size() && rs.kernels[k].step == kFirstStep + int(s); ++k) {
            const Kernel& kr = rs.kernels[k];
            const int live = kr.op < forward ? kr.op + 1 : std::max(0, 2 * forward - kr.op - 1);
            const double allocated = weightsMB + perOpMB * live;
            out += "PTA," + us(kr.hostNs) + "\t," + mb(allocated) + ',' + mb(reserved) + ',' + mb(allocated)
                + ",187650000000000," + device + "\r\n";
        }
    }
    return out;
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

QByteArray communicationJson(const Cluster& c, const RankSim& rs)
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
    for (std::size_t s = 0; s < rs.steps.size(); ++s) {
        const StepRec& st = rs.steps[s];
        const int stepNo = kFirstStep + int(s);
        const TimeNs elapse = st.commEndNs - st.commStartNs;
        const TimeNs wait = st.arriveNs - st.commStartNs; // waiting for the slowest rank
        const TimeNs sync = wait * 99 / 100;
        const TimeNs idle = elapse - st.transitNs - wait;
        QJsonObject time;
        time.insert(QStringLiteral("Start Timestamp(us)"), double(st.commStartNs) / 1000.0);
        time.insert(QStringLiteral("Elapse Time(ms)"), ms(elapse));
        time.insert(QStringLiteral("Transit Time(ms)"), ms(st.transitNs));
        time.insert(QStringLiteral("Wait Time(ms)"), ms(wait));
        time.insert(QStringLiteral("Synchronization Time(ms)"), ms(sync));
        time.insert(QStringLiteral("Idle Time(ms)"), ms(idle));
        time.insert(QStringLiteral("Wait Time Ratio"), round4(double(wait) / double(std::max<TimeNs>(1, wait + st.transitNs))));
        time.insert(QStringLiteral("Synchronization Time Ratio"),
                    round4(double(sync) / double(std::max<TimeNs>(1, sync + st.transitNs))));
        QJsonObject bandwidth;
        bandwidth.insert(QStringLiteral("HCCS"), transportInfo(hccsMB, hccsNs, 2.097152, 16.0));
        bandwidth.insert(QStringLiteral("SDMA"), transportInfo(hccsMB, hccsNs, 2.097152, 16.0));
        bandwidth.insert(QStringLiteral("RDMA"), transportInfo(rdmaMB, rdmaNs, 1.048576, 1.0));
        bandwidth.insert(QStringLiteral("PCIE"), transportInfo(0, 0, 1, 1));
        bandwidth.insert(QStringLiteral("SIO"), transportInfo(0, 0, 1, 1));
        QJsonObject op;
        op.insert(QStringLiteral("Communication Time Info"), time);
        op.insert(QStringLiteral("Communication Bandwidth Info"), bandwidth);
        QJsonObject collective;
        collective.insert(QString::fromLatin1(opName(c, stepNo)) + QLatin1Char('@') + c.groupHash, op);
        QJsonObject step;
        step.insert(QStringLiteral("collective"), collective);
        step.insert(QStringLiteral("p2p"), QJsonObject());
        root.insert(QStringLiteral("step%1").arg(stepNo), step);
    }
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QByteArray communicationMatrixJson(const Cluster& c, const RankSim& rs)
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
            collective.insert(QStringLiteral("allreduce-%1@%2").arg(QLatin1String(cls), c.groupHash), links);
        QJsonObject step;
        step.insert(QStringLiteral("collective"), collective);
        step.insert(QStringLiteral("p2p"), QJsonObject());
        root.insert(QStringLiteral("step%1").arg(stepNo), step);
    }
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QByteArray profilerInfo(const Cluster& c, const RankSim& rs)
{
    QJsonObject params;
    params.insert(QStringLiteral("profiler_level"), QStringLiteral("Level1"));
    params.insert(QStringLiteral("activities"), QJsonArray { QStringLiteral("CPU"), QStringLiteral("NPU") });
    params.insert(QStringLiteral("aic_metrics"), QStringLiteral("PipeUtilization"));
    params.insert(QStringLiteral("profile_memory"), true);
    params.insert(QStringLiteral("with_stack"), false);
    params.insert(QStringLiteral("data_simplification"), true);
    params.insert(QStringLiteral("export_type"), QJsonArray { QStringLiteral("text") });
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

QByteArray profilerMetadata(const Cluster& c, const RankSim& rs)
{
    QJsonObject args;
    args.insert(QStringLiteral("tensor_model_parallel_size"), 1);
    args.insert(QStringLiteral("pipeline_model_parallel_size"), 1);
    args.insert(QStringLiteral("data_parallel_size"), c.options.ranks);
    args.insert(QStringLiteral("world_size"), c.options.ranks);
    args.insert(QStringLiteral("rank"), rs.rank);
    QJsonArray all;
    for (int r = 0; r < c.options.ranks; ++r)
        all.append(r);
    QJsonObject group;
    group.insert(QStringLiteral("group_name"), QStringLiteral("dp"));
    group.insert(QStringLiteral("group_rank"), rs.rank);
    group.insert(QStringLiteral("global_ranks"), all);
    QJsonObject groups;
    groups.insert(c.groupHash, group); // keyed like the communication domain of communication.json
    QJsonObject root;
    root.insert(QStringLiteral("distributed_args"), args);
    root.insert(QStringLiteral("parallel_group_info"), groups);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

bool writeFile(const QString& path, const QByteArray& data, QString* error)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(data) != data.size() || !f.flush()) {
        if (error)
            *error = Tr::tr("cannot write %1: %2").arg(QDir::toNativeSeparators(path), f.errorString());
        return false;
    }
    return true;
}

bool validate(const QString& out, const GeneratorOptions& o, QString* error)
{
    auto fail = [error](const QString& text) {
        if (error)
            *error = text;
        return false;
    };
    if (out.isEmpty())
        return fail(Tr::tr("no output folder given"));
    if (o.ranks < 1 || o.ranks > 4096)
        return fail(Tr::tr("--ranks must be between 1 and 4096"));
    if (o.steps < 1 || o.steps > 10000)
        return fail(Tr::tr("--steps must be between 1 and 10000"));
    if (o.ops < 1 || o.ops > 100000)
        return fail(Tr::tr("--ops must be between 1 and 100000"));
    if (o.slowRank >= o.ranks || o.slowRank < -1)
        return fail(Tr::tr("--slow-rank must be a rank between 0 and %1").arg(o.ranks - 1));
    if (o.hostBoundRank >= o.ranks || o.hostBoundRank < -1)
        return fail(Tr::tr("--host-bound-rank must be a rank between 0 and %1").arg(o.ranks - 1));
    if (o.slowLinkSrc != -1 || o.slowLinkDst != -1) {
        if (o.slowLinkSrc < 0 || o.slowLinkDst < 0 || o.slowLinkSrc >= o.ranks || o.slowLinkDst >= o.ranks
            || o.slowLinkSrc == o.slowLinkDst)
            return fail(Tr::tr("--slow-link must name two different ranks between 0 and %1").arg(o.ranks - 1));
    }
    const QDir dir(out);
    if (dir.exists() && !dir.isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden) && !o.force)
        return fail(Tr::tr("%1 is not empty (use --force to write into it anyway)").arg(QDir::toNativeSeparators(out)));
    return true;
}

} // namespace

bool generateCluster(const QString& out, const GeneratorOptions& options, QString* error)
{
    if (!validate(out, options, error))
        return false;
    Cluster c;
    c.options = options;
    simulate(c);

    for (const RankSim& rs : c.ranks) {
        // {worker}_{pid}_{timestamp}_ascend_ms, as MindSpore names rank folders.
        const QString folder = QStringLiteral("%1_%2_%3_ascend_ms")
                                   .arg(QString::fromLatin1(hostName(rs.rank)))
                                   .arg(rs.pid)
                                   .arg(20250109153803000LL + rs.rank * 17);
        const QString root = QDir(out).filePath(folder);
        const QString output = QDir(root).filePath(QStringLiteral("ASCEND_PROFILER_OUTPUT"));
        if (!QDir().mkpath(output)) {
            if (error)
                *error = Tr::tr("cannot create %1").arg(QDir::toNativeSeparators(output));
            return false;
        }
        std::vector<std::vector<const Kernel*>> perStep(rs.steps.size()), computePerStep(rs.steps.size());
        for (const Kernel& k : rs.kernels) {
            perStep[std::size_t(k.step - kFirstStep)].push_back(&k);
            computePerStep[std::size_t(k.step - kFirstStep)].push_back(&k);
        }
        std::vector<StepValues> values;
        for (std::size_t s = 0; s < rs.steps.size(); ++s)
            values.push_back(stepValues(rs, s, computePerStep[s]));

        const QDir r(root), o(output);
        if (!writeFile(r.filePath(QStringLiteral("profiler_info_%1.json").arg(rs.rank)), profilerInfo(c, rs), error)
            || !writeFile(r.filePath(QStringLiteral("profiler_metadata.json")), profilerMetadata(c, rs), error)
            || !writeFile(o.filePath(QStringLiteral("trace_view.json")), traceView(c, rs, perStep, values), error)
            || !writeFile(o.filePath(QStringLiteral("kernel_details.csv")), kernelDetailsCsv(c, rs), error)
            || !writeFile(o.filePath(QStringLiteral("step_trace_time.csv")), stepTraceCsv(values), error)
            || !writeFile(o.filePath(QStringLiteral("communication.json")), communicationJson(c, rs), error)
            || !writeFile(o.filePath(QStringLiteral("communication_matrix.json")), communicationMatrixJson(c, rs), error)
            || !writeFile(o.filePath(QStringLiteral("op_statistic.csv")), opStatisticCsv(c, rs), error)
            || !writeFile(o.filePath(QStringLiteral("memory_record.csv")), memoryRecordCsv(c, rs), error))
            return false;
    }
    return true;
}

} // namespace profscope
