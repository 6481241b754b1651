// SPDX-License-Identifier: Apache-2.0
// Data-parallel runs: every rank runs the same ops, then one AllReduce of
// the gradients per step.
#include "clustersiminternal.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace profscope::gen::simdetail {

namespace {

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

} // namespace

void simulateDataParallel(Cluster& c)
{
    const GeneratorOptions& o = c.options;
    Rng rng(o.seed);
    Rng side(o.seed ^ 0x9E3779B97F4A7C15ULL);
    const Pace pace = drawPace(o, side);
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
            if (r == o.slowDataRank) // its input pipeline delivers the batch late
                st.prepDurNs += side.range(1500, 2500) * kUs;
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
                kr.hostDurNs = hostOpNs(rng, side, hostBound, spec.baseNs);
                kr.hostNs = h;
                kr.launchNs = h + 3 * kUs;
                kr.launchDurNs = kr.hostDurNs - 5 * kUs;
                const TimeNs ready = kr.launchNs + rng.range(5, 9) * kUs;
                double scale = rng.real(0.98, 1.02) * pace.rankSpeed[std::size_t(r)] * pace.stepSpeed[std::size_t(s)];
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

} // namespace profscope::gen::simdetail
