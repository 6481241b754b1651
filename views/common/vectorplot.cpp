// SPDX-License-Identifier: Apache-2.0
#include "vectorplot.h"

#include "common/statuscolors.h"

#include <QEvent>
#include <QFontMetrics>
#include <QPaintEngine>
#include <QResizeEvent>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>

namespace profscope {

ChartTitle::ChartTitle(QCustomPlot* plot, const QString& text, const QFont& font)
    : QCPTextElement(plot, text, font)
{
    // Lines are made here, by fitted(): Qt's word wrap would break anywhere
    // and spill past the element's height.
    setTextFlags(Qt::AlignCenter);
}

QString ChartTitle::fitted(int widthPx, int maxLines) const
{
    const QFontMetrics metrics(mainFont());
    widthPx = std::max(0, widthPx);
    if (metrics.horizontalAdvance(mText) <= widthPx)
        return mText;
    const qsizetype paren = mText.lastIndexOf(QStringLiteral(" ("));
    if (maxLines >= 2 && paren > 0)
        return metrics.elidedText(mText.left(paren), Qt::ElideRight, widthPx) + QLatin1Char('\n')
            + metrics.elidedText(mText.mid(paren + 1), Qt::ElideRight, widthPx);
    return metrics.elidedText(mText, Qt::ElideRight, widthPx);
}

int ChartTitle::linesFitting(int heightPx) const
{
    return std::max(1, heightPx / std::max(1, QFontMetrics(mainFont()).lineSpacing()));
}

QString ChartTitle::shownText() const
{
    return mRect.isEmpty() ? mText : fitted(mRect.width(), linesFitting(mRect.height()));
}

void ChartTitle::draw(QCPPainter* painter)
{
    // As many lines as the layout gave room for: a title in a column
    // narrower than the plot asked for one line and gets one, elided.
    const QString full = mText;
    mText = shownText();
    QCPTextElement::draw(painter);
    mText = full;
}

QSize ChartTitle::minimumOuterSizeHint() const
{
    // Asked before the layout sets the new rects: the plot's width is the
    // most a title row gets.
    const int widthPx = mParentPlot->viewport().width() - mMargins.left() - mMargins.right();
    const QSize text = QFontMetrics(mFont).boundingRect(0, 0, 0, 0, Qt::TextDontClip, fitted(widthPx, 2)).size();
    return { mMargins.left() + mMargins.right(), text.height() + mMargins.top() + mMargins.bottom() };
}

void fitLegendColumns(QCustomPlot* plot, int widthPx)
{
    // Filled row by row, so a column is as wide as its widest item. Each
    // item's width is the one QCustomPlot lays it out at (icon, padding,
    // text and margins).
    QCPLegend* legend = plot->legend;
    std::vector<int> itemWidths;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = legend->item(i))
            itemWidths.push_back(item->minimumOuterSizeHint().width());
    const int count = std::max(1, int(itemWidths.size()));
    const QMargins legendMargins = legend->margins();
    const auto fits = [&](int columns) {
        std::vector<int> columnWidths(std::size_t(columns), 0);
        for (std::size_t i = 0; i < itemWidths.size(); ++i)
            columnWidths[i % std::size_t(columns)] = std::max(columnWidths[i % std::size_t(columns)], itemWidths[i]);
        // The plot's own margins and the legend's frame around the columns.
        int needed = 12 + legendMargins.left() + legendMargins.right() + (columns - 1) * legend->columnSpacing();
        for (int w : columnWidths)
            needed += w;
        return needed <= widthPx;
    };
    int columns = count;
    while (columns > 1 && !fits(columns))
        --columns;
    if (plot->legend->wrap() != columns) {
        plot->legend->setWrap(columns);
        plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    }
}

ChartTitle* makeChartTitle(QCustomPlot* plot, const QString& text, const QFont& font)
{
    return new ChartTitle(plot, text, font);
}

void applyPlotPalette(QCustomPlot* plot)
{
    const QPalette pal = plot->palette();
    const QColor text = pal.color(QPalette::Text);
    const QColor muted = mutedTextColor(pal);
    QColor grid = muted;
    grid.setAlpha(70);
    plot->setBackground(pal.brush(QPalette::Base));
    const auto axes = plot->axisRect() ? plot->axisRect()->axes() : QList<QCPAxis*>();
    for (QCPAxis* axis : axes) {
        axis->setBasePen(QPen(muted, 0));
        axis->setTickPen(QPen(muted, 0));
        axis->setSubTickPen(QPen(muted, 0));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(grid, 0, Qt::DotLine));
        // The zero line matters where values go negative (deltas); elsewhere
        // it lies on the axis.
        axis->grid()->setZeroLinePen(QPen(muted, 0));
    }
    for (int i = 0; i < plot->plotLayout()->elementCount(); ++i)
        if (auto* title = qobject_cast<QCPTextElement*>(plot->plotLayout()->elementAt(i)))
            title->setTextColor(text);
    if (plot->legend) {
        // A legend over the data needs a backdrop; one laid out beside the
        // axis rect sits on the plot background already.
        const bool overData = plot->axisRect() && plot->legend->layout() == plot->axisRect()->insetLayout();
        plot->legend->setBrush(overData ? pal.brush(QPalette::Base) : QBrush(Qt::NoBrush));
        plot->legend->setBorderPen(overData ? QPen(grid) : QPen(Qt::NoPen));
        plot->legend->setTextColor(text);
    }
}

