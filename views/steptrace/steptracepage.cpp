// SPDX-License-Identifier: Apache-2.0
#include "steptracepage.h"

#include "common/headerbar.h"

#include "steptracecharts.h"
#include "trajectorypanel.h"

#include "analysis/analysisservice.h"
#include "common/deferredrefresh.h"
#include "common/pagewidgets.h"
#include "common/viewstate.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

namespace profscope {

namespace {

bool rankHasSteps(const RankData& rank)
{
    return !rank.legacy.stepTrace.rows.empty() || !rank.trace.isEmpty() || !rank.stepTrace.empty();
}

} // namespace

StepTracePage::StepTracePage(ViewState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 10, 12, 10);
    layout->setSpacing(6);
    // The controls go under the title when the window is narrow (HeaderBar).
    auto* bar = new HeaderBar(this);
    m_title = makePageTitle(tr("Step Trace"), this);
    auto* titles = new QVBoxLayout;
    titles->addWidget(m_title);
    bar->setTitles(titles);
    auto* rankLabel = new QLabel(tr("Rank:"), this);
    bar->addControl(rankLabel);
    m_rankCombo = new QComboBox(this);
    rankLabel->setBuddy(m_rankCombo);
    m_rankCombo->setObjectName(QStringLiteral("stepTraceRank"));
    m_rankCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    bar->addControl(m_rankCombo);
    auto* stepLabel = new QLabel(tr("Step:"), this);
    bar->addControl(stepLabel);
    m_stepCombo = new QComboBox(this);
    stepLabel->setBuddy(m_stepCombo);
    m_stepCombo->setObjectName(QStringLiteral("stepTraceStep"));
    m_stepCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_stepCombo->setMinimumContentsLength(18);
    m_stepCombo->setToolTip(tr("The average over all steps, or one step"));
    bar->addControl(m_stepCombo);
    m_timelineButton = new QPushButton(tr("Show in Timeline"), this);
    m_timelineButton->setToolTip(tr("Open the step shown on the Timeline, its range marked (double-click a stage "
                                    "row for the stage)"));
    connect(m_timelineButton, &QPushButton::clicked, this, [this] { showInTimeline(); });
    bar->addControl(m_timelineButton);
    auto* exportChart = makeExportButton(
        ExportKind::Chart, this,
        [this] {
            if (m_tabs->currentWidget() == m_trajectory)
                exportWidgetInteractive(this, m_trajectory->chart(), QStringLiteral("steptrace-cluster"));
            else
                exportWidgetInteractive(this, m_stageChart, QStringLiteral("steptrace-stages"));
        },
        tr("Save the stage chart (or the cluster chart) as PNG, SVG or PDF"));
    auto* exportTable = makeExportButton(
        ExportKind::Table, this,
        [this] {
            if (m_tabs->currentWidget() == m_trajectory)
                exportModelInteractive(this, *m_trajectory->proxy(), QStringLiteral("steptrace-cluster"));
            else
                exportModelInteractive(this, *m_stageModel, QStringLiteral("steptrace-stages"));
        },
        tr("Save the stage table (or the cluster table) as CSV"));
    bar->addControl(exportChart);
    bar->addControl(exportTable);
    layout->addWidget(bar);

    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    layout->addWidget(m_tabs, 1);

