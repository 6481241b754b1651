// SPDX-License-Identifier: Apache-2.0
// profiler_metadata.json read as a stream (core/parse/metadatastream.cpp)
// instead of a DOM. Every metadata file of the real fixtures and of a
// generated cluster must be taken by the stream and give what an independent
// reader finds (QJsonDocument here); odd shapes must be left to the DOM path,
// whose results are worked out by hand below.
#include "generate/clustergenerator.h"
#include "parse/jsonfile.h"
#include "parse/metadatastream.h"
#include "parse/tableparsers.h"
#include "testsupport.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace profscope;

namespace {

// JSON written with ' for ", to stay readable here.
QByteArray json(const QByteArray& text)
{
    return QByteArray(text).replace('\'', '"');
}

QString describe(const ParallelGroup& g)
{
    QStringList ranks;
    for (int r : g.globalRanks)
        ranks << QString::number(r);
    return QStringLiteral("%1 %2 %3 [%4]").arg(g.groupId, g.groupName).arg(g.groupRank).arg(ranks.join(QLatin1Char(',')));
}

} // namespace

class TestMetadataStream : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void sameAsQJson_data();
    void sameAsQJson();
    void shapes_data();
    void shapes();
    void rankIdOnlyWhenUnknown();

private:
    QTemporaryDir m_generated;
};

void TestMetadataStream::initTestCase()
{
    QVERIFY(m_generated.isValid());
    GeneratorOptions options;
    options.ranks = 4;
    options.steps = 1;
    options.pipelineStages = 2;
    QString error;
    QVERIFY2(generateCluster(m_generated.path(), options, &error), qPrintable(error));
}

void TestMetadataStream::sameAsQJson_data()
{
    QTest::addColumn<QString>("path");
    int rows = 0;
    for (const QString& root : { QStringLiteral(PROFSCOPE_FIXTURES_DIR), m_generated.path() }) {
        QDirIterator it(root, { QStringLiteral("profiler_metadata.json") }, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QTest::newRow(qPrintable(QDir(root).relativeFilePath(path))) << path;
            ++rows;
        }
    }
    QVERIFY(rows >= 11); // 7 real files and 4 generated ranks
}

void TestMetadataStream::sameAsQJson()
{
    QFETCH(QString, path);
    FileReport report;
    jsonfile::JsonFile file(path, "profiler_metadata.json", report);
    RankInfo info;
    qint64 groups = -1;
    QVERIFY2(jsonfile::streamProfilerMetadata(file, info, groups), "the stream declined a well-formed metadata file");
    QVERIFY(file.finish());

    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    const QJsonObject args = root.value(QLatin1String("distributed_args")).toObject();
    auto size = [&args](const char* key) { return args.contains(QLatin1String(key)) ? args.value(QLatin1String(key)).toInt() : -1; };
    QCOMPARE(info.tpSize, size("tensor_model_parallel_size"));
    QCOMPARE(info.ppSize, size("pipeline_model_parallel_size"));
    QCOMPARE(info.dpSize, size("data_parallel_size"));
    QCOMPARE(info.worldSize, size("world_size"));
    QCOMPARE(info.rankId, size("rank"));

    // QJsonObject sorts its keys: compare the groups in key order.
    const QJsonObject groupInfo = root.value(QLatin1String("parallel_group_info")).toObject();
    QCOMPARE(groups, qint64(groupInfo.size()));
    std::vector<ParallelGroup> got = info.parallelGroups;
    std::sort(got.begin(), got.end(), [](const auto& a, const auto& b) { return a.groupId < b.groupId; });
    QCOMPARE(got.size(), std::size_t(groupInfo.size()));
    std::size_t i = 0;
    for (auto g = groupInfo.begin(); g != groupInfo.end(); ++g, ++i) {
        const QJsonObject o = g->toObject();
        ParallelGroup expected;
        expected.groupId = g.key();
        expected.groupName = o.value(QLatin1String("group_name")).toString();
        expected.groupRank = o.value(QLatin1String("group_rank")).toInt(-1);
        for (const auto r : o.value(QLatin1String("global_ranks")).toArray())
            expected.globalRanks.push_back(r.toInt());
        QCOMPARE(describe(got[i]), describe(expected));
    }
}

