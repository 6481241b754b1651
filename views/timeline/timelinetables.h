// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "timelinerenderer.h"

#include <QAbstractTableModel>

#include <vector>

namespace profscope {

class TimelineModel;

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
