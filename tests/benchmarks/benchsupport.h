// SPDX-License-Identifier: Apache-2.0
#pragma once

// What every benchmark measures the same way.

#include <QFile>
#include <QList>

namespace profscope::bench {

// The process's peak resident set (VmHWM) in KiB, -1 when unknown. The
// benchmarks load in child processes so that each figure is its own.
inline qint64 peakRssKb()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

} // namespace profscope::bench
