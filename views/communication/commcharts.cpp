// SPDX-License-Identifier: Apache-2.0
#include "commcharts.h"

#include "commcolors.h"

#include <QFontMetrics>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <set>

namespace profscope {

namespace {
    QString num(double v, int decimals)
    {
        return QLocale().toString(v, 'f', decimals);
    }

    // Title line at the top of a chart, legend entries after it on the same
    // line when they fit, else on the next line. Returns the y below.
    struct LegendEntry
    {
        QString text;
        QColor color;
        bool outline = false;
    };
    int drawTitleAndLegend(QPainter& p, const QWidget* w, const QString& title, const QList<LegendEntry>& legend)
    {
        const QFontMetrics fm(w->font());
        QFont bold = w->font();
        bold.setBold(true);
        p.setFont(bold);
        p.setPen(w->palette().color(QPalette::Text));
        p.drawText(QPoint(8, fm.ascent() + 4), title);
        p.setFont(w->font());
        int x = 8 + QFontMetrics(bold).horizontalAdvance(title) + 20;
        int y = 4;
        for (const LegendEntry& e : legend) {
            const int ew = 16 + fm.horizontalAdvance(e.text) + 14;
            if (x + ew > w->width() - 4) {
                x = 8;
                y += fm.height() + 4;
            }
            const QRect sw(x, y + 2, 11, fm.height() - 4);
            if (e.outline) {
                p.setPen(QPen(e.color, 2));
                p.setBrush(Qt::NoBrush);
                p.drawRect(sw.adjusted(1, 1, -1, -1));
            } else {
                p.fillRect(sw, e.color);
            }
            p.setPen(w->palette().color(QPalette::Text));
            p.drawText(QPoint(x + 16, y + fm.ascent()), e.text);
            x += ew;
        }
        return y + fm.height() + 10;
    }

    void drawEmpty(QPainter& p, const QWidget* w, const QString& text)
    {
        p.setPen(blendTowardText(w->palette(), 0.62));
        p.drawText(w->rect().adjusted(16, 16, -16, -16), Qt::AlignCenter | Qt::TextWordWrap, text);
    }

    // Vertical grid lines and ms labels under a horizontal time axis.
    void drawTimeAxis(QPainter& p, const QWidget* w, const QRect& plot, double maxMs, const QString& unitTitle)
    {
        const QFontMetrics fm(w->font());
        const QPalette& pal = w->palette();
        const int maxTicks = std::max(2, plot.width() / (fm.horizontalAdvance(QStringLiteral("000.0 ms")) + 16));
        const double step = niceStep(maxMs, maxTicks);
        p.setPen(pal.color(QPalette::Text));
        // Bounded: an infinite or 1e308 maximum from a hostile file never ends a `v += step` loop.
        for (double v = 0, i = 0; v <= maxMs * 1.0001 && step > 0 && i <= maxTicks + 2; v += step, ++i) {
            const int x = plot.left() + int(plot.width() * v / maxMs);
            p.setPen(blendTowardText(pal, 0.12));
            p.drawLine(x, plot.top(), x, plot.bottom());
            p.setPen(pal.color(QPalette::Text));
            const QString label = formatMs(v);
            const int lw = fm.horizontalAdvance(label);
            p.drawText(QPoint(std::clamp(x - lw / 2, 0, w->width() - lw), plot.bottom() + fm.ascent() + 4), label);
        }
        if (!unitTitle.isEmpty()) {
            p.setPen(blendTowardText(pal, 0.62));
            p.drawText(QRect(plot.left(), plot.bottom() + fm.height() + 4, plot.width(), fm.height()), Qt::AlignHCenter,
                unitTitle);
        }
    }

