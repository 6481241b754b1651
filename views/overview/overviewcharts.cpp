// SPDX-License-Identifier: Apache-2.0
#include "overviewcharts.h"

#include "common/statuscolors.h"
#include "overviewmodels.h"
#include "overviewplots.h"

#include <QApplication>
#include <QLocale>
#include <QScrollBar>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <vector>
#include <cmath>

namespace profscope {

namespace {

constexpr int kMinBarPx = 10; // narrower bars are not readable nor hoverable
constexpr int kMinVisibleBars = 4;
constexpr int kMaxBarPx = 96; // a few ranks: slim bars, not slabs

// Bar width in key units: 72% of a slot, at most kMaxBarPx wide.
double barWidth(double slotPx, double share = 0.72)
{
    return slotPx <= 0 ? share : std::min(share, kMaxBarPx / slotPx);
}

} // namespace

namespace overviewplot {

// ms for steps of a millisecond and more, µs below.
double unitFor(double largestNs)
{
    return largestNs >= 1e6 ? 1e6 : 1e3;
}

QString unitName(double unitNs)
{
    return unitNs >= 1e6 ? RankBarsChart::tr("ms") : RankBarsChart::tr("µs");
}

QString formatValue(double ns, double unitNs)
{
    return QLocale().toString(ns / unitNs, 'f', unitNs >= 1e6 ? 3 : 1) + QLatin1Char(' ') + unitName(unitNs);
}

QCPTextElement* addTitle(QCustomPlot* plot)
{
    plot->plotLayout()->insertRow(0);
    QFont font = plot->font();
    font.setBold(true);
    font.setPointSizeF(font.pointSizeF() * 1.1);
    QCPTextElement* title = makeChartTitle(plot, QString(), font);
    title->setMargins(QMargins(0, 6, 0, 0));
    plot->plotLayout()->addElement(0, 0, title);
    return title;
}

// The legend as one row (or two) under the title, outside the axis rect, so
// that it never covers a bar.
void moveLegendAboveAxisRect(QCustomPlot* plot)
{
    plot->legend->setVisible(true);
    plot->axisRect()->insetLayout()->take(plot->legend);
    plot->plotLayout()->insertRow(1);
    plot->plotLayout()->addElement(1, 0, plot->legend);
    plot->plotLayout()->setRowStretchFactor(1, 0.001);
    plot->plotLayout()->setRowStretchFactor(0, 0.001);
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot->legend->setMargins(QMargins(6, 2, 6, 2));
    plot->legend->setIconSize(14, 10);
    plot->legend->setRowSpacing(0);
    plot->legend->setColumnSpacing(12);
}

void colorBars(const std::array<QCPBars*, 5>& bars, const QPalette& palette)
{
    for (int c = 0; c < kBarComponentCount; ++c) {
        const QColor color = barComponentColor(BarComponent(c), palette);
        bars[std::size_t(c)]->setBrush(color);
        bars[std::size_t(c)]->setPen(QPen(color.darker(115), 0));
    }
}

std::array<QCPBars*, 5> makeStackedBars(QCustomPlot* plot, const QPalette& palette)
{
    std::array<QCPBars*, 5> bars {};
    for (int c = 0; c < kBarComponentCount; ++c) {
        auto* b = new QCPBars(plot->xAxis, plot->yAxis);
        b->setName(barComponentShortName(BarComponent(c)));
        b->setWidth(0.72);
        b->setStackingGap(0);
        b->setAntialiased(false);
        const QColor color = barComponentColor(BarComponent(c), palette);
        b->setBrush(color);
        b->setPen(QPen(color.darker(115), 0));
        if (c > 0)
            b->moveAbove(bars[std::size_t(c - 1)]);
        bars[std::size_t(c)] = b;
    }
    return bars;
}

// Settings both overview plots share.
void setUpPlot(VectorPlot* plot)
{
    plot->setNoAntialiasingOnDrag(true);
    plot->setMinimumSize(320, 220);
    // A legend laid out above the axis rect takes as many columns as fit;
    // every resize replots, so this follows the width.
    QObject::connect(plot, &QCustomPlot::beforeReplot, plot, [plot] {
        if (plot->legend->visible() && plot->legend->layout() == plot->plotLayout())
            fitLegendColumns(plot, plot->width());
    });
}

QString rankToolTip(const OverviewBarsModel& model, int row, double unitNs, const QPalette& palette, const QString& note)
{
    const ClusterStepRow& r = model.row(row);
    QString text = QStringLiteral("<b>")
        + RankBarsChart::tr("Rank %1").arg(model.index(row, OverviewBarsModel::RankColumn).data().toString())
        + QStringLiteral("</b>");
    if (!r.host.isEmpty())
        text += QStringLiteral(" · ") + r.host.toHtmlEscaped();
    if (r.stage >= 0)
        text += QStringLiteral(" · ") + RankBarsChart::tr("stage %1").arg(r.stage);
    if (!note.isEmpty())
        text += QStringLiteral("<br>") + note;
    text += QStringLiteral("<table>");
    for (int c = kBarComponentCount - 1; c >= 0; --c) {
        const QColor color = barComponentColor(BarComponent(c), palette);
        text += QStringLiteral("<tr><td><span style='color:%1'>■</span> %2</td><td align='right'>&nbsp;%3</td></tr>")
                    .arg(color.name(), barComponentName(BarComponent(c)).toHtmlEscaped(),
                        formatValue(model.componentNs(row, BarComponent(c)), unitNs));
    }
    text += QStringLiteral("<tr><td><b>%1</b></td><td align='right'>&nbsp;<b>%2</b></td></tr></table>")
                .arg(RankBarsChart::tr("Step time"), formatValue(model.totalNs(row), unitNs));
    return text + RankBarsChart::tr("Double-click: open this rank");
}

} // namespace overviewplot

using namespace overviewplot;

// ---------------------------------------------------------------------------

RankBarsChart::RankBarsChart(OverviewBarsModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_plot(new VectorPlot(this))
    , m_scroll(new QScrollBar(Qt::Horizontal, this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_scroll);

    m_plot->setObjectName(QStringLiteral("rankBarsPlot"));
    setUpPlot(m_plot);
    m_title = addTitle(m_plot);
    moveLegendAboveAxisRect(m_plot);
    m_bars = makeStackedBars(m_plot, palette());
    applyPlotPalette(m_plot);
    connect(m_plot, &VectorPlot::paletteApplied, this, [this] { colorBars(m_bars, m_plot->palette()); });
    m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText));
    m_plot->xAxis->grid()->setVisible(false);
    m_plot->xAxis->setSubTicks(false);
    m_plot->xAxis->setTickLength(0, 4);
    m_plot->yAxis->setSubTicks(false);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->setMouseTracking(true);

