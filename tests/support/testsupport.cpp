// SPDX-License-Identifier: Apache-2.0
#include "testsupport.h"

#include "model/profile.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>

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

} // namespace profscope::test
