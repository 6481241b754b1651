// SPDX-License-Identifier: Apache-2.0
#include "timelinewidget.h"

#include "timeformat.h"
#include "timelineshortcuts.h"

#include <QContextMenuEvent>
#include <QFontMetrics>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QMenu>
#include <QMouseEvent>
#include <QNativeGestureEvent>
#include <QPainter>
#include <QResizeEvent>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace profscope {

TimelineWidget::TimelineWidget(QWidget* parent)
    : QWidget(parent)
    , m_renderer(m_model, m_colors)
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    m_colors.loadSettings();
    m_colors.setPalette(palette());
    m_renderer.setPalette(palette());
    // Summary rows built off the GUI thread are drawn as soon as they are there.
    m_renderer.setSummaryReadyCallback([this] { update(); });
    applyMetrics();
    m_lastRemember.start();
}

void TimelineWidget::applyMetrics()
{
    QFont f = font();
    m_renderer.setFont(f);
    const int h = QFontMetrics(f).height();
    TimelineModel::Metrics m;
    m.rowHeight = h + 5;
    m.groupHeight = h + 8;
    m.summaryHeight = h + 10;
    m.counterHeight = 2 * h + 10;
    m_model.setMetrics(m);
}

void TimelineWidget::setProfile(const ProfilePtr& profile, const QList<int>& ranks, const TimelineComparison& comparison)
{
    const bool same = profile == m_model.profile();
    m_model.setProfile(profile, ranks, comparison);
    m_renderer.invalidate();
    m_state.selected = {};
    m_state.hovered = {};
    if (!same) {
        // Default flows: HostToDevice (kernel launches), the one users ask for first.
        m_state.flowCategories.clear();
        for (const auto& [cat, n] : flowCategories())
            if (cat == QLatin1String("HostToDevice"))
                m_state.flowCategories.insert(cat);
        clearRange();
        m_markers.clear(); // times of another profile
        m_history.clear();
        fitAll();
        m_history.clear();
    }
    m_scrollY = std::clamp(m_scrollY, 0, maxScrollY());
    emit lanesChanged();
    emit scrollChanged();
    update();
}

void TimelineWidget::refresh()
{
    m_renderer.invalidate();
    update();
}

void TimelineWidget::relayoutLanes()
{
    m_model.relayout();
    m_scrollY = std::clamp(m_scrollY, 0, maxScrollY());
    // Rows moved: selection outlines and flows must be recomputed, geometry not.
    emit lanesChanged();
    emit scrollChanged();
    update();
}

void TimelineWidget::setClockOffsets(const std::vector<TimeNs>& offsetNs)
{
    const TimeNs oldOrigin = m_model.originNs();
    m_model.setClockOffsets(offsetNs);
    // Keep the same absolute time at the left edge after the origin moved.
    m_startNs += double(oldOrigin - m_model.originNs());
    m_renderer.invalidate();
    clampView();
    emit viewChanged();
    update();
}

bool TimelineWidget::realignComparison(const TimelineComparison& comparison)
{
    const TimeNs oldOrigin = m_model.originNs();
    if (!m_model.realignComparison(comparison))
        return false;
    m_startNs += double(oldOrigin - m_model.originNs());
    m_renderer.invalidate();
    clampView();
    emit lanesChanged();
    emit viewChanged();
    update();
    return true;
}

TimelineViewport TimelineWidget::viewport() const
{
    TimelineViewport vp;
    vp.startNs = m_startNs;
    vp.nsPerPx = m_nsPerPx;
    vp.width = width();
    vp.height = height();
    const QFontMetrics fm(font());
    vp.headerWidth = std::clamp(fm.averageCharWidth() * 30, 180, 320);
    vp.rulerHeight = fm.height() + 14;
    vp.scrollY = m_scrollY;
    return vp;
}

double TimelineWidget::visibleEndNs() const
{
    return m_startNs + m_nsPerPx * viewport().trackWidth();
}

void TimelineWidget::rememberView(bool coalesce)
{
    // Continuous gestures (wheel, held keys) undo as one step.
    if (coalesce && !m_history.empty() && m_lastRemember.elapsed() < 700) {
        m_lastRemember.restart();
        return;
    }
    m_lastRemember.restart();
    if (m_history.empty() || m_history.back() != std::make_pair(m_startNs, m_nsPerPx))
        m_history.emplace_back(m_startNs, m_nsPerPx);
    if (m_history.size() > 200)
        m_history.erase(m_history.begin());
}