    int thinStep(int rowPx, int labelPx)
    {
        for (const int s : { 1, 2, 4, 5, 8, 10, 16, 20, 32, 50, 64, 100, 128, 256, 512, 1024 })
            if (s * rowPx >= labelPx)
                return s;
        return 4096;
    }
} // namespace

// ---------------------------------------------------------------------------

CommDurationBars::CommDurationBars(QWidget* parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void CommDurationBars::setModel(CommDurationModel* model)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (m_model)
        connect(m_model, &QAbstractItemModel::modelReset, this, qOverload<>(&QWidget::update));
    update();
}

void CommDurationBars::setCurrentRank(int rankIndex)
{
    m_currentRank = rankIndex;
    update();
}

std::array<double, 4> CommDurationBars::segments(const RankCommunication& r)
{
    // Synchronization is part of wait; the bar shows it apart because it is
    // the waiting for the slowest rank, the rest is handshake/notify waiting.
    const double sync = std::max(0.0, std::min(r.synchronizationMs, r.waitMs));
    return { std::max(0.0, r.transitMs), sync, std::max(0.0, r.waitMs - sync), std::max(0.0, r.idleMs) };
}

CommDurationBars::Geometry CommDurationBars::geometry() const
{
    Geometry g;
    if (!m_model || m_model->rowCount() == 0)
        return g;
    const QFontMetrics fm(font());
    const int n = m_model->rowCount();
    int labelW = fm.horizontalAdvance(tr("rank %1").arg(99999));
    // Legend wraps on narrow widgets: reserve two lines.
    const int top = 2 * fm.height() + 16;
    const int bottom = 2 * fm.height() + 10;
    g.plot = QRect(labelW + 14, top, std::max(20, width() - labelW - 14 - 60), std::max(10, height() - top - bottom));
    g.rowH = std::clamp(g.plot.height() / n, 1, 26);
    g.plot.setHeight(g.rowH * n);
    g.labelStep = thinStep(g.rowH, fm.height());
    for (const RankCommunication& r : m_model->ranks()) {
        const auto s = segments(r);
        g.maxMs = std::max(g.maxMs, s[0] + s[1] + s[2] + s[3]);
    }
    if (g.maxMs <= 0)
        g.maxMs = 1;
    return g;
}

int CommDurationBars::rowAt(const QPoint& pos) const
{
    const Geometry g = geometry();
    if (g.rowH <= 0 || pos.y() < g.plot.top() || pos.y() >= g.plot.bottom() + 1 || pos.x() < 0)
        return -1;
    const int row = (pos.y() - g.plot.top()) / g.rowH;
    return row < m_model->rowCount() ? row : -1;
}

QRect CommDurationBars::barRect(int row) const
{
    const Geometry g = geometry();
    if (!m_model || row < 0 || row >= m_model->rowCount())
        return {};
    const auto s = segments(m_model->ranks()[std::size_t(row)]);
    const double total = s[0] + s[1] + s[2] + s[3];
    const int gap = g.rowH >= 8 ? std::max(1, g.rowH / 5) : 0;
    return QRect(g.plot.left(), g.plot.top() + row * g.rowH + gap, int(g.plot.width() * total / g.maxMs),
        std::max(1, g.rowH - 2 * gap));
}

QString CommDurationBars::rowToolTip(int row) const
{
    if (!m_model || row < 0 || row >= m_model->rowCount())
        return {};
    const RankCommunication& r = m_model->ranks()[std::size_t(row)];
    QString html = tr("<b>Rank %1</b>, %n op(s)", nullptr, int(r.ops)).arg(r.rankId) + QStringLiteral("<table>");
    auto line = [&html, &r](const QString& name, double ms) {
        html += QStringLiteral("<tr><td>") + name + QStringLiteral("</td><td align=right>&nbsp;") + num(ms, 3)
            + QStringLiteral(" ms</td><td align=right>&nbsp;")
            + (r.elapseMs > 0 ? num(100.0 * ms / r.elapseMs, 1) + QLatin1Char('%') : QString())
            + QStringLiteral("</td></tr>");
    };
    line(tr("Elapse"), r.elapseMs);
    line(tr("Transit"), r.transitMs);
    line(tr("Wait"), r.waitMs);
    line(tr("Synchronization"), r.synchronizationMs);
    line(tr("Idle"), r.idleMs);
    html += QStringLiteral("</table>")
        + tr("Wait ratio %1%, synchronization ratio %2%")
              .arg(num(100 * r.waitRatio(), 1), num(100 * r.synchronizationRatio(), 1));
    if (const SlowRank* s = m_model->slowRank(row))
        html += QStringLiteral("<br><font color='") + slowColor(palette()).name() + QStringLiteral("'>")
            + tr("Slow rank: %1% behind rank %2").arg(num(100 * s->behindRatio, 1)).arg(s->fastestRankId)
            + QStringLiteral("</font>");
    return html;
}

QSize CommDurationBars::sizeHint() const
{
    return QSize(560, 320);
}

QSize CommDurationBars::minimumSizeHint() const
{
    return QSize(260, 160);
}

void CommDurationBars::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QPalette& pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    const QList<LegendEntry> legend { { tr("Transit"), durationColor(DurationPart::Transit, pal) },
        { tr("Synchronization"), durationColor(DurationPart::Synchronization, pal) },
        { tr("Wait (other)"), durationColor(DurationPart::Wait, pal) },
        { tr("Idle"), durationColor(DurationPart::Idle, pal) }, { tr("slow rank"), slowColor(pal), true } };
    drawTitleAndLegend(p, this, tr("Communication time per rank"), legend);
    if (!m_model || m_model->rowCount() == 0) {
        drawEmpty(p, this, tr("No communication.json data for this group and step."));
        return;
    }
    const Geometry g = geometry();
    const QFontMetrics fm(font());
    drawTimeAxis(p, this, g.plot, g.maxMs, tr("Time (ms)"));
    const auto& rows = m_model->ranks();
    for (int i = 0; i < int(rows.size()); ++i) {
        const RankCommunication& r = rows[std::size_t(i)];
        const QRect rowRect(0, g.plot.top() + i * g.rowH, width(), g.rowH);
        const bool current = r.rankIndex == m_currentRank;
        if (current || i == m_hoverRow)
            p.fillRect(rowRect, current ? blendTowardText(pal, 0.10) : blendTowardText(pal, 0.05));
        const QRect bar = barRect(i);
        const auto s = segments(r);
        double x = bar.left();
        const double total = s[0] + s[1] + s[2] + s[3];
        for (int k = 0; k < 4; ++k) {
            const double w = total > 0 ? bar.width() * s[std::size_t(k)] / total : 0;
            p.fillRect(QRectF(x, bar.top(), w, bar.height()), durationColor(DurationPart(k), pal));
            x += w;
        }
        const bool slow = m_model->slowRank(i) != nullptr;
        if (slow) {
            p.setPen(QPen(slowColor(pal), g.rowH >= 6 ? 2 : 1));
            p.setBrush(Qt::NoBrush);
            p.drawRect(bar.adjusted(0, 0, -1, -1));
        }
        const bool roomForLabel = g.rowH >= fm.height() - 2;
        if (i % g.labelStep == 0 || (slow && roomForLabel)) {
            QFont f = font();
            f.setBold(slow || current);
            p.setFont(f);
            p.setPen(slow ? slowColor(pal) : pal.color(QPalette::Text));
            p.drawText(QRect(0, rowRect.center().y() - fm.height() / 2, g.plot.left() - 10, fm.height()),
                Qt::AlignRight | Qt::AlignVCenter, tr("rank %1").arg(r.rankId));
            p.setFont(font());
        }
        if (slow) {
            // A marker in the label gutter finds the slow rank even when its label is thinned out.
            const int cy = rowRect.center().y();
            const QPointF tri[3] = { QPointF(g.plot.left() - 8, cy - 4), QPointF(g.plot.left() - 2, cy),
                QPointF(g.plot.left() - 8, cy + 4) };
            p.setPen(Qt::NoPen);
            p.setBrush(slowColor(pal));
            p.drawPolygon(tri, 3);
        }
        if (g.rowH >= fm.height() && bar.right() + 6 + fm.horizontalAdvance(QStringLiteral("0000.00")) < width()) {
            p.setPen(blendTowardText(pal, 0.62));
            p.drawText(QPoint(bar.right() + 5, rowRect.center().y() + fm.ascent() / 2 - 1), num(r.elapseMs, 2));
        }
    }
}

