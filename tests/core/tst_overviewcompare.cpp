// SPDX-License-Identifier: Apache-2.0
// The Overview of two runs: rows paired by the rank mapping, per-part and
// step-time deltas, the delta explained by category, runs of different
// sizes. Expected figures are read here from each rank's
// step_trace_time.csv (the profiler's own numbers, plain text reading), not
// through the code under test; the recomputed figures agree with them within
// 1% of the step, the Overview's own check.
#include "testsupport.h"

#include "analysis/overviewcompare.h"
#include "generate/clustergenerator.h"
#include "load/profileloader.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace profscope;

namespace {

// Computing only, Overlapped, Communication only, Free, Preparing and their
// sum, in ns, from step_trace_time.csv's one row (step 50).
struct CsvFigures
{
    std::array<qint64, 5> partsNs {};
    qint64 totalNs = 0;
};

CsvFigures readStepTrace(int level, int rank)
{
    CsvFigures f;
    QFile file(test::textRank(level, rank) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/step_trace_time.csv"));
    if (!file.open(QIODevice::ReadOnly))
        return f;
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (lines.size() < 2)
        return f;
    const QStringList header = lines[0].trimmed().split(QLatin1Char(','));
    const QStringList cells = lines[1].trimmed().split(QLatin1Char(','));
    const auto ns = [&](const char* name) {
        const qsizetype i = header.indexOf(QLatin1String(name));
        return i >= 0 && i < cells.size() ? qint64(std::llround(cells[i].toDouble() * 1000.0)) : qint64(0);
    };
    const qint64 computing = ns("Computing");
    const qint64 overlapped = ns("Overlapped");
    f.partsNs = { computing - overlapped, overlapped, ns("Communication(Not Overlapped)"), ns("Free"),
        ns("Preparing") };
    for (qint64 p : f.partsNs)
        f.totalNs += p;
    return f;
}

ProfilePtr loadLevel(int level)
{
    return ProfileLoader::load({ test::textRank(level, 0), test::textRank(level, 1) });
}

} // namespace

class TestOverviewCompare : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rowsAndDeltas_data();
    void rowsAndDeltas();
    void editedMapping();
    void runsOfDifferentSizes();
    void eightAgainstTwo();
    void missingStep();
};

void TestOverviewCompare::rowsAndDeltas_data()
{
    QTest::addColumn<int>("baseLevel");
    QTest::addColumn<int>("otherLevel");
    QTest::addColumn<QString>("step");
    for (const auto& [a, b] : { std::pair { 0, 1 }, { 1, 2 }, { 2, 0 }, { 1, 1 } }) {
        QTest::addRow("level%d vs level%d, step 50", a, b) << a << b << QStringLiteral("50");
        QTest::addRow("level%d vs level%d, all steps", a, b) << a << b << QString();
    }
}

