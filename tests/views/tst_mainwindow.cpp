// SPDX-License-Identifier: Apache-2.0
// The GUI shell end to end (offscreen): loading real profiler output through
// the window's own LoadController, the project tree, the summary page, the
// import report (filters, CSV export), cancel, and the banners for broken or
// empty folders.

#include "common/settingswriter.h"
#include "banner.h"
#include "common/importreportview.h"
#include "common/viewstate.h"
#include "democluster.h"
#include "generate/clustergenerator.h"
#include "itemmodels/importreportmodel.h"
#include "itemmodels/ranksummarymodel.h"
#include "loadcontroller.h"
#include "mainwindow.h"
#include "overview/overviewmodels.h"
#include "overview/overviewpage.h"
#include "projecttreemodel.h"
#include "recentpaths.h"
#include "summarypage.h"
#include "testsupport.h"
#include "viewtestsupport.h"
#include "welcomepage.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QDirIterator>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace profscope;

namespace {

constexpr int kLoadTimeoutMs = 120000; // generous: the CI machine is shared

QString level1()
{
    return test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text/level1"));
}

// A strict RFC 4180 reader for what the view exports: no trimming, quotes
// doubled inside quoted fields, CRLF record ends. Independent of the core's
// forgiving CSV reader on purpose.
QList<QStringList> parseCsv(const QString& text, bool* ok)
{
    QList<QStringList> records;
    QStringList record;
    QString field;
    bool quoted = false;
    bool fieldStarted = false;
    *ok = true;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
                    field += QLatin1Char('"');
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"') && !fieldStarted) {
            quoted = true;
            fieldStarted = true;
        } else if (c == QLatin1Char(',')) {
            record << field;
            field.clear();
            fieldStarted = false;
        } else if (c == QLatin1Char('\r') && i + 1 < text.size() && text[i + 1] == QLatin1Char('\n')) {
            record << field;
            records << record;
            record.clear();
            field.clear();
            fieldStarted = false;
            ++i;
        } else if (c == QLatin1Char('"') || c == QLatin1Char('\n') || c == QLatin1Char('\r')) {
            *ok = false; // a bare quote or line break outside quotes
            return records;
        } else {
            field += c;
            fieldStarted = true;
        }
    }
    if (quoted || !record.isEmpty() || !field.isEmpty())
        *ok = false; // the last record must end with CRLF
    return records;
}

QList<QStringList> readCsvFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    bool ok = false;
    const QList<QStringList> records = parseCsv(QString::fromUtf8(file.readAll()), &ok);
    return ok ? records : QList<QStringList>();
}

bool waitForLoad(MainWindow& window)
{
    return QTest::qWaitFor([&] { return !window.loadController()->isLoading(); }, kLoadTimeoutMs);
}

// The "Step" column of every step_trace_time.csv below `root`, read here.
QStringList stepsInStepTraceFiles(const QString& root)
{
    QStringList steps;
    QDirIterator it(root, { QStringLiteral("step_trace_time.csv") }, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile file(it.next());
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QList<QByteArray> lines = file.readAll().split('\n');
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QString step = QString::fromUtf8(lines[i].split(',').value(0)).trimmed();
            if (!step.isEmpty() && !steps.contains(step))
                steps << step;
        }
    }
    std::sort(steps.begin(), steps.end(), [](const QString& a, const QString& b) { return a.toInt() < b.toInt(); });
    return steps;
}

// A generated cluster loaded through the window: `ranks` ranks, 3 steps.
bool openGenerated(MainWindow& window, const QTemporaryDir& dir, int ranks = 8)
{
    GeneratorOptions options;
    options.ranks = ranks;
    options.steps = 3;
    options.ops = 12;
    options.slowRank = 1;
    options.slowLinkSrc = 2;
    options.slowLinkDst = 3;
    QString error;
    if (!generateCluster(dir.path(), options, &error))
        return false;
    window.openPaths({ dir.path() });
    return waitForLoad(window) && window.profile() && int(window.profile()->ranks.size()) == ranks;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void welcomeWhenEmpty();
    void loadsLevel1();
    void reportViewFilters();
    void exportCsv();
    void cancelLoad();
    void newLoadReplacesRunningOne();
    void brokenFolderShowsBanner();
    void emptyFolderShowsErrorBanner();
    void recentFolders();
    void languageChoiceIsStored();
    void dropFolderOpensIt();
    void stepSelectorListsSteps();
    void rankFilter();
    void baselineAndComparison();
    void shortcutsSwitchPages();
    void navigationSwitchesPages();
    void exportViewsWritesFiles();
    void strategyPageWithItsData();
    void demoCluster();
};

void TestMainWindow::initTestCase()
{
    QVERIFY(test::isolateUserLocations(QStringLiteral("tst_mainwindow")));
    // Formatting checks below expect English number formats.
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QVERIFY(QFileInfo(level1()).isDir());
}

