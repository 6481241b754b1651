// SPDX-License-Identifier: Apache-2.0
#include "mareycanvas.h"

#include "common/statuscolors.h"
#include "timeline/timeformat.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <map>
#include <limits>
#include <cmath>

namespace profscope {

namespace {

constexpr int kLegendHeight = 22;
constexpr int kAxisHeight = 24;
constexpr int kHeaderHeight = 20;
constexpr int kBarWidth = 58;
constexpr int kBarGap = 8;
constexpr int kMargin = 8;
constexpr double kBrushMinPx = 4;

QColor computeColor(const QPalette& p)
{
    return isDarkPalette(p) ? QColor(0x3f, 0xb9, 0x50) : QColor(0x2d, 0x9a, 0x4b);
}
QColor communicationColor(const QPalette& p)
{
    return isDarkPalette(p) ? QColor(0xf0, 0x88, 0x3e) : QColor(0xe0, 0x7b, 0x10);
}
QColor memoryColor(const QPalette& p)
{
    return isDarkPalette(p) ? QColor(0xa3, 0x71, 0xf7) : QColor(0x82, 0x50, 0xdf);
}
QColor flopsColor(const QPalette& p)
{
    return isDarkPalette(p) ? QColor(0x3f, 0xc3, 0xc8) : QColor(0x2d, 0x9c, 0xbc);
}
QColor opColor(MareyOp::Kind kind, const QPalette& p)
{
    return kind == MareyOp::Kind::Compute ? computeColor(p) : communicationColor(p);
}

QString formatMB(double mb)
{
    return mb >= 1024 ? QStringLiteral("%1 GB").arg(mb / 1024.0, 0, 'f', 2)
                      : QStringLiteral("%1 MB").arg(mb, 0, 'f', 0);
}

} // namespace

MareyCanvas::MareyCanvas(QWidget* parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent, false);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
}

void MareyCanvas::setData(std::shared_ptr<const MareyData> data)
{
    const bool sameRange = m_data && data && m_data->rangeNs == data->rangeNs;
    const std::size_t oldStages = m_collapsed.size();
    m_data = std::move(data);
    const std::size_t stages = m_data ? m_data->stages.size() : 0;
    if (stages != oldStages || !sameRange) {
        const bool collapse = m_data && int(m_data->devices.size()) > kCollapseAbove;
        m_collapsed.assign(stages, collapse);
    }
    if (!sameRange) {
        m_zoomStack.clear();
        m_view = m_data ? m_data->rangeNs : TimeRange {};
    }
    m_maxMemoryMB = 0;
    m_showFlops = false;
    if (m_data)
        for (const MareyDevice& d : m_data->devices) {
            m_maxMemoryMB = std::max(m_maxMemoryMB, d.peakMemoryMB);
            m_showFlops = m_showFlops || d.flopsM >= 0;
        }
    m_hoverOp = -1;
    m_selectedOp = -1;
    relayout();
    Q_EMIT viewRangeChanged();
}

void MareyCanvas::setStageCollapsed(int stage, bool collapsed)
{
    if (stage < 0 || stage >= int(m_collapsed.size()) || m_collapsed[std::size_t(stage)] == collapsed)
        return;
    m_collapsed[std::size_t(stage)] = collapsed;
    relayout();
}

bool MareyCanvas::isStageCollapsed(int stage) const
{
    return stage >= 0 && stage < int(m_collapsed.size()) && m_collapsed[std::size_t(stage)];
}

void MareyCanvas::setAllStagesCollapsed(bool collapsed)
{
    std::fill(m_collapsed.begin(), m_collapsed.end(), collapsed);
    relayout();
}

void MareyCanvas::setSelectedOp(int op)
{
    if (op == m_selectedOp)
        return;
    m_selectedOp = op;
    update();
}

void MareyCanvas::setShowMemory(bool show)
{
    if (m_showMemory == show)
        return;
    m_showMemory = show;
    update();
}

