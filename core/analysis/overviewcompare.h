// SPDX-License-Identifier: Apache-2.0
#pragma once

// The Overview of two runs side by side: per base rank, its step figures,
// those of the comparison rank the mapping pairs it with, and the deltas;
// and the step-time delta explained by category (the deltas of the parts
// the overview stacks add up to the step-time delta, by construction).
// Pure computation on the memoised per-rank overviews, for the GUI page, the
// CLI and reports alike.

#include "../model/profile.h"
#include "overview.h"
#include "runcompare.h"

#include <array>
#include <vector>

namespace profscope {

// The parts of a rank's step time the overview stacks, bottom to top. They
// add up to the step time: (Computing − Overlapped) + Overlapped +
// Communication(Not Overlapped) + Free = the span of the device work, plus
// Preparing before it. (views' BarComponent has the same order.)
enum class OverviewPart
{
    ComputingOnly,
    Overlapped,
    CommunicationOnly,
    Free,
    Preparing
};
inline constexpr int kOverviewPartCount = 5;
using OverviewParts = std::array<TimeNs, kOverviewPartCount>;

// The parts of one step; negative differences (rounding in old data) are
// clamped to 0.
OverviewParts overviewParts(const StepOverview& overview);

// One rank's figures for one step ("" = the mean over its steps).
struct RankStepFigures
{
    bool known = false; // false: no such step on this rank (or no overview at all)
    int steps = 0; // steps averaged (1 for one step)
    OverviewParts partsNs {};
    TimeNs totalNs = 0; // Σ partsNs: the step time
};
RankStepFigures rankStepFigures(const RankData& rank, const QString& step);

struct OverviewCompareRow
{
    int baseRank = -1; // into the base profile's ranks
    int otherRank = -1; // into the comparison profile's ranks; -1 = not mapped
    int baseRankId = -1;
    int otherRankId = -1;
    RankStepFigures base;
    RankStepFigures other;

    bool paired() const
    {
        return base.known && other.known;
    }
    // Comparison − base (positive = the comparison run is slower).
    TimeNs partDeltaNs(OverviewPart part) const
    {
        return other.partsNs[std::size_t(part)] - base.partsNs[std::size_t(part)];
    }
    TimeNs totalDeltaNs() const
    {
        return other.totalNs - base.totalNs;
    }
};

struct OverviewComparison
{
    QString baseStep; // "" = mean over steps
    QString otherStep;
    std::vector<OverviewCompareRow> rows; // one per base rank, in base rank order
    std::vector<int> otherUnmapped; // comparison ranks no base rank is paired with
    // Over the paired rows: Σ of each part and of the step time, per run.
    // The means (Σ / pairedRows) explain the mean step-time delta: the part
    // deltas add up to it exactly.
    int pairedRows = 0;
    OverviewParts basePartSumNs {};
    OverviewParts otherPartSumNs {};
    TimeNs baseTotalSumNs = 0;
    TimeNs otherTotalSumNs = 0;

    double meanBaseTotalNs() const
    {
        return pairedRows > 0 ? double(baseTotalSumNs) / pairedRows : 0.0;
    }
    double meanOtherTotalNs() const
    {
        return pairedRows > 0 ? double(otherTotalSumNs) / pairedRows : 0.0;
    }
    double meanTotalDeltaNs() const
    {
        return meanOtherTotalNs() - meanBaseTotalNs();
    }
    double meanPartDeltaNs(OverviewPart part) const
    {
        const std::size_t p = std::size_t(part);
        return pairedRows > 0 ? double(otherPartSumNs[p] - basePartSumNs[p]) / pairedRows : 0.0;
    }
    // The part that moved the step time most in the direction of its delta
    // (the largest increase when slower, the largest decrease when faster).
    OverviewPart mainPart() const;
};

// `mapping` pairs base rank indexes with comparison rank indexes (a mapping
// of the wrong size is replaced by RankMapping::byRankId). baseStep and
// otherStep: the step of each run ("" = the mean over each rank's steps).
OverviewComparison compareOverviews(const Profile& base, const Profile& other, const RankMapping& mapping,
    const QString& baseStep, const QString& otherStep);

} // namespace profscope
