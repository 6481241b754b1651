// SPDX-License-Identifier: Apache-2.0
// Built with -mavx2 -mbmi -mpclmul -mpopcnt on x86-64 (core/CMakeLists.txt);
// run only when the CPU has them (boundaryScanHasAvx2).
#include "boundaryscan.h"

#include <cstdint>

#if defined(__x86_64__)
#include <immintrin.h>

namespace profscope {
namespace {

struct BlockMasks
{
    std::uint64_t quote, backslash, open, close;
};

inline std::uint64_t bits64(__m256i lo, __m256i hi)
{
    return std::uint64_t(std::uint32_t(_mm256_movemask_epi8(lo)))
        | (std::uint64_t(std::uint32_t(_mm256_movemask_epi8(hi))) << 32);
}

inline BlockMasks classifyBlock(const char* block)
{
    const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(block));
    const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(block + 32));
    const __m256i quote = _mm256_set1_epi8('"');
    const __m256i backslash = _mm256_set1_epi8('\\');
    // '{' 0x7B and '[' 0x5B, '}' 0x7D and ']' 0x5D differ only in bit 0x20.
    const __m256i caseBit = _mm256_set1_epi8(0x20);
    const __m256i open = _mm256_set1_epi8('{');
    const __m256i close = _mm256_set1_epi8('}');
    const __m256i lo20 = _mm256_or_si256(lo, caseBit);
    const __m256i hi20 = _mm256_or_si256(hi, caseBit);
    return { bits64(_mm256_cmpeq_epi8(lo, quote), _mm256_cmpeq_epi8(hi, quote)),
             bits64(_mm256_cmpeq_epi8(lo, backslash), _mm256_cmpeq_epi8(hi, backslash)),
             bits64(_mm256_cmpeq_epi8(lo20, open), _mm256_cmpeq_epi8(hi20, open)),
             bits64(_mm256_cmpeq_epi8(lo20, close), _mm256_cmpeq_epi8(hi20, close)) };
}

// Carry-less multiplication by all ones: bit i becomes the XOR of bits 0..i.
inline std::uint64_t prefixXor(std::uint64_t bits)
{
    const __m128i product =
        _mm_clmulepi64_si128(_mm_set_epi64x(0, static_cast<long long>(bits)), _mm_set1_epi8(char(0xFF)), 0);
    return std::uint64_t(_mm_cvtsi128_si64(product));
}

// `"ts"`, `"ph"` or `"dur"` at byte i of 32: the byte and the four after it.
inline std::uint32_t timeKeyMask32(const char* p)
{
    auto load = [p](int k) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + k)); };
    auto eq = [](__m256i v, char c) { return _mm256_cmpeq_epi8(v, _mm256_set1_epi8(c)); };
    const __m256i v0 = load(0), v1 = load(1), v2 = load(2), v3 = load(3), v4 = load(4);
    const __m256i open = eq(v0, '"');
    const __m256i closeAt3 = eq(v3, '"');
    const __m256i ts = _mm256_and_si256(eq(v1, 't'), eq(v2, 's'));
    const __m256i ph = _mm256_and_si256(eq(v1, 'p'), eq(v2, 'h'));
    const __m256i dur = _mm256_and_si256(_mm256_and_si256(eq(v1, 'd'), eq(v2, 'u')),
                                         _mm256_and_si256(eq(v3, 'r'), eq(v4, '"')));
    const __m256i any = _mm256_and_si256(open, _mm256_or_si256(_mm256_and_si256(_mm256_or_si256(ts, ph), closeAt3), dur));
    return std::uint32_t(_mm256_movemask_epi8(any));
}

inline std::uint64_t timeKeyMask(const char* block)
{
    return std::uint64_t(timeKeyMask32(block)) | (std::uint64_t(timeKeyMask32(block + 32)) << 32);
}

} // namespace
} // namespace profscope

#define PROFSCOPE_FIND_TIME_KEYS findTraceTimeKeysAvx2
#define PROFSCOPE_BOUNDARY_SCAN scanEventBoundariesAvx2
#include "boundaryscan.inc"

#else

namespace profscope {
BoundaryStop scanEventBoundariesAvx2(const char* data, std::size_t size, std::size_t& pos, std::size_t minBytes,
                                     std::size_t& boundary)
{
    return scanEventBoundariesBase(data, size, pos, minBytes, boundary);
}
void findTraceTimeKeysAvx2(const char* data, std::size_t size, std::vector<std::size_t>& hits)
{
    findTraceTimeKeysBase(data, size, hits);
}
} // namespace profscope

#endif
