// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "timelinecolors.h"

#include <QList>
#include <QPair>
#include <QSet>
#include <QWidget>

#include <vector>

namespace profscope {

// Under the toolbar (one line, more when narrow): the colour families (click
// one to change its colour), the user's colour rules in effect (click to edit
// them) and every flow category of the ranks shown, the ones switched off
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
    // The legend entries of the rules in effect, as drawn (for tests): text and colour.
    QList<QPair<QString, QColor>> ruleEntries() const;
    QSize sizeHint() const override;

public slots:
    // Opens the colour rule editor (modal); the timeline follows its edits.
    void editColorRules();

signals:
    void colorsChanged();
    void flowToggled(const QString& category, bool on);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Item
    {
        QRect rect;
        int sliceClass = -1; // -1: flow category, -2: reset, -3: rule, -4: edit rules, -5: section title
        QString text;
        QColor color;
        QString toolTip;
    };
    std::vector<Item> layoutFor(int width) const;
    void layoutItems();
    // Rows wrap when the window is narrow: the height follows.
    void updateHeight();

    TimelineColors& m_colors;
    QStringList m_flows;
    QSet<QString> m_enabled;
    std::vector<Item> m_items;
};

} // namespace profscope
