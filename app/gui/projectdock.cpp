// SPDX-License-Identifier: Apache-2.0
#include "projectdock.h"

#include "analysis/cluster.h"
#include "common/statuscolors.h"
#include "common/viewstate.h"
#include "projecttreemodel.h"

#include <QItemSelection>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QStackedWidget>
#include <QScopeGuard>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace profscope {

ProjectDock::ProjectDock(ViewState* state, QWidget* parent)
    : QDockWidget(tr("Project"), parent)
    , m_state(state)
    , m_model(new ProjectTreeModel(this))
    , m_tree(new QTreeView(this))
{
    setObjectName(QStringLiteral("projectDock"));
    setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable);

    m_tree->setObjectName(QStringLiteral("projectTree"));
    m_tree->setModel(m_model);
    m_tree->setHeaderHidden(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setAnimated(true);
    m_tree->setIndentation(16);
    m_tree->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tree->setTextElideMode(Qt::ElideRight);
    m_tree->setMinimumWidth(220);
    m_tree->setFrameShape(QFrame::NoFrame);
    // Ctrl/Shift-click several ranks: the timeline stacks them.
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->setToolTip(tr("Click a rank to show it; Ctrl/Shift+click several to stack them in the timeline"));
    // The tree's current rank is the rank the pages show.
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& index) {
        if (index.data(ProjectTreeModel::NodeKindRole).toInt() == ProjectTreeModel::RankNode && m_state)
            m_state->setCurrentRank(index.data(ProjectTreeModel::RankIndexRole).toInt());
    });
    connect(m_tree->selectionModel(), &QItemSelectionModel::selectionChanged, this, &ProjectDock::onSelectionChanged);
    connect(m_tree, &QTreeView::activated, this, [this](const QModelIndex& index) {
        if (index.data(ProjectTreeModel::NodeKindRole).toInt() == ProjectTreeModel::RankNode && m_state)
            m_state->requestRank(index.data(ProjectTreeModel::RankIndexRole).toInt());
    });
    connect(m_model, &ProjectTreeModel::rankFilterEdited, this, [this](const QList<int>& ranks) {
        m_filterEdit->clear();
        // All unchecked would read as "no filter"; keep the last choice instead.
        if (m_model->checkedRankCount() == 0 && m_model->rankCount() > 0) {
            m_model->setRankFilter(m_state ? m_state->rankFilter() : QList<int>());
            emit statusMessage(tr("At least one rank stays shown"), 4000);
            return;
        }
        if (m_state)
            m_state->setRankFilter(ranks);
    });
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_tree, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
        QMenu* menu = createContextMenu(m_tree->indexAt(pos));
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(m_tree->viewport()->mapToGlobal(pos));
    });

    m_filterEdit = new QLineEdit(this);
    m_filterEdit->setObjectName(QStringLiteral("rankFilterEdit"));
    m_filterEdit->setPlaceholderText(tr("Filter ranks: 0-7, 12 or a host"));
    m_filterEdit->setClearButtonEnabled(true);
    connect(m_filterEdit, &QLineEdit::textEdited, this, &ProjectDock::applyFilterText);
    connect(m_filterEdit, &QLineEdit::textChanged, this, [this](const QString& text) {
        if (text.isEmpty())
            applyFilterText(text);
    });
    auto* treePane = new QWidget(this);
    auto* treeLayout = new QVBoxLayout(treePane);
    treeLayout->setContentsMargins(4, 4, 0, 0);
    treeLayout->setSpacing(4);
    treeLayout->addWidget(m_filterEdit);
    treeLayout->addWidget(m_tree, 1);

    // An empty white tree looks broken; say what will appear there instead.
    m_pages = new QStackedWidget(this);
    auto* placeholder = new QLabel(tr("Open a profile folder to see its hosts and ranks here."), m_pages);
    placeholder->setWordWrap(true);
    placeholder->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
    placeholder->setContentsMargins(16, 24, 16, 16);
    QPalette muted = placeholder->palette();
    muted.setColor(QPalette::WindowText, mutedTextColor(palette()));
    placeholder->setPalette(muted);
    m_pages->addWidget(placeholder);
    m_pages->addWidget(treePane);
    setWidget(m_pages);

    if (m_state) {
        connect(m_state, &ViewState::currentRankChanged, this, &ProjectDock::showRank);
        connect(m_state, &ViewState::timelineRanksChanged, this, &ProjectDock::mirrorTimelineRanks);
        connect(m_state, &ViewState::rankFilterChanged, this, [this] {
            if (!sameRanks(m_model->rankFilter(), m_state->rankFilter()))
                m_model->setRankFilter(m_state->rankFilter());
        });
        connect(m_state, &ViewState::compareChanged, this, [this] {
            // Across runs the comparison rank indexes the other run's
            // ranks: only the base rank is marked in this tree.
            m_model->setCompareRanks(m_state->baselineRank(), m_state->runCompare() ? -1 : m_state->comparisonRank());
        });
    }
}

