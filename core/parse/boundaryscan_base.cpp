// SPDX-License-Identifier: Apache-2.0
// Built with the compiler's defaults: SSE2 on x86-64 (every x86-64 CPU has
// it), a byte loop building the same masks elsewhere.
#include "boundaryscan.h"

#include <cstdint>

#if defined(__x86_64__) || defined(__SSE2__)
#include <emmintrin.h>
#define PROFSCOPE_BOUNDARY_SSE2 1
#endif

namespace profscope {
namespace {

struct BlockMasks
{
    std::uint64_t quote, backslash, open, close;
};

#ifdef PROFSCOPE_BOUNDARY_SSE2
inline BlockMasks classifyBlock(const char* block)
{
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    // '{' 0x7B and '[' 0x5B, '}' 0x7D and ']' 0x5D differ only in bit 0x20.
    const __m128i caseBit = _mm_set1_epi8(0x20);
    const __m128i open = _mm_set1_epi8('{');
    const __m128i close = _mm_set1_epi8('}');
    BlockMasks m { 0, 0, 0, 0 };
    for (int k = 0; k < 4; ++k) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 16 * k));
        const __m128i v20 = _mm_or_si128(v, caseBit);
        const int shift = 16 * k;
        m.quote |= std::uint64_t(std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v, quote)))) << shift;
        m.backslash |= std::uint64_t(std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v, backslash)))) << shift;
        m.open |= std::uint64_t(std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v20, open)))) << shift;
        m.close |= std::uint64_t(std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v20, close)))) << shift;
    }
    return m;
}
#else
inline BlockMasks classifyBlock(const char* block)
{
    BlockMasks m { 0, 0, 0, 0 };
    for (int i = 0; i < 64; ++i) {
        const unsigned char c = static_cast<unsigned char>(block[i]);
        const std::uint64_t bit = std::uint64_t(1) << i;
        m.quote |= c == '"' ? bit : 0;
        m.backslash |= c == '\\' ? bit : 0;
        m.open |= (c | 0x20) == '{' ? bit : 0;
        m.close |= (c | 0x20) == '}' ? bit : 0;
    }
    return m;
}
#endif

// Bit i becomes the XOR of bits 0..i (no carry-less multiply assumed here).
inline std::uint64_t prefixXor(std::uint64_t bits)
{
    bits ^= bits << 1;
    bits ^= bits << 2;
    bits ^= bits << 4;
    bits ^= bits << 8;
    bits ^= bits << 16;
    bits ^= bits << 32;
    return bits;
}

#ifdef PROFSCOPE_BOUNDARY_SSE2
// `"ts"`, `"ph"` or `"dur"` at byte i of 16: the byte and the four after it.
inline std::uint64_t timeKeyMask16(const char* p)
{
    auto load = [p](int k) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + k)); };
    auto eq = [](__m128i v, char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); };
    const __m128i v0 = load(0), v1 = load(1), v2 = load(2), v3 = load(3), v4 = load(4);
    const __m128i ts = _mm_and_si128(eq(v1, 't'), eq(v2, 's'));
    const __m128i ph = _mm_and_si128(eq(v1, 'p'), eq(v2, 'h'));
    const __m128i dur = _mm_and_si128(_mm_and_si128(eq(v1, 'd'), eq(v2, 'u')), _mm_and_si128(eq(v3, 'r'), eq(v4, '"')));
    const __m128i any =
        _mm_and_si128(eq(v0, '"'), _mm_or_si128(_mm_and_si128(_mm_or_si128(ts, ph), eq(v3, '"')), dur));
    return std::uint64_t(std::uint32_t(_mm_movemask_epi8(any)));
}

inline std::uint64_t timeKeyMask(const char* block)
{
    return timeKeyMask16(block) | timeKeyMask16(block + 16) << 16 | timeKeyMask16(block + 32) << 32
        | timeKeyMask16(block + 48) << 48;
}
#else
inline std::uint64_t timeKeyMask(const char* block)
{
    std::uint64_t m = 0;
    for (int i = 0; i < 64; ++i) {
        const char* p = block + i;
        const bool key = p[0] == '"'
            && (((p[1] == 't' && p[2] == 's') || (p[1] == 'p' && p[2] == 'h')) ? p[3] == '"'
                                                                                 : (p[1] == 'd' && p[2] == 'u'
                                                                                    && p[3] == 'r' && p[4] == '"'));
        m |= key ? std::uint64_t(1) << i : 0;
    }
    return m;
}
#endif

} // namespace
} // namespace profscope

#define PROFSCOPE_FIND_TIME_KEYS findTraceTimeKeysBase
#define PROFSCOPE_BOUNDARY_SCAN scanEventBoundariesBase
#include "boundaryscan.inc"
