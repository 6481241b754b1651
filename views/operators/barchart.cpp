// SPDX-License-Identifier: Apache-2.0
#include "barchart.h"

#include "common/statuscolors.h"

#include <QEvent>
#include <QFontMetrics>
#include <QPaintEngine>
#include <QResizeEvent>

#include <algorithm>
#include <cmath>

namespace profscope {

QString formatDurationText(TimeNs ns)
{
    const double a = std::abs(double(ns));
    const auto fmt = [](double v, const char* unit) -> QString {
        const int decimals = std::abs(v) >= 100 ? 1 : 2;
        return QString::number(v, 'f', decimals) + QLatin1Char(' ') + QLatin1String(unit);
    };
    if (a >= 1e9)
        return fmt(double(ns) / 1e9, "s");
    if (a >= 1e6)
        return fmt(double(ns) / 1e6, "ms");
    if (a >= 1e3)
        return fmt(double(ns) / 1e3, "us");
    return QString::number(ns) + QStringLiteral(" ns");
}

HorizontalBarChart::HorizontalBarChart(QWidget* parent)
    : VectorPlot(parent)
{
    setAntialiasedElements(QCP::aeAll);
    plotLayout()->insertRow(0);
    m_title = makeChartTitle(this, QString(), QFont(font().family(), font().pointSize() + 1, QFont::DemiBold));
    plotLayout()->addElement(0, 0, m_title);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    yAxis->setTicker(ticker);
    yAxis->setSubTicks(false);
    yAxis->setTickLength(0, 3);
    yAxis->grid()->setVisible(false);
    xAxis->grid()->setVisible(true);
    xAxis->grid()->setZeroLinePen(QPen(Qt::gray));
    m_valueAxisTitle = tr("Time");
    applyPlotPalette(this);
    // Bar and label colours follow the palette too.
    connect(this, &VectorPlot::paletteApplied, this, &HorizontalBarChart::rebuild);
    // The value range leaves room for the labels in the axis rect's width, which is known only
    // once the layout ran (a tick label or a resize changes it): fit again before drawing.
    connect(this, &QCustomPlot::afterLayout, this, &HorizontalBarChart::fitValueRange);
}

QSize HorizontalBarChart::sizeHint() const
{
    return { 480, std::max(220, 70 + 24 * int(m_bars.size())) };
}

QSize HorizontalBarChart::minimumSizeHint() const
{
    return { 280, 160 };
}

void HorizontalBarChart::setTitle(const QString& title)
{
    m_title->setText(title);
}

QString HorizontalBarChart::title() const
{
    return m_title->text();
}

void HorizontalBarChart::setValueAxisTitle(const QString& title)
{
    m_valueAxisTitle = title;
    rebuild();
}

void HorizontalBarChart::setNoBarsText(const QString& text)
{
    m_noBarsText = text;
}

void HorizontalBarChart::setBars(const QList<BarItem>& bars)
{
    m_bars = bars;
    rebuild();
}

void HorizontalBarChart::rebuild()
{
    clearPlottables();
    clearItems();
    m_labels.clear();
    const QPalette pal = palette();
    const bool dark = isDarkPalette(pal);
    m_title->setTextColor(pal.color(QPalette::Text));
    const QColor defaultColor = dark ? QColor(0x6c, 0x9f, 0xd8) : QColor(0x3b, 0x6e, 0xa8);

    TimeNs maxAbs = 0;
    for (const BarItem& b : std::as_const(m_bars))
        maxAbs = std::max(maxAbs, b.valueNs < 0 ? -b.valueNs : b.valueNs);
    m_scale = maxAbs >= 1'000'000 ? 1e6 : 1e3;
    xAxis->setLabel(m_valueAxisTitle + (m_scale == 1e6 ? tr(" (ms)") : tr(" (us)")));

    setCategoryTicks();
    const int n = int(m_bars.size());
    for (int i = 0; i < n; ++i) {
        const BarItem& b = m_bars[i];
        const double key = n - i;
        // One QCPBars per bar: each can have its own colour.
        auto* bars = new QCPBars(yAxis, xAxis);
        const QColor color = b.color.isValid() ? b.color : defaultColor;
        bars->setPen(Qt::NoPen);
        bars->setBrush(color);
        bars->setWidth(0.68);
        bars->addData(key, double(b.valueNs) / m_scale);
        auto* label = new QCPItemText(this);
        label->setClipToAxisRect(false);
        label->position->setType(QCPItemPosition::ptPlotCoords);
        label->position->setAxes(xAxis, yAxis);
        label->position->setCoords(double(b.valueNs) / m_scale, key);
        label->setPositionAlignment(Qt::AlignVCenter | (b.valueNs < 0 ? Qt::AlignRight : Qt::AlignLeft));
        label->setPadding(QMargins(5, 0, 5, 0));
        label->setText(b.valueText);
        label->setColor(pal.color(QPalette::Text));
        label->setFont(font());
        m_labels << label;
    }
    setEmptyText(n == 0 ? m_noBarsText : QString());
    yAxis->setRange(0.4, n + 0.6);
    yAxis->setVisible(n > 0);
    fitValueRange();
    // A hidden page has no size yet; its first resize refits and replots
    // (a replot at 0x0 only makes Qt warn about an empty paint buffer).
    if (!size().isEmpty())
        replot();
}

void HorizontalBarChart::fitValueRange()
{
    double maxV = 0, minV = 0;
    int posLabel = 0, negLabel = 0;
    const QFontMetrics fm(font());
    for (const BarItem& b : std::as_const(m_bars)) {
        const double v = double(b.valueNs) / m_scale;
        maxV = std::max(maxV, v);
        minV = std::min(minV, v);
        const int w = fm.horizontalAdvance(b.valueText) + 12;
        (b.valueNs < 0 ? negLabel : posLabel) = std::max(b.valueNs < 0 ? negLabel : posLabel, w);
    }
    if (maxV == minV) {
        xAxis->setRange(0, 1);
        return;
    }
    // Room for the value labels: span S with (labels / width) of it left free.
    double width = axisRect()->width();
    if (width < 100)
        width = std::max(200, this->width() - 220);
    const double free = std::clamp(1.0 - double(posLabel + negLabel) / width, 0.3, 1.0);
    const double span = (maxV - minV) / free;
    const double lo = minV - (minV < 0 ? double(negLabel) / width * span : 0);
    xAxis->setRange(lo, lo + span);
}

void HorizontalBarChart::setCategoryTicks()
{
    // Bar i (biggest first, from the top) sits at key n - i.
    auto ticker = qSharedPointerCast<QCPAxisTickerText>(yAxis->ticker());
    ticker->clear();
    const QFontMetrics fm(font());
    const int n = int(m_bars.size());
    for (int i = 0; i < n; ++i)
        ticker->addTick(n - i, fm.elidedText(m_bars[i].label, Qt::ElideMiddle, categoryLabelWidth()));
}

int HorizontalBarChart::categoryLabelWidth() const
{
    // The names may take a third of a narrow chart, at most 190 px: the bars and their values
    // need the rest.
    return std::clamp(width() / 3, 80, 190);
}

void HorizontalBarChart::resizeEvent(QResizeEvent* event)
{
    if (event->oldSize().width() / 3 != width() / 3 && !m_bars.isEmpty())
        setCategoryTicks(); // names elided for the new width
    VectorPlot::resizeEvent(event);
    // The axis rect width is known only after the layout: refit and redraw.
    if (size().isEmpty())
        return;
    fitValueRange();
    replot(rpQueuedRefresh);
}

} // namespace profscope
