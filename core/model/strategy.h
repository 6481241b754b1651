// SPDX-License-Identifier: Apache-2.0
#pragma once

// parallel_strategy_{RANK_ID}.json of one rank, as read: MindSpore's
// ProfilingParallel config (rank, stage, parallel type, stage devices) and
// the rank's graph (anf_ir GraphProto as JSON). analysis/strategy.h groups
// the ranks by pipeline stage and derives what the Strategy page shows.

#include <QString>
#include <QStringList>

#include <vector>

namespace profscope {

// One attribute of an op node, its ValueProto rendered as Python would print
// it (MindInsight keeps str(value)): "[[2, 1], [1, 1]]", "0", "'text'".
struct StrategyAttribute
{
    QString name;
    QString text;
};

// A node of graph.node[] that has both name and fullName (MindInsight's op nodes).
struct StrategyOpNode
{
    QString nodeName; // "name": the id unique in the graph ("1", "2", ...)
    QString opType; // GetNext, Conv2D, AllReduce, Send, ...
    QString scope; // Default/conv1-Conv2d
    QString fullName; // Default/conv1-Conv2d/Conv2D-op2
    QString instanceName; // contains grad_mirror / redistribution for inserted ops
    QStringList inputs; // input[].name as written (op node names, parameters, consts, or unknown)
    std::vector<StrategyAttribute> attributes; // file order, gen_strategy and in_strategy included
    // The sharding strategy: in_strategy, else gen_strategy; row i = input i,
    // column j = tensor dimension j, value = slices of that dimension.
    std::vector<std::vector<qint64>> strategy;
    QString strategySource; // "in_strategy", "gen_strategy" or empty
    QString outputShape; // "shapes" attribute, else outputType's tensor dims: "[[32, 3, 224, 224], [32]]"
    QString outputType; // DT_TENSOR[DT_FLOAT32], DT_TUPLE[DT_TENSOR[DT_FLOAT32], ...]

    const StrategyAttribute* attribute(const QString& attrName) const
    {
        for (const auto& a : attributes)
            if (a.name == attrName)
                return &a;
        return nullptr;
    }
};

// graph.parameters[] (weights) and graph.constVals[].
struct StrategyConstNode
{
    QString name;
    bool parameter = false;
    QString value; // parameters: the type and shape "DT_TENSOR[DT_FLOAT32] [64, 3, 7, 7]"; consts: the value
};

struct ParallelStrategyFile
{
    QString path; // empty when the rank has no strategy file
    int rankId = 0; // config.rankId (proto3 omits zero: absent means 0)
    int stageId = 0; // config.stageId, same rule
    QString parallelType; // auto_parallel, semi_auto_parallel, data_parallel
    std::vector<std::vector<int>> stageDevices; // per stage, the ranks (may be empty for data parallel)
    std::vector<StrategyOpNode> ops; // file order
    std::vector<StrategyConstNode> consts; // parameters first, then constVals
    int skippedNodes = 0; // graph.node entries without name or fullName

    bool present() const
    {
        return !path.isEmpty();
    }
};

} // namespace profscope
