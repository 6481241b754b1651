// SPDX-License-Identifier: Apache-2.0
#pragma once

// Run comparison of communication: the links of the communication matrix
// and the collectives of a rank, base run against comparison run, with their
// deltas. Pure computation on the communication statistics (communication.h),
// for the GUI's Communication page as well as the CLI and the report.

#include "communication.h"

#include <QString>

#include <map>
#include <vector>

namespace profscope {

// One src -> dst link (transport) summed over the groups and the "total" op
// of the step, in both runs.
struct CommLinkDelta
{
    int srcRank = -1; // rank ids of the base run (the comparison's mapped onto them)
    int dstRank = -1;
    QString transport;
    bool inBase = false;
    bool inOther = false;
    double baseSizeMB = 0;
    double baseTimeMs = 0;
    double otherSizeMB = 0;
    double otherTimeMs = 0;

    static double bandwidth(double sizeMB, double timeMs)
    {
        return timeMs > 0 ? sizeMB / timeMs : 0; // MB/ms = GB/s
    }
    double baseBandwidthGBps() const
    {
        return bandwidth(baseSizeMB, baseTimeMs);
    }
    double otherBandwidthGBps() const
    {
        return bandwidth(otherSizeMB, otherTimeMs);
    }
    double deltaTimeMs() const
    {
        return otherTimeMs - baseTimeMs;
    }
    double deltaBandwidthGBps() const
    {
        return otherBandwidthGBps() - baseBandwidthGBps();
    }
};

// otherToBaseRankId: a comparison rank id -> the base rank id it stands for
// (the rank mapping); ids not in it stay as they are. Steps are
// communication.json keys ("step50"), empty = all steps. Sorted by
// |Δ time|, largest first.
std::vector<CommLinkDelta> compareCommLinks(const Profile& base, const QString& baseStepKey, const Profile& other,
    const QString& otherStepKey, const std::map<int, int>& otherToBaseRankId = {});

// One collective of a rank in both runs: its records (one per step) counted
// and summed. Ops pair by name; names carry a per-run id
// ("hcom_allReduce__586_0_1" vs "hcom_allReduce__271_0_1"), so the ones left
// pair by op type in order of their first start.
struct CommOpDelta
{
    QString baseName; // empty: only in the comparison run
    QString otherName; // empty: only in the base run
    QString opType; // "hcom_allReduce"
    bool byName = false; // paired by equal names (else by type and order, or unpaired)
    qint64 baseCount = 0;
    qint64 otherCount = 0;
    double baseTotalMs = 0; // Σ elapse
    double otherTotalMs = 0;

    double baseMeanMs() const
    {
        return baseCount > 0 ? baseTotalMs / double(baseCount) : 0;
    }
    double otherMeanMs() const
    {
        return otherCount > 0 ? otherTotalMs / double(otherCount) : 0;
    }
    double deltaMs() const
    {
        return otherTotalMs - baseTotalMs;
    }
    QString name() const
    {
        return baseName.isEmpty() ? otherName : baseName;
    }
};

// "hcom_allReduce__586_0_1" -> "hcom_allReduce"; a name without the "__"
// id keeps its text before a trailing "_<digits>" run.
QString commOpType(const QString& opName);

// The collectives of two ranks (steps as above), sorted by |Δ total|.
std::vector<CommOpDelta> compareCommOps(
    const RankData& base, const QString& baseStepKey, const RankData& other, const QString& otherStepKey);

} // namespace profscope