void CommDurationBars::mouseMoveEvent(QMouseEvent* event)
{
    const int row = rowAt(event->position().toPoint());
    if (row != m_hoverRow) {
        m_hoverRow = row;
        update();
    }
    if (row >= 0)
        QToolTip::showText(event->globalPosition().toPoint(), rowToolTip(row), this);
    else
        QToolTip::hideText();
}

void CommDurationBars::mousePressEvent(QMouseEvent* event)
{
    const int row = rowAt(event->position().toPoint());
    if (row >= 0 && event->button() == Qt::LeftButton)
        emit rankClicked(m_model->ranks()[std::size_t(row)].rankIndex);
}

void CommDurationBars::mouseDoubleClickEvent(QMouseEvent* event)
{
    const int row = rowAt(event->position().toPoint());
    if (row >= 0 && event->button() == Qt::LeftButton)
        emit rankDoubleClicked(m_model->ranks()[std::size_t(row)].rankIndex);
}

// ---------------------------------------------------------------------------

CommPacketChart::CommPacketChart(QWidget* parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void CommPacketChart::setDistribution(const std::map<QString, std::map<double, qint64>>& distribution)
{
    m_buckets.clear();
    m_transports.clear();
    std::set<double> sizes;
    for (const auto& [t, bySize] : distribution) {
        m_transports << t;
        for (const auto& [size, n] : bySize)
            sizes.insert(size);
    }
    const QLocale locale;
    if (sizes.size() <= 16) {
        // Few distinct sizes: one bar each, labelled with the exact size.
        for (const double size : sizes) {
            Bucket b;
            b.upperMB = size;
            b.label = locale.toString(size, 'g', 4);
            for (const auto& [t, bySize] : distribution)
                if (auto it = bySize.find(size); it != bySize.end())
                    b.packets[t] += it->second;
            m_buckets.push_back(std::move(b));
        }
    } else {
        // Many sizes: power-of-two buckets, labelled with their upper bound.
        std::map<int, Bucket> byExp;
        for (const auto& [t, bySize] : distribution) {
            for (const auto& [size, n] : bySize) {
                const int e = size > 0 ? int(std::ceil(std::log2(size))) : -20;
                Bucket& b = byExp[e];
                b.upperMB = std::ldexp(1.0, e);
                b.label = QStringLiteral("≤") + locale.toString(b.upperMB, 'g', 3);
                b.packets[t] += n;
            }
        }
        for (auto& [e, b] : byExp)
            m_buckets.push_back(std::move(b));
    }
    update();
}

QSize CommPacketChart::sizeHint() const
{
    return QSize(420, 260);
}

QSize CommPacketChart::minimumSizeHint() const
{
    return QSize(220, 150);
}

QRect CommPacketChart::plotRect() const
{
    const QFontMetrics fm(font());
    const int left = fm.horizontalAdvance(QStringLiteral("000000")) + 16;
    const int top = 2 * fm.height() + 16;
    return QRect(left, top, std::max(20, width() - left - 12), std::max(20, height() - top - 2 * fm.height() - 14));
}

void CommPacketChart::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QPalette& pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    QList<LegendEntry> legend;
    for (const QString& t : m_transports)
        legend.append({ t, transportColor(t, pal) });
    drawTitleAndLegend(p, this, tr("Packet size distribution"), legend);
    if (m_buckets.empty()) {
        drawEmpty(p, this, tr("No packet sizes recorded for this group and step."));
        return;
    }
    const QRect plot = plotRect();
    const QFontMetrics fm(font());
    qint64 maxCount = 1;
    for (const Bucket& b : m_buckets)
        for (const auto& [t, n] : b.packets)
            maxCount = std::max(maxCount, n);
    // Y axis: packet counts.
    const double step = std::max(1.0, niceStep(double(maxCount), std::max(2, plot.height() / (fm.height() * 2))));
    const double top = std::ceil(double(maxCount) / step) * step;
    for (double v = 0, i = 0; v <= top + 0.5 && i < 1000; v += step, ++i) {
        const int y = plot.bottom() - int(plot.height() * v / top);
        p.setPen(blendTowardText(pal, 0.12));
        p.drawLine(plot.left(), y, plot.right(), y);
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRect(0, y - fm.height() / 2, plot.left() - 6, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
            QLocale().toString(qint64(v)));
    }
    const int nb = int(m_buckets.size());
    const double slot = double(plot.width()) / nb;
    const int nt = std::max<int>(1, int(m_transports.size()));
    const double barW = std::max(1.0, (slot * 0.8) / nt);
    int labelW = 0;
    for (const Bucket& b : m_buckets)
        labelW = std::max(labelW, fm.horizontalAdvance(b.label));
    const int labelStep = thinStep(std::max(1, int(slot)), labelW + 8);
    for (int i = 0; i < nb; ++i) {
        const Bucket& b = m_buckets[std::size_t(i)];
        const double x0 = plot.left() + slot * i + slot * 0.1;
        for (int k = 0; k < int(m_transports.size()); ++k) {
            const auto it = b.packets.find(m_transports[k]);
            if (it == b.packets.end())
                continue;
            const double h = plot.height() * double(it->second) / top;
            p.fillRect(QRectF(x0 + k * barW, plot.bottom() - h, barW - (barW > 4 ? 1 : 0), h),
                transportColor(m_transports[k], pal));
        }
        if (i % labelStep == 0) {
            p.setPen(pal.color(QPalette::Text));
            p.drawText(QRect(int(plot.left() + slot * i + slot / 2) - labelW / 2 - 4, plot.bottom() + 4, labelW + 8,
                           fm.height()),
                Qt::AlignHCenter | Qt::AlignTop, b.label);
        }
    }
    p.setPen(blendTowardText(pal, 0.62));
    p.drawText(QRect(plot.left(), plot.bottom() + fm.height() + 6, plot.width(), fm.height()), Qt::AlignHCenter,
        tr("Packet size (MB); bars: packets"));
}

