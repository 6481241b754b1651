// SPDX-License-Identifier: Apache-2.0
// profscope-cli report: one self-contained HTML (or Markdown) file, and a
// regression report whose exit status follows --fail-above; the step-time
// regression is checked against the profiler's own step_trace_time.csv files.
#include "testsupport.h"

#include "generate/clustergenerator.h"
#include "load/profileloader.h"
#include "report/report.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>

using namespace profscope;

namespace {

test::CliRun cli(const QStringList& args)
{
    return test::runProgram(QStringLiteral(PROFSCOPE_CLI), args);
}

void generate(const QString& dir, int slowRank)
{
    GeneratorOptions o;
    o.ranks = 8;
    o.steps = 3;
    o.jitter = 0.02;
    o.slowRank = slowRank;
    o.force = true;
    QString error;
    if (!generateCluster(dir, o, &error))
        qFatal("generateCluster: %s", qPrintable(error));
}

// Per step the median over ranks of Computing + Communication(Not Overlapped)
// + Free + Preparing from each rank's step_trace_time.csv, averaged over steps.
double meanStepUsFromFiles(const QString& clusterDir)
{
    std::map<QString, std::vector<double>> perStep;
    for (const QFileInfo& rank : QDir(clusterDir).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile f(rank.filePath() + QStringLiteral("/ASCEND_PROFILER_OUTPUT/step_trace_time.csv"));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        const QStringList header = lines[0].trimmed().split(QLatin1Char(','));
        const qsizetype step = header.indexOf(QStringLiteral("Step"));
        QList<qsizetype> parts;
        for (const char* name : { "Computing", "Communication(Not Overlapped)", "Free", "Preparing" })
            parts << header.indexOf(QLatin1String(name));
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QStringList c = lines[i].trimmed().split(QLatin1Char(','));
            double sum = 0;
            for (const qsizetype p : parts)
                sum += c[p].toDouble();
            perStep[c[step]].push_back(sum);
        }
    }
    double mean = 0;
    for (auto& [step, values] : perStep) {
        std::sort(values.begin(), values.end());
        const std::size_t n = values.size();
        mean += n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
    }
    return perStep.empty() ? 0 : mean / double(perStep.size());
}

} // namespace

class TestReport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void htmlIsSelfContained();
    void regressionMatchesTheProfilersFiles();
    void failAboveSetsTheExitStatus_data();
    void failAboveSetsTheExitStatus();
    void markdown();

private:
    QTemporaryDir m_dir;
    QString m_base, m_slow;
};

void TestReport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_base = m_dir.filePath(QStringLiteral("base"));
    m_slow = m_dir.filePath(QStringLiteral("slow"));
    generate(m_base, -1);
    generate(m_slow, 3);
}

void TestReport::htmlIsSelfContained()
{
    const QString out = m_dir.filePath(QStringLiteral("r.html"));
    const test::CliRun r = cli({ QStringLiteral("report"), m_slow, QStringLiteral("-o"), out });
    QCOMPARE(r.exitCode, 0);
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString html = QString::fromUtf8(f.readAll());
    QVERIFY(html.startsWith(QLatin1String("<!DOCTYPE html>")));
    // Nothing is fetched: no external scripts, styles, images or fonts.
    QVERIFY(!html.contains(QRegularExpression(QStringLiteral("(src|href)\\s*=\\s*\"(https?:)?//"))));
    QVERIFY(!html.contains(QLatin1String("@import")));
    QVERIFY(html.contains(QLatin1String("<svg")));
    QCOMPARE(html.count(QLatin1String("<rect")), 8 * 5); // 8 ranks x 5 parts
    QVERIFY(html.contains(QLatin1String("class=\"sortable\"")));
    // The planted slow rank is the first cause, with its evidence.
    QVERIFY(html.contains(QLatin1String("Rank 3 computes slower")));
    QVERIFY(html.contains(QLatin1String("kernel time")));
    QVERIFY(html.contains(QLatin1String("Import report")));
}

void TestReport::regressionMatchesTheProfilersFiles()
{
    const double base = meanStepUsFromFiles(m_base);
    const double slow = meanStepUsFromFiles(m_slow);
    QVERIFY(base > 0 && slow > base);
    const double expected = (slow - base) / base;
    const double got =
        stepTimeRegression(*ProfileLoader::load({ m_base }), *ProfileLoader::load({ m_slow }));
    QVERIFY2(std::abs(got - expected) < 0.002, qPrintable(QStringLiteral("%1 vs %2").arg(got).arg(expected)));
}

void TestReport::failAboveSetsTheExitStatus_data()
{
    QTest::addColumn<QString>("limit");
    QTest::addColumn<bool>("withCompare");
    QTest::addColumn<int>("exitCode");
    QTest::newRow("worse than 5%") << QStringLiteral("5") << true << 3;
    QTest::newRow("within 80%") << QStringLiteral("80") << true << 0;
    QTest::newRow("no comparison") << QStringLiteral("5") << false << 2;
    QTest::newRow("not a number") << QStringLiteral("x") << true << 2;
}

void TestReport::failAboveSetsTheExitStatus()
{
    QFETCH(QString, limit);
    QFETCH(bool, withCompare);
    QFETCH(int, exitCode);
    QStringList args { QStringLiteral("report"), m_base, QStringLiteral("-o"), m_dir.filePath(QStringLiteral("c.html")),
        QStringLiteral("--fail-above"), limit };
    if (withCompare)
        args << QStringLiteral("--compare") << m_slow;
    const test::CliRun r = cli(args);
    QCOMPARE(r.exitCode, exitCode);
    if (exitCode == 3)
        QVERIFY(r.err.contains("worse"));
}

void TestReport::markdown()
{
    const test::CliRun r =
        cli({ QStringLiteral("report"), m_base, QStringLiteral("--compare"), m_slow, QStringLiteral("--format"), QStringLiteral("md") });
    QCOMPARE(r.exitCode, 0);
    const QString text = QString::fromUtf8(r.out);
    QVERIFY(text.startsWith(QLatin1String("# Profscope regression report")));
    QVERIFY(text.contains(QLatin1String("| Compute only |")));
    QVERIFY(text.contains(QLatin1String("## Base run")) && text.contains(QLatin1String("## Comparison run")));
    QVERIFY(!text.contains(QLatin1String("<")));
}

QTEST_GUILESS_MAIN(TestReport)
#include "tst_report.moc"
