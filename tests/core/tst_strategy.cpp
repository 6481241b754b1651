// SPDX-License-Identifier: Apache-2.0
// Strategy perception: parallel_strategy_{rank}.json discovery, parsing and
// the per-stage graphs.
//
// Expected values of the real fixture (mindinsight/tests/utils/resource/
// parallel_strategy) come from ../shared/reference/data-prep-flops-strategy.md
// §3.3, or from python3 over the files, the snippet beside the value:
//   import json; P = '.../parallel_strategy/'
//   g = [json.load(open(P + f'parallel_strategy_{r}.json')) for r in (0, 1)]
// The synthetic pipeline profile is written by the test; its figures follow
// from the text written (counted by hand, beside each value).

#include "analysis/strategy.h"
#include "load/discovery.h"
#include "load/profileloader.h"
#include "parse/strategyparser.h"
#include "testsupport.h"

#include <QTemporaryDir>
#include <QTest>

using namespace profscope;
using profscope::test::mindinsight;
using profscope::test::writeFile;

namespace {

QString fixtureDir()
{
    return mindinsight(QStringLiteral("parallel_strategy"));
}

QByteArray intValue(qint64 v)
{
    return QByteArrayLiteral("{\"dtype\": \"DT_INT64\", \"intVal\": \"") + QByteArray::number(v) + "\"}";
}

QByteArray tupleValue(const std::vector<std::vector<qint64>>& rows)
{
    QByteArrayList outer;
    for (const auto& row : rows) {
        QByteArrayList cells;
        for (qint64 v : row)
            cells << intValue(v);
        outer << "{\"dtype\": \"DT_TUPLE\", \"values\": [" + cells.join(", ") + "]}";
    }
    return "{\"dtype\": \"DT_TUPLE\", \"values\": [" + outer.join(", ") + "]}";
}

struct Node
{
    QByteArray name, type, scope, fullName, instanceName;
    QByteArrayList inputs;
    QByteArray attributes; // JSON array body
};

QByteArray nodeJson(const Node& n)
{
    QByteArrayList inputs;
    for (const auto& in : n.inputs)
        inputs << "{\"name\": \"" + in + "\", \"type\": \"DATA_EDGE\"}";
    return "{\"name\": \"" + n.name + "\", \"opType\": \"" + n.type + "\", \"scope\": \"" + n.scope
        + "\", \"fullName\": \"" + n.fullName + "\", \"instanceName\": \"" + n.instanceName + "\", \"input\": ["
        + inputs.join(", ") + "], \"attribute\": [" + n.attributes + "]}";
}

// A strategy file of a 4-rank, 2-stage pipeline (ranks 0,1 in stage 0; 2,3 in stage 1).
QByteArray strategyFile(int rank, int stage, const QList<Node>& nodes, bool withRankId = true)
{
    QByteArrayList body;
    for (const auto& n : nodes)
        body << nodeJson(n);
    QByteArray config = "{";
    if (withRankId)
        config += "\"rankId\": " + QByteArray::number(rank) + ", ";
    if (stage != 0)
        config += "\"stageId\": " + QByteArray::number(stage) + ", ";
    config += "\"parallelType\": \"semi_auto_parallel\", \"stageDevices\": [{\"dim\": [{}, {\"size\": \"1\"}]}, "
              "{\"dim\": [{\"size\": \"2\"}, {\"size\": \"3\"}]}]}";
    return "{\"config\": " + config + ", \"graph\": {\"node\": [" + body.join(", ")
        + "], \"parameters\": [{\"name\": \"w\", \"type\": {\"dataType\": \"DT_TENSOR\", \"tensorType\": "
          "{\"elemType\": "
          "\"DT_FLOAT16\", \"shape\": {\"dim\": [{\"size\": \"8\"}, {\"size\": \"4\"}]}}}}], \"constVals\": []}}";
}

QList<Node> stage0Nodes(const QByteArray& group)
{
    const QByteArray strat = "{\"name\": \"in_strategy\", \"value\": " + tupleValue({ { 2, 1 }, { 1, 2 } })
        + "}, {\"name\": \"gen_strategy\", \"value\": " + tupleValue({ { 4, 1 }, { 1, 1 } }) + "}";
    return {
        { "10", "MatMul", "Default/net", "Default/net/MatMul-op5", "", { "w", "x" }, strat },
        { "11", "AllReduce", "Default/net", "Default/net/AllReduce-op6", "forward_op_grad_mirror_1", { "10" },
            "{\"name\": \"group\", \"value\": {\"dtype\": \"DT_STRING\", \"strVal\": \"" + group + "\"}}" },
        { "12", "Send", "Default/net", "Default/net/Send-op7", "", { "11" },
            "{\"name\": \"dest_rank\", \"value\": " + intValue(1)
                + "}, {\"name\": \"sr_tag\", \"value\": " + intValue(0) + "}" },
        { "13", "Load", "Default/net", "Default/net/Load-op9", "", { "12", "nowhere" }, "" },
        { "", "Depend", "Default/net", "Default/net/Depend-op8", "", {}, "" }, // no name: not an op node
    };
}

QList<Node> stage1Nodes()
{
    return {
        { "1", "Receive", "Default/net", "Default/net/Receive-op1", "", {},
            "{\"name\": \"src_rank\", \"value\": " + intValue(0) + "}" },
        { "2", "ReLU", "Default/net", "Default/net/ReLU-op2", "some_redistribution_op", { "1" },
            "{\"name\": \"gen_strategy\", \"value\": " + tupleValue({ { 1, 4 } }) + "}" },
    };
}

} // namespace

