// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <vector>

namespace profscope {

// Finds where the top-level elements of a JSON array end, so that a trace's
// events array can be cut into chunks exactly between two events: string-
// aware bracket depth, nothing else ('{' and '[' open, '}' and ']' close,
// brackets inside strings and escaped quotes do not count).
enum class BoundaryStop {
    ChunkFull, // an element closed at least minBytes after the start
    ArrayEnd,  // a closing bracket at depth 0: the events array's own ']'
    EndOfData, // the data ran out (a truncated file)
};

// Scans from `pos` (between two elements: depth 0, outside any string) until
// an element closes at least `minBytes` after `pos`, the array closes, or the
// data ends. `boundary` is set just past the last element that closed (left
// as is when none did); `pos` ends where scanning stopped: just past the
// element (ChunkFull), on the ']' (ArrayEnd), at `size` (EndOfData).
// Uses the SIMD scanner this CPU runs best (AVX2 on x86-64 when available).
BoundaryStop scanEventBoundaries(const char* data, std::size_t size, std::size_t& pos, std::size_t minBytes,
                                 std::size_t& boundary);

// The variants, all with exactly the same results (tst_boundaryscan):
// a byte loop (about 200 MB/s on trace text), and the 64-byte-block scanners
// (simdjson stage 1: quote and backslash masks, escaped quotes removed, a
// prefix XOR for the in-string mask, then bracket depth over the structural
// bytes outside strings). The block scanners fall back to the byte loop from
// a block holding a backslash outside any string (invalid JSON, where the
// two definitions of "escaped" could differ).
BoundaryStop scanEventBoundariesScalar(const char* data, std::size_t size, std::size_t& pos, std::size_t minBytes,
                                       std::size_t& boundary);
BoundaryStop scanEventBoundariesAvx2(const char* data, std::size_t size, std::size_t& pos, std::size_t minBytes,
                                     std::size_t& boundary);
BoundaryStop scanEventBoundariesBase(const char* data, std::size_t size, std::size_t& pos, std::size_t minBytes,
                                     std::size_t& boundary);
// Whether the AVX2 variant can run here (tests skip it when not).
bool boundaryScanHasAvx2();
const char* boundaryScanKernelName();

// The offsets in [data, data + size) of every `"ts"`, `"dur"` and `"ph"`
// (from the opening quote; whether a ':' follows is the caller's to check),
// in order, into `hits` (cleared first). Partial import reads the times of a
// chunk from them to decide whether to decode it (chunkwindow.h). AVX2 or
// SSE2 compares of each byte and the four after it; the same results.
void findTraceTimeKeys(const char* data, std::size_t size, std::vector<std::size_t>& hits);
void findTraceTimeKeysAvx2(const char* data, std::size_t size, std::vector<std::size_t>& hits);
void findTraceTimeKeysBase(const char* data, std::size_t size, std::vector<std::size_t>& hits);

namespace detail {
// The byte loop from a state inside the data (the block scanners' fallback):
// `p` with `depth` open brackets, inside a string or not; `start` is where
// the scan began (for minBytes).
BoundaryStop scanEventBoundariesFrom(const char* data, std::size_t size, std::size_t start, std::size_t p,
                                     long long depth, bool inString, std::size_t& pos, std::size_t minBytes,
                                     std::size_t& boundary);
} // namespace detail

} // namespace profscope
