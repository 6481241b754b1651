// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QtGlobal>

#include <cstdint>
#include <limits>

namespace profscope {

// Time is signed 64-bit nanoseconds everywhere: wide enough for epoch timestamps
// (1.7e18 ns) and signed so that differences never wrap.
using TimeNs = qint64;

inline constexpr TimeNs kInvalidTime = std::numeric_limits<TimeNs>::min();

struct TimeRange
{
    TimeNs startNs = 0;
    TimeNs endNs = 0;

    constexpr TimeNs durationNs() const
    {
        // Saturates: a range typed as --start-ns/--end-ns, or spanning the
        // damaged times of a file, may span more than TimeNs holds.
        TimeNs d = 0;
        if (__builtin_sub_overflow(endNs, startNs, &d))
            return endNs > startNs ? std::numeric_limits<TimeNs>::max() : std::numeric_limits<TimeNs>::min() + 1;
        return d;
    }
    constexpr bool isEmpty() const
    {
        return endNs <= startNs;
    }
    constexpr bool contains(TimeNs t) const
    {
        return t >= startNs && t < endNs;
    }
    constexpr bool intersects(const TimeRange& other) const
    {
        return startNs < other.endNs && other.startNs < endNs;
    }
    friend constexpr bool operator==(const TimeRange&, const TimeRange&) = default;
};

// end - start, saturated like TimeRange::durationNs (times read from damaged
// files may lie at the ends of TimeNs).
constexpr TimeNs spanNs(TimeNs startNs, TimeNs endNs)
{
    return TimeRange { startNs, endNs }.durationNs();
}

} // namespace profscope
