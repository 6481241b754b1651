// SPDX-License-Identifier: Apache-2.0
// Flow points into flows: sorted by (category, id) and paired, each end
// bound to its slice (the last steps of TraceBuilder::finish()).
#include "tracebuilder.h"

#include "traceroles.h"

#include <algorithm>
#include <barrier>
#include <map>
#include <thread>

namespace profscope {

// Flow points by category, then id (numeric ids before text ones).
inline bool TraceBuilder::flowKeyLess(const FlowPoint& a, const FlowPoint& b)
{
    if (a.category != b.category)
        return a.category < b.category;
    if (a.idIsText != b.idIsText)
        return b.idIsText;
    return a.idKey < b.idKey;
}

// By key, then time (starts before steps before finishes), then insertion:
// a total order.
inline bool TraceBuilder::flowPointLess(const FlowPoint& a, const FlowPoint& b)
{
    if (a.category != b.category || a.idIsText != b.idIsText || a.idKey != b.idKey)
        return flowKeyLess(a, b);
    if (a.tsNs != b.tsNs)
        return a.tsNs < b.tsNs;
    if (a.phase != b.phase)
        return a.phase == FlowPhase::Start || (a.phase == FlowPhase::Step && b.phase == FlowPhase::Finish);
    return a.order < b.order;
}

void TraceBuilder::sortFlowPoints(int threads)
{
    // Order: category, then id, then time (starts before steps before
    // finishes), then insertion — a total order, so sorting the groups one
    // by one gives exactly what one sort of everything gives. A database
    // importer emits its points grouped by id within each category (only
    // the categories interleave and a group's few points may be out of
    // time order): bucketing by category and sorting inside the groups is
    // linear there instead of a sort of every point (16% of a DB rank's
    // load). A JSON trace's points come in time order, ids interleaved:
    // they are sorted where they are (sortAllFlowPoints; a bucketed copy
    // cost a second array of fresh pages).
    const auto less = [](const FlowPoint& a, const FlowPoint& b) { return flowPointLess(a, b); };
    // Within a category (every use below), the order of ids.
    const auto groupLess = [](const FlowPoint& a, const FlowPoint& b) { return flowKeyLess(a, b); };
    if (!m_flowSegments.empty())
        sealFlowPoints();
    // Categories are few (a handful of flow kinds): a stable counting pass,
    // which also notes whether each category's points come grouped by id.
    struct Category
    {
        std::uint32_t id;
        std::size_t points;
        const FlowPoint* last;
        bool grouped;
    };
    std::vector<Category> categories;
    bool many = false; // not a handful: one sort of everything
    auto count = [&](const FlowPoints& pts) {
        for (const FlowPoint& p : pts) {
            auto it = std::find_if(
                categories.begin(), categories.end(), [&](const Category& c) { return c.id == p.category.value; });
            if (it == categories.end()) {
                if (categories.size() == 64) {
                    many = true;
                    return;
                }
                categories.push_back({ p.category.value, 0, nullptr, true });
                it = categories.end() - 1;
            }
            ++it->points;
            it->grouped = it->grouped && (!it->last || !groupLess(p, *it->last));
            it->last = &p;
        }
    };
    for (const FlowPoints& segment : m_flowSegments)
        if (!many)
            count(segment);
    if (!many)
        count(m_flowPoints);
    const bool grouped = std::all_of(categories.begin(), categories.end(), [](const Category& c) { return c.grouped; });
    if (many || !grouped) {
        sortAllFlowPoints(threads);
        return;
    }
    // Grouped by id in every category (a database's points): bucketed by
    // category, stable, and sorted group by group.
    std::sort(categories.begin(), categories.end(), [](const Category& a, const Category& b) { return a.id < b.id; });
    if (!m_flowSegments.empty() || categories.size() > 1) {
        FlowPoints bucketed(m_flowPointsInSegments + m_flowPoints.size());
        std::vector<std::size_t> next;
        std::size_t at = 0;
        for (const Category& c : categories) {
            next.push_back(at);
            at += c.points;
        }
        auto put = [&](const FlowPoints& pts) {
            for (const FlowPoint& p : pts) {
                const auto c = std::lower_bound(categories.begin(), categories.end(), p.category.value,
                    [](const Category& c, std::uint32_t id) { return c.id < id; });
                bucketed[next[std::size_t(c - categories.begin())]++] = p;
            }
        };
        for (FlowPoints& segment : m_flowSegments) {
            put(segment);
            FlowPoints().swap(segment);
        }
        put(m_flowPoints);
        m_flowSegments.clear();
        m_flowPointsInSegments = 0;
        m_flowPoints.swap(bucketed);
    }
    auto begin = m_flowPoints.begin();
    for (const Category& c : categories) {
        const auto end = begin + std::ptrdiff_t(c.points);
        for (auto g = begin; g != end;) {
            // upper_bound by a forward scan: a group is a few points, a
            // binary search over the rest of the category cost log(n) each.
            auto groupEnd = g + 1;
            while (groupEnd != end && !groupLess(*g, *groupEnd))
                ++groupEnd;
            if (!std::is_sorted(g, groupEnd, less))
                std::sort(g, groupEnd, less);
            g = groupEnd;
        }
        begin = end;
    }
}

void TraceBuilder::sortAllFlowPoints(int threads)
{
    // One sort of everything. The arrays of a parallel parse are sorted each
    // where it is (on two threads when there are two) and merged as they
    // are read (forEachFlowGroup): gathering them into one array first cost
    // a second copy of every point in fresh pages, 0.2 s of a 512 MiB
    // trace's 0.45 s of sorting and pairing.
    if (m_flowSegments.empty()) {
        std::sort(m_flowPoints.begin(), m_flowPoints.end(), [](const FlowPoint& a, const FlowPoint& b) {
            return flowPointLess(a, b);
        });
        return;
    }
    const auto sortRun = [this](std::size_t first, std::size_t step) {
        for (std::size_t i = first; i < m_flowSegments.size(); i += step)
            std::sort(m_flowSegments[i].begin(), m_flowSegments[i].end(),
                [](const FlowPoint& a, const FlowPoint& b) { return flowPointLess(a, b); });
    };
    if (threads > 1 && m_flowPointsInSegments >= 100000) {
        std::thread other(sortRun, 0, 2);
        sortRun(1, 2);
        other.join();
    } else {
        sortRun(0, 1);
    }
}

template <class Visit>
void TraceBuilder::forEachFlowGroup(const FlowPoint* from, const FlowPoint* to, Visit&& visit) const
{
    const auto sameGroup = [](const FlowPoint& a, const FlowPoint& b) {
        return a.category == b.category && a.idKey == b.idKey && a.idIsText == b.idIsText;
    };
    // The points of a sorted array whose keys lie in [from, to).
    const auto span = [&](const FlowPoints& pts) {
        const FlowPoint* first = pts.data();
        const FlowPoint* last = pts.data() + pts.size();
        if (from)
            first = std::lower_bound(first, last, *from, flowKeyLess);
        if (to)
            last = std::lower_bound(first, last, *to, flowKeyLess);
        return std::pair { first, last };
    };
    if (m_flowSegments.empty()) { // one sorted array: its groups where they are
        const auto [first, last] = span(m_flowPoints);
        for (const FlowPoint *i = first, *j = first; i != last; i = j) {
            for (j = i + 1; j != last && sameGroup(*j, *i);)
                ++j;
            visit(i, std::size_t(j - i));
        }
        return;
    }
    // Sorted segments: merged through a heap of each one's next point, a
    // group gathered at a time.
    std::vector<std::pair<const FlowPoint*, const FlowPoint*>> heap; // (next, end)
    for (const FlowPoints& segment : m_flowSegments)
        if (const auto range = span(segment); range.first != range.second)
            heap.push_back(range);
    const auto later = [](const auto& a, const auto& b) { return flowPointLess(*b.first, *a.first); };
    std::make_heap(heap.begin(), heap.end(), later);
    std::vector<FlowPoint> group;
    while (!heap.empty()) {
        std::pop_heap(heap.begin(), heap.end(), later);
        auto& top = heap.back();
        if (!group.empty() && !sameGroup(group.front(), *top.first)) {
            visit(group.data(), group.size());
            group.clear();
        }
        group.push_back(*top.first);
        if (++top.first == top.second)
            heap.pop_back();
        else
            std::push_heap(heap.begin(), heap.end(), later);
    }
    if (!group.empty())
        visit(group.data(), group.size());
}

namespace {

// What pairing one range of groups counted (summed over the ranges after).
struct FlowTally
{
    std::size_t written = 0;
    qint64 endsWithoutStart = 0;
    qint64 startsWithoutEnd = 0;
    qint64 outsideWindow = 0;
    std::map<StringId, qint64> perCategory;
};

// Resizes the listed columns (value-initialising them touches their pages:
// on a big trace that first touch is the larger part of pairing, so two
// threads each take some of the columns).
template <class... Column>
void resizeColumns(std::size_t n, Column&... column)
{
    (column.resize(n), ...);
}

} // namespace

void TraceBuilder::pairFlows(int threads,
    const std::vector<std::vector<std::uint32_t>>& threadRemap, const std::vector<std::uint32_t>& processRemap)
{
    // Group points by (category, id); within a group order by time, starts
    // before steps before finishes at equal times. A finish (or step) pairs
    // with the latest start at or before it, else the first start of the
    // group (device clocks can run slightly ahead of the host's); one start
    // can feed several finishes.
    //
    // On two threads the groups are split at a key near the median: each
    // thread pairs its half and writes its flows in place, the upper half
    // at the offset of the lower half's count of finishes and steps (each
    // pairs into at most one flow). The unused gap between them (ends
    // without a start, ends outside the step window) is closed after.
    // Pairing was a quarter of a big trace's parse on two threads, and
    // writing the second half into its own columns and copying them after
    // cost most of what the second thread saved.
    FlowColumns& f = m_data.flows;
    const std::size_t base = f.size();
    const std::size_t points = m_flowPointsInSegments + m_flowPoints.size();
    bool split = threads > 1 && points >= 100000;
    std::vector<const FlowPoints*> arrays;
    for (const FlowPoints& segment : m_flowSegments)
        arrays.push_back(&segment);
    arrays.push_back(&m_flowPoints);
    FlowPoint splitKey {};
    if (split) {
        // Every array is sorted: an evenly spaced sample of all points, and
        // its middle key.
        std::vector<FlowPoint> sample;
        const std::size_t stride = std::max<std::size_t>(1, points / 4096);
        for (const FlowPoints* pts : arrays)
            for (std::size_t i = stride / 2; i < pts->size(); i += stride)
                sample.push_back((*pts)[i]);
        // (No sample: the points lie in arrays each shorter than half the
        // stride, a huge trace's many chunks with a few flows each.)
        split = !sample.empty();
        if (split) {
            std::nth_element(
                sample.begin(), sample.begin() + std::ptrdiff_t(sample.size() / 2), sample.end(), flowKeyLess);
            splitKey = sample[sample.size() / 2];
        }
    }
    // Finishes and steps below the split key, and in all.
    std::size_t lowerEnds = 0, ends = 0;
    for (const FlowPoints* pts : arrays) {
        const auto mid = split ? std::lower_bound(pts->begin(), pts->end(), splitKey, flowKeyLess) : pts->end();
        const auto isEnd = [](const FlowPoint& p) { return p.phase != FlowPhase::Start; };
        const auto below = std::size_t(std::count_if(pts->begin(), mid, isEnd));
        lowerEnds += below;
        ends += below + std::size_t(std::count_if(mid, pts->end(), isEnd));
    }
    // Parents per thread for the enclosing-slice search.
    std::vector<std::vector<std::vector<std::int32_t>>> parents(m_data.processes.size());
    for (std::size_t p = 0; p < m_data.processes.size(); ++p)
        parents[p].resize(m_data.processes[p].threads.size());
    // Half the threads' parents (by slices) and half the columns' pages for
    // each thread.
    const auto prepare = [&](int part, int parts) {
        std::size_t slices = 0, total = 0;
        for (const auto& process : m_data.processes)
            for (const auto& t : process.threads)
                total += t.slices.size();
        for (std::size_t p = 0; p < m_data.processes.size(); ++p)
            for (std::size_t t = 0; t < m_data.processes[p].threads.size(); ++t) {
                const auto& thread = m_data.processes[p].threads[t];
                // The part in which the thread's first slice falls.
                const std::size_t owner = std::min(std::size_t(parts - 1), slices * std::size_t(parts) / std::max<std::size_t>(total, 1));
                if (owner == std::size_t(part))
                    parents[p][t] = parentIndexes(thread.slices);
                slices += thread.slices.size();
            }
        const std::size_t n = base + ends;
        if (parts == 1)
            f.resize(n);
        else if (part == 0)
            resizeColumns(n, f.category, f.role, f.name, f.idText, f.fromProcess, f.fromThread, f.toProcess,
                f.toThread, f.toSlice);
        else
            resizeColumns(n, f.id, f.fromNs, f.toNs, f.fromSlice);
    };

    const auto pairRange = [&](const FlowPoint* lowKey, const FlowPoint* highKey, std::size_t at) {
        FlowTally tally;
        std::unordered_map<std::uint32_t, FlowRole> roles = m_flowRoles;
        auto roleOf = [&](StringId category) {
            auto [it, inserted] = roles.try_emplace(category.value, FlowRole::Other);
            if (inserted)
                it->second = flowRoleFromCategory(m_data.strings.view(category));
            return it->second;
        };
        // Where each thread's last search ended.
        std::vector<std::vector<std::size_t>> hints(m_data.processes.size());
        for (std::size_t p = 0; p < m_data.processes.size(); ++p)
            hints[p].assign(m_data.processes[p].threads.size(), 0);
        auto bind = [&](const FlowPoint& fp, std::uint32_t& proc, std::uint32_t& thr) {
            proc = processRemap[fp.process];
            thr = threadRemap[fp.process][fp.thread];
            return bindSlice(
                m_data.processes[proc].threads[thr], fp.tsNs, fp.bindEnclosing, parents[proc][thr], hints[proc][thr]);
        };
        // Per-group scratch, reused: a group is one id (a few points), and
        // allocating three vectors for each was a third of this pass.
        std::vector<const FlowPoint*> heads;
        std::vector<char> taken;
        std::vector<char> claimed; // starts already taken by an earlier finish (clock skew)
        forEachFlowGroup(lowKey, highKey, [&](const FlowPoint* pts, std::size_t j) {
            const std::size_t i = 0;
            // Open chain heads (starts, and steps that continue a chain) in time
            // order. A finish takes the latest head nobody has taken yet, so that
            // duplicated pairs (CANN repeats them across timeline files) pair 1:1;
            // when all are taken it shares the latest one (one start, several finishes).
            heads.clear();
            taken.clear();
            claimed.assign(j - i, 0);
            std::size_t starts = 0, usedStarts = 0;
            // Partial import: a flow wholly outside the window may miss its
            // other end because it was never read (a chunk or a stretch skipped
            // unread); that is not a defect of the file.
            bool groupOutside = m_windowed;
            for (std::size_t k = i; k < j && groupOutside; ++k)
                groupOutside = !keepsTime(pts[k].tsNs);
            qint64& endsWithoutStart = groupOutside ? tally.outsideWindow : tally.endsWithoutStart;
            qint64& startsWithoutEnd = groupOutside ? tally.outsideWindow : tally.startsWithoutEnd;
            for (std::size_t k = i; k < j; ++k) {
                const FlowPoint& p = pts[k];
                if (p.phase == FlowPhase::Start) {
                    heads.push_back(&p);
                    taken.push_back(claimed[k - i]);
                    ++starts;
                    continue;
                }
                // Prefer an untaken start, then an untaken step (a chain), then
                // share the latest head.
                auto latest = [&](bool startsOnly) {
                    for (std::ptrdiff_t q = std::ptrdiff_t(heads.size()) - 1; q >= 0; --q)
                        if (!taken[std::size_t(q)] && (!startsOnly || heads[std::size_t(q)]->phase == FlowPhase::Start))
                            return q;
                    return std::ptrdiff_t(-1);
                };
                std::ptrdiff_t h = latest(true);
                if (h < 0)
                    h = latest(false);
                if (h < 0)
                    h = std::ptrdiff_t(heads.size()) - 1;
                const FlowPoint* from = h >= 0 ? heads[std::size_t(h)] : nullptr;
                if (!from) {
                    // A finish stamped before its start (the device clock runs a
                    // little ahead of the host's): take the next unclaimed start.
                    for (std::size_t q = k + 1; q < j && !from; ++q)
                        if (pts[q].phase == FlowPhase::Start && !claimed[q - i]) {
                            from = &pts[q];
                            claimed[q - i] = 1;
                            ++usedStarts;
                        }
                } else if (!taken[std::size_t(h)]) {
                    taken[std::size_t(h)] = 1;
                    if (from->phase == FlowPhase::Start)
                        ++usedStarts;
                }
                if (!from) {
                    ++endsWithoutStart;
                    continue;
                }
                if (!keepsTime(from->tsNs) || !keepsTime(p.tsNs)) {
                    ++tally.outsideWindow; // paired, but an end lies outside the step window
                    if (p.phase == FlowPhase::Step) {
                        heads.push_back(&p);
                        taken.push_back(0);
                    }
                    continue;
                }
                const std::size_t out = at + tally.written++;
                f.fromSlice[out] = bind(*from, f.fromProcess[out], f.fromThread[out]);
                f.toSlice[out] = bind(p, f.toProcess[out], f.toThread[out]);
                f.category[out] = p.category;
                f.role[out] = roleOf(p.category);
                f.name[out] = from->name.isValid() ? from->name : p.name;
                f.id[out] = p.idIsText ? 0 : p.idKey;
                f.idText[out] = p.idText();
                f.fromNs[out] = from->tsNs;
                f.toNs[out] = p.tsNs;
                ++tally.perCategory[p.category];
                if (p.phase == FlowPhase::Step) { // a step continues the chain
                    heads.push_back(&p);
                    taken.push_back(0);
                }
            }
            startsWithoutEnd += qint64(starts - usedStarts);
        });
        return tally;
    };

    std::vector<FlowTally> tallies;
    if (split) {
        FlowTally upper;
        std::barrier prepared(2);
        std::thread other([&] {
            prepare(1, 2);
            prepared.arrive_and_wait();
            upper = pairRange(&splitKey, nullptr, base + lowerEnds);
        });
        prepare(0, 2);
        prepared.arrive_and_wait();
        tallies.push_back(pairRange(nullptr, &splitKey, base));
        other.join();
        tallies.push_back(std::move(upper));
        // Close the gap after the lower half's flows.
        const std::size_t gapStart = base + tallies[0].written;
        const std::size_t upperStart = base + lowerEnds;
        const std::size_t upperEnd = upperStart + tallies[1].written;
        if (gapStart != upperStart) {
            const auto close = [&](auto&... column) {
                ((void)std::copy(column.begin() + std::ptrdiff_t(upperStart), column.begin() + std::ptrdiff_t(upperEnd),
                     column.begin() + std::ptrdiff_t(gapStart)),
                    ...);
            };
            f.withColumns(close);
        }
    } else {
        prepare(0, 1);
        tallies.push_back(pairRange(nullptr, nullptr, base));
    }
    std::size_t written = 0;
    std::map<StringId, qint64> perCategory;
    for (const FlowTally& t : tallies) {
        written += t.written;
        m_data.stats.flowEndsWithoutStart += t.endsWithoutStart;
        m_data.stats.flowStartsWithoutEnd += t.startsWithoutEnd;
        m_data.stats.outsideWindow += t.outsideWindow;
        for (const auto& [cat, n] : t.perCategory)
            perCategory[cat] += n;
    }
    f.resize(base + written);
    for (const auto& [cat, n] : perCategory)
        m_data.stats.flowsByCategory.emplace_back(cat.isValid() ? m_data.strings.string(cat) : QString(), n);
    FlowPoints().swap(m_flowPoints);
    std::vector<FlowPoints>().swap(m_flowSegments);
    m_flowPointsInSegments = 0;
}

} // namespace profscope
