// SPDX-License-Identifier: Apache-2.0
// The Operators page offscreen on the real torch_npu ranks: the op table
// against op_statistic.csv, the debounced filter, compare mode against sums
// of each rank's kernel_details.csv, timeline navigation, export, and the
// empty states. Expected values are read from the CSV files by the test.

#include "common/export.h"
#include "common/viewstate.h"
#include "generate/clustergenerator.h"
#include "itemmodels/operatorcomparemodel.h"
#include "itemmodels/operatorstatmodel.h"
#include "load/profileloader.h"
#include "operators/barchart.h"
#include "operators/operatorspage.h"
#include "testsupport.h"
#include "viewtestsupport.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPalette>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>
#include <set>

using namespace profscope;

namespace {

// A small RFC 4180 reader (quoted fields with doubled quotes), independent of
// the core's CSV reader. Returns records of trimmed fields.
QList<QStringList> readCsv(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QString text = QString::fromUtf8(f.readAll());
    QList<QStringList> records;
    QStringList record;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
                    field += c;
                    ++i;
                } else
                    quoted = false;
            } else
                field += c;
        } else if (c == QLatin1Char('"'))
            quoted = true;
        else if (c == QLatin1Char(','))
            record << field.trimmed(), field.clear();
        else if (c == QLatin1Char('\n')) {
            record << field.trimmed();
            field.clear();
            records << record;
            record.clear();
        } else if (c != QLatin1Char('\r'))
            field += c;
    }
    if (!field.isEmpty() || !record.isEmpty())
        records << (record << field.trimmed());
    return records;
}

// Rows as header -> value maps.
QList<QMap<QString, QString>> readCsvMaps(const QString& path)
{
    const auto records = readCsv(path);
    QList<QMap<QString, QString>> out;
    for (qsizetype r = 1; r < records.size(); ++r) {
        QMap<QString, QString> m;
        for (qsizetype c = 0; c < records[0].size() && c < records[r].size(); ++c)
            m[records[0][c]] = records[r][c];
        out << m;
    }
    return out;
}

QString outputFile(const QString& rankDir, const QString& name)
{
    return rankDir + QStringLiteral("/ASCEND_PROFILER_OUTPUT/") + name;
}

// Exact for epoch timestamps too (a double holds only ~16 digits).
qint64 usToNs(const QString& us)
{
    const QString t = us.trimmed();
    const bool negative = t.startsWith(QLatin1Char('-'));
    const QStringList parts = (negative ? t.mid(1) : t).split(QLatin1Char('.'));
    QString frac = parts.size() > 1 ? parts[1] : QString();
    const qint64 ns =
        parts[0].toLongLong() * 1000 + qint64(std::llround(QString(QStringLiteral("0.") + frac).toDouble() * 1000.0));
    return negative ? -ns : ns;
}

int columnOf(const QAbstractItemModel* model, const QString& header)
{
    for (int c = 0; c < model->columnCount(); ++c)
        if (model->headerData(c, Qt::Horizontal).toString() == header)
            return c;
    return -1;
}

QString cell(const QAbstractItemModel* model, int row, const QString& header)
{
    return model->index(row, columnOf(model, header)).data().toString();
}

} // namespace

class TestOperatorsPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tableMatchesOpStatistic_data();
    void tableMatchesOpStatistic();
    void valueLabelsStayInTheChart();
    void groupingsAndTopN();
    void filterIsDebounced();
    void stepFiltersKernels();
    void compareModeDeltas();
    void compareByNameAndOneSided();
    void doubleClickOpensTimeline();
    void operatorRequestFilters();
    void exportWritesFiles();
    void emptyStates();
    void screenshots();
};

void TestOperatorsPage::tableMatchesOpStatistic_data()
{
    QTest::addColumn<int>("level");
    QTest::addColumn<int>("rank");
    QTest::newRow("level1 rank0") << 1 << 0;
    QTest::newRow("level1 rank1") << 1 << 1;
    QTest::newRow("level2 rank0") << 2 << 0;
}

