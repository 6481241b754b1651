// SPDX-License-Identifier: Apache-2.0
// The Operators page comparing two ranks of one profile or two runs: the
// aligned kernels' deltas by type or by op, the charts of the deltas, and
// the jumps to both kernels in the timeline.
#include "operatorspage.h"

#include "barchart.h"
#include "common/columnsizer.h"
#include "common/export.h"
#include "common/pagewidgets.h"
#include "common/statuscolors.h"
#include "common/viewstate.h"
#include "itemmodels/operatorcomparemodel.h"
#include "operatorsdetail.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableView>

#include <algorithm>
#include <map>

namespace profscope {

using namespace operators_detail;

namespace {

QList<BarItem> deltaBars(std::vector<OperatorDelta> rows, int bars, const QPalette& palette)
{
    std::stable_sort(rows.begin(), rows.end(),
        [](const OperatorDelta& a, const OperatorDelta& b) { return std::abs(a.deltaNs()) > std::abs(b.deltaNs()); });
    QList<BarItem> out;
    for (const OperatorDelta& d : rows) {
        if (int(out.size()) >= bars || d.deltaNs() == 0)
            break;
        QString text = (d.deltaNs() > 0 ? QStringLiteral("+") : QString()) + formatDurationText(d.deltaNs());
        if (hasValue(d.deltaPercent()))
            text += QStringLiteral(" (") + (d.deltaPercent() > 0 ? QStringLiteral("+") : QString())
                + QString::number(d.deltaPercent(), 'f', 1) + QStringLiteral("%)");
        out.push_back({ d.key, d.deltaNs(), text,
            d.deltaNs() > 0 ? statusColor(FileStatus::Broken, palette) : statusColor(FileStatus::Used, palette) });
    }
    return out;
}

} // namespace

void OperatorsPage::rebuildCompare(const RankData& base, const RankData& other, qint32 stepId, qint32 otherStepId)
{
    if (m_cache.base != &base || m_cache.other != &other || m_cache.stepId != stepId
        || m_cache.otherStepId != otherStepId) {
        m_cache.base = &base;
        m_cache.other = &other;
        m_cache.stepId = stepId;
        m_cache.otherStepId = otherStepId;
        m_cache.baseKernels = std::make_shared<KernelTable>(kernelsOfStep(*base.kernels, stepId));
        m_cache.otherKernels = std::make_shared<KernelTable>(kernelsOfStep(*other.kernels, otherStepId));
        m_cache.comparison = compareOperators(*m_cache.baseKernels, *m_cache.otherKernels);
    }
    const KernelTable& bk = *m_cache.baseKernels;
    const KernelTable& ok = *m_cache.otherKernels;
    const OperatorComparison& cmp = m_cache.comparison;
    const bool byType = m_compareBy->currentIndex() == 0;
    auto byTypeRows = operatorDeltasByType(cmp);
    m_compareModel->setDeltas(byType ? byTypeRows : operatorDeltasByName(bk, ok, cmp), byType);
    if (m_compareTable->horizontalHeader()->sortIndicatorSection() < 0)
        m_compareProxy->sort(-1);
    m_compareSizer->setKey(QStringLiteral("operators/compare/%1").arg(byType ? 0 : 1));
    m_compareSizer->fitToContents();

    // Per-core deltas from the same kernels.
    std::map<QString, OperatorDelta> cores;
    QSet<QString> communicationTypes;
    const auto addCore = [&cores, &communicationTypes, this](const KernelTable& k, bool isBase) {
        for (std::size_t i = 0; i < k.size(); ++i) {
            const QString core = k.strings.string(k.acceleratorCore[i]);
            if (k.isCommunication(i)) {
                communicationTypes.insert(k.strings.string(k.type[i]));
                if (!m_communication->isChecked())
                    continue;
            }
            OperatorDelta& d = cores[core];
            d.key = core;
            (isBase ? d.baseCount : d.otherCount) += 1;
            (isBase ? d.baseTotalNs : d.otherTotalNs) += k.durNs[i];
        }
    };
    addCore(bk, true);
    addCore(ok, false);
    std::vector<OperatorDelta> coreRows;
    for (auto& [name, d] : cores)
        coreRows.push_back(d);

    const int bars = m_topN->value() > 0 ? std::min(m_topN->value(), kMaxChartBars) : kDefaultChartBars;
    const QString baseName = rankLabel(m_state->baselineRank());
    const QString otherName = otherRankLabel(m_state->comparisonRank());
    const QString title = !m_state->runCompare() ? tr("%1 − %2").arg(otherName, baseName)
        : baseName == otherName                  ? tr("comparison − base run")
                                                 : tr("comparison %1 − base %2").arg(otherName, baseName);
    m_typeChart->setTitle(tr("Change of device time by op type (%1)").arg(title));
    m_typeChart->setValueAxisTitle(tr("Delta"));
    m_typeChart->setNoBarsText(tr("No difference"));
    std::vector<OperatorDelta> chartRows;
    for (const OperatorDelta& d : byTypeRows)
        if (m_communication->isChecked() || !communicationTypes.contains(d.type))
            chartRows.push_back(d);
    m_typeChart->setBars(deltaBars(chartRows, bars, palette()));
    m_coreChart->setTitle(tr("By accelerator core (%1)").arg(title));
    m_coreChart->setValueAxisTitle(tr("Delta"));
    m_coreChart->setNoBarsText(tr("No difference"));
    m_coreChart->setBars(deltaBars(coreRows, kMaxChartBars, palette()));

    TimeNs baseTotal = 0, otherTotal = 0;
    for (const TimeNs d : bk.durNs)
        baseTotal += d;
    for (const TimeNs d : ok.durNs)
        otherTotal += d;
    const TimeNs delta = otherTotal - baseTotal;
    QString summary = tr("Baseline %1: %2 in %3 kernels · Comparison %4: %5 in %6 kernels · Delta %7%8 (%9) · %10 "
                         "kernels paired")
                          .arg(baseName, formatDurationText(baseTotal))
                          .arg(bk.size())
                          .arg(otherName, formatDurationText(otherTotal))
                          .arg(ok.size())
                          .arg(delta > 0 ? QStringLiteral("+") : QString(), formatDurationText(delta))
                          .arg(baseTotal ? QString::asprintf("%+.1f%%", 100.0 * double(delta) / double(baseTotal))
                                         : QStringLiteral("-"))
                          .arg(cmp.matched.size());
    if (!cmp.onlyBase.empty() || !cmp.onlyOther.empty())
        summary +=
            tr(" · %1 only in baseline, %2 only in comparison").arg(cmp.onlyBase.size()).arg(cmp.onlyOther.size());
    if (!cmp.streamsMatchedById)
        summary += tr(" · stream ids differ: streams paired by order");
    if (cmp.truncated)
        summary += tr(" · alignment cut short (very different kernel sequences): pairs are approximate");
    m_summary->setText(summary);
}

bool OperatorsPage::openCompareTimeline(int proxyRow, bool comparisonSide, QString* why)
{
    const QModelIndex source = m_compareProxy->mapToSource(m_compareProxy->index(proxyRow, 0));
    if (!source.isValid() || !m_cache.baseKernels)
        return false;
    const OperatorDelta& d = m_compareModel->delta(source.row());
    const bool useOther =
        comparisonSide ? d.side() != OperatorDelta::Side::OnlyBase : d.side() == OperatorDelta::Side::OnlyOther;
    if (comparisonSide && !useOther) {
        if (why)
            *why = tr("This op only runs in the baseline.");
        return false;
    }
    // Across runs the comparison's kernel is on the other run's clock and
    // ranks: only a timeline that shows the comparison run can take it.
    if (useOther && m_state->runCompare() && !m_state->comparisonTimelineAvailable()) {
        if (why)
            *why = tr("The timeline shows the base run only: the comparison run's kernels cannot be shown there.");
        return false;
    }
    const KernelTable& k = useOther ? *m_cache.otherKernels : *m_cache.baseKernels;
    const StringId type = findId(k.strings, d.type);
    const StringId name = findId(k.strings, d.key);
    const bool byType = m_compareModel->byType();
    const qint64 row =
        longestKernel(k, -1, [&](std::size_t i) { return k.type[i] == type && (byType || k.name[i] == name); });
    if (row < 0)
        return false;
    const TimeNs start = k.startNs[std::size_t(row)];
    const TimeNs end = start + k.durNs[std::size_t(row)];
    const QString slice = k.strings.string(k.name[std::size_t(row)]);
    if (useOther && m_state->runCompare())
        m_state->requestComparisonTimeline(m_state->comparisonRank(), start, end, slice);
    else
        m_state->requestTimeline(useOther ? m_state->comparisonRank() : m_state->baselineRank(), start, end, slice);
    return true;
}

QMenu* OperatorsPage::createCompareMenu(int proxyRow)
{
    auto* menu = new QMenu(this);
    QAction* base = menu->addAction(
        tr("Baseline Kernel in &Timeline"), this, [this, proxyRow] { openTimelineForRow(proxyRow, false); });
    base->setObjectName(QStringLiteral("baselineTimelineAction"));
    QAction* other = menu->addAction(
        tr("&Comparison Kernel in Timeline"), this, [this, proxyRow] { openTimelineForRow(proxyRow, true); });
    other->setObjectName(QStringLiteral("comparisonTimelineAction"));
    const QModelIndex source = m_compareProxy->mapToSource(m_compareProxy->index(proxyRow, 0));
    const auto side = source.isValid() ? m_compareModel->delta(source.row()).side() : OperatorDelta::Side::Both;
    base->setEnabled(source.isValid() && side != OperatorDelta::Side::OnlyOther);
    const bool otherReachable = !m_state->runCompare() || m_state->comparisonTimelineAvailable();
    other->setEnabled(source.isValid() && side != OperatorDelta::Side::OnlyBase && otherReachable);
    if (!otherReachable) {
        const QString why =
            tr("The timeline shows the base run only: the comparison run's kernels cannot be shown there.");
        other->setText(tr("Comparison Kernel in Timeline (not available)"));
        other->setToolTip(why);
        other->setStatusTip(why);
        menu->setToolTipsVisible(true);
    }
    menu->addSeparator();
    menu->addAction(exportActionText(ExportKind::Table), this,
        [this] { exportModelInteractive(this, *m_compareProxy, QStringLiteral("operators-compare")); });
    return menu;
}

} // namespace profscope
