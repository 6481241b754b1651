// SPDX-License-Identifier: Apache-2.0
// The advice engine: planted anomalies of generated clusters are found (and
// nothing is found on a clean one), thresholds are configurable, and the
// free-time rule's value agrees with the profiler's own step_trace_time.csv.
#include "testsupport.h"

#include "analysis/advice.h"
#include "analysis/cluster.h"
#include "generate/clustergenerator.h"
#include "load/profileloader.h"

#include <QDir>
#include <QFileInfo>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QTest>

#include <sys/stat.h>

#include <cmath>
#include <map>

using namespace profscope;

namespace {

ProfilePtr generated(
    const QTemporaryDir& dir, int slowRank, int linkSrc, int linkDst, int hostBound, double jitter = 0, int ranks = 8)
{
    GeneratorOptions options;
    options.jitter = jitter;
    options.ranks = ranks;
    options.steps = 3;
    options.ops = 20;
    options.slowRank = slowRank;
    options.slowLinkSrc = linkSrc;
    options.slowLinkDst = linkDst;
    options.hostBoundRank = hostBound;
    options.force = true;
    QString error;
    if (!generateCluster(dir.path(), options, &error))
        qFatal("generateCluster: %s", qPrintable(error));
    return ProfileLoader::load({ dir.path() });
}

std::vector<const Finding*> withRule(const std::vector<Finding>& findings, const QString& ruleId)
{
    std::vector<const Finding*> out;
    for (const Finding& f : findings)
        if (f.ruleId == ruleId)
            out.push_back(&f);
    return out;
}

// Free / (Computing + Communication(Not Overlapped) + Free) per step, the
// largest over the rank's steps, from the profiler's file.
double worstFreeRatioFromFile(const QString& rankDir)
{
    QFile f(rankDir + QStringLiteral("/ASCEND_PROFILER_OUTPUT/step_trace_time.csv"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const QStringList header = lines[0].trimmed().split(QLatin1Char(','));
    const qsizetype comp = header.indexOf(QStringLiteral("Computing"));
    const qsizetype cno = header.indexOf(QStringLiteral("Communication(Not Overlapped)"));
    const qsizetype free = header.indexOf(QStringLiteral("Free"));
    double worst = 0;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QStringList c = lines[i].trimmed().split(QLatin1Char(','));
        const double fr = c[free].toDouble();
        worst = std::max(worst, fr / (c[comp].toDouble() + c[cno].toDouble() + fr));
    }
    return worst;
}

// Per step and rank, Σ Duration(us) of the compute kernels of kernel_details.csv
// (columns by name), read here rather than through the program's parsers.
std::map<int, std::map<int, double>> kernelUsPerStepAndRank(const QString& clusterDir)
{
    std::map<int, std::map<int, double>> out; // step -> rank -> µs
    const QFileInfoList rankDirs = QDir(clusterDir).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QFileInfo& rankDir : rankDirs) {
        int rank = -1;
        for (const QFileInfo& info : QDir(rankDir.filePath()).entryInfoList({ QStringLiteral("profiler_info_*.json") }))
            rank = info.baseName().section(QLatin1Char('_'), 2).toInt();
        QFile f(rankDir.filePath() + QStringLiteral("/ASCEND_PROFILER_OUTPUT/kernel_details.csv"));
        if (rank < 0 || !f.open(QIODevice::ReadOnly))
            continue;
        const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        const QStringList header = lines[0].trimmed().split(QLatin1Char(','));
        const qsizetype step = header.indexOf(QStringLiteral("Step Id"));
        const qsizetype dur = header.indexOf(QStringLiteral("Duration(us)"));
        const qsizetype type = header.indexOf(QStringLiteral("Accelerator Core"));
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QStringList c = lines[i].trimmed().split(QLatin1Char(','));
            if (c.size() <= std::max({ step, dur, type }) || c[type].contains(QLatin1String("MEMCPY")))
                continue;
            out[c[step].toInt()][rank] += c[dur].toDouble();
        }
    }
    return out;
}

