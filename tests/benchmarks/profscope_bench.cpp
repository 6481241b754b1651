// SPDX-License-Identifier: Apache-2.0
// profscope-bench: ingest throughput and memory of the trace parser on a
// large generated trace_view.json, against nlohmann/json's DOM as the
// baseline, in one run. Each measurement runs in a child process so that its
// peak RSS (VmHWM) is its own.
//
//   profscope-bench [--size-mb N] [--keep FILE] [--skip-dom]
//   profscope-bench generate FILE SIZE_MB      (child)
//   profscope-bench parse FILE                 (child)
//   profscope-bench dom FILE                   (child)
#include "benchsupport.h"
#include "load/hugepages.h"
#include "parse/tracebuilder.h"
#include "parse/tracekernel.h"
#include "parse/traceparser.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <vector>

using namespace profscope;
using bench::peakRssKb;

namespace {


// Writes events shaped like a torch_npu / MindSpore trace_view.json: string
// timestamps in µs with 3 decimals, Python/CANN host slices with args,
// Ascend Hardware / HCCL device tasks, counters, HostToDevice flows with
// string ids and async_npu flows with 64-bit ids.
class Generator
{
public:
    explicit Generator(std::FILE* out)
        : m_out(out)
    {
        m_buf.reserve(1 << 20);
    }

    void run(qint64 targetBytes)
    {
        put("[");
        metadata();
        qint64 tsNs = 1736408883000000000LL;
        std::mt19937_64 rng(42);
        std::uint64_t flowId = 1000;
        int step = 0;
        while (m_written + qint64(m_buf.size()) < targetBytes) {
            // One "op": a Python op, its CANN launch, a device kernel, a flow pair, sometimes a counter.
            const int op = int(rng() % 40);
            const qint64 hostDur = 20000 + qint64(rng() % 200000);
            const qint64 devDur = 5000 + qint64(rng() % 100000);
            sliceEvent(kPython, kMainTid, tsNs, hostDur, kOpNames[op % 20], "cpu_op", true, op);
            sliceEvent(kCann, kMainTid, tsNs + 3000, hostDur / 2, kCannNames[op % 6], nullptr, false, op);
            const qint64 devTs = tsNs + hostDur + qint64(rng() % 50000);
            sliceEvent(kDevice, 2 + op % 3, devTs, devDur, kKernelNames[op % 20], nullptr, false, op);
            flow("s", "HostToDevice", flowId, kCann, kMainTid, tsNs + 3000, true);
            flow("f", "HostToDevice", flowId, kDevice, 2 + op % 3, devTs, true);
            const std::uint64_t npuId = std::uint64_t(devTs) + 7; // > 2^53, like async_npu ids
            flow("s", "async_npu", npuId, kPython, kMainTid, tsNs + 1000, false);
            flow("f", "async_npu", npuId, kDevice, 2 + op % 3, devTs, false);
            if (op % 8 == 0)
                sliceEvent(kHccl, 0, devTs + devDur, devDur * 3, "hcom_allReduce__586_0_1", nullptr, false, op);
            if (op % 2 == 0)
                counter(kFreq, "AI Core Freq", "MHz", tsNs, 1800);
            if (op % 3 == 0)
                counter(kMem, "APP/DDR", "KB", tsNs, double(rng() % 100000) / 4.0);
            ++flowId;
            tsNs += hostDur + 1000;
            if (flowId % 5000 == 0)
                sliceEvent(kPython, kMainTid, tsNs, 1, ("ProfilerStep#" + std::to_string(++step)).c_str(), "cpu_op", false, 0);
            if (m_buf.size() > (1 << 20) - 4096)
                flush();
        }
        put("\n]");
        flush();
    }

