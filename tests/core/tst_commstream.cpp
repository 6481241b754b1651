// SPDX-License-Identifier: Apache-2.0
// communication.json and communication_matrix.json read as streams
// (core/parse/commstream.cpp; the matrix straight from simdjson values,
// core/parse/matrixwalk.cpp) instead of a DOM. Every such file in the real
// fixtures and in a generated cluster must be taken by the stream and give
// the records an independent reader finds (QJsonDocument here, compared as
// sorted lists); odd shapes must be left to the DOM path, whose results are
// worked out by hand below.
#include "generate/clustergenerator.h"
#include "parse/commstream.h"
#include "parse/jsonfile.h"
#include "parse/tableparsers.h"
#include "testsupport.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
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

// JSON written with ' for ", to stay readable here.
QByteArray json(const QByteArray& text)
{
    return QByteArray(text).replace('\'', '"');
}

const QByteArray kLinkInfo = json(
    "'Transport Type': 'HCCS', 'Transit Size(MB)': 1.5, 'Transit Time(ms)': '2.25', 'Bandwidth(GB/s)': 3, 'Op Name': 'op_a'");

} // namespace

class TestCommStream : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void sameLinksAsQJson_data();
    void sameLinksAsQJson();
    void shapes_data();
    void shapes();
    void declined_data();
    void declined();
    void opsAsQJson_data();
    void opsAsQJson();
    void opShapes_data();
    void opShapes();

private:
    // A row per such file in the real fixtures and the generated cluster.
    void addFileRows(const QString& name);

    QTemporaryDir m_generated;
};

void TestCommStream::addFileRows(const QString& name)
{
    QTest::addColumn<QString>("path");
    int rows = 0;
    for (const QString& root : { QStringLiteral(PROFSCOPE_FIXTURES_DIR), m_generated.path() }) {
        QDirIterator it(root, { name }, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QTest::newRow(qPrintable(QDir(root).relativeFilePath(path))) << path;
            ++rows;
        }
    }
    QVERIFY(rows >= 10); // 6 real files and 4 generated ranks
}

void TestCommStream::initTestCase()
{
    QVERIFY(m_generated.isValid());
    GeneratorOptions options;
    options.ranks = 4;
    options.steps = 2;
    QString error;
    QVERIFY2(generateCluster(m_generated.path(), options, &error), qPrintable(error));
}

void TestCommStream::sameLinksAsQJson_data()
{
    addFileRows(QStringLiteral("communication_matrix.json"));
}

void TestCommStream::sameLinksAsQJson()
{
    QFETCH(QString, path);
    FileReport report;
    jsonfile::JsonFile file(path, "communication_matrix.json", report);
    std::vector<CommMatrixLink> out;
    jsonfile::CommStreamCounts counts;
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

void TestCommStream::shapes_data()
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
    // Escapes are undone in keys and strings; numbers keep JSON's types
    // (an exponent is a float, written back as its text in a string field).
    QTest::newRow("escapes") << json("{'s\\u0031': {'coll\\u0065ctive': {'ag\\u00407': {'\\u0031-\\t2': {'Transport Type': "
                                     "'H\\u0043CS', 'Op N\\u0061me': 'a\\\\b'}}}}}")
                             << true << 1 << 0 << g << 1 << 2 << QStringLiteral("HCCS") << 0.0 << QStringLiteral("a\\b");
    QTest::newRow("number kinds") << json("{'s': {'p2p': {'x': {'-3-4': {'Transit Size(MB)': 1.5E1, 'Transport Type': -7, "
                                          "'Op Name': 18446744073709551615}}}}}")
                                  << true << 1 << 0 << QStringLiteral("x") << -3 << 4 << QStringLiteral("-7") << 15.0
                                  << QStringLiteral("18446744073709551615");
    QTest::newRow("bool and null as text") << json("{'s': {'p2p': {'x': {'0-0': {'Transport Type': true, 'Op Name': null, "
                                                   "'Transit Size(MB)': false}}}}}")
                                           << true << 1 << 0 << QStringLiteral("x") << 0 << 0 << QStringLiteral("true") << 0.0
                                           << QString();
    QTest::newRow("link as array") << json("{'s': {'collective': {'ag@7': {'1-2': [1], '3-4': {}}}}}") << false << 1 << 1 << g
                                   << 3 << 4 << QString() << 0.0 << QString();
    QTest::newRow("field as object") << json("{'s': {'collective': {'ag@7': {'1-2': {'Transport Type': {'a': 1}}}}}}")
                                     << false << 1 << 0 << g << 1 << 2 << QStringLiteral("{\"a\":1}") << 0.0 << QString();
}

