// SPDX-License-Identifier: Apache-2.0
#pragma once

// Shared by the streams that read a small JSON file without its DOM
// (commstream.cpp, metadatastream.cpp): one scalar SAX event, read exactly
// as jsonfile.cpp's helpers read the same value from the DOM (which keeps a
// float as its source text), and the nesting bookkeeping of a stream.

#include "../model/timebounds.h"
#include "jsonfast.h"
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

// The bookkeeping every stream needs: the key of the value at hand, the
// objects open (m_depth: the level of a value) and a value passed over whole
// (skipped values reach no hook). Each hook returns false to stop the parse.
class NestedSax : public ScalarSax, public UnsignedRuns
{
public:
    bool complete() const
    {
        return m_complete;
    }

    // The fast walk's runs of unsigned integers (jsonfast.h): the same as an
    // event each unless a stream takes them at once (unsignedValues).
    bool unsignedRun(const std::uint64_t* values, std::size_t count) final
    {
        return m_skip > 0 || unsignedValues(values, count);
    }

    bool key(string_t& value) final
    {
        if (m_skip > 0)
            return true;
        m_key = std::move(value);
        return keyRead();
    }
    bool start_object(std::size_t) final
    {
        if (m_skip > 0) {
            ++m_skip;
            return true;
        }
        return objectStart(m_depth++);
    }
    bool end_object() final
    {
        if (m_skip > 0) {
            --m_skip;
            return true;
        }
        return objectEnd(--m_depth);
    }
    bool start_array(std::size_t) final
    {
        if (m_skip > 0) {
            ++m_skip;
            return true;
        }
        return arrayStart();
    }
    bool end_array() final
    {
        if (m_skip > 0) {
            --m_skip;
            return true;
        }
        return arrayEnd();
    }

protected:
    bool scalar(const SaxScalar& s) final
    {
        return m_skip > 0 || scalarValue(s);
    }

    virtual bool keyRead()
    {
        return true;
    }
    // An object opens or closes at `level` (the objects open around it).
    virtual bool objectStart(int level) = 0;
    virtual bool objectEnd(int level) = 0;
    virtual bool arrayStart() = 0;
    virtual bool arrayEnd() = 0;
    virtual bool scalarValue(const SaxScalar& s) = 0;
    virtual bool unsignedValues(const std::uint64_t* values, std::size_t count)
    {
        SaxScalar s { SaxScalar::Kind::Unsigned };
        for (std::size_t i = 0; i < count; ++i) {
            s.u = values[i];
            if (!scalarValue(s))
                return false;
        }
        return true;
    }

    // From objectStart: pass over the object just opened.
    bool skipOpened()
    {
        --m_depth;
        m_skip = 1;
        return true;
    }
    // From arrayStart: pass over the array just opened.
    bool skipArray()
    {
        m_skip = 1;
        return true;
    }

    std::string m_key;
    int m_depth = 0;
    bool m_complete = false;

private:
    int m_skip = 0;
};

// Repeated keys make the DOM keep the first position with the last value;
// the streams leave such files to it.
inline bool hasRepeats(std::vector<std::string>& keys)
{
    std::sort(keys.begin(), keys.end());
    return std::adjacent_find(keys.begin(), keys.end()) != keys.end();
}

} // namespace profscope::jsonfile
