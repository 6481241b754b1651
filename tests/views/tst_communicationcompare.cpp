// SPDX-License-Identifier: Apache-2.0
// Communication in run comparison (issue 16): core/analysis/commcompare and
// the Communication page's Run Comparison tab, level1 (base) against level2
// (B). Expected values are sums read here from communication.json and
// communication_matrix.json with QJsonDocument.

#include "analysis/commcompare.h"
#include "common/viewstate.h"
#include "communication/commcomparepanel.h"
#include "communication/communicationpage.h"
#include "itemmodels/commcomparemodel.h"
#include "load/profileloader.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTest>

#include <cmath>
#include <map>
#include <set>
#include <tuple>

using namespace profscope;

namespace {

QString fileOf(int level, int rank, const QString& name)
{
    QDirIterator it(test::textRank(level, rank), { name }, QDir::Files, QDirIterator::Subdirectories);
    return it.hasNext() ? it.next() : QString();
}

QJsonObject readJson(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

struct RefOp
{
    QString name;
    double startUs = 0;
    double elapseMs = 0;
    int count = 0;
};

// The collectives of one rank's communication.json (all steps), by first start.
std::vector<RefOp> referenceOps(int level, int rank)
{
    std::map<QString, RefOp> byName;
    const QJsonObject root = readJson(fileOf(level, rank, QStringLiteral("communication.json")));
    for (const QString& step : root.keys()) {
        const QJsonObject kinds = root.value(step).toObject();
        for (const QString& kind : kinds.keys()) {
            const QJsonObject ops = kinds.value(kind).toObject();
            for (const QString& key : ops.keys()) {
                if (key == QLatin1String("Total Op Info"))
                    continue;
                const QJsonObject info =
                    ops.value(key).toObject().value(QStringLiteral("Communication Time Info")).toObject();
                const QString name = key.left(key.indexOf(QLatin1Char('@')));
                RefOp& op = byName[name];
                const QJsonValue start = info.value(QStringLiteral("Start Timestamp(us)"));
                const double startUs = start.isString() ? start.toString().toDouble() : start.toDouble();
                if (op.count == 0 || startUs < op.startUs)
                    op.startUs = startUs;
                op.name = name;
                op.elapseMs += info.value(QStringLiteral("Elapse Time(ms)")).toDouble();
                ++op.count;
            }
        }
    }
    std::vector<RefOp> out;
    for (auto& [n, op] : byName)
        out.push_back(op);
    std::sort(out.begin(), out.end(), [](const RefOp& a, const RefOp& b) { return a.startUs < b.startUs; });
    return out;
}

// (src, dst, transport) -> (time ms, size MB) of the "-total" entries of both ranks' matrix files.
std::map<std::tuple<int, int, QString>, std::pair<double, double>> referenceLinks(int level)
{
    std::map<std::tuple<int, int, QString>, std::pair<double, double>> links;
    for (int rank : { 0, 1 }) {
        const QJsonObject root = readJson(fileOf(level, rank, QStringLiteral("communication_matrix.json")));
        for (const QString& step : root.keys()) {
            const QJsonObject kinds = root.value(step).toObject();
            for (const QString& kind : kinds.keys()) {
                const QJsonObject ops = kinds.value(kind).toObject();
                for (const QString& key : ops.keys()) {
                    if (!key.contains(QLatin1String("-total@")))
                        continue;
                    const QJsonObject cells = ops.value(key).toObject();
                    for (const QString& link : cells.keys()) {
                        const QStringList ends = link.split(QLatin1Char('-'));
                        const QJsonObject c = cells.value(link).toObject();
                        auto& v = links[{ ends[0].toInt(), ends[1].toInt(),
                            c.value(QStringLiteral("Transport Type")).toString() }];
                        v.first += c.value(QStringLiteral("Transit Time(ms)")).toDouble();
                        v.second += c.value(QStringLiteral("Transit Size(MB)")).toDouble();
                    }
                }
            }
        }
    }
    return links;
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

} // namespace

class TestCommunicationCompare : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void opTypes_data();
    void opTypes();
    void opsPairByTypeAndOrder_data();
    void opsPairByTypeAndOrder();
    void linksAgainstMatrixFiles();
    void pageShowsRunComparison();

private:
    ProfilePtr m_base;
    ProfilePtr m_other;
};

void TestCommunicationCompare::initTestCase()
{
    m_base = ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) });
    m_other = ProfileLoader::load({ test::textRank(2, 0), test::textRank(2, 1) });
    QVERIFY(m_base && m_base->ranks.size() == 2);
    QVERIFY(m_other && m_other->ranks.size() == 2);
}

