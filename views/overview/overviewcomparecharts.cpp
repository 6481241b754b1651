// SPDX-License-Identifier: Apache-2.0
#include "overviewcomparecharts.h"

#include "overviewcomparemodels.h"
#include "overviewmodels.h"
#include "overviewplots.h"

#include <QLocale>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <limits>

namespace profscope {

using namespace overviewplot;

namespace {

constexpr int kMaxPairsShown = 16; // more: drag to see the rest
constexpr int kMaxDeltaLabels = 48;

QString formatSigned(double ns, double unitNs)
{
    return (ns < 0 ? QStringLiteral("−") : QStringLiteral("+")) + formatValue(std::abs(ns), unitNs);
}

// The comparison run's bars: the same hue, lighter, with a solid outline.
QColor otherFill(const QColor& color)
{
    QColor c = color;
    c.setAlphaF(0.42);
    return c;
}

} // namespace

// ---------------------------------------------------------------------------

CompareBarsChart::CompareBarsChart(OverviewCompareModel* model, QWidget* parent)
    : VectorPlot(parent)
    , m_model(model)
{
    setObjectName(QStringLiteral("compareBarsPlot"));
    setMinimumSize(360, 240);
    setNoAntialiasingOnDrag(true);
    m_title = addTitle(this);
    // Legend under the title: the parts, and which bar is which run.
    legend->setVisible(true);
    axisRect()->insetLayout()->take(legend);
    plotLayout()->insertRow(1);
    plotLayout()->addElement(1, 0, legend);
    plotLayout()->setRowStretchFactor(0, 0.001);
    plotLayout()->setRowStretchFactor(1, 0.001);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setMargins(QMargins(6, 2, 6, 2));
    legend->setIconSize(14, 10);
    legend->setRowSpacing(0);
    legend->setColumnSpacing(12);
    connect(this, &QCustomPlot::beforeReplot, this, [this] {
        // One row when every item fits, else rows of three.
        const QFontMetrics metrics(legend->font());
        int needed = 24;
        for (int i = 0; i < legend->itemCount(); ++i)
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i)))
                needed += metrics.horizontalAdvance(item->plottable()->name()) + 14 + 12 + 12;
        const int columns = needed <= width() ? std::max(1, legend->itemCount()) : 3;
        if (legend->wrap() != columns) {
            legend->setWrap(columns);
            legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
        }
    });
    for (int c = 0; c < kBarComponentCount; ++c) {
        for (const bool other : { false, true }) {
            auto* b = new QCPBars(xAxis, yAxis);
            b->setWidth(0.38);
            b->setStackingGap(0);
            b->setAntialiased(false);
            auto& set = other ? m_other : m_base;
            if (c > 0)
                b->moveAbove(set[std::size_t(c - 1)]);
            set[std::size_t(c)] = b;
            b->setName(barComponentShortName(BarComponent(c)));
            if (other)
                b->removeFromLegend();
        }
    }
    applyPlotPalette(this);
    colorBars();
    connect(this, &VectorPlot::paletteApplied, this, &CompareBarsChart::colorBars);
    xAxis->setTicker(QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText));
    xAxis->grid()->setVisible(false);
    xAxis->setSubTicks(false);
    xAxis->setTickLength(0, 4);
    xAxis->setLabel(tr("Rank (left bar: base run, right bar, lighter: comparison run)"));
    yAxis->setSubTicks(false);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    axisRect()->setRangeDrag(Qt::Horizontal);
    axisRect()->setRangeZoom(Qt::Horizontal);
    setMouseTracking(true);
    connect(this, &QCustomPlot::mouseMove, this, &CompareBarsChart::showToolTip);
    connect(this, &QCustomPlot::beforeReplot, this, &CompareBarsChart::fitDeltaLabels);
    connect(this, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent* event) {
        const int row = int(std::lround(xAxis->pixelToCoord(event->pos().x())));
        if (row >= 0 && row < m_model->rowCount())
            emit rankActivated(m_model->row(row).baseRank);
    });
    rebuild();
}

