// SPDX-License-Identifier: Apache-2.0
#include "pipelinegraph.h"

#include "common/statuscolors.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <functional>

namespace profscope {

namespace {

constexpr double kBoxWidth = 180;
constexpr double kBoxHeight = 78;
constexpr double kGapX = 80;
constexpr double kGapY = 28;
constexpr double kMargin = 16;

// MindInsight's queue colour, rgba(19, 171, 173, usage).
QColor usageColor(double usage, const QColor& base)
{
    const double a = std::clamp(usage, 0.0, 1.0);
    const QColor teal(19, 171, 173);
    return QColor::fromRgbF(float(base.redF() * (1 - a) + teal.redF() * a),
        float(base.greenF() * (1 - a) + teal.greenF() * a), float(base.blueF() * (1 - a) + teal.blueF() * a));
}

} // namespace

PipelineGraph::PipelineGraph(QWidget* parent)
    : QWidget(parent)
{
    setMouseTracking(false);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void PipelineGraph::setAnalysis(const DataPipelineAnalysis& analysis)
{
    m_ops.clear();
    for (const auto& op : analysis.ops)
        if (op.inGraph)
            m_ops.push_back(op);
    m_selected = -1;
    layoutOps();
    updateGeometry();
    update();
}

void PipelineGraph::setSelectedOp(qint64 opId)
{
    m_selected = opId;
    update();
}

QRectF PipelineGraph::opRect(qint64 opId) const
{
    const auto it = m_rects.find(opId);
    return it == m_rects.end() ? QRectF() : it->second;
}

QSize PipelineGraph::sizeHint() const
{
    return QSize(int(2 * kMargin + std::max(1, m_columns) * (kBoxWidth + kGapX) - kGapX),
        int(2 * kMargin + std::max(1, m_rows) * (kBoxHeight + kGapY) - kGapY));
}

QSize PipelineGraph::minimumSizeHint() const
{
    return QSize(300, 120);
}

void PipelineGraph::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    layoutOps();
}

void PipelineGraph::layoutOps()
{
    m_rects.clear();
    if (m_ops.empty()) {
        m_columns = m_rows = 0;
        return;
    }
    std::map<qint64, const DataPipelineOp*> byId;
    for (const auto& op : m_ops)
        byId[op.opId] = &op;
    // Depth from the root; rows: the leaves in depth-first order, a parent
    // centred on its children (a tree, so no crossings).
    std::map<qint64, int> depth;
    std::map<qint64, double> row;
    int maxDepth = 0;
    double nextRow = 0;
    std::function<void(qint64, int)> place = [&](qint64 id, int d) {
        if (depth.count(id))
            return; // a damaged file with a cycle
        depth[id] = d;
        maxDepth = std::max(maxDepth, d);
        const DataPipelineOp* op = byId[id];
        std::vector<qint64> kids;
        for (qint64 c : op->childIds)
            if (byId.count(c))
                kids.push_back(c);
        if (kids.empty()) {
            row[id] = nextRow++;
            return;
        }
        for (qint64 c : kids)
            place(c, d + 1);
        double sum = 0;
        int n = 0;
        for (qint64 c : kids)
            if (row.count(c)) {
                sum += row[c];
                ++n;
            }
        row[id] = n ? sum / n : nextRow++;
    };
    for (const auto& op : m_ops)
        if (op.parentId < 0 || !byId.count(op.parentId))
            place(op.opId, 0);
    for (const auto& op : m_ops)
        if (!depth.count(op.opId))
            place(op.opId, 0);
    m_columns = maxDepth + 1;
    m_rows = std::max(1, int(std::ceil(nextRow)));
    // Scale down to the width when needed, never up beyond the natural size.
    const QSize natural = sizeHint();
    const double sx = std::min(1.0, double(width()) / natural.width());
    const double sy = std::min(1.0, double(height()) / natural.height());
    const double s = std::max(0.45, std::min(sx, sy));
    const double w = kBoxWidth * s, h = kBoxHeight * s;
    const double totalW = m_columns * (w + kGapX * s) - kGapX * s;
    const double totalH = m_rows * (h + kGapY * s) - kGapY * s;
    const double x0 = std::max(kMargin * s, (width() - totalW) / 2);
    const double y0 = std::max(kMargin * s, (height() - totalH) / 2);
    for (const auto& [id, d] : depth) {
        const double x = x0 + (maxDepth - d) * (w + kGapX * s);
        const double y = y0 + row[id] * (h + kGapY * s);
        m_rects[id] = QRectF(x, y, w, h);
    }
}

void PipelineGraph::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    if (m_ops.empty()) {
        p.setPen(mutedTextColor(pal));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
            tr("No pipeline: minddata_pipeline_raw_*.csv or pipeline_profiling_*.json would draw it."));
        return;
    }
    const double s = m_rects.empty() ? 1.0 : m_rects.begin()->second.width() / kBoxWidth;
    QFont small = font();
    small.setPointSizeF(std::max(6.5, font().pointSizeF() * 0.85 * std::max(0.75, s)));
    QFont bold = small;
    bold.setBold(true);
    // Edges first: child -> parent, labelled with the child's output queue.
    for (const auto& op : m_ops) {
        const QRectF from = opRect(op.opId);
        const QRectF to = opRect(op.parentId);
        if (from.isNull() || to.isNull())
            continue;
        const QPointF a(from.right(), from.center().y());
        const QPointF b(to.left(), to.center().y());
        QPainterPath path(a);
        const double mx = (a.x() + b.x()) / 2;
        path.cubicTo(QPointF(mx, a.y()), QPointF(mx, b.y()), b);
        p.setPen(QPen(mutedTextColor(pal), 1.4));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        // Arrow head at the parent.
        const QPointF tip = b;
        QPolygonF head;
        head << tip << QPointF(tip.x() - 8 * s - 2, tip.y() - 4 * s - 1)
             << QPointF(tip.x() - 8 * s - 2, tip.y() + 4 * s + 1);
        p.setBrush(mutedTextColor(pal));
        p.drawPolygon(head);
        // The queue between them, MindInsight's "Queue_{id}(usage%)".
        const QString label = op.hasQueue ? tr("%1%").arg(100.0 * op.queueUsage, 0, 'f', 2) : tr("no queue");
        p.setFont(small);
        const QRectF lr(mx - 45 * std::max(s, 0.8), (a.y() + b.y()) / 2 - 18 * std::max(s, 0.8), 90 * std::max(s, 0.8),
            14 * std::max(s, 0.8));
        p.setPen(pal.color(QPalette::Text));
        p.drawText(lr, Qt::AlignCenter, label);
    }
    for (const auto& op : m_ops) {
        const QRectF r = opRect(op.opId);
        if (r.isNull())
            continue;
        QPen pen(pal.color(QPalette::Mid), 1.2);
        if (op.queueFlagged)
            pen = QPen(QColor(0xf2, 0x8e, 0x2b), 2.5);
        if (op.bottleneck)
            pen = QPen(QColor(0xd6, 0x27, 0x28), 3.5);
        if (op.opId == m_selected)
            pen.setStyle(Qt::DashLine);
        p.setPen(pen);
        p.setBrush(usageColor(op.hasQueue ? op.queueUsage : 0, pal.color(QPalette::AlternateBase)));
        p.drawRoundedRect(r, 6, 6);
        p.setPen(pal.color(QPalette::Text));
        p.setFont(bold);
        const QRectF inner = r.adjusted(6, 3, -6, -3);
        const double line = inner.height() / 3;
        // The font has a floor below which a small box cannot shrink it:
        // each line is elided to the box (the tooltip has the full text).
        const auto drawLine = [&](int index, const QString& text) {
            const QString shown = QFontMetricsF(p.font()).elidedText(text, Qt::ElideRight, inner.width());
            p.drawText(QRectF(inner.left(), inner.top() + index * line, inner.width(), line), Qt::AlignCenter, shown);
        };
        drawLine(0, op.label());
        p.setFont(small);
        QString sub = tr("%n worker(s)", nullptr, int(std::max<qint64>(0, op.numWorkers)));
        if (!std::isnan(op.cpuPct))
            sub += tr(" · CPU %1%").arg(op.cpuPct, 0, 'f', 0);
        drawLine(1, sub);
        QString tag;
        if (op.bottleneck)
            tag = tr("bottleneck");
        else if (op.queueFlagged)
            tag = tr("slow (queue filter)");
        if (!tag.isEmpty()) {
            p.setFont(bold);
            p.setPen(pen.color());
            drawLine(2, tag);
        }
    }
}

