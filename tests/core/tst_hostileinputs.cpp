// SPDX-License-Identifier: Apache-2.0
// Issue 17 item 3: no input may crash or hang any program. Small valid
// profiles (written by `profscope-cli generate`, and a few real fixture
// folders copied into a temporary folder) are damaged in deterministic ways
// (hostilemutations.h) and every damaged profile is run through every program
// as a user runs it: inspect, export of every kind (csv and json), compare,
// report and the GUI's --export-views. Each run must end normally (a signal,
// a sanitizer report or an uncaught exception fails), within a time limit,
// without writing into the data folder, and a file the loader rejects must be
// named in what the user reads.
#include "hostilemutations.h"
#include "testsupport.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <QThread>

#include <atomic>
#include <thread>

#include <unistd.h>

using namespace profscope;
using namespace profscope::test;

namespace {

// The sanitizer build runs every program several times slower: fewer runs
// there (each export kind still runs on every base, in turn over the mutations).
constexpr bool kSanitized = test::kSanitizedBuild;
constexpr int kRunLimitMs = kSanitized ? 120000 : 60000;

QStringList exportKinds()
{
    // app/cli/commands.cpp exportKindList(); tst_clidocs keeps README, man
    // page and that list equal, and `export --help` below keeps this one honest.
    return { QStringLiteral("overview"), QStringLiteral("overview-check"), QStringLiteral("steps"),
        QStringLiteral("operators"), QStringLiteral("compare"), QStringLiteral("comm"), QStringLiteral("matrix"),
        QStringLiteral("memory"), QStringLiteral("advice"), QStringLiteral("clock"), QStringLiteral("range"),
        QStringLiteral("data-pipeline"), QStringLiteral("cpu"), QStringLiteral("flops"),
        QStringLiteral("cluster-memory"), QStringLiteral("api"), QStringLiteral("step-trace"),
        QStringLiteral("trajectory"), QStringLiteral("strategy"), QStringLiteral("trace") };
}

struct Program
{
    QString name;      // row name part, e.g. "export advice json"
    bool gui = false;  // the profscope binary instead of profscope-cli
    QStringList args;  // %P: the damaged profile, %B: its intact base, %O: an output folder
};

// Every program path a user has, for one damaged profile. Each export kind
// runs on every damaged profile, in CSV on one and JSON on the next (the
// formats share the analysis; both are written from the same table). The GUI
// (a second or more per run) renders each damage on one of the six bases, in
// turn, and every odd profile path. The sanitizer build (several times
// slower, and beside other tests) runs every tenth kind in turn, and the GUI
// on a few of the damages.
QList<Program> programs(const hostile::Damaged& d)
{
    const int turn = d.baseIndex * 7 + d.mutationIndex;
    QList<Program> list;
    // In the sanitizer build, the programs below that read the profile like
    // another one does run on every other profile, in turn.
    const bool all = !kSanitized || turn % 2 == 0;
    if (all)
        list << Program { QStringLiteral("inspect"), false, { QStringLiteral("inspect"), QStringLiteral("%P") } };
    list << Program { QStringLiteral("inspect json"), false,
        { QStringLiteral("inspect"), QStringLiteral("%P"), QStringLiteral("--json") } };
    const QStringList kinds = exportKinds();
    const QString format = turn % 2 == 0 ? QStringLiteral("csv") : QStringLiteral("json");
    for (int k = 0; k < kinds.size(); ++k) {
        if (kSanitized && (k + turn) % 10 != 0)
            continue;
        QStringList args { QStringLiteral("export"), QStringLiteral("%P"), QStringLiteral("--what"), kinds[k],
            QStringLiteral("--format"), format };
        if (kinds[k] == QLatin1String("range"))
            args << QStringLiteral("--start-ns") << QStringLiteral("-9223372036854775807") << QStringLiteral("--end-ns")
                 << QStringLiteral("9223372036854775807");
        if (kinds[k] == QLatin1String("trace"))
            args << QStringLiteral("--with-args") << QStringLiteral("-o") << QStringLiteral("%O/trace.json");
        list << Program { QStringLiteral("export %1 %2").arg(kinds[k], format), false, args };
    }
    list << Program { QStringLiteral("compare with base"), false,
        { QStringLiteral("compare"), QStringLiteral("%B"), QStringLiteral("%P"), QStringLiteral("--by"),
            QStringLiteral("op"), QStringLiteral("--format"), format } };
    if (all)
        list << Program { QStringLiteral("compare with itself"), false,
            { QStringLiteral("compare"), QStringLiteral("%P"), QStringLiteral("%P") } };
    list << Program { QStringLiteral("report html"), false,
        { QStringLiteral("report"), QStringLiteral("%P"), QStringLiteral("-o"), QStringLiteral("%O/report.html") } };
    if (all)
        list << Program { QStringLiteral("report compare md"), false,
            { QStringLiteral("report"), QStringLiteral("%B"), QStringLiteral("--compare"), QStringLiteral("%P"),
                QStringLiteral("-o"), QStringLiteral("%O/report.md") } };
    if (d.baseIndex < 0 || (d.mutationIndex + d.baseIndex) % (kSanitized ? 27 : 6) == 0)
        list << Program { QStringLiteral("gui export-views"), true,
            { QStringLiteral("%P"), QStringLiteral("--export-views"), QStringLiteral("%O/views") } };
    return list;
}

struct Outcome
{
    bool ran = false;
    bool finished = false;
    bool crashed = false;
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    qint64 elapsedMs = 0;
    QString command;
};

struct Job
{
    int damaged = 0;
    Program program;
    Outcome outcome;
};

} // namespace

