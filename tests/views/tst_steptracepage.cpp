// SPDX-License-Identifier: Apache-2.0
// The Step Trace page as a user drives it: MindInsight's run_1 (322 steps),
// the 4-rank pipeline-parallel cluster_propose (cluster tab, stage filter,
// double-click to a device), a new-format rank (step table) and an empty
// profile. Expected figures are read from the fixture CSV by the test.
#include "common/export.h"
#include "common/viewstate.h"
#include "load/profileloader.h"
#include "steptrace/steptracecharts.h"
#include "steptrace/steptracepage.h"
#include "steptrace/trajectorypanel.h"
#include "testsupport.h"
#include "viewtestsupport.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMouseEvent>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace profscope;

namespace {

// The value of `column` in the data row whose step_num is `step`, from the CSV text.
QString csvCell(const QString& path, const QString& step, const QString& column)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
    const QStringList header = lines.value(0).trimmed().split(QLatin1Char(','));
    const qsizetype c = header.indexOf(column);
    for (const QString& line : lines) {
        const QStringList cells = line.trimmed().split(QLatin1Char(','));
        if (cells.value(0) == step)
            return cells.value(c);
    }
    return {};
}

QString cellText(const QStandardItemModel* model, const QString& rowName, int column)
{
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->item(r, 0)->text() == rowName)
            return model->item(r, column)->text();
    return {};
}

QString cellText(const CellTableModel* model, const QString& rowName, int column)
{
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->text(r, 0) == rowName)
            return model->text(r, column);
    return {};
}

} // namespace

class TestStepTracePage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void run1();
    void clusterPropose();
    void newFormatRank();
    void longTitleWrapsWhenNarrow();
    void emptyProfile();
};

