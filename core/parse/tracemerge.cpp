// SPDX-License-Identifier: Apache-2.0
// Chunk builders merged into a file's builder, in file order (traceparser.cpp
// decodes the chunks of a large trace on several threads).
#include "tracebuilder.h"

#include <algorithm>
#include <unordered_map>

namespace profscope {

void TraceBuilder::merge(TraceBuilder&& other)
{
    // Strings: intern the other pool's strings here once.
    const StringPool& theirs = other.m_data.strings;
    std::vector<StringId> strings(theirs.size() + 1);
    // Into a builder that held no string yet the ids stay the same: its
    // empty columns then take the other's whole instead of a copy (the
    // first chunk of a file; a seek's pass merged into a fresh builder).
    bool sameIds = true;
    for (std::uint32_t i = 1; i <= theirs.size(); ++i) {
        strings[i] = m_data.strings.intern(theirs.view(StringId { i }));
        sameIds = sameIds && strings[i].value == i;
    }
    auto str = [&strings](StringId id) { return strings[id.value]; };
    // Non-numeric pid/tid strings got builder-local synthetic ids.
    std::unordered_map<qint64, qint64> synthetic;
    for (const auto& [text, id] : other.m_syntheticIds)
        synthetic[id] = syntheticId(text);
    auto ident = [&synthetic](qint64 id) {
        if (id < 0)
            if (auto it = synthetic.find(id); it != synthetic.end())
                return it->second;
        return id;
    };

    TraceStats& st = m_data.stats;
    const TraceStats& os = other.m_data.stats;
    for (std::size_t i = 0; i < st.eventsByPhase.size(); ++i)
        st.eventsByPhase[i] += os.eventsByPhase[i];
    st.totalEvents += os.totalEvents;
    st.unmatchedEnds += os.unmatchedEnds;
    st.skippedEvents += os.skippedEvents;
    m_timesOutOfRange += other.m_timesOutOfRange;
    st.outsideWindow += os.outsideWindow;

    std::vector<std::uint32_t> processMap(other.m_processes.size());
    std::vector<std::vector<std::uint32_t>> threadMap(other.m_processes.size());
    for (std::uint32_t op = 0; op < other.m_processes.size(); ++op) {
        ProcessBuild& theirP = other.m_processes[op];
        const std::uint32_t p = process(ident(theirP.track.pid));
        processMap[op] = p;
        ProcessTrack& mine = m_processes[p].track;
        if (!theirP.track.name.isEmpty())
            mine.name = theirP.track.name;
        if (!theirP.track.labels.isEmpty())
            mine.labels = theirP.track.labels;
        if (theirP.track.hasSortIndex) {
            mine.sortIndex = theirP.track.sortIndex;
            mine.hasSortIndex = true;
        }
        mine.hasMetadata = mine.hasMetadata || theirP.track.hasMetadata;
        threadMap[op].resize(theirP.threads.size());
        for (std::uint32_t ot = 0; ot < theirP.threads.size(); ++ot) {
            ThreadBuild& theirT = theirP.threads[ot];
            const std::uint32_t t = thread(p, ident(theirT.track.tid));
            threadMap[op][ot] = t;
            {
                ThreadTrack& mt = m_processes[p].threads[t].track;
                if (!theirT.track.name.isEmpty())
                    mt.name = theirT.track.name;
                if (theirT.track.hasSortIndex) {
                    mt.sortIndex = theirT.track.sortIndex;
                    mt.hasSortIndex = true;
                }
            }
            for (TimeNs end : theirT.pendingEnds)
                endSlice(p, t, end);
            ThreadBuild& mineT = m_processes[p].threads[t];
            SliceColumns& ms = mineT.track.slices;
            const SliceColumns& ts = theirT.track.slices;
            if (sameIds && ms.size() == 0) {
                ms = std::move(theirT.track.slices);
            } else {
                ms.startNs.insert(ms.startNs.end(), ts.startNs.begin(), ts.startNs.end());
                ms.durNs.insert(ms.durNs.end(), ts.durNs.begin(), ts.durNs.end());
                ms.args.insert(ms.args.end(), ts.args.begin(), ts.args.end());
                for (std::size_t i = 0; i < ts.size(); ++i) {
                    ms.name.push_back(str(ts.name[i]));
                    ms.category.push_back(str(ts.category[i]));
                    ms.taskType.push_back(str(ts.taskType[i]));
                }
            }
            InstantColumns& mi = mineT.track.instants;
            const InstantColumns& ti = theirT.track.instants;
            if (sameIds && mi.size() == 0) {
                mi = std::move(theirT.track.instants);
            } else {
                mi.tsNs.insert(mi.tsNs.end(), ti.tsNs.begin(), ti.tsNs.end());
                mi.args.insert(mi.args.end(), ti.args.begin(), ti.args.end());
                for (std::size_t i = 0; i < ti.size(); ++i) {
                    mi.name.push_back(str(ti.name[i]));
                    mi.category.push_back(str(ti.category[i]));
                }
            }
            for (const OpenSlice& o : theirT.open)
                mineT.open.push_back({ o.startNs, str(o.name), str(o.category), o.args });
            if (theirT.lastTsNs != kInvalidTime)
                touch(mineT, theirT.lastTsNs);
        }
        for (CounterSeries& c : theirP.track.counters) {
            CounterSeries& mc = counterSeries(m_processes[p], str(c.name), str(c.key));
            if (mc.tsNs.empty()) {
                mc.tsNs = std::move(c.tsNs);
                mc.value = std::move(c.value);
            } else {
                mc.tsNs.insert(mc.tsNs.end(), c.tsNs.begin(), c.tsNs.end());
                mc.value.insert(mc.value.end(), c.value.begin(), c.value.end());
            }
        }
    }
    // Flow points: renumbered where they are, their array kept as a segment
    // (see flowPointSegments()). Points this builder added since its last
    // merge come before them in the file.
    sealFlowPoints();
    const auto base = std::uint32_t(m_flowPointsInSegments);
    other.sealFlowPoints();
    for (FlowPoints& segment : other.m_flowSegments) {
        for (FlowPoint& fp : segment) {
            fp.category = str(fp.category);
            fp.name = str(fp.name);
            if (fp.idIsText)
                fp.idKey = str(fp.idText()).value;
            const std::uint32_t theirProcess = fp.process;
            fp.process = processMap[theirProcess];
            fp.thread = threadMap[theirProcess][fp.thread];
            fp.order = base + fp.order;
        }
        m_flowPointsInSegments += segment.size();
        m_flowSegments.push_back(std::move(segment));
    }
    m_lastProcess = UINT32_MAX;
}

void TraceBuilder::sealFlowPoints()
{
    if (m_flowPoints.empty())
        return;
    m_flowPointsInSegments += m_flowPoints.size();
    m_flowSegments.push_back(std::move(m_flowPoints));
    m_flowPoints = FlowPoints();
}

} // namespace profscope
