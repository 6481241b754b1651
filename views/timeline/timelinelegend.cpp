// SPDX-License-Identifier: Apache-2.0
#include "timelinelegend.h"

#include "colorrulesdialog.h"
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
    updateHeight();
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

QList<QPair<QString, QColor>> TimelineLegend::ruleEntries() const
{
    QList<QPair<QString, QColor>> out;
    for (const Item& it : layoutFor(std::max(width(), 200)))
        if (it.sliceClass == -3)
            out.append({ it.text, it.color });
    return out;
}

QSize TimelineLegend::sizeHint() const
{
    const std::vector<Item> items = layoutFor(std::max(width(), 200));
    const int bottom = items.empty() ? fontMetrics().height() + 4 : items.back().rect.bottom() + 1;
    return QSize(600, bottom + 4);
}

std::vector<TimelineLegend::Item> TimelineLegend::layoutFor(int width) const
{
    std::vector<Item> items;
    const QFontMetrics fm(font());
    const int h = fm.height();
    int x = 4;
    int y = 4;
    // An entry that does not fit starts the next row; gaps only between entries of a row.
    auto add = [&](int cls, const QString& text, const QColor& color, int swatch, int gapBefore = 0,
                   const QString& tip = QString()) {
        const int w = swatch + (swatch > 0 ? 6 : 0) + fm.horizontalAdvance(text) + 14;
        if (x > 4 && x + gapBefore + w > width - 4) {
            x = 4;
            y += h + 4;
        } else if (x > 4) {
            x += gapBefore;
        }
        items.push_back({ QRect(x, y, w, h), cls, text, color, tip });
        x += w;
    };
    for (int c = 0; c < kSliceClassCount; ++c)
        add(c, TimelineColors::className(SliceClass(c)), m_colors.baseColor(SliceClass(c)), h);
    add(-2, tr("Reset colours"), QColor(), 0);
    // The rules in effect, in the order they are tried.
    const ColorRules& rules = m_colors.rules();
    bool first = true;
    for (std::size_t i = 0; i < rules.rules().size(); ++i) {
        const ColorRule& r = rules.rules()[i];
        if (!r.enabled)
            continue;
        if (first)
            add(-5, tr("Rules:"), QColor(), 0, 16);
        first = false;
        const bool isCategory = r.kind == ColorRule::Kind::Category;
        const int category = ColorRules::categoryFromKey(r.pattern);
        const QString family = category >= 0 ? TimelineColors::className(SliceClass(category)) : r.pattern;
        const QString text = isCategory ? tr("all %1").arg(family)
                                        : fm.elidedText(r.pattern, Qt::ElideRight, 24 * fm.averageCharWidth());
        const QString tip = isCategory
            ? tr("Rule %1: every %2 slice; click to edit the rules").arg(i + 1).arg(family)
            : tr("Rule %1: slices whose name matches %2 (case-insensitive); click to edit the rules")
                  .arg(i + 1)
                  .arg(r.pattern);
        add(-3, text, r.color, h, 0, tip);
    }
    add(-4, first ? tr("Colour rules...") : tr("Edit rules..."), QColor(), 0, first ? 16 : 0);
    bool firstFlow = true;
    for (const QString& f : m_flows) {
        // Switched-off categories are drawn faded (and stay clickable).
        QColor color = m_colors.flowColor(f);
        if (!m_enabled.contains(f))
            color.setAlphaF(0.3f);
        add(-1, f, color, 2 * h, firstFlow ? 16 : 0);
        firstFlow = false;
    }
    return items;
}

void TimelineLegend::layoutItems()
{
    m_items = layoutFor(width());
}

void TimelineLegend::updateHeight()
{
    const std::vector<Item> items = layoutFor(std::max(width(), 200));
    const int height = (items.empty() ? fontMetrics().height() : items.back().rect.bottom() + 1) + 4;
    if (height != this->height())
        setFixedHeight(height);
}

void TimelineLegend::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    updateHeight();
}

void TimelineLegend::editColorRules()
{
    ColorRulesDialog dialog(m_colors.rules(), this);
    connect(&dialog, &ColorRulesDialog::rulesApplied, this, [this] {
        updateHeight();
        update();
        emit colorsChanged();
    });
    dialog.exec();
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
        if (it.sliceClass >= 0 || it.sliceClass == -3) {
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
        } else if (it.sliceClass == -5) {
            p.setPen(mutedTextColor(palette()));
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
            if (it.sliceClass == -5)
                break;
            setCursor(Qt::PointingHandCursor);
            setToolTip(it.sliceClass == -1
                    ? (m_enabled.contains(it.text) ? tr("%1 flows are drawn; click to hide them").arg(it.text)
                                                   : tr("%1 flows are hidden; click to draw them").arg(it.text))
                    : it.sliceClass == -3 ? it.toolTip
                    : it.sliceClass == -4
                    ? tr("Colour slices by name pattern or category; rules are kept for the next session.")
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
        } else if (it.sliceClass == -3 || it.sliceClass == -4) {
            editColorRules();
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