class TestStrategy : public QObject
{
    Q_OBJECT

private slots:
    void fixtureDiscovery();
    void fixtureFile();
    void fixtureStage();
    void pipelineStages();
    void rankInsideFileWins();
    void headRank_data();
    void headRank();
    void broken_data();
    void broken();
    void badStrategyValue();
    void timelineKernels();
};

void TestStrategy::fixtureDiscovery()
{
    const DiscoveryResult d = discoverProfiles({ fixtureDir() });
    // parallel_strategy_0.json / _1.json: ranks 0 and 1 (config.rankId of each file).
    QCOMPARE(int(d.ranks.size()), 2);
    QCOMPARE(d.ranks[0].info.rankId, 0);
    QCOMPARE(d.ranks[1].info.rankId, 1);
    QCOMPARE(classifyFile(QStringLiteral("parallel_strategy_12.json")), FileKind::ParallelStrategy);
    QCOMPARE(rankFromLegacyFileName(QStringLiteral("parallel_strategy_12.json")), 12);
    QCOMPARE(int(d.ranks[0].files.size()), 1);
    QCOMPARE(d.ranks[0].files[0].kind, FileKind::ParallelStrategy);
}

void TestStrategy::fixtureFile()
{
    ParallelStrategyFile f;
    FileReport report;
    QVERIFY(parseParallelStrategy(fixtureDir() + QStringLiteral("/parallel_strategy_0.json"), f, report));
    QCOMPARE(report.status, FileStatus::Used);
    // §3.3 config: rankId 0, stageId 0, auto_parallel, stageDevices [[0, 1]].
    QCOMPARE(f.rankId, 0);
    QCOMPARE(f.stageId, 0);
    QCOMPARE(f.parallelType, QStringLiteral("auto_parallel"));
    QCOMPARE(f.stageDevices, (std::vector<std::vector<int>> { { 0, 1 } }));
    // 2 op nodes, 1 parameter (conv1.weight FLOAT32 [64, 3, 7, 7]), 1 const (cst1, 0).
    QCOMPARE(int(f.ops.size()), 2);
    QCOMPARE(int(f.consts.size()), 2);
    QCOMPARE(f.consts[0].name, QStringLiteral("conv1.weight"));
    QVERIFY(f.consts[0].parameter);
    QCOMPARE(f.consts[0].value, QStringLiteral("DT_TENSOR[DT_FLOAT32] [64, 3, 7, 7]"));
    QCOMPARE(f.consts[1].name, QStringLiteral("cst1"));
    QCOMPARE(f.consts[1].value, QStringLiteral("0"));
    const StrategyOpNode& getNext = f.ops[0];
    QCOMPARE(getNext.opType, QStringLiteral("GetNext"));
    QCOMPARE(getNext.fullName, QStringLiteral("Default/GetNext-op767"));
    QVERIFY(getNext.inputs.isEmpty());
    // output_shape is the shapes attribute; output type a tuple of FLOAT32 and INT32 tensors.
    QCOMPARE(getNext.outputShape, QStringLiteral("[[32, 3, 224, 224], [32]]"));
    QCOMPARE(getNext.outputType, QStringLiteral("DT_TUPLE[DT_TENSOR[DT_FLOAT32], DT_TENSOR[DT_INT32]]"));
    const StrategyOpNode& conv = f.ops[1];
    QCOMPARE(conv.opType, QStringLiteral("Conv2D"));
    QCOMPARE(conv.scope, QStringLiteral("Default/conv1-Conv2d"));
    QCOMPARE(conv.fullName, QStringLiteral("Default/conv1-Conv2d/Conv2D-op2"));
    // python: [i['name'] for i in g[0]['graph']['node'][1]['input']] == ['1', '1000']
    QCOMPARE(conv.inputs, (QStringList { QStringLiteral("1"), QStringLiteral("1000") }));
    // python: [a['name'] for a in g[0]['graph']['node'][1]['attribute']]
    //   == ['pad_list', 'gen_strategy', 'group', 'stride']
    QCOMPARE(int(conv.attributes.size()), 4);
    QCOMPARE(conv.attribute(QStringLiteral("pad_list"))->text, QStringLiteral("[2, 3, 2, 3]"));
    QCOMPARE(conv.attribute(QStringLiteral("stride"))->text, QStringLiteral("[1, 1, 2, 2]"));
    QCOMPARE(conv.attribute(QStringLiteral("group"))->text, QStringLiteral("0"));
    // No in_strategy: the gen_strategy fallback [[2, 1, 1, 1], [1, 1, 1, 1]].
    QCOMPARE(conv.strategySource, QStringLiteral("gen_strategy"));
    QCOMPARE(conv.strategy, (std::vector<std::vector<qint64>> { { 2, 1, 1, 1 }, { 1, 1, 1, 1 } }));
    QVERIFY(conv.attribute(QStringLiteral("in_strategy")) == nullptr);
}

