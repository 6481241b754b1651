// SPDX-License-Identifier: Apache-2.0
#include "commheatmap.h"

#include "commcolors.h"

#include <QFontMetrics>
#include <QHash>
#include <QKeyEvent>
#include <QLinearGradient>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace profscope {

namespace {
    constexpr int kMaxCellPx = 72;
    constexpr int kMinBlockPx = 8;
    constexpr int kLegendWidth = 120;

    QString num(double v, int decimals)
    {
        return QLocale().toString(v, 'f', decimals);
    }
} // namespace

CommHeatmap::CommHeatmap(QWidget* parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent, false);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void CommHeatmap::setModel(CommMatrixModel* model)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (m_model) {
        connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
            m_zoomRow = m_zoomColumn = -1;
            m_selected = { -1, -1 };
            relayout();
        });
        connect(m_model, &QAbstractItemModel::dataChanged, this, [this] { relayout(); });
    }
    m_zoomRow = m_zoomColumn = -1;
    relayout();
}

void CommHeatmap::setMetric(Metric metric)
{
    if (metric == m_metric)
        return;
    m_metric = metric;
    relayout();
}

QString CommHeatmap::metricTitle(Metric metric)
{
    switch (metric) {
    case Bandwidth:
        return tr("Bandwidth (GB/s)");
    case Size:
        return tr("Transit Size (MB)");
    case Time:
        return tr("Transit Time (ms)");
    case Transport:
        return tr("Transport Type");
    }
    return {};
}

void CommHeatmap::zoomInto(int blockRow, int blockColumn)
{
    if (!m_aggregated || zoomed() || blockRow < 0 || blockColumn < 0 || blockRow >= int(m_blocks.size())
        || blockColumn >= int(m_blocks.size()))
        return;
    m_zoomRow = blockRow;
    m_zoomColumn = blockColumn;
    m_hover = {};
    relayout();
    emit blockOpened(m_blocks[std::size_t(blockRow)].ranks, m_blocks[std::size_t(blockColumn)].ranks);
    emit zoomChanged();
}

void CommHeatmap::zoomOut()
{
    if (!zoomed())
        return;
    m_zoomRow = m_zoomColumn = -1;
    m_hover = {};
    relayout();
    emit zoomChanged();
}

bool CommHeatmap::selectLink(int srcRankId, int dstRankId)
{
    if (!m_model || !m_model->cell(srcRankId, dstRankId))
        return false;
    // Zoom to the blocks that hold the link when it is hidden in a block.
    auto findRow = [](const std::vector<AxisItem>& items, int rank) {
        for (std::size_t i = 0; i < items.size(); ++i)
            if (items[i].ranks.size() == 1 && items[i].ranks.front() == rank)
                return int(i);
        return -1;
    };
    if (findRow(m_rows, srcRankId) < 0 || findRow(m_columns, dstRankId) < 0) {
        zoomOut();
        if (m_aggregated) {
            int br = -1, bc = -1;
            for (std::size_t i = 0; i < m_blocks.size(); ++i) {
                if (m_blocks[i].ranks.contains(srcRankId))
                    br = int(i);
                if (m_blocks[i].ranks.contains(dstRankId))
                    bc = int(i);
            }
            zoomInto(br, bc);
        }
    }
    m_selected = { srcRankId, dstRankId };
    update();
    return true;
}

double CommHeatmap::value(const Cell& cell) const
{
    switch (m_metric) {
    case Bandwidth:
        return cell.bandwidthGBps();
    case Size:
        return cell.sizeMB;
    case Time:
        return cell.timeMs;
    case Transport:
        return 0;
    }
    return 0;
}

QColor CommHeatmap::cellColor(const Cell& cell) const
{
    if (m_metric == Transport)
        return transportColor(cell.transport, palette());
    if (cell.diagonal)
        return transportColor(QStringLiteral("LOCAL"), palette());
    const double span = m_max - m_min;
    return sequentialColor(span > 0 ? (value(cell) - m_min) / span : 0.6);
}

