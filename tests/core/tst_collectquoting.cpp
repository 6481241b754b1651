// SPDX-License-Identifier: Apache-2.0
// `profscope-cli collect`'s quoting against hostile strings, through every
// shell on the machine, and the hosts file and ssh options it accepts.
// (Collection itself, local and over ssh: tst_collect.)
#include "collect/collector.h"
#include "collect/hostsfile.h"
#include "collect/remotecommand.h"

#include "collecttests.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace profscope;
using namespace collecttest;

class TestCollectQuoting : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void shellQuoteRoundTrip();
    void rsyncRshQuoteRoundTrip();
    void sshQuoting();
    void hostsFile();
    void hostsFileRejectsHostileLines_data();
    void hostsFileRejectsHostileLines();
    void sshOptionsThatWeakenChecksAreRefused();
    void summaryFilter();
    void cleanupTestCase();
};

void TestCollectQuoting::shellQuoteRoundTrip()
{
    const QStringList words = hostileStrings();
    QStringList shells { QStringLiteral("/bin/sh") };
    for (const auto& name :
        { QStringLiteral("bash"), QStringLiteral("dash"), QStringLiteral("zsh"), QStringLiteral("ksh") })
        if (const QString path = QStandardPaths::findExecutable(name); !path.isEmpty())
            shells << path;
    for (const auto& shell : shells) {
        for (const auto& w : words) {
            const QStringList got = throughShell(shell, shellQuote(w));
            QCOMPARE(got, QStringList { w });
        }
        // The whole list as one command line, as ssh sends it.
        QCOMPARE(throughShell(shell, shellCommand(words)), words);
    }
    QCOMPARE(shellQuote(QStringLiteral("/plain/path_1.csv")), QStringLiteral("/plain/path_1.csv"));
    QCOMPARE(shellQuote(QStringLiteral("it's")), QStringLiteral("'it'\\''s'"));
    QCOMPARE(shellQuote(QString()), QStringLiteral("''"));
    QVERIFY2(pwnedFiles().isEmpty(), qPrintable(pwnedFiles().join(QLatin1Char(' '))));
}

void TestCollectQuoting::rsyncRshQuoteRoundTrip()
{
    // rsync splits its --rsh value itself. A fake "remote shell" (sh writing
    // its arguments to a file) shows what rsync made of our words.
    const QString rsync = QStandardPaths::findExecutable(QStringLiteral("rsync"));
    if (rsync.isEmpty())
        QSKIP("rsync is not installed (bash packaging/install-deps.sh)");
    QTemporaryDir dir;
    const QString outFile = dir.filePath(QStringLiteral("args with space"));
    QStringList words;
    for (const auto& w : hostileStrings())
        if (!w.isEmpty() && !w.contains(QLatin1Char('\n')) && !w.contains(QLatin1Char('\t'))
            && !w.contains(QLatin1Char('\r')))
            words << w; // rsync's splitter knows spaces only; we never pass control characters
    const QStringList rsh = QStringList {
        QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("printf '%s\\0' \"$@\" > \"$0\""), outFile
    } + words;
    QProcess p;
    p.start(rsync,
        { QStringLiteral("-e"), rsyncRshCommand(rsh), QStringLiteral("--"), QStringLiteral("nohost:/x"),
            dir.filePath(QStringLiteral("dest")) });
    QVERIFY(p.waitForFinished(30000));
    QFile f(outFile);
    QVERIFY2(f.open(QIODevice::ReadOnly), "the fake remote shell did not run");
    const QList<QByteArray> got = f.readAll().split('\0');
    QVERIFY(got.size() > words.size());
    for (int i = 0; i < words.size(); ++i)
        QCOMPARE(QString::fromUtf8(got[i]), words[i]);
    QCOMPARE(got[words.size()], QByteArray("nohost")); // then rsync's own words
    QVERIFY(pwnedFiles().isEmpty());
}

