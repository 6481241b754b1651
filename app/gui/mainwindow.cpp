// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"
#include "common/settingswriter.h"

#include "analysis/analysisservice.h"

#include "aboutdialog.h"
#include "banner.h"
#include "cacheactions.h"
#include "common/export.h"
#include "common/importreportview.h"
#include "common/pagestack.h"
#include "common/viewstate.h"
#include "communication/communicationpage.h"
#include "comparisonbar.h"
#include "comparisoncontroller.h"
#include "dataprep/dataprepage.h"
#include "democluster.h"
#include "droptargets.h"
#include "importreportdialog.h"
#include "languagemenu.h"
#include "loadcontroller.h"
#include "loadfeedback.h"
#include "marey/mareypage.h"
#include "memory/memorypage.h"
#include "openfiles.h"
#include "partialopen.h"
#include "operators/operatorspage.h"
#include "overview/overviewpage.h"
#include "projectdock.h"
#include "projecttreemodel.h"
#include "recentpaths.h"
#include "reportactions.h"
#include "resources/resourcespage.h"
#include "steptrace/steptracepage.h"
#include "strategy/strategypage.h"
#include "summarypage.h"
#include "theme.h"
#include "timeline/timelinepage.h"
#include "welcomepage.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QVBoxLayout>

namespace profscope {

namespace {

// Above this many ranks the project tree is built in a job (setProfile).
constexpr std::size_t kDeferredTreeAboveRanks = 256;

const char* const kGeometryKey = "window/geometry";
const char* const kStateKey = "window/state";
const char* const kLastDirKey = "recent/lastDialogDir";

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_loader(new LoadController(this))
    , m_state(new ViewState(this))
    , m_pages(new PageStack(this))
    , m_welcomePage(new WelcomePage(this))
    , m_summaryPage(new SummaryPage(this))
    , m_banner(new Banner(this))
    , m_feedback(new LoadFeedback(m_loader, m_banner, this))
    , m_comparison(new ComparisonController(m_state, this))
{
    setObjectName(QStringLiteral("profscopeMainWindow"));
    setAcceptDrops(true);
    setMinimumSize(720, 480);
    // 1280 x 800, or the screen when it is smaller (a 1024 x 700 laptop screen).
    QSize size(1280, 800);
    if (const QScreen* screen = QGuiApplication::primaryScreen())
        size = size.boundedTo(screen->availableGeometry().size());
    resize(size);

    m_pages->addWidget(m_welcomePage);
    m_pages->addWidget(m_feedback->loadingPage());
    m_pages->addWidget(m_summaryPage);
    // Navigation first: the main window sets the current rank before a page
    // reacts to the same request.
    connectNavigation();
    m_pageBar = new PageBar(m_state, this);
    createAnalysisPages();

    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_banner);
    centralLayout->addWidget(m_comparison->notice());
    centralLayout->addWidget(m_comparison->bar());
    centralLayout->addWidget(m_pages, 1);
    setCentralWidget(central);
    m_dropTargets = new DropTargets(this);

    createDock();
    connect(m_pageBar, &PageBar::pageRequested, this, &MainWindow::showPage);
    addToolBar(Qt::TopToolBarArea, m_pageBar);
    createActions();
    statusBar()->addPermanentWidget(m_feedback->statusWidget());
    statusBar()->addPermanentWidget(m_comparison->statusWidget());
    statusBar()->setSizeGripEnabled(true);

    connect(m_welcomePage, &WelcomePage::openFolderRequested, this, &MainWindow::openFolderDialog);
    connect(m_welcomePage, &WelcomePage::openRecentRequested, this, &MainWindow::openPaths);
    connect(m_welcomePage, &WelcomePage::openDemoRequested, this, &MainWindow::openDemo);
    connect(m_recent, &RecentPaths::openRequested, this, &MainWindow::openPaths);
    connect(m_recent, &RecentPaths::changed, m_welcomePage, &WelcomePage::setRecent);
    connect(m_summaryPage, &SummaryPage::showReportRequested, this, &MainWindow::showImportReport);
    connect(m_summaryPage, &SummaryPage::rankActivated, this, [this](int rankIndex) {
        m_projectDock->showRank(rankIndex);
    });
    connect(m_banner, &Banner::showReportRequested, this, [this] { showReportFor(m_bannerProfile); });

