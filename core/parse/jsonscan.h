// SPDX-License-Identifier: Apache-2.0
#pragma once

// Byte-level helpers for the scanners that must not build a DOM: the
// trace's top level, its chunk cuts, the step-marker scan and the probes of
// a partial import's seek (traceseek.h).

#include <cstddef>
#include <string_view>

namespace profscope {

inline bool isJsonSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// Skips the JSON value (string, object, array or scalar) that starts at `p`
// in raw text, without parsing it: the offset just after it; for a scalar,
// the offset of the ',' or closing bracket that ends it; npos when the text
// ends first. Strings and nesting are followed, escapes honoured.
std::size_t skipJsonValue(const char* data, std::size_t size, std::size_t p);

// The first byte at or after `from` that is not a blank or the comma between two events.
std::size_t skipEventSeparators(const char* data, std::size_t size, std::size_t from);

// The end of the first "}" followed by "," and "{" (blanks allowed) at or
// after `from`: very likely the end of one event and the start of the next,
// but it may also lie inside a string or a nested value (the caller checks).
// npos when there is none.
std::size_t speculativeEventCut(const char* data, std::size_t size, std::size_t from);

// The top-level members of one event object's text that the byte scanners
// read, as raw tokens (strings without their quotes, numbers as written).
// Nested values (args) are skipped. False when the text is not an object
// of "key": value members.
struct RawEventMembers
{
    std::string_view name, ph, ts, dur, pid;
};
bool readRawEventMembers(std::string_view object, RawEventMembers& out);

} // namespace profscope