    qint64 written() const
    {
        return m_written;
    }

private:
    static constexpr qint64 kPython = 3096504, kCann = 3170820320LL, kDevice = 3170820512LL, kHccl = 3170820576LL,
                            kFreq = 3170820544LL, kMem = 3170820704LL, kMainTid = 3096504;
    static constexpr const char* kOpNames[20] = { "aten::empty", "aten::to", "aten::copy_", "aten::conv2d",
        "aten::relu", "aten::max_pool2d", "aten::linear", "aten::add_", "aten::mul", "aten::view", "aten::addmm",
        "aten::t", "aten::sum", "aten::mean", "aten::batch_norm", "aten::cat", "aten::zeros", "aten::ones_like",
        "aten::div", "aten::log_softmax" };
    static constexpr const char* kCannNames[6] = { "AscendCL@aclnnAdd", "AscendCL@aclnnMul", "Node@launch",
        "AscendCL@aclnnConvolution", "AscendCL@aclrtMemcpyAsync", "HostToDevice" };
    static constexpr const char* kKernelNames[20] = { "trans_TransData_0", "Conv2D", "ReluV2", "MaxPoolV3",
        "MatMulV2", "Add", "Mul", "Cast", "ReduceSum", "BNTrainingReduce", "BNTrainingUpdate", "SoftmaxV2",
        "ConcatD", "Fill", "ZerosLike", "RealDiv", "LogSoftmaxV2", "Transpose", "Slice", "AddN" };

