// SPDX-License-Identifier: Apache-2.0
#include "legacytimeline.h"

#include "../parse/legacytimelineparsers.h"
#include "discovery.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::LegacyTimeline)
};

bool isSpecialPid(qint64 pid)
{
    return pid == kLegacyAiCpuPid || pid == kLegacyCommunicationPid || pid == kLegacyHostCpuPid
        || pid == kLegacyOverlapPid || pid == kLegacyGpuActivityPid;
}

// The Used report of a kind among the rank's files; null when there is none.
FileReport* usedReport(std::vector<FileReport>& files, FileKind kind)
{
    const QString name = fileKindName(kind);
    for (FileReport& r : files)
        if (r.kind == name && r.status == FileStatus::Used)
            return &r;
    return nullptr;
}

QString fileNameOf(const FileReport* r)
{
    return r ? QFileInfo(r->path).fileName() : QString();
}

// Adds a sentence to what a report says the file contributed.
void addReason(FileReport* r, const QString& text)
{
    if (!r)
        return;
    r->reason = r->reason.isEmpty() ? text : r->reason + QStringLiteral("; ") + text;
}

// "stream_520_parallel_0" / "stream_48_0_Receive-op663" -> 520 / 48; also
// MindSpore's "stream_ops_48_..." spelling. -1 when there is no number.
qint64 streamIdOfOp(const QString& name)
{
    const QStringList parts = name.split(QLatin1Char('_'));
    if (parts.size() < 2)
        return -1;
    bool ok = false;
    qint64 id = parts[1].toLongLong(&ok);
    if (!ok && parts.size() >= 3 && parts[1] == QLatin1String("ops"))
        id = parts[2].toLongLong(&ok);
    return ok && id >= 0 ? id : -1;
}

bool sameTime(double a, double b)
{
    // Both files print the same average, sometimes with fewer digits
    // (0.00136067 against 0.0013606666666666667).
    return std::fabs(a - b) <= 1e-5 * std::max(std::fabs(a), std::fabs(b)) + 1e-12;
}

std::string shortName(const QString& fullName)
{
    // MindInsight shows the op's own name (the last scope component), the
    // full name being in the framework file.
    const qsizetype slash = fullName.lastIndexOf(QLatin1Char('/'));
    return (slash >= 0 ? fullName.mid(slash + 1) : fullName).toStdString();
}

// The args of the ops placed from output_timeline_data, made when a user
// inspects one: the full scope name and the stream, as MindInsight's display
// file has them ("fullname"). Keyed by the row.
class TimelineDataArgs : public ArgsSource
{
public:
    explicit TimelineDataArgs(const std::vector<LegacyTimelineOp>& ops)
    {
        m_ops.reserve(ops.size());
        for (const LegacyTimelineOp& op : ops)
            m_ops.push_back({ op.fullName, op.streamId });
    }
    QByteArray argsText(std::uint64_t key) const override
    {
        if (key >= m_ops.size())
            return {};
        QJsonObject o;
        o[QStringLiteral("fullname")] = m_ops[key].first;
        o[QStringLiteral("stream_id")] = double(m_ops[key].second);
        return QJsonDocument(o).toJson(QJsonDocument::Compact);
    }

private:
    std::vector<std::pair<QString, qint64>> m_ops;
};

} // namespace

LegacyTimeline::LegacyTimeline(RankData& rank)
    : m_rank(rank)
{
}

void LegacyTimeline::readTimelineData(const QString& path, FileReport& report)
{
    if (!m_opsPath.isEmpty()) {
        report.status = FileStatus::Skipped;
        report.reason = Tr::tr("a file of this kind was already read for this rank");
        return;
    }
    m_opsPath = path;
    parseOutputTimelineData(path, m_ops, report);
}

