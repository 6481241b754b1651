// SPDX-License-Identifier: Apache-2.0
#include "export.h"

#include "exportcells.h"
#include "exportresources.h"
#include "exportsteptrace.h"
#include "exportstrategy.h"
#include "exporttrace.h"

#include "output.h"

#include "commands.h"

#include "analysis/advice.h"
#include "analysis/cluster.h"
#include "analysis/communication.h"
#include "analysis/datapipeline.h"
#include "analysis/memory.h"
#include "analysis/operators.h"
#include "analysis/overview.h"
#include "analysis/rangestats.h"
#include "compare.h"
#include "load/profileloader.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace profscope::cli {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::cli::Export)
};

struct Table
{
    QStringList header;
    QList<QStringList> rows;
    QList<QJsonObject> json;
};

constexpr StepTraceRow::Column kColumns[] = { StepTraceRow::Computing, StepTraceRow::CommunicationNotOverlapped,
    StepTraceRow::Overlapped, StepTraceRow::Communication, StepTraceRow::Free, StepTraceRow::Stage,
    StepTraceRow::Bubble, StepTraceRow::CommunicationNotOverlappedExcludeReceive, StepTraceRow::Preparing };

// Where a step's figures come from: recomputed from the device tasks, the
// same recomputed next to the data (a Profscope summary), or the profiler's
// own summary for ranks without a timeline (not recomputed).
QString overviewSourceName(const StepOverview& step)
{
    if (step.fromProfscopeSummary)
        return QStringLiteral("profscope summary");
    return step.fromSummary ? QStringLiteral("profiler summary") : QStringLiteral("recomputed");
}

CellTable stepsTable(const Profile& profile, const QString& step, int onlyRank)
{
    CellTable t;
    t.header << QStringLiteral("Rank") << QStringLiteral("Host") << QStringLiteral("Stage")
             << QStringLiteral("DP Index") << QStringLiteral("PP Index") << QStringLiteral("TP Index")
             << QStringLiteral("Step") << QStringLiteral("Span(us)");
    for (auto c : kColumns)
        t.header << stepTraceColumnName(c) + QStringLiteral("(us)");
    t.header << QStringLiteral("Iteration Interval(us)") << QStringLiteral("FP+BP(us)") << QStringLiteral("Tail(us)")
             << QStringLiteral("Source");
    const ClusterSteps steps = clusterSteps(profile, step);
    for (const ClusterStepRow& r : steps.rows) {
        if (onlyRank >= 0 && r.rankId != onlyRank)
            continue;
        QList<Cell> row { cellIndex(r.rankId), cell(r.host), cellIndex(r.stage), cellIndex(r.parallel.dp),
            cellIndex(r.parallel.pp), cellIndex(r.parallel.tp), cell(r.overview.step),
            cellUs(r.overview.spanNs.durationNs()) };
        for (auto c : kColumns)
            row << (r.overviewKnown ? cellUs(r.overview.value(c)) : cellUs(kInvalidTime));
        row << cellUs(r.iterationIntervalNs) << cellUs(r.fpBpNs) << cellUs(r.tailNs)
            << cell(overviewSourceName(r.overview));
        t.rows << row;
    }
    return t;
}

CellTable operatorsTable(const Profile& profile, const QString& step, int onlyRank, OperatorGrouping grouping, int topN)
{
    CellTable t;
    t.header << QStringLiteral("Rank") << QStringLiteral("Key") << QStringLiteral("Type")
             << QStringLiteral("Accelerator Core") << QStringLiteral("Input Shapes") << QStringLiteral("Count")
             << QStringLiteral("Total(us)") << QStringLiteral("Min(us)") << QStringLiteral("Avg(us)")
             << QStringLiteral("Max(us)") << QStringLiteral("Ratio(%)") << QStringLiteral("Wait(us)");
    OperatorQuery query;
    query.grouping = grouping;
    query.topN = topN;
    bool ok = false;
    query.stepId = step.isEmpty() ? -1 : step.toInt(&ok);
    for (const auto& rank : profile.ranks) {
        if ((onlyRank >= 0 && rank->info.rankId != onlyRank) || !hasOperatorStatistics(*rank))
            continue;
        for (const OperatorStat& s : rankOperatorStatistics(*rank, query))
            t.rows << QList<Cell> { cellIndex(rank->info.rankId), cell(s.key), cell(s.type), cell(s.core),
                cell(s.inputShapes), cell(s.count), cellUs(s.totalNs), cellUs(s.minNs), cellUs(s.avgNs()),
                cellUs(s.maxNs), cellNumber(s.ratioPercent, 2), cellUs(s.waitNs) };
    }
    return t;
}