    // Device tab: info, stage chart | stage table, steps, trends; scrolls when the window is small.
    auto* deviceStack = new QStackedWidget(m_tabs);
    auto* scroll = new QScrollArea(deviceStack);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // The content follows the width; only the height scrolls.
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_devicePage = new QWidget(scroll);
    auto* device = new QVBoxLayout(m_devicePage);
    device->setContentsMargins(0, 6, 0, 0);
    m_info = new QLabel(m_devicePage);
    m_info->setWordWrap(true);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    device->addWidget(m_info);
    auto* top = new QSplitter(Qt::Horizontal, m_devicePage);
    top->setChildrenCollapsible(false);
    m_stageChart = new StageChart(top);
    m_stageModel = new QStandardItemModel(this);
    m_stageModel->setSortRole(kSortRole);
    m_stageTable = makeDataTable(m_stageModel, top);
    m_stageTable->setObjectName(QStringLiteral("stageTable"));
    m_stageTable->setMinimumWidth(280);
    top->addWidget(m_stageChart);
    top->addWidget(m_stageTable);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 2);
    top->setSizes({ 600, 400 });
    device->addWidget(top, 3);
    m_stepChart = new StackedBarsChart(tr("Stages per step"), m_devicePage);
    m_stepChart->setObjectName(QStringLiteral("stepChart"));
    m_stepChart->setMinimumHeight(220);
    device->addWidget(m_stepChart, 2);
    auto* trends = new QHBoxLayout;
    for (std::size_t i = 0; i < m_trends.size(); ++i) {
        m_trends[i] = new TrendChart(StepStageKind::Gap, m_devicePage);
        trends->addWidget(m_trends[i]);
        connect(m_trends[i], &TrendChart::stepClicked, this, &StepTracePage::setShownStep);
        addContextAction(m_trends[i], exportActionText(ExportKind::Chart), [this, i] {
            exportWidgetInteractive(this, m_trends[i], QStringLiteral("steptrace-trend-%1").arg(i + 1));
        });
    }
    device->addLayout(trends, 2);
    scroll->setWidget(m_devicePage);
    deviceStack->addWidget(scroll);
    m_empty = new QLabel(deviceStack);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setMargin(40);
    deviceStack->addWidget(m_empty);
    m_tabs->addTab(deviceStack, tr("Device"));

    m_trajectory = new TrajectoryPanel(m_tabs);
    m_tabs->addTab(m_trajectory, tr("Cluster Iteration Trajectory"));

    connect(m_stepChart, &StackedBarsChart::categoryClicked, this, [this](int index) {
        if (index >= 0 && std::size_t(index) < m_trace->steps.size())
            setShownStep(m_trace->steps[std::size_t(index)].step);
    });
    connect(m_stepCombo, &QComboBox::currentIndexChanged, this, [this] {
        const QString step = m_stepCombo->currentData().toString();
        // The step is the profile's: every page follows (when it knows it).
        if (m_state && (step.isEmpty() || m_state->steps().contains(step)))
            m_state->setStep(step);
        fillStep();
        fillTrajectory();
    });
    connect(m_rankCombo, &QComboBox::currentIndexChanged, this, [this] {
        const int rankIndex = m_rankCombo->currentData().toInt();
        if (m_state && rankIndex >= 0)
            m_state->setCurrentRank(rankIndex);
        if (rankIndex != m_rankIndex) {
            m_rankIndex = rankIndex;
            rebuildRank();
        }
    });
    connect(m_trajectory, &TrajectoryPanel::deviceRequested, this, &StepTracePage::openDevice);
    connect(m_stageTable, &QTableView::activated, this, [this](const QModelIndex& index) {
        if (index.isValid())
            showInTimeline(m_stageModel->item(index.row(), 0)->data(Qt::UserRole + 2).toInt());
    });
    addContextAction(m_stageChart, exportActionText(ExportKind::Chart),
        [this] { exportWidgetInteractive(this, m_stageChart, QStringLiteral("steptrace-stages")); });
    addContextAction(m_stepChart, exportActionText(ExportKind::Chart),
        [this] { exportWidgetInteractive(this, m_stepChart, QStringLiteral("steptrace-steps")); });
    addContextAction(m_stageTable, exportActionText(ExportKind::Table),
        [this] { exportModelInteractive(this, *m_stageModel, QStringLiteral("steptrace-stages")); });

    m_refresh = new DeferredRefresh(this, [this] {
        if (m_syncRefresh)
            refresh();
        else
            prefetchThenRefresh();
    });
    if (m_state) {
        connect(m_state, &ViewState::profileChanged, this, &StepTracePage::invalidate);
        connect(m_state, &ViewState::currentRankChanged, this, [this](int rankIndex) {
            const int index = m_rankCombo->findData(rankIndex);
            if (rankIndex != m_rankIndex && !m_refresh->pending() && index >= 0)
                m_rankCombo->setCurrentIndex(index);
        });
        connect(m_state, &ViewState::stepChanged, this, [this](const QString& step) {
            if (m_refresh->pending())
                return;
            if (!isVisible() && window()->isVisible()) {
                m_refresh->request(); // hidden in the main window: catch up when shown
                return;
            }
            if (step != shownStep())
                setShownStep(step);
        });
    }
    invalidate();
}

