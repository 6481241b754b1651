// SPDX-License-Identifier: Apache-2.0
#include "exportstrategy.h"

#include "analysis/strategy.h"

namespace profscope::cli {

CellTable strategyTable(const Profile& profile, int onlyRank)
{
    CellTable t;
    t.header << QStringLiteral("Stage") << QStringLiteral("Rank") << QStringLiteral("Node Id") << QStringLiteral("Name")
             << QStringLiteral("Type") << QStringLiteral("Instance Type") << QStringLiteral("Strategy")
             << QStringLiteral("Strategy Source") << QStringLiteral("Inputs") << QStringLiteral("Outputs")
             << QStringLiteral("Output Shape") << QStringLiteral("Parallel Group") << QStringLiteral("Matched Kernels")
             << QStringLiteral("Pipeline Peer");
    const StrategyAnalysis analysis = analyzeStrategy(profile);
    for (const StrategyStage& stage : analysis.stages) {
        for (int rankIndex : stage.rankIndexes) {
            const int rankId = profile.ranks[std::size_t(rankIndex)]->parallelStrategy.rankId;
            if (onlyRank >= 0 && rankId != onlyRank)
                continue;
            for (const StrategyGraphNode& node : stage.nodes) {
                // Inputs and outputs by node id (MindInsight's ids), then the
                // parameters and constants by name.
                QStringList inputs, outputs;
                for (int in : node.inputs)
                    inputs << stage.nodes[std::size_t(in)].nodeId;
                inputs << node.constInputs;
                for (int out : node.outputs)
                    outputs << stage.nodes[std::size_t(out)].nodeId;
                qint64 kernels = 0;
                for (const StrategyKernelMatch& k : node.kernels)
                    if (k.rankIndex == rankIndex)
                        kernels += k.count;
                t.rows << QList<Cell> { cell(stage.stageId), cellIndex(rankId), cell(node.nodeId), cell(node.name),
                    cell(node.opType), cell(node.instanceType), cell(node.strategyText()), cell(node.strategySource),
                    cell(inputs.join(QLatin1Char(' '))), cell(outputs.join(QLatin1Char(' '))), cell(node.outputShape),
                    cell(node.parallelGroup.join(QLatin1Char(' '))), cell(kernels),
                    // The Receive of a Send (and back) as "stage S node N".
                    cell(node.peerStage < 0 ? QString()
                                            : QStringLiteral("stage %1 node %2")
                                                  .arg(analysis.stages[std::size_t(node.peerStage)].stageId)
                                                  .arg(analysis.stages[std::size_t(node.peerStage)]
                                                           .nodes[std::size_t(node.peerNode)]
                                                           .nodeId)) };
            }
        }
    }
    return t;
}

} // namespace profscope::cli
