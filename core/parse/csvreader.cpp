// SPDX-License-Identifier: Apache-2.0
#include "csvreader.h"

#include "inputfile.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace profscope {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::CsvReader)
};

// The first of `stops` at or after `pos` in d[0, n), or n. Cells are short (a kernel_details.csv
// row is about 40 of them) and this scan was a fifth of that file's parse, byte by byte: sixteen
// bytes are compared at once while sixteen remain.
template <char A, char B, char C>
std::size_t findFirstOf(const char* d, std::size_t pos, std::size_t n)
{
#if defined(__SSE2__)
    const __m128i a = _mm_set1_epi8(A), b = _mm_set1_epi8(B), c = _mm_set1_epi8(C);
    while (pos + 16 <= n) {
        const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(d + pos));
        const __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(block, a), _mm_cmpeq_epi8(block, b)),
            _mm_cmpeq_epi8(block, c));
        if (const int mask = _mm_movemask_epi8(hit))
            return pos + std::size_t(__builtin_ctz(unsigned(mask)));
        pos += 16;
    }
#endif
    while (pos < n && d[pos] != A && d[pos] != B && d[pos] != C)
        ++pos;
    return pos;
}

// Where an unquoted cell (or what follows a quoted one) ends: the delimiter or a line break.
std::size_t findCellEnd(const char* d, std::size_t pos, std::size_t n)
{
    return findFirstOf<',', '\n', '\r'>(d, pos, n);
}

// Inside a quoted cell: the next quote or line break (line breaks are counted).
std::size_t findQuotedStop(const char* d, std::size_t pos, std::size_t n)
{
    return findFirstOf<'"', '\n', '\r'>(d, pos, n);
}

bool equalsIgnoreCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z')
            x = char(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z')
            y = char(y - 'A' + 'a');
        if (x != y)
            return false;
    }
    return true;
}
} // namespace

CsvReader::~CsvReader() = default;

bool CsvReader::open(const QString& path, bool checkWholeFile)
{
    // Forget any previous file first: a failed open must not leave its
    // records readable.
    m_path = path;
    m_data = {};
    m_owned.clear();
    m_read.clear();
    m_file.reset();
    m_pos = 0;
    m_rows = 0;
    m_header.clear();
    m_cells.clear();
    m_error.clear();
    m_errorLine = -1;
    // A large file is mapped, not copied into a zero-filled buffer: a
    // partial import then touches only the pages of the records it reads
    // (csvseek.h). A small one is read: one read costs less than mapping,
    // faulting in and unmapping it (a rank's many small tables).
    constexpr qint64 kMapFrom = 1 << 20;
    FileBytes small = readFileBytes(path, 0, kMapFrom - 1);
    switch (small.status) {
    case FileBytes::Status::Ok:
        m_read = std::move(small.bytes);
        return openView(std::string_view(m_read.constData(), std::size_t(m_read.size())), path, true);
    case FileBytes::Status::Directory:
        m_error = Tr::tr("%1 is a directory, not a CSV file").arg(path);
        return false;
    case FileBytes::Status::Special:
        m_error = specialFileReason(path);
        return false;
    case FileBytes::Status::CannotOpen:
        m_error = Tr::tr("cannot open %1: %2").arg(path, small.error);
        return false;
    case FileBytes::Status::ReadError:
        m_error = Tr::tr("cannot read %1: %2").arg(path, small.error);
        return false;
    case FileBytes::Status::TooLarge:
        break;
    }
    auto file = std::make_unique<QFile>(path);
    if (!file->open(QIODevice::ReadOnly)) {
        m_error = Tr::tr("cannot open %1: %2").arg(path, file->errorString());
        return false;
    }
    const qint64 size = file->size();
    if (uchar* mapped = file->map(0, size)) {
        m_file = std::move(file);
        return openView(std::string_view(reinterpret_cast<const char*>(mapped), std::size_t(size)), path,
                        checkWholeFile);
    }
    // A file system that cannot map: read it whole.
    FileBytes whole = readFileBytes(path);
    if (!whole.ok()) {
        m_error = Tr::tr("cannot read %1: %2").arg(path, whole.error);
        return false;
    }
    m_read = std::move(whole.bytes);
    return openView(std::string_view(m_read.constData(), std::size_t(m_read.size())), path, true);
}

bool CsvReader::openData(std::string data, const QString& pathForMessages)
{
    m_file.reset();
    m_read.clear();
    m_owned = std::move(data);
    return openView(m_owned, pathForMessages, true);
}

std::size_t CsvReader::nulAt(std::size_t begin, std::size_t end) const
{
    const auto* nul = static_cast<const char*>(std::memchr(m_data.data() + begin, '\0', end - begin));
    return nul ? std::size_t(nul - m_data.data()) : std::string_view::npos;
}

