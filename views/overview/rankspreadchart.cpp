// SPDX-License-Identifier: Apache-2.0
#include "rankspreadchart.h"

#include "overviewmodels.h"
#include "overviewplots.h"

#include <QLocale>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace profscope {

using namespace overviewplot;

namespace {

constexpr int kMaxNamedOutliers = 6;

// One stacked area: each data point a flat column (step-centre), filled from the area below it (or
// from zero). On screen the columns are filled as rectangles: as a polygon, the jagged boundary
// between two components crosses each pixel row hundreds of times, and Qt's scan converter spent
// about 5 ms of every step change on the five areas at 1024 ranks. In SVG/PDF (vectorised) it stays
// QCustomPlot's polygon. The outline is QCustomPlot's in both cases.
class ColumnArea : public QCPGraph
{
public:
    using QCPGraph::QCPGraph;

protected:
    void drawFill(QCPPainter* painter, QVector<QPointF>* lines) const override
    {
        const QCPGraph* below = channelFillGraph();
        const int n = mDataContainer->size();
        if (painter->modes().testFlag(QCPPainter::pmVectorized) || selected() || lineStyle() != lsStepCenter
            || mBrush.style() != Qt::SolidPattern || n == 0 || !mKeyAxis || !mValueAxis
            || mKeyAxis->orientation() != Qt::Horizontal || (below && below->data()->size() != n)) {
            QCPGraph::drawFill(painter, lines);
            return;
        }
        applyFillAntialiasingHint(painter);
        const QCPRange range = mValueAxis->range();
        const double baseY = mValueAxis->coordToPixel(qBound(range.lower, 0.0, range.upper));
        const auto key = [this](int i) { return (mDataContainer->constBegin() + i)->key; };
        const QColor color = mBrush.color();
        double left = mKeyAxis->coordToPixel(key(0));
        for (int i = 0; i < n; ++i) {
            // The steps change half-way between two points; the first and last end at their point.
            const double right = mKeyAxis->coordToPixel(i + 1 < n ? (key(i) + key(i + 1)) / 2.0 : key(i));
            const double topY = mValueAxis->coordToPixel((mDataContainer->constBegin() + i)->value);
            const double bottomY
                = below ? mValueAxis->coordToPixel((below->data()->constBegin() + i)->value) : baseY;
            painter->fillRect(QRectF(QPointF(left, std::min(topY, bottomY)), QPointF(right, std::max(topY, bottomY))),
                color);
            left = right;
        }
    }
};

QString percentText(double fraction)
{
    return QLocale().toString(fraction * 100.0, 'f', 1) + QLatin1Char('%');
}

} // namespace

RankSpreadChart::RankSpreadChart(OverviewBarsModel* model, QWidget* parent)
    : VectorPlot(parent)
    , m_model(model)
{
    setObjectName(QStringLiteral("rankSpreadPlot"));
    setUpPlot(this);
    m_title = addTitle(this);
    moveLegendAboveAxisRect(this);
    for (int c = 0; c < kBarComponentCount; ++c) {
        auto* area = new ColumnArea(xAxis, yAxis);
        area->setName(barComponentShortName(BarComponent(c)));
        // Each rank one flat column, whatever the number of ranks.
        area->setLineStyle(QCPGraph::lsStepCenter);
        area->setAntialiased(false);
        area->setAntialiasedFill(false);
        if (c > 0)
            area->setChannelFillGraph(m_areas[std::size_t(c - 1)]);
        m_areas[std::size_t(c)] = area;
    }
    m_band = new QCPItemRect(this);
    m_band->setSelectable(false);
    m_band->setClipToAxisRect(true);
    m_band->topLeft->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_band->bottomRight->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_band->topLeft->setCoords(0, 0);
    m_band->bottomRight->setCoords(1, 0);
    applyPlotPalette(this);
    recolor();
    connect(this, &VectorPlot::paletteApplied, this, [this] {
        recolor();
        placeMarks();
        replot(QCustomPlot::rpQueuedReplot);
    });
    xAxis->setTicker(QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText));
    xAxis->grid()->setVisible(false);
    xAxis->setSubTicks(false);
    yAxis->setSubTicks(false);
    setMouseTracking(true);
    connect(this, &QCustomPlot::mouseMove, this, &RankSpreadChart::showToolTip);
    connect(this, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent* event) {
        const int row = rowAt(positionAt(event->pos()));
        if (row >= 0)
            emit rankActivated(m_model->row(row).rankIndex);
    });
    rebuild();
}

