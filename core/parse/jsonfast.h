// SPDX-License-Identifier: Apache-2.0
#pragma once

// The fast path of JsonFile::load (jsonfile.cpp): the profilers' small JSON
// files (communication.json, communication_matrix.json, profiler_metadata.json,
// ...) read by simdjson On-Demand instead of nlohmann's lexer, which was most
// of the load time of a cluster of many small ranks. The walk emits the same
// SAX events nlohmann's parser would, so the DOM built from them is the same
// (floats as their source text, integers as int64 / uint64, the last of a
// repeated key wins). It declines — returns false — on anything it does not
// accept exactly as nlohmann does (any syntax error, a number out of range,
// nesting deeper than maxDepth, a top level that is not an object); the caller
// then runs the nlohmann parser, whose messages and offsets the import
// report keeps.

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>

namespace profscope::jsonfile {

// A handler may also take the plain unsigned integers of an array as runs
// instead of one number_unsigned event each (a metadata file lists a thousand
// rank ids per group). The walk then hands every element that simdjson reads
// as a uint64 (no sign, fraction or exponent) to unsignedRun, in order and
// between the array's other events, which it sends as before; the values are
// the ones number_unsigned would have been given.
class UnsignedRuns
{
public:
    virtual bool unsignedRun(const std::uint64_t* values, std::size_t count) = 0;

protected:
    ~UnsignedRuns() = default;
};

// `text` must stay readable for length + simdjson::SIMDJSON_PADDING bytes
// (see kJsonFastPadding). On false the handler may have seen some events.
bool saxParseFast(const char* text, std::size_t length, int maxDepth,
                  nlohmann::json_sax<nlohmann::ordered_json>& handler);

// Bytes past the end of the text the fast path may read (simdjson's padding).
std::size_t jsonFastPadding();

} // namespace profscope::jsonfile
