// SPDX-License-Identifier: Apache-2.0
#include "communicationpage.h"
#include "commcomparepanel.h"

#include "analysis/analysisservice.h"
#include "common/deferredrefresh.h"

#include "commcharts.h"
#include "commcolors.h"
#include "commheatmap.h"
#include "common/pagewidgets.h"
#include "common/statuscolors.h"
#include "common/viewstate.h"
#include "itemmodels/commdurationmodel.h"
#include "itemmodels/commmatrixmodel.h"
#include "itemmodels/commselection.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <limits>
#include <map>

namespace profscope {

// The table rows the prefetch job computed for one step and group.
struct CommunicationPage::PreparedTables
{
    ProfilePtr profile;
    QString stepKey;
    QString groupId;
    CommDurationModel::Loaded durations;
    CommOpModel::Loaded ops;
    // After a new profile: the group box's items (10,000 ranks: thousands of groups).
    std::unique_ptr<PreparedComboItems> groupItems;
    std::size_t groupCount = 0;
};


namespace {

// The group box's items: "All groups" (unless there is one) and each group, busiest
// first. Also made by the prefetch job, off the GUI thread (tr() is thread-safe).
std::vector<ComboItem> groupComboItems(const std::vector<CommGroupInfo>& groups)
{
    std::vector<ComboItem> items;
    items.reserve(groups.size() + 1);
    if (groups.size() != 1)
        items.push_back({ CommunicationPage::tr("All groups"), QString(), {} });
    // Translated once per group size (10,000 ranks: thousands of groups of a few sizes).
    std::map<int, QString> tipFormats;
    for (const CommGroupInfo& g : groups) {
        QString& format = tipFormats[int(g.ranks.size())];
        if (format.isEmpty())
            format = CommunicationPage::tr("%1\n%n rank(s)", nullptr, int(g.ranks.size()));
        items.push_back({ g.label(), g.groupId, format.arg(g.groupId) });
    }
    return items;
}


// Sorts on the models' raw values and tints the rows they flag as slow.
class SlowRowProxy : public QSortFilterProxyModel
{
public:
    SlowRowProxy(int sortRole, int slowRole, QObject* parent)
        : QSortFilterProxyModel(parent)
        , m_slowRole(slowRole)
    {
        setSortRole(sortRole);
    }
    QVariant data(const QModelIndex& index, int role) const override
    {
        if (m_slowRole >= 0 && (role == Qt::ForegroundRole || role == Qt::FontRole)
            && QSortFilterProxyModel::data(index, m_slowRole).toBool()) {
            if (role == Qt::ForegroundRole)
                return slowColor(QPalette());
            QFont f;
            f.setBold(true);
            return f;
        }
        return QSortFilterProxyModel::data(index, role);
    }

private:
    int m_slowRole;
};

QTableView* makeTable(QAbstractItemModel* model, QWidget* parent)
{
    auto* table = makeDataTable(model, parent);
    table->sortByColumn(-1, Qt::AscendingOrder); // the model's order until a header click
    // Column widths from the visible rows and 50 more (makeDataTable: 100): every refresh fits
    // three tables of up to one row per rank, which Qt measures up to that many rows even while
    // hidden (10,000 ranks: 200 rows took 18 ms of the GUI thread), and their cells are numbers
    // of similar width.
    table->horizontalHeader()->setResizeContentsPrecision(50);
    return table;
}

QComboBox* makeCombo(QWidget* parent, int minChars)
{
    auto* combo = new QComboBox(parent);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    combo->setMinimumContentsLength(minChars);
    return combo;
}

} // namespace

CommunicationPage::CommunicationPage(ViewState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    m_stack = new QStackedWidget(this);
    outer->addWidget(m_stack);

    m_emptyLabel = new QLabel(this);
    m_emptyLabel->setAlignment(Qt::AlignCenter);
    m_emptyLabel->setWordWrap(true);
    m_emptyLabel->setMargin(24);
    m_stack->addWidget(m_emptyLabel);

    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(8, 8, 8, 8);
    auto* bar = new QHBoxLayout;
    m_groupCombo = makeCombo(content, 18);
    m_stepCombo = makeCombo(content, 8);
    m_opCombo = makeCombo(content, 14);
    m_groupCombo->setToolTip(tr("Communication group (domain); the name comes from profiler_metadata.json"));
    m_opCombo->setToolTip(tr("Size class of the matrix (total, top, middle, bottom ops) or one op"));
    bar->addWidget(new QLabel(tr("Group:"), content));
    bar->addWidget(m_groupCombo);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Step:"), content));
    bar->addWidget(m_stepCombo);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Op:"), content));
    bar->addWidget(m_opCombo);
    bar->addStretch(1);
    layout->addLayout(bar);

    m_tabs = new QTabWidget(content);
    layout->addWidget(m_tabs, 1);
    m_stack->addWidget(content);

    // --- Matrix tab --------------------------------------------------------
    m_matrixModel = new CommMatrixModel(this);
    m_matrixProxy = new SlowRowProxy(CommMatrixModel::SortRole, CommMatrixModel::SlowRole, this);
    m_matrixProxy->setSourceModel(m_matrixModel);
    m_linkOpsModel = new CommLinkOpsModel(this);

    auto* matrixSplit = new QSplitter(Qt::Horizontal, m_tabs);
    m_heatmap = new CommHeatmap(matrixSplit);
    m_heatmap->setModel(m_matrixModel);
    m_metricCombo = new QComboBox(matrixSplit);
    for (const auto m : { CommHeatmap::Bandwidth, CommHeatmap::Size, CommHeatmap::Time, CommHeatmap::Transport })
        m_metricCombo->addItem(CommHeatmap::metricTitle(m), int(m));
    m_backButton = new QToolButton(matrixSplit);
    m_backButton->setText(tr("Back to all ranks"));
    m_backButton->setEnabled(false);
    matrixSplit->addWidget(section(QString(), m_heatmap, m_heatmap, nullptr, QStringLiteral("communication-matrix"),
        { m_metricCombo, m_backButton }));

    auto* side = new QSplitter(Qt::Vertical, matrixSplit);
    m_linkOpsTable = makeTable(m_linkOpsModel, side);
    m_linkTitle = new QLabel(side);
    m_linkTitle->setWordWrap(true);
    auto* linkBox = new QWidget(side);
    auto* linkLayout = new QVBoxLayout(linkBox);
    linkLayout->setContentsMargins(0, 0, 0, 0);
    linkLayout->addWidget(m_linkTitle);
    linkLayout->addWidget(m_linkOpsTable, 1);
    side->addWidget(section(
        tr("Ops on the selected link"), linkBox, nullptr, m_linkOpsModel, QStringLiteral("communication-link-ops")));
    m_linksTable = makeTable(m_matrixProxy, side);
    side->addWidget(
        section(tr("All links"), m_linksTable, nullptr, m_matrixProxy, QStringLiteral("communication-links")));
    matrixSplit->addWidget(side);
    matrixSplit->setStretchFactor(0, 3);
    matrixSplit->setStretchFactor(1, 2);
    m_tabs->addTab(matrixSplit, tr("Matrix"));

    // --- Duration tab ------------------------------------------------------
    m_durationModel = new CommDurationModel(this);
    m_rankProxy = new SlowRowProxy(CommDurationModel::SortRole, CommDurationModel::SlowRole, this);
    m_rankProxy->setSourceModel(m_durationModel);
    m_opModel = new CommOpModel(this);
    m_opProxy = new SlowRowProxy(CommOpModel::SortRole, -1, this);
    m_opProxy->setSourceModel(m_opModel);

    auto* durationSplit = new QSplitter(Qt::Vertical, m_tabs);
    auto* top = new QSplitter(Qt::Horizontal, durationSplit);
    m_bars = new CommDurationBars(top);
    m_bars->setModel(m_durationModel);
    top->addWidget(section(QString(), m_bars, m_bars, nullptr, QStringLiteral("communication-durations")));
    m_rankTable = makeTable(m_rankProxy, top);
    top->addWidget(section(tr("Ranks: ratios and bandwidth per transport"), m_rankTable, nullptr, m_rankProxy,
        QStringLiteral("communication-ranks")));
    top->setStretchFactor(0, 1);
    top->setStretchFactor(1, 1);

    auto* middle = new QSplitter(Qt::Horizontal, durationSplit);
    m_timeline = new CommOpTimeline(middle);
    m_timeline->setModel(m_opModel);
    m_alignCombo = makeCombo(middle, 14);
    m_alignCombo->setToolTip(tr("Shift every rank so that this op starts at the same time"));
    auto* alignLabel = new QLabel(tr("Align on:"), middle);
    middle->addWidget(section(QString(), m_timeline, m_timeline, nullptr, QStringLiteral("communication-op-timeline"),
        { alignLabel, m_alignCombo }));
    m_packets = new CommPacketChart(middle);
    middle->addWidget(section(QString(), m_packets, m_packets, nullptr, QStringLiteral("communication-packets")));
    middle->setStretchFactor(0, 3);
    middle->setStretchFactor(1, 2);

    m_opTable = makeTable(m_opProxy, durationSplit);
    m_opModeCombo = new QComboBox(durationSplit);
    m_opModeCombo->addItem(tr("Aggregated over ranks"), int(CommOpModel::Aggregated));
    m_opModeCombo->addItem(tr("Per rank"), int(CommOpModel::PerRank));
    durationSplit->addWidget(top);
    durationSplit->addWidget(middle);
    durationSplit->addWidget(
        section(tr("Ops"), m_opTable, nullptr, m_opProxy, QStringLiteral("communication-ops"), { m_opModeCombo }));
    durationSplit->setStretchFactor(0, 3);
    durationSplit->setStretchFactor(1, 2);
    durationSplit->setStretchFactor(2, 2);
    m_tabs->addTab(durationSplit, tr("Duration Analysis"));
    // Run comparison: its own tab, there only while a second run is loaded.
    m_comparePanel = new CommComparePanel(m_state, m_tabs);
    m_compareTab = m_tabs->addTab(m_comparePanel, tr("Run Comparison"));
    m_tabs->setTabVisible(m_compareTab, m_state && m_state->runCompare());

    // --- Wiring ------------------------------------------------------------
    connect(m_groupCombo, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating)
            return;
        fillOpCombo();
        refresh();
    });
    connect(m_stepCombo, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating)
            return;
        // The page's step is the shared one: other pages follow.
        m_state->setStep(viewStepFromKey(m_stepCombo->currentData().toString()));
        fillOpCombo();
        refresh();
    });
    connect(m_opCombo, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_updating)
            refresh();
    });
    connect(m_metricCombo, &QComboBox::currentIndexChanged, this,
        [this] { m_heatmap->setMetric(CommHeatmap::Metric(m_metricCombo->currentData().toInt())); });
    connect(m_backButton, &QToolButton::clicked, m_heatmap, &CommHeatmap::zoomOut);
    connect(m_heatmap, &CommHeatmap::zoomChanged, this, [this] { m_backButton->setEnabled(m_heatmap->zoomed()); });
    connect(m_heatmap, &CommHeatmap::linkClicked, this, &CommunicationPage::showLink);
    connect(m_heatmap, &CommHeatmap::linkDoubleClicked, this, &CommunicationPage::openLinkTimeline);
    connect(m_heatmap, &CommHeatmap::blockOpened, this, [this](const QList<int>& src, const QList<int>& dst) {
        m_linkOpsModel->setLinks(m_state->profile(), stepKey(), group(), src, dst);
        m_linkTitle->setText(tr("Every link from %n rank(s)", nullptr, int(src.size()))
            + tr(" to %n rank(s)", nullptr, int(dst.size())));
    });
    connect(m_linksTable, &QTableView::clicked, this, [this](const QModelIndex& index) {
        const int src = index.data(CommMatrixModel::SrcRankRole).toInt();
        const int dst = index.data(CommMatrixModel::DstRankRole).toInt();
        m_heatmap->selectLink(src, dst);
        showLink(src, dst);
    });
    connect(m_linksTable, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        openLinkTimeline(
            index.data(CommMatrixModel::SrcRankRole).toInt(), index.data(CommMatrixModel::DstRankRole).toInt());
    });
    connect(m_linkOpsTable, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        const auto& l = m_linkOpsModel->links()[std::size_t(index.row())];
        openLinkTimeline(l.srcRank, l.dstRank);
    });
    connect(m_bars, &CommDurationBars::rankClicked, this, &CommunicationPage::showRank);
    connect(m_bars, &CommDurationBars::rankDoubleClicked, this, &CommunicationPage::openRankTimeline);
    connect(m_rankTable, &QTableView::clicked, this,
        [this](const QModelIndex& index) { showRank(index.data(CommDurationModel::RankIndexRole).toInt()); });
    connect(m_rankTable, &QTableView::doubleClicked, this,
        [this](const QModelIndex& index) { openRankTimeline(index.data(CommDurationModel::RankIndexRole).toInt()); });
    connect(m_timeline, &CommOpTimeline::opDoubleClicked, m_state, &ViewState::requestTimeline);
    connect(m_opTable, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        const qint64 start = index.data(CommOpModel::StartNsRole).toLongLong();
        if (start == kInvalidTime)
            return;
        m_state->requestTimeline(index.data(CommOpModel::RankIndexRole).toInt(), start,
            index.data(CommOpModel::EndNsRole).toLongLong(), index.data(CommOpModel::OpNameRole).toString());
    });
    connect(m_alignCombo, &QComboBox::currentIndexChanged, this,
        [this] { m_timeline->setAlignOp(m_alignCombo->currentData().toString()); });
    connect(m_opModeCombo, &QComboBox::currentIndexChanged, this, [this] {
        m_opModel->setMode(CommOpModel::Mode(m_opModeCombo->currentData().toInt()));
        m_opTable->resizeColumnsToContents();
    });

    // Hidden, the page only notes that the profile or step changed; it
    // catches up when shown (or before it acts on a navigation request).
    m_refresh = new DeferredRefresh(this, [this] {
        // The statistics come from a background job first (cached per
        // profile); filling the page from them is then quick.
        prefetchThen([this] {
            if (m_profileStale) {
                m_profileStale = false;
                onProfileChanged();
            } else {
                onStepChanged();
            }
        });
    });
    connect(m_state, &ViewState::profileChanged, this, [this] {
        m_profileStale = true;
        m_refresh->request();
    });
    connect(m_state, &ViewState::stepChanged, m_refresh, &DeferredRefresh::request);
    connect(m_state, &ViewState::comparisonProfileChanged, this, [this] {
        const bool on = m_state->runCompare();
        m_tabs->setTabVisible(m_compareTab, on);
        // A second run was loaded to be compared: show the comparison first.
        if (on)
            m_tabs->setCurrentIndex(m_compareTab);
    });
    connect(m_state, &ViewState::currentRankChanged, this, [this](int rankIndex) {
        m_bars->setCurrentRank(rankIndex);
        m_timeline->setCurrentRank(rankIndex);
    });
    connect(m_state, &ViewState::rankRequested, this, [this](int rankIndex) {
        m_refresh->flush();
        showDurations();
        showRank(rankIndex);
    });
    connect(m_state, &ViewState::communicationLinkRequested, this, [this](int src, int dst, const QString& groupId) {
        m_refresh->flush();
        if (!groupId.isEmpty())
            setGroup(groupId);
        showMatrix();
        if (m_heatmap->selectLink(src, dst))
            showLink(src, dst);
    });
    onProfileChanged();
}