void TestOperatorsPage::tableMatchesOpStatistic()
{
    QFETCH(int, level);
    QFETCH(int, rank);
    ViewState state;
    OperatorsPage page(&state);
    QAbstractItemModelTester tester(page.statModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    state.setProfile(ProfileLoader::load({ test::textRank(level, rank) }));
    QVERIFY(!page.isEmptyStateShown());
    const QAbstractItemModel* table = page.statProxy();

    const auto expected = readCsvMaps(outputFile(test::textRank(level, rank), QStringLiteral("op_statistic.csv")));
    QVERIFY(expected.size() > 10);
    int matched = 0;
    for (const auto& row : expected) {
        bool found = false;
        for (int r = 0; r < table->rowCount(); ++r) {
            if (cell(table, r, QStringLiteral("Type")) != row[QStringLiteral("OP Type")]
                || cell(table, r, QStringLiteral("Core")) != row[QStringLiteral("Core Type")])
                continue;
            found = true;
            QCOMPARE(cell(table, r, QStringLiteral("Count")).toLongLong(), row[QStringLiteral("Count")].toLongLong());
            const double total = cell(table, r, QStringLiteral("Total (us)")).toDouble();
            QVERIFY2(std::abs(total - row[QStringLiteral("Total Time(us)")].toDouble()) <= 0.05,
                qPrintable(row[QStringLiteral("OP Type")]));
            QVERIFY(std::abs(cell(table, r, QStringLiteral("Max (us)")).toDouble()
                        - row[QStringLiteral("Max Time(us)")].toDouble())
                <= 0.05);
        }
        QVERIFY2(found, qPrintable(row[QStringLiteral("OP Type")]));
        ++matched;
    }
    // op_statistic.csv leaves out only the communication (HCCL) group.
    int hccl = 0;
    for (int r = 0; r < table->rowCount(); ++r)
        hccl += cell(table, r, QStringLiteral("Core")) == QLatin1String("HCCL");
    QCOMPARE(table->rowCount(), matched + hccl);
    // Sorted by total time, biggest first.
    for (int r = 1; r < table->rowCount(); ++r)
        QVERIFY(cell(table, r - 1, QStringLiteral("Total (us)")).toDouble()
            >= cell(table, r, QStringLiteral("Total (us)")).toDouble());
    // The type chart: top bars + "Others", all kernel time accounted for.
    TimeNs chartTotal = 0;
    for (const BarItem& b : page.typeChart()->bars())
        chartTotal += b.valueNs;
    TimeNs csvTotal = 0;
    for (const auto& k : readCsvMaps(outputFile(test::textRank(level, rank), QStringLiteral("kernel_details.csv"))))
        csvTotal += usToNs(k[QStringLiteral("Duration(us)")]);
    QCOMPARE(chartTotal, csvTotal);
    QCOMPARE(page.typeChart()->bars().size(), qsizetype(11)); // 10 + Others
    QVERIFY(page.typeChart()->bars().last().label.startsWith(QStringLiteral("Others")));
}

void TestOperatorsPage::valueLabelsStayInTheChart()
{
    // One long bar with a wide value label; the category names change between fills, which
    // changes the axis rect's width: the label must end inside it every time.
    HorizontalBarChart chart;
    chart.resize(420, 240);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    const auto fill = [&chart](const QString& longName, const QString& shortName) {
        QList<BarItem> bars;
        bars.append(BarItem { longName, 94'110'000, QStringLiteral("94.11 ms · 91.4%"), {} });
        bars.append(BarItem { shortName, 968'900, QStringLiteral("968.9 us · 0.9%"), {} });
        chart.setBars(bars);
    };
    const auto check = [&chart](const char* when) {
        chart.replot();
        const double right = chart.axisRect()->rect().right();
        for (QCPItemText* label : chart.valueLabels()) {
            const double labelRight = label->right->pixelPosition().x();
            QVERIFY2(labelRight <= right + 1.0,
                qPrintable(QStringLiteral("%1: label '%2' ends at %3 px, axis rect at %4 px")
                               .arg(QLatin1String(when), label->text())
                               .arg(labelRight)
                               .arg(right)));
        }
    };
    fill(QStringLiteral("A"), QStringLiteral("B"));
    check("short names");
    fill(QStringLiteral("MaxPoolGradWithArgmaxV1"), QStringLiteral("Conv2DBackpropFilter"));
    check("long names");
    chart.resize(330, 240);
    check("narrower");
}

void TestOperatorsPage::groupingsAndTopN()
{
    ViewState state;
    OperatorsPage page(&state);
    QAbstractItemModelTester tester(page.statModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0) }));
    const auto kernels = readCsvMaps(outputFile(test::textRank(1, 0), QStringLiteral("kernel_details.csv")));
    QSet<QString> names, nameShapes;
    for (const auto& k : kernels) {
        names.insert(k[QStringLiteral("Name")] + QLatin1Char('|') + k[QStringLiteral("Type")]);
        nameShapes.insert(k[QStringLiteral("Name")] + QLatin1Char('|') + k[QStringLiteral("Type")] + QLatin1Char('|')
            + k[QStringLiteral("Input Shapes")]);
    }
    page.setGrouping(OperatorGrouping::Name);
    QCOMPARE(page.statProxy()->rowCount(), int(names.size()));
    QVERIFY(columnOf(page.statProxy(), QStringLiteral("Name")) >= 0);
    QCOMPARE(columnOf(page.statProxy(), QStringLiteral("Input Shapes")), -1);
    page.setGrouping(OperatorGrouping::NameAndShape);
    QCOMPARE(page.statProxy()->rowCount(), int(nameShapes.size()));
    QVERIFY(columnOf(page.statProxy(), QStringLiteral("Input Shapes")) >= 0);
    page.setTopN(5);
    QCOMPARE(page.statProxy()->rowCount(), 5);
    QCOMPARE(page.typeChart()->bars().size(), qsizetype(6)); // 5 + Others
    page.setTopN(0);
    QCOMPARE(page.statProxy()->rowCount(), int(nameShapes.size()));
}

