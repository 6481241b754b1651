// SPDX-License-Identifier: Apache-2.0
#include "timelinemodel.h"
#include "model/workpool.h"

#include "model/timebounds.h"
#include "timeformat.h"

#include <QCoreApplication>
#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(TimelineModel)
};

quint64 threadKey(int rank, int process, int thread)
{
    return (quint64(quint32(rank)) << 42) ^ (quint64(quint32(process)) << 21) ^ quint64(quint32(thread));
}

QString rankTitle(const RankData& rank)
{
    return rank.info.rankId >= 0      ? Tr::tr("Rank %1").arg(rank.info.rankId)
        : rank.info.displayName.isEmpty() ? Tr::tr("Rank")
                                          : rank.info.displayName;
}

} // namespace

QString laneKey(int rankIndex, const ProcessTrack* p, const ThreadTrack* t, int counter)
{
    QString key = QLatin1Char('r') + QString::number(rankIndex);
    if (p)
        key += QStringLiteral("/p") + QString::number(p->pid);
    if (t)
        key += QStringLiteral("/t") + QString::number(t->tid);
    if (counter >= 0)
        key += QStringLiteral("/c") + QString::number(counter);
    return key;
}

void TimelineModel::setProfile(const ProfilePtr& profile, const QList<int>& ranks, const TimelineComparison& comparison)
{
    const bool sameProfile = profile == m_profile;
    const bool sameComparison = comparison.profile == m_comparison.profile;
    m_profile = profile;
    m_ranks.clear();
    if (profile) {
        for (int r : ranks)
            if (r >= 0 && std::size_t(r) < profile->ranks.size() && !m_ranks.contains(r))
                m_ranks << r;
    }
    // One lane group per comparison rank, even when several base ranks map to it.
    m_comparison = {};
    m_comparisonRanks.clear();
    if (profile && comparison.profile) {
        m_comparison.profile = comparison.profile;
        for (const TimelineComparison::Rank& c : comparison.ranks) {
            const int r = comparisonRankFirst() + c.otherRank;
            if (c.otherRank < 0 || std::size_t(c.otherRank) >= comparison.profile->ranks.size()
                || m_comparisonRanks.contains(r))
                continue;
            m_comparison.ranks.push_back(c);
            m_comparisonRanks << r;
        }
    }
    if (!sameProfile || !sameComparison) {
        // Lane state is per profile: keys of another profile mean nothing.
        m_collapsed.clear();
        m_depthExpanded.clear();
        m_hidden.clear();
        m_pinned.clear();
        m_order.clear();
    }
    if (!sameProfile)
        m_offsets.clear();
    build();
}

const TimelineComparison::Rank* TimelineModel::comparisonRank(int rank) const
{
    if (!isComparisonRank(rank))
        return nullptr;
    const int other = rank - comparisonRankFirst();
    for (const TimelineComparison::Rank& c : m_comparison.ranks)
        if (c.otherRank == other)
            return &c;
    return nullptr;
}

const RankData* TimelineModel::rankData(int rank) const
{
    if (!m_profile || rank < 0)
        return nullptr;
    if (std::size_t(rank) < m_profile->ranks.size())
        return m_profile->ranks[std::size_t(rank)].get();
    const std::size_t other = std::size_t(rank - comparisonRankFirst());
    if (m_comparison.profile && other < m_comparison.profile->ranks.size())
        return m_comparison.profile->ranks[other].get();
    return nullptr;
}

bool TimelineModel::isEmpty() const
{
    for (const auto& l : m_lanes)
        if (l.kind == LaneKind::Thread || l.kind == LaneKind::Counter)
            return false;
    return true;
}

const TraceData* TimelineModel::trace(int rank) const
{
    const RankData* data = rankData(rank);
    return data ? &data->trace : nullptr;
}

