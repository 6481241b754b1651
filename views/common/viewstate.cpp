// SPDX-License-Identifier: Apache-2.0
#include "viewstate.h"

#include "analysis/overview.h"

#include <algorithm>

namespace profscope {

ViewState::ViewState(QObject* parent)
    : QObject(parent)
{
}

void ViewState::setProfile(const ProfilePtr& profile)
{
    m_profile = profile;
    m_steps.clear();
    m_step.clear();
    m_rankFilter.clear();
    m_timelineRanks.clear();
    m_currentRank = profile && !profile->ranks.empty() ? 0 : -1;
    m_baselineRank = -1;
    m_comparisonRank = -1;
    if (profile)
        m_steps = profileSteps(*profile);
    const bool hadComparison = m_comparisonProfile != nullptr;
    m_comparisonProfile.reset();
    m_comparisonSteps.clear();
    m_rankMapping = {};
    emit profileChanged();
    if (hadComparison)
        emit comparisonProfileChanged();
}

void ViewState::setComparisonProfile(const ProfilePtr& profile)
{
    if (profile == m_comparisonProfile)
        return;
    m_comparisonProfile = profile && !profile->ranks.empty() ? profile : nullptr;
    m_comparisonSteps = m_comparisonProfile ? profileSteps(*m_comparisonProfile) : QStringList();
    m_rankMapping = m_comparisonProfile && m_profile ? RankMapping::byRankId(*m_profile, *m_comparisonProfile)
                                                     : RankMapping();
    m_baselineRank = -1;
    m_comparisonRank = -1;
    if (m_comparisonProfile)
        followMapping();
    emit comparisonProfileChanged();
    emit rankMappingChanged();
    emit compareChanged();
}

void ViewState::setRankMapping(const RankMapping& mapping)
{
    if (!m_comparisonProfile || !m_profile || !mapping.validFor(*m_profile, *m_comparisonProfile)
        || mapping == m_rankMapping)
        return;
    m_rankMapping = mapping;
    const int before = m_comparisonRank;
    followMapping();
    emit rankMappingChanged();
    if (before != m_comparisonRank)
        emit compareChanged();
}

void ViewState::followMapping()
{
    m_baselineRank = m_currentRank;
    m_comparisonRank = m_rankMapping.otherFor(m_currentRank);
}

void ViewState::setStep(const QString& step)
{
    if (step == m_step)
        return;
    m_step = step;
    emit stepChanged(step);
}

void ViewState::setRankFilter(const QList<int>& rankIndexes)
{
    if (sameRanks(rankIndexes, m_rankFilter))
        return;
    m_rankFilter = rankIndexes;
    emit rankFilterChanged();
}

void ViewState::setTimelineRanks(const QList<int>& rankIndexes)
{
    QList<int> ranks;
    for (int r : rankIndexes)
        if (validRank(r) && !ranks.contains(r))
            ranks << r;
    std::sort(ranks.begin(), ranks.end());
    // One rank is the current rank's business, not a stack.
    if (ranks.size() < 2)
        ranks.clear();
    if (sameRanks(ranks, m_timelineRanks))
        return;
    m_timelineRanks = ranks;
    emit timelineRanksChanged();
}

bool ViewState::validRank(int rankIndex) const
{
    return m_profile && rankIndex >= 0 && std::size_t(rankIndex) < m_profile->ranks.size();
}

void ViewState::setCurrentRank(int rankIndex)
{
    // A stale request (a rank of an earlier profile) must not select nothing.
    if (rankIndex == m_currentRank || !validRank(rankIndex))
        return;
    m_currentRank = rankIndex;
    emit currentRankChanged(rankIndex);
    if (m_comparisonProfile) {
        const int baseBefore = m_baselineRank;
        const int otherBefore = m_comparisonRank;
        followMapping();
        if (baseBefore != m_baselineRank || otherBefore != m_comparisonRank)
            emit compareChanged();
    }
}

bool ViewState::validComparisonRank(int rankIndex) const
{
    const ProfilePtr& source = comparisonSource();
    return source && rankIndex >= 0 && std::size_t(rankIndex) < source->ranks.size();
}

void ViewState::setBaselineRank(int rankIndex)
{
    if (rankIndex == m_baselineRank || (rankIndex >= 0 && !validRank(rankIndex)))
        return;
    m_baselineRank = rankIndex;
    emit compareChanged();
}

void ViewState::setComparisonRank(int rankIndex)
{
    if (rankIndex == m_comparisonRank || (rankIndex >= 0 && !validComparisonRank(rankIndex)))
        return;
    m_comparisonRank = rankIndex;
    emit compareChanged();
}

void ViewState::requestTimeline(int rankIndex, TimeNs startNs, TimeNs endNs, const QString& sliceName)
{
    emit timelineRequested(rankIndex, startNs, endNs, sliceName);
}

void ViewState::requestOperator(int rankIndex, const QString& opName)
{
    emit operatorRequested(rankIndex, opName);
}

void ViewState::requestCommunicationLink(int srcRankId, int dstRankId, const QString& groupId)
{
    emit communicationLinkRequested(srcRankId, dstRankId, groupId);
}

void ViewState::requestRank(int rankIndex)
{
    emit rankRequested(rankIndex);
}

void ViewState::requestMemory(int rankIndex)
{
    emit memoryRequested(rankIndex);
}

void ViewState::requestComparisonTimeline(int otherRankIndex, TimeNs startNs, TimeNs endNs, const QString& sliceName)
{
    if (!m_comparisonProfile || otherRankIndex < 0 || std::size_t(otherRankIndex) >= m_comparisonProfile->ranks.size())
        return;
    emit comparisonTimelineRequested(otherRankIndex, startNs, endNs, sliceName);
}

void ViewState::setComparisonTimelineAvailable(bool available)
{
    if (available == m_comparisonTimelineAvailable)
        return;
    m_comparisonTimelineAvailable = available;
    emit comparisonTimelineAvailableChanged(available);
}

} // namespace profscope
