// SPDX-License-Identifier: Apache-2.0
#include "dataprepage.h"
#include "common/deferredrefresh.h"

#include "pipelinegraph.h"

#include "common/pagewidgets.h"
#include "common/statuscolors.h"
#include "common/vectorplot.h"
#include "common/viewstate.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <cmath>

namespace profscope {

namespace {

// Title on top, legend in rows under the axis rect (the curves keep the full area).
VectorPlot* makePlot(const QString& title, QWidget* parent)
{
    auto* plot = new VectorPlot(parent);
    plot->setMinimumHeight(220);
    plot->setAntialiasedElements(QCP::aeAll);
    plot->legend->setVisible(true);
    auto* legendRow = new QCPLayoutGrid;
    plot->plotLayout()->addElement(1, 0, legendRow);
    legendRow->setMargins(QMargins(6, 0, 6, 4));
    plot->axisRect()->insetLayout()->take(plot->legend);
    legendRow->addElement(0, 0, plot->legend);
    plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    plot->legend->setWrap(2);
    // As many columns as the width allows, never a clipped name.
    QObject::connect(plot, &QCustomPlot::beforeReplot, plot, [plot] {
        if (plot->legend->visible())
            fitLegendColumns(plot, plot->width());
    });
    plot->plotLayout()->setRowStretchFactor(1, 0.001);
    plot->plotLayout()->insertRow(0);
    QFont f = plot->font();
    f.setWeight(QFont::DemiBold);
    QCPTextElement* text = makeChartTitle(plot, title, f);
    text->setObjectName(QStringLiteral("title"));
    plot->plotLayout()->addElement(0, 0, text);
    applyPlotPalette(plot);
    return plot;
}

bool rankHasData(const RankData& r)
{
    return !r.minddata.isEmpty() || !r.legacy.minddataPipeline.empty();
}

const QColor kSeries[] = { QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0x76, 0xb7, 0xb2),
    QColor(0xe1, 0x57, 0x59), QColor(0x59, 0xa1, 0x4f), QColor(0xb0, 0x7a, 0xa1), QColor(0x9c, 0x75, 0x5f),
    QColor(0xed, 0xc9, 0x48) };

} // namespace