void TestMainWindow::init()
{
    flushSettings(); // no queued write lands after the clear
    QSettings().clear();
}

void TestMainWindow::welcomeWhenEmpty()
{
    MainWindow window;
    window.show();
    QCOMPARE(window.currentPage(), window.welcomePage());
    QCOMPARE(window.windowTitle(), QStringLiteral("Profscope"));
    QCOMPARE(window.projectModel()->rankCount(), 0);
    QVERIFY(!window.banner()->isVisible());
    QVERIFY(!window.profile());
}

void TestMainWindow::loadsLevel1()
{
    MainWindow window;
    window.show();
    LoadController* loader = window.loadController();
    QSignalSpy started(loader, &LoadController::started);
    QSignalSpy finished(loader, &LoadController::finished);
    QSignalSpy progress(loader, &LoadController::progressChanged);

    window.openPaths({ level1() });
    QCOMPARE(started.count(), 1);
    QVERIFY(loader->isLoading());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kLoadTimeoutMs);
    QVERIFY(!loader->isLoading());
    QVERIFY(progress.count() >= 1);

    const ProfilePtr profile = window.profile();
    QVERIFY(profile);
    QCOMPARE(profile->ranks.size(), std::size_t(2));
    QVERIFY(window.windowTitle().contains(QDir::toNativeSeparators(level1())));

    // Project tree: profile → host → 2 ranks, labelled "rank N · device D · layout".
    ProjectTreeModel* tree = window.projectModel();
    QCOMPARE(tree->rankCount(), 2);
    QCOMPARE(tree->rowCount(), 1);
    const QModelIndex root = tree->index(0, 0);
    QCOMPARE(root.data().toString(), QStringLiteral("level1"));
    QCOMPARE(tree->rowCount(root), 1); // one (unnamed) host
    const QModelIndex host = tree->index(0, 0, root);
    QCOMPARE(tree->rowCount(host), 2);
    QCOMPARE(tree->index(0, 0, host).data().toString(), QStringLiteral("rank 0 · device 0 · ascend_pt"));
    QCOMPARE(tree->index(1, 0, host).data().toString(), QStringLiteral("rank 1 · device 1 · ascend_pt"));
    QVERIFY(tree->index(1, 0, host).data(Qt::ToolTipRole).toString().contains(QLatin1String("rank1_ascend_pt")));

    QCOMPARE(window.currentPage(), window.page(MainWindow::Page::Overview));
    // Summary page shows both ranks.
    window.showPage(MainWindow::Page::Summary);
    QCOMPARE(window.currentPage(), static_cast<QWidget*>(window.summaryPage()));
    QAbstractItemModel* ranks = window.summaryPage()->rankTable()->model();
    QCOMPARE(ranks->rowCount(), 2);
    QCOMPARE(ranks->index(0, RankSummaryModel::RankColumn).data().toString(), QStringLiteral("0"));
    QCOMPARE(ranks->index(1, RankSummaryModel::RankColumn).data().toString(), QStringLiteral("1"));
    QCOMPARE(ranks->index(0, RankSummaryModel::KernelsColumn).data().toString(), QStringLiteral("191"));
    QVERIFY(ranks->index(0, RankSummaryModel::SlicesColumn).data(RankSummaryModel::SortRole).toLongLong() > 1000);
    // Its columns were fitted when the page was first shown (not while hidden during the load):
    // as wide as Qt's own fit of each column now.
    QTableView* rankTable = window.summaryPage()->rankTable();
    for (int c = 0; c < ranks->columnCount(); ++c) {
        if (rankTable->isColumnHidden(c))
            continue;
        const int fitted = rankTable->columnWidth(c);
        rankTable->resizeColumnToContents(c);
        QCOMPARE(fitted, rankTable->columnWidth(c));
    }

    // Choosing a rank in the tree selects its summary row.
    window.projectTree()->setCurrentIndex(tree->index(1, 0, host));
    const QModelIndexList selected = window.summaryPage()->rankTable()->selectionModel()->selectedRows();
    QCOMPARE(selected.size(), 1);
    QCOMPARE(selected.first().data(RankSummaryModel::RankIndexRole).toInt(), 1);

    // A clean text export: no banner.
    QVERIFY2(!window.banner()->isVisible(), qPrintable(window.banner()->text()));

    // The import report lists every file.
    window.showImportReport();
    QVERIFY(window.importReportDialog()->isVisible());
    QVERIFY(!window.importReportDialog()->isModal());
    ImportReportView* report = window.importReportView();
    QCOMPARE(report->proxyModel()->rowCount(), int(profile->report.files.size()));
    QCOMPARE(report->summaryText(),
        QStringLiteral("%1 used, 0 skipped, 0 broken").arg(profile->report.countWithStatus(FileStatus::Used)));
}

