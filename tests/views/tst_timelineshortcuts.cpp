// SPDX-License-Identifier: Apache-2.0
// The timeline's Perfetto / Nsight style input, offscreen on a real rank:
// Ctrl+F, Ctrl+0, touchpad pixel deltas, M markers and the `?` sheet.
#include "common/viewstate.h"
#include "load/profileloader.h"
#include "testsupport.h"
#include "timeline/timelinepage.h"
#include "timeline/timelineshortcuts.h"
#include "timeline/timelinewidget.h"

#include <QApplication>
#include <QImage>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QWheelEvent>

using namespace profscope;

namespace {

// Shortcuts only fire in the active window.
bool showActive(QWidget& w)
{
    w.show();
    QApplication::setActiveWindow(&w);
    return QTest::qWaitForWindowActive(&w);
}

void sendWheel(QWidget& w, QPointF at, QPoint pixels, QPoint angle, Qt::KeyboardModifiers mods)
{
    QWheelEvent e(at, w.mapToGlobal(at), pixels, angle, Qt::NoButton, mods, Qt::ScrollUpdate, false);
    QApplication::sendEvent(&w, &e);
}

} // namespace

class TestTimelineShortcuts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void ctrlZeroResetsZoom();
    void ctrlFFocusesSearch();
    void touchpadPixelDeltas();
    void markers();
    void shortcutSheet();

private:
    ProfilePtr m_profile;
};

void TestTimelineShortcuts::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("ProfscopeTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_timelineshortcuts"));
    m_profile = ProfileLoader::load({ test::textRank(1, 0) });
    QVERIFY(m_profile);
}

void TestTimelineShortcuts::ctrlZeroResetsZoom()
{
    ViewState state;
    state.setProfile(m_profile);
    state.setCurrentRank(0);
    TimelinePage page(&state);
    page.resize(1400, 800);
    QVERIFY(showActive(page));
    TimelineWidget* w = page.timeline();
    const double fitStart = w->visibleStartNs(), fitEnd = w->visibleEndNs();
    QVERIFY(fitEnd > fitStart);
    w->setFocus();
    for (int i = 0; i < 5; ++i)
        QTest::keyClick(w, Qt::Key_W);
    QVERIFY(w->visibleEndNs() - w->visibleStartNs() < (fitEnd - fitStart) / 5);

    QTest::keyClick(w, Qt::Key_0, Qt::ControlModifier);
    QCOMPARE(qRound64(w->visibleStartNs()), qRound64(fitStart));
    QCOMPARE(qRound64(w->visibleEndNs()), qRound64(fitEnd));

    // Also from the search box: the shortcut belongs to the whole page.
    w->setVisibleRange(fitStart, fitStart + (fitEnd - fitStart) / 10);
    auto* search = page.findChild<QLineEdit*>();
    QVERIFY(search);
    search->setFocus();
    QTest::keyClick(search, Qt::Key_0, Qt::ControlModifier);
    QCOMPARE(qRound64(w->visibleEndNs() - w->visibleStartNs()), qRound64(fitEnd - fitStart));
    QVERIFY(search->text().isEmpty());
}

void TestTimelineShortcuts::ctrlFFocusesSearch()
{
    ViewState state;
    state.setProfile(m_profile);
    state.setCurrentRank(0);
    TimelinePage page(&state);
    page.resize(1400, 800);
    QVERIFY(showActive(page));
    auto* search = page.findChild<QLineEdit*>();
    QVERIFY(search);
    search->setText(QStringLiteral("aten"));
    page.timeline()->setFocus();
    QVERIFY(page.timeline()->hasFocus());
    QTest::keyClick(page.timeline(), Qt::Key_F, Qt::ControlModifier);
    QVERIFY(search->hasFocus());
    // The old text is selected: typing replaces it.
    QCOMPARE(search->selectedText(), QStringLiteral("aten"));
    QTest::keyClicks(search, QStringLiteral("hccl"));
    QCOMPARE(search->text(), QStringLiteral("hccl"));
    // Plain F still fits (no Ctrl): it does not steal the search.
    page.timeline()->setFocus();
    QTest::keyClick(page.timeline(), Qt::Key_F);
    QVERIFY(page.timeline()->hasFocus());
}

