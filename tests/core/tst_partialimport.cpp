// SPDX-License-Identifier: Apache-2.0
// Partial import (issue 15 item 3): a step window and a rank subset chosen
// before loading. The slices kept are checked against an independent count
// of the trace events overlapping the window, made here with QJsonDocument
// over trace_view.json (the window too: from the file's ProfilerStep#N
// events), never with the parser.
#include "generate/clustergenerator.h"
#include "load/partialtables.h"
#include "load/profileloader.h"
#include "load/stepscan.h"
#include "parse/traceparser.h"
#include "model/loadfilter.h"
#include "testsupport.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdlib>

using namespace profscope;

namespace {

// Exact decimal µs text -> ns (at most three decimals in the files).
qint64 usTextToNs(const QJsonValue& v)
{
    QString text = v.isString() ? v.toString() : QString::number(v.toDouble(), 'f', 3);
    const qsizetype dot = text.indexOf(QLatin1Char('.'));
    QString whole = dot < 0 ? text : text.left(dot);
    QString frac = dot < 0 ? QString() : text.mid(dot + 1);
    frac = QString(frac + QStringLiteral("000")).left(3);
    return whole.toLongLong() * 1000 + frac.toLongLong();
}

QJsonArray traceEvents(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll());
    return doc.isArray() ? doc.array() : doc.object().value(QStringLiteral("traceEvents")).toArray();
}

struct Reference
{
    qint64 windowStartNs = 0;
    qint64 windowEndNs = 0;
    qint64 slices = 0;       // X events overlapping [start, end)
    qint64 slicesAll = 0;    // every X event
    QStringList steps;       // ProfilerStep#N inside, as "N"
};

// The window from the file's own ProfilerStep#N X events, and the X events overlapping it.
Reference reference(const QString& tracePath, qint64 first, qint64 last)
{
    Reference r;
    const QJsonArray events = traceEvents(tracePath);
    qint64 lo = std::numeric_limits<qint64>::max(), hi = std::numeric_limits<qint64>::min();
    for (const QJsonValue& v : events) {
        const QJsonObject e = v.toObject();
        const QString name = e.value(QStringLiteral("name")).toString();
        if (e.value(QStringLiteral("ph")).toString() != QLatin1String("X") || !name.startsWith(QLatin1String("ProfilerStep#")))
            continue;
        const qint64 n = name.mid(13).toLongLong();
        if (n < first || n > last)
            continue;
        const qint64 ts = usTextToNs(e.value(QStringLiteral("ts")));
        lo = std::min(lo, ts);
        hi = std::max(hi, ts + usTextToNs(e.value(QStringLiteral("dur"))));
    }
    r.windowStartNs = lo;
    r.windowEndNs = hi;
    for (const QJsonValue& v : events) {
        const QJsonObject e = v.toObject();
        if (e.value(QStringLiteral("ph")).toString() != QLatin1String("X"))
            continue;
        ++r.slicesAll;
        const qint64 ts = usTextToNs(e.value(QStringLiteral("ts")));
        const qint64 dur = usTextToNs(e.value(QStringLiteral("dur")));
        const bool inside = dur <= 0 ? ts >= lo && ts < hi : ts < hi && ts + dur > lo;
        if (!inside)
            continue;
        ++r.slices;
        const QString name = e.value(QStringLiteral("name")).toString();
        if (name.startsWith(QLatin1String("ProfilerStep#")))
            r.steps << name.mid(13);
    }
    r.steps.sort();
    return r;
}

QString traceViewOf(const QString& rankFolder)
{
    QDirIterator it(rankFolder, { QStringLiteral("trace_view.json") }, QDir::Files, QDirIterator::Subdirectories);
    return it.hasNext() ? it.next() : QString();
}

ProfilePtr loadWith(const QString& path, const LoadFilter& filter)
{
    LoadOptions options;
    options.filter = filter;
    options.maxThreads = 2;
    return ProfileLoader::load({ path }, options);
}

bool hasMessage(const Profile& profile, ImportMessage::Severity severity, const QString& part)
{
    for (const auto& m : profile.report.messages)
        if (m.severity == severity && m.text.contains(part))
            return true;
    return false;
}

} // namespace

class TestPartialImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void parseLists_data();
    void parseLists();
    void formatIds();
    void scanFindsMarkers_data();
    void scanFindsMarkers();
    void stepWindowKeepsOverlappingSlices_data();
    void stepWindowKeepsOverlappingSlices();
    void chunksOutsideSkipped_data();
    void chunksOutsideSkipped();
    void databaseTimelineWindow_data();
    void databaseTimelineWindow();
    void tablesCutToWindow();
    void rankSubset();
    void missingSteps();
    void cannIterationsAndLegacySteps();
    void quickScanListsLegacySteps();
    void cliArguments_data();
    void cliArguments();
    void cliNoSeek();

private:
    QTemporaryDir m_dir;
    QString m_cluster; // generated: 4 ranks, 5 steps
};

void TestPartialImport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_cluster = m_dir.filePath(QStringLiteral("cluster"));
    GeneratorOptions options;
    options.ranks = 4;
    options.steps = 5;
    options.ops = 10;
    QString error;
    QVERIFY2(generateCluster(m_cluster, options, &error), qPrintable(error));
}

void TestPartialImport::parseLists_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("steps"); // parse as --steps (else --ranks)
    QTest::addColumn<QString>("expected"); // ids joined with ',' or "error"
    QTest::newRow("ranks range and id") << "0-3,12" << false << "0,1,2,3,12";
    QTest::newRow("ranks spaces, duplicates") << " 5 , 1-2, 2 " << false << "1,2,5";
    QTest::newRow("ranks empty") << "" << false << "error";
    QTest::newRow("ranks empty item") << "1,,2" << false << "error";
    QTest::newRow("ranks negative") << "-1" << false << "error";
    QTest::newRow("ranks reversed") << "7-3" << false << "error";
    QTest::newRow("ranks word") << "all" << false << "error";
    QTest::newRow("ranks open range") << "3-" << false << "error";
    QTest::newRow("ranks plus") << "+3" << false << "error";
    QTest::newRow("steps range") << "3-5" << true << "3,5";
    QTest::newRow("steps one") << "7" << true << "7,7";
    QTest::newRow("steps list") << "3,5" << true << "error";
    QTest::newRow("steps reversed") << "5-3" << true << "error";
    QTest::newRow("steps text") << "first" << true << "error";
    QTest::newRow("steps negative") << "-2" << true << "error";
}

void TestPartialImport::parseLists()
{
    QFETCH(QString, text);
    QFETCH(bool, steps);
    QFETCH(QString, expected);
    QString error;
    QStringList got;
    if (steps) {
        qint64 a = -1, b = -1;
        if (parseStepWindow(text, a, b, &error))
            got << QString::number(a) << QString::number(b);
    } else if (const auto ids = parseIdList(text, &error)) {
        for (int id : *ids)
            got << QString::number(id);
    }
    if (expected == QLatin1String("error")) {
        QVERIFY(got.isEmpty());
        QVERIFY2(!error.isEmpty(), "a rejected value says why");
    } else {
        QCOMPARE(got.join(QLatin1Char(',')), expected);
    }
}

void TestPartialImport::formatIds()
{
    QCOMPARE(formatIdList(std::vector<int> { 0, 1, 2, 3, 12 }), QStringLiteral("0\u20133, 12"));
    QCOMPARE(formatIdList(std::vector<qint64> { 50 }), QStringLiteral("50"));
    PartialProfile p;
    p.filter.firstStep = 3;
    p.filter.lastStep = 5;
    p.filter.rankIds = { 0, 1, 2, 3, 4, 5, 6, 7, 12 };
    p.ranksFound = 64;
    for (qint64 s = 1; s <= 20; ++s)
        p.stepsFound.push_back(s);
    QCOMPARE(p.describe(9), QStringLiteral("steps 3\u20135 of 1\u201320, ranks 0\u20137, 12 of 64 (9 loaded)"));
}

