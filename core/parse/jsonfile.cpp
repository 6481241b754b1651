// SPDX-License-Identifier: Apache-2.0
#include "jsonfile.h"

#include "inputfile.h"
#include "jsonfast.h"
#include "numbers.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>
#include <vector>

namespace profscope::jsonfile {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::TableParsers)
};

// Builds an ordered_json DOM in which every floating-point number is stored
// as a JSON string holding its source text (see the comment at the top).
// Containers are only referenced while open, so the pointers on the stack
// stay valid: nothing is appended to a parent while a child is open.
class TextFloatDomBuilder final : public nlohmann::json_sax<Json>
{
public:
    explicit TextFloatDomBuilder(Json& root)
        : m_root(root)
    {
    }

    bool null() override
    {
        put(Json(nullptr));
        return true;
    }
    bool boolean(bool value) override
    {
        put(Json(value));
        return true;
    }
    bool number_integer(number_integer_t value) override
    {
        put(Json(value));
        return true;
    }
    bool number_unsigned(number_unsigned_t value) override
    {
        put(Json(value));
        return true;
    }
    bool number_float(number_float_t, const string_t& text) override
    {
        put(Json(text));
        return true;
    }
    bool string(string_t& value) override
    {
        put(Json(std::move(value)));
        return true;
    }
    bool binary(binary_t& value) override
    {
        put(Json::binary(std::move(value))); // never produced by JSON text
        return true;
    }
    bool start_object(std::size_t) override
    {
        m_stack.push_back(put(Json::object()));
        return true;
    }
    bool key(string_t& value) override
    {
        m_key = std::move(value);
        return true;
    }
    bool end_object() override
    {
        m_stack.pop_back();
        return true;
    }
    bool start_array(std::size_t) override
    {
        m_stack.push_back(put(Json::array()));
        return true;
    }
    bool end_array() override
    {
        m_stack.pop_back();
        return true;
    }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) override
    {
        m_errorPosition = position;
        m_errorText = ex.what();
        return false;
    }

    std::size_t errorPosition() const
    {
        return m_errorPosition;
    }
    const std::string& errorText() const
    {
        return m_errorText;
    }

private:
    Json* put(Json&& value)
    {
        if (m_stack.empty()) {
            m_root = std::move(value);
            return &m_root;
        }
        Json& parent = *m_stack.back();
        if (parent.is_array()) {
            parent.push_back(std::move(value));
            return &parent.back();
        }
        Json& slot = parent[m_key]; // a repeated key: the last one wins, as in nlohmann's own parser
        slot = std::move(value);
        return &slot;
    }

    Json& m_root;
    std::vector<Json*> m_stack;
    std::string m_key;
    std::size_t m_errorPosition = 0;
    std::string m_errorText;
};

// Only whitespace (as QByteArray::trimmed() sees it), without trimmed()'s copy.
bool isBlank(const QByteArray& bytes)
{
    return std::all_of(bytes.cbegin(), bytes.cend(), [](char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
    });
}

} // namespace

// simdjson's index is about five bytes per byte of text besides the DOM: a
// cluster-wide matrix of hundreds of MB goes the slow way, as before.
constexpr qsizetype kMaxFastBytes = qsizetype(64) << 20;

JsonFile::JsonFile(const QString& path, const char* kind, FileReport& report)
    : JsonFile(path, QByteArray(), kind, report)
{
}

JsonFile::JsonFile(const QString& path, const QByteArray& text, const char* kind, FileReport& report)
    : ReportScope(path, kind, report, "profscope::TableParsers")
    , m_text(text)
{
}

FileBytes JsonFile::read(qint64 maxBytes) const
{
    if (m_text.isEmpty())
        return readFileBytes(path(), qsizetype(jsonFastPadding()), maxBytes);
    FileBytes file;
    file.sizeBytes = m_text.size();
    if (maxBytes >= 0 && file.sizeBytes > maxBytes) {
        file.status = FileBytes::Status::TooLarge;
        return file;
    }
    file.status = FileBytes::Status::Ok;
    file.bytes = m_text; // shared, with the padding past its end
    return file;
}

