// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/strategy.h"
#include "common/export.h"
#include "model/profile.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QSortFilterProxyModel;
class QStackedWidget;
class QStandardItemModel;
class QTableView;
class QVBoxLayout;

namespace profscope {

class StrategyGraph;
class ViewState;

// Strategy perception, as MindInsight's parallel strategy graph: one
// operator graph per pipeline stage (stage selector), search by name, and
// for the selected op its sharding strategy matrix (rows = inputs, columns
// = tensor dimensions, cells = slices), its inputs and outputs, and the
// kernels it ran on the stage's ranks with a jump to the timeline or the
// operators page. Below, every op of the stage as a table.
class StrategyPage : public QWidget, public Exportable
{
    Q_OBJECT
public:
    explicit StrategyPage(ViewState* state, QWidget* parent = nullptr);
    ~StrategyPage() override;

    QList<ExportItem> exportItems() const override;
    static bool hasData(const Profile& profile);

    // For tests.
    bool isEmptyStateShown() const;
    const StrategyAnalysis& analysis() const
    {
        return m_analysis;
    }
    QComboBox* stageSelector() const
    {
        return m_stageBox;
    }
    StrategyGraph* graph() const
    {
        return m_graph;
    }
    QLineEdit* searchField() const
    {
        return m_search;
    }
    QStandardItemModel* matrixModel() const
    {
        return m_matrixModel;
    }
    QStandardItemModel* nodeModel() const
    {
        return m_nodeModel;
    }
    QStandardItemModel* kernelModel() const
    {
        return m_kernelModel;
    }
    int currentStage() const;
    int selectedNode() const
    {
        return m_selected;
    }
    // Selects an op of the current stage (graph, table, details), centred.
    void selectNode(int nodeIndex);
    // Finds the next op matching `text` (from the selected one on, every stage).
    bool findNext(const QString& text);
    // From a Send / Receive to its other end (another stage).
    void goToPeer();

private:
    void rebuild();
    void showStage(int stageIndex);
    void fillNodeTable();
    void fillDetails();
    void centreOn(int nodeIndex);
    void fitGraph(double minZoom);
    void jumpToKernel(int row, bool timeline);

    ViewState* m_state;
    ProfilePtr m_profile;
    StrategyAnalysis m_analysis;
    int m_stage = -1;
    int m_selected = -1;
    bool m_autoFit = true; // the zoom follows the view until the user zooms
    bool m_fitting = false;

    QLabel* m_title;
    QLabel* m_summary;
    QComboBox* m_stageBox;
    QLineEdit* m_search;
    QLabel* m_searchStatus;
    QCheckBox* m_groupScopes;
    QStackedWidget* m_stack;
    QLabel* m_empty;
    QScrollArea* m_scroll;
    class ViewportWatcher;
    ViewportWatcher* m_viewportWatcher = nullptr;
    StrategyGraph* m_graph;
    QLabel* m_nodeTitle;
    QLabel* m_nodeInfo;
    QPushButton* m_peerButton;
    QLabel* m_matrixNote;
    QStandardItemModel* m_matrixModel;
    QTableView* m_matrixTable;
    QStandardItemModel* m_kernelModel;
    QTableView* m_kernelTable;
    QLabel* m_kernelNote;
    QVBoxLayout* m_details;
    QPushButton* m_timelineButton;
    QPushButton* m_operatorsButton;
    QStandardItemModel* m_nodeModel;
    QSortFilterProxyModel* m_nodeProxy;
    QTableView* m_nodeTable;
};

} // namespace profscope
