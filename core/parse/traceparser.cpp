// SPDX-License-Identifier: Apache-2.0
#include "traceparser.h"

#include "numbers.h"
#include "tracekernel.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <simdjson.h> // simdjson::SIMDJSON_PADDING only

#include <cstring>
#include <vector>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::TraceParser)
};

inline bool isJsonSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// Walks JSON text just enough to find where top-level array elements end:
// string-aware bracket depth, nothing else. The state survives between calls
// because chunks are always cut between two elements.
class BoundaryScanner
{
public:
    BoundaryScanner(const char* data, std::size_t size)
        : m_data(data)
        , m_size(size)
    {
    }

    enum class Stop { ChunkFull, ArrayEnd, EndOfData };

    // Scans from `pos` (between elements, depth 0) until at least `minBytes`
    // have been covered and an element just closed, the events array closed,
    // or the data ended. `boundary` is the offset just past the last element
    // that closed; `pos` ends where scanning stopped.
    Stop scan(std::size_t& pos, std::size_t minBytes, std::size_t& boundary)
    {
        const std::size_t start = pos;
        const char* d = m_data;
        std::size_t p = pos;
        while (p < m_size) {
            if (m_inString) {
                const void* q = std::memchr(d + p, '"', m_size - p);
                if (!q) {
                    p = m_size;
                    break;
                }
                std::size_t quote = std::size_t(static_cast<const char*>(q) - d);
                std::size_t slashes = 0;
                while (quote - slashes > 0 && d[quote - slashes - 1] == '\\')
                    ++slashes;
                p = quote + 1;
                if (slashes % 2 == 0)
                    m_inString = false;
                continue;
            }
            const char c = d[p];
            if (c == '"') {
                m_inString = true;
            } else if (c == '{' || c == '[') {
                ++m_depth;
            } else if (c == '}' || c == ']') {
                if (m_depth == 0) {
                    pos = p;
                    return Stop::ArrayEnd; // the events array's own ']'
                }
                if (--m_depth == 0) {
                    boundary = p + 1;
                    if (boundary - start >= minBytes) {
                        pos = p + 1;
                        return Stop::ChunkFull;
                    }
                }
            }
            ++p;
        }
        pos = p;
        return Stop::EndOfData;
    }

private:
    const char* m_data;
    std::size_t m_size;
    int m_depth = 0;
    bool m_inString = false;
};

// Skips one JSON value at `p` (for keys before "traceEvents"). Returns the
// offset after it, or npos on malformed input.
std::size_t skipValue(const char* d, std::size_t size, std::size_t p)
{
    int depth = 0;
    bool inString = false;
    for (; p < size; ++p) {
        const char c = d[p];
        if (inString) {
            if (c == '\\')
                ++p;
            else if (c == '"') {
                inString = false;
                if (depth == 0)
                    return p + 1;
            }
            continue;
        }
        if (c == '"')
            inString = true;
        else if (c == '{' || c == '[')
            ++depth;
        else if (c == '}' || c == ']') {
            if (depth == 0)
                return p; // end of the enclosing container
            if (--depth == 0)
                return p + 1;
        } else if (depth == 0 && (c == ',' || c == '}'))
            return p;
    }
    return std::string::npos;
}

} // namespace

