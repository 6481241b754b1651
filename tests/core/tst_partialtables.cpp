// SPDX-License-Identifier: Apache-2.0
// Partial import, the timed tables (issue 15 item 3): kernel_details /
// op_summary, memory_record, npu_module_mem and operator_memory are cut to
// the step window while they are parsed. The rows expected are counted here
// from the files themselves: a plain CSV split written in this test (not
// CsvReader), the times as exact decimal text, the window from the trace's
// ProfilerStep#N events read with QJsonDocument, and the rules written out
// again (a task overlaps [start, end); a sample lies inside it; a memory
// block was allocated before its end and not released before its start).
#include "generate/clustergenerator.h"
#include "load/partialtables.h"
#include "load/profileloader.h"
#include "model/rowwindow.h"
#include "parse/tableparsers.h"
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

#include <optional>

using namespace profscope;

namespace {

// RFC 4180 records of a file: quoted cells with doubled quotes and line
// breaks, CRLF or LF; blank lines dropped. The header is the first record.
std::vector<QStringList> splitCsv(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QByteArray text = f.readAll();
    if (text.startsWith("\xEF\xBB\xBF"))
        text.remove(0, 3);
    std::vector<QStringList> records;
    QStringList record;
    QByteArray cell;
    bool quoted = false;
    auto endCell = [&] {
        record << QString::fromUtf8(cell);
        cell.clear();
    };
    auto endRecord = [&] {
        endCell();
        if (!(record.size() == 1 && record.front().trimmed().isEmpty()))
            records.push_back(record);
        record.clear();
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                cell += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cell += c;
            }
        } else if (c == '"' && cell.isEmpty()) {
            quoted = true;
        } else if (c == ',') {
            endCell();
        } else if (c == '\r' || c == '\n') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n')
                ++i;
            endRecord();
        } else {
            cell += c;
        }
    }
    if (!cell.isEmpty() || !record.isEmpty())
        endRecord();
    return records;
}

// "1736408883001452.978\t" µs -> ns, exactly (a fourth decimal rounds);
// nullopt for N/A, empty or anything else.
std::optional<qint64> usToNs(QString text)
{
    text = text.trimmed();
    static const QRegularExpression number(QStringLiteral("^(\\d+)(?:\\.(\\d*))?$"));
    const auto m = number.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    const QString frac = m.captured(2) + QStringLiteral("0000");
    qint64 ns = m.captured(1).toLongLong() * 1000 + frac.left(3).toLongLong();
    if (frac.at(3) >= QLatin1Char('5'))
        ++ns;
    return ns;
}

int columnOf(const QStringList& header, const QStringList& names)
{
    for (const QString& name : names)
        for (int i = 0; i < header.size(); ++i)
            if (header[i].trimmed().compare(name, Qt::CaseInsensitive) == 0)
                return i;
    return -1;
}

enum class Table { Kernels, MemoryRecord, NpuModuleMem, OperatorMemory };

const char* fileOf(Table t)
{
    switch (t) {
    case Table::Kernels:
        return "kernel_details.csv";
    case Table::MemoryRecord:
        return "memory_record.csv";
    case Table::NpuModuleMem:
        return "npu_module_mem.csv";
    case Table::OperatorMemory:
        return "operator_memory.csv";
    }
    return "";
}

// One data row as the test reads it: the time that orders it and the one
// or two the window is judged on.
struct Row
{
    qint64 timeNs = 0;    // start / timestamp / allocation
    qint64 secondNs = -1; // duration (tasks), release (blocks; -1: never)
    bool hasSecond = false;
};

