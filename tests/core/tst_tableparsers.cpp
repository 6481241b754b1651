// SPDX-License-Identifier: Apache-2.0
// CSV parsers of tableparsers.h against every real text rank (level0/1/2 x
// rank0/1), the 2023 server ranks with their older headers, a CANN
// op_summary file; odd and damaged files are in tst_tablebadinput.
//
// Reference values were computed independently with Python's csv module and
// exact decimals, not with this code. The script (run over
// /work/shared/fixtures/real/ascend-msinsight/), in short:
//
//   NULL = {'', 'N/A', 'NA', 'n/a', 'null', 'None', '-', 'nan', 'NaN'}
//   def ns(c): return int((Decimal(c.strip()) * 1000).quantize(Decimal(1), rounding=ROUND_HALF_UP))
//   def load(p):  # records whose cell count differs from the header are skipped, as the parser does
//       with open(p, newline='', encoding='utf-8') as f: r = [x for x in csv.reader(f) if x]
//       h = [c.strip() for c in r[0]]; return h, [dict(zip(h, x)) for x in r[1:] if len(x) == len(h)]
//   kernel:   n, sum(ns(dur)), s0 = ns(rows[0][start]), sum(ns(start) - s0), len(waits), sum(waits)
//             (waits = non-NULL wait cells), metric columns = columns not mapped and not known text
//             whose non-NULL cells all parse with float(); sum(float(aicore_time(us)))
//   op/api statistic: n, sum(ns(Total Time(us) / Time(us))), sum(int(Count))
//   step_trace_time: ns() of each of the nine columns of row 0 (kInvalidTime when absent), Step
//   memory_record / npu_module_mem: n, t0 = ns(ts of row 0), sum(ns(ts) - t0)[, non-NULL Total Allocated]
//   operator_memory: n, a0, sum(ns(alloc) - a0), released = non-NULL Release Time, sum(ns(release) - a0),
//             sum(float(Size(KB)))
//   operator_details: n, sum(ns(Host Self)), sum(ns(Host Total)), sum(ns(Device Total)),
//             rows whose Call Stack contains '\n'
//   l2_cache: n, sum(int(Task Id)), rows whose Hit Rate is NULL
// Sums of epoch timestamps overflow int64, hence the offsets from row 0.

#include "parse/tableparsers.h"
#include "testsupport.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <functional>

using namespace profscope;
using namespace profscope::test;

namespace {

QString output(const QString& rank, const char* file)
{
    return rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT/") + QLatin1String(file);
}

QString opSummaryPath()
{
    return fixture(QStringLiteral("ascend-msinsight/server/src/test/test_data/test_kernel_parse/op_summary_1.csv"));
}

QString str(const StringPool& pool, StringId id)
{
    return pool.string(id);
}

bool closeTo(double a, double b)
{
    return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b));
}

} // namespace

class TestTableParsers : public QObject
{
    Q_OBJECT

private slots:
    void kernelDetails_data();
    void kernelDetails();
    void kernelFirstRowValues();
    void kernelLevel0HasNoMetrics();
    void kernelServerHcclRow();
    void kernelOpSummaryNames();
    void kernelMisalignedRowSkipped();
    void opStatistic_data();
    void opStatistic();
    void apiStatistic_data();
    void apiStatistic();
    void stepTraceTime_data();
    void stepTraceTime();
    void stepTraceTimeExtraColumns();
    void memoryRecord_data();
    void memoryRecord();
    void npuModuleMem_data();
    void npuModuleMem();
    void operatorMemory_data();
    void operatorMemory();
    void operatorMemoryValues();
    void staticOpMemIsNotOperatorMemory();
    void operatorDetails_data();
    void operatorDetails();
    void l2Cache_data();
    void l2Cache();

};

// ---------------------------------------------------------------- kernel_details

void TestTableParsers::kernelDetails_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<qint64>("durSumNs");
    QTest::addColumn<qint64>("firstStartNs");
    QTest::addColumn<qint64>("startOffsetSumNs");
    QTest::addColumn<qint64>("waitCount");
    QTest::addColumn<qint64>("waitSumNs");
    QTest::addColumn<qint64>("metricColumns");
    QTest::addColumn<QString>("metricName");
    QTest::addColumn<double>("metricSum");
    QTest::newRow("text00") << output(textRank(0, 0), "kernel_details.csv") << qint64(191) << qint64(94344340) << qint64(1736405443881410320) << qint64(5909066568) << qint64(191) << qint64(95191222) << qint64(0) << QString() << 0.0;
    QTest::newRow("text01") << output(textRank(0, 1), "kernel_details.csv") << qint64(191) << qint64(77418862) << qint64(1736405443897037309) << qint64(5864303269) << qint64(191) << qint64(79579269) << qint64(0) << QString() << 0.0;
    QTest::newRow("text10") << output(textRank(1, 0), "kernel_details.csv") << qint64(191) << qint64(114865613) << qint64(1736408883704643212) << qint64(6146743002) << qint64(191) << qint64(101120641) << qint64(26) << QStringLiteral("aicore_time(us)") << 2729.2149999999992;
    QTest::newRow("text11") << output(textRank(1, 1), "kernel_details.csv") << qint64(191) << qint64(109253559) << qint64(1736408883709301270) << qint64(6244291379) << qint64(191) << qint64(96394100) << qint64(26) << QStringLiteral("aicore_time(us)") << 2755.2249999999995;
    QTest::newRow("text20") << output(textRank(2, 0), "kernel_details.csv") << qint64(191) << qint64(108841491) << qint64(1736412474730135222) << qint64(6045845720) << qint64(191) << qint64(107771050) << qint64(26) << QStringLiteral("aicore_time(us)") << 2751.3669999999997;
    QTest::newRow("text21") << output(textRank(2, 1), "kernel_details.csv") << qint64(191) << qint64(106357602) << qint64(1736412474731158720) << qint64(6256862891) << qint64(191) << qint64(106639088) << qint64(26) << QStringLiteral("aicore_time(us)") << 2767.7659999999996;
    QTest::newRow("server0") << output(serverRank(0), "kernel_details.csv") << qint64(20) << qint64(37369125) << qint64(1695115378713661000) << qint64(1618252600) << qint64(20) << qint64(6599085) << qint64(13) << QStringLiteral("aicore_time(us)") << 17378.910000000003;
    QTest::newRow("server1") << output(serverRank(1), "kernel_details.csv") << qint64(22) << qint64(11514860) << qint64(1695115378710248000) << qint64(287356300) << qint64(22) << qint64(4905450) << qint64(13) << QStringLiteral("aicore_time(us)") << 3861.3100000000004;
    QTest::newRow("op_summary_1") << opSummaryPath() << qint64(20) << qint64(37369125) << qint64(1695115378713661000) << qint64(1618252600) << qint64(20) << qint64(6599085) << qint64(13) << QStringLiteral("aicore_time(us)") << 17378.910000000003;
}

