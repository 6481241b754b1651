// SPDX-License-Identifier: Apache-2.0
#include "legacyparsers.h"

#include "csvreader.h"
#include "numbers.h"

#include <nlohmann/json.hpp>

#include <QByteArrayView>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHash>

#include <optional>
#include <string>
#include <string_view>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::LegacyParsers)
};

// A broken file can produce one complaint per cell (1056 columns in a
// cluster step trace); the first few say what is wrong, the rest is noise.
constexpr int kMaxWarnings = 20;
// Cell text quoted in a warning is clipped so that a JSON cell does not
// flood the import report.
constexpr qsizetype kMaxQuotedChars = 60;

QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

QString quoted(std::string_view text)
{
    QString s = toQString(text);
    if (s.size() > kMaxQuotedChars)
        s = s.left(kMaxQuotedChars) + QStringLiteral("...");
    return s;
}

bool looksLikeText(std::string_view text)
{
    for (const char c : text)
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t')
            return false;
    return QByteArrayView(text.data(), qsizetype(text.size())).isValidUtf8();
}

enum class Need { Optional, Required };

// What every legacy parser does around its row loop: open, find columns,
// read rows, collect capped warnings, and fill the FileReport the same way.
class FileParse
{
public:
    FileParse(const QString& path, FileReport& report)
        : m_path(path)
        , m_report(report)
        , m_fileName(QFileInfo(path).fileName())
    {
        m_timer.start();
        m_report.path = path;
        const QFileInfo info(path);
        if (info.isFile())
            m_report.sizeBytes = info.size();
    }

    CsvReader& csv()
    {
        return m_csv;
    }
    bool failed() const
    {
        return m_failed;
    }

    bool open()
    {
        if (!m_csv.open(m_path)) {
            const QString error = m_csv.error();
            fail(m_csv.errorLine(), error.contains(m_path) ? error : Tr::tr("%1: %2").arg(m_fileName, error));
            return false;
        }
        m_report.sizeBytes = m_csv.sizeBytes();
        m_endsWithNewline = lastByteIsNewline();
        m_headerLine = m_csv.line();
        // Random bytes without a NUL would otherwise only surface as "required
        // column missing", which hides that the file is not text at all.
        for (const auto& name : m_csv.header()) {
            if (!looksLikeText(name)) {
                fail(m_headerLine,
                     Tr::tr("%1 is not a CSV text file: its header line contains binary data").arg(m_fileName));
                return false;
            }
        }
        // A trailing comma on the header line adds an empty column name that
        // the data rows need not repeat.
        const auto& header = m_csv.header();
        m_headerCells = qint64(header.size());
        while (m_headerCells > 0 && header[std::size_t(m_headerCells - 1)].empty())
            --m_headerCells;
        return true;
    }

    int column(std::initializer_list<std::string_view> names) const
    {
        return m_csv.column(names);
    }

    // Finds a column the file cannot be read without; marks the file Broken
    // (naming the file and the accepted header names) when it is missing.
    int require(std::initializer_list<std::string_view> names)
    {
        const int col = m_csv.column(names);
        if (col < 0 && !m_failed) {
            QStringList accepted;
            for (auto name : names)
                accepted << QLatin1Char('"') + toQString(name) + QLatin1Char('"');
            fail(m_headerLine,
                 Tr::tr("%1: required column %2 is missing from the header")
                     .arg(m_fileName, accepted.join(Tr::tr(" or "))));
        }
        return col;
    }

    QString columnName(int col) const
    {
        const auto& header = m_csv.header();
        return col >= 0 && std::size_t(col) < header.size() ? toQString(header[std::size_t(col)]) : QString();
    }

    // Advances to the next data row that has at least as many cells as the
    // header. Short rows are skipped with a warning, except a short last row
    // without a final newline: that is a file cut off while being written.
    bool next()
    {
        while (true) {
            if (!m_csv.next()) {
                if (!m_csv.error().isEmpty()) {
                    flushShortRow(false);
                    fail(m_csv.errorLine(), Tr::tr("%1: %2").arg(m_fileName, m_csv.error()));
                } else {
                    flushShortRow(true);
                }
                return false;
            }
            ++m_records;
            m_lastRecordLine = m_csv.line();
            const auto cells = qint64(m_csv.cellCount());
            flushShortRow(false);
            if (cells < m_headerCells) {
                m_shortLine = m_csv.line();
                m_shortCells = cells;
                continue;
            }
            if (cells > m_headerCells && hasExtraText())
                warn(m_csv.line(),
                     Tr::tr("%1 cells but the header has %2; the extra cells are ignored").arg(cells).arg(m_headerCells));
            return true;
        }
    }

