// SPDX-License-Identifier: Apache-2.0
#include "legacyparsers.h"

#include "csvtable.h"
#include "numbers.h"

#include <nlohmann/json.hpp>

#include <QCoreApplication>
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
    CsvTable t(path, nullptr, report, CsvFamily::Legacy);
    if (!t.open())
        return t.fail();

    // The nine fixed columns are in every known version (2020 and 2021
    // fixtures); the step breakdown needs all of them, so none is optional.
    const int stepCol = t.required({ "step_num" });
    const int startCol = t.required({ "start_point" });
    const int endCol = t.required({ "end_point" });
    const int totalCol = t.required({ "total" });
    const int fpCol = t.required({ "fp_point" });
    const int bpCol = t.required({ "bp_point" });
    const int intervalCol = t.required({ "iteration_interval" });
    const int fpBpCol = t.required({ "fp_and_bp" });
    const int tailCol = t.required({ "tail" });
    if (!t.checkRequired())
        return t.fail();

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
    const auto& header = t.reader().header();
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
            t.warnLine(Tr::tr("column \"%1\" appears twice; the first one is used").arg(toQString(header[i])));
        else
            slot = int(i);
    }
    for (const auto& op : opColumns)
        if (op.start < 0 || op.end < 0 || op.duration < 0)
            t.warnLine(
                Tr::tr("stream operator \"%1\" lacks its start, end or duration column; the missing values are -1")
                    .arg(op.name));

    const std::size_t firstNewRow = out.rows.size();
    qint64 lastKeptLine = -1;
    while (t.next()) {
        if (isAverageStepCell(t.reader().cell(stepCol)))
            continue;
        LegacyStepTraceRow row;
        row.stepNum = t.requiredInt(stepCol).value_or(0);
        row.startPoint = t.requiredInt(startCol).value_or(0);
        row.endPoint = t.requiredInt(endCol).value_or(0);
        row.total = t.requiredInt(totalCol).value_or(0);
        row.fpPoint = t.requiredInt(fpCol).value_or(0);
        row.bpPoint = t.requiredInt(bpCol).value_or(0);
        row.iterationInterval = t.requiredInt(intervalCol).value_or(0);
        row.fpAndBp = t.requiredInt(fpBpCol).value_or(0);
        row.tail = t.requiredInt(tailCol).value_or(0);
        if (!t.rowOk()) {
            t.skipRow();
            continue;
        }
        // Ticks become ns (x 10) and are added to and subtracted from each
        // other: a count beyond a small part of the TimeNs range is damage,
        // not a time, and would overflow the step figures.
        constexpr qint64 kMaxTicks = std::numeric_limits<TimeNs>::max() / (LegacyStepTrace::kTickNs * 8);
        const auto inRange = [](qint64 v) { return v >= -kMaxTicks && v <= kMaxTicks; };
        if (!inRange(row.startPoint) || !inRange(row.endPoint) || !inRange(row.total) || !inRange(row.fpPoint)
            || !inRange(row.bpPoint) || !inRange(row.iterationInterval) || !inRange(row.fpAndBp)
            || !inRange(row.tail)) {
            t.warnLine(Tr::tr("a tick count beyond %1 is not a time; row skipped").arg(kMaxTicks));
            continue;
        }
        const auto ticks = [&t, &inRange](int col) {
            const qint64 v = t.optionalInt(col);
            return inRange(v) ? v : qint64(-1);
        };
        row.streamOps.reserve(opColumns.size());
        for (const auto& cols : opColumns) {
            LegacyStepTraceRow::StreamOp op;
            op.name = cols.name;
            op.startPoint = ticks(cols.start);
            op.endPoint = ticks(cols.end);
            op.duration = ticks(cols.duration);
            row.streamOps.push_back(std::move(op));
        }
        out.rows.push_back(std::move(row));
        lastKeptLine = t.line();
    }
    // With fewer than two steps MindSpore writes its average row with step_num
    // 0 instead of "-" (run_2..run_4 fixtures). Steps count from 1, and
    // MindInsight always treats the last row as the average, so a trailing
    // step 0 is that row, not a step.
    if (!t.failed() && out.rows.size() > firstNewRow && out.rows.back().stepNum == 0
        && lastKeptLine == t.lastRecordLine())
        out.rows.pop_back();

    const auto kept = qint64(out.rows.size() - firstNewRow);
    return t.finish(kept, { { QStringLiteral("steps"), kept }, { QStringLiteral("streamOps"), qint64(opColumns.size()) } });
}

// ---- framework_raw_{rank}.csv --------------------------------------------------------------

