// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/resources.h"

#include <QAbstractTableModel>

#include <vector>

namespace profscope {

// The ops of one rank's flops_{rank}.txt. The columns follow the file's
// header generation (total / cube and vector / with or without
// utilization) so that what is shown is what the file has. QtCore only.
class FlopsOpModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        NameColumn,
        TotalMflopsColumn,
        GflopsColumn,
        UtilizationColumn,
        CubeMflopsColumn,
        CubeGflopsColumn,
        CubeUtilizationColumn,
        VectorMflopsColumn,
        VectorGflopsColumn,
        VectorUtilizationColumn,
    };
    enum Role
    {
        SortRole = Qt::UserRole, // numbers as double, names as text
    };

    explicit FlopsOpModel(QObject* parent = nullptr);

    void setTable(const FlopsTable& table);
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
    double value(const FlopsOpRow& row, Column column) const;

    std::vector<FlopsOpRow> m_ops;
    std::vector<Column> m_columns;
};

} // namespace profscope
