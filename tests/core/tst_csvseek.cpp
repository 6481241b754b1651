// SPDX-License-Identifier: Apache-2.0
// Partial import of a huge run, the timed CSV tables read in part
// (csvseek.h, issue 15 item 3). The planner is checked on tables written
// here, against the rows the test finds itself (its own record splitter,
// times as integers it wrote): every row a window keeps must lie in a range
// that is read, whatever the table's order. The parsers are checked
// against themselves with the seek off: the same rows, column by column.
#include "generate/clustergenerator.h"
#include "model/rowwindow.h"
#include "parse/csvseek.h"
#include "parse/tableparsers.h"
#include "testsupport.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace profscope;

namespace {

// A table the test writes: one row per entry, in the given order.
struct SynthRow
{
    QByteArray key;     // first cell
    qint64 timeUs = 0;  // second cell, an integer number of µs
    qint64 durUs = 0;   // third cell
    bool quotedBreak = false; // a last cell holding a quoted line break
};

struct Synth
{
    QByteArray text;
    std::vector<std::size_t> starts; // byte offset of each row
    std::size_t firstRecord = 0;
};

Synth writeTable(const std::vector<SynthRow>& rows, const char* eol = "\n")
{
    Synth s;
    s.text = QByteArray("Component,Timestamp(us),Duration(us),Note") + eol;
    s.firstRecord = std::size_t(s.text.size());
    for (const SynthRow& r : rows) {
        s.starts.push_back(std::size_t(s.text.size()));
        s.text += r.key + ',' + QByteArray::number(r.timeUs) + ".000\t," + QByteArray::number(r.durUs) + ','
            + (r.quotedBreak ? QByteArray("\"two") + eol + "lines\"" : QByteArray("plain")) + eol;
    }
    return s;
}

bool rowKept(const SynthRow& r, TimeRange w, bool task)
{
    const qint64 start = r.timeUs * 1000, dur = r.durUs * 1000;
    if (task && dur > 0)
        return start < w.endNs && start + dur > w.startNs;
    return start >= w.startNs && start < w.endNs;
}

CsvTimeSeekPlan plan(const Synth& s, TimeRange window, int keyColumn, TimeNs slackNs = 0)
{
    CsvTimeSeekRequest r;
    r.firstRecord = s.firstRecord;
    r.headerCells = 4;
    r.timeColumn = 1;
    r.keyColumn = keyColumn;
    r.windowNs = window;
    r.slackNs = slackNs;
    return planCsvTimeSeek(std::string_view(s.text.constData(), std::size_t(s.text.size())), r);
}

// Rows a window keeps that the plan does not read; -1 when the ranges are
// not sorted, disjoint record starts inside the table.
int missedRows(const Synth& s, const std::vector<SynthRow>& rows, const CsvTimeSeekPlan& p, TimeRange w, bool task)
{
    std::size_t previousEnd = s.firstRecord;
    for (const CsvByteRange& r : p.ranges) {
        if (r.begin < previousEnd || r.end <= r.begin || r.end > std::size_t(s.text.size()))
            return -1;
        if (!std::binary_search(s.starts.begin(), s.starts.end(), r.begin))
            return -1;
        previousEnd = r.end;
    }
    int missed = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (!rowKept(rows[i], w, task))
            continue;
        const std::size_t at = s.starts[i];
        const bool read = std::any_of(p.ranges.begin(), p.ranges.end(),
                                      [&](const CsvByteRange& r) { return at >= r.begin && at < r.end; });
        missed += read ? 0 : 1;
    }
    return missed;
}

std::size_t rangeBytes(const CsvTimeSeekPlan& p)
{
    std::size_t n = 0;
    for (const auto& r : p.ranges)
        n += r.end - r.begin;
    return n;
}

constexpr qint64 kBaseUs = 1736408883000000;

std::vector<SynthRow> sortedRows(int count, const QByteArray& key = "PTA", qint64 stepUs = 1000)
{
    std::vector<SynthRow> rows;
    for (int i = 0; i < count; ++i)
        rows.push_back({ key, kBaseUs + i * stepUs, 0, false });
    return rows;
}

TimeRange windowUs(qint64 fromUs, qint64 toUs)
{
    return { fromUs * 1000, toUs * 1000 };
}

