// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "model/profile.h"

#include <QObject>

class QAction;
class QMenu;
class QWidget;

namespace profscope {

class ViewState;

// File → Export Report… and Export Trace…: the same report and Chrome Trace
// export as `profscope-cli report` / `export --what trace`, on the profile
// shown, for the step chosen and the ranks shown.
class ReportActions : public QObject
{
    Q_OBJECT
public:
    ReportActions(ViewState* state, QWidget* window, QMenu* fileMenu);

    QAction* reportAction() const
    {
        return m_report;
    }
    QAction* traceAction() const
    {
        return m_trace;
    }

    // What the actions write, without a dialog. A path ending in .md is Markdown.
    static bool writeReport(const Profile& profile, const QString& step, const QString& path, QString* error);
    // The ranks given (indexes), limited to the step when one is given.
    static bool writeTrace(const Profile& profile, const std::vector<int>& rankIndexes, const QString& step,
        const QString& path, QString* error);

private:
    void exportReport();
    void exportTrace();
    QString askPath(const QString& title, const QString& suggestedName, const QString& filter);

    ViewState* m_state;
    QWidget* m_window;
    QAction* m_report;
    QAction* m_trace;
};

} // namespace profscope