void TestOperatorsPage::filterIsDebounced()
{
    ViewState state;
    OperatorsPage page(&state);
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0) }));
    const int all = page.statProxy()->rowCount();
    const auto expected = readCsvMaps(outputFile(test::textRank(1, 0), QStringLiteral("op_statistic.csv")));
    int matching = 0;
    for (const auto& row : expected)
        matching += QString(row[QStringLiteral("OP Type")] + QLatin1Char(' ') + row[QStringLiteral("Core Type")])
                        .contains(QStringLiteral("matmul"), Qt::CaseInsensitive);
    QVERIFY(matching >= 2);
    QTest::keyClicks(page.filterEdit(), QStringLiteral("matmul"));
    // Nothing happens while the user types ...
    QCOMPARE(page.statProxy()->rowCount(), all);
    // ... and the filter applies once the typing pauses.
    QTRY_COMPARE_WITH_TIMEOUT(page.statProxy()->rowCount(), matching, 3000);
    for (int r = 0; r < page.statProxy()->rowCount(); ++r)
        QVERIFY(cell(page.statProxy(), r, QStringLiteral("Type")).contains(QStringLiteral("MatMul")));
    // Cores are searchable too.
    page.filterEdit()->setText(QStringLiteral("MIX_AIV"));
    page.applyFilterNow();
    int mix = 0;
    for (const auto& row : expected)
        mix += row[QStringLiteral("Core Type")] == QLatin1String("MIX_AIV");
    QCOMPARE(page.statProxy()->rowCount(), mix);
    // Another rank of the same profile keeps the filter; another profile starts without it.
    state.setProfile(ProfileLoader::load({ test::textRank(1, 1) }));
    QVERIFY(page.filterEdit()->text().isEmpty());
    // Every row of the new rank is shown: nothing filters them any more.
    QVERIFY(page.statProxy()->rowCount() > mix);
    QCOMPARE(page.statProxy()->rowCount(), page.statProxy()->sourceModel()->rowCount());
}

