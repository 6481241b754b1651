// SPDX-License-Identifier: Apache-2.0
#include "datapipeline.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <algorithm>
#include <climits>
#include <cmath>
#include <deque>
#include <map>
#include <set>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::DataPipeline)
};

// MindSpore's summary rule thresholds (minddata_analyzer.py / ms_minddata_viewer.py).
constexpr double kCpuPerWorkerHighPct = 75;
constexpr double kCpuPerWorkerLowPct = 20;
constexpr double kLeafQueueUsageMaxPct = 50;
constexpr double kDeviceQueueEmptyFreqPct = 60;
constexpr double kQueueUsageDiffPct = 50;
constexpr double kInputQueueUsageMinPct = 10;

double mean(const std::vector<qint64>& v)
{
    if (v.empty())
        return kNoValue;
    double s = 0;
    for (qint64 x : v)
        s += double(x);
    return s / double(v.size());
}

double emptyShare(const std::vector<qint64>& sizes)
{
    if (sizes.empty())
        return kNoValue;
    return double(std::count(sizes.begin(), sizes.end(), 0)) / double(sizes.size());
}

// Python's round(): half to even (the default FE_TONEAREST mode).
// Out-of-range means (a damaged file) saturate instead of overflowing the cast.
int roundHalfEven(double v)
{
    if (std::isnan(v))
        return 0;
    return int(std::clamp(std::nearbyint(v), double(INT_MIN), double(INT_MAX)));
}

int meanRounded(const std::vector<double>& v, int from, int count)
{
    from = std::clamp(from, 0, int(v.size()));
    count = std::clamp(count, 0, int(v.size()) - from);
    if (count <= 0)
        return 0;
    double s = 0;
    for (int i = from; i < from + count; ++i)
        s += v[std::size_t(i)];
    return roundHalfEven(s / count);
}

// "Batch" / "BatchOp": MindSpore strips the last two characters, which
// mangles old names; compare the class name without a trailing "Op".
QString baseName(const QString& opType)
{
    return opType.endsWith(QLatin1String("Op")) ? opType.chopped(2) : opType;
}

bool isNonMultithreaded(const QString& opType)
{
    static const QStringList names { QStringLiteral("Barrier"), QStringLiteral("Concat"), QStringLiteral("EpochCtrl"),
        QStringLiteral("Rename"), QStringLiteral("Repeat"), QStringLiteral("Shuffle"), QStringLiteral("Skip"),
        QStringLiteral("Take"), QStringLiteral("Zip") };
    return names.contains(baseName(opType));
}

double usagePct(const DataPipelineOp& op)
{
    // -1 for "no queue", as MindSpore's summary writes it.
    return op.hasQueue && op.queueCapacity > 0
        ? std::round(10000.0 * op.queueAverageSize / double(op.queueCapacity)) / 100.0
        : -1.0;
}

// The drawn graph, as MindSpore's raw-CSV writers derive it: from op 0,
// breadth first; a queue-less child is replaced, transitively, by its own
// children; ops not reached stay inGraph false.
void deriveGraph(std::map<qint64, DataPipelineOp>& ops)
{
    for (auto& [id, op] : ops) {
        op.inGraph = false;
        op.parentId = -1;
        op.childIds.clear();
    }
    if (!ops.count(0))
        return;
    std::deque<qint64> queue { 0 };
    std::set<qint64> visited { 0 };
    ops[0].inGraph = true;
    while (!queue.empty()) {
        const qint64 id = queue.front();
        queue.pop_front();
        DataPipelineOp& op = ops[id];
        std::vector<qint64> children;
        std::deque<qint64> pending(op.rawChildIds.begin(), op.rawChildIds.end());
        std::set<qint64> expanded;
        while (!pending.empty()) {
            const qint64 c = pending.front();
            pending.pop_front();
            auto it = ops.find(c);
            if (it == ops.end() || !expanded.insert(c).second)
                continue; // an unknown id, or a loop in a damaged file
            if (it->second.hasQueue)
                children.push_back(c);
            else
                pending.insert(pending.end(), it->second.rawChildIds.begin(), it->second.rawChildIds.end());
        }
        op.childIds = children;
        for (qint64 c : children) {
            if (!visited.insert(c).second)
                continue;
            ops[c].parentId = id;
            ops[c].inGraph = true;
            queue.push_back(c);
        }
    }
}

} // namespace

