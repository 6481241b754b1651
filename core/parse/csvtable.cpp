// SPDX-License-Identifier: Apache-2.0
#include "csvtable.h"

#include "numbers.h"

#include <QByteArrayView>
#include <QCoreApplication>
#include <QFileInfo>

#include <algorithm>

namespace profscope {

namespace {

// Each family's messages keep the translation context they were written in,
// so that the existing translations still apply.
struct TableTr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::TableParsers)
};
struct LegacyTr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::LegacyParsers)
};

constexpr qsizetype kMaxQuotedChars = 60;

bool looksLikeText(std::string_view text)
{
    for (const char c : text)
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t')
            return false;
    return QByteArrayView(text.data(), qsizetype(text.size())).isValidUtf8();
}

} // namespace

QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

QString clippedCell(std::string_view text)
{
    QString s = toQString(text);
    if (s.size() > kMaxQuotedChars)
        s = s.left(kMaxQuotedChars) + QStringLiteral("...");
    return s;
}

CsvTable::CsvTable(const QString& path, const char* kind, FileReport& report, CsvFamily family)
    : ReportScope(path, kind, report,
                  family == CsvFamily::Legacy ? "profscope::LegacyParsers" : "profscope::TableParsers")
    , m_family(family)
{
    // The legacy parsers have always reported the path they read, even over
    // a different one the caller had set.
    if (m_family == CsvFamily::Legacy)
        m_report.path = path;
}

bool CsvTable::open(bool checkWholeFile)
{
    if (!m_reader.open(path(), checkWholeFile)) {
        // Looked at only on failure: a rank's many small tables open without
        // the extra system calls.
        const QFileInfo info(path());
        // For a path that is not a file the legacy parsers keep the size the
        // caller found; the deliverable ones say 0.
        if (info.isFile())
            m_report.sizeBytes = info.size();
        else if (m_family == CsvFamily::Deliverable)
            m_report.sizeBytes = 0;
        // "cannot open <path>" names the file already; "empty file" does not.
        const QString& error = m_reader.error();
        broken(error.contains(path()) ? error : withFileName(error), m_reader.errorLine());
        if (m_family == CsvFamily::Deliverable) {
            m_report.sizeBytes = std::max(m_report.sizeBytes, m_reader.sizeBytes());
            if (m_report.line < 0 && info.isFile() && info.isReadable())
                m_report.byteOffset = 0; // nothing usable from the first byte on (empty file)
        }
        return false;
    }
    m_report.sizeBytes = m_reader.sizeBytes();
    const auto& header = m_reader.header();
    if (m_family == CsvFamily::Legacy) {
        m_endsWithNewline = lastByteIsNewline();
        m_headerLine = m_reader.line();
        // Random bytes without a NUL would otherwise only surface as "required
        // column missing", which hides that the file is not text at all.
        for (const auto& name : header) {
            if (!looksLikeText(name)) {
                broken(LegacyTr::tr("%1 is not a CSV text file: its header line contains binary data").arg(fileName()),
                       m_headerLine);
                return false;
            }
        }
    }
    // Trailing unnamed header cells (a header ending in ',') need no value.
    m_namedColumns = header.size();
    while (m_namedColumns > 0 && header[m_namedColumns - 1].empty())
        --m_namedColumns;
    return true;
}

int CsvTable::required(std::initializer_list<std::string_view> names)
{
    const int col = m_reader.column(names);
    if (col < 0) {
        QStringList quoted;
        for (auto name : names)
            quoted << QLatin1Char('"') + toQString(name) + QLatin1Char('"');
        m_missing.push_back(quoted);
    } else {
        m_mapped.push_back(col);
    }
    return col;
}

int CsvTable::optional(std::initializer_list<std::string_view> names)
{
    const int col = m_reader.column(names);
    if (col >= 0)
        m_mapped.push_back(col);
    return col;
}

bool CsvTable::checkRequired()
{
    if (m_missing.empty())
        return true;
    if (m_family == CsvFamily::Legacy) {
        // The first missing column, with every header name it may have.
        broken(LegacyTr::tr("%1: required column %2 is missing from the header")
                   .arg(fileName(), m_missing.front().join(LegacyTr::tr(" or "))),
               m_headerLine);
        return false;
    }
    // Every missing column, by its first name. The header is taken to be on
    // line 1, so that is where the problem is.
    QStringList quoted;
    for (const QStringList& names : m_missing)
        quoted << names.first();
    if (quoted.size() == 1)
        broken(TableTr::tr("%1: required column %2 is missing").arg(fileName(), quoted.first()), 1);
    else
        broken(TableTr::tr("%1: required columns %2 are missing").arg(fileName(), quoted.join(QStringLiteral(", "))), 1);
    return false;
}

