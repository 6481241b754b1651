// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/profile.h"
#include "discovery.h"

#include <QFuture>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>

namespace profscope {

// Where a rank's data comes from when it has both text files and databases
// of the same kind (never both: no double counting). Auto reads the database
// (measured faster into the model, and exact 64-bit times).
enum class SourcePreference { Auto, Text, Database };

struct LoadControl;
class TraceCache;

struct LoadOptions
{
    DiscoveryOptions discovery;
    int maxThreads = 0;       // 0: QThread::idealThreadCount()
    bool readTraces = true;   // false: tables only (quick summary loads)
    SourcePreference sources = SourcePreference::Auto;
    // Partial import: only these ranks and / or steps (loadfilter.h). Ranks
    // outside are not read at all; a step window is found by a quick scan of
    // each rank's step markers (stepscan.h) and events outside it are
    // dropped while the trace streams in.
    LoadFilter filter;
    // Instant re-open: parsed trace files are kept in (and read back from)
    // the user's cache folder (tracecache.h). Off by default so that tests
    // and benchmarks parse; the CLI and the GUI turn it on unless --no-cache.
    bool useCache = false;
    QString cacheDirectory; // empty: TraceCache::defaultDirectory()
    // loadAsync only: run after reading, inside the load job, with progress
    // from `fromPermille` to 1000 (the GUI passes prepareAnalyses: what every
    // page needs first). A hook, so that the loader does not depend on the analyses.
    std::function<void(const Profile& profile, const LoadControl& control, int fromPermille)> prepare;
};

// Progress is 0..1000 with a stage message; calls may come from worker
// threads but never concurrently.
struct LoadControl
{
    std::function<void(int permille, const QString& stage)> progress;
    std::function<bool()> isCanceled;
};

class ProfileLoader
{
public:
    // Blocking load (CLI, tests). Never throws; problems go to the report.
    static ProfilePtr load(const QStringList& paths, const LoadOptions& options = {}, const LoadControl& control = {});
    // Background load for the GUI: progress via QFuture::progressValue()
    // (0..1000) and progressText(); QFuture::cancel() stops the work soon
    // (between chunks of a trace) and the future then has no result.
    static QFuture<ProfilePtr> loadAsync(const QStringList& paths, const LoadOptions& options = {});

    // Loads one discovered rank (used by load(); public for tests).
    // traceThreads: decoder threads per trace file (0: one per core).
    static std::shared_ptr<RankData> loadRank(const DiscoveredRank& rank, std::vector<FileReport>& files,
                                              const LoadControl& control, const std::function<void(double)>& fraction,
                                              int traceThreads = 0,
                                              SourcePreference preference = SourcePreference::Auto,
                                              const LoadFilter& filter = {}, const TraceCache* cache = nullptr);
};

} // namespace profscope