const DataPipelineOp* DataPipelineAnalysis::op(qint64 id) const
{
    for (const auto& o : ops)
        if (o.opId == id)
            return &o;
    return nullptr;
}

std::vector<DataPipelineOp> pipelineOpsFromJson(const PipelineJson& json)
{
    std::map<qint64, const PipelineJsonOp*> byId;
    for (const auto& o : json.ops)
        byId.emplace(o.opId, &o);
    std::vector<DataPipelineOp> out;
    if (!byId.count(0))
        return out;
    std::map<qint64, DataPipelineOp> ops;
    for (const auto& [id, o] : byId) {
        DataPipelineOp op;
        op.opId = id;
        op.opType = o->opType;
        op.numWorkers = o->numWorkers;
        op.rawChildIds = o->childIds;
        op.hasQueue = o->hasQueue;
        op.queueSizes = o->queueSizes;
        op.queueCapacity = o->queueCapacity;
        if (o->hasQueue) {
            op.queueAverageSize = mean(o->queueSizes);
            op.queueUsage = o->queueCapacity > 0 && !std::isnan(op.queueAverageSize)
                ? op.queueAverageSize / double(o->queueCapacity)
                : 0;
            op.emptyFrequency = emptyShare(o->queueSizes);
        }
        if (!o->throughput.empty()) {
            double s = 0;
            for (double t : o->throughput)
                s += t;
            op.throughputMean = s / double(o->throughput.size());
        }
        op.inGraph = false;
        ops.emplace(id, std::move(op));
    }
    deriveGraph(ops);
    for (auto& [id, op] : ops)
        out.push_back(std::move(op));
    return out;
}

std::vector<DataPipelineOp> pipelineOpsFromSummary(const PipelineSummary& summary)
{
    std::vector<DataPipelineOp> out;
    const QStringList* ids = summary.value(QStringLiteral("op_ids"));
    if (!ids)
        return out;
    const auto at = [&summary](const char* key, int i) {
        const QStringList* v = summary.value(QString::fromLatin1(key));
        return v && i < v->size() ? v->at(i) : QString();
    };
    const auto number = [](const QString& text, double fallback) {
        bool ok = false;
        const double v = text.toDouble(&ok);
        return ok ? v : fallback;
    };
    std::map<qint64, DataPipelineOp> ops;
    for (int i = 0; i < ids->size(); ++i) {
        bool ok = false;
        const qint64 id = ids->at(i).toLongLong(&ok);
        if (!ok)
            continue;
        DataPipelineOp op;
        op.opId = id;
        op.opType = at("op_names", i);
        op.numWorkers = qint64(number(at("num_workers", i), -1));
        // "[1, 2]" / "[]": the raw children.
        QString children = at("children_ids", i);
        children.remove(QLatin1Char('[')).remove(QLatin1Char(']'));
        for (const QString& c : children.split(QLatin1Char(','), Qt::SkipEmptyParts))
            if (const qint64 child = c.trimmed().toLongLong(&ok); ok)
                op.rawChildIds.push_back(child);
        // Percentages, -1 without a queue.
        const double usagePct = number(at("queue_utilization_pct", i), -1);
        op.hasQueue = usagePct >= 0;
        if (op.hasQueue) {
            op.queueUsage = usagePct / 100.0;
            op.queueAverageSize = number(at("queue_average_size", i), kNoValue);
            if (usagePct > 0 && !std::isnan(op.queueAverageSize))
                op.queueCapacity = qint64(std::llround(op.queueAverageSize * 100.0 / usagePct));
            const double empty = number(at("queue_empty_freq_pct", i), -1);
            op.emptyFrequency = empty >= 0 ? empty / 100.0 : kNoValue;
        }
        const double cpu = number(at("avg_cpu_pct", i), -1);
        op.cpuPct = cpu >= 0 ? cpu : kNoValue;
        ops.emplace(id, std::move(op));
    }
    deriveGraph(ops);
    for (auto& [id, op] : ops)
        out.push_back(std::move(op));
    return out;
}

