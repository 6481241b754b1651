// SPDX-License-Identifier: Apache-2.0
#include "overviewpage.h"

#include "analysis/advice.h"
#include "analysis/analysisservice.h"
#include "common/deferredrefresh.h"
#include "common/headerbar.h"
#include "common/pagewidgets.h"
#include "common/statuscolors.h"
#include "common/viewstate.h"
#include "overviewcharts.h"
#include "overviewcomparecharts.h"
#include "overviewcomparemodels.h"
#include "overviewcomparepane.h"
#include "overviewmodels.h"
#include "rankspreadchart.h"
#include "steptracechart.h"

#include <QComboBox>
#include <QDir>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <map>

namespace profscope {

namespace {

QLabel* mutedLabel(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    QPalette muted = label->palette();
    muted.setColor(QPalette::WindowText, mutedTextColor(parent->palette()));
    label->setPalette(muted);
    return label;
}

} // namespace

OverviewPage::OverviewPage(ViewState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
    , m_heading(new QLabel(this))
    , m_subheading(mutedLabel(QString(), this))
    , m_sortCombo(new QComboBox(this))
    , m_descending(new QToolButton(this))
    , m_exportButton(new QToolButton(this))
    , m_stack(new QStackedWidget(this))
    , m_empty(mutedLabel(QString(), this))
    , m_barsModel(new OverviewBarsModel(this))
    , m_barsChart(new RankBarsChart(m_barsModel, this))
    , m_spreadChart(new RankSpreadChart(m_barsModel, this))
    , m_rankCharts(new QStackedWidget(this))
    , m_chartKind(new QComboBox(this))
    , m_trendModel(new StepTrendModel(this))
    , m_trendChart(new StepTrendChart(m_trendModel, this))
    , m_stepModel(new ClusterStepTableModel(this))
    , m_stepProxy(new QSortFilterProxyModel(this))
    , m_stepTable(new QTableView(this))
    , m_adviceModel(new AdviceModel(this))
    , m_adviceView(new QTreeView(this))
    , m_adviceEmpty(mutedLabel(QString(), this))
    , m_causes(new QLabel(this))
    , m_checks(new QLabel(this))
    , m_stepTrace(new StepTraceChart(this))
    , m_tabs(new QTabWidget(this))
    , m_comparePane(new OverviewComparePane(this))
    , m_compareButton(new QToolButton(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 10, 12, 8);
    layout->setSpacing(8);

    // Heading row: what is shown, how the bars are sorted, export.
    // The controls go under the titles when the window is narrow (HeaderBar).
    auto* header = new HeaderBar(this);
    auto* titles = new QVBoxLayout;
    titles->setSpacing(0);
    QFont headingFont = m_heading->font();
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.3);
    headingFont.setBold(true);
    m_heading->setFont(headingFont);
    m_heading->setText(tr("Overview"));
    titles->addWidget(m_heading);
    // What is shown can be long (old-format or summary ranks named): it wraps, never cut off.
    m_subheading->setWordWrap(true);
    m_subheading->setMinimumWidth(240);
    titles->addWidget(m_subheading);
    header->setTitles(titles);
    m_compareButton->setObjectName(QStringLiteral("compareRunsButton"));
    m_compareButton->setCheckable(true);
    m_compareButton->setChecked(true);
    m_compareButton->setText(tr("Compare Runs"));
    m_compareButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_compareButton->setToolTip(tr("Show the base and the comparison run side by side (off: the base run only)"));
    m_compareButton->hide();
    header->addControl(m_compareButton);
    m_chartKindLabel = new QLabel(tr("Show:"), this);
    m_chartKindLabel->setBuddy(m_chartKind);
    header->addControl(m_chartKindLabel);
    m_chartKind->setObjectName(QStringLiteral("rankChartCombo"));
    m_chartKind->addItem(tr("Every rank"), int(RankChart::EveryRank));
    m_chartKind->addItem(tr("Distribution"), int(RankChart::Distribution));
    m_chartKind->setToolTip(tr("Every rank: a bar per rank, scrolled and sorted as you choose. "
                               "Distribution: all ranks at once, sorted by step time, with the p10–p90 band, "
                               "the median and the outliers named."));
    header->addControl(m_chartKind);
    auto* sortLabel = new QLabel(tr("Sort bars by:"), this);
    m_sortLabel = sortLabel;
    sortLabel->setBuddy(m_sortCombo);
    header->addControl(sortLabel);
    m_sortCombo->setObjectName(QStringLiteral("sortCombo"));
    for (int column : { int(OverviewBarsModel::RankColumn), int(OverviewBarsModel::TotalColumn),
             int(OverviewBarsModel::ComputingOnlyColumn), int(OverviewBarsModel::OverlappedColumn),
             int(OverviewBarsModel::CommunicationOnlyColumn), int(OverviewBarsModel::FreeColumn),
             int(OverviewBarsModel::PreparingColumn), int(OverviewBarsModel::StageColumn) }) {
        const QString name = column == OverviewBarsModel::RankColumn ? tr("Rank")
            : column == OverviewBarsModel::TotalColumn               ? tr("Step time")
            : column == OverviewBarsModel::StageColumn
            ? tr("Pipeline stage")
            : barComponentName(BarComponent(column - OverviewBarsModel::ComputingOnlyColumn));
        m_sortCombo->addItem(name, column);
    }
    header->addControl(m_sortCombo);
    m_descending->setObjectName(QStringLiteral("descendingButton"));
    m_descending->setCheckable(true);
    m_descending->setText(tr("Largest first"));
    m_descending->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_descending->setToolTip(tr("Sort order of the bars"));
    header->addControl(m_descending);
    header->addSpacing(12);
    m_exportButton->setText(tr("Export"));
    m_exportButton->setToolTip(tr("Save the charts as PNG, SVG or PDF and the tables as CSV"));
    m_exportButton->setPopupMode(QToolButton::InstantPopup);
    m_exportButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto* exportMenu = new QMenu(m_exportButton);
    exportMenu->addAction(tr("Rank Chart…"), this,
        [this] { exportWidgetInteractive(this, m_barsChart->plot(), QStringLiteral("overview-ranks")); });
    exportMenu->addAction(tr("Distribution Chart…"), this,
        [this] { exportWidgetInteractive(this, m_spreadChart, QStringLiteral("overview-distribution")); });
    exportMenu->addAction(tr("Step Trend Chart…"), this,
        [this] { exportWidgetInteractive(this, m_trendChart, QStringLiteral("overview-trend")); });
    exportMenu->addSeparator();
    exportMenu->addAction(tr("Rank Values (CSV)…"), this,
        [this] { exportModelInteractive(this, *m_barsModel, QStringLiteral("overview-ranks")); });
    exportMenu->addAction(tr("Step Trend (CSV)…"), this,
        [this] { exportModelInteractive(this, *m_trendModel, QStringLiteral("overview-trend")); });
    exportMenu->addAction(tr("Step Table (CSV)…"), this,
        [this] { exportModelInteractive(this, *m_stepProxy, QStringLiteral("overview-steps")); });
    exportMenu->addAction(tr("Advice (CSV)…"), this,
        [this] { exportModelInteractive(this, *m_adviceModel, QStringLiteral("overview-advice")); });
    exportMenu->addSeparator();
    QAction* compareChart = exportMenu->addAction(tr("Run Comparison Chart…"), this, [this] {
        exportWidgetInteractive(this, m_comparePane->barsChart(), QStringLiteral("overview-compare-ranks"));
    });
    QAction* explainChart = exportMenu->addAction(tr("Delta by Category Chart…"), this, [this] {
        exportWidgetInteractive(this, m_comparePane->explainChart(), QStringLiteral("overview-compare-explained"));
    });
    QAction* compareTable = exportMenu->addAction(tr("Run Comparison per Rank (CSV)…"), this, [this] {
        exportModelInteractive(this, *m_comparePane->rankProxy(), QStringLiteral("overview-compare-ranks"));
    });
    QAction* explainTable = exportMenu->addAction(tr("Delta by Category (CSV)…"), this, [this] {
        exportModelInteractive(this, *m_comparePane->explainModel(), QStringLiteral("overview-compare-explained"));
    });
    connect(exportMenu, &QMenu::aboutToShow, this, [this, compareChart, explainChart, compareTable, explainTable] {
        for (QAction* a : { compareChart, explainChart, compareTable, explainTable })
            a->setVisible(m_state->runCompare());
    });
    m_exportButton->setMenu(exportMenu);
    header->addControl(m_exportButton);
    layout->addWidget(header);

    m_causes->setObjectName(QStringLiteral("causesLabel"));
    m_causes->setWordWrap(true);
    m_causes->setTextFormat(Qt::RichText);
    m_causes->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    m_causes->setFrameShape(QFrame::StyledPanel);
    m_causes->setContentsMargins(8, 4, 8, 4);
    connect(m_causes, &QLabel::linkActivated, this, [this](const QString& link) {
        if (link.startsWith(QLatin1String("finding:")))
            activateFinding(link.mid(8).toInt());
    });
    layout->addWidget(m_causes);
    m_checks->setObjectName(QStringLiteral("checksLabel"));
    m_checks->setWordWrap(true);
    m_checks->setTextFormat(Qt::PlainText);
    m_checks->setFrameShape(QFrame::StyledPanel);
    m_checks->setContentsMargins(8, 4, 8, 4);
    m_checks->setStyleSheet(QStringLiteral("QLabel { color: #8a4b00; }"));
    m_checks->hide();
    layout->addWidget(m_checks);

    // Charts: bars (wide) beside the trend.
    auto* charts = new QSplitter(Qt::Horizontal, this);
    charts->setChildrenCollapsible(false);
    m_rankCharts->addWidget(m_barsChart);
    m_rankCharts->addWidget(m_spreadChart);
    charts->addWidget(m_rankCharts);
    charts->addWidget(m_trendChart);
    charts->setStretchFactor(0, 2);
    charts->setStretchFactor(1, 1);
    for (QWidget* chart : { static_cast<QWidget*>(m_barsChart->plot()), static_cast<QWidget*>(m_spreadChart),
             static_cast<QWidget*>(m_trendChart) }) {
        chart->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(chart, &QWidget::customContextMenuRequested, this, [this, chart](const QPoint& pos) {
            QMenu menu(this);
            menu.addAction(tr("Export Chart…"), this, [this, chart] {
                exportWidgetInteractive(this, chart,
                    chart == m_trendChart ? QStringLiteral("overview-trend") : QStringLiteral("overview-ranks"));
            });
            menu.exec(chart->mapToGlobal(pos));
        });
    }

    // Advice list.
    auto* advicePane = new QWidget(this);
    auto* adviceLayout = new QVBoxLayout(advicePane);
    adviceLayout->setContentsMargins(0, 0, 0, 0);
    adviceLayout->setSpacing(0);
    m_adviceEmpty->setContentsMargins(8, 6, 8, 6);
    m_adviceEmpty->setWordWrap(true);
    adviceLayout->addWidget(m_adviceEmpty);
    m_adviceView->setObjectName(QStringLiteral("adviceView"));
    m_adviceView->setModel(m_adviceModel);
    m_adviceView->setRootIsDecorated(false);
    m_adviceView->setUniformRowHeights(true);
    m_adviceView->setAlternatingRowColors(true);
    m_adviceView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_adviceView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_adviceView->setTextElideMode(Qt::ElideRight);
    // The finding is what one reads: wide; the evidence (last, longest) takes the rest.
    m_adviceView->header()->setStretchLastSection(true);
    m_adviceView->header()->setSectionResizeMode(QHeaderView::Interactive);
    m_adviceView->header()->resizeSection(AdviceModel::SeverityColumn, 100);
    m_adviceView->header()->resizeSection(AdviceModel::TitleColumn, 520);
    m_adviceView->header()->resizeSection(AdviceModel::CostColumn, 130);
    m_adviceView->header()->resizeSection(AdviceModel::MeasuredColumn, 260);
    m_adviceView->header()->resizeSection(AdviceModel::RuleColumn, 300);
    m_adviceView->header()->resizeSection(AdviceModel::EvidenceColumn, 400);
    connect(m_adviceView, &QAbstractItemView::activated, this,
        [this](const QModelIndex& index) { activateFinding(index.data(AdviceModel::FindingRole).toInt()); });
    m_adviceView->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_adviceView, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
        const QModelIndex index = m_adviceView->indexAt(pos);
        if (!index.isValid())
            return;
        QMenu* menu = createFindingMenu(index.data(AdviceModel::FindingRole).toInt());
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(m_adviceView->viewport()->mapToGlobal(pos));
    });
    adviceLayout->addWidget(m_adviceView, 1);

    // Step table.
    m_stepProxy->setSourceModel(m_stepModel);
    m_stepProxy->setSortRole(ClusterStepTableModel::SortRole);
    m_stepTable->setObjectName(QStringLiteral("stepTable"));
    m_stepTable->setModel(m_stepProxy);
    limitContentsSizing(m_stepTable);
    m_stepTable->setSortingEnabled(true);
    m_stepTable->sortByColumn(-1, Qt::AscendingOrder); // the model's order: step, then rank
    m_stepTable->setAlternatingRowColors(true);
    m_stepTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_stepTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_stepTable->verticalHeader()->hide();
    m_stepTable->verticalHeader()->setDefaultSectionSize(m_stepTable->fontMetrics().height() + 8);
    m_stepTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_stepTable->horizontalHeader()->setDefaultSectionSize(120);
    m_stepTable->horizontalHeader()->setHighlightSections(false);
    m_stepTable->setWordWrap(false);
    connect(m_stepTable, &QAbstractItemView::activated, this, [this](const QModelIndex& index) {
        const int rank = index.data(ClusterStepTableModel::RankIndexRole).toInt();
        const ClusterStepRow& row = m_stepModel->row(m_stepProxy->mapToSource(index).row());
        if (!row.overview.spanNs.isEmpty())
            m_state->requestTimeline(
                rank, row.overview.spanNs.startNs, row.overview.spanNs.endNs, tr("Step %1").arg(row.overview.step));
        else
            m_state->requestRank(rank);
    });

    m_tabs->setDocumentMode(true);
    m_tabs->addTab(advicePane, tr("Advice"));
    m_tabs->addTab(m_stepTable, tr("Step Table"));

    auto* content = new QSplitter(Qt::Vertical, this);
    content->setChildrenCollapsible(false);
    m_chartsPane = charts;
    content->addWidget(charts);
    m_stepTrace->hide();
    content->addWidget(m_stepTrace);
    content->addWidget(m_tabs);
    content->setStretchFactor(0, 3);
    content->setStretchFactor(1, 3);
    content->setStretchFactor(2, 2);

    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setContentsMargins(48, 48, 48, 48);
    m_stack->addWidget(m_empty);
    m_stack->addWidget(content);
    m_stack->addWidget(m_comparePane);
    layout->addWidget(m_stack, 1);
    connect(m_comparePane, &OverviewComparePane::rankActivated, m_state, &ViewState::requestRank);
    connect(m_compareButton, &QToolButton::toggled, this, [this] { m_refresh->request(); });

    connect(m_sortCombo, &QComboBox::currentIndexChanged, this, [this](int row) {
        const int column = m_sortCombo->itemData(row).toInt();
        // Rank order reads best ascending; amounts read best largest first.
        const bool descending = isAmountColumn(column);
        const QSignalBlocker blocker(m_descending);
        m_descending->setChecked(descending);
        sortBars(column, descending ? Qt::DescendingOrder : Qt::AscendingOrder);
    });
    connect(m_descending, &QToolButton::toggled, this, [this](bool descending) {
        sortBars(m_barsModel->sortColumn(), descending ? Qt::DescendingOrder : Qt::AscendingOrder);
    });
    connect(m_barsChart, &RankBarsChart::rankActivated, m_state, &ViewState::requestRank);
    connect(m_spreadChart, &RankSpreadChart::rankActivated, m_state, &ViewState::requestRank);
    connect(m_chartKind, &QComboBox::activated, this, [this](int row) {
        m_chartKindChosen = true;
        showRankChart(RankChart(m_chartKind->itemData(row).toInt()));
    });

    // Hidden, the page only notes what changed; shown, it catches up.
    m_refresh = new DeferredRefresh(this, [this] { refreshNow(); });
    connect(m_state, &ViewState::profileChanged, this, &OverviewPage::onProfileChanged);
    connect(m_state, &ViewState::stepChanged, this, [this] {
        m_adviceStale = true;
        m_refresh->request();
    });
    connect(m_state, &ViewState::rankFilterChanged, m_refresh, &DeferredRefresh::request);
    // A second run loaded or dropped, or paired differently.
    connect(m_state, &ViewState::comparisonProfileChanged, m_refresh, &DeferredRefresh::request);
    connect(m_state, &ViewState::rankMappingChanged, m_refresh, &DeferredRefresh::request);
    connect(m_state, &ViewState::currentRankChanged, this, [this] {
        if (m_stepTrace->isVisibleTo(this))
            m_refresh->request(); // the step trace follows the rank chosen in the project tree
    });
    onProfileChanged();
}

