// SPDX-License-Identifier: Apache-2.0
#include "legacytimelineparsers.h"

#include "csvtable.h"
#include "jsonfile.h"
#include "numbers.h"
#include "textfile.h"

#include <QCoreApplication>
#include <QSet>

#include <string_view>

namespace profscope {

using namespace jsonfile;

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::LegacyParsers)
};

std::string_view view(const QByteArray& bytes)
{
    return { bytes.constData(), std::size_t(bytes.size()) };
}

QString clipped(const QByteArray& line)
{
    return QString::fromUtf8(line.trimmed().left(80));
}

// The report files of output_op_compute_time(_detail) start with a banner,
// "====================op compute time====================". MindSpore
// opened them for appending in some versions, so one file can hold several
// reports one after the other; like a re-run, the last one counts.
bool isBanner(const QByteArray& line)
{
    return line.startsWith("=====");
}

bool isRule(const QByteArray& line)
{
    return line.startsWith("---");
}

} // namespace

// ---- min_cycle_counter_{rank}.txt ----------------------------------------------------------

bool parseMinCycleCounter(const QString& path, qint64& ticks, FileReport& report)
{
    TextFile file(path, nullptr, report);
    QList<QByteArray> lines;
    if (!file.load(lines))
        return file.fail();
    qint64 lineNo = 0;
    for (const QByteArray& raw : lines) {
        ++lineNo;
        const QByteArray text = raw.trimmed();
        if (text.isEmpty())
            continue;
        if (text.compare("inf", Qt::CaseInsensitive) == 0) {
            file.warnLine(lineNo, Tr::tr("\"inf\": the profiler saw no device counter; the timeline stays unaligned"));
            report.addCount(QStringLiteral("rows"), 1);
            return file.finish();
        }
        // Written as a float ("43806841592.0"); exact, not through a double.
        const auto value = parseScaledDecimal(view(text), 0);
        if (!value || *value < 0)
            return file.brokenAtLine(lineNo, Tr::tr("\"%1\" is not a device counter value").arg(clipped(text)));
        // 10 ns ticks: beyond kMaxAbsTimeNs (timebounds.h) once scaled.
        if (*value > kMaxAbsTimeNs / LegacyStepTrace::kTickNs)
            return file.brokenAtLine(lineNo,
                Tr::tr("\"%1\" is outside the representable range of times").arg(clipped(text)));
        ticks = *value;
        report.addCount(QStringLiteral("rows"), 1);
        return file.finish();
    }
    return file.brokenAtLine(1, Tr::tr("empty file: no counter value"));
}

// ---- step_trace_point_info.json ------------------------------------------------------------

bool parseStepTracePointInfo(const QString& path, LegacyStepTracePoints& out, FileReport& report)
{
    JsonFile file(path, nullptr, report);
    Json root;
    if (!file.load(root))
        return file.fail();
    const Json* fp = member(root, "fp_start");
    const Json* bp = member(root, "bp_end");
    if (!fp && !bp) {
        report.status = FileStatus::Broken;
        report.reason = Tr::tr("%1: neither \"fp_start\" nor \"bp_end\" is there").arg(file.fileName());
        report.byteOffset = 0;
        return file.fail();
    }
    const auto read = [&](const Json* v, const char* key, QString& into) {
        if (v && v->is_string())
            into = toText(v);
        else
            file.warn(Tr::tr("%1: \"%2\" is missing or not an op name").arg(file.fileName(), QLatin1String(key)));
    };
    read(fp, "fp_start", out.fpStart);
    read(bp, "bp_end", out.bpEnd);
    report.addCount(QStringLiteral("points"), qint64(!out.fpStart.isEmpty()) + qint64(!out.bpEnd.isEmpty()));
    return file.finish();
}

// ---- timeline_summary_{rank}.json ----------------------------------------------------------

