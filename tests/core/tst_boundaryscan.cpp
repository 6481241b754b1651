// SPDX-License-Identifier: Apache-2.0
// The exact chunk-boundary scanner (core/parse/boundaryscan.*): the byte loop
// and the 64-byte-block scanners (AVX2, base) must cut a trace's events array
// at exactly the same offsets. The expected cuts come from `referenceScan`
// below, a separate byte loop written for this test (an escape flag instead
// of the scanner's two-byte skip), and from hand-counted offsets; the element
// counts of the real traces were counted with Python's json module:
//
//   len(json.load(open(f)))
#include "parse/boundaryscan.h"
#include "testsupport.h"

#include <QDirIterator>
#include <QFile>
#include <QRandomGenerator>
#include <QTest>

#include <functional>
#include <string_view>

using namespace profscope;

namespace {

using ScanFn = BoundaryStop (*)(const char*, std::size_t, std::size_t&, std::size_t, std::size_t&);

struct Cut
{
    BoundaryStop stop = BoundaryStop::EndOfData;
    std::size_t pos = 0;
    std::size_t boundary = 0;
    bool operator==(const Cut& o) const { return stop == o.stop && pos == o.pos && boundary == o.boundary; }
};

const char* stopName(BoundaryStop s)
{
    switch (s) {
    case BoundaryStop::ChunkFull:
        return "ChunkFull";
    case BoundaryStop::ArrayEnd:
        return "ArrayEnd";
    case BoundaryStop::EndOfData:
        return "EndOfData";
    }
    return "?";
}

QByteArray describe(const Cut& c)
{
    return QByteArray(stopName(c.stop)) + " pos " + QByteArray::number(qulonglong(c.pos)) + " boundary "
        + QByteArray::number(qulonglong(c.boundary));
}

// The reference: inside a string, a backslash escapes the byte after it and
// a quote ends the string; outside, a quote opens one, '{' '[' open, '}' ']'
// close (at depth 0: the array's end); a backslash outside is an ordinary byte.
Cut referenceScan(const QByteArray& text, std::size_t from, std::size_t minBytes, std::size_t boundaryIn)
{
    const std::size_t n = std::size_t(text.size());
    long long depth = 0;
    bool inString = false, escape = false;
    Cut cut { BoundaryStop::EndOfData, std::max(n, from), boundaryIn };
    for (std::size_t i = from; i < n; ++i) {
        const char c = text[qsizetype(i)];
        if (inString) {
            if (escape)
                escape = false;
            else if (c == '\\')
                escape = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (depth == 0)
                return { BoundaryStop::ArrayEnd, i, cut.boundary };
            if (--depth == 0) {
                cut.boundary = i + 1;
                if (i + 1 - from >= minBytes)
                    return { BoundaryStop::ChunkFull, i + 1, cut.boundary };
            }
        }
    }
    return cut;
}

// Cuts a whole text into chunks the way the trace parser does: each scan
// starts where the previous chunk ended; the list of stops.
std::vector<Cut> cutAll(const std::function<Cut(std::size_t, std::size_t)>& scan, std::size_t from,
                        std::size_t minBytes)
{
    std::vector<Cut> cuts;
    std::size_t pos = from;
    while (true) {
        const Cut c = scan(pos, minBytes);
        cuts.push_back(c);
        if (c.stop != BoundaryStop::ChunkFull || c.pos <= pos)
            break;
        pos = c.pos;
    }
    return cuts;
}

std::function<Cut(std::size_t, std::size_t)> withScanner(ScanFn fn, const QByteArray& text)
{
    return [fn, &text](std::size_t from, std::size_t minBytes) {
        std::size_t pos = from;
        std::size_t boundary = from; // as the trace parser passes it
        const BoundaryStop stop = fn(text.constData(), std::size_t(text.size()), pos, minBytes, boundary);
        return Cut { stop, pos, boundary };
    };
}

std::function<Cut(std::size_t, std::size_t)> withReference(const QByteArray& text)
{
    return [&text](std::size_t from, std::size_t minBytes) { return referenceScan(text, from, minBytes, from); };
}

struct Variant
{
    const char* name;
    ScanFn fn;
};

std::vector<Variant> variants()
{
    std::vector<Variant> v { { "scalar", &scanEventBoundariesScalar }, { "base", &scanEventBoundariesBase },
                             { "dispatch", &scanEventBoundaries } };
    if (boundaryScanHasAvx2())
        v.push_back({ "avx2", &scanEventBoundariesAvx2 });
    return v;
}

// Every variant against the reference, scanning from `from` with `minBytes`.
void compareOnce(const QByteArray& text, std::size_t from, std::size_t minBytes)
{
    const Cut want = referenceScan(text, from, minBytes, from);
    for (const Variant& v : variants()) {
        const Cut got = withScanner(v.fn, text)(from, minBytes);
        if (!(got == want))
            QFAIL(qPrintable(QStringLiteral("%1 from %2, minBytes %3: got %4, want %5 (text %6)")
                                 .arg(QLatin1String(v.name))
                                 .arg(from)
                                 .arg(minBytes)
                                 .arg(QLatin1String(describe(got)), QLatin1String(describe(want)),
                                      QString::fromLatin1(text.left(300).toPercentEncoding(" {}[]\",:\\")))));
    }
}

// A trace event whose name is `name` (already JSON-escaped text).
QByteArray traceEvent(const QByteArray& name, int i)
{
    return "{\"ph\":\"X\",\"name\":\"" + name + "\",\"pid\":1,\"tid\":2,\"ts\":\"" + QByteArray::number(1000 + i)
        + ".5\",\"dur\":3,\"args\":{\"k\":[\"" + name + "\",{\"x\":\"}\"}]}}";
}

// Names that are hard for a block scanner: escaped quotes and backslashes
// in runs of every parity, brackets and braces inside strings.
QList<QByteArray> hostileNames()
{
    QList<QByteArray> names { "plain",
                              "quote \\\" inside",
                              "ends with backslash \\\\",
                              "\\\\\\\"",
                              "}]},{\\\"ph\\\":\\\"X\\\"}",
                              "{[{[",
                              "\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\"}",
                              "\\u0022 \\/ \\b\\f\\n\\r\\t",
                              "" };
    // Backslash runs of every length from 1 to 70 (pairs, so the JSON stays
    // valid), then an escaped quote: they cross 64-byte block edges.
    for (int len = 1; len <= 70; len += 3)
        names << QByteArray(2 * len, '\\') + "\\\"]}";
    return names;
}

} // namespace