void TestOperatorsPage::stepFiltersKernels()
{
    QTemporaryDir dir;
    GeneratorOptions options;
    options.ranks = 1;
    options.steps = 3;
    options.ops = 10;
    QString error;
    QVERIFY2(generateCluster(dir.path(), options, &error), qPrintable(error));
    const ProfilePtr profile = ProfileLoader::load({ dir.path() });
    QCOMPARE(profile->ranks.size(), std::size_t(1));
    ViewState state;
    OperatorsPage page(&state);
    state.setProfile(profile);
    QVERIFY(state.steps().size() >= 2);
    const auto kernels =
        readCsvMaps(outputFile(profile->ranks[0]->info.rootPath, QStringLiteral("kernel_details.csv")));
    QVERIFY(!kernels.isEmpty());
    const auto countShown = [&page] {
        qint64 n = 0;
        for (int r = 0; r < page.statProxy()->rowCount(); ++r)
            n += cell(page.statProxy(), r, QStringLiteral("Count")).toLongLong();
        return n;
    };
    QCOMPARE(countShown(), qint64(kernels.size()));
    for (const QString& step : state.steps()) {
        state.setStep(step);
        qint64 expected = 0;
        for (const auto& k : kernels)
            expected += k[QStringLiteral("Step Id")] == step;
        QVERIFY(expected > 0);
        QCOMPARE(countShown(), expected);
    }
    state.setStep(QString());
    QCOMPARE(countShown(), qint64(kernels.size()));
}

void TestOperatorsPage::compareModeDeltas()
{
    ViewState state;
    OperatorsPage page(&state);
    QAbstractItemModelTester tester(page.compareModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    const ProfilePtr profile = ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) });
    QCOMPARE(profile->ranks.size(), std::size_t(2));
    state.setProfile(profile);
    state.setBaselineRank(0);
    state.setComparisonRank(1);
    QVERIFY(state.compareMode());
    QVERIFY(!page.isEmptyStateShown());
    QVERIFY(page.compareTable()->isVisibleTo(&page) || !page.isVisible());

    // Independent sums per Type of each rank's kernel_details.csv.
    std::map<QString, std::pair<qint64, qint64>> base, other; // type -> (count, ns)
    const auto sum = [](const QString& rankDir, std::map<QString, std::pair<qint64, qint64>>& out) {
        TimeNs total = 0;
        for (const auto& k : readCsvMaps(outputFile(rankDir, QStringLiteral("kernel_details.csv")))) {
            auto& [count, ns] = out[k[QStringLiteral("Type")]];
            ++count;
            ns += usToNs(k[QStringLiteral("Duration(us)")]);
            total += usToNs(k[QStringLiteral("Duration(us)")]);
        }
        return total;
    };
    const TimeNs baseTotal = sum(test::textRank(1, profile->ranks[0]->info.rankId), base);
    const TimeNs otherTotal = sum(test::textRank(1, profile->ranks[1]->info.rankId), other);
    QVERIFY(baseTotal != otherTotal);

    const QAbstractItemModel* table = page.compareProxy();
    std::set<QString> types;
    for (const auto& [t, v] : base)
        types.insert(t);
    for (const auto& [t, v] : other)
        types.insert(t);
    QCOMPARE(table->rowCount(), int(types.size()));
    TimeNs previousAbs = std::numeric_limits<TimeNs>::max();
    for (int r = 0; r < table->rowCount(); ++r) {
        const QString type = cell(table, r, QStringLiteral("Type"));
        const auto b = base.count(type) ? base[type] : std::pair<qint64, qint64> {};
        const auto o = other.count(type) ? other[type] : std::pair<qint64, qint64> {};
        QCOMPARE(cell(table, r, QStringLiteral("Baseline count")).toLongLong(), b.first);
        QCOMPARE(cell(table, r, QStringLiteral("Comparison count")).toLongLong(), o.first);
        QCOMPARE(usToNs(cell(table, r, QStringLiteral("Baseline total (us)"))), b.second);
        QCOMPARE(usToNs(cell(table, r, QStringLiteral("Comparison total (us)"))), o.second);
        const TimeNs delta = usToNs(cell(table, r, QStringLiteral("Delta (us)")));
        QCOMPARE(delta, o.second - b.second);
        if (b.second > 0)
            QVERIFY(std::abs(cell(table, r, QStringLiteral("Delta (%)")).toDouble()
                        - 100.0 * double(delta) / double(b.second))
                < 0.051);
        // Default order: |delta| descending.
        QVERIFY(std::abs(delta) <= previousAbs);
        previousAbs = std::abs(delta);
        const QString status = cell(table, r, QStringLiteral("Status"));
        if (b.first == 0)
            QCOMPARE(status, QStringLiteral("only in comparison"));
        else if (o.first == 0)
            QCOMPARE(status, QStringLiteral("only in baseline"));
    }
    // The summary names both totals.
    QVERIFY(page.summaryLabel()->text().contains(formatDurationText(baseTotal)));
    QVERIFY(page.summaryLabel()->text().contains(formatDurationText(otherTotal)));
    // The delta chart: biggest change first, sign kept.
    const auto& bars = page.typeChart()->bars();
    QVERIFY(!bars.isEmpty());
    const QString firstType = cell(table, 0, QStringLiteral("Type"));
    QCOMPARE(bars.first().label, firstType);
    QCOMPARE(bars.first().valueNs, usToNs(cell(table, 0, QStringLiteral("Delta (us)"))));
    // Export of the compare table: what is shown.
    QCOMPARE(page.exportItems().size(), qsizetype(2));
    QCOMPARE(page.exportItems().at(1).table, page.compareProxy());
}

