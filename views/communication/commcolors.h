// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QColor>
#include <QPalette>
#include <QString>

class QPainter;
class QRectF;

namespace profscope {

// Categorical colour of a transport (HCCS, RDMA, PCIE, SDMA, SIO, LOCAL,
// "mixed"); unknown ones get a stable colour from their name.
QColor transportColor(const QString& transport, const QPalette& palette);
// Sequential ramp (viridis-like, perceptually ordered, readable for colour
// blind users) for t in [0, 1].
QColor sequentialColor(double t);
// Black or white, whichever reads better on `background`.
QColor contrastingText(const QColor& background);
// Colours of the duration parts, shared by the bars and their legend.
enum class DurationPart
{
    Transit,
    Synchronization,
    Wait, // wait without the synchronization part
    Idle,
};
QColor durationColor(DurationPart part, const QPalette& palette);
// The tone that marks slow ranks and slow links.
QColor slowColor(const QPalette& palette);
// A colour per op name, stable over runs.
QColor opColor(const QString& opName, const QPalette& palette);
// Text blended toward Base by `amount` (0 = Base, 1 = Text): grid lines, empty cells.
QColor blendTowardText(const QPalette& palette, double amount);

// "12.3 ms" / "850 µs" / "1.25 s" for axis ticks.
QString formatMs(double ms);
// 1, 2, 5 × 10^k step giving at most `maxTicks` ticks over `range`.
double niceStep(double range, int maxTicks);

} // namespace profscope