void TestCommStream::shapes()
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
    const QString path = test::writeFile(dir, QStringLiteral("communication_matrix.json"), text);
    QVERIFY(!path.isEmpty());
    {
        FileReport report;
        jsonfile::JsonFile file(path, "communication_matrix.json", report);
        std::vector<CommMatrixLink> out(1); // what was there before stays
        jsonfile::CommStreamCounts counts;
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

// Files the stream must leave to the DOM path although the links it would
// read look fine: a problem in a part nothing is read from (the DOM path
// then reports the file broken), or nesting at the limit.
void TestCommStream::declined_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("streamed");
    QTest::addColumn<bool>("parsed"); // parseCommunicationMatrix's result

    const QByteArray link = json("'1-2': {'Transit Size(MB)': 1, 'x': ");
    const QByteArray tail = json("}}}}}");
    auto nested = [&](int arrays) -> QByteArray {
        return json("{'s': {'collective': {'ag@7': {") + link + QByteArray(arrays, '[') + QByteArray(arrays, ']') + tail;
    };
    // The root, a step, an op map, an op and a link are five levels: 507
    // arrays inside a link make 512 (kMaxJsonNesting), 508 one too many.
    QTest::newRow("nested to the limit") << nested(507) << true << true;
    QTest::newRow("nested past the limit") << nested(508) << false << false;
    QTest::newRow("bad escape in an ignored field") << json("{'s': {'collective': {'ag@7': {") + link + "\"\\q\"" + tail << false
                                                    << false;
    QTest::newRow("bad number in an ignored step key") << json("{'s': {'Total': 01, 'collective': {}}}") << false << false;
    QTest::newRow("integer beyond 64 bits") << json("{'s': {'collective': {'ag@7': {") + link + "18446744073709551616" + tail
                                            << false << true;
    QTest::newRow("text after the root") << json("{'s': {}} x") << false << false;
    QTest::newRow("whitespace after the root") << json("{'s': {}} \n\t ") << true << true;
    QTest::newRow("root not an object") << json("[{'s': {}}]") << false << false;
    QTest::newRow("repeated step") << json("{'s': {}, 's': {}}") << false << true;
    QTest::newRow("repeated op map") << json("{'s': {'p2p': {}, 'p2p': {}}}") << false << true;
    QTest::newRow("repeated op") << json("{'s': {'p2p': {'a': {}, 'a': {}}}}") << false << true;
}

void TestCommStream::declined()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, streamed);
    QFETCH(bool, parsed);

    QTemporaryDir dir;
    const QString path = test::writeFile(dir, QStringLiteral("communication_matrix.json"), text);
    QVERIFY(!path.isEmpty());
    {
        FileReport report;
        jsonfile::JsonFile file(path, "communication_matrix.json", report);
        std::vector<CommMatrixLink> out;
        jsonfile::CommStreamCounts counts;
        QCOMPARE(jsonfile::streamCommunicationMatrix(file, out, counts), streamed);
        QCOMPARE(out.empty(), !streamed || counts.links == 0);
        QVERIFY(report.warnings.isEmpty());
    }
    FileReport report;
    std::vector<CommMatrixLink> out;
    QCOMPARE(parseCommunicationMatrix(path, out, report), parsed);
    if (!parsed)
        QVERIFY(report.status == FileStatus::Broken && !report.reason.isEmpty());
}

// ---------------------------------------------------------------- communication.json

namespace {

// An op as compared here: the fields, the transports in key order with
// their (size, count, ms) distributions.
struct OpFacts
{
    QString step, opName, groupId;
    bool p2p = false;
    qint64 startNs = 0;
    std::vector<double> times; // elapse, transit, wait, synchronization, idle, wait ratio, sync ratio
    std::vector<std::tuple<QString, std::vector<double>>> transports; // name -> size, time, bw, lpr, then (size, count, ms)...
};

OpFacts factsOf(const CommOpRecord& r)
{
    OpFacts f { r.step, r.opName, r.groupId, r.p2p, r.startNs,
        { r.elapseMs, r.transitMs, r.waitMs, r.synchronizationMs, r.idleMs, r.waitRatio, r.synchronizationRatio }, {} };
    for (const auto& b : r.bandwidth) {
        std::vector<double> v { b.transitSizeMB, b.transitTimeMs, b.bandwidthGBps, b.largePacketRatio };
        for (const auto& [size, entry] : b.sizeDistribution)
            v.insert(v.end(), { size, double(entry.first), entry.second });
        f.transports.emplace_back(b.transport, v);
    }
    std::sort(f.transports.begin(), f.transports.end(),
        [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); });
    return f;
}

