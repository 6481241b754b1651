// SPDX-License-Identifier: Apache-2.0
// Flow points of chunk builders merged into a file's builder, sorted and
// paired (tracemerge.cpp, traceflows.cpp), against flows worked out by hand.
#include "parse/tracebuilder.h"

#include <QTest>

#include <algorithm>
#include <vector>

using namespace profscope;

namespace {

// Adds points 0 .. points - 1 in order, through `chunks` chunk builders
// merged into `file` one after the other (0: straight into `file`), as a
// parallel parse does; add(builder, first, end) adds points [first, end).
template <class Add>
void addInChunks(TraceBuilder& file, int chunks, std::uint64_t points, Add&& add)
{
    const std::uint64_t perChunk = chunks > 0 ? (points + std::uint64_t(chunks) - 1) / std::uint64_t(chunks) : points;
    for (std::uint64_t from = 0; from < points; from += perChunk) {
        TraceBuilder chunk(true);
        add(chunks > 0 ? chunk : file, from, std::min(points, from + perChunk));
        if (chunks > 0)
            file.merge(std::move(chunk));
    }
}

} // namespace

class TestTraceFlows : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void flowPointsAcrossMerges_data();
    void flowPointsAcrossMerges();
    void flowPointsManyCategories_data();
    void flowPointsManyCategories();
    void flowPointsSortedOnTwoThreads_data();
    void flowPointsSortedOnTwoThreads();
    void flowsBoundToSlices_data();
    void flowsBoundToSlices();
};

void TestTraceFlows::flowPointsAcrossMerges_data()
{
    // The same eleven flow points, in file order, split between chunk
    // builders merged into the file's builder (0, 1, 2, ...) and points the
    // file's builder adds itself between merges (-1). Whatever the split,
    // the flows are the ones worked out by hand below.
    QTest::addColumn<QList<int>>("chunkOf");
    QTest::addColumn<int>("segments"); // the file builder's arrays of points before finish()
    QTest::newRow("one builder, no merge") << QList<int> { -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 } << 1;
    QTest::newRow("three chunks") << QList<int> { 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2 } << 3;
    QTest::newRow("chunks and own points between") << QList<int> { 0, 0, 0, -1, 1, 1, 1, -1, 2, 2, 2 } << 5;
    QTest::newRow("every point its own chunk") << QList<int> { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 } << 11;
    QTest::newRow("own points first") << QList<int> { -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0 } << 2;
}

