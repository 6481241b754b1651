// SPDX-License-Identifier: Apache-2.0
// Cluster analyses: clock alignment, parallel indexes, pipeline stages, the
// cluster step table, slow ranks and slow links. Expected values come from the
// real files read here, from the layout the generator was asked for, or from
// skew planted by rewriting a generated host's timestamps.
#include "testsupport.h"

#include "analysis/cluster.h"
#include "generate/clustergenerator.h"
#include "load/profileloader.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace profscope;

namespace {

ProfilePtr generated(const QTemporaryDir& dir, GeneratorOptions options)
{
    options.force = true;
    QString error;
    if (!generateCluster(dir.path(), options, &error))
        qFatal("generateCluster: %s", qPrintable(error));
    return ProfileLoader::load({ dir.path() });
}

// Adds `shiftUs` to every "ts" of the trace_view.json files under folders
// whose name starts with `hostPrefix`: the host's clock runs ahead.
void shiftHostClock(const QString& root, const QString& hostPrefix, qint64 shiftUs)
{
    QDirIterator it(root, { QStringLiteral("trace_view.json") }, QDir::Files, QDirIterator::Subdirectories);
    static const QRegularExpression ts(QStringLiteral("\"ts\": \"(\\d+)(\\.\\d+)?\""));
    while (it.hasNext()) {
        const QString path = it.next();
        if (!path.mid(root.size() + 1).startsWith(hostPrefix))
            continue;
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        f.close();
        QString out;
        qsizetype last = 0;
        auto m = ts.globalMatch(text);
        int replaced = 0;
        while (m.hasNext()) {
            const auto match = m.next();
            out += text.mid(last, match.capturedStart() - last);
            out +=
                QStringLiteral("\"ts\": \"%1%2\"").arg(match.captured(1).toLongLong() + shiftUs).arg(match.captured(2));
            last = match.capturedEnd();
            ++replaced;
        }
        out += text.mid(last);
        QVERIFY(replaced > 100);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(out.toUtf8());
    }
}

// step_trace_time.csv read here: step -> column -> µs.
QMap<QString, QMap<QString, double>> readStepTrace(const QString& rankDir)
{
    QMap<QString, QMap<QString, double>> out;
    QFile f(rankDir + QStringLiteral("/ASCEND_PROFILER_OUTPUT/step_trace_time.csv"));
    if (!f.open(QIODevice::ReadOnly))
        return out;
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const QStringList header = lines[0].trimmed().split(QLatin1Char(','));
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QStringList cells = lines[i].trimmed().split(QLatin1Char(','));
        for (qsizetype c = 1; c < cells.size() && c < header.size(); ++c)
            out[cells[0].trimmed()][header[c].trimmed()] = cells[c].trimmed().toDouble();
    }
    return out;
}

ParallelGroup group(const QString& name, std::vector<int> ranks)
{
    ParallelGroup g;
    g.groupId = name + QLatin1Char('_') + QString::number(ranks.front());
    g.groupName = name;
    g.globalRanks = std::move(ranks);
    return g;
}

// Two generated ranks of three steps (eight ops a step).
ProfilePtr twoRanksThreeSteps(const QTemporaryDir& dir)
{
    GeneratorOptions options;
    options.ranks = 2;
    options.steps = 3;
    options.ops = 8;
    return generated(dir, options);
}

} // namespace

class TestCluster : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void clockAlignmentRecoversASkewedHost();
    void clockAlignmentOnOneMachineIsSmall();
    void clockAlignmentNoteListsTheFirstRanksOnly();
    void parallelIndex_data();
    void parallelIndex();
    void stagesByUnionFindOverGroups();
    void stagesWithoutGroupsFollowTheFirstCollective();
    void stepTableMatchesTheProfilersFile();
    void stepAveragesAreMeans();
    void sharedStepAveragesOncePerStep();
    void oldFormatStepTrace();
    void plantedSlowRankAndLink();
    void cleanClusterHasNoSlowRankOrLink();
};

