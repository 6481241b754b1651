// SPDX-License-Identifier: Apache-2.0
// Summaries computed next to the data (issue 15 item 5): a generated cluster
// of many small ranks is summarized (profscope-cli summarize's work, in
// process, one rank per core at a time), then the folder of summaries is
// opened with every cluster analysis, against the same ranks opened from
// their full text export in the same run. Each measurement runs in a child
// process with its own peak RSS.
//
//   profscope-summary-bench [--ranks 10000] [--steps 2] [--ops 8] [--pp 4] [--keep DIR] [--no-baseline]
#include "analysis/advice.h"
#include "analysis/cluster.h"
#include "analysis/communication.h"
#include "analysis/memory.h"
#include "analysis/overview.h"
#include "benchsupport.h"
#include "generate/clustergenerator.h"
#include "load/discovery.h"
#include "load/profileloader.h"
#include "report/summarywriter.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThreadPool>
#include <QtConcurrent>

#include <atomic>
#include <cstdio>

using namespace profscope;
using bench::peakRssKb;
using bench::runChild;

namespace {

qint64 folderBytes(const QString& root)
{
    qint64 total = 0;
    QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        total += QFileInfo(it.next()).size();
    return total;
}

void print(const QJsonObject& o)
{
    std::printf("%s\n", QJsonDocument(o).toJson(QJsonDocument::Compact).constData());
}

// Child: summarize every rank under `data` into `out`, `threads` ranks at a time.
int childSummarize(const QString& data, const QString& out, int threads)
{
    QElapsedTimer timer;
    timer.start();
    const DiscoveryResult found = discoverProfiles({ data });
    std::vector<QString> folders;
    for (const DiscoveredRank& r : found.ranks)
        folders.push_back(r.info.rootPath);
    std::atomic<int> written { 0 };
    QThreadPool pool;
    pool.setMaxThreadCount(threads);
    QtConcurrent::blockingMap(&pool, folders, [&](const QString& folder) {
        LoadOptions options;
        options.maxThreads = 1;
        const ProfilePtr profile = ProfileLoader::load({ folder }, options);
        for (const auto& rank : profile->ranks)
            written += writeRankSummary(*rank, out, nullptr).isEmpty() ? 0 : 1;
    });
    print({ { QStringLiteral("ms"), double(timer.elapsed()) }, { QStringLiteral("written"), double(written.load()) },
        { QStringLiteral("peakRssKb"), double(peakRssKb()) } });
    return 0;
}

// Child: open `path` and compute what the cluster pages show.
int childOpen(const QString& path, int threads)
{
    QThreadPool::globalInstance()->setMaxThreadCount(threads);
    QElapsedTimer timer;
    timer.start();
    LoadOptions options;
    options.maxThreads = threads;
    const ProfilePtr profile = ProfileLoader::load({ path }, options);
    const qint64 loadMs = timer.elapsed();
    qint64 rows = 0;
    QJsonObject parts;
    qint64 lastMs = loadMs;
    auto lap = [&](const char* what) {
        const qint64 now = timer.elapsed();
        parts[QLatin1String(what)] = double(now - lastMs);
        lastMs = now;
    };
    const ClusterSteps steps = clusterSteps(*profile);
    rows += qint64(steps.rows.size());
    lap("steps");
    const qint64 findings = qint64(computeAdvice(*profile).size());
    lap("advice");
    rows += qint64(communicationByRankAndGroup(*profile).size());
    lap("communication");
    rows += qint64(communicationMatrix(*profile).size());
    lap("matrix");
    for (const auto& rank : profile->ranks)
        rows += qint64(memoryCurves(*rank).size());
    lap("memory");
    const qint64 totalMs = timer.elapsed();
    print({ { QStringLiteral("ranks"), double(profile->ranks.size()) }, { QStringLiteral("loadMs"), double(loadMs) },
        { QStringLiteral("analysisMs"), double(totalMs - loadMs) }, { QStringLiteral("totalMs"), double(totalMs) },
        { QStringLiteral("findings"), double(findings) }, { QStringLiteral("rows"), double(rows) },
        { QStringLiteral("stepRows"), double(steps.rows.size()) }, { QStringLiteral("peakRssKb"), double(peakRssKb()) },
        { QStringLiteral("analysisPartsMs"), parts } });
    return profile->ranks.empty() ? 1 : 0;
}

void show(QTextStream& out, const QString& label, const QJsonObject& r, double mb)
{
    out << "  " << label.leftJustified(34) << QString::number(r[QStringLiteral("totalMs")].toDouble() / 1000.0, 'f', 2).rightJustified(7)
        << " s  (load " << QString::number(r[QStringLiteral("loadMs")].toDouble() / 1000.0, 'f', 2) << " s, analyses "
        << QString::number(r[QStringLiteral("analysisMs")].toDouble() / 1000.0, 'f', 2) << " s)  "
        << QString::number(mb, 'f', 0) << " MiB read, peak RSS "
        << QString::number(r[QStringLiteral("peakRssKb")].toDouble() / 1024.0, 'f', 0) << " MiB  "
        << qint64(r[QStringLiteral("ranks")].toDouble()) << " ranks, " << qint64(r[QStringLiteral("stepRows")].toDouble())
        << " step rows, " << qint64(r[QStringLiteral("findings")].toDouble()) << " findings" << Qt::endl;
    const QJsonObject parts = r[QStringLiteral("analysisPartsMs")].toObject();
    out << "    analyses:";
    for (auto it = parts.begin(); it != parts.end(); ++it)
        out << " " << it.key() << " " << QString::number(it.value().toDouble() / 1000.0, 'f', 2) << " s";
    out << Qt::endl;
}

} // namespace