void MareyCanvas::setViewRange(TimeRange range)
{
    if (range.isEmpty() || range == m_view)
        return;
    m_zoomStack.push_back(m_view);
    m_view = range;
    update();
    Q_EMIT viewRangeChanged();
}

void MareyCanvas::zoomOut()
{
    if (m_zoomStack.empty()) {
        resetZoom();
        return;
    }
    m_view = m_zoomStack.back();
    m_zoomStack.pop_back();
    update();
    Q_EMIT viewRangeChanged();
}

void MareyCanvas::resetZoom()
{
    m_zoomStack.clear();
    const TimeRange all = m_data ? m_data->rangeNs : TimeRange {};
    if (all == m_view)
        return;
    m_view = all;
    update();
    Q_EMIT viewRangeChanged();
}

int MareyCanvas::labelWidth() const
{
    return m_labelWidth;
}

int MareyCanvas::measureLabelWidth() const
{
    const QFontMetrics fm(font());
    int w = fm.horizontalAdvance(tr("Stage %1").arg(88)) + 24;
    if (m_data) {
        // One label per number of digits: digits are as wide as each other in the UI fonts,
        // and measuring every rank's label (10,000 ranks) blocked the window for 40 ms.
        std::map<qsizetype, int> byDigits;
        for (const MareyDevice& d : m_data->devices)
            byDigits.try_emplace(QString::number(d.rankId).size(), d.rankId);
        for (const auto& [digits, rankId] : byDigits)
            w = std::max(w, fm.horizontalAdvance(tr("Rank %1").arg(rankId)) + 16);
        for (const MareyStage& st : m_data->stages)
            w = std::max(w, fm.horizontalAdvance(tr("%n device(s)", nullptr, st.deviceCount)) + 16);
    }
    return std::min(w, 160);
}

int MareyCanvas::barsWidth() const
{
    return barCount() * kBarWidth + (barCount() + 1) * kBarGap;
}

QRectF MareyCanvas::plotRect() const
{
    const double left = labelWidth() + kMargin;
    const double right = width() - barsWidth() - kMargin;
    const double top = kLegendHeight + kAxisHeight;
    const double bottom = m_rows.empty() ? top : m_rows.back().top + m_rows.back().height;
    return QRectF(QPointF(left, top), QPointF(std::max(left + 10, right), bottom));
}

double MareyCanvas::xOf(TimeNs t) const
{
    const QRectF plot = plotRect();
    const double span = double(std::max<TimeNs>(1, m_view.durationNs()));
    return plot.left() + double(t - m_view.startNs) / span * plot.width();
}

TimeNs MareyCanvas::timeAt(double x) const
{
    const QRectF plot = plotRect();
    const double f = (x - plot.left()) / std::max(1.0, plot.width());
    return m_view.startNs + TimeNs(std::llround(f * double(m_view.durationNs())));
}