void CsvTable::splitUpTo(int lastColumn)
{
    if (m_family == CsvFamily::Deliverable && lastColumn >= 0)
        m_reader.setSplitLimit(std::size_t(lastColumn) + 1);
}

bool CsvTable::seekByTime(int timeColumn, int keyColumn, TimeRange windowNs, TimeNs slackNs)
{
    if (m_family != CsvFamily::Deliverable || timeColumn < 0)
        return false;
    CsvTimeSeekRequest request;
    request.firstRecord = m_reader.position();
    request.headerCells = m_reader.header().size();
    request.timeColumn = timeColumn;
    request.keyColumn = keyColumn;
    request.windowNs = windowNs;
    request.slackNs = slackNs;
    CsvTimeSeekPlan plan = planCsvTimeSeek(m_reader.data(), request);
    if (!plan.seek)
        return false;
    if (!m_reader.restrictTo(std::move(plan.ranges)))
        return false;
    m_seekSkippedBytes = plan.skippedBytes;
    return true;
}

bool CsvTable::completeRow()
{
    if (!m_reader.recordOpen())
        return true;
    return m_reader.splitRest() && acceptAligned();
}

bool CsvTable::leaveRow()
{
    if (!m_reader.recordOpen())
        return true;
    return m_reader.skipRest() && acceptAligned();
}

bool CsvTable::next()
{
    // The rest of a row a partial read neither completed nor left: passed
    // over (a malformed end leaves nothing to read, and is reported below).
    if (m_reader.recordOpen())
        m_reader.skipRest();
    while (m_reader.next()) {
        m_rowProblem.clear();
        m_rowOutOfRange = false;
        ++m_records;
        m_lastRecordLine = m_reader.line();
        if (m_family == CsvFamily::Legacy ? acceptLegacy() : acceptAligned())
            return true;
    }
    m_rowProblem.clear();
    const QString& error = m_reader.error();
    if (m_family == CsvFamily::Legacy)
        flushShortRow(error.isEmpty());
    if (!error.isEmpty())
        broken(withFileName(error), m_reader.errorLine());
    return false;
}

// A record with fewer cells lost one somewhere (server test_rank_0
// kernel_details line 17 has 31 cells for 32 columns, everything after the
// gap shifted by one), and one with extra non-empty cells gained one: either
// way every value after the gap would land in the wrong column, so the record
// is skipped with a warning rather than read wrong.
bool CsvTable::acceptAligned()
{
    // A record split only up to the cells a partial read tests (splitUpTo)
    // is judged once the rest is read or passed over.
    if (m_reader.recordOpen())
        return true;
    const std::size_t cells = m_reader.cellCount();
    bool aligned = cells >= m_namedColumns;
    for (std::size_t i = m_reader.header().size(); aligned && i < cells; ++i)
        aligned = m_reader.cell(int(i)).empty();
    if (aligned)
        return true;
    m_rowProblem = TableTr::tr("%1 cells where the header has %2 columns").arg(cells).arg(m_reader.header().size());
    skipRow();
    return false;
}

// Short records are skipped with a warning, except a short last line without
// a final newline: that is a file cut off while being written. Extra cells
// are only worth a warning.
bool CsvTable::acceptLegacy()
{
    const auto cells = qint64(m_reader.cellCount());
    flushShortRow(false);
    if (cells < qint64(m_namedColumns)) {
        m_shortLine = m_reader.line();
        m_shortCells = cells;
        return false;
    }
    if (cells > qint64(m_namedColumns) && hasExtraText())
        warnLine(LegacyTr::tr("%1 cells but the header has %2; the extra cells are ignored")
                     .arg(cells)
                     .arg(qint64(m_namedColumns)));
    return true;
}

void CsvTable::flushShortRow(bool atEnd)
{
    if (m_shortLine < 0)
        return;
    if (atEnd && !m_endsWithNewline) {
        broken(LegacyTr::tr("%1 is truncated: its last line %2 stops after %3 of %4 cells")
                   .arg(fileName(), QString::number(m_shortLine), QString::number(m_shortCells),
                        QString::number(m_namedColumns)),
               m_shortLine);
    } else {
        warnAt(m_shortLine, LegacyTr::tr("%1 of %2 cells; row skipped").arg(m_shortCells).arg(qint64(m_namedColumns)));
        ++m_skipped;
    }
    m_shortLine = -1;
}

