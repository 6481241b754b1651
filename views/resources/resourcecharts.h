// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/resources.h"

#include <QPalette>

class QChart;

namespace profscope {

// Category charts of the Resources page (Qt Charts), for clusters small
// enough that one bar per device reads (kMaxChartDevices); the heatmaps carry
// larger ones.
constexpr int kMaxChartDevices = 64;

// FLOPs per device (M), one colour per pipeline stage, the stage averages in the legend.
QChart* makeFlopsChart(const ClusterFlops& flops, const QPalette& palette);
// Peak memory per device (MB); with a known capacity the headroom stacked on top.
QChart* makeMemoryChart(const ClusterMemory& memory, const QPalette& palette);
// Base, text and legend colours of a chart from the palette.
void styleChart(QChart* chart, const QPalette& palette);

} // namespace profscope