void MareyCanvas::relayout()
{
    m_rows.clear();
    m_labelWidth = measureLabelWidth(); // xOf() needs it for every point: measure once
    // Few rows get room for the slopes between them (where skew shows); many
    // rows stay compact.
    int visibleRows = 0;
    if (m_data)
        for (int s = 0; s < int(m_data->stages.size()); ++s)
            visibleRows += isStageCollapsed(s) ? 1 : m_data->stages[std::size_t(s)].deviceCount;
    const int bandHeight = visibleRows <= 4 ? 22 : visibleRows <= 16 ? 16 : 13;
    const int slopeHeight = visibleRows <= 4 ? 30 : visibleRows <= 16 ? 12 : 7;
    if (m_data && !m_data->isEmpty()) {
        int y = kLegendHeight + kAxisHeight + 4;
        for (int s = 0; s < int(m_data->stages.size()); ++s) {
            const MareyStage& stage = m_data->stages[std::size_t(s)];
            const bool collapsed = isStageCollapsed(s);
            Row header;
            header.kind = Row::Kind::StageHeader;
            header.stage = s;
            header.top = y;
            header.height = kHeaderHeight;
            const int firstRank = m_data->devices[std::size_t(stage.firstDevice)].rankId;
            const int lastRank = m_data->devices[std::size_t(stage.firstDevice + stage.deviceCount - 1)].rankId;
            header.label = (collapsed ? QStringLiteral("▸ ") : QStringLiteral("▾ "))
                + tr("Stage %1 · %n device(s), ranks %2–%3", nullptr, stage.deviceCount)
                      .arg(stage.pipelineStage)
                      .arg(firstRank)
                      .arg(lastRank);
            m_rows.push_back(header);
            y += kHeaderHeight;
            auto addRow = [&](Row row) {
                row.top = y;
                row.height = bandHeight;
                y += bandHeight + slopeHeight;
                m_rows.push_back(std::move(row));
            };
            if (collapsed) {
                Row row;
                row.kind = Row::Kind::CollapsedStage;
                row.stage = s;
                row.device = stage.firstDevice;
                row.label = tr("%n device(s)", nullptr, stage.deviceCount);
                for (int d = stage.firstDevice; d < stage.firstDevice + stage.deviceCount; ++d) {
                    const MareyDevice& dev = m_data->devices[std::size_t(d)];
                    row.computeNs = std::max(row.computeNs, dev.computeNs);
                    row.communicationNs = std::max(row.communicationNs, dev.communicationNs);
                    row.peakMemoryMB = std::max(row.peakMemoryMB, dev.peakMemoryMB);
                    row.memoryCapacityMB = std::max(row.memoryCapacityMB, dev.memoryCapacityMB);
                    row.flopsM = std::max(row.flopsM, dev.flopsM);
                    row.flopsPerSecondG = std::max(row.flopsPerSecondG, dev.flopsPerSecondG);
                }
                addRow(row);
            } else {
                for (int d = stage.firstDevice; d < stage.firstDevice + stage.deviceCount; ++d) {
                    const MareyDevice& dev = m_data->devices[std::size_t(d)];
                    Row row;
                    row.kind = Row::Kind::Device;
                    row.stage = s;
                    row.device = d;
                    row.label = tr("Rank %1").arg(dev.rankId);
                    row.computeNs = dev.computeNs;
                    row.communicationNs = dev.communicationNs;
                    row.peakMemoryMB = dev.peakMemoryMB;
                    row.memoryCapacityMB = dev.memoryCapacityMB;
                    row.flopsM = dev.flopsM;
                    row.flopsPerSecondG = dev.flopsPerSecondG;
                    addRow(row);
                }
            }
            y += 2;
        }
        TimeNs maxCompute = 0, maxComm = 0;
        double maxMemory = 0, maxFlops = 0, maxRate = 0;
        for (const Row& r : m_rows) {
            if (r.kind == Row::Kind::StageHeader)
                continue;
            maxCompute = std::max(maxCompute, r.computeNs);
            maxComm = std::max(maxComm, r.communicationNs);
            maxMemory = std::max(maxMemory, r.peakMemoryMB);
            maxFlops = std::max(maxFlops, r.flopsM);
            maxRate = std::max(maxRate, r.flopsPerSecondG);
        }
        for (Row& r : m_rows) {
            if (r.kind == Row::Kind::StageHeader)
                continue;
            r.computeFraction = maxCompute > 0 ? double(r.computeNs) / double(maxCompute) : 0;
            r.communicationFraction = maxComm > 0 ? double(r.communicationNs) / double(maxComm) : 0;
            // As the seed describes: value / max over the devices, PeakMem / capacity when known.
            r.memoryFraction = r.peakMemoryMB <= 0  ? 0
                : r.memoryCapacityMB > 0            ? r.peakMemoryMB / r.memoryCapacityMB
                : maxMemory > 0                     ? r.peakMemoryMB / maxMemory
                                                    : 0;
            r.flopsFraction = maxFlops > 0 && r.flopsM > 0 ? r.flopsM / maxFlops : 0;
            r.flopsRateFraction = maxRate > 0 && r.flopsPerSecondG > 0 ? r.flopsPerSecondG / maxRate : 0;
        }
    }
    const int height = m_rows.empty() ? 240 : m_rows.back().top + m_rows.back().height + kMargin + 4;
    setMinimumHeight(height);
    updateGeometry();
    update();
    Q_EMIT layoutChanged();
}

