// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/rank.h"

#include <QString>

#include <vector>

namespace profscope {

// Statistics of device kernels (kernel_details.csv), grouped by op type and
// accelerator core (as op_statistic.csv does) or by op name.
struct OperatorStat
{
    QString key;       // op type, or op name
    QString type;      // op type (also for name grouping)
    QString core;      // accelerator core: AI_CORE, AI_VECTOR_CORE, MIX_AIV, AI_CPU, HCCL, ...
    QString inputShapes; // only for OperatorGrouping::NameAndShape
    qint64 count = 0;
    TimeNs totalNs = 0;
    TimeNs minNs = 0;
    TimeNs maxNs = 0;
    TimeNs waitNs = 0;      // Σ Wait Time, when the file has it
    double ratioPercent = 0; // share of the total compute time (communication ops are left out of the
                             // denominator, as op_statistic.csv does; their own ratio is of all kernels)
    bool communication = false;

    TimeNs avgNs() const
    {
        return count ? totalNs / count : 0;
    }
};

enum class OperatorGrouping { TypeAndCore, Name, NameAndShape };

struct OperatorQuery
{
    OperatorGrouping grouping = OperatorGrouping::TypeAndCore;
    qint32 stepId = -1; // only kernels of this Step Id; -1 for all
    int topN = 0;       // 0: all, sorted by total time descending
};

std::vector<OperatorStat> operatorStatistics(const KernelTable& kernels, const OperatorQuery& query = {});

// A rank without a kernel table (a summary-only copy, a Profscope summary)
// still has per-type statistics: op_statistic.csv or the summary's
// "operators". Whole run, by op type and core only, no wait times.
bool hasOperatorStatistics(const RankData& rank);
// From the kernels when the rank has them, else from those statistics
// (`fromSummary` set; the query's step and grouping cannot apply then).
std::vector<OperatorStat> rankOperatorStatistics(const RankData& rank, const OperatorQuery& query, bool* fromSummary = nullptr);

} // namespace profscope
