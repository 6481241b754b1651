// SPDX-License-Identifier: Apache-2.0
#include "deviceheatmap.h"

#include "analysis/resources.h"
#include "common/statuscolors.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QFontMetrics>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace profscope {

namespace {

// MindInsight's heatmap palette (cluster/resource/*-heatmap.vue), light to dark.
constexpr QRgb kPalette[] = { 0xfff2d0, 0xf8eb94, 0x8ae58f, 0x3fc3c8, 0x2d9cbc, 0x104d85 };
constexpr int kLegendHeight = 44;
constexpr int kMaxCell = 110;
constexpr int kMargin = 8;

QColor textOn(const QColor& fill)
{
    return qGray(fill.rgb()) < 140 ? QColor(Qt::white) : QColor(0x20, 0x20, 0x20);
}

} // namespace

DeviceHeatmap::DeviceHeatmap(QWidget* parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setAttribute(Qt::WA_OpaquePaintEvent, false);
}

void DeviceHeatmap::setCells(std::vector<Cell> cells)
{
    m_cells = std::move(cells);
    m_hover = -1;
    updateGeometry();
    update();
}

void DeviceHeatmap::setGranularity(double granularity)
{
    m_granularity = granularity;
    update();
}

void DeviceHeatmap::setGroupLabel(const QString& format)
{
    m_groupLabel = format;
    update();
}

void DeviceHeatmap::setRatioName(const QString& name)
{
    m_ratioName = name;
    update();
}

QColor DeviceHeatmap::bucketColor(int bucket, int buckets)
{
    constexpr int stops = int(std::size(kPalette));
    const double t = buckets <= 1 ? 1.0 : double(std::clamp(bucket, 0, buckets - 1)) / double(buckets - 1);
    const double pos = t * (stops - 1);
    const int i = std::min(int(pos), stops - 2);
    const double f = pos - i;
    const QColor a(kPalette[i]);
    const QColor b(kPalette[i + 1]);
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * f), float(a.greenF() + (b.greenF() - a.greenF()) * f),
                            float(a.blueF() + (b.blueF() - a.blueF()) * f));
}

QSize DeviceHeatmap::sizeHint() const
{
    return { 420, 320 };
}

QSize DeviceHeatmap::minimumSizeHint() const
{
    return { 240, 160 };
}

QRect DeviceHeatmap::legendRect() const
{
    return QRect(kMargin, height() - kLegendHeight - kMargin / 2, width() - 2 * kMargin, kLegendHeight);
}

DeviceHeatmap::Grid DeviceHeatmap::grid() const
{
    Grid g;
    const bool grouped = std::any_of(m_cells.begin(), m_cells.end(), [](const Cell& c) { return c.group >= 0; });
    const int labelWidth = grouped ? QFontMetrics(font()).horizontalAdvance(m_groupLabel.arg(99)) + 12 : 0;
    g.area = QRect(kMargin + labelWidth, kMargin, width() - 2 * kMargin - labelWidth, height() - kLegendHeight - 2 * kMargin);
    // Cells of one group are consecutive (the callers sort by rank); each group starts a row.
    std::vector<std::pair<int, int>> groups; // (group, size)
    for (const Cell& c : m_cells) {
        if (groups.empty() || (grouped && groups.back().first != c.group))
            groups.push_back({ c.group, 0 });
        ++groups.back().second;
    }
    const int n = std::max<int>(1, int(m_cells.size()));
    const auto rowsFor = [&groups](int columns) {
        int rows = 0;
        for (const auto& [group, size] : groups)
            rows += (size + columns - 1) / columns;
        return std::max(1, rows);
    };
    // The largest square cell for which all devices fit in the area.
    int best = 1, bestColumns = n;
    for (int columns = 1; columns <= n; ++columns) {
        const int size = std::min(g.area.width() / columns, g.area.height() / rowsFor(columns));
        if (size > best) {
            best = size;
            bestColumns = columns;
        }
    }
    g.columns = bestColumns;
    g.cellSize = std::min(best, kMaxCell);
    g.gap = g.cellSize >= 12 ? 2 : g.cellSize >= 5 ? 1 : 0;
    int row = 0;
    for (const auto& [group, size] : groups) {
        g.groupRows.push_back({ group, row });
        for (int i = 0; i < size; ++i)
            g.places.push_back(QPoint(i % g.columns, row + i / g.columns));
        row += (size + g.columns - 1) / g.columns;
    }
    return g;
}

QRect DeviceHeatmap::cellRect(int cell) const
{
    const Grid g = grid();
    if (cell < 0 || cell >= int(g.places.size()))
        return {};
    const QPoint slot = g.places[std::size_t(cell)];
    return QRect(g.area.left() + slot.x() * g.cellSize, g.area.top() + slot.y() * g.cellSize, g.cellSize - g.gap,
                 g.cellSize - g.gap);
}

int DeviceHeatmap::cellAt(const QPoint& pos) const
{
    const Grid g = grid();
    for (int i = 0; i < int(g.places.size()); ++i) {
        const QPoint slot = g.places[std::size_t(i)];
        const QRect r(g.area.left() + slot.x() * g.cellSize, g.area.top() + slot.y() * g.cellSize, g.cellSize - g.gap,
                      g.cellSize - g.gap);
        if (r.contains(pos))
            return i;
    }
    return -1;
}

