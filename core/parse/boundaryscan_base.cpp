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

} // namespace
} // namespace profscope

#define PROFSCOPE_BOUNDARY_SCAN scanEventBoundariesBase
#include "boundaryscan.inc"