bool parseTimelineSummary(const QString& path, LegacyTimelineSummary& out, FileReport& report)
{
    JsonFile file(path, nullptr, report);
    Json root;
    if (!file.load(root))
        return file.fail();
    LegacyTimelineSummary s;
    int found = 0;
    const auto integer = [&](const char* key, qint64& into) {
        const Json* v = member(root, key);
        if (!v)
            return;
        ++found;
        if (const auto i = toInt(v); i && *i >= 0)
            into = *i;
        else
            file.warn(Tr::tr("%1: \"%2\" is not a count: %3").arg(file.fileName(), QLatin1String(key), toText(v)));
    };
    integer("num_of_streams", s.numOfStreams);
    integer("num_of_ops", s.numOfOps);
    integer("op_exe_times", s.opExeTimes);
    if (const Json* v = member(root, "total_time")) {
        ++found;
        if (const auto d = toDouble(v))
            s.totalTimeUs = *d;
        else
            file.warn(Tr::tr("%1: \"total_time\" is not a number: %2").arg(file.fileName(), toText(v)));
    }
    if (found == 0) {
        report.status = FileStatus::Broken;
        report.reason = Tr::tr("%1: none of the keys total_time, num_of_streams, num_of_ops, op_exe_times is there")
                            .arg(file.fileName());
        report.byteOffset = 0;
        return file.fail();
    }
    s.present = true;
    out = s;
    return file.finish();
}

// ---- output_timeline_data_{rank}.txt -------------------------------------------------------

bool parseOutputTimelineData(const QString& path, std::vector<LegacyTimelineOp>& out, FileReport& report)
{
    CsvTable t(path, nullptr, report, CsvFamily::Legacy);
    if (!t.open())
        return t.fail();
    // The header is "op_name, stream_id, start_time(ms), duration(ms)" (blanks
    // after the commas, which the lookup ignores).
    const int nameCol = t.required({ "op_name" });
    const int streamCol = t.required({ "stream_id" });
    const int startCol = t.required({ "start_time(ms)", "start_time" });
    const int durCol = t.required({ "duration(ms)", "duration" });
    if (!t.checkRequired())
        return t.fail();

    qint64 kept = 0;
    while (t.next()) {
        LegacyTimelineOp op;
        op.fullName = t.requiredText(nameCol);
        op.streamId = t.requiredInt(streamCol).value_or(-1);
        // Device counter time in ms with 5 decimals (10 ns ticks): exact, not through a double.
        op.startNs = t.requiredMsNs(startCol).value_or(0);
        op.durNs = t.requiredMsNs(durCol).value_or(0);
        if (!t.rowOk()) {
            t.skipRow();
            continue;
        }
        if (op.durNs < 0) {
            t.warnLine(Tr::tr("negative duration; row skipped"));
            continue;
        }
        out.push_back(std::move(op));
        ++kept;
    }
    return t.finish(kept);
}

// ---- output_op_compute_time_{rank}.txt -----------------------------------------------------

bool parseOpComputeTime(const QString& path, LegacyOpComputeTimes& out, FileReport& report)
{
    TextFile file(path, nullptr, report);
    QList<QByteArray> lines;
    if (!file.load(lines))
        return file.fail();
    std::vector<LegacyOpComputeTime> ops;
    double totalMs = kNoValue;
    int reports = 0;
    qint64 lineNo = 0, skipped = 0;
    for (const QByteArray& raw : lines) {
        ++lineNo;
        const QByteArray line = raw.trimmed();
        if (line.isEmpty() || isRule(line) || line.startsWith("op_name"))
            continue;
        if (isBanner(line)) {
            if (++reports > 1) {
                ops.clear();
                totalMs = kNoValue;
            }
            continue;
        }
        const QList<QByteArray> tokens = line.simplified().split(' ');
        // "total op  126.43631757142849 0": the sum of the averages.
        if (tokens[0] == "total") {
            if (const auto d = tokens.size() >= 3 ? parseDouble(view(tokens[2])) : std::nullopt)
                totalMs = *d;
            else
                file.warnLine(lineNo, Tr::tr("\"%1\" is not \"total op <ms> <stream>\"; ignored").arg(clipped(line)));
            continue;
        }
        // op_name compute_time(ms) stream_id [execution_frequency]
        const auto time = tokens.size() >= 3 ? parseDouble(view(tokens[1])) : std::nullopt;
        const auto stream = time ? intToken(tokens[2]) : std::nullopt;
        if (!stream || *time < 0) {
            file.warnLine(lineNo,
                Tr::tr("\"%1\" is not \"op_name compute_time(ms) stream_id\"; line skipped").arg(clipped(line)));
            ++skipped;
            continue;
        }
        LegacyOpComputeTime op;
        op.fullName = QString::fromUtf8(tokens[0]);
        op.avgTimeMs = *time;
        op.streamId = *stream;
        if (tokens.size() >= 4)
            op.executionFrequency = intToken(tokens[3]).value_or(-1);
        ops.push_back(std::move(op));
    }
    if (reports > 1)
        file.warn(Tr::tr("%1 holds %2 reports one after the other; the last one is read")
                      .arg(file.fileName())
                      .arg(reports));
    const auto rows = qint64(ops.size());
    out.ops = std::move(ops);
    out.totalTimeMs = totalMs;
    return file.finishWith(rows, skipped);
}