void TestStepTracePage::run1()
{
    const QString root = test::mindinsight(QStringLiteral("run_1/normal_run/profiler"));
    ViewState state;
    StepTracePage page(&state);
    page.resize(1300, 900);
    page.show();
    state.setProfile(ProfileLoader::load({ root }));
    QVERIFY(StepTracePage::hasData(*state.profile()));
    QVERIFY(!page.isEmptyStateShown());
    QCOMPARE(page.trace().steps.size(), std::size_t(322));
    // Step Gap, FP+BP, Tail and the 11 stream ops (one per stream).
    QCOMPARE(page.stageModel()->rowCount(), 14);
    QCOMPARE(page.stageChart()->rowLabels().size(), 14);
    QCOMPARE(page.stepChart()->categoryCount(), 322);
    for (int i = 0; i < 3; ++i) {
        QVERIFY(page.trendChart(i)->isVisible());
        QCOMPARE(page.trendChart(i)->pointCount(), 322);
    }
    QCOMPARE(page.trendChart(1)->kind(), StepStageKind::FpBp);
    QVERIFY(!page.tabs()->isTabVisible(1)); // one device: no cluster tab
    QVERIFY(page.infoText().contains(QLatin1String("322 step")));

    // Step 2 on demand: FP+BP = fp_and_bp ticks × 10 ns, in ms with 3 decimals.
    page.setShownStep(QStringLiteral("2"));
    QCOMPARE(page.shownStep(), QStringLiteral("2"));
    const QString csv = root + QStringLiteral("/step_trace_raw_1_detail_time.csv");
    const double fpBpMs = csvCell(csv, QStringLiteral("2"), QStringLiteral("fp_and_bp")).toDouble() * 10 / 1e6;
    QCOMPARE(cellText(page.stageModel(), QStringLiteral("FP+BP"), 3), QString::number(fpBpMs, 'f', 3));
    const double fpStartMs = (csvCell(csv, QStringLiteral("2"), QStringLiteral("fp_point")).toDouble()
                                 - csvCell(csv, QStringLiteral("2"), QStringLiteral("start_point")).toDouble())
        * 10 / 1e6;
    QCOMPARE(cellText(page.stageModel(), QStringLiteral("FP+BP"), 1), QString::number(fpStartMs, 'f', 3));

    // A click on the 5th bar of the per-step chart shows step 5.
    StackedBarsChart* chart = page.stepChart();
    const QPoint bar(int(chart->xAxis->coordToPixel(4)), int(chart->yAxis->coordToPixel(50)));
    QTest::mouseClick(chart, Qt::LeftButton, {}, bar);
    QCOMPARE(page.shownStep(), QStringLiteral("5"));

    // Step 5 on the timeline: (start_point − min_cycle_counter) × 10 ns, from the files.
    QFile counter(root + QStringLiteral("/min_cycle_counter_1.txt"));
    QVERIFY(counter.open(QIODevice::ReadOnly));
    const qint64 minCycle = qint64(QString::fromUtf8(counter.readAll()).trimmed().toDouble());
    QVERIFY(page.canShowInTimeline());
    QSignalSpy jumps(&state, &ViewState::timelineRequested);
    QVERIFY(page.showInTimeline());
    QCOMPARE(jumps.size(), 1);
    const qint64 start5 = qint64(csvCell(csv, QStringLiteral("5"), QStringLiteral("start_point")).toDouble());
    const qint64 end5 = qint64(csvCell(csv, QStringLiteral("5"), QStringLiteral("end_point")).toDouble());
    QCOMPARE(jumps.front().at(1).toLongLong(), (start5 - minCycle) * 10);
    QCOMPARE(jumps.front().at(2).toLongLong(), (end5 - minCycle) * 10);
    // FP/BP points from step_trace_point_info.json.
    QVERIFY(page.infoText().contains(QLatin1String("Default/Cast-op6")));
    QVERIFY(page.infoText().contains(QLatin1String("Default/TransData-op7")));

    QTemporaryDir dir;
    const QString shots = test::screenshotDir(dir);
    page.grab().save(QDir(shots).filePath(QStringLiteral("steptrace-run1.png")));
    QStringList errors;
    exportPage(page, dir.path(), &errors);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
    for (const char* name : { "steptrace-stages.png", "steptrace-stages.csv", "steptrace-steps.svg",
             "steptrace-trend-1.png", "steptrace-trend-3.png" })
        QVERIFY2(QFileInfo::exists(QDir(dir.path()).filePath(QLatin1String(name))), name);
    QVERIFY(!QFileInfo::exists(QDir(dir.path()).filePath(QStringLiteral("steptrace-cluster.csv"))));
}

