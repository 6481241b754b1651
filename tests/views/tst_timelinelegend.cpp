// SPDX-License-Identifier: Apache-2.0
// Units and labels of the timeline: every flow category of the trace is in
// the legend (async_npu too), the ones switched off faded and a click away;
// durations in µs; counters with their unit and readable numbers.
#include "common/viewstate.h"
#include "load/profileloader.h"
#include "testsupport.h"
#include "timeline/timeformat.h"
#include "timeline/timelinelegend.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelinepage.h"
#include "timeline/timelinewidget.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTest>

using namespace profscope;

class TestTimelineLegend : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void flowCategoriesInLegend();
    void durations_data();
    void durations();
    void counterValues_data();
    void counterValues();
    void counterLaneUnits();
};

void TestTimelineLegend::flowCategoriesInLegend()
{
    const QString rank = test::textRank(1, 0);
    // The flow categories of the trace, read here with QJsonDocument.
    QFile f(rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QSet<QString> expected;
    for (const QJsonValue& v : QJsonDocument::fromJson(f.readAll()).array()) {
        const QJsonObject e = v.toObject();
        const QString ph = e.value(QStringLiteral("ph")).toString();
        if (ph == QLatin1String("s") || ph == QLatin1String("f"))
            expected.insert(e.value(QStringLiteral("cat")).toString());
    }
    QVERIFY(expected.contains(QStringLiteral("async_npu")));

    ViewState state;
    TimelinePage page(&state);
    page.resize(1400, 800);
    page.show();
    state.setProfile(ProfileLoader::load({ rank }));
    TimelineLegend* legend = page.legend();
    const QStringList shown = legend->flowCategories();
    QCOMPARE(QSet<QString>(shown.begin(), shown.end()), expected);
    // HostToDevice on by default, async_npu listed but off.
    QVERIFY(legend->isFlowEnabled(QStringLiteral("HostToDevice")));
    QVERIFY(!legend->isFlowEnabled(QStringLiteral("async_npu")));
    // A click on async_npu in the legend draws its flows.
    const QRect r = legend->flowRect(QStringLiteral("async_npu"));
    QVERIFY(!r.isEmpty());
    QTest::mouseClick(legend, Qt::LeftButton, {}, r.center());
    QVERIFY(page.timeline()->enabledFlowCategories().contains(QStringLiteral("async_npu")));
    QVERIFY(legend->isFlowEnabled(QStringLiteral("async_npu")));
    // And off again.
    QTest::mouseClick(legend, Qt::LeftButton, {}, legend->flowRect(QStringLiteral("async_npu")).center());
    QVERIFY(!page.timeline()->enabledFlowCategories().contains(QStringLiteral("async_npu")));
}

void TestTimelineLegend::durations_data()
{
    QTest::addColumn<double>("ns");
    QTest::addColumn<QString>("text");
    QTest::newRow("ns") << 850.0 << QStringLiteral("850 ns");
    QTest::newRow("µs") << 12400.0 << QStringLiteral("12.40 µs");
    QTest::newRow("ms") << 3050000.0 << QStringLiteral("3.050 ms");
}

void TestTimelineLegend::durations()
{
    QFETCH(double, ns);
    QFETCH(QString, text);
    QCOMPARE(formatDurationNs(ns), text);
}

void TestTimelineLegend::counterValues_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("unit");
    QTest::addColumn<QString>("text");
    // 2164460 KB / 1024 = 2113.73 MB; / 1024 = 2.064 GB.
    QTest::newRow("KB to GB") << QStringLiteral("KB") << 2164460.0 << QStringLiteral("KB") << QStringLiteral("2.064 GB");
    QTest::newRow("KB small") << QStringLiteral("KB") << 512.0 << QStringLiteral("KB") << QStringLiteral("512 KB");
    QTest::newRow("MB/s") << QStringLiteral("Read(MB/s)") << 11.586027664222836 << QStringLiteral("MB/s")
                          << QStringLiteral("11.59 MB/s");
    QTest::newRow("MB/s large") << QStringLiteral("Throughput(MB/s)") << 20480.0 << QStringLiteral("MB/s")
                                << QStringLiteral("20 GB/s");
    QTest::newRow("MHz") << QStringLiteral("MHz") << 1800.0 << QStringLiteral("MHz") << QStringLiteral("1,800 MHz");
    QTest::newRow("percent") << QStringLiteral("Hit Rate(%)") << 0.856 << QStringLiteral("%") << QStringLiteral("0.856 %");
    QTest::newRow("no unit") << QStringLiteral("value") << 45.0 << QString() << QStringLiteral("45");
}

void TestTimelineLegend::counterValues()
{
    QFETCH(QString, key);
    QFETCH(double, value);
    QFETCH(QString, unit);
    QFETCH(QString, text);
    QCOMPARE(counterUnit(key), unit);
    QCOMPARE(formatCounterValue(value, unit), text);
}

void TestTimelineLegend::counterLaneUnits()
{
    ViewState state;
    TimelinePage page(&state);
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0) }));
    const TimelineModel& m = page.timeline()->model();
    QHash<QString, QString> units;
    for (std::size_t i = 0; i < m.lanes().size(); ++i)
        if (m.lanes()[i].kind == LaneKind::Counter)
            units.insert(m.lanes()[i].title, m.lanes()[i].subtitle);
    // Keys in trace_view.json: {"MHz": 1800}, {"KB": ...}, {"Read(MB/s)": ...}, {"value": 45}.
    QCOMPARE(units.value(QStringLiteral("AI Core Freq")), QStringLiteral("MHz"));
    QCOMPARE(units.value(QStringLiteral("APP/HBM")), QStringLiteral("KB"));
    QCOMPARE(units.value(QStringLiteral("HBM 0/Read")), QStringLiteral("MB/s"));
    QCOMPARE(units.value(QStringLiteral("QoS OTHERS")), QString());
}

QTEST_MAIN(TestTimelineLegend)
#include "tst_timelinelegend.moc"
