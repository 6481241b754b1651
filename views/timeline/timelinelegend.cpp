// SPDX-License-Identifier: Apache-2.0
#include "timelinelegend.h"

#include "common/statuscolors.h"

#include <QColorDialog>
#include <QFontMetrics>
#include <QMouseEvent>
#include <QPainter>

namespace profscope {

TimelineLegend::TimelineLegend(TimelineColors& colors, QWidget* parent)
    : QWidget(parent)
    , m_colors(colors)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setToolTip(tr("Click a colour to change it; your colours are kept for the next session."));
}

void TimelineLegend::setFlowCategories(const QStringList& all, const QSet<QString>& enabled)
{
    m_flows = all;
    m_enabled = enabled;
    update();
}

QRect TimelineLegend::flowRect(const QString& category)
{
    layoutItems();
    for (const Item& it : m_items)
        if (it.sliceClass == -1 && it.text == category)
            return it.rect;
    return {};
}

QSize TimelineLegend::sizeHint() const
{
    return QSize(600, fontMetrics().height() + 8);
}

void TimelineLegend::layoutItems()
{
    m_items.clear();
    const QFontMetrics fm(font());
    const int h = fm.height();
    int x = 4;
    auto add = [&](int cls, const QString& text, const QColor& color, int swatch) {
        const int w = swatch + 6 + fm.horizontalAdvance(text) + 14;
        m_items.push_back({ QRect(x, 4, w, h), cls, text, color });
        x += w;
    };
    for (int c = 0; c < kSliceClassCount; ++c)
        add(c, TimelineColors::className(SliceClass(c)), m_colors.baseColor(SliceClass(c)), h);
    add(-2, tr("Reset colours"), QColor(), 0);
    x += 16;
    for (const QString& f : m_flows) {
        // Switched-off categories are drawn faded (and stay clickable).
        QColor color = m_colors.flowColor(f);
        if (!m_enabled.contains(f))
            color.setAlphaF(0.3f);
        add(-1, f, color, 2 * h);
    }
}

void TimelineLegend::paintEvent(QPaintEvent*)
{
    layoutItems();
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, true);
    const QFontMetrics fm(font());
    const int h = fm.height();
    for (const Item& it : m_items) {
        int x = it.rect.left();
        const int cy = it.rect.center().y();
        if (it.sliceClass >= 0) {
            // Three tones of the family: names vary around the base colour.
            const QRect sw(x, it.rect.top() + 2, h, h - 4);
            p.fillRect(sw, it.color);
            p.setPen(it.color.darker(130));
            p.drawRect(sw.adjusted(0, 0, -1, -1));
            x += h + 6;
            p.setPen(palette().color(QPalette::WindowText));
        } else if (it.sliceClass == -1) {
            p.setPen(QPen(it.color, 1.6));
            p.drawLine(QPointF(x, cy), QPointF(x + 2 * h - 6, cy));
            p.setBrush(it.color);
            p.setPen(Qt::NoPen);
            const QPointF tip(x + 2 * h, cy);
            p.drawPolygon(QPolygonF() << tip << QPointF(tip.x() - 7, cy - 3.5) << QPointF(tip.x() - 7, cy + 3.5));
            x += 2 * h + 6;
            p.setPen(m_enabled.contains(it.text) ? palette().color(QPalette::WindowText) : mutedTextColor(palette()));
        } else {
            p.setPen(palette().color(QPalette::Link));
        }
        p.drawText(
            QRect(x, it.rect.top(), it.rect.right() - x, it.rect.height()), Qt::AlignVCenter | Qt::AlignLeft, it.text);
    }
}

void TimelineLegend::mouseMoveEvent(QMouseEvent* event)
{
    for (const Item& it : m_items) {
        if (it.rect.contains(event->position().toPoint())) {
            setCursor(Qt::PointingHandCursor);
            setToolTip(it.sliceClass == -1
                    ? (m_enabled.contains(it.text) ? tr("%1 flows are drawn; click to hide them").arg(it.text)
                                                   : tr("%1 flows are hidden; click to draw them").arg(it.text))
                    : tr("Click a colour to change it; your colours are kept for the next session."));
            return;
        }
    }
    unsetCursor();
}

void TimelineLegend::mousePressEvent(QMouseEvent* event)
{
    for (const Item& it : m_items) {
        if (!it.rect.contains(event->position().toPoint()))
            continue;
        if (it.sliceClass == -1) {
            const bool on = !m_enabled.contains(it.text);
            if (on)
                m_enabled.insert(it.text);
            else
                m_enabled.remove(it.text);
            update();
            emit flowToggled(it.text, on);
        } else if (it.sliceClass == -2) {
            m_colors.resetDefaults();
            emit colorsChanged();
            update();
        } else if (it.sliceClass >= 0) {
            const QColor c = QColorDialog::getColor(it.color, this, tr("Colour of %1").arg(it.text));
            if (c.isValid()) {
                m_colors.setBaseColor(SliceClass(it.sliceClass), c);
                emit colorsChanged();
                update();
            }
        }
        return;
    }
}

} // namespace profscope
