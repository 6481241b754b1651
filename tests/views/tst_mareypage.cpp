// SPDX-License-Identifier: Apache-2.0
// The Marey page offscreen: one polygon per op in view, hit testing, the
// planted slow rank in the small bars, brush zoom and zoom out, collapsing
// stages, click-through to the timeline, export, empty state.
#include "analysis/marey.h"
#include "common/export.h"
#include "common/viewstate.h"
#include "generate/clustergenerator.h"
#include "load/profileloader.h"
#include "marey/mareycanvas.h"
#include "marey/mareyopsmodel.h"
#include "marey/mareypage.h"
#include "testsupport.h"
#include "viewtestsupport.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QSet>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace profscope;

class TestMareyPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void polygonsMatchOpsInView();
    void hitTestReturnsTheOp();
    void slowRankHasTheLongestComputeBar();
    void clickOpensTimeline();
    void brushZoomAndZoomOut();
    void collapseStage();
    void stepAndStageSelection();
    void export_();
    void bigClusterStartsCollapsed();
    void downsampledChartOpensUpWhenZoomed();
    void emptyState();
    void screenshots();

private:
    void show(MareyPage& page);
    QTemporaryDir m_dir;
    ProfilePtr m_profile;
};

void TestMareyPage::initTestCase()
{
    GeneratorOptions o;
    o.ranks = 16;
    o.steps = 2;
    o.ops = 10;
    o.seed = 9;
    o.pipelineStages = 2;
    o.slowRank = 3;
    QString error;
    QVERIFY2(generateCluster(m_dir.path(), o, &error), qPrintable(error));
    m_profile = ProfileLoader::load({ m_dir.path() });
    QVERIFY(m_profile);
    QCOMPARE(m_profile->ranks.size(), std::size_t(16));
}

void TestMareyPage::show(MareyPage& page)
{
    page.resize(1200, 900);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QTRY_VERIFY(!page.isBusy());
}