class TestHostileInputs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void exportKindsMatchTheCli();
    void everyProgram_data();
    void everyProgram();
    void dataFolderUnchanged_data();
    void dataFolderUnchanged();
    void rejectionsNameTheFile_data();
    void rejectionsNameTheFile();
    void hostileArguments_data();
    void hostileArguments();

private:
    Outcome run(bool gui, const QStringList& args, const QString& profile, const QString& base, const QString& outDir);
    void runAll();
    QString base(const QString& name) const
    {
        return m_root.filePath(QStringLiteral("base/") + name);
    }
    bool skipped(const hostile::Damaged& d) const
    {
        return d.needsNonRoot && ::geteuid() == 0;
    }

    QTemporaryDir m_root;
    QTemporaryDir m_home; // the GUI's settings and caches, never the user's
    std::vector<hostile::Damaged> m_damaged;
    std::vector<QStringList> m_before; // per damaged profile, before any program ran
    std::vector<QStringList> m_after;
    std::vector<Job> m_jobs;
    QStringList m_bases;
    qint64 m_batchMs = 0;
};

Outcome TestHostileInputs::run(
    bool gui, const QStringList& args, const QString& profile, const QString& base, const QString& outDir)
{
    QDir().mkpath(outDir);
    QStringList expanded;
    for (QString a : args)
        expanded << a.replace(QLatin1String("%P"), profile).replace(QLatin1String("%B"), base)
                        .replace(QLatin1String("%O"), outDir);
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("HOME"), m_home.path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_CACHE_HOME"), m_home.filePath(QStringLiteral("cache")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_home.filePath(QStringLiteral("runtime")));
    env.insert(QStringLiteral("ASAN_OPTIONS"), QStringLiteral("detect_leaks=0"));
    env.insert(QStringLiteral("UBSAN_OPTIONS"), QStringLiteral("print_stacktrace=1"));
    p.setProcessEnvironment(env);
    p.setStandardInputFile(QProcess::nullDevice());
    // PROFSCOPE_HOSTILE_CLI / _GUI: other builds of the programs (say the
    // sanitizer build's CLI, run by this test built without it).
    const QString cli = qEnvironmentVariable("PROFSCOPE_HOSTILE_CLI", QStringLiteral(PROFSCOPE_CLI));
    const QString program = gui ? qEnvironmentVariable("PROFSCOPE_HOSTILE_GUI", QStringLiteral(PROFSCOPE_GUI)) : cli;
    Outcome o;
    o.ran = true;
    o.command = QFileInfo(program).fileName() + QLatin1Char(' ') + expanded.join(QLatin1Char(' '));
    QElapsedTimer timer;
    timer.start();
    p.start(program, expanded);
    o.finished = p.waitForFinished(kRunLimitMs);
    if (!o.finished) {
        p.kill();
        p.waitForFinished();
    }
    o.elapsedMs = timer.elapsed();
    o.crashed = p.exitStatus() != QProcess::NormalExit;
    o.exitCode = p.exitCode();
    o.out = p.readAllStandardOutput();
    o.err = p.readAllStandardError();
    QDir(outDir).removeRecursively();
    return o;
}

