// SPDX-License-Identifier: Apache-2.0
#pragma once

// Run comparison of device memory: the peak of the same curve in two runs.

#include "memory.h"

#include <optional>

namespace profscope {

// The curve whose peak a rank is judged by: PTA allocated (what
// operator_memory.csv allocates), else the highest allocated curve, else the
// highest curve that is not a CANN module's; -1 when there is none.
int peakCurveIndex(const std::vector<MemoryCurve>& curves);

struct MemoryPeakDelta
{
    QString component; // of the base's peak curve ("PTA")
    MemoryCurve::Metric metric = MemoryCurve::Metric::Allocated;
    double basePeakMB = 0;
    double otherPeakMB = 0;
    TimeNs basePeakTsNs = kInvalidTime;
    TimeNs otherPeakTsNs = kInvalidTime;
    // False when the comparison run has no curve of that component and
    // metric: its own peak curve is used then.
    bool sameCurve = true;

    double deltaMB() const
    {
        return otherPeakMB - basePeakMB;
    }
    // Relative to the base peak; nullopt when the base peak is 0.
    std::optional<double> deltaPercent() const
    {
        return basePeakMB > 0 ? std::optional<double>(100.0 * deltaMB() / basePeakMB) : std::nullopt;
    }
};

// The base curves' peak curve against the same component and metric in the
// other run's curves; nullopt when either has no curve.
std::optional<MemoryPeakDelta> compareMemoryPeaks(
    const std::vector<MemoryCurve>& base, const std::vector<MemoryCurve>& other);

} // namespace profscope
