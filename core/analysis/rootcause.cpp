// SPDX-License-Identifier: Apache-2.0
#include "rootcause.h"

#include "advicetext.h"
#include "overview.h"
#include "../model/runsort.h"
#include "../model/workpool.h"

#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace profscope::advice {

namespace {

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    const std::size_t mid = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(mid), v.end());
    const double upper = v[mid];
    if (v.size() % 2)
        return upper;
    return 0.5 * (*std::max_element(v.begin(), v.begin() + std::ptrdiff_t(mid)) + upper);
}

// The median of `sorted` without its element at `skip`: a rank is compared
// with its peers, not with a median it pulls up itself (matters for 2–4 peers).
double medianWithout(const std::vector<double>& sorted, std::size_t skip)
{
    const std::size_t m = sorted.size() - 1;
    auto at = [&](std::size_t k) { return sorted[k < skip ? k : k + 1]; };
    if (m == 0)
        return sorted.front();
    return m % 2 ? at((m - 1) / 2) : 0.5 * (at(m / 2 - 1) + at(m / 2));
}

// 1.4826 × the median absolute deviation: σ for normal data, blind to a few outliers.
double robustSigma(const std::vector<double>& v)
{
    if (v.size() < 3)
        return 0;
    const double m = median(v);
    std::vector<double> dev;
    dev.reserve(v.size());
    for (const double x : v)
        dev.push_back(std::abs(x - m));
    return 1.4826 * median(std::move(dev));
}

// The three dimensions a rank can be late in before the collectives.
enum Dim
{
    ComputeDim,
    FreeDim,
    PrepareDim,
    DimCount
};

double dimValue(const StepOverview& o, int d)
{
    switch (d) {
    case ComputeDim:
        return double(o.kernelTimeNs);
    case FreeDim:
        return double(o.value(StepTraceRow::Free));
    default:
        return double(std::max<TimeNs>(0, o.value(StepTraceRow::Preparing)));
    }
}

struct RankAccumulator
{
    int rankIndex = -1;
    int rankId = -1;
    int stage = -1;
    int steps = 0;
    double valueSum[DimCount] {};
    double peerSum[DimCount] {}; // Σ leave-one-out peer medians
    double excessSum[DimCount] {};
    int stepsAbove[DimCount] {};
    double worstExcess[DimCount] { -1e300, -1e300, -1e300 };
    TimeRange worstSpan[DimCount] {};
    double commSum = 0; // Communication(Not Overlapped): the waiting shows here
    double peerCommSum = 0;

    double mean(const double* sums, int d) const
    {
        return steps ? sums[d] / double(steps) : 0;
    }
};

} // namespace

LaunchMeasure measureLaunches(const RankData& rank, double launchGapUs)
{
    LaunchMeasure m;
    if (rank.trace.isEmpty() && rank.summary.isSummary() && rank.summary.launchTasks >= 0)
        return { rank.summary.launchTasks, rank.summary.launchPrompt, rank.summary.launchStarved };
    const std::shared_ptr<const DeviceTasks> shared = rankDeviceTasks(rank);
    const DeviceTasks& device = *shared;
    std::vector<const DeviceTask*> compute;
    for (const DeviceTask& task : device.tasks)
        if (task.compute)
            compute.push_back(&task);
    // Lane by lane, each in start order: the runs merged (ties keep the lanes' order).
    stableSortRuns(compute.begin(), compute.end(),
        [](const auto* a, const auto* b) { return a->rangeNs.startNs < b->rangeNs.startNs; });
    const TimeNs limitNs = TimeNs(launchGapUs * 1000.0);
    TimeNs busyUntilNs = std::numeric_limits<TimeNs>::min();
    for (const DeviceTask* task : compute) {
        if (task->launchNs != kInvalidTime) {
            ++m.tasks;
            const TimeNs delayNs = task->rangeNs.startNs - task->launchNs;
            if (delayNs >= 0 && delayNs <= limitNs) {
                ++m.prompt;
                if (busyUntilNs < task->launchNs)
                    ++m.starved;
            }
        }
        busyUntilNs = std::max(busyUntilNs, task->rangeNs.endNs);
    }
    return m;
}

