// SPDX-License-Identifier: Apache-2.0
#include "memorypage.h"
#include "common/deferredrefresh.h"
#include "common/headerbar.h"

#include "analysis/overview.h"
#include "common/columnsizer.h"
#include "common/pagewidgets.h"
#include "common/statuscolors.h"
#include "common/vectorplot.h"
#include "common/viewstate.h"
#include "itemmodels/allocationmodel.h"

#include <QCheckBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>

namespace profscope {

namespace {

constexpr int kFilterDebounceMs = 300;
constexpr int kLiveAtPeakRows = 20;

QSortFilterProxyModel* makeProxy(QObject* parent, QAbstractItemModel* source)
{
    auto* proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(source);
    proxy->setSortRole(AllocationModel::SortRole);
    proxy->setFilterKeyColumn(AllocationModel::NameColumn);
    proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    return proxy;
}

} // namespace

MemoryPage::MemoryPage(ViewState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 10, 12, 10);
    layout->setSpacing(8);

    // The controls go under the title, and wrap, when the window is narrow (HeaderBar).
    auto* bar = new HeaderBar(this);
    m_title = makePageTitle(tr("Memory"), this);
    auto* titles = new QVBoxLayout;
    titles->addWidget(m_title);
    bar->setTitles(titles);
    m_showAllocated = new QCheckBox(tr("Allocated"), this);
    m_showReserved = new QCheckBox(tr("Reserved"), this);
    m_showActive = new QCheckBox(tr("Active"), this);
    m_showModules = new QCheckBox(tr("CANN modules"), this);
    m_showAllocated->setChecked(true);
    m_showReserved->setChecked(true);
    m_showAllocated->setToolTip(tr("Memory held by tensors (Total Allocated of memory_record.csv)"));
    m_showReserved->setToolTip(tr("Memory the caching allocator reserved from the device (Total Reserved)"));
    m_showActive->setToolTip(tr("Allocated memory plus blocks still in use by streams (Total Active)"));
    m_showModules->setToolTip(tr("Reserved memory of CANN modules with memory (npu_module_mem.csv)"));
    for (QCheckBox* box : { m_showAllocated, m_showReserved, m_showActive, m_showModules }) {
        bar->addControl(box);
        connect(box, &QCheckBox::toggled, this, &MemoryPage::rebuildPlot);
    }
    bar->addSpacing(16);
    m_resetZoom = new QPushButton(tr("Reset Zoom"), this);
    m_resetZoom->setToolTip(
        tr("Show the whole capture, or the selected step. Drag the plot to pan, Ctrl+wheel zooms the time axis"));
    m_exportPlot = makeExportButton(
        ExportKind::Chart, this, [this] { exportWidgetInteractive(this, m_plot, QStringLiteral("memory")); },
        tr("Save the plot as PNG, SVG or PDF"));
    m_exportTable = makeExportButton(
        ExportKind::Table, this,
        [this] { exportModelInteractive(this, *m_allocationProxy, QStringLiteral("memory-allocations")); },
        tr("Save the allocation table as shown (filtered and sorted) as CSV"));
    bar->addControl(m_resetZoom);
    bar->addControl(m_exportPlot);
    bar->addControl(m_exportTable);
    layout->addWidget(bar);
    m_peakDeltaLabel = new QLabel(this);
    m_peakDeltaLabel->setObjectName(QStringLiteral("memoryPeakDelta"));
    m_peakDeltaLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_peakDeltaLabel->setWordWrap(true);
    m_peakDeltaLabel->setVisible(false);
    layout->addWidget(m_peakDeltaLabel);

    m_stack = new QStackedWidget(this);
    layout->addWidget(m_stack, 1);
    auto* splitter = new QSplitter(Qt::Vertical, m_stack);
    splitter->setChildrenCollapsible(false);

