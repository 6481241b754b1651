// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../analysis/cluster.h"
#include "../analysis/communication.h"

#include <QAbstractTableModel>

#include <map>
#include <vector>

namespace profscope {

// Duration analysis of one communication group: one row per rank with the
// time split of its collectives (transit, wait, synchronization, idle), the
// ratios and the bandwidth per transport; slow ranks (detectSlowRanks) marked.
class CommDurationModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        RankColumn,
        HostColumn,
        OpsColumn,
        ElapseColumn,
        TransitColumn,
        WaitColumn,
        SynchronizationColumn,
        IdleColumn,
        WaitRatioColumn,
        SynchronizationRatioColumn,
        SlowColumn,
        FixedColumnCount // then one bandwidth column per transport
    };
    enum Role
    {
        SortRole = Qt::UserRole,
        RankIndexRole,
        RankIdRole,
        SlowRole, // bool
    };

    explicit CommDurationModel(QObject* parent = nullptr);

    // The rows of one profile, step and group, computed off the GUI thread by `compute` and
    // swapped in by `setLoaded` (load() does both at once).
    struct Loaded
    {
        ProfilePtr profile;
        QString groupId;
        std::vector<RankCommunication> rows;
        QStringList transports;
    };
    static Loaded compute(ProfilePtr profile, const QString& stepKey, const QString& groupId);
    void setLoaded(Loaded loaded);
    // groupId empty: every group summed per rank. stepKey: "step50" or empty.
    void load(ProfilePtr profile, const QString& stepKey, const QString& groupId);
    // Only the ranks of the current group count; others are ignored.
    void setSlowRanks(std::vector<SlowRank> slowRanks);

    const std::vector<RankCommunication>& ranks() const
    {
        return m_rows;
    }
    // Transports with traffic, in column order.
    const QStringList& transports() const
    {
        return m_transports;
    }
    const SlowRank* slowRank(int row) const;
    int rowOfRankIndex(int rankIndex) const;
    // Packets per transport and size (MB), summed over the rows.
    std::map<QString, std::map<double, qint64>> packetDistribution() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant value(int row, int column, bool display) const;

    ProfilePtr m_profile;
    QString m_groupId;
    std::vector<RankCommunication> m_rows;
    QStringList m_transports;
    std::vector<SlowRank> m_slowRanks;
    std::map<int, std::size_t> m_slowByRankIndex;
};

// One communication op (a collective or p2p op of communication.json) per
// rank, or per op aggregated over the ranks with min / max / spread.
class CommOpModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Mode
    {
        PerRank,
        Aggregated,
    };
    enum PerRankColumn
    {
        OpColumn,
        StepColumn,
        RankColumn,
        StartColumn,
        ElapseColumn,
        TransitColumn,
        WaitColumn,
        SynchronizationColumn,
        IdleColumn,
        WaitRatioColumn,
        SynchronizationRatioColumn,
        PerRankColumnCount
    };
    enum AggregatedColumn
    {
        AggOpColumn,
        AggStepColumn,
        AggRanksColumn,
        ElapseMinColumn,
        ElapseMaxColumn,
        ElapseSpreadColumn,
        TransitMaxColumn,
        WaitMinColumn,
        WaitMaxColumn,
        SynchronizationMaxColumn,
        SlowestRankColumn,
        AggregatedColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole,
        RankIndexRole, // per rank: the rank; aggregated: the rank with the longest elapse
        StartNsRole,
        EndNsRole,
        OpNameRole,
    };

    // An op of one rank; `record` points into the profile.
    struct Entry
    {
        int rankIndex = -1;
        int rankId = -1;
        const CommOpRecord* record = nullptr;
    };
    struct Aggregate
    {
        QString opName;
        QString step;
        std::vector<std::size_t> entries; // into entries()
        double elapseMinMs = 0, elapseMaxMs = 0;
        double transitMaxMs = 0;
        double waitMinMs = 0, waitMaxMs = 0;
        double synchronizationMaxMs = 0;
        std::size_t longest = 0; // entry with the longest elapse
    };

    explicit CommOpModel(QObject* parent = nullptr);

    // As CommDurationModel: compute off the GUI thread, setLoaded on it.
    struct Loaded
    {
        ProfilePtr profile;
        std::vector<Entry> entries;
        std::vector<Aggregate> aggregates;
    };
    static Loaded compute(ProfilePtr profile, const QString& stepKey, const QString& groupId);
    void setLoaded(Loaded loaded);
    void load(ProfilePtr profile, const QString& stepKey, const QString& groupId);
    void setMode(Mode mode);
    Mode mode() const
    {
        return m_mode;
    }
    const std::vector<Entry>& entries() const
    {
        return m_entries;
    }
    const std::vector<Aggregate>& aggregates() const
    {
        return m_aggregates;
    }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant perRankValue(const Entry& e, int column, bool display) const;
    QVariant aggregatedValue(const Aggregate& a, int column, bool display) const;

    ProfilePtr m_profile;
    Mode m_mode = Aggregated;
    std::vector<Entry> m_entries;
    std::vector<Aggregate> m_aggregates;
};

} // namespace profscope