void TimelineModel::build()
{
    m_lanes.clear();
    m_roots.clear();
    m_byKey.clear();
    m_index.clear();
    m_counterRange.clear();
    m_counterRangeDone.clear();
    if (m_profile) {
        for (int r : std::as_const(m_ranks)) {
            const RankData& rank = *m_profile->ranks[std::size_t(r)];
            // "Rank 3" reads better than the folder name; the folder goes to the path.
            addRank(r, rank, rankTitle(rank), rank.info.host, false);
        }
        for (int r : std::as_const(m_comparisonRanks)) {
            const RankData& rank = *rankData(r);
            // "B" as the comparison run is called everywhere in compare mode.
            addRank(r, rank, Tr::tr("B \u00b7 %1").arg(rankTitle(rank)), QString(), true);
            labelComparisonRank(m_roots.back());
        }
        // Each comparison rank right under the base rank it is aligned with:
        // the pair to compare is adjacent, also in a stack of ranks.
        std::vector<int> roots;
        std::vector<bool> placed(m_roots.size(), false);
        for (std::size_t i = 0; i < m_roots.size(); ++i) {
            const TimelineLane& base = m_lanes[std::size_t(m_roots[i])];
            if (base.comparison)
                continue;
            roots.push_back(m_roots[i]);
            for (std::size_t j = 0; j < m_roots.size(); ++j) {
                const TimelineLane& other = m_lanes[std::size_t(m_roots[j])];
                if (!placed[j] && other.comparison && comparisonRank(other.rank)->anchorRank == base.rank) {
                    roots.push_back(m_roots[j]);
                    placed[j] = true;
                }
            }
        }
        for (std::size_t j = 0; j < m_roots.size(); ++j)
            if (!placed[j] && m_lanes[std::size_t(m_roots[j])].comparison)
                roots.push_back(m_roots[j]);
        m_roots = std::move(roots);
    }
    m_threadLanes.clear();
    for (std::size_t i = 0; i < m_lanes.size(); ++i) {
        m_byKey.insert(m_lanes[i].key, int(i));
        if (m_lanes[i].kind == LaneKind::Thread)
            m_threadLanes.insert(threadKey(m_lanes[i].rank, m_lanes[i].process, m_lanes[i].thread), int(i));
    }
    for (std::size_t i = 0; i < m_lanes.size(); ++i)
        if (m_lanes[i].isGroup())
            applyOrder(int(i));
    m_index.resize(m_lanes.size());
    ++m_generation;
    // The per-depth indexes are built here, in parallel, so that no frame
    // pays for them (the first paint at full zoom-out would otherwise build
    // every visible lane's index). Above eagerIndexSlices() that wait would
    // freeze the window (10 million slices: ~165 ms, most of it first-touch
    // page faults of 120 MB): the renderer builds them off the GUI thread.
    std::vector<int> threadLanes;
    qint64 slices = 0;
    for (std::size_t i = 0; i < m_lanes.size(); ++i)
        if (m_lanes[i].kind == LaneKind::Thread && !m_index[i]) {
            threadLanes.push_back(int(i));
            slices += qint64(threadTrack(int(i)).slices.size());
        }
    if (slices <= m_eagerIndexSlices)
        QtConcurrent::blockingMap(workPool(), threadLanes, [this](int lane) { threadIndex(lane); });
    m_counterRange.resize(m_lanes.size());
    m_counterRangeDone.assign(m_lanes.size(), false);
    computeOrigin();
    relayout();
}

void TimelineModel::labelComparisonRank(int lane)
{
    TimelineLane& l = m_lanes[std::size_t(lane)];
    const TimelineComparison::Rank* c = comparisonRank(l.rank);
    if (!c)
        return;
    const QString sign = c->deltaNs < 0 ? QStringLiteral("\u2212") : QStringLiteral("+");
    const QString offset = sign + formatDurationNs(double(std::abs(c->deltaNs)));
    const RankData* anchorRank = rankData(c->anchorRank);
    const QString anchor = anchorRank ? rankTitle(*anchorRank) : QString();
    // The shift in the header (the title wins when both do not fit); which steps, in the tooltip.
    l.subtitle = offset;
    l.note = c->onStep
        ? Tr::tr("Comparison run (%1): shifted by %2 so that its step %3 starts with step %4 of %5 in the base run")
              .arg(m_comparison.profile->rootPath, offset, c->otherStep, c->baseStep, anchor)
        : Tr::tr("Comparison run (%1): shifted by %2 so that its first event lines up with %3's (no step markers)")
              .arg(m_comparison.profile->rootPath, offset, anchor);
}

