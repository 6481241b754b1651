// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/rangestats.h"

#include <QAbstractTableModel>

#include <vector>

namespace profscope {

class TimelineModel;

// The timeline's range selection as tables (core/analysis/rangestats.h):
// each slice of the shown lanes of every rank shown contributes only its part
// inside the range; per name, or per lane and name. Ranks are merged by name;
// per lane, lanes carry their rank ("Rank 3 · Ascend Hardware / Stream 2").
class RangeStatsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        Name,
        Lane,
        Count,
        Partial,
        Total,
        Average,
        Min,
        Max,
        Share,
        ColumnCount
    };
    enum class Grouping
    {
        ByName,
        ByLane,
    };
    using Row = RangeStatRow;
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit RangeStatsModel(QObject* parent = nullptr);
    // [startNs, endNs) in view coordinates of `model`.
    void compute(const TimelineModel& model, double startNs, double endNs);
    void clear();
    void setGrouping(Grouping grouping);
    Grouping grouping() const
    {
        return m_grouping;
    }
    const std::vector<Row>& rows() const
    {
        return m_grouping == Grouping::ByName ? m_byName : m_byLane;
    }
    // Σ over the ranks shown (each rank's range counts once).
    const RangeOverlapBlock& overlap() const
    {
        return m_overlap;
    }
    qint64 sliceCount() const;
    qint64 partialCount() const;
    int rankCount() const
    {
        return m_rankCount;
    }
    double startNs() const
    {
        return m_startNs;
    }
    double endNs() const
    {
        return m_endNs;
    }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    std::vector<Row>& mutableRows()
    {
        return m_grouping == Grouping::ByName ? m_byName : m_byLane;
    }
    void sortRows(std::vector<Row>& rows) const;

    std::vector<Row> m_byName;
    std::vector<Row> m_byLane;
    RangeOverlapBlock m_overlap;
    Grouping m_grouping = Grouping::ByName;
    int m_rankCount = 0;
    double m_startNs = 0;
    double m_endNs = 0;
    int m_sortColumn = Total;
    Qt::SortOrder m_sortOrder = Qt::DescendingOrder;
};

// The device's time inside the range by category (RangeOverlapBlock): what
// the range is made of, recomputed from the tasks, next to the profiler's own
// Overlap Analysis lanes. Computing + Communication(Not Overlapped) + Free
// add up to the range; Overlapped and Communication are shown below them.
class RangeCategoryModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        Category,
        Recomputed,
        Share,
        ProfilerLanes,
        ColumnCount
    };
    explicit RangeCategoryModel(QObject* parent = nullptr);
    void setBlock(const RangeOverlapBlock& block);
    void clear();
    const RangeOverlapBlock& block() const
    {
        return m_block;
    }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    RangeOverlapBlock m_block;
    bool m_valid = false;
};

} // namespace profscope