    qint64 lastRecordLine() const
    {
        return m_lastRecordLine;
    }
    qint64 records() const
    {
        return m_records;
    }

    void warn(qint64 line, const QString& text)
    {
        ++m_warningCount;
        if (m_warningCount <= kMaxWarnings)
            m_report.warnings << Tr::tr("line %1: %2").arg(line).arg(text);
    }

    void skipRow()
    {
        ++m_skippedRows;
    }

    // Integer cell. Empty / N/A cells leave `out` alone. Returns false when
    // the row must be skipped (a required cell that is empty or not a number).
    bool readInt(int col, qint64& out, Need need)
    {
        if (col < 0)
            return need == Need::Optional;
        const auto text = m_csv.cell(col);
        if (isNullCell(text))
            return nullCell(col, need);
        if (const auto v = parseInt(text)) {
            out = *v;
            return true;
        }
        return badNumber(col, text, need);
    }

    bool readDouble(int col, double& out, Need need)
    {
        if (col < 0)
            return need == Need::Optional;
        const auto text = m_csv.cell(col);
        if (isNullCell(text))
            return nullCell(col, need);
        if (const auto v = parseDouble(text)) {
            out = *v;
            return true;
        }
        return badNumber(col, text, need);
    }

    QString text(int col) const
    {
        return col >= 0 ? m_csv.text(col) : QString();
    }

    void fail(qint64 line, const QString& reason)
    {
        if (m_failed)
            return;
        m_failed = true;
        m_report.status = FileStatus::Broken;
        m_report.reason = reason;
        m_report.line = line;
    }

    // The contract value (as in tableparsers.cpp): false only when nothing
    // usable was read. A readable file without data rows is usable: it says
    // there was nothing to record.
    bool finish(qint64 keptRows)
    {
        if (!m_failed) {
            m_report.status = FileStatus::Used;
            m_report.reason.clear();
            if (keptRows == 0 && m_records == 0)
                warn(m_headerLine, Tr::tr("%1 has a header but no data rows").arg(m_fileName));
        }
        if (m_skippedRows > 0)
            m_report.addCount(QStringLiteral("skippedRows"), m_skippedRows);
        if (m_warningCount > kMaxWarnings)
            m_report.warnings << Tr::tr("... %n more warning(s)", nullptr, int(m_warningCount - kMaxWarnings));
        m_report.parseMs = double(m_timer.nsecsElapsed()) / 1e6;
        return !m_failed || keptRows > 0;
    }

private:
    bool lastByteIsNewline() const
    {
        QFile file(m_path);
        if (!file.open(QIODevice::ReadOnly) || file.size() == 0 || !file.seek(file.size() - 1))
            return true; // nothing to judge by; do not call it truncated
        char last = 0;
        if (file.read(&last, 1) != 1)
            return true;
        return last == '\n' || last == '\r';
    }

    bool hasExtraText() const
    {
        for (auto i = std::size_t(m_headerCells); i < m_csv.cellCount(); ++i)
            if (!m_csv.cell(int(i)).empty())
                return true;
        return false;
    }

    void flushShortRow(bool atEnd)
    {
        if (m_shortLine < 0)
            return;
        if (atEnd && !m_endsWithNewline) {
            fail(m_shortLine,
                 Tr::tr("%1 is truncated: its last line %2 stops after %3 of %4 cells")
                     .arg(m_fileName, QString::number(m_shortLine), QString::number(m_shortCells),
                          QString::number(m_headerCells)));
        } else {
            warn(m_shortLine,
                 Tr::tr("%1 of %2 cells; row skipped").arg(m_shortCells).arg(m_headerCells));
            ++m_skippedRows;
        }
        m_shortLine = -1;
    }

    bool nullCell(int col, Need need)
    {
        if (need == Need::Optional)
            return true;
        warn(m_csv.line(), Tr::tr("column \"%1\" is empty; row skipped").arg(columnName(col)));
        return false;
    }