// Every program on every damaged profile, a few at a time (each program is a
// process of its own: the machine's cores are used, each row asserts its run).
void TestHostileInputs::runAll()
{
    for (int d = 0; d < int(m_damaged.size()); ++d) {
        if (skipped(m_damaged[std::size_t(d)]))
            continue;
        for (const Program& p : programs(m_damaged[std::size_t(d)]))
            m_jobs.push_back({ d, p, {} });
    }
    m_before.resize(m_damaged.size());
    m_after.resize(m_damaged.size());
    for (std::size_t d = 0; d < m_damaged.size(); ++d)
        m_before[d] = folderSnapshot(m_damaged[d].path);
    const int workers = qBound(1, qEnvironmentVariableIntValue("PROFSCOPE_HOSTILE_JOBS") > 0
                                     ? qEnvironmentVariableIntValue("PROFSCOPE_HOSTILE_JOBS")
                                     : QThread::idealThreadCount(), 8);
    std::atomic<std::size_t> next { 0 };
    QElapsedTimer timer;
    timer.start();
    std::vector<std::thread> threads;
    for (int w = 0; w < workers; ++w)
        threads.emplace_back([&] {
            for (std::size_t j = next++; j < m_jobs.size(); j = next++) {
                Job& job = m_jobs[j];
                const hostile::Damaged& d = m_damaged[std::size_t(job.damaged)];
                job.outcome = run(job.program.gui, job.program.args, d.path, base(d.base),
                                  m_root.filePath(QStringLiteral("out/%1").arg(j)));
            }
        });
    for (std::thread& t : threads)
        t.join();
    m_batchMs = timer.elapsed();
    for (std::size_t d = 0; d < m_damaged.size(); ++d)
        m_after[d] = folderSnapshot(m_damaged[d].path);
}