void TestMareyPage::polygonsMatchOpsInView()
{
    ViewState state;
    MareyPage page(&state);
    QAbstractItemModelTester tester(page.opsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    state.setProfile(m_profile);
    show(page);
    const auto data = page.data();
    QVERIFY(data && !data->isEmpty());
    MareyCanvas* canvas = page.canvas();
    // 16 devices: everything expanded, every op present on all 8 devices of its stage.
    QSet<int> drawn;
    const std::vector<MareyCanvas::Shape> shapes = canvas->shapes();
    for (const MareyCanvas::Shape& s : shapes) {
        drawn.insert(s.op);
        QCOMPARE(s.polygon.size(), 4 * 8); // two points per edge per device row
    }
    QCOMPARE(int(shapes.size()), int(data->ops.size()));
    QCOMPARE(drawn.size(), int(data->ops.size()));
    // The ops table lists what the chart shows.
    QCOMPARE(page.opsModel()->rowCount(), int(data->ops.size()));
    // Every op's polygon spans its devices' start..end.
    const MareyOp& op = data->ops[data->ops.size() / 2];
    for (const MareyCanvas::Shape& s : shapes)
        if (s.op == int(data->ops.size() / 2)) {
            const QRectF box = s.polygon.boundingRect();
            QVERIFY(std::abs(box.left() - canvas->xOf(op.bounds().startNs)) < 0.5);
            QVERIFY(box.right() >= canvas->xOf(op.bounds().endNs) - 0.5);
        }
}

void TestMareyPage::hitTestReturnsTheOp()
{
    ViewState state;
    MareyPage page(&state);
    state.setProfile(m_profile);
    show(page);
    const auto data = page.data();
    MareyCanvas* canvas = page.canvas();
    const std::vector<MareyCanvas::Row>& rows = canvas->rows();
    int tested = 0;
    for (int i = 0; i < int(data->ops.size()); i += 7) {
        const MareyOp& op = data->ops[std::size_t(i)];
        // Device 5 of the op's stage.
        const int device = data->stages[std::size_t(op.stage)].firstDevice + 5;
        const TimeRange r = data->range(op, device);
        if (canvas->xOf(r.endNs) - canvas->xOf(r.startNs) < 4)
            continue; // narrower than the pixel slack
        // Only ops alone under the cursor (side-stream kernels and sends overlap others).
        const TimeNs mid = (r.startNs + r.endNs) / 2;
        bool alone = true;
        for (int j = 0; j < int(data->ops.size()); ++j) {
            const TimeRange other = data->range(data->ops[std::size_t(j)], device);
            if (j != i && !MareyOp::isMissing(other) && other.startNs <= mid + 5000 && other.endNs >= mid - 5000)
                alone = false;
        }
        if (!alone)
            continue;
        const auto row = std::find_if(rows.begin(), rows.end(), [device](const MareyCanvas::Row& row) {
            return row.kind == MareyCanvas::Row::Kind::Device && row.device == device;
        });
        QVERIFY(row != rows.end());
        const QPointF pos((canvas->xOf(r.startNs) + canvas->xOf(r.endNs)) / 2, row->top + row->height / 2.0);
        const MareyCanvas::Hit hit = canvas->hitTest(pos);
        QCOMPARE(hit.op, i);
        QCOMPARE(hit.device, device);
        QCOMPARE(hit.range, r);
        ++tested;
    }
    QVERIFY(tested > 5);
    // Outside the plot: nothing.
    QCOMPARE(canvas->hitTest(QPointF(2, 2)).op, -1);
}

void TestMareyPage::slowRankHasTheLongestComputeBar()
{
    ViewState state;
    MareyPage page(&state);
    state.setProfile(m_profile);
    show(page);
    int slowRows = 0;
    for (const MareyCanvas::Row& row : page.canvas()->rows()) {
        if (row.kind != MareyCanvas::Row::Kind::Device)
            continue;
        const MareyDevice& d = page.data()->devices[std::size_t(row.device)];
        // The bar is the device's compute time over the largest.
        QVERIFY(row.computeFraction > 0 && row.computeFraction <= 1.0);
        if (d.rankId == 3) {
            ++slowRows;
            QCOMPARE(row.computeFraction, 1.0);
        } else {
            QVERIFY2(row.computeFraction < 0.9, qPrintable(QString::number(row.computeFraction)));
        }
        QVERIFY(row.memoryFraction > 0);
    }
    QCOMPARE(slowRows, 1);
}

void TestMareyPage::clickOpensTimeline()
{
    ViewState state;
    MareyPage page(&state);
    state.setProfile(m_profile);
    show(page);
    QSignalSpy spy(&state, &ViewState::timelineRequested);
    const auto data = page.data();
    MareyCanvas* canvas = page.canvas();
    // The longest op of stage 1, on its third device.
    int best = -1;
    for (int i = 0; i < int(data->ops.size()); ++i)
        if (data->ops[std::size_t(i)].stage == 1
            && (best < 0 || data->ops[std::size_t(i)].maxDurationNs() > data->ops[std::size_t(best)].maxDurationNs()))
            best = i;
    QVERIFY(best >= 0);
    const int device = data->stages[1].firstDevice + 2;
    const TimeRange r = data->range(data->ops[std::size_t(best)], device);
    QPoint pos;
    for (const MareyCanvas::Row& row : canvas->rows())
        if (row.kind == MareyCanvas::Row::Kind::Device && row.device == device)
            pos = QPoint(int((canvas->xOf(r.startNs) + canvas->xOf(r.endNs)) / 2), row.top + row.height / 2);
    QVERIFY(!pos.isNull());
    // One click selects the op (outlined, its table row current) and stays on the page.
    QTest::mouseClick(canvas, Qt::LeftButton, {}, pos);
    QCOMPARE(spy.count(), 0);
    QCOMPARE(canvas->selectedOp(), best);
    QCOMPARE(page.opsModel()->opIndex(page.opsProxy()->mapToSource(page.findChild<QTableView*>()->currentIndex()).row()),
        best);
    // A double click opens it in the timeline.
    QTest::mouseDClick(canvas, Qt::LeftButton, {}, pos);
    QCOMPARE(spy.count(), 1);
    const QList<QVariant> args = spy.takeFirst();
    const MareyDevice& d = data->devices[std::size_t(device)];
    QCOMPARE(args[0].toInt(), d.rankIndex);
    QCOMPARE(args[1].toLongLong(), r.startNs - d.clockOffsetNs);
    QCOMPARE(args[2].toLongLong(), r.endNs - d.clockOffsetNs);
    QCOMPARE(args[3].toString(), data->ops[std::size_t(best)].name);
    QCOMPARE(m_profile->ranks[std::size_t(d.rankIndex)]->info.rankId, 10);

    // A row of the ops table outlines its op in the chart.
    QTableView* table = page.findChild<QTableView*>();
    QVERIFY(table);
    const QModelIndex row = page.opsProxy()->index(3, 0);
    table->setCurrentIndex(row);
    QCOMPARE(canvas->selectedOp(), page.opsModel()->opIndex(page.opsProxy()->mapToSource(row).row()));
    QVERIFY(canvas->selectedOp() >= 0);
}

void TestMareyPage::brushZoomAndZoomOut()
{
    ViewState state;
    MareyPage page(&state);
    state.setProfile(m_profile);
    show(page);
    MareyCanvas* canvas = page.canvas();
    const TimeRange all = canvas->viewRange();
    QCOMPARE(all, page.data()->rangeNs);
    const QRectF plot = canvas->plotRect();
    const int y = int(plot.top() + 30);
    const int x0 = int(plot.left() + plot.width() * 0.25), x1 = int(plot.left() + plot.width() * 0.5);
    QSignalSpy spy(&state, &ViewState::timelineRequested);
    QTest::mousePress(canvas, Qt::LeftButton, {}, QPoint(x0, y));
    QTest::mouseMove(canvas, QPoint((x0 + x1) / 2, y));
    QTest::mouseMove(canvas, QPoint(x1, y));
    QTest::mouseRelease(canvas, Qt::LeftButton, {}, QPoint(x1, y));
    QCOMPARE(spy.count(), 0); // a drag zooms, it does not open the timeline
    const TimeRange zoomed = canvas->viewRange();
    QVERIFY(zoomed.durationNs() < all.durationNs() / 3);
    QVERIFY(std::abs(double(zoomed.startNs - all.startNs) / double(all.durationNs()) - 0.25) < 0.01);
    // Fewer ops in the window, and the table follows.
    const int inView = int(canvas->opsInView().size());
    QVERIFY(inView < int(page.data()->ops.size()));
    QCOMPARE(page.opsModel()->rowCount(), inView);
    QSet<int> drawn;
    for (const MareyCanvas::Shape& s : canvas->shapes())
        drawn.insert(s.op);
    QCOMPARE(drawn.size(), inView);
    // A double click off the ops zooms out (on an op it opens the op).
    QPoint empty;
    for (int x = int(plot.left()) + 2; x < int(plot.right()) && empty.isNull(); x += 3)
        for (int yy = int(plot.top()) + 2; yy < int(plot.bottom()) && empty.isNull(); yy += 3) {
            bool onOp = false;
            for (const MareyCanvas::Shape& s : canvas->shapes())
                onOp = onOp || s.polygon.boundingRect().adjusted(-4, -4, 4, 4).contains(QPointF(x, yy));
            if (!onOp)
                empty = QPoint(x, yy);
        }
    QVERIFY(!empty.isNull());
    QTest::mouseDClick(canvas, Qt::LeftButton, {}, empty);
    QCOMPARE(spy.count(), 0);
    QCOMPARE(canvas->viewRange(), all);
    QCOMPARE(page.opsModel()->rowCount(), int(page.data()->ops.size()));
}

void TestMareyPage::collapseStage()
{
    ViewState state;
    MareyPage page(&state);
    state.setProfile(m_profile);
    show(page);
    MareyCanvas* canvas = page.canvas();
    QCOMPARE(canvas->rows().size(), std::size_t(2 + 16));
    const int heightBefore = canvas->minimumHeight();
    canvas->setStageCollapsed(0, true);
    QCOMPARE(canvas->rows().size(), std::size_t(2 + 1 + 8));
    QVERIFY(canvas->minimumHeight() < heightBefore);
    const MareyCanvas::Row& collapsed = canvas->rows()[1];
    QCOMPARE(collapsed.kind, MareyCanvas::Row::Kind::CollapsedStage);
    // The collapsed row carries the stage's largest values: the slow rank's compute.
    QCOMPARE(collapsed.computeNs, page.data()->devices[3].computeNs);
    // A stage-0 op is now one band: its polygon has 4 points and spans the union.
    const auto data = page.data();
    for (const MareyCanvas::Shape& s : canvas->shapes()) {
        const MareyOp& op = data->ops[std::size_t(s.op)];
        QCOMPARE(s.polygon.size(), op.stage == 0 ? 4 : 32);
    }
    // Clicking the stage header expands it again.
    const MareyCanvas::Row& header = canvas->rows()[0];
    QTest::mouseClick(canvas, Qt::LeftButton, {}, QPoint(30, header.top + header.height / 2));
    QVERIFY(!canvas->isStageCollapsed(0));
    QCOMPARE(canvas->rows().size(), std::size_t(2 + 16));
}

void TestMareyPage::stepAndStageSelection()
{
    ViewState state;
    MareyPage page(&state);
    state.setProfile(m_profile);
    show(page);
    const int allOps = int(page.data()->ops.size());
    state.setStep(QStringLiteral("2"));
    QTRY_VERIFY(!page.isBusy());
    QCOMPARE(page.data()->step, QStringLiteral("2"));
    QCOMPARE(int(page.data()->ops.size()) * 2, allOps);
    state.setRankFilter({ 0, 1, 8 });
    QTRY_VERIFY(!page.isBusy());
    QCOMPARE(page.data()->devices.size(), std::size_t(3));
}

void TestMareyPage::export_()
{
    ViewState state;
    MareyPage page(&state);
    state.setProfile(m_profile);
    show(page);
    QTemporaryDir out;
    QStringList errors;
    const QStringList files = exportPage(page, out.path(), &errors, QSize(1400, 900));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    QStringList pngs, csvs, svgs;
    for (const QString& f : files) {
        if (f.endsWith(QLatin1String(".png")))
            pngs << f;
        else if (f.endsWith(QLatin1String(".csv")))
            csvs << f;
        else if (f.endsWith(QLatin1String(".svg")))
            svgs << f;
    }
    QCOMPARE(pngs.size(), 1);
    QCOMPARE(csvs.size(), 1);
    QCOMPARE(svgs.size(), 1);
    const QImage image(pngs[0]);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 1000);
    QFile csv(csvs[0]);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), int(page.data()->ops.size()) + 1);
    // 16 devices: every device's start and end is a column.
    QVERIFY(lines[0].contains("Rank 15 end (ms)"));
    QCOMPARE(lines[0].count(',') + 1, MareyOpsModel::FixedColumnCount + 2 * 16);
    QVERIFY(exportWidgetImage(page.canvas(), out.filePath(QStringLiteral("m.pdf"))));
    QVERIFY(QFileInfo(out.filePath(QStringLiteral("m.pdf"))).size() > 1000);
}

