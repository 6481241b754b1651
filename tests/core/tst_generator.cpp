// SPDX-License-Identifier: Apache-2.0
// The demo cluster generator, checked with the real loader and analyses: what
// it writes must load cleanly and agree with itself (step_trace_time.csv
// against the recomputed overview), and the injected problems must show.
#include "analysis/communication.h"
#include "analysis/overview.h"
#include "generate/clustergenerator.h"
#include "load/profileloader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace profscope;

class TestGenerator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void slowRankAndSlowLink();
    void hostBoundRank();
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
            QTest::qFail(qPrintable(QStringLiteral("rank %1 has id %2").arg(r).arg(profile->ranks[std::size_t(r)]->info.rankId)),
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
        if (int(ov.steps.size()) != steps || ov.checks.size() != std::size_t(steps) * 9) {
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
            QVERIFY2(c.waitMs > slowWait, qPrintable(QStringLiteral("rank %1 waits %2 ms, slow rank %3 ms")
                                                         .arg(c.rankId).arg(c.waitMs).arg(slowWait)));

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
}

QTEST_GUILESS_MAIN(TestGenerator)
#include "tst_generator.moc"