// Every column of two kernel tables, as text.
QStringList kernelColumns(const KernelTable& k)
{
    QStringList out;
    for (std::size_t i = 0; i < k.size(); ++i) {
        QString row = QString::number(k.startNs[i]) + u' ' + QString::number(k.durNs[i]) + u' '
            + k.strings.string(k.name[i]) + u' ' + k.strings.string(k.type[i]) + u' ' + QString::number(k.streamId[i])
            + u' ' + QString::number(k.taskId[i]) + u' ' + k.strings.string(k.inputShapes[i]);
        for (const auto& column : k.metrics())
            row += u' ' + QString::number(column[i], 'g', 17);
        out << row;
    }
    return out;
}

QStringList memoryColumns(const MemoryRecordTable& m)
{
    QStringList out;
    for (std::size_t i = 0; i < m.size(); ++i)
        out << QString::number(m.tsNs[i]) + u' ' + m.strings.string(m.component[i]) + u' '
                + QString::number(m.allocatedMB[i], 'g', 17) + u' ' + QString::number(m.reservedMB[i], 'g', 17);
    return out;
}

QString findFile(const QString& root, const QString& name)
{
    QDirIterator it(root, { name }, QDir::Files, QDirIterator::Subdirectories);
    return it.hasNext() ? it.next() : QString();
}

struct SeekOff
{
    SeekOff()
    {
        setSeekEnabled(false);
    }
    ~SeekOff()
    {
        setSeekEnabled(true);
    }
};

// The table read with the seek (the default), then with it off.
template<class Table, class Parse>
void readBothWays(Parse parse, const QString& path, const TimeRange& window, Table& seek, FileReport& seekReport,
                  Table& whole, FileReport& wholeReport)
{
    parse(path, seek, seekReport, &window);
    SeekOff off;
    parse(path, whole, wholeReport, &window);
}

} // namespace

Q_DECLARE_METATYPE(std::vector<SynthRow>)

class TestCsvSeek : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void planCoversWindowRows_data();
    void planCoversWindowRows();
    void sectionKeysGuardHiddenSections();
    void parsersMatchWholeRead_data();
    void parsersMatchWholeRead();
    void longTaskFallsBack();
    void binaryDataFallsBack();
    void smallRealTablesReadWhole();

private:
    QTemporaryDir m_dir;
    QString m_cluster;
};

void TestCsvSeek::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(seekEnabled()); // on by default
    m_cluster = m_dir.filePath(QStringLiteral("cluster"));
    GeneratorOptions options;
    options.ranks = 1;
    options.steps = 10;
    options.ops = 1200; // memory_record.csv above the 256 KiB a seek needs
    QString error;
    QVERIFY2(generateCluster(m_cluster, options, &error), qPrintable(error));
}

