// SPDX-License-Identifier: Apache-2.0
#include "traceseek.h"

#include "jsonscan.h"
#include "numbers.h"

#include <QtGlobal>

#ifdef Q_OS_UNIX
#include <sys/mman.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <functional>
#include <limits>
#include <string>
#include <string_view>

namespace profscope {

namespace {

// An event object longer than this is not an ordinary trace event: the
// probe is not trusted (a cut inside a huge string would otherwise walk on).
constexpr std::size_t kMaxEventBytes = std::size_t(1) << 20;

} // namespace

TraceProbe probeTraceAt(const char* d, std::size_t size, std::size_t at)
{
    TraceProbe probe;
    const std::size_t cut = speculativeEventCut(d, size, at);
    if (cut == std::string::npos)
        return probe;
    std::size_t p = skipEventSeparators(d, size, cut);
    probe.begin = p;
    probe.lowNs = std::numeric_limits<TimeNs>::max();
    probe.highNs = std::numeric_limits<TimeNs>::min();
    TimeNs latestStartNs = std::numeric_limits<TimeNs>::min();
    for (int k = 0; k < kProbeEvents; ++k) {
        if (p >= size || d[p] != '{')
            return probe;
        const std::size_t end = skipJsonValue(d, std::min(size, p + kMaxEventBytes), p);
        if (end == std::string::npos || end <= p || d[end - 1] != '}')
            return probe;
        RawEventMembers ev;
        if (!readRawEventMembers(std::string_view(d + p, end - p), ev) || ev.ph.size() != 1 || ev.pid.empty())
            return probe;
        const char ph = ev.ph[0];
        if (ph == 'M' || ph == 'B' || ph == 'E')
            return probe;
        const auto tsNs = parseUsToNs(ev.ts);
        const auto durNs = ev.dur.empty() ? std::optional<TimeNs>(0) : parseUsToNs(ev.dur);
        if (!tsNs || !durNs || *durNs < 0)
            return probe;
        probe.lowNs = std::min(probe.lowNs, *tsNs);
        probe.highNs = std::max(probe.highNs, saturatingAdd(*tsNs, *durNs));
        if (latestStartNs > *tsNs)
            probe.disorderNs = std::max(probe.disorderNs, latestStartNs - *tsNs);
        latestStartNs = std::max(latestStartNs, *tsNs);
        probe.pidBits |= std::uint64_t(1) << (std::hash<std::string_view> {}(ev.pid) % 64);
        probe.end = end;
        // The next event: after a comma (blanks allowed); the array's end stops the probe.
        std::size_t q = end;
        while (q < size && isJsonSpace(d[q]))
            ++q;
        if (k + 1 < kProbeEvents) {
            if (q >= size || d[q] != ',')
                return probe;
            p = skipEventSeparators(d, size, q);
        }
    }
    probe.valid = true;
    return probe;
}

bool probesAgree(const TraceProbe& a, const TraceProbe& b, TimeNs slackNs)
{
    return a.valid && b.valid && a.end <= b.begin && (a.pidBits & b.pidBits) != 0 && a.lowNs <= b.lowNs
        && a.disorderNs <= slackNs && b.disorderNs <= slackNs;
}

std::vector<TraceProbe> probeTrace(const char* d, std::size_t arrayBegin, std::size_t size,
                                   const TraceSeekOptions& options)
{
    std::vector<TraceProbe> probes;
    if (size <= arrayBegin)
        return probes;
    const std::size_t length = size - arrayBegin;
    const std::size_t count
        = std::max<std::size_t>(kMinTraceProbes, length / std::max<std::size_t>(options.spacingBytes, 1));
    probes.reserve(count);
    auto probeAt = [&](std::size_t i) { return arrayBegin + std::size_t((long double)(length) * i / count); };
#ifdef Q_OS_UNIX
    static const std::size_t pageBytes = std::size_t(sysconf(_SC_PAGESIZE));
    if (options.mapped) {
        // From a cold disk each probe is a random read: ask for all of them
        // at once (the kernel reads them in parallel), rather than waiting
        // for each fault in turn (450 probes of a 1.8 GiB trace took longer
        // than reading the stretches they saved).
        constexpr std::size_t kProbeReadBytes = std::size_t(64) << 10;
        for (std::size_t i = 0; i < count; ++i) {
            const std::size_t from = probeAt(i) / pageBytes * pageBytes;
            madvise(const_cast<char*>(d) + from, std::min(kProbeReadBytes, size - from), MADV_WILLNEED);
        }
    }
#endif
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t at = probeAt(i);
        if (!probes.empty() && at < probes.back().end)
            continue; // the previous probe reached past this point
        TraceProbe probe = probeTraceAt(d, size, at);
#ifdef Q_OS_UNIX
        if (options.mapped) {
            // The whole folios the faults mapped: 2 MiB each side.
            constexpr std::size_t kFolioBytes = std::size_t(2) << 20;
            const std::size_t from = at > kFolioBytes ? (at - kFolioBytes) / pageBytes * pageBytes : 0;
            const std::size_t to = std::min(size, std::max(probe.end, at) + kFolioBytes);
            if (to > from)
                madvise(const_cast<char*>(d) + from, to - from, MADV_DONTNEED);
        }
#endif
        if (!probe.valid) {
            probe = TraceProbe {}; // kept in file order (searches by offset)
            probe.begin = probe.end = at;
        }
        probes.push_back(probe);
    }
    return probes;
}

TraceSeekPlan planTraceSeek(const char* d, std::size_t arrayBegin, std::size_t size, TimeRange window,
                            TimeNs slackNs, const TraceSeekOptions& options, const std::vector<TraceProbe>* known)
{
    TraceSeekPlan plan;
    if (size <= arrayBegin || size - arrayBegin < options.minBytes || window.isEmpty())
        return plan;
    std::vector<TraceProbe> probes;
    if (known && !known->empty()) {
        // Probes from the file's first byte: one before the array's '[' cut
        // the top-level object, not an event, and a gap may not start there.
        for (const TraceProbe& p : *known)
            if (p.begin >= arrayBegin && p.end <= size)
                probes.push_back(p);
    } else {
        probes = probeTrace(d, arrayBegin, size, options);
    }
    plan.probes = int(probes.size());
    plan.validProbes = int(std::count_if(probes.begin(), probes.end(), [](const TraceProbe& p) { return p.valid; }));
    // Neighbouring agreeing probes whose widened times lie wholly on one
    // side of the window: the bytes between them are not read. Runs of
    // such stretches merge (the probes inside lie outside too).
    const TimeNs beforeNs = saturatingAdd(window.startNs, -slackNs);
    const TimeNs afterNs = saturatingAdd(window.endNs, slackNs);
    for (std::size_t i = 0; i + 1 < probes.size(); ++i) {
        const TraceProbe& a = probes[i];
        const TraceProbe& b = probes[i + 1];
        if (!probesAgree(a, b, slackNs))
            continue;
        const bool before = std::max(a.highNs, b.highNs) <= beforeNs;
        const bool after = std::min(a.lowNs, b.lowNs) >= afterNs;
        if (!before && !after)
            continue;
        if (!plan.gaps.empty() && plan.gaps.back().to == a.begin)
            plan.gaps.back().to = b.begin; // a's own events lie outside as well
        else
            plan.gaps.push_back({ a.end, b.begin });
    }
    for (const TraceGap& g : plan.gaps)
        plan.skippedBytes += g.to - g.from;
    return plan;
}

} // namespace profscope
