// SPDX-License-Identifier: Apache-2.0
// The kernel table's PMU metrics from a database, read on first use
// (kernelmetrics.h, dbmetrics.h): not at load, then exactly the values of
// TASK_PMU_INFO for the table's rows — computed here by the test's own SQL
// over the same file — on the fixture ranks, after a step window cut the
// rows, and when several threads ask at once.
#include "generate/clustergenerator.h"
#include "load/profileloader.h"
#include "load/partialtables.h"
#include "testsupport.h"

#include <QDirIterator>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <cmath>
#include <map>
#include <thread>
#include <tuple>

using namespace profscope;

namespace {

// Metric values of one file as its tables hold them, keyed by the
// kernel row's identity: (start ns, stream id, task id) -> column -> value.
using RowKey = std::tuple<qint64, qint64, qint64>;
using Expected = std::map<RowKey, std::map<QString, double>>;

// The kernel_details.csv header of a metric and its unit (db-format.md:
// "*_time" metrics are ns in the database, µs in the CSV; the two totals are
// named aicore_time / aiv_time there).
QString csvName(const QString& metric)
{
    if (metric == QLatin1String("aic_total_time"))
        return QStringLiteral("aicore_time(us)");
    if (metric == QLatin1String("aiv_total_time"))
        return QStringLiteral("aiv_time(us)");
    return metric.endsWith(QLatin1String("_time")) ? metric + QStringLiteral("(us)") : metric;
}

Expected expectedMetrics(const QString& path)
{
    Expected out;
    sqlite3* db = nullptr;
    const QByteArray uri = "file:" + path.toUtf8() + "?immutable=1";
    if (sqlite3_open_v2(uri.constData(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return out;
    }
    sqlite3_stmt* st = nullptr;
    const char* query = "SELECT t.startNs, t.streamId, t.taskId, s.value, p.value FROM TASK_PMU_INFO p "
                        "JOIN TASK t ON t.globalTaskId = p.globalTaskId JOIN STRING_IDS s ON s.id = p.name";
    if (sqlite3_prepare_v2(db, query, -1, &st, nullptr) == SQLITE_OK) {
        while (sqlite3_step(st) == SQLITE_ROW) {
            const QString metric = QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(st, 3)));
            double v = sqlite3_column_double(st, 4);
            if (metric.endsWith(QLatin1String("_time")))
                v /= 1000.0;
            out[{ sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1), sqlite3_column_int64(st, 2) }][csvName(metric)] = v;
        }
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return out;
}

QString onlyFile(const QString& root, const QString& pattern)
{
    QDirIterator it(root, { pattern }, QDir::Files, QDirIterator::Subdirectories);
    return it.hasNext() ? it.next() : QString();
}

// Every value of the table against the file; the number of values compared.
qint64 compareWithFile(const KernelTable& k, const Expected& expected)
{
    qint64 compared = 0;
    const QStringList& names = k.metricNames();
    for (std::size_t i = 0; i < k.size(); ++i) {
        const auto it = expected.find({ k.startNs[i], k.streamId[i], k.taskId[i] });
        for (qsizetype m = 0; m < names.size(); ++m) {
            const double got = k.metrics()[std::size_t(m)][i];
            if (it == expected.end() || !it->second.contains(names[m])) {
                // Communication ops and tasks without a PMU row: no value.
                if (hasValue(got))
                    return -1 - qint64(i);
                continue;
            }
            if (!(std::abs(got - it->second.at(names[m])) <= 1e-9 * std::max(1.0, std::abs(got))))
                return -1 - qint64(i);
            ++compared;
        }
        // Every metric of the row became a column.
        if (it != expected.end())
            for (const auto& [name, value] : it->second)
                if (!names.contains(name))
                    return -1 - qint64(i);
    }
    return compared;
}

} // namespace

class TestDbMetrics : public QObject
{
    Q_OBJECT

private slots:
    void fixtureRanks_data();
    void fixtureRanks();
    void stepWindowKeepsItsRows();
    void concurrentFirstUse();
};

void TestDbMetrics::fixtureRanks_data()
{
    QTest::addColumn<int>("level");
    QTest::addColumn<int>("rank");
    for (int level = 1; level < 3; ++level) // level0 records no PMU metrics
        for (int rank = 0; rank < 2; ++rank)
            QTest::newRow(qPrintable(QStringLiteral("level%1/rank%2").arg(level).arg(rank))) << level << rank;
}

