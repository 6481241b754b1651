// SPDX-License-Identifier: Apache-2.0
#include "summarize.h"

#include "output.h"

#include "load/discovery.h"
#include "load/profileloader.h"
#include "report/summarywriter.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QMutex>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent>

#include <atomic>
#include <set>

namespace profscope::cli {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::cli::Summarize)
};

// What one load produced: a line per rank, for the output in rank order.
struct Outcome
{
    int rankId = -1;
    QString line;
    bool ok = false;
    qint64 bytes = 0;
};

} // namespace

int runSummarize(const QStringList& args, QTextStream& out, QTextStream& err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        Tr::tr("Computes a compact Profscope summary of every rank found under the paths (overview per step, "
               "operator statistics, communication and its matrix, memory curves, advice inputs; no timeline) and "
               "writes one *.profscope-summary.json per rank into OUT. Run it where the data is, on every host, "
               "and copy only OUT: Profscope opens a folder of summaries as a cluster."));
    parser.addHelpOption();
    const QCommandLineOption output({ QStringLiteral("o"), QStringLiteral("output") },
        Tr::tr("Folder the summaries are written to (created when missing)."), QStringLiteral("OUT"));
    const QCommandLineOption jobs({ QStringLiteral("j"), QStringLiteral("jobs") },
        Tr::tr("Ranks summarized at the same time (default: one per core)."), QStringLiteral("N"));
    parser.addOptions({ output, jobs });
    parser.addPositionalArgument(QStringLiteral("PATH"), Tr::tr("Rank folders, or folders holding them."),
        QStringLiteral("PATH..."));
    if (const int done = parseCommandLine(parser, args, out, err); done >= 0)
        return done;
    const QStringList paths = parser.positionalArguments();
    if (paths.isEmpty() || !parser.isSet(output)) {
        err << Tr::tr("usage: profscope-cli summarize PATH... -o OUT [-j N]") << '\n';
        return 2;
    }
    int jobCount = QThread::idealThreadCount();
    if (parser.isSet(jobs)) {
        bool ok = false;
        jobCount = parser.value(jobs).toInt(&ok);
        if (!ok || jobCount < 1) {
            err << Tr::tr("-j expects a positive whole number, not \"%1\"").arg(parser.value(jobs)) << '\n';
            return 2;
        }
    }
    const QString outDir = QFileInfo(parser.value(output)).absoluteFilePath();

    QElapsedTimer clock;
    clock.start();
    // Find the ranks first, then load each rank folder on its own: a
    // thousand ranks on a host never sit in memory at once, and -j of them
    // load side by side (one decoder thread each).
    const DiscoveryResult found = discoverProfiles(paths);
    std::vector<QString> folders;
    std::set<QString> seen;
    for (const DiscoveredRank& rank : found.ranks) {
        if (rank.info.layout == RankLayout::ProfscopeSummary)
            continue; // a summary is summarized already
        if (seen.insert(rank.info.rootPath).second)
            folders.push_back(rank.info.rootPath);
    }
    if (folders.empty()) {
        err << Tr::tr("no rank folders found under %1").arg(paths.join(QStringLiteral(", "))) << '\n';
        for (const ImportMessage& m : found.report.messages)
            err << "  " << m.text << '\n';
        return 1;
    }

    std::vector<std::vector<Outcome>> outcomes(folders.size());
    std::atomic<qint64> sourceBytes { 0 };
    QThreadPool pool;
    pool.setMaxThreadCount(jobCount);
    QtConcurrent::blockingMap(&pool, outcomes, [&](std::vector<Outcome>& slot) {
        const QString& folder = folders[std::size_t(&slot - outcomes.data())];
        QElapsedTimer rankClock;
        rankClock.start();
        LoadOptions options;
        options.maxThreads = 1;
        const ProfilePtr profile = ProfileLoader::load({ folder }, options);
        qint64 bytes = 0;
        for (const FileReport& f : profile->report.files)
            if (f.status == FileStatus::Used)
                bytes += QFileInfo(f.path).size();
        sourceBytes += bytes;
        const int broken = profile->report.countWithStatus(FileStatus::Broken);
        if (profile->ranks.empty()) {
            slot.push_back({ -1, Tr::tr("%1: nothing could be loaded (%n broken file(s))", "", broken).arg(folder) });
            return;
        }
        for (const auto& rank : profile->ranks) {
            QString error;
            const QString written = writeRankSummary(*rank, outDir, &error);
            Outcome o;
            o.rankId = rank->info.rankId;
            o.ok = !written.isEmpty();
            if (o.ok) {
                o.bytes = QFileInfo(written).size();
                o.line = Tr::tr("rank %1: %2 -> %3 (%4 from %5, %6 s)")
                             .arg(rank->info.rankId)
                             .arg(folder, QFileInfo(written).fileName(), byteSizeText(o.bytes), byteSizeText(bytes))
                             .arg(double(rankClock.elapsed()) / 1000.0, 0, 'f', 2);
                if (broken > 0)
                    o.line += QStringLiteral("; ") + Tr::tr("%n broken file(s) left out", "", broken);
            } else {
                o.line = Tr::tr("rank %1: %2").arg(rank->info.rankId).arg(error);
            }
            slot.push_back(std::move(o));
        }
    });

    std::vector<Outcome> all;
    for (auto& slot : outcomes)
        for (Outcome& o : slot)
            all.push_back(std::move(o));
    std::stable_sort(all.begin(), all.end(), [](const Outcome& a, const Outcome& b) { return a.rankId < b.rankId; });
    int written = 0, failed = 0;
    qint64 summaryBytes = 0;
    for (const Outcome& o : all) {
        (o.ok ? out : err) << o.line << '\n';
        written += o.ok ? 1 : 0;
        failed += o.ok ? 0 : 1;
        summaryBytes += o.bytes;
    }
    out << Tr::tr("%n summary file(s) written to %1: %2 from %3 of profiler data, in %4 s", "", written)
               .arg(outDir, byteSizeText(summaryBytes), byteSizeText(sourceBytes.load()))
               .arg(double(clock.elapsed()) / 1000.0, 0, 'f', 1)
        << '\n';
    return failed > 0 ? 1 : 0;
}

} // namespace profscope::cli
