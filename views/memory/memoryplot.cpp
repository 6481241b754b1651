// SPDX-License-Identifier: Apache-2.0
// MemoryPage: the memory curves plot (curves, peak marker, allocation band).
#include "memorypage.h"

#include "common/statuscolors.h"
#include "common/vectorplot.h"
#include "common/viewstate.h"
#include "itemmodels/allocationmodel.h"

#include <QCheckBox>
#include <QItemSelectionModel>
#include <QSortFilterProxyModel>
#include <QTableView>

#include <algorithm>
#include <map>

namespace profscope {

namespace {

QColor componentColor(const QString& component, int fallbackIndex)
{
    // Tableau 10: distinct in light and dark themes.
    static const QColor palette[] = { QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0xb0, 0x7a, 0xa1),
        QColor(0x76, 0xb7, 0xb2), QColor(0x59, 0xa1, 0x4f), QColor(0xed, 0xc9, 0x48), QColor(0xe1, 0x57, 0x59),
        QColor(0xff, 0x9d, 0xa7), QColor(0x9c, 0x75, 0x5f), QColor(0xba, 0xb0, 0xac) };
    static const std::map<QString, int> fixed = { { QStringLiteral("PTA"), 0 }, { QStringLiteral("GE"), 1 },
        { QStringLiteral("PTA+GE"), 2 }, { QStringLiteral("APP"), 3 } };
    const auto it = fixed.find(component);
    const int i = it != fixed.end() ? it->second : 4 + fallbackIndex % 6;
    return palette[i];
}

} // namespace