void CommPacketChart::mouseMoveEvent(QMouseEvent* event)
{
    const QRect plot = plotRect();
    const QPoint pos = event->position().toPoint();
    if (m_buckets.empty() || !plot.contains(pos)) {
        QToolTip::hideText();
        return;
    }
    const int i = std::clamp(
        int((pos.x() - plot.left()) * double(m_buckets.size()) / plot.width()), 0, int(m_buckets.size()) - 1);
    const Bucket& b = m_buckets[std::size_t(i)];
    QString html = tr("<b>%1 MB</b>").arg(b.label);
    for (const auto& [t, n] : b.packets)
        html += QStringLiteral("<br>") + tr("%1: %n packet(s)", nullptr, int(n)).arg(t);
    QToolTip::showText(event->globalPosition().toPoint(), html, this);
}

// ---------------------------------------------------------------------------

CommOpTimeline::CommOpTimeline(QWidget* parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void CommOpTimeline::setModel(CommOpModel* model)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (m_model)
        connect(m_model, &QAbstractItemModel::modelReset, this, &CommOpTimeline::rebuild);
    rebuild();
}

void CommOpTimeline::setAlignOp(const QString& opName)
{
    m_alignOp = opName;
    rebuild();
}

void CommOpTimeline::setCurrentRank(int rankIndex)
{
    m_currentRank = rankIndex;
    update();
}

