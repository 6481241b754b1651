// SPDX-License-Identifier: Apache-2.0
#include "tracecache.h"

#include "../model/rowwindow.h"

#include "cacheio.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryFile>
#include <QTimeZone>

#include <algorithm>
#include <bit>
#include <cstring>
#include <filesystem>
#include <functional>
#include <mutex>
#include <type_traits>
#include <utility>
#include <vector>

namespace profscope {

namespace {

using cacheio::Reader;
using cacheio::Writer;

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(TraceCache)
};

static_assert(
    std::endian::native == std::endian::little, "the cache stores little-endian arrays as they are in memory");

constexpr char kMagic[8] = { 'P', 'S', 'T', 'R', 'C', 'A', 'C', 'H' };
constexpr qint64 kHashedEdgeBytes = 64 * 1024;
constexpr const char* kSuffix = ".pstrace";

// Fixed-size header; the payload follows.
struct Header
{
    char magic[8];
    quint32 version;
    quint32 headerBytes;
    quint64 payloadBytes;
    quint64 payloadHash;
    qint64 parsedAtMs;
};
static_assert(std::is_trivially_copyable_v<Header> && sizeof(Header) == 40);

// A 4-lane multiply-rotate hash (the xxHash64 round): several GB/s, so the
// whole payload is checked on every read and a damaged entry is never used.
quint64 rotl(quint64 x, int r)
{
    return (x << r) | (x >> (64 - r));
}
constexpr quint64 kP1 = 0x9E3779B185EBCA87ull;
constexpr quint64 kP2 = 0xC2B2AE3D27D4EB4Full;
quint64 round64(quint64 acc, quint64 w)
{
    return rotl(acc + w * kP2, 31) * kP1;
}
quint64 hashBytes(const uchar* p, std::size_t n, quint64 seed = 0)
{
    quint64 a = seed + kP1 + kP2, b = seed + kP2, c = seed, d = seed - kP1;
    const std::size_t blocks = n / 32;
    for (std::size_t i = 0; i < blocks; ++i, p += 32) {
        quint64 w[4];
        std::memcpy(w, p, 32);
        a = round64(a, w[0]);
        b = round64(b, w[1]);
        c = round64(c, w[2]);
        d = round64(d, w[3]);
    }
    quint64 h = rotl(a, 1) + rotl(b, 7) + rotl(c, 12) + rotl(d, 18) + quint64(n);
    std::size_t rest = n % 32;
    while (rest >= 8) {
        quint64 w;
        std::memcpy(&w, p, 8);
        h = round64(h, w);
        p += 8;
        rest -= 8;
    }
    while (rest-- > 0)
        h = round64(h, *p++);
    h ^= h >> 33;
    h *= kP2;
    h ^= h >> 29;
    return h;
}

} // namespace