void TestStepTracePage::clusterPropose()
{
    const QString root = test::mindinsight(QStringLiteral("cluster_propose"));
    ViewState state;
    StepTracePage page(&state);
    page.resize(1300, 900);
    page.show();
    state.setProfile(ProfileLoader::load({ root }));
    QVERIFY(page.tabs()->isTabVisible(1));
    page.showCluster(true);
    TrajectoryPanel* panel = page.trajectoryPanel();
    QCOMPARE(panel->model()->rowCount(), 4);
    QVERIFY(panel->summaryText().contains(QLatin1String("pipeline-parallel")));
    QCOMPARE(panel->chart()->categoryCount(), 4);
    // MindInsight's pipeline columns after Rank, Host, Stage, Steps, Step.
    QCOMPARE(panel->model()->headers().value(5), QStringLiteral("Step Gap (ms)"));
    QCOMPARE(panel->model()->headers().value(6), QStringLiteral("Receive Alone (ms)"));
    // Stage filter: All, Stage 1, Stage 2; stage 2 holds ranks 2 and 3.
    QCOMPARE(panel->stageFilter()->count(), 3);
    panel->stageFilter()->setCurrentIndex(2);
    QCOMPARE(panel->visibleRowCount(), 2);
    QCOMPARE(panel->chart()->categoryCount(), 2);
    // Average FP+BP of rank 0 from its file: mean of the 5 steps.
    double sum = 0;
    for (int step = 1; step <= 5; ++step)
        sum += csvCell(root + QStringLiteral("/step_trace_raw_0_detail_time.csv"), QString::number(step),
                   QStringLiteral("fp_and_bp"))
                   .toDouble();
    panel->stageFilter()->setCurrentIndex(0);
    int fpBpColumn = -1;
    for (int c = 0; c < panel->model()->columnCount(); ++c)
        if (panel->model()->headers().value(c) == QLatin1String("FP+BP (ms)"))
            fpBpColumn = c;
    QVERIFY(fpBpColumn > 0);
    QCOMPARE(cellText(panel->model(), QStringLiteral("0"), fpBpColumn), QString::number(sum / 5 * 10 / 1e6, 'f', 3));

    QTemporaryDir dir;
    panel->grab().save(QDir(test::screenshotDir(dir)).filePath(QStringLiteral("steptrace-cluster.png")));

    // Double-click rank 3: its step trace on the device tab.
    const int row = [&] {
        for (int r = 0; r < panel->model()->rowCount(); ++r)
            if (panel->model()->text(r, 0) == QLatin1String("3"))
                return r;
        return -1;
    }();
    QVERIFY(row >= 0);
    QTableView* table = panel->table();
    // The table shows the proxy, in the model's order until a header click.
    const QRect cell = table->visualRect(panel->proxy()->mapFromSource(panel->model()->index(row, 0)));
    // A click then a double click (the press picks the item the double click activates).
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(page.tabs()->currentIndex(), 0);
    QCOMPARE(state.profile()->ranks[std::size_t(page.shownRank())]->info.rankId, 3);
    QCOMPARE(page.trace().steps.size(), std::size_t(5));
    // Hundreds of reduce / send / receive ops on 40-odd streams: one chart
    // row per op type, the types read off the file's header here.
    QVERIFY(page.stageChart()->stageCount() > 100);
    QStringList types;
    {
        QFile f(root + QStringLiteral("/step_trace_raw_3_detail_time.csv"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QRegularExpression name(QStringLiteral("^stream_\\d+_\\d+_([A-Za-z]+)-op\\d+$"));
        for (const QString& column : QString::fromUtf8(f.readLine()).trimmed().split(QLatin1Char(','))) {
            const QRegularExpressionMatch m = name.match(column);
            if (m.hasMatch() && !types.contains(m.captured(1) + QStringLiteral(" ops")))
                types << m.captured(1) + QStringLiteral(" ops");
        }
    }
    QVERIFY(types.size() >= 2);
    const QStringList rows = page.stageChart()->rowLabels();
    QCOMPARE(rows.mid(0, 3), QStringList({ "Step Gap", "FP+BP", "Tail" }));
    QCOMPARE(QSet<QString>(rows.begin() + 3, rows.end()), QSet<QString>(types.begin(), types.end()));
    page.grab().save(QDir(test::screenshotDir(dir)).filePath(QStringLiteral("steptrace-propose.png")));

    // One click on a row's Details link opens that device too.
    page.showCluster(true);
    QCOMPARE(panel->model()->headers().value(panel->model()->columnCount() - 1), QStringLiteral("Details"));
    const QModelIndex link = panel->proxy()->mapFromSource(panel->model()->index(1, panel->model()->columnCount() - 1));
    table->scrollTo(link);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(link).center());
    QCOMPARE(page.tabs()->currentIndex(), 0);
    QCOMPARE(state.profile()->ranks[std::size_t(page.shownRank())]->info.rankId,
        panel->model()->text(1, 0).toInt());

    // Enter on a row of the cluster table opens that device too.
    page.showCluster(true);
    table->setCurrentIndex(panel->proxy()->mapFromSource(panel->model()->index(0, 0)));
    QTest::keyClick(table, Qt::Key_Return);
    QCOMPARE(page.tabs()->currentIndex(), 0);

    // Step 6 exists only in ascend_cluster_analyse: the cluster tab shows it.
    page.setShownStep(QStringLiteral("6"));
    QCOMPARE(panel->model()->rowCount(), 4);
    QVERIFY(page.stageModel()->rowCount() == 0);
}

void TestStepTracePage::newFormatRank()
{
    ViewState state;
    StepTracePage page(&state);
    page.resize(1300, 900);
    page.show();
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0) }));
    QVERIFY(!page.isEmptyStateShown());
    QCOMPARE(page.trace().source, RankStepTrace::Source::StepTable);
    QCOMPARE(page.trendChart(0)->kind(), StepStageKind::Preparing);
    QCOMPARE(page.trendChart(1)->kind(), StepStageKind::Computing);
    QVERIFY(page.infoText().contains(QLatin1String("step table")));
    QVERIFY(page.stageModel()->rowCount() == 4);

    // A step on the timeline: its ProfilerStep slice, read from trace_view.json here.
    QVERIFY(!page.canShowInTimeline()); // the average has no place on the timeline
    const QString step = page.trace().steps.front().step;
    page.setShownStep(step);
    QVERIFY(page.canShowInTimeline());
    QSignalSpy spy(&state, &ViewState::timelineRequested);
    QVERIFY(page.showInTimeline());
    QCOMPARE(spy.count(), 1);
    qint64 durNs = 0;
    const qint64 startNs = test::referenceSliceStartNs(
        test::textRank(1, 0) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"),
        QStringLiteral("ProfilerStep#") + step, &durNs);
    QCOMPARE(spy.front().at(1).toLongLong(), startNs);
    QVERIFY(spy.front().at(2).toLongLong() >= startNs + durNs);
}

