// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/strategy.h"

#include <QRectF>
#include <QSet>
#include <QString>

#include <vector>

namespace profscope {

// One box of the drawn stage graph: an op, or a collapsed scope standing for
// every op under it.
struct StrategyUnit
{
    int nodeIndex = -1; // the op (index into StrategyStage::nodes); -1 for a scope
    QString scope; // a collapsed scope: its full path
    std::vector<int> members; // ops drawn by this box
    int withStrategy = 0; // members with a strategy
    int communication = 0; // members that are communication ops
    int layer = 0;
    int order = 0;
    QRectF rect;
};

// A layered drawing of a stage graph, top to bottom: each op one layer after
// its latest input (longest path from the sources), the order inside a layer
// from a few barycentre sweeps to keep edges short and uncrossed. Scopes not
// in `expandedScopes` are drawn as one box (a scope holding one op draws the op).
struct StrategyLayout
{
    std::vector<StrategyUnit> units;
    std::vector<std::pair<int, int>> edges; // unit -> unit, no duplicates or self loops
    std::vector<int> unitOfNode; // per op node: its unit
    QSizeF size; // extent including the margins

    int unitAt(const QPointF& point) const;
};

constexpr double kStrategyBoxWidth = 210;
constexpr double kStrategyBoxHeight = 60;
constexpr double kStrategyGapX = 26;
constexpr double kStrategyGapY = 44;
constexpr double kStrategyMargin = 20;

StrategyLayout layoutStrategyStage(const StrategyStage& stage, const QSet<QString>& expandedScopes);

// The scopes to expand so that at most about `maxUnits` boxes are drawn:
// level by level from the outermost scope, every scope of a level at once.
QSet<QString> initialStrategyExpansion(const StrategyStage& stage, int maxUnits = 120);

// Scope prefixes of a node ("Default", "Default/net", ...), outermost first.
QStringList strategyScopePrefixes(const QString& scope);

} // namespace profscope
