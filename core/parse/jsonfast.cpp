// SPDX-License-Identifier: Apache-2.0
#include "jsonfast.h"
#include "ondemandroot.h"

#include <simdjson.h>

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace profscope::jsonfile {

namespace {

using namespace simdjson;
using Sax = nlohmann::json_sax<nlohmann::ordered_json>;

// A failure of the walk itself (the handler refused, nesting too deep):
// any non-zero code makes the caller fall back to nlohmann.
constexpr error_code kDeclined = UNEXPECTED_ERROR;

// nlohmann's rules for a number token: with '.', 'e' or 'E' a float (kept as
// text here); otherwise int64 when negative, uint64 when not. simdjson has
// already checked the grammar, and refused integers beyond 64 bits (nlohmann
// would make those floats: the fallback does).
error_code emitNumber(std::string_view token, Sax& sax)
{
    while (!token.empty()
           && (token.back() == ' ' || token.back() == '\t' || token.back() == '\n' || token.back() == '\r'))
        token.remove_suffix(1);
    if (token.find_first_of(".eE") != std::string_view::npos) {
        // nlohmann passes the number's text with the double; the DOM builder keeps only the text.
        const std::string text(token);
        return sax.number_float(0.0, text) ? SUCCESS : kDeclined;
    }
    const char* first = token.data();
    const char* last = token.data() + token.size();
    if (token.starts_with('-')) {
        std::int64_t v = 0;
        const auto [end, ec] = std::from_chars(first, last, v);
        if (ec != std::errc() || end != last)
            return kDeclined;
        return sax.number_integer(v) ? SUCCESS : kDeclined;
    }
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(first, last, v);
    if (ec != std::errc() || end != last)
        return kDeclined;
    return sax.number_unsigned(v) ? SUCCESS : kDeclined;
}

// What every level of the walk shares.
struct Walk
{
    Sax& sax;
    int maxDepth;
    UnsignedRuns* runs; // the handler's, or null
    std::vector<std::uint64_t> run; // the current run of unsigned integers
};

error_code walkValue(ondemand::value value, Walk& w, int depth);

error_code walkObject(ondemand::object object, Walk& w, int depth)
{
    Sax& sax = w.sax;
    if (depth > w.maxDepth)
        return kDeclined;
    if (!sax.start_object(std::size_t(-1)))
        return kDeclined;
    std::string key;
    for (auto result : object) {
        ondemand::field field;
        if (const auto e = std::move(result).get(field))
            return e;
        std::string_view k;
        if (const auto e = field.unescaped_key().get(k))
            return e;
        key.assign(k);
        if (!sax.key(key))
            return kDeclined;
        if (const auto e = walkValue(field.value(), w, depth))
            return e;
    }
    return sax.end_object() ? SUCCESS : kDeclined;
}

// The run of unsigned integers collected so far, handed over (and emptied).
error_code flushRun(Walk& w, std::vector<std::uint64_t>& run)
{
    if (run.empty())
        return SUCCESS;
    const bool taken = w.runs->unsignedRun(run.data(), run.size());
    run.clear();
    return taken ? SUCCESS : kDeclined;
}

error_code walkArray(ondemand::array array, Walk& w, int depth)
{
    Sax& sax = w.sax;
    if (depth > w.maxDepth)
        return kDeclined;
    if (!sax.start_array(std::size_t(-1)))
        return kDeclined;
    // A nested array has its own run; this one takes the shared vector's capacity.
    std::vector<std::uint64_t> run = std::move(w.run);
    run.clear();
    for (auto result : array) {
        ondemand::value element;
        if (const auto e = std::move(result).get(element))
            return e;
        // get_uint64 reads the element only when it is an unsigned integer
        // (anything else, or a syntax error, leaves it for the full walk,
        // which reports the error).
        std::uint64_t v = 0;
        if (w.runs && !element.get_uint64().get(v)) {
            run.push_back(v);
            continue;
        }
        if (const auto e = flushRun(w, run))
            return e;
        if (const auto e = walkValue(element, w, depth))
            return e;
    }
    if (const auto e = flushRun(w, run))
        return e;
    w.run = std::move(run); // its capacity, for the next array
    return sax.end_array() ? SUCCESS : kDeclined;
}

// `depth` is the nesting of the container holding `value` (the top-level object is 1).
error_code walkValue(ondemand::value value, Walk& w, int depth)
{
    Sax& sax = w.sax;
    ondemand::json_type type;
    if (const auto e = value.type().get(type))
        return e;
    switch (type) {
    case ondemand::json_type::object: {
        ondemand::object object;
        if (const auto e = value.get_object().get(object))
            return e;
        return walkObject(object, w, depth + 1);
    }
    case ondemand::json_type::array: {
        ondemand::array array;
        if (const auto e = value.get_array().get(array))
            return e;
        return walkArray(array, w, depth + 1);
    }
    case ondemand::json_type::string: {
        std::string_view view;
        if (const auto e = value.get_string().get(view))
            return e;
        std::string text(view);
        return sax.string(text) ? SUCCESS : kDeclined;
    }
    case ondemand::json_type::number: {
        // get_number() checks the grammar (no leading zeros, digits after '.', ...) and the range.
        const std::string_view token = value.raw_json_token();
        ondemand::number number;
        if (const auto e = value.get_number().get(number))
            return e;
        // An integer token (no '.', 'e' or 'E': simdjson types those as
        // floating point) is already parsed: emitted as nlohmann would, signed
        // when the token is negative ("-0" too), without reading it twice.
        // Arrays of rank ids (a metadata file lists a thousand per group) are
        // mostly this.
        switch (number.get_number_type()) {
        case ondemand::number_type::signed_integer: {
            const std::int64_t v = number.get_int64();
            if (token.starts_with('-'))
                return sax.number_integer(v) ? SUCCESS : kDeclined;
            return sax.number_unsigned(std::uint64_t(v)) ? SUCCESS : kDeclined;
        }
        case ondemand::number_type::unsigned_integer:
            return sax.number_unsigned(number.get_uint64()) ? SUCCESS : kDeclined;
        default:
            return emitNumber(token, sax);
        }
    }
    case ondemand::json_type::boolean: {
        bool b = false;
        if (const auto e = value.get_bool().get(b))
            return e;
        return sax.boolean(b) ? SUCCESS : kDeclined;
    }
    case ondemand::json_type::null: {
        bool isNull = false;
        if (const auto e = value.is_null().get(isNull))
            return e;
        if (!isNull)
            return kDeclined;
        return sax.null() ? SUCCESS : kDeclined;
    }
    }
    return kDeclined;
}

} // namespace

std::size_t jsonFastPadding()
{
    return SIMDJSON_PADDING;
}

bool saxParseFast(const char* text, std::size_t length, int maxDepth, Sax& sax)
{
    Walk w { sax, maxDepth, dynamic_cast<UnsignedRuns*>(&sax), {} };
    return walkRootObject(text, length, [&](ondemand::object& root) { return walkObject(root, w, 1) == SUCCESS; });
}

} // namespace profscope::jsonfile