DataPrepPage::DataPrepPage(ViewState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 10, 12, 10);
    layout->setSpacing(8);
    auto* bar = new QHBoxLayout;
    m_title = makePageTitle(tr("Data Preparation"), this);
    bar->addWidget(m_title);
    bar->addStretch(1);
    auto* exportGraph = makeExportButton(
        ExportKind::Chart, this,
        [this] { exportWidgetInteractive(this, m_graph, QStringLiteral("dataprep-pipeline")); },
        tr("Save the pipeline graph as PNG, SVG or PDF"));
    auto* exportTable = makeExportButton(
        ExportKind::Table, this,
        [this] {
            if (m_tables->currentWidget() == m_datasetTable)
                exportModelInteractive(this, *m_datasetModel, QStringLiteral("dataprep-dataset"));
            else
                exportModelInteractive(this, *m_opModel, QStringLiteral("dataprep-ops"));
        },
        tr("Save the table shown as CSV"));
    bar->addWidget(exportGraph);
    bar->addWidget(exportTable);
    layout->addLayout(bar);

    m_stack = new QStackedWidget(this);
    layout->addWidget(m_stack, 1);
    auto* content = new QSplitter(Qt::Vertical, m_stack);
    content->setChildrenCollapsible(false);

    // Top: graph | findings.
    auto* top = new QSplitter(Qt::Horizontal, content);
    top->setChildrenCollapsible(false);
    auto* graphBox = new QWidget(top);
    auto* graphLayout = new QVBoxLayout(graphBox);
    graphLayout->setContentsMargins(0, 0, 0, 0);
    // Wraps rather than pushing past its half of the splitter into the next heading.
    QLabel* graphHeading = makeHeading(tr("Pipeline: source → device; arrows and fill: output queue usage"), graphBox);
    graphHeading->setWordWrap(true);
    graphLayout->addWidget(graphHeading);
    m_graph = new PipelineGraph(graphBox);
    graphLayout->addWidget(m_graph, 1);
    auto* findingsBox = new QWidget(top);
    auto* findingsLayout = new QVBoxLayout(findingsBox);
    findingsLayout->setContentsMargins(0, 0, 0, 0);
    findingsLayout->addWidget(makeHeading(tr("Bottlenecks and proposals"), findingsBox));
    m_findings = new QTextBrowser(findingsBox);
    m_findings->setOpenLinks(false);
    m_findings->setMinimumWidth(340);
    findingsLayout->addWidget(m_findings, 1);
    top->addWidget(graphBox);
    top->addWidget(findingsBox);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 2);

    // Middle: tables.
    m_tables = new QTabWidget(content);
    m_opModel = new QStandardItemModel(this);
    m_opModel->setSortRole(kSortRole);
    m_opTable = makeDataTable(m_opModel, m_tables);
    m_tables->addTab(m_opTable, tr("Pipeline ops"));
    m_datasetModel = new QStandardItemModel(this);
    m_datasetModel->setSortRole(kSortRole);
    m_datasetTable = makeDataTable(m_datasetModel, m_tables);
    m_tables->addTab(m_datasetTable, tr("Dataset stages (dataset.csv)"));

    // Bottom: step chart | CPU chart.
    auto* bottom = new QSplitter(Qt::Horizontal, content);
    bottom->setChildrenCollapsible(false);
    m_stepPlot = makePlot(tr("Queues per step"), bottom);
    m_cpuPlot = makePlot(tr("CPU utilization"), bottom);
    content->setStretchFactor(0, 3);
    content->setStretchFactor(1, 2);
    content->setStretchFactor(2, 4);
    content->setSizes({ 260, 190, 340 });
    m_stack->addWidget(content);

    m_empty = new QLabel(m_stack);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setMargin(40);
    m_empty->setText(tr("No data preparation (MindData) data in this profile. It comes from "
                        "minddata_pipeline_raw_*.csv, pipeline_profiling_*.json, minddata_pipeline_summary_*.json, "
                        "dataset.csv, device_queue_profiling_*.txt, minddata_aicpu_*.txt (GPU: minddata_getnext_profiling_*.txt) and "
                        "minddata_cpu_utilization_*.json (MindSpore with data_process=True)."));
    m_stack->addWidget(m_empty);

    connect(m_graph, &PipelineGraph::opClicked, this, &DataPrepPage::selectOp);
    connect(
        m_opTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& index) {
            if (index.isValid())
                m_graph->setSelectedOp(m_opModel->item(index.row(), 0)->data(kSortRole).toLongLong());
        });
    addContextAction(m_graph, exportActionText(ExportKind::Chart),
        [this] { exportWidgetInteractive(this, m_graph, QStringLiteral("dataprep-pipeline")); });
    addContextAction(m_stepPlot, exportActionText(ExportKind::Chart),
        [this] { exportWidgetInteractive(this, m_stepPlot, QStringLiteral("dataprep-steps")); });
    addContextAction(m_cpuPlot, exportActionText(ExportKind::Chart),
        [this] { exportWidgetInteractive(this, m_cpuPlot, QStringLiteral("dataprep-cpu")); });
    addContextAction(m_opTable, exportActionText(ExportKind::Table),
        [this] { exportModelInteractive(this, *m_opModel, QStringLiteral("dataprep-ops")); });
    // A click on a step's bar selects that step on every page (when the
    // profile knows it, e.g. from step_trace_raw).
    m_stepPlot->setInteractions(QCP::iSelectPlottables);
    connect(m_stepPlot, &QCustomPlot::plottableClick, this,
        [this](QCPAbstractPlottable* plottable, int dataIndex, QMouseEvent*) {
            auto* bars = qobject_cast<QCPBars*>(plottable);
            if (!m_state || !bars || !bars->property("hostQueue").toBool() || dataIndex < 0
                || dataIndex >= bars->data()->size())
                return;
            const QString step = QString::number(qRound((bars->data()->begin() + dataIndex)->key));
            if (m_state->steps().contains(step))
                m_state->setStep(step);
        });
    connect(m_stepPlot, &VectorPlot::paletteApplied, this, &DataPrepPage::fillStepPlot);
    connect(m_cpuPlot, &VectorPlot::paletteApplied, this, &DataPrepPage::fillCpuPlot);

    if (m_state) {
        // Hidden, the page rebuilds when it is next shown.
        auto* refresh = new DeferredRefresh(this, [this] { rebuild(); });
        connect(m_state, &ViewState::profileChanged, refresh, &DeferredRefresh::request);
        connect(m_state, &ViewState::currentRankChanged, refresh, &DeferredRefresh::request);
    }
    rebuild();
}

