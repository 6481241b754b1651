// SPDX-License-Identifier: Apache-2.0
// Two runs in the GUI (offscreen), as a user drives it: File → Compare With…
// (the window's slot with a path), the comparison strip, the rank mapping
// dialog, Close Comparison, Shift+drop, a new base dropping the comparison;
// the Overview's and the Operators page's comparison modes on the real
// level0/1/2 captures of one 2-rank workload. Expected counts and times are
// read here from kernel_details.csv and step_trace_time.csv (plain file
// reading), not through the loader.
#include "common/settingswriter.h"
#include "common/viewstate.h"
#include "comparisonbar.h"
#include "comparisoncontroller.h"
#include "droptargets.h"
#include "importreportdialog.h"
#include "itemmodels/operatorcomparemodel.h"
#include "loadcontroller.h"
#include "mainwindow.h"
#include "operators/operatorspage.h"
#include "overview/overviewcomparecharts.h"
#include "overview/overviewcomparemodels.h"
#include "overview/overviewcomparepane.h"
#include "overview/overviewpage.h"
#include "rankmappingdialog.h"
#include "testsupport.h"
#include "timeline/timelinepage.h"
#include "timeline/timelinewidget.h"
#include "viewtestsupport.h"

#include <QAction>
#include <QComboBox>
#include <QDropEvent>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTest>
#include <QToolButton>

#include <cmath>
#include <map>

using namespace profscope;

namespace {

constexpr int kLoadTimeoutMs = 120000;

QString level(int n)
{
    return test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text/level%1").arg(n));
}

// One CSV record, quotes respected (Input Shapes hold commas).
QStringList splitCsvLine(const QString& line)
{
    QStringList cells;
    QString cell;
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (c == QLatin1Char('"')) {
            if (quoted && i + 1 < line.size() && line[i + 1] == QLatin1Char('"')) {
                cell += c;
                ++i;
            } else {
                quoted = !quoted;
            }
        } else if (c == QLatin1Char(',') && !quoted) {
            cells << cell;
            cell.clear();
        } else {
            cell += c;
        }
    }
    cells << cell;
    return cells;
}

// Per op type of kernel_details.csv: kernel count and Σ Duration(us) in ns.
struct TypeTotals
{
    qint64 count = 0;
    qint64 totalNs = 0;
};
std::map<QString, TypeTotals> kernelsByType(int lvl, int rank)
{
    std::map<QString, TypeTotals> out;
    QFile file(test::textRank(lvl, rank) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/kernel_details.csv"));
    if (!file.open(QIODevice::ReadOnly))
        return out;
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const QStringList header = splitCsvLine(lines.value(0).trimmed());
    const qsizetype typeCol = header.indexOf(QStringLiteral("Type"));
    const qsizetype durCol = header.indexOf(QStringLiteral("Duration(us)"));
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QStringList cells = splitCsvLine(lines[i].trimmed());
        TypeTotals& t = out[cells.value(typeCol)];
        ++t.count;
        t.totalNs += qint64(std::llround(cells.value(durCol).toDouble() * 1000.0));
    }
    return out;
}

// Σ of the parts step_trace_time.csv gives for the one step (ns).
qint64 stepTimeNs(int lvl, int rank)
{
    QFile file(test::textRank(lvl, rank) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/step_trace_time.csv"));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const QStringList header = lines.value(0).trimmed().split(QLatin1Char(','));
    const QStringList cells = lines.value(1).trimmed().split(QLatin1Char(','));
    double us = 0;
    for (const char* name : { "Computing", "Communication(Not Overlapped)", "Free", "Preparing" })
        us += cells.value(header.indexOf(QLatin1String(name))).toDouble();
    return qint64(std::llround(us * 1000.0));
}

bool waitForLoads(MainWindow& window)
{
    return QTest::qWaitFor(
        [&] { return !window.loadController()->isLoading() && !window.comparison()->isLoading(); }, kLoadTimeoutMs);
}

// Base `baseLevel` with `otherPaths` compared, both loaded.
bool openAndCompare(MainWindow& window, const QStringList& basePaths, const QStringList& otherPaths)
{
    window.openPaths(basePaths);
    if (!waitForLoads(window) || !window.profile())
        return false;
    window.compareWith(otherPaths);
    return waitForLoads(window) && window.viewState()->comparisonProfile() != nullptr;
}

} // namespace

