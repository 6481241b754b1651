// SPDX-License-Identifier: Apache-2.0
#include "traceexport.h"

#include "../model/jsontext.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::TraceExport)
};

// ns -> "1234.567" µs, exactly, relative to the origin.
void appendMicros(QByteArray& out, TimeNs ns)
{
    if (ns < 0) {
        out += '-';
        ns = -ns;
    }
    out += QByteArray::number(ns / 1000);
    out += '.';
    const int rest = int(ns % 1000);
    out += char('0' + rest / 100);
    out += char('0' + rest / 10 % 10);
    out += char('0' + rest % 10);
}

void appendString(QByteArray& out, const QString& text)
{
    const QByteArray utf8 = text.toUtf8();
    appendJsonString(out, std::string_view(utf8.constData(), std::size_t(utf8.size())));
}

class Writer
{
public:
    Writer(QIODevice& device, TraceExportStats& stats)
        : m_device(device)
        , m_stats(stats)
    {
        m_buffer.reserve(1 << 21);
    }
    // Starts the next event: a separator, then the caller appends "{...}".
    QByteArray& event()
    {
        m_buffer += m_first ? "\n" : ",\n";
        m_first = false;
        return m_buffer;
    }
    QByteArray& raw()
    {
        return m_buffer;
    }
    bool flush(bool force = false)
    {
        if (!force && m_buffer.size() < (1 << 20))
            return true;
        const qint64 written = m_device.write(m_buffer);
        m_stats.bytes += std::max<qint64>(0, written);
        const bool ok = written == m_buffer.size();
        m_buffer.clear();
        return ok;
    }

private:
    QIODevice& m_device;
    TraceExportStats& m_stats;
    QByteArray m_buffer;
    bool m_first = true;
};

bool overlaps(const TimeRange& window, TimeNs startNs, TimeNs endNs)
{
    return window.isEmpty() || (endNs >= window.startNs && startNs <= window.endNs);
}

void metadata(Writer& w, const char* what, int pid, int tid, const char* key, const QString& text)
{
    QByteArray& o = w.event();
    o += "{\"ph\":\"M\",\"name\":\"";
    o += what;
    o += "\",\"pid\":" + QByteArray::number(pid) + ",\"tid\":" + QByteArray::number(tid) + ",\"args\":{\"";
    o += key;
    o += "\":";
    appendString(o, text);
    o += "}}";
}

void sortIndex(Writer& w, const char* what, int pid, int tid, qint64 index)
{
    QByteArray& o = w.event();
    o += "{\"ph\":\"M\",\"name\":\"";
    o += what;
    o += "\",\"pid\":" + QByteArray::number(pid) + ",\"tid\":" + QByteArray::number(tid)
        + ",\"args\":{\"sort_index\":" + QByteArray::number(index) + "}}";
}

// A valid JSON object or nothing: args come from the source file as written.
void appendArgs(QByteArray& o, const TraceData& trace, ArgsRef ref, bool withArgs)
{
    if (!withArgs || !ref.isValid())
        return;
    const QByteArray text = trace.argsText(ref).trimmed();
    if (text.startsWith('{') && text.endsWith('}')) {
        o += ",\"args\":";
        o += text;
    }
}

} // namespace

TimeRange stepWindow(const RankData& rank, const QString& first, const QString& last)
{
    TimeRange window {};
    bool inside = false;
    for (const StepMarker& s : rank.trace.steps) {
        if (s.id == first)
            inside = true;
        if (inside)
            window = window.isEmpty() ? s.rangeNs
                                      : TimeRange { std::min(window.startNs, s.rangeNs.startNs),
                                            std::max(window.endNs, s.rangeNs.endNs) };
        if (s.id == last)
            break;
    }
    return window;
}

