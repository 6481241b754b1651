// SPDX-License-Identifier: Apache-2.0
#include "timelinecolors.h"
#include "common/settingswriter.h"


#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

namespace profscope {

TimelineColors::TimelineColors()
{
    resetDefaults(false);
}

QString TimelineColors::className(SliceClass c)
{
    switch (c) {
    case SliceClass::Host:
        return tr("Host");
    case SliceClass::Compute:
        return tr("Compute");
    case SliceClass::Communication:
        return tr("Communication");
    case SliceClass::Free:
        return tr("Free");
    case SliceClass::Counter:
        return tr("Counters");
    }
    return {};
}

QString TimelineColors::settingsKey(SliceClass c)
{
    static const char* keys[] = { "host", "compute", "communication", "free", "counter" };
    return QStringLiteral("timeline/colors/") + QLatin1String(keys[int(c)]);
}

QColor TimelineColors::defaultColor(SliceClass c)
{
    switch (c) {
    case SliceClass::Host:
        return QColor(0x8e, 0x7c, 0xc3); // violet
    case SliceClass::Compute:
        return QColor(0x3d, 0x8e, 0xd0); // blue
    case SliceClass::Communication:
        return QColor(0xe0, 0x8a, 0x2e); // orange
    case SliceClass::Free:
        return QColor(0x9a, 0xa0, 0xa6); // grey
    case SliceClass::Counter:
        return QColor(0x2e, 0xa0, 0x7a); // teal
    }
    return Qt::gray;
}

void TimelineColors::loadSettings()
{
    for (int i = 0; i < kSliceClassCount; ++i) {
        const QColor c(settingValue(settingsKey(SliceClass(i))).toString());
        m_base[std::size_t(i)] = c.isValid() ? c : defaultColor(SliceClass(i));
    }
    m_rules.loadSettings();
}

void TimelineColors::setBaseColor(SliceClass c, const QColor& color, bool save)
{
    if (!color.isValid())
        return;
    m_base[std::size_t(c)] = color;
    if (save)
        setSettingValue(settingsKey(c), color.name());
}

void TimelineColors::resetDefaults(bool save)
{
    for (int i = 0; i < kSliceClassCount; ++i) {
        m_base[std::size_t(i)] = defaultColor(SliceClass(i));
        if (save)
            removeSetting(settingsKey(SliceClass(i)));
    }
}

void TimelineColors::setPalette(const QPalette& palette)
{
    m_dark = palette.color(QPalette::Base).lightnessF() < 0.5;
}

QRgb TimelineColors::sliceColor(SliceClass c, std::string_view name) const
{
    const std::uint64_t h = StringPool::hash(name);
    const QColor base = m_base[std::size_t(c)];
    float hue = 0, sat = 0, light = 0, alpha = 0;
    base.getHslF(&hue, &sat, &light, &alpha);
    // Hue within +-18 degrees and lightness within +-0.12 of the family's colour.
    const float dh = (float(h & 0xff) / 255.0f - 0.5f) * (36.0f / 360.0f);
    const float dl = (float((h >> 8) & 0xff) / 255.0f - 0.5f) * 0.24f;
    if (hue < 0) // achromatic base (grey): vary the lightness only
        hue = 0;
    float hh = hue + dh;
    hh -= std::floor(hh);
    float ll = std::clamp(light + dl + (m_dark ? -0.08f : 0.0f), 0.22f, 0.82f);
    return QColor::fromHslF(hh, sat, ll).rgb();
}

QColor TimelineColors::textColorOn(QRgb fill)
{
    const double y = 0.299 * qRed(fill) + 0.587 * qGreen(fill) + 0.114 * qBlue(fill);
    return y > 150 ? QColor(0x20, 0x20, 0x20) : QColor(0xf8, 0xf8, 0xf8);
}

QColor TimelineColors::flowColor(const QString& category) const
{
    // Well separated, saturated tones for the known categories; a hash for others.
    if (category == QLatin1String("HostToDevice"))
        return m_dark ? QColor(0xff, 0x6b, 0x6b) : QColor(0xd6, 0x27, 0x28);
    if (category == QLatin1String("async_npu"))
        return m_dark ? QColor(0x5c, 0xd6, 0x5c) : QColor(0x2c, 0xa0, 0x2c);
    if (category == QLatin1String("async_task_queue"))
        return m_dark ? QColor(0xd0, 0x8c, 0xff) : QColor(0x94, 0x67, 0xbd);
    if (category == QLatin1String("fwdbwd"))
        return m_dark ? QColor(0x4d, 0xd0, 0xe1) : QColor(0x17, 0x8e, 0xa0);
    if (category == QLatin1String("MsTx"))
        return m_dark ? QColor(0xff, 0xd7, 0x4d) : QColor(0xb8, 0x86, 0x0b);
    const QByteArray utf8 = category.toUtf8();
    const std::uint64_t h = StringPool::hash(std::string_view(utf8.constData(), std::size_t(utf8.size())));
    return QColor::fromHslF(float(h % 360) / 360.0f, 0.75f, m_dark ? 0.65f : 0.40f);
}

SliceClass TimelineColors::classifyName(std::string_view name)
{
    static const char* const comm[] = { "hcom", "hccl", "allreduce", "all_reduce", "allgather", "all_gather",
        "reducescatter", "reduce_scatter", "broadcast", "alltoall", "all_to_all", "notify", "send", "receive", "recv",
        "memcpy", "sdma" };
    // Case-insensitive substring search without allocating.
    auto contains = [name](const char* needle) {
        const std::size_t n = std::strlen(needle);
        if (n > name.size())
            return false;
        for (std::size_t i = 0; i + n <= name.size(); ++i) {
            std::size_t k = 0;
            while (k < n && std::tolower(static_cast<unsigned char>(name[i + k])) == needle[k])
                ++k;
            if (k == n)
                return true;
        }
        return false;
    };
    for (const char* c : comm)
        if (contains(c))
            return SliceClass::Communication;
    if (contains("free") || contains("idle") || contains("bubble"))
        return SliceClass::Free;
    return SliceClass::Compute;
}

int TimelineColors::classifyTaskType(std::string_view taskType)
{
    // Device task types (args["Task Type"]) say more than names do.
    static const char* const compute[] = { "AI_CORE", "AI_CPU", "AI_VECTOR_CORE", "MIX_AIC", "MIX_AIV", "AIV", "AIC",
        "DSA_SQE", "FFTS_PLUS" };
    static const char* const comm[] = { "Notify Wait", "Notify Record", "Write Value", "HCCL", "SDMA", "RDMA",
        "SDMA_SQE", "PCIE_DMA_SQE", "Memcpy" };
    for (const char* c : compute)
        if (taskType == c)
            return int(SliceClass::Compute);
    for (const char* c : comm)
        if (taskType == c)
            return int(SliceClass::Communication);
    return -1;
}

} // namespace profscope