void CompareBarsChart::colorBars()
{
    for (int c = 0; c < kBarComponentCount; ++c) {
        const QColor color = barComponentColor(BarComponent(c), palette());
        m_base[std::size_t(c)]->setBrush(color);
        m_base[std::size_t(c)]->setPen(QPen(color.darker(115), 0));
        m_other[std::size_t(c)]->setBrush(otherFill(color));
        m_other[std::size_t(c)]->setPen(QPen(color.darker(115), 0));
    }
    for (int r = 0; r < m_deltaLabels.size() && r < m_model->rowCount(); ++r)
        m_deltaLabels[r]->setColor(deltaColor(double(m_model->row(r).totalDeltaNs()), palette()));
}

void CompareBarsChart::setSubtitle(const QString& text)
{
    m_title->setText(text);
    replot(QCustomPlot::rpQueuedReplot);
}

double CompareBarsChart::barValue(int row, bool other, int part) const
{
    const QCPBars* bars = (other ? m_other : m_base)[std::size_t(part)];
    const double key = other ? otherKey(row) : baseKey(row);
    const auto it = bars->data()->findBegin(key, false);
    if (it == bars->data()->constEnd() || std::abs(it->key - key) > 1e-9)
        return std::numeric_limits<double>::quiet_NaN();
    return it->value;
}

void CompareBarsChart::rebuild()
{
    for (QCPItemText* label : m_deltaLabels)
        removeItem(label);
    m_deltaLabels.clear();
    const int n = m_model->rowCount();
    double largest = 0;
    for (int r = 0; r < n; ++r) {
        const OverviewCompareRow& row = m_model->row(r);
        largest = std::max({ largest, double(row.base.totalNs), double(row.other.totalNs) });
    }
    m_unitNs = unitFor(largest);
    for (int c = 0; c < kBarComponentCount; ++c) {
        QVector<double> baseKeys, baseValues, otherKeys, otherValues;
        for (int r = 0; r < n; ++r) {
            const OverviewCompareRow& row = m_model->row(r);
            if (row.base.known) {
                baseKeys << baseKey(r);
                baseValues << double(row.base.partsNs[std::size_t(c)]) / m_unitNs;
            }
            if (row.other.known) {
                otherKeys << otherKey(r);
                otherValues << double(row.other.partsNs[std::size_t(c)]) / m_unitNs;
            }
        }
        m_base[std::size_t(c)]->setData(baseKeys, baseValues, true);
        m_other[std::size_t(c)]->setData(otherKeys, otherValues, true);
    }
    auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(xAxis->ticker());
    QMap<double, QString> ticks;
    for (int r = 0; r < n; ++r) {
        const OverviewCompareRow& row = m_model->row(r);
        const QString base = m_model->index(r, OverviewCompareModel::RankColumn).data().toString();
        const QString other = m_model->index(r, OverviewCompareModel::OtherRankColumn).data().toString();
        ticks.insert(r, row.baseRankId == row.otherRankId ? base : tr("%1 vs %2").arg(base, other));
        if (row.paired() && n <= kMaxDeltaLabels) {
            auto* label = new QCPItemText(this);
            label->position->setType(QCPItemPosition::ptPlotCoords);
            label->position->setCoords(r, double(std::max(row.base.totalNs, row.other.totalNs)) / m_unitNs);
            label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            label->setPadding(QMargins(0, 0, 0, 3));
            const double pct =
                row.base.totalNs > 0 ? 100.0 * double(row.totalDeltaNs()) / double(row.base.totalNs) : 0.0;
            const QString percent = QStringLiteral("%1%2 %")
                                        .arg(pct < 0 ? QStringLiteral("−") : QStringLiteral("+"))
                                        .arg(std::abs(pct), 0, 'f', 1);
            // The full text where the pair is wide enough, else the percentage
            // (fitDeltaLabels, before every replot).
            label->setProperty(
                "fullText", tr("%1 (%2)").arg(formatSigned(double(row.totalDeltaNs()), m_unitNs), percent));
            label->setProperty("shortText", percent);
            label->setProperty("tinyText",
                QStringLiteral("%1%2%")
                    .arg(pct < 0 ? QStringLiteral("−") : QStringLiteral("+"))
                    .arg(std::lround(std::abs(pct))));
            label->setText(percent);
            QFont font = this->font();
            font.setBold(true);
            label->setFont(font);
            label->setClipToAxisRect(false);
            m_deltaLabels << label;
        }
    }
    if (ticker)
        ticker->setTicks(ticks);
    colorBars();
    yAxis->setLabel(tr("Time per step (%1)").arg(unitName(m_unitNs)));
    yAxis->setRange(0, std::max(1e-3, largest / m_unitNs * 1.14));
    const int shown = std::max(1, std::min(n, kMaxPairsShown));
    xAxis->setRange(-0.6, shown - 0.4);
    setEmptyText(n == 0 ? tr("No rank has step data to compare.") : QString());
    replot(QCustomPlot::rpQueuedReplot);
}