QWidget* CommunicationPage::section(const QString& title, QWidget* content, QWidget* chart,
    const QAbstractItemModel* table, const QString& baseName, const QList<QWidget*>& controls)
{
    auto* box = new QWidget(this);
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(2, 4, 2, 2);
    v->setSpacing(4);
    auto* header = new QHBoxLayout;
    // Charts draw their own title (it must be in the exported image too).
    if (!title.isEmpty()) {
        auto* label = new QLabel(title, box);
        QFont f = label->font();
        f.setBold(true);
        label->setFont(f);
        header->addWidget(label);
    }
    header->addStretch(1);
    for (QWidget* c : controls) {
        c->setParent(box);
        header->addWidget(c);
    }
    auto* exportButton = new QToolButton(box);
    exportButton->setAutoRaise(true);
    if (chart)
        setUpExportButton(exportButton, ExportKind::Chart,
            [this, chart, baseName] { exportWidgetInteractive(this, chart, baseName); });
    else
        setUpExportButton(
            exportButton, ExportKind::Table,
            [this, table, baseName] { exportModelInteractive(this, *table, baseName); },
            tr("Save the table as shown (sorted) as CSV"));
    header->addWidget(exportButton);
    v->addLayout(header);
    content->setParent(box);
    v->addWidget(content, 1);
    return box;
}

