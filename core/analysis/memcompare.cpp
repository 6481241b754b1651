// SPDX-License-Identifier: Apache-2.0
#include "memcompare.h"

namespace profscope {

int peakCurveIndex(const std::vector<MemoryCurve>& curves)
{
    for (std::size_t i = 0; i < curves.size(); ++i)
        if (curves[i].metric == MemoryCurve::Metric::Allocated && curves[i].component == QLatin1String("PTA")
            && !curves[i].tsNs.empty())
            return int(i);
    for (const bool allocatedOnly : { true, false }) {
        int best = -1;
        for (std::size_t i = 0; i < curves.size(); ++i) {
            const MemoryCurve& c = curves[i];
            if (c.tsNs.empty() || c.metric == MemoryCurve::Metric::ModuleReserved
                || (allocatedOnly && c.metric != MemoryCurve::Metric::Allocated))
                continue;
            if (best < 0 || c.peakMB > curves[std::size_t(best)].peakMB)
                best = int(i);
        }
        if (best >= 0)
            return best;
    }
    return -1;
}

std::optional<MemoryPeakDelta> compareMemoryPeaks(
    const std::vector<MemoryCurve>& base, const std::vector<MemoryCurve>& other)
{
    const int b = peakCurveIndex(base);
    if (b < 0)
        return std::nullopt;
    const MemoryCurve& bc = base[std::size_t(b)];
    int o = -1;
    for (std::size_t i = 0; i < other.size(); ++i)
        if (other[i].metric == bc.metric && other[i].component == bc.component && !other[i].tsNs.empty())
            o = int(i);
    MemoryPeakDelta d;
    if (o < 0) {
        o = peakCurveIndex(other);
        d.sameCurve = false;
    }
    if (o < 0)
        return std::nullopt;
    const MemoryCurve& oc = other[std::size_t(o)];
    d.component = bc.component;
    d.metric = bc.metric;
    d.basePeakMB = bc.peakMB;
    d.otherPeakMB = oc.peakMB;
    d.basePeakTsNs = bc.peakTsNs;
    d.otherPeakTsNs = oc.peakTsNs;
    return d;
}

} // namespace profscope
