// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/timebounds.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

namespace profscope {

// Strips spaces, TABs (Huawei ends timestamp cells with one so Excel keeps
// the digits), CR and LF from both ends.
// Inline: called for every cell and number of every file (millions per load).
inline std::string_view trimCell(std::string_view text)
{
    auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    return text;
}

// Removes one level of literal double quotes around a value: the shape cells
// are written as """32,3,224,224""", which CSV unquoting turns into
// "32,3,224,224".
std::string_view stripLiteralQuotes(std::string_view text);

// True for the cells the profiler writes when a value does not exist.
bool isNullCell(std::string_view text); // "", "N/A", "NA", "null", "None", "-"

// Parses a decimal number exactly and scales it by 10^decimalShift into an
// integer, rounding half away from zero at the last kept digit. This is how
// "1736408883694795.840" µs becomes 1736408883694795840 ns without the
// precision loss of a double (16+ significant digits). Accepts a leading
// sign, an optional fraction and an exponent (e.g. "5e-05").
// Returns nullopt for null cells, garbage or overflow.
std::optional<qint64> parseScaledDecimal(std::string_view text, int decimalShift);

// Times and durations: nullopt also for values beyond ±kMaxAbsTimeNs
// (timebounds.h), which no analysis may see; isOutOfRangeTime() tells those
// apart from garbage, for the importers that count them.
inline std::optional<TimeNs> parseUsToNs(std::string_view text)
{
    return representableTime(parseScaledDecimal(text, 3));
}
inline std::optional<TimeNs> parseMsToNs(std::string_view text)
{
    return representableTime(parseScaledDecimal(text, 6));
}
// True when `text` is a number (±1e308, "9223372036854775807", inf) whose
// value times 10^decimalShift ns lies beyond ±kMaxAbsTimeNs.
bool isOutOfRangeTime(std::string_view text, int decimalShift);
// The same for a value read as a double (µs, ms) or integer (ns) from JSON or
// a database: its ns lie beyond ±kMaxAbsTimeNs (or it is not finite).
bool isOutOfRangeTime(double value, double nsPerUnit);
// A time read as a double in some unit (µs: 1000 ns per unit) in ns, rounded;
// nullopt for NaN and values beyond ±kMaxAbsTimeNs (a plain llround of 1e308
// is unspecified).
std::optional<TimeNs> unitsToNs(double value, double nsPerUnit);

std::optional<double> parseDouble(std::string_view text);
// The common PMU cell, "311.072", "-12", "0.700": an optional '-', integer
// digits, optionally '.' and up to 6 more digits, 15 digits at most in all,
// nothing else (no blanks: the cell is trimmed). `mantissa` / 10^`scale` is its value, the
// fraction's trailing zeros dropped (0.700 -> 7, 1). False for anything
// else, and for a negative zero, which parseDouble reads instead.
bool parsePlainDecimal(std::string_view text, qint64& mantissa, int& scale);
std::optional<qint64> parseInt(std::string_view text);        // also accepts "12.0"
std::optional<std::uint64_t> parseUInt64(std::string_view text);

// Converts a double read from a file into an integer type, truncating toward
// zero; nullopt for NaN, infinities and values outside the type's range,
// where a plain cast would be undefined behaviour (a fuzzed "1e+48" rank id).
template <typename Int>
std::optional<Int> toIntegral(double value)
{
    using Limits = std::numeric_limits<Int>;
    if (!std::isfinite(value) || value < double(Limits::min()) || value >= double(Limits::max()) + 1.0)
        return std::nullopt;
    return Int(value);
}

// The profiler writes UINT32_MAX (4294967295) for "no model" / "no value".
inline constexpr qint64 kUint32Sentinel = 4294967295LL;

} // namespace profscope