    m_plot = new VectorPlot(splitter);
    m_plot->setMinimumHeight(260);
    m_plot->setAntialiasedElements(QCP::aeAll);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom | QCP::iSelectLegend);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->xAxis->setLabel(tr("Time since profile start (ms)"));
    m_plot->yAxis->setLabel(tr("Memory (MB)"));
    m_plot->legend->setVisible(true);
    // Legend in a row under the axis rect: the curves keep the full width.
    auto* legendRow = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(1, 0, legendRow);
    legendRow->setMargins(QMargins(6, 0, 6, 4));
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    legendRow->addElement(0, 0, m_plot->legend);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setWrap(5);
    m_plot->legend->setSelectableParts(QCPLegend::spItems);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    applyPlotPalette(m_plot);
    connect(m_plot, &QCustomPlot::legendClick, this, [this](QCPLegend*, QCPAbstractLegendItem* item, QMouseEvent*) {
        auto* plItem = qobject_cast<QCPPlottableLegendItem*>(item);
        if (!plItem)
            return;
        QCPAbstractPlottable* p = plItem->plottable();
        p->setVisible(!p->visible());
        plItem->setTextColor(
            p->visible() ? m_plot->palette().color(QPalette::Text) : mutedTextColor(m_plot->palette()));
        plItem->setSelected(false);
        m_plot->replot();
    });
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this] { resetZoom(); });
    // A click on the peak marker or its label: the allocations alive then.
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) {
        if (!m_peakTracer || event->button() != Qt::LeftButton)
            return;
        const QPointF at = m_peakTracer->position->pixelPosition();
        const bool onMarker = QLineF(at, event->position()).length() <= 12;
        const bool onLabel = m_peakLabel && m_peakLabel->selectTest(event->position(), false) >= 0
            && m_peakLabel->selectTest(event->position(), false) < 4;
        if (onMarker || onLabel)
            selectLiveAtPeak();
    });
    // Values of the shown curves under the mouse.
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
        if (!m_plot->axisRect()->rect().contains(event->pos())) {
            QToolTip::hideText();
            return;
        }
        const double x = m_plot->xAxis->pixelToCoord(event->pos().x());
        QString text = tr("%1 ms").arg(x, 0, 'f', 2);
        int lines = 0;
        for (int i = 0; i < m_plot->graphCount() && lines < 12; ++i) {
            QCPGraph* g = m_plot->graph(i);
            if (!g->visible() || g->data()->isEmpty())
                continue;
            auto it = g->data()->findBegin(x, false); // the step in effect at x
            if (it == g->data()->constEnd() || it->key > x) {
                if (it == g->data()->constBegin())
                    continue;
                --it;
            }
            if (it == g->data()->constEnd() - 1 && x > it->key + (m_fullXHi - m_fullXLo) * 0.02)
                continue; // past the curve's last sample
            text += QStringLiteral("\n") + tr("%1: %2 MB").arg(g->name()).arg(it->value, 0, 'f', 1);
            ++lines;
        }
        QToolTip::showText(event->globalPosition().toPoint(), text, m_plot);
    });

    m_lower = new QWidget(splitter);
    auto* lowerLayout = new QVBoxLayout(m_lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    auto* tables = new QSplitter(Qt::Horizontal, m_lower);
    m_tables = tables;
    tables->setChildrenCollapsible(false);
    lowerLayout->addWidget(tables);

    auto* left = new QWidget(tables);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->setSpacing(4);
    auto* leftBar = new QHBoxLayout;
    m_allocationHeading = makeHeading(tr("Operator allocations"), left);
    leftBar->addWidget(m_allocationHeading);
    m_allocationSummary = new QLabel(left);
    leftBar->addWidget(m_allocationSummary, 1);
    m_filter = new QLineEdit(left);
    m_filter->setPlaceholderText(tr("Filter by operator name"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMinimumWidth(200);
    leftBar->addWidget(m_filter);
    leftLayout->addLayout(leftBar);
    m_allocations = new AllocationModel(this);
    m_allocationProxy = makeProxy(this, m_allocations);
    m_allocationTable = makeDataTable(m_allocationProxy, left);
    m_allocationTable->setObjectName(QStringLiteral("allocationTable"));
    m_allocationTable->setSelectionMode(QAbstractItemView::ExtendedSelection);
    leftLayout->addWidget(m_allocationTable, 1);

    auto* right = new QWidget(tables);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->setSpacing(4);
    m_liveTitle = makeHeading(tr("Biggest live allocations at the peak"), right);
    m_liveTitle->setMinimumHeight(m_filter->sizeHint().height());
    rightLayout->addWidget(m_liveTitle);
    m_live = new AllocationModel(this);
    m_liveProxy = makeProxy(this, m_live);
    m_liveTable = makeDataTable(m_liveProxy, right);
    m_allocationSizer = ColumnSizer::install(m_allocationTable, AllocationModel::NameColumn, QStringLiteral("memory/allocations"));
    m_liveSizer = ColumnSizer::install(m_liveTable, AllocationModel::NameColumn, QStringLiteral("memory/live"));
    rightLayout->addWidget(m_liveTable, 1);
    tables->addWidget(left);
    tables->addWidget(right);
    tables->setStretchFactor(0, 3);
    tables->setStretchFactor(1, 2);
    tables->setSizes({ 620, 380 }); // proportions: the allocation table has more columns
    splitter->addWidget(m_plot);
    splitter->addWidget(m_lower);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    // Without operator_memory.csv the plot takes the page and a note says why.
    auto* content = new QWidget(m_stack);
    auto* contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->addWidget(splitter, 1);
    m_noAllocations = new QLabel(content);
    m_noAllocations->setWordWrap(true);
    contentLayout->addWidget(m_noAllocations);
    m_stack->addWidget(content);
    m_empty = new QLabel(m_stack);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setMargin(40);
    m_stack->addWidget(m_empty);

    m_filterTimer = new QTimer(this);
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(kFilterDebounceMs);
    connect(m_filter, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterTimer, &QTimer::timeout, this, &MemoryPage::applyFilterNow);

    connect(m_allocationTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) {
            highlightAllocation(m_allocationProxy->mapToSource(current), m_allocations);
        });
    connect(m_liveTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) { highlightAllocation(m_liveProxy->mapToSource(current), m_live); });
    connect(m_resetZoom, &QPushButton::clicked, this, &MemoryPage::resetZoom);
    // The same exports from a right click on the plot and the tables.
    addContextAction(m_plot, exportActionText(ExportKind::Chart),
        [this] { exportWidgetInteractive(this, m_plot, QStringLiteral("memory")); });
    addContextAction(m_plot, tr("Reset Zoom"), [this] { resetZoom(); });
    addContextAction(m_allocationTable, exportActionText(ExportKind::Table),
        [this] { exportModelInteractive(this, *m_allocationProxy, QStringLiteral("memory-allocations")); });
    addContextAction(m_liveTable, exportActionText(ExportKind::Table),
        [this] { exportModelInteractive(this, *m_liveProxy, QStringLiteral("memory-live-at-peak")); });

    // Hidden, the page only notes what changed and catches up when shown.
    m_refresh = new DeferredRefresh(this, [this] {
        if (m_rebuildPending) {
            m_rebuildPending = false;
            rebuild();
        } else {
            updateStepRange();
            resetZoom();
        }
    });
    if (m_state) {
        // Another profile: the last one's filter means nothing there (a new
        // rank or step keeps it: the same filter re-runs on the new rows).
        connect(m_state, &ViewState::profileChanged, this, [this] {
            {
                const QSignalBlocker blocker(m_filter);
                m_filter->clear();
            }
            m_filterTimer->stop();
            applyFilterNow();
            requestRebuild();
        });
        connect(m_state, &ViewState::currentRankChanged, this, &MemoryPage::requestRebuild);
        connect(m_state, &ViewState::compareChanged, this, &MemoryPage::requestRebuild);
        connect(m_state, &ViewState::stepChanged, this, [this] {
            // In run comparison the step decides how the other run's curves are shifted.
            if (m_state->runCompare())
                m_rebuildPending = true;
            m_refresh->request();
        });
        connect(m_state, &ViewState::operatorRequested, this, [this](int rankIndex, const QString& opName) {
            m_refresh->flush();
            if (m_state->compareMode() || rankIndex < 0 || rankIndex == m_state->currentRank()) {
                m_filter->setText(opName);
                applyFilterNow();
            }
        });
    }
    rebuild();
}