void TestMainWindow::reportViewFilters()
{
    MainWindow window;
    window.show();
    window.openPaths({ level1() });
    QVERIFY(waitForLoad(window));
    window.showImportReport();
    ImportReportView* report = window.importReportView();
    const int total = int(window.profile()->report.files.size());
    QCOMPARE(report->proxyModel()->rowCount(), total);

    // Typing filters after the debounce, not on every key.
    QTest::keyClicks(report->filterEdit(), QStringLiteral("trace_view"));
    QCOMPARE(report->proxyModel()->rowCount(), total);
    QTRY_COMPARE_WITH_TIMEOUT(report->proxyModel()->rowCount(), 2, 3000);
    QVERIFY(report->summaryText().contains(QLatin1String("showing 2 of")));

    report->setTextFilter(QString());
    QCOMPARE(report->proxyModel()->rowCount(), total);
    report->setStatusFilter(int(FileStatus::Broken));
    QCOMPARE(report->statusCombo()->currentData().toInt(), int(FileStatus::Broken));
    QCOMPARE(report->proxyModel()->rowCount(), 0);
    report->setStatusFilter(int(FileStatus::Used));
    QCOMPARE(report->proxyModel()->rowCount(), window.profile()->report.countWithStatus(FileStatus::Used));
    report->setStatusFilter(-1);
    QCOMPARE(report->proxyModel()->rowCount(), total);

    // Status cells are coloured by the view, not by the core model.
    const QModelIndex status = report->proxyModel()->index(0, ImportReportModel::StatusColumn);
    QVERIFY(status.data(Qt::ForegroundRole).canConvert<QColor>());
    QVERIFY(report->model()->index(0, ImportReportModel::StatusColumn).data(Qt::ForegroundRole).isNull());

    // Copy: header plus every shown row, tab-separated.
    const QStringList lines = report->toTsv(false).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), total + 1);
    QVERIFY(lines.first().startsWith(QLatin1String("File\tRank\tKind\tStatus")));
}

void TestMainWindow::exportCsv()
{
    MainWindow window;
    window.show();
    window.openPaths({ level1() });
    QVERIFY(waitForLoad(window));
    window.showImportReport();
    ImportReportView* report = window.importReportView();
    const ProfilePtr profile = window.profile();
    const int total = int(profile->report.files.size());

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("report.csv"));
    QString error;
    QVERIFY2(report->exportCsv(path, &error), qPrintable(error));
    QList<QStringList> records = readCsvFile(path);
    QCOMPARE(records.size(), total + 1); // header + one row per file
    QCOMPARE(records.first(),
        QStringList({ QStringLiteral("File"), QStringLiteral("Rank"), QStringLiteral("Kind"), QStringLiteral("Status"),
            QStringLiteral("Size"), QStringLiteral("Counts"), QStringLiteral("Reason / where"),
            QStringLiteral("Parse time") }));
    for (int row = 1; row < records.size(); ++row)
        QCOMPARE(records[row].size(), int(ImportReportModel::ColumnCount));
    // Counts of a trace hold commas ("events=…, X=…"): quoted, and read back intact.
    bool sawTrace = false;
    for (int row = 0; row < report->proxyModel()->rowCount(); ++row) {
        const QString counts = report->proxyModel()->index(row, ImportReportModel::CountsColumn).data().toString();
        QCOMPARE(records[row + 1][ImportReportModel::CountsColumn], counts);
        sawTrace = sawTrace || counts.contains(QLatin1Char(','));
    }
    QVERIFY(sawTrace);

    // Only what is shown: after a filter, only the matching rows.
    report->setTextFilter(QStringLiteral("kernel_details"));
    QCOMPARE(report->proxyModel()->rowCount(), 2);
    QVERIFY(report->exportCsv(path));
    records = readCsvFile(path);
    QCOMPARE(records.size(), 3);
    QCOMPARE(records[1][ImportReportModel::KindColumn], QStringLiteral("kernel_details.csv"));

    // A hidden column is not exported.
    report->tableView()->setColumnHidden(ImportReportModel::ParseTimeColumn, true);
    QVERIFY(report->exportCsv(path));
    records = readCsvFile(path);
    QCOMPARE(records.first().size(), int(ImportReportModel::ColumnCount) - 1);

    // Unwritable target: an error, no crash.
    QVERIFY(!report->exportCsv(dir.filePath(QStringLiteral("no/such/folder/report.csv")), &error));
    QVERIFY(!error.isEmpty());
}

