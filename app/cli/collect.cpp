// SPDX-License-Identifier: Apache-2.0
#include "collect.h"

#include "collect/collector.h"
#include "output.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QRegularExpression>

#include <limits>

namespace profscope::cli {

namespace {

    struct Tr
    {
        Q_DECLARE_TR_FUNCTIONS(profscope::cli::Collect)
    };

    // 64M, 512K, 1G, 1000 (bytes).
    bool parseSize(const QString& text, qint64* bytes)
    {
        static const QRegularExpression re(
            QStringLiteral("^(\\d+)([KMG]i?B?|B)?$"), QRegularExpression::CaseInsensitiveOption);
        const auto m = re.match(text.trimmed());
        if (!m.hasMatch())
            return false;
        bool ok = false;
        qint64 n = m.captured(1).toLongLong(&ok);
        const QChar unit = m.captured(2).isEmpty() ? QLatin1Char('B') : m.captured(2).at(0).toUpper();
        const int shift = unit == QLatin1Char('K') ? 10
            : unit == QLatin1Char('M')             ? 20
            : unit == QLatin1Char('G')             ? 30
                                                   : 0;
        if (!ok || n > (std::numeric_limits<qint64>::max() >> shift))
            return false;
        *bytes = n << shift;
        return true;
    }

    QString helpDetails()
    {
        return Tr::tr("\n"
                      "Copies every profiler rank folder (*_ascend_ms, *_ascend_pt, renamed folders with\n"
                      "ASCEND_PROFILER_OUTPUT, MindInsight profiler/ folders, CANN PROF_* output) from every\n"
                      "host into OUT_DIR/<host alias>/<rank folder>, checks each copy with the same loader as\n"
                      "`inspect`, and writes OUT_DIR/profscope_manifest.json (hosts, rank ids, files with size\n"
                      "and SHA-256). Open OUT_DIR in Profscope afterwards.\n"
                      "\n"
                      "HOSTS_FILE, one host per line (# starts a comment):\n"
                      "  node01                      ssh defaults (~/.ssh/config, current user, port 22)\n"
                      "  root@node02                 user\n"
                      "  root@node03:2222            user and port\n"
                      "  node04 2222                 port as a second column\n"
                      "  root@10.0.0.5:22 worker5    an alias: the folder name under OUT_DIR\n"
                      "  [fe80::1%eth0]:22           IPv6 in brackets\n"
                      "\n"
                      "PATTERN is a folder on the remote hosts (absolute, or relative to the login folder;\n"
                      "~/ works). Its last component may contain * ? [...] wildcards, matched by find -name on\n"
                      "the host (e.g. /data/prof/job_*). Rank folders are searched up to --max-depth levels below.\n"
                      "\n"
                      "Security: authentication is your ssh keys or agent only (BatchMode=yes: never a password\n"
                      "prompt, never a stored password); host keys are always checked against known_hosts\n"
                      "(StrictHostKeyChecking=no is refused). Programs are started with argument lists, remote\n"
                      "arguments are single-quoted for the remote shell, so no host or path name can run a\n"
                      "command. The remote login shell must be a POSIX shell (sh, bash, dash, ksh, zsh).\n"
                      "\n"
                      "Resume: run the same command again after an interruption. Rank folders the manifest marks\n"
                      "complete (copied and verified, files still present with their sizes) are skipped; partial\n"
                      "ones are synced again.\n"
                      "\n"
                      "Exit codes: 0 every host succeeded, 3 some host or rank folder failed (see the table),\n"
                      "2 usage error, 1 the output folder or the manifest could not be written.\n");
    }

} // namespace

int runCollect(const QStringList& args, QTextStream& out, QTextStream& err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(Tr::tr(
        "Collects the profile folders of a multi-host job into one cluster folder, over ssh or from local folders."));
    parser.addHelpOption();
    const QCommandLineOption hosts(
        QStringLiteral("hosts"), Tr::tr("Remote hosts, one per line (see below)."), QStringLiteral("HOSTS_FILE"));
    const QCommandLineOption remotePath(QStringLiteral("remote-path"),
        Tr::tr("Folder holding the rank folders on every host; wildcards allowed in the "
               "last component."),
        QStringLiteral("PATTERN"));
    const QCommandLineOption from(QStringLiteral("from"),
        Tr::tr("A folder on this machine or a mounted share, collected as one host named after "
               "the folder (repeatable)."),
        QStringLiteral("DIR"));
    const QCommandLineOption anonymize(QStringLiteral("anonymize-hosts"),
        Tr::tr("Name the host folders host1, host2, ... and write the real names only to "
               "OUT_DIR/host_ips_mapping.txt (not to the manifest)."));
    const QCommandLineOption summaryOnly(QStringLiteral("summary-only"),
        Tr::tr("Copy only the small files: step_trace_time, communication*, analysis.db, "
               "communication_analyzer.db, op_statistic, api_statistic, profiler_info*, profiler_metadata, "
               "step_trace_raw_*, hccl_raw_* (no traces, no per-rank profiler databases, no raw PROF_* data)."));
    const QCommandLineOption summaryMax(QStringLiteral("summary-max-size"),
        Tr::tr("With --summary-only, skip files larger than SIZE (default 64M; K, M, G)."), QStringLiteral("SIZE"),
        QStringLiteral("64M"));
    const QCommandLineOption summarize(QStringLiteral("summarize"),
        Tr::tr("Run profscope-cli summarize next to the data (on each host over ssh; here for --from) and copy "
               "back only the summaries: kilobytes per rank, opened as a cluster."));
    const QCommandLineOption remoteCli(QStringLiteral("remote-cli"),
        Tr::tr("With --summarize: profscope-cli on the hosts (default: profscope-cli on the remote PATH)."),
        QStringLiteral("PATH"));
    const QCommandLineOption dryRun(
        QStringLiteral("dry-run"), Tr::tr("List the rank folders that would be copied; write nothing."));
    const QCommandLineOption noResume(
        QStringLiteral("no-resume"), Tr::tr("Sync every rank folder again, also those the manifest marks complete."));
    const QCommandLineOption sshOption(QStringLiteral("ssh-option"),
        Tr::tr("Extra ssh option, passed as -o KEY=VALUE (repeatable), e.g. "
               "ProxyJump=bastion or StrictHostKeyChecking=accept-new."),
        QStringLiteral("KEY=VALUE"));
    const QCommandLineOption knownHosts(QStringLiteral("known-hosts"),
        Tr::tr("known_hosts file to check host keys against (default: ssh's own)."), QStringLiteral("FILE"));
    const QCommandLineOption identity(QStringLiteral("identity"),
        Tr::tr("Private key to log in with (default: ssh's own keys and agent)."), QStringLiteral("FILE"));
    const QCommandLineOption timeout(QStringLiteral("connect-timeout"),
        Tr::tr("Seconds to wait for a host to answer (default 10)."), QStringLiteral("SECONDS"), QStringLiteral("10"));
    const QCommandLineOption transfer(QStringLiteral("transfer"),
        Tr::tr("auto (rsync when both sides have it, else scp), rsync or scp."), QStringLiteral("METHOD"),
        QStringLiteral("auto"));
    const QCommandLineOption depth(QStringLiteral("max-depth"),
        Tr::tr("Folder levels searched below PATTERN or DIR (default 8)."), QStringLiteral("N"), QStringLiteral("8"));
    const QCommandLineOption jobs(QStringLiteral("jobs"), Tr::tr("Hosts collected in parallel (default 2)."),
        QStringLiteral("N"), QStringLiteral("2"));
    parser.addOptions({ hosts, remotePath, from, anonymize, summaryOnly, summaryMax, summarize, remoteCli, dryRun,
        noResume, sshOption,
        knownHosts, identity, timeout, transfer, depth, jobs });
    parser.addPositionalArgument(QStringLiteral("OUT_DIR"), Tr::tr("The cluster folder to write."));
    if (!parser.parse(args)) {
        err << parser.errorText() << '\n' << Tr::tr("see: profscope-cli collect --help") << '\n';
        return 2;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        // The parser names argv[0]; the command is what users type.
        const QString help = parser.helpText();
        out << Tr::tr("Usage: profscope-cli collect [options] OUT_DIR") << help.mid(help.indexOf(QLatin1Char('\n')))
            << helpDetails();
        return 0;
    }
    const auto usage = [&err](const QString& text) {
        err << Tr::tr("collect: %1").arg(text) << '\n';
        return 2;
    };
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1)
        return usage(positional.isEmpty() ? Tr::tr("give the output folder OUT_DIR (see --help)")
                                          : Tr::tr("one OUT_DIR only; use --from for local folders"));