void TestTableParsers::kernelDetails()
{
    QFETCH(QString, path);
    QFETCH(qint64, rows);
    QFETCH(qint64, durSumNs);
    QFETCH(qint64, firstStartNs);
    QFETCH(qint64, startOffsetSumNs);
    QFETCH(qint64, waitCount);
    QFETCH(qint64, waitSumNs);
    QFETCH(qint64, metricColumns);
    QFETCH(QString, metricName);
    QFETCH(double, metricSum);

    KernelTable t;
    FileReport report;
    QVERIFY2(parseKernelDetails(path, t, report), qPrintable(describeReport(report)));
    QCOMPARE(report.status, FileStatus::Used);
    QCOMPARE(report.count(QStringLiteral("rows")), rows);
    QCOMPARE(qint64(t.size()), rows);
    QVERIFY(report.sizeBytes > 0);
    // Every column has one value per row.
    for (std::size_t n : { t.stepId.size(), t.modelId.size(), t.taskId.size(), t.streamId.size(), t.deviceId.size(),
                           t.name.size(), t.type.size(), t.opState.size(), t.acceleratorCore.size(), t.durNs.size(),
                           t.waitNs.size(), t.blockDim.size(), t.inputShapes.size(), t.inputDataTypes.size(),
                           t.outputShapes.size(), t.contextId.size(), t.communication.size() })
        QCOMPARE(qint64(n), rows);
    QCOMPARE(qint64(t.metricNames().size()), metricColumns);
    QCOMPARE(qint64(t.metrics().size()), metricColumns);
    for (const auto& m : t.metrics())
        QCOMPARE(qint64(m.size()), rows);

    qint64 durSum = 0, startOffsetSum = 0, waitSum = 0, waits = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
        durSum += t.durNs[i];
        startOffsetSum += t.startNs[i] - t.startNs[0];
        if (t.waitNs[i] != kInvalidTime) {
            waitSum += t.waitNs[i];
            ++waits;
        }
    }
    QCOMPARE(t.startNs[0], firstStartNs);
    QCOMPARE(durSum, durSumNs);
    QCOMPARE(startOffsetSum, startOffsetSumNs);
    QCOMPARE(waits, waitCount);
    QCOMPARE(waitSum, waitSumNs);
    if (!metricName.isEmpty()) {
        const auto index = t.metricNames().indexOf(metricName);
        QVERIFY(index >= 0);
        double sum = 0;
        const NumericColumn& column = t.metrics()[std::size_t(index)];
        for (std::size_t i = 0; i < column.size(); ++i)
            if (hasValue(column[i]))
                sum += column[i];
        QVERIFY2(closeTo(sum, metricSum), qPrintable(QString::number(sum, 'g', 17)));
    }
    // Only the one misaligned record of the 2023 file is worth a warning.
    QCOMPARE(qint64(report.warnings.size()), std::max<qint64>(0, report.count(QStringLiteral("skippedRows"))));
}

