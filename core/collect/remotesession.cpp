// SPDX-License-Identifier: Apache-2.0
#include "remotesession.h"

#include "remotecommand.h"

#include <QDir>
#include <QFile>

#include <map>

namespace profscope::collectdetail {

RemoteSession::RemoteSession(QString sshProgram, QStringList sshOptions, QString host)
    : m_ssh(std::move(sshProgram))
    , m_sshOptions(std::move(sshOptions))
    , m_host(std::move(host))
{
}

ProcessResult RemoteSession::run(const QString& commandLine) const
{
    return runProcess(m_ssh, m_sshOptions + QStringList { QStringLiteral("--"), m_host, commandLine });
}

QString RemoteSession::remoteSpec(const QString& remotePath) const
{
    const QString host = m_host.contains(QLatin1Char(':')) ? QLatin1Char('[') + m_host + QLatin1Char(']') : m_host;
    return host + QLatin1Char(':') + escapeRemoteGlob(remotePath);
}

QString RemoteSession::rsyncShell() const
{
    return rsyncRshCommand(QStringList { m_ssh } + m_sshOptions);
}

bool rsyncFolder(const RemoteSession& session, const QString& rsyncProgram, const QString& src, const QString& dest,
    const CopyFilter& filter, QString& error)
{
    QStringList args { QStringLiteral("-rt"), QStringLiteral("--protect-args"), QStringLiteral("-e"),
        session.rsyncShell() };
    if (filter.summaryOnly) {
        args << QStringLiteral("--prune-empty-dirs")
             << QStringLiteral("--max-size=") + QString::number(filter.summaryMaxBytes);
        for (const auto& d : Collector::summaryExcludedFolders())
            args << QStringLiteral("--exclude=") + d + QLatin1Char('/');
        args << QStringLiteral("--include=*/");
        for (const auto& p : Collector::summaryFilePatterns())
            args << QStringLiteral("--include=") + p;
        args << QStringLiteral("--exclude=*");
    }
    // Trailing slashes: copy the folder's contents into dest, whatever its name.
    args << QStringLiteral("--") << session.remoteSpec(src) + QLatin1Char('/') << dest + QLatin1Char('/');
    QDir().mkpath(dest);
    const ProcessResult r = runProcess(rsyncProgram, args);
    if (r.exitCode == 0)
        return true;
    if (r.exitCode == 24) { // some files vanished while copying: the profiler may still be writing
        error = Tr::tr("some files vanished during the copy: %1").arg(errorTail(r.err));
        return true;
    }
    error = processError(QStringLiteral("rsync"), r);
    return false;
}

bool scpFolder(const RemoteSession& session, const QString& scpProgram, const QString& src, const QString& dest,
    const CopyFilter& filter, QString& error)
{
    const QStringList scpBase =
        QStringList { QStringLiteral("-s"), QStringLiteral("-p"), QStringLiteral("-B") } + session.sshOptions();
    if (!filter.summaryOnly) {
        const ProcessResult r = runProcess(scpProgram,
            scpBase + QStringList { QStringLiteral("-r"), QStringLiteral("--"), session.remoteSpec(src), dest });
        if (r.exitCode != 0) {
            error = processError(QStringLiteral("scp"), r);
            return false;
        }
        return true;
    }
    // --summary-only: which files to fetch, listed by find on the host.
    QStringList summaryFind;
    for (const auto& p : Collector::summaryFilePatterns())
        summaryFind << (summaryFind.isEmpty() ? QStringList {} : QStringList { QStringLiteral("-o") })
                    << QStringLiteral("-name") << p;
    QStringList find { QStringLiteral("find"), src, QStringLiteral("-type"), QStringLiteral("d"), QStringLiteral("(") };
    const QStringList excluded = Collector::summaryExcludedFolders();
    for (int i = 0; i < excluded.size(); ++i)
        find << (i > 0 ? QStringList { QStringLiteral("-o") } : QStringList {}) << QStringLiteral("-name")
             << excluded[i];
    find << QStringLiteral(")") << QStringLiteral("-prune") << QStringLiteral("-o") << QStringLiteral("-type")
         << QStringLiteral("f") << QStringLiteral("(") << summaryFind << QStringLiteral(")") << QStringLiteral("-size")
         << QStringLiteral("-%1c").arg(filter.summaryMaxBytes + 1) << QStringLiteral("-print0");
    const ProcessResult list = session.run(withBeginMarker(shellCommand(find)));
    if (list.exitCode != 0) {
        error = list.exitCode == 255 ? sshError(list) : processError(QStringLiteral("find"), list);
        return false;
    }
    std::map<QString, QStringList> byFolder; // relative folder -> remote files
    for (const QByteArray& rec : remoteRecords(list.out)) {
        const QString path = QFile::decodeName(rec);
        if (!path.startsWith(src + QLatin1Char('/')))
            continue;
        const QString rel = path.mid(src.size() + 1);
        byFolder[rel.contains(QLatin1Char('/')) ? parentOf(rel) : QString()] << path;
    }
    QDir().mkpath(dest);
    for (const auto& [folder, files] : byFolder) {
        const QString target = folder.isEmpty() ? dest : dest + QLatin1Char('/') + folder;
        QDir().mkpath(target);
        QStringList args = scpBase + QStringList { QStringLiteral("--") };
        for (const auto& f : files)
            args << session.remoteSpec(f);
        args << target + QLatin1Char('/');
        const ProcessResult r = runProcess(scpProgram, args);
        if (r.exitCode != 0) {
            error = processError(QStringLiteral("scp"), r);
            return false;
        }
    }
    return true;
}

bool summarizeOnHost(const RemoteSession& session, const QString& cli, const QString& src, const QString& out,
    QString& error)
{
    const ProcessResult r = session.run(shellCommand({ cli, QStringLiteral("summarize"), src, QStringLiteral("-o"), out }));
    if (r.exitCode == 0)
        return true;
    if (r.exitCode == 127) // the remote shell found no such program
        error = Tr::tr("%1 is not installed on the host: install Profscope there, or give its path with --remote-cli")
                    .arg(cli);
    else
        error = processError(cli + QStringLiteral(" summarize"), r);
    return false;
}

} // namespace profscope::collectdetail
