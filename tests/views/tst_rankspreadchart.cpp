// SPDX-License-Identifier: Apache-2.0
// The overview's whole-cluster distribution: ranks sorted by step time or by
// one component, drawn against the values of each rank's own
// step_trace_time.csv (read in the test), with the rank the generator slowed
// down named as the outlier.
#include "common/export.h"
#include "common/viewstate.h"
#include "generate/clustergenerator.h"
#include "load/profileloader.h"
#include "overview/overviewcharts.h"
#include "overview/overviewmodels.h"
#include "overview/overviewpage.h"
#include "overview/rankspreadchart.h"
#include "testsupport.h"
#include "viewtestsupport.h"

#include <QComboBox>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPicture>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <algorithm>
#include <cmath>

using namespace profscope;

namespace {

constexpr int kManyRanks = 96; // above the 64 where bars stop fitting
constexpr int kSlowRank = 37;

ProfilePtr generated(QTemporaryDir& dir, int ranks)
{
    GeneratorOptions options;
    options.ranks = ranks;
    options.steps = 2;
    options.ops = 6;
    options.slowRank = ranks > kSlowRank ? kSlowRank : -1;
    QString error;
    if (!generateCluster(dir.path(), options, &error)) {
        qWarning("%s", qPrintable(error));
        return nullptr;
    }
    return ProfileLoader::load({ dir.path() });
}

// Per rank id, from its step_trace_time.csv: the mean over steps of
// "Computing - Overlapped" (compute only) and of the five parts' sum (step time), in µs.
struct CsvRank
{
    int rankId = -1;
    double computeOnlyUs = 0;
    double stepUs = 0;
};

std::vector<CsvRank> csvRanks(const Profile& profile)
{
    std::vector<CsvRank> ranks;
    for (const auto& rank : profile.ranks) {
        const std::vector<test::CsvStep> steps = test::readStepTraceCsv(rank->info.rootPath);
        CsvRank r;
        r.rankId = rank->info.rankId;
        for (const test::CsvStep& s : steps) {
            const auto at = [&](const char* name) { return s.us.at(QString::fromLatin1(name)); };
            r.computeOnlyUs += (at("Computing") - at("Overlapped")) / double(steps.size());
            r.stepUs += (at("Computing") + at("Communication(Not Overlapped)") + at("Free") + at("Preparing"))
                / double(steps.size());
        }
        ranks.push_back(r);
    }
    return ranks;
}

// The drawn value (µs) at sorted position p: the top of the last visible area.
double drawnUs(const RankSpreadChart& chart, int p)
{
    for (int g = chart.graphCount() - 1; g >= 0; --g) {
        if (!chart.graph(g)->visible())
            continue;
        const auto it = chart.graph(g)->data()->findBegin(p, false);
        if (it != chart.graph(g)->data()->constEnd() && it->key == p)
            return it->value * chart.unitNs() / 1000.0;
    }
    return -1;
}

} // namespace

class TestRankSpreadChart : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void manyRanksShowTheDistribution();
    void sortedByComputeNamesTheSlowRank();
    void fewRanksKeepBarsUntilChosen();
    void exportShowsEveryRank();
    void manyPositionsAreSampled();
    void screenColumnsMatchThePolygons();

private:
    QTemporaryDir m_manyDir;
    ProfilePtr m_many;
};

void TestRankSpreadChart::initTestCase()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    m_many = generated(m_manyDir, kManyRanks);
    QVERIFY(m_many);
    QCOMPARE(int(m_many->ranks.size()), kManyRanks);
}

void TestRankSpreadChart::manyRanksShowTheDistribution()
{
    ViewState state;
    OverviewPage page(&state);
    page.resize(1200, 800);
    page.show();
    state.setProfile(m_many);
    QCOMPARE(page.chartKindCombo()->currentData().toInt(), int(OverviewPage::RankChart::Distribution));
    QVERIFY(page.spreadChart()->isVisibleTo(&page));
    QVERIFY(!page.descendingButton()->isVisibleTo(&page));
    // The combo says what the ranks are sorted by, and offers no order that is not an amount.
    QCOMPARE(page.sortCombo()->currentData().toInt(), int(OverviewBarsModel::TotalColumn));
    const auto* items = qobject_cast<const QStandardItemModel*>(page.sortCombo()->model());
    QVERIFY(items);
    QVERIFY(!items->item(page.sortCombo()->findData(int(OverviewBarsModel::RankColumn)))->isEnabled());
    QVERIFY(!items->item(page.sortCombo()->findData(int(OverviewBarsModel::StageColumn)))->isEnabled());
    QVERIFY(items->item(page.sortCombo()->findData(int(OverviewBarsModel::FreeColumn)))->isEnabled());

    const RankSpreadChart& chart = *page.spreadChart();
    QCOMPARE(int(chart.spread().order.size()), kManyRanks);
    // Every rank drawn, in the order of the CSV step times.
    std::vector<CsvRank> csv = csvRanks(*m_many);
    std::sort(csv.begin(), csv.end(), [](const CsvRank& a, const CsvRank& b) { return a.stepUs < b.stepUs; });
    const double tolerance = 0.01 * csv.back().stepUs;
    for (int p = 0; p < kManyRanks; ++p)
        QVERIFY2(std::abs(drawnUs(chart, p) - csv[std::size_t(p)].stepUs) <= tolerance,
            qPrintable(QStringLiteral("position %1: drawn %2 µs, csv %3 µs")
                           .arg(p)
                           .arg(drawnUs(chart, p))
                           .arg(csv[std::size_t(p)].stepUs)));
    // The median: the 48th of 96 sorted (nearest rank).
    QVERIFY(std::abs(double(chart.spread().p50Ns) / 1000.0 - csv[47].stepUs) <= tolerance);
    QVERIFY(chart.graph(0)->visible() && chart.graph(4)->visible());
}

