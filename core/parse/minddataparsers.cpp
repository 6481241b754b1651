// SPDX-License-Identifier: Apache-2.0
#include "minddataparsers.h"

#include "csvtable.h"
#include "inputfile.h"
#include "jsonfile.h"
#include "numbers.h"
#include "reportscope.h"
#include "textfile.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

namespace profscope {

using namespace jsonfile;

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::MindDataParsers)
};

// A JSON array of numbers (or null / missing: empty). False when it is
// something else.
bool readNumbers(const Json* v, std::vector<double>& out)
{
    out.clear();
    if (!v || v->is_null())
        return true;
    if (!v->is_array())
        return false;
    for (const auto& item : *v) {
        const auto d = toDouble(&item);
        if (!d)
            return false;
        out.push_back(*d);
    }
    return true;
}

bool readInts(const Json* v, std::vector<qint64>& out)
{
    out.clear();
    if (!v || v->is_null())
        return true;
    if (!v->is_array())
        return false;
    for (const auto& item : *v) {
        const auto i = toInt(&item);
        if (!i)
            return false;
        out.push_back(*i);
    }
    return true;
}

// The summary CSV writes Python list text in a cell: split on the commas
// outside brackets and quotes.
QStringList splitSummaryLine(const QString& line)
{
    QStringList cells;
    QString cell;
    int depth = 0;
    bool quoted = false;
    for (const QChar c : line) {
        if (c == QLatin1Char('"')) {
            quoted = !quoted;
            continue;
        }
        if (!quoted && (c == QLatin1Char('[') || c == QLatin1Char('(')))
            ++depth;
        else if (!quoted && (c == QLatin1Char(']') || c == QLatin1Char(')')))
            depth = std::max(0, depth - 1);
        if (c == QLatin1Char(',') && depth == 0 && !quoted) {
            cells << cell.trimmed();
            cell.clear();
            continue;
        }
        cell += c;
    }
    cells << cell.trimmed();
    return cells;
}

QString jsonCellText(const Json& v)
{
    if (v.is_string())
        return toQString(v.get<std::string>());
    if (v.is_array()) {
        QStringList parts;
        for (const auto& item : v)
            parts << jsonCellText(item);
        return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
    }
    const QString text = toText(&v);
    return text.isEmpty() ? toQString(v.dump()) : text;
}

} // namespace

bool parsePipelineProfiling(const QString& path, PipelineJson& out, FileReport& report)
{
    JsonFile file(path, "pipeline_profiling.json", report);
    Json root;
    if (!file.load(root))
        return file.fail();
    out = {};
    out.samplingIntervalMs = toInt(member(root, "sampling_interval")).value_or(-1);
    const Json* ops = member(root, "op_info");
    if (!ops || !ops->is_array()) {
        report.status = FileStatus::Broken;
        report.reason = Tr::tr("%1: no \"op_info\" list: not a MindData pipeline file").arg(file.fileName());
        return file.fail();
    }
    qint64 index = 0;
    for (const auto& op : *ops) {
        ++index;
        PipelineJsonOp o;
        const auto id = op.is_object() ? toInt(member(op, "op_id")) : std::nullopt;
        if (!id) {
            file.warn(Tr::tr("%1: op_info entry %2 has no integer op_id; skipped").arg(file.fileName()).arg(index));
            continue;
        }
        o.opId = *id;
        o.opType = toText(member(op, "op_type"));
        o.numWorkers = toInt(member(op, "num_workers")).value_or(-1);
        if (!readInts(member(op, "children"), o.childIds))
            file.warn(Tr::tr("%1: op %2: \"children\" is not a list of ids; ignored").arg(file.fileName()).arg(o.opId));
        if (const Json* queue = jsonfile::path(op, { "metrics", "output_queue" }); queue && queue->is_object()) {
            o.hasQueue = true;
            o.queueCapacity = toInt(member(*queue, "length")).value_or(-1);
            if (!readInts(member(*queue, "size"), o.queueSizes))
                file.warn(Tr::tr("%1: op %2: output_queue.size is not a list of integers; ignored")
                              .arg(file.fileName())
                              .arg(o.opId));
            if (!readNumbers(member(*queue, "throughput"), o.throughput))
                file.warn(Tr::tr("%1: op %2: output_queue.throughput is not a list of numbers; ignored")
                              .arg(file.fileName())
                              .arg(o.opId));
        }
        out.ops.push_back(std::move(o));
    }
    report.addCount(QStringLiteral("ops"), qint64(out.ops.size()));
    return file.finish();
}