bool TimelineModel::realignComparison(const TimelineComparison& comparison)
{
    if (!comparison.profile || comparison.profile != m_comparison.profile)
        return false;
    std::vector<TimelineComparison::Rank> ranks;
    QList<int> shown;
    for (const TimelineComparison::Rank& c : comparison.ranks) {
        const int r = comparisonRankFirst() + c.otherRank;
        if (c.otherRank < 0 || shown.contains(r))
            continue;
        ranks.push_back(c);
        shown << r;
    }
    if (shown.size() != m_comparisonRanks.size() || !std::equal(shown.begin(), shown.end(), m_comparisonRanks.begin()))
        return false;
    for (std::size_t i = 0; i < ranks.size(); ++i)
        if (ranks[i].anchorRank != m_comparison.ranks[i].anchorRank)
            return false; // another order under the base ranks
    m_comparison.ranks = std::move(ranks);
    for (int root : m_roots)
        if (m_lanes[std::size_t(root)].comparison)
            labelComparisonRank(root);
    computeOrigin();
    return true;
}

void TimelineModel::addRank(int r, const RankData& rank, const QString& title, const QString& subtitle, bool comparison)
{
    const TraceData& trace = rank.trace;
    TimelineLane rl;
    rl.kind = LaneKind::Rank;
    rl.rank = r;
    rl.key = laneKey(r);
    rl.title = title;
    rl.subtitle = subtitle;
    rl.comparison = comparison;
    const int rankLane = int(m_lanes.size());
    m_lanes.push_back(rl);
    m_roots.push_back(rankLane);
    for (std::size_t p = 0; p < trace.processes.size(); ++p) {
        const ProcessTrack& proc = trace.processes[p];
        if (proc.threads.empty() && proc.counters.empty())
            continue;
        TimelineLane pl;
        pl.kind = LaneKind::Process;
        pl.rank = r;
        pl.process = int(p);
        pl.parent = rankLane;
        pl.comparison = comparison;
        pl.level = 1;
        pl.key = laneKey(r, &proc);
        pl.title = proc.displayName();
        pl.subtitle = proc.labels;
        const int procLane = int(m_lanes.size());
        m_lanes.push_back(pl);
        m_lanes[std::size_t(rankLane)].children.push_back(procLane);
        for (std::size_t t = 0; t < proc.threads.size(); ++t) {
            const ThreadTrack& th = proc.threads[t];
            TimelineLane tl;
            tl.kind = LaneKind::Thread;
            tl.rank = r;
            tl.process = int(p);
            tl.thread = int(t);
            tl.parent = procLane;
            tl.comparison = comparison;
            tl.level = 2;
            tl.key = laneKey(r, &proc, &th);
            tl.title = th.name.isEmpty() ? Tr::tr("Thread %1").arg(th.tid) : th.name;
            m_lanes[std::size_t(procLane)].children.push_back(int(m_lanes.size()));
            m_lanes.push_back(tl);
        }
        for (std::size_t c = 0; c < proc.counters.size(); ++c) {
            const CounterSeries& cs = proc.counters[c];
            TimelineLane cl;
            cl.kind = LaneKind::Counter;
            cl.rank = r;
            cl.process = int(p);
            cl.counter = int(c);
            cl.parent = procLane;
            cl.comparison = comparison;
            cl.level = 2;
            cl.key = laneKey(r, &proc, nullptr, int(c));
            cl.title = trace.strings.string(cs.name);
            const QString key = trace.strings.string(cs.key);
            // "value" says nothing; "Read(MB/s)" carries the unit: shown as "MB/s".
            cl.subtitle = counterUnit(key);
            if (cl.subtitle.isEmpty() && key != QLatin1String("value") && key != cl.title)
                cl.subtitle = key;
            m_lanes[std::size_t(procLane)].children.push_back(int(m_lanes.size()));
            m_lanes.push_back(cl);
        }
    }
}

void TimelineModel::applyOrder(int lane)
{
    TimelineLane& l = m_lanes[std::size_t(lane)];
    const auto it = m_order.constFind(l.key);
    if (it == m_order.constEnd())
        return;
    // Children the user ordered come in that order; new ones keep their
    // trace order after them.
    std::vector<int> ordered;
    std::vector<bool> used(l.children.size(), false);
    for (const QString& k : *it) {
        for (std::size_t c = 0; c < l.children.size(); ++c) {
            if (!used[c] && m_lanes[std::size_t(l.children[c])].key == k) {
                ordered.push_back(l.children[c]);
                used[c] = true;
            }
        }
    }
    for (std::size_t c = 0; c < l.children.size(); ++c)
        if (!used[c])
            ordered.push_back(l.children[c]);
    l.children = std::move(ordered);
}

