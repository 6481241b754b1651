// SPDX-License-Identifier: Apache-2.0
// Charts zoom with Ctrl+wheel only: the plain wheel belongs to the page that
// scrolls around them.
#include "common/vectorplot.h"

#include <QApplication>
#include <QTest>
#include <QWheelEvent>

using namespace profscope;

class TestVectorPlot : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ctrlWheelZooms();
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

QTEST_MAIN(TestVectorPlot)
#include "tst_vectorplot.moc"
