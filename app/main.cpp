// SPDX-License-Identifier: Apache-2.0
#include "loadcontroller.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDialog>
#include <QLibraryInfo>
#include <QLocale>
#include <QPixmap>
#include <QSettings>
#include <QTimer>
#include <QTranslator>

#include <cstdio>

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

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("Profscope"));
    QCoreApplication::setApplicationName(QStringLiteral("Profscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PROFSCOPE_VERSION));
    QGuiApplication::setDesktopFileName(QStringLiteral("profscope"));
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