void TestOverviewCompare::rowsAndDeltas()
{
    QFETCH(int, baseLevel);
    QFETCH(int, otherLevel);
    QFETCH(QString, step);
    const ProfilePtr base = loadLevel(baseLevel);
    const ProfilePtr other = loadLevel(otherLevel);
    QCOMPARE(base->ranks.size(), std::size_t(2));
    QCOMPARE(other->ranks.size(), std::size_t(2));
    const OverviewComparison c
        = compareOverviews(*base, *other, RankMapping::byRankId(*base, *other), step, step);
    QCOMPARE(c.rows.size(), std::size_t(2));
    QCOMPARE(c.pairedRows, 2);
    QVERIFY(c.otherUnmapped.empty());

    double baseSum = 0;
    double otherSum = 0;
    std::array<double, 5> partDeltaSum {};
    for (const OverviewCompareRow& row : c.rows) {
        // Rank ids pair 0 with 0 and 1 with 1.
        QCOMPARE(row.otherRankId, row.baseRankId);
        QVERIFY(row.paired());
        QCOMPARE(row.base.steps, 1); // one step, "50", in every fixture
        const CsvFigures b = readStepTrace(baseLevel, row.baseRankId);
        const CsvFigures o = readStepTrace(otherLevel, row.otherRankId);
        QVERIFY(b.totalNs > 100'000'000 && o.totalNs > 100'000'000); // 100+ ms steps: the file was read
        const qint64 tolB = b.totalNs / 100;
        const qint64 tolO = o.totalNs / 100;
        for (int p = 0; p < 5; ++p) {
            QVERIFY2(std::abs(row.base.partsNs[std::size_t(p)] - b.partsNs[std::size_t(p)]) <= tolB,
                qPrintable(QStringLiteral("base rank %1 part %2: %3 vs %4 in the file")
                               .arg(row.baseRankId)
                               .arg(p)
                               .arg(row.base.partsNs[std::size_t(p)])
                               .arg(b.partsNs[std::size_t(p)])));
            QVERIFY(std::abs(row.other.partsNs[std::size_t(p)] - o.partsNs[std::size_t(p)]) <= tolO);
            QVERIFY(std::abs(row.partDeltaNs(OverviewPart(p)) - (o.partsNs[std::size_t(p)] - b.partsNs[std::size_t(p)]))
                <= tolB + tolO);
            partDeltaSum[std::size_t(p)] += double(row.partDeltaNs(OverviewPart(p)));
        }
        QVERIFY(std::abs(row.base.totalNs - b.totalNs) <= tolB);
        QVERIFY(std::abs(row.other.totalNs - o.totalNs) <= tolO);
        QVERIFY(std::abs(row.totalDeltaNs() - (o.totalNs - b.totalNs)) <= tolB + tolO);
        // The parts' deltas add up to the step-time delta, to the ns.
        TimeNs sum = 0;
        for (int p = 0; p < kOverviewPartCount; ++p)
            sum += row.partDeltaNs(OverviewPart(p));
        QCOMPARE(sum, row.totalDeltaNs());
        baseSum += double(row.base.totalNs);
        otherSum += double(row.other.totalNs);
    }
    // The explanation: means over the two paired ranks.
    QCOMPARE(c.meanBaseTotalNs(), baseSum / 2);
    QCOMPARE(c.meanOtherTotalNs(), otherSum / 2);
    double explained = 0;
    for (int p = 0; p < kOverviewPartCount; ++p) {
        QCOMPARE(c.meanPartDeltaNs(OverviewPart(p)), partDeltaSum[std::size_t(p)] / 2);
        explained += c.meanPartDeltaNs(OverviewPart(p));
    }
    QVERIFY(std::abs(explained - c.meanTotalDeltaNs()) < 1e-6);
    if (baseLevel == otherLevel)
        QCOMPARE(c.meanTotalDeltaNs(), 0.0);
}