    CollectOptions options;
    options.outDir = positional.first();
    if (parser.isSet(hosts)) {
        const HostsFile file = readHostsFile(parser.value(hosts));
        if (!file.errors.isEmpty()) {
            for (const auto& e : file.errors)
                err << e << '\n';
            return 2;
        }
        if (file.hosts.empty())
            return usage(Tr::tr("%1 lists no hosts").arg(parser.value(hosts)));
        options.hosts = file.hosts;
    }
    options.remotePath = parser.value(remotePath);
    options.localSources = parser.values(from);
    options.anonymizeHosts = parser.isSet(anonymize);
    options.summaryOnly = parser.isSet(summaryOnly);
    options.summarize = parser.isSet(summarize);
    options.remoteCli = parser.value(remoteCli);
    if (!parseSize(parser.value(summaryMax), &options.summaryMaxBytes))
        return usage(Tr::tr("--summary-max-size: \"%1\" is not a size").arg(parser.value(summaryMax)));
    options.dryRun = parser.isSet(dryRun);
    options.resume = !parser.isSet(noResume);
    options.sshOptions = parser.values(sshOption);
    options.knownHostsFile = parser.value(knownHosts);
    options.identityFile = parser.value(identity);
    bool ok = false;
    options.connectTimeoutSeconds = parser.value(timeout).toInt(&ok);
    if (!ok)
        return usage(Tr::tr("--connect-timeout expects a number of seconds"));
    options.maxDepth = parser.value(depth).toInt(&ok);
    if (!ok)
        return usage(Tr::tr("--max-depth expects a number"));
    options.jobs = parser.value(jobs).toInt(&ok);
    if (!ok)
        return usage(Tr::tr("--jobs expects a number"));
    const QString method = parser.value(transfer);
    if (method == QLatin1String("auto"))
        options.transfer = TransferMethod::Auto;
    else if (method == QLatin1String("rsync"))
        options.transfer = TransferMethod::Rsync;
    else if (method == QLatin1String("scp"))
        options.transfer = TransferMethod::Scp;
    else
        return usage(Tr::tr("--transfer expects auto, rsync or scp"));