void TestHostileInputs::initTestCase()
{
    QVERIFY(m_root.isValid());
    QVERIFY(m_home.isValid());
    // PROFSCOPE_HOSTILE_KEEP=1: the damaged profiles stay, to rerun a failing row by hand.
    m_root.setAutoRemove(!qEnvironmentVariableIsSet("PROFSCOPE_HOSTILE_KEEP"));
    if (!m_root.autoRemove())
        qInfo("hostile inputs: keeping %s", qPrintable(m_root.path()));
    QDir().mkpath(m_home.filePath(QStringLiteral("runtime")));
    QFile::setPermissions(m_home.filePath(QStringLiteral("runtime")), QFileDevice::ReadOwner | QFileDevice::WriteOwner
                              | QFileDevice::ExeOwner);
    QElapsedTimer timer;
    timer.start();
    // Bases written by the project's generator: text and database exports,
    // data parallel and a pipeline cluster.
    const QList<QPair<QString, QStringList>> generated {
        { QStringLiteral("gen-text"), { QStringLiteral("--ranks"), QStringLiteral("2"), QStringLiteral("--steps"),
                                           QStringLiteral("2"), QStringLiteral("--ops"), QStringLiteral("4") } },
        { QStringLiteral("gen-db"), { QStringLiteral("--ranks"), QStringLiteral("2"), QStringLiteral("--steps"),
                                         QStringLiteral("2"), QStringLiteral("--ops"), QStringLiteral("4"),
                                         QStringLiteral("--format"), QStringLiteral("db") } },
        { QStringLiteral("gen-pp"), { QStringLiteral("--ranks"), QStringLiteral("4"), QStringLiteral("--pp"),
                                         QStringLiteral("2"), QStringLiteral("--steps"), QStringLiteral("1"),
                                         QStringLiteral("--ops"), QStringLiteral("3"), QStringLiteral("--style"),
                                         QStringLiteral("pt"), QStringLiteral("--format"), QStringLiteral("both") } },
    };
    for (const auto& [name, options] : generated) {
        const CliRun r = runProgram(QStringLiteral(PROFSCOPE_CLI),
            QStringList { QStringLiteral("generate"), base(name) } + options);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        m_bases << name;
    }
    // Real captures, copied into the temporary folder: a torch_npu text rank
    // without a trace, a torch_npu database rank and the top-level files of an
    // old MindInsight profiler folder.
    QVERIFY(copyTree(serverRank(0), base(QStringLiteral("real-server/test_rank_0"))));
    QVERIFY(copyTree(dbRank(0, 0), base(QStringLiteral("real-db/rank0_ascend_pt"))));
    {
        const QString target = base(QStringLiteral("real-legacy/profiler"));
        QDir().mkpath(target);
        const QDir from(mindinsight(QStringLiteral("profiler")));
        for (const QFileInfo& f : from.entryInfoList(QDir::Files))
            QVERIFY(QFile::copy(f.filePath(), QDir(target).filePath(f.fileName())));
    }
    m_bases << QStringLiteral("real-server") << QStringLiteral("real-db") << QStringLiteral("real-legacy");
    for (const QString& b : std::as_const(m_bases))
        hostile::makeWritable(base(b));

    m_damaged = hostile::makeDamagedProfiles(m_root.filePath(QStringLiteral("damaged")), m_bases,
        [this](const QString& name) { return base(name); });
    // PROFSCOPE_HOSTILE_ONLY=REGEX: only the damaged profiles whose name matches.
    if (const QString only = qEnvironmentVariable("PROFSCOPE_HOSTILE_ONLY"); !only.isEmpty()) {
        const QRegularExpression re(only);
        std::erase_if(m_damaged, [&](const hostile::Damaged& d) { return !re.match(d.name).hasMatch(); });
    }
    QVERIFY(!m_damaged.empty());
    const qint64 madeMs = timer.elapsed();
    runAll();
    qint64 totalMs = 0;
    const Job* slowest = nullptr;
    int gui = 0;
    for (const Job& j : m_jobs) {
        totalMs += j.outcome.elapsedMs;
        gui += j.program.gui ? 1 : 0;
        if (!slowest || j.outcome.elapsedMs > slowest->outcome.elapsedMs)
            slowest = &j;
    }
    // PROFSCOPE_HOSTILE_LOG=FILE: every run's time, status and command, to find the slow ones.
    if (const QString log = qEnvironmentVariable("PROFSCOPE_HOSTILE_LOG"); !log.isEmpty()) {
        QFile f(log);
        if (f.open(QIODevice::WriteOnly | QIODevice::Text))
            for (const Job& j : m_jobs)
                f.write(QStringLiteral("%1\t%2\t%3\t%4\t%5\n")
                            .arg(j.outcome.elapsedMs)
                            .arg(j.outcome.exitCode)
                            .arg(m_damaged[std::size_t(j.damaged)].name, j.program.name, j.outcome.command)
                            .toUtf8());
    }
    qInfo("hostile inputs: %d damaged profiles from %d bases written in %.1f s; %d program runs (%d of the GUI) "
          "in %.1f s (%.1f s of runs), slowest %.1f s: %s",
          int(m_damaged.size()), int(m_bases.size()), madeMs / 1000.0, int(m_jobs.size()), gui, m_batchMs / 1000.0,
          totalMs / 1000.0, slowest ? slowest->outcome.elapsedMs / 1000.0 : 0.0,
          slowest ? qPrintable(slowest->outcome.command) : "");
}

void TestHostileInputs::cleanupTestCase()
{
    // Read-only entries left by the "unreadable" rows would stop the removal,
    // and the non-UTF-8 names QTemporaryDir's own.
    hostile::makeWritable(m_root.path());
    hostile::removeTree(m_root.path());
}

