// SPDX-License-Identifier: Apache-2.0
// The demo cluster generator, checked with the real loader and analyses: what
// it writes must load cleanly and agree with itself (step_trace_time.csv
// against the recomputed overview), and the injected problems must show.
// (The SQLite export: tst_generatordb.)
#include "analysis/cluster.h"
#include "analysis/communication.h"
#include "analysis/intervals.h"
#include "analysis/overview.h"
#include "generate/clustergenerator.h"
#include "load/profileloader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace profscope;

class TestGenerator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void slowRankAndSlowLink();
    void hostBoundRank();
    void pipelineStages();
    void tensorParallelGroups();
    void deterministic();
    void refusesNonEmptyAndBadOptions();

private:
    // Loads `dir`, checks the files and the step_trace_time.csv agreement; returns the profile.
    ProfilePtr loadAndCheck(const QString& dir, int ranks, int steps);
};

ProfilePtr TestGenerator::loadAndCheck(const QString& dir, int ranks, int steps)
{
    const ProfilePtr profile = ProfileLoader::load({ dir });
    if (!profile || int(profile->ranks.size()) != ranks) {
        QTest::qFail("wrong number of ranks", __FILE__, __LINE__);
        return {};
    }
    for (int r = 0; r < ranks; ++r)
        if (profile->ranks[std::size_t(r)]->info.rankId != r) {
            QTest::qFail(
                qPrintable(QStringLiteral("rank %1 has id %2").arg(r).arg(profile->ranks[std::size_t(r)]->info.rankId)),
                __FILE__, __LINE__);
            return {};
        }
    for (const FileReport& f : profile->report.files)
        if (f.status != FileStatus::Used) {
            QTest::qFail(qPrintable(QStringLiteral("%1: %2 (%3)").arg(f.path, fileStatusName(f.status), f.reason)),
                __FILE__, __LINE__);
            return {};
        }
    // 9 files per rank.
    if (profile->report.files.size() != std::size_t(ranks) * 9) {
        QTest::qFail(qPrintable(QStringLiteral("%1 files").arg(profile->report.files.size())), __FILE__, __LINE__);
        return {};
    }
    for (const auto& rank : profile->ranks) {
        const RankOverview ov = computeOverview(*rank);
        // 9 columns of step_trace_time.csv and 4 totals of the Overlap Analysis lanes per step.
        const auto fromLanes = std::count_if(ov.checks.begin(), ov.checks.end(),
            [](const OverviewCheck& c) { return c.source == OverviewCheck::Source::OverlapLanes; });
        if (int(ov.steps.size()) != steps || ov.checks.size() != std::size_t(steps) * 13 || fromLanes != steps * 4) {
            QTest::qFail(qPrintable(QStringLiteral("rank %1: %2 steps, %3 checks, %4")
                                        .arg(rank->info.rankId)
                                        .arg(ov.steps.size())
                                        .arg(ov.checks.size())
                                        .arg(ov.note)),
                __FILE__, __LINE__);
            return {};
        }
        for (const OverviewCheck& c : ov.checks) {
            // Written exactly in ns: better than the 1% tolerance, to the ns.
            if (c.computedNs != c.fileNs) {
                QTest::qFail(qPrintable(QStringLiteral("rank %1 step %2 %3: computed %4 file %5")
                                            .arg(rank->info.rankId)
                                            .arg(c.step, stepTraceColumnName(c.column))
                                            .arg(c.computedNs)
                                            .arg(c.fileNs)),
                    __FILE__, __LINE__);
                return {};
            }
        }
    }
    return profile;
}

namespace {

double computing(const RankData& rank)
{
    double total = 0;
    for (const StepOverview& s : computeOverview(rank).steps)
        total += double(s.value(StepTraceRow::Computing));
    return total;
}

double freeShare(const RankData& rank)
{
    double free = 0, span = 0;
    for (const StepOverview& s : computeOverview(rank).steps) {
        free += double(s.value(StepTraceRow::Free));
        span += double(s.spanNs.durationNs());
    }
    return span > 0 ? free / span : 0;
}

} // namespace

