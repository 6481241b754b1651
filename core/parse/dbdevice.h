// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <optional>

// The device side of a profiler database (TASK and the *_TASK_INFO tables,
// COMMUNICATION_OP), read once and shared by the timeline and the kernel table.

#include "../model/types.h"
#include "dbcontext.h"

#include <unordered_map>
#include <vector>

namespace profscope {

struct DbComputeInfo;
struct DbCommTaskInfo;

struct DbTaskRow
{
    qint64 rowId = 0;
    TimeNs startNs = 0;
    TimeNs endNs = 0;
    qint64 connectionId = kDbNone32;
    qint64 globalTaskId = 0;
    // The row's COMPUTE_TASK_INFO / COMMUNICATION_TASK_INFO entry (in
    // DbDeviceData's maps), looked up once when the rows are read.
    const DbComputeInfo* compute = nullptr;
    const DbCommTaskInfo* comm = nullptr;
    std::int32_t deviceId = 0;
    std::int32_t streamId = 0;
    std::int32_t taskId = 0;
    std::uint32_t taskType = std::uint32_t(kDbNone32); // STRING_IDS: hardware task type (KERNEL_AIVEC, MEMCPY_ASYNC, ...)
    std::uint32_t contextId = std::uint32_t(kDbNone32);
    std::uint32_t modelId = std::uint32_t(kDbNone32);
};

struct DbComputeInfo
{
    std::uint32_t name = std::uint32_t(kDbNone32);
    std::uint32_t coreType = std::uint32_t(kDbNone32); // COMPUTE_TASK_INFO.taskType: the Accelerator Core
    std::uint32_t opType = std::uint32_t(kDbNone32);
    std::uint32_t opState = std::uint32_t(kDbNone32);
    std::uint32_t inputShapes = std::uint32_t(kDbNone32);
    std::uint32_t inputDataTypes = std::uint32_t(kDbNone32);
    std::uint32_t outputShapes = std::uint32_t(kDbNone32);
    qint64 blockDim = 0; // blockNum in newer schemas
};

struct DbCommTaskInfo
{
    qint64 taskType = kDbNone32; // Notify_Record, Memcpy, ... (the plane slice name)
    qint64 planeId = kDbNone32;
    qint64 groupName = kDbNone32;
    qint64 opId = -1;
    qint64 notifyId = 0;
    qint64 srcRank = kDbNone32;
    qint64 dstRank = kDbNone32;
    qint64 transportType = kDbNone32;
    qint64 size = -1;
    qint64 dataType = kDbNone32;
    qint64 linkType = kDbNone32;
};

struct DbCommOp
{
    qint64 rowId = 0;
    TimeNs startNs = 0;
    TimeNs endNs = 0;
    qint64 opName = kDbNone32;
    qint64 connectionId = kDbNone32;
    qint64 groupName = kDbNone32;
    qint64 opId = -1;
    qint64 dataType = kDbNone32;
    qint64 algType = kDbNone32;
    qint64 opType = kDbNone32;
    double count = 0;
    qint64 deviceId = -1;
};

struct DbDeviceData
{
    // TASK rows without the FFTS+/MIX container rows, ordered by start.
    std::vector<DbTaskRow> tasks;
    qint64 containerRows = 0;
    // COMPUTE_TASK_INFO / COMMUNICATION_TASK_INFO rows as read (the TASK
    // rows point at them): vectors, not a hash node per row.
    std::vector<DbComputeInfo> compute;
    std::vector<DbCommTaskInfo> commTasks;
    std::unordered_map<qint64, qint64> scheduleTaskName;  // COMMUNICATION_SCHEDULE_TASK_INFO: globalTaskId -> name
    std::vector<DbCommOp> commOps;                        // ordered by start
    std::vector<std::pair<QString, TimeRange>> steps;     // STEP_TIME (id, host range) by start; empty without it
};

// Reads the device tables. The container rule (db-format.md 2.6a): a TASK
// row is an FFTS+/MIX parent when it is in neither COMPUTE_TASK_INFO nor
// COMMUNICATION_TASK_INFO while another row with the same (device, stream,
// task id) is; it overlaps its children and is dropped, as torch_npu does.
void loadDeviceData(DbContext& ctx, DbDeviceData& out);

} // namespace profscope

namespace profscope {
struct RankData;
struct KernelTable;

// Connection id -> index in DbDeviceData::steps of the host step holding the
// node-level CANN_API row that launched it (the first row of an id wins):
// what the kernel table's step ranges start from (db-format.md 2.6d).
using DbStepLaunches = std::unordered_map<qint64, int>;
// ENUM_API_TYPE's id of "node" in this file (10000 or 15000).
qint64 dbNodeApiType(DbContext& ctx);
// The host step (index into device.steps) a node-level API row lies in.
std::optional<int> dbStepOfLaunch(const DbDeviceData& device, TimeNs startNs, TimeNs endNs);
// The launches read with a query of their own (no timeline import).
DbStepLaunches readDbStepLaunches(DbContext& ctx, const DbDeviceData& device);
// KernelTable::stepId of every row from its start and the launches.
void assignDbKernelSteps(const DbDeviceData& device, const DbStepLaunches& launches, KernelTable& kernels);

// The timeline of a unified / msprof DB into rank.trace (dbtimeline.cpp).
// With `stepLaunches`, the node-level CANN_API rows' launches are gathered
// in the same pass over CANN_API (the kernel table needs them).
void importDbTimeline(DbContext& ctx, const DbDeviceData& device, RankData& rank,
                      std::optional<TimeRange> windowNs = std::nullopt, DbStepLaunches* stepLaunches = nullptr);
// The kernel table (= kernel_details.csv) with the per-device Wait Time rule.
// `stepsLater`: stepId is left -1 for assignDbKernelSteps with the launches
// the timeline gathers; else they are read here.
void importDbKernels(DbContext& ctx, const DbDeviceData& device, RankData& rank, bool stepsLater = false);
} // namespace profscope
