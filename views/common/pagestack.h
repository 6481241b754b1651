// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStackedWidget>

namespace profscope {

// A QStackedWidget that does not take part in height-for-width layout.
// QStackedLayout::heightForWidth asks every page, hidden or not, for its
// height at the given width; a page with word-wrapped rich-text labels lays
// their text out each time. Any layout request of the shown page (a label's
// text set when the step changes) then made the window lay out the text of
// all eleven pages: at 1024 ranks tens of ms per request on the GUI thread.
// The pages fill the stack whatever their height-for-width, so the stack's
// own geometry never depended on it.
class PageStack : public QStackedWidget
{
public:
    using QStackedWidget::QStackedWidget;

    bool hasHeightForWidth() const override { return false; }
    int heightForWidth(int) const override { return -1; }
};

} // namespace profscope
