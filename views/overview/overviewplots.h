// SPDX-License-Identifier: Apache-2.0
#pragma once

// What the overview's plots share: units, the title row, the legend above
// the axis rect and the stacked component series.

#include "common/vectorplot.h"
#include "model/types.h"

#include <array>

namespace profscope {
class OverviewBarsModel;
}

namespace profscope::overviewplot {

// ms for steps of a millisecond and more, µs below (doubles: averages and
// deltas of averages are not whole ns).
double unitFor(double largestNs);
QString unitName(double unitNs);
QString formatValue(double ns, double unitNs);
// A bold title row above the axis rect.
QCPTextElement* addTitle(QCustomPlot* plot);
// The legend as one row (or two) under the title, outside the axis rect.
void moveLegendAboveAxisRect(QCustomPlot* plot);
void colorBars(const std::array<QCPBars*, 5>& bars, const QPalette& palette);
std::array<QCPBars*, 5> makeStackedBars(QCustomPlot* plot, const QPalette& palette);
// Settings every overview plot shares.
void setUpPlot(VectorPlot* plot);
// A rank's tooltip: rank, host, stage, `note` (HTML, may be empty), the
// components and the step time.
QString rankToolTip(const OverviewBarsModel& model, int row, double unitNs, const QPalette& palette,
    const QString& note = {});

} // namespace profscope::overviewplot
