// SPDX-License-Identifier: Apache-2.0
// Range statistics against an independent reading of the same trace_view.json
// (QJsonDocument, exact decimal µs, clipped sums written in the test support):
// each slice counts only its part inside the range, slices sticking out are
// counted as partial, the Overlap Analysis lanes are not ops.
#include "analysis/rangestats.h"
#include "load/profileloader.h"
#include "testsupport.h"

#include <QDir>
#include <QTest>

using namespace profscope;

class TestRangeStats : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void clippedTotalsMatchTheTrace_data();
    void clippedTotalsMatchTheTrace();
    void stepSlicePartlyInsideCountsItsPart();
    void categoriesAddUpToTheRange();
    void laneFilterAndEmptyRange();
};

namespace {

QString traceOf(int level, int rank)
{
    return QDir(test::textRank(level, rank)).filePath(QStringLiteral("ASCEND_PROFILER_OUTPUT/trace_view.json"));
}

} // namespace

void TestRangeStats::clippedTotalsMatchTheTrace_data()
{
    QTest::addColumn<int>("level");
    QTest::addColumn<int>("rank");
    QTest::addColumn<qint64>("fromStepStartNs");
    QTest::addColumn<qint64>("lengthNs");
    // A 6.3 ms window in the middle of the step, one across its end, the whole step with margins.
    QTest::newRow("level1/rank0 mid-step 6.3 ms") << 1 << 0 << qint64(20'000'000) << qint64(6'300'000);
    QTest::newRow("level2/rank1 mid-step 1 ms") << 2 << 1 << qint64(40'000'123) << qint64(1'000'000);
    QTest::newRow("level0/rank0 across the step end") << 0 << 0 << qint64(-3'000'000) << qint64(8'000'000);
    QTest::newRow("level1/rank1 whole step") << 1 << 1 << qint64(-1'000'000) << qint64(400'000'000);
}

void TestRangeStats::clippedTotalsMatchTheTrace()
{
    QFETCH(int, level);
    QFETCH(int, rank);
    QFETCH(qint64, fromStepStartNs);
    QFETCH(qint64, lengthNs);
    const QString json = traceOf(level, rank);
    // The step marker's name differs per fixture (ProfilerStep#50 ...): take the rank's own marker.
    const ProfilePtr profile = ProfileLoader::load({ test::textRank(level, rank) });
    QCOMPARE(profile->ranks.size(), std::size_t(1));
    const TraceData& trace = profile->ranks.front()->trace;
    QVERIFY(!trace.steps.empty());
    const qint64 markerNs = trace.steps.front().rangeNs.startNs;
    const qint64 refMarkerNs
        = test::referenceSliceStartNs(json, QStringLiteral("ProfilerStep#") + trace.steps.front().id);
    QCOMPARE(markerNs, refMarkerNs);
    // "across the step end": relative to the end of the first step.
    const qint64 base = fromStepStartNs < 0 ? trace.steps.front().rangeNs.endNs : markerNs;
    const TimeRange range { base + fromStepStartNs, base + fromStepStartNs + lengthNs };

    const QHash<QString, test::ReferenceRangeRow> expected = test::referenceRangeByName(json, range.startNs, range.endNs);
    QVERIFY(!expected.isEmpty());
    const RangeStats stats = computeRangeStats(trace, range);
    QCOMPARE(qsizetype(stats.byName.size()), expected.size());
    qint64 partial = 0;
    for (const RangeStatRow& r : stats.byName) {
        QVERIFY2(expected.contains(r.name), qPrintable(r.name));
        const test::ReferenceRangeRow& e = expected[r.name];
        QCOMPARE(r.count, e.count);
        QCOMPARE(r.partialCount, e.partial);
        QCOMPARE(r.totalNs, e.totalNs);
        QVERIFY(r.maxNs <= lengthNs);
        QVERIFY(r.lane.isEmpty());
        partial += e.partial;
    }
    QCOMPARE(stats.partialCount(), partial);
    // Per lane rows add up to the per-name rows.
    QHash<QString, qint64> laneTotals;
    for (const RangeStatRow& r : stats.byLane) {
        QVERIFY(!r.lane.isEmpty());
        laneTotals[r.name] += r.totalNs;
    }
    for (const RangeStatRow& r : stats.byName)
        QCOMPARE(laneTotals.value(r.name), r.totalNs);
    // Sorted by total, largest first.
    for (std::size_t i = 1; i < stats.byName.size(); ++i)
        QVERIFY(stats.byName[i - 1].totalNs >= stats.byName[i].totalNs);
}

