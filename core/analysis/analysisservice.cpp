// SPDX-License-Identifier: Apache-2.0
#include "analysisservice.h"

#include "cluster.h"
#include "overview.h"
#include "runcompare.h"
#include "../itemmodels/ranksummarymodel.h"
#include "../load/profileloader.h"
#include "../model/profile.h"
#include "../model/workpool.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent>

#include <atomic>
#include <mutex>

namespace profscope {

namespace {

int& synchronousFlag()
{
    // -1: not decided yet (read the environment on first use).
    static int flag = -1;
    return flag;
}

} // namespace

void prepareAnalyses(const Profile& profile, const LoadControl& control, int fromPermille)
{
    const auto canceled = [&control] { return control.isCanceled && control.isCanceled(); };
    const int n = int(profile.ranks.size());
    if (n == 0 || canceled())
        return;
    std::atomic_int done = 0;
    std::mutex progressMutex; // LoadControl::progress is never called concurrently
    QtConcurrent::blockingMap(workPool(), profile.ranks, [&](const std::shared_ptr<const RankData>& rank) {
        if (canceled())
            return;
        rankOverview(*rank);
        const int finished = ++done;
        if (control.progress && (finished == n || finished % 16 == 0)) {
            const std::lock_guard<std::mutex> lock(progressMutex);
            control.progress(fromPermille + (1000 - fromPermille) * finished / (n + 1),
                QCoreApplication::translate("profscope::AnalysisService", "Analysing rank %1 of %2")
                    .arg(finished)
                    .arg(n));
        }
    });
    if (canceled())
        return;
    sharedClusterSteps(profile);
    // The Summary page's rank table, shown the moment the profile arrives,
    // and what the window asks when it takes the profile (steps, rank labels).
    rankSummaries(profile);
    profileSteps(profile);
    hasDuplicateRankIds(profile);
}

AnalysisService::AnalysisService(QObject* parent)
    : QObject(parent)
{
}

AnalysisService* AnalysisService::instance()
{
    // Parented to the application: it goes with it, after waiting for its own pool's jobs.
    static QPointer<AnalysisService> service;
    if (!service) {
        service = new AnalysisService(QCoreApplication::instance());
        if (QCoreApplication::instance())
            service->moveToThread(QCoreApplication::instance()->thread());
    }
    return service;
}

void AnalysisService::setSynchronousForBenchmark(bool synchronous)
{
    synchronousFlag() = synchronous ? 1 : 0;
}

bool AnalysisService::synchronous()
{
    int& flag = synchronousFlag();
    if (flag < 0)
        flag = qEnvironmentVariable("PROFSCOPE_ANALYSES") == QLatin1String("sync") ? 1 : 0;
    return flag == 1;
}

AnalysisService::~AnalysisService()
{
    // A job still running would deliver into this object.
    m_pool.waitForDone();
}

quint64 AnalysisService::start(QObject* requester, const QString& channel, std::function<void(const JobToken&)> work,
                               std::function<void()> deliver)
{
    const quint64 id = m_nextId++;
    const Key key { requester, channel };
    if (auto it = m_current.find(key); it != m_current.end())
        it->token.m_flag->store(true); // superseded: its result will be dropped
    Current& current = m_current[key];
    current = Current { id, JobToken {} };
    if (!m_watched.contains(requester))
        m_watched.insert(requester,
            connect(requester, &QObject::destroyed, this, [this, requester] { forget(requester); }));

    if (synchronous()) {
        work(current.token);
        m_current.remove(key);
        deliver();
        emit jobFinished(id);
        return id;
    }
    if (m_pending++ == 0)
        emit busyChanged(true);
    const JobToken token = current.token;
    m_pool.start([this, id, requester, channel, token, work = std::move(work),
                                             deliver = std::move(deliver)]() mutable {
        if (!token.canceled())
            work(token);
        QMetaObject::invokeMethod(
            this, [this, id, requester, channel, deliver = std::move(deliver)] { finish(id, requester, channel, deliver); },
            Qt::QueuedConnection);
    });
    return id;
}

void AnalysisService::finish(quint64 id, QObject* requester, const QString& channel,
                             const std::function<void()>& deliver)
{
    const Key key { requester, channel };
    // Delivered only to a living requester whose newest job this is.
    if (auto it = m_current.find(key); it != m_current.end() && it->id == id) {
        m_current.erase(it);
        deliver();
    }
    emit jobFinished(id);
    if (--m_pending == 0)
        emit busyChanged(false);
}

void AnalysisService::cancel(QObject* requester, const QString& channel)
{
    for (auto it = m_current.begin(); it != m_current.end();) {
        if (it.key().requester == requester && (channel.isEmpty() || it.key().channel == channel)) {
            it->token.m_flag->store(true);
            it = m_current.erase(it);
        } else {
            ++it;
        }
    }
}

bool AnalysisService::waitUntilIdle(int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (!idle()) {
        if (timer.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 20);
    }
    // The deliveries may have queued repaints and layout work.
    QCoreApplication::processEvents();
    return true;
}

quint64 AnalysisService::currentJob(QObject* requester, const QString& channel) const
{
    const auto it = m_current.constFind(Key { requester, channel });
    return it == m_current.cend() ? 0 : it->id;
}

void AnalysisService::forget(QObject* requester)
{
    cancel(requester);
    m_watched.remove(requester);
}

} // namespace profscope