class TestRunComparison : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void compareWithAndClose();
    void mappingDialog();
    void runsOfDifferentSizes();
    void shiftDropCompares();
    void newBaseDropsComparison();
    void overviewComparison();
    void operatorsAcrossRuns_data();
    void operatorsAcrossRuns();
    void operatorsJumpToTimelines();
};

void TestRunComparison::initTestCase()
{
    QVERIFY(test::isolateUserLocations(QStringLiteral("tst_runcomparison")));
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestRunComparison::init()
{
    flushSettings(); // no queued write lands after the clear
    QSettings().clear();
}

void TestRunComparison::compareWithAndClose()
{
    MainWindow window;
    window.show();
    ComparisonController* comparison = window.comparison();
    QVERIFY(!comparison->compareAction()->isEnabled()); // nothing to compare with yet
    window.openPaths({ level(1) });
    QVERIFY(waitForLoads(window));
    QVERIFY(comparison->compareAction()->isEnabled());
    QVERIFY(!comparison->closeAction()->isEnabled());

    QSignalSpy changed(window.viewState(), &ViewState::comparisonProfileChanged);
    window.compareWith({ level(0) });
    QVERIFY(comparison->isLoading());
    QVERIFY(comparison->statusWidget()->isVisible()); // progress and Cancel in the status bar
    QVERIFY(waitForLoads(window));
    QCOMPARE(changed.count(), 1);
    const ProfilePtr other = window.viewState()->comparisonProfile();
    QVERIFY(other);
    QCOMPARE(other->ranks.size(), std::size_t(2));
    QVERIFY(window.viewState()->runCompare());
    QCOMPARE(window.profile()->rootPath, QDir::cleanPath(level(1))); // the base stays

    ComparisonBar* bar = comparison->bar();
    QVERIFY(bar->isVisible());
    QVERIFY2(bar->text().contains(QStringLiteral("level0")), qPrintable(bar->text()));
    QVERIFY2(bar->text().contains(QStringLiteral("(2 rank")), qPrintable(bar->text()));
    QVERIFY2(bar->text().contains(QStringLiteral("by rank id")), qPrintable(bar->text()));
    QVERIFY(comparison->closeAction()->isEnabled());
    QVERIFY(comparison->mappingAction()->isEnabled());

    // The comparison run's own import report.
    QTest::mouseClick(bar->reportButton(), Qt::LeftButton);
    ImportReportDialog* report = comparison->reportDialog();
    QVERIFY(report->isVisible());
    QVERIFY2(report->windowTitle().contains(QStringLiteral("level0")), qPrintable(report->windowTitle()));

    // The project tree's rank selection is the base rank; the comparison
    // rank follows the mapping.
    window.viewState()->setCurrentRank(1);
    QCOMPARE(window.viewState()->baselineRank(), 1);
    QCOMPARE(window.viewState()->comparisonRank(), 1);

    comparison->closeAction()->trigger();
    QVERIFY(!window.viewState()->comparisonProfile());
    QVERIFY(!bar->isVisible());
    QVERIFY(!report->isVisible());
    QVERIFY(!comparison->closeAction()->isEnabled());
    QVERIFY(window.profile()); // the base stays
}

void TestRunComparison::mappingDialog()
{
    MainWindow window;
    window.show();
    QVERIFY(openAndCompare(window, { level(1) }, { level(2) }));
    ViewState* state = window.viewState();
    ComparisonController* comparison = window.comparison();
    QTest::mouseClick(comparison->bar()->mappingButton(), Qt::LeftButton);
    auto* dialog = qobject_cast<RankMappingDialog*>(comparison->mappingDialog());
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QCOMPARE(dialog->table()->rowCount(), 2);
    QCOMPARE(dialog->textEdit()->text(), QStringLiteral("0:0,1:1"));

    // Typed: crossed.
    dialog->textEdit()->selectAll();
    QTest::keyClicks(dialog->textEdit(), QStringLiteral("0:1,1:0"));
    QVERIFY(!dialog->errorLabel()->isVisible());
    auto* combo0 = qobject_cast<QComboBox*>(dialog->table()->cellWidget(0, 2));
    QVERIFY(combo0);
    QCOMPARE(combo0->currentData().toInt(), 1); // the table follows the text
    QVERIFY(dialog->apply());
    QCOMPARE(state->rankMapping().otherFor(0), 1);
    QCOMPARE(state->rankMapping().otherFor(1), 0);
    state->setCurrentRank(0);
    QCOMPARE(state->comparisonRank(), 1);
    QVERIFY2(comparison->bar()->text().contains(QStringLiteral("0:1,1:0")), qPrintable(comparison->bar()->text()));

    // A rank the comparison run does not have: the error is shown, nothing applied.
    dialog->textEdit()->selectAll();
    QTest::keyClicks(dialog->textEdit(), QStringLiteral("0:7"));
    QVERIFY(dialog->errorLabel()->isVisible());
    QVERIFY2(dialog->errorLabel()->text().contains(QStringLiteral("7")), qPrintable(dialog->errorLabel()->text()));
    QVERIFY(!dialog->apply());
    QCOMPARE(state->rankMapping().otherFor(0), 1);

    // By rank id, then rank 1 without a partner from its combo.
    QTest::mouseClick(dialog->byRankIdButton(), Qt::LeftButton);
    QCOMPARE(dialog->textEdit()->text(), QStringLiteral("0:0,1:1"));
    QVERIFY(!dialog->errorLabel()->isVisible());
    auto* combo1 = qobject_cast<QComboBox*>(dialog->table()->cellWidget(1, 2));
    combo1->setCurrentIndex(combo1->findData(-1));
    QCOMPARE(dialog->textEdit()->text(), QStringLiteral("0:0"));
    QVERIFY(dialog->apply());
    QCOMPARE(state->rankMapping().otherFor(1), -1);
    state->setCurrentRank(1);
    QCOMPARE(state->comparisonRank(), -1);
    // The Operators page says the rank has no partner.
    window.showPage(Page::Operators);
    auto* operators = qobject_cast<OperatorsPage*>(window.page(Page::Operators));
    QTRY_VERIFY(operators->isEmptyStateShown());
    QVERIFY2(operators->emptyText().contains(QStringLiteral("no partner")), qPrintable(operators->emptyText()));
}

void TestRunComparison::runsOfDifferentSizes()
{
    // Two ranks against one: both base ranks take the one comparison rank.
    MainWindow window;
    window.show();
    QVERIFY(openAndCompare(window, { level(1) }, { test::textRank(0, 0) }));
    ViewState* state = window.viewState();
    QCOMPARE(state->comparisonProfile()->ranks.size(), std::size_t(1));
    QCOMPARE(state->rankMapping().toText(*state->profile(), *state->comparisonProfile()), QStringLiteral("0:0,1:0"));
    QVERIFY(window.comparison()->bar()->text().contains(QStringLiteral("(1 rank")));
    state->setCurrentRank(1);
    QCOMPARE(state->baselineRank(), 1);
    QCOMPARE(state->comparisonRank(), 0);
    QVERIFY(state->compareMode());
    // The dialog offers the one comparison rank and "none".
    window.comparison()->editMapping();
    auto* dialog = qobject_cast<RankMappingDialog*>(window.comparison()->mappingDialog());
    auto* combo = qobject_cast<QComboBox*>(dialog->table()->cellWidget(1, 2));
    QCOMPARE(combo->count(), 2);
    QCOMPARE(combo->currentData().toInt(), 0);
}

void TestRunComparison::shiftDropCompares()
{
    MainWindow window;
    window.show();
    window.openPaths({ level(1) });
    QVERIFY(waitForLoads(window));
    QMimeData folder;
    folder.setUrls({ QUrl::fromLocalFile(level(2)) });
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &folder, Qt::LeftButton, Qt::ShiftModifier);
    QCoreApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &folder, Qt::LeftButton, Qt::ShiftModifier);
    QCoreApplication::sendEvent(&window, &drop);
    QVERIFY(drop.isAccepted());
    QVERIFY(window.comparison()->isLoading());
    QVERIFY(!window.loadController()->isLoading()); // not a new base
    QVERIFY(waitForLoads(window));
    QCOMPARE(window.viewState()->comparisonProfile()->rootPath, QDir::cleanPath(level(2)));
    QCOMPARE(window.profile()->rootPath, QDir::cleanPath(level(1)));
    window.comparison()->closeComparison();

    // Without Shift: the targets show while dragging; the right half compares.
    const QRect area = window.centralWidget()->geometry();
    const QPoint right = area.center() + QPoint(area.width() / 4, 0);
    QMimeData other;
    other.setUrls({ QUrl::fromLocalFile(level(0)) });
    QDragEnterEvent enter2(right, Qt::CopyAction, &other, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &enter2);
    QVERIFY(window.dropTargets()->isVisible());
    QCOMPARE(window.dropTargets()->hovered(), DropTargets::Compare);
    QDropEvent drop2(QPointF(right), Qt::CopyAction, &other, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &drop2);
    QVERIFY(!window.dropTargets()->isVisible());
    QVERIFY(window.comparison()->isLoading());
    QVERIFY(waitForLoads(window));
    QCOMPARE(window.viewState()->comparisonProfile()->rootPath, QDir::cleanPath(level(0)));
    QCOMPARE(window.profile()->rootPath, QDir::cleanPath(level(1)));

    // The left half opens instead.
    const QPoint left = area.center() - QPoint(area.width() / 4, 0);
    QDragEnterEvent enter3(left, Qt::CopyAction, &other, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &enter3);
    QCOMPARE(window.dropTargets()->hovered(), DropTargets::Open);
    QDropEvent drop3(QPointF(left), Qt::CopyAction, &other, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &drop3);
    QVERIFY(window.loadController()->isLoading());
    QVERIFY(waitForLoads(window));
    QCOMPARE(window.profile()->rootPath, QDir::cleanPath(level(0)));
    QVERIFY(!window.viewState()->comparisonProfile());
}

