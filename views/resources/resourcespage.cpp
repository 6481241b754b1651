// SPDX-License-Identifier: Apache-2.0
#include "resourcespage.h"
#include "common/deferredrefresh.h"

#include "apistatspanel.h"
#include "deviceheatmap.h"
#include "resourcecharts.h"

#include "analysis/analysisservice.h"
#include "analysis/apistatistics.h"
#include "analysis/memory.h"
#include "common/celltablemodel.h"
#include "common/pagewidgets.h"
#include "common/statuscolors.h"
#include "common/viewstate.h"
#include "itemmodels/flopsopmodel.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>
#include <cmath>

namespace profscope {

namespace {

QSortFilterProxyModel* sortedProxy(QAbstractItemModel* model, QObject* parent)
{
    auto* proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(model);
    proxy->setSortRole(kSortRole);
    return proxy;
}

} // namespace

ResourcesPage::ResourcesPage(ViewState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
    , m_flopsModel(new CellTableModel(this))
    , m_memoryModel(new CellTableModel(this))
{
    m_flopsProxy = sortedProxy(m_flopsModel, this);
    m_memoryProxy = sortedProxy(m_memoryModel, this);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 10, 12, 10);
    layout->setSpacing(8);
    auto* bar = new QHBoxLayout;
    bar->addWidget(makePageTitle(tr("Resources"), this));
    bar->addStretch(1);
    auto* granularityLabel = new QLabel(tr("Colour step:"), this);
    m_granularity = new QComboBox(this);
    m_granularity->setObjectName(QStringLiteral("granularityCombo"));
    for (double g : { 0.1, 0.05, 0.02 })
        m_granularity->addItem(QString::number(g), g);
    m_granularity->setToolTip(tr("The ratio range each colour of the heatmaps stands for (MindInsight's granularity)"));
    granularityLabel->setBuddy(m_granularity);
    bar->addWidget(granularityLabel);
    bar->addWidget(m_granularity);
    layout->addLayout(bar);

    m_stack = new QStackedWidget(this);
    layout->addWidget(m_stack, 1);
    m_empty = new QLabel(m_stack);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setMargin(32);
    m_stack->addWidget(m_empty);
    m_tabs = new QTabWidget(m_stack);
    m_tabs->setObjectName(QStringLiteral("resourcesTabs"));
    m_tabs->setDocumentMode(true);
    m_stack->addWidget(m_tabs);

    m_flopsTab = makeFlopsTab();
    m_memoryTab = makeMemoryTab();
    m_api = new ApiStatsPanel(state, this);
    m_api->setObjectName(QStringLiteral("apiStatsPanel"));

    connect(m_granularity, &QComboBox::currentIndexChanged, this,
            [this] { setGranularity(m_granularity->currentData().toDouble()); });
    if (m_state)
        // Hidden, the page rebuilds when it is next shown.
        connect(m_state, &ViewState::profileChanged, new DeferredRefresh(this, [this] { rebuild(); }),
            &DeferredRefresh::request);
    rebuild();
}

ResourcesPage::~ResourcesPage() = default;

bool ResourcesPage::hasData(const Profile& profile)
{
    return hasResourceData(profile);
}

QWidget* ResourcesPage::makeFlopsTab()
{
    auto* tab = new QWidget(this);
    auto* layout = new QVBoxLayout(tab);
    layout->setContentsMargins(0, 6, 0, 0);
    auto* bar = new QHBoxLayout;
    m_proposals = new QLabel(tab);
    m_proposals->setObjectName(QStringLiteral("flopsProposals"));
    m_proposals->setWordWrap(true);
    m_proposals->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bar->addWidget(m_proposals, 1);
    bar->addWidget(makeExportButton(
        ExportKind::Chart, tab, [this] { exportWidgetInteractive(this, m_flopsHeatmap, QStringLiteral("resources-flops-heatmap")); },
        tr("Save the FLOPs heatmap as PNG, SVG or PDF")));
    bar->addWidget(makeExportButton(
        ExportKind::Table, tab, [this] { exportModelInteractive(this, *m_flopsProxy, QStringLiteral("resources-flops")); },
        tr("Save the FLOPs table as CSV")));
    layout->addLayout(bar);
    auto* splitter = new QSplitter(Qt::Vertical, tab);
    splitter->setChildrenCollapsible(false);
    auto* top = new QSplitter(Qt::Horizontal, splitter);
    top->setChildrenCollapsible(false);
    m_flopsCluster = top;
    m_flopsHeatmap = new DeviceHeatmap(top);
    m_flopsHeatmap->setObjectName(QStringLiteral("flopsHeatmap"));
    m_flopsHeatmap->setRatioName(tr("FLOPs / max FLOPs"));
    m_flopsHeatmap->setGroupLabel(tr("Stage %1"));
    m_flopsHeatmap->setMinimumHeight(220);
    m_flopsChart = new QChartView(top);
    m_flopsChart->setObjectName(QStringLiteral("flopsChart"));
    m_flopsChart->setRenderHint(QPainter::Antialiasing);
    m_flopsChart->setMinimumWidth(320);
    top->setStretchFactor(0, 1);
    top->setStretchFactor(1, 1);
    auto* bottom = new QSplitter(Qt::Horizontal, splitter);
    bottom->setChildrenCollapsible(false);
    auto* table = makeDataTable(m_flopsProxy, bottom);
    table->setObjectName(QStringLiteral("flopsTable"));
    m_flopsTable = table;
    table->sortByColumn(0, Qt::AscendingOrder);
    // The ops of the current rank's flops_{rank}.txt.
    auto* ops = new QWidget(bottom);
    auto* opsLayout = new QVBoxLayout(ops);
    opsLayout->setContentsMargins(0, 0, 0, 0);
    m_flopsOpsTitle = new QLabel(ops);
    m_flopsOps = new FlopsOpModel(this);
    m_flopsOpsProxy = new QSortFilterProxyModel(this);
    m_flopsOpsProxy->setSourceModel(m_flopsOps);
    m_flopsOpsProxy->setSortRole(FlopsOpModel::SortRole);
    auto* opsTable = makeDataTable(m_flopsOpsProxy, ops);
    opsTable->setObjectName(QStringLiteral("flopsOpsTable"));
    opsTable->sortByColumn(FlopsOpModel::TotalMflopsColumn, Qt::DescendingOrder);
    opsLayout->addWidget(m_flopsOpsTitle);
    opsLayout->addWidget(opsTable, 1);
    bottom->setStretchFactor(0, 2);
    bottom->setStretchFactor(1, 3);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);
    addContextAction(table, exportActionText(ExportKind::Table),
                     [this] { exportModelInteractive(this, *m_flopsProxy, QStringLiteral("resources-flops")); });
    addContextAction(opsTable, exportActionText(ExportKind::Table),
                     [this] { exportModelInteractive(this, *m_flopsOpsProxy, QStringLiteral("resources-flops-ops")); });
    // A click shows the device's per-op FLOPs; a double click opens its operators.
    connect(m_flopsHeatmap, &DeviceHeatmap::deviceClicked, this, [this](int rankIndex) {
        if (m_state)
            m_state->setCurrentRank(rankIndex);
    });
    connect(m_flopsHeatmap, &DeviceHeatmap::deviceDoubleClicked, this, [this](int rankIndex) {
        if (m_state)
            m_state->requestOperator(rankIndex, QString());
    });
    connect(table, &QTableView::clicked, this, [this](const QModelIndex& index) {
        const QModelIndex source = m_flopsProxy->mapToSource(index);
        if (m_state)
            m_state->setCurrentRank(m_flopsModel->cell(source.row(), 0)->user.toInt());
    });
    connect(table, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        const QModelIndex source = m_flopsProxy->mapToSource(index);
        if (m_state)
            m_state->requestOperator(m_flopsModel->cell(source.row(), 0)->user.toInt(), QString());
    });
    if (m_state)
        connect(m_state, &ViewState::currentRankChanged, this, &ResourcesPage::fillFlopsOps);
    return tab;
}

