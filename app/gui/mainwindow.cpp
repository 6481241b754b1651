// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"

#include "analysis/analysisservice.h"
#include "reportactions.h"
#include "theme.h"

#include "aboutdialog.h"
#include "banner.h"
#include "common/export.h"
#include "common/importreportview.h"
#include "common/statuscolors.h"
#include "common/viewstate.h"
#include "communication/communicationpage.h"
#include "generate/clustergenerator.h"
#include "loadcontroller.h"
#include "marey/mareypage.h"
#include "memory/memorypage.h"
#include "dataprep/dataprepage.h"
#include "steptrace/steptracepage.h"
#include "openfiles.h"
#include "operators/operatorspage.h"
#include "overview/overviewpage.h"
#include "projectdock.h"
#include "projecttreemodel.h"
#include "resources/resourcespage.h"
#include "strategy/strategypage.h"
#include "summarypage.h"
#include "timeline/timelinepage.h"
#include "welcomepage.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace profscope {

namespace {

constexpr int kMaxRecent = 10;
const char* const kRecentKey = "recent/entries";
const char* const kLanguageKey = "ui/language";
const char* const kGeometryKey = "window/geometry";
const char* const kStateKey = "window/state";
const char* const kLastDirKey = "recent/lastDialogDir";

// One recent entry is the path list of one load; stored as one string with
// the paths on separate lines (newlines do not occur in profiler paths).
QString joinEntry(const QStringList& paths)
{
    return paths.join(QLatin1Char('\n'));
}

QStringList splitEntry(const QString& entry)
{
    return entry.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

QString displayPaths(const QStringList& paths)
{
    if (paths.isEmpty())
        return {};
    const QString first = QDir::toNativeSeparators(paths.first());
    if (paths.size() == 1)
        return first;
    return MainWindow::tr("%1 and %n more", nullptr, int(paths.size() - 1)).arg(first);
}

// A marker written last into the demo folder: a folder without it was cut
// short (disk full, killed) and is written again.
const char* const kDemoMarker = ".profscope-demo-complete";

QString pageTitle(MainWindow::Page page)
{
    switch (page) {
    case MainWindow::Page::Summary:
        return MainWindow::tr("Summary");
    case MainWindow::Page::Overview:
        return MainWindow::tr("Overview");
    case MainWindow::Page::StepTrace:
        return MainWindow::tr("Step Trace");
    case MainWindow::Page::Timeline:
        return MainWindow::tr("Timeline");
    case MainWindow::Page::Operators:
        return MainWindow::tr("Operators");
    case MainWindow::Page::Communication:
        return MainWindow::tr("Communication");
    case MainWindow::Page::Marey:
        return MainWindow::tr("Marey");
    case MainWindow::Page::Memory:
        return MainWindow::tr("Memory");
    case MainWindow::Page::DataPrep:
        return MainWindow::tr("Data Preparation");
    case MainWindow::Page::Resources:
        return MainWindow::tr("Resources");
    case MainWindow::Page::Strategy:
        return MainWindow::tr("Strategy");
    }
    return {};
}

QString pageObjectName(MainWindow::Page page)
{
    static const char* const names[] = { "summary", "overview", "steptrace", "timeline", "operators", "communication",
        "marey", "memory", "dataprep", "resources", "strategy" };
    return QString::fromLatin1(names[int(page)]);
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_loader(new LoadController(this))
    , m_state(new ViewState(this))
    , m_pages(new QStackedWidget(this))
    , m_welcomePage(new WelcomePage(this))
    , m_loadingPage(new QWidget(this))
    , m_loadingTitle(new QLabel(m_loadingPage))
    , m_loadingStage(new QLabel(m_loadingPage))
    , m_loadingBar(new QProgressBar(m_loadingPage))
    , m_summaryPage(new SummaryPage(this))
    , m_banner(new Banner(this))
    , m_statusLoad(new QWidget(this))
    , m_statusStage(new QLabel(m_statusLoad))
    , m_statusBar(new QProgressBar(m_statusLoad))
{
    setObjectName(QStringLiteral("profscopeMainWindow"));
    setAcceptDrops(true);
    setMinimumSize(720, 480);
    // 1280 x 800, or the screen when it is smaller (a 1024 x 700 laptop screen).
    QSize size(1280, 800);
    if (const QScreen* screen = QGuiApplication::primaryScreen())
        size = size.boundedTo(screen->availableGeometry().size());
    resize(size);

    // Loading page: shown while the first profile loads, so that the window
    // is not an empty welcome page with a tiny status bar hint.
    {
        auto* outer = new QVBoxLayout(m_loadingPage);
        outer->setContentsMargins(48, 48, 48, 48);
        outer->addStretch(2);
        QFont titleFont = m_loadingTitle->font();
        titleFont.setPointSizeF(titleFont.pointSizeF() * 1.5);
        titleFont.setBold(true);
        m_loadingTitle->setFont(titleFont);
        m_loadingTitle->setAlignment(Qt::AlignHCenter);
        m_loadingTitle->setWordWrap(true);
        outer->addWidget(m_loadingTitle);
        outer->addSpacing(16);
        m_loadingBar->setRange(0, 1000);
        m_loadingBar->setTextVisible(false);
        m_loadingBar->setFixedWidth(460);
        outer->addWidget(m_loadingBar, 0, Qt::AlignHCenter);
        outer->addSpacing(8);
        m_loadingStage->setAlignment(Qt::AlignHCenter);
        m_loadingStage->setWordWrap(true);
        QPalette muted = m_loadingStage->palette();
        muted.setColor(QPalette::WindowText, mutedTextColor(palette()));
        m_loadingStage->setPalette(muted);
        outer->addWidget(m_loadingStage);
        outer->addSpacing(16);
        auto* cancel = new QPushButton(tr("Cancel"), m_loadingPage);
        cancel->setMinimumWidth(120);
        connect(cancel, &QPushButton::clicked, m_loader, &LoadController::cancel);
        outer->addWidget(cancel, 0, Qt::AlignHCenter);
        outer->addStretch(3);
    }

    m_pages->addWidget(m_welcomePage);
    m_pages->addWidget(m_loadingPage);
    m_pages->addWidget(m_summaryPage);
    // Navigation first: the main window sets the current rank before a page
    // reacts to the same request.
    connectNavigation();
    createAnalysisPages();

    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_banner);
    centralLayout->addWidget(m_pages, 1);
    setCentralWidget(central);

    createDock();
    createPageBar();
    createActions();
    createStatusBar();

    connect(m_welcomePage, &WelcomePage::openFolderRequested, this, &MainWindow::openFolderDialog);
    connect(m_welcomePage, &WelcomePage::openRecentRequested, this, &MainWindow::openPaths);
    connect(m_welcomePage, &WelcomePage::openDemoRequested, this, &MainWindow::openDemo);
    connect(m_summaryPage, &SummaryPage::showReportRequested, this, &MainWindow::showImportReport);
    connect(m_summaryPage, &SummaryPage::rankActivated, this, [this](int rankIndex) {
        m_projectDock->showRank(rankIndex);
    });
    connect(m_banner, &Banner::showReportRequested, this, [this] { showReportFor(m_bannerProfile); });

    connect(m_loader, &LoadController::started, this, &MainWindow::onLoadStarted);
    connect(m_loader, &LoadController::progressChanged, this, &MainWindow::onLoadProgress);
    connect(m_loader, &LoadController::finished, this, &MainWindow::onLoadFinished);
    connect(m_loader, &LoadController::canceled, this, &MainWindow::onLoadCanceled);
    connect(m_loader, &LoadController::loadingChanged, this, &MainWindow::onLoadingChanged);

    refreshRecent();
    setProfile(nullptr);
}

MainWindow::~MainWindow() = default;

void MainWindow::createDock()
{
    m_projectDock = new ProjectDock(m_state, this);
    connect(m_projectDock, &ProjectDock::statusMessage, this,
        [this](const QString& text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); });
    addDockWidget(Qt::LeftDockWidgetArea, m_projectDock);
    resizeDocks({ m_projectDock }, { 280 }, Qt::Horizontal);
}

void MainWindow::createAnalysisPages()
{
    // The one place pages are made: a placeholder becomes the real page by
    // changing its line.
    addAnalysisPage(Page::Summary, pageTitle(Page::Summary), m_summaryPage);
    addAnalysisPage(Page::Overview, pageTitle(Page::Overview), new OverviewPage(m_state, this));
    // Until a page lands, its line reads e.g.
    //   placeholderPage(pageTitle(Page::Memory), tr("the memory curves and live allocations"))
    addAnalysisPage(Page::StepTrace, pageTitle(Page::StepTrace), new StepTracePage(m_state, this));
    addAnalysisPage(Page::Timeline, pageTitle(Page::Timeline), new TimelinePage(m_state, this));
    addAnalysisPage(Page::Operators, pageTitle(Page::Operators), new OperatorsPage(m_state, this));
    addAnalysisPage(Page::Communication, pageTitle(Page::Communication), new CommunicationPage(m_state, this));
    addAnalysisPage(Page::Marey, pageTitle(Page::Marey), new MareyPage(m_state, this));
    addAnalysisPage(Page::Memory, pageTitle(Page::Memory), new MemoryPage(m_state, this));
    addAnalysisPage(Page::DataPrep, pageTitle(Page::DataPrep), new DataPrepPage(m_state, this));
    addAnalysisPage(Page::Resources, pageTitle(Page::Resources), new ResourcesPage(m_state, this));
    addAnalysisPage(Page::Strategy, pageTitle(Page::Strategy), new StrategyPage(m_state, this));
}

void MainWindow::addAnalysisPage(Page page, const QString& title, QWidget* widget)
{
    if (widget->objectName().isEmpty())
        widget->setObjectName(pageObjectName(page) + QStringLiteral("Page"));
    widget->setWindowTitle(title);
    m_analysisPages[int(page)] = widget;
    if (m_pages->indexOf(widget) < 0)
        m_pages->addWidget(widget);
}

QWidget* MainWindow::placeholderPage(const QString& title, const QString& comesWith)
{
    auto* widget = new QWidget(this);
    widget->setProperty("placeholder", true);
    auto* layout = new QVBoxLayout(widget);
    layout->setContentsMargins(48, 48, 48, 48);
    layout->addStretch(2);
    auto* heading = new QLabel(title, widget);
    QFont font = heading->font();
    font.setPointSizeF(font.pointSizeF() * 1.6);
    font.setBold(true);
    heading->setFont(font);
    heading->setAlignment(Qt::AlignHCenter);
    layout->addWidget(heading);
    layout->addSpacing(12);
    auto* text = new QLabel(tr("This page comes with %1, which is being built. Meanwhile the Summary and Overview "
                               "pages show what was loaded.")
                                .arg(comesWith),
        widget);
    text->setWordWrap(true);
    text->setAlignment(Qt::AlignHCenter);
    text->setMaximumWidth(560);
    QPalette muted = text->palette();
    muted.setColor(QPalette::WindowText, mutedTextColor(palette()));
    text->setPalette(muted);
    layout->addWidget(text, 0, Qt::AlignHCenter);
    layout->addStretch(3);
    return widget;
}

void MainWindow::connectNavigation()
{
    const auto focusRank = [this](int rankIndex) {
        if (m_profile && rankIndex >= 0 && rankIndex < int(m_profile->ranks.size()))
            m_state->setCurrentRank(rankIndex);
    };
    connect(m_state, &ViewState::timelineRequested, this, [this, focusRank](int rankIndex) {
        focusRank(rankIndex);
        showPage(Page::Timeline);
    });
    connect(m_state, &ViewState::operatorRequested, this, [this, focusRank](int rankIndex) {
        focusRank(rankIndex);
        showPage(Page::Operators);
    });
    connect(m_state, &ViewState::communicationLinkRequested, this, [this] { showPage(Page::Communication); });
    connect(m_state, &ViewState::memoryRequested, this, [this, focusRank](int rankIndex) {
        focusRank(rankIndex);
        showPage(Page::Memory);
    });
    // One rank in detail: its timeline.
    connect(m_state, &ViewState::rankRequested, this, [this, focusRank](int rankIndex) {
        focusRank(rankIndex);
        showPage(Page::Timeline);
    });
    connect(m_state, &ViewState::currentRankChanged, this, [this](int rankIndex) { m_summaryPage->selectRank(rankIndex); });
    connect(m_state, &ViewState::profileChanged, this, &MainWindow::refillSteps);
    connect(m_state, &ViewState::stepChanged, this, [this](const QString& step) {
        if (!m_stepCombo)
            return;
        const int row = m_stepCombo->findData(step);
        if (row >= 0 && row != m_stepCombo->currentIndex())
            m_stepCombo->setCurrentIndex(row);
    });
}

void MainWindow::createPageBar()
{
    m_pageBar = new QToolBar(tr("Pages"), this);
    m_pageBar->setObjectName(QStringLiteral("pageBar"));
    m_pageBar->setMovable(false);
    m_pageBar->setFloatable(false);
    m_pageBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_pageGroup = new QActionGroup(this);
    m_pageGroup->setExclusive(true);
    for (int i = 0; i < kPageCount; ++i) {
        const auto page = Page(i);
        QAction* action = m_pageBar->addAction(pageTitle(page));
        action->setObjectName(pageObjectName(page) + QStringLiteral("PageAction"));
        action->setCheckable(true);
        // Ctrl+1 … Ctrl+9 for the first nine pages (Ctrl+0 is the timeline's zoom reset).
        if (i < 9) {
            action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
            action->setShortcutContext(Qt::WindowShortcut);
            action->setToolTip(
                QStringLiteral("%1 (%2)").arg(pageTitle(page), action->shortcut().toString(QKeySequence::NativeText)));
        } else {
            action->setToolTip(pageTitle(page));
        }
        action->setData(i);
        m_pageGroup->addAction(action);
        m_pageActions[i] = action;
        connect(action, &QAction::triggered, this, [this, page] { showPage(page); });
    }
    auto* spacer = new QWidget(m_pageBar);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_pageBar->addWidget(spacer);
    auto* stepLabel = new QLabel(tr("Step:"), m_pageBar);
    stepLabel->setContentsMargins(8, 0, 6, 0);
    m_pageBar->addWidget(stepLabel);
    m_stepCombo = new QComboBox(m_pageBar);
    m_stepCombo->setObjectName(QStringLiteral("stepCombo"));
    m_stepCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_stepCombo->setMinimumContentsLength(14);
    m_stepCombo->setToolTip(tr("The step all pages show; \"All steps\" averages the overview over the steps"));
    stepLabel->setBuddy(m_stepCombo);
    m_pageBar->addWidget(m_stepCombo);
    connect(m_stepCombo, &QComboBox::currentIndexChanged, this, [this](int row) {
        if (row >= 0)
            m_state->setStep(m_stepCombo->itemData(row).toString());
    });
    addToolBar(Qt::TopToolBarArea, m_pageBar);
    refillSteps();
}

void MainWindow::refillSteps()
{
    if (!m_stepCombo)
        return;
    const QSignalBlocker blocker(m_stepCombo);
    m_stepCombo->clear();
    m_stepCombo->addItem(tr("All steps"), QString());
    for (const QString& step : m_state->steps())
        m_stepCombo->addItem(tr("Step %1").arg(step), step);
    m_stepCombo->setCurrentIndex(std::max(0, m_stepCombo->findData(m_state->step())));
    m_stepCombo->setEnabled(!m_state->steps().isEmpty());
}

void MainWindow::updatePageBar()
{
    const bool loaded = m_profile != nullptr;
    m_pageBar->setEnabled(loaded);
    const int current = currentPageIndex();
    // Data Preparation is offered only for profiles with MindData files.
    m_pageActions[int(Page::DataPrep)]->setVisible(loaded && DataPrepPage::hasData(*m_profile));
    m_pageActions[int(Page::StepTrace)]->setVisible(loaded && StepTracePage::hasData(*m_profile));
    // Strategy only for profiles with parallel_strategy_{rank}.json.
    m_pageActions[int(Page::Strategy)]->setVisible(loaded && StrategyPage::hasData(*m_profile));
    for (int i = 0; i < kPageCount; ++i) {
        m_pageActions[i]->setEnabled(loaded);
        // Pages of data only some profiles have appear only with it.
        if (const auto* resources = qobject_cast<const ResourcesPage*>(m_analysisPages[i]))
            m_pageActions[i]->setVisible(loaded && !resources->isEmptyStateShown());
        if (i == current)
            m_pageActions[i]->setChecked(true);
    }
    if (current < 0) {
        // Nothing checked on the welcome / loading page.
        m_pageGroup->setExclusionPolicy(QActionGroup::ExclusionPolicy::ExclusiveOptional);
        if (QAction* checked = m_pageGroup->checkedAction())
            checked->setChecked(false);
        m_pageGroup->setExclusionPolicy(QActionGroup::ExclusionPolicy::Exclusive);
    }
    if (m_exportAction)
        m_exportAction->setEnabled(
            loaded && current >= 0 && dynamic_cast<Exportable*>(m_analysisPages[current]) != nullptr);
}

QWidget* MainWindow::page(Page page) const
{
    return m_analysisPages[int(page)];
}

QAction* MainWindow::pageAction(Page page) const
{
    return m_pageActions[int(page)];
}

void MainWindow::showPage(Page page)
{
    if (!m_profile)
        return;
    m_pages->setCurrentWidget(m_analysisPages[int(page)]);
    updatePageBar();
}

int MainWindow::currentPageIndex() const
{
    for (int i = 0; i < kPageCount; ++i)
        if (m_pages->currentWidget() == m_analysisPages[i])
            return i;
    return -1;
}

ProjectTreeModel* MainWindow::projectModel() const
{
    return m_projectDock->model();
}

QTreeView* MainWindow::projectTree() const
{
    return m_projectDock->tree();
}

QLineEdit* MainWindow::rankFilterEdit() const
{
    return m_projectDock->rankFilterEdit();
}

QMenu* MainWindow::createTreeContextMenu(const QModelIndex& index)
{
    return m_projectDock->createContextMenu(index);
}

QString MainWindow::demoPath()
{
    QString cache = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    if (cache.isEmpty())
        cache = QDir::temp().filePath(QStringLiteral("profscope"));
    return QDir(cache).filePath(QStringLiteral("demo-%1").arg(QStringLiteral(PROFSCOPE_VERSION)));
}

bool MainWindow::ensureDemoCluster(QString* error)
{
    const QString path = demoPath();
    QDir dir(path);
    if (QFileInfo::exists(dir.filePath(QLatin1String(kDemoMarker))))
        return true;
    // Incomplete (or never written): start from an empty folder.
    if (dir.exists() && !dir.removeRecursively()) {
        if (error)
            *error = tr("Cannot clear %1.").arg(QDir::toNativeSeparators(path));
        return false;
    }
    GeneratorOptions options;
    options.ranks = 8;
    options.steps = 3;
    options.ops = 20;
    options.slowRank = 5;
    options.slowLinkSrc = 2;
    options.slowLinkDst = 3;
    options.hostBoundRank = 6;
    options.force = true;
    if (!QDir().mkpath(path) || !generateCluster(path, options, error))
        return false;
    QFile marker(dir.filePath(QLatin1String(kDemoMarker)));
    if (!marker.open(QIODevice::WriteOnly)) {
        if (error)
            *error = marker.errorString();
        return false;
    }
    marker.write("generated by Profscope " PROFSCOPE_VERSION "\n");
    return true;
}

void MainWindow::openDemo()
{
    QString error;
    if (!ensureDemoCluster(&error)) {
        m_banner->showMessage(Banner::Error, tr("The demo cluster could not be written: %1").arg(error));
        return;
    }
    openPaths({ demoPath() });
}

bool MainWindow::showsDemo() const
{
    return m_profile && m_profilePaths == QStringList(QDir::cleanPath(demoPath()));
}

void MainWindow::closeProfile()
{
    m_loader->cancel();
    m_banner->hide();
    m_bannerProfile.reset();
    setProfile(nullptr);
}

void MainWindow::showWelcome()
{
    m_pages->setCurrentWidget(m_welcomePage);
    updatePageBar();
}

QStringList MainWindow::exportViews(const QString& dir, QStringList* errors, QSize chartSize)
{
    QStringList written;
    const int shown = currentPageIndex();
    for (int i = 0; i < kPageCount; ++i) {
        const auto* exportable = dynamic_cast<const Exportable*>(m_analysisPages[i]);
        if (!exportable)
            continue;
        // Shown once so that the page lays out and draws at its real size.
        showPage(Page(i));
        QCoreApplication::processEvents();
        AnalysisService::instance()->waitUntilIdle();
        written << exportPage(*exportable, dir, errors, chartSize);
    }
    if (shown >= 0)
        showPage(Page(shown));
    return written;
}

void MainWindow::exportCurrentPage()
{
    const int current = currentPageIndex();
    const auto* exportable = current >= 0 ? dynamic_cast<const Exportable*>(m_analysisPages[current]) : nullptr;
    if (!exportable)
        return;
    const QString dir = QFileDialog::getExistingDirectory(
        this, tr("Export Page Into Folder"), QSettings().value(QLatin1String(kLastDirKey)).toString());
    if (dir.isEmpty())
        return;
    QStringList errors;
    const QStringList written = exportPage(*exportable, dir, &errors);
    if (!errors.isEmpty())
        QMessageBox::warning(this, tr("Export"), errors.join(QLatin1Char('\n')));
    statusBar()->showMessage(
        tr("%n file(s) written to %1", nullptr, int(written.size())).arg(QDir::toNativeSeparators(dir)), 8000);
}

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(
        style()->standardIcon(QStyle::SP_DirOpenIcon), tr("&Open Folder…"), this, &MainWindow::openFolderDialog);
    open->setShortcut(QKeySequence::Open);
    open->setStatusTip(tr("Open a rank folder or a folder holding several ranks"));
    file->addAction(tr("Open &File…"), this, [this] {
        if (const QString f = askProfileFile(this, kLastDirKey); !f.isEmpty())
            openPaths({ f });
    });

    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();

