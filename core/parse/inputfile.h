// SPDX-License-Identifier: Apache-2.0
#pragma once

// Files are read only when they are regular files: open(2) on a FIFO blocks
// until a writer appears (a hang, not an error), and a device can be endless.
// Folders keep their parser's own "is a directory" message.

#include <QFileInfo>
#include <QString>

namespace profscope {

// True for an existing path that is neither a folder nor a regular file
// (after following symlinks): a FIFO, a socket, a device.
bool isSpecialFile(const QFileInfo& info);
// "<path> is not a regular file (a FIFO, socket or device): not read".
QString specialFileReason(const QString& path);

} // namespace profscope
