// SPDX-License-Identifier: Apache-2.0
// TimelineRenderer: the family and colour of every slice (per rank, per interned name).
#include "timelinerenderer.h"

#include "common/statuscolors.h"

#include <QPainter>

namespace profscope {

SliceClass TimelineRenderer::laneClass(int lane) const
{
    if (m_laneClass.size() != m_model.lanes().size())
        m_laneClass.assign(m_model.lanes().size(), -2);
    std::int8_t& c = m_laneClass[std::size_t(lane)];
    if (c == -2) {
        const TimelineLane& l = m_model.lane(lane);
        const ProcessTrack& p = m_model.processTrack(lane);
        const QString& title = l.title;
        c = -1;
        if (l.kind == LaneKind::Counter)
            c = std::int8_t(SliceClass::Counter);
        else if (p.labels.compare(QLatin1String("CPU"), Qt::CaseInsensitive) == 0 || p.name == QLatin1String("Python")
            || p.name == QLatin1String("CANN"))
            c = std::int8_t(SliceClass::Host);
        else if (p.name == QLatin1String("HCCL"))
            c = std::int8_t(SliceClass::Communication);
        else if (p.name == QLatin1String("Overlap Analysis")) {
            if (title.startsWith(QLatin1String("Communication")))
                c = std::int8_t(SliceClass::Communication);
            else if (title == QLatin1String("Free"))
                c = std::int8_t(SliceClass::Free);
            else
                c = std::int8_t(SliceClass::Compute);
        }
    }
    return c < 0 ? SliceClass::Compute : SliceClass(c);
}

const std::vector<QRgb>& TimelineRenderer::nameColors(int rank, SliceClass c) const
{
    std::vector<QRgb>& colors = m_nameColors[{ rank, int(c) }];
    const TraceData* t = m_model.trace(rank);
    const std::size_t n = t ? t->strings.size() + 1 : 1;
    if (colors.size() < n) {
        const std::size_t from = colors.size();
        colors.resize(n);
        // The user's rules first: a regex runs once per interned name (nameRules), not per slice.
        const ColorRules& rules = m_colors.rules();
        const std::vector<std::int32_t>* matches = rules.hasEnabledRegex() ? &nameRules(rank) : nullptr;
        for (std::size_t i = from; i < n; ++i) {
            const int rule = rules.winner(matches ? (*matches)[i] : -1, c);
            colors[i] = rule >= 0
                ? rules.colorOf(rule)
                : m_colors.sliceColor(c, t ? t->strings.view(StringId { std::uint32_t(i) }) : std::string_view());
        }
    }
    return colors;
}

const std::vector<std::int32_t>& TimelineRenderer::nameRules(int rank) const
{
    std::vector<std::int32_t>& matches = m_nameRules[rank];
    const TraceData* t = m_model.trace(rank);
    const std::size_t n = t ? t->strings.size() + 1 : 1;
    if (matches.size() < n) {
        const std::size_t from = matches.size();
        matches.resize(n);
        for (std::size_t i = from; i < n; ++i)
            matches[i] = i == 0 ? -1 : m_colors.rules().firstRegexMatch(t->strings.view(StringId { std::uint32_t(i) }));
    }
    return matches;
}

const std::vector<std::uint8_t>& TimelineRenderer::nameClasses(int rank) const
{
    std::vector<std::uint8_t>& classes = m_nameClasses[rank];
    const TraceData* t = m_model.trace(rank);
    const std::size_t n = t ? t->strings.size() + 1 : 1;
    if (classes.size() < n) {
        const std::size_t from = classes.size();
        classes.resize(n);
        for (std::size_t i = from; i < n; ++i) {
            // Low nibble: the family by name; high nibble: by task type (15: none).
            const std::string_view text = t ? t->strings.view(StringId { std::uint32_t(i) }) : std::string_view();
            const int task = TimelineColors::classifyTaskType(text);
            classes[i] = std::uint8_t(int(TimelineColors::classifyName(text)) | ((task < 0 ? 15 : task) << 4));
        }
    }
    return classes;
}

SliceClass TimelineRenderer::classOf(const std::vector<std::uint8_t>& classes, StringId name, StringId taskType)
{
    if (taskType.isValid() && taskType.value < classes.size()) {
        const int task = classes[taskType.value] >> 4;
        if (task != 15)
            return SliceClass(task);
    }
    return name.value < classes.size() ? SliceClass(classes[name.value] & 0x0f) : SliceClass::Compute;
}

SliceClass TimelineRenderer::sliceClass(int lane, std::uint32_t slice) const
{
    const TimelineLane& l = m_model.lane(lane);
    laneClass(lane);
    const std::int8_t c = m_laneClass[std::size_t(lane)];
    if (c >= 0)
        return SliceClass(c);
    const auto& classes = nameClasses(l.rank);
    const SliceColumns& s = m_model.threadTrack(lane).slices;
    return classOf(classes, s.name[slice], slice < s.taskType.size() ? s.taskType[slice] : StringId {});
}

QRgb TimelineRenderer::sliceFill(int lane, std::uint32_t slice) const
{
    const TimelineLane& l = m_model.lane(lane);
    const StringId name = m_model.threadTrack(lane).slices.name[slice];
    if (m_rulesGeneration != m_colors.rules().generation()) {
        // Rules changed and no frame refilled the tables yet: decide without them.
        const SliceClass c = sliceClass(lane, slice);
        const TraceData* t = m_model.trace(l.rank);
        const std::string_view text = t ? t->strings.view(name) : std::string_view();
        const int rule = m_colors.rules().match(text, c);
        return rule >= 0 ? m_colors.rules().colorOf(rule) : m_colors.sliceColor(c, text);
    }
    const auto& colors = nameColors(l.rank, sliceClass(lane, slice));
    return name.value < colors.size() ? colors[name.value] : colors[0];
}

} // namespace profscope
