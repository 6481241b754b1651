// SPDX-License-Identifier: Apache-2.0
// Trace parser and builder on the real trace_view.json / timeline files and
// on hand-made edge cases. Expected numbers were computed independently with
// Python's json module and decimal.Decimal (exact µs -> ns), e.g.:
//
//   d = json.load(open(f), parse_float=Decimal)
//   ph = Counter(e.get('ph') for e in d)
//   names = {e['pid']: e['args']['name'] for e in d if e.get('ph') == 'M' and e['name'] == 'process_name'}
//   xPerProcess = Counter(names.get(e['pid'], str(e['pid'])) for e in d if e.get('ph') == 'X')
//   durSumNs = sum(int((Decimal(str(e.get('dur', 0))) * 1000).to_integral_value(ROUND_HALF_UP)) for X events)
//   counterPoints = number of numeric values in the args of C events
//   fByCat = Counter(e.get('cat') for e in d if e.get('ph') == 'f')
#include "parse/tracebuilder.h"
#include "parse/traceparser.h"
#include "testsupport.h"

#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace profscope;

namespace {

struct Parsed
{
    TraceData data;
    FileReport report;
    bool ok = false;
};

// Read whole (decoded in place) or mapped: the same events and report.
Parsed parseSerial(const QString& path, bool mapped)
{
    Parsed p;
    TraceBuilder builder;
    TraceParseOptions options;
    options.threads = 1;
    options.mapFromBytes = mapped ? 0 : std::size_t(1) << 30;
    p.ok = parseTraceFile(path, builder, p.report, options);
    p.data = builder.finish();
    return p;
}

Parsed parse(const QString& path, int threads = 0, std::size_t chunkBytes = 0, bool releasePages = true)
{
    Parsed p;
    TraceBuilder builder;
    TraceParseOptions options;
    options.threads = threads;
    options.releaseParsedPages = releasePages;
    if (chunkBytes) {
        options.chunkBytes = chunkBytes;
        // The chunked parses map even these small files, so that the page
        // release behind merged chunks is exercised; the rest read them.
        options.mapFromBytes = 0;
    }
    p.ok = parseTraceFile(path, builder, p.report, options);
    p.data = builder.finish();
    return p;
}

qint64 slicesIn(const TraceData& d, const QString& process)
{
    qint64 n = 0;
    for (const auto& p : d.processes)
        if (p.displayName() == process)
            for (const auto& t : p.threads)
                n += qint64(t.slices.size());
    return n;
}

qint64 durSum(const TraceData& d)
{
    qint64 n = 0;
    for (const auto& p : d.processes)
        for (const auto& t : p.threads)
            for (auto v : t.slices.durNs)
                n += v;
    return n;
}

TimeNs minStart(const TraceData& d)
{
    TimeNs m = std::numeric_limits<TimeNs>::max();
    for (const auto& p : d.processes)
        for (const auto& t : p.threads)
            if (t.slices.size())
                m = std::min(m, t.slices.startNs.front());
    return m;
}

qint64 flowsOf(const TraceData& d, const QString& category)
{
    for (const auto& [cat, n] : d.stats.flowsByCategory)
        if (cat == category)
            return n;
    return 0;
}

QString write(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    return test::writeFile(dir, name, bytes);
}

} // namespace

class TestTraceParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void realTraces_data();
    void realTraces();
    void exactTimestampsAndIds();
    void processOrderAndMetadata();
    void flowBinding();
    void level0FlowToPidWithoutMetadata();
    void legacyCannTimelineFlows();
    void chunkingIsTransparent_data();
    void chunkingIsTransparent();
    void speculativeCutsInsideStrings();
    void beginEndAcrossChunks();
    void objectWrapperAndEdgeEvents();
    void corruptInput_data();
    void corruptInput();
    void truncatedRealFileKeepsPrefix();
    void syntaxErrorWithWorkers_data();
    void syntaxErrorWithWorkers();
    void readWholeMatchesMapped_data();
    void readWholeMatchesMapped();
};

