// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "model/profile.h"

#include <QObject>
#include <QStringList>

class QAction;
class QMainWindow;
class QMenu;
class QWidget;

namespace profscope {

class Banner;
class ComparisonBar;
class ImportReportDialog;
class LoadController;
class LoadFeedback;
class ViewState;

// A second run beside the base (File → Compare With…, Shift+drop,
// `profscope PATH --compare PATH_B`): its own background load with the same
// progress / cancel feedback as the main load, the comparison strip above
// the page, the rank mapping dialog and the comparison run's import report.
// The result goes to ViewState::setComparisonProfile; the pages read it from
// there. Loading a new base drops the comparison (ViewState does).
class ComparisonController : public QObject
{
    Q_OBJECT
public:
    ComparisonController(ViewState* state, QMainWindow* window);
    ~ComparisonController() override;

    // For the window's layout (above the page) and status bar.
    ComparisonBar* bar() const
    {
        return m_bar;
    }
    // Problems of the comparison load (nothing usable, broken files).
    Banner* notice() const
    {
        return m_notice;
    }
    QWidget* statusWidget() const;
    // File menu entries: Compare With…, Compare With File…, Edit Rank
    // Mapping…, Comparison Import Report…, Close Comparison.
    void addActions(QMenu* menu);
    QAction* compareAction() const
    {
        return m_compareAction;
    }
    QAction* closeAction() const
    {
        return m_closeAction;
    }
    QAction* mappingAction() const
    {
        return m_mappingAction;
    }

    LoadController* loader() const
    {
        return m_loader;
    }
    bool isLoading() const;
    // What was opened to get the comparison run (empty without one).
    const QStringList& paths() const
    {
        return m_paths;
    }
    ProfilePtr profile() const;
    // Created on first use (tests).
    ImportReportDialog* reportDialog();
    QWidget* mappingDialog() const;

public slots:
    // Loads `paths` in the background as the comparison run of the profile
    // shown; nothing without a base profile.
    void compareWith(const QStringList& paths);
    void askFolderAndCompare();
    void askFileAndCompare();
    void closeComparison();
    // Opens (or raises) the rank mapping dialog.
    void editMapping();
    void showImportReport();

signals:
    // The comparison run was set (after a load) or dropped.
    void comparisonChanged();

private:
    void onLoadFinished(const ProfilePtr& profile);
    void updateUi();

    ViewState* m_state;
    QMainWindow* m_window;
    LoadController* m_loader;
    Banner* m_notice;
    LoadFeedback* m_feedback;
    ComparisonBar* m_bar;
    QStringList m_paths;
    QAction* m_compareAction = nullptr;
    QAction* m_compareFileAction = nullptr;
    QAction* m_mappingAction = nullptr;
    QAction* m_reportAction = nullptr;
    QAction* m_closeAction = nullptr;
    ImportReportDialog* m_reportDialog = nullptr;
    QWidget* m_mappingDialog = nullptr;
};

} // namespace profscope
