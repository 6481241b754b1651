// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>

class QActionGroup;
class QMenu;
class QWidget;

namespace profscope {

// View → Language: System, English or 中文, remembered in the settings and
// applied at the next start (main.cpp installs the translators).
class LanguageMenu : public QObject
{
    Q_OBJECT
public:
    // The restart notice is a window-modal box on `window`.
    LanguageMenu(QMenu* viewMenu, QWidget* window);

private:
    void setLanguage(const QString& code);

    QWidget* m_window;
    QActionGroup* m_group;
};

} // namespace profscope
