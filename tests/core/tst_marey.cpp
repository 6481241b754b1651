// SPDX-License-Identifier: Apache-2.0
// The Marey chart data: device ops per device counted independently from
// trace_view.json, matching across the devices of a stage, stages from a
// generated pipeline cluster, a planted slow rank, clock alignment and the
// downsampling for big clusters.
#include "analysis/marey.h"
#include "generate/clustergenerator.h"
#include "load/profileloader.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>
#include <set>

using namespace profscope;

class TestMarey : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void realPairCountsAndNames();
    void pipelineStages();
    void slowRankComputesLonger();
    void stepFilterAndStageFilter();
    void downsampling();
    void clockAlignment();
    void emptyProfile();
    void flopsAndCapacityBlocks();
    void medianRange_data();
    void medianRange();

private:
    QTemporaryDir m_cluster;
    ProfilePtr m_pipeline;
};

namespace {

// Exact ns from a trace "ts" (a string "1736408883686740.710" or a number in µs).
TimeNs tsNs(const QJsonValue& v)
{
    if (v.isString()) {
        const QStringList parts = v.toString().split(QLatin1Char('.'));
        const TimeNs us = parts[0].toLongLong();
        const TimeNs frac = parts.size() > 1 ? parts[1].leftJustified(3, QLatin1Char('0')).left(3).toLongLong() : 0;
        return us * 1000 + frac;
    }
    return TimeNs(std::llround(v.toDouble() * 1000.0));
}

// Device ops of one trace_view.json, read independently of the parser:
// start ns -> names of the kernels (Ascend Hardware tasks of a kernel Task
// Type) and HCCL ops on "Group ... Communication" lanes.
struct TraceOps
{
    int count = 0;
    std::multimap<TimeNs, QString> byStart;
};
TraceOps readTraceOps(const QString& path)
{
    TraceOps out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    const QJsonArray events = QJsonDocument::fromJson(f.readAll()).array();
    std::map<qint64, QString> processes;
    std::map<std::pair<qint64, qint64>, QString> threads;
    for (const QJsonValue& v : events) {
        const QJsonObject e = v.toObject();
        if (e.value(QLatin1String("ph")).toString() != QLatin1String("M"))
            continue;
        const QString what = e.value(QLatin1String("name")).toString();
        const QString name = e.value(QLatin1String("args")).toObject().value(QLatin1String("name")).toString();
        const qint64 pid = e.value(QLatin1String("pid")).toVariant().toLongLong();
        if (what == QLatin1String("process_name"))
            processes[pid] = name;
        else if (what == QLatin1String("thread_name"))
            threads[{ pid, e.value(QLatin1String("tid")).toVariant().toLongLong() }] = name;
    }
    static const std::set<QString> kernelTypes = { QStringLiteral("AI_CORE"), QStringLiteral("AI_VECTOR_CORE"),
        QStringLiteral("AI_CPU"), QStringLiteral("MIX_AIC"), QStringLiteral("MIX_AIV"), QStringLiteral("AIC"),
        QStringLiteral("AIV"), QStringLiteral("DSA_SQE") };
    for (const QJsonValue& v : events) {
        const QJsonObject e = v.toObject();
        if (e.value(QLatin1String("ph")).toString() != QLatin1String("X"))
            continue;
        const qint64 pid = e.value(QLatin1String("pid")).toVariant().toLongLong();
        const qint64 tid = e.value(QLatin1String("tid")).toVariant().toLongLong();
        const QString process = processes[pid];
        bool device = false;
        if (process == QLatin1String("Ascend Hardware"))
            device = kernelTypes.count(
                e.value(QLatin1String("args")).toObject().value(QLatin1String("Task Type")).toString());
        else if (process == QLatin1String("HCCL")) {
            const QString lane = threads[{ pid, tid }];
            device = lane.startsWith(QLatin1String("Group ")) && lane.endsWith(QLatin1String(" Communication"));
        }
        if (!device)
            continue;
        ++out.count;
        out.byStart.emplace(tsNs(e.value(QLatin1String("ts"))), e.value(QLatin1String("name")).toString());
    }
    return out;
}

int presentOn(const MareyData& data, int device)
{
    int n = 0;
    for (const MareyOp& op : data.ops)
        if (!MareyOp::isMissing(data.range(op, device)))
            n += op.mergedOps;
    return n;
}

QString traceOf(const QString& rankFolder)
{
    return QDir(rankFolder).filePath(QStringLiteral("ASCEND_PROFILER_OUTPUT/trace_view.json"));
}

} // namespace

