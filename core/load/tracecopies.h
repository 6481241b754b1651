// SPDX-License-Identifier: Apache-2.0
#pragma once

// Trace files whose events another trace file of the rank already holds.
// CANN msprof exports its timeline per iteration N of model M on device D:
// msprof_D_M_N.json is the merged timeline of that iteration, and
// task_time_D_M_N.json, hccl_D_M_N.json and step_trace_D_M_N.json are parts of
// it (the step trace file even holds every iteration, the same bytes in each).
// Reading them all would put every device task and HCCL task on the timeline
// twice and every step ten times.

#include "discovery.h"

#include <QByteArray>
#include <QHash>
#include <QString>

#include <map>
#include <vector>

namespace profscope {

// True when the files at `a` and `b` can be read and hold the same bytes.
bool sameFileContent(const QString& a, const QString& b);

// The trace files of a rank read so far, to find byte-identical copies among
// the next ones. Only files of equal size are compared (a rank with one trace,
// or with traces of different sizes, reads nothing twice), through a digest
// of each, computed once, and then byte by byte.
class TraceCopies
{
public:
    // The earlier file with the same bytes as `file` (`sizeBytes` long), or nullptr.
    const DiscoveredFile* copyOf(const DiscoveredFile& file, qint64 sizeBytes);
    // `file` was read: later copies of it are found.
    void add(const DiscoveredFile& file, qint64 sizeBytes);

private:
    struct Entry
    {
        const DiscoveredFile* file = nullptr;
        QByteArray digest; // empty until a file of the same size comes
    };
    std::map<qint64, std::vector<Entry>> m_bySize;
};

// The CANN merged timelines (msprof_D_M_N.json) among a rank's traces, by path:
// built once per rank, so that a run of thousands of iterations is not searched
// once per part file.
using MergedTimelines = QHash<QString, const DiscoveredFile*>;
MergedTimelines mergedTimelines(const std::vector<const DiscoveredFile*>& traces);

// For a CANN part file (task_time_, hccl_, step_trace_ D_M_N.json) the merged
// msprof_D_M_N.json of the same folder that holds its events, or nullptr.
const DiscoveredFile* mergedTimelineOf(const DiscoveredFile& file, const MergedTimelines& merged);

} // namespace profscope