void CompareBarsChart::fitDeltaLabels()
{
    if (m_deltaLabels.isEmpty())
        return;
    const double slotPx = double(std::max(50, axisRect()->width())) / std::max(0.5, xAxis->range().size());
    QFont font = this->font();
    font.setBold(true);
    const QFontMetrics metrics(font);
    for (QCPItemText* label : m_deltaLabels) {
        const QString full = label->property("fullText").toString();
        const QString brief = label->property("shortText").toString();
        const QString tiny = label->property("tinyText").toString();
        // Neighbouring labels must not run into each other.
        const QString text = metrics.horizontalAdvance(full) + 8 <= slotPx ? full
            : metrics.horizontalAdvance(brief) + 4 <= slotPx               ? brief
            : metrics.horizontalAdvance(tiny) + 2 <= slotPx                ? tiny
                                                                           : QString();
        label->setText(text);
        label->setVisible(!text.isEmpty());
    }
}

void CompareBarsChart::showToolTip(QMouseEvent* event)
{
    const double x = xAxis->pixelToCoord(event->pos().x());
    const int r = int(std::lround(x));
    if (r < 0 || r >= m_model->rowCount() || std::abs(x - r) > 0.45) {
        QToolTip::hideText();
        return;
    }
    const OverviewCompareRow& row = m_model->row(r);
    QString text = QStringLiteral("<b>%1</b>")
                       .arg(tr("Rank %1 · comparison rank %2")
                                .arg(m_model->index(r, OverviewCompareModel::RankColumn).data().toString(),
                                    m_model->index(r, OverviewCompareModel::OtherRankColumn).data().toString())
                                .toHtmlEscaped());
    text +=
        QStringLiteral("<table><tr><th></th><th align=right>%1</th><th align=right>%2</th><th align=right>%3</th></tr>")
            .arg(tr("Base"), tr("Comparison"), tr("Δ"));
    const auto cell = [this](bool known, double ns) { return known ? formatValue(ns, m_unitNs) : QString(); };
    for (int c = 0; c < kBarComponentCount; ++c) {
        const std::size_t p = std::size_t(c);
        text +=
            QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right>%3</td><td align=right>%4</td></tr>")
                .arg(barComponentName(BarComponent(c)).toHtmlEscaped(),
                    cell(row.base.known, double(row.base.partsNs[p])),
                    cell(row.other.known, double(row.other.partsNs[p])),
                    row.paired() ? formatSigned(double(row.partDeltaNs(OverviewPart(c))), m_unitNs) : QString());
    }
    text += QStringLiteral("<tr><td><b>%1</b></td><td align=right><b>%2</b></td><td align=right><b>%3</b></td><td "
                           "align=right><b>%4</b></td></tr></table>")
                .arg(tr("Step time").toHtmlEscaped(), cell(row.base.known, double(row.base.totalNs)),
                    cell(row.other.known, double(row.other.totalNs)),
                    row.paired() ? formatSigned(double(row.totalDeltaNs()), m_unitNs) : QString());
    text += tr("Double-click: this rank's timeline");
    QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

// ---------------------------------------------------------------------------

DeltaExplainChart::DeltaExplainChart(OverviewExplainModel* model, QWidget* parent)
    : VectorPlot(parent)
    , m_model(model)
{
    setObjectName(QStringLiteral("deltaExplainPlot"));
    setMinimumSize(300, 220);
    m_title = addTitle(this);
    m_title->setText(tr("Step-time delta by category (mean over paired ranks)"));
    applyPlotPalette(this);
    connect(this, &VectorPlot::paletteApplied, this, &DeltaExplainChart::rebuild);
    yAxis->setTicker(QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText));
    yAxis->grid()->setVisible(false);
    yAxis->setSubTicks(false);
    yAxis->setTickLength(0, 0);
    yAxis->setRangeReversed(true); // first category at the top
    xAxis->setSubTicks(false);
    m_zero = new QCPItemStraightLine(this);
    rebuild();
}

