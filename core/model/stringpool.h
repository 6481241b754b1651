// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace profscope {

// A strongly typed index into a StringPool. 0 is "no string", so a default
// constructed id is always safe to look up.
struct StringId
{
    std::uint32_t value = 0;

    constexpr bool isValid() const
    {
        return value != 0;
    }
    friend constexpr bool operator==(StringId, StringId) = default;
    friend constexpr auto operator<=>(StringId, StringId) = default;
};

// Interns UTF-8 strings so that the millions of slices of a trace share a
// handful of names. Not thread-safe while building: each rank is parsed by
// one thread into its own pool, and the finished pool is only read.
class StringPool
{
public:
    StringPool();
    StringPool(const StringPool&) = delete;
    StringPool& operator=(const StringPool&) = delete;
    StringPool(StringPool&&) = default;
    StringPool& operator=(StringPool&&) = default;

    StringId intern(std::string_view text);
    StringId find(std::string_view text) const;

    std::string_view view(StringId id) const
    {
        return id.value < m_strings.size() ? std::string_view(m_strings[id.value]) : std::string_view();
    }
    QString string(StringId id) const
    {
        const auto v = view(id);
        return QString::fromUtf8(v.data(), qsizetype(v.size()));
    }
    std::size_t size() const
    {
        return m_strings.size() - 1;
    }
    // Approximate heap bytes used, for the memory figures of the benchmark.
    std::size_t memoryBytes() const;

    static std::uint64_t hash(std::string_view text);

private:
    void grow();
    std::size_t slotOf(std::string_view text, std::uint64_t hash) const;

    // A deque keeps every std::string at a stable address. The index is an
    // open-addressing table of ids (0 = empty) with the hashes kept beside
    // the strings: interning runs once per trace event, and std::unordered_map's
    // node chasing was the parser's top cost.
    std::deque<std::string> m_strings;
    std::vector<std::uint64_t> m_hashes;
    std::vector<std::uint32_t> m_slots;
    std::size_t m_textBytes = 0;
};

} // namespace profscope
