// SPDX-License-Identifier: Apache-2.0
// The rank id discovery reads from profiler_info*.json: the fast walk (only
// the top-level "rank_id" kept) and the DOM path it falls back to must give
// the same answer, worked out here by hand for each case, and on every real
// profiler_info file the answer Qt's own JSON parser gives.
#include "load/profilerinforank.h"
#include "parse/jsonfast.h"

#include "testsupport.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace profscope;

class TestProfilerInfoRank : public QObject
{
    Q_OBJECT
private slots:
    void fromText_data();
    void fromText();
    void fromFile();
    void realFixtures();
};

namespace {

// The fast walk reads up to simdjson's padding past the end: give it
// readable bytes there, as readFileBytes does.
QByteArray padded(const QByteArray& text)
{
    QByteArray copy = text;
    copy.reserve(text.size() + qsizetype(jsonfile::jsonFastPadding()) + 1);
    return copy;
}

} // namespace

void TestProfilerInfoRank::fromText_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("expected");
    QTest::newRow("integer") << QByteArray(R"({"rank_size": 8, "rank_id": 3})") << 3;
    QTest::newRow("string (MindSpore 2.0)") << QByteArray(R"({"rank_id": "12", "rank_size": 16})") << 12;
    QTest::newRow("string with spaces") << QByteArray(R"({"rank_id": " 7 "})") << 7;
    QTest::newRow("string, not a number") << QByteArray(R"({"rank_id": "x1"})") << -1;
    QTest::newRow("zero") << QByteArray(R"({"rank_id": 0})") << 0;
    QTest::newRow("minus zero") << QByteArray(R"({"rank_id": -0})") << 0;
    QTest::newRow("float") << QByteArray(R"({"rank_id": 1.5})") << -1;
    QTest::newRow("null") << QByteArray(R"({"rank_id": null})") << -1;
    QTest::newRow("bool") << QByteArray(R"({"rank_id": true})") << -1;
    QTest::newRow("array") << QByteArray(R"({"rank_id": [4]})") << -1;
    QTest::newRow("object") << QByteArray(R"({"rank_id": {"rank_id": 9}})") << -1;
    QTest::newRow("absent") << QByteArray(R"({"rank": 5, "rank_size": 8})") << -1;
    QTest::newRow("nested only") << QByteArray(R"({"config": {"common_config": {"rank_id": 5}}})") << -1;
    QTest::newRow("nested, then top level")
        << QByteArray(R"({"config": {"rank_id": 5, "list": [{"rank_id": 6}]}, "rank_id": 2})") << 2;
    QTest::newRow("top level, then nested") << QByteArray(R"({"rank_id": 2, "end_info": {"rank_id": 5}})") << 2;
    QTest::newRow("repeated: the last wins") << QByteArray(R"({"rank_id": 1, "x": 0, "rank_id": 4})") << 4;
    QTest::newRow("repeated, last not a number") << QByteArray(R"({"rank_id": 1, "rank_id": "n/a"})") << -1;
    // 2^32 + 2: int64 first, then int, as the loader has always converted it.
    QTest::newRow("beyond int") << QByteArray(R"({"rank_id": 4294967298})") << 2;
    QTest::newRow("beyond uint64 (a float to nlohmann)") << QByteArray(R"({"rank_id": 99999999999999999999999})") << -1;
    QTest::newRow("top level array") << QByteArray(R"([{"rank_id": 1}])") << -1;
    QTest::newRow("truncated") << QByteArray(R"({"rank_id": 3, "rank_size": )") << -1;
    QTest::newRow("trailing garbage") << QByteArray(R"({"rank_id": 3} x)") << -1;
    QTest::newRow("empty") << QByteArray() << -1;
    QTest::newRow("byte order mark") << QByteArray("\xEF\xBB\xBF{\"rank_id\": 5}") << 5;
    // nlohmann reads a trailing NUL as the end of the input: the rank is
    // named, as discovery has always read it.
    QTest::newRow("trailing NUL byte") << QByteArray("{\"rank_id\": 5}\0", 15) << 5;
    QTest::newRow("NUL byte inside") << QByteArray("{\"rank_id\": 5,\0 \"x\": 1}", 23) << -1;
    QTest::newRow("escaped key") << QByteArray(R"({"rank\u005fid": 6})") << 6;
    QTest::newRow("pretty printed")
        << QByteArray("{\r\n    \"profiler_parameters\": {\r\n        \"activities\": [\"CPU\", \"NPU\"]\r\n    },\r\n"
                      "    \"rank_id\": 11\r\n}\r\n")
        << 11;
}

void TestProfilerInfoRank::fromText()
{
    QFETCH(QByteArray, text);
    QFETCH(int, expected);
    QCOMPARE(profilerInfoRankId(padded(text), true), expected);
    QCOMPARE(profilerInfoRankId(text, false), expected);
}

void TestProfilerInfoRank::fromFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString good = test::writeFile(dir, QStringLiteral("profiler_info_3.json"), R"({"rank_id": 3})");
    QCOMPARE(profilerInfoRankIdFromFile(good), 3);
    QCOMPARE(profilerInfoRankIdFromFile(dir.filePath(QStringLiteral("missing.json"))), -1);
    QCOMPARE(profilerInfoRankIdFromFile(dir.path()), -1); // a folder
}

void TestProfilerInfoRank::realFixtures()
{
    const QString root = QStringLiteral(PROFSCOPE_FIXTURES_DIR);
    if (!QFileInfo(root).isDir())
        QSKIP("no real fixtures beside the repository");
    int files = 0;
    QDirIterator it(root, { QStringLiteral("profiler_info*.json") }, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        // Qt's parser, independent of both simdjson and nlohmann.
        const QJsonObject object = QJsonDocument::fromJson(file.readAll()).object();
        int expected = -1;
        if (const QJsonValue v = object.value(QStringLiteral("rank_id")); v.isDouble())
            expected = v.toInt(-1);
        else if (v.isString())
            expected = v.toString().trimmed().toInt();
        QVERIFY2(expected >= 0, qPrintable(path)); // every real file names its rank
        QCOMPARE(profilerInfoRankIdFromFile(path), expected);
        ++files;
    }
    QVERIFY(files >= 10);
}

QTEST_GUILESS_MAIN(TestProfilerInfoRank)
#include "tst_profilerinforank.moc"
