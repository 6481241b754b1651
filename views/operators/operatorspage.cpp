// SPDX-License-Identifier: Apache-2.0
#include "operatorspage.h"
#include "common/deferredrefresh.h"

#include "barchart.h"
#include "common/columnsizer.h"
#include "common/pagewidgets.h"
#include "common/statuscolors.h"
#include "common/viewstate.h"
#include "itemmodels/operatorcomparemodel.h"
#include "itemmodels/operatorstatmodel.h"
#include "operatorsdetail.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCursor>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <map>

namespace profscope {

using namespace operators_detail;

namespace {

constexpr int kFilterDebounceMs = 300;

QSortFilterProxyModel* makeProxy(QSortFilterProxyModel* proxy, QAbstractItemModel* source, int sortRole, int filterRole)
{
    proxy->setSourceModel(source);
    proxy->setSortRole(sortRole);
    proxy->setFilterRole(filterRole);
    proxy->setFilterKeyColumn(0);
    proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy->setSortCaseSensitivity(Qt::CaseInsensitive);
    return proxy;
}

QTableView* makeTable(QWidget* parent, QAbstractItemModel* model)
{
    auto* table = makeDataTable(model, parent);
    table->setTextElideMode(Qt::ElideMiddle);
    table->horizontalHeader()->setSectionsMovable(true);
    return table;
}

// Sums per key in decreasing order, the tail beyond `bars` folded into "Others".
QList<BarItem> topBars(std::vector<std::pair<QString, TimeNs>> items, int bars, TimeNs totalNs, const QString& others,
    const QColor& othersColor)
{
    std::stable_sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    QList<BarItem> out;
    TimeNs rest = 0;
    int restCount = 0;
    const auto text = [totalNs](TimeNs ns) -> QString {
        return totalNs > 0 ? formatDurationText(ns) + QStringLiteral(" · ")
                + QString::number(100.0 * double(ns) / double(totalNs), 'f', 1) + QLatin1Char('%')
                           : formatDurationText(ns);
    };
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (int(i) < bars)
            out.push_back({ items[i].first, items[i].second, text(items[i].second), {} });
        else {
            rest += items[i].second;
            ++restCount;
        }
    }
    if (restCount > 0)
        out.push_back({ others.arg(restCount), rest, text(rest), othersColor });
    return out;
}

} // namespace