// The usable rows of a table file: cells lining up with the header and the
// required time cells numbers.
std::vector<Row> rowsOf(const QString& path, Table table)
{
    const std::vector<QStringList> records = splitCsv(path);
    std::vector<Row> rows;
    if (records.empty())
        return rows;
    const QStringList& header = records.front();
    int first = -1, second = -1;
    switch (table) {
    case Table::Kernels:
        first = columnOf(header, { QStringLiteral("Start Time(us)"), QStringLiteral("Task Start Time(us)") });
        second = columnOf(header, { QStringLiteral("Duration(us)"), QStringLiteral("Task Duration(us)") });
        break;
    case Table::MemoryRecord:
    case Table::NpuModuleMem:
        first = columnOf(header, { QStringLiteral("Timestamp(us)") });
        break;
    case Table::OperatorMemory:
        first = columnOf(header, { QStringLiteral("Allocation Time(us)") });
        second = columnOf(header, { QStringLiteral("Release Time(us)") });
        break;
    }
    for (std::size_t i = 1; i < records.size(); ++i) {
        const QStringList& r = records[i];
        bool aligned = r.size() >= header.size();
        for (qsizetype c = header.size(); aligned && c < r.size(); ++c)
            aligned = r[c].trimmed().isEmpty();
        if (!aligned)
            continue;
        const auto t = usToNs(r[first]);
        if (!t)
            continue;
        Row row { *t };
        if (table == Table::Kernels) {
            const auto d = usToNs(r[second]);
            if (!d)
                continue;
            row.secondNs = *d;
            row.hasSecond = true;
        } else if (table == Table::OperatorMemory) {
            const auto rel = second >= 0 ? usToNs(r[second]) : std::nullopt;
            row.secondNs = rel.value_or(-1);
            row.hasSecond = bool(rel);
        }
        rows.push_back(row);
    }
    return rows;
}

bool inWindow(Table table, const Row& r, qint64 lo, qint64 hi)
{
    switch (table) {
    case Table::Kernels:
        return r.secondNs <= 0 ? (r.timeNs >= lo && r.timeNs < hi) : (r.timeNs < hi && r.timeNs + r.secondNs > lo);
    case Table::MemoryRecord:
    case Table::NpuModuleMem:
        return r.timeNs >= lo && r.timeNs < hi;
    case Table::OperatorMemory:
        return r.timeNs < hi && (!r.hasSecond || r.secondNs > lo);
    }
    return false;
}

// The times (the first column above) of the rows a window keeps, in file order.
std::vector<qint64> keptTimes(const std::vector<Row>& rows, Table table, qint64 lo, qint64 hi)
{
    std::vector<qint64> out;
    for (const Row& r : rows)
        if (inWindow(table, r, lo, hi))
            out.push_back(r.timeNs);
    return out;
}

// The same times from a parsed rank.
std::vector<qint64> tableTimes(const RankData& rank, Table table)
{
    switch (table) {
    case Table::Kernels:
        return rank.kernels ? rank.kernels->startNs : std::vector<qint64> {};
    case Table::MemoryRecord:
        return rank.memoryRecords ? rank.memoryRecords->tsNs : std::vector<qint64> {};
    case Table::NpuModuleMem:
        return rank.npuModuleMem ? rank.npuModuleMem->tsNs : std::vector<qint64> {};
    case Table::OperatorMemory:
        return rank.operatorMemory ? rank.operatorMemory->allocationNs : std::vector<qint64> {};
    }
    return {};
}

// The rows of a parsed rank's table, read back as Rows.
std::vector<Row> tableRows(const RankData& rank, Table table)
{
    std::vector<Row> rows;
    const std::vector<qint64> times = tableTimes(rank, table);
    for (std::size_t i = 0; i < times.size(); ++i) {
        Row r { times[i] };
        if (table == Table::Kernels) {
            r.secondNs = rank.kernels->durNs[i];
            r.hasSecond = true;
        } else if (table == Table::OperatorMemory) {
            const qint64 release = rank.operatorMemory->releaseNs[i];
            r.hasSecond = release != kInvalidTime;
            r.secondNs = r.hasSecond ? release : -1;
        }
        rows.push_back(r);
    }
    return rows;
}

void parseInto(RankData& rank, Table table, const QString& path, FileReport& report, const TimeRange* window)
{
    switch (table) {
    case Table::Kernels:
        rank.kernels = std::make_unique<KernelTable>();
        parseKernelDetails(path, *rank.kernels, report, window);
        break;
    case Table::MemoryRecord:
        rank.memoryRecords = std::make_unique<MemoryRecordTable>();
        parseMemoryRecord(path, *rank.memoryRecords, report, window);
        break;
    case Table::NpuModuleMem:
        rank.npuModuleMem = std::make_unique<NpuModuleMemTable>();
        parseNpuModuleMem(path, *rank.npuModuleMem, report, window);
        break;
    case Table::OperatorMemory:
        rank.operatorMemory = std::make_unique<OperatorMemoryTable>();
        parseOperatorMemory(path, *rank.operatorMemory, report, window);
        break;
    }
}