bool severe(const Finding& f)
{
    return f.severity != Finding::Severity::Info;
}

} // namespace

class TestAdvice : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void computeSlowRankIsTheCause();
    void computeSlowCostMatchesTheKernelFiles();
    void hostBoundRankIsNotBlamedForComputing();
    void jitterNeverNamesARank_data();
    void jitterNeverNamesARank();
    void realRanksOnlyGetJustifiedWarnings();
    void ranksWithoutIdsAreNamedByPlace();
    void slowRankIsFound();
    void slowLinkIsFound();
    void hostBoundRankIsFound();
    void sameAdviceOnOneThreadAndMany();
    void cleanClusterHasNoAnomalyFindings();
    void everyFindingIsComplete();
    void pipelineGroupsAreNotComparedAcrossStages();
    void freeRuleAgreesWithTheProfilersFile();
    void thresholdsAreConfigurable();
    void deviceWaitingForDataIsFound();
    void flopsProposalsJoinTheAdvice();
    void thresholdFilesAreChecked_data();
    void thresholdFilesAreChecked();
};

void TestAdvice::computeSlowRankIsTheCause()
{
    QTemporaryDir dir;
    const auto findings = computeAdvice(*generated(dir, 3, -1, -1, -1));
    // The first finding is the cause, Critical (kernels 30% longer cost well over 10% of the step) …
    QVERIFY(!findings.empty());
    const Finding& top = findings.front();
    QCOMPARE(top.ruleId, QStringLiteral("compute-slow-rank"));
    QVERIFY(top.isCause);
    QCOMPARE(top.rankIds(), QList<int> { 3 });
    QCOMPARE(top.severity, Finding::Severity::Critical);
    QVERIFY(top.impactShare >= 0.10);
    QVERIFY(!top.evidence.isEmpty());
    QVERIFY(top.endNs > top.startNs);
    // … the only cause, and every symptom it explains is Info beneath it.
    for (std::size_t i = 1; i < findings.size(); ++i) {
        QVERIFY2(!findings[i].isCause, qPrintable(findings[i].title));
        QVERIFY2(!severe(findings[i]), qPrintable(findings[i].title));
    }
    const auto slow = withRule(findings, QStringLiteral("slow-rank"));
    QCOMPARE(slow.size(), std::size_t(1));
    QCOMPARE(slow.front()->rankIds().front(), 3);
    QCOMPARE(slow.front()->explainedBy, 0);
    const auto spread = withRule(findings, QStringLiteral("spread-computing"));
    QCOMPARE(spread.size(), std::size_t(1));
    QCOMPARE(spread.front()->explainedBy, 0);
}

void TestAdvice::computeSlowCostMatchesTheKernelFiles()
{
    // The cost is rank 3's kernel time minus the median of the other ranks',
    // per step, averaged: recomputed here from kernel_details.csv.
    QTemporaryDir dir;
    const ProfilePtr profile = generated(dir, 3, -1, -1, -1, 0.03, 8);
    const auto perStep = kernelUsPerStepAndRank(dir.path());
    QCOMPARE(perStep.size(), std::size_t(3));
    double expectedUs = 0;
    for (const auto& [step, ranks] : perStep) {
        QCOMPARE(ranks.size(), std::size_t(8));
        std::vector<double> others;
        for (const auto& [rank, us] : ranks)
            if (rank != 3)
                others.push_back(us);
        std::sort(others.begin(), others.end());
        expectedUs += ranks.at(3) - others[others.size() / 2]; // 7 peers: the 4th
    }
    expectedUs /= double(perStep.size());
    const auto findings = computeAdvice(*profile);
    const auto slow = withRule(findings, QStringLiteral("compute-slow-rank"));
    QCOMPARE(slow.size(), std::size_t(1));
    const double gotUs = slow.front()->impactNs / 1000.0;
    QVERIFY2(std::abs(gotUs - expectedUs) < 0.01 * expectedUs,
        qPrintable(QStringLiteral("%1 us vs %2 us").arg(gotUs).arg(expectedUs)));
}

