// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "model/profile.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <vector>

namespace profscope {

enum class LaneKind : std::uint8_t
{
    Rank, // group: one rank (card)
    Process, // group: one trace process (Python, CANN, Ascend Hardware, HCCL, ...)
    Thread, // slices of a thread or stream, one row per nesting depth
    Counter, // one counter series as a small area chart
};

struct TimelineLane
{
    LaneKind kind = LaneKind::Thread;
    int rank = -1; // index into Profile::ranks
    int process = -1; // index into TraceData::processes
    int thread = -1; // index into ProcessTrack::threads (Thread lanes)
    int counter = -1; // index into ProcessTrack::counters (Counter lanes)
    int parent = -1; // lane index of the enclosing group, -1 for ranks
    int level = 0; // nesting level for the header indent
    QString key; // stable identity for the per-view state ("r0/p123/t4")
    QString title;
    QString subtitle; // "NPU", "CPU", counter unit, ...
    QString note; // shown under the lane path in the header's tooltip
    std::vector<int> children; // in the user's order
    bool comparison = false; // a lane of the comparison run (run comparison)

    bool isGroup() const
    {
        return kind == LaneKind::Rank || kind == LaneKind::Process;
    }
};

// A lane on screen: either in the pinned band at the top or in the
// scrolling band below it. y is relative to the top of its band.
struct TimelineRow
{
    int lane = -1;
    int y = 0;
    int height = 0;
    bool pinned = false;
    bool summary = false; // a collapsed group: its header shows its lanes merged
};

// Slices of one thread split by depth. Within one depth slices never
// overlap, so both their starts and their ends are sorted: the visible ones
// are found by binary search on the end, which a long parent slice at depth 0
// cannot spoil.
struct ThreadIndex
{
    std::vector<std::vector<std::uint32_t>> byDepth;
    // Per depth, busyBefore[d][j] = summed durations of byDepth[d][0, j)
    // (saturating): how busy a merged run of sub-pixel slices is, in O(1).
    // Slices of one depth never overlap, so the sum is the covered time.
    std::vector<std::vector<TimeNs>> busyBefore;
};

// Run comparison: ranks of a second profile stacked under the base's, each
// shifted so that the compared step starts with the base rank's step.
struct TimelineComparison
{
    struct Rank
    {
        int otherRank = -1; // index into the comparison profile's ranks
        int anchorRank = -1; // the base rank (Profile::ranks index) it is aligned with
        TimeNs deltaNs = 0; // added to its timestamps, on top of the anchor's clock offset
        QString baseStep; // the steps aligned ("" when a rank has none)
        QString otherStep;
        bool onStep = false;
    };
    ProfilePtr profile;
    std::vector<Rank> ranks;
};

// The timeline's lanes for the ranks shown and everything the user changed
// about them (collapsed, hidden, pinned, order, clock offsets). The profile
// itself is never modified; this is per-view state.
class TimelineModel
{
public:
    struct Metrics
    {
        int rowHeight = 18; // one nesting depth of a thread lane
        int groupHeight = 22; // an expanded group header
        int summaryHeight = 22; // a collapsed group header with the merged lanes
        int counterHeight = 34;
        int gap = 1;
    };

    void setProfile(const ProfilePtr& profile, const QList<int>& ranks, const TimelineComparison& comparison = {});
    const ProfilePtr& profile() const
    {
        return m_profile;
    }
    // The base profile's ranks shown (Profile::ranks indexes).
    const QList<int>& ranks() const
    {
        return m_ranks;
    }
    bool isEmpty() const;
    // Lanes, offsets, traces and colours are keyed by a rank number: the base
    // profile's rank index, or for the comparison run's ranks
    // comparisonRankFirst() + its index in the comparison profile, so that a
    // comparison rank is one more stacked rank everywhere.
    const TraceData* trace(int rank) const;
    const RankData* rankData(int rank) const;

