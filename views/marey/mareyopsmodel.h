// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/marey.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace profscope {

// The ops of a Marey chart in a time window, one row each: name, kind,
// stage, how many devices ran it, start and duration spread over the
// devices, the slowest rank; with at most kPerDeviceColumnsUpTo devices also
// every device's start and end. Times in ms from the start of the data.
class MareyOpsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        Name,
        Kind,
        Stage,
        Occurrence,
        Merged,
        Devices,
        StartMinMs,
        StartMaxMs,
        DurationMinUs,
        DurationAvgUs,
        DurationMaxUs,
        SlowestRank,
        FixedColumnCount
    };
    static constexpr int kPerDeviceColumnsUpTo = 16;

    explicit MareyOpsModel(QObject* parent = nullptr);

    // Ops of `data` that intersect `window` (aligned ns; empty = all).
    void setData(std::shared_ptr<const MareyData> data, TimeRange window = {});
    int opIndex(int row) const; // into MareyData::ops

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    bool perDevice() const;
    struct Summary
    {
        int present = 0;
        TimeNs startMin = 0, startMax = 0, durMin = 0, durMax = 0;
        double durAvg = 0;
        int slowestRank = -1;
    };
    std::shared_ptr<const MareyData> m_data;
    std::vector<int> m_ops;
    std::vector<Summary> m_summary;
};

} // namespace profscope