MemoryPage::~MemoryPage() = default;

void MemoryPage::requestRebuild()
{
    m_rebuildPending = true;
    m_refresh->request();
}

void MemoryPage::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // Side by side, each table would be too narrow for its names and numbers
    // below ~1300 px: stack them, each then gets the full width.
    const Qt::Orientation wanted = width() < 1300 ? Qt::Vertical : Qt::Horizontal;
    if (m_tables && m_tables->orientation() != wanted)
        m_tables->setOrientation(wanted);
}

void MemoryPage::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    // Curve, band and label colours come from the palette (light or dark theme).
    if (event->type() == QEvent::PaletteChange && !m_curves.empty())
        rebuildPlot();
}

QList<ExportItem> MemoryPage::exportItems() const
{
    if (isEmptyStateShown())
        return {};
    QList<ExportItem> items { { QStringLiteral("memory-plot"), m_plot, nullptr } };
    if (m_allocations->rowCount() > 0) {
        items.push_back({ QStringLiteral("memory-allocations"), nullptr, m_allocationProxy });
        items.push_back({ QStringLiteral("memory-live-at-peak"), nullptr, m_liveProxy });
    }
    return items;
}

bool MemoryPage::isEmptyStateShown() const
{
    return m_stack->currentWidget() == m_empty;
}

