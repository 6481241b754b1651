// SPDX-License-Identifier: Apache-2.0
#include "numbers.h"

#include "../model/numericcolumn.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace profscope {

// 128-bit intermediate so that 19 significant digits times a scale never overflow unnoticed.
__extension__ typedef unsigned __int128 UInt128;

std::string_view stripLiteralQuotes(std::string_view text)
{
    text = trimCell(text);
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"')
        return text.substr(1, text.size() - 2);
    return text;
}

bool isNullCell(std::string_view text)
{
    text = trimCell(text);
    return text.empty() || text == "N/A" || text == "NA" || text == "n/a" || text == "null" || text == "None"
        || text == "-" || text == "nan" || text == "NaN";
}

// The common case, "1736408883694795.840" or "53.741": plain digits with an
// optional fraction. Integer arithmetic only: the integer part and the kept
// fraction digits together at most 19 digits (below 10^19, within uint64
// even after rounding up), the result within qint64, and at most 21 digits
// in all, which the general path below also holds exactly, so both round
// alike. Microsecond timestamps with three decimals scaled to nanoseconds
// are 19 digits: the profilers' every ts and Start Time(us).
static bool parseSimpleDecimal(std::string_view text, int decimalShift, qint64& out)
{
    static constexpr std::uint64_t kPow10[] = { 1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull,
                                                10000000ull, 100000000ull, 1000000000ull };
    if (decimalShift < 0 || decimalShift > 9 || text.empty() || text.size() > 23)
        return false;
    std::size_t i = 0;
    const bool negative = text[0] == '-';
    if (negative)
        ++i;
    std::uint64_t integer = 0;
    int digits = 0;
    const std::size_t intStart = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
        integer = integer * 10 + std::uint64_t(text[i] - '0');
        ++i;
        ++digits;
    }
    const int intDigits = int(i - intStart);
    std::uint64_t fraction = 0;
    int fractionDigits = 0;
    int roundDigit = 0;
    if (i < text.size() && text[i] == '.') {
        ++i;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
            if (fractionDigits < decimalShift) {
                fraction = fraction * 10 + std::uint64_t(text[i] - '0');
                ++fractionDigits;
            } else if (fractionDigits == decimalShift) {
                roundDigit = text[i] - '0';
                ++fractionDigits; // only the first dropped digit decides (half up)
            }
            ++i;
            ++digits;
        }
    }
    if (i != text.size() || digits == 0 || digits > 21 || intDigits + decimalShift > 19)
        return false;
    const int kept = std::min(fractionDigits, decimalShift);
    std::uint64_t value = integer * kPow10[decimalShift] + fraction * kPow10[decimalShift - kept];
    if (roundDigit >= 5)
        ++value;
    if (value > std::uint64_t(std::numeric_limits<qint64>::max()))
        return false; // the general path says it does not fit
    out = negative ? -qint64(value) : qint64(value);
    return true;
}

std::optional<qint64> parseScaledDecimal(std::string_view text, int decimalShift)
{
    text = trimCell(text);
    if (qint64 fast = 0; parseSimpleDecimal(text, decimalShift, fast))
        return fast;
    if (isNullCell(text))
        return std::nullopt;
    std::size_t i = 0;
    bool negative = false;
    if (text[i] == '+' || text[i] == '-') {
        negative = text[i] == '-';
        ++i;
    }
    // Collect all significant digits and where the decimal point sits.
    constexpr int kMaxDigits = 19;
    UInt128 mantissa = 0;
    int digits = 0;
    int fractionDigits = 0;
    int droppedIntegerDigits = 0; // digits beyond our precision, before the point
    bool seenPoint = false;
    bool anyDigit = false;
    int firstDropped = -1; // first digit that did not fit, for rounding
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c >= '0' && c <= '9') {
            anyDigit = true;
            if (digits < kMaxDigits + 2) {
                if (mantissa != 0 || c != '0')
                    ++digits;
                mantissa = mantissa * 10 + unsigned(c - '0');
                if (seenPoint)
                    ++fractionDigits;
            } else {
                if (firstDropped < 0)
                    firstDropped = c - '0';
                if (!seenPoint)
                    ++droppedIntegerDigits;
            }
        } else if (c == '.' && !seenPoint) {
            seenPoint = true;
        } else {
            break;
        }
    }
    if (!anyDigit)
        return std::nullopt;
    int exponent = 0;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        int expValue = 0;
        auto [ptr, ec] = std::from_chars(text.data() + i, text.data() + text.size(), expValue);
        if (ec != std::errc() && !(i < text.size() && text[i] == '+')) {
            return std::nullopt;
        }
        if (ec != std::errc()) { // "+5" : from_chars does not take a plus sign
            auto [p2, ec2] = std::from_chars(text.data() + i + 1, text.data() + text.size(), expValue);
            if (ec2 != std::errc())
                return std::nullopt;
            ptr = p2;
        }
        // Clamp so that the scale arithmetic below cannot overflow an int;
        // anything this far out is 0 or an overflow either way.
        exponent = std::clamp(expValue, -100000, 100000);
        i = std::size_t(ptr - text.data());
    }
    if (i != text.size())
        return std::nullopt;

    // value = mantissa * 10^(droppedIntegerDigits - fractionDigits + exponent); scaled by 10^shift
    int scale = droppedIntegerDigits - fractionDigits + exponent + decimalShift;
    if (scale > 0) {
        for (int s = 0; s < scale; ++s) {
            mantissa *= 10;
            if (mantissa > (UInt128)std::numeric_limits<qint64>::max())
                return std::nullopt;
        }
    } else if (scale < 0) {
        if (scale < -38)
            return qint64(0);
        unsigned lastDropped = 0;
        bool rest = false;
        for (int s = 0; s < -scale; ++s) {
            if (lastDropped != 0)
                rest = true;
            lastDropped = unsigned(mantissa % 10);
            mantissa /= 10;
        }
        (void)rest;
        if (lastDropped >= 5)
            mantissa += 1;
    } else if (firstDropped >= 5) {
        mantissa += 1;
    }
    if (mantissa > (UInt128)std::numeric_limits<qint64>::max())
        return std::nullopt;
    const auto value = qint64(mantissa);
    return negative ? -value : value;
}

