// SPDX-License-Identifier: Apache-2.0
#include "csvseek.h"

#include "numbers.h"

#include <algorithm>
#include <cstring>

namespace profscope {

namespace {

// Records read at each probe: enough to see whether the rows there run in
// time order and which section keys are interleaved there (memory_record's
// PTA / PTA+GE alternate), few enough to stay within a page or two.
constexpr int kProbeRecords = 8;

struct Probe
{
    std::size_t lineStart = 0; // where the probe's first record starts
    bool ok = false;           // every record read parsed
    bool ordered = false;      // and ran in time order
    TimeNs firstNs = 0;
    TimeNs lastNs = 0;
    std::vector<std::string_view> keys; // sorted, unique
};

std::string_view unquoted(std::string_view cell)
{
    cell = trimCell(cell);
    if (cell.size() >= 2 && cell.front() == '"' && cell.back() == '"')
        cell = trimCell(cell.substr(1, cell.size() - 2));
    return cell;
}

// One record from `pos` (a line start), to the start of the next line. False
// for anything the planner does not trust: a quote inside an unquoted cell,
// a line break inside a quoted one (a probe may have landed inside it), a
// cell count other than the header's, a time cell that is not a number.
bool readRecord(std::string_view d, std::size_t& pos, const CsvTimeSeekRequest& r, TimeNs& timeNs,
                std::string_view& key)
{
    const std::size_t n = d.size();
    std::size_t cell = 0;
    std::string_view timeCell, keyCell;
    while (true) {
        const std::size_t begin = pos;
        if (pos < n && d[pos] == '"') {
            ++pos;
            while (pos < n) {
                if (d[pos] == '"') {
                    if (pos + 1 < n && d[pos + 1] == '"') {
                        pos += 2;
                        continue;
                    }
                    break;
                }
                if (d[pos] == '\n' || d[pos] == '\r')
                    return false;
                ++pos;
            }
            if (pos >= n)
                return false;
            ++pos; // the closing quote
        }
        while (pos < n && d[pos] != ',' && d[pos] != '\n' && d[pos] != '\r') {
            if (d[pos] == '"')
                return false;
            ++pos;
        }
        const std::string_view text = d.substr(begin, pos - begin);
        if (int(cell) == r.timeColumn)
            timeCell = text;
        if (int(cell) == r.keyColumn)
            keyCell = text;
        ++cell;
        if (pos < n && d[pos] == ',') {
            ++pos;
            continue;
        }
        if (pos < n && d[pos] == '\r')
            ++pos;
        if (pos < n && d[pos] == '\n')
            ++pos;
        break;
    }
    if (cell != r.headerCells)
        return false;
    const auto t = parseUsToNs(unquoted(timeCell));
    if (!t)
        return false;
    timeNs = *t;
    key = unquoted(keyCell);
    return true;
}

// Up to kProbeRecords records from the line start `lineStart`.
Probe readProbe(std::string_view d, std::size_t lineStart, const CsvTimeSeekRequest& r)
{
    Probe p;
    p.lineStart = lineStart;
    std::size_t pos = lineStart;
    int records = 0;
    p.ordered = true;
    while (records < kProbeRecords && pos < d.size()) {
        if (d[pos] == '\n' || d[pos] == '\r') { // a blank line
            ++pos;
            continue;
        }
        TimeNs t = 0;
        std::string_view key;
        if (!readRecord(d, pos, r, t, key))
            return p; // ok stays false
        if (records == 0) {
            p.firstNs = t;
            p.lastNs = t;
        } else {
            p.ordered = p.ordered && t >= p.lastNs;
            p.lastNs = std::max(p.lastNs, t);
        }
        if (std::find(p.keys.begin(), p.keys.end(), key) == p.keys.end())
            p.keys.push_back(key);
        ++records;
    }
    std::sort(p.keys.begin(), p.keys.end());
    p.ok = records > 0;
    return p;
}

// The probe at the first line that starts at or after `offset`.
Probe probeAt(std::string_view d, std::size_t offset, const CsvTimeSeekRequest& r)
{
    if (offset <= r.firstRecord)
        return readProbe(d, r.firstRecord, r);
    const auto* nl = static_cast<const char*>(std::memchr(d.data() + offset - 1, '\n', d.size() - (offset - 1)));
    if (!nl)
        return {};
    return readProbe(d, std::size_t(nl - d.data()) + 1, r);
}

// The probe over the last records of the table, so that the gap before it
// has an upper end too.
Probe probeAtEnd(std::string_view d, const CsvTimeSeekRequest& r)
{
    std::size_t end = d.size();
    while (end > r.firstRecord && (d[end - 1] == '\n' || d[end - 1] == '\r'))
        --end;
    // Back over kProbeRecords line breaks: the probe starts after the last one.
    std::size_t pos = end;
    for (int i = 0; i < kProbeRecords; ++i) {
        const auto* nl = static_cast<const char*>(memrchr(d.data() + r.firstRecord, '\n', pos - r.firstRecord));
        if (!nl)
            return readProbe(d, r.firstRecord, r);
        pos = std::size_t(nl - d.data());
    }
    return readProbe(d, pos + 1, r);
}

struct Gaps
{
    const CsvTimeSeekRequest& r;
    TimeNs skipBeforeNs; // a gap whose rows all start before this is before the window

