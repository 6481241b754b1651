// SPDX-License-Identifier: Apache-2.0
// The Memory page offscreen on the real torch_npu ranks: the marked peak
// against memory_record.csv, the allocation table against
// operator_memory.csv (filter, highlight of the selected lifetime, live at
// the peak), compare mode, export and the empty states. Expected values are
// read from the CSV files by the test itself.

#include "common/export.h"
#include "common/vectorplot.h"
#include "common/viewstate.h"
#include "generate/clustergenerator.h"
#include "itemmodels/allocationmodel.h"
#include "load/profileloader.h"
#include "memory/memorypage.h"
#include "testsupport.h"
#include "viewtestsupport.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QMouseEvent>
#include <QPalette>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QScrollBar>
#include <QTest>
#include <QToolTip>

#include <cmath>

using namespace profscope;

namespace {

// Plain comma split: the memory CSVs have no quoted fields.
QList<QMap<QString, QString>> readCsvMaps(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QList<QMap<QString, QString>> out;
    if (lines.isEmpty())
        return out;
    const QStringList header = lines[0].trimmed().split(QLatin1Char(','));
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QStringList fields = lines[i].split(QLatin1Char(','));
        QMap<QString, QString> m;
        for (qsizetype c = 0; c < header.size() && c < fields.size(); ++c)
            m[header[c]] = fields[c].trimmed();
        out << m;
    }
    return out;
}

QString outputFile(int level, int rank, const QString& name)
{
    return test::textRank(level, rank) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/") + name;
}

// Exact for epoch timestamps (a double holds only ~16 digits).
qint64 usToNs(const QString& us)
{
    const QStringList parts = us.trimmed().split(QLatin1Char('.'));
    const QString frac = parts.size() > 1 ? parts[1] : QString();
    return parts[0].toLongLong() * 1000
        + qint64(std::llround(QString(QStringLiteral("0.") + frac).toDouble() * 1000.0));
}

// The proxy row showing operator_memory.csv's row `fileRow`.
int proxyRowOf(const MemoryPage& page, std::size_t fileRow)
{
    const QSortFilterProxyModel* proxy = page.allocationProxy();
    for (int r = 0; r < proxy->rowCount(); ++r)
        if (page.allocationModel()->allocation(proxy->mapToSource(proxy->index(r, 0)).row()).row == fileRow)
            return r;
    return -1;
}

} // namespace

class TestMemoryPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void peakMatchesMemoryRecord_data();
    void peakMatchesMemoryRecord();
    void allocationTable();
    void tablesShowNamesAndNumbersWhenNarrow();
    void selectionHighlightsLifetime();
    void liveAtPeak();
    void filterIsDebounced();
    void legendAndMetrics();
    void compareOverlay();
    void stepZoomsTimeAxis();
    void exportWritesFiles();
    void emptyStates();
    void screenshots();
};

void TestMemoryPage::peakMatchesMemoryRecord_data()
{
    QTest::addColumn<int>("level");
    QTest::addColumn<int>("rank");
    QTest::newRow("level1 rank0") << 1 << 0;
    QTest::newRow("level2 rank0") << 2 << 0;
    QTest::newRow("level2 rank1") << 2 << 1;
}