    void put(const char* s)
    {
        m_buf.append(s);
    }
    void put(const std::string& s)
    {
        m_buf.append(s);
    }
    void num(qint64 v)
    {
        char tmp[24];
        auto r = std::to_chars(tmp, tmp + sizeof tmp, v);
        m_buf.append(tmp, r.ptr);
    }
    void unum(std::uint64_t v)
    {
        char tmp[24];
        auto r = std::to_chars(tmp, tmp + sizeof tmp, v);
        m_buf.append(tmp, r.ptr);
    }
    void usString(qint64 ns) // "1736408883694795.840"
    {
        m_buf.push_back('"');
        micros(ns);
        m_buf.push_back('"');
    }
    void micros(qint64 ns)
    {
        num(ns / 1000);
        m_buf.push_back('.');
        const auto frac = ns % 1000;
        m_buf.push_back(char('0' + frac / 100));
        m_buf.push_back(char('0' + frac / 10 % 10));
        m_buf.push_back(char('0' + frac % 10));
    }
    void sep()
    {
        if (m_first)
            m_first = false;
        else
            m_buf.append(",\n");
    }
    void meta(qint64 pid, qint64 tid, const char* what, const std::string& argsJson)
    {
        sep();
        put(R"({"ph": "M", "name": ")");
        put(what);
        put(R"(", "pid": )");
        num(pid);
        put(R"(, "tid": )");
        num(tid);
        put(R"(, "args": )");
        put(argsJson);
        put("}");
    }
    void metadata()
    {
        const std::pair<qint64, const char*> processes[] = { { kPython, "Python" }, { kCann, "CANN" },
            { kDevice, "Ascend Hardware" }, { kHccl, "HCCL" }, { kFreq, "AI Core Freq" }, { kMem, "NPU MEM" } };
        int sort = 0;
        for (const auto& [pid, name] : processes) {
            meta(pid, 0, "process_name", std::string(R"({"name": ")") + name + "\"}");
            meta(pid, 0, "process_sort_index", "{\"sort_index\": " + std::to_string(sort++) + "}");
        }
        meta(kPython, kMainTid, "thread_name", R"({"name": "Thread 3096504"})");
        meta(kCann, kMainTid, "thread_name", R"({"name": "Thread 3096504"})");
        for (int s = 2; s < 5; ++s)
            meta(kDevice, s, "thread_name", "{\"name\": \"Stream " + std::to_string(s) + "\"}");
        meta(kHccl, 0, "thread_name", R"({"name": "Group 0 Communication"})");
    }
    void sliceEvent(qint64 pid, qint64 tid, qint64 tsNs, qint64 durNs, const char* name, const char* cat,
                    bool pythonArgs, int op)
    {
        sep();
        put(R"({"ph": "X", "name": ")");
        put(name);
        put(R"(", "pid": )");
        num(pid);
        put(R"(, "tid": )");
        num(tid);
        put(R"(, "ts": )");
        usString(tsNs);
        put(R"(, "dur": )");
        micros(durNs);
        if (cat) {
            put(R"(, "cat": ")");
            put(cat);
            put("\"");
        }
        if (pythonArgs) {
            put(R"(, "args": {"Sequence number": )");
            num(op * 7);
            put(R"(, "Fwd thread id": 0, "Input Dims": "32,3,224,224;\r\n64,3,7,7", "Input type": "float;\r\nfloat"})");
        } else if (pid == kDevice) {
            put(R"(, "args": {"Model Id": 4294967295, "Task Type": "AI_CORE", "Physic Stream Id": )");
            num(tid);
            put(R"(, "Task Id": )");
            num(tsNs % 65536);
            put(R"(, "Batch Id": 0, "Subtask Id": 4294967295})");
        }
        put("}");
    }
    void counter(qint64 pid, const char* name, const char* key, qint64 tsNs, double value)
    {
        sep();
        put(R"({"name": ")");
        put(name);
        put(R"(", "ts": )");
        usString(tsNs);
        put(R"(, "pid": )");
        num(pid);
        put(R"(, "tid": 0, "args": {")");
        put(key);
        put("\": ");
        char tmp[32];
        auto r = std::to_chars(tmp, tmp + sizeof tmp, value);
        m_buf.append(tmp, r.ptr);
        put(R"(}, "ph": "C"})");
    }
    void flow(const char* ph, const char* cat, std::uint64_t id, qint64 pid, qint64 tid, qint64 tsNs, bool stringId)
    {
        sep();
        put(R"({"ph": ")");
        put(ph);
        put(R"(", "bp": "e", "name": ")");
        put(std::string(cat) == "HostToDevice" ? "HostToDevice" + std::to_string(id) : std::string("torch_to_npu"));
        put(R"(", "id": )");
        if (stringId)
            m_buf.push_back('"');
        unum(id);
        if (stringId)
            m_buf.push_back('"');
        put(R"(, "pid": )");
        num(pid);
        put(R"(, "tid": )");
        num(tid);
        put(R"(, "ts": )");
        usString(tsNs);
        put(R"(, "cat": ")");
        put(cat);
        put("\"}");
    }
    void flush()
    {
        std::fwrite(m_buf.data(), 1, m_buf.size(), m_out);
        m_written += qint64(m_buf.size());
        m_buf.clear();
    }

