// SPDX-License-Identifier: Apache-2.0
#include "statuscolors.h"

#include <QPainter>
#include <QPixmap>

namespace profscope {

bool isDarkPalette(const QPalette& palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

QColor statusColor(FileStatus status, const QPalette& palette)
{
    const bool dark = isDarkPalette(palette);
    switch (status) {
    case FileStatus::Used:
        return dark ? QColor(0x3f, 0xb9, 0x50) : QColor(0x1a, 0x7f, 0x37);
    case FileStatus::Skipped:
        return dark ? QColor(0xd2, 0x99, 0x22) : QColor(0x9a, 0x67, 0x00);
    case FileStatus::Broken:
        return dark ? QColor(0xf8, 0x51, 0x49) : QColor(0xcf, 0x22, 0x2e);
    }
    return palette.color(QPalette::Text);
}

QColor severityColor(ImportMessage::Severity severity, const QPalette& palette)
{
    switch (severity) {
    case ImportMessage::Info:
        return isDarkPalette(palette) ? QColor(0x58, 0xa6, 0xff) : QColor(0x09, 0x69, 0xda);
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