TimeRange MareyCanvas::rowRange(const MareyOp& op, const Row& row) const
{
    if (row.kind == Row::Kind::StageHeader || row.stage != op.stage)
        return MareyOp::missing();
    if (row.kind == Row::Kind::CollapsedStage)
        return op.bounds();
    return m_data->range(op, row.device);
}

std::vector<int> MareyCanvas::opsInView() const
{
    std::vector<int> out;
    if (!m_data)
        return out;
    for (int i = 0; i < int(m_data->ops.size()); ++i) {
        const TimeRange b = m_data->ops[std::size_t(i)].bounds();
        if (!MareyOp::isMissing(b) && b.startNs <= m_view.endNs && b.endNs >= m_view.startNs)
            out.push_back(i);
    }
    return out;
}

std::vector<MareyCanvas::Shape> MareyCanvas::shapes(double top, double bottom) const
{
    std::vector<Shape> out;
    if (!m_data)
        return out;
    // Rows of each stage, in order; with a band, only the rows that reach
    // into it (plus the neighbours the slopes lead to).
    std::vector<std::vector<const Row*>> stageRows(m_data->stages.size());
    const int reach = 40;
    for (const Row& r : m_rows)
        if (r.kind != Row::Kind::StageHeader && r.top + r.height + reach >= top && r.top - reach <= bottom)
            stageRows[std::size_t(r.stage)].push_back(&r);
    for (const int i : opsInView()) {
        const MareyOp& op = m_data->ops[std::size_t(i)];
        QPolygonF left, right;
        auto flush = [&] {
            if (left.isEmpty())
                return;
            QPolygonF poly = left;
            for (auto it = right.crbegin(); it != right.crend(); ++it)
                poly << *it;
            out.push_back({ i, poly });
            left.clear();
            right.clear();
        };
        for (const Row* row : stageRows[std::size_t(op.stage)]) {
            const TimeRange r = rowRange(op, *row);
            if (MareyOp::isMissing(r)) {
                flush();
                continue;
            }
            const double xs = xOf(r.startNs);
            const double xe = std::max(xOf(r.endNs), xs + 1.0); // at least a pixel: short ops stay visible
            left << QPointF(xs, row->top) << QPointF(xs, row->top + row->height);
            right << QPointF(xe, row->top) << QPointF(xe, row->top + row->height);
        }
        flush();
    }
    return out;
}

MareyCanvas::Hit MareyCanvas::hitTest(const QPointF& pos) const
{
    Hit hit;
    if (!m_data || !plotRect().contains(pos))
        return hit;
    for (int r = 0; r < int(m_rows.size()); ++r) {
        const Row& row = m_rows[std::size_t(r)];
        if (row.kind == Row::Kind::StageHeader)
            continue;
        if (pos.y() < row.top || pos.y() >= row.top + row.height)
            continue;
        hit.row = r;
        hit.device = row.device;
        const TimeNs t = timeAt(pos.x());
        const TimeNs slack = TimeNs(double(m_view.durationNs()) / std::max(1.0, plotRect().width())); // a pixel
        // The shortest op under the cursor wins (short ops sit inside merged runs).
        TimeNs best = std::numeric_limits<TimeNs>::max();
        for (int i = 0; i < int(m_data->ops.size()); ++i) {
            const TimeRange range = rowRange(m_data->ops[std::size_t(i)], row);
            if (MareyOp::isMissing(range) || t < range.startNs - slack || t > range.endNs + slack)
                continue;
            if (range.durationNs() < best) {
                best = range.durationNs();
                hit.op = i;
                hit.range = range;
            }
        }
        return hit;
    }
    // Between rows: the slopes of the polygons.
    for (const Shape& s : shapes(pos.y() - 1, pos.y() + 1))
        if (s.polygon.containsPoint(pos, Qt::OddEvenFill)) {
            hit.op = s.op;
            hit.device = m_data->stages[std::size_t(m_data->ops[std::size_t(s.op)].stage)].firstDevice;
            hit.range = m_data->ops[std::size_t(s.op)].bounds();
            return hit;
        }
    return hit;
}

