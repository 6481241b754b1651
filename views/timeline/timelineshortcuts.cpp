// SPDX-License-Identifier: Apache-2.0
#include "timelineshortcuts.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QPainter>
#include <QPalette>
#include <QTableWidget>
#include <QVBoxLayout>

namespace profscope {

QList<TimelineShortcut> TimelineShortcuts::all()
{
    // Key names through QKeySequence where Qt knows them, so that they read
    // as the platform writes them (Ctrl on Linux, ⌘ on macOS).
    auto seq = [](QKeyCombination k) { return QKeySequence(k).toString(QKeySequence::NativeText); };
    return {
        { seq(Qt::CTRL | Qt::Key_F), tr("Search slices by name") },
        { tr("Enter / Shift+Enter"), tr("Next / previous search match") },
        { seq(Qt::CTRL | Qt::Key_0), tr("Reset the zoom: show the whole trace") },
        { tr("F"), tr("Fit all (like Ctrl+0)") },
        { tr("W / S, + / −"), tr("Zoom in / out at the mouse pointer") },
        { tr("A / D, ← / →"), tr("Pan left / right") },
        { tr("↑ / ↓"), tr("Scroll the lanes") },
        { tr("Z"), tr("Zoom to the selected range or slice") },
        { tr("Backspace"), tr("Undo the last zoom") },
        { tr("M"), tr("Set a marker at the mouse pointer (or at the selection); again to remove it") },
        { tr("Shift+M"), tr("Remove all markers") },
        { tr("Esc"), tr("Clear the selected range, then the selected slice") },
        { tr("Ctrl+wheel, pinch"), tr("Zoom at the pointer (touchpads zoom smoothly)") },
        { tr("Wheel, two-finger swipe"), tr("Scroll the lanes; sideways or with Shift: pan") },
        { tr("Drag"), tr("Pan") },
        { tr("Shift+drag, drag on the ruler"), tr("Select a range and see its statistics") },
        { tr("Click a lane header"), tr("Collapse or expand it (a deep call stack: show all its levels); drag to reorder") },
        { tr("?"), tr("Show this list") },
    };
}

TimelineShortcutSheet::TimelineShortcutSheet(QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("timelineShortcutSheet"));
    setWindowTitle(tr("Timeline Shortcuts"));
    const QList<TimelineShortcut> shortcuts = TimelineShortcuts::all();
    auto* table = new QTableWidget(int(shortcuts.size()), 2, this);
    table->setHorizontalHeaderLabels({ tr("Keys"), tr("Action") });
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->setFocusPolicy(Qt::NoFocus);
    table->setShowGrid(false);
    for (int i = 0; i < shortcuts.size(); ++i) {
        auto* keys = new QTableWidgetItem(shortcuts[i].keys);
        QFont bold = keys->font();
        bold.setBold(true);
        keys->setFont(bold);
        table->setItem(i, 0, keys);
        table->setItem(i, 1, new QTableWidgetItem(shortcuts[i].action));
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(table);
    layout->addWidget(buttons);
    resize(560, 520);
}

void paintTimelineMarkers(
    QPainter& p, const TimelineViewport& vp, const std::vector<double>& markersNs, const QPalette& palette)
{
    if (markersNs.empty())
        return;
    p.save();
    p.setClipRect(QRect(vp.headerWidth, 0, vp.trackWidth(), vp.height));
    // The highlight colour stands out on light and dark themes alike.
    const QColor colour = palette.color(QPalette::Highlight);
    QPen pen(colour, 1, Qt::DashLine);
    p.setRenderHint(QPainter::Antialiasing, false);
    for (const double ns : markersNs) {
        const double x = vp.xOf(ns);
        if (x < vp.headerWidth || x > vp.width)
            continue;
        p.setPen(pen);
        p.drawLine(QPointF(x, vp.rulerHeight), QPointF(x, vp.height));
        // A flag in the ruler, so that a marker is found even over dense lanes.
        p.setPen(Qt::NoPen);
        p.setBrush(colour);
        const QPointF flag[] = { { x, double(vp.rulerHeight) }, { x - 5, vp.rulerHeight - 8.0 },
            { x + 5, vp.rulerHeight - 8.0 } };
        p.drawPolygon(flag, 3);
    }
    p.restore();
}

} // namespace profscope