void TimelineModel::computeOrigin()
{
    TimeNs lo = std::numeric_limits<TimeNs>::max();
    TimeNs hi = std::numeric_limits<TimeNs>::min();
    for (int r : allRanks()) {
        const TraceData& t = *trace(r);
        if (t.rangeNs.isEmpty())
            continue;
        lo = std::min(lo, t.rangeNs.startNs + offsetNs(r));
        hi = std::max(hi, t.rangeNs.endNs + offsetNs(r));
    }
    if (lo > hi) {
        m_originNs = 0;
        m_spanNs = 0;
        return;
    }
    m_originNs = lo;
    m_spanNs = hi - lo;
}

int TimelineModel::threadLane(int rank, int process, int thread) const
{
    return m_threadLanes.value(threadKey(rank, process, thread), -1);
}

int TimelineModel::processLane(int rank, int process) const
{
    const int r = rankLane(rank);
    if (r < 0)
        return -1;
    for (int c : m_lanes[std::size_t(r)].children)
        if (m_lanes[std::size_t(c)].process == process)
            return c;
    return -1;
}

int TimelineModel::rankLane(int rank) const
{
    for (int r : m_roots)
        if (m_lanes[std::size_t(r)].rank == rank)
            return r;
    return -1;
}

void TimelineModel::setMetrics(const Metrics& m)
{
    m_metrics = m;
    relayout();
}

bool TimelineModel::hasDepthCap(int lane) const
{
    if (m_lanes[std::size_t(lane)].kind != LaneKind::Thread || depthRows(lane) <= kCappedDepthRows)
        return false;
    // Two runs stacked: every lane, so that both runs' device streams fit on a screen.
    if (m_comparison.profile)
        return true;
    // Host call stacks only: device and communication lanes are what one came to see.
    const LaneRole role = threadTrack(lane).role;
    return role == LaneRole::HostOps || role == LaneRole::HostApi || role == LaneRole::Other;
}

bool TimelineModel::isDepthCapped(int lane) const
{
    return hasDepthCap(lane) && !m_depthExpanded.contains(m_lanes[std::size_t(lane)].key);
}

void TimelineModel::setDepthExpanded(int lane, bool expanded)
{
    if (expanded)
        m_depthExpanded.insert(m_lanes[std::size_t(lane)].key);
    else
        m_depthExpanded.remove(m_lanes[std::size_t(lane)].key);
}

int TimelineModel::shownDepthRows(int lane) const
{
    return isDepthCapped(lane) ? kCappedDepthRows : depthRows(lane);
}

bool TimelineModel::isCollapsed(int lane) const
{
    return m_collapsed.contains(m_lanes[std::size_t(lane)].key);
}

void TimelineModel::setCollapsed(int lane, bool collapsed)
{
    if (!m_lanes[std::size_t(lane)].isGroup())
        return;
    if (collapsed)
        m_collapsed.insert(m_lanes[std::size_t(lane)].key);
    else
        m_collapsed.remove(m_lanes[std::size_t(lane)].key);
}

void TimelineModel::setAllCollapsed(LaneKind kind, bool collapsed)
{
    for (std::size_t i = 0; i < m_lanes.size(); ++i)
        if (m_lanes[i].kind == kind)
            setCollapsed(int(i), collapsed);
}

bool TimelineModel::isHidden(int lane) const
{
    return m_hidden.contains(m_lanes[std::size_t(lane)].key);
}

void TimelineModel::setHidden(int lane, bool hidden)
{
    if (hidden)
        m_hidden.insert(m_lanes[std::size_t(lane)].key);
    else
        m_hidden.remove(m_lanes[std::size_t(lane)].key);
}

void TimelineModel::showAllLanes()
{
    m_hidden.clear();
}

bool TimelineModel::isPinned(int lane) const
{
    return m_pinned.contains(m_lanes[std::size_t(lane)].key);
}

void TimelineModel::setPinned(int lane, bool pinned)
{
    if (pinned)
        m_pinned.insert(m_lanes[std::size_t(lane)].key);
    else
        m_pinned.remove(m_lanes[std::size_t(lane)].key);
}

