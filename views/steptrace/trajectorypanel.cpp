// SPDX-License-Identifier: Apache-2.0
#include "trajectorypanel.h"

#include "steptracecharts.h"

#include "common/export.h"
#include "common/pagewidgets.h"
#include "common/statuscolors.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

namespace profscope {

namespace {

// The partition of the step shown as stacked bars per device.
std::vector<std::pair<TrajectoryColumn, StepStageKind>> partition(const ClusterTrajectory& t)
{
    const bool legacy = std::find(t.columns.begin(), t.columns.end(), TrajectoryColumn::FpBp) != t.columns.end();
    if (legacy)
        return { { TrajectoryColumn::Gap, StepStageKind::Gap }, { TrajectoryColumn::FpBp, StepStageKind::FpBp },
            { TrajectoryColumn::Tail, StepStageKind::Tail } };
    return { { TrajectoryColumn::Preparing, StepStageKind::Preparing },
        { TrajectoryColumn::Computing, StepStageKind::Computing },
        { TrajectoryColumn::CommunicationNotOverlapped, StepStageKind::CommunicationNotOverlapped },
        { TrajectoryColumn::Free, StepStageKind::Free } };
}

} // namespace

TrajectoryPanel::TrajectoryPanel(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("trajectoryPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 6, 0, 0);
    auto* bar = new QHBoxLayout;
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    bar->addWidget(m_summary, 1);
    bar->addWidget(new QLabel(tr("Stage:"), this));
    m_stageFilter = new QComboBox(this);
    m_stageFilter->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_stageFilter->setToolTip(tr("Show the devices of one pipeline stage: within a stage, compare devices as in a "
                                 "model-parallel run"));
    bar->addWidget(m_stageFilter);
    layout->addLayout(bar);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    m_chart = new StackedBarsChart(tr("Iteration trajectory per device"), split);
    m_chart->setMinimumHeight(220);
    auto* tableBox = new QWidget(split);
    auto* tableLayout = new QVBoxLayout(tableBox);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    m_model = new CellTableModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(kSortRole);
    m_table = makeDataTable(m_proxy, tableBox);
    m_table->setObjectName(QStringLiteral("trajectoryTable"));
    m_table->setToolTip(tr("Double-click a device (or press Enter) to open its step trace"));
    tableLayout->addWidget(m_table, 1);
    m_legend = new QLabel(tableBox);
    m_legend->setWordWrap(true);
    tableLayout->addWidget(m_legend);
    split->addWidget(m_chart);
    split->addWidget(tableBox);
    split->setSizes({ 280, 320 });
    layout->addWidget(split, 1);

    connect(m_table, &QTableView::clicked, this, [this](const QModelIndex& index) {
        if (index.isValid() && index.column() == m_model->columnCount() - 1)
            emit deviceRequested(index.siblingAtColumn(0).data(m_model->userRole()).toInt());
    });
    // A double click or Enter (activated) opens the device.
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex& index) {
        if (index.isValid())
            emit deviceRequested(index.siblingAtColumn(0).data(m_model->userRole()).toInt());
    });
    connect(m_chart, &StackedBarsChart::categoryClicked, this, [this](int category) {
        if (category >= 0 && std::size_t(category) < m_chartRows.size()) {
            const int rankIndex = m_trajectory.rows[std::size_t(m_chartRows[std::size_t(category)])].rankIndex;
            for (int r = 0; r < m_proxy->rowCount(); ++r)
                if (m_proxy->index(r, 0).data(m_model->userRole()).toInt() == rankIndex)
                    m_table->selectRow(r);
            m_chart->setSelectedCategory(category);
        }
    });
    connect(m_stageFilter, &QComboBox::currentIndexChanged, this, &TrajectoryPanel::applyStageFilter);
    // Sorting moves the model's rows: the stage filter is applied again after it.
    connect(m_table->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, &TrajectoryPanel::applyStageFilter,
        Qt::QueuedConnection);
    addContextAction(m_chart, exportActionText(ExportKind::Chart),
        [this] { exportWidgetInteractive(this, m_chart, QStringLiteral("steptrace-cluster")); });
    addContextAction(m_table, exportActionText(ExportKind::Table),
        [this] { exportModelInteractive(this, *m_proxy, QStringLiteral("steptrace-cluster")); });
}

