// SPDX-License-Identifier: Apache-2.0
// The Strategy page, offscreen: on MindInsight's parallel_strategy fixture
// (one stage of ranks 0 and 1, GetNext -> Conv2D) the stage selector, the
// graph, search, a click that fills the strategy matrix (Conv2D's
// gen_strategy [[2, 1, 1, 1], [1, 1, 1, 1]], §3.3 of the reference), the
// exports; a generated two-stage pipeline (search across stages) and a
// large graph grouped by scope; a profile without strategy files.
#include "common/export.h"
#include "common/viewstate.h"
#include "load/profileloader.h"
#include "strategy/strategygraph.h"
#include "strategy/strategypage.h"
#include "testsupport.h"

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTest>

using namespace profscope;

namespace {

// A strategy file whose ops are (name, type, scope, inputs, gen_strategy rows).
struct Op
{
    QByteArray type;
    QByteArray scope;
    QByteArrayList inputs;
    QList<QList<int>> strategy;
    QByteArray extraAttributes; // JSON objects, comma-separated
};

QByteArray strategyJson(int rank, int stage, const QList<Op>& ops)
{
    QByteArrayList nodes;
    for (int i = 0; i < ops.size(); ++i) {
        const Op& op = ops[i];
        QByteArrayList inputs;
        for (const auto& in : op.inputs)
            inputs << "{\"name\": \"" + in + "\"}";
        QByteArray attrs;
        if (!op.strategy.isEmpty()) {
            QByteArrayList rows;
            for (const auto& row : op.strategy) {
                QByteArrayList cells;
                for (int v : row)
                    cells << "{\"dtype\": \"DT_INT64\", \"intVal\": \"" + QByteArray::number(v) + "\"}";
                rows << "{\"dtype\": \"DT_TUPLE\", \"values\": [" + cells.join(",") + "]}";
            }
            attrs = "{\"name\": \"in_strategy\", \"value\": {\"dtype\": \"DT_TUPLE\", \"values\": [" + rows.join(",")
                + "]}}";
        }
        if (!op.extraAttributes.isEmpty())
            attrs += (attrs.isEmpty() ? QByteArray() : QByteArray(",")) + op.extraAttributes;
        const QByteArray name = QByteArray::number(i + 1);
        nodes << "{\"name\": \"" + name + "\", \"opType\": \"" + op.type + "\", \"scope\": \"" + op.scope
                + "\", \"fullName\": \"" + op.scope + "/" + op.type + "-op" + name + "\", \"input\": ["
                + inputs.join(",") + "], \"attribute\": [" + attrs + "]}";
    }
    return "{\"config\": {\"rankId\": " + QByteArray::number(rank) + ", \"stageId\": " + QByteArray::number(stage)
        + ", \"parallelType\": \"semi_auto_parallel\"}, \"graph\": {\"node\": [" + nodes.join(",") + "]}}";
}

} // namespace

class TestStrategyPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fixture();
    void stagesAndSearch();
    void largeGraphGroupsScopes();
    void emptyProfile();
};

