// SPDX-License-Identifier: Apache-2.0
// Instant re-open (issue 15 item 4): the parsed trace kept in the user's
// cache folder. A second load comes from the cache and equals the parsed one
// lane by lane; the figures are also checked against an independent reading
// of trace_view.json (QJsonDocument here, never the parser). A changed
// source is parsed again, a damaged entry falls back to parsing, --no-cache
// writes nothing, eviction keeps the folder under its cap, and nothing is
// ever written beside the data. kernel_details.csv and memory_record.csv
// are cached the same way (one entry per file), checked against a plain
// split of the CSV text.
#include "load/profileloader.h"
#include "load/tracecache.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace profscope;

namespace {

const QString kTraceSuffix = QStringLiteral("ASCEND_PROFILER_OUTPUT/trace_view.json");
const QString kKernelSuffix = QStringLiteral("ASCEND_PROFILER_OUTPUT/kernel_details.csv");
const QString kMemorySuffix = QStringLiteral("ASCEND_PROFILER_OUTPUT/memory_record.csv");
// A whole load of the text rank writes the trace, kernel_details.csv and memory_record.csv entries.
constexpr int kEntriesPerRank = 3;

// Exact decimal µs text -> ns (at most three decimals in the files).
qint64 usTextToNs(const QJsonValue& v)
{
    QString text = v.isString() ? v.toString() : QString::number(v.toDouble(), 'f', 3);
    const qsizetype dot = text.indexOf(QLatin1Char('.'));
    const QString whole = dot < 0 ? text : text.left(dot);
    const QString frac = QString((dot < 0 ? QString() : text.mid(dot + 1)) + QStringLiteral("000")).left(3);
    return whole.toLongLong() * 1000 + frac.toLongLong();
}

// Every figure of a TraceData, one line per lane / series, so that two loads
// compare field by field and a difference names the lane.
QStringList describe(const TraceData& t)
{
    QStringList lines;
    const auto names = [&](const std::vector<StringId>& ids) {
        quint64 h = 0;
        for (const StringId id : ids)
            h = h * 1099511628211ull + qHash(t.strings.string(id));
        return h;
    };
    lines << QStringLiteral("strings %1 files %2 range %3..%4")
                 .arg(t.strings.size())
                 .arg(t.sourceFiles.join(QLatin1Char(',')))
                 .arg(t.rangeNs.startNs)
                 .arg(t.rangeNs.endNs);
    for (const auto& p : t.processes) {
        lines << QStringLiteral("process %1 %2 %3 %4 %5").arg(p.pid).arg(p.name, p.labels).arg(p.sortIndex).arg(p.hasMetadata);
        for (const auto& th : p.threads) {
            const SliceColumns& s = th.slices;
            // Wrapping (unsigned) sums: epoch timestamps add up beyond qint64.
            quint64 starts = 0, durs = 0, depths = 0;
            quint64 args = 0;
            for (std::size_t i = 0; i < s.size(); ++i) {
                starts += quint64(s.startNs[i]);
                durs += quint64(s.durNs[i]);
                depths += s.depth[i];
                args += s.args[i].packed;
            }
            quint64 instants = 0;
            for (const TimeNs ts : th.instants.tsNs)
                instants += quint64(ts);
            lines << QStringLiteral("  thread %1 %2 role %3 depth %4: %5 slices start %6 dur %7 depth %8 args %9 names %10 "
                                    "cats %11 tasks %12 instants %13/%14/%15")
                         .arg(th.tid)
                         .arg(th.name)
                         .arg(int(th.role))
                         .arg(th.maxDepth)
                         .arg(s.size())
                         .arg(starts)
                         .arg(durs)
                         .arg(depths)
                         .arg(args)
                         .arg(names(s.name))
                         .arg(names(s.category))
                         .arg(names(s.taskType))
                         .arg(th.instants.size())
                         .arg(instants)
                         .arg(names(th.instants.name));
        }
        for (const auto& c : p.counters) {
            double sum = 0;
            quint64 ts = 0;
            for (std::size_t i = 0; i < c.tsNs.size(); ++i) {
                sum += c.value[i];
                ts += quint64(c.tsNs[i]);
            }
            lines << QStringLiteral("  counter %1/%2: %3 points ts %4 sum %5")
                         .arg(t.strings.string(c.name), t.strings.string(c.key))
                         .arg(c.tsNs.size())
                         .arg(ts)
                         .arg(sum, 0, 'g', 17);
        }
    }
    const FlowColumns& f = t.flows;
    for (std::size_t i = 0; i < f.size(); ++i)
        lines << QStringLiteral("flow %1 %2 %3 %4->%5 %6/%7/%8->%9/%10/%11 %12")
                     .arg(flowName(t, i))
                     .arg(f.id[i])
                     .arg(int(f.role[i]))
                     .arg(f.fromNs[i])
                     .arg(f.toNs[i])
                     .arg(f.fromProcess[i])
                     .arg(f.fromThread[i])
                     .arg(f.fromSlice[i])
                     .arg(f.toProcess[i])
                     .arg(f.toThread[i])
                     .arg(f.toSlice[i])
                     .arg(t.strings.string(f.category[i]));
    for (const auto& s : t.steps)
        lines << QStringLiteral("step %1 %2..%3").arg(s.id).arg(s.rangeNs.startNs).arg(s.rangeNs.endNs);
    QStringList phases;
    for (int c = 0; c < 128; ++c)
        if (t.stats.eventsByPhase[std::size_t(c)])
            phases << QStringLiteral("%1=%2").arg(QChar(c)).arg(t.stats.eventsByPhase[std::size_t(c)]);
    lines << QStringLiteral("stats %1 total %2 bytes %3 unmatched %4/%5 flows %6/%7 skipped %8")
                 .arg(phases.join(QLatin1Char(' ')))
                 .arg(t.stats.totalEvents)
                 .arg(t.stats.bytes)
                 .arg(t.stats.unmatchedEnds)
                 .arg(t.stats.unterminatedBegins)
                 .arg(t.stats.flowStartsWithoutEnd)
                 .arg(t.stats.flowEndsWithoutStart)
                 .arg(t.stats.skippedEvents);
    for (const auto& [name, n] : t.stats.flowsByCategory)
        lines << QStringLiteral("flow category %1 %2").arg(name).arg(n);
    return lines;
}

QString number(double v)
{
    return QString::number(v, 'g', 17);
}

// Every cell of the kernel table, one line per row (and the metric names).
QStringList describe(const KernelTable& t)
{
    QStringList lines { QStringLiteral("%1 rows, %2 strings, metrics %3")
                            .arg(t.size())
                            .arg(t.strings.size())
                            .arg(t.metricNames().join(QLatin1Char(','))) };
    for (std::size_t i = 0; i < t.size(); ++i) {
        QStringList cells;
        cells << QString::number(t.stepId[i]) << QString::number(t.modelId[i]) << QString::number(t.taskId[i])
              << QString::number(t.streamId[i]) << QString::number(t.deviceId[i]) << t.strings.string(t.name[i])
              << t.strings.string(t.type[i]) << t.strings.string(t.opState[i])
              << t.strings.string(t.acceleratorCore[i]) << QString::number(t.communication[i])
              << QString::number(t.startNs[i]) << QString::number(t.durNs[i]) << QString::number(t.waitNs[i])
              << QString::number(t.blockDim[i]) << t.strings.string(t.inputShapes[i])
              << t.strings.string(t.inputDataTypes[i]) << t.strings.string(t.outputShapes[i])
              << QString::number(t.contextId[i]);
        for (const NumericColumn& c : t.metrics())
            cells << number(c[i]);
        lines << cells.join(QLatin1Char('|'));
    }
    for (const NumericColumn& c : t.metrics())
        lines << QStringLiteral("compact %1 scale %2").arg(c.compact()).arg(c.scale());
    return lines;
}

QStringList describe(const MemoryRecordTable& t)
{
    QStringList lines { QStringLiteral("%1 rows, %2 strings").arg(t.size()).arg(t.strings.size()) };
    for (std::size_t i = 0; i < t.size(); ++i)
        lines << QStringList { t.strings.string(t.component[i]), QString::number(t.tsNs[i]), number(t.allocatedMB[i]),
                     number(t.reservedMB[i]), number(t.activeMB[i]), t.strings.string(t.streamPtr[i]),
                     t.strings.string(t.deviceType[i]) }
                     .join(QLatin1Char('|'));
    return lines;
}

// A column of a CSV by header name, by a plain split on commas: right for
// the columns before the first quoted cell (Duration(us), Total Reserved(MB)).
QStringList csvColumn(const QString& path, const QString& header)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const qsizetype column = lines.value(0).trimmed().split(QLatin1Char(',')).indexOf(header);
    QStringList cells;
    for (qsizetype i = 1; column >= 0 && i < lines.size(); ++i)
        if (!lines[i].trimmed().isEmpty())
            cells << lines[i].split(QLatin1Char(',')).value(column).trimmed();
    return cells;
}

