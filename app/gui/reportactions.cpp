// SPDX-License-Identifier: Apache-2.0
#include "reportactions.h"
#include "common/settingswriter.h"

#include "common/viewstate.h"
#include "report/report.h"
#include "report/traceexport.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <QSaveFile>

namespace profscope {

namespace {
constexpr char kLastDirKey[] = "export/lastReportDir";
}

ReportActions::ReportActions(ViewState* state, QWidget* window, QMenu* fileMenu)
    : QObject(window)
    , m_state(state)
    , m_window(window)
{
    m_report = fileMenu->addAction(tr("Export Re&port…"), this, &ReportActions::exportReport);
    m_report->setObjectName(QStringLiteral("exportReportAction"));
    m_report->setStatusTip(tr("One self-contained HTML (or Markdown) report: overview, causes, advice with its "
                              "evidence, import report"));
    m_trace = fileMenu->addAction(tr("Export &Trace…"), this, &ReportActions::exportTrace);
    m_trace->setObjectName(QStringLiteral("exportTraceAction"));
    m_trace->setStatusTip(tr("The ranks shown as Chrome Trace JSON for the Perfetto UI or chrome://tracing (the "
                             "step chosen, or everything)"));
    auto update = [this] {
        const bool loaded = m_state->profile() && !m_state->profile()->ranks.empty();
        m_report->setEnabled(loaded);
        m_trace->setEnabled(loaded);
    };
    connect(m_state, &ViewState::profileChanged, this, update);
    update();
}

bool ReportActions::writeReport(const Profile& profile, const QString& step, const QString& path, QString* error)
{
    ReportOptions options;
    options.step = step;
    const bool markdown = path.endsWith(QLatin1String(".md"), Qt::CaseInsensitive);
    const QString text = markdown ? markdownReport(profile, nullptr, options) : htmlReport(profile, nullptr, options);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0 || !file.commit()) {
        if (error)
            *error = tr("%1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    return true;
}

bool ReportActions::writeTrace(
    const Profile& profile, const std::vector<int>& rankIndexes, const QString& step, const QString& path, QString* error)
{
    TraceExportOptions options;
    options.rankIndexes = rankIndexes;
    if (!step.isEmpty() && !rankIndexes.empty())
        options.windowNs = stepWindow(*profile.ranks[std::size_t(rankIndexes.front())], step, step);
    QSaveFile file(path);
    QString writeError;
    if (!file.open(QIODevice::WriteOnly) || !writeTraceJson(profile, options, file, nullptr, &writeError)
        || !file.commit()) {
        if (error)
            *error = tr("%1: %2").arg(QDir::toNativeSeparators(path), writeError.isEmpty() ? file.errorString() : writeError);
        return false;
    }
    return true;
}

QString ReportActions::askPath(const QString& title, const QString& suggestedName, const QString& filter)
{
    // Never into the profile's folder by default: it is the user's data.
    const QString dir = settingValue(QLatin1String(kLastDirKey), QDir::homePath()).toString();
    const QString path = QFileDialog::getSaveFileName(m_window, title, QDir(dir).filePath(suggestedName), filter);
    if (!path.isEmpty())
        setSettingValue(QLatin1String(kLastDirKey), QFileInfo(path).absolutePath());
    return path;
}

void ReportActions::exportReport()
{
    const ProfilePtr profile = m_state->profile();
    if (!profile)
        return;
    const QString path = askPath(tr("Export Report"), QStringLiteral("profscope-report.html"),
        tr("HTML report (*.html);;Markdown report (*.md)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!writeReport(*profile, m_state->step(), path, &error))
        QMessageBox::warning(m_window, tr("Export Report"), error);
}

void ReportActions::exportTrace()
{
    const ProfilePtr profile = m_state->profile();
    if (!profile)
        return;
    const QString path = askPath(tr("Export Trace"), QStringLiteral("profscope-trace.json"), tr("Chrome Trace JSON (*.json)"));
    if (path.isEmpty())
        return;
    // The ranks stacked in the timeline, else the ranks the filter shows.
    std::vector<int> ranks(m_state->timelineRanks().begin(), m_state->timelineRanks().end());
    if (ranks.empty())
        for (int i = 0; i < int(profile->ranks.size()); ++i)
            if (m_state->rankVisible(i))
                ranks.push_back(i);
    // The rank chosen in the project tree first: the step window comes from its clock.
    const auto current = std::find(ranks.begin(), ranks.end(), m_state->currentRank());
    if (current != ranks.end())
        std::rotate(ranks.begin(), current, current + 1);
    QString error;
    if (!writeTrace(*profile, ranks, m_state->step(), path, &error))
        QMessageBox::warning(m_window, tr("Export Trace"), error);
}

} // namespace profscope
