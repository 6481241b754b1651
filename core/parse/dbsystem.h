// SPDX-License-Identifier: Apache-2.0
#pragma once

// The msprof system tables of a profiler database that the timeline and the
// memory tables take besides the task tables: the interconnect and memory
// bandwidth counters (QOS, DDR, PCIE, HCCS, NIC, ROCE, NETDEV_STATS) and the
// CANN GE operator memory events (NPU_OP_MEM).

#include "dbcontext.h"

#include <cstdint>
#include <functional>

namespace profscope {

class TraceBuilder;
struct RankData;

// The counter processes of one device, one per table (the timeline gives
// each a synthetic pid in its device block).
enum class DbCounterProcess : int { Qos, Ddr, Pcie, Hccs, Nic, Roce, NetDev };

// The builder's process for a device's counter table, named `name` on first use.
using DbCounterProcessFn = std::function<std::uint32_t(qint64 deviceId, DbCounterProcess kind, const char* name)>;

// Counter tracks named and scaled as msprof's trace_view.json / msprof_*.json
// names the same series (bandwidths in MB/s = B/s / 2^20). A table that lacks
// a needed column is skipped with a warning naming it; tables read are counted
// in the report (db-format.md 2.6f: rows are not stored in time order).
void importDbCounterTables(DbContext& ctx, TraceBuilder& builder, const DbCounterProcessFn& process);

// NPU_OP_MEM (allocate / release events of GE's operator memory) paired into
// operator_memory rows, as torch_npu pairs them into OP_MEMORY: by (operator,
// addr, device), in time order. Only for a file without OP_MEMORY rows, which
// already hold the paired GE rows. Sets rank.operatorMemory when it pairs any.
void importDbNpuOpMemory(DbContext& ctx, RankData& rank);

} // namespace profscope
