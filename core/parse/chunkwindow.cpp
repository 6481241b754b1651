// SPDX-License-Identifier: Apache-2.0
#include "chunkwindow.h"

#include "boundaryscan.h"
#include "numbers.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <string_view>

namespace profscope {

namespace {

inline bool isJsonSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}


// Bounds of the time in µs after `"key"` at keyEnd (quoted or not), in ns:
// [lo, hi]. Plain "1736408883694795.840" reads its integer digits only
// (lo = µs * 1000, hi = lo + 1000: the fraction and its rounding stay below
// that), which is all a skip decision needs, without the cost of the
// exact conversion; anything else (a sign, an exponent, 17+ digits) is
// converted exactly by parseUsToNs. NotAKey: no ':' follows (a string value
// that happens to read "ts", not a key); Bad: not a number.
enum class KeyValue { NotAKey, Bad, Read };
KeyValue timeAfterKey(const char* d, std::size_t n, std::size_t keyEnd, TimeNs& lo, TimeNs& hi)
{
    std::size_t i = keyEnd;
    while (i < n && isJsonSpace(d[i]))
        ++i;
    if (i >= n || d[i] != ':')
        return KeyValue::NotAKey;
    ++i;
    while (i < n && isJsonSpace(d[i]))
        ++i;
    if (i < n && d[i] == '"')
        ++i;
    const std::size_t start = i;
    std::uint64_t micros = 0;
    while (i < n && d[i] >= '0' && d[i] <= '9')
        micros = micros * 10 + std::uint64_t(d[i++] - '0');
    const std::size_t intDigits = i - start;
    if (i < n && d[i] == '.')
        for (++i; i < n && d[i] >= '0' && d[i] <= '9';)
            ++i;
    const bool plain = intDigits > 0 && intDigits <= 16 && !(i < n && (d[i] == 'e' || d[i] == 'E' || d[i] == '-'
                                                                       || d[i] == '+' || d[i] == '.'));
    if (plain && micros * 1000 + 1000 <= std::uint64_t(kMaxAbsTimeNs)) {
        lo = TimeNs(micros * 1000);
        hi = lo + 1000;
        return KeyValue::Read;
    }
    while (i < n && (std::isdigit(static_cast<unsigned char>(d[i])) || d[i] == '.' || d[i] == '-' || d[i] == 'e'
                     || d[i] == 'E' || d[i] == '+'))
        ++i;
    const auto exact = parseUsToNs(std::string_view(d + start, i - start));
    if (!exact)
        return KeyValue::Bad;
    lo = hi = *exact;
    return KeyValue::Read;
}

} // namespace

bool chunkOutsideWindow(const char* d, std::size_t n, TimeRange window, std::vector<std::size_t>& keys)
{
    // The bounds only ever widen (a lower ts, a higher end): a chunk is
    // skipped only when even its widest reading lies outside the window.
    TimeNs minTs = std::numeric_limits<TimeNs>::max(), maxTs = std::numeric_limits<TimeNs>::min(), maxDur = 0;
    // Only the bytes where a key starts are looked at: the search finds them
    // at many GB/s, where a byte loop over the chunk cost more than decoding it.
    findTraceTimeKeys(d, n, keys);
    for (const std::size_t i : keys) {
        const char a = d[i + 1];
        if (a == 'p') { // "ph"
            std::size_t j = i + 4;
            while (j < n && (isJsonSpace(d[j]) || d[j] == ':'))
                ++j;
            if (j + 1 < n && d[j] == '"' && (d[j + 1] == 'M' || d[j + 1] == 'B' || d[j + 1] == 'E'))
                return false;
            continue;
        }
        TimeNs lo = 0, hi = 0;
        const KeyValue read = timeAfterKey(d, n, i + (a == 't' ? 4 : 5), lo, hi);
        if (read == KeyValue::Bad)
            return false;
        if (read == KeyValue::NotAKey)
            continue;
        if (a == 't') { // "ts"
            minTs = std::min(minTs, lo);
            maxTs = std::max(maxTs, hi);
        } else { // "dur"
            maxDur = std::max(maxDur, hi);
        }
    }
    if (minTs > maxTs)
        return false; // no times: nothing to decide on
    return minTs >= window.endNs || maxTs + maxDur < window.startNs;
}

} // namespace profscope
