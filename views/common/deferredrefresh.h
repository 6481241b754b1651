// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>

#include <functional>

class QWidget;

namespace profscope {

// A page's refresh, run at once when the page can be seen and otherwise when
// it is next shown: the hidden pages of the main window do no work when the
// profile, step or filter changes. A page in no shown window (a test, an
// export before the window appears) refreshes at once.
class DeferredRefresh : public QObject
{
public:
    DeferredRefresh(QWidget* page, std::function<void()> refresh);

    void request();
    // Runs a pending refresh now: before acting on a navigation request
    // (e.g. select a link) that the page must apply to current data.
    void flush();
    bool pending() const
    {
        return m_pending;
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* m_page;
    std::function<void()> m_refresh;
    bool m_pending = false;
};

} // namespace profscope
