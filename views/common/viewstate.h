// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/runcompare.h"
#include "model/profile.h"

#include <QObject>

#include <algorithm>
#include <QString>
#include <QStringList>

namespace profscope {

// Two rank lists equal, element by element. (Qt 6.4's QList<int>::operator==
// hands two empty lists' null data pointers to memcmp, which UBSan rejects.)
inline bool sameRanks(const QList<int>& a, const QList<int>& b)
{
    return a.size() == b.size() && (a.isEmpty() || std::equal(a.begin(), a.end(), b.begin()));
}

// The one selection state every page shares: the profile shown, the step
// ("" = all steps), the ranks the user filtered to, the Baseline and
// Comparison ranks of compare mode. Pages read it and listen to its signals;
// they never keep their own copy of these choices.
class ViewState : public QObject
{
    Q_OBJECT
public:
    explicit ViewState(QObject* parent = nullptr);

    const ProfilePtr& profile() const
    {
        return m_profile;
    }
    // Resets step, rank filter and compare ranks, and drops the comparison
    // run.
    void setProfile(const ProfilePtr& profile);

    // Run comparison: a second profile loaded beside the base (File ->
    // Compare With...). While it is set, compareMode() is on and
    // comparisonRank() indexes the comparison run's ranks; the baseline rank
    // follows the current rank and the comparison rank follows the mapping
    // (until the user picks another comparison rank). Null = no second run
    // (then compare mode, if any, compares two ranks of the base profile).
    const ProfilePtr& comparisonProfile() const
    {
        return m_comparisonProfile;
    }
    void setComparisonProfile(const ProfilePtr& profile);
    bool runCompare() const
    {
        return m_comparisonProfile != nullptr;
    }
    // The profile comparisonRank() indexes: the comparison run, else the
    // base profile.
    const ProfilePtr& comparisonSource() const
    {
        return m_comparisonProfile ? m_comparisonProfile : m_profile;
    }
    // Base rank index -> comparison rank index; by rank id by default.
    const RankMapping& rankMapping() const
    {
        return m_rankMapping;
    }
    void setRankMapping(const RankMapping& mapping);
    // The comparison run's steps, and the one standing for a base step (same
    // name, else same position; see mapStep).
    const QStringList& comparisonSteps() const
    {
        return m_comparisonSteps;
    }
    QString comparisonStep() const
    {
        return mapStep(m_step, m_steps, m_comparisonSteps);
    }

    // Step names as the overview computes them ("50", "51", ...), in order,
    // over all ranks; empty when no rank has step markers.
    const QStringList& steps() const
    {
        return m_steps;
    }
    // "" = all steps.
    const QString& step() const
    {
        return m_step;
    }
    void setStep(const QString& step);

    // Indexes into Profile::ranks the user filtered to; empty = all ranks.
    const QList<int>& rankFilter() const
    {
        return m_rankFilter;
    }
    void setRankFilter(const QList<int>& rankIndexes);
    bool rankVisible(int rankIndex) const
    {
        return m_rankFilter.isEmpty() || m_rankFilter.contains(rankIndex);
    }

    // The ranks the timeline stacks, chosen for it: several ranks selected in
    // the project tree, all ranks of a host or pipeline stage, the ranks of an
    // advice finding. Empty (also for fewer than two) = the rank filter, else
    // the current rank.
    const QList<int>& timelineRanks() const
    {
        return m_timelineRanks;
    }
    void setTimelineRanks(const QList<int>& rankIndexes);

    // The rank the pages show when they show one rank (index into
    // Profile::ranks, -1 when there is no profile).
    int currentRank() const
    {
        return m_currentRank;
    }
    void setCurrentRank(int rankIndex);

    // Compare mode: both set (indexes into Profile::ranks), -1 = unset.
    // Indexes outside the profile are ignored, as by setCurrentRank.
    int baselineRank() const
    {
        return m_baselineRank;
    }
    int comparisonRank() const
    {
        return m_comparisonRank;
    }
    void setBaselineRank(int rankIndex);
    void setComparisonRank(int rankIndex);
    bool compareMode() const
    {
        return m_baselineRank >= 0 && m_comparisonRank >= 0 && (runCompare() || m_baselineRank != m_comparisonRank);
    }

    // Navigation requests any page may make; the main window switches page.
    // Times are the rank's own clock, in ns.
    void requestTimeline(int rankIndex, TimeNs startNs, TimeNs endNs, const QString& sliceName = {});
    void requestOperator(int rankIndex, const QString& opName);
    void requestCommunicationLink(int srcRankId, int dstRankId, const QString& groupId = {});
    void requestRank(int rankIndex);
    // One rank's memory curves (the Memory page marks their peak).
    void requestMemory(int rankIndex);
    // Run comparison: a time range of the comparison run (otherRankIndex
    // indexes comparisonSource()->ranks; times on that rank's own clock).
    // Only meaningful while comparisonTimelineAvailable(): the page that can
    // show the comparison run's lanes says so, and pages offer this jump
    // only then (else they say why not).
    void requestComparisonTimeline(int otherRankIndex, TimeNs startNs, TimeNs endNs, const QString& sliceName = {});
    bool comparisonTimelineAvailable() const
    {
        return m_comparisonTimelineAvailable;
    }
    void setComparisonTimelineAvailable(bool available);

signals:
    void profileChanged();
    // The comparison run was set or dropped (compareChanged follows).
    void comparisonProfileChanged();
    // The rank mapping changed (compareChanged follows when the compared
    // pair changed).
    void rankMappingChanged();
    void stepChanged(const QString& step);
    void rankFilterChanged();
    void timelineRanksChanged();
    void currentRankChanged(int rankIndex);
    void compareChanged();
    void timelineRequested(int rankIndex, qint64 startNs, qint64 endNs, const QString& sliceName);
    void operatorRequested(int rankIndex, const QString& opName);
    void communicationLinkRequested(int srcRankId, int dstRankId, const QString& groupId);
    void rankRequested(int rankIndex);
    void memoryRequested(int rankIndex);
    void comparisonTimelineRequested(int otherRankIndex, qint64 startNs, qint64 endNs, const QString& sliceName);
    void comparisonTimelineAvailableChanged(bool available);

private:
    bool validRank(int rankIndex) const;
    bool validComparisonRank(int rankIndex) const;
    // Run comparison: baseline = current rank, comparison = its mapped rank.
    void followMapping();

    ProfilePtr m_profile;
    QStringList m_steps;
    QString m_step;
    QList<int> m_rankFilter;
    QList<int> m_timelineRanks;
    int m_currentRank = -1;
    int m_baselineRank = -1;
    int m_comparisonRank = -1;
    ProfilePtr m_comparisonProfile;
    QStringList m_comparisonSteps;
    RankMapping m_rankMapping;
    bool m_comparisonTimelineAvailable = false;
};

} // namespace profscope
