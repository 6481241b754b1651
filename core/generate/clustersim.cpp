// SPDX-License-Identifier: Apache-2.0
#include "clustersiminternal.h"

#include <algorithm>
#include <cmath>

namespace profscope::gen {

namespace simdetail {

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

// What a rank's host spends on one op before the next launch. Normal ranks
// run ahead of the device. A host-bound rank takes a little longer per op
// than the kernel runs, so the device drains its queue and starts every
// kernel right after its launch, and every few ops the host stalls (garbage
// collection, logging, a synchronize) for 0.3–0.9 ms while the device idles.
// `side` is a second random stream, so that a cluster without a host-bound
// rank is byte-identical to one generated before this pattern existed.
TimeNs hostOpNs(Rng& rng, Rng& side, bool hostBound, TimeNs kernelNs)
{
    const TimeNs normalNs = rng.range(10, 24) * kUs;
    if (!hostBound)
        return normalNs;
    TimeNs ns = kernelNs + side.range(5, 20) * kUs;
    if (side.range(0, 3) == 0)
        ns += side.range(300, 900) * kUs;
    return ns;
}

Pace drawPace(const GeneratorOptions& o, Rng& side)
{
    Pace p;
    p.rankSpeed.assign(std::size_t(o.ranks), 1.0);
    p.stepSpeed.assign(std::size_t(o.steps), 1.0);
    if (o.jitter <= 0)
        return p;
    for (double& v : p.rankSpeed)
        v = 1.0 + side.real(-o.jitter, o.jitter);
    for (double& v : p.stepSpeed)
        v = 1.0 + side.real(-0.15, 0.15);
    return p;
}

} // namespace simdetail

namespace {

// The overview of one step, exactly as core/analysis/overview.h defines it.

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

} // namespace

using namespace simdetail;

bool simulateCluster(Cluster& c)
{
    if (c.options.pipelineStages > 1 || c.options.tensorParallel > 1)
        return simulateParallel(c);
    simulateDataParallel(c);
    return true;
}

std::vector<std::vector<const Kernel*>> kernelsPerStep(const RankSim& rs)
{
    std::vector<std::vector<const Kernel*>> perStep(rs.steps.size());
    for (const Kernel& k : rs.kernels)
        perStep[std::size_t(k.step - kFirstStep)].push_back(&k);
    return perStep;
}

std::vector<StepValues> rankStepValues(const RankSim& rs)
{
    const std::vector<std::vector<const Kernel*>> perStep = kernelsPerStep(rs);
    std::vector<StepValues> values;
    values.reserve(rs.steps.size());
    for (std::size_t s = 0; s < rs.steps.size(); ++s)
        values.push_back(stepValues(rs, s, perStep[s]));
    return values;
}

QByteArray hostName(int rank)
{
    return "node" + QByteArray::number(rank / kRanksPerHost);
}

QByteArray opName(const Cluster& c, int step)
{
    return "hcom_allReduce__" + QByteArray::number(c.opBaseId) + '_' + QByteArray::number(step - kFirstStep) + "_1";
}

} // namespace profscope::gen
