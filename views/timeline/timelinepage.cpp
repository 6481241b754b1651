// SPDX-License-Identifier: Apache-2.0
#include "timelinepage.h"

#include "common/deferredrefresh.h"

#include "analysis/cluster.h"
#include "common/columnsizer.h"
#include "common/statuscolors.h"
#include "timeformat.h"
#include "rangepanel.h"
#include "rangestatsmodel.h"
#include "timelinecompare.h"
#include "timelinelegend.h"
#include "timelineshortcuts.h"
#include "timelinetables.h"
#include "timelinewidget.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QShortcut>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>
#include <cmath>

namespace profscope {

namespace {

QToolButton* toolButton(const QString& text, const QString& tip, QWidget* parent)
{
    auto* b = new QToolButton(parent);
    b->setText(text);
    b->setToolTip(tip);
    b->setAutoRaise(true);
    b->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return b;
}

} // namespace

TimelinePage::TimelinePage(ViewState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
{
    m_timeline = new TimelineWidget(this);
    m_hits = new SearchHitsModel(this);

    // --- Toolbar: a tool bar, so that what does not fit in a narrow window
    // goes into its overflow menu (») instead of overlapping.
    auto* bar = new QToolBar(this);
    bar->setObjectName(QStringLiteral("timelineToolBar"));
    bar->setMovable(false);
    bar->setFloatable(false);
    bar->setContentsMargins(4, 0, 4, 0);
    auto* fit = toolButton(tr("Fit"), tr("Show the whole trace (F)"), this);
    auto* zoomIn = toolButton(tr("Zoom In"), tr("Zoom in (W, Ctrl+wheel)"), this);
    auto* zoomOut = toolButton(tr("Zoom Out"), tr("Zoom out (S, Ctrl+wheel)"), this);
    auto* undo = toolButton(tr("Undo Zoom"), tr("Back to the previous zoom (Backspace)"), this);
    connect(fit, &QToolButton::clicked, m_timeline, &TimelineWidget::fitAll);
    connect(zoomIn, &QToolButton::clicked, m_timeline, [this] { m_timeline->zoomBy(1.5); });
    connect(zoomOut, &QToolButton::clicked, m_timeline, [this] { m_timeline->zoomBy(1 / 1.5); });
    connect(undo, &QToolButton::clicked, m_timeline, &TimelineWidget::undoZoom);
    for (auto* b : { fit, zoomIn, zoomOut, undo })
        bar->addWidget(b);
    bar->addSeparator();
    m_rankLabel = new QLabel(this);
    bar->addWidget(m_rankLabel);
    m_align = new QCheckBox(tr("Align clocks"), this);
    m_align->setToolTip(tr("Shift every rank by its clock offset, estimated from collectives that end together"));
    connect(m_align, &QCheckBox::toggled, this, &TimelinePage::setClockAlignment);
    bar->addWidget(m_align);
    // Run comparison: shown only while a second run is loaded.
    m_compareLanes = new QCheckBox(tr("Run B lanes"), this);
    m_compareLanes->setObjectName(QStringLiteral("comparisonLanesToggle"));
    m_compareLanes->setChecked(true);
    m_compareLanes->setToolTip(tr("Show the comparison run's lanes (B) under the base run's, aligned on the step's start"));
    connect(m_compareLanes, &QCheckBox::toggled, this, &TimelinePage::setComparisonLanes);
    m_compareLanesAction = bar->addWidget(m_compareLanes);
    m_compareLanesAction->setVisible(false);
    m_flowButton = toolButton(tr("Flows"), tr("Flow arrows by category"), this);
    m_flowButton->setPopupMode(QToolButton::InstantPopup);
    m_flowButton->setMenu(new QMenu(m_flowButton));
    bar->addWidget(m_flowButton);
    auto* lanes = toolButton(tr("Lanes"), tr("Collapse, expand and show hidden lanes"), this);
    lanes->setPopupMode(QToolButton::InstantPopup);
    auto* laneMenu = new QMenu(lanes);
    laneMenu->addAction(tr("Collapse All Processes"), this, [this] {
        m_timeline->model().setAllCollapsed(LaneKind::Process, true);
        m_timeline->relayoutLanes();
    });
    laneMenu->addAction(tr("Expand All"), this, [this] {
        m_timeline->model().setAllCollapsed(LaneKind::Process, false);
        m_timeline->model().setAllCollapsed(LaneKind::Rank, false);
        m_timeline->relayoutLanes();
    });
    laneMenu->addAction(tr("Show Hidden Lanes"), this, [this] {
        m_timeline->model().showAllLanes();
        m_timeline->relayoutLanes();
    });
    lanes->setMenu(laneMenu);
    bar->addWidget(lanes);
    auto* colorRules = toolButton(tr("Colours..."), tr("Colour rules: colour slices by name pattern or category"), this);
    colorRules->setObjectName(QStringLiteral("colorRulesButton"));
    bar->addWidget(colorRules);
    auto* stretch = new QWidget(bar);
    stretch->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    bar->addWidget(stretch);
    m_search = new QLineEdit(this);
    m_search->setPlaceholderText(tr("Search slices by name"));
    m_search->setClearButtonEnabled(true);
    m_search->setMinimumWidth(160);
    bar->addWidget(m_search);
    m_caseButton = toolButton(tr("Aa"), tr("Match case"), this);
    m_caseButton->setCheckable(true);
    bar->addWidget(m_caseButton);
    // Arrows as in browsers' find bars: the words took the room of Export.
    auto* prev = toolButton(QStringLiteral("\u25B2"), tr("Previous match (Shift+Enter)"), this);
    auto* next = toolButton(QStringLiteral("\u25BC"), tr("Next match (Enter)"), this);
    prev->setObjectName(QStringLiteral("previousMatchButton"));
    next->setObjectName(QStringLiteral("nextMatchButton"));
    bar->addWidget(prev);
    bar->addWidget(next);
    m_hitLabel = new QLabel(this);
    m_hitLabel->setMinimumWidth(70);
    bar->addWidget(m_hitLabel);
    auto* keys = toolButton(tr("?"), tr("Keyboard and mouse shortcuts (?)"), this);
    keys->setObjectName(QStringLiteral("timelineShortcutsButton"));
    connect(keys, &QToolButton::clicked, this, &TimelinePage::showShortcutSheet);
    bar->addWidget(keys);
    auto* exportButton = toolButton(tr("Export"), tr("Export the visible timeline or the range statistics"), this);
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto* exportMenu = new QMenu(exportButton);
    exportMenu->addAction(tr("Timeline as PNG..."), this, [this] { exportImage(QStringLiteral("png")); });
    exportMenu->addAction(tr("Timeline as SVG..."), this, [this] { exportImage(QStringLiteral("svg")); });
    exportMenu->addAction(tr("Range Statistics as CSV..."), this,
        [this] { exportModelInteractive(this, *m_rangePanel->stats(), QStringLiteral("timeline-range-statistics")); });
    exportMenu->addSeparator();
    QAction* trace = exportMenu->addAction(tr("Trace for Perfetto (Chrome JSON)..."), this, &TimelinePage::traceExportRequested);
    trace->setObjectName(QStringLiteral("exportTraceAction"));
    trace->setStatusTip(tr("The ranks shown, limited to the step chosen, as Chrome Trace JSON (File → Export Trace)"));
    exportButton->setMenu(exportMenu);
    bar->addWidget(exportButton);
    m_panelButton = toolButton(tr("Panel"), tr("Show or hide the details panel (slice details, range, search)"), this);
    m_panelButton->setObjectName(QStringLiteral("timelinePanelButton"));
    m_panelButton->setCheckable(true);
    m_panelButton->setChecked(true);
    bar->addWidget(m_panelButton);

    auto runSearch = [this] {
        search(m_search->text(), m_caseButton->isChecked() ? Qt::CaseSensitive : Qt::CaseInsensitive);
        nextHit(+1);
    };
    connect(m_search, &QLineEdit::returnPressed, this, [this, runSearch] {
        if (m_hits->rowCount() == 0 || m_search->isModified()) {
            m_search->setModified(false);
            runSearch();
        } else {
            nextHit((QApplication::keyboardModifiers() & Qt::ShiftModifier) ? -1 : +1);
        }
    });
    connect(m_caseButton, &QToolButton::toggled, this, [this, runSearch] {
        if (!m_search->text().isEmpty())
            runSearch();
    });
    connect(next, &QToolButton::clicked, this, [this] { nextHit(+1); });
    connect(prev, &QToolButton::clicked, this, [this] { nextHit(-1); });
    m_search->setToolTip(
        tr("Search slices by name (%1)").arg(QKeySequence(Qt::CTRL | Qt::Key_F).toString(QKeySequence::NativeText)));
    installShortcuts();
    connect(m_timeline, &TimelineWidget::shortcutSheetRequested, this, &TimelinePage::showShortcutSheet);

    // --- Legend
    m_legend = new TimelineLegend(m_timeline->colors(), this);
    connect(m_legend, &TimelineLegend::colorsChanged, m_timeline, &TimelineWidget::refresh);
    connect(m_legend, &TimelineLegend::flowToggled, this, &TimelinePage::setFlowCategoryEnabled);
    connect(colorRules, &QToolButton::clicked, m_legend, &TimelineLegend::editColorRules);

    // --- Canvas with its scroll bar
    auto* canvas = new QWidget(this);
    auto* canvasLayout = new QHBoxLayout(canvas);
    canvasLayout->setContentsMargins(0, 0, 0, 0);
    canvasLayout->setSpacing(0);
    m_vbar = new QScrollBar(Qt::Vertical, canvas);
    canvasLayout->addWidget(m_timeline, 1);
    canvasLayout->addWidget(m_vbar);
    connect(m_vbar, &QScrollBar::valueChanged, m_timeline, &TimelineWidget::setScrollY);
    connect(m_timeline, &TimelineWidget::scrollChanged, this, &TimelinePage::syncScrollBar);

    // --- Side panels
    m_tabs = new QTabWidget(this);
    auto* details = new QWidget(m_tabs);
    auto* dl = new QVBoxLayout(details);
    m_details = new QLabel(details);
    m_details->setTextFormat(Qt::RichText);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    // Wrap to the panel's width instead of widening it.
    m_details->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    dl->addWidget(m_details);
    m_flowsTitle = new QLabel(tr("Flows"), details);
    dl->addWidget(m_flowsTitle);
    m_flows = new QTreeWidget(details);
    m_flows->setHeaderLabels({ tr("Direction"), tr("Category"), tr("Other end"), tr("At") });
    m_flows->setRootIsDecorated(false);
    m_flows->setMaximumHeight(160);
    dl->addWidget(m_flows);
    m_jumpButton = new QToolButton(details);
    m_jumpButton->setText(tr("Jump to Other End"));
    m_jumpButton->setEnabled(false);
    dl->addWidget(m_jumpButton);
    m_argsTitle = new QLabel(tr("Arguments"), details);
    dl->addWidget(m_argsTitle);
    m_args = new QPlainTextEdit(details);
    m_args->setReadOnly(true);
    m_args->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    dl->addWidget(m_args, 1);
    auto jump = [this] {
        QTreeWidgetItem* it = m_flows->currentItem();
        if (!it)
            return;
        jumpToFlowEnd(it->data(0, Qt::UserRole).toInt(), std::size_t(it->data(1, Qt::UserRole).toULongLong()),
            it->data(2, Qt::UserRole).toBool());
    };
    connect(m_jumpButton, &QToolButton::clicked, this, jump);
    connect(m_flows, &QTreeWidget::itemDoubleClicked, this, jump);
    connect(m_flows, &QTreeWidget::currentItemChanged, this,
        [this](QTreeWidgetItem* it) { m_jumpButton->setEnabled(it != nullptr); });
    m_tabs->addTab(details, tr("Details"));

    m_rangePanel = new RangePanel(m_tabs);
    m_tabs->addTab(m_rangePanel, tr("Range"));

    m_hitView = new QTableView(m_tabs);
    m_hitView->setModel(m_hits);
    m_hitView->verticalHeader()->hide();
    m_hitView->setWordWrap(false);
    m_hitView->setTextElideMode(Qt::ElideMiddle);
    m_hitView->verticalHeader()->setDefaultSectionSize(m_hitView->fontMetrics().height() + 6);
    m_hitView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_hitView->setObjectName(QStringLiteral("searchHitsView"));
    ColumnSizer::install(m_hitView, SearchHitsModel::Name, QStringLiteral("timeline/search"));
    connect(m_hitView, &QTableView::activated, this, [this](const QModelIndex& i) { jumpToHit(i.row()); });
    connect(m_hitView, &QTableView::clicked, this, [this](const QModelIndex& i) { jumpToHit(i.row()); });
    m_tabs->addTab(m_hitView, tr("Search"));

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(canvas);
    split->addWidget(m_tabs);
    // Extra width goes to the timeline; the panel keeps about 300 px and can
    // be hidden (Panel button), which a narrow window does by itself.
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 0);
    split->setCollapsible(0, false);
    split->setSizes({ 900, 300 });
    m_tabs->setMinimumWidth(180);
    connect(m_panelButton, &QToolButton::toggled, this, [this](bool on) {
        m_panelChosen = true;
        m_tabs->setVisible(on);
    });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(bar);
    layout->addWidget(m_legend);
    layout->addWidget(split, 1);

    connect(m_timeline, &TimelineWidget::sliceSelected, this, &TimelinePage::updateDetails);
    connect(m_timeline, &TimelineWidget::rangeSelected, this, &TimelinePage::updateRange);
    connect(m_timeline, &TimelineWidget::lanesChanged, this, [this] {
        if (m_timeline->hasRange())
            updateRange(m_timeline->rangeStartNs(), m_timeline->rangeEndNs());
    });

    if (m_state) {
        // Hidden, the page only notes what changed; it reloads when shown
        // (or before it shows a range it was asked for).
        m_refresh = new DeferredRefresh(this, [this] {
            if (std::exchange(m_reloadPending, false))
                reload();
            if (std::exchange(m_stepPending, false)) {
                realignComparison();
                showStep(m_state->step());
            }
        });
        const auto requestReload = [this] {
            m_reloadPending = true;
            m_refresh->request();
        };
        connect(m_state, &ViewState::profileChanged, this, requestReload);
        connect(m_state, &ViewState::rankFilterChanged, this, requestReload);
        connect(m_state, &ViewState::timelineRanksChanged, this, requestReload);
        connect(m_state, &ViewState::comparisonProfileChanged, this, requestReload);
        connect(m_state, &ViewState::rankMappingChanged, this, requestReload);
        connect(m_state, &ViewState::compareChanged, this, [this, requestReload] {
            // Another compared pair (the user picked another comparison rank):
            // rebuild only when the comparison ranks to show changed (a new
            // current rank has already reloaded with its pair).
            if (!m_state->runCompare() || !m_comparisonLanes)
                return;
            const TimelineModel& model = m_timeline->model();
            QList<int> wanted;
            for (const TimelineComparison::Rank& c : comparisonToShow(ranksToShow()).ranks)
                if (!wanted.contains(model.comparisonRankFirst() + c.otherRank))
                    wanted << model.comparisonRankFirst() + c.otherRank;
            if (!sameRanks(wanted, model.comparisonRanks()) || model.comparison().profile != m_state->comparisonProfile())
                requestReload();
        });
        connect(m_state, &ViewState::currentRankChanged, this, [this, requestReload] {
            if (m_state->rankFilter().isEmpty() && m_state->timelineRanks().isEmpty())
                requestReload();
        });
        connect(m_state, &ViewState::stepChanged, this, [this] {
            if (!m_followingJump) {
                m_stepPending = true;
                m_refresh->request();
            }
        });
        connect(m_state, &ViewState::timelineRequested, this, [this](int rank, qint64 a, qint64 b, const QString& name) {
            m_refresh->flush();
            showRange(rank, a, b, name);
        });
        connect(m_state, &ViewState::comparisonTimelineRequested, this,
            [this](int otherRank, qint64 a, qint64 b, const QString& name) {
                m_refresh->flush();
                showComparisonRange(otherRank, a, b, name);
            });
        // This page shows the comparison run's lanes: other pages may send it their ranges.
        m_state->setComparisonTimelineAvailable(true);
    }
    // Keys (W/S/A/D, F, Backspace) work as soon as the page has focus.
    setFocusProxy(m_timeline);
    reload();
    updateDetails({});
}

QList<int> TimelinePage::ranksToShow() const
{
    if (!m_state || !m_state->profile())
        return {};
    QList<int> ranks = m_state->timelineRanks();
    if (ranks.isEmpty())
        ranks = m_state->rankFilter();
    if (ranks.isEmpty() && m_state->currentRank() >= 0)
        ranks << m_state->currentRank();
    std::sort(ranks.begin(), ranks.end());
    return ranks;
}

void TimelinePage::reload()
{
    const ProfilePtr profile = m_state ? m_state->profile() : ProfilePtr();
    const bool newProfile = profile != m_profile;
    m_profile = profile;
    QList<int> ranks = ranksToShow();
    const QList<int> previous = newProfile ? QList<int>() : m_timeline->model().ranks();
    // A rank shown by a navigation request stays until the filter changes.
    m_timeline->setProfile(profile, ranks, comparisonToShow(ranks));
    m_compareLanesAction->setVisible(m_state && m_state->runCompare());
    if (m_timeline->model().comparison().profile != m_comparisonShown) {
        // Two runs stacked: all but their device streams (Ascend Hardware)
        // start collapsed to a summary row so that both runs' kernels fit on
        // a screen; a click opens them.
        m_comparisonShown = m_timeline->model().comparison().profile;
        TimelineModel& model = m_timeline->model();
        if (m_comparisonShown) {
            for (std::size_t i = 0; i < model.lanes().size(); ++i) {
                const TimelineLane& l = model.lane(int(i));
                if (l.kind == LaneKind::Process && model.processTrack(int(i)).name != QLatin1String("Ascend Hardware"))
                    model.setCollapsed(int(i), true);
            }
            m_timeline->relayoutLanes();
        }
    }
    // Many ranks stacked: each newly shown rank starts as one summary row
    // (its lanes merged), expanded on demand, so that 64 ranks fit on a screen.
    if (ranks.size() > kExpandedRankLimit) {
        TimelineModel& model = m_timeline->model();
        // (The one rank looked at before a fresh stack folds too: else its
        // lanes fill the screen and the stack is below the fold.)
        for (int r : std::as_const(ranks))
            if (!previous.contains(r) || previous.size() <= 1)
                model.setCollapsed(model.rankLane(r), true);
        m_timeline->relayoutLanes();
    } else if (previous.size() > kExpandedRankLimit) {
        // Back to a few ranks: they open again.
        TimelineModel& model = m_timeline->model();
        for (int r : std::as_const(ranks))
            model.setCollapsed(model.rankLane(r), false);
        m_timeline->relayoutLanes();
    }
    if (newProfile) {
        m_clockAligned = false;
        m_align->blockSignals(true);
        m_align->setChecked(false);
        m_align->blockSignals(false);
        // Another profile: the old search means nothing there.
        m_search->clear();
        m_hits->clear();
        m_hitLabel->clear();
        m_currentHit = -1;
    } else {
        if (m_clockAligned)
            setClockAlignment(true);
        // Other ranks: the hits pointed into the old lanes. Search again in
        // the ranks now shown, so that the list never shows another rank's slices.
        if (!m_search->text().isEmpty())
            search(m_search->text(), m_caseButton->isChecked() ? Qt::CaseSensitive : Qt::CaseInsensitive);
        else
            m_hits->clear();
    }
    m_align->setEnabled(ranks.size() > 1);
    QStringList names;
    for (int r : std::as_const(ranks))
        names << m_profile->ranks[std::size_t(r)]->info.displayName;
    if (ranks.size() == 1 && profile)
        m_rankLabel->setText(m_timeline->model().lane(m_timeline->model().roots().front()).title);
    else if (!ranks.isEmpty())
        m_rankLabel->setText(tr("%n ranks", nullptr, int(ranks.size())));
    else
        m_rankLabel->clear();
    m_rankLabel->setToolTip(names.join(QLatin1Char('\n')) + QLatin1Char('\n')
        + tr("The rank filter (or the current rank) decides the ranks shown"));
    rebuildFlowMenu();
    m_rangePanel->clear();
    updateDetails({});
    if (m_state && !m_state->step().isEmpty())
        showStep(m_state->step());
    syncScrollBar();
}

void TimelinePage::rebuildFlowMenu()
{
    QMenu* menu = m_flowButton->menu();
    menu->clear();
    const auto cats = m_timeline->flowCategories();
    const QSet<QString> enabled = m_timeline->enabledFlowCategories();
    for (const auto& [cat, n] : cats) {
        QAction* a = menu->addAction(tr("%1 (%2)").arg(cat.isEmpty() ? tr("(no category)") : cat).arg(n));
        a->setCheckable(true);
        a->setChecked(enabled.contains(cat));
        connect(a, &QAction::toggled, this, [this, category = cat](bool on) { setFlowCategoryEnabled(category, on); });
    }
    if (cats.empty())
        menu->addAction(tr("No flow events in the ranks shown"))->setEnabled(false);
    menu->addSeparator();
    QAction* sel = menu->addAction(tr("All Flows of the Selected Slice"));
    sel->setCheckable(true);
    sel->setChecked(m_timeline->selectionFlows());
    connect(sel, &QAction::toggled, m_timeline, &TimelineWidget::setSelectionFlows);
    QStringList all;
    for (const auto& [cat, n] : cats)
        all << cat;
    m_legend->setFlowCategories(all, enabled);
    m_flowButton->setEnabled(true);
}

void TimelinePage::setFlowCategoryEnabled(const QString& category, bool on)
{
    QSet<QString> set = m_timeline->enabledFlowCategories();
    if (on)
        set.insert(category);
    else
        set.remove(category);
    m_timeline->setEnabledFlowCategories(set);
    m_legend->setFlowCategories(m_legend->flowCategories(), set);
    // Keep the menu's check marks in step when called from code.
    for (QAction* a : m_flowButton->menu()->actions())
        if (a->isCheckable() && a->text().startsWith(category + QLatin1String(" (")))
            a->setChecked(on);
}

void TimelinePage::setClockAlignment(bool on)
{
    m_clockAligned = on;
    if (m_align->isChecked() != on) {
        m_align->blockSignals(true);
        m_align->setChecked(on);
        m_align->blockSignals(false);
    }
    if (!on || !m_profile) {
        m_timeline->setClockOffsets({});
        m_align->setToolTip(tr("Shift every rank by its clock offset, estimated from collectives that end together"));
        return;
    }
    const ClockAlignment a = estimateClockAlignment(*m_profile);
    m_timeline->setClockOffsets(a.offsetNs);
    QString tip = a.estimated ? tr("Clocks aligned to the reference rank from matched collectives")
                              : tr("No collectives could be matched: clocks are not shifted");
    if (!a.note.isEmpty())
        tip += QLatin1Char('\n') + a.note;
    m_align->setToolTip(tip);
}

void TimelinePage::syncScrollBar()
{
    const TimelineViewport vp = m_timeline->viewport();
    m_vbar->blockSignals(true);
    m_vbar->setRange(0, m_timeline->maxScrollY());
    m_vbar->setPageStep(std::max(1, vp.height - vp.rulerHeight));
    m_vbar->setSingleStep(m_timeline->model().metrics().rowHeight);
    m_vbar->setValue(m_timeline->scrollY());
    m_vbar->blockSignals(false);
    m_vbar->setVisible(m_timeline->maxScrollY() > 0);
}

void TimelinePage::jumpToFlowEnd(int rank, std::size_t flow, bool toEnd)
{
    const TimelineModel& model = m_timeline->model();
    const TraceData* trace = model.trace(rank);
    if (!trace || flow >= trace->flows.size())
        return;
    const FlowColumns& f = trace->flows;
    const int lane = model.threadLane(
        rank, int(toEnd ? f.toProcess[flow] : f.fromProcess[flow]), int(toEnd ? f.toThread[flow] : f.fromThread[flow]));
    const std::int32_t slice = toEnd ? f.toSlice[flow] : f.fromSlice[flow];
    if (lane < 0)
        return;
    if (slice >= 0) {
        m_timeline->selectSlice({ lane, std::uint32_t(slice) }, true);
    } else {
        const double t = double(model.toView(rank, toEnd ? f.toNs[flow] : f.fromNs[flow]));
        const double w = m_timeline->visibleEndNs() - m_timeline->visibleStartNs();
        m_timeline->setVisibleRange(t - w / 2, t + w / 2);
    }
}

void TimelinePage::updateRange(double startNs, double endNs)
{
    m_rangePanel->compute(m_timeline->model(), startNs, endNs);
    if (endNs > startNs)
        m_tabs->setCurrentWidget(m_rangePanel);
}

int TimelinePage::search(const QString& text, Qt::CaseSensitivity cs)
{
    if (m_search->text() != text)
        m_search->setText(text);
    const int n = m_hits->search(m_timeline->model(), text, cs);
    m_currentHit = -1;
    m_hitLabel->setText(text.isEmpty() ? QString()
            : n == 0                   ? tr("no match")
            : m_hits->truncated()      ? tr("first %n", nullptr, n)
                                       : tr("%n matches", nullptr, n));
    if (n > 0)
        m_tabs->setCurrentIndex(2);
    return n;
}

void TimelinePage::installShortcuts()
{
    // Page-wide (the canvas, the search box, the side panels), not
    // window-wide: the other pages keep these keys for themselves.
    auto add = [this](QKeySequence keys, auto slot) {
        auto* s = new QShortcut(keys, this);
        s->setContext(Qt::WidgetWithChildrenShortcut);
        connect(s, &QShortcut::activated, this, slot);
    };
    add(QKeySequence(Qt::CTRL | Qt::Key_F), [this] { focusSearch(); });
    add(QKeySequence(Qt::CTRL | Qt::Key_0), [this] { m_timeline->fitAll(); });
}

void TimelinePage::focusSearch()
{
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

void TimelinePage::showShortcutSheet()
{
    if (!m_shortcutSheet) {
        m_shortcutSheet = new TimelineShortcutSheet(this);
        m_shortcutSheet->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_shortcutSheet->show();
    m_shortcutSheet->raise();
    m_shortcutSheet->activateWindow();
}

void TimelinePage::nextHit(int direction)
{
    const int n = m_hits->rowCount();
    if (n == 0)
        return;
    m_currentHit = m_currentHit < 0 ? (direction > 0 ? 0 : n - 1) : (m_currentHit + direction + n) % n;
    jumpToHit(m_currentHit);
}

void TimelinePage::jumpToHit(int row)
{
    if (row < 0 || row >= int(m_hits->hits().size()))
        return;
    m_currentHit = row;
    m_hitView->selectRow(row);
    const SliceRef hit = m_hits->hits()[std::size_t(row)];
    m_timeline->selectSlice(hit, true);
    m_hitLabel->setText(tr("%1 of %2").arg(row + 1).arg(m_hits->rowCount()));
    const TimelineModel& model = m_timeline->model();
    followStepOf(model.lane(hit.lane).rank, model.threadTrack(hit.lane).slices.startNs[hit.slice]);
}

void TimelinePage::showRange(int rankIndex, TimeNs startNs, TimeNs endNs, const QString& sliceName)
{
    if (!m_profile || rankIndex < 0 || std::size_t(rankIndex) >= m_profile->ranks.size())
        return;
    TimelineModel& model = m_timeline->model();
    if (!model.ranks().contains(rankIndex)) {
        QList<int> ranks = model.ranks();
        if (m_state && m_state->rankFilter().isEmpty() && m_state->timelineRanks().isEmpty())
            ranks.clear(); // showing one rank: switch to the requested one
        ranks << rankIndex;
        std::sort(ranks.begin(), ranks.end());
        m_timeline->setProfile(m_profile, ranks, comparisonToShow(ranks));
        if (m_clockAligned)
            setClockAlignment(true);
        m_align->setEnabled(ranks.size() > 1);
        rebuildFlowMenu();
    }
    focusRange(rankIndex, startNs, endNs, sliceName);
}

void TimelinePage::focusRange(int rankIndex, TimeNs startNs, TimeNs endNs, const QString& sliceName)
{
    const TimelineModel& model = m_timeline->model();
    if (endNs < startNs)
        std::swap(startNs, endNs);
    const double a = double(model.toView(rankIndex, startNs));
    const double b = double(model.toView(rankIndex, endNs));
    const double pad = std::max((b - a) * 0.05, 50.0);
    m_timeline->setVisibleRange(a - pad, b + pad);
    // The target stays marked: its range shaded (what it contains in the
    // Range tab), its slice selected below (its details in front).
    if (b > a)
        m_timeline->setRange(a, b);

    SliceRef best;
    if (!sliceName.isEmpty()) {
        const TraceData* trace = model.trace(rankIndex);
        const QByteArray u = sliceName.toUtf8();
        const StringId id = trace->strings.find(std::string_view(u.constData(), std::size_t(u.size())));
        TimeNs bestOverlap = -1;
        TimeNs bestDistance = std::numeric_limits<TimeNs>::max();
        for (std::size_t l = 0; id.isValid() && l < model.lanes().size(); ++l) {
            if (model.lane(int(l)).kind != LaneKind::Thread || model.lane(int(l)).rank != rankIndex)
                continue;
            const SliceColumns& s = model.threadTrack(int(l)).slices;
            // Slices are sorted by start: look only around the range.
            auto it = std::lower_bound(s.startNs.begin(), s.startNs.end(), startNs - (endNs - startNs) - 1);
            for (std::size_t i = std::size_t(it - s.startNs.begin()); i < s.size() && s.startNs[i] <= endNs; ++i) {
                if (s.name[i] != id)
                    continue;
                const TimeNs overlap = std::min(s.endNs(i), endNs) - std::max(s.startNs[i], startNs);
                const TimeNs distance = std::abs(s.startNs[i] - startNs);
                if (overlap > bestOverlap || (overlap == bestOverlap && distance < bestDistance)) {
                    bestOverlap = overlap;
                    bestDistance = distance;
                    best = { int(l), std::uint32_t(i) };
                }
            }
        }
    }
    m_timeline->selectSlice(best, best.isValid());
    m_timeline->setFocus();
    // The Step selector names the base run's steps: a comparison rank's step is not one of them.
    if (!model.isComparisonRank(rankIndex))
        followStepOf(rankIndex, best.isValid() ? model.threadTrack(best.lane).slices.startNs[best.slice] : startNs);
}

void TimelinePage::followStepOf(int rankIndex, TimeNs tsNs)
{
    // The Step selector follows a jump: the step the target belongs to,
    // without zooming away from the target.
    const TraceData* trace = m_timeline->model().trace(rankIndex);
    if (!m_state || !trace)
        return;
    for (const StepMarker& m : trace->steps) {
        if (tsNs < m.rangeNs.startNs || tsNs >= m.rangeNs.endNs)
            continue;
        if (m_state->step() != m.id && m_state->steps().contains(m.id)) {
            m_followingJump = true;
            m_state->setStep(m.id);
            m_followingJump = false;
        }
        return;
    }
}

bool TimelinePage::showStep(const QString& step)
{
    // The step's host range (its step marker) on the ranks shown; "" = all steps.
    if (step.isEmpty()) {
        m_timeline->fitAll();
        return true;
    }
    const TimelineModel& model = m_timeline->model();
    double a = std::numeric_limits<double>::max();
    double b = std::numeric_limits<double>::lowest();
    for (const int rank : model.ranks()) {
        const TraceData* trace = model.trace(rank);
        if (!trace)
            continue;
        for (const StepMarker& m : trace->steps) {
            if (m.id != step)
                continue;
            a = std::min(a, double(model.toView(rank, m.rangeNs.startNs)));
            b = std::max(b, double(model.toView(rank, m.rangeNs.endNs)));
        }
    }
    if (a >= b)
        return false;
    const double pad = (b - a) * 0.02;
    m_timeline->setVisibleRange(a - pad, b + pad);
    return true;
}

void TimelinePage::exportImage(const QString& suffix)
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Timeline"), QStringLiteral("timeline.") + suffix,
        suffix == QLatin1String("svg") ? tr("SVG image (*.svg)") : tr("PNG image (*.png)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportWidgetImage(m_timeline, path, m_timeline->size(), &error))
        QMessageBox::warning(this, tr("Export Timeline"), error);
}

void TimelinePage::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // Narrow (a 1024-px screen with the project panel): the timeline keeps
    // the width, the details panel steps aside until the user asks for it.
    if (m_panelChosen)
        return;
    const bool show = width() >= kPanelMinPageWidth;
    if (m_tabs->isVisibleTo(this) != show) {
        const QSignalBlocker blocker(m_panelButton);
        m_panelButton->setChecked(show);
        m_tabs->setVisible(show);
    }
}

RangeStatsModel* TimelinePage::rangeStats() const
{
    return m_rangePanel->stats();
}

QList<ExportItem> TimelinePage::exportItems() const
{
    return { { QStringLiteral("timeline"), m_timeline, nullptr },
        { QStringLiteral("timeline-range-statistics"), nullptr, m_rangePanel->stats() },
        { QStringLiteral("timeline-range-categories"), nullptr, m_rangePanel->categories() } };
}

} // namespace profscope
