// SPDX-License-Identifier: Apache-2.0
// The advice engine: planted anomalies of generated clusters are found (and
// nothing is found on a clean one), thresholds are configurable, and the
// free-time rule's value agrees with the profiler's own step_trace_time.csv.
#include "testsupport.h"

#include "analysis/advice.h"
#include "analysis/cluster.h"
#include "generate/clustergenerator.h"
#include "load/profileloader.h"

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace profscope;

namespace {

ProfilePtr generated(const QTemporaryDir& dir, int slowRank, int linkSrc, int linkDst, int hostBound)
{
    GeneratorOptions options;
    options.ranks = 8;
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

} // namespace

class TestAdvice : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void slowRankIsFound();
    void slowLinkIsFound();
    void hostBoundRankIsFound();
    void cleanClusterHasNoAnomalyFindings();
    void everyFindingIsComplete();
    void pipelineGroupsAreNotComparedAcrossStages();
    void freeRuleAgreesWithTheProfilersFile();
    void thresholdsAreConfigurable();
    void thresholdFilesAreChecked_data();
    void thresholdFilesAreChecked();
};

void TestAdvice::slowRankIsFound()
{
    QTemporaryDir dir;
    const auto findings = computeAdvice(*generated(dir, 3, -1, -1, -1));
    const auto slow = withRule(findings, QStringLiteral("slow-rank"));
    QCOMPARE(slow.size(), std::size_t(1));
    QCOMPARE(slow.front()->rankIds.front(), 3);
    QVERIFY(slow.front()->value >= 0.10);
    QCOMPARE(slow.front()->target, Finding::Target::Rank);
    // The slow rank computes more than the others: the computing spread rule names it.
    const auto spread = withRule(findings, QStringLiteral("spread-computing"));
    QCOMPARE(spread.size(), std::size_t(1));
    QCOMPARE(spread.front()->rankIds.front(), 3);
    QVERIFY(withRule(findings, QStringLiteral("host-bound")).empty());
}

void TestAdvice::slowLinkIsFound()
{
    QTemporaryDir dir;
    const auto findings = computeAdvice(*generated(dir, -1, 1, 2, -1));
    const auto links = withRule(findings, QStringLiteral("slow-link"));
    QVERIFY(!links.empty());
    for (const Finding* f : links) {
        QVERIFY(f->link == QLatin1String("1-2") || f->link == QLatin1String("2-1"));
        QCOMPARE(f->target, Finding::Target::Link);
        QVERIFY(f->value <= 0.8);
    }
    QVERIFY(withRule(findings, QStringLiteral("slow-rank")).empty());
}

void TestAdvice::hostBoundRankIsFound()
{
    QTemporaryDir dir;
    const ProfilePtr profile = generated(dir, -1, -1, -1, 5);
    const auto findings = computeAdvice(*profile);
    const auto hostBound = withRule(findings, QStringLiteral("host-bound"));
    QCOMPARE(hostBound.size(), std::size_t(1));
    QCOMPARE(hostBound.front()->rankIds, QList<int> { 5 });
    QCOMPARE(profile->ranks[std::size_t(hostBound.front()->rankIndex)]->info.rankId, 5);
    QVERIFY(hostBound.front()->endNs > hostBound.front()->startNs); // a step to jump to
    QCOMPARE(hostBound.front()->severity, Finding::Severity::Critical);
}

void TestAdvice::cleanClusterHasNoAnomalyFindings()
{
    QTemporaryDir dir;
    const auto findings = computeAdvice(*generated(dir, -1, -1, -1, -1));
    for (const char* rule : { "slow-rank", "slow-link", "host-bound", "spread-computing", "free-time" })
        QVERIFY2(withRule(findings, QString::fromLatin1(rule)).empty(), rule);
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
        QVERIFY(!f.rankIds.isEmpty());
        QVERIFY(f.rankIndex >= 0 && std::size_t(f.rankIndex) < profile->ranks.size());
    }
    // Most severe first.
    for (std::size_t i = 1; i < findings.size(); ++i)
        QVERIFY(int(findings[i - 1].severity) >= int(findings[i].severity));
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
        named = named || f->rankIds.front() == 10;
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
    QCOMPARE(adviceThresholdsToJson(AdviceThresholds {}).size(), qsizetype(13));
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
}

void TestAdvice::thresholdFilesAreChecked()
{
    QFETCH(QByteArray, content);
    QFETCH(bool, ok);
    QFETCH(QString, messagePart);
    QTemporaryDir dir;
    const QString path = test::writeFile(dir, QStringLiteral("thresholds.json"), content);
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

QTEST_GUILESS_MAIN(TestAdvice)
#include "tst_advice.moc"