void TestTraceParser::realTraces_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<qint64>("x");
    QTest::addColumn<qint64>("c");
    QTest::addColumn<qint64>("m");
    QTest::addColumn<qint64>("s");
    QTest::addColumn<qint64>("f");
    QTest::addColumn<qint64>("python");
    QTest::addColumn<qint64>("hardware");
    QTest::addColumn<qint64>("cann");
    QTest::addColumn<qint64>("hccl");
    QTest::addColumn<qint64>("overlap");
    QTest::addColumn<qint64>("durSumNs");
    QTest::addColumn<qint64>("minXTsNs");
    QTest::addColumn<qint64>("counterPoints");

    auto tv = [](int level, int rank) -> QString { return test::textRank(level, rank) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"); };
    QTest::newRow("level0/rank0") << tv(0, 0) << 3379LL << 3716LL << 63LL << 606LL << 611LL << 2460LL << 533LL << 0LL << 4LL << 382LL << 2928194025LL << 1736405443861785630LL << 5952LL;
    QTest::newRow("level0/rank1") << tv(0, 1) << 3379LL << 3735LL << 63LL << 606LL << 611LL << 2460LL << 533LL << 0LL << 4LL << 382LL << 2560837650LL << 1736405443877805710LL << 5971LL;
    QTest::newRow("level1/rank0") << tv(1, 0) << 4384LL << 4431LL << 80LL << 606LL << 611LL << 2460LL << 535LL << 707LL << 300LL << 382LL << 3623631093LL << 1736408883674584732LL << 7183LL;
    QTest::newRow("level1/rank1") << tv(1, 1) << 4385LL << 4287LL << 80LL << 606LL << 611LL << 2460LL << 535LL << 708LL << 300LL << 382LL << 3529502329LL << 1736408883676317851LL << 6867LL;
    QTest::newRow("level2/rank0") << tv(2, 0) << 4811LL << 4368LL << 80LL << 606LL << 611LL << 2460LL << 535LL << 1134LL << 300LL << 382LL << 3608552288LL << 1736412474701224784LL << 7120LL;
    QTest::newRow("level2/rank1") << tv(2, 1) << 4816LL << 4584LL << 80LL << 606LL << 611LL << 2460LL << 535LL << 1139LL << 300LL << 382LL << 3581653856LL << 1736412474699999137LL << 7508LL;
}

void TestTraceParser::realTraces()
{
    QFETCH(QString, path);
    QFETCH(qint64, x);
    QFETCH(qint64, c);
    QFETCH(qint64, m);
    QFETCH(qint64, s);
    QFETCH(qint64, f);
    QFETCH(qint64, python);
    QFETCH(qint64, hardware);
    QFETCH(qint64, cann);
    QFETCH(qint64, hccl);
    QFETCH(qint64, overlap);
    QFETCH(qint64, durSumNs);
    QFETCH(qint64, minXTsNs);
    QFETCH(qint64, counterPoints);

    const Parsed p = parse(path);
    QVERIFY(p.ok);
    QCOMPARE(p.report.status, FileStatus::Used);
    const TraceStats& st = p.data.stats;
    QCOMPARE(st.phase('X'), x);
    QCOMPARE(st.phase('C'), c);
    QCOMPARE(st.phase('M'), m);
    QCOMPARE(st.phase('s'), s);
    QCOMPARE(st.phase('f'), f);
    QCOMPARE(st.totalEvents, x + c + m + s + f);
    QCOMPARE(qint64(p.data.sliceCount()), x);
    QCOMPARE(slicesIn(p.data, QStringLiteral("Python")), python);
    QCOMPARE(slicesIn(p.data, QStringLiteral("Ascend Hardware")), hardware);
    QCOMPARE(slicesIn(p.data, QStringLiteral("CANN")), cann);
    QCOMPARE(slicesIn(p.data, QStringLiteral("HCCL")), hccl);
    QCOMPARE(slicesIn(p.data, QStringLiteral("Overlap Analysis")), overlap);
    QCOMPARE(durSum(p.data), durSumNs);
    QCOMPARE(minStart(p.data), minXTsNs);
    QCOMPARE(qint64(p.data.counterPointCount()), counterPoints);
    // Flow edges per category = number of f events (every f has its s).
    QCOMPARE(flowsOf(p.data, QStringLiteral("HostToDevice")), 215LL);
    QCOMPARE(flowsOf(p.data, QStringLiteral("async_npu")), 210LL);
    QCOMPARE(flowsOf(p.data, QStringLiteral("async_task_queue")), 159LL);
    QCOMPARE(flowsOf(p.data, QStringLiteral("fwdbwd")), 27LL);
    QCOMPARE(qint64(p.data.flows.size()), f);
    QCOMPARE(st.flowEndsWithoutStart, 0LL);
    QCOMPARE(st.flowStartsWithoutEnd, 0LL);
    // Within one depth, slices never overlap (the timeline's binary search relies on it).
    for (const auto& proc : p.data.processes) {
        for (const auto& t : proc.threads) {
            std::map<int, TimeNs> lastEnd;
            for (std::size_t i = 0; i < t.slices.size(); ++i) {
                const int d = t.slices.depth[i];
                if (lastEnd.count(d))
                    QVERIFY2(t.slices.startNs[i] >= lastEnd[d], qPrintable(proc.name));
                lastEnd[d] = t.slices.endNs(i);
                if (i)
                    QVERIFY(t.slices.startNs[i - 1] <= t.slices.startNs[i]);
            }
        }
    }
}

