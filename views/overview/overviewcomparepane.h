// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/overviewcompare.h"

#include <QWidget>

class QLabel;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

namespace profscope {

class CompareBarsChart;
class DeltaExplainChart;
class OverviewCompareModel;
class OverviewExplainModel;

// The Overview of two runs (File → Compare With…): a summary line (mean step
// time of both runs, its delta and the category that moved it most), the
// side-by-side stacked bars per rank, the delta explained by category, and
// the tables behind them (per rank, per category).
class OverviewComparePane : public QWidget
{
    Q_OBJECT
public:
    explicit OverviewComparePane(QWidget* parent = nullptr);

    // baseName / otherName: how the runs are called in the summary.
    void setComparison(OverviewComparison comparison, const QString& baseName, const QString& otherName);

    OverviewCompareModel* rankModel() const
    {
        return m_rankModel;
    }
    QSortFilterProxyModel* rankProxy() const
    {
        return m_rankProxy;
    }
    OverviewExplainModel* explainModel() const
    {
        return m_explainModel;
    }
    CompareBarsChart* barsChart() const
    {
        return m_bars;
    }
    DeltaExplainChart* explainChart() const
    {
        return m_explain;
    }
    QLabel* summaryLabel() const
    {
        return m_summary;
    }
    QTableView* rankTable() const
    {
        return m_rankTable;
    }
    QTableView* explainTable() const
    {
        return m_explainTable;
    }

signals:
    // A row or bar of base rank `rankIndex` was activated.
    void rankActivated(int rankIndex);

private:
    void updateSummary(const QString& baseName, const QString& otherName);

    OverviewCompareModel* m_rankModel;
    QSortFilterProxyModel* m_rankProxy;
    OverviewExplainModel* m_explainModel;
    QLabel* m_summary;
    CompareBarsChart* m_bars;
    DeltaExplainChart* m_explain;
    QTabWidget* m_tabs;
    QTableView* m_rankTable;
    QTableView* m_explainTable;
};

} // namespace profscope