void TestCsvSeek::planCoversWindowRows_data()
{
    QTest::addColumn<std::vector<SynthRow>>("rows");
    QTest::addColumn<QByteArray>("eol");
    QTest::addColumn<int>("keyColumn");
    QTest::addColumn<bool>("task");
    QTest::addColumn<double>("from"); // of the rows' time span
    QTest::addColumn<double>("to");
    QTest::addColumn<bool>("seeks");  // the plan skips bytes
    constexpr int n = 40000;

    QTest::newRow("sorted, middle") << sortedRows(n) << QByteArray("\n") << 0 << false << 0.5 << 0.55 << true;
    QTest::newRow("sorted, CRLF") << sortedRows(n) << QByteArray("\r\n") << 0 << false << 0.3 << 0.31 << true;
    QTest::newRow("sorted, first rows") << sortedRows(n) << QByteArray("\n") << -1 << false << -0.1 << 0.05 << true;
    QTest::newRow("sorted, last rows") << sortedRows(n) << QByteArray("\n") << -1 << false << 0.97 << 1.1 << true;
    QTest::newRow("sorted, before all") << sortedRows(n) << QByteArray("\n") << -1 << false << -2.0 << -1.0 << true;
    QTest::newRow("sorted, after all") << sortedRows(n) << QByteArray("\n") << -1 << false << 2.0 << 3.0 << true;
    {
        // Two components alternating row by row, in time order together
        // (memory_record.csv's PTA / PTA+GE).
        auto rows = sortedRows(n);
        for (int i = 0; i < n; i += 2)
            rows[std::size_t(i)].key = "PTA+GE";
        QTest::newRow("interleaved keys") << rows << QByteArray("\n") << 0 << false << 0.6 << 0.62 << true;
    }
    {
        // Sections, each over the whole run: APP (every 10th time), then PTA.
        std::vector<SynthRow> rows;
        for (int i = 0; i < n; i += 10)
            rows.push_back({ "APP", kBaseUs + i * 1000, 0, false });
        for (const auto& r : sortedRows(n))
            rows.push_back(r);
        QTest::newRow("two sections") << rows << QByteArray("\n") << 0 << false << 0.4 << 0.45 << true;
    }
    {
        auto rows = sortedRows(n);
        QRandomGenerator random(42);
        std::shuffle(rows.begin(), rows.end(), random);
        QTest::newRow("shuffled") << rows << QByteArray("\n") << 0 << false << 0.4 << 0.45 << false;
    }
    {
        auto rows = sortedRows(n);
        std::reverse(rows.begin(), rows.end());
        QTest::newRow("descending") << rows << QByteArray("\n") << 0 << false << 0.4 << 0.45 << false;
    }
    {
        // Tasks of up to 40 ms, one starting every ms: those starting up to
        // 40 ms before the window reach into it.
        auto rows = sortedRows(n);
        for (std::size_t i = 0; i < rows.size(); ++i)
            rows[i].durUs = qint64(i % 41) * 1000;
        QTest::newRow("tasks with durations") << rows << QByteArray("\n") << -1 << true << 0.5 << 0.51 << true;
    }
    for (const int every : { 7, 997 }) {
        // A quoted cell with a line break: a probe that meets one (or lands
        // inside one) is not trusted. Every few rows: nothing is skipped.
        auto rows = sortedRows(n);
        for (std::size_t i = 3; i < rows.size(); i += std::size_t(every))
            rows[i].quotedBreak = true;
        QTest::addRow("quoted line breaks every %d rows", every)
            << rows << QByteArray("\n") << 0 << false << 0.5 << 0.52 << (every > 100);
    }
    QTest::newRow("small table") << sortedRows(2000) << QByteArray("\n") << 0 << false << 0.5 << 0.52 << false;
}

void TestCsvSeek::planCoversWindowRows()
{
    QFETCH(std::vector<SynthRow>, rows);
    QFETCH(QByteArray, eol);
    QFETCH(int, keyColumn);
    QFETCH(bool, task);
    QFETCH(double, from);
    QFETCH(double, to);
    QFETCH(bool, seeks);
    const Synth s = writeTable(rows, eol.constData());
    qint64 lo = std::numeric_limits<qint64>::max(), hi = std::numeric_limits<qint64>::min();
    for (const auto& r : rows) {
        lo = std::min(lo, r.timeUs);
        hi = std::max(hi, r.timeUs);
    }
    const TimeRange w = windowUs(lo + qint64(from * double(hi - lo)), lo + qint64(to * double(hi - lo)));
    const TimeNs slack = task ? 40'000'000 : 0; // the longest task, 40 ms
    const CsvTimeSeekPlan p = plan(s, w, keyColumn, slack);
    QCOMPARE(p.seek, seeks);
    QCOMPARE(missedRows(s, rows, p, w, task), 0);
    const std::size_t body = std::size_t(s.text.size()) - s.firstRecord;
    QCOMPARE(p.skippedBytes + rangeBytes(p), body);
    if (seeks) {
        // A window of a few % of the run: most of the table is not read,
        // with a few dozen probes.
        QVERIFY2(p.skippedBytes > body / 2, qPrintable(QString::number(p.skippedBytes)));
        QVERIFY2(p.probes < 200, qPrintable(QString::number(p.probes)));
    } else {
        QCOMPARE(p.ranges.size(), std::size_t(1));
        QCOMPARE(p.ranges.front().begin, s.firstRecord);
    }
}

void TestCsvSeek::sectionKeysGuardHiddenSections()
{
    // A short APP section over the whole run (eight samples in its first
    // 8 ms, then one a second), then a long PTA one (one a ms). The first
    // probe reads APP's first 8 ms, the next one lands in PTA a little
    // later: in time order, both before the window, so without the keys the
    // gap between them, which holds APP's sample inside the window, looks
    // skippable. Only the section key tells that it holds another section.
    std::vector<SynthRow> rows;
    constexpr int n = 40000;
    for (int ms = 0; ms < 8; ++ms)
        rows.push_back({ "APP", kBaseUs + ms * 1000, 0, false });
    for (int s = 1; s < 40; ++s)
        rows.push_back({ "APP", kBaseUs + s * 1'000'000, 0, false });
    for (const auto& r : sortedRows(n))
        rows.push_back(r);
    const Synth s = writeTable(rows);
    const TimeRange w = windowUs(kBaseUs + 30'000'000, kBaseUs + 31'000'000);
    const CsvTimeSeekPlan withKey = plan(s, w, 0);
    QVERIFY(withKey.seek);
    QCOMPARE(missedRows(s, rows, withKey, w, false), 0);
    // Without the key the APP sample of the window is missed: the guard is
    // what keeps it (the test fails as it would without the guard).
    const CsvTimeSeekPlan withoutKey = plan(s, w, -1);
    QVERIFY(withoutKey.seek);
    QCOMPARE(missedRows(s, rows, withoutKey, w, false), 1);
}

