// SPDX-License-Identifier: Apache-2.0
#include "steptracecharts.h"

#include "common/statuscolors.h"
#include "overview/overviewmodels.h"

#include <QEvent>
#include <QLocale>
#include <QToolTip>

#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <map>

namespace profscope {

namespace {

QString ms(double valueMs, int decimals = 3)
{
    return QLocale().toString(valueMs, 'f', decimals);
}

} // namespace

double msOrNan(TimeNs ns)
{
    return ns == kInvalidTime ? std::nan("") : double(ns) / 1e6;
}

QColor stepStageColor(StepStageKind kind, const QPalette& palette)
{
    switch (kind) {
    case StepStageKind::Gap:
    case StepStageKind::Free:
        return barComponentColor(BarComponent::Free, palette);
    case StepStageKind::FpBp:
    case StepStageKind::Computing:
        return barComponentColor(BarComponent::ComputingOnly, palette);
    case StepStageKind::Tail:
    case StepStageKind::CommunicationNotOverlapped:
        return barComponentColor(BarComponent::CommunicationOnly, palette);
    case StepStageKind::Preparing:
        return barComponentColor(BarComponent::Preparing, palette);
    case StepStageKind::StreamOp:
        return barComponentColor(BarComponent::Overlapped, palette);
    }
    return palette.color(QPalette::Text);
}

// ---------------------------------------------------------------------------
TitledPlot::TitledPlot(const QString& title, bool legendRow, QWidget* parent)
    : VectorPlot(parent)
{
    setMinimumSize(200, 180); // three trend charts share a row; their titles wrap and elide (ChartTitle)
    setNoAntialiasingOnDrag(true);
    plotLayout()->insertRow(0);
    QFont bold = font();
    bold.setWeight(QFont::DemiBold);
    // Three trend charts share a row: a long stage name with its mean wraps
    // before the mean (ChartTitle) rather than going off the edge.
    m_title = makeChartTitle(this, title, bold);
    m_title->setMargins(QMargins(0, 4, 0, 0));
    plotLayout()->addElement(0, 0, m_title);
    plotLayout()->setRowStretchFactor(0, 0.001);
    if (legendRow) {
        legend->setVisible(true);
        axisRect()->insetLayout()->take(legend);
        plotLayout()->addElement(2, 0, legend);
        plotLayout()->setRowStretchFactor(2, 0.001);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        legend->setWrap(4);
        legend->setMargins(QMargins(6, 2, 6, 2));
        legend->setIconSize(14, 10);
        legend->setColumnSpacing(12);
        legend->setBorderPen(Qt::NoPen);
    }
    applyPlotPalette(this);
}

void TitledPlot::setTitle(const QString& title)
{
    m_title->setText(title);
}

QString TitledPlot::title() const
{
    return m_title->text();
}

QString TitledPlot::shownTitle() const
{
    return m_title->shownText();
}

// ---------------------------------------------------------------------------
StageChart::StageChart(QWidget* parent)
    : TitledPlot(tr("Stages of the step"), false, parent)
{
    setObjectName(QStringLiteral("stageChart"));
    setMinimumHeight(200);
    xAxis->setLabel(tr("Time from the step's start (ms)"));
    yAxis->setRangeReversed(true);
    yAxis->grid()->setVisible(false);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    axisRect()->setRangeDrag(Qt::Horizontal);
    axisRect()->setRangeZoom(Qt::Horizontal);
    connect(this, &VectorPlot::paletteApplied, this, &StageChart::rebuild);
    rebuild();
}

void StageChart::setStep(const StepTraceStep& step)
{
    m_step = step;
    rebuild();
}

void StageChart::changeEvent(QEvent* event)
{
    TitledPlot::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        rebuild();
}

void StageChart::rebuild()
{
    clearItems();
    // One row per stage of the partition; stream ops one row per stream (a
    // pipeline step has hundreds of reduce ops on a few streams), each op a
    // bar at its own time.
    struct Row
    {
        QString label;
        std::vector<const StepStage*> stages;
        TimeNs totalNs = 0;
    };
    std::vector<Row> rows;
    std::map<QString, std::size_t> streamRow;
    static const QRegularExpression streamName(QStringLiteral("^(stream_\\d+)_"));
    for (const StepStage& s : m_step.stages) {
        if (s.kind == StepStageKind::StreamOp) {
            const QRegularExpressionMatch m = streamName.match(s.name);
            const QString key = m.hasMatch() ? m.captured(1) : s.name;
            auto [it, added] = streamRow.emplace(key, rows.size());
            if (added)
                rows.push_back({ key, {}, 0 });
            Row& row = rows[it->second];
            row.stages.push_back(&s);
            row.totalNs += s.durationNs;
            continue;
        }
        rows.push_back({ s.name, { &s }, s.durationNs });
    }
    // Too many streams for one row each (a pipeline step): one row per op
    // type instead (Receive, Send, AllReduce, ...).
    constexpr std::size_t kMaxStreamRows = 12;
    if (streamRow.size() > kMaxStreamRows) {
        static const QRegularExpression opType(QStringLiteral("^stream_\\d+_(?:\\d+_)?([A-Za-z]+)"));
        std::vector<Row> grouped;
        std::map<QString, std::size_t> typeRow;
        for (Row& row : rows) {
            if (row.stages.front()->kind != StepStageKind::StreamOp) {
                grouped.push_back(std::move(row));
                continue;
            }
            for (const StepStage* s : row.stages) {
                const QRegularExpressionMatch m = opType.match(s->name);
                const QString type = m.hasMatch() ? m.captured(1) : tr("other");
                auto [it, added] = typeRow.emplace(type, grouped.size());
                if (added)
                    grouped.push_back({ tr("%1 ops").arg(type), {}, 0 });
                grouped[it->second].stages.push_back(s);
                grouped[it->second].totalNs += s->durationNs;
            }
        }
        rows = std::move(grouped);
    }
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const QColor text = palette().color(QPalette::Text);
    double endMs = msOrNan(m_step.durationNs);
    m_rowLabels.clear();
    for (std::size_t r = 0; r < rows.size(); ++r) {
        Row& row = rows[r];
        if (row.stages.size() == 1)
            row.label = row.stages.front()->name;
        m_rowLabels << row.label;
        ticker->addTick(double(r), row.label);
        double rowEndMs = 0;
        bool placedRow = true;
        for (const StepStage* s : row.stages) {
            const bool placed = s->startNs != kInvalidTime;
            placedRow = placedRow && placed;
            const double startMs = placed ? msOrNan(s->startNs) : 0.0;
            const double durMs = msOrNan(s->durationNs);
            rowEndMs = std::max(rowEndMs, startMs + durMs);
            auto* rect = new QCPItemRect(this);
            rect->topLeft->setCoords(startMs, double(r) - 0.34);
            rect->bottomRight->setCoords(startMs + durMs, double(r) + 0.34);
            const QColor color = stepStageColor(s->kind, palette());
            rect->setBrush(placed ? QBrush(color) : QBrush(color, Qt::BDiagPattern));
            rect->setPen(QPen(color.darker(125), 0));
            rect->setClipToAxisRect(true);
        }
        endMs = std::max(endMs, rowEndMs);
        auto* label = new QCPItemText(this);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->position->setCoords(rowEndMs, double(r));
        label->setPadding(QMargins(4, 0, 0, 0));
        label->setColor(text);
        // The duration beside the bar; start and finish are in the stage table.
        const QString total = ms(msOrNan(row.totalNs), 2);
        label->setText(row.stages.size() > 1 ? tr("%1 ms in %n op(s)", nullptr, int(row.stages.size())).arg(total)
                : placedRow                  ? tr("%1 ms").arg(total)
                                             : tr("%1 ms (position unknown)").arg(total));
        label->setClipToAxisRect(true);
    }
    const int rowCount = int(rows.size());
    yAxis->setTicker(ticker);
    yAxis->setRange(-0.6, std::max(rowCount, 1) - 0.4);
    // Room on the right for the labels of the stages that end last.
    xAxis->setRange(0, std::isnan(endMs) || endMs <= 0 ? 1.0 : endMs * 1.4);
    setEmptyText(m_step.stages.empty() ? tr("No step trace for this rank and step.") : QString());
    // Tall enough for every row to stay readable.
    setMinimumHeight(std::clamp(70 + rowCount * 19, 200, 520));
    replot();
}

// ---------------------------------------------------------------------------
StackedBarsChart::StackedBarsChart(const QString& title, QWidget* parent)
    : TitledPlot(title, true, parent)
{
    setObjectName(QStringLiteral("stackedBarsChart"));
    yAxis->setLabel(tr("Time (ms)"));
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    axisRect()->setRangeDrag(Qt::Horizontal);
    axisRect()->setRangeZoom(Qt::Horizontal);
    setMouseTracking(true);
    connect(this, &QCustomPlot::mouseMove, this, &StackedBarsChart::showToolTip);
    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) {
        const int index = int(std::lround(xAxis->pixelToCoord(event->position().x())));
        if (event->button() == Qt::LeftButton && index >= 0 && index < m_categories.size())
            emit categoryClicked(index);
    });
    connect(this, &VectorPlot::paletteApplied, this, &StackedBarsChart::rebuild);
}

