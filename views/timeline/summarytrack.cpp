// SPDX-License-Identifier: Apache-2.0
#include "summarytrack.h"

#include <algorithm>
#include <cmath>

namespace profscope {

SummaryTrack buildSummaryTrack(std::vector<SummaryPiece> pieces, const std::vector<std::size_t>& runEnds)
{
    // A sweep over the pieces' ends: at every moment the highest priority
    // covering it decides the colour (that of the latest such piece to
    // start), so device work shows over the host's step slice and the
    // device's idle gaps show as host time, not as one solid bar.
    SummaryTrack t;
    t.slices = qint64(pieces.size());
    struct Event
    {
        TimeNs ts;
        int delta; // +1 start, -1 end
        int priority;
        QRgb color;
    };
    // Ends before starts at the same time: touching pieces do not overlap.
    const auto before = [](const Event& a, const Event& b) { return a.ts != b.ts ? a.ts < b.ts : a.delta < b.delta; };
    std::vector<Event> events;
    events.reserve(pieces.size() * 2);
    std::vector<std::size_t> runs; // event index where each run ends
    int levels = 1;
    std::size_t piece = 0;
    const auto closeRun = [&](std::size_t runStart) {
        // A run (one lane's depth-0 slices) is usually in order already: its
        // events then need no sort, only the merge with the other runs.
        if (!std::is_sorted(events.begin() + std::ptrdiff_t(runStart), events.end(), before))
            std::sort(events.begin() + std::ptrdiff_t(runStart), events.end(), before);
        if (events.size() > runStart)
            runs.push_back(events.size());
    };
    std::vector<std::size_t> ends = runEnds;
    if (ends.empty() || ends.back() != pieces.size())
        ends.push_back(pieces.size());
    for (std::size_t end : ends) {
        const std::size_t runStart = events.size();
        for (; piece < std::min(end, pieces.size()); ++piece) {
            const SummaryPiece& p = pieces[piece];
            if (p.endNs <= p.startNs)
                continue;
            const int priority = std::max(0, p.priority);
            levels = std::max(levels, priority + 1);
            events.push_back({ p.startNs, +1, priority, p.color });
            events.push_back({ p.endNs, -1, priority, p.color });
        }
        closeRun(runStart);
    }
    // Sorted runs merged pairwise: O(n log runs) instead of O(n log n).
    while (runs.size() > 1) {
        std::vector<std::size_t> merged;
        std::size_t begin = 0;
        for (std::size_t r = 0; r < runs.size(); r += 2) {
            if (r + 1 < runs.size()) {
                std::inplace_merge(events.begin() + std::ptrdiff_t(begin), events.begin() + std::ptrdiff_t(runs[r]),
                    events.begin() + std::ptrdiff_t(runs[r + 1]), before);
                merged.push_back(runs[r + 1]);
                begin = runs[r + 1];
            } else {
                merged.push_back(runs[r]);
            }
        }
        runs.swap(merged);
    }
    std::vector<int> covering(std::size_t(levels), 0);
    std::vector<QRgb> latest(std::size_t(levels), 0);
    auto current = [&]() -> QRgb {
        for (int l = levels - 1; l >= 0; --l)
            if (covering[std::size_t(l)] > 0)
                return latest[std::size_t(l)];
        return 0;
    };
    std::size_t i = 0;
    while (i < events.size()) {
        const TimeNs ts = events[i].ts;
        const QRgb before = current();
        for (; i < events.size() && events[i].ts == ts; ++i) {
            covering[std::size_t(events[i].priority)] += events[i].delta;
            if (events[i].delta > 0)
                latest[std::size_t(events[i].priority)] = events[i].color;
        }
        const QRgb after = current();
        if (after == before)
            continue; // the open interval (or the gap) goes on
        if (before != 0)
            t.endNs.back() = ts; // the open interval ends here
        if (after != 0) {
            t.startNs.push_back(ts);
            t.endNs.push_back(kInvalidTime);
            t.color.push_back(after);
        }
    }
    if (!t.endNs.empty() && t.endNs.back() == kInvalidTime)
        t.endNs.back() = t.startNs.back();
    return t;
}

void rasterizeSummary(
    const SummaryTrack& track, TimeNs offsetNs, double startNs, double nsPerPx, std::vector<QRgb>& pixels)
{
    std::fill(pixels.begin(), pixels.end(), 0);
    const int width = int(pixels.size());
    const std::size_t n = track.size();
    if (n == 0 || width == 0 || !(nsPerPx > 0))
        return;
    auto px = [&](TimeNs ts) { return (double(ts + offsetNs) - startNs) / nsPerPx; };
    const TimeNs loTs = TimeNs(std::floor(startNs)) - offsetNs;
    const TimeNs hiTs = TimeNs(std::ceil(startNs + double(width) * nsPerPx)) - offsetNs;
    // Intervals are disjoint and sorted: ends are sorted too.
    std::size_t k = std::size_t(std::partition_point(track.endNs.begin(), track.endNs.end(),
                                    [&](TimeNs e) { return e <= loTs; })
        - track.endNs.begin());
    while (k < n && track.startNs[k] < hiTs) {
        const double x0 = px(track.startNs[k]);
        const double x1 = px(track.endNs[k]);
        const int c0 = std::clamp(int(std::floor(x0)), 0, width - 1);
        const int c1 = std::clamp(std::max(int(std::ceil(x1)), int(std::floor(x0)) + 1), 0, width);
        std::fill(pixels.begin() + c0, pixels.begin() + std::max(c1, c0 + 1), track.color[k]);
        if (x1 - x0 >= 1.0) {
            ++k;
            continue;
        }
        // Narrow: skip to the first interval that starts in a later column.
        const TimeNs nextColumnTs = TimeNs(std::ceil(startNs + double(c0 + 1) * nsPerPx)) - offsetNs;
        std::size_t next = std::size_t(
            std::lower_bound(track.startNs.begin() + std::ptrdiff_t(k) + 1, track.startNs.end(), nextColumnTs)
            - track.startNs.begin());
        // Of the intervals skipped, only the last can reach into later columns (they are disjoint): draw it.
        if (next - 1 > k && px(track.endNs[next - 1]) > double(c0 + 1))
            --next;
        k = next;
    }
}

} // namespace profscope
