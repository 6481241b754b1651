// SPDX-License-Identifier: Apache-2.0
#include "comparisoncontroller.h"
#include "common/settingswriter.h"

#include "analysis/runcompare.h"
#include "banner.h"
#include "common/viewstate.h"
#include "comparisonbar.h"
#include "importreportdialog.h"
#include "loadcontroller.h"
#include "loadfeedback.h"
#include "openfiles.h"
#include "rankmappingdialog.h"
#include "recentpaths.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>

namespace profscope {

namespace {

const char* const kLastDirKey = "recent/lastDialogDir";

// Pairs beyond this are not listed in the strip (the tooltip and the
// mapping dialog have them all).
constexpr int kMappingPairsShown = 6;

} // namespace

ComparisonController::ComparisonController(ViewState* state, QMainWindow* window)
    : QObject(window)
    , m_state(state)
    , m_window(window)
    , m_loader(new LoadController(this))
    , m_notice(new Banner(window))
    , m_feedback(new LoadFeedback(m_loader, m_notice, window))
    , m_bar(new ComparisonBar(window))
{
    m_loader->setObjectName(QStringLiteral("comparisonLoader"));
    m_notice->setObjectName(QStringLiteral("comparisonNotice"));
    // The loading page is the main load's; this load reports in the status
    // bar only (the base profile stays on screen meanwhile).
    m_feedback->loadingPage()->hide();
    m_feedback->statusWidget()->setObjectName(QStringLiteral("comparisonLoadStatus"));
    m_feedback->statusWidget()->setToolTip(tr("Loading the comparison run"));

    connect(m_loader, &LoadController::finished, this, &ComparisonController::onLoadFinished);
    connect(m_notice, &Banner::showReportRequested, this, [this] {
        if (const ProfilePtr& last = m_loader->lastResult())
            reportDialog()->showFor(last);
    });
    connect(m_bar, &ComparisonBar::editMappingRequested, this, &ComparisonController::editMapping);
    connect(m_bar, &ComparisonBar::showReportRequested, this, &ComparisonController::showImportReport);
    connect(m_bar, &ComparisonBar::closeRequested, this, &ComparisonController::closeComparison);
    connect(m_state, &ViewState::comparisonProfileChanged, this, [this] {
        if (!m_state->comparisonProfile())
            m_paths.clear();
        updateUi();
        emit comparisonChanged();
    });
    connect(m_state, &ViewState::rankMappingChanged, this, &ComparisonController::updateUi);
    connect(m_state, &ViewState::profileChanged, this, [this] {
        // A new base: a comparison still loading was meant for the old one.
        m_loader->cancel();
        m_notice->hide();
        updateUi();
    });
}

ComparisonController::~ComparisonController() = default;

QWidget* ComparisonController::statusWidget() const
{
    return m_feedback->statusWidget();
}

bool ComparisonController::isLoading() const
{
    return m_loader->isLoading();
}

ProfilePtr ComparisonController::profile() const
{
    return m_state->comparisonProfile();
}

void ComparisonController::addActions(QMenu* menu)
{
    m_compareAction = menu->addAction(tr("Compare &With…"), this, &ComparisonController::askFolderAndCompare);
    m_compareAction->setObjectName(QStringLiteral("compareWithAction"));
    m_compareAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_compareAction->setStatusTip(
        tr("Load a second run beside this one and compare them (or drop its folder on the window with Shift held)"));
    m_compareFileAction = menu->addAction(tr("Compare With &File…"), this, &ComparisonController::askFileAndCompare);
    m_mappingAction = menu->addAction(tr("Edit Rank &Mapping…"), this, &ComparisonController::editMapping);
    m_mappingAction->setObjectName(QStringLiteral("editMappingAction"));
    m_reportAction = menu->addAction(tr("Comparison Import Re&port…"), this, &ComparisonController::showImportReport);
    m_closeAction = menu->addAction(tr("Close Compa&rison"), this, &ComparisonController::closeComparison);
    m_closeAction->setObjectName(QStringLiteral("closeComparisonAction"));
    m_closeAction->setStatusTip(tr("Drop the comparison run; the base run stays"));
    updateUi();
}

void ComparisonController::compareWith(const QStringList& paths)
{
    if (!m_state->profile())
        return;
    QStringList absolute;
    for (const QString& p : paths)
        if (!p.trimmed().isEmpty())
            absolute << QDir::cleanPath(QFileInfo(p).absoluteFilePath());
    if (absolute.isEmpty())
        return;
    m_notice->hide();
    m_loader->load(absolute);
}

void ComparisonController::askFolderAndCompare()
{
    QString start = settingValue(QLatin1String(kLastDirKey)).toString();
    if (start.isEmpty() && m_state->profile())
        start = QFileInfo(m_state->profile()->rootPath).absolutePath();
    const QString dir = QFileDialog::getExistingDirectory(m_window, tr("Compare With Folder"), start);
    if (dir.isEmpty())
        return;
    setSettingValue(QLatin1String(kLastDirKey), QFileInfo(dir).absolutePath());
    compareWith({ dir });
}

void ComparisonController::askFileAndCompare()
{
    if (const QString f = askProfileFile(m_window, kLastDirKey); !f.isEmpty())
        compareWith({ f });
}

void ComparisonController::closeComparison()
{
    m_loader->cancel();
    m_notice->hide();
    m_state->setComparisonProfile(nullptr);
}

void ComparisonController::onLoadFinished(const ProfilePtr& profile)
{
    if (!LoadController::hasUsableData(*profile)) {
        m_feedback->showFailed(*profile);
        return;
    }
    if (!m_state->profile()) {
        m_notice->showMessage(Banner::Warning, tr("Open a profile first, then compare another run with it."));
        return;
    }
    m_paths = m_loader->paths();
    m_state->setComparisonProfile(profile);
    m_feedback->showLoaded(*profile, false);
    m_window->statusBar()->showMessage(tr("Comparing with %1").arg(displayPaths(m_paths)), 8000);
}

ImportReportDialog* ComparisonController::reportDialog()
{
    if (!m_reportDialog) {
        m_reportDialog = new ImportReportDialog(m_window);
        m_reportDialog->setObjectName(QStringLiteral("comparisonImportReportDialog"));
    }
    return m_reportDialog;
}

void ComparisonController::showImportReport()
{
    if (const ProfilePtr p = profile())
        reportDialog()->showFor(p);
}

QWidget* ComparisonController::mappingDialog() const
{
    return m_mappingDialog;
}

void ComparisonController::editMapping()
{
    if (!profile())
        return;
    if (!m_mappingDialog)
        m_mappingDialog = new RankMappingDialog(m_state, m_window);
    m_mappingDialog->show();
    m_mappingDialog->raise();
    m_mappingDialog->activateWindow();
}

void ComparisonController::updateUi()
{
    const ProfilePtr other = m_state->comparisonProfile();
    const ProfilePtr& base = m_state->profile();
    const bool on = other && base;
    if (m_compareAction) {
        m_compareAction->setEnabled(base != nullptr);
        m_compareFileAction->setEnabled(base != nullptr);
        m_mappingAction->setEnabled(on);
        m_reportAction->setEnabled(on);
        m_closeAction->setEnabled(on || m_loader->isLoading());
    }
    if (!on) {
        m_bar->hide();
        if (m_mappingDialog)
            m_mappingDialog->hide();
        if (m_reportDialog)
            m_reportDialog->hide();
        return;
    }
    const RankMapping& mapping = m_state->rankMapping();
    const QString full = mapping.toText(*base, *other);
    QString shown;
    if (mapping == RankMapping::byRankId(*base, *other)) {
        shown = tr("by rank id");
    } else {
        QStringList pairs = full.split(QLatin1Char(','), Qt::SkipEmptyParts);
        const qsizetype n = pairs.size();
        if (n > kMappingPairsShown) {
            pairs = pairs.mid(0, kMappingPairsShown);
            pairs << tr("… (%n pair(s) in all)", nullptr, int(n));
        }
        shown = pairs.isEmpty() ? tr("no rank paired") : pairs.join(QLatin1Char(','));
    }
    const QString path = m_paths.isEmpty() ? other->rootPath : displayPaths(m_paths);
    m_bar->showComparison(path, int(other->ranks.size()), shown, full.isEmpty() ? tr("none") : full);
}

} // namespace profscope