OverviewPage::~OverviewPage() = default;

void OverviewPage::onProfileChanged()
{
    AnalysisService::instance()->cancel(this);
    m_allSteps = {};
    m_stepsReady = !m_state->profile();
    m_stepColumnsFitted = false;
    m_adviceStale = true;
    m_refresh->request();
}

void OverviewPage::refreshNow()
{
    const ProfilePtr profile = m_state->profile();
    if (!m_stepsReady) {
        // The cluster step table comes from a job (usually at once: the load
        // job computed it); until then the page says what it waits for.
        if (!AnalysisService::instance()->currentJob(this, QStringLiteral("steps")))
            AnalysisService::instance()->request<std::shared_ptr<const ClusterSteps>>(
                this, QStringLiteral("steps"),
                [profile, step = m_state->step()](const JobToken&) {
                    sharedClusterStepAverages(*profile, step); // the bars of the step shown
                    return sharedClusterSteps(*profile);
                },
                [this, profile](std::shared_ptr<const ClusterSteps> steps) {
                    if (profile != m_state->profile())
                        return;
                    m_allSteps = std::move(steps);
                    m_stepsReady = true;
                    updateChecks();
                    refreshNow();
                });
        if (!m_stepsReady) {
            m_empty->setText(
                tr("Computing the step overview of %n rank(s)…", nullptr, int(profile->ranks.size())));
            m_stack->setCurrentWidget(m_empty);
            return;
        }
    }
    // Another step's bars: averaged in a job first (10,000 ranks), the page
    // showing the previous step until then.
    const QString step = m_state->step();
    if (profile && !hasClusterStepAverages(*profile, step)) {
        AnalysisService::instance()->request<std::shared_ptr<const std::vector<ClusterStepRow>>>(
            this, QStringLiteral("averages"),
            [profile, step](const JobToken&) { return sharedClusterStepAverages(*profile, step); },
            [this, profile, step](const std::shared_ptr<const std::vector<ClusterStepRow>>&) {
                if (profile == m_state->profile() && step == m_state->step())
                    refreshNow();
            });
        return;
    }
    refresh();
    if (m_adviceStale) {
        m_adviceStale = false;
        refreshAdvice();
    }
    refreshComparison();
}

