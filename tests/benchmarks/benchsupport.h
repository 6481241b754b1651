// SPDX-License-Identifier: Apache-2.0
#pragma once

// What every benchmark measures the same way.

#include "load/hugepages.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QProcess>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include <sys/resource.h>

namespace profscope::bench {

// The first thing of every benchmark's main(): memory as the application
// sets it up (app/main.cpp, app/cli/main.cpp), so that its figures are the
// application's. Huge pages where the system offers them on request (a
// restart with the tunable, inherited by the child processes;
// PROFSCOPE_HUGE_PAGES=0 keeps glibc's default pages) and the allocator
// tuned for loading (PROFSCOPE_MALLOC_TUNING=0 keeps glibc's defaults).
inline void startLikeTheApplication(char** argv)
{
    restartWithHugePages(argv);
    tuneAllocator();
}

// The process's peak resident set (VmHWM) in KiB, -1 when unknown. The
// benchmarks load in child processes so that each figure is its own.
inline qint64 peakRssKb()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

// CPU time (user + system) of this process so far, in ms: on a machine shared
// with other builds the wall time is noisy, the CPU time much less so.
inline double cpuMs()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3
        + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
}

// Samples the resident set split into anonymous memory (the model, the
// parser's buffers) and file-backed pages (a mapped input file) every few
// milliseconds, keeping the peak of each and of their sum: VmHWM alone does
// not say how much of a peak was the mapped file, which container memory
// limits count too.
class RssSampler
{
public:
    RssSampler()
        : m_thread([this] {
            while (!m_stop.load()) {
                sample();
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
            }
        })
    {
    }
    ~RssSampler()
    {
        stop();
    }
    void stop()
    {
        if (m_thread.joinable()) {
            m_stop = true;
            m_thread.join();
            sample();
        }
    }
    qint64 peakAnonKb() const
    {
        return m_anon;
    }
    qint64 peakFileKb() const
    {
        return m_file;
    }
    qint64 peakSumKb() const
    {
        return m_sum;
    }

private:
    void sample()
    {
        QFile f(QStringLiteral("/proc/self/status"));
        if (!f.open(QIODevice::ReadOnly))
            return;
        qint64 anon = 0;
        qint64 file = 0;
        for (const QByteArray& line : f.readAll().split('\n')) {
            if (line.startsWith("RssAnon:"))
                anon = line.mid(8).trimmed().split(' ').value(0).toLongLong();
            else if (line.startsWith("RssFile:"))
                file = line.mid(8).trimmed().split(' ').value(0).toLongLong();
        }
        m_anon = std::max(m_anon.load(), anon);
        m_file = std::max(m_file.load(), file);
        m_sum = std::max(m_sum.load(), anon + file);
    }

    std::atomic<qint64> m_anon { 0 };
    std::atomic<qint64> m_file { 0 };
    std::atomic<qint64> m_sum { 0 };
    std::atomic_bool m_stop { false };
    std::thread m_thread;
};

// Environment variables a child gets on top of this process's own.
using ChildEnv = QList<QPair<QString, QString>>;

// Runs this benchmark again as `copies` children at once with `args` (each
// its own process, so its own peak RSS; several at once measure what the
// machine gives independent processes) and returns the JSON object each
// printed last, in start order.
inline QList<QJsonObject> runChildren(const QStringList& args, int copies, const ChildEnv& env = {})
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const auto& [name, value] : env)
        environment.insert(name, value);
    std::vector<std::unique_ptr<QProcess>> children;
    for (int i = 0; i < copies; ++i) {
        children.push_back(std::make_unique<QProcess>());
        children.back()->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        children.back()->setProcessEnvironment(environment);
        children.back()->start(QCoreApplication::applicationFilePath(), args);
    }
    QList<QJsonObject> results;
    for (auto& p : children) {
        p->waitForFinished(-1);
        results << QJsonDocument::fromJson(p->readAllStandardOutput().trimmed().split('\n').last()).object();
    }
    return results;
}

// One child (see runChildren).
inline QJsonObject runChild(const QStringList& args, const ChildEnv& env = {})
{
    return runChildren(args, 1, env).front();
}

} // namespace profscope::bench
