// SPDX-License-Identifier: Apache-2.0
// communication_matrix.json read straight from simdjson On-Demand values into
// links. It used to be walked as SAX events through nlohmann's handler
// interface (commstream.cpp), which costs a std::string per key, per float
// and per string and a virtual call per event: that was still a tenth of the
// load of a cluster of many small ranks. Keys and strings here stay views
// into the parser's buffer. The walk takes a file only when the SAX stream
// took it (the exact shape the DOM path reads without a warning, see
// commstream.cpp), and visits every value the way jsonfast.cpp's walker does
// — each scalar checked by simdjson, nesting no deeper than kMaxJsonNesting,
// nothing but whitespace after the root — so every file it declines (broken,
// odd shape) goes to the DOM path and its messages as before.

#include "commstream.h"
#include "ondemandroot.h"
#include "numbers.h"

#include <simdjson.h>

#include <QString>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <optional>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace profscope::jsonfile {

namespace {

using namespace simdjson;

QString qs(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

// Repeated keys make the DOM keep the first position with the last value;
// the walk leaves such files to it.
bool hasRepeats(std::vector<std::string_view>& keys)
{
    std::sort(keys.begin(), keys.end());
    return std::adjacent_find(keys.begin(), keys.end()) != keys.end();
}

int kindOf(std::string_view key)
{
    return key == kCommKinds[0] ? 0 : key == kCommKinds[1] ? 1 : -1;
}

// Link fields, as readMatrixLinkInfo reads them from the DOM.
enum class LinkField { Other, TransportType, TransitSizeMB, TransitTimeMs, BandwidthGBps, OpName };

LinkField linkFieldOf(std::string_view key)
{
    if (key == "Transport Type")
        return LinkField::TransportType;
    if (key == "Transit Size(MB)")
        return LinkField::TransitSizeMB;
    if (key == "Transit Time(ms)")
        return LinkField::TransitTimeMs;
    if (key == "Bandwidth(GB/s)")
        return LinkField::BandwidthGBps;
    if (key == "Op Name")
        return LinkField::OpName;
    return LinkField::Other;
}

bool isSpace(char c)
{
    // What \s matches in the DOM path's "^\s*(-?\d+)\s*-\s*(-?\d+)\s*$".
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

// One "-?\d+" of a link key, at most 9 digits (anything longer, which
// QString::toInt may refuse, is left to the DOM path).
bool readRank(std::string_view text, std::size_t& i, int& out)
{
    bool negative = false;
    if (i < text.size() && text[i] == '-') {
        negative = true;
        ++i;
    }
    const std::size_t first = i;
    int value = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9' && i - first < 9)
        value = value * 10 + (text[i++] - '0');
    if (i == first || (i < text.size() && text[i] >= '0' && text[i] <= '9'))
        return false;
    out = negative ? -value : value;
    return true;
}

// "src-dst" with optional spaces, as the DOM path's pattern.
bool parseLinkKey(std::string_view key, int& src, int& dst)
{
    std::size_t i = 0;
    auto skipSpaces = [&] {
        while (i < key.size() && isSpace(key[i]))
            ++i;
    };
    skipSpaces();
    if (!readRank(key, i, src))
        return false;
    skipSpaces();
    if (i >= key.size() || key[i] != '-')
        return false;
    ++i;
    skipSpaces();
    if (!readRank(key, i, dst))
        return false;
    skipSpaces();
    return i == key.size();
}

// One scalar, as nlohmann's SAX events carried it to the DOM (saxstream.h's
// SaxScalar): a float and a string as their text.
struct Scalar
{
    enum class Kind { Null, Bool, Int, Unsigned, Float, String };
    Kind kind = Kind::Null;
    bool boolean = false;
    std::int64_t i = 0;
    std::uint64_t u = 0;
    std::string_view text;
    // A float simdjson parsed to a normal, non-zero double: correctly
    // rounded, so the same double parseDouble's std::from_chars gives.
    // Zeros, subnormals and anything else are read from the text.
    std::optional<double> parsedFloat;

    double toDouble() const // value_or(0) of SaxScalar::toDouble
    {
        switch (kind) {
        case Kind::Int:
            return double(i);
        case Kind::Unsigned:
            return double(u);
        case Kind::Float:
            if (parsedFloat)
                return *parsedFloat;
            return parseDouble(text).value_or(0);
        case Kind::String:
            return parseDouble(text).value_or(0);
        default:
            return 0;
        }
    }
    QString toText() const // SaxScalar::toText
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
            return qs(text);
        }
    }
};

// A scalar value read and checked as jsonfast.cpp's walker does (numbers by
// nlohmann's rules: with '.', 'e' or 'E' a float, else int64 when negative,
// uint64 when not). False for a container or anything simdjson refuses.
bool readScalar(ondemand::value value, ondemand::json_type type, Scalar& out)
{
    switch (type) {
    case ondemand::json_type::string:
        out.kind = Scalar::Kind::String;
        return !value.get_string().get(out.text);
    case ondemand::json_type::number: {
        std::string_view token = value.raw_json_token();
        ondemand::number number;
        if (value.get_number().get(number))
            return false;
        while (!token.empty()
               && (token.back() == ' ' || token.back() == '\t' || token.back() == '\n' || token.back() == '\r'))
            token.remove_suffix(1);
        if (token.find_first_of(".eE") != std::string_view::npos) {
            out.kind = Scalar::Kind::Float;
            out.text = token;
            if (number.get_number_type() == ondemand::number_type::floating_point_number
                && std::isnormal(number.get_double()))
                out.parsedFloat = number.get_double();
            return true;
        }
        const char* first = token.data();
        const char* last = token.data() + token.size();
        if (token.starts_with('-')) {
            out.kind = Scalar::Kind::Int;
            const auto [end, ec] = std::from_chars(first, last, out.i);
            return ec == std::errc() && end == last;
        }
        out.kind = Scalar::Kind::Unsigned;
        const auto [end, ec] = std::from_chars(first, last, out.u);
        return ec == std::errc() && end == last;
    }
    case ondemand::json_type::boolean:
        out.kind = Scalar::Kind::Bool;
        return !value.get_bool().get(out.boolean);
    case ondemand::json_type::null: {
        bool isNull = false;
        out.kind = Scalar::Kind::Null;
        return !value.is_null().get(isNull) && isNull;
    }
    default:
        return false;
    }
}

// A value nothing is read from, checked as jsonfast.cpp's walker checks it
// (`depth`: the nesting of the container holding it).
bool skipValue(ondemand::value value, int depth)
{
    ondemand::json_type type;
    if (value.type().get(type))
        return false;
    if (type == ondemand::json_type::object) {
        ondemand::object object;
        if (depth + 1 > kMaxJsonNesting || value.get_object().get(object))
            return false;
        for (auto result : object) {
            ondemand::field field;
            std::string_view key;
            if (std::move(result).get(field) || field.unescaped_key().get(key) || !skipValue(field.value(), depth + 1))
                return false;
        }
        return true;
    }
    if (type == ondemand::json_type::array) {
        ondemand::array array;
        if (depth + 1 > kMaxJsonNesting || value.get_array().get(array))
            return false;
        for (auto result : array) {
            ondemand::value element;
            if (std::move(result).get(element) || !skipValue(element, depth + 1))
                return false;
        }
        return true;
    }
    Scalar ignored;
    return readScalar(value, type, ignored);
}

// The last string of a field and its QString.
class SharedText
{
public:
    QString text(const Scalar& s)
    {
        if (s.kind != Scalar::Kind::String)
            return s.toText();
        if (!m_have || s.text != m_last) {
            m_last.assign(s.text);
            m_qstring = qs(s.text);
            m_have = true;
        }
        return m_qstring;
    }

private:
    std::string m_last;
    QString m_qstring;
    bool m_have = false;
};

// The walk keeps its place (step, kind, op) and the records of the step at hand.
class MatrixWalk
{
public:
    explicit MatrixWalk(std::vector<CommMatrixLink>& out)
        : m_out(out)
    {
    }

