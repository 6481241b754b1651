// SPDX-License-Identifier: Apache-2.0
// profscope-cli: the headless side of Profscope, on the same core library
// as the GUI.
#include "commands.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTextStream>
#include <QTranslator>

#include <cstdio>

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::cli::Main)
};

// The same translations as the GUI, embedded the same way (:/i18n, see
// app/CMakeLists.txt), chosen by the environment (LANGUAGE, LC_ALL,
// LC_MESSAGES, LANG) through QLocale::system(). Machine-readable output (CSV
// headers, JSON keys) is never translated, so scripts do not depend on it.
void installTranslators(QCoreApplication& app)
{
    const QLocale locale = QLocale::system();
    auto* own = new QTranslator(&app);
    if (own->load(locale, QStringLiteral("profscope"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(own);
    auto* qt = new QTranslator(&app);
    if (qt->load(
            locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
}
} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("profscope-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PROFSCOPE_VERSION));
    installTranslators(app);
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