VectorPlot::VectorPlot(QWidget* parent)
    : QCustomPlot(parent)
{
    applyPlotPalette(this);
    // beforeReplot comes before the layers are drawn into their buffers; afterReplot after the
    // repaint (immediate or queued) was asked for. paintEvent shows the layers in any case. (Not
    // afterLayout: paintEvent's own updateLayout() emits it too.)
    connect(this, &QCustomPlot::beforeReplot, this, &VectorPlot::hideLayersFromBuffers);
    connect(this, &QCustomPlot::afterReplot, this, &VectorPlot::restoreLayers);
    shrinkPaintBuffers(size());
}

void VectorPlot::shrinkPaintBuffers(const QSize& widgetSize)
{
    // replot() sizes every pixel buffer as the viewport times this ratio, allocates it on each
    // resize and clears it on each replot; this plot never shows them (paintEvent draws the
    // layers straight onto the widget). At the widget's own size that was megabytes of fresh
    // pages per resize: at 10,000 ranks a third of the Overview's longest block on the GUI
    // thread. Scaled down, the shorter side is one pixel (never 0: a null pixmap makes each
    // layer's buffer drawing warn). Nothing reads the ratio but the label cache, which
    // paintEvent turns off.
    const int shorterPx = std::max(1, std::min(widgetSize.width(), widgetSize.height()));
    setBufferDevicePixelRatio(1.0 / shorterPx);
}

void VectorPlot::hideLayersFromBuffers()
{
    // The buffers were the second drawing of every chart on each replot: at 1024 ranks the
    // Overview's distribution (stacked areas) cost tens of ms on the GUI thread per step change.
    restoreLayers();
    for (int i = 0; i < layerCount(); ++i) {
        QCPLayer* l = layer(i);
        if (l->visible()) {
            l->setVisible(false);
            m_hiddenLayers.push_back(l);
        }
    }
}

void VectorPlot::restoreLayers()
{
    for (QCPLayer* l : m_hiddenLayers)
        l->setVisible(true);
    m_hiddenLayers.clear();
}

void VectorPlot::setEmptyText(const QString& text)
{
    m_emptyText = text;
    update();
}

void VectorPlot::wheelEvent(QWheelEvent* event)
{
    // A chart on a scrolling page must not swallow the wheel: zooming needs
    // Ctrl, as in the timeline and in map views.
    if (!(event->modifiers() & Qt::ControlModifier)) {
        if (interactions().testFlag(QCP::iRangeZoom))
            QToolTip::showText(event->globalPosition().toPoint(), tr("Ctrl+wheel zooms"), this);
        event->ignore();
        return;
    }
    QCustomPlot::wheelEvent(event);
}

void VectorPlot::changeEvent(QEvent* event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) {
        applyPlotPalette(this);
        emit paletteApplied();
        replot(rpQueuedReplot);
    }
}

void VectorPlot::resizeEvent(QResizeEvent* event)
{
    // A page laid out while hidden gets 0-sized resizes; QCustomPlot would
    // replot into an empty paint buffer (and Qt warn about it). The next real
    // resize replots.
    if (event->size().isEmpty()) {
        event->accept();
        return;
    }
    shrinkPaintBuffers(event->size());
    QCustomPlot::resizeEvent(event);
}

void VectorPlot::paintEvent(QPaintEvent* event)
{
    Q_UNUSED(event);
    restoreLayers();
    QCPPainter painter(this);
    if (!painter.isActive())
        return;
    // Drawn directly, never from the pixel buffer: vector in SVG/PDF, sharp
    // at any device pixel ratio, and right even before the first replot.
    const QPaintEngine* engine = painter.paintEngine();
    const bool vector = engine
        && (engine->type() == QPaintEngine::SVG || engine->type() == QPaintEngine::Pdf
            || engine->type() == QPaintEngine::Picture);
    painter.setMode(QCPPainter::pmNoCaching);
    painter.setMode(QCPPainter::pmVectorized, vector);
    if (mBackgroundBrush.style() != Qt::NoBrush)
        painter.fillRect(mViewport, mBackgroundBrush);
    updateLayout();
    draw(&painter);
    if (!m_emptyText.isEmpty()) {
        painter.setPen(mutedTextColor(palette()));
        painter.drawText(axisRect()->rect(), Qt::AlignCenter | Qt::TextWordWrap, m_emptyText);
    }
}

} // namespace profscope
