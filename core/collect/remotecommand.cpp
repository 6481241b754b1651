// SPDX-License-Identifier: Apache-2.0
#include "remotecommand.h"

namespace profscope {

namespace {

    // Characters no POSIX shell gives a meaning to anywhere in a word. Not '~'
    // or '#' (tilde expansion, comments) and not '=' (zsh expands a leading =cmd).
    bool isShellSafe(QChar c)
    {
        if (c.unicode() > 0x7f)
            return false;
        const char ch = char(c.unicode());
        return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_'
            || ch == '-' || ch == '.' || ch == '/' || ch == ',' || ch == ':' || ch == '@' || ch == '%' || ch == '+';
    }

} // namespace

QString shellQuote(const QString& arg)
{
    if (arg.isEmpty())
        return QStringLiteral("''");
    bool safe = true;
    for (const QChar c : arg)
        safe = safe && isShellSafe(c);
    if (safe)
        return arg;
    QString out;
    out.reserve(arg.size() + 8);
    out += QLatin1Char('\'');
    for (const QChar c : arg) {
        if (c == QLatin1Char('\''))
            out += QStringLiteral("'\\''");
        else
            out += c;
    }
    out += QLatin1Char('\'');
    return out;
}

QString shellCommand(const QStringList& args)
{
    QStringList quoted;
    quoted.reserve(args.size());
    for (const auto& a : args)
        quoted << shellQuote(a);
    return quoted.join(QLatin1Char(' '));
}

QString rsyncRshQuote(const QString& arg)
{
    bool plain = !arg.isEmpty();
    for (const QChar c : arg)
        plain = plain && c != QLatin1Char(' ') && c != QLatin1Char('\'') && c != QLatin1Char('"');
    if (plain)
        return arg;
    QString out = QStringLiteral("'");
    for (const QChar c : arg) {
        out += c;
        if (c == QLatin1Char('\''))
            out += c; // '' inside '...' is one literal quote for rsync
    }
    out += QLatin1Char('\'');
    return out;
}

QString rsyncRshCommand(const QStringList& args)
{
    QStringList quoted;
    quoted.reserve(args.size());
    for (const auto& a : args)
        quoted << rsyncRshQuote(a);
    return quoted.join(QLatin1Char(' '));
}

QString sshPercentEscape(const QString& path)
{
    QString out = path;
    out.replace(QLatin1Char('%'), QStringLiteral("%%"));
    return out;
}

QString sshConfigQuote(const QString& value)
{
    QString out = QStringLiteral("\"");
    for (const QChar c : sshPercentEscape(value)) {
        if (c == QLatin1Char('"') || c == QLatin1Char('\\'))
            out += QLatin1Char('\\');
        out += c;
    }
    out += QLatin1Char('"');
    return out;
}

QString escapeRemoteGlob(const QString& path)
{
    QString out;
    out.reserve(path.size());
    for (const QChar c : path) {
        if (c == QLatin1Char('*') || c == QLatin1Char('?') || c == QLatin1Char('[') || c == QLatin1Char(']')
            || c == QLatin1Char('\\'))
            out += QLatin1Char('\\');
        out += c;
    }
    return out;
}

bool hasGlob(const QString& s)
{
    return s.contains(QLatin1Char('*')) || s.contains(QLatin1Char('?')) || s.contains(QLatin1Char('['));
}

} // namespace profscope