// The list above is the CLI's own: `export --help` names every kind.
void TestHostileInputs::exportKindsMatchTheCli()
{
    const CliRun r = runProgram(QStringLiteral(PROFSCOPE_CLI), { QStringLiteral("export"), QStringLiteral("--help") });
    QCOMPARE(r.exitCode, 0);
    const QString help = QString::fromUtf8(r.out).simplified();
    for (const QString& kind : exportKinds())
        QVERIFY2(help.contains(kind + QLatin1String(" (")), qPrintable(kind));
    // And no kind the CLI knows is missing here: the help lists "name (" per kind.
    const qsizetype listed = help.count(QLatin1String(" ("));
    QVERIFY2(listed >= exportKinds().size(), qPrintable(help));
}

void TestHostileInputs::everyProgram_data()
{
    QTest::addColumn<int>("job");
    QTest::addColumn<int>("damaged");
    for (int d = 0; d < int(m_damaged.size()); ++d)
        if (skipped(m_damaged[std::size_t(d)]))
            QTest::addRow("%s | every program", qPrintable(m_damaged[std::size_t(d)].name)) << -1 << d;
    for (int j = 0; j < int(m_jobs.size()); ++j)
        QTest::addRow("%s | %s", qPrintable(m_damaged[std::size_t(m_jobs[std::size_t(j)].damaged)].name),
                      qPrintable(m_jobs[std::size_t(j)].program.name))
            << j << m_jobs[std::size_t(j)].damaged;
}

void TestHostileInputs::everyProgram()
{
    QFETCH(int, job);
    QFETCH(int, damaged);
    if (job < 0)
        QSKIP("running as root: a file without read permission is read anyway");
    const Outcome& o = m_jobs[std::size_t(job)].outcome;
    QVERIFY(o.ran);
    const QString what = QStringLiteral("%1\n  on %2").arg(o.command, m_damaged[std::size_t(damaged)].name);
    const QString tail = QString::fromLocal8Bit(o.err.right(4000));
    QVERIFY2(o.finished, qPrintable(QStringLiteral("did not finish within %1 s: %2").arg(kRunLimitMs / 1000).arg(what)));
    QVERIFY2(!o.crashed, qPrintable(QStringLiteral("crashed: %1\n%2").arg(what, tail)));
    // The sanitizers report and exit with status 1; an uncaught exception
    // aborts. Times at the ends of TimeNs (the "huge" damages: 1e308, 2^63 -
    // 1, 1e48) never reach an analysis (core/model/timebounds.h), so any
    // report fails, UBSan's signed overflow too.
    for (const char* marker : { "AddressSanitizer", "runtime error:", "LeakSanitizer", "terminate called" })
        QVERIFY2(!o.err.contains(marker), qPrintable(QStringLiteral("%1: %2\n%3").arg(QLatin1String(marker), what, tail)));
    QVERIFY2(o.exitCode >= 0 && o.exitCode <= 3,
             qPrintable(QStringLiteral("exit status %1: %2\n%3").arg(o.exitCode).arg(what, tail)));
    // Nothing loaded is a clear message, not silence.
    if (o.exitCode == 1)
        QVERIFY2(!o.err.trimmed().isEmpty(), qPrintable(QStringLiteral("exit status 1 without a message: %1").arg(what)));
}

// No program wrote, touched or left anything in the data folder.
void TestHostileInputs::dataFolderUnchanged_data()
{
    QTest::addColumn<int>("damaged");
    for (int d = 0; d < int(m_damaged.size()); ++d)
        QTest::addRow("%s", qPrintable(m_damaged[std::size_t(d)].name)) << d;
}

void TestHostileInputs::dataFolderUnchanged()
{
    QFETCH(int, damaged);
    QCOMPARE(m_after[std::size_t(damaged)], m_before[std::size_t(damaged)]);
}

// Each file made unusable (a FIFO, a folder, a symlink loop, an unreadable or
// empty file, a damaged main file) is named in inspect's file list with its
// status and, when its content is at fault, the line or byte offset.
void TestHostileInputs::rejectionsNameTheFile_data()
{
    QTest::addColumn<int>("job");
    for (int j = 0; j < int(m_jobs.size()); ++j) {
        const hostile::Damaged& d = m_damaged[std::size_t(m_jobs[std::size_t(j)].damaged)];
        if (!d.rejected.isEmpty() && m_jobs[std::size_t(j)].program.name == QLatin1String("inspect json"))
            QTest::addRow("%s", qPrintable(d.name)) << j;
    }
}

