// SPDX-License-Identifier: Apache-2.0
#pragma once

// The PMU metric columns of a kernel table (aic_mac_ratio, aiv_time(us), ...).
// kernel_details.csv carries them in its own rows and the text import fills
// them while parsing. A database keeps them in TASK_PMU_INFO, two thirds of
// its rows, which no page, export or analysis needs at load: the database
// import leaves a source and one key per row instead, and the metrics are
// read the first time someone asks for them.

#include "numericcolumn.h"

#include <QStringList>

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

namespace profscope {

struct KernelMetrics
{
    QStringList names;                  // by header, as kernel_details.csv names them
    std::vector<NumericColumn> columns; // columns[m][row], NaN when empty or N/A
};

// Reads the metrics of a kernel table's rows on demand. keys[i] is row i's
// key in the source (a database's globalTaskId; -1: the row has none); the
// result has one value per key in every column. Called at most once per
// table, possibly from any thread, so it must not touch the profile.
class KernelMetricsSource
{
public:
    virtual ~KernelMetricsSource() = default;
    virtual KernelMetrics read(const std::vector<qint64>& keys) const = 0;
};

// One table's metrics: filled by the importer, or deferred to a source and
// read once on first use. The profile is shared read-only between threads
// once loaded, so the deferred read is guarded by std::call_once.
class KernelMetricsStore
{
public:
    // Reads a deferred source on the first call (any thread).
    const KernelMetrics& get() const;
    // For importers and the table cache, while the table is still their
    // own: the metrics to write into (a deferred source is read first).
    KernelMetrics& filled();
    // Leaves the metrics to `source`, row i for keys[i].
    void defer(std::shared_ptr<const KernelMetricsSource> source, std::vector<qint64> keys);
    // True while a deferred source has not been read.
    bool deferred() const
    {
        return m_pending.load(std::memory_order_acquire);
    }
    // The rows of a partial import's cut, in order: on the keys while the
    // read is deferred (so it brings the kept rows only), else on the columns.
    void keepRows(const std::vector<char>& keep);

private:
    void resolve() const;

    mutable std::once_flag m_once;
    mutable std::atomic<bool> m_pending { false };
    mutable KernelMetrics m_metrics;
    mutable std::shared_ptr<const KernelMetricsSource> m_source;
    mutable std::vector<qint64> m_keys;
};

} // namespace profscope