void TestTableParsers::kernelFirstRowValues()
{
    // python: the first rows of level1/rank0 kernel_details.csv via csv.DictReader.
    KernelTable t;
    FileReport report;
    QVERIFY(parseKernelDetails(output(textRank(1, 0), "kernel_details.csv"), t, report));
    QCOMPARE(t.stepId[0], 50);
    QCOMPARE(t.modelId[0], qint64(-1)); // 4294967295 sentinel
    QCOMPARE(t.taskId[0], qint64(11051));
    QCOMPARE(t.streamId[0], qint64(2));
    QCOMPARE(t.deviceId[0], qint64(-1)); // no Device_id column
    QCOMPARE(str(t.strings, t.name[0]), QStringLiteral("trans_TransData_0"));
    QCOMPARE(str(t.strings, t.type[0]), QStringLiteral("TransData"));
    QCOMPARE(str(t.strings, t.opState[0]), QStringLiteral("dynamic"));
    QCOMPARE(str(t.strings, t.acceleratorCore[0]), QStringLiteral("AI_VECTOR_CORE"));
    QVERIFY(!t.isCommunication(0)); // a compute kernel
    QCOMPARE(t.startNs[0], qint64(1736408883704643212)); // "1736408883704643.212\t"
    QCOMPARE(t.durNs[0], qint64(53741));
    QCOMPARE(t.waitNs[0], qint64(0));
    QCOMPARE(t.blockDim[0], qint64(32));
    QCOMPARE(str(t.strings, t.inputShapes[0]), QStringLiteral("32,3,224,224")); // """32,3,224,224"""
    QCOMPARE(str(t.strings, t.inputDataTypes[0]), QStringLiteral("FLOAT"));
    QCOMPARE(str(t.strings, t.outputShapes[0]), QStringLiteral("32,1,224,224,8"));
    QCOMPARE(t.contextId[0], qint64(-1)); // N/A
    const auto aivTime = t.metricNames().indexOf(QStringLiteral("aiv_time(us)"));
    QVERIFY(aivTime >= 0);
    QCOMPARE(t.metrics()[std::size_t(aivTime)][0], 50.522);
    QVERIFY(t.metricNames().contains(QStringLiteral("Mix Block Dim")));
    for (const char* text : { "HF32 Eligible", "Input Formats", "Output Data Types", "Output Formats", "Name" })
        QVERIFY2(!t.metricNames().contains(QLatin1String(text)), text);
    // Row 3: Conv2D1 with three inputs.
    QCOMPARE(str(t.strings, t.name[2]), QStringLiteral("Conv2D1"));
    QCOMPARE(str(t.strings, t.inputShapes[2]), QStringLiteral("32,1,224,224,8;121,4,16,8;64"));
    QCOMPARE(t.waitNs[2], qint64(96222));
    const auto macRatio = t.metricNames().indexOf(QStringLiteral("aic_mac_ratio"));
    QVERIFY(macRatio >= 0);
    QCOMPARE(t.metrics()[std::size_t(macRatio)][2], 0.519);
}

void TestTableParsers::kernelLevel0HasNoMetrics()
{
    // level0: 8 columns (Step Id,Name,Type,Accelerator Core,Start/Duration/Wait,Block Dim).
    KernelTable t;
    FileReport report;
    QVERIFY(parseKernelDetails(output(textRank(0, 0), "kernel_details.csv"), t, report));
    QVERIFY(t.metricNames().isEmpty());
    QCOMPARE(t.taskId[0], qint64(-1));
    QCOMPARE(t.modelId[0], qint64(-1));
    QCOMPARE(t.stepId[0], 50);
    QCOMPARE(str(t.strings, t.type[0]), QStringLiteral("N/A")); // written as text; kept as written
    QCOMPARE(t.startNs[0], qint64(1736405443881410320));
    QVERIFY(!t.opState[0].isValid());
    QVERIFY(!t.inputShapes[0].isValid());
}

void TestTableParsers::kernelServerHcclRow()
{
    // server test_rank_0 row 2: hcom_broadcast__483_0 with Task ID / Stream ID N/A.
    KernelTable t;
    FileReport report;
    QVERIFY(parseKernelDetails(output(serverRank(0), "kernel_details.csv"), t, report));
    QCOMPARE(str(t.strings, t.name[1]), QStringLiteral("hcom_broadcast__483_0"));
    QCOMPARE(t.taskId[1], qint64(-1));
    QCOMPARE(t.streamId[1], qint64(-1));
    QCOMPARE(t.startNs[1], qint64(1695115378715400200)); // "1695115378715400.2"
    QCOMPARE(t.durNs[1], qint64(4975266));              // 4975.2664 us
    QCOMPARE(t.waitNs[1], qint64(1242399));             // 1242.3992 us
    QVERIFY(!t.inputShapes[1].isValid());                // N/A
    const auto aicore = t.metricNames().indexOf(QStringLiteral("aicore_time(us)"));
    QVERIFY(aicore >= 0);
    QVERIFY(!hasValue(t.metrics()[std::size_t(aicore)][1]));
    QCOMPARE(t.metrics()[std::size_t(aicore)][0], 982.72);
}

void TestTableParsers::kernelOpSummaryNames()
{
    // CANN op_summary naming: Op Name / OP Type / Task Type / Task Duration(us).
    KernelTable t;
    FileReport report;
    QVERIFY(parseKernelDetails(opSummaryPath(), t, report));
    QCOMPARE(report.kind, QStringLiteral("kernel_details.csv"));
    QCOMPARE(str(t.strings, t.name[0]), QStringLiteral("ZerosLike"));
    QCOMPARE(str(t.strings, t.type[0]), QStringLiteral("ZerosLike"));
    QCOMPARE(str(t.strings, t.acceleratorCore[0]), QStringLiteral("AI_CORE"));
    QCOMPARE(t.startNs[0], qint64(1695115378713661000));
    QCOMPARE(t.durNs[0], qint64(496851)); // 496.8508 us, rounded half away from zero
    QCOMPARE(t.blockDim[0], qint64(48));
    QCOMPARE(str(t.strings, t.inputShapes[0]), QStringLiteral("232138240"));
}

void TestTableParsers::kernelMisalignedRowSkipped()
{
    // Line 17 of server test_rank_0 kernel_details.csv has 31 cells for 32
    // columns (python: len(row) == 31): skipped with a warning naming it.
    KernelTable t;
    FileReport report;
    QVERIFY(parseKernelDetails(output(serverRank(0), "kernel_details.csv"), t, report));
    QCOMPARE(report.status, FileStatus::Used);
    QCOMPARE(report.count(QStringLiteral("skippedRows")), qint64(1));
    QCOMPARE(report.warnings.size(), 1);
    QVERIFY2(report.warnings.first().contains(QLatin1String("line 17")), qPrintable(report.warnings.first()));
    QVERIFY2(report.warnings.first().contains(QLatin1String("31")), qPrintable(report.warnings.first()));
}

// ---------------------------------------------------------------- op / api statistic

