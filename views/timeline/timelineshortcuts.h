// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "timelinerenderer.h"

#include <QCoreApplication>
#include <QDialog>
#include <QList>
#include <QString>

#include <vector>

class QPainter;
class QPalette;

namespace profscope {

// The timeline's keyboard and mouse bindings, as users of Perfetto and
// Nsight Systems expect them. One list: the shortcut sheet (`?`) shows it,
// so that a binding cannot be added without being documented there.
struct TimelineShortcut
{
    QString keys; // translated, e.g. "Ctrl+F"
    QString action; // translated
};

class TimelineShortcuts
{
    Q_DECLARE_TR_FUNCTIONS(profscope::TimelineShortcuts)
public:
    static QList<TimelineShortcut> all();
};

// The shortcut sheet: a small dialog with a table of all().
class TimelineShortcutSheet : public QDialog
{
    Q_OBJECT
public:
    explicit TimelineShortcutSheet(QWidget* parent = nullptr);
};

// Markers (M): vertical lines at fixed times, drawn over the lanes with a
// flag in the ruler. Times are view coordinates, as the widget's range.
void paintTimelineMarkers(
    QPainter& p, const TimelineViewport& vp, const std::vector<double>& markersNs, const QPalette& palette);

} // namespace profscope