void CommHeatmap::relayout()
{
    m_rows.clear();
    m_columns.clear();
    m_cells.clear();
    m_blocks.clear();
    m_aggregated = false;
    m_plot = {};
    m_cellPx = 0;
    m_header.clear();
    m_hover = {};
    const QFontMetrics fm(font());
    const QList<int> ids = m_model ? m_model->rankIds() : QList<int>();
    if (ids.isEmpty()) {
        update();
        return;
    }
    const int headerH = fm.height() + 10;
    const int topLabelsH = fm.height() + fm.height() + 8; // axis title + labels
    const int availH = std::max(10, height() - headerH - topLabelsH - 10);
    const int roughLeft = fm.height() + fm.horizontalAdvance(QStringLiteral("00000")) + 12;
    const int availW = std::max(10, width() - roughLeft - kLegendWidth - 16);

    const int n = int(ids.size());
    const int fitPx = std::min(availW, availH) / n;
    if (fitPx < kMinCellPx) {
        m_aggregated = true;
        m_blocks = m_model->blocks(std::max(1, std::min(availW, availH) / kMinBlockPx));
    }
    auto rankItem = [](int id) { return AxisItem { QString::number(id), { id } }; };
    if (!m_aggregated) {
        for (const int id : ids) {
            m_rows.push_back(rankItem(id));
            m_columns.push_back(rankItem(id));
        }
    } else if (zoomed()) {
        for (const int id : m_blocks[std::size_t(m_zoomRow)].ranks)
            m_rows.push_back(rankItem(id));
        for (const int id : m_blocks[std::size_t(m_zoomColumn)].ranks)
            m_columns.push_back(rankItem(id));
    } else {
        for (const RankBlock& b : m_blocks) {
            m_rows.push_back(AxisItem { b.label, b.ranks });
            m_columns.push_back(AxisItem { b.label, b.ranks });
        }
    }

    int labelW = 0;
    for (const AxisItem& r : m_rows)
        labelW = std::max(labelW, fm.horizontalAdvance(r.label));
    const int left = fm.height() + labelW + 12;
    const int w = std::max(10, width() - left - kLegendWidth - 16);
    const int nr = int(m_rows.size()), nc = int(m_columns.size());
    m_cellPx = std::clamp(std::min(w / nc, availH / nr), 1, kMaxCellPx);
    m_plot = QRect(left, headerH + topLabelsH, m_cellPx * nc, m_cellPx * nr);

    // One pass over the links, each added to the row/column holding its ranks.
    QHash<int, int> rowOf, columnOf;
    for (int i = 0; i < nr; ++i)
        for (const int id : m_rows[std::size_t(i)].ranks)
            rowOf.insert(id, i);
    for (int i = 0; i < nc; ++i)
        for (const int id : m_columns[std::size_t(i)].ranks)
            columnOf.insert(id, i);
    m_cells.assign(std::size_t(nr) * std::size_t(nc), Cell {});
    const bool blocks = m_aggregated && !zoomed();
    for (const MatrixCell& c : m_model->cells()) {
        const auto r = rowOf.constFind(c.srcRank);
        const auto k = columnOf.constFind(c.dstRank);
        if (r == rowOf.constEnd() || k == columnOf.constEnd())
            continue;
        // Local copies are not links between ranks; in a block they would hide the real traffic.
        if (blocks && c.srcRank == c.dstRank)
            continue;
        Cell& cell = m_cells[std::size_t(*r) * std::size_t(nc) + std::size_t(*k)];
        ++cell.links;
        cell.sizeMB += c.sizeMB;
        cell.timeMs += c.timeMs;
        if (cell.transport.isEmpty())
            cell.transport = c.transport;
        else if (cell.transport != c.transport)
            cell.transport = QStringLiteral("mixed");
        if (m_model->isSlow(c.srcRank, c.dstRank))
            ++cell.slowLinks;
        cell.diagonal = !blocks && c.srcRank == c.dstRank;
    }
    bool first = true;
    for (const Cell& c : m_cells) {
        if (c.links == 0 || c.diagonal)
            continue;
        const double v = value(c);
        m_min = first ? v : std::min(m_min, v);
        m_max = first ? v : std::max(m_max, v);
        first = false;
    }
    if (first)
        m_min = m_max = 0;

    if (zoomed())
        m_header = tr("%1 → %2: %3 × %4 ranks. Right-click or Esc to go back.")
                       .arg(m_blocks[std::size_t(m_zoomRow)].label, m_blocks[std::size_t(m_zoomColumn)].label)
                       .arg(nr)
                       .arg(nc);
    else if (m_aggregated)
        m_header = tr("%1 ranks in %2 blocks. Click a block to zoom in.").arg(n).arg(nr);
    else
        m_header = tr("%n rank(s)", nullptr, n);
    update();
}