const QStringList& standardTransports()
{
    static const QStringList names { QStringLiteral("HCCS"), QStringLiteral("PCIE"), QStringLiteral("RDMA"),
        QStringLiteral("SDMA"), QStringLiteral("SIO") };
    return names;
}

CellTable communicationTable(const Profile& profile, const QString& step, int onlyRank)
{
    CellTable t;
    t.header << QStringLiteral("Rank") << QStringLiteral("Group") << QStringLiteral("Ops")
             << QStringLiteral("Elapse(ms)") << QStringLiteral("Transit(ms)") << QStringLiteral("Wait(ms)")
             << QStringLiteral("Synchronization(ms)") << QStringLiteral("Idle(ms)") << QStringLiteral("Wait Ratio")
             << QStringLiteral("Synchronization Ratio");
    for (const QString& tr : standardTransports())
        t.header << tr + QStringLiteral(" Size(MB)") << tr + QStringLiteral(" Time(ms)")
                 << tr + QStringLiteral(" Bandwidth(GB/s)") << tr + QStringLiteral(" Large Packet Ratio");
    for (const RankCommunication& rc :
        communicationByRankAndGroup(profile, step.isEmpty() ? QString() : QStringLiteral("step") + step)) {
        if (onlyRank >= 0 && rc.rankId != onlyRank)
            continue;
        QList<Cell> row { cellIndex(rc.rankId), cell(rc.groupId), cell(rc.ops), cellNumber(rc.elapseMs, 4),
            cellNumber(rc.transitMs, 4), cellNumber(rc.waitMs, 4), cellNumber(rc.synchronizationMs, 4),
            cellNumber(rc.idleMs, 4), cellNumber(rc.waitRatio(), 4), cellNumber(rc.synchronizationRatio(), 4) };
        for (const QString& name : standardTransports()) {
            const auto it = rc.transports.find(name);
            if (it == rc.transports.end()) {
                row << cellNumber(kNoValue, 0) << cellNumber(kNoValue, 0) << cellNumber(kNoValue, 0)
                    << cellNumber(kNoValue, 0);
                continue;
            }
            row << cellNumber(it->second.sizeMB, 4) << cellNumber(it->second.timeMs, 4)
                << cellNumber(it->second.bandwidthGBps(), 4) << cellNumber(it->second.largePacketRatio(name), 4);
        }
        t.rows << row;
    }
    return t;
}

CellTable matrixTable(const Profile& profile, const QString& step, const QString& op, const QString& group)
{
    CellTable t;
    t.header << QStringLiteral("Src Rank") << QStringLiteral("Dst Rank") << QStringLiteral("Transport")
             << QStringLiteral("Transit Size(MB)") << QStringLiteral("Transit Time(ms)")
             << QStringLiteral("Bandwidth(GB/s)") << QStringLiteral("Ops");
    MatrixQuery query;
    query.step = step.isEmpty() ? QString() : QStringLiteral("step") + step;
    query.op = op.isEmpty() ? QStringLiteral("total") : op;
    query.groupId = group;
    for (const MatrixCell& c : communicationMatrix(profile, query))
        t.rows << QList<Cell> { cell(c.srcRank), cell(c.dstRank), cell(c.transport), cellNumber(c.sizeMB, 6),
            cellNumber(c.timeMs, 6), cellNumber(c.bandwidthGBps(), 4), cell(c.opNames.join(QLatin1Char(';'))) };
    return t;
}

CellTable memoryTable(const Profile& profile, int onlyRank)
{
    CellTable t;
    t.header << QStringLiteral("Rank") << QStringLiteral("Component") << QStringLiteral("Metric")
             << QStringLiteral("Points") << QStringLiteral("Peak(MB)") << QStringLiteral("Peak Time(ns)")
             << QStringLiteral("Largest Live Allocation At Peak") << QStringLiteral("Its Size(KB)");
    for (const auto& rank : profile.ranks) {
        if (onlyRank >= 0 && rank->info.rankId != onlyRank)
            continue;
        for (const MemoryCurve& curve : memoryCurves(*rank)) {
            QList<Cell> row { cellIndex(rank->info.rankId), cell(curve.component), cell(memoryMetricName(curve.metric)),
                cell(qint64(curve.tsNs.size())), cellNumber(curve.peakMB, 4),
                curve.peakTsNs == kInvalidTime ? cellNumber(kNoValue, 0) : cell(qint64(curve.peakTsNs)) };
            std::vector<Allocation> live;
            if (rank->operatorMemory && curve.peakTsNs != kInvalidTime)
                live = liveAllocations(*rank->operatorMemory, curve.peakTsNs, 1);
            row << (live.empty() ? cell(QString()) : cell(live.front().name))
                << (live.empty() ? cellNumber(kNoValue, 0) : cellNumber(live.front().sizeKB, 3));
            t.rows << row;
        }
    }
    return t;
}

