// SPDX-License-Identifier: Apache-2.0
// communication.json, communication_matrix.json, profiler_info*.json and
// profiler_metadata.json parsers against the real fixtures, plus corrupt and
// synthetic inputs (truncated JSON, NUL bytes, exactness of big numbers).
//
// Reference values: Python's json module with exact decimals
// (json.load(f, parse_float=Decimal)) over /work/shared/fixtures/real/ascend-msinsight:
//   def ns(d): return int((d * 1000).quantize(Decimal(1), rounding=ROUND_HALF_UP))
//   communication.json: ops = [(s, o, v) for s, sv in j.items() for kind in ('p2p', 'collective')
//                              for o, v in sv.get(kind, {}).items() if o != 'Total Op Info']
//     steps = len(j), len(ops), p2p ops, 'Total Op Info' entries, s0 = ns(first op Start Timestamp(us)),
//     sum(ns(start)) - s0 * len(ops), sum(Elapse Time(ms)), sum(len(Size Distribution)) over all transports
//   communication_matrix.json: links = [(o, lk, l) for s, sv in j.items() for kind in ('p2p', 'collective')
//                                       for o, lm in sv.get(kind, {}).items() for lk, l in lm.items()]
//     steps, op keys, len(links), links with src != dst, sum(Transit Size(MB))
//   profiler_info: j['rank_id'], j['config']['experimental_config'][...], j['end_info']['collectionTimeEnd']

#include "parse/tableparsers.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

#include <sys/stat.h>

using namespace profscope;
using namespace profscope::test;

namespace {

QString output(const QString& rank, const char* file)
{
    return rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT/") + QLatin1String(file);
}

bool closeTo(double a, double b)
{
    return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b));
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestJsonParsers : public QObject
{
    Q_OBJECT

private slots:
    void communication_data();
    void communication();
    void communicationValues();
    void communicationExactStart();
    void communicationOddShapes();
    void matrix_data();
    void matrix();
    void matrixValues();
    void profilerInfo_data();
    void profilerInfo();
    void profilerInfoOldMindSpore();
    void profilerInfoMindSpore2();
    void profilerInfoRankFromFileName();
    void metadataParallelGroups();
    void metadataEnvOnly();
    void truncated_data();
    void truncated();
    void corrupt_data();
    void corrupt();
};

// ---------------------------------------------------------------- communication.json

void TestJsonParsers::communication_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<qint64>("steps");
    QTest::addColumn<qint64>("ops");
    QTest::addColumn<qint64>("p2pOps");
    QTest::addColumn<qint64>("totals");
    QTest::addColumn<qint64>("firstStartNs");
    QTest::addColumn<qint64>("startOffsetSumNs");
    QTest::addColumn<double>("elapseSumMs");
    QTest::addColumn<qint64>("sizeBuckets");
    QTest::newRow("text10") << output(textRank(1, 0), "communication.json") << qint64(1) << qint64(4) << qint64(0) << qint64(1) << qint64(1736408883732241500) << qint64(244256700) << 105.99187771875 << qint64(8);
    QTest::newRow("text11") << output(textRank(1, 1), "communication.json") << qint64(1) << qint64(4) << qint64(0) << qint64(1) << qint64(1736408883737849200) << qint64(227404600) << 100.37528546875 << qint64(8);
    QTest::newRow("text20") << output(textRank(2, 0), "communication.json") << qint64(1) << qint64(4) << qint64(0) << qint64(1) << qint64(1736412474757059800) << qint64(266319900) << 99.9732774375 << qint64(8);
    QTest::newRow("text21") << output(textRank(2, 1), "communication.json") << qint64(1) << qint64(4) << qint64(0) << qint64(1) << qint64(1736412474759499800) << qint64(258763800) << 97.455327125 << qint64(8);
    QTest::newRow("server0") << output(serverRank(0), "communication.json") << qint64(1) << qint64(28) << qint64(1) << qint64(2) << qint64(1695115378810042500) << qint64(45776200) << 152.25493369921875 << qint64(18);
    QTest::newRow("server1") << output(serverRank(1), "communication.json") << qint64(1) << qint64(28) << qint64(1) << qint64(2) << qint64(1695115378810055500) << qint64(41945100) << 157.16742 << qint64(20);
}