int CommHeatmap::labelStep(int cellPx, int labelPx) const
{
    for (const int step : { 1, 2, 4, 5, 8, 10, 16, 20, 25, 32, 50, 64, 100, 128, 200, 256, 500, 1000 })
        if (step * cellPx >= labelPx)
            return step;
    return 1000000;
}

CommHeatmap::Hit CommHeatmap::hitTest(const QPoint& pos) const
{
    if (m_cellPx <= 0 || !m_plot.contains(pos))
        return {};
    Hit h;
    h.row = (pos.y() - m_plot.top()) / m_cellPx;
    h.column = (pos.x() - m_plot.left()) / m_cellPx;
    if (h.row >= int(m_rows.size()) || h.column >= int(m_columns.size()))
        return {};
    return h;
}

QRect CommHeatmap::cellRect(int row, int column) const
{
    return QRect(m_plot.left() + column * m_cellPx, m_plot.top() + row * m_cellPx, m_cellPx, m_cellPx);
}

QString CommHeatmap::cellToolTip(const Hit& hit) const
{
    if (!hit.valid() || !m_model)
        return {};
    const AxisItem& src = m_rows[std::size_t(hit.row)];
    const AxisItem& dst = m_columns[std::size_t(hit.column)];
    const Cell& c = cellAt(hit.row, hit.column);
    const bool single = src.ranks.size() == 1 && dst.ranks.size() == 1;
    QString html = single
        ? tr("<b>Rank %1 → rank %2</b>").arg(src.label, dst.label)
        : tr("<b>%1 → %2</b> (%3 × %4 ranks)").arg(src.label, dst.label).arg(src.ranks.size()).arg(dst.ranks.size());
    if (c.links == 0)
        return html + QStringLiteral("<br>") + tr("No traffic");
    html += QStringLiteral("<table>");
    auto row = [&html](const QString& name, const QString& value) {
        html += QStringLiteral("<tr><td>") + name + QStringLiteral("</td><td align=right>&nbsp;") + value
            + QStringLiteral("</td></tr>");
    };
    row(tr("Transport"), c.transport);
    row(tr("Transit size"), tr("%1 MB").arg(num(c.sizeMB, 3)));
    row(tr("Transit time"), tr("%1 ms").arg(num(c.timeMs, 3)));
    row(tr("Bandwidth"), tr("%1 GB/s").arg(num(c.bandwidthGBps(), 2)));
    if (!single)
        row(tr("Links"), QString::number(c.links));
    html += QStringLiteral("</table>");
    if (single) {
        if (const MatrixCell* mc = m_model->cell(src.ranks.front(), dst.ranks.front()); mc && !mc->opNames.isEmpty())
            html += tr("Ops: %1").arg(mc->opNames.mid(0, 6).join(QStringLiteral(", ")))
                + (mc->opNames.size() > 6 ? QStringLiteral(", …") : QString());
        if (const SlowLink* s = m_model->slowLink(src.ranks.front(), dst.ranks.front()))
            html += QStringLiteral("<br><font color='") + slowColor(palette()).name() + QStringLiteral("'>")
                + tr("Slow link: %1 GB/s, %2 average %3 GB/s")
                      .arg(num(s->bandwidthGBps, 2), s->transport, num(s->transportAverageGBps, 2))
                + QStringLiteral("</font>");
        if (c.diagonal)
            html += QStringLiteral("<br>") + tr("Local copy: not on the colour scale");
    } else if (c.slowLinks > 0) {
        html += QStringLiteral("<br><font color='") + slowColor(palette()).name() + QStringLiteral("'>")
            + tr("%n slow link(s)", nullptr, c.slowLinks) + QStringLiteral("</font>");
    }
    return html;
}