void TestTableParsers::opStatistic_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<qint64>("totalSumNs");
    QTest::addColumn<qint64>("countSum");
    QTest::newRow("text10") << output(textRank(1, 0), "op_statistic.csv") << qint64(33) << qint64(8873751) << qint64(187);
    QTest::newRow("text11") << output(textRank(1, 1), "op_statistic.csv") << qint64(33) << qint64(8878293) << qint64(187);
    QTest::newRow("text20") << output(textRank(2, 0), "op_statistic.csv") << qint64(33) << qint64(8868233) << qint64(187);
    QTest::newRow("text21") << output(textRank(2, 1), "op_statistic.csv") << qint64(33) << qint64(8902294) << qint64(187);
}

void TestTableParsers::opStatistic()
{
    QFETCH(QString, path);
    QFETCH(qint64, rows);
    QFETCH(qint64, totalSumNs);
    QFETCH(qint64, countSum);
    std::vector<OpStatisticRow> out;
    FileReport report;
    QVERIFY2(parseOpStatistic(path, out, report), qPrintable(describeReport(report)));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY(report.warnings.isEmpty());
    QCOMPARE(report.count(QStringLiteral("rows")), rows);
    QCOMPARE(qint64(out.size()), rows);
    qint64 total = 0, count = 0;
    for (const auto& r : out) {
        total += r.totalNs;
        count += r.count;
        QVERIFY(r.minNs <= r.avgNs && r.avgNs <= r.maxNs);
        QVERIFY(hasValue(r.ratioPercent));
    }
    QCOMPARE(total, totalSumNs);
    QCOMPARE(count, countSum);
    // Row 1 of every level1/2 file: python csv.DictReader(...)[0]
    if (path.contains(QLatin1String("level1/rank0"))) {
        QCOMPARE(out[0].opType, QStringLiteral("ForeachAddList"));
        QCOMPARE(out[0].coreType, QStringLiteral("AI_VECTOR_CORE"));
        QCOMPARE(out[0].count, qint64(3));
        QCOMPARE(out[0].totalNs, qint64(1959079));
        QCOMPARE(out[0].minNs, qint64(624152));
        QCOMPARE(out[0].avgNs, qint64(653026));
        QCOMPARE(out[0].maxNs, qint64(706614));
        QCOMPARE(out[0].ratioPercent, 22.077);
    }
}

void TestTableParsers::apiStatistic_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<qint64>("timeSumNs");
    QTest::addColumn<qint64>("countSum");
    QTest::newRow("text10") << output(textRank(1, 0), "api_statistic.csv") << qint64(57) << qint64(123965130) << qint64(707);
    QTest::newRow("text11") << output(textRank(1, 1), "api_statistic.csv") << qint64(57) << qint64(120842880) << qint64(708);
    QTest::newRow("text20") << output(textRank(2, 0), "api_statistic.csv") << qint64(75) << qint64(210407540) << qint64(1134);
    QTest::newRow("text21") << output(textRank(2, 1), "api_statistic.csv") << qint64(75) << qint64(208274170) << qint64(1139);
}

void TestTableParsers::apiStatistic()
{
    QFETCH(QString, path);
    QFETCH(qint64, rows);
    QFETCH(qint64, timeSumNs);
    QFETCH(qint64, countSum);
    std::vector<ApiStatisticRow> out;
    FileReport report;
    QVERIFY2(parseApiStatistic(path, out, report), qPrintable(describeReport(report)));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY(report.warnings.isEmpty());
    QCOMPARE(qint64(out.size()), rows);
    qint64 total = 0, count = 0;
    for (const auto& r : out) {
        total += r.totalNs;
        count += r.count;
    }
    QCOMPARE(total, timeSumNs);
    QCOMPARE(count, countSum);
    if (path.contains(QLatin1String("level1/rank0"))) {
        QCOMPARE(out[0].level, QStringLiteral("hccl"));
        QCOMPARE(out[0].apiName, QStringLiteral("Launch_Ffts"));
        QCOMPARE(out[0].totalNs, qint64(474410));
        QCOMPARE(out[0].avgNs, qint64(118603));
        QCOMPARE(out[0].minNs, qint64(89180));
        QCOMPARE(out[0].maxNs, qint64(138750));
        QCOMPARE(out[0].variance, 389.155);
    }
}

// ---------------------------------------------------------------- step_trace_time

void TestTableParsers::stepTraceTime_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QList<qint64>>("valuesNs"); // in StepTraceRow::Column order
    QTest::addColumn<QString>("step");
    QTest::newRow("text00") << output(textRank(0, 0), "step_trace_time.csv") << QList<qint64>{ 8827473, 81515607, 4001282, 85516889, 25908102, 116251250, 0, 81515607, 19358000 } << QStringLiteral("50");
    QTest::newRow("text01") << output(textRank(0, 1), "step_trace_time.csv") << QList<qint64>{ 8813173, 64616114, 3989596, 68605710, 27172943, 100602250, 0, 64616114, 18920000 } << QStringLiteral("50");
    QTest::newRow("text10") << output(textRank(1, 0), "step_trace_time.csv") << QList<qint64>{ 8873756, 101963203, 4028675, 105991878, 25744050, 136581000, 0, 101963203, 17902500 } << QStringLiteral("50");
    QTest::newRow("text11") << output(textRank(1, 1), "step_trace_time.csv") << QList<qint64>{ 8878295, 96359047, 4016239, 100375286, 26675274, 131912500, 0, 96359047, 20433250 } << QStringLiteral("50");
    QTest::newRow("text20") << output(textRank(2, 0), "step_trace_time.csv") << QList<qint64>{ 8868240, 95962016, 4011262, 99973278, 25032619, 129862750, 0, 95962016, 17483750 } << QStringLiteral("50");
    QTest::newRow("text21") << output(textRank(2, 1), "step_trace_time.csv") << QList<qint64>{ 8902301, 93411782, 4043544, 97455326, 26441689, 128755750, 0, 93411782, 18325500 } << QStringLiteral("50");
    QTest::newRow("server0") << output(serverRank(0), "step_trace_time.csv") << QList<qint64>{ 75174575, 146614020, 6987303, 153601324, 69909504, 291698000, 0, 146614020, kInvalidTime } << QStringLiteral("2");
    QTest::newRow("server1") << output(serverRank(1), "step_trace_time.csv") << QList<qint64>{ 75422220, 151303540, 7129460, 158433000, 67860800, 294586500, 0, 151303540, kInvalidTime } << QStringLiteral("2");
}

