// SPDX-License-Identifier: Apache-2.0
#include "loadcontroller.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDialog>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QPixmap>
#include <QSettings>
#include <QTimer>
#include <QTranslator>

#include <cstdio>
#include <string_view>

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::Main)
};

// The UI language follows the system unless View → Language chose one
// ("en", "zh_CN"). Loaded once at start: switching needs a restart because
// the widgets are not rebuilt on QEvent::LanguageChange.
void installTranslators(QCoreApplication& app)
{
    const QString code = QSettings().value(QStringLiteral("ui/language")).toString();
    if (code == QLatin1String("en"))
        return;
    const QLocale locale = code.isEmpty() ? QLocale::system() : QLocale(code);
    auto* own = new QTranslator(&app);
    if (own->load(locale, QStringLiteral("profscope"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(own);
    // Qt's own strings (file dialog, message box buttons) when the
    // translations are installed; nothing happens when they are not.
    auto* qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
}

// --help and --version only print: let them work without a display (over
// ssh, in scripts, in a package test) by picking the offscreen platform when
// there is no display and no platform was chosen.
void allowTextOnlyRunsWithoutDisplay(int argc, char** argv)
{
    if (!qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") || !qEnvironmentVariableIsEmpty("DISPLAY")
        || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        return;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg(argv[i]);
        if (arg == "-h" || arg == "--help" || arg == "--help-all" || arg == "-v" || arg == "--version") {
            qputenv("QT_QPA_PLATFORM", "offscreen");
            return;
        }
    }
}

QIcon applicationIcon()
{
    QIcon icon;
    for (const int size : { 16, 24, 32, 48, 64, 128, 256 })
        icon.addFile(QStringLiteral(":/icons/profscope-%1.png").arg(size), QSize(size, size));
    return icon;
}

} // namespace

int main(int argc, char** argv)
{
    allowTextOnlyRunsWithoutDisplay(argc, argv);
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("Profscope"));
    QCoreApplication::setApplicationName(QStringLiteral("Profscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PROFSCOPE_VERSION));
    // The installed .desktop file's name: Wayland compositors and task bars
    // find the application's name and icon through it.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.profscope.Profscope"));
    QApplication::setWindowIcon(applicationIcon());
    installTranslators(app);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        Tr::tr("Profscope: a native viewer for MindSpore and Ascend PyTorch profiler output."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        Tr::tr("Wait until loading has finished, save a PNG of the main window "
                                               "(or of the import report with --report) to FILE, and quit."),
                                        QStringLiteral("FILE"));
    const QCommandLineOption report(QStringLiteral("report"), Tr::tr("Open the import report after loading."));
    parser.addOptions({ screenshot, report });
    parser.addPositionalArgument(QStringLiteral("PATH"),
                                 Tr::tr("Profile folders to open: a rank folder, a folder of ranks or a cluster root."),
                                 QStringLiteral("[PATH...]"));
    parser.process(app);

    profscope::MainWindow window;
    const bool takeScreenshot = parser.isSet(screenshot);
    // Screenshots use the default size so that they do not depend on how the
    // window was left last time.
    if (!takeScreenshot)
        window.restoreWindowState();
    window.show();

    const QStringList paths = parser.positionalArguments();
    const bool openReport = parser.isSet(report);
    profscope::LoadController* loader = window.loadController();
    if (openReport)
        QObject::connect(loader, &profscope::LoadController::finished, &window, [&window] { window.showImportReport(); });

    bool taken = false; // outlives the connections below: they run inside app.exec()
    if (takeScreenshot) {
        const QString file = parser.value(screenshot);
        const auto grab = [&window, &taken, file, openReport] {
            if (taken)
                return;
            taken = true;
            // Let layouts settle and the banner / dialog paint before grabbing.
            QTimer::singleShot(500, &window, [&window, file, openReport] {
                QWidget* target = &window;
                if (openReport && window.importReportDialog()->isVisible())
                    target = window.importReportDialog();
                // Highest PNG compression: these images go into the repository.
                const bool saved = target->grab().save(file, "PNG", 0);
                if (!saved)
                    std::fprintf(stderr, "%s\n", qPrintable(Tr::tr("profscope: could not write %1").arg(file)));
                QCoreApplication::exit(saved ? 0 : 1);
            });
        };
        if (paths.isEmpty()) {
            grab();
        } else {
            QObject::connect(loader, &profscope::LoadController::loadingChanged, &window, [grab](bool loading) {
                if (!loading)
                    grab();
            });
            // A load that never ends must not hang scripted runs.
            QTimer::singleShot(10 * 60 * 1000, &window, grab);
        }
    }

    if (!paths.isEmpty())
        window.openPaths(paths);
    return app.exec();
}
