// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "csvreader.h"
#include "reportscope.h"

#include "../model/tables.h"

#include <QString>
#include <QStringList>

#include <array>
#include <initializer_list>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace profscope {

// The two families of CSV files differ in what they forgive and in how they
// word it. Both are kept as written: merging them would change what the
// import report says about a file, and every message has its translation.
enum class CsvFamily {
    // ASCEND_PROFILER_OUTPUT deliverables (tableparsers.h): a record whose
    // cells do not line up with the header is skipped, and every missing
    // required column is named at once.
    Deliverable,
    // MindInsight-era profiler/ files (legacyparsers.h): extra cells are
    // ignored with a warning, a short last line without a final newline is a
    // file cut off while being written, a header of binary bytes is not CSV,
    // and a header without data rows is worth a warning.
    Legacy,
};

QString toQString(std::string_view text);
// Cell text quoted in a warning, clipped so that a JSON cell does not flood
// the import report.
QString clippedCell(std::string_view text);

// One CSV file being read into the model: owns the reader, looks columns up
// by header name, turns cell problems into warnings and skipped rows, and
// fills the FileReport. A parser opens, looks up its columns, checks the
// required ones, then per record reads the required cells, skips the row
// when one is bad (rowOk(), skipRow()), reads the optional ones, and ends
// with finish(rows); fail() ends the early exits (see tableparsers.cpp).
class CsvTable : public ReportScope
{
public:
    // `kind` may be null to keep the report's kind (see ReportScope).
    CsvTable(const QString& path, const char* kind, FileReport& report, CsvFamily family);

    // Reads the file and its header. On failure the report is Broken.
    // `checkWholeFile` false: see CsvReader::open (a table about to be read
    // in part, seekByTime).
    bool open(bool checkWholeFile = true);

    // Looks up a required column (first matching name); remembers it when
    // missing so that checkRequired() can report it.
    int required(std::initializer_list<std::string_view> names);
    int optional(std::initializer_list<std::string_view> names);
    // Columns found by required() / optional(), in lookup order.
    const std::vector<int>& mappedColumns() const
    {
        return m_mapped;
    }
    // A missing required column makes the whole file unusable (Broken, at
    // the header line). Returns false then.
    bool checkRequired();

    // Advances to the next record whose cells fit the header; the others
    // are skipped with a warning (see CsvFamily for what fits). At the end
    // a malformed record makes the file Broken at its line.
    bool next();
    CsvReader& reader()
    {
        return m_reader;
    }

    // Partial reads (Deliverable family), for a table cut to a step window
    // while it is read: next() splits each record only up to column
    // `lastColumn`, the cells a row is tested on. completeRow() reads the
    // rest of a row to keep; leaveRow() passes over the rest of one left
    // out, unsplit when it can (CsvReader::skipRest), and next() passes over
    // what neither read. Both return false when the row does not line up
    // with the header after all (skipped with next()'s warning) or the file
    // ends in a malformed record (the next next() reports it).
    void splitUpTo(int lastColumn);
    // Partial import of a huge run: read only the records that can hold rows
    // of `windowNs`, found by probing the time-ordered sections (csvseek.h).
    // Right after the columns are looked up. False when nothing could be
    // skipped (the table then reads on from its first record as usual).
    bool seekByTime(int timeColumn, int keyColumn, TimeRange windowNs, TimeNs slackNs);
    std::size_t seekSkippedBytes() const
    {
        return m_seekSkippedBytes;
    }
    // The records read started where the plan said (else the rows read may
    // be wrong, and the caller reads the whole table instead).
    bool seekConsistent() const
    {
        return !m_reader.rangesMisaligned();
    }
    bool completeRow();
    bool leaveRow();
    qint64 line() const
    {
        return m_reader.line();
    }
    // Line of the last record read, fitting or not.
    qint64 lastRecordLine() const
    {
        return m_lastRecordLine;
    }
    QString columnName(int col) const;

    // Required cells: a problem marks the row as unusable (rowOk() false);
    // the first problem of the row is the one skipRow() reports.
    std::optional<TimeNs> requiredNs(int col);   // cell in µs
    std::optional<TimeNs> requiredMsNs(int col); // cell in ms
    std::optional<qint64> requiredInt(int col);
    std::optional<double> requiredDouble(int col);
    QString requiredText(int col); // must not be empty
    bool rowOk() const
    {
        return m_rowProblem.isEmpty();
    }
    void skipRow();

    // Optional cells: an empty / N/A cell gives the fallback silently, a cell
    // that is there but not a number gives the fallback and a warning.
    TimeNs optionalNs(int col, TimeNs fallback = kInvalidTime);
    qint64 optionalInt(int col, qint64 fallback = -1);
    double optionalDouble(int col);
    // Text cell; the empty and N/A cells of shapes and data types mean "none".
    std::string_view optionalText(int col) const;

    // A warning about the current record, "line N: text" (the Legacy
    // wording; Deliverable messages say the line themselves).
    void warnLine(const QString& text);

    // Adds the counts ("rows", then `counts`, then "skippedRows") and closes
    // the report. Returns the parser contract value: false only when nothing
    // usable was read.
    bool finish(qint64 rows, std::initializer_list<std::pair<QString, qint64>> counts = {});

private:
    bool acceptAligned();
    bool acceptLegacy();
    void flushShortRow(bool atEnd);
    bool hasExtraText() const;
    bool lastByteIsNewline() const;
    void broken(const QString& reason, qint64 line);
    QString withFileName(const QString& error) const;
    void warnAt(qint64 line, const QString& text);
    // Defined in csvtable.cpp, the only place that uses them.
    template<class T>
    std::optional<T> requiredCell(int col, std::optional<T> (CsvReader::*read)(int) const);
    template<class T>
    T optionalCell(int col, T fallback, std::optional<T> (CsvReader::*read)(int) const);
    void rowProblem(int col);
    void timeProblem(int col, int decimalShift);
    void countTimeOutOfRange();
    void badCell(int col);

    CsvFamily m_family;
    CsvReader m_reader;
    std::vector<QStringList> m_missing; // per missing required column, its quoted names
    std::vector<int> m_mapped;
    std::size_t m_seekSkippedBytes = 0;
    std::size_t m_namedColumns = 0; // header cells without the trailing unnamed ones
    qint64 m_headerLine = 1;
    QString m_rowProblem;
    qint64 m_records = 0;
    qint64 m_lastRecordLine = -1;
    qint64 m_skipped = 0;
    // Times beyond ±kMaxAbsTimeNs (timebounds.h): rows skipped or values left
    // out, reported once by finish().
    bool m_rowOutOfRange = false;
    qint64 m_timesOutOfRange = 0;
    qint64 m_firstOutOfRangeLine = -1;
    // Legacy: a short record is reported once the next one shows whether it
    // was the last line of a truncated file.
    bool m_endsWithNewline = true;
    qint64 m_shortLine = -1;
    qint64 m_shortCells = 0;
};

// The step_trace_time.csv time columns by header name, indexed like
// StepTraceRow::Column (-1 when absent), for the per-rank file and
// msprof-analyze's cluster_step_trace_time.csv, which repeats them.
// `computingColumn` is the caller's required Computing column.
std::array<int, StepTraceRow::ColumnCount> stepTraceColumns(CsvTable& t, int computingColumn);
// The current row's values in ns (kInvalidTime for absent columns).
std::array<TimeNs, StepTraceRow::ColumnCount> stepTraceValues(
    CsvTable& t, const std::array<int, StepTraceRow::ColumnCount>& columns, TimeNs computingNs);

} // namespace profscope