void DeviceHeatmap::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    p.fillRect(rect(), palette().color(QPalette::Base));
    const int buckets = std::max(1, int(std::lround(1.0 / m_granularity)));
    QFont small = font();
    const Grid g = grid();
    const bool withText = g.cellSize >= 40;
    if (withText)
        small.setPointSizeF(std::max(6.5, font().pointSizeF() * (g.cellSize >= 64 ? 0.95 : 0.8)));
    p.setFont(small);
    if (!m_groupLabel.isEmpty()) {
        p.setPen(palette().color(QPalette::Text));
        p.setFont(font());
        for (const auto& [group, row] : g.groupRows)
            if (group >= 0)
                p.drawText(QRect(kMargin, g.area.top() + row * g.cellSize, g.area.left() - kMargin - 6, g.cellSize - g.gap),
                           Qt::AlignRight | Qt::AlignVCenter, m_groupLabel.arg(group));
        p.setFont(small);
    }
    for (int i = 0; i < int(m_cells.size()) && i < int(g.places.size()); ++i) {
        const Cell& c = m_cells[std::size_t(i)];
        const QPoint slot = g.places[std::size_t(i)];
        const QRect r(g.area.left() + slot.x() * g.cellSize, g.area.top() + slot.y() * g.cellSize, g.cellSize - g.gap,
                      g.cellSize - g.gap);
        const QColor fill = bucketColor(heatBucket(c.ratio, m_granularity), buckets);
        p.fillRect(r, fill);
        if (c.flagged || c.ratio > 1.0 || i == m_hover) {
            p.setPen(QPen(i == m_hover ? palette().color(QPalette::Highlight) : QColor(0xd0, 0x30, 0x30),
                          g.cellSize >= 12 ? 2 : 1));
            p.drawRect(r.adjusted(1, 1, -1, -1));
        }
        if (withText) {
            p.setPen(textOn(fill));
            const QString text = tr("Rank %1").arg(c.rankId) + QLatin1Char('\n') + c.value;
            p.drawText(r.adjusted(2, 2, -2, -2), Qt::AlignCenter | Qt::TextWordWrap, text);
        }
    }
    paintLegend(p);
}

void DeviceHeatmap::paintLegend(QPainter& p)
{
    const QRect legend = legendRect();
    p.setFont(font());
    const QColor text = palette().color(QPalette::Text);
    const int buckets = std::max(1, int(std::lround(1.0 / m_granularity)));
    const QFontMetrics fm(font());
    const QString caption = m_ratioName;
    const int captionWidth = fm.horizontalAdvance(caption) + 12;
    p.setPen(text);
    p.drawText(QRect(legend.left(), legend.top(), captionWidth, 18), Qt::AlignLeft | Qt::AlignVCenter, caption);
    const QRect bar(legend.left() + captionWidth, legend.top() + 2, std::max(60, legend.width() - captionWidth - 8), 14);
    for (int b = 0; b < buckets; ++b) {
        const int x0 = bar.left() + bar.width() * b / buckets;
        const int x1 = bar.left() + bar.width() * (b + 1) / buckets;
        p.fillRect(QRect(x0, bar.top(), x1 - x0, bar.height()), bucketColor(b, buckets));
    }
    p.setPen(mutedTextColor(palette()));
    p.drawRect(bar.adjusted(0, 0, -1, -1));
    // "≥ k·g" at most every ~70 px.
    const int labelEvery = std::max(1, int(std::ceil(70.0 * buckets / std::max(1, bar.width()))));
    p.setPen(text);
    for (int b = 0; b < buckets; b += labelEvery) {
        const int x = bar.left() + bar.width() * b / buckets;
        const QString label = QStringLiteral("≥ %1").arg(b * m_granularity, 0, 'g', 3);
        p.drawText(QRect(x + 1, bar.bottom() + 2, 70, fm.height()), Qt::AlignLeft | Qt::AlignTop, label);
    }
}

bool DeviceHeatmap::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int i = cellAt(help->pos());
        if (i >= 0)
            QToolTip::showText(help->globalPos(), m_cells[std::size_t(i)].toolTip, this, cellRect(i));
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void DeviceHeatmap::mouseMoveEvent(QMouseEvent* event)
{
    const int i = cellAt(event->position().toPoint());
    if (i != m_hover) {
        m_hover = i;
        setCursor(i >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
        update();
    }
}

void DeviceHeatmap::leaveEvent(QEvent*)
{
    m_hover = -1;
    update();
}

void DeviceHeatmap::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    const int i = cellAt(event->position().toPoint());
    if (i >= 0)
        emit deviceClicked(m_cells[std::size_t(i)].rankIndex);
}

} // namespace profscope

namespace profscope {

void DeviceHeatmap::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    const int i = cellAt(event->position().toPoint());
    if (i >= 0)
        emit deviceDoubleClicked(m_cells[std::size_t(i)].rankIndex);
}

} // namespace profscope
