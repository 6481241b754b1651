// SPDX-License-Identifier: Apache-2.0
// The msprof system tables of a generated profiler DB: the interconnect and
// memory bandwidth samples (QOS, DDR, PCIE, HCCS, NIC) and GE's operator
// memory events (NPU_OP_MEM), derived from the simulated rank's busy times so
// that the counters rise with its kernels and collectives. Deterministic: the
// same rank gives the same rows. Internal to core/generate.
#pragma once

#include "../model/types.h"
#include "sqlitefile.h"

#include <QByteArray>

#include <functional>
#include <vector>

namespace profscope::gen {

struct SystemTablesInput
{
    int deviceId = 0;
    qint64 globalTid = 0;
    TimeRange sessionNs;              // the sampled span
    std::vector<TimeRange> computeNs; // kernels, by start
    std::vector<TimeRange> commNs;    // communication ops, by start
    // GE operators whose workspace NPU_OP_MEM records: name and kernel time.
    std::vector<std::pair<QByteArray, TimeRange>> geOps;
};

// Creates and fills QOS, DDR, PCIE, HCCS, NIC and NPU_OP_MEM; strings go
// through `stringId` (STRING_IDS). Rows are not written in time order, as
// msprof does not write them so either.
void writeSystemTables(SqliteFile& db, const SystemTablesInput& in, const std::function<qint64(const QByteArray&)>& stringId);

} // namespace profscope::gen
