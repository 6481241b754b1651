// SPDX-License-Identifier: Apache-2.0
#include "strategypage.h"
#include "common/deferredrefresh.h"
#include "common/headerbar.h"

#include "strategygraph.h"

#include "common/pagewidgets.h"
#include "common/statuscolors.h"
#include "common/viewstate.h"
#include "timeline/timeformat.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QScrollArea>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <functional>

namespace profscope {

namespace {

constexpr int kNodeRole = Qt::UserRole + 2;

// MindInsight's strategy matrix scale: log2 of the slices over [1, 1024],
// from #fdf4ed to #f16427.
QColor sliceColor(qint64 slices)
{
    const double t = std::clamp(std::log2(double(std::max<qint64>(slices, 1))) / 10.0, 0.0, 1.0);
    const QColor a(0xfd, 0xf4, 0xed), b(0xf1, 0x64, 0x27);
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
        float(a.greenF() + (b.greenF() - a.greenF()) * t), float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

// "0-7, 12": runs of consecutive ranks as ranges (a stage may hold hundreds).
QString rankList(const std::vector<int>& ranks)
{
    QStringList parts;
    for (std::size_t i = 0; i < ranks.size();) {
        std::size_t j = i;
        while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1)
            ++j;
        parts << (j > i ? QStringLiteral("%1-%2").arg(ranks[i]).arg(ranks[j]) : QString::number(ranks[i]));
        i = j + 1;
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace

// Re-sizes the graph whenever the scroll area's viewport changes size. The
// page deletes it first when it goes (its callback reads the page), and it
// compares the viewport kept at install: a scroll area being destroyed may
// no longer be asked for its viewport.
class StrategyPage::ViewportWatcher : public QObject
{
public:
    ViewportWatcher(QScrollArea* area, std::function<void()> resized)
        : QObject(area)
        , m_viewport(area->viewport())
        , m_resized(std::move(resized))
    {
        m_viewport->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == m_viewport && event->type() == QEvent::Resize)
            m_resized();
        return false;
    }

private:
    QObject* m_viewport;
    std::function<void()> m_resized;
};

namespace {

} // namespace

StrategyPage::StrategyPage(ViewState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 10, 12, 10);
    layout->setSpacing(8);

    // The controls go under the title, and wrap, when the window is narrow (HeaderBar).
    auto* bar = new HeaderBar(this);
    m_title = makePageTitle(tr("Strategy"), this);
    auto* titles = new QVBoxLayout;
    titles->addWidget(m_title);
    bar->setTitles(titles);
    auto* stageLabel = new QLabel(tr("Stage:"), this);
    bar->addControl(stageLabel);
    m_stageBox = new QComboBox(this);
    stageLabel->setBuddy(m_stageBox);
    m_stageBox->setObjectName(QStringLiteral("strategyStage"));
    m_stageBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_stageBox->setMinimumContentsLength(14);
    m_stageBox->setToolTip(tr("The pipeline stage whose graph is shown"));
    bar->addControl(m_stageBox);
    bar->addSpacing(16);
    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("strategySearch"));
    m_search->setPlaceholderText(tr("Find operator by name or type…"));
    m_search->setClearButtonEnabled(true);
    m_search->setMinimumWidth(260);
    m_search->setToolTip(tr("Enter finds the next match, in every stage"));
    bar->addControl(m_search);
    m_searchStatus = new QLabel(this);
    bar->addControl(m_searchStatus);
    bar->addSpacing(16);
    m_groupScopes = new QCheckBox(tr("Group by scope"), this);
    m_groupScopes->setChecked(true);
    m_groupScopes->setToolTip(tr("Large graphs: draw the ops of a scope as one box until it is opened (double-click)"));
    bar->addControl(m_groupScopes);
    auto* fit = new QToolButton(this);
    fit->setText(tr("Fit"));
    fit->setToolTip(tr("Zoom the graph to fit the view (Ctrl+wheel zooms)"));
    bar->addControl(fit);
    connect(fit, &QToolButton::clicked, this, [this] { fitGraph(0.2); });
    bar->addStretch();
    bar->addControl(makeExportButton(
        ExportKind::Chart, this, [this] { exportWidgetInteractive(this, m_graph, QStringLiteral("strategy-graph")); },
        tr("Save the stage graph as PNG, SVG or PDF")));
    bar->addControl(makeExportButton(
        ExportKind::Table, this, [this] { exportModelInteractive(this, *m_nodeProxy, QStringLiteral("strategy-ops")); },
        tr("Save the operator table as CSV")));
    layout->addWidget(bar);
    m_summary = new QLabel(this);
    m_summary->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_summary);