bool CsvTable::hasExtraText() const
{
    for (auto i = m_namedColumns; i < m_reader.cellCount(); ++i)
        if (!m_reader.cell(int(i)).empty())
            return true;
    return false;
}

bool CsvTable::lastByteIsNewline() const
{
    const std::string_view data = m_reader.data(); // the whole file, read or mapped
    if (data.empty())
        return true; // nothing to judge by; do not call it truncated
    return data.back() == '\n' || data.back() == '\r';
}

QString CsvTable::columnName(int col) const
{
    const auto& header = m_reader.header();
    return col >= 0 && std::size_t(col) < header.size() ? toQString(header[std::size_t(col)]) : QString();
}

template<class T>
std::optional<T> CsvTable::requiredCell(int col, std::optional<T> (CsvReader::*read)(int) const)
{
    auto v = (m_reader.*read)(col);
    if (!v)
        rowProblem(col);
    return v;
}

std::optional<TimeNs> CsvTable::requiredNs(int col)
{
    auto v = m_reader.microsToNs(col);
    if (!v)
        timeProblem(col, 3);
    return v;
}

std::optional<TimeNs> CsvTable::requiredMsNs(int col)
{
    auto v = m_reader.millisToNs(col);
    if (!v)
        timeProblem(col, 6);
    return v;
}

// A required time cell that did not read: a number beyond ±kMaxAbsTimeNs
// skips the row too, but is counted for one message per file (finish())
// instead of one per row.
void CsvTable::timeProblem(int col, int decimalShift)
{
    if (m_rowProblem.isEmpty() && isOutOfRangeTime(m_reader.cell(col), decimalShift)) {
        m_rowOutOfRange = true;
        m_rowProblem = TableTr::tr("column \"%1\" is outside the representable range of times").arg(columnName(col));
        return;
    }
    rowProblem(col);
}

void CsvTable::countTimeOutOfRange()
{
    if (m_timesOutOfRange++ == 0)
        m_firstOutOfRangeLine = line();
}

std::optional<qint64> CsvTable::requiredInt(int col)
{
    return requiredCell(col, &CsvReader::integer);
}

std::optional<double> CsvTable::requiredDouble(int col)
{
    return requiredCell(col, &CsvReader::number);
}

QString CsvTable::requiredText(int col)
{
    QString v = m_reader.text(col);
    if (v.isEmpty())
        rowProblem(col);
    return v;
}

void CsvTable::skipRow()
{
    ++m_skipped;
    if (m_rowOutOfRange) {
        countTimeOutOfRange();
        return;
    }
    if (m_family == CsvFamily::Legacy)
        warnLine(m_rowProblem);
    else
        warn(TableTr::tr("line %1: row skipped: %2").arg(line()).arg(m_rowProblem));
}

template<class T>
T CsvTable::optionalCell(int col, T fallback, std::optional<T> (CsvReader::*read)(int) const)
{
    if (col < 0 || isNullCell(m_reader.cell(col)))
        return fallback;
    if (auto v = (m_reader.*read)(col))
        return *v;
    badCell(col);
    return fallback;
}

TimeNs CsvTable::optionalNs(int col, TimeNs fallback)
{
    // Each cell is parsed once: it was parsed a second time to tell an
    // out-of-range time from a bad cell, also when it read fine.
    if (col < 0 || isNullCell(m_reader.cell(col)))
        return fallback;
    if (const auto v = m_reader.microsToNs(col))
        return *v;
    // Beyond ±kMaxAbsTimeNs: the value is left out like an empty cell, and
    // counted for the one message of the file.
    if (isOutOfRangeTime(m_reader.cell(col), 3))
        countTimeOutOfRange();
    else
        badCell(col);
    return fallback;
}

qint64 CsvTable::optionalInt(int col, qint64 fallback)
{
    return optionalCell(col, fallback, &CsvReader::integer);
}

double CsvTable::optionalDouble(int col)
{
    return optionalCell(col, kNoValue, &CsvReader::number);
}

std::string_view CsvTable::optionalText(int col) const
{
    const auto v = m_reader.cell(col);
    return isNullCell(v) ? std::string_view() : v;
}

void CsvTable::warnLine(const QString& text)
{
    warnAt(line(), text);
}

