// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/importreport.h"
#include "../model/tables.h"
#include "../model/trace.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace profscope {

// Instant re-open (issue 15 item 4): the parsed timeline of a rank's trace
// files (trace_view.json, ...) kept as raw column arrays in the user's cache
// folder, never in the data folder. Parsing the JSON is ~90% of a load; the
// two big tables (kernel_details.csv, memory_record.csv) are cached the same
// way, one entry per file; the small CSV / JSON tables are read normally.
//
// An entry is keyed by every trace file's canonical path, size, mtime and a
// hash of its first and last 64 KiB, plus the format version: a changed file
// misses and is parsed (and written) again. Args stay in the source file
// (ArgsRef offsets), which is why the key must prove the file unchanged.
// Only whole loads of text traces are cached: a partial import (step window),
// a legacy MindInsight rank and database timelines are always parsed.
class TraceCache
{
public:
    // Bump whenever TraceData, the parser's output or this file format changes:
    // older entries then miss and are rebuilt.
    static constexpr quint32 kFormatVersion = 4; // 2: TraceStats::timesOutOfRange, 3: entry kind, tables,
    // 4: CANN msprof part files and identical copies not read, LaneRole::StepTrace

    struct FileKey
    {
        QString path; // canonical
        qint64 sizeBytes = 0;
        qint64 mtimeMs = 0;
        quint64 contentHash = 0; // first and last 64 KiB
        friend bool operator==(const FileKey&, const FileKey&) = default;
    };
    struct Key
    {
        std::vector<FileKey> files;
        bool isValid() const
        {
            return !files.empty();
        }
        friend bool operator==(const Key&, const Key&) = default;
    };
    struct Entry
    {
        TraceData trace;
        std::vector<FileReport> reports; // the trace files' reports as the parse made them
        QDateTime parsedAt;
    };

    // A cached kernel_details.csv or memory_record.csv: exactly one table set.
    struct TableEntry
    {
        std::unique_ptr<KernelTable> kernels;
        std::unique_ptr<MemoryRecordTable> memoryRecords;
        FileReport report; // the file's report as the parse made it
        QDateTime parsedAt;
    };

    // directory empty: defaultDirectory(). maxBytes < 0: maxBytesFromEnvironment().
    explicit TraceCache(const QString& directory = {}, qint64 maxBytes = -1);

    // $XDG_CACHE_HOME/profscope/traces (QStandardPaths::GenericCacheLocation).
    static QString defaultDirectory();
    // PROFSCOPE_CACHE_MAX_MB, default 4096 MiB; 0 turns the cache off.
    static qint64 maxBytesFromEnvironment();

    QString directory() const
    {
        return m_directory;
    }
    qint64 maxBytes() const
    {
        return m_maxBytes;
    }
    bool isEnabled() const
    {
        return m_maxBytes > 0 && !m_directory.isEmpty();
    }

    // The key of these trace files; invalid when one cannot be read.
    static Key keyFor(const QStringList& traceFiles);
    // The entry of `key`, or nothing (absent, stale or damaged: `why` says
    // which; a damaged file is removed). Touches the entry for LRU eviction.
    std::optional<Entry> read(const Key& key, QString* why = nullptr) const;
    // Writes atomically (temporary file, then rename), then evicts the least
    // recently used entries beyond maxBytes(). False when not written.
    bool write(const Key& key, const TraceData& trace, const std::vector<FileReport>& reports) const;
    // The same for one table file (key: keyFor({ csvPath })); write takes
    // exactly one of the two tables.
    std::optional<TableEntry> readTable(const Key& key, QString* why = nullptr) const;
    bool writeTable(const Key& key, const KernelTable* kernels, const MemoryRecordTable* memoryRecords,
        const FileReport& report) const;
    // Removes the oldest entries (by access time) until the folder holds at
    // most `maxBytes`; returns the bytes of the entries left.
    qint64 evict(qint64 maxBytes) const;

    // Total bytes of the cache entries in the folder, and removing them all.
    qint64 sizeBytes() const;
    int entryCount() const;
    bool clear() const;

    // The import report's note on a trace file read from the cache, and
    // whether a report carries it (in its reason, or its warnings when the
    // file's reason says something else).
    static QString reportNote(const QDateTime& parsedAt);
    static bool isFromCache(const FileReport& report);
    static void markFromCache(FileReport& report, const QDateTime& parsedAt);

    // The entry file of a key (for tests: damage it).
    QString entryPath(const Key& key) const;

private:
    // After a write: evict only when the folder may hold more than
    // maxBytes(). The folder is listed at the first write and after each
    // eviction, and the entries this cache writes are added in between
    // (listing it after every write made a first load of 1024 ranks,
    // about 2,000 entries, take a minute of stat calls).
    void evictIfFull(const Key& key) const;

    QString m_directory;
    qint64 m_maxBytes = 0;
    struct Usage; // what the folder holds, shared by copies and loader threads
    std::shared_ptr<Usage> m_usage;
};

} // namespace profscope