CellTable adviceTable(const Profile& profile, const AdviceThresholds& thresholds, const QString& step)
{
    CellTable t;
    t.header << QStringLiteral("Severity") << QStringLiteral("Rule Id") << QStringLiteral("Finding")
             << QStringLiteral("Rule") << QStringLiteral("Measured") << QStringLiteral("Value")
             << QStringLiteral("Threshold") << QStringLiteral("Ranks") << QStringLiteral("Ops")
             << QStringLiteral("Link") << QStringLiteral("Transport") << QStringLiteral("Jump Rank")
             << QStringLiteral("Jump Start(ns)") << QStringLiteral("Jump End(ns)") << QStringLiteral("Kind")
             << QStringLiteral("Impact(us)") << QStringLiteral("Impact Share") << QStringLiteral("Evidence")
             << QStringLiteral("Explained By");
    const std::vector<Finding> findings = computeAdvice(profile, thresholds, step);
    // A rank without an id is named by its place ("#3"), as in the finding's text.
    auto ranksCell = [](const Finding& f) {
        QStringList ranks;
        for (const RankRef& r : f.ranks)
            ranks << rankText(r.id, r.index);
        return ranks.join(QLatin1Char(';'));
    };
    for (const Finding& f : findings) {
        const int jumpRank = f.rankIndex >= 0 ? profile.ranks[std::size_t(f.rankIndex)]->info.rankId : -1;
        t.rows << QList<Cell> { cell(severityName(f.severity)), cell(f.ruleId), cell(f.title), cell(f.rule),
            cell(f.measured), cellNumber(f.value, 4), cellNumber(f.threshold, 4), cell(ranksCell(f)),
            cell(f.ops.join(QLatin1Char(';'))), cell(f.link), cell(f.transport), cellIndex(jumpRank),
            f.endNs > f.startNs ? cell(qint64(f.startNs)) : cellNumber(kNoValue, 0),
            f.endNs > f.startNs ? cell(qint64(f.endNs)) : cellNumber(kNoValue, 0),
            cell(f.isCause ? QStringLiteral("cause") : f.explainedBy >= 0 ? QStringLiteral("symptom")
                                                                         : QStringLiteral("finding")),
            f.isCause || f.impactNs > 0 ? cellNumber(f.impactNs / 1000.0, 3) : cellNumber(kNoValue, 0),
            f.isCause || f.impactNs > 0 ? cellNumber(f.impactShare, 4) : cellNumber(kNoValue, 0), cell(f.evidence),
            cell(f.explainedBy >= 0 ? findings[std::size_t(f.explainedBy)].ruleId + QLatin1Char(' ')
                        + ranksCell(findings[std::size_t(f.explainedBy)])
                                    : QString()) };
    }
    return t;
}

CellTable clockTable(const Profile& profile)
{
    CellTable t;
    t.header << QStringLiteral("Rank") << QStringLiteral("Host") << QStringLiteral("Offset(ns)")
             << QStringLiteral("Matched Collectives");
    const ClockAlignment clock = estimateClockAlignment(profile);
    for (std::size_t i = 0; i < profile.ranks.size(); ++i)
        t.rows << QList<Cell> { cellIndex(profile.ranks[i]->info.rankId), cell(profile.ranks[i]->info.host),
            cell(qint64(clock.offsetNs[i])), cell(clock.matchedOps[i]) };
    return t;
}

