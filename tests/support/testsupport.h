// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include "load/sanitized.h"

#include <map>
#include <vector>

namespace profscope {
struct FileReport;
struct Profile;
} // namespace profscope

namespace profscope::test {

// Built with AddressSanitizer (load/sanitized.h). Programs there run several
// times slower: tests that scale a workload up for its own sake scale it down.
inline constexpr bool kSanitizedBuild = PROFSCOPE_SANITIZED != 0;

// The report of the first file whose path ends with `suffix`, or null.
const FileReport* reportEndingWith(const Profile& profile, const QString& suffix);
// "Used: reason | warning | …": a file report in one line, for failure messages.
QString describeReport(const FileReport& report);

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

// An independent reading of a trace_view.json (QJsonDocument, exact decimal
// µs -> ns, no code of the parser) for checking range statistics: per slice
// name, the X events overlapping [startNs, endNs) and the parts of them
// inside. Events of the "Overlap Analysis" process go to `overlapLanes`
// (per name, clipped ns) instead of the result.
struct ReferenceRangeRow
{
    qint64 count = 0;
    qint64 partial = 0;
    qint64 totalNs = 0;
};
QHash<QString, ReferenceRangeRow> referenceRangeByName(
    const QString& traceViewJson, qint64 startNs, qint64 endNs, QHash<QString, qint64>* overlapLanes = nullptr);
// The ts (ns) of the first X event with this name, -1 when none.
qint64 referenceSliceStartNs(const QString& traceViewJson, const QString& name, qint64* durNs = nullptr);

// One rank's ASCEND_PROFILER_OUTPUT/step_trace_time.csv read with a plain
// split: per row the step and every column by header name, in µs as written.
struct CsvStep
{
    QString step;
    std::map<QString, double> us;
};
std::vector<CsvStep> readStepTraceCsv(const QString& rankRoot);

} // namespace profscope::test