void TestMetadataStream::shapes_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("streamed");   // taken by the stream, not the DOM path
    QTest::addColumn<int>("warnings");    // parseProfilerMetadata's report
    QTest::addColumn<int>("tpSize");
    QTest::addColumn<QString>("groups");  // describe() of each group, joined by " | "

    QTest::newRow("plain") << json("{'distributed_args': {'tensor_model_parallel_size': 2, 'rank': 1}, 'ENV_VARIABLES': "
                                   "{'A': [1, {'b': 2}]}, 'parallel_group_info': {'g1': {'group_name': 'tp', "
                                   "'group_rank': 1, 'global_ranks': [0, 1], 'x': {}}}}")
                           << true << 0 << 2 << QStringLiteral("g1 tp 1 [0,1]");
    QTest::newRow("numbers as text") << json("{'distributed_args': {'tensor_model_parallel_size': '4'}, 'parallel_group_info': "
                                             "{'g1': {'group_rank': '3', 'global_ranks': [2.0, '5']}}}")
                                     << true << 0 << 4 << QStringLiteral("g1  3 [2,5]");
    QTest::newRow("ranks not an array") << json("{'parallel_group_info': {'g1': {'global_ranks': {'a': 1}}, 'g2': "
                                                "{'global_ranks': 7}}}")
                                        << true << 0 << -1 << QStringLiteral("g1  -1 [] | g2  -1 []");
    QTest::newRow("args not an object") << json("{'distributed_args': [1], 'parallel_group_info': {}}") << true << 0 << -1
                                        << QString();
    // The fast walk hands runs of plain unsigned integers over at once
    // (jsonfast.h UnsignedRuns): runs broken by other numbers, in order.
    QTest::newRow("ranks in runs") << json("{'parallel_group_info': {'g1': {'global_ranks': [0, 1, -1, 2, 3.0, 4, 5], "
                                           "'group_name': 'dp'}, 'g2': {'global_ranks': [7]}}}")
                                   << true << 0 << -1 << QStringLiteral("g1 dp -1 [0,1,-1,2,3,4,5] | g2  -1 [7]");
    QTest::newRow("rank beyond int64") << json("{'parallel_group_info': {'g1': {'global_ranks': [1, 9223372036854775808, 2]}}}")
                                       << false << 1 << -1 << QStringLiteral("g1  -1 [1,2]");
    // A repeated key: the DOM keeps the first position and the last value.
    QTest::newRow("repeated group") << json("{'parallel_group_info': {'g1': {'group_name': 'a'}, 'g2': {}, 'g1': "
                                            "{'group_name': 'b'}}}")
                                    << false << 0 << -1 << QStringLiteral("g1 b -1 [] | g2  -1 []");
    QTest::newRow("repeated size, last wins") << json("{'distributed_args': {'tensor_model_parallel_size': 2, "
                                                      "'tensor_model_parallel_size': 'x'}}")
                                              << false << 0 << -1 << QString();
    // Shapes the DOM path warns about.
    QTest::newRow("rank not a number") << json("{'parallel_group_info': {'g1': {'global_ranks': [1, 'x', 3]}}}") << false << 1
                                       << -1 << QStringLiteral("g1  -1 [1,3]");
    QTest::newRow("group not an object") << json("{'parallel_group_info': {'g1': 5, 'g2': {'group_name': 'dp'}}}") << false
                                         << 1 << -1 << QStringLiteral("g2 dp -1 []");
    QTest::newRow("group info not an object") << json("{'parallel_group_info': [1]}") << false << 1 << -1 << QString();
}

void TestMetadataStream::shapes()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, streamed);
    QFETCH(int, warnings);
    QFETCH(int, tpSize);
    QFETCH(QString, groups);

    QTemporaryDir dir;
    const QString path = test::writeFile(dir, QStringLiteral("profiler_metadata.json"), text);
    {
        FileReport report;
        jsonfile::JsonFile file(path, "profiler_metadata.json", report);
        RankInfo info;
        info.tpSize = 99;
        qint64 count = 0;
        QCOMPARE(jsonfile::streamProfilerMetadata(file, info, count), streamed);
        if (!streamed)
            QCOMPARE(info.tpSize, 99); // untouched
    }
    FileReport report;
    RankInfo info;
    QVERIFY(parseProfilerMetadata(path, info, report));
    QCOMPARE(int(report.warnings.size()), warnings);
    QCOMPARE(info.tpSize, tpSize);
    QStringList described;
    for (const auto& g : info.parallelGroups)
        described << describe(g);
    QCOMPARE(described.join(QStringLiteral(" | ")), groups);
}

void TestMetadataStream::rankIdOnlyWhenUnknown()
{
    QTemporaryDir dir;
    const QString path = test::writeFile(dir, QStringLiteral("profiler_metadata.json"), json("{'distributed_args': {'rank': 7}}"));
    for (const int known : { -1, 5 }) {
        FileReport report;
        jsonfile::JsonFile file(path, "profiler_metadata.json", report);
        RankInfo info;
        info.rankId = known;
        qint64 groups = 0;
        QVERIFY(jsonfile::streamProfilerMetadata(file, info, groups));
        QCOMPARE(info.rankId, known < 0 ? 7 : known);
    }
}

QTEST_GUILESS_MAIN(TestMetadataStream)
#include "tst_metadatastream.moc"