StepTracePage::~StepTracePage() = default;

bool StepTracePage::hasData(const Profile& profile)
{
    for (const auto& r : profile.ranks)
        if (rankHasSteps(*r))
            return true;
    return false;
}

QList<ExportItem> StepTracePage::exportItems() const
{
    // An export reads the page at once: no job.
    m_syncRefresh = true;
    m_refresh->flush();
    m_syncRefresh = false;
    QList<ExportItem> items;
    if (!isEmptyStateShown()) {
        items.push_back({ QStringLiteral("steptrace-stages"), m_stageChart, m_stageModel });
        items.push_back({ QStringLiteral("steptrace-steps"), m_stepChart, nullptr });
        for (std::size_t i = 0; i < m_trends.size(); ++i)
            if (m_trends[i]->isVisibleTo(m_devicePage))
                items.push_back({ QStringLiteral("steptrace-trend-%1").arg(i + 1), m_trends[i], nullptr });
    }
    if (m_tabs->isTabVisible(1) && !m_trajectory->trajectory().rows.empty())
        items.push_back({ QStringLiteral("steptrace-cluster"), m_trajectory->chart(), m_trajectory->proxy() });
    return items;
}

QString StepTracePage::shownStep() const
{
    return m_stepCombo->currentData().toString();
}

void StepTracePage::setShownStep(const QString& step)
{
    const int index = m_stepCombo->findData(step);
    if (index >= 0)
        m_stepCombo->setCurrentIndex(index);
}

QString StepTracePage::infoText() const
{
    return m_info->text();
}

bool StepTracePage::isEmptyStateShown() const
{
    const auto* stack = qobject_cast<QStackedWidget*>(m_tabs->widget(0));
    return stack && stack->currentWidget() == m_empty;
}

void StepTracePage::showCluster(bool cluster)
{
    m_syncRefresh = true;
    m_refresh->flush();
    m_syncRefresh = false;
    m_tabs->setCurrentIndex(cluster && m_tabs->isTabVisible(1) ? 1 : 0);
}

void StepTracePage::invalidate()
{
    m_profile = m_state ? m_state->profile() : nullptr;
    m_refresh->request();
}

std::vector<ComboItem> StepTracePage::rankComboItems(const Profile& profile)
{
    std::vector<ComboItem> items;
    items.reserve(profile.ranks.size());
    const QString rankFormat = tr("Rank %1");
    for (std::size_t i = 0; i < profile.ranks.size(); ++i) {
        const RankData& r = *profile.ranks[i];
        if (!rankHasSteps(r))
            continue;
        items.push_back({ r.info.rankId >= 0 ? rankFormat.arg(r.info.rankId) : r.info.displayName, int(i), {} });
    }
    return items;
}

