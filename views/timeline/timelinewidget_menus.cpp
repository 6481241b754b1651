// SPDX-License-Identifier: Apache-2.0
// TimelineWidget: menus (lane header, context) and tooltips.
#include "timelinewidget.h"

#include "timeformat.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QMenu>
#include <QNativeGestureEvent>
#include <QToolTip>

#include <algorithm>

namespace profscope {

void TimelineWidget::showHeaderMenu(int lane, QPoint globalPos)
{
    QMenu menu(this);
    const TimelineLane& l = m_model.lane(lane);
    if (l.isGroup()) {
        const bool collapsed = m_model.isCollapsed(lane);
        menu.addAction(collapsed ? tr("Expand") : tr("Collapse"), this, [this, lane, collapsed] {
            m_model.setCollapsed(lane, !collapsed);
            relayoutLanes();
        });
    }
    if (m_model.hasDepthCap(lane)) {
        const bool capped = m_model.isDepthCapped(lane);
        menu.addAction(capped ? tr("Show All %1 Levels").arg(m_model.depthRows(lane))
                              : tr("Show the Top %1 Levels").arg(TimelineModel::kCappedDepthRows),
            this, [this, lane, capped] {
                m_model.setDepthExpanded(lane, capped);
                relayoutLanes();
            });
    }
    menu.addAction(m_model.isPinned(lane) ? tr("Unpin from Top") : tr("Pin to Top"), this, [this, lane] {
        m_model.setPinned(lane, !m_model.isPinned(lane));
        relayoutLanes();
    });
    menu.addAction(tr("Hide Lane"), this, [this, lane] {
        m_model.setHidden(lane, true);
        relayoutLanes();
    });
    menu.addSeparator();
    menu.addAction(tr("Collapse All Processes"), this, [this] {
        m_model.setAllCollapsed(LaneKind::Process, true);
        relayoutLanes();
    });
    menu.addAction(tr("Expand All"), this, [this] {
        m_model.setAllCollapsed(LaneKind::Process, false);
        m_model.setAllCollapsed(LaneKind::Rank, false);
        relayoutLanes();
    });
    QAction* show = menu.addAction(tr("Show Hidden Lanes (%1)").arg(m_model.hiddenCount()), this, [this] {
        m_model.showAllLanes();
        relayoutLanes();
    });
    show->setEnabled(m_model.hiddenCount() > 0);
    menu.exec(globalPos);
}

void TimelineWidget::contextMenuEvent(QContextMenuEvent* event)
{
    const TimelineViewport vp = viewport();
    const TimelineRow* row = m_renderer.rowAt(event->pos().y(), vp);
    if (event->pos().x() < vp.headerWidth && row) {
        showHeaderMenu(row->lane, event->globalPos());
        return;
    }
    QMenu menu(this);
    if (hasRange()) {
        menu.addAction(
            tr("Zoom to Selected Range"), this, [this] { setVisibleRange(m_state.rangeStartNs, m_state.rangeEndNs); });
        menu.addAction(tr("Clear Selected Range"), this, [this] { clearRange(); });
    }
    menu.addAction(tr("Fit All"), this, [this] { fitAll(); });
    QAction* undo = menu.addAction(tr("Undo Zoom"), this, [this] { undoZoom(); });
    undo->setEnabled(!m_history.empty());
    if (row)
        menu.addAction(tr("Hide Lane \"%1\"").arg(m_model.lane(row->lane).title), this, [this, lane = row->lane] {
            m_model.setHidden(lane, true);
            relayoutLanes();
        });
    menu.exec(event->globalPos());
}

void TimelineWidget::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange) {
        m_colors.setPalette(palette());
        m_renderer.setPalette(palette());
        m_renderer.invalidate();
    } else if (event->type() == QEvent::FontChange) {
        applyMetrics();
        m_renderer.invalidate();
    }
    QWidget::changeEvent(event);
}

QString TimelineWidget::tooltipAt(QPoint pos)
{
    const TimelineViewport vp = viewport();
    TimelineBlock block;
    const SliceRef hit = m_renderer.hitTest(pos, vp, &block);
    if (!hit.isValid()) {
        const TimelineRow* row = m_renderer.rowAt(pos.y(), vp);
        if (row && pos.x() < vp.headerWidth) {
            // The comparison run's note (which run, the shift applied) is on its rank lane.
            QString text = m_model.lanePath(row->lane).toHtmlEscaped();
            for (int l = row->lane; l >= 0; l = m_model.lane(l).parent)
                if (!m_model.lane(l).note.isEmpty())
                    text += QStringLiteral("<br><span style='color:gray'>%1</span>").arg(m_model.lane(l).note.toHtmlEscaped());
            return text;
        }
        if (row && m_model.lane(row->lane).kind == LaneKind::Counter) {
            const CounterSeries& cs = m_model.counterSeries(row->lane);
            const TimeNs t = m_model.fromView(m_model.lane(row->lane).rank, TimeNs(vp.nsAt(pos.x())));
            auto it = std::upper_bound(cs.tsNs.begin(), cs.tsNs.end(), t);
            if (it == cs.tsNs.begin())
                return {};
            const double v = cs.value[std::size_t(it - cs.tsNs.begin() - 1)];
            const auto [lo, hi] = m_model.counterRange(row->lane);
            const QString& unit = m_model.lane(row->lane).subtitle;
            return QStringLiteral("<b>%1</b><br>%2<br><span style='color:gray'>%3</span>")
                .arg(m_model.lane(row->lane).title.toHtmlEscaped(), formatCounterValue(v, unit).toHtmlEscaped(),
                    tr("range %1 – %2").arg(formatCounterValue(lo, unit), formatCounterValue(hi, unit)).toHtmlEscaped());
        }
        return {};
    }
    const TimelineLane& l = m_model.lane(hit.lane);
    const TraceData* trace = m_model.trace(l.rank);
    const SliceColumns& s = m_model.threadTrack(hit.lane).slices;
    QString text = QStringLiteral("<b>%1</b><br>%2: %3<br>%4: %5")
                       .arg(trace->strings.string(s.name[hit.slice]).toHtmlEscaped(), tr("Start"),
                           formatDurationNs(double(m_model.toView(l.rank, s.startNs[hit.slice]))), tr("Duration"),
                           formatDurationNs(double(s.durNs[hit.slice])));
    if (block.count > 1)
        text += QStringLiteral("<br><i>")
            + tr("%n slices merged here; zoom in to separate them", nullptr, int(block.count)) + QStringLiteral("</i>");
    return text;
}

bool TimelineWidget::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = tooltipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    if (event->type() == QEvent::NativeGesture) {
        // Touchpad pinch (macOS, Wayland): value is the relative scale change.
        auto* g = static_cast<QNativeGestureEvent*>(event);
        if (g->gestureType() == Qt::ZoomNativeGesture) {
            zoomBy(1.0 + g->value(), mapFromGlobal(g->globalPosition().toPoint()).x());
            return true;
        }
    }
    return QWidget::event(event);
}

} // namespace profscope
