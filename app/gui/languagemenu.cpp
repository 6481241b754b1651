// SPDX-License-Identifier: Apache-2.0
#include "languagemenu.h"
#include "common/settingswriter.h"

#include <QActionGroup>
#include <QCoreApplication>
#include <QMenu>
#include <QMessageBox>

#include <utility>

namespace profscope {

namespace {

// The main window's context, where these strings were translated first.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::MainWindow)
};

const char* const kLanguageKey = "ui/language";

} // namespace

LanguageMenu::LanguageMenu(QMenu* viewMenu, QWidget* window)
    : QObject(window)
    , m_window(window)
    , m_group(new QActionGroup(window))
{
    QMenu* language = viewMenu->addMenu(Tr::tr("&Language"));
    m_group->setExclusive(true);
    const QString current = settingValue(QLatin1String(kLanguageKey)).toString();
    // Language names are written in their own language (endonyms) so that a
    // user can find theirs whatever the current UI language is.
    const std::pair<QString, QString> languages[] = {
        { QString(), Tr::tr("System") },
        { QStringLiteral("en"), QStringLiteral("English") },
        { QStringLiteral("zh_CN"), QStringLiteral("中文") },
    };
    for (const auto& [code, name] : languages) {
        QAction* action = language->addAction(name);
        action->setCheckable(true);
        action->setChecked(code == current);
        action->setData(code);
        m_group->addAction(action);
        connect(action, &QAction::triggered, this, [this, language = code] { setLanguage(language); });
    }
    language->addSeparator();
    QAction* note = language->addAction(Tr::tr("Applies after a restart"));
    note->setEnabled(false);
}

void LanguageMenu::setLanguage(const QString& code)
{
    if (settingValue(QLatin1String(kLanguageKey)).toString() == code)
        return;
    setSettingValue(QLatin1String(kLanguageKey), code);
    // Window-modal and non-blocking: nothing else waits on the answer.
    auto* box = new QMessageBox(QMessageBox::Information, Tr::tr("Language"),
        Tr::tr("The new language is used the next time Profscope starts."), QMessageBox::Ok, m_window);
    box->setObjectName(QStringLiteral("languageNotice"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace profscope