void TestPartialImport::scanFindsMarkers_data()
{
    QTest::addColumn<QString>("trace");
    QTest::addColumn<int>("first");
    QTest::addColumn<int>("last");
    QTest::newRow("real level1 rank0") << traceViewOf(test::textRank(1, 0)) << 50 << 50;
    QTest::newRow("real level2 rank1") << traceViewOf(test::textRank(2, 1)) << 50 << 50;
    QTest::newRow("generated rank") << traceViewOf(QDir(m_cluster).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot).value(0).absoluteFilePath()) << 1 << 5;
}

void TestPartialImport::scanFindsMarkers()
{
    QFETCH(QString, trace);
    QFETCH(int, first);
    QFETCH(int, last);
    QVERIFY(!trace.isEmpty());
    QString error;
    const auto marks = scanTraceStepMarkers(trace, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(qint64(marks.size()), qint64(last - first + 1));
    for (const StepMark& m : marks) {
        const Reference r = reference(trace, m.step, m.step);
        QCOMPARE(m.rangeNs.startNs, r.windowStartNs);
        QCOMPARE(m.rangeNs.endNs, r.windowEndNs);
    }
}

void TestPartialImport::stepWindowKeepsOverlappingSlices_data()
{
    QTest::addColumn<QString>("rank");
    QTest::addColumn<int>("first");
    QTest::addColumn<int>("last");
    for (int level = 0; level <= 2; ++level)
        for (int r = 0; r <= 1; ++r)
            QTest::addRow("real level%d rank%d step 50", level, r) << test::textRank(level, r) << 50 << 50;
    const QFileInfoList ranks = QDir(m_cluster).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    QTest::newRow("generated step 3 of 5") << ranks.value(0).absoluteFilePath() << 3 << 3;
    QTest::newRow("generated steps 2-4 of 5") << ranks.value(1).absoluteFilePath() << 2 << 4;
    QTest::newRow("generated steps 1-5 of 5") << ranks.value(2).absoluteFilePath() << 1 << 5;
    QTest::newRow("generated step 5 of 5") << ranks.value(3).absoluteFilePath() << 5 << 5;
}

void TestPartialImport::stepWindowKeepsOverlappingSlices()
{
    QFETCH(QString, rank);
    QFETCH(int, first);
    QFETCH(int, last);
    const QString trace = traceViewOf(rank);
    QVERIFY(!trace.isEmpty());
    const Reference ref = reference(trace, first, last);
    QVERIFY(ref.windowStartNs < ref.windowEndNs);

    LoadFilter filter;
    filter.firstStep = first;
    filter.lastStep = last;
    LoadOptions options;
    options.filter = filter;
    options.sources = SourcePreference::Text;
    const ProfilePtr profile = ProfileLoader::load({ rank }, options);
    QCOMPARE(int(profile->ranks.size()), 1);
    const RankData& data = *profile->ranks.front();
    QVERIFY(data.stepWindow.applied);
    QCOMPARE(data.stepWindow.windowNs.startNs, ref.windowStartNs);
    QCOMPARE(data.stepWindow.windowNs.endNs, ref.windowEndNs);
    QCOMPARE(qint64(data.trace.sliceCount()), ref.slices);
    // The markers kept are the steps asked for.
    QStringList steps;
    for (const StepMarker& s : data.trace.steps)
        steps << s.id;
    steps.sort();
    QCOMPARE(steps, ref.steps);
    // A whole load keeps every X event: the window really dropped the rest.
    LoadOptions wholeOptions;
    wholeOptions.sources = SourcePreference::Text;
    const ProfilePtr whole = ProfileLoader::load({ rank }, wholeOptions);
    QCOMPARE(qint64(whole->ranks.front()->trace.sliceCount()), ref.slicesAll);
    QCOMPARE(data.trace.stats.outsideWindow > 0, ref.slices < ref.slicesAll);
    QVERIFY(profile->partial.isPartial());
    QVERIFY(hasMessage(*profile, ImportMessage::Info, QStringLiteral("partial import of steps")));
}

void TestPartialImport::chunksOutsideSkipped_data()
{
    // Small chunks, so that whole chunks fall outside the window and are
    // skipped undecoded: the slices kept must not change.
    QTest::addColumn<QString>("trace");
    QTest::addColumn<int>("step");
    QTest::addColumn<int>("chunkBytes");
    QTest::addColumn<bool>("skips"); // some chunk must have been skipped
    const QFileInfoList ranks = QDir(m_cluster).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    const QString generated = traceViewOf(ranks.value(0).absoluteFilePath());
    for (int bytes : { 1024, 8192, 65536 }) {
        QTest::addRow("generated step 3, %d-byte chunks", bytes) << generated << 3 << bytes << (bytes < 65536);
        QTest::addRow("generated step 1, %d-byte chunks", bytes) << generated << 1 << bytes << (bytes < 65536);
        QTest::addRow("real level1 rank0, %d-byte chunks", bytes) << traceViewOf(test::textRank(1, 0)) << 50 << bytes
                                                                  << false;
    }
}

void TestPartialImport::chunksOutsideSkipped()
{
    QFETCH(QString, trace);
    QFETCH(int, step);
    QFETCH(int, chunkBytes);
    QFETCH(bool, skips);
    const Reference ref = reference(trace, step, step);
    TraceBuilder builder;
    builder.setWindow({ ref.windowStartNs, ref.windowEndNs });
    FileReport report;
    TraceParseOptions options;
    options.chunkBytes = std::size_t(chunkBytes);
    options.threads = 2;
    options.skipChunksOutsideWindow = true;
    QVERIFY(parseTraceFile(trace, builder, report, options));
    QCOMPARE(report.status, FileStatus::Used);
    const TraceData data = builder.finish();
    QCOMPARE(qint64(data.sliceCount()), ref.slices);
    if (skips)
        QVERIFY2(report.count(QStringLiteral("skippedBytes")) > 0, "no chunk was skipped");
}

void TestPartialImport::databaseTimelineWindow_data()
{
    QTest::addColumn<QString>("rank");
    for (int level = 0; level <= 2; ++level)
        QTest::addRow("db level%d rank0", level) << test::dbRank(level, 0);
}

void TestPartialImport::databaseTimelineWindow()
{
    // The DB twin: the window comes from STEP_TIME (step 50 of these ranks:
    // 1736410576386409710..1736410576538298460 ns in level1's rank 0). The
    // slices kept are those of the whole load that overlap it.
    QFETCH(QString, rank);
    LoadFilter filter;
    filter.firstStep = filter.lastStep = 50;
    const ProfilePtr partial = loadWith(rank, filter);
    const ProfilePtr whole = ProfileLoader::load({ rank });
    QCOMPARE(int(partial->ranks.size()), 1);
    const RankData& p = *partial->ranks.front();
    QVERIFY(p.stepWindow.applied);
    const TimeRange w = p.stepWindow.windowNs;
    QVERIFY(!w.isEmpty());
    qint64 expected = 0;
    for (const auto& proc : whole->ranks.front()->trace.processes)
        for (const auto& t : proc.threads)
            for (std::size_t i = 0; i < t.slices.size(); ++i)
                expected += overlapsWindow(w, t.slices.startNs[i], t.slices.durNs[i]);
    QCOMPARE(qint64(p.trace.sliceCount()), expected);
    QVERIFY(expected < qint64(whole->ranks.front()->trace.sliceCount()));
    if (rank.contains(QLatin1String("level1"))) {
        QCOMPARE(w.startNs, Q_INT64_C(1736410576386409710));
        QCOMPARE(w.endNs, Q_INT64_C(1736410576538298460));
    }
}

void TestPartialImport::tablesCutToWindow()
{
    // kernel_details rows: those of the whole load overlapping the window;
    // step_trace_time rows: by step number; op statistics: whole run, said.
    LoadFilter filter;
    filter.firstStep = 2;
    filter.lastStep = 3;
    const ProfilePtr partial = loadWith(m_cluster, filter);
    const ProfilePtr whole = ProfileLoader::load({ m_cluster });
    QCOMPARE(partial->ranks.size(), whole->ranks.size());
    for (std::size_t r = 0; r < partial->ranks.size(); ++r) {
        const RankData& p = *partial->ranks[r];
        const RankData& w = *whole->ranks[r];
        QVERIFY(p.kernels && w.kernels);
        qint64 expected = 0;
        for (std::size_t i = 0; i < w.kernels->size(); ++i)
            expected += overlapsWindow(p.stepWindow.windowNs, w.kernels->startNs[i], w.kernels->durNs[i]);
        QCOMPARE(qint64(p.kernels->size()), expected);
        QVERIFY(expected > 0 && expected < qint64(w.kernels->size()));
        QStringList steps;
        for (const StepTraceRow& row : p.stepTrace)
            steps << row.step;
        QCOMPARE(steps, (QStringList { QStringLiteral("2"), QStringLiteral("3") }));
        QCOMPARE(p.opStatistics.size(), w.opStatistics.size());
    }
    QVERIFY(hasMessage(*partial, ImportMessage::Info, QStringLiteral("cover the whole run")));
    QCOMPARE(partial->partial.stepsFound, (std::vector<qint64> { 1, 2, 3, 4, 5 }));
    QCOMPARE(partial->partial.stepsKept, (std::vector<qint64> { 2, 3 }));
}

void TestPartialImport::rankSubset()
{
    LoadFilter filter;
    filter.rankIds = { 1, 3 };
    const ProfilePtr profile = loadWith(m_cluster, filter);
    std::vector<int> ids;
    for (const auto& r : profile->ranks)
        ids.push_back(r->info.rankId);
    QCOMPARE(ids, (std::vector<int> { 1, 3 }));
    int skipped = 0;
    for (const FileReport& f : profile->report.files)
        if (f.kind == QLatin1String("rank") && f.status == FileStatus::Skipped) {
            ++skipped;
            QVERIFY2(f.reason.contains(QLatin1String("not in --ranks 1, 3")), qPrintable(f.reason));
        }
    QCOMPARE(skipped, 2);
    QCOMPARE(profile->partial.ranksFound, 4);
    QCOMPARE(profile->partial.describe(2), QStringLiteral("ranks 1, 3 of 4 (2 loaded)"));
    // No file of a left-out rank was read.
    for (const FileReport& f : profile->report.files)
        QVERIFY2(f.kind == QLatin1String("rank") || f.rankIndex >= 0, qPrintable(f.path));
}

void TestPartialImport::missingSteps()
{
    LoadFilter filter;
    filter.firstStep = 30;
    filter.lastStep = 31;
    const ProfilePtr profile = loadWith(m_cluster, filter);
    QCOMPARE(int(profile->ranks.size()), 4);
    for (const auto& r : profile->ranks) {
        QCOMPARE(qint64(r->trace.sliceCount()), qint64(0));
        QVERIFY(r->stepWindow.stepsKept.empty());
        QVERIFY(!r->kernels || r->kernels->size() == 0);
        QVERIFY(r->stepTrace.empty());
    }
    QVERIFY(hasMessage(*profile, ImportMessage::Error,
                       QStringLiteral("steps 30\u201331 not found in any rank: the profile has steps 1\u20135")));
}

// CANN msprof ranks (PROF_*/device_N/timeline/msprof_D_M_N.json, one file
// per iteration) mark their steps with "Iteration N" X events, and old
// MindInsight ranks number theirs in step_trace_raw_*_detail_time.csv: a
// step window must cut both, not load them whole.
void TestPartialImport::cannIterationsAndLegacySteps()
{
    const QString root = test::fixture(QStringLiteral("mindinsight/tests/utils/resource/profiler"));
    LoadFilter filter;
    filter.firstStep = 3;
    filter.lastStep = 4;
    const ProfilePtr profile = loadWith(root, filter);
    int cannRanks = 0, legacyRanks = 0;
    for (const auto& r : profile->ranks) {
        if (r->info.layout == RankLayout::CannMsprof) {
            ++cannRanks;
            // The reference: the Iteration 3 and 4 events of the device's
            // msprof_*.json files, and every X event of those files that
            // overlaps their span.
            QStringList files;
            QDirIterator it(r->info.rootPath + QStringLiteral("/timeline"), { QStringLiteral("msprof_*.json") }, QDir::Files);
            while (it.hasNext())
                files << it.next();
            QCOMPARE(files.size(), 10);
            std::vector<QJsonObject> xs;
            qint64 lo = std::numeric_limits<qint64>::max(), hi = std::numeric_limits<qint64>::min();
            for (const QString& f : files)
                for (const QJsonValue& v : traceEvents(f)) {
                    const QJsonObject e = v.toObject();
                    if (e.value(QStringLiteral("ph")).toString() != QLatin1String("X"))
                        continue;
                    xs.push_back(e);
                    const QString name = e.value(QStringLiteral("name")).toString();
                    if (name == QLatin1String("Iteration 3") || name == QLatin1String("Iteration 4")) {
                        const qint64 ts = usTextToNs(e.value(QStringLiteral("ts")));
                        lo = std::min(lo, ts);
                        hi = std::max(hi, ts + usTextToNs(e.value(QStringLiteral("dur"))));
                    }
                }
            qint64 inside = 0;
            for (const QJsonObject& e : xs) {
                const qint64 ts = usTextToNs(e.value(QStringLiteral("ts"))), dur = usTextToNs(e.value(QStringLiteral("dur")));
                inside += (dur <= 0 ? ts >= lo && ts < hi : ts < hi && ts + dur > lo) ? 1 : 0;
            }
            QVERIFY(lo < hi);
            QVERIFY(r->stepWindow.applied);
            QCOMPARE(r->stepWindow.stepsFound, (std::vector<qint64> { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 }));
            QCOMPARE(r->stepWindow.stepsKept, (std::vector<qint64> { 3, 4 }));
            // Microsecond text to ns can differ by rounding in the last digit.
            QVERIFY2(std::abs(r->stepWindow.windowNs.startNs - lo) <= 1, qPrintable(QString::number(r->stepWindow.windowNs.startNs - lo)));
            QVERIFY2(std::abs(r->stepWindow.windowNs.endNs - hi) <= 1, qPrintable(QString::number(r->stepWindow.windowNs.endNs - hi)));
            QCOMPARE(qint64(r->trace.sliceCount()), inside);
            QVERIFY(inside < qint64(xs.size()) / 2);
        } else if (!r->legacy.stepTrace.rows.empty() || r->info.rankId == 10) {
            ++legacyRanks;
            // step_trace_raw_N_detail_time.csv: a header, one row per step,
            // and the average row.
            QFile csv(root + QStringLiteral("/step_trace_raw_%1_detail_time.csv").arg(r->info.rankId));
            QVERIFY(csv.open(QIODevice::ReadOnly));
            const qint64 steps = qint64(csv.readAll().trimmed().split('\n').size()) - 2;
            QCOMPARE(qint64(r->stepWindow.stepsFound.size()), steps);
            QCOMPARE(r->stepWindow.stepsKept, (std::vector<qint64> { 3, 4 }));
            QCOMPARE(int(r->legacy.stepTrace.rows.size()), 2);
            QCOMPARE(r->legacy.stepTrace.rows[0].stepNum, qint64(3));
            QCOMPARE(r->legacy.stepTrace.rows[1].stepNum, qint64(4));
        }
    }
    QCOMPARE(cannRanks, 2);
    QCOMPARE(legacyRanks, 2);
    QVERIFY(hasMessage(*profile, ImportMessage::Info, QStringLiteral("the step trace rows of steps 3\u20134 of 1\u201340 are kept")));
}

void TestPartialImport::cliArguments_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message"); // in stderr (errors) or stdout
    const QString level1 = test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text/level1"));
    QTest::newRow("inspect bad steps") << QStringList { "inspect", level1, "--steps", "5-3" } << 2 << "--steps:";
    QTest::newRow("inspect bad ranks") << QStringList { "inspect", level1, "--ranks", "1,,2" } << 2 << "--ranks:";
    QTest::newRow("export bad ranks") << QStringList { "export", level1, "--what", "overview", "--ranks", "x" } << 2 << "--ranks:";
    QTest::newRow("report bad steps") << QStringList { "report", level1, "--steps", "a-b" } << 2 << "--steps:";
    QTest::newRow("compare bad steps") << QStringList { "compare", level1, level1, "--steps", "-4" } << 2 << "--steps:";
    QTest::newRow("inspect partial") << QStringList { "inspect", level1, "--steps", "50", "--ranks", "1" } << 0
                                     << "Partial import: step 50 of 50, ranks 1 of 2 (1 loaded)";
    QTest::newRow("export partial") << QStringList { "export", level1, "--what", "overview", "--steps", "50" } << 0
                                    << "partial import: step 50 of 50";
}

