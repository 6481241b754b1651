// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/compare.h"
#include "analysis/operators.h"
#include "common/export.h"
#include "model/profile.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QMenu;
class QPushButton;
class QSortFilterProxyModel;
class QSpinBox;
class QStackedWidget;
class QTableView;
class QTimer;

namespace profscope {

class DeferredRefresh;

class ColumnSizer;

class HorizontalBarChart;
class OperatorCompareModel;
class OperatorStatModel;
class ViewState;

// Where the device time goes by operator: charts by op type and by
// accelerator core, the op table (by type, name or name + shapes) of the
// current rank and step, and in compare mode the per-type / per-op deltas of
// the baseline and comparison ranks.
class OperatorsPage : public QWidget, public Exportable
{
    Q_OBJECT
public:
    explicit OperatorsPage(ViewState* state, QWidget* parent = nullptr);
    ~OperatorsPage() override;

    QList<ExportItem> exportItems() const override;

    // For tests and the main window.
    OperatorStatModel* statModel() const
    {
        return m_statModel;
    }
    QSortFilterProxyModel* statProxy() const
    {
        return m_statProxy;
    }
    OperatorCompareModel* compareModel() const
    {
        return m_compareModel;
    }
    QSortFilterProxyModel* compareProxy() const
    {
        return m_compareProxy;
    }
    QTableView* statTable() const
    {
        return m_statTable;
    }
    QTableView* compareTable() const
    {
        return m_compareTable;
    }
    QLineEdit* filterEdit() const
    {
        return m_filter;
    }
    HorizontalBarChart* typeChart() const
    {
        return m_typeChart;
    }
    HorizontalBarChart* coreChart() const
    {
        return m_coreChart;
    }
    QWidget* chartArea() const
    {
        return m_chartArea;
    }
    QLabel* summaryLabel() const
    {
        return m_summary;
    }
    QString emptyText() const;
    bool isEmptyStateShown() const;

    void setGrouping(OperatorGrouping grouping);
    OperatorGrouping grouping() const;
    void setTopN(int topN); // 0: all
    // Whether the charts include communication (HCCL) ops; they often dwarf
    // the compute ops.
    void setChartsIncludeCommunication(bool include);
    // Compare tables: by type (true) or by op name.
    void setCompareByType(bool byType);
    // Applies the filter text now instead of after the debounce.
    void applyFilterNow();
    // Shows the timeline at the longest occurrence of a table row (view row).
    // In compare mode: the baseline's kernel (the comparison's when the op
    // only exists there); `comparisonSide` asks for the comparison's.
    // Returns false, with the reason in *why, when nothing could be shown
    // (across runs: the timeline does not show the comparison run).
    bool openTimelineForRow(int proxyRow, bool comparisonSide = false, QString* why = nullptr);
    // The compare table's context menu for a view row (tests; right click).
    QMenu* createCompareMenu(int proxyRow);

private:
    void rebuild();
    void rebuildSingle(const RankData& rank, qint32 stepId);
    void rebuildCompare(const RankData& base, const RankData& other, qint32 stepId, qint32 otherStepId);
    void showEmpty(const QString& text);
    void updateTitle();
    void focusOperator(int rankIndex, const QString& opName);
    qint32 currentStepId(const KernelTable* kernels) const;
    QString rankLabel(int rankIndex) const;
    // The comparison rank: of the comparison run when two runs are compared.
    QString otherRankLabel(int rankIndex) const;
    QTableView* currentTable() const;

    ViewState* m_state;

    QLabel* m_title;
    QLabel* m_groupLabel;
    QComboBox* m_grouping;
    QCheckBox* m_communication;
    QComboBox* m_compareBy;
    QSpinBox* m_topN;
    QLineEdit* m_filter;
    QPushButton* m_exportChart;
    QPushButton* m_exportTable;
    QTimer* m_filterTimer;

    QStackedWidget* m_stack; // content / empty state
    QLabel* m_empty;
    QWidget* m_chartArea;
    HorizontalBarChart* m_typeChart;
    HorizontalBarChart* m_coreChart;
    QLabel* m_summary;
    QStackedWidget* m_tables;
    OperatorStatModel* m_statModel;
    QSortFilterProxyModel* m_statProxy;
    QTableView* m_statTable;
    OperatorCompareModel* m_compareModel;
    QSortFilterProxyModel* m_compareProxy;
    ColumnSizer* m_statSizer = nullptr;
    ColumnSizer* m_compareSizer = nullptr;
    QTableView* m_compareTable;

    // The comparison is the expensive part: kept until its inputs change.
    struct CompareCache
    {
        const RankData* base = nullptr;
        const RankData* other = nullptr;
        qint32 stepId = -2;
        qint32 otherStepId = -2;
        std::shared_ptr<KernelTable> baseKernels;
        std::shared_ptr<KernelTable> otherKernels;
        OperatorComparison comparison;
    } m_cache;
    ProfilePtr m_profile; // keeps the cached ranks alive
    ProfilePtr m_otherProfile; // the comparison run's, likewise
    // The op table's sort survives regrouping although the sections move.
    int m_statSortKind = 5; // OperatorStatModel::TotalColumn
    Qt::SortOrder m_statSortOrder = Qt::DescendingOrder;
    bool m_rebuilding = false;
    bool m_compareMode = false;
    DeferredRefresh* m_refresh = nullptr;
};

} // namespace profscope