bool CsvReader::openView(std::string_view data, const QString& pathForMessages, bool checkWholeFile)
{
    m_path = pathForMessages;
    m_data = data;
    m_pos = 0;
    m_nextLine = 1;
    m_rows = 0;
    m_header.clear();
    m_error.clear();
    m_errorLine = -1;
    m_ranges.clear();
    m_rangeIndex = 0;
    m_rangesMisaligned = false;
    if (m_data.size() >= 3 && (unsigned char)m_data[0] == 0xEF && (unsigned char)m_data[1] == 0xBB
        && (unsigned char)m_data[2] == 0xBF)
        m_pos = 3;
    // On failure nothing is left to read, so a next() after a failed open
    // cannot hand out records of a file that was refused. Without the whole
    // file checked, the header's first 64 KiB are (the rest is checked
    // where it is read).
    const std::size_t nul = nulAt(0, checkWholeFile ? m_data.size() : std::min<std::size_t>(m_data.size(), 64 * 1024));
    if (nul != std::string_view::npos) {
        m_error = Tr::tr("binary data (NUL byte) at byte %1: not a CSV file").arg(nul);
        m_errorLine = 1 + qint64(std::count(m_data.begin(), m_data.begin() + qint64(nul), '\n'));
        m_pos = m_data.size();
        return false;
    }
    std::vector<std::string_view> cells;
    // Skip blank lines before the header.
    while (m_pos < m_data.size()) {
        if (!readRecord(cells, std::size_t(-1))) {
            m_pos = m_data.size();
            return false;
        }
        if (!(cells.size() == 1 && trimCell(cells[0]).empty()))
            break;
        cells.clear();
    }
    if (cells.empty()) {
        m_error = Tr::tr("empty file: no header row");
        return false;
    }
    for (auto c : cells)
        m_header.emplace_back(trimCell(c));
    return true;
}

bool CsvReader::restrictTo(std::vector<CsvByteRange> ranges)
{
    for (const CsvByteRange& r : ranges)
        if (r.begin < m_pos || r.end > m_data.size() || r.begin > r.end || nulAt(r.begin, r.end) != std::string_view::npos)
            return false;
    m_ranges = std::move(ranges);
    m_rangeIndex = 0;
    m_rangesMisaligned = false;
    if (!m_ranges.empty())
        m_pos = m_ranges.front().begin;
    return true;
}

void CsvReader::enterNextRange()
{
    while (m_rangeIndex < m_ranges.size() && m_pos >= m_ranges[m_rangeIndex].end) {
        m_rangesMisaligned = m_rangesMisaligned || m_pos != m_ranges[m_rangeIndex].end;
        if (++m_rangeIndex == m_ranges.size()) {
            m_pos = m_data.size();
            break;
        }
        const std::size_t begin = m_ranges[m_rangeIndex].begin;
        m_rangesMisaligned = m_rangesMisaligned || m_pos > begin;
        m_pos = std::max(m_pos, begin);
        m_nextLine = -1; // not counted over the bytes passed over
    }
}

qint64 CsvReader::lineBreaks() const
{
    // memchr, not std::count: at -O2 the count is a byte loop (7 instructions
    // a byte, a fifth of a kernel_details.csv's parse); memchr reads 32 bytes
    // a step and rows are hundreds of bytes long.
    qint64 breaks = 0;
    const char* p = m_data.data();
    const char* const end = p + m_data.size();
    while (p < end) {
        p = static_cast<const char*>(std::memchr(p, '\n', std::size_t(end - p)));
        if (!p)
            break;
        ++breaks;
        ++p;
    }
    return breaks;
}

int CsvReader::column(std::initializer_list<std::string_view> names) const
{
    for (auto name : names)
        for (std::size_t i = 0; i < m_header.size(); ++i)
            if (equalsIgnoreCase(m_header[i], trimCell(name)))
                return int(i);
    return -1;
}

bool CsvReader::readRecord(std::vector<std::string_view>& cells, std::size_t limit)
{
    cells.clear();
    m_scratch.clear();
    m_quoted.clear();
    m_cellTotal = -1;
    m_line = m_nextLine;
    m_recordOpen = true;
    return readCells(cells, limit);
}