void TestHostileInputs::rejectionsNameTheFile()
{
    QFETCH(int, job);
    const Outcome& o = m_jobs[std::size_t(job)].outcome;
    const hostile::Damaged& d = m_damaged[std::size_t(m_jobs[std::size_t(job)].damaged)];
    QVERIFY(o.finished && !o.crashed);
    const QString text = QString::fromUtf8(o.out.left(20000) + o.err.left(4000));
    if (d.rejected == QLatin1String("*")) {
        // The profile path itself is unusable: stderr names it.
        QVERIFY2(QString::fromUtf8(o.err).contains(QFileInfo(d.path).fileName()), qPrintable(text));
        return;
    }
    const QString file = QFileInfo(d.rejected).fileName();
    const QJsonArray files = QJsonDocument::fromJson(o.out).object().value(QStringLiteral("files")).toArray();
    bool named = false;
    for (const QJsonValue& v : files) {
        const QJsonObject f = v.toObject();
        if (!f.value(QStringLiteral("path")).toString().endsWith(d.rejected))
            continue;
        named = true;
        const QByteArray json = QJsonDocument(f).toJson();
        const QString status = f.value(QStringLiteral("status")).toString();
        QVERIFY2(status != QLatin1String("used") || d.mayBeUsed, json.constData());
        if (status != QLatin1String("used"))
            QVERIFY2(!f.value(QStringLiteral("reason")).toString().isEmpty(), json.constData());
        for (const QString& part : d.reasonHas)
            QVERIFY2(f.value(QStringLiteral("reason")).toString().contains(part), json.constData());
        if (d.needsLocation && status == QLatin1String("broken"))
            QVERIFY2(f.contains(QStringLiteral("line")) || f.contains(QStringLiteral("byteOffset")), json.constData());
    }
    // Not in the file list (nothing loaded, or not even discovered): a
    // message names it, on stderr or in the import report.
    if (!named)
        QVERIFY2(text.contains(file), qPrintable(text));
}

