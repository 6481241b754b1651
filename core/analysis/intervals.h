// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/types.h"

#include <vector>

namespace profscope {

// A set of disjoint, sorted half-open time intervals: the algebra behind the
// overview (Computing ∪ Communication, Communication \ Computing, ...).
class IntervalSet
{
public:
    IntervalSet() = default;
    // Any intervals, in any order, overlapping or not; empty ones are dropped.
    static IntervalSet fromUnsorted(std::vector<TimeRange> ranges);

    const std::vector<TimeRange>& ranges() const
    {
        return m_ranges;
    }
    bool isEmpty() const
    {
        return m_ranges.empty();
    }
    TimeNs totalNs() const;
    TimeRange bounds() const; // {0, 0} when empty

    IntervalSet unite(const IntervalSet& other) const;
    IntervalSet subtract(const IntervalSet& other) const;
    IntervalSet intersect(const IntervalSet& other) const;
    IntervalSet clip(TimeRange window) const;

private:
    std::vector<TimeRange> m_ranges;
};

} // namespace profscope
