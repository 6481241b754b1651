// SPDX-License-Identifier: Apache-2.0
#pragma once

// The times a file may hold. TimeNs holds ±292 years; a time or duration read
// from a file must lie within ±kMaxAbsTimeNs so that the sum or difference of
// any two (an end from a start and a duration, a gap between two events) and
// the totals of a few always fit: no analysis then needs to guard its
// arithmetic against a damaged file's 1e308 or 2^63 - 1. The importers drop
// (and count, and report per file) the events whose times lie outside.
//
// Kept apart from types.h, which every file includes, so that the bound can
// change without rebuilding everything.

#include "types.h"

#include <optional>

namespace profscope {

// 2^61 ns: 73 years around the epoch (up to April 2043), far beyond any
// duration a profile records; epoch timestamps today are 1.7e18 ns.
inline constexpr TimeNs kMaxAbsTimeNs = TimeNs(1) << 61;

constexpr bool isRepresentableTime(TimeNs t)
{
    return t >= -kMaxAbsTimeNs && t <= kMaxAbsTimeNs;
}

// Durations are never negative in a profile; a negative one is left to the
// importer (some clamp it to 0) but not one beyond the bound.
constexpr bool isRepresentableDuration(TimeNs d)
{
    return isRepresentableTime(d);
}

// A value read from a file, kept only when representable.
constexpr std::optional<TimeNs> representableTime(std::optional<TimeNs> t)
{
    if (t && !isRepresentableTime(*t))
        return std::nullopt;
    return t;
}

// a + b saturated at the ends of TimeNs, for totals over many bounded values.
constexpr TimeNs saturatingAdd(TimeNs a, TimeNs b)
{
    TimeNs sum = 0;
    if (__builtin_add_overflow(a, b, &sum))
        return b > 0 ? std::numeric_limits<TimeNs>::max() : std::numeric_limits<TimeNs>::min() + 1;
    return sum;
}

} // namespace profscope