    m_stack = new QStackedWidget(this);
    layout->addWidget(m_stack, 1);
    auto* content = new QSplitter(Qt::Vertical, m_stack);
    content->setChildrenCollapsible(false);

    auto* top = new QSplitter(Qt::Horizontal, content);
    top->setChildrenCollapsible(false);
    m_scroll = new QScrollArea(top);
    m_scroll->setWidgetResizable(false);
    m_scroll->setBackgroundRole(QPalette::Base);
    m_scroll->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_graph = new StrategyGraph;
    m_graph->setObjectName(QStringLiteral("strategyGraph"));
    m_scroll->setWidget(m_graph);
    // Until the user zooms, the graph follows the view's size.
    m_viewportWatcher = new ViewportWatcher(m_scroll, [this] {
        if (m_autoFit)
            fitGraph(0.55);
        else
            m_graph->fitContainer(m_scroll->viewport()->size());
    });
    connect(m_graph, &StrategyGraph::zoomChanged, this, [this] {
        if (!m_fitting)
            m_autoFit = false;
    });

    // Details of the selected op.
    auto* details = new QWidget(top);
    details->setMinimumWidth(330);
    auto* dl = new QVBoxLayout(details);
    dl->setContentsMargins(8, 0, 0, 0);
    m_nodeTitle = makeHeading(tr("Select an operator"), details);
    m_nodeTitle->setWordWrap(true);
    m_nodeTitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    dl->addWidget(m_nodeTitle);
    m_nodeInfo = new QLabel(details);
    m_nodeInfo->setWordWrap(true);
    m_nodeInfo->setTextFormat(Qt::RichText);
    m_nodeInfo->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_nodeInfo->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    dl->addWidget(m_nodeInfo);
    m_peerButton = new QPushButton(details);
    m_peerButton->setObjectName(QStringLiteral("strategyPeer"));
    m_peerButton->setToolTip(tr("The other end of this pipeline transfer, in its stage's graph"));
    m_peerButton->setVisible(false);
    dl->addWidget(m_peerButton, 0, Qt::AlignLeft);
    dl->addWidget(makeHeading(tr("Strategy matrix (slices per tensor dimension)"), details));
    m_matrixNote = new QLabel(details);
    m_matrixNote->setWordWrap(true);
    m_matrixNote->setForegroundRole(QPalette::PlaceholderText);
    dl->addWidget(m_matrixNote);
    m_matrixModel = new QStandardItemModel(this);
    m_matrixTable = new QTableView(details);
    m_matrixTable->setObjectName(QStringLiteral("strategyMatrix"));
    m_matrixTable->setModel(m_matrixModel);
    m_matrixTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_matrixTable->setSelectionMode(QAbstractItemView::NoSelection);
    m_matrixTable->horizontalHeader()->setDefaultSectionSize(46);
    m_matrixTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_matrixTable->horizontalHeader()->setMinimumSectionSize(40);
    m_matrixTable->verticalHeader()->setDefaultSectionSize(26);
    m_matrixTable->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_matrixTable->setMaximumHeight(170);
    m_matrixTable->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_matrixTable->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    dl->addWidget(m_matrixTable);
    dl->addWidget(makeHeading(tr("Kernels on the stage's ranks"), details));
    m_kernelModel = new QStandardItemModel(this);
    m_kernelModel->setSortRole(kSortRole);
    m_kernelTable = makeDataTable(m_kernelModel, details);
    m_kernelTable->setObjectName(QStringLiteral("strategyKernels"));
    m_kernelTable->setTextElideMode(Qt::ElideMiddle);
    m_kernelNote = new QLabel(details);
    m_kernelNote->setWordWrap(true);
    m_kernelNote->setForegroundRole(QPalette::PlaceholderText);
    dl->addWidget(m_kernelNote);
    dl->addWidget(m_kernelTable, 1);
    auto* jumps = new QHBoxLayout;
    m_timelineButton = new QPushButton(tr("Show in Timeline"), details);
    m_operatorsButton = new QPushButton(tr("Show in Operators"), details);
    jumps->addWidget(m_timelineButton);
    jumps->addWidget(m_operatorsButton);
    jumps->addStretch(1);
    dl->addLayout(jumps);
    dl->addStretch(0); // takes the room of a hidden kernel table
    m_details = dl;
    top->addWidget(m_scroll);
    top->addWidget(details);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 1);

    // Every op of the stage.
    m_nodeModel = new QStandardItemModel(this);
    m_nodeModel->setSortRole(kSortRole);
    m_nodeProxy = new QSortFilterProxyModel(this);
    m_nodeProxy->setSourceModel(m_nodeModel);
    m_nodeProxy->setSortRole(kSortRole);
    m_nodeTable = makeDataTable(m_nodeProxy, content);
    m_nodeTable->setObjectName(QStringLiteral("strategyOps"));
    content->setStretchFactor(0, 3);
    content->setStretchFactor(1, 1);
    content->setSizes({ 480, 200 });
    m_stack->addWidget(content);

    m_empty = new QLabel(m_stack);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setMargin(40);
    m_empty->setText(tr("No parallel strategy in this profile. It comes from parallel_strategy_{rank}.json, which "
                        "MindSpore writes in auto_parallel, semi_auto_parallel and data_parallel mode when profiling "
                        "with parallel_strategy=True (the default up to MindSpore 2.3)."));
    m_stack->addWidget(m_empty);

    connect(m_stageBox, &QComboBox::currentIndexChanged, this, &StrategyPage::showStage);
    connect(m_graph, &StrategyGraph::nodeClicked, this, [this](int node) {
        m_selected = node;
        fillDetails();
        for (int r = 0; r < m_nodeProxy->rowCount(); ++r)
            if (m_nodeProxy->index(r, 0).data(kNodeRole).toInt() == node) {
                const QSignalBlocker block(m_nodeTable->selectionModel());
                m_nodeTable->selectRow(r);
                m_nodeTable->scrollTo(m_nodeProxy->index(r, 0));
            }
    });
    connect(
        m_nodeTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& index) {
            if (index.isValid())
                selectNode(m_nodeProxy->index(index.row(), 0).data(kNodeRole).toInt());
        });
    connect(m_search, &QLineEdit::returnPressed, this, [this] { findNext(m_search->text()); });
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString& text) {
        // Live highlight of the matches in the stage shown.
        std::vector<int> matches;
        if (m_stage >= 0 && !text.trimmed().isEmpty())
            for (int n = 0; n < int(m_analysis.stages[std::size_t(m_stage)].nodes.size()); ++n) {
                const auto& node = m_analysis.stages[std::size_t(m_stage)].nodes[std::size_t(n)];
                if (node.name.contains(text.trimmed(), Qt::CaseInsensitive)
                    || node.opType.compare(text.trimmed(), Qt::CaseInsensitive) == 0)
                    matches.push_back(n);
            }
        m_graph->setMatches(matches);
        m_searchStatus->setText(
            text.trimmed().isEmpty() ? QString() : tr("%n match(es) in this stage", nullptr, int(matches.size())));
    });
    connect(m_groupScopes, &QCheckBox::toggled, this, [this](bool on) {
        m_graph->setGroupScopes(on);
        centreOn(m_selected);
    });
    connect(m_timelineButton, &QPushButton::clicked, this, [this] {
        const QModelIndex current = m_kernelTable->currentIndex();
        jumpToKernel(current.isValid() ? current.row() : 0, true);
    });
    connect(m_operatorsButton, &QPushButton::clicked, this, [this] {
        const QModelIndex current = m_kernelTable->currentIndex();
        jumpToKernel(current.isValid() ? current.row() : 0, false);
    });
    connect(m_peerButton, &QPushButton::clicked, this, [this] { goToPeer(); });
    connect(m_kernelTable, &QTableView::doubleClicked, this,
        [this](const QModelIndex& index) { jumpToKernel(index.row(), true); });
    addContextAction(m_graph, exportActionText(ExportKind::Chart),
        [this] { exportWidgetInteractive(this, m_graph, QStringLiteral("strategy-graph")); });
    addContextAction(m_nodeTable, exportActionText(ExportKind::Table),
        [this] { exportModelInteractive(this, *m_nodeProxy, QStringLiteral("strategy-ops")); });

    if (m_state)
        // Hidden, the page rebuilds when it is next shown.
        connect(m_state, &ViewState::profileChanged, new DeferredRefresh(this, [this] { rebuild(); }),
            &DeferredRefresh::request);
    rebuild();
}

