// SPDX-License-Identifier: Apache-2.0
// View → Theme: Light and Dark set the application palette (and are
// remembered), System restores the palette the application started with.
#include "mainwindow.h"
#include "theme.h"
#include "viewtestsupport.h"

#include <QAction>
#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

using namespace profscope;

class TestTheme : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void menuSwitchesAndRemembers();
};

void TestTheme::initTestCase()
{
    QVERIFY(test::isolateUserLocations(QStringLiteral("tst_theme")));
    QSettings().remove(QStringLiteral("ui/theme"));
}

void TestTheme::menuSwitchesAndRemembers()
{
    const QColor startWindow = QApplication::palette().color(QPalette::Window);
    MainWindow window;
    auto* dark = window.findChild<QAction*>(QStringLiteral("theme%1").arg(int(Theme::Dark)));
    auto* light = window.findChild<QAction*>(QStringLiteral("theme%1").arg(int(Theme::Light)));
    auto* system = window.findChild<QAction*>(QStringLiteral("theme%1").arg(int(Theme::System)));
    QVERIFY(dark && light && system);
    QVERIFY(system->isChecked());

    dark->trigger();
    QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 80);
    QVERIFY(QApplication::palette().color(QPalette::WindowText).lightness() > 180);
    QTRY_VERIFY(window.palette().color(QPalette::Window).lightness() < 80); // widgets follow
    QCOMPARE(savedTheme(), Theme::Dark);

    light->trigger();
    QVERIFY(QApplication::palette().color(QPalette::Window).lightness() > 180);
    QCOMPARE(savedTheme(), Theme::Light);

    system->trigger();
    QCOMPARE(QApplication::palette().color(QPalette::Window), startWindow);
    QCOMPARE(savedTheme(), Theme::System);
}

QTEST_MAIN(TestTheme)
#include "tst_theme.moc"
