// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/overviewcompare.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QPalette>

namespace profscope {

// Colour of a delta: slower (positive) red, faster green, in light and dark
// palettes.
QColor deltaColor(double deltaNs, const QPalette& palette);
// "+12.345" / "−0.500" µs with three decimals (exact ns), as the tables
// write times; empty for a row without a pair.
QString formatDeltaUs(double deltaNs);

// Two runs' overview per base rank: the step time and each part of both runs
// and their deltas (comparison − base), in µs, one row per base rank (also
// those without a partner: their comparison cells are empty).
class OverviewCompareModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        RankColumn,
        OtherRankColumn,
        BaseTotalColumn,
        OtherTotalColumn,
        DeltaTotalColumn,
        DeltaPercentColumn,
        FirstPartColumn, // then per part: base, comparison, delta
        ColumnCount = FirstPartColumn + 3 * kOverviewPartCount
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1, // numbers as numbers; rows without a value last
        BaseRankRole, // index into the base profile's ranks
        OtherRankRole, // index into the comparison profile's ranks, -1 = none
    };

    explicit OverviewCompareModel(QObject* parent = nullptr);

    void setComparison(OverviewComparison comparison);
    const OverviewComparison& comparison() const
    {
        return m_comparison;
    }
    const OverviewCompareRow& row(int r) const
    {
        return m_comparison.rows[std::size_t(r)];
    }
    // The column of `part`'s base / comparison / delta value.
    static int partColumn(OverviewPart part, int which /* 0 base, 1 comparison, 2 delta */)
    {
        return FirstPartColumn + 3 * int(part) + which;
    }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    OverviewComparison m_comparison;
};

// The step-time delta explained by category: per part the mean over the
// paired ranks of the base and comparison runs, the delta and its share of
// the step-time delta; the last row is the step time (the deltas above add
// up to its delta).
class OverviewExplainModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        CategoryColumn,
        BaseColumn,
        OtherColumn,
        DeltaColumn,
        ShareColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1,
        DeltaNsRole, // double
    };
    static constexpr int kTotalRow = kOverviewPartCount;

    explicit OverviewExplainModel(QObject* parent = nullptr);

    void setComparison(const OverviewComparison& comparison);
    double baseNs(int row) const;
    double otherNs(int row) const;
    double deltaNs(int row) const
    {
        return otherNs(row) - baseNs(row);
    }
    int pairedRows() const
    {
        return m_pairedRows;
    }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::array<double, kOverviewPartCount + 1> m_baseNs {};
    std::array<double, kOverviewPartCount + 1> m_otherNs {};
    int m_pairedRows = 0;
};

} // namespace profscope
