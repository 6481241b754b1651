// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QPalette>

class QMenu;
class QActionGroup;

namespace profscope {

// View → Theme: System, Light or Dark, remembered in the settings. Light and
// Dark set an explicit palette (Fusion style, so that every widget follows
// it); the charts and the timeline repaint on QEvent::PaletteChange like
// they do when the system switches.
enum class Theme
{
    System,
    Light,
    Dark,
};

Theme savedTheme();
void applyTheme(Theme theme); // and remember it
QPalette darkPalette();
QPalette lightPalette();

class ThemeMenu : public QObject
{
    Q_OBJECT
public:
    ThemeMenu(QMenu* viewMenu, QObject* parent);
    QActionGroup* group() const
    {
        return m_group;
    }

private:
    QActionGroup* m_group;
};

} // namespace profscope