QList<ExportItem> CommunicationPage::exportItems() const
{
    QList<ExportItem> items {
        { QStringLiteral("communication-matrix"), m_heatmap, nullptr },
        { QStringLiteral("communication-links"), nullptr, m_matrixProxy },
        { QStringLiteral("communication-link-ops"), nullptr, m_linkOpsModel },
        { QStringLiteral("communication-durations"), m_bars, nullptr },
        { QStringLiteral("communication-ranks"), nullptr, m_rankProxy },
        { QStringLiteral("communication-op-timeline"), m_timeline, nullptr },
        { QStringLiteral("communication-packets"), m_packets, nullptr },
        { QStringLiteral("communication-ops"), nullptr, m_opProxy },
    };
    // The run comparison's tables only while there is a second run.
    if (m_state && m_state->runCompare()) {
        items.push_back({ QStringLiteral("communication-compare-links"), nullptr, m_comparePanel->linkProxy() });
        items.push_back({ QStringLiteral("communication-compare-ops"), nullptr, m_comparePanel->opProxy() });
    }
    return items;
}

void CommunicationPage::setGroup(const QString& groupId)
{
    const int i = m_groupCombo->findData(groupId);
    if (i >= 0)
        m_groupCombo->setCurrentIndex(i);
}

QString CommunicationPage::group() const
{
    return m_groupCombo->currentData().toString();
}