// The entry's fields, once for both directions (cacheio.h): the key, the
// files' import reports and the timeline itself. In cacheio, beside the
// archives, so that cacheio::save / load find them.
namespace cacheio {

template <typename Archive> bool serialize(Archive& ar, TraceCache::Key& key)
{
    ar.sequence(key.files, 28, [&](TraceCache::FileKey& f) {
        ar.string(f.path);
        ar.value(f.sizeBytes);
        ar.value(f.mtimeMs);
        ar.value(f.contentHash);
    });
    return ar.ok();
}

template <typename Archive> bool serialize(Archive& ar, std::vector<FileReport>& reports)
{
    ar.sequence(reports, 40, [&](FileReport& f) {
        ar.string(f.path);
        ar.string(f.kind);
        ar.enumeration(f.status, FileStatus::Broken);
        ar.string(f.reason);
        ar.value(f.line);
        ar.value(f.byteOffset);
        ar.value(f.sizeBytes);
        ar.value(f.parseMs);
        ar.sequence(f.counts, 12, [&](std::pair<QString, qint64>& c) {
            ar.string(c.first);
            ar.value(c.second);
        });
        ar.sequence(f.warnings, 4, [&](QString& warning) { ar.string(warning); });
    });
    return ar.ok();
}

namespace {

// Everything the views index by without checking: equal column lengths,
// depths within the lane, flow ends naming existing lanes and slices.
bool consistent(const TraceData& t)
{
    for (const auto& p : t.processes) {
        for (const auto& th : p.threads) {
            const SliceColumns& s = th.slices;
            if (!sameSize(s.size(), s.durNs, s.name, s.category, s.depth, s.args, s.taskType))
                return false;
            for (const std::uint16_t d : s.depth)
                if (d > th.maxDepth)
                    return false;
            const InstantColumns& in = th.instants;
            if (!sameSize(in.size(), in.name, in.category, in.args))
                return false;
        }
        for (const auto& c : p.counters)
            if (c.tsNs.size() != c.value.size())
                return false;
    }
    const FlowColumns& f = t.flows;
    for (const FlowRole role : f.role)
        if (quint8(role) > quint8(FlowRole::Launch))
            return false;
    if (!f.withColumns([&](const auto&... column) { return sameSize(f.size(), column...); }))
        return false;
    const auto validEnd = [&](std::uint32_t process, std::uint32_t thread, std::int32_t slice) {
        if (process >= t.processes.size() || thread >= t.processes[process].threads.size())
            return false;
        return slice >= -1 && (slice < 0 || std::size_t(slice) < t.processes[process].threads[thread].slices.size());
    };
    for (std::size_t i = 0; i < f.size(); ++i)
        if (!validEnd(f.fromProcess[i], f.fromThread[i], f.fromSlice[i])
            || !validEnd(f.toProcess[i], f.toThread[i], f.toSlice[i]))
            return false;
    return true;
}

} // namespace

template <typename Archive> void serialize(Archive& ar, ThreadTrack& th)
{
    ar.value(th.tid);
    ar.string(th.name);
    ar.value(th.sortIndex);
    ar.flag(th.hasSortIndex);
    ar.value(th.maxDepth);
    ar.enumeration(th.role, LaneRole::OverlapAnalysis);
    SliceColumns& s = th.slices;
    ar.array(s.startNs);
    ar.array(s.durNs);
    ar.array(s.name);
    ar.array(s.category);
    ar.array(s.depth);
    ar.array(s.args);
    ar.array(s.taskType);
    InstantColumns& in = th.instants;
    ar.array(in.tsNs);
    ar.array(in.name);
    ar.array(in.category);
    ar.array(in.args);
}

template <typename Archive> void serialize(Archive& ar, ProcessTrack& p)
{
    ar.value(p.pid);
    ar.string(p.name);
    ar.string(p.labels);
    ar.value(p.sortIndex);
    ar.flag(p.hasSortIndex);
    ar.flag(p.hasMetadata);
    ar.sequence(p.threads, 100, [&](ThreadTrack& th) { serialize(ar, th); });
    ar.sequence(p.counters, 24, [&](CounterSeries& c) {
        ar.value(c.name);
        ar.value(c.key);
        ar.array(c.tsNs);
        ar.array(c.value);
    });
}

template <typename Archive> bool serialize(Archive& ar, TraceData& t)
{
    ar.sequence(t.sourceFiles, 4, [&](QString& s) { ar.string(s); });
    // Only how many: a cached trace's args all come from its files (write()
    // refuses args made by a database), so the sources are reopened by index.
    if constexpr (Archive::kReading) {
        const auto argsSources = ar.template pod<quint32>();
        if (argsSources > quint32(t.sourceFiles.size()))
            return false;
        t.argsSources.resize(argsSources);
    } else {
        ar.pod(quint32(t.argsSources.size()));
    }
    if (!serializeStrings(ar, t.strings))
        return false;
    ar.sequence(t.processes, 40, [&](ProcessTrack& p) { serialize(ar, p); });
    // The columns in FlowColumns' order, which is this file's layout.
    t.flows.withColumns([&](auto&... column) { (ar.array(column), ...); });
    ar.sequence(t.steps, 36, [&](StepMarker& s) {
        ar.string(s.id);
        ar.value(s.rangeNs);
        ar.value(s.fpStartNs);
        ar.value(s.bpEndNs);
    });
    TraceStats& st = t.stats;
    ar.value(st.eventsByPhase);
    ar.value(st.totalEvents);
    ar.value(st.unmatchedEnds);
    ar.value(st.unterminatedBegins);
    ar.value(st.flowStartsWithoutEnd);
    ar.value(st.flowEndsWithoutStart);
    ar.value(st.skippedEvents);
    ar.value(st.timesOutOfRange);
    ar.value(st.outsideWindow);
    ar.value(st.bytes);
    ar.sequence(st.flowsByCategory, 12, [&](std::pair<QString, qint64>& c) {
        ar.string(c.first);
        ar.value(c.second);
    });
    ar.value(t.rangeNs);
    if constexpr (Archive::kReading)
        return ar.ok() && consistent(t);
    return ar.ok();
}

} // namespace cacheio