    // Run comparison.
    const TimelineComparison& comparison() const
    {
        return m_comparison;
    }
    // The comparison ranks shown, as rank numbers (see trace()).
    const QList<int>& comparisonRanks() const
    {
        return m_comparisonRanks;
    }
    // Base ranks, then comparison ranks.
    QList<int> allRanks() const
    {
        return m_ranks + m_comparisonRanks;
    }
    int comparisonRankFirst() const
    {
        return m_profile ? int(m_profile->ranks.size()) : 0;
    }
    bool isComparisonRank(int rank) const
    {
        return m_comparison.profile && rank >= comparisonRankFirst();
    }
    // How a comparison rank is aligned, nullptr for a base rank.
    const TimelineComparison::Rank* comparisonRank(int rank) const;
    // New shifts for the comparison ranks shown (another step compared),
    // without rebuilding the lanes; false (nothing changed) when `comparison`
    // is another run or shows other ranks: setProfile() then.
    bool realignComparison(const TimelineComparison& comparison);

    const std::vector<TimelineLane>& lanes() const
    {
        return m_lanes;
    }
    const TimelineLane& lane(int i) const
    {
        return m_lanes[std::size_t(i)];
    }
    const std::vector<int>& roots() const
    {
        return m_roots;
    }
    // The lane of a thread / process / rank, -1 when not shown.
    int threadLane(int rank, int process, int thread) const;
    int processLane(int rank, int process) const;
    int rankLane(int rank) const;

    void setMetrics(const Metrics& m);
    const Metrics& metrics() const
    {
        return m_metrics;
    }

    // Per-view lane state.
    bool isCollapsed(int lane) const;
    void setCollapsed(int lane, bool collapsed);
    void setAllCollapsed(LaneKind kind, bool collapsed);
    // A host thread lane deeper than kCappedDepthRows shows its top levels
    // until the user expands it: a host call stack of 30 Python frames would push
    // the device lanes (Ascend Hardware, HCCL) below the fold.
    // With a comparison run's lanes every lane is capped, device streams too.
    static constexpr int kCappedDepthRows = 4;
    bool isDepthCapped(int lane) const; // deeper than the cap and not expanded
    bool hasDepthCap(int lane) const; // deeper than the cap at all
    void setDepthExpanded(int lane, bool expanded);
    int shownDepthRows(int lane) const;
    bool isHidden(int lane) const;
    void setHidden(int lane, bool hidden);
    void showAllLanes();
    int hiddenCount() const
    {
        return int(m_hidden.size());
    }
    bool isPinned(int lane) const;
    void setPinned(int lane, bool pinned);
    // Moves `lane` before `before` (a sibling); false when they are not siblings.
    bool moveLane(int lane, int before);
    // True when the lane and all its ancestors are not hidden.
    bool isEffectivelyHidden(int lane) const;
    // The row a lane is drawn in: itself, or its nearest collapsed ancestor;
    // -1 when hidden.
    int visibleLaneFor(int lane) const;

    // Rows in display order after the state above; relayout() after changes.
    void relayout();
    const std::vector<TimelineRow>& pinnedRows() const
    {
        return m_pinnedRows;
    }
    const std::vector<TimelineRow>& scrollRows() const
    {
        return m_scrollRows;
    }
    int pinnedHeight() const
    {
        return m_pinnedHeight;
    }
    int scrollHeight() const
    {
        return m_scrollHeight;
    }
    // Index into pinnedRows()/scrollRows() of a lane, -1 when not a row.
    const TimelineRow* rowOf(int lane) const;
    int depthRows(int lane) const;

    // Clock offsets per Profile::ranks index (ns added to the rank's
    // timestamps); empty = none.
    void setClockOffsets(const std::vector<TimeNs>& offsetNs);
    TimeNs offsetNs(int rank) const
    {
        if (const TimelineComparison::Rank* c = comparisonRank(rank))
            return c->deltaNs + offsetNs(c->anchorRank);
        return rank >= 0 && std::size_t(rank) < m_offsets.size() ? m_offsets[std::size_t(rank)] : 0;
    }
    // The time axis starts here (earliest event of the ranks shown, after
    // the offsets); all view coordinates are relative to it.
    TimeNs originNs() const
    {
        return m_originNs;
    }
    // Total span of the ranks shown, relative to originNs().
    TimeNs spanNs() const
    {
        return m_spanNs;
    }
    // A rank's timestamp in view coordinates and back.
    TimeNs toView(int rank, TimeNs ts) const
    {
        return ts + offsetNs(rank) - m_originNs;
    }
    TimeNs fromView(int rank, TimeNs v) const
    {
        return v + m_originNs - offsetNs(rank);
    }

