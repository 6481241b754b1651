// SPDX-License-Identifier: Apache-2.0
#include "operators.h"

#include "../model/timebounds.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace profscope {

namespace {

// Largest total first (then by key, for a stable order), cut to the query's top N.
void orderAndCut(std::vector<OperatorStat>& out, const OperatorQuery& query)
{
    std::stable_sort(out.begin(), out.end(), [](const OperatorStat& a, const OperatorStat& b) {
        if (a.totalNs != b.totalNs)
            return a.totalNs > b.totalNs;
        return a.key < b.key;
    });
    if (query.topN > 0 && out.size() > std::size_t(query.topN))
        out.resize(std::size_t(query.topN));
}

} // namespace

std::vector<OperatorStat> operatorStatistics(const KernelTable& k, const OperatorQuery& query)
{
    using Key = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>;
    std::map<Key, OperatorStat> groups;
    TimeNs computeTotal = 0, allTotal = 0;
    for (std::size_t i = 0; i < k.size(); ++i) {
        if (query.stepId >= 0 && k.stepId[i] != query.stepId)
            continue;
        const StringId type = k.type[i];
        const StringId core = k.acceleratorCore[i];
        Key key;
        switch (query.grouping) {
        case OperatorGrouping::TypeAndCore:
            key = { type.value, core.value, 0 };
            break;
        case OperatorGrouping::Name:
            key = { k.name[i].value, type.value, 0 };
            break;
        case OperatorGrouping::NameAndShape:
            key = { k.name[i].value, type.value, k.inputShapes[i].value };
            break;
        }
        OperatorStat& s = groups[key];
        const TimeNs dur = k.durNs[i];
        if (s.count == 0) {
            s.type = k.strings.string(type);
            s.core = k.strings.string(core);
            s.key = query.grouping == OperatorGrouping::TypeAndCore ? s.type : k.strings.string(k.name[i]);
            if (query.grouping == OperatorGrouping::NameAndShape)
                s.inputShapes = k.strings.string(k.inputShapes[i]);
            s.communication = k.isCommunication(i);
            s.minNs = dur;
            s.maxNs = dur;
        }
        ++s.count;
        s.totalNs = saturatingAdd(s.totalNs, dur);
        s.minNs = std::min(s.minNs, dur);
        s.maxNs = std::max(s.maxNs, dur);
        if (k.waitNs[i] != kInvalidTime)
            s.waitNs += k.waitNs[i];
        allTotal = saturatingAdd(allTotal, dur);
        if (!s.communication)
            computeTotal += dur;
    }
    std::vector<OperatorStat> out;
    out.reserve(groups.size());
    for (auto& [key, s] : groups) {
        const TimeNs denominator = s.communication ? allTotal : computeTotal;
        s.ratioPercent = denominator > 0 ? 100.0 * double(s.totalNs) / double(denominator) : 0.0;
        out.push_back(std::move(s));
    }
    orderAndCut(out, query);
    return out;
}

bool hasOperatorStatistics(const RankData& rank)
{
    return (rank.kernels && rank.kernels->size() > 0) || !rank.opStatistics.empty();
}

std::vector<OperatorStat> rankOperatorStatistics(const RankData& rank, const OperatorQuery& query, bool* fromSummary)
{
    if (fromSummary)
        *fromSummary = false;
    if (rank.kernels && rank.kernels->size() > 0)
        return operatorStatistics(*rank.kernels, query);
    if (fromSummary)
        *fromSummary = !rank.opStatistics.empty();
    std::vector<OperatorStat> out;
    for (const OpStatisticRow& row : rank.opStatistics) {
        OperatorStat s;
        s.key = row.opType;
        s.type = row.opType;
        s.core = row.coreType;
        s.count = row.count;
        s.totalNs = row.totalNs;
        s.minNs = row.minNs;
        s.maxNs = row.maxNs;
        s.ratioPercent = hasValue(row.ratioPercent) ? row.ratioPercent : 0.0;
        s.communication = isCommunicationKernel(row.opType.toStdString(), row.coreType.toStdString());
        out.push_back(std::move(s));
    }
    orderAndCut(out, query);
    return out;
}

} // namespace profscope
