// SPDX-License-Identifier: Apache-2.0
#include "viewstate.h"

#include "analysis/overview.h"

#include <algorithm>
#include <set>

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
    if (profile) {
        // Step markers are the host's ProfilerStep#N slices; the numeric
        // order is the execution order.
        std::set<std::pair<qint64, QString>> ordered;
        for (const auto& rank : profile->ranks) {
            for (const StepOverview& s : rankOverview(*rank)->steps) {
                if (s.step.isEmpty())
                    continue;
                bool ok = false;
                const qint64 n = s.step.toLongLong(&ok);
                ordered.insert({ ok ? n : 0, s.step });
            }
        }
        for (const auto& [n, name] : ordered) {
            if (!m_steps.contains(name))
                m_steps << name;
        }
    }
    emit profileChanged();
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
    if (rankIndex == m_comparisonRank || (rankIndex >= 0 && !validRank(rankIndex)))
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

} // namespace profscope
