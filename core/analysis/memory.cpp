// SPDX-License-Identifier: Apache-2.0
#include "memory.h"

#include <algorithm>
#include <limits>
#include <array>
#include <map>

namespace profscope {

QString memoryMetricName(MemoryCurve::Metric metric)
{
    switch (metric) {
    case MemoryCurve::Metric::Allocated: return QStringLiteral("allocated");
    case MemoryCurve::Metric::Reserved: return QStringLiteral("reserved");
    case MemoryCurve::Metric::Active: return QStringLiteral("active");
    case MemoryCurve::Metric::ModuleReserved: return QStringLiteral("module reserved");
    }
    return {};
}

namespace {

void addPoint(MemoryCurve& c, TimeNs ts, double value)
{
    if (!hasValue(value))
        return;
    c.tsNs.push_back(ts);
    c.valueMB.push_back(value);
}

void finishCurve(MemoryCurve& c)
{
    // The files are written in time order per component, but do not rely on it.
    if (!std::is_sorted(c.tsNs.begin(), c.tsNs.end())) {
        std::vector<std::size_t> order(c.tsNs.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&c](auto a, auto b) { return c.tsNs[a] < c.tsNs[b]; });
        std::vector<TimeNs> ts;
        std::vector<double> v;
        for (auto i : order) {
            ts.push_back(c.tsNs[i]);
            v.push_back(c.valueMB[i]);
        }
        c.tsNs = std::move(ts);
        c.valueMB = std::move(v);
    }
    for (std::size_t i = 0; i < c.valueMB.size(); ++i)
        if (c.peakTsNs == kInvalidTime || c.valueMB[i] > c.peakMB) {
            c.peakMB = c.valueMB[i];
            c.peakTsNs = c.tsNs[i];
        }
}

} // namespace

std::vector<MemoryCurve> memoryCurves(const RankData& rank)
{
    std::map<std::pair<QString, int>, MemoryCurve> curves;
    auto curve = [&curves](const QString& component, MemoryCurve::Metric metric) -> MemoryCurve& {
        MemoryCurve& c = curves[{ component, int(metric) }];
        c.component = component;
        c.metric = metric;
        return c;
    };
    if (const MemoryRecordTable* m = rank.memoryRecords.get()) {
        // A few components over and over: their curves looked up once per
        // string id, not by QString in the map for every row (map nodes stay put).
        std::vector<std::array<MemoryCurve*, 3>> byComponent(m->strings.size() + 1, { nullptr, nullptr, nullptr });
        for (std::size_t i = 0; i < m->size(); ++i) {
            const StringId id = m->component[i];
            std::array<MemoryCurve*, 3> own {};
            std::array<MemoryCurve*, 3>& c = id.value < byComponent.size() ? byComponent[id.value] : own;
            if (!c[0]) {
                const QString component = m->strings.string(id);
                c = { &curve(component, MemoryCurve::Metric::Allocated), &curve(component, MemoryCurve::Metric::Reserved),
                    &curve(component, MemoryCurve::Metric::Active) };
            }
            addPoint(*c[0], m->tsNs[i], m->allocatedMB[i]);
            addPoint(*c[1], m->tsNs[i], m->reservedMB[i]);
            addPoint(*c[2], m->tsNs[i], m->activeMB[i]);
        }
    }
    if (const NpuModuleMemTable* m = rank.npuModuleMem.get()) {
        for (std::size_t i = 0; i < m->size(); ++i)
            addPoint(curve(m->strings.string(m->component[i]), MemoryCurve::Metric::ModuleReserved), m->tsNs[i],
                     m->reservedMB[i]);
    }
    std::vector<MemoryCurve> out;
    for (auto& [key, c] : curves) {
        if (c.tsNs.empty())
            continue;
        finishCurve(c);
        out.push_back(std::move(c));
    }
    return out;
}

std::vector<Allocation> liveAllocations(const OperatorMemoryTable& t, TimeNs tsNs, int topN)
{
    std::vector<Allocation> out;
    for (std::size_t i = 0; i < t.size(); ++i) {
        const TimeNs alloc = t.allocationNs[i];
        const TimeNs release = t.releaseNs[i];
        if (alloc == kInvalidTime || alloc > tsNs || (release != kInvalidTime && release <= tsNs))
            continue;
        out.push_back({ i, t.strings.string(t.name[i]), t.sizeKB[i], alloc, release });
    }
    std::stable_sort(out.begin(), out.end(), [](const Allocation& a, const Allocation& b) { return a.sizeKB > b.sizeKB; });
    if (topN > 0 && out.size() > std::size_t(topN))
        out.resize(std::size_t(topN));
    return out;
}

TimeNs memoryTimeOriginNs(const RankData& rank)
{
    // The profile start: the trace's first event, else the first memory sample.
    if (!rank.trace.rangeNs.isEmpty())
        return rank.trace.rangeNs.startNs;
    TimeNs origin = std::numeric_limits<TimeNs>::max();
    if (rank.memoryRecords)
        for (const TimeNs t : rank.memoryRecords->tsNs)
            origin = std::min(origin, t);
    if (rank.npuModuleMem)
        for (const TimeNs t : rank.npuModuleMem->tsNs)
            origin = std::min(origin, t);
    if (rank.operatorMemory)
        for (const TimeNs t : rank.operatorMemory->allocationNs)
            if (t != kInvalidTime)
                origin = std::min(origin, t);
    return origin == std::numeric_limits<TimeNs>::max() ? 0 : origin;
}

} // namespace profscope