DataPrepPage::~DataPrepPage() = default;

bool DataPrepPage::hasData(const Profile& profile)
{
    for (const auto& r : profile.ranks)
        if (rankHasData(*r))
            return true;
    return false;
}

bool DataPrepPage::isEmptyStateShown() const
{
    return m_stack->currentWidget() == m_empty;
}

QString DataPrepPage::findingsText() const
{
    return m_findings->toPlainText();
}

QList<ExportItem> DataPrepPage::exportItems() const
{
    if (isEmptyStateShown())
        return {};
    QList<ExportItem> items;
    if (m_analysis.hasPipeline()) {
        items.push_back({ QStringLiteral("dataprep-pipeline"), m_graph, nullptr });
        items.push_back({ QStringLiteral("dataprep-ops"), nullptr, m_opModel });
    }
    if (m_analysis.steps.hasHost() || m_analysis.steps.hasChip())
        items.push_back({ QStringLiteral("dataprep-steps"), m_stepPlot, nullptr });
    else if (!m_analysis.datasetStages.empty())
        items.push_back({ QStringLiteral("dataprep-dataset-chart"), m_stepPlot, nullptr });
    if (m_analysis.cpu.available)
        items.push_back({ QStringLiteral("dataprep-cpu"), m_cpuPlot, nullptr });
    if (!m_analysis.datasetStages.empty())
        items.push_back({ QStringLiteral("dataprep-dataset"), nullptr, m_datasetModel });
    return items;
}

void DataPrepPage::rebuild()
{
    m_profile = m_state ? m_state->profile() : nullptr;
    m_rankIndex = -1;
    if (m_profile) {
        // The current rank when it has MindData files, else the first that has.
        const int current = m_state->currentRank();
        if (current >= 0 && current < int(m_profile->ranks.size())
            && rankHasData(*m_profile->ranks[std::size_t(current)]))
            m_rankIndex = current;
        for (std::size_t i = 0; m_rankIndex < 0 && i < m_profile->ranks.size(); ++i)
            if (rankHasData(*m_profile->ranks[i]))
                m_rankIndex = int(i);
    }
    if (m_rankIndex < 0) {
        m_analysis = {};
        m_title->setText(tr("Data Preparation"));
        m_stack->setCurrentWidget(m_empty);
        return;
    }
    const RankData& rank = *m_profile->ranks[std::size_t(m_rankIndex)];
    m_analysis = analyzeDataPipeline(rank);
    m_title->setText(rank.info.rankId >= 0 ? tr("Data Preparation · rank %1").arg(rank.info.rankId)
                                           : tr("Data Preparation · %1").arg(rank.info.displayName));
    m_stack->setCurrentWidget(m_stack->widget(0));
    m_graph->setAnalysis(m_analysis);
    fillOps();
    fillDataset();
    fillFindings();
    fillStepPlot();
    fillCpuPlot();
    // A chart without data gives its room to the other (the empty text of
    // the one left says which file would fill it).
    const bool steps = m_analysis.steps.hasHost() || m_analysis.steps.hasChip() || !m_analysis.datasetStages.empty();
    m_stepPlot->setVisible(steps || !m_analysis.cpu.available);
    m_cpuPlot->setVisible(m_analysis.cpu.available || !steps);
}

