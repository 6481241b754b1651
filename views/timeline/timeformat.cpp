// SPDX-License-Identifier: Apache-2.0
#include "timeformat.h"

#include <cmath>

namespace profscope {

namespace {

struct Unit
{
    double ns;
    const char* suffix;
};

const Unit& unitFor(double absNs)
{
    static const Unit units[] = { { 1.0, "ns" }, { 1e3, "us" }, { 1e6, "ms" }, { 1e9, "s" } };
    int u = 0;
    while (u < 3 && absNs >= units[u + 1].ns)
        ++u;
    return units[u];
}

} // namespace

QString formatDurationNs(double ns, int precision)
{
    const Unit& unit = unitFor(std::abs(ns));
    const double v = ns / unit.ns;
    if (unit.ns == 1.0)
        return QString::number(qint64(std::llround(v))) + QStringLiteral(" ns");
    // Fewer decimals for larger integer parts so that about 4 digits remain.
    const double a = std::abs(v);
    const int decimals = a >= 100 ? std::max(0, precision - 2) : a >= 10 ? std::max(0, precision - 1) : precision;
    return QString::number(v, 'f', decimals) + QLatin1Char(' ') + QLatin1String(unit.suffix);
}

TimeNs niceTickStepNs(double minNs)
{
    if (!(minNs > 1))
        return 1;
    const double p = std::pow(10.0, std::floor(std::log10(minNs)));
    for (const double m : { 1.0, 2.0, 5.0, 10.0 }) {
        if (m * p >= minNs)
            return TimeNs(std::llround(m * p));
    }
    return TimeNs(std::llround(10 * p));
}

QString formatTickNs(TimeNs ns, TimeNs stepNs)
{
    // The unit follows the size of the value ("141.4 ms", not "141400 us"),
    // the decimals resolve the step in that unit.
    const Unit& unit = unitFor(std::max(std::abs(double(ns)), double(std::max<TimeNs>(stepNs, 1))));
    const double v = double(ns) / unit.ns;
    int decimals = 0;
    double s = double(std::max<TimeNs>(stepNs, 1)) / unit.ns;
    while (decimals < 9 && std::abs(s - std::round(s)) > 1e-9 * std::max(1.0, s)) {
        s *= 10;
        ++decimals;
    }
    return QString::number(v, 'f', decimals) + QLatin1Char(' ') + QLatin1String(unit.suffix);
}

} // namespace profscope
