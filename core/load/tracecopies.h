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

#include <QString>

#include <vector>

namespace profscope {

// True when the files at `a` and `b` can be read and hold the same bytes.
bool sameFileContent(const QString& a, const QString& b);

// The first of `earlier` with the same size (`sizeBytes`) and the same bytes
// as `file`, or nullptr. Only equal sizes are compared, so a rank with one
// trace, or with traces of different sizes, reads nothing twice.
const DiscoveredFile* identicalEarlierFile(const DiscoveredFile& file, qint64 sizeBytes,
    const std::vector<std::pair<const DiscoveredFile*, qint64>>& earlier);

// For a CANN part file (task_time_, hccl_, step_trace_ D_M_N.json) the merged
// msprof_D_M_N.json among `traces` that holds its events, or nullptr.
const DiscoveredFile* mergedTimelineOf(const DiscoveredFile& file, const std::vector<const DiscoveredFile*>& traces);

} // namespace profscope
