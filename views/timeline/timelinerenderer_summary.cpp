// SPDX-License-Identifier: Apache-2.0
// TimelineRenderer: what is built off the GUI thread while placeholders are drawn: the summary rows of
// collapsed ranks (SummaryBuilder, drawn per pixel column) and the thread lanes' indexes of large profiles.
#include "timelinerenderer.h"

#include "common/statuscolors.h"
#include "model/workpool.h"

#include <QPainter>
#include <QtConcurrent/QtConcurrentMap>

namespace profscope {

const SummaryTrack* TimelineRenderer::summaryTrack(int lane)
{
    // The thread lanes under the group that are not hidden.
    std::vector<int> lanes;
    std::vector<int> stack { lane };
    while (!stack.empty()) {
        const int l = stack.back();
        stack.pop_back();
        if (m_model.isHidden(l))
            continue;
        const TimelineLane& ll = m_model.lane(l);
        if (ll.isGroup())
            stack.insert(stack.end(), ll.children.rbegin(), ll.children.rend());
        else if (ll.kind == LaneKind::Thread)
            lanes.push_back(l);
    }
    // The profiler's Overlap Analysis lanes and the per-plane communication
    // tasks repeat what the device and communication-op lanes show; left out
    // (unless nothing else is there), idle device time stays visible.
    std::vector<int> own;
    for (int l : lanes) {
        const LaneRole role = m_model.threadTrack(l).role;
        if (role != LaneRole::OverlapAnalysis && role != LaneRole::CommunicationTasks)
            own.push_back(l);
    }
    if (!own.empty())
        lanes.swap(own);
    auto it = m_summaryTracks.find(lane);
    if (it != m_summaryTracks.end() && it->second.lanes == lanes)
        return &it->second;
    // What the job reads, prepared here: the colour tables filled now stay
    // as they are until invalidate() (which waits for the job first).
    SummaryBuilder::Request request;
    request.lane = lane;
    for (int l : lanes) {
        const int rank = m_model.lane(l).rank;
        SummaryBuilder::LaneInput in;
        in.slices = &m_model.threadTrack(l).slices;
        laneClass(l);
        in.fixedClass = m_laneClass[std::size_t(l)];
        in.classes = &nameClasses(rank);
        for (int c = 0; c < kSliceClassCount; ++c)
            in.colors[std::size_t(c)] = &nameColors(rank, SliceClass(c));
        request.inputs.push_back(in);
    }
    request.lanes = std::move(lanes);
    if (!m_summaryBuilder.isAsync()) {
        SummaryTrack track = SummaryBuilder::build(request);
        return &(m_summaryTracks[lane] = std::move(track));
    }
    if (!m_summaryBuilder.isPending(lane))
        m_summaryRequests.push_back(std::move(request));
    return nullptr;
}

void TimelineRenderer::paintSummary(QPainter& p, int lane, const QRect& r, const TimelineViewport& vp)
{
    // The group's lanes merged once (summaryTrack), drawn per pixel column as
    // runs of one colour: at most `width` rects per row.
    const SummaryTrack* built = summaryTrack(lane);
    if (!built) {
        // Being built off the GUI thread: a hatched placeholder until it is there.
        ++m_stats.summariesPending;
        p.fillRect(r, QBrush(mutedTextColor(m_palette), Qt::BDiagPattern));
        return;
    }
    const SummaryTrack& track = *built;
    m_summaryPixels.resize(std::size_t(std::max(0, r.width())));
    rasterizeSummary(track, m_model.toView(m_model.lane(lane).rank, 0), vp.startNs, vp.nsPerPx, m_summaryPixels);
    const int width = int(m_summaryPixels.size());
    for (int x = 0; x < width;) {
        const QRgb c = m_summaryPixels[std::size_t(x)];
        int end = x + 1;
        while (end < width && m_summaryPixels[std::size_t(end)] == c)
            ++end;
        if (c != 0) {
            p.fillRect(QRect(r.left() + x, r.top(), end - x, r.height()), QColor::fromRgb(c));
            ++m_stats.blocks;
        }
        x = end;
    }
}

// ---------------------------------------------------------------------------
// Thread-lane indexes off the GUI thread

bool TimelineRenderer::paintPendingThread(QPainter& p, int lane, const QRect& r)
{
    if (m_indexGeneration != m_model.generation()) {
        // The lanes were rebuilt: requests for the old ones mean nothing (a
        // running job's results are dropped by the model's generation check).
        m_indexGeneration = m_model.generation();
        m_indexRequests.clear();
        m_indexPending.clear();
    }
    if (m_model.hasThreadIndex(lane) || !m_summaryBuilder.isAsync())
        return false; // built, or an export / test frame: built on the spot
    ++m_stats.lanesPending;
    p.fillRect(r, QBrush(mutedTextColor(m_palette), Qt::BDiagPattern));
    if (!m_indexPending.contains(lane)) {
        m_indexPending.insert(lane);
        m_indexRequests.push_back(lane);
    }
    return true;
}

void TimelineRenderer::launchIndexJob()
{
    std::vector<std::pair<int, const SliceColumns*>> batch;
    for (const int lane : m_indexRequests)
        batch.emplace_back(lane, &m_model.threadTrack(lane).slices);
    m_indexRequests.clear();
    m_indexJobGeneration = m_model.generation();
    m_indexJobActive = true;
    // The job reads the profiles' slice columns: it keeps them alive.
    const std::vector<ProfilePtr> keep { m_model.profile(), m_model.comparison().profile };
    m_indexWatcher.setFuture(QtConcurrent::mapped(workPool(), std::move(batch),
        [keep](const std::pair<int, const SliceColumns*>& in) -> IndexResult {
            return { in.first, TimelineModel::makeThreadIndex(*in.second) };
        }));
}

void TimelineRenderer::indexesBuilt()
{
    m_indexJobActive = false;
    const QList<IndexResult> results = m_indexWatcher.future().results();
    for (const auto& [lane, index] : results) {
        m_model.adoptThreadIndex(lane, m_indexJobGeneration, index);
        if (m_indexJobGeneration == m_indexGeneration)
            m_indexPending.remove(lane);
        if (std::size_t(lane) < m_geometry.size())
            m_geometry[std::size_t(lane)] = {};
    }
    if (!m_indexRequests.empty())
        launchIndexJob();
    if (m_summaryReady)
        m_summaryReady();
}

} // namespace profscope
