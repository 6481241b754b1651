// SPDX-License-Identifier: Apache-2.0
// Shared by the collect tests (tst_collect, tst_collectquoting): running
// `profscope-cli collect`, names that run a command if any shell ever
// evaluates them, and what a real shell makes of a command line.
#pragma once

#include <QCoreApplication>
#include <QDir>
#include <QProcess>
#include <QRandomGenerator>
#include <QStringList>

namespace collecttest {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    QByteArray text() const
    {
        return out + err;
    }
};

#ifdef PROFSCOPE_CLI
inline Run cli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(PROFSCOPE_CLI), QStringList { QStringLiteral("collect") } + args);
    p.waitForFinished(300000);
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
        p.readAllStandardError() };
}
#endif

// A marker that must never appear: every hostile name tries to create it.
inline QString token()
{
    static const QString t = QStringLiteral("pwned-%1-%2")
                                 .arg(QCoreApplication::applicationPid())
                                 .arg(QRandomGenerator::global()->generate());
    return t;
}

// Names that run `touch` if any shell ever evaluates them. Path components
// cannot contain '/', so these touch relative names (checked in the working
// folder, $HOME and /tmp).
inline QString hostileComponent(const QString& tag)
{
    return QStringLiteral("x $(touch %1-%2a) `touch %1-%2b`;touch %1-%2c 'q' \"dq\" [b]*?\\ & | <>").arg(token(), tag);
}

// A path whose components, read by a shell, form `$(touch /tmp/TOKEN-tag)`.
inline QString hostilePath(const QString& tag)
{
    return QStringLiteral("a $(touch /tmp/%1-%2) b;`touch /tmp/%1-%2t`'").arg(token(), tag);
}

inline QStringList pwnedFiles()
{
    QStringList found;
    for (const QString& dir : { QDir::tempPath(), QStringLiteral("/tmp"), QDir::homePath(), QDir::currentPath() }) {
        const QStringList hits = QDir(dir).entryList({ token() + QLatin1Char('*') }, QDir::AllEntries | QDir::Hidden);
        for (const auto& h : hits)
            found << QDir(dir).filePath(h);
    }
    return found;
}

// printf '%s\0' ARGS... through a real shell: what the shell made of the words.
inline QStringList throughShell(const QString& shell, const QString& commandLine)
{
    QProcess p;
    p.start(shell, { QStringLiteral("-c"), QStringLiteral("printf '%s\\0' ") + commandLine });
    p.waitForFinished(30000);
    QStringList words;
    const QByteArray out = p.readAllStandardOutput();
    if (out.isEmpty())
        return words;
    const QList<QByteArray> parts = out.left(out.size() - 1).split('\0');
    for (const auto& w : parts)
        words << QString::fromUtf8(w);
    return words;
}

inline QStringList hostileStrings()
{
    return { QString(), QStringLiteral(" "), QStringLiteral("a b  c"), QStringLiteral("'"), QStringLiteral("''"),
        QStringLiteral("a'b'c"), QStringLiteral("'\\''"), QStringLiteral("\""), QStringLiteral("\\"),
        QStringLiteral("trailing\\"), QStringLiteral("$(touch /tmp/%1-q1)").arg(token()),
        QStringLiteral("`touch /tmp/%1-q2`").arg(token()), QStringLiteral("; touch /tmp/%1-q3;").arg(token()),
        QStringLiteral("&& touch /tmp/%1-q4 || touch /tmp/%1-q4").arg(token()),
        QStringLiteral("| tee /tmp/%1-q5").arg(token()), QStringLiteral("> /tmp/%1-q6").arg(token()),
        QStringLiteral("line1\nline2\n"), QStringLiteral("tab\there\r"), QStringLiteral("*"), QStringLiteral("?"),
        QStringLiteral("[a-z]*"), QStringLiteral("~"), QStringLiteral("~root/x"), QStringLiteral("!event"),
        QStringLiteral("#comment"), QStringLiteral("-rf"), QStringLiteral("=ls"),
        QStringLiteral("$HOME ${IFS} $1 $@ $$"), QStringLiteral("%s %n"), QStringLiteral("{a,b}"),
        QStringLiteral("数据 目录/ランク"), QStringLiteral("plain/path_ok-1.2:3@x,y%+") };
}

} // namespace collecttest