void CommOpTimeline::rebuild()
{
    m_blocks.clear();
    m_rowRanks.clear();
    m_rowIds.clear();
    m_spanMs = 0;
    m_hover = -1;
    if (!m_model) {
        update();
        return;
    }
    const auto& entries = m_model->entries();
    // Rows by rank index (a vector, not a map keyed by rank: 10,000 ranks' ops are ~80,000
    // entries, each looked up twice on the GUI thread), ordered by rank id then index. Slot 0 is
    // an entry without a rank index (-1).
    const auto slotOf = [](int rankIndex) { return std::size_t(std::max(rankIndex, -1) + 1); };
    std::size_t slotCount = 1;
    for (const auto& e : entries)
        slotCount = std::max(slotCount, slotOf(e.rankIndex) + 1);
    std::vector<int> rowOf(slotCount, -1);
    std::vector<std::pair<int, int>> rows; // (rank id, rank index)
    for (const auto& e : entries)
        if (e.record->startNs != kInvalidTime && rowOf[slotOf(e.rankIndex)] < 0) {
            rowOf[slotOf(e.rankIndex)] = 0;
            rows.push_back({ e.rankId, e.rankIndex });
        }
    std::sort(rows.begin(), rows.end());
    for (int row = 0; row < int(rows.size()); ++row) {
        rowOf[slotOf(rows[std::size_t(row)].second)] = row;
        m_rowIds << rows[std::size_t(row)].first;
        m_rowRanks << rows[std::size_t(row)].second;
    }
    // Per rank shift: the aligned op's start (first occurrence), else 0.
    std::vector<TimeNs> shift(slotCount, kInvalidTime);
    if (!m_alignOp.isEmpty()) {
        for (const auto& e : entries)
            if (e.record->opName == m_alignOp && e.record->startNs != kInvalidTime && shift[slotOf(e.rankIndex)] == kInvalidTime)
                shift[slotOf(e.rankIndex)] = e.record->startNs;
    }
    TimeNs origin = std::numeric_limits<TimeNs>::max();
    auto shifted = [&](int rankIndex, TimeNs t) {
        const TimeNs s = shift[slotOf(rankIndex)];
        return s == kInvalidTime ? t : t - s;
    };
    for (const auto& e : entries)
        if (e.record->startNs != kInvalidTime)
            origin = std::min(origin, shifted(e.rankIndex, e.record->startNs));
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto& e = entries[i];
        if (e.record->startNs == kInvalidTime)
            continue;
        Block b;
        b.entry = i;
        b.row = rowOf[slotOf(e.rankIndex)];
        b.startMs = double(shifted(e.rankIndex, e.record->startNs) - origin) / 1e6;
        b.endMs = b.startMs + std::max(0.0, e.record->elapseMs);
        m_spanMs = std::max(m_spanMs, b.endMs);
        m_blocks.push_back(b);
    }
    update();
}