QWidget* ResourcesPage::makeMemoryTab()
{
    auto* tab = new QWidget(this);
    auto* layout = new QVBoxLayout(tab);
    layout->setContentsMargins(0, 6, 0, 0);
    auto* bar = new QHBoxLayout;
    m_memoryNote = new QLabel(tab);
    m_memoryNote->setWordWrap(true);
    bar->addWidget(m_memoryNote, 1);
    bar->addWidget(makeExportButton(
        ExportKind::Chart, tab, [this] { exportWidgetInteractive(this, m_memoryHeatmap, QStringLiteral("resources-memory-heatmap")); },
        tr("Save the cluster memory heatmap as PNG, SVG or PDF")));
    bar->addWidget(makeExportButton(
        ExportKind::Table, tab, [this] { exportModelInteractive(this, *m_memoryProxy, QStringLiteral("resources-memory")); },
        tr("Save the cluster memory table as CSV")));
    layout->addLayout(bar);
    auto* splitter = new QSplitter(Qt::Vertical, tab);
    splitter->setChildrenCollapsible(false);
    auto* top = new QSplitter(Qt::Horizontal, splitter);
    top->setChildrenCollapsible(false);
    m_memoryHeatmap = new DeviceHeatmap(top);
    m_memoryHeatmap->setObjectName(QStringLiteral("memoryHeatmap"));
    m_memoryHeatmap->setMinimumHeight(220);
    m_memoryChart = new QChartView(top);
    m_memoryChart->setObjectName(QStringLiteral("memoryChart"));
    m_memoryChart->setRenderHint(QPainter::Antialiasing);
    m_memoryChart->setMinimumWidth(320);
    top->setStretchFactor(0, 1);
    top->setStretchFactor(1, 1);
    auto* table = makeDataTable(m_memoryProxy, splitter);
    table->setObjectName(QStringLiteral("memoryTable"));
    m_memoryTable = table;
    table->sortByColumn(0, Qt::AscendingOrder);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);
    addContextAction(table, exportActionText(ExportKind::Table),
                     [this] { exportModelInteractive(this, *m_memoryProxy, QStringLiteral("resources-memory")); });
    connect(m_memoryHeatmap, &DeviceHeatmap::deviceClicked, this, [this](int rankIndex) {
        if (m_state)
            m_state->requestMemory(rankIndex);
    });
    connect(table, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        const QModelIndex source = m_memoryProxy->mapToSource(index);
        if (m_state)
            m_state->requestMemory(m_memoryModel->cell(source.row(), 0)->user.toInt());
    });
    return tab;
}