    bool badNumber(int col, std::string_view text, Need need)
    {
        if (need == Need::Required) {
            warn(m_csv.line(),
                 Tr::tr("column \"%1\": \"%2\" is not a number; row skipped").arg(columnName(col), quoted(text)));
            return false;
        }
        warn(m_csv.line(),
             Tr::tr("column \"%1\": \"%2\" is not a number; value ignored").arg(columnName(col), quoted(text)));
        return true;
    }

    QString m_path;
    FileReport& m_report;
    QString m_fileName;
    CsvReader m_csv;
    QElapsedTimer m_timer;
    bool m_failed = false;
    bool m_endsWithNewline = true;
    qint64 m_headerLine = 1;
    qint64 m_headerCells = 0;
    qint64 m_records = 0;
    qint64 m_lastRecordLine = -1;
    qint64 m_shortLine = -1;
    qint64 m_shortCells = 0;
    qint64 m_warningCount = 0;
    qint64 m_skippedRows = 0;
};

bool isAverageStepCell(std::string_view stepCell)
{
    // MindSpore marks its per-file average row with step_num "-"; a hand
    // edited file may leave it empty.
    stepCell = trimCell(stepCell);
    return stepCell.empty() || stepCell == "-";
}

bool endsWith(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// "[10, 20, 30]" -> {10, 20, 30}; "" and "[]" -> {}. False on anything else.
bool parseIntList(std::string_view text, std::vector<qint64>& out)
{
    out.clear();
    text = trimCell(text);
    if (!text.empty() && text.front() == '[') {
        if (text.back() != ']')
            return false;
        text = trimCell(text.substr(1, text.size() - 2));
    }
    if (text.empty())
        return true;
    while (true) {
        const auto comma = text.find(',');
        const auto item = trimCell(text.substr(0, comma));
        const auto v = parseInt(item);
        if (!v) {
            out.clear();
            return false;
        }
        out.push_back(*v);
        if (comma == std::string_view::npos)
            return true;
        text = text.substr(comma + 1);
    }
}

// ---- hccl_raw JSON cells -------------------------------------------------------------------

// ordered_json keeps the file's key order (MindSpore writes ops in execution
// order); the default json would sort them by name.
using Json = nlohmann::ordered_json;

std::optional<double> jsonNumber(const Json& value)
{
    if (value.is_number())
        return value.get<double>();
    if (value.is_string())
        return parseDouble(value.get_ref<const std::string&>());
    return std::nullopt;
}

// {"1-0": {"SDMA": [time_ms, size_KB, bandwidth_KB_per_s(, wait_ms)]}, ...}
// On failure `problem` says what is wrong and `out` is unchanged.
bool parseLinkMap(const Json& map, std::vector<HcclLinkCost>& out, QString& problem)
{
    if (!map.is_object()) {
        problem = Tr::tr("the link map is not a JSON object");
        return false;
    }
    std::vector<HcclLinkCost> links;
    for (const auto& link : map.items()) {
        if (!link.value().is_object()) {
            problem = Tr::tr("link \"%1\" is not a JSON object").arg(QString::fromStdString(link.key()));
            return false;
        }
        for (const auto& transport : link.value().items()) {
            const Json& values = transport.value();
            const auto time = values.is_array() && values.size() >= 3 ? jsonNumber(values[0]) : std::nullopt;
            const auto size = time ? jsonNumber(values[1]) : std::nullopt;
            const auto bandwidth = size ? jsonNumber(values[2]) : std::nullopt;
            if (!bandwidth) {
                problem = Tr::tr("link \"%1\" %2 is not [time, size, bandwidth]")
                              .arg(QString::fromStdString(link.key()), QString::fromStdString(transport.key()));
                return false;
            }
            HcclLinkCost cost;
            cost.link = QString::fromStdString(link.key());
            cost.transport = QString::fromStdString(transport.key());
            cost.timeMs = *time;
            cost.sizeKB = *size;
            cost.bandwidthKBps = *bandwidth;
            if (values.size() >= 4)
                if (const auto wait = jsonNumber(values[3]))
                    cost.waitMs = *wait;
            links.push_back(std::move(cost));
        }
    }
    out = std::move(links);
    return true;
}

// {"stream_41_0_AllReduce-op4582": ["<step>", cost_ms, wait_ms, {link map}], ...}
bool parseOpCostMap(const Json& map, std::vector<HcclOpCost>& out, QString& problem)
{
    if (!map.is_object()) {
        problem = Tr::tr("it is not a JSON object");
        return false;
    }
    std::vector<HcclOpCost> ops;
    ops.reserve(map.size());
    for (const auto& entry : map.items()) {
        const Json& values = entry.value();
        const QString name = QString::fromStdString(entry.key());
        const auto cost = values.is_array() && values.size() >= 3 ? jsonNumber(values[1]) : std::nullopt;
        const auto wait = cost ? jsonNumber(values[2]) : std::nullopt;
        if (!wait) {
            problem = Tr::tr("operator \"%1\" is not [step, cost, wait, links]").arg(name);
            return false;
        }
        HcclOpCost op;
        op.opName = name;
        op.costMs = *cost;
        op.waitMs = *wait;
        if (values.size() >= 4 && !values[3].is_null()) {
            QString linkProblem;
            if (!parseLinkMap(values[3], op.links, linkProblem)) {
                problem = Tr::tr("operator \"%1\": %2").arg(name, linkProblem);
                return false;
            }
        }
        ops.push_back(std::move(op));
    }
    out = std::move(ops);
    return true;
}

std::optional<Json> parseJsonCell(std::string_view text, QString& problem)
{
    try {
        return Json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::exception& e) {
        problem = Tr::tr("invalid JSON (%1)").arg(QString::fromUtf8(e.what()));
        return std::nullopt;
    }
}

} // namespace

