// SPDX-License-Identifier: Apache-2.0
// Operator comparison: sequence alignment on synthetic streams (where the
// right answer is known by construction) and on the two real level1 ranks,
// whose per-type totals are checked against sums taken straight from
// kernel_details.csv with Python:
//
//   import csv, collections
//   rows = list(csv.DictReader(open('rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv')))
//   t = collections.defaultdict(float)
//   for x in rows: t[x['Type']] += float(x['Duration(us)'])
//   # rank0: 191 rows, 34 types, TransData 1423.202 us, hcom_allReduce_ 105991.876 us
//   # rank1: 191 rows, 34 types, TransData 1416.001 us, hcom_allReduce_ 100375.284 us
#include "analysis/compare.h"
#include "load/profileloader.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QElapsedTimer>
#include <QProcess>
#include <QTest>

#include <map>
#include <random>
#include <set>

using namespace profscope;

namespace {

using Run = test::CliRun;

Run cli(const QStringList& args)
{
    return test::runProgram(QStringLiteral(PROFSCOPE_CLI), args);
}

QString level1()
{
    return test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text/level1"));
}

struct SynthOp
{
    QString type;
    QString shapes;
    qint64 stream = 0;
    TimeNs durNs = 1000;
};

// A KernelTable with the ops in order, 10 µs apart, named type_<k-th occurrence>.
std::unique_ptr<KernelTable> makeTable(const std::vector<SynthOp>& ops)
{
    auto k = std::make_unique<KernelTable>();
    std::map<QString, int> seen;
    TimeNs t = 1'000'000;
    for (const SynthOp& op : ops) {
        const QString name = op.type + QLatin1Char('_') + QString::number(seen[op.type]++);
        k->name.push_back(k->strings.intern(name.toStdString()));
        k->type.push_back(k->strings.intern(op.type.toStdString()));
        k->inputShapes.push_back(k->strings.intern(op.shapes.toStdString()));
        k->acceleratorCore.push_back(k->strings.intern("AI_CORE"));
        k->opState.push_back({});
        k->inputDataTypes.push_back({});
        k->outputShapes.push_back({});
        k->streamId.push_back(op.stream);
        k->stepId.push_back(-1);
        k->modelId.push_back(-1);
        k->taskId.push_back(qint64(k->startNs.size()));
        k->deviceId.push_back(0);
        k->startNs.push_back(t);
        k->durNs.push_back(op.durNs);
        k->waitNs.push_back(kInvalidTime);
        k->blockDim.push_back(1);
        k->contextId.push_back(-1);
        t += 10'000;
    }
    return k;
}

// A long, repetitive stream (a few op types with a few shapes) like a real
// training step: the same type appears hundreds of times.
std::vector<SynthOp> longStream(int n, qint64 stream, unsigned seed)
{
    static const char* types[] = { "MatMulV2", "Add", "Mul", "TransData", "Cast", "LayerNorm" };
    std::mt19937 rng(seed);
    std::vector<SynthOp> ops;
    for (int i = 0; i < n; ++i) {
        const unsigned r = rng();
        ops.push_back({ QString::fromLatin1(types[r % 6]), QStringLiteral("%1,128").arg(16 << (r / 6 % 3)), stream,
                        TimeNs(1000 + r % 500) });
    }
    return ops;
}

void checkPartition(const OperatorComparison& c, std::size_t baseSize, std::size_t otherSize)
{
    QCOMPARE(c.matched.size() + c.onlyBase.size(), baseSize);
    QCOMPARE(c.matched.size() + c.onlyOther.size(), otherSize);
    std::set<qint64> b(c.onlyBase.begin(), c.onlyBase.end()), o(c.onlyOther.begin(), c.onlyOther.end());
    for (const MatchedOp& m : c.matched) {
        QVERIFY(b.insert(m.baseIndex).second);
        QVERIFY(o.insert(m.otherIndex).second);
    }
    QCOMPARE(b.size(), baseSize);
    QCOMPARE(o.size(), otherSize);
}

// Pairs are in base order: the other indices of one stream must rise too.
bool monotonic(const OperatorComparison& c)
{
    for (std::size_t i = 1; i < c.matched.size(); ++i)
        if (c.matched[i].otherIndex <= c.matched[i - 1].otherIndex)
            return false;
    return true;
}

} // namespace

