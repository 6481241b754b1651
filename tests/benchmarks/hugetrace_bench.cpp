// SPDX-License-Identifier: Apache-2.0
// Issue 15 item 3 at its own scale: a trace of about 20 GB opened for one
// step, against reading the trace once, in the same run, from a cold page
// cache when the caches can be dropped (root), else warm (said so).
//
//   profscope-hugetrace-bench --source RANK_DIR [--copies 10] [--keep DIR] [--runs 3] [--step N]
//                           [--with-no-seek]
//
// The generator keeps a whole rank in memory, so a 20 GB trace is made by
// writing one generated rank's trace_view.json `copies` times in a row, each
// copy later in time than the one before (ts shifted by the source's span
// and a second), its flow ids and step numbers moved past the copy before,
// and its metadata written once. The result is the layout of a long run
// profiled in segments: every copy in time order, steps 1..copies x steps.
// The rank's profiler_*.json come along; its tables do not (they are not
// the trace, and would cover the first copy's steps only).
#include "benchsupport.h"
#include "load/profileloader.h"
#include "load/stepscan.h"
#include "parse/jsonscan.h"
#include "parse/tableparsers.h" // setSeekEnabled

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTextStream>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>

using namespace profscope;

namespace {

constexpr qint64 kIdStride = 10'000'000'000'000'000; // 1e16: past every id the generator writes

// The integer part of the number after `key` in `event` (`"ts": "123.4"` or
// `"ts": 123.4`): its [begin, end) in the event and its value.
bool findNumber(std::string_view event, std::string_view key, std::size_t& begin, std::size_t& end, qint64& value)
{
    const std::size_t at = event.find(key);
    if (at == std::string_view::npos)
        return false;
    std::size_t p = at + key.size();
    while (p < event.size() && (event[p] == ' ' || event[p] == '"'))
        ++p;
    begin = p;
    while (p < event.size() && event[p] >= '0' && event[p] <= '9')
        ++p;
    end = p;
    return end > begin && std::from_chars(event.data() + begin, event.data() + end, value).ec == std::errc();
}

// One event, moved into copy `k`: ts + shiftUs, ids + k x kIdStride,
// ProfilerStep#N + stepShift.
void appendMoved(std::string& out, std::string_view event, qint64 shiftUs, qint64 idShift, qint64 stepShift)
{
    struct Edit
    {
        std::size_t begin, end;
        qint64 value;
    };
    Edit edits[3];
    int n = 0;
    std::size_t b = 0, e = 0;
    qint64 v = 0;
    if (findNumber(event, "\"ts\":", b, e, v))
        edits[n++] = { b, e, v + shiftUs };
    if (findNumber(event, "\"id\":", b, e, v))
        edits[n++] = { b, e, v + idShift };
    if (findNumber(event, "ProfilerStep#", b, e, v))
        edits[n++] = { b, e, v + stepShift };
    std::sort(edits, edits + n, [](const Edit& x, const Edit& y) { return x.begin < y.begin; });
    std::size_t from = 0;
    for (int i = 0; i < n; ++i) {
        out.append(event.substr(from, edits[i].begin - from));
        char digits[24];
        const auto r = std::to_chars(digits, digits + sizeof digits, edits[i].value);
        out.append(digits, std::size_t(r.ptr - digits));
        from = edits[i].end;
    }
    out.append(event.substr(from));
}

// Writes `copies` moved copies of the trace at `source` to `target`.
bool stretchTrace(const QString& source, const QString& target, int copies, QTextStream& out)
{
    QFile in(source);
    if (!in.open(QIODevice::ReadOnly))
        return false;
    const auto size = std::size_t(in.size());
    const char* d = reinterpret_cast<const char*>(in.map(0, in.size()));
    if (!d)
        return false;
    std::size_t first = std::string_view(d, std::min<std::size_t>(size, 64)).find('[');
    if (first == std::string_view::npos)
        return false;
    ++first;
    // The source's span and its steps, for the shifts.
    qint64 lowUs = std::numeric_limits<qint64>::max(), highUs = 0, steps = 0;
    for (std::size_t p = skipEventSeparators(d, size, first); p < size && d[p] == '{';) {
        const std::size_t end = skipJsonValue(d, size, p);
        if (end == std::string::npos)
            return false;
        const std::string_view event(d + p, end - p);
        std::size_t b, e;
        qint64 v;
        if (findNumber(event, "\"ts\":", b, e, v)) {
            lowUs = std::min(lowUs, v);
            qint64 durUs = 0;
            findNumber(event, "\"dur\":", b, e, durUs);
            highUs = std::max(highUs, v + durUs);
        }
        if (findNumber(event, "ProfilerStep#", b, e, v))
            steps = std::max(steps, v);
        p = skipEventSeparators(d, size, end);
    }
    const qint64 spanUs = highUs - lowUs + 1'000'000;
    QFile outFile(target);
    if (!outFile.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    std::string buffer;
    buffer.reserve(std::size_t(24) << 20);
    buffer.append("[\n");
    bool firstEvent = true;
    for (int k = 0; k < copies; ++k) {
        for (std::size_t p = skipEventSeparators(d, size, first); p < size && d[p] == '{';) {
            const std::size_t end = skipJsonValue(d, size, p);
            const std::string_view event(d + p, end - p);
            p = skipEventSeparators(d, size, end);
            const bool metadata = event.find("\"ph\": \"M\"") != std::string_view::npos
                || event.find("\"ph\":\"M\"") != std::string_view::npos;
            if (metadata && k > 0)
                continue;
            if (!firstEvent)
                buffer.append(",\n");
            firstEvent = false;
            if (metadata)
                buffer.append(event);
            else
                appendMoved(buffer, event, k * spanUs, k * kIdStride, k * steps);
            if (buffer.size() > (std::size_t(16) << 20)) {
                if (outFile.write(buffer.data(), qint64(buffer.size())) != qint64(buffer.size()))
                    return false;
                buffer.clear();
            }
        }
        out << "  copy " << (k + 1) << " of " << copies << " written" << Qt::endl;
    }
    buffer.append("\n]\n");
    return outFile.write(buffer.data(), qint64(buffer.size())) == qint64(buffer.size()) && outFile.flush();
}

bool dropCaches()
{
    ::sync();
    QFile f(QStringLiteral("/proc/sys/vm/drop_caches"));
    return f.open(QIODevice::WriteOnly) && f.write("3\n") == 2;
}

// Reads the file once in 8 MiB reads, told sequential (the kernel's
// readahead doubles); ms.
double readOnceMs(const QString& path)
{
    QElapsedTimer timer;
    timer.start();
    QByteArray buffer(8 << 20, Qt::Uninitialized);
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
    if (fd < 0)
        return 0;
    ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    while (::read(fd, buffer.data(), std::size_t(buffer.size())) > 0) { }
    ::close(fd);
    return double(timer.nsecsElapsed()) / 1e6;
}

// Child: load PATH for one step (the trace read in part unless `seek` is
// false: then every byte is read and each chunk judged, the path before the
// seek); prints a JSON line.
int childLoad(const QString& path, int step, bool seek)
{
    setSeekEnabled(seek);
    QElapsedTimer timer;
    timer.start();
    LoadOptions options;
    options.filter.firstStep = options.filter.lastStep = step;
    const double cpuBeforeMs = bench::cpuMs();
    const ProfilePtr profile = ProfileLoader::load({ path }, options);
    const qint64 loadMs = timer.elapsed();
    qint64 slices = 0, unread = 0, skipped = 0;
    for (const auto& rank : profile->ranks)
        slices += qint64(rank->trace.sliceCount());
    for (const auto& f : profile->report.files) {
        unread += std::max<qint64>(0, f.count(QStringLiteral("unreadBytes")));
        skipped += std::max<qint64>(0, f.count(QStringLiteral("skippedBytes")));
    }
    const QJsonObject result { { QStringLiteral("loadMs"), double(loadMs) },
        { QStringLiteral("cpuMs"), bench::cpuMs() - cpuBeforeMs }, { QStringLiteral("slices"), double(slices) },
        { QStringLiteral("unreadBytes"), double(unread) }, { QStringLiteral("skippedBytes"), double(skipped) },
        { QStringLiteral("sought"), profile->partial.stepsSought },
        { QStringLiteral("peakRssKb"), double(bench::peakRssKb()) } };
    std::printf("%s\n", QJsonDocument(result).toJson(QJsonDocument::Compact).constData());
    return profile->ranks.empty() ? 1 : 0;
}

} // namespace

int main(int argc, char** argv)
{
    profscope::bench::startLikeTheApplication(argv);
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() >= 4 && args[1] == QLatin1String("load"))
        return childLoad(args[2], args[3].toInt(), args.value(4) != QLatin1String("noseek"));
    QString source, keep;
    int copies = 10, runs = 3, step = -1;
    const bool withNoSeek = args.contains(QStringLiteral("--with-no-seek"));
    for (int i = 1; i + 1 < args.size(); ++i) {
        if (args[i] == QLatin1String("--source"))
            source = args[++i];
        else if (args[i] == QLatin1String("--copies"))
            copies = args[++i].toInt();
        else if (args[i] == QLatin1String("--keep"))
            keep = args[++i];
        else if (args[i] == QLatin1String("--runs"))
            runs = args[++i].toInt();
        else if (args[i] == QLatin1String("--step"))
            step = args[++i].toInt();
    }
    QTextStream out(stdout);
    const QString sourceTrace = source + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json");
    if (source.isEmpty() || !QFileInfo::exists(sourceTrace)) {
        out << "usage: profscope-hugetrace-bench --source RANK_DIR (a generated *_ascend_ms folder) [--copies 10] "
               "[--keep DIR] [--runs 3] [--step N]"
            << Qt::endl;
        return 2;
    }
    QTemporaryDir tmp;
    const QString root = keep.isEmpty() ? tmp.path() : keep;
    const QString rankDir = root + QLatin1Char('/') + QFileInfo(source).fileName();
    const QString trace = rankDir + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json");
    if (!QFileInfo::exists(root + QStringLiteral("/.complete"))) {
        QDir().mkpath(QFileInfo(trace).absolutePath());
        for (const QFileInfo& f : QDir(source).entryInfoList({ QStringLiteral("profiler_*.json") }, QDir::Files))
            QFile::copy(f.absoluteFilePath(), rankDir + QLatin1Char('/') + f.fileName());
        QElapsedTimer timer;
        timer.start();
        if (!stretchTrace(sourceTrace, trace, copies, out)) {
            out << "could not write " << trace << Qt::endl;
            return 1;
        }
        QFile(root + QStringLiteral("/.complete")).open(QIODevice::WriteOnly);
        out << "  written in " << QString::number(timer.elapsed() / 1000.0, 'f', 1) << " s" << Qt::endl;
    }
    const double traceMb = double(QFileInfo(trace).size()) / (1024.0 * 1024.0);
    const std::vector<StepMark> marks = scanTraceStepMarkers(trace);
    if (marks.empty()) {
        out << "no step markers in " << trace << Qt::endl;
        return 1;
    }
    if (step < 0)
        step = int(marks[marks.size() / 2].step);
    const bool cold = dropCaches();
    out << "\none step of a " << QString::number(traceMb / 1024.0, 'f', 1) << " GiB trace (" << marks.size()
        << " steps), --steps " << step << ", " << (cold ? "page cache dropped before each run" : "page cache warm (caches cannot be dropped here)")
        << ":" << Qt::endl;
    for (int r = 0; r < runs; ++r) {
        if (cold)
            dropCaches();
        const double readMs = readOnceMs(trace);
        if (cold)
            dropCaches();
        const QJsonObject one = bench::runChild({ QStringLiteral("load"), rankDir, QString::number(step) });
        const double loadMs = one[QStringLiteral("loadMs")].toDouble();
        out << "  run " << (r + 1) << ": read the trace once " << QString::number(readMs / 1000.0, 'f', 2).rightJustified(6)
            << " s (" << QString::number(traceMb / (readMs / 1000.0), 'f', 0) << " MiB/s);  one step "
            << QString::number(loadMs / 1000.0, 'f', 2).rightJustified(6) << " s, CPU "
            << QString::number(one[QStringLiteral("cpuMs")].toDouble() / 1000.0, 'f', 2) << " s, peak RSS "
            << QString::number(one[QStringLiteral("peakRssKb")].toDouble() / 1024.0, 'f', 0) << " MiB, "
            << qint64(one[QStringLiteral("slices")].toDouble()) << " slices, "
            << QString::number(one[QStringLiteral("unreadBytes")].toDouble() / (1024.0 * 1024.0), 'f', 0)
            << " MiB not read" << (one[QStringLiteral("sought")].toBool() ? ", markers sought" : "")
            << ";  one step / read once " << QString::number(loadMs / readMs, 'f', 2) << Qt::endl;
        if (withNoSeek) {
            if (cold)
                dropCaches();
            const QJsonObject whole
                = bench::runChild({ QStringLiteral("load"), rankDir, QString::number(step), QStringLiteral("noseek") });
            const double wholeMs = whole[QStringLiteral("loadMs")].toDouble();
            out << "         one step --no-seek (every byte read, chunks judged) "
                << QString::number(wholeMs / 1000.0, 'f', 2) << " s, CPU "
                << QString::number(whole[QStringLiteral("cpuMs")].toDouble() / 1000.0, 'f', 2) << " s, peak RSS "
                << QString::number(whole[QStringLiteral("peakRssKb")].toDouble() / 1024.0, 'f', 0) << " MiB, "
                << qint64(whole[QStringLiteral("slices")].toDouble()) << " slices;  / read once "
                << QString::number(wholeMs / readMs, 'f', 2) << Qt::endl;
        }
    }
    return 0;
}
