// SPDX-License-Identifier: Apache-2.0
#include "marey.h"

#include "cluster.h"
#include "intervals.h"
#include "memory.h"
#include "overview.h"
#include "../model/workpool.h"

#include <QCoreApplication>
#include <QHash>
#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>
#include <numeric>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::Marey)
};

constexpr int kMemoryPoints = 512;

struct RawOp
{
    StringId name;
    TimeRange rangeNs;
    bool compute = false;
};

// One device's ops in execution order, in its own clock.
struct DeviceOps
{
    std::vector<RawOp> ops;
    TimeNs computeNs = 0;
    TimeNs communicationNs = 0;
    double peakMemoryMB = -1;
    std::vector<TimeNs> memoryTsNs;
    std::vector<double> memoryMB;
};

// The allocated-memory curve the view shows: the framework's total when the
// file has one (PTA+GE), else the framework's or GE's own.
const MemoryCurve* allocatedCurve(const std::vector<MemoryCurve>& curves)
{
    const MemoryCurve* best = nullptr;
    int bestRank = 100;
    for (const MemoryCurve& c : curves) {
        if (c.metric != MemoryCurve::Metric::Allocated || c.tsNs.empty())
            continue;
        const int rank = c.component == QLatin1String("PTA+GE") ? 0
            : c.component == QLatin1String("PTA")               ? 1
            : c.component == QLatin1String("GE")                ? 2
                                                                : 3;
        if (rank < bestRank) {
            best = &c;
            bestRank = rank;
        }
    }
    return best;
}

DeviceOps collectDeviceOps(const RankData& rank, const QString& step)
{
    DeviceOps d;
    const TraceData& trace = rank.trace;
    const std::shared_ptr<const DeviceTasks> shared = rankDeviceTasks(rank);
    const DeviceTasks& tasks = *shared;
    int stepIndex = -1;
    if (!step.isEmpty()) {
        for (std::size_t i = 0; i < tasks.steps.size(); ++i)
            if (tasks.steps[i].id == step)
                stepIndex = int(i);
        if (stepIndex < 0)
            return d;
    }
    std::vector<TimeRange> compute, comm;
    for (const DeviceTask& t : tasks.tasks) {
        if (stepIndex >= 0 && t.step != stepIndex)
            continue;
        const SliceColumns& s = trace.processes[std::size_t(t.process)].threads[std::size_t(t.thread)].slices;
        d.ops.push_back({ s.name[t.slice], t.rangeNs, t.compute });
        (t.compute ? compute : comm).push_back(t.rangeNs);
    }
    // Execution order: by start; the stable sort keeps the lane order on ties.
    std::stable_sort(d.ops.begin(), d.ops.end(),
        [](const RawOp& a, const RawOp& b) { return a.rangeNs.startNs < b.rangeNs.startNs; });
    d.computeNs = IntervalSet::fromUnsorted(std::move(compute)).totalNs();
    d.communicationNs = IntervalSet::fromUnsorted(std::move(comm)).totalNs();

    if (d.ops.empty())
        return d;
    TimeRange window { d.ops.front().rangeNs.startNs, d.ops.front().rangeNs.endNs };
    for (const RawOp& op : d.ops)
        window.endNs = std::max(window.endNs, op.rangeNs.endNs);
    const std::vector<MemoryCurve> curves = memoryCurves(rank);
    if (const MemoryCurve* c = allocatedCurve(curves)) {
        // The value in force at the window start counts too (the curve is a step function).
        auto first = std::upper_bound(c->tsNs.begin(), c->tsNs.end(), window.startNs);
        std::size_t from = std::size_t(first - c->tsNs.begin());
        if (from > 0)
            --from;
        std::size_t to = from;
        while (to < c->tsNs.size() && c->tsNs[to] <= window.endNs)
            ++to;
        if (to > from) {
            double peak = 0;
            for (std::size_t i = from; i < to; ++i)
                peak = std::max(peak, c->valueMB[i]);
            d.peakMemoryMB = peak;
            // At most kMemoryPoints: the maximum of each bucket, so that peaks survive.
            const std::size_t n = to - from;
            const std::size_t per = (n + kMemoryPoints - 1) / kMemoryPoints;
            for (std::size_t i = from; i < to; i += per) {
                const std::size_t end = std::min(to, i + per);
                double v = c->valueMB[i];
                for (std::size_t j = i; j < end; ++j)
                    v = std::max(v, c->valueMB[j]);
                d.memoryTsNs.push_back(std::max(c->tsNs[i], window.startNs));
                d.memoryMB.push_back(v);
            }
        }
    }
    return d;
}

} // namespace

