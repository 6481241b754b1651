// SPDX-License-Identifier: Apache-2.0
#include "generate.h"

#include "generate/clustergenerator.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>

namespace profscope::cli {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::cli::Generate)
};

// A whole number option; false (with a message) when set but not a number.
bool intOption(const QCommandLineParser& parser, const QString& name, int& target, QTextStream& err)
{
    if (!parser.isSet(name))
        return true;
    bool ok = false;
    const int v = parser.value(name).toInt(&ok);
    if (!ok) {
        err << Tr::tr("--%1 expects a whole number, not \"%2\"").arg(name, parser.value(name)) << '\n';
        return false;
    }
    target = v;
    return true;
}

} // namespace

int runGenerate(const QStringList& args, QTextStream& out, QTextStream& err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        Tr::tr("Writes a synthetic MindSpore-style cluster (one *_ascend_ms folder per rank, 8 ranks per host) for "
               "demos and tests: data parallel, or with --pp a 1F1B pipeline and with --tp tensor-parallel groups "
               "(Megatron rank order). The same seed gives the same files."));
    parser.addHelpOption();
    const QString n = QStringLiteral("N");
    parser.addOptions({
        { QStringLiteral("ranks"), Tr::tr("Number of ranks (default 8)."), n, QStringLiteral("8") },
        { QStringLiteral("steps"), Tr::tr("Profiled steps per rank (default 3)."), n, QStringLiteral("3") },
        { QStringLiteral("ops"), Tr::tr("Compute kernels per step (default 20)."), n, QStringLiteral("20") },
        { QStringLiteral("pp"),
            Tr::tr("Pipeline stages (default 1); --ranks must be divisible by --pp × --tp. --ops then counts the "
                   "kernels per micro-batch."),
            n, QStringLiteral("1") },
        { QStringLiteral("tp"), Tr::tr("Tensor-parallel group size (default 1)."), n, QStringLiteral("1") },
        { QStringLiteral("seed"), Tr::tr("Random seed (default 1)."), n, QStringLiteral("1") },
        { QStringLiteral("slow-rank"), Tr::tr("This rank's kernels run 30% longer; the others wait for it."),
            QStringLiteral("R") },
        { QStringLiteral("slow-link"), Tr::tr("The link between ranks A and B runs at ~0.4x bandwidth."),
            QStringLiteral("A-B") },
        { QStringLiteral("host-bound-rank"),
            Tr::tr("This rank's host launches each kernel just in time and stalls for 0.3–0.9 ms every few ops; its "
                   "device idles."),
            QStringLiteral("R") },
        { QStringLiteral("slow-data-rank"),
            Tr::tr("This rank's data loading delivers each batch 1.5–2.5 ms late; the others wait for it."),
            QStringLiteral("R") },
        { QStringLiteral("slow-stage"),
            Tr::tr("With --pp: this pipeline stage's layers take 30% longer (an unbalanced pipeline)."),
            QStringLiteral("S") },
        { QStringLiteral("jitter"),
            Tr::tr("Per-rank speed spread: each rank's kernels run up to ±X longer or shorter (0.05 = 5%), and steps "
                   "differ by up to ±15% (default 0)."),
            QStringLiteral("X"), QStringLiteral("0") },
        { QStringLiteral("style"),
            Tr::tr("Folder and database names as MindSpore (ms: *_ascend_ms, the default) or torch_npu (pt: "
                   "*_ascend_pt) writes them."),
            QStringLiteral("ms|pt"), QStringLiteral("ms") },
        { QStringLiteral("format"),
            Tr::tr("What each rank folder gets: text (trace_view.json and the CSV / JSON files, the default), db "
                   "(ascend_mindspore_profiler_{rank}.db and analysis.db of the same run instead) or both."),
            QStringLiteral("text|db|both"), QStringLiteral("text") },
        { QStringLiteral("force"), Tr::tr("Write into OUT even when it is not empty.") },
    });
    parser.addPositionalArgument(QStringLiteral("OUT"), Tr::tr("Folder to create the rank folders in."));
    if (!parser.parse(args)) {
        err << parser.errorText() << '\n';
        return 2;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        out << parser.helpText();
        return 0;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1) {
        err << Tr::tr("generate needs exactly one OUT folder") << '\n' << parser.helpText();
        return 2;
    }

    GeneratorOptions options;
    if (!intOption(parser, QStringLiteral("ranks"), options.ranks, err)
        || !intOption(parser, QStringLiteral("steps"), options.steps, err)
        || !intOption(parser, QStringLiteral("ops"), options.ops, err)
        || !intOption(parser, QStringLiteral("pp"), options.pipelineStages, err)
        || !intOption(parser, QStringLiteral("tp"), options.tensorParallel, err)
        || !intOption(parser, QStringLiteral("slow-rank"), options.slowRank, err)
        || !intOption(parser, QStringLiteral("host-bound-rank"), options.hostBoundRank, err)
        || !intOption(parser, QStringLiteral("slow-data-rank"), options.slowDataRank, err)
        || !intOption(parser, QStringLiteral("slow-stage"), options.slowStage, err))
        return 2;
    bool ok = false;
    options.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok) {
        err << Tr::tr("--seed expects a whole number, not \"%1\"").arg(parser.value(QStringLiteral("seed"))) << '\n';
        return 2;
    }
    if (parser.isSet(QStringLiteral("slow-link"))) {
        const QStringList ends = parser.value(QStringLiteral("slow-link")).split(QLatin1Char('-'));
        bool okA = false, okB = false;
        if (ends.size() == 2) {
            options.slowLinkSrc = ends[0].toInt(&okA);
            options.slowLinkDst = ends[1].toInt(&okB);
        }
        if (!okA || !okB) {
            err << Tr::tr("--slow-link expects two ranks as A-B, not \"%1\"")
                       .arg(parser.value(QStringLiteral("slow-link")))
                << '\n';
            return 2;
        }
    }
    options.jitter = parser.value(QStringLiteral("jitter")).toDouble(&ok);
    if (!ok) {
        err << Tr::tr("--jitter expects a number, not \"%1\"").arg(parser.value(QStringLiteral("jitter"))) << '\n';
        return 2;
    }
    const QString style = parser.value(QStringLiteral("style"));
    if (style == QLatin1String("ms"))
        options.style = GeneratorOptions::Style::MindSpore;
    else if (style == QLatin1String("pt"))
        options.style = GeneratorOptions::Style::PyTorch;
    else {
        err << Tr::tr("--style expects ms or pt, not \"%1\"").arg(style) << '\n';
        return 2;
    }
    options.force = parser.isSet(QStringLiteral("force"));
    const QString format = parser.value(QStringLiteral("format"));
    if (format == QLatin1String("text"))
        options.format = GeneratorOptions::Format::Text;
    else if (format == QLatin1String("db"))
        options.format = GeneratorOptions::Format::Db;
    else if (format == QLatin1String("both"))
        options.format = GeneratorOptions::Format::Both;
    else {
        err << Tr::tr("--format expects text, db or both, not \"%1\"").arg(format) << '\n';
        return 2;
    }

    QString error;
    if (!generateCluster(positional[0], options, &error)) {
        err << error << '\n';
        return 1;
    }
    out << Tr::tr("wrote %n rank folder(s) to %1", nullptr, options.ranks).arg(QDir::toNativeSeparators(positional[0]))
        << '\n';
    return 0;
}

} // namespace profscope::cli