void RankSpreadChart::setStep(const QString& step)
{
    m_step = step;
    updateTitle();
    replot(QCustomPlot::rpQueuedReplot);
}

void RankSpreadChart::updateTitle()
{
    const QString what = m_metric < 0 ? tr("Step time") : barComponentName(BarComponent(m_metric));
    m_title->setText(m_step.isEmpty() ? tr("%1 over the cluster, ranks sorted (average)").arg(what)
                                      : tr("%1 over the cluster in step %2, ranks sorted").arg(what, m_step));
}

void RankSpreadChart::recolor()
{
    const QPalette p = palette();
    for (int c = 0; c < kBarComponentCount; ++c) {
        const QColor color = barComponentColor(BarComponent(c), p);
        m_areas[std::size_t(c)]->setBrush(color);
        m_areas[std::size_t(c)]->setPen(QPen(color.darker(115), 0));
    }
    // The band is a veil over the tops of the columns: visible on both themes.
    QColor veil = p.color(QPalette::WindowText);
    veil.setAlpha(28);
    m_band->setBrush(veil);
    m_band->setPen(Qt::NoPen);
}

int RankSpreadChart::rowAt(int position) const
{
    if (position < 0 || position >= int(m_spread.order.size()))
        return -1;
    return m_spread.order[std::size_t(position)];
}

QStringList RankSpreadChart::outlierLabels() const
{
    return m_outlierLabels;
}

void RankSpreadChart::setMetric(int column)
{
    const int component = column - OverviewBarsModel::ComputingOnlyColumn;
    const int metric = component >= 0 && component < kBarComponentCount ? component : -1;
    m_metric = metric;
}

TimeNs RankSpreadChart::valueNs(int row) const
{
    return m_metric < 0 ? m_model->totalNs(row) : m_model->componentNs(row, BarComponent(m_metric));
}

std::vector<int> drawnPositions(int count, int maxPoints, const std::vector<int>& keep)
{
    std::vector<int> positions;
    if (count <= 0)
        return positions;
    if (count <= maxPoints || maxPoints < 2) {
        positions.resize(std::size_t(count));
        for (int p = 0; p < count; ++p)
            positions[std::size_t(p)] = p;
        return positions;
    }
    positions.reserve(std::size_t(maxPoints) + keep.size());
    for (int i = 0; i < maxPoints; ++i)
        positions.push_back(int((qint64(count - 1) * i) / (maxPoints - 1))); // 0 … count - 1
    for (const int p : keep)
        if (p >= 0 && p < count)
            positions.push_back(p);
    std::sort(positions.begin(), positions.end());
    positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
    return positions;
}

