// SPDX-License-Identifier: Apache-2.0
// `profscope-cli collect`: quoting against hostile strings, the hosts file,
// local collection (layout, manifest, checksums, resume, verification), and
// a real ssh path through a throwaway sshd on 127.0.0.1.
#include "collect/collector.h"
#include "collect/hostsfile.h"
#include "collect/remotecommand.h"
#include "load/profileloader.h"
#include "testsupport.h"

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

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    QByteArray text() const
    {
        return out + err;
    }
};

Run cli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(PROFSCOPE_CLI), QStringList { QStringLiteral("collect") } + args);
    p.waitForFinished(300000);
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
        p.readAllStandardError() };
}

// A marker that must never appear: every hostile name tries to create it.
QString token()
{
    static const QString t = QStringLiteral("pwned-%1-%2")
                                 .arg(QCoreApplication::applicationPid())
                                 .arg(QRandomGenerator::global()->generate());
    return t;
}

// Names that run `touch` if any shell ever evaluates them. Path components
// cannot contain '/', so these touch relative names (checked in the working
// folder, $HOME and /tmp).
QString hostileComponent(const QString& tag)
{
    return QStringLiteral("x $(touch %1-%2a) `touch %1-%2b`;touch %1-%2c 'q' \"dq\" [b]*?\\ & | <>").arg(token(), tag);
}

// A path whose components, read by a shell, form `$(touch /tmp/TOKEN-tag)`.
QString hostilePath(const QString& tag)
{
    return QStringLiteral("a $(touch /tmp/%1-%2) b;`touch /tmp/%1-%2t`'").arg(token(), tag);
}

QStringList pwnedFiles()
{
    QStringList found;
    for (const QString& dir : { QDir::tempPath(), QStringLiteral("/tmp"), QDir::homePath(), QDir::currentPath() }) {
        const QStringList hits = QDir(dir).entryList({ token() + QLatin1Char('*') }, QDir::AllEntries | QDir::Hidden);
        for (const auto& h : hits)
            found << QDir(dir).filePath(h);
    }
    return found;
}

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

// printf '%s\0' ARGS... through a real shell: what the shell made of the words.
QStringList throughShell(const QString& shell, const QString& commandLine)
{
    QProcess p;
    p.start(shell, { QStringLiteral("-c"), QStringLiteral("printf '%s\\0' ") + commandLine });
    p.waitForFinished(30000);
    QStringList words;
    const QByteArray out = p.readAllStandardOutput();
    if (out.isEmpty())
        return words;
    const QList<QByteArray> parts = out.left(out.size() - 1).split('\0');
    for (const auto& w : parts)
        words << QString::fromUtf8(w);
    return words;
}

QStringList hostileStrings()
{
    return { QString(), QStringLiteral(" "), QStringLiteral("a b  c"), QStringLiteral("'"), QStringLiteral("''"),
        QStringLiteral("a'b'c"), QStringLiteral("'\\''"), QStringLiteral("\""), QStringLiteral("\\"),
        QStringLiteral("trailing\\"), QStringLiteral("$(touch /tmp/%1-q1)").arg(token()),
        QStringLiteral("`touch /tmp/%1-q2`").arg(token()), QStringLiteral("; touch /tmp/%1-q3;").arg(token()),
        QStringLiteral("&& touch /tmp/%1-q4 || touch /tmp/%1-q4").arg(token()),
        QStringLiteral("| tee /tmp/%1-q5").arg(token()), QStringLiteral("> /tmp/%1-q6").arg(token()),
        QStringLiteral("line1\nline2\n"), QStringLiteral("tab\there\r"), QStringLiteral("*"), QStringLiteral("?"),
        QStringLiteral("[a-z]*"), QStringLiteral("~"), QStringLiteral("~root/x"), QStringLiteral("!event"),
        QStringLiteral("#comment"), QStringLiteral("-rf"), QStringLiteral("=ls"),
        QStringLiteral("$HOME ${IFS} $1 $@ $$"), QStringLiteral("%s %n"), QStringLiteral("{a,b}"),
        QStringLiteral("数据 目录/ランク"), QStringLiteral("plain/path_ok-1.2:3@x,y%+") };
}

