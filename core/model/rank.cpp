// SPDX-License-Identifier: Apache-2.0
#include "profile.h"
#include "rank.h"

namespace profscope {

QString rankLayoutName(RankLayout layout)
{
    switch (layout) {
    case RankLayout::AscendMs:
        return QStringLiteral("ascend_ms");
    case RankLayout::AscendPt:
        return QStringLiteral("ascend_pt");
    case RankLayout::MindInsightProfiler:
        return QStringLiteral("mindinsight");
    case RankLayout::LegacyClusterRank:
        return QStringLiteral("legacy_cluster");
    case RankLayout::CannMsprof:
        return QStringLiteral("cann_msprof");
    case RankLayout::ClusterSummary:
        return QStringLiteral("msprof_analyze");
    case RankLayout::ProfscopeSummary:
        return QStringLiteral("profscope_summary");
    }
    return {};
}

QString rankIdText(int rankId)
{
    return rankId >= 0 ? QString::number(rankId) : QStringLiteral("?");
}

QString rankText(int rankId, int rankIndex)
{
    if (rankId >= 0)
        return QString::number(rankId);
    return rankIndex >= 0 ? QStringLiteral("#%1").arg(rankIndex) : QStringLiteral("?");
}

const RankData* Profile::findRank(int rankId) const
{
    for (const auto& r : ranks)
        if (r->info.rankId == rankId)
            return r.get();
    return nullptr;
}

} // namespace profscope