void ProjectDock::setProfile(const ProfilePtr& profile, std::unique_ptr<QStandardItem> prebuilt)
{
    m_profile = profile;
    m_model->setProfile(profile, std::move(prebuilt));
    // The tree opens its first nodes without the expand animation: animating renders the tree
    // into pixmaps for every expansion, on the GUI thread while a profile is handed over
    // (1024 ranks: a fifth of that block's CPU), and nobody watches a tree that was just filled.
    const bool animated = m_tree->isAnimated();
    m_tree->setAnimated(false);
    const auto restoreAnimation = qScopeGuard([this, animated] { m_tree->setAnimated(animated); });
    // Up to 64 ranks every rank is in view; beyond, the hosts are the
    // readable overview and the current rank's host opens when chosen.
    if (!profile || profile->ranks.size() <= 64) { // (rankCount() walks the tree)
        m_tree->expandAll();
    } else {
        m_tree->collapseAll();
        m_tree->expand(m_model->index(0, 0));
    }
    m_pages->setCurrentIndex(profile ? 1 : 0);
    m_filterEdit->clear();
    m_model->setCompareRanks(-1, -1);
    if (m_state)
        showRank(m_state->currentRank());
}

void ProjectDock::showRank(int rankIndex)
{
    const QModelIndex node = m_model->rankNode(rankIndex);
    if (!node.isValid() || m_tree->currentIndex() == node)
        return;
    m_tree->expand(node.parent());
    // A rank of the stacked selection becomes current without breaking the
    // stack; any other rank replaces the selection.
    const bool inStack = m_state && m_state->timelineRanks().contains(rankIndex);
    m_tree->selectionModel()->setCurrentIndex(
        node, inStack ? QItemSelectionModel::NoUpdate : QItemSelectionModel::ClearAndSelect);
    m_tree->scrollTo(node);
}

QList<int> ProjectDock::ranksUnder(const QModelIndex& node) const
{
    QList<int> ranks;
    if (node.data(ProjectTreeModel::NodeKindRole).toInt() == ProjectTreeModel::RankNode) {
        ranks << node.data(ProjectTreeModel::RankIndexRole).toInt();
        return ranks;
    }
    for (int row = 0; row < m_model->rowCount(node); ++row)
        ranks << ranksUnder(m_model->index(row, 0, node));
    return ranks;
}

QList<int> ProjectDock::selectedRanks() const
{
    QList<int> ranks;
    for (const QModelIndex& i : m_tree->selectionModel()->selectedRows())
        if (i.data(ProjectTreeModel::NodeKindRole).toInt() == ProjectTreeModel::RankNode)
            ranks << i.data(ProjectTreeModel::RankIndexRole).toInt();
    std::sort(ranks.begin(), ranks.end());
    return ranks;
}

void ProjectDock::onSelectionChanged()
{
    // The selection is the timeline's stack: two ranks or more are stacked,
    // one rank is just the current rank.
    if (m_state && !m_mirroring)
        m_state->setTimelineRanks(selectedRanks());
}

void ProjectDock::mirrorTimelineRanks()
{
    // Stacked from elsewhere (an advice finding, a menu): the tree shows which.
    const QList<int> ranks = m_state ? m_state->timelineRanks() : QList<int>();
    if (ranks.isEmpty() || sameRanks(ranks, selectedRanks()))
        return;
    QItemSelection selection;
    for (int r : ranks) {
        const QModelIndex node = m_model->rankNode(r);
        if (node.isValid()) {
            m_tree->expand(node.parent());
            selection.select(node, node);
        }
    }
    m_mirroring = true;
    m_tree->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    m_mirroring = false;
}

void ProjectDock::stackInTimeline(const QList<int>& ranks)
{
    if (!m_state || ranks.isEmpty())
        return;
    m_state->setTimelineRanks(ranks);
    m_state->requestRank(ranks.front());
}

