// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "common/export.h"
#include "common/viewstate.h"
#include "timelinerenderer.h"

#include <QPointer>
#include <QWidget>

class QCheckBox;
class QDialog;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QScrollBar;
class QTabWidget;
class QTableView;
class QToolButton;
class QTreeWidget;

namespace profscope {

class DeferredRefresh;

class RangePanel;
class RangeStatsModel;
class SearchHitsModel;
class TimelineLegend;
class TimelineWidget;

// The Timeline page: toolbar (fit, zoom, clock alignment, flows, lanes,
// search, export), legend, the timeline canvas with its scroll bar, and the
// side panels (slice details with flows, range statistics, search hits).
class TimelinePage : public QWidget, public Exportable
{
    Q_OBJECT
public:
    explicit TimelinePage(ViewState* state, QWidget* parent = nullptr);
    // Beyond this many stacked ranks, ranks start collapsed to a summary row.
    static constexpr int kExpandedRankLimit = 8;

    // Scrolls and zooms to [startNs, endNs) of a rank (its own clock) and
    // selects the slice of that name there, if any.
    void showRange(int rankIndex, TimeNs startNs, TimeNs endNs, const QString& sliceName = {});
    // The same for a rank of the comparison run (index into its ranks, its
    // own clock): its lanes are shown (with the base rank it stands for).
    void showComparisonRange(int otherRank, TimeNs startNs, TimeNs endNs, const QString& sliceName = {});

    QList<ExportItem> exportItems() const override;

    TimelineLegend* legend() const
    {
        return m_legend;
    }
    TimelineWidget* timeline() const
    {
        return m_timeline;
    }
    RangeStatsModel* rangeStats() const;
    RangePanel* rangePanel() const
    {
        return m_rangePanel;
    }
    SearchHitsModel* searchHits() const
    {
        return m_hits;
    }
    // Run comparison: the comparison run's lanes under the base's, on or off.
    void setComparisonLanes(bool on);
    bool comparisonLanes() const
    {
        return m_comparisonLanes;
    }
    // Clock alignment across ranks (estimateClockAlignment) on or off.
    void setClockAlignment(bool on);
    void setFlowCategoryEnabled(const QString& category, bool on);
    // Runs the search box's search; returns the hit count.
    int search(const QString& text, Qt::CaseSensitivity cs = Qt::CaseInsensitive);
    void nextHit(int direction);
    // Zooms to a step's ProfilerStep#N slices ("" fits all); false when the
    // ranks shown have no such step.
    bool showStep(const QString& step);
    // Ctrl+F: the search box, its text selected.
    void focusSearch();
    // `?`: the list of the timeline's keys and mouse actions (non-modal).
    void showShortcutSheet();

signals:
    // Export → Trace for Perfetto: the window writes it (File → Export Trace).
    void traceExportRequested();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    // Narrower than this, the details panel is hidden until the user shows it.
    static constexpr int kPanelMinPageWidth = 900;
    void reload();
    QList<int> ranksToShow() const;
    TimelineComparison comparisonToShow(const QList<int>& ranks) const;
    // The compared step changed: shift the comparison lanes (no rebuild).
    void realignComparison();
    void rebuildFlowMenu();
    void updateDetails(const SliceRef& slice);
    void updateRange(double startNs, double endNs);
    void syncScrollBar();
    void jumpToHit(int row);
    void followStepOf(int rankIndex, TimeNs tsNs);
    // Zooms to [startNs, endNs) of a rank shown (a model rank number, see
    // TimelineModel::trace()) and selects the slice of that name there.
    void focusRange(int rankIndex, TimeNs startNs, TimeNs endNs, const QString& sliceName);
    void jumpToFlowEnd(int rank, std::size_t flow, bool toEnd);
    void exportImage(const QString& suffix);
    void installShortcuts();

    QPointer<ViewState> m_state;
    TimelineWidget* m_timeline = nullptr;
    QScrollBar* m_vbar = nullptr;
    TimelineLegend* m_legend = nullptr;
    QToolButton* m_flowButton = nullptr;
    QCheckBox* m_align = nullptr;
    QCheckBox* m_compareLanes = nullptr;
    QAction* m_compareLanesAction = nullptr;
    bool m_comparisonLanes = true;
    ProfilePtr m_comparisonShown; // the comparison run whose lanes were laid out last
    QLabel* m_rankLabel = nullptr;
    QLineEdit* m_search = nullptr;
    QPointer<QDialog> m_shortcutSheet;
    QToolButton* m_caseButton = nullptr;
    QToolButton* m_panelButton = nullptr;
    bool m_panelChosen = false; // the user showed or hid the panel: no automatic hiding
    QLabel* m_hitLabel = nullptr;
    QTabWidget* m_tabs = nullptr;
    QLabel* m_details = nullptr;
    QLabel* m_flowsTitle = nullptr;
    QLabel* m_argsTitle = nullptr;
    QPlainTextEdit* m_args = nullptr;
    QTreeWidget* m_flows = nullptr;
    QToolButton* m_jumpButton = nullptr;
    RangePanel* m_rangePanel = nullptr;
    QTableView* m_hitView = nullptr;
    SearchHitsModel* m_hits = nullptr;
    int m_currentHit = -1;
    bool m_clockAligned = false;
    bool m_followingJump = false; // the step changes because of a jump: keep the view on its target
    ProfilePtr m_profile;
    DeferredRefresh* m_refresh = nullptr;
    bool m_reloadPending = false;
    bool m_stepPending = false;
};

} // namespace profscope
