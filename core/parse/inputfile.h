// SPDX-License-Identifier: Apache-2.0
#pragma once

// Files are read only when they are regular files: open(2) on a FIFO blocks
// until a writer appears (a hang, not an error), and a device can be endless.
// Folders keep their parser's own "is a directory" message.

#include <QByteArray>
#include <QFileInfo>
#include <QString>

namespace profscope {

// True for an existing path that is neither a folder nor a regular file
// (after following symlinks): a FIFO, a socket, a device.
bool isSpecialFile(const QFileInfo& info);
// "<path> is not a regular file (a FIFO, socket or device): not read".
QString specialFileReason(const QString& path);

// A whole regular file in memory.
struct FileBytes
{
    enum class Status
    {
        Ok,
        CannotOpen, // `error` says why (missing, permissions)
        Directory,
        Special,  // a FIFO, socket or device: not read (see above)
        TooLarge, // larger than the caller's limit: not read; `sizeBytes` is its size
        ReadError,
    };
    Status status = Status::CannotOpen;
    // The file's bytes; `padding` more bytes, zeroed, are allocated past
    // size() for parsers that read ahead (simdjson).
    QByteArray bytes;
    qint64 sizeBytes = 0;
    QString error; // the system's message for CannotOpen and ReadError
    bool ok() const { return status == Status::Ok; }
};

// Reads `path` with the fewest system calls (on Unix: open, fstat, read,
// close). A cluster of many small ranks opens thousands of files, and
// QFileInfo's checks and QFile's own stat calls cost about six system calls
// more per file, each expensive in a virtual machine. The file's size is
// taken once, from the open descriptor: a file that grows meanwhile is read
// as it was then. maxBytes < 0: no limit.
FileBytes readFileBytes(const QString& path, qsizetype padding = 0, qint64 maxBytes = -1);

} // namespace profscope