QString MemoryPage::emptyText() const
{
    return m_empty->text();
}

QStringList MemoryPage::curveNames() const
{
    QStringList names;
    for (const PlotCurve& c : m_curves)
        if (c.graph)
            names << c.graph->name();
    return names;
}

std::optional<std::pair<double, double>> MemoryPage::highlightRangeMs() const
{
    if (!m_highlight || !m_highlight->visible())
        return std::nullopt;
    return std::make_pair(m_highlight->topLeft->coords().x(), m_highlight->bottomRight->coords().x());
}

void MemoryPage::setMetricShown(MemoryCurve::Metric metric, bool shown)
{
    switch (metric) {
    case MemoryCurve::Metric::Allocated:
        m_showAllocated->setChecked(shown);
        break;
    case MemoryCurve::Metric::Reserved:
        m_showReserved->setChecked(shown);
        break;
    case MemoryCurve::Metric::Active:
        m_showActive->setChecked(shown);
        break;
    case MemoryCurve::Metric::ModuleReserved:
        m_showModules->setChecked(shown);
        break;
    }
}

void MemoryPage::applyFilterNow()
{
    m_filterTimer->stop();
    m_allocationProxy->setFilterFixedString(m_filter->text().trimmed());
    updateTitle();
}

void MemoryPage::updateStepRange()
{
    m_stepRangeMs.reset();
    if (!m_state || m_state->step().isEmpty() || !m_profile || isEmptyStateShown())
        return;
    const int index = m_state->compareMode() ? m_state->baselineRank() : std::max(0, m_state->currentRank());
    if (index < 0 || std::size_t(index) >= m_profile->ranks.size())
        return;
    for (const StepOverview& s : rankOverview(*m_profile->ranks[std::size_t(index)])->steps) {
        if (s.step != m_state->step())
            continue;
        const TimeRange r = s.hostRangeNs.isEmpty() ? s.spanNs : s.hostRangeNs;
        if (!r.isEmpty())
            m_stepRangeMs = std::make_pair(double(r.startNs - m_originNs) / 1e6, double(r.endNs - m_originNs) / 1e6);
        return;
    }
}