bool TimelineModel::moveLane(int lane, int before)
{
    if (lane < 0 || before < 0 || lane == before)
        return false;
    const int parent = m_lanes[std::size_t(lane)].parent;
    if (parent != m_lanes[std::size_t(before)].parent)
        return false;
    std::vector<int>& siblings = parent < 0 ? m_roots : m_lanes[std::size_t(parent)].children;
    auto it = std::find(siblings.begin(), siblings.end(), lane);
    if (it == siblings.end())
        return false;
    siblings.erase(it);
    siblings.insert(std::find(siblings.begin(), siblings.end(), before), lane);
    if (parent >= 0) {
        QStringList keys;
        for (int c : siblings)
            keys << m_lanes[std::size_t(c)].key;
        m_order.insert(m_lanes[std::size_t(parent)].key, keys);
    }
    return true;
}

bool TimelineModel::isEffectivelyHidden(int lane) const
{
    for (int l = lane; l >= 0; l = m_lanes[std::size_t(l)].parent)
        if (isHidden(l))
            return true;
    return false;
}

int TimelineModel::visibleLaneFor(int lane) const
{
    if (lane < 0 || isEffectivelyHidden(lane))
        return -1;
    // The outermost collapsed ancestor is the row that shows this lane.
    int shown = lane;
    for (int l = m_lanes[std::size_t(lane)].parent; l >= 0; l = m_lanes[std::size_t(l)].parent)
        if (isCollapsed(l))
            shown = l;
    return shown;
}

int TimelineModel::depthRows(int lane) const
{
    const TimelineLane& l = m_lanes[std::size_t(lane)];
    if (l.kind != LaneKind::Thread)
        return 1;
    return int(threadTrack(lane).maxDepth) + 1;
}

int TimelineModel::laneHeight(int lane, bool summary) const
{
    const TimelineLane& l = m_lanes[std::size_t(lane)];
    switch (l.kind) {
    case LaneKind::Rank:
    case LaneKind::Process:
        return summary ? m_metrics.summaryHeight : m_metrics.groupHeight;
    case LaneKind::Thread:
        return shownDepthRows(lane) * m_metrics.rowHeight + 2;
    case LaneKind::Counter:
        return m_metrics.counterHeight;
    }
    return m_metrics.rowHeight;
}

void TimelineModel::emitRows(int lane, std::vector<TimelineRow>& rows, int& y, bool skipPinned)
{
    if (isHidden(lane))
        return;
    // A pinned lane leaves the scrolling band for the pinned one.
    if (skipPinned && isPinned(lane))
        return;
    const TimelineLane& l = m_lanes[std::size_t(lane)];
    const bool collapsed = l.isGroup() && isCollapsed(lane);
    TimelineRow row;
    row.lane = lane;
    row.y = y;
    row.height = laneHeight(lane, collapsed);
    row.pinned = !skipPinned;
    row.summary = collapsed;
    rows.push_back(row);
    y += row.height + m_metrics.gap;
    if (collapsed)
        return;
    for (int c : l.children)
        emitRows(c, rows, y, skipPinned);
}

void TimelineModel::relayout()
{
    m_pinnedRows.clear();
    m_scrollRows.clear();
    int y = 0;
    // Pinned lanes in display order: a pinned lane's children come with it.
    std::vector<int> pinnedLanes;
    std::vector<int> stack(m_roots.rbegin(), m_roots.rend());
    while (!stack.empty()) {
        const int l = stack.back();
        stack.pop_back();
        if (isHidden(l))
            continue;
        if (isPinned(l)) {
            pinnedLanes.push_back(l);
            continue;
        }
        const auto& ch = m_lanes[std::size_t(l)].children;
        stack.insert(stack.end(), ch.rbegin(), ch.rend());
    }
    for (int l : pinnedLanes) {
        // Emit the pinned subtree; children are not pinned themselves.
        const TimelineLane& pl = m_lanes[std::size_t(l)];
        const bool collapsed = pl.isGroup() && isCollapsed(l);
        TimelineRow row { l, y, laneHeight(l, collapsed), true, collapsed };
        m_pinnedRows.push_back(row);
        y += row.height + m_metrics.gap;
        if (!collapsed)
            for (int c : pl.children)
                emitRows(c, m_pinnedRows, y, false);
    }
    m_pinnedHeight = y;
    y = 0;
    for (int r : m_roots)
        emitRows(r, m_scrollRows, y, true);
    m_scrollHeight = y;
    m_rowOfLane.assign(m_lanes.size(), -1);
    for (std::size_t i = 0; i < m_scrollRows.size(); ++i)
        m_rowOfLane[std::size_t(m_scrollRows[i].lane)] = int(i);
    for (std::size_t i = 0; i < m_pinnedRows.size(); ++i)
        m_rowOfLane[std::size_t(m_pinnedRows[i].lane)] = -int(i) - 2;
}