void LegacyTimeline::addTo(TraceBuilder& builder, bool hasDisplay)
{
    m_hasDisplay = hasDisplay;
    const LegacyStepTrace& stepTrace = m_rank.legacy.stepTrace;
    const qint64 minCycle = stepTrace.minCycleCounterTicks;
    StringPool& strings = builder.strings();

    // Device ops from output_timeline_data when there is no display file:
    // MindInsight put them at (start - min_cycle_counter), pid = device id,
    // one lane per stream.
    if (!hasDisplay && !m_ops.empty()) {
        const TimeNs originNs = minCycle >= 0 ? minCycle * LegacyStepTrace::kTickNs : 0;
        const int fileId = rankFromLegacyFileName(QFileInfo(m_opsPath).fileName());
        const qint64 pid = fileId >= 0 ? fileId : 0;
        const std::uint32_t process = builder.process(pid);
        const std::uint32_t fileIndex = builder.addSourceFile(m_opsPath);
        builder.setArgsSource(fileIndex, std::make_shared<TimelineDataArgs>(m_ops));
        for (std::size_t i = 0; i < m_ops.size(); ++i) {
            const LegacyTimelineOp& op = m_ops[i];
            const std::uint32_t thread = builder.thread(process, op.streamId);
            builder.addSlice(process, thread, op.startNs - originNs, op.durNs, strings.intern(shortName(op.fullName)),
                             {}, ArgsRef::makeKey(fileIndex, i));
        }
        m_opsPlaced = true;
        // The AI CPU ops (run_start / run_end in µs of the same device
        // clock) at pid 9000, as MindInsight's display file has them.
        if (!builder.hasProcess(kLegacyAiCpuPid)) {
            const std::uint32_t aicpu = builder.process(kLegacyAiCpuPid);
            const std::uint32_t lane = builder.thread(aicpu, 0);
            for (const AicpuOpRow& op : m_rank.legacy.aicpuOps) {
                if (op.runStart < 0 || op.runEnd < op.runStart)
                    continue;
                builder.addSlice(aicpu, lane, op.runStart * 1000 - originNs, (op.runEnd - op.runStart) * 1000,
                                 strings.intern(op.opType.toStdString()), {}, {});
                ++m_aicpuPlaced;
            }
        }
    }

    if (stepTrace.rows.empty())
        return;
    if (!hasDisplay && !m_opsPlaced) {
        m_stepTraceNote = Tr::tr("not on a timeline: the rank has neither timeline_display nor output_timeline_data");
        return;
    }
    // The step trace is in device counter ticks; the timeline starts at
    // min_cycle_counter. A timeline built here from output_timeline_data
    // without it is in absolute device time, which the ticks are too.
    // Without the counter file, output_timeline_data (absolute) against
    // timeline_display (relative) gives the origin: the earliest op of both.
    TimeNs originNs = 0;
    if (minCycle >= 0) {
        originNs = minCycle * LegacyStepTrace::kTickNs;
    } else if (!m_opsPlaced) {
        const int fileId = m_ops.empty() ? -1 : rankFromLegacyFileName(QFileInfo(m_opsPath).fileName());
        const TimeNs displayFirst = fileId >= 0 ? builder.firstSliceStart(fileId) : kInvalidTime;
        if (displayFirst == kInvalidTime) {
            m_stepTraceNote = Tr::tr("not on the timeline: without min_cycle_counter (or output_timeline_data to "
                                     "align with) the steps cannot be placed on timeline_display's clock");
            return;
        }
        TimeNs opsFirst = m_ops.front().startNs;
        for (const LegacyTimelineOp& op : m_ops)
            opsFirst = std::min(opsFirst, op.startNs);
        originNs = opsFirst - displayFirst;
        m_originInferred = true;
    }
    const auto toNs = [originNs](qint64 tick) { return tick * LegacyStepTrace::kTickNs - originNs; };
    m_rank.legacy.stepTrace.timelineOffsetNs = -originNs;

    m_stepTracePid = builder.syntheticId(kLegacyStepTraceProcess);
    const std::uint32_t process = builder.process(m_stepTracePid);
    builder.setProcessName(process, kLegacyStepTraceProcess);
    // Above the device lanes, where MindInsight shows its Steps lane.
    builder.setProcessSortIndex(process, -1);
    const std::uint32_t steps = builder.thread(process, 0);
    builder.setThreadName(process, steps, kLegacyStepsThread);
    const StringId category = strings.intern("step_trace");
    const StringId interval = strings.intern(kLegacyIterationInterval);
    const StringId fpBp = strings.intern(kLegacyFpBp);
    const StringId tail = strings.intern(kLegacyTail);
    const auto span = [&](StringId name, qint64 fromTick, qint64 toTick) {
        // An empty phase (the first step has no interval) would only be a
        // zero-width mark.
        if (toTick > fromTick)
            builder.addSlice(process, steps, toNs(fromTick), toNs(toTick) - toNs(fromTick), name, category, {});
    };
    for (const LegacyStepTraceRow& row : stepTrace.rows) {
        if (row.endPoint <= row.startPoint)
            continue;
        builder.addSlice(process, steps, toNs(row.startPoint), toNs(row.endPoint) - toNs(row.startPoint),
                         strings.intern(QStringLiteral("Step %1").arg(row.stepNum).toStdString()), category, {});
        span(interval, row.startPoint, row.fpPoint);
        span(fpBp, row.fpPoint, row.bpPoint);
        span(tail, row.bpPoint, row.endPoint);
        ++m_stepsPlaced;
    }

    // The reduce / send / receive ops of the step trace: MindInsight's
    // display file has them at pid 10000, one lane per stream. Added only
    // when the timeline does not have them already.
    if (builder.hasProcess(kLegacyCommunicationPid)) {
        m_streamOpsInDisplay = true;
        return;
    }
    const std::uint32_t comm = builder.process(kLegacyCommunicationPid);
    QHash<QString, std::pair<std::uint32_t, StringId>> lanes;
    for (const LegacyStepTraceRow& row : stepTrace.rows) {
        for (const auto& op : row.streamOps) {
            // MindSpore writes 0, 0, 0 for an op that did not run in a step.
            if (op.startPoint <= 0 || op.duration <= 0)
                continue;
            auto it = lanes.find(op.name);
            if (it == lanes.end()) {
                const qint64 stream = streamIdOfOp(op.name);
                it = lanes.insert(op.name,
                    { builder.thread(comm, stream >= 0 ? stream : 0), strings.intern(op.name.toStdString()) });
            }
            builder.addSlice(comm, it->first, toNs(op.startPoint), op.duration * LegacyStepTrace::kTickNs, it->second,
                             category, {});
            ++m_streamOpsPlaced;
        }
    }
}