QPointF MemoryPage::peakMarkerPosition() const
{
    return m_peakTracer ? m_peakTracer->position->pixelPosition() : QPointF();
}

int MemoryPage::selectLiveAtPeak()
{
    // Every allocation of the table alive at the peak, selected, the biggest first in view.
    m_allocationTable->clearSelection();
    QItemSelection selection;
    for (int row = 0; row < m_allocationProxy->rowCount(); ++row) {
        const QModelIndex source = m_allocationProxy->mapToSource(m_allocationProxy->index(row, 0));
        if (m_allocations->liveAtPeak(source.row()))
            selection.select(m_allocationProxy->index(row, 0),
                m_allocationProxy->index(row, m_allocationProxy->columnCount() - 1));
    }
    m_allocationTable->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    if (!selection.isEmpty())
        m_allocationTable->scrollTo(selection.first().topLeft());
    m_allocationTable->setFocus();
    return int(selection.size());
}

void MemoryPage::resetZoom()
{
    if (m_stepRangeMs) {
        const double pad = (m_stepRangeMs->second - m_stepRangeMs->first) * 0.02;
        m_plot->xAxis->setRange(m_stepRangeMs->first - pad, m_stepRangeMs->second + pad);
    } else
        m_plot->xAxis->setRange(m_fullXLo, m_fullXHi);
    m_plot->yAxis->setRange(0, m_peakAxisMB);
    m_plot->replot();
}

QString MemoryPage::rankLabel(int rankIndex) const
{
    const ProfilePtr& profile = m_profile;
    if (!profile || rankIndex < 0 || std::size_t(rankIndex) >= profile->ranks.size())
        return tr("rank ?");
    const RankInfo& info = profile->ranks[std::size_t(rankIndex)]->info;
    if (info.rankId >= 0)
        return tr("rank %1").arg(info.rankId);
    return info.displayName.isEmpty() ? tr("rank #%1").arg(rankIndex) : info.displayName;
}

QString MemoryPage::comparisonRankLabel(int rankIndex) const
{
    if (!m_state || !m_state->runCompare())
        return rankLabel(rankIndex);
    const ProfilePtr& source = m_state->comparisonSource();
    if (!source || rankIndex < 0 || std::size_t(rankIndex) >= source->ranks.size())
        return tr("B \u00b7 rank ?");
    const RankInfo& info = source->ranks[std::size_t(rankIndex)]->info;
    // "B" as the comparison run is called on every page.
    return info.rankId >= 0 ? tr("B \u00b7 rank %1").arg(info.rankId)
                            : tr("B \u00b7 %1").arg(info.displayName.isEmpty() ? QString::number(rankIndex) : info.displayName);
}

