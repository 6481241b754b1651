// SPDX-License-Identifier: Apache-2.0
#include "exporttrace.h"

#include "output.h"

#include "report/traceexport.h"

#include <QCoreApplication>
#include <QFile>

#include <cstdio>

namespace profscope::cli {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::cli::Export)
};
} // namespace

int exportTrace(const QStringList& paths, const LoadOptions& load, const QString& rankIds, const QString& steps,
    bool withArgs, const QString& outputPath, QTextStream& out, QTextStream& err)
{
    QString firstStep, lastStep;
    if (!steps.isEmpty()) {
        const QStringList ends = steps.split(QLatin1Char('-'));
        if (ends.size() > 2 || ends.value(0).isEmpty() || (ends.size() == 2 && ends[1].isEmpty())) {
            err << Tr::tr("export: --steps takes a step or a range A-B, not \"%1\"").arg(steps) << '\n';
            return 2;
        }
        firstStep = ends[0];
        lastStep = ends.value(1, ends[0]);
    }
    const ProfilePtr profile = ProfileLoader::load(paths, load);
    if (profile->ranks.empty()) {
        err << Tr::tr("error: nothing could be loaded from %1").arg(paths.join(QStringLiteral(", "))) << '\n';
        return 1;
    }
    TraceExportOptions options;
    options.withArgs = withArgs;
    for (const QString& text : rankIds.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int id = text.trimmed().toInt(&ok);
        int index = -1;
        for (std::size_t i = 0; ok && i < profile->ranks.size(); ++i)
            if (profile->ranks[i]->info.rankId == id)
                index = int(i);
        if (index < 0) {
            err << Tr::tr("export: no rank %1 in %2").arg(text, paths.join(QStringLiteral(", "))) << '\n';
            return 2;
        }
        options.rankIndexes.push_back(index);
    }
    if (!firstStep.isEmpty()) {
        // Steps are marked on each rank's host clock: the window of the first exported rank.
        const RankData& rank = *profile->ranks[std::size_t(options.rankIndexes.empty() ? 0 : options.rankIndexes.front())];
        options.windowNs = stepWindow(rank, firstStep, lastStep);
        if (options.windowNs.isEmpty()) {
            err << Tr::tr("export: rank %1 marks no step %2").arg(rank.info.rankId).arg(steps) << '\n';
            return 2;
        }
    }
    if (overwritesAnInput(outputPath, { profile.get() }, err))
        return 2;
    QFile file;
    if (outputPath.isEmpty()) {
        out.flush();
        if (!file.open(stdout, QIODevice::WriteOnly))
            return 1;
    } else {
        file.setFileName(outputPath);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            err << Tr::tr("error: %1: %2").arg(outputPath, file.errorString()) << '\n';
            return 1;
        }
    }
    TraceExportStats stats;
    QString error;
    if (!writeTraceJson(*profile, options, file, &stats, &error)) {
        err << Tr::tr("error: %1: %2").arg(outputPath.isEmpty() ? QStringLiteral("stdout") : outputPath, error) << '\n';
        return 1;
    }
    if (!outputPath.isEmpty())
        err << Tr::tr("wrote %1: %2 slices, %3 flows, %4 counter points, %5 instants")
                   .arg(outputPath)
                   .arg(stats.slices)
                   .arg(stats.flows)
                   .arg(stats.counterPoints)
                   .arg(stats.instants)
            << '\n';
    return 0;
}

} // namespace profscope::cli