void CommunicationPage::setOp(const QString& op)
{
    const int i = m_opCombo->findData(op);
    if (i >= 0)
        m_opCombo->setCurrentIndex(i);
}

QString CommunicationPage::op() const
{
    return m_opCombo->currentData().toString();
}

void CommunicationPage::showMatrix()
{
    m_tabs->setCurrentIndex(0);
}

void CommunicationPage::showDurations()
{
    m_tabs->setCurrentIndex(1);
}

QString CommunicationPage::stepKey() const
{
    return m_stepCombo->currentData().toString();
}

void CommunicationPage::onProfileChanged()
{
    const ProfilePtr& profile = m_state->profile();
    m_updating = true;
    m_groupCombo->clear();
    m_stepCombo->clear();
    const QStringList steps = profile ? communicationSteps(*profile) : QStringList();
    // The prefetch job made the items when it could (the items of thousands of groups
    // are tens of ms on the GUI thread).
    std::size_t groupCount = 0;
    if (m_prepared && m_prepared->groupItems && m_prepared->profile == profile) {
        groupCount = m_prepared->groupCount;
        fillCombo(m_groupCombo, *m_prepared->groupItems);
    } else {
        const std::vector<CommGroupInfo> groups = profile ? communicationGroups(*profile) : std::vector<CommGroupInfo> {};
        groupCount = groups.size();
        PreparedComboItems items(groupComboItems(groups));
        fillCombo(m_groupCombo, items);
    }
    // The busiest group is what users look at first.
    if (groupCount > 1)
        m_groupCombo->setCurrentIndex(1);
    m_stepCombo->addItem(tr("All steps"), QString());
    for (const QString& s : steps)
        m_stepCombo->addItem(viewStepFromKey(s), s);
    const int stepIndex = m_stepCombo->findData(communicationStepKey(m_state->step()));
    m_stepCombo->setCurrentIndex(std::max(0, stepIndex));
    m_updating = false;

    if (!profile) {
        m_emptyLabel->setText(tr("Open a profile to analyse its communication."));
        m_stack->setCurrentIndex(0);
    } else if (groupCount == 0) {
        m_emptyLabel->setText(tr("This profile has no communication data.\n\nThe communication page needs "
                                 "communication.json and communication_matrix.json (Ascend PyTorch or MindSpore "
                                 "profiler level 1 or 2, or msprof-analyze output) from ranks that ran collectives."));
        m_stack->setCurrentIndex(0);
    } else {
        m_stack->setCurrentIndex(1);
    }
    fillOpCombo();
    m_matrixModel->setProfile(profile, currentQuery());
    refresh();
}