void TestMarey::initTestCase()
{
    QVERIFY(m_cluster.isValid());
    GeneratorOptions o;
    o.ranks = 16;
    o.steps = 2;
    o.ops = 10;
    o.seed = 3;
    o.pipelineStages = 2;
    o.slowRank = 3;
    QString error;
    QVERIFY2(generateCluster(m_cluster.path(), o, &error), qPrintable(error));
    m_pipeline = ProfileLoader::load({ m_cluster.path() });
    QVERIFY(m_pipeline);
    QCOMPARE(m_pipeline->ranks.size(), std::size_t(16));
}

void TestMarey::realPairCountsAndNames()
{
    const QStringList folders { test::textRank(1, 0), test::textRank(1, 1) };
    const ProfilePtr profile = ProfileLoader::load(folders);
    QVERIFY(profile);
    QCOMPARE(profile->ranks.size(), std::size_t(2));
    const MareyData data = computeMarey(*profile);
    QCOMPARE(data.devices.size(), std::size_t(2));
    QCOMPARE(data.stages.size(), std::size_t(1)); // same program: one stage
    QVERIFY(!data.isEmpty());
    int matchedOnBoth = 0;
    for (int d = 0; d < 2; ++d) {
        const MareyDevice& device = data.devices[std::size_t(d)];
        const TraceOps trace = readTraceOps(traceOf(profile->ranks[std::size_t(device.rankIndex)]->info.rootPath));
        QVERIFY(trace.count > 100);
        QCOMPARE(device.opCount, trace.count);
        QCOMPARE(presentOn(data, d), trace.count);
        QVERIFY(device.computeNs > 0);
        QVERIFY(device.communicationNs > 0);
        // Every op on this device is a slice of its trace with that start and name.
        for (const MareyOp& op : data.ops) {
            const TimeRange r = data.range(op, d);
            if (MareyOp::isMissing(r))
                continue;
            const auto [lo, hi] = trace.byStart.equal_range(r.startNs - device.clockOffsetNs);
            bool found = false;
            for (auto it = lo; it != hi; ++it)
                found = found || it->second == op.name;
            QVERIFY2(found, qPrintable(QStringLiteral("device %1: %2 at %3").arg(d).arg(op.name).arg(r.startNs)));
            if (d == 0 && op.presentCount() == 2)
                ++matchedOnBoth;
        }
    }
    // The two ranks ran the same program: nearly everything matches.
    QVERIFY2(matchedOnBoth > data.devices[0].opCount * 9 / 10, qPrintable(QString::number(matchedOnBoth)));
}

void TestMarey::pipelineStages()
{
    const MareyData data = computeMarey(*m_pipeline);
    QCOMPARE(data.stages.size(), std::size_t(2));
    for (int s = 0; s < 2; ++s) {
        QCOMPARE(data.stages[std::size_t(s)].deviceCount, 8);
        for (int i = 0; i < 8; ++i) {
            const MareyDevice& d = data.devices[std::size_t(data.stages[std::size_t(s)].firstDevice + i)];
            QCOMPARE(d.rankId, s * 8 + i);
            QCOMPARE(d.stage, s);
        }
    }
    // Each device's ops, counted in its own trace; every op of a stage on all 8 devices.
    for (int d = 0; d < 16; ++d) {
        const MareyDevice& device = data.devices[std::size_t(d)];
        const TraceOps trace = readTraceOps(traceOf(m_pipeline->ranks[std::size_t(device.rankIndex)]->info.rootPath));
        QCOMPARE(device.opCount, trace.count);
        QCOMPARE(presentOn(data, d), trace.count);
        QVERIFY(device.peakMemoryMB > 0);
        QVERIFY(!device.memoryTsNs.empty());
    }
    int communication = 0;
    for (const MareyOp& op : data.ops) {
        QCOMPARE(op.presentCount(), 8);
        QCOMPARE(int(op.ranges.size()), 8);
        communication += op.kind == MareyOp::Kind::Communication;
        QCOMPARE(op.kind == MareyOp::Kind::Communication, op.name.startsWith(QLatin1String("hcom_")));
    }
    QVERIFY(communication > 0);
}