class TestCompare : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lcsBasics();
    void insertDeleteReorder();
    void streamIdsDiffer();
    void keyByName();
    void largeStream();
    void divergedStreamsFallBack();
    void realRanks();
    void rankWithItself();
    void cliCsv();
    void cliJsonByOp();
    void cliBadArgs();
};

void TestCompare::lcsBasics()
{
    auto lcs = [](std::vector<std::uint32_t> a, std::vector<std::uint32_t> b) {
        qint64 work = 1'000'000;
        return longestCommonSubsequence(a, b, work).size();
    };
    QCOMPARE(lcs({}, {}), std::size_t(0));
    QCOMPARE(lcs({ 1 }, { 2 }), std::size_t(0));
    QCOMPARE(lcs({ 1 }, { 1 }), std::size_t(1));
    QCOMPARE(lcs({ 1, 2 }, { 2, 1 }), std::size_t(1));
    // ABCABBA / CBABAC: the LCS length of Myers' paper example is 4.
    QCOMPARE(lcs({ 1, 2, 3, 1, 2, 2, 1 }, { 3, 2, 1, 2, 1, 3 }), std::size_t(4));
    // Against a quadratic DP on random short sequences over a small alphabet.
    std::mt19937 rng(7);
    for (int t = 0; t < 300; ++t) {
        std::vector<std::uint32_t> a(rng() % 40), b(rng() % 40);
        for (auto& x : a)
            x = rng() % 4;
        for (auto& x : b)
            x = rng() % 4;
        std::vector<std::vector<int>> dp(a.size() + 1, std::vector<int>(b.size() + 1, 0));
        for (std::size_t i = 1; i <= a.size(); ++i)
            for (std::size_t j = 1; j <= b.size(); ++j)
                dp[i][j] = a[i - 1] == b[j - 1] ? dp[i - 1][j - 1] + 1 : std::max(dp[i - 1][j], dp[i][j - 1]);
        qint64 work = 1'000'000;
        const auto pairs = longestCommonSubsequence(a, b, work);
        QCOMPARE(int(pairs.size()), dp[a.size()][b.size()]);
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            QCOMPARE(a[std::size_t(pairs[i].first)], b[std::size_t(pairs[i].second)]);
            if (i > 0) {
                QVERIFY(pairs[i].first > pairs[i - 1].first);
                QVERIFY(pairs[i].second > pairs[i - 1].second);
            }
        }
    }
}

