// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "common/qcustomplot.h"

#include <QString>

#include <vector>

namespace profscope {

// Axis, grid, tick, title and legend colours of a QCustomPlot from its widget
// palette (light or dark), so that plots follow the application theme and
// exports look like the screen.
void applyPlotPalette(QCustomPlot* plot);

// A chart's title (or subtitle) element that fits any width, the one policy
// of every chart title: whole when it fits; else its last " (...)" part (a
// mean, a unit) on a second line; and each line elided ("…") when still too
// wide, rather than cut off at both ends or widening the layout. It asks for
// no more width than its margins, and for a second line's height only when
// the plot is too narrow for one.
class ChartTitle : public QCPTextElement
{
public:
    ChartTitle(QCustomPlot* plot, const QString& text, const QFont& font);
    // The text as drawn at the element's last laid-out size (the text itself
    // before the first layout).
    QString shownText() const;
    // The text fitted into `widthPx` on at most `maxLines` lines.
    QString fitted(int widthPx, int maxLines) const;

protected:
    void draw(QCPPainter* painter) override;
    QSize minimumOuterSizeHint() const override;

private:
    int linesFitting(int heightPx) const;
};

// The legend's columns for a plot `widthPx` wide: one row when every item
// fits, else as many columns as fit (a column as wide as its widest item),
// so that no name is clipped in a narrow pane. Called before each replot.
void fitLegendColumns(QCustomPlot* plot, int widthPx);

// A ChartTitle, not yet in the plot's layout: the caller places it.
ChartTitle* makeChartTitle(QCustomPlot* plot, const QString& text, const QFont& font);

// A QCustomPlot that paints itself straight onto any painter instead of
// blitting its pixel buffer: SVG and PDF exports stay vector graphics, and a
// plot rendered before it was ever shown (headless export) is not blank.
// It follows the widget palette (applyPlotPalette on every palette or style
// change) and can show a message across the axis rect when there is no data.
class VectorPlot : public QCustomPlot
{
    Q_OBJECT
public:
    explicit VectorPlot(QWidget* parent = nullptr);

    // Text drawn across the axis rect, e.g. why there is nothing to show;
    // empty: none.
    void setEmptyText(const QString& text);
    QString emptyText() const
    {
        return m_emptyText;
    }

signals:
    // The palette was applied after a palette or style change: colours that
    // the owner chose (series, bands) are to follow.
    void paletteApplied();

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    // Ctrl+wheel zooms (where the plot allows zooming); the plain wheel
    // scrolls the page around the chart and says how to zoom.
    void wheelEvent(QWheelEvent* event) override;

private:
    // replot() draws every layer into QCustomPlot's pixel buffers, which this
    // plot never shows (paintEvent draws straight onto the widget): the layers
    // are hidden while the buffers are drawn and shown again before painting.
    void hideLayersFromBuffers();
    void restoreLayers();
    void shrinkPaintBuffers(const QSize& widgetSize);

    QString m_emptyText;
    std::vector<QCPLayer*> m_hiddenLayers;
};

} // namespace profscope
