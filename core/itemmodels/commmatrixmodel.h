// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../analysis/cluster.h"
#include "../analysis/communication.h"

#include <QAbstractTableModel>

#include <map>
#include <set>
#include <vector>

namespace profscope {

// A set of ranks shown as one row/column of the heatmap when the cluster is
// too big for one cell per rank: the ranks of one host, or a run of rank ids.
struct RankBlock
{
    QString label; // host name, or "0–7"
    QList<int> ranks; // rank ids, ascending
};

// Σ of the matrix cells from any rank of one block to any rank of another.
struct MatrixBlockCell
{
    int links = 0;
    double sizeMB = 0;
    double timeMs = 0;
    QString transport; // the one transport of every link, or "mixed"
    int slowLinks = 0;

    double bandwidthGBps() const
    {
        return timeMs > 0 ? sizeMB / timeMs : 0;
    }
};

// The communication matrix of a step / op / group, one row per src -> dst
// link (the table the heatmap is drawn from, and its CSV). Slow links come
// from detectSlowLinks() and are marked per link.
class CommMatrixModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        SrcColumn,
        DstColumn,
        TransportColumn,
        SizeColumn,
        TimeColumn,
        BandwidthColumn,
        OpsColumn,
        SlowColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole, // raw numbers for numeric columns
        SrcRankRole,
        DstRankRole,
        SlowRole, // bool
    };

    explicit CommMatrixModel(QObject* parent = nullptr);

    void setProfile(ProfilePtr profile);

    // Both at once: one computation instead of one per call.

    void setProfile(ProfilePtr profile, const MatrixQuery& query);
    void setQuery(const MatrixQuery& query);
    // Links outside the matrix are ignored; the transport average is shown
    // in the tooltips.
    void setSlowLinks(std::vector<SlowLink> slowLinks);

    const ProfilePtr& profile() const
    {
        return m_profile;
    }
    const MatrixQuery& query() const
    {
        return m_query;
    }
    const std::vector<MatrixCell>& cells() const
    {
        static const std::vector<MatrixCell> kNone;
        return m_cells ? *m_cells : kNone;
    }
    // Rank ids on both axes: every src and dst of the matrix, ascending.
    const QList<int>& rankIds() const
    {
        return m_rankIds;
    }
    const MatrixCell* cell(int srcRankId, int dstRankId) const;
    int rowOf(int srcRankId, int dstRankId) const;
    const SlowLink* slowLink(int srcRankId, int dstRankId) const;
    bool isSlow(int srcRankId, int dstRankId) const
    {
        return slowLink(srcRankId, dstRankId) != nullptr;
    }
    // Transports in the matrix, sorted (LOCAL, HCCS, RDMA, ...).
    QStringList transports() const;
    // The host of a rank id when that rank is loaded, else empty.
    QString hostOf(int rankId) const;

    // Blocks over rankIds(): one per host when every rank's host is known
    // and there is more than one host with at most 64 ranks each; otherwise
    // runs of 8, 16, 32, ... ranks, the smallest run giving at most
    // `maxBlocks` blocks.
    std::vector<RankBlock> blocks(int maxBlocks) const;
    MatrixBlockCell blockCell(const RankBlock& src, const RankBlock& dst) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void rebuild();
    std::vector<RankBlock> computeBlocks(int maxBlocks) const;

    ProfilePtr m_profile;
    MatrixQuery m_query;
    mutable std::vector<RankBlock> m_blocks; // blocks(m_blocksFor), until the next rebuild
    mutable int m_blocksFor = -1;
    // The profile's memoized matrix, shared: sorted by (src, dst), so a
    // cell is found by binary search without an index of its own.
    std::shared_ptr<const std::vector<MatrixCell>> m_cells;
    std::vector<SlowLink> m_slowLinks;
    std::map<std::pair<int, int>, std::size_t> m_slowIndex;
    QList<int> m_rankIds;
};

// The matrix entries behind a set of links (one cell, or every link between
// two blocks): one row per op key of communication_matrix.json, so that the
// user sees which ops (size classes and named ops) moved the data.
class CommLinkOpsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        StepColumn,
        SrcColumn,
        DstColumn,
        OpKeyColumn,
        OpNameColumn,
        TransportColumn,
        SizeColumn,
        TimeColumn,
        BandwidthColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole,
        SrcRankRole,
        DstRankRole,
    };

    explicit CommLinkOpsModel(QObject* parent = nullptr);

    // step / groupId empty: all. Empty rank sets clear the table.
    void setLinks(const ProfilePtr& profile, const QString& step, const QString& groupId, const QList<int>& srcRanks,
        const QList<int>& dstRanks);
    void clear();
    const std::vector<CommMatrixLink>& links() const
    {
        return m_links;
    }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<CommMatrixLink> m_links;
};

} // namespace profscope
