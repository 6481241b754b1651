// SPDX-License-Identifier: Apache-2.0
// The big tables in the trace cache (tracecache.h): kernel_details.csv and
// memory_record.csv, whose parsing was most of a re-open once the timeline
// came from the cache. One serialize() per table for both directions
// (cacheio.h).
#include "cacheio.h"

namespace profscope::cacheio {

namespace {

bool idsValid(const std::vector<StringId>& ids, const StringPool& pool)
{
    for (const StringId id : ids)
        if (id.value > pool.size())
            return false;
    return true;
}

// In its stored form (numericcolumn.h): the 32-bit mantissas at the
// column's scale while compact, else the doubles; read back as they are.
template <typename Archive> bool serializeColumn(Archive& ar, NumericColumn& c)
{
    if constexpr (Archive::kReading) {
        const auto compact = ar.template pod<quint8>();
        const auto scale = ar.template pod<qint32>();
        if (!ar.ok() || compact > 1)
            return false;
        if (compact) {
            std::vector<qint32> m;
            ar.array(m);
            return ar.ok() && c.assignScaled(std::move(m), scale);
        }
        std::vector<double> v;
        ar.array(v);
        c.assignDoubles(std::move(v));
    } else {
        ar.pod(quint8(c.compact()));
        ar.pod(qint32(c.scale()));
        if (c.compact())
            ar.array(c.scaledValues());
        else
            ar.array(c.doubleValues());
    }
    return ar.ok();
}

} // namespace

template <typename Archive> bool serialize(Archive& ar, KernelTable& t)
{
    if (!serializeStrings(ar, t.strings))
        return false;
    ar.array(t.stepId);
    ar.array(t.modelId);
    ar.array(t.taskId);
    ar.array(t.streamId);
    ar.array(t.deviceId);
    ar.array(t.name);
    ar.array(t.type);
    ar.array(t.opState);
    ar.array(t.acceleratorCore);
    ar.array(t.communication);
    ar.array(t.startNs);
    ar.array(t.durNs);
    ar.array(t.waitNs);
    ar.array(t.blockDim);
    ar.array(t.inputShapes);
    ar.array(t.inputDataTypes);
    ar.array(t.outputShapes);
    ar.array(t.contextId);
    // The metrics as values (a deferred database read is done first): only
    // kernel_details.csv is cached today, whose metrics are read with it,
    // and an entry must not depend on a database still being there.
    KernelMetrics& pmu = t.pmu().filled();
    ar.sequence(pmu.names, 4, [&](QString& name) { ar.string(name); });
    bool columnsOk = true;
    ar.sequence(pmu.columns, 13, [&](NumericColumn& c) { columnsOk = columnsOk && serializeColumn(ar, c); });
    if (!columnsOk || !ar.ok())
        return false;
    if constexpr (Archive::kReading) {
        // Everything the views index by without checking.
        const std::size_t n = t.startNs.size();
        if (pmu.columns.size() != std::size_t(pmu.names.size()))
            return false;
        if (!sameSize(n, t.stepId, t.modelId, t.taskId, t.streamId, t.deviceId, t.name, t.type, t.opState,
                t.acceleratorCore, t.communication, t.durNs, t.waitNs, t.blockDim, t.inputShapes, t.inputDataTypes,
                t.outputShapes, t.contextId))
            return false;
        for (const NumericColumn& c : pmu.columns)
            if (c.size() != n)
                return false;
        for (const auto* ids :
            { &t.name, &t.type, &t.opState, &t.acceleratorCore, &t.inputShapes, &t.inputDataTypes, &t.outputShapes })
            if (!idsValid(*ids, t.strings))
                return false;
    }
    return ar.ok();
}

template <typename Archive> bool serialize(Archive& ar, MemoryRecordTable& t)
{
    if (!serializeStrings(ar, t.strings))
        return false;
    ar.array(t.component);
    ar.array(t.tsNs);
    ar.array(t.allocatedMB);
    ar.array(t.reservedMB);
    ar.array(t.activeMB);
    ar.array(t.streamPtr);
    ar.array(t.deviceType);
    if constexpr (Archive::kReading)
        return ar.ok()
            && sameSize(t.tsNs.size(), t.component, t.allocatedMB, t.reservedMB, t.activeMB, t.streamPtr,
                t.deviceType)
            && idsValid(t.component, t.strings) && idsValid(t.streamPtr, t.strings)
            && idsValid(t.deviceType, t.strings);
    return ar.ok();
}

template bool serialize<Writer>(Writer&, KernelTable&);
template bool serialize<Reader>(Reader&, KernelTable&);
template bool serialize<Writer>(Writer&, MemoryRecordTable&);
template bool serialize<Reader>(Reader&, MemoryRecordTable&);

} // namespace profscope::cacheio
