// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "model/profile.h"

#include <QStandardItemModel>

namespace profscope {

// The project panel's tree: profile → host → rank.
class ProjectTreeModel : public QStandardItemModel
{
    Q_OBJECT
public:
    enum NodeKind { ProfileNode, HostNode, RankNode };
    enum Role {
        NodeKindRole = Qt::UserRole + 1, // NodeKind
        RankIndexRole,                   // index into Profile::ranks, on rank nodes
    };

    explicit ProjectTreeModel(QObject* parent = nullptr);

    void setProfile(const ProfilePtr& profile);
    // "rank 0 · device 3 · ascend_pt"
    static QString rankLabel(const RankInfo& info);
    // Index of the rank node for Profile::ranks[rankIndex], or invalid.
    QModelIndex rankNode(int rankIndex) const;
    int rankCount() const;

private:
    void addRanks(const QModelIndex& parent, int& count) const;
};

} // namespace profscope
