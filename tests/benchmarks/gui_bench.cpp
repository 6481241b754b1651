// SPDX-License-Identifier: Apache-2.0
// How long the GUI's event loop is blocked while a wide cluster (1024 small
// generated ranks) loads, every page is visited and the step is switched:
// an event-loop latency probe (a 1 ms timer; the longest gap between two of
// its ticks, minus the interval, is the longest time the window could not
// react). Baseline in the same run: the same session with the analyses run
// synchronously on the GUI thread, as before the analysis service.
//
//   profscope-gui-bench [--ranks 1024] [--steps 3] [--keep DIR]
//   (offscreen: QT_QPA_PLATFORM=offscreen is set when no display is given)
#include "benchsupport.h"
#include "analysis/analysisservice.h"
#include "generate/clustergenerator.h"
#include "loadcontroller.h"
#include "mainwindow.h"

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <ctime>

using namespace profscope;

namespace {

// Records the longest gap between ticks of a 1 ms timer, per phase.
class LatencyProbe : public QObject
{
public:
    LatencyProbe()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(1);
        QObject::connect(&m_timer, &QTimer::timeout, this, [this] {
            const qint64 now = m_clock.nsecsElapsed();
            // The GUI thread's own CPU time between two ticks: on a shared machine a long
            // wall-clock block is often the thread waiting for a core; this part is not.
            const qint64 cpuNs = threadCpuNs();
            // PROFSCOPE_GUI_BENCH_GAPS=MS: print each block longer than MS (or of more than MS/2
            // of CPU) with its CLOCK_MONOTONIC span, to match against `perf record -k CLOCK_MONOTONIC`.
            if (m_logAboveNs > 0 && (now - m_lastNs > m_logAboveNs || cpuNs - m_lastCpuNs > m_logAboveNs / 2)) {
                timespec ts {};
                clock_gettime(CLOCK_MONOTONIC, &ts);
                const double endS = double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
                std::fprintf(stderr, "gap %.6f %.6f %.1f ms (GUI thread CPU %.1f ms)\n",
                    endS - double(now - m_lastNs) / 1e9, endS, double(now - m_lastNs) / 1e6,
                    double(cpuNs - m_lastCpuNs) / 1e6);
            }
            m_worstNs = std::max(m_worstNs, now - m_lastNs);
            m_lastNs = now;
            m_worstCpuNs = std::max(m_worstCpuNs, cpuNs - m_lastCpuNs);
            m_lastCpuNs = cpuNs;
        });
        m_logAboveNs = qEnvironmentVariableIntValue("PROFSCOPE_GUI_BENCH_GAPS") * qint64(1000000);
        m_clock.start();
        m_timer.start();
    }
    void reset(const char* phase = nullptr)
    {
        if (m_logAboveNs > 0 && phase) {
            timespec ts {};
            clock_gettime(CLOCK_MONOTONIC, &ts);
            std::fprintf(stderr, "phase %.6f %s\n", double(ts.tv_sec) + double(ts.tv_nsec) / 1e9, phase);
        }
        m_lastNs = m_clock.nsecsElapsed();
        m_worstNs = 0;
        m_lastCpuNs = threadCpuNs();
        m_worstCpuNs = 0;
    }
    double worstMs() const
    {
        return double(std::max<qint64>(0, m_worstNs - 1000000)) / 1e6;
    }

    // The most CPU time the GUI thread spent between two ticks (ms).
    double worstCpuMs() const
    {
        return double(m_worstCpuNs) / 1e6;
    }

private:
    static qint64 threadCpuNs()
    {
        timespec ts {};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
    }

    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastNs = 0;
    qint64 m_worstNs = 0;
    qint64 m_logAboveNs = 0;
    qint64 m_lastCpuNs = 0;
    qint64 m_worstCpuNs = 0;
};

void spin(int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
}

// Spins until `done` or the timeout; false on timeout.
template <typename Done> bool spinUntil(Done&& done, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
    return true;
}