bool JsonFile::load(Json& root)
{
    FileBytes file = read();
    switch (file.status) {
    case FileBytes::Status::Ok:
    case FileBytes::Status::TooLarge: // no limit asked
        break;
    case FileBytes::Status::Directory:
        return broken(Tr::tr("%1 is a directory, not a JSON file").arg(path()));
    case FileBytes::Status::Special:
        return broken(specialFileReason(path()));
    case FileBytes::Status::CannotOpen:
        return broken(Tr::tr("cannot open %1: %2").arg(path(), file.error));
    case FileBytes::Status::ReadError:
        return broken(Tr::tr("cannot read %1: %2").arg(path(), file.error));
    }
    const QByteArray bytes = std::move(file.bytes);
    m_report.sizeBytes = bytes.size();
    if (isBlank(bytes))
        return broken(Tr::tr("%1: empty file").arg(fileName()), 0);
    // A NUL byte is never valid JSON, and nlohmann reports it as an
    // "unexpected end of input", which would be misleading.
    if (const auto nul = bytes.indexOf('\0'); nul >= 0)
        return broken(Tr::tr("%1: binary data (NUL byte) at byte %2: not a JSON file").arg(fileName()).arg(nul), nul);

    // The fast path accepts only what nlohmann accepts, nested no deeper
    // than kMaxJsonNesting, and builds the same DOM; anything else (a broken
    // or too deeply nested file) goes the slow way below for its message.
    if (bytes.size() <= kMaxFastBytes) {
        TextFloatDomBuilder fast(root);
        if (saxParseFast(bytes.constData(), std::size_t(bytes.size()), kMaxJsonNesting, fast))
            return true; // the top level is an object: saxParseFast declines anything else
        root = Json();
    }

    // A DOM nested 100 000 deep is built fine, but copying or printing it
    // recurses once per level: refuse it before parsing.
    if (const qint64 deep = jsonNestingBeyond(bytes); deep >= 0)
        return broken(Tr::tr("%1: JSON nested deeper than %2 levels at byte %3").arg(fileName()).arg(kMaxJsonNesting).arg(deep),
                      deep);

    TextFloatDomBuilder builder(root);
    const bool ok = Json::sax_parse(bytes.constData(), bytes.constData() + bytes.size(), &builder);
    if (!ok) {
        // nlohmann counts the characters read including the offending one;
        // the report wants the 0-based offset of that byte (the file size
        // for a truncated file).
        const auto offset = qint64(builder.errorPosition() > 0 ? builder.errorPosition() - 1 : 0);
        QString detail = QString::fromStdString(builder.errorText());
        // Drop the "[json.exception.parse_error.101] " tag; the rest says line, column and why.
        if (detail.startsWith(QLatin1Char('[')))
            detail = detail.mid(detail.indexOf(QLatin1Char(']')) + 1).trimmed();
        return broken(Tr::tr("%1: invalid JSON at byte %2: %3").arg(fileName()).arg(offset).arg(detail), offset);
    }
    if (!root.is_object())
        return broken(Tr::tr("%1: expected a JSON object at the top level").arg(fileName()), 0);
    return true;
}

bool JsonFile::streamFast(nlohmann::json_sax<Json>& handler)
{
    return walkFast([&handler](const char* text, std::size_t length) {
        return saxParseFast(text, length, kMaxJsonNesting, handler);
    });
}

bool JsonFile::walkFast(const std::function<bool(const char* text, std::size_t length)>& walk)
{
    const FileBytes file = read(kMaxFastBytes);
    const QByteArray& bytes = file.bytes;
    if (!file.ok() || isBlank(bytes) || bytes.contains('\0'))
        return false;
    if (!walk(bytes.constData(), std::size_t(bytes.size())))
        return false;
    m_report.sizeBytes = bytes.size();
    return true;
}

bool JsonFile::broken(const QString& reason, qint64 byteOffset)
{
    if (markBroken(reason))
        m_report.byteOffset = byteOffset;
    return false;
}

qint64 jsonNestingBeyond(const QByteArray& text, int maxDepth)
{
    int depth = 0;
    bool inString = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i; // the escaped character cannot end the string
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > maxDepth)
                return i;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return -1;
}