void TestAdvice::hostBoundRankIsNotBlamedForComputing()
{
    // A host-bound rank loses its streams' overlap, so its Computing (a
    // union) grows while its kernel time does not: it is host-bound, not slow,
    // and the group's desynchronisation is listed under it.
    QTemporaryDir dir;
    const auto findings = computeAdvice(*generated(dir, -1, -1, -1, 5, 0.02, 16));
    std::vector<const Finding*> causes;
    for (const Finding& f : findings)
        if (f.isCause && severe(f))
            causes.push_back(&f);
    QCOMPARE(causes.size(), std::size_t(1));
    QCOMPARE(causes.front()->ruleId, QStringLiteral("host-bound"));
    QCOMPARE(causes.front()->rankIds(), QList<int> { 5 });
    QVERIFY(causes.front()->evidence.contains(QLatin1String("launch")));
    for (const Finding* f : withRule(findings, QStringLiteral("sync-ratio")))
        QCOMPARE(findings[std::size_t(f->explainedBy)].ruleId, QStringLiteral("host-bound"));
}

void TestAdvice::jitterNeverNamesARank_data()
{
    QTest::addColumn<int>("ranks");
    QTest::addColumn<double>("jitter");
    QTest::addColumn<int>("linkSrc");
    QTest::addColumn<int>("linkDst");
    QTest::newRow("8 ranks, 5% jitter") << 8 << 0.05 << -1 << -1;
    QTest::newRow("32 ranks, 3% jitter") << 32 << 0.03 << -1 << -1;
    QTest::newRow("32 ranks, 3% jitter, one slow link") << 32 << 0.03 << 9 << 10;
}

void TestAdvice::jitterNeverNamesARank()
{
    QFETCH(int, ranks);
    QFETCH(double, jitter);
    QFETCH(int, linkSrc);
    QFETCH(int, linkDst);
    QTemporaryDir dir;
    const auto findings = computeAdvice(*generated(dir, -1, linkSrc, linkDst, -1, jitter, ranks));
    for (const Finding& f : findings) {
        if (f.ruleId == QLatin1String("slow-link")) {
            QCOMPARE(f.rankIds().size(), qsizetype(2));
            QVERIFY(f.rankIds().contains(linkSrc) && f.rankIds().contains(linkDst));
            continue;
        }
        QVERIFY2(f.severity != Finding::Severity::Critical, qPrintable(f.title));
        if (f.ruleId != QLatin1String("free-time"))
            QVERIFY2(!severe(f), qPrintable(f.title));
    }
}

void TestAdvice::realRanksOnlyGetJustifiedWarnings()
{
    // The real 2-rank captures: no rank or link is an outlier (two ranks, a
    // few percent apart), so there is no cause; the one Warning is the idle
    // device, which the profiler's own step_trace_time.csv shows above 20%.
    for (const int level : { 0, 1, 2 }) {
        const QStringList dirs { test::textRank(level, 0), test::textRank(level, 1) };
        const auto findings = computeAdvice(*ProfileLoader::load(dirs));
        double worstFree = 0;
        for (const QString& d : dirs)
            worstFree = std::max(worstFree, worstFreeRatioFromFile(d));
        for (const Finding& f : findings) {
            QVERIFY2(!f.isCause, qPrintable(f.title));
            QVERIFY2(f.severity != Finding::Severity::Critical, qPrintable(f.title));
            if (severe(f)) {
                QCOMPARE(f.ruleId, QStringLiteral("free-time"));
                QVERIFY(worstFree > 0.2);
            }
        }
        QCOMPARE(withRule(findings, QStringLiteral("free-time")).size(), std::size_t(1));
    }
}