QSize MareyCanvas::sizeHint() const
{
    return QSize(900, minimumHeight());
}

QSize MareyCanvas::minimumSizeHint() const
{
    return QSize(labelWidth() + barsWidth() + 200, minimumHeight());
}

void MareyCanvas::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    update();
}

void MareyCanvas::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        relayout();
}

void MareyCanvas::paintEvent(QPaintEvent* event)
{
    // Only the exposed band: a scrolled view of 1000 devices repaints a screenful.
    const QRect exposed = event->rect();
    QPainter p(this);
    const QPalette& pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    const QColor text = pal.color(QPalette::Text);
    const QColor muted = mutedTextColor(pal);
    const QFontMetrics fm(font());

    if (!m_data || m_data->isEmpty()) {
        p.setPen(muted);
        QString message = tr("No device ops to show.");
        if (m_data && !m_data->note.isEmpty())
            message += QLatin1Char('\n') + m_data->note;
        else if (!m_data)
            message = tr("Open a profile to see how the ops of every device line up in time.");
        p.drawText(rect().adjusted(20, 20, -20, -20), Qt::AlignCenter | Qt::TextWordWrap, message);
        return;
    }

    const QRectF plot = plotRect();
    p.setRenderHint(QPainter::Antialiasing, false);

    // Legend.
    {
        int x = int(plot.left());
        const int y = 4;
        auto swatch = [&](const QColor& c, const QString& label, bool line = false) {
            if (line) {
                p.setPen(QPen(c, 2));
                p.drawLine(x, y + 8, x + 14, y + 8);
            } else {
                p.fillRect(QRect(x, y + 3, 14, 10), c);
            }
            p.setPen(text);
            p.drawText(QRect(x + 18, y, 400, 16), Qt::AlignVCenter | Qt::AlignLeft, label);
            x += 18 + fm.horizontalAdvance(label) + 16;
        };
        swatch(computeColor(pal), tr("Compute"));
        swatch(communicationColor(pal), tr("Communication"));
        p.setPen(muted);
        p.drawRect(QRect(x, y + 3, 13, 9));
        p.drawText(QRect(x + 18, y, 400, 16), Qt::AlignVCenter | Qt::AlignLeft, tr("Free (gaps)"));
        x += 18 + fm.horizontalAdvance(tr("Free (gaps)")) + 16;
        if (m_showMemory)
            swatch(memoryColor(pal), tr("Allocated memory"), true);
        QString info = m_data->clocksAligned ? tr("clocks aligned") : QString();
        if (!info.isEmpty()) {
            p.setPen(muted);
            p.drawText(QRect(x, y, int(plot.right()) - x, 16), Qt::AlignVCenter | Qt::AlignRight, info);
        }
    }

    // Time axis: relative to the start of the data, unit from the tick step.
    const double pxPerTick = 90;
    const TimeNs step = niceTickStepNs(double(m_view.durationNs()) / std::max(1.0, plot.width() / pxPerTick));
    const TimeNs origin = m_data->rangeNs.startNs;
    const int axisY = kLegendHeight + kAxisHeight - 4;
    p.setPen(muted);
    p.drawLine(QPointF(plot.left(), axisY), QPointF(plot.right(), axisY));
    const QColor grid = isDarkPalette(pal) ? QColor(255, 255, 255, 22) : QColor(0, 0, 0, 18);
    if (step > 0) {
        TimeNs first = ((m_view.startNs - origin) / step) * step + origin;
        if (first < m_view.startNs)
            first += step;
        // At most one tick per 20 px, and no step past the end of TimeNs
        // (a span near 2^63 ns from hostile timestamps looped for ever).
        const int maxTicks = int(plot.width() / 20) + 2;
        for (TimeNs t = first, i = 0; t <= m_view.endNs && i < maxTicks; ++i) {
            const double x = xOf(t);
            p.setPen(grid);
            p.drawLine(QPointF(x, axisY), QPointF(x, plot.bottom()));
            p.setPen(muted);
            p.drawLine(QPointF(x, axisY - 4), QPointF(x, axisY));
            const QString label = formatTickNs(t - origin, step);
            const int w = fm.horizontalAdvance(label);
            p.drawText(QRectF(x - w / 2.0 - 2, axisY - 4 - fm.height(), w + 4, fm.height()), Qt::AlignCenter, label);
            if (t > std::numeric_limits<TimeNs>::max() - step)
                break;
            t += step;
        }
    }

    // Bar column headers.
    const double barsLeft = plot.right() + kMargin + kBarGap;
    const QString barTitles[] = { tr("Compute"), tr("Comm."), tr("Memory"), tr("FLOPs"), tr("FLOPS") };
    for (int b = 0; b < barCount(); ++b) {
        const QRectF cell(barsLeft + b * (kBarWidth + kBarGap), axisY - 4 - fm.height(), kBarWidth, fm.height());
        p.setPen(muted);
        p.drawText(cell, Qt::AlignCenter, fm.elidedText(barTitles[b], Qt::ElideRight, kBarWidth + kBarGap));
    }

    // Rows: labels, bands, bars.
    const QColor band = isDarkPalette(pal) ? QColor(255, 255, 255, 10) : QColor(0, 0, 0, 9);
    for (const Row& row : m_rows) {
        if (row.top > exposed.bottom() || row.top + row.height < exposed.top())
            continue;
        if (row.kind == Row::Kind::StageHeader) {
            p.setPen(text);
            QFont bold = font();
            bold.setBold(true);
            p.setFont(bold);
            p.drawText(QRectF(4, row.top, width() - 8, row.height), Qt::AlignVCenter | Qt::AlignLeft, row.label);
            p.setFont(font());
            p.setPen(grid);
            p.drawLine(QPointF(4, row.top + 1), QPointF(width() - 4, row.top + 1));
            continue;
        }
        p.fillRect(QRectF(plot.left(), row.top, plot.width(), row.height), band);
        p.setPen(row.kind == Row::Kind::CollapsedStage ? muted : text);
        p.drawText(
            QRectF(16, row.top - 2, labelWidth() - 16, row.height + 4), Qt::AlignVCenter | Qt::AlignLeft, row.label);
        const double fractions[] = { row.computeFraction, row.communicationFraction, row.memoryFraction,
            row.flopsFraction, row.flopsRateFraction };
        const QColor colors[] = { computeColor(pal), communicationColor(pal), memoryColor(pal), flopsColor(pal),
            flopsColor(pal) };
        for (int b = 0; b < barCount(); ++b) {
            const QRectF cell(barsLeft + b * (kBarWidth + kBarGap), row.top + 2, kBarWidth, row.height - 4);
            p.fillRect(cell, band);
            p.fillRect(
                QRectF(cell.left(), cell.top(), cell.width() * std::clamp(fractions[b], 0.0, 1.0), cell.height()),
                colors[b]);
        }
    }

    // The ops.
    p.save();
    p.setClipRect(plot.adjusted(0, -2, 0, 2));
    p.setRenderHint(QPainter::Antialiasing, true);
    // Communication underneath: sends overlap the kernels that run meanwhile.
    std::vector<Shape> all = shapes(exposed.top(), exposed.bottom());
    std::stable_partition(all.begin(), all.end(),
        [this](const Shape& s) { return m_data->ops[std::size_t(s.op)].kind == MareyOp::Kind::Communication; });
    for (const Shape& s : all) {
        const MareyOp& op = m_data->ops[std::size_t(s.op)];
        // A collapsed stage's row: the envelope of its devices, earliest
        // start to latest end (light: the skew), over the median device's
        // start to end (solid).
        const bool envelope = isStageCollapsed(op.stage) && op.presentCount() > 1;
        QColor fill = opColor(op.kind, pal);
        fill.setAlpha(envelope ? 70 : op.mergedOps > 1 ? 120 : 200);
        const bool hover = s.op == m_hoverOp;
        if (hover)
            fill = fill.lighter(isDarkPalette(pal) ? 130 : 115);
        const double widthPx = s.polygon.boundingRect().width();
        p.setPen(widthPx > 3 || hover ? QPen(opColor(op.kind, pal).darker(hover ? 160 : 125), hover ? 1.5 : 0.6)
                                      : Qt::NoPen);
        p.setBrush(fill);
        p.drawPolygon(s.polygon);
        if (envelope) {
            const TimeRange median = op.medianRange();
            const QRectF box = s.polygon.boundingRect();
            const double xs = xOf(median.startNs);
            const double xe = std::max(xOf(median.endNs), xs + 1.0);
            QColor solid = opColor(op.kind, pal);
            solid.setAlpha(op.mergedOps > 1 ? 150 : 220);
            p.setPen(Qt::NoPen);
            p.setBrush(solid);
            const double inset = box.height() * 0.18;
            p.drawRect(QRectF(xs, box.top() + inset, xe - xs, box.height() - 2 * inset));
        }
    }
    // The selected op on top of everything, outlined.
    for (const Shape& s : all)
        if (s.op == m_selectedOp) {
            p.setPen(QPen(pal.color(QPalette::Highlight), 2));
            p.setBrush(Qt::NoBrush);
            p.drawPolygon(s.polygon);
        }

    // Memory curves over the device bands.
    if (m_showMemory && m_maxMemoryMB > 0) {
        p.setPen(QPen(memoryColor(pal), 1.4));
        p.setBrush(Qt::NoBrush);
        for (const Row& row : m_rows) {
            if (row.kind != Row::Kind::Device || row.top > exposed.bottom() || row.top + row.height < exposed.top())
                continue;
            const MareyDevice& d = m_data->devices[std::size_t(row.device)];
            QPolygonF line;
            for (std::size_t i = 0; i < d.memoryTsNs.size(); ++i) {
                const double y = row.top + row.height - d.memoryMB[i] / m_maxMemoryMB * (row.height - 1);
                const double x = xOf(d.memoryTsNs[i]);
                if (!line.isEmpty())
                    line << QPointF(x, line.back().y()); // a step function
                line << QPointF(x, y);
            }
            if (!line.isEmpty())
                line << QPointF(plot.right(), line.back().y());
            p.drawPolyline(line);
        }
    }
    p.restore();

    // The brush.
    if (m_pressed && std::abs(m_dragPos.x() - m_pressPos.x()) >= kBrushMinPx) {
        QColor c = pal.color(QPalette::Highlight);
        c.setAlpha(60);
        const double x0 = std::clamp(std::min(m_pressPos.x(), m_dragPos.x()), plot.left(), plot.right());
        const double x1 = std::clamp(std::max(m_pressPos.x(), m_dragPos.x()), plot.left(), plot.right());
        p.fillRect(QRectF(x0, plot.top(), x1 - x0, plot.height()), c);
        p.setPen(pal.color(QPalette::Highlight));
        p.drawLine(QPointF(x0, plot.top()), QPointF(x0, plot.bottom()));
        p.drawLine(QPointF(x1, plot.top()), QPointF(x1, plot.bottom()));
        p.setPen(text);
        p.drawText(QRectF(x0, plot.top() + 2, std::max(80.0, x1 - x0), fm.height()), Qt::AlignLeft,
            formatDurationNs(double(timeAt(x1) - timeAt(x0))));
    }
}

