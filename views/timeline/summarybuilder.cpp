// SPDX-License-Identifier: Apache-2.0
#include "summarybuilder.h"
#include "model/workpool.h"

#include <QtConcurrent/QtConcurrentMap>

namespace profscope {

namespace {

SliceClass classOf(const std::vector<std::uint8_t>& classes, StringId name, StringId taskType)
{
    if (taskType.isValid() && taskType.value < classes.size()) {
        const int task = classes[taskType.value] >> 4;
        if (task != 15)
            return SliceClass(task);
    }
    return name.value < classes.size() ? SliceClass(classes[name.value] & 0x0f) : SliceClass::Compute;
}

// What the device computes shows over what it communicates, over anything
// else, over the host.
int priorityOf(SliceClass c)
{
    return c == SliceClass::Compute ? 3 : c == SliceClass::Communication ? 2 : c == SliceClass::Host ? 0 : 1;
}

} // namespace

SummaryBuilder::SummaryBuilder(QObject* parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<Result>::finished, this, [this] {
        m_jobActive = false;
        QList<Result> result = m_watcher.future().results();
        const bool current = m_jobGeneration == m_generation;
        for (const auto& [lane, track] : result)
            m_pending.remove(lane);
        if (current && finished) {
            std::vector<SummaryTrack> tracks;
            std::vector<int> lanes;
            for (auto& [lane, track] : result) {
                lanes.push_back(lane);
                tracks.push_back(std::move(track));
            }
            finished(tracks, lanes);
        }
        launchQueued();
    });
}

SummaryBuilder::~SummaryBuilder()
{
    cancelAndWait();
}

SummaryTrack SummaryBuilder::build(const Request& request)
{
    std::vector<SummaryPiece> pieces;
    std::vector<std::size_t> runEnds; // one run per lane: its depth-0 slices in start order
    for (const LaneInput& in : request.inputs) {
        const SliceColumns& s = *in.slices;
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (s.depth[i] != 0)
                continue;
            const SliceClass c = in.fixedClass >= 0
                ? SliceClass(in.fixedClass)
                : classOf(*in.classes, s.name[i], i < s.taskType.size() ? s.taskType[i] : StringId {});
            const std::vector<QRgb>& table = *in.colors[std::size_t(c)];
            const StringId name = s.name[i];
            pieces.push_back({ s.startNs[i], s.startNs[i] + s.durNs[i], priorityOf(c),
                name.value < table.size() ? table[name.value] : table[0] });
        }
        runEnds.push_back(pieces.size());
    }
    SummaryTrack track = buildSummaryTrack(std::move(pieces), runEnds);
    track.lanes = request.lanes;
    return track;
}

void SummaryBuilder::start(std::vector<Request> requests, std::vector<ProfilePtr> profiles)
{
    for (Request& r : requests) {
        if (m_pending.contains(r.lane))
            continue;
        m_pending.insert(r.lane);
        m_queued.push_back(std::move(r));
    }
    m_queuedProfiles = std::move(profiles);
    if (!m_jobActive)
        launchQueued();
}

void SummaryBuilder::launchQueued()
{
    if (m_queued.empty())
        return;
    std::vector<Request> batch;
    batch.swap(m_queued);
    std::vector<ProfilePtr> profiles = std::move(m_queuedProfiles);
    m_jobGeneration = m_generation;
    m_jobActive = true;
    // One task per row: the rows of a batch are built on every core.
    m_watcher.setFuture(QtConcurrent::mapped(workPool(), std::move(batch), [profiles](const Request& r) -> Result {
        return { r.lane, build(r) };
    }));
}

void SummaryBuilder::cancelAndWait()
{
    ++m_generation;
    m_queued.clear();
    m_queuedProfiles.clear();
    m_watcher.waitForFinished();
    m_pending.clear();
    // The finished signal may still be queued: it finds nothing pending
    // and an old generation, and hands nothing over.
    m_jobActive = false;
}

} // namespace profscope
