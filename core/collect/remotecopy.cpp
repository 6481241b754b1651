// SPDX-License-Identifier: Apache-2.0
// Collecting from remote hosts over ssh: the ssh options, then per host the
// connection probe, the rank folders found there and their copies (the
// commands and copies themselves: remotesession.h).
#include "collectorinternal.h"

#include "remotecommand.h"
#include "remotesession.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QUuid>

#include <algorithm>
#include <map>

namespace profscope {

namespace {

    // A path under OUT_DIR that the collector may delete: strictly inside
    // OUT_DIR/<alias>/, never OUT_DIR or the alias folder themselves.
    bool isRemovableCopy(const QString& outDir, const QString& alias, const QString& path)
    {
        const QString aliasDir = QDir::cleanPath(QDir(outDir).filePath(alias)) + QLatin1Char('/');
        const QString clean = QDir::cleanPath(path);
        return clean.startsWith(aliasDir) && clean.size() > aliasDir.size();
    }

} // namespace

using namespace collectdetail;

QString sshOptionProblem(const QString& keyValue)
{
    static const QRegularExpression form(QStringLiteral("^([A-Za-z][A-Za-z0-9]*)=(.+)$"));
    const auto m = form.match(keyValue);
    if (!m.hasMatch())
        return Tr::tr("--ssh-option expects KEY=VALUE, got \"%1\"").arg(keyValue);
    for (const QChar c : keyValue)
        if (c.unicode() < 0x20)
            return Tr::tr("--ssh-option \"%1\" contains a control character").arg(keyValue);
    const QString key = m.captured(1).toLower();
    const QString value = m.captured(2).trimmed().toLower();
    if (key == QLatin1String("stricthostkeychecking")
        && (value == QLatin1String("no") || value == QLatin1String("off") || value == QLatin1String("false")))
        return Tr::tr(
            "host keys are always checked: StrictHostKeyChecking=%1 is refused. Add the hosts to a known_hosts "
            "file (--known-hosts FILE), or accept keys on first use with StrictHostKeyChecking=accept-new")
            .arg(m.captured(2));
    if (key == QLatin1String("userknownhostsfile") && value == QLatin1String("/dev/null"))
        return Tr::tr("UserKnownHostsFile=/dev/null would turn host key checking into a formality; "
                      "give a real file with --known-hosts FILE");
    if (key == QLatin1String("batchmode") && value != QLatin1String("yes"))
        return Tr::tr("BatchMode stays yes: the collector never prompts (use ssh keys or an agent)");
    return {};
}

QStringList Collector::sshOptionArguments(const HostEntry& host) const
{
    // ssh takes the first value it sees for an option: per-host values, then
    // the user's --ssh-option, then our defaults.
    QStringList args;
    const auto opt = [&args](const QString& kv) { args << QStringLiteral("-o") << kv; };
    if (!host.user.isEmpty())
        opt(QStringLiteral("User=") + host.user);
    if (host.port > 0)
        opt(QStringLiteral("Port=") + QString::number(host.port));
    for (const auto& kv : m_options.sshOptions)
        opt(kv);
    opt(QStringLiteral("BatchMode=yes"));
    opt(QStringLiteral("StrictHostKeyChecking=yes"));
    opt(QStringLiteral("ConnectTimeout=") + QString::number(std::max(1, m_options.connectTimeoutSeconds)));
    opt(QStringLiteral("ServerAliveInterval=15"));
    opt(QStringLiteral("ServerAliveCountMax=4"));
    opt(QStringLiteral("LogLevel=ERROR"));
    if (!m_options.knownHostsFile.isEmpty())
        opt(QStringLiteral("UserKnownHostsFile=")
            + sshConfigQuote(QFileInfo(m_options.knownHostsFile).absoluteFilePath()));
    if (!m_options.identityFile.isEmpty()) {
        args << QStringLiteral("-i") << sshPercentEscape(QFileInfo(m_options.identityFile).absoluteFilePath());
        opt(QStringLiteral("IdentitiesOnly=yes"));
    }
    return args;
}

void Collector::collectRemote(Job& job)
{
    HostResult& host = job.result;
    host.kind = QStringLiteral("ssh");
    host.realHost = job.host.display();
    host.source = m_options.remotePath;
    const auto fail = [&host](const QString& why) {
        host.status = QStringLiteral("failed");
        host.error = why;
    };
    const QString ssh = program(m_options.sshProgram, QStringLiteral("ssh"));
    if (ssh.isEmpty())
        return fail(Tr::tr("ssh is not installed (Debian: apt-get install openssh-client)"));
    const RemoteSession session(ssh, sshOptionArguments(job.host), job.host.host);
    log(Tr::tr("[%1] connecting to %2").arg(host.alias, host.realHost));

    // 1) Reachable, authenticated, host key known? And is rsync there?
    const ProcessResult probe = session.run(QStringLiteral("rsync --version"));
    if (!probe.started || probe.exitCode == 255 || probe.exitCode < 0)
        return fail(sshError(probe));
    const bool remoteRsync = probe.exitCode == 0;
    const QString rsync = program(m_options.rsyncProgram, QStringLiteral("rsync"));
    const QString scp = program(m_options.scpProgram, QStringLiteral("scp"));
    bool useRsync = false;
    switch (m_options.transfer) {
    case TransferMethod::Rsync:
        if (rsync.isEmpty())
            return fail(Tr::tr("rsync is not installed here (Debian: apt-get install rsync)"));
        if (!remoteRsync)
            return fail(Tr::tr("rsync is not installed on %1").arg(host.realHost));
        useRsync = true;
        break;
    case TransferMethod::Scp:
        break;
    case TransferMethod::Auto:
        useRsync = !rsync.isEmpty() && remoteRsync;
        if (!useRsync)
            log(Tr::tr("[%1] rsync is missing %2, copying with scp")
                    .arg(host.alias, rsync.isEmpty() ? Tr::tr("here") : Tr::tr("on the host")));
        break;
    }
    if (!useRsync && scp.isEmpty())
        return fail(Tr::tr("scp is not installed (Debian: apt-get install openssh-client)"));
    host.transfer = useRsync ? QStringLiteral("rsync") : QStringLiteral("scp");

    // 2) The base folders: PATTERN, or the folders its last component matches.
    const QString pattern = normalizeRemoteBase(m_options.remotePath);
    QStringList bases;
    QString relativeTo = pattern;
    if (hasGlob(lastComponent(pattern))) {
        relativeTo = parentOf(pattern);
        const ProcessResult glob =
            session.run(withBeginMarker(shellCommand({ QStringLiteral("find"), relativeTo, QStringLiteral("-mindepth"),
                QStringLiteral("1"), QStringLiteral("-maxdepth"), QStringLiteral("1"), QStringLiteral("-type"),
                QStringLiteral("d"), QStringLiteral("-name"), lastComponent(pattern), QStringLiteral("-print0") })));
        if (glob.exitCode == 255 || glob.exitCode < 0)
            return fail(sshError(glob));
        for (const QByteArray& rec : remoteRecords(glob.out))
            bases << QFile::decodeName(rec);
        bases.sort();
        if (bases.isEmpty())
            return fail(Tr::tr("no folder matches %1%2")
                            .arg(m_options.remotePath,
                                glob.err.isEmpty() ? QString()
                                                   : QStringLiteral(" (") + errorTail(glob.err) + QLatin1Char(')')));
    } else {
        bases << pattern;
    }

    // 3) The rank folders below them.
    const ProcessResult listing = session.run(listingCommandLine(bases));
    if (listing.exitCode == 255 || listing.exitCode < 0)
        return fail(sshError(listing));
    const QStringList folders = rankFoldersFromListing(listing.out);
    if (folders.isEmpty())
        return fail(Tr::tr("no profiler data found under %1%2")
                        .arg(m_options.remotePath,
                            listing.err.isEmpty() ? QString()
                                                  : QStringLiteral(" (") + errorTail(listing.err) + QLatin1Char(')')));
    if (!listing.err.isEmpty())
        log(Tr::tr("[%1] listing warnings: %2").arg(host.alias, errorTail(listing.err)));

    // Sources relative to the base keep the manifest free of host-specific
    // prefixes; the full remote path is used for the copy.
    std::vector<std::pair<QString, QString>> sources;
    for (const auto& f : folders) {
        QString rel = f.startsWith(relativeTo + QLatin1Char('/')) ? f.mid(relativeTo.size() + 1) : f;
        if (f == relativeTo)
            rel = QStringLiteral(".");
        sources.emplace_back(rel, f);
    }
    host.ranks = planRanks(sources, host.alias, job.previous);
    if (m_options.summarize)
        renameForSummaries(host.ranks);
    log(Tr::tr("[%1] %n rank folder(s) under %2", nullptr, int(sources.size())).arg(host.alias, m_options.remotePath));

    // --summarize: profscope-cli summarize runs on the host into a private
    // temporary folder (mkdir -m 700 fails if the name exists); only its
    // summaries are copied back, then the folder is removed.
    QString remoteTmp;
    if (m_options.summarize && !m_options.dryRun) {
        remoteTmp = QStringLiteral("/tmp/profscope-summaries-") + QUuid::createUuid().toString(QUuid::Id128);
        const ProcessResult made =
            session.run(shellCommand({ QStringLiteral("mkdir"), QStringLiteral("-m"), QStringLiteral("700"), remoteTmp }));
        if (made.exitCode != 0)
            return fail(processError(Tr::tr("creating a temporary folder on the host"), made));
    }
    const QString remoteCli = m_options.remoteCli.isEmpty() ? QStringLiteral("profscope-cli") : m_options.remoteCli;

    const CopyFilter filter { m_options.summaryOnly, m_options.summaryMaxBytes };
    const auto copyScp = [&](const QString& src, const QString& dest, QString& error) {
        // scp cannot resume: a partial folder is removed and copied again.
        if (QFileInfo::exists(dest)) {
            if (!isRemovableCopy(m_state->outDir, host.alias, dest) || !QDir(dest).removeRecursively()) {
                error = Tr::tr("cannot remove the partial copy %1").arg(dest);
                return false;
            }
        }
        return scpFolder(session, scp, src, dest, filter, error);
    };

    for (std::size_t i = 0; i < sources.size(); ++i) {
        const QString src = sources[i].second;
        handleRank(job, host.ranks[i], [&](RankFolderResult& r, QString& error) {
            const QString dest = QDir(m_state->outDir).filePath(r.relativePath);
            if (m_options.summarize) {
                const QString summaries = remoteTmp + QLatin1Char('/') + QString::number(i);
                if (!summarizeOnHost(session, remoteCli, src, summaries, error))
                    return false;
                return useRsync ? rsyncFolder(session, rsync, summaries, dest, {}, error)
                                : copyScp(summaries, dest, error);
            }
            return useRsync ? rsyncFolder(session, rsync, src, dest, filter, error) : copyScp(src, dest, error);
        });
    }
    if (!remoteTmp.isEmpty()) {
        const ProcessResult removed = session.run(shellCommand({ QStringLiteral("rm"), QStringLiteral("-rf"),
            QStringLiteral("--"), remoteTmp }));
        if (removed.exitCode != 0)
            log(Tr::tr("[%1] warning: %2 could not be removed on the host").arg(host.alias, remoteTmp));
    }
}

} // namespace profscope