QString MemoryPage::peakDeltaText() const
{
    if (!m_peakDelta || !m_state)
        return {};
    const MemoryPeakDelta& d = *m_peakDelta;
    const QString curve = d.component + QLatin1Char(' ') + memoryMetricName(d.metric);
    const double delta = d.deltaMB();
    const QString sign = delta > 0 ? QStringLiteral("+") : delta < 0 ? QStringLiteral("\u2212") : QString();
    const QString pct = d.deltaPercent()
        ? tr("%1%2%").arg(*d.deltaPercent() > 0 ? QStringLiteral("+") : *d.deltaPercent() < 0 ? QStringLiteral("\u2212") : QString())
              .arg(std::abs(*d.deltaPercent()), 0, 'f', 1)
        : tr("n/a");
    QString text = m_state->runCompare() ? tr("Solid: base, dashed: B.") + QLatin1Char(' ') : QString();
    text += tr("Peak %1: %2 %3 MB · %4 %5 MB · \u0394 %6%7 MB (%8)")
                       .arg(curve, rankLabel(m_state->baselineRank()))
                       .arg(d.basePeakMB, 0, 'f', 1)
                       .arg(comparisonRankLabel(m_state->comparisonRank()))
                       .arg(d.otherPeakMB, 0, 'f', 1)
                       .arg(sign)
                       .arg(std::abs(delta), 0, 'f', 1)
                       .arg(pct);
    if (!d.sameCurve)
        text += QLatin1Char(' ') + tr("(the comparison has no such curve: its own peak curve)");
    if (m_alignment) {
        const TimeNs shift = m_alignment->deltaNs;
        text += QStringLiteral(" \u2014 ")
            + (m_alignment->onStep ? tr("B's step %1 aligned with step %2 (shifted by %3 s)")
                                         .arg(m_alignment->otherStep, m_alignment->baseStep)
                                         .arg(double(shift) / 1e9, 0, 'f', 3)
                                   : tr("aligned on the first event (shifted by %1 s)").arg(double(shift) / 1e9, 0, 'f', 3));
    }
    return text;
}

void MemoryPage::updatePeakDelta()
{
    const QString text = peakDeltaText();
    m_peakDeltaLabel->setText(text);
    m_peakDeltaLabel->setVisible(!text.isEmpty());
}

void MemoryPage::showEmpty(const QString& text)
{
    m_empty->setText(text);
    m_stack->setCurrentWidget(m_empty);
    m_curves.clear();
    m_peak.reset();
    m_peakDelta.reset();
    m_alignment.reset();
    m_peakDeltaLabel->setVisible(false);
    m_allocations->setAllocations({}, 0, 0, kInvalidTime);
    m_live->setAllocations({}, 0, 0, kInvalidTime);
    for (QWidget* w : std::initializer_list<QWidget*> {
             m_showAllocated, m_showReserved, m_showActive, m_showModules, m_resetZoom, m_exportPlot, m_exportTable })
        w->setEnabled(false);
    m_title->setText(tr("Memory"));
}

