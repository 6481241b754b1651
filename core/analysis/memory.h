// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/rank.h"

#include <QString>

#include <vector>

namespace profscope {

// One memory curve: a component's allocated, reserved or active total over
// time (memory_record.csv), or a CANN module's reserved memory
// (npu_module_mem.csv). Points without a value in the file are left out.
struct MemoryCurve
{
    enum class Metric { Allocated, Reserved, Active, ModuleReserved };
    QString component; // PTA, GE, PTA+GE, APP, or a module (SLOG, HCCL, ...)
    Metric metric = Metric::Allocated;
    std::vector<TimeNs> tsNs;
    std::vector<double> valueMB;
    double peakMB = 0;
    TimeNs peakTsNs = kInvalidTime; // first time the peak is reached
};

QString memoryMetricName(MemoryCurve::Metric metric);

std::vector<MemoryCurve> memoryCurves(const RankData& rank);
// The time the Memory page counts from ("time since profile start"): the
// trace's first event, else the first memory sample of the rank; 0 without either.
TimeNs memoryTimeOriginNs(const RankData& rank);

// An operator allocation from operator_memory.csv with its lifetime.
struct Allocation
{
    std::size_t row = 0; // into OperatorMemoryTable
    QString name;
    double sizeKB = 0;
    TimeNs allocationNs = kInvalidTime;
    TimeNs releaseNs = kInvalidTime; // kInvalidTime: not released within the capture
    TimeNs lifetimeNs(TimeNs captureEndNs) const
    {
        return (releaseNs == kInvalidTime ? captureEndNs : releaseNs) - allocationNs;
    }
};

// Allocations alive at `tsNs` (allocated at or before, released after),
// biggest first; topN 0 = all.
std::vector<Allocation> liveAllocations(const OperatorMemoryTable& table, TimeNs tsNs, int topN = 0);

} // namespace profscope
