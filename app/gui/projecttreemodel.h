// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "model/profile.h"

#include <QIcon>
#include <QList>
#include <QStandardItem>
#include <QStandardItemModel>

#include <array>
#include <functional>
#include <memory>
#include <utility>

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

    // `prebuilt`: the items buildTree() made for this profile (off the GUI thread), else built here.
    void setProfile(const ProfilePtr& profile, std::unique_ptr<QStandardItem> prebuilt = nullptr);
    // The tree's items, not in any model: callable on any thread (no QtGui; data() gives the icons).
    static std::unique_ptr<QStandardItem> buildTree(const Profile& profile);
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
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
    std::pair<int, int> m_markedRanks { -1, -1 }; // setCompareRanks' last arguments
    mutable std::array<QIcon, 3> m_kindIcons; // by NodeKind, made on first use
};

} // namespace profscope
