// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/rankspread.h"
#include "common/vectorplot.h"

#include <array>
#include <vector>

namespace profscope {

class OverviewBarsModel;

// The sorted positions 0 … count - 1 an area is drawn through: all of them up to `maxPoints`,
// else `maxPoints` evenly spaced ones (the first and the last among them) and every one of
// `keep`, ascending, without duplicates.
std::vector<int> drawnPositions(int count, int maxPoints, const std::vector<int>& keep = {});

// The whole cluster at a glance: every rank's step time (or one of its
// components), ranks sorted from the smallest value to the largest, as
// stacked areas of the same components as the bars, with the p10–p90 band and the median across it and the outliers
// named. 8 and 4096 ranks take the same width, so nothing scrolls and an
// export shows every rank.
class RankSpreadChart : public VectorPlot
{
    Q_OBJECT
public:
    // Above this many ranks the areas are drawn through a sample of the positions (drawnPositions).
    static constexpr int kMaxDrawnPositions = 1000;

    explicit RankSpreadChart(OverviewBarsModel* model, QWidget* parent = nullptr);

    // Rebuilds from the model (after a reset; the model's own sort is ignored).
    void rebuild();
    // What the ranks are sorted by and the band is of: an OverviewBarsModel
    // component column shows that component alone; anything else (step time,
    // rank, stage) the stacked step time. Takes effect on rebuild().
    void setMetric(int column);
    int metric() const
    {
        return m_metric;
    }
    // The value sorted on for model row `row`.
    TimeNs valueNs(int row) const;
    // The step shown ("" = the average over steps), for the title.
    void setStep(const QString& step);

    const RankSpread& spread() const
    {
        return m_spread;
    }
    // Model row drawn at sorted position `position` (0 = fastest); -1 outside.
    int rowAt(int position) const;
    // The labels of the named outliers, as drawn ("rank 300 · +13.4%").
    QStringList outlierLabels() const;
    double unitNs() const
    {
        return m_unitNs;
    }

signals:
    void rankActivated(int rankIndex);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void updateTitle();
    void clearMarks();
    void placeMarks();
    void recolor();
    int positionAt(const QPoint& pos) const;
    void showToolTip(QMouseEvent* event);

    OverviewBarsModel* m_model;
    QCPTextElement* m_title;
    std::array<QCPGraph*, 5> m_areas {};
    RankSpread m_spread;
    double m_unitNs = 1e6;
    int m_metric = -1; // -1: step time (stacked)
    QString m_step;
    QCPItemRect* m_band = nullptr;
    std::vector<QCPAbstractItem*> m_marks; // median and percentile lines, outlier labels
    QStringList m_outlierLabels;
};

} // namespace profscope