// `--what range`: the slices of one rank inside [startNs, endNs) of its own
// clock, each counting only its part inside; then the device's time in the
// range by category, recomputed and as the profiler's Overlap Analysis lanes say.
CellTable rangeTable(const RankData& rank, TimeRange rangeNs, bool byLane)
{
    const RangeStats stats = computeRangeStats(rank.trace, rangeNs, {}, rankDeviceTasks(rank).get());
    CellTable t;
    t.header << QStringLiteral("Rank") << QStringLiteral("Kind") << QStringLiteral("Name") << QStringLiteral("Lane")
             << QStringLiteral("Count") << QStringLiteral("Partial") << QStringLiteral("Total(us)")
             << QStringLiteral("Avg(us)") << QStringLiteral("Min(us)") << QStringLiteral("Max(us)")
             << QStringLiteral("Share of Range");
    const int rankId = rank.info.rankId;
    const double rangeNsD = double(std::max<TimeNs>(rangeNs.durationNs(), 1));
    auto share = [&](TimeNs ns) { return cellNumber(double(ns) / rangeNsD, 6); };
    for (const RangeStatRow& r : byLane ? stats.byLane : stats.byName) {
        const TimeNs avgNs = r.count ? TimeNs(std::llround(double(r.totalNs) / double(r.count))) : 0;
        t.rows << QList<Cell> { cellIndex(rankId), cell(QStringLiteral("slice")), cell(r.name), cell(r.lane), cell(r.count),
            cell(r.partialCount), cellUs(r.totalNs), cellUs(avgNs), cellUs(r.minNs), cellUs(r.maxNs),
            share(r.totalNs) };
    }
    const Cell none { QString(), QJsonValue(QJsonValue::Null) };
    auto category = [&](const QString& kind, const QString& name, TimeNs ns) {
        t.rows << QList<Cell> { cellIndex(rankId), cell(kind), cell(name), cell(QString()), none, none, cellUs(ns), none, none,
            none, share(ns) };
    };
    const RangeOverlapBlock& o = stats.overlap;
    if (o.hasDeviceTasks) {
        // Computing + Communication(Not Overlapped) + Free = the range; Overlapped is inside Computing.
        const QString kind = QStringLiteral("recomputed");
        category(kind, stepTraceColumnName(StepTraceRow::Computing), o.computingNs);
        category(kind, stepTraceColumnName(StepTraceRow::CommunicationNotOverlapped), o.communicationNotOverlappedNs);
        category(kind, stepTraceColumnName(StepTraceRow::Free), o.freeNs);
        category(kind, stepTraceColumnName(StepTraceRow::Overlapped), o.overlappedNs);
        category(kind, stepTraceColumnName(StepTraceRow::Communication), o.communicationNs);
    }
    if (o.hasProfilerLanes) {
        const QString kind = QStringLiteral("profiler lanes");
        category(kind, stepTraceColumnName(StepTraceRow::Computing), o.lanesComputingNs);
        category(kind, stepTraceColumnName(StepTraceRow::CommunicationNotOverlapped),
            o.lanesCommunicationNotOverlappedNs);
        category(kind, stepTraceColumnName(StepTraceRow::Free), o.lanesFreeNs);
        category(kind, stepTraceColumnName(StepTraceRow::Communication), o.lanesCommunicationNs);
    }
    return t;
}

// The range of `--what range`: --start-ns/--end-ns, or the host slice of --step.
bool rangeFromOptions(const RankData& rank, const QString& startText, const QString& endText, const QString& step,
    TimeRange* out, QString* error)
{
    if (startText.isEmpty() && endText.isEmpty() && !step.isEmpty()) {
        for (const StepMarker& m : rank.trace.steps)
            if (m.id == step) {
                *out = m.rangeNs;
                return true;
            }
        *error = Tr::tr("export: rank %1 has no step %2").arg(rankIdText(rank.info.rankId)).arg(step);
        return false;
    }
    bool startOk = false;
    bool endOk = false;
    const qint64 startNs = startText.toLongLong(&startOk);
    const qint64 endNs = endText.toLongLong(&endOk);
    if (!startOk || !endOk || endNs <= startNs) {
        *error = Tr::tr("export: --what range needs --start-ns A --end-ns B (integers, A < B, in the trace's own "
                        "clock) or --step S");
        return false;
    }
    *out = TimeRange { startNs, endNs };
    return true;
}

