// SPDX-License-Identifier: Apache-2.0
#include "apistatspanel.h"
#include "analysis/analysisservice.h"
#include "common/deferredrefresh.h"
#include "resourcecharts.h"

#include "common/pagewidgets.h"
#include "common/statuscolors.h"
#include "common/viewstate.h"
#include "itemmodels/apistatmodel.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCursor>
#include <QToolTip>
#include <QHBoxLayout>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLegendMarker>
#include <QLineEdit>
#include <QPushButton>
#include <QPieSeries>
#include <QPieSlice>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>

namespace profscope {

namespace {

constexpr int kTopApis = 12;

// Tableau 10: distinct in light and dark themes.
QColor typeColor(int i)
{
    static const QRgb colors[] = { 0x4e79a7, 0xf28e2b, 0x59a14f, 0xe15759, 0x76b7b2, 0xedc948, 0xb07aa1, 0xff9da7,
        0x9c755f, 0xbab0ac };
    return QColor(colors[i % int(std::size(colors))]);
}

QString msText(TimeNs ns)
{
    return QString::number(double(ns) / 1e6, 'f', 3);
}

} // namespace

ApiStatsPanel::ApiStatsPanel(ViewState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
    , m_model(new ApiStatModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 6, 0, 0);
    auto* bar = new QHBoxLayout;
    auto* scopeLabel = new QLabel(tr("Ranks:"), this);
    m_scope = new QComboBox(this);
    m_scope->setObjectName(QStringLiteral("apiScopeCombo"));
    m_scope->setToolTip(tr("Merged over all ranks (counts and times summed, min / max over the ranks, variances pooled), "
                           "or one rank's api_statistic.csv"));
    scopeLabel->setBuddy(m_scope);
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter APIs…"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMaximumWidth(260);
    m_summary = new QLabel(this);
    m_summary->setStyleSheet(QStringLiteral("color: %1").arg(mutedTextColor(palette()).name()));
    bar->addWidget(scopeLabel);
    bar->addWidget(m_scope);
    bar->addSpacing(12);
    bar->addWidget(m_filter);
    bar->addSpacing(12);
    bar->addWidget(m_summary, 1);
    bar->addWidget(makeExportButton(
        ExportKind::Chart, this, [this] { exportWidgetInteractive(this, m_typeChart, QStringLiteral("api-types")); },
        tr("Save the API type donut as PNG, SVG or PDF")));
    bar->addWidget(makeExportButton(
        ExportKind::Table, this, [this] { exportModelInteractive(this, *m_proxy, QStringLiteral("api-statistics")); },
        tr("Save the API table as shown (filtered and sorted) as CSV")));
    layout->addLayout(bar);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->setChildrenCollapsible(false);
    auto* charts = new QSplitter(Qt::Horizontal, splitter);
    m_typeChart = new QChartView(charts);
    m_typeChart->setObjectName(QStringLiteral("apiTypeChart"));
    m_typeChart->setRenderHint(QPainter::Antialiasing);
    m_typeChart->setMinimumSize(280, 240);
    m_topChart = new QChartView(charts);
    m_topChart->setObjectName(QStringLiteral("apiTopChart"));
    m_topChart->setRenderHint(QPainter::Antialiasing);
    m_topChart->setMinimumSize(360, 240);
    charts->setStretchFactor(0, 2);
    charts->setStretchFactor(1, 3);

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ApiStatModel::SortRole);
    m_proxy->setFilterRole(ApiStatModel::FilterRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_table = makeDataTable(m_proxy, splitter);
    m_table->setObjectName(QStringLiteral("apiTable"));
    m_table->sortByColumn(ApiStatModel::TotalColumn, Qt::DescendingOrder);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    layout->addWidget(splitter, 1);
    addContextAction(m_table, exportActionText(ExportKind::Table),
                     [this] { exportModelInteractive(this, *m_proxy, QStringLiteral("api-statistics")); });

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_typeFilter.clear();
        m_proxy->setFilterFixedString(text);
    });
    connect(m_scope, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
    if (m_state)
        // Hidden, the panel fills when it is next shown.
        connect(m_state, &ViewState::profileChanged, new DeferredRefresh(this, [this] { fillScopes(); }),
            &DeferredRefresh::request);
    fillScopes();
}