bool OverviewPage::showsComparison() const
{
    return m_state->runCompare() && m_compareButton->isChecked();
}

void OverviewPage::refreshComparison()
{
    m_compareButton->setVisible(m_state->runCompare());
    const bool compare = showsComparison();
    updateHeaderControls();
    if (!compare) {
        AnalysisService::instance()->cancel(this, QStringLiteral("compare"));
        if (m_stack->currentWidget() == m_comparePane)
            m_stack->setCurrentIndex(1);
        return;
    }
    const ProfilePtr base = m_state->profile();
    const ProfilePtr other = m_state->comparisonProfile();
    const RankMapping mapping = m_state->rankMapping();
    const QString step = m_state->step();
    const QString otherStep = m_state->comparisonStep();
    // Cheap once the per-rank overviews are memoised (the loads prepared
    // them), but a job like every analysis of the page.
    AnalysisService::instance()->request<std::shared_ptr<const OverviewComparison>>(
        this, QStringLiteral("compare"),
        [base, other, mapping, step, otherStep](const JobToken&) {
            return std::make_shared<const OverviewComparison>(
                compareOverviews(*base, *other, mapping, step, otherStep));
        },
        [this, base, other](std::shared_ptr<const OverviewComparison> comparison) {
            if (base != m_state->profile() || other != m_state->comparisonProfile() || !showsComparison())
                return;
            m_comparePane->setComparison(*comparison, tr("the base run"), tr("the comparison run"));
            m_stack->setCurrentWidget(m_comparePane);
            updateHeading();
        });
}