void RankSpreadChart::rebuild()
{
    const int n = m_model->rowCount();
    std::vector<TimeNs> values(std::size_t(std::max(0, n)));
    for (int r = 0; r < n; ++r)
        values[std::size_t(r)] = valueNs(r);
    m_spread = rankSpread(values, kMaxNamedOutliers);
    m_unitNs = unitFor(m_metric < 0 ? m_model->maxTotalNs() : m_spread.maxNs);

    // Thousands of ranks on a chart a thousand pixels wide: the areas are drawn through a sample
    // of the sorted positions (the named outliers and both ends always among them). Each area is
    // a filled polygon painted on every repaint; 10,000 points each made the Overview block the
    // window for a quarter of a second.
    std::vector<int> keep;
    for (const int row : m_spread.outliers) {
        const auto it = std::find(m_spread.order.begin(), m_spread.order.end(), row);
        if (it != m_spread.order.end())
            keep.push_back(int(it - m_spread.order.begin()));
    }
    const std::vector<int> positions = drawnPositions(n, kMaxDrawnPositions, keep);
    const int drawn = int(positions.size());
    QVector<double> keys(drawn);
    QVector<double> stacked(drawn, 0.0);
    for (int i = 0; i < drawn; ++i)
        keys[i] = positions[std::size_t(i)];
    // The legend lists the areas shown, in stacking order.
    for (QCPGraph* area : m_areas)
        area->removeFromLegend();
    for (int c = 0; c < kBarComponentCount; ++c) {
        QCPGraph* area = m_areas[std::size_t(c)];
        // One component alone: its own area from zero, the others hidden.
        const bool shown = m_metric < 0 || m_metric == c;
        area->setVisible(shown);
        area->setChannelFillGraph(m_metric < 0 && c > 0 ? m_areas[std::size_t(c - 1)] : nullptr);
        if (shown)
            area->addToLegend();
        if (!shown) {
            area->data()->clear();
            continue;
        }
        for (int i = 0; i < drawn; ++i)
            stacked[i] += double(m_model->componentNs(rowAt(positions[std::size_t(i)]), BarComponent(c))) / m_unitNs;
        area->setData(keys, stacked, true);
    }

    // Ticks: share of ranks at or below the position (the percentile).
    auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(xAxis->ticker());
    if (ticker) {
        QMap<double, QString> ticks;
        if (n > 1)
            for (const int q : { 0, 25, 50, 75, 100 })
                ticks.insert(double(n - 1) * q / 100.0, QStringLiteral("%1%").arg(q));
        else if (n == 1)
            ticks.insert(0, tr("1 rank"));
        ticker->setTicks(ticks);
    }
    xAxis->setLabel(m_metric < 0
            ? tr("%n rank(s), sorted by step time (fastest left)", nullptr, n)
            : tr("%n rank(s), sorted by %1 (smallest left)", nullptr, n)
                  .arg(barComponentName(BarComponent(m_metric)).toLower()));
    yAxis->setLabel(m_metric < 0 ? tr("Time per step (%1)").arg(unitName(m_unitNs))
                                 : tr("%1 per step (%2)").arg(barComponentName(BarComponent(m_metric)), unitName(m_unitNs)));
    xAxis->setRange(-0.5, std::max(0.5, n - 0.5));
    yAxis->setRange(0, std::max(1e-3, double(m_spread.maxNs) / m_unitNs * 1.12));
    setEmptyText(n == 0 ? tr("No rank has step data to show.") : QString());
    updateTitle();
    placeMarks();
    replot(QCustomPlot::rpQueuedReplot);
}

void RankSpreadChart::clearMarks()
{
    for (QCPAbstractItem* item : m_marks)
        removeItem(item);
    m_marks.clear();
}