int MareyOp::presentCount() const
{
    return int(std::count_if(ranges.begin(), ranges.end(), [](const TimeRange& r) { return !isMissing(r); }));
}

TimeRange MareyOp::bounds() const
{
    TimeRange b = missing();
    for (const TimeRange& r : ranges) {
        if (isMissing(r))
            continue;
        if (isMissing(b))
            b = r;
        b.startNs = std::min(b.startNs, r.startNs);
        b.endNs = std::max(b.endNs, r.endNs);
    }
    return b;
}

TimeRange MareyOp::medianRange() const
{
    std::vector<TimeNs> starts;
    std::vector<TimeNs> ends;
    starts.reserve(ranges.size());
    ends.reserve(ranges.size());
    for (const TimeRange& r : ranges) {
        if (isMissing(r))
            continue;
        starts.push_back(r.startNs);
        ends.push_back(r.endNs);
    }
    if (starts.empty())
        return missing();
    const std::size_t mid = (starts.size() - 1) / 2;
    std::nth_element(starts.begin(), starts.begin() + std::ptrdiff_t(mid), starts.end());
    std::nth_element(ends.begin(), ends.begin() + std::ptrdiff_t(mid), ends.end());
    return { starts[mid], std::max(starts[mid], ends[mid]) };
}

TimeNs MareyOp::maxDurationNs() const
{
    TimeNs m = 0;
    for (const TimeRange& r : ranges)
        if (!isMissing(r))
            m = std::max(m, r.durationNs());
    return m;
}

TimeRange MareyData::range(const MareyOp& op, int device) const
{
    if (op.stage < 0 || op.stage >= int(stages.size()))
        return MareyOp::missing();
    const int local = device - stages[std::size_t(op.stage)].firstDevice;
    if (local < 0 || local >= int(op.ranges.size()))
        return MareyOp::missing();
    return op.ranges[std::size_t(local)];
}