class TestBoundaryScan : public QObject
{
    Q_OBJECT
private slots:
    void handCounted_data();
    void handCounted();
    void realTraces_data();
    void realTraces();
    void hostileStrings_data();
    void hostileStrings();
    void truncatedAnywhere();
    void invalidJson();
    void randomBytes();
    void timeKeys_data();
    void timeKeys();
};

void TestBoundaryScan::handCounted_data()
{
    // Offsets counted by hand. Text 1 (the '[' already passed):
    //   {"a":"}"},{"b":"\"{"},{"c":[1,{"d":"]"}]}]
    //   0         1         2         3         4
    //   012345678901234567890123456789012345678901
    // elements close at 8 (end 9), 20 (end 21), 40 (end 41); the ']' at 41.
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("from");
    QTest::addColumn<int>("minBytes");
    QTest::addColumn<int>("stop");
    QTest::addColumn<int>("pos");
    QTest::addColumn<int>("boundary");
    const QByteArray t1 = R"({"a":"}"},{"b":"\"{"},{"c":[1,{"d":"]"}]}])";
    QTest::newRow("first element") << t1 << 0 << 1 << int(BoundaryStop::ChunkFull) << 9 << 9;
    QTest::newRow("second element") << t1 << 9 << 1 << int(BoundaryStop::ChunkFull) << 21 << 21;
    QTest::newRow("two elements in one chunk") << t1 << 0 << 10 << int(BoundaryStop::ChunkFull) << 21 << 21;
    QTest::newRow("third, nested") << t1 << 21 << 1 << int(BoundaryStop::ChunkFull) << 41 << 41;
    QTest::newRow("array end") << t1 << 0 << 1000 << int(BoundaryStop::ArrayEnd) << 41 << 41;
    // Text 2: a backslash run of 3 then a quote (escaped), then 2 then a quote (not):
    //   {"n":"\\\"}"},{"m":"\\"}
    //   012345678901234567890123
    // the first element closes at 12 (end 13), the second at 23 (end 24); then the data ends.
    const QByteArray t2 = R"({"n":"\\\"}"},{"m":"\\"})";
    QTest::newRow("escaped runs") << t2 << 0 << 1 << int(BoundaryStop::ChunkFull) << 13 << 13;
    QTest::newRow("data ends") << t2 << 0 << 100 << int(BoundaryStop::EndOfData) << 24 << 24;
    // Text 3: truncated inside the second element's string: the last boundary is the first's.
    const QByteArray t3 = R"({"a":1},{"b":"{{)";
    QTest::newRow("truncated in a string") << t3 << 0 << 100 << int(BoundaryStop::EndOfData) << 16 << 7;
}

