// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/steptrace.h"
#include "common/export.h"
#include "model/profile.h"

#include <QWidget>

#include <array>
#include <memory>

class QComboBox;
class QPushButton;
class QLabel;
class QStandardItemModel;
class QTabWidget;
class QTableView;

namespace profscope {

class DeferredRefresh;
class PreparedComboItems;
struct ComboItem;
class StackedBarsChart;
class StageChart;
class TrajectoryPanel;
class TrendChart;
class ViewState;

// MindInsight's Step Trace page for one device (per step: Step Gap / FP+BP /
// Tail with the reduce and send/receive stream ops; the start and finish of
// each stage; the average step by default, any step on demand; the trend of
// each stage over the steps; the FP/BP points used) and, for several
// devices, the Cluster Iteration Trajectory. Old MindInsight ranks take
// their figures from step_trace_raw; newer ranks from their step table
// (Preparing / Computing / Communication / Free). Work happens only while
// the page is shown.
class StepTracePage : public QWidget, public Exportable
{
    Q_OBJECT
public:
    explicit StepTracePage(ViewState* state, QWidget* parent = nullptr);
    ~StepTracePage() override;

    QList<ExportItem> exportItems() const override;

    // Whether any rank has step figures to show (the page is offered then).
    static bool hasData(const Profile& profile);

    // For tests.
    int shownRank() const
    {
        return m_rankIndex;
    }
    QString shownStep() const;
    void setShownStep(const QString& step);
    const RankStepTrace& trace() const
    {
        return *m_trace;
    }
    StageChart* stageChart() const
    {
        return m_stageChart;
    }
    StackedBarsChart* stepChart() const
    {
        return m_stepChart;
    }
    TrendChart* trendChart(int i) const
    {
        return m_trends[std::size_t(i)];
    }
    QStandardItemModel* stageModel() const
    {
        return m_stageModel;
    }
    TrajectoryPanel* trajectoryPanel() const
    {
        return m_trajectory;
    }
    QTabWidget* tabs() const
    {
        return m_tabs;
    }
    QString infoText() const;
    bool isEmptyStateShown() const;
    // Shows the cluster tab (true) or the device tab.
    void showCluster(bool cluster);
    // The shown step (or one of its stages, by stage table row) on the
    // timeline; false when the step's place on the timeline is unknown.
    bool showInTimeline(int stageRow = -1);
    bool canShowInTimeline() const;

private:
    void invalidate();
    // `rankItems`: the rank box's items made by the prefetch job for m_profile (null: made here).
    void refresh(const std::shared_ptr<PreparedComboItems>& rankItems = nullptr);
    void prefetchThenRefresh();
    // The rank box's items: one per rank with steps (10,000 ranks: made in the prefetch job).
    static std::vector<ComboItem> rankComboItems(const Profile& profile);
    void rebuildRank();
    void fillSteps();
    void fillStep();
    void fillStageTable(const StepTraceStep& step);
    void fillTrajectory();
    void openDevice(int rankIndex);
    // Added to a step's start to get the rank's timeline clock; kInvalidTime
    // when the rank has no timeline or the two clocks cannot be related.
    TimeNs timelineOffsetNs() const;

    ViewState* m_state;
    ProfilePtr m_profile;
    // Hidden pages catch up when shown (one mechanism for every page).
    DeferredRefresh* m_refresh;
    mutable bool m_syncRefresh = false; // a flush for an export or a navigation: no job
    int m_rankIndex = -1;
    std::shared_ptr<const RankStepTrace> m_trace = std::make_shared<const RankStepTrace>();

    QLabel* m_title;
    QComboBox* m_rankCombo;
    QComboBox* m_stepCombo;
    QPushButton* m_timelineButton;
    QTabWidget* m_tabs;
    QWidget* m_devicePage;
    QLabel* m_empty;
    QLabel* m_info;
    StageChart* m_stageChart;
    QStandardItemModel* m_stageModel;
    QTableView* m_stageTable;
    StackedBarsChart* m_stepChart;
    std::array<TrendChart*, 3> m_trends {};
    TrajectoryPanel* m_trajectory;
};

} // namespace profscope