void TestMainWindow::cancelLoad()
{
    MainWindow window;
    window.show();
    LoadController* loader = window.loadController();
    QSignalSpy canceled(loader, &LoadController::canceled);
    QSignalSpy finished(loader, &LoadController::finished);

    window.openPaths({ level1() });
    QVERIFY(loader->isLoading());
    loader->cancel();
    QCOMPARE(canceled.count(), 1);
    QVERIFY(!loader->isLoading());
    QVERIFY(!window.profile());
    QCOMPARE(window.currentPage(), static_cast<QWidget*>(window.welcomePage()));
    loader->cancel(); // nothing running: no second signal
    QCOMPARE(canceled.count(), 1);

    // The abandoned worker winds down without reporting.
    QTest::qWait(300);
    QCOMPARE(finished.count(), 0);

    // The window is still usable: the same folder loads fine afterwards.
    window.openPaths({ level1() });
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kLoadTimeoutMs);
    QCOMPARE(window.projectModel()->rankCount(), 2);
    QCOMPARE(window.currentPage(), window.page(MainWindow::Page::Overview));
}

void TestMainWindow::newLoadReplacesRunningOne()
{
    MainWindow window;
    window.show();
    LoadController* loader = window.loadController();
    QSignalSpy canceled(loader, &LoadController::canceled);
    QSignalSpy finished(loader, &LoadController::finished);
    window.openPaths({ test::textRank(1, 0) });
    window.openPaths({ level1() }); // cancels the first
    QCOMPARE(canceled.count(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kLoadTimeoutMs);
    QTest::qWait(200);
    QCOMPARE(finished.count(), 1);
    QCOMPARE(window.profile()->ranks.size(), std::size_t(2));
}

void TestMainWindow::brokenFolderShowsBanner()
{
    // A fake torch_npu rank whose trace was cut in half (as by a full disk).
    QFile real(test::textRank(1, 0) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"));
    QVERIFY(real.open(QIODevice::ReadOnly));
    const QByteArray trace = real.readAll();
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(!test::writeFile(
        dir, QStringLiteral("x_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json"), trace.left(trace.size() / 2))
                 .isEmpty());

    MainWindow window;
    window.show();
    QSignalSpy finished(window.loadController(), &LoadController::finished);
    window.openPaths({ dir.path() });
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kLoadTimeoutMs);
    const ProfilePtr loaded = window.loadController()->lastResult();
    QVERIFY(loaded);
    QVERIFY(loaded->report.countWithStatus(FileStatus::Broken) >= 1);

    QVERIFY(window.banner()->isVisible());
    QCOMPARE(window.banner()->kind(), Banner::Error);
    QVERIFY2(window.banner()->text().contains(QLatin1String("could not be read completely")),
        qPrintable(window.banner()->text()));
    // What was read before the cut is shown: one rank with its slices.
    QCOMPARE(window.profile(), loaded);
    QCOMPARE(window.projectModel()->rankCount(), 1);
    QCOMPARE(window.summaryPage()->rankTable()->model()->rowCount(), 1);

    // "Show report" opens the (non-modal) report on that load, broken row included.
    QTest::mouseClick(window.banner()->reportButton(), Qt::LeftButton);
    QVERIFY(window.importReportDialog()->isVisible());
    ImportReportView* report = window.importReportView();
    QCOMPARE(report->profile(), loaded);
    report->setStatusFilter(int(FileStatus::Broken));
    QVERIFY(report->proxyModel()->rowCount() >= 1);
    const QString reason = report->proxyModel()->index(0, ImportReportModel::ReasonColumn).data().toString();
    QVERIFY2(!reason.isEmpty(), "a broken file says what is wrong");
}

void TestMainWindow::emptyFolderShowsErrorBanner()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    test::writeFile(dir, QStringLiteral("notes.txt"), "nothing to see");

    MainWindow window;
    window.show();
    window.openPaths({ dir.path() });
    QVERIFY(waitForLoad(window));
    QVERIFY(window.banner()->isVisible());
    QCOMPARE(window.banner()->kind(), Banner::Error);
    QVERIFY(window.banner()->text().contains(QDir::toNativeSeparators(dir.path())));
    QVERIFY(!window.profile());
    QCOMPARE(window.currentPage(), static_cast<QWidget*>(window.welcomePage()));

    // A failed open keeps a profile that was already shown.
    window.openPaths({ level1() });
    QVERIFY(waitForLoad(window));
    QVERIFY(window.profile());
    window.openPaths({ dir.path() });
    QVERIFY(waitForLoad(window));
    QVERIFY(window.profile());
    QCOMPARE(window.profile()->ranks.size(), std::size_t(2));
    QCOMPARE(window.currentPage(), window.page(MainWindow::Page::Overview));
    QVERIFY(window.banner()->isVisible());
}