// ---- step_trace_raw_{rank}_detail_time.csv -------------------------------------------------

bool parseLegacyStepTrace(const QString& path, LegacyStepTrace& out, FileReport& report)
{
    FileParse p(path, report);
    if (!p.open())
        return p.finish(0);

    // The nine fixed columns are in every known version (2020 and 2021
    // fixtures); the step breakdown needs all of them, so none is optional.
    const int stepCol = p.require({ "step_num" });
    const int startCol = p.require({ "start_point" });
    const int endCol = p.require({ "end_point" });
    const int totalCol = p.require({ "total" });
    const int fpCol = p.require({ "fp_point" });
    const int bpCol = p.require({ "bp_point" });
    const int intervalCol = p.require({ "iteration_interval" });
    const int fpBpCol = p.require({ "fp_and_bp" });
    const int tailCol = p.require({ "tail" });
    if (p.failed())
        return p.finish(0);

    // Group the dynamic stream_* columns into (start, end, duration) triples
    // by base name, in whatever order the three columns come (it differs
    // between MindSpore versions). Like MindInsight, only stream_* columns
    // are ops; any other unknown column is ignored.
    struct OpColumns
    {
        QString name;
        int start = -1;
        int end = -1;
        int duration = -1;
    };
    std::vector<OpColumns> opColumns;
    QHash<QString, std::size_t> opIndex;
    const auto& header = p.csv().header();
    for (std::size_t i = 0; i < header.size(); ++i) {
        std::string_view name = header[i];
        if (name.substr(0, 7) != "stream_")
            continue;
        int role = 2; // duration
        if (endsWith(name, "_start_point")) {
            role = 0;
            name.remove_suffix(std::string_view("_start_point").size());
        } else if (endsWith(name, "_end_point")) {
            role = 1;
            name.remove_suffix(std::string_view("_end_point").size());
        }
        const QString base = toQString(name);
        auto it = opIndex.find(base);
        if (it == opIndex.end()) {
            it = opIndex.insert(base, opColumns.size());
            opColumns.push_back({ base });
        }
        OpColumns& op = opColumns[it.value()];
        int& slot = role == 0 ? op.start : role == 1 ? op.end : op.duration;
        if (slot >= 0)
            p.warn(p.csv().line(),
                   Tr::tr("column \"%1\" appears twice; the first one is used").arg(toQString(header[i])));
        else
            slot = int(i);
    }
    for (const auto& op : opColumns)
        if (op.start < 0 || op.end < 0 || op.duration < 0)
            p.warn(p.csv().line(),
                   Tr::tr("stream operator \"%1\" lacks its start, end or duration column; the missing values are -1")
                       .arg(op.name));

    const std::size_t firstNewRow = out.rows.size();
    qint64 lastKeptLine = -1;
    while (p.next()) {
        if (isAverageStepCell(p.csv().cell(stepCol)))
            continue;
        LegacyStepTraceRow row;
        if (!(p.readInt(stepCol, row.stepNum, Need::Required) && p.readInt(startCol, row.startPoint, Need::Required)
              && p.readInt(endCol, row.endPoint, Need::Required) && p.readInt(totalCol, row.total, Need::Required)
              && p.readInt(fpCol, row.fpPoint, Need::Required) && p.readInt(bpCol, row.bpPoint, Need::Required)
              && p.readInt(intervalCol, row.iterationInterval, Need::Required)
              && p.readInt(fpBpCol, row.fpAndBp, Need::Required) && p.readInt(tailCol, row.tail, Need::Required))) {
            p.skipRow();
            continue;
        }
        row.streamOps.reserve(opColumns.size());
        for (const auto& cols : opColumns) {
            LegacyStepTraceRow::StreamOp op;
            op.name = cols.name;
            p.readInt(cols.start, op.startPoint, Need::Optional);
            p.readInt(cols.end, op.endPoint, Need::Optional);
            p.readInt(cols.duration, op.duration, Need::Optional);
            row.streamOps.push_back(std::move(op));
        }
        out.rows.push_back(std::move(row));
        lastKeptLine = p.csv().line();
    }
    // With fewer than two steps MindSpore writes its average row with step_num
    // 0 instead of "-" (run_2..run_4 fixtures). Steps count from 1, and
    // MindInsight always treats the last row as the average, so a trailing
    // step 0 is that row, not a step.
    if (!p.failed() && out.rows.size() > firstNewRow && out.rows.back().stepNum == 0
        && lastKeptLine == p.lastRecordLine())
        out.rows.pop_back();

    const auto kept = qint64(out.rows.size() - firstNewRow);
    report.addCount(QStringLiteral("rows"), kept);
    report.addCount(QStringLiteral("steps"), kept);
    report.addCount(QStringLiteral("streamOps"), qint64(opColumns.size()));
    return p.finish(kept);
}