OperatorsPage::OperatorsPage(ViewState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 10, 12, 10);
    layout->setSpacing(8);

    auto* bar = new QHBoxLayout;
    bar->setSpacing(8);
    m_title = makePageTitle(QString(), this);
    bar->addWidget(m_title, 1);
    // Controls on a second row: the compare title is long.
    auto* controls = new QHBoxLayout;
    controls->setSpacing(8);

    m_grouping = new QComboBox(this);
    m_grouping->addItem(tr("Op type"), int(OperatorGrouping::TypeAndCore));
    m_grouping->addItem(tr("Op name"), int(OperatorGrouping::Name));
    m_grouping->addItem(tr("Op name + input shapes"), int(OperatorGrouping::NameAndShape));
    m_grouping->setToolTip(tr("Group the kernels by op type and core, by op name, or by op name and input shapes"));
    m_compareBy = new QComboBox(this);
    m_compareBy->addItem(tr("Compare by op type"));
    m_compareBy->addItem(tr("Compare by op name"));
    m_compareBy->setToolTip(
        tr("Kernels are paired by aligning each stream's kernel sequence (op type + input shapes)"));
    m_groupLabel = new QLabel(tr("Group by:"), this);
    controls->addWidget(m_groupLabel);
    controls->addWidget(m_grouping);
    controls->addWidget(m_compareBy);

    m_topN = new QSpinBox(this);
    m_topN->setRange(0, 9999);
    m_topN->setSpecialValueText(tr("All"));
    m_topN->setPrefix(tr("Top "));
    m_topN->setToolTip(
        tr("Show only the N groups with the most device time (the chart shows at most %1 bars)").arg(kMaxChartBars));
    controls->addWidget(m_topN);

    m_communication = new QCheckBox(tr("Communication in charts"), this);
    m_communication->setChecked(true);
    m_communication->setToolTip(tr("Include communication (HCCL) ops in the charts; without them the compute ops "
                                   "and their shares of the compute time are easier to read"));
    controls->addWidget(m_communication);

    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter by name, type or core"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMinimumWidth(180);
    m_filter->setMaximumWidth(420);
    controls->addWidget(m_filter, 1);
    controls->addStretch(1);

    const auto exportChart = [this] {
        exportWidgetInteractive(this, m_chartArea,
            m_compareMode ? QStringLiteral("operators-compare-chart") : QStringLiteral("operators-chart"));
    };
    const auto exportTable = [this] {
        exportModelInteractive(this, *currentTable()->model(),
            m_compareMode ? QStringLiteral("operators-compare") : QStringLiteral("operators"));
    };
    m_exportChart = makeExportButton(ExportKind::Chart, this, exportChart, tr("Save the charts as PNG, SVG or PDF"));
    m_exportTable = makeExportButton(ExportKind::Table, this, exportTable);
    bar->addWidget(m_exportChart);
    bar->addWidget(m_exportTable);
    layout->addLayout(bar);
    layout->addLayout(controls);

    m_stack = new QStackedWidget(this);
    layout->addWidget(m_stack, 1);

    auto* splitter = new QSplitter(Qt::Vertical, m_stack);
    splitter->setChildrenCollapsible(false);
    m_chartArea = new QWidget(splitter);
    m_chartArea->setAutoFillBackground(true);
    auto* charts = new QHBoxLayout(m_chartArea);
    charts->setContentsMargins(0, 0, 0, 0);
    charts->setSpacing(6);
    m_typeChart = new HorizontalBarChart(m_chartArea);
    m_coreChart = new HorizontalBarChart(m_chartArea);
    charts->addWidget(m_typeChart, 3);
    charts->addWidget(m_coreChart, 2);

    auto* lower = new QWidget(splitter);
    auto* lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->setSpacing(4);
    m_summary = new QLabel(lower);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    lowerLayout->addWidget(m_summary);
    m_tables = new QStackedWidget(lower);
    lowerLayout->addWidget(m_tables, 1);

    m_statModel = new OperatorStatModel(this);
    m_statProxy = makeProxy(
        new QSortFilterProxyModel(this), m_statModel, OperatorStatModel::SortRole, OperatorStatModel::FilterRole);
    m_statTable = makeTable(m_tables, m_statProxy);
    m_compareModel = new OperatorCompareModel(this);
    auto* compareProxy = new CompareProxy(this);
    compareProxy->palette = &palette();
    m_compareProxy =
        makeProxy(compareProxy, m_compareModel, OperatorCompareModel::SortRole, OperatorCompareModel::FilterRole);
    m_compareTable = makeTable(m_tables, m_compareProxy);
    m_statSizer = ColumnSizer::install(m_statTable, 0, QStringLiteral("operators/stat/0"));
    m_compareSizer = ColumnSizer::install(m_compareTable, 0, QStringLiteral("operators/compare/0"));
    // |delta| order of the model until the user picks a column.
    m_compareTable->horizontalHeader()->setSortIndicator(-1, Qt::DescendingOrder);
    connect(m_statTable->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this,
        [this](int section, Qt::SortOrder order) {
            if (m_rebuilding || section < 0 || section >= m_statModel->columnCount())
                return;
            m_statSortKind = m_statModel->columnKind(section);
            m_statSortOrder = order;
        });
    m_tables->addWidget(m_statTable);
    m_tables->addWidget(m_compareTable);
    splitter->addWidget(m_chartArea);
    splitter->addWidget(lower);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    m_stack->addWidget(splitter);

    m_empty = new QLabel(m_stack);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setMargin(40);
    m_empty->setTextFormat(Qt::PlainText);
    m_stack->addWidget(m_empty);

    m_filterTimer = new QTimer(this);
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(kFilterDebounceMs);
    connect(m_filter, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterTimer, &QTimer::timeout, this, &OperatorsPage::applyFilterNow);

    connect(m_grouping, &QComboBox::currentIndexChanged, this, &OperatorsPage::rebuild);
    connect(m_compareBy, &QComboBox::currentIndexChanged, this, &OperatorsPage::rebuild);
    connect(m_topN, &QSpinBox::valueChanged, this, &OperatorsPage::rebuild);
    connect(m_communication, &QCheckBox::toggled, this, &OperatorsPage::rebuild);
    // The same exports from a right click on the charts and the tables.
    for (QWidget* chart : std::initializer_list<QWidget*> { m_typeChart, m_coreChart })
        addContextAction(chart, exportActionText(ExportKind::Chart), exportChart);
    for (QTableView* table : { m_statTable, m_compareTable })
        addContextAction(table, exportActionText(ExportKind::Table), exportTable);
    for (QTableView* table : { m_statTable, m_compareTable }) {
        // The name column takes the spare width, not the last number column.
        table->horizontalHeader()->setStretchLastSection(false);
        connect(table, &QTableView::doubleClicked, this, [this, table](const QModelIndex& index) {
            QString why;
            if (!openTimelineForRow(index.row(), false, &why) && !why.isEmpty())
                QToolTip::showText(QCursor::pos(), why, table);
        });
    }
    // Both kernels of a compared row: the baseline's and the comparison's.
    m_compareTable->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_compareTable, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
        const QModelIndex index = m_compareTable->indexAt(pos);
        QMenu* menu = createCompareMenu(index.isValid() ? index.row() : -1);
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(m_compareTable->viewport()->mapToGlobal(pos));
    });

    m_refresh = new DeferredRefresh(this, [this] { rebuild(); });
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
            m_refresh->request();
        });
        // Hidden, the page rebuilds when it is next shown (or before it focuses an operator).
        connect(m_state, &ViewState::stepChanged, m_refresh, &DeferredRefresh::request);
        connect(m_state, &ViewState::currentRankChanged, m_refresh, &DeferredRefresh::request);
        connect(m_state, &ViewState::compareChanged, m_refresh, &DeferredRefresh::request);
        connect(m_state, &ViewState::comparisonProfileChanged, m_refresh, &DeferredRefresh::request);
        connect(m_state, &ViewState::comparisonTimelineAvailableChanged, m_refresh, &DeferredRefresh::request);
        connect(m_state, &ViewState::operatorRequested, this, [this](int rankIndex, const QString& opName) {
            m_refresh->flush();
            focusOperator(rankIndex, opName);
        });
    }
    rebuild();
}

