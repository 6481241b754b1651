// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "model/importreport.h"

#include <QColor>
#include <QIcon>
#include <QPalette>

#include <iterator>

namespace profscope {

// Colours are decided here, in the views, never in core models. Each status
// has a light-theme and a dark-theme tone so that it stays readable on the
// palette's Base colour either way.
bool isDarkPalette(const QPalette& palette);

// A colour in two tones: `light` for a light palette, `dark` for a dark one.
struct ThemedColor
{
    QRgb light;
    QRgb dark;
};
// The tone of `color` that suits `palette`.
QColor themedColor(const ThemedColor& color, const QPalette& palette);
// Entry `index` of a table of themed colours (one per enum value); the
// palette's Text colour for an index outside the table.
template <typename Table> QColor themedColorAt(const Table& table, int index, const QPalette& palette)
{
    return index >= 0 && index < int(std::size(table)) ? themedColor(table[std::size_t(index)], palette)
                                                       : palette.color(QPalette::Text);
}
QColor statusColor(FileStatus status, const QPalette& palette);
QColor severityColor(ImportMessage::Severity severity, const QPalette& palette);
// Text colour for counts and secondary labels: Text blended toward Base.
QColor mutedTextColor(const QPalette& palette);
// A small filled dot in the given colour, for status cells and legends.
QIcon colorDotIcon(const QColor& color, int size = 10);

} // namespace profscope