void TestOverviewCompare::editedMapping()
{
    // Crossed: base rank 0 against comparison rank 1 and the other way round.
    const ProfilePtr base = loadLevel(0);
    const ProfilePtr other = loadLevel(2);
    QString error;
    const RankMapping crossed = RankMapping::parse(QStringLiteral("0:1,1:0"), *base, *other, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const OverviewComparison c = compareOverviews(*base, *other, crossed, QStringLiteral("50"), QStringLiteral("50"));
    for (const OverviewCompareRow& row : c.rows) {
        QCOMPARE(row.otherRankId, 1 - row.baseRankId);
        const CsvFigures o = readStepTrace(2, row.otherRankId);
        QVERIFY(std::abs(row.other.totalNs - o.totalNs) <= o.totalNs / 100);
    }
    // Only rank 1 paired: one row without a partner, comparison rank 1 unused.
    const RankMapping one = RankMapping::parse(QStringLiteral("1:0"), *base, *other, &error);
    const OverviewComparison d = compareOverviews(*base, *other, one, {}, {});
    QCOMPARE(d.pairedRows, 1);
    QCOMPARE(d.rows[0].otherRank, -1);
    QVERIFY(!d.rows[0].paired());
    QCOMPARE(d.otherUnmapped, std::vector<int> { 1 });
    QCOMPARE(d.meanBaseTotalNs(), double(d.rows[1].base.totalNs));
}

void TestOverviewCompare::runsOfDifferentSizes()
{
    // A 2-rank run against a 1-rank run (level1 rank 0 only) and back.
    const ProfilePtr two = loadLevel(1);
    const ProfilePtr one = ProfileLoader::load({ test::textRank(1, 0) });
    QCOMPARE(one->ranks.size(), std::size_t(1));
    const OverviewComparison c = compareOverviews(*two, *one, RankMapping::byRankId(*two, *one), {}, {});
    QCOMPARE(c.pairedRows, 2); // both base ranks against the one comparison rank
    QCOMPARE(c.rows[0].otherRank, 0);
    QCOMPARE(c.rows[1].otherRank, 0);
    // Rank 0 against itself: no delta at all.
    QCOMPARE(c.rows[0].totalDeltaNs(), TimeNs(0));
    const CsvFigures r0 = readStepTrace(1, 0);
    const CsvFigures r1 = readStepTrace(1, 1);
    QVERIFY(std::abs(c.rows[1].totalDeltaNs() - (r0.totalNs - r1.totalNs)) <= (r0.totalNs + r1.totalNs) / 100);

    const OverviewComparison back = compareOverviews(*one, *two, RankMapping::byRankId(*one, *two), {}, {});
    QCOMPARE(back.rows.size(), std::size_t(1));
    QCOMPARE(back.pairedRows, 1);
    QCOMPARE(back.otherUnmapped, std::vector<int> { 1 });
}

void TestOverviewCompare::eightAgainstTwo()
{
    // A generated 8-rank run against the real 2-rank one: ranks 0..7 take
    // comparison ranks 0, 1, 0, 1, ...
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    GeneratorOptions options;
    options.ranks = 8;
    options.steps = 2;
    options.ops = 6;
    QString error;
    QVERIFY2(generateCluster(dir.path(), options, &error), qPrintable(error));
    const ProfilePtr eight = ProfileLoader::load({ dir.path() });
    QCOMPARE(eight->ranks.size(), std::size_t(8));
    const ProfilePtr two = loadLevel(0);
    const RankMapping mapping = RankMapping::byRankId(*eight, *two);
    const OverviewComparison c = compareOverviews(*eight, *two, mapping, {}, {});
    QCOMPARE(c.rows.size(), std::size_t(8));
    QCOMPARE(c.pairedRows, 8);
    const CsvFigures level0[2] = { readStepTrace(0, 0), readStepTrace(0, 1) };
    for (const OverviewCompareRow& row : c.rows) {
        QCOMPARE(row.otherRankId, row.baseRankId % 2);
        QCOMPARE(row.base.steps, 2);
        const CsvFigures& o = level0[row.otherRankId];
        QVERIFY(std::abs(row.other.totalNs - o.totalNs) <= o.totalNs / 100);
    }
    // A mapping typed for the 2-rank run does not fit the 8-rank one: the
    // default by rank id is used instead.
    const OverviewComparison wrongSize = compareOverviews(*eight, *two, RankMapping({ 1, 0 }), {}, {});
    QCOMPARE(wrongSize.pairedRows, 8);
    QCOMPARE(wrongSize.rows[0].otherRank, 0);
}

void TestOverviewCompare::missingStep()
{
    // Step 51 exists in neither run: nothing paired, nothing explained.
    const ProfilePtr base = loadLevel(0);
    const ProfilePtr other = loadLevel(1);
    const OverviewComparison c = compareOverviews(
        *base, *other, RankMapping::byRankId(*base, *other), QStringLiteral("51"), QStringLiteral("51"));
    QCOMPARE(c.rows.size(), std::size_t(2));
    QCOMPARE(c.pairedRows, 0);
    QVERIFY(!c.rows[0].base.known);
    QCOMPARE(c.meanTotalDeltaNs(), 0.0);
}

QTEST_GUILESS_MAIN(TestOverviewCompare)
#include "tst_overviewcompare.moc"