std::vector<DataPipelineOp> pipelineOpsFromRawCsv(const std::vector<MinddataPipelineRow>& rows)
{
    std::vector<DataPipelineOp> out;
    for (const auto& r : rows) {
        DataPipelineOp op;
        op.opId = r.opId;
        op.opType = r.opType;
        op.numWorkers = r.numWorkers;
        op.parentId = r.parentId;
        op.childIds = r.childIds;
        op.rawChildIds = r.childIds;
        op.hasQueue = r.outputQueueLength > 0 || !r.outputQueueSizes.empty();
        op.queueSizes = r.outputQueueSizes;
        op.queueCapacity = r.outputQueueLength;
        op.queueAverageSize =
            !std::isnan(r.outputQueueAverageSize) ? r.outputQueueAverageSize : mean(r.outputQueueSizes);
        // MindInsight reads an empty usage cell as 0.
        op.queueUsage = std::isnan(r.outputQueueUsageRate) ? 0 : r.outputQueueUsageRate;
        if (op.hasQueue)
            op.emptyFrequency = emptyShare(r.outputQueueSizes);
        out.push_back(std::move(op));
    }
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.opId < b.opId; });
    return out;
}

std::vector<qint64> queueUsageFilter(const std::vector<DataPipelineOp>& ops, double high, double low, bool& isRoot)
{
    std::map<qint64, double> usage;
    for (const auto& op : ops)
        if (op.inGraph)
            usage[op.opId] = op.queueUsage;
    std::vector<qint64> flagged;
    qint64 root = -1;
    bool allHigh = true;
    isRoot = false;
    for (const auto& op : ops) {
        if (!op.inGraph)
            continue;
        if (op.parentId < 0) {
            root = op.opId;
            continue;
        }
        if (op.queueUsage < high)
            allHigh = false;
        if (!op.childIds.empty()) {
            // Its input queue is noticeably fuller than its output: the op is slow.
            const bool slower = std::any_of(op.childIds.begin(), op.childIds.end(), [&](qint64 c) {
                const auto it = usage.find(c);
                return it != usage.end() && it->second - op.queueUsage > 0.1;
            });
            if (slower)
                flagged.push_back(op.opId);
        } else if (op.queueUsage < low) {
            flagged.push_back(op.opId); // the source is too slow
        }
    }
    if (allHigh && root >= 0) {
        isRoot = true;
        return { root };
    }
    return flagged;
}

