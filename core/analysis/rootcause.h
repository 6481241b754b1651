// SPDX-License-Identifier: Apache-2.0
// Root causes of a slow step, for the advice engine (advice.h).
//
// In synchronous training the cluster moves at the pace of its slowest rank:
// the others wait for it inside the collectives. So a symptom seen on many
// ranks (long waits, high wait ratios, a spread of communication time) has
// one cause on one rank or link, and what that cause costs is the time the
// cluster would save if the rank or link matched its peers:
//
// - compute-slow rank: its Computing is above the median of its peers (the
//   ranks of its pipeline stage, leave-one-out), the others wait for it;
// - host-bound rank: its device idles (Free) more than its peers' while its
//   Computing is not higher; evidence: kernels start right after their launch;
// - data loading: the device starts the step late (Preparing) against its peers;
// - slow link: a link's bandwidth is at most `slowLinkRatio` × the median of
//   its transport; cost: its transfer time minus the time at that median;
// - pipeline-stage imbalance: the slowest stage's Computing above the median
//   stage's.
//
// A cause is named only when its cost per step is above both
// `causeMinShare` × step time and `causeNoiseSigmas` robust standard
// deviations (1.4826 × MAD) of the peers' values, and in at least half of the
// steps, so that jitter of a few percent between ranks never names a rank.
// Severity follows the cost's share of the step (warningShare, criticalShare).
// Internal to core/analysis.
#pragma once

#include "advice.h"
#include "cluster.h"

#include <vector>

namespace profscope::advice {

// The cluster's step time: per step the median over ranks of
// max(0, Preparing) + span, averaged over the steps.
struct StepScale
{
    double stepNs = 0;
    int steps = 0;
};
StepScale stepScale(const ClusterSteps& steps);

Finding::Severity severityForShare(double share, const AdviceThresholds& t);

// Host-bound evidence: launches of compute kernels (HostToDevice flows) and
// how many of them the device started at once, on an idle device. A rank
// read from a Profscope summary has no timeline: its figures come from the
// summary, measured with the limit the summary names (launchGapUs).
struct LaunchMeasure
{
    qint64 tasks = 0; // compute tasks with a launch flow
    qint64 prompt = 0; // … that start within the limit after their launch
    qint64 starved = 0; // … of which the device had nothing queued at the launch
};
LaunchMeasure measureLaunches(const RankData& rank, double launchGapUs);

// Compute-slow, host-bound and data-loading ranks.
void rankCauses(const Profile& profile, const ClusterSteps& steps, const StepScale& scale, const AdviceThresholds& t,
    std::vector<Finding>& out);
void stageImbalanceCause(
    const ClusterSteps& steps, const StepScale& scale, const AdviceThresholds& t, std::vector<Finding>& out);
void slowLinkCauses(const Profile& profile, const StepScale& scale, const AdviceThresholds& t, const QString& step,
    std::vector<Finding>& out);

} // namespace profscope::advice
