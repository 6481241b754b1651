// SPDX-License-Identifier: Apache-2.0
// Per-op and per-type deltas of two ranks and the step subsets they are
// computed on, on the real ranks and a generated cluster.
#include "generate/clustergenerator.h"
#include "itemmodels/operatorcomparemodel.h"
#include "load/profileloader.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <cstdlib>

using namespace profscope;

class TestOperatorCompareModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void byNameAccountsForEveryKernel();
    void stepSubset();
    void modelRoles();
};

void TestOperatorCompareModel::byNameAccountsForEveryKernel()
{
    const ProfilePtr profile = ProfileLoader::load({ test::textRank(2, 0), test::textRank(2, 1) });
    const KernelTable& a = *profile->ranks.at(0)->kernels;
    const KernelTable& b = *profile->ranks.at(1)->kernels;
    const OperatorComparison cmp = compareOperators(a, b);
    const auto rows = operatorDeltasByName(a, b, cmp);
    qint64 baseCount = 0, otherCount = 0;
    TimeNs baseNs = 0, otherNs = 0;
    QSet<QString> keys;
    for (const OperatorDelta& d : rows) {
        baseCount += d.baseCount;
        otherCount += d.otherCount;
        baseNs += d.baseTotalNs;
        otherNs += d.otherTotalNs;
        QVERIFY(d.matchedCount <= std::min(d.baseCount, d.otherCount));
        keys.insert(d.key + QLatin1Char('|') + d.type);
    }
    QCOMPARE(keys.size(), qsizetype(rows.size()));
    QCOMPARE(baseCount, qint64(a.size()));
    QCOMPARE(otherCount, qint64(b.size()));
    TimeNs sumA = 0, sumB = 0;
    for (const TimeNs d : a.durNs)
        sumA += d;
    for (const TimeNs d : b.durNs)
        sumB += d;
    QCOMPARE(baseNs, sumA);
    QCOMPARE(otherNs, sumB);
    for (std::size_t i = 1; i < rows.size(); ++i)
        QVERIFY(std::abs(rows[i - 1].deltaNs()) >= std::abs(rows[i].deltaNs()));
    // By type: the same totals.
    TimeNs typeBase = 0;
    for (const OperatorDelta& d : operatorDeltasByType(cmp))
        typeBase += d.baseTotalNs;
    QCOMPARE(typeBase, sumA);
}

void TestOperatorCompareModel::stepSubset()
{
    QTemporaryDir dir;
    GeneratorOptions options;
    options.ranks = 1;
    options.steps = 3;
    options.ops = 8;
    QString error;
    QVERIFY2(generateCluster(dir.path(), options, &error), qPrintable(error));
    const ProfilePtr profile = ProfileLoader::load({ dir.path() });
    const KernelTable& k = *profile->ranks.at(0)->kernels;
    QVERIFY(hasStepIds(k));
    QSet<qint32> steps;
    for (const qint32 s : k.stepId)
        steps.insert(s);
    QVERIFY(steps.size() >= 2);
    std::size_t total = 0;
    for (const qint32 step : steps) {
        const KernelTable sub = kernelsOfStep(k, step);
        total += sub.size();
        QCOMPARE(sub.durNs.size(), sub.size());
        QCOMPARE(sub.name.size(), sub.size());
        // Row by row the same kernels, their strings re-interned.
        std::size_t j = 0;
        for (std::size_t i = 0; i < k.size(); ++i) {
            if (k.stepId[i] != step)
                continue;
            QCOMPARE(sub.startNs[j], k.startNs[i]);
            QCOMPARE(sub.strings.string(sub.name[j]), k.strings.string(k.name[i]));
            QCOMPARE(sub.strings.string(sub.type[j]), k.strings.string(k.type[i]));
            QCOMPARE(sub.stepId[j], step);
            ++j;
        }
        QCOMPARE(j, sub.size());
    }
    QCOMPARE(total, k.size());
    QCOMPARE(kernelsOfStep(k, -1).size(), k.size());
}

void TestOperatorCompareModel::modelRoles()
{
    OperatorCompareModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    OperatorDelta both { QStringLiteral("MatMul"), QStringLiteral("MatMul"), 2, 2, 2, 10'000, 12'500 };
    OperatorDelta onlyBase { QStringLiteral("Foo"), QStringLiteral("Foo"), 1, 0, 0, 3'000, 0 };
    model.setDeltas({ both, onlyBase }, false);
    QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("Name"));
    QCOMPARE(model.index(0, OperatorCompareModel::DeltaColumn).data().toString(), QStringLiteral("+2.500"));
    QCOMPARE(model.index(0, OperatorCompareModel::DeltaPercentColumn).data().toString(), QStringLiteral("+25.0"));
    QCOMPARE(model.index(0, OperatorCompareModel::StatusColumn).data().toString(), QString());
    QCOMPARE(model.index(1, OperatorCompareModel::StatusColumn).data().toString(), QStringLiteral("only in baseline"));
    QCOMPARE(model.index(1, 0).data(OperatorCompareModel::SideRole).toInt(), int(OperatorDelta::Side::OnlyBase));
    QCOMPARE(model.index(1, OperatorCompareModel::DeltaColumn).data(OperatorCompareModel::SortRole).toDouble(), -3.0);
    model.setDeltas({}, true);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("Type"));
}

QTEST_GUILESS_MAIN(TestOperatorCompareModel)
#include "tst_operatorcomparemodel.moc"