MareyData computeMarey(const Profile& profile, const MareyOptions& options)
{
    MareyData data;
    data.step = options.step;
    if (profile.ranks.empty()) {
        data.note = Tr::tr("no ranks were loaded");
        return data;
    }

    // Stages and the devices shown.
    const std::vector<std::vector<int>> pipeline = pipelineStages(profile);
    auto wanted = [&options](int rankIndex) {
        return options.rankIndexes.empty()
            || std::find(options.rankIndexes.begin(), options.rankIndexes.end(), rankIndex)
            != options.rankIndexes.end();
    };
    for (std::size_t s = 0; s < pipeline.size(); ++s) {
        if (options.stage >= 0 && int(s) != options.stage)
            continue;
        MareyStage stage;
        stage.pipelineStage = int(s);
        stage.firstDevice = int(data.devices.size());
        for (const int r : pipeline[s]) {
            if (r < 0 || r >= int(profile.ranks.size()) || !wanted(r))
                continue;
            MareyDevice d;
            d.rankIndex = r;
            d.rankId = profile.ranks[std::size_t(r)]->info.rankId;
            d.host = profile.ranks[std::size_t(r)]->info.host;
            d.stage = int(data.stages.size());
            const LegacyResources& resources = profile.ranks[std::size_t(r)]->legacy.resources;
            if (resources.flopsSummary.present) {
                const double flops = resources.flopsSummary.totalFlopsM();
                const double rate = resources.flopsSummary.totalFlopsPerSecondG();
                d.flopsM = hasValue(flops) ? flops : -1.0;
                d.flopsPerSecondG = hasValue(rate) ? rate : -1.0;
            }
            if (resources.memoryUsage.present && hasValue(resources.memoryUsage.capacityGiB))
                d.memoryCapacityMB = resources.memoryUsage.capacityGiB * 1024.0;
            data.devices.push_back(std::move(d));
        }
        stage.deviceCount = int(data.devices.size()) - stage.firstDevice;
        if (stage.deviceCount > 0)
            data.stages.push_back(stage);
    }
    if (data.devices.empty()) {
        data.note = Tr::tr("no device is in the selected stage and rank filter");
        return data;
    }

    if (options.alignClocks && profile.ranks.size() > 1) {
        const ClockAlignment alignment = estimateClockAlignment(profile);
        if (alignment.estimated && alignment.offsetNs.size() == profile.ranks.size()) {
            data.clocksAligned = true;
            for (MareyDevice& d : data.devices)
                d.clockOffsetNs = alignment.offsetNs[std::size_t(d.rankIndex)];
        }
        if (!alignment.note.isEmpty())
            data.note = alignment.note;
    }

    // Each device's ops, in parallel (the timelines are independent).
    std::vector<DeviceOps> perDevice(data.devices.size());
    std::vector<int> indexes(data.devices.size());
    std::iota(indexes.begin(), indexes.end(), 0);
    QtConcurrent::blockingMap(workPool(), indexes, [&](int i) {
        perDevice[std::size_t(i)] =
            collectDeviceOps(*profile.ranks[std::size_t(data.devices[std::size_t(i)].rankIndex)], options.step);
    });

    // Match by (name, k-th occurrence) within each stage.
    for (std::size_t s = 0; s < data.stages.size(); ++s) {
        const MareyStage& stage = data.stages[s];
        QHash<QString, int> nameIds;
        std::vector<QString> names;
        QHash<quint64, int> opOfKey; // (name id << 32 | k) -> index into data.ops
        for (int local = 0; local < stage.deviceCount; ++local) {
            const int device = stage.firstDevice + local;
            MareyDevice& md = data.devices[std::size_t(device)];
            DeviceOps& ops = perDevice[std::size_t(device)];
            const TraceData& trace = profile.ranks[std::size_t(md.rankIndex)]->trace;
            md.opCount = int(ops.ops.size());
            md.computeNs = ops.computeNs;
            md.communicationNs = ops.communicationNs;
            md.peakMemoryMB = ops.peakMemoryMB;
            // Without memory records, the simulated peak of memory_usage_summary (whole capture).
            if (const MemoryUsageSummary& usage = profile.ranks[std::size_t(md.rankIndex)]->legacy.resources.memoryUsage;
                md.peakMemoryMB < 0 && usage.present && hasValue(usage.peakGiB))
                md.peakMemoryMB = usage.peakGiB * 1024.0;
            md.memoryTsNs = std::move(ops.memoryTsNs);
            for (TimeNs& t : md.memoryTsNs)
                t += md.clockOffsetNs;
            md.memoryMB = std::move(ops.memoryMB);

            QHash<quint32, int> idOfString; // this rank's pool -> stage name id
            std::vector<int> seen(names.size(), 0);
            for (const RawOp& raw : ops.ops) {
                auto known = idOfString.constFind(raw.name.value);
                int id = 0;
                if (known != idOfString.cend()) {
                    id = known.value();
                } else {
                    const QString name = trace.strings.string(raw.name);
                    auto it = nameIds.constFind(name);
                    if (it == nameIds.cend()) {
                        it = nameIds.insert(name, int(names.size()));
                        names.push_back(name);
                    }
                    id = it.value();
                    idOfString.insert(raw.name.value, id);
                }
                if (std::size_t(id) >= seen.size())
                    seen.resize(std::size_t(id) + 1, 0);
                const int k = seen[std::size_t(id)]++;
                const quint64 key = (quint64(id) << 32) | quint64(k);
                auto op = opOfKey.constFind(key);
                int index = 0;
                if (op == opOfKey.cend()) {
                    MareyOp m;
                    m.name = names[std::size_t(id)];
                    m.kind = raw.compute ? MareyOp::Kind::Compute : MareyOp::Kind::Communication;
                    m.stage = int(s);
                    m.occurrence = k;
                    m.ranges.assign(std::size_t(stage.deviceCount), MareyOp::missing());
                    index = int(data.ops.size());
                    data.ops.push_back(std::move(m));
                    opOfKey.insert(key, index);
                } else {
                    index = op.value();
                }
                data.ops[std::size_t(index)].ranges[std::size_t(local)] = { raw.rangeNs.startNs + md.clockOffsetNs,
                    raw.rangeNs.endNs + md.clockOffsetNs };
            }
        }
    }

    std::stable_sort(data.ops.begin(), data.ops.end(),
        [](const MareyOp& a, const MareyOp& b) { return a.bounds().startNs < b.bounds().startNs; });
    if (data.ops.empty() && data.note.isEmpty())
        data.note = options.step.isEmpty()
            ? Tr::tr("the timelines have no device compute or communication ops (Ascend Hardware / HCCL)")
            : Tr::tr("no device ops in step %1").arg(options.step);
    if (options.maxOps > 0)
        downsampleMarey(data, options.maxOps);
    bool first = true;
    for (const MareyOp& op : data.ops) {
        const TimeRange b = op.bounds();
        if (MareyOp::isMissing(b))
            continue;
        data.rangeNs =
            first ? b : TimeRange { std::min(data.rangeNs.startNs, b.startNs), std::max(data.rangeNs.endNs, b.endNs) };
        first = false;
    }
    return data;
}

