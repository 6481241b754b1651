// SPDX-License-Identifier: Apache-2.0
#include "overviewcomparepane.h"

#include "common/pagewidgets.h"
#include "overviewcomparecharts.h"
#include "overviewcomparemodels.h"
#include "overviewmodels.h"

#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

namespace profscope {

namespace {

void setUpTable(QTableView* table)
{
    limitContentsSizing(table);
    table->setAlternatingRowColors(true);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    table->horizontalHeader()->setHighlightSections(false);
    table->setWordWrap(false);
}

QString ms(double ns)
{
    return OverviewComparePane::tr("%1 ms").arg(ns / 1e6, 0, 'f', 3);
}

QString signedMs(double ns)
{
    return (ns < 0 ? QStringLiteral("−") : QStringLiteral("+")) + ms(std::abs(ns));
}

} // namespace

OverviewComparePane::OverviewComparePane(QWidget* parent)
    : QWidget(parent)
    , m_rankModel(new OverviewCompareModel(this))
    , m_rankProxy(new QSortFilterProxyModel(this))
    , m_explainModel(new OverviewExplainModel(this))
    , m_summary(new QLabel(this))
    , m_bars(new CompareBarsChart(m_rankModel, this))
    , m_explain(new DeltaExplainChart(m_explainModel, this))
    , m_tabs(new QTabWidget(this))
    , m_rankTable(new QTableView(this))
    , m_explainTable(new QTableView(this))
{
    setObjectName(QStringLiteral("overviewComparePane"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(8);
    m_summary->setObjectName(QStringLiteral("compareSummaryLabel"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setFrameShape(QFrame::StyledPanel);
    m_summary->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_summary);

    auto* charts = new QSplitter(Qt::Horizontal, this);
    charts->setChildrenCollapsible(false);
    charts->addWidget(m_bars);
    charts->addWidget(m_explain);
    charts->setStretchFactor(0, 3);
    charts->setStretchFactor(1, 2);

    m_rankProxy->setSourceModel(m_rankModel);
    m_rankProxy->setSortRole(OverviewCompareModel::SortRole);
    m_rankTable->setObjectName(QStringLiteral("compareRankTable"));
    m_rankTable->setModel(m_rankProxy);
    setUpTable(m_rankTable);
    m_rankTable->setSortingEnabled(true);
    m_rankTable->sortByColumn(-1, Qt::AscendingOrder); // base rank order
    m_rankTable->horizontalHeader()->setDefaultSectionSize(130);
    m_explainTable->setObjectName(QStringLiteral("compareExplainTable"));
    m_explainTable->setModel(m_explainModel);
    setUpTable(m_explainTable);
    m_explainTable->horizontalHeader()->setStretchLastSection(true);
    connect(m_rankTable, &QAbstractItemView::activated, this, [this](const QModelIndex& index) {
        emit rankActivated(index.data(OverviewCompareModel::BaseRankRole).toInt());
    });
    connect(m_bars, &CompareBarsChart::rankActivated, this, &OverviewComparePane::rankActivated);

    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_explainTable, tr("Delta by Category"));
    m_tabs->addTab(m_rankTable, tr("Per Rank"));

    auto* content = new QSplitter(Qt::Vertical, this);
    content->setChildrenCollapsible(false);
    content->addWidget(charts);
    content->addWidget(m_tabs);
    content->setStretchFactor(0, 3);
    content->setStretchFactor(1, 2);
    layout->addWidget(content, 1);
}

void OverviewComparePane::setComparison(
    OverviewComparison comparison, const QString& baseName, const QString& otherName)
{
    m_explainModel->setComparison(comparison);
    m_rankModel->setComparison(std::move(comparison));
    m_bars->rebuild();
    m_explain->rebuild();
    const OverviewComparison& c = m_rankModel->comparison();
    m_bars->setSubtitle(c.baseStep.isEmpty() ? tr("Step time per rank, base and comparison (mean over steps)")
            : c.baseStep == c.otherStep      ? tr("Step %1 per rank, base and comparison").arg(c.baseStep)
                                        : tr("Step %1 (comparison: step %2) per rank").arg(c.baseStep, c.otherStep));
    m_rankTable->resizeColumnsToContents();
    m_explainTable->resizeColumnsToContents();
    updateSummary(baseName, otherName);
}

void OverviewComparePane::updateSummary(const QString& baseName, const QString& otherName)
{
    const OverviewComparison& c = m_rankModel->comparison();
    if (c.pairedRows == 0) {
        m_summary->setText(tr("No rank of %1 is paired with a rank of %2 that has this step: pick another step or "
                              "edit the rank mapping (File → Edit Rank Mapping).")
                               .arg(baseName.toHtmlEscaped(), otherName.toHtmlEscaped()));
        return;
    }
    const double delta = c.meanTotalDeltaNs();
    const double base = c.meanBaseTotalNs();
    const double pct = base > 0 ? 100.0 * delta / base : 0.0;
    const OverviewPart main = c.mainPart();
    const double mainDelta = c.meanPartDeltaNs(main);
    const QString verdict = std::abs(pct) < 0.5 ? tr("about the same")
        : delta > 0                             ? tr("<b>slower</b>")
                                                : tr("<b>faster</b>");
    QString text = tr(
        "Mean step time over %n paired rank(s): %1 → %2 (%3, %4%5 %): the comparison run is %6.", nullptr, c.pairedRows)
                       .arg(ms(base), ms(c.meanOtherTotalNs()), signedMs(delta))
                       .arg(pct < 0 ? QStringLiteral("−") : QStringLiteral("+"))
                       .arg(std::abs(pct), 0, 'f', 1)
                       .arg(verdict);
    if (std::abs(delta) >= 1000)
        text += QLatin1Char(' ')
            + tr("Most of it: %1 (%2).")
                  .arg(barComponentName(BarComponent(int(main))).toHtmlEscaped(), signedMs(mainDelta));
    const int unpaired = int(c.rows.size()) - c.pairedRows;
    if (unpaired > 0)
        text += QLatin1Char(' ') + tr("%n base rank(s) without a comparison.", nullptr, unpaired);
    if (!c.otherUnmapped.empty())
        text += QLatin1Char(' ')
            + tr("%n rank(s) of the comparison run not paired with any base rank.", nullptr,
                int(c.otherUnmapped.size()));
    m_summary->setText(text);
}

} // namespace profscope
