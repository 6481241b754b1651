// SPDX-License-Identifier: Apache-2.0
// End-to-end loading: real folders, bad files planted next to real ones,
// cancellation, progress, and the promise that nothing is written into the
// user's data folder.
#include "load/profileloader.h"
#include "testsupport.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace profscope;

namespace {


// Every regular file under `root` with size and mtime, to prove nothing changed.

int countFiles(const QString& root)
{
    int n = 0;
    QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        ++n;
    }
    return n;
}

} // namespace

class TestProfileLoader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void loadsTwoRealRanks();
    void threadsDoNotChangeTheResult();
    void profilerInfoReadOnce();
    void brokenFilesDoNotStopTheRest();
    void unreadableFile();
    void emptyRankFolderAndNothingFound();
    void dbOnlyIsReportedNotEmpty();
    void duplicateRankIds();
    void legacyAndCannData();
    void progressAndCancel();
    void asyncLoad();
};

void TestProfileLoader::loadsTwoRealRanks()
{
    const QString root = test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text/level1"));
    const ProfilePtr p = ProfileLoader::load({ root });
    QCOMPARE(p->ranks.size(), std::size_t(2));
    QCOMPARE(p->ranks[0]->info.rankId, 0);
    QCOMPARE(p->ranks[1]->info.rankId, 1);
    // Every file of both rank folders is in the report, and all are used.
    QCOMPARE(int(p->report.files.size()), countFiles(root));
    QCOMPARE(p->report.countWithStatus(FileStatus::Used), countFiles(root));
    const RankData& r0 = *p->ranks[0];
    QCOMPARE(r0.info.profilerLevel, QStringLiteral("Level1"));
    QCOMPARE(r0.info.deviceId, 0);
    QCOMPARE(r0.trace.stats.phase('X'), 4384LL);
    QVERIFY(r0.kernels);
    QCOMPARE(r0.kernels->size(), std::size_t(191)); // python: rows of kernel_details.csv
    QCOMPARE(r0.stepTrace.size(), std::size_t(1));
    QCOMPARE(r0.stepTrace[0].step, QStringLiteral("50"));
    QVERIFY(r0.memoryRecords);
    QCOMPARE(r0.memoryRecords->size(), std::size_t(1004));
    QCOMPARE(r0.communication.size(), std::size_t(4));
    for (const auto& f : p->report.files)
        QVERIFY(f.rankIndex == 0 || f.rankIndex == 1);
    const FileReport* trace = test::reportEndingWith(*p, QStringLiteral("rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json"));
    QVERIFY(trace);
    QCOMPARE(trace->count(QStringLiteral("X")), 4385LL);
    QCOMPARE(trace->count(QStringLiteral("f")), 611LL);
}

void TestProfileLoader::threadsDoNotChangeTheResult()
{
    const QString root = test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text"));
    LoadOptions one;
    one.maxThreads = 1;
    LoadOptions two;
    two.maxThreads = 2;
    const ProfilePtr a = ProfileLoader::load({ root }, one);
    const ProfilePtr b = ProfileLoader::load({ root }, two);
    QCOMPARE(a->ranks.size(), std::size_t(6));
    QCOMPARE(b->ranks.size(), a->ranks.size());
    for (std::size_t i = 0; i < a->ranks.size(); ++i) {
        QCOMPARE(b->ranks[i]->info.rootPath, a->ranks[i]->info.rootPath);
        QCOMPARE(b->ranks[i]->trace.sliceCount(), a->ranks[i]->trace.sliceCount());
        QCOMPARE(b->ranks[i]->trace.flows.size(), a->ranks[i]->trace.flows.size());
    }
    QCOMPARE(b->report.files.size(), a->report.files.size());
}

