// SPDX-License-Identifier: Apache-2.0
// `profscope-cli collect`: local collection (layout, manifest, checksums,
// resume, verification) and a real ssh path through a throwaway sshd on
// 127.0.0.1. (Quoting, the hosts file and ssh options: tst_collectquoting.)
#include "collect/collector.h"
#include "collect/hostsfile.h"
#include "collect/remotecommand.h"
#include "load/profileloader.h"
#include "testsupport.h"

#include "collecttests.h"
#include "loopbacksshd.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <map>

#include <unistd.h>

using namespace profscope;
using namespace collecttest;

namespace {

struct FileFacts
{
    qint64 size = 0;
    QString sha256;
    bool operator==(const FileFacts& o) const
    {
        return size == o.size && sha256 == o.sha256;
    }
};

// Every regular file below root: relative path -> size and SHA-256, computed
// here independently of the collector.
std::map<QString, FileFacts> treeFacts(const QString& root)
{
    std::map<QString, FileFacts> facts;
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::NoSymLinks, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray bytes = f.readAll();
        facts[QDir(root).relativeFilePath(path)] = { qint64(bytes.size()),
            QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex()) };
    }
    return facts;
}

QJsonObject readManifest(const QString& outDir)
{
    QFile f(QDir(outDir).filePath(QStringLiteral("profscope_manifest.json")));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

QJsonObject manifestHost(const QJsonObject& manifest, const QString& alias)
{
    for (const auto& v : manifest[QStringLiteral("hosts")].toArray())
        if (v.toObject()[QStringLiteral("alias")].toString() == alias)
            return v.toObject();
    return {};
}

QJsonObject manifestRank(const QJsonObject& host, const QString& relativePath)
{
    for (const auto& v : host[QStringLiteral("rankFolders")].toArray())
        if (v.toObject()[QStringLiteral("path")].toString() == relativePath)
            return v.toObject();
    return {};
}

bool writeManifest(const QString& outDir, const QJsonObject& manifest)
{
    QFile f(QDir(outDir).filePath(QStringLiteral("profscope_manifest.json")));
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(QJsonDocument(manifest).toJson()) > 0;
}

// The manifest's file list of a rank equals what is on disk (size and hash).
bool manifestMatchesDisk(const QJsonObject& rank, const QString& rankDir, QString* why)
{
    const auto disk = treeFacts(rankDir);
    const QJsonArray files = rank[QStringLiteral("files")].toArray();
    if (std::size_t(files.size()) != disk.size()) {
        *why = QStringLiteral("%1 files in the manifest, %2 on disk").arg(files.size()).arg(disk.size());
        return false;
    }
    for (const auto& v : files) {
        const QJsonObject f = v.toObject();
        const auto it = disk.find(f[QStringLiteral("path")].toString());
        if (it == disk.end()) {
            *why = QStringLiteral("not on disk: ") + f[QStringLiteral("path")].toString();
            return false;
        }
        if (it->second.size != qint64(f[QStringLiteral("size")].toDouble())
            || it->second.sha256 != f[QStringLiteral("sha256")].toString()) {
            *why = QStringLiteral("size or sha256 differ: ") + it->first;
            return false;
        }
    }
    return true;
}

QList<int> rankIds(const QJsonObject& rank)
{
    QList<int> ids;
    for (const auto& v : rank[QStringLiteral("rankIds")].toArray())
        ids << v.toInt();
    return ids;
}

} // namespace

class TestCollect : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void remoteListingFindsRankFolders();
    void localCollection();
    void anonymizedHosts();
    void resumeCopiesOnlyIncompleteRanks();
    void tamperedManifestCannotRedirectCopies();
    void verificationFailureIsPerHost();
    void summaryOnlyLocal();
    void summarizeLocal();
    void dryRunWritesNothing();
    void usageErrors();
    void sshCollection();
    void cleanupTestCase();

private:
    // OUT/<alias> trees of three "hosts": two text ranks, a MindInsight
    // profiler/ folder with four ranks, and a host with hostile names.
    void makeHosts(const QString& root);
};

void TestCollect::remoteListingFindsRankFolders()
{
    // The remote listing command, run here through sh and bash on a tree
    // with every layout and hostile names, finds the same rank folders.
    QTemporaryDir tmp;
    const QString base = QDir(tmp.path()).filePath(hostilePath(QStringLiteral("l")));
    QVERIFY(test::copyTree(test::textRank(1, 0), base + QStringLiteral("/job/rank0_ascend_pt")));
    QVERIFY(test::copyTree(
        test::textRank(1, 1), base + QStringLiteral("/job/renamed ") + hostileComponent(QStringLiteral("l1"))));
    QVERIFY(
        test::copyTree(test::mindinsight(QStringLiteral("cluster_propose")), base + QStringLiteral("/mi/profiler")));
    const QTemporaryDir& d = tmp;
    const QString rel = QDir(tmp.path()).relativeFilePath(base);
    test::writeFile(d, rel + QStringLiteral("/msprof/PROF_0001_x/device_0/timeline/msprof_0_1_2.json"), "[]");
    test::writeFile(d, rel + QStringLiteral("/msprof/PROF_0001_x/device_1/timeline/msprof_1_1_2.json"), "[]");
    test::writeFile(d, rel + QStringLiteral("/job/rank0_ascend_pt/PROF_9/device_0/timeline/msprof_0_1_2.json"), "[]");
    test::writeFile(d, rel + QStringLiteral("/info/profiler_info_5.json"), "{\"rank_id\": 5}");
    test::writeFile(d, rel + QStringLiteral("/info/trace_view.json"), "[]");
    test::writeFile(d, rel + QStringLiteral("/noise/profiler_info_6.json"), "{}"); // no data beside it: not a rank
    test::writeFile(d, rel + QStringLiteral("/noise/readme.txt"), "x");
    test::writeFile(d, rel + QStringLiteral("/job/a\nnewline_ascend_ms/profiler_info_7.json"), "{}");

    const QStringList expected = QStringList {
        base + QStringLiteral("/info"),
        base + QStringLiteral("/job/a\nnewline_ascend_ms"),
        base + QStringLiteral("/job/rank0_ascend_pt"),
        base + QStringLiteral("/job/renamed ") + hostileComponent(QStringLiteral("l1")),
        base + QStringLiteral("/mi/profiler"),
        base + QStringLiteral("/msprof/PROF_0001_x"),
    };
    CollectOptions options;
    const Collector collector(options);
    const QString command = collector.listingCommandLine({ base });
    for (const auto& shell : { QStringLiteral("/bin/sh"), QStringLiteral("/bin/bash") }) {
        if (!QFileInfo::exists(shell))
            continue;
        QProcess p;
        p.start(shell, { QStringLiteral("-c"), command });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QByteArray output = p.readAllStandardOutput();
        QStringList want = expected;
        want.sort();
        QCOMPARE(Collector::rankFoldersFromListing(output), want);
        // Startup files of the remote shell may print before our command runs.
        const QByteArray noisy = QByteArray("Welcome to node01\n/bogus/x_ascend_pt", 36) + '\0' + output;
        QCOMPARE(Collector::rankFoldersFromListing(noisy), want);
    }
    QVERIFY2(pwnedFiles().isEmpty(), qPrintable(pwnedFiles().join(QLatin1Char(' '))));
}