void TestCompare::insertDeleteReorder()
{
    const int n = 5000;
    const std::vector<SynthOp> baseOps = longStream(n, 7, 1);
    std::vector<SynthOp> otherOps = baseOps;
    // An op only in the comparison run at 1000, one dropped at 2500, and two
    // neighbours swapped at 4000 (chosen with different keys).
    otherOps.insert(otherOps.begin() + 1000, SynthOp { QStringLiteral("Add"), QStringLiteral("16,128"), 7, 3000 });
    otherOps.erase(otherOps.begin() + 2501); // base op 2500
    int swapAt = 4000;
    while (baseOps[std::size_t(swapAt)].type == baseOps[std::size_t(swapAt + 1)].type
           && baseOps[std::size_t(swapAt)].shapes == baseOps[std::size_t(swapAt + 1)].shapes)
        ++swapAt;
    std::swap(otherOps[std::size_t(swapAt)], otherOps[std::size_t(swapAt + 1)]); // same index: +1 -1 before it
    // Make the comparison a bit slower everywhere so deltas are visible.
    for (SynthOp& op : otherOps)
        op.durNs += 10;

    const auto base = makeTable(baseOps);
    const auto other = makeTable(otherOps);
    const OperatorComparison c = compareOperators(*base, *other);
    checkPartition(c, base->size(), other->size());
    QVERIFY(c.streamsMatchedById);
    QVERIFY(!c.truncated);
    QVERIFY(monotonic(c));
    // Optimal: everything but the deleted op and one of the swapped pair.
    QCOMPARE(c.matched.size(), std::size_t(n - 2));
    QCOMPARE(c.onlyBase.size(), std::size_t(2));
    QVERIFY(std::find(c.onlyBase.begin(), c.onlyBase.end(), 2500) != c.onlyBase.end());
    QCOMPARE(c.onlyOther.size(), std::size_t(2));
    QVERIFY(std::find(c.onlyOther.begin(), c.onlyOther.end(), 1000) != c.onlyOther.end());
    // The rest is paired with its own copy: the same name+shape, delta +10 ns.
    // (Name + k-th occurrence would pair every later "Add" with its predecessor.)
    for (const MatchedOp& m : c.matched) {
        QCOMPARE(m.deltaNs, TimeNs(10));
        const std::size_t bi = std::size_t(m.baseIndex);
        const qint64 expected = m.baseIndex < 1000 ? m.baseIndex : m.baseIndex < 2500 ? m.baseIndex + 1 : m.baseIndex;
        if (m.baseIndex < swapAt || m.baseIndex > swapAt + 1)
            QCOMPARE(m.otherIndex, expected);
        QCOMPARE(base->strings.view(base->type[bi]), other->strings.view(other->type[std::size_t(m.otherIndex)]));
    }
    // Naive name + k-th occurrence matching would disagree after the insertion.
    int renamedPairs = 0;
    for (const MatchedOp& m : c.matched)
        if (m.baseIndex > 1000 && m.baseIndex < 2500
            && base->strings.view(base->name[std::size_t(m.baseIndex)])
                != other->strings.view(other->name[std::size_t(m.otherIndex)]))
            ++renamedPairs;
    QVERIFY(renamedPairs > 0); // the inserted Add renumbered later Adds; alignment is not fooled

    // Per-type totals are sums over all kernels of each side.
    std::map<QString, std::pair<TimeNs, TimeNs>> sums;
    for (const SynthOp& op : baseOps)
        sums[op.type].first += op.durNs;
    for (const SynthOp& op : otherOps)
        sums[op.type].second += op.durNs;
    QCOMPARE(c.byType.size(), sums.size());
    for (const TypeDelta& d : c.byType) {
        QCOMPARE(d.baseTotalNs, sums[d.type].first);
        QCOMPARE(d.otherTotalNs, sums[d.type].second);
    }
    for (std::size_t i = 1; i < c.byType.size(); ++i)
        QVERIFY(std::abs(c.byType[i - 1].deltaNs()) >= std::abs(c.byType[i].deltaNs()));
}

void TestCompare::streamIdsDiffer()
{
    // Two streams; the comparison run numbers them 100 and 200 instead of 3 and 5.
    std::vector<SynthOp> baseOps = longStream(800, 3, 2);
    for (SynthOp op : longStream(500, 5, 3))
        baseOps.push_back(op);
    std::vector<SynthOp> otherOps = baseOps;
    for (SynthOp& op : otherOps)
        op.stream = op.stream == 3 ? 100 : 200;
    otherOps.erase(otherOps.begin() + 400);
    const auto base = makeTable(baseOps);
    const auto other = makeTable(otherOps);
    const OperatorComparison c = compareOperators(*base, *other);
    QVERIFY(!c.streamsMatchedById);
    checkPartition(c, base->size(), other->size());
    QCOMPARE(c.matched.size(), base->size() - 1);
    QCOMPARE(c.onlyBase, std::vector<qint64> { 400 });
    QVERIFY(c.onlyOther.empty());
    QCOMPARE(c.streams.size(), std::size_t(2));
    QCOMPARE(c.streams[0].baseStream, qint64(3));
    QCOMPARE(c.streams[0].otherStream, qint64(100));
    QCOMPARE(c.streams[1].baseStream, qint64(5));
    QCOMPARE(c.streams[1].otherStream, qint64(200));
    for (const MatchedOp& m : c.matched)
        QCOMPARE(base->streamId[std::size_t(m.baseIndex)] == 3, other->streamId[std::size_t(m.otherIndex)] == 100);
}

