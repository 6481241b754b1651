// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QThreadPool>

#include <atomic>
#include <functional>
#include <memory>

namespace profscope {

struct Profile;
struct LoadControl;

// What every page needs first, computed inside the load job (off the GUI
// thread, in parallel over ranks, cancelable): each rank's step overview and
// the cluster step table. The step list and the Overview then cost nothing
// on the GUI thread. Progress goes from `fromPermille` to 1000.
void prepareAnalyses(const Profile& profile, const LoadControl& control, int fromPermille);

// What a running job may poll to stop early: set when a newer request of the
// same requester and channel superseded it, or when it was canceled.
class JobToken
{
public:
    bool canceled() const
    {
        return m_flag && m_flag->load(std::memory_order_relaxed);
    }

private:
    friend class AnalysisService;
    std::shared_ptr<std::atomic_bool> m_flag = std::make_shared<std::atomic_bool>(false);
};

// The analyses of a loaded profile as jobs off the GUI thread, the same
// pattern as the loader's: every request gets an id; a newer request of the
// same requester and channel supersedes the older (its result is dropped, its
// token canceled); the result is handed to `done` on the GUI thread unless
// the requester was destroyed meanwhile. The results themselves are cached
// per profile by the analyses (Profile::memo, RankData::memo), so a page
// that asks again, or another page asking the same, gets them at once.
class AnalysisService : public QObject
{
    Q_OBJECT
public:
    // One per process, living on the GUI thread.
    static AnalysisService* instance();
    ~AnalysisService() override;

    // Every job then runs at once on the caller's thread, `done` included.
    // The default comes from PROFSCOPE_ANALYSES=sync (the view tests set it so
    // that a page is filled when setProfile returns); the GUI benchmark uses
    // it as its baseline: the analyses on the GUI thread, as before.
    static void setSynchronousForBenchmark(bool synchronous);
    static bool synchronous();

    template <typename T>
    quint64 request(QObject* requester, const QString& channel, std::function<T(const JobToken&)> compute,
                    std::function<void(T)> done)
    {
        auto result = std::make_shared<T>();
        return start(
            requester, channel, [compute = std::move(compute), result](const JobToken& token) { *result = compute(token); },
            [done = std::move(done), result] { done(std::move(*result)); });
    }

    // Drops the requester's pending job of `channel` (all its channels when empty).
    void cancel(QObject* requester, const QString& channel = {});
    // True when no job is running or waiting for its result to be handed over.
    bool idle() const
    {
        return m_pending == 0;
    }
    // Runs the event loop until every job delivered (exports and screenshots
    // of pages that wait for their results); false on timeout.
    bool waitUntilIdle(int timeoutMs = 600000);
    // Id of the requester's current job of `channel`, 0 when none.
    quint64 currentJob(QObject* requester, const QString& channel) const;

signals:
    void busyChanged(bool busy);
    void jobFinished(quint64 id);

private:
    explicit AnalysisService(QObject* parent = nullptr);
    quint64 start(QObject* requester, const QString& channel, std::function<void(const JobToken&)> work,
                  std::function<void()> deliver);
    void finish(quint64 id, QObject* requester, const QString& channel, const std::function<void()>& deliver);
    void forget(QObject* requester);

    struct Key
    {
        QObject* requester;
        QString channel;
        bool operator==(const Key& o) const
        {
            return requester == o.requester && channel == o.channel;
        }
    };
    friend size_t qHash(const Key& k, size_t seed)
    {
        return qHashMulti(seed, quintptr(k.requester), k.channel);
    }
    struct Current
    {
        quint64 id = 0;
        JobToken token;
    };
    QThreadPool m_pool; // its own: waited for before this object goes
    QHash<Key, Current> m_current;
    QHash<QObject*, QMetaObject::Connection> m_watched;
    quint64 m_nextId = 1;
    int m_pending = 0;
};

} // namespace profscope