StrategyPage::~StrategyPage()
{
    // Before the scroll area and the graph go: its callback reads them.
    delete m_viewportWatcher;
}

bool StrategyPage::hasData(const Profile& profile)
{
    return hasParallelStrategy(profile);
}

bool StrategyPage::isEmptyStateShown() const
{
    return m_stack->currentWidget() == m_empty;
}

int StrategyPage::currentStage() const
{
    return m_stage;
}

QList<ExportItem> StrategyPage::exportItems() const
{
    if (isEmptyStateShown() || m_stage < 0)
        return {};
    return { { QStringLiteral("strategy-graph"), m_graph, nullptr },
        { QStringLiteral("strategy-ops"), nullptr, m_nodeProxy } };
}

void StrategyPage::rebuild()
{
    m_profile = m_state ? m_state->profile() : nullptr;
    m_analysis = m_profile ? analyzeStrategy(*m_profile) : StrategyAnalysis {};
    m_stage = -1;
    m_selected = -1;
    {
        const QSignalBlocker block(m_stageBox);
        m_stageBox->clear();
        for (const auto& s : m_analysis.stages)
            m_stageBox->addItem(tr("Stage %1 · ranks %2").arg(s.stageId).arg(rankList(s.rankIds)));
    }
    if (m_analysis.isEmpty()) {
        m_title->setText(tr("Strategy"));
        m_summary->clear();
        m_graph->setStage(nullptr, true);
        m_stack->setCurrentWidget(m_empty);
        return;
    }
    m_stack->setCurrentWidget(m_stack->widget(0));
    m_stageBox->setCurrentIndex(0);
    showStage(0);
}

