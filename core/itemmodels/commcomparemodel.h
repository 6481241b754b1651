// SPDX-License-Identifier: Apache-2.0
#pragma once

// Tables of the Communication page's run comparison: links and collectives,
// base run against comparison run (B), with their deltas. The Δ columns sort
// by magnitude (SortRole = |Δ|): the biggest change first, whichever way.

#include "../analysis/commcompare.h"

#include <QAbstractTableModel>

namespace profscope {

class CommLinkDeltaModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        Link,
        Transport,
        BaseTime,
        OtherTime,
        DeltaTime,
        BaseBandwidth,
        OtherBandwidth,
        DeltaBandwidth,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole,
    };
    using QAbstractTableModel::QAbstractTableModel;

    void setRows(std::vector<CommLinkDelta> rows);
    const std::vector<CommLinkDelta>& rows() const
    {
        return m_rows;
    }
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<CommLinkDelta> m_rows;
};

class CommOpDeltaModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        Op,
        OtherOp,
        DeltaTotal, // the change first: op names are long, the table may scroll
        DeltaPercent,
        BaseCount,
        OtherCount,
        BaseTotal,
        OtherTotal,
        BaseMean,
        OtherMean,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole,
    };
    using QAbstractTableModel::QAbstractTableModel;

    void setRows(std::vector<CommOpDelta> rows);
    const std::vector<CommOpDelta>& rows() const
    {
        return m_rows;
    }
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<CommOpDelta> m_rows;
};

} // namespace profscope
