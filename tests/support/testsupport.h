// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace profscope {
struct FileReport;
struct Profile;
} // namespace profscope

namespace profscope::test {

// The report of the first file whose path ends with `suffix`, or null.
const FileReport* reportEndingWith(const Profile& profile, const QString& suffix);

// Absolute path of a file or folder under ../shared/fixtures/real.
QString fixture(const QString& relativePath);
// The 2x3 torch_npu text ranks: level in {0,1,2}, rank in {0,1}.
QString textRank(int level, int rank);
// The torch_npu DB-export ranks.
QString dbRank(int level, int rank);
// The 2023 msinsight server test ranks (test_rank_0 / test_rank_1).
QString serverRank(int rank);
QString mindinsight(const QString& relativePath);

// Writes bytes to dir/relativePath, creating folders. Returns the absolute path.
QString writeFile(const QTemporaryDir& dir, const QString& relativePath, const QByteArray& bytes);
// Copies a real fixture folder into a temporary one (to plant bad files next to real ones).
bool copyTree(const QString& from, const QString& to);

// Every entry under `root` as "path|size|mtime", sorted: equal before and
// after a load proves that nothing was written, touched or left behind.
QStringList folderSnapshot(const QString& root);

// Runs a program (the built profscope-cli, say) as a user would, with a
// two-minute limit. exitCode is -1 when it crashed or hung.
struct CliRun
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};
CliRun runProgram(const QString& program, const QStringList& args);

} // namespace profscope::test
