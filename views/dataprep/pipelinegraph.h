// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/datapipeline.h"

#include <QRectF>
#include <QWidget>

#include <map>

namespace profscope {

// The MindData pipeline as MindInsight drew it, left to right: the source
// ops on the left, the root (closest to the device) on the right; an arrow
// from each op to its parent carries the op's output queue usage. Boxes are
// filled by queue usage (MindInsight's teal at the usage as opacity); the
// ops MindInsight's queue filter flags have an orange border, the
// bottleneck of MindSpore's rule a thick red one. A click selects an op.
class PipelineGraph : public QWidget
{
    Q_OBJECT
public:
    explicit PipelineGraph(QWidget* parent = nullptr);

    void setAnalysis(const DataPipelineAnalysis& analysis);
    void setSelectedOp(qint64 opId);
    qint64 selectedOp() const
    {
        return m_selected;
    }
    // Box of an op in widget coordinates (layout of the current size); empty when not drawn.
    QRectF opRect(qint64 opId) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void opClicked(qint64 opId);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool event(QEvent* event) override;

private:
    void layoutOps();

    std::vector<DataPipelineOp> m_ops; // the drawn ops
    std::map<qint64, QRectF> m_rects;
    int m_columns = 0;
    int m_rows = 0;
    qint64 m_selected = -1;
};

} // namespace profscope
