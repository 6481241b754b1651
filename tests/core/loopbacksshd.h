// SPDX-License-Identifier: Apache-2.0
// A throwaway sshd on 127.0.0.1 for tst_collect's real ssh path: its own host
// and user keys in a temporary folder; start() says why not when sshd is missing.
#pragma once

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <unistd.h>

namespace collecttest {

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

} // namespace collecttest