// Discovery reads profiler_info for the rank id; the loader parses those
// bytes instead of opening the file a second time. Proved by removing the
// file between the two: the rank still gets everything the file holds.
void TestProfileLoader::profilerInfoReadOnce()
{
    QTemporaryDir dir;
    const QString rankPath = dir.filePath(QStringLiteral("rank1_ascend_pt"));
    QVERIFY(test::copyTree(test::textRank(1, 1), rankPath));
    DiscoveryResult found = discoverProfiles({ dir.path() });
    QCOMPARE(found.ranks.size(), std::size_t(1));
    DiscoveredRank& discovered = found.ranks[0];
    const auto info = std::find_if(discovered.files.begin(), discovered.files.end(),
                                   [](const DiscoveredFile& f) { return f.kind == FileKind::ProfilerInfo; });
    QVERIFY(info != discovered.files.end());
    QVERIFY(!info->text.isEmpty());
    QVERIFY(QFile::remove(info->path));

    // The status of profiler_info's report, and the rank's info.
    const auto loadInfo = [&] {
        std::vector<FileReport> files;
        const auto rank = ProfileLoader::loadRank(discovered, files, {}, [](double) {});
        const auto report = std::find_if(files.begin(), files.end(), [&](const FileReport& f) { return f.path == info->path; });
        return std::make_pair(report == files.end() ? FileStatus::Skipped : report->status, rank->info);
    };
    // The fixture's profiler_info_1.json: torch_npu's schema, Level1, end_info.
    const auto [status, fromText] = loadInfo();
    QCOMPARE(status, FileStatus::Used);
    QCOMPARE(fromText.framework, QStringLiteral("PyTorch"));
    QCOMPARE(fromText.profilerLevel, QStringLiteral("Level1"));
    QVERIFY(fromText.collectionEndNs > 0);
    // Without discovery's bytes the file is opened, and is gone.
    info->text.clear();
    const auto [statusWithout, fromFile] = loadInfo();
    QCOMPARE(statusWithout, FileStatus::Broken);
    QCOMPARE(fromFile.profilerLevel, QString());
}

void TestProfileLoader::brokenFilesDoNotStopTheRest()
{
    QTemporaryDir dir;
    const QString rank = dir.filePath(QStringLiteral("rank0_ascend_pt"));
    QVERIFY(test::copyTree(test::textRank(1, 0), rank));
    const QString out = rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT/");
    // Truncate the trace in the middle, garble the kernel table, empty the memory record,
    // and put a folder where op_statistic.csv should be.
    QFile trace(out + QStringLiteral("trace_view.json"));
    QVERIFY(trace.open(QIODevice::ReadWrite));
    const qint64 half = trace.size() / 2;
    QVERIFY(trace.resize(half));
    trace.close();
    test::writeFile(dir, QStringLiteral("rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv"),
                    QByteArray("\x00\x01garbage\xff\xfe", 11));
    test::writeFile(dir, QStringLiteral("rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/memory_record.csv"), QByteArray());
    QVERIFY(QFile::remove(out + QStringLiteral("op_statistic.csv")));
    QVERIFY(QDir().mkpath(out + QStringLiteral("op_statistic.csv")));
    test::writeFile(dir, QStringLiteral("rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/communication.json"), "{\"step50\": {\"p2p\"");

    const QStringList before = test::folderSnapshot(dir.path());
    const ProfilePtr p = ProfileLoader::load({ dir.path() });
    QCOMPARE(test::folderSnapshot(dir.path()), before); // nothing written, nothing touched

    QCOMPARE(p->ranks.size(), std::size_t(1));
    const FileReport* t = test::reportEndingWith(*p, QStringLiteral("trace_view.json"));
    QCOMPARE(t->status, FileStatus::Broken);
    QVERIFY(t->byteOffset > 0 && t->byteOffset <= half);
    QVERIFY(t->reason.contains(QLatin1String("truncated")));
    QVERIFY(p->ranks[0]->trace.stats.totalEvents > 1000); // the first half is kept
    const FileReport* k = test::reportEndingWith(*p, QStringLiteral("kernel_details.csv"));
    QCOMPARE(k->status, FileStatus::Broken);
    QVERIFY(!k->reason.isEmpty());
    QCOMPARE(test::reportEndingWith(*p, QStringLiteral("memory_record.csv"))->status, FileStatus::Broken);
    const FileReport* dirAsFile = test::reportEndingWith(*p, QStringLiteral("op_statistic.csv"));
    QVERIFY(dirAsFile);
    QCOMPARE(dirAsFile->status, FileStatus::Broken);
    QVERIFY(dirAsFile->reason.contains(QLatin1String("director")));
    const FileReport* comm = test::reportEndingWith(*p, QStringLiteral("communication.json"));
    QCOMPARE(comm->status, FileStatus::Broken);
    QVERIFY(comm->byteOffset >= 0);
    // The others still load.
    QCOMPARE(test::reportEndingWith(*p, QStringLiteral("step_trace_time.csv"))->status, FileStatus::Used);
    QCOMPARE(test::reportEndingWith(*p, QStringLiteral("operator_details.csv"))->status, FileStatus::Used);
    QCOMPARE(p->ranks[0]->stepTrace.size(), std::size_t(1));
    QCOMPARE(p->report.countWithStatus(FileStatus::Broken), 5);
}