void TestRunComparison::newBaseDropsComparison()
{
    MainWindow window;
    window.show();
    QVERIFY(openAndCompare(window, { level(1) }, { level(0) }));
    window.openPaths({ level(2) });
    QVERIFY(waitForLoads(window));
    QCOMPARE(window.profile()->rootPath, QDir::cleanPath(level(2)));
    QVERIFY(!window.viewState()->comparisonProfile());
    QVERIFY(!window.comparison()->bar()->isVisible());
}

void TestRunComparison::overviewComparison()
{
    MainWindow window;
    window.show();
    QVERIFY(openAndCompare(window, { level(1) }, { level(0) }));
    window.showPage(Page::Overview);
    auto* page = qobject_cast<OverviewPage*>(window.page(Page::Overview));
    OverviewComparePane* pane = page->comparePane();
    QTRY_VERIFY(pane->isVisible());
    QVERIFY(page->compareButton()->isVisible());
    OverviewCompareModel* ranks = pane->rankModel();
    QCOMPARE(ranks->rowCount(), 2);
    const CompareBarsChart* bars = pane->barsChart();
    for (int r = 0; r < 2; ++r) {
        const OverviewCompareRow& row = ranks->row(r);
        QCOMPARE(row.baseRankId, r);
        QCOMPARE(row.otherRankId, r);
        const qint64 base = stepTimeNs(1, r);
        const qint64 other = stepTimeNs(0, r);
        QVERIFY(base > 0 && other > 0);
        // Table cells (µs) within 1% of the profiler's own step times.
        const double baseUs =
            ranks->index(r, OverviewCompareModel::BaseTotalColumn).data(OverviewCompareModel::SortRole).toDouble()
            / 1000.0;
        const double deltaUs =
            ranks->index(r, OverviewCompareModel::DeltaTotalColumn).data(OverviewCompareModel::SortRole).toDouble()
            / 1000.0;
        QVERIFY2(std::abs(baseUs - base / 1000.0) <= base / 1000.0 / 100, qPrintable(QString::number(baseUs)));
        QVERIFY(std::abs(deltaUs - (other - base) / 1000.0) <= (base + other) / 1000.0 / 100);
        // The stacked bars are the table's parts.
        double baseStack = 0;
        double otherStack = 0;
        for (int p = 0; p < kOverviewPartCount; ++p) {
            baseStack += bars->barValue(r, false, p);
            otherStack += bars->barValue(r, true, p);
        }
        QVERIFY(std::abs(baseStack * bars->unitNs() - double(row.base.totalNs)) < 1);
        QVERIFY(std::abs(otherStack * bars->unitNs() - double(row.other.totalNs)) < 1);
    }
    // Explained by category: the part rows add up to the step-time row.
    OverviewExplainModel* explain = pane->explainModel();
    QCOMPARE(explain->rowCount(), kOverviewPartCount + 1);
    double parts = 0;
    for (int p = 0; p < kOverviewPartCount; ++p)
        parts += explain->deltaNs(p);
    QVERIFY(std::abs(parts - explain->deltaNs(OverviewExplainModel::kTotalRow)) < 1e-3);
    const double expectedMeanDelta =
        ((stepTimeNs(0, 0) - stepTimeNs(1, 0)) + (stepTimeNs(0, 1) - stepTimeNs(1, 1))) / 2.0;
    QVERIFY(std::abs(explain->deltaNs(OverviewExplainModel::kTotalRow) - expectedMeanDelta)
        <= (stepTimeNs(1, 0) + stepTimeNs(0, 0)) / 100.0);
    QVERIFY2(pane->summaryLabel()->text().contains(QStringLiteral("faster")), qPrintable(pane->summaryLabel()->text()));

    QStringList names;
    for (const ExportItem& item : page->exportItems())
        names << item.name;
    QVERIFY(names.contains(QStringLiteral("overview-compare-ranks")));
    QVERIFY(names.contains(QStringLiteral("overview-compare-explained")));

    // Off: the base run's own overview.
    page->compareButton()->setChecked(false);
    QTRY_VERIFY(!pane->isVisible());
    page->compareButton()->setChecked(true);
    QTRY_VERIFY(pane->isVisible());
    // Closed: the button goes.
    window.comparison()->closeComparison();
    QTRY_VERIFY(!pane->isVisible());
    QVERIFY(!page->compareButton()->isVisible());
}

