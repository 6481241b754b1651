// SPDX-License-Identifier: Apache-2.0
// The communication matrix model against independent sums of the real
// level1 ranks' communication_matrix.json, host blocks on a generated
// cluster, and the ops listed behind a link.
#include "generate/clustergenerator.h"
#include "itemmodels/commmatrixmodel.h"
#include "itemmodels/commselection.h"
#include "load/profileloader.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QSignalSpy>
#include <QTest>

#include <map>

using namespace profscope;

namespace {

struct Sum
{
    double sizeMB = 0;
    double timeMs = 0;
    int entries = 0;
};

// (src, dst) -> Σ over both ranks' files of the links of op class `op`
// ("total", "top1", ...) or of the op key named `op`.
std::map<std::pair<int, int>, Sum> sumMatrixJson(const QString& op)
{
    std::map<std::pair<int, int>, Sum> out;
    for (const int rank : { 0, 1 }) {
        QFile f(test::textRank(1, rank) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/communication_matrix.json"));
        if (!f.open(QIODevice::ReadOnly))
            qFatal("cannot open %s", qPrintable(f.fileName()));
        const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
        for (const QJsonValue& step : root) {
            for (const QJsonValue& kind : step.toObject()) {
                const QJsonObject ops = kind.toObject();
                for (auto it = ops.begin(); it != ops.end(); ++it) {
                    const QString key = it.key().section(QLatin1Char('@'), 0, 0);
                    if (!key.endsWith(QLatin1Char('-') + op) && key != op)
                        continue;
                    const QJsonObject links = it.value().toObject();
                    for (auto l = links.begin(); l != links.end(); ++l) {
                        const int src = l.key().section(QLatin1Char('-'), 0, 0).toInt();
                        const int dst = l.key().section(QLatin1Char('-'), 1, 1).toInt();
                        Sum& s = out[{ src, dst }];
                        s.sizeMB += l.value().toObject().value(QStringLiteral("Transit Size(MB)")).toDouble();
                        s.timeMs += l.value().toObject().value(QStringLiteral("Transit Time(ms)")).toDouble();
                        ++s.entries;
                    }
                }
            }
        }
    }
    return out;
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

} // namespace

class TestCommMatrixModel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_real = ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) });
        QVERIFY(m_real);
        QCOMPARE(int(m_real->ranks.size()), 2);
    }

    void matrixEqualsJsonSums_data()
    {
        QTest::addColumn<QString>("op");
        for (const char* op : { "total", "top1", "middle", "bottom1", "bottom2", "bottom3" })
            QTest::newRow(op) << QString::fromLatin1(op);
    }
    void matrixEqualsJsonSums()
    {
        QFETCH(QString, op);
        const auto expected = sumMatrixJson(op);
        QVERIFY(!expected.empty());
        CommMatrixModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setProfile(m_real);
        MatrixQuery q;
        q.op = op;
        model.setQuery(q);
        QCOMPARE(model.rowCount(), int(expected.size()));
        for (const auto& [link, sum] : expected) {
            const MatrixCell* c = model.cell(link.first, link.second);
            QVERIFY2(c, qPrintable(QStringLiteral("%1-%2").arg(link.first).arg(link.second)));
            QVERIFY2(near(c->sizeMB, sum.sizeMB), qPrintable(QString::number(c->sizeMB - sum.sizeMB)));
            QVERIFY(near(c->timeMs, sum.timeMs));
            QVERIFY(near(c->bandwidthGBps(), sum.sizeMB / sum.timeMs));
            // The table shows the same numbers (raw values through SortRole).
            const int row = model.rowOf(link.first, link.second);
            QVERIFY(near(
                model.index(row, CommMatrixModel::SizeColumn).data(CommMatrixModel::SortRole).toDouble(), sum.sizeMB));
            QVERIFY(near(model.index(row, CommMatrixModel::BandwidthColumn).data(CommMatrixModel::SortRole).toDouble(),
                sum.sizeMB / sum.timeMs));
        }
        // Axes: every src and dst rank id, 0..7 for these files.
        QCOMPARE(model.rankIds(), QList<int>({ 0, 1, 2, 3, 4, 5, 6, 7 }));
        // Pairs outside the matrix are found nowhere (a binary search over the sorted cells).
        QCOMPARE(model.rowOf(7, 99), -1);
        QCOMPARE(model.rowOf(-1, -1), -1);
        QCOMPARE(model.rowOf(99, 0), -1);
        QVERIFY(!model.cell(8, 8));
        // The model shows the profile's memoized cells, not a copy of them.
        QCOMPARE(&model.cells(), sharedCommunicationMatrix(*m_real, q).get());
        // No op means the total: the same memoized cells, not a second computation.
        if (op == QLatin1String("total")) {
            MatrixQuery unnamed = q;
            unnamed.op.clear();
            QCOMPARE(sharedCommunicationMatrix(*m_real, unnamed).get(), &model.cells());
        }
    }

    void groupAndStepFilter()
    {
        CommMatrixModel model;
        model.setProfile(m_real);
        MatrixQuery q;
        q.groupId = QStringLiteral("no-such-group");
        model.setQuery(q);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(model.rankIds().isEmpty());
        q.groupId = QStringLiteral("17522688603477080586");
        q.step = QStringLiteral("step50");
        model.setQuery(q);
        QCOMPARE(model.rowCount(), int(sumMatrixJson(QStringLiteral("total")).size()));
        const auto groups = communicationGroups(*m_real);
        QCOMPARE(int(groups.size()), 1);
        QCOMPARE(groups[0].groupId, QStringLiteral("17522688603477080586"));
        QCOMPARE(communicationSteps(*m_real), QStringList { QStringLiteral("step50") });
        QCOMPARE(communicationOpNames(*m_real, QString(), QString()).size(), 4);
    }

    void linkOps()
    {
        CommLinkOpsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setLinks(m_real, QString(), QString(), { 1 }, { 3 });
        // 6 size classes (top1, middle, bottom1..3, total) in rank 1's file.
        int expected = 0;
        for (const char* op : { "total", "top1", "middle", "bottom1", "bottom2", "bottom3" })
            expected += sumMatrixJson(QString::fromLatin1(op))[{ 1, 3 }].entries;
        QCOMPARE(model.rowCount(), expected);
        for (const CommMatrixLink& l : model.links()) {
            QCOMPARE(l.srcRank, 1);
            QCOMPARE(l.dstRank, 3);
        }
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void hostBlocks()
    {
        QTemporaryDir dir;
        GeneratorOptions o;
        o.ranks = 32;
        o.steps = 1;
        o.ops = 3;
        QString error;
        QVERIFY2(generateCluster(dir.path(), o, &error), qPrintable(error));
        LoadOptions lo;
        lo.readTraces = false;
        const ProfilePtr profile = ProfileLoader::load({ dir.path() }, lo);
        QCOMPARE(int(profile->ranks.size()), 32);
        CommMatrixModel model;
        model.setProfile(profile);
        QCOMPARE(model.rankIds().size(), 32);
        // Four hosts of 8 ranks: one block per host.
        auto blocks = model.blocks(10);
        QCOMPARE(int(blocks.size()), 4);
        for (std::size_t b = 0; b < blocks.size(); ++b) {
            QCOMPARE(blocks[b].ranks.size(), 8);
            for (const int r : blocks[b].ranks)
                QCOMPARE(model.hostOf(r), blocks[b].label);
        }
        // Block cell = Σ of the links between the blocks, local copies left out.
        double size = 0, time = 0;
        int links = 0;
        for (const MatrixCell& c : model.cells()) {
            if (c.srcRank == c.dstRank || !blocks[0].ranks.contains(c.srcRank) || !blocks[1].ranks.contains(c.dstRank))
                continue;
            size += c.sizeMB;
            time += c.timeMs;
            ++links;
        }
        const MatrixBlockCell bc = model.blockCell(blocks[0], blocks[1]);
        QCOMPARE(bc.links, links);
        QVERIFY(links > 0); // the RDMA ring crosses hosts
        QVERIFY(near(bc.sizeMB, size));
        QVERIFY(near(bc.timeMs, time));
        QCOMPARE(bc.transport, QStringLiteral("RDMA"));
        // Too many hosts for the room: runs of rank ids instead.
        blocks = model.blocks(2);
        QCOMPARE(int(blocks.size()), 2);
        QCOMPARE(blocks[0].ranks.size(), 16);
    }

    // The page sets the query it set with the profile again: no second reset (each reset lays
    // the heatmap out again). Another query resets, and the blocks follow the new ranks.
    void sameQueryKeepsTheModel()
    {
        CommMatrixModel model;
        MatrixQuery q;
        model.setProfile(m_real, q);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QCOMPARE(int(model.blocks(100).size()), 1); // ranks 0..7, one run of 8
        model.setQuery(q);
        QCOMPARE(resets.count(), 0);
        q.groupId = QStringLiteral("no-such-group");
        model.setQuery(q);
        QCOMPARE(resets.count(), 1);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(model.blocks(100).empty()); // not the blocks of the previous ranks
        model.setProfile(m_real, q); // a profile set again resets, even with the same query
        QCOMPARE(resets.count(), 2);
    }

    void emptyProfile()
    {
        CommMatrixModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setProfile(std::make_shared<Profile>());
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(model.blocks(10).empty());
        model.setProfile(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

private:
    ProfilePtr m_real;
};

QTEST_GUILESS_MAIN(TestCommMatrixModel)
#include "tst_commmatrixmodel.moc"