QString ResourcesPage::rankLabel(int rankIndex) const
{
    return rankLabel(m_profile.get(), rankIndex);
}

QString ResourcesPage::rankLabel(const Profile* profile, int rankIndex)
{
    if (!profile || rankIndex < 0 || rankIndex >= int(profile->ranks.size()))
        return {};
    const RankInfo& info = profile->ranks[std::size_t(rankIndex)]->info;
    return info.rankId >= 0 ? tr("Rank %1").arg(info.rankId) : info.displayName;
}

void ResourcesPage::setGranularity(double granularity)
{
    const int i = m_granularity->findData(granularity);
    if (i >= 0 && i != m_granularity->currentIndex()) {
        m_granularity->setCurrentIndex(i); // comes back here through the signal
        return;
    }
    m_flopsHeatmap->setGranularity(granularity);
    m_memoryHeatmap->setGranularity(granularity);
}

void ResourcesPage::rebuild()
{
    const ProfilePtr profile = m_state ? m_state->profile() : nullptr;
    if (!profile) {
        AnalysisService::instance()->cancel(this, QStringLiteral("resources"));
        apply(nullptr, {});
        return;
    }
    // The cluster memory reads every rank's memory curves (10,000 ranks: half a second): a job,
    // and the page keeps what it shows until the result arrives.
    // The rows of both tables and the heatmaps' cells (a tooltip each) are made in the job too:
    // appending 10,000 rows of QStandardItems blocked the window for a tenth of a second.
    AnalysisService::instance()->request<std::shared_ptr<Results>>(
        this, QStringLiteral("resources"),
        [profile](const JobToken&) {
            auto results = std::make_shared<Results>();
            results->flops = clusterFlops(*profile);
            results->memory = clusterMemory(*profile);
            results->flopsTable = flopsTable(*profile, results->flops);
            results->memoryTable = memoryTable(*profile, results->memory);
            return results;
        },
        [this, profile](std::shared_ptr<Results> results) {
            if (m_state && profile == m_state->profile())
                apply(profile, std::move(*results));
        });
}

