// SPDX-License-Identifier: Apache-2.0
#include "mareypage.h"
#include "analysis/analysisservice.h"
#include "common/deferredrefresh.h"
#include "common/headerbar.h"
#include "common/pagewidgets.h"

#include "common/viewstate.h"
#include "mareycanvas.h"
#include "mareyopsmodel.h"
#include "timeline/timeformat.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace profscope {

namespace {

// Ops per stage the chart draws: every op for a few devices; for big
// clusters the longest ops and merged runs, so painting stays fast.
int opBudget(int devices)
{
    return devices > 64 ? 800 : 4000;
}

const QString kMareyChannel = QStringLiteral("marey");

} // namespace

MareyPage::MareyPage(ViewState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
{
    m_stage = new QComboBox(this);
    m_stage->setToolTip(tr("Show every pipeline stage or one"));
    m_stage->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_align = new QCheckBox(tr("Align clocks"), this);
    m_align->setChecked(true);
    m_align->setToolTip(tr("Shift each host's timestamps so that the collectives end together on every rank"));
    m_memory = new QCheckBox(tr("Memory curve"), this);
    m_memory->setToolTip(tr("Draw each device's allocated memory over its time axis"));
    m_expand = new QPushButton(tr("Expand All"), this);
    m_expand->setToolTip(tr("Show every device of every stage"));
    m_collapse = new QPushButton(tr("Collapse All"), this);
    m_collapse->setToolTip(tr("Show one row per stage (earliest start to latest end over its devices)"));
    m_resetZoom = new QPushButton(tr("Reset Zoom"), this);
    m_resetZoom->setToolTip(tr("Show the whole step again (double-click the chart to zoom out one step)"));
    const auto exportChart = [this] { exportWidgetInteractive(this, m_canvas, QStringLiteral("marey")); };
    const auto exportTable = [this] { exportModelInteractive(this, *m_proxy, QStringLiteral("marey-ops")); };
    m_exportChart = makeExportButton(ExportKind::Chart, this, exportChart);
    m_exportTable =
        makeExportButton(ExportKind::Table, this, exportTable, tr("Save the ops of the zoomed window as CSV"));

    // Wraps into rows when the window is narrow (HeaderBar), never clipping a text.
    auto* bar = new HeaderBar(this);
    auto* stageLabel = new QLabel(tr("Stage:"), this);
    stageLabel->setBuddy(m_stage);
    bar->addControl(stageLabel);
    bar->addControl(m_stage);
    bar->addControl(m_align);
    bar->addControl(m_memory);
    bar->addSpacing(16);
    bar->addControl(m_expand);
    bar->addControl(m_collapse);
    bar->addControl(m_resetZoom);
    bar->addStretch();
    bar->addControl(m_exportChart);
    bar->addControl(m_exportTable);

    m_info = new QLabel(this);
    m_info->setWordWrap(true);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_canvas = new MareyCanvas;
    m_scroll = new QScrollArea(this);
    m_scroll->setWidget(m_canvas);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setFrameShape(QFrame::NoFrame);

    m_ops = new MareyOpsModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_ops);
    m_proxy->setSortRole(Qt::EditRole);
    m_table = new QTableView(this);
    m_table->setModel(m_proxy);
    limitContentsSizing(m_table);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setToolTip(tr("The ops of the zoomed window; double-click one to open it in the timeline"));

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_scroll);
    splitter->addWidget(m_table);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({ 700, 220 });
    splitter->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(bar);
    layout->addWidget(m_info);
    layout->addWidget(splitter, 1);

    connect(m_stage, &QComboBox::activated, this, &MareyPage::refresh);
    connect(m_align, &QCheckBox::toggled, this, &MareyPage::refresh);
    connect(m_memory, &QCheckBox::toggled, m_canvas, &MareyCanvas::setShowMemory);
    connect(m_expand, &QPushButton::clicked, this, [this] { m_canvas->setAllStagesCollapsed(false); });
    connect(m_collapse, &QPushButton::clicked, this, [this] { m_canvas->setAllStagesCollapsed(true); });
    connect(m_resetZoom, &QPushButton::clicked, m_canvas, &MareyCanvas::resetZoom);
    connect(m_canvas, &MareyCanvas::viewRangeChanged, this, [this] {
        // Zoomed into a downsampled chart: downsample the window again, so
        // that merged runs open up into their ops.
        const TimeRange window = m_canvas->viewRange();
        if (m_full && m_data != m_full && window != m_drawnWindow) {
            m_drawnWindow = window;
            m_data = drawnData(window);
            m_canvas->setData(m_data);
        }
        m_ops->setData(m_data, window);
        updateInfo();
    });
    // One click selects (outlined, its row in the table), a double click
    // opens it in the timeline, as everywhere else.
    connect(m_canvas, &MareyCanvas::opClicked, this, &MareyPage::selectOp);
    connect(m_canvas, &MareyCanvas::opDoubleClicked, this, &MareyPage::openOp);
    // The same actions where the user right-clicks.
    m_canvas->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_canvas, &QWidget::customContextMenuRequested, this, [this, exportChart](const QPoint& pos) {
        QMenu menu(this);
        menu.addAction(exportActionText(ExportKind::Chart), this, exportChart);
        menu.addSeparator();
        menu.addAction(tr("Zoom Out"), m_canvas, &MareyCanvas::zoomOut);
        menu.addAction(tr("Reset Zoom"), m_canvas, &MareyCanvas::resetZoom);
        menu.addAction(tr("Expand All"), this, [this] { m_canvas->setAllStagesCollapsed(false); });
        menu.addAction(tr("Collapse All"), this, [this] { m_canvas->setAllStagesCollapsed(true); });
        menu.exec(m_canvas->mapToGlobal(pos));
    });
    addContextAction(m_table, exportActionText(ExportKind::Table), exportTable);
    connect(
        m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
            m_canvas->setSelectedOp(current.isValid() ? m_ops->opIndex(m_proxy->mapToSource(current).row()) : -1);
        });
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        const int op = m_ops->opIndex(m_proxy->mapToSource(index).row());
        if (op >= 0 && m_data)
            openOp(op, m_data->stages[std::size_t(m_data->ops[std::size_t(op)].stage)].firstDevice);
    });

    m_refresh = new DeferredRefresh(this, [this] {
        if (m_profileStale) {
            m_profileStale = false;
            onProfileChanged();
        } else {
            refresh();
        }
    });
    if (m_state) {
        // Hidden, the page matches no ops; it does when it is next shown.
        connect(m_state, &ViewState::profileChanged, this, [this] {
            m_profileStale = true;
            m_refresh->request();
        });
        connect(m_state, &ViewState::stepChanged, m_refresh, &DeferredRefresh::request);
        connect(m_state, &ViewState::rankFilterChanged, m_refresh, &DeferredRefresh::request);
    }
    onProfileChanged();
}