bool parseFrameworkRaw(const QString& path, std::vector<FrameworkOpRow>& out, FileReport& report)
{
    CsvTable t(path, nullptr, report, CsvFamily::Legacy);
    if (!t.open())
        return t.fail();

    const int taskCol = t.required({ "task_id" });
    const int streamCol = t.required({ "stream_id" });
    const int fullNameCol = t.required({ "full_kernel_name", "full_op_name" });
    if (!t.checkRequired())
        return t.fail();
    const int blockDimCol = t.optional({ "block_dim" });
    // In the 2020 variant op_name repeats the full name and kernel_name is
    // the short one; in the later variant op_name is the short one.
    const int shortNameCol = t.optional({ "kernel_name", "op_name" });
    const int typeCol = t.optional({ "kernel_type", "op_type" });
    const int subgraphCol = t.optional({ "subgraph" });
    const int opInfoCol = t.optional({ "op_info" });
    const int graphCol = t.optional({ "graph_id" });

    qint64 kept = 0;
    while (t.next()) {
        FrameworkOpRow row;
        row.taskId = t.requiredInt(taskCol).value_or(-1);
        row.streamId = t.requiredInt(streamCol).value_or(-1);
        row.fullName = t.requiredText(fullNameCol);
        if (!t.rowOk()) {
            t.skipRow();
            continue;
        }
        row.blockDim = t.optionalInt(blockDimCol);
        row.graphId = t.optionalInt(graphCol);
        row.opName = t.reader().text(shortNameCol);
        row.opType = t.reader().text(typeCol);
        row.subgraph = t.reader().text(subgraphCol);
        if (opInfoCol >= 0) {
            const auto info = t.reader().cell(opInfoCol);
            // Kept as text for the detail view; checked here so that a broken
            // cell is reported where the line number is known.
            if (!info.empty() && !nlohmann::json::accept(info.begin(), info.end()))
                t.warnLine(Tr::tr("op_info is not valid JSON; kept as text"));
            row.opInfoJson = toQString(info);
        }
        out.push_back(std::move(row));
        ++kept;
    }
    return t.finish(kept);
}

// ---- aicore_intermediate_{rank}_detail.csv / _type.csv -------------------------------------

bool parseAicoreDetail(const QString& path, std::vector<AicoreOpDetailRow>& out, FileReport& report)
{
    CsvTable t(path, nullptr, report, CsvFamily::Legacy);
    if (!t.open())
        return t.fail();

    // "full_kernel_time" is a real header typo (MindInsight's
    // profiler/aicore_intermediate_1_detail.csv); its cells are names.
    const int nameCol = t.required({ "full_kernel_name", "full_op_name", "full_kernel_time" });
    const int timeCol = t.required({ "execution_time" });
    if (!t.checkRequired())
        return t.fail();
    const int frequencyCol = t.optional({ "execution_frequency" });

    qint64 kept = 0;
    while (t.next()) {
        AicoreOpDetailRow row;
        row.fullName = t.requiredText(nameCol);
        row.executionTimeMs = t.requiredDouble(timeCol).value_or(kNoValue);
        if (!t.rowOk()) {
            t.skipRow();
            continue;
        }
        row.executionFrequency = t.optionalInt(frequencyCol);
        out.push_back(std::move(row));
        ++kept;
    }
    return t.finish(kept);
}

bool parseAicoreType(const QString& path, std::vector<AicoreOpTypeRow>& out, FileReport& report)
{
    CsvTable t(path, nullptr, report, CsvFamily::Legacy);
    if (!t.open())
        return t.fail();

    const int typeCol = t.required({ "kernel_type", "op_type" });
    // The later variant calls the per-type total "execution_time".
    const int totalCol = t.required({ "total_time", "execution_time" });
    if (!t.checkRequired())
        return t.fail();
    const int frequencyCol = t.optional({ "execution_frequency" });
    const int percentCol = t.optional({ "percent" });

    qint64 kept = 0;
    while (t.next()) {
        AicoreOpTypeRow row;
        row.opType = t.requiredText(typeCol);
        row.totalTimeMs = t.requiredDouble(totalCol).value_or(kNoValue);
        if (!t.rowOk()) {
            t.skipRow();
            continue;
        }
        row.executionFrequency = t.optionalInt(frequencyCol);
        row.percent = t.optionalDouble(percentCol);
        out.push_back(std::move(row));
        ++kept;
    }
    return t.finish(kept);
}

// ---- aicpu_intermediate_{rank}.csv ---------------------------------------------------------

bool parseAicpuIntermediate(const QString& path, std::vector<AicpuOpRow>& out, FileReport& report)
{
    CsvTable t(path, nullptr, report, CsvFamily::Legacy);
    if (!t.open())
        return t.fail();

    const int typeCol = t.required({ "kernel_type", "op_type" });
    const int totalCol = t.required({ "total_time" });
    if (!t.checkRequired())
        return t.fail();
    const int serialCol = t.optional({ "serial_number" });
    const int dispatchCol = t.optional({ "dispatch_time" });
    const int executionCol = t.optional({ "execution_time" });
    const int runStartCol = t.optional({ "run_start" });
    const int runEndCol = t.optional({ "run_end" });

    qint64 kept = 0;
    while (t.next()) {
        AicpuOpRow row;
        row.opType = t.requiredText(typeCol);
        row.totalTimeMs = t.requiredDouble(totalCol).value_or(kNoValue);
        if (!t.rowOk()) {
            t.skipRow();
            continue;
        }
        row.serialNumber = t.optionalInt(serialCol);
        row.dispatchTimeMs = t.optionalDouble(dispatchCol);
        row.executionTimeMs = t.optionalDouble(executionCol);
        row.runStart = t.optionalInt(runStartCol);
        row.runEnd = t.optionalInt(runEndCol);
        out.push_back(std::move(row));
        ++kept;
    }
    return t.finish(kept);
}

