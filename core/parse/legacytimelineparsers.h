// SPDX-License-Identifier: Apache-2.0
#pragma once

// Parsers of the old MindInsight-era files that come with the timeline and
// the op compute time reports: min_cycle_counter, step_trace_point_info,
// timeline_summary, output_timeline_data, output_op_compute_time(_detail).
// Same contract as tableparsers.h: false only when nothing usable was read,
// the report says what and where.

#include "../model/importreport.h"
#include "../model/legacy.h"

#include <QString>

#include <vector>

namespace profscope {

// min_cycle_counter_{rank}.txt: one number, the device counter (ticks) at
// the timeline's time 0, written as a float ("43806841592.0"). "inf" (no
// counter was seen) leaves `ticks` at -1 with a warning, as MindInsight then
// treats it as absent.
bool parseMinCycleCounter(const QString& path, qint64& ticks, FileReport& report);
// step_trace_point_info.json: {"fp_start": "<op>", "bp_end": "<op>"}.
bool parseStepTracePointInfo(const QString& path, LegacyStepTracePoints& out, FileReport& report);
// (ascend_|gpu_)timeline_summary_{rank}.json.
bool parseTimelineSummary(const QString& path, LegacyTimelineSummary& out, FileReport& report);
// output_timeline_data_{rank}.txt: "op_name, stream_id, start_time(ms), duration(ms)".
bool parseOutputTimelineData(const QString& path, std::vector<LegacyTimelineOp>& out, FileReport& report);
// output_op_compute_time_{rank}.txt into out.ops / out.totalTimeMs.
bool parseOpComputeTime(const QString& path, LegacyOpComputeTimes& out, FileReport& report);
// output_op_compute_time_detail_{rank}.txt into out.types / out.details.
bool parseOpComputeTimeDetail(const QString& path, LegacyOpComputeTimes& out, FileReport& report);
// output_data_preprocess_aicpu_{rank}.txt: "serial_number node_type_name
// total_time(ms) dispatch_time(ms) [execution_time(ms)] run_start run_end",
// whitespace-separated, ending with "AI CPU Total Time(ms): ...".
bool parseAicpuPreprocess(const QString& path, std::vector<AicpuOpRow>& out, FileReport& report);

} // namespace profscope