CellTable dataPipelineTable(const Profile& profile, int onlyRank)
{
    CellTable t;
    t.header << QStringLiteral("Rank") << QStringLiteral("Op Id") << QStringLiteral("Op Type")
             << QStringLiteral("Workers") << QStringLiteral("Parent Id") << QStringLiteral("Children")
             << QStringLiteral("In Graph") << QStringLiteral("Queue Capacity") << QStringLiteral("Queue Avg Size")
             << QStringLiteral("Queue Usage") << QStringLiteral("Empty Frequency") << QStringLiteral("Throughput")
             << QStringLiteral("CPU(%)") << QStringLiteral("CPU per Worker(%)") << QStringLiteral("Queue Flagged")
             << QStringLiteral("Bottleneck");
    for (const auto& rank : profile.ranks) {
        if (onlyRank >= 0 && rank->info.rankId != onlyRank)
            continue;
        const DataPipelineAnalysis a = analyzeDataPipeline(*rank);
        for (const DataPipelineOp& op : a.ops) {
            QStringList children;
            for (const qint64 c : op.childIds)
                children << QString::number(c);
            const auto yesNo = [](bool b) { return cell(b ? QStringLiteral("yes") : QStringLiteral("no")); };
            t.rows << QList<Cell> { cellIndex(rank->info.rankId), cell(op.opId), cell(op.opType),
                op.numWorkers >= 0 ? cell(op.numWorkers) : cellNumber(kNoValue, 0),
                op.parentId >= 0 ? cell(op.parentId) : cellNumber(kNoValue, 0), cell(children.join(QLatin1Char(';'))),
                yesNo(op.inGraph), op.queueCapacity >= 0 ? cell(op.queueCapacity) : cellNumber(kNoValue, 0),
                cellNumber(op.queueAverageSize, 4), op.hasQueue ? cellNumber(op.queueUsage, 8) : cellNumber(kNoValue, 0),
                cellNumber(op.emptyFrequency, 4), cellNumber(op.throughputMean, 12), cellNumber(op.cpuPct, 2),
                cellNumber(op.cpuPerWorkerPct, 2), yesNo(op.queueFlagged), yesNo(op.bottleneck) };
        }
    }
    return t;
}

// One row per rank, sample and series (long format: the ops differ per run).
CellTable cpuTable(const Profile& profile, int onlyRank)
{
    CellTable t;
    t.header << QStringLiteral("Rank") << QStringLiteral("Sample") << QStringLiteral("Time(ms)")
             << QStringLiteral("Series") << QStringLiteral("Value(%)");
    for (const auto& rank : profile.ranks) {
        if (onlyRank >= 0 && rank->info.rankId != onlyRank)
            continue;
        const CpuUtilization& c = rank->minddata.cpu;
        std::vector<std::pair<QString, const std::vector<double>*>> series {
            { QStringLiteral("device.user"), &c.deviceUser }, { QStringLiteral("device.sys"), &c.deviceSys },
            { QStringLiteral("device.io"), &c.deviceIo }, { QStringLiteral("device.idle"), &c.deviceIdle },
            { QStringLiteral("process.user"), &c.processUser }, { QStringLiteral("process.sys"), &c.processSys } };
        for (const auto& op : c.ops) {
            series.emplace_back(QStringLiteral("op%1.user").arg(op.opId), &op.user);
            series.emplace_back(QStringLiteral("op%1.sys").arg(op.opId), &op.sys);
        }
        for (const auto& [name, values] : series)
            for (std::size_t i = 0; i < values->size(); ++i)
                t.rows << QList<Cell> { cellIndex(rank->info.rankId), cell(qint64(i)),
                    // The older sampler's series start after the first (baseline) time stamp.
                    cell([&, count = values->size()]() -> qint64 {
                        const std::size_t at = i + (count < c.timestampsMs.size() ? 1 : 0);
                        return at < c.timestampsMs.size() ? c.timestampsMs[at] : qint64(-1);
                    }()),
                    cell(name), cellNumber((*values)[i], 2) };
    }
    return t;
}

} // namespace