double DeltaExplainChart::barValue(int row) const
{
    return row >= 0 && row < m_bars.size() ? m_bars[row]->data()->at(0)->value
                                           : std::numeric_limits<double>::quiet_NaN();
}

void DeltaExplainChart::rebuild()
{
    for (QCPBars* b : m_bars)
        removePlottable(b);
    for (QCPItemText* t : m_labels)
        removeItem(t);
    m_bars.clear();
    m_labels.clear();
    const int n = m_model->rowCount();
    double largest = 0;
    for (int r = 0; r < n; ++r)
        largest = std::max(largest, std::abs(m_model->deltaNs(r)));
    m_unitNs = unitFor(largest);
    QMap<double, QString> ticks;
    double lo = 0;
    double hi = 0;
    for (int r = 0; r < n; ++r) {
        const bool total = r == OverviewExplainModel::kTotalRow;
        const double value = m_model->deltaNs(r) / m_unitNs;
        auto* bars = new QCPBars(yAxis, xAxis);
        bars->setWidth(total ? 0.7 : 0.6);
        bars->setAntialiased(false);
        const QColor color =
            total ? deltaColor(m_model->deltaNs(r), palette()) : barComponentColor(BarComponent(r), palette());
        bars->setBrush(color);
        bars->setPen(QPen(color.darker(115), 0));
        // The step time a little apart below the parts it sums.
        const double key = total ? r + 0.35 : r;
        bars->addData(key, value);
        m_bars << bars;
        ticks.insert(key, m_model->index(r, OverviewExplainModel::CategoryColumn).data().toString());
        lo = std::min(lo, value);
        hi = std::max(hi, value);
        // The value beside zero, on the side away from the bar: the symmetric
        // range below always leaves it room, whatever the bar's length.
        auto* label = new QCPItemText(this);
        label->position->setType(QCPItemPosition::ptPlotCoords);
        label->position->setAxes(xAxis, yAxis);
        label->position->setCoords(0, key);
        label->setPositionAlignment((value < 0 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
        label->setPadding(QMargins(5, 0, 5, 0));
        label->setText(formatSigned(m_model->deltaNs(r), m_unitNs));
        label->setColor(palette().color(QPalette::Text));
        if (total) {
            QFont font = this->font();
            font.setBold(true);
            label->setFont(font);
        }
        m_labels << label;
    }
    if (auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(yAxis->ticker()))
        ticker->setTicks(ticks);
    // Symmetric about zero: faster and slower read alike, and the labels
    // (beside zero, away from their bar) have room.
    const double reach = std::max({ -lo, hi, 1e-3 }) * 1.15;
    xAxis->setRange(-reach, reach);
    yAxis->setRange(-0.6, n - 0.2);
    xAxis->setLabel(tr("Comparison − base (%1)").arg(unitName(m_unitNs)));
    m_zero->point1->setCoords(0, 0);
    m_zero->point2->setCoords(0, 1);
    m_zero->setPen(QPen(palette().color(QPalette::Text), 1));
    setEmptyText(n == 0 ? tr("No rank is paired with a comparison rank that has the step.") : QString());
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace profscope
