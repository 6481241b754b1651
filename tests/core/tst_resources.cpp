// SPDX-License-Identifier: Apache-2.0
// Cluster resources: the FLOPs files of all three header generations, the
// cluster FLOPs heatmap with MindInsight's parallel proposals, the memory
// usage summary and the cluster memory overview.
//
// Expected values come from ../shared/reference/data-prep-flops-strategy.md
// §2.4 (computed there independently of this code) or from python3 over the
// fixture files, the snippet beside the value. Prologue of the snippets:
//   import csv, json
//   R = '.../mindinsight/tests/utils/resource/'
//   L = '.../ascend-msinsight/test/data/pytorch/text/level1/'

#include "analysis/resources.h"
#include "load/profileloader.h"
#include "parse/resourceparsers.h"
#include "testsupport.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace profscope;
using profscope::test::mindinsight;
using profscope::test::writeFile;

namespace {

bool near(double actual, double expected, double tolerance)
{
    return std::fabs(actual - expected) <= tolerance;
}

#define COMPARE_NEAR(actual, expected, tolerance)                                                                     \
    QVERIFY2(near((actual), (expected), (tolerance)),                                                                  \
             qPrintable(QStringLiteral("%1 = %2, expected %3").arg(QStringLiteral(#actual)).arg((actual), 0, 'g', 17).arg((expected), 0, 'g', 17)))

double sumOf(const FlopsTable& t, double FlopsOpRow::*field)
{
    double s = 0;
    for (const auto& op : t.ops)
        s += op.*field;
    return s;
}

} // namespace

class TestResources : public QObject
{
    Q_OBJECT

private slots:
    void flopsGenerations_data();
    void flopsGenerations();
    void flopsGenerationC();
    void flopsBrokenFiles();
    void flopsSummary();
    void flopsSummaryCube();
    void clusterFlopsPropose();
    void clusterFlopsSkipsRanksWithoutSummary();
    void importReportUsesFlops();
    void memoryUsageSummary();
    void clusterMemoryFromRecords();
    void clusterMemoryFromSummaries();
    void heatBuckets();
};

void TestResources::flopsGenerations_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("generation");
    QTest::addColumn<int>("rows");
    QTest::addColumn<double>("totalMflops");
    QTest::addColumn<double>("cubeMflops");
    QTest::addColumn<double>("vectorMflops");
    // Reference §2.4: flops_0.txt 4 rows of "333, 333, 33"; ΣFLOPs 1332.
    QTest::newRow("A profiler/flops_0") << "profiler/flops_0.txt" << int(FlopsGeneration::Total) << 4 << 1332.0 << 0.0 << 0.0;
    // Reference §2.4: flops_1.txt generation B, 10 rows, Σcube 3330, Σvector 3330.
    QTest::newRow("B profiler/flops_1") << "profiler/flops_1.txt" << int(FlopsGeneration::CubeVectorUtilization) << 10
                                        << 6660.0 << 3330.0 << 3330.0;
    // Reference §2.4: run_1 flops_1.txt, 199 rows, ΣFLOPs 66267.
    QTest::newRow("A run_1/flops_1") << "run_1/normal_run/profiler/flops_1.txt" << int(FlopsGeneration::Total) << 199
                                     << 66267.0 << 0.0 << 0.0;
}

void TestResources::flopsGenerations()
{
    QFETCH(QString, file);
    QFETCH(int, generation);
    QFETCH(int, rows);
    QFETCH(double, totalMflops);
    QFETCH(double, cubeMflops);
    QFETCH(double, vectorMflops);
    FlopsTable t;
    FileReport report;
    QVERIFY(parseFlopsTable(mindinsight(file), t, report));
    QCOMPARE(report.status, FileStatus::Used);
    QCOMPARE(int(t.generation), generation);
    QCOMPARE(int(t.ops.size()), rows);
    double total = 0;
    for (const auto& op : t.ops)
        total += op.totalMflops();
    COMPARE_NEAR(total, totalMflops, 1e-6);
    if (generation == int(FlopsGeneration::CubeVectorUtilization)) {
        COMPARE_NEAR(sumOf(t, &FlopsOpRow::cubeMflops), cubeMflops, 1e-6);
        COMPARE_NEAR(sumOf(t, &FlopsOpRow::vectorMflops), vectorMflops, 1e-6);
        // Each utilization column has mean 33 (reference §2.4).
        COMPARE_NEAR(sumOf(t, &FlopsOpRow::cubeUtilizationPercent) / rows, 33.0, 1e-9);
        COMPARE_NEAR(sumOf(t, &FlopsOpRow::vectorUtilizationPercent) / rows, 33.0, 1e-9);
        QVERIFY(std::isnan(t.ops.front().mflops));
    } else {
        COMPARE_NEAR(sumOf(t, &FlopsOpRow::utilizationPercent) / rows, 33.0, 1e-9);
        QVERIFY(std::isnan(t.ops.front().cubeMflops));
    }
    QVERIFY(t.ops.front().fullName.startsWith(QLatin1String("Default/")));
}

void TestResources::flopsGenerationC()
{
    // Generation C as ascend_flops_generator.py writes it (csv.writer, no spaces).
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("flops_0.txt"),
                                   "op_full_name,MFLOPs(10^6 cube),GFLOPS(10^9 cube),MFLOPs(10^6 vector),GFLOPS(10^9 vector)\r\n"
                                   "Default/MatMul-op1,10.5,2.5,0.25,0.5\r\n"
                                   "Default/Add-op2,0,0,1.75,0.125\r\n");
    FlopsTable t;
    FileReport report;
    QVERIFY(parseFlopsTable(path, t, report));
    QCOMPARE(t.generation, FlopsGeneration::CubeVector);
    QCOMPARE(int(t.ops.size()), 2);
    QCOMPARE(t.ops[0].fullName, QStringLiteral("Default/MatMul-op1"));
    QCOMPARE(t.ops[0].totalMflops(), 10.75);
    QCOMPARE(t.ops[0].totalGflops(), 3.0);
    QCOMPARE(t.ops[1].vectorGflops, 0.125);
    QVERIFY(std::isnan(t.ops[1].cubeUtilizationPercent));
}

void TestResources::flopsBrokenFiles()
{
    QTemporaryDir dir;
    {
        // No FLOPs column of any generation: broken at the header, named.
        const QString path = writeFile(dir, QStringLiteral("a/flops_0.txt"), "full_kernel_name, something\nDefault/A, 1\n");
        FlopsTable t;
        FileReport report;
        QVERIFY(!parseFlopsTable(path, t, report));
        QCOMPARE(report.status, FileStatus::Broken);
        QVERIFY2(report.reason.contains(QLatin1String("FLOPs")), qPrintable(report.reason));
    }
    {
        // A bad number: a warning naming the line, the row is still kept.
        const QString path = writeFile(dir, QStringLiteral("b/flops_0.txt"),
                                       "full_kernel_name, FLOPs, FLOPS, FLOPS utilization\nDefault/A, x, 1, 2\nDefault/B, 3, 4, 5\n");
        FlopsTable t;
        FileReport report;
        QVERIFY(parseFlopsTable(path, t, report));
        QCOMPARE(int(t.ops.size()), 2);
        QVERIFY(std::isnan(t.ops[0].mflops));
        QCOMPARE(t.ops[1].mflops, 3.0);
        QVERIFY(!report.warnings.isEmpty());
        QVERIFY2(report.warnings.join(QLatin1Char(' ')).contains(QLatin1String("2")), qPrintable(report.warnings.join(';')));
    }
    {
        // A summary without a single known key is broken, with the keys named.
        const QString path = writeFile(dir, QStringLiteral("c/flops_summary_0.json"), "{\"other\": 1}");
        FlopsSummary s;
        FileReport report;
        QVERIFY(!parseFlopsSummary(path, s, report));
        QCOMPARE(report.status, FileStatus::Broken);
        QVERIFY(report.reason.contains(QLatin1String("flops_summary_0.json")));
        QVERIFY(!s.present);
    }
    {
        // Truncated JSON: broken with the offset.
        const QString path = writeFile(dir, QStringLiteral("d/flops_summary_0.json"), "{\"FLOPs\": 12");
        FlopsSummary s;
        FileReport report;
        QVERIFY(!parseFlopsSummary(path, s, report));
        QCOMPARE(report.status, FileStatus::Broken);
        QVERIFY(report.byteOffset >= 0);
    }
}

void TestResources::flopsSummary()
{
    // Reference §2.4: {FLOPs 8167.743, FLOPS 9868.936, FLOPS_Utilization 3.765}.
    FlopsSummary s;
    FileReport report;
    QVERIFY(parseFlopsSummary(mindinsight(QStringLiteral("profiler/flops_summary_0.json")), s, report));
    QVERIFY(s.present);
    QCOMPARE(s.flopsM, 8167.743);
    QCOMPARE(s.flopsPerSecondG, 9868.936);
    QCOMPARE(s.utilizationPercent, 3.765);
    QCOMPARE(s.totalFlopsM(), 8167.743);
    QVERIFY(std::isnan(s.cubeFlopsM));
}

void TestResources::flopsSummaryCube()
{
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("flops_summary_0.json"),
                                   "{\"cube_FLOPs\": 100.5, \"cube_FLOPS\": 2.25, \"vec_FLOPs\": 0.5, \"vec_FLOPS\": 0.75}");
    FlopsSummary s;
    FileReport report;
    QVERIFY(parseFlopsSummary(path, s, report));
    QCOMPARE(s.totalFlopsM(), 101.0);
    QCOMPARE(s.totalFlopsPerSecondG(), 3.0);
}

void TestResources::clusterFlopsPropose()
{
    const ProfilePtr profile = ProfileLoader::load({ mindinsight(QStringLiteral("cluster_propose")) });
    QVERIFY(profile);
    const ClusterFlops c = clusterFlops(*profile);
    QCOMPARE(int(c.entries.size()), 4);
    // Reference §2.4: FLOPs 107146.763 / 107145.034 / 329608.369 / 329612.4,
    // normalised 0.325069 / 0.325064 / 0.999988 / 1.0, shown 0.325 / 0.325 / 0.999 / 1.0.
    const double flops[] = { 107146.763, 107145.034, 329608.369, 329612.4 };
    const double norm[] = { 0.325069, 0.325064, 0.999988, 1.0 };
    const double shown[] = { 0.325, 0.325, 0.999, 1.0 };
    const int bucket01[] = { 3, 3, 9, 9 };
    const int bucket005[] = { 6, 6, 19, 19 };
    const int bucket002[] = { 16, 16, 49, 49 };
    for (int i = 0; i < 4; ++i) {
        const ClusterFlopsEntry& e = c.entries[std::size_t(i)];
        QCOMPARE(e.rankId, i);
        QCOMPARE(e.flopsM, flops[i]);
        COMPARE_NEAR(e.normalized, norm[i], 5e-7);
        QCOMPARE(truncatedRatio(e.normalized), shown[i]);
        QCOMPARE(heatBucket(e.normalized, 0.1), bucket01[i]);
        QCOMPARE(heatBucket(e.normalized, 0.05), bucket005[i]);
        QCOMPARE(heatBucket(e.normalized, 0.02), bucket002[i]);
        // stage = rank // (4 / 2) + 1
        QCOMPARE(e.stage, i / 2 + 1);
    }
    QCOMPARE(c.parallelMode, QStringLiteral("pipeline-parallel"));
    QCOMPARE(c.stageNum, 2);
    QCOMPARE(c.rankSize, 4);
    // Reference §2.4: mean FLOPS 5132.21125, no rank more than 20% below it;
    // stage averages 107145.8985 / 329610.3845, stage 2 +50.94%.
    COMPARE_NEAR(c.meanFlopsPerSecondG, 5132.21125, 1e-9);
    QCOMPARE(int(c.stageAverageFlopsM.size()), 2);
    COMPARE_NEAR(c.stageAverageFlopsM[0], 107145.8985, 1e-6);
    COMPARE_NEAR(c.stageAverageFlopsM[1], 329610.3845, 1e-6);
    QCOMPARE(int(c.proposals.size()), 1);
    const FlopsProposal& p = c.proposals.front();
    QCOMPARE(p.kind, FlopsProposal::Kind::PipelineStage);
    QCOMPARE(p.stage, 2);
    COMPARE_NEAR(p.value, 329610.3845, 1e-6);
    QCOMPARE(QString::number(p.fraction * 100.0, 'f', 2), QStringLiteral("50.94"));
    QVERIFY2(p.text.contains(QLatin1String("50.94%")), qPrintable(p.text));
}

void TestResources::clusterFlopsSkipsRanksWithoutSummary()
{
    // Reference §2.4: on profiler/ only rank 0 has a summary: one entry, norm 1.0.
    // Rank 1 has flops_1.txt but no summary and is listed as such.
    const ProfilePtr profile = ProfileLoader::load({ mindinsight(QStringLiteral("profiler")) });
    QVERIFY(profile);
    const ClusterFlops c = clusterFlops(*profile);
    QCOMPARE(int(c.entries.size()), 1);
    QCOMPARE(c.entries[0].rankId, 0);
    QCOMPARE(c.entries[0].flopsM, 8167.743);
    QCOMPARE(c.entries[0].normalized, 1.0);
    QCOMPARE(c.ranksWithoutSummary, std::vector<int>{ 1 });
    QVERIFY(c.proposals.empty());
}

void TestResources::importReportUsesFlops()
{
    const ProfilePtr profile = ProfileLoader::load({ mindinsight(QStringLiteral("profiler")) });
    QVERIFY(profile);
    for (const QString& name : { QStringLiteral("/flops_0.txt"), QStringLiteral("/flops_1.txt"), QStringLiteral("/flops_summary_0.json") }) {
        const FileReport* r = test::reportEndingWith(*profile, name);
        QVERIFY2(r, qPrintable(name));
        QVERIFY2(r->status == FileStatus::Used, qPrintable(name + QLatin1String(": ") + r->kind + QLatin1String(": ") + r->reason));
    }
    // The Sankey file stays recognised but unread.
    const FileReport* scope = test::reportEndingWith(*profile, QStringLiteral("/flops_scope_0.json"));
    QVERIFY(scope);
    QCOMPARE(scope->status, FileStatus::Skipped);
    const RankData* rank1 = profile->findRank(1);
    QVERIFY(rank1);
    QCOMPARE(int(rank1->legacy.resources.flops.ops.size()), 10);

    const ProfilePtr propose = ProfileLoader::load({ mindinsight(QStringLiteral("cluster_propose")) });
    const FileReport* analyse = test::reportEndingWith(*propose, QStringLiteral("ascend_cluster_analyse_pipeline-parallel_2_4_0.csv"));
    QVERIFY(analyse);
    QCOMPARE(analyse->status, FileStatus::Used);
    // python3: len(list(csv.DictReader(open(R + 'cluster_propose/ascend_cluster_analyse_pipeline-parallel_2_4_0.csv'))))
    const RankData* rank0 = propose->findRank(0);
    QVERIFY(rank0);
    QCOMPARE(rank0->legacy.resources.clusterAnalyse.rows.front().computationMs, 13.8202);
}

void TestResources::memoryUsageSummary()
{
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("memory_usage_summary_0.json"),
                                   "{\"capacity\": 31.5, \"allocations\": 120, \"deallocations\": 118, \"peak_mem\": 12.25, \"static_mem\": 1.5}");
    MemoryUsageSummary s;
    FileReport report;
    QVERIFY(parseMemoryUsageSummary(path, s, report));
    QVERIFY(s.present);
    QCOMPARE(s.capacityGiB, 31.5);
    QCOMPARE(s.peakGiB, 12.25);
    QCOMPARE(s.staticGiB, 1.5);
    QCOMPARE(s.allocations, qint64(120));
    QCOMPARE(s.deallocations, qint64(118));