void StackedBarsChart::setData(const QStringList& categories, std::vector<Series> series, const QString& categoryLabel)
{
    m_categories = categories;
    m_series = std::move(series);
    m_categoryLabel = categoryLabel;
    m_selected = -1;
    rebuild();
}

void StackedBarsChart::setSelectedCategory(int index)
{
    m_selected = index;
    rebuild();
}

void StackedBarsChart::changeEvent(QEvent* event)
{
    TitledPlot::changeEvent(event);
}

void StackedBarsChart::rebuild()
{
    clearPlottables();
    clearItems();
    QVector<double> keys;
    for (int i = 0; i < m_categories.size(); ++i)
        keys << i;
    QCPBars* below = nullptr;
    QVector<double> top(m_categories.size(), 0.0);
    for (const Series& s : m_series) {
        auto* bars = new QCPBars(xAxis, yAxis);
        bars->setName(s.name);
        bars->setWidth(m_categories.size() > 200 ? 1.0 : 0.75);
        bars->setStackingGap(0);
        bars->setAntialiased(false);
        const QColor color = stepStageColor(s.kind, palette());
        bars->setBrush(color);
        bars->setPen(m_categories.size() > 200 ? QPen(Qt::NoPen) : QPen(color.darker(115), 0));
        QVector<double> values;
        for (int i = 0; i < m_categories.size(); ++i) {
            const double v = i < s.valuesMs.size() && !std::isnan(s.valuesMs[i]) && s.valuesMs[i] > 0 ? s.valuesMs[i] : 0;
            values << v;
            top[i] += v;
        }
        bars->setData(keys, values, true);
        if (below)
            bars->moveAbove(below);
        below = bars;
    }
    // Category names as ticks when they fit, numbers otherwise.
    if (m_categories.size() <= 40) {
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        for (int i = 0; i < m_categories.size(); ++i)
            ticker->addTick(i, m_categories[i]);
        xAxis->setTicker(ticker);
    } else {
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        const int every = std::max(1, int(m_categories.size() / 12));
        for (int i = 0; i < m_categories.size(); i += every)
            ticker->addTick(i, m_categories[i]);
        xAxis->setTicker(ticker);
    }
    xAxis->setLabel(m_categoryLabel);
    // Categories, not values: no zero line at the first one.
    xAxis->grid()->setZeroLinePen(Qt::NoPen);
    const double maxTop = top.isEmpty() ? 0 : *std::max_element(top.begin(), top.end());
    if (m_selected >= 0 && m_selected < m_categories.size()) {
        auto* rect = new QCPItemRect(this);
        rect->topLeft->setCoords(m_selected - 0.48, top[m_selected] + maxTop * 0.02);
        rect->bottomRight->setCoords(m_selected + 0.48, 0);
        rect->setBrush(Qt::NoBrush);
        rect->setPen(QPen(palette().color(QPalette::Highlight), 2));
    }
    xAxis->setRange(-0.6, std::max<qsizetype>(m_categories.size(), 1) - 0.4);
    yAxis->setRange(0, maxTop > 0 ? maxTop * 1.08 : 1);
    setEmptyText(m_categories.isEmpty() ? tr("Nothing to show.") : QString());
    replot();
}