OperatorsPage::~OperatorsPage() = default;

QList<ExportItem> OperatorsPage::exportItems() const
{
    if (isEmptyStateShown())
        return {};
    if (m_compareMode)
        return { { QStringLiteral("operators-compare-chart"), m_chartArea, nullptr },
            { QStringLiteral("operators-compare-table"), nullptr, m_compareProxy } };
    return { { QStringLiteral("operators-chart"), m_chartArea, nullptr },
        { QStringLiteral("operators-table"), nullptr, m_statProxy } };
}

QString OperatorsPage::emptyText() const
{
    return m_empty->text();
}

bool OperatorsPage::isEmptyStateShown() const
{
    return m_stack->currentWidget() == m_empty;
}

void OperatorsPage::setGrouping(OperatorGrouping grouping)
{
    m_grouping->setCurrentIndex(m_grouping->findData(int(grouping)));
}

OperatorGrouping OperatorsPage::grouping() const
{
    return OperatorGrouping(m_grouping->currentData().toInt());
}

void OperatorsPage::setTopN(int topN)
{
    m_topN->setValue(topN);
}

void OperatorsPage::setChartsIncludeCommunication(bool include)
{
    m_communication->setChecked(include);
}

void OperatorsPage::setCompareByType(bool byType)
{
    m_compareBy->setCurrentIndex(byType ? 0 : 1);
}

void OperatorsPage::applyFilterNow()
{
    m_filterTimer->stop();
    const QString text = m_filter->text().trimmed();
    m_statProxy->setFilterFixedString(text);
    m_compareProxy->setFilterFixedString(text);
    updateTitle();
}

QTableView* OperatorsPage::currentTable() const
{
    return m_compareMode ? m_compareTable : m_statTable;
}

QString OperatorsPage::rankLabel(int rankIndex) const
{
    const ProfilePtr& profile = m_state ? m_state->profile() : ProfilePtr();
    if (!profile || rankIndex < 0 || std::size_t(rankIndex) >= profile->ranks.size())
        return tr("rank ?");
    const RankInfo& info = profile->ranks[std::size_t(rankIndex)]->info;
    if (info.rankId >= 0)
        return tr("rank %1").arg(info.rankId);
    return info.displayName.isEmpty() ? tr("rank #%1").arg(rankIndex) : info.displayName;
}

QString OperatorsPage::otherRankLabel(int rankIndex) const
{
    if (!m_state || !m_state->runCompare())
        return rankLabel(rankIndex);
    const ProfilePtr& profile = m_state->comparisonSource();
    if (!profile || rankIndex < 0 || std::size_t(rankIndex) >= profile->ranks.size())
        return tr("rank ?");
    const RankInfo& info = profile->ranks[std::size_t(rankIndex)]->info;
    if (info.rankId >= 0)
        return tr("rank %1").arg(info.rankId);
    return info.displayName.isEmpty() ? tr("rank #%1").arg(rankIndex) : info.displayName;
}