void MareyCanvas::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    m_pressed = true;
    m_pressPos = m_dragPos = event->position();
}

void MareyCanvas::mouseMoveEvent(QMouseEvent* event)
{
    if (m_pressed) {
        m_dragPos = event->position();
        update();
        return;
    }
    const int op = hitTest(event->position()).op;
    if (op != m_hoverOp) {
        m_hoverOp = op;
        update();
    }
}

void MareyCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    if (!m_pressed || event->button() != Qt::LeftButton)
        return QWidget::mouseReleaseEvent(event);
    m_pressed = false;
    const QPointF pos = event->position();
    if (std::abs(pos.x() - m_pressPos.x()) >= kBrushMinPx) {
        const QRectF plot = plotRect();
        const double x0 = std::clamp(std::min(pos.x(), m_pressPos.x()), plot.left(), plot.right());
        const double x1 = std::clamp(std::max(pos.x(), m_pressPos.x()), plot.left(), plot.right());
        const TimeRange range { timeAt(x0), timeAt(x1) };
        if (range.durationNs() > 0)
            setViewRange(range);
        update();
        return;
    }
    for (const Row& row : m_rows)
        if (row.kind == Row::Kind::StageHeader && pos.y() >= row.top && pos.y() < row.top + row.height) {
            setStageCollapsed(row.stage, !isStageCollapsed(row.stage));
            return;
        }
    const Hit hit = hitTest(pos);
    if (hit.op >= 0)
        Q_EMIT opClicked(hit.op, hit.device);
    update();
}