void StrategyPage::showStage(int stageIndex)
{
    if (stageIndex < 0 || stageIndex >= int(m_analysis.stages.size()))
        return;
    m_stage = stageIndex;
    m_selected = -1;
    const StrategyStage& s = m_analysis.stages[std::size_t(stageIndex)];
    QStringList parts;
    parts << (m_analysis.parallelType.isEmpty() ? tr("parallel type unknown") : m_analysis.parallelType)
          << tr("ranks %1").arg(rankList(s.rankIds)) << tr("%n op(s)", nullptr, int(s.nodes.size()))
          << tr("%1 with a strategy").arg(s.withStrategy) << tr("%1 communication").arg(s.communicationOps)
          << tr("%n parameter(s) and constant(s)", nullptr, int(s.consts.size()));
    for (const auto& [type, count] : s.instanceTypes)
        parts << QStringLiteral("%1 %2").arg(count).arg(type);
    QString summary = parts.join(QStringLiteral(" · "));
    if (!m_analysis.notes.isEmpty())
        summary += QStringLiteral("  —  ") + m_analysis.notes.join(QStringLiteral("; "));
    m_summary->setText(summary);
    m_graph->setStage(&s, m_groupScopes->isChecked());
    // As much of the graph as stays readable.
    m_autoFit = true;
    fitGraph(0.55);
    fillNodeTable();
    // The first op with a strategy is shown in the details (selected in the
    // graph when it is drawn as its own box, its scope stays closed).
    for (int n = 0; n < int(s.nodes.size()) && m_selected < 0; ++n)
        if (!s.nodes[std::size_t(n)].strategy.empty())
            m_selected = n;
    if (m_selected >= 0) {
        const auto& layout = m_graph->graphLayout();
        if (layout.units[std::size_t(layout.unitOfNode[std::size_t(m_selected)])].nodeIndex == m_selected)
            m_graph->setSelectedNode(m_selected);
    }
    fillDetails();
    // The search highlight follows the stage.
    emit m_search->textChanged(m_search->text());
}

