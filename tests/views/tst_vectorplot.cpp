// SPDX-License-Identifier: Apache-2.0
// Charts zoom with Ctrl+wheel only: the plain wheel belongs to the page that
// scrolls around them.
#include "common/vectorplot.h"

#include <QApplication>
#include <QFontMetrics>
#include <QImage>
#include <QPen>
#include <QRegularExpression>
#include <QTest>
#include <QWheelEvent>

using namespace profscope;

class TestVectorPlot : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ctrlWheelZooms();
    void replotShowsEveryLayer();
    void paintBuffersStayTiny();
    void longTitleFitsNarrowChart();
    void titleWrapsThenElides_data();
    void titleWrapsThenElides();
    void legendColumnsFitTheWidth_data();
    void legendColumnsFitTheWidth();
};

namespace {

bool sendWheel(QWidget* w, Qt::KeyboardModifiers modifiers)
{
    const QPointF pos(w->width() / 2.0, w->height() / 2.0);
    QWheelEvent event(pos, w->mapToGlobal(pos), QPoint(), QPoint(0, 120), Qt::NoButton, modifiers, Qt::NoScrollPhase,
        false);
    QApplication::sendEvent(w, &event);
    return event.isAccepted();
}

} // namespace

void TestVectorPlot::ctrlWheelZooms()
{
    VectorPlot plot;
    plot.resize(600, 400);
    plot.setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot.xAxis->setRange(0, 100);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    // The plain wheel: no zoom, and the event goes on to the page.
    QVERIFY(!sendWheel(&plot, Qt::NoModifier));
    QCOMPARE(plot.xAxis->range().size(), 100.0);
    // Ctrl+wheel: zoomed in.
    sendWheel(&plot, Qt::ControlModifier);
    QVERIFY(plot.xAxis->range().size() < 100.0);
}

void TestVectorPlot::replotShowsEveryLayer()
{
    // The layers are hidden while replot() fills QCustomPlot's pixel buffers (never shown: the
    // plot paints itself directly); they must be visible again for every paint after it.
    VectorPlot plot;
    plot.resize(400, 300);
    auto* graph = plot.addGraph();
    graph->setPen(QPen(QColor(255, 0, 0), 6));
    graph->setData({ 0, 1 }, { 0.5, 0.5 });
    plot.xAxis->setRange(0, 1);
    plot.yAxis->setRange(0, 1);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    const auto redPixels = [&plot] {
        const QImage image = plot.grab().toImage();
        int red = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                red += image.pixelColor(x, y) == QColor(255, 0, 0);
        return red;
    };
    for (const auto priority : { QCustomPlot::rpImmediateRefresh, QCustomPlot::rpQueuedRefresh, QCustomPlot::rpQueuedReplot }) {
        plot.replot(priority);
        QTest::qWait(20);
        for (int i = 0; i < plot.layerCount(); ++i)
            QVERIFY(plot.layer(i)->visible());
        // A horizontal line 6 px thick across most of the axis rect.
        const int red = redPixels();
        QVERIFY2(red > 6 * 200, qPrintable(QString::number(red)));
        // Painting leaves the layers visible too (mouse interactions look for visible layerables).
        for (int i = 0; i < plot.layerCount(); ++i)
            QVERIFY(plot.layer(i)->visible());
    }
}

namespace {

// QCustomPlot's pixel buffers are protected; this plot lists their sizes in pixels.
class BufferedPlot : public VectorPlot
{
public:
    std::vector<QSize> bufferPixels() const
    {
        std::vector<QSize> out;
        for (const auto& buffer : mPaintBuffers)
            out.push_back(buffer->size() * buffer->devicePixelRatio());
        return out;
    }
};

} // namespace

