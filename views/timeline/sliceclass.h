// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>

namespace profscope {

// What a slice is for the user: the colour family it gets. Names hash to a
// stable tone inside their family so that the same kernel has the same
// colour on every rank and every run, while host, compute, communication and
// idle time stay apart at a glance.
enum class SliceClass : std::uint8_t
{
    Host,
    Compute,
    Communication,
    Free,
    Counter
};
inline constexpr int kSliceClassCount = 5;

} // namespace profscope