void TestMarey::slowRankComputesLonger()
{
    const MareyData data = computeMarey(*m_pipeline);
    // Rank 3 is device 3 of stage 0: its kernels against the median of the others.
    double ratioSum = 0;
    int n = 0;
    for (const MareyOp& op : data.ops) {
        if (op.stage != 0 || op.kind != MareyOp::Kind::Compute)
            continue;
        std::vector<TimeNs> others;
        for (int d = 0; d < 8; ++d)
            if (d != 3)
                others.push_back(op.ranges[std::size_t(d)].durationNs());
        std::nth_element(others.begin(), others.begin() + 3, others.end());
        ratioSum += double(op.ranges[3].durationNs()) / double(others[3]);
        ++n;
    }
    QVERIFY(n > 10);
    const double ratio = ratioSum / n;
    QVERIFY2(ratio > 1.2 && ratio < 1.4, qPrintable(QString::number(ratio)));
    // ... and the summary bar agrees: the largest compute time of its stage.
    for (int d = 0; d < 8; ++d)
        if (d != 3)
            QVERIFY(data.devices[std::size_t(d)].computeNs < data.devices[3].computeNs);
}

void TestMarey::stepFilterAndStageFilter()
{
    const MareyData all = computeMarey(*m_pipeline);
    MareyOptions o;
    o.step = QStringLiteral("2");
    o.stage = 1;
    const MareyData one = computeMarey(*m_pipeline, o);
    QCOMPARE(one.stages.size(), std::size_t(1));
    QCOMPARE(one.devices.size(), std::size_t(8));
    QCOMPARE(one.devices[0].rankId, 8);
    // Two identical steps: half of the stage's ops, all inside step 2's time.
    int stage1 = 0;
    for (const MareyOp& op : all.ops)
        stage1 += op.stage == 1;
    QCOMPARE(int(one.ops.size()) * 2, stage1);
    QCOMPARE(one.devices[0].opCount * 2, all.devices[8].opCount);
    QVERIFY(one.rangeNs.startNs > all.rangeNs.startNs);

    o.step = QStringLiteral("99");
    const MareyData none = computeMarey(*m_pipeline, o);
    QVERIFY(none.isEmpty());
    QVERIFY(!none.note.isEmpty());

    MareyOptions filtered;
    filtered.rankIndexes = { 2, 3, 12 };
    const MareyData some = computeMarey(*m_pipeline, filtered);
    QCOMPARE(some.devices.size(), std::size_t(3));
    QCOMPARE(some.stages.size(), std::size_t(2));
    QCOMPARE(some.stages[1].deviceCount, 1);
}

