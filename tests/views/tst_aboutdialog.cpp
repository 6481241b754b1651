// SPDX-License-Identifier: Apache-2.0
// Help → About states both licences: the program as distributed is
// GPL-3.0-or-later (it links QCustomPlot), its own files Apache-2.0.
#include "aboutdialog.h"

#include <QApplication>
#include <QTest>

class TestAboutDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void statesLicences();
};

void TestAboutDialog::statesLicences()
{
    const QString text = profscope::aboutText();
    QVERIFY(text.contains(QLatin1String("GPL-3.0-or-later")));
    QVERIFY(text.contains(QLatin1String("QCustomPlot")));
    QVERIFY(text.contains(QLatin1String("Apache License, Version 2.0")));
}

QTEST_MAIN(TestAboutDialog)
#include "tst_aboutdialog.moc"