void TestStrategy::fixtureStage()
{
    const ProfilePtr profile = ProfileLoader::load({ fixtureDir() });
    QVERIFY(profile);
    QCOMPARE(int(profile->ranks.size()), 2);
    for (const auto& f : profile->report.files)
        QVERIFY2(f.status != FileStatus::Broken, qPrintable(f.path + QStringLiteral(": ") + f.reason));
    QVERIFY(hasParallelStrategy(*profile));
    const StrategyAnalysis a = analyzeStrategy(*profile);
    // metadata = {parallel_type "auto_parallel", stage_devices {"0": [0, 1]}}
    QCOMPARE(a.parallelType, QStringLiteral("auto_parallel"));
    QVERIFY2(a.notes.isEmpty(), qPrintable(a.notes.join(QLatin1Char('\n'))));
    QCOMPARE(int(a.stages.size()), 1);
    const StrategyStage& s = a.stages[0];
    QCOMPARE(s.stageId, 0);
    QCOMPARE(s.rankIds, (std::vector<int> { 0, 1 }));
    QCOMPARE(int(s.rankIndexes.size()), 2);
    // Merged stage 0: op_nodes 2, const_nodes 2.
    QCOMPARE(int(s.nodes.size()), 2);
    QCOMPARE(int(s.consts.size()), 2);
    QCOMPARE(s.nodes[0].nodeId, QStringLiteral("1"));
    QCOMPARE(s.nodes[0].name, QStringLiteral("Default/GetNext-op767"));
    QCOMPARE(s.nodes[1].nodeId, QStringLiteral("2"));
    QCOMPARE(s.nodes[1].name, QStringLiteral("Default/conv1-Conv2d/Conv2D-op2"));
    // Rank 0 inputs ["1", "1000"]: the unknown "1000" is dropped, giving ["1"].
    QCOMPARE(s.nodes[1].inputs, (std::vector<int> { 0 }));
    // In file order, for the strategy rows: the producing op's name, else the name as written.
    QCOMPARE(s.nodes[1].inputNames, (QStringList { QStringLiteral("Default/GetNext-op767"), QStringLiteral("1000") }));
    QCOMPARE(s.nodes[0].outputs, (std::vector<int> { 1 }));
    QVERIFY(s.nodes[1].constInputs.isEmpty());
    // Conv2D's integer group is not a communication group (MindInsight's ['0', '1'] is a false positive).
    QVERIFY(s.nodes[1].parallelGroup.isEmpty());
    QCOMPARE(s.nodes[1].strategyText(), QStringLiteral("[[2, 1, 1, 1], [1, 1, 1, 1]]"));
    QCOMPARE(s.withStrategy, 1);
    QCOMPARE(s.communicationOps, 0);
    QVERIFY(s.instanceTypes.empty());
    // No kernel data in the folder: nothing matched.
    QCOMPARE(s.nodes[1].kernelCount(), qint64(0));
    QCOMPARE(a.find(QStringLiteral("conv2d")), std::make_pair(0, 1));
    QCOMPARE(a.find(QStringLiteral("Default/GetNext-op767")), std::make_pair(0, 0));
    QCOMPARE(a.find(QStringLiteral("nothing")), std::make_pair(-1, -1));
}

