// SPDX-License-Identifier: Apache-2.0
#include "settledgrab.h"

#include "analysis/analysisservice.h"
#include "model/workpool.h"

#include <QCoreApplication>
#include <QEvent>

namespace profscope {

SettledGrab::SettledGrab(std::function<void()> grab, QObject* parent)
    : QObject(parent)
    , m_grab(std::move(grab))
{
    m_poll.setInterval(20);
    connect(&m_poll, &QTimer::timeout, this, &SettledGrab::poll);
}

SettledGrab::~SettledGrab()
{
    if (QCoreApplication::instance())
        QCoreApplication::instance()->removeEventFilter(this);
}

void SettledGrab::start(int quietMs, int limitMs)
{
    if (m_done || m_poll.isActive())
        return;
    m_quietMs = quietMs;
    m_limitMs = limitMs;
    QCoreApplication::instance()->installEventFilter(this);
    m_quiet.start();
    m_total.start();
    m_poll.start();
}

bool SettledGrab::eventFilter(QObject* watched, QEvent* event)
{
    switch (event->type()) {
    case QEvent::Paint:
    case QEvent::UpdateRequest:
    case QEvent::UpdateLater:
    case QEvent::LayoutRequest:
        m_quiet.restart();
        break;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

void SettledGrab::poll()
{
    if (m_done)
        return;
    // An analysis still running will post its result and repaint a page;
    // so will a view's own job on the shared pool (the timeline's summary
    // rows and lane indexes, drawn as placeholders until they are built).
    const bool busy = !AnalysisService::instance()->idle() || workPool()->activeThreadCount() > 0;
    if (busy)
        m_quiet.restart();
    if (m_quiet.elapsed() < m_quietMs && m_total.elapsed() < m_limitMs)
        return;
    m_done = true;
    m_poll.stop();
    QCoreApplication::instance()->removeEventFilter(this);
    m_grab();
}

} // namespace profscope