QRect CommOpTimeline::plotRect() const
{
    const QFontMetrics fm(font());
    const int left = fm.horizontalAdvance(tr("rank %1").arg(99999)) + 14;
    const int top = fm.height() + 14;
    return QRect(left, top, std::max(20, width() - left - 16), std::max(10, height() - top - 2 * fm.height() - 12));
}

int CommOpTimeline::rowHeight() const
{
    const int n = std::max<int>(1, int(m_rowRanks.size()));
    return std::clamp(plotRect().height() / n, 1, 24);
}

QRectF CommOpTimeline::blockRect(const Block& b) const
{
    const QRect plot = plotRect();
    const int rowH = rowHeight();
    const double span = m_spanMs > 0 ? m_spanMs : 1;
    const double x0 = plot.left() + plot.width() * b.startMs / span;
    const double x1 = plot.left() + plot.width() * b.endMs / span;
    const int gap = rowH >= 8 ? 2 : 0;
    return QRectF(x0, plot.top() + b.row * rowH + gap, std::max(1.0, x1 - x0), std::max(1, rowH - 2 * gap));
}

int CommOpTimeline::blockAt(const QPoint& pos) const
{
    // Later blocks are drawn on top: search backwards; a 2 px slack keeps
    // tiny ops pickable.
    for (int i = int(m_blocks.size()) - 1; i >= 0; --i)
        if (blockRect(m_blocks[std::size_t(i)]).adjusted(-2, 0, 2, 0).contains(pos))
            return i;
    return -1;
}

