// SPDX-License-Identifier: Apache-2.0
// The Overview page offscreen: the stacked bars against step_trace_time.csv
// read here independently, the models under QAbstractItemModelTester,
// sorting, the rank filter and step choice, and advice rows that navigate.

#include "common/statuscolors.h"
#include "common/viewstate.h"
#include "generate/clustergenerator.h"
#include "load/profileloader.h"
#include "overview/overviewcharts.h"
#include "overview/overviewmodels.h"
#include "overview/overviewpage.h"
#include "overview/steptracechart.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelinepage.h"
#include "timeline/timelinewidget.h"
#include "testsupport.h"

#include "analysis/advice.h"
#include "analysis/analysisservice.h"
#include "viewtestsupport.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QLocale>
#include <QLabel>
#include <QMenu>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QHeaderView>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QScopeGuard>
#include <QStackedWidget>
#include <QToolTip>
#include <QTreeView>

#include <map>
#include <memory>

using namespace profscope;

namespace {

using test::CsvStep;

std::vector<CsvStep> readStepTrace(const QString& rankRoot)
{
    return test::readStepTraceCsv(rankRoot);
}

// The five bar components of one csv step, in µs.
std::array<double, 5> expectedComponents(const CsvStep& s)
{
    const auto at = [&](const char* name) { return s.us.at(QString::fromLatin1(name)); };
    return { at("Computing") - at("Overlapped"), at("Overlapped"), at("Communication(Not Overlapped)"), at("Free"),
        at("Preparing") };
}

// Component c (Computing only ... Preparing) of a bar, in µs, as the model holds it.
double barUs(const OverviewBarsModel& bars, int row, int c)
{
    return double(bars.index(row, OverviewBarsModel::ComputingOnlyColumn + c).data(OverviewBarsModel::ValueNsRole).toLongLong())
        / 1000.0;
}

ProfilePtr generated(QTemporaryDir& dir, GeneratorOptions options)
{
    QString error;
    if (!generateCluster(dir.path(), options, &error)) {
        qWarning("%s", qPrintable(error));
        return nullptr;
    }
    return ProfileLoader::load({ dir.path() });
}

GeneratorOptions plantedOptions()
{
    return demoClusterOptions();
}

// Every model of the page under a tester for the page's whole life.
struct Testers
{
    explicit Testers(OverviewPage& page)
    {
        for (QAbstractItemModel* model : std::initializer_list<QAbstractItemModel*> {
                 page.barsModel(), page.stepModel(), page.stepProxy(), page.trendModel(), page.adviceModel() })
            testers.push_back(std::make_unique<QAbstractItemModelTester>(
                model, QAbstractItemModelTester::FailureReportingMode::QtTest));
    }
    std::vector<std::unique_ptr<QAbstractItemModelTester>> testers;
};

} // namespace

class TestOverviewPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void emptyState();
    void barsMatchStepTraceReal();
    void summaryOnlyRanks();
    void barsMatchStepTraceGenerated_data();
    void barsMatchStepTraceGenerated();
    void sorting();
    void rankFilterAndSteps();
    void backgroundJobsAndHiddenPage();
    void stepTableColumns();
    void stepTableSharedAndFitted();
    void adviceNavigates();
    void adviceJumpMarksTheTimeline();
    void causesAnswerWhyTheStepIsSlow();
    void oldFormatRankShowsItsStepTrace();
    void manyRanksScroll();
    void exportItems();
    void darkPalette();
    void hoverAndDoubleClick();
};

void TestOverviewPage::initTestCase()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestOverviewPage::emptyState()
{
    ViewState state;
    OverviewPage page(&state);
    Testers testers(page);
    page.resize(1000, 700);
    page.show();
    QCOMPARE(page.barsModel()->rowCount(), 0);
    QCOMPARE(page.adviceModel()->rowCount(), 0);
    state.setProfile(nullptr);
    QCOMPARE(page.stepModel()->rowCount(), 0);
    // A profile with a rank but nothing to compute from: a message, no crash.
    QTemporaryDir dir;
    test::writeFile(dir, QStringLiteral("x_ascend_pt/profiler_info_0.json"), "{}");
    state.setProfile(ProfileLoader::load({ dir.path() }));
    QCOMPARE(page.barsModel()->rowCount(), 0);
}

