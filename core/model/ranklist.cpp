// SPDX-License-Identifier: Apache-2.0
#include "ranklist.h"

#include <algorithm>

namespace profscope {

void RankListPool::share(RankList& list)
{
    if (!list.m_ids || list.m_ids->empty())
        return;
    const std::vector<int>& ids = *list.m_ids;
    // FNV-1a over the size and at most 64 evenly spaced ids and the last:
    // hashing every id of every rank's copy would cost as much as reading
    // them. Lists with an equal hash are compared in full before sharing.
    std::uint64_t hash = 14695981039346656037ull ^ ids.size();
    const std::size_t stride = std::max<std::size_t>(1, ids.size() / 64);
    for (std::size_t i = 0; i < ids.size(); i += stride)
        hash = (hash ^ std::uint32_t(ids[i])) * 1099511628211ull;
    hash = (hash ^ std::uint32_t(ids.back())) * 1099511628211ull;
    const std::lock_guard lock(m_mutex);
    auto& candidates = m_byHash[hash];
    for (const auto& known : candidates)
        if (known == list.m_ids || *known == ids) {
            list.m_ids = known;
            return;
        }
    candidates.push_back(list.m_ids);
}

} // namespace profscope