void TimelineWidget::clampView()
{
    const double track = viewport().trackWidth();
    m_rangeTrackWidth = int(track);
    const double span = std::max<double>(double(m_model.spanNs()), 1000.0);
    const double maxNsPerPx = span * 1.5 / track;
    m_nsPerPx = std::clamp(m_nsPerPx, kMinNsPerPx, maxNsPerPx);
    const double visible = m_nsPerPx * track;
    const double margin = span * 0.05;
    m_startNs =
        std::clamp(m_startNs, -margin - std::max(0.0, visible - span) / 2, std::max(-margin, span + margin - visible));
}

void TimelineWidget::setVisibleRange(double startNs, double endNs, bool remember)
{
    if (!(endNs > startNs))
        endNs = startNs + 1;
    if (remember)
        rememberView();
    m_nsPerPx = (endNs - startNs) / viewport().trackWidth();
    m_startNs = startNs;
    clampView();
    emit viewChanged();
    update();
}

void TimelineWidget::fitAll()
{
    const double span = std::max<double>(double(m_model.spanNs()), 1000.0);
    // A small margin so that the first and last slices do not touch the edges.
    setVisibleRange(-span * 0.01, span * 1.01);
}

void TimelineWidget::zoomBy(double factor, double anchorX)
{
    const TimelineViewport vp = viewport();
    if (anchorX < vp.headerWidth || anchorX > vp.width)
        anchorX = vp.headerWidth + vp.trackWidth() / 2.0;
    const double anchorNs = vp.nsAt(anchorX);
    rememberView(true);
    m_nsPerPx /= factor;
    clampView();
    m_startNs = anchorNs - (anchorX - vp.headerWidth) * m_nsPerPx;
    clampView();
    emit viewChanged();
    update();
}

void TimelineWidget::panByPx(double dx)
{
    m_startNs += dx * m_nsPerPx;
    clampView();
    emit viewChanged();
    update();
}

bool TimelineWidget::undoZoom()
{
    if (m_history.empty())
        return false;
    std::tie(m_startNs, m_nsPerPx) = m_history.back();
    m_history.pop_back();
    clampView();
    emit viewChanged();
    update();
    return true;
}

int TimelineWidget::maxScrollY() const
{
    const TimelineViewport vp = viewport();
    const int bandHeight = vp.height - vp.rulerHeight - m_model.pinnedHeight();
    return std::max(0, m_model.scrollHeight() - bandHeight + 8);
}

void TimelineWidget::setScrollY(int y)
{
    y = std::clamp(y, 0, maxScrollY());
    if (y == m_scrollY)
        return;
    m_scrollY = y;
    emit scrollChanged();
    update();
}

void TimelineWidget::selectSlice(const SliceRef& slice, bool reveal)
{
    m_state.selected = slice;
    if (reveal && slice.isValid())
        revealSlice(slice);
    emit sliceSelected(slice);
    update();
}

void TimelineWidget::revealSlice(const SliceRef& slice)
{
    if (!slice.isValid())
        return;
    bool relayout = false;
    // A slice below the levels a capped lane shows: show them all.
    if (m_model.isDepthCapped(slice.lane)
        && m_model.threadTrack(slice.lane).slices.depth[slice.slice] >= TimelineModel::kCappedDepthRows) {
        m_model.setDepthExpanded(slice.lane, true);
        relayout = true;
    }
    for (int l = slice.lane; l >= 0; l = m_model.lane(l).parent) {
        if (m_model.isHidden(l)) {
            m_model.setHidden(l, false);
            relayout = true;
        }
        if (l != slice.lane && m_model.isCollapsed(l)) {
            m_model.setCollapsed(l, false);
            relayout = true;
        }
    }
    if (relayout)
        relayoutLanes();
    const TimelineLane& lane = m_model.lane(slice.lane);
    const SliceColumns& s = m_model.threadTrack(slice.lane).slices;
    const double a = double(m_model.toView(lane.rank, s.startNs[slice.slice]));
    const double b = double(m_model.toView(lane.rank, s.endNs(slice.slice)));
    const double visible = visibleEndNs() - m_startNs;
    const bool readable = (b - a) / m_nsPerPx >= 2 && (b - a) < visible * 0.9;
    if (!readable) {
        // Zoom so that the slice takes about a third of the width.
        const double want = std::max((b - a) * 3, 200.0);
        setVisibleRange((a + b) / 2 - want / 2, (a + b) / 2 + want / 2);
    } else if (a < m_startNs || b > visibleEndNs()) {
        setVisibleRange((a + b) / 2 - visible / 2, (a + b) / 2 + visible / 2);
    }
    const TimelineRow* row = m_model.rowOf(slice.lane);
    if (row && !row->pinned) {
        const TimelineViewport vp = viewport();
        const int band = vp.height - vp.rulerHeight - m_model.pinnedHeight();
        const int y = row->y + 1 + s.depth[slice.slice] * m_model.metrics().rowHeight;
        if (y < m_scrollY || y + m_model.metrics().rowHeight > m_scrollY + band)
            setScrollY(y - band / 3);
    }
}