void TestJsonParsers::communication()
{
    QFETCH(QString, path);
    QFETCH(qint64, steps);
    QFETCH(qint64, ops);
    QFETCH(qint64, p2pOps);
    QFETCH(qint64, totals);
    QFETCH(qint64, firstStartNs);
    QFETCH(qint64, startOffsetSumNs);
    QFETCH(double, elapseSumMs);
    QFETCH(qint64, sizeBuckets);
    std::vector<CommOpRecord> out;
    FileReport report;
    QVERIFY2(parseCommunication(path, out, report), qPrintable(describeReport(report)));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY2(report.warnings.isEmpty(), qPrintable(describeReport(report)));
    QCOMPARE(report.kind, QStringLiteral("communication.json"));
    QCOMPARE(report.sizeBytes, QFileInfo(path).size());
    QCOMPARE(report.count(QStringLiteral("steps")), steps);
    QCOMPARE(report.count(QStringLiteral("ops")), ops);
    QCOMPARE(report.count(QStringLiteral("totalOpInfo")), totals);
    QCOMPARE(qint64(out.size()), ops);
    qint64 p2p = 0, offsets = 0, buckets = 0;
    double elapse = 0;
    for (const auto& op : out) {
        p2p += op.p2p ? 1 : 0;
        QVERIFY(op.startNs != kInvalidTime);
        offsets += op.startNs - out[0].startNs;
        elapse += op.elapseMs;
        QVERIFY(!op.groupId.isEmpty());
        QVERIFY(!op.opName.contains(QLatin1Char('@')));
        for (const auto& b : op.bandwidth)
            buckets += qint64(b.sizeDistribution.size());
    }
    QCOMPARE(p2p, p2pOps);
    QCOMPARE(out[0].startNs, firstStartNs);
    QCOMPARE(offsets, startOffsetSumNs);
    QVERIFY2(closeTo(elapse, elapseSumMs), qPrintable(QString::number(elapse, 'g', 17)));
    QCOMPARE(buckets, sizeBuckets);
}

void TestJsonParsers::communicationValues()
{
    // level1/rank0 step50/collective, python json.load:
    // "hcom_allReduce__586_0_1@17522688603477080586": Start 1736408883732241.5, Elapse 79.08952021875,
    //   HCCS Size Distribution {"2.064384": [12, 1.578891625], "1.937312": [2, 0.23794471875]}
    // "hcom_allReduce__586_1_1@…": Start 1736408883811334.8, Synchronization Time(ms) 2e-05
    std::vector<CommOpRecord> out;
    FileReport report;
    QVERIFY(parseCommunication(output(textRank(1, 0), "communication.json"), out, report));
    QCOMPARE(out.size(), std::size_t(4));
    const CommOpRecord& op = out[0];
    QCOMPARE(op.step, QStringLiteral("step50"));
    QVERIFY(!op.p2p);
    QCOMPARE(op.opName, QStringLiteral("hcom_allReduce__586_0_1"));
    QCOMPARE(op.groupId, QStringLiteral("17522688603477080586"));
    QCOMPARE(op.startNs, qint64(1736408883732241500));
    QCOMPARE(op.elapseMs, 79.08952021875);
    QCOMPARE(op.transitMs, 0.23918478124999998);
    QCOMPARE(op.waitMs, 5.64663284375);
    QCOMPARE(op.synchronizationMs, 5.61569221875);
    QCOMPARE(op.idleMs, 73.20370259375);
    QCOMPARE(op.waitRatio, 0.9594);
    QCOMPARE(op.synchronizationRatio, 0.9591);
    QCOMPARE(op.bandwidth.size(), std::size_t(5)); // RDMA, HCCS, PCIE, SDMA, SIO in file order
    QCOMPARE(op.bandwidth[0].transport, QStringLiteral("RDMA"));
    const CommBandwidth& hccs = op.bandwidth[1];
    QCOMPARE(hccs.transport, QStringLiteral("HCCS"));
    QCOMPARE(hccs.transitSizeMB, 28.647232000000002);
    QCOMPARE(hccs.bandwidthGBps, 15.7676);
    QCOMPARE(hccs.sizeDistribution.size(), std::size_t(2));
    QCOMPARE(hccs.sizeDistribution.at(2.064384).first, qint64(12));
    QCOMPARE(hccs.sizeDistribution.at(2.064384).second, 1.578891625);
    QCOMPARE(hccs.sizeDistribution.at(1.937312).first, qint64(2));
    QCOMPARE(out[1].opName, QStringLiteral("hcom_allReduce__586_1_1"));
    QCOMPARE(out[1].startNs, qint64(1736408883811334800));
    QCOMPARE(out[1].synchronizationMs, 2e-05);

    // server rank0: p2p first, "hcom_send__822_0@13337953553061386822", Start 1695115378810042.5
    std::vector<CommOpRecord> server;
    FileReport serverReport;
    QVERIFY(parseCommunication(output(serverRank(0), "communication.json"), server, serverReport));
    QVERIFY(server[0].p2p);
    QCOMPARE(server[0].opName, QStringLiteral("hcom_send__822_0"));
    QCOMPARE(server[0].groupId, QStringLiteral("13337953553061386822"));
    QCOMPARE(server[0].startNs, qint64(1695115378810042500));
}

