// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "common/export.h"
#include "analysis/apistatistics.h"
#include "model/profile.h"

#include <QWidget>

class QChartView;
class QComboBox;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace profscope {

class ApiStatModel;
class ViewState;

// api_statistic.csv as a sortable table, merged over the ranks or of the
// current rank, with a donut of the time per API type and a bar chart of the
// APIs that take the most time (Qt Charts: category shares are what it
// draws best). Clicking a type slice filters the table to that type.
class ApiStatsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ApiStatsPanel(ViewState* state, QWidget* parent = nullptr);

    void rebuild();
    bool hasData() const;
    QList<ExportItem> exportItems() const;

    // For tests.
    ApiStatModel* model() const
    {
        return m_model;
    }
    QSortFilterProxyModel* proxy() const
    {
        return m_proxy;
    }
    QComboBox* scopeCombo() const
    {
        return m_scope;
    }
    QChartView* typeChart() const
    {
        return m_typeChart;
    }
    QChartView* topChart() const
    {
        return m_topChart;
    }
    void setTypeFilter(const QString& level);

private:
    void fillScopes();
    // Shows `stats` (merged over the ranks or one rank's), computed in rebuild()'s job.
    void applyStatistics(std::vector<ApiStat> stats, bool merged, int fromTimeline);
    void rebuildCharts();

    ViewState* m_state;
    QComboBox* m_scope;
    QLineEdit* m_filter;
    QLabel* m_summary;

public:
    QString summaryText() const;

private:
    ApiStatModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    QChartView* m_typeChart;
    QChartView* m_topChart;
    QString m_typeFilter;
};

} // namespace profscope