// The same report, apart from the cache's note.
void compareReports(const FileReport& cached, const FileReport& parsed)
{
    QVERIFY(!TraceCache::isFromCache(parsed));
    QVERIFY2(TraceCache::isFromCache(cached), qPrintable(cached.path));
    QCOMPARE(cached.path, parsed.path);
    QCOMPARE(cached.kind, parsed.kind);
    QCOMPARE(cached.status, parsed.status);
    QCOMPARE(cached.counts, parsed.counts);
    QCOMPARE(cached.sizeBytes, parsed.sizeBytes);
    QCOMPARE(cached.line, parsed.line);
    if (parsed.reason.isEmpty()) {
        QVERIFY2(cached.reason.startsWith(QStringLiteral("from the cache, parsed on ")), qPrintable(cached.reason));
        QCOMPARE(cached.warnings, parsed.warnings);
    } else {
        QCOMPARE(cached.reason, parsed.reason);
        QCOMPARE(cached.warnings.mid(0, parsed.warnings.size()), parsed.warnings);
        QCOMPARE(cached.warnings.size(), parsed.warnings.size() + 1);
    }
}

// Damages a cache entry file the way `damage` names (see damagedEntryFallsBack_data).
bool damageFile(const QString& path, const QString& damage)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadWrite))
        return false;
    const qint64 size = f.size();
    if (damage == QLatin1String("half"))
        return f.resize(size / 2);
    if (damage == QLatin1String("header"))
        return f.resize(40);
    if (damage == QLatin1String("empty"))
        return f.resize(0);
    if (damage == QLatin1String("flip")) {
        char c = 0;
        return f.seek(size * 2 / 3) && f.getChar(&c) && f.seek(size * 2 / 3) && f.putChar(char(c ^ 0x5a));
    }
    return f.seek(0) && f.write(QByteArray(int(std::min<qint64>(size, 4096)), 'x')) > 0;
}

