// SPDX-License-Identifier: Apache-2.0
#include "rangepanel.h"

#include "common/columnsizer.h"
#include "common/export.h"
#include "common/pagewidgets.h"
#include "rangestatsmodel.h"
#include "timeformat.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <climits>

namespace profscope {

namespace {

QString hint()
{
    return RangePanel::tr("Shift+drag on the lanes or drag on the ruler to select a range.");
}

} // namespace

RangePanel::RangePanel(QWidget* parent)
    : QWidget(parent)
    , m_stats(new RangeStatsModel(this))
    , m_categories(new RangeCategoryModel(this))
{
    auto* layout = new QVBoxLayout(this);
    m_label = new QLabel(hint(), this);
    m_label->setObjectName(QStringLiteral("rangeLabel"));
    m_label->setWordWrap(true);
    layout->addWidget(m_label);

    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Group:"), this));
    m_grouping = new QComboBox(this);
    m_grouping->setObjectName(QStringLiteral("rangeGrouping"));
    m_grouping->addItem(tr("By name"));
    m_grouping->addItem(tr("By lane and name"));
    bar->addWidget(m_grouping);
    bar->addStretch(1);
    auto* csv = new QPushButton(tr("Export CSV..."), this);
    connect(csv, &QPushButton::clicked, this, &RangePanel::exportCsv);
    bar->addWidget(csv);
    layout->addLayout(bar);

    m_statsView = makeDataTable(m_stats, this);
    m_statsView->setObjectName(QStringLiteral("rangeStatsView"));
    m_statsView->sortByColumn(RangeStatsModel::Total, Qt::DescendingOrder);
    // Long op names elide in the middle (full name in the tooltip); the user
    // can widen the name column, the numbers keep their width.
    m_sizer = ColumnSizer::install(m_statsView, RangeStatsModel::Name, QStringLiteral("timeline/range"));
    m_statsView->setColumnHidden(RangeStatsModel::Lane, true);
    connect(m_grouping, &QComboBox::currentIndexChanged, this, [this](int index) {
        const bool byLane = index == 1;
        m_stats->setGrouping(byLane ? RangeStatsModel::Grouping::ByLane : RangeStatsModel::Grouping::ByName);
        m_statsView->setColumnHidden(RangeStatsModel::Lane, !byLane);
        m_sizer->fitToContents();
    });

    m_categoryView = makeDataTable(m_categories, this);
    m_categoryView->setObjectName(QStringLiteral("rangeCategoryView"));
    m_categoryView->setSortingEnabled(false);
    m_categoryView->setToolTip(tr("Computing + Communication(Not Overlapped) + Free = the range; Overlapped is the "
                                  "part of Communication hidden under Computing"));
    m_categoryView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_categoryView->horizontalHeader()->setStretchLastSection(true);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    split->addWidget(m_statsView);
    split->addWidget(m_categoryView);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);
}

void RangePanel::clear()
{
    m_stats->clear();
    m_categories->clear();
    m_label->setText(hint());
}

void RangePanel::compute(const TimelineModel& model, double startNs, double endNs)
{
    if (!(endNs > startNs)) {
        clear();
        return;
    }
    m_stats->compute(model, startNs, endNs);
    m_categories->setBlock(m_stats->overlap());
    const qint64 n = m_stats->sliceCount();
    const qint64 partial = m_stats->partialCount();
    QString text = tr("%1 to %2 (%3): %n slices", nullptr, int(std::min<qint64>(n, INT_MAX)))
                       .arg(formatDurationNs(startNs, 6), formatDurationNs(endNs, 6), formatDurationNs(endNs - startNs));
    if (partial > 0)
        text += QStringLiteral(", ")
            + tr("%n partly inside (counted with their part in the range)", nullptr,
                int(std::min<qint64>(partial, INT_MAX)));
    if (m_stats->rankCount() > 1)
        text += QStringLiteral("; ") + tr("%n ranks", nullptr, m_stats->rankCount());
    m_label->setText(text);
}

void RangePanel::exportCsv()
{
    exportModelInteractive(this, *m_stats, QStringLiteral("timeline-range-statistics"));
}

} // namespace profscope
