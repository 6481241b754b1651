// SPDX-License-Identifier: Apache-2.0
// Which cells of the cluster step table are the widest, from the values (no text is made):
// fitting the columns to them gives the widths that measuring all rows gives.
#include "overviewmodels.h"

namespace profscope {

namespace {

bool valid(TimeNs ns)
{
    return ns != kInvalidTime;
}

// Digits of a non-negative number as QString::number writes it.
qsizetype digitCount(qint64 n)
{
    qsizetype digits = 1;
    for (; n >= 10; n /= 10)
        ++digits;
    return digits;
}

} // namespace

QModelIndexList ClusterStepTableModel::widestCells() const
{
    QModelIndexList cells;
    for (int c = 0; c < int(m_fields.size()); ++c) {
        const Field f = m_fields[c];
        // Per font (summary rows are italic): the rows with the longest text, or the extremes.
        std::array<int, 2> longest { -1, -1 }, largest { -1, -1 }, smallest { -1, -1 };
        std::array<qsizetype, 2> longestLength { -1, -1 };
        std::array<TimeNs, 2> largestNs {}, smallestNs {};
        for (int r = 0; r < int(m_rows.size()); ++r) {
            const ClusterStepRow& row = *m_rows[std::size_t(r)];
            const std::size_t font = row.overview.fromSummary ? 1 : 0;
            qsizetype length = -1;
            switch (f) {
            case StepField:
                length = row.overview.step.size();
                break;
            case RankField: // rankText, counted without making it
                length = row.rankId >= 0 ? digitCount(row.rankId) : 1 + digitCount(row.rankIndex);
                break;
            case HostField:
                length = row.host.size();
                break;
            case StageIndexField: // optionalIndex
                length = row.stage >= 0 ? digitCount(row.stage) : 0;
                break;
            case DpField:
                length = row.parallel.dp >= 0 ? digitCount(row.parallel.dp) : 0;
                break;
            case PpField:
                length = row.parallel.pp >= 0 ? digitCount(row.parallel.pp) : 0;
                break;
            case TpField:
                length = row.parallel.tp >= 0 ? digitCount(row.parallel.tp) : 0;
                break;
            default: {
                const TimeNs v = valueNs(row, f);
                if (!valid(v))
                    break;
                if (largest[font] < 0 || v > largestNs[font]) {
                    largest[font] = r;
                    largestNs[font] = v;
                }
                if (smallest[font] < 0 || v < smallestNs[font]) {
                    smallest[font] = r;
                    smallestNs[font] = v;
                }
                break;
            }
            }
            if (length > longestLength[font]) {
                longest[font] = r;
                longestLength[font] = length;
            }
        }
        const qsizetype before = cells.size();
        for (const std::array<int, 2>& rows : { longest, largest, smallest })
            for (const int r : rows)
                if (r >= 0)
                    cells << index(r, c);
        // A column without a value is measured too (its empty cells): the header then sets its width.
        if (cells.size() == before && !m_rows.empty())
            cells << index(0, c);
    }
    return cells;
}

} // namespace profscope