    Collector collector(options, [&out](const QString& line) {
        out << line << '\n';
        out.flush();
    });
    if (const QStringList problems = collector.validate(); !problems.isEmpty()) {
        for (const auto& p : problems)
            err << Tr::tr("collect: %1").arg(p) << '\n';
        return 2;
    }
    const CollectResult result = collector.run();
    if (!result.fatalError.isEmpty()) {
        err << Tr::tr("collect: %1").arg(result.fatalError) << '\n';
        return result.exitCode();
    }

    // Per-host summary table.
    std::vector<QStringList> rows;
    rows.push_back({ Tr::tr("HOST"), Tr::tr("STATUS"), Tr::tr("RANK FOLDERS"),
        result.dryRun ? Tr::tr("TO COPY") : Tr::tr("COPIED"), Tr::tr("SKIPPED"), Tr::tr("FAILED"), Tr::tr("SIZE"),
        Tr::tr("ERROR") });
    for (const auto& h : result.hosts) {
        int seen = 0, copied = 0, skipped = 0, failed = 0;
        for (const auto& r : h.ranks) {
            if (!r.seenNow)
                continue;
            ++seen;
            copied += (r.copiedNow || (result.dryRun && !r.skippedNow)) ? 1 : 0;
            skipped += r.skippedNow ? 1 : 0;
            failed += r.status == QLatin1String("failed") ? 1 : 0;
        }
        QString status = h.ok() ? Tr::tr("ok") : Tr::tr("FAILED");
        QString error = h.error;
        error.replace(QLatin1Char('\n'), QLatin1Char(' '));
        rows.push_back({ h.alias, status, QString::number(seen), QString::number(copied), QString::number(skipped),
            QString::number(failed), byteSizeText(h.totalBytes()), error });
    }
    std::vector<int> widths(rows.front().size(), 0);
    for (const auto& row : rows)
        for (int i = 0; i + 1 < row.size(); ++i)
            widths[std::size_t(i)] = std::max(widths[std::size_t(i)], int(row[i].size()));
    out << '\n';
    for (const auto& row : rows) {
        QString line;
        for (int i = 0; i < row.size(); ++i)
            line += i + 1 < row.size() ? row[i].leftJustified(widths[std::size_t(i)] + 2) : row[i];
        out << line.trimmed() << '\n';
    }
    if (result.dryRun)
        out << '\n' << Tr::tr("Dry run: nothing was written.") << '\n';
    else
        out << '\n' << Tr::tr("Manifest: %1").arg(result.manifestPath) << '\n';
    return result.exitCode();
}

} // namespace profscope::cli
