// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <array>
#include <memory>
#include <mutex>

namespace profscope {

// Results of analyses of one loaded (immutable) rank, computed once on first
// use and shared by every caller — the pages, the CLI, the advice engine —
// from any thread. A rank's step overview was computed about 3N times when
// a profile opened (the step list, the cluster step table of each page, the
// advice); now once. The lock is per rank: ranks are computed in parallel.
class AnalysisMemo
{
public:
    enum Slot
    {
        Overview,
        DeviceTasks, // the device tasks and host steps the overview, range statistics, advice and Marey read
        StepTrace, // the step trace page asks for every rank's on each step change (the cluster trajectory)
        SlotCount
    };

    // One lock per slot: a computation may ask for another slot (the
    // overview for the device tasks) without deadlocking.
    template <typename T, typename Compute> std::shared_ptr<const T> get(Slot slot, Compute&& compute) const
    {
        const std::lock_guard<std::mutex> lock(m_mutex[std::size_t(slot)]);
        std::shared_ptr<const void>& value = m_values[std::size_t(slot)];
        if (!value)
            value = std::make_shared<const T>(compute());
        return std::static_pointer_cast<const T>(value);
    }

    // Whether `slot` holds a result (the loader fills the overview).
    bool isComputed(Slot slot) const
    {
        const std::lock_guard<std::mutex> lock(m_mutex[std::size_t(slot)]);
        return m_values[std::size_t(slot)] != nullptr;
    }

    // Forgets every result: only for a rank still being assembled (the
    // loader, when cluster output fills in a rank's step trace after its
    // overview was computed), never once the profile is shared.
    void clear()
    {
        for (std::size_t i = 0; i < SlotCount; ++i) {
            const std::lock_guard<std::mutex> lock(m_mutex[i]);
            m_values[i].reset();
        }
    }

private:
    mutable std::array<std::mutex, SlotCount> m_mutex;
    mutable std::array<std::shared_ptr<const void>, SlotCount> m_values;
};

} // namespace profscope
