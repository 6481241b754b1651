// SPDX-License-Identifier: Apache-2.0
#pragma once

// What every benchmark measures the same way.

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QProcess>

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

// Runs this benchmark again as a child with `args` (its own process, so its
// own peak RSS) and returns the JSON object it printed last.
inline QJsonObject runChild(const QStringList& args)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    p.start(QCoreApplication::applicationFilePath(), args);
    p.waitForFinished(-1);
    return QJsonDocument::fromJson(p.readAllStandardOutput().trimmed().split('\n').last()).object();
}

} // namespace profscope::bench
