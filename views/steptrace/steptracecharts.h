// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/steptrace.h"
#include "common/vectorplot.h"

#include <QStringList>

#include <utility>
#include <vector>

class QCPTextElement;

namespace profscope {

// The colour of a step stage, like the overview component it resembles: the
// gap like Free, FP+BP like compute, the tail (reduction, update) like
// communication; stream ops in their own hue.
QColor stepStageColor(StepStageKind kind, const QPalette& palette);
// Milliseconds for the charts and tables; NaN (no value) for kInvalidTime.
double msOrNan(TimeNs ns);

// A plot with a bold title row on top and, optionally, the legend in a row
// under the axis rect: how the Step Trace page's charts look.
class TitledPlot : public VectorPlot
{
    Q_OBJECT
public:
    explicit TitledPlot(const QString& title, bool legendRow, QWidget* parent = nullptr);
    void setTitle(const QString& title);
    QString title() const;
    QString shownTitle() const; // as drawn: with a line break or elided when narrow

private:
    ChartTitle* m_title = nullptr;
};

// One step's stages as a Gantt chart: a row per stage, a bar from its start
// to its finish (ms from the step's start), the duration written beside it.
// Stages whose position is unknown (the step table gives durations only) are
// drawn from 0 and hatched.
class StageChart : public TitledPlot
{
    Q_OBJECT
public:
    explicit StageChart(QWidget* parent = nullptr);
    void setStep(const StepTraceStep& step);
    int stageCount() const
    {
        return int(m_step.stages.size());
    }
    // Chart rows: one per stage of the partition, one per stream (or per op
    // type when there are too many streams).
    QStringList rowLabels() const
    {
        return m_rowLabels;
    }

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    StepTraceStep m_step;
    QStringList m_rowLabels;
};

// Stacked bars: one bar per category (a step, a device), one stacked part
// per series. A click on a bar emits categoryClicked; the selected category
// is outlined.
class StackedBarsChart : public TitledPlot
{
    Q_OBJECT
public:
    struct Series
    {
        StepStageKind kind;
        QString name;
        QVector<double> valuesMs; // one per category; NaN or < 0: nothing
    };
    explicit StackedBarsChart(const QString& title, QWidget* parent = nullptr);
    void setData(const QStringList& categories, std::vector<Series> series, const QString& categoryLabel);
    void setSelectedCategory(int index);
    int categoryCount() const
    {
        return int(m_categories.size());
    }

signals:
    void categoryClicked(int index);

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void showToolTip(QMouseEvent* event);
    QStringList m_categories;
    std::vector<Series> m_series;
    QString m_categoryLabel;
    int m_selected = -1;
};

// One stage's duration per step as a line, with its mean as a dashed line:
// how a stage changes over the steps. A click on a point emits stepClicked.
class TrendChart : public TitledPlot
{
    Q_OBJECT
public:
    explicit TrendChart(StepStageKind kind, QWidget* parent = nullptr);
    void setTrace(const RankStepTrace& trace, StepStageKind kind);
    void setSelectedStep(const QString& step);
    StepStageKind kind() const
    {
        return m_kind;
    }
    int pointCount() const;

signals:
    void stepClicked(const QString& step);

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    StepStageKind m_kind;
    QStringList m_steps;
    QVector<double> m_valuesMs;
    QString m_selected;
};

} // namespace profscope