void TestCompare::keyByName()
{
    const std::vector<SynthOp> ops = longStream(300, 1, 4);
    std::vector<SynthOp> otherOps = ops;
    for (SynthOp& op : otherOps)
        op.shapes = QStringLiteral("1,1"); // shapes changed: type-shape sees nothing in common, names still agree
    const auto base = makeTable(ops);
    const auto other = makeTable(otherOps);
    QCOMPARE(compareOperators(*base, *other).matched.size(), std::size_t(0));
    CompareOptions byName;
    byName.key = CompareKey::Name;
    QCOMPARE(compareOperators(*base, *other, byName).matched.size(), ops.size());
    // A tiny budget truncates instead of hanging, and still partitions the rows.
    CompareOptions tiny;
    tiny.maxWork = 10;
    std::vector<SynthOp> shuffled = ops;
    std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(5));
    const auto third = makeTable(shuffled);
    const OperatorComparison t = compareOperators(*base, *third, tiny);
    QVERIFY(t.truncated);
    checkPartition(t, base->size(), third->size());
}

void TestCompare::largeStream()
{
    // 10^6 kernels with 100 scattered edits: the alignment must stay near linear
    // (2 * 10^5 in the sanitizer build, where the time printed says nothing).
    const int n = test::kSanitizedBuild ? 200'000 : 1'000'000;
    const std::vector<SynthOp> baseOps = longStream(n, 1, 8);
    std::vector<SynthOp> otherOps = baseOps;
    std::mt19937 rng(9);
    for (int e = 0; e < 50; ++e)
        otherOps.erase(otherOps.begin() + rng() % otherOps.size());
    for (int e = 0; e < 50; ++e)
        otherOps.insert(otherOps.begin() + rng() % otherOps.size(), SynthOp { QStringLiteral("Extra"), QString(), 1, 5 });
    const auto base = makeTable(baseOps);
    const auto other = makeTable(otherOps);
    QElapsedTimer timer;
    timer.start();
    const OperatorComparison c = compareOperators(*base, *other);
    qDebug() << n << "kernels, 100 edits:" << timer.elapsed() << "ms";
    QVERIFY(!c.truncated);
    checkPartition(c, base->size(), other->size());
    QCOMPARE(c.matched.size(), std::size_t(n - 50));
    QCOMPARE(c.onlyOther.size(), std::size_t(50));
}

void TestCompare::divergedStreamsFallBack()
{
    // The sanitizer build runs the same case at a fifth of the size and of
    // the work budget (the default budget over 10^5 each: 200 M steps).
    const int n = test::kSanitizedBuild ? 20'000 : 100'000;
    const std::vector<SynthOp> a = longStream(n, 1, 10);
    const std::vector<SynthOp> b = longStream(n, 1, 11);
    const auto base = makeTable(a);
    const auto other = makeTable(b);
    CompareOptions options;
    options.maxWork = test::kSanitizedBuild ? options.maxWork / 25 : options.maxWork;
    QElapsedTimer timer;
    timer.start();
    const OperatorComparison c = compareOperators(*base, *other, options);
    qDebug() << "unrelated streams of" << n << "kernels:" << timer.elapsed() << "ms, truncated" << c.truncated << c.matched.size();
    QVERIFY(c.truncated);
    checkPartition(c, base->size(), other->size());
    QVERIFY(monotonic(c));
    // The greedy fallback still pairs a good part of two random sequences
    // over 18 keys (about 18,000 of 100,000 here; the optimum is far more).
    QVERIFY(c.matched.size() > std::size_t(n / 10));
}