void TestMemoryPage::peakMatchesMemoryRecord()
{
    QFETCH(int, level);
    QFETCH(int, rank);
    ViewState state;
    MemoryPage page(&state);
    state.setProfile(ProfileLoader::load({ test::textRank(level, rank) }));
    QVERIFY(!page.isEmptyStateShown());
    // The marked peak is PTA's Total Allocated maximum, first reached.
    double maxMB = -1;
    qint64 maxTs = 0;
    for (const auto& r : readCsvMaps(outputFile(level, rank, QStringLiteral("memory_record.csv")))) {
        if (r[QStringLiteral("Component")] != QLatin1String("PTA")
            || r[QStringLiteral("Total Allocated(MB)")].isEmpty())
            continue;
        const double v = r[QStringLiteral("Total Allocated(MB)")].toDouble();
        if (v > maxMB) {
            maxMB = v;
            maxTs = usToNs(r[QStringLiteral("Timestamp(us)")]);
        }
    }
    QVERIFY(maxMB > 0);
    QVERIFY(page.peak());
    QCOMPARE(page.peak()->valueMB, maxMB);
    QVERIFY(std::abs(page.peak()->tsNs - maxTs) <= 1);
    QVERIFY(page.peak()->curveName.contains(QStringLiteral("PTA allocated")));
    // The plot's y axis shows the peak, the x axis is ms since the start.
    QVERIFY(page.plot()->yAxis->range().upper > maxMB);
    const double peakMs = double(maxTs - page.originNs()) / 1e6;
    QVERIFY(page.plot()->xAxis->range().contains(peakMs));
    // Hovering the plot lists the curves' values there.
    page.resize(1200, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    const QPoint at(int(page.plot()->xAxis->coordToPixel(peakMs + 0.01)), page.plot()->axisRect()->center().y());
    QMouseEvent move(QEvent::MouseMove, QPointF(at), QPointF(page.plot()->mapToGlobal(at)), Qt::NoButton, Qt::NoButton,
        Qt::NoModifier);
    QCoreApplication::sendEvent(page.plot(), &move);
    QVERIFY2(QToolTip::text().contains(QStringLiteral("PTA allocated: ")), qPrintable(QToolTip::text()));
    // The time under the mouse, within a pixel or two (a pixel spans more than a short peak).
    const double msPerPixel = page.plot()->xAxis->range().size() / page.plot()->axisRect()->width();
    const double hoveredMs = QToolTip::text().section(QLatin1Char(' '), 0, 0).toDouble();
    QVERIFY2(std::abs(hoveredMs - peakMs) < 3 * msPerPixel + 0.01, qPrintable(QToolTip::text()));
}

void TestMemoryPage::tablesShowNamesAndNumbersWhenNarrow()
{
    // At 1000 px the two tables are stacked: each shows every column (no
    // horizontal scroll) and a name column wide enough to read.
    ViewState state;
    MemoryPage page(&state);
    page.resize(1000, 700);
    page.show();
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0) }));
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QCoreApplication::processEvents();
    for (QTableView* table : { page.allocationTable(), page.liveTable() }) {
        QVERIFY(table->model()->rowCount() > 0);
        QVERIFY2(table->columnWidth(AllocationModel::NameColumn) >= 200,
            qPrintable(QString::number(table->columnWidth(AllocationModel::NameColumn))));
        QVERIFY(!table->horizontalScrollBar()->isVisible());
    }
    // Wide: side by side again.
    page.resize(1600, 900);
    QCoreApplication::processEvents();
    QVERIFY(page.allocationTable()->mapTo(&page, QPoint(0, 0)).y() == page.liveTable()->mapTo(&page, QPoint(0, 0)).y());
}