void TestTableParsers::stepTraceTime()
{
    QFETCH(QString, path);
    QFETCH(QList<qint64>, valuesNs);
    QFETCH(QString, step);
    std::vector<StepTraceRow> out;
    FileReport report;
    QVERIFY2(parseStepTraceTime(path, out, report), qPrintable(describeReport(report)));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY(report.warnings.isEmpty());
    QCOMPARE(out.size(), std::size_t(1));
    QCOMPARE(out[0].step, step);
    QCOMPARE(out[0].deviceId, qint64(-1));
    QCOMPARE(out[0].rankId, qint64(-1));
    QCOMPARE(qsizetype(StepTraceRow::ColumnCount), valuesNs.size());
    for (int c = 0; c < StepTraceRow::ColumnCount; ++c)
        QCOMPARE(out[0].valueNs[std::size_t(c)], valuesNs[c]);
}

void TestTableParsers::stepTraceTimeExtraColumns()
{
    // Writers that add Device_id / Rank ID in front; Preparing absent.
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("step_trace_time.csv"),
                                   "Device_id,Rank ID,Step,Computing,Free\r\n3,11,7,1.5,\r\n");
    std::vector<StepTraceRow> out;
    FileReport report;
    QVERIFY(parseStepTraceTime(path, out, report));
    QCOMPARE(out.size(), std::size_t(1));
    QCOMPARE(out[0].deviceId, qint64(3));
    QCOMPARE(out[0].rankId, qint64(11));
    QCOMPARE(out[0].step, QStringLiteral("7"));
    QCOMPARE(out[0].valueNs[StepTraceRow::Computing], qint64(1500));
    QCOMPARE(out[0].valueNs[StepTraceRow::Free], kInvalidTime); // empty cell
    QCOMPARE(out[0].valueNs[StepTraceRow::Preparing], kInvalidTime); // no column
}

// ---------------------------------------------------------------- memory

void TestTableParsers::memoryRecord_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<qint64>("firstTsNs");
    QTest::addColumn<qint64>("tsOffsetSumNs");
    QTest::addColumn<qint64>("allocatedCount");
    QTest::newRow("text00") << output(textRank(0, 0), "memory_record.csv") << qint64(1003) << qint64(1736405443756384100) << qint64(151889957080) << qint64(990);
    QTest::newRow("text01") << output(textRank(0, 1), "memory_record.csv") << qint64(1003) << qint64(1736405443758531960) << qint64(166328941540) << qint64(990);
    QTest::newRow("text10") << output(textRank(1, 0), "memory_record.csv") << qint64(1004) << qint64(1736408883573957920) << qint64(157480120680) << qint64(990);
    QTest::newRow("text11") << output(textRank(1, 1), "memory_record.csv") << qint64(1004) << qint64(1736408883576247350) << qint64(160681636700) << qint64(990);
    QTest::newRow("text20") << output(textRank(2, 0), "memory_record.csv") << qint64(1003) << qint64(1736412474607990240) << qint64(148264866700) << qint64(990);
    QTest::newRow("text21") << output(textRank(2, 1), "memory_record.csv") << qint64(1004) << qint64(1736412474613135180) << qint64(145791324780) << qint64(990);
    QTest::newRow("server0") << output(serverRank(0), "memory_record.csv") << qint64(11) << qint64(1695115378653323500) << qint64(1445143900) << qint64(9);
    QTest::newRow("server1") << output(serverRank(1), "memory_record.csv") << qint64(30) << qint64(1695120000000000000) << qint64(0) << qint64(3);
}

void TestTableParsers::memoryRecord()
{
    QFETCH(QString, path);
    QFETCH(qint64, rows);
    QFETCH(qint64, firstTsNs);
    QFETCH(qint64, tsOffsetSumNs);
    QFETCH(qint64, allocatedCount);
    MemoryRecordTable t;
    FileReport report;
    QVERIFY2(parseMemoryRecord(path, t, report), qPrintable(describeReport(report)));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY(report.warnings.isEmpty());
    QCOMPARE(qint64(t.size()), rows);
    for (std::size_t n : { t.component.size(), t.allocatedMB.size(), t.reservedMB.size(), t.activeMB.size(),
                           t.streamPtr.size(), t.deviceType.size() })
        QCOMPARE(qint64(n), rows);
    qint64 offsets = 0, allocated = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
        offsets += t.tsNs[i] - t.tsNs[0];
        allocated += hasValue(t.allocatedMB[i]) ? 1 : 0;
    }
    QCOMPARE(t.tsNs[0], firstTsNs);
    QCOMPARE(offsets, tsOffsetSumNs);
    QCOMPARE(allocated, allocatedCount);
    if (path.contains(QLatin1String("level1/rank0"))) {
        // last row: PTA+GE,1736408883749097.030\t,954.19287109375,1526.75,954.06787109375,897357296,NPU:0
        const std::size_t last = t.size() - 1;
        QCOMPARE(t.strings.string(t.component[last]), QStringLiteral("PTA+GE"));
        QCOMPARE(t.tsNs[last], qint64(1736408883749097030));
        QCOMPARE(t.allocatedMB[last], 954.19287109375);
        QCOMPARE(t.reservedMB[last], 1526.75);
        QCOMPARE(t.activeMB[last], 954.06787109375);
        QCOMPARE(t.strings.string(t.streamPtr[last]), QStringLiteral("897357296"));
        QCOMPARE(t.strings.string(t.deviceType[last]), QStringLiteral("NPU:0"));
        QVERIFY(!hasValue(t.allocatedMB[0]));
    }
}