    connect(m_plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, &RankBarsChart::onRangeChanged);
    connect(m_scroll, &QScrollBar::valueChanged, this, [this](int first) {
        if (!m_adjusting)
            showBars(first, visibleBarCount());
    });
    connect(m_plot, &QCustomPlot::mouseMove, this, &RankBarsChart::showToolTip);
    // Label thinning needs the axis rect's real width, known after layout.
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        if (m_plot->axisRect()->width() != m_tickedWidth) {
            m_tickedWidth = m_plot->axisRect()->width();
            updateBarWidth();
            updateTicks();
            const int fit = std::min(m_model->rowCount(), maxVisibleBars());
            if (visibleBarCount() != fit)
                QMetaObject::invokeMethod(
                    this, [this, fit] { showBars(firstVisibleBar(), fit); }, Qt::QueuedConnection);
            else
                m_plot->replot(QCustomPlot::rpQueuedReplot);
        }
    });
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent* event) {
        const int row = barAt(event->pos());
        if (row >= 0)
            emit rankActivated(m_model->row(row).rankIndex);
    });
    rebuild();
}

void RankBarsChart::setSubtitle(const QString& text)
{
    m_title->setText(text);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int RankBarsChart::maxVisibleBars() const
{
    const int width =
        std::max(200, m_plot->axisRect()->width() > 50 ? m_plot->axisRect()->width() : m_plot->width() - 80);
    return std::max(kMinVisibleBars, width / kMinBarPx);
}

void RankBarsChart::rebuild()
{
    const int n = m_model->rowCount();
    colorBars(m_bars, m_plot->palette());
    m_unitNs = unitFor(m_model->maxTotalNs());
    QVector<double> keys(n);
    for (int r = 0; r < n; ++r)
        keys[r] = r;
    for (int c = 0; c < kBarComponentCount; ++c) {
        QVector<double> values(n);
        for (int r = 0; r < n; ++r)
            values[r] = double(m_model->componentNs(r, BarComponent(c))) / m_unitNs;
        m_bars[std::size_t(c)]->setData(keys, values, true);
    }
    m_plot->yAxis->setLabel(tr("Time per step (%1)").arg(unitName(m_unitNs)));
    m_plot->yAxis->setRange(0, std::max(1e-3, double(m_model->maxTotalNs()) / m_unitNs * 1.06));
    const int sortColumn = m_model->sortColumn();
    const QString sortName = m_model->headerData(sortColumn, Qt::Horizontal).toString().remove(QStringLiteral(" (us)"));
    m_plot->xAxis->setLabel(sortColumn == OverviewBarsModel::RankColumn
            ? tr("Rank")
            : tr("Rank, sorted by %1 (%2)")
                  .arg(sortName.toLower(),
                      m_model->sortOrder() == Qt::DescendingOrder ? tr("largest first") : tr("smallest first")));
    m_plot->setEmptyText(n == 0 ? tr("No rank has step data to show.") : QString());
    showBars(0, std::min(n, maxVisibleBars()));
}

int RankBarsChart::visibleBarCount() const
{
    return std::max(1, int(std::lround(m_plot->xAxis->range().size())));
}

int RankBarsChart::firstVisibleBar() const
{
    return std::max(0, int(std::lround(m_plot->xAxis->range().lower + 0.5)));
}

void RankBarsChart::showBars(int first, int count)
{
    const int n = std::max(1, m_model->rowCount());
    count = std::clamp(count, std::min(n, kMinVisibleBars), n);
    first = std::clamp(first, 0, n - count);
    m_plot->xAxis->setRange(first - 0.5, first + count - 0.5);
    onRangeChanged(m_plot->xAxis->range());
}

void RankBarsChart::onRangeChanged(const QCPRange& range)
{
    if (m_adjusting)
        return;
    const int n = std::max(1, m_model->rowCount());
    // Keep the view on the bars and never narrower than a few of them, nor
    // wider than all or than what stays readable.
    double size = std::clamp(range.size(), double(std::min(n, kMinVisibleBars)),
        double(std::min(n, std::max(maxVisibleBars(), kMinVisibleBars))));
    double lower = range.lower;
    if (size != range.size())
        lower = range.center() - size / 2;
    lower = std::clamp(lower, -0.5, n - 0.5 - size);
    m_adjusting = true;
    if (lower != range.lower || size != range.size())
        m_plot->xAxis->setRange(lower, lower + size);
    m_adjusting = false;
    updateBarWidth();
    updateTicks();
    syncScrollBar();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void RankBarsChart::updateBarWidth()
{
    const double slotPx =
        double(std::max(50, m_plot->axisRect()->width())) / std::max(1.0, m_plot->xAxis->range().size());
    for (QCPBars* bars : m_bars)
        bars->setWidth(barWidth(slotPx));
}

void RankBarsChart::updateTicks()
{
    auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(m_plot->xAxis->ticker());
    if (!ticker)
        return;
    const int n = m_model->rowCount();
    const QCPRange range = m_plot->xAxis->range();
    const double pxPerBar =
        std::max(1.0, double(std::max(50, m_plot->axisRect()->width())) / std::max(1.0, range.size()));
    QFontMetrics metrics(m_plot->xAxis->tickLabelFont());
    int widest = 0;
    for (int r = std::max(0, int(range.lower)); r < std::min(n, int(std::ceil(range.upper)) + 1); ++r)
        widest = std::max(
            widest, metrics.horizontalAdvance(m_model->index(r, OverviewBarsModel::RankColumn).data().toString()));
    // Every k-th label, k in 1, 2, 5, 10, 20, 50, ...: labels never overlap.
    const double need = (widest + 10) / pxPerBar;
    int step = 1;
    for (int base = 1; step < need; base *= 10) {
        for (const int m : { 1, 2, 5 }) {
            step = base * m;
            if (step >= need)
                break;
        }
    }
    QMap<double, QString> ticks;
    for (int r = 0; r < n; r += step)
        if (r >= range.lower - 1 && r <= range.upper + 1)
            ticks.insert(r, m_model->index(r, OverviewBarsModel::RankColumn).data().toString());
    ticker->setTicks(ticks);
}

void RankBarsChart::syncScrollBar()
{
    const int n = m_model->rowCount();
    const int visible = visibleBarCount();
    m_adjusting = true;
    m_scroll->setRange(0, std::max(0, n - visible));
    m_scroll->setPageStep(visible);
    m_scroll->setSingleStep(std::max(1, visible / 8));
    m_scroll->setValue(firstVisibleBar());
    m_adjusting = false;
    m_scroll->setVisible(n > visible);
}

void RankBarsChart::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // Wider: show more bars, up to all of them.
    const int n = m_model->rowCount();
    const int visible = visibleBarCount();
    const int fit = std::min(n, maxVisibleBars());
    if (visible != fit)
        showBars(firstVisibleBar(), fit);
    else
        updateTicks();
}

int RankBarsChart::barAt(const QPoint& pos) const
{
    if (!m_plot->axisRect()->rect().contains(pos))
        return -1;
    const int row = int(std::lround(m_plot->xAxis->pixelToCoord(pos.x())));
    if (row < 0 || row >= m_model->rowCount())
        return -1;
    const double value = m_plot->yAxis->pixelToCoord(pos.y());
    return value <= double(m_model->totalNs(row)) / m_unitNs * 1.02 ? row : -1;
}

double RankBarsChart::barValue(int row, int component) const
{
    const auto data = m_bars[std::size_t(component)]->data();
    const auto it = data->findBegin(row, false);
    return it != data->constEnd() && it->key == row ? it->value : std::nan("");
}

void RankBarsChart::showToolTip(QMouseEvent* event)
{
    const int row = barAt(event->pos());
    if (row < 0) {
        QToolTip::hideText();
        return;
    }
    QToolTip::showText(event->globalPosition().toPoint(), rankToolTip(*m_model, row, m_unitNs, palette()), m_plot);
}

// ---------------------------------------------------------------------------

StepTrendChart::StepTrendChart(StepTrendModel* model, QWidget* parent)
    : VectorPlot(parent)
    , m_model(model)
{
    setObjectName(QStringLiteral("stepTrendPlot"));
    setUpPlot(this);
    m_title = addTitle(this);
    m_title->setText(tr("Step trend"));
    moveLegendAboveAxisRect(this);
    m_highlight = new QCPItemRect(this);
    m_highlight->setLayer(QStringLiteral("background"));
    m_highlight->topLeft->setTypeX(QCPItemPosition::ptPlotCoords);
    m_highlight->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_highlight->bottomRight->setTypeX(QCPItemPosition::ptPlotCoords);
    m_highlight->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_highlight->setPen(Qt::NoPen);
    m_highlight->setVisible(false);
    m_bars = makeStackedBars(this, palette());
    connect(this, &VectorPlot::paletteApplied, this, &StepTrendChart::rebuild);
    m_slowest = addGraph();
    m_slowest->setName(tr("Slowest rank"));
    m_slowest->setLineStyle(QCPGraph::lsLine);
    m_slowest->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 6));
    applyPlotPalette(this);
    xAxis->setTicker(QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText));
    xAxis->grid()->setVisible(false);
    xAxis->setSubTicks(false);
    xAxis->setLabel(tr("Step"));
    yAxis->setSubTicks(false);
    setMouseTracking(true);
    connect(this, &QCustomPlot::mouseMove, this, &StepTrendChart::showToolTip);
    rebuild();
}