// The op's figures, and its sampled queue depths as MindInsight's queue
// chart listed them.
bool PipelineGraph::event(QEvent* event)
{
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    const auto* help = static_cast<QHelpEvent*>(event);
    for (const auto& op : m_ops) {
        if (!opRect(op.opId).contains(help->pos()))
            continue;
        QStringList lines { op.label(), tr("workers: %1").arg(op.numWorkers) };
        if (op.hasQueue) {
            lines << tr("output queue: %1% used, average %2 of %3")
                         .arg(100.0 * op.queueUsage, 0, 'f', 2)
                         .arg(op.queueAverageSize, 0, 'f', 2)
                         .arg(op.queueCapacity);
            if (!std::isnan(op.emptyFrequency))
                lines << tr("empty in %1% of the samples").arg(100.0 * op.emptyFrequency, 0, 'f', 1);
            QStringList sizes;
            for (std::size_t i = 0; i < op.queueSizes.size() && i < 24; ++i)
                sizes << QString::number(op.queueSizes[i]);
            if (op.queueSizes.size() > 24)
                sizes << QStringLiteral("…");
            if (!sizes.isEmpty())
                lines << tr("sampled depths: %1").arg(sizes.join(QStringLiteral(", ")));
        }
        if (!std::isnan(op.cpuPct))
            lines << tr("CPU %1% (%2% per worker)").arg(op.cpuPct, 0, 'f', 1).arg(op.cpuPerWorkerPct, 0, 'f', 1);
        QToolTip::showText(help->globalPos(), lines.join(QLatin1Char('\n')), this);
        return true;
    }
    QToolTip::hideText();
    event->ignore();
    return true;
}

void PipelineGraph::mousePressEvent(QMouseEvent* event)
{
    for (const auto& [id, r] : m_rects)
        if (r.contains(event->position())) {
            setSelectedOp(id);
            emit opClicked(id);
            return;
        }
    QWidget::mousePressEvent(event);
}

} // namespace profscope
