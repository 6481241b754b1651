// SPDX-License-Identifier: Apache-2.0
#include "strategygraph.h"

#include "common/statuscolors.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace profscope {

namespace {

enum class BoxKind
{
    Strategy,
    Communication,
    Gradient,
    Redistribution,
    Plain,
    Scope
};

struct BoxColors
{
    ThemedColor fill;
    ThemedColor border;
};

// MindInsight's strategy orange (#fdf4ed / #f16427), then the Tableau tones
// the other pages use; dark tones keep the same hue on a dark Base.
const BoxColors kBoxColors[] = {
    { { 0xfffdf4ed, 0xff4a2f1f }, { 0xfff16427, 0xfff38a50 } }, // strategy
    { { 0xffe8f0f9, 0xff1f3347 }, { 0xff4e79a7, 0xff7ea6d3 } }, // communication
    { { 0xfff1eaf6, 0xff3a2d45 }, { 0xff8e6bb3, 0xffb898d8 } }, // gradient aggregation
    { { 0xffe8f4ea, 0xff243b29 }, { 0xff59a14f, 0xff86c77c } }, // redistribution
    { { 0xfff7f7f8, 0xff2e3136 }, { 0xff9aa0a6, 0xff80868c } }, // other ops
    { { 0xfff0f1f3, 0xff33363b }, { 0xff7b8087, 0xff9aa0a6 } }, // collapsed scope
};

BoxKind unitKind(const StrategyStage& stage, const StrategyUnit& unit)
{
    if (unit.nodeIndex < 0)
        return BoxKind::Scope;
    const StrategyGraphNode& node = stage.nodes[std::size_t(unit.nodeIndex)];
    if (node.instanceType == QLatin1String("GradientAggregation"))
        return BoxKind::Gradient;
    if (node.instanceType == QLatin1String("Redistribution"))
        return BoxKind::Redistribution;
    if (node.communication())
        return BoxKind::Communication;
    if (!node.strategy.empty())
        return BoxKind::Strategy;
    return BoxKind::Plain;
}

QString compactStrategy(const StrategyGraphNode& node)
{
    QString text = node.strategyText();
    text.remove(QLatin1Char(' '));
    return text;
}

} // namespace

StrategyGraph::StrategyGraph(QWidget* parent)
    : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent, false);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
    setFocusPolicy(Qt::ClickFocus);
}

void StrategyGraph::setStage(const StrategyStage* stage, bool groupScopes)
{
    m_stage = stage;
    m_groupScopes = groupScopes;
    m_selected = -1;
    m_match.assign(stage ? stage->nodes.size() : 0, 0);
    m_expanded = stage && groupScopes ? initialStrategyExpansion(*stage) : QSet<QString>();
    relayout();
}

void StrategyGraph::setGroupScopes(bool group)
{
    if (group == m_groupScopes || !m_stage)
        return;
    m_groupScopes = group;
    m_expanded = group ? initialStrategyExpansion(*m_stage) : QSet<QString>();
    relayout();
}

void StrategyGraph::expandScope(const QString& scope)
{
    if (!m_stage || scope.isEmpty())
        return;
    for (const QString& prefix : strategyScopePrefixes(scope))
        m_expanded.insert(prefix);
    relayout();
}

void StrategyGraph::relayout()
{
    if (!m_stage) {
        m_layout = {};
    } else if (!m_groupScopes) {
        // Every scope open: collect them all.
        QSet<QString> all;
        for (const auto& node : m_stage->nodes)
            for (const QString& prefix : strategyScopePrefixes(node.scope))
                all.insert(prefix);
        m_layout = layoutStrategyStage(*m_stage, all);
    } else {
        m_layout = layoutStrategyStage(*m_stage, m_expanded);
    }
    fitContainer(m_viewport);
    updateGeometry();
    update();
}

void StrategyGraph::setSelectedNode(int nodeIndex)
{
    if (m_stage && nodeIndex >= 0 && nodeIndex < int(m_stage->nodes.size())) {
        // Open the scopes hiding the op.
        const int unit = m_layout.unitOfNode[std::size_t(nodeIndex)];
        if (m_layout.units[std::size_t(unit)].nodeIndex != nodeIndex) {
            m_selected = nodeIndex;
            expandScope(m_stage->nodes[std::size_t(nodeIndex)].scope);
            return;
        }
    }
    m_selected = nodeIndex;
    update();
}

