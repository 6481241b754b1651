// SPDX-License-Identifier: Apache-2.0
#pragma once

// Settings written off the GUI thread. QSettings writes its file through
// QLockFile and QSaveFile, and both call fdatasync: on a slow or busy disk
// (measured: 130 ms here, while a 1024-rank load was ending) the window was
// frozen that long each time a setting changed (the recent folders after a
// load, every step of a column drag). Writes go to one background thread,
// in the order given; the last value of a key still waiting is what gets
// written, and what settingValue() returns meanwhile.

#include <QString>
#include <QVariant>

namespace profscope {

// The key's value: a write still waiting first, else QSettings'.
QVariant settingValue(const QString& key, const QVariant& fallback = {});
// Queues the write (an invalid value removes the key) and returns at once.
void setSettingValue(const QString& key, const QVariant& value);
void removeSetting(const QString& key);
// Waits until every queued write is in the settings file (at exit, in tests).
void flushSettings();

} // namespace profscope