qint32 OperatorsPage::currentStepId(const KernelTable* kernels) const
{
    if (!m_state || m_state->step().isEmpty() || !kernels || !hasStepIds(*kernels))
        return -1;
    bool ok = false;
    const int id = m_state->step().toInt(&ok);
    return ok ? id : -1;
}

void OperatorsPage::showEmpty(const QString& text)
{
    m_empty->setText(text);
    m_stack->setCurrentWidget(m_empty);
    m_statModel->clear();
    m_compareModel->setDeltas({}, true);
    m_exportChart->setEnabled(false);
    m_exportTable->setEnabled(false);
    m_filter->setEnabled(false);
}

void OperatorsPage::rebuild()
{
    const ProfilePtr profile = m_state ? m_state->profile() : ProfilePtr();
    m_profile = profile;
    m_otherProfile = m_state ? m_state->comparisonSource() : ProfilePtr();
    m_compareMode = m_state && profile && m_state->compareMode();
    // Two runs, but this rank has no partner: say so rather than showing
    // the base run alone as if nothing were compared.
    const bool unpaired = m_state && profile && m_state->runCompare() && m_state->comparisonRank() < 0;
    m_grouping->setVisible(!m_compareMode);
    m_compareBy->setVisible(m_compareMode);
    m_groupLabel->setVisible(!m_compareMode);
    m_title->setText(tr("Operators"));
    if (!profile || profile->ranks.empty()) {
        m_cache = {};
        showEmpty(
            tr("No profile loaded.\n\nOpen a profiler output folder (a rank's *_ascend_pt / *_ascend_ms folder or a "
               "cluster) to see where the device time goes by operator."));
        return;
    }
    const auto rankAt = [&profile](int index) -> const RankData* {
        return index >= 0 && std::size_t(index) < profile->ranks.size() ? profile->ranks[std::size_t(index)].get()
                                                                        : nullptr;
    };
    const ProfilePtr other = m_otherProfile;
    const auto otherRankAt = [&other](int index) -> const RankData* {
        return other && index >= 0 && std::size_t(index) < other->ranks.size() ? other->ranks[std::size_t(index)].get()
                                                                               : nullptr;
    };
    const auto noKernelsText = [this](const QString& label) {
        return tr(
            "%1 has no kernel table.\n\nOperator statistics are read from ASCEND_PROFILER_OUTPUT/kernel_details.csv "
            "(or op_summary_*.csv in a CANN PROF_ folder); profile with activities=[NPU] to get it.")
            .arg(label);
    };
    const auto noKernels = [this, noKernelsText](int index) { return noKernelsText(rankLabel(index)); };
    if (unpaired) {
        m_cache = {};
        showEmpty(tr("%1 has no partner in the comparison run.\n\nPair it with one of the comparison run's ranks "
                     "in File → Edit Rank Mapping.")
                      .arg(rankLabel(m_state->currentRank())));
        return;
    }
    m_exportChart->setEnabled(true);
    m_exportTable->setEnabled(true);
    m_filter->setEnabled(true);
    if (m_compareMode) {
        const RankData* base = rankAt(m_state->baselineRank());
        const RankData* otherRank = otherRankAt(m_state->comparisonRank());
        if (!base || !base->kernels) {
            showEmpty(noKernels(m_state->baselineRank()));
            return;
        }
        if (!otherRank || !otherRank->kernels) {
            showEmpty(noKernelsText(otherRankLabel(m_state->comparisonRank())));
            return;
        }
        m_stack->setCurrentIndex(0);
        m_tables->setCurrentWidget(m_compareTable);
        const qint32 stepId = currentStepId(base->kernels.get());
        // Across runs the comparison's step is the one standing for the base
        // step (same number, else same position); within a run the same id.
        qint32 otherStepId = stepId;
        if (m_state->runCompare() && stepId >= 0) {
            bool ok = false;
            const int id = m_state->comparisonStep().toInt(&ok);
            otherStepId = ok ? id : -1;
        }
        if (!hasStepIds(*otherRank->kernels))
            otherStepId = -1;
        static_cast<CompareProxy*>(m_compareProxy)->rowToolTip = m_state->runCompare()
            ? tr("Double-click: the baseline's longest kernel of this row in the timeline; right-click for the "
                 "comparison's")
            : QString();
        rebuildCompare(*base, *otherRank, stepId, otherStepId);
    } else {
        m_cache = {};
        const int index = m_state->currentRank() >= 0 ? m_state->currentRank() : 0;
        const RankData* rank = rankAt(index);
        if (!rank || !hasOperatorStatistics(*rank)) {
            showEmpty(noKernels(index));
            return;
        }
        m_stack->setCurrentIndex(0);
        m_tables->setCurrentWidget(m_statTable);
        rebuildSingle(*rank, currentStepId(rank->kernels.get()));
    }
    updateTitle();
}

