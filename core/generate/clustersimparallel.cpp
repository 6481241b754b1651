// SPDX-License-Identifier: Apache-2.0
// Pipeline / tensor parallel runs.
#include "clustersiminternal.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace profscope::gen::simdetail {

namespace {

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

} // namespace

bool simulateParallel(Cluster& c)
{
    const GeneratorOptions& o = c.options;
    Layout lay;
    lay.ranks = o.ranks;
    lay.pp = o.pipelineStages;
    lay.tp = o.tensorParallel;
    lay.dp = o.ranks / (lay.pp * lay.tp);
    Rng rng(o.seed);
    Rng side(o.seed ^ 0x9E3779B97F4A7C15ULL);
    const Pace pace = drawPace(o, side);
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
        if (s == o.slowStage) // too many layers on this stage
            for (OpSpec& op : ops)
                op.baseNs = op.baseNs * 13 / 10;
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
            if (r == o.slowDataRank) // its input pipeline delivers the batch late
                st.prepDurNs += side.range(1500, 2500) * kUs;
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
                    kr.hostDurNs = hostOpNs(rng, side, hostBound, spec.baseNs);
                    kr.hostNs = h;
                    kr.launchNs = h + 3 * kUs;
                    kr.launchDurNs = kr.hostDurNs - 5 * kUs;
                    it.readyNs.push_back(kr.launchNs + rng.range(5, 9) * kUs);
                    double scale =
                        rng.real(0.98, 1.02) * pace.rankSpeed[std::size_t(r)] * pace.stepSpeed[std::size_t(s)];
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

} // namespace profscope::gen::simdetail