void LegacyTimeline::finish(TraceData& trace, std::vector<FileReport>& files)
{
    // MindInsight's names: the files carry no process or thread metadata.
    // GPU only when every display file is a GPU one (a folder can hold both).
    const bool gpu = !trace.sourceFiles.isEmpty()
        && std::all_of(trace.sourceFiles.begin(), trace.sourceFiles.end(),
            [](const QString& f) { return QFileInfo(f).fileName().startsWith(QLatin1String("gpu_")); });
    qint64 deviceOps = 0;
    qint64 aicpuOps = 0;
    std::set<std::pair<qint64, qint64>> deviceStreams;
    for (ProcessTrack& p : trace.processes) {
        const bool device = !isSpecialPid(p.pid) && p.pid != m_stepTracePid;
        if (p.name.isEmpty()) {
            if (device)
                p.name = gpu ? Tr::tr("GPU Op") : Tr::tr("AI Core Op");
            else if (p.pid == kLegacyAiCpuPid)
                p.name = Tr::tr("AI CPU Op");
            else if (p.pid == kLegacyCommunicationPid)
                p.name = Tr::tr("Communication Op");
            else if (p.pid == kLegacyHostCpuPid)
                p.name = Tr::tr("Host CPU Op");
            else if (p.pid == kLegacyOverlapPid)
                p.name = Tr::tr("Op Overlap Analyse");
            else if (p.pid == kLegacyGpuActivityPid)
                p.name = Tr::tr("Activity Op");
        }
        for (ThreadTrack& t : p.threads) {
            if (t.name.isEmpty() && t.tid >= 0 && p.pid != m_stepTracePid)
                t.name = p.pid == kLegacyAiCpuPid && t.tid == 0 ? Tr::tr("AI CPU") : Tr::tr("Stream #%1").arg(t.tid);
            if (device) {
                deviceOps += qint64(t.slices.size());
                if (t.slices.size())
                    deviceStreams.insert({ p.pid, t.tid });
            } else if (p.pid == kLegacyAiCpuPid) {
                aicpuOps += qint64(t.slices.size());
                if (t.slices.size())
                    deviceStreams.insert({ p.pid, t.tid });
            }
        }
    }
    QString displayName;
    for (const QString& f : trace.sourceFiles)
        if (classifyFile(QFileInfo(f).fileName()) == FileKind::LegacyTimeline)
            displayName = QFileInfo(f).fileName();

    // output_timeline_data
    if (FileReport* r = usedReport(files, FileKind::LegacyTimelineData)) {
        const auto rows = qint64(m_ops.size());
        std::set<qint64> streams;
        for (const auto& op : m_ops)
            streams.insert(op.streamId);
        if (m_opsPlaced) {
            addReason(r, Tr::tr("the timeline of this rank (there is no timeline_display file): %n op execution(s) "
                                "on %1 stream(s)", nullptr, int(rows))
                             .arg(streams.size()));
            if (m_aicpuPlaced > 0)
                addReason(r, Tr::tr("with %n AI CPU op(s) from the AI CPU op table", nullptr, int(m_aicpuPlaced)));
        }
        else if (rows == deviceOps)
            addReason(r, Tr::tr("same %1 ops as %2").arg(rows).arg(displayName));
        else
            r->warnings << Tr::tr("%1 has %2 op executions, %3 has %4 on its device lanes; the timeline shows %3")
                               .arg(fileNameOf(r))
                               .arg(rows)
                               .arg(displayName)
                               .arg(deviceOps);
    }

    // step_trace_raw, min_cycle_counter
    FileReport* stepReport = usedReport(files, FileKind::LegacyStepTrace);
    if (m_stepsPlaced > 0) {
        addReason(stepReport, Tr::tr("%n step(s) on the timeline's Step Trace lane (Iteration Interval, FP+BP, Tail)",
                                     nullptr, int(m_stepsPlaced)));
        if (m_streamOpsPlaced > 0)
            addReason(stepReport, Tr::tr("%n reduce/send/receive op execution(s) on the Communication Op lanes", nullptr,
                                         int(m_streamOpsPlaced)));
        else if (m_streamOpsInDisplay)
            addReason(stepReport, Tr::tr("its reduce/send/receive ops are already in %1").arg(displayName));
        addReason(usedReport(files, FileKind::LegacyMinCycleCounter),
                  Tr::tr("places the step trace on the timeline (trace time 0 = counter %1)")
                      .arg(m_rank.legacy.stepTrace.minCycleCounterTicks));
        if (m_originInferred)
            addReason(stepReport, Tr::tr("placed by aligning output_timeline_data with the display file's first op "
                                         "(there is no min_cycle_counter)"));
    } else if (!m_stepTraceNote.isEmpty()) {
        addReason(stepReport, m_stepTraceNote);
    }

    // timeline_summary: the profiler's own count of what the timeline holds.
    const LegacyTimelineSummary& s = m_rank.legacy.timelineSummary;
    if (FileReport* r = s.present ? usedReport(files, FileKind::LegacyTimelineSummary) : nullptr) {
        addReason(r, Tr::tr("%1 op executions on %2 streams, %3 ops, %4 ms of op time")
                         .arg(s.opExeTimes)
                         .arg(s.numOfStreams)
                         .arg(s.numOfOps)
                         .arg(s.totalTimeUs / 1000.0, 0, 'f', 3));
        const qint64 executions = deviceOps + aicpuOps;
        const auto streams = qint64(deviceStreams.size());
        QStringList differences;
        if (s.opExeTimes >= 0 && s.opExeTimes != executions)
            differences << Tr::tr("%1 op executions, the timeline has %2").arg(s.opExeTimes).arg(executions);
        if (s.numOfStreams >= 0 && s.numOfStreams != streams)
            differences << Tr::tr("%1 streams, the timeline has %2").arg(s.numOfStreams).arg(streams);
        if (differences.isEmpty())
            addReason(r, Tr::tr("agrees with the timeline"));
        else
            r->warnings << Tr::tr("%1 disagrees with the loaded timeline: %2 (a cut or replaced timeline file?)")
                               .arg(fileNameOf(r), differences.join(QStringLiteral("; ")));
    }
}