void OverviewPage::refresh()
{
    const ProfilePtr& profile = m_state->profile();
    const QString step = m_state->step();
    std::shared_ptr<const std::vector<ClusterStepRow>> averages;
    // Pointers into m_allSteps (shared, never copied): the step table's and the trend's rows.
    std::vector<const ClusterStepRow*> stepRows;
    std::vector<const ClusterStepRow*> trendRows;
    // Ranks with only old-format iteration times (no device tasks) have no
    // components to stack: a zero bar would read as "no time at all". They
    // stay in the step table and are counted in the heading.
    const auto hasComponents = [](const ClusterStepRow& row) {
        for (const TimeNs part : barComponents(row.overview))
            if (part > 0)
                return true;
        return false;
    };
    // Per rank index: counted in the heading (a flag per rank, not a set: 3,072 rows at 1024 ranks).
    std::vector<char> withoutComponents, fromSummary, fromProfscopeSummary;
    if (profile && m_allSteps) {
        const std::size_t ranks = profile->ranks.size();
        withoutComponents.assign(ranks, 0);
        fromSummary.assign(ranks, 0);
        fromProfscopeSummary.assign(ranks, 0);
        const auto mark = [ranks](std::vector<char>& flags, int rankIndex) {
            if (rankIndex >= 0 && std::size_t(rankIndex) < ranks)
                flags[std::size_t(rankIndex)] = 1;
        };
        // Computed once per step in a job (refreshNow) and shared, not copied: 10,000 rows
        // averaged and copied on the GUI thread were most of a step change.
        averages = sharedClusterStepAverages(*profile, step);
        m_barsModel->setRows(averages, [&](const ClusterStepRow& row) {
            if (!m_state->rankVisible(row.rankIndex))
                return false;
            if (hasComponents(row))
                return true;
            mark(withoutComponents, row.rankIndex);
            return false;
        });
        stepRows.reserve(m_allSteps->rows.size());
        trendRows.reserve(m_allSteps->rows.size());
        for (const ClusterStepRow& row : m_allSteps->rows) {
            if (!m_state->rankVisible(row.rankIndex))
                continue;
            if (row.overview.fromProfscopeSummary)
                mark(fromProfscopeSummary, row.rankIndex);
            else if (row.overview.fromSummary)
                mark(fromSummary, row.rankIndex);
            if (hasComponents(row))
                trendRows.push_back(&row);
            if (step.isEmpty() || row.overview.step == step)
                stepRows.push_back(&row);
        }
    }
    const auto count = [](const std::vector<char>& flags) { return int(std::count(flags.begin(), flags.end(), 1)); };
    m_ranksWithoutComponents = count(withoutComponents);
    m_ranksFromSummary = count(fromSummary);
    m_ranksFromProfscopeSummary = count(fromProfscopeSummary);
    if (!averages)
        m_barsModel->setRows(std::vector<ClusterStepRow> {});
    m_barsChart->rebuild();
    m_spreadChart->rebuild();
    // Above this many ranks a bar each needs a scroll bar: the distribution
    // shows the whole cluster instead, until the user picks a chart.
    constexpr int kSpreadAboveRanks = 64;
    if (!m_chartKindChosen)
        showRankChart(m_barsModel->rowCount() > kSpreadAboveRanks ? RankChart::Distribution : RankChart::EveryRank);
    // The trend shows every step: a step change only moves its marker (10,000 ranks: 20,000
    // rows summed per step and the chart drawn again, a third of the step switch).
    const QStringList trendSteps = m_allSteps ? m_allSteps->steps : QStringList();
    if (m_allSteps != m_trendSource || trendRows != m_trendRows || trendSteps != m_trendSteps) {
        m_trendModel->setRows(trendRows, trendSteps);
        m_trendChart->rebuild();
        m_trendSource = m_allSteps;
        m_trendRows = std::move(trendRows);
        m_trendSteps = trendSteps;
    }
    m_trendChart->setSelectedStep(step);
    m_stepModel->setRows(m_allSteps, std::move(stepRows));
    // Fitted once per profile: the columns hold the same kinds of figures in every step, and
    // measuring the rows again made each step change block the window (1024 ranks: 3,072 rows)
    // and the columns jump under the user's eyes.
    // Only the widest cells are measured (the model knows them from its values), not 100 rows and
    // the visible ones of every column: the same widths as measuring every row.
    if (!m_stepColumnsFitted && m_stepModel->rowCount() > 0) {
        QModelIndexList cells;
        for (const QModelIndex& cell : m_stepModel->widestCells())
            cells << m_stepProxy->mapFromSource(cell);
        fitColumnsToCells(m_stepTable, cells);
        m_stepColumnsFitted = true;
    }
    const bool stepTrace = showStepTrace();
    m_chartsPane->setVisible(!stepTrace);
    m_stepTrace->setVisible(stepTrace);

    if (!profile) {
        m_empty->setText(tr("Open a profile to see where each rank's step time goes."));
        m_stack->setCurrentWidget(m_empty);
    } else if (!m_allSteps || m_allSteps->rows.empty()) {
        // Say why, with the first rank's reason when the overview gave one.
        QString why;
        for (const auto& rank : profile->ranks) {
            why = rankOverview(*rank)->note;
            if (!why.isEmpty())
                break;
        }
        m_empty->setText(tr("No step overview could be computed for this profile.") + QStringLiteral("\n\n")
            + (why.isEmpty() ? tr("The overview needs the device tasks of a trace (trace_view.json or "
                                  "msprof_*.json) or a step_trace_time.csv.")
                             : why));
        m_stack->setCurrentWidget(m_empty);
    } else {
        // The comparison keeps its place while its new figures are computed.
        m_stack->setCurrentIndex(showsComparison() ? 2 : 1);
    }
    updateHeading();
}

