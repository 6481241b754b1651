// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../analysis/apistatistics.h"

#include <QAbstractTableModel>

#include <vector>

namespace profscope {

// api_statistic.csv of one rank, or merged over the ranks (then a Ranks
// column says how many ranks called the API). QtCore only.
class ApiStatModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        TypeColumn,
        NameColumn,
        CountColumn,
        TotalColumn,
        AvgColumn,
        MinColumn,
        MaxColumn,
        VarianceColumn,
        RatioColumn,
        RanksColumn,
    };
    enum Role
    {
        SortRole = Qt::UserRole, // raw numbers (us as double) for numeric columns, text elsewhere
        FilterRole,              // type and name in one string
    };

    explicit ApiStatModel(QObject* parent = nullptr);

    // merged: the statistics are over several ranks (adds the Ranks column).
    void setStatistics(std::vector<ApiStat> stats, bool merged);
    const std::vector<ApiStat>& statistics() const
    {
        return m_stats;
    }
    const ApiStat& stat(int row) const
    {
        return m_stats[std::size_t(row)];
    }
    Column columnKind(int section) const
    {
        return m_columns[std::size_t(section)];
    }
    int section(Column column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant rawValue(const ApiStat& s, Column column) const;

    std::vector<ApiStat> m_stats;
    std::vector<Column> m_columns;
    TimeNs m_totalNs = 0;
};

} // namespace profscope