void TestPartialImport::cliArguments()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const test::CliRun run = test::runProgram(QStringLiteral(PROFSCOPE_CLI), args);
    QCOMPARE(run.exitCode, exitCode);
    const QString text = QString::fromUtf8(run.err + run.out);
    QVERIFY2(text.contains(message), qPrintable(text.left(2000)));
}

// --no-seek: the timed tables read whole. The same rows either way; only the
// default run leaves bytes of kernel_details.csv unread (csvseek.h).
void TestPartialImport::cliNoSeek()
{
    const QString cluster = m_dir.filePath(QStringLiteral("bigtables"));
    GeneratorOptions options;
    options.ranks = 1;
    options.steps = 10;
    options.ops = 1200;
    QString error;
    QVERIFY2(generateCluster(cluster, options, &error), qPrintable(error));
    const QRegularExpression row(QStringLiteral("kernel_details\\.csv .* rows=(\\d+)( .*skippedBytes=(\\d+))?"));
    QString rows[2];
    qint64 skipped[2] = { -1, -1 };
    for (int noSeek = 0; noSeek < 2; ++noSeek) {
        QStringList args { QStringLiteral("inspect"), cluster, QStringLiteral("--steps"), QStringLiteral("3"),
            QStringLiteral("--no-cache") };
        if (noSeek)
            args << QStringLiteral("--no-seek");
        const test::CliRun run = test::runProgram(QStringLiteral(PROFSCOPE_CLI), args);
        QCOMPARE(run.exitCode, 0);
        const auto m = row.match(QString::fromUtf8(run.out));
        QVERIFY2(m.hasMatch(), run.out.left(3000).constData());
        rows[noSeek] = m.captured(1);
        skipped[noSeek] = m.captured(3).isEmpty() ? -1 : m.captured(3).toLongLong();
    }
    QCOMPARE(rows[0], rows[1]);
    QVERIFY(rows[0].toLongLong() > 0);
    QVERIFY2(skipped[0] > 0, qPrintable(QString::number(skipped[0])));
    QCOMPARE(skipped[1], qint64(-1));
}