void StackedBarsChart::showToolTip(QMouseEvent* event)
{
    const int index = int(std::lround(xAxis->pixelToCoord(event->position().x())));
    if (index < 0 || index >= m_categories.size() || !axisRect()->rect().contains(event->position().toPoint())) {
        QToolTip::hideText();
        return;
    }
    QStringList lines { m_categoryLabel + QLatin1Char(' ') + m_categories[index] };
    double sum = 0;
    for (const Series& s : m_series) {
        const double v = index < s.valuesMs.size() ? s.valuesMs[index] : std::nan("");
        if (std::isnan(v))
            continue;
        sum += v;
        lines << tr("%1: %2 ms").arg(s.name, ms(v));
    }
    lines << tr("Sum: %1 ms").arg(ms(sum));
    QToolTip::showText(event->globalPosition().toPoint(), lines.join(QLatin1Char('\n')), this);
}

// ---------------------------------------------------------------------------
TrendChart::TrendChart(StepStageKind kind, QWidget* parent)
    : TitledPlot(stepStageName(kind), false, parent)
    , m_kind(kind)
{
    setObjectName(QStringLiteral("trendChart"));
    setMinimumHeight(170);
    xAxis->setLabel(tr("Step"));
    // Points sit at whole positions: ticks at 1, 2, 5, 10… steps, never at 1.5.
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    xAxis->setTicker(ticker);
    yAxis->setLabel(tr("ms"));
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    axisRect()->setRangeDrag(Qt::Horizontal);
    axisRect()->setRangeZoom(Qt::Horizontal);
    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) {
        const int index = int(std::lround(xAxis->pixelToCoord(event->position().x()))) - 1;
        if (event->button() == Qt::LeftButton && index >= 0 && index < m_steps.size())
            emit stepClicked(m_steps[index]);
    });
    connect(this, &VectorPlot::paletteApplied, this, &TrendChart::rebuild);
}

