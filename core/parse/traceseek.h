// SPDX-License-Identifier: Apache-2.0
#pragma once

// Partial import of a large trace: the stretches of its events array that
// need not be read at all for a step window (issue 15 item 3).
//
// The chunk judge (chunkwindow.h) decides per chunk, but it reads every byte
// to do so: one read of the file from disk, the cost the seek removes. The
// planner reads only small probes spread over the array: at each, the first
// event boundary after a byte offset (a "}, {" cut, then checked: the events
// that follow must be whole objects with a "ph" and a readable "ts"), and
// the ts / dur / pid of the next kProbeEvents events.
//
// What the profilers write, and what a skip relies on: a trace_view.json is
// a few sections (framework host events; CANN and device lanes; counters;
// flows), each running over the whole run and written roughly in time order
// (the generator's, and msprof's older layout, interleave everything step by
// step, also roughly in time order). So between two neighbouring probes that
// agree (below), every event is taken to start and end within the probes'
// times widened by a slack (taskSeekSlackNs: one window, at least a second);
// the stretch between them is skipped when even that widened range ends
// before the window or starts at or after its end.
//
// Two probes agree when both read kProbeEvents ordinary events (no metadata,
// whose lane names must never be lost, no B / E, whose pair may lie
// elsewhere), share a pid, the later one does not start earlier, and
// neither holds events more than the slack out of time order (a section
// written in no time order, such as flows sorted by id, is never skipped).
//
// Limits, as for the CSV seek (csvseek.h): a section shorter than the probe
// spacing, sharing a pid with the probes around it and in time order with
// them, is not seen; nor is an event that starts more than the slack before
// the window and lasts into it. The parse checks every cut it resumes at
// (a wrong one cannot be decoded) and reads the rest whole after one.

#include "../model/types.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace profscope {

constexpr int kProbeEvents = 8;
// One probe per this many bytes (and at least kMinTraceProbes): a short
// random read each, so that a 20 GB trace costs 5 000 of them.
constexpr std::size_t kTraceProbeSpacing = std::size_t(4) << 20;
constexpr int kMinTraceProbes = 16;
// Smaller arrays are left to the chunk judge.
constexpr std::size_t kMinTraceSeekBytes = std::size_t(64) << 20;

struct TraceProbe
{
    std::size_t begin = 0; // first byte of its first event ('{')
    std::size_t end = 0;   // just past its last event's '}'
    TimeNs lowNs = 0;      // the smallest ts
    TimeNs highNs = 0;     // the largest ts + dur
    TimeNs disorderNs = 0; // how far an event starts before one written ahead of it
    std::uint64_t pidBits = 0; // one bit per pid (hashed)
    bool valid = false;    // kProbeEvents ordinary events read
};

// The probe at the first event cut at or after `at`, within [0, size).
TraceProbe probeTraceAt(const char* data, std::size_t size, std::size_t at);

struct TraceSeekOptions
{
    std::size_t spacingBytes = kTraceProbeSpacing; // one probe per this many bytes
    std::size_t minBytes = kMinTraceSeekBytes;     // smaller arrays are not sought
    // The data is a read-only file mapping: each probe's pages are dropped
    // from the process once read (madvise), since a fault maps a whole
    // large folio (up to 2 MiB) around it, and the 300 probes of a 1.2 GB
    // trace otherwise added 540 MiB to the peak RSS. Never for heap memory.
    bool mapped = false;
};

// Probes spread over [arrayBegin, size), one per spacingBytes (at least
// kMinTraceProbes), in file order; an unreadable one is left invalid (it
// breaks any chain of agreeing probes around it).
std::vector<TraceProbe> probeTrace(const char* data, std::size_t arrayBegin, std::size_t size,
                                   const TraceSeekOptions& options = {});

// Whether nothing between two neighbouring probes needs reading (above).
bool probesAgree(const TraceProbe& a, const TraceProbe& b, TimeNs slackNs);

struct TraceGap
{
    std::size_t from = 0; // just past an event's '}'
    std::size_t to = 0;   // an event's '{'
};

struct TraceSeekPlan
{
    std::vector<TraceGap> gaps; // in file order, disjoint
    int probes = 0;      // probes taken (0: the array was not sought)
    int validProbes = 0; // of which read kProbeEvents ordinary events (the import report lists both)
    std::size_t skippedBytes = 0;
};

// The stretches of the events array [arrayBegin, size) to skip for `window`
// (none when the array is shorter than options.minBytes). `known`: probes of
// the same file already taken (by the marker search, stepscan.h), reused
// instead of probing again when given; those before arrayBegin are ignored.
TraceSeekPlan planTraceSeek(const char* data, std::size_t arrayBegin, std::size_t size, TimeRange window,
                            TimeNs slackNs, const TraceSeekOptions& options = {},
                            const std::vector<TraceProbe>* known = nullptr);

} // namespace profscope
