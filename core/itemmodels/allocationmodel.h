// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../analysis/memory.h"

#include <QAbstractTableModel>

#include <vector>

namespace profscope {

// Every row of operator_memory.csv as an Allocation, in file order.
std::vector<Allocation> allAllocations(const OperatorMemoryTable& table);

// Operator allocations with their lifetimes. Times are shown in ms relative
// to an origin (the profile start) so that they line up with the memory
// plot's time axis. QtCore only.
class AllocationModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        NameColumn,
        SizeColumn,
        AllocationColumn,
        ReleaseColumn,
        LifetimeColumn,
        LiveAtPeakColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole, // raw numbers for numeric columns, text elsewhere
        AllocationNsRole, // qint64, absolute
        ReleaseNsRole, // qint64, absolute; the capture end when never released
    };

    explicit AllocationModel(QObject* parent = nullptr);

    // captureEndNs stands in for the release of allocations never released;
    // peakNs decides the "live at peak" column (kInvalidTime: no peak).
    void setAllocations(std::vector<Allocation> allocations, TimeNs originNs, TimeNs captureEndNs, TimeNs peakNs);
    const Allocation& allocation(int row) const
    {
        return m_allocations[std::size_t(row)];
    }
    // The release time, or the capture end when never released.
    TimeNs effectiveReleaseNs(int row) const;
    bool liveAtPeak(int row) const;
    TimeNs originNs() const
    {
        return m_originNs;
    }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    double relativeMs(TimeNs ns) const
    {
        return double(ns - m_originNs) / 1e6;
    }

    std::vector<Allocation> m_allocations;
    TimeNs m_originNs = 0;
    TimeNs m_captureEndNs = 0;
    TimeNs m_peakNs = kInvalidTime;
};

} // namespace profscope
