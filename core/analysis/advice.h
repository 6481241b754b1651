// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/profile.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace profscope {

struct ClusterSteps; // cluster.h

// Every threshold the advice engine uses, in one place; the defaults are the
// anchors' (MindStudio Insight, msprof-analyze, CANN, MindInsight).
struct AdviceThresholds
{
    double spreadRatio = 0.05; // (max − min across ranks) / mean step time
    double slowRankRatio = 0.10; // behind the fastest rank of a group
    double waitRatio = 0.2; // wait / (wait + transit)
    double synchronizationRatio = 0.2; // sync / (sync + transit)
    double slowLinkRatio = 0.8; // bandwidth ≤ ratio × transport average
    double slowLinkZScore = 3.0;
    double smallPacketShare = 0.2; // share of packets below the size below
    double smallPacketSdmaMB = 16; // SDMA/HCCS/PCIE/SIO
    double smallPacketRdmaMB = 1; // RDMA
    double freeRatio = 0.10; // free / step time
    double hostBoundLaunchGapUs = 20; // device task starts within this of its launch …
    double hostBoundShare = 0.5; // … for this share of the tasks, with the device free
    double aiCpuOpUs = 20; // AI CPU ops longer than this
    // MindInsight's DEVICE_QUEUE_EMPTY_WARNING_THRESHOLD: the host queue
    // (device_queue_profiling) empty in more than this share of the steps.
    double dataQueueEmptyRatio = 0.3;
    // Root causes (see rootcause.h): a rank or link is named only when what it
    // costs the step is above both floors below, and severity follows that cost.
    double causeMinShare = 0.03; // cost / step time below this: no cause
    double causeNoiseSigmas = 4; // cost must exceed this many robust σ of the peers' spread
    double warningShare = 0.03; // cost / step time for a Warning …
    double criticalShare = 0.10; // … and for a Critical
    double stageImbalanceShare = 0.10; // pipeline stages: (slowest − median stage) / step time
};

// Thresholds as a JSON object keyed by the member names above
// ("spreadRatio": 0.05, ...), so users can keep their own in a file
// (`profscope-cli export --what advice --thresholds FILE`) or in the GUI's
// settings. Unknown keys and non-numbers are errors (a typo must not silently
// fall back to a default); missing keys keep their defaults.
QJsonObject adviceThresholdsToJson(const AdviceThresholds& thresholds);
bool adviceThresholdsFromJson(const QJsonObject& json, AdviceThresholds* thresholds, QString* error);
bool loadAdviceThresholds(const QString& path, AdviceThresholds* thresholds, QString* error);

// A rank a finding concerns: its place in Profile::ranks, which every rank
// has, and its id, which a rank from a CANN PROF_* folder may lack (-1).
struct RankRef
{
    int index = -1;
    int id = -1;
    friend bool operator==(const RankRef&, const RankRef&) = default;
};

struct Finding
{
    enum class Severity
    {
        Info,
        Warning,
        Critical
    };
    enum class Target
    {
        None,
        Rank,
        Operator,
        Link,
        Step
    };

    Severity severity = Severity::Warning;
    QString ruleId; // stable: "spread-computing", "slow-rank", "wait-ratio", ...
    QString title; // translated one-line summary
    QString rule; // translated rule with its threshold written out
    QString measured; // translated measured value
    QString evidence; // translated: what separates this cause from the others
    // Root causes carry what they cost: the step time the cluster would save
    // if the rank / link matched its peers, per step, and as a share of the step.
    bool isCause = false;
    double impactNs = 0;
    double impactShare = 0;
    int explainedBy = -1; // symptoms: index of the cause finding that explains them
    double value = 0; // the measured value in the rule's unit
    double threshold = 0;
    QList<RankRef> ranks; // the ranks concerned, most concerned first
    QStringList ops;
    QString link; // "3-5" for links
    QString transport;
    // Where the GUI jumps: the first rank concerned and a time range on its clock.
    Target target = Target::None;
    int rankIndex = -1;
    qint64 startNs = 0;
    qint64 endNs = 0;

    QList<int> rankIds() const;
    QList<int> rankIndexes() const;
    bool concernsRank(int index) const;
};

QString severityName(Finding::Severity severity);

// step: one step name ("50") or empty for all steps. Root causes first, most
// costly first, each followed by the symptoms it explains (Info, explainedBy
// set); then every other finding, most severe first.
std::vector<Finding> computeAdvice(
    const Profile& profile, const AdviceThresholds& thresholds = {}, const QString& step = {});
// With the default thresholds, computed once per profile and step (Profile::memo)
// and shared: what the Overview page and the advice jobs show.
std::shared_ptr<const std::vector<Finding>> sharedAdvice(const Profile& profile, const QString& step = {});
// The same, on the cluster step table the caller already has (clusterSteps(profile, step)).
std::vector<Finding> computeAdvice(
    const Profile& profile, const ClusterSteps& steps, const AdviceThresholds& thresholds, const QString& step);

} // namespace profscope