void TestMareyPage::bigClusterStartsCollapsed()
{
    QTemporaryDir dir;
    GeneratorOptions o;
    o.ranks = 64;
    o.steps = 1;
    o.ops = 8;
    o.pipelineStages = 2;
    QString error;
    QVERIFY2(generateCluster(dir.path(), o, &error), qPrintable(error));
    const ProfilePtr profile = ProfileLoader::load({ dir.path() });
    QVERIFY(profile);
    ViewState state;
    MareyPage page(&state);
    state.setProfile(profile);
    show(page);
    QCOMPARE(page.data()->devices.size(), std::size_t(64));
    QVERIFY(page.canvas()->isStageCollapsed(0));
    QVERIFY(page.canvas()->isStageCollapsed(1));
    QCOMPARE(page.canvas()->rows().size(), std::size_t(4));
    // 32 devices per stage, one polygon per op.
    QCOMPARE(page.canvas()->shapes().size(), page.data()->ops.size());
    // The ops table has the min/max/avg columns only.
    QCOMPARE(page.opsModel()->columnCount(), int(MareyOpsModel::FixedColumnCount));
    page.canvas()->setStageCollapsed(1, false);
    QCOMPARE(page.canvas()->rows().size(), std::size_t(2 + 1 + 32));
}

void TestMareyPage::downsampledChartOpensUpWhenZoomed()
{
    ViewState state;
    MareyPage page(&state);
    state.setProfile(m_profile);
    show(page);
    page.setMaxOpsPerStage(12);
    QTRY_VERIFY(!page.isBusy());
    const auto full = page.fullData();
    auto countMerged = [](const MareyData& d) {
        int merged = 0;
        for (const MareyOp& op : d.ops)
            merged += op.mergedOps > 1;
        return merged;
    };
    auto represented = [](const MareyData& d) {
        int n = d.droppedOps;
        for (const MareyOp& op : d.ops)
            n += op.mergedOps;
        return n;
    };
    QVERIFY(page.data() != full);
    QVERIFY(page.data()->ops.size() <= 2 * 12);
    QVERIFY(countMerged(*page.data()) > 0);
    QCOMPARE(represented(*page.data()), int(full->ops.size()));
    QCOMPARE(int(page.canvas()->shapes().size()), int(page.data()->ops.size()));
    // Zoom into a tenth: the window is downsampled again, with more detail.
    const TimeRange all = full->rangeNs;
    const TimeRange window { all.startNs + all.durationNs() / 2,
        all.startNs + all.durationNs() / 2 + all.durationNs() / 10 };
    page.canvas()->setViewRange(window);
    int inWindow = 0;
    for (const MareyOp& op : full->ops)
        inWindow += op.bounds().startNs <= window.endNs && op.bounds().endNs >= window.startNs;
    QCOMPARE(represented(*page.data()), inWindow);
    QCOMPARE(page.canvas()->viewRange(), window); // new data, same zoom
    int singlesBefore = 0, singlesAfter = 0;
    for (const MareyOp& op : page.data()->ops)
        singlesAfter += op.mergedOps == 1;
    page.canvas()->zoomOut();
    QCOMPARE(page.canvas()->viewRange(), all);
    for (const MareyOp& op : page.data()->ops)
        singlesBefore += op.mergedOps == 1;
    QVERIFY2(singlesAfter >= singlesBefore, qPrintable(QStringLiteral("%1 %2").arg(singlesAfter).arg(singlesBefore)));
    QCOMPARE(represented(*page.data()), int(full->ops.size()));
}