void TestCluster::clockAlignmentRecoversASkewedHost()
{
    QTemporaryDir dir;
    GeneratorOptions options;
    options.ranks = 16; // two hosts of 8
    options.steps = 2;
    options.ops = 10;
    generated(dir, options);
    constexpr qint64 shiftUs = 2'500'000; // node1's clock is 2.5 s ahead
    shiftHostClock(dir.path(), QStringLiteral("node1_"), shiftUs);
    const ProfilePtr profile = ProfileLoader::load({ dir.path() });
    QCOMPARE(profile->ranks.size(), std::size_t(16));
    const ClockAlignment clock = estimateClockAlignment(*profile);
    QVERIFY(clock.estimated);
    QVERIFY2(clock.note.isEmpty(), qPrintable(clock.note));
    for (std::size_t i = 0; i < profile->ranks.size(); ++i) {
        const QString host = profile->ranks[i]->info.host;
        const TimeNs expected = host == QLatin1String("node1") ? -shiftUs * 1000 : 0;
        QVERIFY2(std::llabs(clock.offsetNs[i] - expected) <= 1000,
            qPrintable(QStringLiteral("rank %1 on %2: offset %3 ns, expected %4")
                           .arg(profile->ranks[i]->info.rankId)
                           .arg(host)
                           .arg(clock.offsetNs[i])
                           .arg(expected)));
    }
}

void TestCluster::clockAlignmentOnOneMachineIsSmall()
{
    // The two real ranks ran on one machine: one clock, so the estimate is
    // only the spread of the collective ends (tens of µs), from all 4 AllReduces.
    const ProfilePtr profile = ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) });
    const ClockAlignment clock = estimateClockAlignment(*profile);
    QVERIFY(clock.estimated);
    QCOMPARE(clock.offsetNs[0], TimeNs(0));
    QVERIFY2(std::llabs(clock.offsetNs[1]) < 200'000, qPrintable(QString::number(clock.offsetNs[1])));
    QCOMPARE(clock.matchedOps[1], 4);
}

void TestCluster::clockAlignmentNoteListsTheFirstRanksOnly()
{
    // 30 ranks without any collective, each its own clock: ranks 1 … 29 cannot be aligned to
    // rank 0. The note counts all 29 but lists only the first 20 ids (10,000 ids made a label the
    // GUI took a quarter of a second to lay out).
    auto profile = std::make_shared<Profile>();
    for (int r = 0; r < 30; ++r) {
        auto rank = std::make_shared<RankData>();
        rank->info.rankId = 100 + r;
        profile->ranks.push_back(rank);
    }
    const ClockAlignment clock = estimateClockAlignment(*profile);
    QVERIFY(!clock.estimated);
    QVERIFY2(clock.note.startsWith(QStringLiteral("29 rank(s) share no collective")), qPrintable(clock.note));
    QVERIFY2(clock.note.endsWith(QStringLiteral(": 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, "
                                                "114, 115, 116, 117, 118, 119, 120, … (9 more)")),
             qPrintable(clock.note));
}

void TestCluster::parallelIndex_data()
{
    QTest::addColumn<int>("rank");
    QTest::addColumn<bool>("useGroups");
    QTest::addColumn<int>("dp");
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("tp");
    // Megatron order for tp 2, dp 2, pp 2: rank = pp*4 + dp*2 + tp.
    QTest::newRow("rank0 groups") << 0 << true << 0 << 0 << 0;
    QTest::newRow("rank0 sizes") << 0 << false << 0 << 0 << 0;
    QTest::newRow("rank5 sizes") << 5 << false << 0 << 1 << 1;
    QTest::newRow("rank6 sizes") << 6 << false << 1 << 1 << 0;
    QTest::newRow("rank3 sizes") << 3 << false << 1 << 0 << 1;
}

void TestCluster::parallelIndex()
{
    QFETCH(int, rank);
    QFETCH(bool, useGroups);
    RankInfo info;
    info.rankId = rank;
    if (useGroups) {
        // The real metadata of msinsight's server tests (rank 0 of tp2 pp2 dp2).
        info.parallelGroups = { group(QStringLiteral("dp"), { 0, 2 }), group(QStringLiteral("pp"), { 0, 4 }),
            group(QStringLiteral("tp"), { 0, 1 }) };
    } else {
        info.tpSize = 2;
        info.ppSize = 2;
        info.dpSize = 2;
    }
    const ParallelIndex index = profscope::parallelIndex(info);
    QTEST(index.dp, "dp");
    QTEST(index.pp, "pp");
    QTEST(index.tp, "tp");
}

