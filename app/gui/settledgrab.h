// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <functional>

namespace profscope {

// Runs `grab` once the window has settled: no analysis job pending and no
// paint, update or layout request anywhere in the application for a quiet
// period. A fixed delay is either too short on a slow machine (a page still
// waits for its charts) or wasted on a fast one; this waits for the last
// paint, with an upper bound so that a view that repaints forever (an
// animation) cannot hang a scripted run.
class SettledGrab : public QObject
{
    Q_OBJECT
public:
    SettledGrab(std::function<void()> grab, QObject* parent = nullptr);
    ~SettledGrab() override;

    // Starts watching (once the loads are done); grab runs at most once.
    void start(int quietMs = 250, int limitMs = 20000);
    bool done() const
    {
        return m_done;
    }
    // How long the wait took (for --screenshot's log line).
    qint64 waitedMs() const
    {
        return m_total.isValid() ? m_total.elapsed() : 0;
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void poll();

    std::function<void()> m_grab;
    QTimer m_poll;
    QElapsedTimer m_quiet; // since the last paint / update / layout request
    QElapsedTimer m_total;
    int m_quietMs = 250;
    int m_limitMs = 20000;
    bool m_done = false;
};

} // namespace profscope