    connectLoader();
    m_recent->refresh();
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
    // The one place pages are made; the page bar offers them in this order.
    addAnalysisPage(Page::Summary, m_summaryPage);
    addAnalysisPage(Page::Overview, new OverviewPage(m_state, this));
    addAnalysisPage(Page::StepTrace, new StepTracePage(m_state, this));
    addAnalysisPage(Page::Timeline, new TimelinePage(m_state, this));
    addAnalysisPage(Page::Operators, new OperatorsPage(m_state, this));
    addAnalysisPage(Page::Communication, new CommunicationPage(m_state, this));
    addAnalysisPage(Page::Marey, new MareyPage(m_state, this));
    addAnalysisPage(Page::Memory, new MemoryPage(m_state, this));
    addAnalysisPage(Page::DataPrep, new DataPrepPage(m_state, this));
    addAnalysisPage(Page::Resources, new ResourcesPage(m_state, this));
    addAnalysisPage(Page::Strategy, new StrategyPage(m_state, this));
}

void MainWindow::addAnalysisPage(Page page, QWidget* widget)
{
    if (widget->objectName().isEmpty())
        widget->setObjectName(pageObjectName(page) + QStringLiteral("Page"));
    widget->setWindowTitle(pageTitle(page));
    m_analysisPages[int(page)] = widget;
    if (m_pages->indexOf(widget) < 0)
        m_pages->addWidget(widget);
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
    // The comparison run's range: the timeline shows it when it can
    // (ViewState::comparisonTimelineAvailable).
    connect(m_state, &ViewState::comparisonTimelineRequested, this, [this] { showPage(Page::Timeline); });
    connect(m_state, &ViewState::memoryRequested, this, [this, focusRank](int rankIndex) {
        focusRank(rankIndex);
        showPage(Page::Memory);
    });
    // One rank in detail: its timeline.
    connect(m_state, &ViewState::rankRequested, this, [this, focusRank](int rankIndex) {
        focusRank(rankIndex);
        showPage(Page::Timeline);
    });
    connect(
        m_state, &ViewState::currentRankChanged, this, [this](int rankIndex) { m_summaryPage->selectRank(rankIndex); });
}

void MainWindow::updatePageBar()
{
    const int current = currentPageIndex();
    m_pageBar->updateActions(m_profile.get(), current, m_analysisPages);
    if (m_exportAction)
        m_exportAction->setEnabled(
            m_profile && current >= 0 && dynamic_cast<Exportable*>(m_analysisPages[current]) != nullptr);
}

QWidget* MainWindow::page(Page page) const
{
    return m_analysisPages[int(page)];
}

QAction* MainWindow::pageAction(Page page) const
{
    return m_pageBar->action(page);
}

QComboBox* MainWindow::stepCombo() const
{
    return m_pageBar->stepCombo();
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

void MainWindow::openDemo()
{
    QString error;
    if (!DemoCluster::ensure(&error)) {
        m_banner->showMessage(Banner::Error, tr("The demo cluster could not be written: %1").arg(error));
        return;
    }
    openPaths({ DemoCluster::path() });
}

bool MainWindow::showsDemo() const
{
    return m_profile && DemoCluster::isDemo(m_profilePaths);
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
        this, tr("Export Page Into Folder"), settingValue(QLatin1String(kLastDirKey)).toString());
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
    file->addAction(tr("Open &Part of a Profile…"), this, [this] {
        QStringList paths;
        LoadFilter filter;
        if (askPartialOpen(this, paths, filter)) {
            m_loader->setNextFilter(filter);
            openPaths(paths);
        }
    });
    file->addAction(tr("Open &File…"), this, [this] {
        if (const QString f = askProfileFile(this, kLastDirKey); !f.isEmpty())
            openPaths({ f });
    });

    m_recent = new RecentPaths(file->addMenu(tr("Open &Recent")), this);

    m_closeAction = file->addAction(tr("&Close"), this, &MainWindow::closeProfile);
    m_closeAction->setShortcut(QKeySequence::Close);
    m_closeAction->setStatusTip(tr("Close the profile and show the welcome page"));

    file->addSeparator();
    m_comparison->addActions(file);

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
    QAction* clearCache = file->addAction(tr("Clear &Cache…"), this, [this] { askClearTraceCache(this); });
    clearCache->setStatusTip(tr("Remove the parsed traces kept for instant re-opening"));

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
    for (QAction* action : m_pageBar->actions())
        view->addAction(action);
    view->addSeparator();
    new ThemeMenu(view, this);
    new LanguageMenu(view, this);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Welcome Page"), this, &MainWindow::showWelcome);
    help->addAction(tr("Open &Demo Cluster"), this, &MainWindow::openDemo)
        ->setStatusTip(tr("A generated 8-rank cluster with a slow rank, a slow link and a host-bound rank"));
    help->addSeparator();
    help->addAction(tr("&About Profscope"), this, [this] { showAboutDialog(this); });
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
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

void MainWindow::compareWith(const QStringList& paths)
{
    m_comparison->compareWith(paths);
}

void MainWindow::openFolderDialog()
{
    QString start = settingValue(QLatin1String(kLastDirKey)).toString();
    if (start.isEmpty() && m_profile)
        start = QFileInfo(m_profile->rootPath).absolutePath();
    if (start.isEmpty())
        start = QDir::homePath();
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Profile Folder"), start);
    if (dir.isEmpty())
        return;
    setSettingValue(QLatin1String(kLastDirKey), QFileInfo(dir).absolutePath());
    openPaths({ dir });
}

void MainWindow::setProfile(const ProfilePtr& profile)
{
    m_profile = profile;
    m_profilePaths = profile ? m_loader->paths() : QStringList();
    m_summaryPage->setProfile(profile, m_loader->lastLoadMs());
    m_state->setProfile(profile);
    // A large cluster's project tree (an item per rank and host) is built in a job and goes into
    // the dock when it is ready: 10,000 ranks took ~70 ms of the hand-over's longest block.
    // Small profiles get it at once, as every test and script expects.
    if (profile && profile->ranks.size() > kDeferredTreeAboveRanks) {
        m_projectDock->setProfile(nullptr);
        struct TreeItems
        {
            std::unique_ptr<QStandardItem> root;
        };
        AnalysisService::instance()->request<std::shared_ptr<TreeItems>>(
            this, QStringLiteral("projectTree"),
            [profile](const JobToken&) {
                return std::make_shared<TreeItems>(TreeItems { ProjectTreeModel::buildTree(*profile) });
            },
            [this, weak = std::weak_ptr<const Profile>(profile)](std::shared_ptr<TreeItems> items) {
                if (const ProfilePtr p = weak.lock(); p && p == m_profile && items)
                    m_projectDock->setProfile(p, std::move(items->root));
            });
    } else {
        m_projectDock->setProfile(profile);
    }
    m_reportAction->setEnabled(profile != nullptr);
    m_closeAction->setEnabled(profile != nullptr);
    if (m_reportDialog && m_reportDialog->isVisible())
        m_reportDialog->view()->setProfile(profile);
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

void MainWindow::connectLoader()
{
    // The feedback (loading page, status bar) is LoadFeedback's; here which page shows.
    connect(m_loader, &LoadController::started, this, [this] {
        if (!m_profile)
            m_pages->setCurrentWidget(m_feedback->loadingPage());
        updatePageBar();
    });
    connect(m_loader, &LoadController::finished, this, &MainWindow::onLoadFinished);
    connect(m_loader, &LoadController::canceled, this, [this] {
        if (!m_profile)
            m_pages->setCurrentWidget(m_welcomePage);
    });
    connect(m_loader, &LoadController::loadingChanged, this, [this](bool loading) {
        if (!loading && m_pages->currentWidget() == m_feedback->loadingPage())
            m_pages->setCurrentWidget(m_profile ? m_analysisPages[int(Page::Overview)] : m_welcomePage);
        updatePageBar();
    });
}

void MainWindow::onLoadFinished(const ProfilePtr& profile)
{
    m_bannerProfile = profile;
    if (!LoadController::hasUsableData(*profile)) {
        m_feedback->showFailed(*profile);
        if (!m_profile)
            m_pages->setCurrentWidget(m_welcomePage);
        return;
    }
    const bool demo = DemoCluster::isDemo(m_loader->paths());
    if (!demo)
        m_recent->remember(m_loader->paths());
    setProfile(profile);
    m_feedback->showLoaded(*profile, demo);
}

QDialog* MainWindow::importReportDialog()
{
    if (!m_reportDialog)
        m_reportDialog = new ImportReportDialog(this);
    return m_reportDialog;
}

ImportReportView* MainWindow::importReportView()
{
    importReportDialog();
    return m_reportDialog->view();
}

void MainWindow::showImportReport()
{
    showReportFor(m_profile ? m_profile : m_bannerProfile);
}

void MainWindow::showReportFor(const ProfilePtr& profile)
{
    if (!profile)
        return;
    importReportDialog();
    m_reportDialog->showFor(profile);
}

bool MainWindow::restoreWindowState()
{
    const QByteArray geometry = settingValue(QLatin1String(kGeometryKey)).toByteArray();
    const QByteArray state = settingValue(QLatin1String(kStateKey)).toByteArray();
    bool restored = false;
    if (!geometry.isEmpty())
        restored = restoreGeometry(geometry);
    if (!state.isEmpty())
        restoreState(state);
    return restored;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    setSettingValue(QLatin1String(kGeometryKey), saveGeometry());
    setSettingValue(QLatin1String(kStateKey), saveState());
    m_loader->cancel();
    if (m_reportDialog)
        m_reportDialog->close();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (droppedProfilePaths(event->mimeData()).isEmpty())
        return;
    event->acceptProposedAction();
    // A run is shown: open instead of it, or compare with it.
    if (m_profile) {
        m_dropTargets->showOver(centralWidget());
        m_dropTargets->setHovered(m_dropTargets->zoneAt(m_dropTargets->mapFrom(this, event->position().toPoint())));
    }
}

void MainWindow::dragMoveEvent(QDragMoveEvent* event)
{
    event->acceptProposedAction();
    if (m_dropTargets->isVisible()) {
        const bool shift = event->modifiers() & Qt::ShiftModifier;
        m_dropTargets->setHovered(shift
                ? DropTargets::Compare
                : m_dropTargets->zoneAt(m_dropTargets->mapFrom(this, event->position().toPoint())));
    }
}

void MainWindow::dragLeaveEvent(QDragLeaveEvent* event)
{
    m_dropTargets->hide();
    QMainWindow::dragLeaveEvent(event);
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const bool overCompare = m_dropTargets->isVisible()
        && m_dropTargets->zoneAt(m_dropTargets->mapFrom(this, event->position().toPoint())) == DropTargets::Compare;
    m_dropTargets->hide();
    const QStringList paths = droppedProfilePaths(event->mimeData());
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    // Shift held, or dropped on "compare": a second run beside the one shown.
    if (m_profile && ((event->modifiers() & Qt::ShiftModifier) || overCompare))
        m_comparison->compareWith(paths);
    else
        openPaths(paths);
}

} // namespace profscope