// The open dialog's quick scan lists an old MindInsight rank's steps from its
// step_trace_raw rows (it has no timeline markers): the step_num column's
// numbers, read here from the CSV text (the last row is the "-" average).
void TestPartialImport::quickScanListsLegacySteps()
{
    const QString root = test::fixture(QStringLiteral("mindinsight/tests/utils/resource/profiler"));
    const QuickScan scan = quickScanProfile({ root });
    int checked = 0;
    for (const QuickScanRank& rank : scan.ranks) {
        QFile csv(root + QStringLiteral("/step_trace_raw_%1_detail_time.csv").arg(rank.rankId));
        if (rank.rankId < 0 || !csv.open(QIODevice::ReadOnly) || !rank.rootPath.endsWith(QLatin1String("/profiler")))
            continue;
        const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
        const int column = int(lines.front().trimmed().split(',').indexOf("step_num"));
        QVERIFY(column >= 0);
        std::vector<qint64> expected;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            bool ok = false;
            const qint64 step = lines[i].split(',').value(column).trimmed().toLongLong(&ok);
            if (ok)
                expected.push_back(step);
        }
        std::sort(expected.begin(), expected.end());
        QVERIFY(expected.size() >= 20);
        QCOMPARE(rank.steps, expected);
        for (const qint64 step : expected)
            QVERIFY(std::binary_search(scan.steps.begin(), scan.steps.end(), step));
        ++checked;
    }
    QCOMPARE(checked, 2); // step_trace_raw_0 and _10
}

QTEST_GUILESS_MAIN(TestPartialImport)
#include "tst_partialimport.moc"
