// SPDX-License-Identifier: Apache-2.0
// communication_matrix.json read as a stream (core/parse/matrixstream.cpp)
// instead of a DOM. Every matrix in the real fixtures and in a generated
// cluster must be taken by the stream and give the links an independent
// reader finds (QJsonDocument here, compared as sorted lists); odd shapes
// must be left to the DOM path, whose results are worked out by hand below.
#include "generate/clustergenerator.h"
#include "parse/jsonfile.h"
#include "parse/matrixstream.h"
#include "parse/tableparsers.h"
#include "testsupport.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <tuple>

using namespace profscope;

namespace {

using LinkTuple = std::tuple<QString, bool, QString, int, int, QString, double, double, double, QString>;

LinkTuple tupleOf(const CommMatrixLink& l)
{
    return { l.step, l.p2p, l.opKey, l.srcRank, l.dstRank, l.transport, l.transitSizeMB, l.transitTimeMs,
        l.bandwidthGBps, l.opName };
}

// The links as QJsonDocument reads them (keys sorted, numbers as doubles).
std::vector<LinkTuple> qtLinks(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    std::vector<LinkTuple> links;
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    for (auto step = root.begin(); step != root.end(); ++step)
        for (const QString& kind : { QStringLiteral("p2p"), QStringLiteral("collective") }) {
            const QJsonObject ops = step->toObject().value(kind).toObject();
            for (auto op = ops.begin(); op != ops.end(); ++op) {
                const QJsonObject linkMap = op->toObject();
                for (auto link = linkMap.begin(); link != linkMap.end(); ++link) {
                    const QStringList ranks = link.key().split(QLatin1Char('-'));
                    const QJsonObject l = link->toObject();
                    links.emplace_back(step.key(), kind == QLatin1String("p2p"), op.key(), ranks.value(0).toInt(),
                        ranks.value(1).toInt(), l.value(QLatin1String("Transport Type")).toString(),
                        l.value(QLatin1String("Transit Size(MB)")).toDouble(),
                        l.value(QLatin1String("Transit Time(ms)")).toDouble(),
                        l.value(QLatin1String("Bandwidth(GB/s)")).toDouble(),
                        l.value(QLatin1String("Op Name")).toString());
                }
            }
        }
    return links;
}

bool sameNumber(double a, double b)
{
    return std::fabs(a - b) <= 1e-12 * std::max(1.0, std::fabs(b));
}

bool sameLink(const LinkTuple& a, const LinkTuple& b)
{
    return std::get<0>(a) == std::get<0>(b) && std::get<1>(a) == std::get<1>(b) && std::get<2>(a) == std::get<2>(b)
        && std::get<3>(a) == std::get<3>(b) && std::get<4>(a) == std::get<4>(b) && std::get<5>(a) == std::get<5>(b)
        && sameNumber(std::get<6>(a), std::get<6>(b)) && sameNumber(std::get<7>(a), std::get<7>(b))
        && sameNumber(std::get<8>(a), std::get<8>(b)) && std::get<9>(a) == std::get<9>(b);
}

QString writeFile(const QTemporaryDir& dir, const QByteArray& text)
{
    const QString path = dir.filePath(QStringLiteral("communication_matrix.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(text) != text.size())
        return {};
    return path;
}

// JSON written with ' for ", to stay readable here.
QByteArray json(const QByteArray& text)
{
    return QByteArray(text).replace('\'', '"');
}

const QByteArray kLinkInfo = json(
    "'Transport Type': 'HCCS', 'Transit Size(MB)': 1.5, 'Transit Time(ms)': '2.25', 'Bandwidth(GB/s)': 3, 'Op Name': 'op_a'");

} // namespace

class TestMatrixStream : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void sameLinksAsQJson_data();
    void sameLinksAsQJson();
    void shapes_data();
    void shapes();

private:
    QTemporaryDir m_generated;
};

void TestMatrixStream::initTestCase()
{
    QVERIFY(m_generated.isValid());
    GeneratorOptions options;
    options.ranks = 4;
    options.steps = 2;
    QString error;
    QVERIFY2(generateCluster(m_generated.path(), options, &error), qPrintable(error));
}

void TestMatrixStream::sameLinksAsQJson_data()
{
    QTest::addColumn<QString>("path");
    int rows = 0;
    for (const QString& root : { QStringLiteral(PROFSCOPE_FIXTURES_DIR), m_generated.path() }) {
        QDirIterator it(root, { QStringLiteral("communication_matrix.json") }, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QTest::newRow(qPrintable(QDir(root).relativeFilePath(path))) << path;
            ++rows;
        }
    }
    QVERIFY(rows >= 10); // 6 real matrices and 4 generated ranks
}

void TestMatrixStream::sameLinksAsQJson()
{
    QFETCH(QString, path);
    FileReport report;
    jsonfile::JsonFile file(path, "communication_matrix.json", report);
    std::vector<CommMatrixLink> out;
    jsonfile::MatrixCounts counts;
    QVERIFY2(jsonfile::streamCommunicationMatrix(file, out, counts), "the stream declined a well-formed matrix");
    QCOMPARE(counts.links, qint64(out.size()));
    QVERIFY(file.finish());
    QCOMPARE(report.sizeBytes, QFileInfo(path).size());

    std::vector<LinkTuple> got;
    for (const auto& l : out)
        got.push_back(tupleOf(l));
    std::vector<LinkTuple> expected = qtLinks(path);
    QVERIFY(!expected.empty());
    std::sort(got.begin(), got.end());
    std::sort(expected.begin(), expected.end());
    QCOMPARE(got.size(), expected.size());
    for (std::size_t i = 0; i < got.size(); ++i)
        QVERIFY2(sameLink(got[i], expected[i]), qPrintable(std::get<2>(got[i]) + QStringLiteral(" link %1").arg(i)));
}

void TestMatrixStream::shapes_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("streamed");  // taken by the stream, not the DOM path
    QTest::addColumn<int>("links");      // links parseCommunicationMatrix returns
    QTest::addColumn<int>("warnings");   // its report's warnings
    QTest::addColumn<QString>("firstOp"); // the first link's op key, src, dst, transport, size, op name
    QTest::addColumn<int>("src");
    QTest::addColumn<int>("dst");
    QTest::addColumn<QString>("transport");
    QTest::addColumn<double>("sizeMB");
    QTest::addColumn<QString>("opName");

