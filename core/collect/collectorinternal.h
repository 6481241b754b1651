// SPDX-License-Identifier: Apache-2.0
#pragma once

// Shared by the collector's source files only: collector.cpp (the run),
// collectplan.cpp (options, summary filter, rank destinations),
// collectprocess.cpp (external programs), localcopy.cpp, remotelisting.cpp,
// remotecopy.cpp + remotesession.cpp (ssh hosts), manifest.cpp. The helpers
// they have in common and the collector's private state; not public API.

#include "collector.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMutex>

#include <map>
#include <utility>
#include <vector>

namespace profscope {

namespace collectdetail {

// One translation context for every collector message.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::Collector)
};

// Markers in the NUL-separated output of remote listings. Every listed path
// starts with '/' or '.', so neither can be a path. The first one skips
// whatever the remote shell's startup files print before our command runs.
inline constexpr char kListingBegin[] = "--profscope-begin--";
inline constexpr char kListingSentinel[] = "--profscope-files--";

QString isoNow();

// --- collectprocess.cpp: external programs --------------------------------

struct ProcessResult
{
    bool started = false;
    int exitCode = -1; // -1 when it crashed or did not start
    QByteArray out;
    QByteArray err;
    QString startError;
};

// Runs one program with an argument list (never a shell), stdin from
// /dev/null so nothing can wait for input.
ProcessResult runProcess(const QString& program, const QStringList& args);
// A remote command line that first prints the begin marker.
QString withBeginMarker(const QString& commandLine);
// The NUL-separated records a remote command printed after the begin marker.
QList<QByteArray> remoteRecords(const QByteArray& out);
// The last few lines a program wrote to stderr, for one-line error reports.
QString errorTail(const QByteArray& err, int maxLines = 3);
QString processError(const QString& what, const ProcessResult& r);
// ssh exits with 255 for its own errors (unreachable, authentication, host
// key); anything else is the remote command's exit code.
QString sshError(const ProcessResult& r);

// --- collectplan.cpp: paths and the rank folders of one host --------------

QString lastComponent(const QString& path);
QString parentOf(const QString& path);
// PATTERN as the remote side sees it (relative to the login folder, "./"
// in front of relative paths).
QString normalizeRemoteBase(QString p);
// Outer folders win: a rank folder inside another one is copied with it.
QStringList dropNested(QStringList folders);
// The rank folders of one host for this run, from (source relative to the
// host's base, full path) pairs; destinations an earlier run gave are kept.
std::vector<RankFolderResult> planRanks(
    const std::vector<std::pair<QString, QString>>& sources, const QString& alias, const HostResult* previous);

// --- localcopy.cpp: files on this machine ---------------------------------

// Every regular file below root (symbolic links are neither copied nor
// followed), with size and SHA-256, sorted by relative path.
std::vector<CollectedFile> hashTree(const QString& root, QString* error);
// Local counterpart of `rsync -rt` (with the --summary-only filter).
bool copyTreeLocal(const QString& from, const QString& to, bool summaryOnly, qint64 maxBytes, int depth,
    int* copied, QString* error);

// --- manifest.cpp ----------------------------------------------------------

// A rank folder the manifest says is complete and whose files are all still
// there with their recorded sizes.
bool stillComplete(const RankFolderResult& r, const QString& outDir, const QString& wantedMode);
// The manifest's mode of a copy made with these options: "full", "summary" or "profscope-summary".
QString copyMode(const CollectOptions& options);
// --summarize: a copy holds summaries, not a rank folder, so its folder is
// named "<rank folder>.summary" (discovery then reads it as summaries).
void renameForSummaries(std::vector<RankFolderResult>& ranks);

} // namespace collectdetail

struct Collector::State
{
    QMutex mutex; // hosts, manifest writes
    QMutex logMutex; // log lines
    std::vector<HostResult> hosts;
    std::map<QString, HostResult> previous; // alias -> host from the manifest of an earlier run
    QString outDir;
    QString startedAt;
    QElapsedTimer sinceWrite;
    QString writeError;
};

struct Collector::Job
{
    std::size_t index = 0;
    bool remote = false;
    HostEntry host; // remote
    QString localDir; // local
    HostResult result;
    const HostResult* previous = nullptr;
};

} // namespace profscope