// A running job holds the profile it reads; the service drops its result
// when the page is gone.
MareyPage::~MareyPage() = default;

void MareyPage::setMaxOpsPerStage(int maxOps)
{
    m_budgetOverride = std::max(0, maxOps);
    refresh();
}

bool MareyPage::isBusy() const
{
    return AnalysisService::instance()->currentJob(const_cast<MareyPage*>(this), kMareyChannel) != 0;
}

QList<ExportItem> MareyPage::exportItems() const
{
    return { { QStringLiteral("marey-chart"), m_canvas, nullptr }, { QStringLiteral("marey-ops"), nullptr, m_proxy } };
}

void MareyPage::onProfileChanged()
{
    m_stage->clear();
    m_stage->addItem(tr("All stages"), -1);
    refresh();
}

MareyOptions MareyPage::currentOptions() const
{
    MareyOptions o;
    if (m_state) {
        o.step = m_state->step();
        for (const int r : m_state->rankFilter())
            o.rankIndexes.push_back(r);
    }
    o.stage = m_stage->currentData().isValid() ? m_stage->currentData().toInt() : -1;
    o.alignClocks = m_align->isChecked();
    return o;
}

void MareyPage::refresh()
{
    const ProfilePtr profile = m_state ? m_state->profile() : ProfilePtr();
    if (!profile) {
        AnalysisService::instance()->cancel(this, kMareyChannel);
        setMareyData(nullptr);
        return;
    }
    MareyOptions o = currentOptions();
    const int devices = o.rankIndexes.empty() ? int(profile->ranks.size()) : int(o.rankIndexes.size());
    m_budget = m_budgetOverride > 0 ? m_budgetOverride : opBudget(devices);
    auto compute = [profile, o]() -> std::shared_ptr<const MareyData> {
        return std::make_shared<const MareyData>(computeMarey(*profile, o));
    };
    if (int(profile->ranks.size()) <= kSynchronousRanksUpTo) {
        AnalysisService::instance()->cancel(this, kMareyChannel); // an older job of a bigger profile
        setMareyData(compute());
        return;
    }
    m_info->setText(tr("Matching the ops of %n device(s)…", nullptr, devices));
    // A newer request (another step, stage or filter) supersedes this one.
    AnalysisService::instance()->request<std::shared_ptr<const MareyData>>(
        this, kMareyChannel, [compute](const JobToken&) { return compute(); },
        [this](std::shared_ptr<const MareyData> data) { setMareyData(std::move(data)); });
}

