// SPDX-License-Identifier: Apache-2.0
// Trace export: the exported Chrome Trace JSON follows the Trace Event Format
// rules Perfetto relies on (numeric µs ts, small pids / tids / flow ids,
// metadata, bound flows), and reads back through our own parser with the same
// counts and the same times to the ns.
#include "testsupport.h"

#include "generate/clustergenerator.h"
#include "load/profileloader.h"
#include "model/importreport.h"
#include "parse/tracebuilder.h"
#include "parse/traceparser.h"
#include "report/traceexport.h"

#include <QBuffer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>
#include <set>

using namespace profscope;

namespace {

TraceData reparse(const QString& path)
{
    TraceBuilder builder;
    FileReport report;
    report.path = path;
    if (!parseTraceFile(path, builder, report))
        qFatal("reparse failed: %s", qPrintable(report.reason));
    return builder.finish();
}

// (start − origin, duration) of every slice of a lane, sorted.
std::vector<std::pair<TimeNs, TimeNs>> lane(const ThreadTrack& t, TimeNs originNs)
{
    std::vector<std::pair<TimeNs, TimeNs>> out;
    for (std::size_t i = 0; i < t.slices.size(); ++i)
        out.push_back({ t.slices.startNs[i] - originNs, t.slices.durNs[i] });
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

class TestTraceExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void followsTheTraceEventFormat();
    void roundTripsThroughOurParser();
    void realRankKeepsItsFlowsBound();
    void stepWindowLimitsTheExport();

private:
    QTemporaryDir m_dir;
    ProfilePtr m_profile;
    QString m_file;
};

void TestTraceExport::initTestCase()
{
    GeneratorOptions o;
    o.ranks = 2;
    o.steps = 3;
    o.force = true;
    QString error;
    QVERIFY2(generateCluster(m_dir.filePath(QStringLiteral("cluster")), o, &error), qPrintable(error));
    m_profile = ProfileLoader::load({ m_dir.filePath(QStringLiteral("cluster")) });
    QCOMPARE(m_profile->ranks.size(), std::size_t(2));
    m_file = m_dir.filePath(QStringLiteral("trace.json"));
    QFile out(m_file);
    QVERIFY(out.open(QIODevice::WriteOnly));
    TraceExportStats stats;
    QVERIFY(writeTraceJson(*m_profile, {}, out, &stats, &error));
    QVERIFY(stats.slices > 0 && stats.flows > 0);
}

void TestTraceExport::followsTheTraceEventFormat()
{
    QFile f(m_file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonParseError parseError;
    const QJsonObject root = QJsonDocument::fromJson(f.readAll(), &parseError).object();
    QCOMPARE(parseError.error, QJsonParseError::NoError);
    const QJsonArray events = root[QStringLiteral("traceEvents")].toArray();
    QVERIFY(events.size() > 100);
    QSet<int> pidsWithName;
    std::map<qint64, int> flowPhases; // id -> s count - f count
    for (const QJsonValue& v : events) {
        const QJsonObject e = v.toObject();
        const QString ph = e[QStringLiteral("ph")].toString();
        QVERIFY(e[QStringLiteral("pid")].isDouble());
        QVERIFY(e[QStringLiteral("pid")].toDouble() < 2147483648.0);
        if (ph == QLatin1String("M")) {
            if (e[QStringLiteral("name")].toString() == QLatin1String("process_name"))
                pidsWithName.insert(e[QStringLiteral("pid")].toInt());
            continue;
        }
        QVERIFY2(e[QStringLiteral("ts")].isDouble(), "ts must be a number");
        QVERIFY(e[QStringLiteral("ts")].toDouble() >= 0);
        QVERIFY(e[QStringLiteral("ts")].toDouble() < 9007199254.0); // µs that a double holds to the ns
        if (ph == QLatin1String("X"))
            QVERIFY(e[QStringLiteral("dur")].isDouble());
        if (ph == QLatin1String("s") || ph == QLatin1String("f")) {
            const double id = e[QStringLiteral("id")].toDouble();
            QVERIFY(id > 0 && id < 9007199254740992.0);
            flowPhases[qint64(id)] += ph == QLatin1String("s") ? 1 : -1;
            if (ph == QLatin1String("f"))
                QCOMPARE(e[QStringLiteral("bp")].toString(), QStringLiteral("e"));
        }
        QVERIFY2(pidsWithName.contains(e[QStringLiteral("pid")].toInt()), "every pid is named before use");
    }
    for (const auto& [id, balance] : flowPhases)
        QCOMPARE(balance, 0);
    QVERIFY(root[QStringLiteral("otherData")].toObject()[QStringLiteral("originNs")].isString());
}

void TestTraceExport::roundTripsThroughOurParser()
{
    const TraceData back = reparse(m_file);
    std::size_t processes = 0, slices = 0, flows = 0, counters = 0;
    for (const auto& rank : m_profile->ranks) {
        processes += rank->trace.processes.size();
        slices += rank->trace.sliceCount();
        flows += rank->trace.flows.size();
        counters += rank->trace.counterPointCount();
    }
    QCOMPARE(back.processes.size(), processes);
    QCOMPARE(back.sliceCount(), slices);
    QCOMPARE(back.flows.size(), flows);
    QCOMPARE(back.counterPointCount(), counters);

    // Same lanes, same times to the ns, relative to the earliest event.
    TimeNs originNs = std::numeric_limits<TimeNs>::max();
    for (const auto& rank : m_profile->ranks)
        originNs = std::min(originNs, rank->trace.rangeNs.startNs);
    std::map<QString, const ThreadTrack*> exported;
    for (const ProcessTrack& p : back.processes)
        for (const ThreadTrack& t : p.threads)
            exported[p.name + QLatin1Char('/') + t.name] = &t;
    int compared = 0;
    for (const auto& rank : m_profile->ranks)
        for (const ProcessTrack& p : rank->trace.processes)
            for (const ThreadTrack& t : p.threads) {
                if (t.name.isEmpty() || t.slices.size() == 0)
                    continue;
                const QString key = QStringLiteral("Rank %1 · %2/%3").arg(rank->info.rankId).arg(p.displayName(), t.name);
                QVERIFY2(exported.count(key), qPrintable(key));
                QVERIFY(lane(t, originNs) == lane(*exported[key], 0));
                ++compared;
            }
    QVERIFY(compared >= 6);
    // Every flow end that was bound to a slice still is.
    auto bound = [](const FlowColumns& f) {
        return std::count_if(f.toSlice.begin(), f.toSlice.end(), [](std::int32_t s) { return s >= 0; });
    };
    qint64 boundBefore = 0;
    for (const auto& rank : m_profile->ranks)
        boundBefore += bound(rank->trace.flows);
    QCOMPARE(qint64(bound(back.flows)), boundBefore);
}

void TestTraceExport::realRankKeepsItsFlowsBound()
{
    // A real torch_npu rank: string ts, flow ids above 2^53, pids above 2^31.
    const ProfilePtr real = ProfileLoader::load({ test::textRank(1, 0) });
    const QString path = m_dir.filePath(QStringLiteral("real.json"));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    QVERIFY(writeTraceJson(*real, {}, out));
    out.close();
    const TraceData back = reparse(path);
    const TraceData& original = real->ranks.front()->trace;
    QCOMPARE(back.sliceCount(), original.sliceCount());
    QCOMPARE(back.flows.size(), original.flows.size());
    for (std::size_t i = 0; i < back.flows.size(); ++i)
        QVERIFY(back.flows.id[i] < (1ull << 53));
    auto launchBound = [](const FlowColumns& f) {
        qint64 n = 0;
        for (std::size_t i = 0; i < f.size(); ++i)
            n += f.toSlice[i] >= 0 && f.fromSlice[i] >= 0;
        return n;
    };
    QCOMPARE(launchBound(back.flows), launchBound(original.flows));
}

void TestTraceExport::stepWindowLimitsTheExport()
{
    const RankData& rank = *m_profile->ranks.front();
    QVERIFY(rank.trace.steps.size() >= 2);
    const TimeRange window = stepWindow(rank, rank.trace.steps[1].id, rank.trace.steps[1].id);
    QCOMPARE(window, rank.trace.steps[1].rangeNs);
    TraceExportOptions options;
    options.rankIndexes = { 0 };
    options.windowNs = window;
    QByteArray bytes;
    QBuffer buffer(&bytes);
    QVERIFY(buffer.open(QIODevice::WriteOnly));
    TraceExportStats stats;
    QVERIFY(writeTraceJson(*m_profile, options, buffer, &stats));
    // Independently: slices of rank 0 that overlap the step.
    qint64 expected = 0;
    for (const ProcessTrack& p : rank.trace.processes)
        for (const ThreadTrack& t : p.threads)
            for (std::size_t i = 0; i < t.slices.size(); ++i)
                expected += t.slices.endNs(i) >= window.startNs && t.slices.startNs[i] <= window.endNs;
    QCOMPARE(stats.slices, expected);
    QVERIFY(stats.slices < qint64(rank.trace.sliceCount()));
}

QTEST_GUILESS_MAIN(TestTraceExport)
#include "tst_traceexport.moc"
