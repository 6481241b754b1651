// SPDX-License-Identifier: Apache-2.0
#include "analysis/analysisservice.h"
#include "common/settingswriter.h"
#include "common/viewstate.h"
#include "comparisoncontroller.h"
#include "i18n/translations.h"
#include "load/hugepages.h"
#include "loadcontroller.h"
#include "mainwindow.h"
#include "openfiles.h"
#include "projecttreemodel.h"
#include "settledgrab.h"
#include "theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDialog>
#include <QDir>
#include <QIcon>
#include <QLocale>
#include <QPixmap>
#include <QTimer>

#include <cstdio>
#include <functional>
#include <string_view>

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::Main)
};

// The UI language follows the system unless View → Language chose one
// ("en", "zh_CN"). Loaded once at start: switching needs a restart because
// the widgets are not rebuilt on QEvent::LanguageChange.
void installUserTranslators(QCoreApplication& app)
{
    const QString code = profscope::settingValue(QStringLiteral("ui/language")).toString();
    if (code == QLatin1String("en"))
        return;
    const QLocale locale = code.isEmpty() ? QLocale::system() : QLocale(code);
    profscope::installTranslators(app, locale);
}

// --help and --version only print, and --export-views only writes files: let
// them work without a display (over ssh, in scripts, in a package test) by
// picking the offscreen platform. --export-views always renders offscreen
// unless a platform was chosen, so that no window flashes up.
void allowTextOnlyRunsWithoutDisplay(int argc, char** argv)
{
    if (!qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        return;
    const bool display = !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg(argv[i]);
        const bool headless = arg == "--export-views" || arg.rfind("--export-views=", 0) == 0;
        if (headless
            || (!display
                && (arg == "-h" || arg == "--help" || arg == "--help-all" || arg == "-v" || arg == "--version"))) {
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

// The comparison run (--compare) loads once the base is in; "idle" is both
// loads done.
bool loadsIdle(const profscope::MainWindow& window)
{
    return !window.loadController()->isLoading() && !window.comparison()->isLoading();
}

void compareAfterLoad(profscope::MainWindow& window, const QString& comparePath)
{
    if (comparePath.isEmpty())
        return;
    QObject::connect(window.loadController(), &profscope::LoadController::finished, &window, [&window, comparePath] {
        if (window.profile())
            window.compareWith({ comparePath });
    });
}

// `profscope PATH --export-views DIR`: the pages as the window builds them,
// written to files without a window on screen.
int exportAllViews(QApplication& app, const QStringList& paths, const QString& dir, const QString& comparePath)
{
    if (paths.isEmpty()) {
        std::fprintf(stderr, "%s\n", qPrintable(Tr::tr("profscope: --export-views needs a PATH to load")));
        return 2;
    }
    profscope::MainWindow window;
    // The pages lay out at a desktop size whatever the (offscreen) screen is.
    window.resize(1600, 1000);
    window.show();
    compareAfterLoad(window, comparePath);
    const auto exportWhenIdle =
        [&window, dir](bool loading) {
            if (loading || !loadsIdle(window))
                return;
            if (!window.profile()) {
                std::fprintf(stderr, "%s\n",
                    qPrintable(Tr::tr("profscope: nothing could be loaded from %1")
                                   .arg(window.loadController()->paths().join(QStringLiteral(", ")))));
                QCoreApplication::exit(1);
                return;
            }
            QStringList errors;
            const QStringList written = window.exportViews(dir, &errors, QSize(1600, 900));
            for (const QString& file : written)
                std::printf("%s\n", qPrintable(QDir::toNativeSeparators(file)));
            for (const QString& error : errors)
                std::fprintf(stderr, "profscope: %s\n", qPrintable(error));
            std::fflush(stdout);
            QCoreApplication::exit(errors.isEmpty() && !written.isEmpty() ? 0 : 1);
        };
    QObject::connect(window.loadController(), &profscope::LoadController::loadingChanged, &window, exportWhenIdle);
    QObject::connect(
        window.comparison()->loader(), &profscope::LoadController::loadingChanged, &window, exportWhenIdle);
    window.openPaths(paths);
    return app.exec();
}

} // namespace

int main(int argc, char** argv)
{
    profscope::restartWithHugePages(argv);
    profscope::tuneAllocator();
    allowTextOnlyRunsWithoutDisplay(argc, argv);
    QApplication app(argc, argv);
    // Settings are written off the GUI thread (settingswriter.h): the last
    // ones reach the file before the process ends.
    QObject::connect(&app, &QCoreApplication::aboutToQuit, [] { profscope::flushSettings(); });
    QCoreApplication::setOrganizationName(QStringLiteral("Profscope"));
    QCoreApplication::setApplicationName(QStringLiteral("Profscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PROFSCOPE_VERSION));
    // The installed .desktop file's name: Wayland compositors and task bars
    // find the application's name and icon through it.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.profscope.Profscope"));
    QApplication::setWindowIcon(applicationIcon());
    installUserTranslators(app);
    if (const profscope::Theme theme = profscope::savedTheme(); theme != profscope::Theme::System)
        profscope::applyTheme(theme); // View → Theme, remembered

    QCommandLineParser parser;
    parser.setApplicationDescription(
        Tr::tr("Profscope: a native viewer for MindSpore and Ascend PyTorch profiler output."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
        Tr::tr("Wait until loading has finished and the window has settled (analyses done, no repaint "
               "for a moment), save a PNG of the main window (or of the import report with --report) "
               "to FILE, and quit."),
        QStringLiteral("FILE"));
    const QCommandLineOption report(QStringLiteral("report"), Tr::tr("Open the import report after loading."));
    const QCommandLineOption page(QStringLiteral("page"),
        Tr::tr("Show this page after loading: summary, overview, steptrace, timeline, operators, "
               "communication, marey, memory, dataprep, resources or strategy."),
        QStringLiteral("NAME"));
    const QCommandLineOption exportViews(QStringLiteral("export-views"),
        Tr::tr("Load PATH without showing a window, write the charts (PNG and SVG) and tables (CSV) of every page "
               "into DIR, print the files written and quit. Exit status 0 when everything was written, 1 when "
               "nothing could be loaded or a file could not be written, 2 for a wrong command line."),
        QStringLiteral("DIR"));
    const QCommandLineOption stackRanks(QStringLiteral("ranks"),
        Tr::tr("Stack these ranks in the timeline after loading: rank ids or ranges (\"0-7,12\") or a host."),
        QStringLiteral("LIST"));
    const QCommandLineOption compare(QStringLiteral("compare"),
        Tr::tr("Compare PATH with this second run (File → Compare With…): loaded after PATH, paired rank by rank id."),
        QStringLiteral("PATH_B"));
    // Partial import (not --ranks, which stacks loaded ranks in the timeline).
    const QCommandLineOption loadSteps(QStringLiteral("load-steps"),
        Tr::tr("Load only steps A to B (or step N); events outside are skipped while reading."), QStringLiteral("A-B"));
    const QCommandLineOption loadRanks(QStringLiteral("load-ranks"),
        Tr::tr("Load only these rank ids (\"0-7,12\"); the other ranks are not read."), QStringLiteral("LIST"));
    const QCommandLineOption noCache(QStringLiteral("no-cache"),
        Tr::tr("Parse every file: neither read parsed traces and tables from the cache folder nor write them there."));
    parser.addOptions({ screenshot, report, page, exportViews, stackRanks, compare, loadSteps, loadRanks, noCache });
    parser.addPositionalArgument(QStringLiteral("PATH"),
        Tr::tr("Profiles to open: a rank folder, a folder of ranks, a cluster root or a profiler file "
               "(trace_view.json, CSV, .db). Without PATH the first start opens a generated demo cluster, later "
               "starts the welcome page."),
        QStringLiteral("[PATH...]"));
    parser.process(app);

    const QStringList paths = parser.positionalArguments();
    int startPage = -1;
    if (parser.isSet(page)) {
        const QString name = parser.value(page).toLower();
        for (int i = 0; i < profscope::MainWindow::kPageCount; ++i)
            if (name == profscope::pageObjectName(profscope::Page(i)))
                startPage = i;
        if (startPage < 0) {
            std::fprintf(stderr, "%s\n", qPrintable(Tr::tr("profscope: unknown page \"%1\"").arg(name)));
            return 2;
        }
    }
    profscope::LoadController::setCacheEnabled(!parser.isSet(noCache));
    if (parser.isSet(exportViews))
        return exportAllViews(app, paths, parser.value(exportViews), parser.value(compare));

    profscope::MainWindow window;
    const bool takeScreenshot = parser.isSet(screenshot);
    // Screenshots use the default size so that they do not depend on how the
    // window was left last time.
    if (!takeScreenshot)
        window.restoreWindowState();
    window.show();

    const bool openReport = parser.isSet(report);
    profscope::LoadController* loader = window.loadController();
    if (openReport)
        QObject::connect(
            loader, &profscope::LoadController::finished, &window, [&window] { window.showImportReport(); });
    if (parser.isSet(stackRanks))
        QObject::connect(loader, &profscope::LoadController::finished, &window, [&window, list = parser.value(stackRanks)] {
            window.viewState()->setTimelineRanks(window.projectModel()->ranksMatching(list));
        });
    // Before the start page: the page then shows the comparison once it is in.
    compareAfterLoad(window, parser.value(compare));
    if (startPage >= 0)
        QObject::connect(loader, &profscope::LoadController::finished, &window,
            [&window, startPage] { window.showPage(profscope::MainWindow::Page(startPage)); });

    bool taken = false; // outlives the connections below: they run inside app.exec()
    std::function<void()> grab;
    if (takeScreenshot) {
        const QString file = parser.value(screenshot);
        // Waits for the last paint (analysis jobs done, no repaint for a
        // quiet period) rather than a fixed delay.
        auto* settled = new profscope::SettledGrab(
            [&window, file, openReport] {
                QWidget* target = &window;
                if (openReport && window.importReportDialog()->isVisible())
                    target = window.importReportDialog();
                // Highest PNG compression: these images go into the repository.
                const bool saved = target->grab().save(file, "PNG", 0);
                if (!saved)
                    std::fprintf(stderr, "%s\n", qPrintable(Tr::tr("profscope: could not write %1").arg(file)));
                QCoreApplication::exit(saved ? 0 : 1);
            },
            &window);
        grab = [&taken, settled] {
            if (taken)
                return;
            taken = true;
            settled->start();
        };
        const auto grabWhenIdle = [grab, &window](bool loading) {
            if (!loading && loadsIdle(window))
                grab();
        };
        QObject::connect(loader, &profscope::LoadController::loadingChanged, &window, grabWhenIdle);
        QObject::connect(
            window.comparison()->loader(), &profscope::LoadController::loadingChanged, &window, grabWhenIdle);
        // A load that never ends must not hang scripted runs.
        QTimer::singleShot(10 * 60 * 1000, &window, grab);
    }

    // Without a folder: the first start opens a generated demo cluster, so
    // that the first look shows what the pages do; later starts show the
    // welcome page with the recent profiles (the demo is one click away).
    // Screenshots always show the demo, so that scripted runs do not depend
    // on earlier ones.
    profscope::LoadFilter filter;
    QString filterError;
    if (parser.isSet(loadSteps)
        && !profscope::parseStepWindow(parser.value(loadSteps), filter.firstStep, filter.lastStep, &filterError))
        filterError = QStringLiteral("--load-steps: ") + filterError;
    if (parser.isSet(loadRanks) && filterError.isEmpty()) {
        if (const auto ids = profscope::parseIdList(parser.value(loadRanks), &filterError))
            filter.rankIds = *ids;
        else
            filterError = QStringLiteral("--load-ranks: ") + filterError;
    }
    if (!filterError.isEmpty()) {
        std::fprintf(stderr, "profscope: %s\n", qPrintable(filterError));
        return 2;
    }
    loader->setNextFilter(filter);
    if (!paths.isEmpty())
        window.openPaths(paths);
    else if (takeScreenshot || profscope::startWithDemo())
        window.openDemo();
    else
        window.showWelcome();
    // Nothing to wait for (the demo could not be written): grab what is shown.
    if (grab && !loader->isLoading())
        grab();
    return app.exec();
}