void TrajectoryPanel::setTrajectory(ClusterTrajectory trajectory)
{
    std::vector<TableRow> rows = tableRows(trajectory, colors());
    setTrajectory(std::move(trajectory), std::move(rows));
}

void TrajectoryPanel::setTrajectory(ClusterTrajectory trajectory, std::vector<TableRow> rows)
{
    m_trajectory = std::move(trajectory);
    {
        const QSignalBlocker blocker(m_stageFilter);
        const QVariant previous = m_stageFilter->currentData();
        m_stageFilter->clear();
        m_stageFilter->addItem(tr("All stages"), -1);
        std::vector<int> stages;
        for (const TrajectoryRow& r : m_trajectory.rows)
            if (r.stage > 0 && std::find(stages.begin(), stages.end(), r.stage) == stages.end())
                stages.push_back(r.stage);
        std::sort(stages.begin(), stages.end());
        for (int s : stages)
            m_stageFilter->addItem(tr("Stage %1").arg(s), s);
        m_stageFilter->setCurrentIndex(std::max(0, m_stageFilter->findData(previous)));
        m_stageFilter->setEnabled(stages.size() > 1);
    }
    const QLocale locale;
    QStringList parts;
    if (!m_trajectory.parallelMode.isEmpty())
        parts << tr("Parallel mode: %1").arg(m_trajectory.parallelMode);
    if (m_trajectory.stageNum > 0)
        parts << tr("%n pipeline stage(s)", nullptr, m_trajectory.stageNum);
    parts << tr("%n device(s)", nullptr, int(m_trajectory.rows.size()));
    int slowDevices = 0;
    for (const TrajectoryRow& r : m_trajectory.rows)
        slowDevices += r.slowDevice;
    if (slowDevices > 0)
        parts << tr("<b>%n slow device(s)</b>", nullptr, slowDevices);
    if (!m_trajectory.slowHosts.isEmpty())
        parts << tr("<b>slow host(s): %1</b>").arg(m_trajectory.slowHosts.join(QStringLiteral(", ")));
    m_summary->setText(m_trajectory.rows.empty() ? m_trajectory.note : parts.join(QStringLiteral(" · ")));
    fillModel(std::move(rows));
    applyStageFilter();
}

TrajectoryPanel::Colors TrajectoryPanel::colors() const
{
    Colors c;
    c.warn = severityColor(ImportMessage::Warning, palette());
    c.warnBack = c.warn;
    c.warnBack.setAlpha(40);
    c.link = palette().color(QPalette::Link);
    return c;
}

QStringList TrajectoryPanel::tableHeaders(const ClusterTrajectory& trajectory)
{
    QStringList headers { tr("Rank"), tr("Host"), tr("Stage"), tr("Steps") };
    for (TrajectoryColumn c : trajectory.columns)
        headers << tr("%1 (ms)").arg(trajectoryColumnName(c));
    headers << tr("Details");
    return headers;
}

