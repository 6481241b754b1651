// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "model/profile.h"
#include "pagebar.h"

#include <QMainWindow>
#include <QSize>

class QComboBox;
class QDialog;
class QLineEdit;
class QModelIndex;
class QMenu;
class QStackedWidget;
class QTreeView;

namespace profscope {

class Banner;
class ComparisonController;
class DropTargets;
class ImportReportDialog;
class ImportReportView;
class LoadController;
class LoadFeedback;
class ProjectDock;
class ProjectTreeModel;
class RecentPaths;
class SummaryPage;
class ViewState;
class WelcomePage;

// The main window wires the parts together: the page stack and the page bar
// (pagebar.h), the project dock, loading (LoadController, LoadFeedback), the
// recent profiles (RecentPaths), the demo (DemoCluster), the import report
// (ImportReportDialog) and the menus.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    // The analysis pages, in the order of the page bar (pagebar.h).
    using Page = profscope::Page;
    static constexpr int kPageCount = profscope::kPageCount;

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

    // Opens the generated demo cluster (written once into the cache folder, democluster.h).
    void openDemo();
    bool showsDemo() const;
    // Unloads the profile and shows the welcome page.
    void closeProfile();
    void showWelcome();

    // Every page's charts (PNG + SVG) and tables (CSV) into `dir`, as
    // `profscope PATH --export-views DIR` does. Returns the files written.
    QStringList exportViews(const QString& dir, QStringList* errors, QSize chartSize = {});

    QComboBox* stepCombo() const;
    QLineEdit* rankFilterEdit() const;
    // The project tree's context menu for a node (for tests; shown on right click).
    QMenu* createTreeContextMenu(const QModelIndex& index);

    // Starts loading; the current profile stays until the new one is in.
    void openPaths(const QStringList& paths);
    // Loads `paths` in the background as the run to compare the shown
    // profile with (File → Compare With…); see ComparisonController.
    void compareWith(const QStringList& paths);
    ComparisonController* comparison() const
    {
        return m_comparison;
    }
    // "Drop here to open / to compare", shown while dragging onto a shown run.
    DropTargets* dropTargets() const
    {
        return m_dropTargets;
    }
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

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dragLeaveEvent(QDragLeaveEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createDock();
    void createAnalysisPages();
    void addAnalysisPage(Page page, QWidget* widget);
    void connectNavigation();
    void connectLoader();
    void updatePageBar();
    void exportCurrentPage();
    void openFolderDialog();
    void setProfile(const ProfilePtr& profile);
    void showReportFor(const ProfilePtr& profile);
    void updateTitle();
    void onLoadFinished(const ProfilePtr& profile);

    LoadController* m_loader;
    ViewState* m_state;
    ProfilePtr m_profile;
    QStringList m_profilePaths; // what was opened to get m_profile
    ProfilePtr m_bannerProfile; // the load the banner talks about (may differ after a failed load)

    QStackedWidget* m_pages;
    WelcomePage* m_welcomePage;
    SummaryPage* m_summaryPage;
    Banner* m_banner;
    LoadFeedback* m_feedback;
    ComparisonController* m_comparison;
    DropTargets* m_dropTargets = nullptr;
    PageWidgets m_analysisPages {};
    PageBar* m_pageBar = nullptr;
    QAction* m_closeAction = nullptr;
    QAction* m_exportAction = nullptr;

    ProjectDock* m_projectDock = nullptr;
    RecentPaths* m_recent = nullptr;
    QAction* m_reportAction = nullptr;

    ImportReportDialog* m_reportDialog = nullptr;
};

} // namespace profscope
