// SPDX-License-Identifier: Apache-2.0
#include "traceparser.h"

#include "boundaryscan.h"
#include "chunkwindow.h"
#include "csvseek.h" // taskSeekSlackNs
#include "inputfile.h"
#include "jsonscan.h"
#include "numbers.h"
#include "tracekernel.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#ifdef Q_OS_UNIX
#include <sys/mman.h>
#include <unistd.h>
#endif

#include <simdjson.h> // simdjson::SIMDJSON_PADDING only

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::TraceParser)
};

} // namespace

bool parseTraceFile(const QString& path, TraceBuilder& builder, FileReport& report, const TraceParseOptions& options)
{
    QElapsedTimer timer;
    timer.start();
    report.path = path;
    auto broken = [&report](const QString& reason, qint64 offset = -1) {
        report.status = FileStatus::Broken;
        report.reason = reason;
        report.byteOffset = offset;
    };
    // A small file is read whole (one open, fstat, read and close), into a
    // buffer padded for simdjson so that its one chunk is decoded in place.
    // A large one is mapped: pages are read as the scanner reaches them and
    // can be dropped by the kernel afterwards, so RSS stays bounded by the
    // chunk. Mapping, releasing and unmapping a small file are three
    // page-table changes, each a TLB shootdown on every core, for a few
    // pages (on 1024 ranks of 60 KB they cost more than reading).
    // mapFromBytes == 0 maps every file: the read only classifies the path
    // (an empty file is read as empty, a folder or FIFO refused).
    const qint64 readUpTo = options.mapFromBytes > 0 ? qint64(options.mapFromBytes) - 1 : 0;
    FileBytes small = readFileBytes(path, qsizetype(simdjson::SIMDJSON_PADDING), readUpTo);
    QFile file(path);
    const char* data = nullptr;
    std::size_t size = 0;
    switch (small.status) {
    case FileBytes::Status::Ok:
        data = small.bytes.constData();
        size = std::size_t(small.bytes.size());
        break;
    case FileBytes::Status::Directory:
        broken(Tr::tr("is a directory, not a trace file"));
        return false;
    case FileBytes::Status::Special:
        broken(specialFileReason(path));
        return false;
    case FileBytes::Status::CannotOpen:
        broken(Tr::tr("cannot open: %1").arg(small.error));
        return false;
    case FileBytes::Status::ReadError:
        broken(Tr::tr("cannot read: %1").arg(small.error));
        return false;
    case FileBytes::Status::TooLarge: // a regular file: mapped
        if (!file.open(QIODevice::ReadOnly)) {
            broken(Tr::tr("cannot open: %1").arg(file.errorString()));
            return false;
        }
        size = std::size_t(file.size());
        data = size > 0 ? reinterpret_cast<const char*>(file.map(0, qint64(size))) : nullptr;
        if (!data && size > 0) { // a file system that cannot map: read it whole
            small = readFileBytes(path, qsizetype(simdjson::SIMDJSON_PADDING));
            if (!small.ok()) {
                broken(Tr::tr("cannot read: %1").arg(small.error));
                return false;
            }
            data = small.bytes.constData();
            size = std::size_t(small.bytes.size());
        }
        break;
    }
    report.sizeBytes = qint64(size);
    if (size == 0) {
        broken(Tr::tr("empty file"), 0);
        return false;
    }
    // Mapped unless read whole into small.bytes (padded, and this
    // function's own: a chunk can be decoded in place, see decode).
    const bool mapped = small.bytes.isNull();
    char* ownBytes = mapped ? nullptr : small.bytes.data();
    // Parsed events live in the model; the file's pages behind them can go.
    // Only for the mapping: on the read-all fallback the bytes are the heap.
    std::size_t releasedTo = 0;
    auto releaseUpTo = [&](std::size_t upTo) {
#ifdef Q_OS_UNIX
        static const std::size_t pageBytes = std::size_t(sysconf(_SC_PAGESIZE));
        const std::size_t end = upTo - upTo % pageBytes;
        if (!mapped || !options.releaseParsedPages || end <= releasedTo)
            return;
        madvise(const_cast<char*>(data) + releasedTo, end - releasedTo, MADV_DONTNEED);
        releasedTo = end;
#else
        Q_UNUSED(upTo);
#endif
    };

    // Locate the events array: a bare array, or {"traceEvents": [...], ...}.
    std::size_t pos = 0;
    if (size >= 3 && std::memcmp(data, "\xEF\xBB\xBF", 3) == 0)
        pos = 3;
    while (pos < size && isJsonSpace(data[pos]))
        ++pos;
    if (pos >= size || (data[pos] != '[' && data[pos] != '{')) {
        broken(Tr::tr("not a JSON trace: expected '[' or '{' at byte %1").arg(pos), qint64(pos));
        return false;
    }
    const bool topObject = data[pos] == '{';
    if (topObject) {
        ++pos;
        bool found = false;
        while (pos < size) {
            while (pos < size && (isJsonSpace(data[pos]) || data[pos] == ','))
                ++pos;
            if (pos >= size || data[pos] != '"')
                break;
            const std::size_t keyStart = pos + 1;
            const std::size_t keyEnd = skipJsonValue(data, size, pos);
            if (keyEnd == std::string::npos)
                break;
            const std::string_view key(data + keyStart, keyEnd - keyStart - 1);
            pos = keyEnd;
            while (pos < size && (isJsonSpace(data[pos]) || data[pos] == ':'))
                ++pos;
            if (key == "traceEvents" && pos < size && data[pos] == '[') {
                found = true;
                break;
            }
            pos = skipJsonValue(data, size, pos);
            if (pos == std::string::npos)
                break;
        }
        if (!found) {
            broken(Tr::tr("no \"traceEvents\" array in the top-level object"), qint64(std::min(pos, size)));
            return false;
        }
    }
    ++pos; // past '['
    const std::size_t arrayBegin = pos;
    const std::uint32_t fileIndex = builder.addSourceFile(QFileInfo(path).absoluteFilePath());
    const qint64 eventsBefore = builder.stats().totalEvents;

    // Partial import of a large file: the stretches the probes show to lie
    // wholly outside the window are not read at all (traceseek.h). That
    // pass fills a builder of its own, merged only when every cut after a
    // skipped stretch proved right; when one did not (it failed to parse,
    // or the scan from it met the array's end too soon), the file is read
    // again whole, as if there had been no seek.
    TraceSeekPlan seek;
    if (builder.isWindowed() && options.skipChunksOutsideWindow && options.seekOutsideWindow) {
        TraceSeekOptions probing = options.seekProbes;
        probing.mapped = mapped;
        seek = planTraceSeek(data, arrayBegin, size, builder.window(), taskSeekSlackNs(builder.window()), probing,
                             options.seekKnownProbes);
    }
    TraceBuilder seekBuilder { true };
    if (!seek.gaps.empty())
        seekBuilder.setWindow(builder.window());
    // Whether the ']' at `at` closes the events array: nothing but blanks
    // follows (a bare array), or the top-level object goes on or closes.
    auto isArrayEnd = [&](std::size_t at) {
        std::size_t p = at + 1;
        while (p < size && isJsonSpace(data[p]))
            ++p;
        if (!topObject)
            return p == size;
        if (p < size && data[p] == ',') {
            p = skipEventSeparators(data, size, p);
            return p < size && data[p] == '"';
        }
        if (p >= size || data[p] != '}')
            return false;
        for (++p; p < size && isJsonSpace(data[p]);)
            ++p;
        return p == size;
    };

    // Chunks are cut by the scanner on this thread, decoded by `threads`
    // workers (each with its own simdjson parser and partial builder) and
    // merged here in file order, so B/E pairs and metadata behave exactly
    // as in one sequential pass. Small files and threads == 1 skip the pool.
    struct Job
    {
        std::size_t begin = 0; // first byte of the first event
        std::size_t end = 0;   // one past the last event's closing brace
        bool speculative = false;
        // Partial import: judged by the worker first (chunkOutsideWindow),
        // and not decoded when all its events lie outside the window.
        bool judge = false;
        bool outside = false;
        // Cut after a stretch the seek skipped: one that does not parse
        // means the probes were fooled (the pass is dropped, not the file).
        bool afterJump = false;
        TraceBuilder partial { true };
        // Decoded straight into the target builder, not into `partial`: an
        // exact chunk decoded on the merging thread in file order, where the
        // merge would only replay the same sequential pass (a small rank's
        // one chunk was a fifth of its trace's cost in copies and merging).
        TraceBuilder* into = nullptr;
        bool done = false;
        bool ok = true;
        const char* error = "";
        std::size_t errorOffset = 0;
    };
    int threads = options.threads > 0 ? options.threads : int(std::thread::hardware_concurrency());
    if (size < 4 * options.chunkBytes)
        threads = 1;
    threads = std::clamp(threads, 1, 16);

    // A chunk of a mapped file is read into the decoding buffer with pread,
    // not copied from the mapping: the copy first-touched every page of the
    // mapping (a fault each) and those pages then had to be released
    // behind the parse; pread copies from the page cache with neither.
    // 512 MiB into a reused buffer: 0.10 s, against 0.27 s mapped, copied
    // and released. The mapping stays for the scanner's few reads around
    // each cut (and for exact scans).
    auto readMappedBytes = [&](char* to, std::size_t offset, std::size_t length) {
#ifdef Q_OS_UNIX
        const int fd = mapped ? file.handle() : -1;
        if (fd < 0)
            return false;
        while (length > 0) {
            const ssize_t n = pread(fd, to, length, off_t(offset));
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                return false; // the mapping's bytes then (an error or a file that shrank)
            to += n;
            offset += std::size_t(n);
            length -= std::size_t(n);
        }
        return true;
#else
        Q_UNUSED(to);
        Q_UNUSED(offset);
        Q_UNUSED(length);
        return false;
#endif
    };

    // inPlace (one thread only, nobody else reads the bytes meanwhile): a
    // chunk of a file read whole is decoded where it lies, its two bounding
    // bytes set to '[' and ']' for the parse and restored after it; a
    // small rank's trace is then neither copied nor zero-filled again.
    auto decode = [&](TraceChunkParser& parser, std::vector<char>& buffer, std::vector<std::size_t>& keys, Job& job,
                      bool inPlace) {
        const std::size_t length = job.end - job.begin;
        if (job.judge && chunkOutsideWindow(data + job.begin, length, builder.window(), keys)) {
            job.outside = true;
            return;
        }
        TraceBuilder& into = job.into ? *job.into : job.partial;
        // job.begin >= 1: the array's '[' comes first. job.end < size: the
        // padding must follow the ']' written at job.end.
        if (inPlace && ownBytes && job.begin >= 1 && job.end < size) {
            char* first = ownBytes + job.begin - 1;
            char* last = ownBytes + job.end;
            const char savedFirst = *first;
            const char savedLast = *last;
            *first = '[';
            *last = ']';
            const std::size_t capacity = size + simdjson::SIMDJSON_PADDING - (job.begin - 1);
            job.ok = parser.parse(into, first, length + 2, capacity, job.begin, job.error, job.errorOffset);
            *first = savedFirst;
            *last = savedLast;
            return;
        }
        buffer.resize(length + 2 + simdjson::SIMDJSON_PADDING);
        buffer[0] = '[';
        if (!readMappedBytes(buffer.data() + 1, job.begin, length))
            std::memcpy(buffer.data() + 1, data + job.begin, length);
        buffer[length + 1] = ']';
        std::memset(buffer.data() + length + 2, ' ', simdjson::SIMDJSON_PADDING);
        job.ok = parser.parse(into, buffer.data(), length + 2, buffer.size(), job.begin, job.error, job.errorOffset);
    };

    bool ok = true;
    bool canceled = false;
    qint64 skippedChunkBytes = 0; // partial import: chunks with no event in the window
    qint64 unreadBytes = 0;       // partial import: stretches the seek skipped
    qint64 seekRetriedAt = -1;    // the byte where a cut after a skipped stretch proved wrong
    for (int pass = 0; pass < 2; ++pass) {
        const bool seeking = pass == 0 && !seek.gaps.empty();
        if (pass == 1 && seekRetriedAt < 0)
            break;
        TraceBuilder& target = seeking ? seekBuilder : builder;
        const qint64 targetBefore = target.stats().totalEvents;
        pos = arrayBegin;
        ok = true;
        skippedChunkBytes = unreadBytes = 0;
        releasedTo = 0;

        std::mutex mutex;
        std::condition_variable wake;
        std::deque<std::unique_ptr<Job>> jobs; // cut, not yet merged, in file order
        std::size_t nextToDecode = 0;          // index into jobs of the next job a worker takes
        bool stop = false;
        std::vector<std::thread> workers;
        if (threads > 1) {
            for (int w = 0; w < threads; ++w) {
                workers.emplace_back([&] {
                    std::unique_ptr<TraceChunkParser> parser(makeTraceChunkParser(fileIndex));
                    std::vector<char> buffer;
                    std::vector<std::size_t> keys;
                    std::unique_lock lock(mutex);
                    while (true) {
                        wake.wait(lock, [&] { return stop || nextToDecode < jobs.size(); });
                        if (stop)
                            return;
                        Job* job = jobs[nextToDecode++].get();
                        lock.unlock();
                        decode(*parser, buffer, keys, *job, false);
                        lock.lock();
                        job->done = true;
                        wake.notify_all();
                    }
                });
            }
        }
        std::unique_ptr<TraceChunkParser> serialParser;
        std::vector<char> serialBuffer;

        bool failed = false;             // a chunk had a real syntax error: merged up to it, the rest dropped
        bool seekFailed = false;         // a cut after a skipped stretch was wrong: this pass is dropped
        std::size_t resyncAt = SIZE_MAX; // a speculative cut was wrong: cut again exactly from here
        // Drops every job not merged yet, once the workers are done with the
        // ones they took (mutex held).
        auto dropPending = [&](std::unique_lock<std::mutex>& lock) {
            const std::size_t taken = nextToDecode;
            nextToDecode = jobs.size(); // nobody takes the rest
            wake.wait(lock, [&] {
                for (std::size_t i = 0; i < taken; ++i)
                    if (!jobs[i]->done)
                        return false;
                return true;
            });
            jobs.clear();
            nextToDecode = 0;
        };
        // Merges finished jobs at the front in order; with `wait`, blocks until
        // the front job is done and merges at least it.
        auto mergeReady = [&](bool wait) {
            std::unique_lock lock(mutex);
            while (!jobs.empty() && !failed && !seekFailed && resyncAt == SIZE_MAX) {
                if (!jobs.front()->done) {
                    if (!wait)
                        return;
                    wake.wait(lock, [&] { return jobs.front()->done; });
                }
                std::unique_ptr<Job> job = std::move(jobs.front());
                jobs.pop_front();
                --nextToDecode;
                if (!job->ok && (job->speculative || job->afterJump)) {
                    // The guessed cut fell inside a string or a nested object:
                    // drop this job and everything after it, then re-cut
                    // exactly from it; after a seek's jump, read again whole.
                    if (job->speculative)
                        resyncAt = job->begin;
                    else {
                        seekFailed = true;
                        seekRetriedAt = qint64(job->errorOffset);
                    }
                    dropPending(lock);
                    return;
                }
                lock.unlock();
                if (job->outside)
                    skippedChunkBytes += qint64(job->end - job->begin);
                else if (!job->into)
                    target.merge(std::move(job->partial));
                releaseUpTo(job->end); // the page holding job->end stays: the next job starts in it
                if (!job->ok) {
                    failed = true;
                    broken(Tr::tr("invalid JSON (%1) at byte %2; %3 events before it were loaded")
                               .arg(QString::fromUtf8(job->error))
                               .arg(job->errorOffset)
                               .arg(target.stats().totalEvents - targetBefore),
                           qint64(job->errorOffset));
                    ok = false;
                }
                lock.lock();
                if (wait)
                    return;
            }
        };
        auto pending = [&] {
            std::lock_guard lock(mutex);
            return jobs.size();
        };
        // The seek was fooled at `at`: the jobs in flight are dropped, and
        // the loop below ends; the next pass reads the file whole.
        auto seekWrong = [&](std::size_t at) {
            std::unique_lock lock(mutex);
            seekFailed = true;
            seekRetriedAt = qint64(at);
            dropPending(lock);
        };

        // The array never closed: a truncated file (a crashed or killed profiler).
        // `lastEnd` is just past the last complete event.
        auto truncated = [&](std::size_t lastEnd) {
            const std::size_t at = skipEventSeparators(data, size, lastEnd);
            broken(Tr::tr("file ends before the events array is closed (truncated?) at byte %1; %2 complete "
                          "events before it were loaded")
                       .arg(at)
                       .arg(target.stats().totalEvents - targetBefore),
                   qint64(at));
            ok = false;
        };
        bool forceExact = false;
        // A wrong speculative cut was found: cut again, exactly, from where it began.
        auto resync = [&] {
            if (resyncAt == SIZE_MAX)
                return false;
            pos = resyncAt;
            resyncAt = SIZE_MAX;
            forceExact = true;
            return true;
        };
        std::size_t nextGap = 0;     // seek.gaps[0, nextGap) were skipped
        bool firstAfterJump = false; // the next chunk begins where a jump landed
        std::vector<std::size_t> keyScratch;
        while (!failed && !seekFailed) {
            // Cut the next chunk. Fast path: guess the first "}, {" after
            // chunkBytes; a wrong guess cannot parse (odd quotes or unbalanced
            // brackets) and is redone with the exact scanner. Near the end of
            // the array, and after a wrong guess, scan exactly.
            std::size_t boundary = pos;
            auto stopAt = BoundaryStop::ChunkFull;
            bool speculative = false;
            // Skipping chunks undecoded (chunkOutsideWindow) needs exact cuts:
            // a wrong guess is only found by decoding.
            if (!forceExact && (!builder.isWindowed() || !options.skipChunksOutsideWindow)
                && pos + options.chunkBytes < size) {
                const std::size_t cut = speculativeEventCut(data, size, pos + options.chunkBytes);
                if (cut != std::string::npos) {
                    boundary = cut;
                    speculative = true;
                }
            }
            forceExact = false;
            // The next skipped stretch bounds the scan: its first byte is
            // just past an event, where a chunk must end.
            const std::size_t limit = seeking && nextGap < seek.gaps.size() ? seek.gaps[nextGap].from : size;
            bool jump = false;
            std::size_t scanPos = pos; // between two events
            if (!speculative) {
                stopAt = scanEventBoundaries(data, limit, scanPos, options.chunkBytes, boundary);
                if (limit < size && stopAt == BoundaryStop::EndOfData) {
                    if (boundary != limit) {
                        seekWrong(limit); // a probe's end was not an event's
                        break;
                    }
                    jump = true; // the events before the stretch are all cut: skip it
                    stopAt = BoundaryStop::ChunkFull;
                }
            }
            const std::size_t begin = std::min(skipEventSeparators(data, boundary, pos), boundary);
            if (boundary > begin) {
                auto job = std::make_unique<Job>();
                if (builder.isWindowed())
                    job->partial.setWindow(builder.window());
                job->begin = begin;
                job->end = boundary;
                job->speculative = speculative;
                // Skipping chunks undecoded needs exact cuts (above); the
                // workers judge them, so that the judging runs on every core
                // while this thread cuts.
                job->judge = builder.isWindowed() && options.skipChunksOutsideWindow && !speculative;
                job->afterJump = nextGap > 0;
                if (firstAfterJump) {
                    job->judge = false; // decoded, so that a wrong landing is found at once
                    firstAfterJump = false;
                }
                if (threads > 1) {
                    {
                        std::lock_guard lock(mutex);
                        jobs.push_back(std::move(job));
                    }
                    wake.notify_all();
                    // Bound memory: at most two chunks per worker in flight.
                    while (!failed && !seekFailed && resyncAt == SIZE_MAX && pending() > std::size_t(2 * threads))
                        mergeReady(true);
                    mergeReady(false);
                } else {
                    if (!serialParser)
                        serialParser.reset(makeTraceChunkParser(fileIndex));
                    // Not a guessed cut (a wrong one is dropped, which events
                    // already in the target could not be), nor one judged, nor
                    // one of a seeking pass (it may be dropped; every chunk
                    // after a jump is in one).
                    if (!job->speculative && !job->judge && !seeking)
                        job->into = &target;
                    decode(*serialParser, serialBuffer, keyScratch, *job, true);
                    job->done = true;
                    jobs.push_back(std::move(job));
                    nextToDecode = jobs.size(); // keep the worker bookkeeping consistent
                    mergeReady(true);
                }
            }
            if (resync())
                continue;
            if (failed || seekFailed)
                break;
            if (jump) {
                const TraceGap& gap = seek.gaps[nextGap++];
                unreadBytes += qint64(gap.to - gap.from);
                pos = gap.to;
                firstAfterJump = true;
                continue;
            }
            if (stopAt != BoundaryStop::ChunkFull) {
                // The array closed (ArrayEnd) or the data ran out (EndOfData: a
                // file truncated by a crashed or killed profiler). Merge what the
                // workers still decode; a wrong guess found now is cut again,
                // exactly, from where it began.
                while (!failed && !seekFailed && resyncAt == SIZE_MAX && pending() > 0)
                    mergeReady(true);
                if (resync())
                    continue;
                // After a jump, the end must be the real one: a landing
                // inside a nested array meets that array's ']' (or the
                // file's end) instead.
                if (!failed && !seekFailed && nextGap > 0
                    && (stopAt == BoundaryStop::EndOfData || !isArrayEnd(scanPos))) {
                    seekWrong(scanPos);
                    break;
                }
                if (!failed && !seekFailed && stopAt == BoundaryStop::EndOfData)
                    truncated(boundary);
                break;
            }
            pos = boundary;
            if (options.progress && !options.progress(double(boundary) / double(size))) {
                canceled = true;
                break;
            }
        }
        {
            std::lock_guard lock(mutex);
            stop = true;
        }
        wake.notify_all();
        for (auto& w : workers)
            w.join();
        if (seekFailed && !canceled) {
            // Read again whole, with a clean report.
            report.status = FileStatus::Used;
            report.reason.clear();
            report.byteOffset = -1;
            continue;
        }
        if (seeking)
            builder.merge(std::move(seekBuilder));
        break;
    }
    if (canceled) {
        report.status = FileStatus::Skipped;
        report.reason = Tr::tr("canceled");
        report.byteOffset = qint64(pos);
        ok = false;
    }

    const qint64 events = builder.stats().totalEvents - eventsBefore;
    builder.stats().bytes += qint64(size);
    if (ok) {
        report.status = FileStatus::Used;
        report.reason.clear();
    }
    report.addCount(QStringLiteral("events"), events);
    if (skippedChunkBytes + unreadBytes > 0)
        report.addCount(QStringLiteral("skippedBytes"), skippedChunkBytes + unreadBytes);
    if (seek.probes > 0) {
        // Why a seek skipped little: probes that read no ordinary events
        // (metadata, B/E, unreadable) break the chains of agreeing ones.
        report.addCount(QStringLiteral("seekProbes"), seek.probes);
        report.addCount(QStringLiteral("seekProbesRead"), seek.validProbes);
    }
    if (unreadBytes > 0)
        report.addCount(QStringLiteral("unreadBytes"), unreadBytes);
    if (seekRetriedAt >= 0)
        report.addCount(QStringLiteral("seekRetriedAtByte"), seekRetriedAt);
    report.parseMs = double(timer.nsecsElapsed()) / 1e6;
    if (options.progress)
        options.progress(1.0);
    return events > 0 || ok;
}

} // namespace profscope
