// SPDX-License-Identifier: Apache-2.0
#include "statuscolors.h"

#include <QPainter>
#include <QPixmap>

namespace profscope {

bool isDarkPalette(const QPalette& palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

QColor themedColor(const ThemedColor& color, const QPalette& palette)
{
    return QColor(isDarkPalette(palette) ? color.dark : color.light);
}

QColor statusColor(FileStatus status, const QPalette& palette)
{
    static constexpr ThemedColor colors[] = {
        { 0x1a7f37, 0x3fb950 }, // Used: green
        { 0x9a6700, 0xd29922 }, // Skipped: amber
        { 0xcf222e, 0xf85149 }, // Broken: red
    };
    return themedColorAt(colors, int(status), palette);
}

QColor severityColor(ImportMessage::Severity severity, const QPalette& palette)
{
    switch (severity) {
    case ImportMessage::Info:
        return themedColor({ 0x0969da, 0x58a6ff }, palette);
    case ImportMessage::Warning:
        return statusColor(FileStatus::Skipped, palette);
    case ImportMessage::Error:
        return statusColor(FileStatus::Broken, palette);
    }
    return palette.color(QPalette::Text);
}

QColor mutedTextColor(const QPalette& palette)
{
    const QColor text = palette.color(QPalette::Text);
    const QColor base = palette.color(QPalette::Base);
    const auto mix = [](int a, int b) { return (a * 62 + b * 38) / 100; };
    return QColor(mix(text.red(), base.red()), mix(text.green(), base.green()), mix(text.blue(), base.blue()));
}

QIcon colorDotIcon(const QColor& color, int size)
{
    QIcon icon;
    // Two resolutions so that the dot stays round on high-DPI screens.
    for (const int scale : { 1, 2 }) {
        QPixmap pixmap(size * scale, size * scale);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(Qt::NoPen);
        painter.setBrush(color);
        const qreal inset = 1.0 * scale;
        painter.drawEllipse(QRectF(inset, inset, size * scale - 2 * inset, size * scale - 2 * inset));
        painter.end();
        pixmap.setDevicePixelRatio(scale);
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace profscope