int main(int argc, char** argv)
{
    profscope::bench::startLikeTheApplication(argv);
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() >= 5 && args[1] == QLatin1String("summarize"))
        return childSummarize(args[2], args[3], args[4].toInt());
    if (args.size() >= 4 && args[1] == QLatin1String("open"))
        return childOpen(args[2], args[3].toInt());

    int ranks = 10000, steps = 2, ops = 8, pp = 4;
    QString keep;
    for (int i = 1; i + 1 < args.size(); ++i) {
        if (args[i] == QLatin1String("--ranks"))
            ranks = args[++i].toInt();
        else if (args[i] == QLatin1String("--steps"))
            steps = args[++i].toInt();
        else if (args[i] == QLatin1String("--ops"))
            ops = args[++i].toInt();
        else if (args[i] == QLatin1String("--pp"))
            pp = args[++i].toInt();
        else if (args[i] == QLatin1String("--keep"))
            keep = args[++i];
    }
    const bool baseline = !args.contains(QStringLiteral("--no-baseline"));
    QTextStream out(stdout);
    QTemporaryDir tmp;
    const QString root = keep.isEmpty() ? tmp.path() : keep;
    const QString data = root + QStringLiteral("/ranks");
    const QString summaries = root + QStringLiteral("/summaries");
    const int cores = QThread::idealThreadCount();
    const QString threads = QString::number(cores);

    if (!QFileInfo::exists(data + QStringLiteral("/.complete"))) {
        GeneratorOptions options;
        options.ranks = ranks;
        options.steps = steps;
        options.ops = ops;
        options.pipelineStages = pp;
        options.jitter = 0.05;
        options.slowRank = ranks > 2 ? ranks / 3 : -1;
        options.force = true;
        QElapsedTimer timer;
        timer.start();
        QString error;
        if (!generateCluster(data, options, &error)) {
            out << "generate failed: " << error << Qt::endl;
            return 1;
        }
        QFile(data + QStringLiteral("/.complete")).open(QIODevice::WriteOnly);
        out << "generated " << ranks << " ranks (" << steps << " steps, " << ops << " ops, pp " << pp << ") in "
            << QString::number(double(timer.elapsed()) / 1000.0, 'f', 1) << " s" << Qt::endl;
    }
    QDir(summaries).removeRecursively();
    const double dataMb = double(folderBytes(data)) / double(1 << 20);
    out << "summarize " << ranks << " ranks (" << QString::number(dataMb, 'f', 0) << " MiB of profiler files), "
        << cores << " ranks at a time:" << Qt::endl;
    const QJsonObject s = runChild({ QStringLiteral("summarize"), data, summaries, threads });
    const double summaryMb = double(folderBytes(summaries)) / double(1 << 20);
    const double summarizeS = s[QStringLiteral("ms")].toDouble() / 1000.0;
    out << "  " << qint64(s[QStringLiteral("written")].toDouble()) << " summaries, "
        << QString::number(summaryMb, 'f', 1) << " MiB (" << QString::number(dataMb / std::max(summaryMb, 1e-9), 'f', 0)
        << "x smaller), in " << QString::number(summarizeS, 'f', 1) << " s ("
        << QString::number(double(ranks) / std::max(summarizeS, 1e-9), 'f', 0) << " ranks/s), peak RSS "
        << QString::number(s[QStringLiteral("peakRssKb")].toDouble() / 1024.0, 'f', 0) << " MiB" << Qt::endl;

    out << "\npath -> every cluster analysis ready (" << cores << " threads):" << Qt::endl;
    runChild({ QStringLiteral("open"), summaries, threads }); // warm the page cache
    const QJsonObject fromSummaries = runChild({ QStringLiteral("open"), summaries, threads });
    show(out, QStringLiteral("%1 summaries").arg(ranks), fromSummaries, summaryMb);
    if (baseline) {
        runChild({ QStringLiteral("open"), data, threads });
        const QJsonObject full = runChild({ QStringLiteral("open"), data, threads });
        show(out, QStringLiteral("baseline: the full text export"), full, dataMb);
        out << "  summaries open "
            << QString::number(full[QStringLiteral("totalMs")].toDouble() / fromSummaries[QStringLiteral("totalMs")].toDouble(), 'f', 1)
            << "x faster than the full export" << Qt::endl;
    }
    return 0;
}