class Sshd
{
public:
    ~Sshd()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.terminate();
            if (!m_process.waitForFinished(5000))
                m_process.kill();
            m_process.waitForFinished(5000);
        }
    }

    // Starts sshd on a free loopback port with a throwaway host key; the
    // user key goes to the client side. Empty string on success, else why not.
    QString start()
    {
        const QString sshd = QStringLiteral("/usr/sbin/sshd");
        const QString keygen = QStandardPaths::findExecutable(QStringLiteral("ssh-keygen"));
        if (!QFileInfo(sshd).isExecutable())
            return QStringLiteral(
                "/usr/sbin/sshd is not installed (bash packaging/install-deps.sh installs openssh-server)");
        if (keygen.isEmpty())
            return QStringLiteral("ssh-keygen is not installed (openssh-client)");
        if (!m_dir.isValid())
            return QStringLiteral("no temporary folder");
        // Paths with a space: the client options must quote them for ssh.
        const QString keys = m_dir.filePath(QStringLiteral("client keys"));
        QDir().mkpath(keys);
        for (const auto& [file, dir] : { std::pair { QStringLiteral("host_key"), m_dir.path() },
                 std::pair { QStringLiteral("id_ed25519"), keys } }) {
            QProcess p;
            p.start(keygen,
                { QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"), QStringLiteral("-N"),
                    QString(), QStringLiteral("-C"), QStringLiteral("profscope-test"), QStringLiteral("-f"),
                    QDir(dir).filePath(file) });
            if (!p.waitForFinished(30000) || p.exitCode() != 0)
                return QStringLiteral("ssh-keygen failed: ") + QString::fromUtf8(p.readAllStandardError());
        }
        m_identity = QDir(keys).filePath(QStringLiteral("id_ed25519"));
        QFile::copy(m_identity + QStringLiteral(".pub"), m_dir.filePath(QStringLiteral("authorized_keys")));
        // sshd started as root insists on its privilege separation folder.
        if (::geteuid() == 0 && !QFileInfo::exists(QStringLiteral("/run/sshd")))
            QDir().mkpath(QStringLiteral("/run/sshd"));
        QString lastError;
        for (int attempt = 0; attempt < 12; ++attempt) {
            m_port = 20000 + int(QRandomGenerator::global()->bounded(40000));
            const QString config = m_dir.filePath(QStringLiteral("sshd_config"));
            QFile f(config);
            if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
                return QStringLiteral("cannot write sshd_config");
            f.write(
                QStringLiteral("Port %1\n"
                               "ListenAddress 127.0.0.1\n"
                               "HostKey %2\n"
                               "AuthorizedKeysFile %3\n"
                               "PidFile %4\n"
                               "UsePAM no\n"
                               "StrictModes no\n"
                               "PermitRootLogin prohibit-password\n"
                               "PubkeyAuthentication yes\n"
                               "PasswordAuthentication no\n"
                               "KbdInteractiveAuthentication no\n"
                               "Subsystem sftp internal-sftp\n"
                               "LogLevel VERBOSE\n")
                    .arg(m_port)
                    .arg(m_dir.filePath(QStringLiteral("host_key")), m_dir.filePath(QStringLiteral("authorized_keys")),
                        m_dir.filePath(QStringLiteral("sshd.pid")))
                    .toUtf8());
            f.close();
            // sshd logs to a file: a pipe nobody reads could fill up and stall it.
            QFile::remove(logPath());
            m_process.setProcessChannelMode(QProcess::MergedChannels);
            m_process.setStandardOutputFile(logPath());
            m_process.start(sshd, { QStringLiteral("-D"), QStringLiteral("-e"), QStringLiteral("-f"), config });
            if (!m_process.waitForStarted(10000))
                return QStringLiteral("sshd does not start: ") + m_process.errorString();
            QElapsedTimer timer;
            timer.start();
            while (timer.elapsed() < 15000 && m_process.state() == QProcess::Running
                && !log().contains("Server listening"))
                QThread::msleep(100);
            if (log().contains("Server listening") && m_process.state() == QProcess::Running)
                return writeKnownHosts();
            m_process.kill();
            m_process.waitForFinished(5000);
            lastError = QString::fromUtf8(log()).trimmed();
            if (!lastError.contains(QLatin1String("Address already in use")))
                break;
        }
        return QStringLiteral("sshd did not start: ") + lastError;
    }

    int port() const
    {
        return m_port;
    }
    QString identity() const
    {
        return m_identity;
    }
    QString knownHosts() const
    {
        return m_knownHosts;
    }
    QString dir() const
    {
        return m_dir.path();
    }
    // A known_hosts file with a different key for the same host:port.
    QString wrongKnownHosts()
    {
        const QString path = m_dir.filePath(QStringLiteral("wrong_known_hosts"));
        const QString key = m_dir.filePath(QStringLiteral("other_key"));
        QProcess p;
        p.start(QStandardPaths::findExecutable(QStringLiteral("ssh-keygen")),
            { QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"), QStringLiteral("-N"), QString(),
                QStringLiteral("-f"), key });
        p.waitForFinished(30000);
        writeKnownHostsFile(path, key + QStringLiteral(".pub"));
        return path;
    }
    QByteArray log() const
    {
        QFile f(logPath());
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

private:
    QString logPath() const
    {
        return m_dir.filePath(QStringLiteral("sshd.log"));
    }

    QString writeKnownHosts()
    {
        const QString folder = m_dir.filePath(QStringLiteral("known hosts 'q' %x"));
        QDir().mkpath(folder);
        m_knownHosts = QDir(folder).filePath(QStringLiteral("known_hosts"));
        return writeKnownHostsFile(m_knownHosts, m_dir.filePath(QStringLiteral("host_key.pub")));
    }

    QString writeKnownHostsFile(const QString& path, const QString& publicKey)
    {
        QFile pub(publicKey);
        if (!pub.open(QIODevice::ReadOnly))
            return QStringLiteral("no public host key");
        const QList<QByteArray> parts = pub.readAll().trimmed().split(' ');
        QFile f(path);
        if (parts.size() < 2 || !f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return QStringLiteral("cannot write known_hosts");
        // Non-standard port: the entry is [host]:port.
        f.write(QStringLiteral("[127.0.0.1]:%1 ").arg(m_port).toUtf8() + parts[0] + ' ' + parts[1] + '\n');
        return {};
    }

    QTemporaryDir m_dir;
    QProcess m_process;
    int m_port = 0;
    QString m_identity;
    QString m_knownHosts;
};

} // namespace