namespace {

QString keyFileName(const TraceCache::Key& key)
{
    QByteArray blob;
    for (const auto& f : key.files) {
        blob += f.path.toUtf8();
        blob += '\0';
    }
    // The name only spreads the entries; the full key in the file decides.
    const quint64 h = hashBytes(
        reinterpret_cast<const uchar*>(blob.constData()), std::size_t(blob.size()), TraceCache::kFormatVersion);
    return QStringLiteral("%1%2").arg(h, 16, 16, QLatin1Char('0')).arg(QLatin1String(kSuffix));
}

QFileInfoList entryFiles(const QString& directory)
{
    return QDir(directory).entryInfoList({ QStringLiteral("*") + QLatin1String(kSuffix) }, QDir::Files);
}

} // namespace

struct TraceCache::Usage
{
    std::mutex mutex;
    qint64 bytes = -1; // -1: not listed yet
};

TraceCache::TraceCache(const QString& directory, qint64 maxBytes)
    : m_directory(directory.isEmpty() ? defaultDirectory() : directory)
    , m_maxBytes(maxBytes < 0 ? maxBytesFromEnvironment() : maxBytes)
    , m_usage(std::make_shared<Usage>())
{
}

void TraceCache::evictIfFull(const Key& key) const
{
    const std::lock_guard<std::mutex> lock(m_usage->mutex);
    if (m_usage->bytes < 0) {
        m_usage->bytes = evict(m_maxBytes); // the first write: the folder listed once (and stale temporaries removed)
        return;
    }
    // A rewritten entry is counted twice: an eviction a little early, never late.
    m_usage->bytes += QFileInfo(entryPath(key)).size();
    if (m_usage->bytes > m_maxBytes)
        m_usage->bytes = evict(m_maxBytes);
}

QString TraceCache::defaultDirectory()
{
    // The generic location: the CLI and the GUI share one cache whatever the
    // application name is. Never beside the data.
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
    return base.isEmpty() ? QString() : base + QStringLiteral("/profscope/traces");
}

qint64 TraceCache::maxBytesFromEnvironment()
{
    bool ok = false;
    const qint64 mb = qEnvironmentVariable("PROFSCOPE_CACHE_MAX_MB").toLongLong(&ok);
    return ok && mb >= 0 ? mb * 1024 * 1024 : qint64(4096) * 1024 * 1024;
}

TraceCache::Key TraceCache::keyFor(const QStringList& traceFiles)
{
    Key key;
    for (const QString& path : traceFiles) {
        const QFileInfo info(path);
        QFile file(path);
        if (!info.isFile() || !file.open(QIODevice::ReadOnly))
            return {};
        FileKey f;
        f.path = info.canonicalFilePath();
        f.sizeBytes = info.size();
        f.mtimeMs = info.lastModified().toMSecsSinceEpoch();
        // Head and tail: cheap, and catches a file rewritten within the
        // mtime's resolution with the same size.
        QByteArray edges = file.read(kHashedEdgeBytes);
        if (f.sizeBytes > kHashedEdgeBytes && file.seek(std::max(kHashedEdgeBytes, f.sizeBytes - kHashedEdgeBytes)))
            edges += file.read(kHashedEdgeBytes);
        f.contentHash = hashBytes(reinterpret_cast<const uchar*>(edges.constData()), std::size_t(edges.size()));
        key.files.push_back(std::move(f));
    }
    return key;
}