// Child: one GUI session on PATH; prints a JSON object with the worst block
// per phase. `synchronous` = the baseline (analyses on the GUI thread).
int childSession(const QString& path, bool synchronous)
{
    AnalysisService::setSynchronousForBenchmark(synchronous);
    // Every session parses: the trace cache would make the second child's load differ from the
    // first's, and its writes are no part of what the window does on the GUI thread.
    LoadController::setCacheEnabled(false);
    MainWindow window;
    // The baseline is the code path before the service: nothing prepared in the load job either.
    LoadOptions options;
    if (!synchronous)
        options.prepare = prepareAnalyses;
    window.loadController()->setOptions(options);
    window.resize(1280, 800);
    window.show();
    LatencyProbe probe;
    spin(200);

    QElapsedTimer wall;
    wall.start();
    probe.reset("load");
    bool finished = false;
    QObject::connect(window.loadController(), &LoadController::finished, &window, [&] { finished = true; });
    window.openPaths({ path });
    if (!spinUntil([&] { return finished; }, 600000))
        return 2;
    spin(300);
    const double loadMs = probe.worstMs();
    const double loadCpuMs = probe.worstCpuMs();
    const qint64 loadWallMs = wall.elapsed();

    probe.reset();
    wall.restart();
    double pagesWorst = 0;
    double pagesWorstCpu = 0;
    QJsonObject perPage;
    for (int i = 0; i < MainWindow::kPageCount; ++i) {
        probe.reset(qPrintable(QStringLiteral("page %1").arg(i)));
        window.showPage(MainWindow::Page(i));
        // A page is "visited" once its results arrived: wait for the service to go idle.
        spinUntil([] { return AnalysisService::instance()->idle(); }, 120000);
        spin(100);
        perPage.insert(QString::number(i), probe.worstMs());
        pagesWorst = std::max(pagesWorst, probe.worstMs());
        pagesWorstCpu = std::max(pagesWorstCpu, probe.worstCpuMs());
    }
    const qint64 pagesWallMs = wall.elapsed();

    window.showPage(MainWindow::Page::Overview);
    spinUntil([] { return AnalysisService::instance()->idle(); }, 120000);
    double stepsWorst = 0;
    double stepsWorstCpu = 0;
    QComboBox* steps = window.stepCombo();
    wall.restart();
    for (int round = 0; round < 2; ++round)
        for (int row = 1; row < steps->count(); ++row) {
            probe.reset("step");
            steps->setCurrentIndex(row);
            spinUntil([] { return AnalysisService::instance()->idle(); }, 120000);
            spin(50);
            stepsWorst = std::max(stepsWorst, probe.worstMs());
            stepsWorstCpu = std::max(stepsWorstCpu, probe.worstCpuMs());
        }
    const qint64 stepsWallMs = wall.elapsed();

    const QJsonObject result { { QStringLiteral("loadWorstMs"), loadMs },
        { QStringLiteral("loadWallMs"), double(loadWallMs) }, { QStringLiteral("pagesWorstMs"), pagesWorst },
        { QStringLiteral("pagesWallMs"), double(pagesWallMs) }, { QStringLiteral("stepsWorstMs"), stepsWorst },
        { QStringLiteral("stepsWallMs"), double(stepsWallMs) }, { QStringLiteral("perPage"), perPage },
        { QStringLiteral("loadWorstCpuMs"), loadCpuMs }, { QStringLiteral("pagesWorstCpuMs"), pagesWorstCpu },
        { QStringLiteral("stepsWorstCpuMs"), stepsWorstCpu },
        { QStringLiteral("peakRssKb"), double(bench::peakRssKb()) } };
    std::printf("%s\n", QJsonDocument(result).toJson(QJsonDocument::Compact).constData());
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    profscope::bench::startLikeTheApplication(argv);
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() >= 3 && args[1] == QLatin1String("--child"))
        return childSession(args[2], args.value(3) == QLatin1String("sync"));

    int ranks = 1024;
    int stepCount = 3;
    QString keep;
    for (int i = 1; i + 1 < args.size(); ++i) {
        if (args[i] == QLatin1String("--ranks"))
            ranks = args[++i].toInt();
        else if (args[i] == QLatin1String("--steps"))
            stepCount = args[++i].toInt();
        else if (args[i] == QLatin1String("--keep"))
            keep = args[++i];
    }
    QTextStream out(stdout);
    QTemporaryDir tmp;
    const QString dir = keep.isEmpty() ? tmp.path() + QStringLiteral("/cluster") : keep;
    if (!QFileInfo::exists(dir + QStringLiteral("/.complete"))) {
        GeneratorOptions options;
        options.ranks = ranks;
        options.steps = stepCount;
        options.ops = 10;
        options.slowRank = ranks > 2 ? 1 : -1;
        options.force = true;
        QString error;
        QElapsedTimer t;
        t.start();
        if (!generateCluster(dir, options, &error)) {
            out << "generate failed: " << error << Qt::endl;
            return 1;
        }
        QFile(dir + QStringLiteral("/.complete")).open(QIODevice::WriteOnly);
        out << "generated " << ranks << " ranks x " << stepCount << " steps in "
            << QString::number(t.elapsed() / 1000.0, 'f', 1) << " s" << Qt::endl;
    }
    out << "GUI event loop blocked (longest, ms) on " << ranks << " ranks; 1 ms latency probe" << Qt::endl;
    const QJsonObject before = bench::runChild({ QStringLiteral("--child"), dir, QStringLiteral("sync") });
    const QJsonObject after = bench::runChild({ QStringLiteral("--child"), dir, QStringLiteral("async") });
    auto row = [&](const char* label, const char* key, const char* wallKey) {
        out << QStringLiteral("  %1  %2 ms  (baseline, analyses on the GUI thread: %3 ms)   wall %4 s (baseline %5 s)")
                   .arg(QString::fromLatin1(label).leftJustified(26))
                   .arg(after.value(QLatin1String(key)).toDouble(), 8, 'f', 1)
                   .arg(before.value(QLatin1String(key)).toDouble(), 8, 'f', 1)
                   .arg(after.value(QLatin1String(wallKey)).toDouble() / 1000.0, 0, 'f', 1)
                   .arg(before.value(QLatin1String(wallKey)).toDouble() / 1000.0, 0, 'f', 1)
            << Qt::endl;
    };
    row("load", "loadWorstMs", "loadWallMs");
    row("visit every page", "pagesWorstMs", "pagesWallMs");
    row("switch steps (2 rounds)", "stepsWorstMs", "stepsWallMs");
    out << "  worst page (ms, service / baseline):";
    const QJsonObject pa = after.value(QLatin1String("perPage")).toObject();
    const QJsonObject pb = before.value(QLatin1String("perPage")).toObject();
    for (int i = 0; i < MainWindow::kPageCount; ++i)
        out << ' ' << i << '=' << QString::number(pa.value(QString::number(i)).toDouble(), 'f', 0) << '/'
            << QString::number(pb.value(QString::number(i)).toDouble(), 'f', 0);
    out << Qt::endl
        << "  peak RSS " << qint64(after.value(QLatin1String("peakRssKb")).toDouble()) / 1024 << " MiB (baseline "
        << qint64(before.value(QLatin1String("peakRssKb")).toDouble()) / 1024 << " MiB)" << Qt::endl;
    return after.isEmpty() || before.isEmpty() ? 1 : 0;
}
