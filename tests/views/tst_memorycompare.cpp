// SPDX-License-Identifier: Apache-2.0
// The Memory page in run comparison (issue 16): level1 as the base run,
// level2 as the comparison run. The peaks are read here from both
// memory_record.csv files (columns by header name) and the step starts from
// both trace_view.json files, with no code of the loader.

#include "common/vectorplot.h"
#include "common/viewstate.h"
#include "load/profileloader.h"
#include "memory/memorypage.h"
#include "testsupport.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QTest>

#include <cmath>

using namespace profscope;

namespace {

QString fileOf(int level, int rank, const QString& name)
{
    QDirIterator it(test::textRank(level, rank), { name }, QDir::Files, QDirIterator::Subdirectories);
    return it.hasNext() ? it.next() : QString();
}

// max "Total Allocated(MB)" of the rows of `component`.
double peakAllocatedMB(const QString& csv, const QString& component)
{
    QFile f(csv);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return -1;
    const QStringList header = QString::fromUtf8(f.readLine()).trimmed().split(QLatin1Char(','));
    const int comp = int(header.indexOf(QStringLiteral("Component")));
    const int alloc = int(header.indexOf(QStringLiteral("Total Allocated(MB)")));
    if (comp < 0 || alloc < 0)
        return -1;
    double peak = -1;
    while (!f.atEnd()) {
        const QStringList cells = QString::fromUtf8(f.readLine()).trimmed().split(QLatin1Char(','));
        if (cells.size() <= std::max(comp, alloc) || cells[comp].trimmed() != component)
            continue;
        bool ok = false;
        const double v = cells[alloc].trimmed().toDouble(&ok);
        if (ok)
            peak = std::max(peak, v);
    }
    return peak;
}

qint64 stepStartNs(const QString& traceView, const QString& step)
{
    return test::referenceSliceStartNs(traceView, QStringLiteral("ProfilerStep#") + step);
}

} // namespace

class TestMemoryCompare : public QObject
{
    Q_OBJECT
private slots:
    void peakDeltaOfTwoRuns_data();
    void peakDeltaOfTwoRuns();
    void curvesAlignedOnStep();
};

void TestMemoryCompare::peakDeltaOfTwoRuns_data()
{
    QTest::addColumn<int>("baseLevel");
    QTest::addColumn<int>("otherLevel");
    QTest::addColumn<int>("rank");
    QTest::newRow("level1 vs level2, rank 0") << 1 << 2 << 0;
    QTest::newRow("level1 vs level2, rank 1") << 1 << 2 << 1;
    QTest::newRow("level2 vs level1, rank 1") << 2 << 1 << 1;
}

void TestMemoryCompare::peakDeltaOfTwoRuns()
{
    QFETCH(int, baseLevel);
    QFETCH(int, otherLevel);
    QFETCH(int, rank);
    ViewState state;
    state.setProfile(ProfileLoader::load({ test::textRank(baseLevel, 0), test::textRank(baseLevel, 1) }));
    state.setComparisonProfile(ProfileLoader::load({ test::textRank(otherLevel, 0), test::textRank(otherLevel, 1) }));
    state.setCurrentRank(rank);
    MemoryPage page(&state);
    QVERIFY(!page.isEmptyStateShown());

    const double basePeak = peakAllocatedMB(fileOf(baseLevel, rank, QStringLiteral("memory_record.csv")), QStringLiteral("PTA"));
    const double otherPeak = peakAllocatedMB(fileOf(otherLevel, rank, QStringLiteral("memory_record.csv")), QStringLiteral("PTA"));
    QVERIFY(basePeak > 0 && otherPeak > 0);

    const auto d = page.peakDelta();
    QVERIFY(d.has_value());
    QCOMPARE(d->component, QStringLiteral("PTA"));
    QCOMPARE(d->metric, MemoryCurve::Metric::Allocated);
    QVERIFY(d->sameCurve);
    QCOMPARE(d->basePeakMB, basePeak);
    QCOMPARE(d->otherPeakMB, otherPeak);
    QVERIFY(std::abs(d->deltaMB() - (otherPeak - basePeak)) < 1e-9);
    QVERIFY(d->deltaPercent().has_value());
    QVERIFY(std::abs(*d->deltaPercent() - 100.0 * (otherPeak - basePeak) / basePeak) < 1e-9);

    // The line says it: both peaks, the delta and the percentage, to 0.1.
    auto* label = page.findChild<QLabel*>(QStringLiteral("memoryPeakDelta"));
    QVERIFY(label && !label->isHidden());
    const QString text = label->text();
    QVERIFY2(text.contains(QString::number(basePeak, 'f', 1)), qPrintable(text));
    QVERIFY2(text.contains(QString::number(otherPeak, 'f', 1)), qPrintable(text));
    QVERIFY2(text.contains(QString::number(std::abs(otherPeak - basePeak), 'f', 1)), qPrintable(text));
    QVERIFY2(text.contains(QString::number(std::abs(100.0 * (otherPeak - basePeak) / basePeak), 'f', 1) + QLatin1Char('%')),
        qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("B \u00b7 rank %1").arg(rank)), qPrintable(text));

    // The comparison run's curves are there, labelled as run B.
    bool bCurve = false;
    for (const QString& n : page.curveNames())
        bCurve = bCurve || n.startsWith(QStringLiteral("B \u00b7 rank %1").arg(rank));
    QVERIFY2(bCurve, qPrintable(page.curveNames().join(QLatin1Char('|'))));

    // Without the second run no delta line.
    state.setComparisonProfile(nullptr);
    QVERIFY(!page.peakDelta().has_value());
    QVERIFY(label->isHidden());

    const QString dir = qEnvironmentVariable("PROFSCOPE_SCREENSHOT_DIR");
    if (!dir.isEmpty() && rank == 0 && baseLevel == 1) {
        state.setComparisonProfile(ProfileLoader::load({ test::textRank(otherLevel, 0), test::textRank(otherLevel, 1) }));
        page.resize(1300, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.grab().save(dir + QStringLiteral("/memory-compare.png"));
    }
}