void TestRangeStats::stepSlicePartlyInsideCountsItsPart()
{
    // The issue's case: a 6.3 ms selection inside a 156 ms step lists the step with 6.3 ms, partial.
    const ProfilePtr profile = ProfileLoader::load({ test::textRank(1, 0) });
    const TraceData& trace = profile->ranks.front()->trace;
    const StepMarker& step = trace.steps.front();
    const TimeRange range { step.rangeNs.startNs + 20'000'000, step.rangeNs.startNs + 26'300'000 };
    const RangeStats stats = computeRangeStats(trace, range);
    const QString stepName = QStringLiteral("ProfilerStep#") + step.id;
    bool found = false;
    for (const RangeStatRow& r : stats.byName)
        if (r.name == stepName) {
            found = true;
            QCOMPARE(r.count, 1LL);
            QCOMPARE(r.partialCount, 1LL);
            QCOMPARE(r.totalNs, 6'300'000LL);
        }
    QVERIFY(found);
    // Overlap Analysis pseudo-slices are not ops.
    for (const RangeStatRow& r : stats.byName) {
        QVERIFY(r.name != QLatin1String("Computing"));
        QVERIFY(r.name != QLatin1String("Free"));
        QVERIFY(r.name != QLatin1String("Communication(Not Overlapped)"));
    }
}

void TestRangeStats::categoriesAddUpToTheRange()
{
    const QString json = traceOf(1, 0);
    const ProfilePtr profile = ProfileLoader::load({ test::textRank(1, 0) });
    const TraceData& trace = profile->ranks.front()->trace;
    const StepMarker& step = trace.steps.front();
    const TimeRange range { step.rangeNs.startNs + 30'000'000, step.rangeNs.startNs + 90'000'000 };
    const RangeStats stats = computeRangeStats(trace, range);
    const RangeOverlapBlock& o = stats.overlap;
    QVERIFY(o.hasDeviceTasks);
    QCOMPARE(o.rangeNs, 60'000'000LL);
    QCOMPARE(o.computingNs + o.communicationNotOverlappedNs + o.freeNs, o.rangeNs);
    QCOMPARE(o.overlappedNs + o.communicationNotOverlappedNs, o.communicationNs);
    QVERIFY(o.computingNs > 0);
    // The profiler's own lanes, clipped the same way, as read independently.
    QHash<QString, qint64> lanes;
    test::referenceRangeByName(json, range.startNs, range.endNs, &lanes);
    QVERIFY(o.hasProfilerLanes);
    QCOMPARE(o.lanesComputingNs, lanes.value(QStringLiteral("Computing")));
    QCOMPARE(o.lanesFreeNs, lanes.value(QStringLiteral("Free")));
    QCOMPARE(o.lanesCommunicationNs, lanes.value(QStringLiteral("Communication")));
    QCOMPARE(o.lanesCommunicationNotOverlappedNs, lanes.value(QStringLiteral("Communication(Not Overlapped)")));
    // And the recomputation agrees with them within 1% of the range where the profiler covers it.
    QVERIFY(std::abs(o.computingNs - o.lanesComputingNs) <= o.rangeNs / 100);
}

void TestRangeStats::laneFilterAndEmptyRange()
{
    const ProfilePtr profile = ProfileLoader::load({ test::textRank(1, 0) });
    const TraceData& trace = profile->ranks.front()->trace;
    const TimeRange step = trace.steps.front().rangeNs;
    const RangeStats all = computeRangeStats(trace, step);
    const RangeStats none = computeRangeStats(trace, step, [](int, int) { return false; });
    QVERIFY(!all.byName.empty());
    QVERIFY(none.byName.empty());
    QVERIFY(none.byLane.empty());
    QVERIFY(computeRangeStats(trace, { step.endNs, step.startNs }).byName.empty());
    // Merging the same rows twice doubles counts and totals, keeps min and max.
    const std::vector<RangeStatRow> twice = mergeRangeRows({ all.byLane, all.byLane });
    QCOMPARE(twice.size(), all.byLane.size());
    QCOMPARE(twice.front().totalNs, 2 * all.byLane.front().totalNs);
    QCOMPARE(twice.front().count, 2 * all.byLane.front().count);
    QCOMPARE(twice.front().maxNs, all.byLane.front().maxNs);
}

QTEST_GUILESS_MAIN(TestRangeStats)
#include "tst_rangestats.moc"
