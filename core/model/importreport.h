// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace profscope {

enum class FileStatus {
    Used,    // parsed and in the model
    Skipped, // recognised or unknown, deliberately not read (the reason says why)
    Broken,  // could not be read completely; what was read before the error is kept
};

QString fileStatusName(FileStatus status); // untranslated token: used / skipped / broken

// One file the import saw. Nothing is silent: every file under a rank folder
// ends up here with a status.
struct FileReport
{
    QString path;
    QString kind;         // recognised kind, e.g. "trace_view.json", "kernel_details.csv"; empty if unknown
    int rankIndex = -1;   // index into Profile::ranks, -1 for cluster-level files
    FileStatus status = FileStatus::Skipped;
    QString reason;       // why skipped / what is wrong (translated)
    qint64 line = -1;     // 1-based line of the problem, when known
    qint64 byteOffset = -1; // byte offset of the problem, when known
    qint64 sizeBytes = 0;
    double parseMs = 0;
    std::vector<std::pair<QString, qint64>> counts; // ("rows", 191), ("X", 4384), ...
    QStringList warnings; // recoverable problems inside a used file

    void addCount(const QString& what, qint64 n)
    {
        counts.emplace_back(what, n);
    }
    qint64 count(const QString& what) const
    {
        for (const auto& [k, v] : counts)
            if (k == what)
                return v;
        return -1;
    }
    // "path:line" or "path at byte N", for messages.
    QString location() const;
};

struct ImportMessage
{
    enum Severity { Info, Warning, Error };
    Severity severity = Info;
    QString text;
    QString path;
};

struct ImportReport
{
    std::vector<FileReport> files;
    std::vector<ImportMessage> messages;
    bool canceled = false;

    int countWithStatus(FileStatus status) const;
    void info(const QString& text, const QString& path = {})
    {
        messages.push_back({ ImportMessage::Info, text, path });
    }
    void warning(const QString& text, const QString& path = {})
    {
        messages.push_back({ ImportMessage::Warning, text, path });
    }
    void error(const QString& text, const QString& path = {})
    {
        messages.push_back({ ImportMessage::Error, text, path });
    }
};

} // namespace profscope