void TestCluster::stagesByUnionFindOverGroups()
{
    // tp2 pp2 dp2 with the groups Megatron creates, including ones that span
    // stages (default_group, mp, embd) and must not merge them.
    auto profile = std::make_shared<Profile>();
    for (int r = 0; r < 8; ++r) {
        auto rank = std::make_shared<RankData>();
        rank->info.rankId = r;
        const int pp = r / 4, dp = (r / 2) % 2, tp = r % 2;
        rank->info.parallelGroups = {
            group(QStringLiteral("default_group"), { 0, 1, 2, 3, 4, 5, 6, 7 }),
            group(QStringLiteral("tp"), { pp * 4 + dp * 2, pp * 4 + dp * 2 + 1 }),
            group(QStringLiteral("dp"), { pp * 4 + tp, pp * 4 + 2 + tp }),
            group(QStringLiteral("pp"), { dp * 2 + tp, 4 + dp * 2 + tp }),
            group(QStringLiteral("mp"), { tp == 0 ? dp * 2 : dp * 2, dp * 2 + 1, 4 + dp * 2, 4 + dp * 2 + 1 }),
            group(QStringLiteral("embd"), { 0, 4 }),
        };
        profile->ranks.push_back(rank);
    }
    // Reverse the order of the ranks: stages must still come out sorted.
    std::reverse(profile->ranks.begin(), profile->ranks.end());
    const auto stages = pipelineStages(*profile);
    QCOMPARE(stages.size(), std::size_t(2));
    for (std::size_t s = 0; s < 2; ++s) {
        QCOMPARE(stages[s].size(), std::size_t(4));
        for (std::size_t i = 0; i < 4; ++i)
            QCOMPARE(profile->ranks[std::size_t(stages[s][i])]->info.rankId, int(s * 4 + i));
    }
}

void TestCluster::stagesWithoutGroupsFollowTheFirstCollective()
{
    // The real ranks have no parallel groups; both start with the same
    // AllReduce, so they are one stage.
    const ProfilePtr profile = ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) });
    const auto stages = pipelineStages(*profile);
    QCOMPARE(stages.size(), std::size_t(1));
    QCOMPARE(stages[0].size(), std::size_t(2));
}

void TestCluster::stepTableMatchesTheProfilersFile()
{
    const QStringList dirs { test::textRank(1, 0), test::textRank(1, 1) };
    const ProfilePtr profile = ProfileLoader::load(dirs);
    const ClusterSteps steps = clusterSteps(*profile);
    int checked = 0;
    for (const ClusterStepRow& row : steps.rows) {
        QVERIFY(row.overviewKnown);
        QCOMPARE(row.stage, 0);
        const auto file = readStepTrace(profile->ranks[std::size_t(row.rankIndex)]->info.rootPath);
        QVERIFY(file.contains(row.overview.step));
        const double spanUs = double(row.overview.spanNs.durationNs()) / 1000.0;
        for (const auto& [column, name] :
            { std::pair { StepTraceRow::Computing, "Computing" }, std::pair { StepTraceRow::Free, "Free" },
                std::pair { StepTraceRow::CommunicationNotOverlapped, "Communication(Not Overlapped)" } }) {
            const double ours = double(row.overview.value(column)) / 1000.0;
            const double theirs = file[row.overview.step][QString::fromLatin1(name)];
            QVERIFY2(std::abs(ours - theirs) <= 0.01 * spanUs,
                qPrintable(QStringLiteral("%1: %2 vs %3").arg(QLatin1String(name)).arg(ours).arg(theirs)));
            ++checked;
        }
    }
    QVERIFY(checked >= 6);
}

void TestCluster::stepAveragesAreMeans()
{
    QTemporaryDir dir;
    const ProfilePtr profile = twoRanksThreeSteps(dir);
    const ClusterSteps steps = clusterSteps(*profile);
    QCOMPARE(steps.steps.size(), qsizetype(3));
    QCOMPARE(steps.rows.size(), std::size_t(6));
    const auto averages = clusterStepAverages(steps);
    QCOMPARE(averages.size(), std::size_t(2));
    for (const ClusterStepRow& avg : averages) {
        TimeNs sum = 0;
        for (const ClusterStepRow& r : steps.rows)
            if (r.rankIndex == avg.rankIndex)
                sum += r.overview.value(StepTraceRow::Computing);
        QCOMPARE(avg.overview.value(StepTraceRow::Computing), sum / 3);
    }
    // One step: the rows of that step only.
    const auto one = clusterStepAverages(steps, steps.steps[1]);
    QCOMPARE(one.size(), std::size_t(2));
    QCOMPARE(one[0].overview.step, steps.steps[1]);
}