void TestBoundaryScan::handCounted()
{
    QFETCH(QByteArray, text);
    QFETCH(int, from);
    QFETCH(int, minBytes);
    QFETCH(int, stop);
    QFETCH(int, pos);
    QFETCH(int, boundary);
    for (const Variant& v : variants()) {
        const Cut got = withScanner(v.fn, text)(std::size_t(from), std::size_t(minBytes));
        const Cut want { BoundaryStop(stop), std::size_t(pos), std::size_t(boundary) };
        QVERIFY2(got == want, QByteArray(QByteArray(v.name) + ": " + describe(got) + ", want " + describe(want)).constData());
    }
    QVERIFY(referenceScan(text, std::size_t(from), std::size_t(minBytes), std::size_t(from))
            == (Cut { BoundaryStop(stop), std::size_t(pos), std::size_t(boundary) }));
}

void TestBoundaryScan::realTraces_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("elements"); // counted with Python's json module; -1: not counted
    const QHash<QString, int> counted {
        { QStringLiteral("level0/rank0_ascend_pt"), 8375 }, { QStringLiteral("level0/rank1_ascend_pt"), 8394 },
        { QStringLiteral("level1/rank0_ascend_pt"), 10112 }, { QStringLiteral("level1/rank1_ascend_pt"), 9969 },
        { QStringLiteral("level2/rank0_ascend_pt"), 10476 }, { QStringLiteral("level2/rank1_ascend_pt"), 10697 },
        { QStringLiteral("timeline_display_1.json"), 6359 },
    };
    QDirIterator it(QStringLiteral(PROFSCOPE_FIXTURES_DIR),
                    { QStringLiteral("trace_view.json"), QStringLiteral("timeline_display_*.json"),
                      QStringLiteral("msprof_*.json") },
                    QDir::Files, QDirIterator::Subdirectories);
    QStringList paths;
    while (it.hasNext())
        paths << it.next();
    paths.sort();
    int withCount = 0;
    for (const QString& path : paths) {
        int elements = -1;
        for (auto c = counted.cbegin(); c != counted.cend(); ++c)
            if (path.contains(c.key()))
                elements = c.value();
        withCount += elements >= 0;
        QTest::newRow(qPrintable(QDir(QStringLiteral(PROFSCOPE_FIXTURES_DIR)).relativeFilePath(path)))
            << path << elements;
    }
    QVERIFY2(withCount == counted.size(), "a counted fixture trace is missing");
}