void TestGenerator::slowRankAndSlowLink()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    GeneratorOptions o;
    o.ranks = 8;
    o.steps = 3;
    o.ops = 20;
    o.seed = 7;
    o.slowRank = 3;
    o.slowLinkSrc = 1;
    o.slowLinkDst = 2;
    QString error;
    QVERIFY2(generateCluster(dir.path(), o, &error), qPrintable(error));
    const ProfilePtr profile = loadAndCheck(dir.path(), 8, 3);
    QVERIFY(profile);

    // The slow rank computes the longest.
    for (const auto& rank : profile->ranks)
        if (rank->info.rankId != 3)
            QVERIFY(computing(*rank) < computing(*profile->ranks[3]));

    // ...and everybody else waits for it in the allreduce.
    const std::vector<RankCommunication> comm = communicationByRankAndGroup(*profile);
    QCOMPARE(comm.size(), std::size_t(8));
    double slowWait = -1;
    for (const RankCommunication& c : comm) {
        QCOMPARE(c.ops, qint64(3));
        if (c.rankId == 3)
            slowWait = c.waitMs;
    }
    QVERIFY(slowWait >= 0);
    for (const RankCommunication& c : comm)
        if (c.rankId != 3)
            QVERIFY2(c.waitMs > slowWait,
                qPrintable(
                    QStringLiteral("rank %1 waits %2 ms, slow rank %3 ms").arg(c.rankId).arg(c.waitMs).arg(slowWait)));

    // The slow link is the slowest cell of the matrix, in both directions.
    const std::vector<MatrixCell> cells = communicationMatrix(*profile);
    QVERIFY(cells.size() >= 8 * 8);
    double slowest = 1e30;
    for (const MatrixCell& c : cells)
        if (!((c.srcRank == 1 && c.dstRank == 2) || (c.srcRank == 2 && c.dstRank == 1)))
            slowest = std::min(slowest, c.bandwidthGBps());
    int slowCells = 0;
    for (const MatrixCell& c : cells)
        if ((c.srcRank == 1 && c.dstRank == 2) || (c.srcRank == 2 && c.dstRank == 1)) {
            ++slowCells;
            QVERIFY2(c.bandwidthGBps() < 0.5 * slowest, qPrintable(QString::number(c.bandwidthGBps())));
        }
    QCOMPARE(slowCells, 2);
}

void TestGenerator::hostBoundRank()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    GeneratorOptions o;
    o.ranks = 16;
    o.steps = 2;
    o.ops = 15;
    o.seed = 11;
    o.hostBoundRank = 5;
    o.slowLinkSrc = 3;
    o.slowLinkDst = 12; // across hosts and not a ring link: added to the topology
    QString error;
    QVERIFY2(generateCluster(dir.path(), o, &error), qPrintable(error));
    const ProfilePtr profile = loadAndCheck(dir.path(), 16, 2);
    QVERIFY(profile);
    const RankData& bound = *profile->ranks[5];
    QCOMPARE(bound.info.worldSize, 16);
    QCOMPARE(bound.info.parallelGroups.size(), std::size_t(1));
    QCOMPARE(bound.info.parallelGroups[0].globalRanks.size(), std::size_t(16));
    QVERIFY(QDir(bound.info.rootPath).dirName().startsWith(QLatin1String("node0_")));
    QVERIFY(QDir(profile->ranks[12]->info.rootPath).dirName().startsWith(QLatin1String("node1_")));
    const double boundShare = freeShare(bound);
    QVERIFY2(boundShare > 0.3, qPrintable(QString::number(boundShare)));
    for (const auto& rank : profile->ranks)
        if (rank->info.rankId != 5)
            QVERIFY2(freeShare(*rank) < boundShare / 2, qPrintable(QString::number(freeShare(*rank))));

    const std::vector<MatrixCell> cells = communicationMatrix(*profile);
    double slowLink = 0, others = 1e30;
    for (const MatrixCell& c : cells) {
        if ((c.srcRank == 3 && c.dstRank == 12) || (c.srcRank == 12 && c.dstRank == 3))
            slowLink = std::max(slowLink, c.bandwidthGBps());
        else
            others = std::min(others, c.bandwidthGBps());
    }
    QVERIFY(slowLink > 0);
    QVERIFY(slowLink < others);
}