// [start of the first, end of the last) of the trace's ProfilerStep#N X
// events with first <= N <= last.
std::pair<qint64, qint64> stepWindowOf(const QString& rankFolder, int first, int last)
{
    QDirIterator it(rankFolder, { QStringLiteral("trace_view.json") }, QDir::Files, QDirIterator::Subdirectories);
    QFile f(it.hasNext() ? it.next() : QString());
    if (!f.open(QIODevice::ReadOnly))
        return { 0, 0 };
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll());
    const QJsonArray events = doc.isArray() ? doc.array() : doc.object().value(QStringLiteral("traceEvents")).toArray();
    qint64 lo = std::numeric_limits<qint64>::max(), hi = std::numeric_limits<qint64>::min();
    for (const QJsonValue& v : events) {
        const QJsonObject e = v.toObject();
        const QString name = e.value(QStringLiteral("name")).toString();
        if (e.value(QStringLiteral("ph")).toString() != QLatin1String("X") || !name.startsWith(QLatin1String("ProfilerStep#")))
            continue;
        const qint64 n = name.mid(13).toLongLong();
        if (n < first || n > last)
            continue;
        const auto text = [&](const char* key) {
            const QJsonValue x = e.value(QLatin1String(key));
            return x.isString() ? x.toString() : QString::number(x.toDouble(), 'f', 3);
        };
        const qint64 ts = usToNs(text("ts")).value_or(0);
        lo = std::min(lo, ts);
        hi = std::max(hi, ts + usToNs(text("dur")).value_or(0));
    }
    return { lo, hi };
}

// The number in "… N table row(s) outside the step window were left out", -1 when absent.
qint64 leftOutNote(const Profile& profile)
{
    static const QRegularExpression note(QStringLiteral("(\\d+) table row\\(s\\) outside the step window were left out"));
    for (const auto& m : profile.report.messages)
        if (const auto match = note.match(m.text); match.hasMatch())
            return match.captured(1).toLongLong();
    return -1;
}

QString outputFile(const QString& rank, Table table)
{
    return rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT/") + QLatin1String(fileOf(table));
}

} // namespace

Q_DECLARE_METATYPE(Table)

class TestPartialTables : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void stepLoadCutsTables_data();
    void stepLoadCutsTables();
    void parserCutsToWindow_data();
    void parserCutsToWindow();

private:
    QTemporaryDir m_dir;
    QString m_cluster; // generated: 2 ranks, 5 steps
};

void TestPartialTables::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_cluster = m_dir.filePath(QStringLiteral("cluster"));
    GeneratorOptions options;
    options.ranks = 2;
    options.steps = 5;
    options.ops = 10;
    QString error;
    QVERIFY2(generateCluster(m_cluster, options, &error), qPrintable(error));
}

void TestPartialTables::stepLoadCutsTables_data()
{
    QTest::addColumn<QString>("rank");
    QTest::addColumn<int>("step");
    QTest::addColumn<bool>("onlyTheseCut"); // no other table loses rows: the report's total is checked
    QTest::addColumn<int>("tableCount");    // of the four timed tables
    for (int level = 0; level <= 2; ++level)
        for (int r = 0; r <= 1; ++r)
            QTest::addRow("real level%d rank%d step 50", level, r) << test::textRank(level, r) << 50 << true << 4;
    const QFileInfoList ranks = QDir(m_cluster).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    // Its communication files name every step: the report's total counts those rows too.
    QTest::newRow("generated step 3 of 5") << ranks.value(0).absoluteFilePath() << 3 << false << 2;
}