void TestMainWindow::recentFolders()
{
    QTemporaryDir gone;
    QVERIFY(gone.isValid());
    RecentPaths::add({ gone.path() });
    RecentPaths::add({ level1() });
    QCOMPARE(RecentPaths::load().size(), 2);
    gone.remove();
    // Entries that no longer exist are dropped (and forgotten).
    QCOMPARE(RecentPaths::load(), QList<QStringList>({ QStringList({ level1() }) }));
    flushSettings(); // written off the GUI thread (settingswriter.h): in the file now
    QCOMPARE(QSettings().value(QStringLiteral("recent/entries")).toStringList().size(), 1);

    for (int i = 0; i < 15; ++i)
        RecentPaths::add({ level1() + QStringLiteral("/rank0_ascend_pt"), QString::number(i) });
    flushSettings();
    QVERIFY(QSettings().value(QStringLiteral("recent/entries")).toStringList().size() <= 10);

    // A successful load puts its folder first; the welcome page lists it.
    flushSettings(); // no queued write lands after the clear
    QSettings().clear();
    MainWindow window;
    window.show();
    window.openPaths({ level1() });
    QVERIFY(waitForLoad(window));
    QCOMPARE(RecentPaths::load().value(0), QStringList({ level1() }));
    QCOMPARE(window.welcomePage()->recentList()->count(), 1);
}

void TestMainWindow::languageChoiceIsStored()
{
    MainWindow window;
    window.show();
    QAction* chinese = nullptr;
    QAction* system = nullptr;
    for (QAction* action : window.findChildren<QAction*>()) {
        if (action->isCheckable() && action->data().toString() == QLatin1String("zh_CN"))
            chinese = action;
        if (action->isCheckable() && action->data().isValid() && action->data().toString().isEmpty())
            system = action;
    }
    QVERIFY(chinese && system);
    QVERIFY(system->isChecked()); // nothing stored yet: follow the system
    chinese->trigger();
    flushSettings(); // written off the GUI thread (settingswriter.h)
    QCOMPARE(QSettings().value(QStringLiteral("ui/language")).toString(), QStringLiteral("zh_CN"));
    QVERIFY(chinese->isChecked());
    // The restart notice does not block.
    auto* notice = window.findChild<QMessageBox*>(QStringLiteral("languageNotice"));
    QVERIFY(notice);
    QTRY_VERIFY(notice->isVisible());
    notice->close();
}

void TestMainWindow::dropFolderOpensIt()
{
    MainWindow window;
    window.show();

    // A file is not a profile folder: refused.
    QMimeData file;
    file.setUrls({ QUrl::fromLocalFile(test::textRank(1, 0) + QStringLiteral("/profiler_info_0.json")) });
    QDragEnterEvent refused(QPoint(10, 10), Qt::CopyAction, &file, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &refused);
    QVERIFY(!refused.isAccepted());

    QMimeData folder;
    folder.setUrls({ QUrl::fromLocalFile(level1()) });
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &folder, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &folder, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &drop);
    QVERIFY(drop.isAccepted());
    QVERIFY(window.loadController()->isLoading());
    QVERIFY(waitForLoad(window));
    QCOMPARE(window.projectModel()->rankCount(), 2);
}