void StepTracePage::refresh(const std::shared_ptr<PreparedComboItems>& rankItems)
{
    const QSignalBlocker rankBlocker(m_rankCombo);
    m_rankCombo->clear();
    m_rankIndex = -1;
    if (m_profile) {
        if (rankItems)
            fillCombo(m_rankCombo, *rankItems); // the box owns its items now
        else
            fillCombo(m_rankCombo, rankComboItems(*m_profile));
        const int current = m_state ? m_state->currentRank() : -1;
        const int found = m_rankCombo->findData(current);
        m_rankCombo->setCurrentIndex(found >= 0 ? found : 0);
        m_rankIndex = m_rankCombo->count() > 0 ? m_rankCombo->currentData().toInt() : -1;
    }
    m_rankCombo->setEnabled(m_rankCombo->count() > 1);
    // The cluster tab for more than one device.
    m_tabs->setTabVisible(1, m_profile && m_profile->ranks.size() > 1);
    fillSteps();
    rebuildRank();
    fillTrajectory();
}

void StepTracePage::fillSteps()
{
    const QSignalBlocker blocker(m_stepCombo);
    const QString previous = m_state ? m_state->step() : QString();
    m_stepCombo->clear();
    m_stepCombo->addItem(tr("Average of all steps"), QString());
    QStringList steps;
    if (m_profile) {
        // The average, which fillTrajectory shows unless a step is chosen: computed once for both.
        steps = sharedClusterTrajectory(*m_profile)->steps;
        if (m_rankIndex >= 0)
            for (const StepTraceStep& s : rankStepTrace(*m_profile, m_rankIndex)->steps)
                if (!steps.contains(s.step) && !s.step.isEmpty())
                    steps << s.step;
    }
    for (const QString& s : steps)
        m_stepCombo->addItem(tr("Step %1").arg(s), s);
    m_stepCombo->setCurrentIndex(std::max(0, m_stepCombo->findData(previous)));
    m_stepCombo->setEnabled(!steps.isEmpty());
}

void StepTracePage::rebuildRank()
{
    auto* stack = qobject_cast<QStackedWidget*>(m_tabs->widget(0));
    m_trace = m_profile && m_rankIndex >= 0 ? rankStepTrace(*m_profile, m_rankIndex)
                                            : std::make_shared<const RankStepTrace>();
    if (m_trace->isEmpty()) {
        m_title->setText(tr("Step Trace"));
        m_empty->setText(m_trace->note.isEmpty()
                ? tr("No step figures in this profile. They come from step_trace_raw_*_detail_time.csv (MindInsight "
                     "profiles), step_trace_time.csv or a timeline with step markers.")
                : tr("No step figures for this rank: %1.").arg(m_trace->note));
        stack->setCurrentWidget(m_empty);
        m_stepChart->setData({}, {}, tr("Step"));
        return;
    }
    stack->setCurrentIndex(0);
    const RankData& rank = *m_profile->ranks[std::size_t(m_rankIndex)];
    m_title->setText(rank.info.rankId >= 0 ? tr("Step Trace · rank %1").arg(rank.info.rankId)
                                           : tr("Step Trace · %1").arg(rank.info.displayName));
    // Stacked per step.
    QStringList categories;
    std::vector<StackedBarsChart::Series> series;
    for (StepStageKind kind : m_trace->components)
        series.push_back({ kind, stepStageName(kind), {} });
    for (const StepTraceStep& s : m_trace->steps) {
        categories << s.step;
        for (std::size_t c = 0; c < m_trace->components.size(); ++c)
            series[c].valuesMs << msOrNan(s.value(m_trace->components[c]));
    }
    m_stepChart->setData(categories, std::move(series), tr("Step"));
    for (std::size_t i = 0; i < m_trends.size(); ++i) {
        const bool shown = i < m_trace->components.size();
        m_trends[i]->setVisible(shown);
        if (shown)
            m_trends[i]->setTrace(*m_trace, m_trace->components[i]);
    }
    fillStep();
}

