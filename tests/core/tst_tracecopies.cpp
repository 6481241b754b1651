// SPDX-License-Identifier: Apache-2.0
// Trace files whose events another file of the rank holds (core/load/tracecopies.*)
// and the names that make a CANN msprof timeline's lanes and steps
// (core/parse/traceroles.*), on copies of MindInsight's CANN fixture made in
// the test: byte-identical copies are read once, a merged msprof_D_M_N.json
// makes its parts unread, and "Iteration N" slices are the steps.
#include "load/profileloader.h"
#include "load/tracecopies.h"
#include "parse/traceroles.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace profscope;

namespace {

QString cannTimeline()
{
    return test::mindinsight(QStringLiteral("profiler/PROF_000001_20230818142704567_GQFAMHBKGODKJMLA/device_1/timeline"));
}

// A PROF_*/device_1/timeline folder in `dir` holding `names` copied from the fixture
// (each as `name` -> `copyAs`).
QString makeCannRank(const QTemporaryDir& dir, const QList<std::pair<QString, QString>>& copies)
{
    const QString timeline = dir.path() + QStringLiteral("/PROF_000001_1_AAAA/device_1/timeline");
    QDir().mkpath(timeline);
    for (const auto& [from, to] : copies)
        if (!QFile::copy(cannTimeline() + QLatin1Char('/') + from, timeline + QLatin1Char('/') + to))
            return {};
    return dir.path() + QStringLiteral("/PROF_000001_1_AAAA");
}

const FileReport* reportOf(const Profile& p, const QString& name)
{
    return test::reportEndingWith(p, QLatin1Char('/') + name);
}

} // namespace

class TestTraceCopies : public QObject
{
    Q_OBJECT
private slots:
    void laneRoles_data();
    void laneRoles();
    void iterationNames_data();
    void iterationNames();
    void identicalCopiesAreReadOnce();
    void differentContentIsReadTwice();
    void mergedTimelineReplacesItsParts();
};

void TestTraceCopies::laneRoles_data()
{
    QTest::addColumn<QString>("process");
    QTest::addColumn<QString>("thread");
    QTest::addColumn<int>("role");
    QTest::newRow("stream") << "Ascend Hardware" << "Stream 4" << int(LaneRole::DeviceTasks);
    QTest::newRow("msprof step trace lane") << "Ascend Hardware" << "Step Trace(Model ID:0)" << int(LaneRole::StepTrace);
    QTest::newRow("step trace file") << "Step Trace" << "Model ID:0" << int(LaneRole::StepTrace);
    QTest::newRow("old HCCL op lane") << "HCCL" << "Communication Kernel" << int(LaneRole::CommunicationOps);
    QTest::newRow("group op lane") << "HCCL" << "Group hcom_allReduce_1 Communication" << int(LaneRole::CommunicationOps);
    QTest::newRow("plane") << "HCCL" << "Plane 0" << int(LaneRole::CommunicationTasks);
    QTest::newRow("overlap") << "Overlap Analysis" << "Computing" << int(LaneRole::OverlapAnalysis);
}

void TestTraceCopies::laneRoles()
{
    QFETCH(QString, process);
    QFETCH(QString, thread);
    QFETCH(int, role);
    QCOMPARE(int(laneRoleFromNames(process, thread)), role);
}

void TestTraceCopies::iterationNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("step");
    QTest::newRow("iteration") << "Iteration 7" << "7";
    QTest::newRow("two digits") << "Iteration 10" << "10";
    QTest::newRow("refresh is a part") << "Iteration Refresh 3" << "";
    QTest::newRow("bare") << "Iteration " << "";
    QTest::newRow("profiler step is not an iteration") << "ProfilerStep#5" << "";
}

void TestTraceCopies::iterationNames()
{
    QFETCH(QString, name);
    QFETCH(QString, step);
    const QByteArray utf8 = name.toUtf8();
    QCOMPARE(stepIdFromIterationName(std::string_view(utf8.constData(), std::size_t(utf8.size()))), step);
}