bool parseTraceFile(const QString& path, TraceBuilder& builder, FileReport& report, const TraceParseOptions& options)
{
    QElapsedTimer timer;
    timer.start();
    report.path = path;
    auto broken = [&report](const QString& reason, qint64 offset = -1) {
        report.status = FileStatus::Broken;
        report.reason = reason;
        report.byteOffset = offset;
    };
    const QFileInfo info(path);
    if (info.isDir()) {
        broken(Tr::tr("is a directory, not a trace file"));
        return false;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        broken(Tr::tr("cannot open: %1").arg(file.errorString()));
        return false;
    }
    const auto size = std::size_t(file.size());
    report.sizeBytes = qint64(size);
    if (size == 0) {
        broken(Tr::tr("empty file"), 0);
        return false;
    }
    // Map the file: pages are read as the scanner reaches them and can be
    // dropped by the kernel afterwards, so RSS stays bounded by the chunk.
    QByteArray fallback;
    const char* data = reinterpret_cast<const char*>(file.map(0, qint64(size)));
    if (!data) {
        fallback = file.readAll();
        if (fallback.size() != qsizetype(size)) {
            broken(Tr::tr("cannot read: %1").arg(file.errorString()));
            return false;
        }
        data = fallback.constData();
    }

    // Locate the events array: a bare array, or {"traceEvents": [...], ...}.
    std::size_t pos = 0;
    if (size >= 3 && std::memcmp(data, "\xEF\xBB\xBF", 3) == 0)
        pos = 3;
    while (pos < size && isJsonSpace(data[pos]))
        ++pos;
    if (pos >= size || (data[pos] != '[' && data[pos] != '{')) {
        broken(Tr::tr("not a JSON trace: expected '[' or '{' at byte %1").arg(pos), qint64(pos));
        return false;
    }
    if (data[pos] == '{') {
        ++pos;
        bool found = false;
        while (pos < size) {
            while (pos < size && (isJsonSpace(data[pos]) || data[pos] == ','))
                ++pos;
            if (pos >= size || data[pos] != '"')
                break;
            const std::size_t keyStart = pos + 1;
            const std::size_t keyEnd = skipValue(data, size, pos);
            if (keyEnd == std::string::npos)
                break;
            const std::string_view key(data + keyStart, keyEnd - keyStart - 1);
            pos = keyEnd;
            while (pos < size && (isJsonSpace(data[pos]) || data[pos] == ':'))
                ++pos;
            if (key == "traceEvents" && pos < size && data[pos] == '[') {
                found = true;
                break;
            }
            pos = skipValue(data, size, pos);
            if (pos == std::string::npos)
                break;
        }
        if (!found) {
            broken(Tr::tr("no \"traceEvents\" array in the top-level object"), qint64(std::min(pos, size)));
            return false;
        }
    }
    ++pos; // past '['
    const std::uint32_t fileIndex = builder.addSourceFile(info.absoluteFilePath());
    std::unique_ptr<TraceChunkParser> chunkParser(makeTraceChunkParser(builder, fileIndex));
    BoundaryScanner scanner(data, size);
    std::vector<char> buffer;
    const qint64 eventsBefore = builder.stats().totalEvents;
    bool ok = true;
    while (true) {
        std::size_t scanPos = pos;
        std::size_t boundary = pos;
        const auto stop = scanner.scan(scanPos, options.chunkBytes, boundary);
        // Chunk = [pos, boundary): whole elements, possibly preceded by ','.
        std::size_t begin = pos;
        while (begin < boundary && (isJsonSpace(data[begin]) || data[begin] == ','))
            ++begin;
        if (boundary > begin) {
            const std::size_t length = boundary - begin;
            buffer.resize(length + 2 + simdjson::SIMDJSON_PADDING);
            buffer[0] = '[';
            std::memcpy(buffer.data() + 1, data + begin, length);
            buffer[length + 1] = ']';
            std::memset(buffer.data() + length + 2, ' ', simdjson::SIMDJSON_PADDING);
            const char* error = "";
            std::size_t errorOffset = begin;
            if (!chunkParser->parse(buffer.data(), length + 2, buffer.size(), begin, error, errorOffset)) {
                broken(Tr::tr("invalid JSON (%1) at byte %2; %3 events before it were loaded")
                           .arg(QString::fromUtf8(error))
                           .arg(errorOffset)
                           .arg(builder.stats().totalEvents - eventsBefore),
                       qint64(errorOffset));
                ok = false;
                break;
            }
        }
        if (stop == BoundaryScanner::Stop::ArrayEnd)
            break;
        if (stop == BoundaryScanner::Stop::EndOfData) {
            // The array never closed: a truncated file (a crashed or killed profiler).
            std::size_t at = boundary;
            while (at < size && (isJsonSpace(data[at]) || data[at] == ','))
                ++at;
            broken(Tr::tr("file ends before the events array is closed (truncated?) at byte %1; %2 complete events "
                          "before it were loaded")
                       .arg(at)
                       .arg(builder.stats().totalEvents - eventsBefore),
                   qint64(at));
            ok = false;
            break;
        }
        pos = boundary;
        if (options.progress && !options.progress(double(boundary) / double(size))) {
            broken(Tr::tr("canceled"), qint64(boundary));
            report.status = FileStatus::Skipped;
            ok = false;
            break;
        }
    }
    const qint64 events = builder.stats().totalEvents - eventsBefore;
    builder.stats().bytes += qint64(size);
    if (ok) {
        report.status = FileStatus::Used;
        report.reason.clear();
    }
    report.addCount(QStringLiteral("events"), events);
    report.parseMs = double(timer.nsecsElapsed()) / 1e6;
    if (options.progress)
        options.progress(1.0);
    return events > 0 || ok;
}

} // namespace profscope