void TestAdvice::ranksWithoutIdsAreNamedByPlace()
{
    // MindInsight's cluster fixture has two CANN PROF_* ranks whose files
    // state no rank id. Texts name them "#index" (their place in the
    // profile), as the Overview's charts label them, never both "rank ?".
    const ProfilePtr profile
        = ProfileLoader::load({ test::fixture(QStringLiteral("mindinsight/tests/utils/resource/profiler")) });
    QStringList placeNames;
    QList<int> places;
    for (std::size_t i = 0; i < profile->ranks.size(); ++i)
        if (profile->ranks[i]->info.rankId < 0) {
            placeNames << QStringLiteral("rank #%1").arg(i);
            places << int(i);
        }
    QCOMPARE(placeNames.size(), 2);
    const auto findings = computeAdvice(*profile);
    const auto spread = withRule(findings, QStringLiteral("spread-communication"));
    QCOMPARE(spread.size(), std::size_t(1));
    for (const QString& name : placeNames)
        QVERIFY2(spread.front()->title.contains(name), qPrintable(spread.front()->title));
    // The finding carries the two ranks by place, not as two indistinct ids of -1.
    QList<int> spreadPlaces = spread.front()->rankIndexes();
    std::sort(spreadPlaces.begin(), spreadPlaces.end());
    QCOMPARE(spreadPlaces, places);
    for (const Finding& f : findings) {
        QVERIFY2(!f.title.contains(QLatin1String("rank ?")) && !f.measured.contains(QLatin1String("rank ?")),
                 qPrintable(f.title));
        for (const RankRef& r : f.ranks) {
            QVERIFY2(r.index >= 0 && r.index < int(profile->ranks.size()), qPrintable(f.title));
            QCOMPARE(r.id, profile->ranks[std::size_t(r.index)]->info.rankId);
        }
    }
}

void TestAdvice::slowRankIsFound()
{
    // MindStudio Insight's communication rule still names the rank (as a symptom).
    QTemporaryDir dir;
    const auto findings = computeAdvice(*generated(dir, 3, -1, -1, -1));
    const auto slow = withRule(findings, QStringLiteral("slow-rank"));
    QCOMPARE(slow.size(), std::size_t(1));
    QCOMPARE(slow.front()->rankIds().front(), 3);
    QVERIFY(slow.front()->value >= 0.10);
    QCOMPARE(slow.front()->target, Finding::Target::Rank);
    QVERIFY(withRule(findings, QStringLiteral("host-bound")).empty());
}

void TestAdvice::slowLinkIsFound()
{
    QTemporaryDir dir;
    const auto findings = computeAdvice(*generated(dir, -1, 1, 2, -1));
    const auto links = withRule(findings, QStringLiteral("slow-link"));
    QCOMPARE(links.size(), std::size_t(1)); // both directions are one link
    for (const Finding* f : links) {
        QVERIFY(f->link == QLatin1String("1-2") || f->link == QLatin1String("2-1"));
        QCOMPARE(f->target, Finding::Target::Link);
        QVERIFY(f->value <= 0.8);
    }
    QVERIFY(withRule(findings, QStringLiteral("slow-rank")).empty());
}

// The slow links are found on a second pool thread while the rank causes
// are found on the caller's: the findings, their order and what explains
// what must not depend on it. A cluster with a slow rank, a slow link and a
// host-bound rank, each profile loaded fresh (no memo shared between runs).
void TestAdvice::sameAdviceOnOneThreadAndMany()
{
    QTemporaryDir dir;
    QThreadPool* pool = QThreadPool::globalInstance();
    const int threads = pool->maxThreadCount();
    auto describe = [&](int poolThreads) {
        pool->setMaxThreadCount(poolThreads);
        QStringList lines;
        for (const Finding& f : computeAdvice(*generated(dir, 3, 1, 2, 5)))
            lines << QStringLiteral("%1|%2|%3|%4").arg(f.ruleId, f.title).arg(f.explainedBy).arg(f.impactNs, 0, 'g', 17);
        return lines;
    };
    const QStringList one = describe(1);
    const QStringList many = describe(std::max(threads, 4));
    pool->setMaxThreadCount(threads);
    QVERIFY(one.size() >= 3);
    QVERIFY(one.filter(QStringLiteral("slow-link|")).size() == 1);
    QCOMPARE(many, one);
}

