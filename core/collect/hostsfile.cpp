// SPDX-License-Identifier: Apache-2.0
#include "hostsfile.h"

#include "parse/inputfile.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace profscope {

namespace {

    struct Tr
    {
        Q_DECLARE_TR_FUNCTIONS(profscope::Collector)
    };

    bool isPort(const QString& s, int* port)
    {
        static const QRegularExpression digits(QStringLiteral("^[0-9]{1,5}$"));
        if (!digits.match(s).hasMatch())
            return false;
        const int p = s.toInt();
        if (p < 1 || p > 65535)
            return false;
        *port = p;
        return true;
    }

    bool isIpv6(const QString& s)
    {
        static const QRegularExpression v6(QStringLiteral("^[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*(%[A-Za-z0-9_.-]+)?$"));
        return v6.match(s).hasMatch();
    }

} // namespace

QString HostEntry::display() const
{
    QString out;
    if (!user.isEmpty())
        out += user + QLatin1Char('@');
    const bool v6 = host.contains(QLatin1Char(':'));
    out += v6 && port > 0 ? QLatin1Char('[') + host + QLatin1Char(']') : host;
    if (port > 0)
        out += QLatin1Char(':') + QString::number(port);
    return out;
}

bool isValidHostName(const QString& host)
{
    // Letters, digits, '.', '_', '-', not starting with '-' or '.': never an
    // ssh option, never a shell word with meaning. IPv6 literals separately.
    static const QRegularExpression name(QStringLiteral("^[A-Za-z0-9_][A-Za-z0-9._-]{0,252}$"));
    return name.match(host).hasMatch() || isIpv6(host);
}

bool isValidUserName(const QString& user)
{
    static const QRegularExpression name(QStringLiteral("^[A-Za-z0-9_][A-Za-z0-9._-]{0,63}$"));
    return name.match(user).hasMatch();
}

QString aliasProblem(const QString& alias)
{
    if (alias.isEmpty())
        return Tr::tr("the host alias is empty");
    if (alias == QLatin1String(".") || alias == QLatin1String(".."))
        return Tr::tr("\"%1\" cannot be a host alias").arg(alias);
    if (alias.contains(QLatin1Char('/')))
        return Tr::tr("a host alias cannot contain '/'");
    for (const QChar c : alias)
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return Tr::tr("a host alias cannot contain control characters");
    if (alias.toUtf8().size() > 200)
        return Tr::tr("the host alias is longer than 200 bytes");
    if (alias == QLatin1String("profscope_manifest.json") || alias == QLatin1String("host_ips_mapping.txt"))
        return Tr::tr("\"%1\" is reserved for the collector's own files").arg(alias);
    return {};
}

HostsFile parseHostsFile(const QString& text, const QString& fileName)
{
    HostsFile result;
    const QString where = fileName.isEmpty() ? Tr::tr("hosts file") : fileName;
    const QStringList lines = text.split(QLatin1Char('\n'));
    static const QRegularExpression space(QStringLiteral("[ \\t\\r]+"));
    for (int i = 0; i < lines.size(); ++i) {
        QString line = lines[i];
        if (const int hash = line.indexOf(QLatin1Char('#')); hash >= 0)
            line.truncate(hash);
        const QStringList tokens = line.split(space, Qt::SkipEmptyParts);
        if (tokens.isEmpty())
            continue;
        const auto fail = [&](const QString& why) {
            result.errors << QStringLiteral("%1:%2: %3").arg(where).arg(i + 1).arg(why);
        };
        HostEntry entry;
        entry.line = i + 1;
        QString spec = tokens[0];
        if (const int at = spec.lastIndexOf(QLatin1Char('@')); at >= 0) {
            entry.user = spec.left(at);
            spec = spec.mid(at + 1);
            if (!isValidUserName(entry.user)) {
                fail(Tr::tr("invalid user name \"%1\" (letters, digits, '.', '_' and '-' only)").arg(entry.user));
                continue;
            }
        }
        if (spec.startsWith(QLatin1Char('['))) {
            // [v6]:port or [v6]
            const int close = spec.indexOf(QLatin1Char(']'));
            if (close < 0) {
                fail(Tr::tr("missing ']' in \"%1\"").arg(tokens[0]));
                continue;
            }
            entry.host = spec.mid(1, close - 1);
            const QString rest = spec.mid(close + 1);
            if (!rest.isEmpty() && (!rest.startsWith(QLatin1Char(':')) || !isPort(rest.mid(1), &entry.port))) {
                fail(Tr::tr("invalid port in \"%1\"").arg(tokens[0]));
                continue;
            }
        } else if (spec.count(QLatin1Char(':')) == 1) {
            entry.host = spec.section(QLatin1Char(':'), 0, 0);
            if (!isPort(spec.section(QLatin1Char(':'), 1), &entry.port)) {
                fail(Tr::tr("invalid port in \"%1\"").arg(tokens[0]));
                continue;
            }
        } else {
            entry.host = spec; // a name, or a bare IPv6 address (no port)
        }
        if (!isValidHostName(entry.host)) {
            fail(Tr::tr("invalid host name \"%1\" (letters, digits, '.', '_' and '-', not starting with '-' or '.'; "
                        "IPv6 addresses in [brackets])")
                     .arg(entry.host));
            continue;
        }
        int next = 1;
        int port = 0;
        if (next < tokens.size() && isPort(tokens[next], &port)) {
            if (entry.port > 0) {
                fail(Tr::tr("the port is given twice"));
                continue;
            }
            entry.port = port;
            ++next;
        }
        if (next < tokens.size()) {
            entry.alias = tokens[next];
            if (const QString why = aliasProblem(entry.alias); !why.isEmpty()) {
                fail(why);
                continue;
            }
            ++next;
        }
        if (next < tokens.size()) {
            fail(Tr::tr("unexpected \"%1\": a line is HOST [PORT] [ALIAS]").arg(tokens[next]));
            continue;
        }
        result.hosts.push_back(std::move(entry));
    }
    return result;
}

HostsFile readHostsFile(const QString& path)
{
    if (isSpecialFile(QFileInfo(path))) { // a FIFO would block the open
        HostsFile result;
        result.errors << specialFileReason(path);
        return result;
    }
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        HostsFile result;
        result.errors << Tr::tr("cannot read the hosts file %1: %2").arg(path, f.errorString());
        return result;
    }
    if (f.size() > (16 << 20)) {
        HostsFile result;
        result.errors << Tr::tr("%1 is larger than 16 MiB: not a hosts file").arg(path);
        return result;
    }
    return parseHostsFile(QString::fromUtf8(f.readAll()), path);
}

} // namespace profscope