void TestOverviewPage::barsMatchStepTraceReal()
{
    const ProfilePtr profile =
        ProfileLoader::load({ test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text/level1")) });
    QCOMPARE(profile->ranks.size(), std::size_t(2));
    ViewState state;
    OverviewPage page(&state);
    Testers testers(page);
    page.resize(1200, 800);
    page.show();
    state.setProfile(profile);

    OverviewBarsModel* bars = page.barsModel();
    QCOMPARE(bars->rowCount(), 2);
    for (int row = 0; row < bars->rowCount(); ++row) {
        const int rankIndex = bars->index(row, 0).data(OverviewBarsModel::RankIndexRole).toInt();
        const std::vector<CsvStep> csv = readStepTrace(profile->ranks[std::size_t(rankIndex)]->info.rootPath);
        QCOMPARE(csv.size(), std::size_t(1)); // one step, "50": the average is that step
        const auto expected = expectedComponents(csv[0]);
        // 1% of the step, as the profiler's own numbers are rounded per task.
        const double toleranceUs = 0.01 * csv[0].us.at(QStringLiteral("Stage"));
        double expectedTotal = 0;
        for (int c = 0; c < 5; ++c) {
            const double ourUs = barUs(*bars, row, c);
            QVERIFY2(std::abs(ourUs - expected[std::size_t(c)]) <= toleranceUs,
                qPrintable(QStringLiteral("rank %1 component %2: %3 vs csv %4")
                               .arg(rankIndex)
                               .arg(c)
                               .arg(ourUs)
                               .arg(expected[std::size_t(c)])));
            // What is drawn is what the model holds.
            QCOMPARE(page.barsChart()->barValue(row, c) * page.barsChart()->unitNs(),
                double(bars->componentNs(row, BarComponent(c))));
            expectedTotal += expected[std::size_t(c)];
        }
        QVERIFY(std::abs(bars->totalNs(row) / 1000.0 - expectedTotal) <= 2 * toleranceUs);
    }
}

void TestOverviewPage::summaryOnlyRanks()
{
    // What `collect --summary-only` copies: no trace, no kernel table; the
    // page shows the profiler's own step figures and says where they come from.
    QTemporaryDir dir;
    for (int rank = 0; rank < 2; ++rank) {
        const QString from = test::textRank(1, rank);
        const QString to = dir.filePath(QStringLiteral("rank%1_ascend_pt").arg(rank));
        QVERIFY(test::copyTree(from, to));
        for (const char* drop : { "trace_view.json", "kernel_details.csv", "memory_record.csv", "operator_memory.csv",
                 "npu_module_mem.csv", "operator_details.csv", "l2_cache.csv" })
            QFile::remove(to + QStringLiteral("/ASCEND_PROFILER_OUTPUT/") + QLatin1String(drop));
    }
    const ProfilePtr profile = ProfileLoader::load({ dir.path() });
    QCOMPARE(profile->ranks.size(), std::size_t(2));
    ViewState state;
    OverviewPage page(&state);
    Testers testers(page);
    page.resize(1200, 800);
    page.show();
    state.setProfile(profile);
    OverviewBarsModel* bars = page.barsModel();
    QCOMPARE(bars->rowCount(), 2);
    for (int row = 0; row < bars->rowCount(); ++row) {
        const int rankIndex = bars->index(row, 0).data(OverviewBarsModel::RankIndexRole).toInt();
        const std::vector<CsvStep> csv = readStepTrace(profile->ranks[std::size_t(rankIndex)]->info.rootPath);
        QCOMPARE(csv.size(), std::size_t(1));
        const auto expected = expectedComponents(csv[0]);
        for (int c = 0; c < 5; ++c) { // the file's figures as written, to the ns
            const double ourUs = barUs(*bars, row, c);
            QVERIFY2(std::abs(ourUs - expected[std::size_t(c)]) < 0.002,
                qPrintable(QStringLiteral("component %1: %2 vs %3").arg(c).arg(ourUs).arg(expected[std::size_t(c)])));
        }
    }
    bool said = false;
    for (const QLabel* label : page.findChildren<QLabel*>())
        said = said || label->text().contains(QLatin1String("from the profiler's summary"));
    QVERIFY(said);
    QCOMPARE(page.stepModel()->rowCount(), 2);
    QVERIFY(page.stepModel()->index(0, 0).data(Qt::ToolTipRole).toString().contains(QLatin1String("not recomputed")));
}

void TestOverviewPage::barsMatchStepTraceGenerated_data()
{
    QTest::addColumn<QString>("step");
    QTest::newRow("average") << QString();
    QTest::newRow("step 2") << QStringLiteral("2");
}

void TestOverviewPage::barsMatchStepTraceGenerated()
{
    QFETCH(QString, step);
    QTemporaryDir dir;
    const ProfilePtr profile = generated(dir, plantedOptions());
    QVERIFY(profile);
    QCOMPARE(profile->ranks.size(), std::size_t(8));
    ViewState state;
    OverviewPage page(&state);
    Testers testers(page);
    state.setProfile(profile);
    state.setStep(step);

    OverviewBarsModel* bars = page.barsModel();
    QCOMPARE(bars->rowCount(), 8);
    for (int row = 0; row < bars->rowCount(); ++row) {
        const int rankIndex = bars->index(row, 0).data(OverviewBarsModel::RankIndexRole).toInt();
        const std::vector<CsvStep> csv = readStepTrace(profile->ranks[std::size_t(rankIndex)]->info.rootPath);
        QCOMPARE(csv.size(), std::size_t(3));
        std::array<double, 5> expected {};
        double stage = 0;
        int used = 0;
        for (const CsvStep& s : csv) {
            if (!step.isEmpty() && s.step != step)
                continue;
            const auto parts = expectedComponents(s);
            for (int c = 0; c < 5; ++c)
                expected[std::size_t(c)] += parts[std::size_t(c)];
            stage += s.us.at(QStringLiteral("Stage"));
            ++used;
        }
        QVERIFY(used > 0);
        const double toleranceUs = 0.01 * stage / used;
        for (int c = 0; c < 5; ++c) {
            const double ourUs = double(bars->componentNs(row, BarComponent(c))) / 1000.0;
            const double csvUs = expected[std::size_t(c)] / used;
            QVERIFY2(std::abs(ourUs - csvUs) <= toleranceUs,
                qPrintable(
                    QStringLiteral("rank %1 component %2: %3 vs csv %4").arg(rankIndex).arg(c).arg(ourUs).arg(csvUs)));
        }
    }
    // The planted slow rank (5) computes the longest.
    page.sortBars(OverviewBarsModel::ComputingOnlyColumn, Qt::DescendingOrder);
    QCOMPARE(bars->row(0).rankId, 5);
}

void TestOverviewPage::sorting()
{
    QTemporaryDir dir;
    const ProfilePtr profile = generated(dir, plantedOptions());
    QVERIFY(profile);
    ViewState state;
    OverviewPage page(&state);
    Testers testers(page);
    page.resize(1200, 800);
    page.show();
    state.setProfile(profile);
    OverviewBarsModel* bars = page.barsModel();

    // Default: by rank, ascending.
    for (int r = 1; r < bars->rowCount(); ++r)
        QVERIFY(bars->row(r - 1).rankId < bars->row(r).rankId);

    for (int column = OverviewBarsModel::ComputingOnlyColumn; column <= OverviewBarsModel::TotalColumn; ++column) {
        page.sortBars(column, Qt::DescendingOrder);
        QCOMPARE(page.sortCombo()->currentData().toInt(), column);
        QVERIFY(page.descendingButton()->isChecked());
        for (int r = 1; r < bars->rowCount(); ++r)
            QVERIFY(bars->index(r - 1, column).data(OverviewBarsModel::SortRole).toLongLong()
                >= bars->index(r, column).data(OverviewBarsModel::SortRole).toLongLong());
        // The chart follows the model's order.
        for (int c = 0; c < 5; ++c)
            QCOMPARE(page.barsChart()->barValue(0, c) * page.barsChart()->unitNs(),
                double(bars->componentNs(0, BarComponent(c))));
    }
    // The host-bound rank (6) waits most: largest Free.
    page.sortBars(OverviewBarsModel::FreeColumn, Qt::DescendingOrder);
    QCOMPARE(bars->row(0).rankId, 6);
    // The combo sorts too; amounts default to largest first.
    page.sortCombo()->setCurrentIndex(page.sortCombo()->findData(int(OverviewBarsModel::RankColumn)));
    QVERIFY(!page.descendingButton()->isChecked());
    QCOMPARE(bars->row(0).rankId, 0);
    page.descendingButton()->click();
    QCOMPARE(bars->row(0).rankId, 7);
    QCOMPARE(bars->sortOrder(), Qt::DescendingOrder);

    // The step table sorts numerically by its sort role.
    QSortFilterProxyModel* proxy = page.stepProxy();
    const int stepTime = page.stepModel()->column(ClusterStepTableModel::StepTimeField);
    QVERIFY(stepTime >= 0);
    proxy->sort(stepTime, Qt::DescendingOrder);
    for (int r = 1; r < proxy->rowCount(); ++r)
        QVERIFY(proxy->index(r - 1, stepTime).data(ClusterStepTableModel::SortRole).toLongLong()
            >= proxy->index(r, stepTime).data(ClusterStepTableModel::SortRole).toLongLong());
}

void TestOverviewPage::rankFilterAndSteps()
{
    QTemporaryDir dir;
    const ProfilePtr profile = generated(dir, plantedOptions());
    QVERIFY(profile);
    ViewState state;
    OverviewPage page(&state);
    Testers testers(page);
    state.setProfile(profile);
    QCOMPARE(page.stepModel()->rowCount(), 8 * 3);
    QCOMPARE(page.trendModel()->rowCount(), 3);

    state.setRankFilter({ 0, 2, 5 });
    QCOMPARE(page.barsModel()->rowCount(), 3);
    QCOMPARE(page.stepModel()->rowCount(), 3 * 3);
    QCOMPARE(page.trendModel()->steps().front().ranks, 3);

    // A step change leaves the trend (every step) as it is; a rank filter rebuilds it.
    QSignalSpy trendResets(page.trendModel(), &QAbstractItemModel::modelReset);
    state.setStep(QStringLiteral("3"));
    QCOMPARE(page.barsModel()->rowCount(), 3);
    QCOMPARE(page.stepModel()->rowCount(), 3);
    for (int r = 0; r < page.stepModel()->rowCount(); ++r)
        QCOMPARE(page.stepModel()->row(r).overview.step, QStringLiteral("3"));
    // The trend keeps every step.
    QCOMPARE(page.trendModel()->rowCount(), 3);
    QCOMPARE(trendResets.count(), 0);

    // Trend: the slowest step time is the largest bar total of that step.
    state.setRankFilter({});
    QCOMPARE(trendResets.count(), 1);
    QCOMPARE(page.trendModel()->steps().front().ranks, 8);
    state.setStep(QString());
    const std::vector<StepTrendModel::Step> trend = page.trendModel()->steps(); // a copy: setStep refreshes the model
    QCOMPARE(trend.size(), std::size_t(3));
    for (const StepTrendModel::Step& s : trend) {
        state.setStep(s.name);
        TimeNs largest = 0;
        for (int r = 0; r < page.barsModel()->rowCount(); ++r)
            largest = std::max(largest, page.barsModel()->totalNs(r));
        QCOMPARE(s.maxNs, largest);
    }
}

// With the analyses as background jobs (the GUI's mode): a placeholder first,
// then the cluster step table and the advice; a hidden page does no work
// until it is shown.
void TestOverviewPage::backgroundJobsAndHiddenPage()
{
    AnalysisService::setSynchronousForBenchmark(false);
    const auto restore = qScopeGuard([] { AnalysisService::setSynchronousForBenchmark(true); });
    QTemporaryDir dir;
    const ProfilePtr profile = generated(dir, plantedOptions());
    QVERIFY(profile);
    QVERIFY(!profile->memo.has(QStringLiteral("clusterSteps/")));
    ViewState state;
    QWidget window;
    auto* stack = new QStackedWidget(&window);
    auto* other = new QWidget(stack);
    auto* page = new OverviewPage(&state, stack);
    stack->addWidget(page);
    stack->addWidget(other);
    stack->setCurrentWidget(page);
    window.resize(900, 600);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    Testers testers(*page);

    state.setProfile(profile);
    // Nothing computed on the GUI thread yet: the page says what it waits for.
    bool placeholder = false;
    for (const QLabel* label : page->findChildren<QLabel*>())
        placeholder |= label->isVisible() && label->text().contains(QStringLiteral("Computing the step overview"));
    QVERIFY(placeholder);
    QCOMPARE(page->stepModel()->rowCount(), 0);
    QTRY_COMPARE(page->stepModel()->rowCount(), 8 * 3);
    QCOMPARE(page->barsModel()->rowCount(), 8);
    QTRY_VERIFY(page->adviceModel()->rowCount() > 0);
    QVERIFY(AnalysisService::instance()->waitUntilIdle(10000));
    QCOMPARE(std::size_t(page->adviceModel()->rowCount()), sharedAdvice(*profile)->size());

    // Hidden: a filter change does nothing until the page is shown again.
    stack->setCurrentWidget(other);
    state.setRankFilter({ 0, 2, 5 });
    QVERIFY(AnalysisService::instance()->waitUntilIdle(10000));
    QCOMPARE(page->barsModel()->rowCount(), 8);
    stack->setCurrentWidget(page);
    QTRY_COMPARE(page->barsModel()->rowCount(), 3);
    QCOMPARE(page->stepModel()->rowCount(), 3 * 3);
}

void TestOverviewPage::stepTableColumns()
{
    QTemporaryDir dir;
    const ProfilePtr profile = generated(dir, plantedOptions());
    ViewState state;
    OverviewPage page(&state);
    Testers testers(page);
    state.setProfile(profile);
    ClusterStepTableModel* model = page.stepModel();
    // Units in every time header.
    for (int c = 0; c < model->columnCount(); ++c) {
        const auto field = model->field(c);
        if (field >= ClusterStepTableModel::StepTimeField)
            QVERIFY2(model->headerData(c, Qt::Horizontal).toString().endsWith(QLatin1String("(us)")),
                qPrintable(model->headerData(c, Qt::Horizontal).toString()));
    }
    // The Free column equals the csv, row by row, within 1% of the step.
    const int freeColumn = model->column(ClusterStepTableModel::FreeField);
    QVERIFY(freeColumn >= 0);
    for (int r = 0; r < model->rowCount(); ++r) {
        const ClusterStepRow& row = model->row(r);
        const auto csv = readStepTrace(profile->ranks[std::size_t(row.rankIndex)]->info.rootPath);
        bool found = false;
        for (const CsvStep& s : csv) {
            if (s.step != row.overview.step)
                continue;
            found = true;
            const double ours = model->index(r, freeColumn).data().toString().toDouble();
            QVERIFY(std::abs(ours - s.us.at(QStringLiteral("Free"))) <= 0.01 * s.us.at(QStringLiteral("Stage")));
        }
        QVERIFY(found);
    }
}

void TestOverviewPage::adviceNavigates()
{
    QTemporaryDir dir;
    const ProfilePtr profile = generated(dir, plantedOptions());
    ViewState state;
    OverviewPage page(&state);
    Testers testers(page);
    page.resize(1200, 800);
    page.show();
    state.setProfile(profile);
    AdviceModel* advice = page.adviceModel();
    QVERIFY(advice->rowCount() > 0);
    QVERIFY(page.tabs()->tabText(0).contains(QString::number(advice->rowCount())));

    QSignalSpy rank(&state, &ViewState::rankRequested);
    QSignalSpy op(&state, &ViewState::operatorRequested);
    QSignalSpy link(&state, &ViewState::communicationLinkRequested);
    QSignalSpy timeline(&state, &ViewState::timelineRequested);
    bool sawLink = false;
    bool sawRank = false;
    for (int row = 0; row < advice->rowCount(); ++row) {
        const Finding& f = advice->findings()[std::size_t(row)];
        QVERIFY(!f.title.isEmpty());
        QVERIFY(advice->index(row, AdviceModel::TitleColumn).data().toString().endsWith(f.title));
        QVERIFY(!advice->index(row, AdviceModel::SeverityColumn).data(Qt::DecorationRole).value<QIcon>().isNull());
        rank.clear();
        op.clear();
        link.clear();
        timeline.clear();
        // Enter on the row, as a user would.
        page.adviceView()->setFocus();
        page.adviceView()->setCurrentIndex(page.adviceView()->model()->index(row, AdviceModel::TitleColumn));
        QTest::keyClick(page.adviceView(), Qt::Key_Return);
        switch (f.target) {
        case Finding::Target::Rank:
            QCOMPARE(rank.count(), 1);
            QCOMPARE(rank.first().at(0).toInt(), f.rankIndex);
            sawRank = true;
            break;
        case Finding::Target::Operator:
            QCOMPARE(op.count(), 1);
            QCOMPARE(op.first().at(1).toString(), f.ops.value(0));
            break;
        case Finding::Target::Link: {
            QCOMPARE(link.count(), 1);
            const QStringList ends = f.link.split(QLatin1Char('-'));
            QCOMPARE(link.first().at(0).toInt(), ends.value(0).toInt());
            QCOMPARE(link.first().at(1).toInt(), ends.value(1).toInt());
            sawLink = true;
            break;
        }
        case Finding::Target::Step:
            QCOMPARE(timeline.count(), 1);
            QCOMPARE(timeline.first().at(0).toInt(), f.rankIndex);
            QCOMPARE(timeline.first().at(1).toLongLong(), f.startNs);
            QCOMPARE(timeline.first().at(2).toLongLong(), f.endNs);
            break;
        case Finding::Target::None:
            QCOMPARE(op.count() + link.count() + timeline.count(), 0);
            break;
        }
    }
    // The planted slow link and slow / host-bound ranks are among the findings.
    QVERIFY(sawLink);
    QVERIFY(sawRank);
}

void TestOverviewPage::adviceJumpMarksTheTimeline()
{
    // Enter on a finding about a time range: the timeline (another page on
    // the same state) shades that range and the Step selector follows it;
    // a finding about several ranks stacks them from its context menu.
    QTemporaryDir dir;
    const ProfilePtr profile = generated(dir, plantedOptions());
    QVERIFY(profile);
    ViewState state;
    OverviewPage page(&state);
    TimelinePage timeline(&state);
    page.resize(1200, 800);
    page.show();
    timeline.resize(1200, 800);
    state.setProfile(profile);
    AdviceModel* advice = page.adviceModel();
    int stepRow = -1;
    int multiRankRow = -1;
    for (int row = 0; row < advice->rowCount(); ++row) {
        const Finding& f = advice->findings()[std::size_t(row)];
        if (stepRow < 0 && f.target == Finding::Target::Step && f.endNs > f.startNs)
            stepRow = row;
        if (multiRankRow < 0 && f.rankIds().size() > 1)
            multiRankRow = row;
    }
    QVERIFY(stepRow >= 0);
    const Finding f = advice->findings()[std::size_t(stepRow)];
    page.adviceView()->setFocus();
    page.adviceView()->setCurrentIndex(page.adviceView()->model()->index(stepRow, AdviceModel::TitleColumn));
    QTest::keyClick(page.adviceView(), Qt::Key_Return);
    const TimelineModel& m = timeline.timeline()->model();
    QVERIFY(m.ranks().contains(f.rankIndex));
    QVERIFY(timeline.timeline()->hasRange());
    QCOMPARE(qRound64(timeline.timeline()->rangeStartNs()), m.toView(f.rankIndex, f.startNs));
    QCOMPARE(qRound64(timeline.timeline()->rangeEndNs()), m.toView(f.rankIndex, f.endNs));
    // The step whose host slice holds the target's start, read from the trace.
    QString expectedStep;
    for (const StepMarker& s : profile->ranks[std::size_t(f.rankIndex)]->trace.steps)
        if (s.rangeNs.startNs <= f.startNs && f.startNs < s.rangeNs.endNs)
            expectedStep = s.id;
    QVERIFY(!expectedStep.isEmpty());
    QCOMPARE(state.step(), expectedStep);

    QVERIFY(multiRankRow >= 0);
    const Finding g = advice->findings()[std::size_t(multiRankRow)];
    std::unique_ptr<QMenu> menu(page.createFindingMenu(multiRankRow));
    auto* stack = menu->findChild<QAction*>(QStringLiteral("stackFindingRanksAction"));
    QVERIFY(stack);
    QVERIFY(stack->isEnabled());
    stack->trigger();
    QList<int> expectedRanks;
    for (std::size_t i = 0; i < profile->ranks.size(); ++i)
        if (g.rankIds().contains(profile->ranks[i]->info.rankId))
            expectedRanks << int(i);
    QCOMPARE(state.timelineRanks(), expectedRanks);
    QCOMPARE(timeline.timeline()->model().ranks(), expectedRanks);
}

void TestOverviewPage::causesAnswerWhyTheStepIsSlow()
{
    // The three planted problems (slow rank 5, host-bound rank 6, link 2-3)
    // are the causes above the charts, each a link that goes there.
    QTemporaryDir dir;
    const ProfilePtr profile = generated(dir, plantedOptions());
    QVERIFY(profile);
    ViewState state;
    OverviewPage page(&state);
    page.resize(1200, 800);
    page.show();
    state.setProfile(profile);
    const QString text = page.causesLabel()->text();
    QVERIFY(page.causesLabel()->isVisible());
    QVERIFY2(text.contains(QLatin1String("Rank 5 computes slower")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("Rank 6 is host-bound")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("link 2 → 3")) || text.contains(QStringLiteral("link 3 → 2")), qPrintable(text));
    QCOMPARE(text.count(QLatin1String("href=\"finding:")), 3);
    QVERIFY(!page.checksLabel()->isVisible()); // the generator's files agree with the timeline

    // The first link jumps like the first finding does.
    const Finding& first = page.adviceModel()->findings().front();
    QVERIFY(first.isCause);
    QSignalSpy timeline(&state, &ViewState::timelineRequested);
    QSignalSpy link(&state, &ViewState::communicationLinkRequested);
    emit page.causesLabel()->linkActivated(QStringLiteral("finding:0"));
    QCOMPARE(timeline.count() + link.count(), 1);

    // A clean cluster: no cause, and the label says so.
    QTemporaryDir cleanDir;
    GeneratorOptions clean;
    clean.ranks = 8;
    clean.jitter = 0.03;
    state.setProfile(generated(cleanDir, clean));
    QVERIFY(!page.causesLabel()->text().contains(QLatin1String("href")));
    QVERIFY(page.causesLabel()->text().contains(QLatin1String("No rank, link or pipeline stage")));
}

void TestOverviewPage::oldFormatRankShowsItsStepTrace()
{
    // An old MindInsight profiler/ folder has no device tasks: instead of
    // empty bars, MindInsight's step trace (interval / FP+BP / tail per step).
    const QString dir = test::mindinsight(QStringLiteral("run_1/normal_run/profiler"));
    QFile csv(dir + QStringLiteral("/step_trace_raw_1_detail_time.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
    const QList<QByteArray> header = lines[0].trimmed().split(',');
    const qsizetype interval = header.indexOf("iteration_interval");
    const qsizetype fpBp = header.indexOf("fp_and_bp");
    const qsizetype tail = header.indexOf("tail");
    double sums[3] {};
    int steps = 0;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> c = lines[i].trimmed().split(',');
        bool numbered = false;
        c[0].toInt(&numbered); // the last row ("-") is MindInsight's average
        if (!numbered)
            continue;
        ++steps;
        sums[0] += c[interval].toDouble();
        sums[1] += c[fpBp].toDouble();
        sums[2] += c[tail].toDouble();
    }
    QCOMPARE(steps, 322);

    ViewState state;
    OverviewPage page(&state);
    page.resize(1200, 800);
    page.show();
    state.setProfile(ProfileLoader::load({ dir }));
    StepTraceChart* chart = page.stepTraceChart();
    QVERIFY(chart->isVisible());
    QVERIFY(!page.barsChart()->isVisible());
    QVERIFY(!page.causesLabel()->isVisible()); // nothing recomputed, nothing to rank
    QCOMPARE(chart->stepCount(), steps);
    const std::array<double, 3> averages = chart->averagesNs();
    for (int p = 0; p < 3; ++p) {
        const double expectedNs = sums[p] / steps * 10.0; // step_trace_raw counts 10 ns ticks
        QVERIFY2(std::abs(averages[std::size_t(p)] - expectedNs) <= 1e-6 * expectedNs + 1,
            qPrintable(QStringLiteral("%1: %2 vs %3").arg(p).arg(averages[std::size_t(p)]).arg(expectedNs)));
    }
    QVERIFY(chart->subtitle().contains(QLatin1String("322")));

    // A profile with recomputable ranks shows the bars again.
    QTemporaryDir generatedDir;
    state.setProfile(generated(generatedDir, plantedOptions()));
    QVERIFY(!chart->isVisible());
    QVERIFY(page.barsChart()->isVisible());
}

// The step table shows the profile's cluster step table in place (no copy), and its columns,
// fitted to the widest cells the model names, are as wide as Qt's own fit over every row.
void TestOverviewPage::stepTableSharedAndFitted()
{
    QTemporaryDir dir;
    GeneratorOptions options = plantedOptions();
    options.jitter = 0.3; // step times of different widths
    const ProfilePtr profile = generated(dir, options);
    QVERIFY(profile);
    ViewState state;
    OverviewPage page(&state);
    page.resize(1200, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    state.setProfile(profile);
    ClusterStepTableModel* model = page.stepModel();
    const std::shared_ptr<const ClusterSteps> shared = sharedClusterSteps(*profile);
    QTRY_COMPARE(model->rowCount(), 8 * 3); // a job when the service runs them in the background
    QCOMPARE(std::size_t(model->rowCount()), shared->rows.size());
    for (int r = 0; r < model->rowCount(); ++r)
        QCOMPARE(&model->row(r), &shared->rows[std::size_t(r)]); // the same row, not a copy
    // A step shows its rows of the same table.
    state.setStep(QStringLiteral("2"));
    QTRY_COMPARE(model->rowCount(), 8);
    for (int r = 0; r < model->rowCount(); ++r) {
        QCOMPARE(model->row(r).overview.step, QStringLiteral("2"));
        const ClusterStepRow* row = &model->row(r);
        QVERIFY(row >= shared->rows.data() && row < shared->rows.data() + shared->rows.size());
    }

    // Qt's fit over every row of the same proxy, in a table set up like the page's.
    state.setStep(QString());
    QTRY_COMPARE(model->rowCount(), 8 * 3);
    QTableView full;
    full.setModel(page.stepProxy());
    full.setSortingEnabled(true);
    full.sortByColumn(-1, Qt::AscendingOrder);
    full.setWordWrap(false);
    full.horizontalHeader()->setHighlightSections(false);
    full.horizontalHeader()->setResizeContentsPrecision(-1);
    full.resizeColumnsToContents();
    QTableView* table = page.stepTable();
    int differing = 0;
    for (int c = 0; c < model->columnCount(); ++c) {
        if (table->columnWidth(c) != full.columnWidth(c))
            qWarning("column %d (%s): %d, every row: %d", c, qPrintable(model->headerData(c, Qt::Horizontal).toString()),
                table->columnWidth(c), full.columnWidth(c));
        differing += table->columnWidth(c) != full.columnWidth(c);
    }
    QCOMPARE(differing, 0);
}

void TestOverviewPage::manyRanksScroll()
{
    QTemporaryDir dir;
    GeneratorOptions options;
    options.ranks = 64;
    options.steps = 1;
    options.ops = 4;
    const ProfilePtr profile = generated(dir, options);
    QVERIFY(profile);
    ViewState state;
    OverviewPage page(&state);
    page.resize(900, 700);
    page.show();
    state.setProfile(profile);
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    RankBarsChart* chart = page.barsChart();
    // Never all 64 squeezed into 600 px: a window of readable bars and a scroll bar.
    QTRY_VERIFY(chart->visibleBarCount() < 64);
    QVERIFY(chart->visibleBarCount() >= 8);
    QVERIFY(chart->scrollBar()->isVisible());
    const int visible = chart->visibleBarCount();
    chart->scrollBar()->setValue(chart->scrollBar()->maximum());
    QCOMPARE(chart->firstVisibleBar() + chart->visibleBarCount(), 64);
    QCOMPARE(chart->visibleBarCount(), visible);
    // Zooming in is allowed, zooming out past readable is not.
    chart->showBars(10, 6);
    QCOMPARE(chart->visibleBarCount(), 6);
    QCOMPARE(chart->firstVisibleBar(), 10);
    chart->showBars(0, 64);
    QCOMPARE(chart->visibleBarCount(), chart->maxVisibleBars());
}

void TestOverviewPage::exportItems()
{
    QTemporaryDir dir;
    const ProfilePtr profile = generated(dir, plantedOptions());
    ViewState state;
    OverviewPage page(&state);
    state.setProfile(profile);
    const QList<ExportItem> items = page.exportItems();
    QCOMPARE(items.size(), 5);
    QTemporaryDir out;
    QStringList errors;
    const QStringList written = exportPage(page, out.path(), &errors, QSize(1000, 600));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    // 3 charts (bars, distribution, trend) × (PNG + SVG) + 4 tables.
    QCOMPARE(written.size(), 10);
    QImage png(out.filePath(QStringLiteral("overview-ranks.png")));
    QCOMPARE(png.size(), QSize(1000, 600));
    // Not blank: the plot drew coloured bars, even though never shown.
    const QColor compute = barComponentColor(BarComponent::ComputingOnly, page.palette());
    bool sawBar = false;
    for (int y = 0; y < png.height() && !sawBar; y += 3)
        for (int x = 0; x < png.width() && !sawBar; x += 3)
            sawBar = png.pixelColor(x, y) == compute;
    QVERIFY(sawBar);
    // The SVG is vector: bars as paths/rects, no embedded bitmap.
    QFile svg(out.filePath(QStringLiteral("overview-ranks.svg")));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QByteArray svgText = svg.readAll();
    QVERIFY(svgText.contains("<svg"));
    QVERIFY(!svgText.contains("<image"));
}

void TestOverviewPage::darkPalette()
{
    QTemporaryDir dir;
    const ProfilePtr profile = generated(dir, plantedOptions());
    ViewState state;
    OverviewPage page(&state);
    const QPalette dark = test::darkPalette();
    page.setPalette(dark);
    page.resize(1100, 750);
    page.show();
    state.setProfile(profile);
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QImage image = page.grab().toImage();
    // The plots paint on the palette's Base, not on a hard-coded white.
    const QWidget* plot = page.barsChart()->plot();
    const QPoint inside = plot->mapTo(&page, QPoint(4, plot->height() / 2));
    QCOMPARE(image.pixelColor(inside * image.devicePixelRatio()), dark.color(QPalette::Base));
    QVERIFY(isDarkPalette(plot->palette()));
    // The bar colours are the dark-theme tones.
    QCOMPARE(QColor(page.barsChart()->plot()->plottable(0)->brush().color()),
        barComponentColor(BarComponent::ComputingOnly, dark));
    // PROFSCOPE_RENDER_DIR=folder keeps the renders for a look.
    const QString keep = qEnvironmentVariable("PROFSCOPE_RENDER_DIR");
    if (!keep.isEmpty()) {
        image.save(QDir(keep).filePath(QStringLiteral("overview-dark.png")));
        state.setStep(QStringLiteral("2"));
        page.tabs()->setCurrentIndex(1);
        page.grab().save(QDir(keep).filePath(QStringLiteral("overview-dark-steps.png")));
    }
}

void TestOverviewPage::hoverAndDoubleClick()
{
    QTemporaryDir dir;
    const ProfilePtr profile = generated(dir, plantedOptions());
    ViewState state;
    OverviewPage page(&state);
    page.resize(1100, 750);
    page.show();
    state.setProfile(profile);
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.sortBars(OverviewBarsModel::FreeColumn, Qt::DescendingOrder); // the host-bound rank 6 first
    QCoreApplication::processEvents();
    VectorPlot* plot = page.barsChart()->plot();
    plot->replot();
    // The middle of the first bar.
    const QPoint at(
        int(plot->xAxis->coordToPixel(0)), int(plot->yAxis->coordToPixel(page.barsChart()->barValue(0, 0) / 2)));
    QSignalSpy rank(&state, &ViewState::rankRequested);
    QTest::mouseMove(plot, at);
    QMouseEvent move(QEvent::MouseMove, at, plot->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(plot, &move);
    QTRY_VERIFY(QToolTip::isVisible());
    QVERIFY2(QToolTip::text().contains(QLatin1String("Rank 6")), qPrintable(QToolTip::text()));
    QVERIFY(QToolTip::text().contains(QLatin1String("Free")));
    QTest::mouseDClick(plot, Qt::LeftButton, Qt::NoModifier, at);
    QCOMPARE(rank.count(), 1);
    QCOMPARE(profile->ranks[std::size_t(rank.first().at(0).toInt())]->info.rankId, 6);
}

QTEST_MAIN(TestOverviewPage)
#include "tst_overviewpage.moc"
