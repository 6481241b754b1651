// SPDX-License-Identifier: Apache-2.0
#include "loadfeedback.h"

#include "banner.h"
#include "common/statuscolors.h"
#include "loadcontroller.h"
#include "recentpaths.h"

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QProgressBar>
#include <QPushButton>
#include <QStatusBar>
#include <QVBoxLayout>

namespace profscope {

namespace {
// The main window's context, where these strings were translated first.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::MainWindow)
};
} // namespace

LoadFeedback::LoadFeedback(LoadController* loader, Banner* banner, QMainWindow* window)
    : QObject(window)
    , m_loader(loader)
    , m_banner(banner)
    , m_window(window)
    , m_loadingPage(new QWidget(window))
    , m_loadingTitle(new QLabel(m_loadingPage))
    , m_loadingStage(new QLabel(m_loadingPage))
    , m_loadingBar(new QProgressBar(m_loadingPage))
    , m_statusLoad(new QWidget(window))
    , m_statusStage(new QLabel(m_statusLoad))
    , m_statusBar(new QProgressBar(m_statusLoad))
{
    buildLoadingPage();
    buildStatusWidget();
    connect(m_loader, &LoadController::started, this, &LoadFeedback::onStarted);
    connect(m_loader, &LoadController::progressChanged, this, &LoadFeedback::onProgress);
    connect(m_loader, &LoadController::canceled, this,
        [this] { m_window->statusBar()->showMessage(Tr::tr("Loading canceled"), 5000); });
    connect(m_loader, &LoadController::loadingChanged, m_statusLoad, &QWidget::setVisible);
}

// Shown while the first profile loads, so that the window is not an empty
// welcome page with a tiny status bar hint.
void LoadFeedback::buildLoadingPage()
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
    muted.setColor(QPalette::WindowText, mutedTextColor(m_window->palette()));
    m_loadingStage->setPalette(muted);
    outer->addWidget(m_loadingStage);
    outer->addSpacing(16);
    auto* cancel = new QPushButton(Tr::tr("Cancel"), m_loadingPage);
    cancel->setMinimumWidth(120);
    connect(cancel, &QPushButton::clicked, m_loader, &LoadController::cancel);
    outer->addWidget(cancel, 0, Qt::AlignHCenter);
    outer->addStretch(3);
}

void LoadFeedback::buildStatusWidget()
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
    auto* cancel = new QPushButton(Tr::tr("Cancel"), m_statusLoad);
    cancel->setToolTip(Tr::tr("Stop loading (Esc)"));
    cancel->setShortcut(QKeySequence(Qt::Key_Escape));
    connect(cancel, &QPushButton::clicked, m_loader, &LoadController::cancel);
    layout->addWidget(cancel);
    m_statusLoad->hide();
}

void LoadFeedback::onStarted(const QStringList& paths)
{
    m_banner->hide();
    const QString shown = displayPaths(paths);
    m_loadingTitle->setText(Tr::tr("Loading %1").arg(shown));
    m_statusStage->setToolTip(shown);
    m_window->statusBar()->clearMessage();
}

void LoadFeedback::onProgress(int permille, const QString& text)
{
    m_loadingBar->setValue(permille);
    m_statusBar->setValue(permille);
    m_loadingStage->setText(text);
    m_statusStage->setText(
        m_statusStage->fontMetrics().elidedText(text, Qt::ElideMiddle, m_statusStage->maximumWidth()));
}

void LoadFeedback::showFailed(const Profile& profile)
{
    // The profile shown before stays: a failed second open should not throw
    // away a working profile.
    const ImportReport& report = profile.report;
    QString text = Tr::tr("Nothing could be loaded from %1.").arg(displayPaths(m_loader->paths()));
    for (const ImportMessage& m : report.messages) {
        if (m.severity == ImportMessage::Error) {
            text += QLatin1Char(' ') + m.text;
            break;
        }
    }
    if (report.messages.empty() && report.files.empty())
        text += QLatin1Char(' ') + Tr::tr("No profiler output was found there.");
    m_banner->showMessage(Banner::Error, text);
    m_window->statusBar()->showMessage(Tr::tr("Loading failed"), 8000);
}

void LoadFeedback::showLoaded(const Profile& profile, bool demo)
{
    if (demo) {
        m_banner->showMessage(
            Banner::Info, Tr::tr("This is a generated demo cluster - File > Open to load your own profile."));
        m_window->statusBar()->showMessage(m_loader->progressText(), 8000);
        return;
    }
    const ImportReport& report = profile.report;
    const int broken = report.countWithStatus(FileStatus::Broken);
    const int skipped = report.countWithStatus(FileStatus::Skipped);
    int warnings = 0;
    int errors = 0;
    for (const ImportMessage& m : report.messages) {
        warnings += m.severity == ImportMessage::Warning;
        errors += m.severity == ImportMessage::Error;
    }
    QStringList problems;
    if (broken > 0)
        problems << Tr::tr("%n file(s) could not be read completely", nullptr, broken);
    if (errors > 0)
        problems << Tr::tr("%n error(s)", nullptr, errors);
    if (warnings > 0)
        problems << Tr::tr("%n warning(s)", nullptr, warnings);
    if (skipped > 0)
        problems << Tr::tr("%n file(s) skipped", nullptr, skipped);
    if (!problems.isEmpty()) {
        const Banner::Kind kind = broken > 0 || errors > 0 ? Banner::Error
            : warnings > 0                                 ? Banner::Warning
                                                           : Banner::Info;
        QString text = Tr::tr("Loaded %n rank(s); %1.", nullptr, int(profile.ranks.size()))
                           .arg(problems.join(Tr::tr(", ", "list separator")));
        if (profile.partial.isPartial())
            text += QLatin1Char(' ')
                + Tr::tr("Partial profile: %1.").arg(profile.partial.describe(int(profile.ranks.size())));
        m_banner->showMessage(kind, text);
    }
    m_window->statusBar()->showMessage(m_loader->progressText(), 8000);
    showPartial(profile);
}

void LoadFeedback::showPartial(const Profile& profile)
{
    // A partial import stays marked while the profile is shown: pages
    // computed from a step window are not the whole run.
    if (!m_partialLabel) {
        m_partialLabel = new QLabel(m_window);
        m_window->statusBar()->addPermanentWidget(m_partialLabel);
    }
    const QString text = profile.partial.describe(int(profile.ranks.size()));
    m_partialLabel->setText(Tr::tr("Partial profile: %1").arg(text));
    m_partialLabel->setToolTip(Tr::tr("Loaded with a step window or a rank subset (File > Open Part of a Profile); "
                                      "what is outside was not read."));
    m_partialLabel->setVisible(!text.isEmpty());
    if (!text.isEmpty() && !m_banner->isVisible()) // else showLoaded put it into the banner
        m_banner->showMessage(Banner::Info, Tr::tr("Partial profile: %1.").arg(text));
}

} // namespace profscope
