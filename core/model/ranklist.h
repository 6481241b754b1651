// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace profscope {

// The global ranks of a communication group. Every member of a group lists
// it in its own profiler_metadata.json (and in its summary), so N ranks in
// one group held N copies of an N-long list: quadratic in the ranks (about
// 100 MB at 10,000 ranks in data-parallel groups of 2,500). Equal lists share
// one copy (RankListPool, when a profile loads); a list reads like a const
// vector and is copied first when written while shared.
class RankList
{
public:
    RankList() = default;
    RankList(std::vector<int> ids) // implicit: built as a vector, then kept as a list
        : m_ids(std::make_shared<std::vector<int>>(std::move(ids)))
    {
    }
    RankList(std::initializer_list<int> ids)
        : RankList(std::vector<int>(ids))
    {
    }

    const std::vector<int>& vector() const
    {
        static const std::vector<int> kNone;
        return m_ids ? *m_ids : kNone;
    }
    std::vector<int>::const_iterator begin() const
    {
        return vector().begin();
    }
    std::vector<int>::const_iterator end() const
    {
        return vector().end();
    }
    std::size_t size() const
    {
        return vector().size();
    }
    bool empty() const
    {
        return vector().empty();
    }
    int operator[](std::size_t i) const
    {
        return vector()[i];
    }

    // The list to write: this one's own (copied first when shared).
    std::vector<int>& edit()
    {
        if (!m_ids)
            m_ids = std::make_shared<std::vector<int>>();
        else if (m_ids.use_count() > 1)
            m_ids = std::make_shared<std::vector<int>>(*m_ids);
        return *m_ids;
    }
    void push_back(int id)
    {
        edit().push_back(id);
    }
    // Whether both read one copy (RankListPool made them share it).
    bool sharesWith(const RankList& other) const
    {
        return m_ids && m_ids == other.m_ids;
    }

    friend bool operator==(const RankList& a, const std::vector<int>& b)
    {
        return a.vector() == b;
    }

private:
    friend class RankListPool;
    std::shared_ptr<std::vector<int>> m_ids;
};

// Makes equal rank lists share one copy. Safe to call from the loader's
// threads at once; a list handed in is not written afterwards.
class RankListPool
{
public:
    void share(RankList& list);

private:
    std::mutex m_mutex;
    std::unordered_map<std::uint64_t, std::vector<std::shared_ptr<std::vector<int>>>> m_byHash;
};

} // namespace profscope