std::vector<OpFacts> qtOps(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    std::vector<OpFacts> ops;
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    for (auto step = root.begin(); step != root.end(); ++step)
        for (const QString& kind : { QStringLiteral("p2p"), QStringLiteral("collective") }) {
            const QJsonObject map = step->toObject().value(kind).toObject();
            for (auto op = map.begin(); op != map.end(); ++op) {
                if (op.key() == QLatin1String("Total Op Info"))
                    continue;
                const QJsonObject o = op->toObject();
                const QJsonObject t = o.value(QLatin1String("Communication Time Info")).toObject();
                auto num = [](const QJsonObject& obj, const char* key, double missing = 0) {
                    const QJsonValue v = obj.value(QLatin1String(key));
                    return v.isDouble() ? v.toDouble() : v.isString() ? v.toString().toDouble() : missing;
                };
                OpFacts f;
                f.step = step.key();
                f.p2p = kind == QLatin1String("p2p");
                const qsizetype at = op.key().lastIndexOf(QLatin1Char('@'));
                f.opName = at < 0 ? op.key() : op.key().left(at);
                f.groupId = at < 0 ? QString() : op.key().mid(at + 1);
                f.startNs = qint64(std::llround(num(t, "Start Timestamp(us)") * 1000.0));
                f.times = { num(t, "Elapse Time(ms)"), num(t, "Transit Time(ms)"), num(t, "Wait Time(ms)"),
                    num(t, "Synchronization Time(ms)"), num(t, "Idle Time(ms)"), num(t, "Wait Time Ratio", kNoValue),
                    num(t, "Synchronization Time Ratio", kNoValue) };
                const QJsonObject bw = o.value(QLatin1String("Communication Bandwidth Info")).toObject();
                for (auto tr = bw.begin(); tr != bw.end(); ++tr) {
                    const QJsonObject b = tr->toObject();
                    std::vector<double> v { num(b, "Transit Size(MB)"), num(b, "Transit Time(ms)"),
                        num(b, "Bandwidth(GB/s)"), num(b, "Large Packet Ratio") };
                    std::map<double, std::pair<double, double>> dist;
                    const QJsonObject d = b.value(QLatin1String("Size Distribution")).toObject();
                    for (auto e = d.begin(); e != d.end(); ++e)
                        dist[e.key().toDouble()] = { e->toArray().at(0).toDouble(), e->toArray().at(1).toDouble() };
                    for (const auto& [size, entry] : dist)
                        v.insert(v.end(), { size, entry.first, entry.second });
                    f.transports.emplace_back(tr.key(), v);
                }
                ops.push_back(std::move(f));
            }
        }
    return ops;
}

bool sameNumbers(const std::vector<double>& a, const std::vector<double>& b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), sameNumber);
}

bool sameOp(const OpFacts& a, const OpFacts& b)
{
    if (a.step != b.step || a.opName != b.opName || a.groupId != b.groupId || a.p2p != b.p2p
        || std::abs(a.startNs - b.startNs) > 1000 // QJsonDocument's double holds a µs timestamp to ~0.3 µs
        || !sameNumbers(a.times, b.times) || a.transports.size() != b.transports.size())
        return false;
    for (std::size_t i = 0; i < a.transports.size(); ++i)
        if (std::get<0>(a.transports[i]) != std::get<0>(b.transports[i])
            || !sameNumbers(std::get<1>(a.transports[i]), std::get<1>(b.transports[i])))
            return false;
    return true;
}

auto opOrder = [](const OpFacts& a, const OpFacts& b) {
    return std::tie(a.step, a.p2p, a.opName, a.groupId, a.startNs) < std::tie(b.step, b.p2p, b.opName, b.groupId, b.startNs);
};

} // namespace

void TestCommStream::opsAsQJson_data()
{
    addFileRows(QStringLiteral("communication.json"));
}

