// SPDX-License-Identifier: Apache-2.0
// stableSortRuns (core/model/runsort.h): the runs of an input merged must
// give exactly std::stable_sort's order, ties included, for any number of
// runs (a few: merged; many: sorted), and IntervalSet built on it must give
// the union computed here by brute force over a time grid. gallopBound must
// give std::lower_bound / upper_bound for any hint.
#include "analysis/intervals.h"
#include "model/runsort.h"

#include <QTest>

#include <algorithm>
#include <random>
#include <vector>

using namespace profscope;

namespace {

struct Item
{
    int key;
    int seq; // the input position: stability shows in it
    bool operator==(const Item&) const = default;
};

// `runs` sorted runs of random keys (from a small range: many ties), concatenated.
std::vector<Item> makeRuns(int runs, int perRun, std::mt19937& rng)
{
    std::vector<Item> items;
    std::uniform_int_distribution<int> key(0, 40);
    for (int r = 0; r < runs; ++r) {
        std::vector<int> keys(static_cast<std::size_t>(perRun));
        for (int& k : keys)
            k = key(rng);
        std::sort(keys.begin(), keys.end());
        for (int k : keys)
            items.push_back({ k, int(items.size()) });
    }
    return items;
}

} // namespace

class TestRunSort : public QObject
{
    Q_OBJECT

private slots:
    void sameAsStableSort_data()
    {
        QTest::addColumn<int>("runs");
        QTest::addColumn<int>("perRun");
        QTest::newRow("empty") << 0 << 0;
        QTest::newRow("one element") << 1 << 1;
        QTest::newRow("one run") << 1 << 500;
        QTest::newRow("two runs") << 2 << 300;
        QTest::newRow("three runs (one carried)") << 3 << 200;
        QTest::newRow("seven runs") << 7 << 100;
        QTest::newRow("64 runs") << 64 << 20;
        QTest::newRow("many runs: sorted instead") << 300 << 5;
        QTest::newRow("runs of one (reversed input)") << 1 << 0; // filled below
    }
    void sameAsStableSort()
    {
        QFETCH(int, runs);
        QFETCH(int, perRun);
        std::mt19937 rng(42);
        std::vector<Item> items = makeRuns(runs, perRun, rng);
        if (QByteArray(QTest::currentDataTag()).startsWith("runs of one"))
            for (int i = 0; i < 200; ++i)
                items.push_back({ 200 - i, i });
        const auto byKey = [](const Item& a, const Item& b) { return a.key < b.key; };
        std::vector<Item> want = items;
        std::stable_sort(want.begin(), want.end(), byKey);
        stableSortRuns(items.begin(), items.end(), byKey);
        QVERIFY(items == want);
    }

    // Random sorted values with runs of equal ones, searched in increasing,
    // decreasing and random order (the hint left by each search reused).
    void gallopBoundMatchesBinarySearch()
    {
        std::mt19937 rng(3);
        for (int n : { 0, 1, 2, 7, 100, 1000 }) {
            std::vector<qint64> v(static_cast<std::size_t>(n));
            std::uniform_int_distribution<qint64> value(0, n / 3 + 1);
            for (qint64& x : v)
                x = value(rng);
            std::sort(v.begin(), v.end());
            std::vector<qint64> queries;
            for (qint64 q = -2; q <= n / 3 + 3; ++q)
                queries.push_back(q);
            std::vector<qint64> reversed(queries.rbegin(), queries.rend());
            std::vector<qint64> shuffled = queries;
            std::shuffle(shuffled.begin(), shuffled.end(), rng);
            for (const std::vector<qint64>* order : { &queries, &reversed, &shuffled })
                for (const bool upper : { false, true }) {
                    std::size_t hint = 0;
                    for (const qint64 q : *order) {
                        const auto want = std::size_t(
                            (upper ? std::upper_bound(v.begin(), v.end(), q) : std::lower_bound(v.begin(), v.end(), q))
                            - v.begin());
                        const std::size_t got = gallopBound(v.data(), v.size(), q, upper, hint);
                        QCOMPARE(got, want);
                        QCOMPARE(hint, want);
                    }
                }
        }
    }

    // The union of ranges lane by lane (each lane sorted, lanes overlapping)
    // against a grid of 1 ns cells marked by brute force.
    void intervalUnion()
    {
        std::mt19937 rng(7);
        std::uniform_int_distribution<int> gap(0, 30), length(0, 25);
        std::vector<TimeRange> ranges;
        std::vector<char> covered(4000, 0);
        for (int lane = 0; lane < 5; ++lane) {
            TimeNs t = gap(rng);
            for (int i = 0; i < 60; ++i) {
                const TimeNs end = t + length(rng);
                ranges.push_back({ t, end });
                for (TimeNs c = t; c < end; ++c)
                    covered[std::size_t(c)] = 1;
                t = end + gap(rng);
            }
        }
        const IntervalSet set = IntervalSet::fromUnsorted(ranges);
        const TimeNs want = std::count(covered.begin(), covered.end(), 1);
        QCOMPARE(set.totalNs(), want);
        // Two halves united give the same set.
        const std::vector<TimeRange> firstHalf(ranges.begin(), ranges.begin() + 150);
        const std::vector<TimeRange> secondHalf(ranges.begin() + 150, ranges.end());
        const IntervalSet united = IntervalSet::fromUnsorted(firstHalf).unite(IntervalSet::fromUnsorted(secondHalf));
        QCOMPARE(united.totalNs(), want);
        QCOMPARE(united.bounds().startNs, set.bounds().startNs);
        QCOMPARE(united.bounds().endNs, set.bounds().endNs);
    }
};

QTEST_GUILESS_MAIN(TestRunSort)
#include "tst_runsort.moc"