    CommStreamCounts counts;

    // Levels: the root holds steps (depth 1), a step op maps (2), an op map
    // ops (3), an op links (4), a link fields (5).
    bool root(ondemand::object root)
    {
        std::vector<std::string_view> stepKeys;
        for (auto result : root) {
            ondemand::field field;
            std::string_view key;
            ondemand::object step;
            if (std::move(result).get(field) || field.unescaped_key().get(key) || objectOf(field.value(), step))
                return false; // a step that is not an object
            ++counts.steps;
            stepKeys.push_back(key);
            if (!this->step(step, key))
                return false;
        }
        return !hasRepeats(stepKeys);
    }

private:
    // An object value; anything else (or a broken value) fails.
    static bool objectOf(ondemand::value value, ondemand::object& out)
    {
        ondemand::json_type type;
        return value.type().get(type) || type != ondemand::json_type::object || value.get_object().get(out);
    }

    bool step(ondemand::object step, std::string_view key)
    {
        m_step = qs(key);
        int kindsSeen = 0;
        for (auto result : step) {
            ondemand::field field;
            std::string_view kindKey;
            if (std::move(result).get(field) || field.unescaped_key().get(kindKey))
                return false;
            const int kind = kindOf(kindKey);
            if (kind < 0) { // not an op map: the DOM path does not read it
                if (!skipValue(field.value(), 2))
                    return false;
                continue;
            }
            ondemand::object ops;
            if (objectOf(field.value(), ops) || (kindsSeen & (1 << kind)))
                return false;
            kindsSeen |= 1 << kind;
            if (!opMap(ops, kind))
                return false;
        }
        // Per step, p2p first, as the DOM path walks.
        for (auto& records : m_kindRecords) {
            std::move(records.begin(), records.end(), std::back_inserter(m_out));
            records.clear();
        }
        return true;
    }

