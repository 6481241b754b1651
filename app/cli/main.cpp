// SPDX-License-Identifier: Apache-2.0
// profscope-cli: the headless side of Profscope, on the same core library
// as the GUI.
#include "commands.h"
#include "i18n/translations.h"
#include "load/hugepages.h"

#include <QCoreApplication>
#include <QLocale>
#include <QTextStream>

#include <cstdio>

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::cli::Main)
};
} // namespace

int main(int argc, char** argv)
{
    profscope::restartWithHugePages(argv);
    profscope::tuneAllocator();
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("profscope-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PROFSCOPE_VERSION));
    // The GUI's translations, embedded the same way (:/i18n, see app/CMakeLists.txt),
    // chosen by the environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). CSV headers
    // and JSON keys are never translated, so scripts do not depend on the language.
    profscope::installTranslators(app, QLocale::system());
    QTextStream out(stdout);
    QTextStream err(stderr);
    QStringList args = QCoreApplication::arguments();
    if (args.size() < 2 || args[1] == QLatin1String("-h") || args[1] == QLatin1String("--help")) {
        out << profscope::cli::usageText();
        return args.size() < 2 ? 2 : 0;
    }
    if (args[1] == QLatin1String("-v") || args[1] == QLatin1String("--version")) {
        out << QStringLiteral("profscope-cli %1\n").arg(QCoreApplication::applicationVersion());
        return 0;
    }
    const QString command = args[1];
    args.removeAt(1); // QCommandLineParser expects argv[0] then options
    if (const profscope::cli::CliCommand* c = profscope::cli::findCommand(command))
        return c->run(args, out, err);
    err << Tr::tr("unknown command \"%1\"").arg(command) << '\n' << profscope::cli::usageText();
    return 2;
}