void StrategyPage::fillNodeTable()
{
    m_nodeModel->clear();
    m_nodeModel->setHorizontalHeaderLabels({ tr("Stage"), tr("Id"), tr("Name"), tr("Type"), tr("Instance Type"),
        tr("Strategy"), tr("Strategy Source"), tr("Inputs"), tr("Outputs"), tr("Output Shape"), tr("Kernels") });
    if (m_stage < 0)
        return;
    const StrategyStage& s = m_analysis.stages[std::size_t(m_stage)];
    for (int n = 0; n < int(s.nodes.size()); ++n) {
        const StrategyGraphNode& node = s.nodes[std::size_t(n)];
        QStringList inputs;
        for (int in : node.inputs)
            inputs << s.nodes[std::size_t(in)].nodeId;
        inputs << node.constInputs;
        QStringList outputs;
        for (int out : node.outputs)
            outputs << s.nodes[std::size_t(out)].nodeId;
        QList<QStandardItem*> row { intItem(s.stageId), intItem(node.nodeId.toLongLong()), sortableItem(node.name),
            sortableItem(node.opType), sortableItem(node.instanceType), sortableItem(node.strategyText()),
            sortableItem(node.strategySource), sortableItem(inputs.join(QStringLiteral(" "))),
            sortableItem(outputs.join(QStringLiteral(" "))), sortableItem(node.outputShape),
            intItem(node.kernelCount()) };
        row[0]->setData(n, kNodeRole);
        m_nodeModel->appendRow(row);
    }
    m_nodeTable->setColumnWidth(2, 360);
}