void TestMemoryPage::allocationTable()
{
    ViewState state;
    MemoryPage page(&state);
    QAbstractItemModelTester tester(page.allocationModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester liveTester(page.liveModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    state.setProfile(ProfileLoader::load({ test::textRank(2, 0) }));
    const auto rows = readCsvMaps(outputFile(2, 0, QStringLiteral("operator_memory.csv")));
    QCOMPARE(page.allocationProxy()->rowCount(), int(rows.size()));
    // Sorted by size, biggest first.
    const QSortFilterProxyModel* proxy = page.allocationProxy();
    double biggest = 0;
    for (const auto& r : rows)
        biggest = std::max(biggest, r[QStringLiteral("Size(KB)")].toDouble());
    QCOMPARE(proxy->index(0, AllocationModel::SizeColumn).data(AllocationModel::SortRole).toDouble(), biggest);
    for (int r = 1; r < proxy->rowCount(); ++r)
        QVERIFY(proxy->index(r - 1, AllocationModel::SizeColumn).data(AllocationModel::SortRole).toDouble()
            >= proxy->index(r, AllocationModel::SizeColumn).data(AllocationModel::SortRole).toDouble());
    // Every file row is there with its times relative to the origin in ms.
    for (std::size_t i = 0; i < std::size_t(rows.size()); i += 17) {
        const int r = proxyRowOf(page, i);
        QVERIFY(r >= 0);
        QCOMPARE(
            proxy->index(r, AllocationModel::NameColumn).data().toString(), rows[qsizetype(i)][QStringLiteral("Name")]);
        const double allocMs =
            double(usToNs(rows[qsizetype(i)][QStringLiteral("Allocation Time(us)")]) - page.originNs()) / 1e6;
        QVERIFY(std::abs(proxy->index(r, AllocationModel::AllocationColumn).data().toString().toDouble() - allocMs)
            < 0.0006);
        if (rows[qsizetype(i)][QStringLiteral("Release Time(us)")].isEmpty())
            QCOMPARE(proxy->index(r, AllocationModel::ReleaseColumn).data().toString(), QStringLiteral("not released"));
    }
}

void TestMemoryPage::selectionHighlightsLifetime()
{
    ViewState state;
    MemoryPage page(&state);
    state.setProfile(ProfileLoader::load({ test::textRank(2, 0) }));
    QVERIFY(!page.highlightRangeMs());
    const auto rows = readCsvMaps(outputFile(2, 0, QStringLiteral("operator_memory.csv")));
    // The biggest allocation that is released within the capture.
    qsizetype best = -1;
    for (qsizetype i = 0; i < rows.size(); ++i)
        if (!rows[i][QStringLiteral("Release Time(us)")].isEmpty()
            && (best < 0
                || rows[i][QStringLiteral("Size(KB)")].toDouble() > rows[best][QStringLiteral("Size(KB)")].toDouble()))
            best = i;
    QVERIFY(best >= 0);
    const int row = proxyRowOf(page, std::size_t(best));
    page.allocationTable()->selectRow(row);
    const auto range = page.highlightRangeMs();
    QVERIFY(range);
    const double allocMs = double(usToNs(rows[best][QStringLiteral("Allocation Time(us)")]) - page.originNs()) / 1e6;
    const double releaseMs = double(usToNs(rows[best][QStringLiteral("Release Time(us)")]) - page.originNs()) / 1e6;
    QVERIFY2(std::abs(range->first - allocMs) < 1e-6, qPrintable(QString::number(range->first - allocMs)));
    QVERIFY(std::abs(range->second - releaseMs) < 1e-6);
    // The band is in view.
    QVERIFY(page.plot()->xAxis->range().lower <= range->second && page.plot()->xAxis->range().upper >= range->first);

    // Never released: the band runs to the end of the capture, past every sample.
    qsizetype open = -1;
    for (qsizetype i = 0; i < rows.size(); ++i)
        if (rows[i][QStringLiteral("Release Time(us)")].isEmpty())
            open = i;
    QVERIFY(open >= 0);
    page.allocationTable()->selectRow(proxyRowOf(page, std::size_t(open)));
    const auto openRange = page.highlightRangeMs();
    QVERIFY(openRange);
    QVERIFY(std::abs(openRange->first
                - double(usToNs(rows[open][QStringLiteral("Allocation Time(us)")]) - page.originNs()) / 1e6)
        < 1e-6);
    qint64 lastEventNs = 0;
    for (const auto& r : rows)
        for (const QString& column : { QStringLiteral("Allocation Time(us)"), QStringLiteral("Release Time(us)") })
            if (!r[column].isEmpty())
                lastEventNs = std::max(lastEventNs, usToNs(r[column]));
    QVERIFY(openRange->second >= double(lastEventNs - page.originNs()) / 1e6 - 1e-6);
}

void TestMemoryPage::liveAtPeak()
{
    ViewState state;
    MemoryPage page(&state);
    state.setProfile(ProfileLoader::load({ test::textRank(2, 0) }));
    QVERIFY(page.peak());
    const qint64 peakNs = page.peak()->tsNs;
    int live = 0;
    double biggestLive = 0;
    for (const auto& r : readCsvMaps(outputFile(2, 0, QStringLiteral("operator_memory.csv")))) {
        const qint64 alloc = usToNs(r[QStringLiteral("Allocation Time(us)")]);
        const QString release = r[QStringLiteral("Release Time(us)")];
        if (alloc <= peakNs && (release.isEmpty() || usToNs(release) > peakNs)) {
            ++live;
            biggestLive = std::max(biggestLive, r[QStringLiteral("Size(KB)")].toDouble());
        }
    }
    QVERIFY(live > 0);
    QCOMPARE(page.liveModel()->rowCount(), std::min(live, 20));
    QCOMPARE(
        page.liveTable()->model()->index(0, AllocationModel::SizeColumn).data(AllocationModel::SortRole).toDouble(),
        biggestLive);
    // The big table's "Live at peak" column agrees.
    int marked = 0;
    for (int r = 0; r < page.allocationModel()->rowCount(); ++r)
        marked += page.allocationModel()->index(r, AllocationModel::LiveAtPeakColumn).data().toString()
            == QLatin1String("yes");
    QCOMPARE(marked, live);

    // A click on the peak marker selects them in the allocation table.
    page.resize(1400, 900);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    auto* plot = page.findChild<QCustomPlot*>();
    QVERIFY(plot);
    plot->replot();
    const QPointF marker = page.peakMarkerPosition();
    QVERIFY(!marker.isNull());
    auto* table = page.findChild<QTableView*>(QStringLiteral("allocationTable"));
    QVERIFY(table);
    QCOMPARE(table->selectionModel()->selectedRows().size(), 0);
    QTest::mouseClick(plot, Qt::LeftButton, {}, marker.toPoint());
    QCOMPARE(int(table->selectionModel()->selectedRows().size()), live);
    // Elsewhere on the plot: nothing changes.
    table->clearSelection();
    QTest::mouseClick(plot, Qt::LeftButton, {}, (marker + QPointF(-200, 40)).toPoint());
    QCOMPARE(table->selectionModel()->selectedRows().size(), 0);
}

void TestMemoryPage::filterIsDebounced()
{
    ViewState state;
    MemoryPage page(&state);
    state.setProfile(ProfileLoader::load({ test::textRank(2, 0) }));
    int matching = 0;
    const auto rows = readCsvMaps(outputFile(2, 0, QStringLiteral("operator_memory.csv")));
    for (const auto& r : rows)
        matching += r[QStringLiteral("Name")].contains(QStringLiteral("aten::mm"), Qt::CaseInsensitive);
    QVERIFY(matching > 0 && matching < rows.size());
    QTest::keyClicks(page.filterEdit(), QStringLiteral("ATEN::MM"));
    QCOMPARE(page.allocationProxy()->rowCount(), int(rows.size()));
    QTRY_COMPARE_WITH_TIMEOUT(page.allocationProxy()->rowCount(), matching, 3000);
}

void TestMemoryPage::legendAndMetrics()
{
    ViewState state;
    MemoryPage page(&state);
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0) }));
    // Allocated and reserved by default: one curve per component with values.
    QStringList expected;
    QMap<QString, QPair<bool, bool>> components; // allocated?, reserved?
    for (const auto& r : readCsvMaps(outputFile(1, 0, QStringLiteral("memory_record.csv")))) {
        auto& c = components[r[QStringLiteral("Component")]];
        c.first = c.first || !r[QStringLiteral("Total Allocated(MB)")].isEmpty();
        c.second = c.second || !r[QStringLiteral("Total Reserved(MB)")].isEmpty();
    }
    int curves = 0;
    for (const auto& c : std::as_const(components))
        curves += int(c.first) + int(c.second);
    QCOMPARE(page.curveNames().size(), qsizetype(curves));
    QVERIFY(page.curveNames().contains(QStringLiteral("PTA allocated")));
    QVERIFY(page.curveNames().contains(QStringLiteral("APP reserved")));
    page.setMetricShown(MemoryCurve::Metric::Reserved, false);
    QVERIFY(!page.curveNames().contains(QStringLiteral("APP reserved")));
    page.setMetricShown(MemoryCurve::Metric::ModuleReserved, true);
    // Module curves are only those with memory.
    int modules = 0;
    QMap<QString, double> modulePeak;
    for (const auto& r : readCsvMaps(outputFile(1, 0, QStringLiteral("npu_module_mem.csv"))))
        modulePeak[r[QStringLiteral("Component")]] =
            std::max(modulePeak[r[QStringLiteral("Component")]], r[QStringLiteral("Total Reserved(MB)")].toDouble());
    for (const double v : std::as_const(modulePeak))
        modules += v > 0;
    int allocated = 0;
    for (const auto& c : std::as_const(components))
        allocated += int(c.first);
    QCOMPARE(page.curveNames().size(), qsizetype(allocated + modules));
}