    const QString g = QStringLiteral("ag@7");
    QTest::newRow("plain") << json("{'step1': {'collective': {'ag@7': {' 1 - 2 ': {" + kLinkInfo + "}}}}}")
                           << true << 1 << 0 << g << 1 << 2 << QStringLiteral("HCCS") << 1.5 << QStringLiteral("op_a");
    // p2p comes first in each step, whatever the file's order.
    QTest::newRow("p2p first") << json("{'s': {'collective': {'ag@7': {'0-1': {" + kLinkInfo
                                       + "}}}, 'p2p': {'send@9': {'3-4': {'Transit Size(MB)': 8}}}}}")
                               << true << 2 << 0 << QStringLiteral("send@9") << 3 << 4 << QString() << 8.0 << QString();
    // Keys the DOM path does not read, of any shape, are passed over.
    QTest::newRow("ignored keys") << json("{'s': {'Total': [1, {'a': 2}], 'collective': {'ag@7': {'5-6': {'x': {'y': [1]}, "
                                          "'Op Name': 12, 'Transport Type': 1.50, 'Transit Size(MB)': null}}}}}")
                                  << true << 1 << 0 << g << 5 << 6 << QStringLiteral("1.50") << 0.0 << QStringLiteral("12");
    // A repeated key: the DOM keeps the first position and the last value.
    QTest::newRow("repeated link") << json("{'s': {'collective': {'ag@7': {'1-2': {'Transit Size(MB)': 1}, '1-3': {}, "
                                           "'1-2': {'Transit Size(MB)': 2}}}}}")
                                   << false << 2 << 0 << g << 1 << 2 << QString() << 2.0 << QString();
    QTest::newRow("repeated field, last wins")
        << json("{'s': {'collective': {'ag@7': {'1-2': {'Transit Size(MB)': 1, 'Transit Size(MB)': '4.5'}}}}}") << true << 1
        << 0 << g << 1 << 2 << QString() << 4.5 << QString();
    // Shapes the DOM path warns about.
    QTest::newRow("step not an object") << json("{'bad': 3, 's': {'collective': {'ag@7': {'1-2': {}}}}}") << false << 1 << 1
                                        << g << 1 << 2 << QString() << 0.0 << QString();
    QTest::newRow("link key not src-dst") << json("{'s': {'collective': {'ag@7': {'a-b': {'Transit Size(MB)': 1}}}}}")
                                          << false << 1 << 1 << g << -1 << -1 << QString() << 1.0 << QString();
    QTest::newRow("ten-digit rank") << json("{'s': {'collective': {'ag@7': {'1234567890-2': {}}}}}") << false << 1 << 0 << g
                                    << 1234567890 << 2 << QString() << 0.0 << QString();
    QTest::newRow("field as object") << json("{'s': {'collective': {'ag@7': {'1-2': {'Transport Type': {'a': 1}}}}}}")
                                     << false << 1 << 0 << g << 1 << 2 << QStringLiteral("{\"a\":1}") << 0.0 << QString();
}

void TestMatrixStream::shapes()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, streamed);
    QFETCH(int, links);
    QFETCH(int, warnings);
    QFETCH(QString, firstOp);
    QFETCH(int, src);
    QFETCH(int, dst);
    QFETCH(QString, transport);
    QFETCH(double, sizeMB);
    QFETCH(QString, opName);

    QTemporaryDir dir;
    const QString path = writeFile(dir, text);
    QVERIFY(!path.isEmpty());
    {
        FileReport report;
        jsonfile::JsonFile file(path, "communication_matrix.json", report);
        std::vector<CommMatrixLink> out(1); // what was there before stays
        jsonfile::MatrixCounts counts;
        QCOMPARE(jsonfile::streamCommunicationMatrix(file, out, counts), streamed);
        if (!streamed) {
            QCOMPARE(out.size(), std::size_t(1));
            QVERIFY(report.warnings.isEmpty());
        }
    }
    FileReport report;
    std::vector<CommMatrixLink> out;
    QVERIFY(parseCommunicationMatrix(path, out, report));
    QCOMPARE(int(out.size()), links);
    QCOMPARE(int(report.warnings.size()), warnings);
    const CommMatrixLink& l = out.front();
    QCOMPARE(l.opKey, firstOp);
    QCOMPARE(l.srcRank, src);
    QCOMPARE(l.dstRank, dst);
    QCOMPARE(l.transport, transport);
    QCOMPARE(l.transitSizeMB, sizeMB);
    QCOMPARE(l.opName, opName);
}

QTEST_GUILESS_MAIN(TestMatrixStream)
#include "tst_matrixstream.moc"