bool OverviewPage::showStepTrace()
{
    // Only when no rank has recomputable components: then the bars would be empty.
    const ProfilePtr& profile = m_state->profile();
    if (!profile || m_barsModel->rowCount() > 0)
        return false;
    std::map<int, std::vector<ClusterStepRow>> legacy; // by rank index, in step order
    if (!m_allSteps)
        return false;
    for (const ClusterStepRow& row : m_allSteps->rows)
        if (m_state->rankVisible(row.rankIndex)
            && (row.iterationIntervalNs != kInvalidTime || row.fpBpNs != kInvalidTime || row.tailNs != kInvalidTime))
            legacy[row.rankIndex].push_back(row);
    if (legacy.empty())
        return false;
    // The rank chosen in the project tree, else the first with a step trace.
    auto it = legacy.find(m_state->currentRank());
    if (it == legacy.end())
        it = legacy.begin();
    m_stepTrace->setRows(profile->ranks[std::size_t(it->first)]->info.rankId, std::move(it->second));
    return true;
}

void OverviewPage::updateChecks()
{
    const ProfilePtr& profile = m_state->profile();
    QStringList parts;
    int ranks = 0;
    for (std::size_t r = 0; profile && m_allSteps && r < m_allSteps->mismatches.size(); ++r) {
        if (m_allSteps->mismatches[r].empty())
            continue;
        if (++ranks <= 3)
            parts << tr("rank %1, %2")
                         .arg(rankText(profile->ranks[r]->info.rankId, int(r)))
                         .arg(describeMismatch(m_allSteps->mismatches[r].front()));
    }
    m_checks->setVisible(ranks > 0);
    if (ranks == 0)
        return;
    m_checks->setText(tr("The recomputed figures differ from the profiler's own by more than 1% of the step on %n "
                         "rank(s); the charts show the recomputed ones. %1%2",
        nullptr, ranks)
                          .arg(parts.join(QStringLiteral("; ")))
                          .arg(ranks > 3 ? tr(" (more in the import report)") : QString()));
}

