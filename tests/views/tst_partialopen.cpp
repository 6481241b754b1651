// SPDX-License-Identifier: Apache-2.0
// File → Open Part of a Profile…: the dialog's background quick scan lists
// the ranks and steps of a generated cluster (4 ranks, steps 1–5 written by
// the generator), and the choices become the loader's filter.
#include "generate/clustergenerator.h"
#include "partialopen.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using namespace profscope;

class TestPartialOpen : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void scanListsRanksAndSteps();
    void choicesBecomeTheFilter();

private:
    QTemporaryDir m_dir;
};

void TestPartialOpen::initTestCase()
{
    GeneratorOptions options;
    options.ranks = 4;
    options.steps = 5;
    options.ops = 5;
    QString error;
    QVERIFY2(generateCluster(m_dir.filePath(QStringLiteral("c")), options, &error), qPrintable(error));
}

void TestPartialOpen::scanListsRanksAndSteps()
{
    PartialOpenDialog dialog({ m_dir.filePath(QStringLiteral("c")) });
    dialog.show();
    QTRY_VERIFY_WITH_TIMEOUT(dialog.isScanned(), 30000);
    auto* ranks = dialog.findChild<QListWidget*>();
    QVERIFY(ranks);
    QCOMPARE(ranks->count(), 4);
    QVERIFY(ranks->item(2)->text().contains(QStringLiteral("rank 2")));
    QVERIFY(ranks->item(2)->text().contains(QStringLiteral("steps 1\u20135")));
    const auto spins = dialog.findChildren<QSpinBox*>();
    QCOMPARE(spins.size(), 2);
    QCOMPARE(spins[0]->minimum(), 1);
    QCOMPARE(spins[0]->maximum(), 5);
    // The default is one step (the first): the point of a partial import.
    const LoadFilter f = dialog.filter();
    QCOMPARE(f.firstStep, qint64(1));
    QCOMPARE(f.lastStep, qint64(1));
    QVERIFY(!f.hasRanks());
    dialog.grab().save(QDir::temp().filePath(QStringLiteral("profscope-partialopen.png")));
}

void TestPartialOpen::choicesBecomeTheFilter()
{
    PartialOpenDialog dialog({ m_dir.filePath(QStringLiteral("c")) });
    QTRY_VERIFY_WITH_TIMEOUT(dialog.isScanned(), 30000);
    auto* ranks = dialog.findChild<QListWidget*>();
    const auto spins = dialog.findChildren<QSpinBox*>();
    spins[1]->setValue(4);
    spins[0]->setValue(3);
    ranks->item(0)->setCheckState(Qt::Unchecked);
    ranks->item(3)->setCheckState(Qt::Unchecked);
    LoadFilter f = dialog.filter();
    QCOMPARE(f.firstStep, qint64(3));
    QCOMPARE(f.lastStep, qint64(4));
    QCOMPARE(f.rankIds, (std::vector<int> { 1, 2 }));
    auto* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    QVERIFY(ok->isEnabled());
    // No rank checked: nothing to load, Load is disabled (an empty rank list would mean "all").
    for (int i = 0; i < ranks->count(); ++i)
        ranks->item(i)->setCheckState(Qt::Unchecked);
    QVERIFY(!ok->isEnabled());
    // All steps: no step window.
    for (int i = 0; i < ranks->count(); ++i)
        ranks->item(i)->setCheckState(Qt::Checked);
    dialog.findChild<QCheckBox*>()->setChecked(true);
    f = dialog.filter();
    QVERIFY(!f.isActive());
}

QTEST_MAIN(TestPartialOpen)
#include "tst_partialopen.moc"
