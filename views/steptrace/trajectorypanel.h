// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/steptrace.h"
#include "common/celltablemodel.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace profscope {

class StackedBarsChart;

// The seed's "Cluster iteration trajectory": every device's step gap, FP+BP
// and tail (and, for model / pipeline parallel runs, the communication and
// computation overlap columns of ascend_cluster_analyse_*.csv, with the
// legacy hccl_raw communication beside them), sortable, average or one step,
// slow devices and slow hosts highlighted, filterable by pipeline stage.
// Double-clicking a device (or its bar) asks for its details.
class TrajectoryPanel : public QWidget
{
    Q_OBJECT
public:
    explicit TrajectoryPanel(QWidget* parent = nullptr);

    // The colours the table marks slow devices and hosts with (from the palette).
    struct Colors
    {
        QColor warn;
        QColor warnBack;
        QColor link;
    };
    Colors colors() const;
    // The table's headers and rows: from any thread (StepTracePage makes them in its job, so that
    // 10,000 devices are no GUI-thread work).
    static QStringList tableHeaders(const ClusterTrajectory& trajectory);
    static std::vector<TableRow> tableRows(const ClusterTrajectory& trajectory, const Colors& colors);

    void setTrajectory(ClusterTrajectory trajectory);
    // With the rows tableRows() made for it.
    void setTrajectory(ClusterTrajectory trajectory, std::vector<TableRow> rows);
    const ClusterTrajectory& trajectory() const
    {
        return m_trajectory;
    }
    CellTableModel* model() const
    {
        return m_model;
    }
    // The table as shown (sorted): what is exported.
    QSortFilterProxyModel* proxy() const
    {
        return m_proxy;
    }
    QTableView* table() const
    {
        return m_table;
    }
    StackedBarsChart* chart() const
    {
        return m_chart;
    }
    QComboBox* stageFilter() const
    {
        return m_stageFilter;
    }
    // The rows shown after the stage filter.
    int visibleRowCount() const;
    QString summaryText() const;

signals:
    void deviceRequested(int rankIndex);

protected:
    void changeEvent(QEvent* event) override;

private:
    void fillModel(std::vector<TableRow> rows);
    void fillChart();
    void applyStageFilter();

    ClusterTrajectory m_trajectory;
    QLabel* m_summary;
    QComboBox* m_stageFilter;
    StackedBarsChart* m_chart;
    CellTableModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    QLabel* m_legend;
    std::vector<int> m_chartRows; // chart category -> index into m_trajectory.rows
};

} // namespace profscope