void MemoryPage::rebuildPlot()
{
    m_plot->clearGraphs();
    m_plot->clearItems();
    m_highlight = nullptr;
    m_highlightLabel = nullptr;
    m_peakTracer = nullptr;
    m_peakLabel = nullptr;
    for (PlotCurve& c : m_curves)
        c.graph = nullptr;
    if (isEmptyStateShown())
        return;
    const QPalette pal = m_plot->palette();
    const bool dark = isDarkPalette(pal);
    const bool compare = m_state && m_state->compareMode();
    int moduleIndex = 0;
    std::map<QString, int> moduleColors;
    double maxMB = 0, loMs = 0, hiMs = 0;
    bool any = false;
    for (PlotCurve& c : m_curves) {
        const MemoryCurve& mc = c.curve;
        bool shown = false;
        switch (mc.metric) {
        case MemoryCurve::Metric::Allocated:
            shown = m_showAllocated->isChecked();
            break;
        case MemoryCurve::Metric::Reserved:
            shown = m_showReserved->isChecked();
            break;
        case MemoryCurve::Metric::Active:
            shown = m_showActive->isChecked();
            break;
        case MemoryCurve::Metric::ModuleReserved:
            shown = m_showModules->isChecked() && mc.peakMB > 0;
            break;
        }
        if (!shown || mc.tsNs.empty())
            continue;
        int colorIndex = 0;
        if (mc.metric == MemoryCurve::Metric::ModuleReserved) {
            const auto it = moduleColors.try_emplace(mc.component, moduleIndex).first;
            if (it->second == moduleIndex)
                ++moduleIndex;
            colorIndex = it->second;
        }
        QColor color = componentColor(
            mc.metric == MemoryCurve::Metric::ModuleReserved ? QStringLiteral("module:") + mc.component : mc.component,
            colorIndex);
        QPen pen(color, 2.2);
        QBrush fill = Qt::NoBrush;
        if (mc.metric == MemoryCurve::Metric::Reserved) {
            // Reserved is the allocator's capacity: a thin line over a light area.
            pen.setColor(dark ? color.lighter(130) : color.darker(115));
            pen.setWidthF(1.2);
            QColor area = color;
            area.setAlpha(dark ? 40 : 30);
            if (!c.comparison)
                fill = area;
        } else if (mc.metric == MemoryCurve::Metric::Active) {
            pen.setColor(dark ? color.darker(130) : color.lighter(125));
            pen.setWidthF(1.4);
        } else if (mc.metric == MemoryCurve::Metric::ModuleReserved) {
            pen.setWidthF(1.4);
        }
        Qt::PenStyle style = mc.metric == MemoryCurve::Metric::Active ? Qt::DotLine : Qt::SolidLine;
        if (c.comparison)
            style = mc.metric == MemoryCurve::Metric::Active ? Qt::DashDotLine : Qt::DashLine;
        pen.setStyle(style);

        QCPGraph* graph = m_plot->addGraph();
        graph->setPen(pen);
        graph->setBrush(fill);
        graph->setLineStyle(QCPGraph::lsStepLeft);
        graph->setAdaptiveSampling(true);
        const QString metric =
            mc.metric == MemoryCurve::Metric::ModuleReserved ? tr("module") : memoryMetricName(mc.metric);
        const QString curveName = mc.component + QLatin1Char(' ') + metric;
        const QString rank = c.comparison ? comparisonRankLabel(c.rankIndex) : rankLabel(c.rankIndex);
        graph->setName(compare ? QString(rank + QStringLiteral(" · ") + curveName) : curveName);
        const TimeNs origin = c.comparison ? m_otherOriginNs : m_originNs;
        QVector<double> xs(qsizetype(mc.tsNs.size())), ys(qsizetype(mc.tsNs.size()));
        for (std::size_t i = 0; i < mc.tsNs.size(); ++i) {
            xs[qsizetype(i)] = double(mc.tsNs[i] - origin) / 1e6;
            ys[qsizetype(i)] = mc.valueMB[i];
        }
        graph->setData(xs, ys, true);
        maxMB = std::max(maxMB, mc.peakMB);
        loMs = any ? std::min(loMs, xs.front()) : xs.front();
        hiMs = any ? std::max(hiMs, xs.back()) : xs.back();
        any = true;
        c.graph = graph;
    }
    m_plot->setEmptyText(any   ? QString()
            : m_curves.empty() ? tr("No memory_record.csv or npu_module_mem.csv: no memory curves")
                               : tr("No curve selected: tick Allocated, Reserved, Active or CANN modules"));
    if (!any) {
        loMs = 0;
        hiMs = 1;
        maxMB = 1;
    }
    const double padMs = std::max(1e-3, (hiMs - loMs) * 0.01);
    m_fullXLo = loMs - padMs;
    m_fullXHi = hiMs + padMs;
    m_peakAxisMB = maxMB * 1.12 + 1e-9;

    // The peak: a marker on the curve and its value and time.
    if (m_peak) {
        const double x = double(m_peak->tsNs - m_originNs) / 1e6;
        m_peakTracer = new QCPItemTracer(m_plot);
        m_peakTracer->position->setCoords(x, m_peak->valueMB);
        m_peakTracer->setStyle(QCPItemTracer::tsCircle);
        m_peakTracer->setSize(9);
        m_peakTracer->setPen(QPen(pal.color(QPalette::Text), 1.5));
        m_peakTracer->setBrush(pal.color(QPalette::Base));
        m_peakLabel = new QCPItemText(m_plot);
        m_peakLabel->position->setParentAnchor(m_peakTracer->position);
        m_peakLabel->position->setCoords(0, -12);
        m_peakLabel->setPositionAlignment(
            Qt::AlignBottom | (x > (m_fullXLo + m_fullXHi) * 0.6 ? Qt::AlignRight : Qt::AlignLeft));
        m_peakLabel->setText(
            tr("Peak %1 MB at %2 ms (%3)").arg(m_peak->valueMB, 0, 'f', 1).arg(x, 0, 'f', 1).arg(m_peak->curveName));
        m_peakLabel->setColor(pal.color(QPalette::Text));
        QColor bg = pal.color(QPalette::Base);
        bg.setAlpha(220);
        m_peakLabel->setBrush(bg);
        m_peakLabel->setPadding(QMargins(4, 2, 4, 2));
        m_peakLabel->setClipToAxisRect(false);
    }
    m_highlight = new QCPItemRect(m_plot);
    m_highlight->setLayer(QStringLiteral("background"));
    m_highlight->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_highlight->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
    QColor band = pal.color(QPalette::Highlight);
    band.setAlpha(55);
    m_highlight->setBrush(band);
    QColor edge = pal.color(QPalette::Highlight);
    edge.setAlpha(160);
    m_highlight->setPen(QPen(edge, 1));
    m_highlight->setVisible(false);
    m_highlightLabel = new QCPItemText(m_plot);
    m_highlightLabel->position->setParentAnchor(m_highlight->topLeft);
    m_highlightLabel->position->setCoords(4, 4);
    m_highlightLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_highlightLabel->setColor(pal.color(QPalette::Text));
    m_highlightLabel->setVisible(false);

    // Legend text colour follows the theme; hidden curves get muted text.
    for (int i = 0; i < m_plot->legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(m_plot->legend->item(i)))
            item->setTextColor(pal.color(QPalette::Text));
    m_plot->legend->setVisible(m_plot->graphCount() > 0);
    applyPlotPalette(m_plot);
    resetZoom();

    // Re-apply the selected allocation after a rebuild.
    const QModelIndex current = m_allocationTable->selectionModel()->currentIndex();
    if (current.isValid())
        highlightAllocation(m_allocationProxy->mapToSource(current), m_allocations);
}

} // namespace profscope