void TestOperatorsPage::compareByNameAndOneSided()
{
    // A generated cluster has op names; two ranks of it differ in time only.
    QTemporaryDir dir;
    GeneratorOptions options;
    options.ranks = 2;
    options.steps = 2;
    options.ops = 12;
    options.slowRank = 1;
    QString error;
    QVERIFY2(generateCluster(dir.path(), options, &error), qPrintable(error));
    const ProfilePtr profile = ProfileLoader::load({ dir.path() });
    QCOMPARE(profile->ranks.size(), std::size_t(2));
    ViewState state;
    OperatorsPage page(&state);
    QAbstractItemModelTester tester(page.compareModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    state.setProfile(profile);
    state.setBaselineRank(0);
    state.setComparisonRank(1);
    page.setCompareByType(false);
    const QAbstractItemModel* table = page.compareProxy();
    QVERIFY(table->rowCount() > 0);
    QCOMPARE(table->headerData(0, Qt::Horizontal).toString(), QStringLiteral("Name"));
    // The slow rank's compute kernels run longer: the summed delta is positive.
    qint64 deltaNs = 0;
    for (int r = 0; r < table->rowCount(); ++r)
        deltaNs += usToNs(cell(table, r, QStringLiteral("Delta (us)")));
    QVERIFY(deltaNs > 0);
    // One step only: fewer kernels on each side.
    const qint64 allBase = [&] {
        qint64 n = 0;
        for (int r = 0; r < table->rowCount(); ++r)
            n += cell(table, r, QStringLiteral("Baseline count")).toLongLong();
        return n;
    }();
    QVERIFY(state.steps().size() >= 2);
    state.setStep(state.steps().first());
    qint64 stepBase = 0;
    for (int r = 0; r < table->rowCount(); ++r)
        stepBase += cell(table, r, QStringLiteral("Baseline count")).toLongLong();
    QVERIFY(stepBase > 0 && stepBase < allBase);

    // One-sided rows are named as such, straight from the model.
    OperatorCompareModel model;
    QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    OperatorDelta onlyBase { QStringLiteral("Foo"), QStringLiteral("Foo"), 3, 0, 0, 3000, 0 };
    OperatorDelta onlyOther { QStringLiteral("Bar"), QStringLiteral("Bar"), 0, 2, 0, 0, 5000 };
    model.setDeltas({ onlyOther, onlyBase }, true);
    QCOMPARE(
        model.index(0, OperatorCompareModel::StatusColumn).data().toString(), QStringLiteral("only in comparison"));
    QCOMPARE(model.index(1, OperatorCompareModel::StatusColumn).data().toString(), QStringLiteral("only in baseline"));
    QCOMPARE(model.index(1, OperatorCompareModel::DeltaColumn).data().toString(), QStringLiteral("-3.000"));
    QCOMPARE(model.index(0, OperatorCompareModel::DeltaPercentColumn).data().toString(), QStringLiteral("-"));
}

void TestOperatorsPage::doubleClickOpensTimeline()
{
    ViewState state;
    OperatorsPage page(&state);
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0) }));
    page.setGrouping(OperatorGrouping::Name);
    QSignalSpy spy(&state, &ViewState::timelineRequested);
    const QString name = cell(page.statProxy(), 0, QStringLiteral("Name"));
    page.openTimelineForRow(0);
    QCOMPARE(spy.count(), 1);
    // The longest kernel of that name in kernel_details.csv.
    qint64 bestDur = -1, bestStart = 0;
    for (const auto& k : readCsvMaps(outputFile(test::textRank(1, 0), QStringLiteral("kernel_details.csv")))) {
        if (k[QStringLiteral("Name")] != name)
            continue;
        const qint64 dur = usToNs(k[QStringLiteral("Duration(us)")]);
        if (dur > bestDur) {
            bestDur = dur;
            bestStart = usToNs(k[QStringLiteral("Start Time(us)")]);
        }
    }
    QVERIFY(bestDur > 0);
    const auto args = spy.takeFirst();
    QCOMPARE(args.at(0).toInt(), 0);
    QVERIFY2(std::abs(args.at(1).toLongLong() - bestStart) <= 1,
        qPrintable(QStringLiteral("%1 vs %2 (%3)").arg(args.at(1).toLongLong()).arg(bestStart).arg(name)));
    QVERIFY(std::abs(args.at(2).toLongLong() - (bestStart + bestDur)) <= 2);
    QCOMPARE(args.at(3).toString(), name);
}

