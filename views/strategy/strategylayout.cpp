// SPDX-License-Identifier: Apache-2.0
#include "strategylayout.h"

#include <QHash>

#include <algorithm>
#include <deque>
#include <numeric>

namespace profscope {

QStringList strategyScopePrefixes(const QString& scope)
{
    QStringList prefixes;
    const QStringList parts = scope.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    QString path;
    for (const QString& p : parts) {
        path = path.isEmpty() ? p : path + QLatin1Char('/') + p;
        prefixes << path;
    }
    return prefixes;
}

namespace {

// The outermost collapsed scope of an op, or empty when it is drawn itself.
QString collapsedScope(const StrategyGraphNode& node, const QSet<QString>& expanded)
{
    for (const QString& prefix : strategyScopePrefixes(node.scope))
        if (!expanded.contains(prefix))
            return prefix;
    return {};
}

std::size_t unitCount(const StrategyStage& stage, const QSet<QString>& expanded)
{
    QHash<QString, int> scopes;
    std::size_t ops = 0;
    for (const auto& node : stage.nodes) {
        const QString s = collapsedScope(node, expanded);
        if (s.isEmpty())
            ++ops;
        else
            ++scopes[s];
    }
    return ops + std::size_t(scopes.size());
}

} // namespace

QSet<QString> initialStrategyExpansion(const StrategyStage& stage, int maxUnits)
{
    QSet<QString> expanded;
    int depth = 0;
    for (const auto& node : stage.nodes)
        depth = std::max(depth, int(strategyScopePrefixes(node.scope).size()));
    for (int level = 1; level <= depth; ++level) {
        QSet<QString> next = expanded;
        for (const auto& node : stage.nodes) {
            const QStringList prefixes = strategyScopePrefixes(node.scope);
            if (prefixes.size() >= level)
                next.insert(prefixes[level - 1]);
        }
        // The outermost level (usually "Default" alone) always opens.
        if (level > 1 && unitCount(stage, next) > std::size_t(maxUnits))
            break;
        expanded = std::move(next);
    }
    return expanded;
}

int StrategyLayout::unitAt(const QPointF& point) const
{
    for (int i = 0; i < int(units.size()); ++i)
        if (units[std::size_t(i)].rect.contains(point))
            return i;
    return -1;
}

StrategyLayout layoutStrategyStage(const StrategyStage& stage, const QSet<QString>& expandedScopes)
{
    StrategyLayout layout;
    const int nodeCount = int(stage.nodes.size());
    layout.unitOfNode.assign(std::size_t(nodeCount), -1);
    QHash<QString, int> scopeUnit;
    std::vector<std::vector<int>> scopeMembers;
    // Units in the order of their first op (the file order, usually topological).
    for (int n = 0; n < nodeCount; ++n) {
        const StrategyGraphNode& node = stage.nodes[std::size_t(n)];
        const QString scope = collapsedScope(node, expandedScopes);
        int unit = -1;
        if (!scope.isEmpty()) {
            if (auto it = scopeUnit.constFind(scope); it != scopeUnit.cend()) {
                unit = *it;
            } else {
                unit = int(layout.units.size());
                scopeUnit.insert(scope, unit);
                StrategyUnit u;
                u.scope = scope;
                layout.units.push_back(u);
            }
        } else {
            unit = int(layout.units.size());
            StrategyUnit u;
            u.nodeIndex = n;
            layout.units.push_back(u);
        }
        StrategyUnit& u = layout.units[std::size_t(unit)];
        u.members.push_back(n);
        u.withStrategy += node.strategy.empty() ? 0 : 1;
        u.communication += node.communication() ? 1 : 0;
        layout.unitOfNode[std::size_t(n)] = unit;
    }
    // A scope of one op draws the op.
    for (auto& u : layout.units)
        if (u.nodeIndex < 0 && u.members.size() == 1) {
            u.nodeIndex = u.members.front();
            u.scope.clear();
        }

    const int unitTotal = int(layout.units.size());
    std::vector<std::vector<int>> preds(static_cast<std::size_t>(unitTotal)),
        succs(static_cast<std::size_t>(unitTotal));
    {
        QSet<qint64> seen;
        for (int n = 0; n < nodeCount; ++n)
            for (int in : stage.nodes[std::size_t(n)].inputs) {
                const int a = layout.unitOfNode[std::size_t(in)];
                const int b = layout.unitOfNode[std::size_t(n)];
                if (a == b || seen.contains(qint64(a) * unitTotal + b))
                    continue;
                seen.insert(qint64(a) * unitTotal + b);
                layout.edges.emplace_back(a, b);
                preds[std::size_t(b)].push_back(a);
                succs[std::size_t(a)].push_back(b);
            }
    }

    // Topological order (Kahn); units on a cycle follow in their own order.
    std::vector<int> indegree(std::size_t(unitTotal), 0);
    for (const auto& [a, b] : layout.edges)
        ++indegree[std::size_t(b)];
    std::deque<int> ready;
    for (int u = 0; u < unitTotal; ++u)
        if (indegree[std::size_t(u)] == 0)
            ready.push_back(u);
    std::vector<int> order;
    std::vector<char> placed(std::size_t(unitTotal), 0);
    while (order.size() < std::size_t(unitTotal)) {
        if (ready.empty()) {
            for (int u = 0; u < unitTotal; ++u)
                if (!placed[std::size_t(u)]) {
                    ready.push_back(u); // break the cycle at its earliest unit
                    indegree[std::size_t(u)] = 0;
                    break;
                }
        }
        const int u = ready.front();
        ready.pop_front();
        if (placed[std::size_t(u)])
            continue;
        placed[std::size_t(u)] = 1;
        order.push_back(u);
        for (int s : succs[std::size_t(u)])
            if (!placed[std::size_t(s)] && --indegree[std::size_t(s)] == 0)
                ready.push_back(s);
    }
    std::vector<int> position(std::size_t(unitTotal), 0);
    for (int i = 0; i < unitTotal; ++i)
        position[std::size_t(order[std::size_t(i)])] = i;
    int layerCount = 0;
    for (int u : order) {
        int layer = 0;
        for (int p : preds[std::size_t(u)])
            if (position[std::size_t(p)] < position[std::size_t(u)])
                layer = std::max(layer, layout.units[std::size_t(p)].layer + 1);
        layout.units[std::size_t(u)].layer = layer;
        layerCount = std::max(layerCount, layer + 1);
    }

    // Order inside the layers: barycentre sweeps, forward then backward.
    std::vector<std::vector<int>> layers(static_cast<std::size_t>(layerCount));
    for (int u : order)
        layers[std::size_t(layout.units[std::size_t(u)].layer)].push_back(u);
    auto renumber = [&](std::vector<int>& layer) {
        for (int i = 0; i < int(layer.size()); ++i)
            layout.units[std::size_t(layer[std::size_t(i)])].order = i;
    };
    for (auto& layer : layers)
        renumber(layer);
    auto sweep = [&](int layerIndex, const std::vector<std::vector<int>>& neighbours) {
        auto& layer = layers[std::size_t(layerIndex)];
        std::vector<double> key(layer.size());
        for (std::size_t i = 0; i < layer.size(); ++i) {
            const auto& ns = neighbours[std::size_t(layer[i])];
            double sum = 0;
            int count = 0;
            for (int n : ns)
                if (layout.units[std::size_t(n)].layer != layerIndex) {
                    sum += layout.units[std::size_t(n)].order;
                    ++count;
                }
            key[i] = count ? sum / count : double(layout.units[std::size_t(layer[i])].order);
        }
        std::vector<std::size_t> idx(layer.size());
        std::iota(idx.begin(), idx.end(), std::size_t(0));
        std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return key[a] < key[b]; });
        std::vector<int> sorted;
        sorted.reserve(layer.size());
        for (std::size_t i : idx)
            sorted.push_back(layer[i]);
        layer = std::move(sorted);
        renumber(layer);
    };
    for (int pass = 0; pass < 3; ++pass) {
        for (int l = 1; l < layerCount; ++l)
            sweep(l, preds);
        for (int l = layerCount - 2; l >= 0; --l)
            sweep(l, succs);
    }

    // Top to bottom: a layer is a row, centred on the widest row; the wheel
    // scrolls along the data flow.
    std::size_t widest = 0;
    for (const auto& layer : layers)
        widest = std::max(widest, layer.size());
    const double stepX = kStrategyBoxWidth + kStrategyGapX;
    const double stepY = kStrategyBoxHeight + kStrategyGapY;
    for (int l = 0; l < layerCount; ++l) {
        const auto& layer = layers[std::size_t(l)];
        const double offset = (double(widest) - double(layer.size())) * stepX / 2;
        for (int u : layer) {
            StrategyUnit& unit = layout.units[std::size_t(u)];
            unit.rect = QRectF(kStrategyMargin + offset + unit.order * stepX, kStrategyMargin + l * stepY,
                kStrategyBoxWidth, kStrategyBoxHeight);
        }
    }
    layout.size = QSizeF(2 * kStrategyMargin + std::max<double>(1, double(widest)) * stepX - kStrategyGapX,
        2 * kStrategyMargin + std::max(1, layerCount) * stepY - kStrategyGapY);
    return layout;
}

} // namespace profscope