void TestAdvice::hostBoundRankIsFound()
{
    QTemporaryDir dir;
    const ProfilePtr profile = generated(dir, -1, -1, -1, 5);
    const auto findings = computeAdvice(*profile);
    const auto hostBound = withRule(findings, QStringLiteral("host-bound"));
    QCOMPARE(hostBound.size(), std::size_t(1));
    QCOMPARE(hostBound.front()->rankIds(), QList<int> { 5 });
    QCOMPARE(profile->ranks[std::size_t(hostBound.front()->rankIndex)]->info.rankId, 5);
    QVERIFY(hostBound.front()->endNs > hostBound.front()->startNs); // a step to jump to
    QCOMPARE(hostBound.front()->severity, Finding::Severity::Critical);
    QVERIFY(withRule(findings, QStringLiteral("compute-slow-rank")).empty());
}

void TestAdvice::cleanClusterHasNoAnomalyFindings()
{
    QTemporaryDir dir;
    const auto findings = computeAdvice(*generated(dir, -1, -1, -1, -1));
    for (const char* rule : { "slow-rank", "slow-link", "host-bound", "spread-computing", "free-time",
             "compute-slow-rank", "data-loading", "stage-imbalance" })
        QVERIFY2(withRule(findings, QString::fromLatin1(rule)).empty(), rule);
    for (const Finding& f : findings)
        QVERIFY2(!severe(f), qPrintable(f.title));
}

void TestAdvice::everyFindingIsComplete()
{
    QTemporaryDir dir;
    const ProfilePtr profile = generated(dir, 3, 1, 2, 5);
    const auto findings = computeAdvice(*profile);
    QVERIFY(findings.size() >= 4);
    for (const Finding& f : findings) {
        QVERIFY(!f.ruleId.isEmpty());
        QVERIFY(!f.title.isEmpty());
        QVERIFY(!f.rule.isEmpty());
        QVERIFY(!f.measured.isEmpty());
        QVERIFY(!f.rankIds().isEmpty());
        QVERIFY(f.rankIndex >= 0 && std::size_t(f.rankIndex) < profile->ranks.size());
    }
    // Causes first, most severe first; each symptom right after the cause it
    // points at; then the rest, most severe first.
    std::size_t i = 0;
    int lastCause = -1;
    for (; i < findings.size() && (findings[i].isCause || findings[i].explainedBy >= 0); ++i) {
        if (findings[i].isCause) {
            if (lastCause >= 0)
                QVERIFY(int(findings[std::size_t(lastCause)].severity) >= int(findings[i].severity));
            lastCause = int(i);
        } else {
            QCOMPARE(findings[i].explainedBy, lastCause);
            QCOMPARE(findings[i].severity, Finding::Severity::Info);
        }
    }
    QVERIFY(lastCause >= 0);
    for (std::size_t k = i; k < findings.size(); ++k) {
        QVERIFY(!findings[k].isCause && findings[k].explainedBy < 0);
        if (k > i)
            QVERIFY(int(findings[k - 1].severity) >= int(findings[k].severity));
    }
}

