// SPDX-License-Identifier: Apache-2.0
#pragma once

// Shared by the streams that read a small JSON file without its DOM
// (commstream.cpp, metadatastream.cpp): one scalar SAX event, read exactly
// as jsonfile.cpp's helpers read the same value from the DOM, which keeps a
// float as its source text.

#include "../model/timebounds.h"
#include "jsonfile.h"
#include "numbers.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace profscope::jsonfile {

struct SaxScalar
{
    enum class Kind { Null, Bool, Int, Unsigned, Float, String };
    Kind kind = Kind::Null;
    bool boolean = false;
    qint64 i = 0;
    std::uint64_t u = 0;
    const std::string* text = nullptr;

    std::optional<double> toDouble() const
    {
        switch (kind) {
        case Kind::Int:
            return double(i);
        case Kind::Unsigned:
            return double(u);
        case Kind::Float:
        case Kind::String:
            return parseDouble(*text);
        default:
            return std::nullopt;
        }
    }
    std::optional<qint64> toInt() const
    {
        switch (kind) {
        case Kind::Int:
            return i;
        case Kind::Unsigned:
            if (u > std::uint64_t(std::numeric_limits<qint64>::max()))
                return std::nullopt;
            return qint64(u);
        case Kind::Float:
        case Kind::String:
            return parseInt(*text);
        default:
            return std::nullopt;
        }
    }
    std::optional<TimeNs> usToNs() const
    {
        if (kind == Kind::Float || kind == Kind::String)
            return parseUsToNs(*text);
        if (const auto v = toInt()) {
            constexpr qint64 kLimit = kMaxAbsTimeNs / 1000;
            if (*v > kLimit || *v < -kLimit)
                return std::nullopt;
            return *v * 1000;
        }
        return std::nullopt;
    }
    // Strings as they are, anything else as JSON writes it.
    QString toText() const
    {
        switch (kind) {
        case Kind::Null:
            return {};
        case Kind::Bool:
            return boolean ? QStringLiteral("true") : QStringLiteral("false");
        case Kind::Int:
            return QString::number(i);
        case Kind::Unsigned:
            return QString::number(u);
        default:
            return toQString(*text);
        }
    }
};

// A SAX handler that takes every scalar event as one SaxScalar; it stops at
// binary values (never in JSON text) and at a parse error.
class ScalarSax : public nlohmann::json_sax<Json>
{
public:
    bool null() override
    {
        return scalar(SaxScalar {});
    }
    bool boolean(bool value) override
    {
        SaxScalar s { SaxScalar::Kind::Bool };
        s.boolean = value;
        return scalar(s);
    }
    bool number_integer(number_integer_t value) override
    {
        SaxScalar s { SaxScalar::Kind::Int };
        s.i = value;
        return scalar(s);
    }
    bool number_unsigned(number_unsigned_t value) override
    {
        SaxScalar s { SaxScalar::Kind::Unsigned };
        s.u = value;
        return scalar(s);
    }
    bool number_float(number_float_t, const string_t& text) override
    {
        SaxScalar s { SaxScalar::Kind::Float };
        s.text = &text;
        return scalar(s);
    }
    bool string(string_t& value) override
    {
        SaxScalar s { SaxScalar::Kind::String };
        s.text = &value;
        return scalar(s);
    }
    bool binary(binary_t&) override
    {
        return false;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override
    {
        return false;
    }

protected:
    virtual bool scalar(const SaxScalar& s) = 0;
};

// Repeated keys make the DOM keep the first position with the last value;
// the streams leave such files to it.
inline bool hasRepeats(std::vector<std::string>& keys)
{
    std::sort(keys.begin(), keys.end());
    return std::adjacent_find(keys.begin(), keys.end()) != keys.end();
}

} // namespace profscope::jsonfile
