// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "model/profile.h"

#include <QList>
#include <QStandardItem>
#include <QStandardItemModel>

#include <functional>

namespace profscope {

// The project panel's tree: cluster (the opened folder) → host → rank. Every
// node has a check box: the checked ranks are the rank filter all pages
// share; checking a host or the cluster checks all its ranks. Rank nodes of
// the compare mode's Baseline / Comparison ranks carry a marker.
class ProjectTreeModel : public QStandardItemModel
{
    Q_OBJECT
public:
    enum NodeKind
    {
        ProfileNode,
        HostNode,
        RankNode
    };
    enum Role
    {
        NodeKindRole = Qt::UserRole + 1, // NodeKind
        RankIndexRole, // index into Profile::ranks, on rank nodes
        CompareRoleRole, // on rank nodes: 0 none, 1 baseline, 2 comparison
    };

    explicit ProjectTreeModel(QObject* parent = nullptr);

    void setProfile(const ProfilePtr& profile);
    // "rank 0 · device 3 · ascend_pt"
    static QString rankLabel(const RankInfo& info);
    // Index of the rank node for Profile::ranks[rankIndex], or invalid.
    QModelIndex rankNode(int rankIndex) const;
    int rankCount() const;

    // Indexes into Profile::ranks of the checked ranks; empty when all are
    // checked (= no filter, as ViewState::rankFilter()).
    QList<int> rankFilter() const;
    // Checks exactly these ranks (empty = all); emits no rankFilterEdited.
    void setRankFilter(const QList<int>& rankIndexes);
    int checkedRankCount() const;
    // Ranks whose label, host or rank id match `text`: "3", "0-7, 12",
    // "node1" (a part of the host name or label). Empty text: all ranks.
    QList<int> ranksMatching(const QString& text) const;

    // Marks the compare ranks (-1 = none).
    void setCompareRanks(int baselineRank, int comparisonRank);

    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

signals:
    // The user changed check boxes; the argument is the new rankFilter().
    void rankFilterEdited(const QList<int>& rankIndexes);

private:
    void addRanks(const QModelIndex& parent, int& count) const;
    void forEachRank(const std::function<void(QStandardItem*)>& visit) const;
    void setSubtreeChecked(QStandardItem* item, Qt::CheckState state);
    void refreshParentStates();
    void updateRankText(QStandardItem* rank);

    ProfilePtr m_profile;
    bool m_updating = false;
};

} // namespace profscope