void TestCollect::makeHosts(const QString& root)
{
    QVERIFY(test::copyTree(test::textRank(1, 0), root + QStringLiteral("/nodeA/job/rank0_ascend_pt")));
    QVERIFY(test::copyTree(test::textRank(1, 1), root + QStringLiteral("/nodeB/rank1_ascend_pt")));
    QVERIFY(test::copyTree(
        test::mindinsight(QStringLiteral("cluster_propose")), root + QStringLiteral("/nodeMI/profiler")));
    const QString evil = root + QLatin1Char('/') + hostileComponent(QStringLiteral("host"));
    QVERIFY(test::copyTree(test::textRank(2, 0),
        evil + QLatin1Char('/') + hostilePath(QStringLiteral("p")) + QStringLiteral("/r ")
            + hostileComponent(QStringLiteral("r")) + QStringLiteral("\nnl_ascend_pt")));
}

void TestCollect::localCollection()
{
    QTemporaryDir tmp;
    const QString src = tmp.filePath(QStringLiteral("src"));
    makeHosts(src);
    const QString evilAlias = hostileComponent(QStringLiteral("host"));
    const QString out = tmp.filePath(QStringLiteral("out"));
    const Run r = cli({ QStringLiteral("--from"), src + QStringLiteral("/nodeA"), QStringLiteral("--from"),
        src + QStringLiteral("/nodeB"), QStringLiteral("--from"), src + QStringLiteral("/nodeMI"),
        QStringLiteral("--from"), src + QLatin1Char('/') + evilAlias, out });
    QVERIFY2(r.exitCode == 0, r.text());
    QVERIFY(r.out.contains("nodeMI"));

    // Layout: OUT/<alias>/<rank folder name>, same bytes as the source.
    const std::vector<std::tuple<QString, QString, QString, QList<int>>> expected = {
        { QStringLiteral("nodeA"), QStringLiteral("nodeA/rank0_ascend_pt"),
            src + QStringLiteral("/nodeA/job/rank0_ascend_pt"), { 0 } },
        { QStringLiteral("nodeB"), QStringLiteral("nodeB/rank1_ascend_pt"),
            src + QStringLiteral("/nodeB/rank1_ascend_pt"), { 1 } },
        { QStringLiteral("nodeMI"), QStringLiteral("nodeMI/profiler"), src + QStringLiteral("/nodeMI/profiler"),
            { 0, 1, 2, 3 } },
        { evilAlias,
            evilAlias + QStringLiteral("/r ") + hostileComponent(QStringLiteral("r"))
                + QStringLiteral("\nnl_ascend_pt"),
            src + QLatin1Char('/') + evilAlias + QLatin1Char('/') + hostilePath(QStringLiteral("p"))
                + QStringLiteral("/r ") + hostileComponent(QStringLiteral("r")) + QStringLiteral("\nnl_ascend_pt"),
            { 0 } },
    };
    const QJsonObject manifest = readManifest(out);
    QCOMPARE(manifest[QStringLiteral("format")].toString(), QStringLiteral("profscope-collect-manifest"));
    QVERIFY(manifest[QStringLiteral("complete")].toBool());
    QCOMPARE(manifest[QStringLiteral("hosts")].toArray().size(), 4);
    for (const auto& [alias, rel, source, ids] : expected) {
        const QString copy = QDir(out).filePath(rel);
        QVERIFY2(QFileInfo(copy).isDir(), qPrintable(copy));
        const auto want = treeFacts(source);
        QVERIFY(!want.empty());
        QVERIFY2(treeFacts(copy) == want, qPrintable(rel));
        const QJsonObject host = manifestHost(manifest, alias);
        QCOMPARE(host[QStringLiteral("status")].toString(), QStringLiteral("ok"));
        QCOMPARE(host[QStringLiteral("kind")].toString(), QStringLiteral("local"));
        QCOMPARE(host[QStringLiteral("host")].toString(), QDir::cleanPath(src + QLatin1Char('/') + alias));
        QVERIFY(!host[QStringLiteral("startedAt")].toString().isEmpty());
        QVERIFY(!host[QStringLiteral("finishedAt")].toString().isEmpty());
        const QJsonObject rank = manifestRank(host, rel);
        QVERIFY2(!rank.isEmpty(), qPrintable(rel));
        QCOMPARE(rank[QStringLiteral("status")].toString(), QStringLiteral("ok"));
        QVERIFY(rank[QStringLiteral("complete")].toBool());
        QCOMPARE(rank[QStringLiteral("copies")].toInt(), 1);
        QCOMPARE(rankIds(rank), ids);
        QString why;
        QVERIFY2(manifestMatchesDisk(rank, copy, &why), qPrintable(why));
        qint64 total = 0;
        for (const auto& [path, facts] : want)
            total += facts.size;
        QCOMPARE(qint64(rank[QStringLiteral("bytes")].toDouble()), total);
        QCOMPARE(qint64(host[QStringLiteral("totalBytes")].toDouble()), total);
    }
    QVERIFY(!QFileInfo::exists(QDir(out).filePath(QStringLiteral("host_ips_mapping.txt"))));

    // The result opens like any cluster folder.
    QProcess inspect;
    inspect.start(QStringLiteral(PROFSCOPE_CLI), { QStringLiteral("inspect"), out, QStringLiteral("--json") });
    QVERIFY(inspect.waitForFinished(120000));
    QCOMPARE(inspect.exitCode(), 0);
    const QJsonObject loaded = QJsonDocument::fromJson(inspect.readAllStandardOutput()).object();
    QCOMPARE(loaded[QStringLiteral("ranks")].toArray().size(), 7);
    QCOMPARE(loaded[QStringLiteral("fileTotals")].toObject()[QStringLiteral("broken")].toInt(), 0);
    QVERIFY2(pwnedFiles().isEmpty(), qPrintable(pwnedFiles().join(QLatin1Char(' '))));
}