void TestStrategy::pipelineStages()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    writeFile(dir, QStringLiteral("profiler/parallel_strategy_0.json"), strategyFile(0, 0, stage0Nodes("g0")));
    writeFile(dir, QStringLiteral("profiler/parallel_strategy_1.json"), strategyFile(1, 0, stage0Nodes("g1")));
    writeFile(dir, QStringLiteral("profiler/parallel_strategy_2.json"), strategyFile(2, 1, stage1Nodes()));
    writeFile(dir, QStringLiteral("profiler/parallel_strategy_3.json"), strategyFile(3, 1, stage1Nodes()));
    // Rank 1 ran MatMul-op5 three times (0.5 ms each) under another scope prefix.
    writeFile(dir, QStringLiteral("profiler/aicore_intermediate_1_detail.csv"),
        "full_kernel_time,execution_time,execution_frequency\n"
        "Default/network-Net/MatMul-op5,0.5,3\nDefault/Other-op1,1.0,1\n");
    const ProfilePtr profile = ProfileLoader::load({ dir.path() });
    QVERIFY(profile);
    QCOMPARE(int(profile->ranks.size()), 4);
    const StrategyAnalysis a = analyzeStrategy(*profile);
    QCOMPARE(a.parallelType, QStringLiteral("semi_auto_parallel"));
    QCOMPARE(int(a.stages.size()), 2);
    const StrategyStage& s0 = a.stages[0];
    QCOMPARE(s0.rankIds, (std::vector<int> { 0, 1 })); // the omitted {} size is rank 0
    // 4 of the 5 nodes have a name and a fullName.
    QCOMPARE(int(s0.nodes.size()), 4);
    QCOMPARE(int(s0.consts.size()), 1);
    const StrategyGraphNode& matmul = s0.nodes[0];
    // in_strategy wins over gen_strategy.
    QCOMPARE(matmul.strategySource, QStringLiteral("in_strategy"));
    QCOMPARE(matmul.strategyText(), QStringLiteral("[[2, 1], [1, 2]]"));
    QCOMPARE(matmul.constInputs, QStringList { QStringLiteral("w") }); // "x" names nothing
    QCOMPARE(matmul.inputNames, (QStringList { QStringLiteral("w"), QStringLiteral("x") }));
    QVERIFY(matmul.inputs.empty());
    QCOMPARE(matmul.outputs, (std::vector<int> { 1 }));
    // Kernels: only rank 1 has a table; 3 runs of 0.5 ms.
    QCOMPARE(int(matmul.kernels.size()), 1);
    QCOMPARE(matmul.kernels[0].rankId, 1);
    QCOMPARE(matmul.kernels[0].count, qint64(3));
    QCOMPARE(matmul.kernels[0].totalNs, TimeNs(1500000));
    QCOMPARE(matmul.kernelCount(), qint64(3));
    const StrategyGraphNode& allReduce = s0.nodes[1];
    QVERIFY(allReduce.communication());
    QCOMPARE(allReduce.instanceType, QStringLiteral("GradientAggregation"));
    QCOMPARE(allReduce.parallelGroup, (QStringList { QStringLiteral("g0"), QStringLiteral("g1") }));
    QCOMPARE(s0.nodes[2].opType, QStringLiteral("Send"));
    // Load ops are named {scope}/Load-op{name}.
    QCOMPARE(s0.nodes[3].name, QStringLiteral("Default/net/Load-op13"));
    QCOMPARE(s0.nodes[3].inputs, (std::vector<int> { 2 }));
    QCOMPARE(s0.withStrategy, 1);
    QCOMPARE(s0.communicationOps, 2); // AllReduce, Send
    QCOMPARE(s0.instanceTypes.at(QStringLiteral("GradientAggregation")), 1);
    const StrategyStage& s1 = a.stages[1];
    QCOMPARE(s1.stageId, 1);
    QCOMPARE(s1.rankIds, (std::vector<int> { 2, 3 }));
    QCOMPARE(int(s1.nodes.size()), 2);
    QCOMPARE(s1.nodes[1].strategySource, QStringLiteral("gen_strategy"));
    QCOMPARE(s1.nodes[1].instanceType, QStringLiteral("Redistribution"));
    QCOMPARE(s1.instanceTypes.at(QStringLiteral("Redistribution")), 1);
    // Send (stage 0, dest_rank 1, sr_tag 0) pairs with Receive (stage 1, src_rank 0, sr_tag omitted = 0).
    QCOMPARE(s0.nodes[2].peerStage, 1);
    QCOMPARE(s0.nodes[2].peerNode, 0);
    QCOMPARE(s1.nodes[0].peerStage, 0);
    QCOMPARE(s1.nodes[0].peerNode, 2);
    QCOMPARE(s0.nodes[0].peerStage, -1);
    // Search continues in the next stages.
    QCOMPARE(a.find(QStringLiteral("ReLU")), std::make_pair(1, 1));
    QCOMPARE(a.find(QStringLiteral("Receive"), 1), std::make_pair(1, 0));
}

