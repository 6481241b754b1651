// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/marey.h"

#include <QPolygonF>
#include <QWidget>

#include <memory>
#include <vector>

namespace profscope {

// The painted Marey chart: one horizontal time axis per device, stacked and
// grouped by pipeline stage; every op a polygon through its start and end on
// each device of its stage (green compute, orange communication), so skew
// between devices shows as slanted edges and waiting as gaps. A collapsed
// stage is one row with the union (earliest start, latest end) of its
// devices, drawn light, over the median device's start to end, solid: the
// halo around an op is how far its devices are apart. Right of the plot, three small bars per row: compute time,
// communication time and peak memory, each relative to the largest row.
class MareyCanvas : public QWidget
{
    Q_OBJECT
public:
    explicit MareyCanvas(QWidget* parent = nullptr);

    // Keeps the zoom when the new data covers the same time range; stages
    // start collapsed when there are more than kCollapseAbove devices.
    void setData(std::shared_ptr<const MareyData> data);
    const MareyData* data() const
    {
        return m_data.get();
    }
    static constexpr int kCollapseAbove = 32;

    // The rows as laid out (the view model): stage headers, devices and
    // collapsed stages, top to bottom.
    struct Row
    {
        enum class Kind
        {
            StageHeader,
            Device,
            CollapsedStage
        };
        Kind kind = Kind::Device;
        int stage = 0; // index into MareyData::stages
        int device = -1; // index into MareyData::devices (Device rows)
        int top = 0;
        int height = 0;
        QString label;
        TimeNs computeNs = 0; // collapsed: the stage's largest
        TimeNs communicationNs = 0; // collapsed: the stage's largest
        double peakMemoryMB = -1; // collapsed: the stage's largest
        double memoryCapacityMB = -1; // > 0: the memory bar is peak / capacity
        double flopsM = -1;           // flops_summary; collapsed: the stage's largest
        double flopsPerSecondG = -1;
        // The small bars: the value over the largest row's value (0..1).
        double computeFraction = 0;
        double communicationFraction = 0;
        double memoryFraction = 0;
        double flopsFraction = 0;
        double flopsRateFraction = 0;
    };
    const std::vector<Row>& rows() const
    {
        return m_rows;
    }

    void setStageCollapsed(int stage, bool collapsed);
    bool isStageCollapsed(int stage) const;
    void setAllStagesCollapsed(bool collapsed);

    // An op outlined in the highlight colour (the ops table's current row); -1: none.
    void setSelectedOp(int op);
    int selectedOp() const
    {
        return m_selectedOp;
    }

    void setShowMemory(bool show);
    bool showMemory() const
    {
        return m_showMemory;
    }

    // The time window shown (aligned ns); the whole data range by default.
    TimeRange viewRange() const
    {
        return m_view;
    }
    void setViewRange(TimeRange range); // pushes the previous window for zoomOut()
    void zoomOut(); // back one zoom step, or to everything
    void resetZoom();

    // The polygons of the ops in the view, in paint order; an op missing on
    // a device of its stage is split into one polygon per run of devices.
    struct Shape
    {
        int op = -1; // index into MareyData::ops
        QPolygonF polygon;
    };
    // With a band (widget y), only the rows reaching into it.
    std::vector<Shape> shapes(double top = -1e9, double bottom = 1e9) const;
    // Indexes of the ops that intersect the view.
    std::vector<int> opsInView() const;

    struct Hit
    {
        int op = -1;
        int row = -1; // index into rows()
        int device = -1; // the device row hit, or the stage's first device for a collapsed row or a slope
        TimeRange range = MareyOp::missing(); // the op on that row (aligned)
    };
    Hit hitTest(const QPointF& pos) const;
    // Horizontal geometry, for tests: x of a time, and the plot area.
    double xOf(TimeNs t) const;
    QRectF plotRect() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    // One click selects an op; a double click opens it in the timeline.
    void opClicked(int op, int device);
    void opDoubleClicked(int op, int device);
    void viewRangeChanged();
    void layoutChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool event(QEvent* event) override;

private:
    void relayout();
    TimeNs timeAt(double x) const;
    TimeRange rowRange(const MareyOp& op, const Row& row) const;
    QString tooltipFor(const Hit& hit) const;
    int labelWidth() const;
    int measureLabelWidth() const;

    std::shared_ptr<const MareyData> m_data;
    std::vector<Row> m_rows;
    std::vector<bool> m_collapsed; // per stage
    bool m_showMemory = false;
    TimeRange m_view {};
    std::vector<TimeRange> m_zoomStack;
    double m_maxMemoryMB = 0;
    // FLOPs and FLOPS blocks beside the others when a device has a flops_summary.
    bool m_showFlops = false;
    int barCount() const
    {
        return m_showFlops ? 5 : 3;
    }
    int barsWidth() const;
    int m_labelWidth = 60;
    // Brush state.
    bool m_pressed = false;
    QPointF m_pressPos;
    QPointF m_dragPos;
    int m_hoverOp = -1;
    int m_selectedOp = -1;
};

} // namespace profscope