    std::FILE* m_out;
    std::string m_buf;
    qint64 m_written = 0;
    bool m_first = true;
};

int childGenerate(const QString& path, qint64 sizeMb)
{
    std::FILE* f = std::fopen(path.toLocal8Bit().constData(), "wb");
    if (!f)
        return 1;
    QElapsedTimer t;
    t.start();
    Generator g(f);
    g.run(sizeMb << 20);
    std::fclose(f);
    QTextStream(stdout) << QJsonDocument(QJsonObject { { QStringLiteral("bytes"), double(g.written()) },
                                                       { QStringLiteral("seconds"), double(t.nsecsElapsed()) / 1e9 } })
                               .toJson(QJsonDocument::Compact)
                        << '\n';
    return 0;
}

int childParse(const QString& path)
{
    // As the application's main() does; PROFSCOPE_MALLOC_TUNING=0 for the baseline.
    tuneAllocator();
    bench::RssSampler rss;
    QElapsedTimer t;
    t.start();
    TraceBuilder builder;
    FileReport report;
    TraceParseOptions options;
    options.threads = qEnvironmentVariableIntValue("PROFSCOPE_BENCH_THREADS");
    // The baseline of the memory figures: the mapped pages kept, as before.
    options.releaseParsedPages = !qEnvironmentVariableIsSet("PROFSCOPE_BENCH_KEEP_PAGES");
    if (const int mb = qEnvironmentVariableIntValue("PROFSCOPE_BENCH_CHUNK_MB"); mb > 0)
        options.chunkBytes = std::size_t(mb) << 20;
    parseTraceFile(path, builder, report, options);
    const double parseSeconds = double(t.nsecsElapsed()) / 1e9;
    TraceData data = builder.finish(options.threads > 0 ? options.threads : QThread::idealThreadCount());
    const double totalSeconds = double(t.nsecsElapsed()) / 1e9;
    rss.stop();
    QTextStream(stdout) << QJsonDocument(QJsonObject {
                                             { QStringLiteral("status"), fileStatusName(report.status) },
                                             { QStringLiteral("reason"), report.reason },
                                             { QStringLiteral("events"), double(data.stats.totalEvents) },
                                             { QStringLiteral("slices"), double(data.sliceCount()) },
                                             { QStringLiteral("flows"), double(data.flows.size()) },
                                             { QStringLiteral("counterPoints"), double(data.counterPointCount()) },
                                             { QStringLiteral("parseSeconds"), parseSeconds },
                                             { QStringLiteral("seconds"), totalSeconds },
                                             { QStringLiteral("modelBytes"), double(data.memoryBytes()) },
                                             { QStringLiteral("peakRssKb"), double(peakRssKb()) },
                                             { QStringLiteral("peakAnonKb"), double(rss.peakAnonKb()) },
                                             { QStringLiteral("peakFileKb"), double(rss.peakFileKb()) },
                                             { QStringLiteral("kernel"), QString::fromLatin1(traceKernelName()) },
                                         })
                               .toJson(QJsonDocument::Compact)
                        << '\n';
    return report.status == FileStatus::Used ? 0 : 1;
}

int childDom(const QString& path)
{
    QElapsedTimer t;
    t.start();
    std::ifstream in(path.toLocal8Bit().constData(), std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const nlohmann::json doc = nlohmann::json::parse(text);
    // Touch every event like a loader would: count X events.
    qint64 x = 0;
    for (const auto& e : doc)
        if (e.contains("ph") && e["ph"] == "X")
            ++x;
    QTextStream(stdout) << QJsonDocument(QJsonObject { { QStringLiteral("events"), double(doc.size()) },
                                                       { QStringLiteral("x"), double(x) },
                                                       { QStringLiteral("seconds"), double(t.nsecsElapsed()) / 1e9 },
                                                       { QStringLiteral("peakRssKb"), double(peakRssKb()) } })
                               .toJson(QJsonDocument::Compact)
                        << '\n';
    return 0;
}

// `copies` children at once (the machine's own scaling: see main), their
// last output lines as JSON.
// Children parse as the application does: on huge pages where the system
// offers them on request (hugepages.h), with the allocator tuned
// (tuneAllocator); `baseline` turns one of the two off.
bool g_hugePages = false;

enum class Baseline
{
    None,
    PlainPages,    // glibc's default pages (PROFSCOPE_HUGE_PAGES=0)
    DefaultMalloc, // glibc's default malloc settings (PROFSCOPE_MALLOC_TUNING=0)
};

QList<QJsonObject> runChildren(const QStringList& args, int threads, bool keepPages, int copies,
                               Baseline baseline = Baseline::None)
{
    bench::ChildEnv env;
    if (g_hugePages && baseline != Baseline::PlainPages)
        env.append({ QStringLiteral("GLIBC_TUNABLES"),
                     QString::fromLatin1(hugePageTunables(qgetenv("GLIBC_TUNABLES").constData())) });
    if (baseline == Baseline::DefaultMalloc)
        env.append({ QStringLiteral("PROFSCOPE_MALLOC_TUNING"), QStringLiteral("0") });
    env.append({ QStringLiteral("PROFSCOPE_BENCH_THREADS"), QString::number(threads) });
    if (keepPages)
        env.append({ QStringLiteral("PROFSCOPE_BENCH_KEEP_PAGES"), QStringLiteral("1") });
    return bench::runChildren(args, copies, env);
}

QJsonObject runChild(const QStringList& args, int threads = 0, bool keepPages = false,
                     Baseline baseline = Baseline::None)
{
    return runChildren(args, threads, keepPages, 1, baseline).front();
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() >= 4 && args[1] == QLatin1String("generate"))
        return childGenerate(args[2], args[3].toLongLong());
    if (args.size() >= 3 && args[1] == QLatin1String("parse"))
        return childParse(args[2]);
    if (args.size() >= 3 && args[1] == QLatin1String("dom"))
        return childDom(args[2]);

    qint64 sizeMb = 512;
    QString keep;
    bool skipDom = false;
    int rounds = 3;
    for (int i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--size-mb") && i + 1 < args.size())
            sizeMb = args[++i].toLongLong();
        else if (args[i] == QLatin1String("--rounds") && i + 1 < args.size())
            rounds = std::max(1, args[++i].toInt());
        else if (args[i] == QLatin1String("--keep") && i + 1 < args.size())
            keep = args[++i];
        else if (args[i] == QLatin1String("--skip-dom"))
            skipDom = true;
    }
    QTextStream out(stdout);
    QTemporaryDir dir;
    const QString path = keep.isEmpty() ? dir.filePath(QStringLiteral("trace_view.json")) : keep;
    if (!QFileInfo::exists(path)) {
        out << "generating " << sizeMb << " MiB trace at " << path << " ..." << Qt::endl;
        const QJsonObject g = runChild({ QStringLiteral("generate"), path, QString::number(sizeMb) });
        out << "  written " << qint64(g[QStringLiteral("bytes")].toDouble()) << " bytes in "
            << g[QStringLiteral("seconds")].toDouble() << " s" << Qt::endl;
    }
    g_hugePages = hugePagesOnRequest();
    const double fileMb = double(QFileInfo(path).size()) / double(1 << 20);
    // Warm the page cache so every parser reads from memory.
    runChild({ QStringLiteral("parse"), path }, 1);
    const int cores = QThread::idealThreadCount();
    QTextStream err(stderr);
    auto mib = [](const QJsonValue& kb) { return QString::number(kb.toDouble() / 1024.0, 'f', 1); };
    auto show = [&](const QJsonObject& r, int threads) {
        const double seconds = r[QStringLiteral("seconds")].toDouble();
        const double modelMb = r[QStringLiteral("modelBytes")].toDouble() / double(1 << 20);
        out << "\nProfscope trace parser (simdjson " << r[QStringLiteral("kernel")].toString() << ", " << threads
            << (threads == 1 ? " thread" : " threads") << "):\n"
            << "  file            " << QString::number(fileMb, 'f', 1) << " MiB, "
            << qint64(r[QStringLiteral("events")].toDouble()) << " events, "
            << qint64(r[QStringLiteral("slices")].toDouble()) << " slices, "
            << qint64(r[QStringLiteral("flows")].toDouble()) << " flows, "
            << qint64(r[QStringLiteral("counterPoints")].toDouble()) << " counter points\n"
            << "  parse + build   " << QString::number(seconds, 'f', 2) << " s  ("
            << QString::number(r[QStringLiteral("parseSeconds")].toDouble(), 'f', 2) << " s chunk decoding, the rest "
            << "sorting, nesting and flow pairing)\n"
            << "  throughput      " << QString::number(fileMb / seconds, 'f', 0) << " MiB/s"
            << (threads == 1 ? " on one core" : QStringLiteral(", %1 MiB/s per core").arg(fileMb / seconds / threads, 0, 'f', 0)) << "\n"
            << "  model memory    " << QString::number(modelMb, 'f', 1) << " MiB = "
            << QString::number(modelMb / fileMb, 'f', 3) << " x file size\n"
            << "  model per slice " << QString::number(r[QStringLiteral("modelBytes")].toDouble() / std::max(1.0, r[QStringLiteral("slices")].toDouble()), 'f', 1) << " bytes\n"
            << "  peak RSS        " << mib(r[QStringLiteral("peakRssKb")]) << " MiB = "
            << QString::number(r[QStringLiteral("peakRssKb")].toDouble() / 1024.0 / fileMb, 'f', 2)
            << " x file size; sampled peaks: anonymous " << mib(r[QStringLiteral("peakAnonKb")])
            << " MiB, file-backed " << mib(r[QStringLiteral("peakFileKb")]) << " MiB" << Qt::endl;
    };
    const QJsonObject one = runChild({ QStringLiteral("parse"), path }, 1);
    show(one, 1);
    const QJsonObject all = runChild({ QStringLiteral("parse"), path }, cores);
    if (cores > 1)
        show(all, cores);
    if (cores > 1) {
        // Scaling against the machine's own: `cores` one-thread parses run
        // at once share nothing in the program, so their combined speed
        // against one alone is the most any parallel parse can reach here
        // (shared caches, memory bandwidth, a VM's scheduling). Rounds
        // alternate the three runs; medians, as a run drifts on a busy host.
        std::vector<double> alone, parallel, together;
        for (int round = 0; round < rounds; ++round) {
            alone.push_back(runChild({ QStringLiteral("parse"), path }, 1)[QStringLiteral("seconds")].toDouble());
            parallel.push_back(runChild({ QStringLiteral("parse"), path }, cores)[QStringLiteral("seconds")].toDouble());
            double slowest = 0;
            for (const QJsonObject& r : runChildren({ QStringLiteral("parse"), path }, 1, false, cores))
                slowest = std::max(slowest, r[QStringLiteral("seconds")].toDouble());
            together.push_back(slowest);
        }
        const double oneS = median(alone), allS = median(parallel), togetherS = median(together);
        const double speedup = oneS / allS;
        const double ceiling = cores * oneS / togetherS;
        out << "\nScaling, medians of " << rounds << " rounds (1 thread; " << cores << " threads; " << cores
            << " one-thread parses at once):\n"
            << "  " << cores << " threads against 1   " << QString::number(speedup, 'f', 2) << " x  ("
            << QString::number(oneS, 'f', 2) << " s -> " << QString::number(allS, 'f', 2) << " s)\n"
            << "  machine ceiling     " << QString::number(ceiling, 'f', 2) << " x  (" << cores
            << " independent one-thread parses at once: " << QString::number(togetherS, 'f', 2)
            << " s each, against " << QString::number(oneS, 'f', 2) << " s alone)\n"
            << "  share of ceiling    " << QString::number(100.0 * speedup / ceiling, 'f', 0) << " %" << Qt::endl;
    }
    // Baselines in the same run, alternated with the application's own
    // settings: glibc's default pages, then glibc's default malloc settings.
    auto compareWith = [&](Baseline baseline, const QString& title, const QString& ours, const QString& theirs) {
        std::vector<double> oursOne, baseOne, oursAll, baseAll, oursRss, baseRss;
        for (int round = 0; round < rounds; ++round) {
            for (const Baseline b : { Baseline::None, baseline }) {
                const bool base = b != Baseline::None;
                const QJsonObject r1 = runChild({ QStringLiteral("parse"), path }, 1, false, b);
                const QJsonObject rn = runChild({ QStringLiteral("parse"), path }, cores, false, b);
                (base ? baseOne : oursOne).push_back(r1[QStringLiteral("seconds")].toDouble());
                (base ? baseAll : oursAll).push_back(rn[QStringLiteral("seconds")].toDouble());
                (base ? baseRss : oursRss).push_back(r1[QStringLiteral("peakRssKb")].toDouble() / 1024.0);
            }
        }
        out << "\nBaseline: " << title << ", medians of " << rounds << " alternated rounds:\n"
            << "  1 thread            " << QString::number(median(oursOne), 'f', 2) << " s " << ours << ", "
            << QString::number(median(baseOne), 'f', 2) << " s " << theirs << " ("
            << QString::number(median(oursOne) / median(baseOne), 'f', 2) << " x); peak RSS "
            << QString::number(median(oursRss), 'f', 1) << " against " << QString::number(median(baseRss), 'f', 1)
            << " MiB\n"
            << "  " << cores << " threads           " << QString::number(median(oursAll), 'f', 2) << " s " << ours
            << ", " << QString::number(median(baseAll), 'f', 2) << " s " << theirs << " ("
            << QString::number(median(oursAll) / median(baseAll), 'f', 2) << " x)" << Qt::endl;
    };
    if (g_hugePages)
        compareWith(Baseline::PlainPages, QStringLiteral("glibc's default pages (PROFSCOPE_HUGE_PAGES=0)"),
                    QStringLiteral("on huge pages"), QStringLiteral("without"));
    else
        out << "\nHuge pages: not offered on request here (or turned off), every run on glibc's default pages"
            << Qt::endl;
    compareWith(Baseline::DefaultMalloc,
                QStringLiteral("glibc's default malloc settings (PROFSCOPE_MALLOC_TUNING=0; ours: mmap threshold "
                               "%1 MiB, top pad %2 MiB)")
                    .arg(kMallocMmapThresholdBytes >> 20)
                    .arg(kMallocTopPadBytes >> 20),
                QStringLiteral("tuned"), QStringLiteral("with the defaults"));
    // Baseline in the same run: the mapped file's pages kept until the end.
    const QJsonObject kept = runChild({ QStringLiteral("parse"), path }, cores, true);
    out << "\nBaseline: the same parse keeping the mapped file's pages (" << cores << " threads):\n"
        << "  peak RSS        " << mib(kept[QStringLiteral("peakRssKb")]) << " MiB = "
        << QString::number(kept[QStringLiteral("peakRssKb")].toDouble() / 1024.0 / fileMb, 'f', 2)
        << " x file size; sampled peaks: anonymous " << mib(kept[QStringLiteral("peakAnonKb")]) << " MiB, file-backed "
        << mib(kept[QStringLiteral("peakFileKb")]) << " MiB; "
        << QString::number(kept[QStringLiteral("seconds")].toDouble(), 'f', 2) << " s against "
        << QString::number(all[QStringLiteral("seconds")].toDouble(), 'f', 2) << " s releasing them" << Qt::endl;
    if (!skipDom) {
        const QJsonObject dom = runChild({ QStringLiteral("dom"), path });
        const double domSeconds = dom[QStringLiteral("seconds")].toDouble();
        const double domRss = dom[QStringLiteral("peakRssKb")].toDouble();
        out << "\nBaseline: nlohmann/json DOM of the whole file (1 thread):\n"
            << "  parse           " << QString::number(domSeconds, 'f', 2) << " s, "
            << QString::number(fileMb / domSeconds, 'f', 0) << " MiB/s\n"
            << "  peak RSS        " << QString::number(domRss / 1024.0, 'f', 1) << " MiB\n"
            << "\nSpeed-up vs DOM: " << QString::number(domSeconds / one[QStringLiteral("seconds")].toDouble(), 'f', 1)
            << "x on one core, " << QString::number(domSeconds / all[QStringLiteral("seconds")].toDouble(), 'f', 1)
            << "x on " << cores << " cores; peak RSS "
            << QString::number(domRss / one[QStringLiteral("peakRssKb")].toDouble(), 'f', 1) << "x lower" << Qt::endl;
    }
    return 0;
}