bool CsvTable::finish(qint64 rows, std::initializer_list<std::pair<QString, qint64>> counts)
{
    // A readable file without data rows is usable: it says there was nothing
    // to record.
    if (m_family == CsvFamily::Legacy && !failed() && rows == 0 && m_records == 0)
        warnAt(m_headerLine, LegacyTr::tr("%1 has a header but no data rows").arg(fileName()));
    // Past the cap of warnings too: it is the one message about these rows.
    if (m_timesOutOfRange > 0)
        m_report.warnings << (TableTr::tr("%1: %2 rows hold times outside the representable range (beyond ±%3 years), first at line %4: "
                         "those times were skipped")
                 .arg(fileName())
                 .arg(m_timesOutOfRange)
                 .arg(kMaxAbsTimeNs / (365LL * 24 * 3600 * 1000000000LL))
                 .arg(m_firstOutOfRangeLine));
    m_report.addCount(QStringLiteral("rows"), rows);
    for (const auto& [what, n] : counts)
        m_report.addCount(what, n);
    if (m_skipped > 0)
        m_report.addCount(QStringLiteral("skippedRows"), m_skipped);
    return ReportScope::finish() || rows > 0;
}

void CsvTable::broken(const QString& reason, qint64 line)
{
    if (markBroken(reason))
        m_report.line = line;
}

QString CsvTable::withFileName(const QString& error) const
{
    if (m_family == CsvFamily::Legacy)
        return LegacyTr::tr("%1: %2").arg(fileName(), error);
    return fileName() + QStringLiteral(": ") + error;
}

void CsvTable::warnAt(qint64 line, const QString& text)
{
    warn(LegacyTr::tr("line %1: %2").arg(line).arg(text));
}

void CsvTable::rowProblem(int col)
{
    if (!m_rowProblem.isEmpty())
        return; // the first problem of the row is enough
    const auto cell = m_reader.cell(col);
    if (m_family == CsvFamily::Legacy) {
        // A cell the record does not have reads as empty.
        if (isNullCell(cell))
            m_rowProblem = LegacyTr::tr("column \"%1\" is empty; row skipped").arg(columnName(col));
        else
            m_rowProblem =
                LegacyTr::tr("column \"%1\": \"%2\" is not a number; row skipped").arg(columnName(col), clippedCell(cell));
    } else if (col < 0 || std::size_t(col) >= m_reader.cellCount()) {
        m_rowProblem = TableTr::tr("column \"%1\" is missing in this row").arg(columnName(col));
    } else if (isNullCell(cell)) {
        m_rowProblem = TableTr::tr("column \"%1\" is empty or N/A").arg(columnName(col));
    } else {
        m_rowProblem = TableTr::tr("column \"%1\": \"%2\" is not a valid number").arg(columnName(col), toQString(cell));
    }
}

void CsvTable::badCell(int col)
{
    const auto cell = m_reader.cell(col);
    if (m_family == CsvFamily::Legacy)
        warnLine(LegacyTr::tr("column \"%1\": \"%2\" is not a number; value ignored").arg(columnName(col), clippedCell(cell)));
    else
        warn(TableTr::tr("line %1: column \"%2\": \"%3\" is not a valid number, ignored")
                 .arg(line())
                 .arg(columnName(col), toQString(cell)));
}

std::array<int, StepTraceRow::ColumnCount> stepTraceColumns(CsvTable& t, int computingColumn)
{
    // Computing is in every version; the others come and go (Preparing is
    // new), so they are optional.
    std::array<int, StepTraceRow::ColumnCount> cols;
    cols.fill(-1);
    cols[StepTraceRow::Computing] = computingColumn;
    cols[StepTraceRow::CommunicationNotOverlapped] = t.optional({ "Communication(Not Overlapped)" });
    cols[StepTraceRow::Overlapped] = t.optional({ "Overlapped" });
    cols[StepTraceRow::Communication] = t.optional({ "Communication" });
    cols[StepTraceRow::Free] = t.optional({ "Free" });
    cols[StepTraceRow::Stage] = t.optional({ "Stage" });
    cols[StepTraceRow::Bubble] = t.optional({ "Bubble" });
    cols[StepTraceRow::CommunicationNotOverlappedExcludeReceive] =
        t.optional({ "Communication(Not Overlapped and Exclude Receive)" });
    cols[StepTraceRow::Preparing] = t.optional({ "Preparing" });
    return cols;
}

std::array<TimeNs, StepTraceRow::ColumnCount> stepTraceValues(
    CsvTable& t, const std::array<int, StepTraceRow::ColumnCount>& columns, TimeNs computingNs)
{
    std::array<TimeNs, StepTraceRow::ColumnCount> values;
    for (int c = 0; c < StepTraceRow::ColumnCount; ++c)
        values[std::size_t(c)] = t.optionalNs(columns[std::size_t(c)]);
    values[StepTraceRow::Computing] = computingNs;
    return values;
}

} // namespace profscope