bool ApiStatsPanel::hasData() const
{
    return m_state && m_state->profile() && hasApiStatistics(*m_state->profile());
}

void ApiStatsPanel::fillScopes()
{
    const QSignalBlocker blocker(m_scope);
    m_scope->clear();
    const ProfilePtr profile = m_state ? m_state->profile() : nullptr;
    if (profile) {
        int withData = 0;
        for (const auto& r : profile->ranks)
            withData += hasApiStatistics(*r) ? 1 : 0;
        std::vector<ComboItem> items { { tr("All ranks (%n with data)", nullptr, withData), -1, {} } };
        const QString rankFormat = tr("Rank %1");
        for (std::size_t i = 0; i < profile->ranks.size(); ++i)
            if (hasApiStatistics(*profile->ranks[i]))
                items.push_back({ rankFormat.arg(profile->ranks[i]->info.rankId), int(i), {} });
        fillCombo(m_scope, items);
    }
    rebuild();
}

void ApiStatsPanel::setTypeFilter(const QString& level)
{
    // A slice click narrows the table to one API type; a second click clears it.
    m_typeFilter = m_typeFilter == level ? QString() : level;
    const QSignalBlocker blocker(m_filter);
    m_filter->setText(m_typeFilter);
    m_proxy->setFilterFixedString(m_typeFilter);
}

void ApiStatsPanel::rebuild()
{
    const ProfilePtr profile = m_state ? m_state->profile() : nullptr;
    if (!profile || !hasApiStatistics(*profile)) {
        AnalysisService::instance()->cancel(this, QStringLiteral("api"));
        applyStatistics({}, false, 0);
        return;
    }
    // Merged over every rank, ranks without api_statistic.csv read the CANN API calls of their
    // whole timeline (1024 ranks: tens of ms): a job; the table keeps what it shows until then.
    const int rankIndex = m_scope->currentData().isValid() ? m_scope->currentData().toInt() : -1;
    struct Result
    {
        std::vector<ApiStat> stats;
        int fromTimeline = 0;
    };
    AnalysisService::instance()->request<std::shared_ptr<Result>>(
        this, QStringLiteral("api"),
        [profile, rankIndex](const JobToken&) {
            auto result = std::make_shared<Result>();
            result->stats = apiStatistics(*profile, rankIndex, &result->fromTimeline);
            return result;
        },
        [this, profile, rankIndex](std::shared_ptr<Result> result) {
            if (m_state && profile == m_state->profile())
                applyStatistics(std::move(result->stats), rankIndex < 0, result->fromTimeline);
        });
}

void ApiStatsPanel::applyStatistics(std::vector<ApiStat> stats, bool merged, int fromTimeline)
{
    m_model->setStatistics(std::move(stats), merged);
    if (!hasData()) {
        rebuildCharts();
        return;
    }
    TimeNs total = 0;
    qint64 calls = 0;
    for (const ApiStat& s : m_model->statistics()) {
        total += s.totalNs;
        calls += s.count;
    }
    m_table->resizeColumnsToContents();
    const int nameColumn = m_model->section(ApiStatModel::NameColumn);
    m_table->setColumnWidth(nameColumn, std::min(m_table->columnWidth(nameColumn), 320));
    QString summary = tr("%n API(s), %1 calls, %2 ms in all", nullptr, m_model->rowCount()).arg(calls).arg(msText(total));
    if (fromTimeline > 0)
        summary += QStringLiteral(" · ")
            + tr("%n rank(s) without api_statistic.csv: from the CANN API calls of the timeline", nullptr, fromTimeline);
    m_summary->setText(summary);
    rebuildCharts();
}