void DataPrepPage::fillOps()
{
    m_opModel->clear();
    m_opModel->setHorizontalHeaderLabels(
        { tr("Op Id"), tr("Op Type"), tr("Workers"), tr("Parent"), tr("Queue Usage"), tr("Queue Avg Size"),
            tr("Capacity"), tr("Empty Queue"), tr("Throughput"), tr("CPU"), tr("CPU per Worker"), tr("Finding") });
    for (const auto& op : m_analysis.ops) {
        QString finding;
        if (op.bottleneck)
            finding = tr("bottleneck (CPU / queue rule)");
        else if (op.queueFlagged)
            finding = tr("slow (queue usage filter)");
        else if (!op.inGraph)
            finding = tr("not drawn (no output queue)");
        QList<QStandardItem*> row { countItem(op.opId), sortableItem(op.opType), countItem(op.numWorkers),
            countItem(op.parentId),
            op.hasQueue ? numberItem(100.0 * op.queueUsage, 2, QStringLiteral(" %")) : numberItem(kNoValue, 0),
            numberItem(op.queueAverageSize, 2), countItem(op.queueCapacity),
            numberItem(std::isnan(op.emptyFrequency) ? kNoValue : 100.0 * op.emptyFrequency, 1, QStringLiteral(" %")),
            numberItem(op.throughputMean, 12), numberItem(op.cpuPct, 1, QStringLiteral(" %")),
            numberItem(op.cpuPerWorkerPct, 1, QStringLiteral(" %")), sortableItem(finding) };
        if (op.bottleneck || op.queueFlagged)
            for (auto* item : row)
                item->setForeground(op.bottleneck ? QColor(0xd6, 0x27, 0x28) : QColor(0xc8, 0x6a, 0x10));
        m_opModel->appendRow(row);
    }
    m_opTable->resizeColumnsToContents();
}

void DataPrepPage::fillDataset()
{
    m_datasetModel->clear();
    m_datasetModel->setHorizontalHeaderLabels(
        { tr("Operation"), tr("Stage"), tr("Occurrences"), tr("Avg Time (µs)"), tr("Custom Info") });
    for (const auto& r : m_analysis.datasetStages)
        m_datasetModel->appendRow({ sortableItem(r.operation), sortableItem(r.stage), countItem(r.occurrences),
            numberItem(r.avgTimeUs, 2), sortableItem(r.customInfo) });
    m_tables->setTabEnabled(1, !m_analysis.datasetStages.empty());
    if (m_analysis.ops.empty() && !m_analysis.datasetStages.empty())
        m_tables->setCurrentIndex(1);
    m_datasetTable->resizeColumnsToContents();
}

