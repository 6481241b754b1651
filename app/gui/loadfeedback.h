// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "model/profile.h"

#include <QObject>

class QLabel;
class QMainWindow;
class QProgressBar;
class QWidget;

namespace profscope {

class Banner;
class LoadController;

// What the window shows of a load: the loading page (while the first profile
// loads), the progress and Cancel in the status bar, and what came of it in
// the banner and the status bar. Which page is shown stays the window's.
class LoadFeedback : public QObject
{
    Q_OBJECT
public:
    LoadFeedback(LoadController* loader, Banner* banner, QMainWindow* window);

    // For the window's page stack.
    QWidget* loadingPage() const
    {
        return m_loadingPage;
    }
    // For the window's status bar (a permanent widget, shown while loading).
    QWidget* statusWidget() const
    {
        return m_statusLoad;
    }

    // The load found nothing usable: an error banner naming the paths.
    void showFailed(const Profile& profile);
    // The load gave `profile`: the demo note, or the problems it met.
    void showLoaded(const Profile& profile, bool demo);
    void showPartial(const Profile& profile);

private:
    void buildLoadingPage();
    void buildStatusWidget();
    void onStarted(const QStringList& paths);
    void onProgress(int permille, const QString& text);

    LoadController* m_loader;
    Banner* m_banner;
    QMainWindow* m_window;

    QWidget* m_loadingPage;
    QLabel* m_loadingTitle;
    QLabel* m_loadingStage;
    QProgressBar* m_loadingBar;

    QWidget* m_statusLoad;
    QLabel* m_statusStage;
    QProgressBar* m_statusBar;
    QLabel* m_partialLabel = nullptr;
};

} // namespace profscope