void TestTableParsers::npuModuleMem_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<qint64>("firstTsNs");
    QTest::addColumn<qint64>("tsOffsetSumNs");
    QTest::newRow("text00") << output(textRank(0, 0), "npu_module_mem.csv") << qint64(1001) << qint64(1736405443839379660) << qint64(118989404380);
    QTest::newRow("text01") << output(textRank(0, 1), "npu_module_mem.csv") << qint64(1001) << qint64(1736405443838243140) << qint64(119269502660);
    QTest::newRow("text10") << output(textRank(1, 0), "npu_module_mem.csv") << qint64(1078) << qint64(1736408883657086220) << qint64(139510577360);
    QTest::newRow("text11") << output(textRank(1, 1), "npu_module_mem.csv") << qint64(1078) << qint64(1736408883655986980) << qint64(139574264830);
    QTest::newRow("text20") << output(textRank(2, 0), "npu_module_mem.csv") << qint64(1001) << qint64(1736412474690319360) << qint64(119946401190);
    QTest::newRow("text21") << output(textRank(2, 1), "npu_module_mem.csv") << qint64(1078) << qint64(1736412474685062270) << qint64(139043392950);
    QTest::newRow("server0") << output(serverRank(0), "npu_module_mem.csv") << qint64(78) << qint64(1724670453385978290) << qint64(4429609390);
}

void TestTableParsers::npuModuleMem()
{
    QFETCH(QString, path);
    QFETCH(qint64, rows);
    QFETCH(qint64, firstTsNs);
    QFETCH(qint64, tsOffsetSumNs);
    NpuModuleMemTable t;
    FileReport report;
    QVERIFY2(parseNpuModuleMem(path, t, report), qPrintable(describeReport(report)));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY(report.warnings.isEmpty());
    QCOMPARE(qint64(t.size()), rows);
    QCOMPARE(qint64(t.reservedMB.size()), rows);
    QCOMPARE(qint64(t.device.size()), rows);
    qint64 offsets = 0;
    for (std::size_t i = 0; i < t.size(); ++i)
        offsets += t.tsNs[i] - t.tsNs[0];
    QCOMPARE(t.tsNs[0], firstTsNs);
    QCOMPARE(offsets, tsOffsetSumNs);
    QCOMPARE(t.strings.string(t.component[0]), QStringLiteral("SLOG"));
    // python: rows[0]['Device'] is NPU:<rank> in the text ranks ("NPU:0" in the server one)
    const QString device = path.contains(QLatin1String("rank1_ascend_pt")) ? QStringLiteral("NPU:1") : QStringLiteral("NPU:0");
    QCOMPARE(t.strings.string(t.device[0]), device);
}

void TestTableParsers::operatorMemory_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<qint64>("firstAllocNs");
    QTest::addColumn<qint64>("allocOffsetSumNs");
    QTest::addColumn<qint64>("released");
    QTest::addColumn<qint64>("releaseOffsetSumNs");
    QTest::addColumn<double>("sizeSumKB");
    QTest::newRow("text00") << output(textRank(0, 0), "operator_memory.csv") << qint64(184) << qint64(1736405443871259720) << qint64(6467027080) << qint64(160) << qint64(6180678960) << 1460243.5;
    QTest::newRow("text01") << output(textRank(0, 1), "operator_memory.csv") << qint64(184) << qint64(1736405443888066380) << qint64(6441301220) << qint64(160) << qint64(6181557960) << 1460243.5;
    QTest::newRow("text10") << output(textRank(1, 0), "operator_memory.csv") << qint64(184) << qint64(1736408883694624810) << qint64(6417087430) << qint64(160) << qint64(6138239850) << 1460243.5;
    QTest::newRow("text11") << output(textRank(1, 1), "operator_memory.csv") << qint64(184) << qint64(1736408883697894540) << qint64(6829333120) << qint64(160) << qint64(6513899640) << 1460243.5;
    QTest::newRow("text20") << output(textRank(2, 0), "operator_memory.csv") << qint64(184) << qint64(1736412474720984920) << qint64(6169643180) << qint64(160) << qint64(5917517850) << 1460243.5;
    QTest::newRow("text21") << output(textRank(2, 1), "operator_memory.csv") << qint64(184) << qint64(1736412474721331650) << qint64(6540530900) << qint64(160) << qint64(6263461710) << 1460243.5;
    QTest::newRow("server0") << output(serverRank(0), "operator_memory.csv") << qint64(28) << qint64(1695115378723902500) << qint64(1833608800) << qint64(28) << qint64(1835650800) << 341120.0;
    QTest::newRow("server1") << output(serverRank(1), "operator_memory.csv") << qint64(21) << qint64(1706704429088523015) << qint64(169733017) << qint64(19) << qint64(2035345646) << 3651407.0;
}