void TestJsonParsers::communicationExactStart()
{
    // 1736408883732241.123 is not representable as a double (the nearest is
    // ...241.125); the parser reads the number's text, so the ns are exact.
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("communication.json"),
                                   R"J({"step1": {"p2p": {"a@b@123": {"Communication Time Info": )J"
                                   R"J({"Start Timestamp(us)": 1736408883732241.123, "Elapse Time(ms)": 1}}}, "collective": {}}})J");
    std::vector<CommOpRecord> out;
    FileReport report;
    QVERIFY2(parseCommunication(path, out, report), qPrintable(describeReport(report)));
    QCOMPARE(out.size(), std::size_t(1));
    QCOMPARE(out[0].startNs, qint64(1736408883732241123));
    QCOMPARE(out[0].opName, QStringLiteral("a@b")); // split at the last '@'
    QCOMPARE(out[0].groupId, QStringLiteral("123"));
    QCOMPARE(out[0].elapseMs, 1.0); // integer JSON number
    QVERIFY(out[0].p2p);
    QVERIFY(!hasValue(out[0].waitRatio)); // absent
}

void TestJsonParsers::communicationOddShapes()
{
    // Wrong shapes inside a valid file are warnings, not crashes.
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("communication.json"),
                                   R"J({"step1": 5, "step2": {"p2p": [], "collective": {"x@1": 3, "y@2": {)J"
                                   R"J("Communication Bandwidth Info": {"HCCS": {"Size Distribution": {"abc": [1, 2], "1.5": [3]}}}}}}})J");
    std::vector<CommOpRecord> out;
    FileReport report;
    QVERIFY(parseCommunication(path, out, report));
    QCOMPARE(report.status, FileStatus::Used);
    QCOMPARE(out.size(), std::size_t(1));
    QCOMPARE(out[0].opName, QStringLiteral("y"));
    QCOMPARE(out[0].startNs, kInvalidTime);
    QCOMPARE(out[0].bandwidth.size(), std::size_t(1));
    QVERIFY(out[0].bandwidth[0].sizeDistribution.empty());
    // step1 not an object, step2/p2p not an object, x@1 not an object, no Time Info, 2 bad buckets
    QCOMPARE(report.warnings.size(), 6);
    QCOMPARE(report.count(QStringLiteral("steps")), qint64(1));
}

// ---------------------------------------------------------------- communication_matrix.json

void TestJsonParsers::matrix_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<qint64>("steps");
    QTest::addColumn<qint64>("ops");
    QTest::addColumn<qint64>("links");
    QTest::addColumn<qint64>("crossLinks");
    QTest::addColumn<double>("transitSumMB");
    QTest::newRow("text10") << output(textRank(1, 0), "communication_matrix.json") << qint64(1) << qint64(6) << qint64(48) << qint64(42) << 1032.662216;
    QTest::newRow("text11") << output(textRank(1, 1), "communication_matrix.json") << qint64(1) << qint64(6) << qint64(48) << qint64(42) << 1032.662216;
    QTest::newRow("text20") << output(textRank(2, 0), "communication_matrix.json") << qint64(1) << qint64(6) << qint64(48) << qint64(42) << 1132.835528;
    QTest::newRow("text21") << output(textRank(2, 1), "communication_matrix.json") << qint64(1) << qint64(6) << qint64(48) << qint64(42) << 1132.835528;
    QTest::newRow("server0") << output(serverRank(0), "communication_matrix.json") << qint64(1) << qint64(30) << qint64(122) << qint64(92) << 13429.305784000004;
    QTest::newRow("server1") << output(serverRank(1), "communication_matrix.json") << qint64(1) << qint64(30) << qint64(125) << qint64(95) << 13428.355824000002;
}

