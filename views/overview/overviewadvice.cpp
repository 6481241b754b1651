// SPDX-License-Identifier: Apache-2.0
// The Overview's advice: the findings of the current step (computed in a job),
// the "why is the step slow" causes above the charts, and where a finding leads
// (its target page, its ranks stacked in the timeline).
#include "overviewpage.h"

#include "analysis/advice.h"
#include "analysis/analysisservice.h"
#include "common/viewstate.h"
#include "overviewmodels.h"

#include <QLabel>
#include <QMenu>
#include <QStyle>
#include <QTabWidget>
#include <QTreeView>

namespace profscope {

void OverviewPage::refreshAdvice()
{
    const ProfilePtr profile = m_state->profile();
    const QString step = m_state->step();
    if (!profile) {
        applyAdvice({});
        return;
    }
    m_adviceModel->setFindings({});
    m_adviceView->setVisible(false);
    m_adviceEmpty->setText(tr("Computing the advice for this step…"));
    m_tabs->setTabText(0, tr("Advice"));
    // A newer step supersedes this request; the findings are cached per step.
    AnalysisService::instance()->request<std::shared_ptr<const std::vector<Finding>>>(
        this, QStringLiteral("advice"), [profile, step](const JobToken&) { return sharedAdvice(*profile, step); },
        [this, profile](std::shared_ptr<const std::vector<Finding>> findings) {
            if (profile == m_state->profile())
                applyAdvice(*findings);
        });
}

void OverviewPage::applyAdvice(std::vector<Finding> findings)
{
    m_adviceModel->setFindings(std::move(findings));
    const int count = m_adviceModel->rowCount();
    m_adviceEmpty->setText(count == 0 ? tr("No findings: no rule of the advice engine fired for this step.")
                                      : tr("Double-click a finding (or press Enter) to go to the rank, operator, "
                                           "link or time range it is about."));
    m_adviceView->setVisible(count > 0);
    int critical = 0;
    for (const Finding& f : m_adviceModel->findings())
        critical += f.severity != Finding::Severity::Info;
    m_tabs->setTabText(0, count == 0 ? tr("Advice") : tr("Advice (%1)").arg(count));
    m_tabs->setTabIcon(0, critical > 0 ? style()->standardIcon(QStyle::SP_MessageBoxWarning) : QIcon());
    updateCauses();
}

void OverviewPage::updateCauses()
{
    const std::vector<Finding>& findings = m_adviceModel->findings();
    QStringList items;
    for (std::size_t i = 0; i < findings.size() && items.size() < 3; ++i) {
        const Finding& f = findings[i];
        if (!f.isCause || f.severity == Finding::Severity::Info)
            continue;
        items << tr("%1. <a href=\"finding:%2\">%3</a> — <b>%4 µs</b> per step (%5%)")
                     .arg(items.size() + 1)
                     .arg(i)
                     .arg(f.title.toHtmlEscaped())
                     .arg(f.impactNs / 1000.0, 0, 'f', 1)
                     .arg(f.impactShare * 100.0, 0, 'f', 1);
    }
    const QString step = m_state->step();
    const QString question = step.isEmpty() ? tr("Why are the steps slow?") : tr("Why is step %1 slow?").arg(step);
    // Causes need recomputed step figures; without any there is nothing to rank.
    m_causes->setVisible(m_state->profile() != nullptr && m_barsModel->rowCount() > 0);
    if (items.isEmpty())
        m_causes->setText(QStringLiteral("<b>%1</b> %2").arg(question.toHtmlEscaped(),
            tr("No rank, link or pipeline stage costs the step more than its peers do: see the step table and the "
               "Info findings for where the time goes.")
                .toHtmlEscaped()));
    else
        m_causes->setText(QStringLiteral("<b>%1</b><br>%2").arg(question.toHtmlEscaped(), items.join(QStringLiteral("<br>"))));
}

QMenu* OverviewPage::createFindingMenu(int row)
{
    auto* menu = new QMenu(this);
    const std::vector<Finding>& findings = m_adviceModel->findings();
    if (row < 0 || row >= int(findings.size()) || !m_state || !m_state->profile())
        return menu;
    const Finding& f = findings[std::size_t(row)];
    menu->addAction(tr("&Open Target"), this, [this, row] { activateFinding(row); });
    // The ranks concerned, side by side: the slow rank and its peers.
    QList<int> ranks;
    for (const RankRef& r : f.ranks)
        if (r.index >= 0)
            ranks << r.index;
    QAction* stack = menu->addAction(tr("&Stack Its %n Ranks in the Timeline", nullptr, int(ranks.size())), this,
        [this, ranks, row] {
            m_state->setTimelineRanks(ranks);
            activateFindingInTimeline(row);
        });
    stack->setObjectName(QStringLiteral("stackFindingRanksAction"));
    stack->setEnabled(ranks.size() > 1);
    return menu;
}

void OverviewPage::activateFindingInTimeline(int row)
{
    const Finding& f = m_adviceModel->findings()[std::size_t(row)];
    if (f.startNs < f.endNs && f.rankIndex >= 0)
        m_state->requestTimeline(f.rankIndex, f.startNs, f.endNs, f.title);
    else if (f.rankIndex >= 0)
        m_state->requestRank(f.rankIndex);
    else if (!m_state->timelineRanks().isEmpty())
        m_state->requestRank(m_state->timelineRanks().front());
}

void OverviewPage::activateFinding(int row)
{
    const std::vector<Finding>& findings = m_adviceModel->findings();
    if (row < 0 || row >= int(findings.size()))
        return;
    const Finding& f = findings[std::size_t(row)];
    switch (f.target) {
    case Finding::Target::Operator:
        m_state->requestOperator(f.rankIndex, f.ops.value(0));
        return;
    case Finding::Target::Link: {
        const QStringList ends = f.link.split(QLatin1Char('-'));
        bool okSrc = false;
        bool okDst = false;
        const int src = ends.value(0).toInt(&okSrc);
        const int dst = ends.value(1).toInt(&okDst);
        if (ends.size() == 2 && okSrc && okDst)
            m_state->requestCommunicationLink(src, dst);
        return;
    }
    case Finding::Target::Step:
        m_state->requestTimeline(f.rankIndex, f.startNs, f.endNs, f.title);
        return;
    case Finding::Target::Rank:
        m_state->requestRank(f.rankIndex);
        return;
    case Finding::Target::None:
        if (f.rankIndex >= 0)
            m_state->requestRank(f.rankIndex);
        return;
    }
}

} // namespace profscope