void TestCollect::anonymizedHosts()
{
    QTemporaryDir tmp;
    const QString src = tmp.filePath(QStringLiteral("src"));
    makeHosts(src);
    const QString out = tmp.filePath(QStringLiteral("out"));
    const Run r = cli({ QStringLiteral("--anonymize-hosts"), QStringLiteral("--from"), src + QStringLiteral("/nodeA"),
        QStringLiteral("--from"), src + QStringLiteral("/nodeB"), out });
    QVERIFY2(r.exitCode == 0, r.text());
    QVERIFY(QFileInfo(QDir(out).filePath(QStringLiteral("host1/rank0_ascend_pt"))).isDir());
    QVERIFY(QFileInfo(QDir(out).filePath(QStringLiteral("host2/rank1_ascend_pt"))).isDir());
    QVERIFY(!QFileInfo::exists(QDir(out).filePath(QStringLiteral("nodeA"))));
    QFile mapping(QDir(out).filePath(QStringLiteral("host_ips_mapping.txt")));
    QVERIFY(mapping.open(QIODevice::ReadOnly));
    QCOMPARE(mapping.readAll(), QByteArray("nodeA host1\nnodeB host2\n"));
    // The manifest does not name the real hosts or their folders.
    QFile manifestFile(QDir(out).filePath(QStringLiteral("profscope_manifest.json")));
    QVERIFY(manifestFile.open(QIODevice::ReadOnly));
    const QByteArray text = manifestFile.readAll();
    QVERIFY(!text.contains("nodeA"));
    QVERIFY(!text.contains("nodeB"));
    const QJsonObject manifest = QJsonDocument::fromJson(text).object();
    QVERIFY(manifest[QStringLiteral("anonymized")].toBool());
    const QJsonObject host1 = manifestHost(manifest, QStringLiteral("host1"));
    QVERIFY(!host1.contains(QStringLiteral("host")));
    QCOMPARE(rankIds(manifestRank(host1, QStringLiteral("host1/rank0_ascend_pt"))), QList<int> { 0 });
}

