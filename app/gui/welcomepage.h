// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QStringList>
#include <QWidget>

class QLabel;
class QListWidget;
class QPushButton;

namespace profscope {

// Shown while nothing is loaded: the open button, recent folders and what
// kinds of folders Profscope understands.
class WelcomePage : public QWidget
{
    Q_OBJECT
public:
    explicit WelcomePage(QWidget* parent = nullptr);

    // Each entry is the path list of one earlier load, newest first.
    void setRecent(const QList<QStringList>& recent);
    QListWidget* recentList() const
    {
        return m_recent;
    }
    QPushButton* openButton() const
    {
        return m_openButton;
    }

signals:
    void openFolderRequested();
    void openDemoRequested();
    void openRecentRequested(const QStringList& paths);

private:
    QPushButton* m_openButton;
    QListWidget* m_recent;
    QLabel* m_noRecent;
};

} // namespace profscope