void TestMarey::downsampling()
{
    const MareyData full = computeMarey(*m_pipeline);
    MareyOptions o;
    o.maxOps = 12;
    const MareyData small = computeMarey(*m_pipeline, o);
    std::vector<int> fullCount(2, 0), kept(2, 0), represented(2, 0);
    for (const MareyOp& op : full.ops)
        ++fullCount[std::size_t(op.stage)];
    for (const MareyOp& op : small.ops) {
        ++kept[std::size_t(op.stage)];
        represented[std::size_t(op.stage)] += op.mergedOps;
    }
    for (int s = 0; s < 2; ++s) {
        QVERIFY(kept[std::size_t(s)] <= 12);
        QVERIFY(fullCount[std::size_t(s)] > 12);
    }
    QCOMPARE(represented[0] + represented[1] + small.droppedOps, fullCount[0] + fullCount[1]);
    // The longest op survives unmerged.
    const auto longest = std::max_element(full.ops.begin(), full.ops.end(),
        [](const MareyOp& a, const MareyOp& b) { return a.maxDurationNs() < b.maxDurationNs(); });
    bool found = false;
    for (const MareyOp& op : small.ops)
        found = found || (op.name == longest->name && op.occurrence == longest->occurrence && op.mergedOps == 1);
    QVERIFY(found);
    // Time order is kept.
    for (std::size_t i = 1; i < small.ops.size(); ++i)
        QVERIFY(small.ops[i - 1].bounds().startNs <= small.ops[i].bounds().startNs);
}

void TestMarey::clockAlignment()
{
    // Host node1 (ranks 8-15, stage 1) runs its clock 7 s ahead: shift every
    // timestamp of its traces.
    QTemporaryDir dir;
    QVERIFY(test::copyTree(m_cluster.path(), dir.path()));
    static const QRegularExpression ts(QStringLiteral("\"ts\": \"(\\d+)\\."));
    const QStringList node1 = QDir(dir.path()).entryList({ QStringLiteral("node1_*") }, QDir::Dirs);
    QCOMPARE(node1.size(), 8);
    for (const QString& folder : node1) {
        QFile f(traceOf(QDir(dir.path()).filePath(folder)));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        f.close();
        QString shifted;
        qsizetype last = 0;
        for (auto it = ts.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            shifted +=
                text.mid(last, m.capturedStart(1) - last) + QString::number(m.captured(1).toLongLong() + 7000000);
            last = m.capturedEnd(1);
        }
        shifted += text.mid(last);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(shifted.toUtf8());
    }
    const ProfilePtr profile = ProfileLoader::load({ dir.path() });
    QVERIFY(profile);

    // The model-parallel AllReduce (the one collective of both stages) ends
    // together on stage 0 and stage 1 once the clocks are aligned.
    QSet<QString> modelParallelOps; // from communication.json: the ops of the "mp" group
    for (const ParallelGroup& g : profile->ranks[0]->info.parallelGroups)
        if (g.groupName == QLatin1String("mp"))
            for (const CommOpRecord& op : profile->ranks[0]->communication)
                if (op.groupId == g.groupId)
                    modelParallelOps.insert(op.opName);
    QCOMPARE(modelParallelOps.size(), 2);
    // Rank r of stage 0 and rank r + 8 of stage 1 are one model-parallel group.
    auto crossStageSpread = [&modelParallelOps](const MareyData& data) {
        std::vector<TimeNs> spreads;
        for (const MareyOp& first : data.ops) {
            if (first.stage != 0 || !modelParallelOps.contains(first.name))
                continue;
            for (const MareyOp& second : data.ops) {
                if (second.stage != 1 || second.name != first.name || second.occurrence != first.occurrence)
                    continue;
                TimeNs spread = 0;
                for (std::size_t d = 0; d < 8; ++d)
                    spread = std::max(spread, std::abs(second.ranges[d].endNs - first.ranges[d].endNs));
                spreads.push_back(spread);
            }
        }
        return spreads;
    };
    MareyOptions raw;
    raw.alignClocks = false;
    const std::vector<TimeNs> before = crossStageSpread(computeMarey(*profile, raw));
    const MareyData aligned = computeMarey(*profile);
    const std::vector<TimeNs> after = crossStageSpread(aligned);
    QCOMPARE(before.size(), std::size_t(2)); // one per step
    QCOMPARE(after.size(), std::size_t(2));
    for (std::size_t i = 0; i < 2; ++i) {
        QVERIFY(before[i] >= 7000000000LL - 1000000);
        QCOMPARE(after[i], TimeNs(0));
    }
    QVERIFY(aligned.clocksAligned);
    QCOMPARE(aligned.devices[0].clockOffsetNs, TimeNs(0));
    QCOMPARE(aligned.devices[12].clockOffsetNs, TimeNs(-7000000000LL));
}