void TestPartialTables::stepLoadCutsTables()
{
    QFETCH(QString, rank);
    QFETCH(int, step);
    QFETCH(bool, onlyTheseCut);
    QFETCH(int, tableCount);
    const auto [lo, hi] = stepWindowOf(rank, step, step);
    QVERIFY(lo < hi);

    LoadOptions options;
    options.filter.firstStep = options.filter.lastStep = step;
    options.sources = SourcePreference::Text;
    const ProfilePtr partial = ProfileLoader::load({ rank }, options);
    LoadOptions wholeOptions;
    wholeOptions.sources = SourcePreference::Text;
    const ProfilePtr whole = ProfileLoader::load({ rank }, wholeOptions);
    QCOMPARE(partial->ranks.size(), std::size_t(1));
    QCOMPARE(whole->ranks.size(), std::size_t(1));
    const RankData& p = *partial->ranks.front();
    const RankData& w = *whole->ranks.front();
    QVERIFY(p.stepWindow.applied);
    QCOMPARE(p.stepWindow.windowNs.startNs, lo);
    QCOMPARE(p.stepWindow.windowNs.endNs, hi);

    qint64 leftOutTotal = 0;
    int tables = 0;
    for (Table table : { Table::Kernels, Table::MemoryRecord, Table::NpuModuleMem, Table::OperatorMemory }) {
        const QString path = outputFile(rank, table);
        if (!QFileInfo::exists(path))
            continue;
        ++tables;
        const std::vector<Row> rows = rowsOf(path, table);
        QVERIFY2(!rows.empty(), qPrintable(path));
        const std::vector<qint64> kept = keptTimes(rows, table, lo, hi);
        const qint64 leftOut = qint64(rows.size() - kept.size());
        leftOutTotal += leftOut;
        // The rows kept are those of the file inside the window, in file order…
        QCOMPARE(tableTimes(p, table), kept);
        // …which are those of the whole load inside it.
        QCOMPARE(qint64(tableTimes(w, table).size()), qint64(rows.size()));
        QCOMPARE(keptTimes(tableRows(w, table), table, lo, hi), kept);
        // The file's report: rows kept, rows left out while reading.
        const FileReport* report = test::reportEndingWith(*partial, QLatin1String(fileOf(table)));
        QVERIFY(report);
        QCOMPARE(report->status, FileStatus::Used);
        QCOMPARE(report->count(QStringLiteral("rows")), qint64(kept.size()));
        QCOMPARE(report->count(rowsOutsideWindowCount()), leftOut);
        const FileReport* wholeReport = test::reportEndingWith(*whole, QLatin1String(fileOf(table)));
        QVERIFY(wholeReport);
        QCOMPARE(wholeReport->count(rowsOutsideWindowCount()), qint64(-1)); // a whole load says nothing of it
    }
    QCOMPARE(tables, tableCount);
    // Kernel rows: whole load rows, the same columns.
    QVERIFY(p.kernels && w.kernels);
    std::vector<QString> wholeNames, partNames;
    for (std::size_t i = 0; i < w.kernels->size(); ++i)
        if (overlapsWindow(p.stepWindow.windowNs, w.kernels->startNs[i], w.kernels->durNs[i]))
            wholeNames.push_back(w.kernels->strings.string(w.kernels->name[i]) + QString::number(w.kernels->durNs[i]));
    for (std::size_t i = 0; i < p.kernels->size(); ++i)
        partNames.push_back(p.kernels->strings.string(p.kernels->name[i]) + QString::number(p.kernels->durNs[i]));
    QCOMPARE(partNames, wholeNames);
    QCOMPARE(p.kernels->metricNames(), w.kernels->metricNames());

    // The import report's total.
    const qint64 note = leftOutNote(*partial);
    if (onlyTheseCut) {
        QCOMPARE(note, leftOutTotal > 0 ? leftOutTotal : -1);
        QVERIFY(leftOutTotal > 0); // the real ranks' memory samples run past their one step
    } else {
        QVERIFY2(note >= leftOutTotal, qPrintable(QString::number(note)));
        QVERIFY(leftOutTotal > 0);
    }
}

void TestPartialTables::parserCutsToWindow_data()
{
    // Windows at fractions of the span of the file's own times, so that they
    // cut through the rows; plus one before and one after all of them.
    QTest::addColumn<QString>("path");
    QTest::addColumn<Table>("table");
    QTest::addColumn<double>("from");
    QTest::addColumn<double>("to");
    const struct
    {
        const char* name;
        QString path;
        Table table;
    } files[] = {
        { "kernel_details level1 rank0", outputFile(test::textRank(1, 0), Table::Kernels), Table::Kernels },
        // Line 17 has 31 cells for 32 columns: skipped, inside the window or not.
        { "kernel_details server rank0", outputFile(test::serverRank(0), Table::Kernels), Table::Kernels },
        { "op_summary (CANN)",
            test::fixture(QStringLiteral("ascend-msinsight/server/src/test/test_data/test_kernel_parse/op_summary_1.csv")),
            Table::Kernels },
        // (server rank 1 writes its timestamps as 1.69512E+15: one time for every row.)
        { "memory_record server rank0", outputFile(test::serverRank(0), Table::MemoryRecord), Table::MemoryRecord },
        { "memory_record level2 rank0", outputFile(test::textRank(2, 0), Table::MemoryRecord), Table::MemoryRecord },
        { "npu_module_mem level0 rank0", outputFile(test::textRank(0, 0), Table::NpuModuleMem), Table::NpuModuleMem },
        { "operator_memory server rank0", outputFile(test::serverRank(0), Table::OperatorMemory),
            Table::OperatorMemory },
        { "operator_memory level1 rank1", outputFile(test::textRank(1, 1), Table::OperatorMemory),
            Table::OperatorMemory },
    };
    const std::pair<double, double> windows[] = { { 0.0, 0.5 }, { 0.25, 0.75 }, { 0.5, 1.01 }, { -1.0, -0.5 },
        { 1.5, 2.0 } };
    for (const auto& f : files)
        for (const auto& [from, to] : windows)
            QTest::addRow("%s [%.2f, %.2f)", f.name, from, to) << f.path << f.table << from << to;
}