void TrendChart::setTrace(const RankStepTrace& trace, StepStageKind kind)
{
    m_kind = kind;
    m_steps.clear();
    m_valuesMs.clear();
    for (const StepTraceStep& s : trace.steps) {
        m_steps << s.step;
        m_valuesMs << msOrNan(s.value(m_kind));
    }
    rebuild();
}

void TrendChart::setSelectedStep(const QString& step)
{
    m_selected = step;
    rebuild();
}

int TrendChart::pointCount() const
{
    return int(m_valuesMs.size());
}

void TrendChart::changeEvent(QEvent* event)
{
    TitledPlot::changeEvent(event);
}

void TrendChart::rebuild()
{
    clearGraphs();
    clearItems();
    const QColor color = stepStageColor(m_kind, palette());
    auto* line = addGraph();
    line->setPen(QPen(color.darker(120), 1.5));
    line->setBrush(QColor(color.red(), color.green(), color.blue(), 50));
    QVector<double> keys;
    double sum = 0, top = 0;
    int n = 0;
    for (int i = 0; i < m_valuesMs.size(); ++i) {
        keys << i + 1;
        if (!std::isnan(m_valuesMs[i])) {
            sum += m_valuesMs[i];
            top = std::max(top, m_valuesMs[i]);
            ++n;
        }
    }
    line->setData(keys, m_valuesMs, true);
    if (m_valuesMs.size() <= 60)
        line->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 4));
    const double mean = n ? sum / n : 0;
    if (n) {
        auto* avg = new QCPItemStraightLine(this);
        avg->point1->setCoords(0, mean);
        avg->point2->setCoords(1, mean);
        avg->setPen(QPen(palette().color(QPalette::Text), 1, Qt::DashLine));
    }
    const int selected = int(m_steps.indexOf(m_selected));
    if (selected >= 0 && !std::isnan(m_valuesMs[selected])) {
        auto* marker = new QCPItemTracer(this);
        marker->setGraph(line);
        marker->setGraphKey(selected + 1);
        marker->setStyle(QCPItemTracer::tsCircle);
        marker->setSize(9);
        marker->setPen(QPen(palette().color(QPalette::Highlight), 2));
    }
    setTitle(n ? tr("%1 per step (mean %2 ms)").arg(stepStageName(m_kind), ms(mean)) : stepStageName(m_kind));
    xAxis->setRange(0.5, std::max<qsizetype>(m_valuesMs.size(), 1) + 0.5);
    yAxis->setRange(0, top > 0 ? top * 1.12 : 1);
    setEmptyText(n ? QString() : tr("No values."));
    replot();
}

} // namespace profscope
