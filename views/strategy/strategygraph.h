// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "strategylayout.h"

#include <QWidget>

namespace profscope {

// The operator graph of one pipeline stage, left to right (see
// StrategyLayout). Boxes are coloured as MindInsight's strategy graph:
// orange for ops with a sharding strategy, blue for communication ops,
// purple / green for the gradient-aggregation / redistribution ops the
// parallel planner inserted; a dashed box is a collapsed scope (a double
// click opens it). A click selects an op; search matches get a yellow halo.
// The graph is drawn at its zoom and centred when the widget is larger,
// scaled down to fit when it is smaller (an export at a given size).
class StrategyGraph : public QWidget
{
    Q_OBJECT
public:
    explicit StrategyGraph(QWidget* parent = nullptr);

    // `stage` must outlive the graph's use of it (the page owns the analysis).
    void setStage(const StrategyStage* stage, bool groupScopes);
    void setGroupScopes(bool group);
    void expandScope(const QString& scope);
    void setSelectedNode(int nodeIndex);
    int selectedNode() const
    {
        return m_selected;
    }
    void setMatches(const std::vector<int>& nodeIndexes);
    const StrategyLayout& graphLayout() const
    {
        return m_layout;
    }
    // Box of an op (its scope's box when collapsed) in widget coordinates.
    QRectF nodeRect(int nodeIndex) const;
    double zoom() const
    {
        return m_zoom;
    }
    void setZoom(double zoom);
    // Size of the whole graph at the zoom.
    QSize naturalSize() const;
    // Makes the widget at least the natural size and at least `viewport`.
    void fitContainer(const QSize& viewport);

    QSize sizeHint() const override;

signals:
    void nodeClicked(int nodeIndex);
    void zoomChanged(double zoom);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    bool event(QEvent* event) override;

private:
    void relayout();
    // Widget <-> graph coordinates.
    double scale() const;
    bool renderedAtOtherSize() const;
    QPointF origin() const;
    QPointF toGraph(const QPointF& widgetPoint) const;
    QString unitToolTip(int unit) const;
    // The legend sits above the graph, in widget pixels, wrapped to `width`.
    struct LegendItem
    {
        int kind;
        QString text;
        QRectF rect; // swatch and text
    };
    std::vector<LegendItem> legendItems(double width) const;
    double legendHeight(double width) const;
    double legendWidth() const;
    void paintLegend(QPainter& p);

    const StrategyStage* m_stage = nullptr;
    bool m_groupScopes = true;
    QSet<QString> m_expanded;
    StrategyLayout m_layout;
    int m_selected = -1;
    std::vector<char> m_match; // per node
    double m_zoom = 1.0;
    QSize m_viewport;
};

} // namespace profscope