void TestMainWindow::stepSelectorListsSteps()
{
    MainWindow window;
    window.show();
    QAbstractItemModelTester tester(window.projectModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    window.openPaths({ level1() });
    QVERIFY(waitForLoad(window));
    QComboBox* combo = window.stepCombo();
    const QStringList expected = stepsInStepTraceFiles(level1());
    QVERIFY(!expected.isEmpty());
    QCOMPARE(combo->count(), int(expected.size()) + 1);
    QCOMPARE(combo->itemData(0).toString(), QString()); // All steps
    for (int i = 0; i < expected.size(); ++i)
        QCOMPARE(combo->itemData(i + 1).toString(), expected[i]);

    // A generated cluster: steps 1..3, and choosing one sets the shared state.
    QTemporaryDir dir;
    QVERIFY(openGenerated(window, dir));
    QCOMPARE(combo->count(), 4);
    QCOMPARE(stepsInStepTraceFiles(dir.path()),
        QStringList({ QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3") }));
    QCOMPARE(window.viewState()->steps(), stepsInStepTraceFiles(dir.path()));
    combo->setCurrentIndex(2);
    QCOMPARE(window.viewState()->step(), QStringLiteral("2"));
    auto* overview = qobject_cast<OverviewPage*>(window.page(MainWindow::Page::Overview));
    QVERIFY(overview);
    QCOMPARE(overview->stepModel()->rowCount(), 8);
    window.viewState()->setStep(QString());
    QCOMPARE(combo->currentIndex(), 0);
    QCOMPARE(overview->stepModel()->rowCount(), 8 * 3);
}

void TestMainWindow::rankFilter()
{
    MainWindow window;
    window.show();
    QAbstractItemModelTester tester(window.projectModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTemporaryDir dir;
    QVERIFY(openGenerated(window, dir));
    ProjectTreeModel* tree = window.projectModel();
    ViewState* state = window.viewState();
    auto* overview = qobject_cast<OverviewPage*>(window.page(MainWindow::Page::Overview));
    QCOMPARE(overview->barsModel()->rowCount(), 8);

    // Unchecking a rank filters it out everywhere.
    const QModelIndex rank3 = tree->rankNode(3);
    QVERIFY(tree->setData(rank3, Qt::Unchecked, Qt::CheckStateRole));
    QCOMPARE(state->rankFilter(), QList<int>({ 0, 1, 2, 4, 5, 6, 7 }));
    QCOMPARE(overview->barsModel()->rowCount(), 7);
    QCOMPARE(rank3.parent().data(Qt::CheckStateRole).toInt(), int(Qt::PartiallyChecked));
    // Checking the host checks all its ranks again.
    QVERIFY(tree->setData(rank3.parent(), Qt::Checked, Qt::CheckStateRole));
    QVERIFY(state->rankFilter().isEmpty());
    QCOMPARE(overview->barsModel()->rowCount(), 8);
    // Unchecking everything is refused: some rank stays shown.
    QVERIFY(tree->setData(tree->index(0, 0), Qt::Unchecked, Qt::CheckStateRole));
    QVERIFY(state->rankFilter().isEmpty());
    QCOMPARE(tree->checkedRankCount(), 8);

    // The filter field: rank ids and ranges (the folder order is not the id order).
    QTest::keyClicks(window.rankFilterEdit(), QStringLiteral("0-2, 6"));
    QList<int> ids;
    for (const int i : state->rankFilter())
        ids << window.profile()->ranks[std::size_t(i)]->info.rankId;
    std::sort(ids.begin(), ids.end());
    QCOMPARE(ids, QList<int>({ 0, 1, 2, 6 }));
    QCOMPARE(tree->checkedRankCount(), 4);
    QCOMPARE(overview->barsModel()->rowCount(), 4);
    // Nothing matches: the last filter stays.
    window.rankFilterEdit()->clear();
    QVERIFY(state->rankFilter().isEmpty());
    QTest::keyClicks(window.rankFilterEdit(), QStringLiteral("no-such-host"));
    QVERIFY(state->rankFilter().isEmpty());
    QCOMPARE(tree->checkedRankCount(), 8);

    // Selecting a rank in the tree makes it the current rank.
    window.projectTree()->setCurrentIndex(tree->rankNode(5));
    QCOMPARE(state->currentRank(), 5);
    state->setCurrentRank(2);
    QCOMPARE(window.projectTree()->currentIndex(), tree->rankNode(2));
}

void TestMainWindow::baselineAndComparison()
{
    MainWindow window;
    window.show();
    QAbstractItemModelTester tester(window.projectModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    window.openPaths({ level1() });
    QVERIFY(waitForLoad(window));
    ProjectTreeModel* tree = window.projectModel();
    ViewState* state = window.viewState();

    const auto trigger = [&](int rankIndex, const char* action) {
        std::unique_ptr<QMenu> menu(window.createTreeContextMenu(tree->rankNode(rankIndex)));
        auto* found = menu->findChild<QAction*>(QLatin1String(action));
        QVERIFY2(found, action);
        found->trigger();
    };
    trigger(0, "setBaselineAction");
    QCOMPARE(state->baselineRank(), 0);
    trigger(1, "setComparisonAction");
    QCOMPARE(state->comparisonRank(), 1);
    QVERIFY(state->compareMode());
    QCOMPARE(tree->rankNode(0).data(ProjectTreeModel::CompareRoleRole).toInt(), 1);
    QCOMPARE(tree->rankNode(1).data(ProjectTreeModel::CompareRoleRole).toInt(), 2);
    QVERIFY(tree->rankNode(0).data().toString().endsWith(QLatin1String("Baseline")));
    QVERIFY(tree->rankNode(1).data().toString().endsWith(QLatin1String("Comparison")));
    QVERIFY(tree->rankNode(0).data(Qt::FontRole).value<QFont>().bold());

    // The baseline made comparison: never both roles on one rank.
    trigger(0, "setComparisonAction");
    QCOMPARE(state->comparisonRank(), 0);
    QCOMPARE(state->baselineRank(), -1);
    QCOMPARE(tree->rankNode(1).data(ProjectTreeModel::CompareRoleRole).toInt(), 0);
    QCOMPARE(tree->rankNode(1).data().toString(), QStringLiteral("rank 1 · device 1 · ascend_pt"));

    // Set from elsewhere (a page): the tree shows it too.
    state->setBaselineRank(1);
    QCOMPARE(tree->rankNode(1).data(ProjectTreeModel::CompareRoleRole).toInt(), 1);
    trigger(1, "clearCompareAction");
    QCOMPARE(state->baselineRank(), -1);
    QCOMPARE(state->comparisonRank(), -1);
    QCOMPARE(tree->rankNode(0).data().toString(), QStringLiteral("rank 0 · device 0 · ascend_pt"));
}

void TestMainWindow::shortcutsSwitchPages()
{
    MainWindow window;
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    // Nothing loaded: the page bar is off.
    QVERIFY(!window.pageAction(MainWindow::Page::Overview)->isEnabled());
    window.openPaths({ level1() });
    QVERIFY(waitForLoad(window));
    // level1 has no MindData files: no Data Preparation page.
    QVERIFY(!window.pageAction(MainWindow::Page::DataPrep)->isVisible());
    // nor parallel_strategy files: no Strategy page.
    QVERIFY(!window.pageAction(MainWindow::Page::Strategy)->isVisible());
    // It has memory_record.csv: Resources is offered at once, before the page ever ran its job.
    QVERIFY(window.pageAction(MainWindow::Page::Resources)->isVisible());
    for (int i = MainWindow::kPageCount - 1; i >= 0; --i) {
        // Pages offered only with their data (Data Preparation) are hidden here.
        if (!window.pageAction(MainWindow::Page(i))->isVisible())
            continue;
        // Ctrl+1 … Ctrl+9 for the first nine pages; the others from the page bar.
        if (i < 9) {
            QTest::keyClick(&window, Qt::Key(Qt::Key_1 + i), Qt::ControlModifier);
        } else {
            QVERIFY(window.pageAction(MainWindow::Page(i))->shortcut().isEmpty());
            window.pageAction(MainWindow::Page(i))->trigger();
        }
        QCOMPARE(window.currentPageIndex(), i);
        QCOMPARE(window.currentPage(), window.page(MainWindow::Page(i)));
        QVERIFY(window.pageAction(MainWindow::Page(i))->isChecked());
    }
    QSet<QWidget*> pages;
    for (int i = 0; i < MainWindow::kPageCount; ++i)
        pages.insert(window.page(MainWindow::Page(i)));
    QCOMPARE(int(pages.size()), MainWindow::kPageCount);
    // The welcome page stays reachable; a page shortcut comes back.
    window.showWelcome();
    QCOMPARE(window.currentPage(), static_cast<QWidget*>(window.welcomePage()));
    QCOMPARE(window.currentPageIndex(), -1);
    QTest::keyClick(&window, Qt::Key_2, Qt::ControlModifier);
    QCOMPARE(window.currentPage(), window.page(MainWindow::Page::Overview));
    // File > Close: back to the welcome page, nothing loaded.
    window.closeProfile();
    QVERIFY(!window.profile());
    QCOMPARE(window.currentPage(), static_cast<QWidget*>(window.welcomePage()));
    QCOMPARE(window.projectModel()->rankCount(), 0);
}

void TestMainWindow::navigationSwitchesPages()
{
    MainWindow window;
    window.show();
    window.openPaths({ level1() });
    QVERIFY(waitForLoad(window));
    ViewState* state = window.viewState();
    state->requestTimeline(1, 100, 200, QStringLiteral("slice"));
    QCOMPARE(window.currentPage(), window.page(MainWindow::Page::Timeline));
    QCOMPARE(state->currentRank(), 1);
    state->requestOperator(0, QStringLiteral("MatMul"));
    QCOMPARE(window.currentPage(), window.page(MainWindow::Page::Operators));
    QCOMPARE(state->currentRank(), 0);
    state->requestCommunicationLink(0, 1);
    QCOMPARE(window.currentPage(), window.page(MainWindow::Page::Communication));
    state->requestRank(1);
    QCOMPARE(window.currentPage(), window.page(MainWindow::Page::Timeline));
    QCOMPARE(state->currentRank(), 1);
    QCOMPARE(window.projectTree()->currentIndex(), window.projectModel()->rankNode(1));
    state->requestOperator(1, QString());
    QCOMPARE(window.currentPage(), window.page(MainWindow::Page::Operators));
}

void TestMainWindow::exportViewsWritesFiles()
{
    MainWindow window;
    window.show();
    QTemporaryDir dir;
    QVERIFY(openGenerated(window, dir));
    QTemporaryDir out;
    QStringList errors;
    const QStringList written = window.exportViews(out.path(), &errors, QSize(1200, 700));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    for (const char* name : { "overview-ranks.png", "overview-ranks.svg", "overview-ranks.csv", "overview-trend.png",
             "overview-trend.svg", "overview-trend.csv", "overview-steps.csv", "overview-advice.csv" })
        QVERIFY2(written.contains(out.filePath(QLatin1String(name))), name);
    for (const QString& file : written)
        QVERIFY2(QFileInfo(file).size() > 0, qPrintable(file));

    const QImage png(out.filePath(QStringLiteral("overview-ranks.png")));
    QCOMPARE(png.size(), QSize(1200, 700));
    QFile svg(out.filePath(QStringLiteral("overview-trend.svg")));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QByteArray svgText = svg.readAll();
    QVERIFY(svgText.startsWith("<?xml"));
    QVERIFY(svgText.contains("<svg"));

    // One row per rank, by rank id.
    const QList<QStringList> ranks = readCsvFile(out.filePath(QStringLiteral("overview-ranks.csv")));
    QCOMPARE(ranks.size(), 8 + 1);
    QCOMPARE(ranks[0].value(0), QStringLiteral("Rank"));
    QVERIFY(ranks[0].last().endsWith(QLatin1String("(us)")));
    for (int r = 1; r <= 8; ++r)
        QCOMPARE(ranks[r].value(0), QString::number(r - 1));
    // Per rank and step, with the steps of the csv files.
    const QList<QStringList> steps = readCsvFile(out.filePath(QStringLiteral("overview-steps.csv")));
    QCOMPARE(steps.size(), 8 * 3 + 1);
    QCOMPARE(steps[0].value(0), QStringLiteral("Step"));
    QSet<QString> stepNames;
    for (int r = 1; r < steps.size(); ++r)
        stepNames.insert(steps[r].value(0));
    QCOMPARE(stepNames, QSet<QString>({ QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3") }));
    // The summary page's rank table: one row per rank.
    QCOMPARE(readCsvFile(out.filePath(QStringLiteral("summary-ranks.csv"))).size(), 8 + 1);
    const QList<QStringList> advice = readCsvFile(out.filePath(QStringLiteral("overview-advice.csv")));
    QVERIFY(advice.size() >= 2); // the planted slow rank and link are found
    QCOMPARE(advice[0],
        QStringList({ QStringLiteral("Severity"), QStringLiteral("Finding"), QStringLiteral("Cost per step"),
            QStringLiteral("Measured"), QStringLiteral("Rule and threshold"), QStringLiteral("Evidence") }));
}

void TestMainWindow::strategyPageWithItsData()
{
    // MindInsight's parallel_strategy folder: strategy files and profiler_info only.
    MainWindow window;
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    window.openPaths({ test::mindinsight(QStringLiteral("parallel_strategy")) });
    QVERIFY(waitForLoad(window));
    QVERIFY(window.pageAction(MainWindow::Page::Strategy)->isVisible());
    // Beyond the ninth page: from the page bar.
    window.pageAction(MainWindow::Page::Strategy)->trigger();
    QCOMPARE(window.currentPage(), window.page(MainWindow::Page::Strategy));
    QTemporaryDir out;
    QStringList errors;
    const QStringList written = window.exportViews(out.path(), &errors, QSize(1000, 700));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    for (const char* name : { "strategy-graph.png", "strategy-graph.svg", "strategy-ops.csv" })
        QVERIFY2(written.contains(out.filePath(QLatin1String(name))), name);
    QCOMPARE(QImage(out.filePath(QStringLiteral("strategy-graph.png"))).size(), QSize(1000, 700));
    QCOMPARE(readCsvFile(out.filePath(QStringLiteral("strategy-ops.csv"))).size(), 2 + 1);
}

void TestMainWindow::demoCluster()
{
    // Test mode: the cache location is a test folder, never the user's.
    QDir(DemoCluster::path()).removeRecursively();
    QString error;
    QVERIFY2(DemoCluster::ensure(&error), qPrintable(error));
    QVERIFY(QFileInfo(DemoCluster::path()).isDir());
    QVERIFY(DemoCluster::path().contains(QStringLiteral(PROFSCOPE_VERSION)));

    MainWindow window;
    window.show();
    window.openDemo();
    QVERIFY(waitForLoad(window));
    QVERIFY(window.profile());
    QCOMPARE(window.profile()->ranks.size(), std::size_t(8));
    QVERIFY(window.showsDemo());
    QVERIFY(window.banner()->isVisible());
    QVERIFY(window.banner()->text().contains(QLatin1String("generated demo cluster")));
    QCOMPARE(window.currentPage(), window.page(MainWindow::Page::Overview));
    // The demo is not one of the user's recent folders.
    QVERIFY(RecentPaths::load().isEmpty());
    auto* overview = qobject_cast<OverviewPage*>(window.page(MainWindow::Page::Overview));
    QVERIFY(overview->adviceModel()->rowCount() > 0);

    // An incomplete demo folder (no marker) is written again.
    QDirIterator it(
        DemoCluster::path(), { QStringLiteral("trace_view.json") }, QDir::Files, QDirIterator::Subdirectories);
    QVERIFY(it.hasNext());
    const QString trace = it.next();
    QVERIFY(QFile::remove(trace));
    QVERIFY(DemoCluster::ensure()); // the marker is there: kept as is
    QVERIFY(!QFileInfo::exists(trace));
    QDir(DemoCluster::path()).remove(QStringLiteral(".profscope-demo-complete"));
    QVERIFY(DemoCluster::ensure());
    QVERIFY(QFileInfo::exists(trace));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