void applySummaryRules(DataPipelineAnalysis& a)
{
    std::map<qint64, DataPipelineOp*> byId;
    for (auto& op : a.ops)
        byId[op.opId] = &op;
    // The input op: the first child; through queue-less ops to their first child.
    const auto inputOp = [&](const DataPipelineOp& op) -> DataPipelineOp* {
        std::set<qint64> seen;
        const DataPipelineOp* cur = &op;
        while (!cur->rawChildIds.empty()) {
            auto it = byId.find(cur->rawChildIds.front());
            if (it == byId.end() || !seen.insert(it->first).second)
                return nullptr;
            if (it->second->hasQueue)
                return it->second;
            cur = it->second;
        }
        return nullptr;
    };
    a.cpuDetails.clear();
    a.queueDetails.clear();
    a.bottleneckOpId = -1;
    a.opsWithCpu = 0;
    for (auto& op : a.ops) {
        op.bottleneck = false;
        op.cpuPerWorkerPct = !std::isnan(op.cpuPct) && op.numWorkers > 0 ? op.cpuPct / double(op.numWorkers) : kNoValue;
        if (!std::isnan(op.cpuPct))
            ++a.opsWithCpu;
    }
    const auto name = [](const DataPipelineOp& op) {
        return QStringLiteral("%1(id=%2)").arg(baseName(op.opType)).arg(op.opId);
    };
    for (const auto& op : a.ops) {
        if (std::isnan(op.cpuPerWorkerPct))
            continue;
        if (op.cpuPerWorkerPct > kCpuPerWorkerHighPct)
            a.cpuDetails << Tr::tr(
                "%1 is using %2% CPU per worker; setting num_parallel_workers > %3 might bring extra performance.")
                                .arg(name(op))
                                .arg(op.cpuPerWorkerPct, 0, 'f', 1)
                                .arg(op.numWorkers);
        else if (op.cpuPerWorkerPct < kCpuPerWorkerLowPct && op.numWorkers > 1)
            a.cpuDetails << Tr::tr(
                "%1 is using %2% CPU per worker; using %3 workers might not bring as much benefit as "
                "desired. Consider decreasing num_parallel_workers.")
                                .arg(name(op))
                                .arg(op.cpuPerWorkerPct, 0, 'f', 1)
                                .arg(op.numWorkers);
    }
    for (const auto& op : a.ops) {
        if (baseName(op.opType) == QLatin1String("Batch"))
            continue;
        const DataPipelineOp* in = inputOp(op);
        const double outPct = usagePct(op);
        if (!in && op.hasQueue) {
            if (outPct <= kLeafQueueUsageMaxPct)
                a.queueDetails << Tr::tr(
                    "Leaf op %1 is using %2% of its output queue. Setting num_parallel_workers > %3 "
                    "might speed up I/O.")
                                      .arg(name(op))
                                      .arg(outPct, 0, 'f', 1)
                                      .arg(op.numWorkers);
        } else if (baseName(op.opType) == QLatin1String("DeviceQueue") && in && !std::isnan(in->emptyFrequency)
            && 100.0 * in->emptyFrequency > kDeviceQueueEmptyFreqPct) {
            a.queueDetails << Tr::tr(
                "%1's input queue is empty %2% of the time: the host cannot keep up with the device.")
                                  .arg(name(op))
                                  .arg(100.0 * in->emptyFrequency, 0, 'f', 1);
        } else if (in && usagePct(*in) - outPct > kQueueUsageDiffPct) {
            a.queueDetails << Tr::tr(
                "%1's input queue usage (%2%) is much higher than its output queue usage (%3%): the "
                "child produces faster than it consumes. Try increasing prefetch_size or num_workers.")
                                  .arg(name(op))
                                  .arg(usagePct(*in), 0, 'f', 1)
                                  .arg(outPct, 0, 'f', 1);
        }
    }
    // From the highest id down; each match overwrites the last, so the op
    // closest to the root wins. Ops without CPU data are not judged (where
    // MindSpore's own summary code fails with an IndexError).
    for (auto it = a.ops.rbegin(); it != a.ops.rend(); ++it) {
        const DataPipelineOp& op = *it;
        if (std::isnan(op.cpuPerWorkerPct) || isNonMultithreaded(op.opType)
            || baseName(op.opType) == QLatin1String("DeviceQueue"))
            continue;
        const DataPipelineOp* in = inputOp(op);
        if (op.cpuPerWorkerPct > kCpuPerWorkerHighPct) {
            a.bottleneckOpId = op.opId;
            a.bottleneckWarning = Tr::tr("Bottleneck: %1 (high CPU usage per worker).").arg(name(op));
            a.bottleneckSuggestion = Tr::tr("Try increasing num_parallel_workers of %1.").arg(name(op));
        } else if (op.cpuPerWorkerPct < kCpuPerWorkerLowPct && in
            && (usagePct(*in) < kInputQueueUsageMinPct || usagePct(op) - usagePct(*in) > kQueueUsageDiffPct)) {
            a.bottleneckOpId = op.opId;
            a.bottleneckWarning =
                Tr::tr("Bottleneck: %1 (low CPU usage per worker and abnormal queue usage).").arg(name(op));
            a.bottleneckSuggestion = Tr::tr("Try increasing prefetch_size.");
        }
    }
    if (a.bottleneckOpId < 0) {
        a.bottleneckWarning.clear();
        a.bottleneckSuggestion.clear();
    }
    for (auto& op : a.ops)
        op.bottleneck = op.opId == a.bottleneckOpId;
    if (a.opsWithCpu > 0 && a.opsWithCpu < int(a.ops.size()))
        a.cpuCoverageNote =
            Tr::tr("CPU data covers %1 of %2 ops; the CPU rules judged only those (MindSpore's own summary "
                   "is not written in this case).")
                .arg(a.opsWithCpu)
                .arg(a.ops.size());
}