void TestCollectQuoting::sshQuoting()
{
    QCOMPARE(sshPercentEscape(QStringLiteral("/a/%h/b")), QStringLiteral("/a/%%h/b"));
    QCOMPARE(sshConfigQuote(QStringLiteral("/a b/\"c\"\\d%")), QStringLiteral("\"/a b/\\\"c\\\"\\\\d%%\""));
    QCOMPARE(escapeRemoteGlob(QStringLiteral("/a/[x]*?\\b")), QStringLiteral("/a/\\[x\\]\\*\\?\\\\b"));
    QVERIFY(hasGlob(QStringLiteral("job_*")));
    QVERIFY(!hasGlob(QStringLiteral("job_1")));
}

void TestCollectQuoting::hostsFile()
{
    const HostsFile f = parseHostsFile(QStringLiteral("# cluster\n"
                                                      "\n"
                                                      "node01\n"
                                                      "root@node02   # trailing comment\n"
                                                      "root@node03:2222\n"
                                                      "node04 2200\n"
                                                      "ubuntu@10.0.0.5:22 worker5\n"
                                                      "node06 2201 w6;$(x)`y`'z'\n"
                                                      "[fe80::1%eth0]:2022\n"
                                                      "\t node08\talias8\r\n"));
    QVERIFY2(f.errors.isEmpty(), qPrintable(f.errors.join(QLatin1Char('\n'))));
    QCOMPARE(int(f.hosts.size()), 8);
    QCOMPARE(f.hosts[0].host, QStringLiteral("node01"));
    QCOMPARE(f.hosts[0].port, 0);
    QVERIFY(f.hosts[0].user.isEmpty());
    QCOMPARE(f.hosts[1].user, QStringLiteral("root"));
    QCOMPARE(f.hosts[2].port, 2222);
    QCOMPARE(f.hosts[2].display(), QStringLiteral("root@node03:2222"));
    QCOMPARE(f.hosts[3].port, 2200);
    QCOMPARE(f.hosts[4].alias, QStringLiteral("worker5"));
    QCOMPARE(f.hosts[4].line, 7);
    QCOMPARE(f.hosts[5].port, 2201);
    QCOMPARE(f.hosts[5].alias, QStringLiteral("w6;$(x)`y`'z'")); // a folder name only: never reaches a shell
    QCOMPARE(f.hosts[6].host, QStringLiteral("fe80::1%eth0"));
    QCOMPARE(f.hosts[6].port, 2022);
    QCOMPARE(f.hosts[6].display(), QStringLiteral("[fe80::1%eth0]:2022"));
    QCOMPARE(f.hosts[7].alias, QStringLiteral("alias8"));
}

void TestCollectQuoting::hostsFileRejectsHostileLines_data()
{
    QTest::addColumn<QString>("line");
    QTest::newRow("ssh option as host") << QStringLiteral("-oProxyCommand=touch /tmp/x");
    QTest::newRow("option after user") << QStringLiteral("root@-oProxyCommand=x");
    QTest::newRow("command substitution") << QStringLiteral("$(touch x)");
    QTest::newRow("semicolon") << QStringLiteral("node1;touch");
    QTest::newRow("backticks") << QStringLiteral("`id`@node1");
    QTest::newRow("quote in user") << QStringLiteral("ro'ot@node1");
    QTest::newRow("bad port") << QStringLiteral("node1:99999");
    QTest::newRow("port twice") << QStringLiteral("node1:22 23");
    QTest::newRow("alias with slash") << QStringLiteral("node1 a/b");
    QTest::newRow("alias dot-dot") << QStringLiteral("node1 ..");
    QTest::newRow("too many columns") << QStringLiteral("node1 22 alias extra");
    QTest::newRow("leading dot") << QStringLiteral(".hidden");
}

void TestCollectQuoting::hostsFileRejectsHostileLines()
{
    QFETCH(QString, line);
    const HostsFile f =
        parseHostsFile(QStringLiteral("good\n") + line + QLatin1Char('\n'), QStringLiteral("hosts.txt"));
    QCOMPARE(f.errors.size(), 1);
    QVERIFY2(f.errors.first().startsWith(QLatin1String("hosts.txt:2:")), qPrintable(f.errors.first()));
}

