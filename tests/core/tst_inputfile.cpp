// SPDX-License-Identifier: Apache-2.0
// readFileBytes: a whole regular file in few system calls, and what it
// refuses (folders, FIFOs, missing files, files over the caller's limit).
#include "parse/inputfile.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

using namespace profscope;

class TestInputFile : public QObject
{
    Q_OBJECT
private slots:
    void regularFile_data();
    void regularFile();
    void refused();
    void fifoIsNotOpenedForEver();
    void realFixtureAsQFileReadsIt();
};

namespace {

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

void TestInputFile::regularFile_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<int>("padding");
    QTest::newRow("empty") << QByteArray() << 0;
    QTest::newRow("empty padded") << QByteArray() << 64;
    QTest::newRow("text") << QByteArray("{\"a\": 1}\n") << 0;
    QTest::newRow("text padded") << QByteArray("{\"a\": 1}\n") << 64;
    QByteArray binary(70000, '\0');
    for (int i = 0; i < binary.size(); ++i)
        binary[i] = char((i * 131) & 0xFF);
    QTest::newRow("binary, 70 KB, padded") << binary << 33;
}

void TestInputFile::regularFile()
{
    QFETCH(QByteArray, content);
    QFETCH(int, padding);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("f.bin"));
    QVERIFY(writeFile(path, content));
    const FileBytes read = readFileBytes(path, padding);
    QVERIFY(read.ok());
    QCOMPARE(read.bytes, content);
    QCOMPARE(read.sizeBytes, qint64(content.size()));
    QVERIFY(read.error.isEmpty());
    // The padding is allocated and zeroed past the end (parsers read ahead).
    QVERIFY(read.bytes.capacity() >= read.bytes.size() + padding);
    for (int i = 0; i < padding; ++i)
        QCOMPARE(read.bytes.constData()[read.bytes.size() + i], '\0');
}

void TestInputFile::refused()
{
    QTemporaryDir dir;
    const QString missing = dir.filePath(QStringLiteral("missing.json"));
    FileBytes r = readFileBytes(missing);
    QCOMPARE(r.status, FileBytes::Status::CannotOpen);
    QVERIFY(r.bytes.isEmpty());
    // The system's own words, as QFile would give them.
    QFile qfile(missing);
    QVERIFY(!qfile.open(QIODevice::ReadOnly));
    QCOMPARE(r.error, qfile.errorString());

    r = readFileBytes(dir.path());
    QCOMPARE(r.status, FileBytes::Status::Directory);

    const QString big = dir.filePath(QStringLiteral("big.csv"));
    QVERIFY(writeFile(big, QByteArray(1000, 'x')));
    r = readFileBytes(big, 0, 999);
    QCOMPARE(r.status, FileBytes::Status::TooLarge);
    QCOMPARE(r.sizeBytes, qint64(1000));
    QVERIFY(r.bytes.isEmpty());
    r = readFileBytes(big, 0, 1000); // the limit is inclusive
    QVERIFY(r.ok());
    QCOMPARE(r.bytes.size(), 1000);

    // A symbolic link is followed, to a file or to nothing.
    QVERIFY(QFile::link(big, dir.filePath(QStringLiteral("link.csv"))));
    r = readFileBytes(dir.filePath(QStringLiteral("link.csv")));
    QVERIFY(r.ok());
    QCOMPARE(r.bytes, QByteArray(1000, 'x'));
    QVERIFY(QFile::link(missing, dir.filePath(QStringLiteral("dangling.csv"))));
    QCOMPARE(readFileBytes(dir.filePath(QStringLiteral("dangling.csv"))).status, FileBytes::Status::CannotOpen);
}

void TestInputFile::fifoIsNotOpenedForEver()
{
#ifdef Q_OS_UNIX
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("trace_view.json"));
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    // No writer ever comes: a blocking open would hang the test (and ctest's
    // timeout would fail it).
    const FileBytes r = readFileBytes(fifo);
    QCOMPARE(r.status, FileBytes::Status::Special);
    QVERIFY(r.bytes.isEmpty());
#else
    QSKIP("FIFOs are a Unix matter");
#endif
}

void TestInputFile::realFixtureAsQFileReadsIt()
{
    const QString root = QStringLiteral(PROFSCOPE_FIXTURES_DIR);
    QStringList files;
    for (const QString& name : QDir(root).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QDirIterator it(root + QLatin1Char('/') + name, { QStringLiteral("*.csv"), QStringLiteral("*.json") }, QDir::Files,
                        QDirIterator::Subdirectories);
        for (int i = 0; i < 3 && it.hasNext(); ++i)
            files << it.next();
        if (files.size() >= 12)
            break;
    }
    if (files.isEmpty())
        QSKIP("no real fixtures beside the repository");
    for (const QString& path : std::as_const(files)) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray expected = f.readAll();
        const FileBytes r = readFileBytes(path, 64);
        QVERIFY2(r.ok(), qPrintable(path));
        QCOMPARE(r.bytes, expected);
    }
}

QTEST_GUILESS_MAIN(TestInputFile)
#include "tst_inputfile.moc"
