// SPDX-License-Identifier: Apache-2.0
#include "trace.h"

namespace profscope {

void SliceColumns::reserve(std::size_t n)
{
    startNs.reserve(n);
    durNs.reserve(n);
    name.reserve(n);
    category.reserve(n);
    depth.reserve(n);
    args.reserve(n);
}

std::size_t TraceData::sliceCount() const
{
    std::size_t n = 0;
    for (const auto& p : processes)
        for (const auto& t : p.threads)
            n += t.slices.size();
    return n;
}

std::size_t TraceData::counterPointCount() const
{
    std::size_t n = 0;
    for (const auto& p : processes)
        for (const auto& c : p.counters)
            n += c.tsNs.size();
    return n;
}

const ProcessTrack* TraceData::findProcess(const QString& name) const
{
    for (const auto& p : processes)
        if (p.name == name)
            return &p;
    return nullptr;
}

std::size_t TraceData::memoryBytes() const
{
    std::size_t bytes = strings.memoryBytes();
    for (const auto& p : processes) {
        for (const auto& t : p.threads) {
            const auto& s = t.slices;
            bytes += s.startNs.capacity() * sizeof(TimeNs) + s.durNs.capacity() * sizeof(TimeNs)
                + (s.name.capacity() + s.category.capacity() + s.args.capacity()) * sizeof(StringId)
                + s.depth.capacity() * sizeof(std::uint16_t);
            const auto& i = t.instants;
            bytes += i.tsNs.capacity() * sizeof(TimeNs)
                + (i.name.capacity() + i.category.capacity() + i.args.capacity()) * sizeof(StringId);
        }
        for (const auto& c : p.counters)
            bytes += c.tsNs.capacity() * sizeof(TimeNs) + c.value.capacity() * sizeof(double);
    }
    const auto& f = flows;
    bytes += (f.category.capacity() + f.name.capacity() + f.id.capacity()) * sizeof(StringId)
        + (f.fromNs.capacity() + f.toNs.capacity()) * sizeof(TimeNs)
        + (f.fromProcess.capacity() + f.fromThread.capacity() + f.fromSlice.capacity() + f.toProcess.capacity()
           + f.toThread.capacity() + f.toSlice.capacity())
            * sizeof(std::uint32_t);
    return bytes;
}

} // namespace profscope