QSize CommHeatmap::sizeHint() const
{
    return QSize(640, 520);
}

QSize CommHeatmap::minimumSizeHint() const
{
    return QSize(280, 220);
}

void CommHeatmap::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QPalette& pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    const QFontMetrics fm(font());
    const QColor muted = blendTowardText(pal, 0.62);
    if (m_rows.empty() || m_columns.empty()) {
        p.setPen(muted);
        p.drawText(rect().adjusted(16, 16, -16, -16), Qt::AlignCenter | Qt::TextWordWrap,
            m_model && m_model->profile() ? tr("No communication matrix for this group, step and op.\n"
                                               "The ranks need communication_matrix.json (profiler level 1 or higher).")
                                          : tr("Open a profile to see its communication matrix."));
        return;
    }
    // Header: what is shown.
    p.setPen(pal.color(QPalette::Text));
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    const QString title = metricTitle(m_metric);
    p.drawText(QPoint(8, fm.ascent() + 4), title);
    p.setFont(font());
    p.setPen(muted);
    p.drawText(QPoint(8 + QFontMetrics(bold).horizontalAdvance(title) + 12, fm.ascent() + 4), m_header);

    // Axis titles.
    const int nr = int(m_rows.size()), nc = int(m_columns.size());
    p.setPen(muted);
    p.drawText(QRect(m_plot.left(), m_plot.top() - 2 * fm.height() - 6, m_plot.width(), fm.height()),
        Qt::AlignHCenter | Qt::AlignTop, tr("Dst rank"));
    p.save();
    p.translate(2 + fm.ascent(), m_plot.center().y());
    p.rotate(-90);
    p.drawText(
        QRect(-m_plot.height() / 2, -fm.ascent(), m_plot.height(), fm.height()), Qt::AlignCenter, tr("Src rank"));
    p.restore();

    // Cells.
    const QColor empty = blendTowardText(pal, 0.05);
    p.fillRect(m_plot, empty);
    const bool grid = m_cellPx >= 6;
    const QColor gridColor = pal.color(QPalette::Base);
    for (int r = 0; r < nr; ++r) {
        for (int k = 0; k < nc; ++k) {
            const Cell& c = cellAt(r, k);
            if (c.links == 0)
                continue;
            const QRect cr = cellRect(r, k);
            const QColor color = cellColor(c);
            p.fillRect(cr, color);
            if (c.diagonal && m_metric != Transport && m_cellPx >= 8) {
                p.fillRect(cr, QBrush(blendTowardText(pal, 0.35), Qt::BDiagPattern));
            }
            if (m_cellPx >= 44 && m_metric != Transport) {
                p.setPen(contrastingText(color));
                QFont small = font();
                small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.85));
                p.setFont(small);
                const double v = value(c);
                p.drawText(cr, Qt::AlignCenter, num(v, v >= 100 ? 0 : (v >= 10 ? 1 : 2)));
                p.setFont(font());
            } else if (m_cellPx >= 44 && m_metric == Transport) {
                p.setPen(contrastingText(color));
                p.drawText(cr, Qt::AlignCenter, c.transport);
            }
        }
    }
    if (grid) {
        p.setPen(QPen(gridColor, 1));
        for (int r = 0; r <= nr; ++r)
            p.drawLine(m_plot.left(), m_plot.top() + r * m_cellPx, m_plot.right() + 1, m_plot.top() + r * m_cellPx);
        for (int k = 0; k <= nc; ++k)
            p.drawLine(m_plot.left() + k * m_cellPx, m_plot.top(), m_plot.left() + k * m_cellPx, m_plot.bottom() + 1);
    }
    // Slow links on top of the grid, so that the outline is never covered.
    const QColor slow = slowColor(pal);
    for (int r = 0; r < nr; ++r) {
        for (int k = 0; k < nc; ++k) {
            if (cellAt(r, k).slowLinks == 0)
                continue;
            const QRect cr = cellRect(r, k);
            const int w = m_cellPx >= 10 ? 3 : 2;
            p.setPen(QPen(slow, w));
            p.setBrush(Qt::NoBrush);
            if (m_cellPx >= 6)
                p.drawRect(cr.adjusted(w / 2, w / 2, -(w + 1) / 2, -(w + 1) / 2));
            else
                p.drawRect(cr.adjusted(-2, -2, 2, 2)); // too small to outline inside: ring around it
        }
    }
    // Selection and hover.
    for (int r = 0; r < nr; ++r) {
        if (m_rows[std::size_t(r)].ranks.size() != 1 || m_rows[std::size_t(r)].ranks.front() != m_selected.first)
            continue;
        for (int k = 0; k < nc; ++k) {
            if (m_columns[std::size_t(k)].ranks.size() == 1
                && m_columns[std::size_t(k)].ranks.front() == m_selected.second) {
                p.setPen(QPen(pal.color(QPalette::Text), 2, Qt::DashLine));
                p.setBrush(Qt::NoBrush);
                p.drawRect(cellRect(r, k).adjusted(-1, -1, 0, 0));
            }
        }
    }
    if (m_hover.valid()) {
        p.setPen(QPen(pal.color(QPalette::Highlight), 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(cellRect(m_hover.row, m_hover.column).adjusted(0, 0, -1, -1));
    }

    // Axis labels, thinned so that they never overlap.
    p.setPen(pal.color(QPalette::Text));
    const int rowStep = labelStep(m_cellPx, fm.height());
    for (int r = 0; r < nr; r += rowStep) {
        const QRect cr = cellRect(r, 0);
        p.drawText(QRect(0, cr.center().y() - fm.height() / 2, m_plot.left() - 4, fm.height()),
            Qt::AlignRight | Qt::AlignVCenter, m_rows[std::size_t(r)].label);
    }
    int colLabelW = 0;
    for (const AxisItem& c : m_columns)
        colLabelW = std::max(colLabelW, fm.horizontalAdvance(c.label));
    const int colStep = labelStep(m_cellPx, colLabelW + 6);
    for (int k = 0; k < nc; k += colStep) {
        const QRect cr = cellRect(0, k);
        const int w = colLabelW + 6;
        p.drawText(QRect(cr.center().x() - w / 2, m_plot.top() - fm.height() - 3, w, fm.height()),
            Qt::AlignHCenter | Qt::AlignBottom, m_columns[std::size_t(k)].label);
    }

    drawLegend(p, QRect(m_plot.right() + 18, m_plot.top(), kLegendWidth - 8, std::max(m_plot.height(), 160)));
}

void CommHeatmap::drawLegend(QPainter& p, const QRect& area)
{
    const QPalette& pal = palette();
    const QFontMetrics fm(font());
    int y = area.top();
    p.setPen(pal.color(QPalette::Text));
    if (m_metric == Transport) {
        QStringList seen;
        for (const Cell& c : m_cells)
            if (c.links > 0 && !seen.contains(c.transport))
                seen << c.transport;
        std::sort(seen.begin(), seen.end());
        for (const QString& t : seen) {
            p.fillRect(QRect(area.left(), y + 2, 12, fm.height() - 4), transportColor(t, pal));
            p.setPen(pal.color(QPalette::Text));
            p.drawText(QPoint(area.left() + 18, y + fm.ascent()), t);
            y += fm.height() + 4;
        }
    } else {
        const int barH = std::clamp(area.height() - 4 * fm.height(), 60, 220);
        const QRect bar(area.left(), y + fm.height() / 2, 14, barH);
        QLinearGradient g(bar.bottomLeft(), bar.topLeft());
        for (int i = 0; i <= 8; ++i)
            g.setColorAt(i / 8.0, sequentialColor(i / 8.0));
        p.fillRect(bar, g);
        p.setPen(blendTowardText(pal, 0.4));
        p.drawRect(bar.adjusted(0, 0, -1, -1));
        p.setPen(pal.color(QPalette::Text));
        const int decimals = m_max >= 100 ? 0 : (m_max >= 10 ? 1 : 2);
        const QString unit = m_metric == Bandwidth ? tr("GB/s") : (m_metric == Size ? tr("MB") : tr("ms"));
        for (int i = 0; i <= 4; ++i) {
            const double v = m_min + (m_max - m_min) * i / 4.0;
            const int ty = bar.bottom() - int(barH * i / 4.0);
            p.drawLine(bar.right() + 1, ty, bar.right() + 4, ty);
            p.drawText(QPoint(bar.right() + 7, ty + fm.ascent() / 2 - 1), num(v, decimals));
        }
        p.drawText(QPoint(area.left(), bar.bottom() + fm.height() + 4), unit);
        y = bar.bottom() + fm.height() + 12;
        bool diagonal = false;
        for (const Cell& c : m_cells)
            diagonal = diagonal || (c.links > 0 && c.diagonal);
        if (diagonal) {
            const QRect sw(area.left(), y + 2, 12, fm.height() - 4);
            p.fillRect(sw, transportColor(QStringLiteral("LOCAL"), pal));
            p.fillRect(sw, QBrush(blendTowardText(pal, 0.35), Qt::BDiagPattern));
            p.drawText(QPoint(area.left() + 18, y + fm.ascent()), tr("local copy"));
            y += fm.height() + 4;
        }
    }
    bool anySlow = false;
    for (const Cell& c : m_cells)
        anySlow = anySlow || c.slowLinks > 0;
    if (anySlow) {
        y += 4;
        p.setPen(QPen(slowColor(pal), 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRect(area.left() + 1, y + 3, 11, fm.height() - 6));
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QPoint(area.left() + 18, y + fm.ascent()), tr("slow link"));
    }
}

void CommHeatmap::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    const bool wasZoomed = zoomed();
    const int zr = m_zoomRow, zc = m_zoomColumn;
    relayout();
    // A resize can end the need for blocks; a zoom into blocks that no longer exist is dropped.
    if (wasZoomed && (!m_aggregated || zr >= int(m_blocks.size()) || zc >= int(m_blocks.size()))) {
        m_zoomRow = m_zoomColumn = -1;
        relayout();
    }
}