void ProjectDock::applyFilterText(const QString& text)
{
    const QList<int> matched = m_model->ranksMatching(text);
    // Nothing matches: keep the last filter rather than showing no rank at all.
    QPalette palette = m_filterEdit->palette();
    palette.setColor(QPalette::Text,
        matched.isEmpty() ? severityColor(ImportMessage::Error, this->palette())
                          : this->palette().color(QPalette::Text));
    m_filterEdit->setPalette(palette);
    m_filterEdit->setToolTip(matched.isEmpty() ? tr("No rank matches") : QString());
    if (matched.isEmpty() || !m_state)
        return;
    const int total = m_model->rankCount();
    m_state->setRankFilter(matched.size() == total ? QList<int>() : matched);
}

QMenu* ProjectDock::createContextMenu(const QModelIndex& index)
{
    auto* menu = new QMenu(this);
    const int kind = index.data(ProjectTreeModel::NodeKindRole).toInt();
    const QList<int> selected = selectedRanks();
    if (selected.size() > 1) {
        QAction* stack = menu->addAction(tr("Stack the %n Selected Ranks in the Timeline", nullptr, int(selected.size())),
            this, [this, selected] { stackInTimeline(selected); });
        stack->setObjectName(QStringLiteral("stackSelectedAction"));
    }
    if (index.isValid() && kind == ProjectTreeModel::HostNode) {
        const QList<int> ranks = ranksUnder(index);
        QAction* host = menu->addAction(tr("Timeline of All %n Ranks of This Host", nullptr, int(ranks.size())), this,
            [this, ranks] { stackInTimeline(ranks); });
        host->setObjectName(QStringLiteral("stackHostAction"));
        host->setEnabled(ranks.size() > 1);
        menu->addSeparator();
    }
    if (index.isValid() && kind == ProjectTreeModel::RankNode && m_state) {
        const int rank = index.data(ProjectTreeModel::RankIndexRole).toInt();
        if (m_profile && m_profile->ranks.size() > 1) {
            for (const std::vector<int>& stage : pipelineStages(*m_profile)) {
                if (std::find(stage.begin(), stage.end(), rank) == stage.end() || stage.size() < 2
                    || stage.size() == m_profile->ranks.size())
                    continue;
                const QList<int> ranks(stage.begin(), stage.end());
                QAction* a = menu->addAction(
                    tr("Timeline of Its Pipeline Stage (%n Ranks)", nullptr, int(ranks.size())), this,
                    [this, ranks] { stackInTimeline(ranks); });
                a->setObjectName(QStringLiteral("stackStageAction"));
            }
            menu->addSeparator();
        }
        // Comparing two runs, the selected rank is the baseline and its
        // partner comes from the rank mapping (File → Edit Rank Mapping).
        if (!m_state->runCompare()) {
            QAction* baseline = menu->addAction(tr("Set as &Baseline"), this, [this, rank] {
                if (m_state->comparisonRank() == rank)
                    m_state->setComparisonRank(-1);
                m_state->setBaselineRank(rank);
            });
            baseline->setObjectName(QStringLiteral("setBaselineAction"));
            baseline->setCheckable(true);
            baseline->setChecked(m_state->baselineRank() == rank);
            QAction* comparison = menu->addAction(tr("Set as &Comparison"), this, [this, rank] {
                if (m_state->baselineRank() == rank)
                    m_state->setBaselineRank(-1);
                m_state->setComparisonRank(rank);
            });
            comparison->setObjectName(QStringLiteral("setComparisonAction"));
            comparison->setCheckable(true);
            comparison->setChecked(m_state->comparisonRank() == rank);
            menu->addSeparator();
        }
        menu->addAction(tr("Show &Only This Rank"), this, [this, rank] {
            m_filterEdit->clear();
            m_state->setRankFilter({ rank });
        });
        menu->addAction(tr("Open &Timeline"), this, [this, rank] { m_state->requestRank(rank); });
    }
    if (m_state && !m_state->runCompare() && (m_state->baselineRank() >= 0 || m_state->comparisonRank() >= 0)) {
        QAction* clear = menu->addAction(tr("Clear Baseline and Comparison"), this, [this] {
            m_state->setBaselineRank(-1);
            m_state->setComparisonRank(-1);
        });
        clear->setObjectName(QStringLiteral("clearCompareAction"));
    }
    QAction* all = menu->addAction(tr("Show &All Ranks"), this, [this] {
        m_filterEdit->clear();
        if (m_state)
            m_state->setRankFilter({});
    });
    all->setEnabled(m_state && !m_state->rankFilter().isEmpty());
    return menu;
}

} // namespace profscope
