// SPDX-License-Identifier: Apache-2.0
// TimelineRenderer: the rows of a band (group bands, threads, counters) and their header column.
#include "timelinerenderer.h"

#include "common/statuscolors.h"

#include <QFontMetrics>
#include <QPainter>

#include <algorithm>

namespace profscope {

namespace {

QColor blend(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t), float(a.greenF() * (1 - t) + b.greenF() * t),
        float(a.blueF() * (1 - t) + b.blueF() * t));
}

// The comparison run's lanes (run comparison) are tinted with this, the
// base run's with the palette's highlight: two runs never read as one.
QColor comparisonTint()
{
    return QColor(0xe0, 0x8a, 0x1e);
}

} // namespace

void TimelineRenderer::paintRows(QPainter& p, const std::vector<TimelineRow>& rows, const TimelineViewport& vp,
    const TimelineRenderState& state, int bandTop, int bandBottom)
{
    p.save();
    p.setClipRect(QRect(0, bandTop, vp.width, bandBottom - bandTop));
    // First row intersecting the band.
    const int offset = rows.empty() || rows.front().pinned ? vp.rulerHeight : bandTop - vp.scrollY;
    auto it = std::partition_point(
        rows.begin(), rows.end(), [&](const TimelineRow& r) { return offset + r.y + r.height <= bandTop; });
    const QColor alt = blend(m_palette.color(QPalette::Base), m_palette.color(QPalette::AlternateBase), 0.6);
    const bool labels = true;
    for (; it != rows.end(); ++it) {
        const int top = rowTop(*it, vp);
        if (top >= bandBottom)
            break;
        ++m_stats.rows;
        const TimelineLane& l = m_model.lane(it->lane);
        const QRect header(0, top, vp.headerWidth - 1, it->height);
        const QRect track(vp.headerWidth, top, vp.trackWidth(), it->height);
        if (l.isGroup()) {
            QColor band = m_palette.color(QPalette::Window);
            if (l.kind == LaneKind::Rank)
                band = blend(band, l.comparison ? comparisonTint() : m_palette.color(QPalette::Highlight), 0.10);
            p.fillRect(track, it->summary ? alt : band);
            if (it->summary)
                paintSummary(p, it->lane, track.adjusted(0, 3, 0, -3), vp);
        } else if (l.kind == LaneKind::Thread) {
            paintThread(p, it->lane, track, vp, m_model.metrics().rowHeight, labels);
        } else {
            paintCounter(p, it->lane, track.adjusted(0, 2, 0, -2), vp);
        }
        // Row separator.
        p.fillRect(QRect(0, top + it->height, vp.width, 1),
            blend(m_palette.color(QPalette::Base), m_palette.color(QPalette::Mid), 0.3));
        paintHeader(p, *it, header, state, bandTop);
    }
    p.restore();
}

void TimelineRenderer::paintHeader(
    QPainter& p, const TimelineRow& row, const QRect& rowRect, const TimelineRenderState& state, int bandTop)
{
    const TimelineLane& l = m_model.lane(row.lane);
    QColor bg = m_palette.color(QPalette::Window);
    const QColor tint = l.comparison ? comparisonTint() : m_palette.color(QPalette::Highlight);
    if (l.kind == LaneKind::Rank)
        bg = blend(bg, tint, l.comparison ? 0.30 : 0.18);
    else if (l.kind == LaneKind::Process)
        bg = blend(bg, tint, l.comparison ? 0.14 : 0.07);
    else if (l.comparison)
        bg = blend(bg, tint, 0.06);
    if (row.lane == state.dragLane)
        bg = blend(bg, m_palette.color(QPalette::Highlight), 0.35);
    p.fillRect(rowRect, bg);
    // The title stays readable while a tall lane is scrolled half out.
    QRect r = rowRect;
    const int lineHeight = m_model.metrics().rowHeight + 2;
    if (r.top() < bandTop && r.bottom() - lineHeight > bandTop)
        r.setTop(bandTop);
    if (row.lane == state.dropBeforeLane) {
        p.fillRect(QRect(r.left(), r.top(), r.width() + 40, 2), m_palette.color(QPalette::Highlight));
    }
    const int indent = 6 + l.level * 12;
    const int lineH = std::min(r.height(), l.isGroup() ? r.height() : m_model.metrics().rowHeight + 2);
    int x = r.left() + indent;
    if (l.isGroup()) {
        // Disclosure triangle.
        p.save();
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setPen(Qt::NoPen);
        p.setBrush(m_palette.color(QPalette::Text));
        const double cy = r.top() + lineH / 2.0;
        QPolygonF tri;
        if (row.summary)
            tri << QPointF(x, cy - 4) << QPointF(x + 7, cy) << QPointF(x, cy + 4);
        else
            tri << QPointF(x - 1, cy - 3) << QPointF(x + 7, cy - 3) << QPointF(x + 3, cy + 3);
        p.drawPolygon(tri);
        p.restore();
        x += kTriangle + 4;
    }
    const bool pinned = m_model.isPinned(row.lane);
    int right = r.right() - 4;
    if (pinned) {
        // A pin mark at the right edge.
        p.save();
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setBrush(m_palette.color(QPalette::Highlight));
        p.setPen(Qt::NoPen);
        p.drawEllipse(QPointF(right - 4, r.top() + lineH / 2.0), 3.5, 3.5);
        p.restore();
        right -= 12;
    }
    p.setFont(l.isGroup() ? m_boldFont : m_font);
    const QFontMetrics fm(p.font());
    QString sub = l.subtitle;
    if (m_model.hasDepthCap(row.lane)) // the levels shown, and that a click changes them
        sub = m_model.isDepthCapped(row.lane)
            ? tr("%1/%2 ▸").arg(m_model.shownDepthRows(row.lane)).arg(m_model.depthRows(row.lane))
            : tr("%1 ▾").arg(m_model.depthRows(row.lane));
    if (row.summary && l.isGroup())
        sub = sub.isEmpty() ? tr("%n lanes", nullptr, int(l.children.size()))
                            : tr("%1, %n lanes", nullptr, int(l.children.size())).arg(sub);
    const QFontMetrics subFm(m_font);
    int subWidth = sub.isEmpty() ? 0 : subFm.horizontalAdvance(sub) + 8;
    const int avail = right - x;
    // The title wins: the subtitle only shows when both fit.
    if (subWidth > avail / 2 || fm.horizontalAdvance(l.title) + subWidth > avail)
        subWidth = 0;
    const QRect textRect(x, r.top(), std::max(0, avail - subWidth), lineH);
    p.setPen(m_palette.color(QPalette::WindowText));
    p.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft, fm.elidedText(l.title, Qt::ElideMiddle, textRect.width()));
    if (subWidth > 0) {
        p.setFont(m_font);
        p.setPen(mutedTextColor(m_palette));
        p.drawText(QRect(right - subWidth, r.top(), subWidth, lineH), Qt::AlignVCenter | Qt::AlignRight, sub);
    }
}

} // namespace profscope