QString toQString(const std::string& text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

const Json* member(const Json& object, const char* key)
{
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

const Json* path(const Json& object, std::initializer_list<const char*> keys)
{
    const Json* v = &object;
    for (const char* key : keys) {
        v = member(*v, key);
        if (!v)
            return nullptr;
    }
    return v;
}

// Floats are text in our DOM; strings such as rank_id "0" are accepted too.
std::optional<double> toDouble(const Json* v)
{
    if (!v)
        return std::nullopt;
    if (v->is_number())
        return v->get<double>();
    if (v->is_string())
        return parseDouble(v->get_ref<const std::string&>());
    return std::nullopt;
}

std::optional<qint64> toInt(const Json* v)
{
    if (!v)
        return std::nullopt;
    if (v->is_number_unsigned()) {
        const auto u = v->get<std::uint64_t>();
        if (u > std::uint64_t(std::numeric_limits<qint64>::max()))
            return std::nullopt;
        return qint64(u);
    }
    if (v->is_number_integer())
        return v->get<std::int64_t>();
    if (v->is_string())
        return parseInt(v->get_ref<const std::string&>());
    return std::nullopt;
}

// Exact µs -> ns from the number's source text.
std::optional<TimeNs> usToNs(const Json* v)
{
    if (!v)
        return std::nullopt;
    if (v->is_string())
        return parseUsToNs(v->get_ref<const std::string&>());
    if (const auto i = toInt(v)) {
        // Beyond ±kMaxAbsTimeNs (timebounds.h) is no time an analysis may see.
        constexpr qint64 kLimit = kMaxAbsTimeNs / 1000;
        if (*i > kLimit || *i < -kLimit)
            return std::nullopt;
        return *i * 1000;
    }
    return std::nullopt;
}

QString toText(const Json* v)
{
    if (!v || v->is_null())
        return {};
    if (v->is_string())
        return toQString(v->get_ref<const std::string&>());
    return toQString(v->dump());
}

// "hcom_allReduce__586_0_1@17522688603477080586": the group (communication
// domain hash) follows the last '@'; op names themselves may contain '@'.
void splitOpKey(const std::string& key, QString& name, QString& group)
{
    const auto at = key.rfind('@');
    if (at == std::string::npos) {
        name = toQString(key);
        group.clear();
        return;
    }
    name = toQString(key.substr(0, at));
    group = toQString(key.substr(at + 1));
}

void readCommOpInfo(JsonFile& file, const Json& op, const QString& step, const QString& opKey, CommOpRecord& rec)
{
    if (const Json* time = member(op, "Communication Time Info"); time && time->is_object()) {
        const Json* start = member(*time, "Start Timestamp(us)");
        if (const auto ns = usToNs(start))
            rec.startNs = *ns;
        else
            file.warn(Tr::tr("%1/%2: no valid \"Start Timestamp(us)\"").arg(step, opKey));
        rec.elapseMs = toDouble(member(*time, "Elapse Time(ms)")).value_or(0);
        rec.transitMs = toDouble(member(*time, "Transit Time(ms)")).value_or(0);
        rec.waitMs = toDouble(member(*time, "Wait Time(ms)")).value_or(0);
        rec.synchronizationMs = toDouble(member(*time, "Synchronization Time(ms)")).value_or(0);
        rec.idleMs = toDouble(member(*time, "Idle Time(ms)")).value_or(0);
        rec.waitRatio = toDouble(member(*time, "Wait Time Ratio")).value_or(kNoValue);
        rec.synchronizationRatio = toDouble(member(*time, "Synchronization Time Ratio")).value_or(kNoValue);
    } else {
        file.warn(Tr::tr("%1/%2: no \"Communication Time Info\"").arg(step, opKey));
    }
    if (const Json* bw = member(op, "Communication Bandwidth Info"); bw && bw->is_object()) {
        for (const auto& [transport, info] : bw->items()) {
            if (!info.is_object())
                continue;
            CommBandwidth b;
            b.transport = toQString(transport);
            b.transitSizeMB = toDouble(member(info, "Transit Size(MB)")).value_or(0);
            b.transitTimeMs = toDouble(member(info, "Transit Time(ms)")).value_or(0);
            b.bandwidthGBps = toDouble(member(info, "Bandwidth(GB/s)")).value_or(0);
            b.largePacketRatio = toDouble(member(info, "Large Packet Ratio")).value_or(0);
            // "2.064384": [12, 1.578891625] -> packet size MB: (count, total ms)
            if (const Json* dist = member(info, "Size Distribution"); dist && dist->is_object()) {
                for (const auto& [sizeText, entry] : dist->items()) {
                    const auto sizeMB = parseDouble(sizeText);
                    if (!sizeMB || !entry.is_array() || entry.size() < 2) {
                        file.warn(Tr::tr("%1/%2/%3: bad \"Size Distribution\" entry \"%4\"")
                                      .arg(step, opKey, b.transport, toQString(sizeText)));
                        continue;
                    }
                    b.sizeDistribution[*sizeMB] = { toInt(&entry[0]).value_or(0), toDouble(&entry[1]).value_or(0) };
                }
            }
            rec.bandwidth.push_back(std::move(b));
        }
    }
}

void readMatrixLinkInfo(const Json& link, CommMatrixLink& l)
{
    l.transport = toText(member(link, "Transport Type"));
    l.transitSizeMB = toDouble(member(link, "Transit Size(MB)")).value_or(0);
    l.transitTimeMs = toDouble(member(link, "Transit Time(ms)")).value_or(0);
    l.bandwidthGBps = toDouble(member(link, "Bandwidth(GB/s)")).value_or(0);
    l.opName = toText(member(link, "Op Name"));
}

} // namespace profscope::jsonfile
