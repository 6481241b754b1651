// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/profile.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace profscope {

// What one loaded rank holds, counted once when the profile is set.
struct RankSummary
{
    qint64 slices = 0;
    qint64 flows = 0;
    qint64 kernels = 0;
    qint64 steps = 0; // step_trace_time rows, else legacy step trace rows
    qint64 memoryRecords = 0;
    int filesUsed = 0;
    int filesSkipped = 0;
    int filesBroken = 0;
};

RankSummary summarizeRank(const Profile& profile, std::size_t rankIndex);
// summarizeRank of every rank (by rank index), in one pass over the import
// report, memoised on the profile.
std::shared_ptr<const std::vector<RankSummary>> rankSummaries(const Profile& profile);

// True when two ranks share a rank id: several jobs or profiler levels were
// opened together, and labels need more than "rank 0" to be told apart.
bool hasDuplicateRankIds(const Profile& profile);
// The rank folder relative to the opened folder ("text/level1/rank0_ascend_pt"),
// or its name when it is the opened folder itself.
QString rankRelativeFolder(const Profile& profile, std::size_t rankIndex);
// What tells a rank apart from others with the same id: the relative parent
// folder ("text/level1"); empty when rank ids are unique.
QString rankDisambiguation(const Profile& profile, std::size_t rankIndex);

// One row per rank of a profile: identity (rank, device, host, layout,
// level), what was loaded, and how the rank's files fared. QtCore only.
class RankSummaryModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        RankColumn,
        DeviceColumn,
        HostColumn,
        LayoutColumn,
        LevelColumn,
        SlicesColumn,
        FlowsColumn,
        KernelsColumn,
        StepsColumn,
        MemoryRecordsColumn,
        UsedColumn,
        SkippedColumn,
        BrokenColumn,
        FolderColumn,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole, // raw numbers for numeric columns, text elsewhere
        RankIndexRole,           // index into Profile::ranks
        DbOnlyRole,              // bool: only database exports, nothing read
    };

    explicit RankSummaryModel(QObject* parent = nullptr);

    void setProfile(ProfilePtr profile);
    const ProfilePtr& profile() const
    {
        return m_profile;
    }
    const RankSummary& summary(int row) const
    {
        return m_summaries[std::size_t(row)];
    }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static bool isNumericColumn(int column);

private:
    QVariant rawValue(int row, int column) const;

    ProfilePtr m_profile;
    std::vector<RankSummary> m_summaries;
};

} // namespace profscope