void StepTrendChart::rebuild()
{
    const std::vector<StepTrendModel::Step>& steps = m_model->steps();
    const int n = int(steps.size());
    colorBars(m_bars, palette());
    TimeNs largest = 0;
    for (const auto& s : steps)
        largest = std::max(largest, s.maxNs);
    m_unitNs = unitFor(largest);
    QVector<double> keys(n);
    for (int i = 0; i < n; ++i)
        keys[i] = i;
    for (int c = 0; c < kBarComponentCount; ++c) {
        QVector<double> values(n);
        for (int i = 0; i < n; ++i)
            values[i] = double(steps[std::size_t(i)].meanComponentsNs[std::size_t(c)]) / m_unitNs;
        m_bars[std::size_t(c)]->setData(keys, values, true);
    }
    QVector<double> slowest(n);
    for (int i = 0; i < n; ++i)
        slowest[i] = double(steps[std::size_t(i)].maxNs) / m_unitNs;
    m_slowest->setData(keys, slowest, true);
    updateBarWidth();
    const QColor line = palette().color(QPalette::Text);
    m_slowest->setPen(QPen(line, 1.6));
    m_slowest->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, line, palette().color(QPalette::Base), 6));
    QColor band = palette().color(QPalette::Highlight);
    band.setAlpha(40);
    m_highlight->setBrush(band);

    // Step labels: every k-th when there are many.
    auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(xAxis->ticker());
    QMap<double, QString> ticks;
    const int every = std::max(1, n / 12);
    for (int i = 0; i < n; i += every)
        ticks.insert(i, steps[std::size_t(i)].name.isEmpty() ? tr("all") : steps[std::size_t(i)].name);
    ticker->setTicks(ticks);
    xAxis->setRange(-0.6, std::max(0, n - 1) + 0.6);
    yAxis->setRange(0, std::max(1e-3, double(largest) / m_unitNs * 1.1));
    yAxis->setLabel(tr("Time (%1)").arg(unitName(m_unitNs)));
    setEmptyText(n == 0 ? tr("No steps to show.") : QString());
    setSelectedStep(m_selectedStep);
}

