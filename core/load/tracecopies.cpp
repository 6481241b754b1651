// SPDX-License-Identifier: Apache-2.0
#include "tracecopies.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

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

namespace {

QByteArray fileDigest(const QString& path)
{
    QFile f(path);
    QCryptographicHash hash(QCryptographicHash::Sha1);
    if (!f.open(QIODevice::ReadOnly) || !hash.addData(&f))
        return {};
    return hash.result();
}

} // namespace

const DiscoveredFile* TraceCopies::copyOf(const DiscoveredFile& file, qint64 sizeBytes)
{
    if (sizeBytes <= 0)
        return nullptr;
    const auto it = m_bySize.find(sizeBytes);
    if (it == m_bySize.end())
        return nullptr;
    const QByteArray digest = fileDigest(file.path);
    if (digest.isEmpty())
        return nullptr;
    for (Entry& e : it->second) {
        if (e.file->kind != file.kind)
            continue;
        if (e.digest.isEmpty())
            e.digest = fileDigest(e.file->path);
        if (e.digest == digest && sameFileContent(e.file->path, file.path))
            return e.file;
    }
    return nullptr;
}

void TraceCopies::add(const DiscoveredFile& file, qint64 sizeBytes)
{
    if (sizeBytes > 0)
        m_bySize[sizeBytes].push_back({ &file, {} });
}

MergedTimelines mergedTimelines(const std::vector<const DiscoveredFile*>& traces)
{
    static const QRegularExpression name(QStringLiteral("^msprof_\\d+_\\d+_\\d+\\.json$"));
    MergedTimelines out;
    for (const DiscoveredFile* f : traces)
        if (f->kind == FileKind::CannTimeline) {
            const QFileInfo info(f->path);
            if (name.match(info.fileName()).hasMatch())
                out.insert(info.absoluteFilePath(), f);
        }
    return out;
}

const DiscoveredFile* mergedTimelineOf(const DiscoveredFile& file, const MergedTimelines& merged)
{
    if (file.kind != FileKind::CannTimeline || merged.isEmpty())
        return nullptr;
    static const QRegularExpression part(QStringLiteral("^(?:task_time|hccl|step_trace)_(\\d+_\\d+_\\d+)\\.json$"));
    const QFileInfo info(file.path);
    const QRegularExpressionMatch m = part.match(info.fileName());
    if (!m.hasMatch())
        return nullptr;
    return merged.value(info.absolutePath() + QStringLiteral("/msprof_") + m.captured(1) + QStringLiteral(".json"));
}

} // namespace profscope
