// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "model/importreport.h"

#include <QColor>
#include <QIcon>
#include <QPalette>

namespace profscope {

// Colours are decided here, in the views, never in core models. Each status
// has a light-theme and a dark-theme tone so that it stays readable on the
// palette's Base colour either way.
bool isDarkPalette(const QPalette& palette);
QColor statusColor(FileStatus status, const QPalette& palette);
QColor severityColor(ImportMessage::Severity severity, const QPalette& palette);
// Text colour for counts and secondary labels: Text blended toward Base.
QColor mutedTextColor(const QPalette& palette);
// A small filled dot in the given colour, for status cells and legends.
QIcon colorDotIcon(const QColor& color, int size = 10);

} // namespace profscope
