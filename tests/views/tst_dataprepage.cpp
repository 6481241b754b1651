// SPDX-License-Identifier: Apache-2.0
// The Data Preparation page on MindInsight's run_2 (rank 1): the graph draws
// the four queued ops with ImageFolderOp_3 flagged, the table lists the five
// ops, the findings carry the proposals, the charts have data and export; a
// profile without MindData shows the empty text naming the files.
#include "common/export.h"
#include "common/vectorplot.h"
#include "common/viewstate.h"
#include "dataprep/dataprepage.h"
#include "dataprep/pipelinegraph.h"
#include "load/profileloader.h"
#include "testsupport.h"

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QMouseEvent>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTest>

using namespace profscope;

class TestDataPrepPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void run2();
    void emptyProfile();
    void newLayoutWithDatasetOnly();
};

void TestDataPrepPage::run2()
{
    const QString root = test::mindinsight(QStringLiteral("run_2/normal_run/profiler"));
    if (!QFileInfo::exists(root))
        QSKIP("mindinsight fixtures not found next to the repository");
    ViewState state;
    DataPrepPage page(&state);
    page.resize(1300, 900);
    page.show();
    LoadOptions options;
    options.readTraces = false;
    state.setProfile(ProfileLoader::load({ root }, options));
    QVERIFY(DataPrepPage::hasData(*state.profile()));
    QVERIFY(!page.isEmptyStateShown());
    QCOMPARE(page.opModel()->rowCount(), 5);
    // Drawn: ops 0..3; EpochCtrlOp 4 has no queue and is not drawn.
    for (qint64 id : { 0, 1, 2, 3 })
        QVERIFY(!page.graph()->opRect(id).isNull());
    QVERIFY(page.graph()->opRect(4).isNull());
    // Leaf on the left, root on the right.
    QVERIFY(page.graph()->opRect(3).left() < page.graph()->opRect(0).left());
    const QString text = page.findingsText();
    QVERIFY2(text.contains(QLatin1String("ImageFolderOp_3")), qPrintable(text));
    QVERIFY(text.contains(QLatin1String("1 of 1 steps (100%")));
    QVERIFY(text.contains(QLatin1String("3 calls, 0 empty")));
    QVERIFY(text.contains(QLatin1String("machine 90% active")));
    QVERIFY(page.stepPlot()->plottableCount() >= 2);
    QVERIFY(page.cpuPlot()->graphCount() >= 6);
    // A click on an op box selects its table row.
    QTest::mouseClick(page.graph(), Qt::LeftButton, {}, page.graph()->opRect(3).center().toPoint());
    QCOMPARE(page.graph()->selectedOp(), qint64(3));

    QTemporaryDir dir;
    QStringList errors;
    const QStringList written = exportPage(page, dir.path(), &errors);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
    for (const char* name : { "dataprep-pipeline.png", "dataprep-pipeline.svg", "dataprep-ops.csv",
             "dataprep-steps.png", "dataprep-cpu.svg" })
        QVERIFY2(QFileInfo::exists(QDir(dir.path()).filePath(QLatin1String(name))), name);
    QFile csv(QDir(dir.path()).filePath(QStringLiteral("dataprep-ops.csv")));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QString csvText = QString::fromUtf8(csv.readAll());
    QVERIFY(csvText.contains(QLatin1String("ImageFolderOp")));
    QVERIFY(csvText.contains(QLatin1String("1.56 %")));
}

void TestDataPrepPage::emptyProfile()
{
    ViewState state;
    DataPrepPage page(&state);
    page.resize(900, 600);
    page.show();
    LoadOptions options;
    options.readTraces = false;
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0) }, options));
    QVERIFY(!DataPrepPage::hasData(*state.profile()));
    QVERIFY(page.isEmptyStateShown());
    QVERIFY(page.exportItems().isEmpty());
}

// MindSpore 2.5+: no queue traces, no CPU sampler; dataset.csv takes the
// chart, the CPU chart is hidden, and every op of a saturated pipeline stays
// unmarked by the queue filter (its result is the root: bottleneck downstream).
void TestDataPrepPage::newLayoutWithDatasetOnly()
{
    QTemporaryDir dir;
    const QString out = QStringLiteral("h_1_20250101000000000_ascend_ms/ASCEND_PROFILER_OUTPUT/");
    test::writeFile(dir, out + "dataset.csv",
        "Operation,Stage,Occurrences,Avg. time (us),Custom Info\nPipeline,GetNext,200,1250.5,\n"
        "MapOp,Compute,6400,85.4,decode\n");
    test::writeFile(dir, out + "minddata_pipeline_raw_0.csv",
        "op_id,op_type,num_workers,output_queue_size,output_queue_average_size,output_queue_length,"
        "output_queue_usage_rate,sample_interval,parent_id,children_id\n"
        "0,BatchOp,4,\"[2, 2]\",2.0,16,0.125,10,,[1]\n"
        "1,MapOp,8,\"[60, 64]\",62.0,64,0.96875,10,0,\n");
    ViewState state;
    DataPrepPage page(&state);
    page.resize(1300, 900);
    page.show();
    LoadOptions options;
    options.readTraces = false;
    state.setProfile(ProfileLoader::load({ dir.path() }, options));
    QVERIFY(!page.isEmptyStateShown());
    QCOMPARE(page.analysis().datasetStages.size(), std::size_t(2));
    QVERIFY(page.analysis().flaggedIsRoot);
    QVERIFY(!page.analysis().op(0)->queueFlagged);
    QCOMPARE(page.stepPlot()->plottableCount(), 1);
    QVERIFY(page.stepPlot()->isVisibleTo(&page));
    QVERIFY(!page.cpuPlot()->isVisibleTo(&page));
    QStringList names;
    for (const ExportItem& item : page.exportItems())
        names << item.name;
    QCOMPARE(names, QStringList({ "dataprep-pipeline", "dataprep-ops", "dataprep-dataset-chart", "dataprep-dataset" }));
}

QTEST_MAIN(TestDataPrepPage)
#include "tst_dataprepage.moc"