void MareyCanvas::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || !plotRect().contains(event->position()))
        return;
    // On an op: open it; elsewhere in the plot: zoom out.
    const Hit hit = hitTest(event->position());
    if (hit.op >= 0)
        Q_EMIT opDoubleClicked(hit.op, hit.device);
    else
        zoomOut();
}

bool MareyCanvas::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        if (m_data && help->pos().x() > plotRect().right()) {
            // The small bars: the values behind them.
            for (const Row& row : m_rows) {
                if (row.kind == Row::Kind::StageHeader || help->pos().y() < row.top
                    || help->pos().y() >= row.top + row.height)
                    continue;
                QString text = QStringLiteral("<b>%1</b>").arg(row.label.toHtmlEscaped());
                if (row.kind == Row::Kind::CollapsedStage)
                    text += QStringLiteral(" ") + tr("(largest of the stage)");
                text += QStringLiteral("<br>") + tr("Compute: %1").arg(formatDurationNs(double(row.computeNs)))
                    + QStringLiteral("<br>")
                    + tr("Communication: %1").arg(formatDurationNs(double(row.communicationNs)))
                    + QStringLiteral("<br>")
                    + tr("Peak memory: %1").arg(row.peakMemoryMB >= 0 ? formatMB(row.peakMemoryMB) : tr("unknown"));
                if (row.memoryCapacityMB > 0)
                    text += QStringLiteral("<br>") + tr("Capacity: %1 (the bar is peak / capacity)").arg(formatMB(row.memoryCapacityMB));
                if (m_showFlops)
                    text += QStringLiteral("<br>")
                        + tr("FLOPs: %1").arg(row.flopsM >= 0 ? tr("%1 M").arg(row.flopsM, 0, 'f', 3) : tr("unknown"))
                        + QStringLiteral("<br>")
                        + tr("FLOPS: %1").arg(row.flopsPerSecondG >= 0 ? tr("%1 G/s").arg(row.flopsPerSecondG, 0, 'f', 3)
                                                                       : tr("unknown"));
                QToolTip::showText(help->globalPos(), text, this);
                return true;
            }
        }
        const Hit hit = hitTest(help->pos());
        if (hit.op >= 0)
            QToolTip::showText(help->globalPos(), tooltipFor(hit), this);
        else
            QToolTip::hideText();
        return true;
    }
    if (event->type() == QEvent::Leave && m_hoverOp >= 0) {
        m_hoverOp = -1;
        update();
    }
    return QWidget::event(event);
}

} // namespace profscope