void TestStepTracePage::longTitleWrapsWhenNarrow()
{
    TrendChart chart(StepStageKind::CommunicationNotOverlapped);
    const QString title = QStringLiteral("Communication (not overlapped) per step (mean 3.761 ms)");
    chart.setTitle(title);
    chart.resize(1600, 300);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QCOMPARE(chart.shownTitle(), title);
    // Narrower than the text but wider than its longer half (the title's
    // font, demi-bold): the last parenthesis moves to a second line.
    QFont bold = chart.font();
    bold.setWeight(QFont::DemiBold);
    const QString head = QStringLiteral("Communication (not overlapped) per step");
    const int twoLines = std::max(QFontMetrics(bold).horizontalAdvance(head),
                                  QFontMetrics(bold).horizontalAdvance(QStringLiteral("(mean 3.761 ms)")));
    QVERIFY(twoLines + 20 < QFontMetrics(bold).horizontalAdvance(title));
    chart.resize(std::max(twoLines + 10, chart.minimumWidth()), 300);
    QTRY_COMPARE(chart.shownTitle(), head + QStringLiteral("\n(mean 3.761 ms)"));
    QCOMPARE(chart.title(), title);
    // Narrower than the first half: it is elided, never cut at the edges.
    chart.setMinimumWidth(0);
    chart.resize(twoLines / 2, 300);
    QTRY_VERIFY(chart.shownTitle().section(QLatin1Char('\n'), 0, 0).endsWith(QChar(0x2026)));
    for (const QString& line : chart.shownTitle().split(QLatin1Char('\n')))
        QVERIFY(QFontMetrics(bold).horizontalAdvance(line) <= chart.width());
    chart.resize(1600, 300);
    QTRY_COMPARE(chart.shownTitle(), title);
}

void TestStepTracePage::emptyProfile()
{
    ViewState state;
    StepTracePage page(&state);
    page.show();
    state.setProfile(std::make_shared<Profile>());
    QVERIFY(!StepTracePage::hasData(*state.profile()));
    QVERIFY(page.isEmptyStateShown());
    QTemporaryDir dir;
    QStringList errors;
    QVERIFY(exportPage(page, dir.path(), &errors).isEmpty());
}

QTEST_MAIN(TestStepTracePage)
#include "tst_steptracepage.moc"
