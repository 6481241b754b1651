// SPDX-License-Identifier: Apache-2.0
#include "stringpool.h"

namespace profscope {

StringPool::StringPool()
{
    m_strings.emplace_back(); // id 0: the empty / invalid string
}

StringId StringPool::intern(std::string_view text)
{
    if (text.empty())
        return {};
    if (auto it = m_index.find(text); it != m_index.end())
        return StringId { it->second };
    const auto id = std::uint32_t(m_strings.size());
    const std::string& stored = m_strings.emplace_back(text);
    m_index.emplace(std::string_view(stored), id);
    m_textBytes += stored.capacity() + 1;
    return StringId { id };
}

StringId StringPool::find(std::string_view text) const
{
    if (auto it = m_index.find(text); it != m_index.end())
        return StringId { it->second };
    return {};
}

std::size_t StringPool::memoryBytes() const
{
    // string objects + text + hash nodes (key, value, next pointer, cached hash)
    return m_strings.size() * sizeof(std::string) + m_textBytes
        + m_index.size() * (sizeof(std::string_view) + 2 * sizeof(void*) + sizeof(std::uint32_t))
        + m_index.bucket_count() * sizeof(void*);
}

} // namespace profscope