void TestCsvSeek::parsersMatchWholeRead_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("step");
    for (const char* file : { "kernel_details.csv", "memory_record.csv" })
        for (int step : { 1, 5, 10 })
            QTest::addRow("%s step %d", file, step) << QString::fromLatin1(file) << step;
}

void TestCsvSeek::parsersMatchWholeRead()
{
    QFETCH(QString, file);
    QFETCH(int, step);
    const QString path = findFile(m_cluster, file);
    QVERIFY(!path.isEmpty());
    // The window: the kernels of the step (the generator numbers them), read
    // here from the file itself.
    const QString kernels = findFile(m_cluster, QStringLiteral("kernel_details.csv"));
    QFile f(kernels);
    QVERIFY(f.open(QIODevice::ReadOnly));
    qint64 lo = std::numeric_limits<qint64>::max(), hi = std::numeric_limits<qint64>::min();
    f.readLine();
    while (!f.atEnd()) {
        const QList<QByteArray> cells = f.readLine().split(',');
        if (cells.size() < 10 || cells[0].toInt() != step)
            continue;
        const qint64 start = qint64(std::llround(cells[8].trimmed().toDouble() * 1000));
        lo = std::min(lo, start);
        hi = std::max(hi, start + qint64(std::llround(cells[9].trimmed().toDouble() * 1000)));
    }
    QVERIFY(lo < hi);
    const TimeRange window { lo, hi };

    const bool kernelFile = file.startsWith(u"kernel");
    FileReport seekReport, wholeReport;
    QStringList seekRows, wholeRows;
    if (kernelFile) {
        KernelTable a, b;
        readBothWays(parseKernelDetails, path, window, a, seekReport, b, wholeReport);
        seekRows = kernelColumns(a);
        wholeRows = kernelColumns(b);
    } else {
        MemoryRecordTable a, b;
        readBothWays(parseMemoryRecord, path, window, a, seekReport, b, wholeReport);
        seekRows = memoryColumns(a);
        wholeRows = memoryColumns(b);
    }
    QCOMPARE(wholeReport.status, FileStatus::Used);
    QVERIFY(!wholeRows.isEmpty());
    QCOMPARE(seekRows, wholeRows);
    QCOMPARE(seekReport.status, FileStatus::Used);
    QCOMPARE(seekReport.count(QStringLiteral("rows")), wholeReport.count(QStringLiteral("rows")));
    QVERIFY(seekReport.warnings.isEmpty());
    QCOMPARE(wholeReport.count(QStringLiteral("skippedBytes")), qint64(-1));
    // The kernels' slack is a second: the first steps (0.1 s each here)
    // leave nothing before them to skip, the later ones do; the rows after
    // the window are skipped in every step but the last.
    const qint64 skipped = seekReport.count(QStringLiteral("skippedBytes"));
    if (step < 10)
        QVERIFY2(skipped > QFileInfo(path).size() / 4, qPrintable(test::describeReport(seekReport)));
    // Fewer rows examined than in the whole read.
    QVERIFY(seekReport.count(rowsOutsideWindowCount()) < wholeReport.count(rowsOutsideWindowCount()) || skipped <= 0);
}