std::shared_ptr<const MareyData> MareyPage::drawnData(TimeRange window) const
{
    if (!m_full || m_budget <= 0)
        return m_full;
    std::vector<int> perStage(m_full->stages.size(), 0);
    for (const MareyOp& op : m_full->ops)
        ++perStage[std::size_t(op.stage)];
    if (perStage.empty() || *std::max_element(perStage.begin(), perStage.end()) <= m_budget)
        return m_full;
    // The ops in the window, downsampled; the time range stays the whole data's.
    auto data = std::make_shared<MareyData>();
    data->devices = m_full->devices;
    data->stages = m_full->stages;
    data->rangeNs = m_full->rangeNs;
    data->step = m_full->step;
    data->clocksAligned = m_full->clocksAligned;
    data->note = m_full->note;
    for (const MareyOp& op : m_full->ops) {
        const TimeRange b = op.bounds();
        if (!MareyOp::isMissing(b) && b.startNs <= window.endNs && b.endNs >= window.startNs)
            data->ops.push_back(op);
    }
    downsampleMarey(*data, m_budget);
    return data;
}

void MareyPage::setMareyData(std::shared_ptr<const MareyData> data)
{
    m_full = std::move(data);
    m_drawnWindow = m_full ? m_full->rangeNs : TimeRange {};
    m_data = drawnData(m_drawnWindow);
    // The stage list follows the data when it shows every stage.
    if (m_data && m_stage->currentIndex() <= 0 && m_stage->count() != int(m_data->stages.size()) + 1) {
        m_stage->clear();
        m_stage->addItem(tr("All stages"), -1);
        for (const MareyStage& s : m_data->stages)
            m_stage->addItem(tr("Stage %1").arg(s.pipelineStage), s.pipelineStage);
    }
    m_canvas->setData(m_data);
    m_ops->setData(m_data, m_canvas->viewRange());
    m_table->resizeColumnsToContents();
    if (m_table->columnWidth(MareyOpsModel::Name) > 360)
        m_table->setColumnWidth(MareyOpsModel::Name, 360);
    updateInfo();
    Q_EMIT dataChanged();
}

void MareyPage::updateInfo()
{
    if (!m_data) {
        m_info->setText(tr("No profile loaded."));
        return;
    }
    if (m_data->isEmpty()) {
        m_info->setText(m_data->note.isEmpty() ? tr("No device ops to show.") : m_data->note);
        return;
    }
    QStringList parts;
    parts << (m_data->step.isEmpty() ? tr("All steps") : tr("Step %1").arg(m_data->step));
    parts << tr("%n device(s)", nullptr, int(m_data->devices.size())) + QStringLiteral(" · ")
            + tr("%n stage(s)", nullptr, int(m_data->stages.size()));
    int merged = 0;
    for (const MareyOp& op : m_data->ops)
        merged += op.mergedOps > 1;
    QString ops = tr("%n op(s)", nullptr, int(m_data->ops.size()));
    if (merged > 0)
        ops += QStringLiteral(" (") + tr("%n run(s) of short ops merged", nullptr, merged) + QLatin1Char(')');
    if (m_data->droppedOps > 0)
        ops += QStringLiteral(", ") + tr("%n short op(s) not drawn", nullptr, m_data->droppedOps);
    parts << ops;
    const TimeRange view = m_canvas->viewRange();
    parts << tr("window %1 of %2")
                 .arg(formatDurationNs(double(view.durationNs())),
                     formatDurationNs(double(m_data->rangeNs.durationNs())));
    QString text = parts.join(QStringLiteral(" · "));
    if (!m_data->note.isEmpty())
        text += QStringLiteral("\n") + m_data->note;
    m_info->setText(text);
}

void MareyPage::selectOp(int op)
{
    m_canvas->setSelectedOp(op);
    for (int row = 0; row < m_ops->rowCount(); ++row)
        if (m_ops->opIndex(row) == op) {
            const QModelIndex index = m_proxy->mapFromSource(m_ops->index(row, 0));
            m_table->setCurrentIndex(index);
            m_table->scrollTo(index);
            return;
        }
}

void MareyPage::openOp(int op, int device)
{
    if (!m_state || !m_data || op < 0 || op >= int(m_data->ops.size()))
        return;
    const MareyOp& o = m_data->ops[std::size_t(op)];
    const MareyStage& stage = m_data->stages[std::size_t(o.stage)];
    if (device < stage.firstDevice || device >= stage.firstDevice + stage.deviceCount)
        device = stage.firstDevice;
    TimeRange r = m_data->range(o, device);
    if (MareyOp::isMissing(r)) {
        // A device of the stage that ran it.
        for (int d = stage.firstDevice; d < stage.firstDevice + stage.deviceCount && MareyOp::isMissing(r); ++d) {
            r = m_data->range(o, d);
            device = d;
        }
    }
    if (MareyOp::isMissing(r))
        return;
    const MareyDevice& d = m_data->devices[std::size_t(device)];
    // The timeline shows the rank's own clock.
    m_state->requestTimeline(d.rankIndex, r.startNs - d.clockOffsetNs, r.endNs - d.clockOffsetNs, o.name);
}

} // namespace profscope