void TestAdvice::pipelineGroupsAreNotComparedAcrossStages()
{
    // pp=2: send/receive (pp) groups wait for the other stage and the
    // model-parallel (mp) AllReduce spans both stages; neither may name a
    // slow rank or a waiting group. A slow rank inside a stage still is found.
    QTemporaryDir dir;
    GeneratorOptions options;
    options.ranks = 16;
    options.steps = 2;
    options.ops = 10;
    options.pipelineStages = 2;
    options.slowRank = 10;
    options.force = true;
    QString error;
    QVERIFY2(generateCluster(dir.path(), options, &error), qPrintable(error));
    const ProfilePtr profile = ProfileLoader::load({ dir.path() });
    QSet<QString> crossStage;
    for (const auto& rank : profile->ranks)
        for (const ParallelGroup& g : rank->info.parallelGroups)
            if (g.groupName == QLatin1String("pp") || g.groupName == QLatin1String("mp"))
                crossStage.insert(g.groupId);
    QVERIFY(crossStage.size() >= 8);
    const auto slowRanks = detectSlowRanks(*profile);
    QVERIFY(!slowRanks.empty());
    for (const SlowRank& s : slowRanks)
        QVERIFY2(!crossStage.contains(s.groupId), qPrintable(s.groupId));
    // Rank 10 leads its own (stage 1) data-parallel group; its pipeline
    // partner in stage 0 (rank 2) waits for it and may be named there too.
    const auto rank10 =
        std::find_if(slowRanks.begin(), slowRanks.end(), [](const SlowRank& s) { return s.rankId == 10; });
    QVERIFY(rank10 != slowRanks.end());
    for (const SlowRank& s : slowRanks)
        if (s.groupId == rank10->groupId)
            QVERIFY(s.behindRatio <= rank10->behindRatio);
    bool named = false;
    const auto findings = computeAdvice(*profile); // withRule points into it
    for (const Finding* f : withRule(findings, QStringLiteral("slow-rank")))
        named = named || f->rankIds().front() == 10;
    QVERIFY(named);
    for (const Finding& f : computeAdvice(*profile))
        if (f.ruleId == QLatin1String("wait-ratio"))
            for (const QString& g : crossStage)
                QVERIFY(!f.title.contains(g.right(12)));
}

void TestAdvice::freeRuleAgreesWithTheProfilersFile()
{
    const QStringList dirs { test::textRank(1, 0), test::textRank(1, 1) };
    const ProfilePtr profile = ProfileLoader::load(dirs);
    double expected = 0;
    for (const QString& d : dirs)
        expected = std::max(expected, worstFreeRatioFromFile(d));
    QVERIFY(expected > 0.1); // the real ranks do idle more than 10%
    const auto findings = computeAdvice(*profile);
    const auto free = withRule(findings, QStringLiteral("free-time"));
    QCOMPARE(free.size(), std::size_t(1));
    QVERIFY2(std::abs(free.front()->value - expected) < 0.01,
        qPrintable(QStringLiteral("%1 vs %2").arg(free.front()->value).arg(expected)));
    QCOMPARE(free.front()->target, Finding::Target::Step);
}

void TestAdvice::thresholdsAreConfigurable()
{
    const ProfilePtr profile = ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) });
    AdviceThresholds t;
    t.freeRatio = 0.5;
    QVERIFY(withRule(computeAdvice(*profile, t), QStringLiteral("free-time")).empty());
    // JSON round trip keeps every value.
    AdviceThresholds custom;
    custom.waitRatio = 0.35;
    custom.aiCpuOpUs = 50;
    AdviceThresholds back;
    QString error;
    QVERIFY(adviceThresholdsFromJson(adviceThresholdsToJson(custom), &back, &error));
    QCOMPARE(back.waitRatio, 0.35);
    QCOMPARE(back.aiCpuOpUs, 50.0);
    QCOMPARE(adviceThresholdsToJson(back), adviceThresholdsToJson(custom));
    QCOMPARE(adviceThresholdsToJson(AdviceThresholds {}).size(), qsizetype(19)); // + dataQueueEmptyRatio
}

void TestAdvice::thresholdFilesAreChecked_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("partial") << QByteArray(R"({"freeRatio": 0.3})") << true << QString();
    QTest::newRow("typo") << QByteArray(R"({"freeRatoi": 0.3})") << false << QStringLiteral("freeRatoi");
    QTest::newRow("string") << QByteArray(R"({"freeRatio": "0.3"})") << false << QStringLiteral("freeRatio");
    QTest::newRow("negative") << QByteArray(R"({"waitRatio": -1})") << false << QStringLiteral("waitRatio");
    QTest::newRow("broken") << QByteArray(R"({"freeRatio": )") << false << QStringLiteral("byte");
    QTest::newRow("array") << QByteArray(R"([1, 2])") << false << QStringLiteral("thresholds.json");
    // Not files (tst_hostileinputs "thresholds fifo": the open blocked for ever).
    QTest::newRow("fifo") << QByteArray("<fifo>") << false << QStringLiteral("not a regular file");
    QTest::newRow("folder") << QByteArray("<folder>") << false << QStringLiteral("folder");
}

