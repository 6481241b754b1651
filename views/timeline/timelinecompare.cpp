// SPDX-License-Identifier: Apache-2.0
#include "timelinecompare.h"

#include "analysis/runalign.h"

namespace profscope {

TimelineComparison timelineComparison(const ViewState& state, const QList<int>& baseRanks)
{
    TimelineComparison out;
    const ProfilePtr& base = state.profile();
    const ProfilePtr& other = state.comparisonProfile();
    if (!base || !other)
        return out;
    out.profile = other;
    const QString baseStep = state.step();
    const QString otherStep = state.comparisonStep();
    for (int r : baseRanks) {
        if (r < 0 || std::size_t(r) >= base->ranks.size())
            continue;
        const int o = r == state.baselineRank() && state.comparisonRank() >= 0 ? state.comparisonRank()
                                                                                 : state.rankMapping().otherFor(r);
        if (o < 0 || std::size_t(o) >= other->ranks.size())
            continue;
        const StepAlignment a = alignOnStep(*base->ranks[std::size_t(r)], baseStep, *other->ranks[std::size_t(o)], otherStep);
        TimelineComparison::Rank c;
        c.otherRank = o;
        c.anchorRank = r;
        c.deltaNs = a.deltaNs;
        c.baseStep = a.baseStep;
        c.otherStep = a.otherStep;
        c.onStep = a.onStep;
        out.ranks.push_back(c);
    }
    return out;
}

} // namespace profscope
