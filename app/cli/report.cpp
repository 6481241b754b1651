// SPDX-License-Identifier: Apache-2.0
#include "report.h"

#include "output.h"
#include "report/report.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace profscope::cli {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::cli::Report)
};
} // namespace

int runReport(const QStringList& args, QTextStream& out, QTextStream& err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        Tr::tr("Writes a report of the profile under PATH: one self-contained HTML file (inline charts, sortable "
               "tables, the advice with its evidence, the import report; nothing loaded from the network) or "
               "Markdown. With --compare it is a regression report of PATH_B against PATH."));
    parser.addHelpOption();
    const QCommandLineOption compareOpt(
        QStringLiteral("compare"), Tr::tr("A second run to compare with PATH (the base)."), QStringLiteral("PATH_B"));
    const QCommandLineOption output(QStringList { QStringLiteral("o"), QStringLiteral("output") },
        Tr::tr("Write to FILE instead of standard output; a .md name selects Markdown."), QStringLiteral("FILE"));
    const QCommandLineOption format(QStringLiteral("format"), Tr::tr("html (default) or md."), QStringLiteral("FORMAT"));
    const QCommandLineOption stepOpt(
        QStringLiteral("step"), Tr::tr("Only this step (e.g. 50); default: the average over the steps."), QStringLiteral("S"));
    const QCommandLineOption thresholdsOpt(QStringLiteral("thresholds"),
        Tr::tr("JSON file of advice thresholds to override (as for export --what advice)."), QStringLiteral("FILE"));
    const QCommandLineOption failAbove(QStringLiteral("fail-above"),
        Tr::tr("With --compare: exit with status 3 when the mean step time got worse by more than PCT percent."),
        QStringLiteral("PCT"));
    const QCommandLineOption prefer = preferOption();
    const QCommandLineOption stepsOpt = loadStepsOption();
    const QCommandLineOption ranksOpt = loadRanksOption();
    parser.addOptions({ compareOpt, output, format, stepOpt, thresholdsOpt, failAbove, prefer, stepsOpt, ranksOpt, noCacheOption(), noSeekOption() });
    parser.addPositionalArgument(QStringLiteral("PATH"), Tr::tr("Rank folder, folder of ranks or cluster root."));
    if (const int code = parseCommandLine(parser, args, out, err); code >= 0)
        return code;
    const QStringList paths = parser.positionalArguments();
    QString fmt = parser.value(format);
    if (fmt.isEmpty())
        fmt = parser.value(output).endsWith(QLatin1String(".md"), Qt::CaseInsensitive) ? QStringLiteral("md")
                                                                                        : QStringLiteral("html");
    if (paths.size() != 1 || (fmt != QLatin1String("html") && fmt != QLatin1String("md"))) {
        err << Tr::tr("report: give one PATH and --format html|md (see --help)") << '\n';
        return 2;
    }
    double failPct = -1;
    if (parser.isSet(failAbove)) {
        bool ok = false;
        failPct = parser.value(failAbove).toDouble(&ok);
        if (!ok || failPct < 0 || !parser.isSet(compareOpt)) {
            err << Tr::tr("report: --fail-above takes a non-negative percentage and needs --compare") << '\n';
            return 2;
        }
    }
    ReportOptions options;
    options.step = parser.value(stepOpt);
    if (parser.isSet(thresholdsOpt)) {
        QString error;
        if (!loadAdviceThresholds(parser.value(thresholdsOpt), &options.thresholds, &error)) {
            err << Tr::tr("error: %1").arg(error) << '\n';
            return 2;
        }
    }
    LoadOptions loadOptions;
    if (!applyPreferOption(parser, prefer, loadOptions, err)
        || !applyLoadFilterOptions(parser, stepsOpt, ranksOpt, loadOptions, err))
        return 2;
    const ProfilePtr base = ProfileLoader::load(paths, loadOptions);
    printPartialNote(*base, err);
    if (base->ranks.empty()) {
        err << Tr::tr("error: nothing could be loaded from %1").arg(paths.front()) << '\n';
        return 1;
    }
    ProfilePtr comparison;
    if (parser.isSet(compareOpt)) {
        comparison = ProfileLoader::load({ parser.value(compareOpt) }, loadOptions);
        if (comparison->ranks.empty()) {
            err << Tr::tr("error: nothing could be loaded from %1").arg(parser.value(compareOpt)) << '\n';
            return 1;
        }
    }
    const QString text = fmt == QLatin1String("md") ? markdownReport(*base, comparison.get(), options)
                                                    : htmlReport(*base, comparison.get(), options);
    if (overwritesAnInput(parser.value(output), { base.get(), comparison.get() }, err))
        return 2;
    if (const int code = writeResult(text, parser.value(output), out, err); code != 0)
        return code;
    if (comparison && failPct >= 0) {
        const double regression = stepTimeRegression(*base, *comparison, options.step);
        if (regression * 100.0 > failPct) {
            err << Tr::tr("report: the mean step time got worse by %1% (limit %2%)")
                       .arg(regression * 100.0, 0, 'f', 1)
                       .arg(failPct, 0, 'f', 1)
                << '\n';
            return 3;
        }
    }
    return 0;
}

} // namespace profscope::cli