void TestCompare::realRanks()
{
    const ProfilePtr p0 = ProfileLoader::load({ test::textRank(1, 0) });
    const ProfilePtr p1 = ProfileLoader::load({ test::textRank(1, 1) });
    const KernelTable& k0 = *p0->ranks.at(0)->kernels;
    const KernelTable& k1 = *p1->ranks.at(0)->kernels;
    QCOMPARE(k0.size(), std::size_t(191));
    QCOMPARE(k1.size(), std::size_t(191));
    const OperatorComparison c = compareOperators(k0, k1);
    checkPartition(c, k0.size(), k1.size());
    QVERIFY(c.streamsMatchedById);
    QVERIFY(!c.truncated);
    // Data-parallel ranks run the same program: everything pairs up.
    QCOMPARE(c.matched.size(), std::size_t(191));
    // Per-type totals against sums over the KernelTables themselves...
    std::map<QString, std::pair<TimeNs, TimeNs>> sums;
    for (std::size_t i = 0; i < k0.size(); ++i)
        sums[k0.strings.string(k0.type[i])].first += k0.durNs[i];
    for (std::size_t i = 0; i < k1.size(); ++i)
        sums[k1.strings.string(k1.type[i])].second += k1.durNs[i];
    QCOMPARE(c.byType.size(), std::size_t(34));
    qint64 count0 = 0, count1 = 0;
    for (const TypeDelta& d : c.byType) {
        QCOMPARE(d.baseTotalNs, sums[d.type].first);
        QCOMPARE(d.otherTotalNs, sums[d.type].second);
        count0 += d.baseCount;
        count1 += d.otherCount;
    }
    QCOMPARE(count0, qint64(191));
    QCOMPARE(count1, qint64(191));
    // ...and against Python's sums of the CSV (see the top of the file).
    auto find = [&c](const char* type) {
        return *std::find_if(c.byType.begin(), c.byType.end(),
                             [type](const TypeDelta& d) { return d.type == QLatin1String(type); });
    };
    QCOMPARE(find("TransData").baseTotalNs, TimeNs(1423202));
    QCOMPARE(find("TransData").otherTotalNs, TimeNs(1416001));
    QCOMPARE(find("hcom_allReduce_").baseTotalNs, TimeNs(105991876));
    QCOMPARE(find("hcom_allReduce_").otherTotalNs, TimeNs(100375284));
    // The biggest delta first.
    QCOMPARE(c.byType.front().type, QStringLiteral("hcom_allReduce_"));
}

void TestCompare::rankWithItself()
{
    for (int rank = 0; rank < 2; ++rank) {
        const ProfilePtr p = ProfileLoader::load({ test::textRank(1, rank) });
        const KernelTable& k = *p->ranks.at(0)->kernels;
        for (CompareKey key : { CompareKey::TypeAndShape, CompareKey::Name }) {
            CompareOptions o;
            o.key = key;
            const OperatorComparison c = compareOperators(k, k, o);
            QCOMPARE(c.matched.size(), k.size());
            QVERIFY(c.onlyBase.empty());
            QVERIFY(c.onlyOther.empty());
            for (const MatchedOp& m : c.matched) {
                QCOMPARE(m.baseIndex, m.otherIndex);
                QCOMPARE(m.deltaNs, TimeNs(0));
            }
            for (const TypeDelta& d : c.byType) {
                QCOMPARE(d.deltaNs(), TimeNs(0));
                QCOMPARE(d.matchedCount, d.baseCount);
            }
        }
    }
}

void TestCompare::cliCsv()
{
    const Run r = cli({ QStringLiteral("compare"), level1(), level1(), QStringLiteral("--rank-a"), QStringLiteral("0"),
                        QStringLiteral("--rank-b"), QStringLiteral("1") });
    QCOMPARE(r.exitCode, 0);
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 1 + 34);
    const QList<QByteArray> header = lines[0].split(',');
    QCOMPARE(header[0], QByteArray("Type"));
    for (const char* h : { "Base Total(us)", "Comparison Total(us)", "Delta(us)", "Delta(%)" })
        QVERIFY2(header.contains(h), h);
    QVERIFY(lines.contains("TransData,57,57,57,1423.202,1416.001,-7.201,-0.51"));
    QVERIFY(lines[1].startsWith("hcom_allReduce_,4,4,4,105991.876,100375.284,-5616.592,"));

    const Run top = cli({ QStringLiteral("compare"), level1(), level1(), QStringLiteral("--by"), QStringLiteral("op"),
                          QStringLiteral("--top"), QStringLiteral("5") });
    QCOMPARE(top.exitCode, 0);
    const QList<QByteArray> opLines = top.out.trimmed().split('\n');
    QCOMPARE(opLines.size(), 1 + 5);
    QVERIFY(opLines[0].startsWith("Side,Stream,Base Name,Comparison Name,Type,Input Shapes"));
    QVERIFY(opLines[1].startsWith("both,"));
}

