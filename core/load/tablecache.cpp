// SPDX-License-Identifier: Apache-2.0
// The big tables in the trace cache (tracecache.h): kernel_details.csv and
// memory_record.csv, whose parsing was most of a re-open once the timeline
// came from the cache.
#include "cacheio.h"

namespace profscope::cacheio {

namespace {

void writeStrings(Writer& w, const StringPool& pool)
{
    w.pod(quint32(pool.size()));
    for (std::uint32_t id = 1; id <= pool.size(); ++id)
        w.bytes(pool.view(StringId { id }));
}

bool readStrings(Reader& r, StringPool& pool)
{
    const quint32 n = r.count(4);
    for (quint32 i = 1; i <= n && r.ok(); ++i) {
        const std::string_view s = r.bytes();
        // Interned in id order, each string gets its old id back; an empty
        // or repeated string means the entry is damaged.
        if (s.empty() || pool.intern(s).value != i)
            return false;
    }
    return r.ok();
}

bool idsValid(const std::vector<StringId>& ids, const StringPool& pool)
{
    for (const StringId id : ids)
        if (id.value > pool.size())
            return false;
    return true;
}

// In its stored form (numericcolumn.h): the 32-bit mantissas at the
// column's scale while compact, else the doubles; read back as they are.
void writeColumn(Writer& w, const NumericColumn& c)
{
    w.pod(quint8(c.compact()));
    w.pod(qint32(c.scale()));
    if (c.compact())
        w.array(c.scaledValues());
    else
        w.array(c.doubleValues());
}

bool readColumn(Reader& r, NumericColumn& c)
{
    const auto compact = r.pod<quint8>();
    const auto scale = r.pod<qint32>();
    if (!r.ok() || compact > 1)
        return false;
    if (compact) {
        std::vector<qint32> m;
        r.array(m);
        return r.ok() && c.assignScaled(std::move(m), scale);
    }
    std::vector<double> v;
    r.array(v);
    c.assignDoubles(std::move(v));
    return r.ok();
}

template <typename T, typename... Rest> bool sameSize(std::size_t n, const std::vector<T>& v, const Rest&... rest)
{
    if constexpr (sizeof...(rest) == 0)
        return v.size() == n;
    else
        return v.size() == n && sameSize(n, rest...);
}

} // namespace

void writeKernelTable(Writer& w, const KernelTable& t)
{
    writeStrings(w, t.strings);
    w.array(t.stepId);
    w.array(t.modelId);
    w.array(t.taskId);
    w.array(t.streamId);
    w.array(t.deviceId);
    w.array(t.name);
    w.array(t.type);
    w.array(t.opState);
    w.array(t.acceleratorCore);
    w.array(t.communication);
    w.array(t.startNs);
    w.array(t.durNs);
    w.array(t.waitNs);
    w.array(t.blockDim);
    w.array(t.inputShapes);
    w.array(t.inputDataTypes);
    w.array(t.outputShapes);
    w.array(t.contextId);
    w.pod(quint32(t.metricNames.size()));
    for (const QString& name : t.metricNames)
        w.string(name);
    w.pod(quint32(t.metrics.size()));
    for (const NumericColumn& c : t.metrics)
        writeColumn(w, c);
}

bool readKernelTable(Reader& r, KernelTable& t)
{
    if (!readStrings(r, t.strings))
        return false;
    r.array(t.stepId);
    r.array(t.modelId);
    r.array(t.taskId);
    r.array(t.streamId);
    r.array(t.deviceId);
    r.array(t.name);
    r.array(t.type);
    r.array(t.opState);
    r.array(t.acceleratorCore);
    r.array(t.communication);
    r.array(t.startNs);
    r.array(t.durNs);
    r.array(t.waitNs);
    r.array(t.blockDim);
    r.array(t.inputShapes);
    r.array(t.inputDataTypes);
    r.array(t.outputShapes);
    r.array(t.contextId);
    const quint32 names = r.count(4);
    for (quint32 i = 0; i < names && r.ok(); ++i)
        t.metricNames << r.string();
    const quint32 metrics = r.count(13);
    if (!r.ok() || metrics != names)
        return false;
    t.metrics.resize(metrics);
    for (NumericColumn& c : t.metrics)
        if (!readColumn(r, c))
            return false;
    // Everything the views index by without checking.
    const std::size_t n = t.startNs.size();
    if (!sameSize(n, t.stepId, t.modelId, t.taskId, t.streamId, t.deviceId, t.name, t.type, t.opState,
            t.acceleratorCore, t.communication, t.durNs, t.waitNs, t.blockDim, t.inputShapes, t.inputDataTypes,
            t.outputShapes, t.contextId))
        return false;
    for (const NumericColumn& c : t.metrics)
        if (c.size() != n)
            return false;
    for (const auto* ids :
        { &t.name, &t.type, &t.opState, &t.acceleratorCore, &t.inputShapes, &t.inputDataTypes, &t.outputShapes })
        if (!idsValid(*ids, t.strings))
            return false;
    return r.ok();
}

void writeMemoryRecordTable(Writer& w, const MemoryRecordTable& t)
{
    writeStrings(w, t.strings);
    w.array(t.component);
    w.array(t.tsNs);
    w.array(t.allocatedMB);
    w.array(t.reservedMB);
    w.array(t.activeMB);
    w.array(t.streamPtr);
    w.array(t.deviceType);
}

bool readMemoryRecordTable(Reader& r, MemoryRecordTable& t)
{
    if (!readStrings(r, t.strings))
        return false;
    r.array(t.component);
    r.array(t.tsNs);
    r.array(t.allocatedMB);
    r.array(t.reservedMB);
    r.array(t.activeMB);
    r.array(t.streamPtr);
    r.array(t.deviceType);
    return r.ok()
        && sameSize(t.tsNs.size(), t.component, t.allocatedMB, t.reservedMB, t.activeMB, t.streamPtr, t.deviceType)
        && idsValid(t.component, t.strings) && idsValid(t.streamPtr, t.strings) && idsValid(t.deviceType, t.strings);
}

} // namespace profscope::cacheio
