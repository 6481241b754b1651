// SPDX-License-Identifier: Apache-2.0
// Partial import of a huge run, the trace read in part (traceseek.h, issue
// 15 item 3). The probes are checked on events written here; the plans on
// a trace the test writes in sections as the profilers do (a host section
// in no time order, device lanes and counters in time order, flows sorted
// by id), against the byte range and times of every event as the test
// wrote them: a skipped stretch must never hold an event the window keeps,
// nor a metadata event. The parse is checked against itself with the seek
// off, and on a trace whose probes are fooled (a nested array of
// event-like objects), where it must find the bad cut and read on whole.
#include "load/stepscan.h"
#include "parse/traceparser.h"
#include "parse/traceseek.h"
#include "testsupport.h"

#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace profscope;

namespace {

// One event the test wrote: where, and when (µs, integers).
struct Written
{
    std::size_t begin = 0, end = 0;
    qint64 tsUs = 0, durUs = 0;
    char ph = 'X';
};

struct SynthTrace
{
    QByteArray text;
    std::vector<Written> events;
    std::size_t arrayBegin = 0;
    std::pair<std::size_t, std::size_t> decoy { 0, 0 }; // byte range of the fooling event, if any
};

class Writer
{
public:
    Writer()
    {
        m_trace.text = "[\n";
        m_trace.arrayBegin = 1;
    }
    void event(char ph, qint64 pid, qint64 tid, qint64 tsUs, qint64 durUs, const QByteArray& name,
               const QByteArray& extra = {})
    {
        if (!m_first)
            m_trace.text += ",\n";
        m_first = false;
        Written w;
        w.begin = std::size_t(m_trace.text.size());
        w.tsUs = tsUs;
        w.durUs = durUs;
        w.ph = ph;
        QByteArray e = "{\"ph\": \"" + QByteArray(1, ph) + "\", \"name\": \"" + name + "\", \"pid\": "
            + QByteArray::number(pid) + ", \"tid\": " + QByteArray::number(tid);
        if (ph != 'M')
            e += ", \"ts\": \"" + QByteArray::number(tsUs) + ".000\"";
        if (ph == 'X')
            e += ", \"dur\": " + QByteArray::number(durUs) + ".000";
        if (ph == 's' || ph == 'f')
            e += ", \"id\": \"" + QByteArray::number(tid) + "\", \"cat\": \"HostToDevice\"";
        if (ph == 'f')
            e += ", \"bp\": \"e\"";
        e += extra.isEmpty() ? QByteArray(", \"args\": {\"Task Type\": \"AI_CORE\"}") : extra;
        m_trace.text += e + '}';
        w.end = std::size_t(m_trace.text.size());
        m_trace.events.push_back(w);
    }
    SynthTrace& trace()
    {
        return m_trace;
    }
    SynthTrace finish()
    {
        m_trace.text += "\n]\n";
        return std::move(m_trace);
    }

private:
    SynthTrace m_trace;
    bool m_first = true;
};

constexpr qint64 kRunUs = 100'000'000; // 100 s
const TimeRange kWindow { 40'000'000'000, 50'000'000'000 }; // [40 s, 50 s): slack 10 s

// A trace in sections, about 3 MB. With `decoy`, one device event carries
// 1 MiB of args shaped like events (pid 200, times rising from 20 s to
// 36 s), so that probes inside it read them as events.
SynthTrace sectionedTrace(bool decoy)
{
    QRandomGenerator rng(15);
    Writer w;
    w.event('M', 100, 0, 0, 0, "process_name", ", \"args\": {\"name\": \"Python\"}");
    // Host section: 4000 events in no time order.
    for (int i = 0; i < 4000; ++i)
        w.event('X', 100, 100, qint64(rng.bounded(kRunUs)), 20, "aten::add");
    w.event('M', 200, 0, 0, 0, "process_name", ", \"args\": {\"name\": \"Ascend Hardware\"}");
    // Device lanes: 12 000 tasks in start order over the run, four streams interleaved.
    for (int i = 0; i < 12000; ++i) {
        const qint64 ts = qint64(i) * (kRunUs / 12000);
        if (decoy && i == 2400) { // at 20 s
            QByteArray args = ", \"args\": {\"Trace\": [";
            for (int k = 0; k < 9000; ++k) {
                if (k)
                    args += ", ";
                args += "{\"ph\": \"X\", \"pid\": 200, \"ts\": " + QByteArray::number(20'000'000 + k * 1800)
                    + ", \"dur\": 5, \"name\": \"nested\"}";
            }
            args += "]}";
            w.event('X', 200, 1, ts, 5000, "Decoy", args);
            w.trace().decoy = { w.trace().events.back().begin, w.trace().events.back().end };
            continue;
        }
        // One long task: starts 8 s before the window and lasts into it
        // (within the slack: it must be read).
        w.event('X', 200, 1 + i % 4, ts, i == 3840 ? 9'000'000 : 5000, i == 3840 ? "LongTask" : "MatMul");
    }
    // Counters in time order.
    w.event('M', 300, 0, 0, 0, "process_name", ", \"args\": {\"name\": \"AI Core Freq\"}");
    // One written 6 s late (within the slack), inside the window.
    for (int i = 0; i < 3000; ++i)
        w.event('C', 300, 0, i == 1650 ? 49'000'000 : qint64(i) * (kRunUs / 3000), 0, "freq",
                ", \"args\": {\"MHz\": 1800}");
    // Flows sorted by id: their times in no order.
    for (int i = 0; i < 1500; ++i) {
        const qint64 ts = qint64(rng.bounded(kRunUs - 1000));
        w.event('s', 100, i, ts, 0, "HostToDevice");
        w.event('f', 200, i, ts + 500, 0, "HostToDevice");
    }
    return w.finish();
}

// Probes every 16 KiB of a trace of any size, on the test's heap buffers.
TraceSeekOptions probing()
{
    TraceSeekOptions o;
    o.spacingBytes = 16 << 10;
    o.minBytes = 0;
    return o;
}

bool keptByWindow(const Written& e)
{
    const qint64 start = e.tsUs * 1000, dur = e.durUs * 1000;
    if (dur <= 0)
        return start >= kWindow.startNs && start < kWindow.endNs;
    return start < kWindow.endNs && start + dur > kWindow.startNs;
}

// Everything a load keeps, as text to compare.
QByteArray fingerprint(const TraceData& t)
{
    QByteArray out;
    for (const ProcessTrack& p : t.processes) {
        out += "P" + QByteArray::number(p.pid) + p.name.toUtf8() + '\n';
        for (const ThreadTrack& th : p.threads) {
            out += " T" + QByteArray::number(th.tid) + ' ' + QByteArray::number(qint64(th.slices.size())) + '\n';
            for (std::size_t i = 0; i < th.slices.size(); ++i)
                out += "  " + QByteArray::number(th.slices.startNs[i]) + '+' + QByteArray::number(th.slices.durNs[i])
                    + ' ' + QByteArray::fromStdString(std::string(t.strings.view(th.slices.name[i]))) + '\n';
        }
        for (const CounterSeries& c : p.counters)
            for (std::size_t i = 0; i < c.tsNs.size(); ++i)
                out += " C" + QByteArray::number(c.tsNs[i]) + '=' + QByteArray::number(c.value[i]) + '\n';
    }
    for (std::size_t i = 0; i < t.flows.size(); ++i)
        out += "F" + QByteArray::number(t.flows.fromNs[i]) + '>' + QByteArray::number(t.flows.toNs[i]) + '\n';
    return out;
}

struct Parsed
{
    QByteArray fingerprint;
    FileReport report;
    qint64 slices = 0;
};

Parsed parseWindowed(const QString& path, bool seek, const std::vector<TraceProbe>* knownProbes = nullptr)
{
    TraceBuilder builder;
    builder.setWindow(kWindow);
    Parsed p;
    TraceParseOptions options;
    options.threads = 2;
    options.chunkBytes = 64 << 10;
    options.seekOutsideWindow = seek;
    options.seekProbes.spacingBytes = 16 << 10;
    options.seekProbes.minBytes = 0;
    options.seekKnownProbes = knownProbes;
    parseTraceFile(path, builder, p.report, options);
    const TraceData data = builder.finish();
    p.fingerprint = fingerprint(data);
    p.slices = qint64(data.sliceCount());
    return p;
}

QString writeFile(const QTemporaryDir& dir, const QByteArray& text)
{
    const QString path = dir.filePath(QStringLiteral("trace_view.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
        return {};
    return path;
}

} // namespace

class TestTraceSeek : public QObject
{
    Q_OBJECT
private slots:
    void probeReadsEvents();
    void probeRefuses_data();
    void probeRefuses();
    void agreement();
    void planNeverSkipsAKeptEvent();
    void parseMatchesWholeRead();
    void fooledProbesFallBack();
    void knownProbesReused();
    void markersSought_data();
    void markersSought();
};

void TestTraceSeek::probeReadsEvents()
{
    // Eight events after a cut at byte 3; ts in µs as strings and numbers.
    QByteArray text = "[{\"ph\":\"X\",\"pid\":1,\"ts\":5,\"dur\":1}";
    const qint64 ts[] = { 10, 12, 11, 30, 31, 32, 40, 41, 50 };
    for (qint64 t : ts)
        text += ",\n {\"ph\": \"X\", \"pid\": " + QByteArray(t == 30 ? "2" : "1") + ", \"ts\": \""
            + QByteArray::number(t) + "\", \"dur\": 2.5, \"args\": {\"x\": [1, {\"y\": 2}]}}";
    text += "]";
    const TraceProbe p = probeTraceAt(text.constData(), std::size_t(text.size()), 3);
    QVERIFY(p.valid);
    QCOMPARE(text.at(qsizetype(p.begin)), '{');
    QCOMPARE(p.lowNs, 10'000);                  // the first eight after the cut: 10 … 41
    QCOMPARE(p.highNs, 41'000 + 2'500);         // 41 µs + 2.5 µs
    QCOMPARE(p.disorderNs, 1'000);              // 11 written after 12
    QCOMPARE(text.at(qsizetype(p.end) - 1), '}');
    QVERIFY(text.mid(qsizetype(p.end)).startsWith(",\n {\"ph\": \"X\", \"pid\": 1, \"ts\": \"50\""));
    QVERIFY(p.pidBits != 0);
}

void TestTraceSeek::probeRefuses_data()
{
    QTest::addColumn<QByteArray>("odd"); // one event among eight ordinary ones
    QTest::newRow("metadata") << QByteArray(R"({"ph":"M","pid":1,"name":"process_name","args":{"name":"x"}})");
    QTest::newRow("begin") << QByteArray(R"({"ph":"B","pid":1,"ts":3})");
    QTest::newRow("no ts") << QByteArray(R"({"ph":"X","pid":1,"dur":3})");
    QTest::newRow("ts not a number") << QByteArray(R"({"ph":"X","pid":1,"ts":"later"})");
    QTest::newRow("no pid") << QByteArray(R"({"ph":"X","ts":3})");
    QTest::newRow("negative dur") << QByteArray(R"({"ph":"X","pid":1,"ts":3,"dur":-1})");
    QTest::newRow("not an object") << QByteArray(R"([1,2])");
}

void TestTraceSeek::probeRefuses()
{
    QFETCH(QByteArray, odd);
    QByteArray text = "[{\"ph\":\"X\",\"pid\":1,\"ts\":1}";
    for (int i = 0; i < 8; ++i)
        text += i == 4 ? ", " + odd : QByteArray(", {\"ph\":\"X\",\"pid\":1,\"ts\":2}");
    text += "]";
    QVERIFY(!probeTraceAt(text.constData(), std::size_t(text.size()), 2).valid);
    // A cut inside a string: the "event" it starts at is not an object of members.
    const QByteArray inString = R"([{"ph":"X","pid":1,"ts":1,"name":"a},{b"}])";
    QVERIFY(!probeTraceAt(inString.constData(), std::size_t(inString.size()), 2).valid);
    // Fewer than eight events before the array ends.
    const QByteArray shortArray = R"([{"ph":"X","pid":1,"ts":1},{"ph":"X","pid":1,"ts":2}])";
    QVERIFY(!probeTraceAt(shortArray.constData(), std::size_t(shortArray.size()), 2).valid);
}

void TestTraceSeek::agreement()
{
    TraceProbe a, b;
    a.valid = b.valid = true;
    a.begin = 0;
    a.end = 100;
    b.begin = 200;
    b.end = 300;
    a.lowNs = 1'000;
    b.lowNs = 2'000;
    a.pidBits = 0b011;
    b.pidBits = 0b110;
    const TimeNs slack = 500;
    QVERIFY(probesAgree(a, b, slack));
    TraceProbe c = b;
    c.pidBits = 0b100; // no pid in common: another section
    QVERIFY(!probesAgree(a, c, slack));
    c = b;
    c.lowNs = 999; // earlier than a: the times went back, a new section
    QVERIFY(!probesAgree(a, c, slack));
    c = b;
    c.disorderNs = 501; // out of order by more than the slack
    QVERIFY(!probesAgree(a, c, slack));
    QVERIFY(!probesAgree(b, a, slack)); // not in file order
    c = b;
    c.valid = false;
    QVERIFY(!probesAgree(a, c, slack));
}

void TestTraceSeek::planNeverSkipsAKeptEvent()
{
    const SynthTrace t = sectionedTrace(false);
    const char* d = t.text.constData();
    const std::size_t size = std::size_t(t.text.size());
    const TraceSeekPlan plan = planTraceSeek(d, t.arrayBegin, size, kWindow, 10'000'000'000, probing());
    QVERIFY(plan.probes > 100);
    QVERIFY(!plan.gaps.empty());
    // Every gap lies between events, and no event in it is kept or metadata.
    std::size_t e = 0;
    std::size_t deviceCounterBytes = 0;
    for (const Written& w : t.events)
        if (w.ph == 'C' || (w.ph == 'X' && w.durUs == 5000))
            deviceCounterBytes += w.end - w.begin;
    for (const TraceGap& g : plan.gaps) {
        QVERIFY(g.from < g.to);
        while (e < t.events.size() && t.events[e].end <= g.from)
            ++e;
        QVERIFY2(e < t.events.size() && t.events[e - 1].end == g.from, "a gap starts just past an event");
        for (; e < t.events.size() && t.events[e].begin < g.to; ++e) {
            QVERIFY2(t.events[e].end <= g.to, "a gap ends at an event's start");
            QVERIFY2(!keptByWindow(t.events[e]), qPrintable(QStringLiteral("event %1 (ts %2 µs) skipped")
                                                                .arg(e)
                                                                .arg(t.events[e].tsUs)));
            QVERIFY(t.events[e].ph != 'M');
            QVERIFY2(t.events[e].ph == 'X' || t.events[e].ph == 'C', "only the time-ordered sections are skipped");
        }
        QVERIFY(e < t.events.size() && t.events[e].begin == g.to);
    }
    // The device and counter events lie 40 % before the window less the
    // slack (0–30 s) and 40 % after it (60–100 s): most of them are skipped.
    QVERIFY2(plan.skippedBytes > deviceCounterBytes * 6 / 10,
             qPrintable(QStringLiteral("%1 of %2 bytes").arg(plan.skippedBytes).arg(deviceCounterBytes)));
}

void TestTraceSeek::parseMatchesWholeRead()
{
    QTemporaryDir dir;
    const QString path = writeFile(dir, sectionedTrace(false).text);
    QVERIFY(!path.isEmpty());
    const Parsed whole = parseWindowed(path, false);
    const Parsed seek = parseWindowed(path, true);
    QCOMPARE(seek.report.status, FileStatus::Used);
    QVERIFY(seek.slices > 1000); // the window keeps a tenth of the device lanes and host events
    QCOMPARE(seek.slices, whole.slices);
    QVERIFY(seek.fingerprint == whole.fingerprint);
    QVERIFY2(seek.report.count(QStringLiteral("unreadBytes")) > 1'000'000,
             qPrintable(QString::number(seek.report.count(QStringLiteral("unreadBytes")))));
    QCOMPARE(whole.report.count(QStringLiteral("unreadBytes")), -1); // absent
}

void TestTraceSeek::knownProbesReused()
{
    // The marker search's probes, taken from the file's first byte, plan the
    // parse's seek: the gaps end and start at those probes, none starts
    // before the events array, and the parse still matches the whole read.
    const SynthTrace t = sectionedTrace(false);
    const char* d = t.text.constData();
    const std::size_t size = std::size_t(t.text.size());
    std::vector<TraceProbe> known = probeTrace(d, 0, size, probing());
    // One probe before the array (a cut in the top-level object) must be ignored.
    TraceProbe early = known.front();
    early.begin = 0;
    early.end = t.arrayBegin > 0 ? t.arrayBegin - 1 : 0;
    known.insert(known.begin(), early);
    const TraceSeekPlan plan = planTraceSeek(d, t.arrayBegin, size, kWindow, 10'000'000'000, probing(), &known);
    QVERIFY(!plan.gaps.empty());
    QCOMPARE(plan.probes, int(known.size()) - 1);
    for (const TraceGap& g : plan.gaps) {
        QVERIFY(g.from >= t.arrayBegin);
        QVERIFY(std::any_of(known.begin() + 1, known.end(), [&](const TraceProbe& p) { return p.end == g.from; }));
        QVERIFY(std::any_of(known.begin() + 1, known.end(), [&](const TraceProbe& p) { return p.begin == g.to; }));
    }
    // Known probes that all read nothing ordinary: no gap (they are used, not taken again).
    std::vector<TraceProbe> unread = known;
    for (TraceProbe& p : unread)
        p.valid = false;
    QVERIFY(planTraceSeek(d, t.arrayBegin, size, kWindow, 10'000'000'000, probing(), &unread).gaps.empty());

    QTemporaryDir dir;
    const QString path = writeFile(dir, t.text);
    QVERIFY(!path.isEmpty());
    known.erase(known.begin());
    const Parsed whole = parseWindowed(path, false);
    const Parsed seek = parseWindowed(path, true, &known);
    QVERIFY(seek.fingerprint == whole.fingerprint);
    QVERIFY(seek.report.count(QStringLiteral("unreadBytes")) > 1'000'000);
    QCOMPARE(seek.report.count(QStringLiteral("seekProbes")), qint64(known.size()));
    QCOMPARE(parseWindowed(path, true, &unread).report.count(QStringLiteral("unreadBytes")), -1);
}

void TestTraceSeek::fooledProbesFallBack()
{
    const SynthTrace t = sectionedTrace(true);
    // The plan does end a stretch inside the decoy (the test is not vacuous):
    // its nested objects look like events rising through the slack's edge.
    const TraceSeekPlan plan = planTraceSeek(t.text.constData(), t.arrayBegin, std::size_t(t.text.size()), kWindow,
                                             10'000'000'000, probing());
    const bool cutInside = std::any_of(plan.gaps.begin(), plan.gaps.end(), [&](const TraceGap& g) {
        return (g.to > t.decoy.first && g.to < t.decoy.second) || (g.from > t.decoy.first && g.from < t.decoy.second);
    });
    QVERIFY(cutInside);
    QTemporaryDir dir;
    const QString path = writeFile(dir, t.text);
    const Parsed whole = parseWindowed(path, false);
    const Parsed seek = parseWindowed(path, true);
    QCOMPARE(seek.report.status, FileStatus::Used);
    QCOMPARE(seek.slices, whole.slices);
    QVERIFY(seek.fingerprint == whole.fingerprint);
    // The bad landing was found, and the file read again whole.
    const qint64 at = seek.report.count(QStringLiteral("seekRetriedAtByte"));
    QVERIFY2(at > qint64(t.decoy.first) && at <= qint64(t.decoy.second), qPrintable(QString::number(at)));
    QCOMPARE(seek.report.count(QStringLiteral("unreadBytes")), -1);
}

// Twenty steps of 2 s, each a block of host and device events in time
// order, its ProfilerStep#N marker first in the block (torch_npu's and the
// generator's order) or last (a host section written as calls end).
QByteArray steppedTrace(bool markerLast, bool swapSteps)
{
    Writer w;
    w.event('M', 100, 0, 0, 0, "process_name", ", \"args\": {\"name\": \"Python\"}");
    for (int s = 1; s <= 20; ++s) {
        // With swapSteps, steps 12 and 13 are numbered the other way round.
        const int number = swapSteps && (s == 12 || s == 13) ? 25 - s : s;
        const qint64 startUs = qint64(s) * 2'000'000;
        const auto marker = [&] {
            w.event('X', 100, 100, startUs, 2'000'000, "ProfilerStep#" + QByteArray::number(number));
        };
        if (!markerLast)
            marker();
        for (int j = 0; j < 330; ++j)
            w.event('X', j % 2 ? 200 : 100, j % 2 ? 1 : 100, startUs + j * 6000, 3000, "MatMul");
        if (markerLast)
            marker();
    }
    return w.finish().text;
}

void TestTraceSeek::markersSought_data()
{
    QTest::addColumn<bool>("markerLast");
    QTest::addColumn<bool>("swapSteps");
    QTest::addColumn<bool>("sought");
    QTest::newRow("marker first in its step") << false << false << true;
    QTest::newRow("marker last in its step") << true << false << true;
    QTest::newRow("the steps asked for out of order: whole scan") << false << true << false;
}

void TestTraceSeek::markersSought()
{
    QFETCH(bool, markerLast);
    QFETCH(bool, swapSteps);
    QFETCH(bool, sought);
    QTemporaryDir dir;
    const QByteArray text = steppedTrace(markerLast, swapSteps);
    const QString path = writeFile(dir, text);
    TraceSeekOptions options;
    options.spacingBytes = 8 << 10;
    options.minBytes = 0;
    const MarkerSeekResult r = seekTraceStepMarkers(path, 12, 13, nullptr, {}, options);
    QCOMPARE(r.sought, sought);
    if (!sought) {
        QCOMPARE(r.marks.size(), std::size_t(20)); // every marker, from the whole scan
        return;
    }
    // Steps 12 and 13 as written: [24 s, 26 s) and [26 s, 28 s).
    std::vector<StepMark> wanted;
    for (const StepMark& m : r.marks)
        if (m.step == 12 || m.step == 13)
            wanted.push_back(m);
    QCOMPARE(wanted.size(), std::size_t(2));
    QCOMPARE(wanted[0].rangeNs.startNs, 24'000'000'000);
    QCOMPARE(wanted[0].rangeNs.endNs, 26'000'000'000);
    QCOMPARE(wanted[1].rangeNs.startNs, 26'000'000'000);
    QCOMPARE(wanted[1].rangeNs.endNs, 28'000'000'000);
    // Steps 1 and 12–13 at least, most of the first eleven jumped over.
    QVERIFY2(r.searchedBytes < text.size() / 3,
             qPrintable(QStringLiteral("%1 of %2").arg(r.searchedBytes).arg(text.size())));
    QVERIFY(r.marks.size() < 10);
    QCOMPARE(r.marks.front().step, 1);
    // A window before the first marker, or past the last, is the whole scan's to answer.
    QVERIFY(!seekTraceStepMarkers(path, 0, 3, nullptr, {}, options).sought);
    QVERIFY(!seekTraceStepMarkers(path, 25, 30, nullptr, {}, options).sought);
}

QTEST_GUILESS_MAIN(TestTraceSeek)
#include "tst_traceseek.moc"
