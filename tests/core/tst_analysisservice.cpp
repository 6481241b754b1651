// SPDX-License-Identifier: Apache-2.0
// The analysis jobs (ids, supersession, cancellation, delivery on the
// requester's thread) and the per-profile memo the pages share.
#include "testsupport.h"

#include "analysis/advice.h"
#include "analysis/analysisservice.h"
#include "analysis/cluster.h"
#include "load/profileloader.h"

#include <QSemaphore>
#include <QTest>
#include <QThread>
#include <QtConcurrent>

#include <atomic>

using namespace profscope;

class TestAnalysisService : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void deliversOnTheRequesterThread();
    void newerRequestSupersedes();
    void channelsAreIndependent();
    void cancelDropsTheResult();
    void destroyedRequesterGetsNothing();
    void synchronousRunsAtOnce();
    void memoComputesOnce();
    void clusterStepsShared();
    void loadJobPreparesAnalyses();

private:
    ProfilePtr level2();
};

void TestAnalysisService::init()
{
    AnalysisService::setSynchronousForBenchmark(false);
    QVERIFY(AnalysisService::instance()->waitUntilIdle(10000));
}

ProfilePtr TestAnalysisService::level2()
{
    const QString path = test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text/level2"));
    if (!QFileInfo::exists(path))
        return nullptr;
    return ProfileLoader::load({ path });
}

void TestAnalysisService::deliversOnTheRequesterThread()
{
    QObject requester;
    QThread* computedOn = nullptr;
    QThread* deliveredOn = nullptr;
    int value = 0;
    const quint64 id = AnalysisService::instance()->request<int>(
        &requester, QStringLiteral("a"),
        [&computedOn](const JobToken&) {
            computedOn = QThread::currentThread();
            return 42;
        },
        [&](int v) {
            deliveredOn = QThread::currentThread();
            value = v;
        });
    QVERIFY(id > 0);
    QCOMPARE(AnalysisService::instance()->currentJob(&requester, QStringLiteral("a")), id);
    QVERIFY(!AnalysisService::instance()->idle());
    QTRY_COMPARE(value, 42);
    QVERIFY(computedOn && computedOn != QThread::currentThread());
    QCOMPARE(deliveredOn, QThread::currentThread());
    QTRY_VERIFY(AnalysisService::instance()->idle());
    QCOMPARE(AnalysisService::instance()->currentJob(&requester, QStringLiteral("a")), quint64(0));
}

void TestAnalysisService::newerRequestSupersedes()
{
    QObject requester;
    QSemaphore started, release;
    std::atomic_bool firstSawCancel = false;
    QList<int> delivered;
    AnalysisService* service = AnalysisService::instance();
    const quint64 first = service->request<int>(
        &requester, QStringLiteral("step"),
        [&](const JobToken& token) {
            started.release();
            release.acquire(); // still running when the second request comes
            firstSawCancel = token.canceled();
            return 1;
        },
        [&](int v) { delivered << v; });
    QVERIFY(started.tryAcquire(1, 10000));
    const quint64 second = service->request<int>(
        &requester, QStringLiteral("step"), [](const JobToken&) { return 2; }, [&](int v) { delivered << v; });
    QVERIFY(second > first);
    release.release();
    QVERIFY(service->waitUntilIdle(10000));
    QCOMPARE(delivered, QList<int> { 2 });
    QVERIFY(firstSawCancel);
}

void TestAnalysisService::channelsAreIndependent()
{
    QObject requester;
    int a = 0, b = 0;
    AnalysisService::instance()->request<int>(
        &requester, QStringLiteral("a"), [](const JobToken&) { return 1; }, [&](int v) { a = v; });
    AnalysisService::instance()->request<int>(
        &requester, QStringLiteral("b"), [](const JobToken&) { return 2; }, [&](int v) { b = v; });
    QVERIFY(AnalysisService::instance()->waitUntilIdle(10000));
    QCOMPARE(a, 1);
    QCOMPARE(b, 2);
}

void TestAnalysisService::cancelDropsTheResult()
{
    QObject requester;
    bool delivered = false;
    AnalysisService::instance()->request<int>(
        &requester, QStringLiteral("a"), [](const JobToken&) { return 1; }, [&](int) { delivered = true; });
    AnalysisService::instance()->cancel(&requester);
    QVERIFY(AnalysisService::instance()->waitUntilIdle(10000));
    QVERIFY(!delivered);
}

