// SPDX-License-Identifier: Apache-2.0
#include "output.h"

#include "parse/tableparsers.h"

#include "model/profile.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

namespace profscope::cli {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::cli::Output)
};

QString csvField(const QString& v)
{
    if (!v.contains(QLatin1Char(',')) && !v.contains(QLatin1Char('"')) && !v.contains(QLatin1Char('\n'))
        && !v.contains(QLatin1Char('\r')))
        return v;
    QString q = v;
    q.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

QString csvLine(const QStringList& fields)
{
    QStringList quoted;
    quoted.reserve(fields.size());
    for (const auto& f : fields)
        quoted << csvField(f);
    return quoted.join(QLatin1Char(','));
}

} // namespace

int parseCommandLine(QCommandLineParser& parser, const QStringList& args, QTextStream& out, QTextStream& err)
{
    if (!parser.parse(args)) {
        err << parser.errorText() << '\n';
        return 2;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        out << parser.helpText();
        return 0;
    }
    return -1;
}

QCommandLineOption preferOption()
{
    return QCommandLineOption(QStringLiteral("prefer"),
        Tr::tr("Where a rank has both text exports and databases, read each kind of data from: auto (the "
               "databases, measured faster), text or db. Never both."),
        QStringLiteral("SOURCE"), QStringLiteral("auto"));
}

bool applyPreferOption(const QCommandLineParser& parser, const QCommandLineOption& option, LoadOptions& load,
                       QTextStream& err)
{
    const QString v = parser.value(option);
    if (v == QLatin1String("auto"))
        load.sources = SourcePreference::Auto;
    else if (v == QLatin1String("text"))
        load.sources = SourcePreference::Text;
    else if (v == QLatin1String("db"))
        load.sources = SourcePreference::Database;
    else {
        err << Tr::tr("--prefer takes auto, text or db, not \"%1\"").arg(v) << '\n';
        return false;
    }
    return true;
}

QCommandLineOption loadStepsOption(const QString& help)
{
    return QCommandLineOption(QStringLiteral("steps"),
        help.isEmpty() ? Tr::tr("Load only steps A to B (or step N): a quick scan finds the step markers, and events "
                                "outside the window are skipped while reading.")
                       : help,
        QStringLiteral("A-B"));
}

QCommandLineOption loadRanksOption()
{
    return QCommandLineOption(QStringLiteral("ranks"),
        Tr::tr("Load only these rank ids, e.g. 0-7,12; the other ranks are not read."), QStringLiteral("LIST"));
}

QCommandLineOption noCacheOption()
{
    return QCommandLineOption(QStringLiteral("no-cache"),
        Tr::tr("Parse every file: neither read parsed traces and tables from the cache folder nor write them there."));
}

QCommandLineOption noSeekOption()
{
    return QCommandLineOption(QStringLiteral("no-seek"),
        Tr::tr("With --steps: read every byte of the trace and every row of the timed CSV tables (kernel_details, "
               "memory_record, npu_module_mem), and scan the whole trace for the step markers, instead of only the "
               "parts that their time order places around the window."));
}

bool applyLoadFilterOptions(const QCommandLineParser& parser, const QCommandLineOption& steps,
                            const QCommandLineOption& ranks, LoadOptions& load, QTextStream& err)
{
    // Every subcommand that loads defines --no-cache (noCacheOption()) and
    // --no-seek (noSeekOption()).
    load.useCache = !parser.optionNames().contains(QStringLiteral("no-cache"));
    setSeekEnabled(!parser.optionNames().contains(QStringLiteral("no-seek")));
    QString error;
    if (parser.isSet(steps)
        && !parseStepWindow(parser.value(steps), load.filter.firstStep, load.filter.lastStep, &error)) {
        err << Tr::tr("--steps: %1").arg(error) << '\n';
        return false;
    }
    if (parser.isSet(ranks)) {
        const auto ids = parseIdList(parser.value(ranks), &error);
        if (!ids) {
            err << Tr::tr("--ranks: %1").arg(error) << '\n';
            return false;
        }
        load.filter.rankIds = *ids;
    }
    return true;
}

void printPartialNote(const Profile& profile, QTextStream& err)
{
    if (profile.partial.isPartial())
        err << Tr::tr("partial import: %1").arg(profile.partial.describe(int(profile.ranks.size()))) << '\n';
}

QString microsText(TimeNs ns)
{
    const bool negative = ns < 0;
    const qint64 a = negative ? -ns : ns;
    return (negative ? QStringLiteral("-") : QString()) + QString::number(a / 1000) + QLatin1Char('.')
        + QStringLiteral("%1").arg(a % 1000, 3, 10, QLatin1Char('0'));
}

QString csvText(const QStringList& header, const QList<QStringList>& rows)
{
    QStringList lines;
    lines.reserve(rows.size() + 1);
    lines << csvLine(header);
    for (const auto& row : rows)
        lines << csvLine(row);
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

int writeResult(const QString& text, const QString& path, QTextStream& out, QTextStream& err)
{
    if (path.isEmpty()) {
        out << text;
        return 0;
    }
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text.toUtf8()) < 0) {
        err << Tr::tr("error: cannot write %1: %2").arg(file.fileName(), file.errorString()) << '\n';
        return 1;
    }
    return 0;
}

bool overwritesAnInput(const QString& path, const QList<const Profile*>& profiles, QTextStream& err)
{
    if (path.isEmpty())
        return false;
    const QString target = QFileInfo(path).canonicalFilePath();
    if (target.isEmpty())
        return false; // a new file
    for (const Profile* profile : profiles) {
        if (!profile)
            continue;
        for (const FileReport& f : profile->report.files) {
            if (QFileInfo(f.path).canonicalFilePath() == target) {
                err << Tr::tr("error: %1 is a file the profile was read from: not overwritten; choose another -o")
                           .arg(path)
                    << '\n';
                return true;
            }
        }
    }
    return false;
}

} // namespace profscope::cli
