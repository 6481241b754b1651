// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "model/types.h"

#include <QColor>

#include <vector>

namespace profscope {

// A collapsed group's lanes (a rank's 20-40 host, device and communication
// lanes) merged once into disjoint, sorted intervals, each with the colour of
// its most telling member (compute over communication over the rest over
// host). A frame then draws one list per summary row instead of rebuilding
// the level of detail of every lane below it: 64 stacked ranks as summary
// rows cost about what one rank's lanes cost.
struct SummaryTrack
{
    std::vector<TimeNs> startNs;
    std::vector<TimeNs> endNs;
    std::vector<QRgb> color;
    std::vector<int> lanes; // the lanes merged (to notice when hidden lanes change)
    qint64 slices = 0; // depth-0 slices merged

    std::size_t size() const
    {
        return startNs.size();
    }
};

struct SummaryPiece
{
    TimeNs startNs = 0;
    TimeNs endNs = 0;
    int priority = 0; // higher wins the colour of a merged interval
    QRgb color = 0;
};

// runEnds: where each run of pieces ends (one lane's depth-0 slices, in
// start order and not overlapping): the runs are merged rather than the
// whole sorted. Empty: one run (sorted when it is not in order).
SummaryTrack buildSummaryTrack(std::vector<SummaryPiece> pieces, const std::vector<std::size_t>& runEnds = {});

// Fills `pixels` (one entry per pixel column of the track, 0 = nothing) for
// the range [startNs, startNs + width * nsPerPx) in view time; `offsetNs` is
// added to the track's times to get view times. Intervals narrower than a
// pixel give the column the colour of the first one in it; the search jumps
// to the next column, so the cost follows the pixels, not the intervals.
void rasterizeSummary(
    const SummaryTrack& track, TimeNs offsetNs, double startNs, double nsPerPx, std::vector<QRgb>& pixels);

} // namespace profscope