// Splits cells of the current record until its end or until `limit` cells
// are read (the record then stays open, m_pos at the start of the next cell).
bool CsvReader::readCells(std::vector<std::string_view>& cells, std::size_t limit)
{
    const std::size_t n = m_data.size();
    const char* d = m_data.data();
    while (m_recordOpen && cells.size() < limit) {
        // One cell.
        if (m_pos < n && d[m_pos] == '"') {
            // Quoted: copy unescaped into scratch; whatever follows the
            // closing quote up to the delimiter is kept too (the TAB after a
            // quoted timestamp, say).
            const std::size_t begin = m_scratch.size();
            ++m_pos;
            bool closed = false;
            while (m_pos < n) {
                // The run up to the next quote or line break is copied at once.
                const std::size_t run = findQuotedStop(d, m_pos, n);
                m_scratch.append(d + m_pos, run - m_pos);
                m_pos = run;
                if (m_pos >= n)
                    break;
                const char c = d[m_pos];
                if (c == '"') {
                    if (m_pos + 1 < n && d[m_pos + 1] == '"') {
                        m_scratch.push_back('"');
                        m_pos += 2;
                        continue;
                    }
                    ++m_pos;
                    closed = true;
                    break;
                }
                // A line break inside the cell: \n, \r\n (counted at the \n)
                // or a lone \r, the same three the record terminator accepts.
                if (c == '\n' || (c == '\r' && (m_pos + 1 >= n || d[m_pos + 1] != '\n')))
                    ++m_nextLine;
                m_scratch.push_back(c);
                ++m_pos;
            }
            if (!closed) {
                m_error = Tr::tr("unterminated quoted cell starting on line %1").arg(m_line);
                m_errorLine = m_line;
                m_recordOpen = false;
                return false;
            }
            const std::size_t rest = findCellEnd(d, m_pos, n);
            m_scratch.append(d + m_pos, rest - m_pos);
            m_pos = rest;
            m_quoted.push_back({ cells.size(), begin, m_scratch.size() - begin });
            cells.emplace_back();
        } else {
            const std::size_t begin = m_pos;
            m_pos = findCellEnd(d, m_pos, n);
            cells.emplace_back(d + begin, m_pos - begin);
        }
        if (m_pos >= n) {
            m_recordOpen = false;
            break;
        }
        if (d[m_pos] == ',') {
            ++m_pos;
            continue;
        }
        // End of record: \n, \r\n or a lone \r.
        if (d[m_pos] == '\r')
            ++m_pos;
        if (m_pos < n && d[m_pos] == '\n')
            ++m_pos;
        ++m_nextLine;
        m_recordOpen = false;
    }
    // Scratch is complete for the cells read so far, so their views are
    // stable until more cells of this record are read (which re-points them).
    for (const QuotedCell& q : m_quoted)
        cells[q.cell] = std::string_view(m_scratch.data() + q.begin, q.size);
    return true;
}

bool CsvReader::failRecord()
{
    // Nothing more to read after a malformed record, as after next() fails.
    m_pos = m_data.size();
    m_cells.clear();
    return false;
}

bool CsvReader::splitRest()
{
    if (!m_recordOpen)
        return true;
    return readCells(m_cells, std::size_t(-1)) || failRecord();
}

bool CsvReader::skipRest()
{
    if (!m_recordOpen)
        return true;
    const std::size_t n = m_data.size();
    const char* d = m_data.data();
    const char* from = d + m_pos;
    // Without a quote before the end of the line no cell can hold a line
    // break, so the record ends at the first \n or \r.
    const auto* nl = static_cast<const char*>(std::memchr(from, '\n', n - m_pos));
    const char* end = nl ? nl : d + n;
    if (const auto* cr = static_cast<const char*>(std::memchr(from, '\r', std::size_t(end - from))))
        end = cr;
    const auto rest = std::size_t(end - from);
    if (std::memchr(from, '"', rest) == nullptr) {
        const auto total = qint64(m_cells.size()) + 1 + qint64(std::count(from, end, ','));
        // More cells than the header: whether they are empty is read from them.
        if (total <= qint64(m_header.size())) {
            m_cellTotal = total;
            m_pos += rest;
            if (m_pos < n) {
                if (d[m_pos] == '\r')
                    ++m_pos;
                if (m_pos < n && d[m_pos] == '\n')
                    ++m_pos;
                ++m_nextLine;
            }
            m_recordOpen = false;
            return true;
        }
    }
    return splitRest();
}

bool CsvReader::next()
{
    while (true) {
        if (!m_ranges.empty())
            enterNextRange();
        if (m_pos >= m_data.size())
            break;
        if (!readRecord(m_cells, m_splitLimit))
            return false;
        if (!m_recordOpen && m_cells.size() == 1 && trimCell(m_cells[0]).empty())
            continue; // blank line
        ++m_rows;
        return true;
    }
    m_cells.clear();
    m_recordOpen = false;
    return false;
}

std::string_view CsvReader::rawCell(int column) const
{
    if (column < 0 || std::size_t(column) >= m_cells.size())
        return {};
    return m_cells[std::size_t(column)];
}

std::string_view CsvReader::cell(int column) const
{
    return trimCell(rawCell(column));
}

} // namespace profscope
