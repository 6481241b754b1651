// SPDX-License-Identifier: Apache-2.0
#pragma once

// A page's heading row: the title block on the left, the page's controls on
// the right; when the page is narrower than both need side by side, the
// controls move to a row of their own under the titles instead of being
// squeezed over them (a long subtitle and five controls did not fit a
// 1000-pixel window). Its minimum width is that of the stacked form, so a
// narrow window is never held wider by it.

#include <QWidget>

class QGridLayout;
class QHBoxLayout;
class QLayout;

namespace profscope {

class HeaderBar : public QWidget
{
    Q_OBJECT
public:
    explicit HeaderBar(QWidget* parent = nullptr);
    // The title block (heading and subtitle), owned by the bar.
    void setTitles(QLayout* titles);
    // Controls, left to right; addSpacing() adds room between groups.
    void addControl(QWidget* control);
    void addSpacing(int pixels);
    // True while the controls are on their own row.
    bool stacked() const
    {
        return m_stacked;
    }
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void arrange(bool stacked);
    int sideBySideWidth() const;

    QGridLayout* m_grid = nullptr;
    QWidget* m_titles = nullptr;
    QWidget* m_controls = nullptr;
    QHBoxLayout* m_controlRow = nullptr;
    bool m_stacked = false;
};

} // namespace profscope
