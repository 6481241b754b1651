// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "model/profile.h"

#include <QMainWindow>
#include <QSize>

class QActionGroup;
class QComboBox;
class QLineEdit;
class QModelIndex;
class QToolBar;
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
class ProjectDock;
class ProjectTreeModel;
class SummaryPage;
class ViewState;
class WelcomePage;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    // The analysis pages, in the order of the page bar (Ctrl+1 … Ctrl+9 for the first nine).
    enum class Page
    {
        Summary,
        Overview,
        StepTrace,
        Timeline,
        Operators,
        Communication,
        Marey,
        Memory,
        DataPrep,
        Resources,
        Strategy
    };
    static constexpr int kPageCount = 11;

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // The selection state every page shares.
    ViewState* viewState() const
    {
        return m_state;
    }
    QWidget* page(Page page) const;
    QAction* pageAction(Page page) const;
    void showPage(Page page);
    // The page shown, or -1 on the welcome / loading page.
    int currentPageIndex() const;

    // Opens the generated demo cluster (written once into the cache folder).
    void openDemo();
    // Where the demo cluster lives: <cache>/demo-<version>.
    static QString demoPath();
    // Writes the demo cluster unless a complete one is there.
    static bool ensureDemoCluster(QString* error = nullptr);
    bool showsDemo() const;
    // Unloads the profile and shows the welcome page.
    void closeProfile();
    void showWelcome();

    // Every page's charts (PNG + SVG) and tables (CSV) into `dir`, as
    // `profscope PATH --export-views DIR` does. Returns the files written.
    QStringList exportViews(const QString& dir, QStringList* errors, QSize chartSize = {});

    QComboBox* stepCombo() const
    {
        return m_stepCombo;
    }
    QLineEdit* rankFilterEdit() const;
    // The project tree's context menu for a node (for tests; shown on right click).
    QMenu* createTreeContextMenu(const QModelIndex& index);

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
    ProjectTreeModel* projectModel() const;
    QTreeView* projectTree() const;
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
    void createPageBar();
    void createAnalysisPages();
    void addAnalysisPage(Page page, const QString& title, QWidget* widget);
    QWidget* placeholderPage(const QString& title, const QString& comesWith);
    void connectNavigation();
    void refillSteps();
    void updatePageBar();
    void exportCurrentPage();
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
    ViewState* m_state;
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
    QWidget* m_analysisPages[kPageCount] = {};
    QAction* m_pageActions[kPageCount] = {};
    QActionGroup* m_pageGroup = nullptr;
    QToolBar* m_pageBar = nullptr;
    QComboBox* m_stepCombo = nullptr;
    QAction* m_closeAction = nullptr;
    QAction* m_exportAction = nullptr;

    ProjectDock* m_projectDock = nullptr;

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
