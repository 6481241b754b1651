// SPDX-License-Identifier: Apache-2.0
#include "droptargets.h"

#include "common/statuscolors.h"

#include <QPainter>
#include <QPainterPath>

namespace profscope {

DropTargets::DropTargets(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("dropTargets"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAcceptDrops(false);
    hide();
}

void DropTargets::showOver(const QWidget* area)
{
    setGeometry(area->geometry());
    raise();
    show();
    update();
}

QRect DropTargets::zoneRect(Zone zone) const
{
    const QRect r = rect().adjusted(24, 24, -24, -24);
    const int half = (r.width() - 24) / 2;
    return zone == Open ? QRect(r.left(), r.top(), half, r.height())
                        : QRect(r.left() + half + 24, r.top(), r.width() - half - 24, r.height());
}

DropTargets::Zone DropTargets::zoneAt(const QPoint& pos) const
{
    return pos.x() >= width() / 2 ? Compare : Open;
}

void DropTargets::setHovered(Zone zone)
{
    if (zone == m_hovered)
        return;
    m_hovered = zone;
    update();
}

void DropTargets::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    QColor veil = palette().color(QPalette::Window);
    veil.setAlphaF(0.82);
    painter.fillRect(rect(), veil);
    const QColor accent = palette().color(QPalette::Highlight);
    QFont title = font();
    title.setPointSizeF(title.pointSizeF() * 1.5);
    title.setBold(true);
    for (const Zone zone : { Open, Compare }) {
        const QRect r = zoneRect(zone);
        const bool hot = zone == m_hovered;
        QColor fill = accent;
        fill.setAlphaF(hot ? 0.22 : 0.06);
        QPainterPath path;
        path.addRoundedRect(QRectF(r), 12, 12);
        painter.fillPath(path, fill);
        painter.setPen(QPen(accent, hot ? 3 : 1.5, Qt::DashLine));
        painter.drawPath(path);
        painter.setPen(palette().color(QPalette::WindowText));
        painter.setFont(title);
        const QString heading = zone == Open ? tr("Drop here to open") : tr("Drop here to compare");
        const QRect top(r.left() + 16, r.center().y() - 60, r.width() - 32, 50);
        painter.drawText(top, Qt::AlignHCenter | Qt::AlignBottom | Qt::TextWordWrap, heading);
        painter.setFont(font());
        painter.setPen(mutedTextColor(palette()));
        const QString detail = zone == Open
            ? tr("Replaces the run shown")
            : tr("Loads it beside the run shown, as File → Compare With… (or hold Shift anywhere)");
        const QRect bottom(r.left() + 24, r.center().y(), r.width() - 48, 60);
        painter.drawText(bottom, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, detail);
    }
}

} // namespace profscope
