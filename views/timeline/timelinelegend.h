// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "timelinecolors.h"

#include <QSet>
#include <QWidget>

#include <vector>

namespace profscope {

// One line under the toolbar: the colour families (click one to change its
// colour) and every flow category of the ranks shown, the ones switched off
// greyed (click one to switch it on or off).
class TimelineLegend : public QWidget
{
    Q_OBJECT
public:
    TimelineLegend(TimelineColors& colors, QWidget* parent = nullptr);
    // all: the categories present, in order; enabled: those drawn.
    void setFlowCategories(const QStringList& all, const QSet<QString>& enabled);
    QStringList flowCategories() const
    {
        return m_flows;
    }
    bool isFlowEnabled(const QString& category) const
    {
        return m_enabled.contains(category);
    }
    // Where a category's entry is drawn (for tests); empty when not shown.
    QRect flowRect(const QString& category);
    QSize sizeHint() const override;

signals:
    void colorsChanged();
    void flowToggled(const QString& category, bool on);

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
    QSet<QString> m_enabled;
    std::vector<Item> m_items;
};

} // namespace profscope
