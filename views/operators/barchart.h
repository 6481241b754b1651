// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "model/types.h"

#include <QColor>
#include <QList>
#include <QString>

#include "common/vectorplot.h"

namespace profscope {

// "1.95 ms", "123.4 us", "2.31 s": a duration with a unit that fits it.
QString formatDurationText(TimeNs ns);

struct BarItem
{
    QString label; // category, on the key axis
    TimeNs valueNs = 0; // may be negative (deltas)
    QString valueText; // written at the end of the bar: "1.95 ms · 22.0%"
    QColor color; // invalid: the chart's default colour
};

// Horizontal bars, biggest first from the top, with the value written at the
// end of every bar and the time axis in us or ms depending on the values.
// Negative values grow to the left of a zero line (deltas).
class HorizontalBarChart : public VectorPlot
{
    Q_OBJECT
public:
    explicit HorizontalBarChart(QWidget* parent = nullptr);

    void setTitle(const QString& title);
    void setValueAxisTitle(const QString& title); // the unit is appended: "Time (ms)"
    // Shown across the plot when there are no bars.
    void setNoBarsText(const QString& text);
    void setBars(const QList<BarItem>& bars);
    const QList<BarItem>& bars() const
    {
        return m_bars;
    }
    QString title() const;
    const QList<QCPItemText*>& valueLabels() const // for tests
    {
        return m_labels;
    }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    void fitValueRange();
    int categoryLabelWidth() const;
    void setCategoryTicks(); // the bars' names on the key axis, elided to categoryLabelWidth()

    QCPTextElement* m_title;
    QString m_valueAxisTitle;
    QString m_noBarsText;
    QList<BarItem> m_bars;
    QList<QCPItemText*> m_labels;
    double m_scale = 1000.0; // ns per axis unit
};

} // namespace profscope