    const QString bad = writeFile(dir, QStringLiteral("x/memory_usage_summary_0.json"), "{\"capacity\": 0, \"peak_mem\": \"a lot\"}");
    MemoryUsageSummary b;
    FileReport badReport;
    QVERIFY(parseMemoryUsageSummary(bad, b, badReport));
    QVERIFY(std::isnan(b.capacityGiB));
    QVERIFY(std::isnan(b.peakGiB));
    QCOMPARE(badReport.warnings.size(), 2);
}

void TestResources::clusterMemoryFromRecords()
{
    // python3: max(float(x['Total Reserved(MB)']) for x in csv.DictReader(open(L +
    //   'rank{r}_ascend_pt/ASCEND_PROFILER_OUTPUT/memory_record.csv')) if x['Component'] == 'APP')
    //   -> 2113.73046875 (rank 0, first at 1736408883733932.920 us), 2113.734375 (rank 1)
    const ProfilePtr profile = ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) });
    QVERIFY(profile);
    const ClusterMemory m = clusterMemory(*profile);
    QCOMPARE(int(m.entries.size()), 2);
    QVERIFY(!m.anyCapacity);
    QCOMPARE(m.entries[0].curve, QStringLiteral("APP"));
    QCOMPARE(m.entries[0].peakMB, 2113.73046875);
    QCOMPARE(m.entries[0].peakTsNs, TimeNs(1736408883733932920));
    QCOMPARE(m.entries[1].peakMB, 2113.734375);
    QCOMPARE(m.maxPeakMB, 2113.734375);
    // No capacity in these files: normalised by the largest peak.
    QVERIFY(!m.entries[0].ratioOfCapacity);
    COMPARE_NEAR(m.entries[0].ratio, 2113.73046875 / 2113.734375, 1e-12);
    QCOMPARE(m.entries[1].ratio, 1.0);
}

