// SPDX-License-Identifier: Apache-2.0
// TimelinePage: run comparison (the comparison run's lanes, their shift, jumps into them).
#include "timelinepage.h"

#include "common/deferredrefresh.h"
#include "timelinecompare.h"
#include "timelinewidget.h"

#include <QAction>
#include <QCheckBox>

namespace profscope {

TimelineComparison TimelinePage::comparisonToShow(const QList<int>& ranks) const
{
    if (!m_state || !m_comparisonLanes)
        return {};
    return timelineComparison(*m_state, ranks);
}

void TimelinePage::realignComparison()
{
    const TimelineModel& model = m_timeline->model();
    if (!m_state || model.comparisonRanks().isEmpty())
        return;
    if (!m_timeline->realignComparison(comparisonToShow(model.ranks())))
        reload();
}

void TimelinePage::setComparisonLanes(bool on)
{
    if (m_compareLanes->isChecked() != on) {
        m_compareLanes->blockSignals(true);
        m_compareLanes->setChecked(on);
        m_compareLanes->blockSignals(false);
    }
    if (on == m_comparisonLanes)
        return;
    m_comparisonLanes = on;
    reload();
}

void TimelinePage::showComparisonRange(int otherRank, TimeNs startNs, TimeNs endNs, const QString& sliceName)
{
    if (!m_state || !m_state->runCompare() || !m_profile)
        return;
    if (!m_comparisonLanes)
        setComparisonLanes(true);
    const TimelineModel& model = m_timeline->model();
    const int rank = model.comparisonRankFirst() + otherRank;
    if (!model.comparisonRanks().contains(rank)) {
        // Show the base rank it stands for (its pair comes with it).
        const int base = m_state->rankMapping().baseFor(otherRank);
        if (base < 0)
            return;
        if (m_state->rankFilter().isEmpty() && m_state->timelineRanks().isEmpty()) {
            m_state->setCurrentRank(base);
            if (m_state->comparisonRank() != otherRank)
                m_state->setComparisonRank(otherRank);
        }
        m_refresh->flush();
        if (!model.comparisonRanks().contains(rank)) {
            m_reloadPending = false;
            reload();
        }
        if (!model.comparisonRanks().contains(rank))
            return;
    }
    focusRange(rank, startNs, endNs, sliceName);
}

} // namespace profscope