void CommHeatmap::mouseMoveEvent(QMouseEvent* event)
{
    const Hit h = hitTest(event->position().toPoint());
    if (h.row != m_hover.row || h.column != m_hover.column) {
        m_hover = h;
        update();
    }
    if (h.valid())
        QToolTip::showText(event->globalPosition().toPoint(), cellToolTip(h), this, cellRect(h.row, h.column));
    else
        QToolTip::hideText();
}

void CommHeatmap::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::RightButton || event->button() == Qt::BackButton) {
        zoomOut();
        return;
    }
    if (event->button() != Qt::LeftButton)
        return;
    const Hit h = hitTest(event->position().toPoint());
    if (!h.valid())
        return;
    const AxisItem& src = m_rows[std::size_t(h.row)];
    const AxisItem& dst = m_columns[std::size_t(h.column)];
    if (m_aggregated && !zoomed()) {
        zoomInto(h.row, h.column);
        return;
    }
    if (src.ranks.size() == 1 && dst.ranks.size() == 1) {
        m_selected = { src.ranks.front(), dst.ranks.front() };
        update();
        emit linkClicked(src.ranks.front(), dst.ranks.front());
    }
}

void CommHeatmap::mouseDoubleClickEvent(QMouseEvent* event)
{
    const Hit h = hitTest(event->position().toPoint());
    if (!h.valid() || event->button() != Qt::LeftButton)
        return;
    const AxisItem& src = m_rows[std::size_t(h.row)];
    const AxisItem& dst = m_columns[std::size_t(h.column)];
    if (src.ranks.size() == 1 && dst.ranks.size() == 1 && cellAt(h.row, h.column).links > 0)
        emit linkDoubleClicked(src.ranks.front(), dst.ranks.front());
}

void CommHeatmap::keyPressEvent(QKeyEvent* event)
{
    if ((event->key() == Qt::Key_Escape || event->key() == Qt::Key_Backspace) && zoomed()) {
        zoomOut();
        return;
    }
    QWidget::keyPressEvent(event);
}

void CommHeatmap::leaveEvent(QEvent* event)
{
    m_hover = {};
    update();
    QWidget::leaveEvent(event);
}

void CommHeatmap::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        relayout();
    QWidget::changeEvent(event);
}

} // namespace profscope