void TimelineWidget::setRange(double startNs, double endNs)
{
    if (endNs < startNs)
        std::swap(startNs, endNs);
    m_state.rangeStartNs = startNs;
    m_state.rangeEndNs = endNs;
    emit rangeSelected(startNs, endNs);
    update();
}

void TimelineWidget::clearRange()
{
    const bool had = hasRange();
    m_state.rangeStartNs = m_state.rangeEndNs = 0;
    if (had)
        emit rangeSelected(0, 0);
    update();
}

std::vector<std::pair<QString, qint64>> TimelineWidget::flowCategories() const
{
    std::vector<std::pair<QString, qint64>> out;
    for (int r : m_model.allRanks()) {
        for (const auto& [cat, n] : m_model.trace(r)->stats.flowsByCategory) {
            auto it = std::find_if(out.begin(), out.end(), [&category = cat](const auto& e) { return e.first == category; });
            if (it == out.end())
                out.emplace_back(cat, n);
            else
                it->second += n;
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

void TimelineWidget::setEnabledFlowCategories(const QSet<QString>& categories)
{
    m_state.flowCategories = categories;
    update();
}

void TimelineWidget::setSelectionFlows(bool on)
{
    m_state.selectionFlows = on;
    update();
}

QSize TimelineWidget::sizeHint() const
{
    return QSize(1100, 650);
}

QSize TimelineWidget::minimumSizeHint() const
{
    return QSize(400, 200);
}

void TimelineWidget::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const TimelineViewport vp = viewport();
    // On screen the summary rows come off the GUI thread (placeholders
    // meanwhile); a hidden widget renders for an export or a test: at once.
    m_renderer.summaryBuilder().setAsync(
        m_summaryBuild == SummaryBuild::OffThread || (m_summaryBuild == SummaryBuild::Auto && isVisible()));
    m_renderer.paint(p, vp, m_state);
    paintTimelineMarkers(p, vp, m_markers, palette());
}

void TimelineWidget::resizeEvent(QResizeEvent* event)
{
    // Keep the visible time range when the width changes (also for exports
    // rendered at another size). Hidden widgets get their resize events
    // late, so the width nsPerPx was computed for is remembered, not taken
    // from the event.
    const int track = viewport().trackWidth();
    if (m_rangeTrackWidth > 0 && m_rangeTrackWidth != track)
        m_nsPerPx = m_nsPerPx * m_rangeTrackWidth / track;
    clampView();
    m_scrollY = std::clamp(m_scrollY, 0, maxScrollY());
    QWidget::resizeEvent(event);
    emit scrollChanged();
}

void TimelineWidget::keyPressEvent(QKeyEvent* event)
{
    const TimelineViewport vp = viewport();
    const QPoint cursor = pointerPos();
    const double anchor = rect().contains(cursor) ? cursor.x() : -1;
    if (event->key() == Qt::Key_Question || event->text() == QLatin1String("?")) {
        emit shortcutSheetRequested();
        return;
    }
    switch (event->key()) {
    case Qt::Key_0:
        // Ctrl+0 resets the zoom, as in browsers and Nsight.
        if (event->modifiers() & Qt::ControlModifier) {
            fitAll();
            return;
        }
        break;
    case Qt::Key_M:
        if (event->modifiers() & Qt::ShiftModifier)
            clearMarkers();
        else
            markAtPointerOrSelection();
        return;
    case Qt::Key_W:
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(1.5, anchor);
        return;
    case Qt::Key_S:
    case Qt::Key_Minus:
        zoomBy(1 / 1.5, anchor);
        return;
    case Qt::Key_A:
    case Qt::Key_Left:
        panByPx(-vp.trackWidth() * 0.15);
        return;
    case Qt::Key_D:
    case Qt::Key_Right:
        panByPx(vp.trackWidth() * 0.15);
        return;
    case Qt::Key_Up:
        setScrollY(m_scrollY - m_model.metrics().rowHeight * 3);
        return;
    case Qt::Key_Down:
        setScrollY(m_scrollY + m_model.metrics().rowHeight * 3);
        return;
    case Qt::Key_F:
        fitAll();
        return;
    case Qt::Key_Z:
        // Z zooms to the selected range, else to the selected slice.
        if (hasRange()) {
            setVisibleRange(m_state.rangeStartNs, m_state.rangeEndNs);
        } else if (m_state.selected.isValid()) {
            const TimelineLane& l = m_model.lane(m_state.selected.lane);
            const SliceColumns& s = m_model.threadTrack(m_state.selected.lane).slices;
            const double a = double(m_model.toView(l.rank, s.startNs[m_state.selected.slice]));
            const double b = double(m_model.toView(l.rank, s.endNs(m_state.selected.slice)));
            const double pad = std::max((b - a) * 0.1, 10.0);
            setVisibleRange(a - pad, b + pad);
        }
        return;
    case Qt::Key_Backspace:
        undoZoom();
        return;
    case Qt::Key_Escape:
        if (hasRange())
            clearRange();
        else
            selectSlice({});
        return;
    default:
        break;
    }
    QWidget::keyPressEvent(event);
}

void TimelineWidget::wheelEvent(QWheelEvent* event)
{
    // Touchpads report pixel deltas: follow the fingers pixel for pixel.
    // Mouse wheels report angles in 1/8 degree (120 a notch, less on
    // high-resolution wheels): never round a small step to nothing.
    const QPoint pixels = event->pixelDelta();
    const bool smooth = !pixels.isNull();
    const QPointF delta = smooth ? QPointF(pixels) : QPointF(event->angleDelta()) / 120.0;
    if (event->modifiers() & Qt::ControlModifier) {
        // A notch zooms by 1.25; 60 px of a touchpad as much.
        const double steps = smooth ? delta.y() / 60.0 : delta.y();
        zoomBy(std::pow(1.25, steps), event->position().x());
    } else if (event->modifiers() & Qt::ShiftModifier || delta.x() != 0) {
        const double d = delta.x() != 0 ? delta.x() : delta.y();
        panByPx(smooth ? -d : -d * viewport().trackWidth() * 0.1);
    } else {
        const double dy = smooth ? delta.y() : delta.y() * m_model.metrics().rowHeight * 3;
        setScrollY(m_scrollY - int(std::lround(dy)));
    }
    event->accept();
}

QPoint TimelineWidget::pointerPos() const
{
    if (rect().contains(m_hoverPos))
        return m_hoverPos;
    return mapFromGlobal(QCursor::pos());
}

void TimelineWidget::markAtPointerOrSelection()
{
    const TimelineViewport vp = viewport();
    const QPoint pos = pointerPos();
    if (rect().contains(pos) && pos.x() >= vp.headerWidth) {
        toggleMarker(vp.nsAt(pos.x()));
    } else if (hasRange()) {
        toggleMarker(m_state.rangeStartNs);
    } else if (m_state.selected.isValid()) {
        const TimelineLane& l = m_model.lane(m_state.selected.lane);
        toggleMarker(double(
            m_model.toView(l.rank, m_model.threadTrack(m_state.selected.lane).slices.startNs[m_state.selected.slice])));
    }
}

void TimelineWidget::toggleMarker(double ns)
{
    const double near = 3 * m_nsPerPx;
    const auto it =
        std::find_if(m_markers.begin(), m_markers.end(), [&](double m) { return std::abs(m - ns) <= near; });
    if (it != m_markers.end())
        m_markers.erase(it);
    else
        m_markers.insert(std::upper_bound(m_markers.begin(), m_markers.end(), ns), ns);
    emit markersChanged();
    update();
}

void TimelineWidget::clearMarkers()
{
    if (m_markers.empty())
        return;
    m_markers.clear();
    emit markersChanged();
    update();
}

void TimelineWidget::leaveEvent(QEvent* event)
{
    m_hoverPos = QPoint(-1, -1);
    QWidget::leaveEvent(event);
}

void TimelineWidget::mousePressEvent(QMouseEvent* event)
{
    setFocus(Qt::MouseFocusReason);
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    const TimelineViewport vp = viewport();
    const QPoint pos = event->position().toPoint();
    m_pressPos = pos;
    m_pressStartNs = m_startNs;
    m_pressScrollY = m_scrollY;
    m_pressLane = -1;
    if (pos.y() < vp.rulerHeight && pos.x() >= vp.headerWidth) {
        m_drag = Drag::Range;
        m_rangeAnchorNs = vp.nsAt(pos.x());
        return;
    }
    if (pos.x() < vp.headerWidth) {
        const TimelineRow* row = m_renderer.rowAt(pos.y(), vp);
        m_pressLane = row ? row->lane : -1;
        m_drag = m_pressLane >= 0 ? Drag::HeaderPending : Drag::None;
        return;
    }
    if (event->modifiers() & Qt::ShiftModifier) {
        m_drag = Drag::Range;
        m_rangeAnchorNs = vp.nsAt(pos.x());
        return;
    }
    m_drag = Drag::Pending;
}

void TimelineWidget::mouseMoveEvent(QMouseEvent* event)
{
    const TimelineViewport vp = viewport();
    const QPoint pos = event->position().toPoint();
    m_hoverPos = pos;
    const QPoint d = pos - m_pressPos;
    switch (m_drag) {
    case Drag::Pending:
        if (d.manhattanLength() > 3) {
            m_drag = Drag::Pan;
            setCursor(Qt::ClosedHandCursor);
        }
        break;
    case Drag::HeaderPending:
        if (d.manhattanLength() > 4) {
            m_drag = Drag::Lane;
            m_state.dragLane = m_pressLane;
            setCursor(Qt::DragMoveCursor);
        }
        break;
    default:
        break;
    }
    switch (m_drag) {
    case Drag::Pan:
        m_startNs = m_pressStartNs - d.x() * m_nsPerPx;
        clampView();
        setScrollY(m_pressScrollY - d.y());
        emit viewChanged();
        update();
        return;
    case Drag::Range: {
        const double t = vp.nsAt(std::clamp(pos.x(), vp.headerWidth, vp.width));
        m_state.rangeStartNs = std::min(m_rangeAnchorNs, t);
        m_state.rangeEndNs = std::max(m_rangeAnchorNs, t);
        update();
        return;
    }
    case Drag::Lane: {
        // Drop before the sibling under the pointer.
        const TimelineRow* row = m_renderer.rowAt(pos.y(), vp);
        int target = -1;
        for (int l = row ? row->lane : -1; l >= 0; l = m_model.lane(l).parent)
            if (m_model.lane(l).parent == m_model.lane(m_pressLane).parent) {
                target = l;
                break;
            }
        m_state.dropBeforeLane = target == m_pressLane ? -1 : target;
        update();
        return;
    }
    default:
        break;
    }
    // Hover.
    const SliceRef hovered = m_renderer.hitTest(event->position(), vp);
    if (!(hovered == m_state.hovered)) {
        m_state.hovered = hovered;
        setCursor(hovered.isValid() ? Qt::PointingHandCursor : Qt::ArrowCursor);
    }
}

void TimelineWidget::mouseReleaseEvent(QMouseEvent* event)
{
    const TimelineViewport vp = viewport();
    const Drag drag = m_drag;
    m_drag = Drag::None;
    unsetCursor();
    switch (drag) {
    case Drag::Pending: {
        const SliceRef hit = m_renderer.hitTest(event->position(), vp);
        selectSlice(hit);
        break;
    }
    case Drag::Range:
        if (std::abs(vp.xOf(m_state.rangeEndNs) - vp.xOf(m_state.rangeStartNs)) < 3)
            clearRange();
        else
            setRange(m_state.rangeStartNs, m_state.rangeEndNs);
        break;
    case Drag::HeaderPending:
        if (m_pressLane >= 0 && m_model.lane(m_pressLane).isGroup()) {
            m_model.setCollapsed(m_pressLane, !m_model.isCollapsed(m_pressLane));
            relayoutLanes();
        } else if (m_pressLane >= 0 && m_model.hasDepthCap(m_pressLane)) {
            m_model.setDepthExpanded(m_pressLane, m_model.isDepthCapped(m_pressLane));
            relayoutLanes();
        }
        break;
    case Drag::Lane:
        if (m_state.dropBeforeLane >= 0 && m_model.moveLane(m_pressLane, m_state.dropBeforeLane))
            relayoutLanes();
        m_state.dragLane = m_state.dropBeforeLane = -1;
        update();
        break;
    default:
        break;
    }
}

void TimelineWidget::mouseDoubleClickEvent(QMouseEvent* event)
{
    const TimelineViewport vp = viewport();
    const SliceRef hit = m_renderer.hitTest(event->position(), vp);
    if (!hit.isValid())
        return;
    const TimelineLane& l = m_model.lane(hit.lane);
    const SliceColumns& s = m_model.threadTrack(hit.lane).slices;
    const double a = double(m_model.toView(l.rank, s.startNs[hit.slice]));
    const double b = double(m_model.toView(l.rank, s.endNs(hit.slice)));
    const double pad = std::max((b - a) * 0.1, 10.0);
    selectSlice(hit);
    setVisibleRange(a - pad, b + pad);
}

} // namespace profscope