void TestTimelineShortcuts::touchpadPixelDeltas()
{
    TimelineWidget w;
    w.resize(1200, 600);
    w.setProfile(m_profile, { 0 });
    const TimelineViewport vp = w.viewport();
    const QPointF at(vp.headerWidth + 300, 200);

    // A small two-finger swipe scrolls by exactly its pixels, not by rows.
    sendWheel(w, at, QPoint(0, -7), QPoint(0, -21), Qt::NoModifier);
    QCOMPARE(w.scrollY(), 7);
    // Sideways pans by the pixels.
    const double s0 = w.visibleStartNs();
    sendWheel(w, at, QPoint(-25, 0), QPoint(-75, 0), Qt::NoModifier);
    QVERIFY(std::abs(w.visibleStartNs() - (s0 + 25 * vp.nsPerPx)) < 1.0);
    // Ctrl (pinch on X11) zooms a little per event, around the pointer.
    const double span0 = w.visibleEndNs() - w.visibleStartNs();
    const double under = w.viewport().nsAt(at.x());
    sendWheel(w, at, QPoint(0, 6), QPoint(0, 18), Qt::ControlModifier);
    const double span1 = w.visibleEndNs() - w.visibleStartNs();
    QVERIFY(span1 < span0);
    QVERIFY(span1 > span0 / 1.1); // smooth: a few percent, not a whole notch
    QVERIFY(std::abs(w.viewport().nsAt(at.x()) - under) < w.nsPerPx());

    // A high-resolution mouse wheel (angle below a notch) still scrolls.
    w.setScrollY(0);
    sendWheel(w, at, QPoint(), QPoint(0, -40), Qt::NoModifier);
    QVERIFY(w.scrollY() > 0);
}

void TestTimelineShortcuts::markers()
{
    TimelineWidget w;
    w.resize(1200, 600);
    w.setProfile(m_profile, { 0 });
    QVERIFY(showActive(w));
    const TimelineViewport vp = w.viewport();
    QSignalSpy spy(&w, &TimelineWidget::markersChanged);
    const QPoint at(vp.headerWidth + 400, 300);
    QTest::mouseMove(&w, at);
    QTest::keyClick(&w, Qt::Key_M);
    QCOMPARE(int(w.markers().size()), 1);
    QVERIFY(std::abs(w.markers().front() - vp.nsAt(at.x())) <= vp.nsPerPx);
    QCOMPARE(spy.count(), 1);
    // Another place, another marker; the same place again removes it.
    QTest::mouseMove(&w, at + QPoint(200, 0));
    QTest::keyClick(&w, Qt::Key_M);
    QCOMPARE(int(w.markers().size()), 2);
    QVERIFY(w.markers()[0] < w.markers()[1]);
    QTest::keyClick(&w, Qt::Key_M);
    QCOMPARE(int(w.markers().size()), 1);
    // A marker is drawn: its flag in the ruler has the highlight colour.
    {
        QImage image(w.size(), QImage::Format_ARGB32_Premultiplied);
        w.render(&image);
        const int x = qRound(w.viewport().xOf(w.markers().front()));
        QCOMPARE(image.pixelColor(x, vp.rulerHeight - 3).rgb(), w.palette().color(QPalette::Highlight).rgb());
    }
    // Shift+M removes them all.
    QTest::keyClick(&w, Qt::Key_M, Qt::ShiftModifier);
    QVERIFY(w.markers().empty());
}

void TestTimelineShortcuts::shortcutSheet()
{
    ViewState state;
    state.setProfile(m_profile);
    state.setCurrentRank(0);
    TimelinePage page(&state);
    page.resize(1400, 800);
    QVERIFY(showActive(page));
    page.timeline()->setFocus();
    QTest::keyClick(page.timeline(), Qt::Key_Question, Qt::ShiftModifier, 0);
    auto* sheet = page.findChild<TimelineShortcutSheet*>();
    QVERIFY(sheet);
    QVERIFY(sheet->isVisible());
    // Every binding the tests above use is on it.
    QStringList keys;
    for (const TimelineShortcut& s : TimelineShortcuts::all())
        keys << s.keys;
    for (const QString& k : { QKeySequence(Qt::CTRL | Qt::Key_F).toString(QKeySequence::NativeText),
             QKeySequence(Qt::CTRL | Qt::Key_0).toString(QKeySequence::NativeText), QStringLiteral("M"),
             QStringLiteral("?") })
        QVERIFY2(keys.contains(k), qPrintable(k));
    sheet->close();
}

QTEST_MAIN(TestTimelineShortcuts)
#include "tst_timelineshortcuts.moc"
