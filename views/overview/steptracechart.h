// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/cluster.h"
#include "common/vectorplot.h"

#include <array>
#include <vector>

class QCPBars;
class QCPTextElement;

namespace profscope {

// MindInsight's step trace for an old-format rank (step_trace_raw_*: no
// device tasks to recompute from): per step, stacked Iteration Interval (the
// gap before the step), FP+BP and Tail, in ms, with the averages in the
// subtitle. The Overview shows it instead of an empty chart when no rank has
// recomputable step data.
class StepTraceChart : public VectorPlot
{
    Q_OBJECT
public:
    explicit StepTraceChart(QWidget* parent = nullptr);

    // rows: one rank's cluster step rows with old-format values, in step order.
    void setRows(int rankId, std::vector<ClusterStepRow> rows);
    int stepCount() const
    {
        return int(m_rows.size());
    }
    // Averages over the steps, ns: interval, FP+BP, tail.
    std::array<double, 3> averagesNs() const;
    QString subtitle() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void recolor();
    void showToolTip(QMouseEvent* event);

    std::vector<ClusterStepRow> m_rows;
    int m_rankId = -1;
    std::array<QCPBars*, 3> m_bars {};
    QCPTextElement* m_title = nullptr;
    QCPTextElement* m_subtitle = nullptr;
};

} // namespace profscope
