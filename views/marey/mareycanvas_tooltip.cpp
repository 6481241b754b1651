// SPDX-License-Identifier: Apache-2.0
// MareyCanvas: the text of an op's tooltip (its devices' starts and
// durations, the spread, what a collapsed stage draws).
#include "mareycanvas.h"

#include "timeline/timeformat.h"

#include <algorithm>
#include <limits>

namespace profscope {

QString MareyCanvas::tooltipFor(const Hit& hit) const
{
    const MareyOp& op = m_data->ops[std::size_t(hit.op)];
    const MareyStage& stage = m_data->stages[std::size_t(op.stage)];
    const TimeNs origin = m_data->rangeNs.startNs;
    QString html = QStringLiteral("<b>%1</b><br>").arg(op.name.toHtmlEscaped());
    html += (op.kind == MareyOp::Kind::Compute ? tr("Compute") : tr("Communication")) + QStringLiteral(" · ")
        + tr("stage %1").arg(stage.pipelineStage);
    if (op.mergedOps > 1)
        html += QStringLiteral(" · ") + tr("%n ops merged", nullptr, op.mergedOps);
    else
        html += QStringLiteral(" · ") + tr("occurrence %1").arg(op.occurrence + 1);
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"1\">");
    html += QStringLiteral("<tr><th align=\"left\">%1</th><th align=\"right\">%2</th><th align=\"right\">%3</th></tr>")
                .arg(tr("Rank"), tr("Start"), tr("Duration"));
    const int shown = std::min(stage.deviceCount, 12);
    TimeNs minDur = std::numeric_limits<TimeNs>::max(), maxDur = 0, sumDur = 0;
    int present = 0;
    for (int i = 0; i < stage.deviceCount; ++i) {
        const TimeRange r = op.ranges[std::size_t(i)];
        if (MareyOp::isMissing(r))
            continue;
        ++present;
        minDur = std::min(minDur, r.durationNs());
        maxDur = std::max(maxDur, r.durationNs());
        sumDur += r.durationNs();
        if (i >= shown && stage.firstDevice + i != hit.device)
            continue;
        const MareyDevice& d = m_data->devices[std::size_t(stage.firstDevice + i)];
        const bool mine = stage.firstDevice + i == hit.device;
        html += QStringLiteral("<tr><td>%1%2%3</td><td align=\"right\">%4</td><td align=\"right\">%5</td></tr>")
                    .arg(mine ? QStringLiteral("<b>") : QString())
                    .arg(d.rankId)
                    .arg(mine ? QStringLiteral("</b>") : QString())
                    .arg(formatDurationNs(double(r.startNs - origin)), formatDurationNs(double(r.durationNs())));
    }
    html += QStringLiteral("</table>");
    if (present > 1)
        html += tr("Duration min %1 · avg %2 · max %3")
                    .arg(formatDurationNs(double(minDur)), formatDurationNs(double(sumDur) / present),
                        formatDurationNs(double(maxDur)));
    if (present > 1 && isStageCollapsed(op.stage)) {
        // What the collapsed row draws: the envelope over the median.
        const TimeRange median = op.medianRange();
        const TimeRange bounds = op.bounds();
        html += QStringLiteral("<br>")
            + tr("Median device %1 → %2; all devices %3 → %4 (skew: start %5, end %6)")
                  .arg(formatDurationNs(double(median.startNs - origin)), formatDurationNs(double(median.endNs - origin)),
                      formatDurationNs(double(bounds.startNs - origin)), formatDurationNs(double(bounds.endNs - origin)),
                      formatDurationNs(double(spanNs(bounds.startNs, median.startNs))),
                      formatDurationNs(double(spanNs(median.endNs, bounds.endNs))));
    }
    if (present < stage.deviceCount)
        html += QStringLiteral("<br>") + tr("missing on %n device(s)", nullptr, stage.deviceCount - present);
    html += QStringLiteral("<br><i>%1</i>")
                .arg(tr("Click to open in the timeline; drag to zoom; double-click to zoom out"));
    return html;
}

} // namespace profscope
