// SPDX-License-Identifier: Apache-2.0
// The Resources page offscreen: the FLOPs heatmap and proposal on
// MindInsight's cluster_propose (reference data-prep-flops-strategy.md §2.4),
// the cluster memory overview and API statistics on the torch_npu level1
// ranks (figures as in tst_resources / tst_apistatmodel, from python3 over the
// files), a device click, export, and the empty state.

#include "common/export.h"
#include "common/viewstate.h"
#include "itemmodels/apistatmodel.h"
#include "itemmodels/flopsopmodel.h"
#include "load/profileloader.h"
#include "resources/apistatspanel.h"
#include "resources/deviceheatmap.h"
#include "resources/resourcespage.h"
#include "testsupport.h"
#include "viewtestsupport.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDir>
#include <QImage>
#include <QPieSeries>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace profscope;

class TestResourcesPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void flopsHeatmap();
    void memoryAndApi();
    void flopsPerOperator();
    void emptyProfile();
    void apiFromDatabase();
    void exportFiles();
    void screenshots();
};

void TestResourcesPage::initTestCase()
{
    QVERIFY(test::isolateUserLocations(QStringLiteral("tst_resourcespage")));
}

void TestResourcesPage::flopsHeatmap()
{
    ViewState state;
    ResourcesPage page(&state);
    page.resize(1200, 800);
    page.show();
    state.setProfile(ProfileLoader::load({ test::mindinsight(QStringLiteral("cluster_propose")) }));
    QVERIFY(!page.isEmptyStateShown());
    // Only the FLOPs tab: no memory or API files in cluster_propose.
    QCOMPARE(page.tabs()->count(), 1);
    QCOMPARE(page.tabs()->tabText(0), QStringLiteral("FLOPs"));
    const auto& cells = page.flopsHeatmap()->cells();
    QCOMPARE(int(cells.size()), 4);
    // Shown 0.325 / 0.325 / 0.999 / 1.000; the two stage-2 devices are flagged.
    const QStringList shown { "0.325", "0.325", "0.999", "1.000" };
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(cells[std::size_t(i)].value, shown[i]);
        QCOMPARE(cells[std::size_t(i)].flagged, i >= 2);
    }
    QVERIFY2(page.proposalText().contains(QLatin1String("50.94%")), qPrintable(page.proposalText()));
    QVERIFY(page.proposalText().contains(QLatin1String("stage 2")));
    QCOMPARE(page.flopsModel()->rowCount(), 4);
    QCOMPARE(page.flopsModel()->text(3, 2), QStringLiteral("329612.400"));
    // The legend's buckets: g = 0.1 -> 10 colours from the palette's ends.
    QCOMPARE(DeviceHeatmap::bucketColor(0, 10), QColor(0xfff2d0));
    QCOMPARE(DeviceHeatmap::bucketColor(9, 10), QColor(0x104d85));

    // A click on rank 2's cell makes it the current rank (its per-op FLOPs:
    // cluster_propose has no flops_{rank}.txt, the title says so); a double
    // click asks for its operators.
    QSignalSpy operators(&state, &ViewState::operatorRequested);
    QTest::qWait(10);
    const QRect r = page.flopsHeatmap()->cellRect(2);
    QVERIFY(r.isValid());
    QTest::mouseClick(page.flopsHeatmap(), Qt::LeftButton, {}, r.center());
    QCOMPARE(state.currentRank(), cells[2].rankIndex);
    QCOMPARE(operators.count(), 0);
    QVERIFY2(page.flopsOpsTitle().contains(QLatin1String("Rank 2 has no flops_{rank}.txt")), qPrintable(page.flopsOpsTitle()));
    QTest::mouseDClick(page.flopsHeatmap(), Qt::LeftButton, {}, r.center());
    QCOMPARE(operators.count(), 1);
    QCOMPARE(operators.first().at(0).toInt(), cells[2].rankIndex);

    page.setGranularity(0.02);
    QCOMPARE(page.flopsHeatmap()->granularity(), 0.02);
}

