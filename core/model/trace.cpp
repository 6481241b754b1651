// SPDX-License-Identifier: Apache-2.0
#include "trace.h"

#include <QFile>

namespace profscope {

void SliceColumns::reserve(std::size_t n)
{
    startNs.reserve(n);
    durNs.reserve(n);
    name.reserve(n);
    category.reserve(n);
    depth.reserve(n);
    args.reserve(n);
    taskType.reserve(n);
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

QString flowName(const TraceData& trace, std::size_t i)
{
    const FlowColumns& f = trace.flows;
    if (f.name[i].isValid())
        return trace.strings.string(f.name[i]);
    const QString id = f.idText[i].isValid() ? trace.strings.string(f.idText[i]) : QString::number(f.id[i]);
    return trace.strings.string(f.category[i]) + id;
}

QByteArray TraceData::argsText(ArgsRef ref) const
{
    if (!ref.isValid() || ref.fileIndex() >= std::uint32_t(sourceFiles.size()))
        return {};
    if (ref.fileIndex() < argsSources.size() && argsSources[ref.fileIndex()])
        return argsSources[ref.fileIndex()]->argsText(ref.key());
    QFile file(sourceFiles[qsizetype(ref.fileIndex())]);
    if (!file.open(QIODevice::ReadOnly) || !file.seek(qint64(ref.offset())))
        return {};
    if (ref.length() != ArgsRef::kLengthOverflow)
        return file.read(qint64(ref.length()));
    // Longer than the packed length: read until the object's closing brace.
    QByteArray text;
    int depth = 0;
    bool inString = false;
    bool escaped = false;
    char c = 0;
    while (file.getChar(&c)) {
        text.append(c);
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if ((c == '}' || c == ']') && --depth == 0) {
            break;
        }
    }
    return text;
}

std::size_t TraceData::memoryBytes() const
{
    std::size_t bytes = strings.memoryBytes();
    for (const auto& p : processes) {
        for (const auto& t : p.threads) {
            const auto& s = t.slices;
            bytes += s.startNs.capacity() * sizeof(TimeNs) + s.durNs.capacity() * sizeof(TimeNs)
                + (s.name.capacity() + s.category.capacity() + s.taskType.capacity()) * sizeof(StringId)
                + s.args.capacity() * sizeof(ArgsRef)
                + s.depth.capacity() * sizeof(std::uint16_t);
            const auto& i = t.instants;
            bytes += i.tsNs.capacity() * sizeof(TimeNs)
                + (i.name.capacity() + i.category.capacity()) * sizeof(StringId) + i.args.capacity() * sizeof(ArgsRef);
        }
        for (const auto& c : p.counters)
            bytes += c.tsNs.capacity() * sizeof(TimeNs) + c.value.capacity() * sizeof(double);
    }
    bytes += flows.capacityBytes();
    return bytes;
}

} // namespace profscope