MatrixQuery CommunicationPage::currentQuery() const
{
    MatrixQuery query;
    query.step = stepKey();
    query.op = op().isEmpty() ? QStringLiteral("total") : op();
    query.groupId = group();
    return query;
}

void CommunicationPage::prefetchThen(std::function<void()> fill)
{
    const ProfilePtr profile = m_state->profile();
    if (!profile) {
        fill();
        return;
    }
    // What the page will ask for: after a new profile the busiest group and
    // the total; after a step change the group and op shown.
    const bool newProfile = m_profileStale;
    const QString stepKey = communicationStepKey(m_state->step());
    const QString viewStep = m_state->step();
    const QString shownOp = newProfile || op().isEmpty() ? QStringLiteral("total") : op();
    const QString shownGroup = newProfile ? QString() : group();
    if (newProfile) {
        m_emptyLabel->setText(tr("Computing the communication statistics of %n rank(s)…", nullptr,
            int(profile->ranks.size())));
        m_stack->setCurrentIndex(0);
    }
    AnalysisService::instance()->request<std::shared_ptr<PreparedTables>>(
        this, QStringLiteral("prefetch"),
        [profile, newProfile, stepKey, viewStep, shownOp, shownGroup](const JobToken& token) {
            const std::vector<CommGroupInfo> groups = communicationGroups(*profile);
            communicationSteps(*profile);
            if (token.canceled())
                return std::shared_ptr<PreparedTables>();
            MatrixQuery query;
            query.step = stepKey;
            query.op = shownOp;
            // A new profile shows the busiest group first (onProfileChanged).
            query.groupId = newProfile ? (groups.empty() ? QString() : groups.front().groupId) : shownGroup;
            communicationMatrix(*profile, query);
            communicationOpNames(*profile, stepKey, query.groupId);
            rankHostsById(*profile); // the heatmap's blocks by host
            detectSlowLinks(*profile, 0.8, 3.0, viewStep);
            detectSlowRanks(*profile, 0.10, viewStep);
            if (token.canceled())
                return std::shared_ptr<PreparedTables>();
            // The rows of the rank and op tables too (10,000 ranks: tens of ms each), for
            // refresh() to swap in when it asks for this step and group.
            auto prepared = std::make_shared<PreparedTables>();
            prepared->profile = profile;
            prepared->stepKey = stepKey;
            prepared->groupId = query.groupId;
            prepared->durations = CommDurationModel::compute(profile, stepKey, query.groupId);
            prepared->ops = CommOpModel::compute(profile, stepKey, query.groupId);
            if (newProfile) {
                prepared->groupItems = std::make_unique<PreparedComboItems>(groupComboItems(groups));
                prepared->groupCount = groups.size();
            }
            return prepared;
        },
        [this, profile, fill = std::move(fill)](std::shared_ptr<PreparedTables> prepared) {
            if (profile != m_state->profile())
                return;
            m_prepared = std::move(prepared);
            fill();
            m_prepared.reset();
        });
}

