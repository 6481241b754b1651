// SPDX-License-Identifier: Apache-2.0
// The start on huge pages (load/hugepages.h): the tunable's value, when the
// restart applies, and a real restart of a child process with its arguments;
// the allocator's settings, seen in glibc's own counters.
#include "load/hugepages.h"
#include "load/sanitized.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QTest>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

using namespace profscope;

namespace {

constexpr const char* kChildFlag = "--restart-child";

// The kernel's THP mode, read here on its own: "[madvise]" selected.
bool systemOffersOnRequest()
{
    QFile f(QStringLiteral("/sys/kernel/mm/transparent_hugepage/enabled"));
    return f.open(QIODevice::ReadOnly) && f.readAll().contains("[madvise]");
}

// Runs this test binary as the child, with `env` on top of a clean
// GLIBC_TUNABLES / PROFSCOPE_HUGE_PAGES; returns its output lines.
QStringList runChild(const QStringList& args, const QList<QPair<QString, QString>>& env)
{
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.remove(QStringLiteral("GLIBC_TUNABLES"));
    e.remove(QStringLiteral("PROFSCOPE_HUGE_PAGES"));
    for (const auto& [name, value] : env)
        e.insert(name, value);
    p.setProcessEnvironment(e);
    p.start(QCoreApplication::applicationFilePath(), QStringList { QString::fromLatin1(kChildFlag) } + args);
    if (!p.waitForFinished(30000) || p.exitCode() != 0)
        return { QStringLiteral("child failed") };
    return QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace

class TestHugePages : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tunablesValue();
    void turnedOff();
    void restartsOnce();
    void allocatorTuned(); // last: it changes this process's malloc
};

void TestHugePages::tunablesValue()
{
    QCOMPARE(QByteArray(hugePageTunables(nullptr)), QByteArray("glibc.malloc.hugetlb=1"));
    QCOMPARE(QByteArray(hugePageTunables("")), QByteArray("glibc.malloc.hugetlb=1"));
    // The user's own tunables are kept, ours appended.
    QCOMPARE(QByteArray(hugePageTunables("glibc.malloc.check=3")),
             QByteArray("glibc.malloc.check=3:glibc.malloc.hugetlb=1"));
}

void TestHugePages::turnedOff()
{
    const QByteArray savedTunables = qgetenv("GLIBC_TUNABLES");
    const QByteArray savedSwitch = qgetenv("PROFSCOPE_HUGE_PAGES");
    qunsetenv("GLIBC_TUNABLES");
    qputenv("PROFSCOPE_HUGE_PAGES", "0");
    QVERIFY(!hugePagesOnRequest());
    qunsetenv("PROFSCOPE_HUGE_PAGES");
    qputenv("GLIBC_TUNABLES", "glibc.malloc.hugetlb=0"); // the user's choice stands
    QVERIFY(!hugePagesOnRequest());
    qunsetenv("GLIBC_TUNABLES");
    QCOMPARE(hugePagesOnRequest(), systemOffersOnRequest() && !PROFSCOPE_SANITIZED);
    const auto restore = [](const char* name, const QByteArray& value) {
        if (value.isNull())
            qunsetenv(name);
        else
            qputenv(name, value);
    };
    restore("GLIBC_TUNABLES", savedTunables);
    restore("PROFSCOPE_HUGE_PAGES", savedSwitch);
}

void TestHugePages::restartsOnce()
{
    // The child calls restartWithHugePages and prints its starts, its
    // GLIBC_TUNABLES and its arguments: restarted, it starts twice (the
    // count travels in the environment) with the tunable set.
    const QStringList args { QStringLiteral("a"), QStringLiteral("two words"), QString() };
    const bool expectRestart = systemOffersOnRequest() && !PROFSCOPE_SANITIZED;
    const QStringList out = runChild(args, {});
    QCOMPARE(out.value(0), QStringLiteral("starts %1").arg(expectRestart ? 2 : 1));
    QCOMPARE(out.value(1), expectRestart ? QStringLiteral("tunables glibc.malloc.hugetlb=1") : QStringLiteral("tunables "));
    QCOMPARE(out.value(2), QStringLiteral("args 3 [a] [two words] []"));
    // Turned off, or already set by the user: one start, their value kept.
    QCOMPARE(runChild(args, { { QStringLiteral("PROFSCOPE_HUGE_PAGES"), QStringLiteral("0") } }).value(0),
             QStringLiteral("starts 1"));
    const QStringList userSet
        = runChild(args, { { QStringLiteral("GLIBC_TUNABLES"), QStringLiteral("glibc.malloc.hugetlb=0") } });
    QCOMPARE(userSet.value(0), QStringLiteral("starts 1"));
    QCOMPARE(userSet.value(1), QStringLiteral("tunables glibc.malloc.hugetlb=0"));
    if (!expectRestart)
        QSKIP("this system does not offer transparent huge pages on request (or AddressSanitizer build): "
              "no restart to see");
}

void TestHugePages::allocatorTuned()
{
    qputenv("PROFSCOPE_MALLOC_TUNING", "0");
    QVERIFY(!tuneAllocator());
    qunsetenv("PROFSCOPE_MALLOC_TUNING");
    const bool tuned = tuneAllocator();
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    QCOMPARE(tuned, !PROFSCOPE_SANITIZED);
    if (!tuned)
        QSKIP("AddressSanitizer build: its allocator replaces glibc's, nothing to tune");
    constexpr std::size_t kMiB = std::size_t(1) << 20;
    // The top pad: a heap that must grow for a block grows by the block and
    // 32 MiB more (glibc's default pad is 128 KiB). The block asks for more
    // than the heap's free top holds, and stays below the mmap threshold.
    const struct mallinfo2 before = mallinfo2();
    const std::size_t ask = before.keepcost + kMiB;
    if (ask >= 31 * kMiB)
        QSKIP("the heap's free top is too large here to see it grow");
    void* grown = std::malloc(ask);
    QVERIFY(grown);
    const struct mallinfo2 afterGrowth = mallinfo2();
    QVERIFY2(afterGrowth.arena >= before.arena + (ask - before.keepcost) + 32 * kMiB - 64 * 1024,
             qPrintable(QStringLiteral("heap grew by %1 bytes for a block of %2")
                            .arg(afterGrowth.arena - before.arena)
                            .arg(ask)));
    // The mmap threshold: 8 MiB (mapped on its own by default, whose first
    // threshold is 128 KiB) comes from the heap; 40 MiB is still mapped.
    void* middle = std::malloc(8 * kMiB);
    QVERIFY(middle);
    QCOMPARE(mallinfo2().hblks, afterGrowth.hblks);
    void* large = std::malloc(40 * kMiB);
    QVERIFY(large);
    QCOMPARE(mallinfo2().hblks, afterGrowth.hblks + 1);
    std::free(large);
    std::free(middle);
    std::free(grown);
#else
    QVERIFY(!tuned);
    QSKIP("not glibc 2.33 or later: no allocator settings to see");
#endif
}

int main(int argc, char** argv)
{
    if (argc >= 2 && std::string_view(argv[1]) == kChildFlag) {
        const char* starts = std::getenv("PROFSCOPE_TEST_STARTS");
        const int start = (starts ? std::atoi(starts) : 0) + 1;
        setenv("PROFSCOPE_TEST_STARTS", std::to_string(start).c_str(), 1);
        restartWithHugePages(argv);
        const char* tunables = std::getenv("GLIBC_TUNABLES");
        std::printf("starts %d\ntunables %s\nargs %d", start, tunables ? tunables : "", argc - 2);
        for (int i = 2; i < argc; ++i)
            std::printf(" [%s]", argv[i]);
        std::printf("\n");
        return 0;
    }
    QCoreApplication app(argc, argv);
    TestHugePages test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_hugepages.moc"