// What a user types wrong on purpose: absurd option values on an intact profile.
void TestHostileInputs::hostileArguments_data()
{
    QTest::addColumn<QStringList>("args");
    const QString p = QStringLiteral("%B");
    auto exp = [&](const QString& what, const QStringList& more) {
        return QStringList { QStringLiteral("export"), p, QStringLiteral("--what"), what } + more;
    };
    QTest::newRow("top huge") << exp(QStringLiteral("operators"), { QStringLiteral("--top"), QStringLiteral("99999999999") });
    QTest::newRow("top negative") << exp(QStringLiteral("operators"), { QStringLiteral("--top"), QStringLiteral("-5") });
    QTest::newRow("rank huge") << exp(QStringLiteral("overview"), { QStringLiteral("--rank"), QStringLiteral("2147483648") });
    QTest::newRow("rank negative") << exp(QStringLiteral("range"), { QStringLiteral("--rank"), QStringLiteral("-7"),
        QStringLiteral("--step"), QStringLiteral("1") });
    QTest::newRow("range reversed") << exp(QStringLiteral("range"), { QStringLiteral("--start-ns"),
        QStringLiteral("9223372036854775807"), QStringLiteral("--end-ns"), QStringLiteral("-9223372036854775808") });
    QTest::newRow("range overflow") << exp(QStringLiteral("range"), { QStringLiteral("--start-ns"),
        QStringLiteral("-9223372036854775808"), QStringLiteral("--end-ns"), QStringLiteral("99999999999999999999") });
    QTest::newRow("steps reversed") << exp(QStringLiteral("trace"), { QStringLiteral("--steps"),
        QStringLiteral("9-1"), QStringLiteral("-o"), QStringLiteral("%O/t.json") });
    QTest::newRow("steps huge") << exp(QStringLiteral("trace"), { QStringLiteral("--steps"),
        QStringLiteral("0-99999999999999999999"), QStringLiteral("--rank"), QStringLiteral("0,0,0,1,-1"),
        QStringLiteral("-o"), QStringLiteral("%O/t.json") });
    QTest::newRow("step non-utf8") << exp(QStringLiteral("advice"), { QStringLiteral("--step"),
        QString::fromLatin1("\xff\xfe") });
    QTest::newRow("matrix op odd") << exp(QStringLiteral("matrix"), { QStringLiteral("--op"), QStringLiteral("bottom999"),
        QStringLiteral("--group"), QStringLiteral("-1") });
    QTest::newRow("thresholds fifo") << exp(QStringLiteral("advice"), { QStringLiteral("--thresholds"),
        QStringLiteral("%O/fifo") });
    QTest::newRow("output is a folder") << exp(QStringLiteral("overview"), { QStringLiteral("-o"), QStringLiteral("%O") });
    QTest::newRow("output in missing folder") << exp(QStringLiteral("overview"), { QStringLiteral("-o"),
        QStringLiteral("%O/missing/dir/x.csv") });
    QTest::newRow("compare rank huge") << QStringList { QStringLiteral("compare"), p, p, QStringLiteral("--rank-a"),
        QStringLiteral("99999999999"), QStringLiteral("--rank-b"), QStringLiteral("-1") };
    QTest::newRow("inspect threads huge") << QStringList { QStringLiteral("inspect"), p, QStringLiteral("--threads"),
        QStringLiteral("100000"), QStringLiteral("--max-depth"), QStringLiteral("-1") };
    QTest::newRow("report fail-above nan") << QStringList { QStringLiteral("report"), p, QStringLiteral("--compare"), p,
        QStringLiteral("--fail-above"), QStringLiteral("nan"), QStringLiteral("-o"), QStringLiteral("%O/r.md") };
    // -o naming a file of the profile: refused (it destroyed the trace it read).
    QTest::newRow("output is the input trace") << exp(QStringLiteral("trace"), { QStringLiteral("--with-args"),
        QStringLiteral("-o"), QStringLiteral("%T") });
    QTest::newRow("output is the input kernels") << exp(QStringLiteral("overview"), { QStringLiteral("-o"),
        QStringLiteral("%K") });
    QTest::newRow("report over the input") << QStringList { QStringLiteral("report"), p, QStringLiteral("-o"),
        QStringLiteral("%K") };
    QTest::newRow("compare over the input") << QStringList { QStringLiteral("compare"), p, p, QStringLiteral("-o"),
        QStringLiteral("%T") };
    QTest::newRow("same path many times") << QStringList { QStringLiteral("inspect"), p, p, p, p };
}

void TestHostileInputs::hostileArguments()
{
    QFETCH(QStringList, args);
    const QString b = base(QStringLiteral("gen-text"));
    const QStringList before = folderSnapshot(b);
    // A FIFO where a thresholds file is expected must not block the run.
    static int n = 0;
    const QString outDir = m_root.filePath(QStringLiteral("args/%1").arg(++n));
    QDir().mkpath(outDir);
    hostile::makeFifo(outDir + QStringLiteral("/fifo"));
    auto firstFile = [&](const QString& name) {
        QDirIterator it(b, { name }, QDir::Files, QDirIterator::Subdirectories);
        return it.hasNext() ? it.next() : QString();
    };
    QStringList expanded;
    for (QString a : args)
        expanded << a.replace(QLatin1String("%O"), outDir)
                        .replace(QLatin1String("%T"), firstFile(QStringLiteral("trace_view.json")))
                        .replace(QLatin1String("%K"), firstFile(QStringLiteral("kernel_details.csv")));
    const Outcome o = run(false, expanded, b, b, m_root.filePath(QStringLiteral("args-out/%1").arg(n)));
    const QString tail = QString::fromLocal8Bit(o.err.right(3000));
    QVERIFY2(o.finished, "did not finish");
    QVERIFY2(!o.crashed, qPrintable(tail));
    for (const char* marker : { "AddressSanitizer", "runtime error:", "terminate called" })
        QVERIFY2(!o.err.contains(marker), qPrintable(tail));
    QVERIFY2(o.exitCode >= 0 && o.exitCode <= 3, qPrintable(tail));
    QCOMPARE(folderSnapshot(b), before);
}

QTEST_GUILESS_MAIN(TestHostileInputs)
#include "tst_hostileinputs.moc"
