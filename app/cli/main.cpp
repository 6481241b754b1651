// SPDX-License-Identifier: Apache-2.0
// profscope-cli: the headless side of Profscope, on the same core library
// as the GUI.
#include "collect.h"
#include "compare.h"
#include "export.h"
#include "generate.h"
#include "inspect.h"
#include "report.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::cli::Main)
};

QString usage()
{
    return Tr::tr("Usage: profscope-cli COMMAND [options]\n"
                  "\n"
                  "Commands:\n"
                  "  inspect PATH... [--json]   list the ranks and files found, with counts and the import report\n"
                  "  collect --hosts FILE --remote-path PATTERN [--from DIR]... OUT_DIR\n"
                  "                             copy the rank folders of a multi-host job into one folder (ssh)\n"
                  "  export PATH --what WHAT    write an analysis as CSV or JSON (overview, overview-check)\n"
                  "  generate OUT --ranks N --steps S --ops K [--pp P] [--tp T] [--seed X] [--slow-rank R] [--slow-link A-B]\n"
                  "           [--host-bound-rank R] [--format text|db|both]\n"
                  "                             write a synthetic MindSpore-style demo cluster\n"
                  "  compare PATH_A PATH_B      compare the ops of two ranks or runs (sequence-aligned deltas)\n"
                  "  report PATH [--compare PATH_B] [-o FILE.html|FILE.md] [--fail-above PCT]\n"
                  "                             one self-contained HTML (or Markdown) report; a regression report with --compare\n"
                  "\n"
                  "Options:\n"
                  "  -h, --help                 this help; COMMAND --help for a command's options\n"
                  "  -v, --version              the version\n");
}
} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("profscope-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PROFSCOPE_VERSION));
    QTextStream out(stdout);
    QTextStream err(stderr);
    QStringList args = QCoreApplication::arguments();
    if (args.size() < 2 || args[1] == QLatin1String("-h") || args[1] == QLatin1String("--help")) {
        out << usage();
        return args.size() < 2 ? 2 : 0;
    }
    if (args[1] == QLatin1String("-v") || args[1] == QLatin1String("--version")) {
        out << QStringLiteral("profscope-cli %1\n").arg(QCoreApplication::applicationVersion());
        return 0;
    }
    const QString command = args[1];
    args.removeAt(1); // QCommandLineParser expects argv[0] then options
    if (command == QLatin1String("inspect"))
        return profscope::cli::runInspect(args, out, err);
    if (command == QLatin1String("collect"))
        return profscope::cli::runCollect(args, out, err);
    if (command == QLatin1String("export"))
        return profscope::cli::runExport(args, out, err);
    if (command == QLatin1String("generate"))
        return profscope::cli::runGenerate(args, out, err);
    if (command == QLatin1String("compare"))
        return profscope::cli::runCompare(args, out, err);
    if (command == QLatin1String("report"))
        return profscope::cli::runReport(args, out, err);
    err << Tr::tr("unknown command \"%1\"").arg(command) << '\n' << usage();
    return 2;
}