void TestResourcesPage::flopsPerOperator()
{
    // profiler/: rank 0 has flops_0.txt (4 ops) and the only summary; rank 1
    // has flops_1.txt (10 ops, generation B) and no summary.
    ViewState state;
    ResourcesPage page(&state);
    page.resize(1200, 800);
    page.show();
    const ProfilePtr profile = ProfileLoader::load({ test::mindinsight(QStringLiteral("profiler")) });
    state.setProfile(profile);
    QCOMPARE(page.tabs()->tabText(0), QStringLiteral("FLOPs"));
    QCOMPARE(int(page.flopsHeatmap()->cells().size()), 1);
    QVERIFY2(page.proposalText().contains(QLatin1String("1 rank(s) (1) with flops_{rank}.txt but no flops_summary")),
             qPrintable(page.proposalText()));
    int rank0 = -1, rank1 = -1;
    for (int i = 0; i < int(profile->ranks.size()); ++i) {
        rank0 = profile->ranks[std::size_t(i)]->info.rankId == 0 ? i : rank0;
        rank1 = profile->ranks[std::size_t(i)]->info.rankId == 1 ? i : rank1;
    }
    state.setCurrentRank(rank0);
    QCOMPARE(page.flopsOpModel()->rowCount(), 4);
    state.setCurrentRank(rank1);
    QCOMPARE(page.flopsOpModel()->rowCount(), 10);
    QCOMPARE(page.flopsOpModel()->columnCount(), 8);
    QVERIFY(page.flopsOpsTitle().contains(QLatin1String("Rank 1")));
}

void TestResourcesPage::memoryAndApi()
{
    ViewState state;
    ResourcesPage page(&state);
    page.resize(1200, 800);
    page.show();
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) }));
    QCOMPARE(page.tabs()->count(), 2);
    QCOMPARE(page.tabs()->tabText(0), QStringLiteral("Cluster Memory"));
    QCOMPARE(page.tabs()->tabText(1), QStringLiteral("API Statistics"));
    // APP reserved peaks 2113.73046875 / 2113.734375 MB.
    QCOMPARE(page.memoryModel()->rowCount(), 2);
    QCOMPARE(page.memoryModel()->text(0, 1), QStringLiteral("2113.73"));
    QCOMPARE(page.memoryModel()->text(1, 3), QStringLiteral("1.000000"));
    // Peak at: the first APP row with the largest Total Reserved in memory_record.csv, less
    // the first ts of trace_view.json (Python's Decimal: 160.045 and 160.046 ms), as on the
    // Memory page's axis.
    QCOMPARE(page.memoryModel()->headerData(5, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("Peak at (ms)"));
    QCOMPARE(page.memoryModel()->text(0, 5), QStringLiteral("160.045"));
    QCOMPARE(page.memoryModel()->text(1, 5), QStringLiteral("160.046"));
    QSignalSpy memory(&state, &ViewState::memoryRequested);
    page.tabs()->setCurrentIndex(0);
    QTest::qWait(10);
    QTest::mouseClick(page.memoryHeatmap(), Qt::LeftButton, {}, page.memoryHeatmap()->cellRect(1).center());
    QCOMPARE(memory.count(), 1);
    QCOMPARE(memory.first().at(0).toInt(), 1);

    // API statistics merged over both ranks: 57 APIs; the donut has acl, node, hccl.
    ApiStatsPanel* api = page.apiPanel();
    // A hidden panel fills when it is shown (DeferredRefresh): show its tab.
    for (int i = 0; i < page.tabs()->count(); ++i)
        if (page.tabs()->widget(i) == api || page.tabs()->widget(i)->isAncestorOf(api))
            page.tabs()->setCurrentIndex(i);
    QVERIFY(api->isVisible());
    QCOMPARE(api->model()->rowCount(), 57);
    QCOMPARE(api->scopeCombo()->count(), 3);
    auto* pie = qobject_cast<QPieSeries*>(api->typeChart()->chart()->series().value(0));
    QVERIFY(pie);
    QCOMPARE(pie->count(), 3);
    // acl: 235603.62 us of 244808.01 us in all (235603.62 + 8271.59 + 932.8).
    QVERIFY2(pie->slices().at(0)->label().startsWith(QStringLiteral("acl · 96.2%")), qPrintable(pie->slices().at(0)->label()));
    // One rank: rank 1's file alone.
    api->scopeCombo()->setCurrentIndex(2);
    QCOMPARE(api->model()->rowCount(), 57);
    QCOMPARE(api->model()->section(ApiStatModel::RanksColumn), -1);
    // A slice click filters the table to its type.
    api->setTypeFilter(QStringLiteral("node"));
    QCOMPARE(api->proxy()->rowCount(), 1);
    api->setTypeFilter(QStringLiteral("node"));
    QCOMPARE(api->proxy()->rowCount(), 57);
}