// ---- framework_raw_{rank}.csv --------------------------------------------------------------

bool parseFrameworkRaw(const QString& path, std::vector<FrameworkOpRow>& out, FileReport& report)
{
    FileParse p(path, report);
    if (!p.open())
        return p.finish(0);

    const int taskCol = p.require({ "task_id" });
    const int streamCol = p.require({ "stream_id" });
    const int fullNameCol = p.require({ "full_kernel_name", "full_op_name" });
    if (p.failed())
        return p.finish(0);
    const int blockDimCol = p.column({ "block_dim" });
    // In the 2020 variant op_name repeats the full name and kernel_name is
    // the short one; in the later variant op_name is the short one.
    const int shortNameCol = p.column({ "kernel_name", "op_name" });
    const int typeCol = p.column({ "kernel_type", "op_type" });
    const int subgraphCol = p.column({ "subgraph" });
    const int opInfoCol = p.column({ "op_info" });
    const int graphCol = p.column({ "graph_id" });

    qint64 kept = 0;
    while (p.next()) {
        FrameworkOpRow row;
        if (!p.readInt(taskCol, row.taskId, Need::Required) || !p.readInt(streamCol, row.streamId, Need::Required)) {
            p.skipRow();
            continue;
        }
        row.fullName = p.text(fullNameCol);
        if (row.fullName.isEmpty()) {
            p.warn(p.csv().line(), Tr::tr("column \"%1\" is empty; row skipped").arg(p.columnName(fullNameCol)));
            p.skipRow();
            continue;
        }
        p.readInt(blockDimCol, row.blockDim, Need::Optional);
        p.readInt(graphCol, row.graphId, Need::Optional);
        row.opName = p.text(shortNameCol);
        row.opType = p.text(typeCol);
        row.subgraph = p.text(subgraphCol);
        if (opInfoCol >= 0) {
            const auto info = p.csv().cell(opInfoCol);
            // Kept as text for the detail view; checked here so that a broken
            // cell is reported where the line number is known.
            if (!info.empty() && !nlohmann::json::accept(info.begin(), info.end()))
                p.warn(p.csv().line(), Tr::tr("op_info is not valid JSON; kept as text"));
            row.opInfoJson = toQString(info);
        }
        out.push_back(std::move(row));
        ++kept;
    }
    report.addCount(QStringLiteral("rows"), kept);
    return p.finish(kept);
}

// ---- aicore_intermediate_{rank}_detail.csv / _type.csv -------------------------------------

