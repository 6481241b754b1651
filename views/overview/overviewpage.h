// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/cluster.h"
#include "common/export.h"

#include <QWidget>

class QComboBox;
class QMenu;
class QLabel;
class QSortFilterProxyModel;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QToolButton;
class QTreeView;

namespace profscope {

class AdviceModel;
class DeferredRefresh;
struct Finding;
class StepTraceChart;
class ClusterStepTableModel;
class OverviewBarsModel;
class OverviewComparePane;
class RankBarsChart;
class RankSpreadChart;
class StepTrendChart;
class StepTrendModel;
class ViewState;

// The cluster at a glance: per-rank stacked bars of where the step time goes
// (for the selected step or averaged), the per-step trend, the cluster step
// table and the advice engine's findings. Follows the shared ViewState (step,
// rank filter) and asks it to navigate (rank, operator, link, timeline).
class OverviewPage : public QWidget, public Exportable
{
    Q_OBJECT
public:
    explicit OverviewPage(ViewState* state, QWidget* parent = nullptr);
    ~OverviewPage() override;

    QList<ExportItem> exportItems() const override;

    OverviewBarsModel* barsModel() const
    {
        return m_barsModel;
    }
    ClusterStepTableModel* stepModel() const
    {
        return m_stepModel;
    }
    QSortFilterProxyModel* stepProxy() const
    {
        return m_stepProxy;
    }
    StepTrendModel* trendModel() const
    {
        return m_trendModel;
    }
    AdviceModel* adviceModel() const
    {
        return m_adviceModel;
    }
    QTreeView* adviceView() const
    {
        return m_adviceView;
    }
    // "Why is this step slow": the three costliest root causes, each a link to its target.
    QLabel* causesLabel() const
    {
        return m_causes;
    }
    // Shown when the recomputed figures and the profiler's own disagree by more than 1% of a step.
    QLabel* checksLabel() const
    {
        return m_checks;
    }
    // Old-format ranks only: MindInsight's step trace instead of the empty bars.
    StepTraceChart* stepTraceChart() const
    {
        return m_stepTrace;
    }
    QTableView* stepTable() const
    {
        return m_stepTable;
    }
    RankBarsChart* barsChart() const
    {
        return m_barsChart;
    }
    // The whole cluster sorted by step time (the default above 64 ranks).
    RankSpreadChart* spreadChart() const
    {
        return m_spreadChart;
    }
    QComboBox* chartKindCombo() const
    {
        return m_chartKind;
    }
    enum class RankChart
    {
        EveryRank,
        Distribution
    };
    void showRankChart(RankChart kind);
    StepTrendChart* trendChart() const
    {
        return m_trendChart;
    }
    QComboBox* sortCombo() const
    {
        return m_sortCombo;
    }
    QToolButton* descendingButton() const
    {
        return m_descending;
    }
    QTabWidget* tabs() const
    {
        return m_tabs;
    }
    // Run comparison (ViewState::runCompare): the two runs side by side,
    // shown instead of the base run's charts while "Compare Runs" is on.
    OverviewComparePane* comparePane() const
    {
        return m_comparePane;
    }
    QToolButton* compareButton() const
    {
        return m_compareButton;
    }
    bool showsComparison() const;

    // Sorts the bars by an OverviewBarsModel column.
    void sortBars(int column, Qt::SortOrder order);
    // What activating an advice row does (double-click, Enter).
    void activateFinding(int row);
    // The advice list's context menu for finding `row` (open its target,
    // stack its ranks in the timeline); public for tests.
    QMenu* createFindingMenu(int row);

private:
    void activateFindingInTimeline(int row);
    void updateCauses();
    void updateChecks();
    bool showStepTrace(); // true when only old-format step traces are there to show

private:
    void onProfileChanged();
    void refreshNow(); // what the page shows, once it can be seen
    void refresh();
    void refreshAdvice();
    void applyAdvice(std::vector<Finding> findings);
    void updateHeading();
    void updateHeaderControls(); // which of sort and chart choice apply
    static bool isAmountColumn(int column); // a time, not the rank id or the stage
    void showExportMenu();
    void refreshComparison();

    ViewState* m_state;
    // Every step of every rank, computed once per profile and shared with the profile's memo:
    // the step table shows its rows in place (copying 3,072 rows at 1024 ranks blocked the load).
    std::shared_ptr<const ClusterSteps> m_allSteps;
    // What the trend chart shows (rows of m_trendSource): refresh() leaves it alone when unchanged.
    std::shared_ptr<const ClusterSteps> m_trendSource;
    std::vector<const ClusterStepRow*> m_trendRows;
    QStringList m_trendSteps;
    bool m_stepsReady = false;
    bool m_stepColumnsFitted = false; // the step table's columns fit a profile's first rows
    bool m_adviceStale = true;
    DeferredRefresh* m_refresh = nullptr;
    int m_ranksWithoutComponents = 0;
    int m_ranksFromSummary = 0; // ranks shown from step_trace_time.csv / StepTraceTime (no timeline)
    int m_ranksFromProfscopeSummary = 0; // ranks read from *.profscope-summary.json (recomputed next to the data)
    QLabel* m_heading;
    QLabel* m_subheading;
    QComboBox* m_sortCombo;
    QToolButton* m_descending;
    QToolButton* m_exportButton;
    QStackedWidget* m_stack;
    QLabel* m_empty;
    OverviewBarsModel* m_barsModel;
    RankBarsChart* m_barsChart;
    RankSpreadChart* m_spreadChart;
    QStackedWidget* m_rankCharts;
    QComboBox* m_chartKind;
    QLabel* m_chartKindLabel = nullptr;
    bool m_chartKindChosen = false; // by the user: kept across profiles
    StepTrendModel* m_trendModel;
    StepTrendChart* m_trendChart;
    ClusterStepTableModel* m_stepModel;
    QSortFilterProxyModel* m_stepProxy;
    QTableView* m_stepTable;
    AdviceModel* m_adviceModel;
    QTreeView* m_adviceView;
    QLabel* m_adviceEmpty;
    QLabel* m_causes;
    QLabel* m_checks;
    QWidget* m_chartsPane = nullptr;
    StepTraceChart* m_stepTrace;
    QTabWidget* m_tabs;
    OverviewComparePane* m_comparePane;
    QToolButton* m_compareButton;
    QLabel* m_sortLabel = nullptr;
};

} // namespace profscope