void ResourcesPage::apply(ProfilePtr profile, Results results)
{
    m_profile = std::move(profile);
    m_flops = std::move(results.flops);
    m_memory = std::move(results.memory);
    fillFlops(std::move(results.flopsTable));
    fillFlopsOps();
    fillMemory(std::move(results.memoryTable));
    m_api->rebuild();

    const QSignalBlocker blocker(m_tabs);
    while (m_tabs->count() > 0)
        m_tabs->removeTab(0);
    const bool anyFlopsOps = m_profile
        && std::any_of(m_profile->ranks.begin(), m_profile->ranks.end(),
                       [](const auto& r) { return !r->legacy.resources.flops.ops.empty(); });
    m_flopsCluster->setVisible(!m_flops.isEmpty());
    m_flopsTable->setVisible(!m_flops.isEmpty());
    // The per-operator pane only when some rank has a flops_{rank}.txt.
    m_flopsOpsTitle->parentWidget()->setVisible(anyFlopsOps);
    if (!m_flops.isEmpty() || anyFlopsOps)
        m_tabs->addTab(m_flopsTab, tr("FLOPs"));
    if (!m_memory.isEmpty())
        m_tabs->addTab(m_memoryTab, tr("Cluster Memory"));
    if (m_api->hasData())
        m_tabs->addTab(m_api, tr("API Statistics"));
    // A page that is not a tab stays hidden (QTabWidget shows only its current tab).
    for (QWidget* w : { m_flopsTab, m_memoryTab, static_cast<QWidget*>(m_api) })
        if (m_tabs->indexOf(w) < 0)
            w->hide();
    if (m_tabs->count() == 0) {
        m_empty->setText(tr("No resource data in this profile.\n\n"
                            "flops_summary_{rank}.json (MindSpore profiler/ folders) fills the FLOPs heatmap; "
                            "memory_record.csv, a database's memory records or memory_usage_summary_{rank}.json the "
                            "cluster memory overview; api_statistic.csv or the CANN API calls of a timeline the API statistics."));
        m_stack->setCurrentWidget(m_empty);
        m_granularity->setEnabled(false);
        return;
    }
    m_granularity->setEnabled(!m_flops.isEmpty() || !m_memory.isEmpty());
    m_stack->setCurrentWidget(m_tabs);
}

ResourcesPage::Table ResourcesPage::flopsTable(const Profile& profile, const ClusterFlops& flops)
{
    Table table;
    table.headers = { tr("Rank"), tr("Stage"), tr("FLOPs (M)"), tr("FLOPs / Max"), tr("FLOPS (G/s)"),
        tr("Utilization (%)") };
    for (const ClusterFlopsEntry& e : flops.entries) {
        bool flagged = false;
        for (const FlopsProposal& p : flops.proposals)
            flagged = flagged || (p.kind == FlopsProposal::Kind::SlowRank && p.rankId == e.rankId)
                || (p.kind == FlopsProposal::Kind::PipelineStage && p.stage == e.stage);
        const QString label = rankLabel(&profile, e.rankIndex);
        DeviceHeatmap::Cell c;
        c.rankIndex = e.rankIndex;
        c.rankId = e.rankId;
        c.ratio = e.normalized;
        c.flagged = flagged;
        c.group = e.stage;
        c.value = QString::number(truncatedRatio(e.normalized), 'f', 3);
        c.toolTip = tr("%1%2\nFLOPs: %3 M (%4 of the largest)\nFLOPS: %5 G/s\nClick: its FLOPs per operator; "
                       "double click: its operators")
                        .arg(label)
                        .arg(e.stage > 0 ? tr(" · stage %1").arg(e.stage) : QString())
                        .arg(e.flopsM, 0, 'f', 3)
                        .arg(truncatedRatio(e.normalized), 0, 'f', 3)
                        .arg(e.flopsPerSecondG, 0, 'f', 3);
        table.cells.push_back(std::move(c));
        // The rank column keeps the rank's index (its sort key is the rank id).
        TableCell rank = textCell(label, e.rankId);
        rank.user = e.rankIndex;
        table.rows.push_back({ std::move(rank), numberCell(e.stage > 0 ? double(e.stage) : kNoValue, 0),
            numberCell(e.flopsM, 3), numberCell(e.normalized, 6), numberCell(e.flopsPerSecondG, 3),
            numberCell(e.utilizationPercent, 3) });
    }
    return table;
}

