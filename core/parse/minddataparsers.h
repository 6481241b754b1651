// SPDX-License-Identifier: Apache-2.0
#pragma once

// Parsers of the MindData (dataset pipeline) profiling files: the raw
// pipeline tree, the MindSpore summary, dataset.csv, the host-queue traces,
// the chip GetNext queue and the CPU sampler. Same contract as
// tableparsers.h: every problem is in the report, naming the file and the
// line or byte; what was read before a problem is kept.

#include "../model/importreport.h"
#include "../model/minddata.h"

#include <QString>

namespace profscope {

bool parsePipelineProfiling(const QString& path, PipelineJson& out, FileReport& report);
bool parsePipelineSummary(const QString& path, PipelineSummary& out, FileReport& report);
bool parseDatasetCsv(const QString& path, std::vector<DatasetStageRow>& out, FileReport& report);
bool parseQueueTrace(const QString& path, QueueTrace& out, FileReport& report);
bool parseMinddataAicpu(const QString& path, std::vector<GetNextRecord>& out, FileReport& report);
// minddata_getnext_profiling_{rank}.txt, the GPU twin: "GetNext start end
// queue_size" with the times in ns (stored in µs, rounded).
bool parseMinddataGetNextGpu(const QString& path, std::vector<GetNextRecord>& out, FileReport& report);
bool parseCpuUtilization(const QString& path, CpuUtilization& out, FileReport& report);

} // namespace profscope