void TestCollect::resumeCopiesOnlyIncompleteRanks()
{
    QTemporaryDir tmp;
    const QString src = tmp.filePath(QStringLiteral("src"));
    makeHosts(src);
    const QString out = tmp.filePath(QStringLiteral("out"));
    const QStringList args { QStringLiteral("--jobs"), QStringLiteral("1"), QStringLiteral("--from"),
        src + QStringLiteral("/nodeA"), QStringLiteral("--from"), src + QStringLiteral("/nodeB"),
        QStringLiteral("--from"), src + QStringLiteral("/nodeMI"), out };
    Run r = cli(args);
    QVERIFY2(r.exitCode == 0, r.text());
    const QString rankA = QDir(out).filePath(QStringLiteral("nodeA/rank0_ascend_pt"));
    const QString rankB = QDir(out).filePath(QStringLiteral("nodeB/rank1_ascend_pt"));
    const QString traceA = rankA + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json");
    const QString traceB = rankB + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json");
    const QDateTime changedA = QFileInfo(traceA).metadataChangeTime();

    // An interrupted run: one file lost in rank B, one rank (MindInsight)
    // never marked complete, one file of it cut short.
    QVERIFY(QFile::remove(rankB + QStringLiteral("/ASCEND_PROFILER_OUTPUT/step_trace_time.csv")));
    QJsonObject manifest = readManifest(out);
    QJsonArray hosts = manifest[QStringLiteral("hosts")].toArray();
    for (int i = 0; i < hosts.size(); ++i) {
        QJsonObject h = hosts[i].toObject();
        if (h[QStringLiteral("alias")].toString() != QLatin1String("nodeMI"))
            continue;
        QJsonArray ranks = h[QStringLiteral("rankFolders")].toArray();
        QJsonObject rank = ranks[0].toObject();
        rank[QStringLiteral("complete")] = false;
        rank[QStringLiteral("status")] = QStringLiteral("pending");
        ranks[0] = rank;
        h[QStringLiteral("rankFolders")] = ranks;
        hosts[i] = h;
    }
    manifest[QStringLiteral("hosts")] = hosts;
    QVERIFY(writeManifest(out, manifest));
    {
        QFile cut(QDir(out).filePath(QStringLiteral("nodeMI/profiler/hccl_raw_2.csv")));
        QVERIFY(cut.resize(10));
    }
    QThread::msleep(1100); // so that a rewritten file would show a newer change time

    r = cli(args);
    QVERIFY2(r.exitCode == 0, r.text());
    QVERIFY(r.out.contains("[nodeA] rank0_ascend_pt: already complete, skipped"));
    QVERIFY(r.out.contains("[nodeB] rank1_ascend_pt: copying"));
    QVERIFY(r.out.contains("[nodeMI] profiler: copying"));
    manifest = readManifest(out);
    QCOMPARE(manifestRank(manifestHost(manifest, QStringLiteral("nodeA")),
                 QStringLiteral("nodeA/rank0_ascend_pt"))[QStringLiteral("copies")]
                 .toInt(),
        1);
    QCOMPARE(manifestRank(manifestHost(manifest, QStringLiteral("nodeB")),
                 QStringLiteral("nodeB/rank1_ascend_pt"))[QStringLiteral("copies")]
                 .toInt(),
        2);
    const QJsonObject mi =
        manifestRank(manifestHost(manifest, QStringLiteral("nodeMI")), QStringLiteral("nodeMI/profiler"));
    QCOMPARE(mi[QStringLiteral("copies")].toInt(), 2);
    QVERIFY(mi[QStringLiteral("complete")].toBool());
    // Untouched files were not rewritten, restored ones match the source again.
    QCOMPARE(QFileInfo(traceA).metadataChangeTime(), changedA);
    QCOMPARE(QFileInfo(traceB).size(),
        QFileInfo(test::textRank(1, 1) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json")).size());
    QVERIFY(treeFacts(rankB) == treeFacts(src + QStringLiteral("/nodeB/rank1_ascend_pt")));
    QVERIFY(treeFacts(QDir(out).filePath(QStringLiteral("nodeMI/profiler")))
        == treeFacts(src + QStringLiteral("/nodeMI/profiler")));
    QString why;
    QVERIFY2(manifestMatchesDisk(mi, QDir(out).filePath(QStringLiteral("nodeMI/profiler")), &why), qPrintable(why));

    // --no-resume syncs everything again (nothing changed, so nothing rewritten).
    r = cli(QStringList { QStringLiteral("--no-resume") } + args);
    QVERIFY2(r.exitCode == 0, r.text());
    QVERIFY(r.out.contains("[nodeA] rank0_ascend_pt: copying"));
    QCOMPARE(QFileInfo(traceA).metadataChangeTime(), changedA);
}

void TestCollect::tamperedManifestCannotRedirectCopies()
{
    QTemporaryDir tmp;
    const QString src = tmp.filePath(QStringLiteral("src"));
    QVERIFY(test::copyTree(test::textRank(1, 0), src + QStringLiteral("/nodeA/rank0_ascend_pt")));
    const QString out = tmp.filePath(QStringLiteral("work/out"));
    const QStringList args { QStringLiteral("--from"), src + QStringLiteral("/nodeA"), out };
    QCOMPARE(cli(args).exitCode, 0);
    QJsonObject manifest = readManifest(out);
    QJsonArray hosts = manifest[QStringLiteral("hosts")].toArray();
    QJsonObject host = hosts[0].toObject();
    QJsonArray ranks = host[QStringLiteral("rankFolders")].toArray();
    QJsonObject rank = ranks[0].toObject();
    rank[QStringLiteral("path")] = QStringLiteral("nodeA/../../escaped");
    rank[QStringLiteral("complete")] = false;
    ranks[0] = rank;
    host[QStringLiteral("rankFolders")] = ranks;
    hosts[0] = host;
    manifest[QStringLiteral("hosts")] = hosts;
    QVERIFY(writeManifest(out, manifest));
    QDir(QDir(out).filePath(QStringLiteral("nodeA"))).removeRecursively();
    const Run r = cli(args);
    QVERIFY2(r.exitCode == 0, r.text());
    QVERIFY(!QFileInfo::exists(tmp.filePath(QStringLiteral("work/escaped"))));
    QVERIFY(!QFileInfo::exists(tmp.filePath(QStringLiteral("escaped"))));
    QVERIFY(QFileInfo(QDir(out).filePath(QStringLiteral("nodeA/rank0_ascend_pt/profiler_info_0.json"))).isFile());
}

void TestCollect::verificationFailureIsPerHost()
{
    QTemporaryDir tmp;
    const QString src = tmp.filePath(QStringLiteral("src"));
    QVERIFY(test::copyTree(test::textRank(1, 0), src + QStringLiteral("/good/rank0_ascend_pt")));
    // A rank whose trace was cut while the profiler was writing it.
    const QString bad = src + QStringLiteral("/bad/rank5_ascend_pt");
    QVERIFY(test::copyTree(test::textRank(1, 1), bad));
    QFile trace(bad + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"));
    QVERIFY(trace.resize(5000));
    QDir().mkpath(src + QStringLiteral("/empty/nothing_here"));
    const QString out = tmp.filePath(QStringLiteral("out"));
    const Run r = cli({ QStringLiteral("--from"), src + QStringLiteral("/good"), QStringLiteral("--from"),
        src + QStringLiteral("/bad"), QStringLiteral("--from"), src + QStringLiteral("/empty"),
        QStringLiteral("--from"), src + QStringLiteral("/missing"), out });
    QCOMPARE(r.exitCode, 3);
    // The summary table names every host with its status.
    const QString text = QString::fromUtf8(r.out);
    QVERIFY(text.contains(QRegularExpression(QStringLiteral("\\ngood +ok "))));
    QVERIFY(text.contains(QRegularExpression(QStringLiteral("\\nbad +FAILED "))));
    QVERIFY(text.contains(QRegularExpression(QStringLiteral("\\nempty +FAILED .*no profiler data"))));
    QVERIFY(text.contains(QRegularExpression(QStringLiteral("\\nmissing +FAILED .*not a folder"))));
    const QJsonObject manifest = readManifest(out);
    QVERIFY(!manifest[QStringLiteral("complete")].toBool());
    QCOMPARE(manifestHost(manifest, QStringLiteral("good"))[QStringLiteral("status")].toString(), QStringLiteral("ok"));
    const QJsonObject badHost = manifestHost(manifest, QStringLiteral("bad"));
    QCOMPARE(badHost[QStringLiteral("status")].toString(), QStringLiteral("failed"));
    const QJsonObject badRank = manifestRank(badHost, QStringLiteral("bad/rank5_ascend_pt"));
    QCOMPARE(badRank[QStringLiteral("status")].toString(), QStringLiteral("failed"));
    QVERIFY(!badRank[QStringLiteral("complete")].toBool());
    QVERIFY2(badRank[QStringLiteral("error")].toString().contains(QLatin1String("trace_view.json")),
        qPrintable(badRank[QStringLiteral("error")].toString()));
    QCOMPARE(rankIds(badRank), QList<int> { 1 });
    QCOMPARE(
        manifestHost(manifest, QStringLiteral("empty"))[QStringLiteral("status")].toString(), QStringLiteral("failed"));

    // A failed rank is never skipped on resume.
    const Run again = cli({ QStringLiteral("--from"), src + QStringLiteral("/good"), QStringLiteral("--from"),
        src + QStringLiteral("/bad"), out });
    QCOMPARE(again.exitCode, 3);
    QVERIFY(again.out.contains("[bad] rank5_ascend_pt: copying"));
    QVERIFY(again.out.contains("[good] rank0_ascend_pt: already complete"));
}

void TestCollect::summaryOnlyLocal()
{
    QTemporaryDir tmp;
    const QString src = tmp.filePath(QStringLiteral("src"));
    makeHosts(src);
    // Raw data inside a rank folder is never part of a summary.
    test::writeFile(
        tmp, QStringLiteral("src/nodeB/rank1_ascend_pt/PROF_1/mindstudio_profiler_output/op_statistic_1.csv"), "x\n");
    // A database export: its summary database is part of a summary, the
    // per-rank profiler database is not.
    QVERIFY(QFile::copy(test::dbRank(1, 1) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/analysis.db"),
        tmp.filePath(QStringLiteral("src/nodeB/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/analysis.db"))));
    QVERIFY(QFile::copy(test::dbRank(1, 1) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_1.db"),
        tmp.filePath(QStringLiteral("src/nodeB/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_1.db"))));
    const QString out = tmp.filePath(QStringLiteral("out"));
    const Run r = cli({ QStringLiteral("--summary-only"), QStringLiteral("--from"), src + QStringLiteral("/nodeA"),
        QStringLiteral("--from"), src + QStringLiteral("/nodeB"), QStringLiteral("--from"),
        src + QStringLiteral("/nodeMI"), out });
    QVERIFY2(r.exitCode == 0, r.text());
    const auto copied = treeFacts(QDir(out).filePath(QStringLiteral("nodeB/rank1_ascend_pt")));
    QStringList names;
    for (const auto& [path, facts] : copied)
        names << path;
    QCOMPARE(names,
        QStringList({ QStringLiteral("ASCEND_PROFILER_OUTPUT/analysis.db"),
            QStringLiteral("ASCEND_PROFILER_OUTPUT/api_statistic.csv"),
            QStringLiteral("ASCEND_PROFILER_OUTPUT/communication.json"),
            QStringLiteral("ASCEND_PROFILER_OUTPUT/communication_matrix.json"),
            QStringLiteral("ASCEND_PROFILER_OUTPUT/op_statistic.csv"),
            QStringLiteral("ASCEND_PROFILER_OUTPUT/step_trace_time.csv"), QStringLiteral("profiler_info_1.json"),
            QStringLiteral("profiler_metadata.json") }));
    QStringList legacy;
    for (const auto& [path, facts] : treeFacts(QDir(out).filePath(QStringLiteral("nodeMI/profiler"))))
        legacy << path;
    QCOMPARE(legacy.size(), 8); // step_trace_raw_{0..3}, hccl_raw_{0..3}
    const QJsonObject manifest = readManifest(out);
    const QJsonObject rank =
        manifestRank(manifestHost(manifest, QStringLiteral("nodeB")), QStringLiteral("nodeB/rank1_ascend_pt"));
    QCOMPARE(rank[QStringLiteral("mode")].toString(), QStringLiteral("summary"));
    QCOMPARE(rankIds(rank), QList<int> { 1 });
    QCOMPARE(rankIds(manifestRank(manifestHost(manifest, QStringLiteral("nodeMI")), QStringLiteral("nodeMI/profiler"))),
        QList<int>({ 0, 1, 2, 3 }));

    // A full run afterwards does not take the summary for a complete copy.
    const Run full = cli({ QStringLiteral("--from"), src + QStringLiteral("/nodeB"), out });
    QVERIFY2(full.exitCode == 0, full.text());
    QVERIFY(full.out.contains("rank1_ascend_pt: copying"));
    QVERIFY(QFileInfo::exists(
        QDir(out).filePath(QStringLiteral("nodeB/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json"))));
}

// --summarize on local folders: the summaries are computed here, only they
// land in OUT_DIR, they open as the cluster, and the data is not touched.
void TestCollect::summarizeLocal()
{
    QTemporaryDir tmp;
    const QString src = tmp.filePath(QStringLiteral("src"));
    QVERIFY(test::copyTree(test::textRank(1, 0), src + QStringLiteral("/nodeA/job/rank0_ascend_pt")));
    QVERIFY(test::copyTree(test::textRank(1, 1), src + QStringLiteral("/nodeB/rank1_ascend_pt")));
    const QStringList before = test::folderSnapshot(src);
    const QString out = tmp.filePath(QStringLiteral("out"));
    const QStringList args { QStringLiteral("--summarize"), QStringLiteral("--from"), src + QStringLiteral("/nodeA"),
        QStringLiteral("--from"), src + QStringLiteral("/nodeB"), out };
    const Run r = cli(args);
    QVERIFY2(r.exitCode == 0, r.text());
    QCOMPARE(test::folderSnapshot(src), before);
    const QStringList copied = QDir(out + QStringLiteral("/nodeB/rank1_ascend_pt.summary")).entryList(QDir::Files);
    QCOMPARE(copied, QStringList { QStringLiteral("rank1_rank1_ascend_pt.profscope-summary.json") });
    const QJsonObject rank = manifestRank(
        manifestHost(readManifest(out), QStringLiteral("nodeB")), QStringLiteral("nodeB/rank1_ascend_pt.summary"));
    QCOMPARE(rank[QStringLiteral("mode")].toString(), QStringLiteral("profscope-summary"));
    QVERIFY(rank[QStringLiteral("complete")].toBool());
    QCOMPARE(rankIds(rank), QList<int> { 1 });

    // The output opens as a cluster of two summary ranks, each with the steps of its step_trace_time.csv.
    const ProfilePtr profile = ProfileLoader::load({ out });
    QCOMPARE(profile->ranks.size(), std::size_t(2));
    for (const auto& loaded : profile->ranks) {
        QCOMPARE(loaded->info.layout, RankLayout::ProfscopeSummary);
        const auto steps = test::readStepTraceCsv(test::textRank(1, loaded->info.rankId));
        QCOMPARE(loaded->stepTrace.size(), steps.size());
    }

    // Resumed: both are complete; a plain copy afterwards is a different mode and copies.
    const Run again = cli(args);
    QVERIFY2(again.exitCode == 0, again.text());
    QCOMPARE(again.out.count("already complete, skipped"), 2);

    // --summarize with --summary-only is a usage error.
    const Run both = cli({ QStringLiteral("--summarize"), QStringLiteral("--summary-only"), QStringLiteral("--from"),
        src + QStringLiteral("/nodeA"), tmp.filePath(QStringLiteral("out2")) });
    QCOMPARE(both.exitCode, 2);
    QVERIFY2(both.err.contains("--summarize"), both.err.constData());
}

void TestCollect::dryRunWritesNothing()
{
    QTemporaryDir tmp;
    const QString src = tmp.filePath(QStringLiteral("src"));
    makeHosts(src);
    const QString out = tmp.filePath(QStringLiteral("out"));
    const Run r = cli({ QStringLiteral("--dry-run"), QStringLiteral("--from"), src + QStringLiteral("/nodeA"),
        QStringLiteral("--from"), src + QStringLiteral("/nodeMI"), out });
    QVERIFY2(r.exitCode == 0, r.text());
    QVERIFY(r.out.contains("would copy"));
    QVERIFY(r.out.contains("nodeA/rank0_ascend_pt"));
    QVERIFY(r.out.contains("nodeMI/profiler"));
    QVERIFY(r.out.contains("Dry run"));
    QVERIFY(!QFileInfo::exists(out));
}

void TestCollect::usageErrors()
{
    QTemporaryDir tmp;
    const QString hosts = test::writeFile(tmp, QStringLiteral("hosts.txt"), "node1\n-oProxyCommand=touch /tmp/x\n");
    const QString goodHosts = test::writeFile(tmp, QStringLiteral("good.txt"), "node1\n");
    const QString out = tmp.filePath(QStringLiteral("out"));
    QCOMPARE(cli({}).exitCode, 2);
    QCOMPARE(cli({ out }).exitCode, 2); // nothing to collect
    QCOMPARE(cli({ QStringLiteral("--from"), tmp.path() }).exitCode, 2); // no OUT_DIR
    QCOMPARE(cli({ QStringLiteral("--hosts"), goodHosts, out }).exitCode, 2); // no --remote-path
    QCOMPARE(cli({ QStringLiteral("--remote-path"), QStringLiteral("/x"), out }).exitCode, 2);
    const Run hostile =
        cli({ QStringLiteral("--hosts"), hosts, QStringLiteral("--remote-path"), QStringLiteral("/x"), out });
    QCOMPARE(hostile.exitCode, 2);
    QVERIFY(hostile.err.contains("hosts.txt:2:"));
    const Run weak = cli({ QStringLiteral("--hosts"), goodHosts, QStringLiteral("--remote-path"), QStringLiteral("/x"),
        QStringLiteral("--ssh-option"), QStringLiteral("StrictHostKeyChecking=no"), out });
    QCOMPARE(weak.exitCode, 2);
    QVERIFY(weak.err.contains("StrictHostKeyChecking"));
    QCOMPARE(
        cli({ QStringLiteral("--hosts"), goodHosts, QStringLiteral("--remote-path"), QStringLiteral("/a*/b"), out })
            .exitCode,
        2);
    QCOMPARE(cli({ QStringLiteral("--from"), tmp.path(), tmp.filePath(QStringLiteral("inside")) }).exitCode,
        2); // OUT_DIR in a source
    QCOMPARE(cli({ QStringLiteral("--from"), tmp.path(), QStringLiteral("--transfer"), QStringLiteral("ftp"), out })
                 .exitCode,
        2);
    QCOMPARE(cli({ QStringLiteral("--from"), tmp.path(), QStringLiteral("--bogus"), out }).exitCode, 2);
    QVERIFY(!QFileInfo::exists(out));
    const Run help = cli({ QStringLiteral("--help") });
    QCOMPARE(help.exitCode, 0);
    for (const char* word : { "--hosts", "--remote-path", "--from", "--anonymize-hosts", "--summary-only", "--dry-run",
             "--ssh-option", "--known-hosts", "--identity", "Exit codes" })
        QVERIFY2(help.out.contains(word), word);
}

void TestCollect::sshCollection()
{
    Sshd sshd;
    if (const QString why = sshd.start(); !why.isEmpty())
        QSKIP(qPrintable(QStringLiteral("ssh collection not tested: ") + why));
    QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("ssh")).isEmpty(), "ssh client missing (openssh-client)");
    QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("rsync")).isEmpty(), "rsync missing");

    // The "remote" tree, behind a base path and rank folder names that
    // would run commands if any shell on either side evaluated them.
    QTemporaryDir tmp;
    const QString remoteRoot = QDir(tmp.path()).filePath(hostilePath(QStringLiteral("ssh")));
    const QString evilRank =
        QStringLiteral("r1 ") + hostileComponent(QStringLiteral("sshr")) + QStringLiteral("\nnl_ascend_pt");
    QVERIFY(test::copyTree(test::textRank(1, 0), remoteRoot + QStringLiteral("/job_1/rank0_ascend_pt")));
    QVERIFY(test::copyTree(test::textRank(1, 1), remoteRoot + QStringLiteral("/job_1/") + evilRank));
    QVERIFY(test::copyTree(
        test::mindinsight(QStringLiteral("cluster_propose")), remoteRoot + QStringLiteral("/job_2/profiler")));
    QVERIFY(test::copyTree(
        test::textRank(0, 0), remoteRoot + QStringLiteral("/other/rank0_ascend_pt"))); // not matched by job_*
    // Raw data inside a rank folder: copied in full mode, never in a summary.
    test::writeFile(tmp,
        QDir(tmp.path()).relativeFilePath(remoteRoot)
            + QStringLiteral("/job_1/rank0_ascend_pt/PROF_1_x/mindstudio_profiler_output/op_statistic_1.csv"),
        "x\n");
    const QString pattern = remoteRoot + QStringLiteral("/job_*");

    const QString goodAlias = QStringLiteral("good;$(touch${IFS}%1-alias)`touch${IFS}%1-alias2`'q'\"").arg(token());
    const QString hostsFile = test::writeFile(tmp, QStringLiteral("hosts.txt"),
        QStringLiteral("# a test cluster\n127.0.0.1:%1 %2\n127.0.0.1 1 down\n")
            .arg(sshd.port())
            .arg(goodAlias)
            .toUtf8());
    const QStringList common { QStringLiteral("--hosts"), hostsFile, QStringLiteral("--remote-path"), pattern,
        QStringLiteral("--known-hosts"), sshd.knownHosts(), QStringLiteral("--identity"), sshd.identity(),
        QStringLiteral("--connect-timeout"), QStringLiteral("5") };
    const auto checkCopies = [&](const QString& out, bool summary) {
        const std::vector<std::pair<QString, QString>> ranks = {
            { goodAlias + QStringLiteral("/rank0_ascend_pt"), remoteRoot + QStringLiteral("/job_1/rank0_ascend_pt") },
            { goodAlias + QLatin1Char('/') + evilRank, remoteRoot + QStringLiteral("/job_1/") + evilRank },
            { goodAlias + QStringLiteral("/profiler"), remoteRoot + QStringLiteral("/job_2/profiler") },
        };
        const QJsonObject host = manifestHost(readManifest(out), goodAlias);
        QCOMPARE(host[QStringLiteral("status")].toString(), QStringLiteral("ok"));
        QCOMPARE(host[QStringLiteral("kind")].toString(), QStringLiteral("ssh"));
        QCOMPARE(host[QStringLiteral("host")].toString(), QStringLiteral("127.0.0.1:%1").arg(sshd.port()));
        QCOMPARE(host[QStringLiteral("rankFolders")].toArray().size(), 3);
        for (const auto& [rel, source] : ranks) {
            auto want = treeFacts(source);
            if (summary)
                std::erase_if(want, [](const auto& kv) {
                    const QStringList parts = kv.first.split(QLatin1Char('/'));
                    return !Collector::isSummaryFile(parts.last(), kv.second.size, qint64(64) << 20)
                        || std::any_of(parts.begin(), parts.end() - 1,
                            [](const QString& p) { return Collector::isSummaryExcludedFolder(p); });
                });
            QVERIFY2(treeFacts(QDir(out).filePath(rel)) == want, qPrintable(rel));
            const QJsonObject rank = manifestRank(host, rel);
            QVERIFY(rank[QStringLiteral("complete")].toBool());
            QString why;
            QVERIFY2(manifestMatchesDisk(rank, QDir(out).filePath(rel), &why), qPrintable(why));
        }
        QCOMPARE(rankIds(manifestRank(host, goodAlias + QLatin1Char('/') + evilRank)), QList<int> { 1 });
        QCOMPARE(rankIds(manifestRank(host, goodAlias + QStringLiteral("/profiler"))), QList<int>({ 0, 1, 2, 3 }));
    };

    // rsync; the unreachable host fails, the other one is collected anyway.
    const QString outRsync = tmp.filePath(QStringLiteral("out rsync"));
    Run r = cli(common + QStringList { QStringLiteral("--transfer"), QStringLiteral("rsync"), outRsync });
    QVERIFY2(r.exitCode == 3, QByteArray(r.text() + sshd.log()));
    checkCopies(outRsync, false);
    const QJsonObject down = manifestHost(readManifest(outRsync), QStringLiteral("down"));
    QCOMPARE(down[QStringLiteral("status")].toString(), QStringLiteral("failed"));
    QVERIFY2(down[QStringLiteral("error")].toString().contains(QLatin1String("ssh")),
        qPrintable(down[QStringLiteral("error")].toString()));
    QVERIFY(QString::fromUtf8(r.out).contains(QRegularExpression(QStringLiteral("\\ndown +FAILED "))));
    QCOMPARE(manifestHost(readManifest(outRsync), goodAlias)[QStringLiteral("transfer")].toString(),
        QStringLiteral("rsync"));

    // Resume over ssh: nothing of the good host is copied again.
    r = cli(common + QStringList { QStringLiteral("--transfer"), QStringLiteral("rsync"), outRsync });
    QCOMPARE(r.exitCode, 3);
    QCOMPARE(r.out.count("already complete, skipped"), 3);

    // Only the good host from here on.
    const QString goodOnly = test::writeFile(
        tmp, QStringLiteral("good.txt"), QStringLiteral("127.0.0.1 %1 %2\n").arg(sshd.port()).arg(goodAlias).toUtf8());
    QStringList single = common;
    single[1] = goodOnly;

    // scp (SFTP protocol): same result.
    const QString outScp = tmp.filePath(QStringLiteral("out scp"));
    r = cli(single + QStringList { QStringLiteral("--transfer"), QStringLiteral("scp"), outScp });
    QVERIFY2(r.exitCode == 0, r.text());
    checkCopies(outScp, false);

    // --summary-only with both transfers: the filters agree.
    for (const auto& method : { QStringLiteral("rsync"), QStringLiteral("scp") }) {
        const QString out = tmp.filePath(QStringLiteral("summary ") + method);
        r = cli(single + QStringList { QStringLiteral("--summary-only"), QStringLiteral("--transfer"), method, out });
        QVERIFY2(r.exitCode == 0, r.text());
        checkCopies(out, true);
        QVERIFY(!QFileInfo::exists(
            QDir(out).filePath(goodAlias + QStringLiteral("/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json"))));
    }

    // --summarize: the host's profscope-cli (here the built one) computes the
    // summaries next to the data; only they come back, its temporary folder is removed.
    const QDir remoteTmp(QStringLiteral("/tmp"));
    const QStringList tmpBefore = remoteTmp.entryList({ QStringLiteral("profscope-summaries-*") }, QDir::Dirs);
    for (const auto& method : { QStringLiteral("rsync"), QStringLiteral("scp") }) {
        const QString out = tmp.filePath(QStringLiteral("summarize ") + method);
        r = cli(single + QStringList { QStringLiteral("--summarize"), QStringLiteral("--remote-cli"),
                QStringLiteral(PROFSCOPE_CLI), QStringLiteral("--transfer"), method, out });
        QVERIFY2(r.exitCode == 0, QByteArray(r.text() + sshd.log()));
        const QString rank0 = QDir(out).filePath(goodAlias + QStringLiteral("/rank0_ascend_pt.summary"));
        QCOMPARE(QDir(rank0).entryList(QDir::Files),
            QStringList { QStringLiteral("rank0_rank0_ascend_pt.profscope-summary.json") });
        const QJsonObject host = manifestHost(readManifest(out), goodAlias);
        const QJsonObject rank = manifestRank(host, goodAlias + QStringLiteral("/rank0_ascend_pt.summary"));
        QCOMPARE(rank[QStringLiteral("mode")].toString(), QStringLiteral("profscope-summary"));
        QCOMPARE(rankIds(rank), QList<int> { 0 });
        const ProfilePtr summaries = ProfileLoader::load({ rank0 });
        QCOMPARE(summaries->ranks.size(), std::size_t(1));
        QCOMPARE(summaries->ranks[0]->stepTrace.size(), test::readStepTraceCsv(test::textRank(1, 0)).size());
    }
    QCOMPARE(remoteTmp.entryList({ QStringLiteral("profscope-summaries-*") }, QDir::Dirs), tmpBefore);
    r = cli(single + QStringList { QStringLiteral("--summarize"), QStringLiteral("--remote-cli"),
            QStringLiteral("/nonexistent/profscope-cli"), tmp.filePath(QStringLiteral("summarize missing")) });
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.out.contains("is not installed on the host"), r.out);

    // Host keys are checked: a known_hosts entry with another key fails the host.
    QStringList wrongKey = single;
    wrongKey[wrongKey.indexOf(QStringLiteral("--known-hosts")) + 1] = sshd.wrongKnownHosts();
    const QString outWrong = tmp.filePath(QStringLiteral("out wrong key"));
    r = cli(wrongKey + QStringList { outWrong });
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.out.contains("Host key verification failed") || r.out.contains("REMOTE HOST IDENTIFICATION HAS CHANGED")
            || r.out.contains("has changed"),
        r.out);
    QVERIFY(!QFileInfo::exists(QDir(outWrong).filePath(goodAlias + QStringLiteral("/rank0_ascend_pt"))));

    // No pattern match is a per-host failure with a reason.
    QStringList nothing = single;
    nothing[nothing.indexOf(QStringLiteral("--remote-path")) + 1] = remoteRoot + QStringLiteral("/nope_*");
    r = cli(nothing + QStringList { tmp.filePath(QStringLiteral("out nothing")) });
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.out.contains("no folder matches"), r.out);

    QVERIFY2(pwnedFiles().isEmpty(), qPrintable(pwnedFiles().join(QLatin1Char(' '))));
}

void TestCollect::cleanupTestCase()
{
    const QStringList pwned = pwnedFiles();
    for (const auto& p : pwned)
        QFile::remove(p);
    QVERIFY2(
        pwned.isEmpty(), qPrintable(QStringLiteral("a hostile name ran a command: ") + pwned.join(QLatin1Char(' '))));
}

QTEST_GUILESS_MAIN(TestCollect)
#include "tst_collect.moc"
