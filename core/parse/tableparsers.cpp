// SPDX-License-Identifier: Apache-2.0
// CSV parsers of the ASCEND_PROFILER_OUTPUT deliverables. See the contract at
// the top of tableparsers.h; communication*.json and profiler_info /
// profiler_metadata live in jsonparsers.cpp.

#include "tableparsers.h"

#include "csvseek.h"
#include "csvtable.h"
#include "numbers.h"

#include "../model/rowwindow.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <string_view>
#include <vector>

namespace profscope {

namespace {

// The PMU columns (aic_mac_ratio, aiv_time(us), ...) differ with the
// aic_metrics setting and the CANN version, so they are not named anywhere:
// every column we do not map is a candidate, and the ones holding text (a
// non-null cell that is not a number) are dropped at the end.
struct MetricColumn
{
    int csvColumn = -1;
    QString name;
    NumericColumn values;
    bool text = false;
};

// Text columns of kernel_details / op_summary that must never become metrics,
// even when every cell of a given file happens to be N/A.
bool isKnownTextColumn(std::string_view header)
{
    static constexpr std::string_view kText[] = {
        "HF32 Eligible", "Input Formats", "Output Formats", "Output Data Types", "Input Data Types",
        "Input Shapes",  "Output Shapes", "Op Name",        "Name",              "Type",
        "OP Type",       "Task Type",     "Model Name",     "Accelerator Core",  "OP State",
    };
    const auto trimmed = trimCell(header);
    for (auto t : kText) {
        if (t.size() != trimmed.size())
            continue;
        bool same = true;
        for (std::size_t i = 0; i < t.size() && same; ++i) {
            char a = t[i], b = trimmed[i];
            if (a >= 'A' && a <= 'Z')
                a = char(a - 'A' + 'a');
            if (b >= 'A' && b <= 'Z')
                b = char(b - 'A' + 'a');
            same = a == b;
        }
        if (same)
            return true;
    }
    return false;
}

std::atomic<bool> g_tableSeek { true };

// A timed table read in part (csvseek.h), and what says whether that read
// can be trusted: the records landed where the plan said, and no row read
// lasted longer than the slack the plan assumed.
struct SeekAttempt
{
    TimeNs slackNs = 0;
    bool used = false;
    TimeNs longestNs = 0; // longest duration read (task tables)
};

// Opens `t` for a parser handed a window: with a seek attempt, only the
// header is checked now (the parts read are checked by the seek).
bool openTimed(CsvTable& t, const SeekAttempt* seek)
{
    return t.open(seek == nullptr);
}

// After the columns are found: a seek attempt that cannot skip anything
// stops here (false), and the caller reads the table whole instead.
bool startTimed(CsvTable& t, const TimeRange* windowNs, SeekAttempt* seek, int timeColumn, int keyColumn)
{
    if (!seek)
        return true;
    seek->used = windowNs && t.seekByTime(timeColumn, keyColumn, *windowNs, seek->slackNs);
    return seek->used;
}

// finish() with the count of rows left outside the window, when there was
// one, and the bytes a seek did not read; a seek whose records did not begin
// where its plan said is not kept (parseTimed).
bool finishWindowed(CsvTable& t, qint64 rows, const TimeRange* windowNs, qint64 outside, SeekAttempt* seek = nullptr)
{
    if (seek)
        seek->used = seek->used && t.seekConsistent();
    if (!windowNs)
        return t.finish(rows);
    if (t.seekSkippedBytes() > 0)
        return t.finish(rows, { { rowsOutsideWindowCount(), outside }, { QStringLiteral("skippedBytes"), qint64(t.seekSkippedBytes()) } });
    return t.finish(rows, { { rowsOutsideWindowCount(), outside } });
}

// A timed table with a window: first read in part (seek), kept only when
// the read can be trusted and found nothing to warn about; otherwise (or
// when nothing could be skipped) read whole, cut while it is parsed, with
// the messages and line numbers of a whole read.
template<class Table, class Parse>
bool parseTimed(const QString& path, Table& out, FileReport& report, const TimeRange* windowNs, TimeNs slackNs,
                Parse parse)
{
    if (windowNs && g_tableSeek.load(std::memory_order_relaxed) && out.size() == 0) {
        Table part;
        FileReport partReport = report;
        SeekAttempt seek;
        seek.slackNs = slackNs;
        const bool ok = parse(path, part, partReport, windowNs, &seek);
        if (seek.used && seek.longestNs <= slackNs
            && partReport.warnings.isEmpty() && partReport.status == FileStatus::Used) {
            out = std::move(part);
            report = std::move(partReport);
            return ok;
        }
    }
    return parse(path, out, report, windowNs, nullptr);
}

} // namespace

void setSeekEnabled(bool enabled)
{
    g_tableSeek.store(enabled, std::memory_order_relaxed);
}

bool seekEnabled()
{
    return g_tableSeek.load(std::memory_order_relaxed);
}

namespace {

bool kernelDetails(const QString& path, KernelTable& out, FileReport& report, const TimeRange* windowNs,
                   SeekAttempt* seek)
{
    CsvTable t(path, "kernel_details.csv", report, CsvFamily::Deliverable);
    if (!openTimed(t, seek))
        return t.fail();
    // kernel_details.csv names first, then the CANN op_summary_*.csv names.
    const int cName = t.required({ "Name", "Op Name" });
    const int cStart = t.required({ "Start Time(us)", "Task Start Time(us)" });
    const int cDur = t.required({ "Duration(us)", "Task Duration(us)" });
    if (!t.checkRequired())
        return t.fail();
    const int cStep = t.optional({ "Step Id", "Step ID" });
    const int cModel = t.optional({ "Model ID", "Model Id" });
    const int cTask = t.optional({ "Task ID", "Task Id" });
    const int cStream = t.optional({ "Stream ID", "Stream Id" });
    const int cDevice = t.optional({ "Device_id", "Device ID", "Device Id" });
    const int cType = t.optional({ "Type", "OP Type", "Op Type" });
    const int cState = t.optional({ "OP State", "Op State" });
    const int cCore = t.optional({ "Accelerator Core", "Task Type" });
    const int cWait = t.optional({ "Wait Time(us)", "Task Wait Time(us)" });
    const int cBlock = t.optional({ "Block Dim" });
    const int cInShapes = t.optional({ "Input Shapes" });
    const int cInTypes = t.optional({ "Input Data Types" });
    const int cOutShapes = t.optional({ "Output Shapes" });
    const int cContext = t.optional({ "Context ID", "Context Id" });
    if (!startTimed(t, windowNs, seek, cStart, -1))
        return false;

    std::vector<MetricColumn> metrics;
    {
        const auto& header = t.reader().header();
        const auto& mapped = t.mappedColumns();
        for (std::size_t i = 0; i < header.size(); ++i) {
            if (std::find(mapped.begin(), mapped.end(), int(i)) != mapped.end() || isKnownTextColumn(header[i])
                || trimCell(header[i]).empty())
                continue;
            metrics.push_back({ int(i), toQString(trimCell(header[i])), {}, false });
        }
    }

    const std::size_t firstRow = out.size();
    // Kernel tables are the biggest tables of a rank (hundreds of thousands
    // of rows by some 50 columns): reserve them once. A window keeps an
    // unknown share of them: the columns grow instead.
    const std::size_t expected
        = firstRow + (windowNs ? 0 : std::size_t(std::max<qint64>(0, t.reader().lineBreaks())));
    for (auto* column : { &out.modelId, &out.taskId, &out.streamId, &out.deviceId, &out.startNs, &out.durNs,
                          &out.waitNs, &out.blockDim, &out.contextId })
        column->reserve(expected);
    for (auto* column : { &out.name, &out.type, &out.opState, &out.acceleratorCore, &out.inputShapes,
                          &out.inputDataTypes, &out.outputShapes })
        column->reserve(expected);
    out.stepId.reserve(expected);
    out.communication.reserve(expected);
    for (auto& m : metrics)
        m.values.reserve(expected - firstRow);
    qint64 rows = 0, outside = 0;
    if (windowNs)
        t.splitUpTo(std::max(cStart, cDur)); // the rest of a row only once it is kept
    while (t.next()) {
        const auto startNs = t.requiredNs(cStart);
        const auto durNs = t.requiredNs(cDur);
        if (!t.rowOk()) {
            t.skipRow();
            continue;
        }
        if (seek)
            seek->longestNs = std::max(seek->longestNs, *durNs);
        if (windowNs && !keepsTaskRow(*windowNs, *startNs, *durNs)) {
            outside += t.leaveRow() ? 1 : 0;
            continue;
        }
        if (!t.completeRow())
            continue;
        auto& r = t.reader();
        out.stepId.push_back(qint32(t.optionalInt(cStep)));
        qint64 model = t.optionalInt(cModel);
        if (model == kUint32Sentinel)
            model = -1; // "no model"
        out.modelId.push_back(model);
        out.taskId.push_back(t.optionalInt(cTask));
        out.streamId.push_back(t.optionalInt(cStream));
        // Device_id is "host" in some CANN files: not a device.
        out.deviceId.push_back(cDevice >= 0 ? r.integer(cDevice).value_or(-1) : -1);
        out.name.push_back(out.strings.intern(r.cell(cName)));
        out.type.push_back(out.strings.intern(r.cell(cType)));
        out.opState.push_back(out.strings.intern(r.cell(cState)));
        out.acceleratorCore.push_back(out.strings.intern(r.cell(cCore)));
        out.communication.push_back(
            isCommunicationKernel(out.strings.view(out.type.back()), out.strings.view(out.acceleratorCore.back())) ? 1 : 0);
        out.startNs.push_back(*startNs);
        out.durNs.push_back(*durNs);
        out.waitNs.push_back(t.optionalNs(cWait));
        out.blockDim.push_back(t.optionalInt(cBlock));
        out.inputShapes.push_back(out.strings.intern(stripLiteralQuotes(t.optionalText(cInShapes))));
        out.inputDataTypes.push_back(out.strings.intern(t.optionalText(cInTypes)));
        out.outputShapes.push_back(out.strings.intern(stripLiteralQuotes(t.optionalText(cOutShapes))));
        out.contextId.push_back(t.optionalInt(cContext)); // N/A -> -1
        for (auto& m : metrics) {
            const auto cell = r.cell(m.csvColumn);
            // Most cells are plain decimals (never null cells), stored
            // without reading them through a double.
            qint64 mantissa = 0;
            int scale = 0;
            if (parsePlainDecimal(cell, mantissa, scale)) {
                m.values.setDecimal(m.values.size(), mantissa, scale);
                continue;
            }
            if (isNullCell(cell)) {
                m.values.push_back(kNoValue);
                continue;
            }
            const auto v = parseDouble(cell);
            if (!v)
                m.text = true;
            m.values.push_back(v.value_or(kNoValue));
        }
        ++rows;
    }

    // Merge the numeric candidates into pmu.columns; columns already known
    // (when out already held rows) are extended, new ones padded with NaN.
    const std::size_t total = out.size();
    KernelMetrics& pmu = out.pmu().filled();
    for (auto& m : metrics) {
        if (m.text)
            continue;
        qsizetype index = pmu.names.indexOf(m.name);
        if (index < 0 && firstRow == 0) {
            // The usual case, one file per table: the column is taken, not copied.
            pmu.names << m.name;
            m.values.shrink_to_fit();
            pmu.columns.push_back(std::move(m.values));
            continue;
        }
        if (index < 0) {
            pmu.names << m.name;
            pmu.columns.emplace_back(firstRow);
            index = pmu.names.size() - 1;
        }
        auto& column = pmu.columns[std::size_t(index)];
        column.resize(firstRow);
        for (std::size_t i = 0; i < m.values.size(); ++i)
            column.push_back(m.values[i]);
    }
    for (auto& column : pmu.columns)
        column.resize(total);

    const bool ok = finishWindowed(t, rows, windowNs, outside, seek);
    report.addCount(QStringLiteral("metricColumns"), qint64(out.metricNames().size()));
    return ok;
}

} // namespace

bool parseKernelDetails(const QString& path, KernelTable& out, FileReport& report, const TimeRange* windowNs)
{
    return parseTimed(path, out, report, windowNs, windowNs ? taskSeekSlackNs(*windowNs) : 0, kernelDetails);
}

bool parseOpStatistic(const QString& path, std::vector<OpStatisticRow>& out, FileReport& report)
{
    CsvTable t(path, "op_statistic.csv", report, CsvFamily::Deliverable);
    if (!t.open())
        return t.fail();
    const int cType = t.required({ "OP Type", "Op Type" });
    const int cCount = t.required({ "Count" });
    const int cTotal = t.required({ "Total Time(us)" });
    if (!t.checkRequired())
        return t.fail();
    const int cCore = t.optional({ "Core Type" });
    const int cMin = t.optional({ "Min Time(us)" });
    const int cAvg = t.optional({ "Avg Time(us)" });
    const int cMax = t.optional({ "Max Time(us)" });
    const int cRatio = t.optional({ "Ratio(%)" });

    qint64 rows = 0;
    while (t.next()) {
        const auto count = t.requiredInt(cCount);
        const auto total = t.requiredNs(cTotal);
        if (!t.rowOk()) {
            t.skipRow();
            continue;
        }
        OpStatisticRow row;
        row.opType = t.reader().text(cType);
        row.coreType = t.reader().text(cCore);
        row.count = *count;
        row.totalNs = *total;
        row.minNs = t.optionalNs(cMin, 0);
        row.avgNs = t.optionalNs(cAvg, 0);
        row.maxNs = t.optionalNs(cMax, 0);
        row.ratioPercent = t.optionalDouble(cRatio);
        out.push_back(std::move(row));
        ++rows;
    }
    return t.finish(rows);
}

bool parseApiStatistic(const QString& path, std::vector<ApiStatisticRow>& out, FileReport& report)
{
    CsvTable t(path, "api_statistic.csv", report, CsvFamily::Deliverable);
    if (!t.open())
        return t.fail();
    const int cName = t.required({ "API Name", "Api Name" });
    const int cTime = t.required({ "Time(us)" });
    const int cCount = t.required({ "Count" });
    if (!t.checkRequired())
        return t.fail();
    const int cLevel = t.optional({ "Level" });
    const int cAvg = t.optional({ "Avg(us)" });
    const int cMin = t.optional({ "Min(us)" });
    const int cMax = t.optional({ "Max(us)" });
    const int cVariance = t.optional({ "Variance" });

    qint64 rows = 0;
    while (t.next()) {
        const auto total = t.requiredNs(cTime);
        const auto count = t.requiredInt(cCount);
        if (!t.rowOk()) {
            t.skipRow();
            continue;
        }
        ApiStatisticRow row;
        row.level = t.reader().text(cLevel);
        row.apiName = t.reader().text(cName);
        row.totalNs = *total;
        row.count = *count;
        row.avgNs = t.optionalNs(cAvg, 0);
        row.minNs = t.optionalNs(cMin, 0);
        row.maxNs = t.optionalNs(cMax, 0);
        row.variance = t.optionalDouble(cVariance);
        out.push_back(std::move(row));
        ++rows;
    }
    return t.finish(rows);
}

bool parseStepTraceTime(const QString& path, std::vector<StepTraceRow>& out, FileReport& report)
{
    CsvTable t(path, "step_trace_time.csv", report, CsvFamily::Deliverable);
    if (!t.open())
        return t.fail();
    const int cComputing = t.required({ "Computing" });
    if (!t.checkRequired())
        return t.fail();
    const auto cols = stepTraceColumns(t, cComputing); // the others may be absent: kInvalidTime
    const int cStep = t.optional({ "Step", "Step Id", "Step ID" });
    const int cDevice = t.optional({ "Device_id", "Device ID", "Device Id" });
    const int cRank = t.optional({ "Rank ID", "Rank Id", "Rank_id", "rank_id" });

    qint64 rows = 0;
    while (t.next()) {
        const auto computing = t.requiredNs(cComputing);
        if (!t.rowOk()) {
            t.skipRow();
            continue;
        }
        StepTraceRow row;
        row.step = t.reader().text(cStep);
        row.deviceId = cDevice >= 0 ? t.reader().integer(cDevice).value_or(-1) : -1;
        row.rankId = t.optionalInt(cRank);
        row.valueNs = stepTraceValues(t, cols, *computing);
        out.push_back(std::move(row));
        ++rows;
    }
    return t.finish(rows);
}

namespace {

bool memoryRecord(const QString& path, MemoryRecordTable& out, FileReport& report, const TimeRange* windowNs, SeekAttempt* seek)
{
    CsvTable t(path, "memory_record.csv", report, CsvFamily::Deliverable);
    if (!openTimed(t, seek))
        return t.fail();
    const int cComponent = t.required({ "Component" });
    const int cTs = t.required({ "Timestamp(us)" });
    if (!t.checkRequired())
        return t.fail();
    const int cAllocated = t.optional({ "Total Allocated(MB)" });
    const int cReserved = t.optional({ "Total Reserved(MB)" });
    const int cActive = t.optional({ "Total Active(MB)" });
    const int cStream = t.optional({ "Stream Ptr" });
    const int cDevice = t.optional({ "Device Type", "Device" });

    if (!startTimed(t, windowNs, seek, cTs, cComponent))
        return false;
    qint64 rows = 0, outside = 0;
    if (windowNs)
        t.splitUpTo(cTs); // the rest of a row only once it is kept
    while (t.next()) {
        const auto ts = t.requiredNs(cTs);
        if (!t.rowOk()) {
            t.skipRow();
            continue;
        }
        if (windowNs && !keepsSampleRow(*windowNs, *ts)) {
            outside += t.leaveRow() ? 1 : 0;
            continue;
        }
        if (!t.completeRow())
            continue;
        auto& r = t.reader();
        out.component.push_back(out.strings.intern(r.cell(cComponent)));
        out.tsNs.push_back(*ts);
        out.allocatedMB.push_back(t.optionalDouble(cAllocated));
        out.reservedMB.push_back(t.optionalDouble(cReserved));
        out.activeMB.push_back(t.optionalDouble(cActive));
        out.streamPtr.push_back(out.strings.intern(r.cell(cStream)));
        out.deviceType.push_back(out.strings.intern(r.cell(cDevice)));
        ++rows;
    }
    return finishWindowed(t, rows, windowNs, outside, seek);
}

} // namespace

bool parseMemoryRecord(const QString& path, MemoryRecordTable& out, FileReport& report, const TimeRange* windowNs)
{
    return parseTimed(path, out, report, windowNs, 0, memoryRecord);
}

namespace {

bool npuModuleMem(const QString& path, NpuModuleMemTable& out, FileReport& report, const TimeRange* windowNs, SeekAttempt* seek)
{
    CsvTable t(path, "npu_module_mem.csv", report, CsvFamily::Deliverable);
    if (!openTimed(t, seek))
        return t.fail();
    const int cComponent = t.required({ "Component" });
    const int cTs = t.required({ "Timestamp(us)" });
    if (!t.checkRequired())
        return t.fail();
    const int cReserved = t.optional({ "Total Reserved(MB)" });
    const int cDevice = t.optional({ "Device", "Device Type" });

    if (!startTimed(t, windowNs, seek, cTs, cComponent))
        return false;
    qint64 rows = 0, outside = 0;
    if (windowNs)
        t.splitUpTo(cTs); // the rest of a row only once it is kept
    while (t.next()) {
        const auto ts = t.requiredNs(cTs);
        if (!t.rowOk()) {
            t.skipRow();
            continue;
        }
        if (windowNs && !keepsSampleRow(*windowNs, *ts)) {
            outside += t.leaveRow() ? 1 : 0;
            continue;
        }
        if (!t.completeRow())
            continue;
        auto& r = t.reader();
        out.component.push_back(out.strings.intern(r.cell(cComponent)));
        out.tsNs.push_back(*ts);
        out.reservedMB.push_back(t.optionalDouble(cReserved));
        out.device.push_back(out.strings.intern(r.cell(cDevice)));
        ++rows;
    }
    return finishWindowed(t, rows, windowNs, outside, seek);
}

} // namespace

bool parseNpuModuleMem(const QString& path, NpuModuleMemTable& out, FileReport& report, const TimeRange* windowNs)
{
    return parseTimed(path, out, report, windowNs, 0, npuModuleMem);
}

bool parseOperatorMemory(const QString& path, OperatorMemoryTable& out, FileReport& report,
                         const TimeRange* windowNs)
{
    CsvTable t(path, "operator_memory.csv", report, CsvFamily::Deliverable);
    if (!t.open())
        return t.fail();
    const int cName = t.required({ "Name" });
    const int cSize = t.required({ "Size(KB)" });
    const int cAlloc = t.required({ "Allocation Time(us)" });
    if (!t.checkRequired())
        return t.fail();
    const int cRelease = t.optional({ "Release Time(us)" });
    const int cActiveRelease = t.optional({ "Active Release Time(us)" });
    const int cDuration = t.optional({ "Duration(us)" });
    const int cActiveDuration = t.optional({ "Active Duration(us)" });
    const int cAllocAllocated = t.optional({ "Allocation Total Allocated(MB)" });
    const int cAllocReserved = t.optional({ "Allocation Total Reserved(MB)" });
    const int cAllocActive = t.optional({ "Allocation Total Active(MB)" });
    const int cRelAllocated = t.optional({ "Release Total Allocated(MB)" });
    const int cRelReserved = t.optional({ "Release Total Reserved(MB)" });
    const int cRelActive = t.optional({ "Release Total Active(MB)" });
    const int cStream = t.optional({ "Stream Ptr" });
    const int cDevice = t.optional({ "Device Type", "Device" });

    qint64 rows = 0, outside = 0;
    if (windowNs)
        t.splitUpTo(std::max({ cAlloc, cSize, cRelease })); // the rest of a row only once it is kept
    while (t.next()) {
        const auto alloc = t.requiredNs(cAlloc);
        const auto size = t.requiredDouble(cSize);
        if (!t.rowOk()) {
            t.skipRow();
            continue;
        }
        // The release time decides too: read before the rest of the row.
        const TimeNs releaseNs = t.optionalNs(cRelease);
        if (windowNs && !keepsMemoryBlockRow(*windowNs, *alloc, releaseNs)) {
            outside += t.leaveRow() ? 1 : 0;
            continue;
        }
        if (!t.completeRow())
            continue;
        auto& r = t.reader();
        out.name.push_back(out.strings.intern(r.cell(cName)));
        out.sizeKB.push_back(*size);
        out.allocationNs.push_back(*alloc);
        out.releaseNs.push_back(releaseNs);
        out.activeReleaseNs.push_back(t.optionalNs(cActiveRelease));
        out.durationNs.push_back(t.optionalNs(cDuration));
        out.activeDurationNs.push_back(t.optionalNs(cActiveDuration));
        out.allocationTotalAllocatedMB.push_back(t.optionalDouble(cAllocAllocated));
        out.allocationTotalReservedMB.push_back(t.optionalDouble(cAllocReserved));
        out.allocationTotalActiveMB.push_back(t.optionalDouble(cAllocActive));
        out.releaseTotalAllocatedMB.push_back(t.optionalDouble(cRelAllocated));
        out.releaseTotalReservedMB.push_back(t.optionalDouble(cRelReserved));
        out.releaseTotalActiveMB.push_back(t.optionalDouble(cRelActive));
        out.streamPtr.push_back(out.strings.intern(r.cell(cStream)));
        out.deviceType.push_back(out.strings.intern(r.cell(cDevice)));
        ++rows;
    }
    return finishWindowed(t, rows, windowNs, outside);
}

bool parseOperatorDetails(const QString& path, OperatorDetailsTable& out, FileReport& report)
{
    CsvTable t(path, "operator_details.csv", report, CsvFamily::Deliverable);
    if (!t.open())
        return t.fail();
    // The host durations are in every version; the device ones may be
    // missing for host-only captures.
    const int cName = t.required({ "Name" });
    const int cHostSelf = t.required({ "Host Self Duration(us)" });
    const int cHostTotal = t.required({ "Host Total Duration(us)" });
    if (!t.checkRequired())
        return t.fail();
    const int cShapes = t.optional({ "Input Shapes" });
    const int cStack = t.optional({ "Call Stack" });
    const int cDevSelf = t.optional({ "Device Self Duration(us)" });
    const int cDevTotal = t.optional({ "Device Total Duration(us)" });
    const int cDevSelfAic = t.optional({ "Device Self Duration With AICore(us)" });
    const int cDevTotalAic = t.optional({ "Device Total Duration With AICore(us)" });

    qint64 rows = 0;
    while (t.next()) {
        const auto hostSelf = t.requiredNs(cHostSelf);
        const auto hostTotal = t.requiredNs(cHostTotal);
        if (!t.rowOk()) {
            t.skipRow();
            continue;
        }
        auto& r = t.reader();
        out.name.push_back(out.strings.intern(r.cell(cName)));
        // Shapes are kept as written ("0;\n;\n" for five inputs, the first
        // a scalar); only the outer literal quotes go.
        out.inputShapes.push_back(out.strings.intern(stripLiteralQuotes(r.cell(cShapes))));
        out.callStack.push_back(out.strings.intern(r.cell(cStack)));
        out.hostSelfNs.push_back(*hostSelf);
        out.hostTotalNs.push_back(*hostTotal);
        out.deviceSelfNs.push_back(t.optionalNs(cDevSelf));
        out.deviceTotalNs.push_back(t.optionalNs(cDevTotal));
        out.deviceSelfWithAiCoreNs.push_back(t.optionalNs(cDevSelfAic));
        out.deviceTotalWithAiCoreNs.push_back(t.optionalNs(cDevTotalAic));
        ++rows;
    }
    return t.finish(rows);
}

bool parseL2Cache(const QString& path, std::vector<L2CacheRow>& out, FileReport& report)
{
    CsvTable t(path, "l2_cache.csv", report, CsvFamily::Deliverable);
    if (!t.open())
        return t.fail();
    const int cStream = t.required({ "Stream Id", "Stream ID" });
    const int cTask = t.required({ "Task Id", "Task ID" });
    if (!t.checkRequired())
        return t.fail();
    const int cHit = t.optional({ "Hit Rate" });
    const int cVictim = t.optional({ "Victim Rate" });
    const int cName = t.optional({ "Op Name", "Name" });

    qint64 rows = 0;
    while (t.next()) {
        const auto stream = t.requiredInt(cStream);
        const auto task = t.requiredInt(cTask);
        if (!t.rowOk()) {
            t.skipRow();
            continue;
        }
        L2CacheRow row;
        row.streamId = *stream;
        row.taskId = *task;
        row.hitRate = t.optionalDouble(cHit); // N/A -> NaN
        row.victimRate = t.optionalDouble(cVictim);
        row.opName = t.reader().text(cName);
        out.push_back(std::move(row));
        ++rows;
    }
    return t.finish(rows);
}

} // namespace profscope
