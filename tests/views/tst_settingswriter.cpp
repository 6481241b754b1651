// SPDX-License-Identifier: Apache-2.0
// Settings written off the GUI thread (settingswriter.h): what is read back
// while a write waits, the order of writes, removal, and that the writing
// is not done by the caller's thread.
#include "common/settingswriter.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QThread>

#include <atomic>

using namespace profscope;

class TestSettingsWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void readsSeeQueuedWrites();
    void lastWriteWins();
    void removeQueuesToo();
    void callerDoesNotWrite();
};

void TestSettingsWriter::initTestCase()
{
    // Settings under the test-mode folders, never the user's own.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("ProfscopeTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_settingswriter"));
    QSettings().clear();
}

void TestSettingsWriter::readsSeeQueuedWrites()
{
    setSettingValue(QStringLiteral("a/key"), QStringList { QStringLiteral("x"), QStringLiteral("y") });
    QCOMPARE(settingValue(QStringLiteral("a/key")).toStringList(), QStringList({ QStringLiteral("x"), QStringLiteral("y") }));
    flushSettings();
    // In the file: read by a fresh QSettings on a file of its own.
    QSettings fromFile(QSettings().fileName(), QSettings::IniFormat);
    QCOMPARE(fromFile.value(QStringLiteral("a/key")).toStringList(), QStringList({ QStringLiteral("x"), QStringLiteral("y") }));
    QCOMPARE(settingValue(QStringLiteral("missing"), 7).toInt(), 7);
}

void TestSettingsWriter::lastWriteWins()
{
    for (int i = 0; i < 200; ++i)
        setSettingValue(QStringLiteral("drag/width"), i);
    QCOMPARE(settingValue(QStringLiteral("drag/width")).toInt(), 199);
    flushSettings();
    QCOMPARE(QSettings().value(QStringLiteral("drag/width")).toInt(), 199);
}

void TestSettingsWriter::removeQueuesToo()
{
    setSettingValue(QStringLiteral("gone"), 1);
    removeSetting(QStringLiteral("gone"));
    QVERIFY(!settingValue(QStringLiteral("gone")).isValid());
    QCOMPARE(settingValue(QStringLiteral("gone"), 5).toInt(), 5);
    flushSettings();
    QVERIFY(!QSettings().contains(QStringLiteral("gone")));
}

void TestSettingsWriter::callerDoesNotWrite()
{
    // The file is written (and synced) by the writer's thread, not the
    // caller's: a settings format whose write function notes the thread it
    // runs on.
    static std::atomic<Qt::HANDLE> writerThread { nullptr };
    const auto format = QSettings::registerFormat(
        QStringLiteral("tstwriter"),
        [](QIODevice&, QSettings::SettingsMap&) { return true; },
        [](QIODevice&, const QSettings::SettingsMap&) {
            writerThread = QThread::currentThreadId();
            return true;
        });
    QSettings::setDefaultFormat(format);
    setSettingValue(QStringLiteral("thread/key"), 1);
    flushSettings();
    QSettings::setDefaultFormat(QSettings::NativeFormat);
    QVERIFY(writerThread.load() != nullptr);
    QVERIFY(writerThread.load() != QThread::currentThreadId());
}

QTEST_MAIN(TestSettingsWriter)
#include "tst_settingswriter.moc"