void StepTracePage::fillStep()
{
    m_timelineButton->setEnabled(false);
    if (m_trace->isEmpty())
        return;
    const QString step = shownStep();
    const StepTraceStep shown = stepOrAverage(*m_trace, step);
    m_stageChart->setStep(shown);
    m_stageChart->setTitle(step.isEmpty()
            ? tr("Stages of the average step (%n step(s))", nullptr, int(m_trace->steps.size()))
            : tr("Stages of step %1").arg(step));
    fillStageTable(shown);
    int index = -1;
    for (std::size_t i = 0; i < m_trace->steps.size(); ++i)
        if (m_trace->steps[i].step == step)
            index = int(i);
    m_stepChart->setSelectedCategory(index);
    m_timelineButton->setEnabled(canShowInTimeline());
    for (TrendChart* t : m_trends)
        t->setSelectedStep(step);

    const QLocale locale;
    QStringList parts;
    if (m_trace->source == RankStepTrace::Source::StepTraceRaw) {
        parts << tr("From step_trace_raw (MindInsight step trace): Step Gap = previous step's end → forward start, "
                    "FP+BP = forward start → backward end, Tail = backward end → step end (gradient reduction, "
                    "parameter update).");
        if (!m_trace->points.fpStart.isEmpty() || !m_trace->points.bpEnd.isEmpty())
            parts << tr("FP start point: <b>%1</b> · BP end point: <b>%2</b> (step_trace_point_info.json).")
                         .arg(m_trace->points.fpStart.toHtmlEscaped(), m_trace->points.bpEnd.toHtmlEscaped());
        else
            parts << tr("The FP/BP points are not known (no step_trace_point_info.json).");
    } else if (m_trace->source == RankStepTrace::Source::StepMarkers) {
        parts << tr("From the timeline's step trace (CANN msprof: Iteration and FP_BP Time slices): Step Gap = "
                    "previous iteration's end → forward start (data preparation, Data_aug Bound), FP+BP = forward "
                    "start → backward end, Tail = backward end → iteration end (gradient reduction, parameter "
                    "update).");
    } else {
        parts << tr("From the step table (step_trace_time.csv or recomputed from the timeline): this format has no "
                    "FP/BP points, so the step is split into Preparing, Computing, Communication (not overlapped) and "
                    "Free; only Preparing has a known position in the step.");
    }
    parts << tr("%n step(s); shown: %1, %2 ms.", nullptr, int(m_trace->steps.size()))
                 .arg(step.isEmpty() ? tr("the average") : tr("step %1").arg(step),
                     locale.toString(msOrNan(shown.durationNs), 'f', 3));
    m_info->setText(parts.join(QLatin1Char(' ')));
}

void StepTracePage::fillStageTable(const StepTraceStep& step)
{
    m_stageModel->clear();
    m_stageModel->setHorizontalHeaderLabels({ tr("Stage"), tr("Start (ms)"), tr("Finish (ms)"), tr("Duration (ms)"),
        tr("Share of Step"), tr("Steps") });
    for (const StepStage& s : step.stages) {
        const double share = step.durationNs > 0 ? double(s.durationNs) / double(step.durationNs) * 100 : std::nan("");
        auto* shareItem = msItem(share);
        if (!std::isnan(share))
            shareItem->setText(QString::number(share, 'f', 1) + QLatin1Char('%'));
        auto* name = sortableItem(s.name);
        name->setToolTip(stepStageName(s.kind));
        name->setData(int(&s - step.stages.data()), Qt::UserRole + 2); // index into the step's stages
        m_stageModel->appendRow({ name, msItem(msOrNan(s.startNs)), msItem(msOrNan(s.endNs())),
            msItem(msOrNan(s.durationNs)), shareItem, sortableItem(QString::number(s.steps), s.steps) });
    }
    m_stageTable->resizeColumnsToContents();
}