void TestCluster::sharedStepAveragesOncePerStep()
{
    QTemporaryDir dir;
    const ProfilePtr profile = twoRanksThreeSteps(dir);
    const QString step = clusterSteps(*profile).steps.value(2);
    QVERIFY(!hasClusterStepAverages(*profile, step));
    const auto shared = sharedClusterStepAverages(*profile, step);
    QVERIFY(hasClusterStepAverages(*profile, step));
    QVERIFY(!hasClusterStepAverages(*profile, QString())); // another step: not computed with it
    QCOMPARE(sharedClusterStepAverages(*profile, step).get(), shared.get()); // computed once, shared
    // The rows of that step, one per rank, as computed from the profile's step table.
    QCOMPARE(shared->size(), std::size_t(2));
    const ClusterSteps all = clusterSteps(*profile);
    for (const ClusterStepRow& avg : *shared) {
        QCOMPARE(avg.overview.step, step);
        const auto direct = std::find_if(all.rows.begin(), all.rows.end(),
            [&](const ClusterStepRow& r) { return r.rankIndex == avg.rankIndex && r.overview.step == step; });
        QVERIFY(direct != all.rows.end());
        QVERIFY(avg.overview.value(StepTraceRow::Computing) > 0);
        QCOMPARE(avg.overview.value(StepTraceRow::Computing), direct->overview.value(StepTraceRow::Computing));
    }
}

void TestCluster::oldFormatStepTrace()
{
    // MindInsight's step_trace_raw: 10 ns ticks; the last row (step 0) is the average and is dropped.
    const QString dir = test::mindinsight(QStringLiteral("run_2/normal_run/profiler"));
    QFile f(dir + QStringLiteral("/step_trace_raw_1_detail_time.csv"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const QStringList header = lines[0].trimmed().split(QLatin1Char(','));
    const QStringList first = lines[1].trimmed().split(QLatin1Char(','));
    auto value = [&](const char* column) { return first[header.indexOf(QLatin1String(column))].toLongLong() * 10; };
    const ProfilePtr profile = ProfileLoader::load({ dir });
    QCOMPARE(profile->ranks.size(), std::size_t(1));
    const ClusterSteps steps = clusterSteps(*profile);
    QCOMPARE(steps.rows.size(), std::size_t(lines.size() - 2));
    const ClusterStepRow& row = steps.rows.front();
    QCOMPARE(row.overview.step, first[0]);
    QCOMPARE(row.iterationIntervalNs, value("iteration_interval"));
    QCOMPARE(row.fpBpNs, value("fp_and_bp"));
    QCOMPARE(row.tailNs, value("tail"));
}

void TestCluster::plantedSlowRankAndLink()
{
    QTemporaryDir dir;
    GeneratorOptions options;
    options.ranks = 8;
    options.steps = 3;
    options.ops = 20;
    options.slowRank = 3;
    options.slowLinkSrc = 1;
    options.slowLinkDst = 2;
    const ProfilePtr profile = generated(dir, options);
    const auto slow = detectSlowRanks(*profile);
    QVERIFY(!slow.empty());
    QCOMPARE(slow.front().rankId, 3);
    QVERIFY(slow.front().behindRatio >= 0.10);
    const auto links = detectSlowLinks(*profile);
    QVERIFY(!links.empty());
    for (const SlowLink& l : links) {
        const std::pair<int, int> ends = std::minmax(l.srcRankId, l.dstRankId);
        QCOMPARE(ends, std::make_pair(1, 2));
        QVERIFY(l.bandwidthGBps <= 0.8 * l.transportAverageGBps);
    }
}

void TestCluster::cleanClusterHasNoSlowRankOrLink()
{
    QTemporaryDir dir;
    GeneratorOptions options;
    options.ranks = 8;
    options.steps = 3;
    options.ops = 20;
    const ProfilePtr profile = generated(dir, options);
    QVERIFY(detectSlowRanks(*profile).empty());
    QVERIFY(detectSlowLinks(*profile).empty());
}

QTEST_GUILESS_MAIN(TestCluster)
#include "tst_cluster.moc"
