// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "model/types.h"

#include <QString>

namespace profscope {

// A duration with the unit that keeps 1-4 integer digits: "850 ns",
// "12.4 µs", "3.05 ms", "1.200 s". `precision` is the number of
// significant decimals after the point.
QString formatDurationNs(double ns, int precision = 3);

// The ruler's tick step: 1, 2 or 5 x 10^k ns, at least `minNs`.
TimeNs niceTickStepNs(double minNs);

// A tick label at `ns` for ticks `stepNs` apart: the unit follows the step so
// that neighbouring labels differ visibly ("1.25 ms", "1.30 ms").
QString formatTickNs(TimeNs ns, TimeNs stepNs);

// A counter's unit from its value key: "Read(MB/s)" -> "MB/s", "KB" -> "KB",
// "MHz" -> "MHz"; empty when the key names no unit ("value").
QString counterUnit(const QString& key);
// A counter value for reading, sizes scaled by 1024 while they are 1024 or
// more: (2164460, "KB") -> "2.064 GB", (1800, "MHz") ->
// "1,800 MHz", (11.586, "MB/s") -> "11.59 MB/s".
QString formatCounterValue(double value, const QString& unit);

} // namespace profscope