void MemoryPage::rebuild()
{
    m_profile = m_state ? m_state->profile() : ProfilePtr();
    if (!m_profile || m_profile->ranks.empty()) {
        showEmpty(tr("No profile loaded.\n\nOpen a profiler output folder to see its device memory over time."));
        return;
    }
    const bool compare = m_state->compareMode();
    const int baseIndex = compare ? m_state->baselineRank() : std::max(0, m_state->currentRank());
    if (baseIndex < 0 || std::size_t(baseIndex) >= m_profile->ranks.size()) {
        showEmpty(tr("No rank selected."));
        return;
    }
    const RankData& rank = *m_profile->ranks[std::size_t(baseIndex)];
    const bool hasCurves = rank.memoryRecords || rank.npuModuleMem;
    if (!hasCurves && !rank.operatorMemory) {
        showEmpty(tr("%1 has no memory data.\n\nThe Memory page reads ASCEND_PROFILER_OUTPUT/memory_record.csv (memory "
                     "curves), operator_memory.csv (operator allocations) and npu_module_mem.csv (CANN modules). The "
                     "profiler writes them when profiling with profile_memory=True.")
                      .arg(rankLabel(baseIndex)));
        return;
    }
    m_stack->setCurrentIndex(0);
    for (QWidget* w : std::initializer_list<QWidget*> {
             m_showAllocated, m_showReserved, m_showActive, m_showModules, m_resetZoom, m_exportPlot, m_exportTable })
        w->setEnabled(true);
    m_originNs = memoryTimeOriginNs(rank);

    m_curves.clear();
    m_peakDelta.reset();
    m_alignment.reset();
    std::vector<MemoryCurve> baseCurves = memoryCurves(rank);
    std::vector<MemoryCurve> otherCurves;
    int otherIndex = -1;
    if (compare) {
        // In run comparison the comparison rank is one of the other run's.
        const ProfilePtr& source = m_state->comparisonSource();
        otherIndex = m_state->comparisonRank();
        if (source && otherIndex >= 0 && std::size_t(otherIndex) < source->ranks.size()) {
            const RankData& other = *source->ranks[std::size_t(otherIndex)];
            m_otherOriginNs = memoryTimeOriginNs(other);
            if (m_state->runCompare()) {
                // Another capture, another clock: its curves start where its
                // compared step starts with the base's, as on the timeline.
                m_alignment = alignOnStep(rank, m_state->step(), other, m_state->comparisonStep());
                m_otherOriginNs = m_originNs - m_alignment->deltaNs;
            }
            otherCurves = memoryCurves(other);
            m_peakDelta = compareMemoryPeaks(baseCurves, otherCurves);
        }
    }
    for (MemoryCurve& c : baseCurves)
        m_curves.push_back({ baseIndex, false, std::move(c), nullptr });
    for (MemoryCurve& c : otherCurves)
        m_curves.push_back({ otherIndex, true, std::move(c), nullptr });
    updatePeakDelta();

    // The marked peak: PTA allocated (what operator_memory.csv allocates),
    // else the highest allocated curve, else the highest curve.
    m_peak.reset();
    const PlotCurve* peakCurve = nullptr;
    for (const PlotCurve& c : m_curves) {
        if (c.comparison)
            continue;
        if (c.curve.metric == MemoryCurve::Metric::Allocated && c.curve.component == QLatin1String("PTA")) {
            peakCurve = &c;
            break;
        }
    }
    for (const bool allocatedOnly : { true, false }) {
        if (peakCurve)
            break;
        for (const PlotCurve& c : m_curves) {
            if (c.comparison || c.curve.metric == MemoryCurve::Metric::ModuleReserved
                || (allocatedOnly && c.curve.metric != MemoryCurve::Metric::Allocated))
                continue;
            if (!peakCurve || c.curve.peakMB > peakCurve->curve.peakMB)
                peakCurve = &c;
        }
    }
    if (peakCurve)
        m_peak = Peak { rankLabel(baseIndex) + QStringLiteral(" · ") + peakCurve->curve.component + QLatin1Char(' ')
                + memoryMetricName(peakCurve->curve.metric),
            peakCurve->curve.peakMB, peakCurve->curve.peakTsNs };

    // Tables.
    if (rank.operatorMemory && rank.operatorMemory->size() > 0) {
        const OperatorMemoryTable& om = *rank.operatorMemory;
        TimeNs endNs = rank.trace.rangeNs.isEmpty() ? kInvalidTime : rank.trace.rangeNs.endNs;
        for (std::size_t i = 0; i < om.size(); ++i)
            for (const TimeNs t : { om.allocationNs[i], om.releaseNs[i] })
                if (t != kInvalidTime)
                    endNs = std::max(endNs, t);
        for (const PlotCurve& c : m_curves)
            if (!c.comparison && !c.curve.tsNs.empty())
                endNs = std::max(endNs, c.curve.tsNs.back());
        const TimeNs peakNs = m_peak ? m_peak->tsNs : kInvalidTime;
        m_allocations->setAllocations(allAllocations(om), m_originNs, endNs, peakNs);
        m_live->setAllocations(
            peakNs != kInvalidTime ? liveAllocations(om, peakNs, kLiveAtPeakRows) : std::vector<Allocation>(),
            m_originNs, endNs, peakNs);
        m_allocationTable->sortByColumn(AllocationModel::SizeColumn, Qt::DescendingOrder);
        m_liveTable->sortByColumn(AllocationModel::SizeColumn, Qt::DescendingOrder);
        m_liveTable->setColumnHidden(AllocationModel::LiveAtPeakColumn, true);
        m_liveTable->setColumnHidden(AllocationModel::ReleaseColumn, true);
        // Numbers sized to their contents, the name takes the rest (or the user's widths).
        m_allocationSizer->fitToContents();
        m_liveSizer->fitToContents();
        double liveKB = 0;
        for (int r = 0; r < m_live->rowCount(); ++r)
            liveKB += m_live->allocation(r).sizeKB;
        m_liveTitle->setText(m_peak ? tr("Biggest live allocations at the peak (%1 ms, top %2: %3 MB)")
                                          .arg(double(m_peak->tsNs - m_originNs) / 1e6, 0, 'f', 1)
                                          .arg(m_live->rowCount())
                                          .arg(liveKB / 1024.0, 0, 'f', 1)
                                    : tr("Biggest live allocations at the peak"));
        m_lower->show();
        m_noAllocations->hide();
    } else {
        m_allocations->setAllocations({}, m_originNs, m_originNs, kInvalidTime);
        m_live->setAllocations({}, m_originNs, m_originNs, kInvalidTime);
        m_noAllocations->setText(
            tr("%1 has no operator allocations: operator_memory.csv is missing or empty (torch_npu "
               "writes it with profile_memory=True).")
                .arg(rankLabel(baseIndex)));
        m_lower->hide();
        m_noAllocations->show();
    }
    m_allocationHeading->setText(
        compare ? tr("Operator allocations of %1").arg(rankLabel(baseIndex)) : tr("Operator allocations"));
    updateStepRange();
    rebuildPlot();
    updateTitle();
}

