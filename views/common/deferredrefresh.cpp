// SPDX-License-Identifier: Apache-2.0
#include "deferredrefresh.h"

#include <QEvent>
#include <QWidget>

namespace profscope {

DeferredRefresh::DeferredRefresh(QWidget* page, std::function<void()> refresh)
    : QObject(page)
    , m_page(page)
    , m_refresh(std::move(refresh))
{
    page->installEventFilter(this);
}

void DeferredRefresh::request()
{
    if (m_page->isVisible() || !m_page->window()->isVisible()) {
        m_pending = false;
        m_refresh();
    } else {
        m_pending = true;
    }
}

void DeferredRefresh::flush()
{
    if (m_pending) {
        m_pending = false;
        m_refresh();
    }
}

bool DeferredRefresh::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_page && event->type() == QEvent::Show && m_pending) {
        m_pending = false;
        m_refresh();
    }
    return QObject::eventFilter(watched, event);
}

} // namespace profscope
