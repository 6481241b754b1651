// SPDX-License-Identifier: Apache-2.0
#pragma once

// The small whitespace-separated text files of the old profiler (MindData
// queue traces, GetNext records, the op compute time reports): read whole,
// line by line, with the same report bookkeeping as the CSV and JSON files.

#include "reportscope.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace profscope {

class TextFile : public ReportScope
{
public:
    TextFile(const QString& path, const char* kind, FileReport& report);

    // The file's lines (split at '\n'; a CR stays at the end of its line).
    // False, with the report Broken, for a folder, a special file, a file
    // too large to be one of these, or binary data.
    bool load(QList<QByteArray>& lines);
    void warnLine(qint64 line, const QString& text);
    bool brokenAtLine(qint64 line, const QString& reason);
    bool broken(const QString& reason);
    // Counts the rows (and skipped rows); a file without a usable record is Broken.
    bool finishWith(qint64 rows, qint64 skipped);
};

std::optional<qint64> intToken(const QByteArray& token);

} // namespace profscope