void OverviewPage::updateHeading()
{
    const ProfilePtr& profile = m_state->profile();
    const int shown = m_barsModel->rowCount();
    int total = 0;
    if (profile)
        for (int i = 0; i < int(profile->ranks.size()); ++i)
            total += m_state->rankVisible(i);
    const QString step = m_state->step();
    const qsizetype stepCount = m_allSteps ? m_allSteps->steps.size() : 0;
    const qsizetype stageCount = m_allSteps ? qsizetype(m_allSteps->stages.size()) : 0;
    QString what = step.isEmpty()
        ? (stepCount > 1 ? tr("average over %n step(s)", nullptr, int(stepCount))
                                       : tr("whole profile"))
        : tr("step %1").arg(step);
    QString ranks = shown == total ? tr("%n rank(s)", nullptr, total)
                                   : tr("%1 of %2 ranks with device step data").arg(shown).arg(total);
    // Each kind of rank whose figures are not recomputed here, in parentheses.
    const auto note = [&ranks](int count, const QString& text) {
        if (count > 0)
            ranks += QStringLiteral(" (") + text + QLatin1Char(')');
    };
    note(m_ranksWithoutComponents,
        m_stepTrace->isVisibleTo(this)
            ? tr("%n old-format rank(s): MindInsight step trace below", nullptr, m_ranksWithoutComponents)
            : tr("%n old-format rank(s): iteration times in the step table", nullptr, m_ranksWithoutComponents));
    note(m_ranksFromSummary, tr("%n rank(s) from the profiler's summary, not recomputed", nullptr, m_ranksFromSummary));
    note(m_ranksFromProfscopeSummary,
        tr("%n rank(s) from summaries computed next to the data", nullptr, m_ranksFromProfscopeSummary));
    if (showsComparison()) {
        const ProfilePtr& other = m_state->comparisonProfile();
        const QString otherStep = m_state->comparisonStep();
        m_subheading->setText(tr("%n rank(s)", nullptr, total) + QStringLiteral(" · ") + what + QStringLiteral(" · ")
            + tr("compared with %1 (%n rank(s))", nullptr, int(other->ranks.size()))
                  .arg(QDir::toNativeSeparators(other->rootPath))
            + (otherStep != step ? QStringLiteral(" · ") + tr("its step %1").arg(otherStep) : QString()));
        return;
    }
    m_subheading->setText(ranks + QStringLiteral(" · ") + what
        + (stageCount > 1 ? QStringLiteral(" · ") + tr("%n pipeline stage(s)", nullptr, int(stageCount))
                : QString()));
    m_barsChart->setSubtitle(step.isEmpty() ? tr("Where each rank's step time goes (average)")
                                            : tr("Where each rank's time goes in step %1").arg(step));
    m_spreadChart->setStep(step);
}

