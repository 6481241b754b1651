// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QHash>
#include <QString>

#include <memory>
#include <mutex>

namespace profscope {

// Results of whole-profile analyses (the cluster step table, the advice of a
// step, ...) keyed by analysis and parameters, computed once on first use and
// shared by every page, the CLI and the analysis jobs, from any thread. The
// per-rank counterpart is AnalysisMemo. Two threads asking for the same key
// compute it once: the second waits for the first; different keys compute
// in parallel, and a computation may ask for other keys (never its own).
class ProfileMemo
{
public:
    template <typename T, typename Compute> std::shared_ptr<const T> get(const QString& key, Compute&& compute) const
    {
        std::shared_ptr<Entry> entry;
        {
            const std::lock_guard<std::mutex> lock(m_mapMutex);
            std::shared_ptr<Entry>& slot = m_entries[key];
            if (!slot)
                slot = std::make_shared<Entry>();
            entry = slot;
        }
        const std::lock_guard<std::mutex> lock(entry->mutex);
        if (!entry->value)
            entry->value = std::make_shared<const T>(compute());
        return std::static_pointer_cast<const T>(entry->value);
    }

    // Whether `key` was computed already (for tests and the latency benchmark).
    bool has(const QString& key) const
    {
        const std::lock_guard<std::mutex> lock(m_mapMutex);
        const auto it = m_entries.constFind(key);
        return it != m_entries.cend() && it.value()->value;
    }

private:
    struct Entry
    {
        std::mutex mutex;
        std::shared_ptr<const void> value;
    };
    mutable std::mutex m_mapMutex;
    mutable QHash<QString, std::shared_ptr<Entry>> m_entries;
};

} // namespace profscope