void TestJsonParsers::matrix()
{
    QFETCH(QString, path);
    QFETCH(qint64, steps);
    QFETCH(qint64, ops);
    QFETCH(qint64, links);
    QFETCH(qint64, crossLinks);
    QFETCH(double, transitSumMB);
    std::vector<CommMatrixLink> out;
    FileReport report;
    QVERIFY2(parseCommunicationMatrix(path, out, report), qPrintable(describeReport(report)));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY2(report.warnings.isEmpty(), qPrintable(describeReport(report)));
    QCOMPARE(report.count(QStringLiteral("steps")), steps);
    QCOMPARE(report.count(QStringLiteral("ops")), ops);
    QCOMPARE(report.count(QStringLiteral("links")), links);
    QCOMPARE(qint64(out.size()), links);
    qint64 cross = 0;
    double size = 0;
    for (const auto& l : out) {
        QVERIFY(l.srcRank >= 0 && l.dstRank >= 0);
        cross += l.srcRank != l.dstRank ? 1 : 0;
        size += l.transitSizeMB;
        QVERIFY(!l.transport.isEmpty());
    }
    QCOMPARE(cross, crossLinks);
    QVERIFY2(closeTo(size, transitSumMB), qPrintable(QString::number(size, 'g', 17)));
}

void TestJsonParsers::matrixValues()
{
    // level1/rank0: step50/collective/"allreduce-top1@17522688603477080586"/"0-7":
    // {"Transport Type": "HCCS", "Transit Size(MB)": 37.552128, "Transit Time(ms)": 2.1364026875,
    //  "Bandwidth(GB/s)": 17.5773, "Op Name": "hcom_allReduce__586_2_1"}
    std::vector<CommMatrixLink> out;
    FileReport report;
    QVERIFY(parseCommunicationMatrix(output(textRank(1, 0), "communication_matrix.json"), out, report));
    const auto it = std::find_if(out.begin(), out.end(), [](const CommMatrixLink& l) {
        return l.opKey == QLatin1String("allreduce-top1@17522688603477080586") && l.dstRank == 7;
    });
    QVERIFY(it != out.end());
    QCOMPARE(it->step, QStringLiteral("step50"));
    QVERIFY(!it->p2p);
    QCOMPARE(it->groupId, QStringLiteral("17522688603477080586"));
    QCOMPARE(it->srcRank, 0);
    QCOMPARE(it->transport, QStringLiteral("HCCS"));
    QCOMPARE(it->transitSizeMB, 37.552128);
    QCOMPARE(it->transitTimeMs, 2.1364026875);
    QCOMPARE(it->bandwidthGBps, 17.5773);
    QCOMPARE(it->opName, QStringLiteral("hcom_allReduce__586_2_1"));
    // The first link of the file is the local one.
    QCOMPARE(out[0].srcRank, 0);
    QCOMPARE(out[0].dstRank, 0);
    QCOMPARE(out[0].transport, QStringLiteral("LOCAL"));

    // server rank0 keeps "Total Op Info" as an aggregate with no group.
    std::vector<CommMatrixLink> server;
    FileReport serverReport;
    QVERIFY(parseCommunicationMatrix(output(serverRank(0), "communication_matrix.json"), server, serverReport));
    QVERIFY(std::any_of(server.begin(), server.end(), [](const CommMatrixLink& l) {
        return l.opKey == QLatin1String("Total Op Info") && l.groupId.isEmpty() && l.p2p;
    }));
}

// ---------------------------------------------------------------- profiler_info / metadata