QueueStepView analyzeQueues(const QueueTrace& trace, const std::vector<GetNextRecord>& getNext)
{
    QueueStepView v;
    std::vector<const QueueTraceRecord*> host, costs;
    for (const auto& r : trace.records)
        (r.type == 1 ? host : costs).push_back(&r);
    std::stable_sort(host.begin(), host.end(), [](auto* a, auto* b) { return a->batchNum < b->batchNum; });
    for (const auto* r : host) {
        v.hostSteps.push_back(r->batchNum);
        v.hostSizes.push_back(r->value);
        v.hostCapacity = std::max(v.hostCapacity, r->extra);
        if (r->value == 0)
            ++v.hostEmpty;
        if (r->extra == r->value)
            ++v.hostFull;
    }
    v.hostTotal = int(host.size());
    std::map<qint64, std::array<double, 3>> perStep; // get, push, total
    double sums[3] = { 0, 0, 0 };
    int totals = 0;
    for (const auto* r : costs) {
        if (r->extra < 0 || r->extra > 2)
            continue;
        auto [it, inserted] = perStep.try_emplace(r->batchNum, std::array<double, 3> { kNoValue, kNoValue, kNoValue });
        it->second[std::size_t(r->extra)] = double(r->value);
        sums[r->extra] += double(r->value);
        if (r->extra == 2)
            ++totals;
    }
    for (const auto& [step, c] : perStep) {
        v.costSteps.push_back(step);
        v.getMs.push_back(c[0]);
        v.pushMs.push_back(c[1]);
        v.totalMs.push_back(c[2]);
    }
    if (totals > 0) {
        // MindInsight divides every sum by the number of total records.
        v.avgCostMs = sums[2] / totals;
        v.pushCostMs = sums[1] / totals;
        v.getCostMs = sums[0] / totals;
    }
    double getNextSum = 0;
    for (const auto& g : getNext) {
        v.chipSizes.push_back(g.queueSize);
        v.getNextMs.push_back(double(g.endUs - g.startUs) / 1000.0);
        getNextSum += v.getNextMs.back();
        if (g.queueSize == 0)
            ++v.chipEmpty;
    }
    v.chipTotal = int(getNext.size());
    if (v.chipTotal > 0)
        v.avgGetNextMs = getNextSum / v.chipTotal;
    if (v.hasHost()) {
        if (v.hostEmpty > kDeviceQueueEmptyThreshold * v.hostTotal)
            v.dataProcessWarning = true;
        else if (v.hasChip() && v.chipEmpty > 0)
            v.dataTransmissionWarning = true;
        else
            v.deviceQueueWarning = true;
        if (v.dataProcessWarning || v.dataTransmissionWarning)
            v.emptyRatePct = int(std::ceil(100.0 * v.hostEmpty / v.hostTotal));
    }
    return v;
}

