// SPDX-License-Identifier: Apache-2.0
// profscope-dbload-bench: the same generated cluster in its two export forms,
// text (trace_view.json + CSV/JSON) and SQLite (ascend_mindspore_profiler_N.db
// + analysis.db), each loaded with ProfileLoader::load in one bench run. Every
// load runs in a child process so that its peak RSS (VmHWM) is its own.
// Printed per form: wall time from path to loaded profile, device task rows
// per second, input MiB/s into the model, the model's size and peak RSS.
//
// After the load, every analysis the pages and exports use runs once
// (cluster step table, advice, communication, matrix, operators, memory):
// "path -> analyses" is what a user waits for. Each form runs three times
// in fresh processes, text and DB alternating; the run with the least CPU
// time is shown (the others are noise).
//
// The ≥ 5 M task rows/s per core target is judged on the TASK table scan
// alone, in a child of its own on one thread ("scan"): the importer's
// device-task pass (loadDeviceData: TASK with its COMPUTE_TASK_INFO /
// COMMUNICATION_TASK_INFO rows, the STRING_IDS read before it not counted),
// a plain sqlite3 loop stepping every column of TASK, and the importer's
// way of reading (scanRows) over every column of TASK, then of TASK and
// COMPUTE_TASK_INFO: the floor of the pass. Rows per CPU second of the
// whole load are printed next to it for both forms. The DB form's loads and
// the scan child's passes run both with the native page reader
// (sqlitepages) and with PROFSCOPE_SQLITE_NATIVE=0 (SQLite's own scan), so
// the reader is compared with its baseline in the same run. Each pass runs
// five times per rank and the fastest counts (a rank's pass takes a few ms:
// one burst of a neighbour on the shared machine would double it).
//
//   profscope-dbload-bench [--trace-mb 256] [--ranks 8] [--steps 10] [--keep DIR]
//   profscope-dbload-bench load PATH        (child)
//   profscope-dbload-bench scan PATH        (child: the TASK scan alone)
//   profscope-dbload-bench pass PATH [N]    (the device pass alone, N times: for a profiler)
#include "benchsupport.h"
#include "analysis/advice.h"
#include "analysis/cluster.h"
#include "analysis/communication.h"
#include "analysis/memory.h"
#include "analysis/operators.h"
#include "generate/clustergenerator.h"
#include "load/profileloader.h"
#include "parse/dbcontext.h"
#include "parse/dbdevice.h"
#include "parse/sqlitedb.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>

#include <sqlite3.h>

#include <algorithm>
#include <cstdio>

#include <sys/resource.h>
#include <time.h>

using namespace profscope;
using bench::peakRssKb;
using bench::runChild;

