// SPDX-License-Identifier: Apache-2.0
#include "profilerinforank.h"

#include "../parse/inputfile.h"
#include "../parse/jsonfast.h"
#include "../parse/jsonfile.h"

#include <nlohmann/json.hpp>

namespace profscope {

namespace {

// A rank id written as a string ("3", " 3 "): -1 when it holds no integer.
int rankIdFromText(const std::string& text)
{
    bool ok = false;
    const int id = QString::fromStdString(text).trimmed().toInt(&ok);
    return ok ? id : -1;
}

// Keeps the value of the top-level "rank_id" and ignores everything else,
// so that no DOM is built for the rest of the file.
class RankIdSax final : public nlohmann::json_sax<nlohmann::ordered_json>
{
public:
    int rankId = -1;

    bool null() override { return value(-1); }
    bool boolean(bool) override { return value(-1); }
    // nlohmann's get<qint64>() of an unsigned value, then int(): the slow path's conversion.
    bool number_integer(number_integer_t v) override { return value(int(qint64(v))); }
    bool number_unsigned(number_unsigned_t v) override { return value(int(qint64(v))); }
    bool number_float(number_float_t, const string_t&) override { return value(-1); }
    bool string(string_t& s) override
    {
        return !m_pending || value(rankIdFromText(s));
    }
    bool binary(binary_t&) override { return value(-1); }
    bool start_object(std::size_t) override
    {
        value(-1); // "rank_id": {...} is not a rank id
        ++m_depth;
        return true;
    }
    bool key(string_t& k) override
    {
        m_pending = m_depth == 1 && k == "rank_id";
        return true;
    }
    bool end_object() override
    {
        --m_depth;
        return true;
    }
    bool start_array(std::size_t) override
    {
        value(-1);
        ++m_depth;
        return true;
    }
    bool end_array() override
    {
        --m_depth;
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

private:
    bool value(int id)
    {
        if (m_pending) {
            rankId = id; // a repeated key: the last one wins, as in nlohmann's DOM
            m_pending = false;
        }
        return true;
    }

    int m_depth = 0;
    bool m_pending = false;
};

int rankIdByDom(const QByteArray& text)
{
    const auto json = nlohmann::json::parse(text.constBegin(), text.constEnd(), nullptr, false);
    if (json.is_discarded() || !json.is_object() || !json.contains("rank_id"))
        return -1;
    const auto& v = json["rank_id"];
    if (v.is_number_integer())
        return int(v.get<qint64>());
    return v.is_string() ? rankIdFromText(v.get<std::string>()) : -1;
}

} // namespace

int profilerInfoRankId(const QByteArray& text, bool fastPath)
{
    // The fast walk declines anything nlohmann would not accept as it does
    // (syntax errors, numbers out of range, a top level that is not an
    // object), and the DOM path then gives the same answer as before.
    if (fastPath && !text.contains('\0')) {
        RankIdSax sax;
        if (jsonfile::saxParseFast(text.constData(), std::size_t(text.size()), jsonfile::kMaxJsonNesting, sax))
            return sax.rankId;
    }
    return rankIdByDom(text);
}

int profilerInfoRankIdFromFile(const QString& path, QByteArray* text)
{
    FileBytes file = readFileBytes(path, qsizetype(jsonfile::jsonFastPadding()), 16 << 20);
    if (!file.ok())
        return -1;
    const int id = profilerInfoRankId(file.bytes);
    if (text)
        *text = std::move(file.bytes);
    return id;
}

} // namespace profscope
