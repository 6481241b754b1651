// SPDX-License-Identifier: Apache-2.0
#include "collectorinternal.h"

#include "remotecommand.h"

#include <QDateTime>
#include <QProcess>

namespace profscope::collectdetail {

QString isoNow()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

// Runs one program with an argument list (never a shell), stdin from
// /dev/null so nothing can wait for input.
ProcessResult runProcess(const QString& program, const QStringList& args)
{
    ProcessResult r;
    QProcess p;
    p.setProgram(program);
    p.setArguments(args);
    p.setStandardInputFile(QProcess::nullDevice());
    p.start();
    if (!p.waitForStarted(60000)) {
        r.startError = p.errorString();
        return r;
    }
    r.started = true;
    // No overall timeout: transfers can take hours. ssh's ConnectTimeout and
    // ServerAlive options end dead connections.
    p.waitForFinished(-1);
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return r;
}

// A remote command line that first prints the begin marker.
QString withBeginMarker(const QString& commandLine)
{
    return shellCommand({ QStringLiteral("printf"), QStringLiteral("%s\\0"), QString::fromLatin1(kListingBegin) })
        + QStringLiteral("; ") + commandLine;
}

// The NUL-separated records a remote command printed after the begin marker.
QList<QByteArray> remoteRecords(const QByteArray& out)
{
    const QByteArray marker = QByteArray(kListingBegin) + '\0';
    QByteArray data = out;
    if (const qsizetype at = out.indexOf(marker); at >= 0)
        data = out.mid(at + marker.size());
    QList<QByteArray> records;
    for (const QByteArray& r : data.split('\0'))
        if (!r.isEmpty())
            records << r;
    return records;
}

// The last few lines a program wrote to stderr, for one-line error reports.
QString errorTail(const QByteArray& err, int maxLines)
{
    QStringList lines;
    for (const QByteArray& line : err.split('\n')) {
        const QString t = QString::fromUtf8(line).trimmed();
        if (!t.isEmpty())
            lines << t;
    }
    while (lines.size() > maxLines)
        lines.removeFirst();
    return lines.join(QStringLiteral(" / "));
}

QString processError(const QString& what, const ProcessResult& r)
{
    if (!r.started)
        return Tr::tr("%1 could not be started: %2").arg(what, r.startError);
    const QString tail = errorTail(r.err);
    if (r.exitCode < 0)
        return Tr::tr("%1 crashed%2").arg(what, tail.isEmpty() ? QString() : QStringLiteral(": ") + tail);
    return Tr::tr("%1 failed (exit code %2)%3")
        .arg(what)
        .arg(r.exitCode)
        .arg(tail.isEmpty() ? QString() : QStringLiteral(": ") + tail);
}

// ssh exits with 255 for its own errors (unreachable, authentication, host
// key); anything else is the remote command's exit code.
QString sshError(const ProcessResult& r)
{
    const QString tail = errorTail(r.err);
    if (!r.started)
        return Tr::tr("ssh could not be started: %1").arg(r.startError);
    return Tr::tr("ssh failed: %1").arg(tail.isEmpty() ? Tr::tr("exit code %1").arg(r.exitCode) : tail);
}


} // namespace profscope::collectdetail