namespace {

const ParallelGroup* groupNamed(const RankInfo& info, const QString& name)
{
    for (const ParallelGroup& g : info.parallelGroups)
        if (g.groupName == name)
            return &g;
    return nullptr;
}

// (name, start, end, args) of the slices of one HCCL lane.
struct LaneOp
{
    QString name;
    TimeNs startNs = 0;
    TimeNs endNs = 0;
    QJsonObject args;
};
std::vector<LaneOp> laneOps(const RankData& rank, const QString& laneName)
{
    std::vector<LaneOp> ops;
    const TraceData& trace = rank.trace;
    const ProcessTrack* hccl = trace.findProcess(QStringLiteral("HCCL"));
    if (!hccl)
        return ops;
    for (const ThreadTrack& t : hccl->threads) {
        if (t.name != laneName)
            continue;
        for (std::size_t i = 0; i < t.slices.size(); ++i)
            ops.push_back({ QString::fromUtf8(trace.strings.view(t.slices.name[i])), t.slices.startNs[i],
                t.slices.endNs(i), QJsonDocument::fromJson(trace.argsText(t.slices.args[i])).object() });
    }
    return ops;
}

} // namespace

void TestGenerator::pipelineStages()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    GeneratorOptions o;
    o.ranks = 16;
    o.steps = 2;
    o.ops = 10;
    o.seed = 5;
    o.pipelineStages = 2;
    o.slowRank = 3;
    QString error;
    QVERIFY2(generateCluster(dir.path(), o, &error), qPrintable(error));
    const ProfilePtr profile = loadAndCheck(dir.path(), 16, 2);
    QVERIFY(profile);

    // Two stages by the metadata: a rank's stage is its position in its pp
    // group; the dp groups are the stages (tp = 1).
    std::vector<int> stage(16, -1);
    std::set<std::vector<int>> dpGroups;
    for (const auto& rank : profile->ranks) {
        const RankInfo& info = rank->info;
        QCOMPARE(info.ppSize, 2);
        QCOMPARE(info.tpSize, 1);
        QCOMPARE(info.dpSize, 8);
        QCOMPARE(info.worldSize, 16);
        const ParallelGroup* pp = groupNamed(info, QStringLiteral("pp"));
        const ParallelGroup* dp = groupNamed(info, QStringLiteral("dp"));
        QVERIFY(pp && dp && groupNamed(info, QStringLiteral("tp")));
        QCOMPARE(pp->globalRanks.size(), std::size_t(2));
        QCOMPARE(pp->globalRanks[std::size_t(pp->groupRank)], info.rankId);
        QCOMPARE(dp->globalRanks[std::size_t(dp->groupRank)], info.rankId);
        stage[std::size_t(info.rankId)] = pp->groupRank;
        dpGroups.insert(dp->globalRanks.vector());
    }
    QCOMPARE(dpGroups.size(), std::size_t(2));
    for (int r = 0; r < 16; ++r)
        QCOMPARE(stage[std::size_t(r)], r / 8); // Megatron order: stage = rank / (ranks / pp)
    // ...and as the cluster analysis groups them.
    const std::vector<std::vector<int>> stages = profscope::pipelineStages(*profile);
    QCOMPARE(stages.size(), std::size_t(2));
    for (std::size_t s = 0; s < 2; ++s) {
        QCOMPARE(stages[s].size(), std::size_t(8));
        for (const int index : stages[s])
            QCOMPARE(profile->ranks[std::size_t(index)]->info.rankId / 8, int(s));
    }

    // Receives only from the adjacent stage, on the pp group's lane; every
    // rank receives (activations forward, gradients backward) and waits.
    for (const auto& rank : profile->ranks) {
        const RankInfo& info = rank->info;
        const ParallelGroup* pp = groupNamed(info, QStringLiteral("pp"));
        const std::vector<LaneOp> ops = laneOps(*rank, QStringLiteral("Group %1 Communication").arg(pp->groupId));
        int receives = 0, sends = 0;
        for (const LaneOp& op : ops) {
            const bool receive = op.name.startsWith(QLatin1String("hcom_receive"));
            QVERIFY2(receive || op.name.startsWith(QLatin1String("hcom_send")), qPrintable(op.name));
            const int peer = op.args.value(receive ? QStringLiteral("src rank") : QStringLiteral("dst rank")).toInt(-1);
            QVERIFY(peer >= 0 && peer < 16);
            QCOMPARE(std::abs(stage[std::size_t(peer)] - stage[std::size_t(info.rankId)]), 1);
            QVERIFY(std::find(pp->globalRanks.begin(), pp->globalRanks.end(), peer) != pp->globalRanks.end());
            ++(receive ? receives : sends);
        }
        // 4 micro-batches x 2 steps each way.
        QCOMPARE(receives, 8);
        QCOMPARE(sends, 8);
        for (const StepOverview& s : computeOverview(*rank).steps)
            QVERIFY(s.value(StepTraceRow::Bubble) > 0);
    }

    // The dp AllReduces of a group end together, to the ns.
    for (const auto& rank : profile->ranks) {
        const ParallelGroup* dp = groupNamed(rank->info, QStringLiteral("dp"));
        const QString lane = QStringLiteral("Group %1 Communication").arg(dp->groupId);
        const std::vector<LaneOp> mine = laneOps(*rank, lane);
        QCOMPARE(mine.size(), std::size_t(2));
        for (const int member : dp->globalRanks) {
            const std::vector<LaneOp> theirs = laneOps(*profile->findRank(member), lane);
            QCOMPARE(theirs.size(), mine.size());
            for (std::size_t k = 0; k < mine.size(); ++k) {
                QCOMPARE(theirs[k].name, mine[k].name);
                QCOMPARE(theirs[k].endNs, mine[k].endNs);
            }
        }
    }

    // The p2p matrix links join adjacent stages only.
    int p2pLinks = 0;
    for (const auto& rank : profile->ranks)
        for (const CommMatrixLink& l : rank->communicationMatrix)
            if (l.p2p) {
                ++p2pLinks;
                QCOMPARE(std::abs(stage[std::size_t(l.srcRank)] - stage[std::size_t(l.dstRank)]), 1);
            }
    QVERIFY(p2pLinks > 0);

    // The planted slow rank still computes the longest in its stage.
    for (int r = 0; r < 8; ++r)
        if (r != 3)
            QVERIFY(computing(*profile->ranks[std::size_t(r)]) * 1.2 < computing(*profile->ranks[3]));
}

