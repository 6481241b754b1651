// SPDX-License-Identifier: Apache-2.0
#include "steptracechart.h"

#include "overviewmodels.h"

#include <QEvent>
#include <QLocale>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace profscope {

namespace {

TimeNs valueOr0(TimeNs v)
{
    return v == kInvalidTime || v < 0 ? 0 : v;
}

// The stacked parts bottom to top, coloured like the overview's components
// they resemble: the gap like Free, the forward/backward pass like compute,
// the tail (gradient reduction, update) like communication.
BarComponent lookalike(int part)
{
    return part == 0 ? BarComponent::Free : part == 1 ? BarComponent::ComputingOnly : BarComponent::CommunicationOnly;
}

} // namespace

StepTraceChart::StepTraceChart(QWidget* parent)
    : VectorPlot(parent)
{
    setObjectName(QStringLiteral("stepTraceChart"));
    setMinimumSize(320, 220);
    setNoAntialiasingOnDrag(true);
    plotLayout()->insertRow(0);
    QFont bold = font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.1);
    m_title = makeChartTitle(this, QString(), bold);
    m_title->setMargins(QMargins(0, 6, 0, 0));
    plotLayout()->addElement(0, 0, m_title);
    plotLayout()->insertRow(1);
    m_subtitle = makeChartTitle(this, QString(), font());
    m_subtitle->setMargins(QMargins(0, 0, 0, 2));
    plotLayout()->addElement(1, 0, m_subtitle);
    plotLayout()->setRowStretchFactor(0, 0.001);
    plotLayout()->setRowStretchFactor(1, 0.001);

    const QString names[3] = { tr("Iteration Interval"), tr("FP+BP"), tr("Tail") };
    for (int p = 0; p < 3; ++p) {
        auto* b = new QCPBars(xAxis, yAxis);
        b->setName(names[p]);
        b->setWidth(0.8);
        b->setStackingGap(0);
        b->setAntialiased(false);
        if (p > 0)
            b->moveAbove(m_bars[std::size_t(p - 1)]);
        m_bars[std::size_t(p)] = b;
    }
    recolor();
    // The legend in its own row under the subtitle: the bars fill the whole axis rect.
    legend->setVisible(true);
    axisRect()->insetLayout()->take(legend);
    plotLayout()->insertRow(2);
    plotLayout()->addElement(2, 0, legend);
    plotLayout()->setRowStretchFactor(2, 0.001);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setWrap(3);
    legend->setMargins(QMargins(6, 2, 6, 2));
    legend->setIconSize(14, 10);
    legend->setColumnSpacing(12);
    legend->setBorderPen(Qt::NoPen);
    xAxis->setLabel(tr("Step"));
    yAxis->setLabel(tr("Time (ms)"));
    yAxis->setRangeLower(0);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    axisRect()->setRangeDrag(Qt::Horizontal);
    axisRect()->setRangeZoom(Qt::Horizontal);
    setMouseTracking(true);
    connect(this, &QCustomPlot::mouseMove, this, &StepTraceChart::showToolTip);
    rebuild();
}

void StepTraceChart::setRows(int rankId, std::vector<ClusterStepRow> rows)
{
    m_rankId = rankId;
    m_rows = std::move(rows);
    rebuild();
}

std::array<double, 3> StepTraceChart::averagesNs() const
{
    std::array<double, 3> sums {};
    for (const ClusterStepRow& r : m_rows) {
        sums[0] += double(valueOr0(r.iterationIntervalNs));
        sums[1] += double(valueOr0(r.fpBpNs));
        sums[2] += double(valueOr0(r.tailNs));
    }
    for (double& s : sums)
        s = m_rows.empty() ? 0 : s / double(m_rows.size());
    return sums;
}

QString StepTraceChart::subtitle() const
{
    return m_subtitle->text();
}

void StepTraceChart::rebuild()
{
    QVector<double> keys;
    QVector<double> values[3];
    for (const ClusterStepRow& r : m_rows) {
        bool ok = false;
        const int step = r.overview.step.toInt(&ok);
        keys << (ok ? step : keys.size() + 1);
        values[0] << double(valueOr0(r.iterationIntervalNs)) / 1e6;
        values[1] << double(valueOr0(r.fpBpNs)) / 1e6;
        values[2] << double(valueOr0(r.tailNs)) / 1e6;
    }
    double top = 0;
    for (int i = 0; i < keys.size(); ++i)
        top = std::max(top, values[0][i] + values[1][i] + values[2][i]);
    for (int p = 0; p < 3; ++p)
        m_bars[std::size_t(p)]->setData(keys, values[p], true);
    m_title->setText(m_rankId >= 0 ? tr("Step trace of rank %1 (MindInsight)").arg(m_rankId) : tr("Step trace"));
    const std::array<double, 3> avg = averagesNs();
    const QLocale locale;
    m_subtitle->setText(m_rows.empty()
            ? QString()
            : tr("%n step(s); average Iteration Interval %1 ms, FP+BP %2 ms, Tail %3 ms", nullptr, int(m_rows.size()))
                  .arg(locale.toString(avg[0] / 1e6, 'f', 3), locale.toString(avg[1] / 1e6, 'f', 3),
                      locale.toString(avg[2] / 1e6, 'f', 3)));
    setEmptyText(m_rows.empty() ? tr("No old-format step trace to show.") : QString());
    if (!keys.isEmpty())
        xAxis->setRange(keys.front() - 0.6, keys.back() + 0.6);
    yAxis->setRange(0, top > 0 ? top * 1.08 : 1);
    replot();
}

void StepTraceChart::recolor()
{
    for (int p = 0; p < 3; ++p) {
        const QColor color = barComponentColor(lookalike(p), palette());
        m_bars[std::size_t(p)]->setBrush(color);
        m_bars[std::size_t(p)]->setPen(QPen(color.darker(115), 0));
    }
}

void StepTraceChart::changeEvent(QEvent* event)
{
    VectorPlot::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        recolor();
        replot();
    }
}

void StepTraceChart::showToolTip(QMouseEvent* event)
{
    const double key = xAxis->pixelToCoord(event->position().x());
    const ClusterStepRow* hit = nullptr;
    for (const ClusterStepRow& r : m_rows) {
        bool ok = false;
        const int step = r.overview.step.toInt(&ok);
        if (ok && std::abs(step - key) <= 0.4)
            hit = &r;
    }
    if (!hit) {
        QToolTip::hideText();
        return;
    }
    const QLocale locale;
    auto ms = [&](TimeNs ns) { return locale.toString(double(valueOr0(ns)) / 1e6, 'f', 3); };
    QToolTip::showText(event->globalPosition().toPoint(),
        tr("Step %1\nIteration Interval %2 ms\nFP+BP %3 ms\nTail %4 ms")
            .arg(hit->overview.step, ms(hit->iterationIntervalNs), ms(hit->fpBpNs), ms(hit->tailNs)),
        this);
}

} // namespace profscope
