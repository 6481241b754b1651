// SPDX-License-Identifier: Apache-2.0
// File → Export Report… / Export Trace…: enabled with a profile, and writing
// the same report and trace as the CLI for the step chosen.
#include "testsupport.h"

#include "common/viewstate.h"
#include "generate/clustergenerator.h"
#include "load/profileloader.h"
#include "mainwindow.h"
#include "reportactions.h"

#include <QAction>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QTemporaryDir>
#include <QTest>

using namespace profscope;

class TestReportActions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void enabledWithAProfile();
    void writesReportAndTrace();
    void inTheFileMenu();
};

void TestReportActions::enabledWithAProfile()
{
    ViewState state;
    QWidget window;
    QMenu menu;
    ReportActions actions(&state, &window, &menu);
    QVERIFY(!actions.reportAction()->isEnabled());
    QVERIFY(!actions.traceAction()->isEnabled());
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0) }));
    QVERIFY(actions.reportAction()->isEnabled());
    QVERIFY(actions.traceAction()->isEnabled());
    QCOMPARE(menu.actions().size(), 2);
}

void TestReportActions::writesReportAndTrace()
{
    QTemporaryDir dir;
    GeneratorOptions o;
    o.ranks = 4;
    o.slowRank = 2;
    o.force = true;
    QString error;
    QVERIFY(generateCluster(dir.filePath(QStringLiteral("c")), o, &error));
    const ProfilePtr profile = ProfileLoader::load({ dir.filePath(QStringLiteral("c")) });

    const QString html = dir.filePath(QStringLiteral("r.html"));
    QVERIFY2(ReportActions::writeReport(*profile, QStringLiteral("2"), html, &error), qPrintable(error));
    QFile h(html);
    QVERIFY(h.open(QIODevice::ReadOnly));
    const QByteArray page = h.readAll();
    QVERIFY(page.contains("<svg"));
    QVERIFY(page.contains("step 2"));
    QVERIFY(page.contains("Rank 2 computes slower"));

    const QString md = dir.filePath(QStringLiteral("r.md"));
    QVERIFY(ReportActions::writeReport(*profile, {}, md, &error));
    QFile m(md);
    QVERIFY(m.open(QIODevice::ReadOnly));
    QVERIFY(m.readAll().startsWith("# Profscope report"));

    const QString trace = dir.filePath(QStringLiteral("t.json"));
    QVERIFY2(ReportActions::writeTrace(*profile, { 1, 3 }, QStringLiteral("2"), trace, &error), qPrintable(error));
    QFile t(trace);
    QVERIFY(t.open(QIODevice::ReadOnly));
    const QJsonArray events = QJsonDocument::fromJson(t.readAll()).object()[QStringLiteral("traceEvents")].toArray();
    QSet<QString> ranks;
    for (const QJsonValue& v : events)
        if (v.toObject()[QStringLiteral("name")].toString() == QLatin1String("process_name"))
            ranks << v.toObject()[QStringLiteral("args")].toObject()[QStringLiteral("name")].toString().section(
                QStringLiteral(" · "), 0, 0);
    QCOMPARE(ranks, QSet<QString>({ QStringLiteral("Rank 1"), QStringLiteral("Rank 3") }));
    // A path that cannot be written is reported with its name.
    QVERIFY(!ReportActions::writeReport(*profile, {}, dir.filePath(QStringLiteral("missing/r.html")), &error));
    QVERIFY(error.contains(QLatin1String("missing")));
}

void TestReportActions::inTheFileMenu()
{
    MainWindow window;
    QVERIFY(window.findChild<QAction*>(QStringLiteral("exportReportAction")));
    QVERIFY(window.findChild<QAction*>(QStringLiteral("exportTraceAction")));
}

QTEST_MAIN(TestReportActions)
#include "tst_reportactions.moc"
