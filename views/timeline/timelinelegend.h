// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "timelinecolors.h"

#include <QWidget>

#include <vector>

namespace profscope {

// One line under the toolbar: the colour families (click one to change its
// colour) and the flow categories switched on.
class TimelineLegend : public QWidget
{
    Q_OBJECT
public:
    TimelineLegend(TimelineColors& colors, QWidget* parent = nullptr);
    void setFlowCategories(const QStringList& categories);
    QSize sizeHint() const override;

signals:
    void colorsChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    void layoutItems();
    struct Item
    {
        QRect rect;
        int sliceClass = -1; // -1: flow category, -2: reset
        QString text;
        QColor color;
    };
    TimelineColors& m_colors;
    QStringList m_flows;
    std::vector<Item> m_items;
};

} // namespace profscope