void OverviewPage::showRankChart(RankChart kind)
{
    const int row = m_chartKind->findData(int(kind));
    if (row != m_chartKind->currentIndex()) {
        const QSignalBlocker blocker(m_chartKind);
        m_chartKind->setCurrentIndex(row);
    }
    m_rankCharts->setCurrentWidget(
        kind == RankChart::EveryRank ? static_cast<QWidget*>(m_barsChart) : static_cast<QWidget*>(m_spreadChart));
    updateHeaderControls();
}

void OverviewPage::updateHeaderControls()
{
    const bool compare = showsComparison();
    // The distribution has its own order; the comparison its own charts.
    const bool bars = m_rankCharts->currentWidget() == m_barsChart;
    m_sortLabel->setText(bars ? tr("Sort bars by:") : tr("Sort ranks by:"));
    // The distribution orders ranks by an amount: rank id and stage are no amounts, so they are not
    // offered there (the combo showed "Rank" over ranks sorted by step time).
    if (auto* items = qobject_cast<QStandardItemModel*>(m_sortCombo->model())) {
        for (int column : { int(OverviewBarsModel::RankColumn), int(OverviewBarsModel::StageColumn) }) {
            if (QStandardItem* item = items->item(m_sortCombo->findData(column)))
                item->setEnabled(bars);
        }
    }
    if (!bars && !compare && !isAmountColumn(m_barsModel->sortColumn()))
        sortBars(OverviewBarsModel::TotalColumn, Qt::DescendingOrder);
    m_sortLabel->setVisible(!compare);
    m_sortCombo->setVisible(!compare);
    m_descending->setVisible(!compare && bars); // the distribution is always smallest first
    m_chartKindLabel->setVisible(!compare);
    m_chartKind->setVisible(!compare);
}

