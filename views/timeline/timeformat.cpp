// SPDX-License-Identifier: Apache-2.0
#include "timeformat.h"

#include <QLocale>
#include <QStringList>

#include <algorithm>
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
    static const Unit units[] = { { 1.0, "ns" }, { 1e3, "\u00b5s" }, { 1e6, "ms" }, { 1e9, "s" } };
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
    return QString::number(v, 'f', decimals) + QLatin1Char(' ') + QString::fromUtf8(unit.suffix);
}

TimeNs niceTickStepNs(double minNs)
{
    if (!(minNs > 1))
        return 1;
    // Hostile timestamps (1e308 in a file) make spans of centuries: the step
    // stays a representable TimeNs (llround beyond 9.2e18 is undefined).
    constexpr TimeNs kMaxStepNs = 1000000000000000000; // 1e18 ns, ~31 years
    if (!(minNs < 1e18))
        return kMaxStepNs;
    const double p = std::pow(10.0, std::floor(std::log10(minNs)));
    for (const double m : { 1.0, 2.0, 5.0, 10.0 }) {
        if (m * p >= minNs)
            return std::min(kMaxStepNs, TimeNs(std::llround(m * p)));
    }
    return std::min(kMaxStepNs, TimeNs(std::llround(10 * p)));
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
    return QString::number(v, 'f', decimals) + QLatin1Char(' ') + QString::fromUtf8(unit.suffix);
}

QString counterUnit(const QString& key)
{
    // "Read(MB/s)", "Hit Rate(%)": the unit is in the parentheses.
    const qsizetype open = key.lastIndexOf(QLatin1Char('('));
    if (open >= 0 && key.endsWith(QLatin1Char(')')))
        return key.mid(open + 1, key.size() - open - 2).trimmed();
    static const QStringList bare { QStringLiteral("B"), QStringLiteral("KB"), QStringLiteral("MB"),
        QStringLiteral("GB"), QStringLiteral("MHz"), QStringLiteral("GHz"), QStringLiteral("%"), QStringLiteral("us"),
        QStringLiteral("ms"), QStringLiteral("W"), QStringLiteral("C") };
    return bare.contains(key) ? key : QString();
}

QString formatCounterValue(double value, const QString& unit)
{
    // Sizes (and sizes per second) step up by 1024 while the number is 1024
    // or more: 2164460 KB reads as "2.064 GB".
    static const QStringList sizes { QStringLiteral("B"), QStringLiteral("KB"), QStringLiteral("MB"),
        QStringLiteral("GB"), QStringLiteral("TB") };
    QString base = unit;
    QString perSecond;
    if (base.endsWith(QLatin1String("/s"))) {
        perSecond = QStringLiteral("/s");
        base.chop(2);
    }
    qsizetype u = sizes.indexOf(base);
    double v = value;
    if (u >= 0) {
        while (std::abs(v) >= 1024 && u + 1 < sizes.size()) {
            v /= 1024;
            ++u;
        }
        base = sizes[u];
    }
    const double a = std::abs(v);
    const int decimals = a == std::floor(a) ? 0 : a >= 100 ? 1 : a >= 10 ? 2 : 3;
    QString text = QLocale().toString(v, 'f', decimals);
    const QString shownUnit = u >= 0 ? base + perSecond : unit;
    return shownUnit.isEmpty() ? text : text + QLatin1Char(' ') + shownUnit;
}

} // namespace profscope
