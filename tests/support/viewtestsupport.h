// SPDX-License-Identifier: Apache-2.0
#pragma once

// Helpers for the view tests (QtGui); header-only so that the testsupport
// library stays QtTest + core.

#include <QColor>
#include <QCoreApplication>
#include <QPalette>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>

namespace profscope::test {

// A dark theme like the desktop's dark mode, for checking that views take
// their colours from the palette.
inline QPalette darkPalette()
{
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    dark.setColor(QPalette::WindowText, QColor(0xdd, 0xdd, 0xdd));
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    dark.setColor(QPalette::AlternateBase, QColor(0x26, 0x26, 0x26));
    dark.setColor(QPalette::Text, QColor(0xdd, 0xdd, 0xdd));
    dark.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    dark.setColor(QPalette::ButtonText, QColor(0xdd, 0xdd, 0xdd));
    dark.setColor(QPalette::Mid, QColor(0x55, 0x55, 0x55));
    dark.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xb8));
    return dark;
}

// Settings (recent folders, language, theme) and the demo cluster of a GUI
// test go to a home of this run's own, never the user's, and never shared
// with runs from other build folders at the same time. False when no
// temporary folder could be made.
inline bool isolateUserLocations(const QString& applicationName)
{
    static QTemporaryDir home;
    if (!home.isValid())
        return false;
    qputenv("HOME", home.path().toLocal8Bit());
    qunsetenv("XDG_CONFIG_HOME");
    qunsetenv("XDG_CACHE_HOME");
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("ProfscopeTest"));
    QCoreApplication::setApplicationName(applicationName);
    return QStandardPaths::writableLocation(QStandardPaths::CacheLocation).startsWith(home.path());
}

// Where screenshot tests write: $PROFSCOPE_SCREENSHOT_DIR when set (to keep
// the images), else `fallback`.
inline QString screenshotDir(const QTemporaryDir& fallback)
{
    return qEnvironmentVariableIsSet("PROFSCOPE_SCREENSHOT_DIR") ? qEnvironmentVariable("PROFSCOPE_SCREENSHOT_DIR")
                                                                 : fallback.path();
}

} // namespace profscope::test
