// SPDX-License-Identifier: Apache-2.0
#include "runalign.h"

#include "overview.h"

#include <limits>

namespace profscope {

namespace {

// The step that starts first: "" picks it.
std::optional<std::pair<QString, TimeNs>> findStep(const RankData& rank, const QString& step)
{
    std::optional<std::pair<QString, TimeNs>> best;
    auto consider = [&](const QString& id, TimeNs startNs) {
        if (!step.isEmpty() && id != step)
            return;
        if (!best || startNs < best->second)
            best = std::make_pair(id, startNs);
    };
    for (const StepMarker& m : rank.trace.steps)
        consider(m.id, m.rangeNs.startNs);
    if (best)
        return best;
    // No markers in the trace (a database-only capture): the overview's steps.
    for (const StepOverview& s : rankOverview(rank)->steps)
        if (!s.step.isEmpty() && !s.hostRangeNs.isEmpty())
            consider(s.step, s.hostRangeNs.startNs);
    return best;
}

std::optional<TimeNs> firstEventNs(const RankData& rank)
{
    if (!rank.trace.rangeNs.isEmpty())
        return rank.trace.rangeNs.startNs;
    return std::nullopt;
}

} // namespace

std::optional<TimeNs> stepStartNs(const RankData& rank, const QString& step)
{
    const auto s = findStep(rank, step);
    return s ? std::optional<TimeNs>(s->second) : std::nullopt;
}

StepAlignment alignOnStep(const RankData& base, const QString& baseStep, const RankData& other, const QString& otherStep)
{
    StepAlignment a;
    const auto b = findStep(base, baseStep);
    const auto o = findStep(other, otherStep);
    if (b && o) {
        a.deltaNs = b->second - o->second;
        a.baseStep = b->first;
        a.otherStep = o->first;
        a.onStep = true;
        return a;
    }
    const auto b0 = firstEventNs(base);
    const auto o0 = firstEventNs(other);
    if (b0 && o0)
        a.deltaNs = *b0 - *o0;
    return a;
}

} // namespace profscope