void TestBoundaryScan::realTraces()
{
    QFETCH(QString, path);
    QFETCH(int, elements);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    const std::size_t from = std::size_t(text.indexOf('[')) + 1; // every fixture is a bare array
    QVERIFY(from > 0);
    // The whole array's end: its last ']'.
    const std::size_t arrayEnd = std::size_t(text.lastIndexOf(']'));
    for (std::size_t minBytes : { std::size_t(1), std::size_t(63), std::size_t(64), std::size_t(1000),
                                  std::size_t(65536), std::size_t(1) << 30 }) {
        const std::vector<Cut> want = cutAll(withReference(text), from, minBytes);
        QCOMPARE(want.back().stop, BoundaryStop::ArrayEnd);
        QCOMPARE(want.back().pos, arrayEnd);
        if (minBytes == 1 && elements >= 0)
            QCOMPARE(qsizetype(want.size()) - 1, qsizetype(elements)); // one cut per event
        for (const Variant& v : variants()) {
            const std::vector<Cut> got = cutAll(withScanner(v.fn, text), from, minBytes);
            QVERIFY2(got.size() == want.size(), v.name);
            for (std::size_t i = 0; i < got.size(); ++i)
                QVERIFY2(got[i] == want[i],
                         QByteArray(QByteArray(v.name) + " cut " + QByteArray::number(qulonglong(i)) + ": "
                                    + describe(got[i]) + ", want " + describe(want[i]))
                             .constData());
        }
    }
}

void TestBoundaryScan::hostileStrings_data()
{
    QTest::addColumn<QByteArray>("name");
    const QList<QByteArray> names = hostileNames();
    for (int i = 0; i < names.size(); ++i)
        QTest::addRow("name %d (%d bytes)", i, int(names[i].size())) << names[i];
}

void TestBoundaryScan::hostileStrings()
{
    // The hostile event at every offset modulo 64 (a growing pad before it),
    // among ordinary ones, cut with several chunk sizes.
    QFETCH(QByteArray, name);
    for (int pad = 0; pad < 64; ++pad) {
        QByteArray text = "[" + QByteArray(pad, ' ');
        text += traceEvent("a", 0) + ",";
        text += traceEvent(name, 1) + ", ";
        text += traceEvent(name + name, 2) + ",\n";
        text += traceEvent("b", 3) + "]\n";
        for (std::size_t minBytes : { std::size_t(1), std::size_t(50), std::size_t(200), std::size_t(100000) }) {
            const std::vector<Cut> want = cutAll(withReference(text), 1, minBytes);
            QCOMPARE(want.back().stop, BoundaryStop::ArrayEnd);
            if (minBytes == 1)
                QCOMPARE(want.size(), std::size_t(5)); // four events and the array's end
            for (const Variant& v : variants())
                QVERIFY2(cutAll(withScanner(v.fn, text), 1, minBytes) == want,
                         QByteArray(QByteArray(v.name) + " pad " + QByteArray::number(pad) + " minBytes "
                                    + QByteArray::number(qulonglong(minBytes)))
                             .constData());
        }
    }
}

void TestBoundaryScan::truncatedAnywhere()
{
    // A file cut at every byte (a killed profiler): the stop, where it
    // stopped and the last complete element, from every start offset.
    QByteArray full = "[";
    const QList<QByteArray> names = hostileNames();
    for (int i = 0; i < 6; ++i)
        full += traceEvent(names[i], i) + ",";
    full += traceEvent("last", 9) + "]";
    for (qsizetype cut = 1; cut <= full.size(); ++cut) {
        const QByteArray text = full.left(cut);
        compareOnce(text, 1, 1);
        compareOnce(text, 1, 1u << 20);
    }
}