void StrategyPage::fillDetails()
{
    m_matrixModel->clear();
    m_kernelModel->clear();
    m_kernelModel->setHorizontalHeaderLabels({ tr("Rank"), tr("Count"), tr("Total"), tr("Kernel") });
    const bool valid =
        m_stage >= 0 && m_selected >= 0 && m_selected < int(m_analysis.stages[std::size_t(m_stage)].nodes.size());
    m_timelineButton->setEnabled(false);
    m_operatorsButton->setEnabled(false);
    m_peerButton->setVisible(false);
    if (!valid) {
        m_kernelNote->clear();
        m_kernelTable->setVisible(false);
        m_details->setStretch(m_details->count() - 1, 1);
        m_nodeTitle->setText(tr("Select an operator"));
        m_nodeInfo->setText(tr("Click an operator in the graph or the table, or find it by name."));
        m_matrixNote->clear();
        m_matrixTable->setVisible(false);
        return;
    }
    const StrategyStage& s = m_analysis.stages[std::size_t(m_stage)];
    const StrategyGraphNode& node = s.nodes[std::size_t(m_selected)];
    m_nodeTitle->setText(node.name);
    auto row = [](const QString& key, const QString& value) {
        return QStringLiteral("<tr><td style='padding-right:10px'><i>%1</i></td><td>%2</td></tr>")
            .arg(key.toHtmlEscaped(), value.toHtmlEscaped());
    };
    QStringList inputs, outputs;
    for (int in : node.inputs)
        inputs << s.nodes[std::size_t(in)].name.section(QLatin1Char('/'), -1);
    inputs << node.constInputs;
    for (int out : node.outputs)
        outputs << s.nodes[std::size_t(out)].name.section(QLatin1Char('/'), -1);
    QString html = QStringLiteral("<table>");
    html += row(tr("Type"), node.opType);
    html += row(tr("Node id"), node.nodeId);
    html += row(tr("Scope"), node.scope);
    if (!node.instanceType.isEmpty())
        html += row(tr("Instance type"), node.instanceType);
    if (!node.outputShape.isEmpty())
        html += row(tr("Output shape"), node.outputShape);
    if (!node.outputType.isEmpty())
        html += row(tr("Output type"), node.outputType);
    html += row(tr("Inputs"), inputs.isEmpty() ? tr("none") : inputs.join(QStringLiteral(", ")));
    html += row(tr("Outputs"), outputs.isEmpty() ? tr("none") : outputs.join(QStringLiteral(", ")));
    if (!node.parallelGroup.isEmpty())
        html += row(tr("Group"), node.parallelGroup.join(QStringLiteral(", ")));
    if (!node.groupRanks.isEmpty())
        html += row(tr("Group ranks"), node.groupRanks);
    html += QStringLiteral("</table>");
    m_nodeInfo->setText(html);
    if (node.peerStage >= 0) {
        const StrategyStage& peerStage = m_analysis.stages[std::size_t(node.peerStage)];
        const StrategyGraphNode& peer = peerStage.nodes[std::size_t(node.peerNode)];
        m_peerButton->setText(
            tr("Go to %1 in stage %2").arg(peer.name.section(QLatin1Char('/'), -1)).arg(peerStage.stageId));
        m_peerButton->setVisible(true);
    }

    // Strategy matrix: row i = input i, column j = dimension j.
    if (node.strategy.empty()) {
        m_matrixNote->setText(tr("No in_strategy or gen_strategy attribute: the op is not sharded by a strategy."));
        m_matrixTable->setVisible(false);
    } else {
        m_matrixNote->setText(node.strategySource == QLatin1String("gen_strategy")
                ? tr("From gen_strategy (no in_strategy). The product of a row is the number of "
                     "devices sharing that input.")
                : tr("From in_strategy. The product of a row is the number of devices sharing that "
                     "input."));
        std::size_t dims = 0;
        for (const auto& r : node.strategy)
            dims = std::max(dims, r.size());
        QStringList headers;
        for (std::size_t d = 0; d < dims; ++d)
            headers << tr("Dim %1").arg(d);
        headers << tr("Devices");
        m_matrixModel->setHorizontalHeaderLabels(headers);
        for (std::size_t i = 0; i < node.strategy.size(); ++i) {
            QList<QStandardItem*> cells;
            double product = 1; // double: no overflow on odd files
            for (std::size_t d = 0; d < dims; ++d) {
                auto* cell = new QStandardItem;
                cell->setEditable(false);
                cell->setTextAlignment(Qt::AlignCenter);
                if (d < node.strategy[i].size()) {
                    const qint64 v = node.strategy[i][d];
                    product *= double(v);
                    cell->setText(QString::number(v));
                    cell->setBackground(sliceColor(v));
                    cell->setForeground(QColor(0x20, 0x20, 0x20));
                }
                cells << cell;
            }
            auto* devices = new QStandardItem(QString::number(product, 'g', 15));
            devices->setEditable(false);
            devices->setTextAlignment(Qt::AlignCenter);
            cells << devices;
            m_matrixModel->appendRow(cells);
            // Row i is the op's i-th input; what feeds it in the tooltip.
            auto* header = new QStandardItem(tr("Input %1").arg(i));
            if (i < std::size_t(node.inputNames.size()))
                header->setToolTip(node.inputNames[qsizetype(i)]);
            m_matrixModel->setVerticalHeaderItem(int(i), header);
        }
        m_matrixTable->setVisible(true);
    }

    for (const auto& k : node.kernels) {
        QList<QStandardItem*> cells { intItem(k.rankId), intItem(k.count),
            sortableItem(formatDurationNs(double(k.totalNs))), sortableItem(k.kernelName) };
        cells[2]->setData(double(k.totalNs), kSortRole);
        cells[2]->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        cells[3]->setToolTip(k.kernelName);
        m_kernelModel->appendRow(cells);
    }
    const bool timed = std::any_of(node.kernels.begin(), node.kernels.end(),
        [](const StrategyKernelMatch& k) { return k.firstStartNs != kInvalidTime; });
    m_kernelNote->setText(node.kernels.empty()
            ? tr("No kernel of the stage's ranks carries this op's name (kernel_details.csv or "
                 "aicore_intermediate_*_detail.csv would give them).")
            : timed ? tr("Double-click a kernel to see its first run in the timeline.")
                    : tr("From the aggregated AI Core table (no start times): Show in Operators opens the "
                         "rank's statistics."));
    m_kernelTable->setVisible(!node.kernels.empty());
    // The table takes the spare height when it is shown, the spacer otherwise.
    m_details->setStretchFactor(m_kernelTable, node.kernels.empty() ? 0 : 1);
    m_details->setStretch(m_details->count() - 1, node.kernels.empty() ? 1 : 0);
    for (int c = 0; c < 3; ++c)
        m_kernelTable->resizeColumnToContents(c);
    m_timelineButton->setEnabled(!node.kernels.empty() && node.kernels.front().firstStartNs != kInvalidTime);
    m_operatorsButton->setEnabled(!node.kernels.empty());
}