void TestTraceParser::exactTimestampsAndIds()
{
    const Parsed p = parse(test::textRank(1, 0) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"));
    // First event of the file: "ts": "1736408883688177.930", "dur": 145.57 on Python thread 3096504.
    const ProcessTrack* python = p.data.findProcess(QStringLiteral("Python"));
    QVERIFY(python);
    bool found = false;
    for (const auto& t : python->threads)
        for (std::size_t i = 0; i < t.slices.size(); ++i)
            if (t.slices.startNs[i] == 1736408883688177930LL && t.slices.durNs[i] == 145570
                && p.data.strings.view(t.slices.name[i]) == "aten::empty")
                found = true;
    QVERIFY(found);
    // async_npu ids are the device ts in ns (> 2^53): kept exactly.
    // python: ids = [int(e['id']) for e in d if e.get('cat') == 'async_npu']; min(ids), max(ids)
    std::uint64_t maxId = 0, minId = UINT64_MAX;
    for (std::size_t i = 0; i < p.data.flows.size(); ++i) {
        if (p.data.strings.view(p.data.flows.category[i]) != "async_npu")
            continue;
        QVERIFY(!p.data.flows.idText[i].isValid());
        maxId = std::max(maxId, p.data.flows.id[i]);
        minId = std::min(minId, p.data.flows.id[i]);
    }
    QCOMPARE(minId, std::uint64_t(1736408883700059821ULL));
    QCOMPARE(maxId, std::uint64_t(1736408883840600069ULL));
    // HostToDevice: 210 starts, 215 finishes; 5 ids have two finishes. The
    // ids are 20-digit strings above 2^64 ("40004068119343529983"): kept as text.
    std::map<std::string, int> perId;
    for (std::size_t i = 0; i < p.data.flows.size(); ++i)
        if (p.data.strings.view(p.data.flows.category[i]) == "HostToDevice")
            ++perId[p.data.flows.idText[i].isValid() ? std::string(p.data.strings.view(p.data.flows.idText[i]))
                                                     : std::to_string(p.data.flows.id[i])];
    QVERIFY(perId.count("40004068119343529983"));
    QCOMPARE(int(perId.size()), 210);
    QCOMPARE(int(std::count_if(perId.begin(), perId.end(), [](auto& kv) { return kv.second == 2; })), 5);
    // The args of a slice are read back from the file on demand.
    for (const auto& t : python->threads)
        for (std::size_t i = 0; i < t.slices.size(); ++i)
            if (t.slices.startNs[i] == 1736408883688177930LL) {
                const QByteArray args = p.data.argsText(t.slices.args[i]);
                QVERIFY(args.startsWith("{\"Sequence number\": -1"));
                QVERIFY(args.endsWith('}'));
                QVERIFY(args.contains("Call stack"));
            }
}

void TestTraceParser::processOrderAndMetadata()
{
    const Parsed p = parse(test::textRank(1, 0) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"));
    // process_sort_index: Python 0, CANN 7, Ascend Hardware 13, AI Core Freq 14, HCCL 15, HBM 17, LLC 18,
    // NPU MEM 19, Stars Soc Info 20, Acc PMU 21, QoS 22, Overlap Analysis 23.
    QStringList names;
    for (const auto& proc : p.data.processes)
        names << proc.name;
    QCOMPARE(names,
             QStringList({ "Python", "CANN", "Ascend Hardware", "AI Core Freq", "HCCL", "HBM", "LLC", "NPU MEM",
                           "Stars Soc Info", "Acc PMU", "QoS", "Overlap Analysis" }));
    const ProcessTrack* hw = p.data.findProcess(QStringLiteral("Ascend Hardware"));
    QCOMPARE(hw->labels, QStringLiteral("NPU"));
    QCOMPARE(hw->pid, 3170820512LL); // > 2^31
    QStringList streams;
    for (const auto& t : hw->threads)
        streams << t.name;
    QCOMPARE(streams, QStringList({ "Stream 0", "Stream 2", "Stream 3", "Stream 4" }));
    const ProcessTrack* python = p.data.findProcess(QStringLiteral("Python"));
    // thread_sort_index: 3096504, 3105075, 3099702 -> 3105076
    QCOMPARE(python->threads.size(), std::size_t(3));
    QCOMPARE(python->threads[0].tid, 3096504LL);
    QCOMPARE(python->threads[1].tid, 3105075LL);
    QCOMPARE(python->threads[2].tid, 3099702LL);
    QVERIFY(python->threads[0].maxDepth > 0); // ops nest under ProfilerStep#50
    const ProcessTrack* freq = p.data.findProcess(QStringLiteral("AI Core Freq"));
    QCOMPARE(freq->counters.size(), std::size_t(1));
    QCOMPARE(p.data.strings.view(freq->counters[0].key), std::string_view("MHz"));
}

void TestTraceParser::flowBinding()
{
    const Parsed p = parse(test::textRank(1, 0) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"));
    const FlowColumns& f = p.data.flows;
    int bound = 0, h2d = 0;
    for (std::size_t i = 0; i < f.size(); ++i) {
        if (p.data.strings.view(f.category[i]) != "HostToDevice")
            continue;
        ++h2d;
        const auto& to = p.data.processes[f.toProcess[i]];
        QVERIFY(to.name == QLatin1String("Ascend Hardware") || to.name == QLatin1String("HCCL"));
        const auto& from = p.data.processes[f.fromProcess[i]];
        QCOMPARE(from.name, QStringLiteral("CANN"));
        if (f.toSlice[i] >= 0) {
            const auto& s = to.threads[f.toThread[i]].slices;
            const auto k = std::size_t(f.toSlice[i]);
            QVERIFY(s.startNs[k] <= f.toNs[i] && f.toNs[i] <= s.endNs(k));
            ++bound;
        }
        QVERIFY(f.fromSlice[i] >= 0); // every launch sits inside a CANN API slice
    }
    QCOMPARE(h2d, 215);
    QCOMPARE(bound, 215);
}

void TestTraceParser::level0FlowToPidWithoutMetadata()
{
    const Parsed p = parse(test::textRank(0, 0) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"));
    // No CANN process in level0: HostToDevice starts sit on a pid with no metadata and no events.
    QVERIFY(!p.data.findProcess(QStringLiteral("CANN")));
    // python: that pid (3089232096) has thread names, labels and a sort index but no process_name.
    int bare = 0;
    for (const auto& proc : p.data.processes)
        if (proc.name.isEmpty()) {
            ++bare;
            QCOMPARE(proc.pid, 3089232096LL);
            QCOMPARE(proc.threads.size(), std::size_t(4));
        }
    QCOMPARE(bare, 1);
    QCOMPARE(flowsOf(p.data, QStringLiteral("HostToDevice")), 215LL);
    for (std::size_t i = 0; i < p.data.flows.size(); ++i)
        if (p.data.strings.view(p.data.flows.category[i]) == "HostToDevice")
            QCOMPARE(p.data.flows.fromSlice[i], -1);
}

void TestTraceParser::legacyCannTimelineFlows()
{
    // Old CANN msprof timeline: s + t flow pairs with string ids, repeated in
    // every step_trace file; process_name repeated for the same pid.
    TraceBuilder builder;
    const QDir dir(test::mindinsight(QStringLiteral("profiler/PROF_000001_20230818142704322_COJGGGCANRMICFBC/device_0/timeline")));
    int files = 0;
    for (const auto& name : dir.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name)) {
        FileReport r;
        QVERIFY(parseTraceFile(dir.filePath(name), builder, r));
        QCOMPARE(r.status, FileStatus::Used);
        ++files;
    }
    QCOMPARE(files, 40);
    TraceData d = builder.finish();
    // python over all 40 files: 110 s and 110 t events ('Data_aug Bound 1..10', 11 copies each)
    QCOMPARE(d.stats.phase('s'), 110LL);
    QCOMPARE(d.stats.phase('t'), 110LL);
    QCOMPARE(qint64(d.flows.size()), 110LL);
    QCOMPARE(d.stats.flowStartsWithoutEnd, 0LL);
    for (std::size_t i = 0; i < d.flows.size(); ++i)
        QVERIFY(d.strings.view(d.flows.idText[i]).starts_with("Data_aug Bound "));
    // python: sum over files of X events = 19518 (msprof 5848+... per file)
    QCOMPARE(d.stats.phase('X'), 19518LL);
    int hardware = 0;
    for (const auto& p : d.processes)
        if (p.name == QLatin1String("Ascend Hardware"))
            ++hardware;
    QCOMPARE(hardware, 1); // repeated metadata does not duplicate the process
}

void TestTraceParser::chunkingIsTransparent_data()
{
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("chunkBytes");
    QTest::newRow("serial 4 KiB") << 1 << 4096;
    QTest::newRow("2 threads 4 KiB") << 2 << 4096;
    QTest::newRow("4 threads 64 KiB") << 4 << 65536;
    QTest::newRow("3 threads 1 KiB") << 3 << 1024;
}

void TestTraceParser::chunkingIsTransparent()
{
    QFETCH(int, threads);
    QFETCH(int, chunkBytes);
    const QString path = test::textRank(2, 1) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json");
    // The reference keeps every mapped page; the chunked parses drop the
    // pages behind each merged chunk (re-read when a wrong cut is redone).
    const Parsed whole = parse(path, 1, 64u << 20, false);
    const Parsed chunked = parse(path, threads, std::size_t(chunkBytes));
    QCOMPARE(chunked.report.status, FileStatus::Used);
    QCOMPARE(chunked.data.stats.totalEvents, whole.data.stats.totalEvents);
    QCOMPARE(chunked.data.processes.size(), whole.data.processes.size());
    for (std::size_t p = 0; p < whole.data.processes.size(); ++p) {
        const auto& a = whole.data.processes[p];
        const auto& b = chunked.data.processes[p];
        QCOMPARE(b.name, a.name);
        QCOMPARE(b.threads.size(), a.threads.size());
        for (std::size_t t = 0; t < a.threads.size(); ++t) {
            QCOMPARE(b.threads[t].slices.startNs, a.threads[t].slices.startNs);
            QCOMPARE(b.threads[t].slices.durNs, a.threads[t].slices.durNs);
            QCOMPARE(b.threads[t].slices.depth, a.threads[t].slices.depth);
            for (std::size_t i = 0; i < a.threads[t].slices.size(); ++i)
                QCOMPARE(chunked.data.strings.view(b.threads[t].slices.name[i]),
                         whole.data.strings.view(a.threads[t].slices.name[i]));
        }
        QCOMPARE(b.counters.size(), a.counters.size());
    }
    QCOMPARE(chunked.data.flows.size(), whole.data.flows.size());
    QCOMPARE(chunked.data.flows.toNs, whole.data.flows.toNs);
    QCOMPARE(chunked.data.flows.toSlice, whole.data.flows.toSlice);
}

void TestTraceParser::speculativeCutsInsideStrings()
{
    // Args whose strings and nested arrays contain "}, {" so that guessed
    // chunk cuts land inside them; the result must not change.
    QTemporaryDir dir;
    QByteArray json = "[";
    const int n = 3000;
    for (int i = 0; i < n; ++i) {
        if (i)
            json += ",\n";
        json += QStringLiteral(R"({"ph": "X", "name": "op%1", "pid": 1, "tid": 1, "ts": "%2.500", "dur": 1.25, )"
                               R"("args": {"text": "a}, {b}, {\"c\"}, {", "list": [{"a": 1}, {"b": [{"c": 2}, {"d": 3}]}]}})")
                    .arg(i % 7)
                    .arg(1000 + i * 2)
                    .toUtf8();
    }
    json += "]";
    const QString path = write(dir, QStringLiteral("t.json"), json);
    for (int threads : { 1, 2 }) {
        for (std::size_t chunk : { std::size_t(37), std::size_t(300), std::size_t(4096) }) {
            const Parsed p = parse(path, threads, chunk);
            QCOMPARE(p.report.status, FileStatus::Used);
            QCOMPARE(p.data.stats.phase('X'), qint64(n));
            QCOMPARE(qint64(p.data.sliceCount()), qint64(n));
            const auto& s = p.data.processes.at(0).threads.at(0).slices;
            QCOMPARE(s.startNs.front(), 1000500LL); // "1000.500" µs
            QCOMPARE(s.startNs.back(), qint64(1000 + (n - 1) * 2) * 1000 + 500);
            QCOMPARE(s.durNs.front(), 1250LL);
            QVERIFY(p.data.argsText(s.args.back()).endsWith("}]}]}"));
        }
    }
}

void TestTraceParser::beginEndAcrossChunks()
{
    QTemporaryDir dir;
    QByteArray json = "[";
    // Nested B/E pairs spread over the file, interleaved with noise, so that
    // chunk boundaries fall between many Bs and their Es.
    int events = 0;
    for (int i = 0; i < 500; ++i) {
        const qint64 base = 1000000 + i * 100;
        json += QStringLiteral(R"({"ph": "B", "name": "outer", "pid": 7, "tid": "worker", "ts": %1},)").arg(base).toUtf8();
        json += QStringLiteral(R"({"ph": "B", "name": "inner", "pid": 7, "tid": "worker", "ts": %1},)").arg(base + 10).toUtf8();
        json += QStringLiteral(R"({"ph": "C", "name": "mem", "pid": 7, "tid": 0, "ts": %1, "args": {"a": %2, "b": "3.5"}},)")
                    .arg(base + 20)
                    .arg(i)
                    .toUtf8();
        json += QStringLiteral(R"({"ph": "E", "pid": 7, "tid": "worker", "ts": %1},)").arg(base + 30).toUtf8();
        json += QStringLiteral(R"({"ph": "E", "pid": 7, "tid": "worker", "ts": %1})").arg(base + 50).toUtf8();
        json += i + 1 < 500 ? "," : "";
        events += 5;
    }
    json += "]";
    const QString path = write(dir, QStringLiteral("be.json"), json);
    for (int threads : { 1, 2 }) {
        const Parsed p = parse(path, threads, 200);
        QCOMPARE(p.report.status, FileStatus::Used);
        QCOMPARE(p.data.stats.totalEvents, qint64(events));
        QCOMPARE(p.data.stats.unmatchedEnds, 0LL);
        QCOMPARE(p.data.stats.unterminatedBegins, 0LL);
        QCOMPARE(p.data.processes.size(), std::size_t(1));
        const ThreadTrack& t = p.data.processes[0].threads.at(0);
        QCOMPARE(t.slices.size(), std::size_t(1000));
        QCOMPARE(t.maxDepth, std::uint16_t(1));
        QCOMPARE(t.slices.durNs[0], 50000LL); // outer: 50 µs
        QCOMPARE(t.slices.durNs[1], 20000LL); // inner: 20 µs
        QCOMPARE(t.slices.depth[1], std::uint16_t(1));
        QCOMPARE(p.data.processes[0].counters.size(), std::size_t(2));
        QCOMPARE(p.data.processes[0].counters[0].tsNs.size(), std::size_t(500));
        QCOMPARE(p.data.processes[0].counters[1].value.front(), 3.5);
    }
}

void TestTraceParser::objectWrapperAndEdgeEvents()
{
    QTemporaryDir dir;
    const QByteArray json = R"({"otherData": {"a": [1, {"b": "]"}]}, "traceEvents": [
        {"ph": "M", "name": "process_name", "pid": "host", "args": {"name": "Host"}},
        {"ph": "X", "name": "a", "pid": "host", "tid": 1, "ts": 10, "dur": 5},
        {"ph": "i", "name": "mark", "pid": "host", "tid": 1, "ts": 12, "s": "t"},
        {"ph": "B", "name": "open", "pid": "host", "tid": 1, "ts": 20},
        {"ph": "E", "pid": "host", "tid": 2, "ts": 21},
        {"ph": "s", "cat": "c", "id": "x1", "name": "n", "pid": "host", "tid": 1, "ts": 11},
        {"ph": "t", "cat": "c", "id": "x1", "name": "n", "pid": "host", "tid": 1, "ts": 13},
        {"ph": "f", "cat": "c", "id": "x1", "name": "n", "pid": "host", "tid": 1, "ts": 22, "bp": "e"},
        {"ph": "f", "cat": "c", "id": "lonely", "pid": "host", "tid": 1, "ts": 23},
        {"ph": "X", "name": "no ts", "pid": 1, "tid": 1},
        {"ph": "X", "name": "\u00e9\"quoted\"", "pid": 1, "tid": 1, "ts": 1e1, "dur": 0}
    ], "displayTimeUnit": "ns"})";
    const Parsed p = parse(write(dir, QStringLiteral("w.json"), json));
    QCOMPARE(p.report.status, FileStatus::Used);
    const TraceData& d = p.data;
    QCOMPARE(d.stats.totalEvents, 11LL);
    QCOMPARE(d.stats.skippedEvents, 1LL);
    QCOMPARE(d.stats.unmatchedEnds, 1LL);
    QCOMPARE(d.stats.unterminatedBegins, 1LL);
    QCOMPARE(d.stats.flowEndsWithoutStart, 1LL);
    const ProcessTrack* host = d.findProcess(QStringLiteral("Host"));
    QVERIFY(host);
    QCOMPARE(host->threads.at(0).instants.size(), std::size_t(1));
    QCOMPARE(host->threads.at(0).instants.tsNs[0], 12000LL);
    // s -> t -> f chain: two edges.
    QCOMPARE(d.flows.size(), std::size_t(2));
    QCOMPARE(d.flows.fromNs[0], 11000LL);
    QCOMPARE(d.flows.toNs[0], 13000LL);
    QCOMPARE(d.flows.fromNs[1], 13000LL);
    QCOMPARE(d.flows.toNs[1], 22000LL);
    QCOMPARE(d.strings.view(d.flows.idText[0]), std::string_view("x1"));
    bool unicode = false;
    for (const auto& proc : d.processes)
        for (const auto& t : proc.threads)
            for (std::size_t i = 0; i < t.slices.size(); ++i)
                if (d.strings.string(t.slices.name[i]) == QStringLiteral("\u00e9\"quoted\"")) {
                    unicode = true;
                    QCOMPARE(t.slices.startNs[i], 10000LL); // 1e1 µs
                }
    QVERIFY(unicode);
}

