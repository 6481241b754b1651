// SPDX-License-Identifier: Apache-2.0
// listFolder against QDir::entryInfoList and QFileInfo, the listing it
// replaces in discovery: the same entries in the same order, with the same
// answers to isDir, isFile, isSymLink, size and absoluteFilePath.
#include "load/folderlisting.h"

#include "testsupport.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

using namespace profscope;

class TestFolderListing : public QObject
{
    Q_OBJECT
private slots:
    void oddEntriesAsQFileInfoSeesThem();
    void realFixtureTree();
    void unreadableFolder();
};

namespace {

// Compares one folder's listing with Qt's; returns the number of entries.
int compareWithQt(const QString& path)
{
    EntryList listed;
    if (!listFolder(path, listed)) {
        QTest::qFail(qPrintable(QStringLiteral("cannot list %1").arg(path)), __FILE__, __LINE__);
        return -1;
    }
    const QFileInfoList expected
        = QDir(path).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDir::Name);
    if (int(listed.size()) != int(expected.size())) {
        QTest::qFail(qPrintable(QStringLiteral("%1: %2 entries, Qt lists %3").arg(path).arg(listed.size()).arg(expected.size())),
                     __FILE__, __LINE__);
        return -1;
    }
    for (qsizetype i = 0; i < expected.size(); ++i) {
        const ListedEntry& e = listed[std::size_t(i)];
        const QFileInfo& q = expected[i];
        const QString what = path + QLatin1Char('/') + q.fileName();
        if (e.fileName() != q.fileName() || e.absoluteFilePath() != q.absoluteFilePath() || e.isDir() != q.isDir()
            || e.isFile() != q.isFile() || e.isSymLink() != q.isSymLink() || (q.isFile() && e.size() != q.size())) {
            QTest::qFail(qPrintable(QStringLiteral("%1: listed %2 dir %3 file %4 link %5 size %6")
                                        .arg(what, e.absoluteFilePath())
                                        .arg(e.isDir())
                                        .arg(e.isFile())
                                        .arg(e.isSymLink())
                                        .arg(e.size())),
                         __FILE__, __LINE__);
            return -1;
        }
    }
    return int(listed.size());
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

void TestFolderListing::oddEntriesAsQFileInfoSeesThem()
{
    QTemporaryDir dir;
    const QString root = dir.path();
    QVERIFY(writeFile(root + QStringLiteral("/trace_view.json"), QByteArray(1234, 'x')));
    QVERIFY(writeFile(root + QStringLiteral("/.hidden.csv"), "a,b\n"));
    QVERIFY(writeFile(root + QStringLiteral("/Zeta.txt"), ""));
    QVERIFY(writeFile(root + QStringLiteral("/数据_ascend_ms.json"), "{}"));
    QVERIFY(QDir(root).mkpath(QStringLiteral("rank0_ascend_ms/ASCEND_PROFILER_OUTPUT")));
    QVERIFY(QDir(root).mkpath(QStringLiteral("a folder with spaces")));
    QVERIFY(QFile::link(root + QStringLiteral("/trace_view.json"), root + QStringLiteral("/link_to_file.json")));
    QVERIFY(QFile::link(root + QStringLiteral("/rank0_ascend_ms"), root + QStringLiteral("/link_to_folder_ascend_ms")));
    QVERIFY(QFile::link(root + QStringLiteral("/missing"), root + QStringLiteral("/dangling.csv")));
#ifdef Q_OS_UNIX
    QVERIFY(::mkfifo(QFile::encodeName(root + QStringLiteral("/fifo.json")).constData(), 0600) == 0);
#endif
    const int n = compareWithQt(root);
    QVERIFY(n >= 9);
    // Sorted as QDir::Name sorts: by code unit, upper case before lower case.
    EntryList listed;
    QVERIFY(listFolder(root, listed));
    QCOMPARE(listed.front().fileName(), QStringLiteral(".hidden.csv"));
    QVERIFY(std::is_sorted(listed.begin(), listed.end(),
                           [](const ListedEntry& a, const ListedEntry& b) { return a.fileName() < b.fileName(); }));
    // The root given with a trailing slash: no double slash in the paths.
    QVERIFY(listFolder(root + QLatin1Char('/'), listed));
    for (const ListedEntry& e : listed)
        QVERIFY2(!e.absoluteFilePath().contains(QStringLiteral("//")), qPrintable(e.absoluteFilePath()));
}

void TestFolderListing::realFixtureTree()
{
    const QString root = QStringLiteral(PROFSCOPE_FIXTURES_DIR);
    if (!QFileInfo(root).isDir())
        QSKIP("no real fixtures beside the repository");
    int folders = 1, entries = compareWithQt(root);
    QDirIterator it(root, QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const int n = compareWithQt(it.next());
        QVERIFY(n >= 0);
        entries += n;
        ++folders;
    }
    QVERIFY2(folders > 10 && entries > 50, qPrintable(QStringLiteral("%1 folders, %2 entries").arg(folders).arg(entries)));
}

void TestFolderListing::unreadableFolder()
{
    QTemporaryDir dir;
    EntryList listed;
    QVERIFY(!listFolder(dir.filePath(QStringLiteral("missing")), listed));
    QVERIFY(listed.empty());
    // A file is not a folder.
    QVERIFY(writeFile(dir.filePath(QStringLiteral("f.csv")), "x"));
    QVERIFY(!listFolder(dir.filePath(QStringLiteral("f.csv")), listed));
}

QTEST_GUILESS_MAIN(TestFolderListing)
#include "tst_folderlisting.moc"
