// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/importreport.h"
#include "tracebuilder.h"
#include "traceseek.h"

#include <QString>

#include <functional>

namespace profscope {

struct TraceParseOptions
{
    // Bytes of events handed to simdjson at a time. Bounds the parser's
    // memory to a few times this, whatever the file size, and lifts
    // simdjson's 4 GiB document limit.
    std::size_t chunkBytes = 2u << 20;
    // Decoder threads for this file (0: one per core). The loader passes 1
    // when it already loads several ranks in parallel.
    int threads = 0;
    // Drop the mapped file's pages from the process once their events are in
    // the model (madvise MADV_DONTNEED; they are re-read from the file if
    // ever touched again), so that the resident set stays near the model's
    // size instead of growing by the whole file. Off only to measure.
    bool releaseParsedPages = true;
    // Partial import (a windowed builder): chunks whose events all lie
    // outside the window are skipped without decoding (chunkwindow.h). It
    // needs exact chunk cuts, found by the SIMD boundary scanner
    // (boundaryscan.h: about 8700 MiB/s on one core with AVX2, 4000 MiB/s
    // with SSE2, against 320 MiB/s for the byte loop it replaced, which made
    // skipping slower than decoding). Measured on a 128 MiB generated trace,
    // one step of ten (README, profscope-cluster-bench --partial-only): 0.12 s
    // skipping, 0.24 s decoding every chunk, 0.35 s for the whole file; reading
    // the file once from the page cache 0.04 s. Events outside the window are
    // dropped either way, before their names and args are interned. Off only
    // to measure.
    bool skipChunksOutsideWindow = true;
    // Partial import of a large file (64 MiB of events or more): the
    // stretches that probes show to lie wholly before or after the window
    // are not read at all (traceseek.h); the chunk judge handles the rest.
    // The loader passes seekEnabled() (--no-seek turns it off).
    bool seekOutsideWindow = true;
    // The seek's probe spacing and smallest file (traceseek.h); tests lower them.
    TraceSeekOptions seekProbes;
    // Files from this size on are mapped; smaller ones are read whole.
    std::size_t mapFromBytes = std::size_t(4) << 20;
    // The file's probes, already taken by the marker search (stepscan.h),
    // reused for the seek; null: the parse probes the file itself.
    const std::vector<TraceProbe>* seekKnownProbes = nullptr;
    // Called with the fraction of the file done (0..1); return false to cancel.
    std::function<bool(double)> progress;
};

// Parses a Chrome-trace-format file (trace_view.json, MindInsight
// timeline_display_*.json, CANN msprof_*.json): a bare array of events or an
// object with "traceEvents". The file is memory-mapped and walked in chunks
// that end on event boundaries; each chunk is parsed with simdjson's
// On-Demand API, so no DOM of the file is ever built.
//
// Events: X, B/E, i/I/R, C, M (process/thread name, labels, sort index), s/t/f
// flows. ts/dur may be strings or numbers and are converted to ns exactly;
// pid/tid may be numbers or strings; flow ids are kept as written.
// On a syntax error or truncation the events before it are kept and the
// report is Broken with the byte offset. Returns false when nothing was read.
bool parseTraceFile(const QString& path, TraceBuilder& builder, FileReport& report,
                    const TraceParseOptions& options = {});

} // namespace profscope
