// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "hostsfile.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

namespace profscope {

enum class TransferMethod
{
    Auto, // rsync when both sides have it, else scp
    Rsync,
    Scp,
};

struct CollectOptions
{
    std::vector<HostEntry> hosts; // remote hosts (from the hosts file)
    QString remotePath; // PATTERN: remote base folder, a wildcard allowed in the last component
    QStringList localSources; // --from DIR: folders on this machine or a mounted share
    QString outDir;

    bool anonymizeHosts = false;
    bool summaryOnly = false;
    qint64 summaryMaxBytes = qint64(64) << 20;
    // --summarize: run `profscope-cli summarize` next to the data (over ssh on
    // each host, in process for --from) and copy back only the summaries.
    bool summarize = false;
    QString remoteCli; // the host's profscope-cli; empty: "profscope-cli" on the host's PATH
    bool dryRun = false;
    bool resume = true; // false: re-sync ranks the manifest marks complete
    int maxDepth = 8; // folder levels searched below each base
    int jobs = 2; // hosts collected in parallel

    // ssh: the user's keys/agent only. Host keys are always checked.
    QStringList sshOptions; // KEY=VALUE, passed as -o KEY=VALUE (validated by sshOptionProblem)
    QString knownHostsFile;
    QString identityFile;
    int connectTimeoutSeconds = 10;
    TransferMethod transfer = TransferMethod::Auto;

    // Programs; empty: looked up on PATH.
    QString sshProgram;
    QString rsyncProgram;
    QString scpProgram;
};

struct CollectedFile
{
    QString path; // relative to the rank folder, '/'-separated
    qint64 size = 0;
    QString sha256; // lower-case hex
};

struct RankFolderResult
{
    QString source; // where it came from: remote path, or local absolute path
    QString relativePath; // where it went, relative to OUT_DIR ("alias/rank0_ascend_pt")
    QString mode; // "full", "summary" (--summary-only) or "profscope-summary" (--summarize)
    QString status; // "ok", "failed", "pending"
    QString error;
    bool complete = false; // copied and verified; a resumed run skips it
    int copies = 0; // how many runs copied it (a resumed run does not count)
    std::vector<int> rankIds;
    std::vector<CollectedFile> files;
    qint64 bytes = 0;
    QDateTime copiedAt;
    QDateTime verifiedAt;
    // This run only (not in the manifest):
    bool seenNow = false; // found at the source in this run
    bool copiedNow = false;
    bool skippedNow = false;
};

struct HostResult
{
    QString alias;
    QString realHost; // user@host:port, or the local folder; empty in the manifest when anonymised
    QString kind; // "ssh" or "local"
    QString source; // remote PATTERN or local folder
    QString transfer; // "rsync", "scp", "local"
    QString status; // "ok", "failed", "pending"
    QString error;
    QDateTime startedAt;
    QDateTime finishedAt;
    std::vector<RankFolderResult> ranks;

    qint64 totalBytes() const;
    bool ok() const
    {
        return status == QLatin1String("ok");
    }
};

struct CollectResult
{
    std::vector<HostResult> hosts;
    QString fatalError; // nothing could be done (OUT_DIR, manifest)
    bool dryRun = false;
    QString manifestPath;

    // 0: every host succeeded, 3: some failed, 1: fatal error.
    int exitCode() const;
};

// Copies profile rank folders from many hosts (ssh + rsync/scp) and local
// folders into OUT_DIR/<alias>/<rank folder>, verifies each copy with the
// same loader as `inspect`, and keeps OUT_DIR/profscope_manifest.json so that
// an interrupted run resumes where it stopped.
//
// Every external program is started with an argument list; the only strings
// another parser sees are the remote command line (shellQuote) and rsync's
// --rsh value (rsyncRshQuote).
class Collector
{
public:
    using LogFunction = std::function<void(const QString& line)>;

    explicit Collector(CollectOptions options, LogFunction log = {});

    // Problems with the options themselves (usage errors); empty when fine.
    QStringList validate() const;
    // Runs the whole collection (or the dry run). Blocking; hosts in parallel.
    CollectResult run();

    static QString manifestFileName(); // profscope_manifest.json
    static QString hostMappingFileName(); // host_ips_mapping.txt

    // Building blocks, public for tests.
    // --summary-only: the small files a cluster overview needs.
    static QStringList summaryFilePatterns();
    static QStringList summaryExcludedFolders(); // raw data folders inside rank folders (wildcards)
    static bool isSummaryExcludedFolder(const QString& folderName);
    static bool isSummaryFile(const QString& fileName, qint64 size, qint64 maxBytes);
    // Rank folders in the NUL-separated output of the remote listing command.
    static QStringList rankFoldersFromListing(const QByteArray& listing);
    // The remote listing command line (for the remote shell, quoted).
    QString listingCommandLine(const QStringList& bases) const;
    // ssh -o/-i options shared by ssh, rsync --rsh and scp, for one host.
    QStringList sshOptionArguments(const HostEntry& host) const;

    static QJsonObject hostToJson(const HostResult& host, bool anonymized);
    static HostResult hostFromJson(const QJsonObject& object);

private:
    struct Job;
    void runJob(Job& job);
    void collectRemote(Job& job);
    void collectLocal(Job& job);
    void handleRank(Job& job, RankFolderResult& rank, const std::function<bool(RankFolderResult&, QString&)>& copy);
    bool verifyRank(RankFolderResult& rank);
    // manifest.cpp
    void readPreviousManifest(const QString& manifestPath);
    void record(const Job& job, bool force);
    bool writeManifest();
    void log(const QString& line);
    QString program(const QString& configured, const QString& name) const;

    CollectOptions m_options;
    LogFunction m_log;
    struct State;
    std::shared_ptr<State> m_state;
};

// Why `--ssh-option KEY=VALUE` is refused (turns off host key checking,
// would prompt, ...); empty when it is fine.
QString sshOptionProblem(const QString& keyValue);

} // namespace profscope
