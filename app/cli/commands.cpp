// SPDX-License-Identifier: Apache-2.0
#include "commands.h"

#include "collect.h"
#include "compare.h"
#include "export.h"
#include "generate.h"
#include "inspect.h"
#include "report.h"
#include "summarize.h"

#include <QCoreApplication>

namespace profscope::cli {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::cli::Main)
};

struct ExportTr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::cli::Export)
};

} // namespace

// Built on first use, after main() installed the translators, so that the
// summaries come out in the user's language.
const QList<CliCommand>& cliCommands()
{
    static const QList<CliCommand> commands {
        { QStringLiteral("inspect"), QStringLiteral("PATH... [--json] [--threads N] [--max-depth N]"),
            Tr::tr("list the ranks and files found, with counts and the import report"), &runInspect },
        { QStringLiteral("export"), QStringLiteral("PATH --what KIND [--rank R] [--step S] [--format csv|json]"),
            Tr::tr("write an analysis as CSV or JSON (KIND: %1)").arg(exportKinds().join(QStringLiteral(", "))),
            &runExport },
        { QStringLiteral("compare"), QStringLiteral("PATH_A PATH_B [--by type|op] [--format csv|json]"),
            Tr::tr("compare the ops of two ranks or runs (sequence-aligned deltas)"), &runCompare },
        { QStringLiteral("generate"),
            QStringLiteral(
                "OUT [--ranks N] [--steps S] [--ops K] [--pp P] [--tp T] [--seed X]\n"
                "           [--slow-rank R] [--slow-link A-B] [--host-bound-rank R] [--slow-data-rank R]\n"
                "           [--slow-stage S] [--jitter X] [--style ms|pt] [--format text|db|both]"),
            Tr::tr("write a synthetic MindSpore-style demo cluster"), &runGenerate },
        { QStringLiteral("collect"), QStringLiteral("--hosts FILE --remote-path PATTERN [--from DIR]... OUT_DIR"),
            Tr::tr("copy the rank folders of a multi-host job into one folder (ssh)"), &runCollect },
        { QStringLiteral("summarize"), QStringLiteral("PATH... -o OUT [-j N]"),
            Tr::tr("compact per-rank summaries, computed next to the data, that open as a cluster"), &runSummarize },
        { QStringLiteral("report"),
            QStringLiteral("PATH [--compare PATH_B] [-o FILE.html|FILE.md] [--format html|md] [--fail-above PCT]"),
            Tr::tr("one self-contained HTML (or Markdown) report; a regression report with --compare"), &runReport },
    };
    return commands;
}

QStringList commandNames()
{
    QStringList names;
    for (const CliCommand& c : cliCommands())
        names << c.name;
    return names;
}

const CliCommand* findCommand(const QString& name)
{
    for (const CliCommand& c : cliCommands())
        if (c.name == name)
            return &c;
    return nullptr;
}

const QList<ExportKind>& exportKindList()
{
    static const QList<ExportKind> kinds {
        { QStringLiteral("overview"),
            ExportTr::tr("per rank and step: computing, communication, overlap, free, preparing, bubble, stage") },
        { QStringLiteral("overview-check"),
            ExportTr::tr("each overview value against the profiler's step_trace_time.csv") },
        { QStringLiteral("steps"), ExportTr::tr("the cluster step table with stage and DP/PP/TP index") },
        { QStringLiteral("operators"), ExportTr::tr("statistics per op type, name or name+shape") },
        { QStringLiteral("compare"), ExportTr::tr("two ranks: --rank and --with") },
        { QStringLiteral("comm"), ExportTr::tr("per rank and communication group") },
        { QStringLiteral("matrix"), ExportTr::tr("src x dst links") },
        { QStringLiteral("memory"), ExportTr::tr("peaks per component") },
        { QStringLiteral("advice"), ExportTr::tr("findings with rule, threshold and measured value") },
        { QStringLiteral("clock"), ExportTr::tr("per-rank clock offsets") },
        { QStringLiteral("range"),
            ExportTr::tr("the slices of one rank inside --start-ns A --end-ns B (or --step S), each counting only its "
                         "part inside, per lane (--group-by name: per name), and the time by overlap category") },
        { QStringLiteral("data-pipeline"),
            ExportTr::tr("MindData pipeline ops: workers, queue usage, empty frequency, throughput, CPU, bottleneck") },
        { QStringLiteral("cpu"), ExportTr::tr("MindData CPU utilization samples: machine, process and per op") },
        { QStringLiteral("flops"),
            ExportTr::tr("per rank: FLOPs from flops_summary, normalised by the largest, pipeline stage and proposals") },
        { QStringLiteral("cluster-memory"),
            ExportTr::tr("per rank: memory peak against the device capacity (else the largest peak)") },
        { QStringLiteral("api"), ExportTr::tr("api_statistic.csv per API: one rank with --rank, else merged over ranks") },
        { QStringLiteral("step-trace"),
            ExportTr::tr("per rank and step (and the average): each stage's start, finish and duration (Step Gap, "
                         "FP+BP, Tail, stream ops; or the step table's parts)") },
        { QStringLiteral("trajectory"),
            ExportTr::tr("cluster iteration trajectory per rank: the parallel mode's columns, slow device and slow "
                         "host") },
        { QStringLiteral("strategy"),
            ExportTr::tr("parallel strategy graph per pipeline stage: one row per op and rank, with its sharding "
                         "strategy, inputs, outputs and matched kernels") },
        { QStringLiteral("trace"),
            ExportTr::tr("the timelines as Chrome Trace Event JSON for Perfetto / chrome://tracing (--rank R[,R...], "
                         "--steps A-B, --with-args)") },
    };
    return kinds;
}

QStringList exportKinds()
{
    QStringList names;
    for (const ExportKind& k : exportKindList())
        names << k.name;
    return names;
}

QString usageText()
{
    QString text = Tr::tr("Usage: profscope-cli COMMAND [options]") + QStringLiteral("\n\n") + Tr::tr("Commands:")
        + QLatin1Char('\n');
    for (const CliCommand& c : cliCommands())
        text += QStringLiteral("  %1 %2\n      %3\n").arg(c.name, c.synopsis, c.summary);
    text += QLatin1Char('\n') + Tr::tr("Options:") + QLatin1Char('\n');
    text += QStringLiteral("  -h, --help      ") + Tr::tr("this help; COMMAND --help for a command's options")
        + QLatin1Char('\n');
    text += QStringLiteral("  -v, --version   ") + Tr::tr("the version") + QLatin1Char('\n');
    return text;
}

QString exportWhatHelp()
{
    QStringList parts;
    for (const ExportKind& k : exportKindList())
        parts << QStringLiteral("%1 (%2)").arg(k.name, k.summary);
    return ExportTr::tr("What to export: %1.").arg(parts.join(QStringLiteral(", ")));
}

} // namespace profscope::cli