int runExport(const QStringList& args, QTextStream& out, QTextStream& err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(Tr::tr("Writes an analysis of the profile under PATH as CSV or JSON."));
    parser.addHelpOption();
    const QCommandLineOption what(
        QStringLiteral("what"), exportWhatHelp(), QStringLiteral("KIND"), QStringLiteral("overview"));
    const QCommandLineOption rankOpt(QStringLiteral("rank"), Tr::tr("Only this rank id."), QStringLiteral("R"));
    const QCommandLineOption stepOpt(QStringLiteral("step"), Tr::tr("Only this step (e.g. 50)."), QStringLiteral("S"));
    const QCommandLineOption format(
        QStringLiteral("format"), Tr::tr("csv (default) or json."), QStringLiteral("FORMAT"), QStringLiteral("csv"));
    const QCommandLineOption output(QStringList { QStringLiteral("o"), QStringLiteral("output") },
        Tr::tr("Write to FILE instead of standard output."), QStringLiteral("FILE"));
    const QCommandLineOption withOpt(QStringLiteral("with"),
        Tr::tr("compare: the rank compared with --rank (default: the second rank)."), QStringLiteral("R"));
    const QCommandLineOption groupBy(QStringLiteral("group-by"),
        Tr::tr("operators: type (default), name or name-shape."), QStringLiteral("BY"), QStringLiteral("type"));
    const QCommandLineOption topOpt(QStringLiteral("top"), Tr::tr("operators: only the N longest (0: all)."),
        QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption opOpt(QStringLiteral("op"),
        Tr::tr("matrix: total (default), top1, middle, bottom1..bottom3 or an op name."), QStringLiteral("OP"));
    const QCommandLineOption groupOpt(
        QStringLiteral("group"), Tr::tr("matrix: only this communication group id."), QStringLiteral("ID"));
    const QCommandLineOption thresholdsOpt(QStringLiteral("thresholds"),
        Tr::tr("advice: JSON file of thresholds to override (keys as in the README, e.g. {\"freeRatio\": 0.2})."),
        QStringLiteral("FILE"));
    const QCommandLineOption stepsOpt = loadStepsOption(
        Tr::tr("Load only steps A to B (or step N): events outside are skipped while reading (trace: only what "
               "overlaps those steps of the first exported rank)."));
    const QCommandLineOption ranksOpt = loadRanksOption();
    const QCommandLineOption withArgsOpt(QStringLiteral("with-args"),
        Tr::tr("trace: include each event's args (read back from the source files; slow on big traces)."));
    const QCommandLineOption startOpt(QStringLiteral("start-ns"),
        Tr::tr("range: start of the range in the trace's own clock (ns, as trace_view.json's ts x 1000)."),
        QStringLiteral("A"));
    const QCommandLineOption endOpt(
        QStringLiteral("end-ns"), Tr::tr("range: end of the range (ns, exclusive)."), QStringLiteral("B"));
    const QCommandLineOption prefer = preferOption();
    parser.addOptions({ what, rankOpt, stepOpt, format, output, withOpt, groupBy, topOpt, opOpt, groupOpt,
        thresholdsOpt, stepsOpt, ranksOpt, withArgsOpt, startOpt, endOpt, prefer, noCacheOption(), noSeekOption() });
    parser.addPositionalArgument(QStringLiteral("PATH"), Tr::tr("Rank folder, folder of ranks or cluster root."));
    if (const int code = parseCommandLine(parser, args, out, err); code >= 0)
        return code;
    const QStringList paths = parser.positionalArguments();
    const QString kind = parser.value(what);
    const QString fmt = parser.value(format);
    if (paths.isEmpty() || !exportKinds().contains(kind)
        || (fmt != QLatin1String("csv") && fmt != QLatin1String("json"))) {
        err << Tr::tr("export: give a PATH, --what %1 and --format csv|json (see --help)")
                   .arg(exportKinds().join(QLatin1Char('|')))
            << '\n';
        return 2;
    }
    if (kind == QLatin1String("trace")) {
        LoadOptions loadOptions;
        if (!applyPreferOption(parser, prefer, loadOptions, err)
            || !applyLoadFilterOptions(parser, stepsOpt, ranksOpt, loadOptions, err))
            return 2;
        return exportTrace(paths, loadOptions, parser.value(rankOpt), parser.value(stepsOpt),
            parser.isSet(withArgsOpt), parser.value(output), out, err);
    }
    if (kind == QLatin1String("compare")) {
        // Two ranks of one profile: the compare command on the same path twice.
        QStringList compareArgs { args.value(0), paths[0], paths[0], QStringLiteral("--format"), fmt };
        if (parser.isSet(rankOpt))
            compareArgs << QStringLiteral("--rank-a") << parser.value(rankOpt);
        if (parser.isSet(withOpt))
            compareArgs << QStringLiteral("--rank-b") << parser.value(withOpt);
        if (parser.isSet(output))
            compareArgs << QStringLiteral("-o") << parser.value(output);
        if (parser.value(topOpt) != QLatin1String("0"))
            compareArgs << QStringLiteral("--top") << parser.value(topOpt);
        if (parser.isSet(stepsOpt))
            compareArgs << QStringLiteral("--steps") << parser.value(stepsOpt);
        if (parser.isSet(ranksOpt))
            compareArgs << QStringLiteral("--ranks") << parser.value(ranksOpt);
        if (parser.optionNames().contains(QStringLiteral("no-cache")))
            compareArgs << QStringLiteral("--no-cache");
        return runCompare(compareArgs, out, err);
    }
    const QString byValue = parser.value(groupBy);
    const bool rangeKind = kind == QLatin1String("range");
    if (rangeKind && parser.isSet(groupBy) && byValue != QLatin1String("lane") && byValue != QLatin1String("name")) {
        err << Tr::tr("export: --what range groups by lane (default) or name") << '\n';
        return 2;
    }
    if (!rangeKind && byValue != QLatin1String("type") && byValue != QLatin1String("name")
        && byValue != QLatin1String("name-shape")) {
        err << Tr::tr("export: --group-by takes type, name or name-shape") << '\n';
        return 2;
    }
    bool topOk = true;
    const int topN = parser.value(topOpt).toInt(&topOk);
    if (!topOk || topN < 0) {
        err << Tr::tr("export: --top takes a non-negative number") << '\n';
        return 2;
    }
    AdviceThresholds thresholds;
    if (parser.isSet(thresholdsOpt)) {
        QString error;
        if (!loadAdviceThresholds(parser.value(thresholdsOpt), &thresholds, &error)) {
            err << Tr::tr("error: %1").arg(error) << '\n';
            return 2;
        }
    }
    bool rankOk = true;
    const int onlyRank = parser.isSet(rankOpt) ? parser.value(rankOpt).toInt(&rankOk) : -1;
    if (!rankOk) {
        err << Tr::tr("export: --rank takes a number") << '\n';
        return 2;
    }

    LoadOptions loadOptions;
    if (!applyPreferOption(parser, prefer, loadOptions, err)
        || !applyLoadFilterOptions(parser, stepsOpt, ranksOpt, loadOptions, err))
        return 2;
    const ProfilePtr profile = ProfileLoader::load(paths, loadOptions);
    printPartialNote(*profile, err);
    if (profile->ranks.empty()) {
        err << Tr::tr("error: nothing could be loaded from %1").arg(paths.join(QStringLiteral(", "))) << '\n';
        return 1;
    }

    Table table;
    const QString step = parser.value(stepOpt);
    CellTable cells;
    const bool cellKind = kind != QLatin1String("overview") && kind != QLatin1String("overview-check");
    if (kind == QLatin1String("steps"))
        cells = stepsTable(*profile, step, onlyRank);
    else if (kind == QLatin1String("operators"))
        cells = operatorsTable(*profile, step, onlyRank,
            byValue == QLatin1String("name")             ? OperatorGrouping::Name
                : byValue == QLatin1String("name-shape") ? OperatorGrouping::NameAndShape
                                                         : OperatorGrouping::TypeAndCore,
            topN);
    else if (kind == QLatin1String("comm"))
        cells = communicationTable(*profile, step, onlyRank);
    else if (kind == QLatin1String("matrix"))
        cells = matrixTable(*profile, step, parser.value(opOpt), parser.value(groupOpt));
    else if (kind == QLatin1String("memory"))
        cells = memoryTable(*profile, onlyRank);
    else if (kind == QLatin1String("advice"))
        cells = adviceTable(*profile, thresholds, step);
    else if (kind == QLatin1String("clock"))
        cells = clockTable(*profile);
    else if (kind == QLatin1String("data-pipeline"))
        cells = dataPipelineTable(*profile, onlyRank);
    else if (kind == QLatin1String("cpu"))
        cells = cpuTable(*profile, onlyRank);
    else if (kind == QLatin1String("flops"))
        cells = flopsTable(*profile, onlyRank);
    else if (kind == QLatin1String("cluster-memory"))
        cells = clusterMemoryTable(*profile, onlyRank);
    else if (kind == QLatin1String("api"))
        cells = apiTable(*profile, onlyRank);
    else if (kind == QLatin1String("step-trace"))
        cells = stepTraceTable(*profile, step, onlyRank);
    else if (kind == QLatin1String("trajectory"))
        cells = trajectoryTable(*profile, step, onlyRank);
    else if (kind == QLatin1String("strategy"))
        cells = strategyTable(*profile, onlyRank);
    else if (rangeKind) {
        const RankData* rank = profile->ranks.front().get();
        if (onlyRank >= 0) {
            rank = nullptr;
            for (const auto& r : profile->ranks)
                if (r->info.rankId == onlyRank)
                    rank = r.get();
        }
        if (!rank) {
            err << Tr::tr("export: no rank %1 in %2").arg(onlyRank).arg(profile->rootPath) << '\n';
            return 2;
        }
        TimeRange rangeNs;
        QString error;
        if (!rangeFromOptions(*rank, parser.value(startOpt), parser.value(endOpt), step, &rangeNs, &error)) {
            err << error << '\n';
            return 2;
        }
        cells = rangeTable(*rank, rangeNs, !parser.isSet(groupBy) || byValue == QLatin1String("lane"));
    }
    if (cellKind) {
        table.header = cells.header;
        cells.toTable(table.rows, table.json);
    } else if (kind == QLatin1String("overview")) {
        table.header << QStringLiteral("Rank") << QStringLiteral("Device") << QStringLiteral("Host")
                     << QStringLiteral("Step") << QStringLiteral("Span Start(ns)") << QStringLiteral("Span(us)");
        for (auto c : kColumns)
            table.header << stepTraceColumnName(c) + QStringLiteral("(us)");
        table.header << QStringLiteral("Compute Tasks") << QStringLiteral("Communication Ops")
                     << QStringLiteral("Path") << QStringLiteral("Source");
    } else {
        table.header << QStringLiteral("Rank") << QStringLiteral("Step") << QStringLiteral("Column")
                     << QStringLiteral("Computed(us)") << QStringLiteral("step_trace_time.csv(us)")
                     << QStringLiteral("Difference(us)") << QStringLiteral("Within 1% of Step")
                     << QStringLiteral("Path") << QStringLiteral("Source"); // Source: which figure of the profiler's
    }
    int failures = 0;
    for (std::size_t r = 0; r < profile->ranks.size(); ++r) {
        const auto& rank = profile->ranks[r];
        if (cellKind || (onlyRank >= 0 && rank->info.rankId != onlyRank))
            continue;
        const RankOverview& o = *rankOverview(*rank);
        if (o.steps.empty())
            err << Tr::tr("note: rank %1 (%2): %3").arg(rankText(rank->info.rankId, int(r))).arg(rank->info.rootPath, o.note)
                << '\n';
        if (kind == QLatin1String("overview")) {
            for (const StepOverview& s : o.steps) {
                if (parser.isSet(stepOpt) && s.step != parser.value(stepOpt))
                    continue;
                QStringList row { cellIndex(rank->info.rankId).text, QString::number(rank->info.deviceId),
                    rank->info.host, s.step, QString::number(s.spanNs.startNs), microsText(s.spanNs.durationNs()) };
                QJsonObject j { { QStringLiteral("rank"), cellIndex(rank->info.rankId).json },
                    { QStringLiteral("device"), rank->info.deviceId }, { QStringLiteral("host"), rank->info.host },
                    { QStringLiteral("step"), s.step },
                    { QStringLiteral("spanStartNs"), QString::number(s.spanNs.startNs) },
                    { QStringLiteral("spanNs"), double(s.spanNs.durationNs()) },
                    { QStringLiteral("computeTasks"), double(s.computeTasks) },
                    { QStringLiteral("communicationOps"), double(s.communicationOps) },
                    { QStringLiteral("path"), rank->info.rootPath },
                    { QStringLiteral("source"), overviewSourceName(s) } };
                QJsonObject values;
                for (auto c : kColumns) {
                    row << microsText(s.value(c));
                    values[stepTraceColumnName(c)] = double(s.value(c));
                }
                j[QStringLiteral("valuesNs")] = values;
                row << QString::number(s.computeTasks) << QString::number(s.communicationOps) << rank->info.rootPath
                    << overviewSourceName(s);
                table.rows << row;
                table.json << j;
            }
        } else {
            for (const OverviewCheck& c : o.checks) {
                if (parser.isSet(stepOpt) && c.step != parser.value(stepOpt))
                    continue;
                failures += c.withinTolerance() ? 0 : 1;
                table.rows << QStringList { cellIndex(rank->info.rankId).text, c.step, stepTraceColumnName(c.column),
                    microsText(c.computedNs), microsText(c.fileNs), microsText(c.computedNs - c.fileNs),
                    c.withinTolerance() ? QStringLiteral("yes") : QStringLiteral("no"), rank->info.rootPath,
                    overviewCheckSourceName(c.source) };
                table.json << QJsonObject { { QStringLiteral("rank"), cellIndex(rank->info.rankId).json },
                    { QStringLiteral("step"), c.step }, { QStringLiteral("column"), stepTraceColumnName(c.column) },
                    { QStringLiteral("computedNs"), double(c.computedNs) },
                    { QStringLiteral("fileNs"), double(c.fileNs) },
                    { QStringLiteral("withinTolerance"), c.withinTolerance() },
                    { QStringLiteral("path"), rank->info.rootPath },
                    { QStringLiteral("source"), overviewCheckSourceName(c.source) } };
            }
        }
    }

    QString text;
    if (fmt == QLatin1String("csv")) {
        text = csvText(table.header, table.rows);
    } else {
        QJsonArray rows;
        for (const auto& j : table.json)
            rows.append(j);
        const QJsonObject root { { QStringLiteral("what"), kind }, { QStringLiteral("root"), profile->rootPath },
            { QStringLiteral("rows"), rows } };
        text = QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented));
    }
    if (overwritesAnInput(parser.value(output), { profile.get() }, err))
        return 2;
    if (const int code = writeResult(text, parser.value(output), out, err); code != 0)
        return code;
    return failures > 0 ? 3 : 0;
}

} // namespace profscope::cli