namespace {

Finding rankFinding(const RankAccumulator& a, int d, const StepScale& scale, const AdviceThresholds& t)
{
    Finding f;
    f.isCause = true;
    f.impactNs = a.mean(a.excessSum, d);
    f.impactShare = scale.stepNs > 0 ? f.impactNs / scale.stepNs : 0;
    f.severity = severityForShare(f.impactShare, t);
    f.value = f.impactShare;
    f.threshold = t.causeMinShare;
    f.ranks = { RankRef { a.rankIndex, a.rankId } };
    f.rankIndex = a.rankIndex;
    f.target = Finding::Target::Step;
    f.startNs = a.worstSpan[d].startNs;
    f.endNs = a.worstSpan[d].endNs;
    f.rule = Tr::tr("(this rank − the median of its peers) per step > %1 of the step and > %2 σ of the peers' "
                    "spread, in at least half of the steps")
                 .arg(percent(t.causeMinShare))
                 .arg(t.causeNoiseSigmas, 0, 'f', 1);
    f.measured = Tr::tr("costs %1 per step (%2 of a %3 step), in %4 of %5 steps")
                     .arg(us(f.impactNs), percent(f.impactShare), us(scale.stepNs))
                     .arg(a.stepsAbove[d])
                     .arg(a.steps);
    return f;
}

} // namespace

StepScale stepScale(const ClusterSteps& steps)
{
    std::map<QString, std::vector<double>> perStep;
    for (const ClusterStepRow& r : steps.rows)
        if (r.overviewKnown)
            perStep[r.overview.step].push_back(
                double(std::max<TimeNs>(0, r.overview.value(StepTraceRow::Preparing)) + r.overview.spanNs.durationNs()));
    StepScale scale;
    for (auto& [step, values] : perStep) {
        scale.stepNs += median(std::move(values));
        ++scale.steps;
    }
    if (scale.steps > 0)
        scale.stepNs /= double(scale.steps);
    return scale;
}

Finding::Severity severityForShare(double share, const AdviceThresholds& t)
{
    if (share >= t.criticalShare)
        return Finding::Severity::Critical;
    if (share >= t.warningShare)
        return Finding::Severity::Warning;
    return Finding::Severity::Info;
}

