// SPDX-License-Identifier: Apache-2.0
// profscope-cli speaks the user's language like the GUI: the zh_CN
// translation is chosen by LANG / LC_MESSAGES / LANGUAGE, and machine-readable
// output stays the same whatever the language.
#include "testsupport.h"

#include <QFile>
#include <QProcess>
#include <QTest>

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

// Runs profscope-cli with a clean locale environment plus `env`.
Run runWithLocale(const QStringList& args, const QList<std::pair<QString, QString>>& env)
{
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (const char* name : { "LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES" })
        e.remove(QString::fromLatin1(name));
    for (const auto& [k, v] : env)
        e.insert(k, v);
    QProcess p;
    p.setProcessEnvironment(e);
    p.start(QStringLiteral(PROFSCOPE_CLI), args);
    Run r;
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = p.exitCode();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

const QString kUnknownZh = QStringLiteral("未知命令");
const QString kRankFolderZh = QStringLiteral("rank 文件夹");

} // namespace

class TestCliI18n : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void followsLocale_data();
    void followsLocale();
    void englishByDefault();
};

void TestCliI18n::initTestCase()
{
    // The .qm is embedded at build time by lrelease; without it there is
    // nothing to load.
    if (!QFile::exists(QStringLiteral(PROFSCOPE_QM_FILE)))
        QSKIP("the zh_CN translation (profscope_zh_CN.qm) is not built");
}

void TestCliI18n::followsLocale_data()
{
    QTest::addColumn<QString>("variable");
    QTest::addColumn<QString>("value");
    QTest::newRow("LANG") << QStringLiteral("LANG") << QStringLiteral("zh_CN.UTF-8");
    QTest::newRow("LC_MESSAGES") << QStringLiteral("LC_MESSAGES") << QStringLiteral("zh_CN.UTF-8");
    QTest::newRow("LC_ALL") << QStringLiteral("LC_ALL") << QStringLiteral("zh_CN.UTF-8");
    QTest::newRow("LANGUAGE") << QStringLiteral("LANGUAGE") << QStringLiteral("zh_CN");
}

void TestCliI18n::followsLocale()
{
    QFETCH(QString, variable);
    QFETCH(QString, value);
    const Run unknown = runWithLocale({ QStringLiteral("no-such-command") }, { { variable, value } });
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains(kUnknownZh), qPrintable(unknown.err.left(300)));

    const Run help = runWithLocale({ QStringLiteral("export"), QStringLiteral("--help") }, { { variable, value } });
    QCOMPARE(help.exitCode, 0);
    QVERIFY2(help.out.contains(kRankFolderZh), qPrintable(help.out.right(500)));
}

void TestCliI18n::englishByDefault()
{
    const Run r =
        runWithLocale({ QStringLiteral("no-such-command") }, { { QStringLiteral("LANG"), QStringLiteral("C.UTF-8") } });
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains(QLatin1String("unknown command \"no-such-command\"")));
    QVERIFY(!r.err.contains(kUnknownZh));
}

QTEST_GUILESS_MAIN(TestCliI18n)
#include "tst_clii18n.moc"
