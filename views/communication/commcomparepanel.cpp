// SPDX-License-Identifier: Apache-2.0
#include "commcomparepanel.h"

#include "analysis/analysisservice.h"
#include "analysis/commcompare.h"
#include "common/deferredrefresh.h"
#include "common/pagewidgets.h"
#include "common/viewstate.h"
#include "itemmodels/commcomparemodel.h"
#include "itemmodels/commselection.h"

#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

namespace profscope {

namespace {

QTableView* makeTable(QAbstractItemModel* model, QWidget* parent)
{
    auto* table = new QTableView(parent);
    table->setModel(model);
    table->setSortingEnabled(true);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setAlternatingRowColors(true);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);
    table->horizontalHeader()->setStretchLastSection(false);
    return table;
}

QSortFilterProxyModel* makeProxy(QAbstractItemModel* source, int sortRole, QObject* parent)
{
    auto* proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(source);
    proxy->setSortRole(sortRole);
    return proxy;
}

QString rankName(const ProfilePtr& profile, int rankIndex)
{
    if (!profile || rankIndex < 0 || std::size_t(rankIndex) >= profile->ranks.size())
        return QStringLiteral("?");
    const RankInfo& info = profile->ranks[std::size_t(rankIndex)]->info;
    return info.rankId >= 0 ? QString::number(info.rankId) : info.displayName;
}

struct Result
{
    std::vector<CommLinkDelta> links;
    std::vector<CommOpDelta> ops;
};

} // namespace

CommComparePanel::CommComparePanel(ViewState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
{
    m_links = new CommLinkDeltaModel(this);
    m_ops = new CommOpDeltaModel(this);
    m_linkProxy = makeProxy(m_links, CommLinkDeltaModel::SortRole, this);
    m_opProxy = makeProxy(m_ops, CommOpDeltaModel::SortRole, this);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 6, 0, 0);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("commCompareSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    auto* linkBox = new QWidget(split);
    auto* linkLayout = new QVBoxLayout(linkBox);
    linkLayout->setContentsMargins(0, 0, 0, 0);
    m_linkTitle = makeHeading(tr("Links (all groups, total of the step)"), linkBox);
    linkLayout->addWidget(m_linkTitle);
    m_linkTable = makeTable(m_linkProxy, linkBox);
    m_linkTable->setObjectName(QStringLiteral("commCompareLinks"));
    linkLayout->addWidget(m_linkTable, 1);
    auto* opBox = new QWidget(split);
    auto* opLayout = new QVBoxLayout(opBox);
    opLayout->setContentsMargins(0, 0, 0, 0);
    m_opTitle = makeHeading(tr("Collectives of the compared ranks"), opBox);
    opLayout->addWidget(m_opTitle);
    m_opTable = makeTable(m_opProxy, opBox);
    m_opTable->setObjectName(QStringLiteral("commCompareOps"));
    opLayout->addWidget(m_opTable, 1);
    split->addWidget(linkBox);
    split->addWidget(opBox);
    layout->addWidget(split, 1);
    // The biggest change first, whichever way.
    m_linkTable->sortByColumn(CommLinkDeltaModel::DeltaTime, Qt::DescendingOrder);
    m_opTable->sortByColumn(CommOpDeltaModel::DeltaTotal, Qt::DescendingOrder);

    m_refresh = new DeferredRefresh(this, [this] { refresh(); });
    if (m_state) {
        for (auto signal : { &ViewState::profileChanged, &ViewState::comparisonProfileChanged,
                 &ViewState::rankMappingChanged, &ViewState::compareChanged })
            connect(m_state, signal, m_refresh, &DeferredRefresh::request);
        connect(m_state, &ViewState::stepChanged, m_refresh, &DeferredRefresh::request);
    }
    refresh();
}

QString CommComparePanel::summary() const
{
    return m_summary->text();
}

void CommComparePanel::refresh()
{
    if (!m_state || !m_state->runCompare() || !m_state->profile()) {
        AnalysisService::instance()->cancel(this);
        m_links->setRows({});
        m_ops->setRows({});
        m_summary->setText(tr("Load a second run (File \u2192 Compare With\u2026) to compare its communication with this one."));
        return;
    }
    const ProfilePtr base = m_state->profile();
    const ProfilePtr other = m_state->comparisonProfile();
    const int baseRank = m_state->baselineRank();
    const int otherRank = m_state->comparisonRank();
    const QString baseStep = communicationStepKey(m_state->step());
    const QString otherStep = communicationStepKey(m_state->comparisonStep());
    // The comparison's links in the base's rank ids: the mapping, inverted.
    std::map<int, int> otherToBase;
    for (std::size_t j = 0; j < other->ranks.size(); ++j) {
        const int b = m_state->rankMapping().baseFor(int(j));
        const int otherId = other->ranks[j]->info.rankId;
        if (b >= 0 && otherId >= 0 && base->ranks[std::size_t(b)]->info.rankId >= 0)
            otherToBase[otherId] = base->ranks[std::size_t(b)]->info.rankId;
    }
    const QString stepText = m_state->step().isEmpty() ? tr("all steps")
                                                        : tr("step %1 vs B's step %2")
                                                              .arg(m_state->step(),
                                                                  m_state->comparisonStep().isEmpty()
                                                                      ? tr("(all)")
                                                                      : m_state->comparisonStep());
    m_summary->setText(tr("Base rank %1 vs B rank %2, %3. \u0394 = B \u2212 base; sorted by |\u0394|.")
                           .arg(rankName(base, baseRank), rankName(other, otherRank), stepText));
    AnalysisService::instance()->request<Result>(
        this, QStringLiteral("runcompare"),
        [base, other, baseRank, otherRank, baseStep, otherStep, otherToBase](const JobToken& token) {
            Result r;
            r.links = compareCommLinks(*base, baseStep, *other, otherStep, otherToBase);
            if (token.canceled())
                return r;
            if (baseRank >= 0 && std::size_t(baseRank) < base->ranks.size() && otherRank >= 0
                && std::size_t(otherRank) < other->ranks.size())
                r.ops = compareCommOps(*base->ranks[std::size_t(baseRank)], baseStep,
                    *other->ranks[std::size_t(otherRank)], otherStep);
            return r;
        },
        [this](Result r) {
            double baseMs = 0;
            double otherMs = 0;
            for (const CommOpDelta& d : r.ops) {
                baseMs += d.baseTotalMs;
                otherMs += d.otherTotalMs;
            }
            m_links->setRows(std::move(r.links));
            m_ops->setRows(std::move(r.ops));
            m_linkTable->resizeColumnsToContents();
            m_opTable->resizeColumnsToContents();
            m_opTitle->setText(tr("Collectives of the compared ranks: base %1 ms, B %2 ms, \u0394 %3%4 ms")
                                   .arg(baseMs, 0, 'f', 3)
                                   .arg(otherMs, 0, 'f', 3)
                                   .arg(otherMs >= baseMs ? QStringLiteral("+") : QStringLiteral("\u2212"))
                                   .arg(std::abs(otherMs - baseMs), 0, 'f', 3));
        });
}

} // namespace profscope
