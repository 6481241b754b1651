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
    bool backward = false;
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

// A communication op besides the step's data-parallel AllReduce: a pipeline
// send / receive or a tensor-parallel AllReduce (pp / tp runs only).
struct ExtraOp
{
    enum Kind
    {
        Send,
        Receive,
        TpAllReduce,
        ModelAllReduce, // the gradient norm over the model-parallel (pp x tp) group at the step end
    };
    Kind kind = Send;
    QByteArray name;
    int lane = 0; // tid of its group's lane on the HCCL process
    int peer = -1; // the other rank of a send / receive
    QByteArray transport;
    double sizeMB = 0;
    TimeNs launchNs = 0;
    qint64 connId = 0;
    TimeNs startNs = 0;
    TimeNs arriveNs = 0; // when the transfer could start (the data / the last rank was there)
    TimeNs endNs = 0;
    TimeNs transitNs = 0;
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
    std::vector<ExtraOp> extra; // in launch order
};

struct RankSim
{
    int rank = 0;
    qint64 pid = 0;
    std::vector<Kernel> kernels;
    std::vector<StepRec> steps;
    std::vector<Link> links; // what this rank sends on, per step
    // Parallel layout (pp / tp runs; the data-parallel default has one group).
    int stage = 0;
    int dpIndex = 0;
    int tpIndex = 0;
    QString dpHash, ppHash, tpHash, mpHash;
    std::vector<int> dpGroup, ppGroup, tpGroup, mpGroup; // global ranks
};

