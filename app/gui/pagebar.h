// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QToolBar>

#include <array>

class QActionGroup;
class QComboBox;

namespace profscope {

struct Profile;
class ViewState;

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
inline constexpr int kPageCount = 11;
using PageWidgets = std::array<QWidget*, kPageCount>;

// "Step Trace": the page bar's button, the page's window title.
QString pageTitle(Page page);
// "steptrace": the --page name; widgets and actions are named after it.
QString pageObjectName(Page page);

// The tool bar over the pages: one checkable action a page (Ctrl+1 … 9) and
// the step every page shows, kept in step with the shared ViewState.
class PageBar : public QToolBar
{
    Q_OBJECT
public:
    PageBar(ViewState* state, QWidget* parent);

    QAction* action(Page page) const
    {
        return m_actions[std::size_t(page)];
    }
    const std::array<QAction*, kPageCount>& actions() const
    {
        return m_actions;
    }
    QComboBox* stepCombo() const
    {
        return m_stepCombo;
    }

    // Enables the actions while `profile` is shown (nullptr: nothing loaded),
    // offers a page only for profiles with its data and checks `current`
    // (-1: none, on the welcome / loading page).
    void updateActions(const Profile* profile, int current, const PageWidgets& pages);

signals:
    void pageRequested(Page page);

private:
    void refillSteps();

    ViewState* m_state;
    std::array<QAction*, kPageCount> m_actions {};
    QActionGroup* m_group;
    QComboBox* m_stepCombo;
};

} // namespace profscope