void StrategyPage::jumpToKernel(int row, bool timeline)
{
    if (!m_state || m_stage < 0 || m_selected < 0)
        return;
    const StrategyGraphNode& node = m_analysis.stages[std::size_t(m_stage)].nodes[std::size_t(m_selected)];
    if (row < 0 || row >= int(node.kernels.size()))
        return;
    const StrategyKernelMatch& k = node.kernels[std::size_t(row)];
    if (timeline && k.firstStartNs != kInvalidTime)
        m_state->requestTimeline(
            k.rankIndex, k.firstStartNs, k.firstStartNs + std::max<TimeNs>(k.firstDurNs, 1), k.kernelName);
    else
        m_state->requestOperator(k.rankIndex, k.kernelName);
}

void StrategyPage::fitGraph(double minZoom)
{
    const QSize view = m_scroll->viewport()->size();
    const QSizeF graph = m_graph->graphLayout().size;
    if (graph.isEmpty() || view.isEmpty())
        return;
    const QScopedValueRollback<bool> fitting(m_fitting, true);
    // Across the view's width; downwards the view scrolls (with Fit, the whole graph).
    double zoom = std::min(1.0, (view.width() - 4.0) / graph.width());
    if (minZoom < 0.5)
        zoom = std::min(zoom, (view.height() - 50.0) / graph.height());
    m_graph->setZoom(std::max(minZoom, zoom));
    m_graph->fitContainer(view);
}

void StrategyPage::goToPeer()
{
    if (m_stage < 0 || m_selected < 0)
        return;
    const StrategyGraphNode& node = m_analysis.stages[std::size_t(m_stage)].nodes[std::size_t(m_selected)];
    if (node.peerStage < 0)
        return;
    const int peer = node.peerNode;
    if (node.peerStage != m_stage)
        m_stageBox->setCurrentIndex(node.peerStage); // shows the stage
    selectNode(peer);
}

void StrategyPage::centreOn(int nodeIndex)
{
    const QRectF r = m_graph->nodeRect(nodeIndex);
    if (r.isEmpty())
        return;
    m_scroll->ensureVisible(int(r.center().x()), int(r.center().y()), m_scroll->viewport()->width() / 2,
        m_scroll->viewport()->height() / 2);
}

void StrategyPage::selectNode(int nodeIndex)
{
    if (m_stage < 0 || nodeIndex < 0 || nodeIndex >= int(m_analysis.stages[std::size_t(m_stage)].nodes.size()))
        return;
    m_selected = nodeIndex;
    m_graph->setSelectedNode(nodeIndex);
    fillDetails();
    for (int r = 0; r < m_nodeProxy->rowCount(); ++r)
        if (m_nodeProxy->index(r, 0).data(kNodeRole).toInt() == nodeIndex) {
            const QSignalBlocker block(m_nodeTable->selectionModel());
            m_nodeTable->selectRow(r);
            m_nodeTable->scrollTo(m_nodeProxy->index(r, 0));
            break;
        }
    centreOn(nodeIndex);
}

bool StrategyPage::findNext(const QString& text)
{
    if (m_analysis.isEmpty() || text.trimmed().isEmpty())
        return false;
    // From the op after the selected one: repeated Enter walks the matches.
    const QString needle = text.trimmed();
    const int stageCount = int(m_analysis.stages.size());
    const int startStage = std::max(0, m_stage);
    for (int k = 0; k <= stageCount; ++k) {
        const int s = (startStage + k) % stageCount;
        const auto& nodes = m_analysis.stages[std::size_t(s)].nodes;
        const int from = (k == 0) ? m_selected + 1 : 0;
        const int to = (k == stageCount) ? std::max(0, m_selected + 1) : int(nodes.size());
        for (int n = from; n < std::min(to, int(nodes.size())); ++n) {
            const auto& node = nodes[std::size_t(n)];
            if (node.name.contains(needle, Qt::CaseInsensitive)
                || node.opType.compare(needle, Qt::CaseInsensitive) == 0) {
                if (s != m_stage)
                    m_stageBox->setCurrentIndex(s); // shows the stage
                selectNode(n);
                m_searchStatus->setText(tr("%1 in stage %2")
                                            .arg(node.name.section(QLatin1Char('/'), -1))
                                            .arg(m_analysis.stages[std::size_t(s)].stageId));
                return true;
            }
        }
    }
    m_searchStatus->setText(tr("no operator matches"));
    return false;
}

} // namespace profscope