    bool opMap(ondemand::object ops, int kind)
    {
        std::vector<std::string_view> opKeys;
        for (auto result : ops) {
            ondemand::field field;
            std::string_view opKey;
            ondemand::object op;
            if (std::move(result).get(field) || field.unescaped_key().get(opKey) || objectOf(field.value(), op))
                return false; // an op that is not an object
            ++counts.ops;
            opKeys.push_back(opKey);
            if (!this->op(op, opKey, kind))
                return false;
        }
        return !hasRepeats(opKeys);
    }

    bool op(ondemand::object op, std::string_view opKey, int kind)
    {
        const QString opKeyText = qs(opKey);
        const auto at = opKey.rfind('@');
        const QString groupId = at == std::string_view::npos ? QString() : qs(opKey.substr(at + 1));
        m_linkKeys.clear();
        for (auto result : op) {
            ondemand::field field;
            std::string_view linkKey;
            ondemand::object fields;
            if (std::move(result).get(field) || field.unescaped_key().get(linkKey) || objectOf(field.value(), fields))
                return false; // a link that is not an object
            CommMatrixLink link;
            if (!parseLinkKey(linkKey, link.srcRank, link.dstRank))
                return false;
            m_linkKeys.push_back(linkKey);
            link.step = m_step;
            link.p2p = kind == 0;
            link.opKey = opKeyText;
            link.groupId = groupId;
            if (!this->link(fields, link))
                return false;
            m_kindRecords[std::size_t(kind)].push_back(std::move(link));
            ++counts.links;
        }
        return !hasRepeats(m_linkKeys);
    }

    bool link(ondemand::object fields, CommMatrixLink& link)
    {
        for (auto result : fields) {
            ondemand::field field;
            std::string_view key;
            if (std::move(result).get(field) || field.unescaped_key().get(key))
                return false;
            const LinkField which = linkFieldOf(key);
            ondemand::value value = field.value();
            ondemand::json_type type;
            if (value.type().get(type))
                return false;
            if (type == ondemand::json_type::object || type == ondemand::json_type::array) {
                // Only a field the DOM path ignores may be a container.
                if (which != LinkField::Other || !skipValue(value, 5))
                    return false;
                continue;
            }
            Scalar s;
            if (!readScalar(value, type, s))
                return false;
            switch (which) {
            case LinkField::TransportType:
                link.transport = m_transports.text(s);
                break;
            case LinkField::OpName:
                link.opName = m_opNames.text(s);
                break;
            case LinkField::TransitSizeMB:
                link.transitSizeMB = s.toDouble();
                break;
            case LinkField::TransitTimeMs:
                link.transitTimeMs = s.toDouble();
                break;
            case LinkField::BandwidthGBps:
                link.bandwidthGBps = s.toDouble();
                break;
            case LinkField::Other:
                break;
            }
        }
        return true;
    }

    std::vector<CommMatrixLink>& m_out;
    std::array<std::vector<CommMatrixLink>, 2> m_kindRecords;
    std::vector<std::string_view> m_linkKeys;
    QString m_step;
    // Transport types and op names repeat link after link: one QString each
    // (a cache per field, as the two alternate within a link).
    SharedText m_transports, m_opNames;
};

bool walkMatrix(const char* text, std::size_t length, std::vector<CommMatrixLink>& out, CommStreamCounts& counts)
{
    MatrixWalk walk(out);
    if (!walkRootObject(text, length, [&walk](ondemand::object& root) { return walk.root(root); }))
        return false;
    counts = walk.counts;
    return true;
}

} // namespace

bool streamCommunicationMatrix(JsonFile& file, std::vector<CommMatrixLink>& out, CommStreamCounts& counts)
{
    const std::size_t before = out.size();
    if (file.walkFast([&](const char* text, std::size_t length) { return walkMatrix(text, length, out, counts); }))
        return true;
    out.erase(out.begin() + std::ptrdiff_t(before), out.end());
    return false;
}

} // namespace profscope::jsonfile