void TestTraceCopies::identicalCopiesAreReadOnce()
{
    // Two step trace files with the same bytes and no merged timeline: one is read.
    QTemporaryDir dir;
    const QString rank = makeCannRank(dir,
        { { QStringLiteral("step_trace_1_0_1.json"), QStringLiteral("step_trace_1_0_1.json") },
            { QStringLiteral("step_trace_1_0_2.json"), QStringLiteral("step_trace_1_0_2.json") } });
    QVERIFY(!rank.isEmpty());
    const ProfilePtr p = ProfileLoader::load({ rank });
    QCOMPARE(p->ranks.size(), std::size_t(1));
    const FileReport* first = reportOf(*p, QStringLiteral("step_trace_1_0_1.json"));
    const FileReport* second = reportOf(*p, QStringLiteral("step_trace_1_0_2.json"));
    QVERIFY(first && second);
    QCOMPARE(first->status, FileStatus::Used);
    QCOMPARE(second->status, FileStatus::Skipped);
    QVERIFY2(second->reason.contains(QStringLiteral("step_trace_1_0_1.json")), qPrintable(second->reason));
    // The file holds Iteration 1..10 (Step Trace process): ten steps, not twenty.
    QCOMPARE(int(p->ranks[0]->trace.steps.size()), 10);
    QCOMPARE(p->ranks[0]->trace.steps[2].id, QStringLiteral("3"));
}

void TestTraceCopies::differentContentIsReadTwice()
{
    // Same size, different bytes: both read (a byte changed in the copy).
    QTemporaryDir dir;
    const QString rank = makeCannRank(dir,
        { { QStringLiteral("step_trace_1_0_1.json"), QStringLiteral("step_trace_1_0_1.json") },
            { QStringLiteral("step_trace_1_0_1.json"), QStringLiteral("step_trace_1_0_2.json") } });
    QVERIFY(!rank.isEmpty());
    const QString copy = rank + QStringLiteral("/device_1/timeline/step_trace_1_0_2.json");
    QFile f(copy);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QByteArray bytes = f.readAll();
    const qsizetype at = bytes.indexOf("Iteration 1\"");
    QVERIFY(at > 0);
    bytes[at + 10] = '9'; // "Iteration 9": still a valid file of the same size
    QVERIFY(f.seek(0));
    QCOMPARE(f.write(bytes), qint64(bytes.size()));
    f.close();
    QCOMPARE(QFileInfo(copy).size(),
        QFileInfo(rank + QStringLiteral("/device_1/timeline/step_trace_1_0_1.json")).size());
    QVERIFY(!sameFileContent(copy, rank + QStringLiteral("/device_1/timeline/step_trace_1_0_1.json")));
    const ProfilePtr p = ProfileLoader::load({ rank });
    QCOMPARE(reportOf(*p, QStringLiteral("step_trace_1_0_2.json"))->status, FileStatus::Used);
}

void TestTraceCopies::mergedTimelineReplacesItsParts()
{
    // Iteration 2's merged timeline with its three parts, and iteration 3's parts alone.
    QTemporaryDir dir;
    const QString rank = makeCannRank(dir,
        { { QStringLiteral("msprof_1_0_2.json"), QStringLiteral("msprof_1_0_2.json") },
            { QStringLiteral("task_time_1_0_2.json"), QStringLiteral("task_time_1_0_2.json") },
            { QStringLiteral("hccl_1_0_2.json"), QStringLiteral("hccl_1_0_2.json") },
            { QStringLiteral("step_trace_1_0_2.json"), QStringLiteral("step_trace_1_0_2.json") },
            { QStringLiteral("task_time_1_0_3.json"), QStringLiteral("task_time_1_0_3.json") } });
    QVERIFY(!rank.isEmpty());
    const ProfilePtr p = ProfileLoader::load({ rank });
    for (const char* part : { "task_time_1_0_2.json", "hccl_1_0_2.json", "step_trace_1_0_2.json" }) {
        const FileReport* r = reportOf(*p, QString::fromLatin1(part));
        QVERIFY2(r, part);
        QCOMPARE(r->status, FileStatus::Skipped);
        QVERIFY2(r->reason.contains(QStringLiteral("msprof_1_0_2.json")), qPrintable(r->reason));
    }
    QCOMPARE(reportOf(*p, QStringLiteral("msprof_1_0_2.json"))->status, FileStatus::Used);
    // No merged file for iteration 3: its part is read.
    QCOMPARE(reportOf(*p, QStringLiteral("task_time_1_0_3.json"))->status, FileStatus::Used);
    // Iteration 2's marker comes from the merged file's "Step Trace(Model ID:0)" thread;
    // the step trace file (all ten iterations) is not read.
    QCOMPARE(int(p->ranks[0]->trace.steps.size()), 1);
    QCOMPARE(p->ranks[0]->trace.steps[0].id, QStringLiteral("2"));
}

QTEST_GUILESS_MAIN(TestTraceCopies)
#include "tst_tracecopies.moc"
