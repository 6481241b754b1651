// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QTableView;

namespace profscope {

class ColumnSizer;
class RangeCategoryModel;
class RangeStatsModel;
class TimelineModel;

// The timeline's "Range" tab: what the selected range contains, per name or
// per lane and name, each slice counting only its part inside; below it, the
// device's time in the range by category (adds up to the range).
class RangePanel : public QWidget
{
    Q_OBJECT
public:
    explicit RangePanel(QWidget* parent = nullptr);

    // [startNs, endNs) in view coordinates of `model`; an empty range clears.
    void compute(const TimelineModel& model, double startNs, double endNs);
    void clear();

    RangeStatsModel* stats() const
    {
        return m_stats;
    }
    RangeCategoryModel* categories() const
    {
        return m_categories;
    }
    QTableView* statsView() const
    {
        return m_statsView;
    }

private:
    void exportCsv();

    RangeStatsModel* m_stats = nullptr;
    RangeCategoryModel* m_categories = nullptr;
    QLabel* m_label = nullptr;
    QComboBox* m_grouping = nullptr;
    QTableView* m_statsView = nullptr;
    QTableView* m_categoryView = nullptr;
    ColumnSizer* m_sizer = nullptr;
};

} // namespace profscope
