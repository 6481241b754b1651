// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/profile.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace profscope {

// A communication group (domain) as the communication page offers it: the
// id of communication.json ("…@17522688603477080586") and, when
// profiler_metadata.json names the group with the same key, its name.
struct CommGroupInfo
{
    QString groupId;
    QString name; // "dp", "tp", ... or empty
    QList<int> ranks; // rank ids seen in the group (records or matrix links), sorted
    double elapseMs = 0; // Σ op elapse over the ranks, to pick a default

    // "dp (1752…0586)" or the id alone.
    QString label() const;
};

// Every group of the profile, by total elapse (busiest first).
std::vector<CommGroupInfo> communicationGroups(const Profile& profile);

// communication.json step keys ("step50"), in numeric order.
QStringList communicationSteps(const Profile& profile);

// "50" (ViewState) <-> "step50" (communication.json); empty stays empty.
QString communicationStepKey(const QString& viewStep);
QString viewStepFromKey(const QString& stepKey);

// Op names of the group's collectives in the step(s), first seen first.
QStringList communicationOpNames(const Profile& profile, const QString& stepKey, const QString& groupId);
// Rank id -> host, the first rank of an id winning (as Profile::findRank); once per profile.
std::shared_ptr<const QHash<int, QString>> rankHostsById(const Profile& profile);

// Index into Profile::ranks of the first rank with this id, -1 when not loaded.
int rankIndexOfId(const Profile& profile, int rankId);

} // namespace profscope
