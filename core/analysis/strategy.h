// SPDX-License-Identifier: Apache-2.0
#pragma once

// Strategy perception: the parallel strategy graph of each pipeline stage,
// built from the ranks' parallel_strategy_{rank}.json as MindInsight's
// parallel_strategy_analyser did (see ../shared/reference
// data-prep-flops-strategy.md §3), with two documented differences:
// - the strategy is in_strategy, else gen_strategy (MindInsight skipped
//   gen_strategy and showed no matrix when in_strategy was absent);
// - a node's parallel group is its `group` attribute only for communication
//   ops (MindInsight also took Conv2D's integer `group`).
// Ranks are grouped by the stage their file states (config.stageId), the
// stage's devices by config.stageDevices, not by file positions.

#include "../model/profile.h"

#include <QString>
#include <QStringList>

#include <map>
#include <vector>

namespace profscope {

// Kernels of one rank that ran a graph op.
struct StrategyKernelMatch
{
    int rankIndex = -1; // into Profile::ranks
    int rankId = -1;
    QString kernelName;
    qint64 count = 0;
    TimeNs totalNs = 0;
    TimeNs firstStartNs = kInvalidTime; // kInvalidTime: no timed row (aggregated legacy table)
    TimeNs firstDurNs = 0;
};

struct StrategyGraphNode
{
    QString nodeId; // MindInsight's node id: the 1-based position among the op nodes
    QString nodeName; // the file's node "name"
    QString name; // fullName; Load and summary ops as {scope}/{type}-op{name}
    QString opType;
    QString scope;
    QString instanceType; // GradientAggregation, Redistribution or empty
    std::vector<std::vector<qint64>> strategy; // rows = inputs, columns = tensor dims
    QString strategySource; // in_strategy, gen_strategy or empty
    std::vector<int> inputs; // op node indexes in the stage, in input order
    QStringList constInputs; // parameters and constants feeding the op
    // Every input in the file's order (row i of the strategy is input i):
    // the producing op's name, else the name as written.
    QStringList inputNames;
    std::vector<int> outputs; // op node indexes consuming this op
    QString outputShape;
    QString outputType;
    QStringList parallelGroup; // communication ops: the sorted union of `group` over the stage's ranks
    QString groupRanks; // the group_ranks attribute
    std::vector<StrategyKernelMatch> kernels;
    // Pipeline parallel: the Receive of a Send (or the Send of a Receive) in
    // the other stage, paired as MindInsight did: Send {stage, dest_rank} with
    // Receive {src_rank, stage} of the same sr_tag (the attributes are stage
    // indices). -1 when there is none.
    int peerStage = -1; // index into StrategyAnalysis::stages
    int peerNode = -1;

    bool communication() const;
    QString strategyText() const; // "[[2, 1, 1, 1], [1, 1, 1, 1]]", empty without a strategy
    qint64 kernelCount() const;
};

struct StrategyStage
{
    int stageId = 0;
    std::vector<int> rankIds; // the stage's devices (stageDevices), else the ranks with a file
    std::vector<int> rankIndexes; // ranks of the profile in this stage that have a strategy file
    int graphRankIndex = -1; // the rank whose op list is the stage graph (lowest rank id)
    std::vector<StrategyGraphNode> nodes;
    std::vector<StrategyConstNode> consts;
    int withStrategy = 0;
    int communicationOps = 0;
    std::map<QString, int> instanceTypes; // non-empty instance types and their counts
};

struct StrategyAnalysis
{
    QString parallelType;
    std::vector<StrategyStage> stages; // by stage id
    QStringList notes; // duplicate ranks, differing parallel types, ...

    bool isEmpty() const
    {
        return stages.empty();
    }
    // Stage and node of a name (exact full name, else the first containing
    // it, case-insensitive); {-1, -1} when none.
    std::pair<int, int> find(const QString& text, int fromStage = 0) const;
};

bool hasParallelStrategy(const Profile& profile);
StrategyAnalysis analyzeStrategy(const Profile& profile);

// The communication op types of MindInsight's COMM_LIST, with the
// point-to-point and broadcast ops the pipeline graphs carry.
bool isStrategyCommunicationType(const QString& opType);

} // namespace profscope