QSize CommOpTimeline::sizeHint() const
{
    return QSize(560, 260);
}

QSize CommOpTimeline::minimumSizeHint() const
{
    return QSize(260, 140);
}

void CommOpTimeline::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QPalette& pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    const QString title = m_alignOp.isEmpty() ? tr("Ops per rank") : tr("Ops per rank, aligned on %1").arg(m_alignOp);
    drawTitleAndLegend(p, this, title, {});
    if (m_blocks.empty()) {
        drawEmpty(p, this, tr("No timed communication ops for this group and step."));
        return;
    }
    const QRect plot = plotRect();
    const QFontMetrics fm(font());
    const int rowH = rowHeight();
    QRect used = plot;
    used.setHeight(rowH * int(m_rowRanks.size()));
    drawTimeAxis(p, this, used, m_spanMs > 0 ? m_spanMs : 1,
        m_alignOp.isEmpty() ? tr("Time from the first op (ms)") : tr("Time from the aligned op (ms)"));
    const int step = thinStep(rowH, fm.height());
    for (int r = 0; r < int(m_rowRanks.size()); ++r) {
        const QRect rowRect(0, plot.top() + r * rowH, width(), rowH);
        if (m_rowRanks[r] == m_currentRank)
            p.fillRect(rowRect, blendTowardText(pal, 0.10));
        if (r % step == 0) {
            p.setPen(pal.color(QPalette::Text));
            p.drawText(QRect(0, rowRect.center().y() - fm.height() / 2, plot.left() - 6, fm.height()),
                Qt::AlignRight | Qt::AlignVCenter, tr("rank %1").arg(m_rowIds[r]));
        }
    }
    const auto& entries = m_model->entries();
    for (int i = 0; i < int(m_blocks.size()); ++i) {
        const Block& b = m_blocks[std::size_t(i)];
        const QRectF r = blockRect(b);
        const QString& name = entries[b.entry].record->opName;
        QColor c = opColor(name, pal);
        p.fillRect(r, c);
        if (i == m_hover) {
            p.setPen(QPen(pal.color(QPalette::Text), 1.5));
            p.setBrush(Qt::NoBrush);
            p.drawRect(r);
        }
        if (r.width() > 60 && rowH >= fm.height()) {
            p.setPen(contrastingText(c));
            p.drawText(r.adjusted(3, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft,
                fm.elidedText(name, Qt::ElideRight, int(r.width()) - 5));
        }
    }
}

void CommOpTimeline::mouseMoveEvent(QMouseEvent* event)
{
    const int i = blockAt(event->position().toPoint());
    if (i != m_hover) {
        m_hover = i;
        update();
    }
    if (i < 0 || !m_model) {
        QToolTip::hideText();
        return;
    }
    const auto& e = m_model->entries()[m_blocks[std::size_t(i)].entry];
    const CommOpRecord& op = *e.record;
    const QString html = tr("<b>%1</b><br>Rank %2, %3<br>Elapse %4 ms: transit %5, wait %6 (sync %7), idle %8 ms")
                             .arg(op.opName)
                             .arg(e.rankId)
                             .arg(op.step)
                             .arg(num(op.elapseMs, 3), num(op.transitMs, 3), num(op.waitMs, 3),
                                 num(op.synchronizationMs, 3), num(op.idleMs, 3));
    QToolTip::showText(event->globalPosition().toPoint(), html, this);
}

void CommOpTimeline::mouseDoubleClickEvent(QMouseEvent* event)
{
    const int i = blockAt(event->position().toPoint());
    if (i < 0 || !m_model || event->button() != Qt::LeftButton)
        return;
    const auto& e = m_model->entries()[m_blocks[std::size_t(i)].entry];
    emit opDoubleClicked(
        e.rankIndex, e.record->startNs, e.record->startNs + TimeNs(e.record->elapseMs * 1e6), e.record->opName);
}

} // namespace profscope