void TestTraceFlows::flowPointsAcrossMerges()
{
    QFETCH(QList<int>, chunkOf);
    QFETCH(int, segments);
    struct Point
    {
        TraceBuilder::FlowPhase phase;
        qint64 pid;
        TimeNs tsNs;
        const char* category;
        std::uint64_t id;
        const char* idText; // non-numeric id, or nullptr
    };
    using P = TraceBuilder::FlowPhase;
    const Point points[] = {
        { P::Start, 10, 100, "h2d", 1, nullptr },
        { P::Start, 10, 150, "async", 0, "x" },
        { P::Start, 10, 200, "h2d", 2, nullptr },
        { P::Finish, 20, 300, "h2d", 1, nullptr },
        { P::Finish, 20, 400, "h2d", 2, nullptr },
        { P::Finish, 20, 450, "async", 0, "x" },
        { P::Start, 10, 500, "h2d", 1, nullptr },
        { P::Start, 30, 550, "async", 0, "y" },
        { P::Finish, 20, 600, "h2d", 1, nullptr },
        { P::Finish, 20, 700, "h2d", 3, nullptr },
        { P::Finish, 30, 800, "async", 0, "y" },
    };
    QCOMPARE(qsizetype(std::size(points)), chunkOf.size());
    auto add = [](TraceBuilder& b, const Point& pt) {
        const std::uint32_t process = b.process(pt.pid);
        const std::uint32_t thread = b.thread(process, 1);
        // A string or two interned first in every other builder, so that
        // the chunks' string ids differ from the file builder's.
        if (pt.tsNs % 200 == 0)
            b.strings().intern(std::string_view("padding"));
        const StringId idText = pt.idText ? b.strings().intern(std::string_view(pt.idText)) : StringId {};
        b.addFlowPoint(pt.phase, process, thread, pt.tsNs, b.strings().intern(std::string_view(pt.category)),
                       StringId {}, pt.idText ? idText.value : pt.id, idText, true);
    };
    TraceBuilder file;
    std::vector<TraceBuilder> chunks;
    int current = -2;
    for (std::size_t i = 0; i < std::size(points); ++i) {
        const int chunk = chunkOf[qsizetype(i)];
        if (chunk != current && current >= 0)
            file.merge(std::move(chunks.back()));
        if (chunk >= 0 && chunk != current)
            chunks.emplace_back(true);
        add(chunk >= 0 ? chunks.back() : file, points[i]);
        current = chunk;
    }
    if (current >= 0)
        file.merge(std::move(chunks.back()));
    QCOMPARE(int(file.flowPointSegments()), segments);
    const TraceData d = file.finish();

    // Processes in pid order: 10 -> 0, 20 -> 1, 30 -> 2. h2d 1 pairs twice
    // (100 -> 300, then its second start 500 -> 600), h2d 3 finishes with no
    // start, the text ids pair by text.
    QStringList flows;
    for (std::size_t i = 0; i < d.flows.size(); ++i)
        flows << QStringLiteral("%1 %2 %3@%4 -> %5@%6")
                     .arg(d.strings.string(d.flows.category[i]),
                          d.flows.idText[i].isValid() ? d.strings.string(d.flows.idText[i])
                                                      : QString::number(d.flows.id[i]))
                     .arg(d.flows.fromNs[i])
                     .arg(d.flows.fromProcess[i])
                     .arg(d.flows.toNs[i])
                     .arg(d.flows.toProcess[i]);
    flows.sort();
    const QStringList expected { QStringLiteral("async x 150@0 -> 450@1"), QStringLiteral("async y 550@2 -> 800@2"),
                                 QStringLiteral("h2d 1 100@0 -> 300@1"), QStringLiteral("h2d 1 500@0 -> 600@1"),
                                 QStringLiteral("h2d 2 200@0 -> 400@1") };
    QCOMPARE(flows, expected);
    QCOMPARE(d.stats.flowEndsWithoutStart, qint64(1));
    QCOMPARE(d.stats.flowStartsWithoutEnd, qint64(0));
}

void TestTraceFlows::flowPointsManyCategories_data()
{
    // More categories than the counting pass keeps (64): one sort of
    // everything, with or without merged chunks.
    QTest::addColumn<int>("chunks");
    QTest::newRow("one builder") << 0;
    QTest::newRow("three chunks") << 3;
}

void TestTraceFlows::flowPointsManyCategories()
{
    QFETCH(int, chunks);
    // 80 categories; category c has a start at 1000 + c and a finish at
    // 5000 - c with id 7, written in time order (categories interleaved).
    constexpr int kCategories = 80;
    std::vector<std::pair<TimeNs, int>> order; // (ts, category; negative = finish)
    for (int c = 0; c < kCategories; ++c) {
        order.push_back({ 1000 + c, c });
        order.push_back({ 5000 - c, -c - 1 });
    }
    std::sort(order.begin(), order.end());
    TraceBuilder file;
    const std::size_t perChunk = chunks > 0 ? (order.size() + std::size_t(chunks) - 1) / std::size_t(chunks) : order.size();
    for (std::size_t from = 0; from < order.size(); from += perChunk) {
        TraceBuilder chunk(true);
        TraceBuilder& b = chunks > 0 ? chunk : file;
        const std::uint32_t process = b.process(1);
        const std::uint32_t thread = b.thread(process, 1);
        for (std::size_t i = from; i < std::min(order.size(), from + perChunk); ++i) {
            const auto [ts, c] = order[i];
            const int category = c >= 0 ? c : -c - 1;
            b.addFlowPoint(c >= 0 ? TraceBuilder::FlowPhase::Start : TraceBuilder::FlowPhase::Finish, process, thread,
                           ts, b.strings().intern(QStringLiteral("cat%1").arg(category).toStdString()), StringId {}, 7,
                           StringId {}, true);
        }
        if (chunks > 0)
            file.merge(std::move(chunk));
    }
    const TraceData d = file.finish();
    QCOMPARE(int(d.flows.size()), kCategories);
    for (std::size_t i = 0; i < d.flows.size(); ++i) {
        const int c = d.strings.string(d.flows.category[i]).mid(3).toInt();
        QCOMPARE(d.flows.fromNs[i], TimeNs(1000 + c));
        QCOMPARE(d.flows.toNs[i], TimeNs(5000 - c));
    }
    QCOMPARE(d.stats.flowEndsWithoutStart, qint64(0));
}

