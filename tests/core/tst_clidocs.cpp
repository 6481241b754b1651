// SPDX-License-Identifier: Apache-2.0
// The README, the man page and `--help` against the CLI's own lists of
// commands and export kinds (app/cli/commands.h): adding a command or kind
// without documenting it, or documenting one that does not exist, fails here.
#include "commands.h"
#include "testsupport.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace profscope;

namespace {

QString readSource(const QString& relativePath)
{
    QFile f(QStringLiteral(PROFSCOPE_SOURCE_DIR "/") + relativePath);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

// roff escapes hyphens as "\-".
QString unroff(QString s)
{
    return s.replace(QLatin1String("\\-"), QLatin1String("-"));
}

// Text from the line starting with `start` up to the next line starting with
// `endPrefix` (or the end).
QString section(const QString& text, const QString& start, const QString& endPrefix)
{
    const qsizetype a = text.indexOf(start);
    if (a < 0)
        return {};
    const qsizetype b = text.indexOf(QLatin1Char('\n') + endPrefix, a + start.size());
    return text.mid(a, b < 0 ? -1 : b - a);
}

QSet<QString> captures(const QString& text, const QString& pattern)
{
    QSet<QString> found;
    const QRegularExpression re(pattern, QRegularExpression::MultilineOption);
    for (auto it = re.globalMatch(text); it.hasNext();)
        found.insert(it.next().captured(1));
    return found;
}

QSet<QString> toSet(const QStringList& list)
{
    return QSet<QString>(list.begin(), list.end());
}

} // namespace

class TestCliDocs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readmeCommands();
    void readmeExportKinds();
    void manPageCommands();
    void manPageExportKinds();
    void helpOutput();
    void desktopEntryPromisesNothingMissing();
};

void TestCliDocs::readmeCommands()
{
    const QString readme = readSource(QStringLiteral("README.md"));
    QVERIFY(!readme.isEmpty());
    const QString cli = section(readme, QStringLiteral("## profscope-cli\n"), QStringLiteral("## "));
    QVERIFY(!cli.isEmpty());
    // The synopsis block at the top of the section names every command once.
    const qsizetype open = cli.indexOf(QLatin1String("```\n"));
    const qsizetype close = cli.indexOf(QLatin1String("\n```"), open + 4);
    QVERIFY(open >= 0 && close > open);
    QSet<QString> synopsis = captures(cli.mid(open, close - open), QStringLiteral("^profscope-cli (\\S+)"));
    synopsis.remove(QStringLiteral("--version"));
    QCOMPARE(synopsis, toSet(cli::commandNames()));
    // And each has its own section.
    QCOMPARE(captures(readme, QStringLiteral("^### profscope-cli (\\S+)\\s*$")), toSet(cli::commandNames()));
}

void TestCliDocs::readmeExportKinds()
{
    const QString readme = readSource(QStringLiteral("README.md"));
    const QString exportSection =
        section(readme, QStringLiteral("### profscope-cli export\n"), QStringLiteral("### profscope-cli "));
    QVERIFY(!exportSection.isEmpty());
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("^\\s*KIND: (.*)$"), QRegularExpression::MultilineOption)
            .match(exportSection);
    QVERIFY2(m.hasMatch(), "the export synopsis lists no KIND line");
    QStringList listed = m.captured(1).split(QLatin1Char('|'));
    for (QString& k : listed)
        k = k.trimmed();
    QCOMPARE(listed, cli::exportKinds());
    // Every kind is described in a bullet of its own.
    QCOMPARE(captures(exportSection, QStringLiteral("^- `([a-z-]+)`:")), toSet(cli::exportKinds()));
}

void TestCliDocs::manPageCommands()
{
    const QString man = readSource(QStringLiteral("packaging/man/profscope-cli.1"));
    QVERIFY(!man.isEmpty());
    const QString synopsis = section(man, QStringLiteral(".SH SYNOPSIS"), QStringLiteral(".SH "));
    QCOMPARE(captures(unroff(synopsis), QStringLiteral("^\\.B profscope-cli ([a-z]+)$")), toSet(cli::commandNames()));
    // COMMANDS: a tagged paragraph per command ("TP" then "BI name ARGS");
    // options inside start with \- and do not match.
    const QString commands = section(man, QStringLiteral(".SH COMMANDS"), QStringLiteral(".SH "));
    QCOMPARE(captures(commands, QStringLiteral("^\\.TP\\n\\.BI? ([a-z]+)\\b")), toSet(cli::commandNames()));
}

void TestCliDocs::manPageExportKinds()
{
    const QString man = readSource(QStringLiteral("packaging/man/profscope-cli.1"));
    const QString what = section(man, QStringLiteral(".BI \\-\\-what"), QStringLiteral(".TP"));
    QVERIFY(!what.isEmpty());
    QCOMPARE(captures(unroff(what), QStringLiteral("^\\.B ([a-z-]+)")), toSet(cli::exportKinds()));
}

void TestCliDocs::helpOutput()
{
    const test::CliRun help = test::runProgram(QStringLiteral(PROFSCOPE_CLI), { QStringLiteral("--help") });
    QCOMPARE(help.exitCode, 0);
    const QString text = QString::fromUtf8(help.out);
    QCOMPARE(captures(text, QStringLiteral("^  ([a-z]+) ")), toSet(cli::commandNames()));

    const test::CliRun exportHelp =
        test::runProgram(QStringLiteral(PROFSCOPE_CLI), { QStringLiteral("export"), QStringLiteral("--help") });
    QCOMPARE(exportHelp.exitCode, 0);
    // QCommandLineParser wraps long help text (also after a hyphen); undo
    // that before looking.
    const QString exportText =
        QString::fromUtf8(exportHelp.out).simplified().replace(QLatin1String("- "), QLatin1String("-"));
    for (const QString& kind : cli::exportKinds())
        QVERIFY2(exportText.contains(kind + QLatin1String(" (")), qPrintable(kind));
}

void TestCliDocs::desktopEntryPromisesNothingMissing()
{
    // The viewer has no flame graph or call tree view; keywords must not
    // send users looking for one.
    const QString desktop = readSource(QStringLiteral("packaging/linux/io.github.profscope.Profscope.desktop"));
    QVERIFY(!desktop.isEmpty());
    for (const QString& missing : { QStringLiteral("flame"), QStringLiteral("火焰图") })
        QVERIFY2(!desktop.contains(missing, Qt::CaseInsensitive), qPrintable(missing));
}

QTEST_GUILESS_MAIN(TestCliDocs)
#include "tst_clidocs.moc"
