// SPDX-License-Identifier: Apache-2.0
#include "recentpaths.h"

#include "common/settingswriter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QMenu>

#include <algorithm>

namespace profscope {

namespace {

// The main window's context, where these strings were translated first.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::MainWindow)
};

constexpr int kMaxRecent = 10;
const char* const kRecentKey = "recent/entries";

// One recent entry is the path list of one load; stored as one string with
// the paths on separate lines (newlines do not occur in profiler paths).
QString joinEntry(const QStringList& paths)
{
    return paths.join(QLatin1Char('\n'));
}

QStringList splitEntry(const QString& entry)
{
    return entry.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace

QString displayPaths(const QStringList& paths)
{
    if (paths.isEmpty())
        return {};
    const QString first = QDir::toNativeSeparators(paths.first());
    if (paths.size() == 1)
        return first;
    return Tr::tr("%1 and %n more", nullptr, int(paths.size() - 1)).arg(first);
}

RecentPaths::RecentPaths(QMenu* menu, QObject* parent)
    : QObject(parent)
    , m_menu(menu)
{
    connect(m_menu, &QMenu::aboutToShow, this, &RecentPaths::rebuildMenu);
    rebuildMenu();
}

QList<QStringList> RecentPaths::load()
{
    const QStringList stored = settingValue(QLatin1String(kRecentKey)).toStringList();
    QList<QStringList> recent;
    QStringList kept;
    for (const QString& entry : stored) {
        const QStringList paths = splitEntry(entry);
        const bool allExist = !paths.isEmpty()
            && std::all_of(paths.begin(), paths.end(), [](const QString& p) { return QFileInfo::exists(p); });
        if (!allExist || kept.contains(entry) || kept.size() >= kMaxRecent)
            continue;
        kept << entry;
        recent << paths;
    }
    if (kept != stored)
        setSettingValue(QLatin1String(kRecentKey), kept);
    return recent;
}

void RecentPaths::add(const QStringList& paths)
{
    if (paths.isEmpty())
        return;
    QStringList stored = settingValue(QLatin1String(kRecentKey)).toStringList();
    const QString entry = joinEntry(paths);
    stored.removeAll(entry);
    stored.prepend(entry);
    while (stored.size() > kMaxRecent)
        stored.removeLast();
    // Written off the GUI thread: this runs as a load ends (settingswriter.h).
    setSettingValue(QLatin1String(kRecentKey), stored);
}

void RecentPaths::remember(const QStringList& paths)
{
    add(paths);
    refresh();
}

void RecentPaths::refresh()
{
    emit changed(load());
}

void RecentPaths::rebuildMenu()
{
    m_menu->clear();
    const QList<QStringList> recent = load();
    int number = 0;
    for (const QStringList& paths : recent) {
        ++number;
        // '&' in a path would turn into a mnemonic; the number is the mnemonic.
        QString shown = displayPaths(paths);
        shown.replace(QLatin1Char('&'), QStringLiteral("&&"));
        const QString label = number < 10 ? QStringLiteral("&%1  %2").arg(number).arg(shown)
                                          : QStringLiteral("%1  %2").arg(number).arg(shown);
        QAction* action = m_menu->addAction(label);
        connect(action, &QAction::triggered, this, [this, paths] { emit openRequested(paths); });
    }
    if (recent.isEmpty()) {
        QAction* none = m_menu->addAction(Tr::tr("No recent folders"));
        none->setEnabled(false);
    } else {
        m_menu->addSeparator();
        m_menu->addAction(Tr::tr("&Clear Recent"), this, [this] {
            removeSetting(QLatin1String(kRecentKey));
            refresh();
        });
    }
}

} // namespace profscope