QString TraceCache::reportNote(const QDateTime& parsedAt)
{
    return Tr::tr("from the cache, parsed on %1")
        .arg(parsedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
}

bool TraceCache::isFromCache(const FileReport& report)
{
    // The note's fixed part, in the language of this process (the loader wrote it).
    const QString prefix = Tr::tr("from the cache, parsed on %1").section(QStringLiteral("%1"), 0, 0);
    if (report.reason.startsWith(prefix))
        return true;
    return std::any_of(report.warnings.begin(), report.warnings.end(),
                       [&](const QString& w) { return w.startsWith(prefix); });
}

void TraceCache::markFromCache(FileReport& report, const QDateTime& parsedAt)
{
    if (report.reason.isEmpty())
        report.reason = reportNote(parsedAt);
    else
        report.warnings << reportNote(parsedAt);
}

QString TraceCache::entryPath(const Key& key) const
{
    return m_directory + QLatin1Char('/') + keyFileName(key);
}

namespace {

// What an entry holds, after its key: one cache folder for the timeline and
// the big tables, each entry keyed by its own source files.
// A table entry then says which table (TableKind).
enum class EntryKind : quint8 { Trace = 1, Table = 2 };
enum class TableKind : quint8 { Kernels = 1, MemoryRecords = 2 };

// Opens and checks the entry file, then `body` reads what follows the
// reports. Nothing when absent, stale or damaged (`why` says which; a
// damaged file is removed).
bool readEntry(const QString& path, const TraceCache::Key& key, EntryKind kind, QString* why,
    std::vector<FileReport>& reports, QDateTime& parsedAt, const std::function<bool(Reader&)>& body)
{
    const auto miss = [&](const QString& reason) {
        if (why)
            *why = reason;
        return false;
    };
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return miss(Tr::tr("not in the cache"));
    const qint64 size = file.size();
    Header h {};
    const auto damaged = [&] {
        file.close();
        QFile::remove(file.fileName());
        return miss(Tr::tr("the cache entry was damaged and is rebuilt"));
    };
    if (size < qint64(sizeof(Header)) || file.read(reinterpret_cast<char*>(&h), sizeof h) != qint64(sizeof h)
        || std::memcmp(h.magic, kMagic, sizeof kMagic) != 0)
        return damaged();
    if (h.version != TraceCache::kFormatVersion)
        return miss(Tr::tr("cache entry of another version"));
    if (h.headerBytes != sizeof(Header) || h.payloadBytes != quint64(size) - sizeof(Header))
        return damaged();
    const uchar* map = file.map(0, size);
    if (!map)
        return miss(Tr::tr("the cache entry cannot be read"));
    const uchar* payload = map + sizeof(Header);
    if (hashBytes(payload, std::size_t(h.payloadBytes)) != h.payloadHash)
        return damaged();
    Reader r(payload, payload + h.payloadBytes);
    TraceCache::Key stored;
    cacheio::load(r, stored);
    if (stored != key) {
        // Another file at the same path, or the same file changed: stale.
        if (!r.ok())
            return damaged();
        return miss(Tr::tr("the trace changed since it was cached"));
    }
    if (r.pod<quint8>() != quint8(kind))
        return damaged();
    cacheio::load(r, reports);
    if (!r.ok() || !body(r) || !r.ok() || !r.atEnd())
        return damaged();
    parsedAt = QDateTime::fromMSecsSinceEpoch(h.parsedAtMs, Qt::UTC);
    file.unmap(const_cast<uchar*>(map));
    // Least recently used goes first: a read is a use.
    file.setFileTime(QDateTime::currentDateTimeUtc(), QFileDevice::FileModificationTime);
    return true;
}

bool writeEntry(const QString& directory, const QString& path, const TraceCache::Key& key, EntryKind kind,
    const std::vector<FileReport>& reports, const std::function<void(Writer&)>& body)
{
    if (!QDir().mkpath(directory))
        return false;
    // A temporary file beside the entry, renamed over it when complete: a
    // reader never sees half an entry, and concurrent loads of the same
    // trace each install a complete one (the last rename wins).
    QTemporaryFile file(directory + QStringLiteral("/XXXXXX.tmp"));
    if (!file.open())
        return false;
    Header h {};
    std::memcpy(h.magic, kMagic, sizeof kMagic);
    h.version = TraceCache::kFormatVersion;
    h.headerBytes = sizeof(Header);
    h.parsedAtMs = QDateTime::currentMSecsSinceEpoch();
    Writer w(file);
    w.pod(h); // placeholder, rewritten with the payload's length and hash
    cacheio::save(w, key);
    w.pod(quint8(kind));
    cacheio::save(w, reports);
    body(w);
    if (!w.ok() || !file.flush())
        return false;
    const qint64 size = file.size();
    h.payloadBytes = quint64(size) - sizeof(Header);
    // The hash of what was written, read back through a map (page cache).
    const uchar* map = file.map(0, size);
    if (!map)
        return false;
    h.payloadHash = hashBytes(map + sizeof(Header), std::size_t(h.payloadBytes));
    file.unmap(const_cast<uchar*>(map));
    if (!file.seek(0) || file.write(reinterpret_cast<const char*>(&h), sizeof h) != qint64(sizeof h) || !file.flush())
        return false;
    file.close();
    std::error_code error;
    std::filesystem::rename(
        QFile::encodeName(file.fileName()).toStdString(), QFile::encodeName(path).toStdString(), error);
    if (error)
        return false;
    file.setAutoRemove(false);
    return true;
}

} // namespace

std::optional<TraceCache::Entry> TraceCache::read(const Key& key, QString* why) const
{
    if (!isEnabled() || !key.isValid()) {
        if (why)
            *why = Tr::tr("cache off");
        return std::nullopt;
    }
    Entry entry;
    if (!readEntry(entryPath(key), key, EntryKind::Trace, why, entry.reports, entry.parsedAt,
            [&](Reader& r) { return cacheio::load(r, entry.trace); }))
        return std::nullopt;
    return entry;
}

bool TraceCache::write(const Key& key, const TraceData& trace, const std::vector<FileReport>& reports) const
{
    if (!isEnabled() || !key.isValid())
        return false;
    for (const auto& source : trace.argsSources)
        if (source) // args made by a database: not from a file the key covers
            return false;
    if (!writeEntry(m_directory, entryPath(key), key, EntryKind::Trace, reports,
            [&](Writer& w) { cacheio::save(w, trace); }))
        return false;
    evictIfFull(key);
    return true;
}

std::optional<TraceCache::TableEntry> TraceCache::readTable(const Key& key, QString* why) const
{
    if (!isEnabled() || !key.isValid()) {
        if (why)
            *why = Tr::tr("cache off");
        return std::nullopt;
    }
    TableEntry entry;
    std::vector<FileReport> reports;
    const auto body = [&](Reader& r) {
        const auto which = r.pod<quint8>();
        if (which == quint8(TableKind::Kernels)) {
            entry.kernels = std::make_unique<KernelTable>();
            return cacheio::load(r, *entry.kernels);
        }
        if (which == quint8(TableKind::MemoryRecords)) {
            entry.memoryRecords = std::make_unique<MemoryRecordTable>();
            return cacheio::load(r, *entry.memoryRecords);
        }
        return false;
    };
    if (!readEntry(entryPath(key), key, EntryKind::Table, why, reports, entry.parsedAt, body))
        return std::nullopt;
    if (reports.size() != 1) {
        QFile::remove(entryPath(key));
        if (why)
            *why = Tr::tr("the cache entry was damaged and is rebuilt");
        return std::nullopt;
    }
    entry.report = std::move(reports.front());
    return entry;
}

bool TraceCache::writeTable(const Key& key, const KernelTable* kernels, const MemoryRecordTable* memoryRecords,
    const FileReport& report) const
{
    if (!isEnabled() || !key.isValid() || (kernels == nullptr) == (memoryRecords == nullptr))
        return false;
    // A table its parser cut to a step window is not the file's table: never
    // stored as if it were (the loader does not ask on partial loads either).
    if (report.count(rowsOutsideWindowCount()) >= 0)
        return false;
    if (!writeEntry(m_directory, entryPath(key), key, EntryKind::Table, { report }, [&](Writer& w) {
            if (kernels) {
                w.pod(quint8(TableKind::Kernels));
                cacheio::save(w, *kernels);
            } else {
                w.pod(quint8(TableKind::MemoryRecords));
                cacheio::save(w, *memoryRecords);
            }
        }))
        return false;
    evictIfFull(key);
    return true;
}

qint64 TraceCache::evict(qint64 maxBytes) const
{
    // Temporary files of writes that never finished (a killed process).
    const QDateTime hourAgo = QDateTime::currentDateTimeUtc().addSecs(-3600);
    for (const QFileInfo& t : QDir(m_directory).entryInfoList({ QStringLiteral("*.tmp") }, QDir::Files))
        if (t.lastModified() < hourAgo)
            QFile::remove(t.filePath());
    // Each entry's time read once: every lastModified() converts to local
    // time (a stat of /etc/localtime each), which made a load of 1024 ranks into a cache of
    // thousands of entries spend minutes sorting.
    std::vector<std::pair<qint64, QFileInfo>> entries;
    for (const QFileInfo& e : entryFiles(m_directory))
        entries.emplace_back(e.lastModified().toMSecsSinceEpoch(), e);
    std::sort(entries.begin(), entries.end(),
              [](const auto& a, const auto& b) { return a.first > b.first; }); // newest first
    qint64 total = 0;
    qint64 kept = 0;
    for (const auto& [modifiedMs, e] : entries) {
        total += e.size();
        if (total > maxBytes)
            QFile::remove(e.filePath());
        else
            kept = total;
    }
    return kept;
}

qint64 TraceCache::sizeBytes() const
{
    qint64 total = 0;
    for (const QFileInfo& e : entryFiles(m_directory))
        total += e.size();
    return total;
}

int TraceCache::entryCount() const
{
    return int(entryFiles(m_directory).size());
}

bool TraceCache::clear() const
{
    bool ok = true;
    for (const QFileInfo& e : entryFiles(m_directory))
        ok = QFile::remove(e.filePath()) && ok;
    return ok;
}

} // namespace profscope