bool parseAicoreDetail(const QString& path, std::vector<AicoreOpDetailRow>& out, FileReport& report)
{
    FileParse p(path, report);
    if (!p.open())
        return p.finish(0);

    // "full_kernel_time" is a real header typo (MindInsight's
    // profiler/aicore_intermediate_1_detail.csv); its cells are names.
    const int nameCol = p.require({ "full_kernel_name", "full_op_name", "full_kernel_time" });
    const int timeCol = p.require({ "execution_time" });
    if (p.failed())
        return p.finish(0);
    const int frequencyCol = p.column({ "execution_frequency" });

    qint64 kept = 0;
    while (p.next()) {
        AicoreOpDetailRow row;
        row.fullName = p.text(nameCol);
        if (row.fullName.isEmpty()) {
            p.warn(p.csv().line(), Tr::tr("column \"%1\" is empty; row skipped").arg(p.columnName(nameCol)));
            p.skipRow();
            continue;
        }
        if (!p.readDouble(timeCol, row.executionTimeMs, Need::Required)) {
            p.skipRow();
            continue;
        }
        p.readInt(frequencyCol, row.executionFrequency, Need::Optional);
        out.push_back(std::move(row));
        ++kept;
    }
    report.addCount(QStringLiteral("rows"), kept);
    return p.finish(kept);
}

bool parseAicoreType(const QString& path, std::vector<AicoreOpTypeRow>& out, FileReport& report)
{
    FileParse p(path, report);
    if (!p.open())
        return p.finish(0);

    const int typeCol = p.require({ "kernel_type", "op_type" });
    // The later variant calls the per-type total "execution_time".
    const int totalCol = p.require({ "total_time", "execution_time" });
    if (p.failed())
        return p.finish(0);
    const int frequencyCol = p.column({ "execution_frequency" });
    const int percentCol = p.column({ "percent" });

    qint64 kept = 0;
    while (p.next()) {
        AicoreOpTypeRow row;
        row.opType = p.text(typeCol);
        if (row.opType.isEmpty()) {
            p.warn(p.csv().line(), Tr::tr("column \"%1\" is empty; row skipped").arg(p.columnName(typeCol)));
            p.skipRow();
            continue;
        }
        if (!p.readDouble(totalCol, row.totalTimeMs, Need::Required)) {
            p.skipRow();
            continue;
        }
        p.readInt(frequencyCol, row.executionFrequency, Need::Optional);
        p.readDouble(percentCol, row.percent, Need::Optional);
        out.push_back(std::move(row));
        ++kept;
    }
    report.addCount(QStringLiteral("rows"), kept);
    return p.finish(kept);
}

// ---- aicpu_intermediate_{rank}.csv ---------------------------------------------------------

bool parseAicpuIntermediate(const QString& path, std::vector<AicpuOpRow>& out, FileReport& report)
{
    FileParse p(path, report);
    if (!p.open())
        return p.finish(0);

    const int typeCol = p.require({ "kernel_type", "op_type" });
    const int totalCol = p.require({ "total_time" });
    if (p.failed())
        return p.finish(0);
    const int serialCol = p.column({ "serial_number" });
    const int dispatchCol = p.column({ "dispatch_time" });
    const int executionCol = p.column({ "execution_time" });
    const int runStartCol = p.column({ "run_start" });
    const int runEndCol = p.column({ "run_end" });

    qint64 kept = 0;
    while (p.next()) {
        AicpuOpRow row;
        row.opType = p.text(typeCol);
        if (row.opType.isEmpty()) {
            p.warn(p.csv().line(), Tr::tr("column \"%1\" is empty; row skipped").arg(p.columnName(typeCol)));
            p.skipRow();
            continue;
        }
        if (!p.readDouble(totalCol, row.totalTimeMs, Need::Required)) {
            p.skipRow();
            continue;
        }
        p.readInt(serialCol, row.serialNumber, Need::Optional);
        p.readDouble(dispatchCol, row.dispatchTimeMs, Need::Optional);
        p.readDouble(executionCol, row.executionTimeMs, Need::Optional);
        p.readInt(runStartCol, row.runStart, Need::Optional);
        p.readInt(runEndCol, row.runEnd, Need::Optional);
        out.push_back(std::move(row));
        ++kept;
    }
    report.addCount(QStringLiteral("rows"), kept);
    return p.finish(kept);
}

// ---- hccl_raw_{rank}.csv -------------------------------------------------------------------

