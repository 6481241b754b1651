// SPDX-License-Identifier: Apache-2.0
#pragma once

// The timeline of an old MindInsight rank beyond timeline_display_N.json:
// - output_timeline_data_N.txt builds the device op lanes when the display
//   file is missing, and is counted against it when both exist;
// - step_trace_raw_N_detail_time.csv, placed with min_cycle_counter_N.txt,
//   becomes a "Step Trace" lane (Step N, with its Iteration Interval, FP+BP
//   and Tail) and, when the display file lacks them, the reduce / send /
//   receive ops of the step trace on their streams;
// - without timeline_display, the AI CPU op table (aicpu_intermediate or
//   output_data_preprocess_aicpu) adds the AI CPU lane;
// - the lanes get MindInsight's names (the files carry no metadata);
// - timeline_summary_N.json is checked against the loaded timeline.
// Each file's report says what it contributed.

#include "../model/importreport.h"
#include "../model/rank.h"
#include "../parse/tracebuilder.h"

#include <QString>

#include <limits>
#include <vector>

namespace profscope {

// MindInsight's process ids (MindSpore's timeline generator): the device's
// own ops use the device id as pid.
inline constexpr qint64 kLegacyAiCpuPid = 9000;
inline constexpr qint64 kLegacyCommunicationPid = 10000;
inline constexpr qint64 kLegacyHostCpuPid = 11000;
inline constexpr qint64 kLegacyOverlapPid = 12000;
inline constexpr qint64 kLegacyGpuActivityPid = 13000;

// The Step Trace lane's process and slice names. They are data (like op
// names), the same in every language: the step trace page and the tests look
// for them.
inline constexpr const char* kLegacyStepTraceProcess = "Step Trace";
inline constexpr const char* kLegacyStepsThread = "Steps";
inline constexpr const char* kLegacyIterationInterval = "Iteration Interval";
inline constexpr const char* kLegacyFpBp = "FP+BP";
inline constexpr const char* kLegacyTail = "Tail";

class LegacyTimeline
{
public:
    explicit LegacyTimeline(RankData& rank);

    // output_timeline_data_N.txt: parsed now, placed or counted in addTo().
    void readTimelineData(const QString& path, FileReport& report);
    // Adds what the rank's files contribute to the timeline being built.
    // `hasDisplay`: a timeline_display file was parsed into the builder.
    void addTo(TraceBuilder& builder, bool hasDisplay);
    // After the builder finished: lane names, the cross-checks, and the
    // reports of the rank's legacy files (found in `files`).
    void finish(TraceData& trace, std::vector<FileReport>& files);

private:
    RankData& m_rank;
    std::vector<LegacyTimelineOp> m_ops;
    QString m_opsPath;
    bool m_hasDisplay = false;
    bool m_opsPlaced = false;
    static constexpr qint64 kNoPid = std::numeric_limits<qint64>::min();
    qint64 m_stepTracePid = kNoPid;
    bool m_originInferred = false;
    qint64 m_stepsPlaced = 0;
    qint64 m_streamOpsPlaced = 0;
    qint64 m_aicpuPlaced = 0;
    bool m_streamOpsInDisplay = false;
    QString m_stepTraceNote; // why the step trace is not on the timeline
};

// Cross-checks of the rank's table files that need no timeline: the op
// compute time reports against aicore_intermediate and
// output_data_preprocess_aicpu against aicpu_intermediate (filling the
// tables from them when the intermediate files are missing),
// step_trace_point_info and min_cycle_counter. Updates their reports.
void checkLegacyTables(RankData& rank, std::vector<FileReport>& files);

} // namespace profscope
