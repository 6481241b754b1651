// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/datapipeline.h"
#include "common/export.h"
#include "model/profile.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QStackedWidget;
class QStandardItemModel;
class QTabWidget;
class QTableView;
class QTextBrowser;

namespace profscope {

class PipelineGraph;
class VectorPlot;
class ViewState;

// Data preparation (MindData) of one rank, as MindInsight's Data Preparation
// and CPU Utilization pages showed it: the dataset pipeline graph, the op
// table, the host / chip queue per step, the CPU sampler, and the findings of
// MindInsight's queue filter and proposals and of MindSpore's bottleneck rules.
class DataPrepPage : public QWidget, public Exportable
{
    Q_OBJECT
public:
    explicit DataPrepPage(ViewState* state, QWidget* parent = nullptr);
    ~DataPrepPage() override;

    QList<ExportItem> exportItems() const override;

    // Whether any rank of the profile has MindData files (the page is offered then).
    static bool hasData(const Profile& profile);

    // For tests.
    PipelineGraph* graph() const
    {
        return m_graph;
    }
    QStandardItemModel* opModel() const
    {
        return m_opModel;
    }
    VectorPlot* stepPlot() const
    {
        return m_stepPlot;
    }
    VectorPlot* cpuPlot() const
    {
        return m_cpuPlot;
    }
    QString findingsText() const;
    bool isEmptyStateShown() const;
    const DataPipelineAnalysis& analysis() const
    {
        return m_analysis;
    }
    int shownRank() const
    {
        return m_rankIndex;
    }

private:
    void rebuild();
    void fillOps();
    void fillDataset();
    void fillFindings();
    void fillStepPlot();
    void fillDatasetChart();
    void fillCpuPlot();
    void selectOp(qint64 opId);

    ViewState* m_state;
    ProfilePtr m_profile;
    int m_rankIndex = -1;
    DataPipelineAnalysis m_analysis;

    QLabel* m_title;
    QStackedWidget* m_stack;
    QLabel* m_empty;
    PipelineGraph* m_graph;
    QTextBrowser* m_findings;
    QTabWidget* m_tables;
    QStandardItemModel* m_opModel;
    QTableView* m_opTable;
    QStandardItemModel* m_datasetModel;
    QTableView* m_datasetTable;
    VectorPlot* m_stepPlot;
    VectorPlot* m_cpuPlot;
};

} // namespace profscope
