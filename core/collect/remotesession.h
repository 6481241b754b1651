// SPDX-License-Identifier: Apache-2.0
#pragma once

// One ssh host as the collector talks to it: commands run there and folders
// copied back with rsync or scp. Internal to core/collect; the building block
// for anything done per remote host (collectRemote in remotecopy.cpp).

#include "collectorinternal.h"

#include <QString>
#include <QStringList>

namespace profscope::collectdetail {

class RemoteSession
{
public:
    // sshOptions: the -o/-i arguments (Collector::sshOptionArguments), shared
    // by ssh, rsync's --rsh and scp.
    RemoteSession(QString sshProgram, QStringList sshOptions, QString host);

    // Runs commandLine on the host. The remote login shell reads it: build it
    // with shellCommand() (remotecommand.h), never by pasting strings.
    ProcessResult run(const QString& commandLine) const;
    // "host:path" for rsync / scp: an IPv6 host in brackets, the path's
    // wildcards escaped (both expand them on the remote side).
    QString remoteSpec(const QString& remotePath) const;
    // rsync's -e value: this ssh with the same options.
    QString rsyncShell() const;
    const QStringList& sshOptions() const
    {
        return m_sshOptions;
    }

private:
    QString m_ssh;
    QStringList m_sshOptions;
    QString m_host;
};

// What of a remote folder is copied: everything, or with --summary-only the
// small files the cluster views need (Collector::summaryFilePatterns).
struct CopyFilter
{
    bool summaryOnly = false;
    qint64 summaryMaxBytes = 0;
};

// Runs `cli summarize src -o out` on the host (profscope-cli next to the
// data). false with `error` naming what failed: the program missing on the
// host, or its own message.
bool summarizeOnHost(const RemoteSession& session, const QString& cli, const QString& src, const QString& out,
    QString& error);

// Copies the contents of the remote folder src into the local folder dest.
// false with `error` set on failure; true with `error` set for a warning
// (rsync: files vanished while copying).
bool rsyncFolder(const RemoteSession& session, const QString& rsyncProgram, const QString& src, const QString& dest,
    const CopyFilter& filter, QString& error);
// scp cannot resume: dest must not exist yet (the caller removes a partial copy).
// -s: SFTP protocol, so remote paths never pass through a remote shell.
bool scpFolder(const RemoteSession& session, const QString& scpProgram, const QString& src, const QString& dest,
    const CopyFilter& filter, QString& error);

} // namespace profscope::collectdetail