void RankSpreadChart::placeMarks()
{
    clearMarks();
    m_outlierLabels.clear();
    const int n = int(m_spread.order.size());
    m_band->setVisible(n > 1);
    if (n == 0)
        return;
    m_band->topLeft->setCoords(0, double(m_spread.p90Ns) / m_unitNs);
    m_band->bottomRight->setCoords(1, double(m_spread.p10Ns) / m_unitNs);

    const QPalette p = palette();
    const QColor text = p.color(QPalette::WindowText);
    QColor labelBack = p.color(QPalette::Base);
    labelBack.setAlpha(225);

    // Percentile lines, labelled at the left where the fast ranks are low.
    struct Level
    {
        QString name;
        TimeNs ns;
        Qt::PenStyle style;
    };
    const std::vector<Level> levels { { tr("p90"), m_spread.p90Ns, Qt::DotLine },
        { tr("median"), m_spread.p50Ns, Qt::DashLine }, { tr("p10"), m_spread.p10Ns, Qt::DotLine } };
    const double medianY = yAxis->coordToPixel(double(m_spread.p50Ns) / m_unitNs);
    for (const Level& level : levels) {
        const bool median = level.style == Qt::DashLine;
        if (n < 2 && !median)
            continue;
        auto* line = new QCPItemStraightLine(this);
        line->setSelectable(false);
        line->point1->setCoords(0, double(level.ns) / m_unitNs);
        line->point2->setCoords(1, double(level.ns) / m_unitNs);
        line->setPen(QPen(text, 0, level.style));
        m_marks.push_back(line);
        // A thin band: the percentile labels would cover the median's.
        const double y = yAxis->coordToPixel(double(level.ns) / m_unitNs);
        if (!median && std::abs(y - medianY) < 16)
            continue;
        auto* label = new QCPItemText(this);
        label->setSelectable(false);
        label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(0.01, double(level.ns) / m_unitNs);
        label->setPositionAlignment(Qt::AlignLeft | (level.ns < m_spread.p50Ns ? Qt::AlignTop : Qt::AlignBottom));
        label->setText(level.name + QLatin1Char(' ') + formatValue(level.ns, m_unitNs));
        label->setColor(text);
        label->setBrush(labelBack);
        label->setPadding(QMargins(3, 1, 3, 1));
        m_marks.push_back(label);
    }

    // Outliers: named, with an arrow to their column. Slow ones (right) are
    // stacked down from the top right, fast ones (left) from the top left.
    int slowSlot = 0;
    int fastSlot = 0;
    for (const int row : m_spread.outliers) {
        const auto it = std::find(m_spread.order.begin(), m_spread.order.end(), row);
        const int position = int(it - m_spread.order.begin());
        const TimeNs totalNs = valueNs(row);
        const bool slow = totalNs >= m_spread.p50Ns;
        const double deviation = m_spread.p50Ns != 0
            ? (double(totalNs) - double(m_spread.p50Ns)) / std::abs(double(m_spread.p50Ns))
            : 0.0;
        const QString rankText = m_model->index(row, OverviewBarsModel::RankColumn).data().toString();
        const QString labelText = tr("rank %1 · %2%3")
                                      .arg(rankText, deviation >= 0 ? QStringLiteral("+") : QStringLiteral("−"),
                                          percentText(std::abs(deviation)));
        m_outlierLabels << labelText;
        const int slot = slow ? slowSlot++ : fastSlot++;
        auto* label = new QCPItemText(this);
        label->setSelectable(false);
        label->position->setType(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(slow ? 0.80 : 0.20, 0.03 + 0.085 * slot);
        label->setPositionAlignment((slow ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
        label->setText(labelText);
        QFont bold = font();
        bold.setBold(true);
        label->setFont(bold);
        label->setColor(text);
        label->setBrush(labelBack);
        label->setPen(QPen(text, 0));
        label->setPadding(QMargins(4, 2, 4, 2));
        m_marks.push_back(label);
        auto* arrow = new QCPItemLine(this);
        arrow->setSelectable(false);
        arrow->start->setParentAnchor(slow ? label->right : label->left);
        arrow->end->setCoords(position, double(totalNs) / m_unitNs);
        arrow->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 7, 9));
        arrow->setPen(QPen(text, 1));
        m_marks.push_back(arrow);
    }
}

void RankSpreadChart::resizeEvent(QResizeEvent* event)
{
    VectorPlot::resizeEvent(event);
    // The percentile labels are thinned in pixels.
    placeMarks();
    replot(QCustomPlot::rpQueuedReplot);
}

int RankSpreadChart::positionAt(const QPoint& pos) const
{
    if (!axisRect()->rect().contains(pos))
        return -1;
    return int(std::lround(xAxis->pixelToCoord(pos.x())));
}

void RankSpreadChart::showToolTip(QMouseEvent* event)
{
    const int position = positionAt(event->pos());
    const int row = rowAt(position);
    if (row < 0) {
        QToolTip::hideText();
        return;
    }
    const int n = int(m_spread.order.size());
    const QString what = m_metric < 0 ? tr("step time") : barComponentName(BarComponent(m_metric)).toLower();
    const QString note = tr("%1 of %2 by %3, smallest first (%4 of the ranks have more)")
                             .arg(position + 1)
                             .arg(n)
                             .arg(what)
                             .arg(percentText(n > 1 ? double(n - 1 - position) / double(n) : 0.0));
    const QString text = rankToolTip(*m_model, row, m_unitNs, palette(), note);
    QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

} // namespace profscope
