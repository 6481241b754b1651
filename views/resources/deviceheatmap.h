// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QColor>
#include <QString>
#include <QWidget>

#include <vector>

namespace profscope {

// One cell per device, coloured by a 0..1 ratio in MindInsight's heatmap
// palette at a chosen granularity (0.1, 0.05, 0.02): the cluster FLOPs and the
// cluster memory overviews. Cells shrink to fit (1024 ranks stay one
// screen); a click on a device emits its rank index.
class DeviceHeatmap : public QWidget
{
    Q_OBJECT
public:
    struct Cell
    {
        int rankIndex = -1; // into Profile::ranks
        int rankId = -1;
        double ratio = 0;   // 0..1; above 1 takes the last colour and is outlined
        QString value;      // shown in the cell when it is large enough
        QString toolTip;
        bool flagged = false; // outlined: a proposal names this device
        int group = -1;       // pipeline stage: each group gets its own rows, labelled
    };

    explicit DeviceHeatmap(QWidget* parent = nullptr);

    void setCells(std::vector<Cell> cells);
    const std::vector<Cell>& cells() const
    {
        return m_cells;
    }
    void setGranularity(double granularity);
    double granularity() const
    {
        return m_granularity;
    }
    // The legend's caption: "FLOPs / max FLOPs".
    void setRatioName(const QString& name);
    // The label of a group's rows: "Stage %1".
    void setGroupLabel(const QString& format);

    // Colour of bucket `bucket` of `buckets`, the palette interpolated.
    static QColor bucketColor(int bucket, int buckets);
    // The cell under a point, -1 when none (for tests and clicks).
    int cellAt(const QPoint& pos) const;
    QRect cellRect(int cell) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void deviceClicked(int rankIndex);
    void deviceDoubleClicked(int rankIndex);

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    struct Grid
    {
        int columns = 1;
        int cellSize = 1;
        int gap = 1;
        QRect area;
        std::vector<QPoint> places; // per cell: column, row
        std::vector<std::pair<int, int>> groupRows; // (group, first row) of each group
    };
    Grid grid() const;
    QRect legendRect() const;
    void paintLegend(QPainter& painter);

    std::vector<Cell> m_cells;
    double m_granularity = 0.1;
    QString m_ratioName;
    QString m_groupLabel;
    int m_hover = -1;
};

} // namespace profscope