void TestTraceParser::corruptInput_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<bool>("anyLoaded");
    QTest::addColumn<qint64>("offset");
    QTest::addColumn<QString>("reasonContains");
    QTest::newRow("empty") << QByteArray() << false << 0LL << QStringLiteral("empty");
    QTest::newRow("not json") << QByteArray("hello") << false << 0LL << QStringLiteral("expected");
    QTest::newRow("garbage with NUL") << QByteArray("\x00\x01\x02\xff", 4) << false << 0LL << QStringLiteral("expected");
    QTest::newRow("truncated inside event")
        << QByteArray(R"([{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 1, "dur": 1}, {"ph": "X", "na)") << true
        << 66LL << QStringLiteral("truncated"); // where the incomplete event starts
    QTest::newRow("missing colon") << QByteArray(R"([{"ph": "X", "pid": 1, "tid": 1, "ts": 1, "dur": 1}, {"ph" "X"}])")
                               << true << -2LL << QStringLiteral("invalid JSON");
    QTest::newRow("object without traceEvents") << QByteArray(R"({"a": 1})") << false << -2LL
                                                << QStringLiteral("traceEvents");
    QTest::newRow("unterminated string") << QByteArray(R"([{"ph": "X", "name": "abc)") << false << -2LL
                                         << QStringLiteral("truncated");
}