void TestJsonParsers::profilerInfo_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("rankId");
    QTest::addColumn<QString>("level");
    QTest::addColumn<QString>("aicMetrics");
    QTest::addColumn<QString>("exportType");
    QTest::addColumn<qint64>("collectionEndNs");
    // python: j['rank_id'], e['_profiler_level'], e['_aic_metrics'], e.get('_export_type', ''),
    //         j['end_info']['collectionTimeEnd'] with e = j['config']['experimental_config']
    QTest::newRow("server-r0") << serverRank(0) + QStringLiteral("/profiler_info_0.json") << 0 << QStringLiteral("Level1") << QStringLiteral("ACL_AICORE_L0B_AND_WIDTH") << QString() << qint64(1695115379279542430);
    QTest::newRow("server-r1") << serverRank(1) + QStringLiteral("/profiler_info_1.json") << 1 << QStringLiteral("Level1") << QStringLiteral("ACL_AICORE_L0B_AND_WIDTH") << QString() << qint64(1695115379274664320);
    QTest::newRow("db0-r0") << dbRank(0, 0) + QStringLiteral("/profiler_info_0.json") << 0 << QStringLiteral("Level0") << QStringLiteral("ACL_AICORE_NONE") << QStringLiteral("db") << qint64(1736407068203015510);
    QTest::newRow("db0-r1") << dbRank(0, 1) + QStringLiteral("/profiler_info_1.json") << 1 << QStringLiteral("Level0") << QStringLiteral("ACL_AICORE_NONE") << QStringLiteral("db") << qint64(1736407068206619720);
    QTest::newRow("db1-r0") << dbRank(1, 0) + QStringLiteral("/profiler_info_0.json") << 0 << QStringLiteral("Level1") << QStringLiteral("ACL_AICORE_PIPE_UTILIZATION") << QStringLiteral("db") << qint64(1736410576713429440);
    QTest::newRow("db1-r1") << dbRank(1, 1) + QStringLiteral("/profiler_info_1.json") << 1 << QStringLiteral("Level1") << QStringLiteral("ACL_AICORE_PIPE_UTILIZATION") << QStringLiteral("db") << qint64(1736410576718145480);
    QTest::newRow("db2-r0") << dbRank(2, 0) + QStringLiteral("/profiler_info_0.json") << 0 << QStringLiteral("Level2") << QStringLiteral("ACL_AICORE_PIPE_UTILIZATION") << QStringLiteral("db") << qint64(1736414119968337190);
    QTest::newRow("db2-r1") << dbRank(2, 1) + QStringLiteral("/profiler_info_1.json") << 1 << QStringLiteral("Level2") << QStringLiteral("ACL_AICORE_PIPE_UTILIZATION") << QStringLiteral("db") << qint64(1736414119953667340);
    QTest::newRow("text0-r0") << textRank(0, 0) + QStringLiteral("/profiler_info_0.json") << 0 << QStringLiteral("Level0") << QStringLiteral("ACL_AICORE_NONE") << QStringLiteral("text") << qint64(1736405444130566220);
    QTest::newRow("text0-r1") << textRank(0, 1) + QStringLiteral("/profiler_info_1.json") << 1 << QStringLiteral("Level0") << QStringLiteral("ACL_AICORE_NONE") << QStringLiteral("text") << qint64(1736405444136515360);
    QTest::newRow("text1-r0") << textRank(1, 0) + QStringLiteral("/profiler_info_0.json") << 0 << QStringLiteral("Level1") << QStringLiteral("ACL_AICORE_PIPE_UTILIZATION") << QStringLiteral("text") << qint64(1736408884023552840);
    QTest::newRow("text1-r1") << textRank(1, 1) + QStringLiteral("/profiler_info_1.json") << 1 << QStringLiteral("Level1") << QStringLiteral("ACL_AICORE_PIPE_UTILIZATION") << QStringLiteral("text") << qint64(1736408884003926530);
    QTest::newRow("text2-r0") << textRank(2, 0) + QStringLiteral("/profiler_info_0.json") << 0 << QStringLiteral("Level2") << QStringLiteral("ACL_AICORE_PIPE_UTILIZATION") << QStringLiteral("text") << qint64(1736412475029844920);
    QTest::newRow("text2-r1") << textRank(2, 1) + QStringLiteral("/profiler_info_1.json") << 1 << QStringLiteral("Level2") << QStringLiteral("ACL_AICORE_PIPE_UTILIZATION") << QStringLiteral("text") << qint64(1736412475044375000);
}