void TestOperatorsPage::operatorRequestFilters()
{
    ViewState state;
    OperatorsPage page(&state);
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0) }));
    state.requestOperator(0, QStringLiteral("Conv2D"));
    QCOMPARE(page.filterEdit()->text(), QStringLiteral("Conv2D"));
    QVERIFY(page.statProxy()->rowCount() >= 1);
    QVERIFY(page.statProxy()->rowCount() < page.statModel()->rowCount());
    const QModelIndexList selected = page.statTable()->selectionModel()->selectedRows();
    QCOMPARE(selected.size(), qsizetype(1));
    QCOMPARE(selected.first().data().toString(), QStringLiteral("Conv2D"));
    // A name that is not a type switches to the op-name grouping.
    const auto kernels = readCsvMaps(outputFile(test::textRank(1, 0), QStringLiteral("kernel_details.csv")));
    const QString opName = kernels.first()[QStringLiteral("Name")];
    state.requestOperator(0, opName);
    QCOMPARE(page.grouping(), OperatorGrouping::Name);
    QVERIFY(page.statProxy()->rowCount() >= 1);
    QCOMPARE(page.statTable()->selectionModel()->selectedRows().first().data().toString(), opName);
}

void TestOperatorsPage::exportWritesFiles()
{
    ViewState state;
    OperatorsPage page(&state);
    state.setProfile(ProfileLoader::load({ test::textRank(2, 0) }));
    page.filterEdit()->setText(QStringLiteral("AI_CORE"));
    page.applyFilterNow();
    const int shown = page.statProxy()->rowCount();
    QVERIFY(shown > 0 && shown < page.statModel()->rowCount());
    QTemporaryDir dir;
    QStringList errors;
    const QStringList files = exportPage(page, dir.path(), &errors, QSize(1200, 420));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    QString png, svg, csv;
    for (const QString& f : files) {
        if (f.endsWith(QLatin1String(".png")))
            png = f;
        else if (f.endsWith(QLatin1String(".svg")))
            svg = f;
        else if (f.endsWith(QLatin1String(".csv")))
            csv = f;
    }
    QImage image(png);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), QSize(1200, 420));
    // Not blank: the bars draw in more than the background colour.
    QSet<QRgb> colors;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colors.insert(image.pixel(x, y));
    QVERIFY(colors.size() > 5);
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgText = svgFile.readAll();
    QVERIFY(svgText.contains("<svg"));
    QVERIFY(svgText.contains("MatMulV2")); // text, not a pixmap
    const auto records = readCsv(csv);
    QCOMPARE(records.size(), qsizetype(shown + 1));
    QCOMPARE(records.first().first(), QStringLiteral("Type"));
    // Each exported row is one shown.
    for (qsizetype r = 1; r < records.size(); ++r)
        QCOMPARE(records[r].first(), page.statProxy()->index(int(r - 1), 0).data().toString());
}