void StepTracePage::prefetchThenRefresh()
{
    const ProfilePtr profile = m_state ? m_state->profile() : nullptr;
    if (!profile) {
        refresh();
        return;
    }
    // The cluster trajectories (every rank's step trace: 10,000 ranks, a third of a second) are
    // computed in a job, the average (the step list) and the shared step's; the page is filled
    // from them, memoised, when they arrive.
    const QString step = m_state->step();
    // The rank box's items too (a QStandardItem each, 10,000 ranks: about 10 ms).
    AnalysisService::instance()->request<std::shared_ptr<PreparedComboItems>>(
        this, QStringLiteral("prefetch"),
        [profile, step](const JobToken& token) {
            sharedClusterTrajectory(*profile);
            if (!token.canceled() && !step.isEmpty())
                sharedClusterTrajectory(*profile, step);
            return token.canceled() ? nullptr : std::make_shared<PreparedComboItems>(rankComboItems(*profile));
        },
        [this, profile](const std::shared_ptr<PreparedComboItems>& rankItems) {
            if (m_state && profile == m_state->profile())
                refresh(profile == m_profile ? rankItems : nullptr);
        });
}

void StepTracePage::fillTrajectory()
{
    if (!m_profile || !m_tabs->isTabVisible(1))
        return;
    if (m_syncRefresh || AnalysisService::synchronous()) {
        m_trajectory->setTrajectory(*sharedClusterTrajectory(*m_profile, shownStep()));
        return;
    }
    const ProfilePtr profile = m_profile;
    const QString step = shownStep();
    // The table's rows too (a row of cells per device), so that the GUI thread only swaps them in.
    struct Result
    {
        std::shared_ptr<const ClusterTrajectory> trajectory;
        std::vector<TableRow> rows;
    };
    const TrajectoryPanel::Colors colors = m_trajectory->colors();
    AnalysisService::instance()->request<std::shared_ptr<Result>>(
        this, QStringLiteral("trajectory"),
        [profile, step, colors](const JobToken&) {
            auto result = std::make_shared<Result>();
            result->trajectory = sharedClusterTrajectory(*profile, step);
            result->rows = TrajectoryPanel::tableRows(*result->trajectory, colors);
            return result;
        },
        [this, profile, step](std::shared_ptr<Result> result) {
            if (profile == m_profile && step == shownStep())
                m_trajectory->setTrajectory(*result->trajectory, std::move(result->rows));
        });
}

TimeNs StepTracePage::timelineOffsetNs() const
{
    if (!m_profile || m_rankIndex < 0 || m_trace->isEmpty())
        return kInvalidTime;
    const RankData& rank = *m_profile->ranks[std::size_t(m_rankIndex)];
    if (rank.trace.isEmpty())
        return kInvalidTime;
    if (m_trace->source != RankStepTrace::Source::StepTraceRaw)
        return 0; // the step table's and the step markers' steps are the timeline's own
    // step_trace_raw counts device ticks; the loader placed them on the
    // timeline (min_cycle_counter, else matched against output_timeline_data).
    return rank.legacy.stepTrace.timelineOffsetNs;
}

bool StepTracePage::canShowInTimeline() const
{
    return !shownStep().isEmpty() && timelineOffsetNs() != kInvalidTime
        && stepOrAverage(*m_trace, shownStep()).startNs != kInvalidTime;
}

bool StepTracePage::showInTimeline(int stageRow)
{
    if (!m_state || !canShowInTimeline())
        return false;
    const StepTraceStep step = stepOrAverage(*m_trace, shownStep());
    TimeNs startNs = step.startNs + timelineOffsetNs();
    TimeNs endNs = startNs + step.durationNs;
    QString name = tr("Step %1").arg(step.step);
    if (stageRow >= 0 && std::size_t(stageRow) < step.stages.size()) {
        const StepStage& stage = step.stages[std::size_t(stageRow)];
        if (stage.startNs == kInvalidTime)
            return false;
        startNs += stage.startNs;
        endNs = startNs + stage.durationNs;
        name = stage.name;
    }
    m_state->requestTimeline(m_rankIndex, startNs, std::max(endNs, startNs + 1), name);
    return true;
}

void StepTracePage::openDevice(int rankIndex)
{
    const int index = m_rankCombo->findData(rankIndex);
    if (index < 0)
        return;
    m_rankCombo->setCurrentIndex(index);
    m_tabs->setCurrentIndex(0);
}

} // namespace profscope