void CommunicationPage::onStepChanged()
{
    const int i = m_stepCombo->findData(communicationStepKey(m_state->step()));
    const int target = std::max(0, i);
    if (target == m_stepCombo->currentIndex())
        return;
    m_updating = true;
    m_stepCombo->setCurrentIndex(target);
    m_updating = false;
    fillOpCombo();
    refresh();
}

void CommunicationPage::fillOpCombo()
{
    const ProfilePtr& profile = m_state->profile();
    const QString previous = m_opCombo->currentData().toString();
    m_updating = true;
    m_opCombo->clear();
    m_opCombo->addItem(tr("Total"), QStringLiteral("total"));
    m_opCombo->addItem(tr("Top 1"), QStringLiteral("top1"));
    m_opCombo->addItem(tr("Middle"), QStringLiteral("middle"));
    for (int i = 1; i <= 3; ++i)
        m_opCombo->addItem(tr("Bottom %1").arg(i), QStringLiteral("bottom%1").arg(i));
    m_opCombo->insertSeparator(m_opCombo->count());
    m_alignCombo->clear();
    m_alignCombo->addItem(tr("(not aligned)"), QString());
    if (profile) {
        for (const QString& name : communicationOpNames(*profile, stepKey(), group())) {
            m_opCombo->addItem(name, name);
            m_alignCombo->addItem(name, name);
        }
    }
    m_opCombo->setCurrentIndex(std::max(0, m_opCombo->findData(previous)));
    m_updating = false;
}