void TestCommunicationCompare::opTypes_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("type");
    QTest::newRow("per-run id") << "hcom_allReduce__586_0_1" << "hcom_allReduce";
    QTest::newRow("trailing ids") << "hcom_broadcast_12_3" << "hcom_broadcast";
    QTest::newRow("plain") << "allgather" << "allgather";
}

void TestCommunicationCompare::opTypes()
{
    QFETCH(QString, name);
    QFETCH(QString, type);
    QCOMPARE(commOpType(name), type);
}

void TestCommunicationCompare::opsPairByTypeAndOrder_data()
{
    QTest::addColumn<int>("rank");
    QTest::newRow("rank 0") << 0;
    QTest::newRow("rank 1") << 1;
}

void TestCommunicationCompare::opsPairByTypeAndOrder()
{
    QFETCH(int, rank);
    const std::vector<RefOp> a = referenceOps(1, rank);
    const std::vector<RefOp> b = referenceOps(2, rank);
    QVERIFY(!a.empty());
    // The two captures name the same collectives with different ids (…__586_k vs …__271_k).
    QCOMPARE(a.size(), b.size());
    QVERIFY(a.front().name != b.front().name);

    const std::vector<CommOpDelta> deltas =
        compareCommOps(*m_base->ranks[std::size_t(rank)], {}, *m_other->ranks[std::size_t(rank)], {});
    QCOMPARE(deltas.size(), a.size());
    for (std::size_t k = 0; k < a.size(); ++k) {
        const auto it = std::find_if(
            deltas.begin(), deltas.end(), [&](const CommOpDelta& d) { return d.baseName == a[k].name; });
        QVERIFY2(it != deltas.end(), qPrintable(a[k].name));
        // The k-th allReduce of one run with the k-th of the other.
        QCOMPARE(it->otherName, b[k].name);
        QVERIFY(!it->byName);
        QCOMPARE(it->baseCount, qint64(a[k].count));
        QCOMPARE(it->otherCount, qint64(b[k].count));
        QVERIFY2(near(it->baseTotalMs, a[k].elapseMs), qPrintable(QString::number(it->baseTotalMs, 'g', 17)));
        QVERIFY(near(it->otherTotalMs, b[k].elapseMs));
        QVERIFY(near(it->deltaMs(), b[k].elapseMs - a[k].elapseMs));
        QVERIFY(near(it->baseMeanMs(), a[k].elapseMs / a[k].count));
    }
    // Sorted by |Δ|.
    for (std::size_t i = 1; i < deltas.size(); ++i)
        QVERIFY(std::abs(deltas[i - 1].deltaMs()) >= std::abs(deltas[i].deltaMs()));

    // Against itself every op pairs by name with Δ 0.
    for (const CommOpDelta& d :
        compareCommOps(*m_base->ranks[std::size_t(rank)], {}, *m_base->ranks[std::size_t(rank)], {})) {
        QVERIFY(d.byName);
        QCOMPARE(d.deltaMs(), 0.0);
    }
}