void TestStrategyPage::fixture()
{
    const QString root = test::mindinsight(QStringLiteral("parallel_strategy"));
    if (!QFileInfo::exists(root))
        QSKIP("mindinsight fixtures not found next to the repository");
    ViewState state;
    StrategyPage page(&state);
    page.resize(1300, 850);
    page.show();
    state.setProfile(ProfileLoader::load({ root }));
    QVERIFY(StrategyPage::hasData(*state.profile()));
    QVERIFY(!page.isEmptyStateShown());
    QCOMPARE(page.stageSelector()->count(), 1);
    QVERIFY2(page.stageSelector()->itemText(0).contains(QStringLiteral("Stage 0 · ranks 0-1")),
        qPrintable(page.stageSelector()->itemText(0)));
    QCOMPARE(page.nodeModel()->rowCount(), 2);
    // Two op boxes, GetNext above Conv2D (its input).
    QCOMPARE(int(page.graph()->graphLayout().units.size()), 2);
    QCOMPARE(int(page.graph()->graphLayout().edges.size()), 1);
    QVERIFY(page.graph()->nodeRect(0).bottom() < page.graph()->nodeRect(1).top());

    // Search selects Conv2D and fills its matrix: 2 inputs x 4 dimensions (+ devices).
    page.searchField()->setText(QStringLiteral("conv2d"));
    QVERIFY(page.findNext(page.searchField()->text()));
    QCOMPARE(page.selectedNode(), 1);
    QCOMPARE(page.graph()->selectedNode(), 1);
    QCOMPARE(page.matrixModel()->rowCount(), 2);
    QCOMPARE(page.matrixModel()->columnCount(), 5);
    QCOMPARE(page.matrixModel()->item(0, 0)->text(), QStringLiteral("2"));
    QCOMPARE(page.matrixModel()->item(0, 1)->text(), QStringLiteral("1"));
    QCOMPARE(page.matrixModel()->item(1, 0)->text(), QStringLiteral("1"));
    QCOMPARE(page.matrixModel()->item(0, 4)->text(), QStringLiteral("2")); // 2*1*1*1 devices share input 0
    QCOMPARE(page.matrixModel()->item(1, 4)->text(), QStringLiteral("1"));

    // A click on GetNext: no strategy, the matrix is empty.
    QTest::mouseClick(page.graph(), Qt::LeftButton, {}, page.graph()->nodeRect(0).center().toPoint());
    QCOMPARE(page.selectedNode(), 0);
    QCOMPARE(page.matrixModel()->rowCount(), 0);
    // And back on Conv2D.
    QTest::mouseClick(page.graph(), Qt::LeftButton, {}, page.graph()->nodeRect(1).center().toPoint());
    QCOMPARE(page.selectedNode(), 1);
    QCOMPARE(page.matrixModel()->rowCount(), 2);
    // No kernel files in the folder: no kernel rows.
    QCOMPARE(page.kernelModel()->rowCount(), 0);

    QTemporaryDir dir;
    QStringList errors;
    exportPage(page, dir.path(), &errors);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
    for (const char* name : { "strategy-graph.png", "strategy-graph.svg", "strategy-ops.csv" })
        QVERIFY2(QFileInfo::exists(QDir(dir.path()).filePath(QLatin1String(name))), name);
    QFile csv(QDir(dir.path()).filePath(QStringLiteral("strategy-ops.csv")));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(csv.readAll());
    QVERIFY(text.contains(QLatin1String("Default/conv1-Conv2d/Conv2D-op2")));
    QVERIFY(text.contains(QLatin1String("\"[[2, 1, 1, 1], [1, 1, 1, 1]]\"")));
}

void TestStrategyPage::stagesAndSearch()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QList<Op> stage0 { { "MatMul", "Default/net", {}, { { 2, 1 }, { 1, 2 } }, {} },
        { "Send", "Default/net", { "1" }, {},
            "{\"name\": \"dest_rank\", \"value\": {\"dtype\": \"DT_INT64\", \"intVal\": \"1\"}}" } };
    const QList<Op> stage1 { { "Receive", "Default/net", {}, {}, {} },
        { "ReLU", "Default/net", { "1" }, { { 1, 4 } }, {} } };
    test::writeFile(dir, QStringLiteral("p/parallel_strategy_0.json"), strategyJson(0, 0, stage0));
    test::writeFile(dir, QStringLiteral("p/parallel_strategy_1.json"), strategyJson(1, 1, stage1));
    // Rank 0 ran MatMul-op1 3 times, 0.5 ms each (aggregated: no start, no timeline jump).
    test::writeFile(dir, QStringLiteral("p/aicore_intermediate_0_detail.csv"),
        "full_kernel_time,execution_time,execution_frequency\nDefault/net/MatMul-op1,0.5,3\n");
    ViewState state;
    StrategyPage page(&state);
    page.resize(1200, 800);
    page.show();
    state.setProfile(ProfileLoader::load({ dir.path() }));
    QCOMPARE(page.stageSelector()->count(), 2);
    QCOMPARE(page.currentStage(), 0);
    // The first op with a strategy is shown: MatMul, with its kernels.
    QCOMPARE(page.selectedNode(), 0);
    QCOMPARE(page.kernelModel()->rowCount(), 1);
    QCOMPARE(page.kernelModel()->item(0, 0)->text(), QStringLiteral("0"));
    QCOMPARE(page.kernelModel()->item(0, 1)->text(), QStringLiteral("3"));
    QCOMPARE(page.kernelModel()->item(0, 3)->text(), QStringLiteral("Default/net/MatMul-op1"));
    // ReLU is in stage 1: the search switches the stage and selects it.
    QVERIFY(page.findNext(QStringLiteral("ReLU")));
    QCOMPARE(page.currentStage(), 1);
    QCOMPARE(page.stageSelector()->currentIndex(), 1);
    QCOMPARE(page.selectedNode(), 1);
    QCOMPARE(page.matrixModel()->rowCount(), 1);
    QCOMPARE(page.matrixModel()->item(0, 1)->text(), QStringLiteral("4"));
    // Enter again wraps to MatMul in stage 0 ("-op" matches every op; MatMul-op1 is next after ReLU-op2).
    QVERIFY(page.findNext(QStringLiteral("-op1")));
    QCOMPARE(page.currentStage(), 0);
    QCOMPARE(page.selectedNode(), 0);
    QVERIFY(!page.findNext(QStringLiteral("Conv3D")));
    // Send (dest_rank 1) -> Receive of stage 1 (src_rank 0), and back.
    QCOMPARE(page.analysis().stages[0].nodes[1].opType, QStringLiteral("Send"));
    QCOMPARE(page.analysis().stages[0].nodes[1].peerStage, 1);
    page.selectNode(1);
    QCOMPARE(page.selectedNode(), 1);
    page.goToPeer();
    QCOMPARE(page.currentStage(), 1);
    QCOMPARE(page.selectedNode(), 0);
    page.goToPeer();
    QCOMPARE(page.currentStage(), 0);
    QCOMPARE(page.selectedNode(), 1);
}