    m_closeAction = file->addAction(tr("&Close"), this, &MainWindow::closeProfile);
    m_closeAction->setShortcut(QKeySequence::Close);
    m_closeAction->setStatusTip(tr("Close the profile and show the welcome page"));

    file->addSeparator();
    m_exportAction = file->addAction(tr("&Export Page…"), this, &MainWindow::exportCurrentPage);
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_exportAction->setStatusTip(tr("Write the charts (PNG, SVG) and tables (CSV) of the page shown into a folder"));
    auto* reports = new ReportActions(m_state, this, file);
    if (auto* timeline = qobject_cast<TimelinePage*>(page(Page::Timeline)))
        connect(timeline, &TimelinePage::traceExportRequested, reports->traceAction(), &QAction::trigger);
    m_reportAction = file->addAction(tr("Import &Report…"), this, &MainWindow::showImportReport);
    m_reportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_reportAction->setStatusTip(tr("Every file that was found, with its status, counts and problems"));

    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    if (auto* dock = findChild<QDockWidget*>(QStringLiteral("projectDock"))) {
        QAction* toggle = dock->toggleViewAction();
        toggle->setText(tr("&Project Panel"));
        view->addAction(toggle);
    }
    view->addAction(m_pageBar->toggleViewAction());
    view->addSeparator();
    for (QAction* action : m_pageActions)
        view->addAction(action);
    view->addSeparator();
    new ThemeMenu(view, this);
    QMenu* language = view->addMenu(tr("&Language"));
    m_languageGroup = new QActionGroup(this);
    m_languageGroup->setExclusive(true);
    const QString current = QSettings().value(QLatin1String(kLanguageKey)).toString();
    // Language names are written in their own language (endonyms) so that a
    // user can find theirs whatever the current UI language is.
    const std::pair<QString, QString> languages[] = {
        { QString(), tr("System") },
        { QStringLiteral("en"), QStringLiteral("English") },
        { QStringLiteral("zh_CN"), QStringLiteral("中文") },
    };
    for (const auto& [code, name] : languages) {
        QAction* action = language->addAction(name);
        action->setCheckable(true);
        action->setChecked(code == current);
        action->setData(code);
        m_languageGroup->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] { setLanguage(code); });
    }
    language->addSeparator();
    QAction* note = language->addAction(tr("Applies after a restart"));
    note->setEnabled(false);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Welcome Page"), this, &MainWindow::showWelcome);
    help->addAction(tr("Open &Demo Cluster"), this, &MainWindow::openDemo)
        ->setStatusTip(tr("A generated 8-rank cluster with a slow rank, a slow link and a host-bound rank"));
    help->addSeparator();
    help->addAction(tr("&About Profscope"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::createStatusBar()
{
    auto* layout = new QHBoxLayout(m_statusLoad);
    layout->setContentsMargins(0, 0, 4, 0);
    layout->setSpacing(8);
    m_statusStage->setMinimumWidth(120);
    m_statusStage->setMaximumWidth(460);
    layout->addWidget(m_statusStage);
    m_statusBar->setRange(0, 1000);
    m_statusBar->setTextVisible(false);
    m_statusBar->setFixedWidth(200);
    m_statusBar->setMaximumHeight(16);
    layout->addWidget(m_statusBar);
    auto* cancel = new QPushButton(tr("Cancel"), m_statusLoad);
    cancel->setToolTip(tr("Stop loading (Esc)"));
    cancel->setShortcut(QKeySequence(Qt::Key_Escape));
    connect(cancel, &QPushButton::clicked, m_loader, &LoadController::cancel);
    layout->addWidget(cancel);
    statusBar()->addPermanentWidget(m_statusLoad);
    statusBar()->setSizeGripEnabled(true);
    m_statusLoad->hide();
}

QWidget* MainWindow::currentPage() const
{
    return m_pages->currentWidget();
}

void MainWindow::openPaths(const QStringList& paths)
{
    QStringList absolute;
    for (const QString& p : paths)
        if (!p.trimmed().isEmpty())
            absolute << QDir::cleanPath(QFileInfo(p).absoluteFilePath());
    if (absolute.isEmpty())
        return;
    m_loader->load(absolute);
}

void MainWindow::openFolderDialog()
{
    QSettings settings;
    QString start = settings.value(QLatin1String(kLastDirKey)).toString();
    if (start.isEmpty() && m_profile)
        start = QFileInfo(m_profile->rootPath).absolutePath();
    if (start.isEmpty())
        start = QDir::homePath();
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Profile Folder"), start);
    if (dir.isEmpty())
        return;
    settings.setValue(QLatin1String(kLastDirKey), QFileInfo(dir).absolutePath());
    openPaths({ dir });
}

QList<QStringList> MainWindow::recentPaths()
{
    QSettings settings;
    const QStringList stored = settings.value(QLatin1String(kRecentKey)).toStringList();
    QList<QStringList> recent;
    QStringList kept;
    for (const QString& entry : stored) {
        const QStringList paths = splitEntry(entry);
        const bool allExist = !paths.isEmpty()
            && std::all_of(paths.begin(), paths.end(), [](const QString& p) { return QFileInfo::exists(p); });
        if (!allExist || kept.contains(entry) || kept.size() >= kMaxRecent)
            continue;
        kept << entry;
        recent << paths;
    }
    if (kept != stored)
        settings.setValue(QLatin1String(kRecentKey), kept);
    return recent;
}

void MainWindow::addRecentPaths(const QStringList& paths)
{
    if (paths.isEmpty())
        return;
    QSettings settings;
    QStringList stored = settings.value(QLatin1String(kRecentKey)).toStringList();
    const QString entry = joinEntry(paths);
    stored.removeAll(entry);
    stored.prepend(entry);
    while (stored.size() > kMaxRecent)
        stored.removeLast();
    settings.setValue(QLatin1String(kRecentKey), stored);
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QList<QStringList> recent = recentPaths();
    int number = 0;
    for (const QStringList& paths : recent) {
        ++number;
        // '&' in a path would turn into a mnemonic; the number is the mnemonic.
        QString shown = displayPaths(paths);
        shown.replace(QLatin1Char('&'), QStringLiteral("&&"));
        const QString label = number < 10 ? QStringLiteral("&%1  %2").arg(number).arg(shown)
                                          : QStringLiteral("%1  %2").arg(number).arg(shown);
        QAction* action = m_recentMenu->addAction(label);
        connect(action, &QAction::triggered, this, [this, paths] { openPaths(paths); });
    }
    if (recent.isEmpty()) {
        QAction* none = m_recentMenu->addAction(tr("No recent folders"));
        none->setEnabled(false);
    } else {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("&Clear Recent"), this, [this] {
            QSettings().remove(QLatin1String(kRecentKey));
            refreshRecent();
        });
    }
}

void MainWindow::refreshRecent()
{
    m_welcomePage->setRecent(recentPaths());
}

void MainWindow::setProfile(const ProfilePtr& profile)
{
    m_profile = profile;
    m_profilePaths = profile ? m_loader->paths() : QStringList();
    m_summaryPage->setProfile(profile, m_loader->lastLoadMs());
    m_state->setProfile(profile);
    m_projectDock->setProfile(profile);
    m_reportAction->setEnabled(profile != nullptr);
    m_closeAction->setEnabled(profile != nullptr);
    if (m_reportView && m_reportDialog->isVisible())
        m_reportView->setProfile(profile);
    if (profile) {
        // Stay on the page the user was on; a first load starts on the overview.
        if (currentPageIndex() < 0)
            m_pages->setCurrentWidget(m_analysisPages[int(Page::Overview)]);
    } else if (!m_loader->isLoading()) {
        m_pages->setCurrentWidget(m_welcomePage);
    }
    updatePageBar();
    updateTitle();
}

void MainWindow::updateTitle()
{
    if (!m_profile) {
        setWindowTitle(tr("Profscope"));
        return;
    }
    if (showsDemo()) {
        setWindowTitle(tr("Demo cluster — Profscope"));
        return;
    }
    setWindowTitle(
        tr("%1 — Profscope")
            .arg(displayPaths(m_profilePaths.isEmpty() ? QStringList(m_profile->rootPath) : m_profilePaths)));
}

void MainWindow::onLoadStarted(const QStringList& paths)
{
    m_banner->hide();
    const QString shown = displayPaths(paths);
    m_loadingTitle->setText(tr("Loading %1").arg(shown));
    m_statusStage->setToolTip(shown);
    if (!m_profile)
        m_pages->setCurrentWidget(m_loadingPage);
    updatePageBar();
    statusBar()->clearMessage();
}

void MainWindow::onLoadProgress(int permille, const QString& text)
{
    m_loadingBar->setValue(permille);
    m_statusBar->setValue(permille);
    m_loadingStage->setText(text);
    m_statusStage->setText(
        m_statusStage->fontMetrics().elidedText(text, Qt::ElideMiddle, m_statusStage->maximumWidth()));
}

void MainWindow::onLoadFinished(const ProfilePtr& profile)
{
    const ImportReport& report = profile->report;
    const int broken = report.countWithStatus(FileStatus::Broken);
    const int skipped = report.countWithStatus(FileStatus::Skipped);
    int warnings = 0;
    int errors = 0;
    for (const ImportMessage& m : report.messages) {
        warnings += m.severity == ImportMessage::Warning;
        errors += m.severity == ImportMessage::Error;
    }
    m_bannerProfile = profile;

    if (!LoadController::hasUsableData(*profile)) {
        // Keep showing what was loaded before: a failed second open should
        // not throw away a working profile.
        QString text = tr("Nothing could be loaded from %1.").arg(displayPaths(m_loader->paths()));
        for (const ImportMessage& m : report.messages) {
            if (m.severity == ImportMessage::Error) {
                text += QLatin1Char(' ') + m.text;
                break;
            }
        }
        if (report.messages.empty() && report.files.empty())
            text += QLatin1Char(' ') + tr("No profiler output was found there.");
        m_banner->showMessage(Banner::Error, text);
        if (!m_profile)
            m_pages->setCurrentWidget(m_welcomePage);
        statusBar()->showMessage(tr("Loading failed"), 8000);
        return;
    }

    const bool demo = m_loader->paths() == QStringList(QDir::cleanPath(demoPath()));
    if (!demo) {
        addRecentPaths(m_loader->paths());
        refreshRecent();
    }
    setProfile(profile);
    if (demo) {
        m_banner->showMessage(
            Banner::Info, tr("This is a generated demo cluster - File > Open to load your own profile."));
        statusBar()->showMessage(m_loader->progressText(), 8000);
        return;
    }

    QStringList problems;
    if (broken > 0)
        problems << tr("%n file(s) could not be read completely", nullptr, broken);
    if (errors > 0)
        problems << tr("%n error(s)", nullptr, errors);
    if (warnings > 0)
        problems << tr("%n warning(s)", nullptr, warnings);
    if (skipped > 0)
        problems << tr("%n file(s) skipped", nullptr, skipped);
    if (!problems.isEmpty()) {
        const Banner::Kind kind = broken > 0 || errors > 0 ? Banner::Error
            : warnings > 0                                 ? Banner::Warning
                                                           : Banner::Info;
        m_banner->showMessage(kind,
            tr("Loaded %n rank(s); %1.", nullptr, int(profile->ranks.size()))
                .arg(problems.join(tr(", ", "list separator"))));
    }
    statusBar()->showMessage(m_loader->progressText(), 8000);
}

void MainWindow::onLoadCanceled()
{
    if (!m_profile)
        m_pages->setCurrentWidget(m_welcomePage);
    statusBar()->showMessage(tr("Loading canceled"), 5000);
}

void MainWindow::onLoadingChanged(bool loading)
{
    m_statusLoad->setVisible(loading);
    if (!loading && m_pages->currentWidget() == m_loadingPage)
        m_pages->setCurrentWidget(m_profile ? m_analysisPages[int(Page::Overview)] : m_welcomePage);
    updatePageBar();
}

QDialog* MainWindow::importReportDialog()
{
    if (!m_reportDialog) {
        m_reportDialog = new QDialog(this);
        m_reportDialog->setObjectName(QStringLiteral("importReportDialog"));
        m_reportDialog->setModal(false);
        m_reportDialog->setSizeGripEnabled(true);
        auto* layout = new QVBoxLayout(m_reportDialog);
        layout->setContentsMargins(6, 6, 6, 10);
        m_reportView = new ImportReportView(m_reportDialog);
        layout->addWidget(m_reportView, 1);
        auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, m_reportDialog);
        buttons->setContentsMargins(12, 0, 12, 0);
        connect(buttons, &QDialogButtonBox::rejected, m_reportDialog, &QDialog::close);
        layout->addWidget(buttons);
        QSize size(1240, 720);
        if (const QScreen* screen = this->screen())
            size = size.boundedTo(screen->availableSize() * 0.9);
        m_reportDialog->resize(size);
    }
    return m_reportDialog;
}

