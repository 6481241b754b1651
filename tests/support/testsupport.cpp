// SPDX-License-Identifier: Apache-2.0
#include "testsupport.h"

#include "model/profile.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>

#include <cmath>

namespace profscope::test {

QStringList folderSnapshot(const QString& root)
{
    QStringList out;
    QDirIterator it(root, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo info(it.next());
        out << info.filePath() + QLatin1Char('|') + QString::number(info.size()) + QLatin1Char('|')
                + QString::number(info.lastModified().toMSecsSinceEpoch());
    }
    out.sort();
    return out;
}

const FileReport* reportEndingWith(const Profile& profile, const QString& suffix)
{
    for (const auto& f : profile.report.files)
        if (f.path.endsWith(suffix))
            return &f;
    return nullptr;
}

QString describeReport(const FileReport& report)
{
    return fileStatusName(report.status) + QStringLiteral(": ") + report.reason + QStringLiteral(" | ")
        + report.warnings.join(QStringLiteral(" | "));
}

QString fixture(const QString& relativePath)
{
    return QDir(QStringLiteral(PROFSCOPE_FIXTURES_DIR)).filePath(relativePath);
}

QString textRank(int level, int rank)
{
    return fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text/level%1/rank%2_ascend_pt").arg(level).arg(rank));
}

QString dbRank(int level, int rank)
{
    return fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/db/level%1/rank%2_ascend_pt").arg(level).arg(rank));
}

QString serverRank(int rank)
{
    return fixture(QStringLiteral("ascend-msinsight/server/src/test/test_data/test_rank_%1").arg(rank));
}

QString mindinsight(const QString& relativePath)
{
    return fixture(QStringLiteral("mindinsight/tests/utils/resource/") + relativePath);
}

QString writeFile(const QTemporaryDir& dir, const QString& relativePath, const QByteArray& bytes)
{
    const QString path = dir.filePath(relativePath);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    f.write(bytes);
    return path;
}

bool copyTree(const QString& from, const QString& to)
{
    QDir src(from);
    if (!src.exists())
        return false;
    QDirIterator it(from, QDir::Files | QDir::NoDotAndDotDot | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        const QString target = QDir(to).filePath(src.relativeFilePath(file));
        QDir().mkpath(QFileInfo(target).absolutePath());
        QFile::remove(target);
        if (!QFile::copy(file, target))
            return false;
        QFile::setPermissions(target, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
    return true;
}

CliRun runProgram(const QString& program, const QStringList& args)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        return { -1, p.readAllStandardOutput(), p.readAllStandardError() };
    }
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
             p.readAllStandardError() };
}

namespace {

// "1736408883688177.930" (or a number) in µs -> ns exactly, by the digits.
qint64 microsTextToNs(const QJsonValue& v)
{
    if (v.isDouble())
        return qint64(std::llround(v.toDouble() * 1000.0));
    const QString text = v.toString().trimmed();
    const qsizetype dot = text.indexOf(QLatin1Char('.'));
    const QString whole = dot < 0 ? text : text.left(dot);
    QString frac = dot < 0 ? QString() : text.mid(dot + 1);
    frac = QString(frac + QStringLiteral("000")).left(3);
    const bool negative = whole.startsWith(QLatin1Char('-'));
    const qint64 ns = whole.toLongLong() * 1000 + (negative ? -frac.toLongLong() : frac.toLongLong());
    return ns;
}

QJsonArray traceEvents(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll());
    return doc.isArray() ? doc.array() : doc.object().value(QStringLiteral("traceEvents")).toArray();
}

} // namespace

QHash<QString, ReferenceRangeRow> referenceRangeByName(
    const QString& traceViewJson, qint64 startNs, qint64 endNs, QHash<QString, qint64>* overlapLanes)
{
    const QJsonArray events = traceEvents(traceViewJson);
    QSet<QString> overlapPids;
    for (const QJsonValue& e : events) {
        const QJsonObject o = e.toObject();
        if (o.value(QStringLiteral("ph")).toString() == QLatin1String("M")
            && o.value(QStringLiteral("name")).toString() == QLatin1String("process_name")
            && o.value(QStringLiteral("args")).toObject().value(QStringLiteral("name")).toString()
                == QLatin1String("Overlap Analysis"))
            overlapPids.insert(o.value(QStringLiteral("pid")).toVariant().toString());
    }
    QHash<QString, ReferenceRangeRow> out;
    for (const QJsonValue& e : events) {
        const QJsonObject o = e.toObject();
        if (o.value(QStringLiteral("ph")).toString() != QLatin1String("X"))
            continue;
        const qint64 ts = microsTextToNs(o.value(QStringLiteral("ts")));
        const qint64 end = ts + microsTextToNs(o.value(QStringLiteral("dur")));
        if (ts >= endNs || end <= startNs)
            continue;
        const qint64 inside = std::min(end, endNs) - std::max(ts, startNs);
        const QString name = o.value(QStringLiteral("name")).toString();
        if (overlapPids.contains(o.value(QStringLiteral("pid")).toVariant().toString())) {
            if (overlapLanes)
                (*overlapLanes)[name] += inside;
            continue;
        }
        ReferenceRangeRow& r = out[name];
        ++r.count;
        r.partial += (ts < startNs || end > endNs) ? 1 : 0;
        r.totalNs += inside;
    }
    return out;
}

qint64 referenceSliceStartNs(const QString& traceViewJson, const QString& name, qint64* durNs)
{
    for (const QJsonValue& e : traceEvents(traceViewJson)) {
        const QJsonObject o = e.toObject();
        if (o.value(QStringLiteral("ph")).toString() == QLatin1String("X")
            && o.value(QStringLiteral("name")).toString() == name) {
            if (durNs)
                *durNs = microsTextToNs(o.value(QStringLiteral("dur")));
            return microsTextToNs(o.value(QStringLiteral("ts")));
        }
    }
    return -1;
}

std::vector<CsvStep> readStepTraceCsv(const QString& rankRoot)
{
    std::vector<CsvStep> steps;
    QFile file(rankRoot + QStringLiteral("/ASCEND_PROFILER_OUTPUT/step_trace_time.csv"));
    if (!file.open(QIODevice::ReadOnly))
        return steps;
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const QStringList header = lines.value(0).trimmed().split(QLatin1Char(','));
    for (int i = 1; i < lines.size(); ++i) {
        const QStringList fields = lines[i].trimmed().split(QLatin1Char(','));
        CsvStep s;
        s.step = fields.value(0);
        for (int c = 1; c < header.size(); ++c)
            s.us[header[c]] = fields.value(c).toDouble();
        steps.push_back(s);
    }
    return steps;
}

} // namespace profscope::test