CpuView analyzeCpu(const CpuUtilization& cpu, const QueueTrace& trace, const std::vector<DataPipelineOp>& ops)
{
    CpuView v;
    if (cpu.timestampsMs.empty())
        return v;
    v.available = true;
    v.samplingIntervalMs = cpu.samplingIntervalMs;
    v.cpuCount = cpu.cpuCount;
    // MindInsight maps samples to steps through the host-queue records: the
    // first sample is only a baseline; a sample takes the step of the last
    // record at or before it (0 before the first); the samples of steps
    // 1..n are kept, and every series is sliced by those sample indices.
    std::vector<std::pair<qint64, qint64>> queue; // (step, timestamp)
    for (const auto& r : trace.records)
        if (r.type == 1 && r.timestampMs >= 0)
            queue.emplace_back(r.batchNum, r.timestampMs);
    int first = 0, count = int(cpu.timestampsMs.size());
    if (!queue.empty()) {
        const qint64 firstStep = queue.front().first;
        for (auto& q : queue)
            q.first = q.first - firstStep + 1;
        v.stepTotal = int(queue.size());
        int lo = -1, hi = -1;
        for (std::size_t i = 1; i < cpu.timestampsMs.size(); ++i) {
            const qint64 t = cpu.timestampsMs[i];
            qint64 step = 0;
            for (const auto& [s, ts] : queue)
                if (ts <= t)
                    step = s;
            if (step >= 1 && step <= v.stepTotal) {
                if (lo < 0)
                    lo = int(i) - 1;
                hi = int(i) - 1;
            }
        }
        first = lo < 0 ? 0 : lo;
        count = lo < 0 ? 0 : hi - lo + 1;
    }
    v.firstSample = first;
    v.sampleCount = count;
    v.deviceUser = meanRounded(cpu.deviceUser, first, count);
    v.deviceSys = meanRounded(cpu.deviceSys, first, count);
    v.deviceIo = meanRounded(cpu.deviceIo, first, count);
    v.deviceIdle = meanRounded(cpu.deviceIdle, first, count);
    v.runnable = meanRounded(cpu.runnable, first, count);
    v.contextSwitches = meanRounded(cpu.contextSwitches, first, count);
    v.processUser = meanRounded(cpu.processUser, first, count);
    v.processSys = meanRounded(cpu.processSys, first, count);
    for (const auto& o : cpu.ops) {
        CpuView::Op op;
        op.opId = o.opId;
        op.user = meanRounded(o.user, first, count);
        op.sys = meanRounded(o.sys, first, count);
        for (const auto& p : ops)
            if (p.opId == o.opId)
                op.numWorkers = p.numWorkers;
        v.totalOpUser += op.user;
        v.totalOpSys += op.sys;
        v.ops.push_back(op);
    }
    v.activePct = cpu.deviceIdle.empty() ? 100 : 100 - v.deviceIdle;
    v.overloaded = v.activePct > kCpuActiveThresholdPct;
    return v;
}