std::vector<TableRow> TrajectoryPanel::tableRows(const ClusterTrajectory& trajectory, const Colors& colors)
{
    std::vector<TableRow> rows;
    rows.reserve(trajectory.rows.size());
    const auto deviceColumn = std::find(trajectory.columns.begin(), trajectory.columns.end(), trajectory.deviceColumn);
    for (const TrajectoryRow& r : trajectory.rows) {
        TableRow row;
        row.reserve(trajectory.columns.size() + 5);
        TableCell rank = textCell(r.rankId >= 0 ? QString::number(r.rankId) : QStringLiteral("?"), r.rankId);
        rank.user = r.rankIndex;
        row.push_back(std::move(rank));
        row.push_back(textCell(r.host, r.host));
        row.push_back(textCell(r.stage > 0 ? QString::number(r.stage) : QString(), r.stage));
        row.push_back(textCell(QString::number(r.steps), r.steps));
        for (TrajectoryColumn c : trajectory.columns)
            row.push_back(msCell(msOrNan(r.value(c))));
        // MindInsight's "details" link: one click opens the device's step trace.
        TableCell details = textCell(tr("Open ›"), r.rankId);
        details.foreground = colors.link;
        details.toolTip = tr("Open this device's step trace");
        row.push_back(std::move(details));
        if (r.slowDevice) {
            if (deviceColumn != trajectory.columns.end()) {
                TableCell& cell = row[std::size_t(4 + (deviceColumn - trajectory.columns.begin()))];
                cell.foreground = colors.warn;
                cell.background = colors.warnBack;
                cell.toolTip = tr("Slow device: %1 is at least %2% over the median of its stage")
                                   .arg(trajectoryColumnName(trajectory.deviceColumn))
                                   .arg(ClusterTrajectory::kSlowRatio * 100, 0, 'f', 0);
            }
            row[0].foreground = colors.warn;
        }
        if (r.slowHost) {
            row[1].foreground = colors.warn;
            row[1].background = colors.warnBack;
            row[1].toolTip = tr("Slow host: its devices' mean step gap is at least %1% over the hosts' median")
                                 .arg(ClusterTrajectory::kSlowRatio * 100, 0, 'f', 0);
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

void TrajectoryPanel::fillModel(std::vector<TableRow> rows)
{
    m_model->setTable(tableHeaders(m_trajectory), std::move(rows));
    // As the QStandardItemModel this was: new rows in the trajectory's order, until a header click.
    m_proxy->sort(-1);
    m_table->resizeColumnsToContents();
    m_legend->setText(
        tr("Step Gap: previous step's end to the forward start (data reading, host); FP+BP: forward and backward "
           "(device compute); Tail: backward end to the step's end (gradient reduction, update). Receive Alone, "
           "Communication Alone and Collective Communication Alone: only those communication ops run, no "
           "computation; Stage: the step minus its receive ops. Slow device: %1 at least %2% over the median of its "
           "stage; slow host: mean step gap at least %2% over the hosts' median. Double-click a device for its step "
           "trace.")
            .arg(trajectoryColumnName(m_trajectory.deviceColumn))
            .arg(ClusterTrajectory::kSlowRatio * 100, 0, 'f', 0));
}

void TrajectoryPanel::fillChart()
{
    const int stage = m_stageFilter->currentData().toInt();
    QStringList categories;
    m_chartRows.clear();
    const auto parts = partition(m_trajectory);
    std::vector<StackedBarsChart::Series> series;
    for (const auto& [column, kind] : parts)
        series.push_back({ kind, trajectoryColumnName(column), {} });
    for (std::size_t i = 0; i < m_trajectory.rows.size(); ++i) {
        const TrajectoryRow& r = m_trajectory.rows[i];
        if (stage > 0 && r.stage != stage)
            continue;
        m_chartRows.push_back(int(i));
        categories << (r.slowDevice || r.slowHost ? QStringLiteral("%1 ⚠").arg(r.rankId) : QString::number(r.rankId));
        for (std::size_t p = 0; p < parts.size(); ++p) {
            const TimeNs v = r.value(parts[p].first);
            series[p].valuesMs << msOrNan(v);
        }
    }
    // Drop parts no device has.
    series.erase(std::remove_if(series.begin(), series.end(),
                     [](const StackedBarsChart::Series& s) {
                         return std::all_of(s.valuesMs.begin(), s.valuesMs.end(), [](double v) { return std::isnan(v); });
                     }),
        series.end());
    m_chart->setData(categories, std::move(series), tr("Rank"));
}

void TrajectoryPanel::applyStageFilter()
{
    const int stage = m_stageFilter->currentData().toInt();
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        const int rowStage = m_proxy->index(r, 2).data(kSortRole).toInt();
        m_table->setRowHidden(r, stage > 0 && rowStage != stage);
    }
    fillChart();
}

int TrajectoryPanel::visibleRowCount() const
{
    int n = 0;
    for (int r = 0; r < m_proxy->rowCount(); ++r)
        n += !m_table->isRowHidden(r);
    return n;
}

QString TrajectoryPanel::summaryText() const
{
    return m_summary->text();
}

void TrajectoryPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && !m_trajectory.rows.empty()) {
        fillModel(tableRows(m_trajectory, colors()));
        applyStageFilter();
    }
}

} // namespace profscope