void TestTraceParser::corruptInput()
{
    QFETCH(QByteArray, bytes);
    QFETCH(bool, anyLoaded);
    QFETCH(qint64, offset);
    QFETCH(QString, reasonContains);
    QTemporaryDir dir;
    const QString path = write(dir, QStringLiteral("trace_view.json"), bytes);
    for (int threads : { 1, 2 }) {
        const Parsed p = parse(path, threads, 16);
        QCOMPARE(p.report.status, FileStatus::Broken);
        QVERIFY2(p.report.reason.contains(reasonContains), qPrintable(p.report.reason));
        QCOMPARE(p.data.stats.totalEvents > 0, anyLoaded);
        if (offset >= 0)
            QCOMPARE(p.report.byteOffset, offset);
        else
            QVERIFY(p.report.byteOffset >= 0);
    }
}

void TestTraceParser::syntaxErrorWithWorkers_data()
{
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("chunkBytes");
    QTest::newRow("serial, 512 B chunks") << 1 << 512;
    QTest::newRow("2 workers, 512 B chunks") << 2 << 512;
    QTest::newRow("3 workers, 300 B chunks") << 3 << 300;
    QTest::newRow("4 workers, 2 KiB chunks") << 4 << 2048;
}

void TestTraceParser::syntaxErrorWithWorkers()
{
    // Many chunks, merged by the workers in file order, then one that does
    // not parse: exactly the 1500 events before it are kept, whichever
    // thread merged which chunk, and the report names the byte.
    QFETCH(int, threads);
    QFETCH(int, chunkBytes);
    QByteArray json = "[";
    qint64 brokenAt = -1;
    for (int i = 0; i < 2000; ++i) {
        if (i > 0)
            json += ",\n";
        if (i == 1500) {
            brokenAt = json.size() + 6; // the space where ':' belongs
            json += R"({"ph" "X", "name": "broken"})";
            continue;
        }
        json += QStringLiteral(R"({"ph": "X", "name": "op%1", "pid": 1, "tid": %2, "ts": %3, "dur": 2})")
                    .arg(i)
                    .arg(i % 3)
                    .arg(i * 10)
                    .toUtf8();
    }
    json += "]";
    QTemporaryDir dir;
    const QString path = write(dir, QStringLiteral("trace_view.json"), json);
    for (int round = 0; round < 20; ++round) {
        const Parsed p = parse(path, threads, std::size_t(chunkBytes));
        QCOMPARE(p.report.status, FileStatus::Broken);
        QVERIFY2(p.report.reason.contains(QStringLiteral("invalid JSON")), qPrintable(p.report.reason));
        QVERIFY2(p.report.reason.contains(QStringLiteral("1500 events before it")), qPrintable(p.report.reason));
        QCOMPARE(p.report.byteOffset, brokenAt);
        QCOMPARE(p.data.stats.totalEvents, qint64(1500));
        QCOMPARE(slicesIn(p.data, QStringLiteral("1")), qint64(1500)); // pid 1, no metadata: named "1"
    }
}