void TestProfileLoader::unreadableFile()
{
    if (::geteuid() == 0)
        QSKIP("running as root: file permissions do not stop reads, so 'unreadable' cannot be staged");
    QTemporaryDir dir;
    const QString rank = dir.filePath(QStringLiteral("rank1_ascend_pt"));
    QVERIFY(test::copyTree(test::textRank(0, 1), rank));
    const QString kernels = rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT/kernel_details.csv");
    QVERIFY(QFile::setPermissions(kernels, QFileDevice::Permissions()));
    const ProfilePtr p = ProfileLoader::load({ dir.path() });
    QCOMPARE(test::reportEndingWith(*p, QStringLiteral("kernel_details.csv"))->status, FileStatus::Broken);
    QCOMPARE(test::reportEndingWith(*p, QStringLiteral("trace_view.json"))->status, FileStatus::Used);
}

void TestProfileLoader::emptyRankFolderAndNothingFound()
{
    QTemporaryDir dir;
    QDir().mkpath(dir.filePath(QStringLiteral("node1_123_ascend_ms")));
    ProfilePtr p = ProfileLoader::load({ dir.path() });
    QCOMPARE(p->ranks.size(), std::size_t(1));
    QCOMPARE(p->report.files.size(), std::size_t(1));
    QCOMPARE(p->report.files[0].status, FileStatus::Skipped);
    QVERIFY(p->report.files[0].reason.contains(QLatin1String("empty")));
    QTemporaryDir nothing;
    p = ProfileLoader::load({ nothing.path() });
    QVERIFY(p->ranks.empty());
    QCOMPARE(p->report.messages.back().severity, ImportMessage::Error);
}

void TestProfileLoader::dbOnlyIsReportedNotEmpty()
{
    const ProfilePtr p = ProfileLoader::load({ test::dbRank(1, 0) });
    QCOMPARE(p->ranks.size(), std::size_t(1));
    QVERIFY(p->ranks[0]->info.dbOnly);
    QCOMPARE(p->ranks[0]->info.rankId, 0);
    int dbFiles = 0;
    for (const auto& f : p->report.files)
        if (f.path.endsWith(QLatin1String(".db"))) {
            ++dbFiles;
            QCOMPARE(f.status, FileStatus::Used); // read natively (tst_dbimport checks what)
            QVERIFY(f.reason.contains(QLatin1String("feeds: ")));
            QVERIFY(!f.counts.empty());
        }
    QCOMPARE(dbFiles, 2);
    QVERIFY(!p->ranks[0]->trace.isEmpty());
}

void TestProfileLoader::duplicateRankIds()
{
    const ProfilePtr p = ProfileLoader::load({ test::textRank(0, 0), test::textRank(1, 0) });
    QCOMPARE(p->ranks.size(), std::size_t(2)); // both kept, not overwritten
    bool warned = false;
    for (const auto& m : p->report.messages)
        warned = warned || (m.severity == ImportMessage::Warning && m.text.contains(QLatin1String("rank 0")));
    QVERIFY(warned);
}

