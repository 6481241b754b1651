// SPDX-License-Identifier: Apache-2.0
#include "theme.h"
#include "common/settingswriter.h"

#include <QActionGroup>
#include <QApplication>
#include <QMenu>
#include <QStyle>
#include <QStyleFactory>

namespace profscope {

namespace {

constexpr char kThemeKey[] = "ui/theme";

// The palette and style the application started with: what System restores.
struct Startup
{
    QPalette palette;
    QString style;
};

Startup& startup()
{
    static Startup s { QApplication::palette(), QApplication::style()->name() };
    return s;
}

} // namespace

Theme savedTheme()
{
    const QString v = settingValue(QLatin1String(kThemeKey)).toString();
    return v == QLatin1String("dark") ? Theme::Dark : v == QLatin1String("light") ? Theme::Light : Theme::System;
}

QPalette lightPalette()
{
    QPalette p = QStyleFactory::create(QStringLiteral("Fusion"))->standardPalette();
    p.setColor(QPalette::Highlight, QColor(0x2a, 0x6f, 0xd1));
    return p;
}

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x31), base(0x1f, 0x21, 0x24), text(0xe6, 0xe8, 0xeb);
    const QColor muted(0x8a, 0x8f, 0x96), button(0x35, 0x38, 0x3d), highlight(0x3d, 0x7e, 0xdb);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, button);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, muted);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, button);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Light, button.lighter(130));
    p.setColor(QPalette::Midlight, button.lighter(115));
    p.setColor(QPalette::Mid, button.darker(120));
    p.setColor(QPalette::Dark, base.darker(130));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6a, 0xa8, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb0, 0x8c, 0xff));
    for (const QPalette::ColorRole role : { QPalette::WindowText, QPalette::Text, QPalette::ButtonText })
        p.setColor(QPalette::Disabled, role, muted);
    return p;
}

void applyTheme(Theme theme)
{
    startup(); // remember the system look before the first change
    setSettingValue(QLatin1String(kThemeKey),
        theme == Theme::Dark ? QStringLiteral("dark") : theme == Theme::Light ? QStringLiteral("light") : QString());
    if (theme == Theme::System) {
        QApplication::setStyle(QStyleFactory::create(startup().style));
        QApplication::setPalette(startup().palette);
        return;
    }
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(theme == Theme::Dark ? darkPalette() : lightPalette());
}

ThemeMenu::ThemeMenu(QMenu* viewMenu, QObject* parent)
    : QObject(parent)
    , m_group(new QActionGroup(this))
{
    QMenu* menu = viewMenu->addMenu(tr("&Theme"));
    m_group->setExclusive(true);
    const Theme current = savedTheme();
    const std::pair<Theme, QString> themes[] = {
        { Theme::System, tr("System") },
        { Theme::Light, tr("Light") },
        { Theme::Dark, tr("Dark") },
    };
    for (const auto& [theme, name] : themes) {
        QAction* action = menu->addAction(name);
        action->setCheckable(true);
        action->setChecked(theme == current);
        action->setData(int(theme));
        action->setObjectName(QStringLiteral("theme%1").arg(int(theme)));
        m_group->addAction(action);
        connect(action, &QAction::triggered, this, [chosen = theme] { applyTheme(chosen); });
    }
}

} // namespace profscope