void StrategyGraph::setMatches(const std::vector<int>& nodeIndexes)
{
    std::fill(m_match.begin(), m_match.end(), 0);
    for (int n : nodeIndexes)
        if (n >= 0 && n < int(m_match.size()))
            m_match[std::size_t(n)] = 1;
    update();
}

void StrategyGraph::setZoom(double zoom)
{
    zoom = std::clamp(zoom, 0.2, 2.5);
    if (std::abs(zoom - m_zoom) < 1e-6)
        return;
    m_zoom = zoom;
    fitContainer(m_viewport);
    update();
    emit zoomChanged(m_zoom);
}

QSize StrategyGraph::naturalSize() const
{
    const double w = std::ceil(m_layout.size.width() * m_zoom);
    const double legend = legendHeight(m_viewport.width() > 0 ? double(m_viewport.width()) : w);
    return QSize(int(w), int(std::ceil(m_layout.size.height() * m_zoom + legend)));
}

void StrategyGraph::fitContainer(const QSize& viewport)
{
    m_viewport = viewport;
    resize(naturalSize().expandedTo(viewport));
}

QSize StrategyGraph::sizeHint() const
{
    return naturalSize().expandedTo(QSize(400, 260));
}

bool StrategyGraph::renderedAtOtherSize() const
{
    // On screen the widget is the graph at its zoom, at least the view;
    // another size is an export at a chosen size.
    return size() != naturalSize().expandedTo(m_viewport);
}

double StrategyGraph::scale() const
{
    if (m_layout.size.isEmpty())
        return m_zoom;
    const double graphHeight = std::max(1.0, height() - legendHeight(legendWidth()));
    const double fit = std::min(width() / m_layout.size.width(), graphHeight / m_layout.size.height());
    // An export fills its image (up to twice the size); the screen keeps the zoom.
    return renderedAtOtherSize() ? std::min(fit, 2.0) : std::min(m_zoom, fit);
}

// Centred across, under the legend (on screen a short graph stays at the
// top; an export is centred both ways).
QPointF StrategyGraph::origin() const
{
    const double legend = legendHeight(legendWidth());
    const double s = scale();
    const double y = renderedAtOtherSize() ? std::max(0.0, (height() - legend - m_layout.size.height() * s) / 2) : 0.0;
    return QPointF(std::max(0.0, (width() - m_layout.size.width() * s) / 2), legend + y);
}

QPointF StrategyGraph::toGraph(const QPointF& widgetPoint) const
{
    return (widgetPoint - origin()) / scale();
}

QRectF StrategyGraph::nodeRect(int nodeIndex) const
{
    if (nodeIndex < 0 || nodeIndex >= int(m_layout.unitOfNode.size()))
        return {};
    const QRectF r = m_layout.units[std::size_t(m_layout.unitOfNode[std::size_t(nodeIndex)])].rect;
    const double s = scale();
    return QRectF(origin() + r.topLeft() * s, r.size() * s);
}

std::vector<StrategyGraph::LegendItem> StrategyGraph::legendItems(double width) const
{
    const std::pair<BoxKind, QString> entries[] = {
        { BoxKind::Strategy, tr("Sharding strategy") },
        { BoxKind::Communication, tr("Communication") },
        { BoxKind::Gradient, tr("Gradient aggregation") },
        { BoxKind::Redistribution, tr("Redistribution") },
        { BoxKind::Plain, tr("No strategy") },
        { BoxKind::Scope, tr("Scope (double-click opens)") },
    };
    const QFontMetricsF fm(font());
    std::vector<LegendItem> items;
    double x = kStrategyMargin;
    double y = 10;
    for (const auto& [kind, text] : entries) {
        const double w = 22 + fm.horizontalAdvance(text) + 4;
        if (x > kStrategyMargin && x + w > width - kStrategyMargin) {
            x = kStrategyMargin;
            y += 22;
        }
        items.push_back({ int(kind), text, QRectF(x, y, w, 18) });
        x += w + 16;
    }
    return items;
}

double StrategyGraph::legendWidth() const
{
    // On screen the legend wraps to what the scroll area shows.
    return m_viewport.width() > 0 ? std::min(width(), m_viewport.width()) : width();
}