void TestVectorPlot::paintBuffersStayTiny()
{
    // The buffers are never shown; at the widget's size each resize allocated megabytes and
    // each replot cleared them. They are scaled to one pixel on the shorter side, and the
    // plot still paints everything (replotShowsEveryLayer) without a painter warning.
    QTest::failOnWarning(QRegularExpression(QStringLiteral("QPainter|paint buffer|QPixmap")));
    BufferedPlot plot;
    plot.resize(400, 300);
    plot.addGraph()->setData({ 0, 1 }, { 0.2, 0.8 });
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    for (const QSize widgetSize : { QSize(400, 300), QSize(900, 200), QSize(150, 600) }) {
        plot.resize(widgetSize);
        plot.replot(QCustomPlot::rpImmediateRefresh);
        QTest::qWait(10);
        const std::vector<QSize> buffers = plot.bufferPixels();
        QVERIFY(!buffers.empty());
        // Hand-worked: the longer side over the shorter, rounded (400/300 -> 1, 900/200 -> 5 (4.5
        // rounds up), 600/150 -> 4); the shorter side 1.
        const QSize expected = widgetSize == QSize(400, 300) ? QSize(1, 1)
            : widgetSize == QSize(900, 200)                   ? QSize(5, 1)
                                                              : QSize(1, 4);
        for (const QSize& pixels : buffers)
            QCOMPARE(pixels, expected);
        QVERIFY(!plot.grab().toImage().isNull());
    }
}

// A chart's title asks for no more width than its margins, so a narrow chart
// keeps its own width (the title is elided when drawn), where a plain
// QCPTextElement asks for the whole text's width.
void TestVectorPlot::longTitleFitsNarrowChart()
{
    VectorPlot plot;
    const QString text = QStringLiteral("Step time over the cluster in step 12, ranks sorted by compute time");
    QFont bold = plot.font();
    bold.setBold(true);
    QCPTextElement* title = makeChartTitle(&plot, text, bold);
    title->setMargins(QMargins(2, 6, 3, 0));
    plot.plotLayout()->insertRow(0);
    plot.plotLayout()->addElement(0, 0, title);
    const int textWidth = QFontMetrics(bold).horizontalAdvance(text);
    QVERIFY(textWidth > 300);
    QCOMPARE(static_cast<QCPLayoutElement*>(title)->minimumOuterSizeHint().width(), 5);
    QCPTextElement plain(&plot, text, bold);
    QVERIFY(static_cast<QCPLayoutElement*>(&plain)->minimumOuterSizeHint().width() >= textWidth);
    // Drawn elided into a chart narrower than the text, the full text kept.
    const QPixmap image = plot.toPixmap(220, 160);
    QCOMPARE(image.width(), 220);
    QCOMPARE(title->text(), text);
}

// The one title policy at three widths, the expected lines worked out from
// the font's own metrics: whole; the last " (...)" on a second line (and
// the row two lines high); each line elided. A title without a parenthesis
// stays on one line, elided.
void TestVectorPlot::titleWrapsThenElides_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("mean in parentheses") << QStringLiteral("Communication (not overlapped) per step (mean 3.761 ms)");
    QTest::newRow("no parenthesis") << QStringLiteral("Communication not overlapped per step, mean of every rank");
}

