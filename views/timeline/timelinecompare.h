// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "common/viewstate.h"
#include "timelinemodel.h"

namespace profscope {

// The comparison run's ranks for the base ranks the timeline shows (run
// comparison): each base rank's mapped rank (the current rank's pair is the
// one the user picked, else the mapping's), shifted so that the compared step
// (ViewState::comparisonStep(), else the first step) starts with the base
// rank's step (ViewState::step(), else the first). Empty without a
// comparison run.
TimelineComparison timelineComparison(const ViewState& state, const QList<int>& baseRanks);

} // namespace profscope