bool parsePipelineSummary(const QString& path, PipelineSummary& out, FileReport& report)
{
    out = {};
    if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        JsonFile file(path, "minddata_pipeline_summary.json", report);
        Json root;
        if (!file.load(root))
            return file.fail();
        for (auto it = root.begin(); it != root.end(); ++it) {
            QStringList values;
            if (it->is_array())
                for (const auto& v : *it)
                    values << jsonCellText(v);
            else
                values << jsonCellText(*it);
            out.entries.emplace_back(toQString(it.key()), values);
        }
        if (!out.value(QStringLiteral("op_ids"))) {
            report.status = FileStatus::Broken;
            report.reason = Tr::tr("%1: no \"op_ids\" key: not a MindData pipeline summary").arg(file.fileName());
            return file.fail();
        }
        report.addCount(QStringLiteral("keys"), qint64(out.entries.size()));
        return file.finish();
    }
    TextFile file(path, "minddata_pipeline_summary.csv", report);
    QList<QByteArray> lines;
    if (!file.load(lines))
        return file.fail();
    qint64 lineNo = 0, rows = 0;
    for (const QByteArray& raw : lines) {
        ++lineNo;
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.isEmpty())
            continue;
        QStringList cells = splitSummaryLine(line);
        const QString key = cells.takeFirst();
        if (key.isEmpty()) {
            file.warnLine(lineNo, Tr::tr("no key in the first cell; line skipped"));
            continue;
        }
        out.entries.emplace_back(key, cells);
        ++rows;
    }
    if (rows > 0 && !out.value(QStringLiteral("op_ids")))
        return file.brokenAtLine(1, Tr::tr("no \"op_ids\" row: not a MindData pipeline summary"));
    return file.finishWith(rows, 0);
}

bool parseDatasetCsv(const QString& path, std::vector<DatasetStageRow>& out, FileReport& report)
{
    CsvTable t(path, "dataset.csv", report, CsvFamily::Deliverable);
    if (!t.open())
        return t.fail();
    const int cOp = t.required({ "Operation" });
    const int cStage = t.required({ "Stage" });
    // The code writes "Avg. time (us)", the documentation "Avg. time(us)".
    const int cAvg = t.required({ "Avg. time (us)", "Avg. time(us)", "Avg time (us)", "Avg time(us)" });
    if (!t.checkRequired())
        return t.fail();
    const int cCount = t.optional({ "Occurrences" });
    const int cInfo = t.optional({ "Custom Info" });
    qint64 rows = 0;
    while (t.next()) {
        const auto avg = t.requiredDouble(cAvg);
        if (!t.rowOk()) {
            t.skipRow();
            continue;
        }
        DatasetStageRow row;
        row.operation = t.reader().text(cOp);
        row.stage = t.reader().text(cStage);
        row.occurrences = t.optionalInt(cCount);
        row.avgTimeUs = *avg;
        row.customInfo = cInfo >= 0 ? t.reader().text(cInfo) : QString();
        out.push_back(std::move(row));
        ++rows;
    }
    return t.finish(rows);
}

bool parseQueueTrace(const QString& path, QueueTrace& out, FileReport& report)
{
    const bool iterator = QFileInfo(path).fileName().startsWith(QLatin1String("dataset_iterator"), Qt::CaseInsensitive);
    TextFile file(path, iterator ? "dataset_iterator_profiling.txt" : "device_queue_profiling.txt", report);
    QList<QByteArray> lines;
    if (!file.load(lines))
        return file.fail();
    out = {};
    out.fromIterator = iterator;
    qint64 lineNo = 0, skipped = 0;
    for (const QByteArray& raw : lines) {
        ++lineNo;
        const QList<QByteArray> tokens = raw.simplified().split(' ');
        if (raw.trimmed().isEmpty())
            continue;
        // type extra batch_num value [timestamp]; the oldest files have no timestamp.
        if (tokens.size() != 4 && tokens.size() != 5) {
            file.warnLine(lineNo,
                Tr::tr("expected 4 or 5 numbers \"type extra step value [timestamp]\", got %1 fields; "
                       "line skipped")
                    .arg(tokens.size()));
            ++skipped;
            continue;
        }
        QueueTraceRecord r;
        const auto type = intToken(tokens[0]);
        const auto extra = intToken(tokens[1]);
        const auto step = intToken(tokens[2]);
        const auto value = intToken(tokens[3]);
        const auto ts = tokens.size() == 5 ? intToken(tokens[4]) : std::optional<qint64>(-1);
        if (!type || !extra || !step || !value || !ts || (*type != 0 && *type != 1)) {
            file.warnLine(lineNo,
                Tr::tr("\"%1\" is not a queue record (type 0 or 1 and integers); line skipped")
                    .arg(QString::fromUtf8(raw.trimmed().left(80))));
            ++skipped;
            continue;
        }
        r.type = int(*type);
        r.extra = *extra;
        r.batchNum = *step;
        r.value = *value;
        r.timestampMs = *ts;
        out.records.push_back(r);
    }
    return file.finishWith(qint64(out.records.size()), skipped);
}