void TestPartialTables::parserCutsToWindow()
{
    QFETCH(QString, path);
    QFETCH(Table, table);
    QFETCH(double, from);
    QFETCH(double, to);
    const std::vector<Row> rows = rowsOf(path, table);
    QVERIFY2(rows.size() >= 10, qPrintable(path));
    qint64 minNs = std::numeric_limits<qint64>::max(), maxNs = std::numeric_limits<qint64>::min();
    for (const Row& r : rows) {
        minNs = std::min(minNs, r.timeNs);
        maxNs = std::max(maxNs, r.timeNs);
    }
    const double span = double(maxNs - minNs);
    const TimeRange window { minNs + qint64(from * span), minNs + qint64(to * span) };
    const std::vector<qint64> kept = keptTimes(rows, table, window.startNs, window.endNs);
    const qint64 leftOut = qint64(rows.size() - kept.size());
    if (from == 0.0) // the first half of the file's times: a real cut
        QVERIFY2(!kept.empty() && kept.size() < rows.size(), qPrintable(QString::number(kept.size())));

    // Cut while parsing.
    RankData cut;
    FileReport cutReport;
    parseInto(cut, table, path, cutReport, &window);
    QCOMPARE(cutReport.status, FileStatus::Used);
    QCOMPARE(tableTimes(cut, table), kept);
    QCOMPARE(cutReport.count(rowsOutsideWindowCount()), leftOut);
    QCOMPARE(cutReport.count(QStringLiteral("rows")), qint64(kept.size()));

    // Parsed whole, then cut after the fact (partialtables.cpp, as for a
    // table read without the window): the same rows, the same count.
    RankData after;
    FileReport afterReport;
    parseInto(after, table, path, afterReport, nullptr);
    QCOMPARE(afterReport.count(QStringLiteral("rows")), qint64(rows.size()));
    after.stepWindow.asked = after.stepWindow.applied = true;
    after.stepWindow.windowNs = window;
    LoadFilter filter;
    filter.firstStep = filter.lastStep = 1;
    const QStringList notes = applyStepWindowToTables(after, filter);
    QCOMPARE(tableTimes(after, table), kept);
    if (leftOut > 0)
        QVERIFY2(notes.join(QLatin1Char('\n')).contains(QStringLiteral("%1 table row(s)").arg(leftOut)),
                 qPrintable(notes.join(QLatin1Char('\n'))));
    if (table == Table::Kernels) {
        // Every column follows the cut alike.
        QCOMPARE(cut.kernels->durNs, after.kernels->durNs);
        QCOMPARE(cut.kernels->name.size(), after.kernels->name.size());
        for (std::size_t i = 0; i < cut.kernels->size(); ++i)
            QCOMPARE(cut.kernels->strings.string(cut.kernels->name[i]),
                     after.kernels->strings.string(after.kernels->name[i]));
        QCOMPARE(cut.kernels->metrics().size(), after.kernels->metrics().size());
        for (std::size_t m = 0; m < cut.kernels->metrics().size(); ++m)
            for (std::size_t i = 0; i < cut.kernels->size(); ++i) {
                const double a = cut.kernels->metrics()[m][i], b = after.kernels->metrics()[m][i];
                QVERIFY((std::isnan(a) && std::isnan(b)) || a == b);
            }
    }
    // The skipped-row warnings of malformed lines are the same either way.
    QCOMPARE(cutReport.count(QStringLiteral("skippedRows")), afterReport.count(QStringLiteral("skippedRows")));
}

QTEST_GUILESS_MAIN(TestPartialTables)
#include "tst_partialtables.moc"