void TestProfileLoader::legacyAndCannData()
{
    ProfilePtr p = ProfileLoader::load({ test::mindinsight(QStringLiteral("cluster_propose")) });
    QCOMPARE(p->ranks.size(), std::size_t(4));
    for (const auto& r : p->ranks) {
        QCOMPARE(r->legacy.stepTrace.rows.size(), std::size_t(5)); // 6 rows minus the average row
        QVERIFY(!r->legacy.hccl.empty());
    }
    p = ProfileLoader::load({ test::mindinsight(QStringLiteral("profiler/PROF_000001_20230818142704567_GQFAMHBKGODKJMLA")) });
    QCOMPARE(p->ranks.size(), std::size_t(1));
    QCOMPARE(p->ranks[0]->info.deviceId, 1);
    // msprof_1_0_N.json is the merged timeline of iteration N; task_time_, hccl_ and
    // step_trace_1_0_N.json are its parts (the step trace, all ten iterations, ten
    // identical copies): only the ten merged files are read. 10841 X events in them.
    QCOMPARE(p->ranks[0]->trace.stats.phase('X'), 10841LL);
    int merged = 0, parts = 0;
    for (const FileReport& f : p->report.files) {
        const QString name = QFileInfo(f.path).fileName();
        if (name.startsWith(QLatin1String("msprof_"))) {
            merged += f.status == FileStatus::Used;
        } else if (name.startsWith(QLatin1String("task_time_")) || name.startsWith(QLatin1String("hccl_"))
            || name.startsWith(QLatin1String("step_trace_"))) {
            QCOMPARE(f.status, FileStatus::Skipped);
            QVERIFY2(f.reason.contains(QStringLiteral("msprof_1_0_") + name.section(QLatin1Char('_'), -1)), qPrintable(f.reason));
            ++parts;
        }
    }
    QCOMPARE(merged, 10);
    QCOMPARE(parts, 30);
    // The steps: Iteration 1..10 of the merged files' step trace lane, once each.
    QCOMPARE(int(p->ranks[0]->trace.steps.size()), 10);
    QCOMPARE(p->ranks[0]->trace.steps.front().id, QStringLiteral("1"));
    QCOMPARE(p->ranks[0]->trace.steps.back().id, QStringLiteral("10"));
}

void TestProfileLoader::progressAndCancel()
{
    const QString root = test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text"));
    QList<int> values;
    LoadControl control;
    control.progress = [&values](int permille, const QString&) { values << permille; };
    ProfileLoader::load({ root }, {}, control);
    QVERIFY(values.size() > 3);
    QCOMPARE(values.front(), 0);
    QCOMPARE(values.back(), 1000);
    for (int v : values)
        QVERIFY(v >= 0 && v <= 1000);

    std::atomic<bool> cancel { false };
    LoadControl canceling;
    canceling.progress = [&cancel](int permille, const QString&) {
        if (permille > 20)
            cancel = true;
    };
    canceling.isCanceled = [&cancel] { return cancel.load(); };
    LoadOptions serial;
    serial.maxThreads = 1;
    const ProfilePtr p = ProfileLoader::load({ root }, serial, canceling);
    QVERIFY(p->report.canceled);
    QVERIFY(p->ranks.size() < 6);
}

void TestProfileLoader::asyncLoad()
{
    QFuture<ProfilePtr> f = ProfileLoader::loadAsync({ test::textRank(2, 0) });
    f.waitForFinished();
    QCOMPARE(f.resultCount(), 1);
    QCOMPARE(f.result()->ranks.size(), std::size_t(1));
    QCOMPARE(f.progressValue(), 1000);
    QFuture<ProfilePtr> c = ProfileLoader::loadAsync({ test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text")) });
    c.cancel();
    c.waitForFinished();
    QVERIFY(c.isCanceled());
}

QTEST_GUILESS_MAIN(TestProfileLoader)
#include "tst_profileloader.moc"