namespace {

// minddata_aicpu (µs) and minddata_getnext_profiling (ns): the same lines.
bool parseGetNextLines(const QString& path, const char* kind, qint64 unitNs, std::vector<GetNextRecord>& out,
    FileReport& report)
{
    TextFile file(path, kind, report);
    QList<QByteArray> lines;
    if (!file.load(lines))
        return file.fail();
    out.clear();
    qint64 lineNo = 0, skipped = 0;
    const auto toUs = [unitNs](qint64 v) { return unitNs == 1000 ? v : (v * unitNs + 500) / 1000; };
    for (const QByteArray& raw : lines) {
        ++lineNo;
        const QList<QByteArray> tokens = raw.simplified().split(' ');
        // MindInsight keeps only the GetNext lines; a header line is not one.
        if (raw.trimmed().isEmpty() || !tokens[0].startsWith("GetNext"))
            continue;
        qint64 values[3] = {};
        bool ok = tokens.size() == 4;
        for (int i = 0; ok && i < 3; ++i) {
            const std::optional<qint64> v = intToken(tokens[i + 1]);
            ok = v.has_value();
            values[i] = ok ? *v : 0;
        }
        if (!ok) {
            file.warnLine(lineNo, Tr::tr("expected \"GetNext... start end queue_size\" with integers; line skipped"));
            ++skipped;
            continue;
        }
        out.push_back({ toUs(values[0]), toUs(values[1]), values[2] });
    }
    return file.finishWith(qint64(out.size()), skipped);
}

} // namespace

bool parseMinddataAicpu(const QString& path, std::vector<GetNextRecord>& out, FileReport& report)
{
    return parseGetNextLines(path, "minddata_aicpu.txt", 1000, out, report);
}

bool parseMinddataGetNextGpu(const QString& path, std::vector<GetNextRecord>& out, FileReport& report)
{
    return parseGetNextLines(path, "minddata_getnext_profiling.txt", 1, out, report);
}

bool parseCpuUtilization(const QString& path, CpuUtilization& out, FileReport& report)
{
    JsonFile file(path, "minddata_cpu_utilization.json", report);
    Json root;
    if (!file.load(root))
        return file.fail();
    out = {};
    out.samplingIntervalMs = toInt(member(root, "sampling_interval")).value_or(-1);
    out.cpuCount = toInt(member(root, "cpu_processor_num")).value_or(-1);
    const Json* stamps = member(root, "time_stamp");
    if (!stamps || !readInts(stamps, out.timestampsMs) || out.timestampsMs.empty()) {
        report.status = FileStatus::Broken;
        report.reason = Tr::tr("%1: \"time_stamp\" is missing or not a list of integers: not a MindData CPU file")
                            .arg(file.fileName());
        out.timestampsMs.clear();
        return file.fail();
    }
    const auto series = [&](const Json* parent, const char* key, std::vector<double>& into, const QString& where) {
        if (parent && !readNumbers(member(*parent, key), into)) {
            file.warn(
                Tr::tr("%1: %2.%3 is not a list of numbers; ignored").arg(file.fileName(), where, QLatin1String(key)));
            into.clear();
        }
    };
    const Json* device = member(root, "device_info");
    series(device, "user_utilization", out.deviceUser, QStringLiteral("device_info"));
    series(device, "sys_utilization", out.deviceSys, QStringLiteral("device_info"));
    series(device, "io_utilization", out.deviceIo, QStringLiteral("device_info"));
    series(device, "idle_utilization", out.deviceIdle, QStringLiteral("device_info"));
    // The current writer spells it runnable_process, the older one runable_processes.
    if (device && member(*device, "runnable_process"))
        series(device, "runnable_process", out.runnable, QStringLiteral("device_info"));
    else
        series(device, "runable_processes", out.runnable, QStringLiteral("device_info"));
    series(device, "context_switch_count", out.contextSwitches, QStringLiteral("device_info"));
    const Json* process = member(root, "process_info");
    series(process, "user_utilization", out.processUser, QStringLiteral("process_info"));
    series(process, "sys_utilization", out.processSys, QStringLiteral("process_info"));
    if (const Json* ops = member(root, "op_info"); ops && ops->is_array()) {
        for (const auto& op : *ops) {
            const auto id = op.is_object() ? toInt(member(op, "op_id")) : std::nullopt;
            if (!id) {
                file.warn(Tr::tr("%1: an op_info entry has no integer op_id; skipped").arg(file.fileName()));
                continue;
            }
            if (*id < 0)
                continue; // threads not assigned to an op (older writer)
            CpuUtilization::Op o;
            o.opId = *id;
            const Json* metrics = member(op, "metrics");
            const QString where = QStringLiteral("op %1 metrics").arg(*id);
            series(metrics, "user_utilization", o.user, where);
            series(metrics, "sys_utilization", o.sys, where);
            out.ops.push_back(std::move(o));
        }
    }
    report.addCount(QStringLiteral("samples"), qint64(out.timestampsMs.size()));
    report.addCount(QStringLiteral("ops"), qint64(out.ops.size()));
    return file.finish();
}

} // namespace profscope