void TestCommStream::opsAsQJson()
{
    QFETCH(QString, path);
    FileReport report;
    jsonfile::JsonFile file(path, "communication.json", report);
    std::vector<CommOpRecord> out;
    jsonfile::CommStreamCounts counts;
    QVERIFY2(jsonfile::streamCommunication(file, out, counts), "the stream declined a well-formed communication.json");
    QCOMPARE(counts.ops, qint64(out.size()));
    QVERIFY(file.finish());

    std::vector<OpFacts> got;
    for (const auto& r : out)
        got.push_back(factsOf(r));
    std::vector<OpFacts> expected = qtOps(path);
    QVERIFY(!expected.empty());
    std::sort(got.begin(), got.end(), opOrder);
    std::sort(expected.begin(), expected.end(), opOrder);
    QCOMPARE(got.size(), expected.size());
    for (std::size_t i = 0; i < got.size(); ++i)
        QVERIFY2(sameOp(got[i], expected[i]), qPrintable(got[i].opName + QStringLiteral(" op %1").arg(i)));
}

void TestCommStream::opShapes_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("streamed");
    QTest::addColumn<int>("ops");
    QTest::addColumn<int>("warnings");
    QTest::addColumn<qint64>("startNs"); // of the first op
    QTest::addColumn<double>("waitRatio");
    QTest::addColumn<int>("transports");
    QTest::addColumn<int>("sizes"); // size distribution entries of the first transport

    const QByteArray time = json("'Communication Time Info': {'Start Timestamp(us)': 1736408883000602.695, "
                                 "'Elapse Time(ms)': 2, 'Wait Time Ratio': '0.25'}");
    const QByteArray bw = json("'Communication Bandwidth Info': {'HCCS': {'Transit Size(MB)': 3, 'Size Distribution': "
                               "{'2.0': [12, 1.5], '4.0': [1, 0.5, 9]}}, 'RDMA': {}, 'SIO': 5}");
    QTest::newRow("plain") << json("{'s': {'collective': {'ar@1': {" + time + ", " + bw + "}}}}") << true << 1 << 0
                           << qint64(1736408883000602695) << 0.25 << 2 << 2;
    QTest::newRow("aggregate of any shape") << json("{'s': {'collective': {'Total Op Info': [1, {'a': 2}], 'ar@1': {" + time
                                                    + "}}, 'p2p': {'Total Op Info': 3}}}")
                                            << true << 1 << 0 << qint64(1736408883000602695) << 0.25 << 0 << 0;
    QTest::newRow("ratio missing") << json("{'s': {'p2p': {'send@1': {'Communication Time Info': {'Start Timestamp(us)': 5}}}}}")
                                   << true << 1 << 0 << qint64(5000) << kNoValue << 0 << 0;
    // Shapes the DOM path warns about.
    QTest::newRow("no start") << json("{'s': {'p2p': {'send@1': {'Communication Time Info': {'Elapse Time(ms)': 1}}}}}")
                              << false << 1 << 1 << kInvalidTime << kNoValue << 0 << 0;
    QTest::newRow("no time info") << json("{'s': {'p2p': {'send@1': {}}}}") << false << 1 << 1 << kInvalidTime << kNoValue
                                  << 0 << 0;
    QTest::newRow("short size entry")
        << json("{'s': {'p2p': {'send@1': {" + time + ", 'Communication Bandwidth Info': {'HCCS': {'Size Distribution': "
                "{'2.0': [12], '3.0': [1, 2]}}}}}}}")
        << false << 1 << 1 << qint64(1736408883000602695) << 0.25 << 1 << 1;
}

void TestCommStream::opShapes()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, streamed);
    QFETCH(int, ops);
    QFETCH(int, warnings);
    QFETCH(qint64, startNs);
    QFETCH(double, waitRatio);
    QFETCH(int, transports);
    QFETCH(int, sizes);

    QTemporaryDir dir;
    const QString path = test::writeFile(dir, QStringLiteral("communication.json"), text);
    {
        FileReport report;
        jsonfile::JsonFile file(path, "communication.json", report);
        std::vector<CommOpRecord> out(1);
        jsonfile::CommStreamCounts counts;
        QCOMPARE(jsonfile::streamCommunication(file, out, counts), streamed);
        if (!streamed)
            QCOMPARE(out.size(), std::size_t(1));
    }
    FileReport report;
    std::vector<CommOpRecord> out;
    QVERIFY(parseCommunication(path, out, report));
    QCOMPARE(int(out.size()), ops);
    QCOMPARE(int(report.warnings.size()), warnings);
    QCOMPARE(out.front().startNs, startNs);
    QCOMPARE(out.front().waitRatio, waitRatio);
    QCOMPARE(int(out.front().bandwidth.size()), transports);
    if (transports > 0)
        QCOMPARE(int(out.front().bandwidth.front().sizeDistribution.size()), sizes);
}

QTEST_GUILESS_MAIN(TestCommStream)
#include "tst_commstream.moc"