void DataPrepPage::fillFindings()
{
    const DataPipelineAnalysis& a = m_analysis;
    QStringList html;
    const auto para = [&html](const QString& head, const QString& body) {
        html << QStringLiteral("<p><b>%1</b> %2</p>").arg(head.toHtmlEscaped(), body.toHtmlEscaped());
    };
    const auto list = [&html](const QStringList& items) {
        QString s = QStringLiteral("<ul style=\"margin-top:0\">");
        for (const QString& i : items)
            s += QStringLiteral("<li>%1</li>").arg(i.toHtmlEscaped());
        html << s + QStringLiteral("</ul>");
    };
    const QueueStepView& s = a.steps;
    if (s.hasHost()) {
        if (s.dataProcessWarning)
            para(tr("Data processing is too slow:"),
                tr("the host queue was empty in %1 of %2 steps (%3%, threshold 30%): the device waits for data. "
                   "Speed up the dataset pipeline (see below).")
                    .arg(s.hostEmpty)
                    .arg(s.hostTotal)
                    .arg(s.emptyRatePct));
        else if (s.dataTransmissionWarning)
            para(tr("Data transmission is too slow:"),
                tr("the host queue is filled but the chip queue ran empty in %1 of %2 GetNext calls.")
                    .arg(s.chipEmpty)
                    .arg(s.chipTotal));
        else
            para(tr("Queues:"),
                tr("the host queue was rarely empty (%1 of %2 steps); if the step is still slow, "
                   "optimize the script based on the data-processing suggestions.")
                    .arg(s.hostEmpty)
                    .arg(s.hostTotal));
        para(tr("Host queue:"),
            tr("%1 steps, %2 empty, %3 full (size = capacity %4).")
                .arg(s.hostTotal)
                .arg(s.hostEmpty)
                .arg(s.hostFull)
                .arg(s.hostCapacity));
    }
    if (s.hasChip())
        para(tr("Chip queue (GetNext):"),
            tr("%1 calls, %2 empty, average GetNext time %3 ms.")
                .arg(s.chipTotal)
                .arg(s.chipEmpty)
                .arg(s.avgGetNextMs, 0, 'g', 4));
    if (!std::isnan(s.avgCostMs))
        para(tr("Data transmission:"),
            tr("per step %1 ms in total, %2 ms pushing to the device queue, %3 ms getting "
               "from the pipeline.")
                .arg(s.avgCostMs, 0, 'g', 4)
                .arg(s.pushCostMs, 0, 'g', 4)
                .arg(s.getCostMs, 0, 'g', 4));
    if (a.hasPipeline()) {
        if (!std::isnan(a.meanQueueUsage))
            para(tr("Queue usage:"),
                tr("%1% on average over the ops with a queue.").arg(100.0 * a.meanQueueUsage, 0, 'g', 4));
        if (a.flaggedIsRoot)
            para(tr("Queue filter [0.8, 0.6]:"),
                tr("every queue is at least 80% full: the bottleneck is after the "
                   "pipeline (the device or the network)."));
        else if (!a.proposalGeneral.isEmpty())
            para(tr("Queue filter [0.8, 0.6]:"),
                tr("slow ops: %1. An op is slow when its input queue is more than 10 points fuller than its output "
                   "queue, a source when its queue is under 60% full; try more num_parallel_workers there.")
                    .arg(a.proposalGeneral.join(QStringLiteral(", "))));
        else
            para(tr("Queue filter [0.8, 0.6]:"), tr("no op flagged."));
    }
    if (!a.bottleneckWarning.isEmpty())
        para(a.bottleneckWarning, a.bottleneckSuggestion);
    if (!a.pipelineNote.isEmpty())
        para(tr("Note:"), a.pipelineNote);
    if (!a.cpuCoverageNote.isEmpty())
        para(tr("Note:"), a.cpuCoverageNote);
    if (!a.cpuDetails.isEmpty()) {
        html << QStringLiteral("<p><b>%1</b></p>").arg(tr("CPU per worker (75% / 20%):").toHtmlEscaped());
        list(a.cpuDetails);
    }
    if (!a.queueDetails.isEmpty()) {
        html << QStringLiteral("<p><b>%1</b></p>").arg(tr("Queues (50% / 60% / 50%):").toHtmlEscaped());
        list(a.queueDetails);
    }
    if (!a.summaryWarnings.isEmpty())
        para(tr("MindSpore summary:"), (a.summaryWarnings + a.summarySuggestions).join(QLatin1Char(' ')));
    if (a.cpu.available)
        para(tr("CPU:"),
            tr("machine %1% active (user %2%, sys %3%, io %4%) on %5 CPUs%6.")
                .arg(a.cpu.activePct)
                .arg(a.cpu.deviceUser)
                .arg(a.cpu.deviceSys)
                .arg(a.cpu.deviceIo)
                .arg(a.cpu.cpuCount)
                .arg(a.cpu.overloaded ? tr(": above 80%, the host CPU is saturated; reduce num_parallel_workers or "
                                           "other host load")
                                      : QString()));
    if (html.isEmpty())
        html << QStringLiteral("<p>%1</p>").arg(tr("No finding.").toHtmlEscaped());
    m_findings->setHtml(html.join(QString()));
}

