// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "load/profileloader.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QList>
#include <QObject>
#include <QStringList>

namespace profscope {

// Runs ProfileLoader::loadAsync for the GUI and reports on the GUI thread.
// One load at a time: starting another cancels the running one. A canceled
// load reports canceled() at once; its worker winds down in the background
// (QFuture::cancel drops its result) and is waited for on destruction.
class LoadController : public QObject
{
    Q_OBJECT
public:
    explicit LoadController(QObject* parent = nullptr);
    ~LoadController() override;

    void setOptions(const LoadOptions& options)
    {
        m_options = options;
    }
    // The trace cache (tracecache.h) for every load of the process; the GUI's
    // --no-cache turns it off.
    static void setCacheEnabled(bool enabled);
    static bool isCacheEnabled();
    // Partial import: the next load() reads only these ranks / steps; the
    // loads after it read everything again.
    void setNextFilter(const LoadFilter& filter)
    {
        m_nextFilter = filter;
    }
    bool isLoading() const
    {
        return m_watcher != nullptr;
    }
    // Paths of the running load, or of the last one started.
    const QStringList& paths() const
    {
        return m_paths;
    }
    // Result of the last load that finished (also when nothing could be read).
    const ProfilePtr& lastResult() const
    {
        return m_lastResult;
    }
    // Wall time of the last finished load.
    qint64 lastLoadMs() const
    {
        return m_lastLoadMs;
    }
    int progressValue() const
    {
        return m_progressValue;
    }
    const QString& progressText() const
    {
        return m_progressText;
    }

    // True when the profile has a rank and a file that was read, at least in part.
    static bool hasUsableData(const Profile& profile);

public slots:
    void load(const QStringList& paths);
    void cancel();

signals:
    void started(const QStringList& paths);
    void progressChanged(int permille, const QString& text);
    // The load ran to the end; the profile may still be empty (see hasUsableData).
    void finished(const profscope::ProfilePtr& profile);
    void canceled();
    void loadingChanged(bool loading);

private:
    void onFinished();
    void retireWatcher();

    LoadOptions m_options;
    LoadFilter m_nextFilter;
    QFutureWatcher<ProfilePtr>* m_watcher = nullptr;
    QList<QFuture<ProfilePtr>> m_retired; // canceled loads still winding down
    QStringList m_paths;
    ProfilePtr m_lastResult;
    QElapsedTimer m_timer;
    qint64 m_lastLoadMs = 0;
    int m_progressValue = 0;
    QString m_progressText;
};

} // namespace profscope