// ---- hccl_raw_{rank}.csv -------------------------------------------------------------------

bool parseHcclRaw(const QString& path, std::vector<HcclRawRow>& out, FileReport& report)
{
    CsvTable t(path, nullptr, report, CsvFamily::Legacy);
    if (!t.open())
        return t.fail();

    const int stepCol = t.required({ "step_num" });
    const int costCol = t.required({ "communication_cost" });
    const int waitCol = t.required({ "wait_cost" });
    if (!t.checkRequired())
        return t.fail();
    const int linkCol = t.optional({ "link_info" });
    const int opCol = t.optional({ "communication_operator_cost" });

    qint64 kept = 0;
    qint64 ops = 0;
    qint64 links = 0;
    while (t.next()) {
        if (isAverageStepCell(t.reader().cell(stepCol)))
            continue;
        HcclRawRow row;
        row.stepNum = t.requiredInt(stepCol).value_or(0);
        row.communicationCostMs = t.requiredDouble(costCol).value_or(0);
        row.waitCostMs = t.requiredDouble(waitCol).value_or(0);
        if (!t.rowOk()) {
            t.skipRow();
            continue;
        }
        // A bad JSON cell loses only its details: the step's totals are
        // plain cells and still valid.
        const auto readCell = [&](int col, auto&& parseMap) {
            const auto text = t.reader().cell(col);
            if (col < 0 || isNullCell(text))
                return;
            QString problem;
            const auto json = parseJsonCell(text, problem);
            if (!json || !parseMap(*json, problem))
                t.warnLine(Tr::tr("column \"%1\": %2; step kept without these details").arg(t.columnName(col), problem));
        };
        readCell(linkCol, [&](const Json& j, QString& problem) { return parseLinkMap(j, row.links, problem); });
        readCell(opCol, [&](const Json& j, QString& problem) { return parseOpCostMap(j, row.ops, problem); });
        ops += qint64(row.ops.size());
        links += qint64(row.links.size());
        out.push_back(std::move(row));
        ++kept;
    }
    return t.finish(kept, { { QStringLiteral("steps"), kept },
                            { QStringLiteral("ops"), ops },
                            { QStringLiteral("links"), links } });
}

// ---- minddata_pipeline_raw_{rank}.csv ------------------------------------------------------

bool parseMinddataPipeline(const QString& path, std::vector<MinddataPipelineRow>& out, FileReport& report)
{
    CsvTable t(path, nullptr, report, CsvFamily::Legacy);
    if (!t.open())
        return t.fail();

    const int idCol = t.required({ "op_id" });
    const int typeCol = t.required({ "op_type" });
    if (!t.checkRequired())
        return t.fail();
    const int workersCol = t.optional({ "num_workers" });
    const int queueSizeCol = t.optional({ "output_queue_size" });
    const int queueAverageCol = t.optional({ "output_queue_average_size" });
    const int queueLengthCol = t.optional({ "output_queue_length" });
    const int usageCol = t.optional({ "output_queue_usage_rate" });
    const int intervalCol = t.optional({ "sample_interval" });
    const int parentCol = t.optional({ "parent_id" });
    const int childrenCol = t.optional({ "children_id" });

    const auto readList = [&t](int col, std::vector<qint64>& list) {
        if (col < 0)
            return;
        const auto text = t.reader().cell(col);
        if (!parseIntList(text, list))
            t.warnLine(Tr::tr("column \"%1\": \"%2\" is not a list of integers; value ignored")
                           .arg(t.columnName(col), clippedCell(text)));
    };

    qint64 kept = 0;
    while (t.next()) {
        MinddataPipelineRow row;
        row.opId = t.requiredInt(idCol).value_or(-1);
        if (!t.rowOk()) {
            t.skipRow();
            continue;
        }
        row.opType = t.reader().text(typeCol);
        row.numWorkers = t.optionalInt(workersCol);
        readList(queueSizeCol, row.outputQueueSizes);
        row.outputQueueAverageSize = t.optionalDouble(queueAverageCol);
        row.outputQueueLength = t.optionalInt(queueLengthCol);
        row.outputQueueUsageRate = t.optionalDouble(usageCol);
        row.sampleInterval = t.optionalInt(intervalCol);
        row.parentId = t.optionalInt(parentCol);
        readList(childrenCol, row.childIds);
        out.push_back(std::move(row));
        ++kept;
    }
    return t.finish(kept);
}

} // namespace profscope