const TimelineRow* TimelineModel::rowOf(int lane) const
{
    if (lane < 0 || std::size_t(lane) >= m_rowOfLane.size())
        return nullptr;
    const int r = m_rowOfLane[std::size_t(lane)];
    if (r >= 0)
        return &m_scrollRows[std::size_t(r)];
    if (r <= -2)
        return &m_pinnedRows[std::size_t(-r - 2)];
    return nullptr;
}

void TimelineModel::setClockOffsets(const std::vector<TimeNs>& offsetNs)
{
    m_offsets = offsetNs;
    computeOrigin();
}

const ThreadTrack& TimelineModel::threadTrack(int lane) const
{
    const TimelineLane& l = m_lanes[std::size_t(lane)];
    return trace(l.rank)->processes[std::size_t(l.process)].threads[std::size_t(l.thread)];
}

const ProcessTrack& TimelineModel::processTrack(int lane) const
{
    const TimelineLane& l = m_lanes[std::size_t(lane)];
    return trace(l.rank)->processes[std::size_t(l.process)];
}

const CounterSeries& TimelineModel::counterSeries(int lane) const
{
    const TimelineLane& l = m_lanes[std::size_t(lane)];
    return trace(l.rank)->processes[std::size_t(l.process)].counters[std::size_t(l.counter)];
}

const ThreadIndex& TimelineModel::threadIndex(int lane) const
{
    auto& slot = m_index[std::size_t(lane)];
    if (!slot)
        slot = makeThreadIndex(threadTrack(lane).slices);
    return *slot;
}

std::shared_ptr<ThreadIndex> TimelineModel::makeThreadIndex(const SliceColumns& s)
{
    auto index = std::make_shared<ThreadIndex>();
    std::uint16_t maxDepth = 0;
    for (auto d : s.depth)
        maxDepth = std::max(maxDepth, d);
    index->byDepth.resize(s.size() ? std::size_t(maxDepth) + 1 : 0);
    std::vector<std::size_t> counts(index->byDepth.size(), 0);
    for (auto d : s.depth)
        ++counts[d];
    for (std::size_t d = 0; d < counts.size(); ++d)
        index->byDepth[d].reserve(counts[d]);
    for (std::size_t i = 0; i < s.size(); ++i)
        index->byDepth[s.depth[i]].push_back(std::uint32_t(i));
    index->busyBefore.resize(index->byDepth.size());
    for (std::size_t d = 0; d < index->byDepth.size(); ++d) {
        std::vector<TimeNs>& busy = index->busyBefore[d];
        busy.reserve(index->byDepth[d].size() + 1);
        TimeNs sum = 0;
        busy.push_back(sum);
        for (const std::uint32_t i : index->byDepth[d]) {
            sum = saturatingAdd(sum, std::max<TimeNs>(0, s.durNs[i]));
            busy.push_back(sum);
        }
    }
    return index;
}

void TimelineModel::adoptThreadIndex(int lane, quint64 generation, std::shared_ptr<ThreadIndex> index) const
{
    if (generation != m_generation || lane < 0 || std::size_t(lane) >= m_index.size() || m_index[std::size_t(lane)])
        return;
    m_index[std::size_t(lane)] = std::move(index);
}

std::pair<double, double> TimelineModel::counterRange(int lane) const
{
    if (!m_counterRangeDone[std::size_t(lane)]) {
        const CounterSeries& cs = counterSeries(lane);
        double lo = 0, hi = 0; // the chart's base line is 0 unless values go below
        for (double v : cs.value) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        m_counterRange[std::size_t(lane)] = { lo, hi };
        m_counterRangeDone[std::size_t(lane)] = true;
    }
    return m_counterRange[std::size_t(lane)];
}

QString TimelineModel::lanePath(int lane) const
{
    QStringList parts;
    for (int l = lane; l >= 0; l = m_lanes[std::size_t(l)].parent)
        parts.prepend(m_lanes[std::size_t(l)].title);
    return parts.join(QStringLiteral(" / "));
}

} // namespace profscope