void TestRankSpreadChart::sortedByComputeNamesTheSlowRank()
{
    ViewState state;
    OverviewPage page(&state);
    page.resize(1200, 800);
    page.show();
    state.setProfile(m_many);
    page.sortBars(OverviewBarsModel::ComputingOnlyColumn, Qt::DescendingOrder);
    const RankSpreadChart& chart = *page.spreadChart();
    QCOMPARE(chart.metric(), 0);
    // One area: compute only, sorted smallest first, as in the CSV.
    QVERIFY(chart.graph(0)->visible());
    for (int g = 1; g < 5; ++g)
        QVERIFY(!chart.graph(g)->visible());
    std::vector<CsvRank> csv = csvRanks(*m_many);
    std::sort(
        csv.begin(), csv.end(), [](const CsvRank& a, const CsvRank& b) { return a.computeOnlyUs < b.computeOnlyUs; });
    QCOMPARE(csv.back().rankId, kSlowRank); // what the generator planted
    const double tolerance = 0.01 * csv.back().stepUs;
    for (int p = 0; p < kManyRanks; ++p)
        QVERIFY(std::abs(drawnUs(chart, p) - csv[std::size_t(p)].computeOnlyUs) <= tolerance);
    const int lastRow = chart.rowAt(kManyRanks - 1);
    QCOMPARE(page.barsModel()->row(lastRow).rankId, kSlowRank);
    // Named, and only it: its kernels run 30% longer than everyone's.
    QCOMPARE(chart.outlierLabels().size(), 1);
    QVERIFY2(chart.outlierLabels().constFirst().startsWith(QStringLiteral("rank %1 · +").arg(kSlowRank)),
        qPrintable(chart.outlierLabels().join(QLatin1Char('|'))));
    const double percent = (csv.back().computeOnlyUs / csv[47].computeOnlyUs - 1.0) * 100.0;
    QVERIFY2(chart.outlierLabels().constFirst().contains(QString::number(percent, 'f', 1).left(2)),
        qPrintable(chart.outlierLabels().constFirst() + QStringLiteral(" vs %1%").arg(percent)));

    QTemporaryDir shots;
    QVERIFY(page.grab().save(test::screenshotDir(shots) + QStringLiteral("/overview-distribution-compute.png")));

    // Back to step time: the stacked parts again.
    page.sortBars(OverviewBarsModel::RankColumn, Qt::AscendingOrder);
    QCOMPARE(chart.metric(), -1);
    for (int g = 0; g < 5; ++g)
        QVERIFY(chart.graph(g)->visible());
}

void TestRankSpreadChart::fewRanksKeepBarsUntilChosen()
{
    QTemporaryDir dir;
    const ProfilePtr few = generated(dir, 8);
    QVERIFY(few);
    ViewState state;
    OverviewPage page(&state);
    page.resize(1200, 800);
    page.show();
    state.setProfile(few);
    QCOMPARE(page.chartKindCombo()->currentData().toInt(), int(OverviewPage::RankChart::EveryRank));
    QVERIFY(page.barsChart()->isVisibleTo(&page));
    QVERIFY(page.descendingButton()->isVisibleTo(&page));
    // The user picks the distribution (keyboard on the combo, as a user would)…
    page.chartKindCombo()->setFocus();
    QTest::keyClick(page.chartKindCombo(), Qt::Key_Down);
    QCOMPARE(page.chartKindCombo()->currentData().toInt(), int(OverviewPage::RankChart::Distribution));
    QVERIFY(page.spreadChart()->isVisibleTo(&page));
    QCOMPARE(int(page.spreadChart()->spread().order.size()), 8);
    // Rank order again once the bars are back.
    QTest::keyClick(page.chartKindCombo(), Qt::Key_Up);
    const auto* items = qobject_cast<const QStandardItemModel*>(page.sortCombo()->model());
    QVERIFY(items->item(page.sortCombo()->findData(int(OverviewBarsModel::RankColumn)))->isEnabled());
    QTest::keyClick(page.chartKindCombo(), Qt::Key_Down);
    // …and it stays chosen for the next profiles, small or large.
    state.setProfile(m_many);
    state.setProfile(few);
    QCOMPARE(page.chartKindCombo()->currentData().toInt(), int(OverviewPage::RankChart::Distribution));
}