// ---- output_op_compute_time_detail_{rank}.txt ----------------------------------------------

bool parseOpComputeTimeDetail(const QString& path, LegacyOpComputeTimes& out, FileReport& report)
{
    TextFile file(path, nullptr, report);
    QList<QByteArray> lines;
    if (!file.load(lines))
        return file.fail();
    // Two tables: per op type ("optype_name compute_time(ms, per-step)
    // called_times(per-step) percent"), then after "Detail:" per op
    // ("op_name op_type avg_execution_time subgraph [full_op_name]").
    enum class Section { None, Types, Details } section = Section::None;
    std::vector<LegacyOpTypeComputeTime> types;
    std::vector<LegacyOpDetailComputeTime> details;
    int reports = 0;
    qint64 lineNo = 0, skipped = 0;
    for (const QByteArray& raw : lines) {
        ++lineNo;
        const QByteArray line = raw.trimmed();
        if (line.isEmpty() || isRule(line))
            continue;
        if (isBanner(line)) {
            if (++reports > 1) {
                types.clear();
                details.clear();
            }
            section = Section::None;
            continue;
        }
        if (line.startsWith("optype_name")) {
            section = Section::Types;
            continue;
        }
        if (line.startsWith("Detail:")) {
            section = Section::None;
            continue;
        }
        if (line.startsWith("op_name")) {
            section = Section::Details;
            continue;
        }
        const QList<QByteArray> tokens = line.simplified().split(' ');
        if (section == Section::Types) {
            const auto time = tokens.size() == 4 ? parseDouble(view(tokens[1])) : std::nullopt;
            const auto calls = time ? intToken(tokens[2]) : std::nullopt;
            const auto percent = calls ? parseDouble(view(tokens[3])) : std::nullopt;
            if (!percent) {
                file.warnLine(lineNo, Tr::tr("\"%1\" is not \"op_type time calls percent\"; line skipped").arg(clipped(line)));
                ++skipped;
                continue;
            }
            types.push_back({ QString::fromUtf8(tokens[0]), *time, *calls, *percent });
        } else if (section == Section::Details) {
            const auto time = tokens.size() == 4 || tokens.size() == 5 ? parseDouble(view(tokens[2])) : std::nullopt;
            if (!time) {
                file.warnLine(lineNo,
                    Tr::tr("\"%1\" is not \"op_name op_type avg_execution_time subgraph [full_op_name]\"; line skipped")
                        .arg(clipped(line)));
                ++skipped;
                continue;
            }
            LegacyOpDetailComputeTime d;
            d.opName = QString::fromUtf8(tokens[0]);
            d.opType = QString::fromUtf8(tokens[1]);
            d.avgTimeMs = *time;
            d.subgraph = QString::fromUtf8(tokens[3]);
            if (tokens.size() == 5)
                d.fullName = QString::fromUtf8(tokens[4]);
            details.push_back(std::move(d));
        } else {
            file.warnLine(lineNo, Tr::tr("\"%1\" is outside both tables; line skipped").arg(clipped(line)));
            ++skipped;
        }
    }
    if (reports > 1)
        file.warn(Tr::tr("%1 holds %2 reports one after the other; the last one is read")
                      .arg(file.fileName())
                      .arg(reports));
    report.addCount(QStringLiteral("types"), qint64(types.size()));
    report.addCount(QStringLiteral("ops"), qint64(details.size()));
    const auto rows = qint64(types.size() + details.size());
    out.types = std::move(types);
    out.details = std::move(details);
    return file.finishWith(rows, skipped);
}