void TestGenerator::tensorParallelGroups()
{
    QTemporaryDir dir;
    GeneratorOptions o;
    o.ranks = 16;
    o.steps = 1;
    o.ops = 6;
    o.pipelineStages = 2;
    o.tensorParallel = 2;
    o.slowLinkSrc = 0;
    o.slowLinkDst = 8;
    QString error;
    QVERIFY2(generateCluster(dir.path(), o, &error), qPrintable(error));
    const ProfilePtr profile = loadAndCheck(dir.path(), 16, 1);
    QVERIFY(profile);
    for (const auto& rank : profile->ranks) {
        const int r = rank->info.rankId;
        const ParallelGroup* tp = groupNamed(rank->info, QStringLiteral("tp"));
        const ParallelGroup* dp = groupNamed(rank->info, QStringLiteral("dp"));
        const ParallelGroup* pp = groupNamed(rank->info, QStringLiteral("pp"));
        QVERIFY(tp && dp && pp);
        // tp fastest, then dp, then pp.
        QCOMPARE(tp->globalRanks.vector(), (std::vector<int> { r - r % 2, r - r % 2 + 1 }));
        QCOMPARE(pp->globalRanks.vector(), (std::vector<int> { r % 8, r % 8 + 8 }));
        QCOMPARE(dp->globalRanks.size(), std::size_t(4));
        for (const int m : dp->globalRanks)
            QVERIFY(m / 8 == r / 8 && m % 2 == r % 2);
        // Every tensor-parallel AllReduce ends together with its partner's.
        const QString lane = QStringLiteral("Group %1 Communication").arg(tp->groupId);
        const std::vector<LaneOp> mine = laneOps(*rank, lane);
        const std::vector<LaneOp> partner =
            laneOps(*profile->findRank(tp->globalRanks[std::size_t(1 - tp->groupRank)]), lane);
        QVERIFY(!mine.empty());
        QCOMPARE(mine.size(), partner.size());
        for (std::size_t k = 0; k < mine.size(); ++k)
            QCOMPARE(mine[k].endNs, partner[k].endNs);
    }
    // The slow pipeline link 0-8 is slower than the other pipeline links.
    double slow = 0, fastestOther = 0;
    for (const MatrixCell& c : communicationMatrix(*profile)) {
        if (c.srcRank % 8 != c.dstRank % 8 || c.srcRank == c.dstRank)
            continue;
        if ((c.srcRank == 0 && c.dstRank == 8) || (c.srcRank == 8 && c.dstRank == 0))
            slow = std::max(slow, c.bandwidthGBps());
        else
            fastestOther = std::max(fastestOther, c.bandwidthGBps());
    }
    QVERIFY(slow > 0);
    QVERIFY2(slow < 0.5 * fastestOther, qPrintable(QStringLiteral("%1 vs %2").arg(slow).arg(fastestOther)));

    // A host-bound rank in a pipeline: its device idles between its kernels
    // (Free) far more than any other device, which wait in receives instead.
    QTemporaryDir boundDir;
    o.slowLinkSrc = o.slowLinkDst = -1;
    o.hostBoundRank = 9;
    QVERIFY2(generateCluster(boundDir.path(), o, &error), qPrintable(error));
    const ProfilePtr bound = loadAndCheck(boundDir.path(), 16, 1);
    QVERIFY(bound);
    auto freeNs = [](const RankData& rank) { return computeOverview(rank).steps.at(0).value(StepTraceRow::Free); };
    for (const auto& rank : bound->ranks)
        if (rank->info.rankId != 9)
            QVERIFY2(5 * freeNs(*rank) < freeNs(*bound->ranks[9]),
                qPrintable(QStringLiteral("rank %1: %2 ns free, host-bound rank %3 ns")
                               .arg(rank->info.rankId)
                               .arg(freeNs(*rank))
                               .arg(freeNs(*bound->ranks[9]))));
}