void TestAnalysisService::destroyedRequesterGetsNothing()
{
    bool delivered = false;
    QSemaphore release;
    {
        QObject requester;
        AnalysisService::instance()->request<int>(
            &requester, QStringLiteral("a"),
            [&release](const JobToken&) {
                release.acquire();
                return 1;
            },
            [&](int) { delivered = true; });
    }
    release.release();
    QVERIFY(AnalysisService::instance()->waitUntilIdle(10000));
    QVERIFY(!delivered);
}

void TestAnalysisService::synchronousRunsAtOnce()
{
    AnalysisService::setSynchronousForBenchmark(true);
    QObject requester;
    QThread* computedOn = nullptr;
    int value = 0;
    AnalysisService::instance()->request<int>(
        &requester, QStringLiteral("a"),
        [&](const JobToken&) {
            computedOn = QThread::currentThread();
            return 7;
        },
        [&](int v) { value = v; });
    QCOMPARE(value, 7); // before any event loop ran
    QCOMPARE(computedOn, QThread::currentThread());
    QVERIFY(AnalysisService::instance()->idle());
    AnalysisService::setSynchronousForBenchmark(false);
}

void TestAnalysisService::memoComputesOnce()
{
    ProfileMemo memo;
    std::atomic_int computed = 0;
    QList<int> keys;
    for (int i = 0; i < 64; ++i)
        keys << i % 4;
    // 64 concurrent askers for 4 keys: each key is computed exactly once.
    const QList<std::shared_ptr<const int>> results = QtConcurrent::blockingMapped(keys, [&](int key) {
        return memo.get<int>(QString::number(key), [&, key] {
            ++computed;
            QThread::msleep(5);
            return key * 10;
        });
    });
    QCOMPARE(computed.load(), 4);
    for (int i = 0; i < keys.size(); ++i) {
        QCOMPARE(*results[i], keys[i] * 10);
        QCOMPARE(results[i].get(), results[keys[i]].get()); // the same object, shared
    }
    QVERIFY(memo.has(QStringLiteral("3")));
    QVERIFY(!memo.has(QStringLiteral("4")));
}

void TestAnalysisService::clusterStepsShared()
{
    const ProfilePtr profile = level2();
    if (!profile)
        QSKIP("fixture missing: ascend-msinsight level2");
    QVERIFY(!profile->memo.has(QStringLiteral("clusterSteps/")));
    const auto first = sharedClusterSteps(*profile);
    QCOMPARE(sharedClusterSteps(*profile).get(), first.get());
    // The fixture folder holds rank0_ascend_pt and rank1_ascend_pt.
    QCOMPARE(int(profile->ranks.size()), 2);
    QVERIFY(!first->rows.empty());
    // The copying accessor gives the same table.
    const ClusterSteps copy = clusterSteps(*profile);
    QCOMPARE(copy.rows.size(), first->rows.size());
    QCOMPARE(copy.steps, first->steps);
    QCOMPARE(&pipelineStages(*profile), &pipelineStages(*profile));
    const auto advice = sharedAdvice(*profile);
    QCOMPARE(sharedAdvice(*profile).get(), advice.get());
    QCOMPARE(advice->size(), computeAdvice(*profile).size());
}

void TestAnalysisService::loadJobPreparesAnalyses()
{
    const QString path = test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text/level2"));
    if (!QFileInfo::exists(path))
        QSKIP("fixture missing: ascend-msinsight level2");
    LoadOptions prepared;
    prepared.prepare = prepareAnalyses;
    QFuture<ProfilePtr> future = ProfileLoader::loadAsync({ path }, prepared);
    future.waitForFinished();
    const ProfilePtr profile = future.result();
    QVERIFY(profile);
    QVERIFY(profile->memo.has(QStringLiteral("clusterSteps/")));
    QCOMPARE(future.progressValue(), 1000);

    QFuture<ProfilePtr> bare = ProfileLoader::loadAsync({ path });
    bare.waitForFinished();
    QVERIFY(!bare.result()->memo.has(QStringLiteral("clusterSteps/")));
}

QTEST_GUILESS_MAIN(TestAnalysisService)
#include "tst_analysisservice.moc"
