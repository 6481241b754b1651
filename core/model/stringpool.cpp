// SPDX-License-Identifier: Apache-2.0
#include "stringpool.h"

#include <cstring>

namespace profscope {

StringPool::StringPool()
{
    m_strings.emplace_back(); // id 0: the empty / invalid string
    m_hashes.push_back(0);
    // Small to start: a cluster holds a few pools per rank, most of them a
    // few dozen names (1024 slots were 12 KB a rank of 1024 small ranks,
    // each page of it faulted in); the table doubles as it fills.
    m_slots.assign(64, 0);
}

std::uint64_t StringPool::hash(std::string_view text)
{
    // 8 bytes at a time with a multiply-xorshift mix: fast for the short
    // names of trace events, good enough spread for a power-of-two table.
    std::uint64_t h = 0x9E3779B97F4A7C15ull ^ (text.size() * 0xFF51AFD7ED558CCDull);
    const char* p = text.data();
    std::size_t n = text.size();
    while (n >= 8) {
        std::uint64_t w;
        std::memcpy(&w, p, 8);
        h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 29;
        p += 8;
        n -= 8;
    }
    if (n > 0) {
        std::uint64_t w = 0;
        std::memcpy(&w, p, n);
        h = (h ^ w) * 0x94D049BB133111EBull;
    }
    h ^= h >> 32;
    h *= 0xD6E8FEB86659FD93ull;
    h ^= h >> 32;
    return h;
}

void StringPool::grow()
{
    std::vector<std::uint32_t> table(m_slots.size() * 2, 0);
    const std::size_t mask = table.size() - 1;
    for (std::uint32_t id = 1; id < m_strings.size(); ++id) {
        std::size_t i = m_hashes[id] & mask;
        while (table[i] != 0)
            i = (i + 1) & mask;
        table[i] = id;
    }
    m_slots = std::move(table);
}

std::size_t StringPool::slotOf(std::string_view text, std::uint64_t hash) const
{
    const std::size_t mask = m_slots.size() - 1;
    std::size_t i = hash & mask;
    while (const std::uint32_t id = m_slots[i]) {
        if (m_hashes[id] == hash && m_strings[id] == text)
            return i;
        i = (i + 1) & mask;
    }
    return i; // the empty slot where `text` would go
}

StringId StringPool::intern(std::string_view text)
{
    if (text.empty())
        return {};
    const std::uint64_t h = hash(text);
    const std::size_t slot = slotOf(text, h);
    if (m_slots[slot] != 0)
        return StringId { m_slots[slot] };
    const auto id = std::uint32_t(m_strings.size());
    const std::string& stored = m_strings.emplace_back(text);
    m_hashes.push_back(h);
    m_textBytes += stored.capacity() + 1;
    m_slots[slot] = id;
    if (m_strings.size() * 2 > m_slots.size()) // keep the load under 1/2
        grow();
    return StringId { id };
}

StringId StringPool::find(std::string_view text) const
{
    if (text.empty())
        return {};
    return StringId { m_slots[slotOf(text, hash(text))] };
}

std::size_t StringPool::memoryBytes() const
{
    return m_strings.size() * (sizeof(std::string) + sizeof(std::uint64_t)) + m_textBytes
        + m_slots.size() * sizeof(std::uint32_t);
}

} // namespace profscope