void TestStrategy::rankInsideFileWins()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // RANK_ID was unset (name 0) on both; config.rankId says 2 and 3.
    writeFile(dir, QStringLiteral("a/parallel_strategy_0.json"), strategyFile(2, 1, stage1Nodes()));
    writeFile(dir, QStringLiteral("b/parallel_strategy_0.json"), strategyFile(3, 1, stage1Nodes()));
    const ProfilePtr profile = ProfileLoader::load({ dir.path() });
    QVERIFY(profile);
    QCOMPARE(int(profile->ranks.size()), 2);
    QCOMPARE(profile->ranks[0]->info.rankId, 2);
    QCOMPARE(profile->ranks[1]->info.rankId, 3);
    QCOMPARE(profile->ranks[0]->parallelStrategy.rankId, 2);
    const StrategyAnalysis a = analyzeStrategy(*profile);
    QCOMPARE(int(a.stages.size()), 1);
    QCOMPARE(a.stages[0].stageId, 1);
    // stageDevices lists ranks 2 and 3 for stage 1: both have their file.
    QVERIFY2(a.notes.isEmpty(), qPrintable(a.notes.join(QLatin1Char('\n'))));
}

void TestStrategy::headRank_data()
{
    QTest::addColumn<QByteArray>("head");
    QTest::addColumn<int>("rank");
    QTest::newRow("number") << QByteArray("{\"config\": {\"rankId\": 7, \"stageId\": 1}, \"graph\": {") << 7;
    QTest::newRow("string") << QByteArray("{\"config\": {\"rankId\": \"12\"}, \"graph\": {") << 12;
    QTest::newRow("omitted zero") << QByteArray("{\"config\": {\"parallelType\": \"data_parallel\"}, \"graph\": {")
                                  << 0;
    QTest::newRow("rankId of a graph node only")
        << QByteArray("{\"config\": {}, \"graph\": {\"node\": [{\"rankId\": 5}]}}") << 0;
    QTest::newRow("cut before the graph") << QByteArray("{\"config\": {\"stageId\": 1, ") << -1;
    QTest::newRow("no config") << QByteArray("{\"graph\": {}}") << -1;
}

void TestStrategy::headRank()
{
    QFETCH(QByteArray, head);
    QFETCH(int, rank);
    QCOMPARE(parallelStrategyRankFromHead(head), rank);
}

void TestStrategy::broken_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("reasonPart");
    QTest::newRow("invalid json") << QByteArray("{\"config\": {\"rankId\": 1,, }") << QStringLiteral("JSON");
    QTest::newRow("other json") << QByteArray("{\"hello\": 1}") << QStringLiteral("not a parallel strategy file");
    QTest::newRow("array") << QByteArray("[1, 2]") << QString();
    QTest::newRow("empty") << QByteArray() << QString();
}

void TestStrategy::broken()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, reasonPart);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString bad = writeFile(dir, QStringLiteral("profiler/parallel_strategy_1.json"), content);
    writeFile(dir, QStringLiteral("profiler/parallel_strategy_0.json"), strategyFile(0, 0, stage0Nodes("g")));
    const QStringList before = test::folderSnapshot(dir.path());
    const ProfilePtr profile = ProfileLoader::load({ dir.path() });
    QVERIFY(profile);
    QCOMPARE(test::folderSnapshot(dir.path()), before);
    const FileReport* r = test::reportEndingWith(*profile, QStringLiteral("parallel_strategy_1.json"));
    QVERIFY(r);
    QCOMPARE(r->status, FileStatus::Broken);
    QVERIFY2(r->reason.contains(QStringLiteral("parallel_strategy_1.json")) || r->location().contains(bad),
        qPrintable(r->reason));
    if (!reasonPart.isEmpty())
        QVERIFY2(r->reason.contains(reasonPart), qPrintable(r->reason));
    // The other rank still loads and makes a stage; the missing rank is named.
    const StrategyAnalysis a = analyzeStrategy(*profile);
    QCOMPARE(int(a.stages.size()), 1);
    QCOMPARE(int(a.stages[0].nodes.size()), 4);
    QCOMPARE(a.notes, QStringList { QStringLiteral("stage 0: no parallel_strategy file for rank(s) 1") });
}

