// SPDX-License-Identifier: Apache-2.0
#pragma once

// A page's heading row: the title block on the left, the page's controls on
// the right. When the page is narrower than both need side by side, the
// controls move to rows of their own under the titles and wrap there, a
// group at a time when a group fits a row, instead of being squeezed over
// the titles or clipped (a long subtitle and five controls did not fit a
// 1000-pixel window; the Marey page's eight controls cut their own texts).
// A label with a buddy stays on the row of its control. Its minimum width is
// that of its widest part, so a narrow window is never held wider by it.

#include <QWidget>

namespace profscope {

class HeaderLayout;

class HeaderBar : public QWidget
{
    Q_OBJECT
public:
    explicit HeaderBar(QWidget* parent = nullptr);
    // The title block (heading and subtitle), owned by the bar; optional.
    void setTitles(QLayout* titles);
    // Controls, left to right; addSpacing() starts a new group after a gap
    // of `pixels`; addStretch() starts a group that goes to the right end
    // of the row while everything fits one row.
    void addControl(QWidget* control);
    void addSpacing(int pixels);
    void addStretch();
    // True while the controls are not on the titles' row.
    bool stacked() const;
    // Rows the controls take (0 when they are on the titles' row).
    int controlRows() const;

private:
    HeaderLayout* m_layout = nullptr;
};

} // namespace profscope