void TestBoundaryScan::invalidJson()
{
    // Not JSON, but the parser scans it before simdjson says so: the block
    // scanners must still agree with the byte loop (backslashes outside
    // strings, stray closers, unbalanced brackets, control bytes).
    const QList<QByteArray> texts {
        R"(\"{"a":1},{"b":2}])",
        R"({"a":1}\"{"b":"}"},{"c":3}])",
        R"({"a":1},\\\"{"b":"x"}]}])",
        R"(]{"a":1})",
        R"({"a":[1,2}},{"b":3}])",
        R"({"a":"x\)",
        // NUL bytes inside: the length is the literal's, without its terminator.
        [] {
            static const char text[] = "{\"a\":\"\0\x01\xff\"},{\"b\":\"\\\0\"}]";
            return QByteArray(text, qsizetype(sizeof text) - 1);
        }(),
    };
    for (const QByteArray& base : texts)
        for (int pad = 0; pad < 70; ++pad) {
            // The hard part after a pad, then a long tail so that blocks follow it.
            const QByteArray text = QByteArray(pad, ' ') + base + QByteArray(200, ' ') + "{\"z\":\"\\\\\"}]";
            for (std::size_t from : { std::size_t(0), std::size_t(pad) })
                for (std::size_t minBytes : { std::size_t(1), std::size_t(20), std::size_t(1000) })
                    compareOnce(text, from, minBytes);
        }
}

void TestBoundaryScan::randomBytes()
{
    // Random texts over the bytes that matter (many backslashes and quotes):
    // a fixed seed, so that a failure reproduces.
    QRandomGenerator rng(20261126);
    const char alphabet[] = { '"', '"', '\\', '\\', '\\', '{', '}', '[', ']', 'a', ' ', ',', ':' };
    for (int round = 0; round < 20000; ++round) {
        const int length = int(rng.bounded(1, 400));
        QByteArray text(length, ' ');
        for (int i = 0; i < length; ++i)
            text[i] = alphabet[rng.bounded(int(sizeof alphabet))];
        const std::size_t from = std::size_t(rng.bounded(std::min(length, 70)));
        compareOnce(text, from, std::size_t(rng.bounded(1, 300)));
        if (QTest::currentTestFailed())
            return;
    }
}

void TestBoundaryScan::timeKeys_data()
{
    // The key search of partial import: every `"ts"`, `"ph"`, `"dur"`, by a
    // byte loop here, on a real trace and on texts with keys at block edges.
    QTest::addColumn<QByteArray>("text");
    QFile file(test::textRank(1, 0) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QTest::newRow("real level1 rank0") << file.readAll();
    for (int pad = 0; pad < 70; ++pad)
        QTest::addRow("keys after %d blanks", pad)
            << QByteArray(pad, ' ') + R"({"ts":1,"dur":"2","ph":"X","tsx":1,"ts":"du","dur"})";
    QRandomGenerator rng(7);
    const char alphabet[] = { '"', '"', 't', 's', 'p', 'h', 'd', 'u', 'r', ':' };
    for (int round = 0; round < 50; ++round) {
        QByteArray text(int(rng.bounded(1, 300)), ' ');
        for (char& c : text)
            c = alphabet[rng.bounded(int(sizeof alphabet))];
        QTest::addRow("random %d", round) << text;
    }
}

void TestBoundaryScan::timeKeys()
{
    QFETCH(QByteArray, text);
    std::vector<std::size_t> want;
    for (qsizetype i = 0; i < text.size(); ++i)
        for (const char* key : { "\"ts\"", "\"ph\"", "\"dur\"" })
            if (std::string_view(text.constData() + i, std::size_t(text.size() - i)).starts_with(key))
                want.push_back(std::size_t(i));
    if (QTest::currentDataTag() == QByteArray("real level1 rank0"))
        QVERIFY(want.size() > 10112); // at least one "ph" per event
    std::vector<std::size_t> got;
    findTraceTimeKeysBase(text.constData(), std::size_t(text.size()), got);
    QCOMPARE(got, want);
    findTraceTimeKeys(text.constData(), std::size_t(text.size()), got);
    QCOMPARE(got, want);
    if (boundaryScanHasAvx2()) {
        findTraceTimeKeysAvx2(text.constData(), std::size_t(text.size()), got);
        QCOMPARE(got, want);
    }
}

QTEST_GUILESS_MAIN(TestBoundaryScan)
#include "tst_boundaryscan.moc"
