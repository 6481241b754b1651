// SPDX-License-Identifier: Apache-2.0
// Opening single profiler files (drop, File → Open File) and the start-up
// choice between the demo (first start) and the welcome page (later).
#include "common/settingswriter.h"
#include "loadcontroller.h"
#include "mainwindow.h"
#include "openfiles.h"
#include "projecttreemodel.h"
#include "testsupport.h"
#include "viewtestsupport.h"
#include "welcomepage.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <memory>

using namespace profscope;

namespace {

QString traceOf(const QString& rank)
{
    return rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json");
}

QMimeData* urls(const QStringList& paths)
{
    auto* mime = new QMimeData;
    QList<QUrl> list;
    for (const QString& p : paths)
        list << QUrl::fromLocalFile(p);
    mime->setUrls(list);
    return mime;
}

} // namespace

class TestOpenFiles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void openableFiles();
    void dropSingleTraceOpensItsRank();
    void demoOnlyOnFirstStart();
    void welcomeOffersDemo();
};

void TestOpenFiles::initTestCase()
{
    QVERIFY(test::isolateUserLocations(QStringLiteral("tst_openfiles")));
    flushSettings(); // no queued write lands after the clear
    QSettings().clear();
}

void TestOpenFiles::openableFiles()
{
    QTemporaryDir dir;
    const QString other = test::writeFile(dir, QStringLiteral("notes.txt"), "x");
    const QString rank = test::textRank(1, 0);
    const QString kernels = rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT/kernel_details.csv");
    const QString db = test::dbRank(0, 0) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db");
    for (const QString& f : { traceOf(rank), kernels, db })
        QVERIFY2(QFileInfo::exists(f) && isOpenableProfileFile(QFileInfo(f)), qPrintable(f));
    QVERIFY(!isOpenableProfileFile(QFileInfo(other)));
    // Small JSON files are not a profile on their own (the folder is).
    QVERIFY(!isOpenableProfileFile(QFileInfo(rank + QStringLiteral("/profiler_info_0.json"))));

    std::unique_ptr<QMimeData> mime(urls({ rank, traceOf(rank), kernels, db, other }));
    QCOMPARE(droppedProfilePaths(mime.get()), (QStringList { rank, traceOf(rank), kernels, db }));
}

void TestOpenFiles::dropSingleTraceOpensItsRank()
{
    MainWindow window;
    window.show();
    std::unique_ptr<QMimeData> mime(urls({ traceOf(test::textRank(1, 0)) }));
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &drop);
    QVERIFY(drop.isAccepted());
    QVERIFY(QTest::qWaitFor([&] { return !window.loadController()->isLoading(); }, 120000));
    QCOMPARE(window.projectModel()->rankCount(), 1);
}

void TestOpenFiles::demoOnlyOnFirstStart()
{
    flushSettings(); // no queued write lands after the clear
    QSettings().clear();
    QVERIFY(startWithDemo());
    QVERIFY(!startWithDemo());
    QVERIFY(!startWithDemo());
}

void TestOpenFiles::welcomeOffersDemo()
{
    WelcomePage page;
    QSignalSpy spy(&page, &WelcomePage::openDemoRequested);
    auto* button = page.findChild<QPushButton*>(QStringLiteral("welcomeDemoButton"));
    QVERIFY(button);
    button->click();
    QCOMPARE(spy.count(), 1);
}

QTEST_MAIN(TestOpenFiles)
#include "tst_openfiles.moc"
