// SPDX-License-Identifier: Apache-2.0
// --screenshot waits for the last paint: the grab runs after a widget stops
// repainting (and the analysis jobs are done), not after a fixed delay; a
// widget that never stops repainting cannot hang it.
#include "settledgrab.h"

#include <QElapsedTimer>
#include <QPaintEvent>
#include <QTest>
#include <QTimer>
#include <QWidget>

using namespace profscope;

namespace {

// Repaints every 20 ms until `stopAfterMs` (forever when negative) and
// remembers when it last painted.
class Busy : public QWidget
{
public:
    explicit Busy(int stopAfterMs)
    {
        m_clock.start();
        connect(&m_timer, &QTimer::timeout, this, [this, stopAfterMs] {
            if (stopAfterMs >= 0 && m_clock.elapsed() >= stopAfterMs)
                m_timer.stop();
            else
                update();
        });
        m_timer.start(20);
    }
    qint64 lastPaintMs = -1;
    QElapsedTimer m_clock;

protected:
    void paintEvent(QPaintEvent*) override
    {
        lastPaintMs = m_clock.elapsed();
    }

private:
    QTimer m_timer;
};

} // namespace

class TestSettledGrab : public QObject
{
    Q_OBJECT

private slots:
    void waitsForTheLastPaint();
    void boundedWhenNeverQuiet();
};

void TestSettledGrab::waitsForTheLastPaint()
{
    Busy busy(400);
    busy.resize(200, 100);
    busy.show();
    qint64 grabbedMs = -1;
    qint64 lastPaintAtGrab = -1;
    SettledGrab grab([&] {
        grabbedMs = busy.m_clock.elapsed();
        lastPaintAtGrab = busy.lastPaintMs;
    });
    grab.start(150, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(grab.done(), 5000);
    // After the widget stopped (~400 ms) and a quiet 150 ms, not before.
    QVERIFY2(lastPaintAtGrab >= 300, qPrintable(QString::number(lastPaintAtGrab)));
    QVERIFY2(grabbedMs >= lastPaintAtGrab + 150, qPrintable(QStringLiteral("%1 vs %2").arg(grabbedMs).arg(lastPaintAtGrab)));
    QCOMPARE(busy.lastPaintMs, lastPaintAtGrab); // nothing painted after the grab
}

void TestSettledGrab::boundedWhenNeverQuiet()
{
    Busy busy(-1);
    busy.resize(200, 100);
    busy.show();
    int grabs = 0;
    SettledGrab grab([&] { ++grabs; });
    QElapsedTimer clock;
    clock.start();
    grab.start(150, 600);
    QTRY_VERIFY_WITH_TIMEOUT(grab.done(), 5000);
    QVERIFY(clock.elapsed() >= 600);
    QCOMPARE(grabs, 1);
    grab.start(); // once only
    QTest::qWait(300);
    QCOMPARE(grabs, 1);
}

QTEST_MAIN(TestSettledGrab)
#include "tst_settledgrab.moc"
