// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "itemmodels/commmatrixmodel.h"

#include <QPointer>
#include <QWidget>

namespace profscope {

// The src rank x dst rank communication matrix as a heatmap. One cell per
// rank pair while cells are at least kMinCellPx wide; below that, one cell
// per block of ranks (a host, or a run of rank ids) and a click zooms into
// the block pair. Diagonal (local copy) cells are left out of the colour
// scale: their bandwidth is that of memory and would flatten everything else.
class CommHeatmap : public QWidget
{
    Q_OBJECT
public:
    enum Metric
    {
        Bandwidth,
        Size,
        Time,
        Transport,
    };
    static constexpr int kMinCellPx = 3;

    // One row or column of the heatmap: a rank, or a block of ranks.
    struct AxisItem
    {
        QString label;
        QList<int> ranks;
    };
    struct Hit
    {
        int row = -1;
        int column = -1;
        bool valid() const
        {
            return row >= 0 && column >= 0;
        }
    };

    // What a heatmap cell shows: one link, or Σ of the links between two blocks.
    struct Cell
    {
        int links = 0;
        double sizeMB = 0;
        double timeMs = 0;
        QString transport;
        int slowLinks = 0;
        bool diagonal = false;
        double bandwidthGBps() const
        {
            return timeMs > 0 ? sizeMB / timeMs : 0;
        }
    };

    explicit CommHeatmap(QWidget* parent = nullptr);

    void setModel(CommMatrixModel* model);
    void setMetric(Metric metric);
    Metric metric() const
    {
        return m_metric;
    }
    static QString metricTitle(Metric metric);

    // Blocks instead of ranks (cells would be narrower than kMinCellPx).
    bool aggregated() const
    {
        return m_aggregated;
    }
    bool zoomed() const
    {
        return m_zoomRow >= 0;
    }
    const std::vector<AxisItem>& rows() const
    {
        return m_rows;
    }
    const std::vector<AxisItem>& columns() const
    {
        return m_columns;
    }
    // Zooms into the blocks (row, column) of the aggregated view.
    void zoomInto(int blockRow, int blockColumn);
    void zoomOut();
    // Selects a link; zooms into its blocks when the view is aggregated.
    // Returns false when the link is not in the matrix.
    bool selectLink(int srcRankId, int dstRankId);
    std::pair<int, int> selectedLink() const
    {
        return m_selected;
    }

    Hit hitTest(const QPoint& pos) const;
    const Cell& cellAt(int row, int column) const
    {
        return m_cells[std::size_t(row) * m_columns.size() + std::size_t(column)];
    }
    QRect cellRect(int row, int column) const;
    // Every metric of the cell (or block) under a hit, as the tooltip shows it.
    QString cellToolTip(const Hit& hit) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void linkClicked(int srcRankId, int dstRankId);
    void linkDoubleClicked(int srcRankId, int dstRankId);
    // A block pair was opened: the ops table lists every link in it.
    void blockOpened(const QList<int>& srcRanks, const QList<int>& dstRanks);
    void zoomChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void relayout();
    double value(const Cell& cell) const;
    QColor cellColor(const Cell& cell) const;
    void drawLegend(QPainter& p, const QRect& area);
    int labelStep(int cellPx, int labelPx) const;

    QPointer<CommMatrixModel> m_model;
    Metric m_metric = Bandwidth;
    bool m_aggregated = false;
    std::vector<RankBlock> m_blocks;
    int m_zoomRow = -1;
    int m_zoomColumn = -1;
    std::vector<AxisItem> m_rows;
    std::vector<AxisItem> m_columns;
    std::vector<Cell> m_cells; // rows x columns
    double m_min = 0;
    double m_max = 0;
    QRect m_plot;
    int m_cellPx = 0;
    QString m_header;
    Hit m_hover;
    std::pair<int, int> m_selected { -1, -1 };
};

} // namespace profscope
