// SPDX-License-Identifier: Apache-2.0
// communication_matrix.json straight into links, without a DOM. The matrix is
// the largest of a rank's small files (a link per peer of every collective),
// and building its nlohmann DOM — a std::string per key, a node per value,
// objects found by linear search — was a third of the load of a cluster of
// many small ranks. The stream takes the file only when it has the exact
// shape the DOM path reads without a warning; on anything else it stops, and
// parseCommunicationMatrix falls back to the DOM and its messages.

#include "matrixstream.h"

#include "numbers.h"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace profscope::jsonfile {

namespace {

// Link fields, as readMatrixLinkInfo reads them from the DOM.
enum class Field { Other, TransportType, TransitSizeMB, TransitTimeMs, BandwidthGBps, OpName };

Field fieldOf(std::string_view key)
{
    if (key == "Transport Type")
        return Field::TransportType;
    if (key == "Transit Size(MB)")
        return Field::TransitSizeMB;
    if (key == "Transit Time(ms)")
        return Field::TransitTimeMs;
    if (key == "Bandwidth(GB/s)")
        return Field::BandwidthGBps;
    if (key == "Op Name")
        return Field::OpName;
    return Field::Other;
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

// Repeated keys make the DOM keep the first position with the last value;
// the stream leaves such files to it.
bool hasRepeats(std::vector<std::string>& keys)
{
    std::sort(keys.begin(), keys.end());
    return std::adjacent_find(keys.begin(), keys.end()) != keys.end();
}

class MatrixStream final : public nlohmann::json_sax<Json>
{
public:
    explicit MatrixStream(std::vector<CommMatrixLink>& out)
        : m_out(out)
    {
    }

    qint64 steps = 0;
    qint64 ops = 0;
    qint64 links = 0;

    bool complete() const
    {
        return m_complete;
    }

    bool null() override
    {
        // null or a bool in a number field reads as 0 in the DOM path.
        return scalar([](CommMatrixLink& l, Field f) { setNumber(l, f, 0); }, [](QString& text) { text.clear(); });
    }
    bool boolean(bool value) override
    {
        return scalar([](CommMatrixLink& l, Field f) { setNumber(l, f, 0); },
                      [value](QString& text) { text = value ? QStringLiteral("true") : QStringLiteral("false"); });
    }
    bool number_integer(number_integer_t value) override
    {
        return scalar([value](CommMatrixLink& l, Field f) { setNumber(l, f, double(value)); },
                      [value](QString& text) { text = QString::number(value); });
    }
    bool number_unsigned(number_unsigned_t value) override
    {
        return scalar([value](CommMatrixLink& l, Field f) { setNumber(l, f, double(value)); },
                      [value](QString& text) { text = QString::number(value); });
    }
    bool number_float(number_float_t, const string_t& text) override
    {
        // The DOM keeps a float as its text and reads it with parseDouble.
        return scalar([&text](CommMatrixLink& l, Field f) { setNumber(l, f, parseDouble(text).value_or(0)); },
                      [&text](QString& out) { out = toQString(text); });
    }
    bool string(string_t& value) override
    {
        return scalar([&value](CommMatrixLink& l, Field f) { setNumber(l, f, parseDouble(value).value_or(0)); },
                      [this, &value](QString& text) { text = shared(value); });
    }
    bool binary(binary_t&) override
    {
        return false; // never produced by JSON text
    }

    bool start_object(std::size_t) override
    {
        if (m_skip > 0) {
            ++m_skip;
            return true;
        }
        switch (m_depth++) {
        case 0: // the top level
            return true;
        case 1: // a step
            ++steps;
            m_stepKeys.push_back(m_key);
            m_step = toQString(m_key);
            for (auto& kind : m_kindLinks)
                kind.clear();
            m_kindsSeen = 0;
            return true;
        case 2: { // "p2p" / "collective", anything else is not read
            const int kind = m_key == kCommKinds[0] ? 0 : m_key == kCommKinds[1] ? 1 : -1;
            if (kind < 0) {
                --m_depth;
                m_skip = 1;
                return true;
            }
            if (m_kindsSeen & (1 << kind))
                return false;
            m_kindsSeen |= 1 << kind;
            m_kind = kind;
            m_opKeys.clear();
            return true;
        }
        case 3: { // an op
            ++ops;
            m_opKeys.push_back(m_key);
            m_opKey = toQString(m_key);
            const auto at = m_key.rfind('@');
            m_groupId = at == std::string::npos ? QString() : toQString(m_key.substr(at + 1));
            m_linkKeys.clear();
            return true;
        }
        case 4: { // a link
            m_link = CommMatrixLink {};
            if (!parseLinkKey(m_key, m_link.srcRank, m_link.dstRank))
                return false;
            m_linkKeys.push_back(m_key);
            m_link.step = m_step;
            m_link.p2p = m_kind == 0;
            m_link.opKey = m_opKey;
            m_link.groupId = m_groupId;
            return true;
        }
        default: // an object as a link's field: the DOM path reads it differently
            --m_depth;
            if (fieldOf(m_key) != Field::Other)
                return false;
            m_skip = 1;
            return true;
        }
    }
    bool key(string_t& value) override
    {
        if (m_skip == 0)
            m_key = std::move(value);
        return true;
    }
    bool end_object() override
    {
        if (m_skip > 0) {
            --m_skip;
            return true;
        }
        switch (--m_depth) {
        case 0:
            m_complete = !hasRepeats(m_stepKeys);
            return m_complete;
        case 1: // the step's ops, p2p first, as the DOM path walks them
            for (auto& kind : m_kindLinks) {
                std::move(kind.begin(), kind.end(), std::back_inserter(m_out));
                kind.clear();
            }
            return true;
        case 2:
            return !hasRepeats(m_opKeys);
        case 3:
            return !hasRepeats(m_linkKeys);
        case 4:
            m_kindLinks[std::size_t(m_kind)].push_back(std::move(m_link));
            ++links;
            return true;
        default:
            return false;
        }
    }
    bool start_array(std::size_t) override
    {
        // Only what the DOM path does not read may be an array: a field it
        // ignores, or a step's key other than p2p / collective.
        const bool ignored = (m_depth == 5 && fieldOf(m_key) == Field::Other)
            || (m_depth == 2 && m_key != kCommKinds[0] && m_key != kCommKinds[1]);
        if (m_skip > 0 || ignored) {
            ++m_skip;
            return true;
        }
        return false;
    }
    bool end_array() override
    {
        --m_skip;
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override
    {
        return false;
    }

private:
    // A scalar is only taken as a link's field; anywhere else the DOM path
    // warns (a step, kind, op or link that is not an object) or ignores it.
    template<typename SetNumber, typename SetText>
    bool scalar(SetNumber&& setNumberField, SetText&& setText)
    {
        if (m_skip > 0)
            return true;
        if (m_depth == 2) // a key of a step other than p2p / collective
            return m_key != kCommKinds[0] && m_key != kCommKinds[1];
        if (m_depth != 5)
            return false;
        const Field field = fieldOf(m_key);
        if (field == Field::TransportType)
            setText(m_link.transport);
        else if (field == Field::OpName)
            setText(m_link.opName);
        else if (field != Field::Other)
            setNumberField(m_link, field);
        return true;
    }

    static void setNumber(CommMatrixLink& l, Field field, double value)
    {
        if (field == Field::TransitSizeMB)
            l.transitSizeMB = value;
        else if (field == Field::TransitTimeMs)
            l.transitTimeMs = value;
        else if (field == Field::BandwidthGBps)
            l.bandwidthGBps = value;
    }

    // Transport types and op names repeat link after link: one QString each.
    QString shared(const std::string& text)
    {
        if (text != m_lastText) {
            m_lastText = text;
            m_lastQString = toQString(text);
        }
        return m_lastQString;
    }

    std::vector<CommMatrixLink>& m_out;
    std::array<std::vector<CommMatrixLink>, 2> m_kindLinks;
    std::vector<std::string> m_stepKeys, m_opKeys, m_linkKeys;
    std::string m_key, m_lastText;
    QString m_step, m_opKey, m_groupId, m_lastQString;
    CommMatrixLink m_link;
    int m_depth = 0;
    int m_skip = 0;
    int m_kind = 0;
    int m_kindsSeen = 0;
    bool m_complete = false;
};

} // namespace

bool streamCommunicationMatrix(JsonFile& file, std::vector<CommMatrixLink>& out, MatrixCounts& counts)
{
    const std::size_t before = out.size();
    MatrixStream stream(out);
    if (file.streamFast(stream) && stream.complete()) {
        counts = { stream.steps, stream.ops, stream.links };
        return true;
    }
    out.erase(out.begin() + std::ptrdiff_t(before), out.end());
    return false;
}

} // namespace profscope::jsonfile