void TestJsonParsers::profilerInfo()
{
    QFETCH(QString, path);
    QFETCH(int, rankId);
    QFETCH(QString, level);
    QFETCH(QString, aicMetrics);
    QFETCH(QString, exportType);
    QFETCH(qint64, collectionEndNs);
    RankInfo info;
    FileReport report;
    QVERIFY2(parseProfilerInfo(path, info, report), qPrintable(describeReport(report)));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY2(report.warnings.isEmpty(), qPrintable(describeReport(report)));
    QCOMPARE(info.rankId, rankId);
    QCOMPARE(info.framework, QStringLiteral("PyTorch"));
    QCOMPARE(info.profilerLevel, level);
    QCOMPARE(info.aicMetrics, aicMetrics);
    QCOMPARE(info.exportType, exportType);
    QCOMPARE(info.collectionEndNs, collectionEndNs); // > 2^53: exact only without a double
}

void TestJsonParsers::profilerInfoOldMindSpore()
{
    // {"context_mode": "graph", "rank_id": "0", "rank_size": 2, "parallel_mode": "auto_parallel", ...}
    RankInfo info;
    FileReport report;
    QVERIFY2(parseProfilerInfo(mindinsight(QStringLiteral("parallel_strategy/profiler_info_0.json")), info, report),
             qPrintable(describeReport(report)));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY(report.warnings.isEmpty());
    QCOMPARE(info.rankId, 0); // from the string "0"
    QCOMPARE(info.rankSize, qint64(2));
    QCOMPARE(info.framework, QStringLiteral("MindSpore"));
    QVERIFY(info.profilerLevel.isEmpty());
    QCOMPARE(info.collectionEndNs, kInvalidTime);
}

void TestJsonParsers::profilerInfoMindSpore2()
{
    // MindSpore 2.x writes profiler_parameters / ms_version (shape from its ProfilerInfo class);
    // synthetic, as no real *_ascend_ms folder is available.
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("profiler_info_3.json"),
                                   R"J({"profiler_parameters": {"profiler_level": "ProfilerLevel.Level1", "aicore_metrics": "AiCoreNone",)J"
                                   R"J( "export_type": ["text", "db"]}, "ms_version": "2.5.0",)J"
                                   R"J( "end_info": {"collectionTimeEnd": "1736408884023552841"}, "rank_id": "3"})J");
    RankInfo info;
    FileReport report;
    QVERIFY2(parseProfilerInfo(path, info, report), qPrintable(describeReport(report)));
    QCOMPARE(info.framework, QStringLiteral("MindSpore"));
    QCOMPARE(info.profilerLevel, QStringLiteral("Level1"));
    QCOMPARE(info.aicMetrics, QStringLiteral("AiCoreNone"));
    QCOMPARE(info.exportType, QStringLiteral("text,db"));
    QCOMPARE(info.collectionEndNs, qint64(1736408884023552841));
    QCOMPARE(info.rankId, 3);
}

void TestJsonParsers::profilerInfoRankFromFileName()
{
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("profiler_info_5.json"),
                                   R"J({"config": {"experimental_config": {"_profiler_level": "Level0"}}})J");
    RankInfo info;
    FileReport report;
    QVERIFY(parseProfilerInfo(path, info, report));
    QCOMPARE(info.rankId, 5);
    QCOMPARE(info.profilerLevel, QStringLiteral("Level0"));

    // Unknown content: Used, with a warning saying so.
    const QString other = writeFile(dir, QStringLiteral("profiler_info.json"), R"J({"something": 1})J");
    RankInfo otherInfo;
    FileReport otherReport;
    QVERIFY(parseProfilerInfo(other, otherInfo, otherReport));
    QCOMPARE(otherReport.status, FileStatus::Used);
    QCOMPARE(otherReport.warnings.size(), 1);
    QCOMPARE(otherInfo.rankId, -1);
}