void TestCompare::cliJsonByOp()
{
    const Run r = cli({ QStringLiteral("compare"), test::textRank(1, 0), test::textRank(1, 1), QStringLiteral("--by"),
                        QStringLiteral("op"), QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--key"),
                        QStringLiteral("name") });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject root = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(root[QStringLiteral("matched")].toInt(), 191);
    QCOMPARE(root[QStringLiteral("onlyBase")].toInt(), 0);
    QCOMPARE(root[QStringLiteral("onlyComparison")].toInt(), 0);
    QCOMPARE(root[QStringLiteral("base")].toObject()[QStringLiteral("rank")].toInt(), 0);
    QCOMPARE(root[QStringLiteral("comparison")].toObject()[QStringLiteral("rank")].toInt(), 1);
    const QJsonArray rows = root[QStringLiteral("rows")].toArray();
    QCOMPARE(rows.size(), 191);
    qint64 sum = 0;
    for (const QJsonValue& v : rows) {
        const QJsonObject o = v.toObject();
        QCOMPARE(o[QStringLiteral("side")].toString(), QStringLiteral("both"));
        QCOMPARE(o[QStringLiteral("baseName")].toString(), o[QStringLiteral("comparisonName")].toString());
        sum += qint64(o[QStringLiteral("deltaNs")].toDouble());
    }
    // Σ op deltas = Σ comparison - Σ base (all ops matched).
    const ProfilePtr p0 = ProfileLoader::load({ test::textRank(1, 0) });
    const ProfilePtr p1 = ProfileLoader::load({ test::textRank(1, 1) });
    qint64 expected = 0;
    for (TimeNs d : p1->ranks.at(0)->kernels->durNs)
        expected += d;
    for (TimeNs d : p0->ranks.at(0)->kernels->durNs)
        expected -= d;
    QCOMPARE(sum, expected);
}

void TestCompare::cliBadArgs()
{
    const QString p = level1();
    const QList<QStringList> bad {
        { QStringLiteral("compare") },
        { QStringLiteral("compare"), p },
        { QStringLiteral("compare"), p, p, p },
        { QStringLiteral("compare"), p, p, QStringLiteral("--by"), QStringLiteral("stream") },
        { QStringLiteral("compare"), p, p, QStringLiteral("--key"), QStringLiteral("shape") },
        { QStringLiteral("compare"), p, p, QStringLiteral("--format"), QStringLiteral("xml") },
        { QStringLiteral("compare"), p, p, QStringLiteral("--rank-a"), QStringLiteral("x") },
        { QStringLiteral("compare"), p, p, QStringLiteral("--top"), QStringLiteral("-1") },
        { QStringLiteral("compare"), p, p, QStringLiteral("--bogus") },
    };
    for (const QStringList& args : bad) {
        const Run r = cli(args);
        QVERIFY2(r.exitCode == 2, qPrintable(args.join(QLatin1Char(' '))));
        QVERIFY(!r.err.isEmpty());
    }
    // A rank that is not there is a runtime error, not a usage error.
    const Run missing = cli({ QStringLiteral("compare"), p, p, QStringLiteral("--rank-b"), QStringLiteral("9") });
    QCOMPARE(missing.exitCode, 1);
    QCOMPARE(cli({ QStringLiteral("compare"), QStringLiteral("--help") }).exitCode, 0);
}

QTEST_GUILESS_MAIN(TestCompare)
#include "tst_compare.moc"
