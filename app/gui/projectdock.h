// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "model/profile.h"

#include <QDockWidget>
#include <QPointer>

class QLineEdit;
class QMenu;
class QStackedWidget;
class QStandardItem;
class QTreeView;

namespace profscope {

class ProjectTreeModel;
class ViewState;

// The "Project" dock: cluster → host → rank tree with the rank filter (check
// boxes and a text filter), the current rank (the tree's current node), the
// ranks the timeline stacks (several rank nodes selected, or a host's / a
// pipeline stage's ranks from the context menu) and the compare ranks.
// Everything it chooses goes to the shared ViewState.
class ProjectDock : public QDockWidget
{
    Q_OBJECT
public:
    ProjectDock(ViewState* state, QWidget* parent = nullptr);

    // After ViewState::setProfile: fills the tree and points at the current rank.
    // `prebuilt`: ProjectTreeModel::buildTree's items for this profile, made off the GUI thread.
    void setProfile(const ProfilePtr& profile, std::unique_ptr<QStandardItem> prebuilt = nullptr);
    // Points the tree at a rank (its host expanded, scrolled into view).
    void showRank(int rankIndex);

    // The context menu for a node (shown on right click; public for tests).
    QMenu* createContextMenu(const QModelIndex& index);

    ProjectTreeModel* model() const
    {
        return m_model;
    }
    QTreeView* tree() const
    {
        return m_tree;
    }
    QLineEdit* rankFilterEdit() const
    {
        return m_filterEdit;
    }

signals:
    void statusMessage(const QString& text, int timeoutMs);

private:
    void applyFilterText(const QString& text);
    void onSelectionChanged();
    void mirrorTimelineRanks();
    QList<int> selectedRanks() const;
    QList<int> ranksUnder(const QModelIndex& node) const;
    void stackInTimeline(const QList<int>& ranks);

    QPointer<ViewState> m_state;
    ProfilePtr m_profile;
    ProjectTreeModel* m_model = nullptr;
    QTreeView* m_tree = nullptr;
    QLineEdit* m_filterEdit = nullptr;
    QStackedWidget* m_pages = nullptr;
    bool m_mirroring = false; // selecting what the state already says
};

} // namespace profscope
