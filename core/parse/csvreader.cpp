// SPDX-License-Identifier: Apache-2.0
#include "csvreader.h"

#include "inputfile.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace profscope {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::CsvReader)
};

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

bool CsvReader::open(const QString& path)
{
    // Forget any previous file first: a failed open must not leave its
    // records readable.
    m_path = path;
    m_data.clear();
    m_pos = 0;
    m_rows = 0;
    m_header.clear();
    m_cells.clear();
    m_error.clear();
    m_errorLine = -1;
    QFileInfo info(path);
    if (info.isDir()) {
        m_error = Tr::tr("%1 is a directory, not a CSV file").arg(path);
        return false;
    }
    if (isSpecialFile(info)) {
        m_error = specialFileReason(path);
        return false;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        m_error = Tr::tr("cannot open %1: %2").arg(path, file.errorString());
        return false;
    }
    std::string data;
    data.resize(std::size_t(file.size()));
    const qint64 n = file.read(data.data(), qint64(data.size()));
    if (n < 0) {
        m_error = Tr::tr("cannot read %1: %2").arg(path, file.errorString());
        return false;
    }
    data.resize(std::size_t(n));
    return openData(std::move(data), path);
}

bool CsvReader::openData(std::string data, const QString& pathForMessages)
{
    m_path = pathForMessages;
    m_data = std::move(data);
    m_pos = 0;
    m_nextLine = 1;
    m_rows = 0;
    m_header.clear();
    m_error.clear();
    m_errorLine = -1;
    if (m_data.size() >= 3 && (unsigned char)m_data[0] == 0xEF && (unsigned char)m_data[1] == 0xBB
        && (unsigned char)m_data[2] == 0xBF)
        m_pos = 3;
    // On failure nothing is left to read, so a next() after a failed open
    // cannot hand out records of a file that was refused.
    if (m_data.find('\0') != std::string::npos) {
        const auto at = m_data.find('\0');
        m_error = Tr::tr("binary data (NUL byte) at byte %1: not a CSV file").arg(at);
        m_errorLine = 1 + qint64(std::count(m_data.begin(), m_data.begin() + qint64(at), '\n'));
        m_pos = m_data.size();
        return false;
    }
    std::vector<std::string_view> cells;
    // Skip blank lines before the header.
    while (m_pos < m_data.size()) {
        if (!readRecord(cells)) {
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

int CsvReader::column(std::initializer_list<std::string_view> names) const
{
    for (auto name : names)
        for (std::size_t i = 0; i < m_header.size(); ++i)
            if (equalsIgnoreCase(m_header[i], trimCell(name)))
                return int(i);
    return -1;
}

bool CsvReader::readRecord(std::vector<std::string_view>& cells)
{
    cells.clear();
    m_scratch.clear();
    m_line = m_nextLine;
    const std::size_t n = m_data.size();
    const char* d = m_data.data();
    std::vector<std::pair<std::size_t, std::size_t>> pending; // (begin,len) into m_data or scratch marker
    while (true) {
        // One cell.
        if (m_pos < n && d[m_pos] == '"') {
            // Quoted: copy unescaped into scratch; whatever follows the
            // closing quote up to the delimiter is kept too (the TAB after a
            // quoted timestamp, say).
            const std::size_t begin = m_scratch.size();
            ++m_pos;
            bool closed = false;
            while (m_pos < n) {
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
                return false;
            }
            while (m_pos < n && d[m_pos] != ',' && d[m_pos] != '\n' && d[m_pos] != '\r')
                m_scratch.push_back(d[m_pos++]);
            pending.emplace_back(begin, m_scratch.size() - begin);
            cells.emplace_back();
        } else {
            const std::size_t begin = m_pos;
            while (m_pos < n && d[m_pos] != ',' && d[m_pos] != '\n' && d[m_pos] != '\r')
                ++m_pos;
            cells.emplace_back(d + begin, m_pos - begin);
            pending.emplace_back(std::size_t(-1), 0);
        }
        if (m_pos >= n)
            break;
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
        break;
    }
    // Scratch is complete now, so its views are stable for this record.
    for (std::size_t i = 0; i < cells.size(); ++i)
        if (pending[i].first != std::size_t(-1))
            cells[i] = std::string_view(m_scratch.data() + pending[i].first, pending[i].second);
    return true;
}

bool CsvReader::next()
{
    while (m_pos < m_data.size()) {
        if (!readRecord(m_cells))
            return false;
        if (m_cells.size() == 1 && trimCell(m_cells[0]).empty())
            continue; // blank line
        ++m_rows;
        return true;
    }
    m_cells.clear();
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
