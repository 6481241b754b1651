// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/memcompare.h"
#include "analysis/memory.h"
#include "analysis/runalign.h"
#include "common/export.h"
#include "model/profile.h"

#include <QPointF>
#include <QWidget>

#include <optional>
#include <utility>
#include <vector>

class QCheckBox;
class QCPGraph;
class QCPItemRect;
class QCPItemText;
class QCPItemTracer;
class QLabel;
class QSplitter;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;
class QTimer;

namespace profscope {

class DeferredRefresh;

class ColumnSizer;

class AllocationModel;
class VectorPlot;
class ViewState;

// Memory of one rank over time: allocated / reserved / active curves per
// component (memory_record.csv) and CANN module memory (npu_module_mem.csv),
// the peak, and the operator allocations (operator_memory.csv) with their
// lifetimes. In compare mode the comparison rank's curves are overlaid dashed.
class MemoryPage : public QWidget, public Exportable
{
    Q_OBJECT
public:
    explicit MemoryPage(ViewState* state, QWidget* parent = nullptr);
    ~MemoryPage() override;

    QList<ExportItem> exportItems() const override;

    // The curve whose peak is marked (and whose peak time decides "live at
    // peak"): PTA allocated when present, else the highest allocated curve.
    struct Peak
    {
        QString curveName; // "rank 0 · PTA allocated"
        double valueMB = 0;
        TimeNs tsNs = kInvalidTime;
    };
    std::optional<Peak> peak() const
    {
        return m_peak;
    }
    // Compare mode: the peak of the base rank's peak curve against the same
    // curve of the comparison rank (in run comparison, of the other run).
    std::optional<MemoryPeakDelta> peakDelta() const
    {
        return m_peakDelta;
    }
    // Run comparison: how the comparison run's curves are shifted onto the
    // base's time axis (the compared step's start on the base step's start).
    std::optional<StepAlignment> comparisonAlignment() const
    {
        return m_alignment;
    }
    // The line stating the peak delta (hidden outside compare mode).
    QString peakDeltaText() const;
    // The shaded interval of the selected allocation, in ms since the rank's
    // start (the plot's x coordinates).
    std::optional<std::pair<double, double>> highlightRangeMs() const;
    TimeNs originNs() const
    {
        return m_originNs;
    }

    // For tests and the main window.
    VectorPlot* plot() const
    {
        return m_plot;
    }
    AllocationModel* allocationModel() const
    {
        return m_allocations;
    }
    QSortFilterProxyModel* allocationProxy() const
    {
        return m_allocationProxy;
    }
    QTableView* allocationTable() const
    {
        return m_allocationTable;
    }
    AllocationModel* liveModel() const
    {
        return m_live;
    }
    QTableView* liveTable() const
    {
        return m_liveTable;
    }
    QLineEdit* filterEdit() const
    {
        return m_filter;
    }
    bool isEmptyStateShown() const;
    QString emptyText() const;
    // Graph names in the legend (visible or not).
    QStringList curveNames() const;
    void setMetricShown(MemoryCurve::Metric metric, bool shown);
    void applyFilterNow();
    // The whole capture, or the selected step's time range (ViewState step).
    void resetZoom();
    // Selects, in the allocation table, every allocation alive at the peak
    // (what a click on the peak marker does); returns how many.
    int selectLiveAtPeak();
    // Where the peak marker is drawn (plot pixels); null without a peak.
    QPointF peakMarkerPosition() const;

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    struct PlotCurve
    {
        int rankIndex = -1;
        bool comparison = false;
        MemoryCurve curve;
        QCPGraph* graph = nullptr;
    };

    void rebuild();
    void rebuildPlot();
    void showEmpty(const QString& text);
    void highlightAllocation(const QModelIndex& sourceIndex, const AllocationModel* model);
    void updateTitle();
    void updateStepRange();
    QString rankLabel(int rankIndex) const;
    // The comparison rank's label: "B · rank 0" in run comparison.
    QString comparisonRankLabel(int rankIndex) const;
    void updatePeakDelta();

    ViewState* m_state;
    ProfilePtr m_profile;

    QLabel* m_title;
    QCheckBox* m_showAllocated;
    QCheckBox* m_showReserved;
    QCheckBox* m_showActive;
    QCheckBox* m_showModules;
    QPushButton* m_resetZoom;
    QPushButton* m_exportPlot;
    QPushButton* m_exportTable;

    QStackedWidget* m_stack;
    QLabel* m_empty;
    VectorPlot* m_plot;
    QWidget* m_lower;
    QSplitter* m_tables = nullptr; // side by side when wide, stacked when narrow
    QLabel* m_noAllocations;
    QLineEdit* m_filter;
    QTimer* m_filterTimer;
    QLabel* m_allocationSummary;
    AllocationModel* m_allocations;
    QSortFilterProxyModel* m_allocationProxy;
    QTableView* m_allocationTable;
    QLabel* m_liveTitle;
    AllocationModel* m_live;
    QSortFilterProxyModel* m_liveProxy;
    QTableView* m_liveTable;
    ColumnSizer* m_allocationSizer = nullptr;
    ColumnSizer* m_liveSizer = nullptr;

    std::vector<PlotCurve> m_curves;
    std::optional<Peak> m_peak;
    std::optional<MemoryPeakDelta> m_peakDelta;
    std::optional<StepAlignment> m_alignment;
    QLabel* m_peakDeltaLabel = nullptr;
    TimeNs m_originNs = 0;
    TimeNs m_otherOriginNs = 0;
    QCPItemRect* m_highlight = nullptr;
    QCPItemText* m_highlightLabel = nullptr;
    QCPItemTracer* m_peakTracer = nullptr;
    QCPItemText* m_peakLabel = nullptr;
    double m_fullXLo = 0;
    double m_fullXHi = 1;
    double m_peakAxisMB = 1;
    // The selected step's host range in plot ms; empty when all steps.
    std::optional<std::pair<double, double>> m_stepRangeMs;
    QLabel* m_allocationHeading = nullptr;
    void requestRebuild();
    DeferredRefresh* m_refresh = nullptr;
    bool m_rebuildPending = false;
};

} // namespace profscope
