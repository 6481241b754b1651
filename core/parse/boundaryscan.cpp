// SPDX-License-Identifier: Apache-2.0
#include "boundaryscan.h"

namespace profscope {

namespace detail {

BoundaryStop scanEventBoundariesFrom(const char* d, std::size_t size, std::size_t start, std::size_t p,
                                     long long depth, bool inString, std::size_t& pos, std::size_t minBytes,
                                     std::size_t& boundary)
{
    while (p < size) {
        if (inString) {
            // Trace strings are short: a byte loop beats a memchr call per string.
            while (p < size && d[p] != '"')
                p += d[p] == '\\' ? 2 : 1;
            if (p >= size) {
                p = size;
                break;
            }
            ++p;
            inString = false;
            continue;
        }
        const char c = d[p];
        if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (depth == 0) {
                pos = p;
                return BoundaryStop::ArrayEnd; // the events array's own ']'
            }
            if (--depth == 0) {
                boundary = p + 1;
                if (boundary - start >= minBytes) {
                    pos = p + 1;
                    return BoundaryStop::ChunkFull;
                }
            }
        }
        ++p;
    }
    pos = p;
    return BoundaryStop::EndOfData;
}

} // namespace detail

BoundaryStop scanEventBoundariesScalar(const char* data, std::size_t size, std::size_t& pos, std::size_t minBytes,
                                       std::size_t& boundary)
{
    return detail::scanEventBoundariesFrom(data, size, pos, pos, 0, false, pos, minBytes, boundary);
}

bool boundaryScanHasAvx2()
{
#if defined(__x86_64__)
    // The same features the AVX2 trace kernel asks for (tracekernel.cpp).
    static const bool has = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("pclmul")
            && __builtin_cpu_supports("popcnt");
    }();
    return has;
#else
    return false;
#endif
}

BoundaryStop scanEventBoundaries(const char* data, std::size_t size, std::size_t& pos, std::size_t minBytes,
                                 std::size_t& boundary)
{
    if (boundaryScanHasAvx2())
        return scanEventBoundariesAvx2(data, size, pos, minBytes, boundary);
    return scanEventBoundariesBase(data, size, pos, minBytes, boundary);
}

void findTraceTimeKeys(const char* data, std::size_t size, std::vector<std::size_t>& hits)
{
    if (boundaryScanHasAvx2())
        findTraceTimeKeysAvx2(data, size, hits);
    else
        findTraceTimeKeysBase(data, size, hits);
}

const char* boundaryScanKernelName()
{
    return boundaryScanHasAvx2() ? "avx2" : "base";
}

} // namespace profscope