void TestRunComparison::operatorsAcrossRuns_data()
{
    QTest::addColumn<int>("baseLevel");
    QTest::addColumn<int>("otherLevel");
    QTest::newRow("level1 vs level2") << 1 << 2;
    // level0 has no op types ("N/A"): every type is inserted or missing.
    QTest::newRow("level0 vs level1") << 0 << 1;
    QTest::newRow("level2 vs level0") << 2 << 0;
}

void TestRunComparison::operatorsAcrossRuns()
{
    QFETCH(int, baseLevel);
    QFETCH(int, otherLevel);
    MainWindow window;
    window.show();
    QVERIFY(openAndCompare(window, { level(baseLevel) }, { level(otherLevel) }));
    window.viewState()->setCurrentRank(0);
    window.showPage(Page::Operators);
    auto* page = qobject_cast<OperatorsPage*>(window.page(Page::Operators));
    page->setCompareByType(true);
    QTRY_VERIFY(page->compareTable()->isVisible());
    const OperatorCompareModel* model = page->compareModel();
    const std::map<QString, TypeTotals> base = kernelsByType(baseLevel, 0);
    const std::map<QString, TypeTotals> other = kernelsByType(otherLevel, 0);
    QVERIFY(!base.empty() && !other.empty());

    std::map<QString, const OperatorDelta*> rows;
    for (const OperatorDelta& d : model->deltas())
        rows[d.key] = &d;
    QSet<QString> keys;
    for (const auto& [type, t] : base)
        keys.insert(type);
    for (const auto& [type, t] : other)
        keys.insert(type);
    QCOMPARE(int(rows.size()), int(keys.size()));
    int onlyBase = 0;
    int onlyOther = 0;
    for (const QString& type : keys) {
        QVERIFY2(rows.count(type), qPrintable(type));
        const OperatorDelta& d = *rows[type];
        const TypeTotals b = base.count(type) ? base.at(type) : TypeTotals {};
        const TypeTotals o = other.count(type) ? other.at(type) : TypeTotals {};
        QCOMPARE(d.baseCount, b.count);
        QCOMPARE(d.otherCount, o.count);
        // Σ of exact µs decimals: equal up to a ns per kernel.
        QVERIFY2(std::abs(d.baseTotalNs - b.totalNs) <= b.count, qPrintable(type));
        QVERIFY2(std::abs(d.otherTotalNs - o.totalNs) <= o.count, qPrintable(type));
        onlyBase += d.side() == OperatorDelta::Side::OnlyBase;
        onlyOther += d.side() == OperatorDelta::Side::OnlyOther;
        QVERIFY(d.matchedCount <= std::min(d.baseCount, d.otherCount));
    }
    // Inserted / missing ops: the types only one run has.
    int expectedOnlyBase = 0;
    int expectedOnlyOther = 0;
    for (const auto& [type, t] : base)
        expectedOnlyBase += !other.count(type);
    for (const auto& [type, t] : other)
        expectedOnlyOther += !base.count(type);
    QCOMPARE(onlyBase, expectedOnlyBase);
    QCOMPARE(onlyOther, expectedOnlyOther);
    // Largest |delta| first until a column is picked.
    const QAbstractItemModel* shown = page->compareTable()->model();
    for (int r = 1; r < shown->rowCount(); ++r)
        QVERIFY(
            std::abs(
                shown->index(r - 1, OperatorCompareModel::DeltaColumn).data(OperatorCompareModel::SortRole).toDouble())
            >= std::abs(
                shown->index(r, OperatorCompareModel::DeltaColumn).data(OperatorCompareModel::SortRole).toDouble()));
    // Which run is which, in the summary.
    QVERIFY2(page->summaryLabel()->text().contains(QStringLiteral("kernels paired")),
        qPrintable(page->summaryLabel()->text()));

    // By op name, the same kernels in all.
    page->setCompareByType(false);
    qint64 baseKernels = 0;
    qint64 otherKernels = 0;
    for (const OperatorDelta& d : model->deltas()) {
        baseKernels += d.baseCount;
        otherKernels += d.otherCount;
    }
    qint64 expectedBase = 0;
    qint64 expectedOther = 0;
    for (const auto& [type, t] : base)
        expectedBase += t.count;
    for (const auto& [type, t] : other)
        expectedOther += t.count;
    QCOMPARE(baseKernels, expectedBase);
    QCOMPARE(otherKernels, expectedOther);
}