void TestJsonParsers::metadataParallelGroups()
{
    // python: m = json.load(...); g = m['parallel_group_info']
    // len(g) == 21; first key '10.174.216.241%enp189s0f1_55000_0_1738895486152654' ->
    // {'group_name': 'default_group', 'group_rank': 0, 'global_ranks': [0..7]};
    // sum of all global_ranks == 94; distributed_args tp 2, pp 2, dp 2, world 8, rank 0
    RankInfo info;
    FileReport report;
    QVERIFY2(parseProfilerMetadata(fixture(QStringLiteral("ascend-msinsight/server/src/test/test_data/metadata/profiler_metadata.json")),
                                   info, report),
             qPrintable(describeReport(report)));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY(report.warnings.isEmpty());
    QCOMPARE(report.count(QStringLiteral("groups")), qint64(21));
    QCOMPARE(info.tpSize, 2);
    QCOMPARE(info.ppSize, 2);
    QCOMPARE(info.dpSize, 2);
    QCOMPARE(info.worldSize, 8);
    QCOMPARE(info.rankId, 0); // distributed_args.rank, as none was known
    QCOMPARE(info.parallelGroups.size(), std::size_t(21));
    const ParallelGroup& first = info.parallelGroups[0];
    QCOMPARE(first.groupId, QStringLiteral("10.174.216.241%enp189s0f1_55000_0_1738895486152654"));
    QCOMPARE(first.groupName, QStringLiteral("default_group"));
    QCOMPARE(first.groupRank, 0);
    QCOMPARE(first.globalRanks.vector(), (std::vector<int> { 0, 1, 2, 3, 4, 5, 6, 7 }));
    int rankSum = 0;
    for (const auto& g : info.parallelGroups)
        for (int r : g.globalRanks)
            rankSum += r;
    QCOMPARE(rankSum, 94);
    const auto tp = std::find_if(info.parallelGroups.begin(), info.parallelGroups.end(),
                                 [](const ParallelGroup& g) { return g.groupName == QLatin1String("tp"); });
    QVERIFY(tp != info.parallelGroups.end());
    QCOMPARE(tp->globalRanks.vector(), (std::vector<int> { 0, 1 }));
    QCOMPARE(tp->groupId, QStringLiteral("10.174.216.241%enp189s0f1_55000_0_1738895506630464"));
}

void TestJsonParsers::metadataEnvOnly()
{
    for (int level = 0; level < 3; ++level) {
        for (int rank = 0; rank < 2; ++rank) {
            RankInfo info;
            info.rankId = rank;
            FileReport report;
            QVERIFY(parseProfilerMetadata(textRank(level, rank) + QStringLiteral("/profiler_metadata.json"), info, report));
            QCOMPARE(report.status, FileStatus::Used);
            QVERIFY(report.warnings.isEmpty());
            QCOMPARE(report.count(QStringLiteral("groups")), qint64(0));
            QVERIFY(info.parallelGroups.empty());
            QCOMPARE(info.tpSize, -1);
            QCOMPARE(info.worldSize, -1);
            QCOMPARE(info.rankId, rank);
        }
    }
}

// ---------------------------------------------------------------- corrupt inputs

void TestJsonParsers::truncated_data()
{
    QTest::addColumn<int>("cut");
    // level1/rank0 communication.json is 5798 bytes on one line; cut inside
    // a key, a number, right after '{' and one byte before the end.
    for (int cut : { 1, 11, 137, 2048, 5797 })
        QTest::newRow(QByteArray::number(cut).constData()) << cut;
}

void TestJsonParsers::truncated()
{
    QFETCH(int, cut);
    const QByteArray full = readAll(output(textRank(1, 0), "communication.json"));
    QCOMPARE(full.size(), 5798);
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("communication.json"), full.left(cut));
    std::vector<CommOpRecord> out;
    FileReport report;
    QVERIFY(!parseCommunication(path, out, report));
    QCOMPARE(report.status, FileStatus::Broken);
    QCOMPARE(report.byteOffset, qint64(cut)); // the end of the data: where more was expected
    QCOMPARE(report.sizeBytes, qint64(cut));
    QVERIFY2(report.reason.contains(QLatin1String("communication.json")) && report.reason.contains(QString::number(cut)),
             qPrintable(report.reason));
    QVERIFY(out.empty());
}