void TestCsvSeek::longTaskFallsBack()
{
    // One task a ms over 100 s, 1 ms each; the window is the 51st second.
    // A task from the 10th second lasts 45 s, into the window: it lies in
    // the bytes a seek skips. A second one, read (it starts 0.5 s before the
    // window), lasts 2 s, longer than the second of slack: the read says
    // tasks here outlast the slack, so the table is read whole and both are
    // kept.
    QByteArray text = "Name,Start Time(us),Duration(us)\n";
    for (qint64 ms = 0; ms < 100000; ++ms) {
        qint64 durUs = 1000;
        if (ms == 10000)
            durUs = 45'000'000;
        if (ms == 49500)
            durUs = 2'000'000;
        text += "Op" + QByteArray::number(ms % 13) + ',' + QByteArray::number(kBaseUs + ms * 1000) + ','
            + QByteArray::number(durUs) + '\n';
    }
    const QString path = test::writeFile(m_dir, QStringLiteral("long/kernel_details.csv"), text);
    const TimeRange window { (kBaseUs + 50'000'000) * 1000, (kBaseUs + 51'000'000) * 1000 };
    KernelTable seek, whole;
    FileReport seekReport, wholeReport;
    readBothWays(parseKernelDetails, path, window, seek, seekReport, whole, wholeReport);
    QCOMPARE(whole.size(), std::size_t(1000 + 2));
    QCOMPARE(kernelColumns(seek), kernelColumns(whole));
    QCOMPARE(seekReport.count(QStringLiteral("skippedBytes")), qint64(-1)); // read whole

    // Without the long one that is read, the seek is kept (and misses the
    // task from the 10th second: the limit csvseek.h states).
    const QByteArray longRead = QByteArray::number(kBaseUs + 49500 * 1000) + ",2000000";
    QVERIFY(text.contains(longRead));
    text.replace(longRead, QByteArray(QByteArray::number(kBaseUs + 49500 * 1000) + ",1000"));
    const QString path2 = test::writeFile(m_dir, QStringLiteral("long2/kernel_details.csv"), text);
    KernelTable seek2;
    FileReport seekReport2;
    QVERIFY(parseKernelDetails(path2, seek2, seekReport2, &window));
    QVERIFY(seekReport2.count(QStringLiteral("skippedBytes")) > text.size() / 2);
    QCOMPARE(seek2.size(), std::size_t(1000));
}

void TestCsvSeek::binaryDataFallsBack()
{
    // A NUL byte inside the rows a seek reads: the table is read whole and
    // reported as the whole read reports it.
    QByteArray text = "Component,Timestamp(us),Total Reserved(MB),Device\n";
    for (qint64 ms = 0; ms < 100000; ++ms)
        text += "PTA," + QByteArray::number(kBaseUs + ms * 1000) + ".000\t,1.0,NPU:0\n";
    const QByteArray marker = "PTA," + QByteArray::number(kBaseUs + 50500 * 1000) + ".000";
    const qsizetype at = text.indexOf(marker);
    QVERIFY(at > 0);
    text[at + 1] = '\0';
    const QString path = test::writeFile(m_dir, QStringLiteral("nul/npu_module_mem.csv"), text);
    const TimeRange window { (kBaseUs + 50'000'000) * 1000, (kBaseUs + 51'000'000) * 1000 };
    NpuModuleMemTable seek, whole;
    FileReport seekReport, wholeReport;
    readBothWays(parseNpuModuleMem, path, window, seek, seekReport, whole, wholeReport);
    QCOMPARE(wholeReport.status, FileStatus::Broken);
    QCOMPARE(seekReport.status, wholeReport.status);
    QCOMPARE(seekReport.reason, wholeReport.reason);
    QVERIFY2(seekReport.reason.contains(QStringLiteral("NUL")), qPrintable(seekReport.reason));
}

void TestCsvSeek::smallRealTablesReadWhole()
{
    // The real fixtures are small: nothing to skip, the tables read as
    // before (a seek only pays on tables of more than 256 KiB).
    const QString path = test::textRank(1, 0) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/memory_record.csv");
    MemoryRecordTable all;
    FileReport allReport;
    QVERIFY(parseMemoryRecord(path, all, allReport, nullptr));
    QVERIFY(all.size() > 100);
    const TimeRange window { all.tsNs[all.size() / 3], all.tsNs[all.size() / 2] };
    MemoryRecordTable seek, whole;
    FileReport seekReport, wholeReport;
    readBothWays(parseMemoryRecord, path, window, seek, seekReport, whole, wholeReport);
    QCOMPARE(memoryColumns(seek), memoryColumns(whole));
    QCOMPARE(seekReport.count(QStringLiteral("skippedBytes")), qint64(-1));
    QCOMPARE(seekReport.count(rowsOutsideWindowCount()), wholeReport.count(rowsOutsideWindowCount()));
}

QTEST_GUILESS_MAIN(TestCsvSeek)
#include "tst_csvseek.moc"
