// SPDX-License-Identifier: Apache-2.0
#pragma once

// Helpers for the view tests (QtGui); header-only so that the testsupport
// library stays QtTest + core.

#include <QColor>
#include <QPalette>
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

// Where screenshot tests write: $PROFSCOPE_SCREENSHOT_DIR when set (to keep
// the images), else `fallback`.
inline QString screenshotDir(const QTemporaryDir& fallback)
{
    return qEnvironmentVariableIsSet("PROFSCOPE_SCREENSHOT_DIR") ? qEnvironmentVariable("PROFSCOPE_SCREENSHOT_DIR")
                                                                 : fallback.path();
}

} // namespace profscope::test