void TestRunComparison::operatorsJumpToTimelines()
{
    MainWindow window;
    window.show();
    QVERIFY(openAndCompare(window, { level(1) }, { level(2) }));
    ViewState* state = window.viewState();
    state->setCurrentRank(1);
    window.showPage(Page::Operators);
    auto* page = qobject_cast<OperatorsPage*>(window.page(Page::Operators));
    page->setCompareByType(true);
    QTRY_VERIFY(page->compareTable()->isVisible());
    QVERIFY(page->compareModel()->rowCount() > 0);

    // The timeline shows the comparison run's lanes: both jumps are offered.
    QVERIFY(state->comparisonTimelineAvailable());
    QSignalSpy base(state, &ViewState::timelineRequested);
    QSignalSpy other(state, &ViewState::comparisonTimelineRequested);
    std::unique_ptr<QMenu> menu(page->createCompareMenu(0));
    QAction* baseAction = menu->findChild<QAction*>(QStringLiteral("baselineTimelineAction"));
    QAction* otherAction = menu->findChild<QAction*>(QStringLiteral("comparisonTimelineAction"));
    QVERIFY(baseAction && otherAction);
    QVERIFY(baseAction->isEnabled());
    QVERIFY(otherAction->isEnabled());

    baseAction->trigger();
    QCOMPARE(base.count(), 1);
    QCOMPARE(base.at(0).at(0).toInt(), 1); // the base rank
    QCOMPARE(window.currentPageIndex(), int(Page::Timeline));

    // The comparison's kernel: the timeline selects it in B's lanes.
    window.showPage(Page::Operators);
    std::unique_ptr<QMenu> again(page->createCompareMenu(0));
    QAction* reachable = again->findChild<QAction*>(QStringLiteral("comparisonTimelineAction"));
    QVERIFY(reachable->isEnabled());
    reachable->trigger();
    QCOMPARE(other.count(), 1);
    QCOMPARE(other.at(0).at(0).toInt(), state->comparisonRank());
    QVERIFY(other.at(0).at(1).toLongLong() < other.at(0).at(2).toLongLong());
    QCOMPARE(window.currentPageIndex(), int(Page::Timeline));
    auto* timeline = qobject_cast<TimelinePage*>(window.page(Page::Timeline));
    QVERIFY(timeline);
    const SliceRef selected = timeline->timeline()->selectedSlice();
    QVERIFY(selected.isValid());
    const TimelineModel& model = timeline->timeline()->model();
    QVERIFY(model.lane(selected.lane).comparison);
    QCOMPARE(model.lane(selected.lane).rank, model.comparisonRankFirst() + state->comparisonRank());
    QCOMPARE(model.trace(model.lane(selected.lane).rank)
                 ->strings.string(model.threadTrack(selected.lane).slices.name[selected.slice]),
        other.at(0).at(3).toString());
}

QTEST_MAIN(TestRunComparison)
#include "tst_runcomparison.moc"
