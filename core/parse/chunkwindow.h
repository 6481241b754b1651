// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/types.h"

#include <cstddef>
#include <vector>

namespace profscope {

// Partial import: true when no event of the chunk [d, d + n) (whole trace
// events, cut exactly) can be kept in the window, so that the chunk need not
// be decoded at all. Read from the bytes: the smallest and largest "ts" and
// the largest "dur" (an args key of the same name only widens the bounds),
// the keys found by the SIMD key search of boundaryscan.h. Never true for a
// chunk with a metadata event (always kept) or a B / E event (its pair may be
// in another chunk), nor when a value does not read as a number.
// `scratch` keeps the key offsets between calls (no allocation per chunk).
bool chunkOutsideWindow(const char* d, std::size_t n, TimeRange window, std::vector<std::size_t>& scratch);

} // namespace profscope
