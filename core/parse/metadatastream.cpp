// SPDX-License-Identifier: Apache-2.0
// profiler_metadata.json straight into the rank's info, without a DOM. Every
// rank's file lists the global ranks of each of its parallel groups, so a
// data-parallel group of N ranks puts N numbers in each of the N files: on a
// generated 1024-rank cluster the DOM of these files (a node per number)
// was a fifth of the whole load. As with the communication files
// (commstream.cpp), the stream takes a file only when it has the exact shape
// readMetadataKeys reads without a warning; otherwise the DOM path reads it.

#include "metadatastream.h"

#include "saxstream.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace profscope::jsonfile {

namespace {

// The distributed_args keys read, in RankInfo's order.
constexpr const char* kSizeKeys[] = { "tensor_model_parallel_size", "pipeline_model_parallel_size",
    "data_parallel_size", "world_size", "rank" };

int sizeKeyOf(const std::string& key)
{
    for (int i = 0; i < int(std::size(kSizeKeys)); ++i)
        if (key == kSizeKeys[i])
            return i;
    return -1;
}

// Levels count the objects open: 1 in the root, 2 in distributed_args or
// parallel_group_info, 3 in a group.
class MetadataStream final : public NestedSax
{
public:
    std::optional<qint64> sizes[std::size(kSizeKeys)];
    bool groupInfoSeen = false;
    std::vector<ParallelGroup> groups;

private:
    enum class Section { None, Args, Groups };

    bool keyRead() override
    {
        // Read twice, the DOM keeps the last: left to it.
        if (m_depth == 1 && m_key == "distributed_args")
            return once(m_argsSeen);
        if (m_depth == 1 && m_key == "parallel_group_info")
            return once(m_groupsSeen);
        return true;
    }
    bool objectStart(int level) override
    {
        if (m_inRanks)
            return false; // a rank that is not a number: the DOM path warns
        if (level == 0)
            return true;
        if (level == 1) {
            if (m_key == "distributed_args")
                m_section = Section::Args;
            else if (m_key == "parallel_group_info")
                m_section = Section::Groups;
            else
                return skipOpened();
            groupInfoSeen = groupInfoSeen || m_section == Section::Groups;
            return true;
        }
        if (level == 2 && m_section == Section::Groups) { // a group
            m_groupKeys.push_back(m_key);
            m_group = ParallelGroup {};
            m_group.groupId = toQString(m_key);
            m_fieldsSeen = 0;
            return true;
        }
        // An object as a value that is read (a size, a group's name or rank)
        // reads differently in the DOM path; global_ranks as an object is
        // ignored there, as is anything else.
        if (level == 3 && m_key == "global_ranks")
            return field(2) && skipOpened();
        return !isReadValue(level) && skipOpened();
    }
    bool objectEnd(int level) override
    {
        if (level == 0) {
            m_complete = !hasRepeats(m_groupKeys);
            return m_complete;
        }
        if (level == 2) {
            groups.push_back(std::move(m_group));
            return true;
        }
        m_section = Section::None; // level 1: the end of distributed_args or parallel_group_info
        return true;
    }
    bool arrayStart() override
    {
        if (m_depth == 3 && m_key == "global_ranks" && !m_inRanks) {
            if (!field(2))
                return false;
            m_inRanks = true;
            return true;
        }
        if (m_inRanks || (m_depth == 1 && m_key == "parallel_group_info") || (m_depth == 2 && m_section == Section::Groups))
            return false; // a rank, the group info or a group that is not what the DOM path reads
        return !isReadValue(m_depth) && skipArray();
    }
    bool arrayEnd() override
    {
        m_inRanks = false;
        return true;
    }
    // A group's global_ranks, a thousand a file on a 1024-rank cluster:
    // taken at once, read as scalarValue reads each.
    bool unsignedValues(const std::uint64_t* values, std::size_t count) override
    {
        if (!m_inRanks)
            return NestedSax::unsignedValues(values, count);
        std::vector<int>& ranks = m_group.globalRanks.edit();
        if (ranks.capacity() < ranks.size() + count) // geometric: runs may come one element at a time
            ranks.reserve(std::max(ranks.size() + count, 2 * ranks.capacity()));
        SaxScalar s { SaxScalar::Kind::Unsigned };
        for (std::size_t i = 0; i < count; ++i) {
            s.u = values[i];
            const auto id = s.toInt();
            if (!id)
                return false; // the DOM path warns
            ranks.push_back(int(*id));
        }
        return true;
    }
    bool scalarValue(const SaxScalar& s) override
    {
        if (m_inRanks) {
            const auto id = s.toInt();
            if (!id)
                return false; // the DOM path warns
            m_group.globalRanks.push_back(int(*id));
            return true;
        }
        switch (m_depth) {
        case 0:
            return false;
        case 1: // parallel_group_info that is not an object: the DOM path warns
            return m_key != "parallel_group_info";
        case 2:
            if (m_section == Section::Groups)
                return false; // a group that is not an object
            if (const int i = sizeKeyOf(m_key); i >= 0 && m_section == Section::Args) {
                if (!once(m_sizeSeen[i]))
                    return false;
                sizes[i] = s.toInt();
            }
            return true;
        default: // a group's field
            if (m_key == "group_name") {
                if (!field(0))
                    return false;
                m_group.groupName = s.toText();
            } else if (m_key == "group_rank") {
                if (!field(1))
                    return false;
                m_group.groupRank = int(s.toInt().value_or(-1));
            } else if (m_key == "global_ranks") {
                return field(2); // not an array: no ranks, as in the DOM path
            }
            return true;
        }
    }

    // Whether the value of m_key at `level` is one the DOM path reads as a
    // scalar (a size of distributed_args, a group's name or rank).
    bool isReadValue(int level) const
    {
        if (level == 2)
            return m_section == Section::Args && sizeKeyOf(m_key) >= 0;
        return level == 3 && (m_key == "group_name" || m_key == "group_rank");
    }
    static bool once(bool& seen)
    {
        if (seen)
            return false;
        seen = true;
        return true;
    }
    bool field(int bit)
    {
        if (m_fieldsSeen & (1 << bit))
            return false;
        m_fieldsSeen |= 1 << bit;
        return true;
    }

    std::vector<std::string> m_groupKeys;
    ParallelGroup m_group;
    Section m_section = Section::None;
    bool m_sizeSeen[std::size(kSizeKeys)] = {};
    int m_fieldsSeen = 0;
    bool m_argsSeen = false;
    bool m_groupsSeen = false;
    bool m_inRanks = false;
};

} // namespace

bool streamProfilerMetadata(JsonFile& file, RankInfo& info, qint64& groups)
{
    MetadataStream stream;
    if (!file.streamFast(stream) || !stream.complete())
        return false;
    int* const targets[] = { &info.tpSize, &info.ppSize, &info.dpSize, &info.worldSize };
    for (std::size_t i = 0; i < std::size(targets); ++i)
        if (stream.sizes[i])
            *targets[i] = int(*stream.sizes[i]);
    if (info.rankId < 0 && stream.sizes[4])
        info.rankId = int(*stream.sizes[4]);
    groups = qint64(stream.groups.size());
    if (stream.groupInfoSeen)
        info.parallelGroups = std::move(stream.groups);
    return true;
}

} // namespace profscope::jsonfile