void TestResourcesPage::apiFromDatabase()
{
    // The level1 DB export has no api_statistic table: the tab shows the
    // CANN_API calls (1029 acl, 382 node, 8 hccl calls: tst_apistatmodel) and says so.
    ViewState state;
    ResourcesPage page(&state);
    state.setProfile(ProfileLoader::load({ test::dbRank(1, 0), test::dbRank(1, 1) }));
    int apiTab = -1;
    for (int i = 0; i < page.tabs()->count(); ++i)
        apiTab = page.tabs()->tabText(i) == QLatin1String("API Statistics") ? i : apiTab;
    QVERIFY(apiTab >= 0);
    QVERIFY(page.apiPanel()->model()->rowCount() > 0);
    QVERIFY2(page.apiPanel()->summaryText().contains(QLatin1String("2 rank(s) without api_statistic.csv")),
             qPrintable(page.apiPanel()->summaryText()));
}

void TestResourcesPage::emptyProfile()
{
    ViewState state;
    ResourcesPage page(&state);
    // A folder with only a step trace: no FLOPs, memory or API data.
    QTemporaryDir dir;
    test::writeFile(dir, QStringLiteral("profiler/step_trace_raw_0_detail_time.csv"),
                    "step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,fp_and_bp,tail\n"
                    "1,0,100,100,10,90,0,80,10\n-,0,100,100,10,90,0,80,10\n");
    const ProfilePtr profile = ProfileLoader::load({ dir.path() });
    QVERIFY(!ResourcesPage::hasData(*profile));
    state.setProfile(profile);
    QVERIFY(page.isEmptyStateShown());
    QVERIFY(page.emptyText().contains(QLatin1String("flops_summary")));
    QVERIFY(page.emptyText().contains(QLatin1String("api_statistic.csv")));
    QVERIFY(page.exportItems().isEmpty());
}

void TestResourcesPage::exportFiles()
{
    ViewState state;
    ResourcesPage page(&state);
    page.resize(1200, 800);
    page.show();
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) }));
    QTemporaryDir dir;
    QStringList errors;
    const QStringList written = exportPage(page, dir.path(), &errors);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    for (const char* name : { "resources-memory-heatmap.png", "resources-memory-heatmap.svg", "resources-memory.csv",
             "resources-api-types.png", "resources-api-top.svg", "resources-api.csv" })
        QVERIFY2(QFile::exists(QDir(dir.path()).filePath(QLatin1String(name))), name);
    QFile csv(QDir(dir.path()).filePath(QStringLiteral("resources-api.csv")));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 58);
    QVERIFY(lines[0].startsWith("Type,API Name,Count"));
}

void TestResourcesPage::screenshots()
{
    // Each tab drawn at a typical window size (PROFSCOPE_SCREENSHOT_DIR keeps them).
    QTemporaryDir fallback;
    const QString dir = test::screenshotDir(fallback);
    ViewState state;
    ResourcesPage page(&state);
    page.resize(1180, 760);
    page.show();
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) }));
    for (int i = 0; i < page.tabs()->count(); ++i) {
        page.tabs()->setCurrentIndex(i);
        QTest::qWait(20);
        const QImage image = page.grab().toImage();
        QVERIFY(!image.isNull());
        QVERIFY(image.save(QDir(dir).filePath(QStringLiteral("resources-level1-%1.png").arg(i))));
    }
    state.setProfile(ProfileLoader::load({ test::mindinsight(QStringLiteral("cluster_propose")) }));
    QTest::qWait(20);
    QVERIFY(page.grab().toImage().save(QDir(dir).filePath(QStringLiteral("resources-flops.png"))));
}

QTEST_MAIN(TestResourcesPage)
#include "tst_resourcespage.moc"