void TestStrategy::badStrategyValue()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // in_strategy with a 0 split and one beyond 2^30: not split factors; gen_strategy [[4]] is used.
    const QByteArray attrs = "{\"name\": \"in_strategy\", \"value\": " + tupleValue({ { 2, 0 } })
        + "}, {\"name\": \"gen_strategy\", \"value\": " + tupleValue({ { 4 } }) + "}";
    const QByteArray huge = "{\"name\": \"in_strategy\", \"value\": " + tupleValue({ { 2147483648LL } }) + "}";
    const QString path = writeFile(dir, QStringLiteral("parallel_strategy_0.json"),
        strategyFile(0, 0,
            { { "1", "ReLU", "Default", "Default/ReLU-op1", "", {}, attrs },
                { "2", "ReLU", "Default", "Default/ReLU-op2", "", { "1" }, huge } }));
    ParallelStrategyFile f;
    FileReport report;
    QVERIFY(parseParallelStrategy(path, f, report));
    QCOMPARE(report.status, FileStatus::Used);
    QCOMPARE(int(f.ops.size()), 2);
    QCOMPARE(f.ops[0].strategySource, QStringLiteral("gen_strategy"));
    QCOMPARE(f.ops[0].strategy, (std::vector<std::vector<qint64>> { { 4 } }));
    QVERIFY(f.ops[1].strategy.empty());
    QCOMPARE(report.warnings.size(), qsizetype(2));
    QVERIFY2(report.warnings[0].contains(QLatin1String("in_strategy is not a list of split factors: [[2, 0]]")),
        qPrintable(report.warnings[0]));
}

void TestStrategy::timelineKernels()
{
    // A MindSpore rank folder without kernel_details.csv: the kernels come from
    // the timeline's device lanes ("Ascend Hardware"), with their times.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    writeFile(dir, QStringLiteral("rank0_ascend_ms/ASCEND_PROFILER_OUTPUT/trace_view.json"),
        R"J([{"ph": "M", "name": "process_name", "pid": 7, "args": {"name": "Ascend Hardware"}},
{"ph": "X", "name": "Default/network-Net/MatMul-op5", "pid": 7, "tid": 1, "ts": "100.000", "dur": 2.5},
{"ph": "X", "name": "Default/network-Net/MatMul-op5", "pid": 7, "tid": 1, "ts": "50.250", "dur": 1.5},
{"ph": "X", "name": "Default/net/Other-op9", "pid": 7, "tid": 1, "ts": "200.000", "dur": 1}])J");
    writeFile(dir, QStringLiteral("rank0_ascend_ms/ASCEND_PROFILER_OUTPUT/parallel_strategy_0.json"),
        strategyFile(0, 0, stage0Nodes("g")));
    const ProfilePtr profile = ProfileLoader::load({ dir.path() });
    QVERIFY(profile);
    QCOMPARE(int(profile->ranks.size()), 1);
    const StrategyAnalysis a = analyzeStrategy(*profile);
    QCOMPARE(int(a.stages.size()), 1);
    const StrategyGraphNode& matmul = a.stages[0].nodes[0];
    QCOMPARE(int(matmul.kernels.size()), 1);
    QCOMPARE(matmul.kernels[0].count, qint64(2));
    QCOMPARE(matmul.kernels[0].totalNs, TimeNs(4000)); // 2.5 + 1.5 us
    // The earliest run, in the trace's own clock: 50.250 us.
    QCOMPARE(matmul.kernels[0].firstStartNs, TimeNs(50250));
    QCOMPARE(matmul.kernels[0].firstDurNs, TimeNs(1500));
    QCOMPARE(a.stages[0].nodes[1].kernelCount(), qint64(0));
}

QTEST_GUILESS_MAIN(TestStrategy)
#include "tst_strategy.moc"
