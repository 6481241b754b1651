// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"

#include "banner.h"
#include "common/importreportview.h"
#include "loadcontroller.h"
#include "projecttreemodel.h"
#include "common/statuscolors.h"
#include "summarypage.h"
#include "welcomepage.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
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
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
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

QStringList localDirectories(const QMimeData* mime)
{
    QStringList dirs;
    if (!mime || !mime->hasUrls())
        return dirs;
    for (const QUrl& url : mime->urls()) {
        if (!url.isLocalFile())
            continue;
        const QFileInfo info(url.toLocalFile());
        if (info.isDir())
            dirs << info.absoluteFilePath();
    }
    return dirs;
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

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_loader(new LoadController(this))
    , m_pages(new QStackedWidget(this))
    , m_welcomePage(new WelcomePage(this))
    , m_loadingPage(new QWidget(this))
    , m_loadingTitle(new QLabel(m_loadingPage))
    , m_loadingStage(new QLabel(m_loadingPage))
    , m_loadingBar(new QProgressBar(m_loadingPage))
    , m_summaryPage(new SummaryPage(this))
    , m_banner(new Banner(this))
    , m_projectModel(new ProjectTreeModel(this))
    , m_projectTree(new QTreeView(this))
    , m_statusLoad(new QWidget(this))
    , m_statusStage(new QLabel(m_statusLoad))
    , m_statusBar(new QProgressBar(m_statusLoad))
{
    setObjectName(QStringLiteral("profscopeMainWindow"));
    setAcceptDrops(true);
    setMinimumSize(720, 480);
    resize(1280, 800);

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

    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_banner);
    centralLayout->addWidget(m_pages, 1);
    setCentralWidget(central);

    createDock();
    createActions();
    createStatusBar();

    connect(m_welcomePage, &WelcomePage::openFolderRequested, this, &MainWindow::openFolderDialog);
    connect(m_welcomePage, &WelcomePage::openRecentRequested, this, &MainWindow::openPaths);
    connect(m_summaryPage, &SummaryPage::showReportRequested, this, &MainWindow::showImportReport);
    connect(m_summaryPage, &SummaryPage::rankActivated, this, [this](int rankIndex) {
        const QModelIndex node = m_projectModel->rankNode(rankIndex);
        if (node.isValid())
            m_projectTree->setCurrentIndex(node);
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
    auto* dock = new QDockWidget(tr("Project"), this);
    dock->setObjectName(QStringLiteral("projectDock"));
    dock->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    dock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable);

    m_projectTree->setModel(m_projectModel);
    m_projectTree->setHeaderHidden(true);
    m_projectTree->setUniformRowHeights(true);
    m_projectTree->setAnimated(true);
    m_projectTree->setIndentation(16);
    m_projectTree->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_projectTree->setTextElideMode(Qt::ElideRight);
    m_projectTree->setMinimumWidth(220);
    m_projectTree->setFrameShape(QFrame::NoFrame);
    // Choosing a rank in the tree points at its row on the summary page.
    connect(m_projectTree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& index) {
                if (index.data(ProjectTreeModel::NodeKindRole).toInt() == ProjectTreeModel::RankNode)
                    m_summaryPage->selectRank(index.data(ProjectTreeModel::RankIndexRole).toInt());
            });

    // An empty white tree looks broken; say what will appear there instead.
    m_dockPages = new QStackedWidget(dock);
    auto* placeholder = new QLabel(tr("Open a profile folder to see its hosts and ranks here."), m_dockPages);
    placeholder->setWordWrap(true);
    placeholder->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
    placeholder->setContentsMargins(16, 24, 16, 16);
    QPalette muted = placeholder->palette();
    muted.setColor(QPalette::WindowText, mutedTextColor(palette()));
    placeholder->setPalette(muted);
    m_dockPages->addWidget(placeholder);
    m_dockPages->addWidget(m_projectTree);
    dock->setWidget(m_dockPages);
    addDockWidget(Qt::LeftDockWidgetArea, dock);
    resizeDocks({ dock }, { 280 }, Qt::Horizontal);
}

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(style()->standardIcon(QStyle::SP_DirOpenIcon), tr("&Open Folder…"), this,
                                    &MainWindow::openFolderDialog);
    open->setShortcut(QKeySequence::Open);
    open->setStatusTip(tr("Open a rank folder or a folder holding several ranks"));

    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();

    file->addSeparator();
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
    view->addSeparator();
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
    m_projectModel->setProfile(profile);
    m_projectTree->expandAll();
    m_dockPages->setCurrentWidget(profile ? static_cast<QWidget*>(m_projectTree) : m_dockPages->widget(0));
    m_summaryPage->setProfile(profile, m_loader->lastLoadMs());
    m_reportAction->setEnabled(profile != nullptr);
    if (m_reportView && m_reportDialog->isVisible())
        m_reportView->setProfile(profile);
    if (profile)
        m_pages->setCurrentWidget(m_summaryPage);
    else if (!m_loader->isLoading())
        m_pages->setCurrentWidget(m_welcomePage);
    updateTitle();
}

void MainWindow::updateTitle()
{
    if (!m_profile) {
        setWindowTitle(tr("Profscope"));
        return;
    }
    setWindowTitle(tr("%1 — Profscope")
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
    statusBar()->clearMessage();
}

void MainWindow::onLoadProgress(int permille, const QString& text)
{
    m_loadingBar->setValue(permille);
    m_statusBar->setValue(permille);
    m_loadingStage->setText(text);
    m_statusStage->setText(m_statusStage->fontMetrics().elidedText(text, Qt::ElideMiddle, m_statusStage->maximumWidth()));
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

    addRecentPaths(m_loader->paths());
    refreshRecent();
    setProfile(profile);

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
        m_banner->showMessage(kind, tr("Loaded %n rank(s); %1.", nullptr, int(profile->ranks.size()))
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
        m_pages->setCurrentWidget(m_profile ? static_cast<QWidget*>(m_summaryPage) : m_welcomePage);
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
    QMessageBox::about(
        this, tr("About Profscope"),
        QStringLiteral("<h3>Profscope %1</h3><p>").arg(QCoreApplication::applicationVersion())
            + tr("A native viewer for the output of the MindSpore and Ascend PyTorch (torch_npu) profilers: "
                 "traces, kernels, steps, communication and memory of every rank of a training job.")
            + QStringLiteral("</p><p>") + tr("Built with Qt %1, running on Qt %2.").arg(QStringLiteral(QT_VERSION_STR), QString::fromLatin1(qVersion()))
            + QStringLiteral("</p><p>") + tr("Licensed under the Apache License, Version 2.0.") + QStringLiteral("</p>"));
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
    if (!localDirectories(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QStringList dirs = localDirectories(event->mimeData());
    if (dirs.isEmpty())
        return;
    event->acceptProposedAction();
    openPaths(dirs);
}

} // namespace profscope
