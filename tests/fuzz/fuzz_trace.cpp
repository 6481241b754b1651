// SPDX-License-Identifier: Apache-2.0
// Trace JSON (trace_view.json, MindInsight timeline_display_*.json, CANN
// msprof_*.json): the simdjson chunked parser, with chunk sizes small enough
// that every input crosses chunk boundaries, and the truncated-file path
// (the same input cut short, as a killed profiler leaves it).
//
// Input: selector byte, then the file. Selector bits 0-1: chunk size;
// bit 2: two decoder threads; bit 3: also parse the input truncated at
// (selector >> 4) / 16 of its length, else also parse it as a partial import
// (a window of (selector >> 4) ms from 0: chunks outside skipped undecoded,
// cut by the SIMD boundary scanner).
#include "fuzzsupport.h"

#include "parse/traceparser.h"

#include <algorithm>

using namespace profscope;

namespace {

void parseOnce(const fuzz::Selected& in, std::size_t size, std::size_t chunkBytes, int threads,
               TimeRange window = {})
{
    const QString path = fuzz::writeInput(QStringLiteral("trace_view.json"), in.data, size);
    TraceBuilder builder;
    if (!window.isEmpty())
        builder.setWindow(window);
    FileReport report;
    report.path = path;
    TraceParseOptions options;
    options.chunkBytes = chunkBytes;
    options.threads = threads;
    parseTraceFile(path, builder, report, options);
    builder.finish();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const fuzz::Selected in = fuzz::select(data, size);
    if (!in.data)
        return 0;
    static constexpr std::size_t chunkSizes[] = {std::size_t(2) << 20, 64, 512, 4096};
    const std::size_t chunkBytes = chunkSizes[in.selector & 3u];
    const int threads = (in.selector & 4u) ? 2 : 1;
    parseOnce(in, in.size, chunkBytes, threads);
    if (in.selector & 8u) {
        const std::size_t cut = in.size * ((in.selector >> 4) & 15u) / 16;
        parseOnce(in, std::min(cut, in.size), chunkBytes, threads);
    } else {
        parseOnce(in, in.size, chunkBytes, threads, { 0, TimeNs((in.selector >> 4) + 1) * 1000000 });
    }
    return 0;
}
