// SPDX-License-Identifier: Apache-2.0
// `profscope-cli export` as a user runs it.
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace profscope;

namespace {

using Run = test::CliRun;

Run cli(const QStringList& args)
{
    return test::runProgram(QStringLiteral(PROFSCOPE_CLI), args);
}

QString level1()
{
    return test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text/level1"));
}

} // namespace

class TestExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void overviewCsv();
    void overviewJsonToFile();
    void overviewCheckAgainstTheProfiler();
    void usageErrors();
};

void TestExport::overviewCsv()
{
    const Run r = cli({ QStringLiteral("export"), level1(), QStringLiteral("--what"), QStringLiteral("overview") });
    QCOMPARE(r.exitCode, 0);
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 3); // header + 2 ranks
    const QList<QByteArray> header = lines[0].split(',');
    QCOMPARE(header[0], QByteArray("Rank"));
    QVERIFY(header.contains("Computing(us)"));
    QVERIFY(header.contains("Preparing(us)"));
    const int computing = int(header.indexOf("Computing(us)"));
    // step_trace_time.csv of level1/rank0 says Computing 8873.756 µs.
    const double value = lines[1].split(',')[computing].toDouble();
    QVERIFY(std::abs(value - 8873.756) < 0.1);
    const Run one = cli({ QStringLiteral("export"), level1(), QStringLiteral("--rank"), QStringLiteral("1") });
    QCOMPARE(one.out.trimmed().split('\n').size(), 2);
    QVERIFY(one.out.split('\n')[1].startsWith("1,1,"));
}

void TestExport::overviewJsonToFile()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("overview.json"));
    const Run r = cli({ QStringLiteral("export"), level1(), QStringLiteral("--format"), QStringLiteral("json"),
                        QStringLiteral("-o"), file, QStringLiteral("--step"), QStringLiteral("50") });
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.isEmpty());
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(root[QStringLiteral("what")].toString(), QStringLiteral("overview"));
    const QJsonArray rows = root[QStringLiteral("rows")].toArray();
    QCOMPARE(rows.size(), 2);
    const QJsonObject values = rows[0].toObject()[QStringLiteral("valuesNs")].toObject();
    // step_trace_time.csv level1/rank0: Communication 105991.87800000001 µs
    QVERIFY(std::abs(values[QStringLiteral("Communication")].toDouble() - 105991878.0) < 1000.0);
}

void TestExport::overviewCheckAgainstTheProfiler()
{
    const Run r = cli({ QStringLiteral("export"), test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text")),
                        QStringLiteral("--what"), QStringLiteral("overview-check") });
    QCOMPARE(r.exitCode, 0); // every value within 1% of the step
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 1 + 6 * 9); // 6 ranks x 9 columns of step_trace_time.csv
    for (int i = 1; i < lines.size(); ++i)
        QVERIFY(lines[i].contains(",yes,"));
}

void TestExport::usageErrors()
{
    QCOMPARE(cli({ QStringLiteral("export") }).exitCode, 2);
    QCOMPARE(cli({ QStringLiteral("export"), level1(), QStringLiteral("--what"), QStringLiteral("nonsense") }).exitCode, 2);
    QCOMPARE(cli({ QStringLiteral("export"), level1(), QStringLiteral("--format"), QStringLiteral("xml") }).exitCode, 2);
    QTemporaryDir empty;
    const Run r = cli({ QStringLiteral("export"), empty.path() });
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains("nothing could be loaded"));
}

QTEST_GUILESS_MAIN(TestExport)
#include "tst_export.moc"
