// SPDX-License-Identifier: Apache-2.0
#include "intervals.h"

#include "../model/runsort.h"

#include <algorithm>

namespace profscope {

IntervalSet IntervalSet::fromUnsorted(std::vector<TimeRange> ranges)
{
    std::erase_if(ranges, [](const TimeRange& r) { return r.isEmpty(); });
    // Usually a few sorted runs (one per lane): merged, not sorted.
    stableSortRuns(ranges.begin(), ranges.end(),
        [](const TimeRange& a, const TimeRange& b) { return a.startNs < b.startNs; });
    IntervalSet set;
    for (const TimeRange& r : ranges) {
        if (!set.m_ranges.empty() && r.startNs <= set.m_ranges.back().endNs)
            set.m_ranges.back().endNs = std::max(set.m_ranges.back().endNs, r.endNs);
        else
            set.m_ranges.push_back(r);
    }
    return set;
}

TimeNs IntervalSet::totalNs() const
{
    TimeNs total = 0;
    for (const TimeRange& r : m_ranges)
        total += r.durationNs();
    return total;
}

TimeRange IntervalSet::bounds() const
{
    if (m_ranges.empty())
        return {};
    return { m_ranges.front().startNs, m_ranges.back().endNs };
}

IntervalSet IntervalSet::unite(const IntervalSet& other) const
{
    // Both are sorted and disjoint: one merge, then the overlaps joined.
    std::vector<TimeRange> all(m_ranges.size() + other.m_ranges.size());
    std::merge(m_ranges.begin(), m_ranges.end(), other.m_ranges.begin(), other.m_ranges.end(), all.begin(),
        [](const TimeRange& a, const TimeRange& b) { return a.startNs < b.startNs; });
    return fromUnsorted(std::move(all));
}

IntervalSet IntervalSet::subtract(const IntervalSet& other) const
{
    IntervalSet out;
    std::size_t j = 0;
    const auto& b = other.m_ranges;
    for (const TimeRange& r : m_ranges) {
        TimeNs cursor = r.startNs;
        while (j < b.size() && b[j].endNs <= cursor)
            ++j;
        for (std::size_t k = j; k < b.size() && b[k].startNs < r.endNs; ++k) {
            if (b[k].startNs > cursor)
                out.m_ranges.push_back({ cursor, b[k].startNs });
            cursor = std::max(cursor, b[k].endNs);
        }
        if (cursor < r.endNs)
            out.m_ranges.push_back({ cursor, r.endNs });
    }
    return out;
}

IntervalSet IntervalSet::intersect(const IntervalSet& other) const
{
    return subtract(subtract(other));
}

IntervalSet IntervalSet::clip(TimeRange window) const
{
    IntervalSet out;
    for (const TimeRange& r : m_ranges) {
        const TimeRange c { std::max(r.startNs, window.startNs), std::min(r.endNs, window.endNs) };
        if (!c.isEmpty())
            out.m_ranges.push_back(c);
    }
    return out;
}

} // namespace profscope
