// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QObject>
#include <QStringList>

class QMenu;

namespace profscope {

// How a path list reads in the title, the Recent menu and load messages:
// the first path, "and 2 more" for the others.
QString displayPaths(const QStringList& paths);

// The profiles opened lately (a path list a load), kept in QSettings, and the
// File → Open Recent menu built from them when it opens.
class RecentPaths : public QObject
{
    Q_OBJECT
public:
    RecentPaths(QMenu* menu, QObject* parent);

    // Recent folder sets, newest first, without those that no longer exist.
    static QList<QStringList> load();
    static void add(const QStringList& paths);

    // Adds `paths` and tells the listeners.
    void remember(const QStringList& paths);
    // Emits changed() with the list as stored now.
    void refresh();

signals:
    void openRequested(const QStringList& paths);
    void changed(const QList<QStringList>& recent);

private:
    void rebuildMenu();

    QMenu* m_menu;
};

} // namespace profscope