void rankCauses(const Profile& profile, const ClusterSteps& steps, const StepScale& scale, const AdviceThresholds& t,
    std::vector<Finding>& out)
{
    if (scale.stepNs <= 0)
        return;
    // Per step and stage: every rank against the leave-one-out median of its peers.
    std::map<int, RankAccumulator> acc; // by rank index
    std::map<std::pair<QString, int>, std::vector<const ClusterStepRow*>> groups; // (step, stage)
    for (const ClusterStepRow& r : steps.rows)
        if (r.overviewKnown)
            groups[{ r.overview.step, r.stage }].push_back(&r);
    const double floorNs = t.causeMinShare * scale.stepNs;
    for (const auto& [key, rows] : groups) {
        if (rows.size() < 2)
            continue; // nobody to compare with
        std::vector<double> sorted[DimCount + 1];
        std::vector<std::size_t> position[DimCount + 1];
        for (int d = 0; d <= DimCount; ++d) {
            std::vector<std::pair<double, std::size_t>> v;
            for (std::size_t i = 0; i < rows.size(); ++i)
                v.push_back({ d == DimCount ? double(rows[i]->overview.value(StepTraceRow::CommunicationNotOverlapped))
                                            : dimValue(rows[i]->overview, d),
                    i });
            std::sort(v.begin(), v.end());
            position[d].resize(rows.size());
            for (std::size_t k = 0; k < v.size(); ++k) {
                sorted[d].push_back(v[k].first);
                position[d][v[k].second] = k;
            }
        }
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const ClusterStepRow& row = *rows[i];
            RankAccumulator& a = acc[row.rankIndex];
            a.rankIndex = row.rankIndex;
            a.rankId = row.rankId;
            a.stage = row.stage;
            ++a.steps;
            for (int d = 0; d < DimCount; ++d) {
                const double value = dimValue(row.overview, d);
                const double peer = medianWithout(sorted[d], position[d][i]);
                const double excess = value - peer;
                a.valueSum[d] += value;
                a.peerSum[d] += peer;
                a.excessSum[d] += excess;
                if (excess > 0.5 * floorNs)
                    ++a.stepsAbove[d];
                if (excess > a.worstExcess[d]) {
                    a.worstExcess[d] = excess;
                    a.worstSpan[d] = row.overview.spanNs;
                }
            }
            a.commSum += double(row.overview.value(StepTraceRow::CommunicationNotOverlapped));
            a.peerCommSum += medianWithout(sorted[DimCount], position[DimCount][i]);
        }
    }
    // Noise per stage and dimension, from the ranks' mean values.
    std::map<int, std::vector<double>> stageValues[DimCount];
    for (const auto& [index, a] : acc)
        for (int d = 0; d < DimCount; ++d)
            stageValues[d][a.stage].push_back(a.mean(a.valueSum, d));
    // Once per stage, not once per rank: every rank of a stage shares it, and
    // per rank it was quadratic in the ranks (1024 ranks: a million values sorted).
    std::map<int, double> stageSigma[DimCount];
    for (int d = 0; d < DimCount; ++d)
        for (const auto& [stage, values] : stageValues[d])
            stageSigma[d][stage] = robustSigma(values);

    std::vector<LaunchMeasure> launches(profile.ranks.size());
    QtConcurrent::blockingMap(workPool(), launches,
        [&](LaunchMeasure& m) { m = measureLaunches(*profile.ranks[std::size_t(&m - launches.data())], t.hostBoundLaunchGapUs); });

    QList<RankRef> absoluteHostBound; // ranks host-bound without standing out from their peers (all of them are)
    double absoluteFreeNs = 0;
    int absoluteIndex = -1;
    TimeRange absoluteSpan {};
    for (const auto& [index, a] : acc) {
        bool named[DimCount] {};
        for (int d = 0; d < DimCount; ++d) {
            const double sigma = stageSigma[d].at(a.stage);
            const double limit = std::max(floorNs, t.causeNoiseSigmas * sigma);
            named[d] = a.mean(a.excessSum, d) > limit && 2 * a.stepsAbove[d] >= a.steps;
        }
        const LaunchMeasure& launch = launches[std::size_t(index)];
        const double promptShare = launch.tasks ? double(launch.prompt) / double(launch.tasks) : 0;
        const QString waits = Tr::tr("the others wait for it in the collectives: its Communication(Not Overlapped) is "
                                     "%1 against %2 for its peers")
                                  .arg(us(a.mean(&a.commSum, 0)), us(a.mean(&a.peerCommSum, 0)));
        if (named[ComputeDim]) {
            Finding f = rankFinding(a, ComputeDim, scale, t);
            f.ruleId = QStringLiteral("compute-slow-rank");
            f.title = Tr::tr("Rank %1 computes slower than its peers: %2 more compute per step")
                          .arg(rankText(a.rankId, a.rankIndex))
                          .arg(us(f.impactNs));
            f.evidence = Tr::tr("kernel time (Σ compute tasks) %1 against a median of %2 for its peers; Free %3 "
                                "(peers %4) is not what delays it; %5")
                             .arg(us(a.mean(a.valueSum, ComputeDim)), us(a.mean(a.peerSum, ComputeDim)),
                                 us(a.mean(a.valueSum, FreeDim)), us(a.mean(a.peerSum, FreeDim)), waits);
            out.push_back(f);
        }
        const double freeShare = scale.stepNs > 0 ? a.mean(a.valueSum, FreeDim) / scale.stepNs : 0;
        const bool launchBound = launch.tasks >= 10 && double(launch.starved) / double(launch.tasks) > t.hostBoundShare
            && freeShare > t.freeRatio;
        const QString launchEvidence = launch.tasks
            ? Tr::tr("%1 of %2 kernels (%3) start within %4 µs of their launch, so the device runs what the host "
                     "has just launched")
                  .arg(launch.prompt)
                  .arg(launch.tasks)
                  .arg(percent(promptShare))
                  .arg(t.hostBoundLaunchGapUs)
            : Tr::tr("no launch flows to check the launch gaps");
        if (named[FreeDim]) {
            Finding f = rankFinding(a, FreeDim, scale, t);
            f.ruleId = QStringLiteral("host-bound");
            f.title = Tr::tr("Rank %1 is host-bound: its device idles %2 more per step waiting for kernel launches")
                          .arg(rankText(a.rankId, a.rankIndex))
                          .arg(us(f.impactNs));
            f.evidence = Tr::tr("Free %1 against %2 for its peers while its kernel time %3 is not higher (peers "
                                "%4); %5; %6")
                             .arg(us(a.mean(a.valueSum, FreeDim)), us(a.mean(a.peerSum, FreeDim)),
                                 us(a.mean(a.valueSum, ComputeDim)), us(a.mean(a.peerSum, ComputeDim)),
                                 launchEvidence, waits);
            out.push_back(f);
        } else if (launchBound && !named[ComputeDim]) {
            absoluteHostBound << RankRef { a.rankIndex, a.rankId };
            absoluteFreeNs += a.mean(a.valueSum, FreeDim);
            if (absoluteIndex < 0) {
                absoluteIndex = a.rankIndex;
                absoluteSpan = a.worstSpan[FreeDim];
            }
        }
        if (named[PrepareDim]) {
            Finding f = rankFinding(a, PrepareDim, scale, t);
            f.ruleId = QStringLiteral("data-loading");
            f.title = Tr::tr("Rank %1 starts its steps late: data loading or host preparation costs %2 per step")
                          .arg(rankText(a.rankId, a.rankIndex))
                          .arg(us(f.impactNs));
            f.evidence = Tr::tr("Preparing (host step start to the first device task) %1 against %2 for its peers; "
                                "%3")
                             .arg(us(a.mean(a.valueSum, PrepareDim)), us(a.mean(a.peerSum, PrepareDim)), waits);
            out.push_back(f);
        }
    }
    if (!absoluteHostBound.isEmpty()) {
        // Every rank idles alike, so there are no peers to compare with: the
        // launch pattern itself is the evidence, and the idle time the cost.
        Finding f;
        f.isCause = true;
        f.ruleId = QStringLiteral("host-bound");
        f.impactNs = absoluteFreeNs / double(absoluteHostBound.size());
        f.impactShare = f.impactNs / scale.stepNs;
        f.severity = severityForShare(f.impactShare, t);
        f.value = f.impactShare;
        f.threshold = t.freeRatio;
        f.ranks = absoluteHostBound;
        f.rankIndex = absoluteIndex;
        f.target = Finding::Target::Step;
        f.startNs = absoluteSpan.startNs;
        f.endNs = absoluteSpan.endNs;
        f.title = Tr::tr("%n rank(s) are host-bound: the device waits for the host to launch its kernels", "",
            int(absoluteHostBound.size()));
        f.rule = Tr::tr("share of kernels that start within %1 µs of their launch on an idle device > %2, and Free "
                        "> %3 of the step")
                     .arg(t.hostBoundLaunchGapUs)
                     .arg(percent(t.hostBoundShare), percent(t.freeRatio));
        f.measured = Tr::tr("device idle %1 per step (%2 of the step) on ranks %3")
                         .arg(us(f.impactNs), percent(f.impactShare), rankList(absoluteHostBound));
        f.evidence = Tr::tr("most kernels start as soon as the host launches them, on an idle device: the host, not "
                            "the device, sets the pace");
        out.push_back(f);
    }
}