void TestTableParsers::operatorMemory()
{
    QFETCH(QString, path);
    QFETCH(qint64, rows);
    QFETCH(qint64, firstAllocNs);
    QFETCH(qint64, allocOffsetSumNs);
    QFETCH(qint64, released);
    QFETCH(qint64, releaseOffsetSumNs);
    QFETCH(double, sizeSumKB);
    OperatorMemoryTable t;
    FileReport report;
    QVERIFY2(parseOperatorMemory(path, t, report), qPrintable(describeReport(report)));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY(report.warnings.isEmpty());
    QCOMPARE(qint64(t.size()), rows);
    for (std::size_t n : { t.sizeKB.size(), t.allocationNs.size(), t.releaseNs.size(), t.activeReleaseNs.size(),
                           t.durationNs.size(), t.activeDurationNs.size(), t.allocationTotalAllocatedMB.size(),
                           t.allocationTotalReservedMB.size(), t.allocationTotalActiveMB.size(),
                           t.releaseTotalAllocatedMB.size(), t.releaseTotalReservedMB.size(),
                           t.releaseTotalActiveMB.size(), t.streamPtr.size(), t.deviceType.size() })
        QCOMPARE(qint64(n), rows);
    qint64 allocOffsets = 0, releases = 0, releaseOffsets = 0;
    double size = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
        allocOffsets += t.allocationNs[i] - t.allocationNs[0];
        size += t.sizeKB[i];
        if (t.releaseNs[i] != kInvalidTime) {
            ++releases;
            releaseOffsets += t.releaseNs[i] - t.allocationNs[0];
        }
    }
    QCOMPARE(t.allocationNs[0], firstAllocNs);
    QCOMPARE(allocOffsets, allocOffsetSumNs);
    QCOMPARE(releases, released);
    QCOMPARE(releaseOffsets, releaseOffsetSumNs);
    QVERIFY(closeTo(size, sizeSumKB));
}

void TestTableParsers::operatorMemoryValues()
{
    // level1/rank0 row 3 (python csv.DictReader(...)[2]):
    // aten::_convolution,25009.5,1736408883702735.700\t,1736408883736793.940\t,1736408883736793.430\t,
    // 34058.240\t,34057.730\t,978.7939453125,1452.0,978.7939453125,977.6123046875,1452.0,977.6123046875,897357296,NPU:0
    OperatorMemoryTable t;
    FileReport report;
    QVERIFY(parseOperatorMemory(output(textRank(1, 0), "operator_memory.csv"), t, report));
    QCOMPARE(t.strings.string(t.name[2]), QStringLiteral("aten::_convolution"));
    QCOMPARE(t.sizeKB[2], 25009.5);
    QCOMPARE(t.allocationNs[2], qint64(1736408883702735700));
    QCOMPARE(t.releaseNs[2], qint64(1736408883736793940));
    QCOMPARE(t.activeReleaseNs[2], qint64(1736408883736793430));
    QCOMPARE(t.durationNs[2], qint64(34058240));
    QCOMPARE(t.activeDurationNs[2], qint64(34057730));
    QCOMPARE(t.allocationTotalActiveMB[2], 978.7939453125);
    QCOMPARE(t.releaseTotalAllocatedMB[2], 977.6123046875);
    QCOMPARE(t.strings.string(t.streamPtr[2]), QStringLiteral("897357296"));
    // Row 1 was never released in the capture.
    QCOMPARE(t.releaseNs[0], kInvalidTime);
    QCOMPARE(t.durationNs[0], kInvalidTime);
    QVERIFY(!hasValue(t.releaseTotalAllocatedMB[0]));

    // The 10-column 2023 variant (no Active columns, no Stream Ptr):
    // cann::Graph_70,192,1695115378723902.5,1695115378723939.2,36.73,0.25,242.0,0.0625,242.0,NPU:0
    OperatorMemoryTable old;
    FileReport oldReport;
    QVERIFY(parseOperatorMemory(output(serverRank(0), "operator_memory.csv"), old, oldReport));
    QCOMPARE(old.allocationNs[0], qint64(1695115378723902500));
    QCOMPARE(old.releaseNs[0], qint64(1695115378723939200));
    QCOMPARE(old.durationNs[0], qint64(36730));
    QCOMPARE(old.activeReleaseNs[0], kInvalidTime);
    QVERIFY(!hasValue(old.allocationTotalActiveMB[0]));
    QVERIFY(!old.streamPtr[0].isValid());
    QCOMPARE(old.allocationTotalAllocatedMB[0], 0.25);
}

void TestTableParsers::staticOpMemIsNotOperatorMemory()
{
    // server rank1 static_op_mem.csv is not one of our kinds; fed to the
    // operator_memory parser anyway, the header check refuses it.
    OperatorMemoryTable t;
    FileReport report;
    QVERIFY(!parseOperatorMemory(output(serverRank(1), "static_op_mem.csv"), t, report));
    QCOMPARE(report.status, FileStatus::Broken);
    QCOMPARE(report.line, qint64(1));
    QVERIFY2(report.reason.contains(QLatin1String("static_op_mem.csv")), qPrintable(report.reason));
    QVERIFY2(report.reason.contains(QLatin1String("Allocation Time(us)")), qPrintable(report.reason));
    QCOMPARE(t.size(), std::size_t(0));
}

// ---------------------------------------------------------------- operator_details / l2_cache

