// SPDX-License-Identifier: Apache-2.0
#include "tracecopies.h"

#include <QFileInfo>
#include <QRegularExpression>

#include <QFile>

#include <cstring>
#include <vector>

namespace profscope {

bool sameFileContent(const QString& a, const QString& b)
{
    QFile fa(a), fb(b);
    if (!fa.open(QIODevice::ReadOnly) || !fb.open(QIODevice::ReadOnly) || fa.size() != fb.size())
        return false;
    // Chunks: a copy of a large trace is compared without holding it twice.
    constexpr qint64 kChunkBytes = 1 << 20;
    std::vector<char> bufA(static_cast<std::size_t>(kChunkBytes));
    std::vector<char> bufB(static_cast<std::size_t>(kChunkBytes));
    for (;;) {
        const qint64 na = fa.read(bufA.data(), kChunkBytes);
        const qint64 nb = fb.read(bufB.data(), kChunkBytes);
        if (na < 0 || nb < 0 || na != nb)
            return false;
        if (na == 0)
            return true;
        if (std::memcmp(bufA.data(), bufB.data(), std::size_t(na)) != 0)
            return false;
    }
}

const DiscoveredFile* identicalEarlierFile(const DiscoveredFile& file, qint64 sizeBytes,
    const std::vector<std::pair<const DiscoveredFile*, qint64>>& earlier)
{
    if (sizeBytes <= 0)
        return nullptr;
    for (const auto& [other, otherSize] : earlier)
        if (otherSize == sizeBytes && other->kind == file.kind && sameFileContent(other->path, file.path))
            return other;
    return nullptr;
}

const DiscoveredFile* mergedTimelineOf(const DiscoveredFile& file, const std::vector<const DiscoveredFile*>& traces)
{
    if (file.kind != FileKind::CannTimeline)
        return nullptr;
    static const QRegularExpression part(QStringLiteral("^(?:task_time|hccl|step_trace)_(\\d+_\\d+_\\d+)\\.json$"));
    const QFileInfo info(file.path);
    const QRegularExpressionMatch m = part.match(info.fileName());
    if (!m.hasMatch())
        return nullptr;
    const QString merged = QStringLiteral("msprof_") + m.captured(1) + QStringLiteral(".json");
    for (const DiscoveredFile* other : traces)
        if (other != &file && other->kind == FileKind::CannTimeline && QFileInfo(other->path).fileName() == merged
            && QFileInfo(other->path).absolutePath() == info.absolutePath())
            return other;
    return nullptr;
}

} // namespace profscope
