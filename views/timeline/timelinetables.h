// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "timelinerenderer.h"

#include <QAbstractTableModel>

#include <vector>

namespace profscope {

class TimelineModel;

// Statistics per slice name over a time range: slices of the shown (not
// hidden) thread lanes that overlap the range, with the time they spend
// inside it (a slice that sticks out counts only its part in the range). The
// profiler's Overlap Analysis lanes are left out: they summarise, not ops.
class RangeStatsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        Name,
        Count,
        Total,
        Average,
        Min,
        Max,
        ColumnCount
    };
    struct Row
    {
        QString name;
        qint64 count = 0;
        TimeNs totalNs = 0;
        TimeNs minNs = 0;
        TimeNs maxNs = 0;
    };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit RangeStatsModel(QObject* parent = nullptr);
    // [startNs, endNs) in view coordinates of `model`.
    void compute(const TimelineModel& model, double startNs, double endNs);
    void clear();
    const std::vector<Row>& rows() const
    {
        return m_rows;
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
    std::vector<Row> m_rows;
    double m_startNs = 0;
    double m_endNs = 0;
    int m_sortColumn = Total;
    Qt::SortOrder m_sortOrder = Qt::DescendingOrder;
};

// Slices whose name contains a text, in time order.
class SearchHitsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        Name,
        Lane,
        Start,
        Duration,
        ColumnCount
    };
    static constexpr int kMaxHits = 200000;

    explicit SearchHitsModel(QObject* parent = nullptr);
    // Searches the shown (not hidden) thread lanes; returns the hit count.
    int search(const TimelineModel& model, const QString& text, Qt::CaseSensitivity cs);
    void clear();
    const std::vector<SliceRef>& hits() const
    {
        return m_hits;
    }
    bool truncated() const
    {
        return m_truncated;
    }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const TimelineModel* m_model = nullptr;
    std::vector<SliceRef> m_hits;
    bool m_truncated = false;
};

} // namespace profscope