void TestMemoryCompare::curvesAlignedOnStep()
{
    ViewState state;
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) }));
    state.setComparisonProfile(ProfileLoader::load({ test::textRank(2, 0), test::textRank(2, 1) }));
    MemoryPage page(&state);
    const qint64 baseStart = stepStartNs(fileOf(1, 0, QStringLiteral("trace_view.json")), QStringLiteral("50"));
    const qint64 otherStart = stepStartNs(fileOf(2, 0, QStringLiteral("trace_view.json")), QStringLiteral("50"));
    QVERIFY(baseStart > 0 && otherStart > 0);
    const auto a = page.comparisonAlignment();
    QVERIFY(a.has_value());
    QVERIFY(a->onStep);
    QCOMPARE(a->deltaNs, baseStart - otherStart);
    // The step start of either run is the same x on the plot: the base
    // curves are at (ts - origin) ms, B's at (ts + delta - origin) ms.
    const double baseX = double(baseStart - page.originNs()) / 1e6;
    const double otherX = double(otherStart + a->deltaNs - page.originNs()) / 1e6;
    QCOMPARE(otherX, baseX);
    // And B's PTA allocated curve is plotted with that shift: its first point.
    QCPGraph* bGraph = nullptr;
    for (int i = 0; i < page.plot()->graphCount(); ++i)
        if (page.plot()->graph(i)->name() == QStringLiteral("B \u00b7 rank 0 \u00b7 PTA allocated"))
            bGraph = page.plot()->graph(i);
    QVERIFY(bGraph);
    QVERIFY(!bGraph->data()->isEmpty());
    // The first PTA row of level2's memory_record.csv, read here.
    QFile f(fileOf(2, 0, QStringLiteral("memory_record.csv")));
    QVERIFY(f.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList header = QString::fromUtf8(f.readLine()).trimmed().split(QLatin1Char(','));
    const int comp = int(header.indexOf(QStringLiteral("Component")));
    const int tsCol = int(header.indexOf(QStringLiteral("Timestamp(us)")));
    const int alloc = int(header.indexOf(QStringLiteral("Total Allocated(MB)")));
    qint64 firstTs = -1;
    while (!f.atEnd() && firstTs < 0) {
        const QStringList cells = QString::fromUtf8(f.readLine()).trimmed().split(QLatin1Char(','));
        if (cells.size() > alloc && cells[comp] == QLatin1String("PTA") && !cells[alloc].trimmed().isEmpty()) {
            const QString s = cells[tsCol].trimmed();
            const qsizetype dot = s.indexOf(QLatin1Char('.'));
            firstTs = s.left(dot).toLongLong() * 1000 + QString(s.mid(dot + 1) + QStringLiteral("000")).left(3).toLongLong();
        }
    }
    QVERIFY(firstTs > 0);
    const double expectedX = double(firstTs + a->deltaNs - page.originNs()) / 1e6;
    QVERIFY2(std::abs(bGraph->data()->constBegin()->key - expectedX) < 1e-6,
        qPrintable(QStringLiteral("%1 vs %2").arg(bGraph->data()->constBegin()->key).arg(expectedX)));
}

QTEST_MAIN(TestMemoryCompare)
#include "tst_memorycompare.moc"
