// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "common/vectorplot.h"

#include <array>

namespace profscope {

class OverviewCompareModel;
class OverviewExplainModel;

// Two runs per rank: the base run's stacked bar (solid) beside the
// comparison run's (lighter), with the step-time delta above each pair.
// Drag or Ctrl+wheel move and zoom horizontally when there are many ranks.
class CompareBarsChart : public VectorPlot
{
    Q_OBJECT
public:
    explicit CompareBarsChart(OverviewCompareModel* model, QWidget* parent = nullptr);
    void rebuild();
    void setSubtitle(const QString& text);
    // Value drawn for model row `row` of the base (other = false) or
    // comparison run, part `part`, in the axis unit; NaN when not drawn.
    double barValue(int row, bool other, int part) const;
    double unitNs() const
    {
        return m_unitNs;
    }
    // Keys of the base and comparison bars of model row `row`.
    static double baseKey(int row)
    {
        return row - kOffset;
    }
    static double otherKey(int row)
    {
        return row + kOffset;
    }

signals:
    void rankActivated(int baseRankIndex);

private:
    static constexpr double kOffset = 0.21;
    void showToolTip(QMouseEvent* event);
    void colorBars();
    void fitDeltaLabels();

    OverviewCompareModel* m_model;
    QCPTextElement* m_title;
    std::array<QCPBars*, 5> m_base {};
    std::array<QCPBars*, 5> m_other {};
    QList<QCPItemText*> m_deltaLabels;
    double m_unitNs = 1e6;
};

// The mean step-time delta explained by category: one horizontal bar per
// part (its delta, in the part's colour) and the step-time delta below
// them, which they add up to.
class DeltaExplainChart : public VectorPlot
{
    Q_OBJECT
public:
    explicit DeltaExplainChart(OverviewExplainModel* model, QWidget* parent = nullptr);
    void rebuild();
    // Drawn value of model row `row` in the axis unit.
    double barValue(int row) const;

private:
    OverviewExplainModel* m_model;
    QCPTextElement* m_title;
    QList<QCPBars*> m_bars;
    QList<QCPItemText*> m_labels;
    QCPItemStraightLine* m_zero = nullptr;
    double m_unitNs = 1e3;
};

} // namespace profscope