void OperatorsPage::rebuildSingle(const RankData& rank, qint32 stepId)
{
    // Without a kernel table (a summary-only copy, a Profscope summary): the
    // per-type statistics of op_statistic.csv or the summary, whole run.
    const KernelTable* k = rank.kernels && rank.kernels->size() > 0 ? rank.kernels.get() : nullptr;
    m_rebuilding = true;
    OperatorQuery query;
    query.grouping = k ? grouping() : OperatorGrouping::TypeAndCore;
    query.stepId = k ? stepId : -1;
    query.topN = m_topN->value();
    const bool hasWait
        = k && std::any_of(k->waitNs.begin(), k->waitNs.end(), [](TimeNs w) { return w != kInvalidTime; });
    m_statModel->setStatistics(rankOperatorStatistics(rank, query), query.grouping, hasWait);
    int sortSection = m_statModel->section(OperatorStatModel::Column(m_statSortKind));
    if (sortSection < 0) {
        m_statSortKind = OperatorStatModel::TotalColumn;
        m_statSortOrder = Qt::DescendingOrder;
        sortSection = m_statModel->section(OperatorStatModel::TotalColumn);
    }
    m_rebuilding = false;
    m_statTable->sortByColumn(sortSection, m_statSortOrder);
    // By name and shape the shapes column stretches: op names stay readable.
    // Widths per grouping (the columns differ); by name and shape the shapes
    // column gets the rest: op names stay readable either way.
    m_statSizer->setKey(QStringLiteral("operators/stat/%1").arg(int(m_statModel->grouping())));
    m_statSizer->setNameColumn(m_statModel->grouping() == OperatorGrouping::NameAndShape
            ? m_statModel->section(OperatorStatModel::ShapesColumn)
            : 0);
    m_statSizer->fitToContents();

    // Charts: all kernels of the step, by type (cores summed) and by core.
    OperatorQuery all;
    all.stepId = query.stepId;
    std::map<QString, TimeNs> byType, byCore;
    TimeNs total = 0;
    qint64 kernels = 0;
    const bool withCommunication = m_communication->isChecked();
    for (const OperatorStat& s : rankOperatorStatistics(rank, all)) {
        if (s.communication && !withCommunication)
            continue;
        byType[s.type] += s.totalNs;
        byCore[s.core.isEmpty() ? tr("(unknown)") : s.core] += s.totalNs;
        total += s.totalNs;
        kernels += s.count;
    }
    const int bars = m_topN->value() > 0 ? std::min(m_topN->value(), kMaxChartBars) : kDefaultChartBars;
    const QColor othersColor = mutedTextColor(palette());
    const QString step = query.stepId >= 0 ? tr(" · step %1").arg(query.stepId) : QString();
    m_typeChart->setTitle((withCommunication ? tr("Device time by op type") : tr("Compute time by op type")) + step);
    m_typeChart->setValueAxisTitle(tr("Total time"));
    m_typeChart->setNoBarsText(tr("No kernels in this step"));
    m_typeChart->setBars(topBars({ byType.begin(), byType.end() }, bars, total, tr("Others (%1 types)"), othersColor));
    m_coreChart->setTitle(
        (withCommunication ? tr("Device time by accelerator core") : tr("Compute time by accelerator core")) + step);
    m_coreChart->setValueAxisTitle(tr("Total time"));
    m_coreChart->setNoBarsText(tr("No kernels in this step"));
    m_coreChart->setBars(
        topBars({ byCore.begin(), byCore.end() }, kMaxChartBars, total, tr("Others (%1 cores)"), othersColor));
    m_coreChart->show();

    QString summary = tr("%1 kernels, %2 of device time%3")
                          .arg(kernels)
                          .arg(formatDurationText(total), withCommunication ? QString() : tr(" without communication"));
    if (!k) {
        summary += rank.summary.isSummary()
            ? tr(" · from the rank's Profscope summary: the whole run by op type and core (no kernel table)")
            : tr(" · from op_statistic.csv: the whole run by op type and core (no kernel_details.csv)");
        m_summary->setText(summary);
        return;
    }
    if (m_state && !m_state->step().isEmpty() && !hasStepIds(*k))
        summary += tr(" · kernel_details.csv has no Step Id: showing all steps");
    summary += tr(" · double-click a row to show its longest kernel in the timeline");
    m_summary->setText(summary);
}

