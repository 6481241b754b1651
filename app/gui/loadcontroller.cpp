// SPDX-License-Identifier: Apache-2.0
#include "loadcontroller.h"

#include "analysis/analysisservice.h"

#include <algorithm>
#include <atomic>
#include <utility>

namespace profscope {

namespace {
std::atomic<bool> s_cacheEnabled { true };
} // namespace

void LoadController::setCacheEnabled(bool enabled)
{
    s_cacheEnabled = enabled;
}

bool LoadController::isCacheEnabled()
{
    return s_cacheEnabled;
}

LoadController::LoadController(QObject* parent)
    : QObject(parent)
{
    // The GUI's loads also compute what every page needs first, off the GUI thread.
    m_options.prepare = prepareAnalyses;
}

LoadController::~LoadController()
{
    // The workers only touch their own copies, but they must not outlive the
    // application object (thread pool, translators), so stop and wait.
    if (m_watcher) {
        m_watcher->disconnect(this);
        m_watcher->cancel();
        m_retired << m_watcher->future();
    }
    for (QFuture<ProfilePtr>& f : m_retired) {
        f.cancel();
        f.waitForFinished();
    }
}

bool LoadController::hasUsableData(const Profile& profile)
{
    // A broken file still contributes what was read before the error (the
    // first half of a cut trace), which is worth showing.
    return !profile.ranks.empty()
        && profile.report.countWithStatus(FileStatus::Used) + profile.report.countWithStatus(FileStatus::Broken) > 0;
}

void LoadController::load(const QStringList& paths)
{
    if (m_watcher) {
        retireWatcher();
        emit canceled();
    }
    m_paths = paths;
    m_progressValue = 0;
    m_progressText = tr("Starting…");
    m_timer.start();

    m_watcher = new QFutureWatcher<ProfilePtr>(this);
    connect(m_watcher, &QFutureWatcherBase::progressValueChanged, this, [this](int value) {
        m_progressValue = value;
        emit progressChanged(m_progressValue, m_progressText);
    });
    connect(m_watcher, &QFutureWatcherBase::progressTextChanged, this, [this](const QString& text) {
        m_progressText = text;
        emit progressChanged(m_progressValue, m_progressText);
    });
    connect(m_watcher, &QFutureWatcherBase::finished, this, &LoadController::onFinished);
    LoadOptions options = m_options;
    options.useCache = isCacheEnabled();
    options.filter = std::exchange(m_nextFilter, LoadFilter {});
    m_watcher->setFuture(ProfileLoader::loadAsync(paths, options));

    emit started(paths);
    emit progressChanged(m_progressValue, m_progressText);
    emit loadingChanged(true);
}

void LoadController::cancel()
{
    if (!m_watcher)
        return;
    retireWatcher();
    emit canceled();
    emit loadingChanged(false);
}

void LoadController::retireWatcher()
{
    QFutureWatcher<ProfilePtr>* watcher = std::exchange(m_watcher, nullptr);
    watcher->disconnect(this);
    watcher->cancel();
    // Forget futures that are done, so the list only holds live workers.
    m_retired.erase(std::remove_if(m_retired.begin(), m_retired.end(),
                                   [](const QFuture<ProfilePtr>& f) { return f.isFinished(); }),
                    m_retired.end());
    m_retired << watcher->future();
    connect(watcher, &QFutureWatcherBase::finished, watcher, &QObject::deleteLater);
    if (watcher->isFinished())
        watcher->deleteLater();
}

void LoadController::onFinished()
{
    QFutureWatcher<ProfilePtr>* watcher = std::exchange(m_watcher, nullptr);
    watcher->deleteLater();
    m_lastLoadMs = m_timer.elapsed();
    const QFuture<ProfilePtr> future = watcher->future();
    if (future.isCanceled() || future.resultCount() == 0 || !future.result()) {
        emit canceled();
        emit loadingChanged(false);
        return;
    }
    m_lastResult = future.result();
    m_progressValue = 1000;
    emit finished(m_lastResult);
    emit loadingChanged(false);
}

} // namespace profscope