void DataPrepPage::fillStepPlot()
{
    QCustomPlot* plot = m_stepPlot;
    plot->clearGraphs();
    plot->clearPlottables();
    plot->clearItems();
    const QueueStepView& s = m_analysis.steps;
    QCPTextElement* title = nullptr;
    for (int i = 0; i < plot->plotLayout()->elementCount(); ++i)
        if (auto* t = qobject_cast<QCPTextElement*>(plot->plotLayout()->elementAt(i)))
            title = t;
    if (!s.hasHost() && !s.hasChip() && !m_analysis.datasetStages.empty()) {
        // MindSpore 2.5+ writes no queue traces; dataset.csv's stage times take the chart.
        if (title)
            title->setText(tr("Dataset stages (dataset.csv)"));
        fillDatasetChart();
        return;
    }
    if (title)
        title->setText(tr("Queues per step"));
    plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    plot->yAxis2->setVisible(true);
    plot->xAxis->setLabel(tr("Step / GetNext call"));
    plot->yAxis->setLabel(tr("Queue size"));
    plot->yAxis2->setLabel(tr("Time (ms)"));
    double maxSize = 1, maxMs = 0.001, maxX = 1;
    if (s.hasHost()) {
        auto* bars = new QCPBars(plot->xAxis, plot->yAxis);
        bars->setName(tr("Host queue size (capacity %1)").arg(s.hostCapacity));
        bars->setProperty("hostQueue", true);
        bars->setBrush(kSeries[0]);
        bars->setPen(Qt::NoPen);
        bars->setWidth(0.35);
        for (std::size_t i = 0; i < s.hostSteps.size(); ++i) {
            // An empty queue still shows: a thin red mark at 0.
            bars->addData(double(s.hostSteps[i]) - 0.2, double(s.hostSizes[i]));
            maxSize = std::max(maxSize, double(s.hostSizes[i]));
            maxX = std::max(maxX, double(s.hostSteps[i]));
        }
    }
    if (s.hasChip()) {
        auto* bars = new QCPBars(plot->xAxis, plot->yAxis);
        bars->setName(tr("Chip queue size at GetNext"));
        bars->setBrush(kSeries[2]);
        bars->setPen(Qt::NoPen);
        bars->setWidth(0.35);
        for (std::size_t i = 0; i < s.chipSizes.size(); ++i) {
            bars->addData(double(i + 1) + 0.2, double(s.chipSizes[i]));
            maxSize = std::max(maxSize, double(s.chipSizes[i]));
        }
        maxX = std::max(maxX, double(s.chipSizes.size()));
        auto* g = plot->addGraph(plot->xAxis, plot->yAxis2);
        g->setName(tr("GetNext time (ms)"));
        g->setPen(QPen(kSeries[1], 2));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 6));
        for (std::size_t i = 0; i < s.getNextMs.size(); ++i) {
            g->addData(double(i + 1), s.getNextMs[i]);
            maxMs = std::max(maxMs, s.getNextMs[i]);
        }
    }
    if (!s.costSteps.empty()) {
        auto* g = plot->addGraph(plot->xAxis, plot->yAxis2);
        g->setName(tr("Batch total time (ms)"));
        g->setPen(QPen(kSeries[3], 2, Qt::DashLine));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, 7));
        for (std::size_t i = 0; i < s.costSteps.size(); ++i)
            if (!std::isnan(s.totalMs[i])) {
                g->addData(double(s.costSteps[i]), s.totalMs[i]);
                maxMs = std::max(maxMs, s.totalMs[i]);
            }
    }
    // An empty host queue is a zero-height bar: mark it, it is what the rule counts.
    if (s.hostSteps.size() <= 200)
        for (std::size_t i = 0; i < s.hostSteps.size(); ++i)
            if (s.hostSizes[i] == 0) {
                auto* mark = new QCPItemText(plot);
                mark->position->setCoords(double(s.hostSteps[i]) - 0.2, 0);
                mark->setPositionAlignment(Qt::AlignBottom | Qt::AlignHCenter);
                mark->setText(tr("empty"));
                mark->setColor(QColor(0xd6, 0x27, 0x28));
                mark->setClipToAxisRect(false);
            }
    plot->xAxis->setRange(0.4, maxX + 0.6);
    plot->yAxis->setRange(0, maxSize * 1.25);
    plot->yAxis2->setRange(0, maxMs * 1.25);
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
    ticker->setTickStep(1);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    plot->xAxis->setTicker(ticker);
    plot->legend->setVisible(plot->plottableCount() > 0);
    m_stepPlot->setEmptyText(s.hasHost() || s.hasChip()
            ? QString()
            : tr("No queue data: device_queue_profiling_*.txt or minddata_aicpu_*.txt would fill this chart."));
    plot->replot();
}