void checkLegacyTables(RankData& rank, std::vector<FileReport>& files)
{
    LegacyData& legacy = rank.legacy;
    if (FileReport* r = usedReport(files, FileKind::LegacyStepTracePointInfo)) {
        const LegacyStepTracePoints& p = legacy.stepTrace.points;
        addReason(r, Tr::tr("FP starts at %1, BP ends at %2")
                         .arg(p.fpStart.isEmpty() ? Tr::tr("(not given)") : p.fpStart,
                              p.bpEnd.isEmpty() ? Tr::tr("(not given)") : p.bpEnd));
    }

    // output_op_compute_time: per op average and stream. MindSpore derived
    // aicore_intermediate_N_detail.csv from it; without that file it fills
    // the AI Core op table, with it the two are compared.
    const LegacyOpComputeTimes& times = legacy.opComputeTimes;
    if (FileReport* r = !times.ops.empty() ? usedReport(files, FileKind::LegacyOpComputeTime) : nullptr) {
        FileReport* detail = usedReport(files, FileKind::LegacyAicoreDetail);
        addReason(r, Tr::tr("average time and stream of %n op(s)", nullptr, int(times.ops.size())));
        if (!detail && legacy.aicoreDetails.empty()) {
            for (const LegacyOpComputeTime& op : times.ops)
                legacy.aicoreDetails.push_back({ op.fullName, op.avgTimeMs, op.executionFrequency });
            addReason(r, Tr::tr("fills the AI Core op table (there is no aicore_intermediate detail file)"));
        } else if (detail) {
            QHash<QString, double> theirs;
            for (const AicoreOpDetailRow& d : legacy.aicoreDetails)
                theirs.insert(d.fullName, d.executionTimeMs);
            qint64 onlyHere = 0, otherTime = 0;
            QSet<QString> seen;
            for (const LegacyOpComputeTime& op : times.ops) {
                seen.insert(op.fullName);
                const auto it = theirs.constFind(op.fullName);
                if (it == theirs.constEnd())
                    ++onlyHere;
                else if (!sameTime(*it, op.avgTimeMs))
                    ++otherTime;
            }
            const qint64 onlyThere = qint64(theirs.size()) - (qint64(seen.size()) - onlyHere);
            if (onlyHere == 0 && onlyThere == 0 && otherTime == 0)
                addReason(r, Tr::tr("agrees with %1: the same %2 ops and times").arg(fileNameOf(detail)).arg(theirs.size()));
            else
                r->warnings << Tr::tr("%1 differs from %2: %3 ops only here, %4 only there, %5 with another time; "
                                      "the operator figures come from %2")
                                   .arg(fileNameOf(r), fileNameOf(detail))
                                   .arg(onlyHere)
                                   .arg(onlyThere)
                                   .arg(otherTime);
        }
    }

    // output_data_preprocess_aicpu: the AI CPU ops aicpu_intermediate was
    // written from.
    if (FileReport* r = !legacy.aicpuPreprocess.empty() ? usedReport(files, FileKind::LegacyAicpuPreprocess) : nullptr) {
        FileReport* csv = usedReport(files, FileKind::LegacyAicpu);
        if (!csv && legacy.aicpuOps.empty()) {
            legacy.aicpuOps = legacy.aicpuPreprocess;
            addReason(r, Tr::tr("fills the AI CPU op table (there is no aicpu_intermediate file): %n op(s)", nullptr,
                                int(legacy.aicpuOps.size())));
        } else if (csv) {
            QHash<qint64, std::pair<QString, double>> theirs;
            for (const AicpuOpRow& a : legacy.aicpuOps)
                theirs.insert(a.serialNumber, { a.opType, a.totalTimeMs });
            qint64 differing = 0;
            for (const AicpuOpRow& a : legacy.aicpuPreprocess) {
                const auto it = theirs.constFind(a.serialNumber);
                if (it == theirs.constEnd() || it->first != a.opType || !sameTime(it->second, a.totalTimeMs))
                    ++differing;
            }
            if (differing == 0 && theirs.size() == qsizetype(legacy.aicpuPreprocess.size()))
                addReason(r, Tr::tr("agrees with %1: the same %2 AI CPU ops").arg(fileNameOf(csv)).arg(theirs.size()));
            else
                r->warnings << Tr::tr("%1 differs from %2: %3 of its %4 AI CPU ops are missing there or have another "
                                      "type or time (%5 there); the AI CPU figures come from %2")
                                   .arg(fileNameOf(r), fileNameOf(csv))
                                   .arg(differing)
                                   .arg(legacy.aicpuPreprocess.size())
                                   .arg(theirs.size());
        }
    }

    // output_op_compute_time_detail: per type the same figures as
    // aicore_intermediate_N_type.csv, per op its type and subgraph.
    if (FileReport* r = !times.types.empty() || !times.details.empty()
            ? usedReport(files, FileKind::LegacyOpComputeTimeDetail)
            : nullptr) {
        addReason(r, Tr::tr("time per step of %n op type(s), type and subgraph of %1 ops", nullptr, int(times.types.size()))
                         .arg(times.details.size()));
        FileReport* type = usedReport(files, FileKind::LegacyAicoreType);
        if (!type && legacy.aicoreTypes.empty() && !times.types.empty()) {
            for (const LegacyOpTypeComputeTime& t : times.types)
                legacy.aicoreTypes.push_back({ t.opType, t.timePerStepMs, t.callsPerStep, t.percent });
            addReason(r, Tr::tr("fills the AI Core op type table (there is no aicore_intermediate type file)"));
        } else if (type && !times.types.empty()) {
            QHash<QString, std::pair<double, qint64>> theirs;
            for (const AicoreOpTypeRow& t : legacy.aicoreTypes)
                theirs.insert(t.opType, { t.totalTimeMs, t.executionFrequency });
            qint64 differing = 0;
            for (const LegacyOpTypeComputeTime& t : times.types) {
                const auto it = theirs.constFind(t.opType);
                if (it == theirs.constEnd() || !sameTime(it->first, t.timePerStepMs) || it->second != t.callsPerStep)
                    ++differing;
            }
            if (differing == 0 && qint64(theirs.size()) == qint64(times.types.size()))
                addReason(r, Tr::tr("agrees with %1: the same %2 op types, times and calls")
                                 .arg(fileNameOf(type))
                                 .arg(theirs.size()));
            else
                r->warnings << Tr::tr("%1 differs from %2: %3 of its %4 op types are missing there or have other "
                                      "figures (%5 types there); the operator figures come from %2")
                                   .arg(fileNameOf(r), fileNameOf(type))
                                   .arg(differing)
                                   .arg(times.types.size())
                                   .arg(theirs.size());
        }
    }
}

} // namespace profscope