void ResourcesPage::fillFlops(Table table)
{
    m_flopsModel->setTable(std::move(table.headers), std::move(table.rows));
    std::vector<DeviceHeatmap::Cell> cells = std::move(table.cells);
    m_flopsHeatmap->setCells(std::move(cells));
    m_flopsTable->resizeColumnsToContents();
    const bool flopsChart = !m_flops.isEmpty() && int(m_flops.entries.size()) <= kMaxChartDevices;
    m_flopsChart->setVisible(flopsChart);
    if (flopsChart) {
        QChart* old = m_flopsChart->chart();
        m_flopsChart->setChart(makeFlopsChart(m_flops, palette()));
        delete old;
    }

    QStringList lines;
    for (const FlopsProposal& p : m_flops.proposals)
        lines << QStringLiteral("⚠ ") + p.text.toHtmlEscaped();
    if (lines.isEmpty() && !m_flops.isEmpty())
        lines << tr("No proposal: no rank computes more than 20% below the mean FLOPS%1.")
                     .arg(m_flops.stageNum > 1 ? tr(" and no pipeline stage more than 20% above the mean of the stages")
                                               : QString());
    if (m_flops.stageNum > 0)
        lines << tr("Layout from the ascend_cluster_analyse file names: %1, %2 stage(s) over %3 ranks.")
                     .arg(m_flops.parallelMode)
                     .arg(m_flops.stageNum)
                     .arg(m_flops.rankSize);
    if (!m_flops.ranksWithoutSummary.empty()) {
        QStringList ids;
        for (int id : m_flops.ranksWithoutSummary)
            ids << QString::number(id);
        lines << tr("%n rank(s) (%1) with flops_{rank}.txt but no flops_summary_{rank}.json: not in the heatmap; "
                    "click the rank in the project tree for its FLOPs per operator.",
                    nullptr, int(ids.size()))
                     .arg(ids.join(QStringLiteral(", ")));
    }
    m_proposals->setText(lines.join(QStringLiteral("<br>")));
    m_proposals->setTextFormat(Qt::RichText);
}

ResourcesPage::Table ResourcesPage::memoryTable(const Profile& profile, const ClusterMemory& memory)
{
    Table table;
    table.headers = { tr("Rank"), tr("Peak (MB)"), tr("Capacity (MB)"), tr("Ratio"), tr("Source"),
        tr("Peak at (ms)") };
    for (const ClusterMemoryEntry& e : memory.entries) {
        const bool summary = e.source == ClusterMemoryEntry::Source::UsageSummary;
        const QString source = summary ? tr("memory_usage_summary") : tr("%1 reserved (memory_record)").arg(e.curve);
        const QString label = rankLabel(&profile, e.rankIndex);
        DeviceHeatmap::Cell c;
        c.rankIndex = e.rankIndex;
        c.rankId = e.rankId;
        c.ratio = e.ratio;
        c.value = QStringLiteral("%1 GB\n%2").arg(e.peakMB / 1024.0, 0, 'f', 2).arg(truncatedRatio(e.ratio), 0, 'f', 3);
        c.toolTip = tr("%1\nPeak: %2 MB (%3)\n%4\nClick to open its memory curves")
                        .arg(label)
                        .arg(e.peakMB, 0, 'f', 2)
                        .arg(source)
                        .arg(e.ratioOfCapacity ? tr("%1 of the device capacity %2 MB").arg(truncatedRatio(e.ratio), 0, 'f', 3).arg(e.capacityMB, 0, 'f', 0)
                                               : tr("%1 of the largest peak of the cluster").arg(truncatedRatio(e.ratio), 0, 'f', 3));
        table.cells.push_back(std::move(c));
        // The rank column keeps the rank's index (its sort key is the rank id).
        TableCell rank = textCell(label, e.rankId);
        rank.user = e.rankIndex;
        // On the Memory page's axis (time since the rank's profile start), where a click on
        // the device opens its curves at the peak; the CLI export keeps the raw ns.
        const double peakMs = e.peakTsNs == kInvalidTime
            ? std::numeric_limits<double>::quiet_NaN()
            : double(e.peakTsNs - memoryTimeOriginNs(*profile.ranks[std::size_t(e.rankIndex)])) / 1e6;
        TableCell time = msCell(peakMs);
        table.rows.push_back({ std::move(rank), numberCell(e.peakMB, 2), numberCell(e.capacityMB, 2),
            numberCell(e.ratio, 6), textCell(source), std::move(time) });
    }
    return table;
}