void TestCommunicationCompare::linksAgainstMatrixFiles()
{
    const auto a = referenceLinks(1);
    const auto b = referenceLinks(2);
    QVERIFY(!a.empty());
    const std::vector<CommLinkDelta> deltas = compareCommLinks(*m_base, {}, *m_other, {});
    std::set<std::tuple<int, int, QString>> keys;
    for (const auto& [k, v] : a)
        keys.insert(k);
    for (const auto& [k, v] : b)
        keys.insert(k);
    QCOMPARE(deltas.size(), keys.size());
    for (const CommLinkDelta& d : deltas) {
        const std::tuple<int, int, QString> key { d.srcRank, d.dstRank, d.transport };
        const auto ia = a.find(key);
        const auto ib = b.find(key);
        QCOMPARE(d.inBase, ia != a.end());
        QCOMPARE(d.inOther, ib != b.end());
        const double ta = ia != a.end() ? ia->second.first : 0;
        const double tb = ib != b.end() ? ib->second.first : 0;
        QVERIFY2(near(d.baseTimeMs, ta), qPrintable(QStringLiteral("%1-%2 %3 vs %4").arg(d.srcRank).arg(d.dstRank).arg(d.baseTimeMs).arg(ta)));
        QVERIFY(near(d.otherTimeMs, tb));
        QVERIFY(near(d.deltaTimeMs(), tb - ta));
        if (ia != a.end() && ta > 0)
            QVERIFY(near(d.baseBandwidthGBps(), ia->second.second / ta));
    }
    for (std::size_t i = 1; i < deltas.size(); ++i)
        QVERIFY(std::abs(deltas[i - 1].deltaTimeMs()) >= std::abs(deltas[i].deltaTimeMs()));
    // Rank 0 -> 1 over HCCS: 3.88393759375 ms in level1, 4.093301781249999 ms in level2.
    const auto it = std::find_if(deltas.begin(), deltas.end(),
        [](const CommLinkDelta& d) { return d.srcRank == 0 && d.dstRank == 1 && d.transport == QLatin1String("HCCS"); });
    QVERIFY(it != deltas.end());
    QVERIFY(std::abs(it->deltaTimeMs() - (4.093301781249999 - 3.88393759375)) < 1e-9);
}

void TestCommunicationCompare::pageShowsRunComparison()
{
    ViewState state;
    state.setProfile(m_base);
    CommunicationPage page(&state);
    QTabWidget* tabs = page.tabs();
    const int tab = tabs->indexOf(page.comparePanel());
    QVERIFY(tab >= 0);
    QVERIFY(!tabs->isTabVisible(tab));

    state.setComparisonProfile(m_other);
    QVERIFY(tabs->isTabVisible(tab));
    QCOMPARE(tabs->currentIndex(), tab);
    CommComparePanel* panel = page.comparePanel();
    QAbstractItemModelTester linkTester(panel->linkModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester opTester(panel->opModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(panel->summary().contains(QStringLiteral("B rank 0")));

    // The ops of rank 0 against B's rank 0, sorted by |Δ| in the proxy the table shows.
    const std::vector<RefOp> a = referenceOps(1, 0);
    const std::vector<RefOp> b = referenceOps(2, 0);
    QCOMPARE(panel->opModel()->rowCount(), int(a.size()));
    double biggest = 0;
    QString biggestName;
    for (std::size_t k = 0; k < a.size(); ++k)
        if (std::abs(b[k].elapseMs - a[k].elapseMs) > biggest) {
            biggest = std::abs(b[k].elapseMs - a[k].elapseMs);
            biggestName = a[k].name;
        }
    QSortFilterProxyModel* ops = panel->opProxy();
    QCOMPARE(ops->index(0, CommOpDeltaModel::Op).data().toString(), biggestName);
    QVERIFY(std::abs(ops->index(0, CommOpDeltaModel::DeltaTotal).data(CommOpDeltaModel::SortRole).toDouble() - biggest)
        < 1e-9);
    // Links: the first row has the largest |Δ time|.
    QSortFilterProxyModel* links = panel->linkProxy();
    QVERIFY(links->rowCount() > 0);
    for (int r = 1; r < links->rowCount(); ++r)
        QVERIFY(links->index(r - 1, CommLinkDeltaModel::DeltaTime).data(CommLinkDeltaModel::SortRole).toDouble()
            >= links->index(r, CommLinkDeltaModel::DeltaTime).data(CommLinkDeltaModel::SortRole).toDouble());

    // Another current rank: its pair's ops.
    state.setCurrentRank(1);
    QCOMPARE(panel->opModel()->rowCount(), int(referenceOps(1, 1).size()));
    QVERIFY(panel->summary().contains(QStringLiteral("B rank 1")));

    const QString dir = qEnvironmentVariable("PROFSCOPE_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        state.setCurrentRank(0);
        page.resize(1300, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.grab().save(dir + QStringLiteral("/communication-compare.png"));
    }

    state.setComparisonProfile(nullptr);
    QVERIFY(!tabs->isTabVisible(tab));
    QCOMPARE(panel->opModel()->rowCount(), 0);
}

QTEST_MAIN(TestCommunicationCompare)
#include "tst_communicationcompare.moc"