void TestOperatorsPage::emptyStates()
{
    ViewState state;
    OperatorsPage page(&state);
    QVERIFY(page.isEmptyStateShown());
    QVERIFY(page.emptyText().contains(QStringLiteral("No profile")));
    QVERIFY(page.exportItems().isEmpty());

    // A rank without kernel_details.csv but with op_statistic.csv (a
    // summary-only copy) shows the profiler's per-type statistics.
    QTemporaryDir dir;
    const QString rankDir = dir.filePath(QStringLiteral("rank0_ascend_pt"));
    QVERIFY(test::copyTree(test::textRank(1, 0), rankDir));
    QVERIFY(QFile::remove(rankDir + QStringLiteral("/ASCEND_PROFILER_OUTPUT/kernel_details.csv")));
    QFile opStatistic(rankDir + QStringLiteral("/ASCEND_PROFILER_OUTPUT/op_statistic.csv"));
    QVERIFY(opStatistic.open(QIODevice::ReadOnly));
    const qsizetype opStatisticRows
        = QString::fromUtf8(opStatistic.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts).size() - 1;
    opStatistic.close();
    ProfilePtr profile = ProfileLoader::load({ rankDir });
    QCOMPARE(profile->ranks.size(), std::size_t(1));
    if (profile->ranks[0]->kernels)
        QSKIP("the loader rebuilt a kernel table without kernel_details.csv");
    state.setProfile(profile);
    QVERIFY(!page.isEmptyStateShown());
    QCOMPARE(qsizetype(page.statProxy()->rowCount()), opStatisticRows);

    // Without either, it says what it needs.
    QVERIFY(opStatistic.remove());
    profile = ProfileLoader::load({ rankDir });
    state.setProfile(profile);
    QVERIFY(page.isEmptyStateShown());
    QVERIFY(page.emptyText().contains(QStringLiteral("kernel_details.csv")));
}

void TestOperatorsPage::screenshots()
{
    // Renders the page like the user sees it; PROFSCOPE_SCREENSHOT_DIR keeps
    // the images (resources/screenshots), otherwise they go to a temporary folder.
    QTemporaryDir tmp;
    const QString out = test::screenshotDir(tmp);
    QVERIFY(QDir().mkpath(out));
    ViewState state;
    OperatorsPage page(&state);
    page.resize(1400, 860);
    if (qEnvironmentVariableIsSet("PROFSCOPE_SCREENSHOT_DARK")) {
        const QPalette dark = test::darkPalette();
        page.setPalette(dark);
    }
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) }));
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.filterEdit()->setFocus(); // no selected spin box text in the picture
    QVERIFY(page.grab().save(QDir(out).filePath(QStringLiteral("operators.png"))));
    state.setBaselineRank(0);
    state.setComparisonRank(1);
    QTest::qWait(20);
    QVERIFY(page.grab().save(QDir(out).filePath(QStringLiteral("operators-compare.png"))));
    state.setProfile(ProfileLoader::load({ test::textRank(2, 0) }));
    page.setGrouping(OperatorGrouping::NameAndShape);
    page.setChartsIncludeCommunication(false);
    QTest::qWait(20);
    QVERIFY(page.grab().save(QDir(out).filePath(QStringLiteral("operators-shapes.png"))));
    page.setGrouping(OperatorGrouping::TypeAndCore);
    page.setChartsIncludeCommunication(true);
    if (qEnvironmentVariableIsSet("PROFSCOPE_SCREENSHOT_CLUSTER")) {
        const ProfilePtr cluster = ProfileLoader::load({ qEnvironmentVariable("PROFSCOPE_SCREENSHOT_CLUSTER") });
        state.setProfile(cluster);
        state.setCurrentRank(3);
        QTest::qWait(20);
        QVERIFY(page.grab().save(QDir(out).filePath(QStringLiteral("operators-cluster.png"))));
        state.setBaselineRank(0);
        state.setComparisonRank(int(cluster->ranks.size()) - 1);
        QTest::qWait(20);
        QVERIFY(page.grab().save(QDir(out).filePath(QStringLiteral("operators-cluster-compare.png"))));
    }
}

QTEST_MAIN(TestOperatorsPage)
#include "tst_operatorspage.moc"