void ApiStatsPanel::rebuildCharts()
{
    const QPalette pal = palette();
    const std::vector<ApiTypeStat> types = apiTypeStatistics(m_model->statistics());

    // Donut: time per API type.
    auto* donut = new QChart;
    styleChart(donut, pal);
    donut->setTitle(tr("Time by API type"));
    auto* pie = new QPieSeries(donut);
    pie->setHoleSize(0.45);
    pie->setPieSize(0.8);
    TimeNs all = 0;
    for (const ApiTypeStat& t : types)
        all += t.totalNs;
    for (std::size_t i = 0; i < types.size(); ++i) {
        const ApiTypeStat& t = types[i];
        const double share = all > 0 ? 100.0 * double(t.totalNs) / double(all) : 0.0;
        auto* slice = pie->append(tr("%1 · %2%").arg(t.level.isEmpty() ? tr("(no type)") : t.level).arg(share, 0, 'f', 1),
                                  double(t.totalNs) / 1e6);
        slice->setColor(typeColor(int(i)));
        slice->setBorderColor(pal.color(QPalette::Base));
        slice->setLabelVisible(false); // the legend names every slice with its share
        slice->setLabelColor(pal.color(QPalette::Text));
        slice->setLabelPosition(QPieSlice::LabelOutside);
        const QString level = t.level;
        connect(slice, &QPieSlice::clicked, this, [this, level] { setTypeFilter(level); });
        const QString tip = tr("%1: %n API(s), %2 calls, %3 ms; click to show only this type", nullptr, int(t.apis))
                                .arg(level)
                                .arg(t.count)
                                .arg(msText(t.totalNs));
        connect(slice, &QPieSlice::hovered, this, [this, slice, tip](bool on) {
            slice->setExploded(on);
            if (on)
                QToolTip::showText(QCursor::pos(), tip, m_typeChart);
            else
                QToolTip::hideText();
        });
    }
    donut->addSeries(pie);
    donut->legend()->setAlignment(Qt::AlignRight);
    QChart* oldDonut = m_typeChart->chart();
    m_typeChart->setChart(donut);
    delete oldDonut;

    // Bars: the APIs with the most time, coloured like their type.
    auto* bars = new QChart;
    styleChart(bars, pal);
    bars->setTitle(tr("Top %1 APIs by total time (ms)").arg(kTopApis));
    auto* series = new QHorizontalStackedBarSeries(bars);
    const auto& stats = m_model->statistics();
    const int n = std::min<int>(kTopApis, int(stats.size()));
    QStringList categories;
    // One set per type so that each bar takes its type's colour; a bar is 0 in
    // the other sets, which stacking makes take no room.
    std::vector<QBarSet*> sets;
    for (std::size_t i = 0; i < types.size(); ++i) {
        auto* set = new QBarSet(types[i].level, series);
        set->setColor(typeColor(int(i)));
        set->setBorderColor(typeColor(int(i)));
        sets.push_back(set);
    }
    // Largest at the top: Qt puts the first category at the bottom.
    for (int row = n - 1; row >= 0; --row) {
        const ApiStat& s = stats[std::size_t(row)];
        QString name = s.apiName;
        if (name.size() > 34)
            name = name.left(32) + QStringLiteral("…");
        categories << name;
        for (std::size_t i = 0; i < types.size(); ++i)
            *sets[i] << (types[i].level == s.level ? double(s.totalNs) / 1e6 : 0.0);
    }
    for (QBarSet* set : sets)
        series->append(set);
    series->setBarWidth(0.7);
    bars->addSeries(series);
    auto* axisY = new QBarCategoryAxis(bars);
    axisY->append(categories);
    axisY->setLabelsColor(pal.color(QPalette::Text));
    axisY->setTruncateLabels(false); // the API names are the point of the chart
    auto* axisX = new QValueAxis(bars);
    axisX->setLabelsColor(pal.color(QPalette::Text));
    axisX->setLabelFormat(QStringLiteral("%.0f"));
    axisX->setGridLineColor(mutedTextColor(pal).lighter(isDarkPalette(pal) ? 60 : 160));
    bars->addAxis(axisY, Qt::AlignLeft);
    bars->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisY);
    series->attachAxis(axisX);
    // An explicit range first: nice numbers of the automatic one are NaN
    // while the chart has no size yet.
    axisX->setRange(0, n > 0 ? std::max(1e-3, double(stats.front().totalNs) / 1e6) : 1.0);
    axisX->applyNiceNumbers();
    bars->legend()->setVisible(false);
    QChart* oldBars = m_topChart->chart();
    m_topChart->setChart(bars);
    delete oldBars;
}

QString ApiStatsPanel::summaryText() const
{
    return m_summary->text();
}

QList<ExportItem> ApiStatsPanel::exportItems() const
{
    if (m_model->rowCount() == 0)
        return {};
    return { { QStringLiteral("resources-api-types"), m_typeChart, nullptr },
        { QStringLiteral("resources-api-top"), m_topChart, nullptr },
        { QStringLiteral("resources-api"), nullptr, m_proxy } };
}

} // namespace profscope