void TestGenerator::deterministic()
{
    auto trace = [](const QString& root) {
        const QStringList ranks = QDir(root).entryList({ QStringLiteral("*_ascend_ms") }, QDir::Dirs, QDir::Name);
        if (ranks.isEmpty())
            return QByteArray();
        QFile f(QDir(root).filePath(ranks[0] + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json")));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    QTemporaryDir a, b, c;
    GeneratorOptions o;
    o.ranks = 2;
    o.steps = 2;
    o.ops = 10;
    o.seed = 42;
    QString error;
    QVERIFY2(generateCluster(a.path(), o, &error), qPrintable(error));
    QVERIFY2(generateCluster(b.path(), o, &error), qPrintable(error));
    o.seed = 43;
    QVERIFY2(generateCluster(c.path(), o, &error), qPrintable(error));
    const QByteArray ta = trace(a.path());
    QVERIFY(!ta.isEmpty());
    QCOMPARE(ta, trace(b.path()));
    QVERIFY(ta != trace(c.path()));
}

void TestGenerator::refusesNonEmptyAndBadOptions()
{
    QTemporaryDir dir;
    QFile f(dir.filePath(QStringLiteral("keep.txt")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    GeneratorOptions o;
    o.ranks = 1;
    o.steps = 1;
    o.ops = 1;
    QString error;
    QVERIFY(!generateCluster(dir.path(), o, &error));
    QVERIFY(error.contains(QLatin1String("--force")));
    o.force = true;
    QVERIFY2(generateCluster(dir.path(), o, &error), qPrintable(error));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("keep.txt"))));

    QTemporaryDir empty;
    o.slowRank = 1; // only rank 0 exists
    QVERIFY(!generateCluster(empty.path(), o, &error));
    o.slowRank = -1;
    o.slowLinkSrc = 0;
    o.slowLinkDst = 0;
    QVERIFY(!generateCluster(empty.path(), o, &error));
    o.slowLinkSrc = o.slowLinkDst = -1;
    o.ranks = 12;
    o.pipelineStages = 8; // 12 ranks do not split into 8 stages
    QVERIFY(!generateCluster(empty.path(), o, &error));
    QVERIFY(error.contains(QLatin1String("--pp")));
    o.pipelineStages = 2;
    o.tensorParallel = 0;
    QVERIFY(!generateCluster(empty.path(), o, &error));
}

QTEST_GUILESS_MAIN(TestGenerator)
#include "tst_generator.moc"