void ResourcesPage::fillMemory(Table table)
{
    m_memoryModel->setTable(std::move(table.headers), std::move(table.rows));
    std::vector<DeviceHeatmap::Cell> cells = std::move(table.cells);
    m_memoryHeatmap->setCells(std::move(cells));
    m_memoryTable->resizeColumnsToContents();
    const bool memoryChart = !m_memory.isEmpty() && int(m_memory.entries.size()) <= kMaxChartDevices;
    m_memoryChart->setVisible(memoryChart);
    if (memoryChart) {
        QChart* old = m_memoryChart->chart();
        m_memoryChart->setChart(makeMemoryChart(m_memory, palette()));
        delete old;
    }
    const bool allCapacity = !m_memory.entries.empty() && std::all_of(m_memory.entries.begin(), m_memory.entries.end(),
                                                                     [](const auto& e) { return e.ratioOfCapacity; });
    m_memoryHeatmap->setRatioName(allCapacity ? tr("peak / capacity") : tr("peak / largest peak"));
    if (allCapacity)
        m_memoryNote->setText(tr("Each device's memory peak against its capacity (memory_usage_summary)."));
    else
        m_memoryNote->setText(
            tr("Each device's peak reserved memory against the largest peak of the cluster (%1 MB): memory_record "
               "does not state the device capacity. Click a device to open its memory curves at the peak.")
                .arg(m_memory.maxPeakMB, 0, 'f', 2));
}

void ResourcesPage::fillFlopsOps()
{
    const int rankIndex = m_state ? m_state->currentRank() : -1;
    if (!m_profile || rankIndex < 0 || rankIndex >= int(m_profile->ranks.size())) {
        m_flopsOps->setTable({});
        m_flopsOpsTitle->clear();
        return;
    }
    const FlopsTable& table = m_profile->ranks[std::size_t(rankIndex)]->legacy.resources.flops;
    m_flopsOps->setTable(table);
    if (auto* view = m_flopsOpsTitle->parentWidget()->findChild<QTableView*>()) {
        view->resizeColumnsToContents();
        view->setColumnWidth(0, std::min(view->columnWidth(0), 420));
    }
    m_flopsOpsTitle->setText(table.ops.empty()
            ? tr("%1 has no flops_{rank}.txt: no FLOPs per operator. Click a device to see its operators' FLOPs.")
                  .arg(rankLabel(rankIndex))
            : tr("FLOPs per operator of %1 (%n op(s), flops_{rank}.txt)", nullptr, int(table.ops.size()))
                  .arg(rankLabel(rankIndex)));
}

QString ResourcesPage::flopsOpsTitle() const
{
    return m_flopsOpsTitle->text();
}

QString ResourcesPage::proposalText() const
{
    return m_proposals->text();
}

bool ResourcesPage::isEmptyStateShown() const
{
    return m_stack->currentWidget() == m_empty;
}

QString ResourcesPage::emptyText() const
{
    return m_empty->text();
}

QList<ExportItem> ResourcesPage::exportItems() const
{
    QList<ExportItem> items;
    if (isEmptyStateShown())
        return items;
    if (!m_flops.isEmpty()) {
        items.push_back({ QStringLiteral("resources-flops-heatmap"), m_flopsHeatmap, nullptr });
        if (!m_flopsChart->isHidden())
            items.push_back({ QStringLiteral("resources-flops-chart"), m_flopsChart, nullptr });
        items.push_back({ QStringLiteral("resources-flops"), nullptr, m_flopsProxy });
    }
    if (m_flopsOps->rowCount() > 0)
        items.push_back({ QStringLiteral("resources-flops-ops"), nullptr, m_flopsOpsProxy });
    if (!m_memory.isEmpty()) {
        items.push_back({ QStringLiteral("resources-memory-heatmap"), m_memoryHeatmap, nullptr });
        if (!m_memoryChart->isHidden())
            items.push_back({ QStringLiteral("resources-memory-chart"), m_memoryChart, nullptr });
        items.push_back({ QStringLiteral("resources-memory"), nullptr, m_memoryProxy });
    }
    items << m_api->exportItems();
    return items;
}

} // namespace profscope