void MemoryPage::highlightAllocation(const QModelIndex& sourceIndex, const AllocationModel* model)
{
    if (!m_highlight)
        return;
    if (!sourceIndex.isValid() || sourceIndex.row() >= model->rowCount()) {
        m_highlight->setVisible(false);
        m_highlightLabel->setVisible(false);
        m_plot->replot();
        return;
    }
    const int row = sourceIndex.row();
    const Allocation& a = model->allocation(row);
    if (a.allocationNs == kInvalidTime)
        return;
    const double x0 = double(a.allocationNs - m_originNs) / 1e6;
    const double x1 = double(model->effectiveReleaseNs(row) - m_originNs) / 1e6;
    m_highlight->topLeft->setCoords(x0, 0);
    m_highlight->bottomRight->setCoords(x1, 1);
    m_highlight->setVisible(true);
    m_highlightLabel->setText(tr("%1 · %2 KB").arg(a.name).arg(a.sizeKB, 0, 'f', 1));
    m_highlightLabel->setVisible(true);
    // Bring the interval into view when the user zoomed elsewhere.
    const QCPRange r = m_plot->xAxis->range();
    if (x1 < r.lower || x0 > r.upper) {
        const double half = r.size() / 2;
        const double mid = (x0 + x1) / 2;
        m_plot->xAxis->setRange(mid - half, mid + half);
    }
    m_plot->replot();
}

void MemoryPage::updateTitle()
{
    if (isEmptyStateShown() || !m_state)
        return;
    if (m_state->runCompare() && m_state->compareMode())
        // Which line is which run is said in the peak line under the title (the title stays short).
        m_title->setText(tr("Memory · %1 vs %2")
                             .arg(rankLabel(m_state->baselineRank()), comparisonRankLabel(m_state->comparisonRank())));
    else if (m_state->compareMode())
        m_title->setText(tr("Memory · %1 (solid) vs %2 (dashed)")
                             .arg(rankLabel(m_state->baselineRank()), comparisonRankLabel(m_state->comparisonRank())));
    else
        m_title->setText(tr("Memory · %1").arg(rankLabel(std::max(0, m_state->currentRank()))));
    const int total = m_allocations->rowCount();
    const int shown = m_allocationProxy->rowCount();
    m_allocationSummary->setText(
        total == shown ? tr("%1 allocations").arg(total) : tr("%1 of %2 allocations").arg(shown).arg(total));
}

} // namespace profscope