void OperatorsPage::updateTitle()
{
    if (isEmptyStateShown() || !m_state)
        return;
    QString title;
    const QString step = m_state->step().isEmpty() ? tr("all steps") : tr("step %1").arg(m_state->step());
    if (m_compareMode && m_state->runCompare()) {
        title = tr("Operators · base run %1 vs comparison run %2 · %3")
                    .arg(rankLabel(m_state->baselineRank()), otherRankLabel(m_state->comparisonRank()), step);
        if (m_state->comparisonStep() != m_state->step())
            title += tr(" (comparison: step %1)").arg(m_state->comparisonStep());
    } else if (m_compareMode) {
        title = tr("Operators · %1 (baseline) vs %2 (comparison) · %3")
                    .arg(rankLabel(m_state->baselineRank()), otherRankLabel(m_state->comparisonRank()), step);
    } else {
        title = tr("Operators · %1 · %2").arg(rankLabel(m_state->currentRank()), step);
    }
    const QSortFilterProxyModel* proxy = m_compareMode ? m_compareProxy : m_statProxy;
    if (!proxy->filterRegularExpression().pattern().isEmpty())
        title += tr(" · %1 of %2 rows").arg(proxy->rowCount()).arg(proxy->sourceModel()->rowCount());
    m_title->setText(title);
}

bool OperatorsPage::openTimelineForRow(int proxyRow, bool comparisonSide, QString* why)
{
    if (!m_state || isEmptyStateShown())
        return false;
    const ProfilePtr& profile = m_state->profile();
    if (m_compareMode)
        return openCompareTimeline(proxyRow, comparisonSide, why);
    const int rankIndex = m_state->currentRank();
    if (!profile || rankIndex < 0 || std::size_t(rankIndex) >= profile->ranks.size())
        return false;
    const KernelTable* kp = profile->ranks[std::size_t(rankIndex)]->kernels.get();
    const QModelIndex source = m_statProxy->mapToSource(m_statProxy->index(proxyRow, 0));
    if (!kp || !source.isValid())
        return false;
    const KernelTable& k = *kp;
    const OperatorStat& s = m_statModel->stat(source.row());
    const StringId type = findId(k.strings, s.type);
    const StringId core = findId(k.strings, s.core);
    const StringId name = findId(k.strings, s.key);
    const StringId shapes = findId(k.strings, s.inputShapes);
    const OperatorGrouping g = m_statModel->grouping();
    const qint64 row = longestKernel(k, currentStepId(&k), [&](std::size_t i) {
        switch (g) {
        case OperatorGrouping::TypeAndCore:
            return k.type[i] == type && k.acceleratorCore[i] == core;
        case OperatorGrouping::Name:
            return k.name[i] == name && k.type[i] == type;
        case OperatorGrouping::NameAndShape:
            return k.name[i] == name && k.type[i] == type && k.inputShapes[i] == shapes;
        }
        return false;
    });
    if (row < 0)
        return false;
    m_state->requestTimeline(rankIndex, k.startNs[std::size_t(row)],
        k.startNs[std::size_t(row)] + k.durNs[std::size_t(row)], k.strings.string(k.name[std::size_t(row)]));
    return true;
}

void OperatorsPage::focusOperator(int rankIndex, const QString& opName)
{
    if (!m_state)
        return;
    if (!m_compareMode && rankIndex >= 0 && rankIndex != m_state->currentRank())
        m_state->setCurrentRank(rankIndex); // rebuilds
    if (!m_compareMode && grouping() == OperatorGrouping::TypeAndCore) {
        const auto& stats = m_statModel->statistics();
        const bool isType =
            std::any_of(stats.begin(), stats.end(), [&opName](const OperatorStat& s) { return s.type == opName; });
        if (!isType)
            setGrouping(OperatorGrouping::Name);
    }
    m_filter->setText(opName);
    applyFilterNow();
    QTableView* table = currentTable();
    QAbstractItemModel* model = table->model();
    if (model->rowCount() == 0)
        return;
    int best = 0;
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->index(r, 0).data().toString() == opName) {
            best = r;
            break;
        }
    table->selectRow(best);
    table->scrollTo(model->index(best, 0));
}

} // namespace profscope