std::optional<double> parseDouble(std::string_view text)
{
    text = trimCell(text);
    // Most cells are plain decimals ("535.0220"): at most 15 digits and 6 decimals, read
    // exactly as from_chars would by decimalValue. ("-0.0" is declined: it is -0.0.)
    qint64 mantissa = 0;
    int scale = 0;
    if (parsePlainDecimal(text, mantissa, scale))
        return decimalValue(mantissa, scale);
    if (isNullCell(text))
        return std::nullopt;
    if (text.front() == '+')
        text.remove_prefix(1);
    double value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size())
        return std::nullopt;
    return value;
}

bool parsePlainDecimal(std::string_view text, qint64& mantissa, int& scale)
{
    const char* p = text.data();
    const char* end = p + text.size();
    const bool negative = p < end && *p == '-';
    p += negative ? 1 : 0;
    const char* digits = p;
    // At most 15 digits in all (so the mantissa stays exact in a double), at
    // most 6 after the point. The limits are checked after each run of digits
    // (one compare per digit, not three: 26 metric cells a kernel_details.csv
    // row); the mantissa is unsigned meanwhile, so that a long cell wraps
    // (defined) before it is refused.
    std::uint64_t m = 0;
    unsigned digit = 0;
    while (p < end && (digit = unsigned(static_cast<unsigned char>(*p)) - '0') <= 9) {
        m = m * 10 + digit;
        ++p;
    }
    const std::ptrdiff_t integerDigits = p - digits;
    if (integerDigits == 0 || integerDigits > 15)
        return false;
    int k = 0;
    if (p < end && *p == '.') {
        const char* fraction = ++p;
        while (p < end && (digit = unsigned(static_cast<unsigned char>(*p)) - '0') <= 9) {
            m = m * 10 + digit;
            ++p;
        }
        const std::ptrdiff_t fractionDigits = p - fraction;
        if (fractionDigits == 0 || fractionDigits > 6 || integerDigits + fractionDigits > 15)
            return false;
        k = int(fractionDigits);
    }
    if (p != end || (negative && m == 0))
        return false;
    while (k > 0 && m % 10 == 0) {
        m /= 10;
        --k;
    }
    mantissa = negative ? -qint64(m) : qint64(m);
    scale = k;
    return true;
}

std::optional<qint64> parseInt(std::string_view text)
{
    text = trimCell(text);
    if (isNullCell(text))
        return std::nullopt;
    if (text.front() == '+')
        text.remove_prefix(1);
    qint64 value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec == std::errc() && ptr == text.data() + text.size())
        return value;
    // "12.0" and the like: accept integral decimals.
    if (auto d = parseDouble(text); d && std::isfinite(*d) && std::floor(*d) == *d && std::fabs(*d) < 9.2e18)
        return qint64(*d);
    return std::nullopt;
}

std::optional<std::uint64_t> parseUInt64(std::string_view text)
{
    text = trimCell(text);
    if (isNullCell(text))
        return std::nullopt;
    std::uint64_t value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size())
        return std::nullopt;
    return value;
}

bool isOutOfRangeTime(std::string_view text, int decimalShift)
{
    // Exact where the value fits 64 bits (a double cannot tell 2^61 from 2^61 + 1).
    if (const auto exact = parseScaledDecimal(text, decimalShift))
        return !isRepresentableTime(*exact);
    const auto v = parseDouble(text);
    return v && isOutOfRangeTime(*v, std::pow(10.0, decimalShift));
}

bool isOutOfRangeTime(double value, double nsPerUnit)
{
    if (std::isnan(value))
        return false;
    return !(std::fabs(value * nsPerUnit) <= double(kMaxAbsTimeNs));
}

std::optional<TimeNs> unitsToNs(double value, double nsPerUnit)
{
    if (std::isnan(value) || isOutOfRangeTime(value, nsPerUnit))
        return std::nullopt;
    return TimeNs(std::llround(value * nsPerUnit));
}

} // namespace profscope
