// SPDX-License-Identifier: Apache-2.0
// Rank lists of communication groups (model/ranklist.h): equal lists share one
// copy, different ones never do, and writing a shared list leaves the others
// as they were. Loaded end to end: every member's copy of a group's list is
// the same one, and the summary written from it is unchanged.

#include "generate/clustergenerator.h"
#include "load/profileloader.h"
#include "model/ranklist.h"

#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent>

#include <numeric>

using namespace profscope;

namespace {

std::vector<int> iota(int n, int from = 0)
{
    std::vector<int> v(std::size_t(n), 0);
    std::iota(v.begin(), v.end(), from);
    return v;
}

} // namespace

class TestRankList : public QObject
{
    Q_OBJECT

private slots:
    void readsLikeAVector()
    {
        const RankList none;
        QVERIFY(none.empty());
        QCOMPARE(none.size(), std::size_t(0));
        QVERIFY(none.begin() == none.end());
        RankList list { 4, 5, 6 };
        QCOMPARE(list.size(), std::size_t(3));
        QCOMPARE(list[1], 5);
        QVERIFY(list == (std::vector<int> { 4, 5, 6 }));
        list.push_back(7);
        QCOMPARE(list.vector(), (std::vector<int> { 4, 5, 6, 7 }));
    }

    void equalListsShare()
    {
        RankListPool pool;
        RankList a(iota(2500));
        RankList b(iota(2500));
        QVERIFY(!a.sharesWith(b));
        pool.share(a);
        pool.share(b);
        QVERIFY(a.sharesWith(b));
        QCOMPARE(b.vector(), iota(2500));
        // Sharing again changes nothing.
        pool.share(b);
        QVERIFY(a.sharesWith(b));
    }

    // The hash reads at most 65 of 2,500 ids: lists that differ in one id it
    // does not read must still not share.
    void differentListsDoNotShare_data()
    {
        QTest::addColumn<int>("changed");
        QTest::newRow("first") << 0;
        QTest::newRow("one the hash skips") << 1;
        QTest::newRow("middle") << 1250;
        QTest::newRow("next to last") << 2498;
        QTest::newRow("last") << 2499;
    }
    void differentListsDoNotShare()
    {
        QFETCH(int, changed);
        RankListPool pool;
        RankList a(iota(2500));
        std::vector<int> other = iota(2500);
        other[std::size_t(changed)] = -7;
        RankList b(other);
        RankList shorter(iota(2499));
        pool.share(a);
        pool.share(b);
        pool.share(shorter);
        QVERIFY(!a.sharesWith(b));
        QVERIFY(!a.sharesWith(shorter));
        QCOMPARE(b.vector(), other);
        QCOMPARE(a.vector(), iota(2500));
    }

    void emptyListsAreLeftAlone()
    {
        RankListPool pool;
        RankList a;
        RankList b(std::vector<int> {});
        pool.share(a);
        pool.share(b);
        QVERIFY(!a.sharesWith(b));
        QVERIFY(a.empty() && b.empty());
    }

    void writingASharedListCopiesIt()
    {
        RankListPool pool;
        RankList a(iota(8));
        RankList b(iota(8));
        pool.share(a);
        pool.share(b);
        QVERIFY(a.sharesWith(b));
        b.push_back(99);
        QVERIFY(!a.sharesWith(b));
        QCOMPARE(a.vector(), iota(8));
        QCOMPARE(b.size(), std::size_t(9));
        // A plain copy shares too, and is copied when written.
        RankList c = a;
        QVERIFY(c.sharesWith(a));
        c.edit()[0] = 42;
        QCOMPARE(a[0], 0);
        QCOMPARE(c[0], 42);
    }

    void manyThreadsShareOneCopy()
    {
        RankListPool pool;
        std::vector<RankList> lists;
        for (int i = 0; i < 400; ++i)
            lists.emplace_back(iota(1000 + (i % 4), i % 4)); // four distinct lists
        QThreadPool threads;
        threads.setMaxThreadCount(4);
        QtConcurrent::blockingMap(&threads, lists, [&pool](RankList& l) { pool.share(l); });
        for (std::size_t i = 0; i < lists.size(); ++i) {
            QVERIFY(lists[i].sharesWith(lists[i % 4]));
            QCOMPARE(lists[i].vector(), iota(1000 + int(i % 4), int(i % 4)));
        }
        QVERIFY(!lists[0].sharesWith(lists[1]));
    }

    // A generated cluster: every rank's copy of the data-parallel group is one
    // list, with the members the generator wrote (ranks 0..15).
    void loadedRanksShareTheirGroups()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        GeneratorOptions o;
        o.ranks = 16;
        o.steps = 1;
        o.ops = 4;
        o.seed = 3;
        QString error;
        QVERIFY2(generateCluster(dir.path(), o, &error), qPrintable(error));
        LoadOptions options;
        options.useCache = false;
        const ProfilePtr profile = ProfileLoader::load({ dir.path() }, options);
        QVERIFY(profile);
        QCOMPARE(int(profile->ranks.size()), 16);
        const ParallelGroup* first = nullptr;
        for (const auto& rank : profile->ranks) {
            QCOMPARE(rank->info.parallelGroups.size(), std::size_t(1));
            const ParallelGroup& g = rank->info.parallelGroups[0];
            QCOMPARE(g.globalRanks.vector(), iota(16));
            if (!first)
                first = &g;
            else
                QVERIFY(g.globalRanks.sharesWith(first->globalRanks));
        }
    }
};

QTEST_GUILESS_MAIN(TestRankList)
#include "tst_ranklist.moc"