double StrategyGraph::legendHeight(double width) const
{
    const auto items = legendItems(width);
    return items.empty() ? 0 : items.back().rect.bottom() + 4;
}

void StrategyGraph::paintLegend(QPainter& p)
{
    p.setFont(font());
    for (const auto& item : legendItems(legendWidth())) {
        const BoxColors& c = kBoxColors[item.kind];
        const QRectF swatch(item.rect.left(), item.rect.top() + 3, 16, 12);
        QPen pen(themedColor(c.border, palette()), 1.4);
        if (BoxKind(item.kind) == BoxKind::Scope)
            pen.setStyle(Qt::DashLine);
        p.setPen(pen);
        p.setBrush(themedColor(c.fill, palette()));
        p.drawRoundedRect(swatch, 3, 3);
        p.setPen(palette().color(QPalette::Text));
        p.drawText(item.rect.adjusted(22, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft, item.text);
    }
}

void StrategyGraph::paintEvent(QPaintEvent* event)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().color(QPalette::Base));
    if (!m_stage || m_layout.units.empty()) {
        p.setPen(mutedTextColor(palette()));
        p.drawText(rect(), Qt::AlignCenter, tr("This stage has no operators."));
        return;
    }
    paintLegend(p);
    p.translate(origin());
    const double s = scale();
    p.scale(s, s);
    // Only what the exposed area shows (a large graph is tall).
    const QRectF exposed = QRectF(toGraph(event->rect().topLeft()), toGraph(event->rect().bottomRight()) + QPointF(1, 1))
                               .adjusted(-10, -10, 10, 10);

    const QColor edgeColor = mutedTextColor(palette());
    const QColor highlight = palette().color(QPalette::Highlight);
    const int selectedUnit = m_selected >= 0 && m_selected < int(m_layout.unitOfNode.size())
        ? m_layout.unitOfNode[std::size_t(m_selected)]
        : -1;
    // Edges first, the selected op's edges last (on top).
    for (int pass = 0; pass < 2; ++pass)
        for (const auto& [a, b] : m_layout.edges) {
            const bool touches = selectedUnit >= 0 && (a == selectedUnit || b == selectedUnit);
            if (touches != (pass == 1))
                continue;
            const QRectF ra = m_layout.units[std::size_t(a)].rect;
            const QRectF rb = m_layout.units[std::size_t(b)].rect;
            if (!exposed.intersects(ra.united(rb)))
                continue;
            const QPointF from(ra.center().x(), ra.bottom());
            const QPointF to(rb.center().x(), rb.top());
            const double dy = std::max(24.0, std::abs(to.y() - from.y()) / 2);
            QPainterPath path(from);
            path.cubicTo(from + QPointF(0, dy), to - QPointF(0, dy), to);
            const QColor c = touches ? highlight : edgeColor;
            p.setPen(QPen(c, touches ? 2.0 : 1.1));
            p.setBrush(Qt::NoBrush);
            p.drawPath(path);
            QPolygonF arrow;
            arrow << to << to + QPointF(-4, -8) << to + QPointF(4, -8);
            p.setPen(Qt::NoPen);
            p.setBrush(c);
            p.drawPolygon(arrow);
        }

    QFont bold = font();
    bold.setWeight(QFont::DemiBold);
    QFont small = font();
    small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.88));
    const QColor text = palette().color(QPalette::Text);
    const QColor muted = mutedTextColor(palette());
    const QColor matchColor(0xf5, 0xc5, 0x18);
    for (int u = 0; u < int(m_layout.units.size()); ++u) {
        const StrategyUnit& unit = m_layout.units[std::size_t(u)];
        if (!exposed.intersects(unit.rect.adjusted(-4, -4, 4, 4)))
            continue;
        const BoxKind kind = unitKind(*m_stage, unit);
        const BoxColors& c = kBoxColors[int(kind)];
        bool matched = false;
        for (int n : unit.members)
            matched = matched || (n < int(m_match.size()) && m_match[std::size_t(n)]);
        if (matched) {
            p.setPen(QPen(matchColor, 5));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(unit.rect.adjusted(-3, -3, 3, 3), 8, 8);
        }
        QPen pen(themedColor(c.border, palette()), u == selectedUnit ? 3.0 : 1.3);
        if (u == selectedUnit)
            pen.setColor(highlight);
        if (kind == BoxKind::Scope)
            pen.setStyle(Qt::DashLine);
        p.setPen(pen);
        p.setBrush(themedColor(c.fill, palette()));
        p.drawRoundedRect(unit.rect, 6, 6);

        const QRectF inner = unit.rect.adjusted(10, 5, -10, -5);
        const double lineH = inner.height() / 3;
        QString title, name, detail;
        if (unit.nodeIndex >= 0) {
            const StrategyGraphNode& node = m_stage->nodes[std::size_t(unit.nodeIndex)];
            title = node.opType;
            name = node.name.section(QLatin1Char('/'), -1);
            detail = node.strategy.empty() ? node.outputShape : compactStrategy(node);
        } else {
            title = unit.scope.section(QLatin1Char('/'), -1);
            name = tr("%n op(s)", nullptr, int(unit.members.size()));
            detail = tr("%1 with strategy · %2 communication").arg(unit.withStrategy).arg(unit.communication);
        }
        p.setPen(text);
        p.setFont(bold);
        p.drawText(QRectF(inner.left(), inner.top(), inner.width(), lineH), Qt::AlignLeft | Qt::AlignVCenter,
            QFontMetricsF(bold).elidedText(title, Qt::ElideRight, inner.width()));
        p.setFont(font());
        p.drawText(QRectF(inner.left(), inner.top() + lineH, inner.width(), lineH), Qt::AlignLeft | Qt::AlignVCenter,
            QFontMetricsF(font()).elidedText(name, Qt::ElideMiddle, inner.width()));
        p.setFont(small);
        p.setPen(kind == BoxKind::Strategy ? themedColor(c.border, palette()) : muted);
        p.drawText(QRectF(inner.left(), inner.top() + 2 * lineH, inner.width(), lineH),
            Qt::AlignLeft | Qt::AlignVCenter, QFontMetricsF(small).elidedText(detail, Qt::ElideRight, inner.width()));
    }
}