void stageImbalanceCause(
    const ClusterSteps& steps, const StepScale& scale, const AdviceThresholds& t, std::vector<Finding>& out)
{
    if (steps.stages.size() < 2 || scale.stepNs <= 0)
        return;
    // Per step: each stage's median kernel time (one slow rank does not move it;
    // Computing, a union, would also count how well each stage overlaps its streams).
    std::map<QString, std::map<int, std::vector<double>>> perStep;
    for (const ClusterStepRow& r : steps.rows)
        if (r.overviewKnown && r.stage >= 0)
            perStep[r.overview.step][r.stage].push_back(double(r.overview.kernelTimeNs));
    std::map<int, double> excessSum, computeSum, peerSum;
    int counted = 0;
    for (auto& [step, stages] : perStep) {
        if (stages.size() < 2)
            continue;
        // Each stage against the median of the other stages (with two stages: the other one).
        std::vector<std::pair<double, int>> medians;
        for (auto& [stage, values] : stages)
            medians.push_back({ median(values), stage });
        std::sort(medians.begin(), medians.end());
        std::vector<double> sorted;
        for (const auto& [m, stage] : medians)
            sorted.push_back(m);
        for (std::size_t k = 0; k < medians.size(); ++k) {
            const double peers = medianWithout(sorted, k);
            excessSum[medians[k].second] += medians[k].first - peers;
            computeSum[medians[k].second] += medians[k].first;
            peerSum[medians[k].second] += peers;
        }
        ++counted;
    }
    if (counted == 0)
        return;
    const auto worst = std::max_element(
        excessSum.begin(), excessSum.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    const double impactNs = worst->second / double(counted);
    if (impactNs <= t.stageImbalanceShare * scale.stepNs)
        return;
    const std::vector<int>& ranks = steps.stages[std::size_t(worst->first)];
    Finding f;
    f.isCause = true;
    f.ruleId = QStringLiteral("stage-imbalance");
    f.impactNs = impactNs;
    f.impactShare = impactNs / scale.stepNs;
    f.severity = severityForShare(f.impactShare, t);
    f.value = f.impactShare;
    f.threshold = t.stageImbalanceShare;
    for (const ClusterStepRow& r : steps.rows)
        if (r.stage == worst->first && !f.concernsRank(r.rankIndex))
            f.ranks << RankRef { r.rankIndex, r.rankId };
    f.rankIndex = ranks.empty() ? -1 : ranks.front();
    f.target = Finding::Target::Rank;
    f.title = Tr::tr("Pipeline stage %1 computes %2 more per step than the other stages: rebalance the layers")
                  .arg(worst->first)
                  .arg(us(impactNs));
    f.rule = Tr::tr("(median kernel time of the slowest stage − the median of the other stages') / step time > %1")
                 .arg(percent(t.stageImbalanceShare));
    f.measured = Tr::tr("%1 against %2 (%3 of the step)")
                     .arg(us(computeSum[worst->first] / double(counted)), us(peerSum[worst->first] / double(counted)),
                         percent(f.impactShare));
    f.evidence = Tr::tr("every rank of the stage computes longer (the stage's median, not one rank), so the other "
                        "stages wait in their pipeline receives");
    out.push_back(f);
}

void slowLinkCauses(const Profile& profile, const StepScale& scale, const AdviceThresholds& t, const QString& step,
    std::vector<Finding>& out)
{
    // Both directions of a pair are one link: keep the slower, cost = the larger.
    std::map<std::pair<int, int>, SlowLink> links;
    for (const SlowLink& l : detectSlowLinks(profile, t.slowLinkRatio, t.slowLinkZScore, step)) {
        if (l.transportMedianGBps <= 0 || l.bandwidthGBps > t.slowLinkRatio * l.transportMedianGBps)
            continue; // a z-score outlier close to the median: the matrix shows it, it costs little
        const std::pair<int, int> key { std::min(l.srcRankId, l.dstRankId), std::max(l.srcRankId, l.dstRankId) };
        auto it = links.find(key);
        if (it == links.end() || l.bandwidthGBps < it->second.bandwidthGBps)
            links[key] = l;
    }
    const int stepCount = std::max(1, scale.steps);
    for (const auto& [key, l] : links) {
        Finding f;
        f.isCause = true;
        f.ruleId = QStringLiteral("slow-link");
        const double extraMs = l.timeMs - l.sizeMB / l.transportMedianGBps;
        f.impactNs = std::max(0.0, extraMs) * 1e6 / double(stepCount);
        f.impactShare = scale.stepNs > 0 ? f.impactNs / scale.stepNs : 0;
        f.severity = severityForShare(f.impactShare, t);
        // Half the bandwidth of its peers is a fault to report, whatever it costs today.
        if (l.bandwidthGBps <= 0.5 * l.transportMedianGBps && f.severity == Finding::Severity::Info)
            f.severity = Finding::Severity::Warning;
        f.link = QStringLiteral("%1-%2").arg(l.srcRankId).arg(l.dstRankId);
        f.transport = l.transport;
        f.title = Tr::tr("Slow %1 link %2 → %3: %4 of the median bandwidth, %5 per step")
                      .arg(l.transport)
                      .arg(l.srcRankId)
                      .arg(l.dstRankId)
                      .arg(percent(l.bandwidthGBps / l.transportMedianGBps), us(f.impactNs));
        f.rule = Tr::tr("link bandwidth ≤ %1 × the median of its transport").arg(t.slowLinkRatio, 0, 'f', 2);
        f.measured = Tr::tr("%1 GB/s against a %2 median of %3 GB/s (mean %4, z = %5); costs %6 per step (%7)")
                         .arg(l.bandwidthGBps, 0, 'f', 2)
                         .arg(l.transport)
                         .arg(l.transportMedianGBps, 0, 'f', 2)
                         .arg(l.transportAverageGBps, 0, 'f', 2)
                         .arg(l.zScore, 0, 'f', 2)
                         .arg(us(f.impactNs), percent(f.impactShare));
        f.evidence = Tr::tr("%1 MB took %2 ms on this link; at the median bandwidth it would take %3 ms. Every rank "
                            "of the collective waits for the slowest link")
                         .arg(l.sizeMB, 0, 'f', 1)
                         .arg(l.timeMs, 0, 'f', 3)
                         .arg(l.sizeMB / l.transportMedianGBps, 0, 'f', 3);
        f.value = l.bandwidthGBps / l.transportMedianGBps;
        f.threshold = t.slowLinkRatio;
        // A link's ends are rank ids (the matrix is keyed by them); their places:
        RankRef src { -1, l.srcRankId };
        RankRef dst { -1, l.dstRankId };
        for (std::size_t i = 0; i < profile.ranks.size(); ++i) {
            if (src.index < 0 && profile.ranks[i]->info.rankId == l.srcRankId)
                src.index = int(i);
            if (dst.index < 0 && profile.ranks[i]->info.rankId == l.dstRankId)
                dst.index = int(i);
        }
        f.ranks = { src, dst };
        f.target = Finding::Target::Link;
        f.rankIndex = src.index;
        out.push_back(f);
    }
}

} // namespace profscope::advice
