// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <cstdint>

namespace profscope {

class TraceBuilder;

// Decodes one chunk of trace events ("[" + whole events + "]", padded for
// simdjson) into a TraceBuilder.
class TraceChunkParser
{
public:
    virtual ~TraceChunkParser() = default;
    // fileOffset: position in the source file of buffer[1]. On failure
    // `error` is simdjson's message and `errorOffset` the file offset.
    virtual bool parse(TraceBuilder& builder, const char* buffer, std::size_t length, std::size_t capacity,
                       std::size_t fileOffset, const char*& error, std::size_t& errorOffset)
        = 0;
};

// The best kernel this CPU runs (AVX2 when available on x86-64).
TraceChunkParser* makeTraceChunkParser(std::uint32_t fileIndex);
const char* traceKernelName();

// The compiled variants (tracekernel_*.cpp).
TraceChunkParser* makeTraceChunkParserAvx2(std::uint32_t fileIndex);
TraceChunkParser* makeTraceChunkParserBase(std::uint32_t fileIndex);
const char* traceKernelNameAvx2();
const char* traceKernelNameBase();

} // namespace profscope