void CommunicationPage::refresh()
{
    const ProfilePtr& profile = m_state->profile();
    const QString step = stepKey();
    const QString groupId = group();
    m_matrixModel->setQuery(currentQuery());
    if (m_prepared && m_prepared->profile == profile && m_prepared->stepKey == step && m_prepared->groupId == groupId) {
        m_durationModel->setLoaded(std::move(m_prepared->durations));
        m_opModel->setLoaded(std::move(m_prepared->ops));
    } else {
        m_durationModel->load(profile, step, groupId);
        m_opModel->load(profile, step, groupId);
    }
    m_prepared.reset();
    if (profile) {
        m_matrixModel->setSlowLinks(detectSlowLinks(*profile, 0.8, 3.0, viewStepFromKey(step)));
        m_durationModel->setSlowRanks(detectSlowRanks(*profile, 0.10, viewStepFromKey(step)));
    }
    m_packets->setDistribution(m_durationModel->packetDistribution());
    m_timeline->setAlignOp(m_alignCombo->currentData().toString());
    m_linkOpsModel->clear();
    m_linkTitle->setText(tr("Click a cell of the matrix to list the ops that used the link."));
    m_backButton->setEnabled(false);
    for (QTableView* t : { m_rankTable, m_opTable, m_linksTable })
        t->resizeColumnsToContents();
    m_bars->setCurrentRank(m_state->currentRank());
    m_timeline->setCurrentRank(m_state->currentRank());
}

void CommunicationPage::showLink(int srcRankId, int dstRankId)
{
    m_linkOpsModel->setLinks(m_state->profile(), stepKey(), group(), { srcRankId }, { dstRankId });
    const MatrixCell* c = m_matrixModel->cell(srcRankId, dstRankId);
    QString text = tr("Rank %1 → rank %2").arg(srcRankId).arg(dstRankId);
    if (c)
        text += tr(": %1, %2 MB in %3 ms, %4 GB/s")
                    .arg(c->transport, QLocale().toString(c->sizeMB, 'f', 2), QLocale().toString(c->timeMs, 'f', 3),
                        QLocale().toString(c->bandwidthGBps(), 'f', 2));
    if (const SlowLink* s = m_matrixModel->slowLink(srcRankId, dstRankId))
        text +=
            tr(" (slow: %1 average %2 GB/s)").arg(s->transport, QLocale().toString(s->transportAverageGBps, 'f', 2));
    m_linkTitle->setText(text);
    m_linkOpsTable->resizeColumnsToContents();
    const int row = m_matrixModel->rowOf(srcRankId, dstRankId);
    if (row >= 0) {
        const QModelIndex index = m_matrixProxy->mapFromSource(m_matrixModel->index(row, 0));
        m_linksTable->selectRow(index.row());
        m_linksTable->scrollTo(index);
    }
}

void CommunicationPage::showRank(int rankIndex)
{
    m_bars->setCurrentRank(rankIndex);
    m_timeline->setCurrentRank(rankIndex);
    const int row = m_durationModel->rowOfRankIndex(rankIndex);
    if (row >= 0) {
        const QModelIndex index = m_rankProxy->mapFromSource(m_durationModel->index(row, 0));
        m_rankTable->selectRow(index.row());
        m_rankTable->scrollTo(index);
    }
}

void CommunicationPage::openRankTimeline(int rankIndex)
{
    // The span of the rank's ops of the group in the step.
    TimeNs start = std::numeric_limits<TimeNs>::max(), end = std::numeric_limits<TimeNs>::min();
    for (const auto& e : m_opModel->entries()) {
        if (e.rankIndex != rankIndex || e.record->startNs == kInvalidTime)
            continue;
        start = std::min(start, e.record->startNs);
        end = std::max(end, e.record->startNs + TimeNs(e.record->elapseMs * 1e6));
    }
    if (start <= end)
        m_state->requestTimeline(rankIndex, start, end);
}

void CommunicationPage::openLinkTimeline(int srcRankId, int dstRankId)
{
    const ProfilePtr& profile = m_state->profile();
    if (!profile)
        return;
    const int rankIndex = rankIndexOfId(*profile, srcRankId);
    if (rankIndex < 0)
        return;
    // The first op that moved data on the link, on the sending rank.
    const MatrixCell* c = m_matrixModel->cell(srcRankId, dstRankId);
    if (c) {
        for (const QString& name : c->opNames) {
            for (const auto& e : m_opModel->entries()) {
                if (e.rankIndex == rankIndex && e.record->opName == name && e.record->startNs != kInvalidTime) {
                    m_state->requestTimeline(
                        rankIndex, e.record->startNs, e.record->startNs + TimeNs(e.record->elapseMs * 1e6), name);
                    return;
                }
            }
        }
    }
    openRankTimeline(rankIndex);
}

} // namespace profscope
