// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStringList>

class QFileInfo;
class QMimeData;
class QWidget;

namespace profscope {

// What File → Open File and drag and drop accept besides folders: a trace
// (trace_view.json, legacy and msprof timeline JSON), a CSV or a profiler
// database. Discovery opens the rank a CSV or database belongs to.
bool isOpenableProfileFile(const QFileInfo& info);
// Local folders and openable files among dropped URLs, absolute.
QStringList droppedProfilePaths(const QMimeData* mime);
// File → Open File: one profiler file, starting in the last dialog folder
// (settingsKey) and remembering it; empty when cancelled.
QString askProfileFile(QWidget* parent, const char* settingsKey);

// Start-up without PATH: true the first time (the demo shows what the pages
// do), false afterwards (the welcome page with the recent profiles).
bool startWithDemo();

} // namespace profscope