void TestStrategyPage::largeGraphGroupsScopes()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // 12 layers x 25 ops, a chain inside each layer scope: 300 ops.
    QList<Op> ops;
    for (int layer = 0; layer < 12; ++layer)
        for (int k = 0; k < 25; ++k) {
            Op op { k % 5 == 0 ? "AllReduce" : "MatMul", "Default/net/layer" + QByteArray::number(layer), {}, {}, {} };
            if (!ops.isEmpty())
                op.inputs << QByteArray::number(ops.size());
            if (k % 5 != 0)
                op.strategy = { { 2, 1 }, { 1, 1 } };
            ops << op;
        }
    test::writeFile(dir, QStringLiteral("p/parallel_strategy_0.json"), strategyJson(0, 0, ops));
    ViewState state;
    StrategyPage page(&state);
    page.resize(1200, 800);
    page.show();
    state.setProfile(ProfileLoader::load({ dir.path() }));
    QCOMPARE(page.nodeModel()->rowCount(), 300);
    // Grouped: Default and Default/net open, the 12 layer scopes closed.
    QCOMPARE(int(page.graph()->graphLayout().units.size()), 12);
    QCOMPARE(int(page.graph()->graphLayout().edges.size()), 11);
    // Selecting an op opens its scope: its 25 ops replace the scope's box.
    page.selectNode(30); // layer1, op 5
    QCOMPARE(int(page.graph()->graphLayout().units.size()), 12 - 1 + 25);
    const int unit = page.graph()->graphLayout().unitOfNode[30];
    QCOMPARE(page.graph()->graphLayout().units[std::size_t(unit)].nodeIndex, 30);
    // Ungrouped: every op its own box, a chain of 300 layers.
    page.graph()->setGroupScopes(false);
    QCOMPARE(int(page.graph()->graphLayout().units.size()), 300);
    QCOMPARE(page.graph()->graphLayout().units[299].layer, 299);
}

void TestStrategyPage::emptyProfile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    test::writeFile(dir, QStringLiteral("profiler/flops_0.txt"), "op_full_name,MFLOPs(10^6)\nDefault/A-op1,1\n");
    ViewState state;
    StrategyPage page(&state);
    state.setProfile(ProfileLoader::load({ dir.path() }));
    QVERIFY(!StrategyPage::hasData(*state.profile()));
    QVERIFY(page.isEmptyStateShown());
    QVERIFY(page.exportItems().isEmpty());
    QVERIFY(page.findChild<QLabel*>() != nullptr);
    bool named = false;
    for (const QLabel* label : page.findChildren<QLabel*>())
        named = named || label->text().contains(QLatin1String("parallel_strategy_{rank}.json"));
    QVERIFY(named);
}

QTEST_MAIN(TestStrategyPage)
#include "tst_strategypage.moc"