ProfilePtr load(const QString& path, bool useCache = true)
{
    LoadOptions options;
    options.useCache = useCache;
    return ProfileLoader::load({ path }, options);
}

const FileReport* traceReport(const Profile& profile)
{
    return test::reportEndingWith(profile, QStringLiteral("trace_view.json"));
}

} // namespace

class TstTraceCache : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_cacheHome;
    QString m_rank;

    QString cacheDir() const
    {
        return m_cacheHome.path() + QStringLiteral("/profscope/traces");
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_cacheHome.isValid());
        // The cache goes where XDG says (tests/CMakeLists.txt turns it off
        // for the other tests; on here).
        qputenv("XDG_CACHE_HOME", m_cacheHome.path().toUtf8());
        qputenv("PROFSCOPE_CACHE_MAX_MB", "4096");
        m_rank = test::textRank(1, 0);
        QVERIFY(QFileInfo::exists(m_rank + QLatin1Char('/') + kTraceSuffix));
    }
    void init()
    {
        QDir(cacheDir()).removeRecursively();
    }

    void location()
    {
        QCOMPARE(TraceCache::defaultDirectory(), cacheDir());
        QCOMPARE(TraceCache().maxBytes(), qint64(4096) * 1024 * 1024);
    }

    void secondLoadFromCache()
    {
        const QStringList dataBefore = test::folderSnapshot(m_rank);
        const ProfilePtr parsed = load(m_rank);
        QCOMPARE(parsed->ranks.size(), std::size_t(1));
        const FileReport* first = traceReport(*parsed);
        QVERIFY(first);
        QVERIFY(!TraceCache::isFromCache(*first));
        QCOMPARE(first->status, FileStatus::Used);
        QCOMPARE(TraceCache().entryCount(), kEntriesPerRank);

        const ProfilePtr cached = load(m_rank);
        QCOMPARE(cached->ranks.size(), std::size_t(1));
        const FileReport* second = traceReport(*cached);
        QVERIFY(second);
        QVERIFY(TraceCache::isFromCache(*second));
        QVERIFY2(second->reason.startsWith(QStringLiteral("from the cache, parsed on ")), qPrintable(second->reason));
        QCOMPARE(second->counts, first->counts);
        QCOMPARE(second->sizeBytes, first->sizeBytes);

        // The two loads agree field by field.
        const TraceData& a = parsed->ranks[0]->trace;
        const TraceData& b = cached->ranks[0]->trace;
        QCOMPARE(describe(b), describe(a));
        // Args are still read from the source file.
        std::size_t checked = 0;
        for (std::size_t p = 0; p < a.processes.size() && checked < 20; ++p)
            for (std::size_t t = 0; t < a.processes[p].threads.size() && checked < 20; ++t) {
                const SliceColumns& s = a.processes[p].threads[t].slices;
                for (std::size_t i = 0; i < s.size() && checked < 20; ++i)
                    if (s.args[i].isValid()) {
                        QCOMPARE(b.argsText(b.processes[p].threads[t].slices.args[i]), a.argsText(s.args[i]));
                        QVERIFY(b.argsText(b.processes[p].threads[t].slices.args[i]).startsWith('{'));
                        ++checked;
                    }
            }
        QVERIFY(checked > 0);

        // Independent figures from the file: X events and their durations per
        // (pid, tid), C events, and flow starts.
        QFile file(m_rank + QLatin1Char('/') + kTraceSuffix);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray events = QJsonDocument::fromJson(file.readAll()).array();
        QVERIFY(!events.isEmpty());
        std::map<std::pair<qint64, qint64>, std::pair<qint64, qint64>> xByLane; // count, dur ns
        qint64 xEvents = 0, cEvents = 0;
        for (const QJsonValue& v : events) {
            const QJsonObject e = v.toObject();
            const QString ph = e.value(QStringLiteral("ph")).toString();
            if (ph == QLatin1String("C"))
                ++cEvents;
            if (ph != QLatin1String("X"))
                continue;
            ++xEvents;
            const QJsonValue pid = e.value(QStringLiteral("pid")), tid = e.value(QStringLiteral("tid"));
            if (pid.isDouble() && tid.isDouble()) {
                auto& lane = xByLane[{ qint64(pid.toDouble()), qint64(tid.toDouble()) }];
                ++lane.first;
                lane.second += usTextToNs(e.value(QStringLiteral("dur")));
            }
        }
        QCOMPARE(qint64(b.sliceCount()), xEvents);
        QCOMPARE(b.stats.phase('C'), cEvents);
        QCOMPARE(b.stats.phase('X'), xEvents);
        QVERIFY(xByLane.size() >= 3);
        std::size_t lanesChecked = 0;
        for (const auto& p : b.processes)
            for (const auto& th : p.threads) {
                const auto it = xByLane.find({ p.pid, th.tid });
                if (it == xByLane.end())
                    continue;
                qint64 dur = 0;
                for (const TimeNs d : th.slices.durNs)
                    dur += d;
                QCOMPARE(qint64(th.slices.size()), it->second.first);
                // Within 1 ns per event: a sub-ns fourth decimal is rounded by
                // the parser from the text, here from the double.
                QVERIFY2(qAbs(dur - it->second.second) <= it->second.first,
                         qPrintable(QStringLiteral("%1 vs %2").arg(dur).arg(it->second.second)));
                ++lanesChecked;
            }
        QCOMPARE(lanesChecked, xByLane.size());
        // Nothing beside the data.
        QCOMPARE(test::folderSnapshot(m_rank), dataBefore);
    }

    void changedSourceIsParsedAgain()
    {
        QTemporaryDir data;
        QVERIFY(test::copyTree(m_rank, data.path()));
        const QString trace = data.path() + QLatin1Char('/') + kTraceSuffix;
        QVERIFY(!TraceCache::isFromCache(*traceReport(*load(data.path()))));
        QVERIFY(TraceCache::isFromCache(*traceReport(*load(data.path()))));

        // Same bytes, another mtime: stale, parsed and cached again.
        QFile f(trace);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.setFileTime(QDateTime::currentDateTime().addSecs(-3600), QFileDevice::FileModificationTime));
        f.close();
        QVERIFY(!TraceCache::isFromCache(*traceReport(*load(data.path()))));
        QVERIFY(TraceCache::isFromCache(*traceReport(*load(data.path()))));
        QCOMPARE(TraceCache().entryCount(), kEntriesPerRank); // rebuilt in place, not beside

        // Another size (a trailing blank keeps the JSON valid).
        QVERIFY(f.open(QIODevice::Append));
        f.write("\n");
        f.close();
        const ProfilePtr reparsed = load(data.path());
        QVERIFY(!TraceCache::isFromCache(*traceReport(*reparsed)));
        QCOMPARE(traceReport(*reparsed)->sizeBytes, QFileInfo(m_rank + QLatin1Char('/') + kTraceSuffix).size() + 1);
        QVERIFY(TraceCache::isFromCache(*traceReport(*load(data.path()))));
    }

    void damagedEntryFallsBack_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::newRow("truncated to half") << QStringLiteral("half");
        QTest::newRow("header only") << QStringLiteral("header");
        QTest::newRow("byte flipped in the columns") << QStringLiteral("flip");
        QTest::newRow("empty") << QStringLiteral("empty");
        QTest::newRow("garbage") << QStringLiteral("garbage");
    }
    void damagedEntryFallsBack()
    {
        QFETCH(QString, damage);
        const ProfilePtr parsed = load(m_rank);
        const QString entry = TraceCache().entryPath(TraceCache::keyFor({ m_rank + QLatin1Char('/') + kTraceSuffix }));
        QVERIFY(QFileInfo::exists(entry));
        QFile f(entry);
        QVERIFY(f.open(QIODevice::ReadWrite));
        const qint64 size = f.size();
        if (damage == QLatin1String("half")) {
            QVERIFY(f.resize(size / 2));
        } else if (damage == QLatin1String("header")) {
            QVERIFY(f.resize(40));
        } else if (damage == QLatin1String("flip")) {
            QVERIFY(f.seek(size * 2 / 3));
            char c = 0;
            QVERIFY(f.getChar(&c));
            QVERIFY(f.seek(size * 2 / 3));
            QVERIFY(f.putChar(char(c ^ 0x5a)));
        } else if (damage == QLatin1String("empty")) {
            QVERIFY(f.resize(0));
        } else {
            QVERIFY(f.seek(0));
            f.write(QByteArray(int(std::min<qint64>(size, 4096)), 'x'));
        }
        f.close();

        const ProfilePtr again = load(m_rank);
        QVERIFY(!TraceCache::isFromCache(*traceReport(*again)));
        QCOMPARE(traceReport(*again)->status, FileStatus::Used);
        QCOMPARE(describe(again->ranks[0]->trace), describe(parsed->ranks[0]->trace));
        // Rewritten: the next load comes from the cache again.
        QVERIFY(TraceCache::isFromCache(*traceReport(*load(m_rank))));
    }

    void noCacheWritesNothing()
    {
        load(m_rank, false);
        QVERIFY(!QFileInfo::exists(cacheDir()));
        // The CLI: --no-cache neither writes nor reads.
        const test::CliRun off = test::runProgram(QStringLiteral(PROFSCOPE_CLI),
            { QStringLiteral("inspect"), QStringLiteral("--no-cache"), QStringLiteral("--json"), m_rank });
        QCOMPARE(off.exitCode, 0);
        QVERIFY(!QFileInfo::exists(cacheDir()));
        const auto fromCache = [&](const test::CliRun& run) {
            const QJsonArray files = QJsonDocument::fromJson(run.out).object().value(QStringLiteral("files")).toArray();
            for (const QJsonValue& v : files)
                if (v.toObject().value(QStringLiteral("path")).toString().endsWith(QStringLiteral("trace_view.json")))
                    return v.toObject().value(QStringLiteral("fromCache")).toBool();
            return false;
        };
        QVERIFY(!fromCache(off));
        const test::CliRun first = test::runProgram(QStringLiteral(PROFSCOPE_CLI),
            { QStringLiteral("inspect"), QStringLiteral("--json"), m_rank });
        QCOMPARE(first.exitCode, 0);
        QVERIFY(!fromCache(first));
        QCOMPARE(TraceCache().entryCount(), kEntriesPerRank);
        const test::CliRun second = test::runProgram(QStringLiteral(PROFSCOPE_CLI),
            { QStringLiteral("inspect"), QStringLiteral("--json"), m_rank });
        QVERIFY(fromCache(second));
        const test::CliRun again = test::runProgram(QStringLiteral(PROFSCOPE_CLI),
            { QStringLiteral("inspect"), QStringLiteral("--no-cache"), QStringLiteral("--json"), m_rank });
        QVERIFY(!fromCache(again));
        // The text output says it too.
        const test::CliRun text = test::runProgram(QStringLiteral(PROFSCOPE_CLI), { QStringLiteral("inspect"), m_rank });
        QVERIFY2(text.out.contains("from the cache, parsed on"), text.out.constData());
    }

    void partialLoadIsNotCached()
    {
        LoadOptions options;
        options.useCache = true;
        options.filter.firstStep = options.filter.lastStep = 1;
        ProfileLoader::load({ m_rank }, options);
        QCOMPARE(TraceCache().entryCount(), 0);
    }

    void tablesFromCache()
    {
        const QString kernelPath = m_rank + QLatin1Char('/') + kKernelSuffix;
        const QString memoryPath = m_rank + QLatin1Char('/') + kMemorySuffix;
        const ProfilePtr parsed = load(m_rank);
        QCOMPARE(TraceCache().entryCount(), kEntriesPerRank);
        const ProfilePtr cached = load(m_rank);
        QCOMPARE(cached->ranks.size(), std::size_t(1));
        for (const QString& suffix : { kKernelSuffix, kMemorySuffix }) {
            const FileReport* a = test::reportEndingWith(*parsed, suffix);
            const FileReport* b = test::reportEndingWith(*cached, suffix);
            QVERIFY(a && b);
            QCOMPARE(a->status, FileStatus::Used);
            compareReports(*b, *a);
        }
        const RankData& pr = *parsed->ranks[0];
        const RankData& cr = *cached->ranks[0];
        QVERIFY(pr.kernels && cr.kernels && pr.memoryRecords && cr.memoryRecords);
        QCOMPARE(describe(*cr.kernels), describe(*pr.kernels));
        QCOMPARE(describe(*cr.memoryRecords), describe(*pr.memoryRecords));
        QVERIFY(!cr.kernels->metrics().empty());

        // Independent figures from the CSV text: rows, the sum of
        // Duration(us) (exact µs text to ns), the sum of Total Reserved(MB).
        const QStringList durations = csvColumn(kernelPath, QStringLiteral("Duration(us)"));
        QCOMPARE(durations.size(), 191);
        QCOMPARE(qsizetype(cr.kernels->size()), durations.size());
        qint64 durationNs = 0;
        for (const QString& d : durations)
            durationNs += usTextToNs(QJsonValue(d));
        qint64 cachedNs = 0;
        for (const TimeNs d : cr.kernels->durNs)
            cachedNs += d;
        QCOMPARE(cachedNs, durationNs);
        const QStringList reserved = csvColumn(memoryPath, QStringLiteral("Total Reserved(MB)"));
        QCOMPARE(reserved.size(), qsizetype(1004));
        QCOMPARE(qsizetype(cr.memoryRecords->size()), reserved.size());
        double reservedMB = 0, cachedMB = 0;
        for (const QString& r : reserved)
            reservedMB += r.toDouble();
        for (const double r : cr.memoryRecords->reservedMB)
            cachedMB += r;
        QVERIFY2(qAbs(cachedMB - reservedMB) <= 1e-9 * qAbs(reservedMB),
                 qPrintable(QStringLiteral("%1 vs %2").arg(cachedMB, 0, 'g', 17).arg(reservedMB, 0, 'g', 17)));
    }

    void damagedTableEntryFallsBack_data()
    {
        QTest::addColumn<QString>("suffix");
        QTest::addColumn<QString>("damage");
        for (const QString& suffix : { kKernelSuffix, kMemorySuffix })
            for (const char* damage : { "half", "header", "flip", "empty", "garbage" })
                QTest::addRow("%s %s", qPrintable(suffix.section(QLatin1Char('/'), -1)), damage)
                    << suffix << QString::fromLatin1(damage);
    }
    void damagedTableEntryFallsBack()
    {
        QFETCH(QString, suffix);
        QFETCH(QString, damage);
        const ProfilePtr parsed = load(m_rank);
        const QString entry = TraceCache().entryPath(TraceCache::keyFor({ m_rank + QLatin1Char('/') + suffix }));
        QVERIFY(QFileInfo::exists(entry));
        QVERIFY(damageFile(entry, damage));

        const ProfilePtr again = load(m_rank);
        const FileReport* report = test::reportEndingWith(*again, suffix);
        QVERIFY(report);
        QVERIFY(!TraceCache::isFromCache(*report));
        QCOMPARE(report->status, FileStatus::Used);
        // The other table still comes from the cache.
        const QString other = suffix == kKernelSuffix ? kMemorySuffix : kKernelSuffix;
        QVERIFY(TraceCache::isFromCache(*test::reportEndingWith(*again, other)));
        QCOMPARE(describe(*again->ranks[0]->kernels), describe(*parsed->ranks[0]->kernels));
        QCOMPARE(describe(*again->ranks[0]->memoryRecords), describe(*parsed->ranks[0]->memoryRecords));
        // Rewritten: the next load comes from the cache again.
        QVERIFY(TraceCache::isFromCache(*test::reportEndingWith(*load(m_rank), suffix)));
    }

    void partialLoadDoesNotReadTables()
    {
        load(m_rank);
        QCOMPARE(TraceCache().entryCount(), kEntriesPerRank);
        LoadOptions options;
        options.useCache = true;
        options.filter.firstStep = options.filter.lastStep = 1;
        const ProfilePtr partial = ProfileLoader::load({ m_rank }, options);
        for (const QString& suffix : { kTraceSuffix, kKernelSuffix, kMemorySuffix }) {
            const FileReport* report = test::reportEndingWith(*partial, suffix);
            QVERIFY(report);
            QVERIFY2(!TraceCache::isFromCache(*report), qPrintable(suffix));
        }
        QCOMPARE(TraceCache().entryCount(), kEntriesPerRank);
    }

    void evictionKeepsUnderCap()
    {
        const ProfilePtr parsed = load(m_rank, false);
        const TraceData& trace = parsed->ranks[0]->trace;
        const auto keyOf = [](int i) {
            TraceCache::Key key;
            key.files.push_back({ QStringLiteral("/nowhere/%1/trace_view.json").arg(i), 100 + i, 1000, quint64(i) });
            return key;
        };
        // Measure one entry, then allow two and a half.
        TraceCache probe(cacheDir(), qint64(1) << 40);
        QVERIFY(probe.write(keyOf(0), trace, {}));
        const qint64 entryBytes = probe.sizeBytes();
        QVERIFY(entryBytes > 1000);
        QVERIFY(probe.clear());
        QCOMPARE(probe.entryCount(), 0);

        const qint64 cap = entryBytes * 5 / 2;
        TraceCache cache(cacheDir(), cap);
        const QDateTime now = QDateTime::currentDateTime();
        const auto age = [&](int i, int secondsAgo) {
            QFile f(cache.entryPath(keyOf(i)));
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.setFileTime(now.addSecs(-secondsAgo), QFileDevice::FileModificationTime));
        };
        QVERIFY(cache.write(keyOf(1), trace, {}));
        age(1, 300);
        QVERIFY(cache.write(keyOf(2), trace, {}));
        age(2, 200);
        // A read is a use: entry 1 becomes the most recent.
        QVERIFY(cache.read(keyOf(1)).has_value());
        QVERIFY(cache.write(keyOf(3), trace, {}));
        QVERIFY(cache.sizeBytes() <= cap);
        QCOMPARE(cache.entryCount(), 2);
        QVERIFY(QFileInfo::exists(cache.entryPath(keyOf(1))));
        QVERIFY(!QFileInfo::exists(cache.entryPath(keyOf(2)))); // the least recently used
        QVERIFY(QFileInfo::exists(cache.entryPath(keyOf(3))));
        // A key that only shares the file name of an entry misses.
        TraceCache::Key other = keyOf(3);
        other.files[0].contentHash ^= 1;
        QString why;
        QVERIFY(!cache.read(other, &why).has_value());
        QVERIFY(!why.isEmpty());
        QVERIFY(cache.read(keyOf(3)).has_value());
        // Off (cap 0): nothing read or written.
        TraceCache off(cacheDir(), 0);
        QVERIFY(!off.isEnabled());
        QVERIFY(!off.read(keyOf(3)).has_value());
        QVERIFY(cache.clear());
        QCOMPARE(cache.sizeBytes(), qint64(0));
    }
};

QTEST_GUILESS_MAIN(TstTraceCache)
#include "tst_tracecache.moc"