void TestAdvice::thresholdFilesAreChecked()
{
    QFETCH(QByteArray, content);
    QFETCH(bool, ok);
    QFETCH(QString, messagePart);
    QTemporaryDir dir;
    QString path = dir.filePath(QStringLiteral("thresholds.json"));
    if (content == "<fifo>")
        QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    else if (content == "<folder>")
        QVERIFY(QDir().mkpath(path));
    else
        path = test::writeFile(dir, QStringLiteral("thresholds.json"), content);
    AdviceThresholds t;
    QString error;
    QCOMPARE(loadAdviceThresholds(path, &t, &error), ok);
    if (ok) {
        QCOMPARE(t.freeRatio, 0.3);
        QCOMPARE(t.waitRatio, AdviceThresholds {}.waitRatio);
    } else {
        QVERIFY2(error.contains(messagePart), qPrintable(error));
        QVERIFY2(error.contains(path), qPrintable(error));
        QCOMPARE(t.freeRatio, AdviceThresholds {}.freeRatio); // untouched on error
    }
}

// MindInsight's run_2 (rank 1): the only host-queue record has size 0, so the
// queue was empty in 1 of 1 steps (> 30 %); MindInsight's queue status is
// data_process = warning, and its pipeline proposal names ImageFolderOp_3.
void TestAdvice::deviceWaitingForDataIsFound()
{
    const QString root = test::mindinsight(QStringLiteral("run_2/normal_run/profiler"));
    if (!QFileInfo::exists(root))
        QSKIP("mindinsight fixtures not found next to the repository");
    LoadOptions options;
    options.readTraces = false;
    const auto findings = computeAdvice(*ProfileLoader::load({ root }, options));
    const auto it = std::find_if(findings.begin(), findings.end(),
        [](const Finding& f) { return f.ruleId == QLatin1String("data-loading"); });
    QVERIFY(it != findings.end());
    QCOMPARE(it->rankIds(), QList<int>({ 1 }));
    QCOMPARE(it->value, 1.0);
    QCOMPARE(it->threshold, 0.3);
    QCOMPARE(it->ops, QStringList({ "ImageFolderOp_3" }));
    QVERIFY(it->title.contains(QLatin1String("ImageFolderOp_3")));
    QCOMPARE(it->severity, Finding::Severity::Warning);
    // Above the threshold only: at 1.0 (never more than all steps) nothing is found.
    AdviceThresholds lenient;
    lenient.dataQueueEmptyRatio = 1.0;
    const auto none = computeAdvice(*ProfileLoader::load({ root }, options), lenient);
    QVERIFY(std::none_of(none.begin(), none.end(), [](const Finding& f) { return f.ruleId.startsWith(QLatin1String("data-")); }));
}

// MindInsight's cluster_propose: reference data-prep-flops-strategy.md §2.4
// gives the pipeline proposal for stage 2 at +50.94% (ranks 2 and 3) and no
// rank more than 20% below the mean FLOPS.
void TestAdvice::flopsProposalsJoinTheAdvice()
{
    const QString root = test::mindinsight(QStringLiteral("cluster_propose"));
    const auto findings = computeAdvice(*ProfileLoader::load({ root }));
    const auto it = std::find_if(findings.begin(), findings.end(),
        [](const Finding& f) { return f.ruleId == QLatin1String("flops-stage-imbalance"); });
    QVERIFY(it != findings.end());
    QCOMPARE(it->rankIds(), QList<int>({ 2, 3 }));
    QCOMPARE(QString::number(it->value * 100, 'f', 2), QStringLiteral("50.94"));
    QCOMPARE(it->threshold, 0.2);
    QVERIFY(it->measured.contains(QLatin1String("stage 2")));
    QCOMPARE(it->target, Finding::Target::Rank);
    QVERIFY(std::none_of(findings.begin(), findings.end(),
        [](const Finding& f) { return f.ruleId == QLatin1String("flops-slow-rank"); }));
}

QTEST_GUILESS_MAIN(TestAdvice)
#include "tst_advice.moc"