void TestResources::clusterMemoryFromSummaries()
{
    // Two legacy ranks with a memory usage summary each (the format has no real fixture).
    QTemporaryDir dir;
    writeFile(dir, QStringLiteral("profiler/step_trace_raw_0_detail_time.csv"), "step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,fp_and_bp,tail\n1,0,100,100,10,90,0,80,10\n-,0,100,100,10,90,0,80,10\n");
    writeFile(dir, QStringLiteral("profiler/memory_usage_summary_0.json"), "{\"capacity\": 32, \"peak_mem\": 24, \"static_mem\": 1}");
    writeFile(dir, QStringLiteral("profiler/memory_usage_summary_1.json"), "{\"capacity\": 32, \"peak_mem\": 8, \"static_mem\": 1}");
    const ProfilePtr profile = ProfileLoader::load({ dir.path() });
    QVERIFY(profile);
    const ClusterMemory m = clusterMemory(*profile);
    QCOMPARE(int(m.entries.size()), 2);
    QVERIFY(m.anyCapacity);
    QCOMPARE(m.entries[0].source, ClusterMemoryEntry::Source::UsageSummary);
    QCOMPARE(m.entries[0].peakMB, 24.0 * 1024.0);
    QCOMPARE(m.entries[0].capacityMB, 32.0 * 1024.0);
    QCOMPARE(m.entries[0].ratio, 0.75);
    QCOMPARE(m.entries[1].ratio, 0.25);
    QVERIFY(m.entries[1].ratioOfCapacity);
}

void TestResources::heatBuckets()
{
    QCOMPARE(heatBucket(0.0, 0.1), 0);
    QCOMPARE(heatBucket(0.1, 0.1), 1);
    QCOMPARE(heatBucket(0.999, 0.1), 9);
    QCOMPARE(heatBucket(1.0, 0.02), 49);
    QCOMPARE(heatBucket(1.7, 0.1), 9); // a peak above the capacity: the last colour, not out of range
    QCOMPARE(heatBucket(std::nan(""), 0.1), 0);
    QCOMPARE(truncatedRatio(0.999988), 0.999);
}

QTEST_GUILESS_MAIN(TestResources)
#include "tst_resources.moc"