bool parseHcclRaw(const QString& path, std::vector<HcclRawRow>& out, FileReport& report)
{
    FileParse p(path, report);
    if (!p.open())
        return p.finish(0);

    const int stepCol = p.require({ "step_num" });
    const int costCol = p.require({ "communication_cost" });
    const int waitCol = p.require({ "wait_cost" });
    if (p.failed())
        return p.finish(0);
    const int linkCol = p.column({ "link_info" });
    const int opCol = p.column({ "communication_operator_cost" });

    qint64 kept = 0;
    qint64 ops = 0;
    qint64 links = 0;
    while (p.next()) {
        if (isAverageStepCell(p.csv().cell(stepCol)))
            continue;
        HcclRawRow row;
        if (!p.readInt(stepCol, row.stepNum, Need::Required)
            || !p.readDouble(costCol, row.communicationCostMs, Need::Required)
            || !p.readDouble(waitCol, row.waitCostMs, Need::Required)) {
            p.skipRow();
            continue;
        }
        // A bad JSON cell loses only its details: the step's totals are
        // plain cells and still valid.
        const auto readCell = [&](int col, auto&& parseMap) {
            const auto text = p.csv().cell(col);
            if (col < 0 || isNullCell(text))
                return;
            QString problem;
            const auto json = parseJsonCell(text, problem);
            if (!json || !parseMap(*json, problem))
                p.warn(p.csv().line(),
                       Tr::tr("column \"%1\": %2; step kept without these details").arg(p.columnName(col), problem));
        };
        readCell(linkCol, [&](const Json& j, QString& problem) { return parseLinkMap(j, row.links, problem); });
        readCell(opCol, [&](const Json& j, QString& problem) { return parseOpCostMap(j, row.ops, problem); });
        ops += qint64(row.ops.size());
        links += qint64(row.links.size());
        out.push_back(std::move(row));
        ++kept;
    }
    report.addCount(QStringLiteral("rows"), kept);
    report.addCount(QStringLiteral("steps"), kept);
    report.addCount(QStringLiteral("ops"), ops);
    report.addCount(QStringLiteral("links"), links);
    return p.finish(kept);
}

// ---- minddata_pipeline_raw_{rank}.csv ------------------------------------------------------

bool parseMinddataPipeline(const QString& path, std::vector<MinddataPipelineRow>& out, FileReport& report)
{
    FileParse p(path, report);
    if (!p.open())
        return p.finish(0);

    const int idCol = p.require({ "op_id" });
    const int typeCol = p.require({ "op_type" });
    if (p.failed())
        return p.finish(0);
    const int workersCol = p.column({ "num_workers" });
    const int queueSizeCol = p.column({ "output_queue_size" });
    const int queueAverageCol = p.column({ "output_queue_average_size" });
    const int queueLengthCol = p.column({ "output_queue_length" });
    const int usageCol = p.column({ "output_queue_usage_rate" });
    const int intervalCol = p.column({ "sample_interval" });
    const int parentCol = p.column({ "parent_id" });
    const int childrenCol = p.column({ "children_id" });

    const auto readList = [&p](int col, std::vector<qint64>& list) {
        if (col < 0)
            return;
        const auto text = p.csv().cell(col);
        if (!parseIntList(text, list))
            p.warn(p.csv().line(),
                   Tr::tr("column \"%1\": \"%2\" is not a list of integers; value ignored")
                       .arg(p.columnName(col), quoted(text)));
    };

    qint64 kept = 0;
    while (p.next()) {
        MinddataPipelineRow row;
        if (!p.readInt(idCol, row.opId, Need::Required)) {
            p.skipRow();
            continue;
        }
        row.opType = p.text(typeCol);
        p.readInt(workersCol, row.numWorkers, Need::Optional);
        readList(queueSizeCol, row.outputQueueSizes);
        p.readDouble(queueAverageCol, row.outputQueueAverageSize, Need::Optional);
        p.readInt(queueLengthCol, row.outputQueueLength, Need::Optional);
        p.readDouble(usageCol, row.outputQueueUsageRate, Need::Optional);
        p.readInt(intervalCol, row.sampleInterval, Need::Optional);
        p.readInt(parentCol, row.parentId, Need::Optional);
        readList(childrenCol, row.childIds);
        out.push_back(std::move(row));
        ++kept;
    }
    report.addCount(QStringLiteral("rows"), kept);
    return p.finish(kept);
}

} // namespace profscope
