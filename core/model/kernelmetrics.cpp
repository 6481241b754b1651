// SPDX-License-Identifier: Apache-2.0
#include "kernelmetrics.h"

#include <algorithm>

namespace profscope {

void KernelMetricsStore::resolve() const
{
    std::call_once(m_once, [this] {
        if (!m_source)
            return;
        KernelMetrics read = m_source->read(m_keys);
        const std::size_t rows = m_keys.size();
        // Every column as long as the table, whatever the source gave.
        if (read.columns.size() != std::size_t(read.names.size()))
            read = {};
        for (NumericColumn& c : read.columns)
            if (c.size() != rows)
                c.resize(rows);
        m_metrics = std::move(read);
        m_source.reset();
        m_keys = {};
        m_pending.store(false, std::memory_order_release);
    });
}

const KernelMetrics& KernelMetricsStore::get() const
{
    if (m_pending.load(std::memory_order_acquire))
        resolve();
    return m_metrics;
}

KernelMetrics& KernelMetricsStore::filled()
{
    get();
    return m_metrics;
}

void KernelMetricsStore::defer(std::shared_ptr<const KernelMetricsSource> source, std::vector<qint64> keys)
{
    // Before anything was read only: a store is deferred once, by its importer.
    m_metrics = {};
    m_source = std::move(source);
    m_keys = std::move(keys);
    m_pending.store(m_source != nullptr, std::memory_order_release);
}

void KernelMetricsStore::keepRows(const std::vector<char>& keep)
{
    if (deferred()) {
        if (m_keys.size() != keep.size())
            return;
        std::size_t out = 0;
        for (std::size_t i = 0; i < m_keys.size(); ++i)
            if (keep[i])
                m_keys[out++] = m_keys[i];
        m_keys.resize(out);
        return;
    }
    for (NumericColumn& c : m_metrics.columns)
        c.keepRows(keep);
}

} // namespace profscope
