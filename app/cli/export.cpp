// SPDX-License-Identifier: Apache-2.0
#include "export.h"

#include "output.h"

#include "analysis/overview.h"
#include "load/profileloader.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace profscope::cli {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::cli::Export)
};

struct Table
{
    QStringList header;
    QList<QStringList> rows;
    QList<QJsonObject> json;
};

constexpr StepTraceRow::Column kColumns[] = { StepTraceRow::Computing, StepTraceRow::CommunicationNotOverlapped,
    StepTraceRow::Overlapped, StepTraceRow::Communication, StepTraceRow::Free, StepTraceRow::Stage,
    StepTraceRow::Bubble, StepTraceRow::CommunicationNotOverlappedExcludeReceive, StepTraceRow::Preparing };

} // namespace

int runExport(const QStringList& args, QTextStream& out, QTextStream& err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(Tr::tr("Writes an analysis of the profile under PATH as CSV or JSON."));
    parser.addHelpOption();
    const QCommandLineOption what(QStringLiteral("what"),
                                  Tr::tr("What to export: overview (per rank and step: computing, communication, "
                                         "overlap, free, preparing, bubble, stage) or overview-check (each overview "
                                         "value against the profiler's step_trace_time.csv)."),
                                  QStringLiteral("WHAT"), QStringLiteral("overview"));
    const QCommandLineOption rankOpt(QStringLiteral("rank"), Tr::tr("Only this rank id."), QStringLiteral("R"));
    const QCommandLineOption stepOpt(QStringLiteral("step"), Tr::tr("Only this step (e.g. 50)."), QStringLiteral("S"));
    const QCommandLineOption format(QStringLiteral("format"), Tr::tr("csv (default) or json."), QStringLiteral("FORMAT"),
                                    QStringLiteral("csv"));
    const QCommandLineOption output(QStringList { QStringLiteral("o"), QStringLiteral("output") },
                                    Tr::tr("Write to FILE instead of standard output."), QStringLiteral("FILE"));
    parser.addOptions({ what, rankOpt, stepOpt, format, output });
    parser.addPositionalArgument(QStringLiteral("PATH"), Tr::tr("Rank folder, folder of ranks or cluster root."));
    if (const int code = parseCommandLine(parser, args, out, err); code >= 0)
        return code;
    const QStringList paths = parser.positionalArguments();
    const QString kind = parser.value(what);
    const QString fmt = parser.value(format);
    if (paths.isEmpty() || (kind != QLatin1String("overview") && kind != QLatin1String("overview-check"))
        || (fmt != QLatin1String("csv") && fmt != QLatin1String("json"))) {
        err << Tr::tr("export: give a PATH, --what overview|overview-check and --format csv|json (see --help)") << '\n';
        return 2;
    }
    bool rankOk = true;
    const int onlyRank = parser.isSet(rankOpt) ? parser.value(rankOpt).toInt(&rankOk) : -1;
    if (!rankOk) {
        err << Tr::tr("export: --rank takes a number") << '\n';
        return 2;
    }

    const ProfilePtr profile = ProfileLoader::load(paths);
    if (profile->ranks.empty()) {
        err << Tr::tr("error: nothing could be loaded from %1").arg(paths.join(QStringLiteral(", "))) << '\n';
        return 1;
    }

    Table table;
    if (kind == QLatin1String("overview")) {
        table.header << QStringLiteral("Rank") << QStringLiteral("Device") << QStringLiteral("Host") << QStringLiteral("Step")
                     << QStringLiteral("Span Start(ns)") << QStringLiteral("Span(us)");
        for (auto c : kColumns)
            table.header << stepTraceColumnName(c) + QStringLiteral("(us)");
        table.header << QStringLiteral("Compute Tasks") << QStringLiteral("Communication Ops") << QStringLiteral("Path");
    } else {
        table.header << QStringLiteral("Rank") << QStringLiteral("Step") << QStringLiteral("Column")
                     << QStringLiteral("Computed(us)") << QStringLiteral("step_trace_time.csv(us)")
                     << QStringLiteral("Difference(us)") << QStringLiteral("Within 1% of Step") << QStringLiteral("Path");
    }
    int failures = 0;
    for (const auto& rank : profile->ranks) {
        if (onlyRank >= 0 && rank->info.rankId != onlyRank)
            continue;
        const RankOverview o = computeOverview(*rank);
        if (o.steps.empty())
            err << Tr::tr("note: rank %1 (%2): %3").arg(rank->info.rankId).arg(rank->info.rootPath, o.note) << '\n';
        if (kind == QLatin1String("overview")) {
            for (const StepOverview& s : o.steps) {
                if (parser.isSet(stepOpt) && s.step != parser.value(stepOpt))
                    continue;
                QStringList row { QString::number(rank->info.rankId), QString::number(rank->info.deviceId),
                                  rank->info.host, s.step, QString::number(s.spanNs.startNs), microsText(s.spanNs.durationNs()) };
                QJsonObject j { { QStringLiteral("rank"), rank->info.rankId },
                                { QStringLiteral("device"), rank->info.deviceId },
                                { QStringLiteral("host"), rank->info.host },
                                { QStringLiteral("step"), s.step },
                                { QStringLiteral("spanStartNs"), QString::number(s.spanNs.startNs) },
                                { QStringLiteral("spanNs"), double(s.spanNs.durationNs()) },
                                { QStringLiteral("computeTasks"), double(s.computeTasks) },
                                { QStringLiteral("communicationOps"), double(s.communicationOps) },
                                { QStringLiteral("path"), rank->info.rootPath } };
                QJsonObject values;
                for (auto c : kColumns) {
                    row << microsText(s.value(c));
                    values[stepTraceColumnName(c)] = double(s.value(c));
                }
                j[QStringLiteral("valuesNs")] = values;
                row << QString::number(s.computeTasks) << QString::number(s.communicationOps) << rank->info.rootPath;
                table.rows << row;
                table.json << j;
            }
        } else {
            for (const OverviewCheck& c : o.checks) {
                if (parser.isSet(stepOpt) && c.step != parser.value(stepOpt))
                    continue;
                failures += c.withinTolerance() ? 0 : 1;
                table.rows << QStringList { QString::number(rank->info.rankId), c.step, stepTraceColumnName(c.column),
                                            microsText(c.computedNs), microsText(c.fileNs), microsText(c.computedNs - c.fileNs),
                                            c.withinTolerance() ? QStringLiteral("yes") : QStringLiteral("no"),
                                            rank->info.rootPath };
                table.json << QJsonObject { { QStringLiteral("rank"), rank->info.rankId },
                                            { QStringLiteral("step"), c.step },
                                            { QStringLiteral("column"), stepTraceColumnName(c.column) },
                                            { QStringLiteral("computedNs"), double(c.computedNs) },
                                            { QStringLiteral("fileNs"), double(c.fileNs) },
                                            { QStringLiteral("withinTolerance"), c.withinTolerance() },
                                            { QStringLiteral("path"), rank->info.rootPath } };
            }
        }
    }

    QString text;
    if (fmt == QLatin1String("csv")) {
        text = csvText(table.header, table.rows);
    } else {
        QJsonArray rows;
        for (const auto& j : table.json)
            rows.append(j);
        const QJsonObject root { { QStringLiteral("what"), kind }, { QStringLiteral("root"), profile->rootPath },
                                 { QStringLiteral("rows"), rows } };
        text = QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented));
    }
    if (const int code = writeResult(text, parser.value(output), out, err); code != 0)
        return code;
    return failures > 0 ? 3 : 0;
}

} // namespace profscope::cli