void TestTableParsers::operatorDetails_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<qint64>("hostSelfSumNs");
    QTest::addColumn<qint64>("hostTotalSumNs");
    QTest::addColumn<qint64>("deviceTotalSumNs");
    QTest::addColumn<qint64>("multiLineStacks");
    QTest::newRow("text00") << output(textRank(0, 0), "operator_details.csv") << qint64(859) << qint64(128814080) << qint64(300983620) << qint64(379700903) << qint64(315);
    QTest::newRow("text01") << output(textRank(0, 1), "operator_details.csv") << qint64(859) << qint64(112581620) << qint64(267191460) << qint64(311533422) << qint64(315);
    QTest::newRow("text10") << output(textRank(1, 0), "operator_details.csv") << qint64(859) << qint64(148925220) << qint64(340579440) << qint64(461150189) << qint64(315);
    QTest::newRow("text11") << output(textRank(1, 1), "operator_details.csv") << qint64(859) << qint64(145873490) << qint64(336552110) << qint64(440407459) << qint64(315);
    QTest::newRow("text20") << output(textRank(2, 0), "operator_details.csv") << qint64(859) << qint64(141485980) << qint64(323929030) << qint64(437003883) << qint64(315);
    QTest::newRow("text21") << output(textRank(2, 1), "operator_details.csv") << qint64(859) << qint64(141433640) << qint64(327648700) << qint64(427158506) << qint64(315);
    QTest::newRow("server0") << output(serverRank(0), "operator_details.csv") << qint64(2) << qint64(287410) << qint64(323100) << qint64(496851) << qint64(2);
    QTest::newRow("server1") << output(serverRank(1), "operator_details.csv") << qint64(3) << qint64(345630) << qint64(382960) << qint64(498400) << qint64(3);
}

void TestTableParsers::operatorDetails()
{
    QFETCH(QString, path);
    QFETCH(qint64, rows);
    QFETCH(qint64, hostSelfSumNs);
    QFETCH(qint64, hostTotalSumNs);
    QFETCH(qint64, deviceTotalSumNs);
    QFETCH(qint64, multiLineStacks);
    OperatorDetailsTable t;
    FileReport report;
    QVERIFY2(parseOperatorDetails(path, t, report), qPrintable(describeReport(report)));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY(report.warnings.isEmpty());
    QCOMPARE(qint64(t.size()), rows);
    qint64 hostSelf = 0, hostTotal = 0, deviceTotal = 0, stacks = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
        hostSelf += t.hostSelfNs[i];
        hostTotal += t.hostTotalNs[i];
        deviceTotal += t.deviceTotalNs[i];
        stacks += t.strings.view(t.callStack[i]).find('\n') != std::string_view::npos ? 1 : 0;
    }
    QCOMPARE(hostSelf, hostSelfSumNs);
    QCOMPARE(hostTotal, hostTotalSumNs);
    QCOMPARE(deviceTotal, deviceTotalSumNs);
    QCOMPARE(stacks, multiLineStacks);
    if (path.contains(QLatin1String("level1/rank0"))) {
        QCOMPARE(t.strings.string(t.name[0]), QStringLiteral("enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__"));
        QVERIFY(t.strings.string(t.callStack[0]).startsWith(
            QLatin1String("/home/z30057886/.local/lib/python3.9/site-packages/torch/_ops.py(692): __call__;\n")));
        QVERIFY(!t.inputShapes[0].isValid());
        // ';\n;\n;\n;\n;\n' trimmed at the end
        QCOMPARE(t.strings.string(t.inputShapes[1]), QStringLiteral(";\n;\n;\n;\n;"));
    }
}

void TestTableParsers::l2Cache_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<qint64>("taskIdSum");
    QTest::addColumn<qint64>("hitRateNA");
    QTest::newRow("text00") << output(textRank(0, 0), "l2_cache.csv") << qint64(179) << qint64(1996088) << qint64(179);
    QTest::newRow("text01") << output(textRank(0, 1), "l2_cache.csv") << qint64(179) << qint64(1993582) << qint64(179);
    QTest::newRow("text10") << output(textRank(1, 0), "l2_cache.csv") << qint64(179) << qint64(1995730) << qint64(179);
    QTest::newRow("text11") << output(textRank(1, 1), "l2_cache.csv") << qint64(179) << qint64(1997341) << qint64(179);
    QTest::newRow("text20") << output(textRank(2, 0), "l2_cache.csv") << qint64(179) << qint64(1997520) << qint64(179);
    QTest::newRow("text21") << output(textRank(2, 1), "l2_cache.csv") << qint64(179) << qint64(1993761) << qint64(179);
}

void TestTableParsers::l2Cache()
{
    QFETCH(QString, path);
    QFETCH(qint64, rows);
    QFETCH(qint64, taskIdSum);
    QFETCH(qint64, hitRateNA);
    std::vector<L2CacheRow> out;
    FileReport report;
    QVERIFY2(parseL2Cache(path, out, report), qPrintable(describeReport(report)));
    QCOMPARE(report.status, FileStatus::Used);
    QVERIFY(report.warnings.isEmpty());
    QCOMPARE(qint64(out.size()), rows);
    qint64 tasks = 0, na = 0;
    for (const auto& r : out) {
        tasks += r.taskId;
        na += hasValue(r.hitRate) ? 0 : 1;
        QVERIFY(hasValue(r.victimRate));
    }
    QCOMPARE(tasks, taskIdSum);
    QCOMPARE(na, hitRateNA);
    if (path.contains(QLatin1String("level1/rank0"))) {
        // 2,11052,N/A,0.23264,trans_TransData_1
        QCOMPARE(out[0].streamId, qint64(2));
        QCOMPARE(out[0].taskId, qint64(11052));
        QCOMPARE(out[0].victimRate, 0.23264);
        QCOMPARE(out[0].opName, QStringLiteral("trans_TransData_1"));
    }
}

QTEST_GUILESS_MAIN(TestTableParsers)
#include "tst_tableparsers.moc"
