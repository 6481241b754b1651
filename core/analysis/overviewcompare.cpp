// SPDX-License-Identifier: Apache-2.0
#include "overviewcompare.h"

#include <algorithm>
#include <cmath>

namespace profscope {

namespace {

TimeNs column(const StepOverview& o, StepTraceRow::Column c)
{
    const TimeNs v = o.value(c);
    return v != kInvalidTime ? v : 0;
}

} // namespace

OverviewParts overviewParts(const StepOverview& overview)
{
    const TimeNs computing = column(overview, StepTraceRow::Computing);
    const TimeNs overlapped = column(overview, StepTraceRow::Overlapped);
    OverviewParts parts {};
    parts[std::size_t(OverviewPart::ComputingOnly)] = std::max<TimeNs>(0, computing - overlapped);
    parts[std::size_t(OverviewPart::Overlapped)] = std::max<TimeNs>(0, overlapped);
    parts[std::size_t(OverviewPart::CommunicationOnly)] =
        std::max<TimeNs>(0, column(overview, StepTraceRow::CommunicationNotOverlapped));
    parts[std::size_t(OverviewPart::Free)] = std::max<TimeNs>(0, column(overview, StepTraceRow::Free));
    parts[std::size_t(OverviewPart::Preparing)] = std::max<TimeNs>(0, column(overview, StepTraceRow::Preparing));
    return parts;
}

RankStepFigures rankStepFigures(const RankData& rank, const QString& step)
{
    RankStepFigures figures;
    OverviewParts sum {};
    for (const StepOverview& s : rankOverview(rank)->steps) {
        if (!step.isEmpty() && s.step != step)
            continue;
        const OverviewParts parts = overviewParts(s);
        for (std::size_t p = 0; p < parts.size(); ++p)
            sum[p] += parts[p];
        ++figures.steps;
    }
    if (figures.steps == 0)
        return figures;
    figures.known = true;
    // The mean of each part, rounded to the ns; the step time is their sum
    // so that bars, table and explanation agree to the ns.
    for (std::size_t p = 0; p < sum.size(); ++p) {
        figures.partsNs[p] = TimeNs(std::llround(double(sum[p]) / figures.steps));
        figures.totalNs += figures.partsNs[p];
    }
    return figures;
}

OverviewPart OverviewComparison::mainPart() const
{
    const double total = meanTotalDeltaNs();
    int best = 0;
    double bestValue = 0;
    for (int p = 0; p < kOverviewPartCount; ++p) {
        const double d = meanPartDeltaNs(OverviewPart(p));
        const double signedValue = total >= 0 ? d : -d;
        if (p == 0 || signedValue > bestValue) {
            best = p;
            bestValue = signedValue;
        }
    }
    return OverviewPart(best);
}

OverviewComparison compareOverviews(const Profile& base, const Profile& other, const RankMapping& mapping,
    const QString& baseStep, const QString& otherStep)
{
    OverviewComparison result;
    result.baseStep = baseStep;
    result.otherStep = otherStep;
    const RankMapping pairs = mapping.validFor(base, other) ? mapping : RankMapping::byRankId(base, other);
    std::vector<bool> otherUsed(other.ranks.size(), false);
    result.rows.reserve(base.ranks.size());
    for (std::size_t i = 0; i < base.ranks.size(); ++i) {
        OverviewCompareRow row;
        row.baseRank = int(i);
        row.baseRankId = base.ranks[i]->info.rankId;
        row.base = rankStepFigures(*base.ranks[i], baseStep);
        const int j = pairs.otherFor(int(i));
        if (j >= 0 && std::size_t(j) < other.ranks.size()) {
            row.otherRank = j;
            row.otherRankId = other.ranks[std::size_t(j)]->info.rankId;
            row.other = rankStepFigures(*other.ranks[std::size_t(j)], otherStep);
            otherUsed[std::size_t(j)] = true;
        }
        if (row.paired()) {
            ++result.pairedRows;
            for (std::size_t p = 0; p < std::size_t(kOverviewPartCount); ++p) {
                result.basePartSumNs[p] += row.base.partsNs[p];
                result.otherPartSumNs[p] += row.other.partsNs[p];
            }
            result.baseTotalSumNs += row.base.totalNs;
            result.otherTotalSumNs += row.other.totalNs;
        }
        result.rows.push_back(std::move(row));
    }
    for (std::size_t j = 0; j < otherUsed.size(); ++j)
        if (!otherUsed[j])
            result.otherUnmapped.push_back(int(j));
    return result;
}

} // namespace profscope
