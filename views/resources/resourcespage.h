// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/resources.h"
#include "common/celltablemodel.h"
#include "common/export.h"
#include "deviceheatmap.h"
#include "model/profile.h"

#include <QWidget>

class QChartView;
class QComboBox;
class QLabel;
class QStackedWidget;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

namespace profscope {

class ApiStatsPanel;
class FlopsOpModel;
class ViewState;

// Cluster resources: the FLOPs heatmap with MindInsight's parallel
// proposals (flops_summary), the cluster memory overview (peak against
// capacity per device) and the API statistics (api_statistic.csv). Each tab
// is there only when its data is; a click on a device opens that rank's
// operators (FLOPs) or memory curves (memory).
class ResourcesPage : public QWidget, public Exportable
{
    Q_OBJECT
public:
    explicit ResourcesPage(ViewState* state, QWidget* parent = nullptr);
    ~ResourcesPage() override;

    // Whether the page has anything to show for this profile (the main
    // window shows the page only then).
    static bool hasData(const Profile& profile);

    QList<ExportItem> exportItems() const override;

    // For tests and the main window.
    bool isEmptyStateShown() const;
    QString emptyText() const;
    QTabWidget* tabs() const
    {
        return m_tabs;
    }
    DeviceHeatmap* flopsHeatmap() const
    {
        return m_flopsHeatmap;
    }
    DeviceHeatmap* memoryHeatmap() const
    {
        return m_memoryHeatmap;
    }
    QChartView* flopsChart() const
    {
        return m_flopsChart;
    }
    QChartView* memoryChart() const
    {
        return m_memoryChart;
    }
    ApiStatsPanel* apiPanel() const
    {
        return m_api;
    }
    QString proposalText() const;
    const ClusterFlops& flops() const
    {
        return m_flops;
    }
    const ClusterMemory& memory() const
    {
        return m_memory;
    }
    CellTableModel* flopsModel() const
    {
        return m_flopsModel;
    }
    FlopsOpModel* flopsOpModel() const
    {
        return m_flopsOps;
    }
    QString flopsOpsTitle() const;
    CellTableModel* memoryModel() const
    {
        return m_memoryModel;
    }
    void setGranularity(double granularity);

private:
    QWidget* makeFlopsTab();
    QWidget* makeMemoryTab();
    // A table's rows and its heatmap's cells, made in the page's job.
    struct Table
    {
        QStringList headers;
        std::vector<TableRow> rows;
        std::vector<DeviceHeatmap::Cell> cells;
    };
    struct Results
    {
        ClusterFlops flops;
        ClusterMemory memory;
        Table flopsTable;
        Table memoryTable;
    };
    static Table flopsTable(const Profile& profile, const ClusterFlops& flops);
    static Table memoryTable(const Profile& profile, const ClusterMemory& memory);
    void rebuild();
    void apply(ProfilePtr profile, Results results);
    void fillFlops(Table table);
    void fillMemory(Table table);
    void fillFlopsOps();
    QString rankLabel(int rankIndex) const;
    static QString rankLabel(const Profile* profile, int rankIndex);

    ViewState* m_state;
    ProfilePtr m_profile;
    ClusterFlops m_flops;
    ClusterMemory m_memory;

    QStackedWidget* m_stack;
    QLabel* m_empty;
    QTabWidget* m_tabs;
    QComboBox* m_granularity;
    QWidget* m_flopsTab;
    QLabel* m_proposals;
    DeviceHeatmap* m_flopsHeatmap;
    QChartView* m_flopsChart;
    CellTableModel* m_flopsModel;
    QSortFilterProxyModel* m_flopsProxy;
    QTableView* m_flopsTable = nullptr;
    QWidget* m_flopsCluster = nullptr; // heatmap and chart: only with flops_summary files
    QLabel* m_flopsOpsTitle = nullptr;
    FlopsOpModel* m_flopsOps = nullptr;
    QSortFilterProxyModel* m_flopsOpsProxy = nullptr;
    QWidget* m_memoryTab;
    QLabel* m_memoryNote;
    DeviceHeatmap* m_memoryHeatmap;
    QChartView* m_memoryChart;
    CellTableModel* m_memoryModel;
    QSortFilterProxyModel* m_memoryProxy;
    QTableView* m_memoryTable = nullptr;
    ApiStatsPanel* m_api;
};

} // namespace profscope