class TestCollect : public QObject
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

void TestCollect::shellQuoteRoundTrip()
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

void TestCollect::rsyncRshQuoteRoundTrip()
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

void TestCollect::sshQuoting()
{
    QCOMPARE(sshPercentEscape(QStringLiteral("/a/%h/b")), QStringLiteral("/a/%%h/b"));
    QCOMPARE(sshConfigQuote(QStringLiteral("/a b/\"c\"\\d%")), QStringLiteral("\"/a b/\\\"c\\\"\\\\d%%\""));
    QCOMPARE(escapeRemoteGlob(QStringLiteral("/a/[x]*?\\b")), QStringLiteral("/a/\\[x\\]\\*\\?\\\\b"));
    QVERIFY(hasGlob(QStringLiteral("job_*")));
    QVERIFY(!hasGlob(QStringLiteral("job_1")));
}

void TestCollect::hostsFile()
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

void TestCollect::hostsFileRejectsHostileLines_data()
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

void TestCollect::hostsFileRejectsHostileLines()
{
    QFETCH(QString, line);
    const HostsFile f =
        parseHostsFile(QStringLiteral("good\n") + line + QLatin1Char('\n'), QStringLiteral("hosts.txt"));
    QCOMPARE(f.errors.size(), 1);
    QVERIFY2(f.errors.first().startsWith(QLatin1String("hosts.txt:2:")), qPrintable(f.errors.first()));
}

void TestCollect::sshOptionsThatWeakenChecksAreRefused()
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

void TestCollect::summaryFilter()
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