void TestTraceFlows::flowPointsSortedOnTwoThreads_data()
{
    // Enough points (from 100,000) for finish() to sort the arrays of merged
    // chunks on two threads and merge them as they are paired; one array is
    // sorted where it is.
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("chunks");
    QTest::newRow("1 thread, one array") << 1 << 0;
    QTest::newRow("2 threads, one array") << 2 << 0;
    QTest::newRow("2 threads, 7 chunks") << 2 << 7;
    QTest::newRow("4 threads, 2 chunks") << 4 << 2;
    // 8 points a chunk: every array shorter than the sampling stride of the
    // split into halves (no sample: one thread pairs them all).
    QTest::newRow("2 threads, 37,500 chunks") << 2 << 37500;
}

void TestTraceFlows::flowPointsSortedOnTwoThreads()
{
    QFETCH(int, threads);
    QFETCH(int, chunks);
    // Flow i (of 150,000, ids written in a scrambled order) starts at 2i and
    // finishes at 2i + 1,000,001: in time order the starts all come first,
    // so every point must move a long way to meet its other end. Flow i's
    // id is (i * 7919) mod 150,000, a permutation (7919 is prime).
    constexpr std::uint64_t kFlows = 150000;
    auto id = [](std::uint64_t i) { return (i * 7919) % kFlows; };
    TraceBuilder file;
    addInChunks(file, chunks, 2 * kFlows, [&](TraceBuilder& b, std::uint64_t from, std::uint64_t end) {
        const std::uint32_t process = b.process(1);
        const std::uint32_t thread = b.thread(process, 1);
        // "early" sorts before "h2d" and "late" after it (string ids in
        // interning order), so that their points fall on either side of
        // the split into two halves.
        const StringId early = b.strings().intern(std::string_view("early"));
        const StringId category = b.strings().intern(std::string_view("h2d"));
        const StringId late = b.strings().intern(std::string_view("late"));
        if (from == 0) // ten finishes with no start in each
            for (std::uint64_t n = 0; n < 10; ++n) {
                b.addFlowPoint(TraceBuilder::FlowPhase::Finish, process, thread, TimeNs(n), early, StringId {}, n,
                               StringId {}, true);
                b.addFlowPoint(TraceBuilder::FlowPhase::Finish, process, thread, TimeNs(n), late, StringId {}, n,
                               StringId {}, true);
            }
        for (std::uint64_t k = from; k < end; ++k) {
            const bool start = k < kFlows;
            const std::uint64_t i = start ? k : k - kFlows;
            b.addFlowPoint(start ? TraceBuilder::FlowPhase::Start : TraceBuilder::FlowPhase::Finish, process, thread,
                           TimeNs(2 * i + (start ? 0 : 1000001)), category, StringId {}, id(i), StringId {}, true);
        }
    });
    const TraceData d = file.finish(threads);
    QCOMPARE(quint64(d.flows.size()), kFlows);
    // Flows come out by id; the flow of id n is flow i with id(i) == n.
    std::vector<std::uint64_t> flowOfId(kFlows);
    for (std::uint64_t i = 0; i < kFlows; ++i)
        flowOfId[id(i)] = i;
    for (std::uint64_t n = 0; n < kFlows; ++n) {
        const std::uint64_t i = flowOfId[n];
        if (d.flows.id[n] != n || d.flows.fromNs[n] != TimeNs(2 * i) || d.flows.toNs[n] != TimeNs(2 * i + 1000001))
            QFAIL(qPrintable(QStringLiteral("flow %1: id %2, %3 -> %4").arg(n).arg(d.flows.id[n]).arg(d.flows.fromNs[n]).arg(d.flows.toNs[n])));
    }
    QCOMPARE(d.stats.flowEndsWithoutStart, qint64(20));
    QCOMPARE(d.stats.flowStartsWithoutEnd, qint64(0));
    QCOMPARE(int(d.stats.flowsByCategory.size()), 1);
    QCOMPARE(d.stats.flowsByCategory.front().first, QStringLiteral("h2d"));
    QCOMPARE(quint64(d.stats.flowsByCategory.front().second), kFlows);
}

void TestTraceFlows::flowsBoundToSlices_data()
{
    // Enough points (from 100,000) for finish() on two threads to pair the
    // flows in two halves, each thread binding the ends of its half.
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("chunks");
    QTest::newRow("1 thread") << 1 << 0;
    QTest::newRow("2 threads, one array") << 2 << 0;
    QTest::newRow("2 threads, 5 chunks") << 2 << 5;
}

