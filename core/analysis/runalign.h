// SPDX-License-Identifier: Apache-2.0
#pragma once

// Two runs on one time axis: the comparison run's rank is shifted so that the
// step being compared starts at the same instant as the base run's step.
// The two captures have unrelated clocks (different days, hosts), so only a
// step boundary is a meaningful common origin. Shared by the timeline and the
// memory curves of run comparison.

#include "../model/rank.h"

#include <QString>

#include <optional>

namespace profscope {

// The start of a step on a rank: its ProfilerStep#N marker in the trace,
// else the step's host range in the rank's overview. step "" = the first
// step. nullopt when the rank has no such step (or no step at all).
std::optional<TimeNs> stepStartNs(const RankData& rank, const QString& step);

struct StepAlignment
{
    // Added to the comparison rank's timestamps to put them on the base
    // rank's clock.
    TimeNs deltaNs = 0;
    QString baseStep; // the steps aligned ("" when that rank has none)
    QString otherStep;
    // False when one of the ranks has no step: then the trace starts are aligned.
    bool onStep = false;
};

// Aligns otherStep of `other` with baseStep of `base` ("" = the first step of
// each); without steps, the first trace events are aligned.
StepAlignment alignOnStep(const RankData& base, const QString& baseStep, const RankData& other, const QString& otherStep);

} // namespace profscope