void StepTrendChart::updateBarWidth()
{
    const int n = std::max(1, int(m_model->steps().size()));
    const double slotPx = double(std::max(100, width() - 90)) / (n + 0.2);
    for (QCPBars* bars : m_bars)
        bars->setWidth(barWidth(slotPx, n > 40 ? 0.9 : 0.6));
}

void StepTrendChart::resizeEvent(QResizeEvent* event)
{
    VectorPlot::resizeEvent(event);
    updateBarWidth();
}

void StepTrendChart::setSelectedStep(const QString& step)
{
    m_selectedStep = step;
    const auto& steps = m_model->steps();
    int at = -1;
    for (std::size_t i = 0; i < steps.size(); ++i)
        if (!step.isEmpty() && steps[i].name == step)
            at = int(i);
    m_highlight->setVisible(at >= 0);
    if (at >= 0) {
        m_highlight->topLeft->setCoords(at - 0.5, 0);
        m_highlight->bottomRight->setCoords(at + 0.5, 1);
    }
    replot(rpQueuedReplot);
}

void StepTrendChart::showToolTip(QMouseEvent* event)
{
    const auto& steps = m_model->steps();
    if (!axisRect()->rect().contains(event->pos())) {
        QToolTip::hideText();
        return;
    }
    const int i = int(std::lround(xAxis->pixelToCoord(event->pos().x())));
    if (i < 0 || i >= int(steps.size())) {
        QToolTip::hideText();
        return;
    }
    const StepTrendModel::Step& s = steps[std::size_t(i)];
    QString text = QStringLiteral("<b>") + tr("Step %1").arg(s.name.toHtmlEscaped()) + QStringLiteral("</b> · ")
        + tr("%n rank(s)", nullptr, s.ranks) + QStringLiteral("<table>");
    text += QStringLiteral("<tr><td>%1</td><td align='right'>&nbsp;%2</td></tr>")
                .arg(tr("Slowest rank (%1)").arg(s.slowestRankId), formatValue(s.maxNs, m_unitNs));
    text += QStringLiteral("<tr><td>%1</td><td align='right'>&nbsp;%2</td></tr>")
                .arg(tr("Mean step time"), formatValue(s.meanNs, m_unitNs));
    for (int c = kBarComponentCount - 1; c >= 0; --c)
        text += QStringLiteral("<tr><td>&nbsp;&nbsp;%1</td><td align='right'>&nbsp;%2</td></tr>")
                    .arg(barComponentName(BarComponent(c)).toHtmlEscaped(),
                        formatValue(s.meanComponentsNs[std::size_t(c)], m_unitNs));
    text += QStringLiteral("</table>");
    QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

} // namespace profscope
