// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../analysis/operators.h"

#include <QAbstractTableModel>

#include <vector>

namespace profscope {

// The operator statistics of one rank as a table. The columns depend on the
// grouping (a name column only when grouped by name, shapes only by name and
// shape, wait only when the kernels have a wait time) so that what a view
// shows is exactly what a CSV export of it writes. QtCore only.
class OperatorStatModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        NameColumn,
        TypeColumn,
        ShapesColumn,
        CoreColumn,
        CountColumn,
        TotalColumn,
        AvgColumn,
        MinColumn,
        MaxColumn,
        RatioColumn,
        WaitColumn,
    };
    enum Role
    {
        SortRole = Qt::UserRole, // raw numbers (us as double) for numeric columns, text elsewhere
        FilterRole, // name, type, core and shapes in one string (any column)
        CommunicationRole, // bool
    };

    explicit OperatorStatModel(QObject* parent = nullptr);

    void setStatistics(std::vector<OperatorStat> stats, OperatorGrouping grouping, bool hasWait);
    void clear();

    OperatorGrouping grouping() const
    {
        return m_grouping;
    }
    const OperatorStat& stat(int row) const
    {
        return m_stats[std::size_t(row)];
    }
    const std::vector<OperatorStat>& statistics() const
    {
        return m_stats;
    }
    // What a section shows, and the section of a column kind (-1: not shown).
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
    QVariant rawValue(const OperatorStat& s, Column column) const;

    std::vector<OperatorStat> m_stats;
    std::vector<Column> m_columns;
    OperatorGrouping m_grouping = OperatorGrouping::TypeAndCore;
};

// "123.456" for a time in ns shown in us: three decimals keep the ns.
QString formatMicroseconds(TimeNs ns);

} // namespace profscope