bool writeTraceJson(const Profile& profile, const TraceExportOptions& options, QIODevice& out,
    TraceExportStats* statsOut, QString* error)
{
    TraceExportStats stats;
    std::vector<int> ranks = options.rankIndexes;
    if (ranks.empty())
        for (int i = 0; i < int(profile.ranks.size()); ++i)
            ranks.push_back(i);
    // Origin: the earliest exported time, so that µs with ns decimals fit a double.
    TimeNs originNs = std::numeric_limits<TimeNs>::max();
    for (const int r : ranks) {
        if (r < 0 || std::size_t(r) >= profile.ranks.size()) {
            if (error)
                *error = Tr::tr("no rank at index %1").arg(r);
            return false;
        }
        const TraceData& trace = profile.ranks[std::size_t(r)]->trace;
        if (!trace.rangeNs.isEmpty())
            originNs = std::min(originNs, trace.rangeNs.startNs);
    }
    if (!options.windowNs.isEmpty())
        originNs = options.windowNs.startNs;
    if (originNs == std::numeric_limits<TimeNs>::max())
        originNs = 0;

    Writer w(out, stats);
    w.raw() += "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"generator\":\"Profscope\",\"originNs\":\""
        + QByteArray::number(originNs) + "\",\"ts\":\"µs since originNs\"},\"traceEvents\":[";
    for (std::size_t order = 0; order < ranks.size(); ++order) {
        const RankData& rank = *profile.ranks[std::size_t(ranks[order])];
        const TraceData& trace = rank.trace;
        const QString rankName = rank.info.rankId >= 0 ? Tr::tr("Rank %1").arg(rank.info.rankId) : rank.info.displayName;
        // One exported process per (rank, process): pid = rank order × 1000 + process index + 1.
        for (std::size_t p = 0; p < trace.processes.size(); ++p) {
            const ProcessTrack& proc = trace.processes[p];
            const int pid = int(order) * 1000 + int(p) + 1;
            metadata(w, "process_name", pid, 0, "name", rankName + QStringLiteral(" · ") + proc.displayName());
            sortIndex(w, "process_sort_index", pid, 0, qint64(order) * 1000 + qint64(p));
            for (std::size_t t = 0; t < proc.threads.size(); ++t) {
                const ThreadTrack& thread = proc.threads[t];
                const int tid = int(t) + 1;
                metadata(w, "thread_name", pid, tid, "name",
                    thread.name.isEmpty() ? Tr::tr("Thread %1").arg(thread.tid) : thread.name);
                sortIndex(w, "thread_sort_index", pid, tid, qint64(t));
                const SliceColumns& s = thread.slices;
                for (std::size_t i = 0; i < s.size(); ++i) {
                    if (!overlaps(options.windowNs, s.startNs[i], s.endNs(i)))
                        continue;
                    QByteArray& o = w.event();
                    o += "{\"ph\":\"X\",\"pid\":" + QByteArray::number(pid) + ",\"tid\":" + QByteArray::number(tid)
                        + ",\"ts\":";
                    appendMicros(o, s.startNs[i] - originNs);
                    o += ",\"dur\":";
                    appendMicros(o, s.durNs[i]);
                    o += ",\"name\":";
                    appendJsonString(o, trace.strings.view(s.name[i]));
                    if (s.category[i].isValid()) {
                        o += ",\"cat\":";
                        appendJsonString(o, trace.strings.view(s.category[i]));
                    }
                    appendArgs(o, trace, s.args[i], options.withArgs);
                    o += '}';
                    ++stats.slices;
                    if (!w.flush())
                        break;
                }
                const InstantColumns& in = thread.instants;
                for (std::size_t i = 0; i < in.size(); ++i) {
                    if (!overlaps(options.windowNs, in.tsNs[i], in.tsNs[i]))
                        continue;
                    QByteArray& o = w.event();
                    o += "{\"ph\":\"i\",\"s\":\"t\",\"pid\":" + QByteArray::number(pid)
                        + ",\"tid\":" + QByteArray::number(tid) + ",\"ts\":";
                    appendMicros(o, in.tsNs[i] - originNs);
                    o += ",\"name\":";
                    appendJsonString(o, trace.strings.view(in.name[i]));
                    appendArgs(o, trace, in.args[i], options.withArgs);
                    o += '}';
                    ++stats.instants;
                }
            }
            for (const CounterSeries& c : proc.counters)
                for (std::size_t i = 0; i < c.tsNs.size(); ++i) {
                    if (!overlaps(options.windowNs, c.tsNs[i], c.tsNs[i]))
                        continue;
                    QByteArray& o = w.event();
                    o += "{\"ph\":\"C\",\"pid\":" + QByteArray::number(pid) + ",\"tid\":0,\"ts\":";
                    appendMicros(o, c.tsNs[i] - originNs);
                    o += ",\"name\":";
                    appendJsonString(o, trace.strings.view(c.name));
                    o += ",\"args\":{";
                    appendJsonString(o, c.key.isValid() ? trace.strings.view(c.key) : std::string_view("value"));
                    o += ':' + QByteArray::number(c.value[i], 'g', 17) + "}}";
                    ++stats.counterPoints;
                }
            if (!w.flush())
                break;
        }
        // Flows: s on the launching thread, f bound to the enclosing slice ("bp": "e").
        const FlowColumns& f = trace.flows;
        for (std::size_t i = 0; i < f.size(); ++i) {
            if (!overlaps(options.windowNs, std::min(f.fromNs[i], f.toNs[i]), std::max(f.fromNs[i], f.toNs[i])))
                continue;
            const qint64 id = ++stats.flows;
            const QByteArray name = flowName(trace, i).toUtf8();
            const std::string_view category =
                f.category[i].isValid() ? trace.strings.view(f.category[i]) : std::string_view("flow");
            for (const bool start : { true, false }) {
                const int pid = int(order) * 1000 + int(start ? f.fromProcess[i] : f.toProcess[i]) + 1;
                const int tid = int(start ? f.fromThread[i] : f.toThread[i]) + 1;
                QByteArray& o = w.event();
                o += start ? "{\"ph\":\"s\"" : "{\"ph\":\"f\",\"bp\":\"e\"";
                o += ",\"id\":" + QByteArray::number(id) + ",\"pid\":" + QByteArray::number(pid)
                    + ",\"tid\":" + QByteArray::number(tid) + ",\"ts\":";
                appendMicros(o, (start ? f.fromNs[i] : f.toNs[i]) - originNs);
                o += ",\"cat\":";
                appendJsonString(o, category);
                o += ",\"name\":";
                appendJsonString(o, std::string_view(name.constData(), std::size_t(name.size())));
                o += '}';
            }
            if (!w.flush())
                break;
        }
    }
    w.raw() += "\n]}\n";
    const bool ok = w.flush(true);
    if (!ok && error)
        *error = out.errorString();
    if (statsOut)
        *statsOut = stats;
    return ok;
}

} // namespace profscope