void TestMemoryPage::compareOverlay()
{
    ViewState state;
    MemoryPage page(&state);
    state.setProfile(ProfileLoader::load({ test::textRank(2, 0), test::textRank(2, 1) }));
    const int single = int(page.curveNames().size());
    state.setBaselineRank(0);
    state.setComparisonRank(1);
    const QStringList names = page.curveNames();
    QVERIFY(names.size() > single);
    QVERIFY(names.contains(QStringLiteral("rank 0 · PTA allocated")));
    QVERIFY(names.contains(QStringLiteral("rank 1 · PTA allocated")));
    for (int i = 0; i < page.plot()->graphCount(); ++i) {
        const QCPGraph* g = page.plot()->graph(i);
        if (g->name().startsWith(QStringLiteral("rank 1")))
            QVERIFY(g->pen().style() == Qt::DashLine || g->pen().style() == Qt::DashDotLine);
        else
            QVERIFY(g->pen().style() == Qt::SolidLine || g->pen().style() == Qt::DotLine);
    }
}

void TestMemoryPage::stepZoomsTimeAxis()
{
    QTemporaryDir dir;
    GeneratorOptions options;
    options.ranks = 1;
    options.steps = 3;
    options.ops = 8;
    QString error;
    QVERIFY2(generateCluster(dir.path(), options, &error), qPrintable(error));
    ViewState state;
    MemoryPage page(&state);
    state.setProfile(ProfileLoader::load({ dir.path() }));
    QVERIFY(!page.isEmptyStateShown());
    QVERIFY(state.steps().size() == 3);
    const QCPRange full = page.plot()->xAxis->range();
    // The generator's steps split the capture: each step is a fraction of it,
    // and the steps come one after the other.
    double previousUpper = -1e300;
    for (const QString& step : state.steps()) {
        state.setStep(step);
        const QCPRange r = page.plot()->xAxis->range();
        QVERIFY2(r.size() < full.size() * 0.6, qPrintable(step));
        QVERIFY(r.lower >= full.lower - 1e-9 && r.upper <= full.upper + 1.0);
        QVERIFY(r.center() > previousUpper - r.size());
        previousUpper = r.upper;
    }
    state.setStep(QString());
    QCOMPARE(page.plot()->xAxis->range().lower, full.lower);
    QCOMPARE(page.plot()->xAxis->range().upper, full.upper);
}