void TestJsonParsers::corrupt_data()
{
    QTest::addColumn<int>("parser"); // 0 communication, 1 matrix, 2 profiler_info, 3 metadata
    QTest::addColumn<QString>("what");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<qint64>("byteOffset");
    QTest::addColumn<QString>("reasonPart");
    for (int p = 0; p < 4; ++p) {
        const QByteArray n = QByteArray::number(p);
        QTest::newRow(QByteArray(n + " empty").constData()) << p << QString() << QByteArray() << qint64(0) << QStringLiteral("empty");
        QTest::newRow(QByteArray(n + " whitespace").constData()) << p << QString() << QByteArray(" \r\n\t") << qint64(0) << QStringLiteral("empty");
        QTest::newRow(QByteArray(n + " NUL").constData()) << p << QString() << QByteArray("{\"a\": \x00\x01}", 9) << qint64(6) << QStringLiteral("NUL");
        QTest::newRow(QByteArray(n + " garbage").constData()) << p << QString() << QByteArray("\xff\xfe\x01garbage") << qint64(0) << QStringLiteral("invalid JSON");
        QTest::newRow(QByteArray(n + " trailing garbage").constData()) << p << QString() << QByteArray("{}x") << qint64(2) << QStringLiteral("invalid JSON");
        QTest::newRow(QByteArray(n + " second line").constData()) << p << QString() << QByteArray("{\"a\": 1,\n\"b\": ]}") << qint64(14) << QStringLiteral("line 2");
        QTest::newRow(QByteArray(n + " array").constData()) << p << QString() << QByteArray("[1, 2]") << qint64(0) << QStringLiteral("object");
        QTest::newRow(QByteArray(n + " directory").constData()) << p << QStringLiteral("directory") << QByteArray() << qint64(-1) << QStringLiteral("directory");
        QTest::newRow(QByteArray(n + " missing").constData()) << p << QStringLiteral("missing") << QByteArray() << qint64(-1) << QStringLiteral("cannot open");
        // Found by fuzzing (tests/fuzz): 100 000-deep nesting overflowed the
        // stack; a FIFO blocked the open forever. The offset is the bracket
        // that opens level kMaxJsonNesting + 1 = 513.
        QTest::newRow(QByteArray(n + " deep arrays").constData()) << p << QString() << QByteArray(100000, '[') << qint64(512) << QStringLiteral("nested deeper");
        QTest::newRow(QByteArray(n + " deep in object").constData()) << p << QString() << QByteArray("{\"a\": ") + QByteArray(100000, '[') << qint64(517) << QStringLiteral("nested deeper");
        QTest::newRow(QByteArray(n + " deep objects").constData()) << p << QString() << QByteArray("{\"a\":").repeated(100000) << qint64(2560) << QStringLiteral("nested deeper");
        QTest::newRow(QByteArray(n + " fifo").constData()) << p << QStringLiteral("fifo") << QByteArray() << qint64(-1) << QStringLiteral("not a regular file");
    }
}

void TestJsonParsers::corrupt()
{
    QFETCH(int, parser);
    QFETCH(QString, what);
    QFETCH(QByteArray, bytes);
    QFETCH(qint64, byteOffset);
    QFETCH(QString, reasonPart);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QString path = dir.filePath(QStringLiteral("file.json"));
    if (what == QLatin1String("directory"))
        QVERIFY(QDir().mkpath(path));
    else if (what == QLatin1String("fifo"))
        QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    else if (what.isEmpty())
        path = writeFile(dir, QStringLiteral("file.json"), bytes);

    FileReport report;
    bool ok = true;
    std::size_t items = 0;
    RankInfo info;
    switch (parser) {
    case 0: {
        std::vector<CommOpRecord> out;
        ok = parseCommunication(path, out, report);
        items = out.size();
        break;
    }
    case 1: {
        std::vector<CommMatrixLink> out;
        ok = parseCommunicationMatrix(path, out, report);
        items = out.size();
        break;
    }
    case 2:
        ok = parseProfilerInfo(path, info, report);
        break;
    default:
        ok = parseProfilerMetadata(path, info, report);
        items = info.parallelGroups.size();
        break;
    }
    QVERIFY(!ok);
    QCOMPARE(report.status, FileStatus::Broken);
    QCOMPARE(items, std::size_t(0));
    QCOMPARE(info.rankId, -1);
    QCOMPARE(report.byteOffset, byteOffset);
    QCOMPARE(report.path, path);
    QVERIFY2(report.reason.contains(reasonPart), qPrintable(report.reason));
    if (what.isEmpty())
        QCOMPARE(report.sizeBytes, qint64(bytes.size()));
}

QTEST_GUILESS_MAIN(TestJsonParsers)
#include "tst_jsonparsers.moc"