// ---- output_data_preprocess_aicpu_{rank}.txt -----------------------------------------------

bool parseAicpuPreprocess(const QString& path, std::vector<AicpuOpRow>& out, FileReport& report)
{
    TextFile file(path, nullptr, report);
    QList<QByteArray> lines;
    if (!file.load(lines))
        return file.fail();
    QList<QByteArray> header;
    const auto column = [&header](std::initializer_list<const char*> names) {
        for (const char* name : names)
            if (const auto i = header.indexOf(QByteArray(name)); i >= 0)
                return int(i);
        return -1;
    };
    int serialCol = -1, typeCol = -1, totalCol = -1, dispatchCol = -1, executionCol = -1, startCol = -1, endCol = -1;
    std::vector<AicpuOpRow> rows;
    QSet<qint64> serials;
    qint64 lineNo = 0, skipped = 0;
    for (const QByteArray& raw : lines) {
        ++lineNo;
        const QByteArray line = raw.trimmed();
        if (line.isEmpty() || line.startsWith("AI CPU Total Time") || isRule(line))
            continue;
        const QList<QByteArray> tokens = line.simplified().split(' ');
        if (tokens[0] == "serial_number") {
            header = tokens;
            serialCol = column({ "serial_number" });
            typeCol = column({ "node_type_name", "op_type", "kernel_type" });
            totalCol = column({ "total_time(ms)", "total_time" });
            dispatchCol = column({ "dispatch_time(ms)", "dispatch_time" });
            executionCol = column({ "execution_time(ms)", "execution_time" });
            startCol = column({ "run_start" });
            endCol = column({ "run_end" });
            if (typeCol < 0 || totalCol < 0)
                return file.brokenAtLine(lineNo, Tr::tr("the header names no node_type_name or total_time(ms) column"));
            continue;
        }
        if (header.isEmpty())
            return file.brokenAtLine(lineNo, Tr::tr("no \"serial_number node_type_name ...\" header before the data"));
        const auto number = [&tokens](int col) {
            return col >= 0 && col < tokens.size() ? parseDouble(view(tokens[col])) : std::nullopt;
        };
        const auto integer = [&tokens](int col) {
            return col >= 0 && col < tokens.size() ? intToken(tokens[col]) : std::nullopt;
        };
        const auto total = number(totalCol);
        if (tokens.size() != header.size() || !total) {
            file.warnLine(lineNo, Tr::tr("\"%1\" does not match the header's %2 columns; line skipped")
                                      .arg(clipped(line))
                                      .arg(header.size()));
            ++skipped;
            continue;
        }
        AicpuOpRow row;
        row.serialNumber = integer(serialCol).value_or(-1);
        if (row.serialNumber >= 0 && serials.contains(row.serialNumber)) {
            file.warnLine(lineNo, Tr::tr("serial number %1 appears again; the repeat is skipped").arg(row.serialNumber));
            ++skipped;
            continue;
        }
        serials.insert(row.serialNumber);
        row.opType = QString::fromUtf8(tokens[typeCol]);
        row.totalTimeMs = *total;
        row.dispatchTimeMs = number(dispatchCol).value_or(kNoValue);
        row.executionTimeMs = number(executionCol).value_or(kNoValue);
        row.runStart = integer(startCol).value_or(-1);
        row.runEnd = integer(endCol).value_or(-1);
        rows.push_back(std::move(row));
    }
    const auto kept = qint64(rows.size());
    out = std::move(rows);
    return file.finishWith(kept, skipped);
}

} // namespace profscope
