// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "model/profile.h"

#include <QMainWindow>

class QActionGroup;
class QDialog;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QTreeView;

namespace profscope {

class Banner;
class ImportReportView;
class LoadController;
class ProjectTreeModel;
class SummaryPage;
class WelcomePage;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Starts loading; the current profile stays until the new one is in.
    void openPaths(const QStringList& paths);
    // The profile shown (the last load that found anything).
    const ProfilePtr& profile() const
    {
        return m_profile;
    }

    // Restores the saved geometry and dock state; false when none was saved.
    bool restoreWindowState();

    // Opens (or raises) the non-modal import report for the shown profile.
    void showImportReport();

    // For tests and --screenshot.
    LoadController* loadController() const
    {
        return m_loader;
    }
    ProjectTreeModel* projectModel() const
    {
        return m_projectModel;
    }
    QTreeView* projectTree() const
    {
        return m_projectTree;
    }
    SummaryPage* summaryPage() const
    {
        return m_summaryPage;
    }
    WelcomePage* welcomePage() const
    {
        return m_welcomePage;
    }
    QWidget* currentPage() const;
    Banner* banner() const
    {
        return m_banner;
    }
    // Created on first use.
    ImportReportView* importReportView();
    QDialog* importReportDialog();

    // Recent folder sets, newest first, without those that no longer exist.
    static QList<QStringList> recentPaths();
    static void addRecentPaths(const QStringList& paths);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createDock();
    void createStatusBar();
    void openFolderDialog();
    void rebuildRecentMenu();
    void refreshRecent();
    void setProfile(const ProfilePtr& profile);
    void showReportFor(const ProfilePtr& profile);
    void updateTitle();
    void onLoadStarted(const QStringList& paths);
    void onLoadProgress(int permille, const QString& text);
    void onLoadFinished(const ProfilePtr& profile);
    void onLoadCanceled();
    void onLoadingChanged(bool loading);
    void setLanguage(const QString& code);
    void showAbout();

    LoadController* m_loader;
    ProfilePtr m_profile;
    QStringList m_profilePaths; // what was opened to get m_profile
    ProfilePtr m_bannerProfile; // the load the banner talks about (may differ after a failed load)

    QStackedWidget* m_pages;
    WelcomePage* m_welcomePage;
    QWidget* m_loadingPage;
    QLabel* m_loadingTitle;
    QLabel* m_loadingStage;
    QProgressBar* m_loadingBar;
    SummaryPage* m_summaryPage;
    Banner* m_banner;

    ProjectTreeModel* m_projectModel;
    QTreeView* m_projectTree;
    QStackedWidget* m_dockPages = nullptr;

    QWidget* m_statusLoad;
    QLabel* m_statusStage;
    QProgressBar* m_statusBar;

    QMenu* m_recentMenu = nullptr;
    QAction* m_reportAction = nullptr;
    QActionGroup* m_languageGroup = nullptr;

    QDialog* m_reportDialog = nullptr;
    ImportReportView* m_reportView = nullptr;
};

} // namespace profscope
