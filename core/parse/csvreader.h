// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "csvseek.h"
#include "numbers.h"

#include <QByteArray>
#include <QString>

#include <algorithm>
#include <memory>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

class QFile;

namespace profscope {

// A forgiving RFC 4180 reader for the profiler's CSV files: UTF-8 BOM, CRLF
// or LF, quoted cells with doubled quotes and embedded newlines (the
// operator_details "Call Stack" cells), TAB-terminated cells. Columns are
// always found by header name because they move between versions.
class CsvReader
{
public:
    // Maps the file (reads it when it cannot be mapped). On failure error()
    // says why (translated). `checkWholeFile` false: only the header is
    // checked for binary data now; a caller that then reads part of the file
    // (restrictTo) has those parts checked instead.
    bool open(const QString& path, bool checkWholeFile = true);
    // For tests and in-memory data.
    bool openData(std::string data, const QString& pathForMessages = {});
    ~CsvReader();
    CsvReader() = default;
    CsvReader(const CsvReader&) = delete;
    CsvReader& operator=(const CsvReader&) = delete;

    // The file's bytes and where the next record starts (after open(): the
    // first record after the header).
    std::string_view data() const
    {
        return m_data;
    }
    std::size_t position() const
    {
        return m_pos;
    }
    // Partial import (csvseek.h): only the records in `ranges` (line starts
    // at or after position(), in order) are read from now on. Line numbers
    // are not known past the first jump. False, with nothing restricted,
    // when a range holds binary data (a NUL byte).
    bool restrictTo(std::vector<CsvByteRange> ranges);
    // A record ran past the end of its range, or into the next one: the
    // ranges did not start at records after all.
    bool rangesMisaligned() const
    {
        return m_rangesMisaligned;
    }

    const QString& path() const
    {
        return m_path;
    }
    const QString& error() const
    {
        return m_error;
    }
    qint64 errorLine() const
    {
        return m_errorLine;
    }
    qint64 sizeBytes() const
    {
        return qint64(m_data.size());
    }
    // Line breaks in the whole file: an upper bound of the records (quoted
    // cells may span lines), for reserving columns once instead of growing
    // them (which leaves up to half of each column unused).
    qint64 lineBreaks() const;

    const std::vector<std::string>& header() const
    {
        return m_header;
    }
    // Index of the first header that matches one of the names (ASCII case-
    // insensitive, surrounding blanks ignored), or -1.
    int column(std::initializer_list<std::string_view> names) const;
    int column(std::string_view name) const
    {
        return column({ name });
    }

    // Advances to the next non-empty record. Returns false at the end or on a
    // malformed record (then error() is set and errorLine() points at it).
    bool next();
    // 1-based line on which the current record starts.
    qint64 line() const
    {
        return m_line;
    }
    qint64 rowCount() const
    {
        return m_rows;
    }
    // Cells of the current record (also of one passed over by skipRest()).
    std::size_t cellCount() const
    {
        return m_cellTotal >= 0 ? std::size_t(m_cellTotal) : m_cells.size();
    }

    // Partial reads (CsvTable::splitUpTo): next() splits a record only up to
    // `cells` cells (0: all). A record left open that way is either split to
    // its end (splitRest) or passed over (skipRest), which finds its end
    // with memchr instead of splitting it when the rest holds no quote and
    // no more cells than the header. Both return false on a malformed
    // record (error() set, nothing more to read).
    void setSplitLimit(std::size_t cells)
    {
        m_splitLimit = cells > 0 ? cells : std::size_t(-1);
    }
    bool recordOpen() const
    {
        return m_recordOpen;
    }
    bool splitRest();
    bool skipRest();
    // Unquoted cell text, trimmed; empty for a missing cell or column -1.
    std::string_view cell(int column) const;
    std::string_view rawCell(int column) const; // unquoted but untrimmed

    std::optional<double> number(int column) const
    {
        return parseDouble(cell(column));
    }
    std::optional<qint64> integer(int column) const
    {
        return parseInt(cell(column));
    }
    std::optional<TimeNs> microsToNs(int column) const
    {
        return parseUsToNs(cell(column));
    }
    std::optional<TimeNs> millisToNs(int column) const
    {
        return parseMsToNs(cell(column));
    }
    QString text(int column) const
    {
        const auto v = cell(column);
        return QString::fromUtf8(v.data(), qsizetype(v.size()));
    }

private:
    bool readRecord(std::vector<std::string_view>& cells, std::size_t limit);
    bool readCells(std::vector<std::string_view>& cells, std::size_t limit);
    bool failRecord();
    bool openView(std::string_view data, const QString& pathForMessages, bool checkWholeFile);
    void enterNextRange();
    // Offset of the first NUL byte in [begin, end), or npos.
    std::size_t nulAt(std::size_t begin, std::size_t end) const;

    QString m_path;
    QString m_error;
    qint64 m_errorLine = -1;
    std::string m_owned;     // openData()'s bytes
    QByteArray m_read;       // a file read whole (small, or not mappable)
    std::unique_ptr<QFile> m_file; // the mapped file
    std::string_view m_data; // the file's bytes: mapped, m_read or m_owned
    std::size_t m_pos = 0;
    std::vector<CsvByteRange> m_ranges; // restrictTo()
    std::size_t m_rangeIndex = 0;
    bool m_rangesMisaligned = false;
    qint64 m_nextLine = 1;
    qint64 m_line = 0;
    qint64 m_rows = 0;
    std::vector<std::string> m_header;
    std::vector<std::string_view> m_cells;
    std::string m_scratch; // unescaped quoted cells of the current record
    // The quoted cells of the current record: their text in m_scratch (the
    // others are viewed in m_data directly).
    struct QuotedCell
    {
        std::size_t cell = 0;
        std::size_t begin = 0;
        std::size_t size = 0;
    };
    std::vector<QuotedCell> m_quoted;
    std::size_t m_splitLimit = std::size_t(-1);
    bool m_recordOpen = false;   // cells past the split limit not read yet
    qint64 m_cellTotal = -1;     // cells of a record passed over unsplit
};

} // namespace profscope