void TestMareyPage::emptyState()
{
    ViewState state;
    MareyPage page(&state);
    show(page);
    QVERIFY(!page.data());
    QVERIFY(page.canvas()->rows().empty());
    QVERIFY(page.canvas()->shapes().empty());
    QCOMPARE(page.canvas()->hitTest(QPointF(300, 300)).op, -1);
    const QImage image = page.grab().toImage();
    QVERIFY(!image.isNull());
    // A profile without timelines: a message, not a blank widget.
    auto empty = std::make_shared<Profile>();
    state.setProfile(empty);
    QTRY_VERIFY(!page.isBusy());
    QVERIFY(page.data());
    QVERIFY(page.data()->isEmpty());
    QVERIFY(!page.data()->note.isEmpty());
    page.grab();
}

void TestMareyPage::screenshots()
{
    // Not a check: PROFSCOPE_SCREENSHOTS=dir writes the page as users see it.
    const QString out = qEnvironmentVariable("PROFSCOPE_SCREENSHOTS");
    if (out.isEmpty())
        QSKIP("set PROFSCOPE_SCREENSHOTS to write screenshots");
    QTemporaryDir dir;
    GeneratorOptions o;
    o.ranks = 64;
    o.steps = 2;
    o.ops = 12;
    o.pipelineStages = 2;
    o.slowRank = 5;
    QString error;
    QVERIFY2(generateCluster(dir.path(), o, &error), qPrintable(error));
    const ProfilePtr profile = ProfileLoader::load({ dir.path() });
    ViewState state;
    MareyPage page(&state);
    state.setProfile(profile);
    state.setStep(QStringLiteral("2"));
    page.resize(1400, 900);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QTRY_VERIFY(!page.isBusy());
    page.canvas()->setStageCollapsed(0, false);
    QTest::qWait(50);
    QDir().mkpath(out);
    QVERIFY(page.grab().save(QDir(out).filePath(QStringLiteral("marey.png"))));
    page.canvas()->setShowMemory(true);
    QVERIFY(
        exportWidgetImage(page.canvas(), QDir(out).filePath(QStringLiteral("marey-chart-64.png")), QSize(1400, 1100)));
    page.canvas()->setShowMemory(false);
    page.canvas()->setAllStagesCollapsed(true);
    QVERIFY(
        exportWidgetImage(page.canvas(), QDir(out).filePath(QStringLiteral("marey-collapsed.png")), QSize(1400, 200)));

    // The dark palette.
    const QPalette dark = test::darkPalette();
    page.canvas()->setPalette(dark);
    page.canvas()->setAllStagesCollapsed(false);
    page.canvas()->setStageCollapsed(1, true);
    QVERIFY(exportWidgetImage(page.canvas(), QDir(out).filePath(QStringLiteral("marey-dark.png")), QSize(1400, 900)));
    page.canvas()->setPalette(page.palette());

    const ProfilePtr pair = ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) });
    state.setProfile(pair);
    QTRY_VERIFY(!page.isBusy());
    QVERIFY(exportWidgetImage(page.canvas(), QDir(out).filePath(QStringLiteral("marey-level1.png")), QSize(1400, 300)));
}

QTEST_MAIN(TestMareyPage)
#include "tst_mareypage.moc"
