// SPDX-License-Identifier: Apache-2.0
#include "resourcecharts.h"

#include "common/statuscolors.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QLegend>
#include <QStackedBarSeries>
#include <QValueAxis>

#include <algorithm>
#include <map>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::ResourcesPage)
};

QColor seriesColor(int i)
{
    static const QRgb colors[] = { 0x4e79a7, 0xf28e2b, 0x59a14f, 0xe15759, 0x76b7b2, 0xedc948, 0xb07aa1, 0xff9da7 };
    return QColor(colors[i % int(std::size(colors))]);
}

void addAxes(QChart* chart, QStackedBarSeries* series, const QStringList& categories, const QString& valueTitle,
             double maxValue, const QPalette& palette)
{
    auto* x = new QBarCategoryAxis(chart);
    x->append(categories);
    x->setLabelsColor(palette.color(QPalette::Text));
    if (categories.size() > 16)
        x->setLabelsAngle(-90);
    auto* y = new QValueAxis(chart);
    y->setLabelsColor(palette.color(QPalette::Text));
    y->setTitleText(valueTitle);
    y->setTitleBrush(palette.color(QPalette::Text));
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setGridLineColor(mutedTextColor(palette).lighter(isDarkPalette(palette) ? 60 : 170));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    // An explicit range first: nice numbers of the automatic one are NaN
    // while the chart has no size yet.
    y->setRange(0, maxValue > 0 ? maxValue : 1.0);
    y->applyNiceNumbers();
}

} // namespace

void styleChart(QChart* chart, const QPalette& palette)
{
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->setBackgroundRoundness(0);
    chart->setTitleBrush(palette.color(QPalette::Text));
    chart->legend()->setLabelColor(palette.color(QPalette::Text));
    chart->setMargins(QMargins(4, 4, 4, 4));
}

QChart* makeFlopsChart(const ClusterFlops& flops, const QPalette& palette)
{
    auto* chart = new QChart;
    styleChart(chart, palette);
    chart->setTitle(Tr::tr("FLOPs per device (M)"));
    auto* series = new QStackedBarSeries(chart);
    // One set per stage (stage -1: layout unknown): each bar takes its stage's colour.
    std::map<int, QBarSet*> sets;
    for (const ClusterFlopsEntry& e : flops.entries)
        if (!sets.count(e.stage)) {
            const QString name = e.stage > 0 ? Tr::tr("Stage %1").arg(e.stage) : Tr::tr("FLOPs (M)");
            auto* set = new QBarSet(name, series);
            set->setColor(seriesColor(int(sets.size())));
            set->setBorderColor(seriesColor(int(sets.size())));
            sets[e.stage] = set;
        }
    QStringList categories;
    for (const ClusterFlopsEntry& e : flops.entries) {
        categories << QString::number(e.rankId);
        for (auto& [stage, set] : sets)
            *set << (stage == e.stage ? e.flopsM : 0.0);
    }
    for (auto& [stage, set] : sets)
        series->append(set);
    series->setBarWidth(0.7);
    chart->addSeries(series);
    addAxes(chart, series, categories, Tr::tr("MFLOPs"), flops.maxFlopsM, palette);
    chart->legend()->setVisible(sets.size() > 1 || sets.count(-1) == 0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    return chart;
}

QChart* makeMemoryChart(const ClusterMemory& memory, const QPalette& palette)
{
    auto* chart = new QChart;
    styleChart(chart, palette);
    chart->setTitle(memory.anyCapacity ? Tr::tr("Peak memory and capacity per device (MB)") : Tr::tr("Peak memory per device (MB)"));
    auto* series = new QStackedBarSeries(chart);
    auto* peak = new QBarSet(Tr::tr("Peak"), series);
    peak->setColor(QColor(0x2d9cbc));
    peak->setBorderColor(QColor(0x2d9cbc));
    QBarSet* headroom = nullptr;
    if (memory.anyCapacity) {
        headroom = new QBarSet(Tr::tr("Free up to the capacity"), series);
        const QColor light = mutedTextColor(palette).lighter(isDarkPalette(palette) ? 70 : 180);
        headroom->setColor(light);
        headroom->setBorderColor(light);
    }
    QStringList categories;
    for (const ClusterMemoryEntry& e : memory.entries) {
        categories << QString::number(e.rankId);
        *peak << e.peakMB;
        if (headroom)
            *headroom << (e.ratioOfCapacity ? std::max(0.0, e.capacityMB - e.peakMB) : 0.0);
    }
    series->append(peak);
    if (headroom)
        series->append(headroom);
    series->setBarWidth(0.7);
    chart->addSeries(series);
    double maxMB = memory.maxPeakMB;
    for (const ClusterMemoryEntry& e : memory.entries)
        maxMB = std::max(maxMB, e.ratioOfCapacity ? e.capacityMB : e.peakMB);
    addAxes(chart, series, categories, Tr::tr("MB"), maxMB, palette);
    chart->legend()->setVisible(headroom != nullptr);
    chart->legend()->setAlignment(Qt::AlignBottom);
    return chart;
}

} // namespace profscope