void TestTraceFlows::flowsBoundToSlices()
{
    QFETCH(int, threads);
    QFETCH(int, chunks);
    // Four processes (pid 100 + p), each with 8,000 slices [10j, 10j + 8)
    // holding a child [10j + 1, 10j + 3): after nesting, parent j is slice
    // 2j and its child 2j + 1.
    constexpr std::uint64_t kProcesses = 4, kSlices = 8000, kFlows = 64000;
    TraceBuilder file;
    const StringId name = file.strings().intern(std::string_view("op"));
    for (std::uint64_t p = 0; p < kProcesses; ++p) {
        const std::uint32_t process = file.process(qint64(100 + p));
        const std::uint32_t thread = file.thread(process, 1);
        for (std::uint64_t j = 0; j < kSlices; ++j) {
            file.addSlice(process, thread, TimeNs(10 * j), 8, name, StringId {}, {});
            file.addSlice(process, thread, TimeNs(10 * j + 1), 2, name, StringId {}, {});
        }
    }
    // Flow i (id (i * 7919) mod 64,000, a permutation) starts on process
    // i % 4 at 10a + 5, inside parent a only (its child has ended), and
    // finishes on the next process: for even i at 10b + 2, inside child b;
    // for odd i at 10b + 4 bound to the next slice to start (bp not "e"),
    // parent b + 1.
    auto id = [](std::uint64_t i) { return (i * 7919) % kFlows; };
    auto a = [](std::uint64_t i) { return (i * 31) % kSlices; };
    auto b = [](std::uint64_t i) { return (i * 17 + 3) % kSlices; };
    addInChunks(file, chunks, 2 * kFlows, [&](TraceBuilder& builder, std::uint64_t from, std::uint64_t end) {
        const StringId category = builder.strings().intern(std::string_view("h2d"));
        for (std::uint64_t k = from; k < end; ++k) {
            const bool start = k < kFlows;
            const std::uint64_t i = start ? k : k - kFlows;
            const std::uint64_t pid = 100 + (start ? i : i + 1) % kProcesses;
            const std::uint32_t process = builder.process(qint64(pid));
            const std::uint32_t thread = builder.thread(process, 1);
            const TimeNs ts = start ? TimeNs(10 * a(i) + 5) : TimeNs(10 * b(i) + (i % 2 ? 4 : 2));
            builder.addFlowPoint(start ? TraceBuilder::FlowPhase::Start : TraceBuilder::FlowPhase::Finish, process,
                                 thread, ts, category, StringId {}, id(i), StringId {}, start || i % 2 == 0);
        }
    });
    const TraceData d = file.finish(threads);
    QCOMPARE(quint64(d.flows.size()), kFlows);
    std::vector<std::uint64_t> flowOfId(kFlows);
    for (std::uint64_t i = 0; i < kFlows; ++i)
        flowOfId[id(i)] = i;
    for (std::uint64_t n = 0; n < kFlows; ++n) {
        const std::uint64_t i = flowOfId[n];
        const std::int32_t toSlice = i % 2 == 0 ? std::int32_t(2 * b(i) + 1)
            : b(i) + 1 < kSlices                ? std::int32_t(2 * (b(i) + 1))
                                                : -1;
        const bool ok = d.flows.id[n] == n && d.flows.fromProcess[n] == i % kProcesses && d.flows.fromThread[n] == 0
            && d.flows.fromSlice[n] == std::int32_t(2 * a(i)) && d.flows.toProcess[n] == (i + 1) % kProcesses
            && d.flows.toThread[n] == 0 && d.flows.toSlice[n] == toSlice;
        if (!ok)
            QFAIL(qPrintable(QStringLiteral("flow %1 (i %2): id %3, %4:%5 -> %6:%7")
                                 .arg(n)
                                 .arg(i)
                                 .arg(d.flows.id[n])
                                 .arg(d.flows.fromProcess[n])
                                 .arg(d.flows.fromSlice[n])
                                 .arg(d.flows.toProcess[n])
                                 .arg(d.flows.toSlice[n])));
    }
    QCOMPARE(d.stats.flowEndsWithoutStart, qint64(0));
    QCOMPARE(d.stats.flowStartsWithoutEnd, qint64(0));
}

QTEST_GUILESS_MAIN(TestTraceFlows)
#include "tst_traceflows.moc"
