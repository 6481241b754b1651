// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "common/vectorplot.h"

#include <QWidget>

#include <array>

class QScrollBar;

namespace profscope {

class OverviewBarsModel;
class StepTrendModel;

// Stacked bars, one per rank, in the model's (sorted) order. At most as many
// bars as fit at a readable width are shown at once; a scroll bar and the
// mouse (drag, wheel) move and zoom horizontally, so 1 and 1024 ranks are
// both readable.
class RankBarsChart : public QWidget
{
    Q_OBJECT
public:
    RankBarsChart(OverviewBarsModel* model, QWidget* parent = nullptr);

    VectorPlot* plot() const
    {
        return m_plot;
    }
    QScrollBar* scrollBar() const
    {
        return m_scroll;
    }
    // Rebuilds the bars from the model (after a reset or a sort).
    void rebuild();
    void setSubtitle(const QString& text);
    // Bars in view (whole bars), and the first one.
    int visibleBarCount() const;
    int firstVisibleBar() const;
    // Shows bars [first, first + count).
    void showBars(int first, int count);
    // The largest number of bars shown at once at the current width.
    int maxVisibleBars() const;
    // Value drawn for model row `row`, component `component` (in the axis unit).
    double barValue(int row, int component) const;
    double unitNs() const
    {
        return m_unitNs;
    }

signals:
    void rankActivated(int rankIndex);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void onRangeChanged(const QCPRange& range);
    void updateTicks();
    void updateBarWidth();
    void syncScrollBar();
    int barAt(const QPoint& pos) const;
    void showToolTip(QMouseEvent* event);

    OverviewBarsModel* m_model;
    VectorPlot* m_plot;
    QScrollBar* m_scroll;
    QCPTextElement* m_title;
    std::array<QCPBars*, 5> m_bars {};
    double m_unitNs = 1e6;
    bool m_adjusting = false;
    int m_tickedWidth = -1;
};

// Per step: the mean of every component over the shown ranks (stacked) and
// the slowest rank's step time (line).
class StepTrendChart : public VectorPlot
{
    Q_OBJECT
public:
    explicit StepTrendChart(StepTrendModel* model, QWidget* parent = nullptr);
    void rebuild();
    void setSelectedStep(const QString& step);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void showToolTip(QMouseEvent* event);
    void updateBarWidth();

    StepTrendModel* m_model;
    QCPTextElement* m_title;
    std::array<QCPBars*, 5> m_bars {};
    QCPGraph* m_slowest = nullptr;
    QCPItemRect* m_highlight = nullptr;
    QString m_selectedStep;
    double m_unitNs = 1e6;
};

} // namespace profscope