void downsampleMarey(MareyData& data, int maxOps)
{
    if (maxOps <= 0)
        return;
    std::vector<MareyOp> out;
    out.reserve(data.ops.size());
    for (int s = 0; s < int(data.stages.size()); ++s) {
        std::vector<MareyOp*> ops;
        for (MareyOp& op : data.ops)
            if (op.stage == s)
                ops.push_back(&op);
        if (int(ops.size()) <= maxOps) {
            for (MareyOp* op : ops)
                out.push_back(std::move(*op));
            continue;
        }
        // The longest half of the budget stays as it is.
        std::vector<TimeNs> durations;
        durations.reserve(ops.size());
        for (const MareyOp* op : ops)
            durations.push_back(op->maxDurationNs());
        const std::size_t keep = std::size_t(std::max(1, maxOps / 2));
        std::nth_element(
            durations.begin(), durations.begin() + std::ptrdiff_t(keep - 1), durations.end(), std::greater<TimeNs>());
        const TimeNs threshold = durations[keep - 1];
        std::size_t longKept = 0;
        // Runs of shorter ops of one kind become one op each.
        std::vector<MareyOp> merged;
        for (std::size_t i = 0; i < ops.size();) {
            MareyOp& first = *ops[i];
            if (first.maxDurationNs() >= threshold && longKept < keep) {
                ++longKept;
                merged.push_back(std::move(first));
                ++i;
                continue;
            }
            MareyOp run = std::move(first);
            std::size_t j = i + 1;
            for (; j < ops.size(); ++j) {
                const MareyOp& next = *ops[j];
                if (next.kind != run.kind || next.maxDurationNs() >= threshold)
                    break;
                for (std::size_t d = 0; d < run.ranges.size() && d < next.ranges.size(); ++d) {
                    const TimeRange& r = next.ranges[d];
                    if (MareyOp::isMissing(r))
                        continue;
                    TimeRange& m = run.ranges[d];
                    if (MareyOp::isMissing(m))
                        m = r;
                    m.startNs = std::min(m.startNs, r.startNs);
                    m.endNs = std::max(m.endNs, r.endNs);
                }
                run.mergedOps += next.mergedOps;
            }
            merged.push_back(std::move(run));
            i = j;
        }
        if (int(merged.size()) > maxOps) {
            // Still too many (kinds alternate): the longest survive, in time order.
            std::vector<std::size_t> order(merged.size());
            std::iota(order.begin(), order.end(), 0);
            std::stable_sort(order.begin(), order.end(), [&merged](std::size_t a, std::size_t b) {
                return merged[a].maxDurationNs() > merged[b].maxDurationNs();
            });
            std::vector<bool> kept(merged.size(), false);
            for (std::size_t i = 0; i < std::size_t(maxOps); ++i)
                kept[order[i]] = true;
            for (std::size_t i = 0; i < merged.size(); ++i) {
                if (kept[i])
                    out.push_back(std::move(merged[i]));
                else
                    data.droppedOps += merged[i].mergedOps;
            }
        } else {
            for (MareyOp& op : merged)
                out.push_back(std::move(op));
        }
    }
    std::stable_sort(out.begin(), out.end(),
        [](const MareyOp& a, const MareyOp& b) { return a.bounds().startNs < b.bounds().startNs; });
    data.ops = std::move(out);
}

} // namespace profscope