void TestCollectQuoting::sshOptionsThatWeakenChecksAreRefused()
{
    QVERIFY(!sshOptionProblem(QStringLiteral("StrictHostKeyChecking=no")).isEmpty());
    QVERIFY(!sshOptionProblem(QStringLiteral("stricthostkeychecking=off")).isEmpty());
    QVERIFY(!sshOptionProblem(QStringLiteral("UserKnownHostsFile=/dev/null")).isEmpty());
    QVERIFY(!sshOptionProblem(QStringLiteral("BatchMode=no")).isEmpty());
    QVERIFY(!sshOptionProblem(QStringLiteral("no-equals-sign")).isEmpty());
    QVERIFY(!sshOptionProblem(QStringLiteral("Key=a\nb")).isEmpty());
    QVERIFY(sshOptionProblem(QStringLiteral("StrictHostKeyChecking=accept-new")).isEmpty());
    QVERIFY(sshOptionProblem(QStringLiteral("ProxyJump=bastion")).isEmpty());

    CollectOptions options;
    options.knownHostsFile = QStringLiteral("/etc/hostname");
    options.identityFile = QStringLiteral("/etc/hostname");
    options.sshOptions = { QStringLiteral("ProxyJump=bastion") };
    const Collector collector(options);
    HostEntry host;
    host.host = QStringLiteral("node1");
    host.user = QStringLiteral("root");
    host.port = 2222;
    const QStringList args = collector.sshOptionArguments(host);
    const auto optionIndex = [&](const QString& kv) { return args.indexOf(kv); };
    // Host keys are checked, nothing prompts, and the user's options come before our defaults.
    QVERIFY(optionIndex(QStringLiteral("BatchMode=yes")) > 0);
    QVERIFY(optionIndex(QStringLiteral("StrictHostKeyChecking=yes")) > 0);
    QVERIFY(optionIndex(QStringLiteral("User=root")) >= 0);
    QVERIFY(optionIndex(QStringLiteral("Port=2222")) >= 0);
    QVERIFY(
        optionIndex(QStringLiteral("ProxyJump=bastion")) < optionIndex(QStringLiteral("StrictHostKeyChecking=yes")));
    QVERIFY(args.contains(QStringLiteral("UserKnownHostsFile=\"/etc/hostname\"")));
    QVERIFY(args.contains(QStringLiteral("IdentitiesOnly=yes")));
    for (const auto& a : args)
        QVERIFY2(!a.contains(QLatin1String("=no")), qPrintable(a));
}

void TestCollectQuoting::summaryFilter()
{
    const qint64 cap = 64 << 20;
    for (const auto& name : { "step_trace_time.csv", "communication.json", "communication_matrix.json",
             "op_statistic_0.csv", "api_statistic.csv", "profiler_info_3.json", "profiler_metadata.json",
             "step_trace_raw_0_detail_time.csv", "hccl_raw_2.csv" })
        QVERIFY2(Collector::isSummaryFile(QString::fromLatin1(name), 1000, cap), name);
    for (const auto& name : { "trace_view.json", "kernel_details.csv", "ascend_pytorch_profiler_0.db",
             "memory_record.csv", "timeline_display_0.json", "operator_details.csv" })
        QVERIFY2(!Collector::isSummaryFile(QString::fromLatin1(name), 1000, cap), name);
    QVERIFY(!Collector::isSummaryFile(QStringLiteral("communication.json"), cap + 1, cap));
    QVERIFY(Collector::isSummaryFile(QStringLiteral("communication.json"), cap, cap));
    QVERIFY(Collector::isSummaryExcludedFolder(QStringLiteral("PROF_000001_20240101_abc")));
    QVERIFY(Collector::isSummaryExcludedFolder(QStringLiteral("FRAMEWORK")));
    QVERIFY(!Collector::isSummaryExcludedFolder(QStringLiteral("ASCEND_PROFILER_OUTPUT")));
}

void TestCollectQuoting::cleanupTestCase()
{
    const QStringList pwned = pwnedFiles();
    for (const auto& p : pwned)
        QFile::remove(p);
    QVERIFY2(
        pwned.isEmpty(), qPrintable(QStringLiteral("a hostile name ran a command: ") + pwned.join(QLatin1Char(' '))));
}

QTEST_GUILESS_MAIN(TestCollectQuoting)
#include "tst_collectquoting.moc"