void TestTraceParser::truncatedRealFileKeepsPrefix()
{
    QTemporaryDir dir;
    QFile real(test::textRank(1, 1) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"));
    QVERIFY(real.open(QIODevice::ReadOnly));
    const QByteArray all = real.readAll();
    const QByteArray half = all.left(all.size() / 2);
    const QString path = write(dir, QStringLiteral("trace_view.json"), half);
    // python: events whose closing '}' lies inside the first half = number of complete elements
    int complete = 0, depth = 0;
    bool inString = false, escaped = false;
    for (int i = 1; i < half.size(); ++i) {
        const char c = half[i];
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"')
            inString = true;
        else if (c == '{' || c == '[')
            ++depth;
        else if ((c == '}' || c == ']') && --depth == 0)
            ++complete;
    }
    for (int threads : { 1, 2 }) {
        const Parsed p = parse(path, threads, 8192);
        QCOMPARE(p.report.status, FileStatus::Broken);
        QVERIFY(p.ok);
        QCOMPARE(p.data.stats.totalEvents, qint64(complete));
        QVERIFY(p.report.byteOffset > 0 && p.report.byteOffset < half.size());
    }
}

void TestTraceParser::readWholeMatchesMapped_data()
{
    QTest::addColumn<QByteArray>("bytes");
    const auto real = [](int rank) {
        QFile f(test::textRank(rank, 1) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    const QByteArray whole = real(1);
    QVERIFY(!whole.isEmpty());
    QTest::newRow("real rank") << whole;
    QTest::newRow("real rank, first half") << whole.left(whole.size() / 2);
    const QByteArray event = R"({"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 1, "dur": 1})";
    // The in-place parse writes '[' before a chunk's first event and ']'
    // after its last: here there is no byte after it (the file ends at the
    // event's brace), or only the array's own.
    QTest::newRow("array closed right after the event") << QByteArray("[" + event + "]");
    QTest::newRow("file ends at the event's brace") << QByteArray("[" + event + ", " + event);
    QTest::newRow("events wrapped in an object") << QByteArray(R"({"traceEvents":[)" + event + "]}");
    QTest::newRow("syntax error in the second event")
        << QByteArray("[" + event + R"(, {"ph" "X"}, )" + event + "]");
    QTest::newRow("BOM and spaces") << QByteArray("\xEF\xBB\xBF  [ \n" + event + " ,\n " + event + " ]\n");
}

void TestTraceParser::readWholeMatchesMapped()
{
    QFETCH(QByteArray, bytes);
    QTemporaryDir dir;
    const QString path = write(dir, QStringLiteral("trace_view.json"), bytes);
    const Parsed read = parseSerial(path, false);
    const Parsed mapped = parseSerial(path, true);
    QCOMPARE(read.ok, mapped.ok);
    QCOMPARE(read.report.status, mapped.report.status);
    QCOMPARE(read.report.reason, mapped.report.reason);
    QCOMPARE(read.report.byteOffset, mapped.report.byteOffset);
    QCOMPARE(read.report.sizeBytes, qint64(bytes.size()));
    QCOMPARE(read.data.stats.totalEvents, mapped.data.stats.totalEvents);
    QCOMPARE(durSum(read.data), durSum(mapped.data));
    QCOMPARE(read.data.flows.size(), mapped.data.flows.size());
    // The file on disk is untouched (the read copy is written to, never the file).
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), bytes);
}

QTEST_GUILESS_MAIN(TestTraceParser)
#include "tst_traceparser.moc"