DataPipelineAnalysis analyzeDataPipeline(const RankData& rank)
{
    DataPipelineAnalysis a;
    const MindDataFiles& md = rank.minddata;
    std::vector<DataPipelineOp> fromJson = pipelineOpsFromJson(md.pipeline);
    if (!rank.legacy.minddataPipeline.empty() && !fromJson.empty()) {
        // Both describe the same pipeline, or one is from another run (the
        // MindInsight fixtures mix them): then the raw CSV alone is used.
        for (const auto& r : rank.legacy.minddataPipeline)
            for (const auto& j : fromJson)
                if (j.opId == r.opId && j.opType != r.opType && a.pipelineNote.isEmpty())
                    a.pipelineNote =
                        Tr::tr("%1 and minddata_pipeline_raw disagree (op %2 is %3 in one, %4 in the other): "
                               "only the raw CSV is used")
                            .arg(QFileInfo(md.pipelineJsonPath).fileName())
                            .arg(r.opId)
                            .arg(j.opType, r.opType);
        if (!a.pipelineNote.isEmpty())
            fromJson.clear();
    }
    if (!rank.legacy.minddataPipeline.empty()) {
        // The raw CSV is what MindInsight drew; the JSON adds the ops it
        // dropped (inline, above the root) and the throughput.
        a.ops = pipelineOpsFromRawCsv(rank.legacy.minddataPipeline);
        for (auto& op : a.ops)
            for (const auto& j : fromJson)
                if (j.opId == op.opId) {
                    op.rawChildIds = j.rawChildIds;
                    op.throughputMean = j.throughputMean;
                    if (op.queueSizes.empty()) {
                        op.queueSizes = j.queueSizes;
                        op.emptyFrequency = j.emptyFrequency;
                    }
                }
        for (auto& j : fromJson)
            if (!a.op(j.opId)) {
                j.inGraph = false;
                a.ops.push_back(j);
            }
        std::stable_sort(a.ops.begin(), a.ops.end(), [](const auto& x, const auto& y) { return x.opId < y.opId; });
        if (!rank.legacy.minddataPipeline.empty())
            a.samplingIntervalMs = rank.legacy.minddataPipeline.front().sampleInterval;
    } else if (!fromJson.empty()) {
        a.ops = std::move(fromJson);
    } else {
        // MindSpore 2.5+ without the raw files: the summary lists every op.
        a.ops = pipelineOpsFromSummary(md.summary);
    }
    if (a.samplingIntervalMs < 0)
        a.samplingIntervalMs = md.pipeline.samplingIntervalMs;

    double usageSum = 0;
    int withQueue = 0;
    for (const auto& op : a.ops)
        if (op.inGraph && op.hasQueue) {
            usageSum += op.queueUsage;
            ++withQueue;
        }
    if (withQueue > 0)
        a.meanQueueUsage = usageSum / withQueue;

    a.flaggedOps = queueUsageFilter(a.ops, kQueueUsageHigh, kQueueUsageLow, a.flaggedIsRoot);
    // A flagged root only says every queue is full (the bottleneck is after
    // the pipeline): no op box is marked for it.
    for (qint64 id : a.flaggedIsRoot ? std::vector<qint64>() : a.flaggedOps)
        for (auto& op : a.ops)
            if (op.opId == id)
                op.queueFlagged = true;
    // MindInsight's proposal: names reversed; dropped when the root is flagged.
    if (!a.flaggedIsRoot) {
        for (auto it = a.flaggedOps.rbegin(); it != a.flaggedOps.rend(); ++it) {
            const DataPipelineOp* op = a.op(*it);
            a.proposalGeneral << op->label();
            if (op->childIds.empty())
                a.proposalDatasetOp << op->label();
            if (op->opType == QLatin1String("MapOp"))
                a.proposalMapOp << op->label();
            if (op->opType == QLatin1String("GeneratorOp"))
                a.proposalGeneratorOp << op->label();
            if (op->opType == QLatin1String("BatchOp"))
                a.proposalBatchOp << op->label();
        }
    }

    // CPU per op: the sampler (mean user + sys over all samples), else the
    // summary's avg_cpu_pct by op id.
    for (const auto& c : md.cpu.ops) {
        for (auto& op : a.ops) {
            if (op.opId != c.opId)
                continue;
            const std::size_t n = std::min(c.user.size(), c.sys.size());
            if (n == 0)
                continue;
            double s = 0;
            for (std::size_t i = 0; i < n; ++i)
                s += c.user[i] + c.sys[i];
            op.cpuPct = s / double(n);
        }
    }
    if (const QStringList* ids = md.summary.value(QStringLiteral("op_ids")))
        if (const QStringList* cpu = md.summary.value(QStringLiteral("avg_cpu_pct")); cpu && cpu->size() == ids->size())
            for (int i = 0; i < ids->size(); ++i)
                for (auto& op : a.ops) {
                    bool okId = false, okCpu = false;
                    const qint64 id = ids->at(i).toLongLong(&okId);
                    const double v = cpu->at(i).toDouble(&okCpu);
                    if (okId && okCpu && op.opId == id && std::isnan(op.cpuPct) && v >= 0)
                        op.cpuPct = v;
                }
    applySummaryRules(a);
    if (const QStringList* w = md.summary.value(QStringLiteral("bottleneck_warning")))
        a.summaryWarnings = *w;
    if (const QStringList* s = md.summary.value(QStringLiteral("bottleneck_suggestion")))
        a.summarySuggestions = *s;

    a.steps = analyzeQueues(md.deviceQueue, md.getNext);
    a.cpu = analyzeCpu(md.cpu, md.deviceQueue, a.ops);
    a.datasetStages = md.datasetStages;
    return a;
}

} // namespace profscope
