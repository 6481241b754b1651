// SPDX-License-Identifier: Apache-2.0
#pragma once

// Sorting what is already made of a few sorted runs: the device tasks of a
// step come lane by lane, each lane in start order, so their ranges are one
// sorted run per stream. Merging the runs costs O(n log runs) instead of a
// full sort's O(n log n) (the sorts of the overview and the advice took a
// sixth of a database profile's path to all analyses; the importers' tables
// come in time or id order, a run or two). The result is what
// std::stable_sort gives.

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <vector>

namespace profscope {

template <typename It, typename Less> void stableSortRuns(It first, It last, Less less)
{
    using Diff = typename std::iterator_traits<It>::difference_type;
    const Diff n = std::distance(first, last);
    if (n < 2)
        return;
    // Where each non-decreasing run starts.
    std::vector<Diff> starts { 0 };
    for (Diff i = 1; i < n; ++i)
        if (less(first[i], first[i - 1])) {
            starts.push_back(i);
            // Many runs: no better than sorting.
            if (starts.size() > 64) {
                std::stable_sort(first, last, less);
                return;
            }
        }
    // Neighbouring runs merged pairwise until one is left (each round
    // halves their number; inplace_merge is stable).
    starts.push_back(n);
    while (starts.size() > 2) {
        std::vector<Diff> merged { 0 };
        for (std::size_t r = 0; r + 2 < starts.size(); r += 2) {
            std::inplace_merge(first + starts[r], first + starts[r + 1], first + starts[r + 2], less);
            merged.push_back(starts[r + 2]);
        }
        if (starts.size() % 2 == 0) // an odd run out: carried to the next round
            merged.push_back(starts.back());
        starts = std::move(merged);
    }
}

// The first index of the sorted v[0, n) whose value is > x (upper) or >= x
// (lower), for searches that come mostly in increasing order: it starts at
// `hint` (the last result; start with 0) and gallops forward with steps 1,
// 2, 4, ... when the bound lies after it (O(log distance)), else searches
// [0, hint). The result is also left in `hint`.
template <typename T> std::size_t gallopBound(const T* v, std::size_t n, const T& x, bool upper, std::size_t& hint)
{
    const auto before = [&x, upper](const T& e) { return upper ? !(x < e) : e < x; };
    std::size_t lo = 0, hi = n;
    if (hint < n && before(v[hint])) {
        // Everything below lo is before the bound.
        lo = hint + 1;
        std::size_t step = 1;
        while (lo + step - 1 < n && before(v[lo + step - 1])) {
            lo += step;
            step *= 2;
        }
        hi = std::min(n, lo + step - 1);
    } else if (hint < n) {
        hi = hint; // v[hint] is not before: the bound is at most hint
    }
    hint = std::size_t(std::partition_point(v + lo, v + hi, before) - v);
    return hint;
}

} // namespace profscope
