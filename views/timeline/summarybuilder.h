// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "summarytrack.h"
#include "timelinecolors.h"

#include "model/profile.h"
#include "model/trace.h"

#include <QFutureWatcher>
#include <QObject>
#include <QSet>

#include <array>
#include <functional>
#include <vector>

namespace profscope {

// Builds the summary rows of collapsed ranks (SummaryTrack) off the GUI
// thread: 64 stacked ranks of 150 k slices each take about 150 ms to merge,
// which would otherwise be the first frame. While a row is being built the
// renderer draws a placeholder; when the batch is done `finished` hands the
// tracks over on the GUI thread. Everything a job reads is immutable while
// it runs: the profile's slice columns (the job holds the profile) and the
// renderer's colour tables, which are filled before the job starts and only
// cleared after cancelAndWait().
class SummaryBuilder : public QObject
{
    Q_OBJECT
public:
    struct LaneInput
    {
        const SliceColumns* slices = nullptr;
        std::int8_t fixedClass = -1; // the lane's family, -1: per slice name / task type
        const std::vector<std::uint8_t>* classes = nullptr; // per name: family (low nibble), task family (high)
        std::array<const std::vector<QRgb>*, kSliceClassCount> colors {}; // per family: colour per name
    };
    struct Request
    {
        int lane = -1; // the collapsed group lane
        std::vector<int> lanes; // the thread lanes merged
        std::vector<LaneInput> inputs;
    };

    explicit SummaryBuilder(QObject* parent = nullptr);
    ~SummaryBuilder() override;

    // Thread-safe: the depth-0 slices of the inputs merged into one track.
    static SummaryTrack build(const Request& request);

    // Off the GUI thread (default) or at once, for tests and exports that
    // render a single frame.
    void setAsync(bool async)
    {
        m_async = async;
    }
    bool isAsync() const
    {
        return m_async;
    }
    bool isPending(int lane) const
    {
        return m_pending.contains(lane);
    }
    bool isBusy() const
    {
        return m_jobActive;
    }
    // Builds the requests of lanes not pending yet; the profiles (the base
    // run, the comparison run) are kept alive until the job ends.
    void start(std::vector<Request> requests, std::vector<ProfilePtr> profiles);
    // Waits for a running job and drops its results (the inputs are about to change).
    void cancelAndWait();

    std::function<void(std::vector<SummaryTrack>& tracks, const std::vector<int>& lanes)> finished;

private:
    using Result = std::pair<int, SummaryTrack>;
    void launchQueued();

    bool m_async = true;
    QFutureWatcher<Result> m_watcher;
    QSet<int> m_pending;
    std::vector<Request> m_queued; // asked for while a job ran
    std::vector<ProfilePtr> m_queuedProfiles;
    quint64 m_generation = 0;
    quint64 m_jobGeneration = 0;
    // Launched and not handed over yet. Not the watcher's isRunning(): that
    // turns false before the finished signal is delivered, and a job set on
    // the watcher in between would drop the results of the one before.
    bool m_jobActive = false;
};

} // namespace profscope