void TestMemoryPage::exportWritesFiles()
{
    ViewState state;
    MemoryPage page(&state);
    state.setProfile(ProfileLoader::load({ test::textRank(2, 0) }));
    QTemporaryDir dir;
    QStringList errors;
    const QStringList files = exportPage(page, dir.path(), &errors, QSize(1100, 480));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    const QString png = dir.filePath(QStringLiteral("memory-plot.png"));
    const QString svg = dir.filePath(QStringLiteral("memory-plot.svg"));
    const QString csv = dir.filePath(QStringLiteral("memory-allocations.csv"));
    QVERIFY(files.contains(png) && files.contains(svg) && files.contains(csv));
    const QImage image(png);
    QCOMPARE(image.size(), QSize(1100, 480));
    QSet<QRgb> colors;
    for (int y = 0; y < image.height(); y += 5)
        for (int x = 0; x < image.width(); x += 5)
            colors.insert(image.pixel(x, y));
    QVERIFY(colors.size() > 5);
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgText = svgFile.readAll();
    QVERIFY(svgText.contains("<svg"));
    QVERIFY(svgText.contains("Peak")); // text, not a pixmap
    QFile csvFile(csv);
    QVERIFY(csvFile.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csvFile.readAll().split('\n');
    const auto rows = readCsvMaps(outputFile(2, 0, QStringLiteral("operator_memory.csv")));
    QCOMPARE(lines.size() - 1, qsizetype(rows.size() + 1)); // header + rows, CRLF-terminated
    QVERIFY(lines.first().startsWith("Name,Size (KB)"));
}

void TestMemoryPage::emptyStates()
{
    ViewState state;
    MemoryPage page(&state);
    QVERIFY(page.isEmptyStateShown());
    QVERIFY(page.exportItems().isEmpty());

    // A rank without the memory files says which files it needs.
    QTemporaryDir dir;
    const QString rank = dir.filePath(QStringLiteral("rank0_ascend_pt"));
    QVERIFY(test::copyTree(test::textRank(1, 0), rank));
    for (const char* name : { "memory_record.csv", "operator_memory.csv", "npu_module_mem.csv" })
        QVERIFY(QFile::remove(rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT/") + QLatin1String(name)));
    state.setProfile(ProfileLoader::load({ rank }));
    QVERIFY(page.isEmptyStateShown());
    QVERIFY(page.emptyText().contains(QStringLiteral("memory_record.csv")));
    QVERIFY(page.emptyText().contains(QStringLiteral("operator_memory.csv")));
    QVERIFY(page.emptyText().contains(QStringLiteral("profile_memory=True")));

    // Curves without operator_memory.csv: the plot, and a note for the table.
    QVERIFY(test::copyTree(test::textRank(1, 0), dir.filePath(QStringLiteral("b/rank0_ascend_pt"))));
    QVERIFY(
        QFile::remove(dir.filePath(QStringLiteral("b/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/operator_memory.csv"))));
    state.setProfile(ProfileLoader::load({ dir.filePath(QStringLiteral("b/rank0_ascend_pt")) }));
    QVERIFY(!page.isEmptyStateShown());
    QVERIFY(page.peak());
    QCOMPARE(page.allocationModel()->rowCount(), 0);
    QCOMPARE(page.exportItems().size(), qsizetype(1));
}

void TestMemoryPage::screenshots()
{
    QTemporaryDir tmp;
    const QString out = test::screenshotDir(tmp);
    QVERIFY(QDir().mkpath(out));
    ViewState state;
    MemoryPage page(&state);
    page.resize(1400, 860);
    if (qEnvironmentVariableIsSet("PROFSCOPE_SCREENSHOT_DARK")) {
        const QPalette dark = test::darkPalette();
        page.setPalette(dark);
    }
    state.setProfile(ProfileLoader::load({ test::textRank(2, 0), test::textRank(2, 1) }));
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.filterEdit()->setFocus(); // no selected spin box text in the picture
    // Select a mid-sized allocation so the highlight shows.
    page.allocationTable()->selectRow(3);
    QVERIFY(page.grab().save(QDir(out).filePath(QStringLiteral("memory.png"))));
    state.setBaselineRank(0);
    state.setComparisonRank(1);
    QTest::qWait(20);
    QVERIFY(page.grab().save(QDir(out).filePath(QStringLiteral("memory-compare.png"))));
    if (qEnvironmentVariableIsSet("PROFSCOPE_SCREENSHOT_CLUSTER")) {
        state.setProfile(ProfileLoader::load({ qEnvironmentVariable("PROFSCOPE_SCREENSHOT_CLUSTER") }));
        state.setCurrentRank(2);
        QTest::qWait(20);
        QVERIFY(page.grab().save(QDir(out).filePath(QStringLiteral("memory-cluster.png"))));
    }
}

QTEST_MAIN(TestMemoryPage)
#include "tst_memorypage.moc"
