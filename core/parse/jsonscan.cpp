// SPDX-License-Identifier: Apache-2.0
#include "jsonscan.h"

#include <cstring>
#include <string>

namespace profscope {

std::size_t skipJsonValue(const char* d, std::size_t size, std::size_t p)
{
    int depth = 0;
    bool inString = false;
    for (; p < size; ++p) {
        const char c = d[p];
        if (inString) {
            if (c == '\\')
                ++p;
            else if (c == '"') {
                inString = false;
                if (depth == 0)
                    return p + 1;
            }
            continue;
        }
        if (c == '"')
            inString = true;
        else if (c == '{' || c == '[')
            ++depth;
        else if (c == '}' || c == ']') {
            if (depth == 0)
                return p; // end of the enclosing container
            if (--depth == 0)
                return p + 1;
        } else if (depth == 0 && (c == ',' || c == '}'))
            return p;
    }
    return std::string::npos;
}

std::size_t skipEventSeparators(const char* d, std::size_t size, std::size_t from)
{
    while (from < size && (isJsonSpace(d[from]) || d[from] == ','))
        ++from;
    return from;
}

std::size_t speculativeEventCut(const char* d, std::size_t size, std::size_t from)
{
    std::size_t p = from;
    while (p < size) {
        const void* q = std::memchr(d + p, '}', size - p);
        if (!q)
            return std::string::npos;
        const std::size_t brace = std::size_t(static_cast<const char*>(q) - d);
        std::size_t i = brace + 1;
        while (i < size && isJsonSpace(d[i]))
            ++i;
        if (i < size && d[i] == ',') {
            ++i;
            while (i < size && isJsonSpace(d[i]))
                ++i;
            if (i < size && d[i] == '{')
                return brace + 1;
        }
        p = brace + 1;
    }
    return std::string::npos;
}

bool readRawEventMembers(std::string_view object, RawEventMembers& out)
{
    std::size_t i = 1; // past '{'
    const std::size_t n = object.size();
    auto skipSpace = [&] {
        while (i < n && (object[i] == ' ' || object[i] == '\n' || object[i] == '\r' || object[i] == '\t' || object[i] == ','))
            ++i;
    };
    auto readString = [&](std::string_view& s) {
        const std::size_t start = ++i; // past the opening quote
        while (i < n && object[i] != '"')
            i += object[i] == '\\' ? 2 : 1;
        if (i >= n)
            return false;
        s = object.substr(start, i - start);
        ++i;
        return true;
    };
    while (true) {
        skipSpace();
        if (i >= n || object[i] == '}')
            return true;
        if (object[i] != '"')
            return false;
        std::string_view key;
        if (!readString(key))
            return false;
        while (i < n && (object[i] == ' ' || object[i] == ':' || object[i] == '\t'))
            ++i;
        if (i >= n)
            return false;
        std::string_view value;
        if (object[i] == '"') {
            if (!readString(value))
                return false;
        } else if (object[i] == '{' || object[i] == '[') {
            const std::size_t end = skipJsonValue(object.data(), n, i);
            i = end == std::string_view::npos ? n : end;
        } else {
            const std::size_t start = i;
            while (i < n && object[i] != ',' && object[i] != '}' && object[i] != ' ' && object[i] != '\n'
                   && object[i] != '\r' && object[i] != '\t')
                ++i;
            value = object.substr(start, i - start);
        }
        if (key == "name")
            out.name = value;
        else if (key == "ph")
            out.ph = value;
        else if (key == "ts")
            out.ts = value;
        else if (key == "dur")
            out.dur = value;
        else if (key == "pid")
            out.pid = value;
    }
}

} // namespace profscope