namespace {


// Bytes of the files of one form under root (the rank folders' deliverables).
qint64 bytesMatching(const QString& root, const QStringList& patterns)
{
    qint64 total = 0;
    QDirIterator it(root, patterns, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        total += QFileInfo(it.next()).size();
    return total;
}

const QStringList kTextFiles { QStringLiteral("*.json"), QStringLiteral("*.csv") };
const QStringList kDbFiles { QStringLiteral("*.db"), QStringLiteral("*.json") };

// The ranks' profiler databases under root (MindSpore's and torch_npu's names).
QStringList profilerDatabases(const QString& root)
{
    QStringList paths;
    QDirIterator it(root, { QStringLiteral("ascend_mindspore_profiler_*.db"), QStringLiteral("ascend_pytorch_profiler_*.db") },
        QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        paths << it.next();
    return paths;
}

// TASK rows in the generated databases: what a DB load should bring in.
qint64 dbTaskRows(const QString& root)
{
    qint64 rows = 0;
    for (const QString& path : profilerDatabases(root)) {
        const QByteArray uri = "file:" + QFile::encodeName(path) + "?immutable=1";
        sqlite3* db = nullptr;
        sqlite3_stmt* stmt = nullptr;
        if (sqlite3_open_v2(uri.constData(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr) == SQLITE_OK
            && sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM TASK", -1, &stmt, nullptr) == SQLITE_OK
            && sqlite3_step(stmt) == SQLITE_ROW)
            rows += sqlite3_column_int64(stmt, 0);
        sqlite3_finalize(stmt);
        sqlite3_close(db);
    }
    return rows;
}

// Child: load PATH, count what reached the model.
int childLoad(const QString& path)
{
    QElapsedTimer timer;
    timer.start();
    const ProfilePtr profile = ProfileLoader::load({ path });
    const qint64 loadNs = timer.nsecsElapsed();
    qint64 analysisRows = qint64(clusterSteps(*profile).rows.size()) + qint64(computeAdvice(*profile).size())
        + qint64(communicationByRankAndGroup(*profile).size()) + qint64(communicationMatrix(*profile).size());
    for (const auto& rank : profile->ranks) {
        if (rank->kernels)
            analysisRows += qint64(operatorStatistics(*rank->kernels).size());
        analysisRows += qint64(memoryCurves(*rank).size());
    }
    const qint64 analysesNs = timer.nsecsElapsed();
    // CPU time of the process (all threads) up to here: on a machine shared
    // with other jobs the wall times stretch, the CPU seconds much less.
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    const double cpuSeconds = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    qint64 taskRows = 0, slices = 0, kernelRows = 0, modelBytes = 0, usedFiles = 0, dbRowsRead = 0;
    for (const auto& rank : profile->ranks) {
        for (const ProcessTrack& p : rank->trace.processes)
            for (const ThreadTrack& t : p.threads) {
                slices += qint64(t.slices.size());
                if (p.name == QLatin1String("Ascend Hardware"))
                    taskRows += qint64(t.slices.size());
            }
        if (rank->kernels)
            kernelRows += qint64(rank->kernels->size());
        modelBytes += qint64(rank->trace.memoryBytes());
    }
    for (const FileReport& f : profile->report.files) {
        if (f.status == FileStatus::Used)
            ++usedFiles;
        if (f.path.endsWith(QLatin1String(".db")))
            for (const auto& [table, n] : f.counts)
                if (table == table.toUpper() || table.startsWith(QLatin1String("Comm")) || table == QLatin1String("StepTraceTime"))
                    dbRowsRead += n; // table row counts (not the derived "kernel rows", ...)
    }
    const QJsonObject result { { QStringLiteral("ranks"), double(profile->ranks.size()) },
        { QStringLiteral("loadNs"), double(loadNs) }, { QStringLiteral("analysesNs"), double(analysesNs) },
        { QStringLiteral("analysisRows"), double(analysisRows) }, { QStringLiteral("cpuSeconds"), cpuSeconds }, { QStringLiteral("dbRowsRead"), double(dbRowsRead) },
        { QStringLiteral("taskRows"), double(taskRows) },
        { QStringLiteral("slices"), double(slices) }, { QStringLiteral("kernelRows"), double(kernelRows) },
        { QStringLiteral("modelBytes"), double(modelBytes) }, { QStringLiteral("usedFiles"), double(usedFiles) },
        { QStringLiteral("peakRssKb"), double(peakRssKb()) } };
    std::printf("%s\n", QJsonDocument(result).toJson(QJsonDocument::Compact).constData());
    return 0;
}

double threadCpuSeconds()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

// Child: the TASK scan of every rank database under PATH on this thread,
// each pass both ways: the native page reader (sqlitepages) and, with
// PROFSCOPE_SQLITE_NATIVE=0, SQLite's own scan, in the same run.
int childScan(const QString& root)
{
    qint64 taskRows = 0, plainRows = 0, scanTaskRows = 0;
    double importerCpu[2] = {}, plainCpu = 0, scanTaskCpu[2] = {}, scanBothCpu[2] = {};
    qint64 checksum = 0; // printed, so that the plain loop's reads stay
    const auto setNative = [](int way) {
        if (way == 0)
            qunsetenv("PROFSCOPE_SQLITE_NATIVE");
        else
            qputenv("PROFSCOPE_SQLITE_NATIVE", "0");
    };
    for (const QString& path : profilerDatabases(root)) {
        SqliteDb db;
        if (!db.open(path, nullptr))
            continue;
        // way 0: native, way 1: SQLite (alternating which goes first per
        // file), each kPasses times: the fastest pass of each counts (one
        // pass of a rank is ~5 ms, where a neighbour's burst on the shared
        // machine shows).
        constexpr int kPasses = 5;
        double fastest[2] = { 1e9, 1e9 };
        for (int k = 0; k < 2 * kPasses; ++k) {
            const int way = (k + int(taskRows & 1)) % 2;
            setNative(way);
            FileReport report;
            DbContext ctx(db, report); // STRING_IDS: read here, not timed
            DbDeviceData device;
            const double t0 = threadCpuSeconds();
            loadDeviceData(ctx, device);
            fastest[way] = std::min(fastest[way], threadCpuSeconds() - t0);
            if (k == 2 * kPasses - 1)
                taskRows += std::max<qint64>(0, report.count(QStringLiteral("TASK")));
        }
        importerCpu[0] += fastest[0];
        importerCpu[1] += fastest[1];
        // The floor: every column of every TASK row, nothing kept.
        double t0 = threadCpuSeconds();
        SqlQuery q(db, "SELECT * FROM TASK");
        sqlite3_stmt* st = q.statement();
        qint64 sum = 0;
        while (q.next())
            for (int c = 0, n = sqlite3_column_count(st); c < n; ++c)
                sum += sqlite3_column_int64(st, c);
        plainCpu += threadCpuSeconds() - t0;
        plainRows += q.rowsRead();
        checksum += sum;
        // The importer's way (scanIntegerRows: the device tables' columns
        // are integers), every column, nothing kept: TASK alone, and TASK
        // with COMPUTE_TASK_INFO, which the device pass must read as well.
        auto everyColumn = [&db](const QString& table) {
            QByteArray list;
            for (const QString& c : db.columns(table))
                list += (list.isEmpty() ? "" : ", ") + quoteIdentifier(c);
            return list;
        };
        auto scanAll = [&](const QString& table) {
            const QByteArray columns = everyColumn(table);
            const std::vector<qint64> fallbacks(std::size_t(columns.count(',') + 1), 0);
            const auto sumAll = [&sum, n = fallbacks.size()](const qint64* v) {
                for (std::size_t c = 0; c < n; ++c)
                    sum += v[c];
            };
            return scanIntegerRows(db, columns, "FROM " + quoteIdentifier(table), fallbacks, sumAll, nullptr);
        };
        double fastestTask[2] = { 1e9, 1e9 }, fastestBoth[2] = { 1e9, 1e9 };
        for (int k = 0; k < 2 * kPasses; ++k) {
            const int way = k % 2;
            setNative(way);
            t0 = threadCpuSeconds();
            const qint64 n = scanAll(QStringLiteral("TASK"));
            if (k == 0)
                scanTaskRows += n;
            fastestTask[way] = std::min(fastestTask[way], threadCpuSeconds() - t0);
            if (db.hasTable(QStringLiteral("COMPUTE_TASK_INFO")))
                scanAll(QStringLiteral("COMPUTE_TASK_INFO"));
            fastestBoth[way] = std::min(fastestBoth[way], threadCpuSeconds() - t0);
        }
        for (int way = 0; way < 2; ++way) {
            scanTaskCpu[way] += fastestTask[way];
            scanBothCpu[way] += fastestBoth[way];
        }
        setNative(0);
        checksum += sum;
    }
    const QJsonObject result { { QStringLiteral("taskRows"), double(taskRows) }, { QStringLiteral("importerCpu"), importerCpu[0] },
        { QStringLiteral("importerCpuSqlite"), importerCpu[1] },
        { QStringLiteral("plainRows"), double(plainRows) }, { QStringLiteral("plainCpu"), plainCpu },
        { QStringLiteral("scanTaskRows"), double(scanTaskRows) }, { QStringLiteral("scanTaskCpu"), scanTaskCpu[0] },
        { QStringLiteral("scanTaskCpuSqlite"), scanTaskCpu[1] },
        { QStringLiteral("scanBothCpu"), scanBothCpu[0] }, { QStringLiteral("scanBothCpuSqlite"), scanBothCpu[1] },
        { QStringLiteral("checksum"), double(checksum) } };
    std::printf("%s\n", QJsonDocument(result).toJson(QJsonDocument::Compact).constData());
    return 0;
}

// The importer's device pass alone, natively, `repeat` times over every rank
// (for a profiler: perf record ... pass PATH 20): CPU per pass and rows/s.
int childPass(const QString& root, int repeat)
{
    const QStringList paths = profilerDatabases(root);
    double bestCpu = 0;
    qint64 rows = 0;
    for (int k = 0; k < repeat; ++k) {
        double cpu = 0;
        rows = 0;
        for (const QString& path : paths) {
            SqliteDb db;
            if (!db.open(path, nullptr))
                continue;
            FileReport report;
            DbContext ctx(db, report);
            DbDeviceData device;
            const double t0 = threadCpuSeconds();
            loadDeviceData(ctx, device);
            cpu += threadCpuSeconds() - t0;
            rows += std::max<qint64>(0, report.count(QStringLiteral("TASK")));
        }
        if (k == 0 || cpu < bestCpu)
            bestCpu = cpu;
    }
    std::printf("device pass: %lld TASK rows, fastest of %d: %.1f ms CPU, %.2f M rows/s per core\n", (long long)rows,
        repeat, bestCpu * 1e3, bestCpu > 0 ? double(rows) / bestCpu / 1e6 : 0.0);
    return 0;
}

bool generate(const QString& dir, int ranks, int steps, int ops, GeneratorOptions::Format format, QTextStream& out)
{
    if (QFileInfo::exists(dir + QStringLiteral("/.complete")))
        return true;
    GeneratorOptions options;
    options.ranks = ranks;
    options.steps = steps;
    options.ops = ops;
    options.seed = 7;
    options.force = true;
    options.format = format;
    QElapsedTimer timer;
    timer.start();
    QString error;
    if (!generateCluster(dir, options, &error)) {
        out << "generate failed: " << error << Qt::endl;
        return false;
    }
    QFile(dir + QStringLiteral("/.complete")).open(QIODevice::WriteOnly);
    out << "  generated " << QDir(dir).dirName() << ": " << ranks << " ranks x " << steps << " steps x " << ops
        << " ops in " << QString::number(timer.elapsed() / 1000.0, 'f', 1) << " s" << Qt::endl;
    return true;
}

void show(QTextStream& out, const QString& label, const QJsonObject& r, double inputMb, const QString& inFiles)
{
    const double seconds = r[QStringLiteral("loadNs")].toDouble() / 1e9;
    const qint64 rows = qint64(r[QStringLiteral("taskRows")].toDouble());
    const qint64 slices = qint64(r[QStringLiteral("slices")].toDouble());
    out << label << "\n"
        << "  input           " << QString::number(inputMb, 'f', 1) << " MiB, " << inFiles << "\n"
        << "  path -> profile " << QString::number(seconds, 'f', 2) << " s  ("
        << qint64(r[QStringLiteral("ranks")].toDouble()) << " ranks, "
        << qint64(r[QStringLiteral("usedFiles")].toDouble()) << " files used)\n"
        << "  path -> all analyses " << QString::number(r[QStringLiteral("analysesNs")].toDouble() / 1e9, 'f', 2)
        << " s (cluster steps, advice, communication, matrix, operators, memory), "
        << QString::number(r[QStringLiteral("cpuSeconds")].toDouble(), 'f', 2) << " s of CPU\n";
    if (const double read = r[QStringLiteral("dbRowsRead")].toDouble(); read > 0)
        out << "  table rows      " << qint64(read) << " read, "
            << QString::number(seconds > 0 ? read / seconds / 1e6 : 0, 'f', 2) << " M rows/s ("
            << QString::number(seconds > 0 ? read / seconds / 1e6 / QThread::idealThreadCount() : 0, 'f', 2)
            << " M rows/s per core)\n";
    if (slices == 0) {
        // Figures per row would be meaningless: say what happened instead.
        out << "  task rows       0 loaded: nothing reached the model (no reader for this form yet)\n";
    } else {
        out << "  task rows       " << rows << " loaded, "
            << QString::number(seconds > 0 ? double(rows) / seconds : 0, 'f', 0) << " rows/s\n"
            << "  throughput      " << QString::number(seconds > 0 ? inputMb / seconds : 0, 'f', 0)
            << " MiB/s of input into the model; " << slices << " slices, "
            << qint64(r[QStringLiteral("kernelRows")].toDouble()) << " kernel rows, model "
            << QString::number(r[QStringLiteral("modelBytes")].toDouble() / double(1 << 20), 'f', 1) << " MiB\n";
    }
    out << "  peak RSS        " << QString::number(r[QStringLiteral("peakRssKb")].toDouble() / 1024.0, 'f', 1) << " MiB"
        << Qt::endl;
}

} // namespace

int main(int argc, char** argv)
{
    profscope::bench::startLikeTheApplication(argv);
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() >= 3 && args[1] == QLatin1String("load"))
        return childLoad(args[2]);
    if (args.size() >= 3 && args[1] == QLatin1String("scan"))
        return childScan(args[2]);
    if (args.size() >= 3 && args[1] == QLatin1String("pass"))
        return childPass(args[2], args.size() >= 4 ? std::max(1, args[3].toInt()) : 10);

    qint64 traceMb = 256;
    int ranks = 8;
    int steps = 10;
    QString keep;
    for (int i = 1; i + 1 < args.size(); ++i) {
        if (args[i] == QLatin1String("--trace-mb"))
            traceMb = args[++i].toLongLong();
        else if (args[i] == QLatin1String("--ranks"))
            ranks = args[++i].toInt();
        else if (args[i] == QLatin1String("--steps"))
            steps = args[++i].toInt();
        else if (args[i] == QLatin1String("--keep"))
            keep = args[++i];
    }
    QTextStream out(stdout);
    QTemporaryDir tmp;
    const QString root = keep.isEmpty() ? tmp.path() : keep;

    // Calibrate: trace_view.json bytes per (step x op) of one rank.
    const QString probe = root + QStringLiteral("/probe");
    constexpr int kProbeSteps = 2, kProbeOps = 200;
    if (!generate(probe, 1, kProbeSteps, kProbeOps, GeneratorOptions::Format::Text, out))
        return 1;
    const double bytesPerOp =
        double(bytesMatching(probe, { QStringLiteral("trace_view.json") })) / (kProbeSteps * kProbeOps);
    const int ops = std::max(20, int(double(traceMb) * 1024 * 1024 / (bytesPerOp * ranks * steps)));

    out << "one cluster, two export forms: " << ranks << " ranks, ~" << traceMb << " MiB of trace_view.json"
        << Qt::endl;
    const QString text = root + QStringLiteral("/text");
    const QString db = root + QStringLiteral("/db");
    if (!generate(text, ranks, steps, ops, GeneratorOptions::Format::Text, out)
        || !generate(db, ranks, steps, ops, GeneratorOptions::Format::Db, out))
        return 1;

    const double textMb = double(bytesMatching(text, kTextFiles)) / double(1 << 20);
    const double dbMb = double(bytesMatching(db, kDbFiles)) / double(1 << 20);
    // What a DB load should bring in, read off the files directly.
    const qint64 dbRows = dbTaskRows(db);
    // Warm the page cache, then measure; loads use every core
    // (QThread::idealThreadCount() = threads).
    runChild({ QStringLiteral("load"), text });
    runChild({ QStringLiteral("load"), db });
    // Text and DB loads alternate (three each, fastest kept): a neighbour's
    // burst on the shared machine then hits both forms alike.
    // The DB form also through SQLite's own scan (PROFSCOPE_SQLITE_NATIVE=0,
    // inherited by the child): the native page reader's baseline, same run.
    QJsonObject textResult, dbResult, dbSqliteResult;
    auto keepFaster = [](QJsonObject& best, const QJsonObject& r) {
        if (best.isEmpty() || r[QStringLiteral("cpuSeconds")].toDouble() < best[QStringLiteral("cpuSeconds")].toDouble())
            best = r;
    };
    for (int i = 0; i < 3; ++i) {
        keepFaster(textResult, runChild({ QStringLiteral("load"), text }));
        keepFaster(dbResult, runChild({ QStringLiteral("load"), db }));
        qputenv("PROFSCOPE_SQLITE_NATIVE", "0");
        keepFaster(dbSqliteResult, runChild({ QStringLiteral("load"), db }));
        qunsetenv("PROFSCOPE_SQLITE_NATIVE");
    }
    QJsonObject scan;
    for (int i = 0; i < 3; ++i) {
        const QJsonObject r = runChild({ QStringLiteral("scan"), db });
        if (scan.isEmpty() || r[QStringLiteral("importerCpu")].toDouble() < scan[QStringLiteral("importerCpu")].toDouble())
            scan = r;
    }
    out << "\nProfileLoader::load, " << QThread::idealThreadCount() << " threads, warm page cache:\n" << Qt::endl;
    show(out, QStringLiteral("text form (trace_view.json + CSV/JSON)"), textResult, textMb,
        QStringLiteral("Ascend Hardware slices as loaded"));
    out << Qt::endl;
    show(out, QStringLiteral("DB form (ascend_mindspore_profiler_N.db + analysis.db)"), dbResult, dbMb,
        QStringLiteral("%1 TASK rows in the files (with the plane and container rows text does not show)").arg(dbRows));
    const auto ratio = [&](const char* key) {
        const double d = dbResult[QLatin1String(key)].toDouble();
        return d > 0 ? textResult[QLatin1String(key)].toDouble() / d : 0.0;
    };
    // Side by side, from the same run.
    const auto cell = [](double v, int decimals) { return QString::number(v, 'f', decimals).rightJustified(10); };
    const auto row = [&](const char* label, double t, double d, int decimals, const QString& note) {
        out << "  " << QString::fromLatin1(label).leftJustified(34) << cell(t, decimals) << cell(d, decimals)
            << QString::number(d > 0 ? t / d : 0, 'f', 2).rightJustified(9) << "x  " << note << "\n";
    };
    const auto perCore = [](const QJsonObject& r) {
        const double cpu = r[QStringLiteral("cpuSeconds")].toDouble();
        return cpu > 0 ? r[QStringLiteral("taskRows")].toDouble() / cpu / 1e6 : 0.0;
    };
    out << "\nside by side (fastest of three alternating runs each):\n"
        << "  " << QString().leftJustified(34) << QStringLiteral("text").rightJustified(10)
        << QStringLiteral("DB").rightJustified(10) << QStringLiteral("text/DB").rightJustified(10) << "\n";
    row("CPU s, path -> all analyses", textResult[QStringLiteral("cpuSeconds")].toDouble(),
        dbResult[QStringLiteral("cpuSeconds")].toDouble(), 3, QStringLiteral("target: >= 3x"));
    row("wall s, path -> all analyses", textResult[QStringLiteral("analysesNs")].toDouble() / 1e9,
        dbResult[QStringLiteral("analysesNs")].toDouble() / 1e9, 3, QStringLiteral("shared machine: noisy"));
    row("peak RSS MiB", textResult[QStringLiteral("peakRssKb")].toDouble() / 1024.0,
        dbResult[QStringLiteral("peakRssKb")].toDouble() / 1024.0, 1, QStringLiteral("target: DB below text"));
    row("CPU s, DB via SQLite's own scan", textResult[QStringLiteral("cpuSeconds")].toDouble(),
        dbSqliteResult[QStringLiteral("cpuSeconds")].toDouble(), 3, QStringLiteral("PROFSCOPE_SQLITE_NATIVE=0: the baseline"));
    row("peak RSS MiB, DB via SQLite", textResult[QStringLiteral("peakRssKb")].toDouble() / 1024.0,
        dbSqliteResult[QStringLiteral("peakRssKb")].toDouble() / 1024.0, 1, QStringLiteral("PROFSCOPE_SQLITE_NATIVE=0"));
    row("M task rows/s per core, whole load", perCore(textResult), perCore(dbResult), 3,
        QStringLiteral("device task slices / CPU s to all analyses"));
    const double scanRows = scan[QStringLiteral("taskRows")].toDouble();
    const double scanCpu = scan[QStringLiteral("importerCpu")].toDouble();
    const double scanCpuSqlite = scan[QStringLiteral("importerCpuSqlite")].toDouble();
    const double plainRows = scan[QStringLiteral("plainRows")].toDouble();
    const double plainCpu = scan[QStringLiteral("plainCpu")].toDouble();
    out << "\nTASK scan alone (one thread, CPU time, fastest of 5 per rank; target >= 5 M task rows/s per core):\n"
        << "  importer's device-task pass  " << qint64(scanRows) << " TASK rows in "
        << QString::number(scanCpu * 1000, 'f', 1) << " ms: "
        << QString::number(scanCpu > 0 ? scanRows / scanCpu / 1e6 : 0, 'f', 2)
        << " M rows/s per core (TASK + COMPUTE_TASK_INFO + COMMUNICATION_TASK_INFO + COMMUNICATION_OP)\n"
        << "  ... through SQLite's scan    " << qint64(scanRows) << " TASK rows in "
        << QString::number(scanCpuSqlite * 1000, 'f', 1) << " ms: "
        << QString::number(scanCpuSqlite > 0 ? scanRows / scanCpuSqlite / 1e6 : 0, 'f', 2)
        << " M rows/s per core (PROFSCOPE_SQLITE_NATIVE=0, same run)\n"
        << "  plain sqlite3 loop over TASK " << qint64(plainRows) << " rows in " << QString::number(plainCpu * 1000, 'f', 1)
        << " ms: " << QString::number(plainCpu > 0 ? plainRows / plainCpu / 1e6 : 0, 'f', 2)
        << " M rows/s per core (every column stepped, nothing kept)\n";
    const double scanTaskRows = scan[QStringLiteral("scanTaskRows")].toDouble();
    const double scanTaskCpu = scan[QStringLiteral("scanTaskCpu")].toDouble();
    const double scanBothCpu = scan[QStringLiteral("scanBothCpu")].toDouble();
    const double scanTaskCpuSqlite = scan[QStringLiteral("scanTaskCpuSqlite")].toDouble();
    const double scanBothCpuSqlite = scan[QStringLiteral("scanBothCpuSqlite")].toDouble();
    const auto rate = [](double rows, double cpu) { return QString::number(cpu > 0 ? rows / cpu / 1e6 : 0, 'f', 2); };
    out << "  integer rows over TASK       " << qint64(scanTaskRows) << " rows in " << QString::number(scanTaskCpu * 1000, 'f', 1)
        << " ms: " << QString::number(scanTaskCpu > 0 ? scanTaskRows / scanTaskCpu / 1e6 : 0, 'f', 2)
        << " M rows/s per core (the importer's way of reading, every column, nothing kept)\n"
        << "  ... with COMPUTE_TASK_INFO   " << qint64(scanTaskRows) << " TASK rows in " << QString::number(scanBothCpu * 1000, 'f', 1)
        << " ms: " << QString::number(scanBothCpu > 0 ? scanTaskRows / scanBothCpu / 1e6 : 0, 'f', 2)
        << " M rows/s per core (both tables the pass needs, nothing kept: its floor)\n"
        << "  the same through SQLite      TASK " << rate(scanTaskRows, scanTaskCpuSqlite) << ", with COMPUTE_TASK_INFO "
        << rate(scanTaskRows, scanBothCpuSqlite) << " M rows/s per core (PROFSCOPE_SQLITE_NATIVE=0)\n";
    out << "\nDB vs text: path -> profile " << QString::number(ratio("loadNs"), 'f', 2) << "x, path -> all analyses "
        << QString::number(ratio("analysesNs"), 'f', 2) << "x faster (CPU time "
        << QString::number(ratio("cpuSeconds"), 'f', 2) << "x less); peak RSS "
        << QString::number(ratio("peakRssKb"), 'f', 2) << "x lower" << Qt::endl;
    return 0;
}
