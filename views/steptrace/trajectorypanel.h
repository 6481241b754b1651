// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/steptrace.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QStandardItemModel;
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

    void setTrajectory(ClusterTrajectory trajectory);
    const ClusterTrajectory& trajectory() const
    {
        return m_trajectory;
    }
    QStandardItemModel* model() const
    {
        return m_model;
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
    void fillModel();
    void fillChart();
    void applyStageFilter();

    ClusterTrajectory m_trajectory;
    QLabel* m_summary;
    QComboBox* m_stageFilter;
    StackedBarsChart* m_chart;
    QStandardItemModel* m_model;
    QTableView* m_table;
    QLabel* m_legend;
    std::vector<int> m_chartRows; // chart category -> index into m_trajectory.rows
};

} // namespace profscope