void TestRankSpreadChart::exportShowsEveryRank()
{
    ViewState state;
    OverviewPage page(&state);
    page.resize(1200, 800);
    page.show();
    state.setProfile(m_many);
    // The bars show a part of the ranks; the distribution every one.
    QVERIFY(page.barsChart()->maxVisibleBars() < kManyRanks);
    QTemporaryDir out;
    QStringList errors;
    const QStringList files = exportPage(page, out.path(), &errors, QSize(1600, 900));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    const QString png = out.filePath(QStringLiteral("overview-distribution.png"));
    QVERIFY2(files.contains(png), qPrintable(files.join(QLatin1Char('\n'))));
    QVERIFY(QFileInfo(png).size() > 10000);
    QVERIFY(files.contains(out.filePath(QStringLiteral("overview-distribution.svg"))));
    const QCPRange range = page.spreadChart()->xAxis->range();
    QVERIFY(range.lower <= 0 && range.upper >= kManyRanks - 1);
}

void TestRankSpreadChart::manyPositionsAreSampled()
{
    // Up to the limit every position; above it evenly spaced ones, both ends and the kept ones.
    const std::vector<int> few = drawnPositions(5, 2000);
    QCOMPARE(few, (std::vector<int> { 0, 1, 2, 3, 4 }));
    QVERIFY(drawnPositions(0, 2000).empty());
    // 10,000 positions through 5 points: 0, 2499.75 -> 2499, 4999, 7499, 9999; 1234 and 9998 kept.
    QCOMPARE(drawnPositions(10000, 5, { 9998, 1234, 4999, 20000 }),
             (std::vector<int> { 0, 1234, 2499, 4999, 7499, 9998, 9999 }));
    const std::vector<int> many = drawnPositions(10000, RankSpreadChart::kMaxDrawnPositions, { 77 });
    QCOMPARE(int(many.size()), RankSpreadChart::kMaxDrawnPositions + 1);
    QCOMPARE(many.front(), 0);
    QCOMPARE(many.back(), 9999);
    QVERIFY(std::is_sorted(many.begin(), many.end()));
    QVERIFY(std::binary_search(many.begin(), many.end(), 77));
}

void TestRankSpreadChart::screenColumnsMatchThePolygons()
{
    // On screen the areas are filled column by column; in a vector export (here a QPicture, played
    // back onto an image) QCustomPlot fills its own step-centre polygons. The reference is that
    // polygon fill: both must colour the plot's pixels alike.
    ViewState state;
    OverviewPage page(&state);
    page.resize(1200, 800);
    page.show();
    state.setProfile(m_many);
    RankSpreadChart& chart = *page.spreadChart();
    QVERIFY(chart.isVisibleTo(&page));
    // The areas alone: the band, lines and labels (text differs between the two paint engines) hidden.
    for (int i = 0; i < chart.itemCount(); ++i)
        chart.item(i)->setVisible(false);
    const QImage screen = chart.grab().toImage().convertToFormat(QImage::Format_RGB32);
    QPicture picture;
    chart.render(&picture);
    QImage vector(screen.size(), QImage::Format_RGB32);
    vector.fill(Qt::white);
    {
        QPainter painter(&vector);
        painter.drawPicture(0, 0, picture);
    }
    // Inside the axes and their ticks.
    const QRect plot = chart.axisRect()->rect().adjusted(8, 8, -8, -8);
    QVERIFY(plot.width() > 500 && plot.height() > 200);
    std::vector<QRgb> areaColors;
    for (int c = 0; c < chart.graphCount(); ++c)
        areaColors.push_back(chart.graph(c)->brush().color().rgb());
    int differing = 0;
    std::vector<int> filled(areaColors.size(), 0);
    for (int y = plot.top(); y <= plot.bottom(); ++y)
        for (int x = plot.left(); x <= plot.right(); ++x) {
            differing += screen.pixel(x, y) != vector.pixel(x, y);
            const auto it = std::find(areaColors.begin(), areaColors.end(), screen.pixel(x, y));
            if (it != areaColors.end())
                ++filled[std::size_t(it - areaColors.begin())];
        }
    // The generated ranks spend most of the step in communication, a good part computing and
    // preparing: those areas cover much of the plot (sorted step times up to 1/1.12 of its height).
    QCOMPARE(int(areaColors.size()), 5);
    QVERIFY2(filled[0] > plot.width() * plot.height() / 10, qPrintable(QString::number(filled[0])));
    QVERIFY2(filled[2] > plot.width() * plot.height() / 4, qPrintable(QString::number(filled[2])));
    QVERIFY2(filled[4] > plot.width() * plot.height() / 20, qPrintable(QString::number(filled[4])));
    // The same pixels (up to one pixel column's rounding).
    QVERIFY2(differing <= plot.height(), qPrintable(QStringLiteral("%1 of %2 pixels differ")
                                                        .arg(differing)
                                                        .arg(plot.width() * plot.height())));
}

QTEST_MAIN(TestRankSpreadChart)
#include "tst_rankspreadchart.moc"
