// SPDX-License-Identifier: Apache-2.0
// workPool: Profscope's parallel work runs on its own pool, never on Qt's
// global one, where QtGui (6.4) converts and scales images in segments that
// the GUI thread waits for. With every global thread held, a load, its
// discovery and the analyses of the loaded profile must still run to the
// end without the caller lending its own thread (no waitForFinished, which
// would run a queued task itself).
#include "analysis/advice.h"
#include "analysis/analysisservice.h"
#include "load/profileloader.h"
#include "model/workpool.h"
#include "testsupport.h"

#include <QFuture>
#include <QSemaphore>
#include <QTest>
#include <QThreadPool>

using namespace profscope;

class TestWorkPool : public QObject
{
    Q_OBJECT
private slots:
    void notTheGlobalPoolAndSizedLikeIt();
    void loadRunsWhileTheGlobalPoolIsHeld();
};

void TestWorkPool::notTheGlobalPoolAndSizedLikeIt()
{
    QThreadPool* global = QThreadPool::globalInstance();
    const int threads = global->maxThreadCount();
    QVERIFY(workPool() != global);
    QCOMPARE(workPool()->maxThreadCount(), threads);
    global->setMaxThreadCount(1); // the benchmarks' one-thread baseline
    QCOMPARE(workPool()->maxThreadCount(), 1);
    global->setMaxThreadCount(threads);
    QCOMPARE(workPool()->maxThreadCount(), threads);
}

void TestWorkPool::loadRunsWhileTheGlobalPoolIsHeld()
{
    QThreadPool* global = QThreadPool::globalInstance();
    const int threads = std::max(2, global->maxThreadCount());
    global->setMaxThreadCount(threads);
    QSemaphore release;
    QSemaphore held;
    for (int i = 0; i < threads; ++i)
        global->start([&] {
            held.release();
            release.acquire();
        });
    QVERIFY(held.tryAcquire(threads, 10000)); // every global thread is busy

    // Two real ranks: discovery's parallel folder walk, the load job, the
    // per-rank overviews of prepareAnalyses and the advice's parallel rules.
    LoadOptions options;
    options.prepare = [](const Profile& profile, const LoadControl& control, int fromPermille) {
        prepareAnalyses(profile, control, fromPermille);
        computeAdvice(profile);
    };
    QFuture<ProfilePtr> future = ProfileLoader::loadAsync({ test::textRank(0, 0), test::textRank(0, 1) }, options);
    QTRY_VERIFY_WITH_TIMEOUT(future.isFinished(), 30000);
    release.release(threads);
    global->waitForDone();
    const ProfilePtr profile = future.result();
    QVERIFY(profile);
    QCOMPARE(profile->ranks.size(), std::size_t(2));
}

QTEST_GUILESS_MAIN(TestWorkPool)
#include "tst_workpool.moc"