ImportReportView* MainWindow::importReportView()
{
    importReportDialog();
    return m_reportView;
}

void MainWindow::showImportReport()
{
    showReportFor(m_profile ? m_profile : m_bannerProfile);
}

void MainWindow::showReportFor(const ProfilePtr& profile)
{
    if (!profile)
        return;
    QDialog* dialog = importReportDialog();
    m_reportView->setProfile(profile);
    dialog->setWindowTitle(tr("Import Report — %1").arg(QDir::toNativeSeparators(profile->rootPath)));
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
    // Ready to type a filter; the message list would otherwise take the
    // focus and show its first row as selected.
    m_reportView->filterEdit()->setFocus();
}

void MainWindow::setLanguage(const QString& code)
{
    QSettings settings;
    if (settings.value(QLatin1String(kLanguageKey)).toString() == code)
        return;
    settings.setValue(QLatin1String(kLanguageKey), code);
    // Window-modal and non-blocking: nothing else waits on the answer.
    auto* box = new QMessageBox(QMessageBox::Information, tr("Language"),
        tr("The new language is used the next time Profscope starts."), QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("languageNotice"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::showAbout()
{
    showAboutDialog(this);
}

bool MainWindow::restoreWindowState()
{
    QSettings settings;
    const QByteArray geometry = settings.value(QLatin1String(kGeometryKey)).toByteArray();
    const QByteArray state = settings.value(QLatin1String(kStateKey)).toByteArray();
    bool restored = false;
    if (!geometry.isEmpty())
        restored = restoreGeometry(geometry);
    if (!state.isEmpty())
        restoreState(state);
    return restored;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    QSettings settings;
    settings.setValue(QLatin1String(kGeometryKey), saveGeometry());
    settings.setValue(QLatin1String(kStateKey), saveState());
    m_loader->cancel();
    if (m_reportDialog)
        m_reportDialog->close();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!droppedProfilePaths(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QStringList paths = droppedProfilePaths(event->mimeData());
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    openPaths(paths);
}

} // namespace profscope
