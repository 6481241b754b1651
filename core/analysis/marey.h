// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/profile.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace profscope {

// The data of a Marey chart (a "train timetable"): the devices stacked
// vertically, each op a polygon joining its start and end on every device
// that ran it. Devices of one pipeline stage run the same program, so an op
// is matched across them by execution order: the k-th op of one name on each
// device of the stage is the same op. Where its polygon leans, one device
// started it late; where it widens, one device ran it slowly; gaps between
// polygons are free (waiting) time.
//
// Device ops are the overview's (see overview.h): compute kernels of the
// Ascend Hardware lanes and HCCL ops of the "Group N Communication" lanes.

struct MareyOptions
{
    QString step; // "50"; empty: every step (and ops outside steps)
    int stage = -1; // index into pipelineStages(profile); -1: every device
    std::vector<int> rankIndexes; // into Profile::ranks; empty: all ranks (the view's rank filter)
    bool alignClocks = true; // add estimateClockAlignment's offsets (ranks on other hosts)
    // Downsampling for big runs: 0 keeps every op. Otherwise each stage keeps
    // at most about maxOps ops: the longest stay as they are, runs of shorter
    // ops of one kind in a row are merged into one op per run, and when that
    // is still too many only the longest are kept (see MareyData::droppedOps).
    int maxOps = 0;
};

struct MareyDevice
{
    int rankIndex = -1; // into Profile::ranks
    int rankId = -1;
    int stage = 0; // index into MareyData::stages
    QString host;
    TimeNs clockOffsetNs = 0; // added to this device's own timestamps
    int opCount = 0; // device ops before downsampling
    // Summary over the selected ops (before downsampling): |∪ compute|, |∪ communication|.
    TimeNs computeNs = 0;
    TimeNs communicationNs = 0;
    // Peak allocated memory in the time window (memory_record.csv); < 0 when unknown.
    double peakMemoryMB = -1;
    // Device capacity (memory_usage_summary); < 0 when no file states it.
    double memoryCapacityMB = -1;
    // flops_summary of the rank (MindSpore profiler/ folders): FLOPs (M) and
    // FLOPS (G/s) of the whole capture; < 0 when absent.
    double flopsM = -1;
    double flopsPerSecondG = -1;
    // The memory curve in the window, aligned times, at most ~512 points.
    std::vector<TimeNs> memoryTsNs;
    std::vector<double> memoryMB;
};

struct MareyStage
{
    int pipelineStage = -1; // index into pipelineStages(profile)
    int firstDevice = 0; // the stage's devices are MareyData::devices[firstDevice, firstDevice + deviceCount)
    int deviceCount = 0;
};

struct MareyOp
{
    enum class Kind
    {
        Compute,
        Communication
    };
    QString name; // for a merged run: the first op's name (see mergedOps)
    Kind kind = Kind::Compute;
    int stage = 0; // index into MareyData::stages: the devices it is matched on
    int occurrence = 0; // k-th op of this name on each device of the stage
    int mergedOps = 1; // > 1: a run of this many short ops merged by downsampling
    // One range per device of the stage (aligned times); missing() where the
    // device did not run it.
    std::vector<TimeRange> ranges;

    static constexpr TimeRange missing()
    {
        return { kInvalidTime, kInvalidTime };
    }
    static bool isMissing(const TimeRange& r)
    {
        return r.startNs == kInvalidTime;
    }
    int presentCount() const;
    TimeRange bounds() const; // earliest start to latest end over the devices
    // The typical device: the median start to the median end over the
    // devices that ran it (lower median of an even count); with bounds(),
    // the envelope a collapsed stage draws, so skew shows as a halo.
    TimeRange medianRange() const;
    TimeNs maxDurationNs() const;
};

struct MareyData
{
    std::vector<MareyDevice> devices; // grouped by stage, by rank id within a stage
    std::vector<MareyStage> stages;
    std::vector<MareyOp> ops; // ordered by earliest start
    TimeRange rangeNs {}; // over every op (aligned times)
    QString step;
    bool clocksAligned = false; // offsets were estimated and applied
    int droppedOps = 0; // ops left out by downsampling (not merged into a run)
    QString note; // why nothing or not everything could be shown

    bool isEmpty() const
    {
        return ops.empty();
    }
    // The op's range on a device (index into devices); missing() when the
    // device is not in the op's stage or did not run it.
    TimeRange range(const MareyOp& op, int device) const;
};

MareyData computeMarey(const Profile& profile, const MareyOptions& options = {});

// The downsampling of MareyOptions::maxOps on already computed data.
void downsampleMarey(MareyData& data, int maxOps);

} // namespace profscope