void TestDbMetrics::fixtureRanks()
{
    QFETCH(int, level);
    QFETCH(int, rank);
    const QString root = test::dbRank(level, rank);
    const QString path = root + QStringLiteral("/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_%1.db").arg(rank);
    const Expected expected = expectedMetrics(path);
    QVERIFY(!expected.empty());
    const ProfilePtr p = ProfileLoader::load({ root });
    QCOMPARE(p->ranks.size(), std::size_t(1));
    const KernelTable& k = *p->ranks[0]->kernels;
    QCOMPARE(k.size(), std::size_t(191));
    // Not read at load: the report lists no TASK_PMU_INFO rows either, and
    // the database's row says the table is read when first used.
    QVERIFY(k.pmu().deferred());
    int saysDeferred = 0;
    for (const FileReport& f : p->report.files) {
        QVERIFY(f.count(QStringLiteral("TASK_PMU_INFO")) < 1); // -1: no such count
        if (f.path.endsWith(QStringLiteral(".db")) && f.reason.contains(QLatin1String("first used"))
            && f.reason.contains(QLatin1String("TASK_PMU_INFO")))
            ++saysDeferred;
    }
    QCOMPARE(saysDeferred, 1);
    QVERIFY(k.metricNames().contains(QStringLiteral("aiv_time(us)")));
    QVERIFY(!k.pmu().deferred());
    QCOMPARE(k.metrics().size(), std::size_t(k.metricNames().size()));
    for (const NumericColumn& c : k.metrics())
        QCOMPARE(c.size(), k.size());
    const qint64 compared = compareWithFile(k, expected);
    QVERIFY2(compared > 0, qPrintable(QStringLiteral("kernel row %1 differs from TASK_PMU_INFO").arg(-compared - 1)));
}

void TestDbMetrics::stepWindowKeepsItsRows()
{
    QTemporaryDir dir;
    GeneratorOptions options;
    options.ranks = 1;
    options.steps = 4;
    options.ops = 10;
    options.format = GeneratorOptions::Format::Db;
    QString error;
    QVERIFY2(generateCluster(dir.path(), options, &error), qPrintable(error));
    const QString path = onlyFile(dir.path(), QStringLiteral("ascend_mindspore_profiler_*.db"));
    QVERIFY(!path.isEmpty());
    const Expected expected = expectedMetrics(path);
    QVERIFY(!expected.empty());

    const ProfilePtr whole = ProfileLoader::load({ dir.path() });
    QCOMPARE(whole->ranks.size(), std::size_t(1));
    const RankData& w = *whole->ranks[0];
    QCOMPARE(w.trace.steps.size(), std::size_t(4));
    std::vector<qint64> steps;
    for (const StepMarker& s : w.trace.steps)
        steps.push_back(stepNumberOf(s.id));
    std::sort(steps.begin(), steps.end());

    LoadOptions windowed;
    windowed.filter.firstStep = steps[1];
    windowed.filter.lastStep = steps[2];
    const ProfilePtr part = ProfileLoader::load({ dir.path() }, windowed);
    const RankData& r = *part->ranks[0];
    QVERIFY(r.stepWindow.applied);
    const KernelTable& k = *r.kernels;
    QVERIFY(k.size() > 0);
    QVERIFY(k.size() < w.kernels->size());
    QVERIFY(k.pmu().deferred()); // the cut went into the deferred keys
    // Only kept rows: every row lies in the window.
    for (std::size_t i = 0; i < k.size(); ++i)
        QVERIFY(k.startNs[i] < r.stepWindow.windowNs.endNs && k.startNs[i] + k.durNs[i] > r.stepWindow.windowNs.startNs);
    // The metrics of exactly those rows, in their order.
    QVERIFY(!k.metricNames().isEmpty());
    for (const NumericColumn& c : k.metrics())
        QCOMPARE(c.size(), k.size());
    qint64 compared = compareWithFile(k, expected);
    QVERIFY2(compared > 0, qPrintable(QStringLiteral("kept row %1 differs from TASK_PMU_INFO").arg(-compared - 1)));
    // Compute rows carry every metric of their core: at least one value each.
    qint64 computeRows = 0;
    for (std::size_t i = 0; i < k.size(); ++i)
        computeRows += k.isCommunication(i) ? 0 : 1;
    QVERIFY(compared >= computeRows);
    // The whole load's rows agree too (its own read, after its own load).
    QVERIFY(compareWithFile(*w.kernels, expected) > compared);
}

void TestDbMetrics::concurrentFirstUse()
{
    const QString root = test::dbRank(2, 0);
    const ProfilePtr p = ProfileLoader::load({ root });
    const KernelTable& k = *p->ranks[0]->kernels;
    QVERIFY(k.pmu().deferred());
    // Eight readers at once on the shared, read-only profile: one read, the
    // same columns for all.
    std::vector<const std::vector<NumericColumn>*> seen(8, nullptr);
    std::vector<qsizetype> names(8, 0);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < seen.size(); ++t)
        threads.emplace_back([&, t] {
            seen[t] = &k.metrics();
            names[t] = k.metricNames().size();
        });
    for (std::thread& t : threads)
        t.join();
    for (std::size_t t = 0; t < seen.size(); ++t) {
        QCOMPARE(seen[t], seen[0]);
        QCOMPARE(names[t], names[0]);
    }
    QVERIFY(names[0] > 0);
    QCOMPARE(seen[0]->front().size(), k.size());
}

QTEST_GUILESS_MAIN(TestDbMetrics)
#include "tst_dbmetrics.moc"
