// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "timelinecolors.h"
#include "timelinemodel.h"
#include "timelinerenderer.h"

#include <QElapsedTimer>
#include <QWidget>

#include <vector>

namespace profscope {

// The timeline canvas: lanes with a header column, a time ruler, slices,
// counters and flow arrows; all input handling (keys, wheel, drags,
// selection, lane header actions). Vertical scrolling is exposed as values
// so that the page can put a scroll bar beside it (exports stay clean).
class TimelineWidget : public QWidget
{
    Q_OBJECT
public:
    explicit TimelineWidget(QWidget* parent = nullptr);

    void setProfile(const ProfilePtr& profile, const QList<int>& ranks, const TimelineComparison& comparison = {});
    TimelineModel& model()
    {
        return m_model;
    }
    const TimelineModel& model() const
    {
        return m_model;
    }
    TimelineColors& colors()
    {
        return m_colors;
    }
    // How summary rows are built: off the GUI thread while the widget is
    // shown (Auto), always off it, or always at once.
    enum class SummaryBuild
    {
        Auto,
        OffThread,
        Immediate
    };
    void setSummaryBuild(SummaryBuild mode)
    {
        m_summaryBuild = mode;
    }
    TimelineRenderer& renderer()
    {
        return m_renderer;
    }
    // Colours or lane state changed outside: drop caches and repaint.
    void refresh();
    void relayoutLanes();
    void setClockOffsets(const std::vector<TimeNs>& offsetNs);
    // Run comparison: new shifts of the comparison ranks (another step
    // compared); false when the lanes must be rebuilt (setProfile()).
    bool realignComparison(const TimelineComparison& comparison);

    // The visible range in view coordinates (ns since the axis origin).
    TimelineViewport viewport() const;
    double visibleStartNs() const
    {
        return m_startNs;
    }
    double visibleEndNs() const;
    double nsPerPx() const
    {
        return m_nsPerPx;
    }
    void setVisibleRange(double startNs, double endNs, bool remember = true);
    void fitAll();
    void zoomBy(double factor, double anchorX = -1);
    void panByPx(double dx);
    bool undoZoom();
    static constexpr double kMinNsPerPx = 1.0 / 32; // a single ns spans 32 px

    int scrollY() const
    {
        return m_scrollY;
    }
    int maxScrollY() const;
    void setScrollY(int y);

    SliceRef selectedSlice() const
    {
        return m_state.selected;
    }
    void selectSlice(const SliceRef& slice, bool reveal = false);
    // Expands, unhides and scrolls so that the slice is on screen; zooms when
    // it is outside the visible range.
    void revealSlice(const SliceRef& slice);
    bool hasRange() const
    {
        return m_state.rangeEndNs > m_state.rangeStartNs;
    }
    double rangeStartNs() const
    {
        return m_state.rangeStartNs;
    }
    double rangeEndNs() const
    {
        return m_state.rangeEndNs;
    }
    void setRange(double startNs, double endNs);
    void clearRange();

    // Flow categories present in the ranks shown, with their edge counts.
    std::vector<std::pair<QString, qint64>> flowCategories() const;
    QSet<QString> enabledFlowCategories() const
    {
        return m_state.flowCategories;
    }
    void setEnabledFlowCategories(const QSet<QString>& categories);
    bool selectionFlows() const
    {
        return m_state.selectionFlows;
    }
    void setSelectionFlows(bool on);

    // Markers (M): times in view coordinates, sorted.
    const std::vector<double>& markers() const
    {
        return m_markers;
    }
    // Adds a marker at ns, or removes the one within 3 px of it.
    void toggleMarker(double ns);
    void clearMarkers();

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void sliceSelected(const profscope::SliceRef& slice);
    void rangeSelected(double startNs, double endNs);
    void viewChanged();
    void lanesChanged();
    void scrollChanged();
    void markersChanged();
    // `?` was pressed: the page shows the shortcut sheet.
    void shortcutSheetRequested();

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void changeEvent(QEvent* event) override;
    void leaveEvent(QEvent* event) override;
    bool event(QEvent* event) override;

private:
    enum class Drag
    {
        None,
        Pending,
        Pan,
        Range,
        Lane,
        HeaderPending
    };
    void rememberView(bool coalesce = false);
    void clampView();
    void applyMetrics();
    QString tooltipAt(QPoint pos);
    // The mouse pointer over the widget: the last move event, else the cursor.
    QPoint pointerPos() const;
    void markAtPointerOrSelection();
    void showHeaderMenu(int lane, QPoint globalPos);

    TimelineModel m_model;
    TimelineColors m_colors;
    TimelineRenderer m_renderer;
    TimelineRenderState m_state;
    SummaryBuild m_summaryBuild = SummaryBuild::Auto;
    double m_startNs = 0;
    double m_nsPerPx = 1;
    int m_scrollY = 0;
    int m_rangeTrackWidth = -1; // the track width m_nsPerPx belongs to
    std::vector<std::pair<double, double>> m_history; // (start, nsPerPx) before zooms
    QElapsedTimer m_lastRemember;

    Drag m_drag = Drag::None;
    QPoint m_pressPos;
    double m_pressStartNs = 0;
    int m_pressScrollY = 0;
    double m_rangeAnchorNs = 0;
    int m_pressLane = -1;
    QPoint m_hoverPos { -1, -1 };
    std::vector<double> m_markers;
};

} // namespace profscope