void StrategyGraph::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    const int u = m_layout.unitAt(toGraph(event->position()));
    if (u < 0)
        return;
    const StrategyUnit& unit = m_layout.units[std::size_t(u)];
    const int node = unit.nodeIndex >= 0 ? unit.nodeIndex : unit.members.front();
    if (unit.nodeIndex >= 0) {
        m_selected = node;
        update();
    }
    emit nodeClicked(node);
}

void StrategyGraph::mouseDoubleClickEvent(QMouseEvent* event)
{
    const int u = m_layout.unitAt(toGraph(event->position()));
    if (u < 0 || m_layout.units[std::size_t(u)].nodeIndex >= 0)
        return QWidget::mouseDoubleClickEvent(event);
    expandScope(m_layout.units[std::size_t(u)].scope);
}

void StrategyGraph::wheelEvent(QWheelEvent* event)
{
    // Ctrl+wheel zooms, as on the charts; the plain wheel scrolls.
    if (!(event->modifiers() & Qt::ControlModifier))
        return QWidget::wheelEvent(event);
    const double steps = event->angleDelta().y() / 120.0;
    setZoom(m_zoom * std::pow(1.15, steps));
    event->accept();
}

QString StrategyGraph::unitToolTip(int u) const
{
    const StrategyUnit& unit = m_layout.units[std::size_t(u)];
    if (unit.nodeIndex < 0)
        return tr("<b>%1</b><br>%n op(s); double-click to open", nullptr, int(unit.members.size()))
            .arg(unit.scope.toHtmlEscaped());
    const StrategyGraphNode& node = m_stage->nodes[std::size_t(unit.nodeIndex)];
    QString tip = QStringLiteral("<b>%1</b><br>%2").arg(node.name.toHtmlEscaped(), node.opType.toHtmlEscaped());
    if (!node.strategy.empty())
        tip += QStringLiteral("<br>") + tr("Strategy (%1): %2").arg(node.strategySource, node.strategyText());
    if (!node.outputShape.isEmpty())
        tip += QStringLiteral("<br>") + tr("Output: %1").arg(node.outputShape.toHtmlEscaped());
    if (!node.instanceType.isEmpty())
        tip += QStringLiteral("<br>") + node.instanceType;
    return tip;
}

bool StrategyGraph::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int u = m_layout.unitAt(toGraph(help->pos()));
        if (u >= 0 && m_stage)
            QToolTip::showText(help->globalPos(), unitToolTip(u), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

} // namespace profscope
