// SPDX-License-Identifier: Apache-2.0
// Duration analysis models against independent sums of the real level1
// ranks' communication.json.
#include "itemmodels/commdurationmodel.h"
#include "load/profileloader.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <future>
#include <map>

using namespace profscope;

namespace {

constexpr const char* kGroup = "17522688603477080586";

struct Times
{
    double elapse = 0, transit = 0, wait = 0, sync = 0, idle = 0;
    int ops = 0;
    std::map<QString, std::map<double, qint64>> packets;
    std::map<QString, std::pair<double, double>> transport; // size MB, time ms
    std::map<QString, std::pair<double, double>> opElapse; // op -> elapse of this rank (min/max computed later)
};

QJsonObject readJson(int rank)
{
    QFile f(test::textRank(1, rank) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/communication.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", qPrintable(f.fileName()));
    return QJsonDocument::fromJson(f.readAll()).object();
}

// Σ of "Communication Time Info" over the ops (not "Total Op Info").
Times sumCommunicationJson(int rank)
{
    Times t;
    const QJsonObject root = readJson(rank);
    for (const QJsonValue& step : root) {
        for (const QJsonValue& kind : step.toObject()) {
            const QJsonObject ops = kind.toObject();
            for (auto it = ops.begin(); it != ops.end(); ++it) {
                if (it.key() == QLatin1String("Total Op Info"))
                    continue;
                const QJsonObject info =
                    it.value().toObject().value(QStringLiteral("Communication Time Info")).toObject();
                t.elapse += info.value(QStringLiteral("Elapse Time(ms)")).toDouble();
                t.transit += info.value(QStringLiteral("Transit Time(ms)")).toDouble();
                t.wait += info.value(QStringLiteral("Wait Time(ms)")).toDouble();
                t.sync += info.value(QStringLiteral("Synchronization Time(ms)")).toDouble();
                t.idle += info.value(QStringLiteral("Idle Time(ms)")).toDouble();
                ++t.ops;
                t.opElapse[it.key().section(QLatin1Char('@'), 0, 0)].first =
                    info.value(QStringLiteral("Elapse Time(ms)")).toDouble();
                const QJsonObject bw =
                    it.value().toObject().value(QStringLiteral("Communication Bandwidth Info")).toObject();
                for (auto b = bw.begin(); b != bw.end(); ++b) {
                    const QJsonObject o = b.value().toObject();
                    t.transport[b.key()].first += o.value(QStringLiteral("Transit Size(MB)")).toDouble();
                    t.transport[b.key()].second += o.value(QStringLiteral("Transit Time(ms)")).toDouble();
                    const QJsonObject dist = o.value(QStringLiteral("Size Distribution")).toObject();
                    for (auto d = dist.begin(); d != dist.end(); ++d)
                        t.packets[b.key()][d.key().toDouble()] += d.value().toArray().at(0).toInteger();
                }
            }
        }
    }
    return t;
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

} // namespace

class TestCommDurationModel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_real = ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) });
        QVERIFY(m_real);
        QCOMPARE(int(m_real->ranks.size()), 2);
    }

    void ranksEqualJsonSums_data()
    {
        QTest::addColumn<QString>("group");
        QTest::addColumn<QString>("step");
        // Off the GUI thread: the rows computed on another thread (the Communication page's
        // prefetch job) and swapped in, as the page does.
        QTest::addColumn<bool>("offThread");
        QTest::newRow("group, all steps") << QString::fromLatin1(kGroup) << QString() << false;
        QTest::newRow("all groups, step50") << QString() << QStringLiteral("step50") << false;
        QTest::newRow("group, all steps, off thread") << QString::fromLatin1(kGroup) << QString() << true;
        QTest::newRow("all groups, step50, off thread") << QString() << QStringLiteral("step50") << true;
    }
    void ranksEqualJsonSums()
    {
        QFETCH(QString, group);
        QFETCH(QString, step);
        QFETCH(bool, offThread);
        CommDurationModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        if (offThread)
            model.setLoaded(
                std::async(std::launch::async, [&] { return CommDurationModel::compute(m_real, step, group); }).get());
        else
            model.load(m_real, step, group);
        QCOMPARE(model.rowCount(), 2);
        std::map<QString, std::map<double, qint64>> packets;
        for (int row = 0; row < 2; ++row) {
            const RankCommunication& r = model.ranks()[std::size_t(row)];
            const Times t = sumCommunicationJson(r.rankId);
            QCOMPARE(r.ops, qint64(t.ops));
            QVERIFY(near(r.elapseMs, t.elapse));
            QVERIFY(near(r.transitMs, t.transit));
            QVERIFY(near(r.waitMs, t.wait));
            QVERIFY(near(r.synchronizationMs, t.sync));
            QVERIFY(near(r.idleMs, t.idle));
            auto cell = [&](int column) {
                return model.index(row, column).data(CommDurationModel::SortRole).toDouble();
            };
            QVERIFY(near(cell(CommDurationModel::TransitColumn), t.transit));
            QVERIFY(near(cell(CommDurationModel::WaitRatioColumn), t.wait / (t.wait + t.transit)));
            QVERIFY(near(cell(CommDurationModel::SynchronizationRatioColumn), t.sync / (t.sync + t.transit)));
            // Bandwidth per transport with traffic: Σ size / Σ time.
            for (int c = CommDurationModel::FixedColumnCount; c < model.columnCount(); ++c) {
                const QString transport = model.transports()[c - CommDurationModel::FixedColumnCount];
                QVERIFY(model.headerData(c, Qt::Horizontal).toString().contains(QStringLiteral("GB/s")));
                const auto [size, time] = t.transport.at(transport);
                QVERIFY(near(cell(c), time > 0 ? size / time : 0));
            }
            for (const auto& [name, bySize] : t.packets)
                for (const auto& [size, n] : bySize)
                    packets[name][size] += n;
        }
        // Only transports that moved data get a column.
        QCOMPARE(model.transports(), QStringList({ QStringLiteral("HCCS"), QStringLiteral("SDMA") }));
        const auto dist = model.packetDistribution();
        for (auto& [name, bySize] : packets) {
            for (const auto& [size, n] : bySize) {
                QVERIFY(dist.count(name));
                QCOMPARE(dist.at(name).at(size), n);
            }
        }
    }

    void opsPerRankAndAggregated()
    {
        CommOpModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        // Computed on another thread and swapped in, as the Communication page's prefetch does.
        model.setLoaded(std::async(std::launch::async, [this] {
            return CommOpModel::compute(m_real, QStringLiteral("step50"), QString::fromLatin1(kGroup));
        }).get());
        const Times t0 = sumCommunicationJson(0);
        const Times t1 = sumCommunicationJson(1);
        QCOMPARE(model.mode(), CommOpModel::Aggregated);
        QCOMPARE(model.rowCount(), int(t0.opElapse.size()));
        for (int row = 0; row < model.rowCount(); ++row) {
            const QString op = model.index(row, CommOpModel::AggOpColumn).data().toString();
            const double a = t0.opElapse.at(op).first, b = t1.opElapse.at(op).first;
            auto value = [&](int column) { return model.index(row, column).data(CommOpModel::SortRole).toDouble(); };
            QCOMPARE(model.index(row, CommOpModel::AggRanksColumn).data().toInt(), 2);
            QVERIFY(near(value(CommOpModel::ElapseMinColumn), std::min(a, b)));
            QVERIFY(near(value(CommOpModel::ElapseMaxColumn), std::max(a, b)));
            QVERIFY(near(value(CommOpModel::ElapseSpreadColumn), std::abs(a - b)));
            QCOMPARE(model.index(row, CommOpModel::SlowestRankColumn).data().toInt(), a >= b ? 0 : 1);
        }
        model.setMode(CommOpModel::PerRank);
        QCOMPARE(model.rowCount(), t0.ops + t1.ops);
        QCOMPARE(model.columnCount(), int(CommOpModel::PerRankColumnCount));
        double elapse = 0;
        for (int row = 0; row < model.rowCount(); ++row) {
            elapse += model.index(row, CommOpModel::ElapseColumn).data(CommOpModel::SortRole).toDouble();
            // Timeline navigation gets the op's span on the rank's clock.
            const qint64 start = model.index(row, 0).data(CommOpModel::StartNsRole).toLongLong();
            const qint64 end = model.index(row, 0).data(CommOpModel::EndNsRole).toLongLong();
            QVERIFY(start > 0);
            QVERIFY(end > start);
        }
        QVERIFY(near(elapse, t0.elapse + t1.elapse));
    }

    void emptyAndUnknown()
    {
        CommDurationModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.load(nullptr, QString(), QString());
        QCOMPARE(model.rowCount(), 0);
        model.load(m_real, QStringLiteral("step1"), QString());
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(model.packetDistribution().empty());
        CommOpModel ops;
        QAbstractItemModelTester opsTester(&ops, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ops.load(m_real, QString(), QStringLiteral("nope"));
        QCOMPARE(ops.rowCount(), 0);
    }

private:
    ProfilePtr m_real;
};

QTEST_GUILESS_MAIN(TestCommDurationModel)
#include "tst_commdurationmodel.moc"
