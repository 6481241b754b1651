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
    const bool dark = isDarkPalette(palette);
    if (transport == QLatin1String("HCCS"))
        return dark ? QColor(0x4c, 0x9b, 0xe8) : QColor(0x1f, 0x6f, 0xc5);
    if (transport == QLatin1String("RDMA"))
        return dark ? QColor(0xf0, 0x8c, 0x3a) : QColor(0xd9, 0x6b, 0x0c);
    if (transport == QLatin1String("PCIE"))
        return dark ? QColor(0x5c, 0xc2, 0x6a) : QColor(0x2f, 0x9e, 0x44);
    if (transport == QLatin1String("SDMA"))
        return dark ? QColor(0xb0, 0x86, 0xe8) : QColor(0x84, 0x5e, 0xc2);
    if (transport == QLatin1String("SIO"))
        return dark ? QColor(0x3f, 0xc1, 0xc9) : QColor(0x0c, 0x8f, 0x99);
    if (transport == QLatin1String("LOCAL"))
        return dark ? QColor(0x8b, 0x94, 0x9e) : QColor(0x9a, 0xa1, 0xa9);
    if (transport == QLatin1String("mixed"))
        return dark ? QColor(0xd4, 0xa7, 0x6a) : QColor(0xa6, 0x7c, 0x52);
    const int hue = int(qHash(transport) % 360u);
    return QColor::fromHsl(hue, 140, dark ? 150 : 110);
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
    const bool dark = isDarkPalette(palette);
    switch (part) {
    case DurationPart::Transit:
        return dark ? QColor(0x4c, 0x9b, 0xe8) : QColor(0x1f, 0x6f, 0xc5);
    case DurationPart::Synchronization:
        return dark ? QColor(0xe3, 0x6a, 0x6a) : QColor(0xc9, 0x3c, 0x3c);
    case DurationPart::Wait:
        return dark ? QColor(0xe8, 0xb0, 0x4a) : QColor(0xe0, 0x9a, 0x1a);
    case DurationPart::Idle:
        return dark ? QColor(0x6e, 0x76, 0x81) : QColor(0xc3, 0xc9, 0xd0);
    }
    return palette.color(QPalette::Text);
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