    // A thread lane's per-depth index, built here on first use when not
    // built yet (by build() for profiles up to eagerIndexSlices() slices,
    // else by the renderer's job, see adoptThreadIndex).
    const ThreadIndex& threadIndex(int lane) const;
    bool hasThreadIndex(int lane) const
    {
        return lane >= 0 && std::size_t(lane) < m_index.size() && m_index[std::size_t(lane)];
    }
    // Thread-safe: the index of one lane's slices.
    static std::shared_ptr<ThreadIndex> makeThreadIndex(const SliceColumns& slices);
    // An index built off the GUI thread for the lanes of build() number
    // `generation`; dropped when the lanes were rebuilt since, or when the
    // lane has one already.
    void adoptThreadIndex(int lane, quint64 generation, std::shared_ptr<ThreadIndex> index) const;
    quint64 generation() const
    {
        return m_generation;
    }
    // Up to this many slices in the thread lanes, build() makes every index
    // at once (in parallel, waited for: ~2 ms per 100,000 slices); above it,
    // a frame on screen draws a lane as a placeholder until its index is
    // built off the GUI thread (10 million slices: ~165 ms of indexes).
    static constexpr qint64 kDefaultEagerIndexSlices = 2'000'000;
    void setEagerIndexSlices(qint64 slices)
    {
        m_eagerIndexSlices = slices;
    }
    qint64 eagerIndexSlices() const
    {
        return m_eagerIndexSlices;
    }
    // Maximum and minimum value of a counter lane's series.
    std::pair<double, double> counterRange(int lane) const;

    const ThreadTrack& threadTrack(int lane) const;
    const ProcessTrack& processTrack(int lane) const;
    const CounterSeries& counterSeries(int lane) const;
    // "rank 0 / Ascend Hardware / Stream 2".
    QString lanePath(int lane) const;

private:
    void build();
    void addRank(int r, const RankData& rank, const QString& title, const QString& subtitle, bool comparison);
    // The subtitle (shift applied) and tooltip note of a comparison rank's lane.
    void labelComparisonRank(int lane);
    void applyOrder(int lane);
    void emitRows(int lane, std::vector<TimelineRow>& rows, int& y, bool skipPinned);
    int laneHeight(int lane, bool summary) const;
    void computeOrigin();

    ProfilePtr m_profile;
    QList<int> m_ranks;
    TimelineComparison m_comparison;
    QList<int> m_comparisonRanks;
    Metrics m_metrics;
    std::vector<TimelineLane> m_lanes;
    std::vector<int> m_roots;
    QHash<QString, int> m_byKey;
    QHash<quint64, int> m_threadLanes; // (rank, process, thread) -> lane
    std::vector<TimeNs> m_offsets;
    TimeNs m_originNs = 0;
    TimeNs m_spanNs = 0;

    QSet<QString> m_collapsed;
    QSet<QString> m_depthExpanded;
    QSet<QString> m_hidden;
    QSet<QString> m_pinned;
    QHash<QString, QStringList> m_order; // group key -> child keys in the user's order

    std::vector<TimelineRow> m_pinnedRows;
    std::vector<TimelineRow> m_scrollRows;
    std::vector<int> m_rowOfLane; // >= 0: scroll row, <= -2: pinned row -(i + 2)
    int m_pinnedHeight = 0;
    int m_scrollHeight = 0;

    mutable std::vector<std::shared_ptr<ThreadIndex>> m_index;
    quint64 m_generation = 0; // of the lanes: build() counts
    qint64 m_eagerIndexSlices = kDefaultEagerIndexSlices;
    mutable std::vector<std::pair<double, double>> m_counterRange;
    mutable std::vector<bool> m_counterRangeDone;
};

QString laneKey(int rankIndex, const ProcessTrack* p = nullptr, const ThreadTrack* t = nullptr, int counter = -1);

} // namespace profscope