bool OverviewPage::isAmountColumn(int column)
{
    return column != OverviewBarsModel::RankColumn && column != OverviewBarsModel::StageColumn;
}

void OverviewPage::sortBars(int column, Qt::SortOrder order)
{
    if (m_rankCharts->currentWidget() == m_spreadChart && !isAmountColumn(column)) {
        // What the distribution draws for them: the step time.
        column = OverviewBarsModel::TotalColumn;
        order = Qt::DescendingOrder;
    }
    const int comboRow = m_sortCombo->findData(column);
    if (comboRow >= 0 && comboRow != m_sortCombo->currentIndex()) {
        const QSignalBlocker blocker(m_sortCombo);
        m_sortCombo->setCurrentIndex(comboRow);
    }
    if (m_descending->isChecked() != (order == Qt::DescendingOrder)) {
        const QSignalBlocker blocker(m_descending);
        m_descending->setChecked(order == Qt::DescendingOrder);
    }
    m_barsModel->sort(column, order);
    m_barsChart->rebuild();
    // It reads the model's rows (now in another order) and sorts on the same column.
    m_spreadChart->setMetric(column);
    m_spreadChart->rebuild();
}

QList<ExportItem> OverviewPage::exportItems() const
{
    QList<ExportItem> items {
        { QStringLiteral("overview-ranks"), m_barsChart->plot(), m_barsModel },
        { QStringLiteral("overview-distribution"), m_spreadChart, nullptr },
        { QStringLiteral("overview-trend"), m_trendChart, m_trendModel },
        { QStringLiteral("overview-steps"), nullptr, m_stepProxy },
        { QStringLiteral("overview-advice"), nullptr, m_adviceModel },
    };
    if (m_state->runCompare())
        items << ExportItem { QStringLiteral("overview-compare-ranks"), m_comparePane->barsChart(),
            m_comparePane->rankProxy() }
              << ExportItem { QStringLiteral("overview-compare-explained"), m_comparePane->explainChart(),
                     m_comparePane->explainModel() };
    return items;
}

} // namespace profscope
