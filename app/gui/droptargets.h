// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

namespace profscope {

// Shown over the page while folders are dragged onto a window that already
// shows a run: the left half opens them (replacing the run shown), the right
// half compares them with it. Holding Shift anywhere compares as well.
// It takes no drops itself: the main window gets them and asks zoneAt().
class DropTargets : public QWidget
{
    Q_OBJECT
public:
    enum Zone
    {
        Open,
        Compare
    };

    explicit DropTargets(QWidget* parent);

    // Over `area` (a widget of the same parent), on top.
    void showOver(const QWidget* area);
    // pos in this widget's coordinates.
    Zone zoneAt(const QPoint& pos) const;
    void setHovered(Zone zone);
    Zone hovered() const
    {
        return m_hovered;
    }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QRect zoneRect(Zone zone) const;

    Zone m_hovered = Open;
};

} // namespace profscope