void TestMarey::emptyProfile()
{
    const MareyData none = computeMarey(Profile {});
    QVERIFY(none.isEmpty());
    QVERIFY(none.devices.empty());
    QVERIFY(!none.note.isEmpty());
}

void TestMarey::flopsAndCapacityBlocks()
{
    // MindInsight's profiler/ folder: only rank 0 has a flops_summary
    // ({FLOPs 8167.743, FLOPS 9868.936}, reference data-prep-flops-strategy.md §2.4).
    const ProfilePtr profile = ProfileLoader::load({ test::mindinsight(QStringLiteral("profiler")) });
    const MareyData data = computeMarey(*profile);
    bool sawRank0 = false;
    for (const MareyDevice& d : data.devices) {
        if (d.rankId == 0) {
            sawRank0 = true;
            QCOMPARE(d.flopsM, 8167.743);
            QCOMPARE(d.flopsPerSecondG, 9868.936);
        } else {
            QCOMPARE(d.flopsM, -1.0);
        }
        QCOMPARE(d.memoryCapacityMB, -1.0);
    }
    QVERIFY(sawRank0);

    // memory_usage_summary gives the capacity and, without memory records, the peak.
    QTemporaryDir dir;
    test::writeFile(dir, QStringLiteral("profiler/step_trace_raw_0_detail_time.csv"),
                    "step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,fp_and_bp,tail\n"
                    "1,0,100,100,10,90,0,80,10\n-,0,100,100,10,90,0,80,10\n");
    test::writeFile(dir, QStringLiteral("profiler/memory_usage_summary_0.json"), "{\"capacity\": 32, \"peak_mem\": 8}");
    const MareyData summary = computeMarey(*ProfileLoader::load({ dir.path() }));
    QCOMPARE(int(summary.devices.size()), 1);
    QCOMPARE(summary.devices[0].memoryCapacityMB, 32.0 * 1024.0);
    QCOMPARE(summary.devices[0].peakMemoryMB, 8.0 * 1024.0);
}

// The collapsed stage's solid core: the median start to the median end
// over the devices that ran the op (lower median of an even count), worked
// out by hand from the sorted starts and ends.
void TestMarey::medianRange_data()
{
    QTest::addColumn<QList<qint64>>("startEnd"); // pairs; -1 -1 = missing on that device
    QTest::addColumn<qint64>("startNs");
    QTest::addColumn<qint64>("endNs");
    // starts 10 12 30 -> 12; ends 20 25 40 -> 25.
    QTest::newRow("three") << QList<qint64> { 30, 40, 10, 20, 12, 25 } << 12ll << 25ll;
    // starts 0 1 2 100 -> lower median 1; ends 5 6 7 900 -> 6 (the straggler does not move it).
    QTest::newRow("straggler") << QList<qint64> { 0, 5, 100, 900, 1, 6, 2, 7 } << 1ll << 6ll;
    // A device that did not run it is left out: starts 4 8 -> 4, ends 9 10 -> 9.
    QTest::newRow("missing") << QList<qint64> { 4, 9, -1, -1, 8, 10 } << 4ll << 9ll;
    QTest::newRow("one") << QList<qint64> { 3, 7 } << 3ll << 7ll;
}

void TestMarey::medianRange()
{
    QFETCH(QList<qint64>, startEnd);
    MareyOp op;
    for (int i = 0; i + 1 < startEnd.size(); i += 2)
        op.ranges.push_back(startEnd[i] < 0 ? MareyOp::missing() : TimeRange { startEnd[i], startEnd[i + 1] });
    const TimeRange m = op.medianRange();
    QTEST(qint64(m.startNs), "startNs");
    QTEST(qint64(m.endNs), "endNs");
    MareyOp none;
    none.ranges = { MareyOp::missing() };
    QVERIFY(MareyOp::isMissing(none.medianRange()));
}

QTEST_GUILESS_MAIN(TestMarey)
#include "tst_marey.moc"
