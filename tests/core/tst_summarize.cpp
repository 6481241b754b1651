// SPDX-License-Identifier: Apache-2.0
// Summaries computed next to the data (issue 15 item 5): `profscope-cli
// summarize` writes one *.profscope-summary.json per rank and a folder of
// them opens as a cluster. The figures read back are checked against the
// rank's own files read independently here: step_trace_time.csv (plain
// split), communication.json and communication_matrix.json (QJsonDocument),
// memory_record.csv (plain split), and kernel_details.csv row counts; the
// generated clusters' planted anomalies (a slow rank, a host-bound rank)
// must still be named by the advice from the summaries alone.
#include "analysis/advice.h"
#include "analysis/cluster.h"
#include "analysis/operators.h"
#include "analysis/overview.h"
#include "generate/clustergenerator.h"
#include "load/profileloader.h"
#include "model/summary.h"
#include "report/summarywriter.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>

using namespace profscope;

namespace {

const std::pair<StepTraceRow::Column, const char*> kCheckedColumns[] = {
    { StepTraceRow::Computing, "Computing" },
    { StepTraceRow::CommunicationNotOverlapped, "Communication(Not Overlapped)" },
    { StepTraceRow::Overlapped, "Overlapped" },
    { StepTraceRow::Communication, "Communication" },
    { StepTraceRow::Free, "Free" },
};

// Ops per step in communication.json ("Total Op Info" is an aggregate, not an op).
int communicationOps(const QString& rankRoot)
{
    QFile f(rankRoot + QStringLiteral("/ASCEND_PROFILER_OUTPUT/communication.json"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    int ops = 0;
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    for (const QJsonValue step : root)
        for (const QString& kind : { QStringLiteral("p2p"), QStringLiteral("collective") })
            for (const QString& key : step.toObject().value(kind).toObject().keys())
                ops += key == QLatin1String("Total Op Info") ? 0 : 1;
    return ops;
}

int matrixLinks(const QString& rankRoot)
{
    QFile f(rankRoot + QStringLiteral("/ASCEND_PROFILER_OUTPUT/communication_matrix.json"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    int links = 0;
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    for (const QJsonValue step : root)
        for (const QJsonValue kind : step.toObject())
            for (const QJsonValue op : kind.toObject())
                links += int(op.toObject().size());
    return links;
}

// Per component, the largest "Total Reserved(MB)" of memory_record.csv.
std::map<QString, double> reservedPeaks(const QString& rankRoot)
{
    std::map<QString, double> peaks;
    QFile f(rankRoot + QStringLiteral("/ASCEND_PROFILER_OUTPUT/memory_record.csv"));
    if (!f.open(QIODevice::ReadOnly))
        return peaks;
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const QStringList header = lines.value(0).trimmed().split(QLatin1Char(','));
    const qsizetype component = header.indexOf(QStringLiteral("Component"));
    const qsizetype reserved = header.indexOf(QStringLiteral("Total Reserved(MB)"));
    for (int i = 1; i < lines.size(); ++i) {
        const QStringList cells = lines[i].split(QLatin1Char(','));
        bool ok = false;
        const double v = cells.value(reserved).trimmed().toDouble(&ok);
        if (!ok)
            continue;
        double& peak = peaks.try_emplace(cells.value(component).trimmed(), v).first->second;
        peak = std::max(peak, v);
    }
    return peaks;
}

// Data rows of kernel_details.csv, per "Type" (no cell of these files holds a comma inside quotes
// before the Type column).
std::map<QString, int> kernelsPerType(const QString& rankRoot)
{
    std::map<QString, int> out;
    QFile f(rankRoot + QStringLiteral("/ASCEND_PROFILER_OUTPUT/kernel_details.csv"));
    if (!f.open(QIODevice::ReadOnly))
        return out;
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const qsizetype type = lines.value(0).split(QLatin1Char(',')).indexOf(QStringLiteral("Type"));
    for (int i = 1; i < lines.size(); ++i)
        ++out[lines[i].split(QLatin1Char(',')).value(type).trimmed()];
    return out;
}

std::map<QString, double> summaryReservedPeaks(const RankData& rank)
{
    std::map<QString, double> peaks;
    const MemoryRecordTable* m = rank.memoryRecords.get();
    for (std::size_t i = 0; m && i < m->size(); ++i) {
        if (std::isnan(m->reservedMB[i]))
            continue;
        double& peak = peaks.try_emplace(m->strings.string(m->component[i]), m->reservedMB[i]).first->second;
        peak = std::max(peak, m->reservedMB[i]);
    }
    return peaks;
}

// The step figures of a rank read from its summary against the profiler's
// own step_trace_time.csv of the source rank: within 1% of the step (the
// tolerance of the recomputation itself, overview.h).
void compareWithStepTraceCsv(const RankData& summary, const QString& sourceRoot)
{
    const std::vector<test::CsvStep> expected = test::readStepTraceCsv(sourceRoot);
    QVERIFY2(!expected.empty(), qPrintable(sourceRoot));
    const std::shared_ptr<const RankOverview> overview = rankOverview(summary);
    QVERIFY(overview->fromSummary);
    QVERIFY(overview->fromProfscopeSummary);
    QCOMPARE(overview->steps.size(), expected.size());
    for (const test::CsvStep& e : expected) {
        const auto it = std::find_if(overview->steps.begin(), overview->steps.end(),
            [&e](const StepOverview& s) { return s.step == e.step; });
        QVERIFY2(it != overview->steps.end(), qPrintable(e.step));
        const double stepNs = (e.us.at(QStringLiteral("Computing")) + e.us.at(QStringLiteral("Communication(Not Overlapped)"))
                                  + e.us.at(QStringLiteral("Free")))
            * 1000.0;
        for (const auto& [column, name] : kCheckedColumns) {
            const double want = e.us.at(QLatin1String(name)) * 1000.0;
            const double got = double(it->value(column));
            QVERIFY2(std::abs(got - want) <= 0.01 * stepNs,
                qPrintable(QStringLiteral("%1 step %2 %3: %4 ns from the summary, %5 ns in step_trace_time.csv")
                               .arg(sourceRoot, e.step, QLatin1String(name))
                               .arg(got)
                               .arg(want)));
        }
    }
}

const RankData* rankById(const Profile& p, int id)
{
    for (const auto& r : p.ranks)
        if (r->info.rankId == id)
            return r.get();
    return nullptr;
}

} // namespace

class TstSummarize : public QObject
{
    Q_OBJECT

private slots:
    // A real torch_npu rank: summary written, read back, and every figure
    // against the rank's own files.
    void realRank_data()
    {
        QTest::addColumn<QString>("root");
        QTest::addColumn<int>("kernels"); // db-format.md: 187 compute + 4 communication
        QTest::newRow("level1 rank0") << test::textRank(1, 0) << 191;
        QTest::newRow("level1 rank1") << test::textRank(1, 1) << 191;
    }
    void realRank()
    {
        QFETCH(QString, root);
        QFETCH(int, kernels);
        const QStringList before = test::folderSnapshot(root);
        const ProfilePtr full = ProfileLoader::load({ root });
        QCOMPARE(full->ranks.size(), std::size_t(1));
        QTemporaryDir out;
        QString error;
        const QString written = writeRankSummary(*full->ranks[0], out.path(), &error);
        QVERIFY2(!written.isEmpty(), qPrintable(error));
        QVERIFY(written.endsWith(QLatin1String(kSummaryFileSuffix)));
        qint64 sourceBytes = 0;
        for (const QString& entry : test::folderSnapshot(root))
            sourceBytes += entry.section(QLatin1Char('|'), 1, 1).toLongLong();
        QVERIFY2(QFileInfo(written).size() * 20 < sourceBytes, "a summary is a small fraction of the rank's files");

        const ProfilePtr summary = ProfileLoader::load({ out.path() });
        QCOMPARE(summary->ranks.size(), std::size_t(1));
        const RankData& rank = *summary->ranks[0];
        QCOMPARE(rank.info.layout, RankLayout::ProfscopeSummary);
        QVERIFY(rank.summary.isSummary());
        QVERIFY(rank.trace.isEmpty());
        QCOMPARE(rank.info.rankId, full->ranks[0]->info.rankId);
        QCOMPARE(rank.summary.sourcePath, QFileInfo(root).absoluteFilePath());
        compareWithStepTraceCsv(rank, root);

        QCOMPARE(int(rank.communication.size()), communicationOps(root));
        QCOMPARE(int(rank.communicationMatrix.size()), matrixLinks(root));
        // Operator statistics per type, as the Operators page and `export --what operators` show them.
        bool fromSummary = false;
        std::map<QString, int> perType;
        qint64 opCount = 0;
        for (const OperatorStat& s : rankOperatorStatistics(rank, {}, &fromSummary)) {
            perType[s.type] += int(s.count);
            opCount += s.count;
        }
        QVERIFY(fromSummary);
        QCOMPARE(opCount, qint64(kernels));
        QCOMPARE(perType, kernelsPerType(root));

        const std::map<QString, double> expectedPeaks = reservedPeaks(root);
        QVERIFY(!expectedPeaks.empty());
        const std::map<QString, double> peaks = summaryReservedPeaks(rank);
        for (const auto& [component, peak] : expectedPeaks) {
            QVERIFY2(peaks.count(component), qPrintable(component));
            QVERIFY2(std::abs(peaks.at(component) - peak) < 1e-6, qPrintable(component));
        }
        // The thinned curve keeps at most kSummaryMemoryPoints per component.
        QVERIFY(rank.memoryRecords->size() <= expectedPeaks.size() * std::size_t(kSummaryMemoryPoints));
        QCOMPARE(test::folderSnapshot(root), before);
    }

    // The CLI over a generated cluster, two ranks at a time; the summaries
    // open as a cluster whose figures and findings match the source.
    void generatedCluster()
    {
        QTemporaryDir data;
        GeneratorOptions options;
        options.ranks = 8;
        options.steps = 3;
        options.ops = 20;
        options.pipelineStages = 2;
        options.slowRank = 5;
        options.hostBoundRank = 2;
        QString error;
        QVERIFY2(generateCluster(data.path(), options, &error), qPrintable(error));
        const QStringList before = test::folderSnapshot(data.path());

        QTemporaryDir out;
        const QString outDir = out.path() + QStringLiteral("/summaries");
        const test::CliRun run = test::runProgram(QStringLiteral(PROFSCOPE_CLI),
            { QStringLiteral("summarize"), data.path(), QStringLiteral("-o"), outDir, QStringLiteral("-j"), QStringLiteral("2") });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("8 summary file"), run.out.constData());
        QCOMPARE(QDir(outDir).entryList({ QStringLiteral("*.profscope-summary.json") }, QDir::Files).size(), 8);
        QCOMPARE(test::folderSnapshot(data.path()), before);

        const ProfilePtr full = ProfileLoader::load({ data.path() });
        const ProfilePtr summary = ProfileLoader::load({ outDir });
        QCOMPARE(summary->ranks.size(), std::size_t(8));
        for (const auto& rank : full->ranks) {
            const RankData* s = rankById(*summary, rank->info.rankId);
            QVERIFY2(s, qPrintable(QString::number(rank->info.rankId)));
            compareWithStepTraceCsv(*s, rank->info.rootPath);
            QCOMPARE(int(s->communicationMatrix.size()), matrixLinks(rank->info.rootPath));
            QCOMPARE(int(s->communication.size()), communicationOps(rank->info.rootPath));
            QCOMPARE(s->info.ppSize, rank->info.ppSize);
        }
        // Pipeline stages come from the parallel groups the summary carries: 2 stages of 4.
        const ClusterSteps steps = clusterSteps(*summary);
        std::map<int, int> perStage;
        for (const ClusterStepRow& row : steps.rows)
            if (row.overview.step == steps.rows.front().overview.step)
                ++perStage[row.stage];
        QCOMPARE(perStage.size(), std::size_t(2));
        for (const auto& [stage, count] : perStage)
            QCOMPARE(count, 4);

        // The planted anomalies are found from the summaries alone.
        const std::vector<Finding> findings = computeAdvice(*summary);
        auto named = [&findings](const QString& rule, int rank) {
            return std::any_of(findings.begin(), findings.end(),
                [&](const Finding& f) { return f.ruleId == rule && f.rankIds().contains(rank); });
        };
        QVERIFY2(named(QStringLiteral("compute-slow-rank"), 5), "the slow rank 5 is named");
        QVERIFY2(named(QStringLiteral("host-bound"), 2), "the host-bound rank 2 is named from the summary's launch figures");
    }

    // Damaged or foreign summaries: one clear message naming the file; the
    // other ranks still load.
    void badSummaries_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("message");
        QTest::newRow("truncated") << QByteArray("{\"format\":\"profscope-summary\",\"version\":1,\"steps\":[{\"st")
                                   << QStringLiteral("");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("");
        QTest::newRow("other json") << QByteArray("{\"traceEvents\":[]}") << QStringLiteral("not a Profscope summary");
        QTest::newRow("newer version") << QByteArray("{\"format\":\"profscope-summary\",\"version\":99}")
                                       << QStringLiteral("newer Profscope");
        QTest::newRow("no version") << QByteArray("{\"format\":\"profscope-summary\"}") << QStringLiteral("version");
        QTest::newRow("wrong types")
            << QByteArray("{\"format\":\"profscope-summary\",\"version\":1,\"rank\":{\"rankId\":9},\"steps\":\"many\","
                          "\"communication\":[1,2],\"memory\":{\"records\":{}}}")
            << QStringLiteral("");
    }
    void badSummaries()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, message);
        const ProfilePtr full = ProfileLoader::load({ test::textRank(1, 0) });
        QTemporaryDir out;
        QString error;
        QVERIFY(!writeRankSummary(*full->ranks[0], out.path(), &error).isEmpty());
        const QString bad = test::writeFile(out, QStringLiteral("rank9_damaged.profscope-summary.json"), bytes);
        const ProfilePtr loaded = ProfileLoader::load({ out.path() });
        QVERIFY(rankById(*loaded, full->ranks[0]->info.rankId));
        const FileReport* report = test::reportEndingWith(*loaded, QStringLiteral("rank9_damaged.profscope-summary.json"));
        QVERIFY2(report, qPrintable(bad));
        if (QTest::currentDataTag() == QByteArray("wrong types")) {
            QCOMPARE(report->status, FileStatus::Used);
            QVERIFY(!report->warnings.isEmpty());
            return;
        }
        QCOMPARE(report->status, FileStatus::Broken);
        QVERIFY2(report->reason.contains(message), qPrintable(report->reason));
    }

    void usage()
    {
        const test::CliRun noOutput
            = test::runProgram(QStringLiteral(PROFSCOPE_CLI), { QStringLiteral("summarize"), test::textRank(1, 0) });
        QCOMPARE(noOutput.exitCode, 2);
        QTemporaryDir empty;
        const test::CliRun nothing = test::runProgram(QStringLiteral(PROFSCOPE_CLI),
            { QStringLiteral("summarize"), empty.path(), QStringLiteral("-o"), empty.path() + QStringLiteral("/out") });
        QCOMPARE(nothing.exitCode, 1);
        QVERIFY2(nothing.err.contains("no rank folders"), nothing.err.constData());
    }
};

QTEST_GUILESS_MAIN(TstSummarize)
#include "tst_summarize.moc"