void DataPrepPage::fillDatasetChart()
{
    QCustomPlot* plot = m_stepPlot;
    plot->yAxis2->setVisible(false);
    plot->xAxis->setLabel(tr("Average time (µs)"));
    plot->yAxis->setLabel(QString());
    auto* bars = new QCPBars(plot->yAxis, plot->xAxis); // horizontal: one bar per operation and stage
    bars->setName(tr("Average time per occurrence"));
    bars->setBrush(kSeries[0]);
    bars->setPen(Qt::NoPen);
    bars->setWidth(0.6);
    QSharedPointer<QCPAxisTickerText> labels(new QCPAxisTickerText);
    double maxUs = 1;
    const auto& rows = m_analysis.datasetStages;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const double y = double(rows.size() - i); // file order from the top
        bars->addData(y, std::isnan(rows[i].avgTimeUs) ? 0 : rows[i].avgTimeUs);
        maxUs = std::max(maxUs, std::isnan(rows[i].avgTimeUs) ? 0 : rows[i].avgTimeUs);
        labels->addTick(
            y, QStringLiteral("%1 · %2 (×%3)").arg(rows[i].operation, rows[i].stage).arg(rows[i].occurrences));
    }
    plot->yAxis->setTicker(labels);
    plot->yAxis->setRange(0.4, double(rows.size()) + 0.6);
    plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    plot->xAxis->setRange(0, maxUs * 1.1);
    plot->legend->setVisible(false);
    m_stepPlot->setEmptyText(QString());
    plot->replot();
}

void DataPrepPage::fillCpuPlot()
{
    QCustomPlot* plot = m_cpuPlot;
    plot->clearGraphs();
    const CpuView& c = m_analysis.cpu;
    const RankData* rank = m_rankIndex >= 0 ? m_profile->ranks[std::size_t(m_rankIndex)].get() : nullptr;
    plot->xAxis->setLabel(tr("Time since first sample (ms)"));
    plot->yAxis->setLabel(tr("CPU (%)"));
    double maxY = 100;
    double maxX = 1;
    if (rank && c.available) {
        const CpuUtilization& cpu = rank->minddata.cpu;
        int color = 0;
        const auto add = [&](const std::vector<double>& values, const QString& name, Qt::PenStyle style) {
            if (values.empty())
                return;
            auto* g = plot->addGraph();
            g->setName(name);
            g->setPen(QPen(kSeries[color++ % 8], 2, style));
            // The older sampler's series start at the second time stamp.
            const std::size_t offset = values.size() < cpu.timestampsMs.size() ? 1 : 0;
            for (std::size_t i = 0; i < values.size() && i + offset < cpu.timestampsMs.size(); ++i) {
                const double x = double(cpu.timestampsMs[i + offset] - cpu.timestampsMs.front());
                g->addData(x, values[i]);
                maxY = std::max(maxY, values[i]);
                maxX = std::max(maxX, x);
            }
        };
        add(cpu.deviceUser, tr("machine user"), Qt::SolidLine);
        add(cpu.deviceSys, tr("machine sys"), Qt::SolidLine);
        add(cpu.deviceIo, tr("machine io"), Qt::SolidLine);
        add(cpu.deviceIdle, tr("machine idle"), Qt::DotLine);
        add(cpu.processUser, tr("process user (% of a core)"), Qt::DashLine);
        add(cpu.processSys, tr("process sys (% of a core)"), Qt::DashLine);
        for (const auto& op : cpu.ops) {
            std::vector<double> sum(std::min(op.user.size(), op.sys.size()));
            for (std::size_t i = 0; i < sum.size(); ++i)
                sum[i] = op.user[i] + op.sys[i];
            const DataPipelineOp* pipelineOp = m_analysis.op(op.opId);
            add(sum, tr("op %1 user+sys").arg(pipelineOp ? pipelineOp->label() : QString::number(op.opId)),
                Qt::DashDotLine);
        }
    }
    plot->xAxis->setRange(0, maxX);
    plot->yAxis->setRange(0, maxY * 1.1);
    plot->legend->setVisible(plot->graphCount() > 0);
    m_cpuPlot->setEmptyText(
        c.available ? QString() : tr("No CPU data: minddata_cpu_utilization_*.json would fill this chart."));
    plot->replot();
}

void DataPrepPage::selectOp(qint64 opId)
{
    for (int row = 0; row < m_opModel->rowCount(); ++row)
        if (m_opModel->item(row, 0)->data(kSortRole).toLongLong() == opId) {
            m_tables->setCurrentIndex(0);
            m_opTable->selectRow(row);
            m_opTable->scrollTo(m_opModel->index(row, 0));
            return;
        }
}

} // namespace profscope