    bool agree(const Probe& a, const Probe& b) const
    {
        return a.ok && b.ok && a.ordered && b.ordered && a.keys == b.keys && a.lastNs <= b.firstNs;
    }
    bool before(const Probe& a, const Probe& b) const
    {
        return agree(a, b) && b.firstNs < skipBeforeNs;
    }
    bool after(const Probe& a, const Probe& b) const
    {
        return agree(a, b) && a.firstNs >= r.windowNs.endNs;
    }
    // A gap in one ordered section with an edge of the window inside.
    bool edge(const Probe& a, const Probe& b) const
    {
        return agree(a, b)
            && ((a.firstNs < skipBeforeNs && b.firstNs >= skipBeforeNs)
                || (a.firstNs < r.windowNs.endNs && b.firstNs >= r.windowNs.endNs));
    }
};

// The binary search: probes between `a` and `b`, in order, halving the gap
// that holds an edge of the window while the probes keep agreeing.
void refine(std::string_view d, const Gaps& gaps, const Probe& a, const Probe& b, std::vector<Probe>& out, int& probes)
{
    if (!gaps.edge(a, b) || b.lineStart - a.lineStart <= gaps.r.minGapBytes)
        return;
    Probe m = probeAt(d, a.lineStart + (b.lineStart - a.lineStart) / 2, gaps.r);
    ++probes;
    if (!m.ok || m.lineStart <= a.lineStart || m.lineStart >= b.lineStart)
        return;
    refine(d, gaps, a, m, out, probes);
    out.push_back(m);
    refine(d, gaps, m, b, out, probes);
}

} // namespace

CsvTimeSeekPlan planCsvTimeSeek(std::string_view data, const CsvTimeSeekRequest& request)
{
    CsvTimeSeekPlan plan;
    const std::size_t size = data.size();
    const std::size_t first = std::min(request.firstRecord, size);
    plan.ranges.push_back({ first, size });
    const std::size_t body = size - first;
    const int coarse = std::max(2, request.coarseProbes);
    if (request.timeColumn < 0 || request.headerCells == 0 || request.windowNs.endNs <= request.windowNs.startNs
        || body < 4 * std::max<std::size_t>(request.minGapBytes, 1))
        return plan;

    Gaps gaps { request, saturatingAdd(request.windowNs.startNs, -std::max<TimeNs>(0, request.slackNs)) };
    std::vector<Probe> coarseProbes;
    coarseProbes.reserve(std::size_t(coarse) + 1);
    for (int i = 0; i < coarse; ++i) {
        Probe p = probeAt(data, first + std::size_t(double(body) * i / coarse), request);
        ++plan.probes;
        if (p.lineStart >= size || (!coarseProbes.empty() && p.lineStart <= coarseProbes.back().lineStart))
            continue;
        coarseProbes.push_back(std::move(p));
    }
    Probe last = probeAtEnd(data, request);
    ++plan.probes;
    if (last.lineStart < size && (coarseProbes.empty() || last.lineStart > coarseProbes.back().lineStart))
        coarseProbes.push_back(std::move(last));

    std::vector<Probe> probes;
    for (std::size_t i = 0; i < coarseProbes.size(); ++i) {
        if (i > 0)
            refine(data, gaps, coarseProbes[i - 1], coarseProbes[i], probes, plan.probes);
        probes.push_back(coarseProbes[i]);
    }

    // The records to read: every gap but those wholly before or after the
    // window, and the records from the last probe on.
    std::vector<CsvByteRange> ranges;
    auto read = [&](std::size_t begin, std::size_t end) {
        if (begin >= end)
            return;
        if (!ranges.empty() && ranges.back().end == begin)
            ranges.back().end = end;
        else
            ranges.push_back({ begin, end });
    };
    if (probes.empty() || probes.front().lineStart != first)
        return plan;
    for (std::size_t i = 0; i + 1 < probes.size(); ++i) {
        const Probe& a = probes[i];
        const Probe& b = probes[i + 1];
        if (gaps.before(a, b) || gaps.after(a, b))
            plan.skippedBytes += b.lineStart - a.lineStart;
        else
            read(a.lineStart, b.lineStart);
    }
    read(probes.back().lineStart, size);
    if (plan.skippedBytes == 0)
        return plan;
    plan.ranges = std::move(ranges);
    plan.seek = true;
    return plan;
}

} // namespace profscope