struct Cluster
{
    GeneratorOptions options;
    std::vector<OpSpec> ops;
    std::vector<RankSim> ranks;
    QString groupHash;
    int opBaseId = 0;
    double gradMB = 0;
    bool parallel = false; // pp or tp > 1: the pipeline simulation and its files
    int microBatches = 1;
    int forwardOps = 0; // per micro-batch
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
        { "MatMul", "AI_CORE", 120 * kUs, 420 * kUs },
        { "BatchMatMul", "AI_CORE", 150 * kUs, 380 * kUs },
        { "FlashAttentionScore", "MIX_AIC", 200 * kUs, 500 * kUs },
        { "LayerNorm", "AI_VECTOR_CORE", 20 * kUs, 60 * kUs },
        { "Gelu", "AI_VECTOR_CORE", 15 * kUs, 45 * kUs },
        { "Softmax", "AI_VECTOR_CORE", 20 * kUs, 70 * kUs },
        { "Add", "AI_VECTOR_CORE", 8 * kUs, 25 * kUs },
        { "Cast", "AI_VECTOR_CORE", 6 * kUs, 20 * kUs },
        { "TransData", "AI_VECTOR_CORE", 10 * kUs, 50 * kUs },
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
        op.backward = backward;
        // MindSpore full-scope names: forward under Default/, backward under Gradients/.
        op.name =
            QByteArray(backward ? "Gradients/Default/network-TrainOneStepCell/" : "Default/network-TrainOneStepCell/")
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

// ---------------------------------------------------------------------------
// Pipeline / tensor parallel runs.

// Megatron rank order: tp fastest, then dp, then pp.
struct Layout
{
    int ranks = 1, pp = 1, tp = 1, dp = 1;
    int perStage() const
    {
        return ranks / pp;
    }
    int stage(int r) const
    {
        return r / perStage();
    }
    int dpIndex(int r) const
    {
        return (r % perStage()) / tp;
    }
    int tpIndex(int r) const
    {
        return r % tp;
    }
    int rank(int stage, int dpIndex, int tpIndex) const
    {
        return stage * perStage() + dpIndex * tp + tpIndex;
    }
};

QString groupHash(const QString& base, int kind, int index)
{
    // Distinct 20-digit ids per group, derived from the run's base id.
    return QString::number(base.toULongLong() + std::uint64_t(kind) * 1000003ULL + std::uint64_t(index) * 7ULL);
}

// The data-parallel AllReduce's links: a full mesh among the group's ranks on
// one host (HCCS) and a ring to the next host's member (RDMA).
std::vector<Link> makeGroupLinks(
    const GeneratorOptions& o, Rng& rng, int r, const std::vector<int>& members, double gradMB)
{
    const int host = r / kRanksPerHost;
    std::vector<int> dsts;
    int local = 0;
    std::vector<int> hosts;
    for (const int m : members) {
        if (m / kRanksPerHost == host)
            ++local;
        if (std::find(hosts.begin(), hosts.end(), m / kRanksPerHost) == hosts.end())
            hosts.push_back(m / kRanksPerHost);
        if (m != r && m / kRanksPerHost == host)
            dsts.push_back(m);
    }
    const auto self = std::find(members.begin(), members.end(), r);
    if (hosts.size() > 1 && self != members.end()) {
        const std::size_t at = std::size_t(self - members.begin());
        for (std::size_t i = 1; i < members.size(); ++i) {
            const int m = members[(at + i) % members.size()];
            if (m / kRanksPerHost != host) {
                dsts.push_back(m);
                break;
            }
        }
    }
    if (r == o.slowLinkSrc && std::find(dsts.begin(), dsts.end(), o.slowLinkDst) == dsts.end())
        dsts.push_back(o.slowLinkDst);
    if (r == o.slowLinkDst && std::find(dsts.begin(), dsts.end(), o.slowLinkSrc) == dsts.end())
        dsts.push_back(o.slowLinkSrc);
    std::vector<Link> links;
    const int hostCount = int(hosts.size());
    for (const int d : dsts) {
        Link l;
        l.dst = d;
        const bool sameHost = d / kRanksPerHost == host;
        l.transport = sameHost ? "HCCS" : "RDMA";
        l.sizeMB = sameHost ? 2.0 * gradMB / std::max(local, 2) : 2.0 * gradMB / (std::max(local, 1) * hostCount);
        double bw = sameHost ? rng.real(17.0, 18.0) : rng.real(11.0, 12.0);
        if ((r == o.slowLinkSrc && d == o.slowLinkDst) || (r == o.slowLinkDst && d == o.slowLinkSrc))
            bw *= 0.4;
        l.timeNs = TimeNs(std::llround(l.sizeMB / bw * 1e6));
        links.push_back(l);
    }
    return links;
}

// One device-side item of a rank's step program, with its host side and its
// random draws decided up front so that the schedule itself is deterministic.
struct Item
{
    enum Type
    {
        Compute,
        Send,
        Receive,
        TpReduce
    };
    Type type = Compute;
    int microBatch = 0;
    bool backward = false;
    std::vector<Kernel> kernels; // Compute: host side and durations filled
    std::vector<TimeNs> readyNs, gapNs;
    ExtraOp op; // Send / Receive / TpReduce
    TimeNs readyOpNs = 0;
    TimeNs jitterNs = 0;
    int tpSeq = 0;
    bool arrived = false;
    bool done = false;
};

// 1F1B: warm-up forwards, then one forward and one backward alternately,
// then the remaining backwards.
std::vector<std::pair<int, bool>> oneFOneB(int stage, int stages, int microBatches)
{
    std::vector<std::pair<int, bool>> order;
    const int warm = std::min(stages - stage - 1, microBatches);
    for (int m = 0; m < warm; ++m)
        order.push_back({ m, false });
    for (int i = 0; i < microBatches - warm; ++i) {
        order.push_back({ warm + i, false });
        order.push_back({ i, true });
    }
    for (int m = microBatches - warm; m < microBatches; ++m)
        order.push_back({ m, true });
    return order;
}

bool simulateParallel(Cluster& c)
{
    const GeneratorOptions& o = c.options;
    Layout lay;
    lay.ranks = o.ranks;
    lay.pp = o.pipelineStages;
    lay.tp = o.tensorParallel;
    lay.dp = o.ranks / (lay.pp * lay.tp);
    Rng rng(o.seed);
    c.parallel = true;
    c.groupHash = QString::number(rng.raw() % 9000000000000000000ULL + 10000000000000000000ULL);
    c.opBaseId = int(rng.range(100, 999));
    c.gradMB = rng.real(64.0, 192.0) / lay.pp; // each stage holds its share of the layers
    c.microBatches = lay.pp > 1 ? (o.microBatches > 0 ? o.microBatches : std::max(4, 2 * lay.pp)) : 1;
    c.forwardOps = std::max(1, o.ops / 2);
    // Every stage runs its own layers: one op list per stage, names told apart.
    TimeNs stageWorkNs = 0;
    for (int s = 0; s < lay.pp; ++s) {
        std::vector<OpSpec> ops = makeOps(rng, o.ops);
        // Balanced stages, as a tuned pipeline has: scale to stage 0's work.
        TimeNs work = 0;
        for (const OpSpec& op : ops)
            work += op.baseNs;
        if (s == 0)
            stageWorkNs = work;
        else if (work > 0)
            for (OpSpec& op : ops)
                op.baseNs = std::max<TimeNs>(kUs, op.baseNs * stageWorkNs / work);
        for (std::size_t k = 0; k < ops.size(); ++k) {
            OpSpec& op = ops[k];
            if (lay.pp > 1)
                op.name.replace("model-GPT/", QByteArray("model-GPT/stage" + QByteArray::number(s) + "-PipelineCell/"));
            op.sideStream = k % 7 == 3; // no optimizer-like update per micro-batch
            c.ops.push_back(std::move(op));
        }
    }
    const double activationMB = c.gradMB / 12.0;

    c.ranks.resize(std::size_t(o.ranks));
    for (int r = 0; r < o.ranks; ++r) {
        RankSim& rs = c.ranks[std::size_t(r)];
        rs.rank = r;
        rs.pid = 100000 + rng.range(0, 3000000);
        rs.stage = lay.stage(r);
        rs.dpIndex = lay.dpIndex(r);
        rs.tpIndex = lay.tpIndex(r);
        for (int d = 0; d < lay.dp; ++d)
            rs.dpGroup.push_back(lay.rank(rs.stage, d, rs.tpIndex));
        for (int s = 0; s < lay.pp; ++s)
            rs.ppGroup.push_back(lay.rank(s, rs.dpIndex, rs.tpIndex));
        for (int t = 0; t < lay.tp; ++t)
            rs.tpGroup.push_back(lay.rank(rs.stage, rs.dpIndex, t));
        rs.dpHash = groupHash(c.groupHash, 0, rs.stage * lay.tp + rs.tpIndex);
        rs.ppHash = groupHash(c.groupHash, 1, rs.dpIndex * lay.tp + rs.tpIndex);
        rs.tpHash = groupHash(c.groupHash, 2, rs.stage * lay.dp + rs.dpIndex);
        rs.mpHash = groupHash(c.groupHash, 3, rs.dpIndex);
        for (int s = 0; s < lay.pp; ++s)
            for (int t = 0; t < lay.tp; ++t)
                rs.mpGroup.push_back(lay.rank(s, rs.dpIndex, t));
        rs.links = makeGroupLinks(o, rng, r, rs.dpGroup, c.gradMB);
    }
    // Pipeline links: every rank to its neighbours in its pp group.
    std::map<std::pair<int, int>, Link> p2p;
    for (int r = 0; r < o.ranks; ++r) {
        for (const int d : { r - lay.perStage(), r + lay.perStage() }) {
            if (d < 0 || d >= o.ranks)
                continue;
            Link l;
            l.dst = d;
            const bool sameHost = d / kRanksPerHost == r / kRanksPerHost;
            l.transport = sameHost ? "HCCS" : "RDMA";
            l.sizeMB = activationMB;
            double bw = sameHost ? rng.real(17.0, 18.0) : rng.real(11.0, 12.0);
            if ((r == o.slowLinkSrc && d == o.slowLinkDst) || (r == o.slowLinkDst && d == o.slowLinkSrc))
                bw *= 0.4;
            l.timeNs = TimeNs(std::llround(l.sizeMB / bw * 1e6));
            p2p[{ r, d }] = l;
        }
    }
    const TimeNs tpTransitNs = TimeNs(std::llround(activationMB / std::max(lay.tp, 1) / 17.5 * 1e6));

    struct Device
    {
        TimeNs s2 = 0, s3 = 0, ppLane = 0;
        qint64 conn = 1000, task = 100;
        int sends = 0, receives = 0, reduces = 0;
    };
    std::vector<Device> dev(std::size_t(o.ranks));
    TimeNs stepBaseNs = kStartNs + rng.range(0, 1000000) * kUs / 1000;
    const int perMb = o.ops;
    for (int s = 0; s < o.steps; ++s) {
        const int stepNo = kFirstStep + s;
        std::vector<std::vector<Item>> items(std::size_t(o.ranks));
        // Host side and random draws.
        for (int r = 0; r < o.ranks; ++r) {
            RankSim& rs = c.ranks[std::size_t(r)];
            Device& dv = dev[std::size_t(r)];
            const bool hostBound = r == o.hostBoundRank;
            const bool slow = r == o.slowRank;
            StepRec st;
            st.hostStartNs = stepBaseNs + rng.range(0, 20) * kUs;
            st.prepDurNs = rng.range(300, 600) * kUs;
            TimeNs h = st.hostStartNs + st.prepDurNs + 10 * kUs;
            st.copy.step = stepNo;
            st.copy.op = -1;
            st.copy.launchNs = h;
            st.copy.launchDurNs = rng.range(20, 40) * kUs;
            st.copy.startNs = std::max(dv.s2 + 2 * kUs, h + rng.range(5, 9) * kUs);
            st.copy.durNs = rng.range(60, 120) * kUs + rng.range(0, 999);
            st.copy.waitNs = dv.s2 ? st.copy.startNs - dv.s2 : 0;
            st.copy.connId = dv.conn++;
            st.copy.taskId = dv.task++;
            dv.s2 = st.copy.startNs + st.copy.durNs;
            h += st.copy.launchDurNs + 5 * kUs;

            std::vector<Item>& list = items[std::size_t(r)];
            auto comm = [&](Item::Type type, ExtraOp::Kind kind, int peer, int mb, bool backward) {
                Item it;
                it.type = type;
                it.microBatch = mb;
                it.backward = backward;
                ExtraOp& op = it.op;
                op.kind = kind;
                op.peer = peer;
                op.launchNs = h;
                op.connId = dv.conn++;
                ++dv.task;
                const int base = c.opBaseId;
                if (kind == ExtraOp::Send) {
                    op.name =
                        "hcom_send__" + QByteArray::number(base + 1) + '_' + QByteArray::number(dv.sends++) + "_1";
                    const Link& l = p2p[{ r, peer }];
                    op.transport = l.transport;
                    op.sizeMB = l.sizeMB;
                    op.transitNs = l.timeNs;
                } else if (kind == ExtraOp::Receive) {
                    op.name = "hcom_receive__" + QByteArray::number(base + 1) + '_' + QByteArray::number(dv.receives++)
                        + "_1";
                    const Link& l = p2p[{ peer, r }];
                    op.transport = l.transport;
                    op.sizeMB = l.sizeMB;
                    op.transitNs = l.timeNs;
                } else {
                    it.tpSeq = dv.reduces;
                    op.name = "hcom_allReduce__" + QByteArray::number(base + 2) + '_' + QByteArray::number(dv.reduces++)
                        + "_1";
                    op.transport = "HCCS";
                    op.sizeMB = activationMB / lay.tp;
                    op.transitNs = tpTransitNs;
                    it.jitterNs = rng.range(5, 15) * kUs;
                }
                op.lane = kind == ExtraOp::TpAllReduce ? int(rs.links.size()) + 2 : int(rs.links.size()) + 1;
                it.readyOpNs = h + rng.range(5, 9) * kUs;
                h += 4 * kUs + rng.range(1, 3) * kUs;
                list.push_back(std::move(it));
            };
            for (const auto& [mb, backward] : oneFOneB(rs.stage, lay.pp, c.microBatches)) {
                const int from = backward ? r + lay.perStage() : r - lay.perStage();
                const int to = backward ? r - lay.perStage() : r + lay.perStage();
                if (from >= 0 && from < o.ranks)
                    comm(Item::Receive, ExtraOp::Receive, from, mb, backward);
                Item it;
                it.type = Item::Compute;
                it.microBatch = mb;
                it.backward = backward;
                const int first = rs.stage * perMb + (backward ? c.forwardOps : 0);
                const int last = rs.stage * perMb + (backward ? perMb : c.forwardOps);
                for (int k = first; k < last; ++k) {
                    const OpSpec& spec = c.ops[std::size_t(k)];
                    Kernel kr;
                    kr.step = stepNo;
                    kr.op = k;
                    kr.stream = spec.sideStream ? kSideStream : kComputeStream;
                    kr.hostDurNs = hostBound ? spec.baseNs + rng.range(150, 300) * kUs : rng.range(10, 24) * kUs;
                    kr.hostNs = h;
                    kr.launchNs = h + 3 * kUs;
                    kr.launchDurNs = kr.hostDurNs - 5 * kUs;
                    it.readyNs.push_back(kr.launchNs + rng.range(5, 9) * kUs);
                    double scale = rng.real(0.98, 1.02);
                    if (slow)
                        scale *= 1.3;
                    kr.durNs = TimeNs(std::llround(double(spec.baseNs) * scale)) + rng.range(0, 999);
                    it.gapNs.push_back(rng.range(1, 3) * kUs);
                    kr.connId = dv.conn++;
                    kr.taskId = dv.task++;
                    it.kernels.push_back(kr);
                    h += kr.hostDurNs + rng.range(1, 3) * kUs;
                }
                if (!it.kernels.empty())
                    list.push_back(std::move(it));
                if (lay.tp > 1)
                    comm(Item::TpReduce, ExtraOp::TpAllReduce, -1, mb, backward);
                if (to >= 0 && to < o.ranks)
                    comm(Item::Send, ExtraOp::Send, to, mb, backward);
            }
            st.hcomLaunchNs = h;
            st.hcomConnId = dv.conn++;
            ++dv.task;
            rs.steps.push_back(st);
        }

        // Device side: run every rank's program as far as its dependencies allow.
        std::map<std::tuple<int, int, int, bool>, TimeNs> sent; // (from, to, micro-batch, backward) -> send start
        std::map<std::pair<int, int>, std::vector<std::pair<int, std::size_t>>> reduces; // (tp group, seq)
        std::vector<std::size_t> pos(std::size_t(o.ranks), 0);
        auto run = [&](int r, Item& it) -> bool {
            Device& dv = dev[std::size_t(r)];
            RankSim& rs = c.ranks[std::size_t(r)];
            switch (it.type) {
            case Item::Compute: {
                const TimeNs segmentStart = dv.s2;
                for (std::size_t i = 0; i < it.kernels.size(); ++i) {
                    Kernel& kr = it.kernels[i];
                    TimeNs& cursor = kr.stream == kSideStream ? dv.s3 : dv.s2;
                    TimeNs start = std::max(cursor + it.gapNs[i], it.readyNs[i]);
                    if (kr.stream == kSideStream)
                        start = std::max(start, segmentStart);
                    kr.startNs = start;
                    kr.waitNs = cursor ? start - cursor : 0;
                    cursor = start + kr.durNs;
                    rs.kernels.push_back(kr);
                }
                return true;
            }
            case Item::Send: {
                ExtraOp& op = it.op;
                op.startNs = std::max({ it.readyOpNs, dv.s2, dv.ppLane });
                op.arriveNs = op.startNs;
                op.endNs = op.startNs + op.transitNs;
                dv.ppLane = op.endNs;
                sent[{ r, op.peer, it.microBatch, it.backward }] = op.startNs;
                rs.steps.back().extra.push_back(op);
                return true;
            }
            case Item::Receive: {
                const auto found = sent.find({ it.op.peer, r, it.microBatch, it.backward });
                if (found == sent.end())
                    return false;
                ExtraOp& op = it.op;
                op.startNs = std::max({ it.readyOpNs, dv.s2, dv.ppLane });
                op.arriveNs = std::max(op.startNs, found->second);
                op.endNs = op.arriveNs + op.transitNs;
                dv.ppLane = op.endNs;
                dv.s2 = std::max(dv.s2, op.endNs); // the next pass needs the data
                dv.s3 = std::max(dv.s3, op.endNs);
                rs.steps.back().extra.push_back(op);
                return true;
            }
            case Item::TpReduce: {
                const int group = rs.stage * lay.dp + rs.dpIndex;
                auto& waiting = reduces[{ group, it.tpSeq }];
                if (!it.arrived) {
                    it.arrived = true;
                    it.op.startNs = std::max(it.readyOpNs, dv.s2);
                    waiting.push_back({ r, pos[std::size_t(r)] });
                }
                if (int(waiting.size()) < lay.tp)
                    return false;
                TimeNs arrive = 0;
                for (const auto& [m, i] : waiting)
                    arrive = std::max(arrive, items[std::size_t(m)][i].op.startNs);
                const Item& firstItem = items[std::size_t(waiting.front().first)][waiting.front().second];
                const TimeNs end = arrive + firstItem.op.transitNs + firstItem.jitterNs;
                for (const auto& [m, i] : waiting) {
                    Item& member = items[std::size_t(m)][i];
                    member.op.arriveNs = arrive;
                    member.op.endNs = end;
                    Device& md = dev[std::size_t(m)];
                    md.s2 = std::max(md.s2, end);
                    md.s3 = std::max(md.s3, end);
                    c.ranks[std::size_t(m)].steps.back().extra.push_back(member.op);
                    member.done = true;
                }
                return true;
            }
            }
            return false;
        };
        for (bool progress = true; progress;) {
            progress = false;
            for (int r = 0; r < o.ranks; ++r) {
                std::vector<Item>& list = items[std::size_t(r)];
                std::size_t& p = pos[std::size_t(r)];
                while (p < list.size()) {
                    if (!list[p].done) {
                        if (!run(r, list[p]))
                            break;
                        list[p].done = true;
                    }
                    ++p;
                    progress = true;
                }
            }
        }
        for (int r = 0; r < o.ranks; ++r)
            if (pos[std::size_t(r)] != items[std::size_t(r)].size())
                return false;

        // The data-parallel AllReduce of each stage's gradients ends together in its group.
        for (RankSim& rs : c.ranks) {
            StepRec& st = rs.steps.back();
            const Device& dv = dev[std::size_t(rs.rank)];
            st.commStartNs = std::max(std::max(dv.s2, dv.s3), st.hcomLaunchNs + 5 * kUs) + 2 * kUs;
            TimeNs transit = 0;
            for (const Link& l : rs.links)
                transit = std::max(transit, l.timeNs);
            st.transitNs = transit;
        }
        TimeNs nextBase = 0;
        for (RankSim& first : c.ranks) {
            if (first.dpGroup.front() != first.rank)
                continue;
            TimeNs arrive = 0, transit = 0;
            for (const int m : first.dpGroup) {
                arrive = std::max(arrive, c.ranks[std::size_t(m)].steps.back().commStartNs);
                transit = std::max(transit, c.ranks[std::size_t(m)].steps.back().transitNs);
            }
            const TimeNs end = arrive + transit + rng.range(10, 20) * kUs;
            for (const int m : first.dpGroup) {
                RankSim& rs = c.ranks[std::size_t(m)];
                StepRec& st = rs.steps.back();
                st.arriveNs = arrive;
                st.commEndNs = end;
            }
        }
        // Megatron's gradient-norm AllReduce over the model-parallel group
        // (every stage of one pipeline): the one collective that joins the
        // stages, so their clocks can be aligned.
        if (lay.pp > 1) {
            for (RankSim& first : c.ranks) {
                if (first.mpGroup.front() != first.rank)
                    continue;
                TimeNs arrive = 0;
                for (const int m : first.mpGroup) {
                    RankSim& rs = c.ranks[std::size_t(m)];
                    StepRec& st = rs.steps.back();
                    ExtraOp op;
                    op.kind = ExtraOp::ModelAllReduce;
                    op.name =
                        "hcom_allReduce__" + QByteArray::number(c.opBaseId + 3) + '_' + QByteArray::number(s) + "_1";
                    op.lane = int(rs.links.size()) + 3;
                    op.transport = "RDMA";
                    op.sizeMB = 0.000004;
                    op.launchNs = st.hcomLaunchNs + 10 * kUs;
                    op.connId = dev[std::size_t(m)].conn++;
                    ++dev[std::size_t(m)].task;
                    TimeNs last = st.commEndNs;
                    for (const ExtraOp& x : st.extra)
                        last = std::max(last, x.endNs);
                    op.startNs = std::max(last, op.launchNs + 5 * kUs) + 2 * kUs;
                    arrive = std::max(arrive, op.startNs);
                    st.extra.push_back(op);
                }
                const TimeNs transit = rng.range(15, 30) * kUs;
                const TimeNs end = arrive + transit + rng.range(3, 8) * kUs;
                for (const int m : first.mpGroup) {
                    ExtraOp& op = c.ranks[std::size_t(m)].steps.back().extra.back();
                    op.arriveNs = arrive;
                    op.transitNs = transit;
                    op.endNs = end;
                }
            }
        }
        for (RankSim& rs : c.ranks) {
            StepRec& st = rs.steps.back();
            TimeNs last = st.commEndNs;
            for (const ExtraOp& op : st.extra)
                last = std::max(last, op.endNs);
            st.hostEndNs = last + rng.range(10, 40) * kUs;
            nextBase = std::max(nextBase, st.hostEndNs);
            Device& dv = dev[std::size_t(rs.rank)];
            dv.s2 = dv.s3 = dv.ppLane = last;
        }
        stepBaseNs = nextBase + rng.range(30, 90) * kUs;
    }
    return true;
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
    std::vector<TimeRange> comm { { st.commStartNs, st.commEndNs } }, receive;
    for (const ExtraOp& op : st.extra) {
        comm.push_back({ op.startNs, op.endNs });
        if (op.kind == ExtraOp::Receive)
            receive.push_back({ op.startNs, op.endNs });
    }
    v.comm = IntervalSet::fromUnsorted(std::move(comm));
    v.commOnly = v.comm.subtract(v.compute);
    v.busy = v.compute.unite(v.comm);
    v.span = v.busy.bounds();
    // Pipeline receives are the bubble (waiting for the neighbour stage).
    const TimeNs bubble = IntervalSet::fromUnsorted(std::move(receive)).totalNs();
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
    for (const Kernel& k : rs.kernels) {
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

QByteArray memoryRecordCsv(const Cluster& c, const RankSim& rs)
{
    QByteArray out = "Component,Timestamp(us),Total Allocated(MB),Total Reserved(MB),Total Active(MB),Stream Ptr,"
                     "Device Type\r\n";
    const QByteArray device = "NPU:" + QByteArray::number(rs.rank % kRanksPerHost);
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
    auto mb = [](double v) { return QByteArray::number(v, 'f', 4); };
    std::size_t k = 0;
    for (std::size_t s = 0; s < rs.steps.size(); ++s) {
        out += "APP," + us(rs.steps[s].hostStartNs) + "\t,," + mb(reserved + 2048.0) + ",,," + device + "\r\n";
        int running = 0;
        for (; k < rs.kernels.size() && rs.kernels[k].step == kFirstStep + int(s); ++k) {
            const Kernel& kr = rs.kernels[k];
            const int live = c.parallel ? liveAfter(running, kr)
                                        : (kr.op < forward ? kr.op + 1 : std::max(0, 2 * forward - kr.op - 1));
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

QByteArray parallelMetadata(const Cluster& c, const RankSim& rs)
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
    add(rs.dpHash, QStringLiteral("dp"), rs.dpGroup);
    add(rs.ppHash, QStringLiteral("pp"), rs.ppGroup);
    add(rs.tpHash, QStringLiteral("tp"), rs.tpGroup);
    if (o.pipelineStages > 1)
        add(rs.mpHash, QStringLiteral("mp"), rs.mpGroup); // model parallel: one whole pipeline
    QJsonObject root;
    root.insert(QStringLiteral("distributed_args"), args);
    root.insert(QStringLiteral("parallel_group_info"), groups);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QByteArray profilerMetadata(const Cluster& c, const RankSim& rs)
{
    if (c.parallel)
        return parallelMetadata(c, rs);
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
    if (o.pipelineStages < 1 || o.tensorParallel < 1 || o.ranks % (o.pipelineStages * o.tensorParallel) != 0)
        return fail(Tr::tr("--ranks (%1) must be divisible by --pp × --tp (%2 × %3)")
                        .arg(o.ranks)
                        .arg(o.pipelineStages)
                        .arg(o.tensorParallel));
    if (o.microBatches < 0 || o.microBatches > 1000)
        return fail(Tr::tr("the number of micro-batches must be between 0 (automatic) and 1000"));
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
    if (options.pipelineStages > 1 || options.tensorParallel > 1) {
        if (!simulateParallel(c)) {
            if (error)
                *error = Tr::tr("internal error: the pipeline schedule did not complete");
            return false;
        }
    } else {
        simulate(c);
    }

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
            || !writeFile(
                o.filePath(QStringLiteral("communication_matrix.json")), communicationMatrixJson(c, rs), error)
            || !writeFile(o.filePath(QStringLiteral("op_statistic.csv")), opStatisticCsv(c, rs), error)
            || !writeFile(o.filePath(QStringLiteral("memory_record.csv")), memoryRecordCsv(c, rs), error))
            return false;
    }
    return true;
}

} // namespace profscope