void TestVectorPlot::titleWrapsThenElides()
{
    QFETCH(QString, text);
    VectorPlot plot;
    QFont bold = plot.font();
    bold.setBold(true);
    ChartTitle* title = makeChartTitle(&plot, text, bold);
    plot.plotLayout()->insertRow(0);
    plot.plotLayout()->addElement(0, 0, title);
    const QFontMetrics metrics(bold);
    const qsizetype paren = text.lastIndexOf(QStringLiteral(" ("));
    const QString head = paren > 0 ? text.left(paren) : text;
    const QString tail = paren > 0 ? text.mid(paren + 1) : QString();
    const int whole = metrics.horizontalAdvance(text);
    // Wide enough for the longer half: both halves whole (without a
    // parenthesis, a little narrower than the text).
    const int twoLines = paren > 0 ? std::max(metrics.horizontalAdvance(head), metrics.horizontalAdvance(tail)) + 10
                                   : whole - 20;
    QVERIFY(twoLines + 10 < whole);

    const auto layOut = [&](int widthPx) {
        plot.setViewport(QRect(0, 0, widthPx, 300));
        plot.replot(QCustomPlot::rpImmediateRefresh);
        return title->shownText().split(QLatin1Char('\n'));
    };
    QCOMPARE(layOut(whole + 20), QStringList { text });
    QVERIFY(title->outerRect().height() < 2 * metrics.lineSpacing());

    const QStringList wrapped = layOut(twoLines);
    if (paren > 0) {
        QCOMPARE(wrapped, (QStringList { head, tail }));
        QVERIFY(title->outerRect().height() >= 2 * metrics.lineSpacing());
    } else {
        QCOMPARE(wrapped.size(), 1);
        QVERIFY(wrapped[0].endsWith(QChar(0x2026)));
    }

    const int narrow = metrics.horizontalAdvance(tail.isEmpty() ? head : tail) / 2;
    const QStringList elided = layOut(narrow);
    QCOMPARE(elided.size(), paren > 0 ? 2 : 1);
    for (const QString& line : elided) {
        QVERIFY2(line.endsWith(QChar(0x2026)), qPrintable(line));
        QVERIFY(metrics.horizontalAdvance(line) <= narrow);
    }
    QCOMPARE(title->text(), text); // what was set is kept whole
}

void TestVectorPlot::legendColumnsFitTheWidth_data()
{
    QTest::addColumn<int>("width");
    for (int width : { 1400, 700, 420, 300 })
        QTest::addRow("%d px", width) << width;
}

void TestVectorPlot::legendColumnsFitTheWidth()
{
    // The Data Preparation page's CPU chart: seven series, one long name.
    // Under the axis rect, the legend takes as many columns as fit: every
    // item inside the plot, and one row when the plot is wide enough.
    QFETCH(int, width);
    VectorPlot plot;
    plot.legend->setVisible(true);
    plot.axisRect()->insetLayout()->take(plot.legend);
    plot.plotLayout()->addElement(1, 0, plot.legend);
    const QStringList names { QStringLiteral("machine user"), QStringLiteral("machine sys"),
        QStringLiteral("machine io"), QStringLiteral("machine idle"), QStringLiteral("process user (% of a core)"),
        QStringLiteral("process sys (% of a core)"), QStringLiteral("op Shuffle_1 user+sys") };
    for (const QString& name : names)
        plot.addGraph()->setName(name);
    QObject::connect(&plot, &QCustomPlot::beforeReplot, &plot, [&plot] { fitLegendColumns(&plot, plot.width()); });
    plot.resize(width, 500);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    QCOMPARE(plot.viewport().width(), width);
    plot.replot();
    plot.replot(); // the second lays out the columns the first chose
    int oneRow = 0;
    int items = 0;
    // The grid's cells in fill order; a wrapped last row leaves empty ones.
    for (int i = 0; i < plot.legend->itemCount(); ++i) {
        const QCPAbstractLegendItem* item = plot.legend->item(i);
        if (!item)
            continue;
        ++items;
        const QRect r = item->outerRect();
        QVERIFY2(r.left() >= 0 && r.right() < width, qPrintable(QString::number(i)));
        QVERIFY2(r.width() >= item->minimumOuterSizeHint().width(), qPrintable(QString::number(i)));
        oneRow += item->minimumOuterSizeHint().width() + plot.legend->columnSpacing();
    }
    QCOMPARE(items, int(names.size()));
    if (oneRow + 40 < width)
        QCOMPARE(plot.legend->wrap(), int(names.size()));
    else
        QVERIFY(plot.legend->wrap() < int(names.size()));
}

QTEST_MAIN(TestVectorPlot)
#include "tst_vectorplot.moc"
