// SPDX-License-Identifier: Apache-2.0
#include "commcolors.h"

#include "common/statuscolors.h"

#include <QCoreApplication>
#include <QHash>
#include <QLocale>

#include <algorithm>
#include <array>
#include <cmath>

namespace profscope {

QColor transportColor(const QString& transport, const QPalette& palette)
{
    static constexpr struct
    {
        const char* name;
        ThemedColor color;
    } known[] = {
        { "HCCS", { 0x1f6fc5, 0x4c9be8 } },
        { "RDMA", { 0xd96b0c, 0xf08c3a } },
        { "PCIE", { 0x2f9e44, 0x5cc26a } },
        { "SDMA", { 0x845ec2, 0xb086e8 } },
        { "SIO", { 0x0c8f99, 0x3fc1c9 } },
        { "LOCAL", { 0x9aa1a9, 0x8b949e } },
        { "mixed", { 0xa67c52, 0xd4a76a } },
    };
    for (const auto& k : known)
        if (transport == QLatin1String(k.name))
            return themedColor(k.color, palette);
    const int hue = int(qHash(transport) % 360u);
    return QColor::fromHsl(hue, 140, isDarkPalette(palette) ? 150 : 110);
}

QColor sequentialColor(double t)
{
    // Viridis at 9 stops, linearly interpolated.
    static const std::array<QColor, 9> stops = { QColor(0x44, 0x01, 0x54), QColor(0x47, 0x2c, 0x7a),
        QColor(0x3b, 0x51, 0x8b), QColor(0x2c, 0x71, 0x8e), QColor(0x21, 0x90, 0x8d), QColor(0x27, 0xad, 0x81),
        QColor(0x5c, 0xc8, 0x63), QColor(0xaa, 0xdc, 0x32), QColor(0xfd, 0xe7, 0x25) };
    if (!std::isfinite(t))
        t = 0;
    t = std::clamp(t, 0.0, 1.0) * double(stops.size() - 1);
    const int i = std::min(int(t), int(stops.size()) - 2);
    const double f = t - i;
    const QColor& a = stops[std::size_t(i)];
    const QColor& b = stops[std::size_t(i) + 1];
    return QColor(int(a.red() + (b.red() - a.red()) * f), int(a.green() + (b.green() - a.green()) * f),
        int(a.blue() + (b.blue() - a.blue()) * f));
}

QColor contrastingText(const QColor& background)
{
    const double luminance = 0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return luminance > 0.5 ? QColor(0x1b, 0x1f, 0x24) : QColor(0xff, 0xff, 0xff);
}

QColor durationColor(DurationPart part, const QPalette& palette)
{
    static constexpr ThemedColor colors[] = {
        { 0x1f6fc5, 0x4c9be8 }, // Transit: blue, as HCCS
        { 0xc93c3c, 0xe36a6a }, // Synchronization: red
        { 0xe09a1a, 0xe8b04a }, // Wait: amber
        { 0xc3c9d0, 0x6e7681 }, // Idle: grey
    };
    return themedColorAt(colors, int(part), palette);
}

QColor slowColor(const QPalette& palette)
{
    return statusColor(FileStatus::Broken, palette);
}

QColor opColor(const QString& opName, const QPalette& palette)
{
    // Golden-angle hues so that neighbouring ops differ.
    const uint h = qHash(opName);
    const int hue = int((h % 64u) * 137u % 360u);
    return QColor::fromHsl(hue, 150, isDarkPalette(palette) ? 140 : 120);
}

QColor blendTowardText(const QPalette& palette, double amount)
{
    const QColor text = palette.color(QPalette::Text);
    const QColor base = palette.color(QPalette::Base);
    auto mix = [amount](int b, int t) { return int(b + (t - b) * amount); };
    return QColor(mix(base.red(), text.red()), mix(base.green(), text.green()), mix(base.blue(), text.blue()));
}

QString formatMs(double ms)
{
    const QLocale locale;
    const double a = std::abs(ms);
    if (a >= 1000)
        return locale.toString(ms / 1000.0, 'g', 4) + QStringLiteral(" s");
    if (a >= 1 || a == 0)
        return locale.toString(ms, 'g', 4) + QStringLiteral(" ms");
    return locale.toString(ms * 1000.0, 'g', 4) + QStringLiteral(" µs");
}

double niceStep(double range, int maxTicks)
{
    if (!(range > 0) || maxTicks < 1)
        return 1;
    const double raw = range / maxTicks;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double m : { 1.0, 2.0, 5.0, 10.0 })
        if (m * mag >= raw)
            return m * mag;
    return 10 * mag;
}

} // namespace profscope
